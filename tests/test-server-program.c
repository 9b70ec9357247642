/* test-server-program.c
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

/* monomachia-server as an operator runs it: its options, its log, TLS
 * with the certificate it made, and a clean stop on SIGTERM that tells
 * the clients.  It listens on 127.0.0.1 only. */

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>

#include "mm-test-client.h"

typedef struct
{
  GSubprocess      *process;
  GDataInputStream *log;
  guint16           port;
  char             *fingerprint;
} Server;

/* A data folder of the test's own, and its removal with what the
 * server put there. */
static char *
make_data_dir (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = g_dir_make_tmp ("monomachia-server-XXXXXX", &error);

  g_assert_no_error (error);
  return g_steal_pointer (&folder);
}

static void
remove_data_dir (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        remove_data_dir (path);
      else
        g_unlink (path);
    }
  g_rmdir (folder);
}

static char *
read_log_line (Server *server)
{
  g_autoptr(GError) error = NULL;
  char *line = g_data_input_stream_read_line_utf8 (server->log, NULL, NULL, &error);

  g_assert_no_error (error);
  return line;
}

/* Starts the program with @arguments after the listening ones, and
 * reads its log until it says where it listens. */
static Server *
server_start (const char *const *arguments)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  Server *server = g_new0 (Server, 1);

  g_ptr_array_add (argv, (gpointer) g_getenv ("MONOMACHIA_SERVER"));
  g_ptr_array_add (argv, "--listen");
  g_ptr_array_add (argv, "127.0.0.1");
  g_ptr_array_add (argv, "--port");
  g_ptr_array_add (argv, "0");
  for (; *arguments != NULL; arguments++)
    g_ptr_array_add (argv, (gpointer) *arguments);
  g_ptr_array_add (argv, NULL);
  /* The leak checker's settings for this test process (meson.build
   * says why) are not the server's: it is checked in full. */
  g_subprocess_launcher_unsetenv (launcher, "LSAN_OPTIONS");
  server->process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata,
                                                  &error);
  g_assert_no_error (error);
  server->log = g_data_input_stream_new (g_subprocess_get_stdout_pipe (server->process));
  while (server->port == 0)
    {
      g_autofree char *line = read_log_line (server);
      const char *found;

      g_assert_nonnull (line);
      if ((found = strstr (line, "SHA-256 fingerprint ")) != NULL)
        server->fingerprint = g_strdup (found + strlen ("SHA-256 fingerprint "));
      if ((found = strstr (line, "listening on port ")) != NULL)
        server->port = (guint16) atoi (found + strlen ("listening on port "));
    }
  return server;
}

static void
wait_cb (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  *(gboolean *) user_data = TRUE;
}

/* Sends SIGTERM and answers whether the program ended well within ten
 * seconds.  The main loop runs meanwhile, for the clients in this
 * process to hear the server's goodbye. */
static gboolean
server_stop (Server *server)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  gboolean ended = FALSE;

  g_subprocess_send_signal (server->process, SIGTERM);
  g_subprocess_wait_async (server->process, NULL, wait_cb, &ended);
  while (!ended && g_get_monotonic_time () < deadline)
    if (!g_main_context_iteration (NULL, FALSE))
      g_usleep (1000);
  if (!ended)
    {
      g_subprocess_force_exit (server->process);
      return FALSE;
    }
  return g_subprocess_get_if_exited (server->process)
         && g_subprocess_get_exit_status (server->process) == 0;
}

static void
server_free (Server *server)
{
  if (g_subprocess_get_identifier (server->process) != NULL)
    g_subprocess_force_exit (server->process);
  g_object_unref (server->log);
  g_object_unref (server->process);
  g_free (server->fingerprint);
  g_free (server);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Server, server_free)

static void
test_plain (void)
{
  g_autofree char *data_dir = make_data_dir ();
  const char *const arguments[] = { "--no-tls", "--name", "Καφενείο", "--data-dir", data_dir,
                                    NULL };
  g_autoptr(Server) server = server_start (arguments);
  g_autoptr(MmTestClient) client = mm_test_client_connect (server->port);
  g_autoptr(JsonObject) welcome = NULL;
  g_autofree char *line = NULL;

  g_assert_null (server->fingerprint);
  mm_test_client_send_line (client, "{\"type\":\"hello\",\"version\":1,\"program\":\"test\"}");
  welcome = mm_test_client_expect (client, "welcome", 5);
  g_assert_cmpstr (json_object_get_string_member (welcome, "server"), ==, "Καφενείο");
  mm_test_client_send_line (client, "{\"type\":\"login\",\"name\":\"Ηλίας\"}");
  mm_test_client_expect_reply (client, "session", NULL);
  /* One line of log for the event. */
  line = read_log_line (server);
  g_assert_nonnull (strstr (line, "Ηλίας came as a guest from 127.0.0.1"));

  /* SIGTERM: the client is told, the program ends well. */
  g_assert_true (server_stop (server));
  mm_test_client_expect_error (client, "shutdown", NULL);
  g_assert_true (mm_test_client_wait_closed (client, 5));
  remove_data_dir (data_dir);
}

static void
test_tls (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *folder = make_data_dir ();
  g_autofree char *data_dir = g_build_filename (folder, "data", NULL);
  g_autofree char *certificate_path = g_build_filename (data_dir, "tls-certificate.pem", NULL);
  const char *const arguments[] = { "--data-dir", data_dir, NULL };
  g_autoptr(Server) server = server_start (arguments);
  g_autoptr(Server) again = NULL;
  g_autoptr(GTlsCertificate) kept = NULL;
  g_autoptr(MmTestClient) client = NULL;
  g_autoptr(JsonObject) welcome = NULL;

  g_assert_no_error (error);
  g_assert_nonnull (server->fingerprint);
  kept = g_tls_certificate_new_from_file (certificate_path, &error);
  g_assert_no_error (error);
  client = mm_test_client_connect_full (server->port, kept, &error);
  g_assert_no_error (error);
  mm_test_client_send_line (client, "{\"type\":\"hello\",\"version\":1,\"program\":\"test\"}");
  welcome = mm_test_client_expect (client, "welcome", 5);
  g_assert_true (server_stop (server));
  g_clear_pointer (&client, mm_test_client_free);

  /* The next start keeps the certificate, so players' pins hold. */
  again = server_start (arguments);
  g_assert_cmpstr (again->fingerprint, ==, server->fingerprint);
  g_assert_true (server_stop (again));
  remove_data_dir (folder);
  /* The TLS backend's threads finish what they do before the test ends. */
  mm_test_run_for (200);
}

static void
play_move (MmTestClient *mover,
           MmTestClient *other,
           const char   *game,
           const char   *square)
{
  g_autoptr(JsonObject) moved = NULL;
  g_autoptr(JsonObject) seen = NULL;

  mm_test_client_send_printf (mover, "{\"type\":\"move\",\"game\":\"%s\",\"square\":\"%s\"}",
                              game, square);
  mm_test_client_expect_reply (mover, "ok", NULL);
  moved = mm_test_client_expect (mover, "moved", 5);
  g_assert_cmpstr (json_object_get_string_member (moved, "square"), ==, square);
  seen = mm_test_client_expect (other, "moved", 5);
}

static MmTestClient *
resume (guint16     port,
        const char *token)
{
  MmTestClient *client = mm_test_client_hello (port);
  g_autoptr(JsonObject) session = NULL;

  mm_test_client_send_printf (client, "{\"type\":\"resume\",\"token\":\"%s\"}", token);
  session = mm_test_client_expect (client, "session", 5);
  g_assert_true (json_object_get_boolean_member (session, "resumed"));
  g_assert_cmpstr (json_object_get_string_member (session, "token"), ==, token);
  client->token = g_strdup (token);
  return client;
}

/* SIGKILL mid-game: the server started again on the same folder has the
 * game as it was, the players resume with their tokens, and it ends. */
static void
test_killed (void)
{
  g_autofree char *data_dir = make_data_dir ();
  const char *const arguments[] = { "--no-tls", "--data-dir", data_dir, "--grace", "30", NULL };
  g_autoptr(Server) server = server_start (arguments);
  g_autoptr(Server) again = NULL;
  g_autoptr(MmTestClient) ada = mm_test_client_login (server->port, "Ada");
  g_autoptr(MmTestClient) bo = mm_test_client_login (server->port, "bo");
  g_autoptr(JsonObject) opened = NULL, started = NULL, started_bo = NULL;
  g_autoptr(JsonObject) state = NULL, state_bo = NULL, e1 = NULL, e2 = NULL, away = NULL;
  g_autoptr(MmTestClient) kiki = NULL;
  g_autoptr(JsonObject) kiki_session = NULL;
  g_autofree char *game = NULL;
  g_autofree char *ada_token = g_strdup (ada->token);
  g_autofree char *bo_token = g_strdup (bo->token);

  mm_test_client_send_line (ada, "{\"type\":\"seek\",\"color\":\"black\",\"base\":600,"
                                 "\"increment\":0,\"rated\":false}");
  opened = mm_test_client_expect (ada, "seek-opened", 5);
  mm_test_client_send_printf (bo, "{\"type\":\"accept-seek\",\"seek\":\"%s\"}",
                              json_object_get_string_member (opened, "seek"));
  mm_test_client_expect_reply (bo, "ok", NULL);
  started_bo = mm_test_client_expect (bo, "game-started", 5);
  started = mm_test_client_expect (ada, "game-started", 5);
  game = g_strdup (json_object_get_string_member (started, "game"));
  play_move (ada, bo, game, "f5");
  play_move (bo, ada, game, "d6");
  play_move (ada, bo, game, "c3");
  /* A registered player, present when the server is killed. */
  kiki = mm_test_client_hello (server->port);
  mm_test_client_send_line (kiki, "{\"type\":\"register\",\"name\":\"Kiki\","
                                  "\"password\":\"kiki's password\"}");
  kiki_session = mm_test_client_expect (kiki, "session", 10);

  g_subprocess_force_exit (server->process);
  g_subprocess_wait (server->process, NULL, NULL);
  g_clear_pointer (&ada, mm_test_client_free);
  g_clear_pointer (&bo, mm_test_client_free);
  g_clear_pointer (&kiki, mm_test_client_free);

  again = server_start (arguments);
  ada = resume (again->port, ada_token);
  state = mm_test_client_expect (ada, "game-state", 5);
  g_assert_cmpstr (json_object_get_string_member (state, "game"), ==, game);
  g_assert_cmpstr (json_object_get_string_member (state, "moves"), ==, "f5d6c3");
  g_assert_cmpstr (json_object_get_string_member (state, "to_move"), ==, "white");
  g_assert_cmpint (json_object_get_int_member (state, "black_ms"), <=, 600000);
  g_assert_cmpint (json_object_get_int_member (state, "black_ms"), >, 590000);
  /* Bo is not back yet, and has the grace period from the restart. */
  away = mm_test_client_expect (ada, "opponent-away", 5);
  g_assert_cmpstr (json_object_get_string_member (away, "name"), ==, "bo");
  g_assert_cmpint (json_object_get_int_member (away, "seconds"), >=, 28);
  bo = resume (again->port, bo_token);
  state_bo = mm_test_client_expect (bo, "game-state", 5);
  mm_test_client_expect_reply (ada, "opponent-back", NULL);
  play_move (bo, ada, game, "d3");

  /* A registered player from before the kill logs in with the password:
   * the session it had comes with a token that works. */
  {
    g_autoptr(MmTestClient) reg = NULL;
    g_autoptr(MmTestClient) reg_again = NULL;
    g_autoptr(JsonObject) taken = NULL;
    const char *token;

    reg = mm_test_client_hello (again->port);
    mm_test_client_send_line (reg, "{\"type\":\"login\",\"name\":\"Kiki\","
                                   "\"password\":\"kiki's password\"}");
    taken = mm_test_client_expect (reg, "session", 10);
    g_assert_true (json_object_get_boolean_member (taken, "resumed"));
    token = json_object_get_string_member (taken, "token");
    g_assert_cmpuint (strlen (token), ==, 64);
    reg_again = resume (again->port, token);
  }
  mm_test_client_send_printf (ada, "{\"type\":\"resign\",\"game\":\"%s\"}", game);
  mm_test_client_expect_reply (ada, "ok", NULL);
  e1 = mm_test_client_expect (ada, "game-ended", 5);
  e2 = mm_test_client_expect (bo, "game-ended", 5);
  g_assert_cmpstr (json_object_get_string_member (e2, "winner"), ==, "white");
  g_assert_true (server_stop (again));
  remove_data_dir (data_dir);
}

static int
run_with (const char *const *arguments,
          char             **errors)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocessLauncher) launcher =
    g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDERR_PIPE | G_SUBPROCESS_FLAGS_STDOUT_SILENCE);

  g_ptr_array_add (argv, (gpointer) g_getenv ("MONOMACHIA_SERVER"));
  for (; *arguments != NULL; arguments++)
    g_ptr_array_add (argv, (gpointer) *arguments);
  g_ptr_array_add (argv, NULL);
  g_subprocess_launcher_unsetenv (launcher, "LSAN_OPTIONS");
  process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, NULL, errors, &error);
  g_assert_no_error (error);
  return g_subprocess_get_exit_status (process);
}

static void
test_bad_options (void)
{
  static const char *const bad[][4] = {
    { "--port", "70000", NULL },
    { "--listen", "example.org", NULL },
    { "--tls-cert", "/nonexistent.pem", NULL },
    { "--no-tls", "--max-connections", "-1", NULL },
    { "--no-tls", "--name", "", NULL },
    { "--no-tls", "--name", "bell\a", NULL },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *errors = NULL;

      g_assert_cmpint (run_with (bad[i], &errors), ==, 2);
      g_assert_true (g_str_has_prefix (errors, "monomachia-server: "));
    }
}

/* Moderation from the server's machine works on the data folder. */
static void
test_console (void)
{
  g_autofree char *data_dir = make_data_dir ();
  g_autofree char *errors = NULL;
  const char *const grant[] = { "--data-dir", data_dir, "--grant-admin", "nobody", NULL };
  const char *const ban[] = { "--data-dir", data_dir, "--ban", "192.0.2.7", "--minutes", "5",
                              "--reason", "a test", NULL };
  const char *const unban[] = { "--data-dir", data_dir, "--unban", "192.0.2.7", NULL };

  g_assert_cmpint (run_with (grant, &errors), ==, 1);
  g_assert_nonnull (strstr (errors, "nobody"));
  g_clear_pointer (&errors, g_free);
  g_assert_cmpint (run_with (ban, &errors), ==, 0);
  g_clear_pointer (&errors, g_free);
  g_assert_cmpint (run_with (unban, &errors), ==, 0);
  remove_data_dir (data_dir);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (g_getenv ("MONOMACHIA_SERVER") == NULL)
    {
      g_printerr ("MONOMACHIA_SERVER names no program: run this under meson test\n");
      return 77;
    }
  g_test_add_func ("/server-program/plain", test_plain);
  g_test_add_func ("/server-program/tls", test_tls);
  g_test_add_func ("/server-program/killed", test_killed);
  g_test_add_func ("/server-program/bad-options", test_bad_options);
  g_test_add_func ("/server-program/console", test_console);

  return g_test_run ();
}
