/* mm-clock.h
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

#include "mm-types.h"

G_BEGIN_DECLS

#define MM_TYPE_CLOCK (mm_clock_get_type ())

G_DECLARE_FINAL_TYPE (MmClock, mm_clock, MM, CLOCK, GObject)

MmClock  *mm_clock_new            (gint64   initial,
                                   gint64   increment);
gint64    mm_clock_get_initial    (MmClock *self);
gint64    mm_clock_get_increment  (MmClock *self);
void      mm_clock_start          (MmClock *self,
                                   MmColor  side);
void      mm_clock_switch         (MmClock *self,
                                   MmColor  next);
void      mm_clock_moved          (MmClock *self,
                                   MmColor  mover,
                                   MmColor  next);
void      mm_clock_stop           (MmClock *self);
void      mm_clock_set_remaining  (MmClock *self,
                                   MmColor  color,
                                   gint64   remaining);
gboolean  mm_clock_is_running     (MmClock *self);
MmColor   mm_clock_get_side       (MmClock *self);
gint64    mm_clock_get_remaining  (MmClock *self,
                                   MmColor  color);
gboolean  mm_clock_is_expired     (MmClock *self,
                                   MmColor *color);
char     *mm_clock_format         (gint64   remaining);

G_END_DECLS
