/* mm-handshake.c
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

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-handshake.h"

/* The first exchange of a connection (docs/PROTOCOL.md, "Handshake"):
 * the client's hello, the server's welcome or its refusal naming the
 * versions it speaks. */

/* Whether @message, the first of a connection, is a hello the server
 * can answer with a welcome.  A message of another type, or a version
 * this program does not speak, is an MM_PROTOCOL_ERROR_VERSION or
 * MM_PROTOCOL_ERROR_HELLO_FIRST error. */
gboolean
mm_handshake_check_hello (JsonObject  *message,
                          GError     **error)
{
  gint64 version;

  g_return_val_if_fail (message != NULL, FALSE);

  if (g_strcmp0 (mm_protocol_get_type (message), "hello") != 0)
    {
      g_set_error_literal (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_HELLO_FIRST,
                           /* Translators: protocol error; "hello" is a message's name */
                           _("A connection begins with “hello”."));
      return FALSE;
    }
  version = json_object_get_int_member (message, "version");
  if (version < MM_PROTOCOL_MIN_VERSION || version > MM_PROTOCOL_MAX_VERSION)
    {
      g_set_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_VERSION,
                   /* Translators: protocol error; the %d are protocol versions */
                   _("This server speaks versions %d to %d of the protocol, not %d."),
                   MM_PROTOCOL_MIN_VERSION, MM_PROTOCOL_MAX_VERSION, (int) version);
      return FALSE;
    }
  return TRUE;
}

JsonObject *
mm_handshake_new_hello (const char *program)
{
  JsonObject *hello = mm_protocol_new_message ("hello", NULL);

  json_object_set_int_member (hello, "version", MM_PROTOCOL_VERSION);
  json_object_set_string_member (hello, "program", program);
  return hello;
}

JsonObject *
mm_handshake_new_welcome (const char *server_name,
                          gsize       max_line)
{
  JsonObject *welcome = mm_protocol_new_message ("welcome", NULL);

  json_object_set_string_member (welcome, "server", server_name);
  json_object_set_int_member (welcome, "version", MM_PROTOCOL_VERSION);
  json_object_set_int_member (welcome, "max_line", (gint64) max_line);
  return welcome;
}

/* The answer to a hello refused by mm_handshake_check_hello(): a
 * version error names the versions spoken. */
JsonObject *
mm_handshake_new_refusal (const GError *error,
                          const char   *id)
{
  JsonObject *reply = mm_protocol_new_error (error, id);

  if (g_error_matches (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_VERSION))
    {
      json_object_set_int_member (reply, "min_version", MM_PROTOCOL_MIN_VERSION);
      json_object_set_int_member (reply, "max_version", MM_PROTOCOL_MAX_VERSION);
    }
  return reply;
}
