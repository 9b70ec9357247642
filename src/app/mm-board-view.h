/* mm-board-view.h
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

#include "mm-game.h"

G_BEGIN_DECLS

#define MM_TYPE_BOARD_VIEW (mm_board_view_get_type ())

G_DECLARE_FINAL_TYPE (MmBoardView, mm_board_view, MM, BOARD_VIEW, GtkDrawingArea)

GtkWidget *mm_board_view_new            (void);
MmGame    *mm_board_view_get_game       (MmBoardView *self);
void       mm_board_view_set_game       (MmBoardView *self,
                                         MmGame      *game);
GtkWidget *mm_board_view_get_square     (MmBoardView *self,
                                         int          square);
void       mm_board_view_show_position  (MmBoardView *self,
                                         guint64      black,
                                         guint64      white,
                                         MmColor      side_to_move,
                                         int          last_move);
void       mm_board_view_show_game      (MmBoardView *self);
gboolean   mm_board_view_is_frozen      (MmBoardView *self);
gboolean   mm_board_view_is_animating   (MmBoardView *self);
int        mm_board_view_get_hint       (MmBoardView *self);
void       mm_board_view_set_input_idle (MmBoardView *self,
                                         gboolean     idle);
gboolean   mm_board_view_get_input_idle (MmBoardView *self);
void       mm_board_view_set_finished   (MmBoardView *self,
                                         gboolean     finished);
gboolean   mm_board_view_get_finished   (MmBoardView *self);
void       mm_board_view_set_hint       (MmBoardView *self,
                                         int          square);
int        mm_board_view_get_hover      (MmBoardView *self);
void       mm_board_view_set_hover      (MmBoardView *self,
                                         int          square);
void       mm_board_view_set_analysis   (MmBoardView *self,
                                         guint64      black,
                                         guint64      white,
                                         MmColor      side,
                                         GArray      *moves);
char      *mm_board_view_get_score_text (MmBoardView *self,
                                         int          square);
gboolean   mm_board_view_is_best_score  (MmBoardView *self,
                                         int          square);
void       mm_board_view_set_review_marks (MmBoardView *self,
                                           guint64      black,
                                           guint64      white,
                                           MmColor      side,
                                           int          mistake,
                                           int          better);
int        mm_board_view_get_review_mark (MmBoardView *self,
                                          int          square);

G_END_DECLS
