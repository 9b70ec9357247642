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
 * a log-in's account, a session's row, a profile): one thread runs
 * them, one at a time in the order they were made, with the store's
 * blocking statements on a connection of its own, so that the main
 * loop serves everyone meanwhile.  The moves and the other writes
 * nothing waits for go on the pipeline (mm-pg-moves.c) instead. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-pg-store-private.h"

typedef struct
{
  MmStoreCall  call;
  gpointer     data;
  GTask       *task;
} Call;

/* The calls' own connection, made on their thread when first needed
 * and again after it failed to be made. */
static MmPgStore *
calls_store (MmPgStore  *self,
             GError    **error)
{
  if (self->calls_store == NULL)
    self->calls_store = mm_pg_store_connect (self->conninfo, error);
  return self->calls_store;
}

static void
run_in_thread (gpointer item,
               gpointer user_data)
{
  Call *call = item;
  MmPgStore *self = user_data;
  GError *error = NULL;
  MmPgStore *store;

  if (g_atomic_int_get (&self->calls_stopping))
    g_set_error (&error, G_IO_ERROR, G_IO_ERROR_CLOSED,
                 /* Translators: why a database statement was not run */
                 _("The server is closing its database."));
  else if ((store = calls_store (self, &error)) != NULL
           && call->call (MM_STORE (store), call->data, &error))
    g_task_return_boolean (call->task, TRUE);
  if (error != NULL)
    g_task_return_error (call->task, error);
  g_object_unref (call->task);
  g_free (call);
}

void
mm_pg_run_call (MmStore     *store,
                MmStoreCall  call,
                gpointer     data,
                GTask       *task)
{
  MmPgStore *self = MM_PG_STORE (store);
  Call *item = g_new (Call, 1);

  /* One thread: the calls keep their order, and the connection is used
   * by one thread at a time. */
  if (self->calls == NULL)
    self->calls = g_thread_pool_new (run_in_thread, self, 1, FALSE, NULL);
  item->call = call;
  item->data = data;
  item->task = g_object_ref (task);
  g_thread_pool_push (self->calls, item, NULL);
}

/* The calls still waiting fail, the one running ends, and the calls'
 * connection goes. */
void
mm_pg_calls_stop (MmPgStore *self)
{
  if (self->calls == NULL)
    return;
  g_atomic_int_set (&self->calls_stopping, TRUE);
  g_thread_pool_free (g_steal_pointer (&self->calls), FALSE, TRUE);
  g_clear_object (&self->calls_store);
}
