/* mm-test-window.c
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

/* What the window test programs (test-window-*.c) share: starting the
 * application for a test, reading what the window shows, playing in it,
 * and the settings they change.  A helper that one program alone uses
 * stays in that program. */

#include "config.h"

#include <string.h>

#include "mm-application.h"
#include "mm-board-editor.h"
#include "mm-record-io.h"
#include "mm-test-ui.h"
#include "mm-test-window.h"
#include "mm-window-private.h"

/* ------------------------------------------------------------------ */
/* What the window shows, read from its widgets                       */
/* ------------------------------------------------------------------ */

/* The part of the window of @type: the board, the players bar, the
 * move list, the review... */
GtkWidget *
mm_test_window_find_part (MmWindow *window,
                          GType     type)
{
  GtkWidget *part = mm_test_ui_find_by_type (GTK_WIDGET (window), type);

  g_assert_nonnull (part);
  return part;
}

MmBoardView *
mm_test_window_board_view_of (MmWindow *window)
{
  return MM_BOARD_VIEW (mm_test_window_find_part (window, MM_TYPE_BOARD_VIEW));
}

/* What the label named @name shows, or NULL while it is hidden. */
const char *
mm_test_window_shown_text (MmWindow   *window,
                           const char *name)
{
  return mm_test_ui_get_text (GTK_WIDGET (window), name);
}

/* The number of discs on the player's card. */
const char *
mm_test_window_count_text (MmWindow *window,
                           MmColor   color)
{
  return mm_test_window_shown_text (window,
                                    color == MM_COLOR_BLACK ? "black-count" : "white-count");
}

/* The name on the player's card, or NULL when it shows none. */
const char *
mm_test_window_name_text (MmWindow *window,
                          MmColor   color)
{
  return mm_test_window_shown_text (window, color == MM_COLOR_BLACK ? "black-name" : "white-name");
}

/* The clock on the player's card, or NULL in an untimed game. */
const char *
mm_test_window_clock_text (MmWindow *window,
                           MmColor   color)
{
  return mm_test_window_shown_text (window,
                                    color == MM_COLOR_BLACK ? "black-clock" : "white-clock");
}

/* The status line, found as a screen reader finds it: by its role. */
GtkWidget *
mm_test_window_status_label (MmWindow *window)
{
  GtkWidget *status = mm_test_ui_find_by_role (GTK_WIDGET (window), GTK_ACCESSIBLE_ROLE_STATUS,
                                               NULL);

  g_assert_true (GTK_IS_LABEL (status));
  return status;
}

/* Whose turn it is, or the result. */
const char *
mm_test_window_turn_text (MmWindow *window)
{
  return gtk_label_get_text (GTK_LABEL (mm_test_window_status_label (window)));
}

/* What a screen reader heard last: the accessible name of the status. */
char *
mm_test_window_dup_announcement (MmWindow *window)
{
  return mm_test_ui_dup_accessible_label (mm_test_window_status_label (window));
}

gboolean
mm_test_window_announcement_contains (MmWindow   *window,
                                      const char *text)
{
  g_autofree char *announcement = mm_test_window_dup_announcement (window);

  return strstr (announcement, text) != NULL;
}

/* The message at the foot of the side panel, "" when there is none. */
const char *
mm_test_window_message_text (MmWindow *window)
{
  GtkWidget *label = mm_test_ui_find_by_name (GTK_WIDGET (window), "message");

  g_assert_true (GTK_IS_LABEL (label));
  return gtk_label_get_text (GTK_LABEL (label));
}

/* The words beside the spinner while the computer searches, or NULL. */
const char *
mm_test_window_thinking_text (MmWindow *window)
{
  return mm_test_window_shown_text (window, "thinking");
}

gboolean
mm_test_window_shows_thinking (MmWindow *window)
{
  return mm_test_window_thinking_text (window) != NULL;
}

/* Whether the computer plays @color: the choice that the Computer Plays
 * menu shows (the state of win.computer-side). */
gboolean
mm_test_window_is_computer (MmWindow *window,
                            MmColor   color)
{
  g_autofree char *side = NULL;

  g_object_get (window, "computer-side", &side, NULL);
  return g_str_equal (side, "both")
         || g_str_equal (side, color == MM_COLOR_BLACK ? "black" : "white");
}

/* The list of moves as it reads: "f5 d6 pass c3". */
GtkFlowBox *
mm_test_window_move_flow_box (MmWindow *window)
{
  GtkWidget *moves = mm_test_ui_find_by_name (GTK_WIDGET (window), "moves");

  g_assert_true (GTK_IS_FLOW_BOX (moves));
  return GTK_FLOW_BOX (moves);
}

/* What the bar over the list says of the earlier position shown, or
 * NULL while the board shows the game. */
const char *
mm_test_window_browse_text (MmWindow *window)
{
  return mm_test_window_shown_text (window, "browse-status");
}

/* The number of moves to the position shown, or -1 for the game: the
 * bar over the list is shown for an earlier position, and the list
 * marks the move that led to it (none for the start). */
int
mm_test_window_shown_position (MmWindow *window)
{
  GtkWidget *moves;
  int index = 0;

  if (mm_test_window_browse_text (window) == NULL)
    return -1;

  moves = GTK_WIDGET (mm_test_window_move_flow_box (window));
  for (GtkWidget *child = gtk_widget_get_first_child (moves);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      index++;
      if (gtk_widget_has_css_class (child, "current"))
        return index;
    }

  return 0;
}

/* Edit Board's bar is shown. */
gboolean
mm_test_window_is_editing (MmWindow *window)
{
  return mm_test_ui_is_shown (mm_test_window_find_part (window, MM_TYPE_BOARD_EDITOR));
}

/* ------------------------------------------------------------------ */
/* What a person does in it, and the settings the tests change        */
/* ------------------------------------------------------------------ */

/* Chooses in Edit Board's bar what clicks place (the button "Black",
 * "White" or "Empty") and who moves first ("Black to move"). */
void
mm_test_window_choose_edit_tools (MmWindow   *window,
                                  const char *paint,
                                  const char *side)
{
  GtkWidget *editor = mm_test_window_find_part (window, MM_TYPE_BOARD_EDITOR);
  GtkWidget *drop_down = mm_test_ui_find_by_type (editor, GTK_TYPE_DROP_DOWN);

  mm_test_ui_click (editor, paint);
  g_assert_nonnull (drop_down);
  mm_test_ui_choose (GTK_DROP_DOWN (drop_down), side);
}

void
mm_test_window_activate_square (MmWindow   *window,
                                const char *name)
{
  MmBoardView *view = mm_test_window_board_view_of (window);
  int square = mm_square_parse (name);

  g_assert_cmpint (square, !=, MM_SQUARE_NONE);
  gtk_widget_activate (mm_board_view_get_square (view, square));
}

void
mm_test_window_assert_square_label (MmWindow   *window,
                                    const char *name,
                                    const char *expected)
{
  MmBoardView *view = mm_test_window_board_view_of (window);
  GtkWidget *square = mm_board_view_get_square (view, mm_square_parse (name));
  g_autofree char *mismatch = NULL;

  mismatch = gtk_test_accessible_check_property (GTK_ACCESSIBLE (square),
                                                 GTK_ACCESSIBLE_PROPERTY_LABEL,
                                                 expected);
  g_assert_null (mismatch);
}

void
mm_test_window_set_confirm_discard (gboolean confirm)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.monomachia.Monomachia");

  g_settings_set_boolean (settings, "confirm-discard", confirm);
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

void
mm_test_window_wait_for_moves (MmWindow *window,
                               guint     n_moves)
{
  MovesWait wait = { window, n_moves };

  mm_test_ui_wait_until (has_n_moves, &wait, 10);
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

  return g_str_has_prefix (mm_test_window_message_text (wait->window), wait->prefix);
}

void
mm_test_window_wait_for_message (MmWindow   *window,
                                 const char *prefix)
{
  MessageWait wait = { window, prefix };

  mm_test_ui_wait_until (has_message, &wait, 10);
}

void
mm_test_window_play_moves (MmWindow   *window,
                           const char *moves)
{
  for (const char *move = moves; *move != '\0'; move += 2)
    {
      char name[3] = { move[0], move[1], '\0' };

      mm_test_window_activate_square (window, name);
    }
}

char *
mm_test_window_moves_of (MmWindow *window)
{
  g_autoptr(MmGameRecord) record = mm_game_to_record (mm_window_get_game (window));

  return mm_record_write (record, MM_RECORD_FORMAT_TRANSCRIPT);
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

char *
mm_test_window_clipboard_text (MmWindow *window)
{
  char *text = NULL;

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (window)), NULL,
                                 read_text_cb, &text);
  mm_test_ui_wait_until (is_set, &text, 10);
  return text;
}

void
mm_test_window_paste (MmWindow   *window,
                      const char *text)
{
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (window)), text);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.paste", NULL);
}

/* Answers the question, and lets the window act on the answer. */
void
mm_test_window_respond (GtkWindow *dialog,
                        int        response)
{
  g_assert_true (GTK_IS_MESSAGE_DIALOG (dialog));
  gtk_dialog_response (GTK_DIALOG (dialog), response);
  mm_test_ui_run_pending ();
}

void
mm_test_window_reset_new_game_settings (void)
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

gboolean
mm_test_window_is_lost_on_time (gpointer data)
{
  return mm_game_get_lost_on_time (mm_window_get_game (data), NULL);
}

/* The person is to move, or the game is over. */
gboolean
mm_test_window_is_person_turn (gpointer data)
{
  MmWindow *window = data;
  MmGame *game = mm_window_get_game (window);

  return mm_game_is_over (game)
         || (!mm_test_window_is_computer (window, mm_game_get_side_to_move (game))
             && !mm_test_window_shows_thinking (window));
}

void
mm_test_window_start_computer_game (MmWindow   *window,
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

/* Shows the window again at @width × @height and lets it lay out. */
void
mm_test_window_show_at_size (MmWindow *window,
                             int       width,
                             int       height)
{
  gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  gtk_window_present (GTK_WINDOW (window));
  mm_test_ui_run_for (300);
}

/* ------------------------------------------------------------------ */
/* The application for each test                                      */
/* ------------------------------------------------------------------ */

static void
run_window_test (GtkApplication   *app,
                 MmTestWindowFunc  test)
{
  GtkWindow *window = gtk_application_get_active_window (app);

  g_assert_true (MM_IS_WINDOW (window));
  test (MM_WINDOW (window));
  /* The next test's games are between people again. */
  mm_test_window_reset_new_game_settings ();
  /* Close without a question, as the tests before the question did. */
  mm_test_window_set_confirm_discard (FALSE);
  gtk_window_close (window);
}

void
mm_test_window_activated_cb (GtkApplication *app,
                             gpointer        test)
{
  run_window_test (app, (MmTestWindowFunc) test);
}

void
mm_test_window_run (gconstpointer data)
{
  g_autoptr(MmApplication) app = NULL;
  char *argv[] = { (char *) "test-window", NULL };

  /* These tests play on without asking before a new game. */
  mm_test_window_set_confirm_discard (FALSE);

  /* Non-unique: the test needs no session bus and never meets a running
   * copy of the game. */
  app = mm_application_new ("io.github.monomachia.Monomachia.Test", G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "activate", G_CALLBACK (mm_test_window_activated_cb),
                          (gpointer) data);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 1, argv), ==, 0);
}

gboolean
mm_test_window_init (int    *argc,
                     char ***argv)
{
  g_log_set_writer_func (mm_test_ui_log_writer, NULL, NULL);
  /* Each test gets its own data folder, so that no autosaved game of
   * the user's, or of another test, comes in. */
  g_test_init (argc, argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  /* The hints and analysis of the opening come from the source tree's
   * book, even where another is installed. */
  g_setenv ("MONOMACHIA_BOOK", MM_BOOK_SOURCE_PATH, TRUE);

  if (!gtk_init_check ())
    {
      g_printerr ("No display: the window tests need one (run them under xvfb-run).\n");
      return FALSE;
    }

  return TRUE;
}
