/* monomachia-book.c
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

/* The opening book builder on the command line:
 *
 *   monomachia-book build   the book from the archive's games
 *   monomachia-book info    what a book file holds, and the book moves
 *                           of a position
 *
 * See docs/BOOK.md. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mm-book-build.h"

#ifndef MM_BOOK_DEFAULT_GAMES
#define MM_BOOK_DEFAULT_GAMES "../shared/data/wthor-games.txt.gz"
#endif
#ifndef MM_BOOK_DEFAULT_WEIGHTS
#define MM_BOOK_DEFAULT_WEIGHTS "data/eval/eval.mmw"
#endif

typedef struct
{
  MmBookBuildOptions build;
  char              *games_path;
  char              *output_path;
  char              *weights_path;
  char              *book_path;
  char              *line;
  int                max_plies;
  int                min_games;
  int                depth;
  int                threads;
  int                max_games;
  gboolean           quiet;
} CommandLine;

static void
add_build_options (GOptionContext *context,
                   CommandLine    *line)
{
  GOptionEntry entries[] = {
    { "games", 'g', 0, G_OPTION_ARG_FILENAME, &line->games_path,
      "The games (gzip, one a line; default " MM_BOOK_DEFAULT_GAMES ")", "FILE" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &line->output_path,
      "Write the book to FILE (default book.mmb)", "FILE" },
    { "weights", 'w', 0, G_OPTION_ARG_FILENAME, &line->weights_path,
      "The evaluation weights of the searches (default " MM_BOOK_DEFAULT_WEIGHTS ")", "FILE" },
    { "max-plies", 'p', 0, G_OPTION_ARG_INT, &line->max_plies,
      "Positions before the first N moves of each game (default 20)", "N" },
    { "min-games", 'm', 0, G_OPTION_ARG_INT, &line->min_games,
      "Only positions that at least N games reached (default 8)", "N" },
    { "depth", 'd', 0, G_OPTION_ARG_INT, &line->depth,
      "Search the positions that leave the book N plies deep (default 8)", "N" },
    { "threads", 't', 0, G_OPTION_ARG_INT, &line->threads,
      "Threads (default 1); the book does not depend on it", "N" },
    { "max-games", 'n', 0, G_OPTION_ARG_INT, &line->max_games,
      "Read only the first N games (default: all)", "N" },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &line->quiet,
      "No progress on standard error", NULL },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, NULL);
}

static void
add_info_options (GOptionContext *context,
                  CommandLine    *line)
{
  GOptionEntry entries[] = {
    { "book", 'b', 0, G_OPTION_ARG_FILENAME, &line->book_path,
      "The book file", "FILE" },
    { "line", 'l', 0, G_OPTION_ARG_STRING, &line->line,
      "Show the book moves after these moves (e.g. f5d6; default the start)", "MOVES" },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, NULL);
}

static gboolean
check_options (CommandLine  *line,
               GError      **error)
{
  mm_book_build_options_init (&line->build);
  if (line->max_plies < 0 || line->max_plies > 60 || line->min_games < 0 || line->depth < 0
      || line->depth > 60 || line->threads < 0 || line->threads > 64 || line->max_games < 0)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "a value out of range");
      return FALSE;
    }
  if (line->max_plies > 0)
    line->build.max_plies = (guint) line->max_plies;
  if (line->min_games > 0)
    line->build.min_games = (guint) line->min_games;
  if (line->depth > 0)
    line->build.depth = line->depth;
  if (line->threads > 0)
    line->build.n_threads = (guint) line->threads;
  line->build.verbose = !line->quiet;
  return TRUE;
}

static int
command_build (CommandLine *line)
{
  g_autoptr(GError) error = NULL;
  const char *games_path = line->games_path != NULL ? line->games_path : MM_BOOK_DEFAULT_GAMES;
  const char *weights_path = line->weights_path != NULL ? line->weights_path
                                                        : MM_BOOK_DEFAULT_WEIGHTS;
  const char *output_path = line->output_path != NULL ? line->output_path : "book.mmb";
  MmTrainGameSet set = { 0 };
  MmBookBuildStats stats;
  MmEvalError weights_error = MM_EVAL_OK;
  MmEvalWeights *weights;
  MmBook *book;
  gint64 started = g_get_monotonic_time ();
  double read_seconds;

  weights = mm_eval_weights_load (weights_path, &weights_error);
  if (weights == NULL)
    {
      g_printerr ("monomachia-book: %s: %s\n", weights_path,
                  mm_eval_error_message (weights_error));
      return EXIT_FAILURE;
    }
  if (!mm_train_games_read (games_path, (guint) line->max_games, &set, &error))
    {
      g_printerr ("monomachia-book: %s\n", error->message);
      mm_train_games_clear (&set);
      mm_eval_weights_free (weights);
      return EXIT_FAILURE;
    }
  read_seconds = (double) (g_get_monotonic_time () - started) / G_USEC_PER_SEC;

  book = mm_book_build (set.games, weights, &line->build, &stats, &error);
  if (book == NULL || !mm_book_write (book, output_path, &error))
    {
      g_printerr ("monomachia-book: %s\n", error->message);
      mm_book_free (book);
      mm_train_games_clear (&set);
      mm_eval_weights_free (weights);
      return EXIT_FAILURE;
    }

  printf ("games:          %u read (%u lines refused), %.1f s\n", set.games->len, set.n_rejected,
          read_seconds);
  printf ("settings:       first %u plies, at least %u games, leaves at depth %d, %u threads\n",
          line->build.max_plies, line->build.min_games, line->build.depth, line->build.n_threads);
  printf ("positions:      %u distinct in those plies, %.1f s\n", stats.n_positions,
          stats.collect_seconds);
  printf ("book:           %u positions, %u moves within the book\n", stats.n_book,
          stats.n_edges);
  printf ("leaves:         %u searched, %" G_GUINT64_FORMAT " nodes, %.1f s\n", stats.n_leaves,
          stats.nodes, stats.search_seconds);
  printf ("negamax:        %.2f s\n", stats.negamax_seconds);
  printf ("total:          %.1f s\n",
          (double) (g_get_monotonic_time () - started) / G_USEC_PER_SEC);
  printf ("wrote %s (%zu bytes)\n", output_path, mm_book_serialize (book, NULL, 0));

  mm_book_free (book);
  mm_train_games_clear (&set);
  mm_eval_weights_free (weights);
  return EXIT_SUCCESS;
}

static void
print_value (int value)
{
  printf ("%+.2f", (double) value / MM_EVAL_SCALE);
}

static int
command_info (CommandLine *line)
{
  MmBookError failure = MM_BOOK_OK;
  MmBookMove moves[MM_BOOK_MAX_MOVES];
  const MmBookInfo *info;
  MmBook *book;
  MmBoard board;
  int n;

  if (line->book_path == NULL)
    {
      g_printerr ("monomachia-book: give the book file with --book\n");
      return EXIT_FAILURE;
    }
  book = mm_book_load (line->book_path, &failure);
  if (book == NULL)
    {
      g_printerr ("monomachia-book: %s: %s\n", line->book_path, mm_book_error_message (failure));
      return EXIT_FAILURE;
    }
  info = mm_book_get_info (book);
  printf ("%s: version %d, %zu positions\n", line->book_path, MM_BOOK_FILE_VERSION,
          mm_book_get_size (book));
  printf ("built from the first %u plies of %u games, positions reached by at least %u, "
          "leaves searched at depth %u\n",
          info->max_plies, info->n_games, info->min_games, info->depth);

  mm_board_init_start (&board);
  for (const char *at = line->line; at != NULL && at[0] != '\0' && at[1] != '\0'; at += 2)
    {
      int square = mm_square_parse (at);

      if (square == MM_SQUARE_NONE || mm_board_play (&board, square) == 0)
        {
          g_printerr ("monomachia-book: %.2s is not a legal move there\n", at);
          mm_book_free (book);
          return EXIT_FAILURE;
        }
      if (!mm_board_can_move (&board))
        mm_board_pass (&board);
    }

  n = mm_book_moves (book, &board, moves, G_N_ELEMENTS (moves));
  if (n == 0)
    printf ("the position is not in the book\n");
  for (int i = 0; i < n; i++)
    {
      char name[3];

      mm_square_format (moves[i].square, name);
      printf ("  %s ", name);
      print_value (moves[i].value);
      printf ("%s\n", moves[i].in_book ? "" : "  (leaves the book)");
    }
  mm_book_free (book);
  return EXIT_SUCCESS;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  CommandLine line = { 0 };
  const char *command = argc > 1 ? argv[1] : NULL;
  int status;

  if (g_strcmp0 (command, "build") == 0)
    {
      context = g_option_context_new ("- build the opening book from the archive's games");
      add_build_options (context, &line);
    }
  else if (g_strcmp0 (command, "info") == 0)
    {
      context = g_option_context_new ("- what an opening book holds");
      add_info_options (context, &line);
    }
  else
    {
      g_printerr ("usage: monomachia-book build|info [OPTION...]  (COMMAND --help for more)\n");
      return EXIT_FAILURE;
    }

  argv[1] = argv[0];
  argc--;
  argv++;
  if (!g_option_context_parse (context, &argc, &argv, &error) || !check_options (&line, &error))
    {
      g_printerr ("monomachia-book %s: %s\n", command, error->message);
      return EXIT_FAILURE;
    }

  status = strcmp (command, "build") == 0 ? command_build (&line) : command_info (&line);

  g_free (line.games_path);
  g_free (line.output_path);
  g_free (line.weights_path);
  g_free (line.book_path);
  g_free (line.line);
  return status;
}
