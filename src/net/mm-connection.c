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
#include "mm-reactor.h"

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
/* How long the stream's own close may take */
#define CLOSE_SECONDS 5

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
  /* Gives up on the stream's close */
  GCancellable *close_cancellable;
  guint         close_timeout;

  /* Polled: the reactor says when the socket is ready, and the streams
   * are read and written without blocking (mm_connection_new_polled()) */
  MmReactor    *reactor;
  GSocket      *socket;
  gboolean      watched;
  gboolean      want_write;
  gboolean      handshaking;
  /* Closing: what the peer still sends is read and dropped, so that the
   * close does not reset the connection under the last lines */
  gboolean      draining;
  gboolean      drained;
  guint         linger_timeout;
  /* A flush is deferred to the end of this turn of the main loop */
  gboolean      flush_deferred;
  /* Bytes of the queue's head already written */
  gsize         written;
};

/* What a polled read takes off a socket, handed on before the next
 * read: one buffer a thread, not 4 KiB a connection. */
static __thread guint8 read_buffer[4096];

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
  if (self->watched)
    {
      mm_reactor_unwatch (self->reactor, g_socket_get_fd (self->socket));
      self->watched = FALSE;
    }
  g_clear_handle_id (&self->flush_timeout, g_source_remove);
  g_clear_handle_id (&self->linger_timeout, g_source_remove);
  g_clear_handle_id (&self->close_timeout, g_source_remove);
  g_clear_object (&self->close_cancellable);
  g_clear_object (&self->reactor);
  g_clear_object (&self->socket);
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

/* A connection whose socket a reactor watches, for a server of many:
 * no GSource per connection (docs/PERFORMANCE.md).  @stream is
 * @socket's connection, or TLS over it. */
MmConnection *
mm_connection_new_polled (GIOStream *stream,
                          GSocket   *socket,
                          MmReactor *reactor)
{
  MmConnection *self;

  g_return_val_if_fail (G_IS_IO_STREAM (stream), NULL);
  g_return_val_if_fail (G_IS_SOCKET (socket), NULL);
  g_return_val_if_fail (MM_IS_REACTOR (reactor), NULL);

  self = g_object_new (MM_TYPE_CONNECTION, NULL);
  self->stream = g_object_ref (stream);
  self->socket = g_object_ref (socket);
  self->reactor = g_object_ref (reactor);
  self->reader = mm_line_reader_new_pushed (0);
  return self;
}

static void polled_flush (MmConnection *self);
static void polled_finish_closing (MmConnection *self);
static void polled_deferred_flush (gpointer data,
                                   guint    events);

static gboolean
emit_closed_cb (gpointer user_data)
{
  MmConnection *self = user_data;

  self->closed = TRUE;
  g_signal_emit (self, signals[SIGNAL_CLOSED], 0, self->close_error);
  return G_SOURCE_REMOVE;
}

static void
emit_closed_later (MmConnection *self)
{
  GSource *source = g_idle_source_new ();

  g_source_set_callback (source, emit_closed_cb, g_object_ref (self), g_object_unref);
  g_source_attach (source, g_main_context_get_thread_default ());
  g_source_unref (source);
}

static void
polled_update_interest (MmConnection *self)
{
  if (self->watched && !self->draining)
    mm_reactor_modify (self->reactor, g_socket_get_fd (self->socket),
                       (self->closing ? 0 : MM_REACTOR_READABLE)
                       | (self->want_write ? MM_REACTOR_WRITABLE : 0));
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
  g_clear_handle_id (&self->close_timeout, g_source_remove);
  self->closed = TRUE;
  g_signal_emit (self, signals[SIGNAL_CLOSED], 0, self->close_error);
}

static gboolean
give_up_close_cb (gpointer user_data)
{
  MmConnection *self = user_data;

  self->close_timeout = 0;
  g_cancellable_cancel (self->close_cancellable);
  return G_SOURCE_REMOVE;
}

static void
finish_closing (MmConnection *self)
{
  if (self->stream_closing || self->writing || self->stream == NULL)
    return;
  self->stream_closing = TRUE;
  g_cancellable_cancel (self->cancellable);
  /* A TLS close sends a last record: a peer that reads nothing would
   * keep it waiting for ever. */
  self->close_cancellable = g_cancellable_new ();
  self->close_timeout = g_timeout_add_seconds_full (G_PRIORITY_DEFAULT, CLOSE_SECONDS,
                                                    give_up_close_cb, g_object_ref (self),
                                                    g_object_unref);
  g_io_stream_close_async (self->stream, G_PRIORITY_DEFAULT, self->close_cancellable,
                           stream_closed_cb, g_object_ref (self));
}

static gboolean
give_up_flush_cb (gpointer user_data)
{
  MmConnection *self = user_data;

  self->flush_timeout = 0;
  if (self->reactor != NULL)
    {
      polled_finish_closing (self);
      return G_SOURCE_REMOVE;
    }
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
  if (self->reactor != NULL)
    {
      polled_update_interest (self);
      if (g_queue_is_empty (&self->queue) || self->handshaking || !self->watched)
        polled_finish_closing (self);
      else
        self->flush_timeout = g_timeout_add_seconds_full (G_PRIORITY_DEFAULT, CLOSE_FLUSH_SECONDS,
                                                          give_up_flush_cb, g_object_ref (self),
                                                          g_object_unref);
      return;
    }
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
      if (self->reactor != NULL)
        polled_finish_closing (self);
      return;
    }
  g_queue_push_tail (&self->queue, g_bytes_new_take (line, length));
  self->queued_bytes += length;
  if (self->reactor != NULL)
    {
      /* Everything sent to this peer in this turn of the loop goes out
       * together, in one write (and one TLS record). */
      if (self->watched && !self->want_write && !self->flush_deferred)
        {
          self->flush_deferred = TRUE;
          mm_reactor_defer (self->reactor, G_OBJECT (self), polled_deferred_flush);
        }
      return;
    }
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
/* Polled connections: reads until the socket would block, lines handed
 * on one by one; writes until it would block, then waits for the
 * reactor to say it is writable. */

#define LINGER_SECONDS 2

static void
polled_finish_draining (MmConnection *self)
{
  if (self->drained)
    return;
  self->drained = TRUE;
  self->draining = FALSE;
  g_clear_handle_id (&self->linger_timeout, g_source_remove);
  if (self->watched)
    {
      mm_reactor_unwatch (self->reactor, g_socket_get_fd (self->socket));
      self->watched = FALSE;
    }
  g_socket_close (self->socket, NULL);
  emit_closed_later (self);
}

static gboolean
linger_over_cb (gpointer user_data)
{
  MmConnection *self = user_data;

  self->linger_timeout = 0;
  polled_finish_draining (self);
  return G_SOURCE_REMOVE;
}

/* What the peer still sends, dropped unread, until it closes too. */
static void
polled_drain (MmConnection *self)
{
  for (;;)
    {
      g_autoptr(GError) error = NULL;
      gssize n_read = g_socket_receive_with_blocking (self->socket, (char *) read_buffer,
                                                      sizeof read_buffer, FALSE, NULL, &error);

      if (n_read > 0)
        continue;
      if (n_read < 0 && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
        return;
      polled_finish_draining (self);
      return;
    }
}

/* The last lines are out (or given up): the socket stops sending, then
 * closes once the peer has closed too, or after a moment.  Not a TLS
 * close: that could wait for ever on a peer that does not read. */
static void
polled_finish_closing (MmConnection *self)
{
  if (self->stream_closing)
    return;
  self->stream_closing = TRUE;
  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->flush_timeout, g_source_remove);
  g_queue_clear_full (&self->queue, (GDestroyNotify) g_bytes_unref);
  self->queued_bytes = 0;
  if (!self->watched)
    {
      polled_finish_draining (self);
      return;
    }
  g_socket_shutdown (self->socket, FALSE, TRUE, NULL);
  self->draining = TRUE;
  self->want_write = FALSE;
  mm_reactor_modify (self->reactor, g_socket_get_fd (self->socket), MM_REACTOR_READABLE);
  self->linger_timeout = g_timeout_add_seconds_full (G_PRIORITY_DEFAULT, LINGER_SECONDS,
                                                     linger_over_cb, g_object_ref (self),
                                                     g_object_unref);
}

static void
polled_take_lines (MmConnection *self)
{
  while (!self->closing)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *line = NULL;

      if (!mm_line_reader_next (self->reader, &line, &error))
        return;
      if (line != NULL)
        handle_line (self, line);
      else if (g_error_matches (error, MM_LINE_ERROR, MM_LINE_ERROR_NOT_UTF8)
               || g_error_matches (error, MM_LINE_ERROR, MM_LINE_ERROR_TOO_LONG))
        answer_refusal (self, error, NULL);
      else
        {
          /* The end, or a half line at the end. */
          mm_connection_close (self, error);
          return;
        }
    }
}

static void
polled_read (MmConnection *self)
{
  GPollableInputStream *input = G_POLLABLE_INPUT_STREAM (g_io_stream_get_input_stream (self->stream));

  /* To the end of what is there: TLS may hold more than the socket
   * shows. */
  while (!self->closing)
    {
      g_autoptr(GError) error = NULL;
      gssize n_read = g_pollable_input_stream_read_nonblocking (input, read_buffer,
                                                                sizeof read_buffer, NULL, &error);

      if (n_read < 0)
        {
          if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
            mm_connection_close (self, error);
          return;
        }
      mm_line_reader_push (self->reader, read_buffer, (gsize) n_read);
      polled_take_lines (self);
      if (n_read == 0)
        return;
    }
}

/* Up to this much of the queue goes out in one write. */
#define COALESCE_BYTES 16384

/* The queue's head, joined with the lines after it up to COALESCE_BYTES
 * into one, so that one write (and one TLS record) carries them. */
static void
coalesce_head (MmConnection *self)
{
  GBytes *head = g_queue_peek_head (&self->queue);
  GByteArray *joined;
  gsize size = g_bytes_get_size (head);

  if (self->written > 0 || g_queue_get_length (&self->queue) < 2)
    return;
  joined = g_byte_array_sized_new ((guint) MIN (COALESCE_BYTES, self->queued_bytes));
  while ((head = g_queue_peek_head (&self->queue)) != NULL
         && (joined->len == 0 || joined->len + (size = g_bytes_get_size (head)) <= COALESCE_BYTES))
    {
      gsize length;
      const guint8 *data = g_bytes_get_data (head, &length);

      g_byte_array_append (joined, data, (guint) length);
      g_bytes_unref (g_queue_pop_head (&self->queue));
    }
  g_queue_push_head (&self->queue, g_byte_array_free_to_bytes (joined));
}

static void
polled_flush (MmConnection *self)
{
  GPollableOutputStream *output =
    G_POLLABLE_OUTPUT_STREAM (g_io_stream_get_output_stream (self->stream));
  GBytes *line;

  self->flush_deferred = FALSE;
  while (!g_queue_is_empty (&self->queue))
    {
      g_autoptr(GError) error = NULL;
      gsize size;
      const guint8 *data;
      gssize n_written;

      coalesce_head (self);
      line = g_queue_peek_head (&self->queue);
      data = g_bytes_get_data (line, &size);
      n_written = g_pollable_output_stream_write_nonblocking (output, data + self->written,
                                                              size - self->written, NULL, &error);
      if (n_written < 0)
        {
          if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK))
            {
              if (!self->want_write)
                {
                  self->want_write = TRUE;
                  polled_update_interest (self);
                }
              return;
            }
          if (!self->closing)
            mm_connection_close (self, error);
          polled_finish_closing (self);
          return;
        }
      self->written += (gsize) n_written;
      if (self->written == size)
        {
          g_bytes_unref (g_queue_pop_head (&self->queue));
          self->queued_bytes -= size;
          self->written = 0;
        }
    }
  if (self->want_write)
    {
      self->want_write = FALSE;
      polled_update_interest (self);
    }
  if (self->closing)
    polled_finish_closing (self);
}

static void
polled_deferred_flush (gpointer data,
                       guint    events)
{
  MmConnection *self = data;

  if (self->flush_deferred && !self->stream_closing)
    polled_flush (self);
}

static void
polled_ready_cb (gpointer data,
                 guint    events)
{
  g_autoptr(MmConnection) self = g_object_ref (data);

  if (self->draining)
    {
      polled_drain (self);
      return;
    }
  if ((events & (MM_REACTOR_READABLE | MM_REACTOR_HANGUP)) && !self->closing)
    polled_read (self);
  if ((events & (MM_REACTOR_WRITABLE | MM_REACTOR_HANGUP)) && !self->stream_closing)
    polled_flush (self);
}

static void
polled_watch (MmConnection *self)
{
  g_autoptr(GError) error = NULL;

  self->want_write = !g_queue_is_empty (&self->queue);
  if (!mm_reactor_watch (self->reactor, g_socket_get_fd (self->socket),
                         MM_REACTOR_READABLE | (self->want_write ? MM_REACTOR_WRITABLE : 0),
                         polled_ready_cb, self, &error))
    {
      mm_connection_close (self, error);
      return;
    }
  self->watched = TRUE;
  if (self->closing)
    polled_finish_closing (self);
}

static void
handshake_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(MmConnection) self = user_data;
  g_autoptr(GError) error = NULL;

  self->handshaking = FALSE;
  if (self->stream_closing)
    return;
  if (!g_tls_connection_handshake_finish (G_TLS_CONNECTION (source), result, &error))
    {
      mm_connection_close (self, error);
      return;
    }
  polled_watch (self);
}

void
mm_connection_start (MmConnection *self)
{
  g_return_if_fail (MM_IS_CONNECTION (self));

  if (self->reactor == NULL)
    {
      read_next (self);
      return;
    }
  /* The TLS handshake first, on its own: its reads and writes are GIO's
   * to do; then only records. */
  if (G_IS_TLS_CONNECTION (self->stream))
    {
      self->handshaking = TRUE;
      g_tls_connection_handshake_async (G_TLS_CONNECTION (self->stream), G_PRIORITY_DEFAULT,
                                        self->cancellable, handshake_cb, g_object_ref (self));
      return;
    }
  polled_watch (self);
}
