/* mm-lobby-words.h
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

#include <glib.h>

#include "mm-lobby-player.h"

G_BEGIN_DECLS

/* What the lobby's windows say of what the server lists (time controls,
 * ratings, statuses), and the server addresses a person types. */

#define MM_LOBBY_DEFAULT_PORT 7711

char       *mm_lobby_format_time_control (guint          base,
                                          guint          increment);
char       *mm_lobby_format_rating       (int            rating);
const char *mm_lobby_status_text         (MmLobbyStatus  status);
gboolean    mm_lobby_parse_address       (const char    *address,
                                          char         **host,
                                          guint16       *port);

G_END_DECLS
