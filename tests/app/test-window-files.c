/* test-window-files.c
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

/* Games in and out of the window: Save and Open (and Save on a full
 * disk), Paste and Copy, the question asked before an unsaved game goes,
 * the game kept by autosave from one start of the application to the
 * next, and a file named on the command line. */

#include "config.h"

#include <gtk/gtk.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>

#include <glib/gstdio.h>

#include "mm-application.h"
#include "mm-game-chooser.h"
#include "mm-test-ui.h"
#include "mm-test-window.h"
#include "mm-window-private.h"

/* Unsaved changes: the title starts with a bullet. */
static gboolean
shows_unsaved (MmWindow *window)
{
  return g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "• ");
}

#define STANDARD_BO "BO[8 ---------------------------O*------*O--------------------------- *]"

/* A folder for the files the tests write; each test removes its files,
 * and main() the folder. */
static char *temp_dir;

static char *
temp_path (const char *name)
{
  if (temp_dir == NULL)
    temp_dir = g_dir_make_tmp ("mm-test-window-XXXXXX", NULL);
  g_assert_nonnull (temp_dir);
  return g_build_filename (temp_dir, name, NULL);
}

static void
open_path (MmWindow   *window,
           const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);

  mm_window_open_files (window, &file, 1);
}

static gboolean
is_saved (gpointer data)
{
  return !shows_unsaved (data);
}

/* Save, change, open again; the title follows; bad files leave the game
 * alone; a file of several games asks which one. */
static void
save_and_open (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  g_autofree char *path = temp_path ("game.ggf");
  g_autofree char *bad_path = temp_path ("bad.ggf");
  g_autofree char *archive_path = temp_path ("archive.ggf");
  g_autofree char *moves_path = temp_path ("moves.txt");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *contents = NULL;
  g_autofree char *moves = NULL;
  MmGameChooser *chooser;

  mm_test_window_set_confirm_discard (FALSE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Monomachia");
  mm_test_window_play_moves (window, "f5d6c3");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==,
                   "• Unsaved game — Monomachia");

  _mm_window_save_as_file (window, file);
  mm_test_ui_wait_until (is_saved, window, 10);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "game.ggf — Monomachia");
  g_assert_cmpstr (mm_test_window_message_text (window), ==, "The game is saved in “game.ggf”.");
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "(;GM[Othello]PC[Monomachia]DT["));
  g_assert_true (g_str_has_suffix (contents, STANDARD_BO "B[f5]W[d6]B[c3];)\n"));

  mm_test_window_play_moves (window, "d3");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• game.ggf — Monomachia");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Monomachia");

  /* Open it again: three moves, which undo takes back. */
  open_path (window, path);
  mm_test_window_wait_for_moves (window, 3);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "game.ggf — Monomachia");
  /* Save writes to the file opened, without asking. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-message", NULL);
  g_assert_cmpstr (mm_test_window_message_text (window), ==, "");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  mm_test_window_wait_for_message (window, "The game is saved in “game.ggf”.");
  g_assert_cmpstr (mm_test_window_turn_text (window), ==, "White to move");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• game.ggf — Monomachia");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);

  /* A damaged file: a sentence that says where, and the game as it was. */
  moves = mm_test_window_moves_of (window);
  g_assert_true (g_file_set_contents (bad_path, "(;GM[Othello]PB[x]B[f5]W[f5];)", -1, NULL));
  open_path (window, bad_path);
  mm_test_window_wait_for_message (window, "Cannot open");
  g_assert_cmpstr (mm_test_window_message_text (window), ==,
                   "Cannot open “bad.ggf”: Line 1, column 26: Move 2: f5 is not empty");
  {
    g_autofree char *after = mm_test_window_moves_of (window);

    g_assert_cmpstr (after, ==, moves);
  }
  g_assert_true (g_file_set_contents (bad_path, "\x7f" "ELF\x02\x01\x01", 7, NULL));
  open_path (window, bad_path);
  mm_test_window_wait_for_message (window,
                                   "Cannot open “bad.ggf”: Line 1, column 1: this is not text");

  /* Several games: the list, then the one chosen, as a new unsaved game. */
  g_assert_true (g_file_set_contents (archive_path,
                                      "(;GM[Othello]PB[a]PW[b]" STANDARD_BO "B[f5];)\n"
                                      "(;GM[Othello]PB[Ζήνων]PW[d]" STANDARD_BO "B[e6]W[f4];)\n"
                                      "(;GM[Othello]PB[e]PW[f]" STANDARD_BO "B[c4];)\n",
                                      -1, NULL));
  open_path (window, archive_path);
  chooser = MM_GAME_CHOOSER (mm_test_ui_wait_for_window (MM_TYPE_GAME_CHOOSER, 10));
  g_assert_cmpuint (mm_game_chooser_get_n_games (chooser), ==, 3);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (chooser)), ==, "Choose a Game");
  mm_game_chooser_choose (chooser, 1);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);
  g_assert_cmpstr (mm_test_window_name_text (window, MM_COLOR_BLACK), ==, "Ζήνων");
  g_assert_cmpstr (mm_test_window_name_text (window, MM_COLOR_WHITE), ==, "d");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==,
                   "• Unsaved game — Monomachia");

  /* A transcript file opens, but Save will not overwrite it with GGF. */
  g_assert_true (g_file_set_contents (moves_path, MM_TEST_WINDOW_GAME_A " 34-30 1977\n", -1, NULL));
  open_path (window, moves_path);
  mm_test_window_wait_for_moves (window, 62);
  /* The window names no file, so Save asks for one. */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==,
                   "• Unsaved game — Monomachia");
  g_assert_null (mm_test_window_name_text (window, MM_COLOR_BLACK));
  g_assert_cmpstr (mm_test_window_message_text (window), ==, "Black wins 34-30");

  g_assert_no_errno (g_remove (path));
  g_assert_no_errno (g_remove (bad_path));
  g_assert_no_errno (g_remove (archive_path));
  g_assert_no_errno (g_remove (moves_path));
}

/* Paste says what it found; bad text leaves the game alone; copies paste
 * back to the same game. */
static void
paste_and_copy (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  g_autofree char *moves = NULL;
  g_autofree char *copied_moves = NULL;
  g_autofree char *copied_board = NULL;
  g_autofree char *copied_game = NULL;
  MmGameChooser *chooser;

  mm_test_window_set_confirm_discard (FALSE);
  mm_test_window_paste (window, MM_TEST_WINDOW_GAME_A " 34-30");
  mm_test_window_wait_for_moves (window, 62);
  g_assert_cmpstr (mm_test_window_message_text (window), ==,
                   "Pasted a list of moves. Black wins 34-30");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==,
                   "• Unsaved game — Monomachia");

  mm_test_window_paste (window, "f5 d6 c3 zz");
  mm_test_window_wait_for_message (window, "The clipboard holds no game");
  g_assert_cmpstr (mm_test_window_message_text (window), ==,
                   "The clipboard holds no game: Line 1, column 10: "
                   "“zz” is not a move: moves are written a1 to h8");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 62);

  mm_test_window_paste (window, "(;GM[Othello]PB[Πλάτων]" STANDARD_BO "B[f5]W[f6];)");
  mm_test_window_wait_for_moves (window, 2);
  g_assert_cmpstr (mm_test_window_message_text (window), ==, "Pasted a game in GGF.");
  g_assert_cmpstr (mm_test_window_name_text (window, MM_COLOR_BLACK), ==, "Πλάτων");

  mm_test_window_paste (window,
                        "[Black \"A\"]\n[White \"B\"]\n1. e6 f4 *\n\n[Black \"C\"]\n1. d3 *\n");
  chooser = MM_GAME_CHOOSER (mm_test_ui_wait_for_window (MM_TYPE_GAME_CHOOSER, 10));
  g_assert_cmpuint (mm_game_chooser_get_n_games (chooser), ==, 2);
  mm_game_chooser_choose (chooser, 0);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);
  g_assert_cmpstr (mm_test_window_message_text (window), ==, "Pasted a game in PGN.");

  /* A board where Black has no move: it passes at once. */
  mm_test_window_paste (window,
                        "O*-------------------------------------------------------------- X");
  mm_test_window_wait_for_message (window, "Pasted a board position.");
  g_assert_cmpstr (mm_test_window_message_text (window), ==,
                   "Pasted a board position. Black has no move and passes");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);
  g_assert_cmpstr (mm_test_window_turn_text (window), ==, "White to move");
  mm_test_window_assert_square_label (window, "a1", "A1, white");
  mm_test_window_assert_square_label (window, "b1", "B1, black");

  /* Copies of a game in progress read back as the same game. */
  mm_test_window_paste (window, "f5d6c3d3c4f4");
  mm_test_window_wait_for_moves (window, 6);
  moves = mm_test_window_moves_of (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-moves", NULL);
  g_assert_cmpstr (mm_test_window_message_text (window), ==, "The moves are copied.");
  copied_moves = mm_test_window_clipboard_text (window);
  g_assert_cmpstr (copied_moves, ==, "f5d6c3d3c4f4");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-board", NULL);
  copied_board = mm_test_window_clipboard_text (window);
  g_assert_cmpuint (strlen (copied_board), ==, 66);
  g_assert_true (g_str_has_suffix (copied_board, " X"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-game", NULL);
  g_assert_cmpstr (mm_test_window_message_text (window), ==, "The game is copied in GGF.");
  copied_game = mm_test_window_clipboard_text (window);
  g_assert_true (g_str_has_prefix (copied_game, "(;GM[Othello]"));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.paste", NULL);
  mm_test_window_wait_for_moves (window, 6);
  {
    g_autofree char *again = mm_test_window_moves_of (window);

    g_assert_cmpstr (again, ==, moves);
  }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-moves", NULL);
  g_assert_cmpstr (mm_test_window_message_text (window), ==, "There are no moves to copy yet.");
}

/* A full disk (here a limit on the size of files) refuses Save with a
 * sentence saying why; the file keeps the game saved before, the title
 * keeps saying the game is unsaved, and with room again Save works. */
static void
save_on_full_disk (MmWindow *window)
{
  g_autofree char *path = temp_path ("full.ggf");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  struct rlimit saved, limit;
  gsize size;

  mm_test_window_set_confirm_discard (FALSE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  mm_test_window_play_moves (window, "f5d6c3");
  _mm_window_save_as_file (window, file);
  mm_test_ui_wait_until (is_saved, window, 10);
  g_assert_true (g_file_get_contents (path, &before, &size, NULL));

  /* Twenty moves more than the file has room for. */
  mm_test_window_play_moves (window, "f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5");
  mm_test_ui_run_pending ();
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• full.ggf — Monomachia");
  signal (SIGXFSZ, SIG_IGN);
  g_assert_no_errno (getrlimit (RLIMIT_FSIZE, &saved));
  limit = saved;
  limit.rlim_cur = size + 20;
  g_assert_no_errno (setrlimit (RLIMIT_FSIZE, &limit));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  mm_test_window_wait_for_message (window, "Cannot save “full.ggf”: ");
  g_assert_no_errno (setrlimit (RLIMIT_FSIZE, &saved));
  signal (SIGXFSZ, SIG_DFL);
  g_assert_nonnull (strstr (mm_test_window_message_text (window), g_strerror (EFBIG)));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• full.ggf — Monomachia");
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  g_clear_pointer (&after, g_free);
  g_assert_cmpuint (mm_game_get_n_moves (mm_window_get_game (window)), ==, 23);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  mm_test_window_wait_for_message (window, "The game is saved in “full.ggf”.");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "full.ggf — Monomachia");
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_true (g_str_has_suffix (after, "B[g4]W[h3]B[f7]W[b5]B[h5];)\n"));
  g_assert_no_errno (g_remove (path));
}

/* New Game, Open and Paste ask before an unsaved game goes; closing
 * keeps it for the next start (test_autosave_restore). */
static void
discard_question (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  g_autofree char *path = temp_path ("asked.ggf");
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *contents = NULL;
  GtkWindow *dialog;
  g_autofree char *text = NULL;

  mm_test_window_set_confirm_discard (TRUE);

  /* Nothing to lose: no question. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_assert_null (mm_test_ui_find_window (GTK_TYPE_MESSAGE_DIALOG));

  mm_test_window_play_moves (window, "f5");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  dialog = mm_test_ui_find_window (GTK_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  g_object_get (dialog, "text", &text, NULL);
  g_assert_cmpstr (text, ==, "Discard unsaved game?");
  g_assert_true (gtk_window_get_modal (dialog));
  mm_test_window_respond (dialog, GTK_RESPONSE_CANCEL);
  g_assert_null (mm_test_ui_find_window (GTK_TYPE_MESSAGE_DIALOG));
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  mm_test_window_respond (mm_test_ui_find_window (GTK_TYPE_MESSAGE_DIALOG), 1 /* discard */);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);

  /* Save, then the new game. */
  mm_test_window_play_moves (window, "f5d6");
  _mm_window_save_as_file (window, file);
  mm_test_ui_wait_until (is_saved, window, 10);
  mm_test_window_play_moves (window, "c3");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  mm_test_window_respond (mm_test_ui_find_window (GTK_TYPE_MESSAGE_DIALOG), 2 /* save */);
  mm_test_window_wait_for_moves (window, 0);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_true (g_str_has_suffix (contents, "B[f5]W[d6]B[c3];)\n"));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Monomachia");

  /* A pasted game replaces the game only once agreed. */
  mm_test_window_play_moves (window, "e6");
  mm_test_window_paste (window, "d3c3");
  dialog = mm_test_ui_wait_for_window (GTK_TYPE_MESSAGE_DIALOG, 10);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);
  mm_test_window_respond (dialog, 1);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);

  g_assert_no_errno (g_remove (path));
}

static void
play_then_close (MmWindow *window)
{
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  mm_test_window_play_moves (window, "f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1");
  mm_game_set_player_name (mm_window_get_game (window), MM_COLOR_WHITE, "Λευκός");
  /* A computer's recorded name, as a game saved in another language has it. */
  mm_game_set_player_name (mm_window_get_game (window), MM_COLOR_BLACK, "Monomachia (novice)");
  mm_test_ui_run_pending ();
}

static void
check_restored (MmWindow *window)
{
  g_autofree char *moves = mm_test_window_moves_of (window);

  g_assert_cmpstr (moves, ==, "f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1");
  g_assert_cmpstr (mm_test_window_turn_text (window), ==, "Black to move");
  g_assert_cmpstr (mm_test_window_name_text (window, MM_COLOR_WHITE), ==, "Λευκός");
  g_assert_cmpstr (mm_test_window_name_text (window, MM_COLOR_BLACK), ==, "Computer (Novice)");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==,
                   "• Unsaved game — Monomachia");
  g_assert_true (mm_game_can_undo (mm_window_get_game (window)));
}

static void
check_new_game (MmWindow *window)
{
  g_assert_cmpuint (mm_game_get_n_moves (mm_window_get_game (window)), ==, 0);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Monomachia");

  /* A name that only looks like the computer's stays as it is. */
  mm_game_set_player_name (mm_window_get_game (window), MM_COLOR_BLACK, "Monomachia (grandmaster)");
  mm_test_ui_run_pending ();
  g_assert_cmpstr (mm_test_window_name_text (window, MM_COLOR_BLACK), ==,
                   "Monomachia (grandmaster)");
}

/* Closing with unsaved changes, the question on: nothing is asked. */
static void
close_asking_nothing (MmWindow *window)
{
  mm_test_window_set_confirm_discard (TRUE);
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "• "));
  gtk_window_close (GTK_WINDOW (window));
  g_assert_null (mm_test_ui_find_window (GTK_TYPE_MESSAGE_DIALOG));
  mm_test_window_set_confirm_discard (FALSE);
}

static void
close_activated_cb (GtkApplication *app,
                    gpointer        user_data)
{
  GtkWindow *window = gtk_application_get_active_window (app);

  ((MmTestWindowFunc) user_data) (MM_WINDOW (window));
  close_asking_nothing (MM_WINDOW (window));
}

static void
run_application (MmTestWindowFunc test,
                 gboolean   close)
{
  g_autoptr(MmApplication) app = NULL;
  char *argv[] = { (char *) "test-window", NULL };

  app = mm_application_new ("io.github.monomachia.Monomachia.Test", G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "activate",
                          G_CALLBACK (close ? close_activated_cb : mm_test_window_activated_cb),
                          test);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 1, argv), ==, 0);
}

static void
start_new_game (MmWindow *window)
{
  mm_test_window_set_confirm_discard (FALSE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  mm_test_ui_run_pending ();
}

/* The game comes back at the next start, as it was, however the window
 * was closed; a new game replaces it. */
static void
test_autosave_restore (void)
{
  mm_test_window_set_confirm_discard (FALSE);
  run_application (play_then_close, FALSE);
  run_application (check_restored, FALSE);
  run_application (check_restored, TRUE);
  run_application (check_restored, FALSE);
  run_application (start_new_game, FALSE);
  run_application (check_new_game, FALSE);
}

/* A game against the computer, with clocks: White (the computer) has
 * replied to Black's f5 when the program stops. */
static void
play_computer_then_close (MmWindow *window)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.monomachia.Monomachia");

  g_settings_set_int (settings, "clock-minutes", 5);
  g_settings_set_int (settings, "clock-increment", 3);
  mm_test_window_start_computer_game (window, "novice", "black", 0);
  mm_test_window_activate_square (window, "f5");
  mm_test_ui_wait_until (mm_test_window_is_person_turn, window, 10);
  g_assert_cmpuint (mm_game_get_n_moves (mm_window_get_game (window)), ==, 2);
  mm_test_ui_run_pending ();
}

/* It comes back as a game against the computer, with the clocks. */
static void
check_restored_computer (MmWindow *window)
{
  const char *black_clock;
  char name[3];

  g_assert_cmpuint (mm_game_get_n_moves (mm_window_get_game (window)), ==, 2);
  g_assert_false (mm_test_window_is_computer (window, MM_COLOR_BLACK));
  g_assert_true (mm_test_window_is_computer (window, MM_COLOR_WHITE));
  g_assert_cmpstr (mm_test_window_name_text (window, MM_COLOR_WHITE), ==, "Computer (Novice)");
  /* Five minutes, less a moment, plus three seconds for f5. */
  black_clock = mm_test_window_clock_text (window, MM_COLOR_BLACK);
  g_assert_nonnull (black_clock);
  g_assert_true (g_str_equal (black_clock, "5:03") || g_str_equal (black_clock, "5:02"));

  /* The computer answers the person's next move, as before. */
  mm_square_format (mm_first_square (mm_game_get_legal_moves (mm_window_get_game (window))),
                    name);
  mm_test_window_activate_square (window, name);
  mm_test_ui_wait_until (mm_test_window_is_person_turn, window, 10);
  g_assert_cmpuint (mm_game_get_n_moves (mm_window_get_game (window)), ==, 4);

  /* Black runs out of time: the record says so, and so will the next start. */
  _mm_window_set_clock (window, 200 * G_TIME_SPAN_MILLISECOND, 0);
  mm_test_ui_wait_until (mm_test_window_is_lost_on_time, window, 10);
  g_assert_true (mm_game_get_lost_on_time (mm_window_get_game (window), NULL));
  mm_test_ui_run_pending ();
}

static void
check_restored_loss_on_time (MmWindow *window)
{
  MmColor loser = MM_COLOR_WHITE;

  g_assert_true (mm_game_get_lost_on_time (mm_window_get_game (window), &loser));
  g_assert_cmpint (loser, ==, MM_COLOR_BLACK);
  g_assert_cmpstr (mm_test_window_turn_text (window), ==, "Game over: White wins on time");
}

static void
test_autosave_restores_computer (void)
{
  mm_test_window_set_confirm_discard (FALSE);
  run_application (play_computer_then_close, FALSE);
  run_application (check_restored_computer, FALSE);
  run_application (check_restored_loss_on_time, FALSE);
  run_application (start_new_game, FALSE);
  run_application (check_new_game, FALSE);
}

static void
opened_cb (GApplication  *app,
           GFile        **files,
           int            n_files,
           const char    *hint,
           gpointer       user_data)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  g_assert_cmpint (n_files, ==, 1);
  mm_test_window_wait_for_moves (MM_WINDOW (window), 3);
  g_assert_cmpstr (gtk_window_get_title (window), ==, "cli.ggf — Monomachia");
  gtk_window_close (window);
}

/* monomachia FILE opens the file. */
static void
test_command_line (void)
{
  g_autoptr(MmApplication) app = NULL;
  g_autofree char *path = temp_path ("cli.ggf");
  char *argv[] = { (char *) "test-window", path, NULL };

  mm_test_window_set_confirm_discard (FALSE);
  g_assert_true (g_file_set_contents (path, "(;GM[Othello]" STANDARD_BO "B[f5]W[d6]B[c3];)",
                                      -1, NULL));
  app = mm_application_new ("io.github.monomachia.Monomachia.Test", G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "open", G_CALLBACK (opened_cb), NULL);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 2, argv), ==, 0);
  g_assert_no_errno (g_remove (path));
}

int
main (int   argc,
      char *argv[])
{
  int status;

  if (!mm_test_window_init (&argc, &argv))
    return 77;

  g_test_add_data_func ("/app/window/save-and-open", save_and_open, mm_test_window_run);
  g_test_add_data_func ("/app/window/save-on-full-disk", save_on_full_disk, mm_test_window_run);
  g_test_add_data_func ("/app/window/paste-and-copy", paste_and_copy, mm_test_window_run);
  g_test_add_data_func ("/app/window/discard-question", discard_question, mm_test_window_run);
  g_test_add_func ("/app/window/autosave-restore", test_autosave_restore);
  g_test_add_func ("/app/window/autosave-restores-computer", test_autosave_restores_computer);
  g_test_add_func ("/app/window/command-line", test_command_line);

  status = g_test_run ();
  if (temp_dir != NULL)
    g_rmdir (temp_dir);
  g_free (temp_dir);

  return status;
}
