/* mm-train-match.c
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

/* A match between two evaluations: both play with the same fixed-depth
 * alpha-beta, from varied openings (the first plies of held-out archive
 * games), each opening once with each colour, so that neither the search
 * nor the openings favour one side.  Everything is deterministic: the
 * openings come from a seeded generator, moves are ordered by a stable
 * sort, and the games are independent of the threads that play them. */

#include "mm-train-match.h"

#include <string.h>

#include "mm-search.h"
#include "mm-train-games.h"

#define SCORE_INFINITY (1 << 20)
#define MIN_OPENING_PLIES 8
#define ORDER_DEPTH 2              /* sort the moves of nodes this deep or deeper */
#define SOLVER_HASH_BYTES ((gsize) 16 << 20)

typedef struct
{
  const MmTrainEvaluator *evaluator;
  guint64                 nodes;
} Searcher;

static int
final_score (guint64 player,
             guint64 opponent)
{
  MmBoard board = { player, opponent };

  return mm_board_final_score (&board) * MM_EVAL_SCALE;
}

/* The moves of the side to move, best first by the evaluation of the
 * position after each (the opponent's score: lowest first).  The sort is
 * stable, so ties keep square order. */
static int
ordered_moves (Searcher *searcher,
               guint64   player,
               guint64   opponent,
               guint64   moves,
               gboolean  sort,
               int       squares[MM_N_SQUARES])
{
  int keys[MM_N_SQUARES];
  int n = 0;

  for (; moves != 0; moves = mm_without_first (moves))
    {
      int square = mm_first_square (moves);
      int key = 0;
      int i = n++;

      if (sort)
        {
          MmBoard child = { player, opponent };

          mm_board_apply (&child, square, mm_board_flips (&child, square));
          key = mm_train_evaluate (searcher->evaluator, child.player, child.opponent);
        }
      while (i > 0 && keys[i - 1] > key)
        {
          keys[i] = keys[i - 1];
          squares[i] = squares[i - 1];
          i--;
        }
      keys[i] = key;
      squares[i] = square;
    }
  return n;
}

static int
alpha_beta (Searcher *searcher,
            guint64   player,
            guint64   opponent,
            int       depth,
            int       alpha,
            int       beta)
{
  guint64 moves = mm_moves_of (player, opponent);
  int squares[MM_N_SQUARES];
  int best = -SCORE_INFINITY;
  int n;

  searcher->nodes++;
  if (moves == 0)
    {
      if (mm_moves_of (opponent, player) == 0)
        return final_score (player, opponent);
      /* A pass is not a ply: the search sees as far either way. */
      return -alpha_beta (searcher, opponent, player, depth, -beta, -alpha);
    }
  if (depth == 0)
    return mm_train_evaluate (searcher->evaluator, player, opponent);

  n = ordered_moves (searcher, player, opponent, moves, depth >= ORDER_DEPTH, squares);
  for (int i = 0; i < n && alpha < beta; i++)
    {
      MmBoard child = { player, opponent };
      int score;

      mm_board_apply (&child, squares[i], mm_board_flips (&child, squares[i]));
      score = -alpha_beta (searcher, child.player, child.opponent, depth - 1, -beta, -alpha);
      if (score > best)
        best = score;
      if (score > alpha)
        alpha = score;
    }
  return best;
}

int
mm_train_search_best_move (const MmTrainEvaluator *evaluator,
                           const MmBoard          *board,
                           int                     depth,
                           int                    *score,
                           guint64                *nodes)
{
  Searcher searcher = { evaluator, 0 };
  guint64 moves = mm_board_legal_moves (board);
  int squares[MM_N_SQUARES];
  int best_move = MM_SQUARE_NONE;
  int alpha = -SCORE_INFINITY;
  int n;

  if (moves == 0)
    {
      *score = 0;
      return mm_board_is_game_over (board) ? MM_SQUARE_NONE : MM_SQUARE_PASS;
    }

  n = ordered_moves (&searcher, board->player, board->opponent, moves, TRUE, squares);
  for (int i = 0; i < n; i++)
    {
      MmBoard child = *board;
      int value;

      mm_board_apply (&child, squares[i], mm_board_flips (&child, squares[i]));
      value = -alpha_beta (&searcher, child.player, child.opponent, MAX (depth - 1, 0),
                           -SCORE_INFINITY, -alpha);
      if (value > alpha)
        {
          alpha = value;
          best_move = squares[i];
        }
    }
  *score = alpha;
  if (nodes != NULL)
    *nodes += searcher.nodes + 1;
  return best_move;
}

void
mm_train_match_options_init (MmTrainMatchOptions *options)
{
  memset (options, 0, sizeof *options);
  options->depth = 4;
  options->n_openings = 100;
  options->opening_plies = 12;
  options->endgame = 0;
  options->seed = 1;
  options->validation_every = 10;
  options->n_threads = 2;
}

/* splitmix64: a small generator whose sequence is fixed by the seed. */
guint64
mm_train_random (guint64 *state)
{
  guint64 z = (*state += G_GUINT64_CONSTANT (0x9E3779B97F4A7C15));

  z = (z ^ (z >> 30)) * G_GUINT64_CONSTANT (0xBF58476D1CE4E5B9);
  z = (z ^ (z >> 27)) * G_GUINT64_CONSTANT (0x94D049BB133111EB);
  return z ^ (z >> 31);
}

static gboolean
opening_is_new (const GArray          *openings,
                const MmTrainPosition *position)
{
  for (guint i = 0; i < openings->len; i++)
    {
      const MmTrainPosition *other = &g_array_index (openings, MmTrainPosition, i);

      if (other->board.player == position->board.player
          && other->board.opponent == position->board.opponent
          && other->color == position->color)
        return FALSE;
    }
  return TRUE;
}

/* Distinct positions after the first 8 to opening_plies plies of
 * randomly chosen held-out games. */
static GArray *
choose_openings (const MmTrainMatchOptions *options,
                 const MmTrainGameSet      *games)
{
  GArray *openings = g_array_new (FALSE, FALSE, sizeof (MmTrainPosition));
  guint64 state = (guint64) options->seed;
  int max_plies = MAX (options->opening_plies, MIN_OPENING_PLIES);
  guint n_games = games->games->len;

  for (guint attempt = 0; attempt < 100 * (guint) options->n_openings + 1000
                          && openings->len < (guint) options->n_openings; attempt++)
    {
      guint g = (guint) (mm_train_random (&state) % n_games);
      int plies = MIN_OPENING_PLIES
                  + (int) (mm_train_random (&state) % (guint64) (max_plies - MIN_OPENING_PLIES + 1));
      const MmTrainGame *game = &g_array_index (games->games, MmTrainGame, g);
      MmTrainPosition positions[MM_TRAIN_MAX_MOVES + 1];
      int n;

      if (options->validation_every > 0 && g % options->validation_every != 0)
        continue;
      n = mm_train_game_replay (game, positions);
      if (plies >= n - 1 || !opening_is_new (openings, &positions[plies]))
        continue;
      g_array_append_val (openings, positions[plies]);
    }
  return openings;
}

typedef struct
{
  const MmTrainMatchOptions *options;
  const MmTrainEvaluator    *first;
  const MmTrainEvaluator    *second;
  const GArray              *openings;
  int                       *results;     /* per game, for the first evaluation */
  guint64                   *nodes;       /* per game */
  gint                       next_game;   /* atomic */
} MatchJob;

/* Plays one game from @start; the first evaluation has @first_color.
 * Returns the final disc difference for the first evaluation. */
static int
play_game (const MatchJob        *job,
           const MmTrainPosition *start,
           MmColor                first_color,
           MmSearch              *solver,
           guint64               *nodes)
{
  MmBoard board = start->board;
  MmColor color = start->color;

  for (;;)
    {
      const MmTrainEvaluator *evaluator = color == first_color ? job->first : job->second;
      int empties = mm_popcount (mm_board_empties (&board));
      int move, score;

      if (!mm_board_can_move (&board))
        {
          if (mm_board_is_game_over (&board))
            break;
          mm_board_pass (&board);
          color = !color;
          continue;
        }
      if (empties <= job->options->endgame)
        {
          MmSolveResult solved;

          mm_endgame_solve (solver, &board, &solved);
          move = solved.best_move;
          *nodes += solved.nodes;
        }
      else
        move = mm_train_search_best_move (evaluator, &board, job->options->depth, &score, nodes);
      mm_board_play (&board, move);
      color = !color;
    }

  return color == first_color ? mm_board_final_score (&board) : -mm_board_final_score (&board);
}

static gpointer
match_worker_run (gpointer data)
{
  MatchJob *job = data;
  MmSearch *solver = job->options->endgame > 0 ? mm_search_new (SOLVER_HASH_BYTES) : NULL;
  gint n_games = (gint) job->openings->len * 2;
  gint game;

  while ((game = g_atomic_int_add (&job->next_game, 1)) < n_games)
    {
      const MmTrainPosition *start = &g_array_index (job->openings, MmTrainPosition, game / 2);
      /* Game 2i: the first evaluation moves first; game 2i + 1: second. */
      MmColor first_color = game % 2 == 0 ? start->color : !start->color;

      job->nodes[game] = 0;
      job->results[game] = play_game (job, start, first_color, solver, &job->nodes[game]);
      if (job->options->verbose)
        g_printerr (".");
    }
  mm_search_free (solver);
  return NULL;
}

gboolean
mm_train_match_play (const MmTrainMatchOptions *options,
                     const MmTrainEvaluator    *first,
                     const MmTrainEvaluator    *second,
                     MmTrainMatchResult        *result,
                     GError                   **error)
{
  MmTrainGameSet games = { 0 };
  int n_threads = MAX (options->n_threads, 1);
  GThread **threads = g_new0 (GThread *, n_threads);
  double started = (double) g_get_monotonic_time () / 1e6;
  MatchJob job = { options, first, second };
  GArray *openings;

  memset (result, 0, sizeof *result);
  if (!mm_train_games_read (options->games_path, 0, &games, error))
    {
      mm_train_games_clear (&games);
      g_free (threads);
      return FALSE;
    }
  openings = choose_openings (options, &games);
  mm_train_games_clear (&games);
  job.openings = openings;
  job.results = g_new0 (int, openings->len * 2);
  job.nodes = g_new0 (guint64, openings->len * 2);

  for (int t = 1; t < n_threads; t++)
    threads[t] = g_thread_new ("mm-train-match", match_worker_run, &job);
  match_worker_run (&job);
  for (int t = 1; t < n_threads; t++)
    g_thread_join (threads[t]);
  if (options->verbose)
    g_printerr ("\n");

  result->n_games = (int) openings->len * 2;
  for (int g = 0; g < result->n_games; g++)
    {
      result->wins += job.results[g] > 0;
      result->draws += job.results[g] == 0;
      result->losses += job.results[g] < 0;
      result->disc_sum += job.results[g];
      result->nodes += job.nodes[g];
    }
  result->points = result->wins + 0.5 * result->draws;
  result->percent = result->n_games > 0 ? 100.0 * result->points / result->n_games : 0.0;
  result->seconds = (double) g_get_monotonic_time () / 1e6 - started;

  g_free (job.results);
  g_free (job.nodes);
  g_array_unref (openings);
  g_free (threads);
  return TRUE;
}

gboolean
mm_train_match_run (const MmTrainMatchOptions *options,
                    const MmEvalWeights       *weights,
                    MmTrainMatchResult        *result,
                    GError                   **error)
{
  MmTrainEvaluator trained = mm_train_evaluator_weights ("trained", weights);
  MmTrainEvaluator simple = mm_train_evaluator_simple ();

  return mm_train_match_play (options, &trained, &simple, result, error);
}

void
mm_train_match_print (FILE                      *out,
                      const MmTrainMatchOptions *options,
                      const MmTrainEvaluator    *first,
                      const MmTrainEvaluator    *second,
                      const MmTrainMatchResult  *result)
{
  fprintf (out, "%s against %s, depth %d", first->name, second->name, options->depth);
  if (options->endgame > 0)
    fprintf (out, ", both solving exactly from %d empties", options->endgame);
  fprintf (out, ", %d games (%d openings x 2 colours, seed %d):\n",
           result->n_games, result->n_games / 2, options->seed);
  fprintf (out, "  +%d =%d -%d: %.1f points of %d (%.1f%%), average disc difference %+.2f\n",
           result->wins, result->draws, result->losses, result->points, result->n_games,
           result->percent,
           result->n_games > 0 ? (double) result->disc_sum / result->n_games : 0.0);
  fprintf (out, "  %" G_GUINT64_FORMAT " nodes in %.1f s\n", result->nodes, result->seconds);
}
