/* mm-board.c
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

#include <ctype.h>
#include <stddef.h>

#define BIT(square) (UINT64_C (1) << (square))

void
mm_board_init_start (MmBoard *board)
{
  /* White on d4 and e5, black on d5 and e4, black to move. */
  uint64_t black = BIT (mm_square_at (4, 3)) | BIT (mm_square_at (3, 4));
  uint64_t white = BIT (mm_square_at (3, 3)) | BIT (mm_square_at (4, 4));

  mm_board_from_colors (board, black, white, MM_COLOR_BLACK);
}

bool
mm_board_from_colors (MmBoard *board,
                      uint64_t black,
                      uint64_t white,
                      MmColor  side_to_move)
{
  if (black & white)
    return false;

  board->player = side_to_move == MM_COLOR_BLACK ? black : white;
  board->opponent = side_to_move == MM_COLOR_BLACK ? white : black;
  return true;
}

/* Plays @square for the side to move if it is legal and returns the flipped
 * discs; returns 0 and leaves the board as it was when it is not. */
uint64_t
mm_board_play (MmBoard *board,
               int      square)
{
  uint64_t flips;

  if (!mm_square_is_valid (square) || !(mm_board_empties (board) & BIT (square)))
    return 0;

  flips = mm_board_flips (board, square);
  if (flips != 0)
    mm_board_apply (board, square, flips);

  return flips;
}

bool
mm_board_is_game_over (const MmBoard *board)
{
  return !mm_board_can_move (board)
         && mm_moves_of (board->opponent, board->player) == 0;
}

/* The side to move's discs minus the opponent's, as they stand. */
int
mm_board_disc_difference (const MmBoard *board)
{
  return mm_board_player_count (board) - mm_board_opponent_count (board);
}

bool
mm_square_is_valid (int square)
{
  return square >= 0 && square < MM_N_SQUARES;
}

/* Reads a square name such as "d3" or "D3"; returns MM_SQUARE_NONE for
 * anything else.  Only the first two characters are read. */
int
mm_square_parse (const char *text)
{
  int column, row;

  if (text == NULL || text[0] == '\0')
    return MM_SQUARE_NONE;

  column = tolower ((unsigned char) text[0]) - 'a';
  row = text[1] - '1';
  if (column < 0 || column > 7 || row < 0 || row > 7)
    return MM_SQUARE_NONE;

  return mm_square_at (column, row);
}

/* Writes "a1".."h8", "pa" for a pass and "--" for anything else. */
void
mm_square_format (int  square,
                  char out[3])
{
  if (mm_square_is_valid (square))
    {
      out[0] = (char) ('a' + mm_square_column (square));
      out[1] = (char) ('1' + mm_square_row (square));
    }
  else if (square == MM_SQUARE_PASS)
    {
      out[0] = 'p';
      out[1] = 'a';
    }
  else
    {
      out[0] = '-';
      out[1] = '-';
    }
  out[2] = '\0';
}
