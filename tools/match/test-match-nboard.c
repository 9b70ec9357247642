/* test-match-nboard.c
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

/* The match tool's NBoard player, against the project's own engine
 * speaking NBoard: whole games are played (every move the engine makes
 * is checked legal by the match, passes included), the clock is shared
 * out, and a bad specification or an engine that goes is an error. */

#include "config.h"

#include <gio/gio.h>
#include <string.h>

static const char *match_program;
static const char *engine_program;

typedef struct
{
  int   status;
  char *output;
} MatchRun;

static void
match_run_clear (MatchRun *run)
{
  g_free (run->output);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (MatchRun, match_run_clear)

/* Runs the match tool with @args (NULL-terminated), its standard output
 * and error together. */
static void
run_match (MatchRun   *run,
           const char *first,
           ...)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  va_list args;

  g_ptr_array_add (argv, (gpointer) match_program);
  va_start (args, first);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  process = g_subprocess_newv ((const char * const *) argv->pdata,
                               G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE,
                               &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &run->output, NULL, &error);
  g_assert_no_error (error);
  /* Exited, not killed. */
  g_assert_true (g_subprocess_get_if_exited (process));
  run->status = g_subprocess_get_exit_status (process);
}

static char *
nboard_spec (const char *limits)
{
  return g_strdup_printf ("nboard:%s:%s nboard --no-book", limits, engine_program);
}

/* Four games at depth 2, from random openings: both engines through
 * NBoard, each game to its end. */
static void
test_games_to_the_end (void)
{
  g_autofree char *first = nboard_spec ("2");
  g_autofree char *second = nboard_spec ("1");
  g_auto(MatchRun) run = { 0 };
  g_autofree char *summary = NULL;

  run_match (&run, "-n", "4", "-r", "-p", "4", "-v", first, second, NULL);
  g_assert_cmpint (run.status, ==, 0);
  summary = g_strdup_printf ("%s vs %s: 4 games", first, second);
  g_assert_nonnull (strstr (run.output, summary));
  for (int game = 0; game < 4; game++)
    {
      g_autofree char *line = g_strdup_printf ("game %3d ", game);

      g_assert_nonnull (strstr (run.output, line));
    }
}

/* Against our own search in the process, so that moves the engine did
 * not make itself reach it too. */
static void
test_against_own_search (void)
{
  g_autofree char *engine = nboard_spec ("3");
  g_auto(MatchRun) run = { 0 };

  run_match (&run, "-n", "2", "-r", "-p", "6", engine, "depth:3", NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_nonnull (strstr (run.output, ": 2 games"));
}

/* On a clock of 2 seconds a game the engine searches as deep as it
 * may (60) and still keeps within the clock. */
static void
test_clock (void)
{
  g_autofree char *engine = nboard_spec ("60@2");
  g_auto(MatchRun) run = { 0 };
  g_autofree char *line = NULL;
  const char *found;
  double seconds;

  run_match (&run, "-n", "2", "-r", "-p", "6", engine, "depth:1", NULL);
  g_assert_cmpint (run.status, ==, 0);
  line = g_strdup_printf ("  %s: ", engine);
  found = strstr (run.output, line);
  g_assert_nonnull (found);
  found = strstr (found, " s at most, ");
  g_assert_nonnull (found);
  seconds = g_ascii_strtod (found + strlen (" s at most, "), NULL);
  g_assert_cmpfloat (seconds, >, 0.0);
  g_assert_cmpfloat (seconds, <, 2.0);
}

static void
test_bad_spec (void)
{
  const char *specs[] = { "nboard:", "nboard:8", "nboard:0:x", "nboard:8@:x", "nboard:x:y" };

  for (guint i = 0; i < G_N_ELEMENTS (specs); i++)
    {
      g_auto(MatchRun) run = { 0 };

      run_match (&run, "-n", "2", "-r", specs[i], "depth:1", NULL);
      g_assert_cmpint (run.status, !=, 0);
      g_assert_nonnull (strstr (run.output, "give an NBoard engine as nboard:DEPTH"));
    }
}

/* An engine that leaves at once: an error naming it, not a hang nor
 * the tool killed by the broken pipe. */
static void
test_engine_that_goes (void)
{
  g_auto(MatchRun) run = { 0 };

  run_match (&run, "-n", "2", "-r", "nboard:4:/bin/true", "depth:1", NULL);
  g_assert_cmpint (run.status, !=, 0);
  g_assert_true (strstr (run.output, "nboard:4:/bin/true stopped answering") != NULL
                 || strstr (run.output, "nboard:4:/bin/true did not take") != NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  match_program = g_getenv ("MM_MATCH_PROGRAM");
  engine_program = g_getenv ("MM_ENGINE_PROGRAM");
  g_assert_nonnull (match_program);
  g_assert_nonnull (engine_program);

  g_test_add_func ("/match/nboard/games-to-the-end", test_games_to_the_end);
  g_test_add_func ("/match/nboard/against-own-search", test_against_own_search);
  g_test_add_func ("/match/nboard/clock", test_clock);
  g_test_add_func ("/match/nboard/bad-spec", test_bad_spec);
  g_test_add_func ("/match/nboard/engine-that-goes", test_engine_that_goes);
  return g_test_run ();
}
