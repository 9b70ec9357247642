/* mm-lobby-server-private.h
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

/* What the parts of the lobby server share: its connections (peers),
 * the players' sessions, and the subscriptions of the lobby. */

#include <json-glib/json-glib.h>

#include "mm-clock.h"
#include "mm-connection.h"
#include "mm-game.h"
#include "mm-match.h"
#include "mm-lobby-server.h"
#include "mm-protocol.h"
#include "mm-rate-limit.h"
#include "mm-store.h"

G_BEGIN_DECLS

typedef struct _MmLobbySession MmLobbySession;
typedef struct _MmLobbyGame MmLobbyGame;
typedef struct _MmLobbySeek MmLobbySeek;
typedef struct _MmLobbyKeptMove MmLobbyKeptMove;

/* A game's time and stakes: base and increment in seconds; both 0 for
 * an untimed game. */
typedef struct
{
  guint    base_s;
  guint    increment_s;
  gboolean rated;
} MmTimeControl;

/* One client's connection. */
typedef struct
{
  MmLobbyServer  *server;
  /* Unique on this server, for work that outlives a peer to find it gone */
  guint64         serial;
  MmConnection   *connection;
  char           *address;
  gint64          connected_us;
  gint64          heard_us;
  gboolean        welcomed;
  gboolean        pinged;
  /* Told to go: nothing it sends is read any more */
  gboolean        closing;
  MmRateLimit     requests;
  guint           refused_in_row;
  guint           bad_tokens;
  MmLobbySession *session;
  gboolean        wants_players;
  gboolean        wants_chat;
  /* A log-in under way for it (its account looked up, its password
   * hashed, its session written): one at a time */
  gboolean        logging_in;
  /* The games it watches: id → MmLobbyGame */
  GHashTable     *watching;
  /* The ids of the games of other servers it watches (mm-lobby-relay.c);
   * NULL for none yet */
  GHashTable     *watching_elsewhere;
  /* For a proxy (mm-lobby-relay.c): the server of the player it stands
   * for, where what it is sent goes; NULL for a connection */
  char           *home;
} MmLobbyPeer;

/* A player present in the lobby, connected or within the grace period
 * of a dropped connection. */
struct _MmLobbySession
{
  char        *name;
  /* The name as compared: without case, accents or compatibility forms */
  char        *key;
  char        *token;
  char        *token_hash;
  gboolean     guest;
  /* A registered player's account (its rating); NULL for a guest */
  MmStoredAccount *account;
  /* NULL while away */
  MmLobbyPeer *peer;
  gint64       away_since_us;
  /* The keys of the names whose chat this player does not see */
  GHashTable  *ignored;
  MmRateLimit  chat;
  /* The game it plays, or its last one while a rematch may come */
  MmLobbyGame *game;
  guint        n_seeks;
  guint        n_challenges;
  /* A player of another server's, in a game refereed here: not in the
   * server's sessions, and its presence that server's to tell */
  gboolean     proxy;
  /* The ids of the games it plays that other servers referee
   * (mm-lobby-relay.c); NULL for none yet */
  GHashTable  *playing_elsewhere;
};

struct _MmLobbyServer
{
  GObject         parent_instance;

  char           *name;
  MmServerLimits  limits;
  GSocketService *service;
  /* Watches every connection's socket: one source for all of them */
  MmReactor      *reactor;
  /* NULL for plain TCP */
  GTlsCertificate *certificate;
  /* What is kept across restarts; NULL keeps nothing */
  MmStore        *store;
  /* Cancelled when the server stops: the store's answers that come
   * after are not acted on */
  GCancellable   *cancellable;
  /* The other servers on the same PostgreSQL database; NULL alone */
  MmLobbyCluster *cluster;
  /* The cluster's database is away: the players are told */
  gboolean        degraded;
  /* Counted dead by the others for a while, and asking what they took
   * up meanwhile (mm-lobby-failover.c) */
  gboolean        stepping_down;
  /* "server\nname key" → MmLobbyPeer: the proxies of players of other
   * servers in games here (mm-lobby-relay.c) */
  GHashTable     *proxies;
  /* Game or challenge id → the server it belongs to, for games and
   * challenges of other servers that players here took part in */
  GHashTable     *remote_ids;
  /* MmLobbyPeer, owned */
  GHashTable     *peers;
  /* address → its number of peers */
  GHashTable     *per_address;
  /* name key → MmLobbySession, owned */
  GHashTable     *sessions;
  /* SHA-256 of a token → MmLobbySession */
  GHashTable     *tokens;
  /* Peers subscribed to the topics: sets of MmLobbyPeer */
  GHashTable     *player_watchers;
  GHashTable     *chat_listeners;
  GHashTable     *seek_watchers;
  GHashTable     *game_watchers;
  /* id → MmLobbySeek, MmLobbyChallenge, MmLobbyGame, owned */
  GHashTable     *seeks;
  GHashTable     *challenges;
  GHashTable     *games;
  /* The ids: the next one, and the end of the block reserved in the
   * store (next_id on its own without a store) */
  guint64         next_id;
  guint64         ids_end;
  /* The next block of ids, reserved while the last is used (0: none yet) */
  guint64         spare_ids;
  gboolean        reserving_ids;
  guint           sweep_source;
  gboolean        stopping;
  guint64         peer_serial;
  /* Unix time the open rating period began, 0 before it is known */
  gint64          rating_period_start;
  /* The store closing rating periods (mm-lobby-archive.c) */
  gboolean        closing_periods;
  /* Password hashing, a few at a time off the main thread */
  GQueue          hash_jobs;
  guint           hashing;
  /* Calls to the store not answered yet (mm-lobby-store-calls.c) */
  guint           store_calls;
  /* address or name key → MmRateLimit of failed logins */
  GHashTable     *failed_by_address;
  GHashTable     *failed_by_account;
};

void mm_lobby_server_add_peer  (MmLobbyServer *self,
                                GIOStream     *stream,
                                GSocket       *socket,
                                const char    *address);
void mm_lobby_server_log       (MmLobbyServer *self,
                                const char    *format,
                                ...) G_GNUC_PRINTF (2, 3);
void mm_lobby_peer_send        (MmLobbyPeer   *peer,
                                JsonObject    *message);
void mm_lobby_peer_reply_ok    (MmLobbyPeer   *peer,
                                const char    *id);
void mm_lobby_peer_refuse      (MmLobbyPeer   *peer,
                                const char    *id,
                                MmProtocolError code,
                                const char    *format,
                                ...) G_GNUC_PRINTF (4, 5);

char *mm_lobby_server_new_id  (MmLobbyServer *self,
                                char           prefix);
void  mm_lobby_session_send    (MmLobbySession *session,
                                JsonObject     *message);
MmLobbySession *mm_lobby_server_find_session (MmLobbyServer *self,
                                              const char    *name);
gboolean mm_lobby_server_stored (MmLobbyServer *self,
                                 gboolean       done,
                                 GError        *error);
gpointer mm_lobby_server_written_data (MmLobbyServer *self);
void     mm_lobby_server_written_cb   (GObject       *source,
                                       GAsyncResult  *result,
                                       gpointer       data);

/* mm-lobby-requests.c */
void mm_lobby_server_handle_hello  (MmLobbyPeer     *peer,
                                   JsonObject      *message,
                                   const char      *id);
void mm_lobby_server_dispatch      (MmLobbyPeer     *peer,
                                   JsonObject      *message,
                                   const char      *type,
                                   const char      *id);
void mm_lobby_peer_log_out         (MmLobbyPeer     *peer,
                                   const char      *id);
void mm_lobby_peer_close           (MmLobbyPeer     *peer,
                                   const char      *id,
                                   MmProtocolError  code,
                                   const char      *text);

/* mm-lobby-sessions.c: who the players are. */
void            mm_lobby_session_free             (MmLobbySession        *session);
void            mm_lobby_session_end              (MmLobbyServer         *self,
                                                   MmLobbySession        *session);
MmLobbySession *mm_lobby_session_restore          (MmLobbyServer         *self,
                                                   const MmStoredSession *stored,
                                                   MmStoredAccount       *account);
void            mm_lobby_sessions_handle_login    (MmLobbyPeer           *peer,
                                                   JsonObject            *message,
                                                   const char            *id);
void            mm_lobby_sessions_handle_register (MmLobbyPeer           *peer,
                                                   JsonObject            *message,
                                                   const char            *id);
void            mm_lobby_sessions_handle_resume   (MmLobbyPeer           *peer,
                                                   JsonObject            *message,
                                                   const char            *id);
void            mm_lobby_sessions_resume_known    (MmLobbyServer         *self,
                                                   MmLobbyPeer           *peer,
                                                   MmLobbySession        *session,
                                                   const char            *token,
                                                   gboolean               taken_up,
                                                   const char            *id);
void            mm_lobby_sessions_refuse_token    (MmLobbyPeer           *peer,
                                                   const char            *id,
                                                   gboolean               elsewhere);
void mm_lobby_server_open_session (MmLobbyServer          *self,
                                   MmLobbyPeer            *peer,
                                   const char             *name,
                                   MmStoredAccount        *account,
                                   const MmStoredSanction *ban,
                                   const char             *id);
gboolean mm_lobby_peer_is_alive    (MmLobbyServer   *self,
                                    MmLobbyPeer     *peer,
                                    guint64          serial);

/* mm-lobby-store-calls.c: the store's calls that wait for the
 * database, answered on the main loop; @peer NULL when it has gone. */
typedef void (*MmLobbyAnswer) (MmLobbyServer *self,
                               MmLobbyPeer   *peer,
                               gpointer       data,
                               const GError  *error);
void mm_lobby_server_reserve_first_ids (MmLobbyServer *self);
void mm_lobby_server_call_store (MmLobbyServer  *self,
                                 MmLobbyPeer    *peer,
                                 const char     *order,
                                 MmStoreCall     call,
                                 MmLobbyAnswer   answer,
                                 gpointer        data,
                                 GDestroyNotify  data_free);

/* mm-lobby-accounts.c: registered players. */
void mm_lobby_accounts_register   (MmLobbyServer  *self,
                                   MmLobbyPeer    *peer,
                                   JsonObject     *message,
                                   const char     *id);
void mm_lobby_accounts_login      (MmLobbyServer  *self,
                                   MmLobbyPeer    *peer,
                                   JsonObject     *message,
                                   const char     *id);
void mm_lobby_accounts_guest      (MmLobbyServer  *self,
                                   MmLobbyPeer    *peer,
                                   const char     *name,
                                   const char     *id);
void mm_lobby_accounts_clear      (MmLobbyServer  *self);
void mm_lobby_accounts_prune      (MmLobbyServer  *self);

/* mm-lobby-moderation.c: kick, mute, ban. */
void     mm_lobby_moderation_admit          (MmLobbyServer *self,
                                             MmLobbyPeer   *peer);
gboolean mm_lobby_moderation_refuse_banned  (MmLobbyPeer            *peer,
                                             const MmStoredSanction *ban,
                                             const char             *id);
gboolean mm_lobby_moderation_find_ban       (MmStore                *store,
                                             const char             *name,
                                             MmStoredSanction      **ban,
                                             GError                **error);
void     mm_lobby_moderation_check_chat     (MmLobbyServer *self,
                                             MmLobbyPeer   *peer,
                                             JsonObject    *message,
                                             const char    *id);
void     mm_lobby_moderation_handle         (MmLobbyServer *self,
                                             MmLobbyPeer   *peer,
                                             JsonObject    *message,
                                             const char    *type,
                                             const char    *id);

/* mm-lobby-presence.c: who is present, and the lobby's chat. */
const char *mm_lobby_session_get_status (MmLobbySession *session);
void        mm_lobby_presence_subscribe   (MmLobbyServer  *self,
                                           MmLobbyPeer    *peer,
                                           const char     *topic,
                                           const char     *id);
void        mm_lobby_presence_unsubscribe (MmLobbyServer  *self,
                                           MmLobbyPeer    *peer,
                                           const char     *topic,
                                           const char     *id);
void        mm_lobby_presence_forget_peer (MmLobbyServer  *self,
                                           MmLobbyPeer    *peer);
void        mm_lobby_presence_announce    (MmLobbyServer  *self,
                                           MmLobbySession *session,
                                           const char     *change);
void        mm_lobby_presence_say         (MmLobbyServer  *self,
                                           MmLobbyPeer    *peer,
                                           JsonObject     *message,
                                           const char     *id);
void        mm_lobby_presence_say_unmuted (MmLobbyServer  *self,
                                           MmLobbyPeer    *peer,
                                           JsonObject     *message,
                                           const char     *id);
void        mm_lobby_presence_ignore      (MmLobbyServer  *self,
                                           MmLobbyPeer    *peer,
                                           JsonObject     *message,
                                           const char     *id,
                                           gboolean        ignore);
void        mm_lobby_presence_broadcast   (GHashTable     *peers,
                                           JsonObject     *message);
void        mm_lobby_presence_join_cluster (MmLobbyServer *self);
void        mm_lobby_presence_tell_degraded (MmLobbyServer *self,
                                             MmLobbyPeer   *peer);
void        mm_lobby_presence_leave_cluster (MmLobbyServer *self);
gboolean    mm_lobby_presence_is_elsewhere (MmLobbyServer *self,
                                            const char    *key);

/* mm-lobby-seeks.c: open games and direct challenges. */
void mm_lobby_seeks_send_snapshot   (MmLobbyServer  *self,
                                     MmLobbyPeer    *peer);
void mm_lobby_seeks_handle_seek     (MmLobbyServer  *self,
                                     MmLobbyPeer    *peer,
                                     JsonObject     *message,
                                     const char     *id);
void mm_lobby_seeks_handle_cancel   (MmLobbyServer  *self,
                                     MmLobbyPeer    *peer,
                                     JsonObject     *message,
                                     const char     *id);
void mm_lobby_seeks_handle_accept   (MmLobbyServer  *self,
                                     MmLobbyPeer    *peer,
                                     JsonObject     *message,
                                     const char     *id);
void mm_lobby_seeks_handle_challenge (MmLobbyServer *self,
                                      MmLobbyPeer   *peer,
                                      JsonObject    *message,
                                      const char    *id);
void mm_lobby_seeks_handle_challenge_answer (MmLobbyServer *self,
                                             MmLobbyPeer   *peer,
                                             JsonObject    *message,
                                             const char    *id,
                                             const char    *answer);
void mm_lobby_seeks_forget_session  (MmLobbyServer  *self,
                                     MmLobbySession *session);
gboolean mm_lobby_seeks_parse_time_control (MmLobbyPeer   *peer,
                                            JsonObject    *message,
                                            const char    *id,
                                            MmTimeControl *control);
void mm_lobby_seek_free             (gpointer        seek);
JsonObject *mm_lobby_seek_entry     (MmLobbySeek    *seek);
void mm_lobby_challenge_free        (gpointer        challenge);

/* A game on the server, being played or finished (kept while a
 * rematch may come).  mm-lobby-games.c plays it, mm-lobby-moves.c keeps
 * and plays its moves, mm-lobby-game-requests.c answers what its
 * players and spectators ask. */
struct _MmLobbyGame
{
  MmLobbyServer  *server;
  char           *id;
  /* By MmColor; a session that ended is NULL */
  MmLobbySession *players[2];
  char           *names[2];
  MmTimeControl   control;
  MmGame         *game;
  MmMatch        *match;
  MmClock        *clock;
  /* MmLobbyPeer */
  GHashTable     *spectators;
  /* The moves told so far (passes included) */
  guint           told;
  gboolean        over;
  /* What ended it when the match cannot say: "abandonment", "aborted" */
  const char     *reason;
  int             undo_asker;
  gboolean        rematch_wanted[2];
  /* While a request acts on the match: its news waits for its reply */
  gboolean        acting;
  /* It ended (a clock fell) while the server was in doubt: told once
   * the game is known to be still this server's */
  gboolean        end_waits;
  /* A move being kept in the store, not yet played (NULL for none):
   * the mover's clock is stopped meanwhile, and what else comes about
   * the game waits in @waiting until the store has answered */
  MmLobbyKeptMove *keeping;
  GQueue          waiting;
  /* The players' ratings when it started, for the record; -1 for none */
  double          start_ratings[2];
  /* The store could not take it when it started: it tries again */
  gboolean        unstored;
};

/* mm-lobby-games.c: the games, the server their referee. */
void     mm_lobby_game_start            (MmLobbyServer       *self,
                                         MmLobbySession      *black,
                                         MmLobbySession      *white,
                                         const MmTimeControl *control);
void     mm_lobby_game_restore          (MmLobbyServer       *self,
                                         MmStoredGame        *stored);
void     mm_lobby_game_free             (gpointer             game);
JsonObject *mm_lobby_game_entry         (MmLobbyGame         *game);
gboolean mm_lobby_session_is_playing    (MmLobbySession      *session);
void     mm_lobby_games_send_snapshot   (MmLobbyServer       *self,
                                         MmLobbyPeer         *peer);
void     mm_lobby_games_session_away    (MmLobbyServer       *self,
                                         MmLobbySession      *session);
void     mm_lobby_games_session_back    (MmLobbyServer       *self,
                                         MmLobbySession      *session);
void     mm_lobby_games_session_gone    (MmLobbyServer       *self,
                                         MmLobbySession      *session);
JsonObject *mm_lobby_game_new_message   (MmLobbyGame         *game,
                                         const char          *type,
                                         const char          *id);
JsonObject *mm_lobby_game_new_state     (MmLobbyGame         *game,
                                         const char          *id);
void     mm_lobby_game_send_news        (MmLobbyGame         *game);
void     mm_lobby_game_finish           (MmLobbyGame         *game);
void     mm_lobby_game_abandon          (MmLobbyGame         *game,
                                         MmColor              color);
void     mm_lobby_game_store_row        (MmLobbyGame         *game);
gint64   mm_lobby_game_clock_ms         (MmLobbyGame         *game,
                                         MmColor              color);

/* mm-lobby-moves.c: a game's moves, kept in the store before they are
 * played, and the requests that wait meanwhile. */
void     mm_lobby_moves_handle_move     (MmLobbyServer       *self,
                                         MmLobbyPeer         *peer,
                                         JsonObject          *message,
                                         const char          *id);
gboolean mm_lobby_moves_wait_for_keeping (MmLobbyServer      *self,
                                          MmLobbyPeer        *peer,
                                          JsonObject         *message,
                                          const char         *type,
                                          const char         *id);
void     mm_lobby_moves_wait_abandonment (MmLobbyGame        *game,
                                          MmColor             color);
void     mm_lobby_moves_forget_game     (MmLobbyGame         *game);
guint    mm_lobby_game_count_discs_played (MmLobbyGame       *game);

/* mm-lobby-game-requests.c: what the players and spectators of a game
 * ask about it. */
void     mm_lobby_games_handle          (MmLobbyServer       *self,
                                         MmLobbyPeer         *peer,
                                         JsonObject          *message,
                                         const char          *type,
                                         const char          *id);
void     mm_lobby_games_say             (MmLobbyServer       *self,
                                         MmLobbyPeer         *peer,
                                         JsonObject          *message,
                                         const char          *id);
void     mm_lobby_games_forget_peer     (MmLobbyServer       *self,
                                         MmLobbyPeer         *peer);
MmLobbyGame *mm_lobby_games_find_own    (MmLobbyServer       *self,
                                         MmLobbyPeer         *peer,
                                         JsonObject          *message,
                                         const char          *id,
                                         MmColor             *color);

/* mm-lobby-archive.c: what stays of a finished game. */
void     mm_lobby_game_rate             (MmLobbyGame         *game,
                                         const char          *winner,
                                         JsonObject          *ended);
char    *mm_lobby_game_write_record     (MmLobbyGame         *game);
void     mm_lobby_ratings_close_periods (MmLobbyServer       *self);
void     mm_lobby_archive_handle_list   (MmLobbyServer       *self,
                                         MmLobbyPeer         *peer,
                                         JsonObject          *message,
                                         const char          *id);
void     mm_lobby_archive_handle_fetch  (MmLobbyServer       *self,
                                         MmLobbyPeer         *peer,
                                         JsonObject          *message,
                                         const char          *id);

/* mm-lobby-relay.c: games across the servers of a cluster. */
void     mm_lobby_relay_join        (MmLobbyServer  *self);
void     mm_lobby_relay_leave       (MmLobbyServer  *self);
gboolean mm_lobby_relay_forward     (MmLobbyPeer    *peer,
                                     JsonObject     *message,
                                     const char     *type);
void     mm_lobby_relay_deliver     (MmLobbyPeer    *proxy,
                                     JsonObject     *message);
void     mm_lobby_relay_tell_rating (MmLobbyPeer           *proxy,
                                     const MmStoredAccount *account);
void     mm_lobby_relay_list        (MmLobbyServer  *self,
                                     const char     *kind,
                                     const char     *id,
                                     JsonObject     *entry);
void     mm_lobby_relay_relist      (MmLobbyServer  *self,
                                     const char     *kind,
                                     GHashTable     *entries);
void     mm_lobby_relay_add_entries (MmLobbyServer  *self,
                                     const char     *kind,
                                     void          (*add) (MmLobbyPeer *, JsonArray **,
                                                           JsonObject *),
                                     MmLobbyPeer    *peer,
                                     JsonArray     **page);
void     mm_lobby_relay_player_gone (MmLobbyServer  *self,
                                     const char     *home,
                                     const char     *key);
MmLobbySession *mm_lobby_relay_proxy (MmLobbyServer *self,
                                      const char    *home,
                                      const char    *name,
                                      gboolean       guest);
MmLobbySession *mm_lobby_relay_session_elsewhere (MmLobbyServer *self,
                                                  const char    *name);
MmLobbySession *mm_lobby_relay_find_proxy (MmLobbyServer *self,
                                           const char    *name);

/* mm-lobby-failover.c: what a dead server of the cluster leaves. */
void            mm_lobby_failover_resume       (MmLobbyServer  *self,
                                                MmLobbyPeer    *peer,
                                                const char     *token,
                                                const char     *token_hash,
                                                const char     *id);
void            mm_lobby_failover_take_games   (MmLobbyServer  *self,
                                                MmLobbySession *session);
void            mm_lobby_failover_step_down    (MmLobbyServer  *self);
gboolean        mm_lobby_failover_in_doubt     (MmLobbyServer  *self);
void            mm_lobby_session_let_go        (MmLobbyServer  *self,
                                                MmLobbySession *session);
gboolean        mm_lobby_game_waits            (MmLobbyGame    *game);
void            mm_lobby_game_end_waited       (MmLobbyGame    *game);
void            mm_lobby_game_let_go           (MmLobbyServer  *self,
                                                MmLobbyGame    *game);

G_END_DECLS
