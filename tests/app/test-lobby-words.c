/* test-lobby-words.c
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

/* The addresses a person types in Play Online's Server field, and the
 * words for what the lobby lists. */

#include "config.h"

#include <gtk/gtk.h>

#include "mm-lobby-words.h"

static void
check_address (const char *typed,
               const char *host,
               guint16     port)
{
  g_autofree char *parsed_host = NULL;
  guint16 parsed_port = 0;

  g_assert_true (mm_lobby_parse_address (typed, &parsed_host, &parsed_port));
  g_assert_cmpstr (parsed_host, ==, host);
  g_assert_cmpuint (parsed_port, ==, port);
}

static void
check_refused (const char *typed)
{
  g_autofree char *host = NULL;
  guint16 port = 0;

  g_assert_false (mm_lobby_parse_address (typed, &host, &port));
  g_assert_null (host);
}

static void
test_addresses (void)
{
  check_address ("example.org", "example.org", MM_LOBBY_DEFAULT_PORT);
  check_address ("  example.org:7811 ", "example.org", 7811);
  check_address ("127.0.0.1:1", "127.0.0.1", 1);
  check_address ("::1", "::1", MM_LOBBY_DEFAULT_PORT);
  check_address ("[::1]", "::1", MM_LOBBY_DEFAULT_PORT);
  check_address ("[::1]:65535", "::1", 65535);
  check_address ("παιχνίδι.gr:7711", "παιχνίδι.gr", 7711);

  check_refused ("");
  check_refused ("   ");
  check_refused (NULL);
  check_refused (":7711");
  check_refused ("host:");
  check_refused ("host:0");
  check_refused ("host:65536");
  check_refused ("host:77a");
  check_refused ("[]:7711");
  check_refused ("[::1");
  check_refused ("[::1]x");
}

static void
test_words (void)
{
  g_autofree char *untimed = mm_lobby_format_time_control (0, 0);
  g_autofree char *blitz = mm_lobby_format_time_control (180, 2);
  g_autofree char *odd = mm_lobby_format_time_control (90, 1);
  g_autofree char *guest = mm_lobby_format_rating (-1);
  g_autofree char *rated = mm_lobby_format_rating (1523);

  g_assert_cmpstr (untimed, ==, "Untimed");
  g_assert_cmpstr (blitz, ==, "3+2");
  g_assert_cmpstr (odd, ==, "1:30+1");
  g_assert_cmpstr (guest, ==, "guest");
  g_assert_cmpstr (rated, ==, "1523");
  g_assert_cmpstr (mm_lobby_status_text (MM_LOBBY_STATUS_AWAY), ==, "away");
  g_assert_cmpstr (mm_lobby_status_text (MM_LOBBY_STATUS_IDLE), ==, "available");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lobby-words/addresses", test_addresses);
  g_test_add_func ("/lobby-words/words", test_words);
  return g_test_run ();
}
