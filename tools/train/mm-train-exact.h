/* mm-train-exact.h
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

#include "mm-train-eval.h"

G_BEGIN_DECLS

/* The error of an evaluation against perfect play: positions of the
 * held-out games, solved exactly, whatever labels the weights were
 * trained on; so that weights trained on different labels compare. */
typedef struct
{
  const char *games_path;
  guint       validation_every;  /* the held-out games: g % validation_every == 0 */
  int         min_empties;
  int         max_empties;
  int         per_empties;       /* positions of each number of empties */
  int         n_threads;
  const char *cache_path;        /* keep the solved positions here; NULL: no */
  gboolean    verbose;
} MmTrainExactOptions;

/* Solved positions, as MmTrainSample with the exact score as label. */
typedef struct
{
  MmTrainSampleSet set;
  double           seconds;
  guint64          nodes;
} MmTrainExactSet;

/* The mean absolute error in discs for each number of empties. */
typedef struct
{
  double mae[MM_TRAIN_MAX_MOVES + 1];
  gsize  count[MM_TRAIN_MAX_MOVES + 1];
  double overall;
} MmTrainExactErrors;

void     mm_train_exact_options_init (MmTrainExactOptions       *options);
gboolean mm_train_exact_collect      (const MmTrainExactOptions *options,
                                      MmTrainExactSet           *exact,
                                      GError                   **error);
void     mm_train_exact_errors       (const MmTrainExactSet     *exact,
                                      const MmTrainEvaluator    *evaluator,
                                      int                        depth,
                                      MmTrainExactErrors        *errors);
void     mm_train_exact_print        (FILE                      *out,
                                      const MmTrainExactOptions *options,
                                      const MmTrainExactErrors  *columns[],
                                      const char                *names[],
                                      int                        n_columns);
void     mm_train_exact_clear        (MmTrainExactSet           *exact);

G_END_DECLS
