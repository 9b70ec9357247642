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

#include "mm-connection.h"
#include "mm-lobby-server.h"
#include "mm-protocol.h"
#include "mm-rate-limit.h"

G_BEGIN_DECLS

typedef struct _MmLobbySession MmLobbySession;

/* One client's connection. */
typedef struct
{
  MmLobbyServer  *server;
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
  /* NULL while away */
  MmLobbyPeer *peer;
  gint64       away_since_us;
  /* The keys of the names whose chat this player does not see */
  GHashTable  *ignored;
  MmRateLimit  chat;
};

struct _MmLobbyServer
{
  GObject         parent_instance;

  char           *name;
  MmServerLimits  limits;
  GSocketService *service;
  /* NULL for plain TCP */
  GTlsCertificate *certificate;
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
  guint           sweep_source;
  gboolean        stopping;
};

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
void        mm_lobby_presence_ignore      (MmLobbyServer  *self,
                                           MmLobbyPeer    *peer,
                                           JsonObject     *message,
                                           const char     *id,
                                           gboolean        ignore);

G_END_DECLS
