/* test-train-slice.c
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

/* The trainer on a small slice of the archive: the file it writes loads
 * and holds what was trained, the held-out error beats zero weights, the
 * same data give the same file whatever the number of threads, and the
 * evaluation is symmetric.  This program needs ../shared/data and is
 * skipped without it. */

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "mm-search.h"
#include "mm-test-data.h"
#include "mm-train-exact.h"
#include "mm-train.h"
#include "train-test-util.h"

#define SLICE_GAMES 400
#define SLICE_EXACT_EMPTIES 10

static char *games_path;

typedef struct
{
  MmEvalWeights *weights;
  MmTrainReport  report;
  GBytes        *file;
} SliceTraining;

static SliceTraining slice;

static void
slice_options (MmTrainOptions *options,
               int             n_threads)
{
  mm_train_options_init (options);
  options->games_path = games_path;
  options->max_games = SLICE_GAMES;
  options->label.exact_empties = SLICE_EXACT_EMPTIES;
  options->label.n_threads = n_threads;
  options->fit.n_threads = n_threads;
}

/* Trains once, through the file as the program does; the tests share it. */
static const SliceTraining *
train_slice (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *output = NULL;
  g_autofree char *contents = NULL;
  MmTrainOptions options;
  gsize length;

  if (slice.weights != NULL)
    return &slice;

  dir = g_dir_make_tmp ("mm-train-XXXXXX", &error);
  g_assert_no_error (error);
  output = g_build_filename (dir, "eval.mmw", NULL);

  slice_options (&options, 2);
  options.output_path = output;
  slice.weights = mm_train_run (&options, &slice.report, &error);
  g_assert_no_error (error);
  g_assert_nonnull (slice.weights);

  g_file_get_contents (output, &contents, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (length, ==, slice.report.file_size);
  slice.file = g_bytes_new_take (g_steal_pointer (&contents), length);
  g_unlink (output);
  g_rmdir (dir);
  return &slice;
}

static void
test_slice_training (void)
{
  const SliceTraining *trained = train_slice ();
  const MmTrainReport *report = &trained->report;
  MmEvalError error = MM_EVAL_OK;
  MmEvalWeights *loaded;

  g_assert_cmpuint (report->n_games, ==, SLICE_GAMES);
  g_assert_cmpuint (report->n_rejected, ==, 0);
  g_assert_cmpuint (report->n_validation_samples, >, 1000);
  g_assert_cmpuint (report->label.n_solved, >, 0);

  /* The file loads and holds exactly the weights that were trained. */
  loaded = mm_eval_weights_from_data (g_bytes_get_data (trained->file, NULL),
                                      g_bytes_get_size (trained->file), &error);
  g_assert_cmpint (error, ==, MM_EVAL_OK);
  g_assert_nonnull (loaded);
  for (int stage = 0; stage < MM_EVAL_N_STAGES; stage++)
    g_assert_cmpmem (mm_eval_weights_stage (loaded, stage), mm_eval_stage_size () * 2,
                     mm_eval_weights_stage (trained->weights, stage),
                     mm_eval_stage_size () * 2);
  mm_eval_weights_free (loaded);

  /* Learning from 360 games must beat knowing nothing, on the whole and
   * in every stage from 40 discs, where the patterns say the most. */
  g_test_message ("validation error: zero weights %.2f, hand-written %.2f, trained %.2f discs",
                  report->zero.overall, report->simple.overall, report->trained.overall);
  g_assert_cmpfloat (report->trained.overall, <, report->zero.overall - 2.0);
  for (int stage = (40 - 4) / MM_EVAL_STAGE_DISCS; stage < MM_EVAL_N_STAGES; stage++)
    g_assert_cmpfloat (report->trained.mae[stage], <, report->zero.mae[stage]);
}

/* The same data give the same file, whatever the number of threads. */
static void
test_slice_deterministic (void)
{
  const SliceTraining *trained = train_slice ();
  g_autoptr(GError) error = NULL;
  MmTrainOptions options;
  MmTrainReport report;
  MmEvalWeights *again;
  gsize length = g_bytes_get_size (trained->file);
  g_autofree guint8 *data = g_malloc (length);

  slice_options (&options, 1);
  again = mm_train_run (&options, &report, &error);
  g_assert_no_error (error);
  g_assert_nonnull (again);

  g_assert_cmpuint (mm_eval_weights_serialize (again, NULL, 0), ==, length);
  g_assert_cmpuint (mm_eval_weights_serialize (again, data, length), ==, length);
  g_assert_cmpmem (data, length, g_bytes_get_data (trained->file, NULL), length);
  mm_eval_weights_free (again);
}

#define SEARCH_GAMES 60
#define SEARCH_DEPTH 2

static void
load_search_labelled (MmTrainSampleSet *set,
                      int               n_threads)
{
  g_autoptr(GError) error = NULL;
  MmTrainOptions options;
  MmTrainReport report = { 0 };

  slice_options (&options, n_threads);
  options.max_games = SEARCH_GAMES;
  options.label.search_depth = SEARCH_DEPTH;
  options.verbose = FALSE;
  g_assert_true (mm_train_load_samples (&options, set, &report, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (report.label.n_searched, >, 0);
}

/* Labels from a search: the positions before the exact ones take the
 * score a search gives them (the first of a game searched on a clear
 * table, as the labeller does), the game's result is kept beside, and
 * the labels do not depend on the number of threads. */
static void
test_slice_search_labels (void)
{
  MmTrainSampleSet one = { 0 }, two = { 0 };
  MmSearch *search = mm_search_new ((gsize) 8 << 20);
  MmSearchLimits limits = { .max_depth = SEARCH_DEPTH };
  guint n_differ = 0;

  load_search_labelled (&one, 1);
  load_search_labelled (&two, 2);
  g_assert_cmpuint (one.n_samples, ==, two.n_samples);
  g_assert_cmpmem (one.samples, one.n_samples * sizeof (MmTrainSample), two.samples,
                   two.n_samples * sizeof (MmTrainSample));

  for (guint g = 0; g < one.n_games; g++)
    {
      const MmTrainSample *first = &one.samples[one.game_start[g]];
      MmBoard board = { first->player, first->opponent };
      MmSearchResult result;

      g_assert_cmpuint (first->empties, >, SLICE_EXACT_EMPTIES);
      mm_search_clear (search);
      mm_search_run (search, &board, &limits, NULL, NULL, &result);
      g_assert_cmpint (first->label, ==, (int) lround ((double) result.score / MM_EVAL_SCALE));
    }
  for (gsize i = 0; i < one.n_samples; i++)
    {
      const MmTrainSample *sample = &one.samples[i];

      if (sample->exact)
        g_assert_cmpint (sample->label, ==, sample->outcome);
      else
        n_differ += sample->label != sample->outcome;
    }
  /* A depth-2 search is not the game's result. */
  g_assert_cmpuint (n_differ, >, one.n_samples / 2);
  mm_search_free (search);
  mm_train_samples_clear (&one);
  mm_train_samples_clear (&two);
}

/* Fitting the game's result alone (--outcome-weight 1) from
 * search-labelled positions gives the weights of the results: the
 * result is kept beside the search's label unchanged. */
static void
test_slice_outcome_weight (void)
{
  g_autoptr(GError) error = NULL;
  MmTrainSampleSet plain = { 0 }, searched = { 0 };
  MmTrainOptions options;
  MmTrainReport report = { 0 };
  MmTrainFitStats stats;
  MmEvalWeights *from_plain, *from_searched;
  gsize size;
  g_autofree guint8 *a = NULL, *b = NULL;

  slice_options (&options, 2);
  options.max_games = SEARCH_GAMES;
  g_assert_true (mm_train_load_samples (&options, &plain, &report, &error));
  g_assert_no_error (error);
  load_search_labelled (&searched, 2);

  from_plain = mm_train_fit (&plain, &options.fit, &stats);
  options.fit.outcome_weight = 1.0;
  from_searched = mm_train_fit (&searched, &options.fit, &stats);
  size = mm_eval_weights_serialize (from_plain, NULL, 0);
  g_assert_cmpuint (mm_eval_weights_serialize (from_searched, NULL, 0), ==, size);
  a = g_malloc (size);
  b = g_malloc (size);
  mm_eval_weights_serialize (from_plain, a, size);
  mm_eval_weights_serialize (from_searched, b, size);
  g_assert_cmpmem (a, size, b, size);

  /* And the search's labels give other weights. */
  options.fit.outcome_weight = 0.0;
  mm_eval_weights_free (from_searched);
  from_searched = mm_train_fit (&searched, &options.fit, &stats);
  mm_eval_weights_serialize (from_searched, b, size);
  g_assert_true (memcmp (a, b, size) != 0);

  mm_eval_weights_free (from_plain);
  mm_eval_weights_free (from_searched);
  mm_train_samples_clear (&plain);
  mm_train_samples_clear (&searched);
}

/* The positions solved exactly to measure an evaluation against: as
 * many of each number of empties as asked, each of another held-out
 * game, and the committed weights far closer to perfect play than the
 * hand-written evaluation. */
static void
test_exact_error (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (MM_TEST_SOURCE_ROOT, "data", "eval", "eval.mmw",
                                            NULL);
  MmEvalError failure = MM_EVAL_OK;
  MmEvalWeights *weights = mm_eval_weights_load (path, &failure);
  MmTrainEvaluator simple = mm_train_evaluator_simple ();
  MmTrainEvaluator trained = mm_train_evaluator_weights ("committed", weights);
  MmTrainExactOptions options;
  MmTrainExactSet exact;
  MmTrainExactErrors simple_errors, trained_errors;
  int per[MM_TRAIN_MAX_MOVES + 1] = { 0 };

  g_assert_nonnull (weights);
  mm_train_exact_options_init (&options);
  options.games_path = games_path;
  options.min_empties = 12;
  options.max_empties = 14;
  options.per_empties = 8;
  g_assert_true (mm_train_exact_collect (&options, &exact, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (exact.set.n_samples, ==, 3 * 8);
  for (gsize i = 0; i < exact.set.n_samples; i++)
    {
      const MmTrainSample *sample = &exact.set.samples[i];

      g_assert_true (mm_train_sample_is_validation (sample, options.validation_every));
      g_assert_true (sample->exact);
      per[sample->empties]++;
      if (i > 0)
        g_assert_cmpuint (sample->game, >, exact.set.samples[i - 1].game);
    }
  for (int e = 12; e <= 14; e++)
    g_assert_cmpint (per[e], ==, 8);

  mm_train_exact_errors (&exact, &simple, 0, &simple_errors);
  mm_train_exact_errors (&exact, &trained, 0, &trained_errors);
  g_test_message ("error against perfect play: hand-written %.2f, committed %.2f discs",
                  simple_errors.overall, trained_errors.overall);
  g_assert_cmpfloat (trained_errors.overall, <, simple_errors.overall / 2);
  mm_train_exact_clear (&exact);
  mm_eval_weights_free (weights);
}

static void
test_slice_symmetric (void)
{
  train_test_assert_symmetric (train_slice ()->weights);
}

int
main (int    argc,
      char **argv)
{
  int status;

  g_test_init (&argc, &argv, NULL);
  games_path = mm_test_data_require (MM_TEST_WTHOR_GAMES);

  g_test_add_func ("/train/slice/train", test_slice_training);
  g_test_add_func ("/train/slice/deterministic", test_slice_deterministic);
  g_test_add_func ("/train/slice/symmetric", test_slice_symmetric);
  g_test_add_func ("/train/slice/search-labels", test_slice_search_labels);
  g_test_add_func ("/train/slice/outcome-weight", test_slice_outcome_weight);
  g_test_add_func ("/train/exact-error", test_exact_error);
  status = g_test_run ();

  mm_eval_weights_free (slice.weights);
  g_clear_pointer (&slice.file, g_bytes_unref);
  g_free (games_path);
  return status;
}
