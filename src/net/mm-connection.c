/* mm-connection.c
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

#include "mm-connection.h"
#include "mm-line-reader.h"
#include "mm-protocol.h"

/* One peer of the protocol on a stream, on the main loop: lines come in
 * and go out as messages.  What the other side gets wrong is answered
 * here, as the specification says (an error naming it; a line too long
 * closes the connection after its error), so that the server and the
 * client see only messages that passed.  Writes go out one after the
 * other; a peer that stops reading while its queue grows past
 * MAX_QUEUED bytes is let go rather than allowed to fill the memory. */

#define MAX_QUEUED (1024 * 1024)
/* How long a close waits for the lines already sent to go out. */
#define CLOSE_FLUSH_SECONDS 10

struct _MmConnection
{
  GObject       parent_instance;

  GIOStream    *stream;
  MmLineReader *reader;
  GCancellable *cancellable;
  /* Cancelled only to give up on a peer that does not read */
  GCancellable *write_cancellable;
  /* Lines waiting to be written, the first one being written */
  GQueue        queue;
  gsize         queued_bytes;
  gboolean      writing;
  /* Once set, nothing more is read, and the stream closes when the
   * queue is empty. */
  gboolean      closing;
  gboolean      stream_closing;
  gboolean      closed;
  GError       *close_error;
  /* Gives up on the last lines when the peer takes none */
  guint         flush_timeout;
};

enum
{
  SIGNAL_MESSAGE,
  SIGNAL_CLOSED,
  SIGNAL_REFUSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MmConnection, mm_connection, G_TYPE_OBJECT)

static void read_next (MmConnection *self);
static void write_next (MmConnection *self);

static void
mm_connection_dispose (GObject *object)
{
  MmConnection *self = MM_CONNECTION (object);

  g_cancellable_cancel (self->cancellable);
  g_cancellable_cancel (self->write_cancellable);
  g_clear_object (&self->reader);
  g_clear_object (&self->stream);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->write_cancellable);
  G_OBJECT_CLASS (mm_connection_parent_class)->dispose (object);
}

static void
mm_connection_finalize (GObject *object)
{
  MmConnection *self = MM_CONNECTION (object);

  /* Here and not in dispose: a write under way holds a reference, and
   * the line it writes is the head of the queue. */
  g_queue_clear_full (&self->queue, (GDestroyNotify) g_bytes_unref);
  g_clear_error (&self->close_error);
  G_OBJECT_CLASS (mm_connection_parent_class)->finalize (object);
}

static void
mm_connection_class_init (MmConnectionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mm_connection_dispose;
  object_class->finalize = mm_connection_finalize;

  /* A message that passed the specification's checks. */
  signals[SIGNAL_MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, JSON_TYPE_OBJECT);
  /* Once, when the connection is over: the error says why, NULL when
   * the other side or this one closed it in good order. */
  signals[SIGNAL_CLOSED] =
    g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
  /* A line the specification refused, after its error was sent: the
   * other side is still talking, and a server counts it against its
   * limits. */
  signals[SIGNAL_REFUSED] =
    g_signal_new ("refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
mm_connection_init (MmConnection *self)
{
  self->cancellable = g_cancellable_new ();
  self->write_cancellable = g_cancellable_new ();
  g_queue_init (&self->queue);
}

MmConnection *
mm_connection_new (GIOStream *stream)
{
  MmConnection *self;

  g_return_val_if_fail (G_IS_IO_STREAM (stream), NULL);

  self = g_object_new (MM_TYPE_CONNECTION, NULL);
  self->stream = g_object_ref (stream);
  self->reader = mm_line_reader_new (g_io_stream_get_input_stream (stream), 0);
  return self;
}

static void
stream_closed_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  g_autoptr(MmConnection) self = user_data;
  g_autoptr(GError) error = NULL;

  /* The stream is gone either way; a failure to close it says nothing
   * the peer needs. */
  g_io_stream_close_finish (G_IO_STREAM (source), result, &error);
  g_clear_handle_id (&self->flush_timeout, g_source_remove);
  self->closed = TRUE;
  g_signal_emit (self, signals[SIGNAL_CLOSED], 0, self->close_error);
}

static void
finish_closing (MmConnection *self)
{
  if (self->stream_closing || self->writing || self->stream == NULL)
    return;
  self->stream_closing = TRUE;
  g_cancellable_cancel (self->cancellable);
  g_io_stream_close_async (self->stream, G_PRIORITY_DEFAULT, NULL, stream_closed_cb,
                           g_object_ref (self));
}

static gboolean
give_up_flush_cb (gpointer user_data)
{
  MmConnection *self = user_data;

  self->flush_timeout = 0;
  g_cancellable_cancel (self->write_cancellable);
  return G_SOURCE_REMOVE;
}

/* Ends the connection: what was sent before still goes out (for
 * CLOSE_FLUSH_SECONDS at most, as the peer may read nothing more), then
 * the stream closes and "closed" is emitted with @error (copied; NULL
 * for a close in good order). */
void
mm_connection_close (MmConnection *self,
                     const GError *error)
{
  g_return_if_fail (MM_IS_CONNECTION (self));

  if (self->closing)
    return;
  self->closing = TRUE;
  if (error != NULL)
    self->close_error = g_error_copy (error);
  if (self->writing)
    self->flush_timeout = g_timeout_add_seconds_full (G_PRIORITY_DEFAULT, CLOSE_FLUSH_SECONDS,
                                                      give_up_flush_cb, g_object_ref (self),
                                                      g_object_unref);
  finish_closing (self);
}

/* TRUE from the moment the connection began to close: nothing more is
 * read or sent. */
gboolean
mm_connection_is_closed (MmConnection *self)
{
  g_return_val_if_fail (MM_IS_CONNECTION (self), TRUE);

  return self->closing;
}

static void
write_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(MmConnection) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) written = NULL;

  self->writing = FALSE;
  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, &error))
    {
      g_queue_clear_full (&self->queue, (GDestroyNotify) g_bytes_unref);
      self->queued_bytes = 0;
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        mm_connection_close (self, error);
      finish_closing (self);
      return;
    }
  written = g_queue_pop_head (&self->queue);
  self->queued_bytes -= g_bytes_get_size (written);
  write_next (self);
}

static void
write_next (MmConnection *self)
{
  GBytes *line;
  gsize size;
  gconstpointer data;

  if (self->writing)
    return;
  line = g_queue_peek_head (&self->queue);
  if (line == NULL)
    {
      if (self->closing)
        finish_closing (self);
      return;
    }
  self->writing = TRUE;
  data = g_bytes_get_data (line, &size);
  /* Not the reading's cancellable: what is queued before a close
   * still goes out. */
  g_output_stream_write_all_async (g_io_stream_get_output_stream (self->stream), data, size,
                                   G_PRIORITY_DEFAULT, self->write_cancellable, write_cb,
                                   g_object_ref (self));
}

/* Queues @message to go out as one line. */
void
mm_connection_send (MmConnection *self,
                    JsonObject   *message)
{
  char *line;
  gsize length;

  g_return_if_fail (MM_IS_CONNECTION (self));
  g_return_if_fail (message != NULL);

  if (self->closing)
    return;
  line = mm_protocol_to_line (message);
  length = strlen (line);
  if (self->queued_bytes + length > MAX_QUEUED)
    {
      g_autoptr(GError) error =
        g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NO_SPACE,
                             /* Translators: a network peer stopped taking what is sent to it */
                             _("The other side stopped reading."));

      g_free (line);
      mm_connection_close (self, error);
      /* The write under way gives up, and the queue goes with it. */
      g_cancellable_cancel (self->write_cancellable);
      return;
    }
  g_queue_push_tail (&self->queue, g_bytes_new_take (line, length));
  self->queued_bytes += length;
  write_next (self);
}

/* A line the specification refuses: the reply names the problem, and
 * only a line too long ends the connection. */
static void
answer_refusal (MmConnection *self,
                GError       *error,
                const char   *id)
{
  g_autoptr(JsonObject) reply = mm_protocol_new_error (error, id);

  mm_connection_send (self, reply);
  if (g_error_matches (error, MM_LINE_ERROR, MM_LINE_ERROR_TOO_LONG))
    mm_connection_close (self, error);
  else
    g_signal_emit (self, signals[SIGNAL_REFUSED], 0, error);
}

static void
handle_line (MmConnection *self,
             const char   *line)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *id = NULL;
  g_autoptr(JsonObject) message = mm_protocol_parse_line (line, &id, &error);

  if (message == NULL)
    answer_refusal (self, error, id);
  else
    g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, message);
}

static void
read_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(MmConnection) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *line = mm_line_reader_read_line_finish (MM_LINE_READER (source), result,
                                                            &error);

  if (self->closing)
    return;
  if (line != NULL)
    handle_line (self, line);
  else if (g_error_matches (error, MM_LINE_ERROR, MM_LINE_ERROR_NOT_UTF8))
    answer_refusal (self, error, NULL);
  else if (g_error_matches (error, MM_LINE_ERROR, MM_LINE_ERROR_TOO_LONG))
    answer_refusal (self, error, NULL);
  else
    {
      /* The end of the stream (no error), or a half line, or the
       * network's own failure. */
      mm_connection_close (self, error);
      return;
    }
  read_next (self);
}

static void
read_next (MmConnection *self)
{
  if (self->closing)
    return;
  mm_line_reader_read_line_async (self->reader, self->cancellable, read_cb, g_object_ref (self));
}

/* Begins taking lines: "message" for each one that passes. */
void
mm_connection_start (MmConnection *self)
{
  g_return_if_fail (MM_IS_CONNECTION (self));

  read_next (self);
}
