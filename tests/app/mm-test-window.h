/* mm-test-window.h
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

#pragma once

#include <gtk/gtk.h>

#include "mm-board-view.h"
#include "mm-window.h"

G_BEGIN_DECLS

/* For the test-window-*.c programs: the window as a person uses it.
 * The real application is started, the moves are played by activating
 * the board's squares (the path a click, Enter or a screen reader
 * takes), the rest through the window's actions and buttons, and what
 * the window shows is read back from the widgets a person sees
 * (mm-test-ui.h finds them by type, widget name or accessible role), and
 * from the game. */

/* A game from the WTHOR archive (1977), with passes, that Black wins
 * 34-30. */
#define MM_TEST_WINDOW_GAME_A \
  "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5" \
  "e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1"

/* A test: what it does in the window of a fresh application. */
typedef void (*MmTestWindowFunc) (MmWindow *window);

/* What a test program's main() calls first; FALSE, once it has said
 * why, when there is no display (main() then returns 77: skipped). */
gboolean     mm_test_window_init                    (int               *argc,
                                                     char            ***argv);
/* For g_test_add_data_func() with a MmTestWindowFunc as the data: the
 * test in a new application's window, closed after it. */
void         mm_test_window_run                     (gconstpointer      test);
/* The application's "activate" handler that runs the MmTestWindowFunc
 * @test in its window, then closes the window. */
void         mm_test_window_activated_cb            (GtkApplication    *app,
                                                     gpointer           test);

/* What the window shows, read from its widgets. */
GtkWidget   *mm_test_window_find_part               (MmWindow          *window,
                                                     GType              type);
MmBoardView *mm_test_window_board_view_of           (MmWindow          *window);
const char  *mm_test_window_shown_text              (MmWindow          *window,
                                                     const char        *name);
const char  *mm_test_window_count_text              (MmWindow          *window,
                                                     MmColor            color);
const char  *mm_test_window_name_text               (MmWindow          *window,
                                                     MmColor            color);
const char  *mm_test_window_clock_text              (MmWindow          *window,
                                                     MmColor            color);
GtkWidget   *mm_test_window_status_label            (MmWindow          *window);
const char  *mm_test_window_turn_text               (MmWindow          *window);
char        *mm_test_window_dup_announcement        (MmWindow          *window);
gboolean     mm_test_window_announcement_contains   (MmWindow          *window,
                                                     const char        *text);
const char  *mm_test_window_message_text            (MmWindow          *window);
const char  *mm_test_window_thinking_text           (MmWindow          *window);
gboolean     mm_test_window_shows_thinking          (MmWindow          *window);
gboolean     mm_test_window_is_computer             (MmWindow          *window,
                                                     MmColor            color);
GtkFlowBox  *mm_test_window_move_flow_box           (MmWindow          *window);
const char  *mm_test_window_browse_text             (MmWindow          *window);
int          mm_test_window_shown_position          (MmWindow          *window);
gboolean     mm_test_window_is_editing              (MmWindow          *window);

/* What a person does in it. */
void         mm_test_window_choose_edit_tools       (MmWindow          *window,
                                                     const char        *paint,
                                                     const char        *side);
void         mm_test_window_activate_square         (MmWindow          *window,
                                                     const char        *name);
void         mm_test_window_assert_square_label     (MmWindow          *window,
                                                     const char        *name,
                                                     const char        *expected);
void         mm_test_window_play_moves              (MmWindow          *window,
                                                     const char        *moves);
char        *mm_test_window_moves_of                (MmWindow          *window);
char        *mm_test_window_clipboard_text          (MmWindow          *window);
void         mm_test_window_paste                   (MmWindow          *window,
                                                     const char        *text);
void         mm_test_window_respond                 (GtkWindow         *dialog,
                                                     int                response);
void         mm_test_window_show_at_size            (MmWindow          *window,
                                                     int                width,
                                                     int                height);

/* The settings the tests change. */
void         mm_test_window_set_confirm_discard     (gboolean           confirm);
void         mm_test_window_reset_new_game_settings (void);
void         mm_test_window_start_computer_game     (MmWindow          *window,
                                                     const char        *level,
                                                     const char        *human_color,
                                                     guint              delay);

/* Waits of at most ten seconds, and what mm_test_ui_wait_until() waits
 * for (@data is the window). */
void         mm_test_window_wait_for_moves          (MmWindow          *window,
                                                     guint              n_moves);
void         mm_test_window_wait_for_message        (MmWindow          *window,
                                                     const char        *prefix);
gboolean     mm_test_window_is_lost_on_time         (gpointer           data);
gboolean     mm_test_window_is_person_turn          (gpointer           data);

G_END_DECLS
