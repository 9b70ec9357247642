/* mm-sqlite-schema.c
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

/* The SQLite store's schema: it has a version (PRAGMA user_version)
 * and grows by the migrations below, one transaction each; and the
 * clearing of every row, which the fuzz target does between inputs. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-sqlite-store-private.h"

/* The only rows a migration puts in: mm_sqlite_store_clear() puts them
 * back, and so must know of any a later migration adds. */
#define SEED_ROWS "INSERT INTO meta VALUES ('next_id', 0);"

/* Migration n takes the schema from version n to n + 1. */
static const char *const migrations[] = {
  "CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);"
  SEED_ROWS
  "CREATE TABLE sessions (token_hash TEXT PRIMARY KEY, name TEXT NOT NULL,"
  "  guest INTEGER NOT NULL);"
  "CREATE TABLE games (id TEXT PRIMARY KEY, black TEXT NOT NULL, white TEXT NOT NULL,"
  "  black_key TEXT NOT NULL, white_key TEXT NOT NULL,"
  "  base_s INTEGER NOT NULL, increment_s INTEGER NOT NULL, rated INTEGER NOT NULL,"
  "  started INTEGER NOT NULL, black_ms INTEGER NOT NULL, white_ms INTEGER NOT NULL,"
  "  winner TEXT, reason TEXT, finished INTEGER);"
  "CREATE TABLE moves (game_id TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE,"
  "  ply INTEGER NOT NULL, square INTEGER NOT NULL, PRIMARY KEY (game_id, ply));"
  "CREATE INDEX games_unfinished ON games (started) WHERE winner IS NULL;"
  "CREATE INDEX games_by_black ON games (black_key, finished);"
  "CREATE INDEX games_by_white ON games (white_key, finished);",

  "CREATE TABLE accounts (key TEXT PRIMARY KEY, name TEXT NOT NULL,"
  "  password_hash TEXT NOT NULL, rating REAL NOT NULL, deviation REAL NOT NULL,"
  "  volatility REAL NOT NULL, created INTEGER NOT NULL);"
  "ALTER TABLE games ADD COLUMN ggf TEXT;",

  "ALTER TABLE accounts ADD COLUMN admin INTEGER NOT NULL DEFAULT 0;"
  "CREATE TABLE sanctions (kind TEXT NOT NULL, target TEXT NOT NULL, until INTEGER NOT NULL,"
  "  reason TEXT, by TEXT, created INTEGER NOT NULL, PRIMARY KEY (kind, target));"
  "CREATE TABLE moderation_log (at INTEGER NOT NULL, by TEXT NOT NULL, action TEXT NOT NULL,"
  "  target TEXT NOT NULL, detail TEXT);",

  /* The cluster's tables, as in PostgreSQL, where several servers use
   * them (mm-lobby-cluster.c); one server on SQLite leaves them empty. */
  "CREATE TABLE cluster_servers (id TEXT PRIMARY KEY, address TEXT NOT NULL,"
  "  seen INTEGER NOT NULL);"
  "CREATE TABLE presence (key TEXT PRIMARY KEY, name TEXT NOT NULL, guest INTEGER NOT NULL,"
  "  status TEXT NOT NULL, rating INTEGER, deviation INTEGER, server TEXT NOT NULL,"
  "  gone INTEGER NOT NULL DEFAULT 0);"
  "CREATE INDEX presence_by_server ON presence (server) WHERE NOT gone;"
  "CREATE TABLE lobby_chat (id INTEGER PRIMARY KEY, server TEXT NOT NULL,"
  "  from_key TEXT NOT NULL, from_name TEXT NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL);"
  "CREATE INDEX lobby_chat_by_time ON lobby_chat (at);"
  "CREATE TABLE shared_entries (kind TEXT NOT NULL, id TEXT NOT NULL, server TEXT NOT NULL,"
  "  body TEXT NOT NULL, gone INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (kind, id));"
  "CREATE TABLE relay (id INTEGER PRIMARY KEY, to_server TEXT NOT NULL,"
  "  from_server TEXT NOT NULL, key TEXT NOT NULL, body TEXT NOT NULL);"
  "CREATE INDEX relay_by_server ON relay (to_server);"
  /* When the clocks were last written, in ms since 1970: a game taken
   * up elsewhere charges the player to move for the time since. */
  "ALTER TABLE games ADD COLUMN moved_at INTEGER;",
};

gboolean
mm_sqlite_store_migrate (MmSqliteStore  *self,
                         GError        **error)
{
  g_autoptr(MmCachedStatement) query = mm_sqlite_store_prepare (self, "PRAGMA user_version", error);
  int version;

  if (query == NULL || mm_sqlite_store_failed (self, sqlite3_step (query), error))
    return FALSE;
  version = sqlite3_column_int (query, 0);
  if (version > (int) G_N_ELEMENTS (migrations))
    {
      g_set_error (error, MM_STORE_ERROR, MM_STORE_ERROR_TOO_NEW,
                   /* Translators: %s is a file, %d are version numbers */
                   _("The database %s was made by a newer server (schema %d; this one knows %d)."),
                   self->path, version, (int) G_N_ELEMENTS (migrations));
      return FALSE;
    }
  for (int step = version; step < (int) G_N_ELEMENTS (migrations); step++)
    {
      g_autofree char *set_version = g_strdup_printf ("PRAGMA user_version = %d", step + 1);

      if (!mm_sqlite_store_exec (self, "BEGIN IMMEDIATE", error))
        return FALSE;
      if (!mm_sqlite_store_exec (self, migrations[step], error)
          || !mm_sqlite_store_exec (self, set_version, error))
        {
          mm_sqlite_store_exec (self, "ROLLBACK", NULL);
          return FALSE;
        }
      if (!mm_sqlite_store_exec (self, "COMMIT", error))
        return FALSE;
    }
  return TRUE;
}

/* Deletes the rows of the table @quoted_name, if it has any: deleting
 * from an empty table still writes its page and its indexes', each
 * copied to the journal first. */
static gboolean
clear_table (MmSqliteStore  *self,
             const char     *quoted_name,
             GError        **error)
{
  g_autofree char *any_sql = g_strdup_printf ("SELECT 1 FROM %s LIMIT 1", quoted_name);
  g_autofree char *delete_sql = g_strdup_printf ("DELETE FROM %s", quoted_name);
  gboolean empty;

  {
    g_autoptr(MmCachedStatement) any = mm_sqlite_store_prepare (self, any_sql, error);
    int status;

    if (any == NULL)
      return FALSE;
    status = sqlite3_step (any);
    if (mm_sqlite_store_failed (self, status, error))
      return FALSE;
    empty = status == SQLITE_DONE;
  }
  if (!empty)
    {
      g_autoptr(MmCachedStatement) delete = mm_sqlite_store_prepare (self, delete_sql, error);

      return delete != NULL && mm_sqlite_store_run (self, delete, error);
    }
  return TRUE;
}

/* Takes @self back to what mm_sqlite_store_new() made of a new file:
 * every row of every table goes (sqlite_sequence's too, were a table
 * AUTOINCREMENT, and with no row left a table's rowids start again
 * at 1), and the migrations' rows come back.  The schema and the
 * prepared statements stay, which is the point: the fuzz target clears
 * one store after each input instead of making one, at a fraction of
 * the cost of reading the schema and preparing the statements again. */
gboolean
mm_sqlite_store_clear (MmSqliteStore  *self,
                       GError        **error)
{
  g_autoptr(GPtrArray) tables = g_ptr_array_new_with_free_func (g_free);
  gboolean done = TRUE;

  g_return_val_if_fail (MM_IS_SQLITE_STORE (self), FALSE);

  {
    /* The tables as the schema has them, so that none a later migration
     * adds is forgotten; read to the end before anything is deleted. */
    g_autoptr(MmCachedStatement) names =
      mm_sqlite_store_prepare (self, "SELECT name FROM sqlite_master WHERE type = 'table'", error);
    int status;

    if (names == NULL)
      return FALSE;
    while ((status = sqlite3_step (names)) == SQLITE_ROW)
      {
        char *quoted = sqlite3_mprintf ("\"%w\"", (const char *) sqlite3_column_text (names, 0));

        g_ptr_array_add (tables, g_strdup (quoted));
        sqlite3_free (quoted);
      }
    if (mm_sqlite_store_failed (self, status, error))
      return FALSE;
  }

  if (!mm_sqlite_store_begin (self, error))
    return FALSE;
  for (guint i = 0; done && i < tables->len; i++)
    done = clear_table (self, tables->pdata[i], error);
  if (done)
    {
      g_autoptr(MmCachedStatement) seed = mm_sqlite_store_prepare (self, SEED_ROWS, error);

      done = seed != NULL && mm_sqlite_store_run (self, seed, error);
    }
  return mm_sqlite_store_end (self, done, error);
}
