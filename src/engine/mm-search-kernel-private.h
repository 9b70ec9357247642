/* mm-search-kernel-private.h
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

/* What the parts of the searches (mm-search-kernel.c and the files it
 * includes) share: the limits of scores, the solver's node types, the
 * move lists and their keys, and the functions one part calls in another.
 * Every function here is static: the parts make one translation unit. */

#pragma once

#include <limits.h>

#include "mm-board.h"
#include "mm-eval.h"
#include "mm-eval-private.h"
#include "mm-kernels.h"
#include "mm-search-private.h"
#include "mm-stability.h"

#define SCORE_INF 127
#define MID_INF (SCORE_INF * MM_EVAL_SCALE)
#define NO_MOVE 255
#define CORNERS UINT64_C (0x8100000000000081)

/* At or below this many empties: no table nor cache, and a solver for
 * each count of empties and kind of node (solve_moves_at), the moves in
 * parity order, or fastest first where a cut is expected from
 * SHALLOW_SORTED_EMPTIES.  Seven rather than six, the seventh's cache
 * and ordering by corner-anchored discs given up: FFO #40-#49, 6% more
 * nodes but 2% fewer instructions and 2% less time (three rounds side by
 * side and six alternating runs of #45 and #49). */
#define SHALLOW_EMPTIES 7
#define SHALLOW_SORTED_EMPTIES 6

/* From this many empties on, moves are ordered by a shallow midgame
 * search as well as by mobility (order_moves_by_search), and from the
 * second on by a deeper one.  FFO #40-#49: from 14 and 18 empties, 4%
 * fewer nodes but 5% more time (eight runs side by side); from 13, more
 * nodes. */
#define EVAL_ORDER_EMPTIES 15
#define EVAL_ORDER_DEEPER_EMPTIES 20

/* From this many empties on, a node of the solver whose first move did
 * not cut shares its other moves out to the threads that are free
 * (mm-split.h); in the midgame search, from this depth on. */
#define SPLIT_EMPTIES 12
#define SPLIT_DEPTH 5

/* What a node of the solver is expected to do (Knuth and Moore's node
 * types), from its place in the tree: a null-window node whose parent
 * expects a cut is expected to fail low, and the other way round.  On
 * FFO #40-#44 the guess holds for 96-99% of the expected cuts and 90-98%
 * of the expected fail-lows at 7 to 19 empties.  Each kind of node then
 * skips the work that serves only the other: see solve_deep. */
typedef enum
{
  NODE_PV,   /* inside a window wider than null */
  NODE_CUT,  /* expected to fail high: its first move refutes it */
  NODE_ALL,  /* expected to fail low: every move is searched */
} NodeType;

/* The type of a child searched with a null window: the first move of a
 * node expected to cut is expected to fail low; every other, to cut. */
static inline NodeType
null_window_child_type (NodeType type,
                        bool     first)
{
  return type == NODE_CUT && first ? NODE_ALL : NODE_CUT;
}

/* The type of the node itself after a pass: the opponent's side of it. */
static inline NodeType
passed_type (NodeType type)
{
  return type == NODE_PV ? NODE_PV : type == NODE_CUT ? NODE_ALL : NODE_CUT;
}

typedef struct _MoveItem MoveItem;

struct _MoveItem
{
  uint64_t flips;
  uint64_t replies;   /* the solver's orderings: the child's legal moves */
  int      square;
  int      key;
};

/* The squares of the quadrants (4x4 corners of the board) with an odd
 * number of empties, for parity: the last move in a region is likely to
 * be where it is odd, so moves there go first. */
static inline uint64_t
odd_quadrants (uint64_t empties)
{
  uint64_t parity = empties;

  /* Fold the rows of each half onto its first row, then each half-row
   * onto its first square: bits 0, 4, 32 and 36 end up holding the
   * parities of the four quadrants, which a multiplication spreads over
   * their squares. */
  parity ^= parity >> 8;
  parity ^= parity >> 16;
  parity ^= parity >> 2;
  parity ^= parity >> 1;
  return (parity & UINT64_C (0x0000001100000011)) * UINT64_C (0x0F0F0F0F);
}

static inline int
final_score (uint64_t player,
             uint64_t opponent)
{
  int p = mm_popcount (player);
  int o = mm_popcount (opponent);
  int empties = 64 - p - o;

  if (p > o)
    return p - o + empties;
  if (p < o)
    return p - o - empties;
  return 0;
}

static inline void
swap_items (MoveItem *items,
            int       i,
            int       j)
{
  MoveItem first = items[i];

  items[i] = items[j];
  items[j] = first;
}

/* Brings the move of lowest key among items[from..n-1] to items[from]
 * (the first of equals).  A selection rather than a sort, one pass per
 * move searched: most nodes are refuted by their first move, and the
 * comparisons compile to conditional moves, where a sort's branches
 * mispredicted (a quarter of all mispredictions on FFO #40). */
static inline void
select_next (MoveItem *items,
             int       from,
             int       n)
{
  int best = from;

  for (int j = from + 1; j < n; j++)
    best = items[j].key < items[best].key ? j : best;
  swap_items (items, from, best);
}

/* Fastest first, the key that every ordering starts from: the
 * opponent's replies after the move (the lower the better), corners
 * counted twice. */
static inline int
replies_key (uint64_t replies)
{
  return 16 * (mm_popcount (replies) + mm_popcount (replies & CORNERS));
}

/* The part of a key that favours a move in a region with an odd number
 * of empties (@odd, from odd_quadrants), where the last move is likely
 * to be the mover's.  Arithmetic, not a choice: compiled as a branch it
 * mispredicted (FFO #40-#44, 14% more mispredictions). */
static inline int
parity_key (uint64_t odd,
            int      square)
{
  return -4 * (int) ((odd >> square) & 1);
}

/* Records a move of the solver's orderings: its flips, the child's legal
 * moves and its key. */
static inline void
set_item (MoveItem *item,
          int       square,
          uint64_t  flips,
          uint64_t  replies,
          int       key)
{
  item->flips = flips;
  item->replies = replies;
  item->square = square;
  item->key = key;
}

/* An upper bound on the player's score: the opponent's stable discs stay
 * theirs.  Only worth computing when the opponent has enough discs for
 * the bound to reach @alpha; SCORE_INF when it cannot. */
static inline int
stability_bound (uint64_t player,
                 uint64_t opponent,
                 int      alpha)
{
  if (64 - 2 * mm_popcount (opponent) > alpha)
    return SCORE_INF;
  return 64 - 2 * mm_popcount (mm_stable_discs (opponent, player | opponent));
}

/* Narrows [*alpha, *beta] to known bounds on a node's score; true when
 * they decide the node, its score then in *score. */
static inline bool
bounds_decide (int  lower,
               int  upper,
               int *alpha,
               int *beta,
               int *score)
{
  if (lower >= *beta || lower == upper)
    {
      *score = lower;
      return true;
    }
  if (upper <= *alpha)
    {
      *score = upper;
      return true;
    }
  if (lower > *alpha)
    *alpha = lower;
  if (upper < *beta)
    *beta = upper;
  return false;
}

/* The parts' functions that the others call, in the order of the parts. */

/* mm-search-kernel-shallow.c: the last few empties, without the table. */
static int solve_moves (MmSearch *search, uint64_t player, uint64_t opponent,
                        int alpha, int beta, int n_empties, uint64_t moves, NodeType type);
static int solve_shallow (MmSearch *search, uint64_t player, uint64_t opponent,
                          int alpha, int beta, int n_empties);

/* mm-search-kernel-order.c: the move orderings. */
static int order_moves (uint64_t player, uint64_t opponent, uint64_t moves, int hash_move,
                        const MmHashTable *child_table, const MmSolveCache *child_cache,
                        bool all_node, MoveItem *items);
static int order_midgame_moves (MmSearch *search, uint64_t player, uint64_t opponent,
                                uint64_t moves, int hash_move, int depth, MoveItem *items);
static int order_moves_by_search (MmSearch *search, uint64_t player, uint64_t opponent,
                                  uint64_t moves, int hash_move, int n_empties,
                                  MoveItem *items);

/* mm-search-kernel-split.c: a node's moves shared out to the free threads. */
static inline void split_child (const MmSplitPoint *split, int index,
                                uint64_t *next_player, uint64_t *next_opponent);
static inline bool worth_splitting (const MmSearch *search, int size, int min_size,
                                    int moves_left);
static int split_moves (MmSearch *search, MmSplitSearchFunc search_move, int depth,
                        NodeType child_type, uint64_t player, uint64_t opponent,
                        MoveItem *items, int n_moves, int alpha, int beta,
                        int *best, int *best_move);

/* mm-search-kernel-endgame.c: the deep solver. */
static int solve_deep (MmSearch *search, uint64_t player, uint64_t opponent,
                       int alpha, int beta, int n_empties, uint64_t moves, NodeType type);

/* mm-search-kernel-probcut.c: Multi-ProbCut, in both searches. */
static int probcut (MmSearch *search, uint64_t player, uint64_t opponent,
                    int alpha, int beta, int depth, int n_empties);
static int endgame_probcut (MmSearch *search, uint64_t player, uint64_t opponent,
                            int alpha, int beta, int n_empties);

/* mm-search-kernel-midgame.c: the midgame search. */
static int search_midgame (MmSearch *search, uint64_t player, uint64_t opponent,
                           int alpha, int beta, int depth);
