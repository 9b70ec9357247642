/* mm-move-list.h
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

/* The moves of the game, passes too, under a heading with the buttons
 * that step through earlier positions and the name of the opening the
 * moves up to the position shown reached; the move whose position the
 * board shows is marked, and while an earlier one is shown a bar says
 * which, with Play from Here and Back to Game.  Activating a move asks
 * for the position after it (::move-activated). */

#define MM_TYPE_MOVE_LIST (mm_move_list_get_type ())

G_DECLARE_FINAL_TYPE (MmMoveList, mm_move_list, MM, MOVE_LIST, GtkWidget)

void        mm_move_list_set_game         (MmMoveList *self,
                                           MmGame     *game);
void        mm_move_list_update           (MmMoveList *self);
void        mm_move_list_set_shown        (MmMoveList *self,
                                           int         n_moves,
                                           const char *text);
void        mm_move_list_set_narrow       (MmMoveList *self,
                                           gboolean    narrow);
char       *mm_move_list_dup_text         (MmMoveList *self);
const char *mm_move_list_get_browse_text  (MmMoveList *self);
GtkFlowBox *mm_move_list_get_flow_box     (MmMoveList *self);

G_END_DECLS
