/* mm-ai-level.c
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

#define G_LOG_DOMAIN "mm-ai"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <string.h>

#include "mm-ai-level.h"

/* The levels.  Each is a search limited in depth and in time, and the
 * three weakest add chance: they score every move with a shallow search
 * and play one of those close to the best, the closer the likelier, so
 * that they make the mistakes of a weak player (a corner missed, a
 * careless edge) rather than random moves.  docs/MATCHES.md has the
 * results of each level against the one below.  The two strongest play
 * the opening from the book (docs/BOOK.md) while the game is in it:
 * Expert its best move, Master any move within a disc of the best, so
 * that it does not play the same game every time. */

#define DISCS(n) ((int) ((n) * MM_EVAL_SCALE))

/* No new depth is begun once this share of the time is spent: it would
 * most likely not finish. */
#define SOFT_TIME_SHARE 0.4

typedef struct
{
  const char      *id;
  MmAiLevelParams  params;
} LevelInfo;

static const LevelInfo levels[MM_AI_N_LEVELS] = {
  [MM_AI_LEVEL_BEGINNER] = {
    "beginner", { { 1, 1.0, 0 }, DISCS (16), DISCS (4) },
  },
  [MM_AI_LEVEL_NOVICE] = {
    "novice", { { 2, 1.0, 0 }, DISCS (8), DISCS (2) },
  },
  [MM_AI_LEVEL_INTERMEDIATE] = {
    "intermediate", { { 4, 2.0, 8 }, DISCS (3), DISCS (1) },
  },
  [MM_AI_LEVEL_ADVANCED] = {
    "advanced", { { 6, 2.0, 12 }, 0, 0 },
  },
  [MM_AI_LEVEL_EXPERT] = {
    "expert", { { 8, 3.0, 16 }, 0, 0, TRUE, 0 },
  },
  [MM_AI_LEVEL_MASTER] = {
    "master", { { 0, 4.0, 20 }, 0, 0, TRUE, DISCS (1) },
  },
  [MM_AI_LEVEL_ANALYSIS] = {
    "analysis", { { 0, 0, 18 }, 0, 0 },
  },
};

G_DEFINE_ENUM_TYPE (MmAiLevel, mm_ai_level,
  G_DEFINE_ENUM_VALUE (MM_AI_LEVEL_BEGINNER, "beginner"),
  G_DEFINE_ENUM_VALUE (MM_AI_LEVEL_NOVICE, "novice"),
  G_DEFINE_ENUM_VALUE (MM_AI_LEVEL_INTERMEDIATE, "intermediate"),
  G_DEFINE_ENUM_VALUE (MM_AI_LEVEL_ADVANCED, "advanced"),
  G_DEFINE_ENUM_VALUE (MM_AI_LEVEL_EXPERT, "expert"),
  G_DEFINE_ENUM_VALUE (MM_AI_LEVEL_MASTER, "master"),
  G_DEFINE_ENUM_VALUE (MM_AI_LEVEL_ANALYSIS, "analysis"))

void
mm_ai_level_get_params (MmAiLevel        level,
                        MmAiLevelParams *params)
{
  g_return_if_fail (level >= 0 && level < MM_AI_N_LEVELS);
  g_return_if_fail (params != NULL);

  *params = levels[level].params;
}

/* A move on a clock with @remaining_seconds left and @increment_seconds
 * added a move: a level limited by time alone (Master) takes the share
 * of the clock this move deserves, more in the middle game where it
 * pays, and keeps a reserve; the others keep their own limits, with no
 * more time than that share, so that no level loses on time. */
void
mm_ai_level_params_on_clock (MmAiLevelParams *params,
                             double           remaining_seconds,
                             double           increment_seconds,
                             int              n_empties)
{
  double share;

  g_return_if_fail (params != NULL);

  share = mm_search_time_for_move (MAX (remaining_seconds, 0), MAX (increment_seconds, 0),
                                   n_empties);
  if (params->limits.max_depth == 0 || params->limits.max_seconds == 0
      || params->limits.max_seconds > share)
    params->limits.max_seconds = share;
}

/* The name in settings, on the command line and in files. */
const char *
mm_ai_level_to_string (MmAiLevel level)
{
  g_return_val_if_fail (level >= 0 && level < MM_AI_N_LEVELS, NULL);

  return levels[level].id;
}

gboolean
mm_ai_level_from_string (const char *text,
                         MmAiLevel  *level)
{
  g_return_val_if_fail (text != NULL, FALSE);

  for (int i = 0; i < MM_AI_N_LEVELS; i++)
    {
      if (g_ascii_strcasecmp (text, levels[i].id) == 0)
        {
          if (level != NULL)
            *level = (MmAiLevel) i;
          return TRUE;
        }
    }
  return FALSE;
}

/* The name for people, translated. */
const char *
mm_ai_level_get_name (MmAiLevel level)
{
  switch (level)
    {
    case MM_AI_LEVEL_BEGINNER:
      return C_("computer level", "Beginner");
    case MM_AI_LEVEL_NOVICE:
      return C_("computer level", "Novice");
    case MM_AI_LEVEL_INTERMEDIATE:
      return C_("computer level", "Intermediate");
    case MM_AI_LEVEL_ADVANCED:
      return C_("computer level", "Advanced");
    case MM_AI_LEVEL_EXPERT:
      return C_("computer level", "Expert");
    case MM_AI_LEVEL_MASTER:
      return C_("computer level", "Master");
    case MM_AI_LEVEL_ANALYSIS:
      return C_("computer level", "Unlimited");
    default:
      g_return_val_if_reached (NULL);
    }
}

/* One sentence for the New Game dialog, translated. */
const char *
mm_ai_level_get_description (MmAiLevel level)
{
  switch (level)
    {
    case MM_AI_LEVEL_BEGINNER:
      return _("Plays sensible-looking moves but misses a lot. For those who have just learnt the rules.");
    case MM_AI_LEVEL_NOVICE:
      return _("Looks at your reply to each move, and still makes mistakes.");
    case MM_AI_LEVEL_INTERMEDIATE:
      return _("A few moves ahead, with the odd slip. A fair game for a club beginner.");
    case MM_AI_LEVEL_ADVANCED:
      return _("Six moves ahead and perfect in the last twelve.");
    case MM_AI_LEVEL_EXPERT:
      return _("Eight moves ahead and perfect in the last sixteen.");
    case MM_AI_LEVEL_MASTER:
      return _("Full strength, up to four seconds a move.");
    case MM_AI_LEVEL_ANALYSIS:
      return _("Searches until it is stopped. For hints and analysis.");
    default:
      g_return_val_if_reached (NULL);
    }
}

/**
 * mm_ai_level_choose:
 * @moves: (element-type MmAiMove): scored moves, best first
 * @rand: (nullable): the chance to use, %NULL for GLib's
 *
 * Chooses a move to play as @params say.
 *
 * Returns: the index of the move in @moves
 */
guint
mm_ai_level_choose (const MmAiLevelParams *params,
                    GArray                *moves,
                    GRand                 *rand)
{
  double weights[MM_N_SQUARES + 1];
  double total = 0, pick;
  int best;
  guint n;

  g_return_val_if_fail (params != NULL && moves != NULL && moves->len > 0, 0);

  if (params->noise_margin <= 0 || params->noise_temperature <= 0 || moves->len == 1)
    return 0;

  n = MIN (moves->len, G_N_ELEMENTS (weights));
  best = g_array_index (moves, MmAiMove, 0).score;
  for (guint i = 0; i < n; i++)
    {
      int loss = best - g_array_index (moves, MmAiMove, i).score;

      weights[i] = loss <= params->noise_margin
                   ? exp (-(double) loss / params->noise_temperature) : 0;
      total += weights[i];
    }

  pick = (rand != NULL ? g_rand_double (rand) : g_random_double ()) * total;
  for (guint i = 0; i < n; i++)
    {
      if (pick < weights[i])
        return i;
      pick -= weights[i];
    }
  return 0;
}

/**
 * mm_ai_level_book_move:
 * @book: (nullable): the opening book, %NULL for none
 * @rand: (nullable): the chance that chooses among the book moves, %NULL
 *   for GLib's
 * @move: (out caller-allocates): the book move, with its value in the
 *   book as its score, book set and depth 0 (not searched)
 *
 * The move of @board from the book, as the level of @params plays it:
 * one of the book moves at most @params->book_margin worse than the
 * best, each as likely.
 *
 * Returns: %FALSE when the level does not use the book or @board is not
 *   in it (@move is left alone)
 */
gboolean
mm_ai_level_book_move (const MmAiLevelParams *params,
                       const MmBook          *book,
                       const MmBoard         *board,
                       GRand                 *rand,
                       MmAiMove              *move)
{
  MmBookMove moves[MM_BOOK_MAX_MOVES];
  int n, n_close, chosen;

  g_return_val_if_fail (params != NULL && board != NULL && move != NULL, FALSE);

  if (!params->book || book == NULL)
    return FALSE;
  n = mm_book_moves (book, board, moves, G_N_ELEMENTS (moves));
  if (n == 0)
    return FALSE;

  /* Best first: the close ones are a prefix. */
  for (n_close = 1; n_close < n; n_close++)
    if (moves[0].value - moves[n_close].value > MAX (params->book_margin, 0))
      break;
  chosen = n_close == 1 ? 0
           : rand != NULL ? g_rand_int_range (rand, 0, n_close)
           : g_random_int_range (0, n_close);

  memset (move, 0, sizeof *move);
  move->square = moves[chosen].square;
  move->score = moves[chosen].value;
  move->book = TRUE;
  return TRUE;
}

typedef struct
{
  const MmAiLevelParams *params;
  MmSearch              *search;
  GCancellable          *cancellable;
  MmAiProgressFunc       progress;
  gpointer               user_data;
} Think;

static void
think_progress (const MmSearchResult *result,
                void                 *user_data)
{
  Think *think = user_data;
  double max_seconds = think->params->limits.max_seconds;

  if (g_cancellable_is_cancelled (think->cancellable))
    mm_search_stop (think->search);
  else if (max_seconds > 0 && result->seconds > SOFT_TIME_SHARE * max_seconds)
    mm_search_stop (think->search);

  if (think->progress != NULL)
    {
      MmAiMove best = {
        .square = result->best_move,
        .score = result->score,
        .depth = result->depth,
        .exact = result->exact,
        .nodes = result->nodes,
        .seconds = result->seconds,
      };

      think->progress (&best, think->user_data);
    }
}

static void
analysis_progress (GArray   *moves,
                   int       depth,
                   gpointer  user_data)
{
  Think *think = user_data;
  MmAiMove best;

  if (think->progress == NULL || moves->len == 0)
    return;
  best = g_array_index (moves, MmAiMove, 0);
  best.depth = depth;
  think->progress (&best, think->user_data);
}

static void
stop_search (GCancellable *cancellable,
             MmSearch     *search)
{
  mm_search_stop (search);
}

/**
 * mm_ai_level_think:
 * @search: the search to use; its weights must be @weights
 * @weights: (nullable): the evaluation, %NULL for the hand-written one
 * @rand: (nullable): the chance of the weak levels, %NULL for GLib's
 * @cancellable: (nullable): stops the search from any thread
 * @progress: (nullable): called in this thread after every finished depth
 * @move: (out caller-allocates): the move to play, always legal: a pass
 *   when there is no other, MM_SQUARE_NONE when the game is over
 *
 * Chooses a move of @board as the level of @params would.  Runs in the
 * calling thread until the search ends.
 *
 * Returns: %FALSE when @cancellable stopped the search (@move is still
 *   legal, from the depth reached)
 */
gboolean
mm_ai_level_think (const MmAiLevelParams *params,
                   MmSearch              *search,
                   const MmEvalWeights   *weights,
                   const MmBoard         *board,
                   GRand                 *rand,
                   GCancellable          *cancellable,
                   MmAiProgressFunc       progress,
                   gpointer               user_data,
                   MmAiMove              *move)
{
  Think think = { params, search, cancellable, progress, user_data };
  uint64_t legal;
  gulong handler = 0;

  g_return_val_if_fail (params != NULL && search != NULL, FALSE);
  g_return_val_if_fail (board != NULL && move != NULL, FALSE);

  memset (move, 0, sizeof *move);
  legal = mm_board_legal_moves (board);
  if (legal == 0)
    {
      move->square = mm_board_is_game_over (board) ? MM_SQUARE_NONE : MM_SQUARE_PASS;
      if (move->square == MM_SQUARE_NONE)
        {
          move->score = mm_board_final_score (board) * MM_EVAL_SCALE;
          move->exact = TRUE;
        }
      return !g_cancellable_is_cancelled (cancellable);
    }
  if (mm_popcount (legal) == 1)
    {
      /* Nothing to think about. */
      move->square = mm_first_square (legal);
      return !g_cancellable_is_cancelled (cancellable);
    }

  if (params->noise_margin > 0)
    {
      g_autoptr(GArray) moves = NULL;
      guint64 nodes = 0;
      double seconds = 0;
      guint chosen;

      moves = mm_analysis_run (search, weights, board, &params->limits, cancellable,
                               analysis_progress, &think);
      for (guint i = 0; i < moves->len; i++)
        {
          nodes += g_array_index (moves, MmAiMove, i).nodes;
          seconds += g_array_index (moves, MmAiMove, i).seconds;
        }
      chosen = mm_ai_level_choose (params, moves, rand);
      *move = g_array_index (moves, MmAiMove, chosen);
      move->nodes = nodes;
      move->seconds = seconds;
      return !g_cancellable_is_cancelled (cancellable);
    }
  else
    {
      MmSearchResult result;

      if (cancellable != NULL)
        handler = g_cancellable_connect (cancellable, G_CALLBACK (stop_search), search, NULL);
      mm_search_run (search, board, &params->limits, think_progress, &think, &result);
      if (handler != 0)
        g_cancellable_disconnect (cancellable, handler);

      move->square = result.best_move;
      move->score = result.score;
      move->depth = result.depth;
      move->exact = result.exact;
      move->nodes = result.nodes;
      move->seconds = result.seconds;
      return !g_cancellable_is_cancelled (cancellable);
    }
}
