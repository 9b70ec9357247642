/* mm-busy-indicator.h
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

/* A small turning mark while the computer searches, in the place of a
 * GtkSpinner: a spinner is a CSS animation, redrawn at the display's
 * rate, and under software rendering that alone kept a core busy.  This
 * one moves eight times a second. */

#define MM_TYPE_BUSY_INDICATOR (mm_busy_indicator_get_type ())

G_DECLARE_FINAL_TYPE (MmBusyIndicator, mm_busy_indicator, MM, BUSY_INDICATOR, GtkWidget)

void     mm_busy_indicator_set_active (MmBusyIndicator *self,
                                       gboolean         active);
gboolean mm_busy_indicator_get_active (MmBusyIndicator *self);

G_END_DECLS
