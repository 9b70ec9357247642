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
 * comparing it with what they were told (send_news), so that a move,
 * the passes after it and the end are told once and in order, whatever
 * made them: a move, the clock, an undo or a resignation.
 *
 * A move is kept in the store before it is played, so that nothing told
 * is ever lost, without the main loop waiting for the database
 * (keep_move): while the store keeps it the mover's clock is stopped,
 * and whatever else comes about the game (a second move, a resignation,
 * an undo, a player's abandonment) waits for the store's answer, then
 * is done in the order it came, as if the move had been played at
 * once. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-game.h"
#include "mm-local-player.h"
#include "mm-lobby-server-private.h"
#include "mm-match.h"
#include "mm-store.h"

/* Requests about a game that may wait for one of its moves at once */
#define MAX_WAITING 16

/* A move being kept in the store before it is played (keep_move).
 * The store's call owns it while it runs; then the game, while the
 * move waits for the server to know that the game is still its own. */
struct _MmLobbyKeptMove
{
  /* NULL once the game is gone: the store's answer is not acted on */
  MmLobbyGame *game;
  /* The mover's connection when it came, to be answered on that one */
  guint64      serial;
  char        *id;
  MmColor      color;
  int          square;
  /* The moves of the game when it came */
  guint        n_moves;
  /* The mover's clock ran when it came, and was stopped */
  gboolean     clock_ran;
  /* The store's call runs */
  gboolean     in_flight;
};

/* Something about a game that came while one of its moves was being
 * kept: a player's request, or (@type NULL) a player's abandonment. */
typedef struct
{
  char       *type;
  char       *id;
  JsonObject *message;
  MmColor     color;
  guint64     serial;
} Waiting;

static void
kept_move_free (MmLobbyKeptMove *kept)
{
  g_free (kept->id);
  g_free (kept);
}

static void
waiting_free (Waiting *waiting)
{
  g_free (waiting->type);
  g_free (waiting->id);
  g_clear_pointer (&waiting->message, json_object_unref);
  g_free (waiting);
}

static const char *
color_name (MmColor color)
{
  return color == MM_COLOR_BLACK ? "black" : "white";
}

gboolean
mm_lobby_session_is_playing (MmLobbySession *session)
{
  return session->game != NULL && !session->game->over;
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

static JsonObject *
new_game_message (MmLobbyGame *game,
                  const char  *type,
                  const char  *id)
{
  JsonObject *message = mm_protocol_new_message (type, id);

  json_object_set_string_member (message, "game", game->id);
  return message;
}

/* Everything a newcomer needs to show the game as it stands. */
static JsonObject *
new_game_state (MmLobbyGame *game,
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

static void
finish (MmLobbyGame *game)
{
  MmLobbyServer *self = game->server;
  g_autoptr(JsonObject) ended = new_game_message (game, "game-ended", NULL);
  g_autoptr(JsonObject) removed = new_game_message (game, "game-removed", NULL);
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
  if (self->store != NULL)
    {
      GError *error = NULL;

      mm_lobby_server_stored (self, mm_store_finish_game (self->store, game->id, winner, reason,
                                                          ggf, &error), error);
    }
  mm_lobby_server_log (self, "game %s %s - %s ended: %s, %s", game->id,
                       game->names[MM_COLOR_BLACK], game->names[MM_COLOR_WHITE], winner, reason);
  announce_status (game);
}

/* Tells everyone what happened since they were last told: moves and
 * passes, a take-back, the end. */
static void
send_news (MmLobbyGame *game)
{
  guint n_moves = mm_game_get_n_moves (game->game);

  if (game->over)
    return;
  if (n_moves < game->told)
    {
      g_autoptr(JsonObject) undone = new_game_message (game, "undone", NULL);

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
        news = new_game_message (game, "passed", NULL);
      else
        {
          char name[3];

          news = new_game_message (game, "moved", NULL);
          mm_square_format (square, name);
          json_object_set_string_member (news, "square", name);
          set_clock_members (game, news);
        }
      json_object_set_int_member (news, "ply", game->told + 1);
      json_object_set_string_member (news, "color", color_name (color));
      game_send_to_all (game, news);
    }
  if (mm_match_is_finished (game->match))
    finish (game);
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
  send_news (game);
}

static void play_kept (MmLobbyGame *game);

/* Whether something of @game waits for the server to know that the
 * game is still its own: an end (a clock fell), or a move the store
 * kept meanwhile. */
gboolean
mm_lobby_game_waits (MmLobbyGame *game)
{
  return game->end_waits || (game->keeping != NULL && !game->keeping->in_flight);
}

/* The server knows now that @game is still its own: an end that waited
 * is told and kept, or a move kept meanwhile is played.  Not both: the
 * clock is stopped while a move is kept, and no move is taken once the
 * match has ended.  @game may be gone after (its players left). */
void
mm_lobby_game_end_waited (MmLobbyGame *game)
{
  if (game->keeping != NULL && !game->keeping->in_flight)
    {
      play_kept (game);
      return;
    }
  if (!game->end_waits)
    return;
  game->end_waits = FALSE;
  send_news (game);
}

void
mm_lobby_game_free (gpointer data)
{
  MmLobbyGame *game = data;

  for (int c = 0; c < 2; c++)
    if (game->players[c] != NULL && game->players[c]->game == game)
      game->players[c]->game = NULL;
  /* A move the store is keeping finds the game gone when it answers. */
  if (game->keeping != NULL && game->keeping->in_flight)
    game->keeping->game = NULL;
  else
    g_clear_pointer (&game->keeping, kept_move_free);
  g_queue_clear_full (&game->waiting, (GDestroyNotify) waiting_free);
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

static gint64
clock_ms (MmLobbyGame *game,
          MmColor      color)
{
  if (game->clock == NULL)
    return -1;
  return MAX (mm_clock_get_remaining (game->clock, color), 0) / 1000;
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
      g_autoptr(MmStoredGame) stored = mm_stored_game_new ();
      GError *error = NULL;

      stored->id = g_strdup (game->id);
      stored->black = g_strdup (black->name);
      stored->white = g_strdup (white->name);
      stored->base_s = control->base_s;
      stored->increment_s = control->increment_s;
      stored->rated = control->rated;
      stored->started = g_get_real_time () / G_USEC_PER_SEC;
      stored->black_ms = clock_ms (game, MM_COLOR_BLACK);
      stored->white_ms = clock_ms (game, MM_COLOR_WHITE);
      game->unstored = !mm_lobby_server_stored (self, mm_store_create_game (self->store, stored,
                                                                            &error), error);
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
          finish (older);
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

/* The game @id names, and the colour the peer plays in it (-1 for
 * none); NULL with the error sent when there is no such game. */
static MmLobbyGame *
find_game (MmLobbyServer *self,
           MmLobbyPeer   *peer,
           JsonObject    *message,
           const char    *id,
           int           *color)
{
  const char *game_id = json_object_get_string_member (message, "game");
  MmLobbyGame *game = g_hash_table_lookup (self->games, game_id);

  if (game == NULL)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NO_SUCH_GAME,
                            /* Translators: protocol error; %s is a game's id */
                            _("There is no game “%s”."), game_id);
      return NULL;
    }
  *color = game->players[MM_COLOR_BLACK] == peer->session ? MM_COLOR_BLACK
           : game->players[MM_COLOR_WHITE] == peer->session ? MM_COLOR_WHITE : -1;
  return game;
}

/* The game the peer plays, still in progress; NULL with the error sent. */
static MmLobbyGame *
find_own_game (MmLobbyServer *self,
               MmLobbyPeer   *peer,
               JsonObject    *message,
               const char    *id,
               MmColor       *color)
{
  int seat = -1;
  MmLobbyGame *game = find_game (self, peer, message, id, &seat);

  if (game == NULL)
    return NULL;
  if (seat < 0)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NOT_SEATED,
                            /* Translators: protocol error */
                            _("You do not play in that game."));
      return NULL;
    }
  if (game->over)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_GAME_OVER,
                            /* Translators: protocol error */
                            _("That game is over."));
      return NULL;
    }
  *color = (MmColor) seat;
  return game;
}

/* The discs placed so far: the store counts its moves so, the passes
 * following from the rules. */
static guint
count_discs_played (MmLobbyGame *game)
{
  guint count = 0;

  for (guint i = 0; i < mm_game_get_n_moves (game->game); i++)
    count += mm_game_get_move (game->game, i, NULL) != MM_SQUARE_PASS;
  return count;
}

/* The game's row, for a game the store could not take at its start. */
static gboolean
store_game (MmLobbyGame *game)
{
  g_autoptr(MmStoredGame) stored = mm_stored_game_new ();
  GError *error = NULL;

  stored->id = g_strdup (game->id);
  stored->black = g_strdup (game->names[MM_COLOR_BLACK]);
  stored->white = g_strdup (game->names[MM_COLOR_WHITE]);
  stored->base_s = game->control.base_s;
  stored->increment_s = game->control.increment_s;
  stored->rated = game->control.rated;
  stored->started = g_get_real_time () / G_USEC_PER_SEC;
  stored->black_ms = clock_ms (game, MM_COLOR_BLACK);
  stored->white_ms = clock_ms (game, MM_COLOR_WHITE);
  game->unstored = !mm_lobby_server_stored (game->server,
                                            mm_store_create_game (game->server->store, stored,
                                                                  &error), error);
  return !game->unstored;
}

/* Refuses a move that was not played because it could not be kept. */
static void
refuse_unkept (MmLobbyPeer *peer,
               const char  *id)
{
  mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_INTERNAL,
                        /* Translators: protocol error */
                        _("The server could not keep the move, so it was not played; try again."));
}

/* The connection of @color's player in @game, if it is still the one
 * @serial was taken from (a proxy stays the same while its player is
 * in the game); NULL when the player left, or came back on another
 * connection, which the news reach all the same. */
static MmLobbyPeer *
seat_peer (MmLobbyGame *game,
           MmColor      color,
           guint64      serial)
{
  MmLobbySession *player = game->players[color];

  if (player == NULL || player->peer == NULL || player->peer->serial != serial
      || player->peer->closing)
    return NULL;
  return player->peer;
}

/* Plays @square for the side to move, answers @peer (NULL: nobody to
 * answer) and tells everyone. */
static void
play_move (MmLobbyGame *game,
           MmLobbyPeer *peer,
           const char  *id,
           int          square)
{
  g_autoptr(GError) error = NULL;
  gboolean played;

  game->acting = TRUE;
  played = mm_match_play (game->match, square, &error);
  game->acting = FALSE;
  if (!played)
    {
      mm_lobby_server_log (game->server, "game %s: a move was not played: %s", game->id,
                           error->message);
      if (peer != NULL)
        mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_INTERNAL, "%s", error->message);
      return;
    }
  game->undo_asker = -1;
  if (peer != NULL)
    mm_lobby_peer_reply_ok (peer, id);
  send_news (game);
}

/* A move not played after all: the mover's time, stopped while the
 * store kept it, runs again. */
static void
resume_clock (MmLobbyGame     *game,
              MmLobbyKeptMove *kept)
{
  if (kept->clock_ran && game->clock != NULL && !mm_clock_is_running (game->clock)
      && !game->over && !mm_match_is_finished (game->match))
    mm_clock_start (game->clock, mm_game_get_side_to_move (game->game));
}

static void
abandon (MmLobbyGame *game,
         MmColor      color)
{
  if (game->over)
    return;
  game->reason = "abandonment";
  mm_match_resign (game->match, color);
  send_news (game);
}

/* The store has answered for the move that was being kept: what waited
 * for it is done, in the order it came, until a move is being kept
 * again.  @game may be gone after. */
static void
after_keeping (MmLobbyGame *game)
{
  MmLobbyServer *self = game->server;
  g_autofree char *game_id = g_strdup (game->id);
  Waiting *waiting;

  while (game->keeping == NULL && (waiting = g_queue_pop_head (&game->waiting)) != NULL)
    {
      if (waiting->type == NULL)
        abandon (game, waiting->color);
      else
        {
          /* Asked on a connection that is gone: nobody waits for the
           * answer. */
          MmLobbyPeer *peer = seat_peer (game, waiting->color, waiting->serial);

          if (peer != NULL)
            mm_lobby_games_handle (self, peer, waiting->message, waiting->type, waiting->id);
        }
      waiting_free (waiting);
      if ((game = g_hash_table_lookup (self->games, game_id)) == NULL)
        return;
    }
  /* Its players left while the move was kept (leave_game). */
  if (game->keeping == NULL && game->players[0] == NULL && game->players[1] == NULL
      && g_hash_table_size (game->spectators) == 0)
    g_hash_table_remove (self->games, game->id);
}

/* The move kept is played, told, and answered.  @game may be gone
 * after. */
static void
play_kept (MmLobbyGame *game)
{
  MmLobbyKeptMove *kept = g_steal_pointer (&game->keeping);
  MmLobbyPeer *peer = seat_peer (game, kept->color, kept->serial);

  /* Everything that changes the game waits for the move, and the clock
   * is stopped: nothing should have changed.  Checked all the same, as
   * the match plays a square for whichever side is to move. */
  if (game->over)
    {
      if (peer != NULL)
        mm_lobby_peer_refuse (peer, kept->id, MM_PROTOCOL_ERROR_GAME_OVER,
                              /* Translators: protocol error */
                              _("That game is over."));
    }
  else if (mm_game_get_n_moves (game->game) != kept->n_moves
           || mm_game_get_side_to_move (game->game) != kept->color)
    {
      mm_lobby_server_log (game->server, "game %s changed while a move of it was kept",
                           game->id);
      if (peer != NULL)
        mm_lobby_peer_refuse (peer, kept->id, MM_PROTOCOL_ERROR_NOT_YOUR_TURN,
                              /* Translators: protocol error */
                              _("It is not your turn."));
    }
  else
    play_move (game, peer, kept->id, kept->square);
  resume_clock (game, kept);
  kept_move_free (kept);
  after_keeping (game);
}

static void
move_kept_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  MmLobbyKeptMove *kept = data;
  MmLobbyGame *game = kept->game;
  g_autoptr(GError) error = NULL;
  gboolean done = mm_store_add_move_finish (MM_STORE (source), result, &error);
  MmLobbyServer *self;

  kept->in_flight = FALSE;
  /* The game went meanwhile: let go to another server, or the server
   * went.  Its players learn the game as it stands where it is now. */
  if (game == NULL)
    {
      kept_move_free (kept);
      return;
    }
  self = game->server;
  /* Stopping: nothing more is told. */
  if (self->stopping)
    {
      g_clear_pointer (&game->keeping, kept_move_free);
      return;
    }
  if (!done)
    {
      MmLobbyPeer *peer = seat_peer (game, kept->color, kept->serial);

      mm_lobby_server_log (self, "store: %s", error->message);
      if (peer != NULL)
        refuse_unkept (peer, kept->id);
      game->keeping = NULL;
      resume_clock (game, kept);
      kept_move_free (kept);
      after_keeping (game);
      return;
    }
  /* Kept while this server may have been counted dead by the others:
   * played once it knows the game is still its own (a move may end the
   * game), or let go with the game. */
  if (mm_lobby_failover_in_doubt (self))
    {
      mm_lobby_server_log (self, "game %s: a move kept waits until this server knows "
                           "the game is still its own", game->id);
      return;
    }
  play_kept (game);
}

/* Keeps the move in the store, and plays it when the store has answered
 * (move_kept_cb).  It came in time: the mover's time stops now, not
 * when the store answers, and the clocks kept with it are those the
 * match will have once it is played; the opponent's time runs from the
 * moment the move is told. */
static void
keep_move (MmLobbyGame *game,
           MmLobbyPeer *peer,
           const char  *id,
           MmColor      mover,
           int          square)
{
  MmLobbyServer *self = game->server;
  MmLobbyKeptMove *kept;
  gint64 clocks[2];

  /* A request that comes while a move is kept waits (wait_for_keeping). */
  g_return_if_fail (game->keeping == NULL);

  kept = g_new0 (MmLobbyKeptMove, 1);
  kept->game = game;
  kept->serial = peer->serial;
  kept->id = g_strdup (id);
  kept->color = mover;
  kept->square = square;
  kept->n_moves = mm_game_get_n_moves (game->game);
  kept->in_flight = TRUE;
  if (game->clock != NULL)
    {
      kept->clock_ran = mm_clock_is_running (game->clock);
      mm_clock_stop (game->clock);
    }
  clocks[MM_COLOR_BLACK] = clock_ms (game, MM_COLOR_BLACK);
  clocks[MM_COLOR_WHITE] = clock_ms (game, MM_COLOR_WHITE);
  /* The mover's clock as it will be once the increment is in. */
  if (game->clock != NULL)
    clocks[mover] += (gint64) game->control.increment_s * 1000;
  game->keeping = kept;
  mm_store_add_move_async (self->store, game->id, count_discs_played (game) + 1, square,
                           clocks[MM_COLOR_BLACK], clocks[MM_COLOR_WHITE], self->cancellable,
                           move_kept_cb, kept);
}

static void
handle_move (MmLobbyServer *self,
             MmLobbyPeer   *peer,
             JsonObject    *message,
             const char    *id)
{
  MmColor color;
  MmLobbyGame *game = find_own_game (self, peer, message, id, &color);
  const char *name = json_object_get_string_member (message, "square");
  /* Squares are written as the protocol has them: a1 to h8. */
  int square = name[0] >= 'a' && name[0] <= 'h' && name[1] >= '1' && name[1] <= '8'
               ? mm_square_parse (name) : MM_SQUARE_NONE;
  g_autoptr(GError) error = NULL;

  if (game == NULL)
    return;
  if (mm_lobby_failover_in_doubt (self))
    {
      refuse_unkept (peer, id);
      return;
    }
  if (mm_game_get_side_to_move (game->game) != color)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NOT_YOUR_TURN,
                            /* Translators: protocol error */
                            _("It is not your turn."));
      return;
    }
  if (square < 0 || square >= 64 || !mm_game_check_play (game->game, square, &error))
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_ILLEGAL_MOVE,
                            /* Translators: protocol error; %s is a square such as f5 */
                            _("%s is not a legal move."), name);
      return;
    }
  if (self->store == NULL)
    {
      play_move (game, peer, id, square);
      return;
    }
  /* Kept before it is played, so that nothing told is ever lost. */
  if (game->unstored && !store_game (game))
    {
      refuse_unkept (peer, id);
      return;
    }
  keep_move (game, peer, id, color, square);
}

static void
handle_resign (MmLobbyServer *self,
               MmLobbyPeer   *peer,
               JsonObject    *message,
               const char    *id)
{
  MmColor color;
  MmLobbyGame *game = find_own_game (self, peer, message, id, &color);

  if (game == NULL)
    return;
  mm_lobby_peer_reply_ok (peer, id);
  mm_match_resign (game->match, color);
  send_news (game);
}

/* Whether @color has placed a disc in the game. */
static gboolean
has_moved (MmLobbyGame *game,
           MmColor      color)
{
  for (guint i = 0; i < mm_game_get_n_moves (game->game); i++)
    {
      MmColor mover;

      if (mm_game_get_move (game->game, i, &mover) != MM_SQUARE_PASS && mover == color)
        return TRUE;
    }
  return FALSE;
}

static void
handle_abort (MmLobbyServer *self,
              MmLobbyPeer   *peer,
              JsonObject    *message,
              const char    *id)
{
  MmColor color;
  MmLobbyGame *game = find_own_game (self, peer, message, id, &color);

  if (game == NULL)
    return;
  if (has_moved (game, MM_COLOR_BLACK) && has_moved (game, MM_COLOR_WHITE))
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_TOO_LATE,
                            /* Translators: protocol error */
                            _("Both sides have moved: resign instead."));
      return;
    }
  mm_lobby_peer_reply_ok (peer, id);
  game->reason = "aborted";
  finish (game);
}

static void
handle_ask_undo (MmLobbyServer *self,
                 MmLobbyPeer   *peer,
                 JsonObject    *message,
                 const char    *id)
{
  MmColor color;
  MmLobbyGame *game = find_own_game (self, peer, message, id, &color);
  g_autoptr(JsonObject) asked = NULL;

  if (game == NULL)
    return;
  if (!has_moved (game, color))
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_TOO_LATE,
                            /* Translators: protocol error */
                            _("You have no move to take back."));
      return;
    }
  game->undo_asker = (int) color;
  mm_lobby_peer_reply_ok (peer, id);
  asked = new_game_message (game, "undo-asked", NULL);
  if (game->players[mm_color_other (color)] != NULL)
    mm_lobby_session_send (game->players[mm_color_other (color)], asked);
}

/* Takes back the asker's last disc and everything after it, so that it
 * is the asker's turn again. */
static void
take_back (MmLobbyGame *game,
           MmColor      asker)
{
  guint n_moves = mm_game_get_n_moves (game->game);

  while (n_moves > 0)
    {
      MmColor mover;
      int square = mm_game_get_move (game->game, --n_moves, &mover);

      if (square != MM_SQUARE_PASS && mover == asker)
        break;
    }
  mm_match_play_from (game->match, n_moves);
  if (game->server->store != NULL)
    {
      GError *error = NULL;

      mm_lobby_server_stored (game->server,
                              mm_store_take_back (game->server->store, game->id,
                                                  count_discs_played (game),
                                                  clock_ms (game, MM_COLOR_BLACK),
                                                  clock_ms (game, MM_COLOR_WHITE), &error),
                              error);
    }
}

static void
handle_answer_undo (MmLobbyServer *self,
                    MmLobbyPeer   *peer,
                    JsonObject    *message,
                    const char    *id)
{
  MmColor color;
  MmLobbyGame *game = find_own_game (self, peer, message, id, &color);
  MmColor asker;

  if (game == NULL)
    return;
  if (game->undo_asker < 0 || (MmColor) game->undo_asker == color)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_TOO_LATE,
                            /* Translators: protocol error */
                            _("Nobody asked to take a move back."));
      return;
    }
  asker = (MmColor) game->undo_asker;
  game->undo_asker = -1;
  mm_lobby_peer_reply_ok (peer, id);
  if (json_object_get_boolean_member (message, "accept"))
    {
      take_back (game, asker);
      send_news (game);
    }
  else if (game->players[asker] != NULL)
    {
      g_autoptr(JsonObject) refused = new_game_message (game, "undo-refused", NULL);

      mm_lobby_session_send (game->players[asker], refused);
    }
}

static void
handle_rematch (MmLobbyServer *self,
                MmLobbyPeer   *peer,
                JsonObject    *message,
                const char    *id)
{
  int seat = -1;
  MmLobbyGame *game = find_game (self, peer, message, id, &seat);
  MmLobbySession *opponent;

  if (game == NULL)
    return;
  if (seat < 0 || peer->session->game != game)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NOT_SEATED,
                            /* Translators: protocol error */
                            _("You did not play that game last."));
      return;
    }
  if (!game->over)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_BUSY,
                            /* Translators: protocol error */
                            _("That game is still being played."));
      return;
    }
  opponent = game->players[mm_color_other ((MmColor) seat)];
  if (opponent == NULL || opponent->game != game)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NOT_ACCEPTING,
                            /* Translators: protocol error */
                            _("Your opponent has gone on to other things."));
      return;
    }
  mm_lobby_peer_reply_ok (peer, id);
  game->rematch_wanted[seat] = TRUE;
  if (game->rematch_wanted[mm_color_other ((MmColor) seat)])
    {
      MmTimeControl control = game->control;

      /* Colours swap. */
      mm_lobby_game_start (self, game->players[MM_COLOR_WHITE], game->players[MM_COLOR_BLACK],
                           &control);
      return;
    }
  {
    g_autoptr(JsonObject) asked = new_game_message (game, "rematch-asked", NULL);

    mm_lobby_session_send (opponent, asked);
  }
}

static void
handle_watch (MmLobbyServer *self,
              MmLobbyPeer   *peer,
              JsonObject    *message,
              const char    *id)
{
  int seat = -1;
  MmLobbyGame *game = find_game (self, peer, message, id, &seat);
  g_autoptr(JsonObject) state = NULL;
  gboolean was_watching;

  if (game == NULL)
    return;
  was_watching = g_hash_table_size (peer->watching) > 0;
  /* A player watching its own game gets the state only. */
  if (seat < 0)
    {
      g_hash_table_add (game->spectators, peer);
      g_hash_table_insert (peer->watching, game->id, game);
    }
  state = new_game_state (game, id);
  mm_lobby_peer_send (peer, state);
  if (!was_watching && seat < 0)
    mm_lobby_presence_announce (self, peer->session, "player-changed");
}

static void
stop_watching (MmLobbyServer *self,
               MmLobbyPeer   *peer,
               MmLobbyGame   *game)
{
  g_hash_table_remove (game->spectators, peer);
  g_hash_table_remove (peer->watching, game->id);
  if (game->over && game->players[0] == NULL && game->players[1] == NULL
      && g_hash_table_size (game->spectators) == 0)
    g_hash_table_remove (self->games, game->id);
}

static void
handle_unwatch (MmLobbyServer *self,
                MmLobbyPeer   *peer,
                JsonObject    *message,
                const char    *id)
{
  int seat = -1;
  MmLobbyGame *game = find_game (self, peer, message, id, &seat);

  if (game == NULL)
    return;
  if (!g_hash_table_contains (game->spectators, peer))
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NOT_SEATED,
                            /* Translators: protocol error */
                            _("You do not watch that game."));
      return;
    }
  stop_watching (self, peer, game);
  mm_lobby_peer_reply_ok (peer, id);
  if (g_hash_table_size (peer->watching) == 0 && peer->session != NULL)
    mm_lobby_presence_announce (self, peer->session, "player-changed");
}

typedef void (*GameHandler) (MmLobbyServer *self,
                             MmLobbyPeer   *peer,
                             JsonObject    *message,
                             const char    *id);

/* The requests that change a game in progress wait while one of its
 * moves is being kept, so that they are done in the order they came,
 * as if the move had been played at once: a second move is then told
 * that it is not the player's turn, not kept twice; a resignation or an
 * abort comes after the move; an undo takes it back, or not, knowing
 * whether it was played, and its statement reaches the store after the
 * move's. */
static const struct
{
  const char  *type;
  GameHandler  handle;
  gboolean     waits;
} game_requests[] = {
  { "move", handle_move, TRUE },
  { "resign", handle_resign, TRUE },
  { "abort", handle_abort, TRUE },
  { "ask-undo", handle_ask_undo, TRUE },
  { "answer-undo", handle_answer_undo, TRUE },
  { "rematch", handle_rematch, FALSE },
  { "watch", handle_watch, FALSE },
  { "unwatch", handle_unwatch, FALSE },
  { "list-games", mm_lobby_archive_handle_list, FALSE },
  { "fetch-game", mm_lobby_archive_handle_fetch, FALSE },
};

/* Whether a request of a player of the game it names waits for a move
 * being kept (then it is queued, or refused when too many wait). */
static gboolean
wait_for_keeping (MmLobbyServer *self,
                  MmLobbyPeer   *peer,
                  JsonObject    *message,
                  const char    *type,
                  const char    *id)
{
  const char *game_id = json_object_get_string_member_with_default (message, "game", NULL);
  MmLobbyGame *game;
  Waiting *waiting;
  int seat;

  if (game_id == NULL || (game = g_hash_table_lookup (self->games, game_id)) == NULL
      || game->keeping == NULL)
    return FALSE;
  seat = game->players[MM_COLOR_BLACK] == peer->session ? MM_COLOR_BLACK
         : game->players[MM_COLOR_WHITE] == peer->session ? MM_COLOR_WHITE : -1;
  /* Not a player of it: refused at once, as always. */
  if (seat < 0)
    return FALSE;
  if (g_queue_get_length (&game->waiting) >= MAX_WAITING)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_RATE_LIMITED,
                            /* Translators: protocol error */
                            _("Too many at once: wait a moment and try again."));
      return TRUE;
    }
  waiting = g_new0 (Waiting, 1);
  waiting->type = g_strdup (type);
  waiting->id = g_strdup (id);
  waiting->message = json_object_ref (message);
  waiting->color = (MmColor) seat;
  waiting->serial = peer->serial;
  g_queue_push_tail (&game->waiting, waiting);
  return TRUE;
}

void
mm_lobby_games_handle (MmLobbyServer *self,
                       MmLobbyPeer   *peer,
                       JsonObject    *message,
                       const char    *type,
                       const char    *id)
{
  for (gsize i = 0; i < G_N_ELEMENTS (game_requests); i++)
    if (g_str_equal (game_requests[i].type, type))
      {
        if (game_requests[i].waits && wait_for_keeping (self, peer, message, type, id))
          return;
        game_requests[i].handle (self, peer, message, id);
        return;
      }
  g_return_if_reached ();
}

/* Chat in a game: the players' room, or its spectators'. */
void
mm_lobby_games_say (MmLobbyServer *self,
                    MmLobbyPeer   *peer,
                    JsonObject    *message,
                    const char    *id)
{
  const char *room = json_object_get_string_member (message, "room");
  gboolean players_room = g_str_equal (room, "game");
  int seat = -1;
  MmLobbyGame *game;
  g_autoptr(JsonObject) said = NULL;

  if (!json_object_has_member (message, "game"))
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_MISSING_FIELD,
                            /* Translators: protocol error; do not translate the quoted names */
                            _("Chat in a game’s room names the “game”."));
      return;
    }
  if ((game = find_game (self, peer, message, id, &seat)) == NULL)
    return;
  if (players_room ? seat < 0 : !g_hash_table_contains (game->spectators, peer))
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NOT_SEATED,
                            players_room
                            /* Translators: protocol error */
                            ? _("Only the players speak in a game’s room.")
                            /* Translators: protocol error */
                            : _("Only the spectators speak in their room."));
      return;
    }
  mm_lobby_peer_reply_ok (peer, id);
  said = mm_protocol_new_message ("said", NULL);
  json_object_set_string_member (said, "room", room);
  json_object_set_string_member (said, "game", game->id);
  json_object_set_string_member (said, "from", peer->session->name);
  json_object_set_string_member (said, "text", json_object_get_string_member (message, "text"));
  if (players_room)
    {
      for (int c = 0; c < 2; c++)
        if (game->players[c] != NULL
            && !g_hash_table_contains (game->players[c]->ignored, peer->session->key))
          mm_lobby_session_send (game->players[c], said);
    }
  else
    {
      GHashTableIter iter;
      gpointer key;

      g_hash_table_iter_init (&iter, game->spectators);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        {
          MmLobbyPeer *listener = key;

          if (listener->session == NULL
              || !g_hash_table_contains (listener->session->ignored, peer->session->key))
            mm_lobby_peer_send (listener, said);
        }
    }
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
  away = new_game_message (game, "opponent-away", NULL);
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
  state = new_game_state (game, NULL);
  mm_lobby_session_send (session, state);
  /* An opponent still away, after a restart say, and how long it has. */
  for (int c = 0; c < 2; c++)
    {
      MmLobbySession *other = game->players[c];

      if (other != NULL && other != session && other->peer == NULL)
        {
          gint64 gone_s = (g_get_monotonic_time () - other->away_since_us) / G_USEC_PER_SEC;
          g_autoptr(JsonObject) away = new_game_message (game, "opponent-away", NULL);

          json_object_set_string_member (away, "name", other->name);
          json_object_set_int_member (away, "seconds",
                                      MAX ((gint64) self->limits.grace_s - gone_s, 0));
          mm_lobby_session_send (session, away);
        }
    }
  back = new_game_message (game, "opponent-back", NULL);
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
        {
          Waiting *waiting = g_new0 (Waiting, 1);

          waiting->color = color;
          g_queue_push_tail (&game->waiting, waiting);
        }
      else
        abandon (game, color);
    }
  leave_game (self, session);
}

void
mm_lobby_games_forget_peer (MmLobbyServer *self,
                            MmLobbyPeer   *peer)
{
  g_autoptr(GList) games = g_hash_table_get_values (peer->watching);

  for (GList *l = games; l != NULL; l = l->next)
    stop_watching (self, peer, l->data);
}
