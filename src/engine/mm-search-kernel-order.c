/* mm-search-kernel-order.c
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

/* The move orderings: fastest first in the solver, by shallow searches
 * in the solver's upper nodes and in the midgame search.
 *
 * Not a translation unit of its own: mm-search-kernel.c includes it with
 * the other parts of the searches. */

#include "mm-search-kernel-private.h"

/* From this many empties on, the fastest-first ordering counts potential
 * mobility too; nearer the end it orders no better than the replies
 * alone (FFO #40: 0.4% fewer nodes and 1.6% fewer instructions without
 * it at six and seven empties). */
#define POTENTIAL_MOBILITY_EMPTIES 8

static inline uint64_t
mm_neighbours (uint64_t discs)
{
  const uint64_t not_a = ~UINT64_C (0x0101010101010101);
  const uint64_t not_h = ~UINT64_C (0x8080808080808080);
  uint64_t sides = ((discs << 1) & not_a) | ((discs >> 1) & not_h);
  uint64_t row = discs | sides;

  return sides | (row << 8) | (row >> 8);
}

/* Fastest first: few replies for the opponent, corners counted twice,
 * many of the mover's discs anchored at corners (each 3/16 of a reply),
 * few empty squares next to the mover's discs (from
 * POTENTIAL_MOBILITY_EMPTIES), and a small bonus for moves in odd
 * regions.  Where the node is expected to fail low (@all_node) every move
 * is searched whatever the order, and the replies and parity alone order
 * the few that do cut: FFO #40-#44 0.8% fewer instructions, #40-#49
 * 0.4% more nodes.  FFO #40-#49: the anchored discs 18% fewer nodes; a reply's
 * penalty for moves to X-squares next to empty corners 1.6% fewer nodes
 * but no less time.  The keys only, and the first move (lowest key, the
 * first of equals) brought forward on the way, as most nodes search no
 * other; the search brings each later move forward when it comes to it
 * (select_next).  FFO #40: 4% fewer mispredictions than a selection for
 * the first move too. */
static int
order_moves (uint64_t            player,
             uint64_t            opponent,
             uint64_t            moves,
             int                 hash_move,
             const MmHashTable  *child_table,
             const MmSolveCache *child_cache,
             bool                all_node,
             MoveItem           *items)
{
  uint64_t empties = ~(player | opponent);
  uint64_t odd = odd_quadrants (empties);
  bool potential = !all_node && mm_popcount (empties) >= POTENTIAL_MOBILITY_EMPTIES;
  int n = 0, best = 0, best_key = INT_MAX;

  for (; moves != 0; moves = mm_without_first (moves))
    {
      int square = mm_first_square (moves);
      uint64_t flips = mm_flips_of (player, opponent, square);
      uint64_t next_player = opponent ^ flips;
      uint64_t next_opponent = mm_mover_after (player, flips, square);
      uint64_t replies = mm_moves_of (next_player, next_opponent);
      int key = replies_key (replies) + parity_key (odd, square);

      if (!all_node)
        key -= 3 * mm_corner_anchored_count (next_opponent);

      /* Potential mobility: empty squares next to the mover's discs,
       * where the opponent's later moves lie. */
      if (potential)
        key += 2 * mm_popcount (mm_neighbours (next_opponent) & ~(next_player | next_opponent));

      /* The child's first step is a probe that misses the cache: start
       * the load now, while the other moves are ordered. */
      if (child_table != NULL)
        __builtin_prefetch (mm_hash_table_bucket (child_table, next_player, next_opponent));
      else if (child_cache != NULL)
        __builtin_prefetch (mm_solve_cache_slot (child_cache, next_player, next_opponent));
      if (square == hash_move)
        key = -1000;

      /* Conditional moves, not branches. */
      best = key < best_key ? n : best;
      best_key = key < best_key ? key : best_key;
      set_item (&items[n++], square, flips, replies, key);
    }

  swap_items (items, 0, best);
  return n;
}

/* Best moves first: the table's move, then by a shallow look at each
 * child (its evaluation, or fastest first for the shallowest searches). */
static int
order_midgame_moves (MmSearch *search,
                     uint64_t  player,
                     uint64_t  opponent,
                     uint64_t  moves,
                     int       hash_move,
                     int       depth,
                     MoveItem *items)
{
  int n = 0;

  for (; moves != 0; moves = mm_without_first (moves))
    {
      int square = mm_first_square (moves);
      uint64_t flips = mm_flips_of (player, opponent, square);
      uint64_t next_player = opponent ^ flips;
      uint64_t next_opponent = mm_mover_after (player, flips, square);
      int key, i;

      if (square == hash_move)
        key = -4 * MID_INF;
      else if (depth >= 4)
        key = search_midgame (search, next_player, next_opponent, -MID_INF, MID_INF,
                              depth >= 8 ? 2 : 0);
      else
        {
          uint64_t replies = mm_moves_of (next_player, next_opponent);

          key = replies_key (replies);
        }

      i = n++;
      while (i > 0 && items[i - 1].key > key)
        {
          items[i] = items[i - 1];
          i--;
        }
      items[i].flips = flips;
      items[i].square = square;
      items[i].key = key;
    }

  return n;
}

/* In the solver: each move's key is the score a shallow search gives the
 * opponent after it, plus what its replies are worth to the opponent (a
 * disc a move, two a corner), as Edax weighs them, less two discs for
 * each of the mover's corner-anchored discs.  FFO #40-#49: 3% fewer nodes
 * than by the search's score alone.  The hash move first.
 * The keys, and the first move brought forward: the search selects each
 * later move when it comes to it. */
static int
order_moves_by_search (MmSearch *search,
                       uint64_t  player,
                       uint64_t  opponent,
                       uint64_t  moves,
                       int       hash_move,
                       int       n_empties,
                       MoveItem *items)
{
  int depth = n_empties >= EVAL_ORDER_DEEPER_EMPTIES ? 2 : 0;
  int n = 0;

  for (; moves != 0; moves = mm_without_first (moves))
    {
      int square = mm_first_square (moves);
      uint64_t flips = mm_flips_of (player, opponent, square);
      uint64_t next_player = opponent ^ flips;
      uint64_t next_opponent = mm_mover_after (player, flips, square);
      uint64_t replies = mm_moves_of (next_player, next_opponent);
      int key;

      if (square == hash_move)
        key = -4 * MID_INF;
      else
        key = search_midgame (search, next_player, next_opponent, -MID_INF, MID_INF, depth)
              + MM_EVAL_SCALE * (mm_popcount (replies) + 2 * mm_popcount (replies & CORNERS)
                                 - 2 * mm_corner_anchored_count (next_opponent));
      set_item (&items[n++], square, flips, replies, key);
    }

  select_next (items, 0, n);
  return n;
}
