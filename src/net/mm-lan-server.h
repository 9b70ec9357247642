/* mm-lan-server.h
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
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* A lobby server heard on the local network: what its beacon said and
 * where it came from. */

#define MM_TYPE_LAN_SERVER (mm_lan_server_get_type ())

G_DECLARE_FINAL_TYPE (MmLanServer, mm_lan_server, MM, LAN_SERVER, GObject)

const char  *mm_lan_server_get_name        (MmLanServer *self);
const char  *mm_lan_server_get_host        (MmLanServer *self);
guint16      mm_lan_server_get_port        (MmLanServer *self);
const char  *mm_lan_server_get_fingerprint (MmLanServer *self);
char        *mm_lan_server_get_address     (MmLanServer *self);

/* For MmLanDiscovery. */
MmLanServer *_mm_lan_server_new          (JsonObject  *beacon,
                                          const char  *host);
gint64       _mm_lan_server_get_heard_at (MmLanServer *self);
gboolean     _mm_lan_server_heard_again  (MmLanServer *self,
                                          MmLanServer *other);

G_END_DECLS
