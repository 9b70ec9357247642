/* mm-zebra-output.c
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

#define G_LOG_DOMAIN "mm-match"

#include "config.h"

#include <string.h>

#include "mm-zebra-output.h"

#define PV_PREFIX "PV:"

/* Zebra prints a "PV:" line after each finished search; only the last
 * one is its final word. */
static const char *
find_last_pv (const char *output,
              gsize      *length)
{
  const char *last = NULL;

  for (const char *line = output; line != NULL && *line != '\0';)
    {
      const char *end = strchr (line, '\n');
      gsize line_length = end != NULL ? (gsize) (end - line) : strlen (line);

      if (g_str_has_prefix (line, PV_PREFIX))
        {
          last = line;
          *length = line_length;
        }
      line = end != NULL ? end + 1 : NULL;
    }
  return last;
}

/* Reads "f4", or "--" for a pass: anything else is not a move. */
static int
parse_token (const char *token)
{
  if (strcmp (token, "--") == 0 || g_ascii_strcasecmp (token, "pass") == 0)
    return MM_SQUARE_PASS;
  if (strlen (token) != 2)
    return MM_SQUARE_NONE;
  return mm_square_parse (token);
}

/**
 * mm_zebra_output_parse_move:
 * @output: all that Zebra printed for one move
 * @square: (out): the square it chose, or MM_SQUARE_PASS
 *
 * Returns: %FALSE when @output holds no "PV:" line or its first word is
 *   not a square, with a message that quotes the line.
 */
gboolean
mm_zebra_output_parse_move (const char  *output,
                            int         *square,
                            GError     **error)
{
  g_autofree char *line = NULL;
  g_auto(GStrv) words = NULL;
  const char *pv;
  gsize length = 0;

  pv = find_last_pv (output, &length);
  if (pv == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "Zebra printed no 'PV:' line");
      return FALSE;
    }

  line = g_strndup (pv + strlen (PV_PREFIX), length - strlen (PV_PREFIX));
  words = g_strsplit_set (g_strstrip (line), " \t\r", 2);
  *square = words[0] != NULL ? parse_token (words[0]) : MM_SQUARE_NONE;
  if (*square == MM_SQUARE_NONE)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "Zebra's last line 'PV: %s' does not begin with a move", line);
      return FALSE;
    }
  return TRUE;
}

char *
mm_zebra_output_format_position (const MmBoard *board,
                                 MmColor        color)
{
  uint64_t black = color == MM_COLOR_BLACK ? board->player : board->opponent;
  uint64_t white = color == MM_COLOR_BLACK ? board->opponent : board->player;
  char squares[MM_N_SQUARES + 1];

  for (int square = 0; square < MM_N_SQUARES; square++)
    {
      /* Zebra reads row by row, a1 to h1 first, whatever our bit order. */
      int at = 8 * mm_square_row (square) + mm_square_column (square);
      uint64_t bit = (uint64_t) 1 << square;

      squares[at] = (black & bit) ? 'X' : (white & bit) ? 'O' : '-';
    }
  squares[MM_N_SQUARES] = '\0';
  return g_strdup_printf ("%s\n%s\n", squares, color == MM_COLOR_BLACK ? "B" : "W");
}
