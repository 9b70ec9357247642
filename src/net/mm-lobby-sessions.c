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

/* A session's row, written before its player is told the session (a
 * failover resumes it from there), and the row of the token it
 * replaces deleted: mm-lobby-store-calls.c runs them in order, a
 * session's deletion after its writing. */
typedef struct
{
  MmStoredSession *stored;
  char            *gone_hash;
  char            *key;
  char            *id;
  gboolean         resumed;
} SessionWrite;

static void
session_write_free (SessionWrite *write)
{
  mm_stored_session_free (write->stored);
  g_free (write->gone_hash);
  g_free (write->key);
  g_free (write->id);
  g_free (write);
}

static gboolean
write_session (MmStore  *store,
               gpointer  data,
               GError  **error)
{
  SessionWrite *write = data;

  if (write->gone_hash != NULL && !mm_store_delete_session (store, write->gone_hash, error))
    return FALSE;
  return mm_store_save_session (store, write->stored, error);
}

static gboolean
delete_session (MmStore  *store,
                gpointer  data,
                GError  **error)
{
  return mm_store_delete_session (store, data, error);
}

/* The row of @session's token goes from the store. */
static void
forget_token (MmLobbyServer  *self,
              MmLobbySession *session)
{
  if (self->store != NULL)
    mm_lobby_server_call_store (self, NULL, session->key, delete_session, NULL,
                                g_strdup (session->token_hash), g_free);
}

/* A fresh token for @session, the old one (if any) no longer taking it;
 * answers the old one's hash, whose row is to go. */
static char *
give_token (MmLobbyServer  *self,
            MmLobbySession *session)
{
  guchar secret[TOKEN_BYTES];
  char token[TOKEN_BYTES * 2 + 1];
  char *gone_hash = NULL;

  if (session->token_hash != NULL)
    {
      g_hash_table_remove (self->tokens, session->token_hash);
      gone_hash = g_steal_pointer (&session->token_hash);
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
  return gone_hash;
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
  forget_token (self, session);
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
  mm_lobby_accounts_guest (self, peer, name, id);
}

void
mm_lobby_sessions_handle_register (MmLobbyPeer *peer,
                                   JsonObject  *message,
                                   const char  *id)
{
  mm_lobby_accounts_register (peer->server, peer, message, id);
}

/* The player is in: told the session, and given back the games it is
 * in. */
static void
greet (MmLobbyServer  *self,
       MmLobbyPeer    *peer,
       MmLobbySession *session,
       gboolean        resumed,
       const char     *id)
{
  send_session (peer, session, resumed, id);
  if (resumed)
    {
      mm_lobby_server_log (self, "%s back from %s", session->name, peer->address);
      mm_lobby_games_session_back (self, session);
    }
  else
    mm_lobby_server_log (self, "%s came %s from %s", session->name,
                         session->guest ? "as a guest" : "in", peer->address);
}

static void
session_written (MmLobbyServer *self,
                 MmLobbyPeer   *peer,
                 gpointer       data,
                 const GError  *error)
{
  SessionWrite *write = data;
  MmLobbySession *session;

  /* The player may have gone, or been replaced, meanwhile. */
  if (peer == NULL
      || (session = g_hash_table_lookup (self->sessions, write->key)) == NULL
      || session->peer != peer
      || g_strcmp0 (session->token_hash, write->stored->token_hash) != 0)
    return;
  greet (self, peer, session, write->resumed, write->id);
}

/* Greets @peer with @session once its row, with the token just given,
 * is kept (the token replaced that of @gone_hash, if any; taken). */
static void
keep_then_greet (MmLobbyServer  *self,
                 MmLobbyPeer    *peer,
                 MmLobbySession *session,
                 char           *gone_hash,
                 gboolean        resumed,
                 const char     *id)
{
  SessionWrite *write;

  if (self->store == NULL)
    {
      g_free (gone_hash);
      greet (self, peer, session, resumed, id);
      return;
    }
  write = g_new0 (SessionWrite, 1);
  write->stored = mm_stored_session_new (session->token_hash, session->name, session->guest);
  write->gone_hash = gone_hash;
  write->key = g_strdup (session->key);
  write->id = g_strdup (id);
  write->resumed = resumed;
  mm_lobby_server_call_store (self, peer, session->key, write_session, session_written, write,
                              (GDestroyNotify) session_write_free);
}

/* Gives @peer the session of @name: a new guest's (@account NULL), or a
 * registered player's, taking over the session the account has already
 * on another connection or away, unless the account is under @ban.
 * Takes @account. */
void
mm_lobby_server_open_session (MmLobbyServer          *self,
                              MmLobbyPeer            *peer,
                              const char             *name,
                              MmStoredAccount        *account,
                              const MmStoredSanction *ban,
                              const char             *id)
{
  char *key;
  MmLobbySession *session;

  /* In another way while its account was looked up */
  if (peer->session != NULL)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_LOGGED_IN,
                            /* Translators: protocol error; %s is the player's name */
                            _("You are already in, as “%s”."), peer->session->name);
      mm_stored_account_free (account);
      return;
    }
  if (account != NULL && mm_lobby_moderation_refuse_banned (peer, ban, id))
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
      mm_lobby_presence_announce (self, session, "player-changed");
      /* After a restart the store had only the old token's hash. */
      if (session->token == NULL)
        keep_then_greet (self, peer, session, give_token (self, session), TRUE, id);
      else
        greet (self, peer, session, TRUE, id);
      return;
    }
  session = session_new (self, name, key, account);
  session->peer = peer;
  peer->session = session;
  mm_lobby_presence_announce (self, session, "player-added");
  keep_then_greet (self, peer, session, give_token (self, session), FALSE, id);
}

typedef struct
{
  char             *token;
  char             *name;
  char             *id;
  gboolean          taken_up;
  MmStoredSanction *ban;
} ResumeCheck;

static void
resume_check_free (ResumeCheck *check)
{
  if (check->token != NULL)
    sodium_memzero (check->token, strlen (check->token));
  g_free (check->token);
  g_free (check->name);
  g_free (check->id);
  g_clear_pointer (&check->ban, mm_stored_sanction_free);
  g_free (check);
}

static gboolean
find_ban (MmStore  *store,
          gpointer  data,
          GError  **error)
{
  ResumeCheck *check = data;

  return mm_lobby_moderation_find_ban (store, check->name, &check->ban, error);
}

/* @peer takes @session, whose @token it gave. */
static void
resume (MmLobbyServer  *self,
        MmLobbyPeer    *peer,
        MmLobbySession *session,
        const char     *token,
        gboolean        taken_up,
        const char     *id)
{
  MmLobbyPeer *old = session->peer;

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
    session->token = g_strdup (token);
  mm_lobby_presence_announce (self, session, "player-changed");
  greet (self, peer, session, TRUE, id);
  if (taken_up)
    mm_lobby_failover_take_games (self, session);
}

static void
refuse_unknown_token (MmLobbyPeer *peer,
                      const char  *id)
{
  if (++peer->bad_tokens > MAX_BAD_TOKENS)
    mm_lobby_peer_close (peer, id, MM_PROTOCOL_ERROR_FLOOD,
                /* Translators: why the server closed a connection */
                _("Too many unknown tokens: the connection is closed."));
  else
    mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_BAD_TOKEN,
                          /* Translators: protocol error */
                          _("No session has that token; it may have ended."));
}

static void
resume_checked (MmLobbyServer *self,
                MmLobbyPeer   *peer,
                gpointer       data,
                const GError  *error)
{
  ResumeCheck *check = data;
  g_autofree char *hash = NULL;
  MmLobbySession *session;

  if (peer == NULL)
    return;
  peer->logging_in = FALSE;
  /* A ban the store cannot tell (an error) is not one: a player is not
   * shut out while the database is away. */
  hash = hash_token (check->token);
  if (peer->session != NULL)
    mm_lobby_peer_refuse (peer, check->id, MM_PROTOCOL_ERROR_LOGGED_IN,
                          /* Translators: protocol error; %s is the player's name */
                          _("You are already in, as “%s”."), peer->session->name);
  /* The session may have ended meanwhile. */
  else if ((session = g_hash_table_lookup (self->tokens, hash)) == NULL)
    refuse_unknown_token (peer, check->id);
  else if (!mm_lobby_moderation_refuse_banned (peer, check->ban, check->id))
    resume (self, peer, session, check->token, check->taken_up, check->id);
}

/* Resumes @session, whose @token @peer gave (@taken_up: from a server
 * that is gone), a registered player's once the store says the account
 * is not banned. */
void
mm_lobby_sessions_resume_known (MmLobbyServer  *self,
                                MmLobbyPeer    *peer,
                                MmLobbySession *session,
                                const char     *token,
                                gboolean        taken_up,
                                const char     *id)
{
  ResumeCheck *check;

  if (session->account == NULL || self->store == NULL)
    {
      resume (self, peer, session, token, taken_up, id);
      return;
    }
  check = g_new0 (ResumeCheck, 1);
  check->token = g_strdup (token);
  check->name = g_strdup (session->name);
  check->id = g_strdup (id);
  check->taken_up = taken_up;
  peer->logging_in = TRUE;
  mm_lobby_server_call_store (self, peer, session->key, find_ban, resume_checked, check,
                              (GDestroyNotify) resume_check_free);
}

/* No session here has the token: none at all, or (@elsewhere) one on
 * another server of the lobby that lives. */
void
mm_lobby_sessions_refuse_token (MmLobbyPeer *peer,
                                const char  *id,
                                gboolean     elsewhere)
{
  if (elsewhere)
    mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_BAD_TOKEN,
                          /* Translators: protocol error */
                          _("That session is on another server of this lobby."));
  else
    refuse_unknown_token (peer, id);
}

void
mm_lobby_sessions_handle_resume (MmLobbyPeer *peer,
                                 JsonObject  *message,
                                 const char  *id)
{
  MmLobbyServer *self = peer->server;
  const char *token = json_object_get_string_member (message, "token");
  g_autofree char *hash = hash_token (token);
  MmLobbySession *session = g_hash_table_lookup (self->tokens, hash);

  if (peer->logging_in)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_RATE_LIMITED,
                            /* Translators: protocol error */
                            _("Your last log-in is still under way: wait a moment."));
      return;
    }
  if (session != NULL)
    mm_lobby_sessions_resume_known (self, peer, session, token, FALSE, id);
  else
    /* In a cluster, the session of a server that died */
    mm_lobby_failover_resume (self, peer, token, hash, id);
}

/* A session of the store, brought back away: its player has the grace
 * period, counted from now, to resume it.  @account is its player's
 * (taken), NULL for a guest or an account the store no longer has. */
MmLobbySession *
mm_lobby_session_restore (MmLobbyServer         *self,
                          const MmStoredSession *stored,
                          MmStoredAccount       *account)
{
  MmLobbySession *session = g_new0 (MmLobbySession, 1);

  session->name = g_strdup (stored->name);
  session->key = mm_nickname_key (stored->name);
  session->token_hash = g_strdup (stored->token_hash);
  session->account = account;
  session->guest = session->account == NULL;
  session->ignored = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  session->away_since_us = g_get_monotonic_time ();
  mm_rate_limit_init (&session->chat, self->limits.chat_rate, self->limits.chat_burst,
                      session->away_since_us);
  g_hash_table_insert (self->sessions, session->key, session);
  g_hash_table_insert (self->tokens, session->token_hash, session);
  return session;
}

