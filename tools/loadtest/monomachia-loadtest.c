/* monomachia-loadtest.c
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

/* monomachia-loadtest: how the lobby server bears a crowd.  It starts
 * monomachia-server on 127.0.0.1 (or uses those given, on loopback
 * only: with several servers of one cluster, each game is between
 * players on two of them),
 * connects N clients, pairs them in M games that play legal moves about
 * once a second each, and prints one JSON line: the clients, the games,
 * the moves a second, the time from a move sent to the opponent told
 * of it (50th and 99th percentile), the errors, and the server's peak
 * resident memory.  The clients are shared out over --threads main
 * contexts, each on a thread of its own.
 *
 * As a soak (a leak check for a server that runs for weeks) it samples
 * the server's memory every --sample seconds, and with --reconnect the
 * players of a finished game leave and come back, by their token or
 * under a new name, so that connections, sessions and games come and go
 * as they do on a real server rather than staying put. */

#include "config.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "mm-connection.h"
#include "mm-game.h"
#include "mm-handshake.h"
#include "mm-protocol.h"

typedef struct _Shard Shard;
typedef struct _Game Game;

typedef struct
{
  Shard         *shard;
  guint          index;
  guint          number;
  char          *name;
  MmConnection  *connection;
  Game          *game;
  MmColor        color;
  gboolean       ready;
  /* Counted once in the shard's ready, however often it comes back */
  gboolean       counted;
  char          *token;
  guint          returns;
} Client;

struct _Game
{
  Shard   *shard;
  Client  *players[2];
  char    *id;
  MmGame  *rules;
  /* When the move now waited for was sent, 0 when none is */
  gint64   sent_us;
  /* When its next move is due, 0 when none is */
  gint64   due_us;
  /* Its end is counted: both players hear of it */
  gboolean ended;
  /* Its players are away between two games (--reconnect) */
  gboolean leaving;
};

/* The games' next moves, soonest first: one timer for all, as a timer
 * a game would put thousands of sources on the loop. */
typedef struct
{
  gint64  due_us;
  Game   *game;
} Due;

struct _Shard
{
  GMainContext *context;
  /* One source for all the shard's sockets, as the server has */
  MmReactor    *reactor;
  GThread      *thread;
  GPtrArray    *clients;
  GPtrArray    *games;
  GArray       *latencies;   /* microseconds, double */
  GArray       *due;         /* Due, a binary heap */
  /* Read by the main thread too: atomic */
  gint          errors;
  gint          ready;
  gint          measuring;
  gint          stop;
  gint          moves;
  gint          finished;
  gint          returns;
};

typedef struct
{
  guint     clients;
  guint     games;
  guint     seconds;
  guint     threads;
  guint     move_ms;
  guint     sample_s;
  guint     grace_s;
  gboolean  reconnect;
  gboolean  tls;
  GStrv     servers;
  char     *fingerprint;
} Options;

static Options options = { 100, 0, 10, 1, 1000, 0, 0, FALSE, FALSE, NULL, NULL };
/* GSocketConnectable: client i connects to the (i mod n)th, so that
 * with several servers of a cluster each game's two players are on two
 * servers */
static GPtrArray *targets;
static GTlsCertificate *pinned;

static void
send_line (Client     *client,
           const char *format,
           ...) G_GNUC_PRINTF (2, 3);

static void
send_line (Client     *client,
           const char *format,
           ...)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *line = NULL;
  g_autoptr(JsonObject) message = NULL;
  va_list args;

  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  message = mm_protocol_parse_line (line, NULL, &error);
  g_assert_no_error (error);
  mm_connection_send (client->connection, message);
}

static const char *
get_string (JsonObject *message,
            const char *member)
{
  return json_object_get_string_member_with_default (message, member, "");
}

static void
heap_push (GArray *heap,
           Due     entry)
{
  guint i = heap->len;

  g_array_append_val (heap, entry);
  while (i > 0)
    {
      guint parent = (i - 1) / 2;
      Due *a = &g_array_index (heap, Due, parent), *b = &g_array_index (heap, Due, i);
      Due swap;

      if (a->due_us <= b->due_us)
        break;
      swap = *a, *a = *b, *b = swap;
      i = parent;
    }
}

static Due
heap_pop (GArray *heap)
{
  Due top = g_array_index (heap, Due, 0);
  guint i = 0;

  g_array_index (heap, Due, 0) = g_array_index (heap, Due, heap->len - 1);
  g_array_set_size (heap, heap->len - 1);
  for (;;)
    {
      guint smallest = i, left = 2 * i + 1, right = 2 * i + 2;
      Due swap;

      if (left < heap->len
          && g_array_index (heap, Due, left).due_us < g_array_index (heap, Due, smallest).due_us)
        smallest = left;
      if (right < heap->len
          && g_array_index (heap, Due, right).due_us < g_array_index (heap, Due, smallest).due_us)
        smallest = right;
      if (smallest == i)
        return top;
      swap = g_array_index (heap, Due, i);
      g_array_index (heap, Due, i) = g_array_index (heap, Due, smallest);
      g_array_index (heap, Due, smallest) = swap;
      i = smallest;
    }
}

/* The side to move waits about --move-ms (a second, as a quick player
 * would), then plays a corner if it has one, else any legal move. */
static void
schedule_move (Game *game)
{
  Due entry;

  if (game->due_us != 0 || mm_game_is_over (game->rules)
      || g_atomic_int_get (&game->shard->stop))
    return;
  game->due_us = g_get_monotonic_time ()
                 + (gint64) options.move_ms * (800 + g_random_int_range (0, 400));
  entry.due_us = game->due_us;
  entry.game = game;
  heap_push (game->shard->due, entry);
}

static void move_now (Game *game);

static gboolean
tick_cb (gpointer data)
{
  Shard *shard = data;
  gint64 now = g_get_monotonic_time ();

  while (shard->due->len > 0 && g_array_index (shard->due, Due, 0).due_us <= now)
    {
      Due entry = heap_pop (shard->due);

      /* A game started again meanwhile has a new entry. */
      if (entry.game->due_us == entry.due_us)
        {
          entry.game->due_us = 0;
          move_now (entry.game);
        }
    }
  return G_SOURCE_CONTINUE;
}

static int
choose_square (MmGame *rules)
{
  guint64 legal = mm_game_get_legal_moves (rules);
  static const int corners[] = { 0, 7, 56, 63 };
  int skip;

  for (gsize i = 0; i < G_N_ELEMENTS (corners); i++)
    if (legal & (G_GUINT64_CONSTANT (1) << corners[i]))
      return corners[i];
  /* Games that differ, of differing lengths, as people's do */
  for (skip = g_random_int_range (0, __builtin_popcountll (legal)); skip > 0; skip--)
    legal &= legal - 1;
  return __builtin_ctzll (legal);
}

static void
move_now (Game *game)
{
  Client *mover = game->players[mm_game_get_side_to_move (game->rules)];
  char name[3];

  if (g_atomic_int_get (&game->shard->stop) || mm_game_is_over (game->rules))
    return;
  mm_square_format (choose_square (game->rules), name);
  game->sent_us = g_get_monotonic_time ();
  send_line (mover, "{\"type\":\"move\",\"game\":\"%s\",\"square\":\"%s\"}", game->id, name);
}

static void
count_error (Client     *client,
             JsonObject *message)
{
  g_autofree char *line = message != NULL ? mm_protocol_to_line (message) : g_strdup ("closed\n");

  if (g_atomic_int_add (&client->shard->errors, 1) < 5)
    g_printerr ("monomachia-loadtest: %s: %s", client->name, line);
}

static void
game_started (Client     *client,
              JsonObject *message)
{
  Shard *shard = client->shard;
  Game *game = client->game;
  gboolean black = g_str_equal (get_string (message, "black"), client->name);

  /* Both players hear of it; the black one sets the game up. */
  client->color = black ? MM_COLOR_BLACK : MM_COLOR_WHITE;
  if (!black)
    return;
  g_free (game->id);
  game->id = g_strdup (get_string (message, "game"));
  g_clear_object (&game->rules);
  game->rules = mm_game_new ();
  game->players[MM_COLOR_BLACK] = client;
  game->players[MM_COLOR_WHITE] = g_ptr_array_index (shard->clients,
                                                     client->index ^ 1);
  game->sent_us = 0;
  game->due_us = 0;
  game->ended = FALSE;
  game->leaving = FALSE;
  schedule_move (game);
}

static void connect_client (Client *client);

/* --reconnect: both players of a finished game go, and come back. */
static void
leave_and_return (Game *game)
{
  if (game->leaving)
    return;
  game->leaving = TRUE;
  g_atomic_int_inc (&game->shard->returns);
  for (guint c = 0; c < 2; c++)
    {
      Client *player = game->players[c];

      player->ready = FALSE;
      player->returns++;
      g_signal_handlers_disconnect_by_data (player->connection, player);
      mm_connection_close (player->connection, NULL);
      g_clear_object (&player->connection);
    }
  for (guint c = 0; c < 2; c++)
    connect_client (game->players[c]);
}

/* Back by its token every other time, under a new name the other
 * times: the old session is then left to expire after the grace
 * period, as a player's who does not come back. */
static void
introduce (Client *client)
{
  if (client->returns % 2 == 1 && client->token != NULL)
    {
      send_line (client, "{\"type\":\"resume\",\"token\":\"%s\"}", client->token);
      return;
    }
  if (client->returns > 0)
    {
      g_free (client->name);
      client->name = g_strdup_printf ("lt%ur%u", client->number, client->returns);
    }
  send_line (client, "{\"type\":\"login\",\"name\":\"%s\"}", client->name);
}

static void
moved (Client     *client,
       JsonObject *message)
{
  Game *game = client->game;
  MmColor mover = g_str_equal (get_string (message, "color"), "black") ? MM_COLOR_BLACK
                                                                       : MM_COLOR_WHITE;

  /* Each move once: as the opponent hears it, the round trip ends. */
  if (client->color == mover || game->rules == NULL)
    return;
  mm_game_play (game->rules, mm_square_parse (get_string (message, "square")), NULL);
  if (game->sent_us != 0 && g_atomic_int_get (&client->shard->measuring))
    {
      double latency = (double) (g_get_monotonic_time () - game->sent_us);

      g_array_append_val (client->shard->latencies, latency);
      g_atomic_int_inc (&client->shard->moves);
    }
  game->sent_us = 0;
  schedule_move (game);
}

/* The odd one of a pair challenges the even one. */
static void
challenge_partner (Client *challenger)
{
  Client *partner = g_ptr_array_index (challenger->shard->clients, challenger->index ^ 1);

  send_line (challenger, "{\"type\":\"challenge\",\"name\":\"%s\",\"color\":\"white\","
                         "\"base\":0,\"increment\":0,\"rated\":false}", partner->name);
}

static gboolean
challenge_again_cb (gpointer data)
{
  challenge_partner (data);
  return G_SOURCE_REMOVE;
}

/* With servers of a cluster, the partner on another server may not be
 * known on the challenger's yet: the challenge goes again shortly. */
static gboolean
challenge_later (Client     *client,
                 JsonObject *error)
{
  g_autoptr(GSource) later = NULL;

  if (targets->len < 2 || client->game == NULL || (client->index & 1) == 0
      || g_strcmp0 (get_string (error, "code"), "no-such-player") != 0)
    return FALSE;
  later = g_timeout_source_new (100);
  g_source_set_callback (later, challenge_again_cb, client, NULL);
  g_source_attach (later, client->shard->context);
  return TRUE;
}

static void
message_cb (MmConnection *connection,
            JsonObject   *message,
            Client       *client)
{
  const char *type = mm_protocol_get_type (message);

  if (g_str_equal (type, "welcome"))
    introduce (client);
  else if (g_str_equal (type, "session"))
    {
      Client *partner = g_ptr_array_index (client->shard->clients, client->index ^ 1);
      Client *challenger = client->index & 1 ? client : partner;

      g_free (client->token);
      client->token = g_strdup (get_string (message, "token"));
      client->ready = TRUE;
      if (!client->counted)
        g_atomic_int_inc (&client->shard->ready);
      client->counted = TRUE;
      /* Once both are in, the odd one of the pair challenges the even one. */
      if (partner->ready && client->game != NULL)
        challenge_partner (challenger);
    }
  else if (g_str_equal (type, "challenged"))
    send_line (client, "{\"type\":\"accept-challenge\",\"challenge\":\"%s\"}",
               get_string (message, "challenge"));
  else if (g_str_equal (type, "game-started"))
    game_started (client, message);
  else if (g_str_equal (type, "moved"))
    moved (client, message);
  else if (g_str_equal (type, "game-ended"))
    {
      if (client->game != NULL && !client->game->ended)
        g_atomic_int_inc (&client->shard->finished);
      if (client->game != NULL)
        client->game->ended = TRUE;
      if (options.reconnect && client->game != NULL && client->game->players[0] != NULL)
        leave_and_return (client->game);
      else
        /* Again, colours swapped. */
        send_line (client, "{\"type\":\"rematch\",\"game\":\"%s\"}",
                   get_string (message, "game"));
    }
  else if (g_str_equal (type, "ping"))
    {
      g_autoptr(JsonObject) pong = mm_protocol_new_message ("pong", NULL);

      mm_connection_send (connection, pong);
    }
  else if (g_str_equal (type, "error") && !challenge_later (client, message))
    count_error (client, message);
}

static void
closed_cb (MmConnection *connection,
           const GError *error,
           Client       *client)
{
  if (!g_atomic_int_get (&client->shard->stop))
    count_error (client, NULL);
}

static gboolean
accept_pinned_cb (GTlsConnection       *connection,
                  GTlsCertificate      *certificate,
                  GTlsCertificateFlags  errors,
                  gpointer              data)
{
  return pinned != NULL && g_tls_certificate_is_same (certificate, pinned);
}

static void
connected_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      data)
{
  Client *client = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GSocketConnection) socket =
    g_socket_client_connect_finish (G_SOCKET_CLIENT (source), result, &error);

  if (socket == NULL)
    {
      if (g_atomic_int_add (&client->shard->errors, 1) < 5)
        g_printerr ("monomachia-loadtest: %s: %s\n", client->name, error->message);
      return;
    }
  client->connection = mm_connection_new_polled (G_IO_STREAM (socket),
                                                 g_socket_connection_get_socket (socket),
                                                 client->shard->reactor);
  g_signal_connect (client->connection, "message", G_CALLBACK (message_cb), client);
  g_signal_connect (client->connection, "closed", G_CALLBACK (closed_cb), client);
  mm_connection_start (client->connection);
  send_line (client, "{\"type\":\"hello\",\"version\":1,\"program\":\"monomachia-loadtest\"}");
}

static void
socket_event_cb (GSocketClient      *socket_client,
                 GSocketClientEvent  event,
                 GSocketConnectable *connectable,
                 GIOStream          *connection,
                 gpointer            data)
{
  if (event != G_SOCKET_CLIENT_TLS_HANDSHAKING)
    return;
  /* The pin decides; the system's CA list, parsed again for every
   * connection, would cost 3.7 MB apiece. */
  g_tls_connection_set_database (G_TLS_CONNECTION (connection), NULL);
  g_signal_connect (connection, "accept-certificate", G_CALLBACK (accept_pinned_cb), NULL);
}

static void
connect_client (Client *client)
{
  g_autoptr(GSocketClient) socket_client = g_socket_client_new ();

  g_socket_client_set_enable_proxy (socket_client, FALSE);
  if (options.tls)
    {
      g_socket_client_set_tls (socket_client, TRUE);
      g_signal_connect (socket_client, "event", G_CALLBACK (socket_event_cb), NULL);
    }
  g_socket_client_connect_async (socket_client,
                                 targets->pdata[client->number % targets->len], NULL,
                                 connected_cb, client);
}

static gpointer
shard_run (gpointer data)
{
  Shard *shard = data;

  g_main_context_push_thread_default (shard->context);
  shard->reactor = mm_reactor_new (shard->context, NULL);
  {
    GSource *tick = g_timeout_source_new (5);

    g_source_set_callback (tick, tick_cb, shard, NULL);
    g_source_attach (tick, shard->context);
    g_source_unref (tick);
  }
  /* Connect a few hundred at a time, as a crowd would arrive. */
  for (guint i = 0; i < shard->clients->len; i++)
    {
      connect_client (shard->clients->pdata[i]);
      if (i % 200 == 199)
        while ((guint) (g_atomic_int_get (&shard->ready) + g_atomic_int_get (&shard->errors)) + 200 < i)
          g_main_context_iteration (shard->context, TRUE);
    }
  while (!g_atomic_int_get (&shard->stop))
    g_main_context_iteration (shard->context, TRUE);
  g_main_context_pop_thread_default (shard->context);
  return NULL;
}

static gboolean
wake (gpointer data)
{
  return G_SOURCE_REMOVE;
}

/* Wakes a shard's loop so that it sees what the main thread set. */
static void
poke (Shard *shard)
{
  g_main_context_invoke (shard->context, wake, NULL);
}

static guint64
read_rss_kb (GPid pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/status", (int) pid);
  g_autofree char *status = NULL;
  const char *line;

  if (!g_file_get_contents (path, &status, NULL, NULL)
      || (line = strstr (status, "VmRSS:")) == NULL)
    return 0;
  return g_ascii_strtoull (line + strlen ("VmRSS:"), NULL, 10);
}

/* Seconds of processor a process has had, user and system. */
static double
read_cpu_s (GPid pid)
{
  g_autofree char *path = g_strdup_printf ("/proc/%d/stat", (int) pid);
  g_autofree char *stat = NULL;
  g_auto(GStrv) fields = NULL;
  const char *after_name;

  if (!g_file_get_contents (path, &stat, NULL, NULL)
      || (after_name = strrchr (stat, ')')) == NULL)
    return 0;
  /* After the name: state is field 3, utime 14 and stime 15. */
  fields = g_strsplit (after_name + 2, " ", 0);
  if (g_strv_length (fields) < 13)
    return 0;
  return (g_ascii_strtod (fields[11], NULL) + g_ascii_strtod (fields[12], NULL))
         / (double) sysconf (_SC_CLK_TCK);
}

static int
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static double
percentile (GArray *sorted,
            double  fraction)
{
  if (sorted->len == 0)
    return 0;
  return g_array_index (sorted, double, MIN (sorted->len - 1, (guint) (fraction * sorted->len)));
}

static guint
sum_over_shards (GPtrArray *shards,
                 gsize      offset)
{
  guint sum = 0;

  for (guint t = 0; t < shards->len; t++)
    sum += (guint) g_atomic_int_get ((gint *) G_STRUCT_MEMBER_P (shards->pdata[t], offset));
  return sum;
}

/* A line on stderr as the soak goes, and the figure kept for the
 * summary. */
static void
take_sample (GArray    *samples,
             GPtrArray *shards,
             guint      second,
             guint64    rss_kb)
{
  double rss_mb = rss_kb / 1024.0;

  g_array_append_val (samples, rss_mb);
  g_printerr ("monomachia-loadtest: %5u s  server %.1f MB  moves %u  games ended %u  returns %u"
              "  errors %u\n",
              second, rss_mb, sum_over_shards (shards, G_STRUCT_OFFSET (Shard, moves)),
              sum_over_shards (shards, G_STRUCT_OFFSET (Shard, finished)),
              sum_over_shards (shards, G_STRUCT_OFFSET (Shard, returns)),
              sum_over_shards (shards, G_STRUCT_OFFSET (Shard, errors)));
}

/* The samples, and the growth from the end of the first quarter (the
 * caches and the sessions in their grace period filled by then) to the
 * end: what a leak would show. */
static void
print_samples (GArray    *samples,
               GPtrArray *shards)
{
  guint settled = samples->len / 4;

  g_print (",\"games_ended\":%u,\"returns\":%u,\"sample_s\":%u,\"rss_mb_samples\":[",
           sum_over_shards (shards, G_STRUCT_OFFSET (Shard, finished)),
           sum_over_shards (shards, G_STRUCT_OFFSET (Shard, returns)), options.sample_s);
  for (guint i = 0; i < samples->len; i++)
    g_print ("%s%.1f", i > 0 ? "," : "", g_array_index (samples, double, i));
  g_print ("],\"rss_growth_mb\":%.1f",
           g_array_index (samples, double, samples->len - 1)
           - g_array_index (samples, double, settled));
}

/* Only loopback: the rule for every test and benchmark here. */
static gboolean
parse_server (const char  *text,
              GError     **error)
{
  g_autoptr(GNetworkAddress) address = NULL;
  g_autoptr(GInetAddress) inet = NULL;

  address = G_NETWORK_ADDRESS (g_network_address_parse (text, 7711, error));
  if (address == NULL)
    return FALSE;
  inet = g_inet_address_new_from_string (g_network_address_get_hostname (address));
  if (inet == NULL || !g_inet_address_get_is_loopback (inet))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "--server takes a loopback address (127.0.0.1:PORT or [::1]:PORT), not %s",
                   text);
      return FALSE;
    }
  g_ptr_array_add (targets, g_steal_pointer (&address));
  return TRUE;
}

/* In the server's process, before it starts: it goes when this tool
 * goes, however this tool ends. */
static void
die_with_parent (gpointer data)
{
  prctl (PR_SET_PDEATHSIG, SIGTERM);
}

/* The server this run starts: limits lifted so that the crowd is let in,
 * its data in a folder of its own. */
static GSubprocess *
start_server (const char  *data_dir,
              guint16     *port,
              GError     **error)
{
  g_autofree char *program = g_getenv ("MONOMACHIA_SERVER") != NULL
                             ? g_strdup (g_getenv ("MONOMACHIA_SERVER"))
                             : g_build_filename (MM_LOADTEST_SERVER_DIR, "monomachia-server", NULL);
  g_autofree char *grace = g_strdup_printf ("%u", options.grace_s);
  const char *argv[] = { program, "--listen", "127.0.0.1", "--port", "0", "--data-dir", data_dir,
                         "--max-connections", "0", "--max-per-address", "0",
                         "--request-rate", "0", "--chat-rate", "0", "--handshake-timeout", "120",
                         "--grace", grace, options.tls ? NULL : "--no-tls", NULL };
  g_autofree char *log_path = g_build_filename (data_dir, "server.log", NULL);
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_autoptr(GSubprocess) process = NULL;
  gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

  /* The log goes to a file: a pipe nobody reads would stop the server
   * at its 64 KiB. */
  g_subprocess_launcher_set_stdout_file_path (launcher, log_path);
  g_subprocess_launcher_set_child_setup (launcher, die_with_parent, NULL, NULL);
  if ((process = g_subprocess_launcher_spawnv (launcher, argv, error)) == NULL)
    return NULL;
  *port = 0;
  while (*port == 0)
    {
      g_autofree char *log = NULL;
      const char *found;

      if (g_file_get_contents (log_path, &log, NULL, NULL)
          && (found = strstr (log, "listening on port ")) != NULL)
        *port = (guint16) atoi (found + strlen ("listening on port "));
      else if (g_get_monotonic_time () > deadline)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "the server did not start (%s)",
                       log_path);
          return NULL;
        }
      else
        g_usleep (20000);
    }
  return g_steal_pointer (&process);
}

/* Every connection is a file: as many as the system lets this process
 * have, not the soft limit of 1024 a shell starts with. */
static void
raise_file_limit (void)
{
  struct rlimit limit;

  if (getrlimit (RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max)
    {
      limit.rlim_cur = limit.rlim_max;
      setrlimit (RLIMIT_NOFILE, &limit);
    }
}

int
main (int argc, char *argv[])
{
  int clients = 100, games = -1, seconds = 10, threads = 1, move_ms = 1000, sample = 0, grace = 60;
  const GOptionEntry entries[] = {
    { "clients", 0, 0, G_OPTION_ARG_INT, &clients, "Clients to connect (100)", "N" },
    { "games", 0, 0, G_OPTION_ARG_INT, &games, "Games they play, two clients each (clients / 2)", "M" },
    { "seconds", 0, 0, G_OPTION_ARG_INT, &seconds, "How long to measure (10)", "S" },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, "Main contexts the clients are shared over (1)", "T" },
    { "move-ms", 0, 0, G_OPTION_ARG_INT, &move_ms, "A player's thinking time per move, ±20% (1000)", "MS" },
    { "reconnect", 0, 0, G_OPTION_ARG_NONE, &options.reconnect,
      "After each game its players leave and come back", NULL },
    { "grace", 0, 0, G_OPTION_ARG_INT, &grace, "The started server's grace period (60)", "S" },
    { "sample", 0, 0, G_OPTION_ARG_INT, &sample,
      "Sample the server's memory every S seconds, a line each on stderr", "S" },
    { "server", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options.servers,
      "A running server on loopback; given again, servers of one cluster, the clients shared out"
      " so that every game is between two servers", "HOST:PORT" },
    { "tls", 0, 0, G_OPTION_ARG_NONE, &options.tls, "Speak TLS", NULL },
    { "fingerprint", 0, 0, G_OPTION_ARG_STRING, &options.fingerprint,
      "With --server and --tls: the certificate file (PEM) to pin", "FILE" },
    { NULL },
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("— load a Monomachia server on loopback");
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) server = NULL;
  g_autofree char *data_dir = NULL;
  g_autoptr(GArray) latencies = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr(GPtrArray) shards = g_ptr_array_new ();
  guint64 peak_rss = 0;
  g_autoptr(GArray) samples = g_array_new (FALSE, FALSE, sizeof (double));
  double server_cpu = 0, own_cpu = 0;
  guint errors = 0, moves = 0, connected = 0;
  gint64 deadline;
  gint64 started_us = 0;
  gint64 login_us = 0;

  signal (SIGPIPE, SIG_IGN);
  raise_file_limit ();
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("monomachia-loadtest: %s\n", error->message);
      return 2;
    }
  if (clients < 2 || seconds < 1 || threads < 1 || games == 0 || games * 2 > clients
      || move_ms < 1 || move_ms > 60000 || sample < 0 || grace < 1 || grace > 86400)
    {
      g_printerr ("monomachia-loadtest: two clients a game, at least one game, one second, one thread,"
                  " a move in 1 to 60000 ms, a grace of 1 to 86400 s\n");
      return 2;
    }
  options.clients = (guint) clients & ~1u;
  options.games = games > 0 ? (guint) games : options.clients / 2;
  options.seconds = (guint) seconds;
  options.threads = (guint) threads;
  options.move_ms = (guint) move_ms;
  options.sample_s = (guint) sample;
  options.grace_s = (guint) grace;

  targets = g_ptr_array_new_with_free_func (g_object_unref);
  if (options.servers != NULL)
    {
      for (guint i = 0; options.servers[i] != NULL; i++)
        if (!parse_server (options.servers[i], &error))
          {
            g_printerr ("monomachia-loadtest: %s\n", error->message);
            return 2;
          }
      if (options.tls && options.fingerprint != NULL
          && (pinned = g_tls_certificate_new_from_file (options.fingerprint, &error)) == NULL)
        {
          g_printerr ("monomachia-loadtest: %s\n", error->message);
          return 2;
        }
    }
  else
    {
      guint16 port;
      g_autofree char *certificate = NULL;

      data_dir = g_dir_make_tmp ("monomachia-loadtest-XXXXXX", &error);
      if (data_dir == NULL || (server = start_server (data_dir, &port, &error)) == NULL)
        {
          g_printerr ("monomachia-loadtest: %s\n", error->message);
          return 1;
        }
      g_ptr_array_add (targets, g_network_address_new ("127.0.0.1", port));
      certificate = g_build_filename (data_dir, "tls-certificate.pem", NULL);
      if (options.tls)
        pinned = g_tls_certificate_new_from_file (certificate, NULL);
    }

  /* Games stay within a shard: a pair of clients, one context. */
  for (guint t = 0; t < options.threads; t++)
    {
      Shard *shard = g_new0 (Shard, 1);

      shard->context = g_main_context_new ();
      shard->clients = g_ptr_array_new ();
      shard->games = g_ptr_array_new ();
      shard->latencies = g_array_new (FALSE, FALSE, sizeof (double));
      shard->due = g_array_new (FALSE, FALSE, sizeof (Due));
      g_ptr_array_add (shards, shard);
    }
  for (guint i = 0; i < options.clients; i++)
    {
      guint pair = i / 2;
      Shard *shard = shards->pdata[pair % options.threads];
      Client *client = g_new0 (Client, 1);

      client->shard = shard;
      client->index = shard->clients->len;
      client->number = i;
      client->name = g_strdup_printf ("lt%u", i);
      /* Clients past the games' count only stay connected. */
      if (pair < options.games)
        {
          if ((i & 1) == 0)
            {
              Game *game = g_new0 (Game, 1);

              game->shard = shard;
              g_ptr_array_add (shard->games, game);
            }
          client->game = g_ptr_array_index (shard->games, shard->games->len - 1);
        }
      g_ptr_array_add (shard->clients, client);
    }
  started_us = g_get_monotonic_time ();
  for (guint t = 0; t < options.threads; t++)
    {
      Shard *shard = shards->pdata[t];

      shard->thread = g_thread_new ("shard", shard_run, shard);
    }

  /* Everyone in, then a few seconds for the games to get going. */
  deadline = g_get_monotonic_time () + 300 * G_USEC_PER_SEC;
  login_us = g_get_monotonic_time () - started_us;
  while (g_get_monotonic_time () < deadline)
    {
      guint ready = 0, failed = 0;

      for (guint t = 0; t < options.threads; t++)
        {
          ready += (guint) g_atomic_int_get (&((Shard *) shards->pdata[t])->ready);
          failed += (guint) g_atomic_int_get (&((Shard *) shards->pdata[t])->errors);
        }
      connected = ready;
      login_us = g_get_monotonic_time () - started_us;
      if (ready + failed >= options.clients)
        break;
      g_usleep (10000);
    }
  g_usleep (3 * G_USEC_PER_SEC);
  server_cpu = server != NULL ? read_cpu_s (atoi (g_subprocess_get_identifier (server))) : 0;
  own_cpu = read_cpu_s (getpid ());
  for (guint t = 0; t < options.threads; t++)
    g_atomic_int_set (&((Shard *) shards->pdata[t])->measuring, TRUE);
  for (guint s = 1; s <= options.seconds * 10; s++)
    {
      g_usleep (G_USEC_PER_SEC / 10);
      if (server != NULL)
        {
          guint64 rss = read_rss_kb (atoi (g_subprocess_get_identifier (server)));

          peak_rss = MAX (peak_rss, rss);
          if (options.sample_s > 0 && s % (options.sample_s * 10) == 0)
            take_sample (samples, shards, s / 10, rss);
        }
    }
  if (server != NULL)
    server_cpu = read_cpu_s (atoi (g_subprocess_get_identifier (server))) - server_cpu;
  own_cpu = read_cpu_s (getpid ()) - own_cpu;
  for (guint t = 0; t < options.threads; t++)
    {
      Shard *shard = shards->pdata[t];

      g_atomic_int_set (&shard->measuring, FALSE);
      g_atomic_int_set (&shard->stop, TRUE);
      poke (shard);
      g_thread_join (shard->thread);
      g_array_append_vals (latencies, shard->latencies->data, shard->latencies->len);
      errors += (guint) g_atomic_int_get (&shard->errors);
      moves += (guint) g_atomic_int_get (&shard->moves);
    }
  g_array_sort (latencies, compare_doubles);

  g_print ("{\"servers\":%u,\"clients\":%u,\"connected\":%u,\"login_s\":%.2f,"
           "\"games\":%u,\"seconds\":%u,\"threads\":%u,"
           "\"tls\":%s,\"moves\":%u,\"moves_per_s\":%.1f,\"p50_ms\":%.2f,\"p99_ms\":%.2f,"
           "\"errors\":%u,\"server_cpu_percent\":%.0f,\"loadtest_cpu_percent\":%.0f,"
           "\"server_rss_mb\":",
           targets->len, options.clients, connected, login_us / (double) G_USEC_PER_SEC,
           options.games, options.seconds,
           options.threads,
           options.tls ? "true" : "false", moves, (double) moves / options.seconds,
           percentile (latencies, 0.50) / 1000, percentile (latencies, 0.99) / 1000, errors,
           100 * server_cpu / options.seconds, 100 * own_cpu / options.seconds);
  if (server != NULL)
    g_print ("%.1f", peak_rss / 1024.0);
  else
    g_print ("null");
  if (samples->len > 0)
    print_samples (samples, shards);
  g_print ("}\n");

  if (server != NULL)
    {
      g_subprocess_send_signal (server, SIGTERM);
      g_subprocess_wait (server, NULL, NULL);
    }
  if (data_dir != NULL)
    {
      g_autofree char *command = g_strdup_printf ("rm -rf '%s'", data_dir);

      g_spawn_command_line_sync (command, NULL, NULL, NULL, NULL);
    }
  return errors == 0 ? 0 : 1;
}
