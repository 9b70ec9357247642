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
  if (g_hash_table_size (session->peer->watching) > 0
      || (session->peer->watching_elsewhere != NULL
          && g_hash_table_size (session->peer->watching_elsewhere) > 0))
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

/* A player on another server of the cluster, as its row says. */
static void
set_player_elsewhere_members (JsonObject            *object,
                              const MmClusterPlayer *player)
{
  json_object_set_string_member (object, "name", player->name);
  json_object_set_boolean_member (object, "guest", player->guest);
  json_object_set_string_member (object, "status", player->status);
  if (player->rating >= 0)
    {
      json_object_set_int_member (object, "rating", player->rating);
      json_object_set_int_member (object, "deviation", player->deviation);
    }
}

static JsonObject *
new_player_elsewhere (const MmClusterPlayer *player)
{
  JsonObject *object = json_object_new ();

  set_player_elsewhere_members (object, player);
  return object;
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

/* Adds @player to the page, and sends the page when it is full. */
static void
add_to_page (MmLobbyPeer  *peer,
             JsonArray   **players,
             JsonObject   *player)
{
  json_array_add_object_element (*players, player);
  if (json_array_get_length (*players) == PLAYERS_PER_PAGE)
    {
      send_page (peer, *players, FALSE);
      g_clear_pointer (players, json_array_unref);
      *players = json_array_new ();
    }
}

static void
send_snapshot (MmLobbyServer *self,
               MmLobbyPeer   *peer)
{
  g_autoptr(JsonArray) players = json_array_new ();
  GHashTableIter iter;
  gpointer value;

  g_autoptr(GList) elsewhere = NULL;

  g_hash_table_iter_init (&iter, self->sessions);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    add_to_page (peer, &players, new_player (value));
  if (self->cluster != NULL)
    elsewhere = mm_lobby_cluster_list_players (self->cluster);
  for (GList *l = elsewhere; l != NULL; l = l->next)
    {
      const MmClusterPlayer *player = l->data;

      if (!g_hash_table_contains (self->sessions, player->key))
        add_to_page (peer, &players, new_player_elsewhere (player));
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

/* The cluster's row for @session; its strings are the session's. */
static void
cluster_player_init (MmClusterPlayer *player,
                     MmLobbySession  *session)
{
  player->key = session->key;
  player->name = session->name;
  player->guest = session->guest;
  player->status = (char *) mm_lobby_session_get_status (session);
  player->rating = session->account != NULL ? (gint64) (session->account->rating + 0.5) : -1;
  player->deviation =
    session->account != NULL ? (gint64) (session->account->deviation + 0.5) : -1;
  player->server = NULL;
}

/* Tells the other servers what mm_lobby_presence_announce() tells this
 * one's watchers. */
static void
publish (MmLobbyServer  *self,
         MmLobbySession *session,
         const char     *change)
{
  MmClusterPlayer player;

  if (session == NULL)
    {
      g_autofree char *key = mm_nickname_key (change);

      mm_lobby_cluster_withdraw_player (self->cluster, key);
      return;
    }
  cluster_player_init (&player, session);
  mm_lobby_cluster_publish_player (self->cluster, &player);
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

  /* A proxy's player is on another server, which tells of it. */
  if (session != NULL && session->proxy)
    return;
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
  if (self->cluster != NULL)
    publish (self, session, change);
}

/* A line of the lobby's chat, to those listening who do not ignore
 * its speaker. */
static void
tell_lobby (MmLobbyServer *self,
            const char    *from_key,
            const char    *from_name,
            const char    *text)
{
  g_autoptr(JsonObject) said = mm_protocol_new_message ("said", NULL);
  GHashTableIter iter;
  gpointer key;

  json_object_set_string_member (said, "room", "lobby");
  json_object_set_string_member (said, "from", from_name);
  json_object_set_string_member (said, "text", text);
  g_hash_table_iter_init (&iter, self->chat_listeners);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      MmLobbyPeer *listener = key;

      if (listener->session == NULL
          || !g_hash_table_contains (listener->session->ignored, from_key))
        mm_lobby_peer_send (listener, said);
    }
}

void
mm_lobby_presence_say (MmLobbyServer *self,
                       MmLobbyPeer   *peer,
                       JsonObject    *message,
                       const char    *id)
{
  const char *text = json_object_get_string_member (message, "text");

  if (self->limits.chat_length > 0 && g_utf8_strlen (text, -1) > self->limits.chat_length)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_BAD_FIELD,
                            /* Translators: protocol error; %u is a number of characters */
                            _("A chat line holds at most %u characters here."),
                            self->limits.chat_length);
      return;
    }
  mm_lobby_moderation_check_chat (self, peer, message, id);
}

/* The rest of mm_lobby_presence_say(), once the speaker is found not
 * muted. */
void
mm_lobby_presence_say_unmuted (MmLobbyServer *self,
                               MmLobbyPeer   *peer,
                               JsonObject    *message,
                               const char    *id)
{
  MmLobbySession *speaker = peer->session;
  const char *text = json_object_get_string_member (message, "text");

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
  tell_lobby (self, speaker->key, speaker->name, text);
  if (self->cluster != NULL)
    mm_lobby_cluster_say (self->cluster, speaker->key, speaker->name, text);
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

  if (!g_hash_table_contains (self->sessions, key) && !mm_lobby_presence_is_elsewhere (self, key))
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

/* The cluster. */

/* A player on another server came, changed or left: this server's
 * watchers are told, unless a player of its own has the name. */
static void
cluster_player_changed_cb (MmLobbyCluster        *cluster,
                           const char            *change,
                           const MmClusterPlayer *player,
                           MmLobbyServer         *self)
{
  g_autoptr(JsonObject) message = mm_protocol_new_message (change, NULL);

  if (g_str_equal (change, "player-removed"))
    mm_lobby_relay_player_gone (self, player->server, player->key);
  if (g_hash_table_contains (self->sessions, player->key))
    return;
  if (g_str_equal (change, "player-removed"))
    json_object_set_string_member (message, "name", player->name);
  else
    set_player_elsewhere_members (message, player);
  mm_lobby_presence_broadcast (self->player_watchers, message);
}

static void
cluster_said_cb (MmLobbyCluster *cluster,
                 const char     *from_key,
                 const char     *from_name,
                 const char     *text,
                 MmLobbyServer  *self)
{
  tell_lobby (self, from_key, from_name, text);
}

/* This server's seeks and games in progress, all of them, for the
 * others' lists. */
static void
relist (MmLobbyServer *self)
{
  g_autoptr(GHashTable) seeks = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                       (GDestroyNotify) json_object_unref);
  g_autoptr(GHashTable) games = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                                       (GDestroyNotify) json_object_unref);
  GHashTableIter iter;
  gpointer id, value;

  g_hash_table_iter_init (&iter, self->seeks);
  while (g_hash_table_iter_next (&iter, &id, &value))
    g_hash_table_insert (seeks, id, mm_lobby_seek_entry (value));
  g_hash_table_iter_init (&iter, self->games);
  while (g_hash_table_iter_next (&iter, &id, &value))
    if (!((MmLobbyGame *) value)->over)
      g_hash_table_insert (games, id, mm_lobby_game_entry (value));
  mm_lobby_relay_relist (self, "seek", seeks);
  mm_lobby_relay_relist (self, "game", games);
}

/* Tells @peer, or with @peer NULL everyone in, whether the server has
 * lost its database. */
void
mm_lobby_presence_tell_degraded (MmLobbyServer *self,
                                 MmLobbyPeer   *peer)
{
  g_autoptr(JsonObject) message = mm_protocol_new_message ("server-degraded", NULL);
  GHashTableIter iter;
  gpointer key;

  json_object_set_boolean_member (message, "degraded", self->degraded);
  if (peer != NULL)
    {
      mm_lobby_peer_send (peer, message);
      return;
    }
  g_hash_table_iter_init (&iter, self->peers);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (((MmLobbyPeer *) key)->session != NULL)
      mm_lobby_peer_send (key, message);
}

static void
set_degraded (MmLobbyServer *self,
              gboolean       degraded)
{
  if (self->degraded == degraded)
    return;
  self->degraded = degraded;
  mm_lobby_presence_tell_degraded (self, NULL);
}

/* A new connection to the database: this server's players, all of them
 * (the others may have marked them gone meanwhile). */
static void
cluster_connected_cb (MmLobbyCluster *cluster,
                      GParamSpec     *pspec,
                      MmLobbyServer  *self)
{
  g_autoptr(GPtrArray) players = NULL;
  GHashTableIter iter;
  gpointer value;

  if (!mm_lobby_cluster_get_connected (cluster))
    {
      mm_lobby_server_log (self, "the cluster's database is away: "
                           "the lobby is this server's alone until it is back");
      set_degraded (self, TRUE);
      return;
    }
  set_degraded (self, FALSE);
  players = g_ptr_array_new_with_free_func (g_free);
  g_hash_table_iter_init (&iter, self->sessions);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      MmClusterPlayer *player = g_new (MmClusterPlayer, 1);

      cluster_player_init (player, value);
      g_ptr_array_add (players, player);
    }
  mm_lobby_cluster_replace_players (cluster, players);
  relist (self);
}

static void
cluster_log_cb (MmLobbyCluster *cluster,
                const char     *line,
                MmLobbyServer  *self)
{
  mm_lobby_server_log (self, "%s", line);
}

void
mm_lobby_presence_join_cluster (MmLobbyServer *self)
{
  g_signal_connect (self->cluster, "player-changed", G_CALLBACK (cluster_player_changed_cb), self);
  g_signal_connect (self->cluster, "said", G_CALLBACK (cluster_said_cb), self);
  g_signal_connect (self->cluster, "notify::connected", G_CALLBACK (cluster_connected_cb), self);
  g_signal_connect (self->cluster, "log", G_CALLBACK (cluster_log_cb), self);
  g_signal_connect_swapped (self->cluster, "presumed-dead",
                            G_CALLBACK (mm_lobby_failover_step_down), self);
  if (mm_lobby_cluster_get_connected (self->cluster))
    cluster_connected_cb (self->cluster, NULL, self);
}

void
mm_lobby_presence_leave_cluster (MmLobbyServer *self)
{
  if (self->cluster == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->cluster, self);
  g_clear_object (&self->cluster);
}

/* Whether a player of the name key @key is on another server. */
gboolean
mm_lobby_presence_is_elsewhere (MmLobbyServer *self,
                                const char    *key)
{
  return self->cluster != NULL && mm_lobby_cluster_find_player (self->cluster, key) != NULL;
}
