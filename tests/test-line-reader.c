/* test-line-reader.c
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

/* The protocol's framing: lines as they arrive, from memory and over a
 * real loopback connection, and every way a peer can get a line wrong. */

#include <gio/gio.h>
#include <string.h>

#include "mm-line-reader.h"
#include "mm-test-net.h"

typedef struct
{
  GMainLoop *loop;
  char      *line;
  GError    *error;
  gboolean   done;
} ReadResult;

static void
read_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  ReadResult *r = user_data;

  r->line = mm_line_reader_read_line_finish (MM_LINE_READER (source), result, &r->error);
  r->done = TRUE;
}

/* One line, the main loop run until it comes (10 s at most). */
static char *
read_line (MmLineReader *reader, GError **error)
{
  ReadResult r = { 0 };

  mm_line_reader_read_line_async (reader, NULL, read_cb, &r);
  mm_test_net_wait_for (&r.done, 10);
  if (r.error != NULL)
    g_propagate_error (error, r.error);
  return r.line;
}

static MmLineReader *
reader_of (const char *bytes, gsize length, gsize max_length)
{
  g_autoptr(GInputStream) stream = g_memory_input_stream_new_from_data (g_memdup2 (bytes, length),
                                                                        length, g_free);

  return mm_line_reader_new (stream, max_length);
}

static void
assert_line (MmLineReader *reader, const char *expected)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *line = read_line (reader, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (line, ==, expected);
}

static void
assert_line_error (MmLineReader *reader, int code)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *line = read_line (reader, &error);

  g_assert_null (line);
  g_assert_error (error, MM_LINE_ERROR, code);
}

static void
test_lines (void)
{
  static const char text[] = "one\ntwo\r\n\n{\"type\":\"hello\",\"name\":\"Νίκος\"}\n";
  g_autoptr(MmLineReader) reader = reader_of (text, strlen (text), 0);

  assert_line (reader, "one");
  assert_line (reader, "two");
  assert_line (reader, "");
  assert_line (reader, "{\"type\":\"hello\",\"name\":\"Νίκος\"}");
  /* The end, and it stays the end. */
  assert_line (reader, NULL);
  assert_line (reader, NULL);
}

/* Exactly the longest line passes, with either line end; a byte more
 * does not. */
static void
test_length_limit (void)
{
  static const char text[] = "12345678\n12345678\r\n123456789\n";
  g_autoptr(MmLineReader) reader = reader_of (text, strlen (text), 8);

  assert_line (reader, "12345678");
  assert_line (reader, "12345678");
  assert_line_error (reader, MM_LINE_ERROR_TOO_LONG);
}

/* A peer that never ends its line is stopped at the limit, not after
 * sending all it has. */
static void
test_endless_line (void)
{
  gsize length = 4 * 1024 * 1024;
  g_autofree char *text = g_malloc (length);
  g_autoptr(MmLineReader) reader = NULL;
  g_autoptr(GInputStream) stream = NULL;

  memset (text, 'a', length);
  stream = g_memory_input_stream_new_from_data (g_steal_pointer (&text), length, g_free);
  reader = mm_line_reader_new (stream, 0);
  assert_line_error (reader, MM_LINE_ERROR_TOO_LONG);
  /* It read a little more than 16 KiB of the 4 MiB. */
  g_assert_cmpint (g_seekable_tell (G_SEEKABLE (stream)), <=, MM_LINE_READER_MAX_LENGTH + 8192);
}

/* Bytes that are not text cost that line only. */
static void
test_not_text (void)
{
  static const char text[] = "ab\xff\nok\na\0b\nstill here\n";
  g_autoptr(MmLineReader) reader = reader_of (text, sizeof text - 1, 0);

  assert_line_error (reader, MM_LINE_ERROR_NOT_UTF8);
  assert_line (reader, "ok");
  assert_line_error (reader, MM_LINE_ERROR_NOT_UTF8);
  assert_line (reader, "still here");
  assert_line (reader, NULL);
}

static void
test_truncated (void)
{
  static const char text[] = "whole\nhalf a li";
  g_autoptr(MmLineReader) reader = reader_of (text, strlen (text), 0);

  assert_line (reader, "whole");
  assert_line_error (reader, MM_LINE_ERROR_TRUNCATED);
}

static void
send_text (GOutputStream *out, const char *text)
{
  g_autoptr(GError) error = NULL;

  g_output_stream_write_all (out, text, strlen (text), NULL, NULL, &error);
  g_assert_no_error (error);
  g_output_stream_flush (out, NULL, &error);
  g_assert_no_error (error);
}

/* Over a real connection on 127.0.0.1, lines cut anywhere, even inside
 * a Greek letter, come out whole. */
static void
test_loopback (void)
{
  g_autoptr(GSocketListener) listener = NULL;
  g_autoptr(GSocketConnection) to_server = NULL;
  g_autoptr(GSocketConnection) at_server = NULL;
  g_autoptr(MmLineReader) reader = NULL;
  g_autoptr(GError) error = NULL;
  GOutputStream *out;
  ReadResult r = { 0 };

  mm_test_net_connect_pair (&listener, &to_server, &at_server);

  reader = mm_line_reader_new (g_io_stream_get_input_stream (G_IO_STREAM (at_server)), 0);
  out = g_io_stream_get_output_stream (G_IO_STREAM (to_server));

  /* The first line comes in three pieces; the reader waits for all. */
  mm_line_reader_read_line_async (reader, NULL, read_cb, &r);
  send_text (out, "{\"name\":\"Ν\xce");
  g_main_context_iteration (NULL, FALSE);
  g_assert_false (r.done);
  send_text (out, "\xaf");
  send_text (out, "κος\"}\r\nsecond\n");
  mm_test_net_wait_for (&r.done, 10);
  g_assert_no_error (r.error);
  g_assert_cmpstr (r.line, ==, "{\"name\":\"Νίκος\"}");
  g_free (r.line);

  assert_line (reader, "second");
  g_io_stream_close (G_IO_STREAM (to_server), NULL, &error);
  g_assert_no_error (error);
  assert_line (reader, NULL);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/line-reader/lines", test_lines);
  g_test_add_func ("/line-reader/length-limit", test_length_limit);
  g_test_add_func ("/line-reader/endless-line", test_endless_line);
  g_test_add_func ("/line-reader/not-text", test_not_text);
  g_test_add_func ("/line-reader/truncated", test_truncated);
  g_test_add_func ("/line-reader/loopback", test_loopback);

  return g_test_run ();
}
