/* mm-message-bar.h
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

/* A message at the foot of the side panel: what a move, a file or the
 * computer has to say.  It covers neither the board nor the players,
 * and goes by itself after a time that grows with its length (read at
 * a calm pace), or when closed. */

#define MM_TYPE_MESSAGE_BAR (mm_message_bar_get_type ())

G_DECLARE_FINAL_TYPE (MmMessageBar, mm_message_bar, MM, MESSAGE_BAR, GtkWidget)

void        mm_message_bar_show        (MmMessageBar *self,
                                        const char   *message);
const char *mm_message_bar_get_message (MmMessageBar *self);
guint       mm_message_bar_timeout_for (const char   *message);

G_END_DECLS
