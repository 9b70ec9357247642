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

#define G_LOG_DOMAIN "mm-lobby-client"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-connection.h"
#include "mm-handshake.h"
#include "mm-lobby-client-private.h"
#include "mm-lobby-game.h"
#include "mm-lobby-list.h"
#include "mm-lobby-refusal.h"
#include "mm-lobby-player.h"
#include "mm-online-game.h"
#include "mm-protocol.h"
#include "mm-tls.h"

/* The lobby's lists the client follows, in the order subscribed. */
#define N_TOPICS (MM_LOBBY_TOPIC_GAMES + 1)

struct _MmLobbyClient
{
  GObject             parent_instance;

  char               *host;
  guint16             port;
  /* The lobby's other servers (host:port), from the welcome of a
   * cluster's server: a session whose server is gone resumes on one */
  GStrv               servers;
  /* Where the attempt in progress goes, and whether that is another of
   * the lobby's servers than host:port */
  char               *attempt_host;
  guint16             attempt_port;
  gboolean            attempt_elsewhere;
  /* Attempts since the line dropped */
  guint               tries;
  gboolean            tls;
  MmCertificatePins  *pins;
  /* The certificate the server showed last, and what was wrong with it */
  char               *fingerprint;
  int                 trust_problem;

  MmLobbyClientState  state;
  /* The attempt to connect in progress; a person's log-in waits on it */
  GCancellable       *attempt;
  GTask              *log_in;
  char               *wanted_name;
  char               *password;
  gboolean            register_account;
  gboolean            resuming;

  GSocketConnection  *socket;
  MmConnection       *connection;
  /* Why the server said it closes, if it said */
  GError             *close_reason;

  char               *server_name;
  guint               max_chat;
  guint               grace_s;
  char               *name;
  gboolean            guest;
  int                 rating;
  char               *token;

  guint               next_id;
  /* id → GTask of a request waiting for its reply */
  GHashTable         *pending;

  MmLobbyList        *lists[N_TOPICS];
  /* id → MmOnlineGame played or watched */
  GHashTable         *games;

  guint               connect_timeout_s;
  guint               first_delay_s;
  guint               longest_delay_s;
  guint               delay_s;
  guint               reconnect_seconds;
  guint               countdown_source;
  gint64              give_up_at;
  /* The server said it cannot reach its database */
  gboolean            degraded;
};

enum
{
  PROP_0,
  PROP_STATE,
  PROP_RECONNECT_SECONDS,
  PROP_NAME,
  PROP_RATING,
  PROP_DEGRADED,
  N_PROPS
};

enum
{
  SIGNAL_CHAT,
  SIGNAL_CHALLENGED,
  SIGNAL_CHALLENGE_ENDED,
  SIGNAL_GAME_STARTED,
  SIGNAL_DISCONNECTED,
  N_SIGNALS
};

enum
{
  TRUST_OK,
  TRUST_UNKNOWN,
  TRUST_CHANGED,
};

static GParamSpec *properties[N_PROPS];

static void mm_lobby_client_set_degraded (MmLobbyClient *self,
                                          gboolean       degraded);
static guint signals[N_SIGNALS];

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

static void mm_lobby_client_attempt (MmLobbyClient *self);
static void mm_lobby_client_connection_lost (MmLobbyClient *self,
                                             const GError  *error);

/* ------------------------------------------------------------------ */
/* Errors                                                             */
/* ------------------------------------------------------------------ */

static GError *
mm_lobby_client_new_lost_error (void)
{
  return g_error_new_literal (MM_LOBBY_CLIENT_ERROR, MM_LOBBY_CLIENT_ERROR_CONNECTION_LOST,
                              _("The connection to the server was lost."));
}

/* ------------------------------------------------------------------ */
/* Requests                                                           */
/* ------------------------------------------------------------------ */

static void
mm_lobby_client_fail_pending (MmLobbyClient *self)
{
  g_autoptr(GHashTable) pending = g_steal_pointer (&self->pending);
  GHashTableIter iter;
  gpointer task;

  self->pending = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_iter_init (&iter, pending);
  while (g_hash_table_iter_next (&iter, NULL, &task))
    {
      g_task_return_error (task, mm_lobby_client_new_lost_error ());
      g_object_unref (task);
    }
}

/* Sends @request with an id of its own; @task has the reply, or the
 * refusal as a GError.  Before the session too (hello, log-in). */
static void
mm_lobby_client_send_task (MmLobbyClient *self,
                           JsonObject    *request,
                           GTask         *task)
{
  char id[16];

  if (self->connection == NULL)
    {
      g_task_return_new_error (task, MM_LOBBY_CLIENT_ERROR, MM_LOBBY_CLIENT_ERROR_NOT_CONNECTED,
                               _("Not connected to a server."));
      g_object_unref (task);
      return;
    }
  g_snprintf (id, sizeof id, "%u", ++self->next_id);
  json_object_set_string_member (request, "id", id);
  g_hash_table_insert (self->pending, g_strdup (id), task);
  mm_connection_send (self->connection, request);
}

static gboolean
mm_lobby_client_take_reply (MmLobbyClient *self,
                            JsonObject    *message)
{
  const char *id = json_object_get_string_member_with_default (message, "id", NULL);
  gpointer key, value;
  GTask *task;

  if (id == NULL || !g_hash_table_steal_extended (self->pending, id, &key, &value))
    return FALSE;
  g_free (key);
  task = value;
  if (g_str_equal (mm_protocol_get_type (message), "error"))
    g_task_return_error (task, mm_lobby_refusal_to_error (message));
  else
    g_task_return_pointer (task, json_object_ref (message), (GDestroyNotify) json_object_unref);
  g_object_unref (task);
  return TRUE;
}

/**
 * mm_lobby_client_request_async:
 * @request: a client message of the protocol, without an id
 *
 * Sends @request; the reply (ok, or the message the protocol names)
 * comes to @callback, a refusal as a GError of %MM_PROTOCOL_ERROR with a
 * sentence for the person, a lost connection as
 * %MM_LOBBY_CLIENT_ERROR_CONNECTION_LOST.
 */
void
mm_lobby_client_request_async (MmLobbyClient       *self,
                               JsonObject          *request,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  GTask *task;

  g_return_if_fail (MM_IS_LOBBY_CLIENT (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mm_lobby_client_request_async);
  if (self->state != MM_LOBBY_CLIENT_CONNECTED)
    {
      g_task_return_new_error (task, MM_LOBBY_CLIENT_ERROR, MM_LOBBY_CLIENT_ERROR_NOT_CONNECTED,
                               self->state == MM_LOBBY_CLIENT_RECONNECTING
                               ? _("The connection to the server is being restored; try again in a moment.")
                               : _("Not connected to a server."));
      g_object_unref (task);
      return;
    }
  mm_lobby_client_send_task (self, request, task);
}

/* The reply, to free with json_object_unref(). */
JsonObject *
mm_lobby_client_request_finish (MmLobbyClient  *self,
                                GAsyncResult   *result,
                                GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

static void
mm_lobby_client_ignore_reply_cb (GObject      *source,
                                 GAsyncResult *result,
                                 gpointer      user_data)
{
  g_autoptr(JsonObject) reply = NULL;
  g_autoptr(GError) error = NULL;

  reply = g_task_propagate_pointer (G_TASK (result), &error);
  if (error != NULL
      && !g_error_matches (error, MM_LOBBY_CLIENT_ERROR, MM_LOBBY_CLIENT_ERROR_CONNECTION_LOST))
    g_debug ("The server refused %s: %s", (const char *) user_data, error->message);
}

/* A request whose reply matters to nobody (subscriptions). */
static void
mm_lobby_client_send_quietly (MmLobbyClient *self,
                              JsonObject    *request,
                              const char    *what)
{
  GTask *task = g_task_new (self, NULL, mm_lobby_client_ignore_reply_cb, (gpointer) what);

  mm_lobby_client_send_task (self, request, task);
}

/* A request of @type whose one member @member is @value (NULL: none). */
JsonObject *
mm_lobby_client_new_request (const char *type,
                             const char *member,
                             const char *value)
{
  JsonObject *request = mm_protocol_new_message (type, NULL);

  if (member != NULL)
    json_object_set_string_member (request, member, value);
  return request;
}

static void
mm_lobby_client_set_offer_terms (JsonObject   *request,
                                 MmLobbyColor  color,
                                 guint         base,
                                 guint         increment,
                                 gboolean      rated)
{
  json_object_set_string_member (request, "color", mm_lobby_color_to_string (color));
  json_object_set_int_member (request, "base", base);
  json_object_set_int_member (request, "increment", increment);
  json_object_set_boolean_member (request, "rated", rated);
}

/* An open game for anyone to take, @color being the seeker's; answered
 * with "seek-opened". */
JsonObject *
mm_lobby_client_new_seek (MmLobbyColor color,
                          guint        base,
                          guint        increment,
                          gboolean     rated)
{
  JsonObject *request = mm_protocol_new_message ("seek", NULL);

  mm_lobby_client_set_offer_terms (request, color, base, increment, rated);
  return request;
}

/* A game offered to @name; answered with "challenge-sent". */
JsonObject *
mm_lobby_client_new_challenge (const char   *name,
                               MmLobbyColor  color,
                               guint         base,
                               guint         increment,
                               gboolean      rated)
{
  JsonObject *request = mm_lobby_client_new_request ("challenge", "name", name);

  mm_lobby_client_set_offer_terms (request, color, base, increment, rated);
  return request;
}

/* ------------------------------------------------------------------ */
/* The lobby's lists                                                  */
/* ------------------------------------------------------------------ */

/* The rating of @name as the lobby lists it, or -1 (a guest, nobody). */
int
mm_lobby_client_lookup_rating (MmLobbyClient *self,
                               const char    *name)
{
  g_autoptr(MmLobbyPlayer) player = NULL;

  g_return_val_if_fail (MM_IS_LOBBY_CLIENT (self), -1);

  player = mm_lobby_list_lookup (self->lists[MM_LOBBY_TOPIC_PLAYERS], name);
  return player != NULL ? mm_lobby_player_get_rating (player) : -1;
}

static void
mm_lobby_client_player_changed (MmLobbyClient *self,
                                JsonObject    *player)
{
  mm_lobby_list_put (self->lists[MM_LOBBY_TOPIC_PLAYERS], player);
  if (g_strcmp0 (json_object_get_string_member (player, "name"), self->name) == 0
      && json_object_has_member (player, "rating"))
    {
      self->rating = (int) json_object_get_int_member (player, "rating");
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RATING]);
    }
}

/* ------------------------------------------------------------------ */
/* Games                                                              */
/* ------------------------------------------------------------------ */

static MmOnlineGame *
mm_lobby_client_add_game (MmLobbyClient *self,
                          JsonObject    *started)
{
  MmOnlineGame *game = _mm_online_game_new (self, started, self->name);

  g_hash_table_replace (self->games, g_strdup (mm_online_game_get_id (game)), game);
  return game;
}

/* The game @id played or watched here, or NULL. */
MmOnlineGame *
mm_lobby_client_get_game (MmLobbyClient *self,
                          const char    *id)
{
  g_return_val_if_fail (MM_IS_LOBBY_CLIENT (self), NULL);

  return g_hash_table_lookup (self->games, id);
}

void
_mm_lobby_client_forget_game (MmLobbyClient *self,
                              MmOnlineGame  *game)
{
  g_hash_table_remove (self->games, mm_online_game_get_id (game));
}

static void
mm_lobby_client_game_started (MmLobbyClient *self,
                              JsonObject    *message)
{
  MmOnlineGame *game = mm_lobby_client_add_game (self, message);

  g_signal_emit (self, signals[SIGNAL_GAME_STARTED], 0, game);
}

/* A game's state comes after a resume (the game goes on as it was) and
 * after a restart of the server. */
static void
mm_lobby_client_game_state (MmLobbyClient *self,
                            JsonObject    *message)
{
  const char *id = json_object_get_string_member (message, "game");
  MmOnlineGame *game = g_hash_table_lookup (self->games, id);

  if (game != NULL)
    {
      _mm_online_game_handle (game, "game-state", message);
      return;
    }
  game = mm_lobby_client_add_game (self, message);
  _mm_online_game_handle (game, "game-state", message);
  g_signal_emit (self, signals[SIGNAL_GAME_STARTED], 0, game);
}

static void
mm_lobby_client_watch_cb (GObject      *source,
                          GAsyncResult *result,
                          gpointer      user_data)
{
  MmLobbyClient *self = MM_LOBBY_CLIENT (source);
  g_autoptr(GTask) task = user_data;
  g_autoptr(JsonObject) state = NULL;
  GError *error = NULL;
  MmOnlineGame *game;

  state = mm_lobby_client_request_finish (self, result, &error);
  if (state == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  game = g_hash_table_lookup (self->games, json_object_get_string_member (state, "game"));
  if (game == NULL)
    game = mm_lobby_client_add_game (self, state);
  _mm_online_game_handle (game, "game-state", state);
  g_task_return_pointer (task, g_object_ref (game), g_object_unref);
}

/* Watches the game @game: the MmOnlineGame comes with its state, and
 * follows the game from then on. */
void
mm_lobby_client_watch_async (MmLobbyClient       *self,
                             const char          *game,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  GTask *task;
  g_autoptr(JsonObject) watch = NULL;

  g_return_if_fail (MM_IS_LOBBY_CLIENT (self));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, mm_lobby_client_watch_async);
  watch = mm_lobby_client_new_request ("watch", "game", game);
  mm_lobby_client_request_async (self, watch, cancellable, mm_lobby_client_watch_cb, task);
}

MmOnlineGame *
mm_lobby_client_watch_finish (MmLobbyClient  *self,
                              GAsyncResult   *result,
                              GError        **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}

/* After a resume the server has forgotten what the connection watched. */
static void
mm_lobby_client_watch_again (MmLobbyClient *self)
{
  GHashTableIter iter;
  gpointer game;

  g_hash_table_iter_init (&iter, self->games);
  while (g_hash_table_iter_next (&iter, NULL, &game))
    if (mm_online_game_is_spectator (game) && !mm_online_game_is_over (game))
      {
        g_autoptr(JsonObject) watch = mm_lobby_client_new_request ("watch", "game",
                                                                   mm_online_game_get_id (game));

        mm_lobby_client_request_async (self, watch, NULL, mm_lobby_client_watch_cb,
                                       g_task_new (self, NULL, NULL, NULL));
      }
}

/* ------------------------------------------------------------------ */
/* What the server says                                               */
/* ------------------------------------------------------------------ */

static gboolean
mm_lobby_client_route_to_game (MmLobbyClient *self,
                               const char    *type,
                               JsonObject    *message)
{
  static const char *const game_types[] = {
    "moved", "passed", "undone", "undo-asked", "undo-refused", "rematch-asked",
    "opponent-away", "opponent-back", "game-ended", NULL,
  };
  MmOnlineGame *game;

  if (!g_strv_contains (game_types, type))
    return FALSE;
  game = g_hash_table_lookup (self->games, json_object_get_string_member (message, "game"));
  if (game != NULL)
    _mm_online_game_handle (game, type, message);
  return TRUE;
}

static void
mm_lobby_client_said (MmLobbyClient *self,
                      JsonObject    *said)
{
  const char *room = json_object_get_string_member (said, "room");
  const char *game_id = json_object_get_string_member_with_default (said, "game", NULL);
  MmOnlineGame *game = game_id != NULL ? g_hash_table_lookup (self->games, game_id) : NULL;

  if (game != NULL)
    _mm_online_game_handle (game, "said", said);
  else if (g_str_equal (room, "lobby"))
    g_signal_emit (self, signals[SIGNAL_CHAT], 0, json_object_get_string_member (said, "from"),
                   json_object_get_string_member (said, "text"));
}

static void
mm_lobby_client_dispatch (MmLobbyClient *self,
                          JsonObject    *message)
{
  const char *type = mm_protocol_get_type (message);

  if (mm_lobby_client_route_to_game (self, type, message))
    return;
  if (g_str_equal (type, "players"))
    mm_lobby_list_take_page (self->lists[MM_LOBBY_TOPIC_PLAYERS], message);
  else if (g_str_equal (type, "player-added") || g_str_equal (type, "player-changed"))
    mm_lobby_client_player_changed (self, message);
  else if (g_str_equal (type, "player-removed"))
    mm_lobby_list_remove (self->lists[MM_LOBBY_TOPIC_PLAYERS], json_object_get_string_member (message, "name"));
  else if (g_str_equal (type, "seeks"))
    mm_lobby_list_take_page (self->lists[MM_LOBBY_TOPIC_SEEKS], message);
  else if (g_str_equal (type, "seek-added"))
    mm_lobby_list_put (self->lists[MM_LOBBY_TOPIC_SEEKS], message);
  else if (g_str_equal (type, "seek-removed"))
    mm_lobby_list_remove (self->lists[MM_LOBBY_TOPIC_SEEKS], json_object_get_string_member (message, "seek"));
  else if (g_str_equal (type, "games"))
    mm_lobby_list_take_page (self->lists[MM_LOBBY_TOPIC_GAMES], message);
  else if (g_str_equal (type, "game-added"))
    mm_lobby_list_put (self->lists[MM_LOBBY_TOPIC_GAMES], message);
  else if (g_str_equal (type, "game-removed"))
    mm_lobby_list_remove (self->lists[MM_LOBBY_TOPIC_GAMES], json_object_get_string_member (message, "game"));
  else if (g_str_equal (type, "said"))
    mm_lobby_client_said (self, message);
  else if (g_str_equal (type, "challenged"))
    {
      g_autoptr(MmLobbyOffer) challenge = mm_lobby_offer_new_from_json (message, "challenge");

      g_signal_emit (self, signals[SIGNAL_CHALLENGED], 0, challenge);
    }
  else if (g_str_equal (type, "challenge-declined") || g_str_equal (type, "challenge-cancelled"))
    g_signal_emit (self, signals[SIGNAL_CHALLENGE_ENDED], 0,
                   json_object_get_string_member (message, "challenge"),
                   g_str_equal (type, "challenge-declined"));
  else if (g_str_equal (type, "game-started"))
    mm_lobby_client_game_started (self, message);
  else if (g_str_equal (type, "server-degraded"))
    mm_lobby_client_set_degraded (self, json_object_get_boolean_member (message, "degraded"));
  else if (g_str_equal (type, "game-state"))
    mm_lobby_client_game_state (self, message);
  else if (g_str_equal (type, "error"))
    {
      /* Unasked: the server says why it is about to close. */
      g_clear_error (&self->close_reason);
      self->close_reason = mm_lobby_refusal_to_error (message);
    }
}

static void
mm_lobby_client_message_cb (MmConnection  *connection,
                            JsonObject    *message,
                            MmLobbyClient *self)
{
  g_autoptr(MmLobbyClient) hold = g_object_ref (self);

  if (g_str_equal (mm_protocol_get_type (message), "ping"))
    {
      g_autoptr(JsonObject) pong = mm_protocol_new_message (
        "pong", json_object_get_string_member_with_default (message, "id", NULL));

      mm_connection_send (connection, pong);
      return;
    }
  if (!mm_lobby_client_take_reply (self, message))
    mm_lobby_client_dispatch (self, message);
}

/* ------------------------------------------------------------------ */
/* Connecting and coming back                                         */
/* ------------------------------------------------------------------ */

static void
mm_lobby_client_set_state (MmLobbyClient      *self,
                           MmLobbyClientState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static void
mm_lobby_client_set_degraded (MmLobbyClient *self,
                              gboolean       degraded)
{
  if (self->degraded == degraded)
    return;
  self->degraded = degraded;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEGRADED]);
}

static void
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
  for (guint i = 0; i < N_TOPICS; i++)
    mm_lobby_list_drop_snapshot (self->lists[i]);
  mm_lobby_client_fail_pending (self);
}

static void
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
      g_signal_emit (self, signals[SIGNAL_DISCONNECTED], 0, error);
      g_error_free (error);
    }
}

static void
mm_lobby_client_subscribe_all (MmLobbyClient *self)
{
  for (guint i = 0; i < N_TOPICS; i++)
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
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RATING]);
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

static void
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
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RECONNECT_SECONDS]);
      return G_SOURCE_CONTINUE;
    }
  self->countdown_source = 0;
  self->reconnect_seconds = 0;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RECONNECT_SECONDS]);
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
          g_signal_emit (self, signals[SIGNAL_DISCONNECTED], 0, reason);
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
      g_signal_emit (self, signals[SIGNAL_DISCONNECTED], 0, gone);
      return;
    }

  self->reconnect_seconds = MAX (self->delay_s, 1);
  self->delay_s = MIN (self->delay_s * 2, self->longest_delay_s);
  g_clear_handle_id (&self->countdown_source, g_source_remove);
  self->countdown_source = g_timeout_add_seconds (1, mm_lobby_client_countdown_cb, self);
  mm_lobby_client_set_state (self, MM_LOBBY_CLIENT_RECONNECTING);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RECONNECT_SECONDS]);
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
  for (guint i = 0; i < N_TOPICS; i++)
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
    case PROP_STATE:
      g_value_set_enum (value, self->state);
      break;
    case PROP_RECONNECT_SECONDS:
      g_value_set_uint (value, self->reconnect_seconds);
      break;
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_RATING:
      g_value_set_int (value, self->rating);
      break;
    case PROP_DEGRADED:
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

  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, MM_TYPE_LOBBY_CLIENT_STATE,
                       MM_LOBBY_CLIENT_DISCONNECTED,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* While reconnecting: the seconds before the next attempt. */
  properties[PROP_RECONNECT_SECONDS] =
    g_param_spec_uint ("reconnect-seconds", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RATING] =
    g_param_spec_int ("rating", NULL, NULL, -1, 5000, -1,
                      G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The server has lost its database for now (a server of a cluster):
   * moves may be refused until it is back. */
  properties[PROP_DEGRADED] =
    g_param_spec_boolean ("degraded", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Lobby chat: who said what. */
  signals[SIGNAL_CHAT] =
    g_signal_new ("chat", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
  /* Someone offers the person a game (an MmLobbyOffer). */
  signals[SIGNAL_CHALLENGED] =
    g_signal_new ("challenged", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, MM_TYPE_LOBBY_OFFER);
  /* A challenge is no more: the id, and TRUE when declined (else the
   * challenger withdrew it). */
  signals[SIGNAL_CHALLENGE_ENDED] =
    g_signal_new ("challenge-ended", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_BOOLEAN);
  /* A game of the person's began (an MmOnlineGame), or was found again
   * on the server. */
  signals[SIGNAL_GAME_STARTED] =
    g_signal_new ("game-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_OBJECT);
  /* The client is disconnected for good, and why. */
  signals[SIGNAL_DISCONNECTED] =
    g_signal_new ("disconnected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
mm_lobby_client_init (MmLobbyClient *self)
{
  self->rating = -1;
  self->pending = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < N_TOPICS; i++)
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
