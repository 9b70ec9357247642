/* mm-bits.h
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

/* Bit tricks on 64-bit boards.  The builtins compile to single
 * instructions where the target has them (POPCNT, LZCNT/TZCNT) and to
 * portable code elsewhere; the hot loops are built for several targets
 * and chosen at run time (see mm-perft.c). */

static inline int
mm_popcount (uint64_t bits)
{
  return __builtin_popcountll (bits);
}

/* Undefined for 0, as the instructions are. */
static inline int
mm_count_leading_zeros (uint64_t bits)
{
  return __builtin_clzll (bits);
}

static inline int
mm_first_square (uint64_t bits)
{
  return __builtin_ctzll (bits);
}

/* Removes the lowest set bit; used to walk the squares of a bitboard. */
static inline uint64_t
mm_without_first (uint64_t bits)
{
  return bits & (bits - 1);
}
