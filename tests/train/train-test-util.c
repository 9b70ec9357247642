/* train-test-util.c
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

/* What the trainer's tests share. */

#include "train-test-util.h"

#define N_RANDOM_GAMES 40

/* The image of a bitboard under one of the eight symmetries of the board. */
guint64
train_test_symmetric_bits (guint64 bits,
                           int     symmetry)
{
  guint64 out = 0;

  for (; bits != 0; bits = mm_without_first (bits))
    {
      int square = mm_first_square (bits);
      int c = mm_square_column (square), r = mm_square_row (square);
      int column = symmetry & 1 ? 7 - c : c;
      int row = symmetry & 2 ? 7 - r : r;

      out |= G_GUINT64_CONSTANT (1) << (symmetry & 4 ? mm_square_at (row, column)
                                                     : mm_square_at (column, row));
    }
  return out;
}

static void
assert_symmetric_at (const MmEvalWeights *weights,
                     const MmBoard       *board)
{
  int expected = mm_eval (weights, board->player, board->opponent);

  for (int symmetry = 1; symmetry < 8; symmetry++)
    g_assert_cmpint (mm_eval (weights, train_test_symmetric_bits (board->player, symmetry),
                              train_test_symmetric_bits (board->opponent, symmetry)),
                     ==, expected);
}

/* Tied weights make the evaluation the same on all eight symmetric copies
 * of a position; checked along random games (a fixed seed). */
void
train_test_assert_symmetric (const MmEvalWeights *weights)
{
  GRand *rand = g_rand_new_with_seed (20260101);

  for (int game = 0; game < N_RANDOM_GAMES; game++)
    {
      MmBoard board;

      mm_board_init_start (&board);
      while (!mm_board_is_game_over (&board))
        {
          guint64 moves = mm_board_legal_moves (&board);
          int skip;

          assert_symmetric_at (weights, &board);
          if (moves == 0)
            {
              mm_board_pass (&board);
              continue;
            }
          for (skip = g_rand_int_range (rand, 0, mm_popcount (moves)); skip > 0; skip--)
            moves = mm_without_first (moves);
          mm_board_play (&board, mm_first_square (moves));
        }
    }
  g_rand_free (rand);
}
