/* mm-protocol-private.h
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

/* What the two files of the protocol share: mm-protocol.c reads a line
 * as JSON, and asks mm-protocol-spec.c, which holds the tables of the
 * messages and their fields, for the line's "id" and whether its
 * message is one the specification allows. */

#include "mm-protocol.h"

G_BEGIN_DECLS

/* mm-protocol-spec.c: a message's "id", if it has a usable one, even
 * when the message is refused; and whether @object is a message the
 * specification allows, with an MM_PROTOCOL_ERROR that names what is
 * wrong if not */
char     *mm_protocol_take_id       (JsonObject  *object);
gboolean  mm_protocol_check_message (JsonObject  *object,
                                     GError     **error);

G_END_DECLS
