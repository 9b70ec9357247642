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

/* The server's reads of its store, and the writes whose answer it
 * needs, made without waiting (mm_store_call_async()): the answer comes
 * back on the main loop with the connection that asked, unless it has
 * gone meanwhile, for work done on behalf of a player. */

#include "config.h"

#include "mm-lobby-server-private.h"

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
  if (asked->answer != NULL)
    asked->answer (self, peer, asked->data, error);
  else
    mm_lobby_server_stored (self, error == NULL, g_steal_pointer (&error));
  g_clear_error (&error);
  if (asked->data_free != NULL)
    asked->data_free (asked->data);
  g_object_unref (self);
  g_free (asked);
}

/* Runs @call with @data on the server's store, after the calls made
 * before it of the same @order (mm_store_call_async()), then @answer (NULL: a
 * failure is logged) on the main loop, with @peer if it is still
 * connected and NULL if not (or if @peer was NULL); @answer is told
 * every time.  @data_free, if any, frees @data after it; without one
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
  Asked *asked = g_new0 (Asked, 1);

  g_return_if_fail (self->store != NULL);

  asked->server = g_object_ref (self);
  asked->peer = peer;
  asked->serial = peer != NULL ? peer->serial : 0;
  asked->answer = answer;
  asked->data = data;
  asked->data_free = data_free;
  self->store_calls++;
  mm_store_call_async (self->store, order, call, data, answered_cb, asked);
}
