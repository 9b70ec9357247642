/* mm-line-reader.c
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

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mm-line-reader.h"

/* Lines come off a stream one at a time, as they arrive, without a
 * thread and without ever holding more than one line's worth beyond
 * what was read: a peer that sends a line too long, or no line end at
 * all, is found out after max_length bytes, not after it has filled
 * the memory. */

#define CHUNK_SIZE 4096

struct _MmLineReader
{
  GObject       parent_instance;

  GInputStream *stream;
  gsize         max_length;
  /* Bytes read and not yet given out as lines */
  GByteArray   *pending;
  /* How far into @pending no line end was found */
  gsize         scanned;
  gboolean      at_end;
  /* The read under way, if any */
  GTask        *task;
  /* Only a reader of a stream reads for itself */
  guint8       *chunk;
};

G_DEFINE_FINAL_TYPE (MmLineReader, mm_line_reader, G_TYPE_OBJECT)
G_DEFINE_QUARK (mm-line-error-quark, mm_line_error)

static void read_more (MmLineReader *self);

static void
mm_line_reader_dispose (GObject *object)
{
  MmLineReader *self = MM_LINE_READER (object);

  g_clear_object (&self->stream);
  G_OBJECT_CLASS (mm_line_reader_parent_class)->dispose (object);
}

static void
mm_line_reader_finalize (GObject *object)
{
  MmLineReader *self = MM_LINE_READER (object);

  g_byte_array_unref (self->pending);
  g_free (self->chunk);
  G_OBJECT_CLASS (mm_line_reader_parent_class)->finalize (object);
}

static void
mm_line_reader_class_init (MmLineReaderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mm_line_reader_dispose;
  object_class->finalize = mm_line_reader_finalize;
}

static void
mm_line_reader_init (MmLineReader *self)
{
  self->pending = g_byte_array_new ();
}

/* A reader of the lines of @stream, each at most @max_length bytes
 * without its "\n" or "\r\n" (0: MM_LINE_READER_MAX_LENGTH). */
MmLineReader *
mm_line_reader_new (GInputStream *stream,
                    gsize         max_length)
{
  MmLineReader *self;

  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);

  self = g_object_new (MM_TYPE_LINE_READER, NULL);
  self->stream = g_object_ref (stream);
  self->chunk = g_malloc (CHUNK_SIZE);
  self->max_length = max_length > 0 ? max_length : MM_LINE_READER_MAX_LENGTH;
  return self;
}

static void
finish_with_error (MmLineReader *self,
                   GError       *error)
{
  g_autoptr(GTask) task = g_steal_pointer (&self->task);

  g_task_return_error (task, error);
}

static GError *
too_long_error (MmLineReader *self)
{
  /* Translators: %u is the longest line the online protocol takes, in bytes */
  return g_error_new (MM_LINE_ERROR, MM_LINE_ERROR_TOO_LONG,
                      _("A line of more than %u bytes arrived."), (guint) self->max_length);
}

typedef enum
{
  SPLIT_NEED_MORE,
  SPLIT_LINE,
  SPLIT_ERROR,
  SPLIT_END,
} SplitResult;

/* The first whole line of @pending, if there is one, or the error that
 * stands in its place; SPLIT_NEED_MORE when it needs more bytes. */
static SplitResult
split_line (MmLineReader  *self,
            char         **line,
            GError       **error)
{
  /* An empty array may have no data at all to search. */
  guint8 *end = self->scanned < self->pending->len
                ? memchr (self->pending->data + self->scanned, '\n', self->pending->len - self->scanned)
                : NULL;
  gsize length;

  if (end == NULL)
    {
      self->scanned = self->pending->len;
      /* One byte more than a line may hold could still be its "\r". */
      if (self->pending->len > self->max_length + 1)
        {
          g_propagate_error (error, too_long_error (self));
          return SPLIT_ERROR;
        }
      if (!self->at_end)
        return SPLIT_NEED_MORE;
      if (self->pending->len == 0)
        return SPLIT_END;
      /* Translators: a network peer hung up in the middle of a message */
      g_set_error_literal (error, MM_LINE_ERROR, MM_LINE_ERROR_TRUNCATED,
                           _("The connection ended in the middle of a line."));
      return SPLIT_ERROR;
    }

  length = (gsize) (end - self->pending->data);
  if (length > 0 && self->pending->data[length - 1] == '\r')
    length--;
  if (length > self->max_length)
    {
      g_propagate_error (error, too_long_error (self));
      return SPLIT_ERROR;
    }
  /* A NUL byte inside the line fails here too. */
  if (!g_utf8_validate_len ((const char *) self->pending->data, length, NULL))
    {
      g_byte_array_remove_range (self->pending, 0, (guint) (end - self->pending->data) + 1);
      self->scanned = 0;
      /* Translators: a network peer sent bytes that are not text */
      g_set_error_literal (error, MM_LINE_ERROR, MM_LINE_ERROR_NOT_UTF8,
                           _("A line that is not UTF-8 text arrived."));
      return SPLIT_ERROR;
    }

  *line = g_strndup ((const char *) self->pending->data, length);
  g_byte_array_remove_range (self->pending, 0, (guint) (end - self->pending->data) + 1);
  self->scanned = 0;
  return SPLIT_LINE;
}

/* Hands out the first whole line of @pending, if there is one; says
 * whether the read under way is answered. */
static gboolean
take_line (MmLineReader *self)
{
  GError *error = NULL;
  char *line = NULL;
  g_autoptr(GTask) task = NULL;

  switch (split_line (self, &line, &error))
    {
    case SPLIT_NEED_MORE:
      return FALSE;
    case SPLIT_ERROR:
      finish_with_error (self, error);
      return TRUE;
    case SPLIT_END:
    case SPLIT_LINE:
    default:
      task = g_steal_pointer (&self->task);
      g_task_return_pointer (task, line, g_free);
      return TRUE;
    }
}

/* A reader that is handed its bytes (mm_line_reader_push()) by a caller
 * that reads them itself, from a socket that is ready, say. */
MmLineReader *
mm_line_reader_new_pushed (gsize max_length)
{
  MmLineReader *self = g_object_new (MM_TYPE_LINE_READER, NULL);

  self->max_length = max_length > 0 ? max_length : MM_LINE_READER_MAX_LENGTH;
  return self;
}

/* @data arrived; @length 0 says the stream ended. */
void
mm_line_reader_push (MmLineReader *self,
                     const void   *data,
                     gsize         length)
{
  g_return_if_fail (MM_IS_LINE_READER (self));
  g_return_if_fail (self->stream == NULL);

  if (length == 0)
    self->at_end = TRUE;
  else
    g_byte_array_append (self->pending, data, (guint) length);
}

/* The next line of what was pushed: TRUE with @line, or with @error (a
 * line refused, or the end in the middle of one), or with neither at the
 * end of the stream; FALSE while it waits for more bytes. */
gboolean
mm_line_reader_next (MmLineReader  *self,
                     char         **line,
                     GError       **error)
{
  g_return_val_if_fail (MM_IS_LINE_READER (self), FALSE);
  g_return_val_if_fail (line != NULL && *line == NULL, FALSE);

  return split_line (self, line, error) != SPLIT_NEED_MORE;
}

static void
read_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(MmLineReader) self = user_data;
  GError *error = NULL;
  gssize n_read = g_input_stream_read_finish (G_INPUT_STREAM (source), result, &error);

  if (n_read < 0)
    {
      finish_with_error (self, error);
      return;
    }
  if (n_read == 0)
    self->at_end = TRUE;
  else
    g_byte_array_append (self->pending, self->chunk, (guint) n_read);
  if (!take_line (self))
    read_more (self);
}

static void
read_more (MmLineReader *self)
{
  g_input_stream_read_async (self->stream, self->chunk, CHUNK_SIZE,
                             g_task_get_priority (self->task),
                             g_task_get_cancellable (self->task),
                             read_cb, g_object_ref (self));
}

/* Reads the next line.  The answer is the line without its end, NULL
 * without an error at the end of the stream, or an MM_LINE_ERROR (or
 * the stream's own error).  After an error other than NOT_UTF8 the
 * stream is no use any more: the protocol closes the connection.  One
 * read at a time. */
void
mm_line_reader_read_line_async (MmLineReader        *self,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  g_return_if_fail (MM_IS_LINE_READER (self));
  g_return_if_fail (self->task == NULL);

  self->task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (self->task, mm_line_reader_read_line_async);
  if (!take_line (self))
    read_more (self);
}

char *
mm_line_reader_read_line_finish (MmLineReader  *self,
                                 GAsyncResult  *result,
                                 GError       **error)
{
  g_return_val_if_fail (MM_IS_LINE_READER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
