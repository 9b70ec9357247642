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

/* The squares whose whole line along one direction is filled: the empty
 * squares are spread both ways along their lines (a Kogge-Stone fill that
 * passes over discs), and what they do not reach is full.  @shift steps
 * one square along the direction; @up_mask and @down_mask keep the steps
 * up and down the bit numbers from wrapping around the board's edge. */
static inline uint64_t
mm_full_lines_along (uint64_t filled,
                     int      shift,
                     uint64_t up_mask,
                     uint64_t down_mask)
{
  uint64_t empty = ~filled;
  uint64_t up = empty, down = empty;
  uint64_t up_step = up_mask, down_step = down_mask;

  up |= up_step & (up << shift);
  down |= down_step & (down >> shift);
  up_step &= up_step << shift;
  down_step &= down_step >> shift;
  up |= up_step & (up << 2 * shift);
  down |= down_step & (down >> 2 * shift);
  up_step &= up_step << 2 * shift;
  down_step &= down_step >> 2 * shift;
  up |= up_step & (up << 4 * shift);
  down |= down_step & (down >> 4 * shift);
  return ~(up | down);
}

/* Diagonals in both directions: the union of those that are full. */
static inline uint64_t
mm_full_diagonals (uint64_t  filled,
                   uint64_t *anti_full)
{
  /* Up the bit numbers a diagonal step (9) goes one column right, an
   * anti-diagonal step (7) one column left. */
  *anti_full = mm_full_lines_along (filled, 7, ~MM_FILE_H, ~MM_FILE_A);
  return mm_full_lines_along (filled, 9, ~MM_FILE_A, ~MM_FILE_H);
}

/* The bits of a byte as the discs of file A (a1 the lowest): the reverse
 * of mm_file_a_byte. */
static inline uint64_t
mm_file_a_from_byte (unsigned byte)
{
  /* Bits 0-6 spread by a multiplication whose partial products never
   * overlap (so never carry); bit 7 on its own. */
  return (((uint64_t) (byte & 0x7F) * UINT64_C (0x0000040810204081)) & MM_FILE_A)
         | (uint64_t) (byte & 0x80) << 49;
}

/* The stable discs of @discs on the four edges, from the table of edge
 * positions (mm-gen-rays.c): exact for an edge, where discs flip only
 * along it. */
static inline uint64_t
mm_edge_stable_discs (uint64_t discs,
                      uint64_t other)
{
  uint64_t rows = mm_edge_stable[discs & 0xFF][other & 0xFF]
                  | (uint64_t) mm_edge_stable[discs >> 56][other >> 56] << 56;
  uint64_t file_a = mm_file_a_from_byte (mm_edge_stable[mm_file_a_byte (discs)]
                                                       [mm_file_a_byte (other)]);
  uint64_t file_h = mm_file_a_from_byte (mm_edge_stable[mm_file_a_byte (discs >> 7)]
                                                       [mm_file_a_byte (other >> 7)]);

  return rows | file_a | file_h << 7;
}

/* For each axis (rows, columns, diagonals, anti-diagonals, in that
 * order), the squares whose line along it is full or which end their line
 * on the board's edge: there the neighbour off the board stands in for a
 * stable disc. */
#if defined(__AVX2__)
/* The four axes side by side, the empty squares spread along each line
 * both ways: 1.8% fewer instructions on FFO #40-#44 than one axis after
 * the other (the same nodes; time within the noise, four rounds side by
 * side). */
static inline void
mm_full_lines (uint64_t filled,
               uint64_t full[4])
{
  const MmLanes step = { 1, 8, 9, 7 };
  /* The squares a step up or down the bit numbers may land on without
   * wrapping around the a and h files, for 1, 2 and 4 steps at once. */
  const MmLanes up_1 = { ~MM_FILE_A, ~UINT64_C (0), ~MM_FILE_A, ~MM_FILE_H };
  const MmLanes down_1 = { ~MM_FILE_H, ~UINT64_C (0), ~MM_FILE_H, ~MM_FILE_A };
  const MmLanes up_2 = up_1 & (up_1 << step);
  const MmLanes down_2 = down_1 & (down_1 >> step);
  const MmLanes up_4 = up_2 & (up_2 << (2 * step));
  const MmLanes down_4 = down_2 & (down_2 >> (2 * step));
  const MmLanes edges = { MM_FILE_A | MM_FILE_H, MM_ROW_1 | MM_ROW_8, MM_BORDER, MM_BORDER };
  const MmLanes empty = { ~filled, ~filled, ~filled, ~filled };
  MmLanes up = empty | (up_1 & (empty << step));
  MmLanes down = empty | (down_1 & (empty >> step));
  MmLanes lines;

  up |= up_2 & (up << (2 * step));
  down |= down_2 & (down >> (2 * step));
  up |= up_4 & (up << (4 * step));
  down |= down_4 & (down >> (4 * step));
  lines = ~(up | down) | edges;
  for (int axis = 0; axis < 4; axis++)
    full[axis] = lines[axis];
}
#else
static inline void
mm_full_lines (uint64_t filled,
               uint64_t full[4])
{
  full[0] = mm_full_rows (filled) | MM_FILE_A | MM_FILE_H;
  full[1] = mm_full_columns (filled) | MM_ROW_1 | MM_ROW_8;
  full[2] = mm_full_diagonals (filled, &full[3]) | MM_BORDER;
  full[3] |= MM_BORDER;
}
#endif

/* The edges' stable discs and those whose four lines are full are stable;
 * from them stability spreads to discs that, along each axis, have a full
 * line or a stable neighbour.  Starting from the edges' exact answer
 * rather than from the corners alone finds a few more (FFO #40-#49: 0.4%
 * fewer nodes) in a third of the rounds: FFO #40, 1.6% fewer instructions
 * in all and 3.5% fewer mispredictions (time within the noise).  The
 * spreading with the four axes side by side in AVX2 lanes took 6% fewer
 * instructions still but more time: each round then waits on a chain of
 * vector steps. */
static inline uint64_t
mm_stable_discs (uint64_t discs,
                 uint64_t filled)
{
  uint64_t full[4], full_rows, full_columns, full_diagonal, full_anti;
  uint64_t stable, grown;

  mm_full_lines (filled, full);
  full_rows = full[0];
  full_columns = full[1];
  full_diagonal = full[2];
  full_anti = full[3];
  stable = mm_edge_stable_discs (discs, filled & ~discs)
           | (discs & full_rows & full_columns & full_diagonal & full_anti & ~MM_BORDER);
  for (;;)
    {
      grown = stable
              | (discs
                 & (full_rows | (stable << 1) | (stable >> 1))
                 & (full_columns | (stable << 8) | (stable >> 8))
                 & (full_diagonal | (stable << 9) | (stable >> 9))
                 & (full_anti | (stable << 7) | (stable >> 7)));
      if (grown == stable)
        return stable;
      stable = grown;
    }
}

/* The discs of one edge (gathered into a byte) in unbroken runs from its
 * two corners, a full edge once: a table (mm-gen-rays.c), which takes 4%
 * fewer instructions on FFO #40 than counting the trailing and leading
 * ones. */
static inline int
mm_edge_anchored_count (uint64_t edge)
{
  return mm_edge_anchored_counts[edge];
}

/* How many of a side's discs are its corners or in unbroken runs along
 * the edges from them: stable, and cheap to count, unlike the full set
 * above.  A corner counts once for each of its edges. */
static inline int
mm_corner_anchored_count (uint64_t discs)
{
  return mm_edge_anchored_count (discs & 0xFF) + mm_edge_anchored_count (discs >> 56)
         + mm_edge_anchored_count (mm_file_a_byte (discs))
         + mm_edge_anchored_count (mm_file_a_byte (discs >> 7));
}
