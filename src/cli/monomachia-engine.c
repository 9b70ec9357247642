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

/* The engine on the command line: perft, the endgame solver, a benchmark,
 * the analysis of a position, and the NBoard protocol (mm-nboard.c) so
 * that NBoard and other GUIs can use Monomachia's engine. */

#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <glib.h>

#include "mm-ai-weights.h"
#include "mm-analysis.h"
#include "mm-board.h"
#include "mm-cpu.h"
#include "mm-eval.h"
#include "mm-game-record.h"
#include "mm-nboard.h"
#include "mm-obf.h"
#include "mm-perft.h"
#include "mm-record-io.h"
#include "mm-search.h"

#define MAX_PERFT_DEPTH 20
#define HASH_MEGABYTES  256

static void
print_usage (FILE *out)
{
  fprintf (out,
           "Usage: monomachia-engine COMMAND [ARGS]\n"
           "\n"
           "Commands:\n"
           "  nboard [--threads N] [--eval FILE] [--book FILE] [--learned-book FILE]\n"
           "         [--no-book]\n"
           "                           speak the NBoard protocol (version 2) on the\n"
           "                           standard input and output, for NBoard and other GUIs;\n"
           "                           opening moves come from the book, with the games\n"
           "                           learned (\"learn\") over it; --no-book plays and\n"
           "                           learns without one (for matches)\n"
           "  analyse POSITION [--depth N] [--time S] [--exact N] [--threads N] [--eval FILE]\n"
           "                           score every legal move of a position (a board\n"
           "                           string as in .obf files, a move transcript or a\n"
           "                           GGF game), depth after depth\n"
           "  bench [--threads N] [--eval FILE]\n"
           "                           a standard workload: midgame searches and endgame\n"
           "                           solves, with nodes per second\n"
           "  perft DEPTH [--divide]   count the leaves of the game tree from the\n"
           "                           standard start (a pass is one ply; a finished\n"
           "                           game is one leaf), with time and speed\n"
           "  solve FILE.obf [--eval FILE|simple] [--threads N]\n"
           "                           solve each position of an FFO-style file exactly:\n"
           "                           best move, score, nodes, time, and whether they\n"
           "                           match the answers in the file\n"
           "  version                  print the version\n"
           "\n"
           "The evaluation weights come from --eval, else $MONOMACHIA_EVAL, else the\n"
           "installed file, else the source tree's.  The opening book likewise, from\n"
           "--book, else $MONOMACHIA_BOOK, else the installed book.mmb, else the source\n"
           "tree's; without one the engine searches from the first move.  The games\n"
           "learned are kept in --learned-book, else $MONOMACHIA_LEARNED_BOOK, else\n"
           "monomachia/learned-book.mmb in the user's data folder ($XDG_DATA_HOME, by\n"
           "default ~/.local/share), and played from on later runs (docs/BOOK.md).\n");
}

static gboolean
parse_int (const char *text,
           int         low,
           int         high,
           int        *value)
{
  char *end = NULL;
  long number;

  errno = 0;
  number = strtol (text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || number < low || number > high)
    return FALSE;

  *value = (int) number;
  return TRUE;
}

/* The value given to @command's integer @option: FALSE, having said what
 * the option wants, when @text is not a whole number from @low to
 * @high. */
static gboolean
int_option (const char *command,
            const char *option,
            const char *text,
            int         low,
            int         high,
            int        *value)
{
  if (parse_int (text, low, high, value))
    return TRUE;
  fprintf (stderr, "monomachia-engine %s: %s wants a whole number from %d to %d, not '%s'\n",
           command, option, low, high, text);
  return FALSE;
}

static gboolean
parse_seconds (const char *text,
               double     *value)
{
  char *end = NULL;

  *value = g_ascii_strtod (text, &end);
  return end != text && *end == '\0' && *value > 0 && *value < 1e6;
}

/* The weights: @given ("simple": none, the hand-written evaluation), or
 * the usual places.  Says what is wrong on the standard error. */
static gboolean
load_weights (const char   *given,
              MmAiWeights **weights)
{
  g_autoptr(GError) error = NULL;

  *weights = NULL;
  if (g_strcmp0 (given, "simple") == 0)
    return TRUE;

  *weights = mm_ai_weights_load (given, &error);
  if (*weights == NULL)
    {
      fprintf (stderr, "monomachia-engine: %s\n", error->message);
      return FALSE;
    }
  return TRUE;
}

static MmSearch *
new_search (MmAiWeights *weights,
            int          n_threads)
{
  MmSearch *search = mm_search_new ((size_t) HASH_MEGABYTES << 20);

  if (search == NULL)
    {
      fprintf (stderr, "monomachia-engine: not enough memory for the hash table (%d MB)\n",
               HASH_MEGABYTES);
      return NULL;
    }
  mm_search_set_weights (search, weights != NULL ? mm_ai_weights_get_eval (weights) : NULL);
  mm_search_set_threads (search, n_threads);
  return search;
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
  gboolean divide = FALSE;
  int depth = -1;
  uint64_t leaves;
  gint64 started;
  double elapsed;

  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--divide") == 0)
        divide = TRUE;
      else if (depth < 0 && parse_int (argv[i], 0, MAX_PERFT_DEPTH, &depth))
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
  started = g_get_monotonic_time ();
  leaves = divide && depth > 0 ? perft_divide (&start, depth) : mm_perft (&start, depth);
  elapsed = (double) (g_get_monotonic_time () - started) / G_USEC_PER_SEC;

  printf ("perft %d: %" PRIu64 " leaves in %.3f s (%.1f million leaves/s, %s)\n",
          depth, leaves, elapsed,
          elapsed > 0 ? (double) leaves / elapsed / 1e6 : 0.0,
          mm_cpu_level_name (mm_cpu_level ()));
  return EXIT_SUCCESS;
}

static int
command_solve (int    argc,
               char **argv)
{
  g_autoptr(MmAiWeights) weights = NULL;
  FILE *file;
  MmSearch *search;
  const char *path = NULL, *eval_path = NULL;
  char line[1024];
  int line_number = 0, solved = 0, matched = 0, unreadable = 0, n_threads = 1;
  uint64_t total_nodes = 0;
  double total_time = 0;

  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--eval") == 0 && i + 1 < argc)
        eval_path = argv[++i];
      else if (strcmp (argv[i], "--threads") == 0 && i + 1 < argc)
        {
          if (!int_option ("solve", argv[i], argv[i + 1], 1, MM_SEARCH_MAX_THREADS, &n_threads))
            return EXIT_FAILURE;
          i++;
        }
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

  if (!load_weights (eval_path, &weights))
    return EXIT_FAILURE;
  file = fopen (path, "r");
  if (file == NULL)
    {
      fprintf (stderr, "monomachia-engine solve: cannot open %s: %s\n", path, strerror (errno));
      return EXIT_FAILURE;
    }
  search = new_search (weights, n_threads);
  if (search == NULL)
    {
      fclose (file);
      return EXIT_FAILURE;
    }

  printf ("%-5s %-7s %-5s %6s %-12s %14s %9s %8s\n",
          "line", "empties", "move", "score", "expected", "nodes", "time (s)", "Mn/s");
  while (fgets (line, sizeof line, file) != NULL)
    {
      MmObfPosition position;
      MmSolveResult result;
      const char *problem = NULL;
      char move[3], expected[3] = "--";
      gint64 started;
      double elapsed;
      gboolean ok;
      bool listed;

      line_number++;
      if (line[0] == '\n' || line[0] == '%' || line[0] == '#')
        continue;
      if (!mm_obf_parse_line (line, &position, &problem))
        {
          fprintf (stderr, "%s:%d: %s\n", path, line_number, problem);
          unreadable++;
          continue;
        }

      mm_search_clear (search);
      started = g_get_monotonic_time ();
      mm_endgame_solve (search, &position.board, &result);
      elapsed = (double) (g_get_monotonic_time () - started) / G_USEC_PER_SEC;

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

  printf ("%d positions, %d right, %" PRIu64 " nodes in %.3f s (%.2f million nodes/s, %s, "
          "%d thread%s)\n",
          solved, matched, total_nodes, total_time,
          total_time > 0 ? (double) total_nodes / total_time / 1e6 : 0.0,
          mm_cpu_level_name (mm_cpu_level ()), n_threads, n_threads == 1 ? "" : "s");
  mm_search_free (search);
  fclose (file);
  /* A line that could not be read is a failure too, so that a damaged
   * file never passes as solved. */
  return matched == solved && unreadable == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

/* ------------------------------------------------------------------ */
/* bench                                                              */
/* ------------------------------------------------------------------ */

/* Tournament games (WTHOR) whose positions make the workload: the
 * midgame after 20 plies, searched to a fixed depth, and the endgame at
 * a fixed number of empties, solved. */
static const char *const bench_games[] = {
  "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5"
  "e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1",
  "f5f6e6f4f3d6c6d3g6e7g5d7c7h5c3h6e3b6c5d8c8b8a6b5g4d2e1c1f2h4a5e2f8b3f7g1h3h2g3a4"
  "c4b4c2b1a3a7a8e8b7b2a1a2d1g8h8g2g7h7f1h1",
  "f5f6e6f4f3c5g6e3d3g5b6c4c3d6h6g4h3d2e2h5h4c2e1d1c1b3e7c6g3d7c8f1f2b1b4a5c7b5a6f8"
  "a4a3a2d8e8b8b2g1g2a1b7a7a8f7g8h1g7h2h7h8",
  "f5d6c5f4e3c6e6f3d3f6g4c4b4a3b5e2d2h4c7b3c3a6d7d1c1c2e7b6e1f1g1f2b1c8a5a4d8e8b7a8"
  "b8b2a1a2g5h5g3h3a7g2h1h2h6g6h7g7g8h8f8f7",
  "f5f6e6f4c3d7f7c4c5c6c8b4c7b5a5e7b3d6f8b6d3e3a6d2d1a4a3e2g6c1c2e1g3d8e8f3f1g1f2b7"
  "a8a7g2b8h1g4h4h5g5h2h3h6g7h7h8b2b1g8a1a2",
};

#define BENCH_MIDGAME_PLIES  20
#define BENCH_MIDGAME_DEPTH  10
#define BENCH_ENDGAME_EMPTIES 20

/* The position of @game once @n_empties squares are left (or after
 * @n_plies moves when @n_empties is 0). */
static gboolean
bench_position (const char *game,
                int         n_plies,
                int         n_empties,
                MmBoard    *board)
{
  int length = (int) strlen (game) / 2;

  mm_board_init_start (board);
  for (int i = 0; i < length; i++)
    {
      char name[3] = { game[2 * i], game[2 * i + 1], '\0' };
      int square = mm_square_parse (name);

      if (n_empties == 0 && i == n_plies)
        return TRUE;
      if (n_empties > 0 && mm_popcount (mm_board_empties (board)) == n_empties)
        return mm_board_can_move (board);
      if (!mm_board_can_move (board))
        mm_board_pass (board);
      if (mm_board_flips (board, square) == 0)
        return FALSE;
      mm_board_play (board, square);
    }
  return FALSE;
}

/* The processor time of the process: on a machine shared with other work
 * it says more than the wall clock. */
static double
cpu_seconds (void)
{
  struct timespec now;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &now);
  return (double) now.tv_sec + (double) now.tv_nsec / 1e9;
}

static int
command_bench (int    argc,
               char **argv)
{
  g_autoptr(MmAiWeights) weights = NULL;
  const char *eval_path = NULL;
  MmSearch *search;
  int n_threads = 1;
  uint64_t nodes[2] = { 0, 0 };
  double seconds[2] = { 0, 0 };
  double cpu[2] = { 0, 0 };
  int counts[2] = { 0, 0 };

  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--eval") == 0 && i + 1 < argc)
        eval_path = argv[++i];
      else if (strcmp (argv[i], "--threads") == 0 && i + 1 < argc)
        {
          if (!int_option ("bench", argv[i], argv[i + 1], 1, MM_SEARCH_MAX_THREADS, &n_threads))
            return EXIT_FAILURE;
          i++;
        }
      else
        {
          fprintf (stderr, "monomachia-engine bench: unexpected '%s'\n", argv[i]);
          return EXIT_FAILURE;
        }
    }
  if (!load_weights (eval_path, &weights))
    return EXIT_FAILURE;
  search = new_search (weights, n_threads);
  if (search == NULL)
    return EXIT_FAILURE;

  printf ("%-8s %-5s %7s %5s %6s %14s %9s %8s\n",
          "phase", "game", "empties", "move", "score", "nodes", "time (s)", "Mn/s");
  for (int phase = 0; phase < 2; phase++)
    {
      for (guint g = 0; g < G_N_ELEMENTS (bench_games); g++)
        {
          MmBoard board;
          char move[3];
          gint64 started;
          double elapsed, cpu_started;
          uint64_t position_nodes;
          int score;

          if (!bench_position (bench_games[g], BENCH_MIDGAME_PLIES,
                               phase == 0 ? 0 : BENCH_ENDGAME_EMPTIES, &board))
            continue;
          mm_search_clear (search);
          started = g_get_monotonic_time ();
          cpu_started = cpu_seconds ();
          if (phase == 0)
            {
              MmSearchLimits limits = { BENCH_MIDGAME_DEPTH, 0, 0 };
              MmSearchResult result;

              mm_search_run (search, &board, &limits, NULL, NULL, &result);
              position_nodes = result.nodes;
              mm_square_format (result.best_move, move);
              score = result.score / MM_EVAL_SCALE;
            }
          else
            {
              MmSolveResult result;

              mm_endgame_solve (search, &board, &result);
              position_nodes = result.nodes;
              mm_square_format (result.best_move, move);
              score = result.score;
            }
          elapsed = (double) (g_get_monotonic_time () - started) / G_USEC_PER_SEC;
          cpu[phase] += cpu_seconds () - cpu_started;
          printf ("%-8s %-5u %7d %5s %+6d %14" PRIu64 " %9.3f %8.2f\n",
                  phase == 0 ? "midgame" : "endgame", g + 1,
                  mm_popcount (mm_board_empties (&board)), move, score, position_nodes, elapsed,
                  elapsed > 0 ? (double) position_nodes / elapsed / 1e6 : 0.0);
          fflush (stdout);
          nodes[phase] += position_nodes;
          seconds[phase] += elapsed;
          counts[phase]++;
        }
    }

  for (int phase = 0; phase < 2; phase++)
    printf ("%s: %d positions (%s), %" PRIu64 " nodes in %.3f s (%.3f s of processor time): "
            "%.2f million nodes/s\n",
            phase == 0 ? "midgame" : "endgame", counts[phase],
            phase == 0 ? "depth " G_STRINGIFY (BENCH_MIDGAME_DEPTH)
                       : G_STRINGIFY (BENCH_ENDGAME_EMPTIES) " empties, solved exactly",
            nodes[phase], seconds[phase], cpu[phase],
            seconds[phase] > 0 ? (double) nodes[phase] / seconds[phase] / 1e6 : 0.0);
  printf ("total: %" PRIu64 " nodes in %.3f s: %.2f million nodes/s (%s, %d thread%s)\n",
          nodes[0] + nodes[1], seconds[0] + seconds[1],
          seconds[0] + seconds[1] > 0
          ? (double) (nodes[0] + nodes[1]) / (seconds[0] + seconds[1]) / 1e6 : 0.0,
          mm_cpu_level_name (mm_cpu_level ()), n_threads, n_threads == 1 ? "" : "s");
  mm_search_free (search);
  return EXIT_SUCCESS;
}

/* ------------------------------------------------------------------ */
/* analyse                                                            */
/* ------------------------------------------------------------------ */

static void
print_moves (GArray   *moves,
             int       depth,
             gpointer  user_data)
{
  GString *line = g_string_new (NULL);

  g_string_append_printf (line, "depth %2d:", depth);
  for (guint i = 0; i < moves->len; i++)
    {
      MmAiMove *move = &g_array_index (moves, MmAiMove, i);
      char name[3], score[G_ASCII_DTOSTR_BUF_SIZE];

      mm_square_format (move->square, name);
      if (move->exact)
        g_snprintf (score, sizeof score, "%+d", move->score / MM_EVAL_SCALE);
      else
        g_ascii_formatd (score, sizeof score, "%+.2f", (double) move->score / MM_EVAL_SCALE);
      g_string_append_printf (line, " %s %s%s", name, score, move->exact ? "=" : "");
    }
  printf ("%s\n", line->str);
  fflush (stdout);
  g_string_free (line, TRUE);
}

static int
command_analyse (int    argc,
                 char **argv)
{
  g_autoptr(MmAiWeights) weights = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) moves = NULL;
  const char *text = NULL, *eval_path = NULL;
  MmSearchLimits limits = { 0, 0, 18 };
  MmSearch *search;
  MmBoard board;
  MmColor side;
  guint64 black, white;
  int n_threads = (int) g_get_num_processors ();
  gboolean depth_given = FALSE;

  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--eval") == 0 && i + 1 < argc)
        eval_path = argv[++i];
      else if (strcmp (argv[i], "--depth") == 0 && i + 1 < argc)
        {
          if (!int_option ("analyse", argv[i], argv[i + 1], 1, 60, &limits.max_depth))
            return EXIT_FAILURE;
          depth_given = TRUE;
          i++;
        }
      else if (strcmp (argv[i], "--exact") == 0 && i + 1 < argc)
        {
          if (!int_option ("analyse", argv[i], argv[i + 1], 0, 60, &limits.exact_empties))
            return EXIT_FAILURE;
          i++;
        }
      else if (strcmp (argv[i], "--time") == 0 && i + 1 < argc)
        {
          if (!parse_seconds (argv[i + 1], &limits.max_seconds))
            {
              fprintf (stderr, "monomachia-engine analyse: --time wants seconds, more than "
                               "0, not '%s'\n", argv[i + 1]);
              return EXIT_FAILURE;
            }
          i++;
        }
      else if (strcmp (argv[i], "--threads") == 0 && i + 1 < argc)
        {
          if (!int_option ("analyse", argv[i], argv[i + 1], 1, MM_SEARCH_MAX_THREADS, &n_threads))
            return EXIT_FAILURE;
          i++;
        }
      else if (strcmp (argv[i], "--") == 0)
        continue;
      else if (text == NULL && !(g_str_has_prefix (argv[i], "--") && g_ascii_isalpha (argv[i][2])))
        text = argv[i];
      else
        {
          fprintf (stderr, "monomachia-engine analyse: unexpected '%s'\n", argv[i]);
          return EXIT_FAILURE;
        }
    }
  if (text == NULL)
    {
      fprintf (stderr, "monomachia-engine analyse: give a position: a board string such as\n"
               "  \"---------------------------OX------XO--------------------------- X\",\n"
               "  a move transcript such as f5d6c3, or a GGF game\n");
      return EXIT_FAILURE;
    }
  /* Without a limit, ten plies; with a time, as deep as it allows. */
  if (!depth_given && limits.max_seconds <= 0)
    limits.max_depth = 10;

  games = mm_record_parse (text, strlen (text), MM_RECORD_FORMAT_UNKNOWN, NULL, &error);
  if (games == NULL)
    {
      fprintf (stderr, "monomachia-engine analyse: %s\n", error->message);
      return EXIT_FAILURE;
    }
  mm_game_record_get_position (g_ptr_array_index (games, 0), &black, &white, &side);
  mm_board_from_colors (&board, black, white, side);

  if (!load_weights (eval_path, &weights))
    return EXIT_FAILURE;
  search = new_search (weights, n_threads);
  if (search == NULL)
    return EXIT_FAILURE;

  printf ("%s to move, %d empties; scores in discs for %s (= exact)\n",
          side == MM_COLOR_BLACK ? "black" : "white", mm_popcount (mm_board_empties (&board)),
          side == MM_COLOR_BLACK ? "black" : "white");
  moves = mm_analysis_run (search, weights != NULL ? mm_ai_weights_get_eval (weights) : NULL,
                           &board, &limits, NULL, print_moves, NULL);
  if (moves->len == 0)
    printf ("the game is over\n");
  else
    {
      MmAiMove *best = &g_array_index (moves, MmAiMove, 0);
      char name[3];
      guint64 nodes = 0;
      double seconds = 0;

      for (guint i = 0; i < moves->len; i++)
        {
          nodes += g_array_index (moves, MmAiMove, i).nodes;
          seconds += g_array_index (moves, MmAiMove, i).seconds;
        }
      mm_square_format (best->square, name);
      printf ("best %s %+.2f%s, depth %d, %" G_GUINT64_FORMAT " nodes in %.3f s\n",
              name, (double) best->score / MM_EVAL_SCALE, best->exact ? " (exact)" : "",
              best->depth, nodes, seconds);
    }
  mm_search_free (search);
  return EXIT_SUCCESS;
}

/* ------------------------------------------------------------------ */
/* nboard                                                             */
/* ------------------------------------------------------------------ */

/* The book of the NBoard engine: never a reason to fail, only to say on
 * the standard error what is missing. */
static MmNboardBook *
nboard_book (const char *book_path,
             const char *learned_path)
{
  g_autoptr(MmAiBook) shipped = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *learned = NULL;
  MmNboardBook *book;

  if (book_path != NULL)
    {
      shipped = mm_ai_book_load (book_path, &error);
      if (shipped == NULL)
        fprintf (stderr, "monomachia-engine: the opening book is not used: %s\n", error->message);
      g_clear_error (&error);
    }
  else
    {
      shipped = mm_ai_book_get_default ();
      if (shipped == NULL)
        fprintf (stderr, "monomachia-engine: no opening book (none where $MONOMACHIA_BOOK "
                 "says, or at %s, or it cannot be read): the engine searches from the first "
                 "move\n", MM_BOOK_INSTALLED_PATH);
    }

  learned = learned_path != NULL ? g_strdup (learned_path) : mm_nboard_book_default_learned_path ();
  book = mm_nboard_book_new (shipped, learned);
  if (!mm_nboard_book_load_learned (book, &error))
    fprintf (stderr, "monomachia-engine: the learned book is not used, and no game is learned "
             "over it: %s\n", error->message);
  return book;
}

static int
command_nboard (int    argc,
                char **argv)
{
  g_autoptr(MmAiWeights) weights = NULL;
  const char *eval_path = NULL, *book_path = NULL, *learned_path = NULL;
  MmNboardBook *book = NULL;
  gboolean no_book = FALSE, ok;
  int n_threads = (int) g_get_num_processors ();

  for (int i = 0; i < argc; i++)
    {
      if (strcmp (argv[i], "--eval") == 0 && i + 1 < argc)
        eval_path = argv[++i];
      else if (strcmp (argv[i], "--book") == 0 && i + 1 < argc)
        book_path = argv[++i];
      else if (strcmp (argv[i], "--learned-book") == 0 && i + 1 < argc)
        learned_path = argv[++i];
      else if (strcmp (argv[i], "--no-book") == 0)
        no_book = TRUE;
      else if (strcmp (argv[i], "--threads") == 0 && i + 1 < argc)
        {
          if (!int_option ("nboard", argv[i], argv[i + 1], 1, MM_SEARCH_MAX_THREADS, &n_threads))
            return EXIT_FAILURE;
          i++;
        }
      else
        {
          fprintf (stderr, "monomachia-engine nboard: unexpected '%s'\n", argv[i]);
          return EXIT_FAILURE;
        }
    }
  if (!load_weights (eval_path, &weights))
    return EXIT_FAILURE;
  if (!no_book)
    book = nboard_book (book_path, learned_path);
  ok = mm_nboard_run (weights, book, n_threads, stdin, stdout);
  mm_nboard_book_free (book);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
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

  if (strcmp (argv[1], "nboard") == 0)
    return command_nboard (argc - 2, argv + 2);
  if (strcmp (argv[1], "analyse") == 0 || strcmp (argv[1], "analyze") == 0)
    return command_analyse (argc - 2, argv + 2);
  if (strcmp (argv[1], "bench") == 0)
    return command_bench (argc - 2, argv + 2);
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
