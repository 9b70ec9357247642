/* mm-lobby-requests.c
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

/* The lobby server's requests: the handshake's "hello", then the table
 * of the requests a client sends, each with what it needs (a session or
 * none yet) and the part of the server that handles it.  Connections
 * (mm-lobby-server.c) and proxies of other servers (mm-lobby-relay.c)
 * come here alike. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "mm-handshake.h"
#include "mm-line-reader.h"
#include "mm-lobby-server-private.h"

/* The lobby's servers, this one first: where a client whose line drops
 * may resume its session, this server being gone. */
static void
add_cluster_addresses (MmLobbyServer *self,
                       JsonObject    *welcome)
{
  g_auto(GStrv) addresses = mm_lobby_cluster_list_addresses (self->cluster);
  JsonArray *servers = json_array_new ();

  for (guint i = 0; addresses[i] != NULL && i < 16; i++)
    {
      JsonObject *server = json_object_new ();

      json_object_set_string_member (server, "address", addresses[i]);
      json_array_add_object_element (servers, server);
    }
  json_object_set_array_member (welcome, "servers", servers);
}

/* The handshake's first line, before any request. */
void
mm_lobby_server_handle_hello (MmLobbyPeer *peer,
                              JsonObject  *message,
                              const char  *id)
{
  const MmServerLimits *limits = &peer->server->limits;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) welcome = NULL;

  if (!mm_handshake_check_hello (message, &error))
    {
      g_autoptr(JsonObject) refusal = mm_handshake_new_refusal (error, id);

      mm_lobby_peer_send (peer, refusal);
      peer->closing = TRUE;
      mm_connection_close (peer->connection, NULL);
      mm_lobby_server_log (peer->server, "refused %s: %s", peer->address, error->message);
      return;
    }
  welcome = mm_handshake_new_welcome (peer->server->name, MM_LINE_READER_MAX_LENGTH);
  /* The limits a client does well to know; 0 is none. */
  json_object_set_int_member (welcome, "max_chat", MIN (limits->chat_length, 1000));
  json_object_set_int_member (welcome, "grace", limits->grace_s);
  json_object_set_int_member (welcome, "idle_timeout", limits->idle_timeout_s);
  json_object_set_int_member (welcome, "requests_per_second", (gint64) ceil (limits->request_rate));
  json_object_set_int_member (welcome, "chats_per_second", (gint64) ceil (limits->chat_rate));
  if (peer->server->cluster != NULL)
    add_cluster_addresses (peer->server, welcome);
  if (id != NULL)
    json_object_set_string_member (welcome, "id", id);
  peer->welcomed = TRUE;
  mm_lobby_peer_send (peer, welcome);
}

typedef void (*RequestHandler) (MmLobbyPeer *peer,
                                JsonObject  *message,
                                const char  *id);

static void
handle_logout (MmLobbyPeer *peer,
               JsonObject  *message,
               const char  *id)
{
  mm_lobby_peer_log_out (peer, id);
}

static void
handle_ping (MmLobbyPeer *peer,
             JsonObject  *message,
             const char  *id)
{
  g_autoptr(JsonObject) pong = mm_protocol_new_message ("pong", id);

  mm_lobby_peer_send (peer, pong);
}

static void
handle_pong (MmLobbyPeer *peer,
             JsonObject  *message,
             const char  *id)
{
  /* The answer to the server's ping: hearing it was the point. */
}

static void
handle_subscribe (MmLobbyPeer *peer,
                  JsonObject  *message,
                  const char  *id)
{
  mm_lobby_presence_subscribe (peer->server, peer, json_object_get_string_member (message, "topic"),
                               id);
}

static void
handle_unsubscribe (MmLobbyPeer *peer,
                    JsonObject  *message,
                    const char  *id)
{
  mm_lobby_presence_unsubscribe (peer->server, peer,
                                 json_object_get_string_member (message, "topic"), id);
}

static void
handle_say (MmLobbyPeer *peer,
            JsonObject  *message,
            const char  *id)
{
  mm_lobby_presence_say (peer->server, peer, message, id);
}

static void
handle_ignore (MmLobbyPeer *peer,
               JsonObject  *message,
               const char  *id)
{
  mm_lobby_presence_ignore (peer->server, peer, message, id, TRUE);
}

static void
handle_unignore (MmLobbyPeer *peer,
                 JsonObject  *message,
                 const char  *id)
{
  mm_lobby_presence_ignore (peer->server, peer, message, id, FALSE);
}

static void
handle_seek (MmLobbyPeer *peer,
             JsonObject  *message,
             const char  *id)
{
  mm_lobby_seeks_handle_seek (peer->server, peer, message, id);
}

static void
handle_cancel_seek (MmLobbyPeer *peer,
                    JsonObject  *message,
                    const char  *id)
{
  mm_lobby_seeks_handle_cancel (peer->server, peer, message, id);
}

static void
handle_accept_seek (MmLobbyPeer *peer,
                    JsonObject  *message,
                    const char  *id)
{
  mm_lobby_seeks_handle_accept (peer->server, peer, message, id);
}

static void
handle_challenge (MmLobbyPeer *peer,
                  JsonObject  *message,
                  const char  *id)
{
  mm_lobby_seeks_handle_challenge (peer->server, peer, message, id);
}

static void
handle_accept_challenge (MmLobbyPeer *peer,
                         JsonObject  *message,
                         const char  *id)
{
  mm_lobby_seeks_handle_challenge_answer (peer->server, peer, message, id, "accept");
}

static void
handle_decline_challenge (MmLobbyPeer *peer,
                          JsonObject  *message,
                          const char  *id)
{
  mm_lobby_seeks_handle_challenge_answer (peer->server, peer, message, id, "decline");
}

static void
handle_cancel_challenge (MmLobbyPeer *peer,
                         JsonObject  *message,
                         const char  *id)
{
  mm_lobby_seeks_handle_challenge_answer (peer->server, peer, message, id, "cancel");
}

static void
handle_moderation (MmLobbyPeer *peer,
                   JsonObject  *message,
                   const char  *id)
{
  mm_lobby_moderation_handle (peer->server, peer, message, mm_protocol_get_type (message), id);
}

static void
handle_game_request (MmLobbyPeer *peer,
                     JsonObject  *message,
                     const char  *id)
{
  mm_lobby_games_handle (peer->server, peer, message, mm_protocol_get_type (message), id);
}

typedef enum
{
  ANYONE,
  SESSION_NEEDED,
  NO_SESSION_YET,
} Needs;

static const struct
{
  const char     *type;
  Needs           needs;
  RequestHandler  handle;
} requests[] = {
  { "ping", ANYONE, handle_ping },
  { "pong", ANYONE, handle_pong },
  { "login", NO_SESSION_YET, mm_lobby_sessions_handle_login },
  { "resume", NO_SESSION_YET, mm_lobby_sessions_handle_resume },
  { "register", NO_SESSION_YET, mm_lobby_sessions_handle_register },
  { "logout", SESSION_NEEDED, handle_logout },
  { "subscribe", SESSION_NEEDED, handle_subscribe },
  { "unsubscribe", SESSION_NEEDED, handle_unsubscribe },
  { "say", SESSION_NEEDED, handle_say },
  { "ignore", SESSION_NEEDED, handle_ignore },
  { "unignore", SESSION_NEEDED, handle_unignore },
  { "seek", SESSION_NEEDED, handle_seek },
  { "cancel-seek", SESSION_NEEDED, handle_cancel_seek },
  { "accept-seek", SESSION_NEEDED, handle_accept_seek },
  { "challenge", SESSION_NEEDED, handle_challenge },
  { "accept-challenge", SESSION_NEEDED, handle_accept_challenge },
  { "decline-challenge", SESSION_NEEDED, handle_decline_challenge },
  { "cancel-challenge", SESSION_NEEDED, handle_cancel_challenge },
  { "move", SESSION_NEEDED, handle_game_request },
  { "resign", SESSION_NEEDED, handle_game_request },
  { "abort", SESSION_NEEDED, handle_game_request },
  { "ask-undo", SESSION_NEEDED, handle_game_request },
  { "answer-undo", SESSION_NEEDED, handle_game_request },
  { "rematch", SESSION_NEEDED, handle_game_request },
  { "watch", SESSION_NEEDED, handle_game_request },
  { "unwatch", SESSION_NEEDED, handle_game_request },
  { "list-games", SESSION_NEEDED, handle_game_request },
  { "fetch-game", SESSION_NEEDED, handle_game_request },
  { "kick", SESSION_NEEDED, handle_moderation },
  { "mute", SESSION_NEEDED, handle_moderation },
  { "unmute", SESSION_NEEDED, handle_moderation },
  { "ban", SESSION_NEEDED, handle_moderation },
  { "unban", SESSION_NEEDED, handle_moderation },
};

/* Handles a request of @peer's: a connection's, or a proxy's that
 * another server relayed. */
void
mm_lobby_server_dispatch (MmLobbyPeer *peer,
                          JsonObject  *message,
                          const char  *type,
                          const char  *id)
{
  for (gsize i = 0; i < G_N_ELEMENTS (requests); i++)
    {
      if (!g_str_equal (requests[i].type, type))
        continue;
      if (requests[i].needs == SESSION_NEEDED && peer->session == NULL)
        mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NOT_LOGGED_IN,
                              /* Translators: protocol error */
                              _("Log in first."));
      else if (requests[i].needs == NO_SESSION_YET && peer->session != NULL)
        mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_LOGGED_IN,
                              /* Translators: protocol error; %s is the player's name */
                              _("You are already in, as “%s”."), peer->session->name);
      else
        requests[i].handle (peer, message, id);
      return;
    }
  /* hello after the handshake, or a message only servers send */
  mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NOT_A_REQUEST,
                        /* Translators: protocol error; %s is the type of a message */
                        _("A client does not send “%s”."), type);
}
