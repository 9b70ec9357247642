/* mm-pg-moves.c
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

/* A move's insert in the PostgreSQL store (mm-pg-store.c), in both the
 * interface's forms.  The one that blocks is one statement, as the
 * store's other calls are.  The one that does not
 * (mm_store_add_move_async()), for the statement a server sends most,
 * goes on a second connection, in libpq's non-blocking pipeline mode on
 * the main loop (MmPgPipeline), made at its first use, and the moves
 * that come while one batch commits go together in the next.  It is
 * apart from the store's other calls because it lives on the main loop:
 * its queues, its idle and the pipeline's answers are its own.  A
 * game's end (mm_store_finish_game_async()) goes on the same pipeline,
 * after the game's moves. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <libpq-fe.h>

#include "mm-pg-pipeline.h"
#include "mm-nickname.h"
#include "mm-pg-store-private.h"

/* The move and the clocks in one statement: the clocks change only if
 * the move's row was written, and the row is written only if no one
 * (this server or another) wrote the ply before.  $1 the game, $2 the
 * ply, $3 the square, $4 and $5 the clocks; the rows it changed are 1
 * if the move was kept, 0 if the ply was there already. */
#define ADD_MOVE \
  "WITH added AS (INSERT INTO moves (game_id, ply, square) VALUES ($1, $2, $3)" \
  "  ON CONFLICT DO NOTHING RETURNING game_id)" \
  " UPDATE games SET black_ms = $4, white_ms = $5, moved_at = " NOW_MS \
  " WHERE id = (SELECT game_id FROM added)"

static GPtrArray *
add_move_params (const char *game_id,
                 guint       ply,
                 int         square,
                 gint64      black_ms,
                 gint64      white_ms)
{
  GPtrArray *params = mm_pg_params_new ();

  mm_pg_add_text (params, game_id);
  mm_pg_add_int (params, ply);
  mm_pg_add_int (params, square);
  mm_pg_add_int (params, black_ms);
  mm_pg_add_int (params, white_ms);
  return params;
}

static void
set_move_there (GError     **error,
                const char  *game_id,
                guint        ply)
{
  g_set_error (error, MM_STORE_ERROR, MM_STORE_ERROR_EXISTS,
               /* Translators: %u is a move's number in its game, %s the game's id */
               _("Move %u of the game “%s” is in the database already."), ply, game_id);
}

gboolean
mm_pg_add_move (MmStore     *store,
                const char  *game_id,
                guint        ply,
                int          square,
                gint64       black_ms,
                gint64       white_ms,
                GError     **error)
{
  g_autoptr(GPtrArray) params = add_move_params (game_id, ply, square, black_ms, white_ms);
  guint64 changed = 0;

  if (!mm_pg_command (MM_PG_STORE (store), ADD_MOVE, params, &changed, error))
    return FALSE;
  if (changed == 0)
    {
      set_move_there (error, game_id, ply);
      return FALSE;
    }
  return TRUE;
}

/* The moves of several games kept by one statement, one transaction:
 * one commit, one wait for the disk, for all of them.  The arrays are
 * the games ($1), plies ($2), squares ($3) and clocks ($4, $5), one
 * move a game; the answer is the moves kept, a ply there already being
 * left out, as ADD_MOVE does. */
#define ADD_MOVES \
  "WITH m AS (SELECT * FROM unnest ($1::text[], $2::bigint[], $3::bigint[], $4::bigint[]," \
  "  $5::bigint[]) AS m (game_id, ply, square, black_ms, white_ms))," \
  " added AS (INSERT INTO moves (game_id, ply, square) SELECT game_id, ply, square FROM m" \
  "  ON CONFLICT DO NOTHING RETURNING game_id, ply)," \
  " clocks AS (UPDATE games SET black_ms = m.black_ms, white_ms = m.white_ms," \
  "  moved_at = " NOW_MS " FROM added JOIN m USING (game_id, ply)" \
  "  WHERE games.id = added.game_id)" \
  " SELECT game_id, ply FROM added"

/* Moves in one statement at most */
#define MAX_BATCH 256

/* A move to keep without waiting, and then its answer. */
typedef struct
{
  GTask   *task;
  char    *game_id;
  guint    ply;
  int      square;
  gint64   black_ms;
  gint64   white_ms;
  /* Sent on its own: the batch it was in failed */
  gboolean alone;
  GError  *error;
} PgMove;

typedef struct
{
  MmPgStore *self;
  /* PgMove */
  GPtrArray *moves;
} Batch;

static void
pg_move_free (PgMove *move)
{
  g_clear_object (&move->task);
  g_free (move->game_id);
  g_clear_error (&move->error);
  g_free (move);
}

/* The pipeline's lines are for debugging: what fails reaches the caller
 * as an error. */
static void
pipeline_log_cb (MmPgPipeline *pipeline,
                 const char   *line,
                 MmPgStore    *self)
{
  g_debug ("store pipeline: %s", line);
}

static gboolean settle_cb (gpointer data);

/* The pipeline, made at its first use. */
static MmPgPipeline *
pipeline_of (MmPgStore *self)
{
  if (self->pipeline == NULL)
    {
      self->pipeline = mm_pg_pipeline_new (self->conninfo);
      g_signal_connect (self->pipeline, "log", G_CALLBACK (pipeline_log_cb), self);
    }
  return self->pipeline;
}

/* The pipeline calls back from inside its reading, or while it drops a
 * lost connection: nothing is sent, and no caller told, from there,
 * but from an idle. */
static void
settle_later (MmPgStore *self)
{
  /* At the priority of the sockets: the default idle one waits while
   * any of them is ready, which under load is always. */
  if (self->settle_source == 0)
    self->settle_source = g_idle_add_full (G_PRIORITY_DEFAULT, settle_cb, self, NULL);
}

static void
batch_free (Batch *batch)
{
  g_ptr_array_unref (batch->moves);
  g_free (batch);
}

/* The batch's answer: the moves it kept.  A move left out was there
 * already (the same ply, from this server or another). */
static void
batch_done (PGresult  *result,
            GPtrArray *values,
            gpointer   data)
{
  Batch *batch = data;
  MmPgStore *self = batch->self;
  g_autoptr(GHashTable) kept = g_hash_table_new (g_str_hash, g_str_equal);

  for (int row = 0; row < PQntuples (result); row++)
    g_hash_table_insert (kept, PQgetvalue (result, row, 0),
                         GUINT_TO_POINTER ((guint) mm_pg_int_value (result, row, 1)));
  for (guint i = 0; i < batch->moves->len; i++)
    {
      PgMove *move = batch->moves->pdata[i];
      gpointer ply;

      if (!g_hash_table_lookup_extended (kept, move->game_id, NULL, &ply)
          || GPOINTER_TO_UINT (ply) != move->ply)
        set_move_there (&move->error, move->game_id, move->ply);
      g_queue_push_tail (&self->answered, move);
    }
  g_ptr_array_set_free_func (batch->moves, NULL);
  batch_free (batch);
  self->batch_sent = FALSE;
  settle_later (self);
}

/* The database refused the statement, or the connection was lost with
 * it on the wire or waiting (it may have been done then: the same ply
 * again is refused as being there).  Not sent again on a new
 * connection: the player tries again, as a move refused says.  A batch
 * refused whole (a move of a game there is not, say) is sent again a
 * move at a time, so that one move refused takes no other with it. */
static void
batch_failed (GPtrArray *values,
              gpointer   data)
{
  Batch *batch = data;
  MmPgStore *self = batch->self;
  const char *said = self->pipeline != NULL ? mm_pg_pipeline_get_error (self->pipeline) : NULL;

  for (guint i = batch->moves->len; i-- > 0;)
    {
      PgMove *move = batch->moves->pdata[i];

      g_set_error (&move->error, MM_STORE_ERROR, MM_STORE_ERROR_FAILED,
                   /* Translators: %s are the database's name and what the database said */
                   _("The database %s failed: %s"), PQdb (self->conn),
                   said != NULL ? said : "?");
      if (batch->moves->len > 1)
        {
          move->alone = TRUE;
          g_queue_push_head (&self->moves, move);
        }
      else
        g_queue_push_tail (&self->answered, move);
    }
  g_ptr_array_set_free_func (batch->moves, NULL);
  batch_free (batch);
  self->batch_sent = FALSE;
  settle_later (self);
}

/* A value of a bigint[] parameter, as mm_pg_append_array_text() writes
 * a text[] one */
static void
append_array_int (GString *array,
                  gint64   value)
{
  g_string_append_printf (array, "%s%" G_GINT64_FORMAT, array->len > 1 ? "," : "", value);
}

/* Sends the moves that wait, one a game (a game's next move waits for
 * the batch after), in one statement; nothing while a batch is on the
 * wire, so that the moves that come during one commit go together in
 * the next: PostgreSQL's group commit, done by the store. */
static void
send_batch (MmPgStore *self)
{
  g_autoptr(GHashTable) games = NULL;
  GString *arrays[5];
  char *values[5];
  Batch *batch;
  GList *l, *next;

  if (self->batch_sent || g_queue_is_empty (&self->moves))
    return;
  games = g_hash_table_new (g_str_hash, g_str_equal);
  batch = g_new0 (Batch, 1);
  batch->self = self;
  batch->moves = g_ptr_array_new_with_free_func ((GDestroyNotify) pg_move_free);
  for (guint i = 0; i < G_N_ELEMENTS (arrays); i++)
    arrays[i] = g_string_new ("{");
  for (l = self->moves.head; l != NULL && batch->moves->len < MAX_BATCH; l = next)
    {
      PgMove *move = l->data;

      next = l->next;
      /* A game's moves go in order: one a batch. */
      if (g_hash_table_contains (games, move->game_id))
        continue;
      g_hash_table_add (games, move->game_id);
      /* One sent again on its own goes alone, over a connection: the
       * batch failed with the connection lost, and so does it. */
      if (move->alone && batch->moves->len > 0)
        continue;
      g_queue_delete_link (&self->moves, l);
      if (move->alone && (self->pipeline == NULL
                          || !mm_pg_pipeline_get_connected (self->pipeline)))
        {
          g_queue_push_tail (&self->answered, move);
          settle_later (self);
          continue;
        }
      g_clear_error (&move->error);
      g_ptr_array_add (batch->moves, move);
      mm_pg_append_array_text (arrays[0], move->game_id);
      append_array_int (arrays[1], move->ply);
      append_array_int (arrays[2], move->square);
      append_array_int (arrays[3], move->black_ms);
      append_array_int (arrays[4], move->white_ms);
      if (move->alone)
        break;
    }
  for (guint i = 0; i < G_N_ELEMENTS (arrays); i++)
    {
      g_string_append_c (arrays[i], '}');
      values[i] = g_string_free (arrays[i], FALSE);
    }
  if (batch->moves->len == 0)
    {
      for (guint i = 0; i < G_N_ELEMENTS (values); i++)
        g_free (values[i]);
      batch_free (batch);
      return;
    }
  self->batch_sent = TRUE;
  mm_pg_pipeline_queue (pipeline_of (self), ADD_MOVES, FALSE, batch_done, batch_failed, batch,
                        G_N_ELEMENTS (values), (const char *const *) values);
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    g_free (values[i]);
}

/* The answers of the last batch are told, then the next batch goes. */
static gboolean
settle_cb (gpointer data)
{
  MmPgStore *self = g_object_ref (data);
  PgMove *move;

  self->settle_source = 0;
  while ((move = g_queue_pop_head (&self->answered)) != NULL)
    {
      if (move->error != NULL)
        g_task_return_error (move->task, g_steal_pointer (&move->error));
      else
        g_task_return_boolean (move->task, TRUE);
      pg_move_free (move);
    }
  send_batch (self);
  g_object_unref (self);
  return G_SOURCE_REMOVE;
}

/* On the pipeline: nothing waits for the database, and the moves of
 * many games go in one statement (send_batch). */
void
mm_pg_add_move_async (MmStore             *store,
                      const char          *game_id,
                      guint                ply,
                      int                  square,
                      gint64               black_ms,
                      gint64               white_ms,
                      GCancellable        *cancellable,
                      GAsyncReadyCallback  callback,
                      gpointer             user_data)
{
  MmPgStore *self = MM_PG_STORE (store);
  PgMove *move = g_new0 (PgMove, 1);

  move->task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (move->task, mm_pg_add_move_async);
  move->game_id = g_strdup (game_id);
  move->ply = ply;
  move->square = square;
  move->black_ms = black_ms;
  move->white_ms = white_ms;
  g_queue_push_tail (&self->moves, move);
  send_batch (self);
}

/* A game's end and whether the game is there, in one statement: $1 to
 * $4 the winner, the reason, the time and the record, $5 the game. */
#define FINISH_GAME \
  "WITH done AS (UPDATE games SET winner = $1, reason = $2, finished = $3, ggf = $4" \
  "  WHERE id = $5 AND winner IS NULL RETURNING id)" \
  " SELECT (SELECT count(*) FROM done), (SELECT count(*) FROM games WHERE id = $5)"

/* A write on its way whose answer nothing waits for (a game's end, a
 * take-back, a rating).  The task has no source object, as a store that
 * goes with writes still waiting for the database must not be kept by
 * them (their failures are told as it goes). */
typedef struct _PgWrite PgWrite;
struct _PgWrite
{
  GTask  *task;
  char   *game_id;
  char   *database;
  /* Reads the answer into error, or NULL: any answer will do */
  void  (*check) (PgWrite *write, PGresult *result);
  GError *error;
};

static gboolean
write_told_cb (gpointer data)
{
  PgWrite *write = data;

  if (write->error != NULL)
    g_task_return_error (write->task, g_steal_pointer (&write->error));
  else
    g_task_return_boolean (write->task, TRUE);
  g_object_unref (write->task);
  g_free (write->game_id);
  g_free (write->database);
  g_free (write);
  return G_SOURCE_REMOVE;
}

/* Told from an idle, as the moves are (settle_later). */
static void
write_done (PGresult  *result,
            GPtrArray *values,
            gpointer   data)
{
  PgWrite *write = data;

  if (write->check != NULL)
    write->check (write, result);
  g_idle_add_full (G_PRIORITY_DEFAULT, write_told_cb, write, NULL);
}

/* Refused by the database, or the pipeline went with the store: a lost
 * connection is not a failure, the write is sent again on the next. */
static void
write_failed (GPtrArray *values,
              gpointer   data)
{
  PgWrite *write = data;

  g_set_error (&write->error, MM_STORE_ERROR, MM_STORE_ERROR_FAILED,
               /* Translators: %s are the database's name and what the database said */
               _("The database %s failed: %s"), write->database, _("the change was not kept"));
  g_idle_add_full (G_PRIORITY_DEFAULT, write_told_cb, write, NULL);
}

/* Sends @sql on the pipeline, kept: sent again on a new connection if
 * the old one drops with it, so that what is written while the database
 * is away is written when it is back.  Each such statement is
 * idempotent (conditional, or setting values), so one done twice does
 * no harm, and the pipeline keeps their order, after the moves sent
 * before them. */
static void
queue_write (MmPgStore           *self,
             const char          *sql,
             guint                n_values,
             const char *const   *values,
             const char          *game_id,
             void               (*check) (PgWrite *write, PGresult *result),
             gpointer             source_tag,
             GCancellable        *cancellable,
             GAsyncReadyCallback  callback,
             gpointer             user_data)
{
  PgWrite *write = g_new0 (PgWrite, 1);

  write->task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (write->task, source_tag);
  write->game_id = g_strdup (game_id);
  write->database = g_strdup (PQdb (self->conn));
  write->check = check;
  mm_pg_pipeline_queue (pipeline_of (self), sql, TRUE, write_done, write_failed, write,
                        n_values, values);
}

static void
check_finished (PgWrite  *write,
                PGresult *result)
{
  if (mm_pg_int_value (result, 0, 0) == 0)
    mm_store_set_not_finished_error (&write->error, write->game_id,
                                     mm_pg_int_value (result, 0, 1) > 0);
}

void
mm_pg_finish_game_async (MmStore             *store,
                         const char          *game_id,
                         const char          *winner,
                         const char          *reason,
                         const char          *ggf,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autofree char *finished = g_strdup_printf ("%" G_GINT64_FORMAT,
                                               g_get_real_time () / G_USEC_PER_SEC);
  const char *values[] = { winner, reason, finished, ggf, game_id };

  queue_write (MM_PG_STORE (store), FINISH_GAME, G_N_ELEMENTS (values), values, game_id,
               check_finished, mm_pg_finish_game_async, cancellable, callback, user_data);
}

void
mm_pg_take_back_async (MmStore             *store,
                       const char          *game_id,
                       guint                n_moves,
                       gint64               black_ms,
                       gint64               white_ms,
                       GCancellable        *cancellable,
                       GAsyncReadyCallback  callback,
                       gpointer             user_data)
{
  g_autofree char *plies = g_strdup_printf ("%u", n_moves);
  g_autofree char *black = g_strdup_printf ("%" G_GINT64_FORMAT, black_ms);
  g_autofree char *white = g_strdup_printf ("%" G_GINT64_FORMAT, white_ms);
  const char *values[] = { game_id, plies, black, white };

  queue_write (MM_PG_STORE (store), MM_PG_TAKE_BACK, G_N_ELEMENTS (values), values, game_id,
               NULL, mm_pg_take_back_async, cancellable, callback, user_data);
}

void
mm_pg_save_rating_async (MmStore               *store,
                         const MmStoredAccount *account,
                         GCancellable          *cancellable,
                         GAsyncReadyCallback    callback,
                         gpointer               user_data)
{
  char numbers[3][G_ASCII_DTOSTR_BUF_SIZE];
  g_autofree char *key = mm_nickname_key (account->name);
  const char *values[] = {
    g_ascii_dtostr (numbers[0], sizeof numbers[0], account->rating),
    g_ascii_dtostr (numbers[1], sizeof numbers[1], account->deviation),
    g_ascii_dtostr (numbers[2], sizeof numbers[2], account->volatility),
    key,
  };

  queue_write (MM_PG_STORE (store), MM_PG_SAVE_RATING, G_N_ELEMENTS (values), values, NULL, NULL,
               mm_pg_save_rating_async, cancellable, callback, user_data);
}

/* Sent again after a lost connection like the others, so a game's row
 * already there (the first sending was done) is no failure. */
void
mm_pg_create_game_async (MmStore             *store,
                         const MmStoredGame  *game,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GPtrArray) params = mm_pg_create_game_params (game);

  queue_write (MM_PG_STORE (store), MM_PG_CREATE_GAME " ON CONFLICT (id) DO NOTHING", params->len,
               (const char *const *) params->pdata, game->id, NULL, mm_pg_create_game_async,
               cancellable, callback, user_data);
}
