/* mm-board-editor.h
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

#include "mm-types.h"

G_BEGIN_DECLS

/* Edit Board's bar and the position it sets up: which disc a click on
 * the board places (black, white or none), who moves first, and the
 * discs placed so far.  ::changed says the position changed. */

#define MM_TYPE_BOARD_EDITOR (mm_board_editor_get_type ())

G_DECLARE_FINAL_TYPE (MmBoardEditor, mm_board_editor, MM, BOARD_EDITOR, GtkWidget)

void     mm_board_editor_begin        (MmBoardEditor *self,
                                       guint64        black,
                                       guint64        white,
                                       MmColor        side);
void     mm_board_editor_paint        (MmBoardEditor *self,
                                       int            square);
void     mm_board_editor_clear        (MmBoardEditor *self);
void     mm_board_editor_reset_start  (MmBoardEditor *self);
void     mm_board_editor_get_position (MmBoardEditor *self,
                                       guint64       *black,
                                       guint64       *white,
                                       MmColor       *side);
void     mm_board_editor_set_tools    (MmBoardEditor *self,
                                       MmDisc         paint,
                                       MmColor        side);
void     mm_board_editor_set_narrow   (MmBoardEditor *self,
                                       gboolean       narrow);

G_END_DECLS
