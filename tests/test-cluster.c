/* test-cluster.c
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
 * database (rows, and LISTEN/NOTIFY).  Three servers in this process on
 * a throwaway cluster, plus a monomachia-server process that is
 * killed; without PostgreSQL the test is skipped (77) and says why. */

#include "config.h"

#include <signal.h>
#include <sys/prctl.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gstdio.h>
#include <libpq-fe.h>

#include "mm-game.h"
#include "mm-lobby-client.h"
#include "mm-lobby-server.h"
#include "mm-nickname.h"
#include "mm-pg-store.h"
#include "mm-rating.h"
#include "mm-test-client.h"
#include "mm-test-pg.h"

#define N_SERVERS 3
/* A dead server's players are gone after this; the cluster counts a
 * server dead after the same, at least three heartbeats. */
#define GRACE_S 3

typedef struct
{
  MmLobbyServer  *server;
  MmLobbyCluster *cluster;
  guint16         port;
  char            id[16];
} Member;

typedef struct
{
  char   *conninfo;
  Member  members[N_SERVERS];
} Fixture;

/* A fixture's data: servers that rate in periods of an hour, the first
 * ending a few seconds after they start; NULL for a game a period. */
#define RATING_PERIODS ((gconstpointer) "rating periods")
#define PERIOD_S 3600
#define PERIOD_ENDS_IN_S 8

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
member_start (Member     *member,
              const char *conninfo,
              const char *id,
              guint       rating_period_s)
{
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GError) error = NULL;
  g_autoptr(MmPgStore) store = mm_pg_store_new (conninfo, &error);
  g_autofree char *address = NULL;
  MmServerLimits limits;

  g_assert_no_error (error);
  mm_server_limits_init (&limits);
  limits.grace_s = GRACE_S;
  limits.rating_period_s = rating_period_s;
  member->server = mm_lobby_server_new (id, &limits);
  g_strlcpy (member->id, id, sizeof member->id);
  g_signal_connect (member->server, "log", G_CALLBACK (server_log_cb), member->id);
  g_assert_true (mm_lobby_server_set_store (member->server, MM_STORE (store), &error));
  g_assert_no_error (error);
  g_assert_true (mm_lobby_server_listen (member->server, loopback, 0, &member->port, &error));
  g_assert_no_error (error);
  address = g_strdup_printf ("127.0.0.1:%u", member->port);
  member->cluster = mm_lobby_cluster_new (conninfo, id, address, GRACE_S);
  mm_lobby_server_join_cluster (member->server, member->cluster);
}

static void
member_stop (Member *member)
{
  if (member->server != NULL)
    mm_lobby_server_stop (member->server);
  g_clear_object (&member->server);
  g_clear_object (&member->cluster);
}

/* Runs the main loop until @done says so, for at most @seconds. */
static gboolean
run_until (gboolean (*done) (gpointer),
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

static gboolean
all_connected (gpointer data)
{
  Fixture *fixture = data;

  for (guint i = 0; i < N_SERVERS; i++)
    if (fixture->members[i].cluster != NULL
        && !mm_lobby_cluster_get_connected (fixture->members[i].cluster))
      return FALSE;
  return TRUE;
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->conninfo = mm_test_pg_new_database (&error);
  g_assert_no_error (error);
  if (data == RATING_PERIODS)
    {
      g_autoptr(MmPgStore) store = mm_pg_store_new (fixture->conninfo, &error);
      gint64 now = g_get_real_time () / G_USEC_PER_SEC;

      g_assert_no_error (error);
      g_assert_true (mm_store_set_meta (MM_STORE (store), "rated_until",
                                        now - PERIOD_S + PERIOD_ENDS_IN_S, &error));
      g_assert_no_error (error);
    }
  for (guint i = 0; i < N_SERVERS; i++)
    {
      g_autofree char *id = g_strdup_printf ("server-%c", 'a' + i);

      member_start (&fixture->members[i], fixture->conninfo, id,
                    data == RATING_PERIODS ? PERIOD_S : 0);
    }
  g_assert_true (run_until (all_connected, fixture, 10));
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  for (guint i = 0; i < N_SERVERS; i++)
    member_stop (&fixture->members[i]);
  mm_test_run_for (50);
  g_free (fixture->conninfo);
}

static gboolean none_connected (gpointer data);

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
static gboolean
sees (MmLobbyCluster *cluster,
      const char     *name,
      gboolean        present,
      guint           seconds)
{
  Presence presence = { cluster, name, present };

  return run_until (presence_is, &presence, seconds);
}

/* The next message of @type, skipping others (the players' changes
 * come in whatever order the servers' notifications take). */
static JsonObject *
next_of_type (MmTestClient *client,
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
static char *
next_change_of (MmTestClient *client,
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
static GHashTable *
read_snapshot_of (MmTestClient *client,
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

static GHashTable *
read_snapshot (MmTestClient *client)
{
  return read_snapshot_of (client, "players");
}

typedef struct
{
  MmLobbyCluster *cluster;
  const char     *kind;
  const char     *id;
} Listed;

static gboolean
entry_is_gone (gpointer data)
{
  Listed *listed = data;

  return mm_lobby_cluster_find_entry_server (listed->cluster, listed->kind, listed->id) == NULL;
}

/* Whether @cluster comes to list no seek or game @id of @kind. */
static gboolean
sees_no_entry (MmLobbyCluster *cluster,
               const char     *kind,
               const char     *id)
{
  Listed listed = { cluster, kind, id };

  return run_until (entry_is_gone, &listed, 10);
}

static gboolean
entry_is_listed (gpointer data)
{
  return !entry_is_gone (data);
}

/* Whether @cluster comes to list the seek or game @id of @kind. */
static gboolean
run_until_listed (MmLobbyCluster *cluster,
                  const char     *kind,
                  const char     *id)
{
  Listed listed = { cluster, kind, id };

  return run_until (entry_is_listed, &listed, 10);
}

static void
subscribe (MmTestClient *client,
           const char   *topic)
{
  mm_test_client_send_printf (client, "{\"type\":\"subscribe\",\"id\":\"%s\",\"topic\":\"%s\"}",
                              topic, topic);
  mm_test_client_expect_reply (client, "ok", topic);
}

static void
say (MmTestClient *client,
     const char   *text)
{
  mm_test_client_send_printf (client, "{\"type\":\"say\",\"id\":\"say\",\"room\":\"lobby\","
                                      "\"text\":\"%s\"}", text);
  mm_test_client_expect_reply (client, "ok", "say");
}

static void
expect_said (MmTestClient *client,
             const char   *from,
             const char   *text)
{
  g_autoptr(JsonObject) said = next_of_type (client, "said", 10);

  g_assert_nonnull (said);
  g_assert_cmpstr (json_object_get_string_member (said, "from"), ==, from);
  g_assert_cmpstr (json_object_get_string_member (said, "text"), ==, text);
}

/* Players on two servers see each other from a third; chat said on one
 * reaches the others; a name is one in the whole lobby; one who leaves
 * is gone everywhere. */
static void
test_one_lobby (Fixture       *fixture,
                gconstpointer  data)
{
  Member *a = &fixture->members[0], *b = &fixture->members[1], *c = &fixture->members[2];
  g_autoptr(MmTestClient) alice = mm_test_client_login (a->port, "Alice");
  g_autoptr(MmTestClient) bob = mm_test_client_login (b->port, "Bob");
  g_autoptr(MmTestClient) carol = NULL;
  g_autoptr(MmTestClient) other = NULL;
  g_autoptr(GHashTable) names = NULL;
  g_autoptr(JsonObject) session = NULL;
  g_autofree char *change = NULL;

  g_assert_true (sees (c->cluster, "Alice", TRUE, 10));
  g_assert_true (sees (c->cluster, "Bob", TRUE, 10));
  g_assert_true (sees (a->cluster, "Bob", TRUE, 10));
  /* A server does not count its own players among the others'. */
  g_assert_true (sees (a->cluster, "Alice", FALSE, 1));

  carol = mm_test_client_login (c->port, "Carol");
  subscribe (carol, "players");
  names = read_snapshot (carol);
  g_assert_true (g_hash_table_contains (names, "Alice"));
  g_assert_true (g_hash_table_contains (names, "Bob"));
  g_assert_true (g_hash_table_contains (names, "Carol"));
  g_assert_cmpuint (g_hash_table_size (names), ==, 3);

  /* Carol, on the third server, is seen arriving on the first. */
  subscribe (alice, "players");
  g_clear_pointer (&names, g_hash_table_unref);
  names = read_snapshot (alice);
  if (!g_hash_table_contains (names, "Carol"))
    {
      change = next_change_of (alice, "Carol", 10);
      g_assert_cmpstr (change, ==, "player-added");
      g_clear_pointer (&change, g_free);
    }

  /* The lobby's chat, from one server to the others. */
  subscribe (bob, "chat");
  subscribe (carol, "chat");
  subscribe (alice, "chat");
  say (alice, "Γεια σας από τον πρώτο");
  expect_said (alice, "Alice", "Γεια σας από τον πρώτο");
  expect_said (bob, "Alice", "Γεια σας από τον πρώτο");
  expect_said (carol, "Alice", "Γεια σας από τον πρώτο");
  say (carol, "and from the third");
  expect_said (carol, "Carol", "and from the third");
  expect_said (alice, "Carol", "and from the third");
  expect_said (bob, "Carol", "and from the third");
  /* Ignoring a player on another server hides that player's chat. */
  mm_test_client_send_line (bob, "{\"type\":\"ignore\",\"id\":\"i\",\"name\":\"Carol\"}");
  mm_test_client_expect_reply (bob, "ok", "i");
  say (carol, "not for Bob");
  expect_said (carol, "Carol", "not for Bob");
  expect_said (alice, "Carol", "not for Bob");
  say (alice, "for Bob");
  expect_said (bob, "Alice", "for Bob");

  /* One name in the lobby, whichever server is asked. */
  other = mm_test_client_hello (b->port);
  mm_test_client_send_line (other, "{\"type\":\"login\",\"id\":\"n\",\"name\":\"ALICE\"}");
  mm_test_client_expect_error (other, "name-taken", "n");

  /* Bob leaves: gone from the others' lists. */
  mm_test_client_send_line (bob, "{\"type\":\"logout\",\"id\":\"bye\"}");
  g_assert_true (sees (c->cluster, "Bob", FALSE, 10));
  change = next_change_of (carol, "Bob", 10);
  g_assert_cmpstr (change, ==, "player-removed");
  g_assert_true (sees (a->cluster, "Bob", FALSE, 10));
  /* And the name is free on every server. */
  mm_test_client_send_line (other, "{\"type\":\"login\",\"id\":\"m\",\"name\":\"Bob\"}");
  session = mm_test_client_expect (other, "session", 5);
}

/* The next message of @type, failing on an error and skipping any
 * other news. */
static JsonObject *
await_type (MmTestClient *client,
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

static void
await_move (MmTestClient *client,
            const char   *square)
{
  g_autoptr(JsonObject) moved = await_type (client, "moved");

  g_assert_cmpstr (json_object_get_string_member (moved, "square"), ==, square);
}

/* The game @id as the database keeps it, read on a connection of the
 * test's own. */
static MmStoredGame *
stored_game (Fixture    *fixture,
             const char *id)
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
static MmStoredGame *
ended_game (Fixture    *fixture,
            const char *id)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  for (;;)
    {
      MmStoredGame *stored = stored_game (fixture, id);

      if (stored->winner != NULL)
        return stored;
      mm_stored_game_free (stored);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      mm_test_run_for (20);
    }
}

/* A whole game between players on two servers, watched from a third:
 * the seek listed everywhere, accepted from another server, every move
 * told to all three, the end, and the game kept whole in the database. */
static void
test_game_across_servers (Fixture       *fixture,
                          gconstpointer  data)
{
  Member *a = &fixture->members[0], *b = &fixture->members[1], *c = &fixture->members[2];
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

  subscribe (bob, "seeks");
  g_hash_table_unref (read_snapshot_of (bob, "seeks"));
  subscribe (carol, "games");
  g_hash_table_unref (read_snapshot_of (carol, "games"));
  mm_test_client_send_line (alice, "{\"type\":\"seek\",\"id\":\"s\",\"color\":\"black\","
                                   "\"base\":600,\"increment\":5,\"rated\":false}");
  opened = mm_test_client_expect (alice, "seek-opened", 5);
  seek = json_object_get_string_member (opened, "seek");
  /* Listed on the other servers as on its own. */
  added = next_of_type (bob, "seek-added", 10);
  g_assert_nonnull (added);
  g_assert_cmpstr (json_object_get_string_member (added, "seek"), ==, seek);
  g_assert_cmpstr (json_object_get_string_member (added, "by"), ==, "Alice");
  g_assert_cmpint (json_object_get_int_member (added, "increment"), ==, 5);

  mm_test_client_send_printf (bob, "{\"type\":\"accept-seek\",\"id\":\"a\",\"seek\":\"%s\"}",
                              seek);
  mm_test_client_expect_reply (bob, "ok", "a");
  started_bob = await_type (bob, "game-started");
  started = await_type (alice, "game-started");
  game = g_strdup (json_object_get_string_member (started, "game"));
  g_assert_cmpstr (json_object_get_string_member (started_bob, "game"), ==, game);
  g_assert_cmpstr (json_object_get_string_member (started, "black"), ==, "Alice");
  g_assert_cmpstr (json_object_get_string_member (started, "white"), ==, "Bob");

  /* The third server lists the game, and its player watches it. */
  listed = await_type (carol, "game-added");
  g_assert_cmpstr (json_object_get_string_member (listed, "game"), ==, game);
  mm_test_client_send_printf (carol, "{\"type\":\"watch\",\"id\":\"w\",\"game\":\"%s\"}", game);
  state = await_type (carol, "game-state");
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
      await_move (clients[mover], square);
      await_move (clients[!mover], square);
      await_move (carol, square);
      g_assert_true (mm_game_play (rules, __builtin_ctzll (legal), NULL));
      n_moves++;
    }
  for (guint i = 0; i < 3; i++)
    {
      MmTestClient *client = i == 0 ? alice : i == 1 ? bob : carol;
      g_autoptr(JsonObject) ended = await_type (client, "game-ended");

      g_assert_cmpint (json_object_get_int_member (ended, "black_discs"), ==,
                       mm_game_get_black_count (rules));
      g_assert_cmpint (json_object_get_int_member (ended, "white_discs"), ==,
                       mm_game_get_white_count (rules));
    }
  g_assert_true (sees_no_entry (c->cluster, "game", game));

  /* Refereed once: every move in the database, once, in order. */
  stored = ended_game (fixture, game);
  g_assert_cmpuint (stored->moves->len, ==, n_moves);
  g_assert_nonnull (stored->winner);
  g_test_message ("game %s: %u moves, %d-%d, %s by %s", game, n_moves,
                  mm_game_get_black_count (rules), mm_game_get_white_count (rules),
                  stored->winner, stored->reason);
}

static void logged_in_cb (GObject *source, GAsyncResult *result, gpointer data);
static gboolean is_true (gpointer data);

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

/* Starts a game of @base_s seconds a side (0: untimed), @rated or not:
 * @black seeks, @white, on another server, accepts; the game's id. */
static char *
start_game_full (MmTestClient *black,
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
  started_white = await_type (white, "game-started");
  started = await_type (black, "game-started");
  return g_strdup (json_object_get_string_member (started, "game"));
}

static char *
start_game (MmTestClient *black,
            MmTestClient *white,
            guint         base_s)
{
  return start_game_full (black, white, base_s, FALSE);
}

/* The side to move of @rules plays its lowest legal square through
 * @clients; every client is told. */
static void
play_lowest (MmGame        *rules,
             MmTestClient **clients,
             const char    *game)
{
  guint64 legal = mm_game_get_legal_moves (rules);
  MmColor mover = mm_game_get_side_to_move (rules);
  char square[3];

  mm_square_format (__builtin_ctzll (legal), square);
  mm_test_client_send_printf (clients[mover], "{\"type\":\"move\",\"game\":\"%s\","
                                              "\"square\":\"%s\"}", game, square);
  await_move (clients[mover], square);
  await_move (clients[!mover], square);
  g_assert_true (mm_game_play (rules, __builtin_ctzll (legal), NULL));
}

/* The database crashes in the middle of a game across two servers.  A
 * move on the referee's own server cannot be kept, so it is refused
 * and not played; one from the other server waits for the database and
 * is played when it is back.  Nothing is lost. */
static void
test_database_restart_mid_game (Fixture       *fixture,
                                gconstpointer  data)
{
  Member *a = &fixture->members[0], *b = &fixture->members[1];
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

  g_assert_true (sees (b->cluster, "Alice", TRUE, 10));
  client = mm_lobby_client_new ("127.0.0.1", a->port, FALSE, NULL);
  mm_lobby_client_log_in_async (client, "Gina", NULL, FALSE, NULL, logged_in_cb, &logged_in);
  g_assert_true (run_until (is_true, &logged_in, 10));
  game = start_game (alice, bob, 0);
  for (int ply = 0; ply < 4; ply++)
    play_lowest (rules, clients, game);
  g_assert_cmpint (mm_game_get_side_to_move (rules), ==, MM_COLOR_BLACK);

  /* Alice, on the referee's server, while the database is down. */
  g_assert_true (mm_test_pg_crash (&error));
  g_assert_no_error (error);
  g_assert_true (run_until (none_connected, fixture, 10));
  /* The app's client learns that its server has lost the database, as
   * the players do. */
  g_assert_true (run_until (client_degraded, client, 10));
  json_object_unref (await_type (alice, "server-degraded"));
  json_object_unref (await_type (bob, "server-degraded"));
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
  g_assert_true (run_until (all_connected, fixture, 20));
  g_assert_true (run_until (client_whole, client, 10));
  /* Played when asked again. */
  play_lowest (rules, clients, game);

  /* Bob, on the other server, while the database is down: his move
   * waits, and is played when it is back. */
  g_assert_cmpint (mm_game_get_side_to_move (rules), ==, MM_COLOR_WHITE);
  g_assert_true (mm_test_pg_crash (&error));
  g_assert_no_error (error);
  g_assert_true (run_until (none_connected, fixture, 10));
  json_object_unref (await_type (alice, "server-degraded"));
  json_object_unref (await_type (bob, "server-degraded"));
  legal = mm_game_get_legal_moves (rules);
  mm_square_format (__builtin_ctzll (legal), square);
  mm_test_client_send_printf (bob, "{\"type\":\"move\",\"game\":\"%s\",\"square\":\"%s\"}",
                              game, square);
  g_assert_true (mm_test_client_is_quiet (alice, 300));
  g_assert_true (mm_test_pg_start_again (&error));
  g_assert_no_error (error);
  await_move (bob, square);
  await_move (alice, square);
  g_assert_true (mm_game_play (rules, __builtin_ctzll (legal), NULL));

  mm_test_client_send_printf (bob, "{\"type\":\"resign\",\"game\":\"%s\"}", game);
  json_object_unref (await_type (alice, "game-ended"));
  stored = ended_game (fixture, game);
  g_assert_cmpuint (stored->moves->len, ==, 6);
  g_assert_cmpstr (stored->winner, ==, "black");
}

/* A transaction of the test's own that holds the row of the game @id:
 * a move's insert waits for it (its foreign key, and the update of the
 * clocks, need the row) until it ends.  PostgreSQL ends it after
 * @seconds idle whatever happens, so that a server blocking on the
 * insert is not stuck for good with the test.  The row is written
 * without the server waiting when the game starts: it waits for it. */
static PGconn *
hold_game_row (Fixture    *fixture,
               const char *id,
               guint       seconds)
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

static void
release_game_row (PGconn *conn)
{
  PQclear (PQexec (conn, "ROLLBACK"));
  PQfinish (conn);
}

/* Until the database holds @n_moves moves of the game @id; at most
 * 10 s. */
static void
wait_for_stored_moves (Fixture    *fixture,
                       const char *id,
                       guint       n_moves)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  for (;;)
    {
      g_autoptr(MmStoredGame) stored = stored_game (fixture, id);

      if (stored->moves->len >= n_moves)
        return;
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_usleep (20000);
    }
}

/* What a client was sent so far, dropped. */
static void
drain (MmTestClient *client)
{
  mm_test_run_for (100);
  g_queue_clear_full (&client->messages, (GDestroyNotify) json_object_unref);
}

/* The insert of a move waits for a lock in the database: the server
 * does not.  Meanwhile it answers another player, the same move sent
 * again and the opponent's resignation wait for the move; once it is
 * kept it is played, once, and then the rest in the order it came. */
static void
test_slow_commit (Fixture       *fixture,
                  gconstpointer  data)
{
  Member *a = &fixture->members[0];
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

  game = start_game (alice, bob, 0);
  for (int ply = 0; ply < 2; ply++)
    play_lowest (rules, clients, game);
  drain (alice);
  drain (bob);
  g_assert_cmpint (mm_game_get_side_to_move (rules), ==, MM_COLOR_BLACK);
  mm_square_format (__builtin_ctzll (mm_game_get_legal_moves (rules)), square);

  held = hold_game_row (fixture, game, 5);
  mm_test_client_send_printf (alice, "{\"type\":\"move\",\"id\":\"m1\",\"game\":\"%s\","
                                     "\"square\":\"%s\"}", game, square);
  /* Not answered while the database holds it, and the server answers
   * others meanwhile. */
  g_assert_true (mm_test_client_is_quiet (alice, 300));
  mm_test_client_send_line (carol, "{\"type\":\"ping\",\"id\":\"p\"}");
  mm_test_client_expect_reply (carol, "pong", "p");
  say (carol, "the server is not waiting");
  /* The same move again, then the opponent's resignation: they wait. */
  mm_test_client_send_printf (alice, "{\"type\":\"move\",\"id\":\"m2\",\"game\":\"%s\","
                                     "\"square\":\"%s\"}", game, square);
  g_assert_true (mm_test_client_is_quiet (alice, 200));
  mm_test_client_send_printf (bob, "{\"type\":\"resign\",\"id\":\"r\",\"game\":\"%s\"}", game);
  g_assert_true (mm_test_client_is_quiet (bob, 200));
  g_assert_true (mm_test_client_is_quiet (alice, 0));
  release_game_row (held);

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
  json_object_unref (await_type (alice, "game-ended"));

  stored = ended_game (fixture, game);
  g_assert_cmpuint (stored->moves->len, ==, 3);
  g_assert_cmpstr (stored->winner, ==, "black");
}

/* A move that came in time stands, though its insert waits in the
 * database past the time its player had left: the mover's clock stops
 * when the move comes, and the opponent's runs once it is told. */
static void
test_clock_during_slow_commit (Fixture       *fixture,
                               gconstpointer  data)
{
  Member *a = &fixture->members[0];
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
  game = start_game (alice, bob, 2);
  drain (alice);
  drain (bob);
  mm_square_format (__builtin_ctzll (mm_game_get_legal_moves (rules)), square);
  mm_test_run_for (1300);
  held = hold_game_row (fixture, game, 10);
  mm_test_client_send_printf (alice, "{\"type\":\"move\",\"id\":\"m\",\"game\":\"%s\","
                                     "\"square\":\"%s\"}", game, square);
  /* Held past the time she had left. */
  g_assert_true (mm_test_client_is_quiet (alice, 1500));
  g_assert_true (mm_test_client_is_quiet (bob, 0));
  release_game_row (held);

  mm_test_client_expect_reply (alice, "ok", "m");
  moved = mm_test_client_expect (alice, "moved", 5);
  told_us = g_get_monotonic_time ();
  g_assert_cmpstr (json_object_get_string_member (moved, "square"), ==, square);
  g_assert_cmpint (json_object_get_int_member (moved, "black_ms"), >, 0);
  g_assert_cmpint (json_object_get_int_member (moved, "black_ms"), <, 1000);
  g_assert_cmpint (json_object_get_int_member (moved, "white_ms"), >, 1900);
  /* Bob did not move: his two seconds ran from the move being told. */
  ended = await_type (alice, "game-ended");
  g_assert_cmpint (g_get_monotonic_time () - told_us, >, G_USEC_PER_SEC);
  g_assert_cmpstr (json_object_get_string_member (ended, "winner"), ==, "black");
  g_assert_cmpstr (json_object_get_string_member (ended, "reason"), ==, "time");

  stored = ended_game (fixture, game);
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
test_gone_while_kept (Fixture       *fixture,
                      gconstpointer  data)
{
  Member *a = &fixture->members[0];
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

  game = start_game (alice, bob, 600);
  token = g_strdup (alice->token);
  mm_square_format (__builtin_ctzll (mm_game_get_legal_moves (rules)), square);
  held = hold_game_row (fixture, game, 5);
  mm_test_client_send_printf (alice, "{\"type\":\"move\",\"id\":\"m\",\"game\":\"%s\","
                                     "\"square\":\"%s\"}", game, square);
  g_assert_true (mm_test_client_is_quiet (alice, 200));
  g_clear_pointer (&alice, mm_test_client_free);
  json_object_unref (await_type (bob, "opponent-away"));
  release_game_row (held);
  moved = await_type (bob, "moved");
  g_assert_cmpstr (json_object_get_string_member (moved, "square"), ==, square);
  g_assert_true (mm_game_play (rules, __builtin_ctzll (mm_game_get_legal_moves (rules)), NULL));

  back = mm_test_client_hello (a->port);
  mm_test_client_send_printf (back, "{\"type\":\"resume\",\"id\":\"r\",\"token\":\"%s\"}", token);
  json_object_unref (await_type (back, "session"));
  state = await_type (back, "game-state");
  g_assert_cmpstr (json_object_get_string_member (state, "moves"), ==, square);

  json_object_unref (await_type (bob, "opponent-back"));
  drain (bob);

  /* Bob's move is being kept when the server stops. */
  mm_square_format (__builtin_ctzll (mm_game_get_legal_moves (rules)), square);
  held = hold_game_row (fixture, game, 5);
  mm_test_client_send_printf (bob, "{\"type\":\"move\",\"id\":\"w\",\"game\":\"%s\","
                                   "\"square\":\"%s\"}", game, square);
  g_assert_true (mm_test_client_is_quiet (bob, 200));
  member_stop (a);
  release_game_row (held);
  mm_test_run_for (300);
  stored = stored_game (fixture, game);
  g_assert_cmpuint (stored->moves->len, ==, 2);
  g_assert_null (stored->winner);
}

/* Writes move @ply of the game @id on a connection of the test's own,
 * as a move's insert does whose commit went through while its answer
 * was lost with the database's connection. */
static void
insert_move_row (Fixture    *fixture,
                 const char *id,
                 guint       ply,
                 int         square)
{
  PGconn *conn = PQconnectdb (fixture->conninfo);
  g_autofree char *ply_text = g_strdup_printf ("%u", ply);
  g_autofree char *square_text = g_strdup_printf ("%d", square);
  const char *const values[] = { id, ply_text, square_text };
  PGresult *result;

  g_assert_cmpint (PQstatus (conn), ==, CONNECTION_OK);
  result = PQexecParams (conn, "INSERT INTO moves (game_id, ply, square) VALUES ($1, $2, $3)",
                         3, NULL, values, NULL, NULL, 0);
  g_assert_cmpint (PQresultStatus (result), ==, PGRES_COMMAND_OK);
  PQclear (result);
  PQfinish (conn);
}

/* A move whose commit went through but whose answer the server lost
 * (the database went down between the two) was refused to its player
 * as not kept; its row is there.  Asked again, it is played; another
 * square asked instead is refused, and the move kept is played: the
 * rows are the truth, and the game goes on. */
static void
test_kept_answer_lost (Fixture       *fixture,
                       gconstpointer  data)
{
  Member *a = &fixture->members[0];
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

  game = start_game (alice, bob, 0);
  for (int ply = 0; ply < 2; ply++)
    play_lowest (rules, clients, game);
  drain (alice);
  drain (bob);

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
  await_move (bob, square);
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
  play_lowest (rules, clients, game);
  stored = stored_game (fixture, game);
  g_assert_cmpuint (stored->moves->len, ==, 5);
  g_assert_cmpint (g_array_index (stored->moves, int, 3), ==, kept);
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
test_status_across_servers (Fixture       *fixture,
                            gconstpointer  data)
{
  Member *a = &fixture->members[0], *b = &fixture->members[1], *c = &fixture->members[2];
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

  g_assert_true (sees (c->cluster, "Alice", TRUE, 10));
  g_assert_true (sees (c->cluster, "Bob", TRUE, 10));
  subscribe (dora, "players");
  g_hash_table_unref (read_snapshot_of (dora, "players"));

  mm_test_client_send_line (alice, "{\"type\":\"seek\",\"id\":\"s\",\"color\":\"black\","
                                   "\"base\":0,\"increment\":0,\"rated\":true}");
  opened = mm_test_client_expect (alice, "seek-opened", 5);
  seek = json_object_get_string_member (opened, "seek");
  g_assert_true (run_until_listed (b->cluster, "seek", seek));
  mm_test_client_send_printf (bob, "{\"type\":\"accept-seek\",\"id\":\"a\",\"seek\":\"%s\"}",
                              seek);
  mm_test_client_expect_reply (bob, "ok", "a");
  started = await_type (bob, "game-started");
  game = g_strdup (json_object_get_string_member (started, "game"));
  json_object_unref (await_type (alice, "game-started"));

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
  g_assert_true (run_until_listed (b->cluster, "seek", seek));
  mm_test_client_send_printf (bob, "{\"type\":\"accept-seek\",\"id\":\"a2\",\"seek\":\"%s\"}",
                              seek);
  mm_test_client_expect_error (bob, "busy", "a2");
  mm_test_client_send_printf (carol, "{\"type\":\"cancel-seek\",\"id\":\"c\",\"seek\":\"%s\"}",
                              seek);
  mm_test_client_expect_reply (carol, "ok", "c");

  /* Watching another server's game, then not. */
  mm_test_client_send_printf (carol, "{\"type\":\"watch\",\"id\":\"w\",\"game\":\"%s\"}", game);
  state = await_type (carol, "game-state");
  json_object_unref (await_status (dora, "Carol", "watching"));
  mm_test_client_send_printf (carol, "{\"type\":\"unwatch\",\"id\":\"u\",\"game\":\"%s\"}", game);
  json_object_unref (await_status (dora, "Carol", "idle"));

  /* Bob resigns: idle again, with the rating the game gave him. */
  mm_test_client_send_printf (bob, "{\"type\":\"resign\",\"id\":\"r\",\"game\":\"%s\"}", game);
  ended = await_type (bob, "game-ended");
  g_assert_cmpint (json_object_get_int_member (ended, "white_rating"), <, 1500);
  bob_idle = await_status (dora, "Bob", "idle");
  g_assert_cmpint (json_object_get_int_member (bob_idle, "rating"), ==,
                   json_object_get_int_member (ended, "white_rating"));
  json_object_unref (await_type (alice, "game-ended"));

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
  g_assert_true (run_until_listed (a->cluster, "seek", seek));
  mm_test_client_send_printf (alice, "{\"type\":\"accept-seek\",\"id\":\"a3\",\"seek\":\"%s\"}",
                              seek);
  mm_test_client_expect_reply (alice, "ok", "a3");
  started = await_type (bob, "game-started");
  g_free (game);
  game = g_strdup (json_object_get_string_member (started, "game"));
  mm_test_client_send_printf (bob, "{\"type\":\"resign\",\"id\":\"r2\",\"game\":\"%s\"}", game);
  again = await_type (bob, "game-ended");
  g_assert_cmpint (json_object_get_int_member (again, "black_rating"), ==,
                   (gint64) (ratings[MM_COLOR_BLACK].rating + 0.5));
  g_assert_cmpint (json_object_get_int_member (again, "white_rating"), ==,
                   (gint64) (ratings[MM_COLOR_WHITE].rating + 0.5));
}

/* Three servers rating in periods: the period with a rated game in it
 * is closed once, not once a server (each would move the ratings
 * again), and the players' own servers show the new ratings. */
static void
test_rating_period_once (Fixture       *fixture,
                         gconstpointer  data)
{
  Member *a = &fixture->members[0], *b = &fixture->members[1], *c = &fixture->members[2];
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

  g_assert_true (sees (c->cluster, "Bob", TRUE, 10));
  subscribe (dora, "players");
  g_hash_table_unref (read_snapshot_of (dora, "players"));
  game = start_game_full (alice, bob, 0, TRUE);
  /* Alice is black: Bob resigns, and the game waits for the period. */
  mm_test_client_send_printf (bob, "{\"type\":\"resign\",\"id\":\"r\",\"game\":\"%s\"}", game);
  ended = await_type (bob, "game-ended");
  g_assert_false (json_object_has_member (ended, "white_rating"));

  store = mm_pg_store_new (fixture->conninfo, &error);
  g_assert_no_error (error);
  deadline = g_get_monotonic_time () + (PERIOD_ENDS_IN_S + 20) * G_USEC_PER_SEC;
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
  g_assert_cmpint (until, >, g_get_real_time () / G_USEC_PER_SEC - PERIOD_S);

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
run_sql (Fixture           *fixture,
         const char        *sql,
         int                n_values,
         const char *const *values)
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
test_relayed_twice (Fixture       *fixture,
                    gconstpointer  data)
{
  Member *b = &fixture->members[1];
  g_autoptr(MmTestClient) bob = mm_test_client_login (b->port, "Bob");
  g_autoptr(JsonObject) said = NULL;
  g_autofree char *key = mm_nickname_key ("Bob");
  const char *body = "{\"kind\":\"deliver\",\"sent\":\"0123456789abcdef-7\","
                     "\"message\":{\"type\":\"said\",\"room\":\"lobby\",\"from\":\"Alice\","
                     "\"text\":\"once\"}}";
  const char *const values[] = { key, body };

  g_assert_true (sees (fixture->members[0].cluster, "Bob", TRUE, 10));
  for (int i = 0; i < 2; i++)
    run_sql (fixture, "INSERT INTO relay (to_server, from_server, key, body)"
                      " VALUES ('server-b', 'server-a', $1, $2)", 2, values);
  run_sql (fixture, "SELECT pg_notify ('monomachia_lobby', 'r server-b ' || max (id)) FROM relay",
           0, NULL);
  said = await_type (bob, "said");
  g_assert_cmpstr (json_object_get_string_member (said, "text"), ==, "once");
  g_assert_true (mm_test_client_is_quiet (bob, 500));
}

/* A challenge from one server to a player on another: declined once,
 * then accepted, and the game starts for both. */
static void
test_challenge_across_servers (Fixture       *fixture,
                               gconstpointer  data)
{
  Member *a = &fixture->members[0], *b = &fixture->members[1];
  g_autoptr(MmTestClient) alice = mm_test_client_login (a->port, "Alice");
  g_autoptr(MmTestClient) bob = mm_test_client_login (b->port, "Bob");
  g_autoptr(JsonObject) sent = NULL, challenged = NULL, declined = NULL;
  g_autoptr(JsonObject) again = NULL, started = NULL, started_bob = NULL, ended = NULL;
  const char *id;

  g_assert_true (sees (a->cluster, "Bob", TRUE, 10));
  mm_test_client_send_line (alice, "{\"type\":\"challenge\",\"id\":\"c\",\"name\":\"bob\","
                                   "\"color\":\"white\",\"base\":300,\"increment\":0,"
                                   "\"rated\":false}");
  sent = mm_test_client_expect (alice, "challenge-sent", 5);
  id = json_object_get_string_member (sent, "challenge");
  challenged = await_type (bob, "challenged");
  g_assert_cmpstr (json_object_get_string_member (challenged, "challenge"), ==, id);
  g_assert_cmpstr (json_object_get_string_member (challenged, "by"), ==, "Alice");
  mm_test_client_send_printf (bob, "{\"type\":\"decline-challenge\",\"id\":\"d\","
                                   "\"challenge\":\"%s\"}", id);
  mm_test_client_expect_reply (bob, "ok", "d");
  declined = await_type (alice, "challenge-declined");
  g_assert_cmpstr (json_object_get_string_member (declined, "challenge"), ==, id);

  mm_test_client_send_line (alice, "{\"type\":\"challenge\",\"id\":\"c2\",\"name\":\"Bob\","
                                   "\"color\":\"white\",\"base\":300,\"increment\":0,"
                                   "\"rated\":false}");
  g_clear_pointer (&sent, json_object_unref);
  sent = mm_test_client_expect (alice, "challenge-sent", 5);
  again = await_type (bob, "challenged");
  mm_test_client_send_printf (bob, "{\"type\":\"accept-challenge\",\"id\":\"y\","
                                   "\"challenge\":\"%s\"}",
                              json_object_get_string_member (again, "challenge"));
  mm_test_client_expect_reply (bob, "ok", "y");
  started_bob = await_type (bob, "game-started");
  started = await_type (alice, "game-started");
  g_assert_cmpstr (json_object_get_string_member (started, "black"), ==, "Bob");
  g_assert_cmpstr (json_object_get_string_member (started, "white"), ==, "Alice");
  mm_test_client_send_printf (bob, "{\"type\":\"resign\",\"game\":\"%s\"}",
                              json_object_get_string_member (started_bob, "game"));
  ended = await_type (alice, "game-ended");
  g_assert_cmpstr (json_object_get_string_member (ended, "winner"), ==, "white");

  /* A challenge waiting when its player leaves the lobby is called off. */
  mm_test_client_send_line (alice, "{\"type\":\"challenge\",\"id\":\"c3\",\"name\":\"Bob\","
                                   "\"color\":\"black\",\"base\":0,\"increment\":0,"
                                   "\"rated\":false}");
  g_clear_pointer (&sent, json_object_unref);
  sent = await_type (alice, "challenge-sent");
  json_object_unref (await_type (bob, "challenged"));
  mm_test_client_send_line (bob, "{\"type\":\"logout\",\"id\":\"bye\"}");
  g_clear_pointer (&declined, json_object_unref);
  declined = await_type (alice, "challenge-declined");
  g_assert_cmpstr (json_object_get_string_member (declined, "challenge"), ==,
                   json_object_get_string_member (sent, "challenge"));
}

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

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Program, program_free)

/* A server killed at once says nothing: its players are gone from the
 * others' lobby after the grace period, told to their watchers, and
 * their names are free again. */
static void
test_server_killed (Fixture       *fixture,
                    gconstpointer  data)
{
  Member *a = &fixture->members[0];
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
  program = program_start (fixture->conninfo, GRACE_S);
  dora = mm_test_client_login (program->port, "Dora");
  g_assert_true (sees (a->cluster, "Dora", TRUE, 10));
  subscribe (watcher, "players");
  g_hash_table_unref (read_snapshot (watcher));

  g_subprocess_send_signal (program->process, SIGKILL);
  killed_at = g_get_monotonic_time ();
  change = next_change_of (watcher, "Dora", 3 * GRACE_S + 5);
  g_assert_cmpstr (change, ==, "player-removed");
  /* Not before the grace period: the server might have come back. */
  g_assert_cmpint (g_get_monotonic_time () - killed_at, >=, (GRACE_S - 1) * G_USEC_PER_SEC);
  g_assert_true (sees (fixture->members[1].cluster, "Dora", FALSE, 5));

  again = mm_test_client_hello (fixture->members[2].port);
  mm_test_client_send_line (again, "{\"type\":\"login\",\"id\":\"d\",\"name\":\"Dora\"}");
  session = mm_test_client_expect (again, "session", 5);
}

static gboolean
none_connected (gpointer data)
{
  Fixture *fixture = data;

  for (guint i = 0; i < N_SERVERS; i++)
    if (mm_lobby_cluster_get_connected (fixture->members[i].cluster))
      return FALSE;
  return TRUE;
}

/* The database crashes and comes back: the servers connect again and
 * read the rows for what they missed.  Chat said while it was away
 * arrives after, players who came meanwhile are seen, and one who left
 * meanwhile is gone. */
static void
test_database_restart (Fixture       *fixture,
                       gconstpointer  data)
{
  Member *a = &fixture->members[0], *b = &fixture->members[1];
  g_autoptr(MmTestClient) alice = mm_test_client_login (a->port, "Alice");
  g_autoptr(MmTestClient) bob = mm_test_client_login (b->port, "Bob");
  g_autoptr(MmTestClient) fred = mm_test_client_login (a->port, "Fred");
  g_autoptr(MmTestClient) eve = NULL;
  g_autoptr(MmTestClient) late = NULL;
  g_autoptr(JsonObject) degraded = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (sees (b->cluster, "Alice", TRUE, 10));
  g_assert_true (sees (b->cluster, "Fred", TRUE, 10));
  g_assert_true (sees (a->cluster, "Bob", TRUE, 10));
  subscribe (bob, "chat");
  subscribe (alice, "chat");

  g_assert_true (mm_test_pg_crash (&error));
  g_assert_no_error (error);
  /* Each server finds its connection gone, at the latest at its next
   * heartbeat, and tries again meanwhile; its players are told. */
  g_assert_true (run_until (none_connected, fixture, 10));
  degraded = await_type (alice, "server-degraded");
  g_assert_true (json_object_get_boolean_member (degraded, "degraded"));
  /* One who comes in meanwhile is told too. */
  late = mm_test_client_login (b->port, "Late");
  g_clear_pointer (&degraded, json_object_unref);
  degraded = await_type (late, "server-degraded");
  g_assert_true (json_object_get_boolean_member (degraded, "degraded"));
  say (alice, "while the database was away");
  expect_said (alice, "Alice", "while the database was away");
  eve = mm_test_client_login (a->port, "Eve");
  mm_test_client_send_line (fred, "{\"type\":\"logout\",\"id\":\"bye\"}");
  mm_test_run_for (300);

  g_assert_true (mm_test_pg_start_again (&error));
  g_assert_no_error (error);
  g_assert_true (run_until (all_connected, fixture, 20));
  g_clear_pointer (&degraded, json_object_unref);
  degraded = await_type (late, "server-degraded");
  g_assert_false (json_object_get_boolean_member (degraded, "degraded"));
  expect_said (bob, "Alice", "while the database was away");
  g_assert_true (sees (b->cluster, "Eve", TRUE, 10));
  g_assert_true (sees (b->cluster, "Fred", FALSE, 10));
  g_assert_true (sees (b->cluster, "Alice", TRUE, 1));
  say (bob, "after");
  expect_said (bob, "Bob", "after");
  expect_said (alice, "Bob", "after");
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
test_referee_killed (Fixture       *fixture,
                     gconstpointer  data)
{
  Member *b = &fixture->members[1];
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
  program = program_start (fixture->conninfo, GRACE_S);
  dora = mm_test_client_login (program->port, "Dora");
  eve = mm_test_client_login (program->port, "Eve");
  dora_token = g_strdup (dora->token);
  eve_token = g_strdup (eve->token);
  g_assert_true (sees (b->cluster, "Dora", TRUE, 10));
  /* The welcome lists the four servers once each has been heard. */
  mm_test_run_for (1500);
  g_assert_cmpuint (count_welcome_servers (b->port), ==, N_SERVERS + 1);
  g_assert_cmpuint (count_welcome_servers (program->port), ==, N_SERVERS + 1);

  /* Ten minutes a side: the clock of the player to move runs on while
   * the game has no referee. */
  game = start_game (dora, eve, 600);
  clients[MM_COLOR_BLACK] = dora;
  clients[MM_COLOR_WHITE] = eve;
  for (int ply = 0; ply < 5; ply++)
    {
      play_lowest (rules, clients, game);
      n_moves++;
    }

  g_subprocess_send_signal (program->process, SIGKILL);
  g_subprocess_wait (program->process, NULL, NULL);
  g_clear_pointer (&dora, mm_test_client_free);
  g_clear_pointer (&eve, mm_test_client_free);

  dora = resume_somewhere_else (b->port, dora_token, &refusals);
  g_test_message ("Dora's session taken up after %u refusals", refusals);
  dora_state = await_type (dora, "game-state");
  g_assert_cmpstr (json_object_get_string_member (dora_state, "game"), ==, game);
  eve = resume_somewhere_else (b->port, eve_token, &refusals);
  eve_state = await_type (eve, "game-state");
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
      play_lowest (rules, clients, game);
      n_moves++;
    }
  json_object_unref (await_type (dora, "game-ended"));
  json_object_unref (await_type (eve, "game-ended"));
  stored = ended_game (fixture, game);
  g_assert_cmpuint (stored->moves->len, ==, n_moves);
  g_assert_nonnull (stored->winner);
}

/* The referee is only paused (SIGSTOP) past the time it takes to be
 * counted dead: its players resume on another server, which takes the
 * game up; when it runs again it lets go of what was taken, so that the
 * game is refereed once and ends on the board, not by the paused
 * server's idea that its players abandoned it. */
static void
test_referee_paused (Fixture       *fixture,
                     gconstpointer  data)
{
  Member *b = &fixture->members[1], *c = &fixture->members[2];
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
  program = program_start (fixture->conninfo, GRACE_S);
  dora = mm_test_client_login (program->port, "Dora");
  eve = mm_test_client_login (program->port, "Eve");
  dora_token = g_strdup (dora->token);
  eve_token = g_strdup (eve->token);
  g_assert_true (sees (b->cluster, "Dora", TRUE, 10));
  game = start_game (dora, eve, 0);
  clients[MM_COLOR_BLACK] = dora;
  clients[MM_COLOR_WHITE] = eve;
  for (int ply = 0; ply < 4; ply++)
    {
      play_lowest (rules, clients, game);
      n_moves++;
    }

  /* The players gone before it stops, so that their grace runs out while
   * it is stopped: it must not end their game when it runs again. */
  g_clear_pointer (&dora, mm_test_client_free);
  g_clear_pointer (&eve, mm_test_client_free);
  for (guint i = 0; i < 2; i++)
    {
      Saying saying = { program, i == 0 ? "Dora away" : "Eve away" };

      g_assert_true (run_until (program_said, &saying, 5));
    }
  g_subprocess_send_signal (program->process, SIGSTOP);
  dora = resume_somewhere_else (b->port, dora_token, &refusals);
  json_object_unref (await_type (dora, "game-state"));
  eve = resume_somewhere_else (b->port, eve_token, &refusals);
  json_object_unref (await_type (eve, "game-state"));

  /* It runs again, and has time to end its copies of the sessions (its
   * grace period) if it did not let go of them. */
  g_subprocess_send_signal (program->process, SIGCONT);
  mm_test_run_for ((GRACE_S + 3) * 1000);
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
      play_lowest (rules, clients, game);
      n_moves++;
    }
  json_object_unref (await_type (dora, "game-ended"));
  stored = ended_game (fixture, game);
  g_assert_cmpuint (stored->moves->len, ==, n_moves);
  g_assert_cmpstr (stored->reason, ==, "board");
}

/* A transaction of the test's own that locks @table against every
 * other use, reads included, until it ends (at most @seconds idle). */
static PGconn *
lock_table (Fixture    *fixture,
            const char *table,
            guint       seconds)
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

/* The referee is paused past being counted dead while a move's insert
 * waits in the database, and the insert is done meanwhile.  When it
 * runs again it is in doubt (it may have been counted dead, its games
 * taken up) until it has asked the database what the others took up,
 * and the test holds that question back (a lock on the lists of games
 * it reads), so that the commit's answer certainly comes while it is in
 * doubt: the move waits, as an end would, and once the server knows the
 * game is still its own it is played and told once, and kept once. */
static void
test_kept_while_paused (Fixture       *fixture,
                        gconstpointer  data)
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
  program = program_start (fixture->conninfo, GRACE_S);
  waits.program = program;
  dora = mm_test_client_login (program->port, "Dora");
  eve = mm_test_client_login (program->port, "Eve");
  game = start_game (dora, eve, 0);
  drain (dora);
  mm_square_format (__builtin_ctzll (mm_game_get_legal_moves (rules)), square);

  held = hold_game_row (fixture, game, 20);
  mm_test_client_send_printf (dora, "{\"type\":\"move\",\"id\":\"m\",\"game\":\"%s\","
                                    "\"square\":\"%s\"}", game, square);
  g_assert_true (mm_test_client_is_quiet (dora, 300));
  g_subprocess_send_signal (program->process, SIGSTOP);
  mm_test_run_for (MM_CLUSTER_DEAD_AFTER_MS + 1000);
  /* Kept while the referee is stopped: the database has the move, and
   * has answered, before the referee wakes. */
  release_game_row (held);
  wait_for_stored_moves (fixture, game, 1);
  lists = lock_table (fixture, "shared_entries", 20);
  g_subprocess_send_signal (program->process, SIGCONT);

  /* In doubt, the move waits: not told. */
  g_assert_true (run_until (program_said, &waits, 10));
  g_assert_true (mm_test_client_is_quiet (dora, 300));
  g_assert_true (mm_test_client_is_quiet (eve, 0));
  release_game_row (lists);

  mm_test_client_expect_reply (dora, "ok", "m");
  moved = mm_test_client_expect (dora, "moved", 10);
  g_assert_cmpstr (json_object_get_string_member (moved, "square"), ==, square);
  json_object_unref (await_type (eve, "moved"));
  g_assert_true (mm_test_client_is_quiet (dora, 300));
  stored = stored_game (fixture, game);
  g_assert_cmpuint (stored->moves->len, ==, 1);
  g_assert_null (stored->winner);
}

static void
logged_in_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (mm_lobby_client_log_in_finish (MM_LOBBY_CLIENT (source), result, &error));
  g_assert_no_error (error);
  *(gboolean *) data = TRUE;
}

static gboolean
is_true (gpointer data)
{
  return *(gboolean *) data;
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
test_client_moves_on (Fixture       *fixture,
                      gconstpointer  data)
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
  mm_lobby_client_log_in_async (client, "Finn", NULL, FALSE, NULL, logged_in_cb, &logged_in);
  g_assert_true (run_until (is_true, &logged_in, 10));
  g_assert_true (sees (fixture->members[0].cluster, "Finn", TRUE, 10));

  g_subprocess_send_signal (program->process, SIGKILL);
  g_assert_true (run_until (client_reconnecting, client, 10));
  moved.client = client;
  moved.away_from = program->port;
  g_assert_true (run_until (client_moved_on, &moved, 30));
  /* The same session: the same name, and the lobby sees it on the
   * server it moved to. */
  g_assert_cmpstr (mm_lobby_client_get_name (client), ==, "Finn");
  g_test_message ("Finn moved on to port %u", mm_lobby_client_get_port (client));
  for (guint i = 0; i < N_SERVERS; i++)
    if (fixture->members[i].port != mm_lobby_client_get_port (client))
      g_assert_true (sees (fixture->members[i].cluster, "Finn", TRUE, 10));
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *conninfo = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  if ((conninfo = mm_test_pg_start (&error)) == NULL)
    {
      g_printerr ("No PostgreSQL for the tests: %s\n", error->message);
      return 77;
    }
  g_test_add ("/cluster/one-lobby", Fixture, NULL, fixture_set_up, test_one_lobby,
              fixture_tear_down);
  g_test_add ("/cluster/game-across-servers", Fixture, NULL, fixture_set_up,
              test_game_across_servers, fixture_tear_down);
  g_test_add ("/cluster/challenge-across-servers", Fixture, NULL, fixture_set_up,
              test_challenge_across_servers, fixture_tear_down);
  g_test_add ("/cluster/database-restart-mid-game", Fixture, NULL, fixture_set_up,
              test_database_restart_mid_game, fixture_tear_down);
  g_test_add ("/cluster/slow-commit", Fixture, NULL, fixture_set_up, test_slow_commit,
              fixture_tear_down);
  g_test_add ("/cluster/clock-during-slow-commit", Fixture, NULL, fixture_set_up,
              test_clock_during_slow_commit, fixture_tear_down);
  g_test_add ("/cluster/gone-while-kept", Fixture, NULL, fixture_set_up, test_gone_while_kept,
              fixture_tear_down);
  g_test_add ("/cluster/kept-answer-lost", Fixture, NULL, fixture_set_up,
              test_kept_answer_lost, fixture_tear_down);
  g_test_add ("/cluster/status-across-servers", Fixture, NULL, fixture_set_up,
              test_status_across_servers, fixture_tear_down);
  g_test_add ("/cluster/rating-period-once", Fixture, RATING_PERIODS, fixture_set_up,
              test_rating_period_once, fixture_tear_down);
  g_test_add ("/cluster/relayed-twice", Fixture, NULL, fixture_set_up, test_relayed_twice,
              fixture_tear_down);
  g_test_add ("/cluster/referee-killed", Fixture, NULL, fixture_set_up, test_referee_killed,
              fixture_tear_down);
  g_test_add ("/cluster/referee-paused", Fixture, NULL, fixture_set_up, test_referee_paused,
              fixture_tear_down);
  g_test_add ("/cluster/kept-while-paused", Fixture, NULL, fixture_set_up,
              test_kept_while_paused, fixture_tear_down);
  g_test_add ("/cluster/client-moves-on", Fixture, NULL, fixture_set_up, test_client_moves_on,
              fixture_tear_down);
  g_test_add ("/cluster/server-killed", Fixture, NULL, fixture_set_up, test_server_killed,
              fixture_tear_down);
  g_test_add ("/cluster/database-restart", Fixture, NULL, fixture_set_up, test_database_restart,
              fixture_tear_down);
  status = g_test_run ();
  mm_test_pg_stop ();
  return status;
}
