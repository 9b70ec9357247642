/* mm-lobby-server.c
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

/* The lobby server: one main loop on a GSocketService, no thread per
 * client.  This file takes connections and holds them to the limits of
 * docs/PROTOCOL.md; their requests, the handshake's first, go to the
 * table of mm-lobby-requests.c. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <sodium.h>
#include <stdarg.h>

#include "mm-lobby-server-private.h"
#include "mm-nickname.h"

#define SWEEP_INTERVAL_S 1
#define LISTEN_BACKLOG 4096

enum
{
  SIGNAL_LOG,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MmLobbyServer, mm_lobby_server, G_TYPE_OBJECT)

void
mm_server_limits_init (MmServerLimits *limits)
{
  g_return_if_fail (limits != NULL);

  *limits = (MmServerLimits) {
    .max_connections = 20000,
    .max_per_address = 32,
    .handshake_timeout_s = 10,
    .idle_timeout_s = 120,
    .grace_s = 60,
    .request_rate = 20,
    .request_burst = 40,
    .chat_rate = 1,
    .chat_burst = 5,
    .chat_length = 300,
  };
}

/* One line for the log of each thing that happens, through the "log"
 * signal: the program prints it, a test reads it. */
void
mm_lobby_server_log (MmLobbyServer *self,
                     const char    *format,
                     ...)
{
  g_autofree char *line = NULL;
  va_list args;

  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  g_signal_emit (self, signals[SIGNAL_LOG], 0, line);
}

void
mm_lobby_peer_send (MmLobbyPeer *peer,
                    JsonObject  *message)
{
  if (peer->home != NULL)
    mm_lobby_relay_deliver (peer, message);
  else if (!peer->closing)
    mm_connection_send (peer->connection, message);
}

void
mm_lobby_peer_reply_ok (MmLobbyPeer *peer,
                        const char  *id)
{
  g_autoptr(JsonObject) ok = mm_protocol_new_message ("ok", id);

  mm_lobby_peer_send (peer, ok);
}

void
mm_lobby_peer_refuse (MmLobbyPeer     *peer,
                      const char      *id,
                      MmProtocolError  code,
                      const char      *format,
                      ...)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) reply = NULL;
  va_list args;

  va_start (args, format);
  error = g_error_new_valist (MM_PROTOCOL_ERROR, code, format, args);
  va_end (args);
  reply = mm_protocol_new_error (error, id);
  mm_lobby_peer_send (peer, reply);
}

/* Peers. */

/* Whether @peer is still a connection of the server, the same one as
 * when @serial was taken. */
gboolean
mm_lobby_peer_is_alive (MmLobbyServer *self,
                        MmLobbyPeer   *peer,
                        guint64        serial)
{
  return g_hash_table_contains (self->peers, peer) && peer->serial == serial && !peer->closing;
}


static void
peer_free (MmLobbyPeer *peer)
{
  g_signal_handlers_disconnect_by_data (peer->connection, peer);
  g_object_unref (peer->connection);
  g_hash_table_unref (peer->watching);
  g_clear_pointer (&peer->watching_elsewhere, g_hash_table_unref);
  g_free (peer->address);
  g_free (peer);
}

/* The peer's session loses its connection: it waits out the grace
 * period, away, for a resume. */
static void
peer_detach (MmLobbyPeer *peer)
{
  MmLobbyServer *self = peer->server;
  MmLobbySession *session = peer->session;

  mm_lobby_presence_forget_peer (self, peer);
  mm_lobby_games_forget_peer (self, peer);
  if (session == NULL)
    return;
  peer->session = NULL;
  session->peer = NULL;
  session->away_since_us = g_get_monotonic_time ();
  if (self->stopping)
    return;
  if (self->limits.grace_s == 0)
    {
      mm_lobby_server_log (self, "%s left", session->name);
      mm_lobby_session_end (self, session);
      return;
    }
  mm_lobby_server_log (self, "%s away, %u s to come back", session->name, self->limits.grace_s);
  mm_lobby_presence_announce (self, session, "player-changed");
  mm_lobby_games_session_away (self, session);
}

/* The person logged out: the session ends at once, without a grace
 * period (a game in progress is lost), and the connection closes. */
void
mm_lobby_peer_log_out (MmLobbyPeer *peer,
                       const char  *id)
{
  MmLobbySession *session = peer->session;

  mm_lobby_peer_reply_ok (peer, id);
  peer->session = NULL;
  session->peer = NULL;
  mm_lobby_server_log (peer->server, "%s logged out", session->name);
  mm_lobby_session_end (peer->server, session);
  peer->closing = TRUE;
  mm_connection_close (peer->connection, NULL);
  peer_detach (peer);
}

/* Tells the peer why with an error of @code, then closes it. */
void
mm_lobby_peer_close (MmLobbyPeer     *peer,
                     const char      *id,
                     MmProtocolError  code,
                     const char      *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) reply = NULL;

  if (peer->closing)
    return;
  error = g_error_new_literal (MM_PROTOCOL_ERROR, code, text);
  reply = mm_protocol_new_error (error, id);
  /* A proxy's player is its own server's to let go. */
  if (peer->home != NULL)
    {
      mm_lobby_relay_deliver (peer, reply);
      return;
    }
  mm_connection_send (peer->connection, reply);
  peer->closing = TRUE;
  mm_connection_close (peer->connection, NULL);
  mm_lobby_server_log (peer->server, "closed %s: %s", peer->address,
                       mm_protocol_error_name (code));
  peer_detach (peer);
}

static void
peer_closed_cb (MmConnection *connection,
                const GError *error,
                MmLobbyPeer  *peer)
{
  MmLobbyServer *self = peer->server;
  guint count = GPOINTER_TO_UINT (g_hash_table_lookup (self->per_address, peer->address));

  if (!peer->closing)
    {
      peer->closing = TRUE;
      peer_detach (peer);
    }
  if (count <= 1)
    g_hash_table_remove (self->per_address, peer->address);
  else
    g_hash_table_insert (self->per_address, g_strdup (peer->address), GUINT_TO_POINTER (count - 1));
  g_hash_table_remove (self->peers, peer);
}

/* Whether one more request of @peer may be done now.  Past the rate it
 * is refused; a peer that goes on past a second burst is closed. */
static gboolean
peer_take_request (MmLobbyPeer *peer,
                   const char  *id)
{
  MmLobbyServer *self = peer->server;

  if (mm_rate_limit_take (&peer->requests, g_get_monotonic_time ()))
    {
      peer->refused_in_row = 0;
      return TRUE;
    }
  if (++peer->refused_in_row > MAX (self->limits.request_burst, 1))
    mm_lobby_peer_close (peer, id, MM_PROTOCOL_ERROR_FLOOD,
                /* Translators: why the server closed a connection */
                _("Far too many requests: the connection is closed."));
  else
    mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_RATE_LIMITED,
                          /* Translators: protocol error */
                          _("Too many requests: wait a moment."));
  return FALSE;
}

static void
peer_message_cb (MmConnection *connection,
                 JsonObject   *message,
                 MmLobbyPeer  *peer)
{
  const char *type = mm_protocol_get_type (message);
  const char *id = json_object_get_string_member_with_default (message, "id", NULL);

  if (peer->closing)
    return;
  peer->heard_us = g_get_monotonic_time ();
  peer->pinged = FALSE;
  if (!peer_take_request (peer, id))
    return;
  if (!peer->welcomed)
    {
      if (g_str_equal (type, "hello"))
        mm_lobby_server_handle_hello (peer, message, id);
      else
        mm_lobby_peer_close (peer, id, MM_PROTOCOL_ERROR_HELLO_FIRST,
                    /* Translators: why the server closed a connection */
                    _("A connection starts with “hello”."));
      return;
    }
  /* About a seek or a game of another server: that server answers. */
  if (mm_lobby_relay_forward (peer, message, type))
    return;
  mm_lobby_server_dispatch (peer, message, type, id);
}

/* A line the codec refused (and answered) still counts against the
 * rate, so that garbage cannot flood the server. */
static void
peer_refused_cb (MmConnection *connection,
                 const GError *error,
                 MmLobbyPeer  *peer)
{
  if (peer->closing)
    return;
  peer->heard_us = g_get_monotonic_time ();
  if (mm_rate_limit_take (&peer->requests, peer->heard_us))
    peer->refused_in_row = 0;
  else if (++peer->refused_in_row > MAX (peer->server->limits.request_burst, 1))
    mm_lobby_peer_close (peer, NULL, MM_PROTOCOL_ERROR_FLOOD,
                /* Translators: why the server closed a connection */
                _("Far too many requests: the connection is closed."));
}

static char *
remote_address (GSocketConnection *connection)
{
  g_autoptr(GSocketAddress) address = g_socket_connection_get_remote_address (connection, NULL);

  if (!G_IS_INET_SOCKET_ADDRESS (address))
    return g_strdup ("unknown");
  return g_inet_address_to_string (
    g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (address)));
}

/* The connection's stream, in TLS when the server has a certificate:
 * the TLS handshake happens with the first read and write. */
static GIOStream *
open_stream (MmLobbyServer     *self,
             GSocketConnection *connection)
{
  g_autoptr(GError) error = NULL;
  GIOStream *tls;

  if (self->certificate == NULL)
    return g_object_ref (G_IO_STREAM (connection));
  tls = g_tls_server_connection_new (G_IO_STREAM (connection), self->certificate, &error);
  if (tls == NULL)
    {
      mm_lobby_server_log (self, "no TLS: %s", error->message);
      return NULL;
    }
  /* Clients bring no certificates, so no trust database: with the
   * system's, each connection held a parsed copy of every CA, about
   * 3.7 MB apiece. */
  g_tls_connection_set_database (G_TLS_CONNECTION (tls), NULL);
  return tls;
}

/**
 * mm_lobby_server_add_peer:
 * @stream: the client's stream, TLS already over it if any
 * @socket: (nullable): its socket, for the reactor to watch; %NULL reads
 *   @stream with GIO's own asynchronous calls (any stream: a fuzzer's)
 * @address: the client's address, as the per-address limits count it
 *
 * Takes a client on, as a connection the server accepted: from here
 * the server reads its requests, past a limit it tells the client why
 * it goes.
 */
void
mm_lobby_server_add_peer (MmLobbyServer *self,
                          GIOStream     *stream,
                          GSocket       *socket,
                          const char    *address)
{
  MmLobbyPeer *peer;
  guint from_address;
  const char *why = NULL;

  peer = g_new0 (MmLobbyPeer, 1);
  peer->server = self;
  peer->serial = ++self->peer_serial;
  peer->watching = g_hash_table_new (g_str_hash, g_str_equal);
  peer->address = g_strdup (address);
  peer->connection = socket != NULL
                     ? mm_connection_new_polled (stream, socket, self->reactor)
                     : mm_connection_new (stream);
  peer->connected_us = peer->heard_us = g_get_monotonic_time ();
  mm_rate_limit_init (&peer->requests, self->limits.request_rate, self->limits.request_burst,
                      peer->connected_us);
  g_signal_connect (peer->connection, "message", G_CALLBACK (peer_message_cb), peer);
  g_signal_connect (peer->connection, "refused", G_CALLBACK (peer_refused_cb), peer);
  g_signal_connect (peer->connection, "closed", G_CALLBACK (peer_closed_cb), peer);

  from_address = GPOINTER_TO_UINT (g_hash_table_lookup (self->per_address, peer->address)) + 1;
  g_hash_table_insert (self->per_address, g_strdup (peer->address),
                       GUINT_TO_POINTER (from_address));
  g_hash_table_add (self->peers, peer);

  /* Past a limit the client is still told why before it goes. */
  if (self->stopping)
    why = /* Translators: why the server closed a connection */
          _("The server is stopping.");
  else if (self->limits.max_connections > 0
           && g_hash_table_size (self->peers) > self->limits.max_connections)
    why = /* Translators: why the server closed a connection */
          _("The server is full; try again later.");
  else if (self->limits.max_per_address > 0 && from_address > self->limits.max_per_address)
    why = /* Translators: why the server closed a connection */
          _("Too many connections from your address.");
  if (why == NULL)
    {
      mm_lobby_moderation_admit (self, peer);
      return;
    }
  mm_connection_start (peer->connection);
  mm_lobby_peer_close (peer, NULL, self->stopping ? MM_PROTOCOL_ERROR_SHUTDOWN
                                                  : MM_PROTOCOL_ERROR_FULL, why);
}

static gboolean
incoming_cb (GSocketService    *service,
             GSocketConnection *connection,
             GObject           *source_object,
             MmLobbyServer     *self)
{
  g_autoptr(GIOStream) stream = open_stream (self, connection);
  g_autofree char *address = NULL;

  if (stream == NULL)
    return TRUE;
  address = remote_address (connection);
  mm_lobby_server_add_peer (self, stream, g_socket_connection_get_socket (connection), address);
  return TRUE;
}

/* Once a second: handshakes and silences past their time, pings at
 * half the idle time, and sessions whose grace period is over.  One
 * sweep instead of a timer per connection keeps the main loop's sources
 * few. */
static gboolean
sweep_cb (gpointer user_data)
{
  MmLobbyServer *self = user_data;
  gint64 now = g_get_monotonic_time ();
  gint64 handshake_us = (gint64) self->limits.handshake_timeout_s * G_USEC_PER_SEC;
  gint64 idle_us = (gint64) self->limits.idle_timeout_s * G_USEC_PER_SEC;
  gint64 grace_us = (gint64) self->limits.grace_s * G_USEC_PER_SEC;
  g_autoptr(GPtrArray) to_close = g_ptr_array_new ();
  g_autoptr(GPtrArray) to_end = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, self->peers);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      MmLobbyPeer *peer = key;
      gint64 silence = now - peer->heard_us;

      if (peer->closing)
        continue;
      /* Silent past the idle time, and pinged on an earlier sweep: a
       * sweep late by a moment must not close one never asked. */
      if ((!peer->welcomed && handshake_us > 0 && now - peer->connected_us > handshake_us)
          || (idle_us > 0 && silence > idle_us && (peer->pinged || !peer->welcomed)))
        g_ptr_array_add (to_close, peer);
      else if (idle_us > 0 && silence > idle_us / 2 && !peer->pinged && peer->welcomed)
        {
          g_autoptr(JsonObject) ping = mm_protocol_new_message ("ping", NULL);

          peer->pinged = TRUE;
          mm_lobby_peer_send (peer, ping);
        }
    }
  for (guint i = 0; i < to_close->len; i++)
    {
      MmLobbyPeer *peer = to_close->pdata[i];

      if (!peer->welcomed)
        mm_lobby_peer_close (peer, NULL, MM_PROTOCOL_ERROR_TIMEOUT,
                    /* Translators: why the server closed a connection */
                    _("No “hello” came in time."));
      else
        mm_lobby_peer_close (peer, NULL, MM_PROTOCOL_ERROR_IDLE,
                    /* Translators: why the server closed a connection */
                    _("The connection was silent for too long."));
    }

  /* Paused past being counted dead, its players may be on other servers
   * now: none is ended before that is known. */
  g_hash_table_iter_init (&iter, self->sessions);
  while (!mm_lobby_failover_in_doubt (self) && g_hash_table_iter_next (&iter, &key, &value))
    {
      MmLobbySession *session = value;

      if (session->peer == NULL && now - session->away_since_us > grace_us)
        g_ptr_array_add (to_end, session);
    }
  for (guint i = 0; i < to_end->len; i++)
    {
      MmLobbySession *session = to_end->pdata[i];

      mm_lobby_server_log (self, "%s did not come back", session->name);
      mm_lobby_session_end (self, session);
    }
  mm_lobby_accounts_prune (self);
  mm_lobby_ratings_close_periods (self);
  return G_SOURCE_CONTINUE;
}

static void
mm_lobby_server_dispose (GObject *object)
{
  MmLobbyServer *self = MM_LOBBY_SERVER (object);

  mm_lobby_server_stop (self);
  if (self->proxies != NULL)
    mm_lobby_relay_leave (self);
  mm_lobby_presence_leave_cluster (self);
  g_clear_pointer (&self->proxies, g_hash_table_unref);
  g_clear_pointer (&self->remote_ids, g_hash_table_unref);
  g_clear_handle_id (&self->sweep_source, g_source_remove);
  g_clear_object (&self->service);
  g_clear_object (&self->reactor);
  g_clear_object (&self->certificate);
  g_clear_object (&self->store);
  g_clear_object (&self->cancellable);
  mm_lobby_accounts_clear (self);
  g_clear_pointer (&self->failed_by_address, g_hash_table_unref);
  g_clear_pointer (&self->failed_by_account, g_hash_table_unref);
  g_clear_pointer (&self->player_watchers, g_hash_table_unref);
  g_clear_pointer (&self->chat_listeners, g_hash_table_unref);
  g_clear_pointer (&self->seek_watchers, g_hash_table_unref);
  g_clear_pointer (&self->game_watchers, g_hash_table_unref);
  g_clear_pointer (&self->peers, g_hash_table_unref);
  g_clear_pointer (&self->challenges, g_hash_table_unref);
  g_clear_pointer (&self->seeks, g_hash_table_unref);
  g_clear_pointer (&self->games, g_hash_table_unref);
  g_clear_pointer (&self->tokens, g_hash_table_unref);
  g_clear_pointer (&self->sessions, g_hash_table_unref);
  g_clear_pointer (&self->per_address, g_hash_table_unref);
  G_OBJECT_CLASS (mm_lobby_server_parent_class)->dispose (object);
}

static void
mm_lobby_server_finalize (GObject *object)
{
  MmLobbyServer *self = MM_LOBBY_SERVER (object);

  g_free (self->name);
  G_OBJECT_CLASS (mm_lobby_server_parent_class)->finalize (object);
}

static void
mm_lobby_server_class_init (MmLobbyServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mm_lobby_server_dispose;
  object_class->finalize = mm_lobby_server_finalize;

  /* One line for the log, for each thing that happens. */
  signals[SIGNAL_LOG] =
    g_signal_new ("log", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
mm_lobby_server_init (MmLobbyServer *self)
{
  self->peers = g_hash_table_new_full (NULL, NULL, (GDestroyNotify) peer_free, NULL);
  self->per_address = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->sessions = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                          (GDestroyNotify) mm_lobby_session_free);
  self->tokens = g_hash_table_new (g_str_hash, g_str_equal);
  self->player_watchers = g_hash_table_new (NULL, NULL);
  self->chat_listeners = g_hash_table_new (NULL, NULL);
  self->proxies = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->remote_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->seek_watchers = g_hash_table_new (NULL, NULL);
  self->game_watchers = g_hash_table_new (NULL, NULL);
  self->seeks = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, mm_lobby_seek_free);
  self->challenges = g_hash_table_new_full (g_str_hash, g_str_equal, NULL,
                                            mm_lobby_challenge_free);
  self->games = g_hash_table_new_full (g_str_hash, g_str_equal, NULL, mm_lobby_game_free);
  g_queue_init (&self->hash_jobs);
  self->cancellable = g_cancellable_new ();
  self->failed_by_address = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->failed_by_account = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

/* A server named @name, taking what @limits allow (the defaults when
 * NULL).  It listens once mm_lobby_server_listen() says where. */
MmLobbyServer *
mm_lobby_server_new (const char           *name,
                     const MmServerLimits *limits)
{
  MmLobbyServer *self;

  g_return_val_if_fail (name != NULL, NULL);

  if (sodium_init () < 0)
    g_error ("libsodium cannot start: there is no source of random numbers");
  self = g_object_new (MM_TYPE_LOBBY_SERVER, NULL);
  self->name = g_strdup (name);
  if (limits != NULL)
    self->limits = *limits;
  else
    mm_server_limits_init (&self->limits);
  return self;
}

/* Keeps sessions and games in @store, and brings back what it holds:
 * the sessions, away, and the games in progress, as they were.  Before
 * mm_lobby_server_listen(). */
gboolean
mm_lobby_server_set_store (MmLobbyServer  *self,
                           MmStore        *store,
                           GError        **error)
{
  g_autoptr(GPtrArray) sessions = NULL;
  g_autoptr(GPtrArray) games = NULL;

  g_return_val_if_fail (MM_IS_LOBBY_SERVER (self), FALSE);
  g_return_val_if_fail (MM_IS_STORE (store), FALSE);
  g_return_val_if_fail (self->store == NULL && self->service == NULL, FALSE);

  if ((sessions = mm_store_list_sessions (store, error)) == NULL
      || (games = mm_store_list_games (store, TRUE, NULL, 0, error)) == NULL)
    return FALSE;
  self->store = g_object_ref (store);
  for (guint i = 0; i < sessions->len; i++)
    {
      MmStoredSession *stored = sessions->pdata[i];
      g_autofree char *key = mm_nickname_key (stored->name);

      /* Before the server serves anyone: read while it waits. */
      if (!g_hash_table_contains (self->sessions, key))
        mm_lobby_session_restore (self, stored,
                                  stored->guest ? NULL
                                                : mm_store_find_account (store, stored->name, NULL));
    }
  for (guint i = 0; i < games->len; i++)
    mm_lobby_game_restore (self, games->pdata[i]);
  mm_lobby_server_reserve_first_ids (self);
  if (sessions->len > 0 || games->len > 0)
    mm_lobby_server_log (self, "brought back %u sessions and %u games", sessions->len, games->len);
  return TRUE;
}

/* Shares the lobby with the other servers of @cluster: who is present
 * and the lobby's chat.  Once, after mm_lobby_server_set_store(). */
void
mm_lobby_server_join_cluster (MmLobbyServer  *self,
                              MmLobbyCluster *cluster)
{
  g_return_if_fail (MM_IS_LOBBY_SERVER (self));
  g_return_if_fail (MM_IS_LOBBY_CLUSTER (cluster));
  g_return_if_fail (self->cluster == NULL);

  self->cluster = g_object_ref (cluster);
  mm_lobby_relay_join (self);
  mm_lobby_presence_join_cluster (self);
}

/* Serves TLS with @certificate (its key included), or plain TCP when
 * NULL.  Connections made before keep what they had. */
void
mm_lobby_server_set_certificate (MmLobbyServer   *self,
                                 GTlsCertificate *certificate)
{
  g_return_if_fail (MM_IS_LOBBY_SERVER (self));
  g_return_if_fail (certificate == NULL || G_IS_TLS_CERTIFICATE (certificate));

  g_set_object (&self->certificate, certificate);
}

/* Listens on @address (every address when NULL) and @port (any free
 * one when 0, told in @bound_port). */
gboolean
mm_lobby_server_listen (MmLobbyServer *self,
                        GInetAddress  *address,
                        guint16        port,
                        guint16       *bound_port,
                        GError       **error)
{
  g_autoptr(GSocketAddress) socket_address = NULL;
  g_autoptr(GSocketAddress) effective = NULL;

  g_return_val_if_fail (MM_IS_LOBBY_SERVER (self), FALSE);
  g_return_val_if_fail (self->service == NULL, FALSE);

  if (address != NULL)
    socket_address = g_inet_socket_address_new (address, port);
  self->reactor = mm_reactor_new (NULL, error);
  if (self->reactor == NULL)
    return FALSE;
  self->service = g_socket_service_new ();
  /* GIO's default of 10 waiting connections turns a crowd arriving at
   * once (a restart, a busy evening) into seconds of retries. */
  g_socket_listener_set_backlog (G_SOCKET_LISTENER (self->service), LISTEN_BACKLOG);
  if (socket_address != NULL)
    {
      if (!g_socket_listener_add_address (G_SOCKET_LISTENER (self->service), socket_address,
                                          G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL,
                                          &effective, error))
        return FALSE;
      port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));
    }
  else if (port == 0)
    {
      port = g_socket_listener_add_any_inet_port (G_SOCKET_LISTENER (self->service), NULL, error);
      if (port == 0)
        return FALSE;
    }
  else if (!g_socket_listener_add_inet_port (G_SOCKET_LISTENER (self->service), port, NULL,
                                             error))
    return FALSE;
  if (bound_port != NULL)
    *bound_port = port;
  g_signal_connect (self->service, "incoming", G_CALLBACK (incoming_cb), self);
  g_socket_service_start (self->service);
  self->sweep_source = g_timeout_add_seconds (SWEEP_INTERVAL_S, sweep_cb, self);
  mm_lobby_server_log (self, "listening on port %u", port);
  return TRUE;
}

/* Tells every client that the server stops, closes their connections
 * and stops listening.  The connections finish closing on the main
 * loop. */
void
mm_lobby_server_stop (MmLobbyServer *self)
{
  GHashTableIter iter;
  gpointer key;

  g_return_if_fail (MM_IS_LOBBY_SERVER (self));

  if (self->stopping)
    return;
  self->stopping = TRUE;
  g_cancellable_cancel (self->cancellable);
  if (self->service != NULL)
    {
      g_socket_service_stop (self->service);
      g_socket_listener_close (G_SOCKET_LISTENER (self->service));
    }
  g_hash_table_iter_init (&iter, self->peers);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    mm_lobby_peer_close (key, NULL, MM_PROTOCOL_ERROR_SHUTDOWN,
                /* Translators: why the server closed a connection */
                _("The server is stopping."));
  mm_lobby_server_log (self, "stopped");
}

/* The connections open or closing, for the program's log and tests. */
guint
mm_lobby_server_get_n_connections (MmLobbyServer *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_SERVER (self), 0);

  return g_hash_table_size (self->peers);
}
