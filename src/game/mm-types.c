/* mm-types.c
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

#include "config.h"

#include "mm-types.h"

G_DEFINE_ENUM_TYPE (MmColor, mm_color,
  G_DEFINE_ENUM_VALUE (MM_COLOR_BLACK, "black"),
  G_DEFINE_ENUM_VALUE (MM_COLOR_WHITE, "white"))

G_DEFINE_ENUM_TYPE (MmDisc, mm_disc,
  G_DEFINE_ENUM_VALUE (MM_DISC_NONE, "none"),
  G_DEFINE_ENUM_VALUE (MM_DISC_BLACK, "black"),
  G_DEFINE_ENUM_VALUE (MM_DISC_WHITE, "white"))
