/* mm-lobby-game.h
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

/* A game being played on the server, as the lobby lists it to watch. */

#define MM_TYPE_LOBBY_GAME (mm_lobby_game_get_type ())

G_DECLARE_FINAL_TYPE (MmLobbyGame, mm_lobby_game, MM, LOBBY_GAME, GObject)

MmLobbyGame *mm_lobby_game_new_from_json (JsonObject  *game);
const char  *mm_lobby_game_get_id        (MmLobbyGame *self);
const char  *mm_lobby_game_get_black     (MmLobbyGame *self);
const char  *mm_lobby_game_get_white     (MmLobbyGame *self);
guint        mm_lobby_game_get_base      (MmLobbyGame *self);
guint        mm_lobby_game_get_increment (MmLobbyGame *self);
gboolean     mm_lobby_game_is_rated      (MmLobbyGame *self);

G_END_DECLS
