/* test-window-computer.c
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

/* The computer in the window: whole games against it, undo and a new
 * game while it thinks, a failed paste that leaves it playing, the New
 * Game window's choice of it, the computer taking a side in a game under
 * way, an external engine over the NBoard protocol, and what its
 * thinking costs in redrawing. */

#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "mm-board-view.h"
#include "mm-new-game-dialog.h"
#include "mm-test-ui.h"
#include "mm-test-window.h"
#include "mm-window-private.h"

static gboolean
is_thinking (gpointer data)
{
  return mm_test_window_shows_thinking (data);
}

/* A whole game against the lowest level: the person (White) plays the
 * first legal square whenever it is their turn. */
static void
play_against_computer (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  guint black, white;
  g_autofree char *result = NULL;

  mm_test_window_start_computer_game (window, "beginner", "white", 0);
  g_assert_true (mm_test_window_is_computer (window, MM_COLOR_BLACK));
  g_assert_false (mm_test_window_is_computer (window, MM_COLOR_WHITE));
  g_assert_cmpstr (mm_test_window_name_text (window, MM_COLOR_BLACK), ==, "Computer (Beginner)");
  /* The record names the level the same in every language. */
  g_assert_cmpstr (mm_game_get_player_name (game, MM_COLOR_BLACK), ==, "Monomachia (beginner)");

  /* The board refuses the person's move while the computer is to move. */
  mm_test_window_activate_square (window, "d3");
  g_assert_cmpstr (mm_test_window_message_text (window), ==, "Wait for the computer’s move.");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);

  mm_test_ui_wait_until (is_thinking, window, 10);
  g_assert_cmpstr (mm_test_window_thinking_text (window), ==, "The computer is thinking…");

  while (!mm_game_is_over (game))
    {
      guint64 legal;
      guint n_moves;
      char name[3];

      mm_test_ui_wait_until (mm_test_window_is_person_turn, window, 10);
      if (mm_game_is_over (game))
        break;
      g_assert_cmpint (mm_game_get_side_to_move (game), ==, MM_COLOR_WHITE);
      g_assert_null (mm_test_window_thinking_text (window));
      legal = mm_game_get_legal_moves (game);
      g_assert_cmpuint (legal, !=, 0);
      mm_square_format (mm_first_square (legal), name);
      n_moves = mm_game_get_n_moves (game);
      mm_test_window_activate_square (window, name);
      g_assert_cmpuint (mm_game_get_n_moves (game), >, n_moves);
    }

  mm_test_ui_run_pending ();
  g_assert_false (mm_test_window_shows_thinking (window));
  black = mm_game_get_black_count (game);
  white = mm_game_get_white_count (game);
  g_assert_cmpuint (black + white, <=, 64);
  g_assert_cmpuint (black + white, >, 4);
  g_assert_cmpuint ((guint) atoi (mm_test_window_count_text (window, MM_COLOR_BLACK)), ==, black);
  g_assert_cmpuint ((guint) atoi (mm_test_window_count_text (window, MM_COLOR_WHITE)), ==, white);
  g_assert_true (g_str_has_prefix (mm_test_window_turn_text (window), "Game over: "));
  if (black > white)
    result = g_strdup_printf ("Black wins %u-%u", black, white);
  else if (white > black)
    result = g_strdup_printf ("White wins %u-%u", white, black);
  else
    result = g_strdup_printf ("Draw %u-%u", black, white);
  g_assert_cmpstr (mm_test_window_message_text (window), ==, result);
  g_assert_true (mm_test_window_announcement_contains (window, result));
}

/* A game that cannot be played as written is refused, and the game on
 * the board goes on against the same computer, as if nothing had been
 * pasted. */
static void
failed_load_keeps_computer (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  char name[3];

  mm_test_window_start_computer_game (window, "beginner", "white", 0);
  mm_test_ui_wait_until (mm_test_window_is_person_turn, window, 10);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);

  /* a1 is no move from the start position. */
  mm_test_window_paste (window,
                        "(;GM[Othello]PC[test]TY[8]"
                        "BO[8 ---------------------------O*------*O--------------------------- *]"
                        "B[a1];)");
  mm_test_ui_run_pending ();
  g_assert_cmpstr (mm_test_window_message_text (window), !=, "");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);
  g_assert_true (mm_test_window_is_computer (window, MM_COLOR_BLACK));
  g_assert_cmpstr (mm_test_window_name_text (window, MM_COLOR_BLACK), ==, "Computer (Beginner)");

  /* It still answers the person's move. */
  mm_square_format (mm_first_square (mm_game_get_legal_moves (game)), name);
  mm_test_window_activate_square (window, name);
  mm_test_ui_wait_until (mm_test_window_is_person_turn, window, 10);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 3);
}

/* Undo while the computer thinks stops it and gives the person the
 * move back; against the computer undo and redo go two plies. */
static void
undo_cancels_computer (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  char name[3];

  mm_test_window_start_computer_game (window, "beginner", "black", 5000);
  g_assert_false (mm_board_view_get_input_idle (mm_test_window_board_view_of (window)));
  mm_test_window_activate_square (window, "f5");
  mm_test_ui_wait_until (is_thinking, window, 10);
  /* The computer's moves are not marked as the person's. */
  g_assert_true (mm_board_view_get_input_idle (mm_test_window_board_view_of (window)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_false (mm_board_view_get_input_idle (mm_test_window_board_view_of (window)));
  g_assert_false (mm_test_window_shows_thinking (window));
  g_assert_null (mm_test_window_thinking_text (window));
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  g_assert_cmpstr (mm_test_window_turn_text (window), ==, "Black to move");
  /* No move comes later from the search that was stopped. */
  mm_test_ui_run_for (300);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  g_assert_false (mm_test_window_shows_thinking (window));

  /* The person's move and the computer's reply go back together. */
  _mm_window_set_computer_delay (window, 0);
  mm_test_window_activate_square (window, "f5");
  mm_test_ui_wait_until (mm_test_window_is_person_turn, window, 10);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  g_assert_cmpstr (mm_test_window_turn_text (window), ==, "Black to move");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);
  g_assert_cmpstr (mm_test_window_turn_text (window), ==, "Black to move");
  mm_test_ui_run_pending ();
  g_assert_false (mm_test_window_shows_thinking (window));

  /* A new game stops the computer too. */
  _mm_window_set_computer_delay (window, 5000);
  /* The Beginner's reply varies, and so does the next legal square. */
  mm_square_format (mm_first_square (mm_game_get_legal_moves (game)), name);
  mm_test_window_activate_square (window, name);
  mm_test_ui_wait_until (is_thinking, window, 10);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  g_assert_false (mm_test_window_shows_thinking (window));
  mm_test_ui_run_for (200);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
}

static gboolean
is_new_game_for_people (gpointer data)
{
  MmWindow *window = data;

  return mm_game_get_n_moves (mm_window_get_game (window)) == 0
         && !mm_test_window_is_computer (window, MM_COLOR_BLACK)
         && !mm_test_window_is_computer (window, MM_COLOR_WHITE);
}

static gboolean
keep_busy_cb (gpointer data)
{
  return G_SOURCE_CONTINUE;
}

/* Discarding the game while the computer thinks starts the new game at
 * once: the answer does not wait for the main loop to be idle, which it
 * may never be while the computer thinks (the "thinking" spinner redrawn
 * without pause by a slow renderer, as GL under Xvfb: the new game used
 * to wait for the end of a game of the computer against itself).  An
 * idle source at the priority of redrawing stands for that renderer,
 * as the tests draw with cairo. */
static void
discard_while_thinking (MmWindow *window)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.monomachia.Monomachia");
  GtkWindow *question;
  guint busy;

  mm_test_window_set_confirm_discard (FALSE);
  _mm_window_set_computer_delay (window, 0);
  g_settings_set_string (settings, "new-game-opponent", "computer-both");
  g_settings_set_string (settings, "computer-level", "master");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  mm_test_window_wait_for_moves (window, 2);
  mm_test_ui_wait_until (is_thinking, window, 10);

  mm_test_window_set_confirm_discard (TRUE);
  g_settings_set_string (settings, "new-game-opponent", "person");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  question = mm_test_ui_find_window (GTK_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (question);
  busy = g_idle_add_full (GDK_PRIORITY_REDRAW, keep_busy_cb, NULL, NULL);
  gtk_dialog_response (GTK_DIALOG (question), 1 /* discard */);
  mm_test_ui_wait_until (is_new_game_for_people, window, 10);
  g_source_remove (busy);
  g_assert_false (mm_test_window_shows_thinking (window));
  mm_test_window_set_confirm_discard (FALSE);
}

/* The New Game window offers the computer and keeps the choice. */
static void
new_game_against_computer (MmWindow *window)
{
  MmNewGameDialog *dialog;
  g_autoptr(GSettings) settings = g_settings_new ("io.github.monomachia.Monomachia");
  g_autofree char *opponent = NULL;
  g_autofree char *level = NULL;
  g_autofree char *color = NULL;

  _mm_window_set_computer_delay (window, 0);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game-dialog", NULL);
  dialog = MM_NEW_GAME_DIALOG (mm_test_ui_wait_for_window (MM_TYPE_NEW_GAME_DIALOG, 10));
  mm_new_game_dialog_set_opponent (dialog, "computer");
  mm_new_game_dialog_set_computer (dialog, "novice", "white");
  mm_new_game_dialog_start (dialog);
  mm_test_ui_run_pending ();

  opponent = g_settings_get_string (settings, "new-game-opponent");
  level = g_settings_get_string (settings, "computer-level");
  color = g_settings_get_string (settings, "human-color");
  g_assert_cmpstr (opponent, ==, "computer");
  g_assert_cmpstr (level, ==, "novice");
  g_assert_cmpstr (color, ==, "white");
  g_assert_true (mm_test_window_is_computer (window, MM_COLOR_BLACK));
  g_assert_false (mm_test_window_is_computer (window, MM_COLOR_WHITE));
  mm_test_ui_wait_until (mm_test_window_is_person_turn, window, 10);
  g_assert_cmpuint (mm_game_get_n_moves (mm_window_get_game (window)), ==, 1);

  /* The computer against itself plays the game to its end. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game-dialog", NULL);
  dialog = MM_NEW_GAME_DIALOG (mm_test_ui_wait_for_window (MM_TYPE_NEW_GAME_DIALOG, 10));
  mm_new_game_dialog_set_opponent (dialog, "computer-both");
  mm_new_game_dialog_set_computer (dialog, "beginner", NULL);
  mm_new_game_dialog_start (dialog);
  g_assert_true (mm_test_window_is_computer (window, MM_COLOR_BLACK));
  g_assert_true (mm_test_window_is_computer (window, MM_COLOR_WHITE));
  mm_test_ui_wait_until (mm_test_window_is_person_turn, window, 10);
  g_assert_true (mm_game_is_over (mm_window_get_game (window)));
  g_assert_true (g_str_has_prefix (mm_test_window_turn_text (window), "Game over: "));
}

/* The external engine of Preferences (here Monomachia's own, over the
 * NBoard protocol) plays the computer's moves; one that cannot start
 * says why. */
static void
external_engine_plays (MmWindow *window)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.monomachia.Monomachia");
  g_autofree char *command = g_strdup_printf ("'%s' nboard", MM_ENGINE_PATH);
  MmGame *game = mm_window_get_game (window);

  g_settings_set_string (settings, "engine-command", command);
  mm_test_window_start_computer_game (window, "external", "black", 0);
  g_assert_true (mm_test_window_is_computer (window, MM_COLOR_WHITE));
  g_assert_cmpstr (mm_game_get_player_name (game, MM_COLOR_WHITE), ==, "Monomachia (external)");
  mm_test_window_activate_square (window, "f5");
  mm_test_ui_wait_until (mm_test_window_is_person_turn, window, 10);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);
  /* The card shows the engine's own name, whole. */
  g_assert_cmpstr (mm_test_window_name_text (window, MM_COLOR_WHITE), ==, "Monomachia");
  mm_test_window_activate_square (window, "e6");
  if (mm_game_get_n_moves (game) == 2)
    {
      char name[3];

      mm_square_format (mm_first_square (mm_game_get_legal_moves (game)), name);
      mm_test_window_activate_square (window, name);
    }
  mm_test_ui_wait_until (mm_test_window_is_person_turn, window, 10);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 4);

  /* A program that does not exist: a message, and the person can go on. */
  g_settings_set_string (settings, "engine-command", "/nonexistent/engine --nboard");
  mm_test_window_start_computer_game (window, "external", "white", 0);
  mm_test_ui_run_for (200);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  g_assert_nonnull (strstr (mm_test_window_message_text (window), "could not be started"));
  g_settings_reset (settings, "engine-command");
}

/* A game between people (here pasted) goes on against the computer
 * once it takes a side from the menu, and back between people. */
static void
computer_takes_a_side (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  GtkWidget *widget = GTK_WIDGET (window);
  guint n_moves;
  char name[3];

  gtk_widget_activate_action (widget, "win.new-game", NULL);
  _mm_window_set_computer_delay (window, 0);
  mm_test_window_play_moves (window, "f5d6c3");
  g_assert_false (mm_test_window_is_computer (window, MM_COLOR_WHITE));

  /* White to move: the computer takes White and moves at once. */
  gtk_widget_activate_action (widget, "win.computer-side", "s", "white");
  g_assert_true (mm_test_window_is_computer (window, MM_COLOR_WHITE));
  g_assert_false (mm_test_window_is_computer (window, MM_COLOR_BLACK));
  mm_test_ui_wait_until (mm_test_window_is_person_turn, window, 10);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 4);

  /* Back to people: nobody moves for Black's opponent any more. */
  gtk_widget_activate_action (widget, "win.computer-side", "s", "none");
  g_assert_false (mm_test_window_is_computer (window, MM_COLOR_WHITE));
  n_moves = mm_game_get_n_moves (game);
  mm_square_format (mm_first_square (mm_game_get_legal_moves (game)), name);
  mm_test_window_activate_square (window, name);
  mm_test_ui_run_for (100);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, n_moves + 1);
  g_assert_false (mm_test_window_shows_thinking (window));

  /* A board set up by hand is played on against the same opponent. */
  gtk_widget_activate_action (widget, "win.computer-side", "s", "white");
  mm_test_ui_wait_until (mm_test_window_is_person_turn, window, 10);
  gtk_widget_activate_action (widget, "win.edit-board", NULL);
  gtk_widget_activate_action (widget, "win.edit-start", NULL);
  mm_test_window_choose_edit_tools (window, "Black", "White to move");
  gtk_widget_activate_action (widget, "win.edit-play", NULL);
  g_assert_false (mm_test_window_is_editing (window));
  g_assert_true (mm_test_window_is_computer (window, MM_COLOR_WHITE));
  g_assert_false (mm_test_window_is_computer (window, MM_COLOR_BLACK));
  g_assert_cmpstr (mm_test_window_name_text (window, MM_COLOR_WHITE), ==,
                   "Computer (Intermediate)");
  /* White is to move there: the computer does. */
  mm_test_ui_wait_until (mm_test_window_is_person_turn, window, 10);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);

  /* A new game begun while an earlier position is shown: the computer,
   * Black now, moves at once. */
  {
    g_autoptr(GSettings) settings = g_settings_new ("io.github.monomachia.Monomachia");

    g_settings_set_string (settings, "new-game-opponent", "computer");
    g_settings_set_string (settings, "human-color", "white");
    g_settings_set_string (settings, "new-game-start", "standard");
    g_settings_set_int (settings, "clock-minutes", 0);
    gtk_widget_activate_action (widget, "win.browse-first", NULL);
    g_assert_cmpint (mm_test_window_shown_position (window), ==, 0);
    mm_test_window_set_confirm_discard (FALSE);
    gtk_widget_activate_action (widget, "win.new-game", NULL);
    mm_test_ui_run_pending ();
    g_assert_cmpint (mm_test_window_shown_position (window), ==, -1);
    g_assert_true (mm_test_window_is_computer (window, MM_COLOR_BLACK));
    mm_test_ui_wait_until (mm_test_window_is_person_turn, window, 10);
    g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);
    g_settings_reset (settings, "new-game-opponent");
    g_settings_reset (settings, "human-color");
    g_settings_reset (settings, "new-game-start");
    g_settings_reset (settings, "clock-minutes");
  }
}

static void
count_paint_cb (GdkFrameClock *clock,
                guint         *n_paints)
{
  (*n_paints)++;
}

/* While the computer thinks the window is redrawn a few times a second,
 * not at the display's rate: a spinner's animation under software
 * rendering kept a core busy. */
static void
thinking_costs_little (MmWindow *window)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  guint n_paints = 0;
  gulong handler;

  mm_test_window_start_computer_game (window, "beginner", "black", 0);
  _mm_window_set_computer_delay (window, 3000);
  mm_test_window_activate_square (window, "f5");
  mm_test_ui_wait_until (is_thinking, window, 10);
  g_assert_nonnull (mm_test_window_thinking_text (window));
  mm_test_ui_run_for (200);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (count_paint_cb), &n_paints);
  mm_test_ui_run_for (1000);
  g_signal_handler_disconnect (clock, handler);
  g_test_message ("%u frames in a second of thinking", n_paints);
  g_assert_true (mm_test_window_shows_thinking (window));
  g_assert_cmpuint (n_paints, <=, 20);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  _mm_window_set_computer_delay (window, 0);
}

int
main (int   argc,
      char *argv[])
{
  if (!mm_test_window_init (&argc, &argv))
    return 77;

  g_test_add_data_func ("/app/window/thinking-costs-little", thinking_costs_little,
                        mm_test_window_run);
  g_test_add_data_func ("/app/window/play-against-computer", play_against_computer,
                        mm_test_window_run);
  g_test_add_data_func ("/app/window/undo-cancels-computer", undo_cancels_computer,
                        mm_test_window_run);
  g_test_add_data_func ("/app/window/failed-load-keeps-computer", failed_load_keeps_computer,
                        mm_test_window_run);
  g_test_add_data_func ("/app/window/discard-while-thinking", discard_while_thinking,
                        mm_test_window_run);
  g_test_add_data_func ("/app/window/new-game-against-computer", new_game_against_computer,
                        mm_test_window_run);
  g_test_add_data_func ("/app/window/computer-takes-a-side", computer_takes_a_side,
                        mm_test_window_run);
  g_test_add_data_func ("/app/window/external-engine", external_engine_plays, mm_test_window_run);

  return g_test_run ();
}
