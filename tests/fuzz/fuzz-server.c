/* fuzz-server.c
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

/* A libFuzzer target for the lobby server's handling of what clients
 * send: two clients on one server (each a socket pair, the server's
 * end taken on as an accepted connection), the input's lines going to
 * the first or, when they start with a tab, the second, one at a time
 * with the server's main loop run between them.  Unless the input
 * starts with "!", both are first greeted and logged in as guests, so
 * that the fuzzer starts where games and chat are.  Nothing may crash
 * or warn, every line the server writes must be a message its own
 * decoder takes, and the server must let both go when they hang up. */

#include "config.h"

#include <errno.h>
#include <gio/gio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "fuzz-common.h"
#include "mm-lobby-server-private.h"
#include "mm-protocol.h"
#include "mm-sqlite-store.h"

#define N_CLIENTS 2
/* Turns of the main loop to let the server go quiet: it has nothing
 * left to do long before. */
#define MAX_TURNS 10000

typedef struct
{
  int      fd;          /* our end */
  GString *received;    /* what the server wrote, not yet whole lines */
} Client;

static const char *const greetings[N_CLIENTS] = {
  "{\"type\":\"hello\",\"id\":\"h\",\"version\":1,\"program\":\"fuzz\"}\n"
  "{\"type\":\"login\",\"id\":\"l\",\"name\":\"Alpha\"}\n",
  "{\"type\":\"hello\",\"id\":\"h\",\"version\":1,\"program\":\"fuzz\"}\n"
  "{\"type\":\"login\",\"id\":\"l\",\"name\":\"Beta\"}\n",
};

static void
check_line (const char *line)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) message = mm_protocol_parse_line (line, NULL, &error);

  if (message == NULL)
    mm_fuzz_fail ("the server wrote a line its decoder refuses (%s): %s", error->message, line);
  /* To see what a seed reaches. */
  if (g_getenv ("MM_FUZZ_SHOW") != NULL)
    g_printerr ("%s\n", line);
}

/* Reads what the server wrote, so that its writes never block, and
 * checks each whole line. */
static void
drain (Client *client)
{
  char buffer[8192];
  ssize_t got;
  char *end;

  while ((got = recv (client->fd, buffer, sizeof buffer, MSG_DONTWAIT)) > 0)
    g_string_append_len (client->received, buffer, got);
  while ((end = memchr (client->received->str, '\n', client->received->len)) != NULL)
    {
      *end = '\0';
      check_line (client->received->str);
      g_string_erase (client->received, 0, end - client->received->str + 1);
    }
}

/* Passwords being hashed, or the store's answers still to come */
static gboolean
is_hashing (MmLobbyServer *server)
{
  return server->hashing > 0 || !g_queue_is_empty (&server->hash_jobs)
         || server->store_calls > 0;
}

/* Until the server has nothing left to do, passwords being hashed
 * included, so that every input runs the same way. */
static void
run_until_quiet (MmLobbyServer *server,
                 Client        *clients)
{
  for (guint turn = 0; turn < MAX_TURNS; turn++)
    {
      if (!g_main_context_iteration (NULL, FALSE))
        {
          if (!is_hashing (server))
            break;
          g_main_context_iteration (NULL, TRUE);
        }
      for (guint i = 0; i < N_CLIENTS; i++)
        drain (&clients[i]);
    }
  for (guint i = 0; i < N_CLIENTS; i++)
    drain (&clients[i]);
}

static void
send_all (Client     *client,
          const char *text,
          gsize       length)
{
  while (length > 0)
    {
      ssize_t sent = send (client->fd, text, length, MSG_NOSIGNAL);

      if (sent < 0 && errno == EINTR)
        continue;
      /* The server may have closed the connection: the rest is lost, as
       * it would be on a network. */
      if (sent <= 0)
        return;
      text += sent;
      length -= sent;
    }
}

static void
add_client (MmLobbyServer *server,
            Client        *client)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSocket) socket = NULL;
  g_autoptr(GSocketConnection) connection = NULL;
  int fds[2];

  if (socketpair (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0)
    mm_fuzz_fail ("no socket pair: %s", g_strerror (errno));
  socket = g_socket_new_from_fd (fds[1], &error);
  if (socket == NULL)
    mm_fuzz_fail ("no socket: %s", error->message);
  connection = g_socket_connection_factory_create_connection (socket);
  mm_lobby_server_add_peer (server, G_IO_STREAM (connection), NULL, "127.0.0.1");
  client->fd = fds[0];
  client->received = g_string_new (NULL);
}

/* Hangs up, and waits for the server to let go of both and to finish
 * the passwords it is still hashing: what it writes meanwhile is still
 * read and checked. */
static void
hang_up (MmLobbyServer *server,
         Client        *clients)
{
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  for (guint i = 0; i < N_CLIENTS; i++)
    shutdown (clients[i].fd, SHUT_WR);
  while (mm_lobby_server_get_n_connections (server) > 0 || is_hashing (server))
    {
      if (g_get_monotonic_time () > deadline)
        mm_fuzz_fail ("the server kept %u connections after they hung up",
                      mm_lobby_server_get_n_connections (server));
      g_main_context_iteration (NULL, server->hashing > 0);
      for (guint i = 0; i < N_CLIENTS; i++)
        drain (&clients[i]);
    }
}

static void
close_clients (Client *clients)
{
  for (guint i = 0; i < N_CLIENTS; i++)
    {
      close (clients[i].fd);
      g_string_free (clients[i].received, TRUE);
    }
}

/* The store in memory, as empty as a new one.  One store, made once
 * and cleared before each input: accounts, ratings and stored games
 * are reached without a file per input, and clearing costs a fraction
 * of copying a migrated store, whose schema was read and statements
 * prepared again for each input. */
static MmSqliteStore *
empty_store (void)
{
  static MmSqliteStore *store;
  g_autoptr(GError) error = NULL;

  if (store == NULL && (store = mm_sqlite_store_new (":memory:", &error)) == NULL)
    mm_fuzz_fail ("no store: %s", error->message);
  /* What an input left must not write to the next one's store. */
  if (g_atomic_int_get (&G_OBJECT (store)->ref_count) != 1)
    mm_fuzz_fail ("the last input's server still holds the store");
  if (!mm_sqlite_store_clear (store, &error))
    mm_fuzz_fail ("the store was not cleared: %s", error->message);
  return store;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmLobbyServer) server = NULL;
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  Client clients[N_CLIENTS];
  MmServerLimits limits;
  gboolean greet;

  if (size > 32768)
    return 0;
  text = g_strndup ((const char *) data, size);
  greet = text[0] != '!';

  mm_server_limits_init (&limits);
  server = mm_lobby_server_new ("fuzz", &limits);
  if (!mm_lobby_server_set_store (server, MM_STORE (empty_store ()), &error))
    mm_fuzz_fail ("no store: %s", error->message);

  for (guint i = 0; i < N_CLIENTS; i++)
    {
      add_client (server, &clients[i]);
      if (greet)
        send_all (&clients[i], greetings[i], strlen (greetings[i]));
    }
  run_until_quiet (server, clients);

  lines = g_strsplit (greet ? text : text + 1, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      Client *client = lines[i][0] == '\t' ? &clients[1] : &clients[0];
      const char *line = lines[i][0] == '\t' ? lines[i] + 1 : lines[i];

      /* The end of the last line is no line. */
      if (lines[i + 1] == NULL && lines[i][0] == '\0')
        break;
      send_all (client, line, strlen (line));
      send_all (client, "\n", 1);
      run_until_quiet (server, clients);
    }

  hang_up (server, clients);
  mm_lobby_server_stop (server);
  run_until_quiet (server, clients);
  /* The server goes within its input, and what its going leaves for the
   * main loop (the idle of a game's move request it cancelled) runs
   * now rather than in the next input: a crash there is this input's,
   * and memory freed only in the next input made libFuzzer run about
   * one input in six a second time to look for a leak. */
  g_clear_object (&server);
  while (g_main_context_iteration (NULL, FALSE))
    ;
  close_clients (clients);
  return 0;
}
