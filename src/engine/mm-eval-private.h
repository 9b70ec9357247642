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
#include "mm-symmetry.h"

#if defined(__BMI2__)
# include <immintrin.h>
#endif

/* The evaluation inline, so that the search kernels compile it with their
 * own instruction set (AVX2 move generation in the x86-64-v3 ones). */

/* For reading the features with a parallel bit extract (BMI2): each
 * pattern's squares in its first orientation as a mask, and, for each
 * value the extract can give, the index it stands for.  The extract takes
 * the squares in the order of their numbers, the index in the pattern's
 * own order, hence the table.  A feature in another orientation reads
 * the same mask on the board turned by its symmetry (mm-symmetry.h). */
typedef struct
{
  uint64_t masks[MM_EVAL_N_PATTERNS];
  uint16_t indices[MM_EVAL_N_PATTERNS][1 << MM_EVAL_MAX_SQUARES];
} MmEvalExtractTable;

const MmEvalExtractTable *mm_eval_extract_table (void);

struct _MmEvalWeights
{
  int16_t                  *stages;      /* MM_EVAL_N_STAGES * stage size */
  size_t                    stage_size;
  size_t                    pattern_offsets[MM_EVAL_N_PATTERNS];
  size_t                    mobility_offset;
  size_t                    bias_offset;
  const MmEvalFeature      *features;
  const MmEvalExtractTable *extract;
  bool                      bit_extract; /* the processor's PEXT is fast */
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

#if defined(__BMI2__)
/* The patterns' sum with two bit extracts a feature, instead of a walk
 * over its squares: about a fifth of the instructions. */
static inline int
mm_eval_patterns_extracted (const MmEvalWeights *weights,
                      const int16_t       *w,
                      uint64_t             player,
                      uint64_t             opponent)
{
  const MmEvalFeature *features = weights->features;
  const MmEvalExtractTable *extract = weights->extract;
  uint64_t players[8], opponents[8];
  int score = 0;

  mm_symmetry_orientations (player, players);
  mm_symmetry_orientations (opponent, opponents);
  for (int f = 0; f < MM_EVAL_N_FEATURES; f++)
    {
      int pattern = features[f].pattern, symmetry = features[f].symmetry;
      uint64_t mask = extract->masks[pattern];
      const uint16_t *indices = extract->indices[pattern];

      score += w[weights->pattern_offsets[pattern] + indices[_pext_u64 (players[symmetry], mask)]
                 + 2 * indices[_pext_u64 (opponents[symmetry], mask)]];
    }
  return score;
}
#endif

static inline int
mm_eval_patterns_sum (const MmEvalWeights *weights,
                      const int16_t       *w,
                      uint64_t             player,
                      uint64_t             opponent)
{
  const MmEvalFeature *features = weights->features;
  uint8_t digits[MM_N_SQUARES];
  int score = 0;

#if defined(__BMI2__)
  if (weights->bit_extract)
    return mm_eval_patterns_extracted (weights, w, player, opponent);
#endif
  mm_eval_digits (player, opponent, digits);
  for (int f = 0; f < MM_EVAL_N_FEATURES; f++)
    score += w[weights->pattern_offsets[features[f].pattern]
               + mm_eval_feature_index (&features[f], digits)];
  return score;
}

static inline int
mm_eval_inline (const MmEvalWeights *weights,
                uint64_t             player,
                uint64_t             opponent)
{
  const int16_t *w = weights->stages
                     + (size_t) mm_eval_stage (player, opponent) * weights->stage_size;
  int mobility = mm_popcount (mm_moves_of (player, opponent));
  int opponent_mobility = mm_popcount (mm_moves_of (opponent, player));
  int score = mm_eval_patterns_sum (weights, w, player, opponent);

  if (mobility >= MM_EVAL_MOBILITY_SIZE)
    mobility = MM_EVAL_MOBILITY_SIZE - 1;
  if (opponent_mobility >= MM_EVAL_MOBILITY_SIZE)
    opponent_mobility = MM_EVAL_MOBILITY_SIZE - 1;
  score += w[weights->mobility_offset + (size_t) mobility];
  score += w[weights->mobility_offset + MM_EVAL_MOBILITY_SIZE + (size_t) opponent_mobility];
  score += w[weights->bias_offset];

  return score;
}
