/* mm-lan-discovery.h
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

/* Listens for the beacons of MmLanBeacon and lists the servers heard
 * lately (MmLanServer), forgetting one not heard for a while. */

#define MM_TYPE_LAN_DISCOVERY (mm_lan_discovery_get_type ())

G_DECLARE_FINAL_TYPE (MmLanDiscovery, mm_lan_discovery, MM, LAN_DISCOVERY, GObject)

MmLanDiscovery *mm_lan_discovery_new        (void);
gboolean        mm_lan_discovery_start      (MmLanDiscovery  *self,
                                             guint16          port,
                                             guint            forget_after_ms,
                                             GError         **error);
void            mm_lan_discovery_stop       (MmLanDiscovery  *self);
GListModel     *mm_lan_discovery_get_servers (MmLanDiscovery *self);

G_END_DECLS
