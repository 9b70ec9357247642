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

/* MmNboardPlayer against `monomachia-engine nboard` from the build tree
 * (whole games, a non-standard start, passes, undo, a cancel followed by
 * a new request, the check, the minimum delay) and against small engines
 * written here as shell scripts: one that talks as Edax does, one that
 * records what it is sent, and others each wrong in its own way: it
 * cannot be started, exits at once or in the middle, prints garbage, a
 * line without end or a flood, does not read, answers an illegal move
 * or a stale one, or never answers.  Every failure must come as an
 * error, in time, and a dropped player must take its engine (and what
 * the engine started) with it. */

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "mm-game-record.h"
#include "mm-ggf.h"
#include "mm-nboard-player.h"
#include "mm-nboard-protocol.h"
#include "mm-player.h"

/* Every wait in the main loop gives up after this long. */
#define WAIT_LIMIT_S 60

/* A timeout short enough for the tests, long enough for a loaded machine
 * to start a shell. */
#define SHORT_TIMEOUT_MS 1500

static char *scripts_dir;

/* ------------------------------------------------------------------ */
/* Helpers                                                            */
/* ------------------------------------------------------------------ */

typedef struct
{
  guint     calls;
  gboolean  found;
  MmAiMove  move;
  GError   *error;
} Answer;

static void
answer_clear (Answer *answer)
{
  g_clear_error (&answer->error);
  memset (answer, 0, sizeof *answer);
}

static void
answered (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  Answer *answer = user_data;

  answer->calls++;
  g_clear_error (&answer->error);
  answer->found = mm_nboard_player_choose_move_finish (MM_NBOARD_PLAYER (source), result,
                                                       &answer->move, &answer->error);
  g_assert_true (answer->found == (answer->error == NULL));
}

static gboolean
time_is_up (gpointer user_data)
{
  g_error ("no answer in %d s", WAIT_LIMIT_S);
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @answer has come, and a little longer, so
 * that a second callback would be seen. */
static void
wait_for (Answer *answer)
{
  guint limit = g_timeout_add_seconds (WAIT_LIMIT_S, time_is_up, NULL);

  while (answer->calls == 0)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (limit);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (answer->calls, ==, 1);
}

static void
wait_ms (guint milliseconds)
{
  gint64 until = g_get_monotonic_time () + (gint64) milliseconds * 1000;

  while (g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static void
ask (MmNboardPlayer *player,
     MmGameRecord   *record,
     GCancellable   *cancellable,
     Answer         *answer)
{
  answer_clear (answer);
  mm_nboard_player_choose_move_async (player, record, cancellable, answered, answer);
}

/* The move for @record, which must come. */
static MmAiMove
choose (MmNboardPlayer *player,
        MmGameRecord   *record)
{
  Answer answer = { 0 };
  MmAiMove move;

  ask (player, record, NULL, &answer);
  wait_for (&answer);
  g_assert_no_error (answer.error);
  g_assert_true (answer.found);
  move = answer.move;
  answer_clear (&answer);
  return move;
}

/* The error for @record, which must come in @domain with @code. */
static char *
choose_fails (MmNboardPlayer *player,
              MmGameRecord   *record,
              GQuark          domain,
              int             code)
{
  Answer answer = { 0 };
  char *message;

  ask (player, record, NULL, &answer);
  wait_for (&answer);
  g_assert_error (answer.error, domain, code);
  g_assert_false (answer.found);
  g_assert_true (g_utf8_validate (answer.error->message, -1, NULL));
  message = g_strdup (answer.error->message);
  answer_clear (&answer);
  return message;
}

static void
checked (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  Answer *answer = user_data;

  answer->calls++;
  g_clear_error (&answer->error);
  answer->found = mm_nboard_player_check_finish (MM_NBOARD_PLAYER (source), result,
                                                 &answer->error);
  g_assert_true (answer->found == (answer->error == NULL));
}

/* Checks the engine: the error, or NULL when it answered. */
static GError *
check (MmNboardPlayer *player)
{
  Answer answer = { 0 };

  mm_nboard_player_check_async (player, NULL, checked, &answer);
  wait_for (&answer);
  g_assert_false (mm_nboard_player_get_busy (player));
  return answer.error;
}

static MmGameRecord *
record_from_transcript (const char *moves)
{
  MmGameRecord *record = mm_game_record_new ();

  for (const char *m = moves; m[0] != '\0' && m[1] != '\0'; m += 2)
    {
      g_autofree char *name = g_strndup (m, 2);
      g_autoptr(GError) error = NULL;

      mm_game_record_play (record, mm_square_parse (name), NULL, NULL, &error);
      g_assert_no_error (error);
    }
  return record;
}

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

static char *
write_script (const char *name,
              const char *body)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (scripts_dir, name, NULL);

  g_file_set_contents (path, body, -1, &error);
  g_assert_no_error (error);
  return path;
}

/* A fake engine: @body is a shell script reading NBoard commands. */
static char *
script_command_line (const char *name,
                     const char *body)
{
  g_autofree char *path = write_script (name, body);
  g_autofree char *quoted = g_shell_quote (path);

  /* "sh", not "/bin/sh": the program is looked for in PATH. */
  return g_strconcat ("sh ", quoted, NULL);
}

static MmNboardPlayer *
script_player (const char *name,
               const char *body)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *command_line = script_command_line (name, body);
  MmNboardPlayer *player = mm_nboard_player_new (command_line, &error);

  g_assert_no_error (error);
  g_assert_nonnull (player);
  mm_nboard_player_set_min_delay (player, 0);
  mm_nboard_player_set_timeout (player, SHORT_TIMEOUT_MS);
  return player;
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
      MmAiMove move = choose (player, record);

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
  Answer answer = { 0 };
  MmAiMove move;

  g_assert_no_error (check (player));
  g_assert_cmpstr (mm_nboard_player_get_name (player), ==, "Monomachia");

  mm_nboard_player_check_async (player, NULL, checked, &answer);
  g_assert_true (mm_nboard_player_get_busy (player));
  move = choose (player, record);
  assert_legal (record, &move);
  g_assert_cmpuint (answer.calls, ==, 1);
  g_assert_error (answer.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  answer_clear (&answer);
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

  move = choose (player, record);
  g_assert_cmpint (move.square, ==, MM_SQUARE_PASS);
  mm_game_record_play (record, MM_SQUARE_PASS, NULL, NULL, &error);
  g_assert_no_error (error);

  /* The engine knows the start only from BO[...]. */
  move = choose (player, record);
  g_assert_cmpint (move.square, ==, mm_square_parse ("c1"));
  mm_game_record_play (record, move.square, NULL, NULL, &error);
  g_assert_no_error (error);

  move = choose (player, record);
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
  move = choose (player, record);
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
      g_autoptr(MmGameRecord) record = record_from_transcript (prefix);
      MmAiMove move = choose (player, record);

      assert_legal (record, &move);
    }
  {
    g_autoptr(MmGameRecord) record = mm_game_record_new ();
    MmAiMove move = choose (player, record);

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
  g_autoptr(MmGameRecord) after = record_from_transcript ("f5d6c3");
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Answer first = { 0 }, second = { 0 };
  MmAiMove move;

  ask (player, start, cancellable, &first);
  g_assert_true (mm_nboard_player_get_busy (player));
  wait_ms (200);
  g_cancellable_cancel (cancellable);
  wait_for (&first);
  g_assert_error (first.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (mm_nboard_player_get_busy (player));

  mm_nboard_player_set_depth (player, 2);
  move = choose (player, after);
  assert_legal (after, &move);

  /* A new request replaces the one in progress, which is cancelled. */
  mm_nboard_player_set_depth (player, 30);
  ask (player, start, NULL, &first);
  mm_nboard_player_set_depth (player, 3);
  ask (player, after, NULL, &second);
  wait_for (&second);
  g_assert_cmpuint (first.calls, ==, 1);
  g_assert_error (first.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_no_error (second.error);
  assert_legal (after, &second.move);

  /* And so does stop(). */
  mm_nboard_player_set_depth (player, 30);
  ask (player, after, NULL, &first);
  mm_nboard_player_stop (player);
  g_assert_false (mm_nboard_player_get_busy (player));
  g_assert_cmpuint (first.calls, ==, 0);    /* not from inside stop() */
  wait_for (&first);
  g_assert_error (first.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  answer_clear (&first);
  answer_clear (&second);
}

/* The minimum delay holds back a move found at once. */
static void
test_engine_delay (void)
{
  g_autoptr(MmNboardPlayer) player = engine_player (1);
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  Answer answer = { 0 };
  gint64 started;
  MmAiMove move;

  choose (player, record);    /* the engine is up */
  mm_nboard_player_set_min_delay (player, 300);
  started = g_get_monotonic_time ();
  move = choose (player, record);
  g_assert_cmpint (g_get_monotonic_time () - started, >=, 300 * 1000);
  assert_legal (record, &move);

  /* A move that waits out the delay can still be cancelled. */
  mm_nboard_player_set_min_delay (player, 10000);
  started = g_get_monotonic_time ();
  ask (player, record, NULL, &answer);
  wait_ms (500);
  g_assert_true (mm_nboard_player_get_busy (player));
  mm_nboard_player_stop (player);
  wait_for (&answer);
  g_assert_error (answer.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (g_get_monotonic_time () - started, <, 5000 * 1000);
  answer_clear (&answer);
}

/* As a seat of a match, through MmPlayer alone. */

static void
seat_answered (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  Answer *answer = user_data;

  answer->calls++;
  g_clear_error (&answer->error);
  answer->move.square = mm_player_request_move_finish (MM_PLAYER (source), result,
                                                       &answer->error);
  answer->found = answer->move.square != MM_SQUARE_NONE;
  g_assert_true (answer->found == (answer->error == NULL));
}

static void
seat_ask (MmPlayer     *seat,
          MmGameRecord *record,
          GCancellable *cancellable,
          Answer       *answer)
{
  answer_clear (answer);
  mm_player_request_move_async (seat, record, cancellable, seat_answered, answer);
}

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
  Answer answer = { 0 };
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

      seat_ask (seat, record, NULL, &answer);
      n_requests++;
      g_object_get (seat, MM_PLAYER_PROP_THINKING, &thinking, NULL);
      g_assert_true (thinking);
      wait_for (&answer);
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

  seat_ask (seat, record, NULL, &answer);
  wait_for (&answer);
  g_assert_error (answer.error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT);

  g_clear_pointer (&record, mm_game_record_unref);
  record = mm_game_record_new ();
  mm_nboard_player_set_depth (MM_NBOARD_PLAYER (seat), 30);
  seat_ask (seat, record, cancellable, &answer);
  g_cancellable_cancel (cancellable);
  wait_for (&answer);
  g_assert_error (answer.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (answer.move.square, ==, MM_SQUARE_NONE);
  g_assert_false (mm_player_get_thinking (seat));
  answer_clear (&answer);
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
wait_busy_for (Answer *answer)
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
  Answer answer = { 0 };
  guint redraws = 0;

  g_source_set_priority (redraw, REDRAW_PRIORITY);
  g_source_set_callback (redraw, keep_busy, &redraws, NULL);
  g_source_attach (redraw, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (delays); i++)
    {
      mm_nboard_player_set_min_delay (player, delays[i]);
      ask (player, record, NULL, &answer);
      wait_busy_for (&answer);
      g_assert_no_error (answer.error);
      assert_legal (record, &answer.move);
    }
  answer_clear (&answer);
  mm_nboard_player_check_async (player, NULL, checked, &answer);
  wait_busy_for (&answer);
  g_assert_no_error (answer.error);
  answer_clear (&answer);

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
    script_player ("edax.sh",
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
  move = choose (player, record);
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
  g_autofree char *path = g_build_filename (scripts_dir, "answer", NULL);
  int square = first_legal_move (record);
  char name[3];
  MmAiMove move;

  mm_square_format (square, name);
  g_file_set_contents (path, name, -1, &error);
  g_assert_no_error (error);
  move = choose (player, record);
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
  g_autofree char *log = g_build_filename (scripts_dir, "received", NULL);
  g_autofree char *answer = g_build_filename (scripts_dir, "answer", NULL);
  g_autofree char *script = g_strdup_printf (
    "while IFS= read -r line; do\n"
    "  printf '%%s\\n' \"$line\" >> '%s'\n"
    "  case \"$line\" in\n"
    "    'nboard '*) echo 'set myname Recorder' ;;\n"
    "    'ping '*) echo \"pong ${line#ping }\" ;;\n"
    "    go) read -r move < '%s'; echo \"=== $move\" ;;\n"
    "  esac\n"
    "done\n", log, answer);
  g_autoptr(MmNboardPlayer) player = script_player ("recorder.sh", script);
  g_autoptr(MmGameRecord) forward = record_from_transcript ("f5d6c3d3c4");
  g_autoptr(MmGameRecord) back = record_from_transcript ("f5d6c3");
  g_autoptr(MmGameRecord) odd = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *received = NULL;
  g_auto(GStrv) lines = NULL;
  Answer cancelled = { 0 };
  guint index = 0;

  g_assert_true (mm_game_record_set_tag (forward, MM_RECORD_TAG_BLACK, "Νίκος", NULL));
  g_assert_true (mm_game_record_set_tag (forward, MM_RECORD_TAG_TIME, "15:00", NULL));
  ask_recorder (player, forward);
  ask_recorder (player, back);
  g_cancellable_cancel (cancellable);
  ask (player, back, cancellable, &cancelled);
  wait_for (&cancelled);
  g_assert_error (cancelled.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  answer_clear (&cancelled);
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
    script_player ("exits.sh", "echo 'fake: cannot find eval.dat' >&2\nexit 3\n");
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autofree char *message = NULL;
  g_autofree char *again = NULL;
  g_autoptr(GError) error = NULL;

  message = choose_fails (player, record, MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED);
  g_assert_nonnull (strstr (message, "cannot find eval.dat"));
  g_assert_false (mm_nboard_player_get_running (player));
  again = choose_fails (player, record, MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED);
  g_assert_cmpstr (again, ==, message);
  error = check (player);
  g_assert_error (error, MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED);
}

/* Exits as Edax does without its data/eval.dat: the message has the
 * last lines of its stderr, the very last without a newline. */
static void
test_exits_without_newline (void)
{
  g_autoptr(MmNboardPlayer) player =
    script_player ("no-newline.sh",
                   "i=1\n"
                   "while [ $i -le 9 ]; do echo \"noise $i\" >&2; i=$((i + 1)); done\n"
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
    script_player ("seat-exits.sh", "printf 'fake: no eval.dat' >&2\nexit 1\n");
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  Answer answer = { 0 };

  seat_ask (MM_PLAYER (player), record, NULL, &answer);
  wait_for (&answer);
  g_assert_error (answer.error, MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED);
  g_assert_nonnull (strstr (answer.error->message, "fake: no eval.dat"));
  g_assert_cmpint (answer.move.square, ==, MM_SQUARE_NONE);
  g_assert_cmpstr (mm_player_get_display_name (MM_PLAYER (player)), ==, "sh");
  answer_clear (&answer);
}

/* Exits in the middle of a request. */
static void
test_exits_on_go (void)
{
  g_autoptr(MmNboardPlayer) player = script_player ("dies.sh", SCRIPT ("exit 0"));
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autofree char *message = NULL;

  message = choose_fails (player, record, MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED);
  g_assert_cmpstr (mm_nboard_player_get_name (player), ==, "Fake Engine");
}

static void
test_illegal_move (void)
{
  g_autoptr(MmNboardPlayer) player =
    script_player ("illegal.sh", SCRIPT ("echo '=== A1/0.00/0.1'"));
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
  player = script_player ("passes.sh", SCRIPT ("echo '=== PA'"));
  pass_message = choose_fails (player, record, MM_NBOARD_ERROR, MM_NBOARD_ERROR_ILLEGAL_MOVE);
}

static void
test_garbage (void)
{
  /* Noise the protocol says to ignore, binary bytes, then a non-move. */
  g_autoptr(MmNboardPlayer) player =
    script_player ("garbage.sh",
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
    script_player ("endless.sh", SCRIPT ("while :; do printf 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'; done"));
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autofree char *message = NULL;

  message = choose_fails (player, record, MM_NBOARD_ERROR, MM_NBOARD_ERROR_PROTOCOL);
  g_assert_false (mm_nboard_player_get_running (player));
}

/* Floods its output with lines: given up long before the time limit. */
static void
test_flood (void)
{
  g_autoptr(MmNboardPlayer) player = script_player ("flood.sh", SCRIPT ("yes 'status thinking'"));
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autofree char *message = NULL;

  mm_nboard_player_set_timeout (player, WAIT_LIMIT_S * 1000);
  message = choose_fails (player, record, MM_NBOARD_ERROR, MM_NBOARD_ERROR_PROTOCOL);
  g_assert_false (mm_nboard_player_get_running (player));
}

/* Does not read its input: the first request, although its game is
 * large, only times out; the next one finds the last one's lines unread
 * and gives the engine up. */
static void
test_not_reading (void)
{
  g_autoptr(MmNboardPlayer) player = script_player ("deaf.sh", "exec sleep 1000\n");
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
  g_autoptr(MmNboardPlayer) player = script_player ("silent.sh", "while read -r line; do :; done\n");
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autofree char *message = NULL;
  g_autoptr(GError) error = NULL;
  gint64 started = g_get_monotonic_time ();

  g_assert_cmpstr (mm_nboard_player_get_name (player), ==, "sh");
  message = choose_fails (player, record, MM_NBOARD_ERROR, MM_NBOARD_ERROR_TIMEOUT);
  g_assert_cmpint (g_get_monotonic_time () - started, >=, SHORT_TIMEOUT_MS * 1000);
  g_assert_cmpint (g_get_monotonic_time () - started, <, (SHORT_TIMEOUT_MS + 5000) * 1000);
  g_assert_true (mm_nboard_player_get_running (player));
  error = check (player);
  g_assert_error (error, MM_NBOARD_ERROR, MM_NBOARD_ERROR_TIMEOUT);
}

/* Answers every "go" late, after the next ping has come: the answer to
 * a cancelled request must not be taken for the next one's.  The first
 * answer, F5, is not even legal in the second position. */
static void
test_stale_answer (void)
{
  g_autoptr(MmNboardPlayer) player =
    script_player ("late.sh",
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
  g_autoptr(MmGameRecord) after = record_from_transcript ("f5");
  Answer first = { 0 };
  MmAiMove move;

  ask (player, start, NULL, &first);
  wait_ms (100);
  mm_nboard_player_stop (player);
  wait_for (&first);
  g_assert_error (first.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  move = choose (player, after);
  g_assert_cmpint (move.square, ==, mm_square_parse ("f6"));
  g_assert_cmpint (move.score, ==, -MM_EVAL_SCALE / 2);
  answer_clear (&first);
}

static int
read_pid (const char *name)
{
  g_autofree char *path = g_build_filename (scripts_dir, name, NULL);
  g_autofree char *text = NULL;
  guint limit = g_timeout_add_seconds (WAIT_LIMIT_S, time_is_up, NULL);

  while (!g_file_get_contents (path, &text, NULL, NULL) || strchr (text, '\n') == NULL)
    {
      g_clear_pointer (&text, g_free);
      wait_ms (10);
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
  gint64 give_up = g_get_monotonic_time () + WAIT_LIMIT_S * G_USEC_PER_SEC;

  while (kill (pid, 0) == 0)
    {
      if (!reaped && is_zombie (pid))
        return;
      g_assert_cmpint (g_get_monotonic_time (), <, give_up);
      wait_ms (10);
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
                                             scripts_dir, scripts_dir);
  MmNboardPlayer *player = script_player ("dropped.sh", script);
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  Answer answer = { 0 };
  int engine_pid, child_pid;

  engine_pid = read_pid ("engine.pid");
  child_pid = read_pid ("child.pid");
  ask (player, record, NULL, &answer);
  mm_nboard_player_stop (player);
  wait_for (&answer);
  g_assert_error (answer.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  answer_clear (&answer);

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
  g_autofree char *path = write_script ("where.sh",
                                        "echo \"set myname $(pwd)\"\n"
                                        "while read -r line; do\n"
                                        "  case \"$line\" in\n"
                                        "    'ping '*) echo \"pong ${line#ping }\" ;;\n"
                                        "  esac\n"
                                        "done\n");
  g_autoptr(MmNboardPlayer) player = NULL;

  player = g_initable_new (MM_TYPE_NBOARD_PLAYER, NULL, &error,
                           "command-line", "sh ./where.sh",
                           "working-directory", scripts_dir,
                           "timeout", SHORT_TIMEOUT_MS * 4,
                           NULL);
  g_assert_no_error (error);
  g_assert_cmpstr (mm_nboard_player_get_command_line (player), ==, "sh ./where.sh");
  g_assert_no_error (check (player));
  g_assert_cmpstr (mm_nboard_player_get_name (player), ==, scripts_dir);
}

/* An engine that, as Edax, needs data/eval.dat in its working
 * directory, installed at @folder/@program. */
static char *
install_data_engine (const char *folder,
                     const char *program)
{
  g_autofree char *path = g_build_filename (scripts_dir, folder, program, NULL);
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
  mm_nboard_player_set_timeout (player, SHORT_TIMEOUT_MS * 4);
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
  g_autofree char *edax_root = g_build_filename (scripts_dir, "edax", NULL);
  g_autofree char *flat_root = g_build_filename (scripts_dir, "flat", NULL);
  g_autofree char *missing = g_build_filename (scripts_dir, "no-such-folder", NULL);
  g_autoptr(MmNboardPlayer) player = NULL;
  g_autoptr(GError) error = NULL;

  player = directory_player (edax, NULL);
  g_assert_cmpstr (mm_nboard_player_get_working_directory (player), ==, edax_root);
  g_assert_no_error (check (player));
  g_clear_object (&player);

  player = directory_player (flat, "");
  g_assert_cmpstr (mm_nboard_player_get_working_directory (player), ==, flat_root);
  g_assert_no_error (check (player));
  g_clear_object (&player);

  /* Where there is no data/eval.dat. */
  player = directory_player (edax, scripts_dir);
  error = check (player);
  g_assert_error (error, MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED);
  g_assert_nonnull (strstr (error->message, "Cannot open data/eval.dat"));
  g_clear_error (&error);
  g_clear_object (&player);

  player = directory_player (edax, edax_root);
  g_assert_no_error (check (player));
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
                                             scripts_dir);
  g_autoptr(MmNboardPlayer) player = script_player ("disposed.sh", script);
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autofree char *message = NULL;
  Answer answer = { 0 };
  int engine_pid = read_pid ("disposed.pid");

  ask (player, record, NULL, &answer);
  g_object_run_dispose (G_OBJECT (player));
  assert_gone (engine_pid, TRUE);
  wait_for (&answer);
  g_assert_error (answer.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  answer_clear (&answer);
  g_assert_false (mm_nboard_player_get_running (player));
  message = choose_fails (player, record, MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED);
}

/* A caller's cancellable that is already cancelled. */
static void
test_cancelled_before (void)
{
  g_autoptr(MmNboardPlayer) player = script_player ("never.sh", SCRIPT (":"));
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Answer answer = { 0 };

  g_cancellable_cancel (cancellable);
  ask (player, record, cancellable, &answer);
  wait_for (&answer);
  g_assert_error (answer.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  answer_clear (&answer);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  scripts_dir = g_dir_make_tmp ("test-nboard-player-XXXXXX", &error);
  g_assert_no_error (error);

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

  status = g_test_run ();

  remove_tree (scripts_dir);
  g_free (scripts_dir);
  return status;
}
