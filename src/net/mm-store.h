/* mm-store.h
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

#include <gio/gio.h>

G_BEGIN_DECLS

/* What the lobby server keeps across restarts: the sessions of players
 * present, and every game with its moves as they are played, so that a
 * server killed at any moment comes back with its games in progress.
 * An interface, so that another database (PostgreSQL, for several
 * servers) slots in beside SQLite, the embedded default. */

#define MM_STORE_ERROR (mm_store_error_quark ())

typedef enum
{
  MM_STORE_ERROR_FAILED,     /* the database said no; the message says why */
  MM_STORE_ERROR_TOO_NEW,    /* made by a newer server: its schema is unknown here */
  MM_STORE_ERROR_NOT_FOUND,
  MM_STORE_ERROR_FINISHED,   /* the game's end was written already: it is decided once */
  MM_STORE_ERROR_EXISTS,     /* the ply of a move was written already: it is taken once */
} MmStoreError;

/* A game as kept: the moves are squares 0..63 and MM_SQUARE_PASS. */
typedef struct
{
  char     *id;
  char     *black;
  char     *white;
  guint     base_s;
  guint     increment_s;
  gboolean  rated;
  gint64    started;       /* Unix time, seconds */
  GArray   *moves;         /* int */
  gint64    black_ms;      /* the clocks after the last move; -1 untimed */
  gint64    white_ms;
  char     *winner;        /* NULL while the game goes on */
  char     *reason;
  char     *ggf;           /* the finished game's record */
  gint64    since_move_ms; /* since the last move (or the start) was kept; -1 unknown */
} MmStoredGame;

/* A registered player: the password only as its Argon2id hash (the
 * string crypto_pwhash_str() makes), the rating as Glicko-2 has it. */
typedef struct
{
  char    *name;
  char    *password_hash;
  double   rating;
  double   deviation;
  double   volatility;
  gboolean admin;
} MmStoredAccount;

/* A moderator's sanction: @kind "ban-account" (the target a name's
 * key), "ban-address" (an IP address) or "mute" (a name's key); @until
 * in Unix seconds, 0 for good. */
typedef struct
{
  char   *kind;
  char   *target;
  gint64  until;
  char   *reason;
  char   *by;
} MmStoredSanction;

typedef struct
{
  char     *token_hash;
  char     *name;
  gboolean  guest;
} MmStoredSession;


MmStoredGame    *mm_stored_game_new     (void);
void             mm_stored_game_free    (MmStoredGame    *game);
MmStoredSession *mm_stored_session_new  (const char      *token_hash,
                                         const char      *name,
                                         gboolean         guest);
void             mm_stored_session_free (MmStoredSession *session);
MmStoredAccount *mm_stored_account_new  (const char      *name,
                                         const char      *password_hash);
void             mm_stored_account_free (MmStoredAccount *account);
void             mm_stored_sanction_free (MmStoredSanction *sanction);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MmStoredGame, mm_stored_game_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MmStoredSession, mm_stored_session_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MmStoredAccount, mm_stored_account_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MmStoredSanction, mm_stored_sanction_free)

#define MM_TYPE_STORE (mm_store_get_type ())

G_DECLARE_INTERFACE (MmStore, mm_store, MM, STORE, GObject)

/* Work on a store that may wait for the database (reads and the writes
 * whose answer the caller needs): it puts its answers into @data, and
 * answers FALSE with @error when it failed.  It runs where its waiting
 * holds nothing up (mm_store_call_async()), and must touch nothing but
 * @store and @data. */
typedef gboolean (*MmStoreCall) (MmStore   *store,
                                 gpointer   data,
                                 GError   **error);

struct _MmStoreInterface
{
  GTypeInterface parent_iface;

  guint64    (*next_ids)        (MmStore             *self,
                                 guint                count,
                                 GError             **error);
  gboolean   (*save_session)    (MmStore             *self,
                                 const MmStoredSession *session,
                                 GError             **error);
  gboolean   (*delete_session)  (MmStore             *self,
                                 const char          *token_hash,
                                 GError             **error);
  GPtrArray *(*list_sessions)   (MmStore             *self,
                                 GError             **error);
  MmStoredSession *(*find_session) (MmStore          *self,
                                 const char          *token_hash,
                                 GError             **error);
  gboolean   (*create_game)     (MmStore             *self,
                                 const MmStoredGame  *game,
                                 GError             **error);
  gboolean   (*add_move)        (MmStore             *self,
                                 const char          *game_id,
                                 guint                ply,
                                 int                  square,
                                 gint64               black_ms,
                                 gint64               white_ms,
                                 GError             **error);
  gboolean   (*take_back)       (MmStore             *self,
                                 const char          *game_id,
                                 guint                n_moves,
                                 gint64               black_ms,
                                 gint64               white_ms,
                                 GError             **error);
  gboolean   (*finish_game)     (MmStore             *self,
                                 const char          *game_id,
                                 const char          *winner,
                                 const char          *reason,
                                 const char          *ggf,
                                 GError             **error);
  MmStoredGame *(*find_game)    (MmStore             *self,
                                 const char          *game_id,
                                 GError             **error);
  gboolean   (*create_account)  (MmStore             *self,
                                 const MmStoredAccount *account,
                                 GError             **error);
  MmStoredAccount *(*find_account) (MmStore          *self,
                                    const char       *name,
                                    GError          **error);
  gboolean   (*save_rating)     (MmStore             *self,
                                 const MmStoredAccount *account,
                                 GError             **error);
  gboolean   (*set_admin)       (MmStore             *self,
                                 const char          *name,
                                 gboolean             admin,
                                 GError             **error);
  gboolean   (*add_sanction)    (MmStore             *self,
                                 const MmStoredSanction *sanction,
                                 GError             **error);
  gboolean   (*lift_sanction)   (MmStore             *self,
                                 const char          *kind,
                                 const char          *target,
                                 GError             **error);
  MmStoredSanction *(*find_sanction) (MmStore        *self,
                                      const char     *kind,
                                      const char     *target,
                                      gint64          now,
                                      GError        **error);
  gboolean   (*get_meta)        (MmStore             *self,
                                 const char          *key,
                                 gint64              *value,
                                 GError             **error);
  gboolean   (*set_meta)        (MmStore             *self,
                                 const char          *key,
                                 gint64               value,
                                 GError             **error);
  GPtrArray *(*list_rated)      (MmStore             *self,
                                 gint64               since,
                                 gint64               until,
                                 GError             **error);
  gboolean   (*log_action)      (MmStore             *self,
                                 const char          *by,
                                 const char          *action,
                                 const char          *target,
                                 const char          *detail,
                                 GError             **error);
  GPtrArray *(*list_games)      (MmStore             *self,
                                 gboolean             unfinished,
                                 const char          *player,
                                 guint                limit,
                                 GError             **error);
  /* add_move without waiting for the database; by default the
   * synchronous call, its answer told in an idle.  The default finish
   * reads any GTask returning a boolean, an implementation's too. */
  void       (*add_move_async)  (MmStore             *self,
                                 const char          *game_id,
                                 guint                ply,
                                 int                  square,
                                 gint64               black_ms,
                                 gint64               white_ms,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data);
  gboolean   (*add_move_finish) (MmStore             *self,
                                 GAsyncResult        *result,
                                 GError             **error);
  /* finish_game without waiting for the database; by default the
   * synchronous call, its answer told in an idle */
  void       (*finish_game_async) (MmStore           *self,
                                 const char          *game_id,
                                 const char          *winner,
                                 const char          *reason,
                                 const char          *ggf,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data);
  void       (*create_game_async) (MmStore           *self,
                                 const MmStoredGame  *game,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data);
  void       (*take_back_async) (MmStore             *self,
                                 const char          *game_id,
                                 guint                n_moves,
                                 gint64               black_ms,
                                 gint64               white_ms,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data);
  void       (*save_rating_async) (MmStore           *self,
                                 const MmStoredAccount *account,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data);
  gboolean   (*close_period)    (MmStore             *self,
                                 const char          *key,
                                 gint64               from,
                                 gint64               to,
                                 MmStoredAccount *const *accounts,
                                 guint                n_accounts,
                                 GError             **error);
  /* Runs @call on the store where its waiting holds up nothing, after
   * the calls made before it with the same @order (NULL: none), and
   * returns its answer in @task (a boolean).  By default in place,
   * answered from an idle: a store whose statements are quick and
   * local. */
  void       (*run_call)        (MmStore             *self,
                                 const char          *order,
                                 MmStoreCall          call,
                                 gpointer             data,
                                 GTask               *task);
};

GQuark     mm_store_error_quark   (void);
guint64    mm_store_next_id       (MmStore               *self,
                                   GError               **error);
guint64    mm_store_reserve_ids   (MmStore               *self,
                                   guint                  count,
                                   GError               **error);
gboolean   mm_store_save_session  (MmStore               *self,
                                   const MmStoredSession *session,
                                   GError               **error);
gboolean   mm_store_delete_session (MmStore              *self,
                                    const char           *token_hash,
                                    GError              **error);
GPtrArray *mm_store_list_sessions (MmStore               *self,
                                   GError               **error);
MmStoredSession *mm_store_find_session (MmStore          *self,
                                        const char       *token_hash,
                                        GError          **error);
gboolean   mm_store_create_game   (MmStore               *self,
                                   const MmStoredGame    *game,
                                   GError               **error);
gboolean   mm_store_add_move      (MmStore               *self,
                                   const char            *game_id,
                                   guint                  ply,
                                   int                    square,
                                   gint64                 black_ms,
                                   gint64                 white_ms,
                                   GError               **error);
void       mm_store_add_move_async (MmStore              *self,
                                    const char           *game_id,
                                    guint                 ply,
                                    int                   square,
                                    gint64                black_ms,
                                    gint64                white_ms,
                                    GCancellable         *cancellable,
                                    GAsyncReadyCallback   callback,
                                    gpointer              user_data);
gboolean   mm_store_add_move_finish (MmStore             *self,
                                     GAsyncResult        *result,
                                     GError             **error);
void       mm_store_finish_game_async (MmStore            *self,
                                       const char         *game_id,
                                       const char         *winner,
                                       const char         *reason,
                                       const char         *ggf,
                                       GCancellable       *cancellable,
                                       GAsyncReadyCallback callback,
                                       gpointer            user_data);
void       mm_store_create_game_async (MmStore            *self,
                                       const MmStoredGame *game,
                                       GCancellable       *cancellable,
                                       GAsyncReadyCallback callback,
                                       gpointer            user_data);
void       mm_store_take_back_async (MmStore              *self,
                                     const char           *game_id,
                                     guint                 n_moves,
                                     gint64                black_ms,
                                     gint64                white_ms,
                                     GCancellable         *cancellable,
                                     GAsyncReadyCallback   callback,
                                     gpointer              user_data);
void       mm_store_save_rating_async (MmStore               *self,
                                       const MmStoredAccount *account,
                                       GCancellable          *cancellable,
                                       GAsyncReadyCallback    callback,
                                       gpointer               user_data);
gboolean   mm_store_write_finish  (GAsyncResult          *result,
                                   GError               **error);
void       mm_store_call_async    (MmStore               *self,
                                   const char            *order,
                                   MmStoreCall            call,
                                   gpointer               data,
                                   GAsyncReadyCallback    callback,
                                   gpointer               user_data);
gboolean   mm_store_call_finish   (GAsyncResult          *result,
                                   GError               **error);
gboolean   mm_store_close_period  (MmStore               *self,
                                   const char            *key,
                                   gint64                 from,
                                   gint64                 to,
                                   MmStoredAccount *const *accounts,
                                   guint                  n_accounts,
                                   GError               **error);
gboolean   mm_store_take_back     (MmStore               *self,
                                   const char            *game_id,
                                   guint                  n_moves,
                                   gint64                 black_ms,
                                   gint64                 white_ms,
                                   GError               **error);
gboolean   mm_store_finish_game   (MmStore               *self,
                                   const char            *game_id,
                                   const char            *winner,
                                   const char            *reason,
                                   const char            *ggf,
                                   GError               **error);
MmStoredGame *mm_store_find_game  (MmStore              *self,
                                   const char           *game_id,
                                   GError              **error);
gboolean   mm_store_create_account (MmStore              *self,
                                    const MmStoredAccount *account,
                                    GError              **error);
MmStoredAccount *mm_store_find_account (MmStore          *self,
                                        const char       *name,
                                        GError          **error);
gboolean   mm_store_save_rating   (MmStore               *self,
                                   const MmStoredAccount *account,
                                   GError               **error);
gboolean   mm_store_set_admin     (MmStore               *self,
                                   const char            *name,
                                   gboolean               admin,
                                   GError               **error);
gboolean   mm_store_add_sanction  (MmStore               *self,
                                   const MmStoredSanction *sanction,
                                   GError               **error);
gboolean   mm_store_lift_sanction (MmStore               *self,
                                   const char            *kind,
                                   const char            *target,
                                   GError               **error);
MmStoredSanction *mm_store_find_sanction (MmStore        *self,
                                          const char     *kind,
                                          const char     *target,
                                          gint64          now,
                                          GError        **error);
gboolean   mm_store_get_meta      (MmStore               *self,
                                   const char            *key,
                                   gint64                *value,
                                   GError               **error);
gboolean   mm_store_set_meta      (MmStore               *self,
                                   const char            *key,
                                   gint64                 value,
                                   GError               **error);
GPtrArray *mm_store_list_rated    (MmStore               *self,
                                   gint64                 since,
                                   gint64                 until,
                                   GError               **error);
gboolean   mm_store_log_action    (MmStore               *self,
                                   const char            *by,
                                   const char            *action,
                                   const char            *target,
                                   const char            *detail,
                                   GError               **error);
GPtrArray *mm_store_list_games    (MmStore               *self,
                                   gboolean               unfinished,
                                   const char            *player,
                                   guint                  limit,
                                   GError               **error);

/* For the stores. */
void       mm_store_set_unsaid_error (GError  **error);
void       mm_store_set_not_finished_error (GError   **error,
                                            const char *game_id,
                                            gboolean   found);

G_END_DECLS
