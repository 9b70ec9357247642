/* test-match.c
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

/* Whole matches between seats, without GTK: the match asks the seat to
 * move, takes moves from that seat only, runs the clocks, keeps the
 * result and the session. */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "mm-ai-player.h"
#include "mm-local-player.h"
#include "mm-match.h"
#include "mm-nboard-player.h"

/* No wait in these tests is near this; it stops a hung test. */
#define WAIT_LIMIT_US (60 * G_USEC_PER_SEC)

static MmAiWeights *weights;

static MmPlayer *
computer (MmAiLevel level,
          guint     min_delay)
{
  g_autoptr(GError) error = NULL;
  MmAiPlayer *player = g_initable_new (MM_TYPE_AI_PLAYER, NULL, &error,
                                       "weights", weights,
                                       "hash-megabytes", 8,
                                       "threads", 1,
                                       "seed", 4242,
                                       "level", level,
                                       "min-delay", min_delay,
                                       NULL);

  g_assert_no_error (error);
  return MM_PLAYER (player);
}

typedef gboolean (*Condition) (MmMatch *match);

/* Runs the main loop until @condition holds. */
static void
run_until (MmMatch   *match,
           Condition  condition)
{
  gint64 give_up = g_get_monotonic_time () + WAIT_LIMIT_US;

  while (!condition (match))
    {
      g_main_context_iteration (NULL, TRUE);
      g_assert_cmpint (g_get_monotonic_time (), <, give_up);
    }
}

/* Runs the main loop for @milliseconds. */
static void
run_for (guint milliseconds)
{
  gint64 until = g_get_monotonic_time () + milliseconds * 1000;

  while (g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

static gboolean
local_turn_or_finished (MmMatch *match)
{
  return mm_match_is_local_turn (match) || mm_match_is_finished (match);
}

static gboolean
finished_or_failed (MmMatch *match)
{
  return mm_match_is_finished (match) || mm_match_get_failure (match, NULL) != NULL;
}

static gboolean
thinking (MmMatch *match)
{
  return mm_match_get_thinking (match);
}

static int
first_legal_move (MmGame *game)
{
  guint64 moves = mm_game_get_legal_moves (game);

  g_assert_cmpuint (moves, !=, 0);
  return g_bit_nth_lsf (moves, -1);
}

/* Every move of the game is legal in its position: the record replays. */
static void
assert_game_is_whole (MmGame *game)
{
  g_autoptr(MmGameRecord) record = mm_game_to_record (game);
  g_autoptr(MmGame) replay = mm_game_new ();
  g_autoptr(GError) error = NULL;

  g_assert_true (mm_game_load_record (replay, record, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (mm_game_get_n_moves (replay), ==, mm_game_get_n_moves (game));
}

/* Two people on one computer: each move is the side to move's. */
static void
test_hot_seat (void)
{
  g_autoptr(MmMatch) match = mm_match_new (NULL);
  MmGame *game = mm_match_get_game (match);
  g_autoptr(GError) error = NULL;

  g_assert_true (mm_player_is_local_person (mm_match_get_seat (match, MM_COLOR_BLACK)));
  g_assert_true (mm_player_is_local_person (mm_match_get_seat (match, MM_COLOR_WHITE)));

  /* An illegal move is refused with the game's reason. */
  g_assert_false (mm_match_play (match, 0, &error));
  g_assert_error (error, MM_GAME_ERROR, MM_GAME_ERROR_NO_FLIPS);
  g_clear_error (&error);
  g_assert_false (mm_match_play (match, 27, &error));
  g_assert_error (error, MM_GAME_ERROR, MM_GAME_ERROR_OCCUPIED);
  g_clear_error (&error);

  /* Moves right after one another, without the main loop in between. */
  while (!mm_match_is_finished (match))
    {
      g_assert_true (mm_match_is_local_turn (match));
      g_assert_true (mm_match_play (match, first_legal_move (game), &error));
      g_assert_no_error (error);
    }
  g_assert_cmpint (mm_match_get_result (match, NULL), ==, MM_MATCH_RESULT_BOARD);
  g_assert_false (mm_match_play (match, 0, &error));
  g_assert_error (error, MM_MATCH_ERROR, MM_MATCH_ERROR_FINISHED);
  g_assert_false (mm_match_get_thinking (match));
  assert_game_is_whole (game);
}

typedef struct
{
  MmMatch  *match;
  int       square;
  gboolean  done;
  gboolean  played;
  GError   *error;
} Click;

static gboolean
click_cb (gpointer data)
{
  Click *click = data;

  click->played = mm_match_play (click->match, click->square, &click->error);
  click->done = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
click_done (MmMatch *match)
{
  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (match), "click-done"));
}

/* A person's click comes from the main loop, as a real one does: the
 * move is played once, and nothing else is said about it. */
static void
test_click_in_main_loop (void)
{
  g_autoptr(MmMatch) match = mm_match_new (NULL);
  MmGame *game = mm_match_get_game (match);
  Click click = { match, 37, FALSE, FALSE, NULL };   /* f5 */

  /* The seat is asked in one pass of the loop, the click comes later. */
  run_for (20);
  g_timeout_add (10, click_cb, &click);
  while (!click.done)
    g_main_context_iteration (NULL, TRUE);
  g_object_set_data (G_OBJECT (match), "click-done", GINT_TO_POINTER (TRUE));
  run_until (match, click_done);
  g_assert_no_error (click.error);
  g_assert_true (click.played);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);
  g_assert_cmpint (mm_game_get_side_to_move (game), ==, MM_COLOR_WHITE);
  run_for (20);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);
  g_assert_null (mm_match_get_failure (match, NULL));
}

/* A person against the computer: the person's moves on its turns only,
 * the computer's in between, to the end. */
static void
test_person_against_computer (void)
{
  g_autoptr(MmMatch) match = mm_match_new (NULL);
  g_autoptr(MmPlayer) ai = computer (MM_AI_LEVEL_NOVICE, 0);
  MmGame *game = mm_match_get_game (match);
  guint n_person = 0, n_computer = 0;

  mm_match_set_seats (match, NULL, ai);
  while (!mm_match_is_finished (match))
    {
      g_autoptr(GError) error = NULL;
      guint n_moves = mm_game_get_n_moves (game);

      if (mm_game_get_side_to_move (game) == MM_COLOR_WHITE)
        {
          /* The person cannot move for the computer. */
          g_assert_false (mm_match_play (match, first_legal_move (game), &error));
          g_assert_error (error, MM_MATCH_ERROR, MM_MATCH_ERROR_NOT_YOUR_TURN);
          run_until (match, local_turn_or_finished);
          n_computer++;
        }
      else
        {
          g_assert_true (mm_match_play (match, first_legal_move (game), &error));
          g_assert_no_error (error);
          n_person++;
        }
      g_assert_cmpuint (mm_game_get_n_moves (game), >, n_moves);
    }
  g_assert_cmpuint (n_person, >=, 10);
  g_assert_cmpuint (n_computer, >=, 10);
  g_assert_cmpint (mm_match_get_result (match, NULL), ==, MM_MATCH_RESULT_BOARD);
  assert_game_is_whole (game);
}

/* The computer against itself, at two levels, with nobody touching. */
static void
test_two_computers (void)
{
  g_autoptr(MmMatch) match = mm_match_new (NULL);
  g_autoptr(MmPlayer) black = computer (MM_AI_LEVEL_BEGINNER, 0);
  g_autoptr(MmPlayer) white = computer (MM_AI_LEVEL_INTERMEDIATE, 0);
  g_autoptr(GError) error = NULL;

  mm_match_set_seats (match, black, white);
  g_assert_false (mm_match_is_local_turn (match));
  g_assert_false (mm_match_play (match, 19, &error));
  g_assert_error (error, MM_MATCH_ERROR, MM_MATCH_ERROR_NOT_YOUR_TURN);
  run_until (match, finished_or_failed);
  g_assert_null (mm_match_get_failure (match, NULL));
  g_assert_cmpint (mm_match_get_result (match, NULL), ==, MM_MATCH_RESULT_BOARD);
  g_assert_cmpuint (mm_game_get_n_moves (mm_match_get_game (match)), >=, 50);
  assert_game_is_whole (mm_match_get_game (match));
}

/* Master against Expert on eight seconds a side, where Master alone
 * would spend up to four seconds a move: each shares out its clock
 * instead, and the game ends on the board, not on time. */
static void
test_computers_on_clock (void)
{
  g_autoptr(MmMatch) match = mm_match_new (NULL);
  g_autoptr(MmPlayer) black = computer (MM_AI_LEVEL_MASTER, 0);
  g_autoptr(MmPlayer) white = computer (MM_AI_LEVEL_EXPERT, 0);
  g_autoptr(MmClock) clock = mm_clock_new (8 * G_USEC_PER_SEC, 0);

  mm_match_set_clock (match, clock);
  mm_match_set_seats (match, black, white);
  run_until (match, finished_or_failed);
  g_assert_null (mm_match_get_failure (match, NULL));
  g_assert_cmpint (mm_match_get_result (match, NULL), ==, MM_MATCH_RESULT_BOARD);
  g_assert_cmpint (mm_clock_get_remaining (clock, MM_COLOR_BLACK), >, 0);
  g_assert_cmpint (mm_clock_get_remaining (clock, MM_COLOR_WHITE), >, 0);
  g_test_message ("left on the clocks: black %.1f s, white %.1f s",
                  mm_clock_get_remaining (clock, MM_COLOR_BLACK) / 1e6,
                  mm_clock_get_remaining (clock, MM_COLOR_WHITE) / 1e6);
  assert_game_is_whole (mm_match_get_game (match));
}

static MmPlayer *
nboard_engine (guint depth)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *engine = g_shell_quote (MM_ENGINE_PATH);
  g_autofree char *eval = g_shell_quote (MM_EVAL_SOURCE_PATH);
  g_autofree char *command = g_strdup_printf ("%s nboard --threads 1 --eval %s", engine, eval);
  MmNboardPlayer *player = mm_nboard_player_new (command, &error);

  g_assert_no_error (error);
  mm_nboard_player_set_min_delay (player, 0);
  mm_nboard_player_set_depth (player, depth);
  return MM_PLAYER (player);
}

/* An external engine over the NBoard protocol against the built-in
 * player: the same match, another kind of seat. */
static void
test_engine_against_computer (void)
{
  g_autoptr(MmMatch) match = mm_match_new (NULL);
  g_autoptr(MmPlayer) engine = nboard_engine (2);
  g_autoptr(MmPlayer) ai = computer (MM_AI_LEVEL_BEGINNER, 0);

  g_assert_false (mm_player_is_local_person (engine));
  mm_match_set_seats (match, engine, ai);
  run_until (match, finished_or_failed);
  g_assert_null (mm_match_get_failure (match, NULL));
  g_assert_cmpint (mm_match_get_result (match, NULL), ==, MM_MATCH_RESULT_BOARD);
  assert_game_is_whole (mm_match_get_game (match));
  /* The engine says who it is once it runs. */
  g_assert_cmpstr (mm_player_get_display_name (engine), ==, "Monomachia");
  g_object_run_dispose (G_OBJECT (engine));
}

/* An engine told to search deeper than a few seconds allow, on a short
 * clock: told the time it has left in the game it is sent, it shares it
 * out and the game ends on the board. */
static void
test_engine_on_clock (void)
{
  g_autoptr(MmMatch) match = mm_match_new (NULL);
  g_autoptr(MmPlayer) engine = nboard_engine (24);
  g_autoptr(MmPlayer) ai = computer (MM_AI_LEVEL_BEGINNER, 0);
  g_autoptr(MmClock) clock = mm_clock_new (6 * G_USEC_PER_SEC, 0);

  mm_match_set_clock (match, clock);
  mm_match_set_seats (match, engine, ai);
  run_until (match, finished_or_failed);
  g_assert_null (mm_match_get_failure (match, NULL));
  g_assert_cmpint (mm_match_get_result (match, NULL), ==, MM_MATCH_RESULT_BOARD);
  g_assert_cmpint (mm_clock_get_remaining (clock, MM_COLOR_BLACK), >, 0);
  g_test_message ("left on the engine's clock: %.1f s",
                  mm_clock_get_remaining (clock, MM_COLOR_BLACK) / 1e6);
  assert_game_is_whole (mm_match_get_game (match));
  g_object_run_dispose (G_OBJECT (engine));
}

static void
seat_failed_cb (MmMatch      *match,
                MmColor       color,
                const GError *error,
                guint        *n_failures)
{
  (*n_failures)++;
}

/* An engine that dies when asked to move: the match stops with the
 * reason, asks nobody again, and goes on once the position changes. */
static void
test_seat_fails (void)
{
  g_autoptr(MmMatch) match = mm_match_new (NULL);
  g_autofree char *dir = g_dir_make_tmp ("test-match-XXXXXX", NULL);
  g_autofree char *script = g_build_filename (dir, "crash.sh", NULL);
  g_autofree char *command = NULL;
  g_autoptr(MmPlayer) engine = NULL;
  g_autoptr(GError) error = NULL;
  const GError *failure;
  guint n_failures = 0;
  MmColor color;

  /* It answers the greeting, then exits at the first "go". */
  g_assert_true (g_file_set_contents (script,
                                      "while read line; do\n"
                                      "  case \"$line\" in\n"
                                      "    ping*) echo \"pong ${line#ping }\" ;;\n"
                                      "    go*) echo 'out of memory' >&2; exit 3 ;;\n"
                                      "  esac\n"
                                      "done\n", -1, NULL));
  command = g_strdup_printf ("sh '%s'", script);
  engine = MM_PLAYER (mm_nboard_player_new (command, &error));
  g_assert_no_error (error);
  mm_nboard_player_set_min_delay (MM_NBOARD_PLAYER (engine), 0);
  g_signal_connect (match, "seat-failed", G_CALLBACK (seat_failed_cb), &n_failures);

  mm_match_set_seats (match, NULL, engine);
  g_assert_true (mm_match_play (match, 37, NULL));
  run_until (match, finished_or_failed);
  failure = mm_match_get_failure (match, &color);
  g_assert_nonnull (failure);
  g_assert_cmpint (color, ==, MM_COLOR_WHITE);
  g_test_message ("%s", failure->message);
  /* A sentence that says why, with what the engine wrote. */
  g_assert_nonnull (strstr (failure->message, "out of memory"));
  g_assert_cmpuint (n_failures, ==, 1);
  g_assert_false (mm_match_is_finished (match));
  g_assert_false (mm_match_get_thinking (match));
  run_for (100);
  g_assert_cmpuint (n_failures, ==, 1);
  g_assert_cmpuint (mm_game_get_n_moves (mm_match_get_game (match)), ==, 1);

  /* Undo is a change: the failure is forgotten and the person moves. */
  g_assert_true (mm_match_undo (match));
  g_assert_null (mm_match_get_failure (match, NULL));
  g_assert_true (mm_match_is_local_turn (match));
  g_object_run_dispose (G_OBJECT (engine));
  g_unlink (script);
  g_rmdir (dir);
}

static gboolean
lost_on_time (MmMatch *match)
{
  return mm_match_get_result (match, NULL) == MM_MATCH_RESULT_TIME;
}

/* A side whose time runs out loses, and the record says so. */
static void
test_loss_on_time (void)
{
  g_autoptr(MmMatch) match = mm_match_new (NULL);
  g_autoptr(MmClock) clock = mm_clock_new (300 * 1000, 0);
  g_autoptr(MmPlayer) ai = computer (MM_AI_LEVEL_BEGINNER, 0);
  MmGame *game = mm_match_get_game (match);
  g_autoptr(MmGameRecord) record = NULL;
  g_autoptr(GError) error = NULL;
  MmColor loser;

  mm_match_set_seats (match, NULL, ai);
  mm_match_set_clock (match, clock);
  g_assert_true (mm_clock_is_running (clock));
  g_assert_cmpint (mm_clock_get_side (clock), ==, MM_COLOR_BLACK);
  g_assert_true (mm_match_play (match, 19, &error));
  /* White's clock runs while the computer thinks, then Black's again. */
  run_until (match, local_turn_or_finished);
  g_assert_cmpint (mm_clock_get_side (clock), ==, MM_COLOR_BLACK);

  /* The person does not move: Black's time runs out. */
  run_until (match, lost_on_time);
  g_assert_cmpint (mm_match_get_result (match, &loser), ==, MM_MATCH_RESULT_TIME);
  g_assert_cmpint (loser, ==, MM_COLOR_BLACK);
  g_assert_true (mm_match_is_finished (match));
  g_assert_false (mm_clock_is_running (clock));
  g_assert_false (mm_match_play (match, first_legal_move (game), &error));
  g_assert_error (error, MM_MATCH_ERROR, MM_MATCH_ERROR_FINISHED);
  g_assert_false (mm_match_can_undo (match));
  record = mm_game_to_record (game);
  g_assert_cmpstr (mm_game_record_get_tag (record, MM_RECORD_TAG_RESULT), ==, "-64.00:t");
  g_assert_false (mm_match_get_thinking (match));
}

/* Undo while the computer thinks: its search is dropped, the person's
 * move goes back, and the computer's answer never lands. */
static void
test_undo_while_thinking (void)
{
  g_autoptr(MmMatch) match = mm_match_new (NULL);
  g_autoptr(MmPlayer) ai = computer (MM_AI_LEVEL_BEGINNER, 400);
  MmGame *game = mm_match_get_game (match);
  g_autoptr(GError) error = NULL;

  mm_match_set_seats (match, NULL, ai);
  g_assert_true (mm_match_play (match, 19, &error));
  run_until (match, thinking);
  g_assert_true (mm_player_get_thinking (ai));

  g_assert_true (mm_match_undo (match));
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  g_assert_false (mm_match_get_thinking (match));
  g_assert_true (mm_match_is_local_turn (match));
  g_assert_true (mm_match_can_redo (match));
  /* Longer than the computer's delay: nothing comes. */
  run_for (700);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  g_assert_false (mm_player_get_thinking (ai));

  /* Redo brings the move back and the computer answers it. */
  g_assert_true (mm_match_redo (match));
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);
  run_until (match, local_turn_or_finished);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);

  /* Against the computer undo takes its reply back too. */
  g_assert_true (mm_match_undo (match));
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
}

/* While paused (an earlier position shown) nobody is asked. */
static void
test_paused (void)
{
  g_autoptr(MmMatch) match = mm_match_new (NULL);
  g_autoptr(MmPlayer) ai = computer (MM_AI_LEVEL_BEGINNER, 0);
  MmGame *game = mm_match_get_game (match);
  g_autoptr(GError) error = NULL;

  mm_match_set_paused (match, TRUE);
  mm_match_set_seats (match, ai, NULL);
  run_for (300);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  g_assert_false (mm_match_get_thinking (match));

  mm_match_set_paused (match, FALSE);
  run_until (match, local_turn_or_finished);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);

  mm_match_set_paused (match, TRUE);
  g_assert_false (mm_match_play (match, first_legal_move (game), &error));
  g_assert_error (error, MM_MATCH_ERROR, MM_MATCH_ERROR_PAUSED);
}

/* Play on from an earlier position: the moves after it can be redone,
 * and the computer moves there if it is its turn. */
static void
test_play_from (void)
{
  g_autoptr(MmMatch) match = mm_match_new (NULL);
  g_autoptr(MmPlayer) ai = computer (MM_AI_LEVEL_BEGINNER, 0);
  MmGame *game = mm_match_get_game (match);

  for (guint i = 0; i < 6; i++)
    g_assert_true (mm_match_play (match, first_legal_move (game), NULL));
  mm_match_set_seats (match, NULL, ai);
  g_assert_true (mm_match_play_from (match, 3));
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 3);
  g_assert_true (mm_match_can_redo (match));
  /* White is to move after three moves: the computer answers. */
  run_until (match, local_turn_or_finished);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 4);
}

/* A resignation ends the game, in the record too. */
static void
test_resign (void)
{
  g_autoptr(MmMatch) match = mm_match_new (NULL);
  g_autoptr(MmClock) clock = mm_clock_new (60 * G_USEC_PER_SEC, 0);
  g_autoptr(MmGameRecord) record = NULL;
  MmGame *game = mm_match_get_game (match);
  MmColor loser;

  mm_match_set_clock (match, clock);
  g_assert_true (mm_match_play (match, first_legal_move (game), NULL));
  mm_match_resign (match, MM_COLOR_WHITE);
  g_assert_cmpint (mm_match_get_result (match, &loser), ==, MM_MATCH_RESULT_RESIGNATION);
  g_assert_cmpint (loser, ==, MM_COLOR_WHITE);
  g_assert_false (mm_clock_is_running (clock));
  g_assert_false (mm_match_can_undo (match));
  record = mm_game_to_record (game);
  g_assert_cmpstr (mm_game_record_get_tag (record, MM_RECORD_TAG_RESULT), ==, "+64.00:r");
}

/* The session comes back whole: the moves, the clocks and the values
 * given for the seats. */
static void
test_session (void)
{
  g_autofree char *dir = g_dir_make_tmp ("test-match-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "session.ggf", NULL);
  g_autoptr(MmAutosave) autosave = mm_autosave_new (path);
  g_autoptr(MmMatch) match = mm_match_new (NULL);
  g_autoptr(MmMatch) restored = mm_match_new (NULL);
  g_autoptr(MmClock) clock = mm_clock_new (90 * G_USEC_PER_SEC, 2 * G_USEC_PER_SEC);
  g_autoptr(GHashTable) session = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = NULL;
  gboolean unsaved = FALSE;
  MmClock *restored_clock;

  mm_match_set_autosave (match, autosave);
  mm_match_set_clock (match, clock);
  mm_match_set_session_value (match, "COMPUTER", "white");
  mm_match_set_document (match, "file:///tmp/game.ggf", TRUE);
  for (guint i = 0; i < 5; i++)
    g_assert_true (mm_match_play (match, first_legal_move (mm_match_get_game (match)), NULL));
  /* The write is scheduled: it happens in the main loop. */
  run_for (50);
  g_assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  mm_clock_stop (clock);
  g_assert_true (mm_match_save_session (match, &error));
  g_assert_no_error (error);

  mm_match_set_autosave (restored, autosave);
  g_assert_true (mm_match_restore_session (restored, &uri, &unsaved, &session, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (uri, ==, "file:///tmp/game.ggf");
  g_assert_true (unsaved);
  g_assert_cmpstr (g_hash_table_lookup (session, "COMPUTER"), ==, "white");
  g_assert_null (g_hash_table_lookup (session, "CLOCK"));
  g_assert_cmpuint (mm_game_get_n_moves (mm_match_get_game (restored)), ==, 5);
  restored_clock = mm_match_get_clock (restored);
  g_assert_nonnull (restored_clock);
  g_assert_cmpint (mm_clock_get_increment (restored_clock), ==, 2 * G_USEC_PER_SEC);
  /* The time of the side to move runs again from where it stopped. */
  g_assert_true (mm_clock_is_running (restored_clock));
  g_assert_cmpint (mm_clock_get_side (restored_clock), ==, MM_COLOR_WHITE);
  g_assert_cmpint (mm_clock_get_remaining (restored_clock, MM_COLOR_BLACK), ==,
                   mm_clock_get_remaining (clock, MM_COLOR_BLACK));
  g_assert_cmpint (mm_clock_get_remaining (restored_clock, MM_COLOR_WHITE), <=,
                   mm_clock_get_remaining (clock, MM_COLOR_WHITE));
  g_assert_cmpint (mm_clock_get_remaining (restored_clock, MM_COLOR_WHITE), >,
                   mm_clock_get_remaining (clock, MM_COLOR_WHITE) - G_USEC_PER_SEC);

  /* Cleared, nothing comes back. */
  g_assert_true (mm_match_clear_session (restored, &error));
  g_assert_false (mm_match_restore_session (restored, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_unlink (path);
  g_rmdir (dir);
}

/* A result goes with its game: a new game or one loaded has its own. */
static void
test_result_follows_game (void)
{
  g_autoptr(MmMatch) match = mm_match_new (NULL);
  g_autoptr(MmClock) clock = mm_clock_new (60 * G_USEC_PER_SEC, 0);
  g_autoptr(MmGameRecord) resigned = mm_game_record_new ();
  MmGame *game = mm_match_get_game (match);
  MmMatchResult result;

  g_assert_true (mm_match_play (match, 37, NULL));
  mm_match_resign (match, MM_COLOR_WHITE);
  mm_game_restart (game);
  g_object_get (match, "result", &result, NULL);
  g_assert_cmpint (result, ==, MM_MATCH_RESULT_NONE);
  /* A new clock runs in the new game. */
  mm_match_set_clock (match, clock);
  g_assert_true (mm_clock_is_running (clock));

  /* A resignation read from a record stands. */
  g_assert_true (mm_game_record_play (resigned, 37, NULL, NULL, NULL));
  g_assert_true (mm_game_record_set_tag (resigned, MM_RECORD_TAG_RESULT, "-64.00:r", NULL));
  g_assert_true (mm_game_load_record (game, resigned, NULL));
  g_object_get (match, "result", &result, NULL);
  g_assert_cmpint (result, ==, MM_MATCH_RESULT_RESIGNATION);
  g_assert_false (mm_match_can_undo (match));

  /* A result tag that is only a flag is no loss (nor read past). */
  g_assert_true (mm_game_record_set_tag (resigned, MM_RECORD_TAG_RESULT, "t", NULL));
  g_assert_true (mm_game_load_record (game, resigned, NULL));
  g_assert_false (mm_game_get_lost_on_time (game, NULL));
  g_assert_false (mm_match_is_finished (match));
}

/* Undo and redo earn nobody an increment; only moves do. */
static void
test_undo_keeps_time (void)
{
  g_autoptr(MmMatch) match = mm_match_new (NULL);
  g_autoptr(MmClock) clock = mm_clock_new (60 * G_USEC_PER_SEC, 5 * G_USEC_PER_SEC);

  mm_match_set_clock (match, clock);
  g_assert_true (mm_match_play (match, 37, NULL));
  g_assert_cmpint (mm_clock_get_remaining (clock, MM_COLOR_BLACK), >, 64 * G_USEC_PER_SEC);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_true (mm_match_undo (match));
      g_assert_true (mm_match_redo (match));
    }
  g_assert_true (mm_match_undo (match));
  g_assert_cmpint (mm_clock_get_remaining (clock, MM_COLOR_WHITE), <=, 60 * G_USEC_PER_SEC);
  g_assert_cmpint (mm_clock_get_side (clock), ==, MM_COLOR_BLACK);
  /* Black had its increment once, for its one move, and the redos made
   * none of their own. */
  g_assert_cmpint (mm_clock_get_remaining (clock, MM_COLOR_BLACK), <=, 65 * G_USEC_PER_SEC);
}

/* Paused on a program's turn, its time waits too; a name changed then
 * does not start the clocks again. */
static void
test_pause_stops_program_time (void)
{
  g_autoptr(MmMatch) match = mm_match_new (NULL);
  g_autoptr(MmClock) clock = mm_clock_new (60 * G_USEC_PER_SEC, 0);
  g_autoptr(MmPlayer) ai = computer (MM_AI_LEVEL_BEGINNER, 2000);

  mm_match_set_seats (match, NULL, ai);
  mm_match_set_clock (match, clock);
  g_assert_true (mm_match_play (match, 37, NULL));
  g_assert_cmpint (mm_clock_get_side (clock), ==, MM_COLOR_WHITE);
  mm_match_set_paused (match, TRUE);
  g_assert_false (mm_clock_is_running (clock));
  mm_game_set_player_name (mm_match_get_game (match), MM_COLOR_BLACK, "Ζωή");
  g_assert_false (mm_clock_is_running (clock));
  mm_match_set_paused (match, FALSE);
  g_assert_true (mm_clock_is_running (clock));
  g_assert_cmpint (mm_clock_get_side (clock), ==, MM_COLOR_WHITE);
}

/* A match let go of while its seat thinks goes (the seat's job holds it
 * weakly), and the answer that comes later is dropped. */
static void
test_dropped_while_thinking (void)
{
  g_autoptr(MmPlayer) ai = computer (MM_AI_LEVEL_BEGINNER, 200);
  MmMatch *match = mm_match_new (NULL);
  GWeakRef weak;

  g_weak_ref_init (&weak, match);
  mm_match_set_seats (match, ai, NULL);
  run_until (match, thinking);
  g_object_unref (match);
  {
    g_autoptr(MmMatch) gone = g_weak_ref_get (&weak);

    g_assert_null (gone);
  }
  run_for (400);
  g_weak_ref_clear (&weak);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  weights = mm_ai_weights_load (MM_EVAL_SOURCE_PATH, &error);
  g_assert_no_error (error);

  g_test_add_func ("/match/hot-seat", test_hot_seat);
  g_test_add_func ("/match/click-in-main-loop", test_click_in_main_loop);
  g_test_add_func ("/match/person-against-computer", test_person_against_computer);
  g_test_add_func ("/match/two-computers", test_two_computers);
  g_test_add_func ("/match/computers-on-clock", test_computers_on_clock);
  g_test_add_func ("/match/engine-against-computer", test_engine_against_computer);
  g_test_add_func ("/match/engine-on-clock", test_engine_on_clock);
  g_test_add_func ("/match/seat-fails", test_seat_fails);
  g_test_add_func ("/match/loss-on-time", test_loss_on_time);
  g_test_add_func ("/match/undo-while-thinking", test_undo_while_thinking);
  g_test_add_func ("/match/paused", test_paused);
  g_test_add_func ("/match/play-from", test_play_from);
  g_test_add_func ("/match/resign", test_resign);
  g_test_add_func ("/match/session", test_session);
  g_test_add_func ("/match/result-follows-game", test_result_follows_game);
  g_test_add_func ("/match/undo-keeps-time", test_undo_keeps_time);
  g_test_add_func ("/match/pause-stops-program-time", test_pause_stops_program_time);
  g_test_add_func ("/match/dropped-while-thinking", test_dropped_while_thinking);

  status = g_test_run ();
  mm_ai_weights_unref (weights);
  return status;
}
