/* mm-stability.h
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

#pragma once

#include <stdint.h>

#include "mm-board.h"

/* Stable discs: discs that no sequence of moves can flip.  This is the
 * usual safe under-estimate: a disc is stable when, along each of the four
 * axes through it, the line is full, or one neighbour on the axis is off
 * the board or a stable disc of the same colour. */

#define MM_FILE_A UINT64_C (0x0101010101010101)
#define MM_FILE_H UINT64_C (0x8080808080808080)
#define MM_ROW_1  UINT64_C (0x00000000000000FF)
#define MM_ROW_8  UINT64_C (0xFF00000000000000)
#define MM_BORDER (MM_FILE_A | MM_FILE_H | MM_ROW_1 | MM_ROW_8)

static inline uint64_t
mm_full_rows (uint64_t filled)
{
  uint64_t f = filled;

  f &= f >> 1;
  f &= f >> 2;
  f &= f >> 4;
  return (f & MM_FILE_A) * 0xFF;
}

static inline uint64_t
mm_full_columns (uint64_t filled)
{
  uint64_t f = filled;

  f &= f >> 8;
  f &= f >> 16;
  f &= f >> 32;
  return (f & MM_ROW_1) * MM_FILE_A;
}

/* Diagonals in both directions: the union of those that are full. */
static inline uint64_t
mm_full_diagonals (uint64_t  filled,
                   uint64_t *anti_full)
{
  uint64_t full = 0, anti = 0;

  for (int k = 0; k < 8; k++)
    {
      /* The diagonals that start on row 1 (col - row = k) and on file a
       * (row - col = k), and the anti-diagonals col + row = 7 +- k. */
      uint64_t d1 = mm_line_diagonal (k);
      uint64_t d2 = mm_line_diagonal (8 * k);
      uint64_t a1 = mm_line_antidiagonal (7 - k);
      uint64_t a2 = mm_line_antidiagonal (56 + 7 - k);

      full |= (filled & d1) == d1 ? d1 : 0;
      full |= (filled & d2) == d2 ? d2 : 0;
      anti |= (filled & a1) == a1 ? a1 : 0;
      anti |= (filled & a2) == a2 ? a2 : 0;
    }

  *anti_full = anti;
  return full;
}

static inline uint64_t
mm_stable_discs (uint64_t discs,
                 uint64_t filled)
{
  uint64_t full_rows = mm_full_rows (filled) | MM_FILE_A | MM_FILE_H;
  uint64_t full_columns = mm_full_columns (filled) | MM_ROW_1 | MM_ROW_8;
  uint64_t full_anti;
  uint64_t full_diagonal = mm_full_diagonals (filled, &full_anti) | MM_BORDER;
  uint64_t stable = 0, grown;

  full_anti |= MM_BORDER;
  for (;;)
    {
      grown = discs
              & (full_rows | (stable << 1) | (stable >> 1))
              & (full_columns | (stable << 8) | (stable >> 8))
              & (full_diagonal | (stable << 9) | (stable >> 9))
              & (full_anti | (stable << 7) | (stable >> 7));
      if (grown == stable)
        return stable;
      stable = grown;
    }
}
