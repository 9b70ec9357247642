/* mm-new-game-dialog.h
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

#include "mm-new-game-setup.h"

G_BEGIN_DECLS

#define MM_TYPE_NEW_GAME_DIALOG (mm_new_game_dialog_get_type ())

G_DECLARE_FINAL_TYPE (MmNewGameDialog, mm_new_game_dialog, MM, NEW_GAME_DIALOG, GtkWindow)

MmNewGameDialog *mm_new_game_dialog_new                (GtkWindow       *parent);
void             mm_new_game_dialog_set_names          (MmNewGameDialog *self,
                                                        const char      *black,
                                                        const char      *white);
void             mm_new_game_dialog_set_start_position (MmNewGameDialog *self,
                                                        const char      *start);
void             mm_new_game_dialog_set_clock          (MmNewGameDialog *self,
                                                        int              minutes,
                                                        int              increment);
void             mm_new_game_dialog_set_opponent       (MmNewGameDialog *self,
                                                        const char      *opponent);
void             mm_new_game_dialog_set_computer       (MmNewGameDialog *self,
                                                        const char      *level,
                                                        const char      *human_color);
gboolean         mm_new_game_dialog_is_available       (MmNewGameDialog *self,
                                                        const char      *opponent);
void             mm_new_game_dialog_start              (MmNewGameDialog *self);

G_END_DECLS
