/* mm-lan-beacon.h
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

/* Servers on the local network find players without an address typed:
 * a server hosting here announces itself every few seconds with a UDP
 * multicast beacon (one JSON object: program, name, port, certificate
 * fingerprint) to MM_LAN_GROUP:MM_LAN_PORT, time-to-live 1 so that it
 * never leaves the network; a lobby dialog listens and lists the servers
 * it hears, forgetting one it has not heard for a while. */

#define MM_LAN_GROUP "239.255.77.11"
#define MM_LAN_PORT  7712

/* A beacon is small; anything longer is not one. */
#define MM_LAN_MAX_BEACON 512

#define MM_TYPE_LAN_BEACON (mm_lan_beacon_get_type ())

G_DECLARE_FINAL_TYPE (MmLanBeacon, mm_lan_beacon, MM, LAN_BEACON, GObject)

MmLanBeacon *mm_lan_beacon_new          (const char   *name,
                                         guint16       port,
                                         const char   *fingerprint);
void         mm_lan_beacon_set_target   (MmLanBeacon  *self,
                                         guint16       target_port);
gboolean     mm_lan_beacon_start        (MmLanBeacon  *self,
                                         guint         interval_ms,
                                         GError      **error);
void         mm_lan_beacon_stop         (MmLanBeacon  *self);

/* A datagram as it comes, checked; NULL for anything but a beacon. */
JsonObject  *_mm_lan_parse_beacon       (const char   *data,
                                         gsize         length);

G_END_DECLS
