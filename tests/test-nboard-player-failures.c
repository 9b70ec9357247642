/* test-nboard-player-failures.c
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

/* MmNboardPlayer against small engines written here as shell scripts,
 * each wrong in its own way: it cannot be started, exits at once or in
 * the middle, prints garbage, a line without end or a flood, does not
 * read, answers an illegal move or a stale one, or never answers; and
 * the engine's process: a dropped or disposed player, the folder it runs
 * in.  Every failure must come as an error, in time, and a dropped
 * player must take its engine (and what the engine started) with it.
 * Engines that talk as they should are in test-nboard-player.c. */

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "mm-game-record.h"
#include "mm-nboard-player.h"
#include "mm-player.h"
#include "mm-test-nboard.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                            */
/* ------------------------------------------------------------------ */

/* The error for @record, which must come in @domain with @code. */
static char *
choose_fails (MmNboardPlayer *player,
              MmGameRecord   *record,
              GQuark          domain,
              int             code)
{
  MmTestNboardAnswer answer = { 0 };
  char *message;

  mm_test_nboard_ask (player, record, NULL, &answer);
  mm_test_nboard_wait_for (&answer);
  g_assert_error (answer.error, domain, code);
  g_assert_false (answer.found);
  g_assert_true (g_utf8_validate (answer.error->message, -1, NULL));
  message = g_strdup (answer.error->message);
  mm_test_nboard_answer_clear (&answer);
  return message;
}

/* Answers ping and nboard; what "go" does is up to @on_go. */
#define SCRIPT(on_go) \
  "while read -r command argument rest; do\n" \
  "  case \"$command\" in\n" \
  "    nboard) echo 'set myname Fake Engine' ;;\n" \
  "    ping) echo \"pong $argument\" ;;\n" \
  "    go) " on_go " ;;\n" \
  "  esac\n" \
  "done\n"

/* ------------------------------------------------------------------ */
/* Engines that go wrong                                              */
/* ------------------------------------------------------------------ */

static void
test_cannot_start (void)
{
  const char *command_lines[] = {
    "",
    "   ",
    "/nonexistent/monomachia/engine nboard",
    "engine 'unclosed",
  };

  for (guint i = 0; i < G_N_ELEMENTS (command_lines); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MmNboardPlayer) player = mm_nboard_player_new (command_lines[i], &error);

      g_assert_null (player);
      g_assert_error (error, MM_NBOARD_ERROR, MM_NBOARD_ERROR_START);
      /* The program that is missing is named, not its folder. */
      if (i == 2)
        g_assert_nonnull (strstr (error->message, "/nonexistent/monomachia/engine"));
    }
}

/* Exits before a word: the request fails with what it said on stderr,
 * and so does every later one. */
static void
test_exits_at_once (void)
{
  g_autoptr(MmNboardPlayer) player =
    mm_test_nboard_script_player ("exits.sh", "echo 'fake: cannot find eval.dat' >&2\nexit 3\n");
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autofree char *message = NULL;
  g_autofree char *again = NULL;
  g_autoptr(GError) error = NULL;

  message = choose_fails (player, record, MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED);
  g_assert_nonnull (strstr (message, "cannot find eval.dat"));
  g_assert_false (mm_nboard_player_get_running (player));
  again = choose_fails (player, record, MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED);
  g_assert_cmpstr (again, ==, message);
  error = mm_test_nboard_check (player);
  g_assert_error (error, MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED);
}

/* Exits as Edax does without its data/eval.dat: the message has the
 * last lines of its stderr, the very last without a newline. */
static void
test_exits_without_newline (void)
{
  g_autoptr(MmNboardPlayer) player =
    mm_test_nboard_script_player ("no-newline.sh",
                                  "i=1\n"
                                  "while [ $i -le 9 ]; do "
                                  "echo \"noise $i\" >&2; i=$((i + 1)); done\n"
                                  "echo 'fake: loading the evaluation' >&2\n"
                                  "printf 'fake: cannot open data/eval.dat' >&2\n"
                                  "exit 1\n");
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autofree char *message = NULL;

  message = choose_fails (player, record, MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED);
  g_assert_nonnull (strstr (message, "fake: loading the evaluation"));
  g_assert_nonnull (strstr (message, "fake: cannot open data/eval.dat"));
  g_assert_true (g_str_has_suffix (message, "eval.dat"));
  /* Not the whole of a long complaint. */
  g_assert_null (strstr (message, "noise 1\n"));
  g_assert_nonnull (strstr (message, "noise 9"));
}

/* A seat whose engine has stopped answers no square, and says why. */
static void
test_seat_fails (void)
{
  g_autoptr(MmNboardPlayer) player =
    mm_test_nboard_script_player ("seat-exits.sh", "printf 'fake: no eval.dat' >&2\nexit 1\n");
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  MmTestNboardAnswer answer = { 0 };

  mm_test_nboard_seat_ask (MM_PLAYER (player), record, NULL, &answer);
  mm_test_nboard_wait_for (&answer);
  g_assert_error (answer.error, MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED);
  g_assert_nonnull (strstr (answer.error->message, "fake: no eval.dat"));
  g_assert_cmpint (answer.move.square, ==, MM_SQUARE_NONE);
  g_assert_cmpstr (mm_player_get_display_name (MM_PLAYER (player)), ==, "sh");
  mm_test_nboard_answer_clear (&answer);
}

/* Exits in the middle of a request. */
static void
test_exits_on_go (void)
{
  g_autoptr(MmNboardPlayer) player = mm_test_nboard_script_player ("dies.sh", SCRIPT ("exit 0"));
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autofree char *message = NULL;

  message = choose_fails (player, record, MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED);
  g_assert_cmpstr (mm_nboard_player_get_name (player), ==, "Fake Engine");
}

static void
test_illegal_move (void)
{
  g_autoptr(MmNboardPlayer) player =
    mm_test_nboard_script_player ("illegal.sh", SCRIPT ("echo '=== A1/0.00/0.1'"));
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autofree char *message = NULL;
  g_autoptr(MmGameRecord) pass = NULL;
  g_autofree char *pass_message = NULL;

  message = choose_fails (player, record, MM_NBOARD_ERROR, MM_NBOARD_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (message, "a1"));
  /* The engine is still there: the next request is asked for. */
  g_assert_true (mm_nboard_player_get_running (player));
  g_free (choose_fails (player, record, MM_NBOARD_ERROR, MM_NBOARD_ERROR_ILLEGAL_MOVE));

  g_object_unref (player);
  player = mm_test_nboard_script_player ("passes.sh", SCRIPT ("echo '=== PA'"));
  pass_message = choose_fails (player, record, MM_NBOARD_ERROR, MM_NBOARD_ERROR_ILLEGAL_MOVE);
}

static void
test_garbage (void)
{
  /* Noise the protocol says to ignore, binary bytes, then a non-move. */
  g_autoptr(MmNboardPlayer) player =
    mm_test_nboard_script_player ("garbage.sh",
                                  SCRIPT ("printf 'hello\\n\\001\\377\\376 ===\\nstatus thinking\\n"
                                          "search ZZ nonsense\\nnodestats x y\\n=== Z9/what\\n'"));
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autofree char *message = NULL;

  message = choose_fails (player, record, MM_NBOARD_ERROR, MM_NBOARD_ERROR_PROTOCOL);
  g_assert_nonnull (strstr (message, "Z9"));
  g_assert_true (mm_nboard_player_get_running (player));
}

/* A line without end is given up long before it fills the memory. */
static void
test_endless_line (void)
{
  g_autoptr(MmNboardPlayer) player =
    mm_test_nboard_script_player ("endless.sh",
                                  SCRIPT ("while :; do printf 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'; done"));
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autofree char *message = NULL;

  message = choose_fails (player, record, MM_NBOARD_ERROR, MM_NBOARD_ERROR_PROTOCOL);
  g_assert_false (mm_nboard_player_get_running (player));
}

/* Floods its output with lines: given up long before the time limit. */
static void
test_flood (void)
{
  g_autoptr(MmNboardPlayer) player =
    mm_test_nboard_script_player ("flood.sh", SCRIPT ("yes 'status thinking'"));
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autofree char *message = NULL;

  mm_nboard_player_set_timeout (player, MM_TEST_NBOARD_WAIT_LIMIT_S * 1000);
  message = choose_fails (player, record, MM_NBOARD_ERROR, MM_NBOARD_ERROR_PROTOCOL);
  g_assert_false (mm_nboard_player_get_running (player));
}

/* Does not read its input: the first request, although its game is
 * large, only times out; the next one finds the last one's lines unread
 * and gives the engine up. */
static void
test_not_reading (void)
{
  g_autoptr(MmNboardPlayer) player = mm_test_nboard_script_player ("deaf.sh", "exec sleep 1000\n");
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autofree char *value = g_strnfill (MM_RECORD_MAX_TAG_VALUE, 'x');
  g_autofree char *message = NULL;
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < 100; i++)
    {
      g_autofree char *name = g_strdup_printf ("X%u", i);

      mm_game_record_set_tag (record, name, value, &error);
      g_assert_no_error (error);
    }
  g_free (choose_fails (player, record, MM_NBOARD_ERROR, MM_NBOARD_ERROR_TIMEOUT));
  g_assert_true (mm_nboard_player_get_running (player));
  message = choose_fails (player, record, MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED);
  g_assert_false (mm_nboard_player_get_running (player));
}

/* Reads everything and says nothing: the time limit. */
static void
test_silent (void)
{
  g_autoptr(MmNboardPlayer) player =
    mm_test_nboard_script_player ("silent.sh", "while read -r line; do :; done\n");
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autofree char *message = NULL;
  g_autoptr(GError) error = NULL;
  gint64 started = g_get_monotonic_time ();

  g_assert_cmpstr (mm_nboard_player_get_name (player), ==, "sh");
  message = choose_fails (player, record, MM_NBOARD_ERROR, MM_NBOARD_ERROR_TIMEOUT);
  g_assert_cmpint (g_get_monotonic_time () - started, >=, MM_TEST_NBOARD_SHORT_TIMEOUT_MS * 1000);
  g_assert_cmpint (g_get_monotonic_time () - started, <,
                   (MM_TEST_NBOARD_SHORT_TIMEOUT_MS + 5000) * 1000);
  g_assert_true (mm_nboard_player_get_running (player));
  error = mm_test_nboard_check (player);
  g_assert_error (error, MM_NBOARD_ERROR, MM_NBOARD_ERROR_TIMEOUT);
}

/* Answers every "go" late, after the next ping has come: the answer to
 * a cancelled request must not be taken for the next one's.  The first
 * answer, F5, is not even legal in the second position. */
static void
test_stale_answer (void)
{
  g_autoptr(MmNboardPlayer) player =
    mm_test_nboard_script_player ("late.sh",
                                  "n=0\n"
                                  "while read -r command argument rest; do\n"
                                  "  case \"$command\" in\n"
                                  "    ping) echo \"pong $argument\" ;;\n"
                                  "    go) n=$((n + 1))\n"
                                  "        if [ $n = 1 ]; then read -r line; echo '=== F5'; "
                                  "echo \"pong ${line#ping }\"; else echo '=== F6/-0.50'; fi ;;\n"
                                  "  esac\n"
                                  "done\n");
  g_autoptr(MmGameRecord) start = mm_game_record_new ();
  g_autoptr(MmGameRecord) after = mm_test_nboard_record_from_transcript ("f5");
  MmTestNboardAnswer first = { 0 };
  MmAiMove move;

  mm_test_nboard_ask (player, start, NULL, &first);
  mm_test_nboard_wait_ms (100);
  mm_nboard_player_stop (player);
  mm_test_nboard_wait_for (&first);
  g_assert_error (first.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  move = mm_test_nboard_choose (player, after);
  g_assert_cmpint (move.square, ==, mm_square_parse ("f6"));
  g_assert_cmpint (move.score, ==, -MM_EVAL_SCALE / 2);
  mm_test_nboard_answer_clear (&first);
}

static int
read_pid (const char *name)
{
  g_autofree char *path = g_build_filename (mm_test_nboard_scripts_dir (), name, NULL);
  g_autofree char *text = NULL;
  guint limit = g_timeout_add_seconds (MM_TEST_NBOARD_WAIT_LIMIT_S,
                                       mm_test_nboard_time_is_up, NULL);

  while (!g_file_get_contents (path, &text, NULL, NULL) || strchr (text, '\n') == NULL)
    {
      g_clear_pointer (&text, g_free);
      mm_test_nboard_wait_ms (10);
    }
  g_source_remove (limit);
  return atoi (text);
}

/* Whether @pid is a zombie: dead, not reaped yet. */
static gboolean
is_zombie (int pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", pid);
  g_autofree char *stat = NULL;
  const char *end;

  if (!g_file_get_contents (path, &stat, NULL, NULL))
    return FALSE;
  end = strrchr (stat, ')');
  return end != NULL && end[1] == ' ' && end[2] == 'Z';
}

/* Our own child must be reaped; a grandchild only dead, since not every
 * container's init reaps the orphans it inherits. */
static void
assert_gone (int      pid,
             gboolean reaped)
{
  gint64 give_up = g_get_monotonic_time () + MM_TEST_NBOARD_WAIT_LIMIT_S * G_USEC_PER_SEC;

  while (kill (pid, 0) == 0)
    {
      if (!reaped && is_zombie (pid))
        return;
      g_assert_cmpint (g_get_monotonic_time (), <, give_up);
      mm_test_nboard_wait_ms (10);
    }
  g_assert_cmpint (errno, ==, ESRCH);
}

/* A player dropped in the middle of a request (stopped first) kills its
 * engine, and what the engine started. */
static void
test_dropped (void)
{
  g_autofree char *script = g_strdup_printf ("sleep 1000 &\n"
                                             "echo $! > '%s/child.pid'\n"
                                             "echo $$ > '%s/engine.pid'\n"
                                             "while read -r line; do :; done\n",
                                             mm_test_nboard_scripts_dir (),
                                             mm_test_nboard_scripts_dir ());
  MmNboardPlayer *player = mm_test_nboard_script_player ("dropped.sh", script);
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  MmTestNboardAnswer answer = { 0 };
  int engine_pid, child_pid;

  engine_pid = read_pid ("engine.pid");
  child_pid = read_pid ("child.pid");
  mm_test_nboard_ask (player, record, NULL, &answer);
  mm_nboard_player_stop (player);
  mm_test_nboard_wait_for (&answer);
  g_assert_error (answer.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  mm_test_nboard_answer_clear (&answer);

  g_assert_true (mm_nboard_player_get_running (player));
  g_object_unref (player);
  assert_gone (engine_pid, TRUE);
  assert_gone (child_pid, FALSE);
}

/* A relative program runs in the working directory given. */
static void
test_working_directory (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path =
    mm_test_nboard_write_script ("where.sh",
                                 "echo \"set myname $(pwd)\"\n"
                                 "while read -r line; do\n"
                                 "  case \"$line\" in\n"
                                 "    'ping '*) echo \"pong ${line#ping }\" ;;\n"
                                 "  esac\n"
                                 "done\n");
  g_autoptr(MmNboardPlayer) player = NULL;

  player = g_initable_new (MM_TYPE_NBOARD_PLAYER, NULL, &error,
                           "command-line", "sh ./where.sh",
                           "working-directory", mm_test_nboard_scripts_dir (),
                           "timeout", MM_TEST_NBOARD_SHORT_TIMEOUT_MS * 4,
                           NULL);
  g_assert_no_error (error);
  g_assert_cmpstr (mm_nboard_player_get_command_line (player), ==, "sh ./where.sh");
  g_assert_no_error (mm_test_nboard_check (player));
  g_assert_cmpstr (mm_nboard_player_get_name (player), ==, mm_test_nboard_scripts_dir ());
}

/* An engine that, as Edax, needs data/eval.dat in its working
 * directory, installed at @folder/@program. */
static char *
install_data_engine (const char *folder,
                     const char *program)
{
  g_autofree char *path = g_build_filename (mm_test_nboard_scripts_dir (), folder, program, NULL);
  g_autofree char *bin = g_path_get_dirname (path);
  g_autofree char *root = g_str_has_suffix (bin, "/bin") ? g_path_get_dirname (bin)
                                                          : g_strdup (bin);
  g_autofree char *data = g_build_filename (root, "data", NULL);
  g_autofree char *eval = g_build_filename (data, "eval.dat", NULL);
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (g_mkdir_with_parents (bin, 0755), ==, 0);
  g_assert_cmpint (g_mkdir_with_parents (data, 0755), ==, 0);
  g_file_set_contents (eval, "weights", -1, &error);
  g_assert_no_error (error);
  g_file_set_contents (path,
                       "#!/bin/sh\n"
                       "[ -f data/eval.dat ] || { printf 'Cannot open data/eval.dat' >&2; exit 1; }\n"
                       SCRIPT ("echo '=== F5'"),
                       -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (path, 0755), ==, 0);
  return g_shell_quote (path);
}

static MmNboardPlayer *
directory_player (const char *command_line,
                  const char *directory)
{
  g_autoptr(GError) error = NULL;
  MmNboardPlayer *player = mm_nboard_player_new_in_directory (command_line, directory, &error);

  g_assert_no_error (error);
  mm_nboard_player_set_timeout (player, MM_TEST_NBOARD_SHORT_TIMEOUT_MS * 4);
  return player;
}

/* The folder the engine runs in: the one given, or else its own (above
 * bin/, as Edax's releases are laid out) when the command line names it
 * with a path, or else the home folder.  Edax without its data/eval.dat
 * exits with a message on stderr that has no newline. */
static void
test_engine_directory (void)
{
  g_autofree char *edax = install_data_engine ("edax", "bin/fake-edax");
  g_autofree char *flat = install_data_engine ("flat", "fake-edax");
  g_autofree char *edax_root = g_build_filename (mm_test_nboard_scripts_dir (), "edax", NULL);
  g_autofree char *flat_root = g_build_filename (mm_test_nboard_scripts_dir (), "flat", NULL);
  g_autofree char *missing = g_build_filename (mm_test_nboard_scripts_dir (), "no-such-folder",
                                               NULL);
  g_autoptr(MmNboardPlayer) player = NULL;
  g_autoptr(GError) error = NULL;

  player = directory_player (edax, NULL);
  g_assert_cmpstr (mm_nboard_player_get_working_directory (player), ==, edax_root);
  g_assert_no_error (mm_test_nboard_check (player));
  g_clear_object (&player);

  player = directory_player (flat, "");
  g_assert_cmpstr (mm_nboard_player_get_working_directory (player), ==, flat_root);
  g_assert_no_error (mm_test_nboard_check (player));
  g_clear_object (&player);

  /* Where there is no data/eval.dat. */
  player = directory_player (edax, mm_test_nboard_scripts_dir ());
  error = mm_test_nboard_check (player);
  g_assert_error (error, MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED);
  g_assert_nonnull (strstr (error->message, "Cannot open data/eval.dat"));
  g_clear_error (&error);
  g_clear_object (&player);

  player = directory_player (edax, edax_root);
  g_assert_no_error (mm_test_nboard_check (player));
  g_clear_object (&player);

  player = directory_player ("sh -c 'while read -r line; do :; done'", NULL);
  g_assert_cmpstr (mm_nboard_player_get_working_directory (player), ==, g_get_home_dir ());
  g_clear_object (&player);

  player = mm_nboard_player_new_in_directory (edax, missing, &error);
  g_assert_null (player);
  g_assert_error (error, MM_NBOARD_ERROR, MM_NBOARD_ERROR_START);
}

/* g_object_run_dispose(), as a window does when the application quits
 * with a request in progress: the engine is killed at once, the request
 * cancelled, and a later one fails. */
static void
test_run_dispose (void)
{
  g_autofree char *script = g_strdup_printf ("echo $$ > '%s/disposed.pid'\n"
                                             "while read -r line; do :; done\n",
                                             mm_test_nboard_scripts_dir ());
  g_autoptr(MmNboardPlayer) player = mm_test_nboard_script_player ("disposed.sh", script);
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autofree char *message = NULL;
  MmTestNboardAnswer answer = { 0 };
  int engine_pid = read_pid ("disposed.pid");

  mm_test_nboard_ask (player, record, NULL, &answer);
  g_object_run_dispose (G_OBJECT (player));
  assert_gone (engine_pid, TRUE);
  mm_test_nboard_wait_for (&answer);
  g_assert_error (answer.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  mm_test_nboard_answer_clear (&answer);
  g_assert_false (mm_nboard_player_get_running (player));
  message = choose_fails (player, record, MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED);
}

/* A caller's cancellable that is already cancelled. */
static void
test_cancelled_before (void)
{
  g_autoptr(MmNboardPlayer) player = mm_test_nboard_script_player ("never.sh", SCRIPT (":"));
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  MmTestNboardAnswer answer = { 0 };

  g_cancellable_cancel (cancellable);
  mm_test_nboard_ask (player, record, cancellable, &answer);
  mm_test_nboard_wait_for (&answer);
  g_assert_error (answer.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  mm_test_nboard_answer_clear (&answer);
}

int
main (int   argc,
      char *argv[])
{
  mm_test_nboard_init (&argc, &argv);

  g_test_add_func ("/nboard-player/fake/cannot-start", test_cannot_start);
  g_test_add_func ("/nboard-player/fake/exits-at-once", test_exits_at_once);
  g_test_add_func ("/nboard-player/fake/exits-without-newline", test_exits_without_newline);
  g_test_add_func ("/nboard-player/fake/exits-on-go", test_exits_on_go);
  g_test_add_func ("/nboard-player/fake/seat-fails", test_seat_fails);
  g_test_add_func ("/nboard-player/fake/illegal-move", test_illegal_move);
  g_test_add_func ("/nboard-player/fake/garbage", test_garbage);
  g_test_add_func ("/nboard-player/fake/endless-line", test_endless_line);
  g_test_add_func ("/nboard-player/fake/flood", test_flood);
  g_test_add_func ("/nboard-player/fake/not-reading", test_not_reading);
  g_test_add_func ("/nboard-player/fake/silent", test_silent);
  g_test_add_func ("/nboard-player/fake/stale-answer", test_stale_answer);
  g_test_add_func ("/nboard-player/fake/dropped", test_dropped);
  g_test_add_func ("/nboard-player/fake/run-dispose", test_run_dispose);
  g_test_add_func ("/nboard-player/fake/cancelled-before", test_cancelled_before);
  g_test_add_func ("/nboard-player/fake/working-directory", test_working_directory);
  g_test_add_func ("/nboard-player/fake/engine-directory", test_engine_directory);

  return mm_test_nboard_run ();
}
