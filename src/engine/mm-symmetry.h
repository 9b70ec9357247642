/* mm-symmetry.h
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

#ifdef __cplusplus
extern "C" {
#endif

/* The eight symmetries of the board (four turns, four mirrors), numbered
 * as the evaluation's pattern placements (mm-eval.c) and the opening
 * book (mm-book.c) number them.  Symmetry s maps square (c, r) to:
 *
 *   0 (c, r)          identity
 *   1 (7 - c, r)      columns mirrored
 *   2 (c, 7 - r)      rows mirrored
 *   3 (7 - c, 7 - r)  half turn
 *   4 (r, c)          mirror in the a1-h8 diagonal
 *   5 (7 - r, 7 - c)  mirror in the h1-a8 diagonal
 *   6 (7 - r, c)      quarter turn
 *   7 (r, 7 - c)      quarter turn the other way (the inverse of 6)
 *
 * and a board seen through symmetry s (mm_symmetry_apply) holds on square
 * q what the board holds on mm_symmetry_square (q, s). */

#define MM_N_SYMMETRIES 8

static inline int
mm_symmetry_square (int square,
                    int symmetry)
{
  int c = mm_square_column (square), r = mm_square_row (square);

  switch (symmetry)
    {
    case 0: return mm_square_at (c, r);
    case 1: return mm_square_at (7 - c, r);
    case 2: return mm_square_at (c, 7 - r);
    case 3: return mm_square_at (7 - c, 7 - r);
    case 4: return mm_square_at (r, c);
    case 5: return mm_square_at (7 - r, 7 - c);
    case 6: return mm_square_at (7 - r, c);
    default: return mm_square_at (r, 7 - c);
    }
}

/* The symmetry that undoes @symmetry: each is its own inverse but the two
 * quarter turns. */
static inline int
mm_symmetry_inverse (int symmetry)
{
  return symmetry == 6 ? 7 : symmetry == 7 ? 6 : symmetry;
}

/* Each row's columns in reverse order: (c, r) takes (7 - c, r). */
static inline uint64_t
mm_symmetry_mirror_columns (uint64_t bits)
{
  bits = ((bits >> 1) & UINT64_C (0x5555555555555555)) | ((bits & UINT64_C (0x5555555555555555)) << 1);
  bits = ((bits >> 2) & UINT64_C (0x3333333333333333)) | ((bits & UINT64_C (0x3333333333333333)) << 2);
  return ((bits >> 4) & UINT64_C (0x0F0F0F0F0F0F0F0F)) | ((bits & UINT64_C (0x0F0F0F0F0F0F0F0F)) << 4);
}

/* Rows and columns exchanged: (c, r) takes (r, c). */
static inline uint64_t
mm_symmetry_transpose (uint64_t bits)
{
  uint64_t t;

  t = UINT64_C (0x0F0F0F0F00000000) & (bits ^ (bits << 28));
  bits ^= t ^ (t >> 28);
  t = UINT64_C (0x3333000033330000) & (bits ^ (bits << 14));
  bits ^= t ^ (t >> 14);
  t = UINT64_C (0x5500550055005500) & (bits ^ (bits << 7));
  return bits ^ t ^ (t >> 7);
}

/* @bits seen through every symmetry at once: square q of turned[s] holds
 * what square mm_symmetry_square (q, s) of @bits holds. */
static inline void
mm_symmetry_orientations (uint64_t bits,
                          uint64_t turned[MM_N_SYMMETRIES])
{
  uint64_t mirrored = mm_symmetry_mirror_columns (bits);
  uint64_t transposed = mm_symmetry_transpose (bits);
  uint64_t transposed_mirrored = mm_symmetry_mirror_columns (transposed);

  turned[0] = bits;
  turned[1] = mirrored;
  turned[2] = __builtin_bswap64 (bits);
  turned[3] = __builtin_bswap64 (mirrored);
  turned[4] = transposed;
  turned[5] = __builtin_bswap64 (transposed_mirrored);
  turned[6] = __builtin_bswap64 (transposed);
  turned[7] = transposed_mirrored;
}

/* @bits seen through one symmetry, as mm_symmetry_orientations (). */
static inline uint64_t
mm_symmetry_apply (uint64_t bits,
                   int      symmetry)
{
  uint64_t turned[MM_N_SYMMETRIES];

  mm_symmetry_orientations (bits, turned);
  return turned[symmetry & 7];
}

#ifdef __cplusplus
}
#endif
