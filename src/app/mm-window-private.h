/* mm-window-private.h
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

#include "mm-ai-level.h"
#include "mm-analysis-bar.h"
#include "mm-announcer.h"
#include "mm-autosave.h"
#include "mm-board-editor.h"
#include "mm-board-view.h"
#include "mm-eval-graph.h"
#include "mm-match.h"
#include "mm-move-list.h"
#include "mm-online-bar.h"
#include "mm-opponents.h"
#include "mm-players-bar.h"
#include "mm-record-actions.h"
#include "mm-review-panel.h"
#include "mm-toast.h"
#include "mm-window.h"

G_BEGIN_DECLS

/* The window's state, shared by its files: mm-window.c (layout, parts
 * and wiring), mm-window-actions.c (what its actions do),
 * mm-window-seats.c (who plays each side, hints), mm-window-positions.c
 * (browsing earlier positions, editing the board), mm-window-analysis.c
 * (the running analysis), mm-window-panel.c (the status and side panel)
 * and mm-window-test-hooks.c (what the tests set up and read). */
struct _MmWindow
{
  GtkApplicationWindow  parent_instance;

  /* Owned references: the match, and its game */
  MmMatch              *match;
  MmGame               *game;
  GSettings            *settings;
  MmAutosave           *autosave;
  GCancellable         *cancellable;
  /* What the game says: to a screen reader, in messages, in sounds */
  MmAnnouncer          *announcer;
  MmToast              *toast;

  /* The game's file, and what moves records in and out */
  MmRecordActions      *records;

  /* The earlier position on the board: the number of moves played to
   * reach it, or -1 for the game as it stands. */
  int                   browse;

  /* Edit Board is on: the editor holds the position set up. */
  gboolean              editing;

  /* The computer's seats; an engine that stopped is started again at
   * the next change of the position. */
  MmOpponents          *opponents;
  gboolean              engine_stopped;

  /* The hint being looked for */
  MmAiLevel             hint_level;
  GCancellable         *hint_cancellable;

  /* Analysis mode, whose bar has a computer player of its own so that
   * it and the opponent's moves or hints never cancel each other; it
   * looks at the position once a change is complete. */
  gboolean              analysis_mode;
  guint                 analysis_source;

  /* How deep Analyse Game searches each position */
  MmSearchLimits        review_limits;

  gboolean              narrow;
  guint                 layout_source;

  /* Template widgets */
  GtkHeaderBar         *header_bar;
  GtkWidget            *new_game_button;
  GtkWidget            *new_game_icon_button;
  MmBoardView          *board_view;
  GtkWidget            *content_box;
  GtkWidget            *side_panel;
  MmPlayersBar         *players_bar;
  MmAnalysisBar        *analysis_bar;
  MmReviewPanel        *review_panel;
  GtkLabel             *message_label;
  GtkRevealer          *toast_revealer;
  MmMoveList           *move_list;
  MmBoardEditor        *board_editor;
  MmOnlineBar          *online_bar;

  /* Online: the lobby's connection, the game on the board (its match is
   * the window's), the lobby's window, a countdown's tick */
  MmLobbyClient        *lobby_client;
  MmOnlineGame         *online_game;
  MmLobbyDialog        *lobby_dialog;
  guint                 online_tick;
};

/* Between the window's files */
extern const MmSearchLimits _mm_window_default_analysis_limits;
extern const MmSearchLimits _mm_window_default_review_limits;
void        _mm_window_class_install_actions (GtkWidgetClass *widget_class);
int        _mm_window_browse_position (MmWindow *self);
void       _mm_window_browse_to (MmWindow *self,
                                 int n_moves);
MmAiPlayer *_mm_window_ensure_ai (MmWindow *self);
void       _mm_window_focus_board (MmWindow *self);
gboolean   _mm_window_is_computer (MmWindow *self,
                                   MmColor   color);
gboolean   _mm_window_is_computer_turn (MmWindow *self);
gboolean   _mm_window_is_finished (MmWindow *self);
void       _mm_window_leave_edit (MmWindow *self);
gboolean   _mm_window_result_stands (MmWindow *self);
void       _mm_window_schedule_analysis (MmWindow *self);
void       _mm_window_use_clock (MmWindow *self,
                                 MmClock *clock);
void       _mm_window_set_computer (MmWindow *self,
                                    gboolean black,
                                    gboolean white);
void       _mm_window_set_event (MmWindow *self,
                                 const char *event);
void       _mm_window_set_file (MmWindow *self,
                                GFile *file,
                                gboolean unsaved);
void       _mm_window_show_message (MmWindow *self,
                                    const char *message);
void       _mm_window_stop_hint (MmWindow *self);
void       _mm_window_update_browse_actions (MmWindow *self);
void       _mm_window_update_edit_actions (MmWindow *self);
void       _mm_window_update_graph_selection (MmWindow *self);
void       _mm_window_update_pause (MmWindow *self);
void       _mm_window_update_status (MmWindow *self);
void       _mm_window_update_thinking (MmWindow *self);


void       _mm_window_analysis_failed_cb (MmWindow *self,
                                          const GError *error);
void       _mm_window_check_review (MmWindow *self);
void       _mm_window_review_changed_cb (MmWindow *self);
void       _mm_window_review_finished_cb (MmWindow *self,
                                          const GError *error);
void       _mm_window_review_position_cb (MmWindow *self,
                                          int position);
void       _mm_window_set_analysis_mode (MmWindow *self,
                                         gboolean analysis_mode);
void       _mm_window_stop_analysis (MmWindow *self);

const char *_mm_window_get_computer_side (MmWindow *self);
void       _mm_window_replace_stopped_engine (MmWindow *self);
void       _mm_window_seat_failed_cb (MmWindow *self,
                                      MmColor color,
                                      const GError *error);
void       _mm_window_set_computer_side (MmWindow *self,
                                         const char *side);
void       _mm_window_thinking_cb (MmWindow *self);
void       _mm_window_update_names (MmWindow *self);

void       _mm_window_edit_changed_cb (MmWindow *self);
void       _mm_window_follow_clock (MmWindow *self);
void       _mm_window_move_activated_cb (MmWindow *self,
                                         int n_moves);
void       _mm_window_update_moves (MmWindow *self);

void       _mm_window_update_title (MmWindow *self);

/* For the tests, which drive the window as a person would and read what
 * it shows. */
gboolean   _mm_window_in_online_game (MmWindow *self);
void       _mm_window_leave_online_game (MmWindow *self);
void       _mm_window_update_online_actions (MmWindow *self);
MmClock   *_mm_window_get_shown_clock (MmWindow *self);
void       _mm_window_class_install_online_actions (GtkWidgetClass *widget_class);
void       _mm_window_init_online (MmWindow *self);
void       _mm_window_dispose_online (MmWindow *self);

void         _mm_window_save_as_file     (MmWindow   *self,
                                          GFile      *file);
void         _mm_window_set_clock        (MmWindow   *self,
                                          gint64      initial,
                                          gint64      increment);
guint        _mm_window_get_n_sounds     (MmWindow   *self);
void         _mm_window_set_computer_delay (MmWindow *self,
                                          guint       milliseconds);
void         _mm_window_set_hint_level   (MmWindow   *self,
                                          MmAiLevel   level);
void         _mm_window_set_analysis_limits (MmWindow             *self,
                                             const MmSearchLimits *limits);
void         _mm_window_set_review_limits (MmWindow             *self,
                                           const MmSearchLimits *limits);

G_END_DECLS
