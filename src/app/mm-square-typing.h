/* mm-square-typing.h
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

G_BEGIN_DECLS

/* A square's name typed on the keyboard ("d3"): a column letter, then
 * a row digit. */
typedef struct
{
  /* The column typed, waiting for its row, or -1 */
  int column;
} MmSquareTyping;

void     mm_square_typing_reset (MmSquareTyping  *self);
gboolean mm_square_typing_key   (MmSquareTyping  *self,
                                 GdkDisplay      *display,
                                 guint            keyval,
                                 guint            keycode,
                                 GdkModifierType  state,
                                 int             *square);

G_END_DECLS
