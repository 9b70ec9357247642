/* test-nboard.c
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

/* `monomachia-engine nboard` driven through a pipe by a scripted
 * session, as NBoard drives it: the answers to nboard, set game, go,
 * hint, move, ping, learn and quit, their format, the legality of every
 * move given (passes and forced moves included), exact scores near the
 * end, and a long search that ping stops at once. */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "mm-game-record.h"
#include "mm-ggf.h"

/* A 1977 WTHOR game, 34-30, in which White passes twice. */
#define GAME_A \
  "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5" \
  "e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1"

/* The example of the protocol's own description. */
#define EXAMPLE_GAME \
  "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]" \
  "TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]" \
  "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)"

#define ANSWER_TIMEOUT_US (60 * G_USEC_PER_SEC)

typedef struct
{
  GSubprocess      *process;
  GOutputStream    *input;
  GDataInputStream *output;
  GRegex           *search_line;
} Session;

static void
session_start (Session *session)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GError) error = NULL;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE
                                        | G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_subprocess_launcher_setenv (launcher, "MONOMACHIA_EVAL", MM_EVAL_SOURCE_PATH, TRUE);
  session->process = g_subprocess_launcher_spawn (launcher, &error, MM_ENGINE_PATH, "nboard",
                                                  "--threads", "2", NULL);
  g_assert_no_error (error);
  session->input = g_subprocess_get_stdin_pipe (session->process);
  session->output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (session->process));
  session->search_line = g_regex_new ("^search ([A-H][1-8]|PA) -?[0-9]+\\.[0-9][0-9] 0 "
                                      "([0-9]+|100%)$", 0, 0, NULL);
}

static void
session_finish (Session *session)
{
  g_autoptr(GError) error = NULL;

  g_subprocess_wait (session->process, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (session->process));
  g_assert_cmpint (g_subprocess_get_exit_status (session->process), ==, 0);
  g_clear_object (&session->output);
  g_clear_object (&session->process);
  g_clear_pointer (&session->search_line, g_regex_unref);
}

static void
send (Session    *session,
      const char *command)
{
  g_autofree char *line = g_strconcat (command, "\n", NULL);
  g_autoptr(GError) error = NULL;

  g_output_stream_write_all (session->input, line, strlen (line), NULL, NULL, &error);
  g_assert_no_error (error);
  g_output_stream_flush (session->input, NULL, &error);
  g_assert_no_error (error);
}

typedef struct
{
  gboolean  done;
  char     *line;
  GError   *error;
} LineRead;

static void
line_read (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  LineRead *read = user_data;

  read->line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (source), result,
                                                          NULL, &read->error);
  read->done = TRUE;
}

/* The next line of the engine, waiting at most @timeout microseconds. */
static char *
receive_within (Session *session,
                gint64   timeout)
{
  LineRead read = { 0 };
  gint64 give_up = g_get_monotonic_time () + timeout;

  g_data_input_stream_read_line_async (session->output, G_PRIORITY_DEFAULT, NULL,
                                       line_read, &read);
  while (!read.done)
    {
      g_main_context_iteration (NULL, FALSE);
      if (!read.done)
        g_usleep (1000);
      if (g_get_monotonic_time () > give_up)
        g_error ("no answer from the engine in %" G_GINT64_FORMAT " ms", timeout / 1000);
    }
  g_assert_no_error (read.error);
  g_assert_nonnull (read.line);
  return read.line;
}

static char *
receive (Session *session)
{
  return receive_within (session, ANSWER_TIMEOUT_US);
}

static void
expect (Session    *session,
        const char *expected)
{
  g_autofree char *line = receive (session);

  g_assert_cmpstr (line, ==, expected);
}

/* The position at the end of a GGF game. */
static void
position_of_ggf (const char *ggf,
                 MmBoard    *board)
{
  g_autoptr(GPtrArray) games = mm_ggf_parse (ggf, strlen (ggf), NULL);
  guint64 black, white;
  MmColor side;

  g_assert_nonnull (games);
  mm_game_record_get_position (g_ptr_array_index (games, 0), &black, &white, &side);
  mm_board_from_colors (board, black, white, side);
}

/* A GGF game of the first @n_plies moves of @transcript, on one line. */
static char *
ggf_of (const char *transcript,
        int         n_plies)
{
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  char *text;

  for (int i = 0; i < n_plies; i++)
    {
      char name[3] = { transcript[2 * i], transcript[2 * i + 1], '\0' };

      g_assert_true (mm_game_record_play (record, mm_square_parse (name), NULL, NULL, NULL));
    }
  text = mm_ggf_write (record);
  g_strdelimit (text, "\r\n", ' ');
  return text;
}

static int
parse_move (const char *text)
{
  char name[3] = { g_ascii_tolower (text[0]), text[1], '\0' };

  if (strncmp (text, "PA", 2) == 0)
    return MM_SQUARE_PASS;
  return mm_square_parse (name);
}

static void
assert_legal (const MmBoard *board,
              int            square)
{
  if (!mm_board_can_move (board))
    g_assert_cmpint (square, ==, MM_SQUARE_PASS);
  else
    {
      g_assert_true (mm_square_is_valid (square));
      g_assert_cmpuint (mm_board_flips (board, square), !=, 0);
    }
}

/* Reads the answer to "go": a status, search lines, nodestats, then
 * "=== MOVE[/EVAL/TIME]".  Returns the move. */
static int
read_go (Session       *session,
         const MmBoard *board,
         gboolean      *with_eval)
{
  g_autofree char *status = receive (session);

  g_assert_true (g_str_has_prefix (status, "status "));
  for (;;)
    {
      g_autofree char *line = receive (session);

      if (g_str_has_prefix (line, "search "))
        {
          g_assert_true (g_regex_match (session->search_line, line, 0, NULL));
          assert_legal (board, parse_move (line + strlen ("search ")));
        }
      else if (g_str_has_prefix (line, "nodestats "))
        g_assert_true (g_regex_match_simple ("^nodestats [0-9]+ [0-9]+\\.[0-9][0-9]$", line, 0, 0));
      else
        {
          int square;

          g_assert_true (g_str_has_prefix (line, "=== "));
          square = parse_move (line + 4);
          assert_legal (board, square);
          *with_eval = strchr (line, '/') != NULL;
          if (*with_eval)
            g_assert_true (g_regex_match_simple ("^=== ([A-H][1-8]|PA)/-?[0-9]+\\.[0-9][0-9]/"
                                                 "[0-9]+\\.[0-9][0-9]$", line, 0, 0));
          else
            g_assert_cmpuint (strlen (line), ==, 6);
          return square;
        }
    }
}

/* Reads the answer to "hint N" up to its closing "status": the lines of
 * the last depth.  Returns them. */
static GPtrArray *
read_hint (Session       *session,
           const MmBoard *board)
{
  g_autofree char *status = receive (session);
  GPtrArray *last = g_ptr_array_new_with_free_func (g_free);
  char last_depth[16] = "";

  g_assert_true (g_str_has_prefix (status, "status "));
  for (;;)
    {
      g_autofree char *line = receive (session);
      const char *depth;

      if (strcmp (line, "status") == 0)
        return last;
      if (g_str_has_prefix (line, "nodestats "))
        continue;
      g_assert_true (g_regex_match (session->search_line, line, 0, NULL));
      assert_legal (board, parse_move (line + strlen ("search ")));
      depth = strrchr (line, ' ') + 1;
      if (strcmp (depth, last_depth) != 0)
        {
          g_ptr_array_set_size (last, 0);
          g_strlcpy (last_depth, depth, sizeof last_depth);
        }
      g_ptr_array_add (last, g_steal_pointer (&line));
    }
}

static void
test_session (void)
{
  Session session = { 0 };
  g_autofree char *set_game = NULL;
  g_autofree char *move_command = NULL;
  g_autoptr(GPtrArray) hints = NULL;
  MmBoard board;
  gboolean with_eval;
  char name[3];
  int square;

  session_start (&session);
  send (&session, "nboard 2");
  expect (&session, "set myname Monomachia");
  send (&session, "set depth 4");
  send (&session, "set contempt 0");
  set_game = g_strconcat ("set game ", EXAMPLE_GAME, NULL);
  send (&session, set_game);
  send (&session, "ping 1");
  expect (&session, "pong 1");

  position_of_ggf (EXAMPLE_GAME, &board);
  send (&session, "go");
  square = read_go (&session, &board, &with_eval);
  g_assert_true (with_eval);

  /* The three best moves, each on its own line, at the last depth. */
  send (&session, "hint 3");
  hints = read_hint (&session, &board);
  g_assert_cmpuint (hints->len, ==, 3);
  g_assert_true (g_str_has_suffix (g_ptr_array_index (hints, 0), " 4"));
  g_assert_cmpint (parse_move ((char *) g_ptr_array_index (hints, 0) + 7), ==, square);
  send (&session, "ping 2");
  expect (&session, "pong 2");

  /* The move is played only when the GUI says so. */
  mm_square_format (square, name);
  move_command = g_strdup_printf ("move %s/0.50/1.25", name);
  send (&session, move_command);
  mm_board_play (&board, square);
  send (&session, "learn");
  expect (&session, "learned");
  send (&session, "an unknown command");
  send (&session, "ping 3");
  expect (&session, "pong 3");
  send (&session, "go");
  read_go (&session, &board, &with_eval);

  send (&session, "quit");
  session_finish (&session);
}

/* Where the side to move must pass, and where it has one move only. */
static void
test_pass_and_forced (void)
{
  Session session = { 0 };
  int n_plies = (int) strlen (GAME_A) / 2;
  int n_passes = 0, n_forced = 0;

  session_start (&session);
  send (&session, "nboard 2");
  expect (&session, "set myname Monomachia");
  send (&session, "set depth 2");

  for (int ply = 30; ply < n_plies; ply++)
    {
      g_autofree char *ggf = ggf_of (GAME_A, ply);
      g_autofree char *command = g_strconcat ("set game ", ggf, NULL);
      MmBoard board;
      gboolean with_eval;
      int square, n_moves;

      position_of_ggf (ggf, &board);
      n_moves = mm_popcount (mm_board_legal_moves (&board));
      if (n_moves > 1)
        continue;
      send (&session, command);
      send (&session, "go");
      square = read_go (&session, &board, &with_eval);
      g_assert_false (with_eval);
      if (n_moves == 0)
        {
          g_assert_cmpint (square, ==, MM_SQUARE_PASS);
          n_passes++;
        }
      else
        n_forced++;
    }
  g_assert_cmpint (n_passes, >=, 1);
  g_assert_cmpint (n_forced, >=, 1);

  send (&session, "quit");
  session_finish (&session);
}

/* Near the end the hint is exact ("100%"), and a pass in the game is
 * given as "move PA". */
static void
test_exact_and_pass_move (void)
{
  Session session = { 0 };
  g_autofree char *ggf = ggf_of (GAME_A, 48);
  g_autofree char *command = g_strconcat ("set game ", ggf, NULL);
  g_autoptr(GPtrArray) hints = NULL;
  int n_plies = (int) strlen (GAME_A) / 2;
  MmBoard board;
  gboolean with_eval;

  session_start (&session);
  send (&session, "nboard 2");
  expect (&session, "set myname Monomachia");
  send (&session, "set depth 6");
  send (&session, command);
  position_of_ggf (ggf, &board);
  g_assert_cmpint (mm_popcount (mm_board_empties (&board)), <=, 16);

  send (&session, "hint 2");
  hints = read_hint (&session, &board);
  g_assert_cmpuint (hints->len, ==, MIN (2, mm_popcount (mm_board_legal_moves (&board))));
  g_assert_true (g_str_has_suffix (g_ptr_array_index (hints, 0), " 100%"));

  /* The rest of the game, passes given as PA. */
  for (int ply = 48; ply < n_plies; ply++)
    {
      char move[8] = { g_ascii_toupper (GAME_A[2 * ply]), GAME_A[2 * ply + 1], '\0' };
      g_autofree char *play = NULL;

      if (!mm_board_can_move (&board))
        {
          send (&session, "move PA");
          mm_board_pass (&board);
        }
      play = g_strconcat ("move ", move, NULL);
      send (&session, play);
      mm_board_play (&board, parse_move (move) );
      if (!mm_board_is_game_over (&board) && ply == n_plies - 3)
        {
          send (&session, "go");
          read_go (&session, &board, &with_eval);
        }
    }
  send (&session, "ping 9");
  expect (&session, "pong 9");
  send (&session, "quit");
  session_finish (&session);
}

/* A search far too deep to finish: ping stops it at once. */
static void
test_ping_stops (void)
{
  Session session = { 0 };
  g_autofree char *status = NULL;
  g_autofree char *first = NULL;
  gint64 pinged;

  session_start (&session);
  send (&session, "nboard 2");
  expect (&session, "set myname Monomachia");
  send (&session, "set depth 40");
  send (&session, "set game " EXAMPLE_GAME);
  send (&session, "hint 1");
  status = receive (&session);
  g_assert_true (g_str_has_prefix (status, "status "));
  first = receive (&session);
  g_assert_true (g_regex_match (session.search_line, first, 0, NULL));
  g_usleep (G_USEC_PER_SEC / 5);

  pinged = g_get_monotonic_time ();
  send (&session, "ping 7");
  for (;;)
    {
      g_autofree char *line = receive_within (&session, G_USEC_PER_SEC);

      if (g_str_has_prefix (line, "pong"))
        {
          g_assert_cmpstr (line, ==, "pong 7");
          break;
        }
    }
  g_assert_cmpint (g_get_monotonic_time () - pinged, <, G_USEC_PER_SEC / 2);

  /* The end of the input ends the session. */
  g_output_stream_close (session.input, NULL, NULL);
  session_finish (&session);
}

/* The same program's `solve` never passes a damaged file as solved: it
 * names each line it cannot read and fails. */
static void
test_solve_damaged_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int fd = g_file_open_tmp ("monomachia-XXXXXX.obf", &path, &error);
  const char *argv[] = { MM_ENGINE_PATH, "solve", NULL, NULL };
  int status;

  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (path, "not a position\n", -1, &error));
  g_assert_no_error (error);
  argv[2] = path;

  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, &err, &status, &error));
  g_assert_no_error (error);
  g_assert_false (g_spawn_check_wait_status (status, NULL));
  g_assert_nonnull (strstr (err, ":1: expected 64 squares"));
  g_unlink (path);
}

/* A number option out of range or not a number: the program fails and
 * says which option wants what, rather than that the option is unknown. */
static void
test_bad_option_values (void)
{
  const char *const cases[][4] = {
    { "nboard", "--threads", "0", "--threads wants a whole number from 1 to" },
    { "bench", "--threads", "two", "--threads wants a whole number from 1 to" },
    { "analyse", "--depth", "99", "--depth wants a whole number from 1 to 60, not '99'" },
    { "analyse", "--time", "soon", "--time wants seconds" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      const char *argv[] = { MM_ENGINE_PATH, cases[i][0], "f5d6", cases[i][1], cases[i][2],
                             NULL };
      int status;

      /* Only analyse takes a position. */
      if (strcmp (cases[i][0], "analyse") != 0)
        memmove (&argv[2], &argv[3], 3 * sizeof (argv[0]));
      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                                   &out, &err, &status, &error));
      g_assert_no_error (error);
      g_assert_false (g_spawn_check_wait_status (status, NULL));
      g_assert_nonnull (strstr (err, cases[i][3]));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/nboard/session", test_session);
  g_test_add_func ("/nboard/pass-and-forced", test_pass_and_forced);
  g_test_add_func ("/nboard/exact-and-pass-move", test_exact_and_pass_move);
  g_test_add_func ("/nboard/ping-stops", test_ping_stops);
  g_test_add_func ("/solve/damaged-file", test_solve_damaged_file);
  g_test_add_func ("/cli/bad-option-values", test_bad_option_values);

  return g_test_run ();
}
