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
#include "mm-perft.h"

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
