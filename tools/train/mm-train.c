/* mm-train.c
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

/* The training from start to end; the program and the tests call it. */

#include "mm-train.h"

#include <string.h>

static double
seconds_now (void)
{
  return (double) g_get_monotonic_time () / 1e6;
}

void
mm_train_options_init (MmTrainOptions *options)
{
  memset (options, 0, sizeof *options);
  options->label.exact_empties = 14;
  options->label.propagate = TRUE;
  options->label.n_threads = 2;
  mm_train_fit_options_init (&options->fit);
}

static void
count_validation_samples (const MmTrainSampleSet *set,
                          const MmTrainOptions   *options,
                          MmTrainReport          *report)
{
  report->n_validation_samples = 0;
  for (gsize i = 0; i < set->n_samples; i++)
    report->n_validation_samples +=
      mm_train_sample_is_validation (&set->samples[i], options->fit.validation_every);
}

/* Reads and labels the games: the part that both training and measuring
 * a weights file need. */
gboolean
mm_train_load_samples (const MmTrainOptions *options,
                       MmTrainSampleSet     *set,
                       MmTrainReport        *report,
                       GError              **error)
{
  MmTrainGameSet games = { 0 };
  MmTrainLabelOptions label = options->label;
  double started = seconds_now ();
  g_autofree char *key = g_strdup_printf ("games=%s extra=%s max=%u exact=%d propagate=%d"
                                          " search=%d weights=%s",
                                          options->games_path,
                                          options->extra_games_path != NULL
                                          ? options->extra_games_path : "",
                                          options->max_games,
                                          options->label.exact_empties,
                                          options->label.propagate,
                                          options->label.search_depth,
                                          options->search_weights_id != NULL
                                          ? options->search_weights_id : "built-in");
  gboolean ok;

  if (options->samples_cache != NULL
      && mm_train_samples_load (set, &report->label, key, options->samples_cache))
    {
      report->n_games = set->n_games;
      report->n_samples = set->n_samples;
      count_validation_samples (set, options, report);
      if (options->verbose)
        g_printerr ("read %" G_GSIZE_FORMAT " labelled positions from %s\n",
                    set->n_samples, options->samples_cache);
      return TRUE;
    }

  if (!mm_train_games_read (options->games_path, options->max_games, &games, error)
      || (options->extra_games_path != NULL
          && !mm_train_games_append (options->extra_games_path, &games, error)))
    {
      mm_train_games_clear (&games);
      return FALSE;
    }
  report->n_games = games.games->len;
  report->n_extra_games = games.first_extra < games.games->len
                          ? games.games->len - games.first_extra : 0;
  report->n_rejected = games.n_rejected;
  mm_train_samples_extract (&games, set);
  mm_train_games_clear (&games);
  report->n_samples = set->n_samples;
  count_validation_samples (set, options, report);
  report->read_seconds = seconds_now () - started;
  if (options->verbose)
    g_printerr ("read %u games (%u of them extra, %u rejected), %" G_GSIZE_FORMAT " positions, "
                "%" G_GSIZE_FORMAT " of them held out, in %.1f s\n",
                report->n_games, report->n_extra_games, report->n_rejected, report->n_samples,
                report->n_validation_samples, report->read_seconds);

  label.verbose = options->verbose;
  ok = mm_train_samples_solve (set, &label, &report->label, error);
  if (ok && options->verbose)
    g_printerr ("solved %" G_GUINT64_FORMAT " positions with at most %d empties in %.1f s; "
                "%u games end otherwise with perfect play\n",
                report->label.n_solved, options->label.exact_empties, report->label.seconds,
                report->label.n_corrected_games);
  if (ok && options->verbose && options->label.search_depth > 0)
    g_printerr ("searched %" G_GUINT64_FORMAT " positions at depth %d for their labels\n",
                report->label.n_searched, options->label.search_depth);
  if (ok && options->samples_cache != NULL)
    ok = mm_train_samples_save (set, &report->label, key, options->samples_cache, error);
  return ok;
}

gboolean
mm_train_write_weights (const MmEvalWeights  *weights,
                        const char           *path,
                        gsize                *size,
                        GError              **error)
{
  gsize length = mm_eval_weights_serialize (weights, NULL, 0);
  guint8 *data = g_malloc (length);
  gboolean ok;

  if (mm_eval_weights_serialize (weights, data, length) != length)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   "the weights could not be written in the file format");
      g_free (data);
      return FALSE;
    }
  /* Written to a temporary file and renamed: never half a weights file. */
  ok = g_file_set_contents (path, (const char *) data, (gssize) length, error);
  g_free (data);
  if (ok && size != NULL)
    *size = length;
  return ok;
}

MmEvalWeights *
mm_train_run (const MmTrainOptions *options,
              MmTrainReport        *report,
              GError              **error)
{
  MmTrainSampleSet set = { 0 };
  MmTrainFitOptions fit = options->fit;
  MmTrainEvaluator zero = mm_train_evaluator_zero ();
  MmTrainEvaluator simple = mm_train_evaluator_simple ();
  MmTrainEvaluator trained;
  MmEvalWeights *weights;
  double started = seconds_now ();

  memset (report, 0, sizeof *report);
  if (!mm_train_load_samples (options, &set, report, error))
    {
      mm_train_samples_clear (&set);
      return NULL;
    }

  fit.verbose = options->verbose;
  weights = mm_train_fit (&set, &fit, &report->fit);
  if (options->verbose)
    g_printerr ("fitted %d stages in %.1f s\n", MM_EVAL_N_STAGES, report->fit.seconds);

  trained = mm_train_evaluator_weights ("trained", weights);
  mm_train_validation_errors (&set, fit.validation_every, &zero, &report->zero);
  mm_train_validation_errors (&set, fit.validation_every, &simple, &report->simple);
  mm_train_validation_errors (&set, fit.validation_every, &trained, &report->trained);
  mm_train_samples_clear (&set);

  if (options->output_path != NULL
      && !mm_train_write_weights (weights, options->output_path, &report->file_size, error))
    {
      mm_eval_weights_free (weights);
      return NULL;
    }
  report->seconds = seconds_now () - started;
  return weights;
}

/* A table of validation errors, one row per stage, one column per
 * evaluation, in the Markdown that docs/TRAINING.md uses. */
void
mm_train_print_errors (FILE                 *out,
                       const MmTrainErrors  *columns[],
                       const char           *names[],
                       int                   n_columns)
{
  mm_train_print_table_head (out, "| stage | discs | positions |", names, n_columns);

  for (int s = 0; s < MM_EVAL_N_STAGES; s++)
    {
      int low = 4 + MM_EVAL_STAGE_DISCS * s;
      int high = s == MM_EVAL_N_STAGES - 1 ? 64 : low + MM_EVAL_STAGE_DISCS - 1;

      fprintf (out, "| %d | %d-%d | %" G_GSIZE_FORMAT " |", s, low, high, columns[0]->count[s]);
      for (int c = 0; c < n_columns; c++)
        fprintf (out, " %.2f |", columns[c]->mae[s]);
      fputc ('\n', out);
    }
  fprintf (out, "| all | | |");
  for (int c = 0; c < n_columns; c++)
    fprintf (out, " %.2f |", columns[c]->overall);
  fputc ('\n', out);
}

void
mm_train_print_report (FILE                *out,
                       const MmTrainReport *report)
{
  const MmTrainErrors *columns[] = { &report->zero, &report->simple, &report->trained };
  const char *names[] = { "zero weights", "hand-written", "trained" };

  fprintf (out, "games: %u (%u of them extra, never held out; %u rejected), positions: %"
           G_GSIZE_FORMAT " (%" G_GSIZE_FORMAT " held out)\n",
           report->n_games, report->n_extra_games, report->n_rejected, report->n_samples,
           report->n_validation_samples);
  fprintf (out, "exact labels: %" G_GUINT64_FORMAT " positions solved in %.1f s "
           "(%" G_GUINT64_FORMAT " nodes)\n",
           report->label.n_solved, report->label.seconds, report->label.nodes);
  fprintf (out, "fit: %.1f s; total %.1f s\n", report->fit.seconds, report->seconds);
  if (report->file_size > 0)
    fprintf (out, "weights file: %" G_GSIZE_FORMAT " bytes\n", report->file_size);
  fprintf (out, "\nValidation mean absolute error (discs), held-out games:\n\n");
  mm_train_print_errors (out, columns, names, G_N_ELEMENTS (columns));
}
