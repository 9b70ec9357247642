/* mm-lobby-client-private.h
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

/* What MmLobbyClient does not show its users but shares: with
 * MmOnlineGame and the tests, the calls just below; between its own
 * three files, the object's fields, its properties and signals, and the
 * helpers one file calls in another.  mm-lobby-client.c holds the object and its API;
 * mm-lobby-client-connection.c connecting, logging in, and coming back
 * after the line drops; mm-lobby-client-messages.c what goes over the
 * line once it is up: requests and their replies, the lobby's lists,
 * the games, and what the server says unasked. */

#include "mm-connection.h"
#include "mm-lobby-client.h"
#include "mm-lobby-list.h"

G_BEGIN_DECLS

/* Between MmLobbyClient and the MmOnlineGames it keeps. */
MmOnlineGame *_mm_online_game_new                 (MmLobbyClient *client,
                                                   JsonObject    *started,
                                                   const char    *own_name);
void          _mm_online_game_handle              (MmOnlineGame  *self,
                                                   const char    *type,
                                                   JsonObject    *message);

/* For tests: the line to the server, to cut it. */
GSocketConnection *_mm_lobby_client_get_socket    (MmLobbyClient *self);
void          _mm_lobby_client_set_connect_timeout (MmLobbyClient *self,
                                                    guint          seconds);

/* The lobby's lists the client follows, in the order subscribed. */
#define MM_LOBBY_CLIENT_N_TOPICS (MM_LOBBY_TOPIC_GAMES + 1)

struct _MmLobbyClient
{
  GObject             parent_instance;

  char               *host;
  guint16             port;
  /* The lobby's other servers (host:port), from the welcome of a
   * cluster's server: a session whose server is gone resumes on one */
  GStrv               servers;
  /* Where the attempt in progress goes, and whether that is another of
   * the lobby's servers than host:port */
  char               *attempt_host;
  guint16             attempt_port;
  gboolean            attempt_elsewhere;
  /* Attempts since the line dropped */
  guint               tries;
  gboolean            tls;
  MmCertificatePins  *pins;
  /* The certificate the server showed last, and what was wrong with it
   * (TRUST_*, in mm-lobby-client-connection.c) */
  char               *fingerprint;
  int                 trust_problem;

  MmLobbyClientState  state;
  /* The attempt to connect in progress; a person's log-in waits on it */
  GCancellable       *attempt;
  GTask              *log_in;
  char               *wanted_name;
  char               *password;
  gboolean            register_account;
  gboolean            resuming;

  GSocketConnection  *socket;
  MmConnection       *connection;
  /* Why the server said it closes, if it said */
  GError             *close_reason;

  char               *server_name;
  guint               max_chat;
  guint               grace_s;
  char               *name;
  gboolean            guest;
  int                 rating;
  char               *token;

  guint               next_id;
  /* id → GTask of a request waiting for its reply */
  GHashTable         *pending;

  MmLobbyList        *lists[MM_LOBBY_CLIENT_N_TOPICS];
  /* id → MmOnlineGame played or watched */
  GHashTable         *games;

  guint               connect_timeout_s;
  guint               first_delay_s;
  guint               longest_delay_s;
  guint               delay_s;
  guint               reconnect_seconds;
  guint               countdown_source;
  gint64              give_up_at;
  /* The server said it cannot reach its database */
  gboolean            degraded;
};

/* Made in mm_lobby_client_class_init(); all three files notify and emit
 * them. */
enum
{
  MM_LOBBY_CLIENT_PROP_0,
  MM_LOBBY_CLIENT_PROP_STATE,
  MM_LOBBY_CLIENT_PROP_RECONNECT_SECONDS,
  MM_LOBBY_CLIENT_PROP_NAME,
  MM_LOBBY_CLIENT_PROP_RATING,
  MM_LOBBY_CLIENT_PROP_DEGRADED,
  MM_LOBBY_CLIENT_N_PROPS
};

enum
{
  MM_LOBBY_CLIENT_SIGNAL_CHAT,
  MM_LOBBY_CLIENT_SIGNAL_CHALLENGED,
  MM_LOBBY_CLIENT_SIGNAL_CHALLENGE_ENDED,
  MM_LOBBY_CLIENT_SIGNAL_GAME_STARTED,
  MM_LOBBY_CLIENT_SIGNAL_DISCONNECTED,
  MM_LOBBY_CLIENT_N_SIGNALS
};

extern GParamSpec *mm_lobby_client_properties[MM_LOBBY_CLIENT_N_PROPS];
extern guint       mm_lobby_client_signals[MM_LOBBY_CLIENT_N_SIGNALS];

/* mm-lobby-client.c */
GError   *mm_lobby_client_new_lost_error  (void);

/* mm-lobby-client-connection.c */
void      mm_lobby_client_set_state       (MmLobbyClient      *self,
                                           MmLobbyClientState  state);
void      mm_lobby_client_set_degraded    (MmLobbyClient      *self,
                                           gboolean            degraded);
void      mm_lobby_client_drop_connection (MmLobbyClient      *self);
void      mm_lobby_client_finish_log_in   (MmLobbyClient      *self,
                                           GError             *error);
void      mm_lobby_client_attempt         (MmLobbyClient      *self);

/* mm-lobby-client-messages.c */
void      mm_lobby_client_fail_pending    (MmLobbyClient      *self);
void      mm_lobby_client_send_task       (MmLobbyClient      *self,
                                           JsonObject         *request,
                                           GTask              *task);
void      mm_lobby_client_send_quietly    (MmLobbyClient      *self,
                                           JsonObject         *request,
                                           const char         *what);
void      mm_lobby_client_watch_again     (MmLobbyClient      *self);
void      mm_lobby_client_message_cb      (MmConnection       *connection,
                                           JsonObject         *message,
                                           MmLobbyClient      *self);

G_END_DECLS
