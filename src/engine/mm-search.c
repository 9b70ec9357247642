/* mm-search.c
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

#include "mm-search.h"

#include <stdlib.h>
#include <pthread.h>
#include <time.h>

#include "mm-cpu.h"
#include "mm-kernels.h"
#include "mm-search-private.h"

/* Aspiration: each iteration first searches a window this wide around the
 * score of the one before. */
#define ASPIRATION_WINDOW (2 * MM_EVAL_SCALE)
#define SCORE_LIMIT (127 * MM_EVAL_SCALE)

/* The midgame search that seeds a solve stops this many plies short of
 * the end. */
#define SEED_MARGIN 12

double
mm_search_clock (void)
{
  struct timespec now;

  clock_gettime (CLOCK_MONOTONIC, &now);
  return (double) now.tv_sec + (double) now.tv_nsec / 1e9;
}

MmSearch *
mm_search_new (size_t hash_bytes)
{
  MmSearch *search = calloc (1, sizeof (MmSearch));

  if (search == NULL)
    return NULL;
  if (!mm_hash_table_init (&search->own_hash, hash_bytes))
    {
      free (search);
      return NULL;
    }
  search->hash = &search->own_hash;
  /* A quarter of the large table at most, so that a small search (and
   * clearing it) stays cheap.  Without it the solver uses the large table
   * alone: slower, not wrong. */
  search->near_end_bytes = hash_bytes / 4 < MM_NEAR_END_TABLE_BYTES ? hash_bytes / 4
                                                                     : MM_NEAR_END_TABLE_BYTES;
  if (mm_hash_table_init (&search->own_near_end, search->near_end_bytes))
    search->near_end = &search->own_near_end;
  if (mm_solve_cache_init (&search->own_solve_cache))
    search->solve_cache = &search->own_solve_cache;
  atomic_init (&search->own_stop, 0);
  search->stop = &search->own_stop;
  atomic_init (&search->abort, 0);
  search->n_threads = 1;
  search->probcut = MM_SEARCH_DEFAULT_PROBCUT;
  search->selective_solve_empties = MM_SELECTIVE_SOLVE_EMPTIES;
  search->selective_min_empties = MM_SELECTIVE_MIN_EMPTIES;
  return search;
}

void
mm_search_free (MmSearch *search)
{
  if (search == NULL)
    return;
  mm_hash_table_free (&search->own_hash);
  mm_hash_table_free (&search->own_near_end);
  mm_solve_cache_free (&search->own_solve_cache);
  for (int i = 0; i < MM_SEARCH_MAX_THREADS - 1; i++)
    {
      mm_hash_table_free (&search->helper_near_end[i]);
      mm_solve_cache_free (&search->helper_solve_cache[i]);
    }
  free (search);
}

/* The weights are only read, and must outlive the search. */
void
mm_search_set_weights (MmSearch            *search,
                       const MmEvalWeights *weights)
{
  search->weights = weights;
}

/* Searches on @n_threads threads: the helpers take the moves that the
 * searches share out at their split points (mm-split.h), and all of them
 * share the table. */
void
mm_search_set_threads (MmSearch *search,
                       int       n_threads)
{
  search->n_threads = n_threads < 1 ? 1 : n_threads > MM_SEARCH_MAX_THREADS
                                          ? MM_SEARCH_MAX_THREADS : n_threads;
}

/* Multi-ProbCut (Buro 1997): in the midgame search, a shallow search of
 * a node predicts the deep one; where the prediction lies more than
 * @sigmas standard deviations of its error above beta (or below alpha),
 * the node is cut without the deep search.  Deeper searches in the same
 * time are worth the rare wrong cut.  0 turns it off, so that every move
 * is searched to the full depth.  Exact solves never cut this way. */
void
mm_search_set_probcut (MmSearch *search,
                       double    sigmas)
{
  search->probcut = sigmas > 0 ? sigmas : 0;
}

double
mm_search_get_probcut (const MmSearch *search)
{
  return search->probcut;
}

void
mm_search_set_selective_solve (MmSearch *search,
                               int       solve_empties,
                               int       min_empties)
{
  search->selective_solve_empties = solve_empties > 0 ? solve_empties : 0;
  search->selective_min_empties = min_empties;
}

/* May be called from any thread while the search runs. */
void
mm_search_stop (MmSearch *search)
{
  atomic_store (search->stop, 1);
}

void
mm_search_clear (MmSearch *search)
{
  mm_hash_table_clear (search->hash);
  if (search->near_end != NULL)
    mm_hash_table_clear (search->near_end);
  if (search->solve_cache != NULL)
    mm_solve_cache_clear (search->solve_cache);
  for (int i = 0; i < MM_SEARCH_MAX_THREADS - 1; i++)
    {
      if (search->helper_near_end[i].buckets != NULL)
        mm_hash_table_clear (&search->helper_near_end[i]);
      if (search->helper_solve_cache[i].entries != NULL)
        mm_solve_cache_clear (&search->helper_solve_cache[i]);
    }
}

double
mm_search_time_for_move (double remaining_seconds,
                         double increment_seconds,
                         int    n_empties)
{
  /* Keep a reserve for the last moves and for the time the program needs
   * besides searching. */
  double reserve = 0.5 + remaining_seconds * 0.05;
  double usable = remaining_seconds - reserve;
  int moves_left = (n_empties + 1) / 2;
  double share, weight;

  if (usable <= 0)
    return increment_seconds > 0 ? increment_seconds * 0.8 : 0.05;

  /* The exact endgame from about 20 empties settles the game: give the
   * moves before it a larger share, and fewer moves to the solver. */
  if (moves_left < 1)
    moves_left = 1;
  weight = n_empties > 20 && n_empties <= 40 ? 1.5 : 1.0;
  share = usable / moves_left * weight + increment_seconds * 0.8;
  if (share > usable * 0.5)
    share = usable * 0.5;
  return share > 0.05 ? share : 0.05;
}

int
mm_board_final_score (const MmBoard *board)
{
  int p = mm_board_player_count (board);
  int o = mm_board_opponent_count (board);
  int empties = 64 - p - o;

  if (p == o)
    return 0;
  return p > o ? p - o + empties : p - o - empties;
}

static bool
use_x86_64_v3 (void)
{
#ifdef MM_HAVE_X86_64_V3_KERNELS
  return mm_cpu_level () == MM_CPU_X86_64_V3;
#else
  return false;
#endif
}

static int
run_endgame_kernel (MmSearch      *search,
                    const MmBoard *board,
                    int            alpha,
                    int            beta,
                    int           *best_move)
{
#ifdef MM_HAVE_X86_64_V3_KERNELS
  if (use_x86_64_v3 ())
    return mm_endgame_kernel_x86_64_v3 (search, board->player, board->opponent,
                                        alpha, beta, best_move);
#endif
  return mm_endgame_kernel_generic (search, board->player, board->opponent,
                                    alpha, beta, best_move);
}

static int
run_midgame_kernel (MmSearch      *search,
                    const MmBoard *board,
                    int            depth,
                    int            alpha,
                    int            beta,
                    int           *best_move)
{
#ifdef MM_HAVE_X86_64_V3_KERNELS
  if (use_x86_64_v3 ())
    return mm_midgame_kernel_x86_64_v3 (search, board->player, board->opponent,
                                        depth, alpha, beta, best_move);
#endif
  return mm_midgame_kernel_generic (search, board->player, board->opponent,
                                    depth, alpha, beta, best_move);
}

static void
begin_search (MmSearch *search,
              double    max_seconds)
{
  atomic_store (search->stop, 0);
  search->nodes = 0;
  search->deadline = max_seconds > 0 ? mm_search_clock () + max_seconds : 0;
  mm_hash_table_new_search (search->hash);
  if (search->near_end != NULL)
    mm_hash_table_new_search (search->near_end);
}

/* ---- Helper threads ----------------------------------------------------- */

typedef struct
{
  MmSearch    search;        /* shares the main search's table */
  pthread_t   thread;
} Helper;

/* The helpers of one search, and the team they form with it. */
typedef struct
{
  Helper      *helpers;
  int          n_helpers;
  bool         splitting;    /* the team was made */
  MmSplitTeam  split;
} HelperTeam;

/* A helper's thread: the split points carry the search of their moves,
 * in the kernel of the search that opened them. */
static void *
helper_main (void *data)
{
  Helper *helper = data;

  mm_split_serve (&helper->search);
  return NULL;
}

/* Helper @index's own table for the last empties, made the first time
 * it is needed and kept for the later searches; NULL if there is no
 * memory for it. */
static MmHashTable *
helper_near_end_table (MmSearch *search,
                       int       index)
{
  MmHashTable *table = &search->helper_near_end[index];

  if (table->buckets == NULL && !mm_hash_table_init (table, search->near_end_bytes))
    return NULL;
  mm_hash_table_new_search (table);
  return table;
}

/* Helper @index's own solver cache, made and kept as its near-end
 * table. */
static MmSolveCache *
helper_solve_cache (MmSearch *search,
                    int       index)
{
  MmSolveCache *cache = &search->helper_solve_cache[index];

  if (cache->entries == NULL && !mm_solve_cache_init (cache))
    return NULL;
  return cache;
}

/* The helpers search the moves that the main thread's searches share out
 * (mm-split.h), until stop_helpers.  Without memory or threads for them,
 * the main thread searches alone. */
static void
start_helpers (MmSearch   *search,
               HelperTeam *team)
{
  int n_helpers = search->n_threads - 1;

  team->n_helpers = 0;
  team->helpers = NULL;
  team->splitting = false;
  if (n_helpers < 1)
    return;

  team->helpers = calloc ((size_t) n_helpers, sizeof (Helper));
  if (team->helpers == NULL)
    return;
  if (!mm_split_team_init (&team->split))
    {
      free (team->helpers);
      team->helpers = NULL;
      return;
    }
  team->splitting = true;
  mm_split_team_join (&team->split, search);

  for (int i = 0; i < n_helpers; i++)
    {
      Helper *helper = &team->helpers[i];

      helper->search.hash = search->hash;
      helper->search.near_end = helper_near_end_table (search, i);
      helper->search.solve_cache = helper_solve_cache (search, i);
      helper->search.weights = search->weights;
      helper->search.deadline = search->deadline;
      helper->search.stop = search->stop;
      helper->search.n_threads = 1;
      helper->search.probcut = search->probcut;
      helper->search.selectivity = search->selectivity;
      helper->search.selective_min_empties = search->selective_min_empties;
      mm_split_team_join (&team->split, &helper->search);
    }

  /* Every thread joined the team before any starts. */
  for (int i = 0; i < n_helpers; i++)
    {
      if (pthread_create (&team->helpers[i].thread, NULL, helper_main, &team->helpers[i]) != 0)
        break;
      team->n_helpers++;
    }
}

/* Their count while they run: racy reads, good enough for a report. */
static uint64_t
helper_nodes_so_far (HelperTeam *team)
{
  uint64_t nodes = 0;

  for (int i = 0; i < team->n_helpers; i++)
    nodes += __atomic_load_n (&team->helpers[i].search.nodes, __ATOMIC_RELAXED);
  return nodes;
}

/* Stops and joins the helpers; returns the nodes they searched. */
static uint64_t
stop_helpers (HelperTeam *team)
{
  uint64_t nodes = 0;

  if (team->splitting)
    mm_split_team_quit (&team->split);
  for (int i = 0; i < team->n_helpers; i++)
    {
      pthread_join (team->helpers[i].thread, NULL);
      nodes += team->helpers[i].search.nodes;
    }
  if (team->splitting)
    {
      /* The main search goes on alone. */
      team->split.threads[0]->team = NULL;
      mm_split_team_clear (&team->split);
      team->splitting = false;
    }
  free (team->helpers);
  team->helpers = NULL;
  team->n_helpers = 0;
  return nodes;
}

static int first_legal_move (const MmBoard *board);
static int search_iteration (MmSearch *search, const MmBoard *board, int depth, int guess,
                             int *best_move);

/* A shallow midgame search first leaves its best moves in the table, where
 * the solver finds them for its move ordering near the root. */
static void
seed_endgame (MmSearch      *search,
              const MmBoard *board)
{
  int n_empties = mm_popcount (mm_board_empties (board));
  int guess = 0, move = first_legal_move (board);

  for (int depth = 1; depth <= n_empties - SEED_MARGIN; depth++)
    guess = search_iteration (search, board, depth, guess, &move);
}

/* One pass of the solver over @board at the search's selectivity, with
 * the helper threads. */
static int
solve_pass (MmSearch      *search,
            const MmBoard *board,
            int            alpha,
            int            beta,
            int           *best_move,
            uint64_t      *helper_nodes)
{
  HelperTeam team;
  int score;

  start_helpers (search, &team);
  score = run_endgame_kernel (search, board, alpha, beta, best_move);
  *helper_nodes += stop_helpers (&team);
  return score;
}

/* Solves @board within [alpha, beta]: the exact score when it lies inside,
 * else a bound on the side it fell (fail-soft). */
static bool
solve_window (MmSearch      *search,
              const MmBoard *board,
              int            alpha,
              int            beta,
              MmSolveResult *result)
{
  int n_empties = mm_popcount (mm_board_empties (board));
  int best_move = MM_SQUARE_NONE;
  int score;
  uint64_t helper_nodes = 0;

  begin_search (search, 0);
  seed_endgame (search, board);

  /* Selective passes first (the solver cuts where a shallow search is
   * confident): cheap, and they leave good moves in the table for the
   * exact pass, which trusts nothing else of theirs. */
  if (search->selective_solve_empties > 0 && n_empties >= search->selective_solve_empties)
    for (int level = 1; level < MM_SELECTIVE_LEVELS && !mm_search_stopped (search); level++)
      {
        search->selectivity = level;
        solve_pass (search, board, alpha, beta, &best_move, &helper_nodes);
      }
  search->selectivity = 0;

  if (!mm_search_stopped (search))
    score = solve_pass (search, board, alpha, beta, &best_move, &helper_nodes);
  else
    score = 0;

  /* The main thread's answer is exact whatever the helpers did: they only
   * filled the table sooner. */
  result->score = score;
  result->best_move = best_move;
  result->nodes = search->nodes + helper_nodes;
  result->stopped = mm_search_stopped (search);
  return !result->stopped;
}

/* Solves @board exactly.  Returns false when the search was stopped before
 * it finished. */
bool
mm_endgame_solve (MmSearch      *search,
                  const MmBoard *board,
                  MmSolveResult *result)
{
  return solve_window (search, board, -MM_SCORE_MAX - 1, MM_SCORE_MAX + 1, result);
}

/* Win, loss or draw only, which is much cheaper than the exact score:
 * result->score is positive for a win, 0 for a draw, negative for a loss
 * (a bound, not the margin), and the move keeps that result. */
bool
mm_endgame_solve_wld (MmSearch      *search,
                      const MmBoard *board,
                      MmSolveResult *result)
{
  return solve_window (search, board, -1, 1, result);
}

/* A legal move to fall back on when the search is stopped before its
 * first iteration ends. */
static int
first_legal_move (const MmBoard *board)
{
  uint64_t moves = mm_board_legal_moves (board);

  if (moves != 0)
    return mm_first_square (moves);
  return mm_board_is_game_over (board) ? MM_SQUARE_NONE : MM_SQUARE_PASS;
}

/* One iteration with an aspiration window around @guess, widened on the
 * side where the score fell outside it. */
static int
search_iteration (MmSearch      *search,
                  const MmBoard *board,
                  int            depth,
                  int            guess,
                  int           *best_move)
{
  int alpha = guess - ASPIRATION_WINDOW, beta = guess + ASPIRATION_WINDOW;
  int widen = ASPIRATION_WINDOW;

  for (;;)
    {
      int score;

      if (alpha < -SCORE_LIMIT)
        alpha = -SCORE_LIMIT;
      if (beta > SCORE_LIMIT)
        beta = SCORE_LIMIT;
      score = run_midgame_kernel (search, board, depth, alpha, beta, best_move);
      if (mm_search_stopped (search))
        return score;
      if (score <= alpha && alpha > -SCORE_LIMIT)
        alpha = score - (widen *= 2);
      else if (score >= beta && beta < SCORE_LIMIT)
        beta = score + (widen *= 2);
      else
        return score;
    }
}

/**
 * mm_search_run:
 *
 * Searches @board by iterative deepening until a limit is reached, calling
 * @progress after every finished depth.  From limits->exact_empties
 * empties down, or once the depth reaches the end of the game, the result
 * is exact.  The move in @result is always legal (or a pass, or none when
 * the game is over), even when the search is stopped at once.
 *
 * Returns: false when the search was stopped before its limits.
 */
bool
mm_search_run (MmSearch             *search,
               const MmBoard        *board,
               const MmSearchLimits *limits,
               MmSearchProgressFunc  progress,
               void                 *user_data,
               MmSearchResult       *result)
{
  int n_empties = mm_popcount (mm_board_empties (board));
  int max_depth = limits->max_depth > 0 ? limits->max_depth : 64;
  double started = mm_search_clock ();
  int guess = 0;
  HelperTeam team;

  begin_search (search, limits->max_seconds);
  result->best_move = first_legal_move (board);
  result->score = 0;
  result->depth = 0;
  result->exact = false;
  result->nodes = 0;
  result->stopped = false;

  if (mm_board_is_game_over (board))
    {
      result->score = mm_board_final_score (board) * MM_EVAL_SCALE;
      result->exact = true;
      result->seconds = 0;
      return true;
    }

  if (limits->exact_empties > 0 && n_empties <= limits->exact_empties)
    max_depth = n_empties;

  start_helpers (search, &team);
  for (int depth = 1; depth <= max_depth && depth <= n_empties; depth++)
    {
      int move = result->best_move;
      int score = search_iteration (search, board, depth, guess, &move);

      /* An unfinished iteration proves nothing: keep the last whole one. */
      if (mm_search_stopped (search))
        break;

      guess = score;
      result->best_move = move;
      result->score = score;
      result->depth = depth;
      result->exact = depth >= n_empties;
      result->nodes = search->nodes + helper_nodes_so_far (&team);
      result->seconds = mm_search_clock () - started;
      if (progress != NULL)
        progress (result, user_data);
    }

  result->stopped = mm_search_stopped (search);
  result->nodes = search->nodes + stop_helpers (&team);
  result->seconds = mm_search_clock () - started;
  return !result->stopped;
}
