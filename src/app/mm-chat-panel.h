/* mm-chat-panel.h
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

/* A chat room's lines and a field to add one: the lobby's, or a game's.
 * What comes from the network is shown as text, never as markup, and
 * cut to a length a line can have. */

#define MM_TYPE_CHAT_PANEL (mm_chat_panel_get_type ())

G_DECLARE_FINAL_TYPE (MmChatPanel, mm_chat_panel, MM, CHAT_PANEL, GtkWidget)

void        mm_chat_panel_add_line        (MmChatPanel *self,
                                           const char  *from,
                                           const char  *text);
void        mm_chat_panel_add_notice      (MmChatPanel *self,
                                           const char  *text);
void        mm_chat_panel_set_max_length  (MmChatPanel *self,
                                           guint        max_length);
void        mm_chat_panel_clear           (MmChatPanel *self);
char       *mm_chat_panel_get_text        (MmChatPanel *self);

G_END_DECLS
