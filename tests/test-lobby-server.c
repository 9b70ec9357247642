/* test-lobby-server.c
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

/* The lobby server as its clients meet it, over 127.0.0.1: the
 * handshake, guests' names and sessions, the players' snapshot and its
 * changes, chat, and every limit of docs/PROTOCOL.md. */

#include <string.h>

#include "mm-test-client.h"

typedef struct
{
  MmServerLimits  limits;
  MmLobbyServer  *server;
  guint16         port;
  GPtrArray      *log;
} Fixture;

static void
log_cb (MmLobbyServer *server,
        const char    *line,
        Fixture       *fixture)
{
  g_ptr_array_add (fixture->log, g_strdup (line));
}

static void
start_server (Fixture *fixture)
{
  fixture->server = mm_test_server_new (&fixture->limits, &fixture->port);
  g_signal_connect (fixture->server, "log", G_CALLBACK (log_cb), fixture);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  mm_server_limits_init (&fixture->limits);
  fixture->log = g_ptr_array_new_with_free_func (g_free);
  /* Tests that change a limit start the server themselves. */
  if (data == NULL)
    start_server (fixture);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_clear_object (&fixture->server);
  /* The closing connections finish on the main loop. */
  mm_test_run_for (50);
  g_ptr_array_unref (fixture->log);
}

static gboolean
logged (Fixture    *fixture,
        const char *text)
{
  for (guint i = 0; i < fixture->log->len; i++)
    if (strstr (fixture->log->pdata[i], text) != NULL)
      return TRUE;
  return FALSE;
}

#define CUSTOM_LIMITS GINT_TO_POINTER (1)

static void
test_handshake (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmTestClient) client = mm_test_client_connect (fixture->port);
  g_autoptr(MmTestClient) early = mm_test_client_connect (fixture->port);
  g_autoptr(MmTestClient) future = mm_test_client_connect (fixture->port);
  g_autoptr(JsonObject) welcome = NULL;
  g_autoptr(JsonObject) refusal = NULL;

  mm_test_client_send_line (client, "{\"type\":\"hello\",\"id\":\"h\",\"version\":1,"
                                    "\"program\":\"test 1\"}");
  welcome = mm_test_client_expect (client, "welcome", 5);
  g_assert_cmpstr (json_object_get_string_member (welcome, "id"), ==, "h");
  g_assert_cmpstr (json_object_get_string_member (welcome, "server"), ==, "test server");
  g_assert_cmpint (json_object_get_int_member (welcome, "max_line"), ==, 16384);
  /* With the limits a client does well to know. */
  g_assert_cmpint (json_object_get_int_member (welcome, "max_chat"), ==, 300);
  g_assert_cmpint (json_object_get_int_member (welcome, "grace"), ==, 60);
  g_assert_cmpint (json_object_get_int_member (welcome, "idle_timeout"), ==, 120);
  g_assert_cmpint (json_object_get_int_member (welcome, "requests_per_second"), ==, 20);
  g_assert_cmpint (json_object_get_int_member (welcome, "chats_per_second"), ==, 1);

  /* Nothing before hello. */
  mm_test_client_send_line (early, "{\"type\":\"login\",\"id\":\"l\",\"name\":\"early\"}");
  mm_test_client_expect_error (early, "hello-first", "l");
  g_assert_true (mm_test_client_wait_closed (early, 5));

  /* A version the server does not speak: told which it does. */
  mm_test_client_send_line (future, "{\"type\":\"hello\",\"version\":99,\"program\":\"x\"}");
  refusal = mm_test_client_expect (future, "error", 5);
  g_assert_cmpstr (json_object_get_string_member (refusal, "code"), ==, "version");
  g_assert_cmpint (json_object_get_int_member (refusal, "max_version"), ==, 1);
  g_assert_true (mm_test_client_wait_closed (future, 5));

  /* hello once only; the first client is still served. */
  mm_test_client_send_line (client, "{\"type\":\"hello\",\"id\":\"again\",\"version\":1,"
                                    "\"program\":\"test 1\"}");
  mm_test_client_expect_error (client, "not-a-request", "again");
  mm_test_client_send_line (client, "{\"type\":\"ping\",\"id\":\"p\"}");
  mm_test_client_expect_reply (client, "pong", "p");
}

static void
test_handshake_timeout (Fixture *fixture, gconstpointer data)
{
  fixture->limits.handshake_timeout_s = 1;
  start_server (fixture);
  {
    g_autoptr(MmTestClient) silent = mm_test_client_connect (fixture->port);
    g_autoptr(MmTestClient) polite = mm_test_client_connect (fixture->port);
    g_autoptr(JsonObject) welcome = NULL;

    mm_test_client_send_line (polite, "{\"type\":\"hello\",\"version\":1,\"program\":\"x\"}");
    welcome = mm_test_client_expect (polite, "welcome", 5);
    mm_test_client_expect_error (silent, "timeout", NULL);
    g_assert_true (mm_test_client_wait_closed (silent, 5));
    g_assert_false (polite->closed);
    g_assert_true (logged (fixture, "timeout"));
  }
}

static void
test_login (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmTestClient) nikos = mm_test_client_login (fixture->port, "Νίκος");
  g_autoptr(MmTestClient) other = mm_test_client_connect (fixture->port);
  g_autoptr(JsonObject) welcome = NULL;
  g_autoptr(JsonObject) session = NULL;
  const char *token;

  g_assert_cmpuint (strlen (nikos->token), ==, 64);
  for (const char *p = nikos->token; *p != '\0'; p++)
    g_assert_true (g_ascii_isxdigit (*p));

  mm_test_client_send_line (other, "{\"type\":\"hello\",\"version\":1,\"program\":\"x\"}");
  welcome = mm_test_client_expect (other, "welcome", 5);
  /* Nothing but ping before a session. */
  mm_test_client_send_line (other, "{\"type\":\"subscribe\",\"id\":\"s\",\"topic\":\"players\"}");
  mm_test_client_expect_error (other, "not-logged-in", "s");
  /* Names the rules refuse, and names taken without case or accents. */
  mm_test_client_send_line (other, "{\"type\":\"login\",\"id\":\"1\",\"name\":\"a\"}");
  mm_test_client_expect_error (other, "bad-name", "1");
  mm_test_client_send_line (other, "{\"type\":\"login\",\"id\":\"2\",\"name\":\"two words\"}");
  mm_test_client_expect_error (other, "bad-name", "2");
  mm_test_client_send_line (other, "{\"type\":\"login\",\"id\":\"3\",\"name\":\"ΝΙΚΟΣ\"}");
  mm_test_client_expect_error (other, "name-taken", "3");
  mm_test_client_send_line (other, "{\"type\":\"login\",\"id\":\"4\",\"name\":\"Νικος\"}");
  mm_test_client_expect_error (other, "name-taken", "4");
  /* Only the server sends a session. */
  mm_test_client_send_printf (other, "{\"type\":\"session\",\"id\":\"5\",\"name\":\"Νίκος\","
                                     "\"token\":\"%s\",\"guest\":true,\"resumed\":true}",
                              nikos->token);
  mm_test_client_expect_error (other, "not-a-request", "5");

  /* A name is kept in NFC: a decomposed one is the same name. */
  mm_test_client_send_line (other, "{\"type\":\"login\",\"id\":\"6\",\"name\":\"Zoe\\u0308\"}");
  session = mm_test_client_expect (other, "session", 5);
  g_assert_cmpstr (json_object_get_string_member (session, "name"), ==, "Zoë");
  g_assert_false (json_object_get_boolean_member (session, "resumed"));
  token = json_object_get_string_member (session, "token");
  g_assert_cmpstr (token, !=, nikos->token);
  mm_test_client_send_line (other, "{\"type\":\"login\",\"id\":\"7\",\"name\":\"Zoe\"}");
  mm_test_client_expect_error (other, "logged-in", "7");
  g_assert_true (logged (fixture, "Zoë came as a guest from 127.0.0.1"));
}

/* Drains the snapshot, answering the names it held. */
static GPtrArray *
read_snapshot (MmTestClient *client)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  gboolean done = FALSE;

  while (!done)
    {
      g_autoptr(JsonObject) page = mm_test_client_expect (client, "players", 5);
      JsonArray *players = json_object_get_array_member (page, "players");

      g_assert_cmpuint (json_array_get_length (players), <=, 100);
      for (guint i = 0; i < json_array_get_length (players); i++)
        {
          JsonObject *player = json_array_get_object_element (players, i);

          g_assert_cmpstr (json_object_get_string_member (player, "status"), ==, "idle");
          g_assert_true (json_object_get_boolean_member (player, "guest"));
          g_ptr_array_add (names, g_strdup (json_object_get_string_member (player, "name")));
        }
      done = json_object_get_boolean_member (page, "done");
    }
  return names;
}

static gboolean
has_name (GPtrArray *names, const char *name)
{
  return g_ptr_array_find_with_equal_func (names, name, g_str_equal, NULL);
}

static void
expect_player (MmTestClient *client,
               const char   *type,
               const char   *name,
               const char   *status)
{
  g_autoptr(JsonObject) change = mm_test_client_expect (client, type, 5);

  g_assert_cmpstr (json_object_get_string_member (change, "name"), ==, name);
  if (status != NULL)
    g_assert_cmpstr (json_object_get_string_member (change, "status"), ==, status);
}

static void
test_presence (Fixture *fixture, gconstpointer data)
{
  fixture->limits.grace_s = 1;
  start_server (fixture);
  {
    g_autoptr(MmTestClient) anna = mm_test_client_login (fixture->port, "anna");
    g_autoptr(MmTestClient) bob = mm_test_client_login (fixture->port, "bob");
    g_autoptr(MmTestClient) carl = NULL;
    g_autoptr(GPtrArray) names = NULL;

    mm_test_client_send_line (anna, "{\"type\":\"subscribe\",\"id\":\"s\",\"topic\":\"players\"}");
    mm_test_client_expect_reply (anna, "ok", "s");
    names = read_snapshot (anna);
    g_assert_cmpuint (names->len, ==, 2);
    g_assert_true (has_name (names, "anna") && has_name (names, "bob"));

    /* Then only the changes. */
    carl = mm_test_client_login (fixture->port, "carl");
    expect_player (anna, "player-added", "carl", "idle");
    g_clear_pointer (&carl, mm_test_client_free);
    expect_player (anna, "player-changed", "carl", "away");
    expect_player (anna, "player-removed", "carl", NULL);
    g_assert_true (logged (fixture, "carl did not come back"));
    /* Bob, who did not subscribe, heard none of it. */
    g_assert_true (mm_test_client_is_quiet (bob, 100));

    mm_test_client_send_line (anna, "{\"type\":\"unsubscribe\",\"topic\":\"players\"}");
    mm_test_client_expect_reply (anna, "ok", NULL);
    carl = mm_test_client_login (fixture->port, "carl");
    g_assert_true (mm_test_client_is_quiet (anna, 100));
  }
}

/* A player who logs out is gone at once, without a grace period, and
 * the name is free again. */
static void
test_logout (Fixture *fixture, gconstpointer data)
{
  start_server (fixture);
  {
    g_autoptr(MmTestClient) anna = mm_test_client_login (fixture->port, "anna");
    g_autoptr(MmTestClient) carl = mm_test_client_login (fixture->port, "carl");
    g_autoptr(MmTestClient) again = NULL;

    mm_test_client_send_line (anna, "{\"type\":\"subscribe\",\"id\":\"s\",\"topic\":\"players\"}");
    mm_test_client_expect_reply (anna, "ok", "s");
    g_ptr_array_unref (read_snapshot (anna));
    mm_test_client_send_line (carl, "{\"type\":\"logout\",\"id\":\"bye\"}");
    mm_test_client_expect_reply (carl, "ok", "bye");
    g_assert_true (mm_test_client_wait_closed (carl, 5));
    expect_player (anna, "player-removed", "carl", NULL);
    g_assert_true (logged (fixture, "carl logged out"));
    again = mm_test_client_login (fixture->port, "carl");
    expect_player (anna, "player-added", "carl", "idle");
  }
}

/* A snapshot of many players comes in pages, each within its bound. */
static void
test_snapshot_pages (Fixture *fixture, gconstpointer data)
{
  fixture->limits.max_per_address = 0;
  start_server (fixture);
  {
    g_autoptr(GPtrArray) clients = g_ptr_array_new_with_free_func ((GDestroyNotify) mm_test_client_free);
    g_autoptr(GPtrArray) names = NULL;
    MmTestClient *watcher;

    for (int i = 0; i < 230; i++)
      {
        g_autofree char *name = g_strdup_printf ("player%d", i);

        g_ptr_array_add (clients, mm_test_client_login (fixture->port, name));
      }
    watcher = clients->pdata[0];
    mm_test_client_send_line (watcher, "{\"type\":\"subscribe\",\"topic\":\"players\"}");
    mm_test_client_expect_reply (watcher, "ok", NULL);
    names = read_snapshot (watcher);
    g_assert_cmpuint (names->len, ==, 230);
    for (int i = 0; i < 230; i++)
      {
        g_autofree char *name = g_strdup_printf ("player%d", i);

        g_assert_true (has_name (names, name));
      }
  }
}

static void
test_resume (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmTestClient) dora = mm_test_client_login (fixture->port, "dora");
  g_autoptr(MmTestClient) back = mm_test_client_connect (fixture->port);
  g_autoptr(MmTestClient) again = mm_test_client_connect (fixture->port);
  g_autoptr(MmTestClient) guesser = mm_test_client_connect (fixture->port);
  g_autofree char *token = g_strdup (dora->token);
  g_autofree char *wrong = g_strdup (token);
  g_autoptr(JsonObject) w1 = NULL, w2 = NULL, w3 = NULL, session = NULL, session2 = NULL;

  /* The line drops; the name is held for the token alone. */
  g_clear_pointer (&dora, mm_test_client_free);
  mm_test_run_for (100);
  mm_test_client_send_line (back, "{\"type\":\"hello\",\"version\":1,\"program\":\"x\"}");
  w1 = mm_test_client_expect (back, "welcome", 5);
  mm_test_client_send_line (back, "{\"type\":\"login\",\"id\":\"l\",\"name\":\"Dora\"}");
  mm_test_client_expect_error (back, "name-taken", "l");
  mm_test_client_send_printf (back, "{\"type\":\"resume\",\"id\":\"r\",\"token\":\"%s\"}", token);
  session = mm_test_client_expect (back, "session", 5);
  g_assert_cmpstr (json_object_get_string_member (session, "id"), ==, "r");
  g_assert_cmpstr (json_object_get_string_member (session, "name"), ==, "dora");
  g_assert_cmpstr (json_object_get_string_member (session, "token"), ==, token);
  g_assert_true (json_object_get_boolean_member (session, "resumed"));

  /* The token taken up on another connection moves the session there. */
  mm_test_client_send_line (again, "{\"type\":\"hello\",\"version\":1,\"program\":\"x\"}");
  w2 = mm_test_client_expect (again, "welcome", 5);
  mm_test_client_send_printf (again, "{\"type\":\"resume\",\"token\":\"%s\"}", token);
  session2 = mm_test_client_expect (again, "session", 5);
  mm_test_client_expect_error (back, "replaced", NULL);
  g_assert_true (mm_test_client_wait_closed (back, 5));

  /* Guessing tokens gets a few refusals, then the door. */
  wrong[0] = wrong[0] == '0' ? '1' : '0';
  mm_test_client_send_line (guesser, "{\"type\":\"hello\",\"version\":1,\"program\":\"x\"}");
  w3 = mm_test_client_expect (guesser, "welcome", 5);
  for (int i = 0; i < 5; i++)
    {
      mm_test_client_send_printf (guesser, "{\"type\":\"resume\",\"id\":\"g\",\"token\":\"%s\"}",
                                  wrong);
      mm_test_client_expect_error (guesser, "bad-token", "g");
    }
  mm_test_client_send_printf (guesser, "{\"type\":\"resume\",\"token\":\"%s\"}", wrong);
  mm_test_client_expect_error (guesser, "flood", NULL);
  g_assert_true (mm_test_client_wait_closed (guesser, 5));
  g_assert_false (again->closed);
}

static void
expect_said (MmTestClient *client,
             const char   *from,
             const char   *text)
{
  g_autoptr(JsonObject) said = mm_test_client_expect (client, "said", 5);

  g_assert_cmpstr (json_object_get_string_member (said, "room"), ==, "lobby");
  g_assert_cmpstr (json_object_get_string_member (said, "from"), ==, from);
  g_assert_cmpstr (json_object_get_string_member (said, "text"), ==, text);
}

static void
subscribe_chat (MmTestClient *client)
{
  mm_test_client_send_line (client, "{\"type\":\"subscribe\",\"topic\":\"chat\"}");
  mm_test_client_expect_reply (client, "ok", NULL);
}

static void
expect_ok (MmTestClient *client,
           const char   *id)
{
  mm_test_client_expect_reply (client, "ok", id);
}

static void
test_chat (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmTestClient) eleni = mm_test_client_login (fixture->port, "Ελένη");
  g_autoptr(MmTestClient) fotis = mm_test_client_login (fixture->port, "Φώτης");
  g_autoptr(MmTestClient) gus = mm_test_client_login (fixture->port, "gus");
  g_autoptr(GString) long_text = g_string_new (NULL);

  subscribe_chat (eleni);
  subscribe_chat (fotis);
  mm_test_client_send_line (eleni, "{\"type\":\"say\",\"id\":\"1\",\"room\":\"lobby\","
                                   "\"text\":\"Καλησπέρα!\"}");
  expect_ok (eleni, "1");
  expect_said (eleni, "Ελένη", "Καλησπέρα!");
  expect_said (fotis, "Ελένη", "Καλησπέρα!");
  /* Gus did not subscribe, but may speak. */
  g_assert_true (mm_test_client_is_quiet (gus, 50));
  mm_test_client_send_line (gus, "{\"type\":\"say\",\"room\":\"lobby\",\"text\":\"hi\"}");
  expect_ok (gus, NULL);
  expect_said (fotis, "gus", "hi");
  expect_said (eleni, "gus", "hi");

  /* Fotis ignores gus: he hears Eleni, never gus. */
  mm_test_client_send_line (fotis, "{\"type\":\"ignore\",\"id\":\"i\",\"name\":\"GUS\"}");
  expect_ok (fotis, "i");
  mm_test_client_send_line (fotis, "{\"type\":\"ignore\",\"id\":\"n\",\"name\":\"nobody\"}");
  mm_test_client_expect_error (fotis, "no-such-player", "n");
  mm_test_client_send_line (gus, "{\"type\":\"say\",\"room\":\"lobby\",\"text\":\"psst\"}");
  expect_ok (gus, NULL);
  expect_said (eleni, "gus", "psst");
  mm_test_client_send_line (eleni, "{\"type\":\"say\",\"room\":\"lobby\",\"text\":\"ναι\"}");
  expect_ok (eleni, NULL);
  expect_said (eleni, "Ελένη", "ναι");
  expect_said (fotis, "Ελένη", "ναι");
  mm_test_client_send_line (fotis, "{\"type\":\"unignore\",\"name\":\"gus\"}");
  expect_ok (fotis, NULL);
  mm_test_client_send_line (gus, "{\"type\":\"say\",\"room\":\"lobby\",\"text\":\"back\"}");
  expect_ok (gus, NULL);
  expect_said (fotis, "gus", "back");
  expect_said (eleni, "gus", "back");

  /* Longer than the server takes. */
  for (int i = 0; i < 301; i++)
    g_string_append (long_text, "ω");
  mm_test_client_send_printf (eleni, "{\"type\":\"say\",\"id\":\"long\",\"room\":\"lobby\","
                                     "\"text\":\"%s\"}", long_text->str);
  mm_test_client_expect_error (eleni, "bad-field", "long");

  /* Five lines at once are taken, the sixth is too fast. */
  for (int i = 0; i < 6; i++)
    mm_test_client_send_printf (fotis, "{\"type\":\"say\",\"id\":\"c%d\",\"room\":\"lobby\","
                                       "\"text\":\"line %d\"}", i, i);
  for (int i = 0; i < 5; i++)
    {
      g_autofree char *id = g_strdup_printf ("c%d", i);
      g_autofree char *text = g_strdup_printf ("line %d", i);

      expect_ok (fotis, id);
      expect_said (fotis, "Φώτης", text);
    }
  mm_test_client_expect_error (fotis, "rate-limited", "c5");
}

static void
test_connection_limits (Fixture *fixture, gconstpointer data)
{
  fixture->limits.max_per_address = 3;
  start_server (fixture);
  {
    g_autoptr(MmTestClient) a = mm_test_client_connect (fixture->port);
    g_autoptr(MmTestClient) b = mm_test_client_connect (fixture->port);
    g_autoptr(MmTestClient) c = mm_test_client_connect (fixture->port);
    g_autoptr(MmTestClient) d = mm_test_client_connect (fixture->port);
    g_autoptr(MmTestClient) e = NULL;

    mm_test_client_expect_error (d, "full", NULL);
    g_assert_true (mm_test_client_wait_closed (d, 5));
    /* One that goes makes room. */
    g_clear_pointer (&a, mm_test_client_free);
    mm_test_run_for (200);
    e = mm_test_client_connect (fixture->port);
    g_assert_true (mm_test_client_is_quiet (e, 200));
    g_assert_false (e->closed);
  }
}

static void
test_total_limit (Fixture *fixture, gconstpointer data)
{
  fixture->limits.max_connections = 2;
  start_server (fixture);
  {
    g_autoptr(MmTestClient) a = mm_test_client_connect (fixture->port);
    g_autoptr(MmTestClient) b = mm_test_client_connect (fixture->port);
    g_autoptr(MmTestClient) c = mm_test_client_connect (fixture->port);

    mm_test_client_expect_error (c, "full", NULL);
    g_assert_true (mm_test_client_wait_closed (c, 5));
    g_assert_false (a->closed || b->closed);
  }
}

static void
test_flood (Fixture *fixture, gconstpointer data)
{
  fixture->limits.request_rate = 5;
  fixture->limits.request_burst = 5;
  start_server (fixture);
  {
    g_autoptr(MmTestClient) flooder = mm_test_client_login (fixture->port, "flooder");
    g_autoptr(MmTestClient) garbage = mm_test_client_login (fixture->port, "garbage");
    g_autoptr(MmTestClient) calm = mm_test_client_login (fixture->port, "calm");
    int pongs = 0, limited = 0;
    JsonObject *message;

    mm_test_run_for (1100);
    for (int i = 0; i < 50; i++)
      mm_test_client_send_line (flooder, "{\"type\":\"ping\"}");
    while ((message = mm_test_client_next (flooder, 5)) != NULL)
      {
        const char *type = mm_protocol_get_type (message);

        if (g_str_equal (type, "pong"))
          pongs++;
        else if (g_str_equal (json_object_get_string_member (message, "code"), "rate-limited"))
          limited++;
        else
          g_assert_cmpstr (json_object_get_string_member (message, "code"), ==, "flood");
        json_object_unref (message);
      }
    g_assert_true (flooder->closed);
    g_assert_cmpint (pongs, >=, 5);
    g_assert_cmpint (pongs, <, 10);
    g_assert_cmpint (limited, ==, 5);

    /* Garbage counts too. */
    for (int i = 0; i < 50; i++)
      mm_test_client_send_line (garbage, "{{{{");
    g_assert_true (mm_test_client_wait_closed (garbage, 5));

    /* The calm one never noticed. */
    mm_test_client_send_line (calm, "{\"type\":\"ping\",\"id\":\"still\"}");
    mm_test_client_expect_reply (calm, "pong", "still");
    g_assert_true (logged (fixture, "flood"));
  }
}

static void
test_idle (Fixture *fixture, gconstpointer data)
{
  fixture->limits.idle_timeout_s = 2;
  start_server (fixture);
  {
    g_autoptr(MmTestClient) sleeper = mm_test_client_login (fixture->port, "sleeper");
    g_autoptr(MmTestClient) awake = mm_test_client_login (fixture->port, "awake");
    g_autoptr(JsonObject) ping = NULL;

    /* The one that answers pings stays; the one that does not goes. */
    sleeper->answers_pings = FALSE;
    ping = mm_test_client_expect (sleeper, "ping", 5);
    mm_test_client_expect_error (sleeper, "idle", NULL);
    g_assert_true (mm_test_client_wait_closed (sleeper, 5));
    mm_test_run_for (1500);
    g_assert_false (awake->closed);
  }
}

static void
test_bad_input (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmTestClient) bad = mm_test_client_login (fixture->port, "bad");
  g_autoptr(MmTestClient) good = mm_test_client_login (fixture->port, "good");
  g_autoptr(GString) deep = g_string_new ("{\"type\":\"ping\",\"x\":");
  g_autoptr(GString) huge = g_string_new ("{\"type\":\"say\",\"room\":\"lobby\",\"text\":\"");
  static const char *const lines[][2] = {
    { "\x01\x02garbage\xff", "not-text" },
    { "not json at all", "syntax" },
    { "[\"type\",\"ping\"]", "not-object" },
    { "{\"type\":\"say\",\"room\":\"lobby\",\"text\":7}", "bad-field" },
    { "{\"type\":\"say\",\"room\":\"kitchen\",\"text\":\"x\"}", "bad-field" },
    { "{\"type\":\"login\",\"name\":\"x\",\"admin\":true}", "unknown-field" },
    { "{\"type\":\"subscribe\",\"topic\":\"players\",\"id\":12345678901234567890123}", "bad-field" },
    { "{\"type\":\"ignore\",\"name\":\"x\",\"name\":\"y\"}", NULL },
    { "{\"type\":\"fly\"}", "unknown-type" },
    { "{\"type\":\"players\",\"players\":[],\"done\":true}", "not-a-request" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_autoptr(JsonObject) reply = NULL;

      mm_test_client_send_line (bad, lines[i][0]);
      reply = mm_test_client_expect (bad, "error", 5);
      if (lines[i][1] != NULL)
        g_assert_cmpstr (json_object_get_string_member (reply, "code"), ==, lines[i][1]);
    }
  for (int i = 0; i < 100; i++)
    g_string_append_c (deep, '[');
  for (int i = 0; i < 100; i++)
    g_string_append_c (deep, ']');
  g_string_append_c (deep, '}');
  mm_test_client_send_line (bad, deep->str);
  mm_test_client_expect_error (bad, "too-deep", NULL);

  /* A line past 16 KiB closes only its own connection. */
  for (int i = 0; i < 20000; i++)
    g_string_append_c (huge, 'x');
  g_string_append (huge, "\"}");
  mm_test_client_send_line (bad, huge->str);
  mm_test_client_expect_error (bad, "too-long", NULL);
  g_assert_true (mm_test_client_wait_closed (bad, 5));

  mm_test_client_send_line (good, "{\"type\":\"ping\",\"id\":\"ok\"}");
  mm_test_client_expect_reply (good, "pong", "ok");
}

static void
test_stop (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmTestClient) hugo = mm_test_client_login (fixture->port, "hugo");
  g_autoptr(MmTestClient) ines = mm_test_client_connect (fixture->port);

  mm_test_run_for (50);
  mm_lobby_server_stop (fixture->server);
  mm_test_client_expect_error (hugo, "shutdown", NULL);
  mm_test_client_expect_error (ines, "shutdown", NULL);
  g_assert_true (mm_test_client_wait_closed (hugo, 5));
  g_assert_true (mm_test_client_wait_closed (ines, 5));
  g_assert_true (logged (fixture, "stopped"));
}

#define ADD(path, func, data) \
  g_test_add ("/lobby-server/" path, Fixture, data, fixture_set_up, func, fixture_tear_down)

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  ADD ("handshake", test_handshake, NULL);
  ADD ("handshake-timeout", test_handshake_timeout, CUSTOM_LIMITS);
  ADD ("login", test_login, NULL);
  ADD ("presence", test_presence, CUSTOM_LIMITS);
  ADD ("logout", test_logout, CUSTOM_LIMITS);
  ADD ("snapshot-pages", test_snapshot_pages, CUSTOM_LIMITS);
  ADD ("resume", test_resume, NULL);
  ADD ("chat", test_chat, NULL);
  ADD ("connection-limits", test_connection_limits, CUSTOM_LIMITS);
  ADD ("total-limit", test_total_limit, CUSTOM_LIMITS);
  ADD ("flood", test_flood, CUSTOM_LIMITS);
  ADD ("idle", test_idle, CUSTOM_LIMITS);
  ADD ("bad-input", test_bad_input, NULL);
  ADD ("stop", test_stop, NULL);

  return g_test_run ();
}
