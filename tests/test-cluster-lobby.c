/* test-cluster-lobby.c
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

/* Several servers on one PostgreSQL database are one lobby: who is
 * present and the lobby's chat go from each to the others through the
 * database (rows, and LISTEN/NOTIFY), and so do seeks, challenges, games
 * and the players' status.  Three servers in this process on a
 * throwaway cluster (mm-test-cluster.c): presence, chat and names across
 * them, a whole game between two watched from the third, challenges,
 * the status and ratings a game leaves, a rating period closed once, a
 * relayed message sent twice told once.  Without PostgreSQL the test is
 * skipped (77) and says why. */

#include "config.h"

#include <libpq-fe.h>

#include "mm-game.h"
#include "mm-nickname.h"
#include "mm-pg-store.h"
#include "mm-rating.h"
#include "mm-test-cluster.h"
#include "mm-test-pg.h"

typedef struct
{
  MmLobbyCluster *cluster;
  const char     *kind;
  const char     *id;
  gboolean        listed;
} Listed;

static gboolean
entry_listing_is (gpointer data)
{
  Listed *listed = data;

  return (mm_lobby_cluster_find_entry_server (listed->cluster, listed->kind, listed->id) != NULL)
         == listed->listed;
}

/* Whether @cluster comes to list (or no longer to list) the seek or game
 * @id of @kind, as mm_test_cluster_sees() does for players. */
static gboolean
sees_entry (MmLobbyCluster *cluster,
            const char     *kind,
            const char     *id,
            gboolean        listed)
{
  Listed listing = { cluster, kind, id, listed };

  return mm_test_cluster_run_until (entry_listing_is, &listing, 10);
}

/* Players on two servers see each other from a third; chat said on one
 * reaches the others; a name is one in the whole lobby; one who leaves
 * is gone everywhere. */
static void
test_one_lobby (MmTestClusterFixture *fixture,
                gconstpointer         data)
{
  MmTestClusterMember *a = &fixture->members[0], *b = &fixture->members[1],
                      *c = &fixture->members[2];
  g_autoptr(MmTestClient) alice = mm_test_client_login (a->port, "Alice");
  g_autoptr(MmTestClient) bob = mm_test_client_login (b->port, "Bob");
  g_autoptr(MmTestClient) carol = NULL;
  g_autoptr(MmTestClient) other = NULL;
  g_autoptr(GHashTable) names = NULL;
  g_autoptr(JsonObject) session = NULL;
  g_autofree char *change = NULL;

  g_assert_true (mm_test_cluster_sees (c->cluster, "Alice", TRUE, 10));
  g_assert_true (mm_test_cluster_sees (c->cluster, "Bob", TRUE, 10));
  g_assert_true (mm_test_cluster_sees (a->cluster, "Bob", TRUE, 10));
  /* A server does not count its own players among the others'. */
  g_assert_true (mm_test_cluster_sees (a->cluster, "Alice", FALSE, 1));

  carol = mm_test_client_login (c->port, "Carol");
  mm_test_cluster_subscribe (carol, "players");
  names = mm_test_cluster_read_snapshot (carol);
  g_assert_true (g_hash_table_contains (names, "Alice"));
  g_assert_true (g_hash_table_contains (names, "Bob"));
  g_assert_true (g_hash_table_contains (names, "Carol"));
  g_assert_cmpuint (g_hash_table_size (names), ==, 3);

  /* Carol, on the third server, is seen arriving on the first. */
  mm_test_cluster_subscribe (alice, "players");
  g_clear_pointer (&names, g_hash_table_unref);
  names = mm_test_cluster_read_snapshot (alice);
  if (!g_hash_table_contains (names, "Carol"))
    {
      change = mm_test_cluster_next_change_of (alice, "Carol", 10);
      g_assert_cmpstr (change, ==, "player-added");
      g_clear_pointer (&change, g_free);
    }

  /* The lobby's chat, from one server to the others. */
  mm_test_cluster_subscribe (bob, "chat");
  mm_test_cluster_subscribe (carol, "chat");
  mm_test_cluster_subscribe (alice, "chat");
  mm_test_cluster_say (alice, "Γεια σας από τον πρώτο");
  mm_test_cluster_expect_said (alice, "Alice", "Γεια σας από τον πρώτο");
  mm_test_cluster_expect_said (bob, "Alice", "Γεια σας από τον πρώτο");
  mm_test_cluster_expect_said (carol, "Alice", "Γεια σας από τον πρώτο");
  mm_test_cluster_say (carol, "and from the third");
  mm_test_cluster_expect_said (carol, "Carol", "and from the third");
  mm_test_cluster_expect_said (alice, "Carol", "and from the third");
  mm_test_cluster_expect_said (bob, "Carol", "and from the third");
  /* Ignoring a player on another server hides that player's chat. */
  mm_test_client_send_line (bob, "{\"type\":\"ignore\",\"id\":\"i\",\"name\":\"Carol\"}");
  mm_test_client_expect_reply (bob, "ok", "i");
  mm_test_cluster_say (carol, "not for Bob");
  mm_test_cluster_expect_said (carol, "Carol", "not for Bob");
  mm_test_cluster_expect_said (alice, "Carol", "not for Bob");
  mm_test_cluster_say (alice, "for Bob");
  mm_test_cluster_expect_said (bob, "Alice", "for Bob");

  /* One name in the lobby, whichever server is asked. */
  other = mm_test_client_hello (b->port);
  mm_test_client_send_line (other, "{\"type\":\"login\",\"id\":\"n\",\"name\":\"ALICE\"}");
  mm_test_client_expect_error (other, "name-taken", "n");

  /* Bob leaves: gone from the others' lists. */
  mm_test_client_send_line (bob, "{\"type\":\"logout\",\"id\":\"bye\"}");
  g_assert_true (mm_test_cluster_sees (c->cluster, "Bob", FALSE, 10));
  change = mm_test_cluster_next_change_of (carol, "Bob", 10);
  g_assert_cmpstr (change, ==, "player-removed");
  g_assert_true (mm_test_cluster_sees (a->cluster, "Bob", FALSE, 10));
  /* And the name is free on every server. */
  mm_test_client_send_line (other, "{\"type\":\"login\",\"id\":\"m\",\"name\":\"Bob\"}");
  session = mm_test_client_expect (other, "session", 5);
}

/* A whole game between players on two servers, watched from a third:
 * the seek listed everywhere, accepted from another server, every move
 * told to all three, the end, and the game kept whole in the database. */
static void
test_game_across_servers (MmTestClusterFixture *fixture,
                          gconstpointer         data)
{
  MmTestClusterMember *a = &fixture->members[0], *b = &fixture->members[1],
                      *c = &fixture->members[2];
  g_autoptr(MmTestClient) alice = mm_test_client_login (a->port, "Alice");
  g_autoptr(MmTestClient) bob = mm_test_client_login (b->port, "Bob");
  g_autoptr(MmTestClient) carol = mm_test_client_login (c->port, "Carol");
  g_autoptr(JsonObject) opened = NULL, added = NULL, started = NULL, started_bob = NULL;
  g_autoptr(JsonObject) listed = NULL, state = NULL;
  g_autoptr(MmGame) rules = mm_game_new ();
  g_autoptr(MmStoredGame) stored = NULL;
  MmTestClient *clients[2];
  g_autofree char *game = NULL;
  const char *seek;
  guint n_moves = 0;

  mm_test_cluster_subscribe (bob, "seeks");
  g_hash_table_unref (mm_test_cluster_read_snapshot_of (bob, "seeks"));
  mm_test_cluster_subscribe (carol, "games");
  g_hash_table_unref (mm_test_cluster_read_snapshot_of (carol, "games"));
  mm_test_client_send_line (alice, "{\"type\":\"seek\",\"id\":\"s\",\"color\":\"black\","
                                   "\"base\":600,\"increment\":5,\"rated\":false}");
  opened = mm_test_client_expect (alice, "seek-opened", 5);
  seek = json_object_get_string_member (opened, "seek");
  /* Listed on the other servers as on its own. */
  added = mm_test_cluster_next_of_type (bob, "seek-added", 10);
  g_assert_nonnull (added);
  g_assert_cmpstr (json_object_get_string_member (added, "seek"), ==, seek);
  g_assert_cmpstr (json_object_get_string_member (added, "by"), ==, "Alice");
  g_assert_cmpint (json_object_get_int_member (added, "increment"), ==, 5);

  mm_test_client_send_printf (bob, "{\"type\":\"accept-seek\",\"id\":\"a\",\"seek\":\"%s\"}",
                              seek);
  mm_test_client_expect_reply (bob, "ok", "a");
  started_bob = mm_test_cluster_await_type (bob, "game-started");
  started = mm_test_cluster_await_type (alice, "game-started");
  game = g_strdup (json_object_get_string_member (started, "game"));
  g_assert_cmpstr (json_object_get_string_member (started_bob, "game"), ==, game);
  g_assert_cmpstr (json_object_get_string_member (started, "black"), ==, "Alice");
  g_assert_cmpstr (json_object_get_string_member (started, "white"), ==, "Bob");

  /* The third server lists the game, and its player watches it. */
  listed = mm_test_cluster_await_type (carol, "game-added");
  g_assert_cmpstr (json_object_get_string_member (listed, "game"), ==, game);
  mm_test_client_send_printf (carol, "{\"type\":\"watch\",\"id\":\"w\",\"game\":\"%s\"}", game);
  state = mm_test_cluster_await_type (carol, "game-state");
  g_assert_cmpstr (json_object_get_string_member (state, "id"), ==, "w");
  g_assert_cmpstr (json_object_get_string_member (state, "moves"), ==, "");

  clients[MM_COLOR_BLACK] = alice;
  clients[MM_COLOR_WHITE] = bob;
  while (!mm_game_is_over (rules))
    {
      guint64 legal = mm_game_get_legal_moves (rules);
      MmColor mover = mm_game_get_side_to_move (rules);
      char square[3];

      /* The lowest legal square: a whole game, the same every run. */
      mm_square_format (__builtin_ctzll (legal), square);
      mm_test_client_send_printf (clients[mover], "{\"type\":\"move\",\"game\":\"%s\","
                                                  "\"square\":\"%s\"}", game, square);
      mm_test_cluster_await_move (clients[mover], square);
      mm_test_cluster_await_move (clients[!mover], square);
      mm_test_cluster_await_move (carol, square);
      g_assert_true (mm_game_play (rules, __builtin_ctzll (legal), NULL));
      n_moves++;
    }
  for (guint i = 0; i < 3; i++)
    {
      MmTestClient *client = i == 0 ? alice : i == 1 ? bob : carol;
      g_autoptr(JsonObject) ended = mm_test_cluster_await_type (client, "game-ended");

      g_assert_cmpint (json_object_get_int_member (ended, "black_discs"), ==,
                       mm_game_get_black_count (rules));
      g_assert_cmpint (json_object_get_int_member (ended, "white_discs"), ==,
                       mm_game_get_white_count (rules));
    }
  g_assert_true (sees_entry (c->cluster, "game", game, FALSE));

  /* Refereed once: every move in the database, once, in order. */
  stored = mm_test_cluster_ended_game (fixture, game);
  g_assert_cmpuint (stored->moves->len, ==, n_moves);
  g_assert_nonnull (stored->winner);
  g_test_message ("game %s: %u moves, %d-%d, %s by %s", game, n_moves,
                  mm_game_get_black_count (rules), mm_game_get_white_count (rules),
                  stored->winner, stored->reason);
}

/* A registered player @name, logged in on the server at @port. */
static MmTestClient *
register_player (guint16     port,
                 const char *name)
{
  MmTestClient *client = mm_test_client_hello (port);
  g_autoptr(JsonObject) session = NULL;

  mm_test_client_send_printf (client, "{\"type\":\"register\",\"id\":\"r\",\"name\":\"%s\","
                                      "\"password\":\"%s-password\"}", name, name);
  session = mm_test_client_expect (client, "session", 20);
  client->token = g_strdup (json_object_get_string_member (session, "token"));
  return client;
}

/* The next change of @name to @status in the lobby's list that @client
 * follows, skipping other news; 10 s at most. */
static JsonObject *
await_status (MmTestClient *client,
              const char   *name,
              const char   *status)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < deadline)
    {
      g_autoptr(JsonObject) message = mm_test_client_next (client, 1);
      const char *type = message != NULL ? mm_protocol_get_type (message) : "";

      if ((g_str_equal (type, "player-changed") || g_str_equal (type, "player-added"))
          && g_str_equal (json_object_get_string_member (message, "name"), name)
          && g_str_equal (json_object_get_string_member (message, "status"), status))
        return g_steal_pointer (&message);
    }
  g_error ("%s never became %s", name, status);
  return NULL;
}

/* Bob, on server B, plays a rated game that server A referees, and
 * Carol, on C, watches it: the lobby, seen from C, shows them playing
 * and watching; Bob cannot start a second game meanwhile, on his own
 * server or another's; once it is over his own server has his new
 * rating, shows it, and rates his next game there from it. */
static void
test_status_across_servers (MmTestClusterFixture *fixture,
                            gconstpointer         data)
{
  MmTestClusterMember *a = &fixture->members[0], *b = &fixture->members[1],
                      *c = &fixture->members[2];
  g_autoptr(MmTestClient) alice = register_player (a->port, "Alice");
  g_autoptr(MmTestClient) bob = register_player (b->port, "Bob");
  g_autoptr(MmTestClient) carol = mm_test_client_login (c->port, "Carol");
  g_autoptr(MmTestClient) dora = mm_test_client_login (c->port, "Dora");
  g_autoptr(JsonObject) opened = NULL, started = NULL, ended = NULL, state = NULL;
  g_autoptr(JsonObject) bob_playing = NULL, bob_idle = NULL, again = NULL;
  g_autoptr(MmStoredAccount) alice_after = NULL, bob_after = NULL;
  g_autoptr(MmPgStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *game = NULL;
  MmRating ratings[2];
  const char *seek;
  gint64 deadline;

  g_assert_true (mm_test_cluster_sees (c->cluster, "Alice", TRUE, 10));
  g_assert_true (mm_test_cluster_sees (c->cluster, "Bob", TRUE, 10));
  mm_test_cluster_subscribe (dora, "players");
  g_hash_table_unref (mm_test_cluster_read_snapshot_of (dora, "players"));

  mm_test_client_send_line (alice, "{\"type\":\"seek\",\"id\":\"s\",\"color\":\"black\","
                                   "\"base\":0,\"increment\":0,\"rated\":true}");
  opened = mm_test_client_expect (alice, "seek-opened", 5);
  seek = json_object_get_string_member (opened, "seek");
  g_assert_true (sees_entry (b->cluster, "seek", seek, TRUE));
  mm_test_client_send_printf (bob, "{\"type\":\"accept-seek\",\"id\":\"a\",\"seek\":\"%s\"}",
                              seek);
  mm_test_client_expect_reply (bob, "ok", "a");
  started = mm_test_cluster_await_type (bob, "game-started");
  game = g_strdup (json_object_get_string_member (started, "game"));
  json_object_unref (mm_test_cluster_await_type (alice, "game-started"));

  /* Playing, as the lobby shows it from a third server. */
  bob_playing = await_status (dora, "Bob", "playing");
  g_assert_cmpint (json_object_get_int_member (bob_playing, "rating"), ==, 1500);
  /* One game at a time: a seek of his own, or another's on another
   * server, is refused. */
  mm_test_client_send_line (bob, "{\"type\":\"seek\",\"id\":\"s2\",\"color\":\"black\","
                                 "\"base\":0,\"increment\":0,\"rated\":false}");
  mm_test_client_expect_error (bob, "busy", "s2");
  g_clear_pointer (&opened, json_object_unref);
  mm_test_client_send_line (carol, "{\"type\":\"seek\",\"id\":\"s3\",\"color\":\"white\","
                                   "\"base\":0,\"increment\":0,\"rated\":false}");
  opened = mm_test_client_expect (carol, "seek-opened", 5);
  seek = json_object_get_string_member (opened, "seek");
  g_assert_true (sees_entry (b->cluster, "seek", seek, TRUE));
  mm_test_client_send_printf (bob, "{\"type\":\"accept-seek\",\"id\":\"a2\",\"seek\":\"%s\"}",
                              seek);
  mm_test_client_expect_error (bob, "busy", "a2");
  mm_test_client_send_printf (carol, "{\"type\":\"cancel-seek\",\"id\":\"c\",\"seek\":\"%s\"}",
                              seek);
  mm_test_client_expect_reply (carol, "ok", "c");

  /* Watching another server's game, then not. */
  mm_test_client_send_printf (carol, "{\"type\":\"watch\",\"id\":\"w\",\"game\":\"%s\"}", game);
  state = mm_test_cluster_await_type (carol, "game-state");
  json_object_unref (await_status (dora, "Carol", "watching"));
  mm_test_client_send_printf (carol, "{\"type\":\"unwatch\",\"id\":\"u\",\"game\":\"%s\"}", game);
  json_object_unref (await_status (dora, "Carol", "idle"));

  /* Bob resigns: idle again, with the rating the game gave him. */
  mm_test_client_send_printf (bob, "{\"type\":\"resign\",\"id\":\"r\",\"game\":\"%s\"}", game);
  ended = mm_test_cluster_await_type (bob, "game-ended");
  g_assert_cmpint (json_object_get_int_member (ended, "white_rating"), <, 1500);
  bob_idle = await_status (dora, "Bob", "idle");
  g_assert_cmpint (json_object_get_int_member (bob_idle, "rating"), ==,
                   json_object_get_int_member (ended, "white_rating"));
  json_object_unref (mm_test_cluster_await_type (alice, "game-ended"));

  /* A second rated game, refereed by Bob's own server this time: rated
   * from the ratings the first one left, as the database has them. */
  store = mm_pg_store_new (fixture->conninfo, &error);
  g_assert_no_error (error);
  /* The ratings are kept without the referee waiting: until they are. */
  deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  do
    {
      g_clear_pointer (&alice_after, mm_stored_account_free);
      g_clear_pointer (&bob_after, mm_stored_account_free);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      mm_test_run_for (20);
      alice_after = mm_store_find_account (MM_STORE (store), "Alice", &error);
      g_assert_no_error (error);
      bob_after = mm_store_find_account (MM_STORE (store), "Bob", &error);
      g_assert_no_error (error);
    }
  while (alice_after->deviation == MM_RATING_START_DEVIATION
         || bob_after->deviation == MM_RATING_START_DEVIATION);
  ratings[MM_COLOR_BLACK] = (MmRating) { bob_after->rating, bob_after->deviation,
                                         bob_after->volatility };
  ratings[MM_COLOR_WHITE] = (MmRating) { alice_after->rating, alice_after->deviation,
                                         alice_after->volatility };
  mm_rating_update_pair (&ratings[MM_COLOR_BLACK], &ratings[MM_COLOR_WHITE], 0,
                         MM_RATING_DEFAULT_TAU);
  g_clear_pointer (&opened, json_object_unref);
  g_clear_pointer (&started, json_object_unref);
  mm_test_client_send_line (bob, "{\"type\":\"seek\",\"id\":\"s4\",\"color\":\"black\","
                                 "\"base\":0,\"increment\":0,\"rated\":true}");
  opened = mm_test_client_expect (bob, "seek-opened", 5);
  seek = json_object_get_string_member (opened, "seek");
  g_assert_true (sees_entry (a->cluster, "seek", seek, TRUE));
  mm_test_client_send_printf (alice, "{\"type\":\"accept-seek\",\"id\":\"a3\",\"seek\":\"%s\"}",
                              seek);
  mm_test_client_expect_reply (alice, "ok", "a3");
  started = mm_test_cluster_await_type (bob, "game-started");
  g_free (game);
  game = g_strdup (json_object_get_string_member (started, "game"));
  mm_test_client_send_printf (bob, "{\"type\":\"resign\",\"id\":\"r2\",\"game\":\"%s\"}", game);
  again = mm_test_cluster_await_type (bob, "game-ended");
  g_assert_cmpint (json_object_get_int_member (again, "black_rating"), ==,
                   (gint64) (ratings[MM_COLOR_BLACK].rating + 0.5));
  g_assert_cmpint (json_object_get_int_member (again, "white_rating"), ==,
                   (gint64) (ratings[MM_COLOR_WHITE].rating + 0.5));
}

/* Three servers rating in periods: the period with a rated game in it
 * is closed once, not once a server (each would move the ratings
 * again), and the players' own servers show the new ratings. */
static void
test_rating_period_once (MmTestClusterFixture *fixture,
                         gconstpointer         data)
{
  MmTestClusterMember *a = &fixture->members[0], *b = &fixture->members[1],
                      *c = &fixture->members[2];
  g_autoptr(MmTestClient) alice = register_player (a->port, "Alice");
  g_autoptr(MmTestClient) bob = register_player (b->port, "Bob");
  g_autoptr(MmTestClient) dora = mm_test_client_login (c->port, "Dora");
  g_autoptr(JsonObject) ended = NULL, bob_rated = NULL;
  g_autoptr(MmStoredAccount) kept = NULL;
  g_autoptr(MmPgStore) store = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *game = NULL;
  MmRating one = { MM_RATING_START, MM_RATING_START_DEVIATION,
                   MM_RATING_START_VOLATILITY };
  MmRatingGame lost = { MM_RATING_START, MM_RATING_START_DEVIATION, 0 };
  MmRating expected;
  gint64 deadline, until = 0;

  g_assert_true (mm_test_cluster_sees (c->cluster, "Bob", TRUE, 10));
  mm_test_cluster_subscribe (dora, "players");
  g_hash_table_unref (mm_test_cluster_read_snapshot_of (dora, "players"));
  game = mm_test_cluster_start_game_full (alice, bob, 0, TRUE);
  /* Alice is black: Bob resigns, and the game waits for the period. */
  mm_test_client_send_printf (bob, "{\"type\":\"resign\",\"id\":\"r\",\"game\":\"%s\"}", game);
  ended = mm_test_cluster_await_type (bob, "game-ended");
  g_assert_false (json_object_has_member (ended, "white_rating"));

  store = mm_pg_store_new (fixture->conninfo, &error);
  g_assert_no_error (error);
  deadline = g_get_monotonic_time () + (MM_TEST_CLUSTER_PERIOD_ENDS_IN_S + 20) * G_USEC_PER_SEC;
  for (;;)
    {
      g_clear_pointer (&kept, mm_stored_account_free);
      kept = mm_store_find_account (MM_STORE (store), "Bob", &error);
      g_assert_no_error (error);
      if (kept->deviation != MM_RATING_START_DEVIATION)
        break;
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      mm_test_run_for (200);
    }
  /* Every server has had its turns at the period since. */
  mm_test_run_for (3000);
  mm_rating_update (&one, &lost, 1, MM_RATING_DEFAULT_TAU, &expected);
  g_clear_pointer (&kept, mm_stored_account_free);
  kept = mm_store_find_account (MM_STORE (store), "Bob", &error);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (kept->rating, expected.rating, 1e-6);
  g_assert_cmpfloat_with_epsilon (kept->deviation, expected.deviation, 1e-6);
  g_assert_true (mm_store_get_meta (MM_STORE (store), "rated_until", &until, &error));
  g_assert_cmpint (until, >, g_get_real_time () / G_USEC_PER_SEC - MM_TEST_CLUSTER_PERIOD_S);

  bob_rated = await_status (dora, "Bob", "idle");
  while (json_object_get_int_member (bob_rated, "rating") == MM_RATING_START)
    {
      g_clear_pointer (&bob_rated, json_object_unref);
      bob_rated = await_status (dora, "Bob", "idle");
    }
  g_assert_cmpint (json_object_get_int_member (bob_rated, "rating"), ==,
                   (gint64) (expected.rating + 0.5));
}

/* Runs @sql with the text @values on a connection of the test's own. */
static void
run_sql (MmTestClusterFixture *fixture,
         const char           *sql,
         int                   n_values,
         const char *const    *values)
{
  PGconn *conn = PQconnectdb (fixture->conninfo);
  PGresult *result;

  g_assert_cmpint (PQstatus (conn), ==, CONNECTION_OK);
  result = PQexecParams (conn, sql, n_values, NULL, values, NULL, NULL, 0);
  if (PQresultStatus (result) != PGRES_COMMAND_OK && PQresultStatus (result) != PGRES_TUPLES_OK)
    g_error ("%s: %s", sql, PQerrorMessage (conn));
  PQclear (result);
  PQfinish (conn);
}

/* A relayed message whose insert committed but whose answer was lost is
 * sent again on the next connection, as a second row: it reaches its
 * player once, recognised by the id its sender gave it. */
static void
test_relayed_twice (MmTestClusterFixture *fixture,
                    gconstpointer         data)
{
  MmTestClusterMember *b = &fixture->members[1];
  g_autoptr(MmTestClient) bob = mm_test_client_login (b->port, "Bob");
  g_autoptr(JsonObject) said = NULL;
  g_autofree char *key = mm_nickname_key ("Bob");
  const char *body = "{\"kind\":\"deliver\",\"sent\":\"0123456789abcdef-7\","
                     "\"message\":{\"type\":\"said\",\"room\":\"lobby\",\"from\":\"Alice\","
                     "\"text\":\"once\"}}";
  const char *const values[] = { key, body };

  g_assert_true (mm_test_cluster_sees (fixture->members[0].cluster, "Bob", TRUE, 10));
  for (int i = 0; i < 2; i++)
    run_sql (fixture, "INSERT INTO relay (to_server, from_server, key, body)"
                      " VALUES ('server-b', 'server-a', $1, $2)", 2, values);
  run_sql (fixture, "SELECT pg_notify ('monomachia_lobby', 'r server-b ' || max (id)) FROM relay",
           0, NULL);
  said = mm_test_cluster_await_type (bob, "said");
  g_assert_cmpstr (json_object_get_string_member (said, "text"), ==, "once");
  g_assert_true (mm_test_client_is_quiet (bob, 500));
}

/* A challenge from one server to a player on another: declined once,
 * then accepted, and the game starts for both. */
static void
test_challenge_across_servers (MmTestClusterFixture *fixture,
                               gconstpointer         data)
{
  MmTestClusterMember *a = &fixture->members[0], *b = &fixture->members[1];
  g_autoptr(MmTestClient) alice = mm_test_client_login (a->port, "Alice");
  g_autoptr(MmTestClient) bob = mm_test_client_login (b->port, "Bob");
  g_autoptr(JsonObject) sent = NULL, challenged = NULL, declined = NULL;
  g_autoptr(JsonObject) again = NULL, started = NULL, started_bob = NULL, ended = NULL;
  const char *id;

  g_assert_true (mm_test_cluster_sees (a->cluster, "Bob", TRUE, 10));
  mm_test_client_send_line (alice, "{\"type\":\"challenge\",\"id\":\"c\",\"name\":\"bob\","
                                   "\"color\":\"white\",\"base\":300,\"increment\":0,"
                                   "\"rated\":false}");
  sent = mm_test_client_expect (alice, "challenge-sent", 5);
  id = json_object_get_string_member (sent, "challenge");
  challenged = mm_test_cluster_await_type (bob, "challenged");
  g_assert_cmpstr (json_object_get_string_member (challenged, "challenge"), ==, id);
  g_assert_cmpstr (json_object_get_string_member (challenged, "by"), ==, "Alice");
  mm_test_client_send_printf (bob, "{\"type\":\"decline-challenge\",\"id\":\"d\","
                                   "\"challenge\":\"%s\"}", id);
  mm_test_client_expect_reply (bob, "ok", "d");
  declined = mm_test_cluster_await_type (alice, "challenge-declined");
  g_assert_cmpstr (json_object_get_string_member (declined, "challenge"), ==, id);

  mm_test_client_send_line (alice, "{\"type\":\"challenge\",\"id\":\"c2\",\"name\":\"Bob\","
                                   "\"color\":\"white\",\"base\":300,\"increment\":0,"
                                   "\"rated\":false}");
  g_clear_pointer (&sent, json_object_unref);
  sent = mm_test_client_expect (alice, "challenge-sent", 5);
  again = mm_test_cluster_await_type (bob, "challenged");
  mm_test_client_send_printf (bob, "{\"type\":\"accept-challenge\",\"id\":\"y\","
                                   "\"challenge\":\"%s\"}",
                              json_object_get_string_member (again, "challenge"));
  mm_test_client_expect_reply (bob, "ok", "y");
  started_bob = mm_test_cluster_await_type (bob, "game-started");
  started = mm_test_cluster_await_type (alice, "game-started");
  g_assert_cmpstr (json_object_get_string_member (started, "black"), ==, "Bob");
  g_assert_cmpstr (json_object_get_string_member (started, "white"), ==, "Alice");
  mm_test_client_send_printf (bob, "{\"type\":\"resign\",\"game\":\"%s\"}",
                              json_object_get_string_member (started_bob, "game"));
  ended = mm_test_cluster_await_type (alice, "game-ended");
  g_assert_cmpstr (json_object_get_string_member (ended, "winner"), ==, "white");

  /* A challenge waiting when its player leaves the lobby is called off. */
  mm_test_client_send_line (alice, "{\"type\":\"challenge\",\"id\":\"c3\",\"name\":\"Bob\","
                                   "\"color\":\"black\",\"base\":0,\"increment\":0,"
                                   "\"rated\":false}");
  g_clear_pointer (&sent, json_object_unref);
  sent = mm_test_cluster_await_type (alice, "challenge-sent");
  json_object_unref (mm_test_cluster_await_type (bob, "challenged"));
  mm_test_client_send_line (bob, "{\"type\":\"logout\",\"id\":\"bye\"}");
  g_clear_pointer (&declined, json_object_unref);
  declined = mm_test_cluster_await_type (alice, "challenge-declined");
  g_assert_cmpstr (json_object_get_string_member (declined, "challenge"), ==,
                   json_object_get_string_member (sent, "challenge"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  mm_test_cluster_add ("/cluster/one-lobby", NULL, test_one_lobby);
  mm_test_cluster_add ("/cluster/game-across-servers", NULL, test_game_across_servers);
  mm_test_cluster_add ("/cluster/challenge-across-servers", NULL, test_challenge_across_servers);
  mm_test_cluster_add ("/cluster/status-across-servers", NULL, test_status_across_servers);
  mm_test_cluster_add ("/cluster/rating-period-once", MM_TEST_CLUSTER_RATING_PERIODS,
                       test_rating_period_once);
  mm_test_cluster_add ("/cluster/relayed-twice", NULL, test_relayed_twice);
  return mm_test_cluster_run ();
}
