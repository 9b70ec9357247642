/* mm-lobby-client-connection.c
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

/* How MmLobbyClient reaches its server and keeps a session there: the
 * connection (TLS, trusting a self-signed certificate only as pinned),
 * the hello and the log-in or resume, and, when the line drops, the
 * attempts again after waits that grow, on the server or on another of
 * the lobby's, for as long as the server keeps the session.  What goes
 * over the connection once it is up is mm-lobby-client-messages.c's. */

#define G_LOG_DOMAIN "mm-lobby-client"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-handshake.h"
#include "mm-lobby-client-private.h"
#include "mm-protocol.h"
#include "mm-tls.h"

/* What was wrong with the certificate the server showed last (the
 * client's trust_problem). */
enum
{
  TRUST_OK,
  TRUST_UNKNOWN,
  TRUST_CHANGED,
};

static void mm_lobby_client_connection_lost (MmLobbyClient *self,
                                             const GError  *error);

/* ------------------------------------------------------------------ */
/* Connecting and coming back                                         */
/* ------------------------------------------------------------------ */

void
mm_lobby_client_set_state (MmLobbyClient      *self,
                           MmLobbyClientState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self),
                            mm_lobby_client_properties[MM_LOBBY_CLIENT_PROP_STATE]);
}

void
mm_lobby_client_set_degraded (MmLobbyClient *self,
                              gboolean       degraded)
{
  if (self->degraded == degraded)
    return;
  self->degraded = degraded;
  g_object_notify_by_pspec (G_OBJECT (self),
                            mm_lobby_client_properties[MM_LOBBY_CLIENT_PROP_DEGRADED]);
}

void
mm_lobby_client_drop_connection (MmLobbyClient *self)
{
  /* A new connection, to this server or another, says afresh. */
  mm_lobby_client_set_degraded (self, FALSE);
  if (self->connection != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->connection, self);
      mm_connection_close (self->connection, NULL);
      g_clear_object (&self->connection);
    }
  g_clear_object (&self->socket);
  for (guint i = 0; i < MM_LOBBY_CLIENT_N_TOPICS; i++)
    mm_lobby_list_drop_snapshot (self->lists[i]);
  mm_lobby_client_fail_pending (self);
}

void
mm_lobby_client_finish_log_in (MmLobbyClient *self,
                               GError        *error)
{
  g_autoptr(GTask) task = g_steal_pointer (&self->log_in);

  g_clear_pointer (&self->password, g_free);
  if (task == NULL)
    {
      g_clear_error (&error);
      return;
    }
  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

/* What stops the attempt in progress; a reconnection tries again. */
static void
mm_lobby_client_attempt_failed (MmLobbyClient *self,
                                GError        *error)
{
  /* Another server of the lobby may not have taken the session up yet:
   * only its own server says for sure that it is gone. */
  gboolean session_gone = g_error_matches (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_BAD_TOKEN)
                          && !self->attempt_elsewhere;

  g_clear_object (&self->attempt);
  mm_lobby_client_drop_connection (self);
  if (self->resuming && !session_gone)
    {
      g_debug ("Reconnecting failed: %s", error->message);
      g_error_free (error);
      mm_lobby_client_connection_lost (self, NULL);
      return;
    }
  self->resuming = FALSE;
  g_clear_pointer (&self->token, g_free);
  mm_lobby_client_set_state (self, MM_LOBBY_CLIENT_DISCONNECTED);
  if (self->log_in != NULL)
    mm_lobby_client_finish_log_in (self, error);
  else
    {
      g_signal_emit (self, mm_lobby_client_signals[MM_LOBBY_CLIENT_SIGNAL_DISCONNECTED], 0, error);
      g_error_free (error);
    }
}

static void
mm_lobby_client_subscribe_all (MmLobbyClient *self)
{
  for (guint i = 0; i < MM_LOBBY_CLIENT_N_TOPICS; i++)
    {
      g_autoptr(JsonObject) subscribe = mm_lobby_client_new_request ("subscribe", "topic",
                                                                     mm_lobby_list_get_topic_name (self->lists[i]));

      mm_lobby_client_send_quietly (self, subscribe, "subscribe");
    }
  {
    g_autoptr(JsonObject) chat = mm_lobby_client_new_request ("subscribe", "topic", "chat");

    mm_lobby_client_send_quietly (self, chat, "subscribe");
  }
}

static void
mm_lobby_client_session_cb (GObject      *source,
                            GAsyncResult *result,
                            gpointer      user_data)
{
  MmLobbyClient *self = user_data;
  g_autoptr(JsonObject) session = NULL;
  GError *error = NULL;
  gboolean resumed;

  session = g_task_propagate_pointer (G_TASK (result), &error);
  if (self->attempt == NULL)
    {
      g_clear_error (&error);
      return;
    }
  if (session == NULL)
    {
      mm_lobby_client_attempt_failed (self, error);
      return;
    }

  g_clear_object (&self->attempt);
  resumed = self->resuming;
  self->resuming = FALSE;
  /* Taken up by another server of the lobby: that one is the server now. */
  if (self->attempt_elsewhere)
    {
      g_free (self->host);
      self->host = g_strdup (self->attempt_host);
      self->port = self->attempt_port;
      self->attempt_elsewhere = FALSE;
    }
  self->delay_s = self->first_delay_s;
  g_free (self->name);
  self->name = g_strdup (json_object_get_string_member (session, "name"));
  self->guest = json_object_get_boolean_member (session, "guest");
  self->rating = (int) json_object_get_int_member_with_default (session, "rating", -1);
  g_free (self->token);
  self->token = g_strdup (json_object_get_string_member (session, "token"));
  g_object_notify_by_pspec (G_OBJECT (self), mm_lobby_client_properties[MM_LOBBY_CLIENT_PROP_NAME]);
  g_object_notify_by_pspec (G_OBJECT (self),
                            mm_lobby_client_properties[MM_LOBBY_CLIENT_PROP_RATING]);
  mm_lobby_client_set_state (self, MM_LOBBY_CLIENT_CONNECTED);
  mm_lobby_client_subscribe_all (self);
  if (resumed)
    mm_lobby_client_watch_again (self);
  mm_lobby_client_finish_log_in (self, NULL);
}

static JsonObject *
mm_lobby_client_new_identity (MmLobbyClient *self)
{
  JsonObject *request;

  if (self->resuming)
    return mm_lobby_client_new_request ("resume", "token", self->token);
  request = mm_lobby_client_new_request (self->register_account ? "register" : "login",
                                         "name", self->wanted_name);
  if (self->password != NULL)
    json_object_set_string_member (request, "password", self->password);
  return request;
}

/* The welcome's list of the lobby's servers, but the first (the server
 * itself). */
static void
mm_lobby_client_take_servers (MmLobbyClient *self,
                              JsonArray     *servers)
{
  g_autoptr(GStrvBuilder) others = g_strv_builder_new ();

  for (guint i = 1; i < json_array_get_length (servers); i++)
    g_strv_builder_add (others, json_object_get_string_member (
                                  json_array_get_object_element (servers, i), "address"));
  g_strfreev (self->servers);
  self->servers = g_strv_builder_end (others);
}

static void
mm_lobby_client_welcome_cb (GObject      *source,
                            GAsyncResult *result,
                            gpointer      user_data)
{
  MmLobbyClient *self = user_data;
  g_autoptr(JsonObject) welcome = NULL;
  g_autoptr(JsonObject) identity = NULL;
  GError *error = NULL;

  welcome = g_task_propagate_pointer (G_TASK (result), &error);
  if (self->attempt == NULL)
    {
      g_clear_error (&error);
      return;
    }
  if (welcome == NULL)
    {
      mm_lobby_client_attempt_failed (self, error);
      return;
    }
  if (!g_str_equal (mm_protocol_get_type (welcome), "welcome"))
    {
      mm_lobby_client_attempt_failed (self, g_error_new_literal (
        MM_LOBBY_CLIENT_ERROR, MM_LOBBY_CLIENT_ERROR_UNEXPECTED,
        _("The server did not answer as a Monomachia server does.")));
      return;
    }

  g_free (self->server_name);
  self->server_name = g_strdup (json_object_get_string_member (welcome, "server"));
  self->max_chat = (guint) json_object_get_int_member_with_default (welcome, "max_chat", 300);
  self->grace_s = (guint) json_object_get_int_member_with_default (welcome, "grace", 60);
  if (json_object_has_member (welcome, "servers"))
    mm_lobby_client_take_servers (self, json_object_get_array_member (welcome, "servers"));
  identity = mm_lobby_client_new_identity (self);
  mm_lobby_client_send_task (self, identity,
                             g_task_new (self, NULL, mm_lobby_client_session_cb, self));
}

static void
mm_lobby_client_closed_cb (MmConnection  *connection,
                           const GError  *error,
                           MmLobbyClient *self)
{
  g_autoptr(MmLobbyClient) hold = g_object_ref (self);
  g_autoptr(GError) reason = NULL;

  reason = self->close_reason != NULL ? g_steal_pointer (&self->close_reason)
         : error != NULL ? g_error_copy (error) : mm_lobby_client_new_lost_error ();
  if (self->attempt != NULL)
    {
      mm_lobby_client_attempt_failed (self, g_steal_pointer (&reason));
      return;
    }
  mm_lobby_client_drop_connection (self);
  mm_lobby_client_connection_lost (self, reason);
}

static gboolean
mm_lobby_client_accept_certificate_cb (GTlsConnection       *connection,
                                       GTlsCertificate      *certificate,
                                       GTlsCertificateFlags  errors,
                                       MmLobbyClient        *self)
{
  const char *pinned = self->pins != NULL
                       ? mm_certificate_pins_lookup (self->pins, self->attempt_host,
                                                     self->attempt_port)
                       : NULL;

  g_free (self->fingerprint);
  self->fingerprint = mm_tls_certificate_get_fingerprint (certificate);
  if (pinned != NULL && g_str_equal (pinned, self->fingerprint))
    {
      self->trust_problem = TRUST_OK;
      return TRUE;
    }
  self->trust_problem = pinned != NULL ? TRUST_CHANGED : TRUST_UNKNOWN;
  return FALSE;
}

static void
mm_lobby_client_socket_event_cb (GSocketClient      *client,
                                 GSocketClientEvent  event,
                                 GSocketConnectable *connectable,
                                 GIOStream          *connection,
                                 MmLobbyClient      *self)
{
  if (event == G_SOCKET_CLIENT_TLS_HANDSHAKING)
    g_signal_connect_object (connection, "accept-certificate",
                             G_CALLBACK (mm_lobby_client_accept_certificate_cb), self, 0);
}

/* The TLS refusal as the person needs to hear it. */
static GError *
mm_lobby_client_certificate_error (MmLobbyClient *self,
                                   GError        *error)
{
  int problem = self->trust_problem;

  self->trust_problem = TRUST_OK;
  if (problem == TRUST_UNKNOWN)
    {
      g_error_free (error);
      return g_error_new (MM_LOBBY_CLIENT_ERROR, MM_LOBBY_CLIENT_ERROR_UNTRUSTED,
                          _("No authority vouches for the certificate of %s. Its fingerprint is %s: "
                            "trust it only if the server’s owner tells you the same."),
                          self->attempt_host, self->fingerprint);
    }
  if (problem == TRUST_CHANGED)
    {
      g_error_free (error);
      return g_error_new (MM_LOBBY_CLIENT_ERROR, MM_LOBBY_CLIENT_ERROR_CERTIFICATE_CHANGED,
                          _("The certificate of %s is not the one you trusted before. Someone may be "
                            "pretending to be that server, so Monomachia did not connect."),
                          self->attempt_host);
    }
  return error;
}

static void
mm_lobby_client_connected_cb (GObject      *source,
                              GAsyncResult *result,
                              gpointer      user_data)
{
  g_autoptr(MmLobbyClient) self = user_data;
  g_autoptr(GSocketConnection) socket = NULL;
  g_autoptr(JsonObject) hello = NULL;
  GError *error = NULL;

  socket = g_socket_client_connect_finish (G_SOCKET_CLIENT (source), result, &error);
  if (socket == NULL)
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->attempt == NULL)
        {
          g_error_free (error);
          return;
        }
      mm_lobby_client_attempt_failed (self, mm_lobby_client_certificate_error (self, error));
      return;
    }

  self->socket = g_steal_pointer (&socket);
  /* The client's timeout was for connecting; a lobby is quiet for long
   * stretches (the server's pings keep it alive). */
  g_socket_set_timeout (g_socket_connection_get_socket (self->socket), 0);
  self->connection = mm_connection_new (G_IO_STREAM (self->socket));
  g_signal_connect (self->connection, "message", G_CALLBACK (mm_lobby_client_message_cb), self);
  g_signal_connect (self->connection, "closed", G_CALLBACK (mm_lobby_client_closed_cb), self);
  mm_connection_start (self->connection);
  hello = mm_handshake_new_hello (PACKAGE_NAME " " PACKAGE_VERSION);
  mm_lobby_client_send_task (self, hello,
                             g_task_new (self, NULL, mm_lobby_client_welcome_cb, self));
}

/* Where to connect: the server, or while a session is resumed, each of
 * the lobby's servers in turn, the server first. */
static GSocketConnectable *
mm_lobby_client_next_address (MmLobbyClient *self)
{
  guint n_servers = self->servers != NULL ? g_strv_length (self->servers) : 0;
  guint turn = self->resuming ? self->tries++ % (n_servers + 1) : 0;
  GSocketConnectable *address = NULL;

  if (turn > 0)
    address = g_network_address_parse (self->servers[turn - 1], self->port, NULL);
  self->attempt_elsewhere = address != NULL;
  if (address == NULL)
    address = g_network_address_new (self->host, self->port);
  g_free (self->attempt_host);
  self->attempt_host = g_strdup (g_network_address_get_hostname (G_NETWORK_ADDRESS (address)));
  self->attempt_port = g_network_address_get_port (G_NETWORK_ADDRESS (address));
  return address;
}

void
mm_lobby_client_attempt (MmLobbyClient *self)
{
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnectable) address = mm_lobby_client_next_address (self);

  g_clear_error (&self->close_reason);
  g_clear_object (&self->attempt);
  self->attempt = g_cancellable_new ();
  mm_lobby_client_set_state (self, self->resuming ? MM_LOBBY_CLIENT_RECONNECTING
                                                  : MM_LOBBY_CLIENT_CONNECTING);
  /* The protocol is not HTTP: a proxy would not help. */
  g_socket_client_set_enable_proxy (client, FALSE);
  g_socket_client_set_timeout (client, self->connect_timeout_s);
  g_socket_client_set_tls (client, self->tls);
  g_signal_connect_object (client, "event", G_CALLBACK (mm_lobby_client_socket_event_cb), self, 0);
  g_socket_client_connect_async (client, address, self->attempt, mm_lobby_client_connected_cb,
                                 g_object_ref (self));
}

static gboolean
mm_lobby_client_countdown_cb (gpointer data)
{
  MmLobbyClient *self = data;

  if (self->reconnect_seconds > 1)
    {
      self->reconnect_seconds--;
      g_object_notify_by_pspec (G_OBJECT (self),
                                mm_lobby_client_properties[MM_LOBBY_CLIENT_PROP_RECONNECT_SECONDS]);
      return G_SOURCE_CONTINUE;
    }
  self->countdown_source = 0;
  self->reconnect_seconds = 0;
  g_object_notify_by_pspec (G_OBJECT (self),
                            mm_lobby_client_properties[MM_LOBBY_CLIENT_PROP_RECONNECT_SECONDS]);
  mm_lobby_client_attempt (self);
  return G_SOURCE_REMOVE;
}

static gboolean
mm_lobby_client_may_come_back (MmLobbyClient *self,
                               const GError  *reason)
{
  static const MmProtocolError final_codes[] = {
    MM_PROTOCOL_ERROR_KICKED, MM_PROTOCOL_ERROR_BANNED, MM_PROTOCOL_ERROR_REPLACED,
    MM_PROTOCOL_ERROR_FLOOD, MM_PROTOCOL_ERROR_VERSION,
  };

  if (self->token == NULL || self->grace_s == 0)
    return FALSE;
  if (reason != NULL && reason->domain == MM_PROTOCOL_ERROR)
    for (gsize i = 0; i < G_N_ELEMENTS (final_codes); i++)
      if (reason->code == (int) final_codes[i])
        return FALSE;
  return TRUE;
}

/* The line dropped (@reason, or NULL when a reconnection failed): the
 * client tries again after a wait that doubles each time, for as long
 * as the server keeps the session; after that, the session is gone. */
static void
mm_lobby_client_connection_lost (MmLobbyClient *self,
                                 const GError  *reason)
{
  gint64 now = g_get_monotonic_time ();

  if (reason != NULL)
    {
      if (!mm_lobby_client_may_come_back (self, reason))
        {
          g_clear_pointer (&self->token, g_free);
          mm_lobby_client_set_state (self, MM_LOBBY_CLIENT_DISCONNECTED);
          g_signal_emit (self, mm_lobby_client_signals[MM_LOBBY_CLIENT_SIGNAL_DISCONNECTED], 0,
                         reason);
          return;
        }
      self->resuming = TRUE;
      self->tries = 0;
      self->delay_s = self->first_delay_s;
      self->give_up_at = now + (gint64) self->grace_s * G_USEC_PER_SEC;
    }
  if (now + (gint64) self->delay_s * G_USEC_PER_SEC > self->give_up_at)
    {
      g_autoptr(GError) gone = g_error_new_literal (
        MM_LOBBY_CLIENT_ERROR, MM_LOBBY_CLIENT_ERROR_CONNECTION_LOST,
        _("The server could not be reached again in time; your session there has ended."));

      self->resuming = FALSE;
      g_clear_pointer (&self->token, g_free);
      mm_lobby_client_set_state (self, MM_LOBBY_CLIENT_DISCONNECTED);
      g_signal_emit (self, mm_lobby_client_signals[MM_LOBBY_CLIENT_SIGNAL_DISCONNECTED], 0, gone);
      return;
    }

  self->reconnect_seconds = MAX (self->delay_s, 1);
  self->delay_s = MIN (self->delay_s * 2, self->longest_delay_s);
  g_clear_handle_id (&self->countdown_source, g_source_remove);
  self->countdown_source = g_timeout_add_seconds (1, mm_lobby_client_countdown_cb, self);
  mm_lobby_client_set_state (self, MM_LOBBY_CLIENT_RECONNECTING);
  g_object_notify_by_pspec (G_OBJECT (self),
                            mm_lobby_client_properties[MM_LOBBY_CLIENT_PROP_RECONNECT_SECONDS]);
}
