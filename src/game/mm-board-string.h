/* mm-board-string.h
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

#include "mm-game-record.h"

G_BEGIN_DECLS

/* Board strings, as in the FFO .obf files and Edax's setboard (the
 * keyword itself may come first): the 64
 * squares a1..h8 row by row (X or * black, O white, - or . empty; spaces
 * and line ends between them are allowed, so an 8×8 diagram reads too),
 * then the side to move, X or O.  What follows a ";" on the line (the
 * best moves of an .obf position) is skipped.  Each board is a game
 * that starts there, with no moves. */

GPtrArray *mm_board_string_parse       (const char  *text,
                                        gsize        length,
                                        GError     **error);
gboolean   mm_board_string_looks_like  (const char  *text,
                                        gsize        length);
char      *mm_board_string_write       (guint64      black,
                                        guint64      white,
                                        MmColor      side_to_move);

G_END_DECLS
