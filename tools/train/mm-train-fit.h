/* mm-train-fit.h
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

#include <glib.h>

#include "mm-eval.h"
#include "mm-train-samples.h"

G_BEGIN_DECLS

typedef struct
{
  double   lambda;             /* L2 regularisation, per weight, in discs^2 */
  int      min_count;          /* pattern contents seen fewer times keep weight 0 */
  int      max_iterations;     /* of conjugate gradient, per stage */
  double   tolerance;          /* stop when the residual fell by this factor */
  int      spread;             /* also learn from positions this many discs outside a stage */
  double   outcome_weight;     /* target: this share of the game's result, the rest
                                * the label (a search's score) */
  guint    validation_every;   /* games g with g % validation_every == 0 are held out */
  int      n_threads;
  gboolean verbose;
} MmTrainFitOptions;

typedef struct
{
  gsize  n_samples;            /* training positions, spread included */
  gsize  n_active;             /* weights that were fitted */
  int    iterations;
  double train_mae;            /* in discs, before rounding */
  double seconds;
} MmTrainStageStats;

typedef struct
{
  MmTrainStageStats stages[MM_EVAL_N_STAGES];
  double            seconds;
} MmTrainFitStats;

void           mm_train_fit_options_init  (MmTrainFitOptions       *options);
MmEvalWeights *mm_train_fit               (const MmTrainSampleSet  *set,
                                           const MmTrainFitOptions *options,
                                           MmTrainFitStats         *stats);

/* For each weight of a stage, the weight it must equal: the contents of a
 * pattern and their mirror image under a symmetry that maps the pattern
 * onto itself share one weight. */
guint32       *mm_train_canonical_map     (void);

G_END_DECLS
