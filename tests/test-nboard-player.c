/* test-nboard-player.c
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

/* MmNboardPlayer talking NBoard as it should: the protocol's lines
 * (replies, moves, text, the game and its clock as they are sent), whole
 * games against `monomachia-engine nboard` from the build tree (a
 * non-standard start, passes, undo, a cancel followed by a new request,
 * the check, the minimum delay, a main loop that is never idle, a seat
 * of a match), a fake engine that talks as Edax does and one that records
 * what it is sent.  Engines that go wrong are in
 * test-nboard-player-failures.c; what both share, in mm-test-nboard.c. */

#include "config.h"

#include <string.h>

#include "mm-game-record.h"
#include "mm-ggf.h"
#include "mm-nboard-player.h"
#include "mm-nboard-protocol.h"
#include "mm-player.h"
#include "mm-test-nboard.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                            */
/* ------------------------------------------------------------------ */

static MmBoard
board_of (MmGameRecord *record)
{
  MmBoard board;
  guint64 black, white;
  MmColor side;

  mm_game_record_get_position (record, &black, &white, &side);
  mm_board_from_colors (&board, black, white, side);
  return board;
}

static void
assert_legal (MmGameRecord   *record,
              const MmAiMove *move)
{
  MmBoard board = board_of (record);

  g_assert_true (mm_square_is_valid (move->square));
  g_assert_true (mm_board_legal_moves (&board) & (G_GUINT64_CONSTANT (1) << move->square));
}

/* Without its opening book: the searches these tests time, cancel and
 * replace start from the start position, which the book answers at
 * once. */
static char *
engine_command_line (void)
{
  g_autofree char *engine = g_shell_quote (MM_ENGINE_PATH);
  g_autofree char *eval = g_shell_quote (MM_EVAL_SOURCE_PATH);

  return g_strdup_printf ("%s nboard --threads 1 --no-book --eval %s", engine, eval);
}

static MmNboardPlayer *
engine_player (guint depth)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *command_line = engine_command_line ();
  MmNboardPlayer *player = mm_nboard_player_new (command_line, &error);

  g_assert_no_error (error);
  g_assert_nonnull (player);
  g_assert_true (mm_nboard_player_get_running (player));
  mm_nboard_player_set_min_delay (player, 0);
  mm_nboard_player_set_depth (player, depth);
  return player;
}

/* ------------------------------------------------------------------ */
/* The protocol's lines                                               */
/* ------------------------------------------------------------------ */

/* The replies of the engines known, each told by its command. */
static void
test_protocol_replies (void)
{
  static const struct {
    const char    *line;
    MmNboardReply  reply;
    const char    *argument;
  } cases[] = {
    { "=== F5/1.50/0.3", MM_NBOARD_REPLY_MOVE, "F5/1.50/0.3" },
    { "===F5", MM_NBOARD_REPLY_MOVE, "F5" },
    { "pong 12", MM_NBOARD_REPLY_PONG, "12" },
    { "set myname Edax 4.4", MM_NBOARD_REPLY_NAME, "Edax 4.4" },
    { "search F5d6 1.50 0 12", MM_NBOARD_REPLY_SEARCH, "F5d6 1.50 0 12" },
    { "nodestats 1234 0.01", MM_NBOARD_REPLY_NODESTATS, "1234 0.01" },
    { "pongs 12", MM_NBOARD_REPLY_OTHER, NULL },
    { "set depth 5", MM_NBOARD_REPLY_OTHER, NULL },
    { "status Edax is thinking", MM_NBOARD_REPLY_OTHER, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *argument = NULL;

      g_assert_cmpint (mm_nboard_parse_reply (cases[i].line, &argument), ==, cases[i].reply);
      if (cases[i].argument != NULL)
        g_assert_cmpstr (argument, ==, cases[i].argument);
    }
}

static void
test_protocol_moves (void)
{
  static const struct {
    const char *argument;
    const char *square;     /* NULL: not a move */
    gboolean    has_score;
    int         score;
  } cases[] = {
    { "F5/1.50/0.3", "f5", TRUE, MM_EVAL_SCALE * 3 / 2 },
    { "F5//0.3", "f5", FALSE, 0 },
    { "d3 1.00 0.0", "d3", TRUE, MM_EVAL_SCALE },
    { "c4", "c4", FALSE, 0 },
    { "Z9/what", NULL, FALSE, 0 },
    { "", NULL, FALSE, 0 },
  };
  MmNboardSearch search;
  guint64 number;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gboolean has_score = FALSE;
      int square, score = 0;
      gboolean found = mm_nboard_parse_move (cases[i].argument, &square, &has_score, &score);

      g_assert_cmpint (found, ==, cases[i].square != NULL);
      if (!found)
        continue;
      g_assert_cmpint (square, ==, mm_square_parse (cases[i].square));
      g_assert_cmpint (has_score, ==, cases[i].has_score);
      if (has_score)
        g_assert_cmpint (score, ==, cases[i].score);
    }
  for (guint i = 0; i < 3; i++)
    {
      const char *passes[] = { "PA", "ps", "pass" };
      gboolean has_score;
      int square, score;

      g_assert_true (mm_nboard_parse_move (passes[i], &square, &has_score, &score));
      g_assert_cmpint (square, ==, MM_SQUARE_PASS);
    }

  g_assert_true (mm_nboard_parse_search ("d3c3 -2.00 0 21@98%", &search));
  g_assert_cmpint (search.square, ==, mm_square_parse ("d3"));
  g_assert_cmpint (search.score, ==, -2 * MM_EVAL_SCALE);
  g_assert_cmpint (search.depth, ==, 21);
  g_assert_false (search.exact);
  g_assert_true (mm_nboard_parse_search ("F5 4 0 100%", &search));
  g_assert_true (search.exact);
  g_assert_false (mm_nboard_parse_search ("ZZ nonsense", &search));

  g_assert_true (mm_nboard_parse_pong ("7", &number));
  g_assert_cmpuint (number, ==, 7);
  g_assert_false (mm_nboard_parse_pong ("7x", &number));
  g_assert_true (mm_nboard_parse_nodestats ("1e6 0.5", &number));
  g_assert_cmpuint (number, ==, 1000000);
  g_assert_false (mm_nboard_parse_nodestats ("x y", &number));
}

/* Names and messages from an engine are shown as text. */
static void
test_protocol_clean_text (void)
{
  g_autofree char *name = mm_nboard_clean_text ("\001 Edax\tv4 \377", 64);
  g_autofree char *cut = mm_nboard_clean_text ("Νίκος Engine", 5);
  g_autofree char *blank = mm_nboard_clean_text (" \t\r", 64);

  g_assert_true (g_utf8_validate (name, -1, NULL));
  g_assert_true (g_str_has_prefix (name, "Edax v4 "));
  g_assert_cmpstr (cut, ==, "Νίκος");
  g_assert_null (blank);
}

/* "set game" carries the whole game on one line, whatever its tags. */
static void
test_protocol_set_game (void)
{
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *command = NULL;
  g_autofree char *ping = mm_nboard_format_ping (3);
  g_autofree char *depth = mm_nboard_format_set_depth (12);

  g_assert_true (mm_game_record_set_tag (record, MM_RECORD_TAG_BLACK, "Νίκος", NULL));
  mm_game_record_play (record, mm_square_parse ("f5"), NULL, NULL, &error);
  g_assert_no_error (error);
  command = mm_nboard_format_set_game (record);
  g_assert_true (g_str_has_prefix (command, "set game (;GM[Othello]"));
  g_assert_null (strchr (command, '\n'));
  games = mm_ggf_parse (command + strlen ("set game "), strlen (command) - strlen ("set game "),
                        &error);
  g_assert_no_error (error);
  g_assert_true (mm_game_record_equal (g_ptr_array_index (games, 0), record));
  g_assert_cmpstr (ping, ==, "ping 3");
  g_assert_cmpstr (depth, ==, "set depth 12");
}

/* A game on a clock as an engine is told it: TI is the mover's time
 * left, the moves keep their evaluations and lose their times. */
static void
test_protocol_record_on_clock (void)
{
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autoptr(MmGameRecord) timed = NULL;
  g_autoptr(MmGameRecord) short_of_time = NULL;
  g_autoptr(GError) error = NULL;
  guint64 black, white, timed_black, timed_white;
  MmColor side, timed_side;
  const char *eval, *time;

  g_assert_true (mm_game_record_set_tag (record, MM_RECORD_TAG_BLACK, "Νίκος", NULL));
  g_assert_true (mm_game_record_set_tag (record, MM_RECORD_TAG_TIME, "15:00", NULL));
  mm_game_record_play (record, mm_square_parse ("f5"), "1.50", "12", &error);
  mm_game_record_play (record, mm_square_parse ("d6"), NULL, "3.5", &error);
  g_assert_no_error (error);

  timed = mm_nboard_record_on_clock (record, 125 * G_USEC_PER_SEC + 700000, 2 * G_USEC_PER_SEC);
  g_assert_cmpstr (mm_game_record_get_tag (timed, MM_RECORD_TAG_TIME), ==, "2:05/0:02");
  g_assert_cmpstr (mm_game_record_get_tag (timed, MM_RECORD_TAG_BLACK), ==, "Νίκος");
  g_assert_cmpuint (mm_game_record_get_n_moves (timed), ==, 2);
  g_assert_cmpint (mm_game_record_get_move (timed, 0, NULL, &eval, &time), ==,
                   mm_square_parse ("f5"));
  g_assert_cmpstr (eval, ==, "1.50");
  g_assert_null (time);
  g_assert_cmpint (mm_game_record_get_move (timed, 1, NULL, NULL, &time), ==,
                   mm_square_parse ("d6"));
  g_assert_null (time);
  mm_game_record_get_position (record, &black, &white, &side);
  mm_game_record_get_position (timed, &timed_black, &timed_white, &timed_side);
  g_assert_cmphex (black, ==, timed_black);
  g_assert_cmphex (white, ==, timed_white);
  g_assert_cmpint (side, ==, timed_side);
  /* The record asked about is left as it was. */
  g_assert_cmpstr (mm_game_record_get_tag (record, MM_RECORD_TAG_TIME), ==, "15:00");
  mm_game_record_get_move (record, 0, NULL, NULL, &time);
  g_assert_cmpstr (time, ==, "12");

  /* Under a second is still a clock, not "0:00", a game without one. */
  short_of_time = mm_nboard_record_on_clock (record, 300000, 0);
  g_assert_cmpstr (mm_game_record_get_tag (short_of_time, MM_RECORD_TAG_TIME), ==, "0:01");
}

/* ------------------------------------------------------------------ */
/* Against monomachia-engine                                          */
/* ------------------------------------------------------------------ */

/* A whole game, the engine playing both sides: every move legal, the
 * passes given without asking, and the end. */
static void
count_progress (MmNboardPlayer *player,
                const MmAiMove *best,
                gpointer        user_data)
{
  guint *count = user_data;

  g_assert_true (mm_square_is_valid (best->square) || best->square == MM_SQUARE_PASS);
  g_assert_cmpint (best->depth, >, 0);
  (*count)++;
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              gpointer    user_data)
{
  guint *count = user_data;

  (*count)++;
}

static void
test_engine_game (void)
{
  g_autoptr(MmNboardPlayer) player = engine_player (2);
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  guint n_moves = 0, n_passes = 0, n_progress = 0, n_names = 0;

  g_assert_cmpstr (mm_nboard_player_get_name (player), ==, "monomachia-engine");
  g_signal_connect (player, "progress", G_CALLBACK (count_progress), &n_progress);
  g_signal_connect (player, "notify::name", G_CALLBACK (count_notify), &n_names);
  for (;;)
    {
      g_autoptr(GError) error = NULL;
      MmAiMove move = mm_test_nboard_choose (player, record);

      g_assert_false (mm_nboard_player_get_busy (player));
      if (move.square == MM_SQUARE_NONE)
        break;
      if (move.square == MM_SQUARE_PASS)
        {
          MmBoard board = board_of (record);

          g_assert_false (mm_board_can_move (&board));
          n_passes++;
        }
      else
        {
          assert_legal (record, &move);
          g_assert_cmpint (move.depth, >=, 0);
          n_moves++;
        }
      mm_game_record_play (record, move.square, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (n_moves + n_passes, <=, 100);
    }

  g_assert_true (mm_game_record_is_over (record));
  g_assert_cmpuint (n_moves, ==, mm_game_record_get_n_discs_played (record));
  g_assert_cmpuint (n_moves, >=, 9);
  /* The engine said who it is, once, and how its searches went. */
  g_assert_cmpstr (mm_nboard_player_get_name (player), ==, "Monomachia");
  g_assert_cmpuint (n_names, ==, 1);
  g_assert_cmpuint (n_progress, >=, n_moves / 2);
  g_assert_true (mm_nboard_player_get_running (player));
}

/* The check a preferences page makes: the engine answers, with its
 * name; a move request replaces a check in progress. */
static void
test_engine_check (void)
{
  g_autoptr(MmNboardPlayer) player = engine_player (2);
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  MmTestNboardAnswer answer = { 0 };
  MmAiMove move;

  g_assert_no_error (mm_test_nboard_check (player));
  g_assert_cmpstr (mm_nboard_player_get_name (player), ==, "Monomachia");

  mm_nboard_player_check_async (player, NULL, mm_test_nboard_checked, &answer);
  g_assert_true (mm_nboard_player_get_busy (player));
  move = mm_test_nboard_choose (player, record);
  assert_legal (record, &move);
  g_assert_cmpuint (answer.calls, ==, 1);
  g_assert_error (answer.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  mm_test_nboard_answer_clear (&answer);
}

/* Black: b1, White: a1, Black to move.  Black has no move and passes;
 * White's only move is c1, and then the game is over. */
static void
test_engine_odd_start (void)
{
  g_autoptr(MmNboardPlayer) player = engine_player (4);
  g_autoptr(MmGameRecord) record = NULL;
  g_autoptr(GError) error = NULL;
  guint64 b1 = G_GUINT64_CONSTANT (1) << mm_square_parse ("b1");
  guint64 a1 = G_GUINT64_CONSTANT (1) << mm_square_parse ("a1");
  MmAiMove move;

  record = mm_game_record_new_from_position (b1, a1, MM_COLOR_BLACK);
  g_assert_false (mm_game_record_has_standard_start (record));

  move = mm_test_nboard_choose (player, record);
  g_assert_cmpint (move.square, ==, MM_SQUARE_PASS);
  mm_game_record_play (record, MM_SQUARE_PASS, NULL, NULL, &error);
  g_assert_no_error (error);

  /* The engine knows the start only from BO[...]. */
  move = mm_test_nboard_choose (player, record);
  g_assert_cmpint (move.square, ==, mm_square_parse ("c1"));
  mm_game_record_play (record, move.square, NULL, NULL, &error);
  g_assert_no_error (error);

  move = mm_test_nboard_choose (player, record);
  g_assert_cmpint (move.square, ==, MM_SQUARE_NONE);
}

/* Another start: Black c1, White b1; Black's only move is a1. */
static void
test_engine_forced (void)
{
  g_autoptr(MmNboardPlayer) player = engine_player (6);
  g_autoptr(MmGameRecord) record = NULL;
  guint64 c1 = G_GUINT64_CONSTANT (1) << mm_square_parse ("c1");
  guint64 b1 = G_GUINT64_CONSTANT (1) << mm_square_parse ("b1");
  MmAiMove move;

  record = mm_game_record_new_from_position (c1, b1, MM_COLOR_BLACK);
  move = mm_test_nboard_choose (player, record);
  g_assert_cmpint (move.square, ==, mm_square_parse ("a1"));
}

/* The engine follows the game wherever it goes: forward, back (undo), a
 * new game. */
static void
test_engine_undo (void)
{
  g_autoptr(MmNboardPlayer) player = engine_player (3);
  const char *game = "f5d6c3d3c4f4f6f3e6e7d7g6";

  for (guint n = strlen (game) / 2; n > 0; n -= 3)
    {
      g_autofree char *prefix = g_strndup (game, n * 2);
      g_autoptr(MmGameRecord) record = mm_test_nboard_record_from_transcript (prefix);
      MmAiMove move = mm_test_nboard_choose (player, record);

      assert_legal (record, &move);
    }
  {
    g_autoptr(MmGameRecord) record = mm_game_record_new ();
    MmAiMove move = mm_test_nboard_choose (player, record);

    assert_legal (record, &move);
  }
}

/* A long search cancelled, then a request for another position: its
 * answer must be for that position, whatever the cancelled search sent. */
static void
test_engine_cancel (void)
{
  g_autoptr(MmNboardPlayer) player = engine_player (30);
  g_autoptr(MmGameRecord) start = mm_game_record_new ();
  g_autoptr(MmGameRecord) after = mm_test_nboard_record_from_transcript ("f5d6c3");
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  MmTestNboardAnswer first = { 0 }, second = { 0 };
  MmAiMove move;

  mm_test_nboard_ask (player, start, cancellable, &first);
  g_assert_true (mm_nboard_player_get_busy (player));
  mm_test_nboard_wait_ms (200);
  g_cancellable_cancel (cancellable);
  mm_test_nboard_wait_for (&first);
  g_assert_error (first.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (mm_nboard_player_get_busy (player));

  mm_nboard_player_set_depth (player, 2);
  move = mm_test_nboard_choose (player, after);
  assert_legal (after, &move);

  /* A new request replaces the one in progress, which is cancelled. */
  mm_nboard_player_set_depth (player, 30);
  mm_test_nboard_ask (player, start, NULL, &first);
  mm_nboard_player_set_depth (player, 3);
  mm_test_nboard_ask (player, after, NULL, &second);
  mm_test_nboard_wait_for (&second);
  g_assert_cmpuint (first.calls, ==, 1);
  g_assert_error (first.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_no_error (second.error);
  assert_legal (after, &second.move);

  /* And so does stop(). */
  mm_nboard_player_set_depth (player, 30);
  mm_test_nboard_ask (player, after, NULL, &first);
  mm_nboard_player_stop (player);
  g_assert_false (mm_nboard_player_get_busy (player));
  g_assert_cmpuint (first.calls, ==, 0);    /* not from inside stop() */
  mm_test_nboard_wait_for (&first);
  g_assert_error (first.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  mm_test_nboard_answer_clear (&first);
  mm_test_nboard_answer_clear (&second);
}

/* The minimum delay holds back a move found at once. */
static void
test_engine_delay (void)
{
  g_autoptr(MmNboardPlayer) player = engine_player (1);
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  MmTestNboardAnswer answer = { 0 };
  gint64 started;
  MmAiMove move;

  mm_test_nboard_choose (player, record);    /* the engine is up */
  mm_nboard_player_set_min_delay (player, 300);
  started = g_get_monotonic_time ();
  move = mm_test_nboard_choose (player, record);
  g_assert_cmpint (g_get_monotonic_time () - started, >=, 300 * 1000);
  assert_legal (record, &move);

  /* A move that waits out the delay can still be cancelled. */
  mm_nboard_player_set_min_delay (player, 10000);
  started = g_get_monotonic_time ();
  mm_test_nboard_ask (player, record, NULL, &answer);
  mm_test_nboard_wait_ms (500);
  g_assert_true (mm_nboard_player_get_busy (player));
  mm_nboard_player_stop (player);
  mm_test_nboard_wait_for (&answer);
  g_assert_error (answer.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (g_get_monotonic_time () - started, <, 5000 * 1000);
  mm_test_nboard_answer_clear (&answer);
}

/* As a seat of a match, through MmPlayer alone. */

/* A whole game, the engine in both seats: each answer a legal square
 * or a pass, the seat thinking while it is asked and named as the
 * engine names itself; it takes no person's choice, and a finished
 * game or a cancel fails. */
static void
test_engine_seat (void)
{
  g_autoptr(MmPlayer) seat = MM_PLAYER (engine_player (2));
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autofree char *name = NULL;
  guint n_names = 0, n_thinking = 0, n_requests = 0;
  MmTestNboardAnswer answer = { 0 };
  gboolean thinking;

  g_assert_false (mm_player_is_local_person (seat));
  g_assert_false (mm_player_get_thinking (seat));
  g_assert_cmpstr (mm_player_get_display_name (seat), ==, "monomachia-engine");
  g_signal_connect (seat, "notify::" MM_PLAYER_PROP_DISPLAY_NAME,
                    G_CALLBACK (count_notify), &n_names);
  g_signal_connect (seat, "notify::" MM_PLAYER_PROP_THINKING,
                    G_CALLBACK (count_notify), &n_thinking);

  while (!mm_game_record_is_over (record))
    {
      g_autoptr(GError) error = NULL;

      mm_test_nboard_seat_ask (seat, record, NULL, &answer);
      n_requests++;
      g_object_get (seat, MM_PLAYER_PROP_THINKING, &thinking, NULL);
      g_assert_true (thinking);
      mm_test_nboard_wait_for (&answer);
      g_assert_no_error (answer.error);
      g_assert_false (mm_player_get_thinking (seat));
      if (answer.move.square == MM_SQUARE_PASS)
        {
          MmBoard board = board_of (record);

          g_assert_false (mm_board_can_move (&board));
        }
      else
        assert_legal (record, &answer.move);
      g_assert_false (mm_player_choose (seat, answer.move.square));
      mm_game_record_play (record, answer.move.square, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (n_requests, <=, 100);
    }
  g_assert_cmpuint (n_thinking, ==, 2 * n_requests);
  g_assert_cmpstr (mm_player_get_display_name (seat), ==, "Monomachia");
  g_object_get (seat, MM_PLAYER_PROP_DISPLAY_NAME, &name, NULL);
  g_assert_cmpstr (name, ==, "Monomachia");
  g_assert_cmpuint (n_names, ==, 1);

  mm_test_nboard_seat_ask (seat, record, NULL, &answer);
  mm_test_nboard_wait_for (&answer);
  g_assert_error (answer.error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);

  g_clear_pointer (&record, mm_game_record_unref);
  record = mm_game_record_new ();
  mm_nboard_player_set_depth (MM_NBOARD_PLAYER (seat), 30);
  mm_test_nboard_seat_ask (seat, record, cancellable, &answer);
  g_cancellable_cancel (cancellable);
  mm_test_nboard_wait_for (&answer);
  g_assert_error (answer.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (answer.move.square, ==, MM_SQUARE_NONE);
  g_assert_false (mm_player_get_thinking (seat));
  mm_test_nboard_answer_clear (&answer);
}

/* GDK_PRIORITY_REDRAW, which this test does not link GTK for. */
#define REDRAW_PRIORITY (G_PRIORITY_HIGH_IDLE + 20)
/* How long a move at depth 2 may take on a loaded machine. */
#define BUSY_LIMIT_S 20

static gboolean
keep_busy (gpointer user_data)
{
  guint *count = user_data;

  (*count)++;
  return G_SOURCE_CONTINUE;
}

/* Runs the main loop, which is never idle, until @answer has come or
 * the limit is over. */
static void
wait_busy_for (MmTestNboardAnswer *answer)
{
  gint64 give_up = g_get_monotonic_time () + BUSY_LIMIT_S * G_USEC_PER_SEC;

  while (answer->calls == 0 && g_get_monotonic_time () < give_up)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpuint (answer->calls, ==, 1);
}

/* A window that redraws without end (a spinner under software GL) keeps
 * a source at the redraw priority always ready: the engine's answer, a
 * move found at once or one held back by the minimum delay, and the
 * check's, must still come (issue 27: "=== f6" sat unread for minutes). */
static void
test_engine_busy_loop (void)
{
  g_autoptr(MmNboardPlayer) player = engine_player (2);
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  GSource *redraw = g_idle_source_new ();
  const guint delays[] = { 0, 200 };
  MmTestNboardAnswer answer = { 0 };
  guint redraws = 0;

  g_source_set_priority (redraw, REDRAW_PRIORITY);
  g_source_set_callback (redraw, keep_busy, &redraws, NULL);
  g_source_attach (redraw, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (delays); i++)
    {
      mm_nboard_player_set_min_delay (player, delays[i]);
      mm_test_nboard_ask (player, record, NULL, &answer);
      wait_busy_for (&answer);
      g_assert_no_error (answer.error);
      assert_legal (record, &answer.move);
    }
  mm_test_nboard_answer_clear (&answer);
  mm_nboard_player_check_async (player, NULL, mm_test_nboard_checked, &answer);
  wait_busy_for (&answer);
  g_assert_no_error (answer.error);
  mm_test_nboard_answer_clear (&answer);

  g_source_destroy (redraw);
  g_source_unref (redraw);
  g_assert_cmpuint (redraws, >, 0);
}

/* ------------------------------------------------------------------ */
/* Engines as they are                                                */
/* ------------------------------------------------------------------ */

/* Edax 4.4 as its nboard.c talks: it complains on stderr about any
 * version but 1 and goes on, names itself after "set depth", answers
 * "go" with status and nodestats lines around "=== d3 1.00 0.0", in
 * lower case and with blanks, not slashes; "PS" is its pass. */
static void
test_edax_like (void)
{
  g_autoptr(MmNboardPlayer) player =
    mm_test_nboard_script_player ("edax.sh",
                                  "while read -r command argument rest; do\n"
                                  "  case \"$command $argument\" in\n"
                                  "    'nboard '*) [ \"$argument\" = 1 ] || "
                                  "echo 'Error: Edax expected \"nboard 1\" protocol' >&2 ;;\n"
                                  "    'set depth') echo \"set myname Edax$rest\" ;;\n"
                                  "    'ping '*) echo \"pong $argument\" ;;\n"
                                  "    'go '*) echo 'status Edax is thinking'\n"
                                  "         echo 'nodestats 1234 0.01'\n"
                                  "         echo '=== d3 1.00 0.0'\n"
                                  "         echo 'status Edax is waiting' ;;\n"
                                  "  esac\n"
                                  "done\n");
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  MmAiMove move;

  mm_nboard_player_set_depth (player, 5);
  move = mm_test_nboard_choose (player, record);
  g_assert_cmpint (move.square, ==, mm_square_parse ("d3"));
  g_assert_cmpint (move.score, ==, MM_EVAL_SCALE);
  g_assert_cmpuint (move.nodes, ==, 1234);
  g_assert_cmpstr (mm_nboard_player_get_name (player), ==, "Edax5");
}

/* ------------------------------------------------------------------ */
/* What is sent                                                       */
/* ------------------------------------------------------------------ */

static int
first_legal_move (MmGameRecord *record)
{
  MmBoard board = board_of (record);
  guint64 legal = mm_board_legal_moves (&board);

  for (int square = 0; square < MM_N_SQUARES; square++)
    if (legal & (G_GUINT64_CONSTANT (1) << square))
      return square;
  g_assert_not_reached ();
}

/* Asks the recording engine for @record, telling it to answer with the
 * first legal move. */
static void
ask_recorder (MmNboardPlayer *player,
              MmGameRecord   *record)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (mm_test_nboard_scripts_dir (), "answer", NULL);
  int square = first_legal_move (record);
  char name[3];
  MmAiMove move;

  mm_square_format (square, name);
  g_file_set_contents (path, name, -1, &error);
  g_assert_no_error (error);
  move = mm_test_nboard_choose (player, record);
  g_assert_cmpint (move.square, ==, square);
}

/* Checks the next lines of @lines from *@index: a ping, "set depth
 * @depth" if not 0, the game, go. */
static void
assert_request (GStrv         lines,
                guint        *index,
                guint         depth,
                MmGameRecord *record)
{
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GError) error = NULL;
  const char *game;

  g_assert_true (g_str_has_prefix (lines[(*index)++], "ping "));
  if (depth != 0)
    {
      g_autofree char *expected = g_strdup_printf ("set depth %u", depth);

      g_assert_cmpstr (lines[(*index)++], ==, expected);
    }
  game = lines[(*index)++];
  g_assert_true (g_str_has_prefix (game, "set game (;GM[Othello]"));
  games = mm_ggf_parse (game + strlen ("set game "), strlen (game) - strlen ("set game "), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 1);
  g_assert_true (mm_game_record_equal (g_ptr_array_index (games, 0), record));
  g_assert_cmpstr (lines[(*index)++], ==, "go");
}

/* Every request sends the whole game, so the engine follows moves, undo
 * and new games; the depth goes only when it changes; a request
 * cancelled before it starts sends nothing. */
static void
test_protocol (void)
{
  g_autofree char *log = g_build_filename (mm_test_nboard_scripts_dir (), "received", NULL);
  g_autofree char *answer = g_build_filename (mm_test_nboard_scripts_dir (), "answer", NULL);
  g_autofree char *script = g_strdup_printf (
    "while IFS= read -r line; do\n"
    "  printf '%%s\\n' \"$line\" >> '%s'\n"
    "  case \"$line\" in\n"
    "    'nboard '*) echo 'set myname Recorder' ;;\n"
    "    'ping '*) echo \"pong ${line#ping }\" ;;\n"
    "    go) read -r move < '%s'; echo \"=== $move\" ;;\n"
    "  esac\n"
    "done\n", log, answer);
  g_autoptr(MmNboardPlayer) player = mm_test_nboard_script_player ("recorder.sh", script);
  g_autoptr(MmGameRecord) forward = mm_test_nboard_record_from_transcript ("f5d6c3d3c4");
  g_autoptr(MmGameRecord) back = mm_test_nboard_record_from_transcript ("f5d6c3");
  g_autoptr(MmGameRecord) odd = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *received = NULL;
  g_auto(GStrv) lines = NULL;
  MmTestNboardAnswer cancelled = { 0 };
  guint index = 0;

  g_assert_true (mm_game_record_set_tag (forward, MM_RECORD_TAG_BLACK, "Νίκος", NULL));
  g_assert_true (mm_game_record_set_tag (forward, MM_RECORD_TAG_TIME, "15:00", NULL));
  ask_recorder (player, forward);
  ask_recorder (player, back);
  g_cancellable_cancel (cancellable);
  mm_test_nboard_ask (player, back, cancellable, &cancelled);
  mm_test_nboard_wait_for (&cancelled);
  g_assert_error (cancelled.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  mm_test_nboard_answer_clear (&cancelled);
  mm_nboard_player_set_depth (player, 7);
  odd = mm_game_record_new_from_position (G_GUINT64_CONSTANT (0x0000000810000001),
                                          G_GUINT64_CONSTANT (0x0000001008000000),
                                          MM_COLOR_WHITE);
  g_assert_false (mm_game_record_has_standard_start (odd));
  ask_recorder (player, odd);
  ask_recorder (player, odd);
  g_assert_cmpstr (mm_nboard_player_get_name (player), ==, "Recorder");

  g_file_get_contents (log, &received, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (received, "\n", -1);
  g_assert_cmpstr (lines[index++], ==, "nboard 2");
  g_assert_cmpstr (lines[index++], ==, "set depth 12");
  assert_request (lines, &index, 0, forward);
  assert_request (lines, &index, 0, back);
  assert_request (lines, &index, 7, odd);
  assert_request (lines, &index, 0, odd);
  g_assert_cmpstr (lines[index], ==, "");
  g_assert_null (lines[index + 1]);
}

int
main (int   argc,
      char *argv[])
{
  mm_test_nboard_init (&argc, &argv);

  g_test_add_func ("/nboard-protocol/replies", test_protocol_replies);
  g_test_add_func ("/nboard-protocol/moves", test_protocol_moves);
  g_test_add_func ("/nboard-protocol/clean-text", test_protocol_clean_text);
  g_test_add_func ("/nboard-protocol/set-game", test_protocol_set_game);
  g_test_add_func ("/nboard-protocol/record-on-clock", test_protocol_record_on_clock);
  g_test_add_func ("/nboard-player/engine/game", test_engine_game);
  g_test_add_func ("/nboard-player/engine/check", test_engine_check);
  g_test_add_func ("/nboard-player/engine/odd-start", test_engine_odd_start);
  g_test_add_func ("/nboard-player/engine/forced", test_engine_forced);
  g_test_add_func ("/nboard-player/engine/undo", test_engine_undo);
  g_test_add_func ("/nboard-player/engine/cancel", test_engine_cancel);
  g_test_add_func ("/nboard-player/engine/delay", test_engine_delay);
  g_test_add_func ("/nboard-player/engine/busy-loop", test_engine_busy_loop);
  g_test_add_func ("/nboard-player/engine/seat", test_engine_seat);
  g_test_add_func ("/nboard-player/fake/edax-like", test_edax_like);
  g_test_add_func ("/nboard-player/fake/protocol", test_protocol);

  return mm_test_nboard_run ();
}
