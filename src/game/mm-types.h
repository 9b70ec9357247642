/* mm-types.h
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

#include <glib-object.h>

#include "mm-board.h"

G_BEGIN_DECLS

/* What stands on a square, for views and records. */
typedef enum
{
  MM_DISC_NONE,
  MM_DISC_BLACK,
  MM_DISC_WHITE,
} MmDisc;

#define MM_TYPE_COLOR (mm_color_get_type ())
#define MM_TYPE_DISC (mm_disc_get_type ())

GType   mm_color_get_type   (void) G_GNUC_CONST;
GType   mm_disc_get_type    (void) G_GNUC_CONST;

static inline MmColor
mm_color_other (MmColor color)
{
  return color == MM_COLOR_BLACK ? MM_COLOR_WHITE : MM_COLOR_BLACK;
}

static inline MmDisc
mm_disc_of_color (MmColor color)
{
  return color == MM_COLOR_BLACK ? MM_DISC_BLACK : MM_DISC_WHITE;
}

G_END_DECLS
