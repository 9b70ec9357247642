/* mm-lobby-sessions.c
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

/* Who the players are: guests' sessions, registered players' (their
 * passwords checked in mm-lobby-accounts.c), sessions taken up again
 * with their token after a dropped line or a restart, and what the
 * store keeps of them. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <sodium.h>
#include <string.h>

#include "mm-lobby-server-private.h"
#include "mm-nickname.h"

#define TOKEN_BYTES 32
/* Unknown tokens a connection may try before it is closed */
#define MAX_BAD_TOKENS 5

/* Sends to the player's connection, if it has one now. */
void
mm_lobby_session_send (MmLobbySession *session,
                       JsonObject     *message)
{
  if (session->peer != NULL)
    mm_lobby_peer_send (session->peer, message);
}

MmLobbySession *
mm_lobby_server_find_session (MmLobbyServer *self,
                              const char    *name)
{
  g_autofree char *key = mm_nickname_key (name);

  return g_hash_table_lookup (self->sessions, key);
}

/* Sessions. */

void
mm_lobby_session_free (MmLobbySession *session)
{
  g_free (session->name);
  g_free (session->key);
  if (session->token != NULL)
    sodium_memzero (session->token, strlen (session->token));
  g_free (session->token);
  g_free (session->token_hash);
  g_hash_table_unref (session->ignored);
  g_clear_pointer (&session->playing_elsewhere, g_hash_table_unref);
  mm_stored_account_free (session->account);
  g_free (session);
}

/* The tokens are looked up by their hash, so that the time a lookup
 * takes says nothing about the tokens the server holds. */
static char *
hash_token (const char *token)
{
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, token, -1);
}

static void
save_session (MmLobbyServer  *self,
              MmLobbySession *session)
{
  g_autoptr(MmStoredSession) stored = NULL;
  GError *error = NULL;

  if (self->store == NULL)
    return;
  stored = mm_stored_session_new (session->token_hash, session->name, session->guest);
  mm_lobby_server_stored (self, mm_store_save_session (self->store, stored, &error), error);
}

/* A fresh token for @session, the old one (if any) no longer taking it. */
static void
give_token (MmLobbyServer  *self,
            MmLobbySession *session)
{
  guchar secret[TOKEN_BYTES];
  char token[TOKEN_BYTES * 2 + 1];

  if (session->token_hash != NULL)
    {
      GError *error = NULL;

      g_hash_table_remove (self->tokens, session->token_hash);
      if (self->store != NULL)
        mm_lobby_server_stored (self, mm_store_delete_session (self->store, session->token_hash,
                                                               &error), error);
      g_free (session->token_hash);
    }
  randombytes_buf (secret, sizeof secret);
  sodium_bin2hex (token, sizeof token, secret, sizeof secret);
  sodium_memzero (secret, sizeof secret);
  if (session->token != NULL)
    sodium_memzero (session->token, strlen (session->token));
  g_free (session->token);
  session->token = g_strdup (token);
  session->token_hash = hash_token (token);
  sodium_memzero (token, sizeof token);
  g_hash_table_insert (self->tokens, session->token_hash, session);
  save_session (self, session);
}

static MmLobbySession *
session_new (MmLobbyServer   *self,
             const char      *name,
             char            *key,
             MmStoredAccount *account)
{
  MmLobbySession *session = g_new0 (MmLobbySession, 1);

  session->name = g_strdup (name);
  session->key = key;
  session->guest = account == NULL;
  session->account = account;
  session->ignored = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  mm_rate_limit_init (&session->chat, self->limits.chat_rate, self->limits.chat_burst,
                      g_get_monotonic_time ());
  g_hash_table_insert (self->sessions, session->key, session);
  give_token (self, session);
  return session;
}

/* The session is over: its game lost if it was playing, its seeks and
 * challenges gone, everyone watching told. */
void
mm_lobby_session_end (MmLobbyServer  *self,
                      MmLobbySession *session)
{
  g_autofree char *name = g_strdup (session->name);

  mm_lobby_games_session_gone (self, session);
  mm_lobby_seeks_forget_session (self, session);
  if (self->store != NULL)
    {
      GError *error = NULL;

      mm_lobby_server_stored (self, mm_store_delete_session (self->store, session->token_hash,
                                                             &error), error);
    }

  g_hash_table_remove (self->tokens, session->token_hash);
  g_hash_table_remove (self->sessions, session->key);
  mm_lobby_presence_announce (self, NULL, name);
}

/* @session was taken up by another server of the cluster (this one was
 * counted dead meanwhile): it goes from here, its connection told so,
 * its row in the store left to that server and nothing told to the
 * lobby. */
void
mm_lobby_session_let_go (MmLobbyServer  *self,
                         MmLobbySession *session)
{
  MmLobbyPeer *peer = session->peer;

  mm_lobby_server_log (self, "%s is on another server now: let go", session->name);
  if (peer != NULL)
    {
      peer->session = NULL;
      session->peer = NULL;
      mm_lobby_peer_close (peer, NULL, MM_PROTOCOL_ERROR_REPLACED,
                  /* Translators: why the server closed a connection */
                  _("The session was taken up on another connection."));
    }
  mm_lobby_seeks_forget_session (self, session);
  if (session->game != NULL)
    mm_lobby_game_let_go (self, session->game);
  g_hash_table_remove (self->tokens, session->token_hash);
  g_hash_table_remove (self->sessions, session->key);
}

static void
send_session (MmLobbyPeer    *peer,
              MmLobbySession *session,
              gboolean        resumed,
              const char     *id)
{
  g_autoptr(JsonObject) reply = mm_protocol_new_message ("session", id);

  json_object_set_string_member (reply, "name", session->name);
  json_object_set_string_member (reply, "token", session->token);
  json_object_set_boolean_member (reply, "guest", session->guest);
  json_object_set_boolean_member (reply, "resumed", resumed);
  if (session->account != NULL)
    {
      json_object_set_int_member (reply, "rating", (gint64) (session->account->rating + 0.5));
      json_object_set_int_member (reply, "deviation",
                                  (gint64) (session->account->deviation + 0.5));
    }
  mm_lobby_peer_send (peer, reply);
  /* A newcomer learns what the others were told. */
  if (peer->server->degraded)
    mm_lobby_presence_tell_degraded (peer->server, peer);
}

void
mm_lobby_sessions_handle_login (MmLobbyPeer *peer,
                                JsonObject  *message,
                                const char  *id)
{
  MmLobbyServer *self = peer->server;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = mm_nickname_check (json_object_get_string_member (message, "name"),
                                             &error);
  g_autoptr(MmStoredAccount) account = NULL;

  if (json_object_has_member (message, "password"))
    {
      mm_lobby_accounts_login (self, peer, message, id);
      return;
    }
  if (name == NULL)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_BAD_NAME, "%s", error->message);
      return;
    }
  /* A guest cannot take a registered name. */
  if (self->store != NULL && (account = mm_store_find_account (self->store, name, NULL)) != NULL)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NAME_REGISTERED,
                            /* Translators: protocol error; %s is a player's name */
                            _("“%s” is a registered name: log in with its password."), name);
      return;
    }
  mm_lobby_server_open_session (self, peer, name, NULL, id);
}

void
mm_lobby_sessions_handle_register (MmLobbyPeer *peer,
                                   JsonObject  *message,
                                   const char  *id)
{
  mm_lobby_accounts_register (peer->server, peer, message, id);
}

/* Gives @peer the session of @name: a new guest's (@account NULL), or a
 * registered player's, taking over the session the account has already
 * on another connection or away.  Takes @account. */
void
mm_lobby_server_open_session (MmLobbyServer   *self,
                              MmLobbyPeer     *peer,
                              const char      *name,
                              MmStoredAccount *account,
                              const char      *id)
{
  char *key;
  MmLobbySession *session;

  if (account != NULL && mm_lobby_moderation_refuse_account (self, peer, name, id))
    {
      mm_stored_account_free (account);
      return;
    }
  key = mm_nickname_key (name);
  session = g_hash_table_lookup (self->sessions, key);

  /* One name in the whole cluster: whoever has it on another server
   * keeps it (an account's own too, until that server lets it go). */
  if ((session != NULL && (account == NULL || session->account == NULL))
      || (session == NULL && mm_lobby_presence_is_elsewhere (self, key)))
    {
      /* @name may be the account's own: it goes last. */
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NAME_TAKEN,
                            /* Translators: protocol error; %s is a player's name */
                            _("Someone is already called “%s”."), name);
      g_free (key);
      mm_stored_account_free (account);
      return;
    }
  if (session != NULL)
    {
      MmLobbyPeer *old = session->peer;

      g_free (key);
      /* The account as the store has it now: a moderator made since,
       * say. */
      mm_stored_account_free (session->account);
      session->account = account;
      if (old != NULL)
        {
          old->session = NULL;
          session->peer = NULL;
          mm_lobby_peer_close (old, NULL, MM_PROTOCOL_ERROR_REPLACED,
                      /* Translators: why the server closed a connection */
                      _("The session was taken up on another connection."));
        }
      session->peer = peer;
      peer->session = session;
      /* After a restart the store had only the old token's hash. */
      if (session->token == NULL)
        give_token (self, session);
      send_session (peer, session, TRUE, id);
      mm_lobby_server_log (self, "%s back from %s", session->name, peer->address);
      mm_lobby_presence_announce (self, session, "player-changed");
      mm_lobby_games_session_back (self, session);
      return;
    }
  session = session_new (self, name, key, account);
  session->peer = peer;
  peer->session = session;
  send_session (peer, session, FALSE, id);
  mm_lobby_server_log (self, "%s came %s from %s", session->name,
                       session->guest ? "as a guest" : "in", peer->address);
  mm_lobby_presence_announce (self, session, "player-added");
}

void
mm_lobby_sessions_handle_resume (MmLobbyPeer *peer,
                                 JsonObject  *message,
                                 const char  *id)
{
  MmLobbyServer *self = peer->server;
  g_autofree char *hash = hash_token (json_object_get_string_member (message, "token"));
  MmLobbySession *session = g_hash_table_lookup (self->tokens, hash);
  gboolean taken_up = FALSE;
  gboolean elsewhere = FALSE;
  MmLobbyPeer *old;

  /* In a cluster, the session of a server that died. */
  if (session == NULL
      && (session = mm_lobby_failover_take_session (self, hash, &elsewhere)) != NULL)
    taken_up = TRUE;
  if (elsewhere)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_BAD_TOKEN,
                            /* Translators: protocol error */
                            _("That session is on another server of this lobby."));
      return;
    }
  if (session == NULL)
    {
      if (++peer->bad_tokens > MAX_BAD_TOKENS)
        mm_lobby_peer_close (peer, id, MM_PROTOCOL_ERROR_FLOOD,
                    /* Translators: why the server closed a connection */
                    _("Too many unknown tokens: the connection is closed."));
      else
        mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_BAD_TOKEN,
                              /* Translators: protocol error */
                              _("No session has that token; it may have ended."));
      return;
    }
  if (session->account != NULL
      && mm_lobby_moderation_refuse_account (self, peer, session->name, id))
    return;
  old = session->peer;
  if (old != NULL)
    {
      /* The session goes with the token, and the old connection with
       * nothing. */
      old->session = NULL;
      session->peer = NULL;
      mm_lobby_peer_close (old, NULL, MM_PROTOCOL_ERROR_REPLACED,
                  /* Translators: why the server closed a connection */
                  _("The session was taken up on another connection."));
    }
  session->peer = peer;
  peer->session = session;
  /* After a restart the store had only the token's hash. */
  if (session->token == NULL)
    session->token = g_strdup (json_object_get_string_member (message, "token"));
  send_session (peer, session, TRUE, id);
  mm_lobby_server_log (self, "%s back from %s", session->name, peer->address);
  mm_lobby_presence_announce (self, session, "player-changed");
  mm_lobby_games_session_back (self, session);
  if (taken_up)
    mm_lobby_failover_take_games (self, session);
}

/* A session of the store, brought back away: its player has the grace
 * period, counted from now, to resume it. */
MmLobbySession *
mm_lobby_session_restore (MmLobbyServer         *self,
                          const MmStoredSession *stored)
{
  MmLobbySession *session = g_new0 (MmLobbySession, 1);

  session->name = g_strdup (stored->name);
  session->key = mm_nickname_key (stored->name);
  session->token_hash = g_strdup (stored->token_hash);
  session->guest = stored->guest;
  if (!stored->guest)
    session->account = mm_store_find_account (self->store, stored->name, NULL);
  session->guest = session->account == NULL;
  session->ignored = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  session->away_since_us = g_get_monotonic_time ();
  mm_rate_limit_init (&session->chat, self->limits.chat_rate, self->limits.chat_burst,
                      session->away_since_us);
  g_hash_table_insert (self->sessions, session->key, session);
  g_hash_table_insert (self->tokens, session->token_hash, session);
  return session;
}

