/* mm-online-bar.h
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

#include "mm-chat-panel.h"

G_BEGIN_DECLS

/* The side panel's part for an online game: which game it is, the state
 * of the line (and of the opponent's), the opponent's questions, the
 * result and rating change, the game's actions (win.online-*) and its
 * chat.  The window says what it shows. */

#define MM_TYPE_ONLINE_BAR (mm_online_bar_get_type ())

G_DECLARE_FINAL_TYPE (MmOnlineBar, mm_online_bar, MM, ONLINE_BAR, GtkWidget)

void         mm_online_bar_set_game      (MmOnlineBar *self,
                                          const char  *text);
void         mm_online_bar_set_state     (MmOnlineBar *self,
                                          const char  *text);
void         mm_online_bar_set_result    (MmOnlineBar *self,
                                          const char  *text);
void         mm_online_bar_set_question  (MmOnlineBar *self,
                                          const char  *text);
void         mm_online_bar_set_stage     (MmOnlineBar *self,
                                          gboolean     playing,
                                          gboolean     over);
MmChatPanel *mm_online_bar_get_chat      (MmOnlineBar *self);

G_END_DECLS
