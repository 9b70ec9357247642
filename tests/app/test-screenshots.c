/* test-screenshots.c
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
/* Screenshots of the real window: a game in progress at two sizes, in
 * the dark style with clocks, on the high-contrast board, with analysis
 * mode and a game review, and the New Game and Preferences windows.  Each is rendered the way GTK renders
 * the window on screen and written as a PNG file to the build folder
 * (MM_SCREENSHOT_DIR), where a person can look at them; the test checks
 * that each has the size asked for and is not blank. */

#include "config.h"

#include <glib/gstdio.h>
#include <gtk/gtk.h>
#include <string.h>

#include "mm-application.h"
#include "mm-board-view.h"
#include "mm-new-game-dialog.h"
#include "mm-players-bar.h"
#include "mm-preferences-window.h"
#include "mm-review-panel.h"
#include "mm-test-ui.h"
#include "mm-window-private.h"

static const char *screenshot_dir;

static gboolean
timed_out_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Writes @window to NAME.png after checking that it has about the size
 * asked for; returns the number of different colours in it. */
static guint
save_screenshot (GtkWindow  *window,
                 const char *name,
                 int         width,
                 int         height)
{
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), >=, width - 40);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), >=, height - 40);
  return mm_test_ui_save_screenshot (window, screenshot_dir, name);
}

static void
set_string (const char *key,
            const char *value)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.monomachia.Monomachia");

  g_settings_set_string (settings, key, value);
}

static MmBoardView *
board_view_of (MmWindow *window)
{
  return MM_BOARD_VIEW (mm_test_ui_find_by_type (GTK_WIDGET (window), MM_TYPE_BOARD_VIEW));
}

static void
play (MmWindow   *window,
      const char *moves)
{
  MmBoardView *view = board_view_of (window);

  for (const char *move = moves; *move != '\0'; move += 2)
    {
      char name[3] = { move[0], move[1], '\0' };

      gtk_widget_activate (mm_board_view_get_square (view, mm_square_parse (name)));
    }
}

static void
resize (MmWindow *window,
        int       width,
        int       height)
{
  gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  mm_test_ui_wait_for_frames (GTK_WINDOW (window), 4);
}

/* The review is done (it offers no Stop any more) and analysis mode's
 * bar says its search is over. */
static gboolean
analysis_ready (MmWindow *window)
{
  GtkWidget *panel = mm_test_ui_find_by_type (GTK_WIDGET (window), MM_TYPE_REVIEW_PANEL);
  GtkWidget *stop = mm_test_ui_find_button (panel, "media-playback-stop-symbolic");
  const char *analysis = mm_test_ui_get_text (GTK_WIDGET (window), "analysis-status");

  return mm_review_panel_get_entries (MM_REVIEW_PANEL (panel)) != NULL
         && !mm_test_ui_is_shown (stop)
         && analysis != NULL && g_str_has_prefix (analysis, "Analysis done");
}

/* The narrow layout has the players under the board. */
static gboolean
players_are_under_board (MmWindow *window)
{
  graphene_rect_t board, players;

  return gtk_widget_compute_bounds (GTK_WIDGET (board_view_of (window)), GTK_WIDGET (window),
                                    &board)
         && gtk_widget_compute_bounds (mm_test_ui_find_by_type (GTK_WIDGET (window),
                                                                MM_TYPE_PLAYERS_BAR),
                                       GTK_WIDGET (window), &players)
         && players.origin.y >= board.origin.y + board.size.height;
}

/* Analysis mode's scores on the board and the review of the game, with
 * small searches so that they come quickly. */
static void
show_analysis (MmWindow *window)
{
  const MmSearchLimits limits = { .max_depth = 8 };
  gboolean timed_out = FALSE;
  guint timeout;

  _mm_window_set_analysis_limits (window, &limits);
  _mm_window_set_review_limits (window, &limits);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  play (window, "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3");
  g_object_set (window, "analysis-mode", TRUE, NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse-game", NULL);

  timeout = g_timeout_add_seconds (20, timed_out_cb, &timed_out);
  while (!analysis_ready (window) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (timeout);
}

static void
take_screenshots (GtkApplication *app)
{
  MmWindow *window = MM_WINDOW (gtk_application_get_active_window (app));
  MmGame *game = mm_window_get_game (window);
  GtkWindow *dialog;

  set_string ("animation-speed", "off");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  mm_game_set_player_name (game, MM_COLOR_BLACK, "Ζωή");
  mm_game_set_player_name (game, MM_COLOR_WHITE, "Nikos");
  play (window, "f5d6c3d3c4f4f6f3e6e7d7c5b6");
  resize (window, 1120, 780);
  /* The preview of the flips of g6, as the pointer or the focus shows it. */
  mm_board_view_set_hover (board_view_of (window), mm_square_parse ("g6"));
  mm_test_ui_wait_for_frames (GTK_WINDOW (window), 2);
  g_assert_cmpuint (save_screenshot (GTK_WINDOW (window), "game", 1120, 780), >, 100);

  /* The narrow layout comes after the first allocation: the second
   * showing gets the size asked for. */
  resize (window, 400, 860);
  resize (window, 400, 860);
  g_assert_true (players_are_under_board (window));
  g_assert_cmpuint (save_screenshot (GTK_WINDOW (window), "narrow", 400, 860), >, 100);

  /* The dark style, a timed game. */
  set_string ("color-scheme", "dark");
  set_string ("board-style", "slate");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  _mm_window_set_clock (window, 300 * G_USEC_PER_SEC, 2 * G_USEC_PER_SEC);
  play (window, "f5f6e6f4f3c5g6e3d3g5b6c4c3d6h6g4");
  resize (window, 1120, 780);
  g_assert_cmpuint (save_screenshot (GTK_WINDOW (window), "dark", 1120, 780), >, 100);

  set_string ("board-style", "high-contrast");
  set_string ("color-scheme", "light");
  resize (window, 900, 640);
  g_assert_cmpuint (save_screenshot (GTK_WINDOW (window), "high-contrast", 900, 640), >, 50);
  set_string ("board-style", "classic");

  show_analysis (window);
  resize (window, 1120, 780);
  g_assert_cmpuint (save_screenshot (GTK_WINDOW (window), "analysis", 1120, 780), >, 100);
  g_object_set (window, "analysis-mode", FALSE, NULL);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game-dialog", NULL);
  dialog = NULL;
  while (dialog == NULL)
    {
      GListModel *toplevels = gtk_window_get_toplevels ();

      for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
        {
          g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);

          if (MM_IS_NEW_GAME_DIALOG (toplevel))
            dialog = GTK_WINDOW (toplevel);
        }
      g_main_context_iteration (NULL, FALSE);
    }
  mm_test_ui_wait_for_frames (dialog, 3);
  g_assert_cmpuint (save_screenshot (dialog, "new-game", 300, 300), >, 50);
  gtk_window_destroy (dialog);

  dialog = GTK_WINDOW (mm_preferences_window_new (GTK_WINDOW (window)));
  gtk_window_present (dialog);
  mm_test_ui_wait_for_frames (dialog, 3);
  g_assert_cmpuint (save_screenshot (dialog, "preferences", 300, 300), >, 50);
  gtk_window_destroy (dialog);

  gtk_window_close (GTK_WINDOW (window));
}

static void
test_screenshots (void)
{
  g_autoptr(MmApplication) app = NULL;
  char *argv[] = { (char *) "test-screenshots", NULL };
  g_autoptr(GSettings) settings = g_settings_new ("io.github.monomachia.Monomachia");

  g_settings_set_boolean (settings, "confirm-discard", FALSE);
  app = mm_application_new ("io.github.monomachia.Monomachia.Test", G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "activate", G_CALLBACK (take_screenshots), NULL);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 1, argv), ==, 0);
}


int
main (int   argc,
      char *argv[])
{
  g_autofree char *home = g_dir_make_tmp ("mm-test-screenshots-XXXXXX", NULL);
  g_autofree char *data_home = g_build_filename (home, "data", NULL);
  g_autofree char *config_home = g_build_filename (home, "config", NULL);
  int status;

  /* The user's folders are new and empty, but the system's stay, so that
   * the icon theme and fonts are there as on a desktop. */
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  g_setenv ("XDG_CONFIG_HOME", config_home, TRUE);
  g_log_set_writer_func (mm_test_ui_log_writer, NULL, NULL);
  g_test_init (&argc, &argv, NULL);

  if (!gtk_init_check ())
    {
      g_printerr ("No display: the screenshots need one (run them under xvfb-run).\n");
      return 77;
    }

  screenshot_dir = g_getenv ("MM_SCREENSHOT_DIR");
  if (screenshot_dir == NULL)
    screenshot_dir = ".";

  g_test_add_func ("/app/screenshots", test_screenshots);

  status = g_test_run ();
  {
    g_autoptr(GFile) autosave_dir = g_file_new_build_filename (data_home, "monomachia", NULL);
    g_autoptr(GFile) autosave = g_file_get_child (autosave_dir, "autosave.ggf");

    g_file_delete (autosave, NULL, NULL);
    g_file_delete (autosave_dir, NULL, NULL);
    g_rmdir (data_home);
    g_rmdir (config_home);
    g_rmdir (home);
  }
  return status;
}
