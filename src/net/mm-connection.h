/* mm-connection.h
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

#include "mm-reactor.h"

G_BEGIN_DECLS

#define MM_TYPE_CONNECTION (mm_connection_get_type ())

G_DECLARE_FINAL_TYPE (MmConnection, mm_connection, MM, CONNECTION, GObject)

MmConnection *mm_connection_new       (GIOStream    *stream);
MmConnection *mm_connection_new_polled (GIOStream   *stream,
                                        GSocket     *socket,
                                        MmReactor   *reactor);
void          mm_connection_start     (MmConnection *self);
void          mm_connection_send      (MmConnection *self,
                                       JsonObject   *message);
void          mm_connection_close     (MmConnection *self,
                                       const GError *error);
gboolean      mm_connection_is_closed (MmConnection *self);

G_END_DECLS
