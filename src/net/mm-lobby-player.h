/* mm-lobby-player.h
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

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* Someone present in the lobby, as the server last described them: an
 * entry of the client's list of players, replaced when they change. */

typedef enum
{
  MM_LOBBY_STATUS_IDLE,
  MM_LOBBY_STATUS_PLAYING,
  MM_LOBBY_STATUS_WATCHING,
  MM_LOBBY_STATUS_AWAY,
} MmLobbyStatus;

#define MM_TYPE_LOBBY_PLAYER (mm_lobby_player_get_type ())

G_DECLARE_FINAL_TYPE (MmLobbyPlayer, mm_lobby_player, MM, LOBBY_PLAYER, GObject)

MmLobbyPlayer *mm_lobby_player_new_from_json (JsonObject    *player);
const char    *mm_lobby_player_get_name      (MmLobbyPlayer *self);
gboolean       mm_lobby_player_is_guest      (MmLobbyPlayer *self);
MmLobbyStatus  mm_lobby_player_get_status    (MmLobbyPlayer *self);
int            mm_lobby_player_get_rating    (MmLobbyPlayer *self);
int            mm_lobby_player_get_deviation (MmLobbyPlayer *self);

G_END_DECLS
