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

/* prlimit(), to give the server room again */
#define _GNU_SOURCE

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>

#include "mm-game.h"
#include "mm-sqlite-store.h"
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

/* In the server's process before it starts: files no bigger than
 * @data bytes, as on a full disk, and EFBIG for a write past that
 * rather than the signal that would kill it. */
static void
limit_file_size (gpointer data)
{
  /* Only the soft limit: the test may raise it again, as an operator
   * frees space. */
  struct rlimit limit = { GPOINTER_TO_SIZE (data), RLIM_INFINITY };

  signal (SIGXFSZ, SIG_IGN);
  setrlimit (RLIMIT_FSIZE, &limit);
}

/* Starts the program with @arguments after the listening ones, and
 * reads its log until it says where it listens; with @file_limit, its
 * files can grow to that many bytes only. */
static Server *
server_start_limited (const char *const *arguments,
                      gsize              file_limit)
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
  if (file_limit > 0)
    g_subprocess_launcher_set_child_setup (launcher, limit_file_size,
                                           GSIZE_TO_POINTER (file_limit), NULL);
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

static Server *
server_start (const char *const *arguments)
{
  return server_start_limited (arguments, 0);
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

/* A game of the burst: its players, the squares each heard played, and
 * the rules as its black player follows them. */
typedef struct
{
  MmTestClient *players[2];
  char         *id;
  MmGame       *rules;
  GArray       *heard[2];   /* int */
} BurstGame;

#define BURST_GAMES 4
#define BURST_KILLS 12

/* The next message of @type, the ones before it passed over. */
static JsonObject *
await_type (MmTestClient *client,
            const char   *type)
{
  for (;;)
    {
      g_autoptr(JsonObject) message = mm_test_client_next (client, 10);

      if (message == NULL)
        g_error ("expected “%s”, got nothing", type);
      if (g_str_equal (mm_protocol_get_type (message), type))
        return g_steal_pointer (&message);
    }
}

static void
burst_game_start (BurstGame *game,
                  guint16    port,
                  guint      round,
                  guint      index)
{
  g_autofree char *black = g_strdup_printf ("k%ub%u", round, index);
  g_autofree char *white = g_strdup_printf ("k%uw%u", round, index);
  g_autoptr(JsonObject) opened = NULL, started = NULL, started_white = NULL;

  game->players[MM_COLOR_BLACK] = mm_test_client_login (port, black);
  game->players[MM_COLOR_WHITE] = mm_test_client_login (port, white);
  mm_test_client_send_line (game->players[MM_COLOR_BLACK],
                            "{\"type\":\"seek\",\"color\":\"black\",\"base\":600,"
                            "\"increment\":5,\"rated\":false}");
  opened = await_type (game->players[MM_COLOR_BLACK], "seek-opened");
  mm_test_client_send_printf (game->players[MM_COLOR_WHITE],
                              "{\"type\":\"accept-seek\",\"seek\":\"%s\"}",
                              json_object_get_string_member (opened, "seek"));
  started_white = await_type (game->players[MM_COLOR_WHITE], "game-started");
  started = await_type (game->players[MM_COLOR_BLACK], "game-started");
  game->id = g_strdup (json_object_get_string_member (started, "game"));
  game->rules = mm_game_new ();
  for (guint c = 0; c < 2; c++)
    game->heard[c] = g_array_new (FALSE, FALSE, sizeof (int));
}

static void
burst_game_clear (BurstGame *game)
{
  for (guint c = 0; c < 2; c++)
    {
      g_clear_pointer (&game->players[c], mm_test_client_free);
      g_clear_pointer (&game->heard[c], g_array_unref);
    }
  g_clear_object (&game->rules);
  g_clear_pointer (&game->id, g_free);
}

/* The side to move plays a random legal move at once, without waiting
 * for the server's answer: the moves come as fast as it takes them. */
static void
burst_send_move (BurstGame *game)
{
  guint64 legal = mm_game_get_legal_moves (game->rules);
  char name[3];

  if (mm_game_is_over (game->rules))
    return;
  for (int skip = g_test_rand_int_range (0, __builtin_popcountll (legal)); skip > 0; skip--)
    legal &= legal - 1;
  mm_square_format (__builtin_ctzll (legal), name);
  mm_test_client_send_printf (game->players[mm_game_get_side_to_move (game->rules)],
                              "{\"type\":\"move\",\"game\":\"%s\",\"square\":\"%s\"}",
                              game->id, name);
}

/* What @color's client has been told: every move announced is noted;
 * while the server lives, black's news moves the game on. */
static void
burst_take_news (BurstGame *game,
                 MmColor    color,
                 gboolean   playing)
{
  JsonObject *message;

  while ((message = g_queue_pop_head (&game->players[color]->messages)) != NULL)
    {
      const char *type = mm_protocol_get_type (message);

      if (g_str_equal (type, "error"))
        {
          g_autofree char *line = mm_protocol_to_line (message);

          g_error ("the server refused a move of the burst: %s", line);
        }
      if (g_str_equal (type, "moved"))
        {
          int square = mm_square_parse (json_object_get_string_member (message, "square"));

          g_array_append_val (game->heard[color], square);
          if (color == MM_COLOR_BLACK && playing)
            {
              g_assert_true (mm_game_play (game->rules, square, NULL));
              burst_send_move (game);
            }
        }
      json_object_unref (message);
    }
}

/* The stored game has every move either player was told of, in order,
 * and at most the one move more that was kept but not yet told. */
static void
assert_moves_kept (BurstGame    *game,
                   MmStoredGame *stored)
{
  g_autoptr(GArray) placed = g_array_new (FALSE, FALSE, sizeof (int));

  for (guint i = 0; i < stored->moves->len; i++)
    if (g_array_index (stored->moves, int, i) != MM_SQUARE_PASS)
      g_array_append_val (placed, g_array_index (stored->moves, int, i));
  for (guint c = 0; c < 2; c++)
    {
      GArray *heard = game->heard[c];

      g_assert_cmpuint (placed->len, >=, heard->len);
      g_assert_cmpuint (placed->len, <=, game->heard[MM_COLOR_BLACK]->len + 1);
      for (guint i = 0; i < heard->len; i++)
        g_assert_cmpint (g_array_index (placed, int, i), ==, g_array_index (heard, int, i));
    }
}

/* SIGKILL while four games send moves as fast as the server takes them,
 * at a different point each time: after the restart the database has
 * every move any player was told of, and the server comes back with the
 * games. */
static void
test_killed_mid_burst (void)
{
  guint64 kept_moves = 0;

  for (guint round = 0; round < BURST_KILLS; round++)
    {
      g_autofree char *data_dir = make_data_dir ();
      g_autofree char *db_path = g_build_filename (data_dir, "monomachia-server.db", NULL);
      const char *const arguments[] = { "--no-tls", "--data-dir", data_dir, "--grace", "60",
                                        "--request-rate", "0", NULL };
      g_autoptr(Server) server = server_start (arguments);
      g_autoptr(Server) again = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(MmSqliteStore) store = NULL;
      g_autoptr(MmTestClient) back = NULL;
      g_autofree char *token = NULL;
      BurstGame games[BURST_GAMES] = { 0 };
      /* Some 30 moves a game at most: killed mid-game, never after. */
      guint target = (guint) g_test_rand_int_range (1, BURST_GAMES * 30);
      guint heard = 0;
      gint64 deadline = g_get_monotonic_time () + 30 * G_USEC_PER_SEC;

      for (guint g = 0; g < BURST_GAMES; g++)
        burst_game_start (&games[g], server->port, round, g);
      token = g_strdup (games[0].players[MM_COLOR_BLACK]->token);
      for (guint g = 0; g < BURST_GAMES; g++)
        burst_send_move (&games[g]);
      while (heard < target)
        {
          g_assert_cmpint (g_get_monotonic_time (), <, deadline);
          g_main_context_iteration (NULL, TRUE);
          heard = 0;
          for (guint g = 0; g < BURST_GAMES; g++)
            {
              burst_take_news (&games[g], MM_COLOR_BLACK, TRUE);
              burst_take_news (&games[g], MM_COLOR_WHITE, TRUE);
              heard += games[g].heard[MM_COLOR_BLACK]->len;
            }
        }
      /* A little later than the news, now and then, for kills inside
       * a write rather than between them. */
      g_usleep ((gulong) g_test_rand_int_range (0, 3000));
      g_subprocess_send_signal (server->process, SIGKILL);
      g_subprocess_wait (server->process, NULL, NULL);
      for (guint g = 0; g < BURST_GAMES; g++)
        for (guint c = 0; c < 2; c++)
          {
            g_assert_true (mm_test_client_wait_closed (games[g].players[c], 10));
            burst_take_news (&games[g], c, FALSE);
          }

      store = mm_sqlite_store_new (db_path, &error);
      g_assert_no_error (error);
      for (guint g = 0; g < BURST_GAMES; g++)
        {
          g_autoptr(MmStoredGame) stored = mm_store_find_game (MM_STORE (store), games[g].id,
                                                               &error);

          g_assert_no_error (error);
          g_assert_null (stored->winner);
          assert_moves_kept (&games[g], stored);
          kept_moves += stored->moves->len;
        }
      g_clear_object (&store);

      /* The server comes back on that database, the games with it. */
      again = server_start (arguments);
      back = resume (again->port, token);
      {
        g_autoptr(JsonObject) state = await_type (back, "game-state");

        g_assert_cmpstr (json_object_get_string_member (state, "game"), ==, games[0].id);
      }
      g_clear_pointer (&back, mm_test_client_free);
      g_assert_true (server_stop (again));
      for (guint g = 0; g < BURST_GAMES; g++)
        burst_game_clear (&games[g]);
      remove_data_dir (data_dir);
    }
  g_test_message ("%u kills, %" G_GUINT64_FORMAT " moves kept", BURST_KILLS, kept_moves);
}

/* A move sent and its answer: TRUE when played (the opponent told),
 * FALSE when the server could not keep it and said so. */
static gboolean
try_move (MmTestClient *mover,
          MmTestClient *other,
          const char   *game,
          int           square)
{
  char name[3];

  mm_square_format (square, name);
  mm_test_client_send_printf (mover, "{\"type\":\"move\",\"game\":\"%s\",\"square\":\"%s\"}",
                              game, name);
  for (;;)
    {
      g_autoptr(JsonObject) answer = mm_test_client_next (mover, 10);
      const char *type;

      g_assert_nonnull (answer);
      type = mm_protocol_get_type (answer);
      if (g_str_equal (type, "error"))
        {
          g_assert_cmpstr (json_object_get_string_member (answer, "code"), ==, "internal");
          g_assert_nonnull (strstr (json_object_get_string_member (answer, "message"),
                                    "could not keep the move"));
          return FALSE;
        }
      if (g_str_equal (type, "moved"))
        break;
    }
  {
    g_autoptr(JsonObject) seen = await_type (other, "moved");

    g_assert_cmpstr (json_object_get_string_member (seen, "square"), ==, name);
  }
  return TRUE;
}

/* The database's disk fills mid-game (a file-size limit on the server):
 * the move it cannot keep is refused with a sentence and not played,
 * nothing else breaks, and once there is room again the same move is
 * played and the game goes on with every move kept. */
static void
test_full_disk (void)
{
  g_autofree char *data_dir = make_data_dir ();
  g_autofree char *db_path = g_build_filename (data_dir, "monomachia-server.db", NULL);
  const char *const arguments[] = { "--no-tls", "--data-dir", data_dir, NULL };
  g_autoptr(Server) first = server_start (arguments);
  g_autoptr(Server) server = NULL;
  g_autoptr(GError) error = NULL;
  BurstGame game = { 0 };
  GStatBuf status;
  struct rlimit room = { RLIM_INFINITY, RLIM_INFINITY };
  g_autoptr(MmSqliteStore) store = NULL;
  g_autoptr(MmStoredGame) stored = NULL;
  g_autoptr(GArray) placed = g_array_new (FALSE, FALSE, sizeof (int));
  guint refused = 0;

  /* The schema made, then a little room past the database's size. */
  g_assert_true (server_stop (first));
  g_assert_cmpint (g_stat (db_path, &status), ==, 0);
  server = server_start_limited (arguments, (gsize) status.st_size + 48 * 1024);
  burst_game_start (&game, server->port, 0, 0);

  while (!mm_game_is_over (game.rules))
    {
      MmColor mover = mm_game_get_side_to_move (game.rules);
      int square = __builtin_ctzll (mm_game_get_legal_moves (game.rules));

      if (!try_move (game.players[mover], game.players[!mover], game.id, square))
        {
          /* Refused, and so not played: the opponent was told nothing,
           * the game stands, and the server serves a newcomer. */
          g_autoptr(MmTestClient) newcomer = NULL;

          g_assert_true (mm_test_client_is_quiet (game.players[!mover], 200));
          newcomer = mm_test_client_login (server->port, "late");
          refused++;
          /* Room again, as when the operator frees some: the same move. */
          g_assert_cmpint (prlimit (atoi (g_subprocess_get_identifier (server->process)),
                                    RLIMIT_FSIZE, &room, NULL), ==, 0);
          g_assert_true (try_move (game.players[mover], game.players[!mover], game.id, square));
        }
      g_assert_true (mm_game_play (game.rules, square, NULL));
      g_array_append_val (placed, square);
    }
  g_assert_cmpuint (refused, ==, 1);

  g_subprocess_send_signal (server->process, SIGKILL);
  g_subprocess_wait (server->process, NULL, NULL);
  store = mm_sqlite_store_new (db_path, &error);
  g_assert_no_error (error);
  stored = mm_store_find_game (MM_STORE (store), game.id, &error);
  g_assert_no_error (error);
  {
    guint n = 0;

    for (guint i = 0; i < stored->moves->len; i++)
      if (g_array_index (stored->moves, int, i) != MM_SQUARE_PASS)
        g_assert_cmpint (g_array_index (stored->moves, int, i), ==,
                         g_array_index (placed, int, n++));
    g_assert_cmpuint (n, ==, placed->len);
  }
  burst_game_clear (&game);
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
  g_test_add_func ("/server-program/killed-mid-burst", test_killed_mid_burst);
  g_test_add_func ("/server-program/full-disk", test_full_disk);
  g_test_add_func ("/server-program/bad-options", test_bad_options);
  g_test_add_func ("/server-program/console", test_console);

  return g_test_run ();
}
