/* test-cluster-moves.c
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

/* Moves of a game across the servers of a cluster and the database that
 * keeps them: the database crashed mid-game and back, a move's commit
 * held back by a lock while the server goes on (the same move again, a
 * resignation, the mover's clock), the mover or the server gone while a
 * move is kept, and a move kept whose answer was lost.  Three servers in
 * this process on a throwaway PostgreSQL (mm-test-cluster.c); without
 * PostgreSQL the test is skipped (77) and says why. */

#include "config.h"

#include <libpq-fe.h>

#include "mm-game.h"
#include "mm-lobby-client.h"
#include "mm-test-cluster.h"
#include "mm-test-pg.h"

/* The next message of @type or the next error, skipping other news. */
static JsonObject *
await_type_or_error (MmTestClient *client,
                     const char   *type)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < deadline)
    {
      g_autoptr(JsonObject) message = mm_test_client_next (client, 1);

      if (message != NULL && (g_str_equal (mm_protocol_get_type (message), type)
                              || g_str_equal (mm_protocol_get_type (message), "error")))
        return g_steal_pointer (&message);
    }
  g_error ("expected “%s” or an error, got nothing", type);
  return NULL;
}

static gboolean
client_degraded (gpointer data)
{
  return mm_lobby_client_is_degraded (data);
}

static gboolean
client_whole (gpointer data)
{
  return !mm_lobby_client_is_degraded (data);
}

/* The database crashes in the middle of a game across two servers.  A
 * move on the referee's own server cannot be kept, so it is refused
 * and not played; one from the other server waits for the database and
 * is played when it is back.  Nothing is lost. */
static void
test_database_restart_mid_game (MmTestClusterFixture *fixture,
                                gconstpointer         data)
{
  MmTestClusterMember *a = &fixture->members[0], *b = &fixture->members[1];
  g_autoptr(MmTestClient) alice = mm_test_client_login (a->port, "Alice");
  g_autoptr(MmTestClient) bob = mm_test_client_login (b->port, "Bob");
  g_autoptr(MmGame) rules = mm_game_new ();
  g_autoptr(MmStoredGame) stored = NULL;
  g_autoptr(JsonObject) refused = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MmLobbyClient) client = NULL;
  gboolean logged_in = FALSE;
  MmTestClient *clients[2] = { alice, bob };
  g_autofree char *game = NULL;
  guint64 legal;
  char square[3];

  g_assert_true (mm_test_cluster_sees (b->cluster, "Alice", TRUE, 10));
  client = mm_lobby_client_new ("127.0.0.1", a->port, FALSE, NULL);
  mm_lobby_client_log_in_async (client, "Gina", NULL, FALSE, NULL, mm_test_cluster_logged_in_cb,
                                &logged_in);
  g_assert_true (mm_test_cluster_run_until (mm_test_cluster_is_true, &logged_in, 10));
  game = mm_test_cluster_start_game (alice, bob, 0);
  for (int ply = 0; ply < 4; ply++)
    mm_test_cluster_play_lowest (rules, clients, game);
  g_assert_cmpint (mm_game_get_side_to_move (rules), ==, MM_COLOR_BLACK);

  /* Alice, on the referee's server, while the database is down. */
  g_assert_true (mm_test_pg_crash (&error));
  g_assert_no_error (error);
  g_assert_true (mm_test_cluster_run_until (mm_test_cluster_none_connected, fixture, 10));
  /* The app's client learns that its server has lost the database, as
   * the players do. */
  g_assert_true (mm_test_cluster_run_until (client_degraded, client, 10));
  json_object_unref (mm_test_cluster_await_type (alice, "server-degraded"));
  json_object_unref (mm_test_cluster_await_type (bob, "server-degraded"));
  legal = mm_game_get_legal_moves (rules);
  mm_square_format (__builtin_ctzll (legal), square);
  mm_test_client_send_printf (alice, "{\"type\":\"move\",\"id\":\"m\",\"game\":\"%s\","
                                     "\"square\":\"%s\"}", game, square);
  refused = await_type_or_error (alice, "ok");
  g_assert_cmpstr (mm_protocol_get_type (refused), ==, "error");
  g_assert_cmpstr (json_object_get_string_member (refused, "code"), ==, "internal");
  g_assert_true (mm_test_client_is_quiet (bob, 300));
  g_assert_true (mm_test_pg_start_again (&error));
  g_assert_no_error (error);
  g_assert_true (mm_test_cluster_run_until (mm_test_cluster_all_connected, fixture, 20));
  g_assert_true (mm_test_cluster_run_until (client_whole, client, 10));
  /* Played when asked again. */
  mm_test_cluster_play_lowest (rules, clients, game);

  /* Bob, on the other server, while the database is down: his move
   * waits, and is played when it is back. */
  g_assert_cmpint (mm_game_get_side_to_move (rules), ==, MM_COLOR_WHITE);
  g_assert_true (mm_test_pg_crash (&error));
  g_assert_no_error (error);
  g_assert_true (mm_test_cluster_run_until (mm_test_cluster_none_connected, fixture, 10));
  json_object_unref (mm_test_cluster_await_type (alice, "server-degraded"));
  json_object_unref (mm_test_cluster_await_type (bob, "server-degraded"));
  legal = mm_game_get_legal_moves (rules);
  mm_square_format (__builtin_ctzll (legal), square);
  mm_test_client_send_printf (bob, "{\"type\":\"move\",\"game\":\"%s\",\"square\":\"%s\"}",
                              game, square);
  g_assert_true (mm_test_client_is_quiet (alice, 300));
  g_assert_true (mm_test_pg_start_again (&error));
  g_assert_no_error (error);
  mm_test_cluster_await_move (bob, square);
  mm_test_cluster_await_move (alice, square);
  g_assert_true (mm_game_play (rules, __builtin_ctzll (legal), NULL));

  mm_test_client_send_printf (bob, "{\"type\":\"resign\",\"game\":\"%s\"}", game);
  json_object_unref (mm_test_cluster_await_type (alice, "game-ended"));
  stored = mm_test_cluster_ended_game (fixture, game);
  g_assert_cmpuint (stored->moves->len, ==, 6);
  g_assert_cmpstr (stored->winner, ==, "black");
}

/* The insert of a move waits for a lock in the database: the server
 * does not.  Meanwhile it answers another player, the same move sent
 * again and the opponent's resignation wait for the move; once it is
 * kept it is played, once, and then the rest in the order it came. */
static void
test_slow_commit (MmTestClusterFixture *fixture,
                  gconstpointer         data)
{
  MmTestClusterMember *a = &fixture->members[0];
  g_autoptr(MmTestClient) alice = mm_test_client_login (a->port, "Alice");
  g_autoptr(MmTestClient) bob = mm_test_client_login (a->port, "Bob");
  g_autoptr(MmTestClient) carol = mm_test_client_login (a->port, "Carol");
  g_autoptr(MmGame) rules = mm_game_new ();
  g_autoptr(MmStoredGame) stored = NULL;
  g_autoptr(JsonObject) moved = NULL, moved_bob = NULL, ended = NULL;
  MmTestClient *clients[2] = { alice, bob };
  g_autofree char *game = NULL;
  PGconn *held;
  char square[3];

  game = mm_test_cluster_start_game (alice, bob, 0);
  for (int ply = 0; ply < 2; ply++)
    mm_test_cluster_play_lowest (rules, clients, game);
  mm_test_cluster_drain (alice);
  mm_test_cluster_drain (bob);
  g_assert_cmpint (mm_game_get_side_to_move (rules), ==, MM_COLOR_BLACK);
  mm_square_format (__builtin_ctzll (mm_game_get_legal_moves (rules)), square);

  held = mm_test_cluster_hold_game_row (fixture, game, 5);
  mm_test_client_send_printf (alice, "{\"type\":\"move\",\"id\":\"m1\",\"game\":\"%s\","
                                     "\"square\":\"%s\"}", game, square);
  /* Not answered while the database holds it, and the server answers
   * others meanwhile. */
  g_assert_true (mm_test_client_is_quiet (alice, 300));
  mm_test_client_send_line (carol, "{\"type\":\"ping\",\"id\":\"p\"}");
  mm_test_client_expect_reply (carol, "pong", "p");
  mm_test_cluster_say (carol, "the server is not waiting");
  /* The same move again, then the opponent's resignation: they wait. */
  mm_test_client_send_printf (alice, "{\"type\":\"move\",\"id\":\"m2\",\"game\":\"%s\","
                                     "\"square\":\"%s\"}", game, square);
  g_assert_true (mm_test_client_is_quiet (alice, 200));
  mm_test_client_send_printf (bob, "{\"type\":\"resign\",\"id\":\"r\",\"game\":\"%s\"}", game);
  g_assert_true (mm_test_client_is_quiet (bob, 200));
  g_assert_true (mm_test_client_is_quiet (alice, 0));
  mm_test_cluster_release_game_row (held);

  mm_test_client_expect_reply (alice, "ok", "m1");
  moved = mm_test_client_expect (alice, "moved", 5);
  g_assert_cmpstr (json_object_get_string_member (moved, "square"), ==, square);
  g_assert_cmpint (json_object_get_int_member (moved, "ply"), ==, 3);
  mm_test_client_expect_error (alice, "not-your-turn", "m2");
  moved_bob = mm_test_client_expect (bob, "moved", 5);
  g_assert_cmpint (json_object_get_int_member (moved_bob, "ply"), ==, 3);
  mm_test_client_expect_reply (bob, "ok", "r");
  ended = mm_test_client_expect (bob, "game-ended", 5);
  g_assert_cmpstr (json_object_get_string_member (ended, "winner"), ==, "black");
  g_assert_cmpstr (json_object_get_string_member (ended, "reason"), ==, "resignation");
  json_object_unref (mm_test_cluster_await_type (alice, "game-ended"));

  stored = mm_test_cluster_ended_game (fixture, game);
  g_assert_cmpuint (stored->moves->len, ==, 3);
  g_assert_cmpstr (stored->winner, ==, "black");
}

/* A move that came in time stands, though its insert waits in the
 * database past the time its player had left: the mover's clock stops
 * when the move comes, and the opponent's runs once it is told. */
static void
test_clock_during_slow_commit (MmTestClusterFixture *fixture,
                               gconstpointer         data)
{
  MmTestClusterMember *a = &fixture->members[0];
  g_autoptr(MmTestClient) alice = mm_test_client_login (a->port, "Alice");
  g_autoptr(MmTestClient) bob = mm_test_client_login (a->port, "Bob");
  g_autoptr(MmGame) rules = mm_game_new ();
  g_autoptr(MmStoredGame) stored = NULL;
  g_autoptr(JsonObject) moved = NULL, ended = NULL;
  g_autofree char *game = NULL;
  PGconn *held;
  char square[3];
  gint64 told_us;

  /* Two seconds a side; Alice, black, thinks until about 0.6 s are
   * left. */
  game = mm_test_cluster_start_game (alice, bob, 2);
  mm_test_cluster_drain (alice);
  mm_test_cluster_drain (bob);
  mm_square_format (__builtin_ctzll (mm_game_get_legal_moves (rules)), square);
  mm_test_run_for (1300);
  held = mm_test_cluster_hold_game_row (fixture, game, 10);
  mm_test_client_send_printf (alice, "{\"type\":\"move\",\"id\":\"m\",\"game\":\"%s\","
                                     "\"square\":\"%s\"}", game, square);
  /* Held past the time she had left. */
  g_assert_true (mm_test_client_is_quiet (alice, 1500));
  g_assert_true (mm_test_client_is_quiet (bob, 0));
  mm_test_cluster_release_game_row (held);

  mm_test_client_expect_reply (alice, "ok", "m");
  moved = mm_test_client_expect (alice, "moved", 5);
  told_us = g_get_monotonic_time ();
  g_assert_cmpstr (json_object_get_string_member (moved, "square"), ==, square);
  g_assert_cmpint (json_object_get_int_member (moved, "black_ms"), >, 0);
  g_assert_cmpint (json_object_get_int_member (moved, "black_ms"), <, 1000);
  g_assert_cmpint (json_object_get_int_member (moved, "white_ms"), >, 1900);
  /* Bob did not move: his two seconds ran from the move being told. */
  ended = mm_test_cluster_await_type (alice, "game-ended");
  g_assert_cmpint (g_get_monotonic_time () - told_us, >, G_USEC_PER_SEC);
  g_assert_cmpstr (json_object_get_string_member (ended, "winner"), ==, "black");
  g_assert_cmpstr (json_object_get_string_member (ended, "reason"), ==, "time");

  stored = mm_test_cluster_ended_game (fixture, game);
  g_assert_cmpuint (stored->moves->len, ==, 1);
  g_assert_cmpstr (stored->winner, ==, "black");
  g_assert_cmpstr (stored->reason, ==, "time");
}

/* The mover's connection drops while the move is kept: the move stands,
 * told to the opponent, and is in the game the mover comes back to.
 * The server stops while a move is kept: it goes at once, and the
 * store's answer, when it comes, finds nobody (the move is kept all the
 * same, told to nobody). */
static void
test_gone_while_kept (MmTestClusterFixture *fixture,
                      gconstpointer         data)
{
  MmTestClusterMember *a = &fixture->members[0];
  g_autoptr(MmTestClient) alice = mm_test_client_login (a->port, "Alice");
  g_autoptr(MmTestClient) bob = mm_test_client_login (a->port, "Bob");
  g_autoptr(MmTestClient) back = NULL;
  g_autoptr(MmGame) rules = mm_game_new ();
  g_autoptr(MmStoredGame) stored = NULL;
  g_autoptr(JsonObject) moved = NULL, state = NULL;
  g_autofree char *game = NULL;
  g_autofree char *token = NULL;
  PGconn *held;
  char square[3];

  game = mm_test_cluster_start_game (alice, bob, 600);
  token = g_strdup (alice->token);
  mm_square_format (__builtin_ctzll (mm_game_get_legal_moves (rules)), square);
  held = mm_test_cluster_hold_game_row (fixture, game, 5);
  mm_test_client_send_printf (alice, "{\"type\":\"move\",\"id\":\"m\",\"game\":\"%s\","
                                     "\"square\":\"%s\"}", game, square);
  g_assert_true (mm_test_client_is_quiet (alice, 200));
  g_clear_pointer (&alice, mm_test_client_free);
  json_object_unref (mm_test_cluster_await_type (bob, "opponent-away"));
  mm_test_cluster_release_game_row (held);
  moved = mm_test_cluster_await_type (bob, "moved");
  g_assert_cmpstr (json_object_get_string_member (moved, "square"), ==, square);
  g_assert_true (mm_game_play (rules, __builtin_ctzll (mm_game_get_legal_moves (rules)), NULL));

  back = mm_test_client_hello (a->port);
  mm_test_client_send_printf (back, "{\"type\":\"resume\",\"id\":\"r\",\"token\":\"%s\"}", token);
  json_object_unref (mm_test_cluster_await_type (back, "session"));
  state = mm_test_cluster_await_type (back, "game-state");
  g_assert_cmpstr (json_object_get_string_member (state, "moves"), ==, square);

  json_object_unref (mm_test_cluster_await_type (bob, "opponent-back"));
  mm_test_cluster_drain (bob);

  /* Bob's move is being kept when the server stops. */
  mm_square_format (__builtin_ctzll (mm_game_get_legal_moves (rules)), square);
  held = mm_test_cluster_hold_game_row (fixture, game, 5);
  mm_test_client_send_printf (bob, "{\"type\":\"move\",\"id\":\"w\",\"game\":\"%s\","
                                   "\"square\":\"%s\"}", game, square);
  g_assert_true (mm_test_client_is_quiet (bob, 200));
  mm_test_cluster_member_stop (a);
  mm_test_cluster_release_game_row (held);
  mm_test_run_for (300);
  stored = mm_test_cluster_stored_game (fixture, game);
  g_assert_cmpuint (stored->moves->len, ==, 2);
  g_assert_null (stored->winner);
}

/* Runs @sql, with @n_values @values, on a connection of the test's
 * own. */
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
  g_assert_cmpint (PQresultStatus (result), ==, PGRES_COMMAND_OK);
  PQclear (result);
  PQfinish (conn);
}

/* Writes move @ply of the game @id on a connection of the test's own,
 * as a move's insert does whose commit went through while its answer
 * was lost with the database's connection. */
static void
insert_move_row (MmTestClusterFixture *fixture,
                 const char           *id,
                 guint                 ply,
                 int                   square)
{
  g_autofree char *ply_text = g_strdup_printf ("%u", ply);
  g_autofree char *square_text = g_strdup_printf ("%d", square);
  const char *const values[] = { id, ply_text, square_text };

  run_sql (fixture, "INSERT INTO moves (game_id, ply, square) VALUES ($1, $2, $3)", 3, values);
}

/* A move whose commit went through but whose answer the server lost
 * (the database went down between the two) was refused to its player
 * as not kept; its row is there.  Asked again, it is played; another
 * square asked instead is refused, and the move kept is played: the
 * rows are the truth, and the game goes on. */
static void
test_kept_answer_lost (MmTestClusterFixture *fixture,
                       gconstpointer         data)
{
  MmTestClusterMember *a = &fixture->members[0];
  g_autoptr(MmTestClient) alice = mm_test_client_login (a->port, "Alice");
  g_autoptr(MmTestClient) bob = mm_test_client_login (a->port, "Bob");
  g_autoptr(MmGame) rules = mm_game_new ();
  g_autoptr(MmStoredGame) stored = NULL;
  g_autoptr(JsonObject) moved = NULL, moved_alice = NULL;
  MmTestClient *clients[2] = { alice, bob };
  g_autofree char *game = NULL;
  guint64 legal;
  int kept, asked;
  char square[3];

  game = mm_test_cluster_start_game (alice, bob, 0);
  for (int ply = 0; ply < 2; ply++)
    mm_test_cluster_play_lowest (rules, clients, game);
  mm_test_cluster_drain (alice);
  mm_test_cluster_drain (bob);

  /* The same square asked again. */
  kept = __builtin_ctzll (mm_game_get_legal_moves (rules));
  insert_move_row (fixture, game, 3, kept);
  mm_square_format (kept, square);
  mm_test_client_send_printf (alice, "{\"type\":\"move\",\"id\":\"m\",\"game\":\"%s\","
                                     "\"square\":\"%s\"}", game, square);
  mm_test_client_expect_reply (alice, "ok", "m");
  moved = mm_test_client_expect (alice, "moved", 5);
  g_assert_cmpstr (json_object_get_string_member (moved, "square"), ==, square);
  g_assert_cmpint (json_object_get_int_member (moved, "ply"), ==, 3);
  mm_test_cluster_await_move (bob, square);
  g_assert_true (mm_game_play (rules, kept, NULL));

  /* Another square asked instead: the one kept is played. */
  legal = mm_game_get_legal_moves (rules);
  g_assert_cmpint (__builtin_popcountll (legal), >, 1);
  kept = __builtin_ctzll (legal);
  asked = 63 - __builtin_clzll (legal);
  insert_move_row (fixture, game, 4, kept);
  mm_square_format (asked, square);
  mm_test_client_send_printf (bob, "{\"type\":\"move\",\"id\":\"w\",\"game\":\"%s\","
                                   "\"square\":\"%s\"}", game, square);
  mm_square_format (kept, square);
  g_clear_pointer (&moved, json_object_unref);
  moved = mm_test_client_expect (bob, "moved", 5);
  g_assert_cmpstr (json_object_get_string_member (moved, "square"), ==, square);
  g_assert_cmpint (json_object_get_int_member (moved, "ply"), ==, 4);
  mm_test_client_expect_error (bob, "not-your-turn", "w");
  moved_alice = mm_test_client_expect (alice, "moved", 5);
  g_assert_cmpstr (json_object_get_string_member (moved_alice, "square"), ==, square);
  g_assert_true (mm_game_play (rules, kept, NULL));

  /* And the game goes on. */
  mm_test_cluster_play_lowest (rules, clients, game);
  stored = mm_test_cluster_stored_game (fixture, game);
  g_assert_cmpuint (stored->moves->len, ==, 5);
  g_assert_cmpint (g_array_index (stored->moves, int, 3), ==, kept);
}

/* A game whose row the database refused at its start (a trigger of the
 * test's own refuses it) goes on: its first move is refused as not
 * kept while the row is refused again, and once the database takes
 * rows the row is sent again before the move, which is kept and
 * played. */
static void
test_game_row_refused (MmTestClusterFixture *fixture,
                       gconstpointer         data)
{
  MmTestClusterMember *a = &fixture->members[0];
  g_autoptr(MmTestClient) alice = mm_test_client_login (a->port, "Alice");
  g_autoptr(MmTestClient) bob = mm_test_client_login (a->port, "Bob");
  g_autoptr(MmGame) rules = mm_game_new ();
  g_autoptr(MmStoredGame) stored = NULL;
  g_autofree char *game = NULL;
  int first = __builtin_ctzll (mm_game_get_legal_moves (rules));
  char square[3];

  run_sql (fixture, "CREATE FUNCTION refuse_games () RETURNS trigger LANGUAGE plpgsql"
                    " AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$", 0, NULL);
  run_sql (fixture, "CREATE TRIGGER refuse_games BEFORE INSERT ON games"
                    " FOR EACH ROW EXECUTE FUNCTION refuse_games ()", 0, NULL);
  game = mm_test_cluster_start_game (alice, bob, 0);
  mm_test_cluster_drain (alice);
  mm_square_format (first, square);
  mm_test_client_send_printf (alice, "{\"type\":\"move\",\"id\":\"m1\",\"game\":\"%s\","
                                     "\"square\":\"%s\"}", game, square);
  mm_test_client_expect_error (alice, "internal", "m1");

  run_sql (fixture, "DROP TRIGGER refuse_games ON games", 0, NULL);
  mm_test_client_send_printf (alice, "{\"type\":\"move\",\"id\":\"m2\",\"game\":\"%s\","
                                     "\"square\":\"%s\"}", game, square);
  mm_test_client_expect_reply (alice, "ok", "m2");
  mm_test_cluster_await_move (bob, square);
  stored = mm_test_cluster_stored_game (fixture, game);
  g_assert_cmpuint (stored->moves->len, ==, 1);
  g_assert_cmpint (g_array_index (stored->moves, int, 0), ==, first);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  mm_test_cluster_add ("/cluster/database-restart-mid-game", NULL, test_database_restart_mid_game);
  mm_test_cluster_add ("/cluster/slow-commit", NULL, test_slow_commit);
  mm_test_cluster_add ("/cluster/clock-during-slow-commit", NULL, test_clock_during_slow_commit);
  mm_test_cluster_add ("/cluster/gone-while-kept", NULL, test_gone_while_kept);
  mm_test_cluster_add ("/cluster/kept-answer-lost", NULL, test_kept_answer_lost);
  mm_test_cluster_add ("/cluster/game-row-refused", NULL, test_game_row_refused);
  return mm_test_cluster_run ();
}
