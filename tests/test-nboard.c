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
 * end, and a long search that ping stops at once.  Then the opening
 * book: go and hint from the shipped book with its values, contempt with
 * a small book made here, learn writing a book that a new engine plays
 * from, --no-book, and no book to be found. */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "mm-book.h"
#include "mm-eval.h"
#include "mm-game-record.h"
#include "mm-ggf.h"
#include "mm-symmetry.h"

/* A 1977 WTHOR game, 34-30, in which White passes twice. */
#define GAME_A \
  "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5" \
  "e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1"

/* The example of the protocol's own description. */
#define EXAMPLE_GAME \
  "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]" \
  "TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]" \
  "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)"

/* The position at the start, as NBoard sends it. */
#define START_GAME \
  "(;GM[Othello]PC[NBoard]" \
  "BO[8 ---------------------------O*------*O--------------------------- *];)"

#define ANSWER_TIMEOUT_US (60 * G_USEC_PER_SEC)

/* Where the sessions' learned books go: made by main (), emptied at the
 * end. */
static char *scratch_dir;

static char *
scratch_path (const char *name)
{
  return g_build_filename (scratch_dir, name, NULL);
}

typedef struct
{
  GSubprocess      *process;
  GOutputStream    *input;
  GDataInputStream *output;
  GRegex           *search_line;
  GRegex           *book_line;
} Session;

/* The engine with @book as its shipped book ($MONOMACHIA_BOOK) and
 * @learned as its learned one ($MONOMACHIA_LEARNED_BOOK), and @extra
 * (NULL-terminated, may be NULL) after its usual arguments. */
static void
session_start_with (Session           *session,
                    const char        *book,
                    const char        *learned,
                    const char *const *extra)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE
                                        | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_setenv (launcher, "MONOMACHIA_EVAL", MM_EVAL_SOURCE_PATH, TRUE);
  g_subprocess_launcher_setenv (launcher, "MONOMACHIA_BOOK", book, TRUE);
  g_subprocess_launcher_setenv (launcher, "MONOMACHIA_LEARNED_BOOK", learned, TRUE);
  g_ptr_array_add (argv, (gpointer) MM_ENGINE_PATH);
  g_ptr_array_add (argv, (gpointer) "nboard");
  g_ptr_array_add (argv, (gpointer) "--threads");
  g_ptr_array_add (argv, (gpointer) "2");
  for (guint i = 0; extra != NULL && extra[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) extra[i]);
  g_ptr_array_add (argv, NULL);
  session->process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata,
                                                   &error);
  g_assert_no_error (error);
  session->input = g_subprocess_get_stdin_pipe (session->process);
  session->output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (session->process));
  session->search_line = g_regex_new ("^search ([A-H][1-8]|PA) -?[0-9]+\\.[0-9][0-9] 0 "
                                      "([0-9]+|100%)$", 0, 0, NULL);
  session->book_line = g_regex_new ("^book ([A-H][1-8]) (-?[0-9]+\\.[0-9][0-9]) ([0-9]+) "
                                    "([0-9]+)$", 0, 0, NULL);
}

/* The shipped book, and a learned book of the test's own that nothing
 * has been learned into yet. */
static void
session_start (Session *session)
{
  g_autofree char *learned = scratch_path ("learned-session.mmb");

  g_unlink (learned);
  session_start_with (session, MM_BOOK_SOURCE_PATH, learned, NULL);
}

/* Waits for the engine to leave, successfully.  Returns what it wrote on
 * its standard error. */
static char *
session_finish_errors (Session *session)
{
  g_autoptr(GError) error = NULL;
  GInputStream *errors = g_subprocess_get_stderr_pipe (session->process);
  GString *text = g_string_new (NULL);
  char buffer[4096];
  gssize n;

  g_subprocess_wait (session->process, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (session->process));
  g_assert_cmpint (g_subprocess_get_exit_status (session->process), ==, 0);
  while ((n = g_input_stream_read (errors, buffer, sizeof buffer, NULL, &error)) > 0)
    g_string_append_len (text, buffer, n);
  g_assert_no_error (error);
  if (text->len > 0)
    g_test_message ("the engine's standard error: %s", text->str);

  g_clear_object (&session->output);
  g_clear_object (&session->process);
  g_clear_pointer (&session->search_line, g_regex_unref);
  g_clear_pointer (&session->book_line, g_regex_unref);
  return g_string_free (text, FALSE);
}

static void
session_finish (Session *session)
{
  g_free (session_finish_errors (session));
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

typedef struct
{
  int       square;
  gboolean  with_eval;
  char     *eval;        /* of "=== MOVE/EVAL/TIME", NULL without one */
  guint     n_book;      /* "book" lines before it */
  guint     n_search;    /* "search" lines before it */
} GoAnswer;

/* Reads the answer to "go": a status, book or search lines, nodestats,
 * then "=== MOVE[/EVAL/TIME]". */
static void
read_go_answer (Session       *session,
                const MmBoard *board,
                GoAnswer      *answer)
{
  g_autofree char *status = receive (session);

  memset (answer, 0, sizeof *answer);
  g_assert_true (g_str_has_prefix (status, "status "));
  for (;;)
    {
      g_autofree char *line = receive (session);

      if (g_str_has_prefix (line, "search "))
        {
          g_assert_true (g_regex_match (session->search_line, line, 0, NULL));
          assert_legal (board, parse_move (line + strlen ("search ")));
          answer->n_search++;
        }
      else if (g_str_has_prefix (line, "book "))
        {
          g_assert_true (g_regex_match (session->book_line, line, 0, NULL));
          assert_legal (board, parse_move (line + strlen ("book ")));
          answer->n_book++;
        }
      else if (g_str_has_prefix (line, "nodestats "))
        g_assert_true (g_regex_match_simple ("^nodestats [0-9]+ [0-9]+\\.[0-9][0-9]$", line, 0, 0));
      else
        {
          g_assert_true (g_str_has_prefix (line, "=== "));
          answer->square = parse_move (line + 4);
          assert_legal (board, answer->square);
          answer->with_eval = strchr (line, '/') != NULL;
          if (answer->with_eval)
            {
              g_auto(GStrv) fields = g_strsplit (line + 4, "/", 3);

              g_assert_true (g_regex_match_simple ("^=== ([A-H][1-8]|PA)/-?[0-9]+\\.[0-9][0-9]/"
                                                   "[0-9]+\\.[0-9][0-9]$", line, 0, 0));
              answer->eval = g_strdup (fields[1]);
            }
          else
            g_assert_cmpuint (strlen (line), ==, 6);
          return;
        }
    }
}

/* The move of the answer to "go". */
static int
read_go (Session       *session,
         const MmBoard *board,
         gboolean      *with_eval)
{
  GoAnswer answer;

  read_go_answer (session, board, &answer);
  *with_eval = answer.with_eval;
  g_free (answer.eval);
  return answer.square;
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
  expect (&session, "status Monomachia is learning");
  expect (&session, "learned");
  expect (&session, "status");
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

/* ---- The opening book --------------------------------------------------- */

static MmBook *
load_book (const char *path)
{
  MmBookError error = MM_BOOK_OK;
  MmBook *book = mm_book_load (path, &error);

  g_assert_cmpint (error, ==, MM_BOOK_OK);
  g_assert_nonnull (book);
  return book;
}

/* A value as the engine gives it: discs, two decimals. */
static char *
format_value (int value)
{
  char text[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (text, sizeof text, "%.2f", (double) value / MM_EVAL_SCALE);
  return g_strdup (text);
}

static void
hello (Session *session)
{
  send (session, "nboard 2");
  expect (session, "set myname Monomachia");
}

/* Sends "set game" with the first @n_plies moves of @transcript, and
 * gives the position. */
static void
set_game (Session    *session,
          const char *transcript,
          int         n_plies,
          MmBoard    *board)
{
  g_autofree char *ggf = ggf_of (transcript, n_plies);
  g_autofree char *command = g_strconcat ("set game ", ggf, NULL);

  send (session, command);
  position_of_ggf (ggf, board);
}

/* The lines that answer "hint N", from its status up to the closing
 * "status", nodestats left out. */
static GPtrArray *
read_hint_lines (Session *session)
{
  g_autofree char *status = receive (session);
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);

  g_assert_true (g_str_has_prefix (status, "status "));
  for (;;)
    {
      g_autofree char *line = receive (session);

      if (strcmp (line, "status") == 0)
        return lines;
      if (!g_str_has_prefix (line, "nodestats "))
        g_ptr_array_add (lines, g_steal_pointer (&line));
    }
}

/* @line is "book MOVE EVAL GAMES DEPTH" for @move of @book in @board. */
static void
assert_book_line (Session          *session,
                  const char       *line,
                  const MmBook     *book,
                  const MmBoard    *board,
                  const MmBookMove *move)
{
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *eval = NULL;
  g_autofree char *expected_eval = format_value (move->value);
  g_autofree char *games = NULL;
  g_autofree char *depth = NULL;
  guint expected_games = 0;

  g_assert_true (g_regex_match (session->book_line, line, 0, &match));
  g_assert_cmpint (parse_move (line + strlen ("book ")), ==, move->square);
  eval = g_match_info_fetch (match, 2);
  g_assert_cmpstr (eval, ==, expected_eval);
  if (move->in_book)
    {
      MmBoard child;

      mm_book_child (board, move->square, &child);
      expected_games = mm_book_find (book, &child)->n_games;
    }
  games = g_match_info_fetch (match, 3);
  g_assert_cmpuint (g_ascii_strtoull (games, NULL, 10), ==, expected_games);
  depth = g_match_info_fetch (match, 4);
  g_assert_cmpuint (g_ascii_strtoull (depth, NULL, 10), ==, mm_book_get_info (book)->depth);
}

/* At the start, one of the four first moves, which the book values
 * alike, with the book's value and no search. */
static void
test_book_go_start (void)
{
  Session session = { 0 };
  MmBook *book = load_book (MM_BOOK_SOURCE_PATH);
  MmBookMove moves[MM_BOOK_MAX_MOVES];
  g_autofree char *expected = NULL;
  GoAnswer answer;
  MmBoard board;
  int n;

  mm_board_init_start (&board);
  n = mm_book_moves (book, &board, moves, G_N_ELEMENTS (moves));
  g_assert_cmpint (n, ==, 4);
  g_assert_cmpint (moves[3].value, ==, moves[0].value);
  expected = format_value (moves[0].value);

  session_start (&session);
  hello (&session);
  send (&session, "set depth 4");
  send (&session, "set game " START_GAME);
  send (&session, "go");
  read_go_answer (&session, &board, &answer);
  g_assert_cmpuint (answer.n_book, ==, 1);
  g_assert_cmpuint (answer.n_search, ==, 0);
  g_assert_true (answer.square == mm_square_parse ("d3") || answer.square == mm_square_parse ("c4")
                 || answer.square == mm_square_parse ("f5")
                 || answer.square == mm_square_parse ("e6"));
  g_assert_cmpstr (answer.eval, ==, expected);
  g_free (answer.eval);

  send (&session, "quit");
  session_finish (&session);
  mm_book_free (book);
}

/* "hint N" in the book: "book" lines with the book's values, best first;
 * where the book has fewer moves than N, the other moves searched after
 * them.  And "go" plays the first of them. */
static void
test_book_hint (void)
{
  Session session = { 0 };
  MmBook *book = load_book (MM_BOOK_SOURCE_PATH);
  MmBookMove moves[MM_BOOK_MAX_MOVES];
  g_autoptr(GString) line = g_string_new (NULL);
  g_autoptr(GPtrArray) lines = NULL;
  g_autofree char *command = NULL;
  GHashTable *last_depth;
  GoAnswer answer;
  MmBoard board;
  int n, n_legal = 0, plies;
  guint64 book_squares = 0;
  const char *depth = NULL;

  session_start (&session);
  hello (&session);
  send (&session, "set depth 2");

  /* The start: two of its four moves. */
  set_game (&session, "", 0, &board);
  n = mm_book_moves (book, &board, moves, G_N_ELEMENTS (moves));
  send (&session, "hint 2");
  lines = read_hint_lines (&session);
  g_assert_cmpuint (lines->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    assert_book_line (&session, g_ptr_array_index (lines, i), book, &board, &moves[i]);
  g_clear_pointer (&lines, g_ptr_array_unref);

  /* After f5: all three replies are in the book. */
  set_game (&session, "f5", 1, &board);
  n = mm_book_moves (book, &board, moves, G_N_ELEMENTS (moves));
  g_assert_cmpint (n, ==, 3);
  send (&session, "hint 5");
  lines = read_hint_lines (&session);
  g_assert_cmpuint (lines->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    assert_book_line (&session, g_ptr_array_index (lines, i), book, &board, &moves[i]);
  g_clear_pointer (&lines, g_ptr_array_unref);

  /* Down the book's best line to a position where it has fewer moves
   * than the rules. */
  mm_board_init_start (&board);
  for (plies = 0; plies < 20; plies++)
    {
      char name[3];

      n = mm_book_moves (book, &board, moves, G_N_ELEMENTS (moves));
      g_assert_cmpint (n, >, 0);
      n_legal = mm_popcount (mm_board_legal_moves (&board));
      if (n < n_legal)
        break;
      mm_square_format (moves[0].square, name);
      g_string_append (line, name);
      mm_board_play (&board, moves[0].square);
    }
  g_assert_cmpint (n, <, n_legal);
  set_game (&session, line->str, plies, &board);
  command = g_strdup_printf ("hint %d", n_legal);
  send (&session, command);
  lines = read_hint_lines (&session);
  for (int i = 0; i < n; i++)
    {
      assert_book_line (&session, g_ptr_array_index (lines, i), book, &board, &moves[i]);
      book_squares |= G_GUINT64_CONSTANT (1) << moves[i].square;
    }
  /* Then the other moves, depth after depth: at the last one, each once. */
  last_depth = g_hash_table_new (g_direct_hash, g_direct_equal);
  for (guint i = n; i < lines->len; i++)
    {
      const char *search = g_ptr_array_index (lines, i);
      int square = parse_move (search + strlen ("search "));

      g_assert_true (g_regex_match (session.search_line, search, 0, NULL));
      assert_legal (&board, square);
      g_assert_cmpuint (book_squares & (G_GUINT64_CONSTANT (1) << square), ==, 0);
      if (depth == NULL || strcmp (strrchr (search, ' ') + 1, depth) != 0)
        g_hash_table_remove_all (last_depth);
      depth = strrchr (search, ' ') + 1;
      g_hash_table_add (last_depth, GINT_TO_POINTER (square + 1));
    }
  g_assert_cmpuint (g_hash_table_size (last_depth), ==, n_legal - n);
  g_hash_table_unref (last_depth);

  send (&session, "go");
  read_go_answer (&session, &board, &answer);
  g_assert_cmpint (answer.square, ==, moves[0].square);
  g_assert_cmpuint (answer.n_book, ==, 1);
  g_free (answer.eval);

  send (&session, "quit");
  session_finish (&session);
  mm_book_free (book);
}

/* The entry of @board in a book made here, leading to @child_value...  */
static MmBookEntry
entry_of (const MmBoard *board,
          int            value,
          int            leaf_move,
          int            leaf_value,
          guint          n_games)
{
  MmBoard canonical;
  int symmetry = mm_book_canonical (board, &canonical);
  MmBookEntry entry = { canonical.player, canonical.opponent, (gint16) value, 0,
                        MM_BOOK_NO_MOVE, (guint16) n_games };

  if (leaf_move >= 0)
    {
      /* The leaf move on the canonical board. */
      for (int q = 0; q < MM_N_SQUARES; q++)
        if (mm_symmetry_square (q, symmetry) == leaf_move)
          entry.leaf_move = (guint8) q;
      g_assert_cmpint (entry.leaf_move, !=, MM_BOOK_NO_MOVE);
      entry.leaf_value = (gint16) leaf_value;
    }
  return entry;
}

/* A book of three positions: after f5, d6 draws and f6 wins a quarter of
 * a disc; f4 leaves the book a disc down. */
static char *
write_contempt_book (void)
{
  g_autoptr(GError) error = NULL;
  char *path = scratch_path ("contempt-book.mmb");
  MmBookInfo info = { 20, 1, 8, 30 };
  MmBookEntry entries[3];
  MmBookError failure = MM_BOOK_OK;
  MmBoard board, draw, win;
  MmBook *book;
  g_autofree guint8 *data = NULL;
  gsize length;

  mm_board_init_start (&board);
  mm_board_play (&board, mm_square_parse ("f5"));
  g_assert_cmpint (mm_book_child (&board, mm_square_parse ("d6"), &draw), ==, -1);
  g_assert_cmpint (mm_book_child (&board, mm_square_parse ("f6"), &win), ==, -1);
  entries[0] = entry_of (&board, 16, mm_square_parse ("f4"), -64, 30);
  entries[1] = entry_of (&draw, 0, mm_first_square (mm_board_legal_moves (&draw)), 0, 10);
  entries[2] = entry_of (&win, -16, mm_first_square (mm_board_legal_moves (&win)), -16, 20);
  book = mm_book_new (entries, G_N_ELEMENTS (entries), &info, &failure);
  g_assert_cmpint (failure, ==, MM_BOOK_OK);
  length = mm_book_serialize (book, NULL, 0);
  data = g_malloc (length);
  g_assert_cmpuint (mm_book_serialize (book, data, length), ==, length);
  g_file_set_contents (path, (const char *) data, (gssize) length, &error);
  g_assert_no_error (error);
  mm_book_free (book);
  return path;
}

static void
expect_go (Session       *session,
           const MmBoard *board,
           const char    *move,
           const char    *eval)
{
  GoAnswer answer;

  send (session, "go");
  read_go_answer (session, board, &answer);
  g_assert_cmpuint (answer.n_book, ==, 1);
  g_assert_cmpint (answer.square, ==, mm_square_parse (move));
  g_assert_cmpstr (answer.eval, ==, eval);
  g_free (answer.eval);
}

/* "set contempt": a draw in the book is worth it to the engine, here a
 * book given with --book. */
static void
test_book_contempt (void)
{
  Session session = { 0 };
  g_autofree char *path = write_contempt_book ();
  g_autofree char *learned = scratch_path ("learned-contempt.mmb");
  g_autofree char *missing = scratch_path ("no-such-book.mmb");
  g_autoptr(GPtrArray) lines = NULL;
  const char *extra[] = { "--book", path, NULL };
  MmBoard board;

  /* --book wins over $MONOMACHIA_BOOK. */
  session_start_with (&session, missing, learned, extra);
  hello (&session);
  send (&session, "set depth 2");
  set_game (&session, "f5", 1, &board);

  expect_go (&session, &board, "f6", "0.25");
  send (&session, "set contempt 50");
  expect_go (&session, &board, "d6", "0.00");
  send (&session, "hint 3");
  lines = read_hint_lines (&session);
  g_assert_cmpuint (lines->len, ==, 3);
  g_assert_cmpstr (g_ptr_array_index (lines, 0), ==, "book D6 0.00 10 8");
  g_assert_cmpstr (g_ptr_array_index (lines, 1), ==, "book F6 0.25 20 8");
  g_assert_cmpstr (g_ptr_array_index (lines, 2), ==, "book F4 -1.00 0 8");
  send (&session, "set contempt 20");
  expect_go (&session, &board, "f6", "0.25");
  send (&session, "set contempt -50");
  expect_go (&session, &board, "f6", "0.25");

  send (&session, "quit");
  session_finish (&session);
}

/* The first of GAME_A's positions before its 20th move that the shipped
 * book lacks, with a choice of moves. */
static int
first_unknown_ply (const MmBook *book)
{
  MmBoard board;

  mm_board_init_start (&board);
  for (int ply = 0; ply < 20; ply++)
    {
      char name[3] = { GAME_A[2 * ply], GAME_A[2 * ply + 1], '\0' };

      if (mm_book_find (book, &board) == NULL && mm_popcount (mm_board_legal_moves (&board)) > 1)
        return ply;
      mm_board_play (&board, mm_square_parse (name));
    }
  g_assert_not_reached ();
}

static void
expect_learned (Session *session)
{
  send (session, "learn");
  expect (session, "status Monomachia is learning");
  expect (session, "learned");
  expect (session, "status");
}

/* "learn" writes the game's first 20 plies into the learned book; a new
 * engine loads it over the shipped book and plays from it where the
 * shipped book has nothing. */
static void
test_book_learn (void)
{
  Session session = { 0 };
  g_autofree char *learned_path = scratch_path ("learned-game.mmb");
  MmBook *shipped = load_book (MM_BOOK_SOURCE_PATH);
  MmBook *learned;
  const MmBookEntry *entry;
  g_autofree char *expected = NULL;
  GoAnswer answer;
  MmBoard board, position;
  int ply = first_unknown_ply (shipped);

  g_unlink (learned_path);
  session_start_with (&session, MM_BOOK_SOURCE_PATH, learned_path, NULL);
  hello (&session);
  send (&session, "set depth 2");
  /* Before: a search. */
  set_game (&session, GAME_A, ply, &position);
  send (&session, "go");
  read_go_answer (&session, &position, &answer);
  g_assert_cmpuint (answer.n_book, ==, 0);
  g_assert_cmpuint (answer.n_search, >, 0);
  g_free (answer.eval);
  set_game (&session, GAME_A, 20, &board);
  expect_learned (&session);
  send (&session, "quit");
  session_finish (&session);

  /* Every position before the first 20 moves is in it. */
  learned = load_book (learned_path);
  g_assert_cmpuint (mm_book_get_info (learned)->n_games, ==, 1);
  g_assert_cmpuint (mm_book_get_info (learned)->max_plies, ==, 20);
  g_assert_cmpuint (mm_book_get_info (learned)->depth, ==, 2);
  mm_board_init_start (&board);
  for (int i = 0; i < 20; i++)
    {
      char name[3] = { GAME_A[2 * i], GAME_A[2 * i + 1], '\0' };

      entry = mm_book_find (learned, &board);
      g_assert_nonnull (entry);
      g_assert_cmpuint (entry->n_games, >=, 1);
      mm_board_play (&board, mm_square_parse (name));
    }
  entry = mm_book_find (learned, &position);
  expected = format_value (entry->value);
  mm_book_free (learned);

  /* A new engine plays there from the book, with the learned value. */
  session_start_with (&session, MM_BOOK_SOURCE_PATH, learned_path, NULL);
  hello (&session);
  send (&session, "set depth 2");
  set_game (&session, GAME_A, ply, &position);
  send (&session, "go");
  read_go_answer (&session, &position, &answer);
  g_assert_cmpuint (answer.n_book, ==, 1);
  g_assert_cmpuint (answer.n_search, ==, 0);
  g_assert_cmpstr (answer.eval, ==, expected);
  g_free (answer.eval);
  /* Learning it again counts it twice. */
  set_game (&session, GAME_A, 20, &board);
  expect_learned (&session);
  send (&session, "quit");
  session_finish (&session);

  learned = load_book (learned_path);
  g_assert_cmpuint (mm_book_get_info (learned)->n_games, ==, 2);
  entry = mm_book_find (learned, &position);
  g_assert_nonnull (entry);
  g_assert_cmpuint (entry->n_games, ==, 2);
  mm_book_free (learned);
  mm_book_free (shipped);
  g_unlink (learned_path);
}

/* Without a shipped book the learned one is the book: from the start. */
static void
test_book_learn_alone (void)
{
  Session session = { 0 };
  g_autofree char *missing = scratch_path ("no-such-book.mmb");
  g_autofree char *learned_path = scratch_path ("learned-alone.mmb");
  g_autofree char *expected = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  g_autofree char *book_line = NULL;
  MmBook *learned;
  MmBookMove moves[MM_BOOK_MAX_MOVES];
  GoAnswer answer;
  MmBoard board;
  char name[3];

  g_unlink (learned_path);
  session_start_with (&session, missing, learned_path, NULL);
  hello (&session);
  send (&session, "set depth 2");
  set_game (&session, GAME_A, 12, &board);
  expect_learned (&session);
  send (&session, "quit");
  session_finish (&session);

  /* The start's moves: f5, the game's, and the best that leaves it. */
  learned = load_book (learned_path);
  g_assert_cmpuint (mm_book_get_size (learned), ==, 12);
  mm_board_init_start (&board);
  g_assert_cmpint (mm_book_moves (learned, &board, moves, G_N_ELEMENTS (moves)), >=, 1);
  expected = format_value (moves[0].value);
  mm_square_format (moves[0].square, name);
  name[0] = g_ascii_toupper (name[0]);
  book_line = g_strdup_printf ("book %s %s %u 2", name, expected,
                               moves[0].in_book ? 1 : 0);

  session_start_with (&session, missing, learned_path, NULL);
  hello (&session);
  send (&session, "set depth 2");
  set_game (&session, "", 0, &board);
  send (&session, "hint 1");
  lines = read_hint_lines (&session);
  g_assert_cmpuint (lines->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (lines, 0), ==, book_line);
  send (&session, "go");
  read_go_answer (&session, &board, &answer);
  g_assert_cmpuint (answer.n_book, ==, 1);
  g_assert_cmpint (answer.square, ==, moves[0].square);
  g_assert_cmpstr (answer.eval, ==, expected);
  g_free (answer.eval);
  send (&session, "quit");
  session_finish (&session);
  mm_book_free (learned);
  g_unlink (learned_path);
}

/* --no-book: searches from the first move, and learns nothing. */
static void
test_book_none (void)
{
  Session session = { 0 };
  g_autofree char *learned_path = scratch_path ("learned-none.mmb");
  g_autoptr(GPtrArray) hints = NULL;
  const char *extra[] = { "--no-book", NULL };
  GoAnswer answer;
  MmBoard board;

  session_start_with (&session, MM_BOOK_SOURCE_PATH, learned_path, extra);
  hello (&session);
  send (&session, "set depth 3");
  set_game (&session, "", 0, &board);
  /* read_hint () takes search lines only. */
  send (&session, "hint 2");
  hints = read_hint (&session, &board);
  g_assert_cmpuint (hints->len, ==, 2);
  send (&session, "go");
  read_go_answer (&session, &board, &answer);
  g_assert_cmpuint (answer.n_book, ==, 0);
  g_assert_cmpuint (answer.n_search, >, 0);
  g_assert_true (answer.with_eval);
  g_free (answer.eval);
  set_game (&session, GAME_A, 10, &board);
  send (&session, "learn");
  expect (&session, "status Monomachia is learning");
  expect (&session, "learned");
  expect (&session, "status The game is not learned: the engine runs without a book (--no-book)");
  send (&session, "quit");
  session_finish (&session);
  g_assert_false (g_file_test (learned_path, G_FILE_TEST_EXISTS));
}

/* No book where $MONOMACHIA_BOOK says, and a learned book that is not
 * one: the engine says so, searches, and leaves the file alone. */
static void
test_book_missing (void)
{
  Session session = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *missing = scratch_path ("no-such-book.mmb");
  g_autofree char *learned_path = scratch_path ("learned-damaged.mmb");
  g_autofree char *errors = NULL;
  g_autofree char *contents = NULL;
  GoAnswer answer;
  MmBoard board;

  g_file_set_contents (learned_path, "not a book", -1, &error);
  g_assert_no_error (error);
  session_start_with (&session, missing, learned_path, NULL);
  hello (&session);
  send (&session, "set depth 2");
  set_game (&session, "", 0, &board);
  send (&session, "go");
  read_go_answer (&session, &board, &answer);
  g_assert_cmpuint (answer.n_book, ==, 0);
  g_assert_cmpuint (answer.n_search, >, 0);
  g_free (answer.eval);
  set_game (&session, GAME_A, 10, &board);
  send (&session, "learn");
  expect (&session, "status Monomachia is learning");
  expect (&session, "learned");
  {
    g_autofree char *status = receive (&session);

    g_assert_true (g_str_has_prefix (status, "status The game is not learned: "));
  }
  send (&session, "quit");
  errors = session_finish_errors (&session);
  g_assert_nonnull (strstr (errors, "no opening book"));
  g_assert_nonnull (strstr (errors, "the learned book is not used"));
  g_file_get_contents (learned_path, &contents, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (contents, ==, "not a book");
  g_unlink (learned_path);
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
  g_autoptr(GError) error = NULL;
  g_autofree char *session_book = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  scratch_dir = g_dir_make_tmp ("test-nboard-XXXXXX", &error);
  g_assert_no_error (error);

  g_test_add_func ("/nboard/session", test_session);
  g_test_add_func ("/nboard/pass-and-forced", test_pass_and_forced);
  g_test_add_func ("/nboard/exact-and-pass-move", test_exact_and_pass_move);
  g_test_add_func ("/nboard/ping-stops", test_ping_stops);
  g_test_add_func ("/nboard/book/go-start", test_book_go_start);
  g_test_add_func ("/nboard/book/hint", test_book_hint);
  g_test_add_func ("/nboard/book/contempt", test_book_contempt);
  g_test_add_func ("/nboard/book/learn", test_book_learn);
  g_test_add_func ("/nboard/book/learn-alone", test_book_learn_alone);
  g_test_add_func ("/nboard/book/none", test_book_none);
  g_test_add_func ("/nboard/book/missing", test_book_missing);
  g_test_add_func ("/solve/damaged-file", test_solve_damaged_file);
  g_test_add_func ("/cli/bad-option-values", test_bad_option_values);

  status = g_test_run ();

  /* What the sessions left: the session's learned book and the book made
   * here (the tests that learn remove theirs). */
  session_book = scratch_path ("learned-session.mmb");
  g_unlink (session_book);
  {
    g_autofree char *contempt = scratch_path ("contempt-book.mmb");

    g_unlink (contempt);
  }
  if (g_rmdir (scratch_dir) != 0)
    g_test_message ("%s is left: not empty", scratch_dir);
  g_free (scratch_dir);
  return status;
}
