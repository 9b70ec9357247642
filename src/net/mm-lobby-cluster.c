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
 * present on the others, and the lobby's chat.
 *
 * The rows are the truth (presence, lobby_chat, cluster_servers);
 * NOTIFY says only which row changed, and is sent by the statement that
 * changed it, so it arrives after the commit.  A server that may have
 * missed notifications (its connection was lost) reads the rows again:
 * every present player, and the chat after the last line it had.
 *
 * Everything goes through a connection of its own, in libpq's
 * non-blocking mode and watched by the main loop, so the server never
 * waits for the database here.  Statements queue and are sent one at a
 * time, in order.  Each server writes its heartbeat every second; the
 * players of a server not heard for the grace period are marked gone by
 * whichever server notices first. */

#include "config.h"

#include <glib-unix.h>
#include <json-glib/json-glib.h>
#include <libpq-fe.h>

#include "mm-lobby-cluster.h"

#define CHANNEL "monomachia_lobby"
#define HEARTBEAT_MS 1000
#define FIRST_RETRY_MS 250
#define LAST_RETRY_MS 4000
/* Chat lines waiting for the database while it is away; the lines
 * after these reach only this server's lobby. */
#define MAX_KEPT 256
/* Statements on the wire at once */
#define MAX_IN_FLIGHT 256
/* The database's clock, the one every server reads. */
#define NOW_MS "(extract(epoch FROM clock_timestamp()) * 1000)::bigint"
/* Chat older than this is pruned from the table. */
#define CHAT_KEPT_MS "3600000"
#define ALIVE_PLAYER_COLUMNS \
  "p.key, p.name, p.guest, p.status, p.rating, p.deviation, p.server" \
  " FROM presence p JOIN cluster_servers s ON s.id = p.server" \
  " WHERE NOT p.gone AND s.seen > " NOW_MS " - $1 * 1000 AND p.server <> $2"

struct _MmLobbyCluster
{
  GObject       parent_instance;

  char         *conninfo;
  char         *server_id;
  char         *address;
  guint         grace_s;

  PGconn       *conn;
  /* Connected, listening, and the statements flowing */
  gboolean      connected;
  /* Said in the log since the last connection */
  gboolean      told_unreachable;
  guint         watch;
  guint         retry_source;
  guint         retry_ms;
  guint         heartbeat_source;
  guint         heartbeats;
  /* Command: waiting to be sent, and sent (libpq's pipeline mode: many
   * on the wire, their results in order) */
  GQueue        commands;
  GQueue        sent;
  /* key → MmClusterPlayer: the other servers' players */
  GHashTable   *players;
  /* The last chat line read; -1 until the first connection says */
  gint64        last_chat_id;
  /* Ids above last_chat_id told already (a notification and the
   * catch-up after a new connection may name the same line) */
  GHashTable   *chat_told;
  /* kind → (id → Entry): the other servers' seeks and games */
  GHashTable   *entries;
  /* id → Member: the servers as the last heartbeat read them */
  GHashTable   *members;
  /* Server id → JsonArray of {key, body}: what this turn of the main
   * loop relays, sent in one statement a server */
  GHashTable   *outbox;
  guint         outbox_source;
  gboolean      flushing;
  /* A fetch of the relay is queued and not yet sent */
  gboolean      fetch_waiting;
  /* The ids of the last relayed messages taken, a set and in order */
  GHashTable   *relay_taken;
  GQueue        relay_order;
};

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

/* A seek or a game of another server: its server, and the entry as the
 * protocol lists it. */
typedef struct
{
  char       *server;
  JsonObject *body;
} Entry;

static void
entry_free (Entry *entry)
{
  g_free (entry->server);
  json_object_unref (entry->body);
  g_free (entry);
}

enum { PROP_0, PROP_CONNECTED, N_PROPS };
static GParamSpec *properties[N_PROPS];

enum { PLAYER_CHANGED, SAID, ENTRY_CHANGED, RELAYED, LOG, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MmLobbyCluster, mm_lobby_cluster, G_TYPE_OBJECT)

typedef struct _Command Command;
typedef void (*CommandDone) (MmLobbyCluster *self,
                             Command        *command,
                             PGresult       *result);

struct _Command
{
  const char  *sql;
  /* Text values; NULL is SQL's NULL */
  GPtrArray   *params;
  CommandDone  done;
  /* Sent again on a new connection when the old one is lost */
  gboolean     kept;
  /* A claim's answer, given once: whether this server won it */
  MmClusterClaimed claimed;
  gpointer     claimed_data;
  /* Its result was read (the first, the one done is given) */
  gboolean     got_result;
  /* Cleared when it is sent: the relay's "a fetch waits" */
  gboolean    *waiting;
};

static void connect_start (MmLobbyCluster *self);
static gboolean flush_outbox_cb (gpointer data);
static void send_next (MmLobbyCluster *self);

static void
player_free (MmClusterPlayer *player)
{
  g_free (player->key);
  g_free (player->name);
  g_free (player->status);
  g_free (player->server);
  g_free (player);
}

/* A claim whose statement never ran (the connection was lost) was not
 * won. */
static void
command_free (Command *command)
{
  if (command->claimed != NULL)
    command->claimed (g_ptr_array_index (command->params, 1), FALSE, command->claimed_data);
  g_ptr_array_unref (command->params);
  g_free (command);
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

/* libpq's messages end with a newline; the log's lines do not. */
static char *
pg_message (PGconn *conn)
{
  return g_strchomp (g_strdup (conn != NULL ? PQerrorMessage (conn) : "no connection"));
}

/* Queues @sql with its @n_values values (text; NULL is SQL's NULL),
 * and sends it when the connection is free; @claimed, if any, is told
 * whether a claim was won. */
static void
queue_claim (MmLobbyCluster    *self,
             const char        *sql,
             CommandDone        done,
             gboolean           kept,
             MmClusterClaimed   claimed,
             gpointer           claimed_data,
             guint              n_values,
             const char *const *values)
{
  Command *command;

  /* What was relayed before goes before: a reply before the news that
   * followed it, as from one server. */
  if (self->outbox_source != 0 && !self->flushing)
    {
      g_clear_handle_id (&self->outbox_source, g_source_remove);
      flush_outbox_cb (self);
    }
  command = g_new0 (Command, 1);
  command->sql = sql;
  command->done = done;
  command->kept = kept;
  command->claimed = claimed;
  command->claimed_data = claimed_data;
  command->params = g_ptr_array_new_full (n_values, g_free);
  for (guint i = 0; i < n_values; i++)
    g_ptr_array_add (command->params, g_strdup (values[i]));
  g_queue_push_tail (&self->commands, command);
  send_next (self);
}

static void
queue_command (MmLobbyCluster    *self,
               const char        *sql,
               CommandDone        done,
               gboolean           kept,
               guint              n_values,
               const char *const *values)
{
  queue_claim (self, sql, done, kept, NULL, NULL, n_values, values);
}

#define QUEUE(self, sql, done, kept, ...) \
  G_STMT_START { \
    const char *const values_[] = { NULL, __VA_ARGS__ }; \
    queue_command ((self), (sql), (done), (kept), G_N_ELEMENTS (values_) - 1, values_ + 1); \
  } G_STMT_END

static char *
grace_text (MmLobbyCluster *self)
{
  return g_strdup_printf ("%u", self->grace_s);
}

/* Connection handling. */

static void
stop_watching (MmLobbyCluster *self)
{
  if (self->watch != 0)
    g_source_remove (self->watch);
  self->watch = 0;
}

static void
set_connected (MmLobbyCluster *self,
               gboolean        connected)
{
  if (self->connected == connected)
    return;
  self->connected = connected;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONNECTED]);
}

static gboolean
retry_cb (gpointer data)
{
  MmLobbyCluster *self = data;

  self->retry_source = 0;
  connect_start (self);
  return G_SOURCE_REMOVE;
}

/* The connection is gone: what was on the wire and what only reads or
 * presence (written again in full on the next connection) is dropped;
 * chat lines wait.  A new connection is tried after a pause that grows
 * while the database stays away. */
static void
connection_lost (MmLobbyCluster *self)
{
  g_autofree char *message = pg_message (self->conn);
  GQueue kept = G_QUEUE_INIT;
  Command *command;

  if (self->connected)
    log_line (self, "cluster: lost the database (%s); trying again", message);
  else if (!self->told_unreachable)
    log_line (self, "cluster: cannot reach the database (%s); trying again", message);
  self->told_unreachable = TRUE;
  stop_watching (self);
  g_clear_pointer (&self->conn, PQfinish);
  /* What was sent may or may not have been done: a kept statement is
   * sent again (a chat line or a relayed message twice, rather than
   * never). */
  while ((command = g_queue_pop_tail (&self->sent)) != NULL)
    g_queue_push_head (&self->commands, command);
  while ((command = g_queue_pop_head (&self->commands)) != NULL)
    {
      if (command->kept && kept.length < MAX_KEPT)
        g_queue_push_tail (&kept, command);
      else
        command_free (command);
    }
  self->commands = kept;
  set_connected (self, FALSE);
  if (self->retry_source == 0)
    self->retry_source = g_timeout_add (self->retry_ms, retry_cb, self);
  self->retry_ms = MIN (self->retry_ms * 2, LAST_RETRY_MS);
}

static void watch_socket (MmLobbyCluster *self, GIOCondition condition);

static void handle_notification (MmLobbyCluster *self, const char *payload);

/* One result of the statement sent first and not yet done with. */
static void
take_result (MmLobbyCluster *self,
             PGresult       *result)
{
  Command *command = g_queue_peek_head (&self->sent);

  switch (PQresultStatus (result))
    {
    case PGRES_PIPELINE_SYNC:
      /* Each statement is followed by a sync: its end. */
      command_free (g_queue_pop_head (&self->sent));
      break;
    case PGRES_COMMAND_OK:
    case PGRES_TUPLES_OK:
      if (command->done != NULL && !command->got_result)
        command->done (self, command, result);
      command->got_result = TRUE;
      break;
    default:
      {
        g_autofree char *message = g_strchomp (g_strdup (PQresultErrorMessage (result)));

        log_line (self, "cluster: a statement failed: %s", message);
        command->got_result = TRUE;
      }
    }
}

/* Reads what the server sent: results of the statements on the wire and
 * notifications; then sends what waits. */
static void
read_input (MmLobbyCluster *self)
{
  PGnotify *notification;
  gboolean ended = FALSE;

  if (!PQconsumeInput (self->conn))
    {
      connection_lost (self);
      return;
    }
  /* A statement's results end with one NULL, then comes its sync; two
   * NULLs running mean nothing more has come. */
  while (self->conn != NULL && !g_queue_is_empty (&self->sent) && !PQisBusy (self->conn))
    {
      PGresult *result = PQgetResult (self->conn);

      if (result == NULL)
        {
          if (ended)
            break;
          ended = TRUE;
          continue;
        }
      ended = FALSE;
      take_result (self, result);
      PQclear (result);
    }
  while (self->conn != NULL && (notification = PQnotifies (self->conn)) != NULL)
    {
      handle_notification (self, notification->extra);
      PQfreemem (notification);
    }
  if (self->conn != NULL && PQstatus (self->conn) == CONNECTION_BAD)
    {
      connection_lost (self);
      return;
    }
  send_next (self);
}

static gboolean
socket_cb (int          fd,
           GIOCondition condition,
           gpointer     data)
{
  MmLobbyCluster *self = data;

  if (condition & G_IO_OUT)
    {
      int flushed = PQflush (self->conn);

      if (flushed < 0)
        {
          self->watch = 0;
          connection_lost (self);
          return G_SOURCE_REMOVE;
        }
      if (flushed == 0)
        {
          self->watch = 0;
          watch_socket (self, G_IO_IN);
          read_input (self);
          return G_SOURCE_REMOVE;
        }
    }
  if (condition & (G_IO_IN | G_IO_HUP | G_IO_ERR))
    read_input (self);
  return G_SOURCE_CONTINUE;
}

static void
watch_socket (MmLobbyCluster *self,
              GIOCondition    condition)
{
  stop_watching (self);
  self->watch = g_unix_fd_add (PQsocket (self->conn), condition, socket_cb, self);
}

/* Sends what waits, without waiting for the results of what went
 * before (a pipeline), each statement its own transaction (a sync after
 * each), so that one that fails takes no other with it. */
static void
send_next (MmLobbyCluster *self)
{
  Command *command;
  int flushed;

  if (!self->connected || g_queue_is_empty (&self->commands))
    return;
  while (g_queue_get_length (&self->sent) < MAX_IN_FLIGHT
         && (command = g_queue_pop_head (&self->commands)) != NULL)
    {
      g_queue_push_tail (&self->sent, command);
      if (command->waiting != NULL)
        *command->waiting = FALSE;
      if (!PQsendQueryParams (self->conn, command->sql, (int) command->params->len, NULL,
                              (const char *const *) command->params->pdata, NULL, NULL, 0)
          || !PQpipelineSync (self->conn))
        {
          connection_lost (self);
          return;
        }
    }
  flushed = PQflush (self->conn);
  if (flushed < 0)
    connection_lost (self);
  else if (flushed > 0)
    watch_socket (self, G_IO_IN | G_IO_OUT);
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
player_read (MmLobbyCluster *self,
             Command        *command,
             PGresult       *result)
{
  if (PQntuples (result) == 1)
    set_player (self, player_from_row (result, 0));
  else
    remove_player (self, g_ptr_array_index (command->params, 2));
}

/* Every present player, after a new connection: those not among them
 * left while this server was not listening. */
static void
players_read (MmLobbyCluster *self,
              Command        *command,
              PGresult       *result)
{
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
line_read (MmLobbyCluster *self,
           Command        *command,
           PGresult       *result)
{
  tell_lines (self, result);
}

/* The lines after the watermark, read after a new connection: all of
 * them up to the last were committed when it was read. */
static void
lines_missed_read (MmLobbyCluster *self,
                   Command        *command,
                   PGresult       *result)
{
  raise_watermark (self, tell_lines (self, result));
}

/* The first connection starts the chat at its last line. */
static void
last_line_read (MmLobbyCluster *self,
                Command        *command,
                PGresult       *result)
{
  if (self->last_chat_id < 0 && PQntuples (result) == 1)
    raise_watermark (self, g_ascii_strtoll (PQgetvalue (result, 0, 0), NULL, 10));
}

/* Seeks and games. */

#define ALIVE_ENTRY_COLUMNS \
  "e.kind, e.id, e.server, e.body" \
  " FROM shared_entries e JOIN cluster_servers s ON s.id = e.server" \
  " WHERE NOT e.gone AND s.seen > " NOW_MS " - $1 * 1000 AND e.server <> $2"

static GHashTable *
entries_of (MmLobbyCluster *self,
            const char     *kind)
{
  GHashTable *of_kind = g_hash_table_lookup (self->entries, kind);

  if (of_kind == NULL)
    {
      of_kind = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                       (GDestroyNotify) entry_free);
      g_hash_table_insert (self->entries, g_strdup (kind), of_kind);
    }
  return of_kind;
}

static JsonObject *
parse_object (const char *text)
{
  g_autoptr(JsonNode) node = json_from_string (text, NULL);

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    return NULL;
  return json_object_ref (json_node_get_object (node));
}

static void
set_entry (MmLobbyCluster *self,
           const char     *kind,
           const char     *id,
           const char     *server,
           const char     *body_text)
{
  GHashTable *of_kind = entries_of (self, kind);
  JsonObject *body = parse_object (body_text);
  Entry *entry;

  if (body == NULL)
    return;
  if ((entry = g_hash_table_lookup (of_kind, id)) != NULL)
    {
      /* Taken over by another server: the same entry, refereed there. */
      g_free (entry->server);
      entry->server = g_strdup (server);
      json_object_unref (body);
      return;
    }
  entry = g_new0 (Entry, 1);
  entry->server = g_strdup (server);
  entry->body = body;
  g_hash_table_insert (of_kind, g_strdup (id), entry);
  g_signal_emit (self, signals[ENTRY_CHANGED], 0, kind, "added", id, body);
}

static void
remove_entry (MmLobbyCluster *self,
              const char     *kind,
              const char     *id)
{
  GHashTable *of_kind = entries_of (self, kind);

  if (!g_hash_table_contains (of_kind, id))
    return;
  g_signal_emit (self, signals[ENTRY_CHANGED], 0, kind, "removed", id, NULL);
  g_hash_table_remove (of_kind, id);
}

static void
entry_read (MmLobbyCluster *self,
            Command        *command,
            PGresult       *result)
{
  if (PQntuples (result) == 1)
    set_entry (self, PQgetvalue (result, 0, 0), PQgetvalue (result, 0, 1),
               PQgetvalue (result, 0, 2), PQgetvalue (result, 0, 3));
  else
    remove_entry (self, g_ptr_array_index (command->params, 2),
                  g_ptr_array_index (command->params, 3));
}

/* Every seek and game of the others, after a new connection. */
static void
entries_read (MmLobbyCluster *self,
              Command        *command,
              PGresult       *result)
{
  g_autoptr(GHashTable) present = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter kinds;
  gpointer kind, of_kind;

  for (int row = 0; row < PQntuples (result); row++)
    {
      g_hash_table_add (present, g_strconcat (PQgetvalue (result, row, 0), " ",
                                              PQgetvalue (result, row, 1), NULL));
      set_entry (self, PQgetvalue (result, row, 0), PQgetvalue (result, row, 1),
                 PQgetvalue (result, row, 2), PQgetvalue (result, row, 3));
    }
  g_hash_table_iter_init (&kinds, self->entries);
  while (g_hash_table_iter_next (&kinds, &kind, &of_kind))
    {
      g_autoptr(GList) ids = g_hash_table_get_keys (of_kind);

      for (GList *l = ids; l != NULL; l = l->next)
        {
          g_autofree char *both = g_strconcat (kind, " ", l->data, NULL);

          if (!g_hash_table_contains (present, both))
            remove_entry (self, kind, l->data);
        }
    }
}

/* Messages between servers. */

#define RELAY_COLUMNS "id, from_server, key, body"

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

/* Whether the relayed message @id is new here: a crash of the database
 * can lose the commit that took it off the table, which gives it again.
 * Only the last ids are remembered; a message given again is a recent
 * one. */
static gboolean
first_time_taken (MmLobbyCluster *self,
                  gint64          id)
{
  if (g_hash_table_contains (self->relay_taken, &id))
    return FALSE;
  g_hash_table_add (self->relay_taken, g_memdup2 (&id, sizeof id));
  g_queue_push_tail (&self->relay_order, g_memdup2 (&id, sizeof id));
  while (g_queue_get_length (&self->relay_order) > MAX_TOLD)
    {
      g_autofree gint64 *oldest = g_queue_pop_head (&self->relay_order);

      g_hash_table_remove (self->relay_taken, oldest);
    }
  return TRUE;
}

/* Relayed messages, taken off the table (so each is handled once), in
 * the order they were sent. */
static void
relayed_read (MmLobbyCluster *self,
              Command        *command,
              PGresult       *result)
{
  g_autoptr(GArray) order = g_array_new (FALSE, FALSE, sizeof (gint64) * 2);

  for (int row = 0; row < PQntuples (result); row++)
    {
      gint64 pair[2] = { g_ascii_strtoll (PQgetvalue (result, row, 0), NULL, 10), row };

      g_array_append_vals (order, pair, 1);
    }
  g_array_sort (order, compare_ids);
  for (guint i = 0; i < order->len; i++)
    {
      gint64 id = ((gint64 *) order->data)[i * 2];
      int row = (int) ((gint64 *) order->data)[i * 2 + 1];
      g_autoptr(JsonObject) body = NULL;

      if (!first_time_taken (self, id))
        continue;
      if ((body = parse_object (PQgetvalue (result, row, 3))) == NULL)
        {
          log_line (self, "cluster: a relayed message that is not an object, dropped");
          continue;
        }
      g_signal_emit (self, signals[RELAYED], 0, PQgetvalue (result, row, 1),
                     PQgetvalue (result, row, 2), body);
    }
}

/* Takes every message waiting for this server off the relay: one
 * statement, queued once however many notifications come before it is
 * sent.  Its commit does not wait for the disk: lost in a crash, the
 * rows come back and are taken again (twice rather than never). */
static void
fetch_relayed (MmLobbyCluster *self)
{
  Command *command;

  if (self->fetch_waiting)
    return;
  QUEUE (self,
         "DELETE FROM relay WHERE to_server = $1 RETURNING " RELAY_COLUMNS,
         relayed_read, FALSE, self->server_id);
  command = g_queue_peek_tail (&self->commands);
  /* Sent already, when the connection was free. */
  if (command == NULL || command->done != relayed_read)
    return;
  self->fetch_waiting = TRUE;
  command->waiting = &self->fetch_waiting;
}

static void
handle_notification (MmLobbyCluster *self,
                     const char     *payload)
{
  g_autofree char *grace = grace_text (self);

  if (g_str_has_prefix (payload, "p "))
    QUEUE (self, "SELECT " ALIVE_PLAYER_COLUMNS " AND p.key = $3", player_read, FALSE,
           grace, self->server_id, payload + 2);
  else if (g_str_has_prefix (payload, "c "))
    QUEUE (self, "SELECT " CHAT_COLUMNS " FROM lobby_chat WHERE id = $1", line_read, FALSE,
           payload + 2);
  else if (g_str_has_prefix (payload, "e "))
    {
      g_auto(GStrv) parts = g_strsplit (payload + 2, " ", 2);

      if (g_strv_length (parts) == 2)
        QUEUE (self, "SELECT " ALIVE_ENTRY_COLUMNS " AND e.kind = $3 AND e.id = $4", entry_read,
               FALSE, grace, self->server_id, parts[0], parts[1]);
    }
  else if (g_str_has_prefix (payload, "r "))
    {
      g_auto(GStrv) parts = g_strsplit (payload + 2, " ", 2);

      /* Every server hears every relay; each takes its own, all that
       * waits at once. */
      if (g_strv_length (parts) == 2 && g_str_equal (parts[0], self->server_id))
        fetch_relayed (self);
    }
}

static void
members_read (MmLobbyCluster *self,
              Command        *command,
              PGresult       *result)
{
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
  g_autofree char *grace = grace_text (self);

  if (!self->connected)
    return G_SOURCE_CONTINUE;
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
  queue_command (self, "SELECT id, address, " NOW_MS " - seen FROM cluster_servers"
                 " WHERE seen > " NOW_MS " - 86400000", members_read, FALSE, 0, NULL);
  if (self->heartbeats++ % 60 == 0)
    queue_command (self, "DELETE FROM lobby_chat WHERE at < " NOW_MS " - " CHAT_KEPT_MS,
                   NULL, FALSE, 0, NULL);
  return G_SOURCE_CONTINUE;
}

/* Listening, this server's heartbeat, then every player and the chat
 * missed: the statements of a new connection, before those that
 * waited for it. */
static void
start_session (MmLobbyCluster *self)
{
  g_autofree char *grace = grace_text (self);
  g_autofree char *last = g_strdup_printf ("%" G_GINT64_FORMAT, self->last_chat_id);
  GQueue waiting = self->commands;

  g_queue_init (&self->commands);
  self->retry_ms = FIRST_RETRY_MS;
  self->told_unreachable = FALSE;
  PQsetnonblocking (self->conn, 1);
  if (!PQenterPipelineMode (self->conn))
    log_line (self, "cluster: no pipeline mode; statements go one by one");
  watch_socket (self, G_IO_IN);
  self->connected = TRUE;
  /* Presence, chat, the lists and the heartbeat are the lobby's passing
   * state, written again and again: their commits need not wait for the
   * disk (a crash of the database loses at most its last fraction of a
   * second of them).  Relayed messages set it back for their own
   * transactions; the moves, the games' ends, sessions and accounts go
   * through the store, whose commits wait. */
  queue_command (self, "SET synchronous_commit = off", NULL, FALSE, 0, NULL);
  queue_command (self, "LISTEN " CHANNEL, NULL, FALSE, 0, NULL);
  heartbeat_cb (self);
  QUEUE (self, "SELECT " ALIVE_PLAYER_COLUMNS, players_read, FALSE, grace, self->server_id);
  QUEUE (self, "SELECT " ALIVE_ENTRY_COLUMNS, entries_read, FALSE, grace, self->server_id);
  fetch_relayed (self);
  if (self->last_chat_id < 0)
    queue_command (self, "SELECT COALESCE(max(id), 0) FROM lobby_chat", last_line_read, FALSE,
                   0, NULL);
  else
    QUEUE (self, "SELECT " CHAT_COLUMNS " FROM lobby_chat WHERE id > $1 ORDER BY id LIMIT 1000",
           lines_missed_read, FALSE, last);
  for (GList *l = waiting.head; l != NULL; l = l->next)
    g_queue_push_tail (&self->commands, l->data);
  g_queue_clear (&waiting);
  log_line (self, "cluster: joined as %s", self->server_id);
  /* Told now, so that this server's own players are written after the
   * reads above. */
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONNECTED]);
}

/* What the database says beside the results (a shutdown, say) goes to
 * the log rather than to standard error. */
static void
notice_cb (void       *data,
           const char *message)
{
  g_autofree char *line = g_strchomp (g_strdup (message));

  log_line (data, "cluster: the database says: %s", line);
}

static gboolean connect_poll_cb (int fd, GIOCondition condition, gpointer data);

static void
connect_poll (MmLobbyCluster *self)
{
  switch (PQconnectPoll (self->conn))
    {
    case PGRES_POLLING_OK:
      start_session (self);
      break;
    case PGRES_POLLING_READING:
      self->watch = g_unix_fd_add (PQsocket (self->conn), G_IO_IN, connect_poll_cb, self);
      break;
    case PGRES_POLLING_WRITING:
      self->watch = g_unix_fd_add (PQsocket (self->conn), G_IO_OUT, connect_poll_cb, self);
      break;
    case PGRES_POLLING_FAILED:
    default:
      connection_lost (self);
      break;
    }
}

static gboolean
connect_poll_cb (int          fd,
                 GIOCondition condition,
                 gpointer     data)
{
  MmLobbyCluster *self = data;

  self->watch = 0;
  connect_poll (self);
  return G_SOURCE_REMOVE;
}

/* Starts a connection without waiting for it: PQconnectStartParams,
 * then PQconnectPoll whenever the socket is ready as it asks. */
static void
connect_start (MmLobbyCluster *self)
{
  const char *const keywords[] = { "dbname", "client_encoding", "fallback_application_name", NULL };
  const char *const values[] = { self->conninfo, "UTF8", "monomachia-server", NULL };

  self->conn = PQconnectStartParams (keywords, values, 1);
  if (self->conn == NULL)
    g_error ("libpq: out of memory");
  if (PQstatus (self->conn) == CONNECTION_BAD || PQsocket (self->conn) < 0)
    {
      connection_lost (self);
      return;
    }
  PQsetNoticeProcessor (self->conn, notice_cb, self);
  self->watch = g_unix_fd_add (PQsocket (self->conn), G_IO_OUT, connect_poll_cb, self);
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
  connect_start (self);
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
  return self->connected;
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

  g_return_if_fail (MM_IS_LOBBY_CLUSTER (self));

  if (!self->connected)
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
         " RETURNING key)"
         " SELECT pg_notify('" CHANNEL "', 'p ' || key) FROM written",
         NULL, FALSE, player->key, player->name, player->guest ? "true" : "false",
         player->status, rating, deviation, self->server_id);
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

  if (!self->connected)
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

  if (!self->connected)
    return;
  QUEUE (self,
         "WITH gone AS (UPDATE presence SET gone = TRUE"
         " WHERE key = $1 AND server = $2 AND NOT gone RETURNING key)"
         " SELECT pg_notify('" CHANNEL "', 'p ' || key) FROM gone",
         NULL, FALSE, key, self->server_id);
}

/* Writes this server's seek or game @id of @kind ("seek", "game")
 * with its entry @body, for the others' lists. */
void
mm_lobby_cluster_share_entry (MmLobbyCluster *self,
                              const char     *kind,
                              const char     *id,
                              JsonObject     *body)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autofree char *text = NULL;

  g_return_if_fail (MM_IS_LOBBY_CLUSTER (self));

  if (!self->connected)
    return;
  json_node_set_object (node, body);
  text = json_to_string (node, FALSE);
  QUEUE (self,
         "WITH written AS (INSERT INTO shared_entries (kind, id, server, body, gone)"
         " VALUES ($1, $2, $3, $4, FALSE)"
         " ON CONFLICT (kind, id) DO UPDATE SET server = EXCLUDED.server, body = EXCLUDED.body,"
         " gone = FALSE RETURNING kind, id)"
         " SELECT pg_notify('" CHANNEL "', 'e ' || kind || ' ' || id) FROM written",
         NULL, FALSE, kind, id, self->server_id, text);
}

/* This server's seek or game is gone from the lists. */
void
mm_lobby_cluster_withdraw_entry (MmLobbyCluster *self,
                                 const char     *kind,
                                 const char     *id)
{
  g_return_if_fail (MM_IS_LOBBY_CLUSTER (self));

  if (!self->connected)
    return;
  QUEUE (self,
         "WITH gone AS (UPDATE shared_entries SET gone = TRUE"
         " WHERE kind = $1 AND id = $2 AND server = $3 AND NOT gone RETURNING kind, id)"
         " SELECT pg_notify('" CHANNEL "', 'e ' || kind || ' ' || id) FROM gone",
         NULL, FALSE, kind, id, self->server_id);
}

/* Writes @entries (id → JsonObject) as all this server's of @kind:
 * after a new connection. */
void
mm_lobby_cluster_replace_entries (MmLobbyCluster *self,
                                  const char     *kind,
                                  GHashTable     *entries)
{
  g_autoptr(JsonArray) ids = json_array_new ();
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_ARRAY);
  g_autofree char *ids_text = NULL;
  GHashTableIter iter;
  gpointer id, body;

  g_return_if_fail (MM_IS_LOBBY_CLUSTER (self));

  if (!self->connected)
    return;
  g_hash_table_iter_init (&iter, entries);
  while (g_hash_table_iter_next (&iter, &id, NULL))
    json_array_add_string_element (ids, id);
  json_node_set_array (node, ids);
  ids_text = json_to_string (node, FALSE);
  QUEUE (self,
         "WITH gone AS (UPDATE shared_entries SET gone = TRUE WHERE kind = $1 AND server = $2"
         " AND NOT gone AND id NOT IN (SELECT json_array_elements_text($3::json))"
         " RETURNING kind, id)"
         " SELECT pg_notify('" CHANNEL "', 'e ' || kind || ' ' || id) FROM gone",
         NULL, FALSE, kind, self->server_id, ids_text);
  g_hash_table_iter_init (&iter, entries);
  while (g_hash_table_iter_next (&iter, &id, &body))
    mm_lobby_cluster_share_entry (self, kind, id, body);
}

/* The server of another server's seek or game, or NULL. */
const char *
mm_lobby_cluster_find_entry_server (MmLobbyCluster *self,
                                    const char     *kind,
                                    const char     *id)
{
  Entry *entry;

  g_return_val_if_fail (MM_IS_LOBBY_CLUSTER (self), NULL);

  entry = g_hash_table_lookup (entries_of (self, kind), id);
  return entry != NULL ? entry->server : NULL;
}

/* The entries (JsonObject, the cluster's) of the other servers' seeks
 * or games: a list to free. */
GList *
mm_lobby_cluster_list_entries (MmLobbyCluster *self,
                               const char     *kind)
{
  GList *bodies = NULL;
  GHashTableIter iter;
  gpointer value;

  g_return_val_if_fail (MM_IS_LOBBY_CLUSTER (self), NULL);

  g_hash_table_iter_init (&iter, entries_of (self, kind));
  while (g_hash_table_iter_next (&iter, NULL, &value))
    bodies = g_list_prepend (bodies, ((Entry *) value)->body);
  return bodies;
}

/* The messages of this turn of the main loop for each server, one
 * statement a server: inserted in their order, told with one
 * notification, and kept until the database has them (its commit waits
 * for the disk: a move forwarded is never lost by a crash). */
static gboolean
flush_outbox_cb (gpointer data)
{
  MmLobbyCluster *self = data;
  GHashTableIter iter;
  gpointer to_server, messages;

  self->outbox_source = 0;
  self->flushing = TRUE;
  g_hash_table_iter_init (&iter, self->outbox);
  while (g_hash_table_iter_next (&iter, &to_server, &messages))
    {
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_ARRAY);
      g_autofree char *text = NULL;

      json_node_set_array (node, messages);
      text = json_to_string (node, FALSE);
      QUEUE (self,
             "WITH sure AS (SELECT set_config ('synchronous_commit', 'on', true) AS on),"
             " sent AS (INSERT INTO relay (to_server, from_server, key, body)"
             " SELECT $1, $2, m.value->>'key', m.value->>'body'"
             " FROM json_array_elements ($3::json) WITH ORDINALITY AS m (value, n), sure"
             " ORDER BY m.n RETURNING id)"
             " SELECT pg_notify ('" CHANNEL "', 'r ' || $1 || ' ' || max (id)) FROM sent"
             " HAVING count (*) > 0",
             NULL, TRUE, to_server, self->server_id, text);
    }
  g_hash_table_remove_all (self->outbox);
  self->flushing = FALSE;
  return G_SOURCE_REMOVE;
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
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autofree char *text = NULL;
  JsonArray *messages;
  JsonObject *message;

  g_return_if_fail (MM_IS_LOBBY_CLUSTER (self));

  if (!self->connected && g_queue_get_length (&self->commands) >= MAX_KEPT)
    return;
  if ((messages = g_hash_table_lookup (self->outbox, to_server)) == NULL)
    {
      messages = json_array_new ();
      g_hash_table_insert (self->outbox, g_strdup (to_server), messages);
    }
  json_node_set_object (node, body);
  message = json_object_new ();
  json_object_set_string_member (message, "key", key);
  text = json_to_string (node, FALSE);
  json_object_set_string_member (message, "body", text);
  json_array_add_object_element (messages, message);
  if (self->outbox_source == 0)
    self->outbox_source = g_idle_add (flush_outbox_cb, self);
}

static void
claim_read (MmLobbyCluster *self,
            Command        *command,
            PGresult       *result)
{
  MmClusterClaimed claimed = command->claimed;

  command->claimed = NULL;
  claimed (g_ptr_array_index (command->params, 1), PQntuples (result) == 1,
           command->claimed_data);
}

/* Takes another server's seek or game @id of @kind for this one, with
 * the entry @body, if its server is dead (not heard for
 * MM_CLUSTER_DEAD_AFTER_MS) or it is listed nowhere: one conditional
 * write, so that of the servers that try, one wins.  @claimed is told
 * the outcome, FALSE too when the database is away. */
void
mm_lobby_cluster_claim_entry (MmLobbyCluster   *self,
                              const char       *kind,
                              const char       *id,
                              JsonObject       *body,
                              MmClusterClaimed  claimed,
                              gpointer          data)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autofree char *text = NULL;
  g_autofree char *dead_after = g_strdup_printf ("%d", MM_CLUSTER_DEAD_AFTER_MS);
  const char *values[5];

  g_return_if_fail (MM_IS_LOBBY_CLUSTER (self));

  if (!self->connected)
    {
      claimed (id, FALSE, data);
      return;
    }
  json_node_set_object (node, body);
  text = json_to_string (node, FALSE);
  values[0] = kind;
  values[1] = id;
  values[2] = self->server_id;
  values[3] = text;
  values[4] = dead_after;
  queue_claim (self,
               "WITH taken AS (INSERT INTO shared_entries AS e (kind, id, server, body, gone)"
               " VALUES ($1, $2, $3, $4, FALSE)"
               " ON CONFLICT (kind, id) DO UPDATE SET server = EXCLUDED.server, gone = FALSE"
               " WHERE e.gone OR e.server = EXCLUDED.server OR NOT EXISTS"
               " (SELECT 1 FROM cluster_servers"
               "   WHERE cluster_servers.id = e.server AND seen > " NOW_MS " - $5)"
               " RETURNING kind, id)"
               " SELECT pg_notify('" CHANNEL "', 'e ' || kind || ' ' || id) FROM taken",
               claim_read, FALSE, claimed, data, G_N_ELEMENTS (values), values);
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

  if (!self->connected && g_queue_get_length (&self->commands) >= MAX_KEPT)
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
      g_value_set_boolean (value, self->connected);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_lobby_cluster_finalize (GObject *object)
{
  MmLobbyCluster *self = MM_LOBBY_CLUSTER (object);

  stop_watching (self);
  g_clear_handle_id (&self->retry_source, g_source_remove);
  g_clear_handle_id (&self->heartbeat_source, g_source_remove);
  g_clear_handle_id (&self->outbox_source, g_source_remove);
  g_clear_pointer (&self->conn, PQfinish);
  g_queue_clear_full (&self->commands, (GDestroyNotify) command_free);
  g_queue_clear_full (&self->sent, (GDestroyNotify) command_free);
  g_hash_table_unref (self->players);
  g_hash_table_unref (self->chat_told);
  g_hash_table_unref (self->entries);
  g_hash_table_unref (self->members);
  g_hash_table_unref (self->outbox);
  g_hash_table_unref (self->relay_taken);
  g_queue_clear_full (&self->relay_order, g_free);
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
  self->outbox = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify) json_array_unref);
  self->relay_taken = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_queue_init (&self->relay_order);
  self->last_chat_id = -1;
  self->retry_ms = FIRST_RETRY_MS;
  g_queue_init (&self->commands);
  g_queue_init (&self->sent);
}
