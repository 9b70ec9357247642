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
#include "mm-board-view.h"
#include "mm-eval-graph.h"
#include "mm-window.h"

G_BEGIN_DECLS

/* For the tests, which drive the window as a person would and read what
 * it shows. */
MmBoardView *_mm_window_get_board_view   (MmWindow *self);
const char  *_mm_window_get_count_text   (MmWindow *self,
                                          MmColor   color);
const char  *_mm_window_get_turn_text    (MmWindow *self);
const char  *_mm_window_get_message_text (MmWindow *self);
const char  *_mm_window_get_name_text    (MmWindow *self,
                                          MmColor   color);
GFile       *_mm_window_get_file         (MmWindow *self);
gboolean     _mm_window_is_unsaved       (MmWindow *self);
void         _mm_window_save_as_file     (MmWindow   *self,
                                          GFile      *file);
void         _mm_window_paste_text       (MmWindow   *self,
                                          const char *text);
GtkWidget   *_mm_window_get_status_widget (MmWindow  *self);
const char  *_mm_window_get_announcement (MmWindow   *self);
char        *_mm_window_get_move_list_text (MmWindow *self);
GtkFlowBox  *_mm_window_get_move_list    (MmWindow   *self);
int          _mm_window_get_browse       (MmWindow   *self);
const char  *_mm_window_get_browse_text  (MmWindow   *self);
void         _mm_window_set_clock        (MmWindow   *self,
                                          gint64      initial,
                                          gint64      increment);
const char  *_mm_window_get_clock_text   (MmWindow   *self,
                                          MmColor     color);
gboolean     _mm_window_is_lost_on_time  (MmWindow   *self,
                                          MmColor    *loser);
gboolean     _mm_window_is_editing       (MmWindow   *self);
void         _mm_window_set_edit_tools   (MmWindow   *self,
                                          MmDisc      paint,
                                          MmColor     side);
guint        _mm_window_get_n_sounds     (MmWindow   *self);
gboolean     _mm_window_is_narrow        (MmWindow   *self);
void         _mm_window_set_computer_delay (MmWindow *self,
                                          guint       milliseconds);
void         _mm_window_set_hint_level   (MmWindow   *self,
                                          MmAiLevel   level);
gboolean     _mm_window_is_thinking      (MmWindow   *self);
gboolean     _mm_window_is_computer      (MmWindow   *self,
                                          MmColor     color);
const char  *_mm_window_get_thinking_text (MmWindow  *self);
void         _mm_window_set_analysis_limits (MmWindow             *self,
                                             const MmSearchLimits *limits);
void         _mm_window_set_review_limits (MmWindow             *self,
                                           const MmSearchLimits *limits);
gboolean     _mm_window_is_analysing     (MmWindow   *self);
int          _mm_window_get_analysis_depth (MmWindow *self);
const char  *_mm_window_get_analysis_text (MmWindow  *self);
gboolean     _mm_window_is_reviewing     (MmWindow   *self);
GArray      *_mm_window_get_review       (MmWindow   *self);
const char  *_mm_window_get_review_text  (MmWindow   *self);
MmEvalGraph *_mm_window_get_eval_graph   (MmWindow   *self);
GtkListBox  *_mm_window_get_mistakes_list (MmWindow  *self);

G_END_DECLS
