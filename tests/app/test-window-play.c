/* test-window-play.c
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

/* Playing in the window as a person does: the moves of recorded games
 * played on the board's squares, illegal moves refused, undo and redo,
 * the keyboard (square names, the arrow keys), the move list and its
 * earlier positions, what a screen reader hears, the clock, Edit Board,
 * the players' cards and the opening's name while browsing.  The
 * application is started and the window read back through
 * mm-test-window.h. */

#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "mm-board-view.h"
#include "mm-test-ui.h"
#include "mm-test-window.h"
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
    MM_TEST_WINDOW_GAME_A,
    "34", "30", "Black wins 34-30",
  },
  {
    "f5f6e6f4f3c5g6e3d3g5b6c4c3d6h6g4h3d2e2h5h4c2e1d1c1b3e7c6g3d7c8f1f2b1b4a5c7b5a6"
    "f8a4a3a2d8e8b8b2g1g2a1b7a7a8f7g8h1g7h2h7h8",
    "17", "47", "White wins 47-17",
  },
};

/* The list of moves as it reads: "f5 d6 pass c3". */
static char *
dup_move_list_text (MmWindow *window)
{
  GtkWidget *moves = GTK_WIDGET (mm_test_window_move_flow_box (window));
  GString *text = g_string_new (NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (moves);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *item = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));
      /* Each item is the move's number, then its square. */
      GtkWidget *square = gtk_widget_get_last_child (item);

      g_assert_true (GTK_IS_LABEL (square));
      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, gtk_label_get_text (GTK_LABEL (square)));
    }

  return g_string_free (text, FALSE);
}

static void
play_recorded_games (MmWindow *window)
{
  for (guint g = 0; g < G_N_ELEMENTS (recorded_games); g++)
    {
      const RecordedGame *game = &recorded_games[g];
      gboolean saw_pass = FALSE;

      gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
      g_assert_cmpstr (mm_test_window_count_text (window, MM_COLOR_BLACK), ==, "2");
      g_assert_cmpstr (mm_test_window_turn_text (window), ==, "Black to move");

      for (const char *move = game->moves; *move != '\0'; move += 2)
        {
          char name[3] = { move[0], move[1], '\0' };

          mm_test_window_activate_square (window, name);
          /* Every recorded move is legal: the only messages are passes. */
          if (g_str_has_suffix (mm_test_window_message_text (window), "passes"))
            saw_pass = TRUE;
          else if (move[2] != '\0')
            g_assert_cmpstr (mm_test_window_message_text (window), ==, "");
        }

      g_assert_true (saw_pass);
      g_assert_cmpstr (mm_test_window_count_text (window, MM_COLOR_BLACK), ==, game->black);
      g_assert_cmpstr (mm_test_window_count_text (window, MM_COLOR_WHITE), ==, game->white);
      g_assert_true (g_str_has_prefix (mm_test_window_turn_text (window), "Game over: "));
      /* The status says the result when the message has gone. */
      g_assert_cmpstr (mm_test_window_turn_text (window) + strlen ("Game over: "), ==,
                       game->result);
      g_assert_cmpstr (mm_test_window_message_text (window), ==, game->result);
    }
}

static void
refuse_illegal_moves (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  mm_test_window_assert_square_label (window, "d3", "D3, empty, legal move");
  mm_test_window_assert_square_label (window, "a1", "A1, empty");
  mm_test_window_assert_square_label (window, "d4", "D4, white");
  mm_test_window_assert_square_label (window, "e4", "E4, black");

  mm_test_window_activate_square (window, "a1");
  g_assert_cmpstr (mm_test_window_message_text (window), ==, "a1 does not flip any disc");
  mm_test_window_activate_square (window, "d4");
  g_assert_cmpstr (mm_test_window_message_text (window), ==, "d4 is not empty");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  g_assert_cmpstr (mm_test_window_turn_text (window), ==, "Black to move");

  mm_test_window_activate_square (window, "d3");
  g_assert_cmpstr (mm_test_window_message_text (window), ==, "");
  g_assert_cmpstr (mm_test_window_count_text (window, MM_COLOR_BLACK), ==, "4");
  g_assert_cmpstr (mm_test_window_count_text (window, MM_COLOR_WHITE), ==, "1");
  g_assert_cmpstr (mm_test_window_turn_text (window), ==, "White to move");
  mm_test_window_assert_square_label (window, "d3", "D3, black");
  mm_test_window_assert_square_label (window, "d4", "D4, black");
}

static void
undo_and_redo (MmWindow *window)
{
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  mm_test_window_activate_square (window, "f5");
  mm_test_window_activate_square (window, "d6");
  g_assert_cmpstr (mm_test_window_count_text (window, MM_COLOR_WHITE), ==, "3");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpstr (mm_test_window_count_text (window, MM_COLOR_BLACK), ==, "4");
  g_assert_cmpstr (mm_test_window_count_text (window, MM_COLOR_WHITE), ==, "1");
  g_assert_cmpstr (mm_test_window_turn_text (window), ==, "White to move");
  mm_test_window_assert_square_label (window, "d6", "D6, empty, legal move");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  g_assert_cmpstr (mm_test_window_count_text (window, MM_COLOR_WHITE), ==, "3");
  mm_test_window_assert_square_label (window, "d6", "D6, white");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_assert_cmpstr (mm_test_window_count_text (window, MM_COLOR_BLACK), ==, "2");
  g_assert_cmpstr (mm_test_window_count_text (window, MM_COLOR_WHITE), ==, "2");
  g_assert_false (mm_game_can_undo (mm_window_get_game (window)));
}

/* The keycode of a Latin letter in the keyboard's layout. */
static guint
keycode_of (GtkWidget *widget,
            guint      keyval)
{
  g_autofree GdkKeymapKey *keys = NULL;
  int n_keys = 0;

  g_assert_true (gdk_display_map_keyval (gtk_widget_get_display (widget), keyval,
                                         &keys, &n_keys));
  g_assert_cmpint (n_keys, >, 0);
  return keys[0].keycode;
}

/* Typing a square's name on the board plays it, also when the keyboard
 * gives a Greek letter for the column's key (δ on the D key). */
static void
type_square_names (MmWindow *window)
{
  GtkWidget *widget = GTK_WIDGET (mm_test_window_board_view_of (window));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_assert_true (mm_test_ui_press_key (widget, GDK_KEY_c, 0));
  g_assert_true (mm_test_ui_press_key (widget, GDK_KEY_4, 0));
  mm_test_window_assert_square_label (window, "c4", "C4, black");
  g_assert_cmpstr (mm_test_window_turn_text (window), ==, "White to move");

  g_assert_true (mm_test_ui_press_key (widget, GDK_KEY_Greek_epsilon,
                                       keycode_of (widget, GDK_KEY_e)));
  g_assert_true (mm_test_ui_press_key (widget, GDK_KEY_3, 0));
  mm_test_window_assert_square_label (window, "e3", "E3, white");
  g_assert_cmpstr (mm_test_window_turn_text (window), ==, "Black to move");
}

/* The arrow keys move the focus between squares (GtkWindow's move-focus
 * bindings), and the square with the focus plays. */
static gboolean
is_allocated (gpointer data)
{
  return gtk_widget_get_width (GTK_WIDGET (data)) > 0;
}

static void
arrow_keys (MmWindow *window)
{
  MmBoardView *view = mm_test_window_board_view_of (window);
  GtkWidget *d3 = mm_board_view_get_square (view, mm_square_parse ("d3"));
  gboolean handled = FALSE;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  /* Directions need the squares laid out. */
  mm_test_ui_wait_until (is_allocated, d3, 10);
  /* The game starts with the focus on a legal move. */
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == d3);

  g_signal_emit_by_name (window, "move-focus", GTK_DIR_DOWN);
  g_signal_emit_by_name (window, "move-focus", GTK_DIR_DOWN);
  g_signal_emit_by_name (window, "move-focus", GTK_DIR_RIGHT);
  g_signal_emit_by_name (window, "move-focus", GTK_DIR_RIGHT);
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window))
                 == mm_board_view_get_square (view, mm_square_parse ("f5")));
  /* The focus shows the flips of its square, as the pointer does. */
  g_assert_cmpint (mm_board_view_get_hover (view), ==, mm_square_parse ("f5"));

  /* Enter on the square with the focus. */
  g_signal_emit_by_name (gtk_window_get_focus (GTK_WINDOW (window)), "activate", &handled);
  mm_test_window_assert_square_label (window, "f5", "F5, black");
  g_assert_cmpstr (mm_test_window_turn_text (window), ==, "White to move");
}

static void
assert_move_list (MmWindow   *window,
                  const char *expected)
{
  g_autofree char *text = dup_move_list_text (window);

  g_assert_cmpstr (text, ==, expected);
}

/* The list shows the moves with their passes; clicking one, or the
 * first/previous/next/last actions, shows an earlier position without
 * changing the game; playing is refused until back at the game. */
static void
browse_move_list (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  MmBoardView *view = mm_test_window_board_view_of (window);
  GtkWidget *widget = GTK_WIDGET (window);

  gtk_widget_activate_action (widget, "win.new-game", NULL);
  assert_move_list (window, "");
  g_assert_false (gtk_widget_activate_action (widget, "win.browse-first", NULL)
                  && mm_test_window_shown_position (window) != -1);
  mm_test_window_play_moves (window, "f5d6c3");
  assert_move_list (window, "f5 d6 c3");

  gtk_widget_activate_action (widget, "win.browse-first", NULL);
  g_assert_cmpint (mm_test_window_shown_position (window), ==, 0);
  g_assert_true (mm_board_view_is_frozen (view));
  g_assert_cmpstr (mm_test_window_browse_text (window), ==, "Start position");
  mm_test_window_assert_square_label (window, "f5", "F5, empty");
  mm_test_window_assert_square_label (window, "e5", "E5, white");
  /* A click there does not play. */
  mm_test_window_activate_square (window, "f4");
  g_assert_cmpstr (mm_test_window_message_text (window), ==,
                   "This is an earlier position. Go back to the game to play.");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 3);

  gtk_widget_activate_action (widget, "win.browse-next", NULL);
  g_assert_cmpint (mm_test_window_shown_position (window), ==, 1);
  g_assert_cmpstr (mm_test_window_browse_text (window), ==, "After move 1 of 3");
  mm_test_window_assert_square_label (window, "f5", "F5, black");
  mm_test_window_assert_square_label (window, "d6", "D6, empty");

  /* A click on the second move in the list. */
  g_signal_emit_by_name (gtk_flow_box_get_child_at_index (mm_test_window_move_flow_box (window), 1),
                         "activate");
  g_assert_cmpint (mm_test_window_shown_position (window), ==, 2);
  mm_test_window_assert_square_label (window, "d6", "D6, white");
  mm_test_window_assert_square_label (window, "c3", "C3, empty");
  gtk_widget_activate_action (widget, "win.browse-previous", NULL);
  g_assert_cmpint (mm_test_window_shown_position (window), ==, 1);

  /* Next past the last move is the game again. */
  gtk_widget_activate_action (widget, "win.browse-next", NULL);
  gtk_widget_activate_action (widget, "win.browse-next", NULL);
  g_assert_cmpint (mm_test_window_shown_position (window), ==, -1);
  g_assert_false (mm_board_view_is_frozen (view));
  g_assert_null (mm_test_window_browse_text (window));
  mm_test_window_assert_square_label (window, "c3", "C3, black");

  gtk_widget_activate_action (widget, "win.browse-previous", NULL);
  g_assert_cmpint (mm_test_window_shown_position (window), ==, 2);
  gtk_widget_activate_action (widget, "win.browse-last", NULL);
  g_assert_cmpint (mm_test_window_shown_position (window), ==, -1);
  mm_test_window_activate_square (window, "d3");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 4);
  assert_move_list (window, "f5 d6 c3 d3");

  /* Undo takes the move off the list; a pass is in it. */
  gtk_widget_activate_action (widget, "win.undo", NULL);
  assert_move_list (window, "f5 d6 c3");
  mm_test_window_paste (window,
                        "O*-------------------------------------------------------------- X");
  mm_test_window_wait_for_message (window, "Pasted a board position.");
  assert_move_list (window, "pass");
  {
    g_autofree char *announcement = mm_test_window_dup_announcement (window);

    g_assert_cmpstr (announcement, ==, "White to move");
  }
}

static void
assert_announcement (MmWindow   *window,
                     const char *expected)
{
  g_autofree char *mismatch = NULL;
  g_autofree char *announcement = mm_test_window_dup_announcement (window);

  g_assert_cmpstr (announcement, ==, expected);
  mismatch = gtk_test_accessible_check_property (
               GTK_ACCESSIBLE (mm_test_window_status_label (window)),
               GTK_ACCESSIBLE_PROPERTY_LABEL, expected);
  g_assert_null (mismatch);
}

/* The status has the role a screen reader watches, and its name tells
 * each move, pass and result, then whose turn it is. */
static void
announce_events (MmWindow *window)
{
  GtkWidget *status = mm_test_window_status_label (window);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  gtk_test_accessible_assert_role (status, GTK_ACCESSIBLE_ROLE_STATUS);
  assert_announcement (window, "Black to move");

  mm_test_window_activate_square (window, "f5");
  assert_announcement (window, "Black plays F5 and flips 1 disc. White to move.");
  mm_test_window_activate_square (window, "f6");
  assert_announcement (window, "White plays F6 and flips 1 disc. Black to move.");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  assert_announcement (window, "White to move");

  /* The end of a game with a pass before it. */
  mm_test_window_play_moves (window, "f6e6f4e3");
  mm_test_window_paste (window, MM_TEST_WINDOW_GAME_A);
  mm_test_window_wait_for_moves (window, 62);
  mm_test_window_activate_square (window, "g1");
  assert_announcement (window, "Game over: Black wins 34-30");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  mm_test_window_play_moves (window,
                             "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6"
                             "e2d1c1a3a6a5e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2");
  mm_test_window_activate_square (window, "h1");
  assert_announcement (window, "White plays H1 and flips 7 discs. Game over: Black wins 34-30.");

  /* Squares tell how many discs a legal move flips, and the last move. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  {
    GtkWidget *d3 = mm_board_view_get_square (mm_test_window_board_view_of (window),
                                              mm_square_parse ("d3"));
    g_autofree char *mismatch =
      gtk_test_accessible_check_property (GTK_ACCESSIBLE (d3),
                                          GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                          "Flips 1 disc");

    g_assert_null (mismatch);
  }
}

/* A side whose clock runs out loses, and the game stops there; the
 * increment comes back after each move. */
static void
lose_on_time (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  MmColor loser = MM_COLOR_BLACK;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  _mm_window_set_clock (window, 60 * G_USEC_PER_SEC, 5 * G_USEC_PER_SEC);
  g_assert_cmpstr (mm_test_window_clock_text (window, MM_COLOR_WHITE), ==, "1:00");
  mm_test_window_activate_square (window, "f5");
  /* Black's minute, less a moment (two seconds on a very busy machine),
   * plus five seconds. */
  {
    const char *black_clock = mm_test_window_clock_text (window, MM_COLOR_BLACK);

    g_assert_true (g_str_equal (black_clock, "1:05") || g_str_equal (black_clock, "1:04"));
  }

  /* After Black's d1 White has no move and passes, and Black moves
   * again: Black still gets the increment for d1, White's time stays. */
  mm_test_window_paste (window,
                        "-XO-----------------------------------------------------------OX X");
  mm_test_window_wait_for_message (window, "Pasted a board position.");
  _mm_window_set_clock (window, 60 * G_USEC_PER_SEC, 5 * G_USEC_PER_SEC);
  mm_test_window_activate_square (window, "d1");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);
  g_assert_cmpstr (mm_test_window_turn_text (window), ==, "Black to move");
  {
    const char *black_clock = mm_test_window_clock_text (window, MM_COLOR_BLACK);

    g_assert_true (g_str_equal (black_clock, "1:05") || g_str_equal (black_clock, "1:04"));
  }
  g_assert_cmpstr (mm_test_window_clock_text (window, MM_COLOR_WHITE), ==, "1:00");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  mm_test_window_activate_square (window, "f5");
  _mm_window_set_clock (window, 300 * G_TIME_SPAN_MILLISECOND, 0);
  mm_test_ui_wait_until (mm_test_window_is_lost_on_time, window, 10);
  g_assert_true (mm_game_get_lost_on_time (mm_window_get_game (window), &loser));
  g_assert_cmpint (loser, ==, MM_COLOR_WHITE);
  g_assert_cmpstr (mm_test_window_message_text (window), ==, "White ran out of time: Black wins");
  g_assert_cmpstr (mm_test_window_turn_text (window), ==, "Game over: Black wins on time");
  /* The board offers no more moves. */
  g_assert_true (mm_board_view_get_finished (mm_test_window_board_view_of (window)));
  g_assert_cmpstr (mm_test_window_clock_text (window, MM_COLOR_WHITE), ==, "0.0");
  assert_announcement (window, "Game over: Black wins on time");
  /* Once the message has gone the status still says it. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-message", NULL);
  g_assert_cmpstr (mm_test_window_message_text (window), ==, "");
  g_assert_cmpstr (mm_test_window_turn_text (window), ==, "Game over: Black wins on time");

  /* No more moves, and no undo. */
  mm_test_window_activate_square (window, "d6");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL)
                  && mm_game_get_n_moves (game) == 0);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);

  /* A new game is untimed again. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_assert_false (mm_game_get_lost_on_time (mm_window_get_game (window), NULL));
  g_assert_false (mm_board_view_get_finished (mm_test_window_board_view_of (window)));
  g_assert_null (mm_test_window_clock_text (window, MM_COLOR_BLACK));
  mm_test_window_activate_square (window, "d3");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);
}

/* Edit Board: any position, either side to move, then play from it. */
static void
edit_board (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  GtkWidget *widget = GTK_WIDGET (window);
  g_autofree char *board = NULL;

  gtk_widget_activate_action (widget, "win.new-game", NULL);
  mm_test_window_play_moves (window, "f5d6");
  gtk_widget_activate_action (widget, "win.edit-board", NULL);
  g_assert_true (mm_test_window_is_editing (window));
  g_assert_cmpstr (mm_test_window_turn_text (window), ==, "Editing the board");
  assert_announcement (window, "Editing the board");
  /* It starts from the position on the board. */
  mm_test_window_assert_square_label (window, "d6", "D6, white");
  g_assert_cmpstr (mm_test_window_count_text (window, MM_COLOR_WHITE), ==, "3");

  gtk_widget_activate_action (widget, "win.edit-clear", NULL);
  mm_test_window_assert_square_label (window, "d6", "D6, empty");
  mm_test_window_choose_edit_tools (window, "Black", "White to move");
  mm_test_window_activate_square (window, "a1");
  mm_test_window_activate_square (window, "b2");
  mm_test_window_activate_square (window, "c3");
  mm_test_window_choose_edit_tools (window, "White", "White to move");
  mm_test_window_activate_square (window, "d4");
  mm_test_window_activate_square (window, "h8");
  /* A second click on a white disc takes it away. */
  mm_test_window_activate_square (window, "h8");
  mm_test_window_assert_square_label (window, "a1", "A1, black");
  mm_test_window_assert_square_label (window, "d4", "D4, white");
  mm_test_window_assert_square_label (window, "h8", "H8, empty");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);

  /* White to move: its only disc, d4, captures nothing, so White passes
   * at once and Black plays. */
  gtk_widget_activate_action (widget, "win.edit-play", NULL);
  g_assert_false (mm_test_window_is_editing (window));
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);
  g_assert_cmpstr (mm_test_window_message_text (window), ==, "White has no move and passes");
  g_assert_cmpstr (mm_test_window_turn_text (window), ==, "Black to move");
  assert_move_list (window, "pass");
  mm_test_window_assert_square_label (window, "a1", "A1, black");
  mm_test_window_assert_square_label (window, "e5", "E5, empty, legal move");
  mm_test_window_activate_square (window, "e5");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);
  g_assert_cmpstr (mm_test_window_count_text (window, MM_COLOR_WHITE), ==, "0");
  g_assert_cmpstr (mm_test_window_message_text (window), ==, "Black wins 5-0");
  gtk_widget_activate_action (widget, "win.copy-game", NULL);
  board = mm_test_window_clipboard_text (window);
  g_test_message ("%s", board);
  g_assert_nonnull (strstr (board, "BO[8 *--------*--------*--------O"
                                   "------------------------------------ O]"));

  /* A finished position is refused; Cancel keeps the game. */
  gtk_widget_activate_action (widget, "win.edit-board", NULL);
  gtk_widget_activate_action (widget, "win.edit-clear", NULL);
  mm_test_window_choose_edit_tools (window, "Black", "Black to move");
  mm_test_window_activate_square (window, "a1");
  gtk_widget_activate_action (widget, "win.edit-play", NULL);
  g_assert_true (mm_test_window_is_editing (window));
  g_assert_true (g_str_has_prefix (mm_test_window_message_text (window), "Neither side"));
  gtk_widget_activate_action (widget, "win.edit-cancel", NULL);
  g_assert_false (mm_test_window_is_editing (window));
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);
  mm_test_window_assert_square_label (window, "e5", "E5, black");
}

/* From an earlier position of the move list the game goes on: the later
 * moves are taken back (redo brings them again). */
static void
play_from_earlier_move (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  GtkWidget *widget = GTK_WIDGET (window);

  gtk_widget_activate_action (widget, "win.new-game", NULL);
  mm_test_window_play_moves (window, "f5d6c3d3c4");
  g_assert_false (gtk_widget_activate_action (widget, "win.play-from-here", NULL)
                  && mm_game_get_n_moves (game) != 5);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 5);

  gtk_widget_activate_action (widget, "win.browse-first", NULL);
  gtk_widget_activate_action (widget, "win.browse-next", NULL);
  gtk_widget_activate_action (widget, "win.browse-next", NULL);
  gtk_widget_activate_action (widget, "win.play-from-here", NULL);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);
  g_assert_cmpstr (mm_test_window_turn_text (window), ==, "Black to move");
  g_assert_true (mm_game_can_redo (game));
  g_assert_cmpint (mm_test_window_shown_position (window), <, 0);
  mm_test_window_activate_square (window, "c5");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 3);
  g_assert_false (mm_game_can_redo (game));
}

/* While an earlier position is shown the cards and the status are those
 * of that position; back to the game, those of the game again. */
static void
cards_follow_browsing (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  g_autofree char *black = NULL;
  g_autofree char *white = NULL;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  mm_test_window_play_moves (window, "f5d6c3d3c4");
  black = g_strdup_printf ("%u", mm_game_get_black_count (game));
  white = g_strdup_printf ("%u", mm_game_get_white_count (game));
  g_assert_cmpstr (mm_test_window_count_text (window, MM_COLOR_BLACK), ==, black);
  g_assert_cmpstr (mm_test_window_count_text (window, MM_COLOR_WHITE), ==, white);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.browse-first", NULL);
  g_assert_cmpstr (mm_test_window_count_text (window, MM_COLOR_BLACK), ==, "2");
  g_assert_cmpstr (mm_test_window_count_text (window, MM_COLOR_WHITE), ==, "2");
  g_assert_cmpstr (mm_test_window_shown_text (window, "status"), ==, "Black to move");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.browse-next", NULL);
  g_assert_cmpstr (mm_test_window_count_text (window, MM_COLOR_BLACK), ==, "4");
  g_assert_cmpstr (mm_test_window_count_text (window, MM_COLOR_WHITE), ==, "1");
  g_assert_cmpstr (mm_test_window_shown_text (window, "status"), ==, "White to move");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.browse-last", NULL);
  g_assert_cmpstr (mm_test_window_count_text (window, MM_COLOR_BLACK), ==, black);
  g_assert_cmpstr (mm_test_window_count_text (window, MM_COLOR_WHITE), ==, white);
  g_assert_cmpstr (mm_test_window_shown_text (window, "status"), ==, "White to move");
}

/* The named opening under the status, or NULL while it shows none. */
static const char *
status_opening_text (MmWindow *window)
{
  return mm_test_window_shown_text (window, "opening");
}

/* The named opening over the move list, or NULL while it shows none. */
static const char *
list_opening_text (MmWindow *window)
{
  return mm_test_window_shown_text (window, "game-opening");
}

/* The named opening: under the status while the position shown is on
 * the opening's lines, and over the move list for the moves up to it,
 * as moves are played, taken back and browsed, and games read in. */
static void
opening_names (MmWindow *window)
{
  GtkWidget *widget = GTK_WIDGET (window);
  g_autofree char *board = NULL;

  mm_test_window_set_confirm_discard (FALSE);
  gtk_widget_activate_action (widget, "win.new-game", NULL);
  g_assert_null (status_opening_text (window));
  g_assert_null (list_opening_text (window));

  mm_test_window_play_moves (window, "f5d6");
  g_assert_cmpstr (status_opening_text (window), ==, "Opening: Perpendicular");
  g_assert_cmpstr (list_opening_text (window), ==, "Opening: Perpendicular (moves 1–2)");
  mm_test_window_play_moves (window, "c3d3c4");
  g_assert_cmpstr (status_opening_text (window), ==, "Opening: Tiger");
  g_assert_cmpstr (list_opening_text (window), ==, "Opening: Tiger (moves 1–5)");
  /* The status still says whose turn it is; the name is a label of its
   * own, which a screen reader reads beside it. */
  g_assert_cmpstr (mm_test_window_turn_text (window), ==, "White to move");
  g_assert_cmpint (gtk_accessible_get_accessible_role (
                     GTK_ACCESSIBLE (mm_test_ui_find_by_name (widget, "opening"))),
                   ==, GTK_ACCESSIBLE_ROLE_LABEL);

  gtk_widget_activate_action (widget, "win.undo", NULL);
  g_assert_cmpstr (status_opening_text (window), ==, "Opening: Perpendicular");
  g_assert_cmpstr (list_opening_text (window), ==, "Opening: Perpendicular (moves 1–2)");
  gtk_widget_activate_action (widget, "win.redo", NULL);
  g_assert_cmpstr (status_opening_text (window), ==, "Opening: Tiger");

  /* Earlier positions have their own opening; the start has none. */
  gtk_widget_activate_action (widget, "win.browse-first", NULL);
  g_assert_null (status_opening_text (window));
  g_assert_null (list_opening_text (window));
  gtk_widget_activate_action (widget, "win.browse-next", NULL);
  gtk_widget_activate_action (widget, "win.browse-next", NULL);
  g_assert_cmpstr (status_opening_text (window), ==, "Opening: Perpendicular");
  g_assert_cmpstr (list_opening_text (window), ==, "Opening: Perpendicular (moves 1–2)");
  gtk_widget_activate_action (widget, "win.browse-last", NULL);
  g_assert_cmpstr (status_opening_text (window), ==, "Opening: Tiger");

  /* On to the Stephenson and the No-Kung, then off every line: the
   * status lets the name go, the move list keeps it as the game's
   * opening. */
  mm_test_window_play_moves (window, "f4f6");
  g_assert_cmpstr (status_opening_text (window), ==, "Opening: Stephenson");
  mm_test_window_play_moves (window, "g5");
  g_assert_cmpstr (status_opening_text (window), ==, "Opening: No-Kung");
  mm_test_window_play_moves (window, "d7");
  g_assert_null (status_opening_text (window));
  g_assert_cmpstr (list_opening_text (window), ==, "Opening: No-Kung (moves 1–8)");

  /* A game read in: the Stephenson from c4, in another order. */
  mm_test_window_paste (window, "c4e3f6c5c3e6f5");
  mm_test_window_wait_for_moves (window, 7);
  g_assert_cmpstr (status_opening_text (window), ==, "Opening: Stephenson");
  g_assert_cmpstr (list_opening_text (window), ==, "Opening: Stephenson (moves 1–7)");

  /* A board set up by hand has no opening, even a named position. */
  gtk_widget_activate_action (widget, "win.copy-board", NULL);
  board = mm_test_window_clipboard_text (window);
  mm_test_window_paste (window, board);
  mm_test_window_wait_for_message (window, "Pasted a board position.");
  g_assert_cmpuint (mm_game_get_n_moves (mm_window_get_game (window)), ==, 0);
  g_assert_null (status_opening_text (window));
  g_assert_null (list_opening_text (window));
  mm_test_window_play_moves (window, "b4");
  g_assert_null (status_opening_text (window));

  gtk_widget_activate_action (widget, "win.new-game", NULL);
  g_assert_null (status_opening_text (window));
  g_assert_null (list_opening_text (window));
}

int
main (int   argc,
      char *argv[])
{
  if (!mm_test_window_init (&argc, &argv))
    return 77;

  g_test_add_data_func ("/app/window/play-recorded-games", play_recorded_games, mm_test_window_run);
  g_test_add_data_func ("/app/window/refuse-illegal-moves", refuse_illegal_moves,
                        mm_test_window_run);
  g_test_add_data_func ("/app/window/undo-and-redo", undo_and_redo, mm_test_window_run);
  g_test_add_data_func ("/app/window/type-square-names", type_square_names, mm_test_window_run);
  g_test_add_data_func ("/app/window/arrow-keys", arrow_keys, mm_test_window_run);
  g_test_add_data_func ("/app/window/browse-move-list", browse_move_list, mm_test_window_run);
  g_test_add_data_func ("/app/window/announce-events", announce_events, mm_test_window_run);
  g_test_add_data_func ("/app/window/lose-on-time", lose_on_time, mm_test_window_run);
  g_test_add_data_func ("/app/window/edit-board", edit_board, mm_test_window_run);
  g_test_add_data_func ("/app/window/cards-follow-browsing", cards_follow_browsing,
                        mm_test_window_run);
  g_test_add_data_func ("/app/window/opening-names", opening_names, mm_test_window_run);
  g_test_add_data_func ("/app/window/play-from-earlier-move", play_from_earlier_move,
                        mm_test_window_run);

  return g_test_run ();
}
