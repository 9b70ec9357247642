/* fuzz-nboard-reply.c
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

/* A libFuzzer target for the app's reader of an NBoard engine's replies
 * (an engine is another program, which may say anything): every line is
 * some kind of reply, its arguments parse or are refused, a parsed move
 * is a square or a pass, and a name the engine gives is cleaned to short
 * printable text. */

#include "config.h"

#include <stdint.h>
#include <string.h>

#include "fuzz-common.h"
#include "mm-nboard-protocol.h"

#define MAX_NAME 40

static void
check_argument (MmNboardReply  reply,
                const char    *argument)
{
  MmNboardSearch search;
  gboolean has_score = FALSE;
  guint64 number;
  int square = -2;
  int score = 0;

  switch (reply)
    {
    case MM_NBOARD_REPLY_MOVE:
      if (mm_nboard_parse_move (argument, &square, &has_score, &score)
          && !(square == MM_SQUARE_PASS || (square >= 0 && square < 64)))
        mm_fuzz_fail ("the move “%s” read as square %d", argument, square);
      break;
    case MM_NBOARD_REPLY_SEARCH:
      if (mm_nboard_parse_search (argument, &search)
          && !(search.square == MM_SQUARE_PASS || (search.square >= 0 && search.square < 64)))
        mm_fuzz_fail ("the search “%s” read as square %d", argument, search.square);
      break;
    case MM_NBOARD_REPLY_PONG:
      mm_nboard_parse_pong (argument, &number);
      break;
    case MM_NBOARD_REPLY_NODESTATS:
      mm_nboard_parse_nodestats (argument, &number);
      break;
    case MM_NBOARD_REPLY_NAME:
    case MM_NBOARD_REPLY_OTHER:
    default:
      break;
    }
}

static void
check_clean_text (const char *text)
{
  g_autofree char *clean = mm_nboard_clean_text (text, MAX_NAME);

  if (clean == NULL)
    return;
  if (!g_utf8_validate (clean, -1, NULL))
    mm_fuzz_fail ("cleaned text that is not UTF-8");
  if (g_utf8_strlen (clean, -1) > MAX_NAME)
    mm_fuzz_fail ("cleaned text of %ld characters", g_utf8_strlen (clean, -1));
  for (const char *p = clean; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_iscntrl (g_utf8_get_char (p))
        || g_unichar_type (g_utf8_get_char (p)) == G_UNICODE_FORMAT)
      mm_fuzz_fail ("cleaned text with a control or format character");
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;

  /* The process reader hands over lines of text, at most this long. */
  if (size > 4096)
    return 0;
  text = g_strndup ((const char *) data, size);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *argument = NULL;
      MmNboardReply reply = mm_nboard_parse_reply (lines[i], &argument);

      if (reply != MM_NBOARD_REPLY_OTHER && argument == NULL)
        mm_fuzz_fail ("a reply of kind %d without its argument", reply);
      if (argument != NULL)
        check_argument (reply, argument);
      check_clean_text (lines[i]);
    }
  return 0;
}
