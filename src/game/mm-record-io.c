/* mm-record-io.c
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

#define G_LOG_DOMAIN "mm-record-io"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mm-board-string.h"
#include "mm-ggf.h"
#include "mm-pgn.h"
#include "mm-record-io.h"
#include "mm-record-private.h"
#include "mm-transcript.h"

/* Checks that @data is text the parsers can read and returns it as UTF-8:
 * at most MM_RECORD_MAX_SIZE bytes, no zero byte, no control character
 * other than tabs and line ends.  Text that is not UTF-8 is taken to be
 * Latin-1, as old records often are.  A byte order mark is dropped. */
static char *
mm_record_check_text (const char  *data,
                      gsize        length,
                      gsize       *text_length,
                      GError     **error)
{
  g_autofree char *text = NULL;
  const char *zero;
  const char *p;
  const char *end;

  if (length > MM_RECORD_MAX_SIZE)
    {
      g_autofree char *size = g_format_size (length);
      g_autofree char *limit = g_format_size (MM_RECORD_MAX_SIZE);

      g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_TOO_LARGE,
                   /* Translators: the first %s is the size of the text, as “100.0 MB”, the second
                    * the largest size that is read */
                   _("The text is too large to be a game record (%s; the limit is %s)"),
                   size, limit);
      return NULL;
    }

  if (length >= 3 && memcmp (data, "\xEF\xBB\xBF", 3) == 0)
    {
      data += 3;
      length -= 3;
    }

  zero = memchr (data, '\0', length);
  if (zero != NULL)
    {
      _mm_record_set_error_at (error, data, (gsize) (zero - data), MM_RECORD_ERROR_NOT_TEXT,
                               /* Translators: an error for a binary file, such as a picture,
                                * opened as a game */
                               _("this is not text: it holds a zero byte"));
      return NULL;
    }

  if (g_utf8_validate_len (data, length, NULL))
    text = g_strndup (data, length);
  else
    {
      gsize written = 0;

      text = g_convert (data, (gssize) length, "UTF-8", "ISO-8859-1", NULL, &written, NULL);
      if (text == NULL)
        {
          g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_NOT_TEXT,
                       /* Translators: an error for a file whose characters cannot be read */
                       _("This is not text in a known encoding"));
          return NULL;
        }
      length = written;
    }

  end = text + length;
  for (p = text; p < end; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if ((c < 0x20 && !_mm_record_is_space ((char) c)) || (c >= 0x7F && c <= 0x9F))
        {
          _mm_record_set_error_at (error, text, (gsize) (p - text), MM_RECORD_ERROR_NOT_TEXT,
                                   /* Translators: %04X is the code of a character,
                                    * written after “U+” */
                                   _("this is not text: it holds the control character U+%04X"),
                                   c);
          return NULL;
        }
    }

  *text_length = length;
  return g_steal_pointer (&text);
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

/* A GGF game after a line of something else, as a title or a mail
 * header: the GGF parser then points at what is out of place. */
static gboolean
holds_ggf_game (const char *text,
                gsize       length)
{
  return g_strstr_len (text, (gssize) length, "(;") != NULL;
}

/**
 * mm_record_detect:
 * @text: checked text
 *
 * Recognises the format from the first characters: "(" starts GGF, "["
 * starts PGN, a row of squares starts a board, a square name or a move
 * number starts a transcript.  The format is only guessed from how the
 * text starts, so that a damaged record gets its own parser's precise
 * error; but text that starts as no format at all, as prose does, is not
 * forced into one.
 *
 * Returns: the format, or %MM_RECORD_FORMAT_UNKNOWN if the text is blank
 *   or is none of the formats
 */
MmRecordFormat
mm_record_detect (const char *text,
                  gsize       length)
{
  gsize pos = skip_space (text, length, 0);

  if (pos >= length)
    return MM_RECORD_FORMAT_UNKNOWN;
  if (text[pos] == '(')
    return MM_RECORD_FORMAT_GGF;
  if (text[pos] == '[')
    return MM_RECORD_FORMAT_PGN;
  if (holds_ggf_game (text + pos, length - pos))
    return MM_RECORD_FORMAT_GGF;
  if (mm_board_string_looks_like (text + pos, length - pos))
    return MM_RECORD_FORMAT_BOARD;
  if (_mm_transcript_looks_like (text + pos, length - pos))
    return MM_RECORD_FORMAT_TRANSCRIPT;
  return MM_RECORD_FORMAT_UNKNOWN;
}

/**
 * mm_record_parse:
 * @data: the bytes of a file or the clipboard's text; any bytes at all
 * @format: the format to read, or %MM_RECORD_FORMAT_UNKNOWN to recognise it
 * @found: (out) (optional): the format that was read
 *
 * Returns: (transfer full) (element-type MmGameRecord): the games, at
 *   least one, or %NULL with @error set (in %MM_RECORD_ERROR) to a
 *   sentence that says what is wrong and where
 */
GPtrArray *
mm_record_parse (const char      *data,
                 gsize            length,
                 MmRecordFormat   format,
                 MmRecordFormat  *found,
                 GError         **error)
{
  g_autofree char *text = NULL;
  gsize text_length = 0;

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (found != NULL)
    *found = MM_RECORD_FORMAT_UNKNOWN;

  text = mm_record_check_text (data != NULL ? data : "", length, &text_length, error);
  if (text == NULL)
    return NULL;

  if (skip_space (text, text_length, 0) >= text_length)
    {
      /* Translators: nothing was pasted or the file is empty */
      g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_EMPTY, _("The text is empty"));
      return NULL;
    }
  if (format == MM_RECORD_FORMAT_UNKNOWN)
    format = mm_record_detect (text, text_length);
  if (format == MM_RECORD_FORMAT_UNKNOWN)
    {
      g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_UNSUPPORTED,
                   /* Translators: an error for a file or pasted text that holds no
                    * game; keep “f5 d6 c3”, it is an example of moves */
                   _("This is not a game record: it is not a GGF game, a list of moves "
                     "such as “f5 d6 c3”, a PGN game or a board diagram"));
      return NULL;
    }
  if (found != NULL)
    *found = format;

  switch (format)
    {
    case MM_RECORD_FORMAT_GGF:
      return mm_ggf_parse (text, text_length, error);
    case MM_RECORD_FORMAT_TRANSCRIPT:
      return mm_transcript_parse (text, text_length, error);
    case MM_RECORD_FORMAT_PGN:
      return mm_pgn_parse (text, text_length, error);
    case MM_RECORD_FORMAT_BOARD:
      return mm_board_string_parse (text, text_length, error);
    case MM_RECORD_FORMAT_UNKNOWN:
    default:
      g_return_val_if_reached (NULL);
    }
}

/**
 * mm_record_write:
 * @format: GGF, a transcript, or a board (the position after the last move)
 *
 * Returns: (transfer full): the text
 */
char *
mm_record_write (MmGameRecord   *record,
                 MmRecordFormat  format)
{
  guint64 black, white;
  MmColor side;

  g_return_val_if_fail (record != NULL, NULL);

  switch (format)
    {
    case MM_RECORD_FORMAT_GGF:
      return mm_ggf_write (record);
    case MM_RECORD_FORMAT_TRANSCRIPT:
      return mm_transcript_write (record);
    case MM_RECORD_FORMAT_BOARD:
      mm_game_record_get_position (record, &black, &white, &side);
      return mm_board_string_write (black, white, side);
    case MM_RECORD_FORMAT_PGN:
    case MM_RECORD_FORMAT_UNKNOWN:
    default:
      g_return_val_if_reached (NULL);
    }
}

/**
 * mm_record_read_file:
 * @found: (out) (optional): the format that was read
 *
 * Reads at most MM_RECORD_MAX_SIZE bytes of @file, so that a huge file is
 * refused without being read whole, and parses them.
 *
 * Returns: (transfer full) (element-type MmGameRecord): the games, or
 *   %NULL with @error set
 */
GPtrArray *
mm_record_read_file (GFile           *file,
                     MmRecordFormat  *found,
                     GCancellable    *cancellable,
                     GError         **error)
{
  g_autoptr(GFileInputStream) stream = NULL;
  g_autofree char *buffer = NULL;
  gsize n_read = 0;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (found != NULL)
    *found = MM_RECORD_FORMAT_UNKNOWN;

  stream = g_file_read (file, cancellable, error);
  if (stream == NULL)
    return NULL;

  buffer = g_malloc (MM_RECORD_MAX_SIZE + 1);
  if (!g_input_stream_read_all (G_INPUT_STREAM (stream), buffer, MM_RECORD_MAX_SIZE + 1,
                                &n_read, cancellable, error))
    return NULL;

  if (n_read > MM_RECORD_MAX_SIZE)
    {
      g_autofree char *limit = g_format_size (MM_RECORD_MAX_SIZE);

      g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_TOO_LARGE,
                   /* Translators: %s: the largest size that is read, as “8.4 MB” */
                   _("The file is larger than %s: it cannot be a game record"), limit);
      return NULL;
    }

  return mm_record_parse (buffer, n_read, MM_RECORD_FORMAT_UNKNOWN, found, error);
}

typedef struct
{
  GPtrArray      *games;
  MmRecordFormat  format;
} ReadResult;

static void
read_result_free (gpointer data)
{
  ReadResult *result = data;

  g_clear_pointer (&result->games, g_ptr_array_unref);
  g_free (result);
}

static void
read_file_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  GFile *file = task_data;
  ReadResult *result = g_new0 (ReadResult, 1);
  GError *error = NULL;

  result->games = mm_record_read_file (file, &result->format, cancellable, &error);
  if (result->games == NULL)
    {
      read_result_free (result);
      g_task_return_error (task, error);
      return;
    }

  g_task_return_pointer (task, result, read_result_free);
}

/* mm_record_read_file() in a worker thread. */
void
mm_record_read_file_async (GFile               *file,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (G_IS_FILE (file));

  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, mm_record_read_file_async);
  g_task_set_task_data (task, g_object_ref (file), g_object_unref);
  g_task_run_in_thread (task, read_file_thread);
}

GPtrArray *
mm_record_read_file_finish (GAsyncResult    *result,
                            MmRecordFormat  *found,
                            GError         **error)
{
  ReadResult *read;
  GPtrArray *games;

  g_return_val_if_fail (g_task_is_valid (result, NULL), NULL);

  if (found != NULL)
    *found = MM_RECORD_FORMAT_UNKNOWN;
  read = g_task_propagate_pointer (G_TASK (result), error);
  if (read == NULL)
    return NULL;

  if (found != NULL)
    *found = read->format;
  games = g_steal_pointer (&read->games);
  read_result_free (read);

  return games;
}

/* Saving is always in GGF, the one format that keeps everything. */
static GBytes *
record_bytes (MmGameRecord *record)
{
  char *text = mm_ggf_write (record);

  return g_bytes_new_take (text, strlen (text));
}

/* GIO renames the new file over the old one when the stream closes, even
 * after a failed write (g_file_replace_contents() does just that on a
 * full disk, leaving half a game): closing with a cancelled cancellable
 * is how a replace is abandoned, the old file kept and the new one
 * removed. */
static void
abandon_replace (GOutputStream *stream)
{
  g_autoptr(GCancellable) abandon = g_cancellable_new ();

  g_cancellable_cancel (abandon);
  g_output_stream_close (stream, abandon, NULL);
}

static gboolean
replace_contents (GFile         *file,
                  GBytes        *bytes,
                  GCancellable  *cancellable,
                  GError       **error)
{
  g_autoptr(GFileOutputStream) stream = NULL;
  GOutputStream *out;
  gsize length;
  const char *data = g_bytes_get_data (bytes, &length);

  stream = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, cancellable, error);
  if (stream == NULL)
    return FALSE;
  out = G_OUTPUT_STREAM (stream);
  if (!g_output_stream_write_all (out, data, length, NULL, cancellable, error))
    {
      abandon_replace (out);
      return FALSE;
    }
  return g_output_stream_close (out, cancellable, error);
}

/**
 * mm_record_write_file:
 *
 * Writes @record to @file in GGF, replacing the file whole: the new text
 * goes to a file beside it, which is then renamed over the old one, so
 * that a crash or a full disk at any moment leaves the old game or the
 * new one, never half of one.
 *
 * Returns: %FALSE with @error set (the disk full, no permission ...),
 *   the old file untouched
 */
gboolean
mm_record_write_file (GFile         *file,
                      MmGameRecord  *record,
                      GCancellable  *cancellable,
                      GError       **error)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);
  g_return_val_if_fail (record != NULL, FALSE);

  bytes = record_bytes (record);
  return replace_contents (file, bytes, cancellable, error);
}

static void
write_file_in_thread (GTask        *task,
                      gpointer      source,
                      gpointer      task_data,
                      GCancellable *cancellable)
{
  GError *error = NULL;

  if (replace_contents (G_FILE (source), task_data, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/**
 * mm_record_write_file_async:
 *
 * mm_record_write_file() in a worker thread, of the text @record has
 * now; @callback gets @file as its source object.
 */
void
mm_record_write_file_async (GFile               *file,
                            MmGameRecord        *record,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (record != NULL);

  task = g_task_new (file, cancellable, callback, user_data);
  g_task_set_source_tag (task, mm_record_write_file_async);
  g_task_set_task_data (task, record_bytes (record), (GDestroyNotify) g_bytes_unref);
  g_task_run_in_thread (task, write_file_in_thread);
}

gboolean
mm_record_write_file_finish (GFile         *file,
                             GAsyncResult  *result,
                             GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, file), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
