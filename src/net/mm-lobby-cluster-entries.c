/* mm-lobby-cluster-entries.c
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

/* MmLobbyCluster's shared lists: the seeks and games of the other
 * servers, and this server's written for them.  They go as the players
 * do in mm-lobby-cluster.c (the shared_entries rows are the truth, a
 * notification names the row that changed, a new connection reads them
 * all again), but are a concern of their own: kept by kind, and taken
 * up from a dead server by a claim that one server wins.  The connection,
 * its queue and the heartbeat that marks a dead server's entries gone
 * stay in mm-lobby-cluster.c, which this file's reads are started from. */

#include "config.h"

#include "mm-lobby-cluster-private.h"

#define ALIVE_ENTRY_COLUMNS \
  "e.kind, e.id, e.server, e.body" \
  " FROM shared_entries e JOIN cluster_servers s ON s.id = e.server" \
  " WHERE NOT e.gone AND s.seen > " NOW_MS " - $1 * 1000 AND e.server <> $2"

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
  mm_lobby_cluster_emit_entry_changed (self, kind, "added", id, body);
}

static void
remove_entry (MmLobbyCluster *self,
              const char     *kind,
              const char     *id)
{
  GHashTable *of_kind = entries_of (self, kind);

  if (!g_hash_table_contains (of_kind, id))
    return;
  mm_lobby_cluster_emit_entry_changed (self, kind, "removed", id, NULL);
  g_hash_table_remove (of_kind, id);
}

static void
entry_read (PGresult  *result,
            GPtrArray *values,
            gpointer   data)
{
  MmLobbyCluster *self = data;
  if (PQntuples (result) == 1)
    set_entry (self, PQgetvalue (result, 0, 0), PQgetvalue (result, 0, 1),
               PQgetvalue (result, 0, 2), PQgetvalue (result, 0, 3));
  else
    remove_entry (self, g_ptr_array_index (values, 2),
                  g_ptr_array_index (values, 3));
}

/* Every seek and game of the others, after a new connection. */
static void
entries_read (PGresult  *result,
              GPtrArray *values,
              gpointer   data)
{
  MmLobbyCluster *self = data;
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

/* A notification named the entry "@kind @id": its row, read again. */
void
mm_lobby_cluster_entry_notified (MmLobbyCluster *self,
                                 const char     *kind_and_id)
{
  g_autofree char *grace = mm_lobby_cluster_grace_text (self);
  g_auto(GStrv) parts = g_strsplit (kind_and_id, " ", 2);

  if (g_strv_length (parts) == 2)
    QUEUE (self, "SELECT " ALIVE_ENTRY_COLUMNS " AND e.kind = $3 AND e.id = $4", entry_read,
           FALSE, grace, self->server_id, parts[0], parts[1]);
}

/* A new connection: every seek and game of the others, read again. */
void
mm_lobby_cluster_read_entries (MmLobbyCluster *self)
{
  g_autofree char *grace = mm_lobby_cluster_grace_text (self);

  QUEUE (self, "SELECT " ALIVE_ENTRY_COLUMNS, entries_read, FALSE, grace, self->server_id);
}

/* Public. */

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
  g_autofree char *dead_after = g_strdup_printf ("%d", MM_CLUSTER_DEAD_AFTER_MS);

  g_return_if_fail (MM_IS_LOBBY_CLUSTER (self));

  if (!mm_lobby_cluster_is_connected (self))
    return;
  json_node_set_object (node, body);
  text = json_to_string (node, FALSE);
  QUEUE (self,
         "WITH written AS (INSERT INTO shared_entries (kind, id, server, body, gone)"
         " VALUES ($1, $2, $3, $4, FALSE)"
         " ON CONFLICT (kind, id) DO UPDATE SET server = EXCLUDED.server, body = EXCLUDED.body,"
         " gone = FALSE WHERE " MINE_TO_WRITE ("shared_entries", "$5")
         " RETURNING kind, id)"
         " SELECT pg_notify('" CHANNEL "', 'e ' || kind || ' ' || id) FROM written",
         NULL, FALSE, kind, id, self->server_id, text, dead_after);
}

/* This server's seek or game is gone from the lists. */
void
mm_lobby_cluster_withdraw_entry (MmLobbyCluster *self,
                                 const char     *kind,
                                 const char     *id)
{
  g_return_if_fail (MM_IS_LOBBY_CLUSTER (self));

  if (!mm_lobby_cluster_is_connected (self))
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

  if (!mm_lobby_cluster_is_connected (self))
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

/* Who is told of a claim's outcome. */
typedef struct
{
  MmClusterClaimed claimed;
  gpointer         data;
} Claim;

static void
claim_read (PGresult  *result,
            GPtrArray *values,
            gpointer   data)
{
  Claim *claim = data;

  claim->claimed (g_ptr_array_index (values, 1), PQntuples (result) == 1, claim->data);
  g_free (claim);
}

static void
claim_failed (GPtrArray *values,
              gpointer   data)
{
  Claim *claim = data;

  claim->claimed (g_ptr_array_index (values, 1), FALSE, claim->data);
  g_free (claim);
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
  Claim *claim;

  g_return_if_fail (MM_IS_LOBBY_CLUSTER (self));

  if (!mm_lobby_cluster_is_connected (self))
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
  claim = g_new (Claim, 1);
  claim->claimed = claimed;
  claim->data = data;
  mm_lobby_cluster_queue_full (self,
                               "WITH taken AS (INSERT INTO shared_entries AS e"
                               " (kind, id, server, body, gone)"
                               " VALUES ($1, $2, $3, $4, FALSE)"
                               " ON CONFLICT (kind, id)"
                               " DO UPDATE SET server = EXCLUDED.server, gone = FALSE"
                               " WHERE e.gone OR e.server = EXCLUDED.server OR NOT EXISTS"
                               " (SELECT 1 FROM cluster_servers"
                               "   WHERE cluster_servers.id = e.server"
                               " AND seen > " NOW_MS " - $5)"
                               " RETURNING kind, id)"
                               " SELECT pg_notify('" CHANNEL "', 'e ' || kind || ' ' || id)"
                               " FROM taken",
                               claim_read, claim_failed, claim, FALSE,
                               G_N_ELEMENTS (values), values);
}
