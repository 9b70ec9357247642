/* monomachia-probcut.c
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

/* Measures what Multi-ProbCut needs (src/engine/mm-search-kernel.c): how
 * far a full-width search of each depth lands from the shallow search
 * that predicts it, on positions of the held-out archive games.  For
 * each depth it fits the standard deviation of that error as a straight
 * line in the number of empties, and prints the engine's table.
 *
 *   monomachia-probcut [--games FILE] [--weights FILE] [--positions N]
 *                      [--max-depth D] [--threads N]
 */

#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <glib.h>

#include "mm-eval.h"
#include "mm-search.h"
#include "mm-train-games.h"

#define MIN_EMPTIES 14
#define MAX_EMPTIES 54
#define MAX_DEPTH 14
#define HASH_BYTES ((size_t) 32 << 20)

typedef struct
{
  MmBoard board;
  int     n_empties;
  int     scores[MAX_DEPTH + 1];   /* by depth; scores[0] is the evaluation */
  int     n_depths;                /* depths 0..n_depths-1 are known */
} Sample;

typedef struct
{
  const MmEvalWeights *weights;
  Sample              *samples;
  guint                n_samples;
  int                  max_depth;
  gint                 next;       /* the next sample to search */
  gint                 done;
} Work;

static int
probcut_depth (int depth)
{
  return 2 * (depth / 4) + (depth & 1);
}

static void
record_depth (const MmSearchResult *result,
              void                 *user_data)
{
  Sample *sample = user_data;

  if (result->depth <= MAX_DEPTH && !result->exact)
    {
      sample->scores[result->depth] = result->score;
      if (result->depth + 1 > sample->n_depths)
        sample->n_depths = result->depth + 1;
    }
}

static gpointer
search_samples (gpointer data)
{
  Work *work = data;
  MmSearch *search = mm_search_new (HASH_BYTES);

  if (search == NULL)
    g_error ("no memory for a hash table");
  mm_search_set_weights (search, work->weights);
  mm_search_set_probcut (search, 0);

  for (;;)
    {
      guint i = (guint) g_atomic_int_add (&work->next, 1);
      MmSearchLimits limits = { 0 };
      MmSearchResult result;
      Sample *sample;

      if (i >= work->n_samples)
        break;
      sample = &work->samples[i];
      sample->scores[0] = mm_eval (work->weights, sample->board.player, sample->board.opponent);
      sample->n_depths = 1;
      /* Depths short of the end: from there on the search is exact. */
      limits.max_depth = MIN (work->max_depth, sample->n_empties - 1);
      mm_search_clear (search);
      mm_search_run (search, &sample->board, &limits, record_depth, sample, &result);

      if ((g_atomic_int_add (&work->done, 1) + 1) % 100 == 0)
        g_printerr ("\r  searched %d/%u positions", g_atomic_int_get (&work->done),
                    work->n_samples);
    }
  mm_search_free (search);
  return NULL;
}

/* Positions of the held-out games (every tenth, as in the evaluation's
 * training), spread evenly over MIN_EMPTIES..MAX_EMPTIES. */
static GArray *
pick_samples (const MmTrainGameSet *set,
              guint                 n_samples)
{
  GArray *samples = g_array_new (FALSE, TRUE, sizeof (Sample));
  MmTrainPosition positions[MM_TRAIN_MAX_MOVES + 1];
  guint n_games = set->games->len;
  guint step = MAX (1, n_games / MAX (n_samples, 1));

  for (guint i = 0, game_index = 0; samples->len < n_samples && i < 4 * n_samples; i++)
    {
      const MmTrainGame *game;
      int n_empties = MIN_EMPTIES + (int) (i % (MAX_EMPTIES - MIN_EMPTIES + 1));
      int ply = 60 - n_empties;
      Sample sample = { 0 };

      game_index = (game_index + step) % n_games;
      game_index -= game_index % 10;
      game = &g_array_index (set->games, MmTrainGame, game_index);
      if (mm_train_game_replay (game, positions) < 0 || ply >= game->n_moves)
        continue;
      sample.board = positions[ply].board;
      sample.n_empties = mm_popcount (mm_board_empties (&sample.board));
      if (!mm_board_can_move (&sample.board))
        continue;
      g_array_append_val (samples, sample);
    }
  return samples;
}

typedef struct
{
  double sum_x, sum_y, sum_xx, sum_xy, n;
} LineFit;

static void
line_fit_add (LineFit *fit,
              double   x,
              double   y,
              double   weight)
{
  fit->sum_x += weight * x;
  fit->sum_y += weight * y;
  fit->sum_xx += weight * x * x;
  fit->sum_xy += weight * x * y;
  fit->n += weight;
}

static void
line_fit_solve (const LineFit *fit,
                double        *constant,
                double        *slope)
{
  double det = fit->n * fit->sum_xx - fit->sum_x * fit->sum_x;

  *slope = det != 0 ? (fit->n * fit->sum_xy - fit->sum_x * fit->sum_y) / det : 0;
  *constant = fit->n > 0 ? (fit->sum_y - *slope * fit->sum_x) / fit->n : 0;
}

/* For each depth, the error of the shallow prediction by groups of
 * empties, then the line through the groups' standard deviations. */
static void
report (const Sample *samples,
        guint         n_samples,
        int           max_depth)
{
  enum { GROUP = 8, N_GROUPS = (MAX_EMPTIES - MIN_EMPTIES) / GROUP + 1 };
  double lines[MAX_DEPTH + 1][2];

  printf ("Error of the shallow search (deep - shallow), in discs, by empties:\n\n");
  printf ("| depth | shallow |");
  for (int g = 0; g < N_GROUPS; g++)
    printf (" %d-%d |", MIN_EMPTIES + g * GROUP, MIN_EMPTIES + g * GROUP + GROUP - 1);
  printf (" line |\n|---|---|");
  for (int g = 0; g < N_GROUPS; g++)
    printf ("---|");
  printf ("---|\n");

  for (int depth = 0; depth < 3; depth++)
    lines[depth][0] = lines[depth][1] = 0;
  for (int depth = 3; depth <= max_depth; depth++)
    {
      int shallow = probcut_depth (depth);
      double sum[N_GROUPS] = { 0 }, sum_sq[N_GROUPS] = { 0 };
      int count[N_GROUPS] = { 0 };
      LineFit fit = { 0 };
      double constant, slope;

      for (guint i = 0; i < n_samples; i++)
        {
          const Sample *s = &samples[i];
          double error;
          int g = (s->n_empties - MIN_EMPTIES) / GROUP;

          if (depth >= s->n_depths || g < 0 || g >= N_GROUPS)
            continue;
          error = (double) (s->scores[depth] - s->scores[shallow]) / MM_EVAL_SCALE;
          sum[g] += error;
          sum_sq[g] += error * error;
          count[g]++;
        }

      printf ("| %d | %d |", depth, shallow);
      for (int g = 0; g < N_GROUPS; g++)
        {
          double mean, sd;

          if (count[g] < 10)
            {
              printf (" |");
              continue;
            }
          mean = sum[g] / count[g];
          sd = sqrt (MAX (0, sum_sq[g] / count[g] - mean * mean));
          printf (" %.2f (%+.2f) |", sd, mean);
          line_fit_add (&fit, MIN_EMPTIES + g * GROUP + (GROUP - 1) / 2.0, sd, count[g]);
        }
      line_fit_solve (&fit, &constant, &slope);
      lines[depth][0] = constant;
      lines[depth][1] = slope;
      printf (" %.3f + %.4f e |\n", constant, slope);
    }

  printf ("\nThe engine's table (src/engine/mm-search-kernel.c, probcut_error):\n\n");
  for (int depth = 0; depth <= max_depth; depth++)
    printf ("  [%d] = { %.2ff, %.4ff },\n", depth, lines[depth][0], lines[depth][1]);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *games_path = NULL;
  g_autofree char *weights_path = NULL;
  int n_positions = 2000, max_depth = 12, n_threads = 2;
  GOptionEntry entries[] = {
    { "games", 'g', 0, G_OPTION_ARG_FILENAME, &games_path,
      "The games (gzip, one a line; default ../shared/data/wthor-games.txt.gz)", "FILE" },
    { "weights", 'w', 0, G_OPTION_ARG_FILENAME, &weights_path,
      "The evaluation (default the source tree's data/eval/eval.mmw)", "FILE" },
    { "positions", 'n', 0, G_OPTION_ARG_INT, &n_positions, "Positions to search (2000)", "N" },
    { "max-depth", 'd', 0, G_OPTION_ARG_INT, &max_depth, "Deepest search (12)", "D" },
    { "threads", 't', 0, G_OPTION_ARG_INT, &n_threads, "Positions searched at once (2)", "N" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new (NULL);
  g_autoptr(GError) error = NULL;
  MmTrainGameSet set = { 0 };
  MmEvalError eval_error = MM_EVAL_OK;
  MmEvalWeights *weights;
  g_autoptr(GArray) samples = NULL;
  GThread **threads;
  Work work = { 0 };
  double started = g_get_monotonic_time () / 1e6;

  g_option_context_set_summary (context,
                                "Measures the error of Multi-ProbCut's shallow searches and "
                                "prints the engine's table.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("monomachia-probcut: %s\n", error->message);
      return EXIT_FAILURE;
    }
  if (n_positions < 1 || max_depth < 3 || max_depth > MAX_DEPTH || n_threads < 1)
    {
      g_printerr ("monomachia-probcut: positions and threads from 1, depth from 3 to %d\n",
                  MAX_DEPTH);
      return EXIT_FAILURE;
    }

  weights = mm_eval_weights_load (weights_path != NULL ? weights_path : MM_EVAL_SOURCE_PATH,
                                  &eval_error);
  if (weights == NULL)
    {
      g_printerr ("monomachia-probcut: %s\n", mm_eval_error_message (eval_error));
      return EXIT_FAILURE;
    }
  if (!mm_train_games_read (games_path != NULL ? games_path : MM_TRAIN_DEFAULT_GAMES, 0,
                            &set, &error))
    {
      g_printerr ("monomachia-probcut: %s\n", error->message);
      mm_eval_weights_free (weights);
      return EXIT_FAILURE;
    }

  samples = pick_samples (&set, (guint) n_positions);
  work.weights = weights;
  work.samples = (Sample *) (void *) samples->data;
  work.n_samples = samples->len;
  work.max_depth = max_depth;
  threads = g_new (GThread *, n_threads);
  for (int i = 0; i < n_threads; i++)
    threads[i] = g_thread_new ("probcut", search_samples, &work);
  for (int i = 0; i < n_threads; i++)
    g_thread_join (threads[i]);
  g_free (threads);
  g_printerr ("\n");

  printf ("%u positions with %d to %d empties, depths up to %d, in %.0f s\n\n",
          samples->len, MIN_EMPTIES, MAX_EMPTIES, max_depth,
          g_get_monotonic_time () / 1e6 - started);
  report (work.samples, work.n_samples, max_depth);

  mm_train_games_clear (&set);
  mm_eval_weights_free (weights);
  return EXIT_SUCCESS;
}
