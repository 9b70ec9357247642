/* mm-train-exact.c
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

/* The error of an evaluation against perfect play.
 *
 * The validation error of the trainer is measured against the labels the
 * weights were trained on, so two sets of weights trained on different
 * labels (game results, or a search's scores) cannot be compared by it.
 * Here the target is the same for all: positions of the held-out games
 * with 20-odd empties, solved exactly.  Each held-out game gives at most
 * one position, its number of empties taken in turn, so that the
 * positions come from many games. */

#include "mm-train-exact.h"

#include <math.h>
#include <string.h>

#include "mm-search.h"

#define SOLVER_HASH_BYTES ((gsize) 64 << 20)
#define SEARCH_HASH_BYTES ((gsize) 16 << 20)

void
mm_train_exact_options_init (MmTrainExactOptions *options)
{
  memset (options, 0, sizeof *options);
  options->validation_every = 10;
  options->min_empties = 20;
  options->max_empties = 24;
  options->per_empties = 50;
  options->n_threads = 2;
}

static void
pick_positions (const MmTrainExactOptions *options,
                const MmTrainSampleSet    *all,
                MmTrainSampleSet          *picked)
{
  int n_kinds = options->max_empties - options->min_empties + 1;
  gsize capacity = (gsize) n_kinds * (gsize) options->per_empties;
  int taken[MM_TRAIN_MAX_MOVES + 1] = { 0 };
  guint turn = 0;

  picked->samples = g_new (MmTrainSample, MAX (capacity, 1));
  picked->game_start = g_new (gsize, capacity + 1);
  picked->n_samples = 0;
  for (guint g = 0; g < all->n_games && picked->n_samples < capacity; g++)
    {
      int wanted = options->min_empties + (int) (turn % (guint) n_kinds);

      if (options->validation_every == 0 || g % options->validation_every != 0
          || taken[wanted] >= options->per_empties)
        {
          /* A full count passes its turn to the next. */
          if (taken[wanted] >= options->per_empties)
            turn++;
          continue;
        }
      for (gsize i = all->game_start[g]; i < all->game_start[g + 1]; i++)
        if (all->samples[i].empties == wanted)
          {
            picked->game_start[picked->n_samples] = picked->n_samples;
            picked->samples[picked->n_samples++] = all->samples[i];
            taken[wanted]++;
            turn++;
            break;
          }
    }
  picked->n_games = (guint) picked->n_samples;
  picked->game_start[picked->n_samples] = picked->n_samples;
}

typedef struct
{
  MmTrainSampleSet *set;
  gint              next;      /* atomic */
  gint              done;      /* atomic */
  gboolean          verbose;
  GMutex            lock;
  guint64           nodes;     /* under the lock */
} SolveJob;

static gpointer
solve_positions (gpointer data)
{
  SolveJob *job = data;
  MmSearch *search = mm_search_new (SOLVER_HASH_BYTES);
  gint i;

  if (search == NULL)
    return NULL;
  while ((i = g_atomic_int_add (&job->next, 1)) < (gint) job->set->n_samples)
    {
      MmTrainSample *sample = &job->set->samples[i];
      MmBoard board = { sample->player, sample->opponent };
      MmSolveResult result;
      int done;

      mm_endgame_solve (search, &board, &result);
      sample->label = (gint8) result.score;
      sample->outcome = sample->label;
      sample->exact = 1;
      g_mutex_lock (&job->lock);
      job->nodes += result.nodes;
      g_mutex_unlock (&job->lock);
      done = g_atomic_int_add (&job->done, 1) + 1;
      if (job->verbose && done % 10 == 0)
        g_printerr ("\r  solved %d/%" G_GSIZE_FORMAT " positions", done, job->set->n_samples);
    }
  mm_search_free (search);
  return NULL;
}

gboolean
mm_train_exact_collect (const MmTrainExactOptions *options,
                        MmTrainExactSet           *exact,
                        GError                   **error)
{
  g_autofree char *key = g_strdup_printf ("exact games=%s every=%u empties=%d-%d per=%d",
                                          options->games_path, options->validation_every,
                                          options->min_empties, options->max_empties,
                                          options->per_empties);
  MmTrainGameSet games = { 0 };
  MmTrainSampleSet all = { 0 };
  MmTrainLabelStats stats = { 0 };
  SolveJob job = { .set = &exact->set, .verbose = options->verbose };
  GThread **threads;
  double started = g_get_monotonic_time () / 1e6;

  memset (exact, 0, sizeof *exact);
  if (options->min_empties < 1 || options->max_empties > MM_TRAIN_MAX_MOVES
      || options->min_empties > options->max_empties || options->per_empties < 1)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "the empties are 1 to 60, the least first, and at least one position of each");
      return FALSE;
    }
  if (options->cache_path != NULL
      && mm_train_samples_load (&exact->set, &stats, key, options->cache_path))
    {
      exact->seconds = stats.seconds;
      exact->nodes = stats.nodes;
      return TRUE;
    }

  if (!mm_train_games_read (options->games_path, 0, &games, error))
    return FALSE;
  mm_train_samples_extract (&games, &all);
  mm_train_games_clear (&games);
  pick_positions (options, &all, &exact->set);
  mm_train_samples_clear (&all);

  g_mutex_init (&job.lock);
  threads = g_new0 (GThread *, MAX (options->n_threads, 1));
  for (int t = 1; t < options->n_threads; t++)
    threads[t] = g_thread_new ("mm-train-exact", solve_positions, &job);
  solve_positions (&job);
  for (int t = 1; t < options->n_threads; t++)
    g_thread_join (threads[t]);
  g_free (threads);
  g_mutex_clear (&job.lock);
  if (options->verbose)
    g_printerr ("\n");
  if (job.done < (gint) exact->set.n_samples)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM,
                   "not enough memory for the endgame solver's hash tables");
      mm_train_exact_clear (exact);
      return FALSE;
    }
  exact->nodes = job.nodes;
  exact->seconds = g_get_monotonic_time () / 1e6 - started;
  stats.n_solved = exact->set.n_samples;
  stats.nodes = exact->nodes;
  stats.seconds = exact->seconds;
  if (options->cache_path != NULL
      && !mm_train_samples_save (&exact->set, &stats, key, options->cache_path, error))
    return FALSE;
  return TRUE;
}

/* The score of @evaluator for a position: its static evaluation, or at
 * @depth a search with its weights (no exact solve: the point is what
 * the evaluation makes of the position). */
static double
score_of (const MmTrainEvaluator *evaluator,
          MmSearch               *search,
          int                     depth,
          const MmTrainSample    *sample)
{
  MmBoard board = { sample->player, sample->opponent };
  MmSearchLimits limits = { .max_depth = depth };
  MmSearchResult result;

  if (search == NULL)
    return (double) mm_train_evaluate (evaluator, sample->player, sample->opponent)
           / MM_EVAL_SCALE;
  mm_search_clear (search);
  mm_search_run (search, &board, &limits, NULL, NULL, &result);
  return (double) result.score / MM_EVAL_SCALE;
}

void
mm_train_exact_errors (const MmTrainExactSet  *exact,
                       const MmTrainEvaluator *evaluator,
                       int                     depth,
                       MmTrainExactErrors     *errors)
{
  MmSearch *search = NULL;
  double sum[MM_TRAIN_MAX_MOVES + 1] = { 0 }, total = 0.0;

  memset (errors, 0, sizeof *errors);
  if (depth > 0 && evaluator->weights != NULL
      && (search = mm_search_new (SEARCH_HASH_BYTES)) != NULL)
    mm_search_set_weights (search, evaluator->weights);
  for (gsize i = 0; i < exact->set.n_samples; i++)
    {
      const MmTrainSample *sample = &exact->set.samples[i];
      double error = fabs (score_of (evaluator, search, depth, sample) - sample->label);

      sum[sample->empties] += error;
      errors->count[sample->empties]++;
      total += error;
    }
  for (int e = 0; e <= MM_TRAIN_MAX_MOVES; e++)
    errors->mae[e] = errors->count[e] > 0 ? sum[e] / (double) errors->count[e] : 0.0;
  errors->overall = exact->set.n_samples > 0 ? total / (double) exact->set.n_samples : 0.0;
  mm_search_free (search);
}

void
mm_train_exact_print (FILE                      *out,
                      const MmTrainExactOptions *options,
                      const MmTrainExactErrors  *columns[],
                      const char                *names[],
                      int                        n_columns)
{
  mm_train_print_table_head (out, "| empties | stage | positions |", names, n_columns);
  for (int e = options->min_empties; e <= options->max_empties; e++)
    {
      int stage = MIN ((64 - e - 4) / MM_EVAL_STAGE_DISCS, MM_EVAL_N_STAGES - 1);

      fprintf (out, "| %d | %d | %" G_GSIZE_FORMAT " |", e, stage, columns[0]->count[e]);
      for (int c = 0; c < n_columns; c++)
        fprintf (out, " %.2f |", columns[c]->mae[e]);
      fputc ('\n', out);
    }
  fprintf (out, "| all | | |");
  for (int c = 0; c < n_columns; c++)
    fprintf (out, " %.2f |", columns[c]->overall);
  fputc ('\n', out);
}

void
mm_train_exact_clear (MmTrainExactSet *exact)
{
  mm_train_samples_clear (&exact->set);
}
