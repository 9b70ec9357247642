/* mm-lobby-store-calls.c
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

/* How the server uses its store without waiting for the database: its
 * reads, and the writes whose answer it needs (mm_store_call_async(),
 * the answer back on the main loop with the connection that asked,
 * unless it has gone meanwhile); the writes nothing waits for, their
 * failures logged; and the ids of seeks, challenges and games, reserved
 * in blocks ahead of their use. */

#include "config.h"

#include <sodium.h>

#include "mm-lobby-server-private.h"

/* Short ids for seeks, challenges and games: a letter for the kind,
 * then a number never used before on this server (nor, in a cluster,
 * on another).  The numbers are reserved in the store ID_BLOCK at a
 * time, the first before the server serves anyone and the next with a
 * store call while half of the last is left, so that a seek or a game
 * does not wait for the database; those of a block left unused when
 * the server stops are never used. */
#define ID_BLOCK 64

static gboolean
reserve_ids (MmStore  *store,
             gpointer  data,
             GError  **error)
{
  guint64 *number = data;

  *number = mm_store_reserve_ids (store, ID_BLOCK, error);
  return *number > 0;
}

static void
ids_reserved (MmLobbyServer *self,
              MmLobbyPeer   *peer,
              gpointer       data,
              const GError  *error)
{
  self->reserving_ids = FALSE;
  if (error == NULL)
    self->spare_ids = *(guint64 *) data;
}

static void
reserve_spare_ids (MmLobbyServer *self)
{
  if (self->spare_ids != 0 || self->reserving_ids || self->ids_end - self->next_id > ID_BLOCK / 2)
    return;
  self->reserving_ids = TRUE;
  mm_lobby_server_call_store (self, NULL, NULL, reserve_ids, ids_reserved, g_new0 (guint64, 1),
                              g_free);
}

/* The first block, before the server serves anyone: none of its ids
 * waits for the database then.  A store that cannot count now is asked
 * again with the first id. */
void
mm_lobby_server_reserve_first_ids (MmLobbyServer *self)
{
  g_autoptr(GError) error = NULL;
  guint64 number = mm_store_reserve_ids (self->store, ID_BLOCK, &error);

  if (number == 0)
    {
      mm_lobby_server_log (self, "store: %s", error->message);
      return;
    }
  self->next_id = number;
  self->ids_end = number + ID_BLOCK;
}

char *
mm_lobby_server_new_id (MmLobbyServer *self,
                        char           prefix)
{
  g_autoptr(GError) error = NULL;
  guint64 number;

  if (self->store == NULL)
    return g_strdup_printf ("%c%" G_GUINT64_FORMAT, prefix, ++self->next_id);
  if (self->next_id >= self->ids_end && self->spare_ids != 0)
    {
      self->next_id = self->spare_ids;
      self->ids_end = self->spare_ids + ID_BLOCK;
      self->spare_ids = 0;
    }
  if (self->next_id < self->ids_end)
    {
      number = self->next_id++;
      reserve_spare_ids (self);
      return g_strdup_printf ("%c%" G_GUINT64_FORMAT, prefix, number);
    }
  /* The spare block not there yet (a burst), or no first block */
  number = mm_store_reserve_ids (self->store, ID_BLOCK, &error);
  if (number > 0)
    {
      self->next_id = number + 1;
      self->ids_end = number + ID_BLOCK;
      reserve_spare_ids (self);
      return g_strdup_printf ("%c%" G_GUINT64_FORMAT, prefix, number);
    }
  /* A store that cannot count (a full disk) still gives an id that no
   * restart will give again. */
  mm_lobby_server_log (self, "store: %s", error->message);
  return g_strdup_printf ("%cx%08x", prefix, randombytes_random ());
}

/* The data of mm_lobby_server_written_cb(): the server, which may go
 * before the store answers. */
gpointer
mm_lobby_server_written_data (MmLobbyServer *self)
{
  GWeakRef *server = g_new0 (GWeakRef, 1);

  g_weak_ref_init (server, self);
  return server;
}

/* The answer of a write to the store that nothing waits for (a game's
 * end, a take-back, a rating): a failure is logged and marks the
 * server degraded, as one that blocked, if the server is still there. */
void
mm_lobby_server_written_cb (GObject      *source,
                            GAsyncResult *result,
                            gpointer      data)
{
  GWeakRef *server = data;
  g_autoptr(MmLobbyServer) self = g_weak_ref_get (server);
  GError *error = NULL;
  gboolean written = mm_store_write_finish (result, &error);

  g_weak_ref_clear (server);
  g_free (server);
  if (self != NULL)
    mm_lobby_server_stored (self, written, error);
  else
    g_clear_error (&error);
}

/* Writes through to the store, if there is one; a failure is logged
 * and answered FALSE, for the callers to which it matters. */
gboolean
mm_lobby_server_stored (MmLobbyServer *self,
                        gboolean       done,
                        GError        *error)
{
  if (!done && error != NULL)
    {
      mm_lobby_server_log (self, "store: %s", error->message);
      g_error_free (error);
    }
  return done;
}


typedef struct
{
  MmLobbyServer *server;
  MmLobbyPeer   *peer;
  guint64        serial;
  MmLobbyAnswer  answer;
  gpointer       data;
  GDestroyNotify data_free;
} Asked;

static void
answered_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  Asked *asked = user_data;
  MmLobbyServer *self = asked->server;
  MmLobbyPeer *peer = asked->peer;
  GError *error = NULL;

  mm_store_call_finish (result, &error);
  if (peer != NULL && !mm_lobby_peer_is_alive (self, peer, asked->serial))
    peer = NULL;
  self->store_calls--;
  if (error != NULL)
    mm_lobby_server_log (self, "store: %s", error->message);
  if (asked->answer != NULL)
    asked->answer (self, peer, asked->data, error);
  g_clear_error (&error);
  if (asked->data_free != NULL)
    asked->data_free (asked->data);
  g_object_unref (self);
  g_free (asked);
}

/* Runs @call with @data on the server's store, after the calls made
 * before it of the same @order (mm_store_call_async()), then @answer
 * (if any) on the main loop, with @peer if it is still connected and
 * NULL if not (or if @peer was NULL); a failure is logged first, and
 * @answer is told every time.  @data_free, if any, frees @data after it; without one
 * @answer owns @data (to hand it on). */
void
mm_lobby_server_call_store (MmLobbyServer  *self,
                            MmLobbyPeer    *peer,
                            const char     *order,
                            MmStoreCall     call,
                            MmLobbyAnswer   answer,
                            gpointer        data,
                            GDestroyNotify  data_free)
{
  Asked *asked;

  g_return_if_fail (self->store != NULL);

  asked = g_new0 (Asked, 1);
  asked->server = g_object_ref (self);
  asked->peer = peer;
  asked->serial = peer != NULL ? peer->serial : 0;
  asked->answer = answer;
  asked->data = data;
  asked->data_free = data_free;
  self->store_calls++;
  mm_store_call_async (self->store, order, call, data, answered_cb, asked);
}
