/* mm-perft-kernel.c
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

#include "mm-board.h"
#include "mm-kernels.h"

static uint64_t
perft_node (uint64_t player,
            uint64_t opponent,
            int      depth)
{
  uint64_t moves = mm_moves_of (player, opponent);
  uint64_t leaves = 0;

  if (moves == 0)
    {
      /* Game over is a leaf; a pass is a ply of its own. */
      if (depth == 1 || mm_moves_of (opponent, player) == 0)
        return 1;
      return perft_node (opponent, player, depth - 1);
    }

  if (depth == 1)
    return (uint64_t) mm_popcount (moves);

  for (; moves != 0; moves = mm_without_first (moves))
    {
      int square = mm_first_square (moves);
      uint64_t flips = mm_flips_of (player, opponent, square);
      uint64_t next_player = opponent ^ flips;
      uint64_t next_opponent = mm_mover_after (player, flips, square);

      if (depth == 2)
        {
          /* The last two plies in one loop: a child without moves is one
           * leaf whether it passes or ends the game. */
          uint64_t replies = mm_moves_of (next_player, next_opponent);

          leaves += replies != 0 ? (uint64_t) mm_popcount (replies) : 1;
        }
      else
        {
          leaves += perft_node (next_player, next_opponent, depth - 1);
        }
    }

  return leaves;
}

uint64_t
MM_KERNEL (mm_perft_kernel) (uint64_t player,
                             uint64_t opponent,
                             int      depth)
{
  return perft_node (player, opponent, depth);
}
