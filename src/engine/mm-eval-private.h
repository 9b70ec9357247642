/* mm-eval-private.h
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

#include "mm-eval.h"

/* The evaluation inline, so that the search kernels compile it with their
 * own instruction set (AVX2 move generation in the x86-64-v3 ones). */

struct _MmEvalWeights
{
  int16_t             *stages;           /* MM_EVAL_N_STAGES * stage size */
  size_t               stage_size;
  size_t               pattern_offsets[MM_EVAL_N_PATTERNS];
  size_t               mobility_offset;
  size_t               bias_offset;
  const MmEvalFeature *features;
};

/* Each square's digit: 0 empty, 1 the player's, 2 the opponent's. */
static inline void
mm_eval_digits (uint64_t player,
                uint64_t opponent,
                uint8_t  digits[MM_N_SQUARES])
{
  for (int square = 0; square < MM_N_SQUARES; square++)
    digits[square] = (uint8_t) (((player >> square) & 1) + 2 * ((opponent >> square) & 1));
}

static inline uint32_t
mm_eval_feature_index (const MmEvalFeature *feature,
                       const uint8_t        digits[MM_N_SQUARES])
{
  uint32_t index = 0;

  for (int i = 0; i < feature->n_squares; i++)
    index = index * 3 + digits[feature->squares[i]];
  return index;
}

static inline int
mm_eval_inline (const MmEvalWeights *weights,
                uint64_t             player,
                uint64_t             opponent)
{
  const MmEvalFeature *features = weights->features;
  const int16_t *w = weights->stages
                     + (size_t) mm_eval_stage (player, opponent) * weights->stage_size;
  int mobility = mm_popcount (mm_moves_of (player, opponent));
  int opponent_mobility = mm_popcount (mm_moves_of (opponent, player));
  uint8_t digits[MM_N_SQUARES];
  int score = 0;

  mm_eval_digits (player, opponent, digits);
  for (int f = 0; f < MM_EVAL_N_FEATURES; f++)
    score += w[weights->pattern_offsets[features[f].pattern]
               + mm_eval_feature_index (&features[f], digits)];

  if (mobility >= MM_EVAL_MOBILITY_SIZE)
    mobility = MM_EVAL_MOBILITY_SIZE - 1;
  if (opponent_mobility >= MM_EVAL_MOBILITY_SIZE)
    opponent_mobility = MM_EVAL_MOBILITY_SIZE - 1;
  score += w[weights->mobility_offset + (size_t) mobility];
  score += w[weights->mobility_offset + MM_EVAL_MOBILITY_SIZE + (size_t) opponent_mobility];
  score += w[weights->bias_offset];

  return score;
}
