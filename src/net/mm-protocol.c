/* mm-protocol.c
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

/* The protocol's lines (docs/PROTOCOL.md): reading a line as one JSON
 * object, by a scan against the JSON grammar before json-glib parses
 * it, then checking its message against the specification's tables
 * (mm-protocol-spec.c); writing a message as a line; and making the
 * messages, among them the error that answers a refused line. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mm-line-reader.h"
#include "mm-protocol.h"
#include "mm-protocol-private.h"

/* JSON nests no deeper than this in any message; a deeper line is
 * refused before the parser sees it. */
#define MAX_DEPTH 16

/* json-glib takes more than JSON (comments, single quotes, hex numbers,
 * data after the root), and recurses as deep as a line nests.  So each
 * line is first read here against the JSON grammar itself, without
 * recursion: one object at the root, nothing after it, nesting at most
 * MAX_DEPTH, numbers without leading zeros, strings without raw control
 * characters, "\u0000" or unpaired surrogates. */
typedef enum
{
  SCAN_OK,
  SCAN_SYNTAX,
  SCAN_NOT_OBJECT,
  SCAN_TOO_DEEP,
} ScanResult;

static const char *
skip_space (const char *p)
{
  while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
    p++;
  return p;
}

static int
hex_value (char c)
{
  return g_ascii_isxdigit (c) ? g_ascii_xdigit_value (c) : -1;
}

static gboolean
scan_escape_u (const char **pp, guint *value)
{
  const char *p = *pp;
  guint v = 0;

  for (int i = 0; i < 4; i++)
    {
      int digit = hex_value (p[i]);

      if (digit < 0)
        return FALSE;
      v = v * 16 + (guint) digit;
    }
  *pp = p + 4;
  *value = v;
  return TRUE;
}

/* @p is at the opening quote; answers the position after the closing one. */
static const char *
scan_string (const char *p)
{
  if (*p != '"')
    return NULL;
  for (p++; *p != '"'; p++)
    {
      if ((guchar) *p < 0x20)
        return NULL;
      if (*p != '\\')
        continue;
      p++;
      if (*p == 'u')
        {
          guint value, low;

          p++;
          if (!scan_escape_u (&p, &value) || value == 0 || (value >= 0xdc00 && value <= 0xdfff))
            return NULL;
          if (value >= 0xd800 && value <= 0xdbff)
            {
              if (p[0] != '\\' || p[1] != 'u')
                return NULL;
              p += 2;
              if (!scan_escape_u (&p, &low) || low < 0xdc00 || low > 0xdfff)
                return NULL;
            }
          p--;
        }
      else if (*p == '\0' || strchr ("\"\\/bfnrt", *p) == NULL)
        return NULL;
    }
  return p + 1;
}

static const char *
scan_digits (const char *p)
{
  if (!g_ascii_isdigit (*p))
    return NULL;
  while (g_ascii_isdigit (*p))
    p++;
  return p;
}

static const char *
scan_number (const char *p)
{
  if (*p == '-')
    p++;
  if (*p == '0')
    p++;
  else if ((p = scan_digits (p)) == NULL)
    return NULL;
  if (*p == '.' && (p = scan_digits (p + 1)) == NULL)
    return NULL;
  if (*p == 'e' || *p == 'E')
    {
      p++;
      if (*p == '+' || *p == '-')
        p++;
      if ((p = scan_digits (p)) == NULL)
        return NULL;
    }
  return p;
}

static const char *
scan_scalar (const char *p)
{
  if (*p == '"')
    return scan_string (p);
  if (*p == '-' || g_ascii_isdigit (*p))
    return scan_number (p);
  if (g_str_has_prefix (p, "true") || g_str_has_prefix (p, "null"))
    return p + 4;
  if (g_str_has_prefix (p, "false"))
    return p + 5;
  return NULL;
}

static ScanResult
scan_line (const char *line)
{
  char open[MAX_DEPTH];
  int depth = 0;
  const char *p = skip_space (line);
  gboolean want_key = FALSE;

  if (*p != '{')
    return *p == '\0' || *p == '[' || *p == '"' || *p == '-' || g_ascii_isdigit (*p)
           || g_str_has_prefix (p, "true") || g_str_has_prefix (p, "false")
           || g_str_has_prefix (p, "null")
           ? SCAN_NOT_OBJECT : SCAN_SYNTAX;

  for (;;)
    {
      /* A value (or, in an object, a key and its value) starts here. */
      p = skip_space (p);
      if (want_key)
        {
          if ((p = scan_string (p)) == NULL)
            return SCAN_SYNTAX;
          p = skip_space (p);
          if (*p++ != ':')
            return SCAN_SYNTAX;
          p = skip_space (p);
          want_key = FALSE;
        }
      if (*p == '{' || *p == '[')
        {
          if (depth == MAX_DEPTH)
            return SCAN_TOO_DEEP;
          open[depth++] = *p++;
          p = skip_space (p);
          if (*p == (open[depth - 1] == '{' ? '}' : ']'))
            {
              p++;
              depth--;
            }
          else
            {
              want_key = open[depth - 1] == '{';
              continue;
            }
        }
      else if ((p = scan_scalar (p)) == NULL)
        return SCAN_SYNTAX;

      /* After a value: a comma, the end of its container, or the end. */
      for (;;)
        {
          p = skip_space (p);
          if (depth == 0)
            return *p == '\0' ? SCAN_OK : SCAN_SYNTAX;
          if (*p == ',')
            {
              p++;
              want_key = open[depth - 1] == '{';
              break;
            }
          if (*p != (open[depth - 1] == '{' ? '}' : ']'))
            return SCAN_SYNTAX;
          p++;
          depth--;
        }
    }
}

/* The message of @line, checked against the specification, or NULL
 * with an MM_PROTOCOL_ERROR.  @id, when not NULL, receives the line's
 * "id" whenever it has a valid one, even when the message is refused,
 * so that the error reply can carry it. */
JsonObject *
mm_protocol_parse_line (const char  *line,
                        char       **id,
                        GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) parse_error = NULL;
  JsonNode *root;
  JsonObject *object;

  g_return_val_if_fail (line != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (id != NULL)
    *id = NULL;
  switch (g_utf8_validate (line, -1, NULL) ? scan_line (line) : SCAN_SYNTAX)
    {
    case SCAN_OK:
      break;
    case SCAN_TOO_DEEP:
      g_set_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_TOO_DEEP,
                   /* Translators: protocol error; %d is a small number */
                   _("The message nests deeper than %d levels."), MAX_DEPTH);
      return NULL;
    case SCAN_NOT_OBJECT:
      g_set_error_literal (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_NOT_OBJECT,
                           _("A message must be a JSON object."));
      return NULL;
    case SCAN_SYNTAX:
    default:
      g_set_error_literal (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_SYNTAX,
                           /* Translators: protocol error */
                           _("The message is not valid JSON."));
      return NULL;
    }
  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, line, -1, &parse_error))
    {
      g_set_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_SYNTAX,
                   /* Translators: protocol error; %s says what the JSON parser found */
                   _("The message is not JSON: %s"), parse_error->message);
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error_literal (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_NOT_OBJECT,
                           /* Translators: protocol error */
                           _("A message must be a JSON object."));
      return NULL;
    }
  object = json_node_get_object (root);
  if (id != NULL)
    *id = mm_protocol_take_id (object);
  if (!mm_protocol_check_message (object, error))
    return NULL;
  return json_object_ref (object);
}

const char *
mm_protocol_get_type (JsonObject *message)
{
  g_return_val_if_fail (message != NULL, NULL);

  return json_object_get_string_member_with_default (message, "type", NULL);
}

/* The message as one line, ending with its "\n": the generator writes
 * any newline inside a string as an escape, so the line never breaks. */
char *
mm_protocol_to_line (JsonObject *message)
{
  g_autoptr(JsonNode) root = json_node_new (JSON_NODE_OBJECT);
  g_autofree char *text = NULL;

  g_return_val_if_fail (message != NULL, NULL);

  json_node_set_object (root, message);
  text = json_to_string (root, FALSE);
  return g_strconcat (text, "\n", NULL);
}

JsonObject *
mm_protocol_new_message (const char *type,
                         const char *id)
{
  JsonObject *message = json_object_new ();

  g_return_val_if_fail (type != NULL, NULL);

  json_object_set_string_member (message, "type", type);
  if (id != NULL)
    json_object_set_string_member (message, "id", id);
  return message;
}

/* @text as a message may carry it: at most @max_length characters,
 * any control or format character (a refused line's, quoted) replaced
 * by U+FFFD, so that the reply passes every client's checks. */
static char *
printable (const char *text,
           glong       max_length)
{
  GString *out = g_string_new (NULL);
  glong length = 0;

  for (const char *p = text; *p != '\0' && length < max_length; p = g_utf8_next_char (p), length++)
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iscntrl (c) || g_unichar_type (c) == G_UNICODE_FORMAT)
        c = 0xFFFD;
      g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

/* The error message that answers a refused line: its code's name, the
 * sentence, and the request's id if it had one. */
JsonObject *
mm_protocol_new_error (const GError *error,
                       const char   *id)
{
  JsonObject *message = mm_protocol_new_message ("error", id);
  const char *code = "internal";
  g_autofree char *text = printable (error->message, 512);

  if (error->domain == MM_PROTOCOL_ERROR)
    code = mm_protocol_error_name (error->code);
  else if (g_error_matches (error, MM_LINE_ERROR, MM_LINE_ERROR_TOO_LONG))
    code = mm_protocol_error_name (MM_PROTOCOL_ERROR_TOO_LONG);
  else if (g_error_matches (error, MM_LINE_ERROR, MM_LINE_ERROR_NOT_UTF8))
    code = mm_protocol_error_name (MM_PROTOCOL_ERROR_NOT_TEXT);
  json_object_set_string_member (message, "code", code);
  json_object_set_string_member (message, "message", text);
  return message;
}
