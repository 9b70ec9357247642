/* test-lobby-accounts.c
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

/* Registered players through the real server and its SQLite store, over
 * 127.0.0.1: registering, logging in, failed logins limited, a guest
 * kept off a registered name, a rated game moving both ratings as
 * Glicko-2 has it, and the finished game kept as GGF. */

#include <glib/gstdio.h>
#include <sodium.h>
#include <string.h>

#include "mm-sqlite-store.h"
#include "mm-test-client.h"

typedef struct
{
  char           *folder;
  char           *path;
  MmSqliteStore  *store;
  MmLobbyServer  *server;
  guint16         port;
  guint           rating_period_s;
} Fixture;

static void
start_server (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  MmServerLimits limits;

  mm_server_limits_init (&limits);
  limits.request_rate = 0;
  limits.rating_period_s = fixture->rating_period_s;
  fixture->store = mm_sqlite_store_new (fixture->path, &error);
  g_assert_no_error (error);
  fixture->server = mm_lobby_server_new ("test server", &limits);
  mm_lobby_server_set_store (fixture->server, MM_STORE (fixture->store), &error);
  g_assert_no_error (error);
  {
    g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);

    mm_lobby_server_listen (fixture->server, loopback, 0, &fixture->port, &error);
    g_assert_no_error (error);
  }
}

static void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (sodium_init (), >=, 0);
  fixture->folder = g_dir_make_tmp ("monomachia-accounts-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->path = g_build_filename (fixture->folder, "server.db", NULL);
  if (data == NULL)
    start_server (fixture);
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_clear_object (&fixture->server);
  mm_test_run_for (50);
  g_clear_object (&fixture->store);
  dir = g_dir_open (fixture->folder, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fixture->folder, name, NULL);

      g_unlink (path);
    }
  g_rmdir (fixture->folder);
  g_free (fixture->path);
  g_free (fixture->folder);
}

static const char *
get_string (JsonObject *message, const char *member)
{
  return json_object_get_string_member_with_default (message, member, NULL);
}

static void
test_register_and_login (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmTestClient) eleni = mm_test_client_hello (fixture->port);
  g_autoptr(MmTestClient) guest = mm_test_client_hello (fixture->port);
  g_autoptr(MmTestClient) again = mm_test_client_hello (fixture->port);
  g_autoptr(JsonObject) session = NULL;
  g_autoptr(JsonObject) second = NULL;

  mm_test_client_send_line (eleni, "{\"type\":\"register\",\"id\":\"r\",\"name\":\"x\","
                                   "\"password\":\"long enough\"}");
  mm_test_client_expect_error (eleni, "bad-name", "r");
  mm_test_client_send_line (eleni, "{\"type\":\"register\",\"id\":\"r\",\"name\":\"Ελένη\","
                                   "\"password\":\"short\"}");
  mm_test_client_expect_error (eleni, "bad-password", "r");
  mm_test_client_send_line (eleni, "{\"type\":\"register\",\"id\":\"r\",\"name\":\"Ελένη\","
                                   "\"password\":\"κωδικός-2026\"}");
  session = mm_test_client_expect (eleni, "session", 10);
  g_assert_cmpstr (get_string (session, "id"), ==, "r");
  g_assert_false (json_object_get_boolean_member (session, "guest"));
  g_assert_cmpint (json_object_get_int_member (session, "rating"), ==, 1500);
  g_assert_cmpint (json_object_get_int_member (session, "deviation"), ==, 350);

  /* The name is the account's: not for a guest, not for another account. */
  mm_test_client_send_line (guest, "{\"type\":\"login\",\"id\":\"g\",\"name\":\"ΕΛΕΝΗ\"}");
  mm_test_client_expect_error (guest, "name-registered", "g");
  g_clear_pointer (&eleni, mm_test_client_free);
  mm_test_run_for (100);
  mm_test_client_send_line (guest, "{\"type\":\"login\",\"id\":\"g\",\"name\":\"ελενη\"}");
  mm_test_client_expect_error (guest, "name-registered", "g");
  mm_test_client_send_line (guest, "{\"type\":\"register\",\"id\":\"g\",\"name\":\"ΕΛΈΝΗ\","
                                   "\"password\":\"another one\"}");
  mm_test_client_expect_error (guest, "name-taken", "g");

  /* Wrong, then right: the session, away since the line dropped, is
   * taken up again. */
  mm_test_client_send_line (again, "{\"type\":\"login\",\"id\":\"w\",\"name\":\"Ελένη\","
                                   "\"password\":\"wrong password\"}");
  mm_test_client_expect_error (again, "bad-password", "w");
  mm_test_client_send_line (again, "{\"type\":\"login\",\"id\":\"n\",\"name\":\"nobody\","
                                   "\"password\":\"whatever it is\"}");
  mm_test_client_expect_error (again, "bad-password", "n");
  mm_test_client_send_line (again, "{\"type\":\"login\",\"id\":\"ok\",\"name\":\"ελένη\","
                                   "\"password\":\"κωδικός-2026\"}");
  second = mm_test_client_expect (again, "session", 10);
  g_assert_cmpstr (get_string (second, "name"), ==, "Ελένη");
  g_assert_true (json_object_get_boolean_member (second, "resumed"));
}

static void
test_guest_off_registered_name (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmTestClient) owner = mm_test_client_hello (fixture->port);
  g_autoptr(MmTestClient) guest = NULL;
  g_autoptr(JsonObject) session = NULL;
  g_autoptr(JsonObject) replaced = NULL;
  g_autoptr(MmTestClient) other = NULL;

  mm_test_client_send_line (owner, "{\"type\":\"register\",\"name\":\"Kostas\","
                                   "\"password\":\"correct horse\"}");
  session = mm_test_client_expect (owner, "session", 10);
  /* Present or not, the name is the account's. */
  guest = mm_test_client_hello (fixture->port);
  mm_test_client_send_line (guest, "{\"type\":\"login\",\"id\":\"1\",\"name\":\"kostas\"}");
  mm_test_client_expect_error (guest, "name-registered", "1");

  /* The password from another connection takes the session over. */
  other = mm_test_client_hello (fixture->port);
  mm_test_client_send_line (other, "{\"type\":\"login\",\"name\":\"Kostas\","
                                   "\"password\":\"correct horse\"}");
  g_clear_pointer (&session, json_object_unref);
  session = mm_test_client_expect (other, "session", 10);
  mm_test_client_expect_error (owner, "replaced", NULL);
}

static void
test_failed_logins_limited (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmTestClient) owner = mm_test_client_hello (fixture->port);
  g_autoptr(MmTestClient) guesser = mm_test_client_hello (fixture->port);
  g_autoptr(JsonObject) session = NULL;

  mm_test_client_send_line (owner, "{\"type\":\"register\",\"name\":\"maria\","
                                   "\"password\":\"a good password\"}");
  session = mm_test_client_expect (owner, "session", 10);
  for (int i = 0; i < 5; i++)
    {
      mm_test_client_send_printf (guesser, "{\"type\":\"login\",\"id\":\"t\",\"name\":\"maria\","
                                           "\"password\":\"guess %d\"}", i);
      mm_test_client_expect_error (guesser, "bad-password", "t");
    }
  /* Now even the right one waits. */
  mm_test_client_send_line (guesser, "{\"type\":\"login\",\"id\":\"t\",\"name\":\"maria\","
                                     "\"password\":\"a good password\"}");
  mm_test_client_expect_error (guesser, "rate-limited", "t");
}

/* A burst of guesses is held back before the first is even checked. */
static void
test_login_burst (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmTestClient) owner = mm_test_client_hello (fixture->port);
  g_autoptr(MmTestClient) guesser = mm_test_client_hello (fixture->port);
  g_autoptr(JsonObject) session = NULL;
  int refused = 0, limited = 0;

  mm_test_client_send_line (owner, "{\"type\":\"register\",\"name\":\"nikos\","
                                   "\"password\":\"a good password\"}");
  session = mm_test_client_expect (owner, "session", 10);
  for (int i = 0; i < 10; i++)
    mm_test_client_send_printf (guesser, "{\"type\":\"login\",\"name\":\"nikos\","
                                         "\"password\":\"guess %d\"}", i);
  for (int i = 0; i < 10; i++)
    {
      g_autoptr(JsonObject) reply = mm_test_client_expect (guesser, "error", 10);
      const char *code = json_object_get_string_member (reply, "code");

      refused += g_str_equal (code, "bad-password");
      limited += g_str_equal (code, "rate-limited");
    }
  g_assert_cmpint (refused, ==, 1);
  g_assert_cmpint (limited, ==, 9);
}

static void
add_account (MmSqliteStore *store,
             const char    *name,
             const char    *password,
             double         rating,
             double         deviation)
{
  g_autoptr(MmStoredAccount) account = NULL;
  g_autoptr(GError) error = NULL;
  char hash[crypto_pwhash_STRBYTES];

  g_assert_cmpint (crypto_pwhash_str (hash, password, strlen (password),
                                      crypto_pwhash_OPSLIMIT_INTERACTIVE,
                                      crypto_pwhash_MEMLIMIT_INTERACTIVE), ==, 0);
  account = mm_stored_account_new (name, hash);
  account->rating = rating;
  account->deviation = deviation;
  mm_store_create_account (MM_STORE (store), account, &error);
  g_assert_no_error (error);
}

static MmTestClient *
log_in (guint16 port, const char *name, const char *password)
{
  MmTestClient *client = mm_test_client_hello (port);
  g_autoptr(JsonObject) session = NULL;

  mm_test_client_send_printf (client, "{\"type\":\"login\",\"name\":\"%s\",\"password\":\"%s\"}",
                              name, password);
  session = mm_test_client_expect (client, "session", 10);
  g_assert_false (json_object_get_boolean_member (session, "guest"));
  return client;
}

/* One rated game of Glickman's players: 1500/200 beats 1400/30.  The
 * expected ratings come from the paper's formulas, worked out apart
 * from the code (1563.56/175.40 and 1398.14/31.67). */
static void
test_rated_game (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmSqliteStore) setup = mm_sqlite_store_new (fixture->path, &error);

  g_assert_no_error (error);
  add_account (setup, "glickman", "the paper's player", 1500, 200);
  add_account (setup, "rival", "the first opponent", 1400, 30);
  g_clear_object (&setup);
  start_server (fixture);
  {
    g_autoptr(MmTestClient) black = log_in (fixture->port, "glickman", "the paper's player");
    g_autoptr(MmTestClient) white = log_in (fixture->port, "rival", "the first opponent");
    g_autoptr(MmTestClient) guest = NULL;
    g_autoptr(JsonObject) opened = NULL, started = NULL, started_black = NULL, ended = NULL;
    g_autoptr(JsonObject) ended_white = NULL, list = NULL, record = NULL, m1 = NULL, m2 = NULL;
    g_autoptr(MmStoredAccount) winner = NULL;
    g_autoptr(MmStoredAccount) loser = NULL;
    const char *game, *ggf;
    JsonArray *games;

    /* Out of the seek's range first. */
    mm_test_client_send_line (black, "{\"type\":\"seek\",\"color\":\"black\",\"base\":300,"
                                     "\"increment\":5,\"rated\":true,\"min_rating\":1450}");
    opened = mm_test_client_expect (black, "seek-opened", 5);
    mm_test_client_send_printf (white, "{\"type\":\"accept-seek\",\"id\":\"a\",\"seek\":\"%s\"}",
                                get_string (opened, "seek"));
    mm_test_client_expect_error (white, "out-of-range", "a");
    mm_test_client_send_printf (black, "{\"type\":\"cancel-seek\",\"seek\":\"%s\"}",
                                get_string (opened, "seek"));
    mm_test_client_expect_reply (black, "ok", NULL);
    g_clear_pointer (&opened, json_object_unref);
    mm_test_client_send_line (black, "{\"type\":\"seek\",\"color\":\"black\",\"base\":300,"
                                     "\"increment\":5,\"rated\":true}");
    opened = mm_test_client_expect (black, "seek-opened", 5);
    /* Guests take no rated game. */
    guest = mm_test_client_hello (fixture->port);
    mm_test_client_send_line (guest, "{\"type\":\"login\",\"name\":\"visitor\"}");
    mm_test_client_expect_reply (guest, "session", NULL);
    mm_test_client_send_printf (guest, "{\"type\":\"accept-seek\",\"id\":\"g\",\"seek\":\"%s\"}",
                                get_string (opened, "seek"));
    mm_test_client_expect_error (guest, "needs-account", "g");

    mm_test_client_send_printf (white, "{\"type\":\"accept-seek\",\"seek\":\"%s\"}",
                                get_string (opened, "seek"));
    mm_test_client_expect_reply (white, "ok", NULL);
    started = mm_test_client_expect (white, "game-started", 5);
    started_black = mm_test_client_expect (black, "game-started", 5);
    game = get_string (started, "game");
    g_assert_true (json_object_get_boolean_member (started, "rated"));
    mm_test_client_send_printf (black, "{\"type\":\"move\",\"game\":\"%s\",\"square\":\"f5\"}", game);
    mm_test_client_expect_reply (black, "ok", NULL);
    m1 = mm_test_client_expect (black, "moved", 5);
    m2 = mm_test_client_expect (white, "moved", 5);
    mm_test_client_send_printf (white, "{\"type\":\"resign\",\"game\":\"%s\"}", game);
    mm_test_client_expect_reply (white, "ok", NULL);
    ended = mm_test_client_expect (black, "game-ended", 5);
    ended_white = mm_test_client_expect (white, "game-ended", 5);
    g_assert_cmpstr (get_string (ended, "winner"), ==, "black");
    g_assert_cmpint (json_object_get_int_member (ended, "black_rating"), ==, 1564);
    g_assert_cmpint (json_object_get_int_member (ended, "white_rating"), ==, 1398);

    /* Kept: the ratings, and the game in GGF. */
    winner = mm_store_find_account (MM_STORE (fixture->store), "glickman", &error);
    loser = mm_store_find_account (MM_STORE (fixture->store), "rival", &error);
    g_assert_cmpfloat_with_epsilon (winner->rating, 1563.56, 0.01);
    g_assert_cmpfloat_with_epsilon (winner->deviation, 175.40, 0.01);
    g_assert_cmpfloat_with_epsilon (winner->volatility, 0.059999, 0.000001);
    g_assert_cmpfloat_with_epsilon (loser->rating, 1398.14, 0.01);
    g_assert_cmpfloat_with_epsilon (loser->deviation, 31.67, 0.01);

    mm_test_client_send_line (guest, "{\"type\":\"list-games\",\"id\":\"l\",\"name\":\"RIVAL\"}");
    list = mm_test_client_expect (guest, "game-list", 5);
    games = json_object_get_array_member (list, "games");
    g_assert_cmpuint (json_array_get_length (games), ==, 1);
    g_assert_cmpstr (get_string (json_array_get_object_element (games, 0), "game"), ==, game);
    g_assert_cmpstr (get_string (json_array_get_object_element (games, 0), "reason"), ==,
                     "resignation");
    mm_test_client_send_printf (guest, "{\"type\":\"fetch-game\",\"id\":\"f\",\"game\":\"%s\"}",
                                game);
    record = mm_test_client_expect (guest, "game-record", 5);
    ggf = get_string (record, "ggf");
    g_assert_true (g_str_has_prefix (ggf, "(;GM[Othello]"));
    g_assert_nonnull (strstr (ggf, "PB[glickman]"));
    g_assert_nonnull (strstr (ggf, "PW[rival]"));
    g_assert_nonnull (strstr (ggf, "RB[1500.00]"));
    g_assert_nonnull (strstr (ggf, "RW[1400.00]"));
    g_assert_nonnull (strstr (ggf, "TI[05:00//00:05]"));
    g_assert_nonnull (strstr (ggf, ":r]"));
    g_assert_nonnull (strstr (ggf, "B[f5"));
    mm_test_client_send_line (guest, "{\"type\":\"fetch-game\",\"id\":\"x\",\"game\":\"g404\"}");
    mm_test_client_expect_error (guest, "no-such-game", "x");
  }
}

/* @black seeks a rated game as black, @white takes it, and @loser
 * resigns after the first move. */
static void
play_rated (MmTestClient *black,
            MmTestClient *white,
            MmTestClient *loser)
{
  g_autoptr(JsonObject) opened = NULL, started = NULL, started_black = NULL;
  g_autoptr(JsonObject) m1 = NULL, m2 = NULL, e1 = NULL, e2 = NULL;
  const char *game;

  mm_test_client_send_line (black, "{\"type\":\"seek\",\"color\":\"black\",\"base\":0,"
                                   "\"increment\":0,\"rated\":true}");
  opened = mm_test_client_expect (black, "seek-opened", 5);
  mm_test_client_send_printf (white, "{\"type\":\"accept-seek\",\"seek\":\"%s\"}",
                              get_string (opened, "seek"));
  mm_test_client_expect_reply (white, "ok", NULL);
  started = mm_test_client_expect (white, "game-started", 5);
  started_black = mm_test_client_expect (black, "game-started", 5);
  game = get_string (started, "game");
  mm_test_client_send_printf (black, "{\"type\":\"move\",\"game\":\"%s\",\"square\":\"f5\"}",
                              game);
  mm_test_client_expect_reply (black, "ok", NULL);
  m1 = mm_test_client_expect (black, "moved", 5);
  m2 = mm_test_client_expect (white, "moved", 5);
  mm_test_client_send_printf (loser, "{\"type\":\"resign\",\"game\":\"%s\"}", game);
  mm_test_client_expect_reply (loser, "ok", NULL);
  e1 = mm_test_client_expect (black, "game-ended", 5);
  e2 = mm_test_client_expect (white, "game-ended", 5);
  /* The ratings wait for the period's end. */
  g_assert_false (json_object_has_member (e1, "black_rating"));
}

/* Glickman's worked example through the server: in one rating period,
 * 1500/200/0.06 beats 1400/30 and loses to 1550/100 and 1700/300, and
 * ends at 1464.06/151.52/0.05999. */
static void
test_rating_period (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmSqliteStore) setup = mm_sqlite_store_new (fixture->path, &error);
  gint64 now;

  g_assert_no_error (error);
  add_account (setup, "glickman", "the paper's player", 1500, 200);
  add_account (setup, "first", "the first opponent", 1400, 30);
  add_account (setup, "second", "the second opponent", 1550, 100);
  add_account (setup, "third", "the third opponent", 1700, 300);
  /* An hour's period that began almost an hour ago: it ends in 20 s,
   * time for four logins and three games even in a sanitizer build. */
  now = g_get_real_time () / G_USEC_PER_SEC;
  mm_store_set_meta (MM_STORE (setup), "rated_until", now - 3600 + 20, &error);
  g_assert_no_error (error);
  g_clear_object (&setup);
  fixture->rating_period_s = 3600;
  start_server (fixture);
  {
    g_autoptr(MmTestClient) player = log_in (fixture->port, "glickman", "the paper's player");
    g_autoptr(MmTestClient) first = log_in (fixture->port, "first", "the first opponent");
    g_autoptr(MmTestClient) second = log_in (fixture->port, "second", "the second opponent");
    g_autoptr(MmTestClient) third = log_in (fixture->port, "third", "the third opponent");
    g_autoptr(MmStoredAccount) rated = NULL;
    gint64 deadline = g_get_monotonic_time () + 45 * G_USEC_PER_SEC;

    play_rated (player, first, first);
    play_rated (player, second, player);
    play_rated (player, third, player);
    while (g_get_monotonic_time () < deadline)
      {
        g_clear_pointer (&rated, mm_stored_account_free);
        rated = mm_store_find_account (MM_STORE (fixture->store), "glickman", &error);
        g_assert_no_error (error);
        if (rated->deviation != 200)
          break;
        mm_test_run_for (200);
      }
    g_assert_cmpfloat_with_epsilon (rated->rating, 1464.06, 0.01);
    g_assert_cmpfloat_with_epsilon (rated->deviation, 151.52, 0.01);
    g_assert_cmpfloat_with_epsilon (rated->volatility, 0.05999, 0.00001);
  }
}

/* A loss on time is kept as GGS writes it: RE with :t, and the clock. */
static void
test_time_loss_record (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmTestClient) black = mm_test_client_login (fixture->port, "swift");
  g_autoptr(MmTestClient) white = mm_test_client_login (fixture->port, "slow");
  g_autoptr(JsonObject) opened = NULL, started = NULL, started_black = NULL, m1 = NULL, m2 = NULL;
  g_autoptr(JsonObject) ended = NULL, ended_white = NULL, record = NULL;
  const char *game, *ggf;

  mm_test_client_send_line (black, "{\"type\":\"seek\",\"color\":\"black\",\"base\":1,"
                                   "\"increment\":0,\"rated\":false}");
  opened = mm_test_client_expect (black, "seek-opened", 5);
  mm_test_client_send_printf (white, "{\"type\":\"accept-seek\",\"seek\":\"%s\"}",
                              get_string (opened, "seek"));
  mm_test_client_expect_reply (white, "ok", NULL);
  started = mm_test_client_expect (white, "game-started", 5);
  started_black = mm_test_client_expect (black, "game-started", 5);
  game = get_string (started, "game");
  mm_test_client_send_printf (black, "{\"type\":\"move\",\"game\":\"%s\",\"square\":\"f5\"}",
                              game);
  mm_test_client_expect_reply (black, "ok", NULL);
  m1 = mm_test_client_expect (black, "moved", 5);
  m2 = mm_test_client_expect (white, "moved", 5);
  ended = mm_test_client_expect (black, "game-ended", 5);
  ended_white = mm_test_client_expect (white, "game-ended", 5);
  g_assert_cmpstr (get_string (ended, "reason"), ==, "time");
  mm_test_client_send_printf (black, "{\"type\":\"fetch-game\",\"game\":\"%s\"}", game);
  record = mm_test_client_expect (black, "game-record", 5);
  ggf = get_string (record, "ggf");
  g_assert_nonnull (strstr (ggf, ":t]"));
  g_assert_nonnull (strstr (ggf, "TI[00:01//00:00]"));
  g_assert_null (strstr (ggf, "RB["));
}

#define ADD(path, func, data) \
  g_test_add ("/lobby-accounts/" path, Fixture, data, fixture_set_up, func, fixture_tear_down)

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  ADD ("register-and-login", test_register_and_login, NULL);
  ADD ("guest-off-registered-name", test_guest_off_registered_name, NULL);
  ADD ("failed-logins-limited", test_failed_logins_limited, NULL);
  ADD ("login-burst", test_login_burst, NULL);
  ADD ("rated-game", test_rated_game, GINT_TO_POINTER (1));
  ADD ("rating-period", test_rating_period, GINT_TO_POINTER (1));
  ADD ("time-loss-record", test_time_loss_record, NULL);

  return g_test_run ();
}
