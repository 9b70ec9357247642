/* mm-protocol.h
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

/* The online protocol's messages (docs/PROTOCOL.md): one JSON object per
 * line, its "type" naming one of the messages the specification lists,
 * every field checked on arrival. */
#define MM_PROTOCOL_VERSION 1

#define MM_PROTOCOL_ERROR (mm_protocol_error_quark ())

/* Each code has a name on the wire (mm_protocol_error_name()). */
typedef enum
{
  MM_PROTOCOL_ERROR_SYNTAX,
  MM_PROTOCOL_ERROR_NOT_OBJECT,
  MM_PROTOCOL_ERROR_TOO_DEEP,
  MM_PROTOCOL_ERROR_UNKNOWN_TYPE,
  MM_PROTOCOL_ERROR_MISSING_FIELD,
  MM_PROTOCOL_ERROR_BAD_FIELD,
  MM_PROTOCOL_ERROR_UNKNOWN_FIELD,
  MM_PROTOCOL_ERROR_VERSION,
  MM_PROTOCOL_ERROR_HELLO_FIRST,
  MM_PROTOCOL_ERROR_TOO_LONG,
  MM_PROTOCOL_ERROR_NOT_TEXT,
  MM_PROTOCOL_ERROR_INTERNAL,
  /* Refusals of a request that was well formed. */
  MM_PROTOCOL_ERROR_NOT_A_REQUEST,
  MM_PROTOCOL_ERROR_BAD_NAME,
  MM_PROTOCOL_ERROR_NAME_TAKEN,
  MM_PROTOCOL_ERROR_BAD_TOKEN,
  MM_PROTOCOL_ERROR_NOT_LOGGED_IN,
  MM_PROTOCOL_ERROR_LOGGED_IN,
  MM_PROTOCOL_ERROR_NO_SUCH_PLAYER,
  MM_PROTOCOL_ERROR_RATE_LIMITED,
  MM_PROTOCOL_ERROR_NO_SUCH_SEEK,
  MM_PROTOCOL_ERROR_NO_SUCH_CHALLENGE,
  MM_PROTOCOL_ERROR_NO_SUCH_GAME,
  MM_PROTOCOL_ERROR_BUSY,
  MM_PROTOCOL_ERROR_NEEDS_ACCOUNT,
  MM_PROTOCOL_ERROR_OUT_OF_RANGE,
  MM_PROTOCOL_ERROR_NOT_ACCEPTING,
  MM_PROTOCOL_ERROR_TOO_MANY,
  MM_PROTOCOL_ERROR_NOT_SEATED,
  MM_PROTOCOL_ERROR_NOT_YOUR_TURN,
  MM_PROTOCOL_ERROR_ILLEGAL_MOVE,
  MM_PROTOCOL_ERROR_GAME_OVER,
  MM_PROTOCOL_ERROR_TOO_LATE,
  MM_PROTOCOL_ERROR_NAME_REGISTERED,
  MM_PROTOCOL_ERROR_BAD_PASSWORD,
  MM_PROTOCOL_ERROR_NO_ACCOUNTS,
  MM_PROTOCOL_ERROR_NOT_ADMIN,
  MM_PROTOCOL_ERROR_MUTED,
  /* Why the server closes a connection. */
  MM_PROTOCOL_ERROR_FLOOD,
  MM_PROTOCOL_ERROR_TIMEOUT,
  MM_PROTOCOL_ERROR_IDLE,
  MM_PROTOCOL_ERROR_FULL,
  MM_PROTOCOL_ERROR_REPLACED,
  MM_PROTOCOL_ERROR_BANNED,
  MM_PROTOCOL_ERROR_KICKED,
  MM_PROTOCOL_ERROR_SHUTDOWN,
} MmProtocolError;

GQuark      mm_protocol_error_quark (void);
const char *mm_protocol_error_name  (MmProtocolError  code);
MmProtocolError mm_protocol_error_from_name (const char *name);
JsonObject *mm_protocol_parse_line  (const char      *line,
                                     char           **id,
                                     GError         **error);
const char *mm_protocol_get_type    (JsonObject      *message);
gboolean    mm_protocol_is_request  (const char      *type);
char       *mm_protocol_to_line     (JsonObject      *message);
JsonObject *mm_protocol_new_message (const char      *type,
                                     const char      *id);
JsonObject *mm_protocol_new_error   (const GError    *error,
                                     const char      *id);

G_END_DECLS
