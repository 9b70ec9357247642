/* mm-cluster-relay.c
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

/* Messages from one server of a cluster to another, through the relay
 * table: what a turn of the main loop sends to a server goes in one
 * statement, in order, with one notification; the server it is for
 * takes all that waits for it at once (DELETE … RETURNING, so each is
 * taken once) and hands them on in the order they were sent.  The
 * inserts' commits wait for the disk: a move forwarded is never lost by
 * a crash of the database.  The fetches' do not: lost in a crash, the
 * rows come back, and are recognised by their ids.  An insert whose
 * commit went through but whose answer was lost with the connection is
 * sent again on the next one, as new rows: each message carries the id
 * its sender gave it (SENT_MEMBER), by which it is recognised too. */

#include "config.h"

#include "mm-cluster-relay.h"

#define CHANNEL "monomachia_lobby"
#define RELAY_COLUMNS "id, from_server, key, body"
/* Messages waiting for the database while it is away, at most */
#define MAX_KEPT 256
/* The ids of messages taken that are remembered */
#define MAX_REMEMBERED 4096
/* The member of a message's body that holds its sender's id for it:
 * the sender's run (random) and the message's number in it */
#define SENT_MEMBER "sent"

struct _MmClusterRelay
{
  GObject       parent_instance;

  MmPgPipeline *pipeline;
  char         *server_id;
  /* Server id → JsonArray of {key, body}: what this turn of the main
   * loop relays */
  GHashTable   *outbox;
  guint         outbox_source;
  /* Inserts on the wire, and an outbox that waits for them */
  guint         n_inserting;
  gboolean      outbox_waits;
  /* A fetch is queued, and another is wanted after it (a notification
   * came meanwhile) */
  gboolean      fetch_queued;
  gboolean      fetch_again;
  /* The ids of the last messages taken, a set and in order: the rows'
   * (gint64) and the senders' ("server/id") */
  GHashTable   *taken;
  GQueue        taken_order;
  GHashTable   *taken_sent;
  GQueue        taken_sent_order;
  /* This run's mark in the ids it gives its messages, and the last one */
  char         *run;
  guint64       n_sent;
};

enum { RELAYED, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MmClusterRelay, mm_cluster_relay, G_TYPE_OBJECT)

/* Receiving. */

static int
compare_ids (gconstpointer a,
             gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

/* Whether the message @id is new here: a crash of the database can lose
 * the commit that took it off the table, which gives it again.  Only
 * the last ids are remembered; a message given again is a recent one. */
static gboolean
first_time_taken (MmClusterRelay *self,
                  gint64          id)
{
  if (g_hash_table_contains (self->taken, &id))
    return FALSE;
  g_hash_table_add (self->taken, g_memdup2 (&id, sizeof id));
  g_queue_push_tail (&self->taken_order, g_memdup2 (&id, sizeof id));
  while (g_queue_get_length (&self->taken_order) > MAX_REMEMBERED)
    {
      g_autofree gint64 *oldest = g_queue_pop_head (&self->taken_order);

      g_hash_table_remove (self->taken, oldest);
    }
  return TRUE;
}

/* Whether the message its sender @from_server gave the id @sent is new
 * here: an insert sent again after a lost answer gives it twice. */
static gboolean
first_time_sent (MmClusterRelay *self,
                 const char     *from_server,
                 const char     *sent)
{
  char *key = g_strconcat (from_server, "/", sent, NULL);

  if (g_hash_table_contains (self->taken_sent, key))
    {
      g_free (key);
      return FALSE;
    }
  g_hash_table_add (self->taken_sent, key);
  g_queue_push_tail (&self->taken_sent_order, key);
  while (g_queue_get_length (&self->taken_sent_order) > MAX_REMEMBERED)
    g_hash_table_remove (self->taken_sent, g_queue_pop_head (&self->taken_sent_order));
  return TRUE;
}

/* The fetch is done: another if notifications came meanwhile. */
static void
fetch_done (MmClusterRelay *self)
{
  self->fetch_queued = FALSE;
  if (self->fetch_again)
    {
      self->fetch_again = FALSE;
      mm_cluster_relay_fetch (self);
    }
}

static void
fetch_failed (GPtrArray *values,
              gpointer   data)
{
  fetch_done (data);
}

/* The messages taken, handed on in the order they were sent. */
static void
taken_cb (PGresult  *result,
          GPtrArray *values,
          gpointer   data)
{
  MmClusterRelay *self = data;
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
      const char *from_server = PQgetvalue (result, row, 1);
      g_autoptr(JsonNode) body = NULL;
      const char *sent;

      if (!first_time_taken (self, id))
        continue;
      body = json_from_string (PQgetvalue (result, row, 3), NULL);
      if (body == NULL || !JSON_NODE_HOLDS_OBJECT (body))
        {
          g_message ("cluster: a relayed message that is not an object, dropped");
          continue;
        }
      sent = json_object_get_string_member_with_default (json_node_get_object (body),
                                                         SENT_MEMBER, NULL);
      if (sent != NULL && !first_time_sent (self, from_server, sent))
        continue;
      g_signal_emit (self, signals[RELAYED], 0, from_server, PQgetvalue (result, row, 2),
                     json_node_get_object (body));
    }
  fetch_done (self);
}

/* Takes every message waiting for this server: one statement at a time,
 * and one more after it if this is asked again meanwhile, however
 * often. */
void
mm_cluster_relay_fetch (MmClusterRelay *self)
{
  g_return_if_fail (MM_IS_CLUSTER_RELAY (self));

  if (self->pipeline == NULL)
    return;
  if (self->fetch_queued)
    {
      self->fetch_again = TRUE;
      return;
    }
  self->fetch_queued = TRUE;
  mm_pg_pipeline_queue (self->pipeline,
                        "DELETE FROM relay WHERE to_server = $1 RETURNING " RELAY_COLUMNS,
                        FALSE, taken_cb, fetch_failed, self, 1,
                        (const char *const *) &self->server_id);
}

/* A new connection: what waits is taken, whatever was asked on the old
 * one. */
void
mm_cluster_relay_restart (MmClusterRelay *self)
{
  g_return_if_fail (MM_IS_CLUSTER_RELAY (self));

  self->fetch_queued = self->fetch_again = FALSE;
  mm_cluster_relay_fetch (self);
}

/* Sending. */

static gboolean flush_cb    (gpointer        data);
static void     send_outbox (MmClusterRelay *self);

/* An insert is done: an outbox that waited for the inserts goes now,
 * from an idle (not from within the pipeline's callbacks). */
static void
insert_ended (MmClusterRelay *self)
{
  g_assert (self->n_inserting > 0);
  self->n_inserting--;
  if (self->n_inserting == 0 && self->outbox_waits && self->outbox_source == 0
      && self->pipeline != NULL)
    self->outbox_source = g_idle_add (flush_cb, self);
}

static void
inserted_cb (PGresult  *result,
             GPtrArray *values,
             gpointer   data)
{
  insert_ended (data);
}

static void
insert_failed (GPtrArray *values,
               gpointer   data)
{
  insert_ended (data);
}

/* The end of a turn of the main loop.  While inserts are on the wire
 * the outbox waits for them, and then goes in one statement a server:
 * a server that sends a message at almost every turn (its loop no
 * longer waits for commits) would otherwise put one insert a message on
 * the wire, each waiting for the disk after the last. */
static gboolean
flush_cb (gpointer data)
{
  MmClusterRelay *self = data;

  self->outbox_source = 0;
  if (self->n_inserting > 0)
    self->outbox_waits = TRUE;
  else
    send_outbox (self);
  return G_SOURCE_REMOVE;
}

/* Sends what waits in the outbox now, inserts on the wire or not: before
 * any other statement of the server's, so that a reply goes before the
 * news that followed it, as from one server. */
void
mm_cluster_relay_flush (MmClusterRelay *self)
{
  g_return_if_fail (MM_IS_CLUSTER_RELAY (self));

  if ((self->outbox_source != 0 || self->outbox_waits) && self->pipeline != NULL)
    send_outbox (self);
}

/* One insert a server, in order, with one notification each. */
static void
send_outbox (MmClusterRelay *self)
{
  g_autoptr(GHashTable) outbox = NULL;
  GHashTableIter iter;
  gpointer to_server, messages;

  g_clear_handle_id (&self->outbox_source, g_source_remove);
  self->outbox_waits = FALSE;
  outbox = g_steal_pointer (&self->outbox);
  self->outbox = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify) json_array_unref);
  g_hash_table_iter_init (&iter, outbox);
  while (g_hash_table_iter_next (&iter, &to_server, &messages))
    {
      g_autoptr(JsonNode) node = json_node_new (JSON_NODE_ARRAY);
      g_autofree char *text = NULL;
      const char *values[3];

      json_node_set_array (node, messages);
      text = json_to_string (node, FALSE);
      values[0] = to_server;
      values[1] = self->server_id;
      values[2] = text;
      mm_pg_pipeline_queue (self->pipeline,
                            "WITH sure AS (SELECT set_config ('synchronous_commit', 'on', true) AS on),"
                            " sent AS (INSERT INTO relay (to_server, from_server, key, body)"
                            " SELECT $1, $2, m.value->>'key', m.value->>'body'"
                            " FROM json_array_elements ($3::json) WITH ORDINALITY AS m (value, n), sure"
                            " ORDER BY m.n RETURNING id)"
                            " SELECT pg_notify ('" CHANNEL "', 'r ' || $1 || ' ' || max (id)) FROM sent"
                            " HAVING count (*) > 0",
                            TRUE, inserted_cb, insert_failed, self, G_N_ELEMENTS (values), values);
      self->n_inserting++;
    }
}

static void
copy_member (JsonObject  *from,
             const char  *name,
             JsonNode    *value,
             gpointer     data)
{
  json_object_set_member (data, name, json_node_ref (value));
}

/* Sends @body to the server @to_server, about the player @key: it
 * arrives there once, in order, as "relayed"; while the database is
 * away it waits, up to a bound. */
void
mm_cluster_relay_send (MmClusterRelay *self,
                       const char     *to_server,
                       const char     *key,
                       JsonObject     *body)
{
  g_autoptr(JsonNode) node = json_node_new (JSON_NODE_OBJECT);
  g_autofree char *text = NULL;
  g_autoptr(JsonObject) marked = NULL;
  g_autofree char *sent = NULL;
  JsonArray *messages;
  JsonObject *message;

  g_return_if_fail (MM_IS_CLUSTER_RELAY (self));

  if (self->pipeline == NULL
      || (!mm_pg_pipeline_get_connected (self->pipeline)
          && mm_pg_pipeline_get_n_waiting (self->pipeline) >= MAX_KEPT))
    return;
  if ((messages = g_hash_table_lookup (self->outbox, to_server)) == NULL)
    {
      messages = json_array_new ();
      g_hash_table_insert (self->outbox, g_strdup (to_server), messages);
    }
  /* The body with its id, in a copy: the caller's stays as it was. */
  marked = json_object_new ();
  json_object_foreach_member (body, copy_member, marked);
  sent = g_strdup_printf ("%s-%" G_GUINT64_FORMAT, self->run, ++self->n_sent);
  json_object_set_string_member (marked, SENT_MEMBER, sent);
  json_node_set_object (node, marked);
  text = json_to_string (node, FALSE);
  message = json_object_new ();
  json_object_set_string_member (message, "key", key);
  json_object_set_string_member (message, "body", text);
  json_array_add_object_element (messages, message);
  if (self->outbox_source == 0 && !self->outbox_waits)
    self->outbox_source = g_idle_add (flush_cb, self);
}

/* The relay of the server @server_id, on @pipeline (whose owner listens
 * to the channel and calls mm_cluster_relay_fetch() when a notification
 * names this server, mm_cluster_relay_restart() on a new connection). */
MmClusterRelay *
mm_cluster_relay_new (MmPgPipeline *pipeline,
                      const char   *server_id)
{
  MmClusterRelay *self = g_object_new (MM_TYPE_CLUSTER_RELAY, NULL);

  self->pipeline = g_object_ref (pipeline);
  self->server_id = g_strdup (server_id);
  return self;
}

/* Lets go of the pipeline, which its owner is about to finalize: the
 * answers it still gives (failures) go nowhere from here, and nothing
 * more is sent. */
void
mm_cluster_relay_detach (MmClusterRelay *self)
{
  g_return_if_fail (MM_IS_CLUSTER_RELAY (self));

  g_clear_handle_id (&self->outbox_source, g_source_remove);
  self->outbox_waits = FALSE;
  g_clear_object (&self->pipeline);
}

static void
mm_cluster_relay_finalize (GObject *object)
{
  MmClusterRelay *self = MM_CLUSTER_RELAY (object);

  mm_cluster_relay_detach (self);
  g_free (self->server_id);
  g_free (self->run);
  g_hash_table_unref (self->outbox);
  g_hash_table_unref (self->taken);
  g_queue_clear_full (&self->taken_order, g_free);
  g_hash_table_unref (self->taken_sent);
  g_queue_clear (&self->taken_sent_order);
  G_OBJECT_CLASS (mm_cluster_relay_parent_class)->finalize (object);
}

static void
mm_cluster_relay_class_init (MmClusterRelayClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = mm_cluster_relay_finalize;

  /* A message another server sent this one: the sender's id, the player
   * it is about, and the message (a JsonObject). */
  signals[RELAYED] =
    g_signal_new ("relayed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_STRING, G_TYPE_STRING, G_TYPE_POINTER);
}

static void
mm_cluster_relay_init (MmClusterRelay *self)
{
  self->outbox = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                        (GDestroyNotify) json_array_unref);
  self->taken = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_queue_init (&self->taken_order);
  self->taken_sent = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_queue_init (&self->taken_sent_order);
  /* A restarted server numbers its messages from 1 again: the run tells
   * them from the last run's. */
  self->run = g_strdup_printf ("%08x%08x", g_random_int (), g_random_int ());
}
