/* mm-train-eval.h
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
#include "mm-train-samples.h"

G_BEGIN_DECLS

/* An evaluation to measure: the trained weights, the hand-written one, or
 * none at all (always 0); scores in 1/MM_EVAL_SCALE disc. */
typedef struct
{
  const char          *name;
  int                (*evaluate) (const MmEvalWeights *weights,
                                  guint64              player,
                                  guint64              opponent);
  const MmEvalWeights *weights;
} MmTrainEvaluator;

MmTrainEvaluator mm_train_evaluator_zero      (void);
MmTrainEvaluator mm_train_evaluator_simple    (void);
MmTrainEvaluator mm_train_evaluator_weights   (const char          *name,
                                               const MmEvalWeights *weights);

static inline int
mm_train_evaluate (const MmTrainEvaluator *evaluator,
                   guint64                 player,
                   guint64                 opponent)
{
  return evaluator->evaluate (evaluator->weights, player, opponent);
}

/* The mean absolute error, in discs, of an evaluation on the held-out
 * positions, per stage and over all of them. */
typedef struct
{
  double mae[MM_EVAL_N_STAGES];
  gsize  count[MM_EVAL_N_STAGES];
  double overall;
} MmTrainErrors;

void mm_train_validation_errors (const MmTrainSampleSet *set,
                                 guint                   validation_every,
                                 const MmTrainEvaluator *evaluator,
                                 MmTrainErrors          *errors);

/* The head of a Markdown table of errors: @first (its first columns,
 * three of them, as "| a | b | c |"), then a column for each of @names. */
void mm_train_print_table_head (FILE                   *out,
                                const char             *first,
                                const char             *names[],
                                int                     n_columns);

G_END_DECLS
