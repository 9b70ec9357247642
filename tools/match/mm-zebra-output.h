/* mm-zebra-output.h
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

#include <gio/gio.h>

#include "mm-board.h"

G_BEGIN_DECLS

/* What Zebra printed for one move, read back: the first move of its last
 * "PV:" line is its choice (a PV that begins with "--" is a pass). */
gboolean mm_zebra_output_parse_move (const char  *output,
                                     int         *square,
                                     GError     **error);

/* The position as Zebra's -g reads it: 64 characters a1 b1 .. h8 of 'X'
 * (black), 'O' and '-', a newline, then "B" or "W" for the side to move. */
char    *mm_zebra_output_format_position (const MmBoard *board,
                                          MmColor        color);

G_END_DECLS
