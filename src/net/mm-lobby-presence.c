/* mm-lobby-presence.c
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

/* Who is present in the lobby, told to those who subscribe as a
 * snapshot and then as changes; and the lobby's chat. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-lobby-server-private.h"
#include "mm-nickname.h"

/* Players in one page of a snapshot: the protocol's bound, and well
 * inside a line of 16 KiB. */
#define PLAYERS_PER_PAGE 100

const char *
mm_lobby_session_get_status (MmLobbySession *session)
{
  if (session->peer == NULL)
    return "away";
  if (mm_lobby_session_is_playing (session))
    return "playing";
  if (g_hash_table_size (session->peer->watching) > 0)
    return "watching";
  return "idle";
}

static void
set_player_members (JsonObject     *object,
                    MmLobbySession *session)
{
  json_object_set_string_member (object, "name", session->name);
  json_object_set_boolean_member (object, "guest", session->guest);
  json_object_set_string_member (object, "status", mm_lobby_session_get_status (session));
  if (session->account != NULL)
    {
      json_object_set_int_member (object, "rating", (gint64) (session->account->rating + 0.5));
      json_object_set_int_member (object, "deviation",
                                  (gint64) (session->account->deviation + 0.5));
    }
}

static JsonObject *
new_player (MmLobbySession *session)
{
  JsonObject *player = json_object_new ();

  set_player_members (player, session);
  return player;
}

static void
send_page (MmLobbyPeer *peer,
           JsonArray   *players,
           gboolean     done)
{
  g_autoptr(JsonObject) page = mm_protocol_new_message ("players", NULL);

  json_object_set_array_member (page, "players", json_array_ref (players));
  json_object_set_boolean_member (page, "done", done);
  mm_lobby_peer_send (peer, page);
}

static void
send_snapshot (MmLobbyServer *self,
               MmLobbyPeer   *peer)
{
  g_autoptr(JsonArray) players = json_array_new ();
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->sessions);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      json_array_add_object_element (players, new_player (value));
      if (json_array_get_length (players) == PLAYERS_PER_PAGE)
        {
          send_page (peer, players, FALSE);
          g_clear_pointer (&players, json_array_unref);
          players = json_array_new ();
        }
    }
  send_page (peer, players, TRUE);
}

static GHashTable *
topic_set (MmLobbyServer *self,
           const char    *topic)
{
  if (g_str_equal (topic, "players"))
    return self->player_watchers;
  if (g_str_equal (topic, "seeks"))
    return self->seek_watchers;
  if (g_str_equal (topic, "games"))
    return self->game_watchers;
  return self->chat_listeners;
}

void
mm_lobby_presence_subscribe (MmLobbyServer *self,
                             MmLobbyPeer   *peer,
                             const char    *topic,
                             const char    *id)
{
  g_hash_table_add (topic_set (self, topic), peer);
  mm_lobby_peer_reply_ok (peer, id);
  if (g_str_equal (topic, "players"))
    send_snapshot (self, peer);
  else if (g_str_equal (topic, "seeks"))
    mm_lobby_seeks_send_snapshot (self, peer);
  else if (g_str_equal (topic, "games"))
    mm_lobby_games_send_snapshot (self, peer);
}

void
mm_lobby_presence_unsubscribe (MmLobbyServer *self,
                               MmLobbyPeer   *peer,
                               const char    *topic,
                               const char    *id)
{
  g_hash_table_remove (topic_set (self, topic), peer);
  mm_lobby_peer_reply_ok (peer, id);
}

void
mm_lobby_presence_forget_peer (MmLobbyServer *self,
                               MmLobbyPeer   *peer)
{
  g_hash_table_remove (self->player_watchers, peer);
  g_hash_table_remove (self->chat_listeners, peer);
  g_hash_table_remove (self->seek_watchers, peer);
  g_hash_table_remove (self->game_watchers, peer);
}

void
mm_lobby_presence_broadcast (GHashTable *peers,
                             JsonObject *message)
{
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, peers);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    mm_lobby_peer_send (key, message);
}

/* Tells the players' watchers of a change: @change is "player-added" or
 * "player-changed" for @session, or, with @session NULL, @change is the
 * name of a player who left. */
void
mm_lobby_presence_announce (MmLobbyServer  *self,
                            MmLobbySession *session,
                            const char     *change)
{
  g_autoptr(JsonObject) message = NULL;

  if (session == NULL)
    {
      message = mm_protocol_new_message ("player-removed", NULL);
      json_object_set_string_member (message, "name", change);
    }
  else
    {
      message = mm_protocol_new_message (change, NULL);
      set_player_members (message, session);
    }
  mm_lobby_presence_broadcast (self->player_watchers, message);
}

void
mm_lobby_presence_say (MmLobbyServer *self,
                       MmLobbyPeer   *peer,
                       JsonObject    *message,
                       const char    *id)
{
  MmLobbySession *speaker = peer->session;
  const char *text = json_object_get_string_member (message, "text");
  g_autoptr(JsonObject) said = NULL;
  GHashTableIter iter;
  gpointer key;

  if (self->limits.chat_length > 0 && g_utf8_strlen (text, -1) > self->limits.chat_length)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_BAD_FIELD,
                            /* Translators: protocol error; %u is a number of characters */
                            _("A chat line holds at most %u characters here."),
                            self->limits.chat_length);
      return;
    }
  if (mm_lobby_moderation_refuse_chat (self, peer, id))
    return;
  if (!mm_rate_limit_take (&speaker->chat, g_get_monotonic_time ()))
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_RATE_LIMITED,
                            /* Translators: protocol error */
                            _("You are chatting too fast: wait a moment."));
      return;
    }
  if (!g_str_equal (json_object_get_string_member (message, "room"), "lobby"))
    {
      mm_lobby_games_say (self, peer, message, id);
      return;
    }
  if (json_object_has_member (message, "game"))
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_UNKNOWN_FIELD,
                            /* Translators: protocol error; do not translate the quoted names */
                            _("The lobby’s chat names no “game”."));
      return;
    }
  mm_lobby_peer_reply_ok (peer, id);
  said = mm_protocol_new_message ("said", NULL);
  json_object_set_string_member (said, "room", "lobby");
  json_object_set_string_member (said, "from", speaker->name);
  json_object_set_string_member (said, "text", text);
  g_hash_table_iter_init (&iter, self->chat_listeners);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      MmLobbyPeer *listener = key;

      if (listener->session == NULL
          || !g_hash_table_contains (listener->session->ignored, speaker->key))
        mm_lobby_peer_send (listener, said);
    }
}

void
mm_lobby_presence_ignore (MmLobbyServer *self,
                          MmLobbyPeer   *peer,
                          JsonObject    *message,
                          const char    *id,
                          gboolean       ignore)
{
  const char *name = json_object_get_string_member (message, "name");
  g_autofree char *key = mm_nickname_key (name);

  if (!g_hash_table_contains (self->sessions, key))
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NO_SUCH_PLAYER,
                            /* Translators: protocol error; %s is a name */
                            _("Nobody called “%s” is here."), name);
      return;
    }
  if (ignore)
    g_hash_table_add (peer->session->ignored, g_steal_pointer (&key));
  else
    g_hash_table_remove (peer->session->ignored, key);
  mm_lobby_peer_reply_ok (peer, id);
}
