/* mm-pgn.c
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

#define G_LOG_DOMAIN "mm-pgn"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdio.h>
#include <string.h>

#include "mm-pgn.h"
#include "mm-record-private.h"

#define MAX_VARIATION_DEPTH 64

typedef struct
{
  const char *text;
  gsize       length;
  gsize       pos;
} Scanner;

static const struct
{
  const char *pgn;
  const char *ggf;
} tag_names[] = {
  { "Black", MM_RECORD_TAG_BLACK },
  { "White", MM_RECORD_TAG_WHITE },
  { "Date", MM_RECORD_TAG_DATE },
  { "Site", MM_RECORD_TAG_PLACE },
  { "BlackElo", MM_RECORD_TAG_BLACK_RATING },
  { "WhiteElo", MM_RECORD_TAG_WHITE_RATING },
};

static char
peek (Scanner *s)
{
  return s->pos < s->length ? s->text[s->pos] : '\0';
}

static void
skip_space (Scanner *s)
{
  while (s->pos < s->length && _mm_record_is_space (s->text[s->pos]))
    s->pos++;
}

static char *
quote_here (Scanner *s,
            gsize    max_length)
{
  gsize end = s->pos;

  while (end < s->length && end - s->pos < max_length && !_mm_record_is_space (s->text[end]))
    end++;
  if (end == s->pos)
    end = MIN (s->pos + 1, s->length);
  /* Do not cut a character in two. */
  while (end < s->length && ((guchar) s->text[end] & 0xC0) == 0x80)
    end++;

  return _mm_record_quote (s->text + s->pos, end - s->pos);
}

/* [Name "value"] */
static gboolean
read_tag (Scanner  *s,
          char    **name,
          char    **value,
          GError  **error)
{
  g_autoptr(GString) text = g_string_new (NULL);
  gsize start = s->pos;
  gsize name_start;

  s->pos++;
  skip_space (s);
  name_start = s->pos;
  while (s->pos < s->length && (g_ascii_isalnum (peek (s)) || peek (s) == '_'))
    s->pos++;
  if (s->pos == name_start || s->pos - name_start > MM_RECORD_MAX_TAG_NAME)
    {
      _mm_record_set_error_at (error, s->text, start, MM_RECORD_ERROR_SYNTAX,
                               /* Translators: an error in a PGN file; keep [Black "name"] as it is */
                               _("a tag should look like [Black \"name\"]"));
      return FALSE;
    }
  *name = g_strndup (s->text + name_start, s->pos - name_start);

  skip_space (s);
  if (peek (s) != '"')
    {
      _mm_record_set_error_at (error, s->text, start, MM_RECORD_ERROR_SYNTAX,
                               /* Translators: an error in a PGN file; keep [Black "name"] as it is */
                               _("a tag should look like [Black \"name\"]"));
      return FALSE;
    }
  s->pos++;
  while (s->pos < s->length && peek (s) != '"')
    {
      char c = peek (s);

      if (c == '\\' && s->pos + 1 < s->length
          && (s->text[s->pos + 1] == '"' || s->text[s->pos + 1] == '\\'))
        {
          s->pos++;
          c = peek (s);
        }
      if (c == '\n' || text->len >= MM_RECORD_MAX_TAG_VALUE)
        break;
      g_string_append_c (text, c);
      s->pos++;
    }
  if (peek (s) != '"')
    {
      _mm_record_set_error_at (error, s->text, start, MM_RECORD_ERROR_SYNTAX,
                               /* Translators: an error in a PGN file */
                               _("the value of this tag does not end with a quote on its line"));
      return FALSE;
    }
  s->pos++;
  skip_space (s);
  if (peek (s) != ']')
    {
      _mm_record_set_error_at (error, s->text, start, MM_RECORD_ERROR_SYNTAX,
                               /* Translators: an error in a PGN file */
                               _("this tag does not end with “]”"));
      return FALSE;
    }
  s->pos++;

  *value = g_string_free (g_steal_pointer (&text), FALSE);
  return TRUE;
}

/* Skips a comment {...}, a comment ; to the end of the line, or a
 * variation (...), which may hold comments and other variations. */
static gboolean
skip_aside (Scanner  *s,
            GError  **error)
{
  gsize start = s->pos;
  guint depth = 0;

  do
    {
      char c = peek (s);

      if (s->pos >= s->length)
        {
          _mm_record_set_error_at (error, s->text, start, MM_RECORD_ERROR_SYNTAX,
                                   /* Translators: an error in a PGN file: a variation is a line of
                                    * moves in parentheses */
                                   _("this variation does not end with “)”"));
          return FALSE;
        }
      if (c == '{')
        {
          gsize comment = s->pos;

          while (s->pos < s->length && peek (s) != '}')
            s->pos++;
          if (s->pos >= s->length)
            {
              _mm_record_set_error_at (error, s->text, comment, MM_RECORD_ERROR_SYNTAX,
                                       /* Translators: an error in a PGN file: a comment is text in
                                        * braces */
                                       _("this comment does not end with “}”"));
              return FALSE;
            }
        }
      else if (c == ';')
        {
          while (s->pos < s->length && peek (s) != '\n')
            s->pos++;
          if (depth == 0)
            return TRUE;
        }
      else if (c == '(')
        {
          if (++depth > MAX_VARIATION_DEPTH)
            {
              _mm_record_set_error_at (error, s->text, s->pos, MM_RECORD_ERROR_SYNTAX,
                                       /* Translators: %d is a number of levels */
                                       _("variations are nested more than %d deep"),
                                       MAX_VARIATION_DEPTH);
              return FALSE;
            }
        }
      else if (c == ')')
        {
          depth--;
        }
      s->pos++;
    }
  while (depth > 0);

  return TRUE;
}

static gboolean
add_tag (MmGameRecord  *record,
         const char    *name,
         const char    *value,
         GError       **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (tag_names); i++)
    if (strcmp (name, tag_names[i].pgn) == 0)
      return mm_game_record_set_tag (record, tag_names[i].ggf, value, error);

  /* A tag that a record cannot keep (its name is one of GGF's own, such
   * as B) is left out, as other programs' tags often are. */
  if (!mm_record_tag_name_is_valid (name))
    return TRUE;

  return mm_game_record_set_tag (record, name, value, error);
}

/* A result "1-0", "0-1", "1/2-1/2", "*" or a score "34-30" at the scanner,
 * or FALSE. */
static gboolean
read_result (Scanner  *s,
             gboolean *is_score,
             guint    *black,
             guint    *white)
{
  static const char *const results[] = { "1/2-1/2", "1-0", "0-1", "*" };
  gsize pos = s->pos;
  guint n = 0;

  *is_score = FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    {
      gsize length = strlen (results[i]);

      if (s->pos + length <= s->length && strncmp (s->text + s->pos, results[i], length) == 0
          && (s->pos + length == s->length || _mm_record_is_space (s->text[s->pos + length])))
        {
          s->pos += length;
          return TRUE;
        }
    }

  *black = 0;
  while (pos < s->length && g_ascii_isdigit (s->text[pos]) && n++ < 3)
    *black = *black * 10 + (guint) (s->text[pos++] - '0');
  if (n == 0 || pos >= s->length || s->text[pos] != '-')
    return FALSE;
  pos++;
  *white = 0;
  n = 0;
  while (pos < s->length && g_ascii_isdigit (s->text[pos]) && n++ < 3)
    *white = *white * 10 + (guint) (s->text[pos++] - '0');
  if (n == 0)
    return FALSE;

  s->pos = pos;
  *is_score = TRUE;
  return TRUE;
}

/* One game: its tags, then its moves up to a result, the next game's
 * tags or the end. */
static MmGameRecord *
parse_game (Scanner  *s,
            GError  **error)
{
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autoptr(GPtrArray) tags = g_ptr_array_new_with_free_func (g_free);
  gboolean has_score = FALSE;
  guint score_black = 0, score_white = 0;
  gsize score_pos = 0;
  GError *local_error = NULL;

  for (;;)
    {
      g_autofree char *name = NULL;
      g_autofree char *value = NULL;

      skip_space (s);
      if (peek (s) == '{' || peek (s) == ';')
        {
          if (!skip_aside (s, error))
            return NULL;
          continue;
        }
      if (peek (s) != '[')
        break;
      if (!read_tag (s, &name, &value, error))
        return NULL;
      g_ptr_array_add (tags, g_steal_pointer (&name));
      g_ptr_array_add (tags, g_steal_pointer (&value));
    }

  for (;;)
    {
      gsize token;
      int square = MM_SQUARE_NONE;
      gboolean is_score;
      char c;

      skip_space (s);
      token = s->pos;
      c = peek (s);
      if (s->pos >= s->length || c == '[')
        break;

      if (c == '{' || c == ';' || c == '(')
        {
          if (!skip_aside (s, error))
            return NULL;
          continue;
        }
      if (c == '$')
        {
          s->pos++;
          while (g_ascii_isdigit (peek (s)))
            s->pos++;
          continue;
        }
      if (c == '!' || c == '?')
        {
          s->pos++;
          continue;
        }
      if (read_result (s, &is_score, &score_black, &score_white))
        {
          if (is_score)
            {
              has_score = TRUE;
              score_pos = token;
            }
          break;
        }
      if (g_ascii_isdigit (c))
        {
          /* A move number: "12." or "12...". */
          while (g_ascii_isdigit (peek (s)))
            s->pos++;
          while (peek (s) == '.')
            s->pos++;
          continue;
        }

      if (s->pos + 4 <= s->length && _mm_record_is_pass (s->text + s->pos, 4))
        {
          square = MM_SQUARE_PASS;
          s->pos += 4;
        }
      else if (s->pos + 2 <= s->length && _mm_record_is_pass (s->text + s->pos, 2))
        {
          square = MM_SQUARE_PASS;
          s->pos += 2;
        }
      else if (s->pos + 2 <= s->length)
        {
          char move[3] = { s->text[s->pos], s->text[s->pos + 1], '\0' };

          square = mm_square_parse (move);
          if (square != MM_SQUARE_NONE)
            s->pos += 2;
        }
      if (square == MM_SQUARE_NONE)
        {
          g_autofree char *quoted = quote_here (s, 8);

          _mm_record_set_error_at (error, s->text, token, MM_RECORD_ERROR_SYNTAX,
                                   /* Translators: %s is the text found where a
                                    * move should be */
                                   _("%s is not a move: moves are written a1 to h8"),
                                   quoted);
          return NULL;
        }

      if (!mm_game_record_play (record, square, NULL, NULL, &local_error))
        {
          _mm_record_prefix_error_at (&local_error, s->text, token);
          g_propagate_error (error, local_error);
          return NULL;
        }
      /* Marks such as "+" or "!?" may stick to the move. */
      while (peek (s) == '!' || peek (s) == '?' || peek (s) == '+' || peek (s) == '#')
        s->pos++;
    }

  for (guint i = 0; i + 1 < tags->len; i += 2)
    {
      const char *name = g_ptr_array_index (tags, i);
      const char *value = g_ptr_array_index (tags, i + 1);

      /* The result of a finished game is worked out from its moves;
       * a score given here must agree with them. */
      if (strcmp (name, "Result") == 0 && mm_game_record_is_over (record))
        {
          guint black, white;
          int used = 0;

          if (sscanf (value, "%u-%u%n", &black, &white, &used) == 2 && value[used] == '\0'
              && !_mm_record_check_score (record, black, white, error))
            {
              g_prefix_error (error, "%s: ", name);
              return NULL;
            }
          continue;
        }
      if (!add_tag (record, name, value, error))
        return NULL;
    }

  if (has_score && !_mm_record_check_score (record, score_black, score_white, &local_error))
    {
      _mm_record_prefix_error_at (&local_error, s->text, score_pos);
      g_propagate_error (error, local_error);
      return NULL;
    }
  if (mm_game_record_is_over (record))
    {
      g_autofree char *result = mm_game_record_format_result (record);

      mm_game_record_set_tag (record, MM_RECORD_TAG_RESULT, result, NULL);
    }

  if (tags->len == 0 && mm_game_record_get_n_moves (record) == 0 && !has_score)
    return NULL;

  return g_steal_pointer (&record);
}

/**
 * mm_pgn_parse:
 * @text: text checked by mm_record_parse()
 *
 * Returns: (transfer full) (element-type MmGameRecord): the games, or
 *   %NULL with @error set
 */
GPtrArray *
mm_pgn_parse (const char  *text,
              gsize        length,
              GError     **error)
{
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) mm_game_record_unref);
  Scanner s = { .text = text, .length = length, .pos = 0 };

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  for (;;)
    {
      GError *local_error = NULL;
      gsize start;
      MmGameRecord *record;

      skip_space (&s);
      if (s.pos >= s.length)
        break;

      start = s.pos;
      if (games->len >= MM_RECORD_MAX_GAMES)
        {
          _mm_record_set_error_at (error, text, start, MM_RECORD_ERROR_TOO_MANY,
                                   /* Translators: %u is the largest number of
                                    * games read from one text */
                                   _("there are more than %u games"), MM_RECORD_MAX_GAMES);
          return NULL;
        }

      record = parse_game (&s, &local_error);
      if (local_error != NULL)
        {
          g_propagate_error (error, local_error);
          return NULL;
        }
      if (record != NULL)
        g_ptr_array_add (games, record);
      else if (s.pos == start)
        {
          /* Nothing could be read here; cannot happen, but never loop. */
          s.pos++;
        }
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
