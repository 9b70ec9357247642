/* mm-store.c
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

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-store.h"

G_DEFINE_QUARK (mm-store-error-quark, mm_store_error)

G_DEFINE_INTERFACE (MmStore, mm_store, G_TYPE_OBJECT)

/* The answer of a synchronous call (@done, @error), told as an
 * asynchronous one's: GTask tells it in an idle, as it does for one
 * returned in the iteration it was made in.  Takes @error. */
static void
answer_later (MmStore             *self,
              gpointer             source_tag,
              gboolean             done,
              GError              *error,
              GCancellable        *cancellable,
              GAsyncReadyCallback  callback,
              gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, source_tag);
  if (done)
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

/* A store whose statements are quick and local (SQLite's, whose commit
 * does not wait for the disk in WAL mode) keeps a move, and does its
 * other writes nothing waits for, with the synchronous calls, told as
 * the asynchronous ones are, so that the caller has one code path
 * whatever the store. */
static void
mm_store_real_add_move_async (MmStore             *self,
                              const char          *game_id,
                              guint                ply,
                              int                  square,
                              gint64               black_ms,
                              gint64               white_ms,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  GError *error = NULL;
  gboolean done = mm_store_add_move (self, game_id, ply, square, black_ms, white_ms, &error);

  answer_later (self, mm_store_real_add_move_async, done, error, cancellable, callback, user_data);
}

static gboolean
mm_store_real_add_move_finish (MmStore       *self,
                               GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
mm_store_real_finish_game_async (MmStore             *self,
                                 const char          *game_id,
                                 const char          *winner,
                                 const char          *reason,
                                 const char          *ggf,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  GError *error = NULL;
  gboolean done = mm_store_finish_game (self, game_id, winner, reason, ggf, &error);

  answer_later (self, mm_store_real_finish_game_async, done, error, cancellable,
                callback, user_data);
}

static void
mm_store_real_create_game_async (MmStore             *self,
                                 const MmStoredGame  *game,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  GError *error = NULL;
  gboolean done = mm_store_create_game (self, game, &error);

  answer_later (self, mm_store_real_create_game_async, done, error, cancellable,
                callback, user_data);
}

static void
mm_store_real_take_back_async (MmStore             *self,
                               const char          *game_id,
                               guint                n_moves,
                               gint64               black_ms,
                               gint64               white_ms,
                               GCancellable        *cancellable,
                               GAsyncReadyCallback  callback,
                               gpointer             user_data)
{
  GError *error = NULL;
  gboolean done = mm_store_take_back (self, game_id, n_moves, black_ms, white_ms, &error);

  answer_later (self, mm_store_real_take_back_async, done, error, cancellable, callback, user_data);
}

static void
mm_store_real_save_rating_async (MmStore               *self,
                                 const MmStoredAccount *account,
                                 GCancellable          *cancellable,
                                 GAsyncReadyCallback    callback,
                                 gpointer               user_data)
{
  GError *error = NULL;
  gboolean done = mm_store_save_rating (self, account, &error);

  answer_later (self, mm_store_real_save_rating_async, done, error, cancellable,
                callback, user_data);
}

static void
mm_store_real_run_call (MmStore     *self,
                        const char  *order,
                        MmStoreCall  call,
                        gpointer     data,
                        GTask       *task)
{
  GError *error = NULL;

  if (call (self, data, &error))
    g_task_return_boolean (task, TRUE);
  else
    {
      if (error == NULL)
        mm_store_set_unsaid_error (&error);
      g_task_return_error (task, error);
    }
}

static void
mm_store_default_init (MmStoreInterface *iface)
{
  iface->run_call = mm_store_real_run_call;
  iface->add_move_async = mm_store_real_add_move_async;
  iface->add_move_finish = mm_store_real_add_move_finish;
  iface->finish_game_async = mm_store_real_finish_game_async;
  iface->take_back_async = mm_store_real_take_back_async;
  iface->create_game_async = mm_store_real_create_game_async;
  iface->save_rating_async = mm_store_real_save_rating_async;
}

MmStoredGame *
mm_stored_game_new (void)
{
  MmStoredGame *game = g_new0 (MmStoredGame, 1);

  game->moves = g_array_new (FALSE, FALSE, sizeof (int));
  game->black_ms = game->white_ms = -1;
  game->since_move_ms = -1;
  return game;
}

void
mm_stored_game_free (MmStoredGame *game)
{
  if (game == NULL)
    return;
  g_free (game->id);
  g_free (game->black);
  g_free (game->white);
  g_array_unref (game->moves);
  g_free (game->winner);
  g_free (game->reason);
  g_free (game->ggf);
  g_free (game);
}

MmStoredSession *
mm_stored_session_new (const char *token_hash,
                       const char *name,
                       gboolean    guest)
{
  MmStoredSession *session = g_new0 (MmStoredSession, 1);

  session->token_hash = g_strdup (token_hash);
  session->name = g_strdup (name);
  session->guest = guest;
  return session;
}

void
mm_stored_session_free (MmStoredSession *session)
{
  if (session == NULL)
    return;
  g_free (session->token_hash);
  g_free (session->name);
  g_free (session);
}

/* A new account starts where Glicko-2 starts everyone. */
MmStoredAccount *
mm_stored_account_new (const char *name,
                       const char *password_hash)
{
  MmStoredAccount *account = g_new0 (MmStoredAccount, 1);

  account->name = g_strdup (name);
  account->password_hash = g_strdup (password_hash);
  account->rating = 1500;
  account->deviation = 350;
  account->volatility = 0.06;
  return account;
}

void
mm_stored_account_free (MmStoredAccount *account)
{
  if (account == NULL)
    return;
  g_free (account->name);
  g_free (account->password_hash);
  g_free (account);
}

void
mm_stored_sanction_free (MmStoredSanction *sanction)
{
  if (sanction == NULL)
    return;
  g_free (sanction->kind);
  g_free (sanction->target);
  g_free (sanction->reason);
  g_free (sanction->by);
  g_free (sanction);
}

/* A number never answered before by this store, for the ids of seeks,
 * challenges and games: they stay unique across restarts. */
guint64
mm_store_next_id (MmStore  *self,
                  GError  **error)
{
  return mm_store_reserve_ids (self, 1, error);
}

/* The first of @count numbers in a row never answered before by this
 * store, none of which it will answer again: a server takes its ids a
 * block at a time, and goes to the database once a block. */
guint64
mm_store_reserve_ids (MmStore  *self,
                      guint     count,
                      GError  **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), 0);
  g_return_val_if_fail (count > 0, 0);
  return MM_STORE_GET_IFACE (self)->next_ids (self, count, error);
}

gboolean
mm_store_save_session (MmStore               *self,
                       const MmStoredSession *session,
                       GError               **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), FALSE);
  return MM_STORE_GET_IFACE (self)->save_session (self, session, error);
}

gboolean
mm_store_delete_session (MmStore     *self,
                         const char  *token_hash,
                         GError     **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), FALSE);
  return MM_STORE_GET_IFACE (self)->delete_session (self, token_hash, error);
}

/* The sessions kept, MmStoredSession. */
GPtrArray *
mm_store_list_sessions (MmStore  *self,
                        GError  **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), NULL);
  return MM_STORE_GET_IFACE (self)->list_sessions (self, error);
}

/* The session of @token_hash; NULL with no error when there is none. */
MmStoredSession *
mm_store_find_session (MmStore     *self,
                       const char  *token_hash,
                       GError     **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), NULL);
  g_return_val_if_fail (token_hash != NULL, NULL);
  return MM_STORE_GET_IFACE (self)->find_session (self, token_hash, error);
}

gboolean
mm_store_create_game (MmStore             *self,
                      const MmStoredGame  *game,
                      GError             **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), FALSE);
  return MM_STORE_GET_IFACE (self)->create_game (self, game, error);
}

/* Move @ply (from 1) of the game: a square or MM_SQUARE_PASS, and the
 * clocks after it (-1 untimed). */
gboolean
mm_store_add_move (MmStore     *self,
                   const char  *game_id,
                   guint        ply,
                   int          square,
                   gint64       black_ms,
                   gint64       white_ms,
                   GError     **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), FALSE);
  return MM_STORE_GET_IFACE (self)->add_move (self, game_id, ply, square, black_ms, white_ms,
                                              error);
}

/* mm_store_add_move() without waiting for the database: @callback is
 * told on the thread-default main context, never before this returns,
 * and mm_store_add_move_finish() says whether the move was kept.  The
 * same ply is kept once, however many times it is sent.  Cancelling
 * @cancellable stops the waiting, not the statement: a move cancelled
 * may be kept all the same, and the answer is G_IO_ERROR_CANCELLED. */
void
mm_store_add_move_async (MmStore             *self,
                         const char          *game_id,
                         guint                ply,
                         int                  square,
                         gint64               black_ms,
                         gint64               white_ms,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_return_if_fail (MM_IS_STORE (self));
  g_return_if_fail (game_id != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  MM_STORE_GET_IFACE (self)->add_move_async (self, game_id, ply, square, black_ms, white_ms,
                                             cancellable, callback, user_data);
}

gboolean
mm_store_add_move_finish (MmStore       *self,
                          GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), FALSE);
  g_return_val_if_fail (G_IS_ASYNC_RESULT (result), FALSE);

  return MM_STORE_GET_IFACE (self)->add_move_finish (self, result, error);
}

/* Only the first @n_moves moves stay. */
gboolean
mm_store_take_back (MmStore     *self,
                    const char  *game_id,
                    guint        n_moves,
                    gint64       black_ms,
                    gint64       white_ms,
                    GError     **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), FALSE);
  return MM_STORE_GET_IFACE (self)->take_back (self, game_id, n_moves, black_ms, white_ms, error);
}

/* The game's result, and its record in GGF (NULL when it has none). */
gboolean
mm_store_finish_game (MmStore     *self,
                      const char  *game_id,
                      const char  *winner,
                      const char  *reason,
                      const char  *ggf,
                      GError     **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), FALSE);
  return MM_STORE_GET_IFACE (self)->finish_game (self, game_id, winner, reason, ggf, error);
}

/* mm_store_finish_game() without waiting for the database: the answer
 * comes on the main loop, never before this returns.  An implementation
 * may send the statement again after a lost connection (it is
 * conditional: the end is written once), so that an end is not lost
 * while the database is away. */
void
mm_store_finish_game_async (MmStore             *self,
                            const char          *game_id,
                            const char          *winner,
                            const char          *reason,
                            const char          *ggf,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_return_if_fail (MM_IS_STORE (self));
  g_return_if_fail (game_id != NULL && winner != NULL && reason != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  MM_STORE_GET_IFACE (self)->finish_game_async (self, game_id, winner, reason, ggf, cancellable,
                                                callback, user_data);
}

/* mm_store_create_game() without waiting for the database, as
 * mm_store_finish_game_async(); the game's moves sent after it come
 * after it. */
void
mm_store_create_game_async (MmStore             *self,
                            const MmStoredGame  *game,
                            GCancellable        *cancellable,
                            GAsyncReadyCallback  callback,
                            gpointer             user_data)
{
  g_return_if_fail (MM_IS_STORE (self));
  g_return_if_fail (game != NULL && game->id != NULL);

  MM_STORE_GET_IFACE (self)->create_game_async (self, game, cancellable, callback, user_data);
}

/* mm_store_take_back() without waiting for the database, as
 * mm_store_finish_game_async(). */
void
mm_store_take_back_async (MmStore             *self,
                          const char          *game_id,
                          guint                n_moves,
                          gint64               black_ms,
                          gint64               white_ms,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_return_if_fail (MM_IS_STORE (self));
  g_return_if_fail (game_id != NULL);

  MM_STORE_GET_IFACE (self)->take_back_async (self, game_id, n_moves, black_ms, white_ms,
                                              cancellable, callback, user_data);
}

/* mm_store_save_rating() without waiting for the database, as
 * mm_store_finish_game_async(). */
void
mm_store_save_rating_async (MmStore               *self,
                            const MmStoredAccount *account,
                            GCancellable          *cancellable,
                            GAsyncReadyCallback    callback,
                            gpointer               user_data)
{
  g_return_if_fail (MM_IS_STORE (self));
  g_return_if_fail (account != NULL);

  MM_STORE_GET_IFACE (self)->save_rating_async (self, account, cancellable, callback, user_data);
}

/* The answer of a write without waiting (finish_game, take_back,
 * save_rating): any GTask returning a boolean, the default's and the
 * implementations'.  Without the store, which may be gone by the time
 * a write waiting for the database is answered (it is not kept for it,
 * see mm-pg-moves.c). */
gboolean
mm_store_write_finish (GAsyncResult  *result,
                       GError       **error)
{
  g_return_val_if_fail (G_IS_TASK (result), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

/* The game with its moves; NULL without an error when there is none. */
MmStoredGame *
mm_store_find_game (MmStore     *self,
                    const char  *game_id,
                    GError     **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), NULL);
  return MM_STORE_GET_IFACE (self)->find_game (self, game_id, error);
}

/* Fails with MM_STORE_ERROR_FAILED when the name, as its key compares,
 * is taken. */
gboolean
mm_store_create_account (MmStore                *self,
                         const MmStoredAccount  *account,
                         GError                **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), FALSE);
  return MM_STORE_GET_IFACE (self)->create_account (self, account, error);
}

/* The account whose name has the key of @name; NULL without an error
 * when there is none. */
MmStoredAccount *
mm_store_find_account (MmStore     *self,
                       const char  *name,
                       GError     **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), NULL);
  return MM_STORE_GET_IFACE (self)->find_account (self, name, error);
}

gboolean
mm_store_save_rating (MmStore                *self,
                      const MmStoredAccount  *account,
                      GError                **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), FALSE);
  return MM_STORE_GET_IFACE (self)->save_rating (self, account, error);
}

/* Games with their moves, MmStoredGame: those still being played when
 * @unfinished, else the finished ones of @player (any player when NULL),
 * the latest first, at most @limit (0: all). */
GPtrArray *
mm_store_list_games (MmStore     *self,
                     gboolean     unfinished,
                     const char  *player,
                     guint        limit,
                     GError     **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), NULL);
  return MM_STORE_GET_IFACE (self)->list_games (self, unfinished, player, limit, error);
}

/* Fails with MM_STORE_ERROR_NOT_FOUND when @name has no account. */
gboolean
mm_store_set_admin (MmStore     *self,
                    const char  *name,
                    gboolean     admin,
                    GError     **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), FALSE);
  return MM_STORE_GET_IFACE (self)->set_admin (self, name, admin, error);
}

/* A new sanction of its kind for its target replaces the one before. */
gboolean
mm_store_add_sanction (MmStore                 *self,
                       const MmStoredSanction  *sanction,
                       GError                 **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), FALSE);
  return MM_STORE_GET_IFACE (self)->add_sanction (self, sanction, error);
}

gboolean
mm_store_lift_sanction (MmStore     *self,
                        const char  *kind,
                        const char  *target,
                        GError     **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), FALSE);
  return MM_STORE_GET_IFACE (self)->lift_sanction (self, kind, target, error);
}

/* The sanction in force at @now (Unix seconds); NULL without an error
 * when there is none. */
MmStoredSanction *
mm_store_find_sanction (MmStore     *self,
                        const char  *kind,
                        const char  *target,
                        gint64       now,
                        GError     **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), NULL);
  return MM_STORE_GET_IFACE (self)->find_sanction (self, kind, target, now, error);
}

/* Every moderator's action, kept: who, what, whom, and the rest. */
gboolean
mm_store_log_action (MmStore     *self,
                     const char  *by,
                     const char  *action,
                     const char  *target,
                     const char  *detail,
                     GError     **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), FALSE);
  return MM_STORE_GET_IFACE (self)->log_action (self, by, action, target, detail, error);
}

/* A number the server keeps under @key; FALSE without an error when
 * there is none. */
gboolean
mm_store_get_meta (MmStore     *self,
                   const char  *key,
                   gint64      *value,
                   GError     **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), FALSE);
  return MM_STORE_GET_IFACE (self)->get_meta (self, key, value, error);
}

gboolean
mm_store_set_meta (MmStore     *self,
                   const char  *key,
                   gint64       value,
                   GError     **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), FALSE);
  return MM_STORE_GET_IFACE (self)->set_meta (self, key, value, error);
}

/* Closes a rating period once, whichever server of a cluster gets there
 * first: the meta value @key goes from @from to @to and the ratings of
 * the @n_accounts accounts are saved, all or nothing.  Fails with
 * MM_STORE_ERROR_FINISHED, saving nothing, when @key no longer holds
 * @from: another server closed the period (and saved its ratings)
 * first. */
gboolean
mm_store_close_period (MmStore                *self,
                       const char             *key,
                       gint64                  from,
                       gint64                  to,
                       MmStoredAccount *const *accounts,
                       guint                   n_accounts,
                       GError                **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), FALSE);
  g_return_val_if_fail (key != NULL, FALSE);
  return MM_STORE_GET_IFACE (self)->close_period (self, key, from, to, accounts, n_accounts,
                                                  error);
}

/* The rated games (MmStoredGame, without moves) that finished from
 * @since to before @until, Unix seconds: a rating period's. */
GPtrArray *
mm_store_list_rated (MmStore     *self,
                     gint64       since,
                     gint64       until,
                     GError     **error)
{
  g_return_val_if_fail (MM_IS_STORE (self), NULL);
  return MM_STORE_GET_IFACE (self)->list_rated (self, since, until, error);
}

/* A call that failed without saying why still fails with an error, so
 * that its caller is told. */
void
mm_store_set_unsaid_error (GError **error)
{
  g_set_error_literal (error, MM_STORE_ERROR, MM_STORE_ERROR_FAILED,
                       /* Translators: a database call's failure */
                       _("The database call failed without saying why."));
}

/* Why a game's end was not written: the game has ended already (@found),
 * its end decided once, by whichever server wrote it first; or there is
 * no such game. */
void
mm_store_set_not_finished_error (GError     **error,
                                 const char  *game_id,
                                 gboolean     found)
{
  if (found)
    g_set_error (error, MM_STORE_ERROR, MM_STORE_ERROR_FINISHED,
                 /* Translators: %s is a game's id */
                 _("The game “%s” has ended already."), game_id);
  else
    g_set_error (error, MM_STORE_ERROR, MM_STORE_ERROR_NOT_FOUND,
                 /* Translators: %s is a game's id */
                 _("The database has no game “%s”."), game_id);
}

/* Runs @call with @data on the store without the caller waiting for
 * the database, and tells @callback on the caller's main context;
 * @data, which @call fills in, must stay untouched until then.  Calls
 * with the same @order (a player's key, say) run one after the other in
 * the order they were made (a session's row is written before it is
 * deleted); others may overtake them.  The PostgreSQL store runs them
 * on a few threads, each with a connection of its own, so that one slow
 * statement holds up only the calls behind it.  No source object: a
 * store may go with calls running, which then fail. */
void
mm_store_call_async (MmStore             *self,
                     const char          *order,
                     MmStoreCall          call,
                     gpointer             data,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (NULL, NULL, callback, user_data);

  g_return_if_fail (MM_IS_STORE (self));
  g_return_if_fail (call != NULL);

  g_task_set_source_tag (task, mm_store_call_async);
  MM_STORE_GET_IFACE (self)->run_call (self, order, call, data, task);
}

gboolean
mm_store_call_finish (GAsyncResult  *result,
                      GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == mm_store_call_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
