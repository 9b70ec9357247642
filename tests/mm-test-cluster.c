/* mm-test-cluster.c
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

/* The cluster tests' fixture, three servers on one throwaway PostgreSQL
 * database, and what the cluster test programs share to drive it. */

#include "config.h"

#include "mm-lobby-client.h"
#include "mm-nickname.h"
#include "mm-pg-store.h"
#include "mm-test-cluster.h"
#include "mm-test-pg.h"

/* An object of our own, not a string literal: its address is the same
 * in every program and in this file, which compares it. */
const char mm_test_cluster_rating_periods[] = "rating periods";

/* The servers' logs, in the test's output (shown by meson when it
 * fails): what each server did, and when, is what a failure needs. */
static void
server_log_cb (MmLobbyServer *server,
               const char    *line,
               const char    *id)
{
  g_test_message ("%.3f %s: %s", g_get_monotonic_time () / 1e6, id, line);
}

static void
member_start (MmTestClusterMember *member,
              const char          *conninfo,
              const char          *id,
              guint                rating_period_s)
{
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GError) error = NULL;
  g_autoptr(MmPgStore) store = mm_pg_store_new (conninfo, &error);
  g_autofree char *address = NULL;
  MmServerLimits limits;

  g_assert_no_error (error);
  mm_server_limits_init (&limits);
  limits.grace_s = MM_TEST_CLUSTER_GRACE_S;
  limits.rating_period_s = rating_period_s;
  member->server = mm_lobby_server_new (id, &limits);
  g_strlcpy (member->id, id, sizeof member->id);
  g_signal_connect (member->server, "log", G_CALLBACK (server_log_cb), member->id);
  g_assert_true (mm_lobby_server_set_store (member->server, MM_STORE (store), &error));
  g_assert_no_error (error);
  g_assert_true (mm_lobby_server_listen (member->server, loopback, 0, &member->port, &error));
  g_assert_no_error (error);
  address = g_strdup_printf ("127.0.0.1:%u", member->port);
  member->cluster = mm_lobby_cluster_new (conninfo, id, address, MM_TEST_CLUSTER_GRACE_S);
  mm_lobby_server_join_cluster (member->server, member->cluster);
}

void
mm_test_cluster_member_stop (MmTestClusterMember *member)
{
  if (member->server != NULL)
    mm_lobby_server_stop (member->server);
  g_clear_object (&member->server);
  g_clear_object (&member->cluster);
}

/* Runs the main loop until @done says so, for at most @seconds. */
gboolean
mm_test_cluster_run_until (gboolean (*done) (gpointer),
                           gpointer   data,
                           guint      seconds)
{
  gint64 deadline = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;

  while (!done (data))
    {
      if (g_get_monotonic_time () > deadline)
        return FALSE;
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (1000);
    }
  return TRUE;
}

gboolean
mm_test_cluster_all_connected (gpointer data)
{
  MmTestClusterFixture *fixture = data;

  for (guint i = 0; i < MM_TEST_CLUSTER_N_SERVERS; i++)
    if (fixture->members[i].cluster != NULL
        && !mm_lobby_cluster_get_connected (fixture->members[i].cluster))
      return FALSE;
  return TRUE;
}

gboolean
mm_test_cluster_none_connected (gpointer data)
{
  MmTestClusterFixture *fixture = data;

  for (guint i = 0; i < MM_TEST_CLUSTER_N_SERVERS; i++)
    if (mm_lobby_cluster_get_connected (fixture->members[i].cluster))
      return FALSE;
  return TRUE;
}

/* Adds the test @test at @path with the cluster fixture (@data its
 * fixture data: NULL or MM_TEST_CLUSTER_RATING_PERIODS). */
void
mm_test_cluster_add (const char        *path,
                     gconstpointer      data,
                     MmTestClusterFunc  test)
{
  g_test_add_vtable (path, sizeof (MmTestClusterFixture), data,
                     (GTestFixtureFunc) mm_test_cluster_set_up, (GTestFixtureFunc) test,
                     (GTestFixtureFunc) mm_test_cluster_tear_down);
}

/* Runs the tests added, on a throwaway PostgreSQL cluster started for
 * them; 77 (skipped) with a message when there is no PostgreSQL. */
int
mm_test_cluster_run (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *conninfo = NULL;
  int status;

  if ((conninfo = mm_test_pg_start (&error)) == NULL)
    {
      g_printerr ("No PostgreSQL for the tests: %s\n", error->message);
      return 77;
    }
  status = g_test_run ();
  mm_test_pg_stop ();
  return status;
}

void
mm_test_cluster_set_up (MmTestClusterFixture *fixture,
                        gconstpointer         data)
{
  g_autoptr(GError) error = NULL;

  fixture->conninfo = mm_test_pg_new_database (&error);
  g_assert_no_error (error);
  if (data == MM_TEST_CLUSTER_RATING_PERIODS)
    {
      g_autoptr(MmPgStore) store = mm_pg_store_new (fixture->conninfo, &error);
      gint64 now = g_get_real_time () / G_USEC_PER_SEC;

      g_assert_no_error (error);
      g_assert_true (mm_store_set_meta (MM_STORE (store), "rated_until",
                                        now - MM_TEST_CLUSTER_PERIOD_S
                                        + MM_TEST_CLUSTER_PERIOD_ENDS_IN_S, &error));
      g_assert_no_error (error);
    }
  for (guint i = 0; i < MM_TEST_CLUSTER_N_SERVERS; i++)
    {
      g_autofree char *id = g_strdup_printf ("server-%c", 'a' + i);

      member_start (&fixture->members[i], fixture->conninfo, id,
                    data == MM_TEST_CLUSTER_RATING_PERIODS ? MM_TEST_CLUSTER_PERIOD_S : 0);
    }
  g_assert_true (mm_test_cluster_run_until (mm_test_cluster_all_connected, fixture, 10));
}

void
mm_test_cluster_tear_down (MmTestClusterFixture *fixture,
                           gconstpointer         data)
{
  for (guint i = 0; i < MM_TEST_CLUSTER_N_SERVERS; i++)
    mm_test_cluster_member_stop (&fixture->members[i]);
  mm_test_run_for (50);
  g_free (fixture->conninfo);
}

typedef struct
{
  MmLobbyCluster *cluster;
  const char     *name;
  gboolean        present;
} Presence;

static gboolean
presence_is (gpointer data)
{
  Presence *presence = data;
  g_autofree char *key = mm_nickname_key (presence->name);

  return (mm_lobby_cluster_find_player (presence->cluster, key) != NULL) == presence->present;
}

/* Whether @cluster comes to see @name present (or gone) within @seconds. */
gboolean
mm_test_cluster_sees (MmLobbyCluster *cluster,
                      const char     *name,
                      gboolean        present,
                      guint           seconds)
{
  Presence presence = { cluster, name, present };

  return mm_test_cluster_run_until (presence_is, &presence, seconds);
}

/* The next message of @type, skipping others (the players' changes
 * come in whatever order the servers' notifications take). */
JsonObject *
mm_test_cluster_next_of_type (MmTestClient *client,
                              const char   *type,
                              guint         seconds)
{
  gint64 deadline = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < deadline)
    {
      g_autoptr(JsonObject) message = mm_test_client_next (client, 1);

      if (message != NULL && g_str_equal (mm_protocol_get_type (message), type))
        return g_steal_pointer (&message);
    }
  return NULL;
}

/* The next change of the players about @name: "player-added" … */
char *
mm_test_cluster_next_change_of (MmTestClient *client,
                                const char   *name,
                                guint         seconds)
{
  gint64 deadline = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < deadline)
    {
      g_autoptr(JsonObject) message = mm_test_client_next (client, 1);

      if (message != NULL && g_str_has_prefix (mm_protocol_get_type (message), "player-")
          && g_strcmp0 (json_object_get_string_member_with_default (message, "name", NULL),
                        name) == 0)
        return g_strdup (mm_protocol_get_type (message));
    }
  return NULL;
}

/* A snapshot of @topic ("players", "seeks", "games"): the names (of
 * players) or the ids (of seeks and games) in it, in a set. */
GHashTable *
mm_test_cluster_read_snapshot_of (MmTestClient *client,
                                  const char   *topic)
{
  GHashTable *names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *member = g_str_equal (topic, "players") ? "name"
                       : g_str_equal (topic, "seeks") ? "seek" : "game";
  gboolean done = FALSE;

  while (!done)
    {
      g_autoptr(JsonObject) page = mm_test_client_expect (client, topic, 5);
      JsonArray *entries = json_object_get_array_member (page, topic);

      for (guint i = 0; i < json_array_get_length (entries); i++)
        {
          JsonObject *entry = json_array_get_object_element (entries, i);

          g_hash_table_add (names, g_strdup (json_object_get_string_member (entry, member)));
        }
      done = json_object_get_boolean_member (page, "done");
    }
  return names;
}

GHashTable *
mm_test_cluster_read_snapshot (MmTestClient *client)
{
  return mm_test_cluster_read_snapshot_of (client, "players");
}

void
mm_test_cluster_subscribe (MmTestClient *client,
                           const char   *topic)
{
  mm_test_client_send_printf (client, "{\"type\":\"subscribe\",\"id\":\"%s\",\"topic\":\"%s\"}",
                              topic, topic);
  mm_test_client_expect_reply (client, "ok", topic);
}

void
mm_test_cluster_say (MmTestClient *client,
                     const char   *text)
{
  mm_test_client_send_printf (client, "{\"type\":\"say\",\"id\":\"say\",\"room\":\"lobby\","
                                      "\"text\":\"%s\"}", text);
  mm_test_client_expect_reply (client, "ok", "say");
}

void
mm_test_cluster_expect_said (MmTestClient *client,
                             const char   *from,
                             const char   *text)
{
  g_autoptr(JsonObject) said = mm_test_cluster_next_of_type (client, "said", 10);

  g_assert_nonnull (said);
  g_assert_cmpstr (json_object_get_string_member (said, "from"), ==, from);
  g_assert_cmpstr (json_object_get_string_member (said, "text"), ==, text);
}

/* The next message of @type, failing on an error and skipping any
 * other news. */
JsonObject *
mm_test_cluster_await_type (MmTestClient *client,
                            const char   *type)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < deadline)
    {
      g_autoptr(JsonObject) message = mm_test_client_next (client, 1);

      if (message == NULL)
        continue;
      if (g_str_equal (mm_protocol_get_type (message), "error"))
        {
          g_autofree char *line = mm_protocol_to_line (message);

          g_error ("expected “%s”, got %s", type, line);
        }
      if (g_str_equal (mm_protocol_get_type (message), type))
        return g_steal_pointer (&message);
    }
  g_error ("expected “%s”, got nothing", type);
  return NULL;
}

void
mm_test_cluster_await_move (MmTestClient *client,
                            const char   *square)
{
  g_autoptr(JsonObject) moved = mm_test_cluster_await_type (client, "moved");

  g_assert_cmpstr (json_object_get_string_member (moved, "square"), ==, square);
}

/* The game @id as the database keeps it, read on a connection of the
 * test's own. */
MmStoredGame *
mm_test_cluster_stored_game (MmTestClusterFixture *fixture,
                             const char           *id)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmPgStore) store = mm_pg_store_new (fixture->conninfo, &error);
  MmStoredGame *stored;

  g_assert_no_error (error);
  stored = mm_store_find_game (MM_STORE (store), id, &error);
  g_assert_no_error (error);
  g_assert_nonnull (stored);
  return stored;
}

/* The game @id as the database keeps it once its end is there: the end
 * is told to the players before it is kept, without the server waiting
 * for it.  At most 10 s. */
MmStoredGame *
mm_test_cluster_ended_game (MmTestClusterFixture *fixture,
                            const char           *id)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  for (;;)
    {
      MmStoredGame *stored = mm_test_cluster_stored_game (fixture, id);

      if (stored->winner != NULL)
        return stored;
      mm_stored_game_free (stored);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      mm_test_run_for (20);
    }
}

/* Starts a game of @base_s seconds a side (0: untimed), @rated or not:
 * @black seeks, @white, on another server, accepts; the game's id. */
char *
mm_test_cluster_start_game_full (MmTestClient *black,
                                 MmTestClient *white,
                                 guint         base_s,
                                 gboolean      rated)
{
  g_autoptr(JsonObject) opened = NULL, started = NULL, started_white = NULL;
  const char *seek;
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  mm_test_client_send_printf (black, "{\"type\":\"seek\",\"id\":\"s\",\"color\":\"black\","
                                     "\"base\":%u,\"increment\":0,\"rated\":%s}", base_s,
                              rated ? "true" : "false");
  opened = mm_test_client_expect (black, "seek-opened", 5);
  seek = json_object_get_string_member (opened, "seek");
  /* Until the other server lists it. */
  for (;;)
    {
      g_autoptr(JsonObject) reply = NULL;

      mm_test_client_send_printf (white, "{\"type\":\"accept-seek\",\"id\":\"a\","
                                         "\"seek\":\"%s\"}", seek);
      reply = mm_test_client_next (white, 5);
      g_assert_nonnull (reply);
      if (g_str_equal (mm_protocol_get_type (reply), "ok"))
        break;
      g_assert_cmpstr (json_object_get_string_member (reply, "code"), ==, "no-such-seek");
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      mm_test_run_for (50);
    }
  started_white = mm_test_cluster_await_type (white, "game-started");
  started = mm_test_cluster_await_type (black, "game-started");
  return g_strdup (json_object_get_string_member (started, "game"));
}

char *
mm_test_cluster_start_game (MmTestClient *black,
                            MmTestClient *white,
                            guint         base_s)
{
  return mm_test_cluster_start_game_full (black, white, base_s, FALSE);
}

/* The side to move of @rules plays its lowest legal square through
 * @clients; every client is told. */
void
mm_test_cluster_play_lowest (MmGame        *rules,
                             MmTestClient **clients,
                             const char    *game)
{
  guint64 legal = mm_game_get_legal_moves (rules);
  MmColor mover = mm_game_get_side_to_move (rules);
  char square[3];

  mm_square_format (__builtin_ctzll (legal), square);
  mm_test_client_send_printf (clients[mover], "{\"type\":\"move\",\"game\":\"%s\","
                                              "\"square\":\"%s\"}", game, square);
  mm_test_cluster_await_move (clients[mover], square);
  mm_test_cluster_await_move (clients[!mover], square);
  g_assert_true (mm_game_play (rules, __builtin_ctzll (legal), NULL));
}

/* A transaction of the test's own that holds the row of the game @id:
 * a move's insert waits for it (its foreign key, and the update of the
 * clocks, need the row) until it ends.  PostgreSQL ends it after
 * @seconds idle whatever happens, so that a server blocking on the
 * insert is not stuck for good with the test.  The row is written
 * without the server waiting when the game starts: it waits for it. */
PGconn *
mm_test_cluster_hold_game_row (MmTestClusterFixture *fixture,
                               const char           *id,
                               guint                 seconds)
{
  PGconn *conn = PQconnectdb (fixture->conninfo);
  g_autofree char *timeout = g_strdup_printf ("SET idle_in_transaction_session_timeout = %u",
                                              seconds * 1000);
  const char *const values[] = { id };
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  PGresult *result;
  int n_rows;

  g_assert_cmpint (PQstatus (conn), ==, CONNECTION_OK);
  result = PQexec (conn, timeout);
  g_assert_cmpint (PQresultStatus (result), ==, PGRES_COMMAND_OK);
  PQclear (result);
  do
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      result = PQexec (conn, "BEGIN");
      g_assert_cmpint (PQresultStatus (result), ==, PGRES_COMMAND_OK);
      PQclear (result);
      result = PQexecParams (conn, "SELECT 1 FROM games WHERE id = $1 FOR UPDATE", 1, NULL,
                             values, NULL, NULL, 0);
      g_assert_cmpint (PQresultStatus (result), ==, PGRES_TUPLES_OK);
      n_rows = PQntuples (result);
      PQclear (result);
      if (n_rows == 0)
        {
          PQclear (PQexec (conn, "ROLLBACK"));
          mm_test_run_for (20);
        }
    }
  while (n_rows == 0);
  return conn;
}

void
mm_test_cluster_release_game_row (PGconn *conn)
{
  PQclear (PQexec (conn, "ROLLBACK"));
  PQfinish (conn);
}

/* What a client was sent so far, dropped. */
void
mm_test_cluster_drain (MmTestClient *client)
{
  mm_test_run_for (100);
  g_queue_clear_full (&client->messages, (GDestroyNotify) json_object_unref);
}

void
mm_test_cluster_logged_in_cb (GObject      *source,
                              GAsyncResult *result,
                              gpointer      data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (mm_lobby_client_log_in_finish (MM_LOBBY_CLIENT (source), result, &error));
  g_assert_no_error (error);
  *(gboolean *) data = TRUE;
}

gboolean
mm_test_cluster_is_true (gpointer data)
{
  return *(gboolean *) data;
}

