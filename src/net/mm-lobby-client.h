/* mm-lobby-client.h
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
#include <json-glib/json-glib.h>

#include "mm-certificate-pins.h"
#include "mm-lobby-offer.h"

G_BEGIN_DECLS

/* A connection to a lobby server (docs/PROTOCOL.md), for the app: GIO
 * and asynchronous, nothing blocks the main loop.  It connects (TLS
 * unless told otherwise, a self-signed certificate trusted once the
 * person said so, see MmCertificatePins), says hello, logs in as a guest
 * or a registered player, and subscribes to the lobby: its players, open
 * games and games in progress are list models that GTK lists bind to.
 * Every request is an async call whose failure is a GError with a
 * sentence for the person.
 *
 * When the line drops the client comes back by itself: it waits a
 * little longer each time (MmLobbyClient:reconnect-seconds counts down)
 * and resumes its session with the token, for as long as the server
 * keeps the session.  A game in progress carries on where it was. */

typedef struct _MmOnlineGame MmOnlineGame;

typedef enum
{
  MM_LOBBY_CLIENT_DISCONNECTED,
  MM_LOBBY_CLIENT_CONNECTING,
  MM_LOBBY_CLIENT_CONNECTED,
  MM_LOBBY_CLIENT_RECONNECTING,
} MmLobbyClientState;

#define MM_LOBBY_CLIENT_ERROR (mm_lobby_client_error_quark ())

typedef enum
{
  MM_LOBBY_CLIENT_ERROR_UNTRUSTED,           /* a certificate the person has not trusted yet */
  MM_LOBBY_CLIENT_ERROR_CERTIFICATE_CHANGED, /* not the certificate trusted before */
  MM_LOBBY_CLIENT_ERROR_CONNECTION_LOST,     /* the line dropped before an answer came */
  MM_LOBBY_CLIENT_ERROR_NOT_CONNECTED,       /* no connection to send on */
  MM_LOBBY_CLIENT_ERROR_UNEXPECTED,          /* the server answered something else */
} MmLobbyClientError;

#define MM_TYPE_LOBBY_CLIENT_STATE (mm_lobby_client_state_get_type ())
#define MM_TYPE_LOBBY_CLIENT (mm_lobby_client_get_type ())

G_DECLARE_FINAL_TYPE (MmLobbyClient, mm_lobby_client, MM, LOBBY_CLIENT, GObject)

GQuark              mm_lobby_client_error_quark       (void);
GType               mm_lobby_client_state_get_type    (void) G_GNUC_CONST;

MmLobbyClient      *mm_lobby_client_new               (const char          *host,
                                                       guint16              port,
                                                       gboolean             tls,
                                                       MmCertificatePins   *pins);
const char         *mm_lobby_client_get_host          (MmLobbyClient       *self);
guint16             mm_lobby_client_get_port          (MmLobbyClient       *self);
const char         *mm_lobby_client_get_fingerprint   (MmLobbyClient       *self);
void                mm_lobby_client_set_reconnect_delays (MmLobbyClient    *self,
                                                       guint                first_s,
                                                       guint                longest_s);

void                mm_lobby_client_log_in_async      (MmLobbyClient       *self,
                                                       const char          *name,
                                                       const char          *password,
                                                       gboolean             register_account,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
gboolean            mm_lobby_client_log_in_finish     (MmLobbyClient       *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);
void                mm_lobby_client_disconnect        (MmLobbyClient       *self);

MmLobbyClientState  mm_lobby_client_get_state         (MmLobbyClient       *self);
guint               mm_lobby_client_get_reconnect_seconds (MmLobbyClient   *self);
const char         *mm_lobby_client_get_name          (MmLobbyClient       *self);
gboolean            mm_lobby_client_is_guest          (MmLobbyClient       *self);
int                 mm_lobby_client_get_rating        (MmLobbyClient       *self);
gboolean            mm_lobby_client_is_degraded       (MmLobbyClient       *self);
const char         *mm_lobby_client_get_server_name   (MmLobbyClient       *self);
guint               mm_lobby_client_get_max_chat      (MmLobbyClient       *self);

GListModel         *mm_lobby_client_get_players       (MmLobbyClient       *self);
GListModel         *mm_lobby_client_get_seeks         (MmLobbyClient       *self);
GListModel         *mm_lobby_client_get_games         (MmLobbyClient       *self);
int                 mm_lobby_client_lookup_rating     (MmLobbyClient       *self,
                                                       const char          *name);
MmOnlineGame       *mm_lobby_client_get_game          (MmLobbyClient       *self,
                                                       const char          *id);

void                mm_lobby_client_request_async     (MmLobbyClient       *self,
                                                       JsonObject          *request,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
JsonObject         *mm_lobby_client_request_finish    (MmLobbyClient       *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);

JsonObject         *mm_lobby_client_new_seek          (MmLobbyColor         color,
                                                       guint                base,
                                                       guint                increment,
                                                       gboolean             rated);
JsonObject         *mm_lobby_client_new_challenge     (const char          *name,
                                                       MmLobbyColor         color,
                                                       guint                base,
                                                       guint                increment,
                                                       gboolean             rated);
JsonObject         *mm_lobby_client_new_request       (const char          *type,
                                                       const char          *member,
                                                       const char          *value);
void                mm_lobby_client_watch_async       (MmLobbyClient       *self,
                                                       const char          *game,
                                                       GCancellable        *cancellable,
                                                       GAsyncReadyCallback  callback,
                                                       gpointer             user_data);
MmOnlineGame       *mm_lobby_client_watch_finish      (MmLobbyClient       *self,
                                                       GAsyncResult        *result,
                                                       GError             **error);

/* For MmOnlineGame. */
void                _mm_lobby_client_forget_game      (MmLobbyClient       *self,
                                                       MmOnlineGame        *game);

G_END_DECLS
