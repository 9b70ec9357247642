/* mm-test-pg.c
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

#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <libpq-fe.h>
#include <pwd.h>
#include <unistd.h>

#include "mm-test-pg.h"

#define PG_BIN "/usr/lib/postgresql/15/bin"
/* pg_ctl's own bound on every wait for the server, in seconds */
#define PG_WAIT "30"

typedef struct
{
  char        *dir;          /* the cluster's folder: data/, the socket, the log */
  char        *data;
  char        *log;
  /* runuser -u postgres --, when we are root; nothing otherwise */
  GPtrArray   *as_owner;
  GSubprocess *watchdog;
  guint        n_databases;
} Cluster;

static Cluster cluster;

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (!g_file_test (path, G_FILE_TEST_IS_SYMLINK)
      && (dir = g_dir_open (path, 0, NULL)) != NULL)
    while ((name = g_dir_read_name (dir)) != NULL)
      {
        g_autofree char *child = g_build_filename (path, name, NULL);

        remove_tree (child);
      }
  g_remove (path);
}

/* A value of a key=value connection string, quoted as libpq reads it. */
static char *
conninfo_quote (const char *value)
{
  GString *quoted = g_string_new ("'");

  for (const char *c = value; *c != '\0'; c++)
    {
      if (*c == '\'' || *c == '\\')
        g_string_append_c (quoted, '\\');
      g_string_append_c (quoted, *c);
    }
  g_string_append_c (quoted, '\'');
  return g_string_free (quoted, FALSE);
}

static char *
conninfo_for (const char *database)
{
  g_autofree char *host = conninfo_quote (cluster.dir);

  return g_strdup_printf ("host=%s port=5432 user=postgres dbname=%s", host, database);
}

/* Runs PostgreSQL's @program as the cluster's owner and waits for it;
 * FALSE with what it printed if it failed. */
static gboolean
run_as_owner (const char *const  *arguments,
              GError            **error)
{
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autofree char *output = NULL;

  g_ptr_array_extend (argv, cluster.as_owner, NULL, NULL);
  for (; *arguments != NULL; arguments++)
    g_ptr_array_add (argv, (gpointer) *arguments);
  g_ptr_array_add (argv, NULL);
  /* The owner may not be allowed into the tests' folder. */
  g_subprocess_launcher_set_cwd (launcher, cluster.dir);
  process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, error);
  if (process == NULL || !g_subprocess_communicate_utf8 (process, NULL, NULL, &output, NULL, error))
    return FALSE;
  if (!g_subprocess_get_if_exited (process) || g_subprocess_get_exit_status (process) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s failed: %s",
                   (const char *) argv->pdata[cluster.as_owner->len], g_strstrip (output));
      return FALSE;
    }
  return TRUE;
}

/* PostgreSQL runs as root's "postgres" or as ourselves; the folder is
 * its owner's, as initdb requires. */
static gboolean
choose_owner (GError **error)
{
  const char *runuser[] = { "runuser", "/usr/sbin/runuser", "/sbin/runuser" };
  struct passwd *postgres;
  g_autofree char *found = NULL;

  cluster.as_owner = g_ptr_array_new_with_free_func (g_free);
  if (getuid () != 0)
    return TRUE;
  if ((postgres = getpwnam ("postgres")) == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           "the tests run as root and there is no user “postgres” to run "
                           "PostgreSQL as");
      return FALSE;
    }
  if (chown (cluster.dir, postgres->pw_uid, postgres->pw_gid) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "chown %s: %s",
                   cluster.dir, g_strerror (saved));
      return FALSE;
    }
  for (gsize i = 0; i < G_N_ELEMENTS (runuser) && found == NULL; i++)
    found = g_find_program_in_path (runuser[i]);
  if (found == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           "runuser (util-linux) is missing");
      return FALSE;
    }
  g_ptr_array_add (cluster.as_owner, g_steal_pointer (&found));
  g_ptr_array_add (cluster.as_owner, g_strdup ("-u"));
  g_ptr_array_add (cluster.as_owner, g_strdup ("postgres"));
  g_ptr_array_add (cluster.as_owner, g_strdup ("--"));
  return TRUE;
}

static gboolean
init_cluster (GError **error)
{
  const char *const initdb[] = {
    PG_BIN "/initdb", "-D", cluster.data, "-U", "postgres", "-A", "trust", "-E", "UTF8",
    "--no-locale", "--no-sync", "--no-instructions", NULL,
  };

  return run_as_owner (initdb, error);
}

/* Only the socket in the cluster's folder, no TCP.  Nothing waits for
 * the disk (a test's data need not outlive a crash of the machine), but
 * a commit is in the log, the kernel's, before it is answered, so that
 * what was committed outlives a crash of the database (restart). */
static gboolean
start_server (GError **error)
{
  g_autofree char *socket_dir = g_shell_quote (cluster.dir);
  g_autofree char *options =
    g_strdup_printf ("-c listen_addresses='' -c unix_socket_directories=%s -c port=5432"
                     " -c fsync=off", socket_dir);
  const char *const start[] = {
    PG_BIN "/pg_ctl", "-D", cluster.data, "-l", cluster.log, "-w", "-t", PG_WAIT,
    "-o", options, "start", NULL,
  };
  g_autoptr(GError) failed = NULL;
  g_autofree char *log = NULL;

  if (run_as_owner (start, &failed))
    return TRUE;
  g_file_get_contents (cluster.log, &log, NULL, NULL);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s\n%s", failed->message,
               log != NULL ? log : "");
  return FALSE;
}

static gboolean
stop_server (GError **error)
{
  const char *const stop[] = {
    PG_BIN "/pg_ctl", "-D", cluster.data, "-m", "immediate", "-w", "-t", PG_WAIT, "stop", NULL,
  };

  return run_as_owner (stop, error);
}

/* A fresh session of its own, out of reach of the signals that end
 * the test's process group (meson's on a timeout). */
static void
new_session (gpointer user_data)
{
  setsid ();
}

/* A process that waits for the end of its standard input, which comes
 * when this process ends, however it ends (an assertion's abort, a
 * timeout's kill), and then stops the cluster and removes its folder. */
static gboolean
start_watchdog (GError **error)
{
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_SILENCE
                               | G_SUBPROCESS_FLAGS_STDERR_SILENCE);
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  const char *const stop[] = {
    PG_BIN "/pg_ctl", "-D", cluster.data, "-m", "immediate", "-w", "-t", PG_WAIT, "stop",
  };

  g_ptr_array_add (argv, "/bin/sh");
  g_ptr_array_add (argv, "-c");
  g_ptr_array_add (argv, "cat >/dev/null; dir=$1; shift; \"$@\"; rm -rf -- \"$dir\"");
  g_ptr_array_add (argv, "mm-test-pg-watchdog");
  g_ptr_array_add (argv, cluster.dir);
  g_ptr_array_extend (argv, cluster.as_owner, NULL, NULL);
  for (gsize i = 0; i < G_N_ELEMENTS (stop); i++)
    g_ptr_array_add (argv, (gpointer) stop[i]);
  g_ptr_array_add (argv, NULL);
  g_subprocess_launcher_set_cwd (launcher, "/");
  g_subprocess_launcher_set_child_setup (launcher, new_session, NULL, NULL);
  cluster.watchdog = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata,
                                                   error);
  return cluster.watchdog != NULL;
}

/* Runs @sql on the cluster's "postgres" database. */
static gboolean
run_sql (const char  *sql,
         GError     **error)
{
  g_autofree char *conninfo = conninfo_for ("postgres");
  PGconn *conn = PQconnectdb (conninfo);
  PGresult *result = NULL;
  gboolean done;

  if (PQstatus (conn) == CONNECTION_OK)
    result = PQexec (conn, sql);
  done = PQresultStatus (result) == PGRES_COMMAND_OK;
  if (!done)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: %s", sql, PQerrorMessage (conn));
  PQclear (result);
  PQfinish (conn);
  return done;
}

char *
mm_test_pg_start (GError **error)
{
  g_return_val_if_fail (cluster.dir == NULL, NULL);

  if (!g_file_test (PG_BIN "/initdb", G_FILE_TEST_IS_EXECUTABLE))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND,
                           "PostgreSQL 15 is not installed (no " PG_BIN "/initdb; "
                           "Debian's package postgresql has it)");
      return NULL;
    }
  if ((cluster.dir = g_dir_make_tmp ("monomachia-pg-XXXXXX", error)) == NULL)
    return NULL;
  cluster.data = g_build_filename (cluster.dir, "data", NULL);
  cluster.log = g_build_filename (cluster.dir, "server.log", NULL);
  if (!choose_owner (error) || !init_cluster (error) || !start_watchdog (error))
    {
      mm_test_pg_stop ();
      return NULL;
    }
  if (!start_server (error) || !run_sql ("CREATE DATABASE monomachia", error))
    {
      mm_test_pg_stop ();
      return NULL;
    }
  return conninfo_for ("monomachia");
}

char *
mm_test_pg_new_database (GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *create = NULL;

  g_return_val_if_fail (cluster.dir != NULL, NULL);

  /* A name of ours, made from a number: nothing to quote. */
  name = g_strdup_printf ("t_%u", ++cluster.n_databases);
  create = g_strdup_printf ("CREATE DATABASE %s", name);
  if (!run_sql (create, error))
    return NULL;
  return conninfo_for (name);
}

gboolean
mm_test_pg_restart (GError **error)
{
  return mm_test_pg_crash (error) && mm_test_pg_start_again (error);
}

gboolean
mm_test_pg_crash (GError **error)
{
  g_return_val_if_fail (cluster.dir != NULL, FALSE);

  return stop_server (error);
}

gboolean
mm_test_pg_start_again (GError **error)
{
  g_return_val_if_fail (cluster.dir != NULL, FALSE);

  return start_server (error);
}

void
mm_test_pg_stop (void)
{
  if (cluster.dir == NULL)
    return;
  /* The watchdog is not needed any more: ended before it can act. */
  if (cluster.watchdog != NULL)
    {
      g_subprocess_force_exit (cluster.watchdog);
      g_subprocess_wait (cluster.watchdog, NULL, NULL);
      g_clear_object (&cluster.watchdog);
    }
  if (g_file_test (cluster.log, G_FILE_TEST_EXISTS))
    stop_server (NULL);
  remove_tree (cluster.dir);
  g_clear_pointer (&cluster.dir, g_free);
  g_clear_pointer (&cluster.data, g_free);
  g_clear_pointer (&cluster.log, g_free);
  g_clear_pointer (&cluster.as_owner, g_ptr_array_unref);
  cluster.n_databases = 0;
}
