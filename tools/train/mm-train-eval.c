/* mm-train-eval.c
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

/* The evaluations the trainer compares, and their error on the held-out
 * games.  The error of the trained weights is measured through mm_eval()
 * itself, after rounding, so it is the error of what the engine plays with. */

#include "mm-train-eval.h"

#include <math.h>

static int
evaluate_zero (const MmEvalWeights *weights,
               guint64              player,
               guint64              opponent)
{
  return 0;
}

static int
evaluate_simple (const MmEvalWeights *weights,
                 guint64              player,
                 guint64              opponent)
{
  return mm_eval_simple (player, opponent);
}

MmTrainEvaluator
mm_train_evaluator_zero (void)
{
  MmTrainEvaluator evaluator = { "zero weights", evaluate_zero, NULL };

  return evaluator;
}

MmTrainEvaluator
mm_train_evaluator_simple (void)
{
  MmTrainEvaluator evaluator = { "hand-written (mm_eval_simple)", evaluate_simple, NULL };

  return evaluator;
}

MmTrainEvaluator
mm_train_evaluator_weights (const char          *name,
                            const MmEvalWeights *weights)
{
  MmTrainEvaluator evaluator = { name, mm_eval, weights };

  return evaluator;
}

void
mm_train_validation_errors (const MmTrainSampleSet *set,
                            guint                   validation_every,
                            const MmTrainEvaluator *evaluator,
                            MmTrainErrors          *errors)
{
  double sum[MM_EVAL_N_STAGES] = { 0 }, total = 0.0;
  gsize n_total = 0;

  for (int s = 0; s < MM_EVAL_N_STAGES; s++)
    errors->count[s] = 0;
  for (gsize i = 0; i < set->n_samples; i++)
    {
      const MmTrainSample *sample = &set->samples[i];
      int stage;
      double error;

      if (!mm_train_sample_is_validation (sample, validation_every))
        continue;
      stage = mm_eval_stage (sample->player, sample->opponent);
      error = fabs ((double) mm_train_evaluate (evaluator, sample->player, sample->opponent)
                    / MM_EVAL_SCALE - sample->label);
      sum[stage] += error;
      errors->count[stage]++;
    }
  for (int s = 0; s < MM_EVAL_N_STAGES; s++)
    {
      errors->mae[s] = errors->count[s] > 0 ? sum[s] / (double) errors->count[s] : 0.0;
      total += sum[s];
      n_total += errors->count[s];
    }
  errors->overall = n_total > 0 ? total / (double) n_total : 0.0;
}

void
mm_train_print_table_head (FILE        *out,
                           const char  *first,
                           const char  *names[],
                           int          n_columns)
{
  fputs (first, out);
  for (int c = 0; c < n_columns; c++)
    fprintf (out, " %s |", names[c]);
  fprintf (out, "\n| ---: | ---: | ---: |");
  for (int c = 0; c < n_columns; c++)
    fprintf (out, " ---: |");
  fputc ('\n', out);
}
