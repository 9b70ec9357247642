/* mm-lobby-row.h
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

#include "mm-lobby-client.h"

G_BEGIN_DECLS

/* The rows of the lobby's lists (players, open games, games to watch,
 * servers on the network): a name, a line of details, and a button
 * whose action takes the entry's id. */

GtkListItemFactory *mm_lobby_row_factory_new (void);
void                mm_lobby_row_fill        (GtkListItem *item,
                                              const char  *main_text,
                                              const char  *detail,
                                              const char  *button_label,
                                              const char  *action,
                                              const char  *target,
                                              gboolean     sensitive);

char               *mm_lobby_row_player_with_rating (MmLobbyClient *client,
                                                     const char    *name);
void                mm_lobby_row_bind_seek          (GtkListItem   *item,
                                                     MmLobbyClient *client);
void                mm_lobby_row_bind_player        (GtkListItem   *item,
                                                     MmLobbyClient *client);
void                mm_lobby_row_bind_game          (GtkListItem   *item);
void                mm_lobby_row_bind_lan           (GtkListItem   *item);

G_END_DECLS
