/* mm-lobby-client.c
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

/* MmLobbyClient, the object: its type, properties and signals, what it
 * is made with, what it tells of itself, and the calls that start and
 * end a session (log in, disconnect).  Connecting, logging in and coming
 * back after the line drops are in mm-lobby-client-connection.c; the
 * requests, the lobby's lists, the games and what the server says, in
 * mm-lobby-client-messages.c. */

#define G_LOG_DOMAIN "mm-lobby-client"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-lobby-client-private.h"
#include "mm-protocol.h"

GParamSpec *mm_lobby_client_properties[MM_LOBBY_CLIENT_N_PROPS];
guint       mm_lobby_client_signals[MM_LOBBY_CLIENT_N_SIGNALS];

G_DEFINE_FINAL_TYPE (MmLobbyClient, mm_lobby_client, G_TYPE_OBJECT)
G_DEFINE_QUARK (mm-lobby-client-error-quark, mm_lobby_client_error)

GType
mm_lobby_client_state_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    { MM_LOBBY_CLIENT_DISCONNECTED, "MM_LOBBY_CLIENT_DISCONNECTED", "disconnected" },
    { MM_LOBBY_CLIENT_CONNECTING, "MM_LOBBY_CLIENT_CONNECTING", "connecting" },
    { MM_LOBBY_CLIENT_CONNECTED, "MM_LOBBY_CLIENT_CONNECTED", "connected" },
    { MM_LOBBY_CLIENT_RECONNECTING, "MM_LOBBY_CLIENT_RECONNECTING", "reconnecting" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, g_enum_register_static ("MmLobbyClientState", values));
  return (GType) type;
}

/* ------------------------------------------------------------------ */
/* Errors                                                             */
/* ------------------------------------------------------------------ */

GError *
mm_lobby_client_new_lost_error (void)
{
  return g_error_new_literal (MM_LOBBY_CLIENT_ERROR, MM_LOBBY_CLIENT_ERROR_CONNECTION_LOST,
                              _("The connection to the server was lost."));
}

/* ------------------------------------------------------------------ */
/* The object                                                         */
/* ------------------------------------------------------------------ */

static void
mm_lobby_client_dispose (GObject *object)
{
  MmLobbyClient *self = MM_LOBBY_CLIENT (object);

  mm_lobby_client_disconnect (self);
  g_clear_pointer (&self->games, g_hash_table_unref);

  G_OBJECT_CLASS (mm_lobby_client_parent_class)->dispose (object);
}

static void
mm_lobby_client_finalize (GObject *object)
{
  MmLobbyClient *self = MM_LOBBY_CLIENT (object);

  g_free (self->host);
  g_free (self->attempt_host);
  g_strfreev (self->servers);
  g_clear_object (&self->pins);
  g_free (self->fingerprint);
  g_free (self->wanted_name);
  g_free (self->server_name);
  g_free (self->name);
  g_free (self->token);
  g_clear_error (&self->close_reason);
  g_hash_table_unref (self->pending);
  for (guint i = 0; i < MM_LOBBY_CLIENT_N_TOPICS; i++)
    g_object_unref (self->lists[i]);

  G_OBJECT_CLASS (mm_lobby_client_parent_class)->finalize (object);
}

static void
mm_lobby_client_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  MmLobbyClient *self = MM_LOBBY_CLIENT (object);

  switch (prop_id)
    {
    case MM_LOBBY_CLIENT_PROP_STATE:
      g_value_set_enum (value, self->state);
      break;
    case MM_LOBBY_CLIENT_PROP_RECONNECT_SECONDS:
      g_value_set_uint (value, self->reconnect_seconds);
      break;
    case MM_LOBBY_CLIENT_PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case MM_LOBBY_CLIENT_PROP_RATING:
      g_value_set_int (value, self->rating);
      break;
    case MM_LOBBY_CLIENT_PROP_DEGRADED:
      g_value_set_boolean (value, self->degraded);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_lobby_client_class_init (MmLobbyClientClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mm_lobby_client_dispose;
  object_class->finalize = mm_lobby_client_finalize;
  object_class->get_property = mm_lobby_client_get_property;

  mm_lobby_client_properties[MM_LOBBY_CLIENT_PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, MM_TYPE_LOBBY_CLIENT_STATE,
                       MM_LOBBY_CLIENT_DISCONNECTED,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* While reconnecting: the seconds before the next attempt. */
  mm_lobby_client_properties[MM_LOBBY_CLIENT_PROP_RECONNECT_SECONDS] =
    g_param_spec_uint ("reconnect-seconds", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  mm_lobby_client_properties[MM_LOBBY_CLIENT_PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  mm_lobby_client_properties[MM_LOBBY_CLIENT_PROP_RATING] =
    g_param_spec_int ("rating", NULL, NULL, -1, 5000, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The server has lost its database for now (a server of a cluster):
   * moves may be refused until it is back. */
  mm_lobby_client_properties[MM_LOBBY_CLIENT_PROP_DEGRADED] =
    g_param_spec_boolean ("degraded", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, MM_LOBBY_CLIENT_N_PROPS,
                                     mm_lobby_client_properties);

  /* Lobby chat: who said what. */
  mm_lobby_client_signals[MM_LOBBY_CLIENT_SIGNAL_CHAT] =
    g_signal_new ("chat", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
  /* Someone offers the person a game (an MmLobbyOffer). */
  mm_lobby_client_signals[MM_LOBBY_CLIENT_SIGNAL_CHALLENGED] =
    g_signal_new ("challenged", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, MM_TYPE_LOBBY_OFFER);
  /* A challenge is no more: the id, and TRUE when declined (else the
   * challenger withdrew it). */
  mm_lobby_client_signals[MM_LOBBY_CLIENT_SIGNAL_CHALLENGE_ENDED] =
    g_signal_new ("challenge-ended", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_BOOLEAN);
  /* A game of the person's began (an MmOnlineGame), or was found again
   * on the server. */
  mm_lobby_client_signals[MM_LOBBY_CLIENT_SIGNAL_GAME_STARTED] =
    g_signal_new ("game-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_OBJECT);
  /* The client is disconnected for good, and why. */
  mm_lobby_client_signals[MM_LOBBY_CLIENT_SIGNAL_DISCONNECTED] =
    g_signal_new ("disconnected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
mm_lobby_client_init (MmLobbyClient *self)
{
  self->rating = -1;
  self->pending = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < MM_LOBBY_CLIENT_N_TOPICS; i++)
    self->lists[i] = mm_lobby_list_new (i);
  self->games = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
  self->connect_timeout_s = 20;
  self->first_delay_s = 1;
  self->longest_delay_s = 16;
}

/* A client of the server at @host and @port, in TLS when @tls, trusting
 * the self-signed certificates in @pins (NULL: none). */
MmLobbyClient *
mm_lobby_client_new (const char        *host,
                     guint16            port,
                     gboolean           tls,
                     MmCertificatePins *pins)
{
  MmLobbyClient *self = g_object_new (MM_TYPE_LOBBY_CLIENT, NULL);

  self->host = g_strdup (host);
  self->port = port;
  self->tls = tls;
  self->pins = pins != NULL ? g_object_ref (pins) : NULL;
  return self;
}

const char *
mm_lobby_client_get_host (MmLobbyClient *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_CLIENT (self), NULL);
  return self->host;
}

guint16
mm_lobby_client_get_port (MmLobbyClient *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_CLIENT (self), 0);
  return self->port;
}

/* The SHA-256 fingerprint of the certificate the server showed last
 * (to show when asking whether to trust it), or NULL. */
const char *
mm_lobby_client_get_fingerprint (MmLobbyClient *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_CLIENT (self), NULL);
  return self->fingerprint;
}

/* How long to wait before the first reconnection, and at most. */
void
mm_lobby_client_set_reconnect_delays (MmLobbyClient *self,
                                      guint          first_s,
                                      guint          longest_s)
{
  g_return_if_fail (MM_IS_LOBBY_CLIENT (self));

  self->first_delay_s = MAX (first_s, 1);
  self->longest_delay_s = MAX (longest_s, self->first_delay_s);
}

/**
 * mm_lobby_client_log_in_async:
 * @name: the name wanted (a guest's) or the account's
 * @password: (nullable): a registered player's; NULL plays as a guest
 * @register_account: makes the account @name with @password first
 *
 * Connects, says hello and logs in; then the lobby's lists fill.
 */
void
mm_lobby_client_log_in_async (MmLobbyClient       *self,
                              const char          *name,
                              const char          *password,
                              gboolean             register_account,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (MM_IS_LOBBY_CLIENT (self));
  g_return_if_fail (name != NULL);

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mm_lobby_client_log_in_async);
  if (self->state != MM_LOBBY_CLIENT_DISCONNECTED)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_BUSY,
                               _("Already connected to a server."));
      return;
    }
  g_free (self->wanted_name);
  self->wanted_name = g_strdup (name);
  g_free (self->password);
  self->password = g_strdup (password);
  self->register_account = register_account;
  self->resuming = FALSE;
  self->log_in = g_steal_pointer (&task);
  mm_lobby_client_attempt (self);
}

gboolean
mm_lobby_client_log_in_finish (MmLobbyClient  *self,
                               GAsyncResult   *result,
                               GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* Leaves the server: the session ends at once (a game in progress is
 * lost: resign first), and nothing comes back by itself. */
void
mm_lobby_client_disconnect (MmLobbyClient *self)
{
  g_return_if_fail (MM_IS_LOBBY_CLIENT (self));

  g_clear_handle_id (&self->countdown_source, g_source_remove);
  if (self->attempt != NULL)
    {
      g_cancellable_cancel (self->attempt);
      g_clear_object (&self->attempt);
    }
  if (self->state == MM_LOBBY_CLIENT_CONNECTED && self->connection != NULL)
    {
      /* Said before the line closes, so that the session ends now
       * rather than wait for the grace period. */
      g_autoptr(JsonObject) logout = mm_protocol_new_message ("logout", NULL);

      mm_connection_send (self->connection, logout);
    }
  self->resuming = FALSE;
  g_clear_pointer (&self->token, g_free);
  mm_lobby_client_drop_connection (self);
  if (self->log_in != NULL)
    mm_lobby_client_finish_log_in (self, g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                                              _("Connecting was cancelled.")));
  mm_lobby_client_set_state (self, MM_LOBBY_CLIENT_DISCONNECTED);
}

MmLobbyClientState
mm_lobby_client_get_state (MmLobbyClient *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_CLIENT (self), MM_LOBBY_CLIENT_DISCONNECTED);
  return self->state;
}

/* Whether the server has said it cannot reach its database. */
gboolean
mm_lobby_client_is_degraded (MmLobbyClient *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_CLIENT (self), FALSE);

  return self->degraded;
}

guint
mm_lobby_client_get_reconnect_seconds (MmLobbyClient *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_CLIENT (self), 0);
  return self->reconnect_seconds;
}

/* The name the server keeps for the person, once logged in. */
const char *
mm_lobby_client_get_name (MmLobbyClient *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_CLIENT (self), NULL);
  return self->name;
}

gboolean
mm_lobby_client_is_guest (MmLobbyClient *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_CLIENT (self), TRUE);
  return self->guest;
}

/* The person's rating, or -1 for a guest. */
int
mm_lobby_client_get_rating (MmLobbyClient *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_CLIENT (self), -1);
  return self->rating;
}

const char *
mm_lobby_client_get_server_name (MmLobbyClient *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_CLIENT (self), NULL);
  return self->server_name;
}

/* The longest chat line the server takes, in characters. */
guint
mm_lobby_client_get_max_chat (MmLobbyClient *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_CLIENT (self), 0);
  return self->max_chat;
}

/* The players present (MmLobbyPlayer), as the server lists them. */
GListModel *
mm_lobby_client_get_players (MmLobbyClient *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_CLIENT (self), NULL);
  return mm_lobby_list_get_model (self->lists[MM_LOBBY_TOPIC_PLAYERS]);
}

/* The open games (MmLobbyOffer) anyone may take. */
GListModel *
mm_lobby_client_get_seeks (MmLobbyClient *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_CLIENT (self), NULL);
  return mm_lobby_list_get_model (self->lists[MM_LOBBY_TOPIC_SEEKS]);
}

/* The games being played (MmLobbyGame), to watch. */
GListModel *
mm_lobby_client_get_games (MmLobbyClient *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_CLIENT (self), NULL);
  return mm_lobby_list_get_model (self->lists[MM_LOBBY_TOPIC_GAMES]);
}

GSocketConnection *
_mm_lobby_client_get_socket (MmLobbyClient *self)
{
  return self->socket;
}

void
_mm_lobby_client_set_connect_timeout (MmLobbyClient *self,
                                      guint          seconds)
{
  self->connect_timeout_s = seconds;
}
