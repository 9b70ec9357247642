/* mm-analysis.c
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

#include "mm-analysis.h"

/* The score of every legal move: each move is played and the position
 * after it searched with a full window, one depth after the other, so
 * that the scores of all moves come from searches of the same depth and
 * can be compared (a single search of the position would only say that
 * the other moves are worse than the best, not by how much).  The moves
 * are searched best first, and the search's table carries what one depth
 * learnt to the next. */

/* Below this many plies the exact solve waits: a few quick depths come
 * first, so that there is something to show at once. */
#define SOLVE_AFTER_DEPTH 3

G_DEFINE_BOXED_TYPE (MmAiMove, mm_ai_move, mm_ai_move_copy, mm_ai_move_free)

MmAiMove *
mm_ai_move_copy (const MmAiMove *move)
{
  return g_memdup2 (move, sizeof *move);
}

void
mm_ai_move_free (MmAiMove *move)
{
  g_free (move);
}

static int
compare_moves (gconstpointer a,
               gconstpointer b)
{
  const MmAiMove *first = a, *second = b;

  if (first->score != second->score)
    return first->score > second->score ? -1 : 1;
  return first->square - second->square;
}

/* Best first; moves of the same score in square order. */
void
mm_analysis_sort (GArray *moves)
{
  g_array_sort (moves, compare_moves);
}

/**
 * mm_analysis_book_moves:
 * @book: (nullable): the opening book, %NULL for none
 * @board: the position
 *
 * The moves of @board that the opening book knows (mm_book_moves()), as
 * an analysis gives them, at once: each with its value in the book as
 * its score, MmAiMove.book set and depth 0 (not searched), best first.
 * The book has the moves that stay in it and the best move that leaves
 * it, so no other legal move is better than the first.
 *
 * Returns: (transfer full) (element-type MmAiMove): the moves; none when
 *   @board is not in the book
 */
GArray *
mm_analysis_book_moves (const MmBook  *book,
                        const MmBoard *board)
{
  MmBookMove found[MM_BOOK_MAX_MOVES];
  GArray *moves = g_array_new (FALSE, TRUE, sizeof (MmAiMove));
  int n;

  g_return_val_if_fail (board != NULL, moves);

  if (book == NULL)
    return moves;
  n = mm_book_moves (book, board, found, G_N_ELEMENTS (found));
  for (int i = 0; i < n; i++)
    {
      MmAiMove move = {
        .square = found[i].square,
        .score = found[i].value,
        .book = TRUE,
      };

      g_array_append_val (moves, move);
    }
  /* The book gives them best first already, equal values by square. */
  return moves;
}

static void
stop_search (GCancellable *cancellable,
             MmSearch     *search)
{
  mm_search_stop (search);
}

typedef struct
{
  MmSearch     *search;
  GCancellable *cancellable;
} Watch;

/* A cancel that comes between two searches would be forgotten when the
 * next one starts (a search clears its stop flag when it begins); so the
 * searches look again after every depth. */
static void
watch_progress (const MmSearchResult *result,
                void                 *user_data)
{
  Watch *watch = user_data;

  if (watch->cancellable != NULL && g_cancellable_is_cancelled (watch->cancellable))
    mm_search_stop (watch->search);
}

static int
static_score (const MmEvalWeights *weights,
              const MmBoard       *board)
{
  if (mm_board_is_game_over (board))
    return mm_board_final_score (board) * MM_EVAL_SCALE;
  if (weights != NULL)
    return mm_eval (weights, board->player, board->opponent);
  return mm_eval_simple (board->player, board->opponent);
}

static GArray *
legal_moves (const MmBoard *board)
{
  GArray *moves = g_array_new (FALSE, TRUE, sizeof (MmAiMove));
  uint64_t legal = mm_board_legal_moves (board);

  if (legal == 0 && !mm_board_is_game_over (board))
    {
      MmAiMove pass = { .square = MM_SQUARE_PASS };

      g_array_append_val (moves, pass);
    }
  for (; legal != 0; legal = mm_without_first (legal))
    {
      MmAiMove move = { .square = mm_first_square (legal) };

      g_array_append_val (moves, move);
    }
  return moves;
}

/**
 * mm_analysis_run:
 * @search: the search to use; its weights must be @weights
 * @weights: (nullable): the evaluation, %NULL for the hand-written one
 * @limits: max_depth counts the move itself (0: no limit); max_seconds
 *   is for the whole analysis; from exact_empties empties down the moves
 *   are solved exactly
 * @cancellable: (nullable): stops the analysis from any thread
 * @progress: (nullable): called after every finished depth
 *
 * Scores every legal move of @board (a pass when there is none; nothing
 * when the game is over) by iterative deepening until a limit is reached
 * or the analysis is cancelled.  Each move keeps the score of the last
 * depth it was searched to.
 *
 * Returns: (transfer full) (element-type MmAiMove): the moves, best first
 */
GArray *
mm_analysis_run (MmSearch             *search,
                 const MmEvalWeights  *weights,
                 const MmBoard        *board,
                 const MmSearchLimits *limits,
                 GCancellable         *cancellable,
                 MmAnalysisFunc        progress,
                 gpointer              user_data)
{
  GArray *moves;
  Watch watch = { search, cancellable };
  int n_empties = mm_popcount (mm_board_empties (board));
  int max_depth = limits->max_depth > 0 ? limits->max_depth : n_empties;
  gint64 started = g_get_monotonic_time ();
  gint64 deadline = 0;
  gulong handler = 0;
  double probcut;

  g_return_val_if_fail (search != NULL, NULL);
  g_return_val_if_fail (board != NULL && limits != NULL, NULL);

  moves = legal_moves (board);
  if (moves->len == 0)
    return moves;

  /* The moves are compared with each other, so each must get the same
   * search: Multi-ProbCut's cuts depend on what the table learnt from the
   * moves searched before (the four first moves of a game, all alike,
   * came out up to a disc apart), so it is off while the moves are
   * scored. */
  probcut = mm_search_get_probcut (search);
  mm_search_set_probcut (search, 0);

  if (limits->max_seconds > 0)
    deadline = started + (gint64) (limits->max_seconds * G_USEC_PER_SEC);
  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (stop_search), search, NULL);

  for (int depth = 1; depth <= max_depth; depth++)
    {
      gboolean exact_pass = FALSE, complete = TRUE;
      int child_depth = depth - 1;

      /* Solve when the end is in reach (a pass leaves the empties as they
       * are; a disc takes one). */
      if (limits->exact_empties > 0 && n_empties <= limits->exact_empties
          && depth >= MIN (SOLVE_AFTER_DEPTH, max_depth))
        exact_pass = TRUE;
      if (child_depth >= n_empties - 1)
        exact_pass = TRUE;

      for (guint i = 0; i < moves->len && complete; i++)
        {
          MmAiMove *move = &g_array_index (moves, MmAiMove, i);
          MmBoard child = *board;
          MmSearchLimits child_limits = { 0 };
          MmSearchResult result;
          int child_empties;

          if (g_cancellable_is_cancelled (cancellable))
            {
              complete = FALSE;
              break;
            }

          if (move->square == MM_SQUARE_PASS)
            mm_board_pass (&child);
          else
            mm_board_play (&child, move->square);
          child_empties = mm_popcount (mm_board_empties (&child));

          if (mm_board_is_game_over (&child) || (child_depth == 0 && !exact_pass))
            {
              move->score = -static_score (weights, &child);
              move->exact = mm_board_is_game_over (&child);
              move->depth = depth;
              continue;
            }

          if (exact_pass)
            {
              child_limits.max_depth = child_empties;
              child_limits.exact_empties = child_empties;
            }
          else
            child_limits.max_depth = child_depth;
          if (deadline != 0)
            {
              gint64 left = deadline - g_get_monotonic_time ();

              if (left <= 0)
                {
                  complete = FALSE;
                  break;
                }
              child_limits.max_seconds = (double) left / G_USEC_PER_SEC;
            }

          mm_search_run (search, &child, &child_limits, watch_progress, &watch, &result);
          move->nodes += result.nodes;
          move->seconds += result.seconds;
          if (result.stopped && !result.exact)
            {
              complete = FALSE;
              break;
            }
          move->score = -result.score;
          move->exact = result.exact;
          move->depth = exact_pass ? child_empties + 1 : depth;
        }

      mm_analysis_sort (moves);
      if (!complete)
        break;
      if (progress != NULL)
        progress (moves, depth, user_data);
      if (exact_pass)
        break;
    }

  if (handler != 0)
    g_cancellable_disconnect (cancellable, handler);
  mm_search_set_probcut (search, probcut);
  return moves;
}

/**
 * mm_ai_format_score:
 *
 * A score for people: a whole number of discs for an exact score ("+4",
 * "-10", "0"), one decimal for an estimate ("+3.5"), in the user's
 * locale.
 *
 * Returns: (transfer full): the text
 */
char *
mm_ai_format_score (int      score,
                    gboolean exact)
{
  if (exact)
    {
      int discs = score / MM_EVAL_SCALE;

      return discs == 0 ? g_strdup ("0") : g_strdup_printf ("%+d", discs);
    }
  if (score > -MM_EVAL_SCALE / 20 && score < MM_EVAL_SCALE / 20)
    return g_strdup_printf ("%.1f", 0.0);
  return g_strdup_printf ("%+.1f", (double) score / MM_EVAL_SCALE);
}

/* Searches @board within @limits, stopped by @cancellable.  FALSE when
 * it was stopped before its first depth. */
static gboolean
search_position (MmSearch             *search,
                 const MmBoard        *board,
                 const MmSearchLimits *limits,
                 Watch                *watch,
                 MmSearchResult       *result)
{
  mm_search_run (search, board, limits, watch_progress, watch, result);
  return result->depth > 0 || result->exact;
}

/**
 * mm_analysis_review:
 * @search: the search to use; its weights must be @weights
 * @weights: (nullable): the evaluation, %NULL for the hand-written one
 * @record: the game, which must not change while the review runs
 * @limits: for each position
 * @cancellable: (nullable): stops the review from any thread
 * @progress: (nullable): called after each position
 *
 * Reviews a game: every position is searched for its best move and
 * score, and the move played there is scored at the same depth, so that
 * the difference is what the move lost.  The review goes from the last
 * position back to the first, as NBoard's does (the end, solved exactly,
 * is quick, and what it learns helps the positions before).
 *
 * Returns: (transfer full) (element-type MmReviewEntry): one entry per
 *   position, the start first and the final position last; those not
 *   reached when the review was stopped have depth -1
 */
GArray *
mm_analysis_review (MmSearch             *search,
                    const MmEvalWeights  *weights,
                    MmGameRecord         *record,
                    const MmSearchLimits *limits,
                    GCancellable         *cancellable,
                    MmReviewFunc          progress,
                    gpointer              user_data)
{
  guint n_moves = mm_game_record_get_n_moves (record);
  g_autofree MmBoard *boards = g_new (MmBoard, n_moves + 1);
  Watch watch = { search, cancellable };
  GArray *entries;
  guint64 black, white;
  MmColor side;
  gulong handler = 0;
  double probcut;

  g_return_val_if_fail (search != NULL && record != NULL && limits != NULL, NULL);

  entries = g_array_new (FALSE, TRUE, sizeof (MmReviewEntry));
  g_array_set_size (entries, n_moves + 1);

  mm_game_record_get_start (record, &black, &white, &side);
  mm_board_from_colors (&boards[0], black, white, side);
  for (guint i = 0; i <= n_moves; i++)
    {
      MmReviewEntry *entry = &g_array_index (entries, MmReviewEntry, i);

      entry->color = side;
      entry->move = i < n_moves ? mm_game_record_get_move (record, i, NULL, NULL, NULL)
                                : MM_SQUARE_NONE;
      entry->best_move = MM_SQUARE_NONE;
      entry->depth = -1;
      if (i == n_moves)
        break;
      boards[i + 1] = boards[i];
      if (entry->move == MM_SQUARE_PASS)
        mm_board_pass (&boards[i + 1]);
      else
        mm_board_play (&boards[i + 1], entry->move);
      side = mm_color_other (side);
    }

  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (stop_search), search, NULL);

  /* The move played is measured against the best one: both get the same
   * full-width search (see mm_analysis_run()). */
  probcut = mm_search_get_probcut (search);
  mm_search_set_probcut (search, 0);

  for (guint k = n_moves + 1; k-- > 0;)
    {
      MmReviewEntry *entry = &g_array_index (entries, MmReviewEntry, k);
      const MmBoard *board = &boards[k];
      MmSearchResult result;

      if (g_cancellable_is_cancelled (cancellable))
        break;

      if (mm_board_is_game_over (board))
        {
          entry->score = mm_board_final_score (board) * MM_EVAL_SCALE;
          entry->move_score = entry->score;
          entry->exact = TRUE;
          entry->depth = 0;
        }
      else if (!mm_board_can_move (board) && k < n_moves)
        {
          /* A pass costs nothing: the position is worth what the next is. */
          const MmReviewEntry *next = &g_array_index (entries, MmReviewEntry, k + 1);

          entry->best_move = MM_SQUARE_PASS;
          entry->score = -next->score;
          entry->move_score = entry->score;
          entry->depth = next->depth;
          entry->exact = next->exact;
        }
      else
        {
          if (!search_position (search, board, limits, &watch, &result))
            break;
          entry->best_move = result.best_move;
          entry->score = result.score;
          entry->move_score = result.score;
          entry->depth = result.depth;
          entry->exact = result.exact;

          /* The move played, searched as deep as the best one was. */
          if (k < n_moves && entry->move != entry->best_move)
            {
              MmSearchLimits child_limits = { MAX (result.depth - 1, 1), limits->max_seconds, 0 };

              if (result.exact)
                {
                  child_limits.max_depth = 64;
                  child_limits.exact_empties = 64;
                }
              if (!search_position (search, &boards[k + 1], &child_limits, &watch, &result))
                {
                  entry->depth = -1;
                  break;
                }
              entry->move_score = -result.score;
            }
        }

      /* An estimate may lie beyond what a game can end with; next to an
       * exact score it would make a loss of more than 64 discs. */
      entry->score = CLAMP (entry->score, -MM_SCORE_MAX * MM_EVAL_SCALE,
                            MM_SCORE_MAX * MM_EVAL_SCALE);
      entry->move_score = CLAMP (entry->move_score, -MM_SCORE_MAX * MM_EVAL_SCALE,
                                 MM_SCORE_MAX * MM_EVAL_SCALE);

      if (progress != NULL)
        progress (entries, k, user_data);
    }

  if (handler != 0)
    g_cancellable_disconnect (cancellable, handler);
  mm_search_set_probcut (search, probcut);
  return entries;
}
