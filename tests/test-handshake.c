/* test-handshake.c
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

/* The handshake as docs/PROTOCOL.md has it; every message built here
 * passes the codec's own checks. */

#include <string.h>

#include "mm-handshake.h"

/* Out as a line and back in through the codec. */
static JsonObject *
through_the_wire (JsonObject *message)
{
  g_autofree char *line = mm_protocol_to_line (message);
  g_autoptr(GError) error = NULL;
  JsonObject *back;

  line[strlen (line) - 1] = '\0';
  back = mm_protocol_parse_line (line, NULL, &error);
  g_assert_no_error (error);
  return back;
}

static void
test_hello_welcome (void)
{
  g_autoptr(JsonObject) hello = mm_handshake_new_hello ("Monomachia 1.0");
  g_autoptr(JsonObject) hello_back = through_the_wire (hello);
  g_autoptr(JsonObject) welcome = mm_handshake_new_welcome ("Λέσχη", 16384);
  g_autoptr(JsonObject) welcome_back = through_the_wire (welcome);
  g_autoptr(GError) error = NULL;

  g_assert_true (mm_handshake_check_hello (hello_back, &error));
  g_assert_no_error (error);
  g_assert_cmpint (json_object_get_int_member (welcome_back, "version"), ==, MM_PROTOCOL_VERSION);
}

static JsonObject *
parse (const char *line)
{
  g_autoptr(GError) error = NULL;
  JsonObject *message = mm_protocol_parse_line (line, NULL, &error);

  g_assert_no_error (error);
  return message;
}

/* A version from the future is refused with the versions spoken. */
static void
test_version_refused (void)
{
  g_autoptr(JsonObject) hello = parse ("{\"type\":\"hello\",\"id\":\"h\",\"version\":2,"
                                       "\"program\":\"later\"}");
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) refusal = NULL;
  g_autoptr(JsonObject) refusal_back = NULL;

  g_assert_false (mm_handshake_check_hello (hello, &error));
  g_assert_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_VERSION);
  refusal = mm_handshake_new_refusal (error, "h");
  refusal_back = through_the_wire (refusal);
  g_assert_cmpstr (json_object_get_string_member (refusal_back, "code"), ==, "version");
  g_assert_cmpstr (json_object_get_string_member (refusal_back, "id"), ==, "h");
  g_assert_cmpint (json_object_get_int_member (refusal_back, "min_version"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (refusal_back, "max_version"), ==, MM_PROTOCOL_VERSION);
}

/* Nothing but hello comes first. */
static void
test_hello_first (void)
{
  g_autoptr(JsonObject) ping = parse ("{\"type\":\"ping\"}");
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) refusal = NULL;
  g_autoptr(JsonObject) refusal_back = NULL;

  g_assert_false (mm_handshake_check_hello (ping, &error));
  g_assert_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_HELLO_FIRST);
  refusal = mm_handshake_new_refusal (error, NULL);
  refusal_back = through_the_wire (refusal);
  g_assert_cmpstr (json_object_get_string_member (refusal_back, "code"), ==, "hello-first");
  g_assert_false (json_object_has_member (refusal_back, "min_version"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/handshake/hello-welcome", test_hello_welcome);
  g_test_add_func ("/handshake/version-refused", test_version_refused);
  g_test_add_func ("/handshake/hello-first", test_hello_first);

  return g_test_run ();
}
