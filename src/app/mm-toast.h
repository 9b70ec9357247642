/* mm-toast.h
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

/* The window's messages, as GNOME programs show them: what a move, a
 * file or the computer has to say, in a revealer of the window's (at
 * the foot of the side panel, over neither the board nor the players).  Every message goes by itself after a time that grows with
 * its length (read at a calm pace), or when closed. */

#define MM_TYPE_TOAST (mm_toast_get_type ())

G_DECLARE_FINAL_TYPE (MmToast, mm_toast, MM, TOAST, GObject)

MmToast    *mm_toast_new         (GtkRevealer *revealer,
                                  GtkLabel    *label);
void        mm_toast_show        (MmToast     *self,
                                  const char  *message);
const char *mm_toast_get_message (MmToast     *self);
guint       mm_toast_timeout_for (const char  *message);

G_END_DECLS
