/* test-connection.c
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

/* One end of the protocol over a real 127.0.0.1 connection: messages
 * in and out, refusals answered as the specification says, and the
 * ways a connection ends. */

#include <string.h>
#include <sys/socket.h>

#include "mm-connection.h"
#include "mm-line-reader.h"
#include "mm-protocol.h"
#include "mm-test-net.h"

typedef struct
{
  GSocketListener   *listener;
  GSocketConnection *peer;       /* the raw side the test writes */
  GSocketConnection *served;     /* the side under MmConnection */
  MmReactor         *reactor;    /* polled connections only */
  MmConnection      *connection;
  MmLineReader      *peer_reader;
  GPtrArray         *messages;   /* JsonObject received by the connection */
  gboolean           got_message;
  gboolean           closed;
  GError            *close_error;
} Fixture;

static void
wait_for (const gboolean *flag)
{
  mm_test_net_wait_for (flag, 10);
}

static void
message_cb (MmConnection *connection, JsonObject *message, Fixture *f)
{
  g_ptr_array_add (f->messages, json_object_ref (message));
  f->got_message = TRUE;
}

static void
closed_cb (MmConnection *connection, const GError *error, Fixture *f)
{
  g_assert_false (f->closed);
  f->closed = TRUE;
  f->close_error = error != NULL ? g_error_copy (error) : NULL;
}

/* Each test runs twice: on GIO's asynchronous streams, and polled by a
 * reactor as the server's connections are. */
#define POLLED GINT_TO_POINTER (1)

static void
setup (Fixture *f, gconstpointer data)
{
  mm_test_net_connect_pair (&f->listener, &f->peer, &f->served);
  f->messages = g_ptr_array_new_with_free_func ((GDestroyNotify) json_object_unref);
  if (data == POLLED)
    {
      g_autoptr(GError) error = NULL;

      f->reactor = mm_reactor_new (NULL, &error);
      g_assert_no_error (error);
      f->connection = mm_connection_new_polled (G_IO_STREAM (f->served),
                                                g_socket_connection_get_socket (f->served),
                                                f->reactor);
    }
  else
    f->connection = mm_connection_new (G_IO_STREAM (f->served));
  g_signal_connect (f->connection, "message", G_CALLBACK (message_cb), f);
  g_signal_connect (f->connection, "closed", G_CALLBACK (closed_cb), f);
  mm_connection_start (f->connection);
  f->peer_reader = mm_line_reader_new (g_io_stream_get_input_stream (G_IO_STREAM (f->peer)), 0);
}

static void
teardown (Fixture *f, gconstpointer data)
{
  /* The connection outlives the fixture while its reads and writes
   * wind down. */
  g_signal_handlers_disconnect_by_data (f->connection, f);
  mm_connection_close (f->connection, NULL);
  g_clear_object (&f->connection);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_clear_object (&f->reactor);
  g_clear_object (&f->peer_reader);
  g_clear_object (&f->peer);
  g_clear_object (&f->served);
  g_socket_listener_close (f->listener);
  g_clear_object (&f->listener);
  g_ptr_array_unref (f->messages);
  g_clear_error (&f->close_error);
}

static void
peer_send (Fixture *f, const char *bytes, gsize length)
{
  g_autoptr(GError) error = NULL;
  GOutputStream *out = g_io_stream_get_output_stream (G_IO_STREAM (f->peer));

  g_output_stream_write_all (out, bytes, length, NULL, NULL, &error);
  g_assert_no_error (error);
}

typedef struct
{
  char     *line;
  GError   *error;
  gboolean  done;
} LineResult;

static void
line_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  LineResult *r = user_data;

  r->line = mm_line_reader_read_line_finish (MM_LINE_READER (source), result, &r->error);
  r->done = TRUE;
}

/* The next line the peer gets, as a message (NULL at the end). */
static JsonObject *
peer_receive (Fixture *f)
{
  LineResult r = { 0 };
  JsonObject *message;
  g_autoptr(GError) error = NULL;

  mm_line_reader_read_line_async (f->peer_reader, NULL, line_cb, &r);
  wait_for (&r.done);
  g_assert_no_error (r.error);
  if (r.line == NULL)
    return NULL;
  message = mm_protocol_parse_line (r.line, NULL, &error);
  g_assert_no_error (error);
  g_free (r.line);
  return message;
}

static void
assert_error_reply (Fixture *f, const char *code, const char *id)
{
  g_autoptr(JsonObject) reply = peer_receive (f);

  g_assert_nonnull (reply);
  g_assert_cmpstr (mm_protocol_get_type (reply), ==, "error");
  g_assert_cmpstr (json_object_get_string_member (reply, "code"), ==, code);
  g_assert_cmpstr (json_object_get_string_member_with_default (reply, "id", NULL), ==, id);
}

static void
wait_for_messages (Fixture *f, guint n)
{
  while (f->messages->len < n)
    {
      f->got_message = FALSE;
      mm_test_net_wait_for (&f->got_message, 10);
    }
}

/* A message each way. */
static void
test_messages (Fixture *f, gconstpointer data)
{
  static const char hello[] = "{\"type\":\"hello\",\"version\":1,\"program\":\"test\"}\r\n";
  g_autoptr(JsonObject) welcome = mm_protocol_new_message ("welcome", NULL);
  g_autoptr(JsonObject) received = NULL;

  peer_send (f, hello, strlen (hello));
  wait_for_messages (f, 1);
  g_assert_cmpstr (mm_protocol_get_type (f->messages->pdata[0]), ==, "hello");

  json_object_set_string_member (welcome, "server", "test server");
  json_object_set_int_member (welcome, "version", 1);
  json_object_set_int_member (welcome, "max_line", 16384);
  mm_connection_send (f->connection, welcome);
  received = peer_receive (f);
  g_assert_cmpstr (mm_protocol_get_type (received), ==, "welcome");
  g_assert_cmpstr (json_object_get_string_member (received, "server"), ==, "test server");
  g_assert_false (f->closed);
}

/* Every bad line gets its error and costs nothing else: the good line
 * after them still arrives, and the connection stays. */
static void
test_refusals (Fixture *f, gconstpointer data)
{
  static const char lines[] = "garbage\n"
                              "{\"type\":\"launch\",\"id\":\"a\"}\n"
                              "\xff\xfe\n"
                              "{\"type\":\"ping\",\"id\":\"b\",\"extra\":1}\n"
                              "{\"type\":\"ping\",\"id\":\"c\"}\n";

  peer_send (f, lines, strlen (lines));
  assert_error_reply (f, "syntax", NULL);
  assert_error_reply (f, "unknown-type", "a");
  assert_error_reply (f, "not-text", NULL);
  assert_error_reply (f, "unknown-field", "b");
  wait_for_messages (f, 1);
  g_assert_cmpuint (f->messages->len, ==, 1);
  g_assert_cmpstr (json_object_get_string_member (f->messages->pdata[0], "id"), ==, "c");
  g_assert_false (f->closed);
}

/* A line too long: its error goes out first, then the connection ends. */
static void
test_too_long (Fixture *f, gconstpointer data)
{
  gsize length = MM_LINE_READER_MAX_LENGTH + 100;
  g_autofree char *line = g_malloc (length + 1);
  g_autoptr(JsonObject) end = NULL;

  memset (line, 'a', length);
  line[length] = '\n';
  peer_send (f, line, length + 1);
  assert_error_reply (f, "too-long", NULL);
  end = peer_receive (f);
  g_assert_null (end);
  wait_for (&f->closed);
  g_assert_error (f->close_error, MM_LINE_ERROR, MM_LINE_ERROR_TOO_LONG);
  g_assert_true (mm_connection_is_closed (f->connection));
  g_assert_cmpuint (f->messages->len, ==, 0);
}

/* The peer hanging up is a close in good order; a half line is not. */
static void
test_peer_closes (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  g_io_stream_close (G_IO_STREAM (f->peer), NULL, &error);
  g_assert_no_error (error);
  wait_for (&f->closed);
  g_assert_no_error (f->close_error);
}

static void
test_half_line (Fixture *f, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) ping = mm_protocol_new_message ("ping", NULL);

  peer_send (f, "{\"type\":\"pi", 11);
  g_io_stream_close (G_IO_STREAM (f->peer), NULL, &error);
  g_assert_no_error (error);
  wait_for (&f->closed);
  g_assert_error (f->close_error, MM_LINE_ERROR, MM_LINE_ERROR_TRUNCATED);
  /* Nothing is sent once closed, nor does it fail. */
  g_assert_true (mm_connection_is_closed (f->connection));
  mm_connection_send (f->connection, ping);
  g_assert_cmpuint (f->messages->len, ==, 0);
}

/* A peer that takes nothing while more than 1 MiB waits for it is let
 * go; nothing is read from it any more. */
static void
test_peer_not_reading (Fixture *f, gconstpointer data)
{
  g_autofree char *filler = g_strnfill (15000, 'x');
  g_autoptr(JsonObject) big = mm_protocol_new_message ("ping", NULL);
  g_autoptr(GError) error = NULL;

  /* Small buffers on both sides: a polled connection writes what the
   * kernel takes at once. */
  g_socket_set_option (g_socket_connection_get_socket (f->served), SOL_SOCKET, SO_SNDBUF, 4096,
                       &error);
  g_assert_no_error (error);
  g_socket_set_option (g_socket_connection_get_socket (f->peer), SOL_SOCKET, SO_RCVBUF, 4096,
                       &error);
  g_assert_no_error (error);
  json_object_set_string_member (big, "filler", filler);
  /* Sent without the main loop running: no write can finish between. */
  for (int i = 0; i < 200 && !mm_connection_is_closed (f->connection); i++)
    mm_connection_send (f->connection, big);
  g_assert_true (mm_connection_is_closed (f->connection));
  wait_for (&f->closed);
  g_assert_error (f->close_error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
}

/* A close waits a while for what was sent, not for ever: a peer that
 * takes nothing more still lets the connection end. */
static void
test_close_without_reader (Fixture *f, gconstpointer data)
{
  g_autofree char *filler = g_strnfill (10000, 'x');
  g_autoptr(JsonObject) big = mm_protocol_new_message ("ping", NULL);
  g_autoptr(GError) error = NULL;

  /* Small buffers on both sides, so that little fits in between. */
  g_socket_set_option (g_socket_connection_get_socket (f->served), SOL_SOCKET, SO_SNDBUF, 4096,
                       &error);
  g_assert_no_error (error);
  g_socket_set_option (g_socket_connection_get_socket (f->peer), SOL_SOCKET, SO_RCVBUF, 4096,
                       &error);
  g_assert_no_error (error);

  json_object_set_string_member (big, "filler", filler);
  for (int i = 0; i < 50; i++)
    mm_connection_send (f->connection, big);
  g_assert_false (mm_connection_is_closed (f->connection));
  mm_connection_close (f->connection, NULL);
  /* The flush gives up after 10 s; 30 s is a failure. */
  mm_test_net_wait_for (&f->closed, 30);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  for (int polled = 0; polled < 2; polled++)
    {
      const char *mode = polled ? "/connection/polled" : "/connection";
      gconstpointer data = polled ? POLLED : NULL;
      static const struct
      {
        const char *name;
        void (*test) (Fixture *, gconstpointer);
      } tests[] = {
        { "messages", test_messages },
        { "refusals", test_refusals },
        { "too-long", test_too_long },
        { "peer-closes", test_peer_closes },
        { "half-line", test_half_line },
        { "peer-not-reading", test_peer_not_reading },
        { "close-without-reader", test_close_without_reader },
      };

      for (gsize i = 0; i < G_N_ELEMENTS (tests); i++)
        {
          g_autofree char *path = g_strdup_printf ("%s/%s", mode, tests[i].name);

          g_test_add (path, Fixture, data, setup, tests[i].test, teardown);
        }
    }

  return g_test_run ();
}
