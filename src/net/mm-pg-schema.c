/* mm-pg-schema.c
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

/* The PostgreSQL store's schema: the same tables as the SQLite store's,
 * made and brought up to date by numbered migrations, once, by the
 * first of the servers that start together on one database. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-pg-store-private.h"

/* Taken by the transaction that migrates, so that servers started
 * together on one database migrate it once: the first one, while the
 * others wait and then find the schema current.  Any number of ours
 * ("MMSTORE!"); advisory locks are per database. */
#define MIGRATION_LOCK G_GINT64_CONSTANT (5570199935700321569)

/* Migration n takes the schema from version n to n + 1, as in the
 * SQLite store.  One statement an element: PQexecParams takes one. */
static const char *const migration_1[] = {
  "CREATE TABLE meta (key TEXT PRIMARY KEY, value BIGINT NOT NULL)",
  "INSERT INTO meta VALUES ('next_id', 0)",
  "CREATE TABLE sessions (token_hash TEXT PRIMARY KEY, name TEXT NOT NULL,"
  "  guest BOOLEAN NOT NULL)",
  /* seq is SQLite's rowid made explicit: the order the games were made
   * in, which breaks ties between games finished in the same second. */
  "CREATE TABLE games (id TEXT PRIMARY KEY, black TEXT NOT NULL, white TEXT NOT NULL,"
  "  black_key TEXT NOT NULL, white_key TEXT NOT NULL,"
  "  base_s BIGINT NOT NULL, increment_s BIGINT NOT NULL, rated BOOLEAN NOT NULL,"
  "  started BIGINT NOT NULL, black_ms BIGINT NOT NULL, white_ms BIGINT NOT NULL,"
  "  winner TEXT, reason TEXT, finished BIGINT,"
  "  seq BIGINT GENERATED ALWAYS AS IDENTITY)",
  /* The primary key is what orders the moves between servers: a ply is
   * written once, by whoever comes first. */
  "CREATE TABLE moves (game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  ply BIGINT NOT NULL, square BIGINT NOT NULL, PRIMARY KEY (game_id, ply))",
  "CREATE INDEX games_unfinished ON games (started) WHERE winner IS NULL",
  "CREATE INDEX games_by_black ON games (black_key, finished)",
  "CREATE INDEX games_by_white ON games (white_key, finished)",
  NULL,
};

static const char *const migration_2[] = {
  "CREATE TABLE accounts (key TEXT PRIMARY KEY, name TEXT NOT NULL,"
  "  password_hash TEXT NOT NULL, rating DOUBLE PRECISION NOT NULL,"
  "  deviation DOUBLE PRECISION NOT NULL, volatility DOUBLE PRECISION NOT NULL,"
  "  created BIGINT NOT NULL)",
  "ALTER TABLE games ADD COLUMN ggf TEXT",
  NULL,
};

static const char *const migration_3[] = {
  "ALTER TABLE accounts ADD COLUMN admin BOOLEAN NOT NULL DEFAULT FALSE",
  "CREATE TABLE sanctions (kind TEXT NOT NULL, target TEXT NOT NULL, until BIGINT NOT NULL,"
  "  reason TEXT, by TEXT, created BIGINT NOT NULL, PRIMARY KEY (kind, target))",
  "CREATE TABLE moderation_log (at BIGINT NOT NULL, by TEXT NOT NULL, action TEXT NOT NULL,"
  "  target TEXT NOT NULL, detail TEXT)",
  NULL,
};

/* One lobby across servers (mm-lobby-cluster.c): the servers and when
 * each was last heard, who is present on which, and the lobby's chat. */
static const char *const migration_4[] = {
  "CREATE TABLE cluster_servers (id TEXT PRIMARY KEY, address TEXT NOT NULL,"
  "  seen BIGINT NOT NULL)",
  "CREATE TABLE presence (key TEXT PRIMARY KEY, name TEXT NOT NULL, guest BOOLEAN NOT NULL,"
  "  status TEXT NOT NULL, rating BIGINT, deviation BIGINT, server TEXT NOT NULL,"
  "  gone BOOLEAN NOT NULL DEFAULT FALSE)",
  "CREATE INDEX presence_by_server ON presence (server) WHERE NOT gone",
  "CREATE TABLE lobby_chat (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
  "  server TEXT NOT NULL, from_key TEXT NOT NULL, from_name TEXT NOT NULL,"
  "  text TEXT NOT NULL, at BIGINT NOT NULL)",
  "CREATE INDEX lobby_chat_by_time ON lobby_chat (at)",
  /* Seeks and games listed for every server, as the protocol's entries */
  "CREATE TABLE shared_entries (kind TEXT NOT NULL, id TEXT NOT NULL, server TEXT NOT NULL,"
  "  body TEXT NOT NULL, gone BOOLEAN NOT NULL DEFAULT FALSE, PRIMARY KEY (kind, id))",
  /* Messages from one server to another, each taken once */
  "CREATE TABLE relay (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"
  "  to_server TEXT NOT NULL, from_server TEXT NOT NULL, key TEXT NOT NULL, body TEXT NOT NULL)",
  "CREATE INDEX relay_by_server ON relay (to_server)",
  /* When the clocks were last written, by the database's clock, in ms
   * since 1970: a game taken up by another server charges the player to
   * move for the time since. */
  "ALTER TABLE games ADD COLUMN moved_at BIGINT",
  NULL,
};

static const char *const *const migrations[] = {
  migration_1, migration_2, migration_3, migration_4
};

/* The version table, made at the first start, and the version in it
 * (0: nothing made yet). */
static gboolean
read_version (MmPgStore  *self,
              gint64     *version,
              GError    **error)
{
  g_autoptr(PGresult) result = NULL;

  if (!mm_pg_command (self, "CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)",
                      NULL, NULL, error)
      || !mm_pg_command (self, "INSERT INTO schema_version SELECT 0"
                               " WHERE NOT EXISTS (SELECT FROM schema_version)", NULL, NULL, error)
      || (result = mm_pg_query (self, "SELECT version FROM schema_version", NULL, error)) == NULL)
    return FALSE;
  *version = mm_pg_int_value (result, 0, 0);
  return TRUE;
}

static gboolean
apply_migration (MmPgStore  *self,
                 gsize       step,
                 GError    **error)
{
  g_autoptr(GPtrArray) params = mm_pg_params_new ();

  for (const char *const *statement = migrations[step]; *statement != NULL; statement++)
    if (!mm_pg_command (self, *statement, NULL, NULL, error))
      return FALSE;
  mm_pg_add_int (params, (gint64) step + 1);
  return mm_pg_command (self, "UPDATE schema_version SET version = $1", params, NULL, error);
}

static gboolean
migrate_locked (MmPgStore  *self,
                GError    **error)
{
  g_autoptr(GPtrArray) params = mm_pg_params_new ();
  gint64 version;

  mm_pg_add_int (params, MIGRATION_LOCK);
  /* "relation already exists, skipping", at every start, says nothing. */
  if (!mm_pg_command (self, "SET LOCAL client_min_messages = warning", NULL, NULL, error)
      || !mm_pg_command (self, "SELECT pg_advisory_xact_lock ($1)", params, NULL, error)
      || !read_version (self, &version, error))
    return FALSE;
  if (version < 0 || version > (gint64) G_N_ELEMENTS (migrations))
    {
      g_set_error (error, MM_STORE_ERROR, MM_STORE_ERROR_TOO_NEW,
                   /* Translators: %s is a database's name, %d are version numbers */
                   _("The database %s was made by a newer server (schema %d; this one knows %d)."),
                   PQdb (self->conn), (int) version, (int) G_N_ELEMENTS (migrations));
      return FALSE;
    }
  for (gsize step = (gsize) version; step < G_N_ELEMENTS (migrations); step++)
    if (!apply_migration (self, step, error))
      return FALSE;
  return TRUE;
}

/* All the migrations due in one transaction, under the lock: a step
 * that fails leaves the schema as it was, as PostgreSQL's DDL is
 * transactional. */
gboolean
mm_pg_store_migrate (MmPgStore  *self,
                     GError    **error)
{
  gboolean done;

  self->in_transaction = TRUE;
  done = mm_pg_command (self, "BEGIN", NULL, NULL, error)
         && migrate_locked (self, error)
         && mm_pg_command (self, "COMMIT", NULL, NULL, error);
  if (!done)
    mm_pg_command (self, "ROLLBACK", NULL, NULL, NULL);
  self->in_transaction = FALSE;
  return done;
}
