/* mm-eval.h
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
#include <stddef.h>
#include <stdint.h>

#include "mm-board.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The evaluation: a sum of weights looked up by the contents of fixed
 * groups of squares (patterns: corners, edges, lines, diagonals) plus
 * weights for the mobility of each side, learnt from games for each stage
 * of the game (tools/train).  Squares are read relative to the side to
 * move: 0 empty, 1 the player's, 2 the opponent's, and a pattern's index
 * is its squares read as a base-3 number, first square most significant.
 *
 * Scores are in 1/MM_EVAL_SCALE of a disc, for the side to move. */

#define MM_EVAL_SCALE          64
#define MM_EVAL_N_FEATURES     46
#define MM_EVAL_N_PATTERNS     11
#define MM_EVAL_MAX_SQUARES    10
#define MM_EVAL_MOBILITY_SIZE  36
/* A set of weights for each MM_EVAL_STAGE_DISCS discs on the board,
 * from the 4 of the start; the last stage takes the full board too. */
#define MM_EVAL_STAGE_DISCS    4
#define MM_EVAL_N_STAGES       (60 / MM_EVAL_STAGE_DISCS)
#define MM_EVAL_FILE_VERSION   1

typedef struct
{
  const char *name;
  int         n_squares;
  int         n_instances;
  int         size;          /* 3^n_squares */
} MmEvalPattern;

typedef struct
{
  int pattern;               /* index into mm_eval_patterns */
  int symmetry;              /* of the board that places the pattern here */
  int n_squares;
  int squares[MM_EVAL_MAX_SQUARES];
} MmEvalFeature;

/* The pattern types and their 46 placements on the board (all the
 * symmetric copies of each pattern). */
extern const MmEvalPattern mm_eval_patterns[MM_EVAL_N_PATTERNS];
const MmEvalFeature *mm_eval_features (void);

/* The weights of one stage, laid out pattern after pattern, then the
 * player's mobility, the opponent's mobility and a constant. */
#define MM_EVAL_STAGE_SIZE mm_eval_stage_size ()
size_t   mm_eval_stage_size       (void);
size_t   mm_eval_pattern_offset   (int pattern);
size_t   mm_eval_mobility_offset  (void);
size_t   mm_eval_bias_offset      (void);

/* The stage of a position: by the number of discs on the board. */
static inline int
mm_eval_stage (uint64_t player,
               uint64_t opponent)
{
  int discs = mm_popcount (player | opponent);
  int stage = (discs - 4) / MM_EVAL_STAGE_DISCS;

  return stage < 0 ? 0 : stage >= MM_EVAL_N_STAGES ? MM_EVAL_N_STAGES - 1 : stage;
}

/* The index of every feature of a position; the trainer reads these too. */
void     mm_eval_feature_indices  (uint64_t        player,
                                   uint64_t        opponent,
                                   uint32_t        indices[MM_EVAL_N_FEATURES]);

typedef struct _MmEvalWeights MmEvalWeights;

typedef enum
{
  MM_EVAL_OK = 0,
  MM_EVAL_ERROR_OPEN,        /* the file cannot be read */
  MM_EVAL_ERROR_FORMAT,      /* not a weights file, or truncated */
  MM_EVAL_ERROR_VERSION,     /* a version this program does not read */
  MM_EVAL_ERROR_CHECKSUM,    /* damaged */
  MM_EVAL_ERROR_MEMORY,
} MmEvalError;

MmEvalWeights *mm_eval_weights_load        (const char          *path,
                                            MmEvalError         *error);
MmEvalWeights *mm_eval_weights_from_data   (const uint8_t       *data,
                                            size_t               length,
                                            MmEvalError         *error);
MmEvalWeights *mm_eval_weights_new_zero    (void);
void           mm_eval_weights_free        (MmEvalWeights       *weights);
const char    *mm_eval_error_message       (MmEvalError          error);
int16_t       *mm_eval_weights_stage       (MmEvalWeights       *weights,
                                            int                  stage);

/* Writes @weights in the file format (for the trainer and the tests).
 * Returns the number of bytes, or 0 when @out is too small; with @out NULL
 * it returns the size needed. */
size_t         mm_eval_weights_serialize   (const MmEvalWeights *weights,
                                            uint8_t             *out,
                                            size_t               capacity);

/* The score of a position for the side to move. */
int            mm_eval                     (const MmEvalWeights *weights,
                                            uint64_t             player,
                                            uint64_t             opponent);

/* A small evaluation written by hand (mobility, corners, frontier), for
 * when no trained weights exist yet; same scale as mm_eval(). */
int            mm_eval_simple              (uint64_t             player,
                                            uint64_t             opponent);

uint32_t       mm_crc32                    (const uint8_t       *data,
                                            size_t               length);

#ifdef __cplusplus
}
#endif
