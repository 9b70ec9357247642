/* mm-lobby-relay.c
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

/* Games across the servers of a cluster.  A seek, and the game that
 * comes of it, belong to one server, its referee; every server lists
 * the others' seeks and games (shared entries).  A player on another
 * server who accepts a seek, plays or watches there is represented on
 * the referee by a proxy: a peer whose messages go back through the
 * database (mm_lobby_cluster_relay()) to the player's own server, which
 * sends them on.  That server forwards the player's requests about the
 * game to the referee the same way.  The referee's rules, clocks and
 * store are the ones that play local games: nothing of the game itself
 * is done twice. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-lobby-server-private.h"
#include "mm-nickname.h"

/* A proxy's key in the referee's table: the player's server and name
 * key. */
static char *
proxy_key (const char *home,
           const char *key)
{
  return g_strconcat (home, "\n", key, NULL);
}

static void
proxy_free (MmLobbyServer *self,
            MmLobbyPeer   *proxy)
{
  MmLobbySession *session = proxy->session;

  mm_lobby_games_forget_peer (self, proxy);
  if (session != NULL && session->game != NULL)
    mm_lobby_games_session_gone (self, session);
  /* Challenges to and from the player are called off, as when a player
   * here leaves. */
  if (session != NULL)
    mm_lobby_seeks_forget_session (self, session);
  if (session != NULL)
    mm_lobby_session_free (session);
  g_hash_table_unref (proxy->watching);
  g_free (proxy->address);
  g_free (proxy->home);
  g_free (proxy);
}

/* A proxy's account, read when the relayed message did not carry it (a
 * proxy made for a challenge, or a game taken up). */
typedef struct
{
  char            *name;
  char            *table_key;
  MmStoredAccount *account;
} ProxyAccount;

static void
proxy_account_free (ProxyAccount *lookup)
{
  g_free (lookup->name);
  g_free (lookup->table_key);
  g_clear_pointer (&lookup->account, mm_stored_account_free);
  g_free (lookup);
}

static gboolean
find_proxy_account (MmStore  *store,
                    gpointer  data,
                    GError  **error)
{
  ProxyAccount *lookup = data;
  GError *failed = NULL;

  lookup->account = mm_store_find_account (store, lookup->name, &failed);
  if (failed == NULL)
    return TRUE;
  g_propagate_error (error, failed);
  return FALSE;
}

static void
proxy_account_found (MmLobbyServer *self,
                     MmLobbyPeer   *peer,
                     gpointer       data,
                     const GError  *error)
{
  ProxyAccount *lookup = data;
  MmLobbyPeer *proxy = self->proxies != NULL ? g_hash_table_lookup (self->proxies,
                                                                    lookup->table_key) : NULL;
  MmLobbySession *session = proxy != NULL ? proxy->session : NULL;

  if (session == NULL || session->account != NULL)
    return;
  session->account = g_steal_pointer (&lookup->account);
  session->guest = session->account == NULL;
}

/* The account a relayed message carries: the player's server has it
 * from the database, kept up to date with the ratings relayed back. */
static MmStoredAccount *
account_from (JsonObject *who,
              const char *name)
{
  MmStoredAccount *account;

  if (!json_object_has_member (who, "rating"))
    return NULL;
  account = mm_stored_account_new (name, NULL);
  account->rating = json_object_get_double_member_with_default (who, "rating", account->rating);
  account->deviation = json_object_get_double_member_with_default (who, "deviation",
                                                                   account->deviation);
  account->volatility = json_object_get_double_member_with_default (who, "volatility",
                                                                    account->volatility);
  return account;
}

/* Says in @who who the player of @session is. */
static void
describe_player (JsonObject     *who,
                 MmLobbySession *session)
{
  json_object_set_string_member (who, "name", session->name);
  json_object_set_boolean_member (who, "guest", session->guest);
  if (session->account == NULL)
    return;
  json_object_set_double_member (who, "rating", session->account->rating);
  json_object_set_double_member (who, "deviation", session->account->deviation);
  json_object_set_double_member (who, "volatility", session->account->volatility);
}

/* The proxy of the player @who describes, on @home; made on first use. */
static MmLobbyPeer *
proxy_for (MmLobbyServer *self,
           const char    *home,
           JsonObject    *who)
{
  const char *name = json_object_get_string_member_with_default (who, "name", NULL);
  g_autofree char *key = NULL;
  g_autofree char *table_key = NULL;
  MmLobbyPeer *proxy;
  MmLobbySession *session;

  if (name == NULL || (key = mm_nickname_key (name)) == NULL)
    return NULL;
  table_key = proxy_key (home, key);
  if ((proxy = g_hash_table_lookup (self->proxies, table_key)) != NULL)
    return proxy;

  proxy = g_new0 (MmLobbyPeer, 1);
  proxy->server = self;
  proxy->serial = ++self->peer_serial;
  proxy->watching = g_hash_table_new (g_str_hash, g_str_equal);
  proxy->address = g_strdup_printf ("server %s", home);
  proxy->home = g_strdup (home);
  proxy->welcomed = TRUE;
  proxy->connected_us = proxy->heard_us = g_get_monotonic_time ();

  session = g_new0 (MmLobbySession, 1);
  session->name = g_strdup (name);
  session->key = g_steal_pointer (&key);
  session->guest = json_object_get_boolean_member_with_default (who, "guest", TRUE);
  /* The account as the player's server has it, else as the shared
   * database has it, read meanwhile: ratings are the referee's to
   * change. */
  if (!session->guest && (session->account = account_from (who, name)) == NULL)
    {
      ProxyAccount *lookup;

      if (self->store == NULL)
        session->guest = TRUE;
      else
        {
          lookup = g_new0 (ProxyAccount, 1);
          lookup->name = g_strdup (name);
          lookup->table_key = g_strdup (table_key);
          mm_lobby_server_call_store (self, NULL, session->key, find_proxy_account,
                                      proxy_account_found,
                                      lookup, (GDestroyNotify) proxy_account_free);
        }
    }
  session->ignored = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  mm_rate_limit_init (&session->chat, self->limits.chat_rate, self->limits.chat_burst,
                      g_get_monotonic_time ());
  session->proxy = TRUE;
  session->peer = proxy;
  proxy->session = session;
  g_hash_table_insert (self->proxies, g_steal_pointer (&table_key), proxy);
  return proxy;
}

/* The proxy session of @name, on @home; made on first use. */
MmLobbySession *
mm_lobby_relay_proxy (MmLobbyServer *self,
                      const char    *home,
                      const char    *name,
                      gboolean       guest)
{
  g_autoptr(JsonObject) who = json_object_new ();
  MmLobbyPeer *proxy;

  json_object_set_string_member (who, "name", name);
  json_object_set_boolean_member (who, "guest", guest);
  proxy = proxy_for (self, home, who);
  return proxy != NULL ? proxy->session : NULL;
}

/* The proxy session of the player called @name when that player is on
 * another server that lives: a challenge to a player there. */
MmLobbySession *
mm_lobby_relay_session_elsewhere (MmLobbyServer *self,
                                  const char    *name)
{
  g_autofree char *key = mm_nickname_key (name);
  const MmClusterPlayer *player;

  if (self->cluster == NULL || key == NULL
      || (player = mm_lobby_cluster_find_player (self->cluster, key)) == NULL
      || !mm_lobby_cluster_server_is_alive (self->cluster, player->server))
    return NULL;
  return mm_lobby_relay_proxy (self, player->server, player->name, player->guest);
}

/* A proxy session of the player called @name, on whichever server. */
MmLobbySession *
mm_lobby_relay_find_proxy (MmLobbyServer *self,
                           const char    *name)
{
  g_autofree char *key = mm_nickname_key (name);
  GHashTableIter iter;
  gpointer value;

  if (key == NULL)
    return NULL;
  g_hash_table_iter_init (&iter, self->proxies);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      MmLobbyPeer *proxy = value;

      if (g_str_equal (proxy->session->key, key))
        return proxy->session;
    }
  return NULL;
}

/* What @proxy is sent goes to the player's own server. */
void
mm_lobby_relay_deliver (MmLobbyPeer *proxy,
                        JsonObject  *message)
{
  g_autoptr(JsonObject) body = json_object_new ();

  if (proxy->server->cluster == NULL || proxy->session == NULL)
    return;
  json_object_set_string_member (body, "kind", "deliver");
  json_object_set_object_member (body, "message", json_object_ref (message));
  mm_lobby_cluster_relay (proxy->server->cluster, proxy->home, proxy->session->key, body);
}

/* The rating of @proxy's player, rated in a game here, to its own
 * server: that server's copy of the account is the one the player's
 * next games there are rated from, and the lobby is told of it. */
void
mm_lobby_relay_tell_rating (MmLobbyPeer           *proxy,
                            const MmStoredAccount *account)
{
  g_autoptr(JsonObject) body = json_object_new ();

  if (proxy->server->cluster == NULL || proxy->session == NULL)
    return;
  json_object_set_string_member (body, "kind", "rated");
  json_object_set_double_member (body, "rating", account->rating);
  json_object_set_double_member (body, "deviation", account->deviation);
  json_object_set_double_member (body, "volatility", account->volatility);
  mm_lobby_cluster_relay (proxy->server->cluster, proxy->home, proxy->session->key, body);
}

/* The server that referees the game or holds the seek a request of
 * @type names, when it is another; NULL to handle it here. */
static const char *
referee_of (MmLobbyServer *self,
            JsonObject    *message,
            const char    *type)
{
  const char *id;
  const char *server;

  if (g_str_equal (type, "accept-challenge") || g_str_equal (type, "decline-challenge")
      || g_str_equal (type, "cancel-challenge"))
    {
      id = json_object_get_string_member_with_default (message, "challenge", NULL);
      if (id == NULL || g_hash_table_contains (self->challenges, id))
        return NULL;
      return g_hash_table_lookup (self->remote_ids, id);
    }
  if (g_str_equal (type, "accept-seek"))
    {
      id = json_object_get_string_member_with_default (message, "seek", NULL);
      if (id == NULL || g_hash_table_contains (self->seeks, id))
        return NULL;
      return mm_lobby_cluster_find_entry_server (self->cluster, "seek", id);
    }
  if (!(g_str_equal (type, "move") || g_str_equal (type, "resign") || g_str_equal (type, "abort")
        || g_str_equal (type, "ask-undo") || g_str_equal (type, "answer-undo")
        || g_str_equal (type, "rematch") || g_str_equal (type, "watch")
        || g_str_equal (type, "unwatch")
        || (g_str_equal (type, "say")
            && !g_str_equal (json_object_get_string_member_with_default (message, "room", ""),
                             "lobby"))))
    return NULL;
  id = json_object_get_string_member_with_default (message, "game", NULL);
  if (id == NULL || g_hash_table_contains (self->games, id))
    return NULL;
  server = mm_lobby_cluster_find_entry_server (self->cluster, "game", id);
  /* A finished game is off the lists; its players and spectators
   * remember where it was. */
  return server != NULL ? server : g_hash_table_lookup (self->remote_ids, id);
}

/* Adds or removes @id in the set *@set, made on first use; TRUE if it
 * changed. */
static gboolean
set_has (GHashTable **set,
         const char  *id,
         gboolean     has)
{
  if (!has)
    return *set != NULL && g_hash_table_remove (*set, id);
  if (*set == NULL)
    *set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return g_hash_table_add (*set, g_strdup (id));
}

/* Sends a request of @peer's about another server's seek or game to
 * that server; FALSE if it is this server's to handle. */
gboolean
mm_lobby_relay_forward (MmLobbyPeer *peer,
                        JsonObject  *message,
                        const char  *type)
{
  MmLobbyServer *self = peer->server;
  g_autoptr(JsonObject) body = NULL;
  JsonObject *who;
  const char *referee;

  if (self->cluster == NULL || peer->home != NULL || peer->session == NULL
      || (referee = referee_of (self, message, type)) == NULL)
    return FALSE;
  /* The referee knows only its own games: whether the player plays one
   * elsewhere is known here. */
  if ((g_str_equal (type, "accept-seek") || g_str_equal (type, "accept-challenge"))
      && mm_lobby_session_is_playing (peer->session))
    {
      mm_lobby_peer_refuse (peer, json_object_get_string_member_with_default (message, "id", NULL),
                            MM_PROTOCOL_ERROR_BUSY,
                            /* Translators: protocol error */
                            _("Finish your game first."));
      return TRUE;
    }
  if (g_str_equal (type, "unwatch")
      && set_has (&peer->watching_elsewhere,
                  json_object_get_string_member_with_default (message, "game", ""), FALSE)
      && g_str_equal (mm_lobby_session_get_status (peer->session), "idle"))
    mm_lobby_presence_announce (self, peer->session, "player-changed");
  body = json_object_new ();
  who = json_object_new ();
  describe_player (who, peer->session);
  json_object_set_string_member (body, "kind", "forward");
  json_object_set_object_member (body, "who", who);
  json_object_set_object_member (body, "request", json_object_ref (message));
  mm_lobby_cluster_relay (self->cluster, referee, peer->session->key, body);
  return TRUE;
}

/* Whether @session plays in the game @message describes. */
static gboolean
is_seated (MmLobbySession *session,
           JsonObject     *message)
{
  static const char *const seats[] = { "black", "white" };

  for (guint c = 0; c < G_N_ELEMENTS (seats); c++)
    {
      const char *name = json_object_get_string_member_with_default (message, seats[c], NULL);
      g_autofree char *key = name != NULL ? mm_nickname_key (name) : NULL;

      if (key != NULL && g_str_equal (key, session->key))
        return TRUE;
    }
  return FALSE;
}

/* What a player here does in another server's games, as the messages
 * it is sent from there say, so that its status in the lobby is told
 * (playing, watching) and it plays one game at a time across the
 * cluster as on one server. */
static void
follow_elsewhere (MmLobbyServer  *self,
                  MmLobbySession *session,
                  JsonObject     *message)
{
  const char *type = mm_protocol_get_type (message);
  const char *game = json_object_get_string_member_with_default (message, "game", NULL);
  const char *before = mm_lobby_session_get_status (session);

  if (type == NULL || game == NULL)
    return;
  if (g_str_equal (type, "game-started")
      || (g_str_equal (type, "game-state") && is_seated (session, message)))
    set_has (&session->playing_elsewhere, game,
             g_str_equal (type, "game-started") || json_object_has_member (message, "to_move"));
  else if (g_str_equal (type, "game-state") && session->peer != NULL)
    set_has (&session->peer->watching_elsewhere, game, TRUE);
  else if (g_str_equal (type, "game-ended"))
    set_has (&session->playing_elsewhere, game, FALSE);
  if (!g_str_equal (before, mm_lobby_session_get_status (session)))
    mm_lobby_presence_announce (self, session, "player-changed");
}

/* A message from another server for a player here: sent on, and the
 * game or challenge it names remembered as that server's. */
static void
take_delivery (MmLobbyServer *self,
               const char    *from_server,
               const char    *key,
               JsonObject    *message)
{
  MmLobbySession *session = g_hash_table_lookup (self->sessions, key);
  const char *game = json_object_get_string_member_with_default (message, "game", NULL);
  const char *challenge = json_object_get_string_member_with_default (message, "challenge", NULL);

  if (game != NULL && !g_hash_table_contains (self->games, game))
    g_hash_table_insert (self->remote_ids, g_strdup (game), g_strdup (from_server));
  if (challenge != NULL && !g_hash_table_contains (self->challenges, challenge))
    g_hash_table_insert (self->remote_ids, g_strdup (challenge), g_strdup (from_server));
  if (session != NULL)
    follow_elsewhere (self, session, message);
  if (session != NULL && session->peer != NULL)
    mm_lobby_peer_send (session->peer, message);
}

/* A player here rated by another server's referee. */
static void
take_rating (MmLobbyServer *self,
             const char    *key,
             JsonObject    *body)
{
  MmLobbySession *session = g_hash_table_lookup (self->sessions, key);
  double rating = json_object_get_double_member_with_default (body, "rating", -1);
  double deviation = json_object_get_double_member_with_default (body, "deviation", -1);
  double volatility = json_object_get_double_member_with_default (body, "volatility", -1);

  if (session == NULL || session->account == NULL)
    return;
  if (rating < 0 || deviation <= 0 || volatility <= 0)
    {
      mm_lobby_server_log (self, "relay: a rating of %s out of bounds, dropped", session->name);
      return;
    }
  session->account->rating = rating;
  session->account->deviation = deviation;
  session->account->volatility = volatility;
  mm_lobby_presence_announce (self, session, "player-changed");
}

/* A request of a player on @from_server about a seek or a game here:
 * handled as if the proxy had sent it. */
static void
take_request (MmLobbyServer *self,
              const char    *from_server,
              JsonObject    *who,
              JsonObject    *request)
{
  MmLobbyPeer *proxy = proxy_for (self, from_server, who);
  const char *type = mm_protocol_get_type (request);

  if (proxy == NULL || type == NULL)
    {
      mm_lobby_server_log (self, "relay: a request from %s without a player, dropped",
                           from_server);
      return;
    }
  mm_lobby_server_dispatch (proxy, request, type,
                            json_object_get_string_member_with_default (request, "id", NULL));
}

static void
relayed_cb (MmLobbyCluster *cluster,
            const char     *from_server,
            const char     *key,
            JsonObject     *body,
            MmLobbyServer  *self)
{
  const char *kind = json_object_get_string_member_with_default (body, "kind", "");
  JsonNode *message = json_object_get_member (body, "message");
  JsonNode *request = json_object_get_member (body, "request");
  JsonNode *who = json_object_get_member (body, "who");

  if (g_str_equal (kind, "deliver") && message != NULL && JSON_NODE_HOLDS_OBJECT (message))
    take_delivery (self, from_server, key, json_node_get_object (message));
  else if (g_str_equal (kind, "rated"))
    take_rating (self, key, body);
  else if (g_str_equal (kind, "forward") && request != NULL && JSON_NODE_HOLDS_OBJECT (request)
           && who != NULL && JSON_NODE_HOLDS_OBJECT (who))
    take_request (self, from_server, json_node_get_object (who), json_node_get_object (request));
  else
    mm_lobby_server_log (self, "relay: a message from %s of no known kind, dropped", from_server);
}

/* Seeks and games listed. */

static GHashTable *
watchers_of (MmLobbyServer *self,
             const char    *kind)
{
  return g_str_equal (kind, "seek") ? self->seek_watchers : self->game_watchers;
}

static void
copy_members (JsonObject *to,
              JsonObject *from)
{
  JsonObjectIter iter;
  const char *name;
  JsonNode *node;

  json_object_iter_init (&iter, from);
  while (json_object_iter_next (&iter, &name, &node))
    json_object_set_member (to, name, json_node_copy (node));
}

static void
entry_changed_cb (MmLobbyCluster *cluster,
                  const char     *kind,
                  const char     *change,
                  const char     *id,
                  JsonObject     *entry,
                  MmLobbyServer  *self)
{
  g_autofree char *type = g_strconcat (kind, "-", change, NULL);
  g_autoptr(JsonObject) message = mm_protocol_new_message (type, NULL);

  /* A game this server took up is listed here as its own. */
  if (g_str_equal (kind, "game") && g_hash_table_contains (self->games, id))
    return;
  if (entry != NULL)
    copy_members (message, entry);
  else
    json_object_set_string_member (message, kind, id);
  mm_lobby_presence_broadcast (watchers_of (self, kind), message);
}

/* Adds the other servers' entries of @kind to a snapshot being made. */
void
mm_lobby_relay_add_entries (MmLobbyServer *self,
                            const char    *kind,
                            void         (*add) (MmLobbyPeer *, JsonArray **, JsonObject *),
                            MmLobbyPeer   *peer,
                            JsonArray    **page)
{
  g_autoptr(GList) entries = NULL;

  if (self->cluster == NULL)
    return;
  entries = mm_lobby_cluster_list_entries (self->cluster, kind);
  for (GList *l = entries; l != NULL; l = l->next)
    {
      JsonObject *copy = json_object_new ();

      copy_members (copy, l->data);
      add (peer, page, copy);
    }
}

/* This server's seek or game @id of @kind is listed with @entry, or,
 * @entry NULL, no longer. */
void
mm_lobby_relay_list (MmLobbyServer *self,
                     const char    *kind,
                     const char    *id,
                     JsonObject    *entry)
{
  if (self->cluster == NULL)
    return;
  if (entry != NULL)
    mm_lobby_cluster_share_entry (self->cluster, kind, id, entry);
  else
    mm_lobby_cluster_withdraw_entry (self->cluster, kind, id);
}

/* After a new connection: this server's seeks and games in progress,
 * all of them. */
void
mm_lobby_relay_relist (MmLobbyServer *self,
                       const char    *kind,
                       GHashTable    *entries)
{
  mm_lobby_cluster_replace_entries (self->cluster, kind, entries);
}

/* A player of another server left the lobby (or that server is gone):
 * its proxy here goes, and a game it played here is lost as a player
 * who leaves loses it. */
void
mm_lobby_relay_player_gone (MmLobbyServer *self,
                            const char    *home,
                            const char    *key)
{
  g_autofree char *table_key = proxy_key (home, key);
  MmLobbyPeer *proxy = NULL;
  gpointer stolen = NULL;

  if (!g_hash_table_steal_extended (self->proxies, table_key, &stolen, (gpointer *) &proxy))
    return;
  g_free (stolen);
  proxy_free (self, proxy);
}

void
mm_lobby_relay_join (MmLobbyServer *self)
{
  g_signal_connect (self->cluster, "relayed", G_CALLBACK (relayed_cb), self);
  g_signal_connect (self->cluster, "entry-changed", G_CALLBACK (entry_changed_cb), self);
}

void
mm_lobby_relay_leave (MmLobbyServer *self)
{
  g_autoptr(GList) proxies = g_hash_table_get_values (self->proxies);

  /* The table first (it frees the keys, not the proxies): freeing a
   * proxy ends its games, which must not find it there. */
  g_hash_table_remove_all (self->proxies);
  for (GList *l = proxies; l != NULL; l = l->next)
    proxy_free (self, l->data);
}
