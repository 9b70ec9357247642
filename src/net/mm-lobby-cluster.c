/* mm-lobby-cluster.c
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

/* One lobby across the servers that share a PostgreSQL database: who is
 * present on the others, and the lobby's chat.  The other servers'
 * seeks and games go the same way, in mm-lobby-cluster-entries.c.
 *
 * The rows are the truth (presence, lobby_chat, shared_entries,
 * cluster_servers); NOTIFY says only which row changed, and is sent by
 * the statement that changed it, so it arrives after the commit.  A
 * server that may have missed notifications (its connection was lost)
 * reads the rows again: every present player, seek and game, and the
 * chat after the last line it had.
 *
 * Everything goes through a connection of its own, in libpq's
 * non-blocking mode and watched by the main loop, so the server never
 * waits for the database here.  Statements queue and are sent one at a
 * time, in order.  Each server writes its heartbeat every second; the
 * players of a server not heard for the grace period are marked gone by
 * whichever server notices first. */

#include "config.h"

#include "mm-lobby-cluster-private.h"

#define HEARTBEAT_MS 1000
/* Chat lines waiting for the database while it is away; the lines
 * after these reach only this server's lobby. */
#define MAX_KEPT 256
/* Chat older than this is pruned from the table. */
#define CHAT_KEPT_MS "3600000"

#define ALIVE_PLAYER_COLUMNS \
  "p.key, p.name, p.guest, p.status, p.rating, p.deviation, p.server" \
  " FROM presence p JOIN cluster_servers s ON s.id = p.server" \
  " WHERE NOT p.gone AND s.seen > " NOW_MS " - $1 * 1000 AND p.server <> $2"

/* Another server of the cluster: where clients reach it, and how long
 * before the read it was last heard. */
typedef struct
{
  char   *address;
  gint64  age_ms;
  gint64  read_us;
} Member;

static void
member_free (Member *member)
{
  g_free (member->address);
  g_free (member);
}

enum { PROP_0, PROP_CONNECTED, N_PROPS };
static GParamSpec *properties[N_PROPS];

enum { PLAYER_CHANGED, SAID, ENTRY_CHANGED, RELAYED, PRESUMED_DEAD, LOG, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MmLobbyCluster, mm_lobby_cluster, G_TYPE_OBJECT)


static void
player_free (MmClusterPlayer *player)
{
  g_free (player->key);
  g_free (player->name);
  g_free (player->status);
  g_free (player->server);
  g_free (player);
}

static void
log_line (MmLobbyCluster *self,
          const char     *format,
          ...) G_GNUC_PRINTF (2, 3);

static void
log_line (MmLobbyCluster *self,
          const char     *format,
          ...)
{
  g_autofree char *line = NULL;
  va_list args;

  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  g_signal_emit (self, signals[LOG], 0, line);
}

/* Queues @sql with its @n_values values (text; NULL is SQL's NULL) on
 * the cluster's connection: @done is given the result, @failed is told
 * if there is none (both with @data).  What was relayed before goes
 * before it: a reply before the news that followed it, as from one
 * server. */
void
mm_lobby_cluster_queue_full (MmLobbyCluster    *self,
                             const char        *sql,
                             MmPgDone           done,
                             MmPgFailed         failed,
                             gpointer           data,
                             gboolean           kept,
                             guint              n_values,
                             const char *const *values)
{
  mm_cluster_relay_flush (self->relay);
  mm_pg_pipeline_queue (self->pipeline, sql, kept, done, failed, data, n_values, values);
}

void
mm_lobby_cluster_queue_command (MmLobbyCluster    *self,
                                const char        *sql,
                                MmPgDone           done,
                                gboolean           kept,
                                guint              n_values,
                                const char *const *values)
{
  mm_lobby_cluster_queue_full (self, sql, done, NULL, self, kept, n_values, values);
}

gboolean
mm_lobby_cluster_is_connected (MmLobbyCluster *self)
{
  return mm_pg_pipeline_get_connected (self->pipeline);
}

char *
mm_lobby_cluster_grace_text (MmLobbyCluster *self)
{
  return g_strdup_printf ("%u", self->grace_s);
}

/* Tells of another server's seek or game: "entry-changed". */
void
mm_lobby_cluster_emit_entry_changed (MmLobbyCluster *self,
                                     const char     *kind,
                                     const char     *change,
                                     const char     *id,
                                     JsonObject     *body)
{
  g_signal_emit (self, signals[ENTRY_CHANGED], 0, kind, change, id, body);
}

/* Presence. */

static MmClusterPlayer *
player_from_row (PGresult *result,
                 int       row)
{
  MmClusterPlayer *player = g_new0 (MmClusterPlayer, 1);

  player->key = g_strdup (PQgetvalue (result, row, 0));
  player->name = g_strdup (PQgetvalue (result, row, 1));
  player->guest = PQgetvalue (result, row, 2)[0] == 't';
  player->status = g_strdup (PQgetvalue (result, row, 3));
  player->rating = PQgetisnull (result, row, 4)
                     ? -1 : g_ascii_strtoll (PQgetvalue (result, row, 4), NULL, 10);
  player->deviation = PQgetisnull (result, row, 5)
                        ? -1 : g_ascii_strtoll (PQgetvalue (result, row, 5), NULL, 10);
  player->server = g_strdup (PQgetvalue (result, row, 6));
  return player;
}

static gboolean
players_equal (const MmClusterPlayer *a,
               const MmClusterPlayer *b)
{
  return g_str_equal (a->name, b->name) && a->guest == b->guest
         && g_str_equal (a->status, b->status) && a->rating == b->rating
         && a->deviation == b->deviation && g_str_equal (a->server, b->server);
}

/* Takes @player as the present state of its key, and tells of it. */
static void
set_player (MmLobbyCluster  *self,
            MmClusterPlayer *player)
{
  MmClusterPlayer *old = g_hash_table_lookup (self->players, player->key);
  const char *change = old == NULL ? "player-added" : "player-changed";

  if (old != NULL && players_equal (old, player))
    {
      player_free (player);
      return;
    }
  g_hash_table_replace (self->players, player->key, player);
  g_signal_emit (self, signals[PLAYER_CHANGED], 0, change, player);
}

static void
remove_player (MmLobbyCluster *self,
               const char     *key)
{
  MmClusterPlayer *player = NULL;
  gpointer stolen_key = NULL;

  if (!g_hash_table_steal_extended (self->players, key, &stolen_key, (gpointer *) &player))
    return;
  g_signal_emit (self, signals[PLAYER_CHANGED], 0, "player-removed", player);
  player_free (player);
}

/* One player's row, after a notification: none when the player left or
 * is on this server now. */
static void
player_read (PGresult  *result,
             GPtrArray *values,
             gpointer   data)
{
  MmLobbyCluster *self = data;
  if (PQntuples (result) == 1)
    set_player (self, player_from_row (result, 0));
  else
    remove_player (self, g_ptr_array_index (values, 2));
}

/* Every present player, after a new connection: those not among them
 * left while this server was not listening. */
static void
players_read (PGresult  *result,
              GPtrArray *values,
              gpointer   data)
{
  MmLobbyCluster *self = data;
  g_autoptr(GHashTable) present = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GList) keys = NULL;

  for (int row = 0; row < PQntuples (result); row++)
    {
      MmClusterPlayer *player = player_from_row (result, row);

      g_hash_table_add (present, g_strdup (player->key));
      set_player (self, player);
    }
  keys = g_hash_table_get_keys (self->players);
  for (GList *l = keys; l != NULL; l = l->next)
    if (!g_hash_table_contains (present, l->data))
      remove_player (self, l->data);
}

/* Chat. */

#define CHAT_COLUMNS "id, server, from_key, from_name, text"
/* Lines told above the watermark kept before it moves up: the ids are
 * handed out in order but may commit a little out of it. */
#define MAX_TOLD 4096

static void
raise_watermark (MmLobbyCluster *self,
                 gint64          last)
{
  GHashTableIter iter;
  gpointer key;

  self->last_chat_id = MAX (self->last_chat_id, last);
  g_hash_table_iter_init (&iter, self->chat_told);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (*(gint64 *) key <= self->last_chat_id)
      g_hash_table_iter_remove (&iter);
}

/* Tells the lines of @result that were said on other servers, each
 * once; the highest id of them. */
static gint64
tell_lines (MmLobbyCluster *self,
            PGresult       *result)
{
  gint64 highest = -1;

  for (int row = 0; row < PQntuples (result); row++)
    {
      gint64 id = g_ascii_strtoll (PQgetvalue (result, row, 0), NULL, 10);

      highest = MAX (highest, id);
      if (id <= self->last_chat_id || g_hash_table_contains (self->chat_told, &id))
        continue;
      g_hash_table_add (self->chat_told, g_memdup2 (&id, sizeof id));
      if (!g_str_equal (PQgetvalue (result, row, 1), self->server_id))
        g_signal_emit (self, signals[SAID], 0, PQgetvalue (result, row, 2),
                       PQgetvalue (result, row, 3), PQgetvalue (result, row, 4));
    }
  if (g_hash_table_size (self->chat_told) > MAX_TOLD)
    raise_watermark (self, highest - MAX_TOLD / 2);
  return highest;
}

/* A line a notification named. */
static void
line_read (PGresult  *result,
           GPtrArray *values,
           gpointer   data)
{
  MmLobbyCluster *self = data;
  tell_lines (self, result);
}

/* The lines after the watermark, read after a new connection: all of
 * them up to the last were committed when it was read. */
static void
lines_missed_read (PGresult  *result,
                   GPtrArray *values,
                   gpointer   data)
{
  MmLobbyCluster *self = data;
  raise_watermark (self, tell_lines (self, result));
}

/* The first connection starts the chat at its last line. */
static void
last_line_read (PGresult  *result,
                GPtrArray *values,
                gpointer   data)
{
  MmLobbyCluster *self = data;
  if (self->last_chat_id < 0 && PQntuples (result) == 1)
    raise_watermark (self, g_ascii_strtoll (PQgetvalue (result, 0, 0), NULL, 10));
}

static void
handle_notification (MmLobbyCluster *self,
                     const char     *payload)
{
  g_autofree char *grace = mm_lobby_cluster_grace_text (self);

  if (g_str_has_prefix (payload, "p "))
    QUEUE (self, "SELECT " ALIVE_PLAYER_COLUMNS " AND p.key = $3", player_read, FALSE,
           grace, self->server_id, payload + 2);
  else if (g_str_has_prefix (payload, "c "))
    QUEUE (self, "SELECT " CHAT_COLUMNS " FROM lobby_chat WHERE id = $1", line_read, FALSE,
           payload + 2);
  else if (g_str_has_prefix (payload, "e "))
    mm_lobby_cluster_entry_notified (self, payload + 2);
  else if (g_str_has_prefix (payload, "r "))
    {
      g_auto(GStrv) parts = g_strsplit (payload + 2, " ", 2);

      /* Every server hears every relay; each takes its own, all that
       * waits at once. */
      if (g_strv_length (parts) == 2 && g_str_equal (parts[0], self->server_id))
        mm_cluster_relay_fetch (self->relay);
    }
}

static void
members_read (PGresult  *result,
              GPtrArray *values,
              gpointer   data)
{
  MmLobbyCluster *self = data;
  gint64 now = g_get_monotonic_time ();

  g_hash_table_remove_all (self->members);
  for (int row = 0; row < PQntuples (result); row++)
    {
      Member *member = g_new0 (Member, 1);

      member->address = g_strdup (PQgetvalue (result, row, 1));
      member->age_ms = g_ascii_strtoll (PQgetvalue (result, row, 2), NULL, 10);
      member->read_us = now;
      g_hash_table_insert (self->members, g_strdup (PQgetvalue (result, row, 0)), member);
    }
}

/* The heartbeat: this server is alive, and the players of servers not
 * heard for the grace period are gone (each told once: the UPDATE that
 * marks them sends the notification). */
static gboolean
heartbeat_cb (gpointer data)
{
  MmLobbyCluster *self = data;
  g_autofree char *grace = mm_lobby_cluster_grace_text (self);
  gint64 now = g_get_monotonic_time ();
  gint64 silence_us;

  if (!mm_lobby_cluster_is_connected (self))
    return G_SOURCE_CONTINUE;
  /* Silent long enough for the others to count this server dead (it was
   * paused, or could not reach the database): they may have taken up
   * its players and games meanwhile. */
  silence_us = self->last_beat_us != 0 ? now - self->last_beat_us : 0;
  self->last_beat_us = now;
  if (silence_us > (gint64) MM_CLUSTER_DEAD_AFTER_MS * 1000)
    {
      log_line (self, "cluster: silent for %" G_GINT64_FORMAT " ms, long enough to be counted "
                "dead: finding what the others took up", silence_us / 1000);
      g_signal_emit (self, signals[PRESUMED_DEAD], 0);
    }
  QUEUE (self,
         "INSERT INTO cluster_servers (id, address, seen) VALUES ($1, $2, " NOW_MS ")"
         " ON CONFLICT (id) DO UPDATE SET address = EXCLUDED.address, seen = EXCLUDED.seen",
         NULL, FALSE, self->server_id, self->address);
  QUEUE (self,
         "WITH gone AS (UPDATE presence SET gone = TRUE WHERE NOT gone AND server IN"
         " (SELECT id FROM cluster_servers WHERE seen < " NOW_MS " - $1 * 1000)"
         " RETURNING key)"
         " SELECT pg_notify('" CHANNEL "', 'p ' || key) FROM gone",
         NULL, FALSE, grace);
  QUEUE (self,
         "WITH gone AS (UPDATE shared_entries SET gone = TRUE WHERE NOT gone AND server IN"
         " (SELECT id FROM cluster_servers WHERE seen < " NOW_MS " - $1 * 1000)"
         " RETURNING kind, id)"
         " SELECT pg_notify('" CHANNEL "', 'e ' || kind || ' ' || id) FROM gone",
         NULL, FALSE, grace);
  QUEUE (self,
         "DELETE FROM relay WHERE to_server IN"
         " (SELECT id FROM cluster_servers WHERE seen < " NOW_MS " - $1 * 1000)",
         NULL, FALSE, grace);
  mm_lobby_cluster_queue_command (self,
                                  "SELECT id, address, " NOW_MS " - seen FROM cluster_servers"
                                  " WHERE seen > " NOW_MS " - 86400000",
                                  members_read, FALSE, 0, NULL);
  if (self->heartbeats++ % 60 == 0)
    mm_lobby_cluster_queue_command (self,
                                    "DELETE FROM lobby_chat WHERE at < " NOW_MS " - " CHAT_KEPT_MS,
                                    NULL, FALSE, 0, NULL);
  return G_SOURCE_CONTINUE;
}

/* Whether this server has not beaten for long enough to be counted dead
 * by the others: it was paused, or has no database.  What it does then
 * on its own (a player's grace running out, a clock falling) waits
 * until it knows what the others took up meanwhile. */
gboolean
mm_lobby_cluster_is_silent (MmLobbyCluster *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_CLUSTER (self), FALSE);

  return self->last_beat_us != 0
         && g_get_monotonic_time () - self->last_beat_us
            > (gint64) MM_CLUSTER_DEAD_AFTER_MS * 1000;
}

static void
relayed_cb (MmClusterRelay *relay,
            const char     *from_server,
            const char     *key,
            JsonObject     *body,
            MmLobbyCluster *self)
{
  g_signal_emit (self, signals[RELAYED], 0, from_server, key, body);
}

/* A new connection: listening, this server's heartbeat, then every
 * player, seek and game, the messages waiting and the chat missed;
 * before the statements that waited for it. */
static void
opened_cb (MmPgPipeline   *pipeline,
           MmLobbyCluster *self)
{
  g_autofree char *grace = mm_lobby_cluster_grace_text (self);
  g_autofree char *last = g_strdup_printf ("%" G_GINT64_FORMAT, self->last_chat_id);

  /* Presence, chat, the lists and the heartbeat are the lobby's passing
   * state, written again and again: their commits need not wait for the
   * disk (a crash of the database loses at most its last fraction of a
   * second of them).  Relayed messages set it back for their own
   * transactions; the moves, the games' ends, sessions and accounts go
   * through the store, whose commits wait. */
  mm_lobby_cluster_queue_command (self, "SET synchronous_commit = off", NULL, FALSE, 0, NULL);
  mm_lobby_cluster_queue_command (self, "LISTEN " CHANNEL, NULL, FALSE, 0, NULL);
  heartbeat_cb (self);
  QUEUE (self, "SELECT " ALIVE_PLAYER_COLUMNS, players_read, FALSE, grace, self->server_id);
  mm_lobby_cluster_read_entries (self);
  mm_cluster_relay_restart (self->relay);
  if (self->last_chat_id < 0)
    mm_lobby_cluster_queue_command (self, "SELECT COALESCE(max(id), 0) FROM lobby_chat",
                                    last_line_read, FALSE, 0, NULL);
  else
    QUEUE (self, "SELECT " CHAT_COLUMNS " FROM lobby_chat WHERE id > $1 ORDER BY id LIMIT 1000",
           lines_missed_read, FALSE, last);
  log_line (self, "cluster: joined as %s", self->server_id);
}

/* Told after what was queued when the connection opened, so that this
 * server's own players are written after the reads. */
static void
connected_cb (MmPgPipeline   *pipeline,
              GParamSpec     *pspec,
              MmLobbyCluster *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONNECTED]);
}

static void
notified_cb (MmPgPipeline   *pipeline,
             const char     *payload,
             MmLobbyCluster *self)
{
  handle_notification (self, payload);
}

static void
pipeline_log_cb (MmPgPipeline   *pipeline,
                 const char     *line,
                 MmLobbyCluster *self)
{
  log_line (self, "cluster: %s", line);
}

/* Public. */

/* Joins the cluster on the database @conninfo names (which the store's
 * migrations have brought to the current schema), as @server_id,
 * reached by clients at @address; a server not heard for @grace_s
 * seconds loses its players.  The connection is made in the
 * background, and made again whenever it is lost. */
MmLobbyCluster *
mm_lobby_cluster_new (const char *conninfo,
                      const char *server_id,
                      const char *address,
                      guint       grace_s)
{
  MmLobbyCluster *self;

  g_return_val_if_fail (conninfo != NULL && server_id != NULL && address != NULL, NULL);

  self = g_object_new (MM_TYPE_LOBBY_CLUSTER, NULL);
  self->conninfo = g_strdup (conninfo);
  self->server_id = g_strdup (server_id);
  self->address = g_strdup (address);
  /* A server is late by a heartbeat or two before it is dead. */
  self->grace_s = MAX (grace_s, 3);
  self->heartbeat_source = g_timeout_add (HEARTBEAT_MS, heartbeat_cb, self);
  self->pipeline = mm_pg_pipeline_new (conninfo);
  g_signal_connect (self->pipeline, "opened", G_CALLBACK (opened_cb), self);
  g_signal_connect (self->pipeline, "notified", G_CALLBACK (notified_cb), self);
  g_signal_connect (self->pipeline, "log", G_CALLBACK (pipeline_log_cb), self);
  g_signal_connect (self->pipeline, "notify::connected", G_CALLBACK (connected_cb), self);
  self->relay = mm_cluster_relay_new (self->pipeline, server_id);
  g_signal_connect (self->relay, "relayed", G_CALLBACK (relayed_cb), self);
  return self;
}

const char *
mm_lobby_cluster_get_server_id (MmLobbyCluster *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_CLUSTER (self), NULL);
  return self->server_id;
}

gboolean
mm_lobby_cluster_get_connected (MmLobbyCluster *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_CLUSTER (self), FALSE);
  return mm_lobby_cluster_is_connected (self);
}

/* A player on another server, or NULL. */
const MmClusterPlayer *
mm_lobby_cluster_find_player (MmLobbyCluster *self,
                              const char     *key)
{
  g_return_val_if_fail (MM_IS_LOBBY_CLUSTER (self), NULL);
  return g_hash_table_lookup (self->players, key);
}

/* The players on the other servers: a list to free, of players the
 * cluster keeps. */
GList *
mm_lobby_cluster_list_players (MmLobbyCluster *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_CLUSTER (self), NULL);
  return g_hash_table_get_values (self->players);
}

/* Writes @player, who is on this server, as present (its server member
 * is not read).  While the database is away nothing is written: the
 * next connection writes every player again. */
void
mm_lobby_cluster_publish_player (MmLobbyCluster        *self,
                                 const MmClusterPlayer *player)
{
  g_autofree char *rating = NULL;
  g_autofree char *deviation = NULL;
  g_autofree char *dead_after = g_strdup_printf ("%d", MM_CLUSTER_DEAD_AFTER_MS);

  g_return_if_fail (MM_IS_LOBBY_CLUSTER (self));

  if (!mm_lobby_cluster_is_connected (self))
    return;
  if (player->rating >= 0)
    {
      rating = g_strdup_printf ("%" G_GINT64_FORMAT, player->rating);
      deviation = g_strdup_printf ("%" G_GINT64_FORMAT, player->deviation);
    }
  QUEUE (self,
         "WITH written AS (INSERT INTO presence"
         " (key, name, guest, status, rating, deviation, server, gone)"
         " VALUES ($1, $2, $3, $4, $5, $6, $7, FALSE)"
         " ON CONFLICT (key) DO UPDATE SET name = EXCLUDED.name, guest = EXCLUDED.guest,"
         " status = EXCLUDED.status, rating = EXCLUDED.rating,"
         " deviation = EXCLUDED.deviation, server = EXCLUDED.server, gone = FALSE"
         " WHERE " MINE_TO_WRITE ("presence", "$8")
         " RETURNING key)"
         " SELECT pg_notify('" CHANNEL "', 'p ' || key) FROM written",
         NULL, FALSE, player->key, player->name, player->guest ? "true" : "false",
         player->status, rating, deviation, self->server_id, dead_after);
}

/* Writes @players (MmClusterPlayer) as all this server's players:
 * after a new connection, those who left while it was lost are marked
 * gone and the others written again. */
void
mm_lobby_cluster_replace_players (MmLobbyCluster *self,
                                  GPtrArray      *players)
{
  g_autoptr(JsonArray) keys = json_array_new ();
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_ARRAY);
  g_autofree char *keys_text = NULL;

  g_return_if_fail (MM_IS_LOBBY_CLUSTER (self));

  if (!mm_lobby_cluster_is_connected (self))
    return;
  for (guint i = 0; i < players->len; i++)
    json_array_add_string_element (keys, ((MmClusterPlayer *) players->pdata[i])->key);
  json_node_set_array (node, keys);
  keys_text = json_to_string (node, FALSE);
  QUEUE (self,
         "WITH gone AS (UPDATE presence SET gone = TRUE WHERE server = $1 AND NOT gone"
         " AND key NOT IN (SELECT json_array_elements_text($2::json)) RETURNING key)"
         " SELECT pg_notify('" CHANNEL "', 'p ' || key) FROM gone",
         NULL, FALSE, self->server_id, keys_text);
  for (guint i = 0; i < players->len; i++)
    mm_lobby_cluster_publish_player (self, players->pdata[i]);
}

/* @key, on this server, has left. */
void
mm_lobby_cluster_withdraw_player (MmLobbyCluster *self,
                                  const char     *key)
{
  g_return_if_fail (MM_IS_LOBBY_CLUSTER (self));

  if (!mm_lobby_cluster_is_connected (self))
    return;
  QUEUE (self,
         "WITH gone AS (UPDATE presence SET gone = TRUE"
         " WHERE key = $1 AND server = $2 AND NOT gone RETURNING key)"
         " SELECT pg_notify('" CHANNEL "', 'p ' || key) FROM gone",
         NULL, FALSE, key, self->server_id);
}

/* Sends @body to the server @to_server, about the player @key: it
 * arrives there once, in order, as "relayed"; while the database is
 * away it waits. */
void
mm_lobby_cluster_relay (MmLobbyCluster *self,
                        const char     *to_server,
                        const char     *key,
                        JsonObject     *body)
{
  g_return_if_fail (MM_IS_LOBBY_CLUSTER (self));

  mm_cluster_relay_send (self->relay, to_server, key, body);
}

typedef struct
{
  MmClusterTaken taken;
  gpointer       data;
} TakenQuery;

static void
taken_read (PGresult  *result,
            GPtrArray *values,
            gpointer   data)
{
  TakenQuery *query = data;
  g_autoptr(GPtrArray) players = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) games = g_ptr_array_new_with_free_func (g_free);

  for (int row = 0; row < PQntuples (result); row++)
    g_ptr_array_add (PQgetvalue (result, row, 0)[0] == 'p' ? players : games,
                     g_strdup (PQgetvalue (result, row, 1)));
  query->taken (players, games, query->data);
  g_free (query);
}

static void
taken_failed (GPtrArray *values,
              gpointer   data)
{
  TakenQuery *query = data;

  query->taken (NULL, NULL, query->data);
  g_free (query);
}

static char *
json_list (GPtrArray *strings)
{
  g_autoptr(JsonArray) array = json_array_new ();
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_ARRAY);

  for (guint i = 0; i < strings->len; i++)
    json_array_add_string_element (array, strings->pdata[i]);
  json_node_set_array (node, array);
  return json_to_string (node, FALSE);
}

/* Which of this server's @players (name keys) and @games (ids) other
 * servers hold now: asked after this server was counted dead for a
 * while; @taken is told. */
void
mm_lobby_cluster_find_taken (MmLobbyCluster *self,
                             GPtrArray      *players,
                             GPtrArray      *games,
                             MmClusterTaken  taken,
                             gpointer        data)
{
  g_autofree char *player_list = json_list (players);
  g_autofree char *game_list = json_list (games);
  const char *values[3] = { self->server_id, player_list, game_list };
  TakenQuery *query = g_new (TakenQuery, 1);

  query->taken = taken;
  query->data = data;
  mm_lobby_cluster_queue_full (self,
                               "SELECT 'p', key FROM presence WHERE NOT gone AND server <> $1"
                               " AND key IN (SELECT json_array_elements_text ($2::json))"
                               " UNION ALL SELECT 'g', id FROM shared_entries"
                               " WHERE kind = 'game' AND NOT gone AND server <> $1"
                               " AND id IN (SELECT json_array_elements_text ($3::json))",
                               taken_read, taken_failed, query, FALSE,
                               G_N_ELEMENTS (values), values);
}

/* Whether the server @id is alive: this one, one heard within
 * MM_CLUSTER_DEAD_AFTER_MS at the last heartbeat's reading, or one that
 * reading did not know yet. */
gboolean
mm_lobby_cluster_server_is_alive (MmLobbyCluster *self,
                                  const char     *id)
{
  Member *member;

  g_return_val_if_fail (MM_IS_LOBBY_CLUSTER (self), FALSE);

  /* A server not read yet has just started: its rows were read as
   * those of a living server. */
  if (g_str_equal (id, self->server_id)
      || (member = g_hash_table_lookup (self->members, id)) == NULL)
    return TRUE;
  return member->age_ms + (g_get_monotonic_time () - member->read_us) / 1000
         < MM_CLUSTER_DEAD_AFTER_MS;
}

/* Where clients reach the servers alive, this one first: a list of
 * "host:port" to free. */
GStrv
mm_lobby_cluster_list_addresses (MmLobbyCluster *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  GHashTableIter iter;
  gpointer id, value;

  g_return_val_if_fail (MM_IS_LOBBY_CLUSTER (self), NULL);

  g_strv_builder_add (builder, self->address);
  g_hash_table_iter_init (&iter, self->members);
  while (g_hash_table_iter_next (&iter, &id, &value))
    if (!g_str_equal (id, self->server_id) && mm_lobby_cluster_server_is_alive (self, id))
      g_strv_builder_add (builder, ((Member *) value)->address);
  return g_strv_builder_end (builder);
}

/* A line of the lobby's chat said on this server, for the others.
 * While the database is away it waits, up to a bound. */
void
mm_lobby_cluster_say (MmLobbyCluster *self,
                      const char     *from_key,
                      const char     *from_name,
                      const char     *text)
{
  g_return_if_fail (MM_IS_LOBBY_CLUSTER (self));

  if (!mm_lobby_cluster_is_connected (self)
      && mm_pg_pipeline_get_n_waiting (self->pipeline) >= MAX_KEPT)
    return;
  QUEUE (self,
         "WITH said AS (INSERT INTO lobby_chat (server, from_key, from_name, text, at)"
         " VALUES ($1, $2, $3, $4, " NOW_MS ") RETURNING id)"
         " SELECT pg_notify('" CHANNEL "', 'c ' || id) FROM said",
         NULL, TRUE, self->server_id, from_key, from_name, text);
}

/* GObject. */

static void
mm_lobby_cluster_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  MmLobbyCluster *self = MM_LOBBY_CLUSTER (object);

  switch (prop_id)
    {
    case PROP_CONNECTED:
      g_value_set_boolean (value, mm_lobby_cluster_is_connected (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_lobby_cluster_finalize (GObject *object)
{
  MmLobbyCluster *self = MM_LOBBY_CLUSTER (object);

  g_clear_handle_id (&self->heartbeat_source, g_source_remove);
  /* The pipeline's statements answer here and to the relay: neither
   * after this.  What it still fails (claims) is told as it goes. */
  g_signal_handlers_disconnect_by_data (self->pipeline, self);
  g_signal_handlers_disconnect_by_data (self->relay, self);
  mm_cluster_relay_detach (self->relay);
  g_clear_object (&self->pipeline);
  g_clear_object (&self->relay);
  g_hash_table_unref (self->players);
  g_hash_table_unref (self->chat_told);
  g_hash_table_unref (self->entries);
  g_hash_table_unref (self->members);
  g_free (self->conninfo);
  g_free (self->server_id);
  g_free (self->address);
  G_OBJECT_CLASS (mm_lobby_cluster_parent_class)->finalize (object);
}

static void
mm_lobby_cluster_class_init (MmLobbyClusterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = mm_lobby_cluster_get_property;
  object_class->finalize = mm_lobby_cluster_finalize;

  properties[PROP_CONNECTED] =
    g_param_spec_boolean ("connected", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A player on another server came ("player-added"), changed
   * ("player-changed") or left ("player-removed"): the change, and the
   * MmClusterPlayer (for a removal, as it was last). */
  signals[PLAYER_CHANGED] =
    g_signal_new ("player-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_POINTER);
  /* A line of the lobby's chat said on another server: the speaker's
   * name key, name, and the text. */
  signals[SAID] =
    g_signal_new ("said", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING);
  /* Another server's seek or game of a kind ("seek", "game") was
   * "added" or "removed": the kind, the change, its id, and for an
   * addition its entry (a JsonObject). */
  signals[ENTRY_CHANGED] =
    g_signal_new ("entry-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 4, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_STRING,
                  G_TYPE_POINTER);
  /* A message another server sent this one (mm_lobby_cluster_relay()):
   * the sender's id, the player it is about, and the message (a
   * JsonObject). */
  signals[RELAYED] =
    g_signal_new ("relayed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_POINTER);
  /* This server was silent long enough for the others to count it dead
   * (mm_lobby_cluster_find_taken() says what they took up). */
  signals[PRESUMED_DEAD] =
    g_signal_new ("presumed-dead", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
  /* A line for the server's log. */
  signals[LOG] =
    g_signal_new ("log", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
mm_lobby_cluster_init (MmLobbyCluster *self)
{
  self->players = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                         (GDestroyNotify) player_free);
  self->chat_told = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                         (GDestroyNotify) g_hash_table_unref);
  self->members = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                         (GDestroyNotify) member_free);
  self->last_chat_id = -1;
}
