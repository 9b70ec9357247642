/* mm-pg-store.c
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

/* The store in a PostgreSQL database, for several servers that share
 * one lobby.  The tables and the schema versions are the SQLite
 * store's, in PostgreSQL's types; the version is kept in a table of its
 * own, as PostgreSQL has no user_version.
 *
 * Every operation after the migrations is one statement, and so one
 * transaction of its own: each is atomic however many servers write,
 * no lock is held between calls, and a statement cut off by a lost
 * connection can be sent once more on a new one.  Values travel only as
 * parameters (PQexecParams), never inside the SQL.
 *
 * The calls block, and one thread at a time uses a store (the server's
 * main loop), as libpq asks of a connection.  A move's insert, the
 * statement a server sends most, has a call that does not block too
 * (mm_store_add_move_async()): it goes on a second connection, in
 * libpq's non-blocking pipeline mode on the main loop (MmPgPipeline),
 * made at its first use.  A move's insert, in both its forms, is in
 * mm-pg-moves.c; what the two files share, in mm-pg-store-private.h. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <libpq-fe.h>

#include "mm-nickname.h"
#include "mm-pg-store-private.h"

static void mm_pg_store_store_init (MmStoreInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MmPgStore, mm_pg_store, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (MM_TYPE_STORE, mm_pg_store_store_init))

/* The parameters of a statement, as text (PostgreSQL parses them into
 * the columns' types); NULL is SQL's NULL. */
GPtrArray *
mm_pg_params_new (void)
{
  return g_ptr_array_new_with_free_func (g_free);
}

void
mm_pg_add_text (GPtrArray  *params,
                const char *value)
{
  g_ptr_array_add (params, g_strdup (value));
}

void
mm_pg_add_int (GPtrArray *params,
               gint64     value)
{
  g_ptr_array_add (params, g_strdup_printf ("%" G_GINT64_FORMAT, value));
}

static void
add_bool (GPtrArray *params,
          gboolean   value)
{
  mm_pg_add_text (params, value ? "true" : "false");
}

/* Locale-independent, and as many digits as it takes to read back the
 * same double. */
static void
add_double (GPtrArray *params,
            double     value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  mm_pg_add_text (params, g_ascii_dtostr (buffer, sizeof buffer, value));
}

/* What the database said of @result, or libpq of the connection when
 * there is no result to say it. */
static void
set_failed (MmPgStore       *self,
            const PGresult  *result,
            GError         **error)
{
  const char *said = result != NULL ? PQresultErrorMessage (result) : "";
  g_autofree char *reason = g_strdup (*said != '\0' ? said : PQerrorMessage (self->conn));

  g_set_error (error, MM_STORE_ERROR, MM_STORE_ERROR_FAILED,
               /* Translators: %s are the database's name and what the database said */
               _("The database %s failed: %s"), PQdb (self->conn), g_strchomp (reason));
}

static gboolean
succeeded (const PGresult *result)
{
  /* PQresultStatus (NULL), libpq out of memory, is PGRES_FATAL_ERROR. */
  ExecStatusType status = PQresultStatus (result);

  return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
}

static PGresult *
execute (MmPgStore  *self,
         const char *sql,
         GPtrArray  *params)
{
  return PQexecParams (self->conn, sql, params != NULL ? (int) params->len : 0, NULL,
                       params != NULL ? (const char *const *) params->pdata : NULL,
                       NULL, NULL, 0);
}

/* Whether the connection is gone.  libpq may learn it only by reading:
 * a statement written to a socket the database closed (it restarted)
 * fails with the connection still taken for good, until the end of the
 * stream is read. */
static gboolean
connection_lost (MmPgStore *self)
{
  if (PQstatus (self->conn) == CONNECTION_OK)
    PQconsumeInput (self->conn);
  return PQstatus (self->conn) == CONNECTION_BAD;
}

/* Runs @sql with @params (NULL: none), the answer in text; NULL with
 * the error if it failed.  A connection found lost (the database
 * restarted, an administrator ended our backend, the network dropped)
 * is made again once and the statement sent once more, so that one
 * hiccup of the database is not a failure the players see.  A
 * statement whose commit was cut off before its answer came back is
 * then done twice: a counter skips a number, a write of the same row
 * is refused as a repeat, which the caller takes as the failure it
 * would have been told without the retry. */
PGresult *
mm_pg_query (MmPgStore   *self,
       const char  *sql,
       GPtrArray   *params,
       GError     **error)
{
  PGresult *result = execute (self, sql, params);

  if (!succeeded (result) && !self->in_transaction && connection_lost (self))
    {
      g_clear_pointer (&result, PQclear);
      PQreset (self->conn);
      if (PQstatus (self->conn) == CONNECTION_OK)
        result = execute (self, sql, params);
    }
  if (!succeeded (result))
    {
      set_failed (self, result, error);
      g_clear_pointer (&result, PQclear);
      return NULL;
    }
  return result;
}

/* Runs a statement for what it does; the number of rows it changed in
 * @changed (may be NULL). */
gboolean
mm_pg_command (MmPgStore   *self,
               const char  *sql,
               GPtrArray   *params,
               guint64     *changed,
               GError     **error)
{
  g_autoptr(PGresult) result = mm_pg_query (self, sql, params, error);

  if (result == NULL)
    return FALSE;
  if (changed != NULL)
    *changed = g_ascii_strtoull (PQcmdTuples (result), NULL, 10);
  return TRUE;
}

static char *
dup_value (const PGresult *result,
           int             row,
           int             column)
{
  if (PQgetisnull (result, row, column))
    return NULL;
  return g_strdup (PQgetvalue (result, row, column));
}

gint64
mm_pg_int_value (const PGresult *result,
                 int             row,
                 int             column)
{
  return g_ascii_strtoll (PQgetvalue (result, row, column), NULL, 10);
}

static gboolean
bool_value (const PGresult *result,
            int             row,
            int             column)
{
  return PQgetvalue (result, row, column)[0] == 't';
}

static double
double_value (const PGresult *result,
              int             row,
              int             column)
{
  return g_ascii_strtod (PQgetvalue (result, row, column), NULL);
}

/* The notices and warnings PostgreSQL sends are for a developer, not
 * for the standard error of a server, which libpq would print them on. */
static void
notice_cb (void       *user_data,
           const char *message)
{
  g_autofree char *line = g_strchomp (g_strdup (message));

  g_debug ("PostgreSQL: %s", line);
}

/* A connection to the database @conninfo names, as PostgreSQL's users
 * write it ("postgresql://user@host:port/db" or "host=/run/postgresql
 * dbname=db"), without a look at its schema. */
MmPgStore *
mm_pg_store_connect (const char  *conninfo,
                     GError     **error)
{
  /* The first dbname is expanded into the operator's settings; those
   * after it win: text goes both ways in UTF-8, whatever the
   * database's default. */
  const char *const keywords[] = { "dbname", "client_encoding", "fallback_application_name", NULL };
  const char *const values[] = { conninfo, "UTF8", "monomachia-server", NULL };
  g_autoptr(MmPgStore) self = NULL;

  g_return_val_if_fail (conninfo != NULL, NULL);

  self = g_object_new (MM_TYPE_PG_STORE, NULL);
  self->conninfo = g_strdup (conninfo);
  self->conn = PQconnectdbParams (keywords, values, 1);
  if (self->conn == NULL)
    g_error ("libpq: out of memory");
  if (PQstatus (self->conn) != CONNECTION_OK)
    {
      set_failed (self, NULL, error);
      return NULL;
    }
  PQsetNoticeProcessor (self->conn, notice_cb, NULL);
  return g_steal_pointer (&self);
}

/* The database @conninfo names, brought up to the current schema. */
MmPgStore *
mm_pg_store_new (const char  *conninfo,
                 GError     **error)
{
  g_autoptr(MmPgStore) self = mm_pg_store_connect (conninfo, error);

  if (self == NULL || !mm_pg_store_migrate (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

static void
mm_pg_store_finalize (GObject *object)
{
  MmPgStore *self = MM_PG_STORE (object);

  /* First, as the calls' thread may use the connection's settings */
  mm_pg_calls_stop (self);
  g_clear_pointer (&self->conn, PQfinish);
  /* A move waiting or on the wire holds the store (its task's source):
   * none is left by now. */
  g_clear_handle_id (&self->settle_source, g_source_remove);
  g_clear_object (&self->pipeline);
  g_free (self->conninfo);
  G_OBJECT_CLASS (mm_pg_store_parent_class)->finalize (object);
}

static void
mm_pg_store_class_init (MmPgStoreClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = mm_pg_store_finalize;
}

static void
mm_pg_store_init (MmPgStore *self)
{
  g_queue_init (&self->moves);
  g_queue_init (&self->answered);
}

static gint64
now_s (void)
{
  return g_get_real_time () / G_USEC_PER_SEC;
}

/* One UPDATE, so that servers sharing the database never answer the
 * same number. */
static guint64
pg_next_ids (MmStore  *store,
             guint     count,
             GError  **error)
{
  MmPgStore *self = MM_PG_STORE (store);
  g_autoptr(GPtrArray) params = mm_pg_params_new ();
  g_autoptr(PGresult) result = NULL;

  mm_pg_add_int (params, count);
  result = mm_pg_query (self, "UPDATE meta SET value = value + $1 WHERE key = 'next_id'"
                        " RETURNING value - $1 + 1", params, error);

  if (result == NULL)
    return 0;
  if (PQntuples (result) != 1)
    {
      g_set_error (error, MM_STORE_ERROR, MM_STORE_ERROR_FAILED,
                   _("The database %s failed: %s"), PQdb (self->conn), "meta has no next_id");
      return 0;
    }
  return (guint64) mm_pg_int_value (result, 0, 0);
}

static gboolean
pg_save_session (MmStore                *store,
                 const MmStoredSession  *session,
                 GError                **error)
{
  g_autoptr(GPtrArray) params = mm_pg_params_new ();

  mm_pg_add_text (params, session->token_hash);
  mm_pg_add_text (params, session->name);
  add_bool (params, session->guest);
  return mm_pg_command (MM_PG_STORE (store),
                        "INSERT INTO sessions (token_hash, name, guest) VALUES ($1, $2, $3)"
                        " ON CONFLICT (token_hash) DO UPDATE SET name = EXCLUDED.name,"
                        " guest = EXCLUDED.guest", params, NULL, error);
}

static gboolean
pg_delete_session (MmStore     *store,
                   const char  *token_hash,
                   GError     **error)
{
  g_autoptr(GPtrArray) params = mm_pg_params_new ();

  mm_pg_add_text (params, token_hash);
  return mm_pg_command (MM_PG_STORE (store), "DELETE FROM sessions WHERE token_hash = $1", params,
                        NULL, error);
}

static MmStoredSession *
pg_find_session (MmStore     *store,
                 const char  *token_hash,
                 GError     **error)
{
  g_autoptr(GPtrArray) params = mm_pg_params_new ();
  g_autoptr(PGresult) result = NULL;

  mm_pg_add_text (params, token_hash);
  result = mm_pg_query (MM_PG_STORE (store),
                  "SELECT token_hash, name, guest FROM sessions WHERE token_hash = $1", params,
                  error);
  if (result == NULL || PQntuples (result) == 0)
    return NULL;
  return mm_stored_session_new (PQgetvalue (result, 0, 0), PQgetvalue (result, 0, 1),
                                bool_value (result, 0, 2));
}

static GPtrArray *
pg_list_sessions (MmStore  *store,
                  GError  **error)
{
  g_autoptr(PGresult) result =
    mm_pg_query (MM_PG_STORE (store), "SELECT token_hash, name, guest FROM sessions", NULL, error);
  g_autoptr(GPtrArray) sessions = NULL;

  if (result == NULL)
    return NULL;
  sessions = g_ptr_array_new_with_free_func ((GDestroyNotify) mm_stored_session_free);
  for (int row = 0; row < PQntuples (result); row++)
    g_ptr_array_add (sessions, mm_stored_session_new (PQgetvalue (result, row, 0),
                                                      PQgetvalue (result, row, 1),
                                                      bool_value (result, row, 2)));
  return g_steal_pointer (&sessions);
}

static gboolean
pg_create_game (MmStore             *store,
                const MmStoredGame  *game,
                GError             **error)
{
  g_autoptr(GPtrArray) params = mm_pg_create_game_params (game);

  return mm_pg_command (MM_PG_STORE (store), MM_PG_CREATE_GAME, params, NULL, error);
}

/* The values of MM_PG_CREATE_GAME for @game. */
GPtrArray *
mm_pg_create_game_params (const MmStoredGame *game)
{
  GPtrArray *params = mm_pg_params_new ();

  mm_pg_add_text (params, game->id);
  mm_pg_add_text (params, game->black);
  mm_pg_add_text (params, game->white);
  g_ptr_array_add (params, mm_nickname_key (game->black));
  g_ptr_array_add (params, mm_nickname_key (game->white));
  mm_pg_add_int (params, game->base_s);
  mm_pg_add_int (params, game->increment_s);
  add_bool (params, game->rated);
  mm_pg_add_int (params, game->started);
  mm_pg_add_int (params, game->black_ms);
  mm_pg_add_int (params, game->white_ms);
  return params;
}

/* A data-changing WITH is done in full whether or not the statement
 * reads it: the moves go and the clocks change together. */
static gboolean
pg_take_back (MmStore     *store,
              const char  *game_id,
              guint        n_moves,
              gint64       black_ms,
              gint64       white_ms,
              GError     **error)
{
  g_autoptr(GPtrArray) params = mm_pg_params_new ();

  mm_pg_add_text (params, game_id);
  mm_pg_add_int (params, n_moves);
  mm_pg_add_int (params, black_ms);
  mm_pg_add_int (params, white_ms);
  return mm_pg_command (MM_PG_STORE (store), MM_PG_TAKE_BACK, params, NULL, error);
}

static MmStoredGame *pg_find_game (MmStore     *store,
                                   const char  *game_id,
                                   GError     **error);

static gboolean
pg_finish_game (MmStore     *store,
                const char  *game_id,
                const char  *winner,
                const char  *reason,
                const char  *ggf,
                GError     **error)
{
  g_autoptr(GPtrArray) params = mm_pg_params_new ();
  guint64 changed = 0;

  mm_pg_add_text (params, winner);
  mm_pg_add_text (params, reason);
  mm_pg_add_int (params, now_s ());
  mm_pg_add_text (params, ggf);
  mm_pg_add_text (params, game_id);
  if (!mm_pg_command (MM_PG_STORE (store),
                      "UPDATE games SET winner = $1, reason = $2, finished = $3, ggf = $4"
                      " WHERE id = $5 AND winner IS NULL", params, &changed, error))
    return FALSE;
  if (changed == 0)
    {
      g_autoptr(MmStoredGame) kept = pg_find_game (store, game_id, NULL);

      mm_store_set_not_finished_error (error, game_id, kept != NULL);
      return FALSE;
    }
  return TRUE;
}

#define GAME_COLUMNS \
  "id, black, white, base_s, increment_s, rated, started, black_ms, white_ms, winner, reason," \
  " ggf, " NOW_MS " - moved_at"
/* The moves in one more column, "37,43,18": a game with its moves, or
 * a list of them, in one round trip. */
#define MOVES_COLUMN \
  "array_to_string (ARRAY (SELECT square FROM moves WHERE moves.game_id = games.id" \
  " ORDER BY ply), ',')"
#define MOVES_COLUMN_INDEX 13

static void
read_moves (MmStoredGame *game,
            const char   *list)
{
  while (*list != '\0')
    {
      char *end = NULL;
      int square = (int) g_ascii_strtoll (list, &end, 10);

      if (end == list)
        break;
      g_array_append_val (game->moves, square);
      list = *end == ',' ? end + 1 : end;
    }
}

/* Row @row of GAME_COLUMNS, with the moves when @with_moves (then the
 * result has MOVES_COLUMN after them). */
static MmStoredGame *
read_game (const PGresult *result,
           int             row,
           gboolean        with_moves)
{
  MmStoredGame *game = mm_stored_game_new ();

  game->id = dup_value (result, row, 0);
  game->black = dup_value (result, row, 1);
  game->white = dup_value (result, row, 2);
  game->base_s = (guint) mm_pg_int_value (result, row, 3);
  game->increment_s = (guint) mm_pg_int_value (result, row, 4);
  game->rated = bool_value (result, row, 5);
  game->started = mm_pg_int_value (result, row, 6);
  game->black_ms = mm_pg_int_value (result, row, 7);
  game->white_ms = mm_pg_int_value (result, row, 8);
  game->winner = dup_value (result, row, 9);
  game->reason = dup_value (result, row, 10);
  game->ggf = dup_value (result, row, 11);
  if (!PQgetisnull (result, row, 12))
    game->since_move_ms = MAX (mm_pg_int_value (result, row, 12), 0);
  if (with_moves)
    read_moves (game, PQgetvalue (result, row, MOVES_COLUMN_INDEX));
  return game;
}

static GPtrArray *
read_games (const PGresult *result,
            gboolean        with_moves)
{
  GPtrArray *games = g_ptr_array_new_with_free_func ((GDestroyNotify) mm_stored_game_free);

  for (int row = 0; row < PQntuples (result); row++)
    g_ptr_array_add (games, read_game (result, row, with_moves));
  return games;
}

static MmStoredGame *
pg_find_game (MmStore     *store,
              const char  *game_id,
              GError     **error)
{
  g_autoptr(GPtrArray) params = mm_pg_params_new ();
  g_autoptr(PGresult) result = NULL;

  mm_pg_add_text (params, game_id);
  result = mm_pg_query (MM_PG_STORE (store),
                  "SELECT " GAME_COLUMNS ", " MOVES_COLUMN " FROM games WHERE id = $1", params,
                  error);
  if (result == NULL || PQntuples (result) == 0)
    return NULL;
  return read_game (result, 0, TRUE);
}

static GPtrArray *
pg_list_games (MmStore     *store,
               gboolean     unfinished,
               const char  *player,
               guint        limit,
               GError     **error)
{
  g_autoptr(GPtrArray) params = mm_pg_params_new ();
  g_autoptr(PGresult) result = NULL;

  if (unfinished)
    result = mm_pg_query (MM_PG_STORE (store),
                    "SELECT " GAME_COLUMNS ", " MOVES_COLUMN " FROM games"
                    " WHERE winner IS NULL ORDER BY started, seq", NULL, error);
  else
    {
      g_ptr_array_add (params, player != NULL ? mm_nickname_key (player) : NULL);
      /* LIMIT NULL is no limit. */
      if (limit > 0)
        mm_pg_add_int (params, limit);
      else
        mm_pg_add_text (params, NULL);
      result = mm_pg_query (MM_PG_STORE (store),
                      "SELECT " GAME_COLUMNS ", " MOVES_COLUMN " FROM games"
                      " WHERE winner IS NOT NULL"
                      " AND ($1::text IS NULL OR black_key = $1 OR white_key = $1)"
                      " ORDER BY finished DESC, seq DESC LIMIT $2::bigint", params, error);
    }
  if (result == NULL)
    return NULL;
  return read_games (result, TRUE);
}

static gboolean
pg_create_account (MmStore                *store,
                   const MmStoredAccount  *account,
                   GError                **error)
{
  g_autoptr(GPtrArray) params = mm_pg_params_new ();

  g_ptr_array_add (params, mm_nickname_key (account->name));
  mm_pg_add_text (params, account->name);
  mm_pg_add_text (params, account->password_hash);
  add_double (params, account->rating);
  add_double (params, account->deviation);
  add_double (params, account->volatility);
  mm_pg_add_int (params, now_s ());
  return mm_pg_command (MM_PG_STORE (store),
                        "INSERT INTO accounts (key, name, password_hash, rating, deviation,"
                        " volatility, created) VALUES ($1, $2, $3, $4, $5, $6, $7)", params, NULL,
                        error);
}

static MmStoredAccount *
pg_find_account (MmStore     *store,
                 const char  *name,
                 GError     **error)
{
  g_autoptr(GPtrArray) params = mm_pg_params_new ();
  g_autoptr(PGresult) result = NULL;
  MmStoredAccount *account;

  g_ptr_array_add (params, mm_nickname_key (name));
  result = mm_pg_query (MM_PG_STORE (store),
                  "SELECT name, password_hash, rating, deviation, volatility, admin"
                  " FROM accounts WHERE key = $1", params, error);
  if (result == NULL || PQntuples (result) == 0)
    return NULL;
  account = mm_stored_account_new (PQgetvalue (result, 0, 0), PQgetvalue (result, 0, 1));
  account->rating = double_value (result, 0, 2);
  account->deviation = double_value (result, 0, 3);
  account->volatility = double_value (result, 0, 4);
  account->admin = bool_value (result, 0, 5);
  return account;
}

static gboolean
pg_save_rating (MmStore                *store,
                const MmStoredAccount  *account,
                GError                **error)
{
  g_autoptr(GPtrArray) params = mm_pg_params_new ();

  add_double (params, account->rating);
  add_double (params, account->deviation);
  add_double (params, account->volatility);
  g_ptr_array_add (params, mm_nickname_key (account->name));
  return mm_pg_command (MM_PG_STORE (store), MM_PG_SAVE_RATING, params, NULL, error);
}

static gboolean
pg_set_admin (MmStore     *store,
              const char  *name,
              gboolean     admin,
              GError     **error)
{
  g_autoptr(GPtrArray) params = mm_pg_params_new ();
  guint64 changed = 0;

  add_bool (params, admin);
  g_ptr_array_add (params, mm_nickname_key (name));
  if (!mm_pg_command (MM_PG_STORE (store), "UPDATE accounts SET admin = $1 WHERE key = $2", params,
                      &changed, error))
    return FALSE;
  if (changed == 0)
    {
      g_set_error (error, MM_STORE_ERROR, MM_STORE_ERROR_NOT_FOUND,
                   /* Translators: %s is a player's name */
                   _("Nobody called “%s” has an account."), name);
      return FALSE;
    }
  return TRUE;
}

static gboolean
pg_add_sanction (MmStore                 *store,
                 const MmStoredSanction  *sanction,
                 GError                 **error)
{
  g_autoptr(GPtrArray) params = mm_pg_params_new ();

  mm_pg_add_text (params, sanction->kind);
  mm_pg_add_text (params, sanction->target);
  mm_pg_add_int (params, sanction->until);
  mm_pg_add_text (params, sanction->reason);
  mm_pg_add_text (params, sanction->by);
  mm_pg_add_int (params, now_s ());
  return mm_pg_command (MM_PG_STORE (store),
                        "INSERT INTO sanctions (kind, target, until, reason, by, created)"
                        " VALUES ($1, $2, $3, $4, $5, $6)"
                        " ON CONFLICT (kind, target) DO UPDATE SET until = EXCLUDED.until,"
                        " reason = EXCLUDED.reason, by = EXCLUDED.by, created = EXCLUDED.created",
                        params, NULL, error);
}

static gboolean
pg_lift_sanction (MmStore     *store,
                  const char  *kind,
                  const char  *target,
                  GError     **error)
{
  g_autoptr(GPtrArray) params = mm_pg_params_new ();

  mm_pg_add_text (params, kind);
  mm_pg_add_text (params, target);
  return mm_pg_command (MM_PG_STORE (store),
                        "DELETE FROM sanctions WHERE kind = $1 AND target = $2", params, NULL,
                        error);
}

static MmStoredSanction *
pg_find_sanction (MmStore     *store,
                  const char  *kind,
                  const char  *target,
                  gint64       now,
                  GError     **error)
{
  g_autoptr(GPtrArray) params = mm_pg_params_new ();
  g_autoptr(PGresult) result = NULL;
  MmStoredSanction *sanction;

  mm_pg_add_text (params, kind);
  mm_pg_add_text (params, target);
  mm_pg_add_int (params, now);
  result = mm_pg_query (MM_PG_STORE (store),
                  "SELECT until, reason, by FROM sanctions WHERE kind = $1 AND target = $2"
                  " AND (until = 0 OR until > $3)", params, error);
  if (result == NULL || PQntuples (result) == 0)
    return NULL;
  sanction = g_new0 (MmStoredSanction, 1);
  sanction->kind = g_strdup (kind);
  sanction->target = g_strdup (target);
  sanction->until = mm_pg_int_value (result, 0, 0);
  sanction->reason = dup_value (result, 0, 1);
  sanction->by = dup_value (result, 0, 2);
  return sanction;
}

static gboolean
pg_log_action (MmStore     *store,
               const char  *by,
               const char  *action,
               const char  *target,
               const char  *detail,
               GError     **error)
{
  g_autoptr(GPtrArray) params = mm_pg_params_new ();

  mm_pg_add_int (params, now_s ());
  mm_pg_add_text (params, by);
  mm_pg_add_text (params, action);
  mm_pg_add_text (params, target);
  mm_pg_add_text (params, detail);
  return mm_pg_command (MM_PG_STORE (store),
                        "INSERT INTO moderation_log (at, by, action, target, detail)"
                        " VALUES ($1, $2, $3, $4, $5)", params, NULL, error);
}

static gboolean
pg_get_meta (MmStore     *store,
             const char  *key,
             gint64      *value,
             GError     **error)
{
  g_autoptr(GPtrArray) params = mm_pg_params_new ();
  g_autoptr(PGresult) result = NULL;

  mm_pg_add_text (params, key);
  result = mm_pg_query (MM_PG_STORE (store), "SELECT value FROM meta WHERE key = $1", params, error);
  if (result == NULL || PQntuples (result) == 0)
    return FALSE;
  *value = mm_pg_int_value (result, 0, 0);
  return TRUE;
}

static gboolean
pg_set_meta (MmStore     *store,
             const char  *key,
             gint64       value,
             GError     **error)
{
  g_autoptr(GPtrArray) params = mm_pg_params_new ();

  mm_pg_add_text (params, key);
  mm_pg_add_int (params, value);
  return mm_pg_command (MM_PG_STORE (store),
                        "INSERT INTO meta (key, value) VALUES ($1, $2)"
                        " ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value", params, NULL,
                        error);
}

/* The claim of the period and the ratings in one statement, so all or
 * nothing: the accounts are updated only if the meta row moved.  $1
 * the key, $2 and $3 the period's start and end, $4 to $7 the accounts'
 * keys, ratings, deviations and volatilities. */
#define CLOSE_PERIOD \
  "WITH claimed AS (UPDATE meta SET value = $3 WHERE key = $1 AND value = $2 RETURNING key)," \
  " r AS (SELECT * FROM unnest ($4::text[], $5::float8[], $6::float8[], $7::float8[])" \
  "  AS r (key, rating, deviation, volatility))," \
  " rated AS (UPDATE accounts SET rating = r.rating, deviation = r.deviation," \
  "  volatility = r.volatility FROM r WHERE accounts.key = r.key" \
  "  AND EXISTS (SELECT 1 FROM claimed))" \
  " SELECT count(*) FROM claimed"

/* A value of a text[] parameter: "{"g1","g2"}", quoted as PostgreSQL
 * reads an array. */
void
mm_pg_append_array_text (GString    *array,
                         const char *value)
{
  if (array->len > 1)
    g_string_append_c (array, ',');
  g_string_append_c (array, '"');
  for (const char *c = value; *c != '\0'; c++)
    {
      if (*c == '"' || *c == '\\')
        g_string_append_c (array, '\\');
      g_string_append_c (array, *c);
    }
  g_string_append_c (array, '"');
}

static void
append_array_double (GString *array,
                     double   value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_printf (array, "%s%s", array->len > 1 ? "," : "",
                          g_ascii_dtostr (buffer, sizeof buffer, value));
}

static gboolean
pg_close_period (MmStore                *store,
                 const char             *key,
                 gint64                  from,
                 gint64                  to,
                 MmStoredAccount *const *accounts,
                 guint                   n_accounts,
                 GError                **error)
{
  g_autoptr(GPtrArray) params = mm_pg_params_new ();
  g_autoptr(PGresult) result = NULL;
  GString *arrays[4];

  for (guint i = 0; i < G_N_ELEMENTS (arrays); i++)
    arrays[i] = g_string_new ("{");
  for (guint i = 0; i < n_accounts; i++)
    {
      g_autofree char *account_key = mm_nickname_key (accounts[i]->name);

      mm_pg_append_array_text (arrays[0], account_key);
      append_array_double (arrays[1], accounts[i]->rating);
      append_array_double (arrays[2], accounts[i]->deviation);
      append_array_double (arrays[3], accounts[i]->volatility);
    }
  mm_pg_add_text (params, key);
  mm_pg_add_int (params, from);
  mm_pg_add_int (params, to);
  for (guint i = 0; i < G_N_ELEMENTS (arrays); i++)
    {
      g_string_append_c (arrays[i], '}');
      g_ptr_array_add (params, g_string_free (arrays[i], FALSE));
    }
  result = mm_pg_query (MM_PG_STORE (store), CLOSE_PERIOD, params, error);
  if (result == NULL)
    return FALSE;
  if (mm_pg_int_value (result, 0, 0) == 0)
    {
      g_set_error (error, MM_STORE_ERROR, MM_STORE_ERROR_FINISHED,
                   /* Translators: a rating period; %s is the database's name */
                   _("The rating period was closed already in the database %s."),
                   PQdb (MM_PG_STORE (store)->conn));
      return FALSE;
    }
  return TRUE;
}

static GPtrArray *
pg_list_rated (MmStore     *store,
               gint64       since,
               gint64       until,
               GError     **error)
{
  g_autoptr(GPtrArray) params = mm_pg_params_new ();
  g_autoptr(PGresult) result = NULL;

  mm_pg_add_int (params, since);
  mm_pg_add_int (params, until);
  result = mm_pg_query (MM_PG_STORE (store),
                  "SELECT " GAME_COLUMNS " FROM games WHERE rated AND winner IN"
                  " ('black', 'white', 'draw') AND finished >= $1 AND finished < $2"
                  " ORDER BY finished, seq", params, error);
  if (result == NULL)
    return NULL;
  return read_games (result, FALSE);
}

static void
mm_pg_store_store_init (MmStoreInterface *iface)
{
  iface->next_ids = pg_next_ids;
  iface->save_session = pg_save_session;
  iface->delete_session = pg_delete_session;
  iface->list_sessions = pg_list_sessions;
  iface->find_session = pg_find_session;
  iface->create_game = pg_create_game;
  iface->add_move = mm_pg_add_move;
  iface->add_move_async = mm_pg_add_move_async;
  iface->take_back = pg_take_back;
  iface->finish_game = pg_finish_game;
  iface->finish_game_async = mm_pg_finish_game_async;
  iface->take_back_async = mm_pg_take_back_async;
  iface->create_game_async = mm_pg_create_game_async;
  iface->save_rating_async = mm_pg_save_rating_async;
  iface->find_game = pg_find_game;
  iface->list_games = pg_list_games;
  iface->create_account = pg_create_account;
  iface->find_account = pg_find_account;
  iface->save_rating = pg_save_rating;
  iface->set_admin = pg_set_admin;
  iface->add_sanction = pg_add_sanction;
  iface->lift_sanction = pg_lift_sanction;
  iface->find_sanction = pg_find_sanction;
  iface->log_action = pg_log_action;
  iface->get_meta = pg_get_meta;
  iface->set_meta = pg_set_meta;
  iface->list_rated = pg_list_rated;
  iface->close_period = pg_close_period;
  iface->run_call = mm_pg_run_call;
}
