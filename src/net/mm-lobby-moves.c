/* mm-lobby-moves.c
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

/* The moves of the lobby's games (mm-lobby-games.c).  A move is kept in
 * the store before it is played, so that nothing told is ever lost,
 * without the main loop waiting for the database (keep_move): while the
 * store keeps it the mover's clock is stopped, and whatever else comes
 * about the game (a second move, a resignation, an undo, a player's
 * abandonment) waits for the store's answer, then is done in the order
 * it came, as if the move had been played at once. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-game.h"
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
  mm_lobby_game_send_news (game);
}

/* @game goes: a move the store is keeping finds it gone when it
 * answers, and what waited for the move is dropped. */
void
mm_lobby_moves_forget_game (MmLobbyGame *game)
{
  /* A move the store is keeping finds the game gone when it answers. */
  if (game->keeping != NULL && game->keeping->in_flight)
    game->keeping->game = NULL;
  else
    g_clear_pointer (&game->keeping, kept_move_free);
  g_queue_clear_full (&game->waiting, (GDestroyNotify) waiting_free);
}

/* The discs placed so far: the store counts its moves so, the passes
 * following from the rules. */
guint
mm_lobby_game_count_discs_played (MmLobbyGame *game)
{
  guint count = 0;

  for (guint i = 0; i < mm_game_get_n_moves (game->game); i++)
    count += mm_game_get_move (game->game, i, NULL) != MM_SQUARE_PASS;
  return count;
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
  mm_lobby_game_send_news (game);
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
        mm_lobby_game_abandon (game, waiting->color);
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

/* The square of the @ply-th move of @stored (passes are not moves of
 * a ply), or MM_SQUARE_NONE. */
static int
stored_square (const MmStoredGame *stored,
               guint               ply)
{
  guint seen = 0;

  for (guint i = 0; i < stored->moves->len; i++)
    {
      int square = g_array_index (stored->moves, int, i);

      if (square != MM_SQUARE_PASS && ++seen == ply)
        return square;
    }
  return MM_SQUARE_NONE;
}

/* The move kept could not be (why: @error, NULL when it was logged
 * already): its player is refused, the clock goes on, and what waited
 * for it runs. */
static void
give_up_keeping (MmLobbyGame  *game,
                 const GError *error)
{
  MmLobbyKeptMove *kept = game->keeping;
  MmLobbyPeer *peer = seat_peer (game, kept->color, kept->serial);

  if (error != NULL)
    mm_lobby_server_log (game->server, "store: %s", error->message);
  if (peer != NULL)
    refuse_unkept (peer, kept->id);
  game->keeping = NULL;
  resume_clock (game, kept);
  kept_move_free (kept);
  after_keeping (game);
}

/* The ply of the move kept was taken in the store already.  The
 * referee asks for each ply once, so it was this game's own move whose
 * commit went through while its answer was lost with the database's
 * connection: its player was refused then, and has asked again, the
 * same square or another.  The rows are the truth: the move stored is
 * played, as an answer to the request if it is the same square, and
 * the other one is refused.  FALSE when @stored does not say which
 * move took the ply.  @game may be gone after TRUE. */
static gboolean
play_stored (MmLobbyGame        *game,
             const MmStoredGame *stored)
{
  MmLobbyServer *self = game->server;
  MmLobbyKeptMove *kept = game->keeping;
  guint ply = mm_lobby_game_count_discs_played (game) + 1;
  int square = stored_square (stored, ply);
  MmLobbyPeer *peer;

  if (square == kept->square)
    {
      mm_lobby_server_log (self, "game %s: move %u was kept already, its answer lost", game->id,
                           ply);
      play_kept (game);
      return TRUE;
    }
  if (square == MM_SQUARE_NONE || game->over
      || mm_game_get_n_moves (game->game) != kept->n_moves
      || !mm_game_check_play (game->game, square, NULL))
    return FALSE;
  mm_lobby_server_log (self, "game %s: move %u was kept already as another square, played",
                       game->id, ply);
  game->keeping = NULL;
  peer = seat_peer (game, kept->color, kept->serial);
  play_move (game, NULL, NULL, square);
  if (peer != NULL)
    mm_lobby_peer_refuse (peer, kept->id, MM_PROTOCOL_ERROR_NOT_YOUR_TURN,
                          /* Translators: protocol error; a move the server said it could
                           * not keep had been kept after all */
                          _("Your earlier move was kept after all, and stands."));
  resume_clock (game, kept);
  kept_move_free (kept);
  after_keeping (game);
  return TRUE;
}

/* A store call: the rows of the game of a move kept. */
typedef struct
{
  MmLobbyKeptMove *kept;
  char            *game_id;
  MmStoredGame    *stored;
} StoredLookup;

static void
stored_lookup_free (StoredLookup *lookup)
{
  g_free (lookup->game_id);
  g_clear_pointer (&lookup->stored, mm_stored_game_free);
  g_free (lookup);
}

static gboolean
read_stored_game (MmStore  *store,
                  gpointer  data,
                  GError  **error)
{
  StoredLookup *lookup = data;

  lookup->stored = mm_store_find_game (store, lookup->game_id, error);
  return lookup->stored != NULL;
}

static void
stored_game_read (MmLobbyServer *self,
                  MmLobbyPeer   *peer,
                  gpointer       data,
                  const GError  *error)
{
  StoredLookup *lookup = data;
  MmLobbyKeptMove *kept = lookup->kept;
  MmLobbyGame *game = kept->game;
  g_autoptr(GError) unsaid = NULL;

  kept->in_flight = FALSE;
  /* The game went meanwhile, or the server stops: as for the insert */
  if (game == NULL)
    {
      kept_move_free (kept);
      return;
    }
  if (self->stopping)
    {
      g_clear_pointer (&game->keeping, kept_move_free);
      return;
    }
  if (lookup->stored != NULL && !mm_lobby_failover_in_doubt (self)
      && play_stored (game, lookup->stored))
    return;
  if (error == NULL)
    unsaid = g_error_new (MM_STORE_ERROR, MM_STORE_ERROR_EXISTS,
                          "game %s: the ply of a move was taken by another", game->id);
  give_up_keeping (game, unsaid);
}

/* Reads the game's rows to learn which move took the ply of the move
 * kept, the move waiting meanwhile as it waited for its insert. */
static void
read_stored (MmLobbyGame *game)
{
  StoredLookup *lookup = g_new0 (StoredLookup, 1);

  lookup->kept = game->keeping;
  lookup->game_id = g_strdup (game->id);
  game->keeping->in_flight = TRUE;
  mm_lobby_server_call_store (game->server, NULL, game->id, read_stored_game, stored_game_read,
                              lookup, (GDestroyNotify) stored_lookup_free);
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
  if (!done && g_error_matches (error, MM_STORE_ERROR, MM_STORE_ERROR_EXISTS)
      && !mm_lobby_failover_in_doubt (self))
    {
      read_stored (game);
      return;
    }
  if (!done)
    {
      give_up_keeping (game, error);
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

  /* A request that comes while a move is kept waits (mm_lobby_moves_wait_for_keeping). */
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
  clocks[MM_COLOR_BLACK] = mm_lobby_game_clock_ms (game, MM_COLOR_BLACK);
  clocks[MM_COLOR_WHITE] = mm_lobby_game_clock_ms (game, MM_COLOR_WHITE);
  /* The mover's clock as it will be once the increment is in. */
  if (game->clock != NULL)
    clocks[mover] += (gint64) game->control.increment_s * 1000;
  game->keeping = kept;
  mm_store_add_move_async (self->store, game->id, mm_lobby_game_count_discs_played (game) + 1,
                           square, clocks[MM_COLOR_BLACK], clocks[MM_COLOR_WHITE],
                           self->cancellable, move_kept_cb, kept);
}

void
mm_lobby_moves_handle_move (MmLobbyServer *self,
                            MmLobbyPeer   *peer,
                            JsonObject    *message,
                            const char    *id)
{
  MmColor color;
  MmLobbyGame *game = mm_lobby_games_find_own (self, peer, message, id, &color);
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
  /* Kept before it is played, so that nothing told is ever lost: a
   * game the store could not take at its start gets its row first. */
  if (game->unstored)
    mm_lobby_game_store_row (game);
  keep_move (game, peer, id, color, square);
}

/* Whether a request of a player of the game it names waits for a move
 * being kept (then it is queued, or refused when too many wait). */
gboolean
mm_lobby_moves_wait_for_keeping (MmLobbyServer *self,
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

/* A player's abandonment of @game, which came while one of its moves
 * was being kept: done once the store has answered (after_keeping). */
void
mm_lobby_moves_wait_abandonment (MmLobbyGame *game,
                                 MmColor      color)
{
  Waiting *waiting = g_new0 (Waiting, 1);

  waiting->color = color;
  g_queue_push_tail (&game->waiting, waiting);
}
