/* mm-lobby-client-messages.c
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

/* What MmLobbyClient sends and hears once connected: requests, each
 * with an id and a GTask that waits for its reply; the lobby's lists,
 * kept from the pages and changes the server sends; the games played or
 * watched (MmOnlineGame), each given its own messages; and the rest of
 * what the server says unasked (chat, challenges, a degraded server,
 * why it closes).  Making the connection that these go over is
 * mm-lobby-client-connection.c's. */

#define G_LOG_DOMAIN "mm-lobby-client"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-lobby-client-private.h"
#include "mm-lobby-player.h"
#include "mm-lobby-refusal.h"
#include "mm-online-game.h"
#include "mm-protocol.h"

/* ------------------------------------------------------------------ */
/* Requests                                                           */
/* ------------------------------------------------------------------ */

void
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
void
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
void
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
      g_object_notify_by_pspec (G_OBJECT (self),
                                mm_lobby_client_properties[MM_LOBBY_CLIENT_PROP_RATING]);
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

  g_signal_emit (self, mm_lobby_client_signals[MM_LOBBY_CLIENT_SIGNAL_GAME_STARTED], 0, game);
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
  g_signal_emit (self, mm_lobby_client_signals[MM_LOBBY_CLIENT_SIGNAL_GAME_STARTED], 0, game);
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
void
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
    g_signal_emit (self, mm_lobby_client_signals[MM_LOBBY_CLIENT_SIGNAL_CHAT], 0,
                   json_object_get_string_member (said, "from"),
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

      g_signal_emit (self, mm_lobby_client_signals[MM_LOBBY_CLIENT_SIGNAL_CHALLENGED], 0,
                     challenge);
    }
  else if (g_str_equal (type, "challenge-declined") || g_str_equal (type, "challenge-cancelled"))
    g_signal_emit (self, mm_lobby_client_signals[MM_LOBBY_CLIENT_SIGNAL_CHALLENGE_ENDED], 0,
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

void
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
