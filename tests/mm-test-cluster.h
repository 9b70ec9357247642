/* mm-test-cluster.h
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

#pragma once

#include <libpq-fe.h>

#include "mm-game.h"
#include "mm-lobby-server.h"
#include "mm-test-client.h"

G_BEGIN_DECLS

/* The cluster tests' fixture: three servers in the test's process on one
 * new database of the throwaway PostgreSQL cluster (mm-test-pg.h), each
 * on its own port of 127.0.0.1 and joined to the others, their logs in
 * the test's output.  A test program adds its tests with this fixture
 * (mm_test_cluster_add()) and runs them with mm_test_cluster_run(),
 * which starts the PostgreSQL cluster. */

#define MM_TEST_CLUSTER_N_SERVERS 3
/* A dead server's players are gone after this; the cluster counts a
 * server dead after the same, at least three heartbeats. */
#define MM_TEST_CLUSTER_GRACE_S 3

typedef struct
{
  MmLobbyServer  *server;
  MmLobbyCluster *cluster;
  guint16         port;
  char            id[16];
} MmTestClusterMember;

typedef struct
{
  char                *conninfo;
  MmTestClusterMember  members[MM_TEST_CLUSTER_N_SERVERS];
} MmTestClusterFixture;

/* A fixture's data: servers that rate in periods of an hour, the first
 * ending a few seconds after they start; NULL for a game a period. */
extern const char mm_test_cluster_rating_periods[];
#define MM_TEST_CLUSTER_RATING_PERIODS ((gconstpointer) mm_test_cluster_rating_periods)
#define MM_TEST_CLUSTER_PERIOD_S 3600
#define MM_TEST_CLUSTER_PERIOD_ENDS_IN_S 8

typedef void (*MmTestClusterFunc) (MmTestClusterFixture *fixture,
                                   gconstpointer         data);

void          mm_test_cluster_add              (const char            *path,
                                                gconstpointer          data,
                                                MmTestClusterFunc      test);
int           mm_test_cluster_run              (void);
void          mm_test_cluster_set_up           (MmTestClusterFixture  *fixture,
                                                gconstpointer          data);
void          mm_test_cluster_tear_down        (MmTestClusterFixture  *fixture,
                                                gconstpointer          data);
/* One server stopped in the middle of a test; the tear-down stops the
 * others. */
void          mm_test_cluster_member_stop      (MmTestClusterMember   *member);

/* Waits, running the main loop; FALSE when the time ran out. */
gboolean      mm_test_cluster_run_until        (gboolean             (*done) (gpointer),
                                                gpointer               data,
                                                guint                  seconds);
/* For mm_test_cluster_run_until(), with the fixture: all its servers
 * (none of them) on the database. */
gboolean      mm_test_cluster_all_connected    (gpointer               data);
gboolean      mm_test_cluster_none_connected   (gpointer               data);
/* For mm_test_cluster_run_until(), with a gboolean that
 * mm_test_cluster_logged_in_cb() (for mm_lobby_client_log_in_async())
 * sets. */
gboolean      mm_test_cluster_is_true          (gpointer               data);
void          mm_test_cluster_logged_in_cb     (GObject               *source,
                                                GAsyncResult          *result,
                                                gpointer               data);

/* The lobby as the servers and their players see it. */
gboolean      mm_test_cluster_sees             (MmLobbyCluster        *cluster,
                                                const char            *name,
                                                gboolean               present,
                                                guint                  seconds);
JsonObject   *mm_test_cluster_next_of_type     (MmTestClient          *client,
                                                const char            *type,
                                                guint                  seconds);
char         *mm_test_cluster_next_change_of   (MmTestClient          *client,
                                                const char            *name,
                                                guint                  seconds);
GHashTable   *mm_test_cluster_read_snapshot_of (MmTestClient          *client,
                                                const char            *topic);
/* The players' snapshot. */
GHashTable   *mm_test_cluster_read_snapshot    (MmTestClient          *client);
void          mm_test_cluster_subscribe        (MmTestClient          *client,
                                                const char            *topic);
/* Said in the lobby's chat, and the server's "ok" for it. */
void          mm_test_cluster_say              (MmTestClient          *client,
                                                const char            *text);
/* The next chat message: from @from, @text. */
void          mm_test_cluster_expect_said      (MmTestClient          *client,
                                                const char            *from,
                                                const char            *text);

/* Games, as their players are told them and as the database keeps them. */
JsonObject   *mm_test_cluster_await_type       (MmTestClient          *client,
                                                const char            *type);
/* The next "moved": of @square. */
void          mm_test_cluster_await_move       (MmTestClient          *client,
                                                const char            *square);
char         *mm_test_cluster_start_game_full  (MmTestClient          *black,
                                                MmTestClient          *white,
                                                guint                  base_s,
                                                gboolean               rated);
/* An unrated game. */
char         *mm_test_cluster_start_game       (MmTestClient          *black,
                                                MmTestClient          *white,
                                                guint                  base_s);
void          mm_test_cluster_play_lowest      (MmGame                *rules,
                                                MmTestClient         **clients,
                                                const char            *game);
MmStoredGame *mm_test_cluster_stored_game      (MmTestClusterFixture  *fixture,
                                                const char            *id);
MmStoredGame *mm_test_cluster_ended_game       (MmTestClusterFixture  *fixture,
                                                const char            *id);
PGconn       *mm_test_cluster_hold_game_row    (MmTestClusterFixture  *fixture,
                                                const char            *id,
                                                guint                  seconds);
/* The transaction rolled back, and its connection closed. */
void          mm_test_cluster_release_game_row (PGconn                *conn);
void          mm_test_cluster_drain            (MmTestClient          *client);

G_END_DECLS
