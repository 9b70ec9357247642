/* mm-handshake.h
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

#include "mm-protocol.h"

G_BEGIN_DECLS

/* The versions of the protocol this program speaks. */
#define MM_PROTOCOL_MIN_VERSION 1
#define MM_PROTOCOL_MAX_VERSION MM_PROTOCOL_VERSION

gboolean    mm_handshake_check_hello (JsonObject   *message,
                                      GError      **error);
JsonObject *mm_handshake_new_hello   (const char   *program);
JsonObject *mm_handshake_new_welcome (const char   *server_name,
                                      gsize         max_line);
JsonObject *mm_handshake_new_refusal (const GError *error,
                                      const char   *id);

G_END_DECLS
