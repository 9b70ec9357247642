/* mm-lobby-games.c
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

/* The games of the lobby, the server their referee.  Each is a match
 * (MmMatch) with the engine's rules, the server's clocks and two seats
 * that are people choosing their moves at the far end of a connection:
 * MmLocalPlayer's contract exactly (a choice stands at once), so the
 * match takes a move only from the side to move and only a legal one.
 * What the match does is told to the players and spectators by
 * comparing it with what they were told (mm_lobby_game_send_news), so
 * that a move, the passes after it and the end are told once and in
 * order, whatever made them: a move, the clock, an undo or a
 * resignation.
 *
 * Here a game starts, comes back after a restart, is told, ends and
 * goes; its moves are kept and played in mm-lobby-moves.c, and the
 * players' and spectators' requests about it are answered in
 * mm-lobby-game-requests.c. */

#include "config.h"

#include "mm-game.h"
#include "mm-local-player.h"
#include "mm-lobby-server-private.h"
#include "mm-match.h"
#include "mm-store.h"

static const char *
color_name (MmColor color)
{
  return color == MM_COLOR_BLACK ? "black" : "white";
}

gboolean
mm_lobby_session_is_playing (MmLobbySession *session)
{
  return (session->game != NULL && !session->game->over)
         || (session->playing_elsewhere != NULL
             && g_hash_table_size (session->playing_elsewhere) > 0);
}

static void
game_send_to_players (MmLobbyGame *game,
                      JsonObject  *message)
{
  for (int c = 0; c < 2; c++)
    if (game->players[c] != NULL)
      mm_lobby_session_send (game->players[c], message);
}

static void
game_send_to_all (MmLobbyGame *game,
                  JsonObject  *message)
{
  game_send_to_players (game, message);
  mm_lobby_presence_broadcast (game->spectators, message);
}

static void
set_clock_members (MmLobbyGame *game,
                   JsonObject  *message)
{
  if (game->clock == NULL)
    return;
  json_object_set_int_member (message, "black_ms",
                              MAX (mm_clock_get_remaining (game->clock, MM_COLOR_BLACK), 0) / 1000);
  json_object_set_int_member (message, "white_ms",
                              MAX (mm_clock_get_remaining (game->clock, MM_COLOR_WHITE), 0) / 1000);
}

static void
set_entry_members (MmLobbyGame *game,
                   JsonObject  *message)
{
  json_object_set_string_member (message, "game", game->id);
  json_object_set_string_member (message, "black", game->names[MM_COLOR_BLACK]);
  json_object_set_string_member (message, "white", game->names[MM_COLOR_WHITE]);
  json_object_set_int_member (message, "base", game->control.base_s);
  json_object_set_int_member (message, "increment", game->control.increment_s);
  json_object_set_boolean_member (message, "rated", game->control.rated);
}

JsonObject *
mm_lobby_game_new_message (MmLobbyGame *game,
                           const char  *type,
                           const char  *id)
{
  JsonObject *message = mm_protocol_new_message (type, id);

  json_object_set_string_member (message, "game", game->id);
  return message;
}

/* Everything a newcomer needs to show the game as it stands. */
JsonObject *
mm_lobby_game_new_state (MmLobbyGame *game,
                         const char  *id)
{
  JsonObject *state = mm_protocol_new_message ("game-state", id);
  g_autoptr(GString) moves = g_string_new (NULL);
  guint n_moves = mm_game_get_n_moves (game->game);

  set_entry_members (game, state);
  for (guint i = 0; i < n_moves; i++)
    {
      int square = mm_game_get_move (game->game, i, NULL);
      char name[3];

      if (square == MM_SQUARE_PASS)
        continue;
      mm_square_format (square, name);
      g_string_append (moves, name);
    }
  json_object_set_string_member (state, "moves", moves->str);
  if (!game->over)
    json_object_set_string_member (state, "to_move",
                                   color_name (mm_game_get_side_to_move (game->game)));
  set_clock_members (game, state);
  return state;
}

static void
announce_status (MmLobbyGame *game)
{
  for (int c = 0; c < 2; c++)
    if (game->players[c] != NULL)
      mm_lobby_presence_announce (game->server, game->players[c], "player-changed");
}

/* Who won and why, once the game is over. */
static void
describe_end (MmLobbyGame  *game,
              const char  **winner,
              const char  **reason)
{
  MmColor loser = MM_COLOR_BLACK;
  MmMatchResult result = mm_match_get_result (game->match, &loser);
  guint black = mm_game_get_black_count (game->game);
  guint white = mm_game_get_white_count (game->game);

  if (game->reason != NULL && g_str_equal (game->reason, "aborted"))
    {
      *winner = "none";
      *reason = "aborted";
      return;
    }
  switch (result)
    {
    case MM_MATCH_RESULT_TIME:
      *reason = "time";
      *winner = color_name (mm_color_other (loser));
      break;
    case MM_MATCH_RESULT_RESIGNATION:
      *reason = game->reason != NULL ? game->reason : "resignation";
      *winner = color_name (mm_color_other (loser));
      break;
    case MM_MATCH_RESULT_BOARD:
    case MM_MATCH_RESULT_NONE:
    default:
      *reason = "board";
      *winner = black > white ? "black" : white > black ? "white" : "draw";
      break;
    }
}

void
mm_lobby_game_finish (MmLobbyGame *game)
{
  MmLobbyServer *self = game->server;
  g_autoptr(JsonObject) ended = mm_lobby_game_new_message (game, "game-ended", NULL);
  g_autoptr(JsonObject) removed = mm_lobby_game_new_message (game, "game-removed", NULL);
  g_autofree char *ggf = NULL;
  const char *winner, *reason;

  game->over = TRUE;
  if (game->clock != NULL)
    mm_clock_stop (game->clock);
  describe_end (game, &winner, &reason);
  mm_lobby_game_rate (game, winner, ended);
  ggf = mm_lobby_game_write_record (game);
  json_object_set_string_member (ended, "winner", winner);
  json_object_set_string_member (ended, "reason", reason);
  json_object_set_int_member (ended, "black_discs", mm_game_get_black_count (game->game));
  json_object_set_int_member (ended, "white_discs", mm_game_get_white_count (game->game));
  game_send_to_all (game, ended);
  mm_lobby_presence_broadcast (self->game_watchers, removed);
  mm_lobby_relay_list (self, "game", game->id, NULL);
  /* Told before it is kept, and kept without the server waiting. */
  if (self->store != NULL)
    mm_store_finish_game_async (self->store, game->id, winner, reason, ggf, NULL,
                                mm_lobby_server_written_cb, mm_lobby_server_written_data (self));
  mm_lobby_server_log (self, "game %s %s - %s ended: %s, %s", game->id,
                       game->names[MM_COLOR_BLACK], game->names[MM_COLOR_WHITE], winner, reason);
  announce_status (game);
}

/* Tells everyone what happened since they were last told: moves and
 * passes, a take-back, the end. */
void
mm_lobby_game_send_news (MmLobbyGame *game)
{
  guint n_moves = mm_game_get_n_moves (game->game);

  if (game->over)
    return;
  if (n_moves < game->told)
    {
      g_autoptr(JsonObject) undone = mm_lobby_game_new_message (game, "undone", NULL);

      json_object_set_int_member (undone, "plies", n_moves);
      set_clock_members (game, undone);
      game_send_to_all (game, undone);
      game->told = n_moves;
    }
  for (; game->told < n_moves; game->told++)
    {
      MmColor color;
      int square = mm_game_get_move (game->game, game->told, &color);
      g_autoptr(JsonObject) news = NULL;

      if (square == MM_SQUARE_PASS)
        news = mm_lobby_game_new_message (game, "passed", NULL);
      else
        {
          char name[3];

          news = mm_lobby_game_new_message (game, "moved", NULL);
          mm_square_format (square, name);
          json_object_set_string_member (news, "square", name);
          set_clock_members (game, news);
        }
      json_object_set_int_member (news, "ply", game->told + 1);
      json_object_set_string_member (news, "color", color_name (color));
      game_send_to_all (game, news);
    }
  if (mm_match_is_finished (game->match))
    mm_lobby_game_finish (game);
}

static void
match_result_cb (MmMatch     *match,
                 GParamSpec  *pspec,
                 MmLobbyGame *game)
{
  if (game->acting)
    return;
  /* A clock that fell while this server was paused: the game may be
   * another's now. */
  if (mm_match_is_finished (match) && mm_lobby_failover_in_doubt (game->server))
    {
      mm_lobby_server_log (game->server, "game %s: its end waits until this server knows "
                           "the game is still its own", game->id);
      game->end_waits = TRUE;
      return;
    }
  mm_lobby_game_send_news (game);
}

void
mm_lobby_game_free (gpointer data)
{
  MmLobbyGame *game = data;

  for (int c = 0; c < 2; c++)
    if (game->players[c] != NULL && game->players[c]->game == game)
      game->players[c]->game = NULL;
  mm_lobby_moves_forget_game (game);
  g_signal_handlers_disconnect_by_data (game->match, game);
  if (game->clock != NULL)
    mm_clock_stop (game->clock);
  g_clear_object (&game->match);
  g_clear_object (&game->clock);
  g_clear_object (&game->game);
  g_hash_table_unref (game->spectators);
  g_free (game->names[0]);
  g_free (game->names[1]);
  g_free (game->id);
  g_free (game);
}

/* Another server of the cluster referees @game now (this one was
 * counted dead and the game taken up): it goes from here without a
 * result, nothing written and nothing told. */
void
mm_lobby_game_let_go (MmLobbyServer *self,
                      MmLobbyGame   *game)
{
  g_autoptr(GList) spectators = g_hash_table_get_keys (game->spectators);

  for (GList *l = spectators; l != NULL; l = l->next)
    g_hash_table_remove (((MmLobbyPeer *) l->data)->watching, game->id);
  g_hash_table_remove_all (game->spectators);
  game->over = TRUE;
  mm_lobby_server_log (self, "game %s is refereed by another server now: let go", game->id);
  g_hash_table_remove (self->games, game->id);
}

/* A session leaves its finished game: the game goes once nobody can
 * ask for a rematch of it. */
static void
leave_game (MmLobbyServer  *self,
            MmLobbySession *session)
{
  MmLobbyGame *game = session->game;

  if (game == NULL)
    return;
  session->game = NULL;
  for (int c = 0; c < 2; c++)
    if (game->players[c] == session)
      game->players[c] = NULL;
  /* A game whose move is being kept goes once the store has answered
   * (after_keeping). */
  if (game->players[0] == NULL && game->players[1] == NULL
      && g_hash_table_size (game->spectators) == 0 && game->keeping == NULL)
    g_hash_table_remove (self->games, game->id);
}

/* The game's match between two sessions, its clock not yet running. */
static MmLobbyGame *
game_new (MmLobbyServer       *self,
          char                *id,
          const char          *black_name,
          const char          *white_name,
          const MmTimeControl *control)
{
  MmLobbyGame *game = g_new0 (MmLobbyGame, 1);
  g_autoptr(MmLocalPlayer) black_seat = mm_local_player_new (black_name);
  g_autoptr(MmLocalPlayer) white_seat = mm_local_player_new (white_name);

  game->server = self;
  game->id = id;
  game->names[MM_COLOR_BLACK] = g_strdup (black_name);
  game->names[MM_COLOR_WHITE] = g_strdup (white_name);
  game->control = *control;
  game->undo_asker = -1;
  game->spectators = g_hash_table_new (NULL, NULL);
  g_queue_init (&game->waiting);
  game->game = mm_game_new ();
  mm_game_set_player_name (game->game, MM_COLOR_BLACK, black_name);
  mm_game_set_player_name (game->game, MM_COLOR_WHITE, white_name);
  game->match = mm_match_new (game->game);
  mm_match_set_seats (game->match, MM_PLAYER (black_seat), MM_PLAYER (white_seat));
  if (control->base_s > 0)
    game->clock = mm_clock_new ((gint64) control->base_s * G_USEC_PER_SEC,
                                (gint64) control->increment_s * G_USEC_PER_SEC);
  g_signal_connect (game->match, "notify::result", G_CALLBACK (match_result_cb), game);
  g_hash_table_insert (self->games, game->id, game);
  return game;
}

static void
seat (MmLobbyGame    *game,
      MmColor         color,
      MmLobbySession *session)
{
  game->players[color] = session;
  game->start_ratings[color] = session != NULL && session->account != NULL
                               ? session->account->rating : -1;
  if (session != NULL)
    session->game = game;
}

gint64
mm_lobby_game_clock_ms (MmLobbyGame *game,
                        MmColor      color)
{
  if (game->clock == NULL)
    return -1;
  return MAX (mm_clock_get_remaining (game->clock, color), 0) / 1000;
}

/* A game's row on its way to the store: the game may be gone, or the
 * server, when it is answered. */
typedef struct
{
  GWeakRef  server;
  char     *game_id;
} Created;

static Created *
created_new (MmLobbyServer *self,
             const char    *game_id)
{
  Created *created = g_new0 (Created, 1);

  g_weak_ref_init (&created->server, self);
  created->game_id = g_strdup (game_id);
  return created;
}

/* A game whose row the store refused is stored again before its next
 * move (mm-lobby-moves.c). */
static void
game_created_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  Created *created = data;
  g_autoptr(MmLobbyServer) self = g_weak_ref_get (&created->server);
  GError *error = NULL;
  gboolean kept = mm_store_write_finish (result, &error);
  MmLobbyGame *game;

  if (self != NULL && !mm_lobby_server_stored (self, kept, error)
      && (game = g_hash_table_lookup (self->games, created->game_id)) != NULL)
    game->unstored = TRUE;
  else if (self == NULL)
    g_clear_error (&error);
  g_weak_ref_clear (&created->server);
  g_free (created->game_id);
  g_free (created);
}

/* The game's row, sent without waiting: its moves are kept after it
 * (the store's writes go in order), and a move of a game whose row was
 * refused is refused too, until the row is taken. */
void
mm_lobby_game_store_row (MmLobbyGame *game)
{
  MmLobbyServer *self = game->server;
  g_autoptr(MmStoredGame) stored = mm_stored_game_new ();

  stored->id = g_strdup (game->id);
  stored->black = g_strdup (game->names[MM_COLOR_BLACK]);
  stored->white = g_strdup (game->names[MM_COLOR_WHITE]);
  stored->base_s = game->control.base_s;
  stored->increment_s = game->control.increment_s;
  stored->rated = game->control.rated;
  stored->started = g_get_real_time () / G_USEC_PER_SEC;
  stored->black_ms = mm_lobby_game_clock_ms (game, MM_COLOR_BLACK);
  stored->white_ms = mm_lobby_game_clock_ms (game, MM_COLOR_WHITE);
  game->unstored = FALSE;
  mm_store_create_game_async (self->store, stored, NULL, game_created_cb,
                              created_new (self, game->id));
}

void
mm_lobby_game_start (MmLobbyServer       *self,
                     MmLobbySession      *black,
                     MmLobbySession      *white,
                     const MmTimeControl *control)
{
  MmLobbyGame *game;
  g_autoptr(JsonObject) started = NULL;
  g_autoptr(JsonObject) added = NULL;
  g_autoptr(JsonObject) entry = NULL;

  leave_game (self, black);
  leave_game (self, white);
  mm_lobby_seeks_forget_session (self, black);
  mm_lobby_seeks_forget_session (self, white);

  game = game_new (self, mm_lobby_server_new_id (self, 'g'), black->name, white->name, control);
  seat (game, MM_COLOR_BLACK, black);
  seat (game, MM_COLOR_WHITE, white);
  if (game->clock != NULL)
    mm_match_set_clock (game->match, game->clock);
  if (self->store != NULL)
    {
      mm_lobby_game_store_row (game);
    }

  started = mm_protocol_new_message ("game-started", NULL);
  set_entry_members (game, started);
  game_send_to_players (game, started);
  added = mm_protocol_new_message ("game-added", NULL);
  set_entry_members (game, added);
  mm_lobby_presence_broadcast (self->game_watchers, added);
  entry = mm_lobby_game_entry (game);
  mm_lobby_relay_list (self, "game", game->id, entry);
  mm_lobby_server_log (self, "game %s %s - %s started, %u+%u%s", game->id, black->name,
                       white->name, control->base_s, control->increment_s,
                       control->rated ? ", rated" : "");
  announce_status (game);
}

/* A player can be in one game only: an older game of the store still
 * open for it (its end could not be kept, a full disk say) is called
 * off, and let go of. */
static void
restore_seat (MmLobbyServer  *self,
              MmLobbyGame    *game,
              MmColor         color,
              MmLobbySession *session)
{
  if (session != NULL && session->game != NULL)
    {
      MmLobbyGame *older = session->game;

      if (!older->over)
        {
          older->reason = "aborted";
          mm_lobby_game_finish (older);
        }
      leave_game (self, session);
    }
  seat (game, color, session);
}

/* The session of a player of a game brought back: here, or a proxy's
 * for a player on another server (a game taken up in a cluster). */
static MmLobbySession *
restored_player (MmLobbyServer *self,
                 const char    *name)
{
  MmLobbySession *session = mm_lobby_server_find_session (self, name);

  return session != NULL ? session : mm_lobby_relay_find_proxy (self, name);
}

/* A game the store kept from before a restart, as it stood at its last
 * move, its players away until they resume. */
void
mm_lobby_game_restore (MmLobbyServer *self,
                       MmStoredGame  *stored)
{
  MmTimeControl control = { stored->base_s, stored->increment_s, stored->rated };
  MmLobbyGame *game = game_new (self, g_strdup (stored->id), stored->black, stored->white,
                                &control);

  restore_seat (self, game, MM_COLOR_BLACK, restored_player (self, stored->black));
  restore_seat (self, game, MM_COLOR_WHITE, restored_player (self, stored->white));
  for (guint i = 0; i < stored->moves->len; i++)
    {
      int square = g_array_index (stored->moves, int, i);
      g_autoptr(GError) error = NULL;

      if (square != MM_SQUARE_PASS && !mm_game_play (game->game, square, &error))
        {
          mm_lobby_server_log (self, "game %s: move %u of the store refused: %s", game->id, i + 1,
                               error->message);
          break;
        }
    }
  game->told = mm_game_get_n_moves (game->game);
  if (game->clock != NULL)
    {
      mm_clock_set_remaining (game->clock, MM_COLOR_BLACK, stored->black_ms * 1000);
      mm_clock_set_remaining (game->clock, MM_COLOR_WHITE, stored->white_ms * 1000);
      mm_match_set_clock (game->match, game->clock);
    }
  mm_lobby_server_log (self, "game %s %s - %s back at move %u", game->id, stored->black,
                       stored->white, game->told);
  /* A player whose session did not come back cannot. */
  for (int c = 0; c < 2; c++)
    if (game->players[c] == NULL && !game->over)
      {
        game->reason = "abandonment";
        mm_match_resign (game->match, (MmColor) c);
      }
}

static void
send_entry_page (MmLobbyPeer *peer,
                 JsonArray   *games,
                 gboolean     done)
{
  g_autoptr(JsonObject) page = mm_protocol_new_message ("games", NULL);

  json_object_set_array_member (page, "games", json_array_ref (games));
  json_object_set_boolean_member (page, "done", done);
  mm_lobby_peer_send (peer, page);
}

/* The game as the lists show it. */
JsonObject *
mm_lobby_game_entry (MmLobbyGame *game)
{
  JsonObject *entry = json_object_new ();

  set_entry_members (game, entry);
  return entry;
}

static void
add_to_page (MmLobbyPeer  *peer,
             JsonArray   **games,
             JsonObject   *entry)
{
  json_array_add_object_element (*games, entry);
  /* 50 entries of the longest names stay well inside a line. */
  if (json_array_get_length (*games) == 50)
    {
      send_entry_page (peer, *games, FALSE);
      g_clear_pointer (games, json_array_unref);
      *games = json_array_new ();
    }
}

void
mm_lobby_games_send_snapshot (MmLobbyServer *self,
                              MmLobbyPeer   *peer)
{
  g_autoptr(JsonArray) games = json_array_new ();
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->games);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    if (!((MmLobbyGame *) value)->over)
      add_to_page (peer, &games, mm_lobby_game_entry (value));
  mm_lobby_relay_add_entries (self, "game", add_to_page, peer, &games);
  send_entry_page (peer, games, TRUE);
}

/* @color's player is gone for good: the game is lost by abandonment. */
void
mm_lobby_game_abandon (MmLobbyGame *game,
                       MmColor      color)
{
  if (game->over)
    return;
  game->reason = "abandonment";
  mm_match_resign (game->match, color);
  mm_lobby_game_send_news (game);
}

/* A player's connection dropped: the opponent is told, and sees how
 * long it has to come back.  The clock runs on. */
void
mm_lobby_games_session_away (MmLobbyServer  *self,
                             MmLobbySession *session)
{
  MmLobbyGame *game = session->game;
  g_autoptr(JsonObject) away = NULL;

  if (game == NULL || game->over)
    return;
  away = mm_lobby_game_new_message (game, "opponent-away", NULL);
  json_object_set_string_member (away, "name", session->name);
  json_object_set_int_member (away, "seconds", self->limits.grace_s);
  game_send_to_all (game, away);
}

/* The player came back: the game as it stands, and the opponent told. */
void
mm_lobby_games_session_back (MmLobbyServer  *self,
                             MmLobbySession *session)
{
  MmLobbyGame *game = session->game;
  g_autoptr(JsonObject) state = NULL;
  g_autoptr(JsonObject) back = NULL;

  if (game == NULL || game->over)
    return;
  state = mm_lobby_game_new_state (game, NULL);
  mm_lobby_session_send (session, state);
  /* An opponent still away, after a restart say, and how long it has. */
  for (int c = 0; c < 2; c++)
    {
      MmLobbySession *other = game->players[c];

      if (other != NULL && other != session && other->peer == NULL)
        {
          gint64 gone_s = (g_get_monotonic_time () - other->away_since_us) / G_USEC_PER_SEC;
          g_autoptr(JsonObject) away = mm_lobby_game_new_message (game, "opponent-away", NULL);

          json_object_set_string_member (away, "name", other->name);
          json_object_set_int_member (away, "seconds",
                                      MAX ((gint64) self->limits.grace_s - gone_s, 0));
          mm_lobby_session_send (session, away);
        }
    }
  back = mm_lobby_game_new_message (game, "opponent-back", NULL);
  json_object_set_string_member (back, "name", session->name);
  for (int c = 0; c < 2; c++)
    if (game->players[c] != NULL && game->players[c] != session)
      mm_lobby_session_send (game->players[c], back);
  mm_lobby_presence_broadcast (game->spectators, back);
}

/* The grace period ran out, or the session ended: a game in progress
 * is lost by abandonment. */
void
mm_lobby_games_session_gone (MmLobbyServer  *self,
                             MmLobbySession *session)
{
  MmLobbyGame *game = session->game;

  if (game != NULL && !game->over)
    {
      MmColor color = game->players[MM_COLOR_BLACK] == session ? MM_COLOR_BLACK : MM_COLOR_WHITE;

      /* A move being kept came before: it stands, or not, first. */
      if (game->keeping != NULL)
        mm_lobby_moves_wait_abandonment (game, color);
      else
        mm_lobby_game_abandon (game, color);
    }
  leave_game (self, session);
}
