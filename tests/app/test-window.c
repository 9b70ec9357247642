/* test-window.c
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

/* The window as a person uses it: the real application is started, the
 * moves of recorded games are played by activating the board's squares
 * (the path a click, Enter or a screen reader takes), and what the window
 * shows is read back. */

#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "mm-application.h"
#include "mm-board-view.h"
#include "mm-window-private.h"

/* Two games from the WTHOR archive (1977), each with passes; the moves and
 * the final counts as the archive records them. */
typedef struct
{
  const char *moves;
  const char *black;
  const char *white;
  const char *result;
} RecordedGame;

static const RecordedGame recorded_games[] = {
  {
    "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6"
    "a5e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1",
    "34", "30", "Black wins 34-30",
  },
  {
    "f5f6e6f4f3c5g6e3d3g5b6c4c3d6h6g4h3d2e2h5h4c2e1d1c1b3e7c6g3d7c8f1f2b1b4a5c7b5a6"
    "f8a4a3a2d8e8b8b2g1g2a1b7a7a8f7g8h1g7h2h7h8",
    "17", "47", "White wins 47-17",
  },
};

typedef void (*WindowTest) (MmWindow *window);

static void
activate_square (MmWindow   *window,
                 const char *name)
{
  MmBoardView *view = _mm_window_get_board_view (window);
  int square = mm_square_parse (name);

  g_assert_cmpint (square, !=, MM_SQUARE_NONE);
  gtk_widget_activate (mm_board_view_get_square (view, square));
}

static void
assert_square_label (MmWindow   *window,
                     const char *name,
                     const char *expected)
{
  MmBoardView *view = _mm_window_get_board_view (window);
  GtkWidget *square = mm_board_view_get_square (view, mm_square_parse (name));
  g_autofree char *mismatch = NULL;

  mismatch = gtk_test_accessible_check_property (GTK_ACCESSIBLE (square),
                                                 GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                 expected);
  g_assert_null (mismatch);
}

static void
play_recorded_games (MmWindow *window)
{
  for (guint g = 0; g < G_N_ELEMENTS (recorded_games); g++)
    {
      const RecordedGame *game = &recorded_games[g];
      gboolean saw_pass = FALSE;

      gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
      g_assert_cmpstr (_mm_window_get_count_text (window, MM_COLOR_BLACK), ==, "2");
      g_assert_cmpstr (_mm_window_get_turn_text (window), ==, "Black to move");

      for (const char *move = game->moves; *move != '\0'; move += 2)
        {
          char name[3] = { move[0], move[1], '\0' };

          activate_square (window, name);
          /* Every recorded move is legal: the only messages are passes. */
          if (g_str_has_suffix (_mm_window_get_message_text (window), "passes"))
            saw_pass = TRUE;
          else if (move[2] != '\0')
            g_assert_cmpstr (_mm_window_get_message_text (window), ==, "");
        }

      g_assert_true (saw_pass);
      g_assert_cmpstr (_mm_window_get_count_text (window, MM_COLOR_BLACK), ==, game->black);
      g_assert_cmpstr (_mm_window_get_count_text (window, MM_COLOR_WHITE), ==, game->white);
      g_assert_cmpstr (_mm_window_get_turn_text (window), ==, "Game over");
      g_assert_cmpstr (_mm_window_get_message_text (window), ==, game->result);
    }
}

static void
refuse_illegal_moves (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  assert_square_label (window, "d3", "D3, empty, legal move");
  assert_square_label (window, "a1", "A1, empty");
  assert_square_label (window, "d4", "D4, white");
  assert_square_label (window, "e4", "E4, black");

  activate_square (window, "a1");
  g_assert_cmpstr (_mm_window_get_message_text (window), ==, "A1 does not flip any disc");
  activate_square (window, "d4");
  g_assert_cmpstr (_mm_window_get_message_text (window), ==, "D4 is not empty");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  g_assert_cmpstr (_mm_window_get_turn_text (window), ==, "Black to move");

  activate_square (window, "d3");
  g_assert_cmpstr (_mm_window_get_message_text (window), ==, "");
  g_assert_cmpstr (_mm_window_get_count_text (window, MM_COLOR_BLACK), ==, "4");
  g_assert_cmpstr (_mm_window_get_count_text (window, MM_COLOR_WHITE), ==, "1");
  g_assert_cmpstr (_mm_window_get_turn_text (window), ==, "White to move");
  assert_square_label (window, "d3", "D3, black");
  assert_square_label (window, "d4", "D4, black");
}

static void
undo_and_redo (MmWindow *window)
{
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  activate_square (window, "f5");
  activate_square (window, "d6");
  g_assert_cmpstr (_mm_window_get_count_text (window, MM_COLOR_WHITE), ==, "3");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpstr (_mm_window_get_count_text (window, MM_COLOR_BLACK), ==, "4");
  g_assert_cmpstr (_mm_window_get_count_text (window, MM_COLOR_WHITE), ==, "1");
  g_assert_cmpstr (_mm_window_get_turn_text (window), ==, "White to move");
  assert_square_label (window, "d6", "D6, empty, legal move");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  g_assert_cmpstr (_mm_window_get_count_text (window, MM_COLOR_WHITE), ==, "3");
  assert_square_label (window, "d6", "D6, white");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_assert_cmpstr (_mm_window_get_count_text (window, MM_COLOR_BLACK), ==, "2");
  g_assert_cmpstr (_mm_window_get_count_text (window, MM_COLOR_WHITE), ==, "2");
  g_assert_false (mm_game_can_undo (mm_window_get_game (window)));
}

/* Typing a square's name on the board plays it. */
static void
type_square_names (MmWindow *window)
{
  MmBoardView *view = _mm_window_get_board_view (window);
  GtkWidget *widget = GTK_WIDGET (view);
  GtkEventController *keys = NULL;
  GListModel *controllers = gtk_widget_observe_controllers (widget);
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && keys == NULL; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        keys = controller;
    }
  g_object_unref (controllers);
  g_assert_nonnull (keys);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_c, 0, 0, &handled);
  g_assert_true (handled);
  g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_4, 0, 0, &handled);
  g_assert_true (handled);
  assert_square_label (window, "c4", "C4, black");
  g_assert_cmpstr (_mm_window_get_turn_text (window), ==, "White to move");
}

static void
run_window_test (GtkApplication *app,
                 WindowTest      test)
{
  GtkWindow *window = gtk_application_get_active_window (app);

  g_assert_true (MM_IS_WINDOW (window));
  test (MM_WINDOW (window));
  gtk_window_close (window);
}

static void
activated_cb (GtkApplication *app,
              gpointer        user_data)
{
  run_window_test (app, (WindowTest) user_data);
}

static void
test_in_application (gconstpointer data)
{
  g_autoptr(MmApplication) app = NULL;
  char *argv[] = { (char *) "test-window", NULL };

  /* Non-unique: the test needs no session bus and never meets a running
   * copy of the game. */
  app = mm_application_new ("io.github.monomachia.Monomachia.Test", G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "activate", G_CALLBACK (activated_cb), (gpointer) data);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 1, argv), ==, 0);
}

/* Under a bare Xvfb there is no session bus; GTK warns and goes on, and
 * so does the test.  Every other warning still fails it. */
static GLogWriterOutput
drop_missing_session_bus (GLogLevelFlags   log_level,
                          const GLogField *fields,
                          gsize            n_fields,
                          gpointer         user_data)
{
  for (gsize i = 0; i < n_fields; i++)
    {
      if (g_strcmp0 (fields[i].key, "MESSAGE") == 0 && fields[i].length < 0
          && strstr (fields[i].value, "Unable to acquire session bus") != NULL)
        return G_LOG_WRITER_HANDLED;
    }

  return g_log_writer_default (log_level, fields, n_fields, user_data);
}

int
main (int   argc,
      char *argv[])
{
  g_log_set_writer_func (drop_missing_session_bus, NULL, NULL);
  g_test_init (&argc, &argv, NULL);

  if (!gtk_init_check ())
    {
      g_printerr ("No display: the window tests need one (run them under xvfb-run).\n");
      return 77;
    }

  g_test_add_data_func ("/app/window/play-recorded-games", play_recorded_games,
                        test_in_application);
  g_test_add_data_func ("/app/window/refuse-illegal-moves", refuse_illegal_moves,
                        test_in_application);
  g_test_add_data_func ("/app/window/undo-and-redo", undo_and_redo, test_in_application);
  g_test_add_data_func ("/app/window/type-square-names", type_square_names,
                        test_in_application);

  return g_test_run ();
}
