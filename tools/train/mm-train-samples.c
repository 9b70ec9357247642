/* mm-train-samples.c
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

/* The positions of the games and their labels.
 *
 * A position is worth what its game ended with, seen from the side to
 * move.  Human players still err in the last moves, so every position
 * close enough to the end is solved exactly instead; and, with
 * "propagate", the earlier positions of the game take the value of the
 * first solved one: the result the game would have had with perfect play
 * from there on, which says more about them than the result of the
 * mistakes that followed.
 *
 * Solving is the slow part and runs in several threads.  Each game is
 * solved by one thread into its own samples, and a solve's score does not
 * depend on the hash table's contents, so the labels are the same
 * whatever the number of threads or the order they finish in. */

#include "mm-train-samples.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "mm-search.h"

/* Per solving thread; large enough that 20-empty solves hardly miss. */
#define SOLVER_HASH_BYTES ((gsize) 32 << 20)
/* Per labelling thread, cleared before each game. */
#define LABEL_HASH_BYTES ((gsize) 8 << 20)

static gint8
label_for_color (int     black_result,
                 MmColor color)
{
  return (gint8) (color == MM_COLOR_BLACK ? black_result : -black_result);
}

/* Every position of every game in which the side to move has a move,
 * labelled with the recorded result. */
void
mm_train_samples_extract (const MmTrainGameSet *games,
                          MmTrainSampleSet     *set)
{
  guint n_games = games->games->len;
  gsize capacity = (gsize) n_games * MM_TRAIN_MAX_MOVES;

  set->samples = g_new (MmTrainSample, MAX (capacity, 1));
  set->game_start = g_new (gsize, n_games + 1);
  set->n_games = n_games;
  set->n_samples = 0;

  for (guint g = 0; g < n_games; g++)
    {
      const MmTrainGame *game = &g_array_index (games->games, MmTrainGame, g);
      MmTrainPosition positions[MM_TRAIN_MAX_MOVES + 1];
      int n = mm_train_game_replay (game, positions);
      int result = mm_train_game_result (game);

      set->game_start[g] = set->n_samples;
      /* The last position is the finished game: nothing to evaluate. */
      for (int i = 0; i < n - 1; i++)
        {
          MmTrainSample *sample = &set->samples[set->n_samples++];
          const MmBoard *board = &positions[i].board;

          sample->player = board->player;
          sample->opponent = board->opponent;
          sample->game = g < games->first_extra ? g : g | MM_TRAIN_GAME_EXTRA;
          sample->label = label_for_color (result, positions[i].color);
          sample->exact = 0;
          sample->empties = (guint8) mm_popcount (mm_board_empties (board));
          sample->color = (guint8) positions[i].color;
        }
    }
  set->game_start[n_games] = set->n_samples;
}

typedef struct
{
  MmTrainSampleSet          *set;
  const MmTrainLabelOptions *options;
  gint                       next_game;    /* atomic */
  gint                       done_games;   /* atomic */
  double                     started;
} SolveJob;

typedef struct
{
  SolveJob          *job;
  int                index;
  MmSearch          *search;
  MmSearch          *labeller;
  MmTrainLabelStats  stats;
} SolveWorker;

/* The positions before the exact ones take the score of a search: what
 * the engine thinks of them, a smoother target than the result of the
 * game the players went on to play.  The table is cleared for each game
 * and a game's positions are searched in order by one thread, so the
 * labels do not depend on the number of threads. */
static void
search_game (SolveWorker *worker,
             guint        g)
{
  MmTrainSampleSet *set = worker->job->set;
  const MmTrainLabelOptions *options = worker->job->options;
  MmSearchLimits limits = { .max_depth = options->search_depth };
  gsize start = set->game_start[g], end = set->game_start[g + 1];

  mm_search_clear (worker->labeller);
  for (gsize i = start; i < end; i++)
    {
      MmTrainSample *sample = &set->samples[i];
      MmBoard board = { sample->player, sample->opponent };
      MmSearchResult result;
      int discs;

      if (sample->empties <= options->exact_empties)
        continue;
      mm_search_run (worker->labeller, &board, &limits, NULL, NULL, &result);
      worker->stats.n_searched++;
      worker->stats.nodes += result.nodes;
      discs = (int) lround ((double) result.score / MM_EVAL_SCALE);
      sample->label = (gint8) CLAMP (discs, -MM_SCORE_MAX, MM_SCORE_MAX);
    }
}

/* Solves the last positions of game @g and relabels its samples. */
static void
solve_game (SolveWorker *worker,
            guint        g)
{
  MmTrainSampleSet *set = worker->job->set;
  const MmTrainLabelOptions *options = worker->job->options;
  MmTrainSample *first = NULL;
  gsize start = set->game_start[g], end = set->game_start[g + 1];

  for (gsize i = start; i < end; i++)
    {
      MmTrainSample *sample = &set->samples[i];
      MmBoard board = { sample->player, sample->opponent };
      MmSolveResult result;

      if (sample->empties > options->exact_empties)
        continue;
      mm_endgame_solve (worker->search, &board, &result);
      worker->stats.n_solved++;
      worker->stats.nodes += result.nodes;
      if (first == NULL)
        {
          first = sample;
          worker->stats.n_corrected_games += result.score != sample->label;
        }
      sample->label = (gint8) result.score;
      sample->exact = 1;
    }

  if (first == NULL || !options->propagate)
    return;
  for (gsize i = start; &set->samples[i] != first; i++)
    set->samples[i].label = set->samples[i].color == first->color ? first->label
                                                                  : (gint8) -first->label;
}

static void
report_progress (SolveJob *job,
                 int       done)
{
  double elapsed = g_get_monotonic_time () / 1e6 - job->started;

  fprintf (stderr, "\r  solved the endgames of %d/%u games (%.0f s)", done,
           job->set->n_games, elapsed);
  fflush (stderr);
}

static gpointer
solve_worker_run (gpointer data)
{
  SolveWorker *worker = data;
  SolveJob *job = worker->job;

  for (;;)
    {
      gint g = g_atomic_int_add (&job->next_game, 1);
      int done;

      if (g >= (gint) job->set->n_games)
        break;
      solve_game (worker, (guint) g);
      for (gsize i = job->set->game_start[g]; i < job->set->game_start[g + 1]; i++)
        job->set->samples[i].outcome = job->set->samples[i].label;
      if (worker->labeller != NULL)
        search_game (worker, (guint) g);
      done = g_atomic_int_add (&job->done_games, 1) + 1;
      if (job->options->verbose && worker->index == 0 && done % 500 == 0)
        report_progress (job, done);
    }
  return NULL;
}

gboolean
mm_train_samples_solve (MmTrainSampleSet          *set,
                        const MmTrainLabelOptions *options,
                        MmTrainLabelStats         *stats,
                        GError                   **error)
{
  int n_threads = MAX (options->n_threads, 1);
  SolveJob job = { set, options, 0, 0, g_get_monotonic_time () / 1e6 };
  SolveWorker *workers = g_new0 (SolveWorker, n_threads);
  GThread **threads = g_new0 (GThread *, n_threads);
  gboolean ok = TRUE;

  memset (stats, 0, sizeof *stats);
  for (int t = 0; t < n_threads; t++)
    {
      workers[t].job = &job;
      workers[t].index = t;
      workers[t].search = mm_search_new (SOLVER_HASH_BYTES);
      if (workers[t].search == NULL)
        ok = FALSE;
      if (options->search_depth > 0)
        {
          workers[t].labeller = mm_search_new (LABEL_HASH_BYTES);
          if (workers[t].labeller == NULL)
            ok = FALSE;
          else if (options->search_weights != NULL)
            mm_search_set_weights (workers[t].labeller, options->search_weights);
        }
    }
  if (!ok)
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM,
                 "not enough memory for the endgame solver's hash tables");

  for (int t = 1; ok && t < n_threads; t++)
    threads[t] = g_thread_new ("mm-train-solve", solve_worker_run, &workers[t]);
  if (ok)
    solve_worker_run (&workers[0]);
  for (int t = 0; t < n_threads; t++)
    {
      if (threads[t] != NULL)
        g_thread_join (threads[t]);
      stats->n_solved += workers[t].stats.n_solved;
      stats->n_searched += workers[t].stats.n_searched;
      stats->nodes += workers[t].stats.nodes;
      stats->n_corrected_games += workers[t].stats.n_corrected_games;
      mm_search_free (workers[t].search);
      if (workers[t].labeller != NULL)
        mm_search_free (workers[t].labeller);
    }
  if (ok && options->verbose)
    {
      report_progress (&job, (int) set->n_games);
      fputc ('\n', stderr);
    }
  stats->seconds = g_get_monotonic_time () / 1e6 - job.started;

  g_free (threads);
  g_free (workers);
  return ok;
}

void
mm_train_samples_clear (MmTrainSampleSet *set)
{
  g_clear_pointer (&set->samples, g_free);
  g_clear_pointer (&set->game_start, g_free);
  set->n_samples = 0;
  set->n_games = 0;
}

#define CACHE_MAGIC "MMSAMPL2"

gboolean
mm_train_samples_save (const MmTrainSampleSet  *set,
                       const MmTrainLabelStats *stats,
                       const char              *key,
                       const char              *path,
                       GError                 **error)
{
  g_autofree char *temporary = g_strconcat (path, ".part", NULL);
  FILE *file = fopen (temporary, "wb");
  guint32 key_length = (guint32) strlen (key);
  guint64 n_samples = set->n_samples;
  gboolean ok;

  if (file == NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "cannot write %s", temporary);
      return FALSE;
    }
  ok = fwrite (CACHE_MAGIC, 8, 1, file) == 1
       && fwrite (&key_length, sizeof key_length, 1, file) == 1
       && fwrite (key, 1, key_length, file) == key_length
       && fwrite (stats, sizeof *stats, 1, file) == 1
       && fwrite (&set->n_games, sizeof set->n_games, 1, file) == 1
       && fwrite (&n_samples, sizeof n_samples, 1, file) == 1
       && fwrite (set->game_start, sizeof (gsize), set->n_games + 1, file) == set->n_games + 1
       && fwrite (set->samples, sizeof (MmTrainSample), set->n_samples, file) == set->n_samples;
  ok = fclose (file) == 0 && ok;
  if (ok && g_rename (temporary, path) != 0)
    ok = FALSE;
  if (!ok)
    {
      g_unlink (temporary);
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "cannot write %s", path);
    }
  return ok;
}

/* FALSE, with @set empty, when there is no cache for @key at @path. */
gboolean
mm_train_samples_load (MmTrainSampleSet  *set,
                       MmTrainLabelStats *stats,
                       const char        *key,
                       const char        *path)
{
  FILE *file = fopen (path, "rb");
  char magic[8];
  guint32 key_length = 0;
  g_autofree char *stored_key = NULL;
  guint64 n_samples = 0;
  gboolean ok;

  memset (set, 0, sizeof *set);
  if (file == NULL)
    return FALSE;
  ok = fread (magic, 8, 1, file) == 1 && memcmp (magic, CACHE_MAGIC, 8) == 0
       && fread (&key_length, sizeof key_length, 1, file) == 1 && key_length < 65536;
  if (ok)
    {
      stored_key = g_malloc0 (key_length + 1);
      ok = fread (stored_key, 1, key_length, file) == key_length && strcmp (stored_key, key) == 0
           && fread (stats, sizeof *stats, 1, file) == 1
           && fread (&set->n_games, sizeof set->n_games, 1, file) == 1
           && fread (&n_samples, sizeof n_samples, 1, file) == 1
           && n_samples <= (guint64) set->n_games * MM_TRAIN_MAX_MOVES;
    }
  if (ok)
    {
      set->n_samples = n_samples;
      set->game_start = g_new (gsize, set->n_games + 1);
      set->samples = g_new (MmTrainSample, MAX (set->n_samples, 1));
      ok = fread (set->game_start, sizeof (gsize), set->n_games + 1, file) == set->n_games + 1
           && fread (set->samples, sizeof (MmTrainSample), set->n_samples, file) == set->n_samples;
    }
  fclose (file);
  if (!ok)
    mm_train_samples_clear (set);
  return ok;
}
