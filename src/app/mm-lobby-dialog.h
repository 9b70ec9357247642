/* mm-lobby-dialog.h
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

#include "mm-lobby-offer.h"
#include "mm-window.h"

G_BEGIN_DECLS

/* Play Online: connect to a lobby (a server's address, a name, a
 * password for a registered player), trust a self-signed server once,
 * then the lobby: open games to take or to offer, the players to
 * challenge, the games to watch, and the lobby's chat.  The connection
 * is the window's (it lasts while the dialog is closed); a game of the
 * person's, once it starts, is played in the window. */

#define MM_TYPE_LOBBY_DIALOG (mm_lobby_dialog_get_type ())

G_DECLARE_FINAL_TYPE (MmLobbyDialog, mm_lobby_dialog, MM, LOBBY_DIALOG, GtkWindow)

MmLobbyDialog *mm_lobby_dialog_new                 (MmWindow    *window);
void           mm_lobby_dialog_set_server          (MmLobbyDialog *self,
                                                    const char  *address);
void           mm_lobby_dialog_show_challenge      (MmLobbyDialog *self,
                                                    MmLobbyOffer *challenge);

G_END_DECLS
