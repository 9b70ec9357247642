/* fuzz-protocol.c
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

/* A libFuzzer target for the protocol's message decoder: any line must
 * give a message or an MM_PROTOCOL_ERROR, never both, neither, a crash
 * or a GLib warning.  A message taken must write as one line that reads
 * back the same; the error reply to a refused one must itself pass the
 * decoder, as every client will check it. */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-common.h"
#include "mm-protocol.h"

/* The line written again reads as the same message. */
static void
check_round_trip (JsonObject *message)
{
  g_autofree char *line = mm_protocol_to_line (message);
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) again = NULL;
  g_autofree char *line_again = NULL;

  if (strchr (line, '\n') != line + strlen (line) - 1)
    mm_fuzz_fail ("a message wrote more than one line: %s", line);
  line[strlen (line) - 1] = '\0';
  again = mm_protocol_parse_line (line, NULL, &error);
  if (again == NULL)
    mm_fuzz_fail ("a message wrote a line it cannot read (%s): %s", error->message, line);
  line_again = mm_protocol_to_line (again);
  line_again[strlen (line_again) - 1] = '\0';
  if (!g_str_equal (line, line_again))
    mm_fuzz_fail ("a message read back otherwise:\n%s\n%s", line, line_again);
}

static void
check_refusal (const GError *error,
               const char   *id)
{
  g_autoptr(JsonObject) reply = NULL;

  if (error->domain != MM_PROTOCOL_ERROR)
    mm_fuzz_fail ("a refusal outside the protocol's errors: %s", error->message);
  reply = mm_protocol_new_error (error, id);
  check_round_trip (reply);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *line = NULL;
  g_autofree char *id = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) message = NULL;

  /* The line reader refuses a NUL byte before the decoder sees it. */
  if (memchr (data, '\0', size) != NULL || size > 16384)
    return 0;
  line = g_strndup ((const char *) data, size);
  message = mm_protocol_parse_line (line, &id, &error);
  if ((message == NULL) == (error == NULL))
    mm_fuzz_fail ("a line gave %s", message == NULL ? "neither a message nor an error" : "both");
  if (message != NULL)
    check_round_trip (message);
  else
    check_refusal (error, id);
  return 0;
}
