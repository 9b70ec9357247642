/* mm-lobby-failover.c
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

/* A server of the cluster that dies leaves its players' sessions and
 * its games in the database.  A player who resumes on another server
 * (its clients have the cluster's addresses from the welcome) is taken
 * up there from the session's row, and so are its games in progress
 * that no live server referees: one server claims each game with a
 * conditional write, and brings it back from its rows as a restart
 * would, the moves all there since each was kept before it was told. */

#include "config.h"

#include "mm-lobby-server-private.h"
#include "mm-nickname.h"

/* The stored session of the player whose name key is @name_key. */
static MmStoredSession *
find_stored_session (GPtrArray  *sessions,
                     const char *name_key)
{
  for (guint i = 0; i < sessions->len; i++)
    {
      MmStoredSession *stored = sessions->pdata[i];
      g_autofree char *key = mm_nickname_key (stored->name);

      if (key != NULL && g_str_equal (key, name_key))
        return stored;
    }
  return NULL;
}

/* Whether the player of @key is present on another server that lives. */
static gboolean
is_on_live_server (MmLobbyServer *self,
                   const char    *key)
{
  const MmClusterPlayer *player = mm_lobby_cluster_find_player (self->cluster, key);

  return player != NULL && mm_lobby_cluster_server_is_alive (self->cluster, player->server);
}

/* A token this server does not know, looked up in the store (a store
 * call): the session's row, and its player's account. */
typedef struct
{
  char            *token;
  char            *token_hash;
  char            *id;
  MmStoredSession *stored;
  MmStoredAccount *account;
} SessionLookup;

static void
session_lookup_free (SessionLookup *lookup)
{
  g_free (lookup->token);
  g_free (lookup->token_hash);
  g_free (lookup->id);
  g_clear_pointer (&lookup->stored, mm_stored_session_free);
  g_clear_pointer (&lookup->account, mm_stored_account_free);
  g_free (lookup);
}

static gboolean
find_session_row (MmStore  *store,
                  gpointer  data,
                  GError  **error)
{
  SessionLookup *lookup = data;
  GError *failed = NULL;

  lookup->stored = mm_store_find_session (store, lookup->token_hash, &failed);
  if (failed != NULL)
    {
      g_propagate_error (error, failed);
      return FALSE;
    }
  if (lookup->stored != NULL && !lookup->stored->guest)
    lookup->account = mm_store_find_account (store, lookup->stored->name, NULL);
  return TRUE;
}

static void
session_row_found (MmLobbyServer *self,
                   MmLobbyPeer   *peer,
                   gpointer       data,
                   const GError  *error)
{
  SessionLookup *lookup = data;
  g_autofree char *key = NULL;
  MmLobbySession *session;

  if (peer == NULL)
    return;
  peer->logging_in = FALSE;
  /* Taken up here meanwhile, by another connection of the player's */
  if ((session = g_hash_table_lookup (self->tokens, lookup->token_hash)) != NULL)
    {
      mm_lobby_sessions_resume_known (self, peer, session, lookup->token, FALSE, lookup->id);
      return;
    }
  if (lookup->stored == NULL
      || g_hash_table_contains (self->sessions, key = mm_nickname_key (lookup->stored->name)))
    {
      mm_lobby_sessions_refuse_token (peer, lookup->id, FALSE);
      return;
    }
  if (is_on_live_server (self, key))
    {
      mm_lobby_sessions_refuse_token (peer, lookup->id, TRUE);
      return;
    }
  session = mm_lobby_session_restore (self, lookup->stored, g_steal_pointer (&lookup->account));
  mm_lobby_server_log (self, "%s taken up from a server that is gone", session->name);
  mm_lobby_presence_announce (self, session, "player-added");
  mm_lobby_sessions_resume_known (self, peer, session, lookup->token, TRUE, lookup->id);
}

/* The session of @token, which this server does not know, when only
 * the database has it: taken up here, away, told to the lobby, and
 * resumed by @peer; refused when no session has the token, or when its
 * player is on a server that lives. */
void
mm_lobby_failover_resume (MmLobbyServer *self,
                          MmLobbyPeer   *peer,
                          const char    *token,
                          const char    *token_hash,
                          const char    *id)
{
  SessionLookup *lookup;

  if (self->cluster == NULL || self->store == NULL)
    {
      mm_lobby_sessions_refuse_token (peer, id, FALSE);
      return;
    }
  lookup = g_new0 (SessionLookup, 1);
  lookup->token = g_strdup (token);
  lookup->token_hash = g_strdup (token_hash);
  lookup->id = g_strdup (id);
  peer->logging_in = TRUE;
  mm_lobby_server_call_store (self, peer, NULL, find_session_row, session_row_found, lookup,
                              (GDestroyNotify) session_lookup_free);
}

/* A seat of a game taken up: the player's session here, else its
 * session's row taken up too (away, for the player to resume here,
 * with @account, taken), else a proxy when the player is on another
 * live server. */
static void
find_seat (MmLobbyServer   *self,
           const char      *name,
           GPtrArray       *sessions,
           MmStoredAccount *account)
{
  g_autofree char *key = mm_nickname_key (name);
  MmStoredSession *stored;

  if (key == NULL || g_hash_table_contains (self->sessions, key))
    {
      mm_stored_account_free (account);
      return;
    }
  if (is_on_live_server (self, key))
    {
      const MmClusterPlayer *player = mm_lobby_cluster_find_player (self->cluster, key);

      mm_stored_account_free (account);
      mm_lobby_relay_proxy (self, player->server, player->name, player->guest);
      return;
    }
  if ((stored = find_stored_session (sessions, key)) != NULL)
    {
      MmLobbySession *session = mm_lobby_session_restore (self, stored, account);

      mm_lobby_presence_announce (self, session, "player-added");
    }
  else
    mm_stored_account_free (account);
}

/* The clocks are as they were written with the last move; the player
 * to move has been thinking since, by the database's clock, while the
 * game had no referee: that time is theirs to pay, as it would have
 * been on the server that died (at least a millisecond is left, for
 * the clock to fall as it runs). */
static void
charge_since_last_move (MmLobbyGame *game,
                        gint64       since_move_ms)
{
  MmColor mover = mm_game_get_side_to_move (game->game);
  gboolean running;
  gint64 remaining;

  if (game->clock == NULL || since_move_ms <= 0)
    return;
  running = mm_clock_is_running (game->clock);
  remaining = mm_clock_get_remaining (game->clock, mover) - since_move_ms * 1000;
  if (running)
    mm_clock_stop (game->clock);
  mm_clock_set_remaining (game->clock, mover, MAX (remaining, 1000));
  if (running)
    mm_clock_start (game->clock, mover);
}

/* A game claimed, read back from the store (a store call): its rows,
 * the sessions' rows, and the accounts of its players' sessions. */
typedef struct
{
  char            *id;
  MmStoredGame    *stored;
  GPtrArray       *sessions;
  MmStoredAccount *accounts[2];
} Takeover;

static void
takeover_free (Takeover *takeover)
{
  g_free (takeover->id);
  g_clear_pointer (&takeover->stored, mm_stored_game_free);
  g_clear_pointer (&takeover->sessions, g_ptr_array_unref);
  for (int c = 0; c < 2; c++)
    g_clear_pointer (&takeover->accounts[c], mm_stored_account_free);
  g_free (takeover);
}

static gboolean
read_takeover (MmStore  *store,
               gpointer  data,
               GError  **error)
{
  Takeover *takeover = data;

  if ((takeover->stored = mm_store_find_game (store, takeover->id, error)) == NULL
      || (takeover->sessions = mm_store_list_sessions (store, error)) == NULL)
    return FALSE;
  for (int c = 0; c < 2; c++)
    {
      const char *name = c == 0 ? takeover->stored->black : takeover->stored->white;
      g_autofree char *key = mm_nickname_key (name);
      MmStoredSession *row = key != NULL ? find_stored_session (takeover->sessions, key) : NULL;

      if (row != NULL && !row->guest)
        takeover->accounts[c] = mm_store_find_account (store, row->name, NULL);
    }
  return TRUE;
}

static void
announce_game (MmLobbyServer *self,
               MmLobbyGame   *game)
{
  g_autoptr(JsonObject) added = mm_protocol_new_message ("game-added", NULL);
  g_autoptr(JsonObject) entry = mm_lobby_game_entry (game);
  JsonObjectIter iter;
  const char *member;
  JsonNode *node;

  json_object_iter_init (&iter, entry);
  while (json_object_iter_next (&iter, &member, &node))
    json_object_set_member (added, member, json_node_copy (node));
  mm_lobby_presence_broadcast (self->game_watchers, added);
}

static void
takeover_read (MmLobbyServer *self,
               MmLobbyPeer   *peer,
               gpointer       data,
               const GError  *error)
{
  Takeover *takeover = data;
  MmStoredGame *stored = takeover->stored;
  MmLobbyGame *game;

  if (self->stopping || g_hash_table_contains (self->games, takeover->id))
    return;
  if (error != NULL)
    {
      mm_lobby_server_log (self, "game %s: not taken up: %s", takeover->id, error->message);
      return;
    }
  if (stored->winner != NULL)
    return;
  find_seat (self, stored->black, takeover->sessions, g_steal_pointer (&takeover->accounts[0]));
  find_seat (self, stored->white, takeover->sessions, g_steal_pointer (&takeover->accounts[1]));
  mm_lobby_game_restore (self, stored);
  mm_lobby_server_log (self, "game %s taken up from a server that is gone", takeover->id);
  if ((game = g_hash_table_lookup (self->games, takeover->id)) == NULL || game->over)
    return;
  charge_since_last_move (game, stored->since_move_ms);
  announce_game (self, game);
  /* Those connected already see the game as it stands. */
  for (int c = 0; c < 2; c++)
    if (game->players[c] != NULL && game->players[c]->peer != NULL)
      mm_lobby_games_session_back (self, game->players[c]);
}

typedef struct
{
  GWeakRef server;
} Claim;

static void
game_claimed (const char *id,
              gboolean    won,
              gpointer    data)
{
  Claim *claim = data;
  g_autoptr(MmLobbyServer) self = g_weak_ref_get (&claim->server);
  Takeover *takeover;

  g_weak_ref_clear (&claim->server);
  g_free (claim);
  if (self == NULL || self->stopping || g_hash_table_contains (self->games, id))
    return;
  if (!won)
    {
      mm_lobby_server_log (self, "game %s: another server took it up", id);
      return;
    }
  takeover = g_new0 (Takeover, 1);
  takeover->id = g_strdup (id);
  mm_lobby_server_call_store (self, NULL, id, read_takeover, takeover_read, takeover,
                              (GDestroyNotify) takeover_free);
}

typedef struct
{
  char      *name;
  GPtrArray *games;
} GamesLookup;

static void
games_lookup_free (GamesLookup *lookup)
{
  g_free (lookup->name);
  g_clear_pointer (&lookup->games, g_ptr_array_unref);
  g_free (lookup);
}

static gboolean
list_unfinished (MmStore  *store,
                 gpointer  data,
                 GError  **error)
{
  GamesLookup *lookup = data;

  lookup->games = mm_store_list_games (store, TRUE, lookup->name, 0, error);
  return lookup->games != NULL;
}

static void
unfinished_listed (MmLobbyServer *self,
                   MmLobbyPeer   *peer,
                   gpointer       data,
                   const GError  *error)
{
  GamesLookup *lookup = data;

  if (lookup->games == NULL || self->stopping || self->cluster == NULL)
    return;
  for (guint i = 0; i < lookup->games->len; i++)
    {
      MmStoredGame *stored = lookup->games->pdata[i];
      const char *referee = mm_lobby_cluster_find_entry_server (self->cluster, "game", stored->id);
      g_autoptr(JsonObject) entry = NULL;
      Claim *claim;

      if (g_hash_table_contains (self->games, stored->id)
          || (referee != NULL && mm_lobby_cluster_server_is_alive (self->cluster, referee)))
        continue;
      entry = json_object_new ();
      json_object_set_string_member (entry, "game", stored->id);
      json_object_set_string_member (entry, "black", stored->black);
      json_object_set_string_member (entry, "white", stored->white);
      json_object_set_int_member (entry, "base", stored->base_s);
      json_object_set_int_member (entry, "increment", stored->increment_s);
      json_object_set_boolean_member (entry, "rated", stored->rated);
      claim = g_new0 (Claim, 1);
      g_weak_ref_init (&claim->server, self);
      mm_lobby_cluster_claim_entry (self->cluster, "game", stored->id, entry, game_claimed, claim);
    }
}

/* The games in progress of @session's player that no live server
 * referees: claimed, and each one won brought back here. */
void
mm_lobby_failover_take_games (MmLobbyServer  *self,
                              MmLobbySession *session)
{
  GamesLookup *lookup;

  if (self->cluster == NULL || self->store == NULL)
    return;
  lookup = g_new0 (GamesLookup, 1);
  lookup->name = g_strdup (session->name);
  mm_lobby_server_call_store (self, NULL, session->key, list_unfinished, unfinished_listed,
                              lookup, (GDestroyNotify) games_lookup_free);
}

typedef struct
{
  GWeakRef server;
} StepDown;

static void
step_down_free (gpointer data)
{
  StepDown *step = data;

  g_weak_ref_clear (&step->server);
  g_free (step);
}

static gboolean
step_down_again (gpointer data)
{
  StepDown *step = data;
  g_autoptr(MmLobbyServer) self = g_weak_ref_get (&step->server);

  if (self != NULL && !self->stopping)
    mm_lobby_failover_step_down (self);
  return G_SOURCE_REMOVE;
}

static void
taken_found (GPtrArray *players,
             GPtrArray *games,
             gpointer   data)
{
  StepDown *step = data;
  g_autoptr(MmLobbyServer) self = g_weak_ref_get (&step->server);
  GHashTableIter iter;
  gpointer value;

  if (self == NULL || self->stopping)
    {
      step_down_free (step);
      return;
    }
  if (players == NULL)
    {
      mm_lobby_server_log (self, "could not ask the database what was taken up: "
                           "asking again in a second");
      /* Without keeping the server: one that goes meanwhile is not asked for. */
      g_timeout_add_seconds_full (G_PRIORITY_DEFAULT, 1, step_down_again, step, step_down_free);
      return;
    }
  step_down_free (step);
  self->stepping_down = FALSE;
  for (guint i = 0; i < games->len; i++)
    {
      MmLobbyGame *game = g_hash_table_lookup (self->games, games->pdata[i]);

      if (game != NULL && !game->over)
        mm_lobby_game_let_go (self, game);
    }
  for (guint i = 0; i < players->len; i++)
    {
      MmLobbySession *session = g_hash_table_lookup (self->sessions, players->pdata[i]);

      if (session != NULL)
        mm_lobby_session_let_go (self, session);
    }
  /* What is left is this server's own: the ends, and the moves kept,
   * that waited go on. */
  g_hash_table_iter_init (&iter, self->games);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (mm_lobby_game_waits (value))
      {
        mm_lobby_game_end_waited (value);
        g_hash_table_iter_init (&iter, self->games);
      }
}

/* This server was counted dead by the others for a while (it was
 * paused, or could not reach the database): the players and games they
 * took up meanwhile are theirs, and its own copies go, without a word to
 * the store or the lobby, so that a game is never refereed twice. */
void
mm_lobby_failover_step_down (MmLobbyServer *self)
{
  g_autoptr(GPtrArray) players = g_ptr_array_new ();
  g_autoptr(GPtrArray) games = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key, value;
  StepDown *step;

  g_hash_table_iter_init (&iter, self->sessions);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (players, key);
  g_hash_table_iter_init (&iter, self->games);
  while (g_hash_table_iter_next (&iter, &key, &value))
    if (!((MmLobbyGame *) value)->over)
      g_ptr_array_add (games, key);
  if (players->len == 0 && games->len == 0)
    {
      self->stepping_down = FALSE;
      return;
    }
  self->stepping_down = TRUE;
  step = g_new0 (StepDown, 1);
  g_weak_ref_init (&step->server, self);
  mm_lobby_cluster_find_taken (self->cluster, players, games, taken_found, step);
}

/* Whether this server may have been counted dead by the others and not
 * yet know what they took up: what it would end on its own waits. */
gboolean
mm_lobby_failover_in_doubt (MmLobbyServer *self)
{
  return self->cluster != NULL
         && (self->stepping_down || mm_lobby_cluster_is_silent (self->cluster));
}
