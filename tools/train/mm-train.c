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

/* What labelled samples came from, as a cache names them; @extra_path
 * the extra games' file or "". */
static char *
cache_key (const MmTrainOptions *options,
           const char           *extra_path)
{
  return g_strdup_printf ("games=%s extra=%s max=%u exact=%d propagate=%d search=%d weights=%s",
                          options->games_path, extra_path, options->max_games,
                          options->label.exact_empties, options->label.propagate,
                          options->label.search_depth,
                          options->search_weights_id != NULL
                          ? options->search_weights_id : "built-in");
}

/* Extracts and labels the positions of @games into @set. */
static gboolean
label_games (const MmTrainOptions *options,
             const MmTrainGameSet *games,
             MmTrainSampleSet     *set,
             MmTrainLabelStats    *stats,
             GError              **error)
{
  MmTrainLabelOptions label = options->label;
  gboolean ok;

  mm_train_samples_extract (games, set);
  label.verbose = options->verbose;
  ok = mm_train_samples_solve (set, &label, stats, error);
  if (ok && options->verbose)
    g_printerr ("solved %" G_GUINT64_FORMAT " positions with at most %d empties in %.1f s; "
                "%u games end otherwise with perfect play\n",
                stats->n_solved, options->label.exact_empties, stats->seconds,
                stats->n_corrected_games);
  if (ok && options->verbose && options->label.search_depth > 0)
    g_printerr ("searched %" G_GUINT64_FORMAT " positions at depth %d for their labels\n",
                stats->n_searched, options->label.search_depth);
  return ok;
}

/* The positions of the extra games, labelled, after those of @set (the
 * archive's, read from its cache): labelled alone, and kept in a cache
 * of their own beside it, so that adding or changing extra games never
 * labels the archive again (most of the work with search labels). */
static gboolean
append_extra_samples (const MmTrainOptions *options,
                      MmTrainSampleSet     *set,
                      MmTrainReport        *report,
                      GError              **error)
{
  g_autofree char *key = cache_key (options, options->extra_games_path);
  g_autofree char *path = g_strconcat (options->samples_cache, "-extra", NULL);
  MmTrainSampleSet extra = { 0 };
  MmTrainLabelStats stats = { 0 };
  MmTrainGameSet games = { 0 };
  guint n_games = set->n_games;
  gsize n_samples = set->n_samples;

  if (!mm_train_samples_load (&extra, &stats, key, path))
    {
      gboolean ok;

      games.games = g_array_new (FALSE, FALSE, sizeof (MmTrainGame));
      games.first_extra = 0;
      ok = mm_train_games_append (options->extra_games_path, &games, error);
      report->n_rejected += games.n_rejected;
      ok = ok && label_games (options, &games, &extra, &stats, error)
           && mm_train_samples_save (&extra, &stats, key, path, error);
      mm_train_games_clear (&games);
      if (!ok)
        {
          mm_train_samples_clear (&extra);
          return FALSE;
        }
    }
  else if (options->verbose)
    g_printerr ("read %" G_GSIZE_FORMAT " labelled positions of extra games from %s\n",
                extra.n_samples, path);

  /* Numbered after the archive's games, as one reading of both would. */
  set->samples = g_renew (MmTrainSample, set->samples, n_samples + MAX (extra.n_samples, 1));
  set->game_start = g_renew (gsize, set->game_start, n_games + extra.n_games + 1);
  for (gsize i = 0; i < extra.n_samples; i++)
    {
      MmTrainSample sample = extra.samples[i];

      sample.game = (n_games + (sample.game & ~MM_TRAIN_GAME_EXTRA)) | MM_TRAIN_GAME_EXTRA;
      set->samples[n_samples + i] = sample;
    }
  for (guint g = 0; g <= extra.n_games; g++)
    set->game_start[n_games + g] = n_samples + extra.game_start[g];
  set->n_games += extra.n_games;
  set->n_samples += extra.n_samples;
  report->n_extra_games = extra.n_games;
  report->label.n_solved += stats.n_solved;
  report->label.n_searched += stats.n_searched;
  report->label.nodes += stats.nodes;
  report->label.n_corrected_games += stats.n_corrected_games;
  report->label.seconds += stats.seconds;
  mm_train_samples_clear (&extra);
  return TRUE;
}

/* Reads and labels the games: the part that both training and measuring
 * a weights file need.  With a cache, the archive's labelled positions
 * are kept in it and the extra games' beside it. */
gboolean
mm_train_load_samples (const MmTrainOptions *options,
                       MmTrainSampleSet     *set,
                       MmTrainReport        *report,
                       GError              **error)
{
  MmTrainGameSet games = { 0 };
  double started = seconds_now ();
  g_autofree char *key = cache_key (options, "");
  gboolean ok;

  if (options->samples_cache != NULL
      && mm_train_samples_load (set, &report->label, key, options->samples_cache))
    {
      if (options->verbose)
        g_printerr ("read %" G_GSIZE_FORMAT " labelled positions from %s\n",
                    set->n_samples, options->samples_cache);
      ok = options->extra_games_path == NULL
           || append_extra_samples (options, set, report, error);
      report->n_games = set->n_games;
      report->n_samples = set->n_samples;
      count_validation_samples (set, options, report);
      return ok;
    }

  /* Without a cache, the archive and the extra games are labelled
   * together; with one, the archive alone first, so that it can be
   * kept apart. */
  if (!mm_train_games_read (options->games_path, options->max_games, &games, error)
      || (options->extra_games_path != NULL && options->samples_cache == NULL
          && !mm_train_games_append (options->extra_games_path, &games, error)))
    {
      mm_train_games_clear (&games);
      return FALSE;
    }
  report->n_games = games.games->len;
  report->n_extra_games = games.first_extra < games.games->len
                          ? games.games->len - games.first_extra : 0;
  report->n_rejected = games.n_rejected;
  if (options->verbose)
    g_printerr ("read %u games (%u of them extra, %u rejected) in %.1f s\n",
                report->n_games, report->n_extra_games, report->n_rejected,
                seconds_now () - started);
  ok = label_games (options, &games, set, &report->label, error);
  mm_train_games_clear (&games);
  report->read_seconds = seconds_now () - started;
  if (ok && options->samples_cache != NULL)
    ok = mm_train_samples_save (set, &report->label, key, options->samples_cache, error)
         && (options->extra_games_path == NULL
             || append_extra_samples (options, set, report, error));
  report->n_games = set->n_games;
  report->n_samples = set->n_samples;
  count_validation_samples (set, options, report);
  if (ok && options->verbose)
    g_printerr ("%" G_GSIZE_FORMAT " positions, %" G_GSIZE_FORMAT " of them held out\n",
                report->n_samples, report->n_validation_samples);
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
