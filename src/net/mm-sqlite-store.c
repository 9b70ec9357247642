/* mm-sqlite-store.c
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

/* The store in one SQLite database (WAL), the server's embedded
 * default.  Each write is its own transaction, done before the server
 * tells anyone of it: a process killed at any moment leaves every move
 * it announced in the database.  The schema and its migrations are in
 * mm-sqlite-schema.c. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-nickname.h"
#include "mm-sqlite-store-private.h"

static void mm_sqlite_store_store_init (MmStoreInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MmSqliteStore, mm_sqlite_store, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (MM_TYPE_STORE, mm_sqlite_store_store_init))

gboolean
mm_sqlite_store_failed (MmSqliteStore  *self,
                        int             status,
                        GError        **error)
{
  if (status == SQLITE_OK || status == SQLITE_DONE || status == SQLITE_ROW)
    return FALSE;
  g_set_error (error, MM_STORE_ERROR, MM_STORE_ERROR_FAILED,
               /* Translators: %s are the database's file and what SQLite said */
               _("The database %s failed: %s"), self->path,
               self->db != NULL ? sqlite3_errmsg (self->db) : sqlite3_errstr (status));
  return TRUE;
}

gboolean
mm_sqlite_store_exec (MmSqliteStore  *self,
                      const char     *sql,
                      GError        **error)
{
  return !mm_sqlite_store_failed (self, sqlite3_exec (self->db, sql, NULL, NULL, NULL), error);
}

void
mm_sqlite_store_release_statement (MmCachedStatement *statement)
{
  sqlite3_reset (statement);
  sqlite3_clear_bindings (statement);
}

static void
finalize_statement (gpointer statement)
{
  sqlite3_finalize (statement);
}

MmCachedStatement *
mm_sqlite_store_prepare (MmSqliteStore  *self,
                         const char     *sql,
                         GError        **error)
{
  sqlite3_stmt *statement = g_hash_table_lookup (self->statements, sql);

  if (statement != NULL)
    return statement;
  if (mm_sqlite_store_failed (self,
                              sqlite3_prepare_v3 (self->db, sql, -1, SQLITE_PREPARE_PERSISTENT,
                                                  &statement, NULL),
                              error))
    return NULL;
  g_hash_table_insert (self->statements, g_strdup (sql), statement);
  return statement;
}

/* Runs @statement to its end; FALSE with the error if it failed. */
gboolean
mm_sqlite_store_run (MmSqliteStore  *self,
                     sqlite3_stmt   *statement,
                     GError        **error)
{
  int status;

  while ((status = sqlite3_step (statement)) == SQLITE_ROW)
    ;
  return !mm_sqlite_store_failed (self, status, error);
}

/* Statements that go together, or not at all. */
gboolean
mm_sqlite_store_begin (MmSqliteStore  *self,
                       GError        **error)
{
  return mm_sqlite_store_exec (self, "BEGIN IMMEDIATE", error);
}

gboolean
mm_sqlite_store_end (MmSqliteStore  *self,
                     gboolean        done,
                     GError        **error)
{
  if (!done)
    {
      mm_sqlite_store_exec (self, "ROLLBACK", NULL);
      return FALSE;
    }
  return mm_sqlite_store_exec (self, "COMMIT", error);
}

/* The database at @path, made and brought up to the current schema. */
MmSqliteStore *
mm_sqlite_store_new (const char  *path,
                     GError     **error)
{
  g_autoptr(MmSqliteStore) self = g_object_new (MM_TYPE_SQLITE_STORE, NULL);
  int status;

  g_return_val_if_fail (path != NULL, NULL);

  self->path = g_strdup (path);
  status = sqlite3_open_v2 (path, &self->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (mm_sqlite_store_failed (self, status, error))
    return NULL;
  sqlite3_busy_timeout (self->db, 5000);
  /* WAL with synchronous NORMAL: a commit is in the log before the call
   * returns, so a killed process loses nothing it committed. */
  if (!mm_sqlite_store_exec (self, "PRAGMA journal_mode = WAL", error)
      || !mm_sqlite_store_exec (self, "PRAGMA synchronous = NORMAL", error)
      || !mm_sqlite_store_exec (self, "PRAGMA foreign_keys = ON", error)
      || !mm_sqlite_store_migrate (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

static void
mm_sqlite_store_finalize (GObject *object)
{
  MmSqliteStore *self = MM_SQLITE_STORE (object);

  /* The statements first: a connection with statements left is not closed. */
  g_clear_pointer (&self->statements, g_hash_table_destroy);
  if (self->db != NULL)
    sqlite3_close_v2 (self->db);
  g_free (self->path);
  G_OBJECT_CLASS (mm_sqlite_store_parent_class)->finalize (object);
}

static void
mm_sqlite_store_class_init (MmSqliteStoreClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = mm_sqlite_store_finalize;
}

static void
mm_sqlite_store_init (MmSqliteStore *self)
{
  self->statements = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, finalize_statement);
}

static guint64
sqlite_next_ids (MmStore  *store,
                 guint     count,
                 GError  **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self, "UPDATE meta SET value = value + ?1 WHERE key = 'next_id'"
                                   " RETURNING value - ?1 + 1", error);

  if (statement == NULL)
    return 0;
  sqlite3_bind_int64 (statement, 1, count);
  if (sqlite3_step (statement) != SQLITE_ROW)
    {
      mm_sqlite_store_failed (self, sqlite3_errcode (self->db), error);
      return 0;
    }
  return (guint64) sqlite3_column_int64 (statement, 0);
}

static gboolean
sqlite_save_session (MmStore                *store,
                     const MmStoredSession  *session,
                     GError                **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self, "INSERT OR REPLACE INTO sessions (token_hash, name, guest)"
                                   " VALUES (?, ?, ?)", error);

  if (statement == NULL)
    return FALSE;
  sqlite3_bind_text (statement, 1, session->token_hash, -1, SQLITE_STATIC);
  sqlite3_bind_text (statement, 2, session->name, -1, SQLITE_STATIC);
  sqlite3_bind_int (statement, 3, session->guest);
  return mm_sqlite_store_run (self, statement, error);
}

static MmStoredSession *
sqlite_find_session (MmStore     *store,
                     const char  *token_hash,
                     GError     **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self, "SELECT token_hash, name, guest FROM sessions"
                                   " WHERE token_hash = ?", error);
  int status;

  if (statement == NULL)
    return NULL;
  sqlite3_bind_text (statement, 1, token_hash, -1, SQLITE_STATIC);
  status = sqlite3_step (statement);
  if (status == SQLITE_ROW)
    return mm_stored_session_new ((const char *) sqlite3_column_text (statement, 0),
                                  (const char *) sqlite3_column_text (statement, 1),
                                  sqlite3_column_int (statement, 2));
  mm_sqlite_store_failed (self, status, error);
  return NULL;
}

static gboolean
sqlite_delete_session (MmStore     *store,
                       const char  *token_hash,
                       GError     **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self, "DELETE FROM sessions WHERE token_hash = ?", error);

  if (statement == NULL)
    return FALSE;
  sqlite3_bind_text (statement, 1, token_hash, -1, SQLITE_STATIC);
  return mm_sqlite_store_run (self, statement, error);
}

static GPtrArray *
sqlite_list_sessions (MmStore  *store,
                      GError  **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self, "SELECT token_hash, name, guest FROM sessions", error);
  g_autoptr(GPtrArray) sessions =
    g_ptr_array_new_with_free_func ((GDestroyNotify) mm_stored_session_free);
  int status;

  if (statement == NULL)
    return NULL;
  while ((status = sqlite3_step (statement)) == SQLITE_ROW)
    g_ptr_array_add (sessions,
                     mm_stored_session_new ((const char *) sqlite3_column_text (statement, 0),
                                            (const char *) sqlite3_column_text (statement, 1),
                                            sqlite3_column_int (statement, 2)));
  if (mm_sqlite_store_failed (self, status, error))
    return NULL;
  return g_steal_pointer (&sessions);
}

static gboolean
sqlite_create_game (MmStore             *store,
                    const MmStoredGame  *game,
                    GError             **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self,
                             "INSERT INTO games (id, black, white, black_key, white_key, base_s,"
                             " increment_s, rated, started, black_ms, white_ms, moved_at)"
                             " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", error);
  g_autofree char *black_key = mm_nickname_key (game->black);
  g_autofree char *white_key = mm_nickname_key (game->white);

  if (statement == NULL)
    return FALSE;
  sqlite3_bind_text (statement, 1, game->id, -1, SQLITE_STATIC);
  sqlite3_bind_text (statement, 2, game->black, -1, SQLITE_STATIC);
  sqlite3_bind_text (statement, 3, game->white, -1, SQLITE_STATIC);
  sqlite3_bind_text (statement, 4, black_key, -1, SQLITE_STATIC);
  sqlite3_bind_text (statement, 5, white_key, -1, SQLITE_STATIC);
  sqlite3_bind_int (statement, 6, (int) game->base_s);
  sqlite3_bind_int (statement, 7, (int) game->increment_s);
  sqlite3_bind_int (statement, 8, game->rated);
  sqlite3_bind_int64 (statement, 9, game->started);
  sqlite3_bind_int64 (statement, 10, game->black_ms);
  sqlite3_bind_int64 (statement, 11, game->white_ms);
  sqlite3_bind_int64 (statement, 12, g_get_real_time () / 1000);
  return mm_sqlite_store_run (self, statement, error);
}

static gboolean
set_clocks (MmSqliteStore  *self,
            const char     *game_id,
            gint64          black_ms,
            gint64          white_ms,
            GError        **error)
{
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self, "UPDATE games SET black_ms = ?, white_ms = ?, moved_at = ?"
                                   " WHERE id = ?", error);

  if (statement == NULL)
    return FALSE;
  sqlite3_bind_int64 (statement, 1, black_ms);
  sqlite3_bind_int64 (statement, 2, white_ms);
  sqlite3_bind_int64 (statement, 3, g_get_real_time () / 1000);
  sqlite3_bind_text (statement, 4, game_id, -1, SQLITE_STATIC);
  return mm_sqlite_store_run (self, statement, error);
}

static gboolean
sqlite_add_move (MmStore     *store,
                 const char  *game_id,
                 guint        ply,
                 int          square,
                 gint64       black_ms,
                 gint64       white_ms,
                 GError     **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self, "INSERT INTO moves (game_id, ply, square) VALUES (?, ?, ?)"
                                   " ON CONFLICT DO NOTHING", error);
  gboolean done;

  if (statement == NULL || !mm_sqlite_store_begin (self, error))
    return FALSE;
  sqlite3_bind_text (statement, 1, game_id, -1, SQLITE_STATIC);
  sqlite3_bind_int (statement, 2, (int) ply);
  sqlite3_bind_int (statement, 3, square);
  done = mm_sqlite_store_run (self, statement, error);
  /* The ply taken before is told apart from a failure, as the referee
   * reads the move that took it (mm-lobby-moves.c). */
  if (done && sqlite3_changes (self->db) == 0)
    {
      g_set_error (error, MM_STORE_ERROR, MM_STORE_ERROR_EXISTS,
                   /* Translators: %u is a move's number in its game, %s the game's id */
                   _("Move %u of the game “%s” is in the database already."), ply, game_id);
      done = FALSE;
    }
  done = done && set_clocks (self, game_id, black_ms, white_ms, error);
  return mm_sqlite_store_end (self, done, error);
}

static gboolean
sqlite_take_back (MmStore     *store,
                  const char  *game_id,
                  guint        n_moves,
                  gint64       black_ms,
                  gint64       white_ms,
                  GError     **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self, "DELETE FROM moves WHERE game_id = ? AND ply > ?", error);
  gboolean done;

  if (statement == NULL || !mm_sqlite_store_begin (self, error))
    return FALSE;
  sqlite3_bind_text (statement, 1, game_id, -1, SQLITE_STATIC);
  sqlite3_bind_int (statement, 2, (int) n_moves);
  done = mm_sqlite_store_run (self, statement, error)
         && set_clocks (self, game_id, black_ms, white_ms, error);
  return mm_sqlite_store_end (self, done, error);
}

static MmStoredGame *sqlite_find_game (MmStore     *store,
                                       const char  *game_id,
                                       GError     **error);

static gboolean
sqlite_finish_game (MmStore     *store,
                    const char  *game_id,
                    const char  *winner,
                    const char  *reason,
                    const char  *ggf,
                    GError     **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self, "UPDATE games SET winner = ?, reason = ?, finished = ?, ggf = ?"
                                   " WHERE id = ? AND winner IS NULL", error);

  if (statement == NULL)
    return FALSE;
  sqlite3_bind_text (statement, 1, winner, -1, SQLITE_STATIC);
  sqlite3_bind_text (statement, 2, reason, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (statement, 3, g_get_real_time () / G_USEC_PER_SEC);
  sqlite3_bind_text (statement, 4, ggf, -1, SQLITE_STATIC);
  sqlite3_bind_text (statement, 5, game_id, -1, SQLITE_STATIC);
  if (!mm_sqlite_store_run (self, statement, error))
    return FALSE;
  if (sqlite3_changes (self->db) == 0)
    {
      g_autoptr(MmStoredGame) kept = sqlite_find_game (store, game_id, NULL);

      mm_store_set_not_finished_error (error, game_id, kept != NULL);
      return FALSE;
    }
  return TRUE;
}

static char *
dup_column (sqlite3_stmt *statement,
            int           column)
{
  return g_strdup ((const char *) sqlite3_column_text (statement, column));
}

static gboolean
read_moves (MmSqliteStore  *self,
            MmStoredGame   *game,
            GError        **error)
{
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self, "SELECT square FROM moves WHERE game_id = ? ORDER BY ply",
                             error);
  int status;

  if (statement == NULL)
    return FALSE;
  sqlite3_bind_text (statement, 1, game->id, -1, SQLITE_STATIC);
  while ((status = sqlite3_step (statement)) == SQLITE_ROW)
    {
      int square = sqlite3_column_int (statement, 0);

      g_array_append_val (game->moves, square);
    }
  return !mm_sqlite_store_failed (self, status, error);
}

#define GAME_COLUMNS \
  "id, black, white, base_s, increment_s, rated, started, black_ms, white_ms, winner, reason," \
  " ggf, moved_at"

static MmStoredGame *
read_game (sqlite3_stmt *statement)
{
  MmStoredGame *game = mm_stored_game_new ();

  game->id = dup_column (statement, 0);
  game->black = dup_column (statement, 1);
  game->white = dup_column (statement, 2);
  game->base_s = (guint) sqlite3_column_int (statement, 3);
  game->increment_s = (guint) sqlite3_column_int (statement, 4);
  game->rated = sqlite3_column_int (statement, 5);
  game->started = sqlite3_column_int64 (statement, 6);
  game->black_ms = sqlite3_column_int64 (statement, 7);
  game->white_ms = sqlite3_column_int64 (statement, 8);
  game->winner = dup_column (statement, 9);
  game->reason = dup_column (statement, 10);
  game->ggf = dup_column (statement, 11);
  if (sqlite3_column_type (statement, 12) != SQLITE_NULL)
    game->since_move_ms = MAX (g_get_real_time () / 1000 - sqlite3_column_int64 (statement, 12), 0);
  return game;
}

static MmStoredGame *
sqlite_find_game (MmStore     *store,
                  const char  *game_id,
                  GError     **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self, "SELECT " GAME_COLUMNS " FROM games WHERE id = ?", error);
  g_autoptr(MmStoredGame) game = NULL;
  int status;

  if (statement == NULL)
    return NULL;
  sqlite3_bind_text (statement, 1, game_id, -1, SQLITE_STATIC);
  status = sqlite3_step (statement);
  if (status != SQLITE_ROW)
    {
      mm_sqlite_store_failed (self, status, error);
      return NULL;
    }
  game = read_game (statement);
  if (!read_moves (self, game, error))
    return NULL;
  return g_steal_pointer (&game);
}

static GPtrArray *
sqlite_list_games (MmStore     *store,
                   gboolean     unfinished,
                   const char  *player,
                   guint        limit,
                   GError     **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autofree char *key = player != NULL ? mm_nickname_key (player) : NULL;
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self, unfinished
                   ? "SELECT " GAME_COLUMNS " FROM games WHERE winner IS NULL ORDER BY started"
                   : "SELECT " GAME_COLUMNS " FROM games WHERE winner IS NOT NULL"
                     " AND (?1 IS NULL OR black_key = ?1 OR white_key = ?1)"
                     " ORDER BY finished DESC, rowid DESC LIMIT ?2", error);
  g_autoptr(GPtrArray) games =
    g_ptr_array_new_with_free_func ((GDestroyNotify) mm_stored_game_free);
  int status;

  if (statement == NULL)
    return NULL;
  if (!unfinished)
    {
      sqlite3_bind_text (statement, 1, key, -1, SQLITE_STATIC);
      sqlite3_bind_int64 (statement, 2, limit > 0 ? (gint64) limit : -1);
    }
  while ((status = sqlite3_step (statement)) == SQLITE_ROW)
    g_ptr_array_add (games, read_game (statement));
  if (mm_sqlite_store_failed (self, status, error))
    return NULL;
  for (guint i = 0; i < games->len; i++)
    if (!read_moves (self, games->pdata[i], error))
      return NULL;
  return g_steal_pointer (&games);
}

static gboolean
sqlite_create_account (MmStore                *store,
                       const MmStoredAccount  *account,
                       GError                **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self,
                             "INSERT INTO accounts (key, name, password_hash, rating, deviation,"
                             " volatility, created) VALUES (?, ?, ?, ?, ?, ?, ?)", error);
  g_autofree char *key = mm_nickname_key (account->name);

  if (statement == NULL)
    return FALSE;
  sqlite3_bind_text (statement, 1, key, -1, SQLITE_STATIC);
  sqlite3_bind_text (statement, 2, account->name, -1, SQLITE_STATIC);
  sqlite3_bind_text (statement, 3, account->password_hash, -1, SQLITE_STATIC);
  sqlite3_bind_double (statement, 4, account->rating);
  sqlite3_bind_double (statement, 5, account->deviation);
  sqlite3_bind_double (statement, 6, account->volatility);
  sqlite3_bind_int64 (statement, 7, g_get_real_time () / G_USEC_PER_SEC);
  return mm_sqlite_store_run (self, statement, error);
}

static MmStoredAccount *
sqlite_find_account (MmStore     *store,
                     const char  *name,
                     GError     **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self,
                             "SELECT name, password_hash, rating, deviation, volatility, admin"
                             " FROM accounts WHERE key = ?", error);
  g_autofree char *key = mm_nickname_key (name);
  MmStoredAccount *account;
  int status;

  if (statement == NULL)
    return NULL;
  sqlite3_bind_text (statement, 1, key, -1, SQLITE_STATIC);
  status = sqlite3_step (statement);
  if (status != SQLITE_ROW)
    {
      mm_sqlite_store_failed (self, status, error);
      return NULL;
    }
  account = mm_stored_account_new ((const char *) sqlite3_column_text (statement, 0),
                                   (const char *) sqlite3_column_text (statement, 1));
  account->rating = sqlite3_column_double (statement, 2);
  account->deviation = sqlite3_column_double (statement, 3);
  account->volatility = sqlite3_column_double (statement, 4);
  account->admin = sqlite3_column_int (statement, 5);
  return account;
}

static gboolean
sqlite_save_rating (MmStore                *store,
                    const MmStoredAccount  *account,
                    GError                **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self, "UPDATE accounts SET rating = ?, deviation = ?, volatility = ?"
                                   " WHERE key = ?", error);
  g_autofree char *key = mm_nickname_key (account->name);

  if (statement == NULL)
    return FALSE;
  sqlite3_bind_double (statement, 1, account->rating);
  sqlite3_bind_double (statement, 2, account->deviation);
  sqlite3_bind_double (statement, 3, account->volatility);
  sqlite3_bind_text (statement, 4, key, -1, SQLITE_STATIC);
  return mm_sqlite_store_run (self, statement, error);
}

static gboolean
sqlite_set_admin (MmStore     *store,
                  const char  *name,
                  gboolean     admin,
                  GError     **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self, "UPDATE accounts SET admin = ? WHERE key = ?", error);
  g_autofree char *key = mm_nickname_key (name);

  if (statement == NULL)
    return FALSE;
  sqlite3_bind_int (statement, 1, admin);
  sqlite3_bind_text (statement, 2, key, -1, SQLITE_STATIC);
  if (!mm_sqlite_store_run (self, statement, error))
    return FALSE;
  if (sqlite3_changes (self->db) == 0)
    {
      g_set_error (error, MM_STORE_ERROR, MM_STORE_ERROR_NOT_FOUND,
                   /* Translators: %s is a player's name */
                   _("Nobody called “%s” has an account."), name);
      return FALSE;
    }
  return TRUE;
}

static gboolean
sqlite_add_sanction (MmStore                 *store,
                     const MmStoredSanction  *sanction,
                     GError                 **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self,
                             "INSERT OR REPLACE INTO sanctions"
                             " (kind, target, until, reason, by, created)"
                             " VALUES (?, ?, ?, ?, ?, ?)", error);

  if (statement == NULL)
    return FALSE;
  sqlite3_bind_text (statement, 1, sanction->kind, -1, SQLITE_STATIC);
  sqlite3_bind_text (statement, 2, sanction->target, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (statement, 3, sanction->until);
  sqlite3_bind_text (statement, 4, sanction->reason, -1, SQLITE_STATIC);
  sqlite3_bind_text (statement, 5, sanction->by, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (statement, 6, g_get_real_time () / G_USEC_PER_SEC);
  return mm_sqlite_store_run (self, statement, error);
}

static gboolean
sqlite_lift_sanction (MmStore     *store,
                      const char  *kind,
                      const char  *target,
                      GError     **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self, "DELETE FROM sanctions WHERE kind = ? AND target = ?", error);

  if (statement == NULL)
    return FALSE;
  sqlite3_bind_text (statement, 1, kind, -1, SQLITE_STATIC);
  sqlite3_bind_text (statement, 2, target, -1, SQLITE_STATIC);
  return mm_sqlite_store_run (self, statement, error);
}

static MmStoredSanction *
sqlite_find_sanction (MmStore     *store,
                      const char  *kind,
                      const char  *target,
                      gint64       now,
                      GError     **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self,
                             "SELECT until, reason, by FROM sanctions WHERE kind = ? AND target = ?"
                             " AND (until = 0 OR until > ?)", error);
  MmStoredSanction *sanction;
  int status;

  if (statement == NULL)
    return NULL;
  sqlite3_bind_text (statement, 1, kind, -1, SQLITE_STATIC);
  sqlite3_bind_text (statement, 2, target, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (statement, 3, now);
  status = sqlite3_step (statement);
  if (status != SQLITE_ROW)
    {
      mm_sqlite_store_failed (self, status, error);
      return NULL;
    }
  sanction = g_new0 (MmStoredSanction, 1);
  sanction->kind = g_strdup (kind);
  sanction->target = g_strdup (target);
  sanction->until = sqlite3_column_int64 (statement, 0);
  sanction->reason = dup_column (statement, 1);
  sanction->by = dup_column (statement, 2);
  return sanction;
}

static gboolean
sqlite_log_action (MmStore     *store,
                   const char  *by,
                   const char  *action,
                   const char  *target,
                   const char  *detail,
                   GError     **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self, "INSERT INTO moderation_log (at, by, action, target, detail)"
                                   " VALUES (?, ?, ?, ?, ?)", error);

  if (statement == NULL)
    return FALSE;
  sqlite3_bind_int64 (statement, 1, g_get_real_time () / G_USEC_PER_SEC);
  sqlite3_bind_text (statement, 2, by, -1, SQLITE_STATIC);
  sqlite3_bind_text (statement, 3, action, -1, SQLITE_STATIC);
  sqlite3_bind_text (statement, 4, target, -1, SQLITE_STATIC);
  sqlite3_bind_text (statement, 5, detail, -1, SQLITE_STATIC);
  return mm_sqlite_store_run (self, statement, error);
}

static gboolean
sqlite_get_meta (MmStore     *store,
                 const char  *key,
                 gint64      *value,
                 GError     **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self, "SELECT value FROM meta WHERE key = ?", error);
  int status;

  if (statement == NULL)
    return FALSE;
  sqlite3_bind_text (statement, 1, key, -1, SQLITE_STATIC);
  status = sqlite3_step (statement);
  if (status != SQLITE_ROW)
    {
      mm_sqlite_store_failed (self, status, error);
      return FALSE;
    }
  *value = sqlite3_column_int64 (statement, 0);
  return TRUE;
}

static gboolean
sqlite_set_meta (MmStore     *store,
                 const char  *key,
                 gint64       value,
                 GError     **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self, "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", error);

  if (statement == NULL)
    return FALSE;
  sqlite3_bind_text (statement, 1, key, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (statement, 2, value);
  return mm_sqlite_store_run (self, statement, error);
}

static gboolean
sqlite_close_period (MmStore                *store,
                     const char             *key,
                     gint64                  from,
                     gint64                  to,
                     MmStoredAccount *const *accounts,
                     guint                   n_accounts,
                     GError                **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autoptr(MmCachedStatement) claim =
    mm_sqlite_store_prepare (self, "UPDATE meta SET value = ? WHERE key = ? AND value = ?", error);
  gboolean done;

  if (claim == NULL || !mm_sqlite_store_begin (self, error))
    return FALSE;
  sqlite3_bind_int64 (claim, 1, to);
  sqlite3_bind_text (claim, 2, key, -1, SQLITE_STATIC);
  sqlite3_bind_int64 (claim, 3, from);
  done = mm_sqlite_store_run (self, claim, error);
  if (done && sqlite3_changes (self->db) == 0)
    {
      g_set_error (error, MM_STORE_ERROR, MM_STORE_ERROR_FINISHED,
                   /* Translators: a rating period; %s is the database's name */
                   _("The rating period was closed already in the database %s."), self->path);
      done = FALSE;
    }
  for (guint i = 0; done && i < n_accounts; i++)
    done = sqlite_save_rating (store, accounts[i], error);
  return mm_sqlite_store_end (self, done, error);
}

static GPtrArray *
sqlite_list_rated (MmStore     *store,
                   gint64       since,
                   gint64       until,
                   GError     **error)
{
  MmSqliteStore *self = MM_SQLITE_STORE (store);
  g_autoptr(MmCachedStatement) statement =
    mm_sqlite_store_prepare (self,
                             "SELECT " GAME_COLUMNS " FROM games WHERE rated = 1 AND winner IN"
                             " ('black', 'white', 'draw') AND finished >= ? AND finished < ?"
                             " ORDER BY finished", error);
  g_autoptr(GPtrArray) games =
    g_ptr_array_new_with_free_func ((GDestroyNotify) mm_stored_game_free);
  int status;

  if (statement == NULL)
    return NULL;
  sqlite3_bind_int64 (statement, 1, since);
  sqlite3_bind_int64 (statement, 2, until);
  while ((status = sqlite3_step (statement)) == SQLITE_ROW)
    g_ptr_array_add (games, read_game (statement));
  if (mm_sqlite_store_failed (self, status, error))
    return NULL;
  return g_steal_pointer (&games);
}

static void
mm_sqlite_store_store_init (MmStoreInterface *iface)
{
  iface->get_meta = sqlite_get_meta;
  iface->set_meta = sqlite_set_meta;
  iface->list_rated = sqlite_list_rated;
  iface->close_period = sqlite_close_period;
  iface->set_admin = sqlite_set_admin;
  iface->add_sanction = sqlite_add_sanction;
  iface->lift_sanction = sqlite_lift_sanction;
  iface->find_sanction = sqlite_find_sanction;
  iface->log_action = sqlite_log_action;
  iface->find_game = sqlite_find_game;
  iface->create_account = sqlite_create_account;
  iface->find_account = sqlite_find_account;
  iface->save_rating = sqlite_save_rating;
  iface->next_ids = sqlite_next_ids;
  iface->save_session = sqlite_save_session;
  iface->delete_session = sqlite_delete_session;
  iface->list_sessions = sqlite_list_sessions;
  iface->find_session = sqlite_find_session;
  iface->create_game = sqlite_create_game;
  iface->add_move = sqlite_add_move;
  /* add_move_async is the interface's: the synchronous call, told in an
   * idle.  A move's transaction here does not wait for the disk (WAL,
   * synchronous=NORMAL): a thread would cost more than it saves. */
  iface->take_back = sqlite_take_back;
  iface->finish_game = sqlite_finish_game;
  iface->list_games = sqlite_list_games;
}
