/* test-cluster-failover.c
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

/* A cluster's servers fail and the others carry on: a monomachia-server
 * process on the test's database, beside three servers in this process
 * (mm-test-cluster.c), is killed or paused (SIGKILL, SIGSTOP) as the
 * referee of a game, or with a move being kept, and its players, the
 * test's and the app's own client, resume on another server; a server
 * killed with players on it; the database crashed and back.  Without
 * PostgreSQL the test is skipped (77) and says why; without a server
 * program (MONOMACHIA_SERVER) the tests that need it are. */

#include "config.h"

#include <signal.h>
#include <sys/prctl.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>
#include <libpq-fe.h>

#include "mm-game.h"
#include "mm-lobby-client.h"
#include "mm-nickname.h"
#include "mm-test-cluster.h"
#include "mm-test-pg.h"

typedef struct
{
  GSubprocess      *process;
  GDataInputStream *log;
  GCancellable     *reading;
  /* Its lines so far, for a test to wait for what it did */
  GString          *said;
  guint16           port;
} Program;

/* In the server's process before it starts: it goes when the test goes,
 * however the test ends (a failed assertion aborts it). */
static void
die_with_test (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGKILL);
}

static void
program_line_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  Program *program = data;
  g_autofree char *line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (source),
                                                                     result, NULL, NULL);

  /* Also when the read was cancelled: the program is freed then. */
  if (line == NULL)
    return;
  g_test_message ("%.3f program: %s", g_get_monotonic_time () / 1e6, line);
  g_string_append_printf (program->said, "%s\n", line);
  g_data_input_stream_read_line_async (program->log, G_PRIORITY_DEFAULT, program->reading,
                                       program_line_cb, program);
}

/* The program's log is read as it comes, into the test's output, so
 * that its pipe never fills and stops it. */
static void
read_program_log (Program *program)
{
  program->reading = g_cancellable_new ();
  program->said = g_string_new (NULL);
  g_data_input_stream_read_line_async (program->log, G_PRIORITY_DEFAULT, program->reading,
                                       program_line_cb, program);
}

typedef struct
{
  Program    *program;
  const char *words;
} Saying;

static gboolean
program_said (gpointer data)
{
  Saying *saying = data;

  return strstr (saying->program->said->str, saying->words) != NULL;
}

/* monomachia-server on the test's database, plain TCP, with a grace
 * period of @grace_s. */
static Program *
program_start (const char *conninfo,
               guint       grace_s)
{
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  g_autoptr(GError) error = NULL;
  g_autofree char *grace = g_strdup_printf ("%u", grace_s);
  g_autofree char *data_dir = g_dir_make_tmp ("monomachia-cluster-XXXXXX", &error);
  Program *program = g_new0 (Program, 1);

  g_assert_no_error (error);
  /* This process is not leak-checked (meson.build says why); the
   * server is, in full. */
  g_subprocess_launcher_unsetenv (launcher, "LSAN_OPTIONS");
  g_subprocess_launcher_set_child_setup (launcher, die_with_test, NULL, NULL);
  program->process = g_subprocess_launcher_spawn (launcher, &error, g_getenv ("MONOMACHIA_SERVER"),
                                                  "--listen", "127.0.0.1", "--port", "0",
                                                  "--no-tls", "--data-dir", data_dir,
                                                  "--grace", grace, "--database", conninfo,
                                                  NULL);
  g_assert_no_error (error);
  g_rmdir (data_dir);
  program->log = g_data_input_stream_new (g_subprocess_get_stdout_pipe (program->process));
  while (program->port == 0)
    {
      g_autofree char *line = g_data_input_stream_read_line_utf8 (program->log, NULL, NULL,
                                                                  &error);
      const char *found;

      g_assert_no_error (error);
      g_assert_nonnull (line);
      if ((found = strstr (line, "listening on port ")) != NULL)
        program->port = (guint16) atoi (found + strlen ("listening on port "));
    }
  read_program_log (program);
  return program;
}

static void
program_free (Program *program)
{
  if (g_subprocess_get_identifier (program->process) != NULL)
    g_subprocess_force_exit (program->process);
  g_subprocess_wait (program->process, NULL, NULL);
  g_cancellable_cancel (program->reading);
  g_object_unref (program->reading);
  g_string_free (program->said, TRUE);
  g_object_unref (program->log);
  g_object_unref (program->process);
  g_free (program);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC ( Program,
                                program_free)

/* A server killed at once says nothing: its players are gone from the
 * others' lobby after the grace period, told to their watchers, and
 * their names are free again. */
static void
test_server_killed (MmTestClusterFixture *fixture,
                    gconstpointer         data)
{
  MmTestClusterMember *a = &fixture->members[0];
  g_autoptr(Program) program = NULL;
  g_autoptr(MmTestClient) dora = NULL;
  g_autoptr(MmTestClient) watcher = mm_test_client_login (a->port, "Watcher");
  g_autoptr(MmTestClient) again = NULL;
  g_autoptr(JsonObject) session = NULL;
  g_autofree char *change = NULL;
  gint64 killed_at;

  if (g_getenv ("MONOMACHIA_SERVER") == NULL)
    {
      g_test_skip ("MONOMACHIA_SERVER names no server program");
      return;
    }
  program = program_start (fixture->conninfo, MM_TEST_CLUSTER_GRACE_S);
  dora = mm_test_client_login (program->port, "Dora");
  g_assert_true (mm_test_cluster_sees (a->cluster, "Dora", TRUE, 10));
  mm_test_cluster_subscribe (watcher, "players");
  g_hash_table_unref (mm_test_cluster_read_snapshot (watcher));

  g_subprocess_send_signal (program->process, SIGKILL);
  killed_at = g_get_monotonic_time ();
  change = mm_test_cluster_next_change_of (watcher, "Dora", 3 * MM_TEST_CLUSTER_GRACE_S + 5);
  g_assert_cmpstr (change, ==, "player-removed");
  /* Not before the grace period: the server might have come back. */
  g_assert_cmpint (g_get_monotonic_time () - killed_at, >=,
                   (MM_TEST_CLUSTER_GRACE_S - 1) * G_USEC_PER_SEC);
  g_assert_true (mm_test_cluster_sees (fixture->members[1].cluster, "Dora", FALSE, 5));

  again = mm_test_client_hello (fixture->members[2].port);
  mm_test_client_send_line (again, "{\"type\":\"login\",\"id\":\"d\",\"name\":\"Dora\"}");
  session = mm_test_client_expect (again, "session", 5);
}

/* The database crashes and comes back: the servers connect again and
 * read the rows for what they missed.  Chat said while it was away
 * arrives after, players who came meanwhile are seen, and one who left
 * meanwhile is gone. */
static void
test_database_restart (MmTestClusterFixture *fixture,
                       gconstpointer         data)
{
  MmTestClusterMember *a = &fixture->members[0], *b = &fixture->members[1];
  g_autoptr(MmTestClient) alice = mm_test_client_login (a->port, "Alice");
  g_autoptr(MmTestClient) bob = mm_test_client_login (b->port, "Bob");
  g_autoptr(MmTestClient) fred = mm_test_client_login (a->port, "Fred");
  g_autoptr(MmTestClient) eve = NULL;
  g_autoptr(MmTestClient) late = NULL;
  g_autoptr(JsonObject) degraded = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (mm_test_cluster_sees (b->cluster, "Alice", TRUE, 10));
  g_assert_true (mm_test_cluster_sees (b->cluster, "Fred", TRUE, 10));
  g_assert_true (mm_test_cluster_sees (a->cluster, "Bob", TRUE, 10));
  mm_test_cluster_subscribe (bob, "chat");
  mm_test_cluster_subscribe (alice, "chat");

  g_assert_true (mm_test_pg_crash (&error));
  g_assert_no_error (error);
  /* Each server finds its connection gone, at the latest at its next
   * heartbeat, and tries again meanwhile; its players are told. */
  g_assert_true (mm_test_cluster_run_until (mm_test_cluster_none_connected, fixture, 10));
  degraded = mm_test_cluster_await_type (alice, "server-degraded");
  g_assert_true (json_object_get_boolean_member (degraded, "degraded"));
  /* One who comes in meanwhile is told too. */
  late = mm_test_client_login (b->port, "Late");
  g_clear_pointer (&degraded, json_object_unref);
  degraded = mm_test_cluster_await_type (late, "server-degraded");
  g_assert_true (json_object_get_boolean_member (degraded, "degraded"));
  mm_test_cluster_say (alice, "while the database was away");
  mm_test_cluster_expect_said (alice, "Alice", "while the database was away");
  eve = mm_test_client_login (a->port, "Eve");
  mm_test_client_send_line (fred, "{\"type\":\"logout\",\"id\":\"bye\"}");
  mm_test_run_for (300);

  g_assert_true (mm_test_pg_start_again (&error));
  g_assert_no_error (error);
  g_assert_true (mm_test_cluster_run_until (mm_test_cluster_all_connected, fixture, 20));
  g_clear_pointer (&degraded, json_object_unref);
  degraded = mm_test_cluster_await_type (late, "server-degraded");
  g_assert_false (json_object_get_boolean_member (degraded, "degraded"));
  mm_test_cluster_expect_said (bob, "Alice", "while the database was away");
  g_assert_true (mm_test_cluster_sees (b->cluster, "Eve", TRUE, 10));
  g_assert_true (mm_test_cluster_sees (b->cluster, "Fred", FALSE, 10));
  g_assert_true (mm_test_cluster_sees (b->cluster, "Alice", TRUE, 1));
  mm_test_cluster_say (bob, "after");
  mm_test_cluster_expect_said (bob, "Bob", "after");
  mm_test_cluster_expect_said (alice, "Bob", "after");
}

/* Resumes the session of @token on the server at @port, asking again
 * while the server says the session is still on another one. */
static MmTestClient *
resume_somewhere_else (guint16     port,
                       const char *token,
                       guint      *refusals)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < deadline)
    {
      MmTestClient *client = mm_test_client_hello (port);
      g_autoptr(JsonObject) reply = NULL;

      mm_test_client_send_printf (client, "{\"type\":\"resume\",\"id\":\"r\",\"token\":\"%s\"}",
                                  token);
      reply = mm_test_client_next (client, 5);
      g_assert_nonnull (reply);
      if (g_str_equal (mm_protocol_get_type (reply), "session"))
        {
          g_assert_true (json_object_get_boolean_member (reply, "resumed"));
          client->token = g_strdup (token);
          return client;
        }
      g_assert_cmpstr (json_object_get_string_member (reply, "code"), ==, "bad-token");
      (*refusals)++;
      mm_test_client_free (client);
      mm_test_run_for (250);
    }
  g_error ("the session was not taken up");
  return NULL;
}

/* The servers a welcome names. */
static guint
count_welcome_servers (guint16 port)
{
  g_autoptr(MmTestClient) client = mm_test_client_connect (port);
  g_autoptr(JsonObject) welcome = NULL;

  mm_test_client_send_line (client, "{\"type\":\"hello\",\"version\":1,\"program\":\"t\"}");
  welcome = mm_test_client_expect (client, "welcome", 5);
  if (!json_object_has_member (welcome, "servers"))
    return 0;
  return json_array_get_length (json_object_get_array_member (welcome, "servers"));
}

/* The server that referees a game is killed: its players resume on
 * another server of the list, which takes up their sessions and the
 * game from the database, and they play it to the end there. */
static void
test_referee_killed (MmTestClusterFixture *fixture,
                     gconstpointer         data)
{
  MmTestClusterMember *b = &fixture->members[1];
  g_autoptr(Program) program = NULL;
  g_autoptr(MmTestClient) dora = NULL, eve = NULL;
  g_autoptr(MmGame) rules = mm_game_new ();
  g_autoptr(MmStoredGame) stored = NULL;
  g_autoptr(JsonObject) dora_state = NULL, eve_state = NULL;
  g_autofree char *dora_token = NULL, *eve_token = NULL;
  g_autofree char *game = NULL;
  g_autofree char *moves = NULL;
  MmTestClient *clients[2];
  guint refusals = 0, n_moves = 0;

  if (g_getenv ("MONOMACHIA_SERVER") == NULL)
    {
      g_test_skip ("MONOMACHIA_SERVER names no server program");
      return;
    }
  program = program_start (fixture->conninfo, MM_TEST_CLUSTER_GRACE_S);
  dora = mm_test_client_login (program->port, "Dora");
  eve = mm_test_client_login (program->port, "Eve");
  dora_token = g_strdup (dora->token);
  eve_token = g_strdup (eve->token);
  g_assert_true (mm_test_cluster_sees (b->cluster, "Dora", TRUE, 10));
  /* The welcome lists the four servers once each has been heard. */
  mm_test_run_for (1500);
  g_assert_cmpuint (count_welcome_servers (b->port), ==, MM_TEST_CLUSTER_N_SERVERS + 1);
  g_assert_cmpuint (count_welcome_servers (program->port), ==, MM_TEST_CLUSTER_N_SERVERS + 1);

  /* Ten minutes a side: the clock of the player to move runs on while
   * the game has no referee. */
  game = mm_test_cluster_start_game (dora, eve, 600);
  clients[MM_COLOR_BLACK] = dora;
  clients[MM_COLOR_WHITE] = eve;
  for (int ply = 0; ply < 5; ply++)
    {
      mm_test_cluster_play_lowest (rules, clients, game);
      n_moves++;
    }

  g_subprocess_send_signal (program->process, SIGKILL);
  g_subprocess_wait (program->process, NULL, NULL);
  g_clear_pointer (&dora, mm_test_client_free);
  g_clear_pointer (&eve, mm_test_client_free);

  dora = resume_somewhere_else (b->port, dora_token, &refusals);
  g_test_message ("Dora's session taken up after %u refusals", refusals);
  dora_state = mm_test_cluster_await_type (dora, "game-state");
  g_assert_cmpstr (json_object_get_string_member (dora_state, "game"), ==, game);
  eve = resume_somewhere_else (b->port, eve_token, &refusals);
  eve_state = mm_test_cluster_await_type (eve, "game-state");
  moves = g_strdup (json_object_get_string_member (eve_state, "moves"));
  g_assert_cmpuint (strlen (moves), ==, 2 * n_moves);
  g_assert_cmpstr (json_object_get_string_member (dora_state, "moves"), ==, moves);
  /* White was to move: charged for the seconds without a referee (the
   * dead server is counted dead 3.5 s after its last heartbeat, which
   * came up to a second before it was killed), black not. */
  g_test_message ("clocks after the takeover: black %" G_GINT64_FORMAT " ms, white %"
                  G_GINT64_FORMAT " ms", json_object_get_int_member (eve_state, "black_ms"),
                  json_object_get_int_member (eve_state, "white_ms"));
  g_assert_cmpint (json_object_get_int_member (eve_state, "white_ms"), <=, 600000 - 2000);
  g_assert_cmpint (json_object_get_int_member (eve_state, "white_ms"), >=, 600000 - 60000);
  g_assert_cmpint (json_object_get_int_member (eve_state, "black_ms"), >=, 600000 - 1000);

  clients[MM_COLOR_BLACK] = dora;
  clients[MM_COLOR_WHITE] = eve;
  while (!mm_game_is_over (rules))
    {
      mm_test_cluster_play_lowest (rules, clients, game);
      n_moves++;
    }
  json_object_unref (mm_test_cluster_await_type (dora, "game-ended"));
  json_object_unref (mm_test_cluster_await_type (eve, "game-ended"));
  stored = mm_test_cluster_ended_game (fixture, game);
  g_assert_cmpuint (stored->moves->len, ==, n_moves);
  g_assert_nonnull (stored->winner);
}

/* The referee is only paused (SIGSTOP) past the time it takes to be
 * counted dead: its players resume on another server, which takes the
 * game up; when it runs again it lets go of what was taken, so that the
 * game is refereed once and ends on the board, not by the paused
 * server's idea that its players abandoned it. */
static void
test_referee_paused (MmTestClusterFixture *fixture,
                     gconstpointer         data)
{
  MmTestClusterMember *b = &fixture->members[1], *c = &fixture->members[2];
  g_autoptr(Program) program = NULL;
  g_autoptr(MmTestClient) dora = NULL, eve = NULL;
  g_autoptr(MmGame) rules = mm_game_new ();
  g_autoptr(MmStoredGame) stored = NULL;
  g_autofree char *dora_token = NULL, *eve_token = NULL;
  g_autofree char *game = NULL;
  MmTestClient *clients[2];
  guint refusals = 0, n_moves = 0;

  if (g_getenv ("MONOMACHIA_SERVER") == NULL)
    {
      g_test_skip ("MONOMACHIA_SERVER names no server program");
      return;
    }
  program = program_start (fixture->conninfo, MM_TEST_CLUSTER_GRACE_S);
  dora = mm_test_client_login (program->port, "Dora");
  eve = mm_test_client_login (program->port, "Eve");
  dora_token = g_strdup (dora->token);
  eve_token = g_strdup (eve->token);
  g_assert_true (mm_test_cluster_sees (b->cluster, "Dora", TRUE, 10));
  game = mm_test_cluster_start_game (dora, eve, 0);
  clients[MM_COLOR_BLACK] = dora;
  clients[MM_COLOR_WHITE] = eve;
  for (int ply = 0; ply < 4; ply++)
    {
      mm_test_cluster_play_lowest (rules, clients, game);
      n_moves++;
    }

  /* The players gone before it stops, so that their grace runs out while
   * it is stopped: it must not end their game when it runs again. */
  g_clear_pointer (&dora, mm_test_client_free);
  g_clear_pointer (&eve, mm_test_client_free);
  for (guint i = 0; i < 2; i++)
    {
      Saying saying = { program, i == 0 ? "Dora away" : "Eve away" };

      g_assert_true (mm_test_cluster_run_until (program_said, &saying, 5));
    }
  g_subprocess_send_signal (program->process, SIGSTOP);
  dora = resume_somewhere_else (b->port, dora_token, &refusals);
  json_object_unref (mm_test_cluster_await_type (dora, "game-state"));
  eve = resume_somewhere_else (b->port, eve_token, &refusals);
  json_object_unref (mm_test_cluster_await_type (eve, "game-state"));

  /* It runs again, and has time to end its copies of the sessions (its
   * grace period) if it did not let go of them. */
  g_subprocess_send_signal (program->process, SIGCONT);
  mm_test_run_for ((MM_TEST_CLUSTER_GRACE_S + 3) * 1000);
  {
    g_autofree char *key = mm_nickname_key ("Dora");
    const MmClusterPlayer *seen = mm_lobby_cluster_find_player (c->cluster, key);

    g_assert_nonnull (seen);
    g_assert_cmpstr (seen->server, ==, mm_lobby_cluster_get_server_id (b->cluster));
  }

  clients[MM_COLOR_BLACK] = dora;
  clients[MM_COLOR_WHITE] = eve;
  while (!mm_game_is_over (rules))
    {
      mm_test_cluster_play_lowest (rules, clients, game);
      n_moves++;
    }
  json_object_unref (mm_test_cluster_await_type (dora, "game-ended"));
  stored = mm_test_cluster_ended_game (fixture, game);
  g_assert_cmpuint (stored->moves->len, ==, n_moves);
  g_assert_cmpstr (stored->reason, ==, "board");
}

/* A transaction of the test's own that locks @table against every
 * other use, reads included, until it ends (at most @seconds idle). */
static PGconn *
lock_table (MmTestClusterFixture *fixture,
            const char           *table,
            guint                 seconds)
{
  PGconn *conn = PQconnectdb (fixture->conninfo);
  g_autofree char *timeout = g_strdup_printf ("SET idle_in_transaction_session_timeout = %u",
                                              seconds * 1000);
  g_autofree char *lock = g_strdup_printf ("LOCK TABLE %s IN ACCESS EXCLUSIVE MODE", table);
  const char *const statements[] = { timeout, "BEGIN", lock };

  g_assert_cmpint (PQstatus (conn), ==, CONNECTION_OK);
  for (guint i = 0; i < G_N_ELEMENTS (statements); i++)
    {
      PGresult *result = PQexec (conn, statements[i]);

      g_assert_cmpint (PQresultStatus (result), ==, PGRES_COMMAND_OK);
      PQclear (result);
    }
  return conn;
}

/* What waits for the database does not hold up the server: while a
 * transaction of the test's own locks the accounts and the sanctions, a
 * guest's and a registered player's log-ins wait, a chat line waits
 * (its speaker's mute is looked up), a new connection waits (its
 * address's ban), and a player already in is answered meanwhile; all
 * go through once the lock goes.  (A server that waited would hold up
 * the test's own main loop with it until the lock timed out, and answer
 * the others first.) */
static void
test_store_locked (MmTestClusterFixture *fixture,
                   gconstpointer         data)
{
  MmTestClusterMember *a = &fixture->members[0];
  g_autoptr(MmTestClient) alice = mm_test_client_login (a->port, "Alice");
  g_autoptr(MmTestClient) carol = mm_test_client_hello (a->port);
  g_autoptr(MmTestClient) bob = NULL;
  g_autoptr(MmTestClient) dan = NULL;
  g_autoptr(JsonObject) session = NULL;
  PGconn *locked;

  mm_test_client_send_line (carol, "{\"type\":\"register\",\"id\":\"r\",\"name\":\"Carol\","
                                   "\"password\":\"carol-password\"}");
  session = mm_test_client_expect (carol, "session", 20);
  g_clear_pointer (&session, json_object_unref);
  mm_test_client_send_line (carol, "{\"type\":\"logout\",\"id\":\"bye\"}");
  g_assert_true (mm_test_client_wait_closed (carol, 10));
  g_clear_pointer (&carol, mm_test_client_free);

  bob = mm_test_client_hello (a->port);
  carol = mm_test_client_hello (a->port);
  locked = lock_table (fixture, "accounts, sanctions", 15);
  dan = mm_test_client_connect (a->port);
  mm_test_client_send_line (dan, "{\"type\":\"hello\",\"version\":1,\"program\":\"test\"}");
  mm_test_client_send_line (bob, "{\"type\":\"login\",\"id\":\"b\",\"name\":\"Bob\"}");
  mm_test_client_send_line (carol, "{\"type\":\"login\",\"id\":\"c\",\"name\":\"Carol\","
                                   "\"password\":\"carol-password\"}");
  mm_test_client_send_line (alice, "{\"type\":\"say\",\"id\":\"say\",\"room\":\"lobby\","
                                   "\"text\":\"while they come in\"}");
  mm_test_cluster_subscribe (alice, "chat");
  g_assert_true (mm_test_client_is_quiet (bob, 200));
  g_assert_true (mm_test_client_is_quiet (carol, 0));
  g_assert_true (mm_test_client_is_quiet (dan, 0));

  PQfinish (locked);
  mm_test_client_expect_reply (alice, "ok", "say");
  mm_test_client_expect_reply (dan, "welcome", NULL);
  session = mm_test_client_expect (bob, "session", 10);
  g_assert_cmpstr (json_object_get_string_member (session, "name"), ==, "Bob");
  g_clear_pointer (&session, json_object_unref);
  session = mm_test_client_expect (carol, "session", 20);
  g_assert_cmpstr (json_object_get_string_member (session, "name"), ==, "Carol");
  g_assert_false (json_object_get_boolean_member (session, "guest"));

  /* The archive the same, while the games are locked. */
  locked = lock_table (fixture, "games", 15);
  mm_test_client_send_line (carol, "{\"type\":\"list-games\",\"id\":\"list\",\"name\":\"Carol\"}");
  mm_test_client_send_line (bob, "{\"type\":\"fetch-game\",\"id\":\"fetch\",\"game\":\"g1\"}");
  mm_test_cluster_expect_said (alice, "Alice", "while they come in");
  mm_test_cluster_subscribe (alice, "seeks");
  g_assert_true (mm_test_client_is_quiet (carol, 200));
  g_assert_true (mm_test_client_is_quiet (bob, 0));
  PQfinish (locked);
  mm_test_client_expect_reply (carol, "game-list", "list");
  mm_test_client_expect_error (bob, "no-such-game", "fetch");
}

/* Until the database holds @n_moves moves of the game @id; at most
 * 10 s. */
static void
wait_for_stored_moves (MmTestClusterFixture *fixture,
                       const char           *id,
                       guint                 n_moves)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  for (;;)
    {
      g_autoptr(MmStoredGame) stored = mm_test_cluster_stored_game (fixture, id);

      if (stored->moves->len >= n_moves)
        return;
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_usleep (20000);
    }
}

/* The referee is paused past being counted dead while a move's insert
 * waits in the database, and the insert is done meanwhile.  When it
 * runs again it is in doubt (it may have been counted dead, its games
 * taken up) until it has asked the database what the others took up,
 * and the test holds that question back (a lock on the lists of games
 * it reads), so that the commit's answer certainly comes while it is in
 * doubt: the move waits, as an end would, and once the server knows the
 * game is still its own it is played and told once, and kept once. */
static void
test_kept_while_paused (MmTestClusterFixture *fixture,
                        gconstpointer         data)
{
  g_autoptr(Program) program = NULL;
  g_autoptr(MmTestClient) dora = NULL, eve = NULL;
  g_autoptr(MmGame) rules = mm_game_new ();
  g_autoptr(MmStoredGame) stored = NULL;
  g_autoptr(JsonObject) moved = NULL;
  g_autofree char *game = NULL;
  Saying waits = { NULL, "a move kept waits until this server knows" };
  PGconn *held, *lists;
  char square[3];

  if (g_getenv ("MONOMACHIA_SERVER") == NULL)
    {
      g_test_skip ("MONOMACHIA_SERVER names no server program");
      return;
    }
  program = program_start (fixture->conninfo, MM_TEST_CLUSTER_GRACE_S);
  waits.program = program;
  dora = mm_test_client_login (program->port, "Dora");
  eve = mm_test_client_login (program->port, "Eve");
  game = mm_test_cluster_start_game (dora, eve, 0);
  mm_test_cluster_drain (dora);
  mm_square_format (__builtin_ctzll (mm_game_get_legal_moves (rules)), square);

  held = mm_test_cluster_hold_game_row (fixture, game, 20);
  mm_test_client_send_printf (dora, "{\"type\":\"move\",\"id\":\"m\",\"game\":\"%s\","
                                    "\"square\":\"%s\"}", game, square);
  g_assert_true (mm_test_client_is_quiet (dora, 300));
  g_subprocess_send_signal (program->process, SIGSTOP);
  mm_test_run_for (MM_CLUSTER_DEAD_AFTER_MS + 1000);
  /* Kept while the referee is stopped: the database has the move, and
   * has answered, before the referee wakes. */
  mm_test_cluster_release_game_row (held);
  wait_for_stored_moves (fixture, game, 1);
  lists = lock_table (fixture, "shared_entries", 20);
  g_subprocess_send_signal (program->process, SIGCONT);

  /* In doubt, the move waits: not told. */
  g_assert_true (mm_test_cluster_run_until (program_said, &waits, 10));
  g_assert_true (mm_test_client_is_quiet (dora, 300));
  g_assert_true (mm_test_client_is_quiet (eve, 0));
  mm_test_cluster_release_game_row (lists);

  mm_test_client_expect_reply (dora, "ok", "m");
  moved = mm_test_client_expect (dora, "moved", 10);
  g_assert_cmpstr (json_object_get_string_member (moved, "square"), ==, square);
  json_object_unref (mm_test_cluster_await_type (eve, "moved"));
  g_assert_true (mm_test_client_is_quiet (dora, 300));
  stored = mm_test_cluster_stored_game (fixture, game);
  g_assert_cmpuint (stored->moves->len, ==, 1);
  g_assert_null (stored->winner);
}

typedef struct
{
  MmLobbyClient *client;
  guint16        away_from;
} Moved;

static gboolean
client_moved_on (gpointer data)
{
  Moved *moved = data;

  return mm_lobby_client_get_state (moved->client) == MM_LOBBY_CLIENT_CONNECTED
         && mm_lobby_client_get_port (moved->client) != moved->away_from;
}

static gboolean
client_reconnecting (gpointer data)
{
  return mm_lobby_client_get_state (data) == MM_LOBBY_CLIENT_RECONNECTING;
}

/* The app's client, on a server that is killed: it resumes its session
 * on another of the servers the welcome named, by itself. */
static void
test_client_moves_on (MmTestClusterFixture *fixture,
                      gconstpointer         data)
{
  g_autoptr(Program) program = NULL;
  g_autoptr(MmLobbyClient) client = NULL;
  gboolean logged_in = FALSE;
  Moved moved;

  if (g_getenv ("MONOMACHIA_SERVER") == NULL)
    {
      g_test_skip ("MONOMACHIA_SERVER names no server program");
      return;
    }
  /* A grace period longer than a dead server takes to be counted dead,
   * for the client to keep trying. */
  program = program_start (fixture->conninfo, 30);
  /* Until the new server has been heard by the others. */
  mm_test_run_for (1500);
  client = mm_lobby_client_new ("127.0.0.1", program->port, FALSE, NULL);
  mm_lobby_client_set_reconnect_delays (client, 1, 1);
  mm_lobby_client_log_in_async (client, "Finn", NULL, FALSE, NULL, mm_test_cluster_logged_in_cb,
                                &logged_in);
  g_assert_true (mm_test_cluster_run_until (mm_test_cluster_is_true, &logged_in, 10));
  g_assert_true (mm_test_cluster_sees (fixture->members[0].cluster, "Finn", TRUE, 10));

  g_subprocess_send_signal (program->process, SIGKILL);
  g_assert_true (mm_test_cluster_run_until (client_reconnecting, client, 10));
  moved.client = client;
  moved.away_from = program->port;
  g_assert_true (mm_test_cluster_run_until (client_moved_on, &moved, 30));
  /* The same session: the same name, and the lobby sees it on the
   * server it moved to. */
  g_assert_cmpstr (mm_lobby_client_get_name (client), ==, "Finn");
  g_test_message ("Finn moved on to port %u", mm_lobby_client_get_port (client));
  for (guint i = 0; i < MM_TEST_CLUSTER_N_SERVERS; i++)
    if (fixture->members[i].port != mm_lobby_client_get_port (client))
      g_assert_true (mm_test_cluster_sees (fixture->members[i].cluster, "Finn", TRUE, 10));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  mm_test_cluster_add ("/cluster/referee-killed", NULL, test_referee_killed);
  mm_test_cluster_add ("/cluster/referee-paused", NULL, test_referee_paused);
  mm_test_cluster_add ("/cluster/kept-while-paused", NULL, test_kept_while_paused);
  mm_test_cluster_add ("/cluster/store-locked", NULL, test_store_locked);
  mm_test_cluster_add ("/cluster/client-moves-on", NULL, test_client_moves_on);
  mm_test_cluster_add ("/cluster/server-killed", NULL, test_server_killed);
  mm_test_cluster_add ("/cluster/database-restart", NULL, test_database_restart);
  return mm_test_cluster_run ();
}
