/* monomachia-server.c
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

/* monomachia-server: the lobby server on its own, for a machine that
 * hosts games for others.  One main loop; one log line per event on
 * standard output; SIGTERM and SIGINT stop it after telling the
 * clients. */

#include "config.h"

#include <errno.h>
#include <glib-unix.h>
#include <glib/gi18n.h>
#include <locale.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>

#include "mm-handshake.h"
#include "mm-line-reader.h"
#include "mm-lobby-server.h"
#include "mm-nickname.h"
#include "mm-pg-store.h"
#include "mm-sqlite-store.h"
#include "mm-tls.h"

#define DEFAULT_PORT 7711
/* How long the clients have to be told before the program ends */
#define STOP_SECONDS 3

typedef struct
{
  char           *listen;
  int             port;
  char           *data_dir;
  char           *database;
  char           *name;
  char           *tls_cert;
  char           *tls_key;
  gboolean        no_tls;
  MmServerLimits  limits;
  int             request_rate;
  int             chat_rate;
  /* Moderation from the server's own machine: done on the data folder,
   * then the program ends */
  char           *grant_admin;
  char           *revoke_admin;
  char           *ban;
  char           *unban;
  int             minutes;
  char           *reason;
} Options;

static void
options_clear (Options *options)
{
  g_clear_pointer (&options->listen, g_free);
  g_clear_pointer (&options->data_dir, g_free);
  g_clear_pointer (&options->database, g_free);
  g_clear_pointer (&options->name, g_free);
  g_clear_pointer (&options->tls_cert, g_free);
  g_clear_pointer (&options->tls_key, g_free);
  g_clear_pointer (&options->grant_admin, g_free);
  g_clear_pointer (&options->revoke_admin, g_free);
  g_clear_pointer (&options->ban, g_free);
  g_clear_pointer (&options->unban, g_free);
  g_clear_pointer (&options->reason, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Options, options_clear)

static void
log_line (const char *line)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *stamp = g_date_time_format_iso8601 (now);

  g_print ("%s %s\n", stamp, line);
}

static void
server_log_cb (MmLobbyServer *server,
               const char    *line,
               gpointer       user_data)
{
  log_line (line);
}

/* Whether a welcome with @name passes the protocol's own checks, as
 * every client will make them. */
static gboolean
is_sendable_name (const char *name)
{
  g_autoptr(JsonObject) welcome = NULL;
  g_autoptr(JsonObject) parsed = NULL;
  g_autofree char *line = NULL;

  if (!g_utf8_validate (name, -1, NULL))
    return FALSE;
  welcome = mm_handshake_new_welcome (name, MM_LINE_READER_MAX_LENGTH);
  line = mm_protocol_to_line (welcome);
  g_strchomp (line);
  parsed = mm_protocol_parse_line (line, NULL, NULL);
  return parsed != NULL;
}

/* A connection string as PostgreSQL's users write them: a URL, or
 * key=value settings. */
static gboolean
is_postgresql (const char *database)
{
  return g_str_has_prefix (database, "postgresql://") || g_str_has_prefix (database, "postgres://")
         || strchr (database, '=') != NULL;
}

static gboolean
parse_options (Options  *options,
               int      *argc,
               char   ***argv,
               GError  **error)
{
  int max_connections = (int) options->limits.max_connections;
  int max_per_address = (int) options->limits.max_per_address;
  int handshake_timeout = (int) options->limits.handshake_timeout_s;
  int idle_timeout = (int) options->limits.idle_timeout_s;
  int grace = (int) options->limits.grace_s;
  int rating_period = (int) options->limits.rating_period_s;
  int request_burst = (int) options->limits.request_burst;
  int chat_burst = (int) options->limits.chat_burst;
  int chat_length = (int) options->limits.chat_length;
  const GOptionEntry entries[] = {
    { "listen", 0, 0, G_OPTION_ARG_STRING, &options->listen,
      N_("Listen on this address only (all addresses by default)"), N_("ADDRESS") },
    { "port", 0, 0, G_OPTION_ARG_INT, &options->port,
      N_("Listen on this port (7711 by default)"), N_("PORT") },
    { "data-dir", 0, 0, G_OPTION_ARG_FILENAME, &options->data_dir,
      N_("Keep the server’s data in this folder"), N_("FOLDER") },
    { "database", 0, 0, G_OPTION_ARG_STRING, &options->database,
      N_("Keep the lobby in this PostgreSQL database, which servers may share "
         "(SQLite in the data folder by default)"), N_("URL") },
    { "name", 0, 0, G_OPTION_ARG_STRING, &options->name,
      N_("The server’s name, as clients see it"), N_("NAME") },
    { "tls-cert", 0, 0, G_OPTION_ARG_FILENAME, &options->tls_cert,
      N_("The TLS certificate, in PEM (a self-signed one is made otherwise)"), N_("FILE") },
    { "tls-key", 0, 0, G_OPTION_ARG_FILENAME, &options->tls_key,
      N_("The certificate’s private key, in PEM"), N_("FILE") },
    { "no-tls", 0, 0, G_OPTION_ARG_NONE, &options->no_tls,
      N_("Serve plain TCP, without TLS"), NULL },
    { "max-connections", 0, 0, G_OPTION_ARG_INT, &max_connections,
      N_("Connections taken in all (0: no limit)"), N_("N") },
    { "max-per-address", 0, 0, G_OPTION_ARG_INT, &max_per_address,
      N_("Connections taken from one address (0: no limit)"), N_("N") },
    { "handshake-timeout", 0, 0, G_OPTION_ARG_INT, &handshake_timeout,
      N_("Seconds a new connection has to say hello"), N_("SECONDS") },
    { "idle-timeout", 0, 0, G_OPTION_ARG_INT, &idle_timeout,
      N_("Seconds of silence before a connection is dropped (pinged at half)"), N_("SECONDS") },
    { "grace", 0, 0, G_OPTION_ARG_INT, &grace,
      N_("Seconds a player whose connection dropped has to come back"), N_("SECONDS") },
    { "rating-period", 0, 0, G_OPTION_ARG_INT, &rating_period,
      N_("Glicko-2's rating period in seconds (0, the default: after every game)"), N_("SECONDS") },
    { "request-rate", 0, 0, G_OPTION_ARG_INT, &options->request_rate,
      N_("Requests a second from one connection"), N_("N") },
    { "request-burst", 0, 0, G_OPTION_ARG_INT, &request_burst,
      N_("Requests taken at once from one connection"), N_("N") },
    { "chat-rate", 0, 0, G_OPTION_ARG_INT, &options->chat_rate,
      N_("Chat lines a second from one player"), N_("N") },
    { "chat-burst", 0, 0, G_OPTION_ARG_INT, &chat_burst,
      N_("Chat lines taken at once from one player"), N_("N") },
    { "chat-length", 0, 0, G_OPTION_ARG_INT, &chat_length,
      N_("Characters in a chat line"), N_("N") },
    { "grant-admin", 0, 0, G_OPTION_ARG_STRING, &options->grant_admin,
      N_("Make an account a moderator, then end"), N_("NAME") },
    { "revoke-admin", 0, 0, G_OPTION_ARG_STRING, &options->revoke_admin,
      N_("Make an account a player again, then end"), N_("NAME") },
    { "ban", 0, 0, G_OPTION_ARG_STRING, &options->ban,
      N_("Ban an account or an IP address, then end"), N_("NAME|ADDRESS") },
    { "unban", 0, 0, G_OPTION_ARG_STRING, &options->unban,
      N_("Lift the ban of an account or an IP address, then end"), N_("NAME|ADDRESS") },
    { "minutes", 0, 0, G_OPTION_ARG_INT, &options->minutes,
      N_("With --ban: for how long (for good without it)"), N_("N") },
    { "reason", 0, 0, G_OPTION_ARG_STRING, &options->reason,
      N_("With --ban: why, as the player will be told"), N_("TEXT") },
    { NULL },
  };
  g_autoptr(GOptionContext) context =
    g_option_context_new (_("— host Monomachia games for players online"));
  int *const numbers[] = { &max_connections, &max_per_address, &handshake_timeout, &idle_timeout,
                           &grace, &rating_period, &request_burst, &chat_burst, &chat_length,
                           &options->request_rate, &options->chat_rate };

  g_option_context_add_main_entries (context, entries, GETTEXT_PACKAGE);
  if (!g_option_context_parse (context, argc, argv, error))
    return FALSE;
  for (gsize i = 0; i < G_N_ELEMENTS (numbers); i++)
    if (*numbers[i] < 0)
      {
        g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                             _("Limits cannot be negative."));
        return FALSE;
      }
  /* The protocol tells a grace period in at most a day. */
  if (grace > 86400 || handshake_timeout > 86400 || idle_timeout > 86400)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("Timeouts and the grace period are at most a day (86400 s)."));
      return FALSE;
    }
  if (options->port < 0 || options->port > 65535)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   _("There is no port %d."), options->port);
      return FALSE;
    }
  if (options->name != NULL && !is_sendable_name (options->name))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("A server’s name holds 1 to 64 characters, none of them control characters."));
      return FALSE;
    }
  if (options->database != NULL && !is_postgresql (options->database))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--database takes a PostgreSQL connection string: "
                             "postgresql://USER@HOST:PORT/NAME or 'host=… dbname=…'."));
      return FALSE;
    }
  if ((options->tls_cert == NULL) != (options->tls_key == NULL))
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--tls-cert and --tls-key go together."));
      return FALSE;
    }
  if (options->no_tls && options->tls_cert != NULL)
    {
      g_set_error_literal (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                           _("--no-tls cannot go with a certificate."));
      return FALSE;
    }
  options->limits.max_connections = (guint) max_connections;
  options->limits.max_per_address = (guint) max_per_address;
  options->limits.handshake_timeout_s = (guint) handshake_timeout;
  options->limits.idle_timeout_s = (guint) idle_timeout;
  options->limits.grace_s = (guint) grace;
  options->limits.rating_period_s = (guint) rating_period;
  options->limits.request_rate = options->request_rate;
  options->limits.request_burst = (guint) request_burst;
  options->limits.chat_rate = options->chat_rate;
  options->limits.chat_burst = (guint) chat_burst;
  options->limits.chat_length = (guint) chat_length;
  return TRUE;
}

static GTlsCertificate *
find_certificate (Options  *options,
                  GError  **error)
{
  g_autoptr(GTlsCertificate) certificate = NULL;
  g_autofree char *fingerprint = NULL;
  g_autofree char *line = NULL;
  gboolean created = FALSE;

  if (options->tls_cert != NULL)
    certificate = g_tls_certificate_new_from_files (options->tls_cert, options->tls_key, error);
  else
    certificate = mm_tls_certificate_load_or_create (options->data_dir, g_get_host_name (),
                                                     &created, error);
  if (certificate == NULL)
    return NULL;
  fingerprint = mm_tls_certificate_get_fingerprint (certificate);
  line = g_strdup_printf ("%s certificate, SHA-256 fingerprint %s",
                          created ? "made a self-signed" : "TLS with the", fingerprint);
  log_line (line);
  return g_steal_pointer (&certificate);
}

/* The PostgreSQL database of --database, or else the SQLite one in the
 * data folder, made with the folder if need be. */
static MmStore *
open_store (Options  *options,
            GError  **error)
{
  const char *data_dir = options->data_dir;
  g_autofree char *path = NULL;

  if (options->database != NULL)
    return MM_STORE (mm_pg_store_new (options->database, error));
  path = g_build_filename (data_dir, "monomachia-server.db", NULL);
  if (g_mkdir_with_parents (data_dir, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   /* Translators: %s are a folder and the system's reason */
                   _("Could not make the folder %s: %s"), data_dir, g_strerror (saved));
      return NULL;
    }
  return MM_STORE (mm_sqlite_store_new (path, error));
}

/* On PostgreSQL, the lobby is one with the other servers of the
 * database; each start is a new member of the cluster. */
static MmLobbyCluster *
join_cluster (MmLobbyServer *server,
              Options       *options,
              GInetAddress  *address,
              guint16        port)
{
  g_autofree char *id = g_uuid_string_random ();
  g_autofree char *host = address != NULL ? g_inet_address_to_string (address)
                                          : g_strdup (g_get_host_name ());
  g_autofree char *reached = g_strdup_printf (strchr (host, ':') != NULL ? "[%s]:%u" : "%s:%u",
                                              host, port);
  MmLobbyCluster *cluster = mm_lobby_cluster_new (options->database, id, reached,
                                                  options->limits.grace_s);

  mm_lobby_server_join_cluster (server, cluster);
  return cluster;
}

/* --grant-admin, --revoke-admin, --ban and --unban, on the store; the
 * running server sees them at the next login or connection. */
static int
moderate (Options *options,
          MmStore *store)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GInetAddress) address = NULL;
  const char *target = options->ban != NULL ? options->ban : options->unban;
  g_autofree char *key = NULL;
  const char *kind;
  gboolean done;

  if (options->grant_admin != NULL || options->revoke_admin != NULL)
    {
      gboolean admin = options->grant_admin != NULL;
      const char *name = admin ? options->grant_admin : options->revoke_admin;

      done = mm_store_set_admin (store, name, admin, &error)
             && mm_store_log_action (store, "console", admin ? "granted admin" : "revoked admin",
                                     name, NULL, &error);
    }
  else
    {
      address = g_inet_address_new_from_string (target);
      key = address != NULL ? g_inet_address_to_string (address) : mm_nickname_key (target);
      kind = address != NULL ? "ban-address" : "ban-account";
      if (options->ban != NULL)
        {
          MmStoredSanction ban = {
            (char *) kind, key,
            options->minutes > 0 ? g_get_real_time () / G_USEC_PER_SEC + options->minutes * 60 : 0,
            options->reason, (char *) "console",
          };

          done = mm_store_add_sanction (store, &ban, &error)
                 && mm_store_log_action (store, "console", "banned", key, options->reason, &error);
        }
      else
        done = mm_store_lift_sanction (store, kind, key, &error)
               && mm_store_log_action (store, "console", "unbanned", key, NULL, &error);
    }
  if (!done)
    {
      g_printerr ("monomachia-server: %s\n", error->message);
      return 1;
    }
  return 0;
}

typedef struct
{
  MmLobbyServer *server;
  GMainLoop     *loop;
  gint64         stop_deadline;
} Running;

static gboolean
wait_for_clients_cb (gpointer user_data)
{
  Running *running = user_data;

  if (mm_lobby_server_get_n_connections (running->server) > 0
      && g_get_monotonic_time () < running->stop_deadline)
    return G_SOURCE_CONTINUE;
  g_main_loop_quit (running->loop);
  return G_SOURCE_REMOVE;
}

static gboolean
stop_cb (gpointer user_data)
{
  Running *running = user_data;

  if (running->stop_deadline != 0)
    return G_SOURCE_CONTINUE;
  running->stop_deadline = g_get_monotonic_time () + STOP_SECONDS * G_USEC_PER_SEC;
  mm_lobby_server_stop (running->server);
  g_timeout_add (50, wait_for_clients_cb, running);
  return G_SOURCE_CONTINUE;
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
  g_auto(Options) options = { .port = DEFAULT_PORT };
  g_autoptr(GError) error = NULL;
  g_autoptr(MmLobbyServer) server = NULL;
  g_autoptr(MmStore) store = NULL;
  g_autoptr(MmLobbyCluster) cluster = NULL;
  g_autoptr(GInetAddress) address = NULL;
  g_autoptr(GMainLoop) loop = NULL;
  const char *localedir = g_getenv ("MONOMACHIA_LOCALEDIR");
  Running running = { NULL };
  guint16 port = 0;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  /* A client gone from under a write is its connection's end, not the
   * server's. */
  signal (SIGPIPE, SIG_IGN);
  raise_file_limit ();

  mm_server_limits_init (&options.limits);
  options.request_rate = (int) options.limits.request_rate;
  options.chat_rate = (int) options.limits.chat_rate;
  if (!parse_options (&options, &argc, &argv, &error))
    {
      g_printerr ("monomachia-server: %s\n", error->message);
      return 2;
    }
  if (options.data_dir == NULL)
    options.data_dir = g_build_filename (g_get_user_data_dir (), "monomachia-server", NULL);
  if (options.listen != NULL && (address = g_inet_address_new_from_string (options.listen)) == NULL)
    {
      g_printerr ("monomachia-server: %s\n",
                  _("--listen takes an IP address, such as 127.0.0.1 or ::1."));
      return 2;
    }

  if (options.grant_admin != NULL || options.revoke_admin != NULL || options.ban != NULL
      || options.unban != NULL)
    {
      if ((store = open_store (&options, &error)) == NULL)
        {
          g_printerr ("monomachia-server: %s\n", error->message);
          return 1;
        }
      return moderate (&options, store);
    }
  server = mm_lobby_server_new (options.name != NULL ? options.name : "Monomachia", &options.limits);
  g_signal_connect (server, "log", G_CALLBACK (server_log_cb), NULL);
  if ((store = open_store (&options, &error)) == NULL
      || !mm_lobby_server_set_store (server, store, &error))
    {
      g_printerr ("monomachia-server: %s\n", error->message);
      return 1;
    }
  if (!options.no_tls)
    {
      g_autoptr(GTlsCertificate) certificate = find_certificate (&options, &error);

      if (certificate == NULL)
        {
          g_printerr ("monomachia-server: %s\n", error->message);
          return 1;
        }
      mm_lobby_server_set_certificate (server, certificate);
    }
  /* The signals are the program's before it says it listens: a stop
   * that comes at once is a clean one too. */
  loop = g_main_loop_new (NULL, FALSE);
  running.server = server;
  running.loop = loop;
  g_unix_signal_add (SIGTERM, stop_cb, &running);
  g_unix_signal_add (SIGINT, stop_cb, &running);
  if (!mm_lobby_server_listen (server, address, (guint16) options.port, &port, &error))
    {
      g_printerr ("monomachia-server: %s\n", error->message);
      return 1;
    }
  if (options.database != NULL)
    cluster = join_cluster (server, &options, address, port);

  g_main_loop_run (loop);
  return 0;
}
