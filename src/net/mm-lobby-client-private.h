/* mm-lobby-client-private.h
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

#include "mm-lobby-client.h"

G_BEGIN_DECLS

/* Between MmLobbyClient and the MmOnlineGames it keeps. */
MmOnlineGame *_mm_online_game_new                 (MmLobbyClient *client,
                                                   JsonObject    *started,
                                                   const char    *own_name);
void          _mm_online_game_handle              (MmOnlineGame  *self,
                                                   const char    *type,
                                                   JsonObject    *message);

/* For tests: the line to the server, to cut it. */
GSocketConnection *_mm_lobby_client_get_socket    (MmLobbyClient *self);
void          _mm_lobby_client_set_connect_timeout (MmLobbyClient *self,
                                                    guint          seconds);

G_END_DECLS
