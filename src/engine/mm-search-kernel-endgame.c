/* mm-search-kernel-endgame.c
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

/* The exact endgame solver above the last few empties, and its selective
 * passes: the table and the thread's solve cache, the stability bound,
 * the enhanced transposition cut-off, ProbCut's cuts in a selective pass
 * (mm-search-kernel-probcut.c) and the root.
 *
 * Not a translation unit of its own: mm-search-kernel.c includes it with
 * the other parts of the searches. */

#include "mm-search-kernel-private.h"

/* An exact endgame entry is stored at this depth plus the empties, above
 * any midgame depth, so that a midgame probe can trust it. */
#define EXACT_DEPTH MM_EXACT_DEPTH

/* From this many empties on, the solver keeps its results in the table.
 * Nearer the end a subtree costs about what a probe that misses the
 * cache costs, and the probes, their prefetches and the stores compete
 * for memory with the rest (FFO #40-#44: 4% more nodes without the table
 * at seven empties but 10% less time).  There the thread's small cache
 * takes its place (below). */
#define TABLE_EMPTIES 11

/* From SOLVE_CACHE_EMPTIES up to TABLE_EMPTIES the solver keeps its
 * results in the thread's small cache instead (MmSolveCache, 256 KiB),
 * which stays in the processor's cache where the tables' probes missed
 * it.  For seven and eight empties: FFO #40-#49, 10% fewer nodes and
 * 2-8% less time (three rounds side by side); a cache of 64 KiB or 1 MiB
 * no faster.  Nine empties in the cache rather than in the table: 0.8%
 * more nodes, 1.6-3.8% less time (four rounds); ten as well: 0.5% more
 * nodes, 1.2-2.7% less time (three rounds); eleven as well, 1.2% more
 * nodes and 2% more time.  Six too, in the shallow solver: 4.6% fewer
 * nodes, but no clear gain in time; seven went to the shallow solver
 * (SHALLOW_EMPTIES). */
#define SOLVE_CACHE_EMPTIES 8

/* From this many empties on, the children are looked up in the table
 * before any is searched.  Nearer the end the probes cost about what the
 * cut-offs they find save (FFO #40-#49: 4% more nodes without them
 * below 12 empties, 7% less time).  At 12, where the children's entries
 * are in the near-end table: 0.6% more nodes without, 3.8% less time
 * (three rounds side by side, each faster); from 14, 2.2% more nodes and
 * no faster.  None at all: 20% more nodes. */
#define ETC_EMPTIES 13

/* Whether a selective pass may cut at this many empties.  Below, its
 * searches are exact, and stored and trusted as such: it trusts only
 * exact entries there, so that nothing selective leaks into them. */
static inline bool
cuts_here (const MmSearch *search,
           int             n_empties)
{
  return search->selectivity > 0 && n_empties >= search->selective_min_empties;
}

/* The depth at which the solver stores what it found: exact, or in a
 * selective pass its level, which the exact solver does not trust. */
static inline int
solved_depth (const MmSearch *search,
              int             n_empties)
{
  return cuts_here (search, n_empties) ? MM_SELECTIVE_DEPTH + search->selectivity
                                       : EXACT_DEPTH + n_empties;
}

/* Whether the solver may use the bounds of a table entry of @depth: the
 * exact solver only exact ones, a selective pass also those of its level
 * or a less selective one. */
static inline bool
solver_trusts (const MmSearch *search,
               int             depth,
               int             n_empties)
{
  return cuts_here (search, n_empties) ? depth >= MM_SELECTIVE_DEPTH + search->selectivity
                                       : depth == EXACT_DEPTH + n_empties;
}

/* The thread's solver cache where the solver uses it at @n_empties (an
 * exact search there, see cuts_here), else NULL. */
static inline const MmSolveCache *
solve_cache_for (const MmSearch *search,
                 int             n_empties)
{
  if (n_empties < SOLVE_CACHE_EMPTIES || n_empties >= TABLE_EMPTIES
      || cuts_here (search, n_empties))
    return NULL;
  return search->solve_cache;
}

/* The table where the solver keeps its results at @n_empties, or NULL
 * below it: from TABLE_EMPTIES, and wherever a selective pass cuts, whose
 * entries the cache does not take. */
static inline MmHashTable *
solver_table_for (const MmSearch *search,
                  int             n_empties)
{
  if (n_empties >= TABLE_EMPTIES
      || (n_empties >= SOLVE_CACHE_EMPTIES && cuts_here (search, n_empties)))
    return mm_search_table_for (search, n_empties);
  return NULL;
}

/* Bounds of a solve, in discs. */
static inline void
store_exact (MmSearch *search,
             uint64_t  player,
             uint64_t  opponent,
             int       n_empties,
             int       lower,
             int       upper,
             int       move)
{
  mm_hash_table_store (mm_search_table_for (search, n_empties), player, opponent,
                       solved_depth (search, n_empties), lower * MM_EVAL_SCALE,
                       upper * MM_EVAL_SCALE, move);
}

/* Enhanced transposition cut-off: before searching any move, look each
 * child up in the table; one already known to refute the window ends the
 * node at the price of a few probes. */
static int
enhanced_transposition_cutoff (MmSearch       *search,
                               uint64_t        player,
                               uint64_t        opponent,
                               const MoveItem *items,
                               int             n_moves,
                               int             n_empties,
                               int             beta)
{
  const MmHashEntry *buckets[MM_N_SQUARES];

  /* The probes miss the cache: all of them are started before the first
   * is read, so that their latencies overlap. */
  for (int i = 0; i < n_moves; i++)
    {
      uint64_t flips = items[i].flips;

      buckets[i] = mm_hash_table_bucket (mm_search_table_for (search, n_empties - 1),
                                         opponent ^ flips,
                                         mm_mover_after (player, flips, items[i].square));
      __builtin_prefetch (buckets[i]);
    }

  for (int i = 0; i < n_moves; i++)
    {
      uint64_t flips = items[i].flips;
      uint64_t child_player = opponent ^ flips;
      uint64_t child_opponent = mm_mover_after (player, flips, items[i].square);
      MmHashData child;

      if ((mm_hash_slot_read (&buckets[i][0], child_player, child_opponent, &child)
           || mm_hash_slot_read (&buckets[i][1], child_player, child_opponent, &child))
          && solver_trusts (search, child.depth, n_empties - 1)
          && -child.upper / MM_EVAL_SCALE >= beta)
        {
          store_exact (search, player, opponent, n_empties,
                       -child.upper / MM_EVAL_SCALE, SCORE_INF, items[i].square);
          return -child.upper / MM_EVAL_SCALE;
        }
    }

  return -SCORE_INF;
}

/* A child of a deep node, its legal @moves known: the test for the
 * shallow solver made where it is the same for every move, so that it
 * predicts well. */
static inline int
solve_child (MmSearch *search,
             uint64_t  player,
             uint64_t  opponent,
             int       alpha,
             int       beta,
             int       n_empties,
             uint64_t  moves,
             NodeType  type)
{
  if (n_empties <= SHALLOW_EMPTIES)
    return solve_moves (search, player, opponent, alpha, beta, n_empties, moves, type);
  return solve_deep (search, player, opponent, alpha, beta, n_empties, moves, type);
}

/* Move @index of @split, for whichever thread takes it: as solve_deep
 * searches its moves after the first. */
static int
search_split_move (MmSearch           *search,
                   const MmSplitPoint *split,
                   int                 index,
                   int                 alpha)
{
  uint64_t next_player, next_opponent;
  int n_empties = split->n_empties - 1;
  int score;

  split_child (split, index, &next_player, &next_opponent);

  score = -solve_child (search, next_player, next_opponent, -alpha - 1, -alpha, n_empties,
                        split->replies[index], (NodeType) split->child_type);
  if (score > alpha && score < split->beta && !mm_search_stopped (search))
    score = -solve_child (search, next_player, next_opponent, -split->beta, -alpha, n_empties,
                          split->replies[index], NODE_PV);
  return score;
}

/* The remaining moves of a node of the solver, of @type. */
static int
split_solver_moves (MmSearch *search,
                    uint64_t  player,
                    uint64_t  opponent,
                    MoveItem *items,
                    int       n_moves,
                    NodeType  type,
                    int       alpha,
                    int       beta,
                    int      *best,
                    int      *best_move)
{
  return split_moves (search, search_split_move, 0, null_window_child_type (type, false),
                      player, opponent, items, n_moves, alpha, beta, best, best_move);
}

/* @moves: the player's legal moves; @type: what the node is expected to
 * do.  A node expected to cut skips the stability bound, which can only
 * prove it fails low (FFO #40-#44: 0.95% fewer instructions, and of
 * 650,000 bounds computed there a handful cut; #40-#49: 0.005% more
 * nodes); one expected to fail low skips the enhanced transposition
 * cut-off, which looks for a refutation (#40-#44: 0.14% fewer
 * instructions and 0.45% fewer mispredictions; #40-#49: 0.2% more
 * nodes), and orders its moves more cheaply (order_moves).  All three:
 * #40-#44 1.9% fewer instructions; #40-#49 0.6% more nodes and 2% less
 * time (four rounds side by side). */
static int
solve_deep (MmSearch *search,
            uint64_t  player,
            uint64_t  opponent,
            int       alpha,
            int       beta,
            int       n_empties,
            uint64_t  moves,
            NodeType  type)
{
  MmHashData entry;
  MoveItem items[MM_N_SQUARES];
  const MmSolveCache *cache;
  const MmHashTable *table;
  MmSolveCacheEntry *cached = NULL;
  int hash_move = NO_MOVE, best = -SCORE_INF, best_move = NO_MOVE;
  int original_alpha, stable_upper, known;
  int n_moves;

  if (n_empties <= SHALLOW_EMPTIES)
    return solve_shallow (search, player, opponent, alpha, beta, n_empties);

  search->nodes++;
  if (mm_search_should_stop (search))
    return 0;

  stable_upper = type == NODE_CUT ? SCORE_INF : stability_bound (player, opponent, alpha);
  if (stable_upper <= alpha)
    return stable_upper;
  if (stable_upper < beta)
    beta = stable_upper;

  cache = solve_cache_for (search, n_empties);
  if (cache != NULL)
    {
      cached = mm_solve_cache_slot (cache, player, opponent);
      if (cached->player == player && cached->opponent == opponent)
        {
          hash_move = cached->move;
          if (bounds_decide (cached->lower, cached->upper, &alpha, &beta, &known))
            return known;
        }
    }
  else if ((table = solver_table_for (search, n_empties)) != NULL
           && mm_hash_table_probe (table, player, opponent, &entry))
    {
      hash_move = entry.move;
      if (solver_trusts (search, entry.depth, n_empties)
          && bounds_decide (entry.lower / MM_EVAL_SCALE, entry.upper / MM_EVAL_SCALE,
                            &alpha, &beta, &known))
        return known;
    }

  original_alpha = alpha;
  if (moves == 0)
    {
      uint64_t replies = mm_moves_of (opponent, player);

      if (replies == 0)
        return final_score (player, opponent);
      return -solve_deep (search, opponent, player, -beta, -alpha, n_empties, replies,
                          passed_type (type));
    }

  if (cuts_here (search, n_empties))
    {
      int cut = endgame_probcut (search, player, opponent, alpha, beta, n_empties);

      /* A stopped or dropped shallow search decides nothing, and must
       * leave nothing in the table. */
      if (mm_search_stopped (search))
        return 0;

      /* The shallow search's move, for the passes after this one. */
      if (cut != 0 && mm_hash_table_probe (search->hash, player, opponent, &entry)
          && entry.move != NO_MOVE)
        hash_move = entry.move;

      if (cut > 0)
        {
          store_exact (search, player, opponent, n_empties, beta, SCORE_INF, hash_move);
          return beta;
        }
      if (cut < 0)
        {
          store_exact (search, player, opponent, n_empties, -SCORE_INF, alpha, hash_move);
          return alpha;
        }
    }

  if (n_empties >= EVAL_ORDER_EMPTIES)
    n_moves = order_moves_by_search (search, player, opponent, moves, hash_move, n_empties,
                                     items);
  else
    n_moves = order_moves (player, opponent, moves, hash_move,
                           solver_table_for (search, n_empties - 1),
                           solve_cache_for (search, n_empties - 1), type == NODE_ALL, items);
  if (n_empties >= ETC_EMPTIES && type != NODE_ALL)
    {
      int cutoff = enhanced_transposition_cutoff (search, player, opponent, items, n_moves,
                                                  n_empties, beta);

      if (cutoff != -SCORE_INF)
        return cutoff;
    }

  for (int i = 0; i < n_moves; i++)
    {
      uint64_t flips, next_player, next_opponent;
      int score;

      if (i > 0)
        select_next (items, i, n_moves);
      flips = items[i].flips;
      next_player = opponent ^ flips;
      next_opponent = mm_mover_after (player, flips, items[i].square);
      if (i == 0)
        score = -solve_child (search, next_player, next_opponent, -beta, -alpha, n_empties - 1,
                              items[i].replies,
                              type == NODE_PV ? NODE_PV : null_window_child_type (type, true));
      else
        {
          /* Prove the move worse with a null window; search it fully only
           * when that fails. */
          score = -solve_child (search, next_player, next_opponent, -alpha - 1, -alpha,
                                n_empties - 1, items[i].replies,
                                null_window_child_type (type, false));
          if (score > alpha && score < beta)
            score = -solve_child (search, next_player, next_opponent, -beta, -alpha,
                                  n_empties - 1, items[i].replies, NODE_PV);
        }

      if (mm_search_stopped (search))
        return 0;

      if (score > best)
        {
          best = score;
          best_move = items[i].square;
          if (score > alpha)
            {
              alpha = score;
              if (alpha >= beta)
                break;
            }
        }

      if (i == 0 && worth_splitting (search, n_empties, SPLIT_EMPTIES, n_moves - 1))
        {
          alpha = split_solver_moves (search, player, opponent, items, n_moves, type, alpha,
                                      beta, &best, &best_move);
          if (mm_search_stopped (search))
            return 0;
          break;
        }
    }

  if (cached != NULL)
    {
      cached->player = player;
      cached->opponent = opponent;
      cached->lower = (int8_t) (best > original_alpha ? best : -SCORE_INF);
      cached->upper = (int8_t) (best < beta ? best : SCORE_INF);
      cached->move = (uint8_t) best_move;
    }
  else if (solver_table_for (search, n_empties) != NULL)
    store_exact (search, player, opponent, n_empties,
                 best > original_alpha ? best : -SCORE_INF,
                 best < beta ? best : SCORE_INF,
                 best_move);
  return best;
}

int
MM_KERNEL (mm_endgame_kernel) (MmSearch *search,
                               uint64_t  player,
                               uint64_t  opponent,
                               int       alpha,
                               int       beta,
                               int      *best_move)
{
  int n_empties = mm_popcount (~(player | opponent));
  uint64_t moves = mm_moves_of (player, opponent);
  MoveItem items[MM_N_SQUARES];
  MmHashData entry;
  int best = -SCORE_INF, original_alpha = alpha;
  int hash_move = NO_MOVE, n_moves;

  *best_move = MM_SQUARE_NONE;
  if (moves == 0)
    {
      if (mm_moves_of (opponent, player) == 0)
        return final_score (player, opponent);
      *best_move = MM_SQUARE_PASS;
      return -solve_deep (search, opponent, player, -beta, -alpha, n_empties,
                          mm_moves_of (opponent, player), NODE_PV);
    }

  if (mm_hash_table_probe (search->hash, player, opponent, &entry))
    hash_move = entry.move;
  if (n_empties >= EVAL_ORDER_EMPTIES)
    n_moves = order_moves_by_search (search, player, opponent, moves, hash_move, n_empties,
                                     items);
  else
    n_moves = order_moves (player, opponent, moves, hash_move, NULL, NULL, false, items);
  for (int i = 0; i < n_moves; i++)
    {
      uint64_t flips, next_player, next_opponent;
      int score;

      if (i > 0)
        select_next (items, i, n_moves);
      flips = items[i].flips;
      next_player = opponent ^ flips;
      next_opponent = mm_mover_after (player, flips, items[i].square);

      if (i == 0)
        score = -solve_deep (search, next_player, next_opponent, -beta, -alpha, n_empties - 1,
                             items[i].replies, NODE_PV);
      else
        {
          score = -solve_deep (search, next_player, next_opponent, -alpha - 1, -alpha,
                               n_empties - 1, items[i].replies, NODE_CUT);
          if (score > alpha && score < beta)
            score = -solve_deep (search, next_player, next_opponent, -beta, -alpha,
                                 n_empties - 1, items[i].replies, NODE_PV);
        }
      if (mm_search_stopped (search))
        return best;

      if (score > best)
        {
          best = score;
          *best_move = items[i].square;
          if (score > alpha)
            {
              alpha = score;
              if (alpha >= beta)
                break;
            }
        }

      /* What the split point kept of a stopped search is sound. */
      if (i == 0 && worth_splitting (search, n_empties, SPLIT_EMPTIES, n_moves - 1))
        {
          alpha = split_solver_moves (search, player, opponent, items, n_moves, NODE_PV, alpha,
                                      beta, &best, best_move);
          if (mm_search_stopped (search))
            return best;
          break;
        }
    }

  /* The root too: a selective pass leaves its best move to the next. */
  store_exact (search, player, opponent, n_empties,
               best > original_alpha ? best : -SCORE_INF,
               best < beta ? best : SCORE_INF,
               *best_move);
  return best;
}
