/* mm-opening.c
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

#define G_LOG_DOMAIN "mm-opening"

#include "config.h"

#include <string.h>

#include "mm-opening.h"
#include "mm-search.h"

/* How deep each candidate is searched: enough to see through the
 * opening's tactics, a few milliseconds each. */
#define SCORE_DEPTH 8
#define HASH_BYTES ((size_t) 4 << 20)
/* Candidates tried before the best one so far is taken. */
#define MAX_TRIES 200

/* Plays @n_plies random legal moves from the standard start; FALSE when
 * a side had to pass or the game ended, which no opening should do. */
static gboolean
play_random_moves (GRand   *rand,
                   guint    n_plies,
                   int     *moves,
                   MmBoard *board)
{
  mm_board_init_start (board);
  for (guint i = 0; i < n_plies; i++)
    {
      uint64_t legal = mm_board_legal_moves (board);
      int pick;

      if (legal == 0)
        return FALSE;
      pick = g_rand_int_range (rand, 0, mm_popcount (legal));
      while (pick-- > 0)
        legal = mm_without_first (legal);
      moves[i] = mm_first_square (legal);
      mm_board_play (board, moves[i]);
    }
  return mm_board_can_move (board);
}

/**
 * mm_opening_random_balanced:
 * @weights: (nullable): the evaluation, %NULL for the hand-written one
 * @n_plies: the length of the opening, at most 20
 * @max_score: how far from even the position may be, in 1/MM_EVAL_SCALE disc
 * @moves: (out caller-allocates) (array length=n_plies): the moves
 * @score: (out) (optional): the score of the position for the side to
 *   move after them, by a search of a few plies
 *
 * Looks for a random opening of @n_plies moves whose position is within
 * @max_score of even.  After a couple of hundred tries without one it
 * gives the closest found, which in practice never happens for
 * openings of about 8 moves, where about a fifth are that close.
 *
 * Returns: @n_plies, or 0 when no memory for the search or no try
 *   gave an opening without a pass
 */
guint
mm_opening_random_balanced (const MmEvalWeights *weights,
                            GRand               *rand,
                            guint                n_plies,
                            int                  max_score,
                            int                 *moves,
                            int                 *score)
{
  MmSearch *search;
  int best_moves[20];
  int best_score = G_MAXINT;

  g_return_val_if_fail (rand != NULL && moves != NULL, 0);
  g_return_val_if_fail (n_plies > 0 && n_plies <= G_N_ELEMENTS (best_moves), 0);

  search = mm_search_new (HASH_BYTES);
  if (search == NULL)
    return 0;
  mm_search_set_weights (search, weights);

  for (guint tries = 0; tries < MAX_TRIES && ABS (best_score) > max_score; tries++)
    {
      MmSearchLimits limits = { .max_depth = SCORE_DEPTH };
      MmSearchResult result;
      MmBoard board;

      if (!play_random_moves (rand, n_plies, moves, &board))
        continue;
      mm_search_clear (search);
      mm_search_run (search, &board, &limits, NULL, NULL, &result);
      if (ABS (result.score) < ABS (best_score))
        {
          best_score = result.score;
          memcpy (best_moves, moves, n_plies * sizeof (int));
        }
    }
  mm_search_free (search);

  if (best_score == G_MAXINT)
    return 0;
  memcpy (moves, best_moves, n_plies * sizeof (int));
  if (score != NULL)
    *score = best_score;
  return n_plies;
}

/* The other symmetric placings of the four centre discs.  Bits: d4 27,
 * e4 28, d5 35, e5 36. */
static gboolean
start_position (const char *name,
                guint64    *black,
                guint64    *white)
{
  const guint64 d4 = G_GUINT64_CONSTANT (1) << 27, e4 = G_GUINT64_CONSTANT (1) << 28;
  const guint64 d5 = G_GUINT64_CONSTANT (1) << 35, e5 = G_GUINT64_CONSTANT (1) << 36;

  if (g_strcmp0 (name, "mirrored") == 0)
    {
      *black = d4 | e5;
      *white = e4 | d5;
    }
  else if (g_strcmp0 (name, "parallel-columns") == 0)
    {
      *black = d4 | d5;
      *white = e4 | e5;
    }
  else if (g_strcmp0 (name, "parallel-rows") == 0)
    {
      *black = d4 | e4;
      *white = d5 | e5;
    }
  else
    return FALSE;
  return TRUE;
}

/**
 * mm_opening_start_game:
 * @start: the start as the settings name it: "standard", "mirrored",
 *   "parallel-columns", "parallel-rows" or "random-opening"; anything
 *   else is the standard start
 * @weights: (nullable): what a random opening is balanced with
 *
 * Starts @game again from @start, Black to move.  A random balanced
 * opening (XOT style) is played as the first moves of the game, so that
 * the move list and the record show them.
 */
void
mm_opening_start_game (MmGame              *game,
                       const char          *start,
                       const MmEvalWeights *weights,
                       GRand               *rand)
{
  guint64 black, white;
  MmBoard board;

  g_return_if_fail (MM_IS_GAME (game));
  g_return_if_fail (rand != NULL);

  if (g_strcmp0 (start, "random-opening") == 0)
    {
      int moves[MM_OPENING_PLIES];
      guint n_moves;

      mm_game_restart (game);
      n_moves = mm_opening_random_balanced (weights, rand, MM_OPENING_PLIES,
                                            MM_OPENING_MAX_SCORE, moves, NULL);
      for (guint i = 0; i < n_moves; i++)
        if (!mm_game_play (game, moves[i], NULL))
          break;
    }
  else if (start_position (start, &black, &white))
    {
      mm_board_from_colors (&board, black, white, MM_COLOR_BLACK);
      mm_game_restart_from (game, &board, MM_COLOR_BLACK);
    }
  else
    mm_game_restart (game);
}
