/* test-protocol.c
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

/* The protocol's messages as docs/PROTOCOL.md specifies them: what is
 * taken, what is refused and with which code, and lines that stay
 * lines. */

#include <string.h>

#include "mm-line-reader.h"
#include "mm-protocol.h"

static void
assert_refused (const char *line, int code)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) message = mm_protocol_parse_line (line, NULL, &error);

  g_assert_null (message);
  g_assert_error (error, MM_PROTOCOL_ERROR, code);
}

static void
test_hello (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  g_autoptr(JsonObject) message =
    mm_protocol_parse_line ("{\"type\":\"hello\",\"id\":\"h1\",\"version\":1,"
                            "\"program\":\"Μονομαχία 0.9\"}", &id, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (mm_protocol_get_type (message), ==, "hello");
  g_assert_cmpstr (id, ==, "h1");
  g_assert_cmpint (json_object_get_int_member (message, "version"), ==, 1);
  g_assert_cmpstr (json_object_get_string_member (message, "program"), ==, "Μονομαχία 0.9");
}

static void
test_refusals (void)
{
  assert_refused ("", MM_PROTOCOL_ERROR_NOT_OBJECT);
  assert_refused ("{\"type\":\"hello\"", MM_PROTOCOL_ERROR_SYNTAX);
  assert_refused ("hello", MM_PROTOCOL_ERROR_SYNTAX);
  assert_refused ("[1,2]", MM_PROTOCOL_ERROR_NOT_OBJECT);
  assert_refused ("42", MM_PROTOCOL_ERROR_NOT_OBJECT);
  assert_refused ("{}", MM_PROTOCOL_ERROR_MISSING_FIELD);
  assert_refused ("{\"type\":7}", MM_PROTOCOL_ERROR_BAD_FIELD);
  assert_refused ("{\"type\":\"launch\"}", MM_PROTOCOL_ERROR_UNKNOWN_TYPE);
  assert_refused ("{\"type\":\"hello\",\"version\":1}", MM_PROTOCOL_ERROR_MISSING_FIELD);
  /* The wrong kind of value, or out of bounds. */
  assert_refused ("{\"type\":\"hello\",\"version\":\"1\",\"program\":\"x\"}",
                  MM_PROTOCOL_ERROR_BAD_FIELD);
  assert_refused ("{\"type\":\"hello\",\"version\":1.0,\"program\":\"x\"}",
                  MM_PROTOCOL_ERROR_BAD_FIELD);
  assert_refused ("{\"type\":\"hello\",\"version\":0,\"program\":\"x\"}",
                  MM_PROTOCOL_ERROR_BAD_FIELD);
  assert_refused ("{\"type\":\"hello\",\"version\":99999999999999,\"program\":\"x\"}",
                  MM_PROTOCOL_ERROR_BAD_FIELD);
  assert_refused ("{\"type\":\"hello\",\"version\":1,\"program\":\"\"}",
                  MM_PROTOCOL_ERROR_BAD_FIELD);
  assert_refused ("{\"type\":\"hello\",\"version\":1,\"program\":null}",
                  MM_PROTOCOL_ERROR_BAD_FIELD);
  assert_refused ("{\"type\":\"hello\",\"version\":1,\"program\":{\"a\":1}}",
                  MM_PROTOCOL_ERROR_BAD_FIELD);
  assert_refused ("{\"type\":\"hello\",\"version\":1,\"program\":\"a\\u0007b\"}",
                  MM_PROTOCOL_ERROR_BAD_FIELD);
  assert_refused ("{\"type\":\"hello\",\"version\":1,\"program\":\"a\\u202eb\"}",
                  MM_PROTOCOL_ERROR_BAD_FIELD);
  /* Nothing the specification does not list. */
  assert_refused ("{\"type\":\"hello\",\"version\":1,\"program\":\"x\",\"admin\":true}",
                  MM_PROTOCOL_ERROR_UNKNOWN_FIELD);
  assert_refused ("{\"type\":\"ping\",\"id\":\"\"}", MM_PROTOCOL_ERROR_BAD_FIELD);
  assert_refused ("{\"type\":\"ping\",\"id\":5}", MM_PROTOCOL_ERROR_BAD_FIELD);
}

/* What json-glib would take but JSON does not. */
static void
test_strict_json (void)
{
  g_autoptr(GString) deep = g_string_new ("{\"type\":\"ping\",\"x\":/*\"*/");
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) emoji = NULL;

  for (int i = 0; i < 8000; i++)
    g_string_append_c (deep, '[');
  for (int i = 0; i < 8000; i++)
    g_string_append_c (deep, ']');
  g_string_append_c (deep, '}');
  assert_refused (deep->str, MM_PROTOCOL_ERROR_SYNTAX);
  assert_refused ("{\"type\":\"ping\",'x':1}", MM_PROTOCOL_ERROR_SYNTAX);
  assert_refused ("{\"type\":\"hello\",\"version\":0x1,\"program\":\"x\"}",
                  MM_PROTOCOL_ERROR_SYNTAX);
  assert_refused ("{\"type\":\"hello\",\"version\":01,\"program\":\"x\"}",
                  MM_PROTOCOL_ERROR_SYNTAX);
  assert_refused ("{\"type\":\"ping\"}{\"a\":1}", MM_PROTOCOL_ERROR_SYNTAX);
  assert_refused ("{\"type\":\"ping\"} x", MM_PROTOCOL_ERROR_SYNTAX);
  assert_refused ("{\"type\":\"ping\",}", MM_PROTOCOL_ERROR_SYNTAX);
  assert_refused ("{\"type\":\"hello\",\"version\":1,\"program\":\"a\\u0000b\"}",
                  MM_PROTOCOL_ERROR_SYNTAX);
  assert_refused ("{\"type\":\"hello\",\"version\":1,\"program\":\"a\\ud800b\"}",
                  MM_PROTOCOL_ERROR_SYNTAX);
  assert_refused ("{\"type\":\"hello\",\"version\":1,\"program\":\"a\\udc00b\"}",
                  MM_PROTOCOL_ERROR_SYNTAX);
  assert_refused ("{\"type\":\"hello\",\"version\":1,\"program\":\"a\tb\"}",
                  MM_PROTOCOL_ERROR_SYNTAX);
  /* A pair of surrogates is one character, and welcome. */
  emoji = mm_protocol_parse_line ("{\"type\":\"hello\",\"version\":1,"
                                  "\"program\":\"a\\ud83d\\ude00\"}", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string_member (emoji, "program"), ==, "a\xf0\x9f\x98\x80");
}

/* An error names one of the codes, and the versions only with its own. */
static void
test_error_fields (void)
{
  assert_refused ("{\"type\":\"error\",\"code\":\"bogus\",\"message\":\"\"}",
                  MM_PROTOCOL_ERROR_BAD_FIELD);
  assert_refused ("{\"type\":\"error\",\"code\":\"syntax\",\"message\":\"\","
                  "\"min_version\":1}", MM_PROTOCOL_ERROR_UNKNOWN_FIELD);
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonObject) message =
      mm_protocol_parse_line ("{\"type\":\"error\",\"code\":\"version\",\"message\":\"\","
                              "\"min_version\":1,\"max_version\":1}", NULL, &error);

    g_assert_no_error (error);
  }
}

static void
assert_taken (const char *line)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) message = mm_protocol_parse_line (line, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (message);
}

/* Values from a list, and lists of objects checked entry by entry. */
static void
test_enums_and_lists (void)
{
  assert_taken ("{\"type\":\"subscribe\",\"topic\":\"players\"}");
  assert_refused ("{\"type\":\"subscribe\",\"topic\":\"everything\"}",
                  MM_PROTOCOL_ERROR_BAD_FIELD);
  assert_refused ("{\"type\":\"subscribe\",\"topic\":1}", MM_PROTOCOL_ERROR_BAD_FIELD);

  assert_taken ("{\"type\":\"players\",\"done\":true,\"players\":[]}");
  assert_taken ("{\"type\":\"players\",\"done\":false,\"players\":["
                "{\"name\":\"Αλέξανδρος\",\"guest\":false,\"status\":\"idle\","
                "\"rating\":1612,\"deviation\":80},"
                "{\"name\":\"kim\",\"guest\":true,\"status\":\"away\"}]}");
  /* An entry of the wrong shape, kind or with a field it does not have. */
  assert_refused ("{\"type\":\"players\",\"done\":true,\"players\":[1]}",
                  MM_PROTOCOL_ERROR_BAD_FIELD);
  assert_refused ("{\"type\":\"players\",\"done\":true,\"players\":{}}",
                  MM_PROTOCOL_ERROR_BAD_FIELD);
  assert_refused ("{\"type\":\"players\",\"done\":true,\"players\":["
                  "{\"name\":\"kim\",\"guest\":true,\"status\":\"idle\",\"admin\":true}]}",
                  MM_PROTOCOL_ERROR_UNKNOWN_FIELD);
  assert_refused ("{\"type\":\"players\",\"done\":true,\"players\":["
                  "{\"name\":\"kim\",\"status\":\"idle\"}]}",
                  MM_PROTOCOL_ERROR_MISSING_FIELD);
  /* The envelope's members are only the message's, not an entry's. */
  assert_refused ("{\"type\":\"players\",\"done\":true,\"players\":["
                  "{\"type\":\"x\",\"name\":\"kim\",\"guest\":true,\"status\":\"idle\"}]}",
                  MM_PROTOCOL_ERROR_UNKNOWN_FIELD);
  {
    g_autoptr(GString) line = g_string_new ("{\"type\":\"players\",\"done\":true,\"players\":[");

    for (int i = 0; i < 101; i++)
      g_string_append_printf (line, "%s{\"name\":\"p%d\",\"guest\":true,\"status\":\"idle\"}",
                              i > 0 ? "," : "", i);
    g_string_append (line, "]}");
    assert_refused (line->str, MM_PROTOCOL_ERROR_BAD_FIELD);
  }
}

/* The server takes only what a client may send. */
static void
test_requests (void)
{
  g_assert_true (mm_protocol_is_request ("hello"));
  g_assert_true (mm_protocol_is_request ("ping"));
  g_assert_true (mm_protocol_is_request ("say"));
  g_assert_false (mm_protocol_is_request ("welcome"));
  g_assert_false (mm_protocol_is_request ("said"));
  g_assert_false (mm_protocol_is_request ("player-added"));
  g_assert_false (mm_protocol_is_request ("nonsense"));
  /* Every code has its name on the wire. */
  for (int code = MM_PROTOCOL_ERROR_SYNTAX; code <= MM_PROTOCOL_ERROR_SHUTDOWN; code++)
    if (code != MM_PROTOCOL_ERROR_INTERNAL)
      g_assert_cmpstr (mm_protocol_error_name (code), !=, "internal");
  g_assert_cmpstr (mm_protocol_error_name (MM_PROTOCOL_ERROR_SHUTDOWN + 1), ==, "internal");
}

/* A refusal that quotes what it refused (a member's name with a control
 * character) still answers with an error every client takes. */
static void
test_refusal_quoting_controls (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) message =
    mm_protocol_parse_line ("{\"type\":\"ping\",\"\\u007fx\\u202e\":1}", NULL, &error);
  g_autoptr(JsonObject) reply = NULL;
  g_autoptr(JsonObject) again = NULL;
  g_autoptr(GError) reparse_error = NULL;
  g_autofree char *line = NULL;

  g_assert_null (message);
  g_assert_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_UNKNOWN_FIELD);
  reply = mm_protocol_new_error (error, NULL);
  line = mm_protocol_to_line (reply);
  g_strchomp (line);
  again = mm_protocol_parse_line (line, NULL, &reparse_error);
  g_assert_no_error (reparse_error);
  g_assert_nonnull (strstr (json_object_get_string_member (again, "message"), "\xef\xbf\xbd"));
}

/* A line that nests without end is refused before it is parsed. */
static void
test_too_deep (void)
{
  g_autoptr(GString) line = g_string_new ("{\"type\":\"ping\",\"x\":");

  for (int i = 0; i < 5000; i++)
    g_string_append_c (line, '[');
  for (int i = 0; i < 5000; i++)
    g_string_append_c (line, ']');
  g_string_append_c (line, '}');
  assert_refused (line->str, MM_PROTOCOL_ERROR_TOO_DEEP);
  /* Brackets inside a string are only text. */
  assert_refused ("{\"type\":\"hello\",\"version\":1,\"program\":\"[[[[[[[[[[[[[[[[[[[[\","
                  "\"x\":1}", MM_PROTOCOL_ERROR_UNKNOWN_FIELD);
}

/* A refusal answers with its code, its sentence and the request's id. */
static void
test_error_reply (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  g_autoptr(JsonObject) message =
    mm_protocol_parse_line ("{\"type\":\"hello\",\"id\":\"r7\",\"version\":1}", &id, &error);
  g_autoptr(JsonObject) reply = NULL;
  g_autoptr(JsonObject) reply_back = NULL;
  g_autoptr(GError) reply_error = NULL;
  g_autofree char *reply_line = NULL;

  g_assert_null (message);
  g_assert_cmpstr (id, ==, "r7");
  reply = mm_protocol_new_error (error, id);
  reply_line = mm_protocol_to_line (reply);
  /* The reply is itself a message of the protocol. */
  reply_back = mm_protocol_parse_line (reply_line, NULL, &reply_error);
  g_assert_no_error (reply_error);
  g_assert_cmpstr (json_object_get_string_member (reply_back, "code"), ==, "missing-field");
  g_assert_cmpstr (json_object_get_string_member (reply_back, "id"), ==, "r7");
  g_assert_nonnull (strstr (json_object_get_string_member (reply_back, "message"), "program"));
}

/* The framing's refusals have their codes on the wire too. */
static void
test_line_error_codes (void)
{
  g_autoptr(GError) too_long = g_error_new_literal (MM_LINE_ERROR, MM_LINE_ERROR_TOO_LONG, "long");
  g_autoptr(GError) not_text = g_error_new_literal (MM_LINE_ERROR, MM_LINE_ERROR_NOT_UTF8, "bytes");
  g_autoptr(JsonObject) too_long_reply = mm_protocol_new_error (too_long, NULL);
  g_autoptr(JsonObject) not_text_reply = mm_protocol_new_error (not_text, "q");

  g_assert_cmpstr (json_object_get_string_member (too_long_reply, "code"), ==, "too-long");
  g_assert_false (json_object_has_member (too_long_reply, "id"));
  g_assert_cmpstr (json_object_get_string_member (not_text_reply, "code"), ==, "not-text");
  g_assert_cmpstr (json_object_get_string_member (not_text_reply, "id"), ==, "q");
}

/* Quotes and backslashes and all, a message goes out as one line and
 * comes back the same. */
static void
test_one_line (void)
{
  g_autoptr(JsonObject) welcome = mm_protocol_new_message ("welcome", NULL);
  g_autoptr(JsonObject) back = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;

  json_object_set_string_member (welcome, "server", "Λέσχη \"Othello\"\\");
  json_object_set_int_member (welcome, "version", MM_PROTOCOL_VERSION);
  json_object_set_int_member (welcome, "max_line", 16384);
  line = mm_protocol_to_line (welcome);
  g_assert_true (g_str_has_suffix (line, "\n"));
  g_assert_true (strchr (line, '\n') == line + strlen (line) - 1);
  back = mm_protocol_parse_line (line, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (json_object_get_string_member (back, "server"), ==, "Λέσχη \"Othello\"\\");
}

/* Random and mangled lines are refused or taken, never a crash (a fixed
 * seed, a bounded count). */
static void
test_garbage (void)
{
  static const char *const seeds[] = {
    "{\"type\":\"hello\",\"version\":1,\"program\":\"x\"}",
    "{\"type\":\"error\",\"code\":\"x\",\"message\":\"y\",\"min_version\":1}",
    "{\"type\":\"ping\",\"id\":\"a\"}",
  };
  static const char alphabet[] = "{}[]\":,\\0123456789.eE+-truefalsnlxu'/* \xce\xbd\xff";
  g_autoptr(GRand) rand = g_rand_new_with_seed (22);
  int taken = 0;

  for (int i = 0; i < 20000; i++)
    {
      g_autofree char *line = g_strdup (seeds[i % G_N_ELEMENTS (seeds)]);
      gsize length = strlen (line);
      g_autoptr(GError) error = NULL;
      g_autoptr(JsonObject) message = NULL;
      g_autofree char *id = NULL;

      for (int n = g_rand_int_range (rand, 0, 4); n > 0; n--)
        line[g_rand_int_range (rand, 0, (gint32) length)] =
          alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)];
      /* Only text reaches the parser: the line reader refuses the rest. */
      if (!g_utf8_validate (line, -1, NULL))
        continue;
      message = mm_protocol_parse_line (line, &id, &error);
      g_assert_true ((message == NULL) != (error == NULL));
      if (message != NULL)
        taken++;
      else
        g_assert_cmpuint (error->domain, ==, MM_PROTOCOL_ERROR);
    }
  /* Unchanged seeds at least are taken. */
  g_assert_cmpint (taken, >, 0);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/protocol/hello", test_hello);
  g_test_add_func ("/protocol/refusals", test_refusals);
  g_test_add_func ("/protocol/strict-json", test_strict_json);
  g_test_add_func ("/protocol/error-fields", test_error_fields);
  g_test_add_func ("/protocol/enums-and-lists", test_enums_and_lists);
  g_test_add_func ("/protocol/requests", test_requests);
  g_test_add_func ("/protocol/refusal-quoting-controls", test_refusal_quoting_controls);
  g_test_add_func ("/protocol/too-deep", test_too_deep);
  g_test_add_func ("/protocol/error-reply", test_error_reply);
  g_test_add_func ("/protocol/line-error-codes", test_line_error_codes);
  g_test_add_func ("/protocol/one-line", test_one_line);
  g_test_add_func ("/protocol/garbage", test_garbage);

  return g_test_run ();
}
