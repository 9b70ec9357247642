/* mm-test-net.c
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

#include "mm-test-net.h"

static gboolean
give_up (gpointer user_data)
{
  g_error ("nothing happened within %u s", GPOINTER_TO_UINT (user_data));
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until *@flag, failing the test after @seconds. */
void
mm_test_net_wait_for (const gboolean *flag,
                      guint           seconds)
{
  guint timeout = g_timeout_add_seconds (seconds, give_up, GUINT_TO_POINTER (seconds));

  while (!*flag)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (timeout);
}

static void
accept_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GSocketConnection **server = user_data;
  g_autoptr(GError) error = NULL;

  *server = g_socket_listener_accept_finish (G_SOCKET_LISTENER (source), result, NULL, &error);
  g_assert_no_error (error);
}

/* A listener on a free port of 127.0.0.1, a client connected to it and
 * the server's end of that connection.  Loopback only. */
void
mm_test_net_connect_pair (GSocketListener   **listener,
                          GSocketConnection **client,
                          GSocketConnection **server)
{
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) address = g_inet_socket_address_new (loopback, 0);
  g_autoptr(GSocketAddress) bound = NULL;
  g_autoptr(GSocketClient) socket_client = g_socket_client_new ();
  g_autoptr(GError) error = NULL;
  guint timeout;

  *listener = g_socket_listener_new ();
  *server = NULL;
  g_socket_listener_add_address (*listener, address, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP,
                                 NULL, &bound, &error);
  g_assert_no_error (error);
  g_socket_listener_accept_async (*listener, NULL, accept_cb, server);
  /* Straight to loopback, never through a proxy. */
  g_socket_client_set_enable_proxy (socket_client, FALSE);
  *client = g_socket_client_connect (socket_client, G_SOCKET_CONNECTABLE (bound), NULL, &error);
  g_assert_no_error (error);
  timeout = g_timeout_add_seconds (10, give_up, GUINT_TO_POINTER (10));
  while (*server == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (timeout);
}
