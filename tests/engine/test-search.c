/* test-search.c
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

/* The searches: the exact solver against a plain minimax written here,
 * the midgame search's moves in every phase of random games (passes
 * included), time limits and stopping from another thread. */

#include "config.h"

#include <glib.h>

#include "mm-board.h"
#include "mm-cpu.h"
#include "mm-eval.h"
#include "mm-search.h"
#include "mm-search-private.h"

#define HASH_BYTES ((gsize) 16 << 20)

/* Under AddressSanitizer everything runs several times slower: the same
 * checks on fewer positions. */
#if defined(__SANITIZE_ADDRESS__)
# define WORK_DIVISOR 5
#else
# define WORK_DIVISOR 1
#endif

/* The final score by plain minimax over every line of play: no pruning,
 * no table, nothing clever, so nothing to get wrong. */
static int
minimax (guint64 player,
         guint64 opponent)
{
  MmBoard board = { player, opponent };
  guint64 moves = mm_board_legal_moves (&board);
  int best = -1000;

  if (moves == 0)
    {
      if (mm_board_is_game_over (&board))
        return mm_board_final_score (&board);
      return -minimax (opponent, player);
    }

  for (; moves != 0; moves = mm_without_first (moves))
    {
      MmBoard child = board;
      int score;

      mm_board_play (&child, mm_first_square (moves));
      score = -minimax (child.player, child.opponent);
      if (score > best)
        best = score;
    }

  return best;
}

/* Plays random legal moves from the start until @n_empties are left;
 * FALSE when the game ended before. */
static gboolean
random_position (GRand   *rand,
                 int      n_empties,
                 MmBoard *board)
{
  mm_board_init_start (board);
  while (mm_popcount (mm_board_empties (board)) > n_empties)
    {
      guint64 moves = mm_board_legal_moves (board);
      int pick;

      if (moves == 0)
        {
          if (mm_board_is_game_over (board))
            return FALSE;
          mm_board_pass (board);
          continue;
        }
      pick = g_rand_int_range (rand, 0, mm_popcount (moves));
      while (pick-- > 0)
        moves = mm_without_first (moves);
      mm_board_play (board, mm_first_square (moves));
    }
  return TRUE;
}

/* The evaluation as its definition reads: each feature's index from its
 * squares one by one, summed with the mobility and bias terms. */
static int
reference_eval (MmEvalWeights *weights,
                guint64        player,
                guint64        opponent)
{
  const MmEvalFeature *features = mm_eval_features ();
  const gint16 *w = mm_eval_weights_stage (weights, mm_eval_stage (player, opponent));
  guint32 indices[MM_EVAL_N_FEATURES];
  int mobility = MIN (mm_popcount (mm_moves_of (player, opponent)), MM_EVAL_MOBILITY_SIZE - 1);
  int opponent_mobility = MIN (mm_popcount (mm_moves_of (opponent, player)),
                               MM_EVAL_MOBILITY_SIZE - 1);
  int score = 0;

  mm_eval_feature_indices (player, opponent, indices);
  for (int f = 0; f < MM_EVAL_N_FEATURES; f++)
    score += w[mm_eval_pattern_offset (features[f].pattern) + indices[f]];
  score += w[mm_eval_mobility_offset () + (gsize) mobility];
  score += w[mm_eval_mobility_offset () + MM_EVAL_MOBILITY_SIZE + (gsize) opponent_mobility];
  return score + w[mm_eval_bias_offset ()];
}

/* The evaluation's kernels (the x86-64-v3 one reads the features with
 * bit extracts on the board turned by each symmetry) agree with the
 * definition on positions of every stage, with the shipped weights. */
static void
test_eval_kernels (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  MmEvalError eval_error = MM_EVAL_OK;
  MmEvalWeights *weights = mm_eval_weights_load (MM_EVAL_SOURCE_PATH, &eval_error);
  gboolean native;
  int n_positions = 0;

  if (weights == NULL)
    g_error ("%s: %s", MM_EVAL_SOURCE_PATH, mm_eval_error_message (eval_error));
  g_unsetenv ("MM_CPU");
  native = mm_cpu_level () != MM_CPU_GENERIC;
  if (!native)
    g_test_message ("only the generic kernel runs on this machine");
  g_test_message ("bit extracts %s", mm_cpu_has_fast_bit_extract () ? "used" : "not used here");

  while (n_positions < 20000 / WORK_DIVISOR)
    {
      MmBoard board;
      int expected;

      if (!random_position (rand, g_rand_int_range (rand, 0, 61), &board))
        continue;
      expected = reference_eval (weights, board.player, board.opponent);
      g_assert_cmpint (mm_eval (weights, board.player, board.opponent), ==, expected);
      g_assert_true (g_setenv ("MM_CPU", "generic", TRUE));
      g_assert_cmpint (mm_eval (weights, board.player, board.opponent), ==, expected);
      g_unsetenv ("MM_CPU");
      n_positions++;
    }
  mm_eval_weights_free (weights);
}

/* @selective: the selective passes forced on from this many empties
 * (0: as shipped, which starts them far above these positions). */
static void
check_solver_against_minimax (int n_positions,
                              int min_empties,
                              int max_empties,
                              int selective)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20261201 + (guint32) selective);
  /* A small table, kept from position to position: what it holds is exact
   * whatever position it came from, and a small one sees replacements. */
  MmSearch *search = mm_search_new ((gsize) 1 << 16);
  int checked = 0;

  if (selective > 0)
    mm_search_set_selective_solve (search, selective, selective);

  while (checked < n_positions)
    {
      MmBoard board;
      MmSolveResult result;
      int n_empties = g_rand_int_range (rand, min_empties, max_empties + 1);
      int expected;

      if (!random_position (rand, n_empties, &board))
        continue;

      expected = minimax (board.player, board.opponent);
      g_assert_true (mm_endgame_solve (search, &board, &result));
      g_assert_cmpint (result.score, ==, expected);

      /* The move must be legal and must reach that score. */
      if (mm_board_is_game_over (&board))
        g_assert_cmpint (result.best_move, ==, MM_SQUARE_NONE);
      else if (!mm_board_can_move (&board))
        g_assert_cmpint (result.best_move, ==, MM_SQUARE_PASS);
      else
        {
          MmBoard child = board;

          /* Scoring the child by minimax again doubles the cost: done
           * where it is cheap. */
          g_assert_cmpuint (mm_board_play (&child, result.best_move), !=, 0);
          if (n_empties <= 8)
            g_assert_cmpint (-minimax (child.player, child.opponent), ==, expected);
        }
      checked++;
    }

  mm_search_free (search);
}

/* Plain minimax costs about 5e5 nodes at ten empties, 4e6 at eleven and
 * 3e7 at twelve: thousands of positions up to ten, a few beyond. */
static void
test_solver_small (void)
{
  check_solver_against_minimax (2000 / WORK_DIVISOR, 1, 10, 0);
}

static void
test_solver_twelve (void)
{
  check_solver_against_minimax (6 / WORK_DIVISOR + 1, 11, 11, 0);
  check_solver_against_minimax (3 / WORK_DIVISOR + 1, 12, 12, 0);
}

/* The selective passes before the exact one (ProbCut in the solver) never
 * change the answer: forced on from six empties, with the hand-written
 * evaluation, whose poor predictions make many of their cuts wrong, and a
 * small table shared by all the positions. */
static void
test_solver_selective (void)
{
  check_solver_against_minimax (1000 / WORK_DIVISOR, 6, 10, 6);
  check_solver_against_minimax (4 / WORK_DIVISOR + 1, 11, 12, 6);
}

/* The portable kernels search exactly the tree of the processor's own:
 * the same score, move and nodes for solves of 14 to 18 empties with the
 * shipped weights (the selective passes, the evaluation's ordering and
 * every step of the solver included).  Skipped in effect where only the
 * portable kernels run. */
static void
test_solver_kernels_agree (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (23);
  MmEvalError eval_error = MM_EVAL_OK;
  MmEvalWeights *weights = mm_eval_weights_load (MM_EVAL_SOURCE_PATH, &eval_error);
  MmSearch *search = mm_search_new (HASH_BYTES);
  int n_positions = 0;

  if (weights == NULL)
    g_error ("%s: %s", MM_EVAL_SOURCE_PATH, mm_eval_error_message (eval_error));
  mm_search_set_weights (search, weights);
  g_unsetenv ("MM_CPU");
  if (mm_cpu_level () == MM_CPU_GENERIC)
    g_test_message ("only the portable kernels run on this machine");

  while (n_positions < 10 / WORK_DIVISOR + 1)
    {
      MmBoard board;
      MmSolveResult results[2];

      if (!random_position (rand, g_rand_int_range (rand, 14, 19), &board))
        continue;
      for (int generic = 0; generic < 2; generic++)
        {
          if (generic)
            g_assert_true (g_setenv ("MM_CPU", "generic", TRUE));
          mm_search_clear (search);
          g_assert_true (mm_endgame_solve (search, &board, &results[generic]));
          g_unsetenv ("MM_CPU");
        }
      g_assert_cmpint (results[0].score, ==, results[1].score);
      g_assert_cmpint (results[0].best_move, ==, results[1].best_move);
      g_assert_cmpuint (results[0].nodes, ==, results[1].nodes);
      n_positions++;
    }
  mm_search_free (search);
  mm_eval_weights_free (weights);
}

/* The midgame search and exact search through the table agree on the
 * score of positions it can search to the end. */
static void
test_search_to_the_end (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  MmSearch *search = mm_search_new (HASH_BYTES);

  for (int i = 0; i < 200; i++)
    {
      MmBoard board;
      MmSearchLimits limits = { .max_depth = 0, .max_seconds = 0, .exact_empties = 10 };
      MmSearchResult result;

      if (!random_position (rand, g_rand_int_range (rand, 1, 11), &board))
        {
          i--;
          continue;
        }
      g_assert_true (mm_search_run (search, &board, &limits, NULL, NULL, &result));
      g_assert_true (result.exact);
      g_assert_cmpint (result.score, ==,
                       minimax (board.player, board.opponent) * MM_EVAL_SCALE);
    }

  mm_search_free (search);
}

/* The win/loss/draw solver agrees with the exact one on the sign, and its
 * move keeps the result. */
static void
check_wld (int selective)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (5 + (guint32) selective);
  MmSearch *search = mm_search_new (HASH_BYTES);
  int checked = 0;

  if (selective > 0)
    mm_search_set_selective_solve (search, selective, selective);

  while (checked < 200 / WORK_DIVISOR)
    {
      MmBoard board;
      MmSolveResult exact, wld;

      if (!random_position (rand, g_rand_int_range (rand, 4, 15), &board))
        continue;
      g_assert_true (mm_endgame_solve_wld (search, &board, &wld));
      mm_search_clear (search);
      g_assert_true (mm_endgame_solve (search, &board, &exact));
      g_assert_cmpint ((wld.score > 0) - (wld.score < 0), ==,
                       (exact.score > 0) - (exact.score < 0));
      if (mm_square_is_valid (wld.best_move))
        {
          MmBoard child = board;
          MmSolveResult reply;
          int after;

          g_assert_cmpuint (mm_board_play (&child, wld.best_move), !=, 0);
          g_assert_true (mm_endgame_solve (search, &child, &reply));
          after = -reply.score;
          g_assert_cmpint ((after > 0) - (after < 0), ==, (exact.score > 0) - (exact.score < 0));
        }
      checked++;
    }

  mm_search_free (search);
}

static void
test_wld (void)
{
  check_wld (0);
}

/* The same with the selective passes from six empties. */
static void
test_wld_selective (void)
{
  check_wld (6);
}

/* Exact solves agree whether one thread or @n_threads search: the
 * helpers take moves that the solver shares out, and the scores are
 * merged as a single thread would have found them. */
static void
check_threads_agree (int selective,
                     int n_threads)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (99 + (guint32) (selective + n_threads));
  MmSearch *one = mm_search_new (HASH_BYTES);
  MmSearch *two = mm_search_new (HASH_BYTES);
  int checked = 0;

  mm_search_set_threads (two, n_threads);
  if (selective > 0)
    {
      mm_search_set_selective_solve (one, selective, selective);
      mm_search_set_selective_solve (two, selective, selective);
    }
  while (checked < 25 / WORK_DIVISOR)
    {
      MmBoard board;
      MmSolveResult single, dual;

      if (!random_position (rand, g_rand_int_range (rand, 12, 17), &board))
        continue;
      g_assert_true (mm_endgame_solve (one, &board, &single));
      g_assert_true (mm_endgame_solve (two, &board, &dual));
      g_assert_cmpint (single.score, ==, dual.score);

      /* Where several moves tie, each may pick another: both must be
       * worth the score. */
      if (mm_square_is_valid (dual.best_move))
        {
          MmBoard child = board;
          MmSolveResult reply;

          g_assert_cmpuint (mm_board_play (&child, dual.best_move), !=, 0);
          g_assert_true (mm_endgame_solve (one, &child, &reply));
          g_assert_cmpint (-reply.score, ==, single.score);
        }
      checked++;
    }

  mm_search_free (one);
  mm_search_free (two);
}

static void
test_threads_agree (void)
{
  check_threads_agree (0, 2);
}

/* More threads than this machine may have processors: split points open
 * below others, and a thread waiting for its own helps with those. */
static void
test_threads_agree_many (void)
{
  check_threads_agree (0, 5);
}

/* The same with selective passes from eight empties, the helpers in them
 * too. */
static void
test_threads_agree_selective (void)
{
  check_threads_agree (8, 2);
}

/* Two threads deepening a midgame search still give a legal move. */
static void
test_threads_midgame (void)
{
  MmSearch *search = mm_search_new (HASH_BYTES);
  MmSearchLimits limits = { .max_depth = 7 };
  MmSearchResult result;
  MmBoard board;

  mm_search_set_threads (search, 2);
  mm_board_init_start (&board);
  g_assert_true (mm_search_run (search, &board, &limits, NULL, NULL, &result));
  g_assert_cmpint (result.depth, ==, 7);
  g_assert_cmpuint (mm_board_legal_moves (&board) & (G_GUINT64_CONSTANT (1) << result.best_move),
                    !=, 0);
  mm_search_free (search);
}

/* Plain negamax on the hand-written evaluation to a fixed depth, as the
 * midgame search defines it: a pass costs no depth, and where the depth
 * reaches the end of the game the score is exact. */
static int
negamax (guint64 player,
         guint64 opponent,
         int     depth)
{
  MmBoard board = { player, opponent };
  guint64 moves = mm_board_legal_moves (&board);
  int best = G_MININT;

  if (depth >= mm_popcount (mm_board_empties (&board)))
    return minimax (player, opponent) * MM_EVAL_SCALE;
  if (depth == 0)
    return mm_eval_simple (player, opponent);
  if (moves == 0)
    {
      if (mm_board_is_game_over (&board))
        return mm_board_final_score (&board) * MM_EVAL_SCALE;
      return -negamax (opponent, player, depth);
    }

  for (; moves != 0; moves = mm_without_first (moves))
    {
      MmBoard child = board;

      mm_board_play (&child, mm_first_square (moves));
      best = MAX (best, -negamax (child.player, child.opponent, depth - 1));
    }
  return best;
}

/* Without Multi-ProbCut the midgame search (principal variation search,
 * aspiration windows, the table, move ordering) gives exactly the
 * negamax score at every depth: a position is always reached with the
 * same depth left, since each ply adds one disc and a pass costs none. */
static void
test_full_width_is_negamax (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  MmSearch *search = mm_search_new (HASH_BYTES);

  mm_search_set_probcut (search, 0);
  for (int i = 0; i < 24 / WORK_DIVISOR; i++)
    {
      MmBoard board;
      int n_empties = g_rand_int_range (rand, 16, 50);

      if (!random_position (rand, n_empties, &board))
        continue;
      for (int depth = 1; depth <= 5; depth++)
        {
          MmSearchLimits limits = { .max_depth = depth };
          MmSearchResult result;

          mm_search_clear (search);
          g_assert_true (mm_search_run (search, &board, &limits, NULL, NULL, &result));
          g_assert_cmpint (result.depth, ==, depth);
          g_assert_cmpint (result.score, ==, negamax (board.player, board.opponent, depth));
        }
    }
  mm_search_free (search);
}

/* With the shipped evaluation, for which its table was measured,
 * Multi-ProbCut cuts most of the tree at depth 10 (the node counts are
 * deterministic: one thread), gives legal moves, and scores near the
 * full-width search's on average. */
static void
test_probcut_saves_nodes (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  MmSearch *search = mm_search_new (HASH_BYTES);
  MmEvalError eval_error = MM_EVAL_OK;
  MmEvalWeights *weights = mm_eval_weights_load (MM_EVAL_SOURCE_PATH, &eval_error);
  guint64 nodes[2] = { 0, 0 };
  int differences = 0, n_positions = 0;

  if (weights == NULL)
    g_error ("%s: %s", MM_EVAL_SOURCE_PATH, mm_eval_error_message (eval_error));
  mm_search_set_weights (search, weights);

  g_assert_cmpfloat (mm_search_get_probcut (search), ==, MM_SEARCH_DEFAULT_PROBCUT);
  mm_search_set_probcut (search, -1);
  g_assert_cmpfloat (mm_search_get_probcut (search), ==, 0);

  while (n_positions < 6 / WORK_DIVISOR + 1)
    {
      MmBoard board;
      int scores[2];

      if (!random_position (rand, g_rand_int_range (rand, 26, 44), &board)
          || !mm_board_can_move (&board))
        continue;
      for (int with_probcut = 0; with_probcut < 2; with_probcut++)
        {
          MmSearchLimits limits = { .max_depth = 10 };
          MmSearchResult result;

          mm_search_set_probcut (search, with_probcut ? MM_SEARCH_DEFAULT_PROBCUT : 0);
          mm_search_clear (search);
          g_assert_true (mm_search_run (search, &board, &limits, NULL, NULL, &result));
          g_assert_cmpuint (mm_board_legal_moves (&board)
                            & (G_GUINT64_CONSTANT (1) << result.best_move), !=, 0);
          nodes[with_probcut] += result.nodes;
          scores[with_probcut] = result.score;
        }
      differences += ABS (scores[1] - scores[0]);
      n_positions++;
    }
  g_test_message ("nodes at depth 10: %" G_GUINT64_FORMAT " full width, %" G_GUINT64_FORMAT
                  " with Multi-ProbCut; average score difference %.2f discs",
                  nodes[0], nodes[1], (double) differences / n_positions / MM_EVAL_SCALE);
  g_assert_cmpuint (nodes[1], <, nodes[0] / 4);
  g_assert_cmpint (differences / n_positions, <, 4 * MM_EVAL_SCALE);
  mm_search_free (search);
  mm_eval_weights_free (weights);
}

typedef struct
{
  int n_reports;
  int last_depth;
} Progress;

static void
progress_cb (const MmSearchResult *result,
             void                 *user_data)
{
  Progress *progress = user_data;

  g_assert_cmpint (result->depth, >, progress->last_depth);
  progress->last_depth = result->depth;
  progress->n_reports++;
}

/* Along whole random games, a depth-limited search returns a legal move
 * (or a pass when there is none) and reports every depth. */
static void
test_midgame_moves_are_legal (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  MmSearch *search = mm_search_new (HASH_BYTES);
  int passes = 0;

  for (int game = 0; game < 6; game++)
    {
      MmBoard board;

      mm_board_init_start (&board);
      while (!mm_board_is_game_over (&board))
        {
          MmSearchLimits limits = { .max_depth = 4 };
          MmSearchResult result;
          Progress progress = { 0, 0 };

          g_assert_true (mm_search_run (search, &board, &limits, progress_cb, &progress, &result));
          g_assert_cmpint (progress.n_reports, ==, MIN (4, mm_popcount (mm_board_empties (&board))));
          if (!mm_board_can_move (&board))
            {
              g_assert_cmpint (result.best_move, ==, MM_SQUARE_PASS);
              mm_board_pass (&board);
              passes++;
              continue;
            }
          g_assert_true (mm_square_is_valid (result.best_move));

          /* Play the search's move or, to vary the games, a random one. */
          if (g_rand_boolean (rand))
            g_assert_cmpuint (mm_board_play (&board, result.best_move), !=, 0);
          else
            {
              guint64 moves = mm_board_legal_moves (&board);
              int pick = g_rand_int_range (rand, 0, mm_popcount (moves));

              while (pick-- > 0)
                moves = mm_without_first (moves);
              mm_board_play (&board, mm_first_square (moves));
            }
        }
    }

  g_test_message ("%d passes met", passes);
  mm_search_free (search);
}

/* The search sees the obvious: a move that takes a corner and wins the
 * game outright (a wipe-out) beats everything else. */
static void
test_search_finds_wipeout (void)
{
  MmSearch *search = mm_search_new (HASH_BYTES);
  MmSearchLimits limits = { .max_depth = 3 };
  MmSearchResult result;
  MmBoard board;

  /* Black to move; a1 flips every white disc (b2..g7 on the diagonal). */
  g_assert_true (mm_board_from_colors (&board,
                                       G_GUINT64_CONSTANT (1) << 63,
                                       G_GUINT64_CONSTANT (0x0040201008040200),
                                       MM_COLOR_BLACK));
  g_assert_true (mm_search_run (search, &board, &limits, NULL, NULL, &result));
  g_assert_cmpint (result.best_move, ==, 0);
  g_assert_cmpint (result.score, ==, 64 * MM_EVAL_SCALE);
  mm_search_free (search);
}

typedef struct
{
  MmSearch       *search;
  MmBoard         board;
  MmSearchResult  result;
} SearchJob;

static gpointer
run_unlimited (gpointer data)
{
  SearchJob *job = data;
  MmSearchLimits limits = { 0 };

  mm_search_run (job->search, &job->board, &limits, NULL, NULL, &job->result);
  return NULL;
}

/* Lets the search running in @thread go for @milliseconds, tells it to
 * stop, and returns how long it took to end, in milliseconds. */
static double
stop_after (MmSearch *search,
            GThread  *thread,
            guint     milliseconds)
{
  gint64 stopped_at;

  g_usleep (milliseconds * 1000);
  stopped_at = g_get_monotonic_time ();
  mm_search_stop (search);
  g_thread_join (thread);
  return (double) (g_get_monotonic_time () - stopped_at) / 1000.0;
}

/* Told to stop from another thread after @milliseconds, an unlimited
 * search on @n_threads ends soon and still gives a legal move. */
static void
check_stop_from_another_thread (int   n_threads,
                                guint milliseconds)
{
  SearchJob job = { .search = mm_search_new (HASH_BYTES) };
  GThread *thread;
  double latency;

  mm_search_set_threads (job.search, n_threads);
  mm_board_init_start (&job.board);
  thread = g_thread_new ("search", run_unlimited, &job);
  latency = stop_after (job.search, thread, milliseconds);

  /* The promptness target (50 ms) is measured by the benchmark; here only
   * a bound no loaded machine should reach. */
  g_test_message ("stopped in %.1f ms", latency);
  g_assert_cmpfloat (latency, <, 5000.0);
  g_assert_true (job.result.stopped);
  g_assert_true (mm_square_is_valid (job.result.best_move));
  g_assert_cmpuint (mm_board_legal_moves (&job.board) & (G_GUINT64_CONSTANT (1) << job.result.best_move),
                    !=, 0);
  mm_search_free (job.search);
}

static void
test_stop_from_another_thread (void)
{
  check_stop_from_another_thread (1, 200);
}

/* The same with the threads sharing out moves, stopped at several
 * moments: the stop also reaches the threads waiting at a split point
 * for the others. */
static void
test_stop_threads (void)
{
  for (guint milliseconds = 20; milliseconds <= 320; milliseconds += 75)
    check_stop_from_another_thread (2, milliseconds);
}

typedef struct
{
  MmSearch      *search;
  MmBoard        board;
  MmSolveResult  result;
  gboolean       finished;
} SolveJob;

static gpointer
run_solve (gpointer data)
{
  SolveJob *job = data;

  job->finished = mm_endgame_solve (job->search, &job->board, &job->result);
  return NULL;
}

/* A solve told to stop, in its selective passes or in the exact one (two
 * threads, so the helpers too), ends soon and says it was stopped. */
static void
test_stop_solve (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (17);
  SolveJob job = { .search = mm_search_new (HASH_BYTES) };
  GThread *thread;
  double latency;

  while (!random_position (rand, 30, &job.board) || !mm_board_can_move (&job.board))
    ;
  mm_search_set_threads (job.search, 2);
  mm_search_set_selective_solve (job.search, 6, 6);
  thread = g_thread_new ("solve", run_solve, &job);
  latency = stop_after (job.search, thread, 300);

  g_test_message ("stopped in %.1f ms", latency);
  g_assert_cmpfloat (latency, <, 5000.0);
  g_assert_false (job.finished);
  g_assert_true (job.result.stopped);
  mm_search_free (job.search);
}

static void
test_time_limit (void)
{
  MmSearch *search = mm_search_new (HASH_BYTES);
  MmSearchLimits limits = { .max_seconds = 0.1 };
  MmSearchResult result;
  MmBoard board;

  mm_board_init_start (&board);
  mm_search_run (search, &board, &limits, NULL, NULL, &result);
  g_assert_true (result.stopped);
  g_assert_cmpint (result.depth, >=, 1);
  g_assert_true (mm_square_is_valid (result.best_move));
  mm_search_free (search);
}

/* The clock is never overdrawn: spending every budget in turn along a
 * game leaves time on the clock, and an increment is used. */
static void
test_time_budget (void)
{
  for (int increment = 0; increment <= 2; increment += 2)
    {
      double clock = 300.0;

      for (int empties = 60; empties > 0; empties -= 2)
        {
          double budget = mm_search_time_for_move (clock, increment, empties);

          g_assert_cmpfloat (budget, >, 0.0);
          g_assert_cmpfloat (budget, <, clock);
          clock += increment - budget;
        }
      g_assert_cmpfloat (clock, >, 0.0);
    }

  g_assert_cmpfloat (mm_search_time_for_move (0.3, 2.0, 10), <=, 2.0);
  g_assert_cmpfloat (mm_search_time_for_move (600.0, 0.0, 40), >,
                     mm_search_time_for_move (60.0, 0.0, 40));
}

static void
test_finished_game (void)
{
  MmSearch *search = mm_search_new (HASH_BYTES);
  MmSearchLimits limits = { .max_depth = 5 };
  MmSearchResult result;
  MmBoard board = { G_GUINT64_CONSTANT (0xFF), 0 };

  g_assert_true (mm_search_run (search, &board, &limits, NULL, NULL, &result));
  g_assert_cmpint (result.best_move, ==, MM_SQUARE_NONE);
  g_assert_true (result.exact);
  g_assert_cmpint (result.score, ==, 64 * MM_EVAL_SCALE);
  mm_search_free (search);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/eval/kernels", test_eval_kernels);
  g_test_add_func ("/engine/search/solver/minimax", test_solver_small);
  g_test_add_func ("/engine/search/solver/minimax-12", test_solver_twelve);
  g_test_add_func ("/engine/search/solver/selective", test_solver_selective);
  g_test_add_func ("/engine/search/solver/kernels", test_solver_kernels_agree);
  g_test_add_func ("/engine/search/to-the-end", test_search_to_the_end);
  g_test_add_func ("/engine/search/midgame-legal", test_midgame_moves_are_legal);
  g_test_add_func ("/engine/search/full-width-is-negamax", test_full_width_is_negamax);
  g_test_add_func ("/engine/search/probcut", test_probcut_saves_nodes);
  g_test_add_func ("/engine/search/wipeout", test_search_finds_wipeout);
  g_test_add_func ("/engine/search/stop", test_stop_from_another_thread);
  g_test_add_func ("/engine/search/stop-solve", test_stop_solve);
  g_test_add_func ("/engine/search/stop-threads", test_stop_threads);
  g_test_add_func ("/engine/search/time-limit", test_time_limit);
  g_test_add_func ("/engine/search/finished-game", test_finished_game);
  g_test_add_func ("/engine/search/time-budget", test_time_budget);
  g_test_add_func ("/engine/search/threads/exact", test_threads_agree);
  g_test_add_func ("/engine/search/threads/selective", test_threads_agree_selective);
  g_test_add_func ("/engine/search/threads/many", test_threads_agree_many);
  g_test_add_func ("/engine/search/solver/wld", test_wld);
  g_test_add_func ("/engine/search/solver/wld-selective", test_wld_selective);
  g_test_add_func ("/engine/search/threads/midgame", test_threads_midgame);

  return g_test_run ();
}
