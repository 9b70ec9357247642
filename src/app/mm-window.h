/* mm-window.h
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

#include "mm-game.h"
#include "mm-lobby-client.h"
#include "mm-online-game.h"

G_BEGIN_DECLS

#define MM_TYPE_WINDOW (mm_window_get_type ())

G_DECLARE_FINAL_TYPE (MmWindow, mm_window, MM, WINDOW, GtkApplicationWindow)

MmWindow *mm_window_new       (GtkApplication *application);
MmGame   *mm_window_get_game  (MmWindow       *self);

typedef struct _MmLobbyDialog MmLobbyDialog;

MmLobbyClient *mm_window_get_lobby_client (MmWindow      *self);
void           mm_window_set_lobby_client (MmWindow      *self,
                                           MmLobbyClient *client);
MmOnlineGame  *mm_window_get_online_game  (MmWindow      *self);
void           mm_window_show_online_game (MmWindow      *self,
                                           MmOnlineGame  *game);
MmLobbyDialog *mm_window_open_lobby       (MmWindow      *self);
void           mm_window_answer_challenge (MmWindow      *self,
                                           const char    *id,
                                           gboolean       accept);
void           mm_window_show_message     (MmWindow      *self,
                                           const char    *message);
void      mm_window_open_files (MmWindow       *self,
                                GFile         **files,
                                guint           n_files);

G_END_DECLS
