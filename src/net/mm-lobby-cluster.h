/* mm-lobby-cluster.h
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

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* A player present on another server of the cluster, as its row says. */
typedef struct
{
  char    *key;
  char    *name;
  gboolean guest;
  /* "idle", "playing", "watching" or "away" */
  char    *status;
  /* -1 for a guest */
  gint64   rating;
  gint64   deviation;
  /* The id of the server the player is on */
  char    *server;
} MmClusterPlayer;

/* A server not heard for this long is dead for the others: they take
 * up its players' sessions and games (three heartbeats missed). */
#define MM_CLUSTER_DEAD_AFTER_MS 3500

/* The outcome of mm_lobby_cluster_find_taken(): the players' keys and
 * the games' ids that other servers hold now, or NULLs when the
 * database could not say. */
typedef void (*MmClusterTaken) (GPtrArray *players,
                                GPtrArray *games,
                                gpointer   data);

/* The outcome of mm_lobby_cluster_claim_entry(). */
typedef void (*MmClusterClaimed) (const char *id,
                                  gboolean    won,
                                  gpointer    data);

#define MM_TYPE_LOBBY_CLUSTER (mm_lobby_cluster_get_type ())

G_DECLARE_FINAL_TYPE (MmLobbyCluster, mm_lobby_cluster, MM, LOBBY_CLUSTER, GObject)

MmLobbyCluster        *mm_lobby_cluster_new             (const char            *conninfo,
                                                         const char            *server_id,
                                                         const char            *address,
                                                         guint                  grace_s);
const char            *mm_lobby_cluster_get_server_id   (MmLobbyCluster        *self);
gboolean               mm_lobby_cluster_get_connected   (MmLobbyCluster        *self);
const MmClusterPlayer *mm_lobby_cluster_find_player     (MmLobbyCluster        *self,
                                                         const char            *key);
GList                 *mm_lobby_cluster_list_players    (MmLobbyCluster        *self);
void                   mm_lobby_cluster_publish_player  (MmLobbyCluster        *self,
                                                         const MmClusterPlayer *player);
void                   mm_lobby_cluster_withdraw_player (MmLobbyCluster        *self,
                                                         const char            *key);
void                   mm_lobby_cluster_replace_players (MmLobbyCluster        *self,
                                                         GPtrArray             *players);
void                   mm_lobby_cluster_say             (MmLobbyCluster        *self,
                                                         const char            *from_key,
                                                         const char            *from_name,
                                                         const char            *text);

void                   mm_lobby_cluster_share_entry     (MmLobbyCluster        *self,
                                                         const char            *kind,
                                                         const char            *id,
                                                         JsonObject            *body);
void                   mm_lobby_cluster_withdraw_entry  (MmLobbyCluster        *self,
                                                         const char            *kind,
                                                         const char            *id);
void                   mm_lobby_cluster_replace_entries (MmLobbyCluster        *self,
                                                         const char            *kind,
                                                         GHashTable            *entries);
const char            *mm_lobby_cluster_find_entry_server (MmLobbyCluster      *self,
                                                           const char          *kind,
                                                           const char          *id);
GList                 *mm_lobby_cluster_list_entries    (MmLobbyCluster        *self,
                                                         const char            *kind);
void                   mm_lobby_cluster_relay           (MmLobbyCluster        *self,
                                                         const char            *to_server,
                                                         const char            *key,
                                                         JsonObject            *body);

void                   mm_lobby_cluster_claim_entry     (MmLobbyCluster        *self,
                                                         const char            *kind,
                                                         const char            *id,
                                                         JsonObject            *body,
                                                         MmClusterClaimed       claimed,
                                                         gpointer               data);
gboolean               mm_lobby_cluster_server_is_alive (MmLobbyCluster        *self,
                                                         const char            *id);
gboolean               mm_lobby_cluster_is_silent       (MmLobbyCluster        *self);
GStrv                  mm_lobby_cluster_list_addresses  (MmLobbyCluster        *self);
void                   mm_lobby_cluster_find_taken      (MmLobbyCluster        *self,
                                                         GPtrArray             *players,
                                                         GPtrArray             *games,
                                                         MmClusterTaken         taken,
                                                         gpointer               data);

G_END_DECLS
