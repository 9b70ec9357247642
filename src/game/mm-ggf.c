/* mm-ggf.c
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

#define G_LOG_DOMAIN "mm-ggf"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mm-ggf.h"
#include "mm-record-private.h"

#define BIT(square) (G_GUINT64_CONSTANT (1) << (square))

typedef struct
{
  const char *text;
  gsize       length;
  gsize       pos;
} Scanner;

static void
scanner_skip_space (Scanner *s)
{
  while (s->pos < s->length && _mm_record_is_space (s->text[s->pos]))
    s->pos++;
}

static gboolean
scanner_at_end (Scanner *s)
{
  return s->pos >= s->length;
}

static char
scanner_peek (Scanner *s)
{
  return s->pos < s->length ? s->text[s->pos] : '\0';
}

static char *
scanner_quote_here (Scanner *s)
{
  const char *p = s->text + s->pos;
  const char *next = g_utf8_find_next_char (p, s->text + s->length);

  return _mm_record_quote (p, (next != NULL ? next : s->text + s->length) - p);
}

/* Reads a property value after its "[", up to the closing "]"; "\]" and
 * "\\" stand for "]" and "\". */
static char *
scanner_read_value (Scanner     *s,
                    const char  *name,
                    GError     **error)
{
  g_autoptr(GString) value = g_string_new (NULL);
  gsize start = s->pos;

  while (!scanner_at_end (s))
    {
      char c = s->text[s->pos];

      if (c == ']')
        {
          s->pos++;
          return g_string_free (g_steal_pointer (&value), FALSE);
        }
      if (c == '\\' && s->pos + 1 < s->length
          && (s->text[s->pos + 1] == ']' || s->text[s->pos + 1] == '\\'))
        {
          s->pos++;
          c = s->text[s->pos];
        }
      if (value->len >= MM_RECORD_MAX_TAG_VALUE)
        {
          _mm_record_set_error_at (error, s->text, start, MM_RECORD_ERROR_TOO_LARGE,
                                   /* Translators: %s is a GGF property name
                                    * such as PB; %u a number of bytes */
                                   _("the value of %s is longer than %u bytes"),
                                   name, MM_RECORD_MAX_TAG_VALUE);
          return NULL;
        }
      g_string_append_c (value, c);
      s->pos++;
    }

  _mm_record_set_error_at (error, s->text, start - 1, MM_RECORD_ERROR_SYNTAX,
                           /* Translators: %s is a GGF property name such as PB */
                           _("the value of %s is not closed with “]”: the text is cut short"),
                           name);
  return NULL;
}

/* "8 ---------------------------O*------*O--------------------------- *":
 * the size, the 64 squares row by row (* black, O white, - empty;
 * spaces may separate the rows) and the side to move. */
static MmGameRecord *
parse_board (const char  *text,
             gsize        value_offset,
             const char  *value,
             GError     **error)
{
  const char *p = value;
  guint64 black = 0, white = 0;
  guint n_squares = 0;
  guint64 size = 0;
  MmColor side;
  const char *digits;

  while (_mm_record_is_space (*p))
    p++;
  digits = p;
  while (g_ascii_isdigit (*p) && p - digits < 4)
    size = size * 10 + (guint64) (*p++ - '0');
  if (p == digits)
    {
      _mm_record_set_error_at (error, text, value_offset, MM_RECORD_ERROR_SYNTAX,
                               /* Translators: an error in a GGF file; BO is the name of the board
                                * property, do not translate it */
                               _("the board (BO) must start with its size, 8"));
      return NULL;
    }
  if (size != 8 || g_ascii_isdigit (*p))
    {
      _mm_record_set_error_at (error, text, value_offset, MM_RECORD_ERROR_UNSUPPORTED,
                               /* Translators: %.*s is the size of the board
                                * that the file gives, such as 10 */
                               _("only 8×8 boards can be played, and this one is %.*s×%.*s"),
                               (int) (p - digits), digits, (int) (p - digits), digits);
      return NULL;
    }

  while (n_squares < 64)
    {
      while (_mm_record_is_space (*p))
        p++;
      switch (*p)
        {
        case '-':
        case '.':
          break;
        case '*':
        case 'X':
        case 'x':
          black |= BIT (n_squares);
          break;
        case 'O':
        case 'o':
          white |= BIT (n_squares);
          break;
        case '\0':
          _mm_record_set_error_at (error, text, value_offset, MM_RECORD_ERROR_BAD_POSITION,
                                   /* Translators: %u is a number of squares, less than 64 */
                                   _("the board (BO) has %u squares instead of 64"),
                                   n_squares);
          return NULL;
        default:
          {
            const char *next = g_utf8_find_next_char (p, NULL);
            g_autofree char *quoted = _mm_record_quote (p, next - p);

            _mm_record_set_error_at (error, text, value_offset + (gsize) (p - value),
                                     MM_RECORD_ERROR_BAD_POSITION,
                                     /* Translators: %s is the character found */
                                     _("%s is not a square of the board (*, O or -)"),
                                     quoted);
            return NULL;
          }
        }
      p++;
      n_squares++;
    }

  while (_mm_record_is_space (*p))
    p++;
  if (*p == '*' || *p == 'X' || *p == 'x')
    side = MM_COLOR_BLACK;
  else if (*p == 'O' || *p == 'o')
    side = MM_COLOR_WHITE;
  else
    {
      _mm_record_set_error_at (error, text, value_offset + (gsize) (p - value),
                               MM_RECORD_ERROR_BAD_POSITION,
                               /* Translators: an error in a GGF file; * and O stand for black and
                                * white, do not translate them */
                               _("the board (BO) does not say whose turn it is "
                                 "(* or O after the 64 squares)"));
      return NULL;
    }
  p++;
  while (_mm_record_is_space (*p))
    p++;
  if (*p != '\0')
    {
      _mm_record_set_error_at (error, text, value_offset + (gsize) (p - value),
                               MM_RECORD_ERROR_BAD_POSITION,
                               /* Translators: an error in a GGF file; BO is the board property, do
                                * not translate it */
                               _("there is more than a board in BO"));
      return NULL;
    }

  return mm_game_record_new_from_position (black, white, side);
}

/* "f5", "PA", "f5/-1.24/0.01", "d3//0.01". */
static gboolean
parse_move (MmGameRecord  *record,
            MmColor        color,
            const char    *value,
            GError       **error)
{
  g_auto(GStrv) parts = g_strsplit (value, "/", 4);
  const char *move;
  gsize length;
  int square;

  if (g_strv_length (parts) > 3)
    {
      g_autofree char *quoted = _mm_record_quote (value, strlen (value));

      g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_SYNTAX,
                   /* Translators: %s is the text of a move in a GGF file */
                   _("%s is not a move: a move is a square, an evaluation and a time, "
                     "separated by “/”"), quoted);
      return FALSE;
    }

  /* g_strsplit() gives no part at all for "". */
  move = parts[0] != NULL ? g_strstrip (parts[0]) : "";
  length = strlen (move);
  if (_mm_record_is_pass (move, length))
    square = MM_SQUARE_PASS;
  else if (length == 2)
    square = mm_square_parse (move);
  else
    square = MM_SQUARE_NONE;
  if (square == MM_SQUARE_NONE)
    {
      g_autofree char *quoted = _mm_record_quote (move, length);

      g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_SYNTAX,
                   /* Translators: %s is the text found where a move should be */
                   _("%s is not a move: moves are squares from a1 to h8, or PA for a pass"),
                   quoted);
      return FALSE;
    }

  return mm_game_record_play_as (record, color, square,
                                 parts[0] != NULL && parts[1] != NULL ? g_strstrip (parts[1]) : NULL,
                                 parts[1] != NULL && parts[2] != NULL ? g_strstrip (parts[2]) : NULL,
                                 error);
}

/* Moves the tags of @from to the end of @to. */
static void
move_tags (MmGameRecord *from,
           MmGameRecord *to)
{
  for (guint i = 0; i < mm_game_record_get_n_tags (from); i++)
    {
      const char *name;
      const char *value = mm_game_record_get_nth_tag (from, i, &name);

      mm_game_record_set_tag (to, name, value, NULL);
    }
}

/* One game, from just after its "(;" to just after its ";)". */
static MmGameRecord *
parse_game (Scanner  *s,
            gsize     game_start,
            GError  **error)
{
  g_autoptr(MmGameRecord) record = mm_game_record_new ();

  for (;;)
    {
      gsize name_start;
      gsize value_start;
      g_autofree char *name = NULL;
      g_autofree char *value = NULL;
      GError *local_error = NULL;

      scanner_skip_space (s);
      if (scanner_at_end (s))
        {
          _mm_record_set_error_at (error, s->text, game_start, MM_RECORD_ERROR_SYNTAX,
                                   /* Translators: an error in a GGF file that was cut short; “;)”
                                    * ends a game */
                                   _("the game that starts here does not end with “;)”: "
                                     "the text is cut short"));
          return NULL;
        }

      /* ";)" ends the game; a ";" alone separates nodes, as in SGF. */
      if (scanner_peek (s) == ';')
        {
          s->pos++;
          scanner_skip_space (s);
          if (scanner_peek (s) == ')')
            {
              s->pos++;
              return g_steal_pointer (&record);
            }
          continue;
        }
      if (scanner_peek (s) == ')')
        {
          s->pos++;
          return g_steal_pointer (&record);
        }

      name_start = s->pos;
      if (!g_ascii_isalpha (scanner_peek (s)))
        {
          g_autofree char *quoted = scanner_quote_here (s);

          _mm_record_set_error_at (error, s->text, s->pos, MM_RECORD_ERROR_SYNTAX,
                                   /* Translators: %s is the character found */
                                   _("%s is out of place: a property such as PB[name] "
                                     "or the end of the game “;)” should come here"),
                                   quoted);
          return NULL;
        }
      while (!scanner_at_end (s)
             && (g_ascii_isalnum (scanner_peek (s)) || scanner_peek (s) == '_'))
        s->pos++;
      if (s->pos - name_start > MM_RECORD_MAX_TAG_NAME)
        {
          _mm_record_set_error_at (error, s->text, name_start, MM_RECORD_ERROR_SYNTAX,
                                   /* Translators: %u is a number of characters */
                                   _("the property name is longer than %u characters"),
                                   MM_RECORD_MAX_TAG_NAME);
          return NULL;
        }
      name = g_strndup (s->text + name_start, s->pos - name_start);

      scanner_skip_space (s);
      if (scanner_peek (s) != '[')
        {
          _mm_record_set_error_at (error, s->text, name_start, MM_RECORD_ERROR_SYNTAX,
                                   /* Translators: %s is a GGF property name such as PB */
                                   _("the property %s has no value in “[ ]”"), name);
          return NULL;
        }
      s->pos++;
      value_start = s->pos;
      value = scanner_read_value (s, name, error);
      if (value == NULL)
        return NULL;

      if (strcmp (name, "GM") == 0)
        {
          if (g_ascii_strcasecmp (g_strstrip (value), "othello") != 0
              && g_ascii_strcasecmp (value, "reversi") != 0)
            {
              g_autofree char *quoted = _mm_record_quote (value, strlen (value));

              _mm_record_set_error_at (error, s->text, value_start, MM_RECORD_ERROR_UNSUPPORTED,
                                       /* Translators: %s is the name of a game,
                                        * such as Amazons */
                                       _("this is a game of %s, not of Othello"), quoted);
              return NULL;
            }
        }
      else if (strcmp (name, "BO") == 0)
        {
          MmGameRecord *start;

          if (mm_game_record_get_n_moves (record) > 0)
            {
              _mm_record_set_error_at (error, s->text, name_start, MM_RECORD_ERROR_SYNTAX,
                                       /* Translators: an error in a GGF file; BO is the board
                                        * property, do not translate it */
                                       _("the board (BO) comes after the first move"));
              return NULL;
            }
          start = parse_board (s->text, value_start, value, error);
          if (start == NULL)
            return NULL;
          move_tags (record, start);
          g_clear_pointer (&record, mm_game_record_unref);
          record = start;
        }
      else if (strcmp (name, "B") == 0 || strcmp (name, "W") == 0)
        {
          MmColor color = name[0] == 'B' ? MM_COLOR_BLACK : MM_COLOR_WHITE;

          if (!parse_move (record, color, value, &local_error))
            {
              _mm_record_prefix_error_at (&local_error, s->text, value_start);
              g_propagate_error (error, local_error);
              return NULL;
            }
        }
      else if (!mm_game_record_set_tag (record, name, value, &local_error))
        {
          _mm_record_prefix_error_at (&local_error, s->text, name_start);
          g_propagate_error (error, local_error);
          return NULL;
        }
    }
}

/**
 * mm_ggf_parse:
 * @text: text checked by mm_record_parse(): UTF-8 without control
 *   characters
 *
 * Reads every game of @text.
 *
 * Returns: (transfer full) (element-type MmGameRecord): the games, in
 *   order, or %NULL with @error set
 */
GPtrArray *
mm_ggf_parse (const char  *text,
              gsize        length,
              GError     **error)
{
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) mm_game_record_unref);
  Scanner s = { .text = text, .length = length, .pos = 0 };

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  for (;;)
    {
      gsize game_start;
      MmGameRecord *record;

      scanner_skip_space (&s);
      if (scanner_at_end (&s))
        break;

      game_start = s.pos;
      if (scanner_peek (&s) != '(')
        {
          g_autofree char *quoted = scanner_quote_here (&s);

          _mm_record_set_error_at (error, text, s.pos, MM_RECORD_ERROR_SYNTAX,
                                   /* Translators: %s is the character found */
                                   _("%s is outside a game: a GGF game starts with “(;”"),
                                   quoted);
          return NULL;
        }
      s.pos++;
      scanner_skip_space (&s);
      if (scanner_peek (&s) != ';')
        {
          _mm_record_set_error_at (error, text, game_start, MM_RECORD_ERROR_SYNTAX,
                                   /* Translators: an error in a GGF file; keep “(;” as it is */
                                   _("a GGF game starts with “(;”"));
          return NULL;
        }
      s.pos++;

      if (games->len >= MM_RECORD_MAX_GAMES)
        {
          _mm_record_set_error_at (error, text, game_start, MM_RECORD_ERROR_TOO_MANY,
                                   /* Translators: %u is the largest number of
                                    * games read from one text */
                                   _("there are more than %u games"), MM_RECORD_MAX_GAMES);
          return NULL;
        }

      record = parse_game (&s, game_start, error);
      if (record == NULL)
        return NULL;
      g_ptr_array_add (games, record);
    }

  if (games->len == 0)
    {
      g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_EMPTY,
                   /* Translators: the text pasted or opened holds no game */
                   _("There is no game in this text"));
      return NULL;
    }

  return g_steal_pointer (&games);
}

static void
append_value (GString    *out,
              const char *value)
{
  for (const char *p = value; *p != '\0'; p++)
    {
      if (*p == ']' || *p == '\\')
        g_string_append_c (out, '\\');
      g_string_append_c (out, *p);
    }
}

/**
 * mm_ggf_write:
 *
 * Writes @record as one GGF game on one line: GM first, then the tags in
 * their order, the start position and the moves.
 *
 * Returns: (transfer full): the text, ending with a line end
 */
char *
mm_ggf_write (MmGameRecord *record)
{
  GString *out;
  guint64 black, white;
  MmColor side;

  g_return_val_if_fail (record != NULL, NULL);

  out = g_string_new ("(;GM[Othello]");
  for (guint i = 0; i < mm_game_record_get_n_tags (record); i++)
    {
      const char *name;
      const char *value = mm_game_record_get_nth_tag (record, i, &name);

      g_string_append_printf (out, "%s[", name);
      append_value (out, value);
      g_string_append_c (out, ']');
    }

  mm_game_record_get_start (record, &black, &white, &side);
  g_string_append (out, "BO[8 ");
  for (int square = 0; square < 64; square++)
    g_string_append_c (out, (black & BIT (square)) ? '*' : (white & BIT (square)) ? 'O' : '-');
  g_string_append (out, side == MM_COLOR_BLACK ? " *]" : " O]");

  for (guint i = 0; i < mm_game_record_get_n_moves (record); i++)
    {
      MmColor color;
      const char *eval, *time;
      int square = mm_game_record_get_move (record, i, &color, &eval, &time);
      char name[3];

      if (square == MM_SQUARE_PASS)
        strcpy (name, "PA");
      else
        mm_square_format (square, name);
      g_string_append_printf (out, "%c[%s", color == MM_COLOR_BLACK ? 'B' : 'W', name);
      if (eval != NULL || time != NULL)
        g_string_append_printf (out, "/%s", eval != NULL ? eval : "");
      if (time != NULL)
        g_string_append_printf (out, "/%s", time);
      g_string_append_c (out, ']');
    }
  g_string_append (out, ";)\n");

  return g_string_free (out, FALSE);
}
