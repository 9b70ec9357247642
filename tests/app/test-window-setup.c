/* test-window-setup.c
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

/* Setting up a game and the window: the New Game window and a random
 * opening, Preferences applied at once, the layout of narrow and small
 * windows, where a message goes and how long it stays, and help. */

#include "config.h"

#include <gtk/gtk.h>

#include "mm-board-view.h"
#include "mm-new-game-dialog.h"
#include "mm-players-bar.h"
#include "mm-preferences-window.h"
#include "mm-test-ui.h"
#include "mm-test-window.h"
#include "mm-toast.h"
#include "mm-window-private.h"

/* Where the players' cards are laid out: under the board, or beside it. */
static gboolean
players_are_under_board (MmWindow *window,
                         gboolean  under)
{
  graphene_rect_t board, players;

  if (!gtk_widget_compute_bounds (mm_test_window_find_part (window, MM_TYPE_BOARD_VIEW),
                                  GTK_WIDGET (window), &board)
      || !gtk_widget_compute_bounds (mm_test_window_find_part (window, MM_TYPE_PLAYERS_BAR),
                                     GTK_WIDGET (window), &players)
      || board.size.width <= 0)
    return FALSE;

  if (under)
    return players.origin.y >= board.origin.y + board.size.height;
  return players.origin.x >= board.origin.x + board.size.width;
}

static void
set_setting_string (const char *key,
                    const char *value)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.monomachia.Monomachia");

  g_settings_set_string (settings, key, value);
}

/* The New Game window offers another person, and shows the computer and
 * online play as not available; its choices make the game. */
static void
new_game_dialog (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  MmNewGameDialog *dialog;
  g_autoptr(GSettings) settings = g_settings_new ("io.github.monomachia.Monomachia");

  mm_test_window_reset_new_game_settings ();
  mm_test_window_play_moves (window, "f5");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game-dialog", NULL);
  dialog = MM_NEW_GAME_DIALOG (mm_test_ui_wait_for_window (MM_TYPE_NEW_GAME_DIALOG, 10));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "New Game");
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_true (mm_new_game_dialog_is_available (dialog, "person"));
  g_assert_true (mm_new_game_dialog_is_available (dialog, "computer"));
  g_assert_true (mm_new_game_dialog_is_available (dialog, "online"));

  /* Cancel leaves the game alone. */
  gtk_window_close (GTK_WINDOW (dialog));
  mm_test_ui_run_pending ();
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game-dialog", NULL);
  dialog = MM_NEW_GAME_DIALOG (mm_test_ui_wait_for_window (MM_TYPE_NEW_GAME_DIALOG, 10));
  mm_new_game_dialog_set_names (dialog, "  Ζωή ", "Νίκος");
  mm_new_game_dialog_set_start_position (dialog, "parallel-rows");
  mm_new_game_dialog_set_clock (dialog, 5, 3);
  mm_new_game_dialog_start (dialog);
  mm_test_ui_run_pending ();

  g_assert_null (mm_test_ui_find_window (MM_TYPE_NEW_GAME_DIALOG));
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  g_assert_cmpstr (mm_test_window_name_text (window, MM_COLOR_BLACK), ==, "Ζωή");
  g_assert_cmpstr (mm_test_window_name_text (window, MM_COLOR_WHITE), ==, "Νίκος");
  mm_test_window_assert_square_label (window, "d4", "D4, black");
  mm_test_window_assert_square_label (window, "e4", "E4, black");
  mm_test_window_assert_square_label (window, "d5", "D5, white");
  mm_test_window_assert_square_label (window, "e5", "E5, white");
  g_assert_cmpstr (mm_test_window_clock_text (window, MM_COLOR_WHITE), ==, "5:00");
  g_assert_nonnull (mm_test_window_clock_text (window, MM_COLOR_BLACK));
  g_assert_cmpint (g_settings_get_int (settings, "clock-minutes"), ==, 5);
  g_assert_cmpint (g_settings_get_int (settings, "clock-increment"), ==, 3);
  {
    g_autofree char *start = g_settings_get_string (settings, "new-game-start");

    g_assert_cmpstr (start, ==, "parallel-rows");
  }

  /* Play Again keeps the choices; the window offers them next time. */
  mm_test_window_play_moves (window, "f4");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  mm_test_window_assert_square_label (window, "e4", "E4, black");
  g_assert_cmpstr (mm_test_window_name_text (window, MM_COLOR_WHITE), ==, "Νίκος");

  /* Untimed: no clocks. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game-dialog", NULL);
  dialog = MM_NEW_GAME_DIALOG (mm_test_ui_wait_for_window (MM_TYPE_NEW_GAME_DIALOG, 10));
  mm_new_game_dialog_set_clock (dialog, 0, 0);
  mm_new_game_dialog_set_start_position (dialog, "standard");
  mm_new_game_dialog_start (dialog);
  mm_test_ui_run_pending ();
  g_assert_null (mm_test_window_clock_text (window, MM_COLOR_BLACK));
  mm_test_window_assert_square_label (window, "e4", "E4, black");
  mm_test_window_assert_square_label (window, "d4", "D4, white");

  /* The window gets the choices themselves, not what the settings say
   * by the time the question about the unsaved game is answered. */
  mm_test_window_set_confirm_discard (TRUE);
  mm_test_window_play_moves (window, "f5");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game-dialog", NULL);
  dialog = MM_NEW_GAME_DIALOG (mm_test_ui_wait_for_window (MM_TYPE_NEW_GAME_DIALOG, 10));
  mm_new_game_dialog_set_names (dialog, "Άννα", "Βασίλης");
  mm_new_game_dialog_start (dialog);
  mm_test_ui_run_pending ();
  g_settings_set_string (settings, "new-game-black-name", "Γιώργος");
  g_settings_set_string (settings, "new-game-white-name", "Δήμητρα");
  mm_test_window_respond (mm_test_ui_wait_for_window (GTK_TYPE_MESSAGE_DIALOG, 10),
                          1 /* discard */);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  g_assert_cmpstr (mm_test_window_name_text (window, MM_COLOR_BLACK), ==, "Άννα");
  g_assert_cmpstr (mm_test_window_name_text (window, MM_COLOR_WHITE), ==, "Βασίλης");
  mm_test_window_set_confirm_discard (FALSE);
  mm_test_window_reset_new_game_settings ();
}

/* Preferences apply at once: the board follows the settings, and the
 * window is bound to the same keys. */
static void
preferences_apply (MmWindow *window)
{
  MmBoardView *view = mm_test_window_board_view_of (window);
  g_autoptr(GSettings) settings = g_settings_new ("io.github.monomachia.Monomachia");
  GtkWindow *preferences;
  gboolean flag;
  g_autofree char *style = NULL;
  guint sounds;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.preferences", NULL);
  preferences = mm_test_ui_wait_for_window (MM_TYPE_PREFERENCES_WINDOW, 10);
  g_assert_cmpstr (gtk_window_get_title (preferences), ==, "Preferences");

  g_settings_set_boolean (settings, "show-coordinates", FALSE);
  g_object_get (view, "show-coordinates", &flag, NULL);
  g_assert_false (flag);
  g_settings_set_boolean (settings, "show-flip-preview", FALSE);
  g_object_get (view, "show-flip-preview", &flag, NULL);
  g_assert_false (flag);
  set_setting_string ("board-style", "high-contrast");
  g_object_get (view, "board-style", &style, NULL);
  g_assert_cmpstr (style, ==, "high-contrast");

  /* Animations: none when off, a flip turning over when on. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  set_setting_string ("animation-speed", "off");
  mm_test_window_activate_square (window, "f5");
  g_assert_false (mm_board_view_is_animating (view));
  set_setting_string ("animation-speed", "slow");
  mm_test_window_activate_square (window, "d6");
  g_assert_true (mm_board_view_is_animating (view) || !gtk_widget_get_mapped (GTK_WIDGET (view)));

  /* Sounds: one for each disc placed, none when turned off. */
  g_settings_set_boolean (settings, "sounds", TRUE);
  sounds = _mm_window_get_n_sounds (window);
  mm_test_window_activate_square (window, "c3");
  g_assert_cmpuint (_mm_window_get_n_sounds (window), ==, sounds + 1);
  g_settings_set_boolean (settings, "sounds", FALSE);
  mm_test_window_activate_square (window, "d3");
  g_assert_cmpuint (_mm_window_get_n_sounds (window), ==, sounds + 1);

  /* The dark style follows the setting. */
  set_setting_string ("color-scheme", "dark");
  g_object_get (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", &flag, NULL);
  g_assert_true (flag);
  set_setting_string ("color-scheme", "light");
  g_object_get (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", &flag, NULL);
  g_assert_false (flag);

  gtk_window_close (preferences);
  g_settings_reset (settings, "show-coordinates");
  g_settings_reset (settings, "show-flip-preview");
  g_settings_reset (settings, "board-style");
  g_settings_reset (settings, "animation-speed");
  g_settings_reset (settings, "sounds");
  g_settings_reset (settings, "color-scheme");
}

typedef struct
{
  MmWindow *window;
  gboolean  narrow;
} LayoutWait;

static gboolean
has_layout (gpointer data)
{
  LayoutWait *wait = data;

  return players_are_under_board (wait->window, wait->narrow);
}

/* A narrow window puts the panel under the board. */
static void
narrow_layout (MmWindow *window)
{
  LayoutWait wait = { window, TRUE };

  /* A shown window keeps its size; a new size takes a new showing. */
  gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 420, 760);
  gtk_window_present (GTK_WINDOW (window));
  mm_test_ui_wait_until (has_layout, &wait, 10);
  wait.narrow = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 640);
  gtk_window_present (GTK_WINDOW (window));
  mm_test_ui_wait_until (has_layout, &wait, 10);
}

/* A random balanced opening: eight moves already played, and each new
 * game gets another. */
static void
random_opening_start (MmWindow *window)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.monomachia.Monomachia");
  MmGame *game = mm_window_get_game (window);
  g_autofree char *first = NULL;
  gboolean other = FALSE;

  g_settings_set_string (settings, "new-game-start", "random-opening");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 8);
  g_assert_cmpstr (mm_test_window_turn_text (window), ==, "Black to move");
  first = mm_test_window_moves_of (window);
  for (int i = 0; i < 5 && !other; i++)
    {
      g_autofree char *next = NULL;

      gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
      next = mm_test_window_moves_of (window);
      other = g_strcmp0 (first, next) != 0;
    }
  g_assert_true (other);
  g_settings_reset (settings, "new-game-start");
}

/* F1 opens the help, and the main menu and the shortcuts window list it. */
static void
help_is_wired (MmWindow *window)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (window));
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (app, "app.help");

  g_assert_true (g_action_group_has_action (G_ACTION_GROUP (app), "help"));
  g_assert_true (g_strv_contains ((const char * const *) accels, "F1"));
}

/* Every message goes by itself, the result of a game too, after a time
 * that grows with its length, from 5 to 15 seconds. */
static void
test_message_time (void)
{
  g_autofree char *long_text = g_strnfill (300, 'x');

  g_assert_cmpuint (mm_toast_timeout_for ("d3 is not empty"), ==, 5000 + 15 * 80);
  g_assert_cmpuint (mm_toast_timeout_for ("Black wins 34-30"), >=, 5000);
  g_assert_cmpuint (mm_toast_timeout_for (""), ==, 5000);
  g_assert_cmpuint (mm_toast_timeout_for (long_text), ==, 15000);
  /* Characters, not bytes: Greek takes as long as English. */
  g_assert_cmpuint (mm_toast_timeout_for ("Η κίνηση"), ==, 5000 + 8 * 80);
}

/* A message covers neither the board (its coordinates) nor the players. */
static void
message_covers_nothing (MmWindow *window)
{
  graphene_rect_t message, board, players;
  GtkWidget *label;

  mm_test_window_show_at_size (window, 1000, 700);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  mm_test_window_activate_square (window, "a1");
  g_assert_cmpstr (mm_test_window_message_text (window), ==, "a1 does not flip any disc");
  mm_test_ui_run_for (500);
  label = mm_test_ui_find_by_name (GTK_WIDGET (window), "message");
  g_assert_true (gtk_widget_compute_bounds (label, GTK_WIDGET (window), &message));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (mm_test_window_board_view_of (window)),
                                            GTK_WIDGET (window), &board));
  g_assert_true (gtk_widget_compute_bounds (mm_test_window_find_part (window, MM_TYPE_PLAYERS_BAR),
                                            GTK_WIDGET (window), &players));
  g_assert_false (graphene_rect_intersection (&message, &board, NULL));
  g_assert_false (graphene_rect_intersection (&message, &players, NULL));
}

/* A small window, 500 × 600: the panel goes under the board and stays
 * short, so the board has most of the width. */
static void
narrow_board_size (MmWindow *window)
{
  LayoutWait wait = { window, TRUE };
  GtkWidget *view = GTK_WIDGET (mm_test_window_board_view_of (window));
  int side;

  mm_test_window_show_at_size (window, 500, 600);
  mm_test_window_show_at_size (window, 500, 600);
  mm_test_ui_wait_until (has_layout, &wait, 10);
  /* The board is drawn as a square in the view's allocation. */
  side = MIN (gtk_widget_get_width (view), gtk_widget_get_height (view));
  g_test_message ("the board is %d of %d", side, gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_cmpint (side * 100, >=, gtk_widget_get_width (GTK_WIDGET (window)) * 60);
}

int
main (int   argc,
      char *argv[])
{
  if (!mm_test_window_init (&argc, &argv))
    return 77;

  g_test_add_data_func ("/app/window/new-game-dialog", new_game_dialog, mm_test_window_run);
  g_test_add_data_func ("/app/window/preferences-apply", preferences_apply, mm_test_window_run);
  g_test_add_data_func ("/app/window/narrow-layout", narrow_layout, mm_test_window_run);
  g_test_add_data_func ("/app/window/narrow-board-size", narrow_board_size, mm_test_window_run);
  g_test_add_data_func ("/app/window/message-covers-nothing", message_covers_nothing,
                        mm_test_window_run);
  g_test_add_data_func ("/app/window/help", help_is_wired, mm_test_window_run);
  g_test_add_data_func ("/app/window/random-opening", random_opening_start, mm_test_window_run);
  g_test_add_func ("/app/window/message-time", test_message_time);

  return g_test_run ();
}
