/* mm-transcript.c
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

#define G_LOG_DOMAIN "mm-transcript"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mm-record-private.h"
#include "mm-transcript.h"

static gboolean
is_separator (char c)
{
  return _mm_record_is_space (c) || c == ',' || c == ';';
}

/* Reads a number of up to nine digits at @pos. */
static gsize
read_number (const char *text,
             gsize       length,
             gsize       pos,
             guint      *value)
{
  gsize start = pos;

  *value = 0;
  while (pos < length && g_ascii_isdigit (text[pos]) && pos - start < 9)
    *value = *value * 10 + (guint) (text[pos++] - '0');

  return pos - start;
}

/**
 * _mm_transcript_looks_like:
 * @text: checked text that starts with its first token
 *
 * Whether the first token is one a transcript can start with: a move
 * number or a score, a square name (as the first of moves written
 * together, "f5d6"), or a pass.  Prose fails this at its first word, so
 * that it is not reported as a list of bad moves.
 */
gboolean
_mm_transcript_looks_like (const char *text,
                           gsize       length)
{
  gsize token = 0;

  while (token < length && !is_separator (text[token]))
    token++;
  if (token == 0)
    return FALSE;

  if (g_ascii_isdigit (text[0]))
    return TRUE;
  if (_mm_record_is_pass (text, token))
    return TRUE;
  if (token >= 2)
    {
      char name[3] = { text[0], text[1], '\0' };

      return mm_square_parse (name) != MM_SQUARE_NONE;
    }
  return FALSE;
}

static gboolean
finish_game (GPtrArray     *games,
             MmGameRecord **record,
             const char    *text,
             gsize          offset,
             GError       **error)
{
  if (games->len >= MM_RECORD_MAX_GAMES)
    {
      _mm_record_set_error_at (error, text, offset, MM_RECORD_ERROR_TOO_MANY,
                               /* Translators: %u is the largest number of
                                * games read from one text */
                               _("there are more than %u games"), MM_RECORD_MAX_GAMES);
      return FALSE;
    }

  g_ptr_array_add (games, g_steal_pointer (record));
  return TRUE;
}

/**
 * mm_transcript_parse:
 * @text: text checked by mm_record_parse()
 *
 * Returns: (transfer full) (element-type MmGameRecord): the games, or
 *   %NULL with @error set
 */
GPtrArray *
mm_transcript_parse (const char  *text,
                     gsize        length,
                     GError     **error)
{
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func ((GDestroyNotify) mm_game_record_unref);
  g_autoptr(MmGameRecord) record = NULL;
  gsize pos = 0;
  gsize game_start = 0;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  while (pos < length)
    {
      char c = text[pos];
      gsize token = pos;
      GError *local_error = NULL;
      int square = MM_SQUARE_NONE;

      if (is_separator (c))
        {
          pos++;
          continue;
        }

      if (g_ascii_isdigit (c))
        {
          guint black, white;
          gsize n = read_number (text, length, pos, &black);

          pos += n;
          if (pos + 1 < length && text[pos] == '-' && g_ascii_isdigit (text[pos + 1]))
            {
              /* A final score ends the game. */
              pos++;
              pos += read_number (text, length, pos, &white);
              if (record == NULL)
                {
                  _mm_record_set_error_at (error, text, token, MM_RECORD_ERROR_SYNTAX,
                                           /* Translators: an error in a list of moves: a score
                                            * such as 34-30 comes first */
                                           _("a score comes before any move"));
                  return NULL;
                }
              if (!_mm_record_check_score (record, black, white, &local_error))
                {
                  _mm_record_prefix_error_at (&local_error, text, token);
                  g_propagate_error (error, local_error);
                  return NULL;
                }
              if (!finish_game (games, &record, text, game_start, error))
                return NULL;
              continue;
            }

          /* A move number: "12", "12.", "12..." or "12)". */
          while (pos < length && (text[pos] == '.' || text[pos] == ')'))
            pos++;
          continue;
        }

      if (pos + 4 <= length && _mm_record_is_pass (text + pos, 4))
        {
          square = MM_SQUARE_PASS;
          pos += 4;
        }
      else if (pos + 2 <= length && _mm_record_is_pass (text + pos, 2))
        {
          square = MM_SQUARE_PASS;
          pos += 2;
        }
      else if (pos + 2 <= length)
        {
          char name[3] = { text[pos], text[pos + 1], '\0' };

          square = mm_square_parse (name);
          if (square != MM_SQUARE_NONE)
            pos += 2;
        }

      if (square == MM_SQUARE_NONE)
        {
          gsize end = pos;
          g_autofree char *quoted = NULL;

          while (end < length && !is_separator (text[end]) && end - pos < 8)
            end++;
          if (end == pos)
            end++;
          quoted = _mm_record_quote (text + pos, end - pos);
          _mm_record_set_error_at (error, text, pos, MM_RECORD_ERROR_SYNTAX,
                                   /* Translators: %s is the text found where a
                                    * move should be */
                                   _("%s is not a move: moves are written a1 to h8"),
                                   quoted);
          return NULL;
        }

      if (record == NULL)
        {
          record = mm_game_record_new ();
          game_start = token;
        }
      if (!mm_game_record_play (record, square, NULL, NULL, &local_error))
        {
          _mm_record_prefix_error_at (&local_error, text, token);
          g_propagate_error (error, local_error);
          return NULL;
        }
    }

  if (record != NULL && !finish_game (games, &record, text, game_start, error))
    return NULL;

  if (games->len == 0)
    {
      g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_EMPTY,
                   /* Translators: the text pasted or opened holds no moves */
                   _("There are no moves in this text"));
      return NULL;
    }

  return g_steal_pointer (&games);
}

/**
 * mm_transcript_write:
 *
 * Writes the moves of @record as "f5d6c3...", passes left out.  The start
 * position is not written: a transcript always starts from the standard
 * one.
 *
 * Returns: (transfer full): the transcript, without a line end
 */
char *
mm_transcript_write (MmGameRecord *record)
{
  GString *out;

  g_return_val_if_fail (record != NULL, NULL);

  out = g_string_new (NULL);
  for (guint i = 0; i < mm_game_record_get_n_moves (record); i++)
    {
      int square = mm_game_record_get_move (record, i, NULL, NULL, NULL);
      char name[3];

      if (square == MM_SQUARE_PASS)
        continue;
      mm_square_format (square, name);
      g_string_append (out, name);
    }

  return g_string_free (out, FALSE);
}
