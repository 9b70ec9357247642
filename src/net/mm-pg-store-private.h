/* mm-pg-store-private.h
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

/* What the two files of the PostgreSQL store share: the store's fields,
 * and the helpers that make a statement's parameters, run it and read
 * its answer (mm-pg-store.c), which the moves' inserts (mm-pg-moves.c)
 * use as the store's other calls do. */

#include <libpq-fe.h>

#include "mm-pg-pipeline.h"
#include "mm-pg-store.h"

G_BEGIN_DECLS

/* The lanes of the calls that wait for the database (mm-pg-calls.c):
 * each a thread and a connection */
#define MM_PG_N_LANES 4
typedef struct _MmPgLane MmPgLane;

struct _MmPgStore
{
  GObject       parent_instance;

  PGconn       *conn;
  /* A statement inside BEGIN … COMMIT is not sent again on a new
   * connection: the transaction it belonged to is gone with the old. */
  gboolean      in_transaction;
  char         *conninfo;
  /* The statements whose answers come later, on the main loop; NULL
   * until the first (mm-pg-moves.c) */
  MmPgPipeline *pipeline;
  /* Moves kept without waiting (PgMove): waiting for the next batch,
   * and answered, to be told from an idle */
  GQueue        moves;
  GQueue        answered;
  gboolean      batch_sent;
  guint         settle_source;
  /* The calls that wait for the database (mm-pg-calls.c); a lane's
   * thread is made with its first call */
  MmPgLane     *lanes;
  guint         next_lane;
  gint          calls_stopping;
};

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PGresult, PQclear)

/* The database's clock in ms since 1970: the one every server reads. */
#define NOW_MS "(extract(epoch FROM clock_timestamp()) * 1000)::bigint"

/* Statements sent both blocking and on the pipeline.  A take-back: $1
 * the game, $2 the moves that stay, $3 and $4 the clocks. */
#define MM_PG_TAKE_BACK \
  "WITH gone AS (DELETE FROM moves WHERE game_id = $1 AND ply > $2)" \
  " UPDATE games SET black_ms = $3, white_ms = $4, moved_at = " NOW_MS " WHERE id = $1"
/* A game's row: $1 the id, $2 to $5 the players' names and keys, $6 to
 * $8 the time control, $9 the start, $10 and $11 the clocks. */
#define MM_PG_CREATE_GAME \
  "INSERT INTO games (id, black, white, black_key, white_key, base_s, increment_s, rated," \
  " started, black_ms, white_ms, moved_at)" \
  " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, " NOW_MS ")"
/* A rating: $1 to $3 the rating, deviation and volatility, $4 the
 * account's key. */
#define MM_PG_SAVE_RATING \
  "UPDATE accounts SET rating = $1, deviation = $2, volatility = $3 WHERE key = $4"

GPtrArray *mm_pg_params_new        (void);
void       mm_pg_add_text          (GPtrArray       *params,
                                    const char      *value);
void       mm_pg_add_int           (GPtrArray       *params,
                                    gint64           value);
void       mm_pg_append_array_text (GString         *array,
                                    const char      *value);
PGresult  *mm_pg_query             (MmPgStore       *self,
                                    const char      *sql,
                                    GPtrArray       *params,
                                    GError         **error);
gboolean   mm_pg_command           (MmPgStore       *self,
                                    const char      *sql,
                                    GPtrArray       *params,
                                    guint64         *changed,
                                    GError         **error);
gint64     mm_pg_int_value         (const PGresult  *result,
                                    int              row,
                                    int              column);

/* The interface's add_move and add_move_async (mm-pg-moves.c) */
gboolean mm_pg_add_move       (MmStore              *store,
                               const char           *game_id,
                               guint                 ply,
                               int                   square,
                               gint64                black_ms,
                               gint64                white_ms,
                               GError              **error);
void     mm_pg_add_move_async (MmStore              *store,
                               const char           *game_id,
                               guint                 ply,
                               int                   square,
                               gint64                black_ms,
                               gint64                white_ms,
                               GCancellable         *cancellable,
                               GAsyncReadyCallback   callback,
                               gpointer              user_data);

/* The interface's finish_game_async (mm-pg-moves.c) */
void     mm_pg_finish_game_async (MmStore             *store,
                                  const char          *game_id,
                                  const char          *winner,
                                  const char          *reason,
                                  const char          *ggf,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data);

GPtrArray *mm_pg_create_game_params (const MmStoredGame *game);
void     mm_pg_create_game_async (MmStore             *store,
                                  const MmStoredGame  *game,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data);
void     mm_pg_take_back_async   (MmStore             *store,
                                  const char          *game_id,
                                  guint                n_moves,
                                  gint64               black_ms,
                                  gint64               white_ms,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data);
void     mm_pg_save_rating_async (MmStore               *store,
                                  const MmStoredAccount *account,
                                  GCancellable          *cancellable,
                                  GAsyncReadyCallback    callback,
                                  gpointer               user_data);

/* The interface's run_call, and its end (mm-pg-calls.c) */
void     mm_pg_run_call          (MmStore             *store,
                                  const char          *order,
                                  MmStoreCall          call,
                                  gpointer             data,
                                  GTask               *task);
void     mm_pg_calls_stop        (MmPgStore           *self);

/* Brings the store's database up to the current schema
 * (mm-pg-schema.c) */
gboolean   mm_pg_store_migrate   (MmPgStore           *self,
                                  GError             **error);

/* A connection without a look at the schema, for a store that another
 * brought up to date */
MmPgStore *mm_pg_store_connect   (const char          *conninfo,
                                  GError             **error);

G_END_DECLS
