/* mm-test-nboard.c
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

/* The helpers the two NBoard player tests share.  The fake engines are
 * written to a temporary folder made at the start and removed, with all
 * the tests left in it, at the end. */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "mm-test-nboard.h"

static char *scripts_dir;

void
mm_test_nboard_answer_clear (MmTestNboardAnswer *answer)
{
  g_clear_error (&answer->error);
  memset (answer, 0, sizeof *answer);
}

static void
answered (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  MmTestNboardAnswer *answer = user_data;

  answer->calls++;
  g_clear_error (&answer->error);
  answer->found = mm_nboard_player_choose_move_finish (MM_NBOARD_PLAYER (source), result,
                                                       &answer->move, &answer->error);
  g_assert_true (answer->found == (answer->error == NULL));
}

/* A wait's limit: fails the test rather than let it hang. */
gboolean
mm_test_nboard_time_is_up (gpointer user_data)
{
  g_error ("no answer in %d s", MM_TEST_NBOARD_WAIT_LIMIT_S);
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @answer has come, and a little longer, so
 * that a second callback would be seen. */
void
mm_test_nboard_wait_for (MmTestNboardAnswer *answer)
{
  guint limit = g_timeout_add_seconds (MM_TEST_NBOARD_WAIT_LIMIT_S,
                                       mm_test_nboard_time_is_up, NULL);

  while (answer->calls == 0)
    g_main_context_iteration (NULL, TRUE);
  g_source_remove (limit);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_assert_cmpuint (answer->calls, ==, 1);
}

void
mm_test_nboard_wait_ms (guint milliseconds)
{
  gint64 until = g_get_monotonic_time () + (gint64) milliseconds * 1000;

  while (g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* Asks @player for the move in @record; @answer has it when it comes. */
void
mm_test_nboard_ask (MmNboardPlayer     *player,
                    MmGameRecord       *record,
                    GCancellable       *cancellable,
                    MmTestNboardAnswer *answer)
{
  mm_test_nboard_answer_clear (answer);
  mm_nboard_player_choose_move_async (player, record, cancellable, answered, answer);
}

/* The move for @record, which must come. */
MmAiMove
mm_test_nboard_choose (MmNboardPlayer *player,
                       MmGameRecord   *record)
{
  MmTestNboardAnswer answer = { 0 };
  MmAiMove move;

  mm_test_nboard_ask (player, record, NULL, &answer);
  mm_test_nboard_wait_for (&answer);
  g_assert_no_error (answer.error);
  g_assert_true (answer.found);
  move = answer.move;
  mm_test_nboard_answer_clear (&answer);
  return move;
}

void
mm_test_nboard_checked (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  MmTestNboardAnswer *answer = user_data;

  answer->calls++;
  g_clear_error (&answer->error);
  answer->found = mm_nboard_player_check_finish (MM_NBOARD_PLAYER (source), result,
                                                 &answer->error);
  g_assert_true (answer->found == (answer->error == NULL));
}

/* Checks the engine: the error, or NULL when it answered. */
GError *
mm_test_nboard_check (MmNboardPlayer *player)
{
  MmTestNboardAnswer answer = { 0 };

  mm_nboard_player_check_async (player, NULL, mm_test_nboard_checked, &answer);
  mm_test_nboard_wait_for (&answer);
  g_assert_false (mm_nboard_player_get_busy (player));
  return answer.error;
}

MmGameRecord *
mm_test_nboard_record_from_transcript (const char *moves)
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

char *
mm_test_nboard_write_script (const char *name,
                             const char *body)
{
  g_autoptr(GError) error = NULL;
  char *path = g_build_filename (scripts_dir, name, NULL);

  g_file_set_contents (path, body, -1, &error);
  g_assert_no_error (error);
  return path;
}

static char *
script_command_line (const char *name,
                     const char *body)
{
  g_autofree char *path = mm_test_nboard_write_script (name, body);
  g_autofree char *quoted = g_shell_quote (path);

  /* "sh", not "/bin/sh": the program is looked for in PATH. */
  return g_strconcat ("sh ", quoted, NULL);
}

/* A fake engine: @body is a shell script reading NBoard commands. */
MmNboardPlayer *
mm_test_nboard_script_player (const char *name,
                              const char *body)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *command_line = script_command_line (name, body);
  MmNboardPlayer *player = mm_nboard_player_new (command_line, &error);

  g_assert_no_error (error);
  g_assert_nonnull (player);
  mm_nboard_player_set_min_delay (player, 0);
  mm_nboard_player_set_timeout (player, MM_TEST_NBOARD_SHORT_TIMEOUT_MS);
  return player;
}

static void
seat_answered (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  MmTestNboardAnswer *answer = user_data;

  answer->calls++;
  g_clear_error (&answer->error);
  answer->move.square = mm_player_request_move_finish (MM_PLAYER (source), result,
                                                       &answer->error);
  answer->found = answer->move.square != MM_SQUARE_NONE;
  g_assert_true (answer->found == (answer->error == NULL));
}

/* The same, through MmPlayer alone, as a match asks a seat. */
void
mm_test_nboard_seat_ask (MmPlayer           *seat,
                         MmGameRecord       *record,
                         GCancellable       *cancellable,
                         MmTestNboardAnswer *answer)
{
  mm_test_nboard_answer_clear (answer);
  mm_player_request_move_async (seat, record, cancellable, seat_answered, answer);
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

/* g_test_init(), and the folder for the fake engines. */
void
mm_test_nboard_init (int    *argc,
                     char ***argv)
{
  g_autoptr(GError) error = NULL;

  g_test_init (argc, argv, NULL);
  scripts_dir = g_dir_make_tmp ("test-nboard-player-XXXXXX", &error);
  g_assert_no_error (error);
}

/* g_test_run(), then the folder removed. */
int
mm_test_nboard_run (void)
{
  int status = g_test_run ();

  remove_tree (scripts_dir);
  g_clear_pointer (&scripts_dir, g_free);
  return status;
}

const char *
mm_test_nboard_scripts_dir (void)
{
  return scripts_dir;
}
