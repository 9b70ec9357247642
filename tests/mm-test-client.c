/* mm-test-client.c
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

#include <string.h>

#include "mm-test-client.h"

/* A server of the given limits on a free port of 127.0.0.1. */
MmLobbyServer *
mm_test_server_new (const MmServerLimits *limits,
                    guint16              *port)
{
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GError) error = NULL;
  MmLobbyServer *server = mm_lobby_server_new ("test server", limits);

  mm_lobby_server_listen (server, loopback, 0, port, &error);
  g_assert_no_error (error);
  return server;
}

static void
message_cb (MmConnection *connection,
            JsonObject   *message,
            MmTestClient *client)
{
  if (client->answers_pings && g_str_equal (mm_protocol_get_type (message), "ping"))
    {
      g_autoptr(JsonObject) pong = mm_protocol_new_message ("pong", NULL);

      mm_connection_send (connection, pong);
      return;
    }
  if (g_getenv ("MM_TEST_TRACE") != NULL)
    {
      g_autofree char *line = mm_protocol_to_line (message);

      g_printerr ("%p < %s", (void *) client, line);
    }
  g_queue_push_tail (&client->messages, json_object_ref (message));
}

static void
closed_cb (MmConnection *connection,
           const GError *error,
           MmTestClient *client)
{
  client->closed = TRUE;
}

static gboolean
accept_pinned_cb (GTlsConnection       *connection,
                  GTlsCertificate      *peer_certificate,
                  GTlsCertificateFlags  errors,
                  GTlsCertificate      *pinned)
{
  /* Self-signed, so never trusted by a CA: the pin alone decides. */
  return g_tls_certificate_is_same (peer_certificate, pinned);
}

typedef struct
{
  gboolean  done;
  GError   *error;
} Handshake;

static void
handshake_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Handshake *handshake = user_data;

  g_tls_connection_handshake_finish (G_TLS_CONNECTION (source), result, &handshake->error);
  handshake->done = TRUE;
}

/* The TLS stream over @socket, its handshake done on the main loop (the
 * server runs there too), or NULL with the handshake's error. */
static GIOStream *
open_tls (GSocketConnection  *socket,
          GTlsCertificate    *pinned,
          GError            **error)
{
  g_autoptr(GIOStream) tls = g_tls_client_connection_new (G_IO_STREAM (socket), NULL, error);
  Handshake handshake = { FALSE, NULL };

  if (tls == NULL)
    return NULL;
  g_signal_connect (tls, "accept-certificate", G_CALLBACK (accept_pinned_cb), pinned);
  g_tls_connection_handshake_async (G_TLS_CONNECTION (tls), G_PRIORITY_DEFAULT, NULL,
                                    handshake_cb, &handshake);
  while (!handshake.done)
    g_main_context_iteration (NULL, TRUE);
  if (handshake.error != NULL)
    {
      g_propagate_error (error, handshake.error);
      return NULL;
    }
  return g_steal_pointer (&tls);
}

/* A client on 127.0.0.1:@port, in TLS when @pinned is the certificate
 * it must find there; NULL with the TLS handshake's error. */
MmTestClient *
mm_test_client_connect_full (guint16           port,
                             GTlsCertificate  *pinned,
                             GError          **error)
{
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) address = g_inet_socket_address_new (loopback, port);
  g_autoptr(GSocketClient) socket_client = g_socket_client_new ();
  g_autoptr(GError) connect_error = NULL;
  g_autoptr(GSocketConnection) socket = NULL;
  g_autoptr(GIOStream) stream = NULL;
  MmTestClient *client;

  /* Straight to loopback, never through a proxy. */
  g_socket_client_set_enable_proxy (socket_client, FALSE);
  socket = g_socket_client_connect (socket_client, G_SOCKET_CONNECTABLE (address), NULL,
                                    &connect_error);
  g_assert_no_error (connect_error);
  if (pinned == NULL)
    stream = g_object_ref (G_IO_STREAM (socket));
  else if ((stream = open_tls (socket, pinned, error)) == NULL)
    return NULL;
  client = g_new0 (MmTestClient, 1);
  client->socket = g_steal_pointer (&socket);
  client->stream = g_steal_pointer (&stream);
  client->connection = mm_connection_new (client->stream);
  client->answers_pings = TRUE;
  g_queue_init (&client->messages);
  g_signal_connect (client->connection, "message", G_CALLBACK (message_cb), client);
  g_signal_connect (client->connection, "closed", G_CALLBACK (closed_cb), client);
  mm_connection_start (client->connection);
  return client;
}

MmTestClient *
mm_test_client_connect (guint16 port)
{
  return mm_test_client_connect_full (port, NULL, NULL);
}

/* A client past the handshake, not logged in. */
MmTestClient *
mm_test_client_hello (guint16 port)
{
  MmTestClient *client = mm_test_client_connect (port);

  mm_test_client_send_line (client, "{\"type\":\"hello\",\"version\":1,\"program\":\"test\"}");
  mm_test_client_expect_reply (client, "welcome", NULL);
  return client;
}

/* A client past the handshake and logged in as the guest @name. */
MmTestClient *
mm_test_client_login (guint16     port,
                      const char *name)
{
  MmTestClient *client = mm_test_client_hello (port);
  g_autoptr(JsonObject) session = NULL;

  mm_test_client_send_printf (client, "{\"type\":\"login\",\"name\":\"%s\"}", name);
  session = mm_test_client_expect (client, "session", 5);
  client->token = g_strdup (json_object_get_string_member (session, "token"));
  return client;
}

void
mm_test_client_free (MmTestClient *client)
{
  g_signal_handlers_disconnect_by_data (client->connection, client);
  /* At once, as a cut line would: the server sees the end without a
   * goodbye.  The socket first: closing a TLS stream goes on in a thread
   * of glib-networking's, which must not find the socket closing under
   * it. */
  g_socket_close (g_socket_connection_get_socket (client->socket), NULL);
  mm_connection_close (client->connection, NULL);
  g_object_unref (client->connection);
  g_object_unref (client->stream);
  g_object_unref (client->socket);
  g_queue_clear_full (&client->messages, (GDestroyNotify) json_object_unref);
  g_free (client->token);
  g_free (client);
}

/* Writes @line and its end as they are, whatever they hold. */
void
mm_test_client_send_line (MmTestClient *client,
                          const char   *line)
{
  GOutputStream *output = g_io_stream_get_output_stream (client->stream);
  g_autoptr(GError) error = NULL;

  g_output_stream_write_all (output, line, strlen (line), NULL, NULL, &error);
  if (error == NULL)
    g_output_stream_write_all (output, "\n", 1, NULL, NULL, &error);
  /* A server that closed the connection is what some tests want. */
  if (error != NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE)
      && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED))
    g_assert_no_error (error);
}

void
mm_test_client_send_printf (MmTestClient *client,
                            const char   *format,
                            ...)
{
  g_autofree char *line = NULL;
  va_list args;

  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  mm_test_client_send_line (client, line);
}

static gboolean
set_flag (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

/* The next message the server sent, or NULL when none comes within
 * @seconds or the connection closes first. */
JsonObject *
mm_test_client_next (MmTestClient *client,
                     guint         seconds)
{
  gboolean late = FALSE;
  guint timeout = g_timeout_add_seconds (seconds, set_flag, &late);

  while (g_queue_is_empty (&client->messages) && !client->closed && !late)
    g_main_context_iteration (NULL, TRUE);
  if (!late)
    g_source_remove (timeout);
  return g_queue_pop_head (&client->messages);
}

/* The next message, which must be of @type. */
JsonObject *
mm_test_client_expect (MmTestClient *client,
                       const char   *type,
                       guint         seconds)
{
  JsonObject *message = mm_test_client_next (client, seconds);

  if (message == NULL)
    g_error ("expected “%s”, got nothing", type);
  if (!g_str_equal (mm_protocol_get_type (message), type))
    {
      g_autofree char *line = mm_protocol_to_line (message);

      g_error ("expected “%s”, got %s", type, line);
    }
  return message;
}

/* The next message is an error of @code, with @id. */
void
mm_test_client_expect_error (MmTestClient *client,
                             const char   *code,
                             const char   *id)
{
  g_autoptr(JsonObject) error = mm_test_client_expect (client, "error", 5);

  g_assert_cmpstr (json_object_get_string_member (error, "code"), ==, code);
  g_assert_cmpstr (json_object_get_string_member_with_default (error, "id", NULL), ==, id);
}

/* The next message is of @type and carries @id (none when NULL). */
void
mm_test_client_expect_reply (MmTestClient *client,
                             const char   *type,
                             const char   *id)
{
  g_autoptr(JsonObject) reply = mm_test_client_expect (client, type, 5);

  g_assert_cmpstr (json_object_get_string_member_with_default (reply, "id", NULL), ==, id);
}

gboolean
mm_test_client_wait_closed (MmTestClient *client,
                            guint         seconds)
{
  gboolean late = FALSE;
  guint timeout = g_timeout_add_seconds (seconds, set_flag, &late);

  while (!client->closed && !late)
    g_main_context_iteration (NULL, TRUE);
  if (!late)
    g_source_remove (timeout);
  return client->closed;
}

/* Runs the main loop for a while, for the server to do what it does. */
void
mm_test_run_for (guint milliseconds)
{
  gboolean done = FALSE;

  g_timeout_add (milliseconds, set_flag, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

/* Whether nothing arrives for @milliseconds. */
gboolean
mm_test_client_is_quiet (MmTestClient *client,
                         guint         milliseconds)
{
  mm_test_run_for (milliseconds);
  return g_queue_is_empty (&client->messages);
}
