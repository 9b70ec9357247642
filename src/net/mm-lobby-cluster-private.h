/* mm-lobby-cluster-private.h
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

/* What the two halves of MmLobbyCluster share: the object's fields,
 * its one queue of statements, and the SQL both write with.
 * mm-lobby-cluster.c holds the object, its connection, presence, the
 * chat and the heartbeat; mm-lobby-cluster-entries.c the other
 * servers' seeks and games, which it keeps and tells of here. */

#include <json-glib/json-glib.h>
#include <libpq-fe.h>

#include "mm-lobby-cluster.h"
#include "mm-cluster-relay.h"
#include "mm-pg-pipeline.h"

G_BEGIN_DECLS

#define CHANNEL "monomachia_lobby"
/* The database's clock, the one every server reads. */
#define NOW_MS "(extract(epoch FROM clock_timestamp()) * 1000)::bigint"
/* An existing row of @table this server may write over: its own, one
 * gone, or one of a server dead for the others (@dead_after ms without a
 * heartbeat).  A server that was only paused, and whose players and
 * games were taken up meanwhile, does not take them back. */
#define MINE_TO_WRITE(table, dead_after) \
  "(" table ".server = EXCLUDED.server OR " table ".gone OR NOT EXISTS" \
  " (SELECT 1 FROM cluster_servers c WHERE c.id = " table ".server" \
  "  AND c.seen > " NOW_MS " - " dead_after "))"

struct _MmLobbyCluster
{
  GObject       parent_instance;

  char         *conninfo;
  char         *server_id;
  char         *address;
  guint         grace_s;

  /* The cluster's own connection, its statements pipelined */
  MmPgPipeline *pipeline;
  guint         heartbeat_source;
  guint         heartbeats;
  /* When the last heartbeat was written (monotonic), 0 before the first */
  gint64        last_beat_us;
  /* key → MmClusterPlayer: the other servers' players */
  GHashTable   *players;
  /* The last chat line read; -1 until the first connection says */
  gint64        last_chat_id;
  /* Ids above last_chat_id told already (a notification and the
   * catch-up after a new connection may name the same line) */
  GHashTable   *chat_told;
  /* kind → (id → Entry): the other servers' seeks and games
   * (mm-lobby-cluster-entries.c) */
  GHashTable   *entries;
  /* id → Member: the servers as the last heartbeat read them */
  GHashTable   *members;
  /* Messages between servers */
  MmClusterRelay *relay;
};

/* mm-lobby-cluster.c */
void      mm_lobby_cluster_queue_full           (MmLobbyCluster    *self,
                                                 const char        *sql,
                                                 MmPgDone           done,
                                                 MmPgFailed         failed,
                                                 gpointer           data,
                                                 gboolean           kept,
                                                 guint              n_values,
                                                 const char *const *values);
void      mm_lobby_cluster_queue_command        (MmLobbyCluster    *self,
                                                 const char        *sql,
                                                 MmPgDone           done,
                                                 gboolean           kept,
                                                 guint              n_values,
                                                 const char *const *values);
gboolean  mm_lobby_cluster_is_connected         (MmLobbyCluster    *self);
char     *mm_lobby_cluster_grace_text           (MmLobbyCluster    *self);
void      mm_lobby_cluster_emit_entry_changed   (MmLobbyCluster    *self,
                                                 const char        *kind,
                                                 const char        *change,
                                                 const char        *id,
                                                 JsonObject        *body);

/* Queues @sql with the values that follow (text; NULL is SQL's NULL),
 * its result given to @done with the cluster. */
#define QUEUE(self, sql, done, kept, ...) \
  G_STMT_START { \
    const char *const values_[] = { NULL, __VA_ARGS__ }; \
    mm_lobby_cluster_queue_command ((self), (sql), (done), (kept), \
                                    G_N_ELEMENTS (values_) - 1, values_ + 1); \
  } G_STMT_END

/* mm-lobby-cluster-entries.c */
void      mm_lobby_cluster_entry_notified       (MmLobbyCluster    *self,
                                                 const char        *kind_and_id);
void      mm_lobby_cluster_read_entries         (MmLobbyCluster    *self);

G_END_DECLS
