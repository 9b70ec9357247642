/* monomachia-engine.c
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

/* The engine on the command line.  This first version counts perft; the
 * NBoard protocol, solve and bench come with the search. */

#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mm-board.h"
#include "mm-cpu.h"
#include "mm-eval.h"
#include "mm-obf.h"
#include "mm-perft.h"
#include "mm-search.h"

#define MAX_PERFT_DEPTH 20

static double
seconds_now (void)
{
  struct timespec now;

  clock_gettime (CLOCK_MONOTONIC, &now);
  return (double) now.tv_sec + (double) now.tv_nsec / 1e9;
}

static void
print_usage (FILE *out)
{
  fprintf (out,
           "Usage: monomachia-engine COMMAND [ARGS]\n"
           "\n"
           "Commands:\n"
           "  perft DEPTH [--divide]   count the leaves of the game tree from the\n"
           "                           standard start (a pass is one ply; a finished\n"
           "                           game is one leaf), with time and speed\n"
           "  solve FILE.obf [--eval FILE|simple]\n"
           "                           solve each position of an FFO-style file exactly:\n"
           "                           best move, score, nodes, time, and whether they\n"
           "                           match the answers in the file\n"
           "  version                  print the version\n");
}

static bool
parse_depth (const char *text,
             int        *depth)
{
  char *end = NULL;
  long value;

  errno = 0;
  value = strtol (text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || value < 0 || value > MAX_PERFT_DEPTH)
    return false;

  *depth = (int) value;
  return true;
}

/* One line per first move, as other engines print it, so that a wrong
 * total can be narrowed down move by move. */
static uint64_t
perft_divide (const MmBoard *start,
              int            depth)
{
  uint64_t moves = mm_board_legal_moves (start);
  uint64_t total = 0;

  for (; moves != 0; moves = mm_without_first (moves))
    {
      MmBoard child = *start;
      int square = mm_first_square (moves);
      char name[3];
      uint64_t leaves;

      mm_board_play (&child, square);
      leaves = mm_perft (&child, depth - 1);
      mm_square_format (square, name);
      printf ("%s %" PRIu64 "\n", name, leaves);
      total += leaves;
    }

  return total;
}

static int
command_perft (int    argc,
               char **argv)
{
  MmBoard start;
  bool divide = false;
  int depth = -1;
  uint64_t leaves;
  double started, elapsed;

  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--divide") == 0)
        divide = true;
      else if (depth < 0 && parse_depth (argv[i], &depth))
        continue;
      else
        {
          fprintf (stderr, "monomachia-engine perft: '%s' is not a depth from 0 to %d "
                   "or --divide\n", argv[i], MAX_PERFT_DEPTH);
          return EXIT_FAILURE;
        }
    }
  if (depth < 0)
    {
      fprintf (stderr, "monomachia-engine perft: give a depth, for example 'perft 11'\n");
      return EXIT_FAILURE;
    }

  mm_board_init_start (&start);
  started = seconds_now ();
  leaves = divide && depth > 0 ? perft_divide (&start, depth) : mm_perft (&start, depth);
  elapsed = seconds_now () - started;

  printf ("perft %d: %" PRIu64 " leaves in %.3f s (%.1f million leaves/s, %s)\n",
          depth, leaves, elapsed,
          elapsed > 0 ? (double) leaves / elapsed / 1e6 : 0.0,
          mm_cpu_level_name (mm_cpu_level ()));
  return EXIT_SUCCESS;
}

/* The trained weights: the file given, else $MONOMACHIA_EVAL, else the
 * installed one, else the source tree's (an uninstalled build).  NULL,
 * after saying why, when none loads; "simple" asks for the hand-written
 * evaluation and gives NULL without complaint. */
static MmEvalWeights *
load_weights (const char *given,
              bool       *failed)
{
  const char *candidates[] = {
    given, getenv ("MONOMACHIA_EVAL"), MM_EVAL_INSTALLED_PATH, MM_EVAL_SOURCE_PATH,
  };
  MmEvalError error = MM_EVAL_ERROR_OPEN;

  *failed = false;
  if (given != NULL && strcmp (given, "simple") == 0)
    return NULL;

  for (size_t i = 0; i < sizeof candidates / sizeof candidates[0]; i++)
    {
      MmEvalWeights *weights;

      if (candidates[i] == NULL)
        continue;
      weights = mm_eval_weights_load (candidates[i], &error);
      if (weights != NULL)
        return weights;
      /* A file that is there but damaged is an error, never a reason to
       * play on with something else. */
      if (error != MM_EVAL_ERROR_OPEN || i == 0)
        {
          fprintf (stderr, "monomachia-engine: %s: %s\n", candidates[i],
                   mm_eval_error_message (error));
          *failed = true;
          return NULL;
        }
    }

  fprintf (stderr, "monomachia-engine: no evaluation weights found (looked in %s and %s)\n",
           MM_EVAL_INSTALLED_PATH, MM_EVAL_SOURCE_PATH);
  *failed = true;
  return NULL;
}

static int
command_solve (int    argc,
               char **argv)
{
  FILE *file;
  MmSearch *search;
  MmEvalWeights *weights;
  const char *path = NULL, *eval_path = NULL;
  char line[1024];
  int line_number = 0, solved = 0, matched = 0;
  uint64_t total_nodes = 0;
  double total_time = 0;
  bool failed;

  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--eval") == 0 && i + 1 < argc)
        eval_path = argv[++i];
      else if (path == NULL && argv[i][0] != '-')
        path = argv[i];
      else
        {
          fprintf (stderr, "monomachia-engine solve: unexpected '%s'\n", argv[i]);
          return EXIT_FAILURE;
        }
    }
  if (path == NULL)
    {
      fprintf (stderr, "monomachia-engine solve: give an .obf file\n");
      return EXIT_FAILURE;
    }

  weights = load_weights (eval_path, &failed);
  if (failed)
    return EXIT_FAILURE;
  file = fopen (path, "r");
  if (file == NULL)
    {
      fprintf (stderr, "monomachia-engine solve: cannot open %s: %s\n", path, strerror (errno));
      mm_eval_weights_free (weights);
      return EXIT_FAILURE;
    }
  search = mm_search_new ((size_t) 256 << 20);
  if (search == NULL)
    {
      fprintf (stderr, "monomachia-engine solve: not enough memory for the hash table\n");
      mm_eval_weights_free (weights);
      fclose (file);
      return EXIT_FAILURE;
    }
  mm_search_set_weights (search, weights);

  printf ("%-5s %-7s %-5s %6s %-12s %14s %9s %8s\n",
          "line", "empties", "move", "score", "expected", "nodes", "time (s)", "Mn/s");
  while (fgets (line, sizeof line, file) != NULL)
    {
      MmObfPosition position;
      MmSolveResult result;
      const char *problem = NULL;
      char move[3], expected[3] = "--";
      double started, elapsed;
      bool ok, listed;

      line_number++;
      if (line[0] == '\n' || line[0] == '%' || line[0] == '#')
        continue;
      if (!mm_obf_parse_line (line, &position, &problem))
        {
          fprintf (stderr, "%s:%d: %s\n", path, line_number, problem);
          continue;
        }

      mm_search_clear (search);
      started = seconds_now ();
      mm_endgame_solve (search, &position.board, &result);
      elapsed = seconds_now () - started;

      mm_square_format (result.best_move, move);
      if (position.n_answers > 0)
        mm_square_format (position.answer_moves[0], expected);
      /* Several moves may share the best score; any of them is right. */
      ok = position.n_answers > 0
           && result.score == position.answer_scores[0]
           && mm_obf_score_of (&position, result.best_move, &listed) == result.score
           && listed;
      printf ("%-5d %-7d %-5s %+6d %-2s %+4d %-4s %14" PRIu64 " %9.3f %8.2f\n",
              line_number, 64 - mm_popcount (position.board.player | position.board.opponent),
              move, result.score, expected,
              position.n_answers > 0 ? position.answer_scores[0] : 0,
              position.n_answers == 0 ? "?" : ok ? "ok" : "WRONG",
              result.nodes, elapsed,
              elapsed > 0 ? (double) result.nodes / elapsed / 1e6 : 0.0);
      fflush (stdout);

      solved++;
      matched += ok;
      total_nodes += result.nodes;
      total_time += elapsed;
    }

  printf ("%d positions, %d right, %" PRIu64 " nodes in %.3f s (%.2f million nodes/s, %s)\n",
          solved, matched, total_nodes, total_time,
          total_time > 0 ? (double) total_nodes / total_time / 1e6 : 0.0,
          mm_cpu_level_name (mm_cpu_level ()));
  mm_search_free (search);
  mm_eval_weights_free (weights);
  fclose (file);
  return matched == solved ? EXIT_SUCCESS : EXIT_FAILURE;
}

int
main (int    argc,
      char **argv)
{
  if (argc < 2)
    {
      print_usage (stderr);
      return EXIT_FAILURE;
    }

  if (strcmp (argv[1], "perft") == 0)
    return command_perft (argc - 2, argv + 2);
  if (strcmp (argv[1], "solve") == 0)
    return command_solve (argc - 2, argv + 2);
  if (strcmp (argv[1], "version") == 0 || strcmp (argv[1], "--version") == 0)
    {
      printf ("monomachia-engine %s\n", PACKAGE_VERSION);
      return EXIT_SUCCESS;
    }
  if (strcmp (argv[1], "help") == 0 || strcmp (argv[1], "--help") == 0)
    {
      print_usage (stdout);
      return EXIT_SUCCESS;
    }

  fprintf (stderr, "monomachia-engine: unknown command '%s'\n\n", argv[1]);
  print_usage (stderr);
  return EXIT_FAILURE;
}
