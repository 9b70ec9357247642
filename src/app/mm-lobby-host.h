/* mm-lobby-host.h
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

#include <gio/gio.h>

G_BEGIN_DECLS

/* Host on this computer: the lobby server runs inside the app, for
 * friends on the same network, with its certificate and store in the
 * user's data folder; it lasts until the person stops it or the app
 * quits, and the guests are told first. */

#define MM_TYPE_LOBBY_HOST (mm_lobby_host_get_type ())

G_DECLARE_FINAL_TYPE (MmLobbyHost, mm_lobby_host, MM, LOBBY_HOST, GObject)

MmLobbyHost *mm_lobby_host_get_default     (void);
gboolean     mm_lobby_host_start           (MmLobbyHost  *self,
                                            guint16       port,
                                            GError      **error);
void         mm_lobby_host_stop            (MmLobbyHost  *self);
gboolean     mm_lobby_host_is_running      (MmLobbyHost  *self);
guint16      mm_lobby_host_get_port        (MmLobbyHost  *self);
const char  *mm_lobby_host_get_fingerprint (MmLobbyHost  *self);
char        *mm_lobby_host_describe        (MmLobbyHost  *self);

G_END_DECLS
