/* mm-pg-calls.c
 *
 * Copyright 2026 The Monomachia authors
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
 * GNU General Public License for more details.
 *
 * You should have received a copy of the GNU General Public License
 * along with this program.  If not, see <https://www.gnu.org/licenses/>.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

/* The store's calls that wait for the database (mm_store_call_async():
 * a log-in's account, a session's row, the archive): a few lanes, each
 * a thread running its calls one at a time in the order they came,
 * with the store's blocking statements on a connection of its own, so
 * that the main loop serves everyone meanwhile and one slow statement
 * holds up only the calls of its lane.  The calls of one order (a
 * player's key) go to one lane, and keep their order.  The moves and
 * the other writes nothing waits for go on the pipeline (mm-pg-moves.c)
 * instead. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-pg-store-private.h"

struct _MmPgLane
{
  MmPgStore   *store;
  GThreadPool *thread;
  /* The lane's own connection: its thread's alone */
  MmPgStore   *conn_store;
};

typedef struct
{
  MmStoreCall  call;
  gpointer     data;
  GTask       *task;
} Call;

/* The lane's connection, made on its thread when first needed and
 * again after it failed to be made. */
static MmPgStore *
lane_store (MmPgLane  *lane,
            GError   **error)
{
  if (lane->conn_store == NULL)
    lane->conn_store = mm_pg_store_connect (lane->store->conninfo, error);
  return lane->conn_store;
}

static void
run_in_thread (gpointer item,
               gpointer user_data)
{
  Call *call = item;
  MmPgLane *lane = user_data;
  MmPgStore *self = lane->store;
  GError *error = NULL;
  MmPgStore *store;

  if (g_atomic_int_get (&self->calls_stopping))
    g_set_error (&error, G_IO_ERROR, G_IO_ERROR_CLOSED,
                 /* Translators: why a database statement was not run */
                 _("The server is closing its database."));
  else if ((store = lane_store (lane, &error)) != NULL)
    {
      if (call->call (MM_STORE (store), call->data, &error))
        g_task_return_boolean (call->task, TRUE);
      else if (error == NULL)
        mm_store_set_unsaid_error (&error);
    }
  if (error != NULL)
    g_task_return_error (call->task, error);
  g_object_unref (call->task);
  g_free (call);
}

static MmPgLane *
lane_of (MmPgStore  *self,
         const char *order)
{
  guint index = order != NULL ? g_str_hash (order) % MM_PG_N_LANES
                              : self->next_lane++ % MM_PG_N_LANES;
  MmPgLane *lane;

  if (self->lanes == NULL)
    self->lanes = g_new0 (MmPgLane, MM_PG_N_LANES);
  lane = &self->lanes[index];

  /* One thread a lane: its calls keep their order, and its connection
   * is used by one thread at a time. */
  if (lane->thread == NULL)
    {
      lane->store = self;
      lane->thread = g_thread_pool_new (run_in_thread, lane, 1, FALSE, NULL);
    }
  return lane;
}

void
mm_pg_run_call (MmStore     *store,
                const char  *order,
                MmStoreCall  call,
                gpointer     data,
                GTask       *task)
{
  MmPgStore *self = MM_PG_STORE (store);
  Call *item = g_new (Call, 1);

  item->call = call;
  item->data = data;
  item->task = g_object_ref (task);
  g_thread_pool_push (lane_of (self, order)->thread, item, NULL);
}

/* The calls still waiting fail, those running end, and the lanes'
 * connections go. */
void
mm_pg_calls_stop (MmPgStore *self)
{
  if (self->lanes == NULL)
    return;
  g_atomic_int_set (&self->calls_stopping, TRUE);
  for (guint i = 0; i < MM_PG_N_LANES; i++)
    {
      MmPgLane *lane = &self->lanes[i];

      if (lane->thread == NULL)
        continue;
      g_thread_pool_free (g_steal_pointer (&lane->thread), FALSE, TRUE);
      g_clear_object (&lane->conn_store);
    }
  g_clear_pointer (&self->lanes, g_free);
}
