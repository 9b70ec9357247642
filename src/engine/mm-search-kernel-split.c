/* mm-search-kernel-split.c
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

/* Sharing out a node's moves after the first to the threads that are free
 * (Young Brothers Wait, see mm-split.h), for both searches.
 *
 * Not a translation unit of its own: mm-search-kernel.c includes it with
 * the other parts of the searches. */

#include "mm-search-kernel-private.h"

/* The position after move @index of @split. */
static inline void
split_child (const MmSplitPoint *split,
             int                 index,
             uint64_t           *next_player,
             uint64_t           *next_opponent)
{
  uint64_t flips = split->flips[index];

  *next_player = split->opponent ^ flips;
  *next_opponent = mm_mover_after (split->player, flips, split->squares[index]);
}

/* Whether to share out the moves left at a node: where there are several,
 * a thread is free to take them, and the subtrees (@size, the empties or
 * the depth, at least @min_size) are worth the locking. */
static inline bool
worth_splitting (const MmSearch *search,
                 int             size,
                 int             min_size,
                 int             moves_left)
{
  return search->team != NULL && size >= min_size && moves_left >= 2
         && atomic_load_explicit (&search->team->n_idle, memory_order_relaxed) > 0;
}

/* Searches items[1..n_moves-1] with the free threads, each move with
 * @search_move (which reads the split point's @depth or @child_type);
 * *best and *best_move hold the best so far, and are updated.  Returns
 * the new alpha.  Out of line, so that the split point's room is not
 * taken on every node's stack frame. */
static __attribute__ ((noinline)) int
split_moves (MmSearch          *search,
             MmSplitSearchFunc  search_move,
             int                depth,
             NodeType           child_type,
             uint64_t           player,
             uint64_t           opponent,
             MoveItem          *items,
             int                n_moves,
             int                alpha,
             int                beta,
             int               *best,
             int               *best_move)
{
  MmSplitPoint split;

  split.player = player;
  split.opponent = opponent;
  split.n_moves = 0;
  for (int i = 1; i < n_moves; i++)
    {
      select_next (items, i, n_moves);
      split.flips[split.n_moves] = items[i].flips;
      split.replies[split.n_moves] = items[i].replies;
      split.squares[split.n_moves++] = (uint8_t) items[i].square;
    }
  split.n_empties = mm_popcount (~(player | opponent));
  split.depth = depth;
  split.child_type = child_type;
  split.search_move = search_move;
  split.next = 0;
  split.alpha = alpha;
  split.beta = beta;
  split.best = *best;
  split.best_move = *best_move;
  mm_split_run (search, &split);
  *best = split.best;
  *best_move = split.best_move;
  return split.alpha;
}
