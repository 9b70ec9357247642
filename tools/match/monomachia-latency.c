/* monomachia-latency.c
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

/* Does the main loop stay responsive while the computer thinks?  A
 * timer asks the main loop for a turn every few milliseconds, first with
 * nothing else running (the baseline), then while MmAiPlayer searches
 * without a limit on every processor, its progress signals handled as the
 * window would; the lateness of each turn is what a click or a redraw
 * would wait.  Prints the percentiles of both runs. */

#define G_LOG_DOMAIN "mm-latency"

#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "mm-ai-player.h"

#define TICK_MS 5

static int option_seconds = 10;
static int option_threads = 0;

static GOptionEntry entries[] = {
  { "seconds", 's', 0, G_OPTION_ARG_INT, &option_seconds,
    "Length of each run (10)", "S" },
  { "threads", 't', 0, G_OPTION_ARG_INT, &option_threads,
    "Threads of the search, 0 for one per processor (0)", "N" },
  { NULL }
};

typedef struct
{
  GArray     *lateness;     /* microseconds, one per tick */
  gint64      expected;
  gint64      end;
  gboolean    done;
  MmAiPlayer *player;
  MmBoard     board;
  guint       n_searches;
  guint       n_progress;
} Run;

static gboolean
tick (gpointer user_data)
{
  Run *run = user_data;
  gint64 now = g_get_monotonic_time ();
  gint64 late = MAX (now - run->expected, 0);

  g_array_append_val (run->lateness, late);
  run->expected = now + TICK_MS * 1000;
  if (now >= run->end)
    {
      run->done = TRUE;
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void search_again (Run *run);

static void
search_done (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  Run *run = user_data;
  MmAiMove move;

  mm_ai_player_hint_finish (MM_AI_PLAYER (source), result, &move, NULL);
  if (!run->done)
    search_again (run);
}

static void
search_again (Run *run)
{
  run->n_searches++;
  mm_ai_player_hint_async (run->player, &run->board, MM_AI_LEVEL_ANALYSIS, NULL,
                           search_done, run);
}

static void
on_progress (MmAiPlayer     *player,
             const MmAiMove *best,
             Run            *run)
{
  run->n_progress++;
}

static int
compare_times (gconstpointer a,
               gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

static double
percentile (GArray *sorted,
            double  share)
{
  guint index = (guint) (share * (sorted->len - 1));

  return (double) g_array_index (sorted, gint64, index) / 1000.0;
}

static void
measure (const char *title,
         MmAiPlayer *player,
         MmBoard    *board)
{
  Run run = { 0 };

  run.lateness = g_array_new (FALSE, FALSE, sizeof (gint64));
  run.player = player;
  if (board != NULL)
    run.board = *board;
  run.end = g_get_monotonic_time () + (gint64) option_seconds * G_USEC_PER_SEC;
  run.expected = g_get_monotonic_time () + TICK_MS * 1000;
  g_timeout_add (TICK_MS, tick, &run);
  if (player != NULL)
    {
      g_signal_connect (player, "progress", G_CALLBACK (on_progress), &run);
      search_again (&run);
    }

  while (!run.done)
    g_main_context_iteration (NULL, TRUE);
  if (player != NULL)
    {
      mm_ai_player_stop (player);
      while (mm_ai_player_get_busy (player))
        g_main_context_iteration (NULL, TRUE);
      g_signal_handlers_disconnect_by_func (player, on_progress, &run);
    }

  g_array_sort (run.lateness, compare_times);
  printf ("%-34s %6u ticks: lateness median %.2f ms, 99th percentile %.2f ms, max %.2f ms",
          title, run.lateness->len, percentile (run.lateness, 0.5),
          percentile (run.lateness, 0.99), percentile (run.lateness, 1.0));
  if (player != NULL)
    printf (" (%u searches, %u progress reports)", run.n_searches, run.n_progress);
  printf ("\n");
  fflush (stdout);
  g_array_unref (run.lateness);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MmAiPlayer) player = NULL;
  g_autofree char *title = NULL;
  const char *opening = "f5d6c3d3c4f4f6f3e6e7c6g6";
  MmBoard board;
  int n_threads;

  context = g_option_context_new (NULL);
  g_option_context_set_summary (context,
    "Measures how late the main loop answers while the computer player searches\n"
    "without a limit on every processor, against a run without a search.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error) || option_seconds < 1
      || option_threads < 0 || option_threads > MM_SEARCH_MAX_THREADS)
    {
      fprintf (stderr, "monomachia-latency: %s\n",
               error != NULL ? error->message : "give a positive number of seconds");
      return EXIT_FAILURE;
    }

  player = g_initable_new (MM_TYPE_AI_PLAYER, NULL, &error,
                           "threads", option_threads,
                           "min-delay", 0,
                           NULL);
  if (player == NULL)
    {
      fprintf (stderr, "monomachia-latency: %s\n", error->message);
      return EXIT_FAILURE;
    }

  mm_board_init_start (&board);
  for (int i = 0; opening[2 * i] != '\0'; i++)
    {
      char name[3] = { opening[2 * i], opening[2 * i + 1], '\0' };

      mm_board_play (&board, mm_square_parse (name));
    }

  n_threads = option_threads > 0 ? option_threads : (int) g_get_num_processors ();
  measure ("main loop alone", NULL, NULL);
  title = g_strdup_printf ("while searching on %d thread%s", n_threads, n_threads == 1 ? "" : "s");
  measure (title, player, &board);
  return EXIT_SUCCESS;
}
