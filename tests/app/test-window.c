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
 * (the path a click, Enter or a screen reader takes), the rest through
 * the window's actions and buttons, and what the window shows is read
 * back from the widgets a person sees (mm-test-ui.h finds them by type,
 * widget name or accessible role), and from the game. */

#include "config.h"

#include <gtk/gtk.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>

#include <glib/gstdio.h>

#include "mm-analysis-bar.h"
#include "mm-application.h"
#include "mm-board-editor.h"
#include "mm-board-view.h"
#include "mm-busy-indicator.h"
#include "mm-eval-graph.h"
#include "mm-game-chooser.h"
#include "mm-new-game-dialog.h"
#include "mm-preferences-window.h"
#include "mm-players-bar.h"
#include "mm-record-io.h"
#include "mm-review-panel.h"
#include "mm-test-ui.h"
#include "mm-toast.h"
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

/* An opening too rare for the shipped opening book (docs/BOOK.md): out
 * of it from its fourth move on, and after d3 too; hints and analysis
 * search there. */
#define LINE_OUT_OF_BOOK "f5f4c3f6e3"

typedef void (*WindowTest) (MmWindow *window);

/* ------------------------------------------------------------------ */
/* What the window shows, read from its widgets                       */
/* ------------------------------------------------------------------ */

/* The part of the window of @type: the board, the players bar, the
 * move list, the review... */
static GtkWidget *
find_part (MmWindow *window,
           GType     type)
{
  GtkWidget *part = mm_test_ui_find_by_type (GTK_WIDGET (window), type);

  g_assert_nonnull (part);
  return part;
}

static MmBoardView *
board_view_of (MmWindow *window)
{
  return MM_BOARD_VIEW (find_part (window, MM_TYPE_BOARD_VIEW));
}

/* What the label named @name shows, or NULL while it is hidden. */
static const char *
shown_text (MmWindow   *window,
            const char *name)
{
  return mm_test_ui_get_text (GTK_WIDGET (window), name);
}

/* The number of discs on the player's card. */
static const char *
count_text (MmWindow *window,
            MmColor   color)
{
  return shown_text (window, color == MM_COLOR_BLACK ? "black-count" : "white-count");
}

/* The name on the player's card, or NULL when it shows none. */
static const char *
name_text (MmWindow *window,
           MmColor   color)
{
  return shown_text (window, color == MM_COLOR_BLACK ? "black-name" : "white-name");
}

/* The clock on the player's card, or NULL in an untimed game. */
static const char *
clock_text (MmWindow *window,
            MmColor   color)
{
  return shown_text (window, color == MM_COLOR_BLACK ? "black-clock" : "white-clock");
}

/* The status line, found as a screen reader finds it: by its role. */
static GtkWidget *
status_label (MmWindow *window)
{
  GtkWidget *status = mm_test_ui_find_by_role (GTK_WIDGET (window), GTK_ACCESSIBLE_ROLE_STATUS,
                                               NULL);

  g_assert_true (GTK_IS_LABEL (status));
  return status;
}

/* Whose turn it is, or the result. */
static const char *
turn_text (MmWindow *window)
{
  return gtk_label_get_text (GTK_LABEL (status_label (window)));
}

/* What a screen reader heard last: the accessible name of the status. */
static char *
dup_announcement (MmWindow *window)
{
  return mm_test_ui_dup_accessible_label (status_label (window));
}

static gboolean
announcement_contains (MmWindow   *window,
                       const char *text)
{
  g_autofree char *announcement = dup_announcement (window);

  return strstr (announcement, text) != NULL;
}

static gboolean
announcement_starts_with (MmWindow   *window,
                          const char *prefix)
{
  g_autofree char *announcement = dup_announcement (window);

  return g_str_has_prefix (announcement, prefix);
}

/* The message at the foot of the side panel, "" when there is none. */
static const char *
message_text (MmWindow *window)
{
  GtkWidget *label = mm_test_ui_find_by_name (GTK_WIDGET (window), "message");

  g_assert_true (GTK_IS_LABEL (label));
  return gtk_label_get_text (GTK_LABEL (label));
}

/* The words beside the spinner while the computer searches, or NULL. */
static const char *
thinking_text (MmWindow *window)
{
  return shown_text (window, "thinking");
}

static gboolean
shows_thinking (MmWindow *window)
{
  return thinking_text (window) != NULL;
}

/* Whether the computer plays @color: the choice that the Computer Plays
 * menu shows (the state of win.computer-side). */
static gboolean
is_computer (MmWindow *window,
             MmColor   color)
{
  g_autofree char *side = NULL;

  g_object_get (window, "computer-side", &side, NULL);
  return g_str_equal (side, "both")
         || g_str_equal (side, color == MM_COLOR_BLACK ? "black" : "white");
}

/* Unsaved changes: the title starts with a bullet. */
static gboolean
shows_unsaved (MmWindow *window)
{
  return g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "• ");
}

/* The list of moves as it reads: "f5 d6 pass c3". */
static GtkFlowBox *
move_flow_box (MmWindow *window)
{
  GtkWidget *moves = mm_test_ui_find_by_name (GTK_WIDGET (window), "moves");

  g_assert_true (GTK_IS_FLOW_BOX (moves));
  return GTK_FLOW_BOX (moves);
}

static char *
dup_move_list_text (MmWindow *window)
{
  GString *text = g_string_new (NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (move_flow_box (window)));
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

/* What the bar over the list says of the earlier position shown, or
 * NULL while the board shows the game. */
static const char *
browse_text (MmWindow *window)
{
  return shown_text (window, "browse-status");
}

/* The number of moves to the position shown, or -1 for the game: the
 * bar over the list is shown for an earlier position, and the list
 * marks the move that led to it (none for the start). */
static int
shown_position (MmWindow *window)
{
  int index = 0;

  if (browse_text (window) == NULL)
    return -1;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (move_flow_box (window)));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      index++;
      if (gtk_widget_has_css_class (child, "current"))
        return index;
    }

  return 0;
}

/* Analysis mode: what its bar says, or NULL while it is hidden. */
static const char *
analysis_text (MmWindow *window)
{
  return shown_text (window, "analysis-status");
}

/* The spinner of analysis mode turns while it searches. */
static gboolean
is_analysing (MmWindow *window)
{
  GtkWidget *bar = find_part (window, MM_TYPE_ANALYSIS_BAR);
  GtkWidget *busy = mm_test_ui_find_by_type (bar, MM_TYPE_BUSY_INDICATOR);

  g_assert_nonnull (busy);
  return mm_test_ui_is_shown (busy) && mm_busy_indicator_get_active (MM_BUSY_INDICATOR (busy));
}

/* The bar says the search is over, at @depth, or solved to the end. */
static gboolean
analysis_is_done (MmWindow *window,
                  int       depth)
{
  g_autofree char *done = g_strdup_printf ("Analysis done: depth %d", depth);
  const char *text = analysis_text (window);

  return !is_analysing (window)
         && (g_strcmp0 (text, done) == 0 || g_strcmp0 (text, "Analysis done: exact scores") == 0);
}

static MmReviewPanel *
review_panel_of (MmWindow *window)
{
  return MM_REVIEW_PANEL (find_part (window, MM_TYPE_REVIEW_PANEL));
}

/* What the game review says, or NULL while it is not shown. */
static const char *
review_text (MmWindow *window)
{
  return shown_text (window, "review-status");
}

/* The review offers to stop while it runs. */
static gboolean
is_reviewing (MmWindow *window)
{
  GtkWidget *stop = mm_test_ui_find_button (GTK_WIDGET (review_panel_of (window)),
                                            "media-playback-stop-symbolic");

  g_assert_nonnull (stop);
  return mm_test_ui_is_shown (stop);
}

/* The review shown (MmReviewEntry, the start first), or NULL. */
static GArray *
review_entries (MmWindow *window)
{
  return mm_review_panel_get_entries (review_panel_of (window));
}

static MmEvalGraph *
eval_graph_of (MmWindow *window)
{
  return MM_EVAL_GRAPH (find_part (window, MM_TYPE_EVAL_GRAPH));
}

/* The list of mistakes, by the name a screen reader says. */
static GtkListBox *
mistakes_list_of (MmWindow *window)
{
  GtkWidget *list = mm_test_ui_find_by_role (GTK_WIDGET (window), GTK_ACCESSIBLE_ROLE_LIST,
                                             "Mistakes");

  g_assert_true (GTK_IS_LIST_BOX (list));
  return GTK_LIST_BOX (list);
}

/* Edit Board's bar is shown. */
static gboolean
is_editing (MmWindow *window)
{
  return mm_test_ui_is_shown (find_part (window, MM_TYPE_BOARD_EDITOR));
}

/* Chooses in Edit Board's bar what clicks place (the button "Black",
 * "White" or "Empty") and who moves first ("Black to move"). */
static void
choose_edit_tools (MmWindow   *window,
                   const char *paint,
                   const char *side)
{
  GtkWidget *editor = find_part (window, MM_TYPE_BOARD_EDITOR);
  GtkWidget *drop_down = mm_test_ui_find_by_type (editor, GTK_TYPE_DROP_DOWN);

  mm_test_ui_click (editor, paint);
  g_assert_nonnull (drop_down);
  mm_test_ui_choose (GTK_DROP_DOWN (drop_down), side);
}

/* Where the players' cards are laid out: under the board, or beside it. */
static gboolean
players_are_under_board (MmWindow *window,
                         gboolean  under)
{
  graphene_rect_t board, players;

  if (!gtk_widget_compute_bounds (find_part (window, MM_TYPE_BOARD_VIEW), GTK_WIDGET (window),
                                  &board)
      || !gtk_widget_compute_bounds (find_part (window, MM_TYPE_PLAYERS_BAR), GTK_WIDGET (window),
                                     &players)
      || board.size.width <= 0)
    return FALSE;

  if (under)
    return players.origin.y >= board.origin.y + board.size.height;
  return players.origin.x >= board.origin.x + board.size.width;
}

static void
activate_square (MmWindow   *window,
                 const char *name)
{
  MmBoardView *view = board_view_of (window);
  int square = mm_square_parse (name);

  g_assert_cmpint (square, !=, MM_SQUARE_NONE);
  gtk_widget_activate (mm_board_view_get_square (view, square));
}

static void
assert_square_label (MmWindow   *window,
                     const char *name,
                     const char *expected)
{
  MmBoardView *view = board_view_of (window);
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
      g_assert_cmpstr (count_text (window, MM_COLOR_BLACK), ==, "2");
      g_assert_cmpstr (turn_text (window), ==, "Black to move");

      for (const char *move = game->moves; *move != '\0'; move += 2)
        {
          char name[3] = { move[0], move[1], '\0' };

          activate_square (window, name);
          /* Every recorded move is legal: the only messages are passes. */
          if (g_str_has_suffix (message_text (window), "passes"))
            saw_pass = TRUE;
          else if (move[2] != '\0')
            g_assert_cmpstr (message_text (window), ==, "");
        }

      g_assert_true (saw_pass);
      g_assert_cmpstr (count_text (window, MM_COLOR_BLACK), ==, game->black);
      g_assert_cmpstr (count_text (window, MM_COLOR_WHITE), ==, game->white);
      g_assert_true (g_str_has_prefix (turn_text (window), "Game over: "));
      /* The status says the result when the message has gone. */
      g_assert_cmpstr (turn_text (window) + strlen ("Game over: "), ==,
                       game->result);
      g_assert_cmpstr (message_text (window), ==, game->result);
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
  g_assert_cmpstr (message_text (window), ==, "a1 does not flip any disc");
  activate_square (window, "d4");
  g_assert_cmpstr (message_text (window), ==, "d4 is not empty");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  g_assert_cmpstr (turn_text (window), ==, "Black to move");

  activate_square (window, "d3");
  g_assert_cmpstr (message_text (window), ==, "");
  g_assert_cmpstr (count_text (window, MM_COLOR_BLACK), ==, "4");
  g_assert_cmpstr (count_text (window, MM_COLOR_WHITE), ==, "1");
  g_assert_cmpstr (turn_text (window), ==, "White to move");
  assert_square_label (window, "d3", "D3, black");
  assert_square_label (window, "d4", "D4, black");
}

static void
undo_and_redo (MmWindow *window)
{
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  activate_square (window, "f5");
  activate_square (window, "d6");
  g_assert_cmpstr (count_text (window, MM_COLOR_WHITE), ==, "3");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpstr (count_text (window, MM_COLOR_BLACK), ==, "4");
  g_assert_cmpstr (count_text (window, MM_COLOR_WHITE), ==, "1");
  g_assert_cmpstr (turn_text (window), ==, "White to move");
  assert_square_label (window, "d6", "D6, empty, legal move");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  g_assert_cmpstr (count_text (window, MM_COLOR_WHITE), ==, "3");
  assert_square_label (window, "d6", "D6, white");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_assert_cmpstr (count_text (window, MM_COLOR_BLACK), ==, "2");
  g_assert_cmpstr (count_text (window, MM_COLOR_WHITE), ==, "2");
  g_assert_false (mm_game_can_undo (mm_window_get_game (window)));
}

/* Sends a key press with @keycode (0: none) to @widget's key
 * controller, as a keyboard would; returns whether it was handled. */
static gboolean
press_key (GtkWidget *widget,
           guint      keyval,
           guint      keycode)
{
  GListModel *controllers = gtk_widget_observe_controllers (widget);
  GtkEventController *keys = NULL;
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && keys == NULL; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        keys = controller;
    }
  g_object_unref (controllers);
  g_assert_nonnull (keys);
  g_signal_emit_by_name (keys, "key-pressed", keyval, keycode, 0, &handled);
  return handled;
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
  GtkWidget *widget = GTK_WIDGET (board_view_of (window));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_assert_true (press_key (widget, GDK_KEY_c, 0));
  g_assert_true (press_key (widget, GDK_KEY_4, 0));
  assert_square_label (window, "c4", "C4, black");
  g_assert_cmpstr (turn_text (window), ==, "White to move");

  g_assert_true (press_key (widget, GDK_KEY_Greek_epsilon, keycode_of (widget, GDK_KEY_e)));
  g_assert_true (press_key (widget, GDK_KEY_3, 0));
  assert_square_label (window, "e3", "E3, white");
  g_assert_cmpstr (turn_text (window), ==, "Black to move");
}

/* ------------------------------------------------------------------ */
/* Saving, opening, the clipboard, the question, autosave             */
/* ------------------------------------------------------------------ */

#define GAME_A \
  "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5" \
  "e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1"

#define STANDARD_BO "BO[8 ---------------------------O*------*O--------------------------- *]"

static void
set_confirm_discard (gboolean confirm)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.monomachia.Monomachia");

  g_settings_set_boolean (settings, "confirm-discard", confirm);
}

static gboolean
timed_out_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @done says so, for at most ten seconds. */
static void
wait_until (gboolean (*done) (gpointer data),
            gpointer   data)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add_seconds (10, timed_out_cb, &timed_out);

  while (!done (data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (timeout);
}

/* Lets pending idle work (the autosave) run. */
static void
run_pending (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

typedef struct
{
  MmWindow *window;
  guint     n_moves;
} MovesWait;

static gboolean
has_n_moves (gpointer data)
{
  MovesWait *wait = data;

  return mm_game_get_n_moves (mm_window_get_game (wait->window)) == wait->n_moves;
}

static void
wait_for_moves (MmWindow *window,
                guint     n_moves)
{
  MovesWait wait = { window, n_moves };

  wait_until (has_n_moves, &wait);
}

typedef struct
{
  MmWindow   *window;
  const char *prefix;
} MessageWait;

static gboolean
has_message (gpointer data)
{
  MessageWait *wait = data;

  return g_str_has_prefix (message_text (wait->window), wait->prefix);
}

static void
wait_for_message (MmWindow   *window,
                  const char *prefix)
{
  MessageWait wait = { window, prefix };

  wait_until (has_message, &wait);
}

/* The visible window of @type on top of the main one, if any. */
static GtkWindow *
find_window (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWindow *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window)))
        found = window;
    }

  return found;
}

static gboolean
window_shown (gpointer data)
{
  return find_window ((GType) GPOINTER_TO_SIZE (data)) != NULL;
}

static GtkWindow *
wait_for_window (GType type)
{
  wait_until (window_shown, GSIZE_TO_POINTER (type));
  return find_window (type);
}

static void
play_moves (MmWindow   *window,
            const char *moves)
{
  for (const char *move = moves; *move != '\0'; move += 2)
    {
      char name[3] = { move[0], move[1], '\0' };

      activate_square (window, name);
    }
}

static char *
moves_of (MmWindow *window)
{
  g_autoptr(MmGameRecord) record = mm_game_to_record (mm_window_get_game (window));

  return mm_record_write (record, MM_RECORD_FORMAT_TRANSCRIPT);
}

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

  set_confirm_discard (FALSE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Monomachia");
  play_moves (window, "f5d6c3");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==,
                   "• Unsaved game — Monomachia");

  _mm_window_save_as_file (window, file);
  wait_until (is_saved, window);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "game.ggf — Monomachia");
  g_assert_cmpstr (message_text (window), ==, "The game is saved in “game.ggf”.");
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_true (g_str_has_prefix (contents, "(;GM[Othello]PC[Monomachia]DT["));
  g_assert_true (g_str_has_suffix (contents, STANDARD_BO "B[f5]W[d6]B[c3];)\n"));

  play_moves (window, "d3");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• game.ggf — Monomachia");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Monomachia");

  /* Open it again: three moves, which undo takes back. */
  open_path (window, path);
  wait_for_moves (window, 3);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "game.ggf — Monomachia");
  /* Save writes to the file opened, without asking. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-message", NULL);
  g_assert_cmpstr (message_text (window), ==, "");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  wait_for_message (window, "The game is saved in “game.ggf”.");
  g_assert_cmpstr (turn_text (window), ==, "White to move");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• game.ggf — Monomachia");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);

  /* A damaged file: a sentence that says where, and the game as it was. */
  moves = moves_of (window);
  g_assert_true (g_file_set_contents (bad_path, "(;GM[Othello]PB[x]B[f5]W[f5];)", -1, NULL));
  open_path (window, bad_path);
  wait_for_message (window, "Cannot open");
  g_assert_cmpstr (message_text (window), ==,
                   "Cannot open “bad.ggf”: Line 1, column 26: Move 2: f5 is not empty");
  {
    g_autofree char *after = moves_of (window);

    g_assert_cmpstr (after, ==, moves);
  }
  g_assert_true (g_file_set_contents (bad_path, "\x7f" "ELF\x02\x01\x01", 7, NULL));
  open_path (window, bad_path);
  wait_for_message (window, "Cannot open “bad.ggf”: Line 1, column 1: this is not text");

  /* Several games: the list, then the one chosen, as a new unsaved game. */
  g_assert_true (g_file_set_contents (archive_path,
                                      "(;GM[Othello]PB[a]PW[b]" STANDARD_BO "B[f5];)\n"
                                      "(;GM[Othello]PB[Ζήνων]PW[d]" STANDARD_BO "B[e6]W[f4];)\n"
                                      "(;GM[Othello]PB[e]PW[f]" STANDARD_BO "B[c4];)\n",
                                      -1, NULL));
  open_path (window, archive_path);
  chooser = MM_GAME_CHOOSER (wait_for_window (MM_TYPE_GAME_CHOOSER));
  g_assert_cmpuint (mm_game_chooser_get_n_games (chooser), ==, 3);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (chooser)), ==, "Choose a Game");
  mm_game_chooser_choose (chooser, 1);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);
  g_assert_cmpstr (name_text (window, MM_COLOR_BLACK), ==, "Ζήνων");
  g_assert_cmpstr (name_text (window, MM_COLOR_WHITE), ==, "d");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==,
                   "• Unsaved game — Monomachia");

  /* A transcript file opens, but Save will not overwrite it with GGF. */
  g_assert_true (g_file_set_contents (moves_path, GAME_A " 34-30 1977\n", -1, NULL));
  open_path (window, moves_path);
  wait_for_moves (window, 62);
  /* The window names no file, so Save asks for one. */
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==,
                   "• Unsaved game — Monomachia");
  g_assert_null (name_text (window, MM_COLOR_BLACK));
  g_assert_cmpstr (message_text (window), ==, "Black wins 34-30");

  g_assert_no_errno (g_remove (path));
  g_assert_no_errno (g_remove (bad_path));
  g_assert_no_errno (g_remove (archive_path));
  g_assert_no_errno (g_remove (moves_path));
}

static void
read_text_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  char **text = user_data;

  *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  if (*text == NULL)
    *text = g_strdup ("");
}

static gboolean
is_set (gpointer data)
{
  return *(char **) data != NULL;
}

static char *
clipboard_text (MmWindow *window)
{
  char *text = NULL;

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (window)), NULL,
                                 read_text_cb, &text);
  wait_until (is_set, &text);
  return text;
}

static void
paste (MmWindow   *window,
       const char *text)
{
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (window)), text);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.paste", NULL);
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

  set_confirm_discard (FALSE);
  paste (window, GAME_A " 34-30");
  wait_for_moves (window, 62);
  g_assert_cmpstr (message_text (window), ==,
                   "Pasted a list of moves. Black wins 34-30");
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==,
                   "• Unsaved game — Monomachia");

  paste (window, "f5 d6 c3 zz");
  wait_for_message (window, "The clipboard holds no game");
  g_assert_cmpstr (message_text (window), ==,
                   "The clipboard holds no game: Line 1, column 10: "
                   "“zz” is not a move: moves are written a1 to h8");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 62);

  paste (window, "(;GM[Othello]PB[Πλάτων]" STANDARD_BO "B[f5]W[f6];)");
  wait_for_moves (window, 2);
  g_assert_cmpstr (message_text (window), ==, "Pasted a game in GGF.");
  g_assert_cmpstr (name_text (window, MM_COLOR_BLACK), ==, "Πλάτων");

  paste (window, "[Black \"A\"]\n[White \"B\"]\n1. e6 f4 *\n\n[Black \"C\"]\n1. d3 *\n");
  chooser = MM_GAME_CHOOSER (wait_for_window (MM_TYPE_GAME_CHOOSER));
  g_assert_cmpuint (mm_game_chooser_get_n_games (chooser), ==, 2);
  mm_game_chooser_choose (chooser, 0);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);
  g_assert_cmpstr (message_text (window), ==, "Pasted a game in PGN.");

  /* A board where Black has no move: it passes at once. */
  paste (window, "O*-------------------------------------------------------------- X");
  wait_for_message (window, "Pasted a board position.");
  g_assert_cmpstr (message_text (window), ==,
                   "Pasted a board position. Black has no move and passes");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);
  g_assert_cmpstr (turn_text (window), ==, "White to move");
  assert_square_label (window, "a1", "A1, white");
  assert_square_label (window, "b1", "B1, black");

  /* Copies of a game in progress read back as the same game. */
  paste (window, "f5d6c3d3c4f4");
  wait_for_moves (window, 6);
  moves = moves_of (window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-moves", NULL);
  g_assert_cmpstr (message_text (window), ==, "The moves are copied.");
  copied_moves = clipboard_text (window);
  g_assert_cmpstr (copied_moves, ==, "f5d6c3d3c4f4");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-board", NULL);
  copied_board = clipboard_text (window);
  g_assert_cmpuint (strlen (copied_board), ==, 66);
  g_assert_true (g_str_has_suffix (copied_board, " X"));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-game", NULL);
  g_assert_cmpstr (message_text (window), ==, "The game is copied in GGF.");
  copied_game = clipboard_text (window);
  g_assert_true (g_str_has_prefix (copied_game, "(;GM[Othello]"));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.paste", NULL);
  wait_for_moves (window, 6);
  {
    g_autofree char *again = moves_of (window);

    g_assert_cmpstr (again, ==, moves);
  }
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.copy-moves", NULL);
  g_assert_cmpstr (message_text (window), ==, "There are no moves to copy yet.");
}

/* Answers the question, and lets the window act on the answer. */
static void
respond (GtkWindow *dialog,
         int        response)
{
  g_assert_true (GTK_IS_MESSAGE_DIALOG (dialog));
  gtk_dialog_response (GTK_DIALOG (dialog), response);
  run_pending ();
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

  set_confirm_discard (FALSE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  play_moves (window, "f5d6c3");
  _mm_window_save_as_file (window, file);
  wait_until (is_saved, window);
  g_assert_true (g_file_get_contents (path, &before, &size, NULL));

  /* Twenty moves more than the file has room for. */
  play_moves (window, "f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5");
  run_pending ();
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• full.ggf — Monomachia");
  signal (SIGXFSZ, SIG_IGN);
  g_assert_no_errno (getrlimit (RLIMIT_FSIZE, &saved));
  limit = saved;
  limit.rlim_cur = size + 20;
  g_assert_no_errno (setrlimit (RLIMIT_FSIZE, &limit));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  wait_for_message (window, "Cannot save “full.ggf”: ");
  g_assert_no_errno (setrlimit (RLIMIT_FSIZE, &saved));
  signal (SIGXFSZ, SIG_DFL);
  g_assert_nonnull (strstr (message_text (window), g_strerror (EFBIG)));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "• full.ggf — Monomachia");
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, before);
  g_clear_pointer (&after, g_free);
  g_assert_cmpuint (mm_game_get_n_moves (mm_window_get_game (window)), ==, 23);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.save", NULL);
  wait_for_message (window, "The game is saved in “full.ggf”.");
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

  set_confirm_discard (TRUE);

  /* Nothing to lose: no question. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_assert_null (find_window (GTK_TYPE_MESSAGE_DIALOG));

  play_moves (window, "f5");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  dialog = find_window (GTK_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (dialog);
  g_object_get (dialog, "text", &text, NULL);
  g_assert_cmpstr (text, ==, "Discard unsaved game?");
  g_assert_true (gtk_window_get_modal (dialog));
  respond (dialog, GTK_RESPONSE_CANCEL);
  g_assert_null (find_window (GTK_TYPE_MESSAGE_DIALOG));
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  respond (find_window (GTK_TYPE_MESSAGE_DIALOG), 1 /* discard */);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);

  /* Save, then the new game. */
  play_moves (window, "f5d6");
  _mm_window_save_as_file (window, file);
  wait_until (is_saved, window);
  play_moves (window, "c3");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  respond (find_window (GTK_TYPE_MESSAGE_DIALOG), 2 /* save */);
  wait_for_moves (window, 0);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_true (g_str_has_suffix (contents, "B[f5]W[d6]B[c3];)\n"));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Monomachia");

  /* A pasted game replaces the game only once agreed. */
  play_moves (window, "e6");
  paste (window, "d3c3");
  dialog = wait_for_window (GTK_TYPE_MESSAGE_DIALOG);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);
  respond (dialog, 1);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);

  g_assert_no_errno (g_remove (path));
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
  MmBoardView *view = board_view_of (window);
  GtkWidget *d3 = mm_board_view_get_square (view, mm_square_parse ("d3"));
  gboolean handled = FALSE;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  /* Directions need the squares laid out. */
  wait_until (is_allocated, d3);
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
  assert_square_label (window, "f5", "F5, black");
  g_assert_cmpstr (turn_text (window), ==, "White to move");
}

/* ------------------------------------------------------------------ */
/* The move list, earlier positions, the status, the dialogs          */
/* ------------------------------------------------------------------ */

static void
set_setting_string (const char *key,
                    const char *value)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.monomachia.Monomachia");

  g_settings_set_string (settings, key, value);
}

static void
reset_new_game_settings (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.monomachia.Monomachia");

  g_settings_reset (settings, "new-game-start");
  g_settings_reset (settings, "new-game-black-name");
  g_settings_reset (settings, "new-game-white-name");
  g_settings_reset (settings, "clock-minutes");
  g_settings_reset (settings, "clock-increment");
  g_settings_reset (settings, "new-game-opponent");
  g_settings_reset (settings, "computer-level");
  g_settings_reset (settings, "human-color");
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
  MmBoardView *view = board_view_of (window);
  GtkWidget *widget = GTK_WIDGET (window);

  gtk_widget_activate_action (widget, "win.new-game", NULL);
  assert_move_list (window, "");
  g_assert_false (gtk_widget_activate_action (widget, "win.browse-first", NULL)
                  && shown_position (window) != -1);
  play_moves (window, "f5d6c3");
  assert_move_list (window, "f5 d6 c3");

  gtk_widget_activate_action (widget, "win.browse-first", NULL);
  g_assert_cmpint (shown_position (window), ==, 0);
  g_assert_true (mm_board_view_is_frozen (view));
  g_assert_cmpstr (browse_text (window), ==, "Start position");
  assert_square_label (window, "f5", "F5, empty");
  assert_square_label (window, "e5", "E5, white");
  /* A click there does not play. */
  activate_square (window, "f4");
  g_assert_cmpstr (message_text (window), ==,
                   "This is an earlier position. Go back to the game to play.");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 3);

  gtk_widget_activate_action (widget, "win.browse-next", NULL);
  g_assert_cmpint (shown_position (window), ==, 1);
  g_assert_cmpstr (browse_text (window), ==, "After move 1 of 3");
  assert_square_label (window, "f5", "F5, black");
  assert_square_label (window, "d6", "D6, empty");

  /* A click on the second move in the list. */
  g_signal_emit_by_name (gtk_flow_box_get_child_at_index (move_flow_box (window), 1),
                         "activate");
  g_assert_cmpint (shown_position (window), ==, 2);
  assert_square_label (window, "d6", "D6, white");
  assert_square_label (window, "c3", "C3, empty");
  gtk_widget_activate_action (widget, "win.browse-previous", NULL);
  g_assert_cmpint (shown_position (window), ==, 1);

  /* Next past the last move is the game again. */
  gtk_widget_activate_action (widget, "win.browse-next", NULL);
  gtk_widget_activate_action (widget, "win.browse-next", NULL);
  g_assert_cmpint (shown_position (window), ==, -1);
  g_assert_false (mm_board_view_is_frozen (view));
  g_assert_null (browse_text (window));
  assert_square_label (window, "c3", "C3, black");

  gtk_widget_activate_action (widget, "win.browse-previous", NULL);
  g_assert_cmpint (shown_position (window), ==, 2);
  gtk_widget_activate_action (widget, "win.browse-last", NULL);
  g_assert_cmpint (shown_position (window), ==, -1);
  activate_square (window, "d3");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 4);
  assert_move_list (window, "f5 d6 c3 d3");

  /* Undo takes the move off the list; a pass is in it. */
  gtk_widget_activate_action (widget, "win.undo", NULL);
  assert_move_list (window, "f5 d6 c3");
  paste (window, "O*-------------------------------------------------------------- X");
  wait_for_message (window, "Pasted a board position.");
  assert_move_list (window, "pass");
  {
    g_autofree char *announcement = dup_announcement (window);

    g_assert_cmpstr (announcement, ==, "White to move");
  }
}

static void
assert_announcement (MmWindow   *window,
                     const char *expected)
{
  g_autofree char *mismatch = NULL;
  g_autofree char *announcement = dup_announcement (window);

  g_assert_cmpstr (announcement, ==, expected);
  mismatch = gtk_test_accessible_check_property (
               GTK_ACCESSIBLE (status_label (window)),
               GTK_ACCESSIBLE_PROPERTY_LABEL, expected);
  g_assert_null (mismatch);
}

/* The status has the role a screen reader watches, and its name tells
 * each move, pass and result, then whose turn it is. */
static void
announce_events (MmWindow *window)
{
  GtkWidget *status = status_label (window);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  gtk_test_accessible_assert_role (status, GTK_ACCESSIBLE_ROLE_STATUS);
  assert_announcement (window, "Black to move");

  activate_square (window, "f5");
  assert_announcement (window, "Black plays F5 and flips 1 disc. White to move.");
  activate_square (window, "f6");
  assert_announcement (window, "White plays F6 and flips 1 disc. Black to move.");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  assert_announcement (window, "White to move");

  /* The end of a game with a pass before it. */
  play_moves (window, "f6e6f4e3");
  paste (window, GAME_A);
  wait_for_moves (window, 62);
  activate_square (window, "g1");
  assert_announcement (window, "Game over: Black wins 34-30");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  play_moves (window, "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1"
                      "c1a3a6a5e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2");
  activate_square (window, "h1");
  assert_announcement (window, "White plays H1 and flips 7 discs. Game over: Black wins 34-30.");

  /* Squares tell how many discs a legal move flips, and the last move. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  {
    GtkWidget *d3 = mm_board_view_get_square (board_view_of (window),
                                              mm_square_parse ("d3"));
    g_autofree char *mismatch =
      gtk_test_accessible_check_property (GTK_ACCESSIBLE (d3),
                                          GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                          "Flips 1 disc");

    g_assert_null (mismatch);
  }
}

/* The New Game window offers another person, and shows the computer and
 * online play as not available; its choices make the game. */
static void
new_game_dialog (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  MmNewGameDialog *dialog;
  g_autoptr(GSettings) settings = g_settings_new ("io.github.monomachia.Monomachia");

  reset_new_game_settings ();
  play_moves (window, "f5");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game-dialog", NULL);
  dialog = MM_NEW_GAME_DIALOG (wait_for_window (MM_TYPE_NEW_GAME_DIALOG));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "New Game");
  g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));
  g_assert_true (mm_new_game_dialog_is_available (dialog, "person"));
  g_assert_true (mm_new_game_dialog_is_available (dialog, "computer"));
  g_assert_true (mm_new_game_dialog_is_available (dialog, "online"));

  /* Cancel leaves the game alone. */
  gtk_window_close (GTK_WINDOW (dialog));
  run_pending ();
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game-dialog", NULL);
  dialog = MM_NEW_GAME_DIALOG (wait_for_window (MM_TYPE_NEW_GAME_DIALOG));
  mm_new_game_dialog_set_names (dialog, "  Ζωή ", "Νίκος");
  mm_new_game_dialog_set_start_position (dialog, "parallel-rows");
  mm_new_game_dialog_set_clock (dialog, 5, 3);
  mm_new_game_dialog_start (dialog);
  run_pending ();

  g_assert_null (find_window (MM_TYPE_NEW_GAME_DIALOG));
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  g_assert_cmpstr (name_text (window, MM_COLOR_BLACK), ==, "Ζωή");
  g_assert_cmpstr (name_text (window, MM_COLOR_WHITE), ==, "Νίκος");
  assert_square_label (window, "d4", "D4, black");
  assert_square_label (window, "e4", "E4, black");
  assert_square_label (window, "d5", "D5, white");
  assert_square_label (window, "e5", "E5, white");
  g_assert_cmpstr (clock_text (window, MM_COLOR_WHITE), ==, "5:00");
  g_assert_nonnull (clock_text (window, MM_COLOR_BLACK));
  g_assert_cmpint (g_settings_get_int (settings, "clock-minutes"), ==, 5);
  g_assert_cmpint (g_settings_get_int (settings, "clock-increment"), ==, 3);
  {
    g_autofree char *start = g_settings_get_string (settings, "new-game-start");

    g_assert_cmpstr (start, ==, "parallel-rows");
  }

  /* Play Again keeps the choices; the window offers them next time. */
  play_moves (window, "f4");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  assert_square_label (window, "e4", "E4, black");
  g_assert_cmpstr (name_text (window, MM_COLOR_WHITE), ==, "Νίκος");

  /* Untimed: no clocks. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game-dialog", NULL);
  dialog = MM_NEW_GAME_DIALOG (wait_for_window (MM_TYPE_NEW_GAME_DIALOG));
  mm_new_game_dialog_set_clock (dialog, 0, 0);
  mm_new_game_dialog_set_start_position (dialog, "standard");
  mm_new_game_dialog_start (dialog);
  run_pending ();
  g_assert_null (clock_text (window, MM_COLOR_BLACK));
  assert_square_label (window, "e4", "E4, black");
  assert_square_label (window, "d4", "D4, white");

  /* The window gets the choices themselves, not what the settings say
   * by the time the question about the unsaved game is answered. */
  set_confirm_discard (TRUE);
  play_moves (window, "f5");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game-dialog", NULL);
  dialog = MM_NEW_GAME_DIALOG (wait_for_window (MM_TYPE_NEW_GAME_DIALOG));
  mm_new_game_dialog_set_names (dialog, "Άννα", "Βασίλης");
  mm_new_game_dialog_start (dialog);
  run_pending ();
  g_settings_set_string (settings, "new-game-black-name", "Γιώργος");
  g_settings_set_string (settings, "new-game-white-name", "Δήμητρα");
  respond (wait_for_window (GTK_TYPE_MESSAGE_DIALOG), 1 /* discard */);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  g_assert_cmpstr (name_text (window, MM_COLOR_BLACK), ==, "Άννα");
  g_assert_cmpstr (name_text (window, MM_COLOR_WHITE), ==, "Βασίλης");
  set_confirm_discard (FALSE);
  reset_new_game_settings ();
}

static gboolean
is_lost_on_time (gpointer data)
{
  return mm_game_get_lost_on_time (mm_window_get_game (data), NULL);
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
  g_assert_cmpstr (clock_text (window, MM_COLOR_WHITE), ==, "1:00");
  activate_square (window, "f5");
  /* Black's minute, less a moment (two seconds on a very busy machine),
   * plus five seconds. */
  {
    const char *black_clock = clock_text (window, MM_COLOR_BLACK);

    g_assert_true (g_str_equal (black_clock, "1:05") || g_str_equal (black_clock, "1:04"));
  }

  /* After Black's d1 White has no move and passes, and Black moves
   * again: Black still gets the increment for d1, White's time stays. */
  paste (window, "-XO-----------------------------------------------------------OX X");
  wait_for_message (window, "Pasted a board position.");
  _mm_window_set_clock (window, 60 * G_USEC_PER_SEC, 5 * G_USEC_PER_SEC);
  activate_square (window, "d1");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);
  g_assert_cmpstr (turn_text (window), ==, "Black to move");
  {
    const char *black_clock = clock_text (window, MM_COLOR_BLACK);

    g_assert_true (g_str_equal (black_clock, "1:05") || g_str_equal (black_clock, "1:04"));
  }
  g_assert_cmpstr (clock_text (window, MM_COLOR_WHITE), ==, "1:00");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  activate_square (window, "f5");
  _mm_window_set_clock (window, 300 * G_TIME_SPAN_MILLISECOND, 0);
  wait_until (is_lost_on_time, window);
  g_assert_true (mm_game_get_lost_on_time (mm_window_get_game (window), &loser));
  g_assert_cmpint (loser, ==, MM_COLOR_WHITE);
  g_assert_cmpstr (message_text (window), ==, "White ran out of time: Black wins");
  g_assert_cmpstr (turn_text (window), ==, "Game over: Black wins on time");
  /* The board offers no more moves. */
  g_assert_true (mm_board_view_get_finished (board_view_of (window)));
  g_assert_cmpstr (clock_text (window, MM_COLOR_WHITE), ==, "0.0");
  assert_announcement (window, "Game over: Black wins on time");
  /* Once the message has gone the status still says it. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.dismiss-message", NULL);
  g_assert_cmpstr (message_text (window), ==, "");
  g_assert_cmpstr (turn_text (window), ==, "Game over: Black wins on time");

  /* No more moves, and no undo. */
  activate_square (window, "d6");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);
  g_assert_false (gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL)
                  && mm_game_get_n_moves (game) == 0);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);

  /* A new game is untimed again. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_assert_false (mm_game_get_lost_on_time (mm_window_get_game (window), NULL));
  g_assert_false (mm_board_view_get_finished (board_view_of (window)));
  g_assert_null (clock_text (window, MM_COLOR_BLACK));
  activate_square (window, "d3");
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
  play_moves (window, "f5d6");
  gtk_widget_activate_action (widget, "win.edit-board", NULL);
  g_assert_true (is_editing (window));
  g_assert_cmpstr (turn_text (window), ==, "Editing the board");
  assert_announcement (window, "Editing the board");
  /* It starts from the position on the board. */
  assert_square_label (window, "d6", "D6, white");
  g_assert_cmpstr (count_text (window, MM_COLOR_WHITE), ==, "3");

  gtk_widget_activate_action (widget, "win.edit-clear", NULL);
  assert_square_label (window, "d6", "D6, empty");
  choose_edit_tools (window, "Black", "White to move");
  activate_square (window, "a1");
  activate_square (window, "b2");
  activate_square (window, "c3");
  choose_edit_tools (window, "White", "White to move");
  activate_square (window, "d4");
  activate_square (window, "h8");
  /* A second click on a white disc takes it away. */
  activate_square (window, "h8");
  assert_square_label (window, "a1", "A1, black");
  assert_square_label (window, "d4", "D4, white");
  assert_square_label (window, "h8", "H8, empty");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);

  /* White to move: its only disc, d4, captures nothing, so White passes
   * at once and Black plays. */
  gtk_widget_activate_action (widget, "win.edit-play", NULL);
  g_assert_false (is_editing (window));
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);
  g_assert_cmpstr (message_text (window), ==, "White has no move and passes");
  g_assert_cmpstr (turn_text (window), ==, "Black to move");
  assert_move_list (window, "pass");
  assert_square_label (window, "a1", "A1, black");
  assert_square_label (window, "e5", "E5, empty, legal move");
  activate_square (window, "e5");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);
  g_assert_cmpstr (count_text (window, MM_COLOR_WHITE), ==, "0");
  g_assert_cmpstr (message_text (window), ==, "Black wins 5-0");
  gtk_widget_activate_action (widget, "win.copy-game", NULL);
  board = clipboard_text (window);
  g_test_message ("%s", board);
  g_assert_nonnull (strstr (board, "BO[8 *--------*--------*--------O"
                                   "------------------------------------ O]"));

  /* A finished position is refused; Cancel keeps the game. */
  gtk_widget_activate_action (widget, "win.edit-board", NULL);
  gtk_widget_activate_action (widget, "win.edit-clear", NULL);
  choose_edit_tools (window, "Black", "Black to move");
  activate_square (window, "a1");
  gtk_widget_activate_action (widget, "win.edit-play", NULL);
  g_assert_true (is_editing (window));
  g_assert_true (g_str_has_prefix (message_text (window), "Neither side"));
  gtk_widget_activate_action (widget, "win.edit-cancel", NULL);
  g_assert_false (is_editing (window));
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);
  assert_square_label (window, "e5", "E5, black");
}

/* Preferences apply at once: the board follows the settings, and the
 * window is bound to the same keys. */
static void
preferences_apply (MmWindow *window)
{
  MmBoardView *view = board_view_of (window);
  g_autoptr(GSettings) settings = g_settings_new ("io.github.monomachia.Monomachia");
  GtkWindow *preferences;
  gboolean flag;
  g_autofree char *style = NULL;
  guint sounds;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.preferences", NULL);
  preferences = wait_for_window (MM_TYPE_PREFERENCES_WINDOW);
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
  activate_square (window, "f5");
  g_assert_false (mm_board_view_is_animating (view));
  set_setting_string ("animation-speed", "slow");
  activate_square (window, "d6");
  g_assert_true (mm_board_view_is_animating (view) || !gtk_widget_get_mapped (GTK_WIDGET (view)));

  /* Sounds: one for each disc placed, none when turned off. */
  g_settings_set_boolean (settings, "sounds", TRUE);
  sounds = _mm_window_get_n_sounds (window);
  activate_square (window, "c3");
  g_assert_cmpuint (_mm_window_get_n_sounds (window), ==, sounds + 1);
  g_settings_set_boolean (settings, "sounds", FALSE);
  activate_square (window, "d3");
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
  wait_until (has_layout, &wait);
  wait.narrow = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), 1000, 640);
  gtk_window_present (GTK_WINDOW (window));
  wait_until (has_layout, &wait);
}

/* The computer opponent */

static gboolean
is_thinking (gpointer data)
{
  return shows_thinking (data);
}

/* The person is to move, or the game is over. */
static gboolean
is_person_turn (gpointer data)
{
  MmWindow *window = data;
  MmGame *game = mm_window_get_game (window);

  return mm_game_is_over (game)
         || (!is_computer (window, mm_game_get_side_to_move (game))
             && !shows_thinking (window));
}

static gboolean
has_hint (gpointer data)
{
  return mm_board_view_get_hint (board_view_of (data)) != MM_SQUARE_NONE;
}

static void
start_computer_game (MmWindow   *window,
                     const char *level,
                     const char *human_color,
                     guint       delay)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.monomachia.Monomachia");

  _mm_window_set_computer_delay (window, delay);
  g_settings_set_string (settings, "new-game-opponent", "computer");
  g_settings_set_string (settings, "computer-level", level);
  g_settings_set_string (settings, "human-color", human_color);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
}

static void
run_for (guint milliseconds)
{
  gboolean done = FALSE;

  g_timeout_add (milliseconds, timed_out_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

/* A whole game against the lowest level: the person (White) plays the
 * first legal square whenever it is their turn. */
static void
play_against_computer (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  guint black, white;
  g_autofree char *result = NULL;

  start_computer_game (window, "beginner", "white", 0);
  g_assert_true (is_computer (window, MM_COLOR_BLACK));
  g_assert_false (is_computer (window, MM_COLOR_WHITE));
  g_assert_cmpstr (name_text (window, MM_COLOR_BLACK), ==, "Computer (Beginner)");
  /* The record names the level the same in every language. */
  g_assert_cmpstr (mm_game_get_player_name (game, MM_COLOR_BLACK), ==, "Monomachia (beginner)");

  /* The board refuses the person's move while the computer is to move. */
  activate_square (window, "d3");
  g_assert_cmpstr (message_text (window), ==, "Wait for the computer’s move.");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);

  wait_until (is_thinking, window);
  g_assert_cmpstr (thinking_text (window), ==, "The computer is thinking…");

  while (!mm_game_is_over (game))
    {
      guint64 legal;
      guint n_moves;
      char name[3];

      wait_until (is_person_turn, window);
      if (mm_game_is_over (game))
        break;
      g_assert_cmpint (mm_game_get_side_to_move (game), ==, MM_COLOR_WHITE);
      g_assert_null (thinking_text (window));
      legal = mm_game_get_legal_moves (game);
      g_assert_cmpuint (legal, !=, 0);
      mm_square_format (mm_first_square (legal), name);
      n_moves = mm_game_get_n_moves (game);
      activate_square (window, name);
      g_assert_cmpuint (mm_game_get_n_moves (game), >, n_moves);
    }

  run_pending ();
  g_assert_false (shows_thinking (window));
  black = mm_game_get_black_count (game);
  white = mm_game_get_white_count (game);
  g_assert_cmpuint (black + white, <=, 64);
  g_assert_cmpuint (black + white, >, 4);
  g_assert_cmpuint ((guint) atoi (count_text (window, MM_COLOR_BLACK)), ==, black);
  g_assert_cmpuint ((guint) atoi (count_text (window, MM_COLOR_WHITE)), ==, white);
  g_assert_true (g_str_has_prefix (turn_text (window), "Game over: "));
  if (black > white)
    result = g_strdup_printf ("Black wins %u-%u", black, white);
  else if (white > black)
    result = g_strdup_printf ("White wins %u-%u", white, black);
  else
    result = g_strdup_printf ("Draw %u-%u", black, white);
  g_assert_cmpstr (message_text (window), ==, result);
  g_assert_true (announcement_contains (window, result));
}

/* A game that cannot be played as written is refused, and the game on
 * the board goes on against the same computer, as if nothing had been
 * pasted. */
static void
failed_load_keeps_computer (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  char name[3];

  start_computer_game (window, "beginner", "white", 0);
  wait_until (is_person_turn, window);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);

  /* a1 is no move from the start position. */
  paste (window, "(;GM[Othello]PC[test]TY[8]"
                 "BO[8 ---------------------------O*------*O--------------------------- *]"
                 "B[a1];)");
  run_pending ();
  g_assert_cmpstr (message_text (window), !=, "");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);
  g_assert_true (is_computer (window, MM_COLOR_BLACK));
  g_assert_cmpstr (name_text (window, MM_COLOR_BLACK), ==, "Computer (Beginner)");

  /* It still answers the person's move. */
  mm_square_format (mm_first_square (mm_game_get_legal_moves (game)), name);
  activate_square (window, name);
  wait_until (is_person_turn, window);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 3);
}

/* Undo while the computer thinks stops it and gives the person the
 * move back; against the computer undo and redo go two plies. */
static void
undo_cancels_computer (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  char name[3];

  start_computer_game (window, "beginner", "black", 5000);
  g_assert_false (mm_board_view_get_input_idle (board_view_of (window)));
  activate_square (window, "f5");
  wait_until (is_thinking, window);
  /* The computer's moves are not marked as the person's. */
  g_assert_true (mm_board_view_get_input_idle (board_view_of (window)));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_false (mm_board_view_get_input_idle (board_view_of (window)));
  g_assert_false (shows_thinking (window));
  g_assert_null (thinking_text (window));
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  g_assert_cmpstr (turn_text (window), ==, "Black to move");
  /* No move comes later from the search that was stopped. */
  run_for (300);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  g_assert_false (shows_thinking (window));

  /* The person's move and the computer's reply go back together. */
  _mm_window_set_computer_delay (window, 0);
  activate_square (window, "f5");
  wait_until (is_person_turn, window);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  g_assert_cmpstr (turn_text (window), ==, "Black to move");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.redo", NULL);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);
  g_assert_cmpstr (turn_text (window), ==, "Black to move");
  run_pending ();
  g_assert_false (shows_thinking (window));

  /* A new game stops the computer too. */
  _mm_window_set_computer_delay (window, 5000);
  /* The Beginner's reply varies, and so does the next legal square. */
  mm_square_format (mm_first_square (mm_game_get_legal_moves (game)), name);
  activate_square (window, name);
  wait_until (is_thinking, window);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  g_assert_false (shows_thinking (window));
  run_for (200);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
}

/* Out of the opening book, Hint searches, then marks a legal square
 * and says it. */
static void
hint_marks_legal_square (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  MmBoardView *view = board_view_of (window);
  g_autofree char *message = NULL;
  char name[3];
  int square;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  play_moves (window, LINE_OUT_OF_BOOK);
  _mm_window_set_hint_level (window, MM_AI_LEVEL_NOVICE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  g_assert_true (shows_thinking (window));
  wait_until (has_hint, window);
  square = mm_board_view_get_hint (view);
  g_assert_true (mm_game_get_legal_moves (game) & (G_GUINT64_CONSTANT (1) << square));
  mm_square_format (square, name);
  message = g_strdup_printf ("Hint: %s", name);
  g_assert_cmpstr (message_text (window), ==, message);
  g_assert_true (announcement_contains (window, message));
  g_assert_false (shows_thinking (window));

  /* The mark goes with the next move. */
  activate_square (window, name);
  g_assert_cmpint (mm_board_view_get_hint (view), ==, MM_SQUARE_NONE);
}

static gboolean
is_new_game_for_people (gpointer data)
{
  MmWindow *window = data;

  return mm_game_get_n_moves (mm_window_get_game (window)) == 0
         && !is_computer (window, MM_COLOR_BLACK)
         && !is_computer (window, MM_COLOR_WHITE);
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

  set_confirm_discard (FALSE);
  _mm_window_set_computer_delay (window, 0);
  g_settings_set_string (settings, "new-game-opponent", "computer-both");
  g_settings_set_string (settings, "computer-level", "master");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  wait_for_moves (window, 2);
  wait_until (is_thinking, window);

  set_confirm_discard (TRUE);
  g_settings_set_string (settings, "new-game-opponent", "person");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  question = find_window (GTK_TYPE_MESSAGE_DIALOG);
  g_assert_nonnull (question);
  busy = g_idle_add_full (GDK_PRIORITY_REDRAW, keep_busy_cb, NULL, NULL);
  gtk_dialog_response (GTK_DIALOG (question), 1 /* discard */);
  wait_until (is_new_game_for_people, window);
  g_source_remove (busy);
  g_assert_false (shows_thinking (window));
  set_confirm_discard (FALSE);
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
  dialog = MM_NEW_GAME_DIALOG (wait_for_window (MM_TYPE_NEW_GAME_DIALOG));
  mm_new_game_dialog_set_opponent (dialog, "computer");
  mm_new_game_dialog_set_computer (dialog, "novice", "white");
  mm_new_game_dialog_start (dialog);
  run_pending ();

  opponent = g_settings_get_string (settings, "new-game-opponent");
  level = g_settings_get_string (settings, "computer-level");
  color = g_settings_get_string (settings, "human-color");
  g_assert_cmpstr (opponent, ==, "computer");
  g_assert_cmpstr (level, ==, "novice");
  g_assert_cmpstr (color, ==, "white");
  g_assert_true (is_computer (window, MM_COLOR_BLACK));
  g_assert_false (is_computer (window, MM_COLOR_WHITE));
  wait_until (is_person_turn, window);
  g_assert_cmpuint (mm_game_get_n_moves (mm_window_get_game (window)), ==, 1);

  /* The computer against itself plays the game to its end. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game-dialog", NULL);
  dialog = MM_NEW_GAME_DIALOG (wait_for_window (MM_TYPE_NEW_GAME_DIALOG));
  mm_new_game_dialog_set_opponent (dialog, "computer-both");
  mm_new_game_dialog_set_computer (dialog, "beginner", NULL);
  mm_new_game_dialog_start (dialog);
  g_assert_true (is_computer (window, MM_COLOR_BLACK));
  g_assert_true (is_computer (window, MM_COLOR_WHITE));
  wait_until (is_person_turn, window);
  g_assert_true (mm_game_is_over (mm_window_get_game (window)));
  g_assert_true (g_str_has_prefix (turn_text (window), "Game over: "));
}

/* Analysis mode and Analyse Game */

static void
set_analysis_mode (MmWindow *window,
                   gboolean  on)
{
  gboolean mode = FALSE;

  g_object_get (window, "analysis-mode", &mode, NULL);
  if (mode != on)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis-mode", NULL));
  g_object_get (window, "analysis-mode", &mode, NULL);
  g_assert_true (mode == on);
}

typedef struct
{
  MmWindow *window;
  int       depth;
} AnalysisWait;

static gboolean
analysis_done (gpointer data)
{
  AnalysisWait *wait = data;

  return analysis_is_done (wait->window, wait->depth);
}

static void
wait_for_analysis (MmWindow *window,
                   int       depth)
{
  AnalysisWait wait = { window, depth };

  /* The analysis of a new position starts once the change is complete. */
  run_pending ();
  wait_until (analysis_done, &wait);
}

/* The squares of the four first moves, one move turned. */
static guint64
first_moves (void)
{
  return (G_GUINT64_CONSTANT (1) << mm_square_parse ("d3"))
         | (G_GUINT64_CONSTANT (1) << mm_square_parse ("c4"))
         | (G_GUINT64_CONSTANT (1) << mm_square_parse ("f5"))
         | (G_GUINT64_CONSTANT (1) << mm_square_parse ("e6"));
}

/* The squares with a score: @legal and no other, one of them (at least)
 * the best; each says its score to a screen reader after @flips ("Flips
 * 1 disc. ") when the board shows the game, as the opening book's when
 * @book. */
static void
assert_scores_on (MmWindow *window,
                  guint64   legal,
                  gboolean  live,
                  gboolean  book)
{
  MmBoardView *view = board_view_of (window);
  MmGame *game = mm_window_get_game (window);
  guint n_best = 0;

  g_assert_cmpuint (legal, !=, 0);
  for (int square = 0; square < MM_N_SQUARES; square++)
    {
      g_autofree char *score = mm_board_view_get_score_text (view, square);
      gboolean best = mm_board_view_is_best_score (view, square);

      if (!(legal & (G_GUINT64_CONSTANT (1) << square)))
        {
          g_assert_null (score);
          g_assert_false (best);
          continue;
        }

      g_assert_nonnull (score);
      g_assert_true (score[0] == '+' || score[0] == '-' || score[0] == '0');
      n_best += best;
      {
        guint n_flips = mm_popcount (mm_game_get_flips (game, square));
        g_autofree char *flips = g_strdup_printf (n_flips == 1 ? "Flips %u disc. "
                                                               : "Flips %u discs. ", n_flips);
        g_autofree char *expected = g_strdup_printf ("%s%s %s%s", live ? flips : "",
                                                     book ? "Book score" : "Score", score,
                                                     best ? ", best move" : "");
        g_autofree char *mismatch =
          gtk_test_accessible_check_property (GTK_ACCESSIBLE (mm_board_view_get_square (view,
                                                                                     square)),
                                              GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, expected);

        g_assert_null (mismatch);
      }
    }
  g_assert_cmpuint (n_best, >=, 1);
}

static void
assert_no_scores (MmWindow *window)
{
  MmBoardView *view = board_view_of (window);

  for (int square = 0; square < MM_N_SQUARES; square++)
    {
      g_autofree char *score = mm_board_view_get_score_text (view, square);

      g_assert_null (score);
    }
}

/* Analysis mode scores every legal square, deepening, and starts again
 * on every change of the position; it stops when turned off and at the
 * end of the game. */
static void
analysis_mode (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  g_autoptr(GSettings) settings = g_settings_new ("io.github.monomachia.Monomachia");
  MmSearchLimits limits = { .max_depth = 3 };
  guint n_scored;
  guint pass;

  _mm_window_set_analysis_limits (window, &limits);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  play_moves (window, LINE_OUT_OF_BOOK);
  g_assert_null (analysis_text (window));

  set_analysis_mode (window, TRUE);
  g_assert_true (g_settings_get_boolean (settings, "analysis-mode"));
  run_pending ();
  /* At first there is nothing to show yet; then every depth. */
  wait_for_analysis (window, 3);
  g_assert_cmpstr (analysis_text (window), ==, "Analysis done: depth 3");
  assert_scores_on (window, mm_game_get_legal_moves (game), TRUE, FALSE);

  /* A move: the old scores go at once, new ones come for the other side. */
  activate_square (window, "d3");
  assert_no_scores (window);
  run_pending ();
  g_assert_true (is_analysing (window)
                 || g_str_has_prefix (analysis_text (window), "Analysis done: "));
  wait_for_analysis (window, 3);
  g_assert_cmpint (mm_game_get_side_to_move (game), ==, MM_COLOR_BLACK);
  assert_scores_on (window, mm_game_get_legal_moves (game), TRUE, FALSE);

  /* Undo: White's squares again. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  assert_no_scores (window);
  wait_for_analysis (window, 3);
  g_assert_cmpint (mm_game_get_side_to_move (game), ==, MM_COLOR_WHITE);
  assert_scores_on (window, mm_game_get_legal_moves (game), TRUE, FALSE);

  /* An earlier position is analysed too: the start has four moves,
   * which the opening book scores at once. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.browse-first", NULL);
  assert_no_scores (window);
  run_pending ();
  g_assert_false (is_analysing (window));
  g_assert_cmpstr (analysis_text (window), ==, "Scores from the opening book");
  assert_scores_on (window, first_moves (), FALSE, TRUE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.browse-last", NULL);
  wait_for_analysis (window, 3);
  assert_scores_on (window, mm_game_get_legal_moves (game), TRUE, FALSE);

  /* Off: the search stops and the scores go; nothing comes back later. */
  limits.max_depth = 0;
  limits.max_seconds = 20;
  _mm_window_set_analysis_limits (window, &limits);
  activate_square (window, "d3");
  run_pending ();
  g_assert_true (is_analysing (window));
  set_analysis_mode (window, FALSE);
  g_assert_false (g_settings_get_boolean (settings, "analysis-mode"));
  g_assert_false (is_analysing (window));
  assert_no_scores (window);
  g_assert_null (analysis_text (window));
  run_for (100);
  assert_no_scores (window);
  g_assert_false (is_analysing (window));

  /* The end of the game: nothing to score, nothing searched. */
  limits.max_depth = 3;
  limits.max_seconds = 0;
  _mm_window_set_analysis_limits (window, &limits);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  play_moves (window, recorded_games[0].moves);
  g_assert_true (mm_game_is_over (game));
  set_analysis_mode (window, TRUE);
  run_pending ();
  g_assert_false (is_analysing (window));
  assert_no_scores (window);
  g_assert_cmpstr (analysis_text (window), ==,
                   "The game is over: no moves to score.");

  /* Three moves before the end, the scores are exact: whole discs. */
  g_signal_emit_by_name (gtk_flow_box_get_child_at_index (move_flow_box (window),
                                                          (int) mm_game_get_n_moves (game) - 4),
                         "activate");
  wait_for_analysis (window, 3);
  g_assert_cmpstr (analysis_text (window), ==, "Analysis done: exact scores");
  n_scored = 0;
  for (int square = 0; square < MM_N_SQUARES; square++)
    {
      MmBoardView *view = board_view_of (window);
      g_autofree char *score = mm_board_view_get_score_text (view, square);
      g_autofree char *expected = NULL;
      g_autofree char *mismatch = NULL;

      if (score == NULL)
        continue;
      n_scored++;
      g_assert_null (strchr (score, '.'));
      expected = g_strdup_printf ("Exact score %s%s", score,
                                  mm_board_view_is_best_score (view, square) ? ", best move" : "");
      mismatch = gtk_test_accessible_check_property (
                   GTK_ACCESSIBLE (mm_board_view_get_square (view, square)),
                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, expected);
      g_assert_null (mismatch);
    }
  g_assert_cmpuint (n_scored, >, 0);

  /* An earlier position where the side to move had to pass. */
  for (pass = 0; mm_game_get_move (game, pass, NULL) != MM_SQUARE_PASS; pass++)
    g_assert_cmpuint (pass, <, mm_game_get_n_moves (game));
  g_signal_emit_by_name (gtk_flow_box_get_child_at_index (move_flow_box (window),
                                                          (int) pass - 1), "activate");
  g_assert_cmpint (shown_position (window), ==, (int) pass);
  run_pending ();
  g_assert_false (is_analysing (window));
  assert_no_scores (window);
  g_assert_cmpstr (analysis_text (window), ==,
                   "No moves to score: the side to move passes.");
  set_analysis_mode (window, FALSE);
}

/* The score the opening book gives the best move of the start, as the
 * board and the messages write it. */
static char *
dup_start_book_score (void)
{
  g_autoptr(MmAiBook) book = mm_ai_book_get_default ();
  const MmBookEntry *entry;
  MmBoard start;

  g_assert_nonnull (book);
  mm_board_init_start (&start);
  entry = mm_book_find (mm_ai_book_get_book (book), &start);
  g_assert_nonnull (entry);
  return mm_ai_format_score (entry->value, FALSE);
}

/* The squares of the moves the opening book knows in the game's
 * position. */
static guint64
book_squares (MmWindow *window)
{
  g_autoptr(MmAiBook) book = mm_ai_book_get_default ();
  MmBoard board = mm_game_get_board (mm_window_get_game (window));
  MmBookMove moves[MM_BOOK_MAX_MOVES];
  guint64 squares = 0;
  int n;

  g_assert_nonnull (book);
  n = mm_book_moves (mm_ai_book_get_book (book), &board, moves, G_N_ELEMENTS (moves));
  for (int i = 0; i < n; i++)
    squares |= G_GUINT64_CONSTANT (1) << moves[i].square;
  return squares;
}

/* In the opening the book answers at once, without a search: Hint
 * marks its best move and says it is the book's, with its score, and
 * analysis mode writes the book's scores, marked as the book's; out of
 * the book both search as before, and back in it the book answers
 * again. */
static void
book_hint_and_analysis (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  MmBoardView *view = board_view_of (window);
  MmSearchLimits limits = { .max_depth = 3 };
  g_autofree char *score = dup_start_book_score ();
  g_autofree char *message = g_strdup_printf ("Hint: d3 (book, %s)", score);

  _mm_window_set_analysis_limits (window, &limits);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  /* A quick search for the hint out of the book; in it the level does
   * not matter. */
  _mm_window_set_hint_level (window, MM_AI_LEVEL_NOVICE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  /* At once, with no search: the four first moves are worth the same,
   * and the first in the order of the squares is advised. */
  g_assert_false (shows_thinking (window));
  g_assert_cmpint (mm_board_view_get_hint (view), ==, mm_square_parse ("d3"));
  g_assert_cmpstr (message_text (window), ==, message);
  g_assert_true (announcement_contains (window, message));
  run_for (100);
  g_assert_false (shows_thinking (window));
  g_assert_cmpint (mm_board_view_get_hint (view), ==, mm_square_parse ("d3"));

  /* Analysis mode: the book's scores on the four first moves, and no
   * search. */
  set_analysis_mode (window, TRUE);
  run_pending ();
  g_assert_false (is_analysing (window));
  g_assert_cmpstr (analysis_text (window), ==, "Scores from the opening book");
  assert_scores_on (window, first_moves (), TRUE, TRUE);
  for (int square = 0; square < MM_N_SQUARES; square++)
    if (first_moves () & (G_GUINT64_CONSTANT (1) << square))
      {
        g_autofree char *shown = mm_board_view_get_score_text (view, square);

        g_assert_cmpstr (shown, ==, score);
        g_assert_true (mm_board_view_is_best_score (view, square));
      }
  /* The hint's mark stays beside the scores. */
  g_assert_cmpint (mm_board_view_get_hint (view), ==, mm_square_parse ("d3"));

  /* Out of the book: the search, as before. */
  play_moves (window, "f5f4c3f6");
  wait_for_analysis (window, 3);
  assert_scores_on (window, mm_game_get_legal_moves (game), TRUE, FALSE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  g_assert_true (shows_thinking (window));
  wait_until (has_hint, window);
  g_assert_null (strstr (message_text (window), "book"));
  g_assert_true (g_str_has_prefix (message_text (window), "Hint: "));

  /* Back in the book: its scores come again at once, and its hint.  The
   * moves it does not know, worse than its best, have none. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  run_pending ();
  g_assert_false (is_analysing (window));
  g_assert_cmpstr (analysis_text (window), ==, "Scores from the opening book");
  g_assert_cmphex (book_squares (window) & ~mm_game_get_legal_moves (game), ==, 0);
  g_assert_cmphex (book_squares (window), !=, mm_game_get_legal_moves (game));
  assert_scores_on (window, book_squares (window), TRUE, TRUE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  g_assert_false (shows_thinking (window));
  g_assert_true (mm_board_view_is_best_score (view, mm_board_view_get_hint (view)));
  g_assert_true (g_str_has_prefix (message_text (window), "Hint: "));
  g_assert_nonnull (strstr (message_text (window), " (book, "));
  set_analysis_mode (window, FALSE);
}

static gboolean
review_done (gpointer data)
{
  return !is_reviewing (data);
}

static gboolean
analysis_waits_for_review (gpointer data)
{
  return g_strcmp0 (analysis_text (data), "Analysis waits for the game review.")
         == 0;
}

static gboolean
has_reviewed_some (gpointer data)
{
  return mm_eval_graph_get_n_reviewed (data) > 0;
}

/* A short game that White loses by a wipeout: its 8th move, E3, lets
 * Black take every disc with F4.  White's other moves there, B2, C5 and
 * C7, leave Black no such reply (the engine prefers C7). */
#define WIPEOUT_GAME "d3c3b3d2e1d6d7e3f4"

static GtkWidget *
find_mistake_row (MmWindow   *window,
                  const char *prefix,
                  const char *suffix)
{
  GtkListBox *list = mistakes_list_of (window);

  for (int i = 0; gtk_list_box_get_row_at_index (list, i) != NULL; i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, i);
      GtkWidget *box = gtk_list_box_row_get_child (row);
      const char *text = gtk_label_get_text (GTK_LABEL (gtk_widget_get_last_child (box)));

      if (g_str_has_prefix (text, prefix) && g_str_has_suffix (text, suffix))
        return GTK_WIDGET (row);
    }
  return NULL;
}

static void
click_graph_at (MmEvalGraph *graph,
                int          position)
{
  GListModel *controllers = gtk_widget_observe_controllers (GTK_WIDGET (graph));
  GtkEventController *click = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && click == NULL; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (controller))
        click = controller;
    }
  g_object_unref (controllers);
  g_assert_nonnull (click);
  g_signal_emit_by_name (click, "released", 1, mm_eval_graph_x_of (graph, position), 20.0);
}

static void
press_graph_key (MmEvalGraph *graph,
                 guint        keyval)
{
  g_assert_true (press_key (GTK_WIDGET (graph), keyval, 0));
}

/* Analyse Game reviews every position, marks the bad move with the
 * better one, and its graph and list show positions on the board. */
static void
analyse_game (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  MmEvalGraph *graph = eval_graph_of (window);
  MmBoardView *view = board_view_of (window);
  MmSearchLimits limits = { .max_depth = 4 };
  GArray *review;
  const MmReviewEntry *blunder;
  GtkWidget *row;
  char name[3];
  g_autofree char *best_suffix = NULL;
  g_autofree char *stopped = NULL;
  guint n_reviewed;

  _mm_window_set_review_limits (window, &limits);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse-game", NULL);
  g_assert_cmpstr (message_text (window), ==, "There are no moves to review yet.");
  g_assert_null (review_entries (window));

  play_moves (window, WIPEOUT_GAME);
  g_assert_true (mm_game_is_over (game));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse-game", NULL);
  g_assert_true (is_reviewing (window));
  g_assert_true (g_str_has_prefix (review_text (window), "Reviewing the game: "));
  wait_until (review_done, window);

  review = review_entries (window);
  g_assert_nonnull (review);
  g_assert_cmpuint (review->len, ==, mm_game_get_n_moves (game) + 1);
  g_assert_cmpuint (mm_eval_graph_get_n_reviewed (graph), ==, review->len);
  for (guint i = 0; i < review->len; i++)
    g_assert_cmpint (g_array_index (review, MmReviewEntry, i).depth, >=, 0);
  /* The end: Black has every disc. */
  g_assert_cmpint (g_array_index (review, MmReviewEntry, review->len - 1).score, ==,
                   -64 * MM_EVAL_SCALE);

  blunder = &g_array_index (review, MmReviewEntry, 7);
  g_assert_cmpint (blunder->color, ==, MM_COLOR_WHITE);
  g_assert_cmpint (blunder->move, ==, mm_square_parse ("e3"));
  g_assert_true (mm_review_entry_is_mistake (blunder));
  g_assert_true (blunder->best_move == mm_square_parse ("b2")
                 || blunder->best_move == mm_square_parse ("c5")
                 || blunder->best_move == mm_square_parse ("c7"));
  /* Squares are written as on the board and in the move list. */
  mm_square_format (blunder->best_move, name);
  best_suffix = g_strdup_printf (" discs; %s was best", name);
  /* Black's wipeout is no mistake. */
  g_assert_false (mm_review_entry_is_mistake (&g_array_index (review, MmReviewEntry, 8)));
  g_assert_true (g_str_has_prefix (review_text (window), "Review done. "));
  /* A screen reader hears the result. */
  g_assert_true (announcement_starts_with (window, "Review done. "));

  /* The mistake in the list shows the position it was made in. */
  row = find_mistake_row (window, "8. e3 (White) loses ", best_suffix);
  g_assert_nonnull (row);
  g_signal_emit_by_name (row, "activate");
  g_assert_cmpint (shown_position (window), ==, 7);
  g_assert_cmpint (mm_eval_graph_get_selected (graph), ==, 7);
  assert_square_label (window, "e3", "E3, empty");
  assert_square_label (window, "d7", "D7, black");
  /* The board marks the mistake and the better move, for the eyes and
   * for a screen reader. */
  g_assert_cmpint (mm_board_view_get_review_mark (view, mm_square_parse ("e3")), ==, 1);
  g_assert_cmpint (mm_board_view_get_review_mark (view, blunder->best_move), ==, 2);
  {
    g_autofree char *mismatch =
      gtk_test_accessible_check_property (GTK_ACCESSIBLE (mm_board_view_get_square (view,
                                                            mm_square_parse ("e3"))),
                                          GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                          "The mistake played here");
    g_autofree char *better =
      gtk_test_accessible_check_property (GTK_ACCESSIBLE (mm_board_view_get_square (view,
                                                            blunder->best_move)),
                                          GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                          "The better move");

    g_assert_null (mismatch);
    g_assert_null (better);
  }

  /* A point of the graph shows its position; the last is the game. */
  click_graph_at (graph, 3);
  g_assert_cmpint (shown_position (window), ==, 3);
  g_assert_cmpstr (browse_text (window), ==, "After move 3 of 9");
  /* The arrow keys go through the positions, as for a slider. */
  press_graph_key (graph, GDK_KEY_Left);
  g_assert_cmpint (shown_position (window), ==, 2);
  press_graph_key (graph, GDK_KEY_Home);
  g_assert_cmpint (shown_position (window), ==, 0);
  g_assert_cmpstr (browse_text (window), ==, "Start position");
  click_graph_at (graph, (int) review->len - 1);
  g_assert_cmpint (shown_position (window), ==, -1);
  g_assert_cmpint (mm_eval_graph_get_selected (graph), ==, (int) review->len - 1);
  g_assert_cmpint (mm_board_view_get_review_mark (view, mm_square_parse ("e3")), ==, 0);

  /* A longer game fills the graph from its end, and can be stopped;
   * analysis mode waits for the review. */
  limits.max_depth = 10;
  _mm_window_set_review_limits (window, &limits);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_assert_null (review_entries (window));
  play_moves (window, "f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1");
  set_analysis_mode (window, TRUE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse-game", NULL);
  g_assert_true (is_reviewing (window));
  wait_until (analysis_waits_for_review, window);
  g_assert_false (is_analysing (window));
  wait_until (has_reviewed_some, graph);
  g_assert_true (is_reviewing (window));
  review = review_entries (window);
  g_assert_cmpuint (review->len, ==, 19);
  /* The last position is reviewed first. */
  g_assert_cmpint (g_array_index (review, MmReviewEntry, 18).depth, >=, 0);
  g_assert_cmpint (g_array_index (review, MmReviewEntry, 0).depth, ==, -1);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.stop-review", NULL);
  g_assert_false (is_reviewing (window));
  n_reviewed = mm_eval_graph_get_n_reviewed (graph);
  g_assert_cmpuint (n_reviewed, <, 19);
  stopped = g_strdup_printf ("Review stopped after %u of 19 positions.", n_reviewed);
  g_assert_true (g_str_has_prefix (review_text (window), stopped));
  run_for (200);
  g_assert_cmpuint (mm_eval_graph_get_n_reviewed (graph), ==, n_reviewed);
  run_pending ();
  g_assert_true (is_analysing (window));
  set_analysis_mode (window, FALSE);

  /* A move played on leaves the review of the moves before; the
   * graph has no point for the new position. */
  mm_square_format (mm_first_square (mm_game_get_legal_moves (game)), name);
  activate_square (window, name);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 19);
  g_assert_nonnull (review_entries (window));
  g_assert_cmpint (mm_eval_graph_get_selected (graph), ==, -1);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_nonnull (review_entries (window));
  g_assert_cmpint (mm_eval_graph_get_selected (graph), ==, 18);
  /* A move taken back from the game reviewed takes the review away. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_null (review_entries (window));
  g_assert_null (review_text (window));
}

static void
run_window_test (GtkApplication *app,
                 WindowTest      test)
{
  GtkWindow *window = gtk_application_get_active_window (app);

  g_assert_true (MM_IS_WINDOW (window));
  test (MM_WINDOW (window));
  /* The next test's games are between people again. */
  reset_new_game_settings ();
  /* Close without a question, as the tests before the question did. */
  set_confirm_discard (FALSE);
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

  /* These tests play on without asking before a new game. */
  set_confirm_discard (FALSE);

  /* Non-unique: the test needs no session bus and never meets a running
   * copy of the game. */
  app = mm_application_new ("io.github.monomachia.Monomachia.Test", G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "activate", G_CALLBACK (activated_cb), (gpointer) data);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 1, argv), ==, 0);
}

static void
play_then_close (MmWindow *window)
{
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  play_moves (window, "f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1");
  mm_game_set_player_name (mm_window_get_game (window), MM_COLOR_WHITE, "Λευκός");
  /* A computer's recorded name, as a game saved in another language has it. */
  mm_game_set_player_name (mm_window_get_game (window), MM_COLOR_BLACK, "Monomachia (novice)");
  run_pending ();
}

static void
check_restored (MmWindow *window)
{
  g_autofree char *moves = moves_of (window);

  g_assert_cmpstr (moves, ==, "f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1");
  g_assert_cmpstr (turn_text (window), ==, "Black to move");
  g_assert_cmpstr (name_text (window, MM_COLOR_WHITE), ==, "Λευκός");
  g_assert_cmpstr (name_text (window, MM_COLOR_BLACK), ==, "Computer (Novice)");
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
  run_pending ();
  g_assert_cmpstr (name_text (window, MM_COLOR_BLACK), ==,
                   "Monomachia (grandmaster)");
}

/* Closing with unsaved changes, the question on: nothing is asked. */
static void
close_asking_nothing (MmWindow *window)
{
  set_confirm_discard (TRUE);
  g_assert_true (g_str_has_prefix (gtk_window_get_title (GTK_WINDOW (window)), "• "));
  gtk_window_close (GTK_WINDOW (window));
  g_assert_null (find_window (GTK_TYPE_MESSAGE_DIALOG));
  set_confirm_discard (FALSE);
}

static void
close_activated_cb (GtkApplication *app,
                    gpointer        user_data)
{
  GtkWindow *window = gtk_application_get_active_window (app);

  ((WindowTest) user_data) (MM_WINDOW (window));
  close_asking_nothing (MM_WINDOW (window));
}

static void
run_application (WindowTest test,
                 gboolean   close)
{
  g_autoptr(MmApplication) app = NULL;
  char *argv[] = { (char *) "test-window", NULL };

  app = mm_application_new ("io.github.monomachia.Monomachia.Test", G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "activate",
                          G_CALLBACK (close ? close_activated_cb : activated_cb), test);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 1, argv), ==, 0);
}

static void
start_new_game (MmWindow *window)
{
  set_confirm_discard (FALSE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  run_pending ();
}

/* The game comes back at the next start, as it was, however the window
 * was closed; a new game replaces it. */
static void
test_autosave_restore (void)
{
  set_confirm_discard (FALSE);
  run_application (play_then_close, FALSE);
  run_application (check_restored, FALSE);
  run_application (check_restored, TRUE);
  run_application (check_restored, FALSE);
  run_application (start_new_game, FALSE);
  run_application (check_new_game, FALSE);
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
  start_computer_game (window, "external", "black", 0);
  g_assert_true (is_computer (window, MM_COLOR_WHITE));
  g_assert_cmpstr (mm_game_get_player_name (game, MM_COLOR_WHITE), ==, "Monomachia (external)");
  activate_square (window, "f5");
  wait_until (is_person_turn, window);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);
  /* The card shows the engine's own name, whole. */
  g_assert_cmpstr (name_text (window, MM_COLOR_WHITE), ==, "Monomachia");
  activate_square (window, "e6");
  if (mm_game_get_n_moves (game) == 2)
    {
      char name[3];

      mm_square_format (mm_first_square (mm_game_get_legal_moves (game)), name);
      activate_square (window, name);
    }
  wait_until (is_person_turn, window);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 4);

  /* A program that does not exist: a message, and the person can go on. */
  g_settings_set_string (settings, "engine-command", "/nonexistent/engine --nboard");
  start_computer_game (window, "external", "white", 0);
  run_for (200);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
  g_assert_nonnull (strstr (message_text (window), "could not be started"));
  g_settings_reset (settings, "engine-command");
}

/* From an earlier position of the move list the game goes on: the later
 * moves are taken back (redo brings them again). */
static void
play_from_earlier_move (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  GtkWidget *widget = GTK_WIDGET (window);

  gtk_widget_activate_action (widget, "win.new-game", NULL);
  play_moves (window, "f5d6c3d3c4");
  g_assert_false (gtk_widget_activate_action (widget, "win.play-from-here", NULL)
                  && mm_game_get_n_moves (game) != 5);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 5);

  gtk_widget_activate_action (widget, "win.browse-first", NULL);
  gtk_widget_activate_action (widget, "win.browse-next", NULL);
  gtk_widget_activate_action (widget, "win.browse-next", NULL);
  gtk_widget_activate_action (widget, "win.play-from-here", NULL);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 2);
  g_assert_cmpstr (turn_text (window), ==, "Black to move");
  g_assert_true (mm_game_can_redo (game));
  g_assert_cmpint (shown_position (window), <, 0);
  activate_square (window, "c5");
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 3);
  g_assert_false (mm_game_can_redo (game));
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
  play_moves (window, "f5d6c3");
  g_assert_false (is_computer (window, MM_COLOR_WHITE));

  /* White to move: the computer takes White and moves at once. */
  gtk_widget_activate_action (widget, "win.computer-side", "s", "white");
  g_assert_true (is_computer (window, MM_COLOR_WHITE));
  g_assert_false (is_computer (window, MM_COLOR_BLACK));
  wait_until (is_person_turn, window);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 4);

  /* Back to people: nobody moves for Black's opponent any more. */
  gtk_widget_activate_action (widget, "win.computer-side", "s", "none");
  g_assert_false (is_computer (window, MM_COLOR_WHITE));
  n_moves = mm_game_get_n_moves (game);
  mm_square_format (mm_first_square (mm_game_get_legal_moves (game)), name);
  activate_square (window, name);
  run_for (100);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, n_moves + 1);
  g_assert_false (shows_thinking (window));

  /* A board set up by hand is played on against the same opponent. */
  gtk_widget_activate_action (widget, "win.computer-side", "s", "white");
  wait_until (is_person_turn, window);
  gtk_widget_activate_action (widget, "win.edit-board", NULL);
  gtk_widget_activate_action (widget, "win.edit-start", NULL);
  choose_edit_tools (window, "Black", "White to move");
  gtk_widget_activate_action (widget, "win.edit-play", NULL);
  g_assert_false (is_editing (window));
  g_assert_true (is_computer (window, MM_COLOR_WHITE));
  g_assert_false (is_computer (window, MM_COLOR_BLACK));
  g_assert_cmpstr (name_text (window, MM_COLOR_WHITE), ==,
                   "Computer (Intermediate)");
  /* White is to move there: the computer does. */
  wait_until (is_person_turn, window);
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
    g_assert_cmpint (shown_position (window), ==, 0);
    set_confirm_discard (FALSE);
    gtk_widget_activate_action (widget, "win.new-game", NULL);
    run_pending ();
    g_assert_cmpint (shown_position (window), ==, -1);
    g_assert_true (is_computer (window, MM_COLOR_BLACK));
    wait_until (is_person_turn, window);
    g_assert_cmpuint (mm_game_get_n_moves (game), ==, 1);
    g_settings_reset (settings, "new-game-opponent");
    g_settings_reset (settings, "human-color");
    g_settings_reset (settings, "new-game-start");
    g_settings_reset (settings, "clock-minutes");
  }
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
  g_assert_cmpstr (turn_text (window), ==, "Black to move");
  first = moves_of (window);
  for (int i = 0; i < 5 && !other; i++)
    {
      g_autofree char *next = NULL;

      gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
      next = moves_of (window);
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

/* A game against the computer, with clocks: White (the computer) has
 * replied to Black's f5 when the program stops. */
static void
play_computer_then_close (MmWindow *window)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.monomachia.Monomachia");

  g_settings_set_int (settings, "clock-minutes", 5);
  g_settings_set_int (settings, "clock-increment", 3);
  start_computer_game (window, "novice", "black", 0);
  activate_square (window, "f5");
  wait_until (is_person_turn, window);
  g_assert_cmpuint (mm_game_get_n_moves (mm_window_get_game (window)), ==, 2);
  run_pending ();
}

/* It comes back as a game against the computer, with the clocks. */
static void
check_restored_computer (MmWindow *window)
{
  const char *black_clock;
  char name[3];

  g_assert_cmpuint (mm_game_get_n_moves (mm_window_get_game (window)), ==, 2);
  g_assert_false (is_computer (window, MM_COLOR_BLACK));
  g_assert_true (is_computer (window, MM_COLOR_WHITE));
  g_assert_cmpstr (name_text (window, MM_COLOR_WHITE), ==, "Computer (Novice)");
  /* Five minutes, less a moment, plus three seconds for f5. */
  black_clock = clock_text (window, MM_COLOR_BLACK);
  g_assert_nonnull (black_clock);
  g_assert_true (g_str_equal (black_clock, "5:03") || g_str_equal (black_clock, "5:02"));

  /* The computer answers the person's next move, as before. */
  mm_square_format (mm_first_square (mm_game_get_legal_moves (mm_window_get_game (window))),
                    name);
  activate_square (window, name);
  wait_until (is_person_turn, window);
  g_assert_cmpuint (mm_game_get_n_moves (mm_window_get_game (window)), ==, 4);

  /* Black runs out of time: the record says so, and so will the next start. */
  _mm_window_set_clock (window, 200 * G_TIME_SPAN_MILLISECOND, 0);
  wait_until (is_lost_on_time, window);
  g_assert_true (mm_game_get_lost_on_time (mm_window_get_game (window), NULL));
  run_pending ();
}

static void
check_restored_loss_on_time (MmWindow *window)
{
  MmColor loser = MM_COLOR_WHITE;

  g_assert_true (mm_game_get_lost_on_time (mm_window_get_game (window), &loser));
  g_assert_cmpint (loser, ==, MM_COLOR_BLACK);
  g_assert_cmpstr (turn_text (window), ==, "Game over: White wins on time");
}

static void
test_autosave_restores_computer (void)
{
  set_confirm_discard (FALSE);
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
  wait_for_moves (MM_WINDOW (window), 3);
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

  set_confirm_discard (FALSE);
  g_assert_true (g_file_set_contents (path, "(;GM[Othello]" STANDARD_BO "B[f5]W[d6]B[c3];)",
                                      -1, NULL));
  app = mm_application_new ("io.github.monomachia.Monomachia.Test", G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "open", G_CALLBACK (opened_cb), NULL);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 2, argv), ==, 0);
  g_assert_no_errno (g_remove (path));
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


/* While an earlier position is shown the cards and the status are those
 * of that position; back to the game, those of the game again. */
static void
cards_follow_browsing (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  g_autofree char *black = NULL;
  g_autofree char *white = NULL;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  play_moves (window, "f5d6c3d3c4");
  black = g_strdup_printf ("%u", mm_game_get_black_count (game));
  white = g_strdup_printf ("%u", mm_game_get_white_count (game));
  g_assert_cmpstr (count_text (window, MM_COLOR_BLACK), ==, black);
  g_assert_cmpstr (count_text (window, MM_COLOR_WHITE), ==, white);

  gtk_widget_activate_action (GTK_WIDGET (window), "win.browse-first", NULL);
  g_assert_cmpstr (count_text (window, MM_COLOR_BLACK), ==, "2");
  g_assert_cmpstr (count_text (window, MM_COLOR_WHITE), ==, "2");
  g_assert_cmpstr (shown_text (window, "status"), ==, "Black to move");
  gtk_widget_activate_action (GTK_WIDGET (window), "win.browse-next", NULL);
  g_assert_cmpstr (count_text (window, MM_COLOR_BLACK), ==, "4");
  g_assert_cmpstr (count_text (window, MM_COLOR_WHITE), ==, "1");
  g_assert_cmpstr (shown_text (window, "status"), ==, "White to move");

  gtk_widget_activate_action (GTK_WIDGET (window), "win.browse-last", NULL);
  g_assert_cmpstr (count_text (window, MM_COLOR_BLACK), ==, black);
  g_assert_cmpstr (count_text (window, MM_COLOR_WHITE), ==, white);
  g_assert_cmpstr (shown_text (window, "status"), ==, "White to move");
}

/* The named opening under the status, or NULL while it shows none. */
static const char *
status_opening_text (MmWindow *window)
{
  return shown_text (window, "opening");
}

/* The named opening over the move list, or NULL while it shows none. */
static const char *
list_opening_text (MmWindow *window)
{
  return shown_text (window, "game-opening");
}

/* The named opening: under the status while the position shown is on
 * the opening's lines, and over the move list for the moves up to it,
 * as moves are played, taken back and browsed, and games read in. */
static void
opening_names (MmWindow *window)
{
  GtkWidget *widget = GTK_WIDGET (window);
  g_autofree char *board = NULL;

  set_confirm_discard (FALSE);
  gtk_widget_activate_action (widget, "win.new-game", NULL);
  g_assert_null (status_opening_text (window));
  g_assert_null (list_opening_text (window));

  play_moves (window, "f5d6");
  g_assert_cmpstr (status_opening_text (window), ==, "Opening: Perpendicular");
  g_assert_cmpstr (list_opening_text (window), ==, "Opening: Perpendicular (moves 1–2)");
  play_moves (window, "c3d3c4");
  g_assert_cmpstr (status_opening_text (window), ==, "Opening: Tiger");
  g_assert_cmpstr (list_opening_text (window), ==, "Opening: Tiger (moves 1–5)");
  /* The status still says whose turn it is; the name is a label of its
   * own, which a screen reader reads beside it. */
  g_assert_cmpstr (turn_text (window), ==, "White to move");
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
  play_moves (window, "f4f6");
  g_assert_cmpstr (status_opening_text (window), ==, "Opening: Stephenson");
  play_moves (window, "g5");
  g_assert_cmpstr (status_opening_text (window), ==, "Opening: No-Kung");
  play_moves (window, "d7");
  g_assert_null (status_opening_text (window));
  g_assert_cmpstr (list_opening_text (window), ==, "Opening: No-Kung (moves 1–8)");

  /* A game read in: the Stephenson from c4, in another order. */
  paste (window, "c4e3f6c5c3e6f5");
  wait_for_moves (window, 7);
  g_assert_cmpstr (status_opening_text (window), ==, "Opening: Stephenson");
  g_assert_cmpstr (list_opening_text (window), ==, "Opening: Stephenson (moves 1–7)");

  /* A board set up by hand has no opening, even a named position. */
  gtk_widget_activate_action (widget, "win.copy-board", NULL);
  board = clipboard_text (window);
  paste (window, board);
  wait_for_message (window, "Pasted a board position.");
  g_assert_cmpuint (mm_game_get_n_moves (mm_window_get_game (window)), ==, 0);
  g_assert_null (status_opening_text (window));
  g_assert_null (list_opening_text (window));
  play_moves (window, "b4");
  g_assert_null (status_opening_text (window));

  gtk_widget_activate_action (widget, "win.new-game", NULL);
  g_assert_null (status_opening_text (window));
  g_assert_null (list_opening_text (window));
}

/* Shows the window again at @width × @height and lets it lay out. */
static void
show_at_size (MmWindow *window,
              int       width,
              int       height)
{
  gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  run_for (300);
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

  start_computer_game (window, "beginner", "black", 0);
  _mm_window_set_computer_delay (window, 3000);
  activate_square (window, "f5");
  wait_until (is_thinking, window);
  g_assert_nonnull (thinking_text (window));
  run_for (200);
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (count_paint_cb), &n_paints);
  run_for (1000);
  g_signal_handler_disconnect (clock, handler);
  g_test_message ("%u frames in a second of thinking", n_paints);
  g_assert_true (shows_thinking (window));
  g_assert_cmpuint (n_paints, <=, 20);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  _mm_window_set_computer_delay (window, 0);
}

/* A message covers neither the board (its coordinates) nor the players. */
static void
message_covers_nothing (MmWindow *window)
{
  graphene_rect_t message, board, players;
  GtkWidget *label;

  show_at_size (window, 1000, 700);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  activate_square (window, "a1");
  g_assert_cmpstr (message_text (window), ==, "a1 does not flip any disc");
  run_for (500);
  label = mm_test_ui_find_by_name (GTK_WIDGET (window), "message");
  g_assert_true (gtk_widget_compute_bounds (label, GTK_WIDGET (window), &message));
  g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (board_view_of (window)),
                                            GTK_WIDGET (window), &board));
  g_assert_true (gtk_widget_compute_bounds (find_part (window, MM_TYPE_PLAYERS_BAR),
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
  GtkWidget *view = GTK_WIDGET (board_view_of (window));
  int side;

  show_at_size (window, 500, 600);
  show_at_size (window, 500, 600);
  wait_until (has_layout, &wait);
  /* The board is drawn as a square in the view's allocation. */
  side = MIN (gtk_widget_get_width (view), gtk_widget_get_height (view));
  g_test_message ("the board is %d of %d", side, gtk_widget_get_width (GTK_WIDGET (window)));
  g_assert_cmpint (side * 100, >=, gtk_widget_get_width (GTK_WIDGET (window)) * 60);
}

/* The review, analysis mode and an earlier position all at once, at the
 * usual size: the window keeps its size (the panel scrolls). */
static void
window_keeps_its_size (MmWindow *window)
{
  MmSearchLimits limits = { .max_depth = 2 };
  GtkListBoxRow *mistake;
  int width, height;

  show_at_size (window, 900, 560);
  width = gtk_widget_get_width (GTK_WIDGET (window));
  height = gtk_widget_get_height (GTK_WIDGET (window));
  _mm_window_set_review_limits (window, &limits);
  _mm_window_set_analysis_limits (window, &limits);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  play_moves (window, recorded_games[0].moves);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse-game", NULL);
  wait_until (review_done, window);
  mistake = gtk_list_box_get_row_at_index (mistakes_list_of (window), 0);
  g_assert_nonnull (mistake);
  g_signal_emit_by_name (mistakes_list_of (window), "row-activated", mistake);
  set_analysis_mode (window, TRUE);
  run_for (500);
  g_test_message ("%d×%d, then %d×%d", width, height, gtk_widget_get_width (GTK_WIDGET (window)),
                  gtk_widget_get_height (GTK_WIDGET (window)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, width);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), ==, height);
  set_analysis_mode (window, FALSE);
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_log_set_writer_func (mm_test_ui_log_writer, NULL, NULL);
  /* Each test gets its own data folder, so that no autosaved game of
   * the user's, or of another test, comes in. */
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  /* The hints and analysis of the opening come from the source tree's
   * book, even where another is installed. */
  g_setenv ("MONOMACHIA_BOOK", MM_BOOK_SOURCE_PATH, TRUE);

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
  g_test_add_data_func ("/app/window/save-and-open", save_and_open, test_in_application);
  g_test_add_data_func ("/app/window/save-on-full-disk", save_on_full_disk, test_in_application);
  g_test_add_data_func ("/app/window/paste-and-copy", paste_and_copy, test_in_application);
  g_test_add_data_func ("/app/window/discard-question", discard_question,
                        test_in_application);
  g_test_add_data_func ("/app/window/arrow-keys", arrow_keys, test_in_application);
  g_test_add_data_func ("/app/window/browse-move-list", browse_move_list, test_in_application);
  g_test_add_data_func ("/app/window/announce-events", announce_events, test_in_application);
  g_test_add_data_func ("/app/window/new-game-dialog", new_game_dialog, test_in_application);
  g_test_add_data_func ("/app/window/lose-on-time", lose_on_time, test_in_application);
  g_test_add_data_func ("/app/window/edit-board", edit_board, test_in_application);
  g_test_add_data_func ("/app/window/preferences-apply", preferences_apply,
                        test_in_application);
  g_test_add_data_func ("/app/window/narrow-layout", narrow_layout, test_in_application);
  g_test_add_data_func ("/app/window/narrow-board-size", narrow_board_size, test_in_application);
  g_test_add_data_func ("/app/window/thinking-costs-little", thinking_costs_little,
                        test_in_application);
  g_test_add_data_func ("/app/window/message-covers-nothing", message_covers_nothing,
                        test_in_application);
  g_test_add_data_func ("/app/window/cards-follow-browsing", cards_follow_browsing,
                        test_in_application);
  g_test_add_data_func ("/app/window/keeps-its-size", window_keeps_its_size,
                        test_in_application);
  g_test_add_data_func ("/app/window/opening-names", opening_names, test_in_application);
  g_test_add_data_func ("/app/window/play-against-computer", play_against_computer,
                        test_in_application);
  g_test_add_data_func ("/app/window/undo-cancels-computer", undo_cancels_computer,
                        test_in_application);
  g_test_add_data_func ("/app/window/failed-load-keeps-computer", failed_load_keeps_computer,
                        test_in_application);
  g_test_add_data_func ("/app/window/hint", hint_marks_legal_square, test_in_application);
  g_test_add_data_func ("/app/window/discard-while-thinking", discard_while_thinking,
                        test_in_application);
  g_test_add_data_func ("/app/window/new-game-against-computer", new_game_against_computer,
                        test_in_application);
  g_test_add_data_func ("/app/window/analysis-mode", analysis_mode, test_in_application);
  g_test_add_data_func ("/app/window/book-hint-and-analysis", book_hint_and_analysis,
                        test_in_application);
  g_test_add_data_func ("/app/window/analyse-game", analyse_game, test_in_application);
  g_test_add_func ("/app/window/autosave-restore", test_autosave_restore);
  g_test_add_data_func ("/app/window/help", help_is_wired, test_in_application);
  g_test_add_data_func ("/app/window/random-opening", random_opening_start, test_in_application);
  g_test_add_data_func ("/app/window/computer-takes-a-side", computer_takes_a_side,
                        test_in_application);
  g_test_add_data_func ("/app/window/play-from-earlier-move", play_from_earlier_move,
                        test_in_application);
  g_test_add_data_func ("/app/window/external-engine", external_engine_plays,
                        test_in_application);
  g_test_add_func ("/app/window/autosave-restores-computer", test_autosave_restores_computer);
  g_test_add_func ("/app/window/command-line", test_command_line);
  g_test_add_func ("/app/window/message-time", test_message_time);

  status = g_test_run ();
  if (temp_dir != NULL)
    g_rmdir (temp_dir);
  g_free (temp_dir);

  return status;
}
