/* mm-board-string.c
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

#define G_LOG_DOMAIN "mm-board-string"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mm-board-string.h"
#include "mm-record-private.h"

#define BIT(square) (G_GUINT64_CONSTANT (1) << (square))

typedef enum
{
  CELL_NONE,
  CELL_EMPTY,
  CELL_BLACK,
  CELL_WHITE,
} Cell;

static Cell
cell_of (char c)
{
  switch (c)
    {
    case '-':
    case '.':
    case '_':
      return CELL_EMPTY;
    case 'X':
    case 'x':
    case '*':
      return CELL_BLACK;
    case 'O':
    case 'o':
      return CELL_WHITE;
    default:
      return CELL_NONE;
    }
}

static gsize
skip_space (const char *text,
            gsize       length,
            gsize       pos)
{
  while (pos < length && _mm_record_is_space (text[pos]))
    pos++;
  return pos;
}

/* Edax's command "setboard" may come first, as copied from its console. */
static gsize
skip_setboard (const char *text,
               gsize       length,
               gsize       pos)
{
  static const char keyword[] = "setboard";
  gsize n = sizeof keyword - 1;

  pos = skip_space (text, length, pos);
  if (length - pos > n && g_ascii_strncasecmp (text + pos, keyword, n) == 0
      && _mm_record_is_space (text[pos + n]))
    return skip_space (text, length, pos + n);
  return pos;
}

/* Whether @text starts as a board: with the word "setboard" or with a
 * row's worth of squares.  No move transcript does (only a run of "--"
 * passes could, and no game starts with a pass), so a damaged board is
 * read as a board and its error says which square is wrong. */
gboolean
mm_board_string_looks_like (const char *text,
                            gsize       length)
{
  gsize pos = skip_setboard (text, length, 0);
  guint n_cells = 0;

  if (pos > skip_space (text, length, 0))
    return TRUE;

  for (; pos < length && n_cells < 8; pos++)
    {
      if (_mm_record_is_space (text[pos]))
        continue;
      if (cell_of (text[pos]) == CELL_NONE)
        return FALSE;
      n_cells++;
    }

  return n_cells == 8;
}

/**
 * mm_board_string_parse:
 * @text: text checked by mm_record_parse()
 *
 * Returns: (transfer full) (element-type MmGameRecord): one game per
 *   board, or %NULL with @error set
 */
GPtrArray *
mm_board_string_parse (const char  *text,
                       gsize        length,
                       GError     **error)
{
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) mm_game_record_unref);
  gsize pos = 0;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  for (;;)
    {
      guint64 black = 0, white = 0;
      gsize board_start;
      MmColor side;
      Cell cell;

      pos = skip_setboard (text, length, pos);
      if (pos >= length)
        break;

      if (games->len >= MM_RECORD_MAX_GAMES)
        {
          _mm_record_set_error_at (error, text, pos, MM_RECORD_ERROR_TOO_MANY,
                                   /* Translators: %u is the largest number of
                                    * games read from one text */
                                   _("there are more than %u games"), MM_RECORD_MAX_GAMES);
          return NULL;
        }

      board_start = pos;
      for (int square = 0; square < 64; square++)
        {
          pos = skip_space (text, length, pos);
          if (pos >= length)
            {
              _mm_record_set_error_at (error, text, board_start, MM_RECORD_ERROR_BAD_POSITION,
                                       /* Translators: %d is a number of squares,
                                        * less than 64 */
                                       _("the board has %d squares instead of 64"), square);
              return NULL;
            }
          cell = cell_of (text[pos]);
          if (cell == CELL_NONE)
            {
              const char *next = g_utf8_find_next_char (text + pos, text + length);
              g_autofree char *quoted =
                _mm_record_quote (text + pos, (next != NULL ? next : text + length) - (text + pos));

              _mm_record_set_error_at (error, text, pos, MM_RECORD_ERROR_BAD_POSITION,
                                       /* Translators: %s is the character found */
                                       _("%s is not a square of the board (X, O or -)"),
                                       quoted);
              return NULL;
            }
          if (cell == CELL_BLACK)
            black |= BIT (square);
          else if (cell == CELL_WHITE)
            white |= BIT (square);
          pos++;
        }

      pos = skip_space (text, length, pos);
      cell = pos < length ? cell_of (text[pos]) : CELL_NONE;
      if (cell != CELL_BLACK && cell != CELL_WHITE)
        {
          _mm_record_set_error_at (error, text, pos, MM_RECORD_ERROR_BAD_POSITION,
                                   /* Translators: an error in a board string of 64 squares; X is
                                    * black and O white, do not translate them */
                                   _("the side to move is missing: "
                                     "X or O should follow the 64 squares"));
          return NULL;
        }
      side = cell == CELL_BLACK ? MM_COLOR_BLACK : MM_COLOR_WHITE;
      pos++;

      /* The rest of an .obf line, after a ";", is the solution. */
      while (pos < length && (text[pos] == ' ' || text[pos] == '\t' || text[pos] == '\r'))
        pos++;
      if (pos < length && text[pos] == ';')
        while (pos < length && text[pos] != '\n')
          pos++;
      else if (pos < length && text[pos] != '\n')
        {
          _mm_record_set_error_at (error, text, pos, MM_RECORD_ERROR_SYNTAX,
                                   /* Translators: an error in a board string: text follows the
                                    * letter X or O that says who moves */
                                   _("the line goes on after the side to move"));
          return NULL;
        }

      g_ptr_array_add (games, mm_game_record_new_from_position (black, white, side));
    }

  if (games->len == 0)
    {
      g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_EMPTY,
                   /* Translators: the text pasted or opened holds no board position */
                   _("There is no board in this text"));
      return NULL;
    }

  return g_steal_pointer (&games);
}

/**
 * mm_board_string_write:
 *
 * Returns: (transfer full): "XO-...- X": the 64 squares, a space and the
 *   side to move, without a line end
 */
char *
mm_board_string_write (guint64 black,
                       guint64 white,
                       MmColor side_to_move)
{
  char *out = g_malloc (64 + 3);

  for (int square = 0; square < 64; square++)
    out[square] = (black & BIT (square)) ? 'X' : (white & BIT (square)) ? 'O' : '-';
  out[64] = ' ';
  out[65] = side_to_move == MM_COLOR_BLACK ? 'X' : 'O';
  out[66] = '\0';

  return out;
}
