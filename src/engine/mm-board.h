/* mm-board.h
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

#include <stdbool.h>
#include <stdint.h>

#include "mm-bits.h"
#include "mm-rays.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Squares are numbered 0..63 row by row: a1 = 0, h1 = 7, a8 = 56, h8 = 63.
 * Columns a-h run left to right and rows 1-8 top to bottom, as every Othello
 * program writes them.  Bit n of a bitboard is square n. */
enum
{
  MM_SQUARE_NONE = -1,
  MM_SQUARE_PASS = 64,
  MM_N_SQUARES = 64,
};

typedef enum
{
  MM_COLOR_BLACK = 0,
  MM_COLOR_WHITE = 1,
} MmColor;

/* A position relative to the side to move: who that side is (black or
 * white) is kept by the caller.  This keeps the search free of colour
 * branches: after a move the two boards simply swap. */
typedef struct
{
  uint64_t player;
  uint64_t opponent;
} MmBoard;

void     mm_board_init_start        (MmBoard       *board);
bool     mm_board_from_colors       (MmBoard       *board,
                                     uint64_t       black,
                                     uint64_t       white,
                                     MmColor        side_to_move);
uint64_t mm_board_play              (MmBoard       *board,
                                     int            square);
bool     mm_board_is_game_over      (const MmBoard *board);
int      mm_board_disc_difference   (const MmBoard *board);

bool     mm_square_is_valid         (int            square);
int      mm_square_parse            (const char    *text);
void     mm_square_format           (int            square,
                                     char           out[3]);

static inline int
mm_square_column (int square)
{
  return square & 7;
}

static inline int
mm_square_row (int square)
{
  return square >> 3;
}

static inline int
mm_square_at (int column,
              int row)
{
  return row * 8 + column;
}

static inline uint64_t
mm_board_empties (const MmBoard *board)
{
  return ~(board->player | board->opponent);
}

static inline int
mm_board_player_count (const MmBoard *board)
{
  return mm_popcount (board->player);
}

static inline int
mm_board_opponent_count (const MmBoard *board)
{
  return mm_popcount (board->opponent);
}

#if defined(__AVX2__)
#include <immintrin.h>

/* The legal moves of the side to move: empty squares that close at least
 * one line of opponent discs.  With AVX2 the four directions that shift
 * left run side by side in one vector and the four that shift right in
 * another. */
typedef uint64_t MmLanes __attribute__ ((vector_size (32)));

/* The union of the four lanes, folded in the vector unit: the two
 * halves, then the two words of the result, five instructions where
 * moving each lane out on its own took eight (FFO #40: 2.3% fewer
 * instructions in all). */
static inline uint64_t
mm_lanes_union (MmLanes lanes)
{
  __m256i all = (__m256i) lanes;
  __m128i half = _mm_or_si128 (_mm256_castsi256_si128 (all), _mm256_extracti128_si256 (all, 1));

  half = _mm_or_si128 (half, _mm_unpackhi_epi64 (half, half));
  return (uint64_t) _mm_cvtsi128_si64 (half);
}

static inline uint64_t
mm_moves_of (uint64_t player,
             uint64_t opponent)
{
  const MmLanes step = { 1, 7, 8, 9 };
  const MmLanes step2 = { 2, 14, 16, 18 };
  /* Horizontal and diagonal steps must not wrap around the a and h files. */
  const MmLanes wrap = {
    UINT64_C (0x7E7E7E7E7E7E7E7E), UINT64_C (0x7E7E7E7E7E7E7E7E),
    ~UINT64_C (0), UINT64_C (0x7E7E7E7E7E7E7E7E),
  };
  MmLanes p = { player, player, player, player };
  MmLanes m = wrap & opponent;
  MmLanes up = m & (p << step);
  MmLanes down = m & (p >> step);
  MmLanes pre_up = m & (m << step);
  MmLanes pre_down = m & (m >> step);
  MmLanes all;

  up |= m & (up << step);
  down |= m & (down >> step);
  up |= pre_up & (up << step2);
  down |= pre_down & (down >> step2);
  up |= pre_up & (up << step2);
  down |= pre_down & (down >> step2);
  all = (up << step) | (down >> step);

  return mm_lanes_union (all) & ~(player | opponent);
}

#else
/* A shift that goes toward higher bit numbers for a positive @step. */
static inline uint64_t
mm_shift (uint64_t bits,
          int      step)
{
  return step > 0 ? bits << step : bits >> -step;
}

/* One direction of the move generator: the squares beyond runs of
 * opponent discs that start next to a player's disc.  The step doubles
 * after two shifts, so a run of up to six discs takes four steps. */
static inline uint64_t
mm_moves_toward (uint64_t player,
                 uint64_t opponent_mask,
                 int      step)
{
  uint64_t run = opponent_mask & mm_shift (player, step);
  uint64_t pairs;

  run |= opponent_mask & mm_shift (run, step);
  pairs = opponent_mask & mm_shift (opponent_mask, step);
  run |= pairs & mm_shift (run, 2 * step);
  run |= pairs & mm_shift (run, 2 * step);

  return mm_shift (run, step);
}

/* The legal moves of the side to move: empty squares that close at least
 * one line of opponent discs. */
static inline uint64_t
mm_moves_of (uint64_t player,
             uint64_t opponent)
{
  /* Horizontal and diagonal steps must not wrap around the a and h files. */
  const uint64_t inner = opponent & UINT64_C (0x7E7E7E7E7E7E7E7E);
  uint64_t moves;

  moves = mm_moves_toward (player, inner, 1);
  moves |= mm_moves_toward (player, inner, -1);
  moves |= mm_moves_toward (player, opponent, 8);
  moves |= mm_moves_toward (player, opponent, -8);
  moves |= mm_moves_toward (player, inner, 7);
  moves |= mm_moves_toward (player, inner, -7);
  moves |= mm_moves_toward (player, inner, 9);
  moves |= mm_moves_toward (player, inner, -9);

  return moves & ~(player | opponent);
}

#endif

static inline uint64_t
mm_board_legal_moves (const MmBoard *board)
{
  return mm_moves_of (board->player, board->opponent);
}

static inline bool
mm_board_can_move (const MmBoard *board)
{
  return mm_board_legal_moves (board) != 0;
}

/* Discs flipped along a ray going to higher bit numbers.  Filling the
 * squares off the ray with ones lets a carry from bit 0 run through them
 * and through the opponent's discs on the ray; it stops on the first ray
 * square that is not the opponent's, which must be the player's. */
static inline uint64_t
mm_flips_up (uint64_t ray,
             uint64_t player,
             uint64_t opponent)
{
  uint64_t outflank = ((opponent | ~ray) + 1) & ray & player;

  return (outflank - (outflank != 0)) & ray;
}

/* The same toward lower bit numbers, where the nearest square is the
 * highest set bit.  Bit 0 stands in for "no square", so that the bit scan
 * always has a bit to find; it counts only when it lies on the ray. */
static inline uint64_t
mm_flips_down (uint64_t ray,
               uint64_t player,
               uint64_t opponent)
{
  uint64_t blocker = (ray & ~opponent) | 1;
  uint64_t first = UINT64_C (0x8000000000000000) >> mm_count_leading_zeros (blocker);
  uint64_t outflank = first & player & ray;

  return (0 - (outflank << 1)) & ray;
}

/* The diagonal and the anti-diagonal through @square, from the table of
 * rays: a shift by the square's place took a branch that mispredicted
 * (7% of all mispredictions on FFO #40, in the last move's flip count). */
static inline uint64_t
mm_line_diagonal (int square)
{
  return mm_rays[square][3] | mm_rays[square][7] | (UINT64_C (1) << square);
}

static inline uint64_t
mm_line_antidiagonal (int square)
{
  return mm_rays[square][1] | mm_rays[square][5] | (UINT64_C (1) << square);
}

#if defined(__AVX2__)
/* The discs that a move on the empty @square flips, in all eight
 * directions; 0 when the move is illegal.  With AVX2 the four rays toward
 * higher bit numbers run in one vector and the four toward lower ones in
 * another, each lane shifting by its own direction's step.  Vectors have
 * no bit scan: on a downward ray the squares that are not the opponent's
 * are smeared away from the move instead, and what survives of the
 * player's discs moved one step back is the one outflanking disc. */
static inline uint64_t
mm_flips_of (uint64_t player,
             uint64_t opponent,
             int      square)
{
  const MmLanes *rays = (const MmLanes *) mm_rays[square];
  const MmLanes up = rays[0], down = rays[1];
  const MmLanes zero = { 0, 0, 0, 0 };
  const MmLanes step = { 1, 7, 8, 9 };
  MmLanes p = { player, player, player, player };
  MmLanes o = { opponent, opponent, opponent, opponent };
  MmLanes outflank, flips, not_opponent;

  outflank = ((o | ~up) + 1) & up & p;
  flips = (outflank - 1) & up & ~(MmLanes) (outflank == zero);

  /* A player's disc outflanks when no square nearer the move is free of
   * the opponent: the smear reaches 0-5 steps, all a ray of seven needs. */
  not_opponent = down & ~o;
  outflank = (p & down) << step;
  not_opponent |= not_opponent >> step;
  outflank &= ~not_opponent;
  outflank &= ~(not_opponent >> (2 * step));
  outflank &= ~(not_opponent >> (4 * step));
  flips |= (zero - outflank) & down;

  return mm_lanes_union (flips);
}
#else
/* The discs that a move on the empty @square flips, in all eight
 * directions; 0 when the move is illegal. */
static inline uint64_t
mm_flips_of (uint64_t player,
             uint64_t opponent,
             int      square)
{
  const uint64_t *rays = mm_rays[square];
  uint64_t flips;

  flips = mm_flips_up (rays[0], player, opponent);
  flips |= mm_flips_up (rays[1], player, opponent);
  flips |= mm_flips_up (rays[2], player, opponent);
  flips |= mm_flips_up (rays[3], player, opponent);
  flips |= mm_flips_down (rays[4], player, opponent);
  flips |= mm_flips_down (rays[5], player, opponent);
  flips |= mm_flips_down (rays[6], player, opponent);
  flips |= mm_flips_down (rays[7], player, opponent);

  return flips;
}

#endif

/* The mover's discs once it has played @square, which flips @flips. */
static inline uint64_t
mm_mover_after (uint64_t player,
                uint64_t flips,
                int      square)
{
  return player ^ flips ^ (UINT64_C (1) << square);
}

/* The discs of file A as the bits of a byte (a1 the lowest): a
 * multiplication adds the column's squares into the top byte without
 * carries, the column turned on its side. */
static inline unsigned
mm_file_a_byte (uint64_t bits)
{
  return (unsigned) (((bits & UINT64_C (0x0101010101010101)) * UINT64_C (0x0102040810204080))
                     >> 56);
}

/* The number of discs the move on @square flips when it is the last empty
 * square of the board: then the player's discs alone decide it, line by
 * line (see mm_last_flip_counts).  Each line is gathered into a byte: a
 * row by a shift, a column and the diagonals by a multiplication that
 * adds their squares into the top byte without carries, one a column
 * (the column turned on its side first). */
static inline int
mm_last_flip_count (uint64_t player,
                    int      square)
{
  const uint64_t file_a = UINT64_C (0x0101010101010101);
  int column = mm_square_column (square), row = mm_square_row (square);
  unsigned row_bits = (unsigned) (player >> (8 * row)) & 0xFF;
  unsigned column_bits = mm_file_a_byte (player >> column);
  unsigned diagonal_bits = (unsigned) (((player & mm_line_diagonal (square)) * file_a) >> 56);
  unsigned anti_bits = (unsigned) (((player & mm_line_antidiagonal (square)) * file_a) >> 56);

  return mm_last_flip_counts[column][row_bits] + mm_last_flip_counts[row][column_bits]
         + mm_last_flip_counts[column][diagonal_bits] + mm_last_flip_counts[column][anti_bits];
}

static inline uint64_t
mm_board_flips (const MmBoard *board,
                int            square)
{
  return mm_flips_of (board->player, board->opponent, square);
}

/* Plays a move known to be legal, given its flips. */
static inline void
mm_board_apply (MmBoard  *board,
                int       square,
                uint64_t  flips)
{
  uint64_t mover = mm_mover_after (board->player, flips, square);

  board->player = board->opponent ^ flips;
  board->opponent = mover;
}

static inline void
mm_board_pass (MmBoard *board)
{
  uint64_t mover = board->player;

  board->player = board->opponent;
  board->opponent = mover;
}

#ifdef __cplusplus
}
#endif
