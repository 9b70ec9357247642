/* mm-train-match.h
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

#include <stdio.h>

#include <glib.h>

#include "mm-eval.h"
#include "mm-train-eval.h"

G_BEGIN_DECLS

/* A measuring tool, not the engine's search: two evaluations play each
 * other with the same plain fixed-depth alpha-beta, so that only the
 * evaluation differs. */

/* The best move of the side to move of @board at @depth plies (passes do
 * not count), and its score in 1/MM_EVAL_SCALE disc; MM_SQUARE_PASS when
 * the side to move has no move, MM_SQUARE_NONE when the game is over. */
int mm_train_search_best_move (const MmTrainEvaluator *evaluator,
                               const MmBoard          *board,
                               int                     depth,
                               int                    *score,
                               guint64                *nodes);

/* The next number of a seeded generator (splitmix64) whose sequence is
 * fixed by the initial @state. */
guint64 mm_train_random (guint64 *state);

typedef struct
{
  const char *games_path;      /* the openings come from these games */
  int         depth;
  int         n_openings;      /* each played twice, colours swapped */
  int         opening_plies;   /* openings are the first 8..opening_plies plies */
  int         endgame;         /* both sides solve exactly from this many empties; 0: never */
  int         seed;
  guint       validation_every;  /* openings come from held-out games */
  int         n_threads;
  gboolean    verbose;
} MmTrainMatchOptions;

typedef struct
{
  int     n_games;
  int     wins;                /* of the first evaluation */
  int     draws;
  int     losses;
  double  points;              /* win 1, draw 1/2 */
  double  percent;
  int     disc_sum;            /* sum of the final disc differences */
  guint64 nodes;
  double  seconds;
} MmTrainMatchResult;

void     mm_train_match_options_init (MmTrainMatchOptions       *options);
gboolean mm_train_match_play         (const MmTrainMatchOptions *options,
                                      const MmTrainEvaluator    *first,
                                      const MmTrainEvaluator    *second,
                                      MmTrainMatchResult        *result,
                                      GError                   **error);
gboolean mm_train_match_run          (const MmTrainMatchOptions *options,
                                      const MmEvalWeights       *weights,
                                      MmTrainMatchResult        *result,
                                      GError                   **error);
void     mm_train_match_print        (FILE                      *out,
                                      const MmTrainMatchOptions *options,
                                      const MmTrainEvaluator    *first,
                                      const MmTrainEvaluator    *second,
                                      const MmTrainMatchResult  *result);

G_END_DECLS
