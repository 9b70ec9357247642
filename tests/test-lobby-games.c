/* test-lobby-games.c
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

/* Games through the real lobby server, played by scripted clients over
 * 127.0.0.1: seeks and challenges, whole games with passes, the
 * server's clocks, resignation, abort, undo by agreement, rematch,
 * spectators and their chat, and a dropped line within and past its
 * grace period.  With a store, requests that come while a move is being
 * kept wait for it and are done in order. */

#include <glib/gstdio.h>
#include <string.h>

#include "mm-game.h"
#include "mm-sqlite-store.h"
#include "mm-test-client.h"

typedef struct
{
  MmServerLimits  limits;
  MmLobbyServer  *server;
  guint16         port;
  /* For a server with a store: SQLite's, in a folder of the test's own */
  MmStore        *store;
  char           *folder;
} Fixture;

static void
start_server (Fixture *fixture)
{
  fixture->server = mm_test_server_new (&fixture->limits, &fixture->port);
}

static void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  mm_server_limits_init (&fixture->limits);
  /* The scripted clients send faster than people. */
  fixture->limits.request_rate = 0;
  fixture->limits.chat_rate = 0;
  if (data == NULL)
    start_server (fixture);
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_clear_object (&fixture->server);
  mm_test_run_for (50);
  g_clear_object (&fixture->store);
  if (fixture->folder == NULL)
    return;
  dir = g_dir_open (fixture->folder, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fixture->folder, name, NULL);

      g_unlink (path);
    }
  g_rmdir (fixture->folder);
  g_clear_pointer (&fixture->folder, g_free);
}

/* A server that keeps its games in a SQLite store. */
static void
start_server_with_store (Fixture *fixture)
{
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;

  fixture->folder = g_dir_make_tmp ("monomachia-games-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (fixture->folder, "server.db", NULL);
  fixture->store = MM_STORE (mm_sqlite_store_new (path, &error));
  g_assert_no_error (error);
  fixture->server = mm_lobby_server_new ("test server", &fixture->limits);
  g_assert_true (mm_lobby_server_set_store (fixture->server, fixture->store, &error));
  g_assert_no_error (error);
  g_assert_true (mm_lobby_server_listen (fixture->server, loopback, 0, &fixture->port, &error));
  g_assert_no_error (error);
}

#define CUSTOM_LIMITS GINT_TO_POINTER (1)

static const char *
get_string (JsonObject *message, const char *member)
{
  return json_object_get_string_member_with_default (message, member, NULL);
}

/* @black seeks a game as black, @white takes it: the game's id. */
static char *
start_game (MmTestClient *black,
            MmTestClient *white,
            int           base,
            int           increment)
{
  g_autoptr(JsonObject) opened = NULL;
  g_autoptr(JsonObject) started_black = NULL;
  g_autoptr(JsonObject) started_white = NULL;
  const char *seek;

  mm_test_client_send_printf (black, "{\"type\":\"seek\",\"id\":\"s\",\"color\":\"black\","
                                     "\"base\":%d,\"increment\":%d,\"rated\":false}",
                              base, increment);
  opened = mm_test_client_expect (black, "seek-opened", 5);
  g_assert_cmpstr (get_string (opened, "id"), ==, "s");
  seek = get_string (opened, "seek");
  mm_test_client_send_printf (white, "{\"type\":\"accept-seek\",\"id\":\"a\",\"seek\":\"%s\"}",
                              seek);
  mm_test_client_expect_reply (white, "ok", "a");
  started_white = mm_test_client_expect (white, "game-started", 5);
  started_black = mm_test_client_expect (black, "game-started", 5);
  g_assert_cmpstr (get_string (started_black, "game"), ==, get_string (started_white, "game"));
  g_assert_cmpint (json_object_get_int_member (started_black, "base"), ==, base);
  return g_strdup (get_string (started_black, "game"));
}

static void
expect_moved (MmTestClient *client,
              const char   *game,
              int           ply,
              const char   *color,
              const char   *square)
{
  g_autoptr(JsonObject) moved = mm_test_client_expect (client, "moved", 5);

  g_assert_cmpstr (get_string (moved, "game"), ==, game);
  g_assert_cmpint (json_object_get_int_member (moved, "ply"), ==, ply);
  g_assert_cmpstr (get_string (moved, "color"), ==, color);
  g_assert_cmpstr (get_string (moved, "square"), ==, square);
}

/* @mover plays @square; both players see it. */
static void
play (MmTestClient *mover,
      MmTestClient *other,
      const char   *game,
      int           ply,
      const char   *color,
      const char   *square)
{
  if (g_getenv ("MM_TEST_TRACE")) g_printerr ("%p > %s %s\n", (void *) mover, color, square);
  mm_test_client_send_printf (mover, "{\"type\":\"move\",\"id\":\"m\",\"game\":\"%s\","
                                     "\"square\":\"%s\"}", game, square);
  mm_test_client_expect_reply (mover, "ok", "m");
  expect_moved (mover, game, ply, color, square);
  expect_moved (other, game, ply, color, square);
}

static JsonObject *
expect_ended (MmTestClient *client,
              const char   *game,
              const char   *winner,
              const char   *reason)
{
  JsonObject *ended = mm_test_client_expect (client, "game-ended", 5);

  g_assert_cmpstr (get_string (ended, "game"), ==, game);
  g_assert_cmpstr (get_string (ended, "winner"), ==, winner);
  g_assert_cmpstr (get_string (ended, "reason"), ==, reason);
  return ended;
}

/* A game with passes in it, found once with the rules alone: moves
 * chosen by a seeded generator until a game has a pass. */
static GPtrArray *
find_game_with_pass (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (int attempt = 0; attempt < 2000; attempt++)
    {
      g_autoptr(MmGame) game = mm_game_new ();
      GPtrArray *moves = g_ptr_array_new_with_free_func (g_free);
      gboolean passed = FALSE;

      while (!mm_game_is_over (game))
        {
          guint64 legal = mm_game_get_legal_moves (game);
          int count = __builtin_popcountll (legal);
          int pick = g_rand_int_range (rand, 0, count);
          int square = 0;
          char name[3];

          for (square = 0; square < 64; square++)
            if ((legal >> square) & 1 && pick-- == 0)
              break;
          mm_square_format (square, name);
          g_ptr_array_add (moves, g_strdup (name));
          mm_game_play (game, square, NULL);
        }
      for (guint i = 0; i < mm_game_get_n_moves (game); i++)
        passed = passed || mm_game_get_move (game, i, NULL) == MM_SQUARE_PASS;
      if (passed)
        return moves;
      g_ptr_array_unref (moves);
    }
  g_error ("no game with a pass in 2000");
  return NULL;
}

/* A whole game to its end on the board, the server telling both sides
 * of every pass, and counting the discs as the rules do. */
static void
test_whole_game (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmTestClient) ana = mm_test_client_login (fixture->port, "Άννα");
  g_autoptr(MmTestClient) ben = mm_test_client_login (fixture->port, "ben");
  g_autoptr(GPtrArray) moves = find_game_with_pass ();
  g_autoptr(MmGame) referee = mm_game_new ();
  g_autofree char *game = start_game (ana, ben, 600, 5);
  g_autoptr(JsonObject) ended_ana = NULL;
  g_autoptr(JsonObject) ended_ben = NULL;
  int passes = 0;
  int ply = 0;

  for (guint i = 0; i < moves->len; i++)
    {
      MmColor color = mm_game_get_side_to_move (referee);
      MmTestClient *mover = color == MM_COLOR_BLACK ? ana : ben;
      MmTestClient *other = color == MM_COLOR_BLACK ? ben : ana;
      guint before = mm_game_get_n_moves (referee);

      play (mover, other, game, ++ply, color == MM_COLOR_BLACK ? "black" : "white",
            moves->pdata[i]);
      mm_game_play (referee, mm_square_parse (moves->pdata[i]), NULL);
      /* The passes the rules make, told to both. */
      for (guint k = before + 1; k < mm_game_get_n_moves (referee); k++)
        {
          MmColor passer;

          g_assert_cmpint (mm_game_get_move (referee, k, &passer), ==, MM_SQUARE_PASS);
          ply++;
          passes++;
          for (int c = 0; c < 2; c++)
            {
              g_autoptr(JsonObject) passed = mm_test_client_expect (c == 0 ? ana : ben, "passed", 5);

              g_assert_cmpint (json_object_get_int_member (passed, "ply"), ==, ply);
              g_assert_cmpstr (get_string (passed, "color"), ==,
                               passer == MM_COLOR_BLACK ? "black" : "white");
            }
        }
    }
  g_assert_cmpint (passes, >, 0);
  g_assert_true (mm_game_is_over (referee));
  {
    guint black = mm_game_get_black_count (referee), white = mm_game_get_white_count (referee);
    const char *winner = black > white ? "black" : white > black ? "white" : "draw";

    ended_ana = expect_ended (ana, game, winner, "board");
    ended_ben = expect_ended (ben, game, winner, "board");
    g_assert_cmpint (json_object_get_int_member (ended_ana, "black_discs"), ==, black);
    g_assert_cmpint (json_object_get_int_member (ended_ana, "white_discs"), ==, white);
  }
  /* Nothing more may be played. */
  mm_test_client_send_printf (ana, "{\"type\":\"move\",\"id\":\"late\",\"game\":\"%s\","
                                   "\"square\":\"a1\"}", game);
  mm_test_client_expect_error (ana, "game-over", "late");
}

static void
test_refused_moves (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmTestClient) cleo = mm_test_client_login (fixture->port, "cleo");
  g_autoptr(MmTestClient) dan = mm_test_client_login (fixture->port, "dan");
  g_autoptr(MmTestClient) eve = mm_test_client_login (fixture->port, "eve");
  g_autofree char *game = start_game (cleo, dan, 0, 0);
  static const char *const refused[][3] = {
    /* who, square, code */
    { "dan", "f5", "not-your-turn" },
    { "cleo", "a1", "illegal-move" },
    { "cleo", "d4", "illegal-move" },
    { "cleo", "z9", "illegal-move" },
    { "cleo", "F5", "illegal-move" },
    { "eve", "f5", "not-seated" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (refused); i++)
    {
      MmTestClient *who = g_str_equal (refused[i][0], "dan") ? dan
                          : g_str_equal (refused[i][0], "eve") ? eve : cleo;

      mm_test_client_send_printf (who, "{\"type\":\"move\",\"id\":\"x\",\"game\":\"%s\","
                                       "\"square\":\"%s\"}", game, refused[i][1]);
      mm_test_client_expect_error (who, refused[i][2], "x");
    }
  mm_test_client_send_line (cleo, "{\"type\":\"move\",\"id\":\"y\",\"game\":\"g999\","
                                  "\"square\":\"f5\"}");
  mm_test_client_expect_error (cleo, "no-such-game", "y");
  /* The game was not disturbed: the first move is still black's. */
  play (cleo, dan, game, 1, "black", "f5");
  play (dan, cleo, game, 2, "white", "d6");
  /* Busy players take no other game. */
  mm_test_client_send_line (cleo, "{\"type\":\"seek\",\"id\":\"b\",\"color\":\"random\","
                                  "\"base\":60,\"increment\":0,\"rated\":false}");
  mm_test_client_expect_error (cleo, "busy", "b");
}

static void
test_time_forfeit (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmTestClient) fay = mm_test_client_login (fixture->port, "fay");
  g_autoptr(MmTestClient) gil = mm_test_client_login (fixture->port, "gil");
  g_autofree char *game = start_game (fay, gil, 1, 0);
  g_autoptr(JsonObject) moved = NULL;
  g_autoptr(JsonObject) ended = NULL;
  g_autoptr(JsonObject) ended_gil = NULL;

  mm_test_client_send_printf (fay, "{\"type\":\"move\",\"game\":\"%s\",\"square\":\"f5\"}", game);
  mm_test_client_expect_reply (fay, "ok", NULL);
  moved = mm_test_client_expect (fay, "moved", 5);
  /* The remaining times come with the move. */
  g_assert_cmpint (json_object_get_int_member (moved, "black_ms"), <=, 1000);
  g_assert_cmpint (json_object_get_int_member (moved, "white_ms"), <=, 1000);
  g_assert_cmpint (json_object_get_int_member (moved, "white_ms"), >, 0);
  /* Gil never moves: the server's clock decides. */
  ended = expect_ended (fay, game, "black", "time");
  ended_gil = mm_test_client_expect (gil, "moved", 5);
  g_clear_pointer (&ended_gil, json_object_unref);
  ended_gil = expect_ended (gil, game, "black", "time");
}

static void
test_resign_and_abort (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmTestClient) hal = mm_test_client_login (fixture->port, "hal");
  g_autoptr(MmTestClient) ivy = mm_test_client_login (fixture->port, "ivy");
  g_autofree char *first = start_game (hal, ivy, 0, 0);
  g_autofree char *second = NULL;
  g_autoptr(JsonObject) e1 = NULL, e2 = NULL, e3 = NULL, e4 = NULL;

  /* Before both have moved, a game can be called off. */
  play (hal, ivy, first, 1, "black", "f5");
  mm_test_client_send_printf (ivy, "{\"type\":\"abort\",\"id\":\"ab\",\"game\":\"%s\"}", first);
  mm_test_client_expect_reply (ivy, "ok", "ab");
  e1 = expect_ended (ivy, first, "none", "aborted");
  e2 = expect_ended (hal, first, "none", "aborted");

  /* After, only resigned. */
  second = start_game (hal, ivy, 0, 0);
  play (hal, ivy, second, 1, "black", "f5");
  play (ivy, hal, second, 2, "white", "d6");
  mm_test_client_send_printf (hal, "{\"type\":\"abort\",\"id\":\"ab\",\"game\":\"%s\"}", second);
  mm_test_client_expect_error (hal, "too-late", "ab");
  mm_test_client_send_printf (hal, "{\"type\":\"resign\",\"id\":\"r\",\"game\":\"%s\"}", second);
  mm_test_client_expect_reply (hal, "ok", "r");
  e3 = expect_ended (hal, second, "white", "resignation");
  e4 = expect_ended (ivy, second, "white", "resignation");
}

static void
test_undo (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmTestClient) jo = mm_test_client_login (fixture->port, "jo");
  g_autoptr(MmTestClient) kai = mm_test_client_login (fixture->port, "kai");
  g_autofree char *game = start_game (jo, kai, 0, 0);
  g_autoptr(JsonObject) undone = NULL;
  g_autoptr(JsonObject) undone_kai = NULL;

  mm_test_client_send_printf (kai, "{\"type\":\"ask-undo\",\"id\":\"u\",\"game\":\"%s\"}", game);
  mm_test_client_expect_error (kai, "too-late", "u");
  play (jo, kai, game, 1, "black", "f5");
  play (kai, jo, game, 2, "white", "d6");

  /* Refused: nothing changes. */
  mm_test_client_send_printf (jo, "{\"type\":\"ask-undo\",\"id\":\"u\",\"game\":\"%s\"}", game);
  mm_test_client_expect_reply (jo, "ok", "u");
  mm_test_client_expect_reply (kai, "undo-asked", NULL);
  mm_test_client_send_printf (kai, "{\"type\":\"answer-undo\",\"id\":\"n\",\"game\":\"%s\","
                                   "\"accept\":false}", game);
  mm_test_client_expect_reply (kai, "ok", "n");
  mm_test_client_expect_reply (jo, "undo-refused", NULL);
  /* An answer nobody asked for. */
  mm_test_client_send_printf (kai, "{\"type\":\"answer-undo\",\"id\":\"n2\",\"game\":\"%s\","
                                   "\"accept\":true}", game);
  mm_test_client_expect_error (kai, "too-late", "n2");

  /* Agreed: jo's f5 and what came after go; jo is to move again. */
  mm_test_client_send_printf (jo, "{\"type\":\"ask-undo\",\"game\":\"%s\"}", game);
  mm_test_client_expect_reply (jo, "ok", NULL);
  mm_test_client_expect_reply (kai, "undo-asked", NULL);
  mm_test_client_send_printf (kai, "{\"type\":\"answer-undo\",\"game\":\"%s\",\"accept\":true}",
                              game);
  mm_test_client_expect_reply (kai, "ok", NULL);
  undone = mm_test_client_expect (jo, "undone", 5);
  undone_kai = mm_test_client_expect (kai, "undone", 5);
  g_assert_cmpint (json_object_get_int_member (undone, "plies"), ==, 0);
  play (jo, kai, game, 1, "black", "e6");
}

static void
test_rematch (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmTestClient) lea = mm_test_client_login (fixture->port, "lea");
  g_autoptr(MmTestClient) max = mm_test_client_login (fixture->port, "max");
  g_autofree char *game = start_game (lea, max, 300, 2);
  g_autoptr(JsonObject) e1 = NULL, e2 = NULL, s1 = NULL, s2 = NULL;

  mm_test_client_send_printf (lea, "{\"type\":\"rematch\",\"id\":\"early\",\"game\":\"%s\"}", game);
  mm_test_client_expect_error (lea, "busy", "early");
  mm_test_client_send_printf (lea, "{\"type\":\"resign\",\"game\":\"%s\"}", game);
  mm_test_client_expect_reply (lea, "ok", NULL);
  e1 = expect_ended (lea, game, "white", "resignation");
  e2 = expect_ended (max, game, "white", "resignation");

  mm_test_client_send_printf (max, "{\"type\":\"rematch\",\"id\":\"r\",\"game\":\"%s\"}", game);
  mm_test_client_expect_reply (max, "ok", "r");
  mm_test_client_expect_reply (lea, "rematch-asked", NULL);
  mm_test_client_send_printf (lea, "{\"type\":\"rematch\",\"id\":\"r\",\"game\":\"%s\"}", game);
  mm_test_client_expect_reply (lea, "ok", "r");
  s1 = mm_test_client_expect (max, "game-started", 5);
  s2 = mm_test_client_expect (lea, "game-started", 5);
  /* Colours swapped, the same time control. */
  g_assert_cmpstr (get_string (s1, "black"), ==, "max");
  g_assert_cmpstr (get_string (s1, "white"), ==, "lea");
  g_assert_cmpint (json_object_get_int_member (s1, "base"), ==, 300);
  g_assert_cmpint (json_object_get_int_member (s1, "increment"), ==, 2);
  g_assert_cmpstr (get_string (s1, "game"), !=, game);
}

static void
test_challenges (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmTestClient) nia = mm_test_client_login (fixture->port, "nia");
  g_autoptr(MmTestClient) oto = mm_test_client_login (fixture->port, "oto");
  g_autoptr(MmTestClient) pia = mm_test_client_login (fixture->port, "pia");
  g_autoptr(JsonObject) sent = NULL, challenged = NULL, sent2 = NULL, challenged2 = NULL;
  g_autoptr(JsonObject) sent3 = NULL, challenged3 = NULL, started = NULL, started2 = NULL;
  g_autofree char *first = NULL, *second = NULL, *third = NULL;

  /* Declined. */
  mm_test_client_send_line (nia, "{\"type\":\"challenge\",\"id\":\"c\",\"name\":\"OTO\","
                                 "\"color\":\"white\",\"base\":180,\"increment\":2,\"rated\":false}");
  sent = mm_test_client_expect (nia, "challenge-sent", 5);
  first = g_strdup (get_string (sent, "challenge"));
  challenged = mm_test_client_expect (oto, "challenged", 5);
  g_assert_cmpstr (get_string (challenged, "challenge"), ==, first);
  g_assert_cmpstr (get_string (challenged, "by"), ==, "nia");
  g_assert_cmpstr (get_string (challenged, "color"), ==, "white");
  mm_test_client_send_printf (oto, "{\"type\":\"decline-challenge\",\"id\":\"d\","
                                   "\"challenge\":\"%s\"}", first);
  mm_test_client_expect_reply (oto, "ok", "d");
  mm_test_client_expect_reply (nia, "challenge-declined", NULL);
  /* Gone once answered, and never another's to answer. */
  mm_test_client_send_printf (oto, "{\"type\":\"accept-challenge\",\"id\":\"a\","
                                   "\"challenge\":\"%s\"}", first);
  mm_test_client_expect_error (oto, "no-such-challenge", "a");

  /* Cancelled by the challenger. */
  mm_test_client_send_line (nia, "{\"type\":\"challenge\",\"name\":\"oto\",\"color\":\"random\","
                                 "\"base\":0,\"increment\":0,\"rated\":false}");
  sent2 = mm_test_client_expect (nia, "challenge-sent", 5);
  second = g_strdup (get_string (sent2, "challenge"));
  challenged2 = mm_test_client_expect (oto, "challenged", 5);
  mm_test_client_send_printf (pia, "{\"type\":\"accept-challenge\",\"id\":\"p\","
                                   "\"challenge\":\"%s\"}", second);
  mm_test_client_expect_error (pia, "no-such-challenge", "p");
  mm_test_client_send_printf (nia, "{\"type\":\"cancel-challenge\",\"challenge\":\"%s\"}", second);
  mm_test_client_expect_reply (nia, "ok", NULL);
  mm_test_client_expect_reply (oto, "challenge-cancelled", NULL);

  /* Accepted: nia plays white as she asked. */
  mm_test_client_send_line (nia, "{\"type\":\"challenge\",\"name\":\"oto\",\"color\":\"white\","
                                 "\"base\":60,\"increment\":0,\"rated\":false}");
  sent3 = mm_test_client_expect (nia, "challenge-sent", 5);
  third = g_strdup (get_string (sent3, "challenge"));
  challenged3 = mm_test_client_expect (oto, "challenged", 5);
  mm_test_client_send_printf (oto, "{\"type\":\"accept-challenge\",\"challenge\":\"%s\"}", third);
  mm_test_client_expect_reply (oto, "ok", NULL);
  started = mm_test_client_expect (oto, "game-started", 5);
  started2 = mm_test_client_expect (nia, "game-started", 5);
  g_assert_cmpstr (get_string (started, "black"), ==, "oto");
  g_assert_cmpstr (get_string (started, "white"), ==, "nia");

  /* Pia ignores nia: no challenges from her; nobody challenges a
   * player who is playing, or a guest to a rated game, or no one. */
  mm_test_client_send_line (pia, "{\"type\":\"ignore\",\"name\":\"nia\"}");
  mm_test_client_expect_reply (pia, "ok", NULL);
  mm_test_client_send_line (pia, "{\"type\":\"challenge\",\"id\":\"busy\",\"name\":\"oto\","
                                 "\"color\":\"white\",\"base\":60,\"increment\":0,\"rated\":false}");
  mm_test_client_expect_error (pia, "busy", "busy");
  mm_test_client_send_line (pia, "{\"type\":\"challenge\",\"id\":\"r\",\"name\":\"oto\","
                                 "\"color\":\"white\",\"base\":60,\"increment\":0,\"rated\":true}");
  mm_test_client_expect_error (pia, "needs-account", "r");
  mm_test_client_send_line (pia, "{\"type\":\"challenge\",\"id\":\"n\",\"name\":\"nobody\","
                                 "\"color\":\"white\",\"base\":60,\"increment\":0,\"rated\":false}");
  mm_test_client_expect_error (pia, "no-such-player", "n");
  mm_test_client_send_line (pia, "{\"type\":\"challenge\",\"id\":\"i\",\"name\":\"pia\","
                                 "\"color\":\"white\",\"base\":60,\"increment\":0,\"rated\":false}");
  mm_test_client_expect_error (pia, "no-such-player", "i");
}

static void
test_seeks_topic (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmTestClient) quin = mm_test_client_login (fixture->port, "quin");
  g_autoptr(MmTestClient) rex = mm_test_client_login (fixture->port, "rex");
  g_autoptr(MmTestClient) sal = mm_test_client_login (fixture->port, "sal");
  g_autoptr(JsonObject) page = NULL, opened = NULL, added = NULL, removed = NULL;
  g_autoptr(JsonObject) games = NULL, game_added = NULL, game_removed = NULL;
  g_autoptr(JsonObject) s1 = NULL, s2 = NULL, e1 = NULL, e2 = NULL;
  g_autofree char *game = NULL;

  mm_test_client_send_line (sal, "{\"type\":\"subscribe\",\"topic\":\"seeks\"}");
  mm_test_client_expect_reply (sal, "ok", NULL);
  page = mm_test_client_expect (sal, "seeks", 5);
  g_assert_true (json_object_get_boolean_member (page, "done"));
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (page, "seeks")), ==, 0);
  mm_test_client_send_line (sal, "{\"type\":\"subscribe\",\"topic\":\"games\"}");
  mm_test_client_expect_reply (sal, "ok", NULL);
  games = mm_test_client_expect (sal, "games", 5);

  /* Refusals first. */
  mm_test_client_send_line (quin, "{\"type\":\"seek\",\"id\":\"r\",\"color\":\"black\","
                                  "\"base\":60,\"increment\":0,\"rated\":true}");
  mm_test_client_expect_error (quin, "needs-account", "r");
  mm_test_client_send_line (quin, "{\"type\":\"seek\",\"id\":\"i\",\"color\":\"black\","
                                  "\"base\":0,\"increment\":5,\"rated\":false}");
  mm_test_client_expect_error (quin, "bad-field", "i");

  mm_test_client_send_line (quin, "{\"type\":\"seek\",\"color\":\"random\",\"base\":300,"
                                  "\"increment\":3,\"rated\":false,\"min_rating\":1000}");
  opened = mm_test_client_expect (quin, "seek-opened", 5);
  added = mm_test_client_expect (sal, "seek-added", 5);
  g_assert_cmpstr (get_string (added, "seek"), ==, get_string (opened, "seek"));
  g_assert_cmpstr (get_string (added, "by"), ==, "quin");
  g_assert_cmpint (json_object_get_int_member (added, "min_rating"), ==, 1000);
  /* Not one's own. */
  mm_test_client_send_printf (quin, "{\"type\":\"accept-seek\",\"id\":\"own\",\"seek\":\"%s\"}",
                              get_string (opened, "seek"));
  mm_test_client_expect_error (quin, "not-accepting", "own");
  mm_test_client_send_printf (rex, "{\"type\":\"accept-seek\",\"seek\":\"%s\"}",
                              get_string (opened, "seek"));
  mm_test_client_expect_reply (rex, "ok", NULL);
  s1 = mm_test_client_expect (rex, "game-started", 5);
  s2 = mm_test_client_expect (quin, "game-started", 5);
  game = g_strdup (get_string (s1, "game"));
  removed = mm_test_client_expect (sal, "seek-removed", 5);
  g_assert_cmpstr (get_string (removed, "seek"), ==, get_string (opened, "seek"));
  game_added = mm_test_client_expect (sal, "game-added", 5);
  g_assert_cmpstr (get_string (game_added, "game"), ==, game);
  /* A seek taken is gone for the next one. */
  mm_test_client_send_printf (sal, "{\"type\":\"accept-seek\",\"id\":\"gone\",\"seek\":\"%s\"}",
                              get_string (opened, "seek"));
  mm_test_client_expect_error (sal, "no-such-seek", "gone");

  mm_test_client_send_printf (rex, "{\"type\":\"resign\",\"game\":\"%s\"}", game);
  mm_test_client_expect_reply (rex, "ok", NULL);
  e1 = mm_test_client_expect (rex, "game-ended", 5);
  e2 = mm_test_client_expect (quin, "game-ended", 5);
  game_removed = mm_test_client_expect (sal, "game-removed", 5);
  g_assert_cmpstr (get_string (game_removed, "game"), ==, game);
}

/* The snapshot of seeks by players of the longest names still comes in
 * lines the protocol takes. */
static void
test_long_names_snapshot (Fixture *fixture, gconstpointer data)
{
  fixture->limits.max_per_address = 0;
  start_server (fixture);
  {
  g_autoptr(GPtrArray) clients = g_ptr_array_new_with_free_func ((GDestroyNotify) mm_test_client_free);
  g_autoptr(MmTestClient) watcher = mm_test_client_login (fixture->port, "watcher");
  guint seeks = 0;
  gboolean done = FALSE;

  for (int i = 0; i < 40; i++)
    {
      /* Twenty kana, three bytes each. */
      g_autoptr(GString) name = g_string_new (NULL);
      MmTestClient *client;

      for (int k = 0; k < 18; k++)
        g_string_append (name, "ア");
      g_string_append_unichar (name, 0x30A2 + i / 10);
      g_string_append_unichar (name, 0x30A2 + i % 10);
      client = mm_test_client_login (fixture->port, name->str);
      for (int k = 0; k < 3; k++)
        {
          g_autoptr(JsonObject) opened = NULL;

          mm_test_client_send_line (client, "{\"type\":\"seek\",\"color\":\"random\","
                                            "\"base\":10800,\"increment\":180,\"rated\":false}");
          opened = mm_test_client_expect (client, "seek-opened", 5);
        }
      g_ptr_array_add (clients, client);
    }
  mm_test_client_send_line (watcher, "{\"type\":\"subscribe\",\"topic\":\"seeks\"}");
  mm_test_client_expect_reply (watcher, "ok", NULL);
  while (!done)
    {
      g_autoptr(JsonObject) page = mm_test_client_expect (watcher, "seeks", 5);

      seeks += json_array_get_length (json_object_get_array_member (page, "seeks"));
      done = json_object_get_boolean_member (page, "done");
    }
  g_assert_cmpuint (seeks, ==, 120);
  g_assert_false (watcher->closed);
  }
}

static void
test_spectators (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmTestClient) tia = mm_test_client_login (fixture->port, "tia");
  g_autoptr(MmTestClient) uri = mm_test_client_login (fixture->port, "uri");
  g_autoptr(MmTestClient) val = mm_test_client_login (fixture->port, "val");
  g_autoptr(MmTestClient) wes = mm_test_client_login (fixture->port, "wes");
  g_autofree char *game = start_game (tia, uri, 0, 0);
  g_autoptr(JsonObject) state = NULL, said = NULL, said_uri = NULL, said_wes = NULL;

  play (tia, uri, game, 1, "black", "f5");
  /* A spectator gets the whole game so far, then every move. */
  mm_test_client_send_printf (val, "{\"type\":\"watch\",\"id\":\"w\",\"game\":\"%s\"}", game);
  state = mm_test_client_expect (val, "game-state", 5);
  g_assert_cmpstr (get_string (state, "id"), ==, "w");
  g_assert_cmpstr (get_string (state, "moves"), ==, "f5");
  g_assert_cmpstr (get_string (state, "to_move"), ==, "white");
  g_assert_cmpstr (get_string (state, "black"), ==, "tia");
  mm_test_client_send_printf (wes, "{\"type\":\"watch\",\"game\":\"%s\"}", game);
  g_clear_pointer (&state, json_object_unref);
  state = mm_test_client_expect (wes, "game-state", 5);
  play (uri, tia, game, 2, "white", "d6");
  expect_moved (val, game, 2, "white", "d6");
  expect_moved (wes, game, 2, "white", "d6");
  /* ... and can never act in it. */
  mm_test_client_send_printf (val, "{\"type\":\"move\",\"id\":\"m\",\"game\":\"%s\","
                                   "\"square\":\"c3\"}", game);
  mm_test_client_expect_error (val, "not-seated", "m");
  mm_test_client_send_printf (val, "{\"type\":\"resign\",\"id\":\"r\",\"game\":\"%s\"}", game);
  mm_test_client_expect_error (val, "not-seated", "r");

  /* Two chats: the players', the spectators'. */
  mm_test_client_send_printf (tia, "{\"type\":\"say\",\"room\":\"game\",\"game\":\"%s\","
                                   "\"text\":\"gg\"}", game);
  mm_test_client_expect_reply (tia, "ok", NULL);
  said = mm_test_client_expect (tia, "said", 5);
  said_uri = mm_test_client_expect (uri, "said", 5);
  g_assert_cmpstr (get_string (said_uri, "room"), ==, "game");
  g_assert_cmpstr (get_string (said_uri, "text"), ==, "gg");
  mm_test_client_send_printf (val, "{\"type\":\"say\",\"id\":\"v\",\"room\":\"game\","
                                   "\"game\":\"%s\",\"text\":\"hint: c3\"}", game);
  mm_test_client_expect_error (val, "not-seated", "v");
  mm_test_client_send_printf (val, "{\"type\":\"say\",\"room\":\"spectators\",\"game\":\"%s\","
                                   "\"text\":\"nice\"}", game);
  mm_test_client_expect_reply (val, "ok", NULL);
  g_clear_pointer (&said, json_object_unref);
  said = mm_test_client_expect (val, "said", 5);
  said_wes = mm_test_client_expect (wes, "said", 5);
  g_assert_cmpstr (get_string (said_wes, "room"), ==, "spectators");
  g_assert_cmpstr (get_string (said_wes, "from"), ==, "val");
  mm_test_client_send_printf (tia, "{\"type\":\"say\",\"id\":\"t\",\"room\":\"spectators\","
                                   "\"game\":\"%s\",\"text\":\"hello\"}", game);
  mm_test_client_expect_error (tia, "not-seated", "t");
  /* The players heard nothing of the spectators. */
  g_assert_true (mm_test_client_is_quiet (tia, 100));
  g_assert_true (mm_test_client_is_quiet (uri, 0));

  /* Unwatched: no more moves. */
  mm_test_client_send_printf (wes, "{\"type\":\"unwatch\",\"game\":\"%s\"}", game);
  mm_test_client_expect_reply (wes, "ok", NULL);
  play (tia, uri, game, 3, "black", "c3");
  expect_moved (val, game, 3, "black", "c3");
  g_assert_true (mm_test_client_is_quiet (wes, 100));
}

static void
test_reconnection (Fixture *fixture, gconstpointer data)
{
  fixture->limits.request_rate = 0;
  fixture->limits.grace_s = 2;
  start_server (fixture);
  {
    g_autoptr(MmTestClient) xan = mm_test_client_login (fixture->port, "xan");
    g_autoptr(MmTestClient) yul = mm_test_client_login (fixture->port, "yul");
    g_autoptr(MmTestClient) back = NULL;
    g_autoptr(JsonObject) away = NULL, session = NULL, state = NULL, again = NULL;
    g_autoptr(JsonObject) ended = NULL;
    g_autofree char *game = start_game (xan, yul, 600, 0);
    g_autofree char *token = NULL;

    play (xan, yul, game, 1, "black", "f5");
    play (yul, xan, game, 2, "white", "d6");

    /* Xan's line is cut: Yul sees the countdown. */
    token = g_strdup (xan->token);
    g_clear_pointer (&xan, mm_test_client_free);
    away = mm_test_client_expect (yul, "opponent-away", 5);
    g_assert_cmpstr (get_string (away, "name"), ==, "xan");
    g_assert_cmpint (json_object_get_int_member (away, "seconds"), ==, 2);

    /* Back within the grace period: the game exactly as it was. */
    back = mm_test_client_connect (fixture->port);
    mm_test_client_send_line (back, "{\"type\":\"hello\",\"version\":1,\"program\":\"x\"}");
    mm_test_client_expect_reply (back, "welcome", NULL);
    mm_test_client_send_printf (back, "{\"type\":\"resume\",\"token\":\"%s\"}", token);
    session = mm_test_client_expect (back, "session", 5);
    state = mm_test_client_expect (back, "game-state", 5);
    g_assert_cmpstr (get_string (state, "game"), ==, game);
    g_assert_cmpstr (get_string (state, "moves"), ==, "f5d6");
    g_assert_cmpstr (get_string (state, "to_move"), ==, "black");
    g_assert_true (json_object_has_member (state, "black_ms"));
    again = mm_test_client_expect (yul, "opponent-back", 5);
    play (back, yul, game, 3, "black", "c3");

    /* Cut again, and not back: lost by abandonment. */
    g_clear_pointer (&back, mm_test_client_free);
    g_clear_pointer (&away, json_object_unref);
    away = mm_test_client_expect (yul, "opponent-away", 5);
    ended = mm_test_client_expect (yul, "game-ended", 6);
    g_assert_cmpstr (get_string (ended, "winner"), ==, "white");
    g_assert_cmpstr (get_string (ended, "reason"), ==, "abandonment");
  }
}

/* Sends @first and @second in one write, for the server to read them
 * together (two writes may come apart: Nagle's algorithm holds the
 * second until the first is acknowledged). */
static void
send_together (MmTestClient *client,
               const char   *first,
               const char   *second)
{
  g_autofree char *both = g_strdup_printf ("%s\n%s\n", first, second);
  g_autoptr(GError) error = NULL;

  g_output_stream_write_all (g_io_stream_get_output_stream (client->stream), both, strlen (both),
                             NULL, NULL, &error);
  g_assert_no_error (error);
}

/* A store answers a move on the main loop, after the request that
 * brought it: requests read with it, in one write, come while it is
 * being kept.  They wait for it and are done in the order they came,
 * as if it had been played at once: the same move again is not the
 * player's turn (and kept once), an undo asked after a move takes that
 * move back, a resignation comes after the move. */
static void
test_kept_in_order (Fixture *fixture, gconstpointer data)
{
  start_server_with_store (fixture);
  {
    g_autoptr(MmTestClient) ana = mm_test_client_login (fixture->port, "ana");
    g_autoptr(MmTestClient) ben = mm_test_client_login (fixture->port, "ben");
    g_autoptr(JsonObject) asked = NULL, undone = NULL, ended = NULL;
    g_autoptr(MmStoredGame) stored = NULL;
    g_autoptr(GError) error = NULL;
    g_autofree char *game = start_game (ana, ben, 600, 0);

    g_autofree char *move_f5_1 = g_strdup_printf ("{\"type\":\"move\",\"id\":\"m1\","
                                                  "\"game\":\"%s\",\"square\":\"f5\"}", game);
    g_autofree char *move_f5_2 = g_strdup_printf ("{\"type\":\"move\",\"id\":\"m2\","
                                                  "\"game\":\"%s\",\"square\":\"f5\"}", game);
    g_autofree char *move_d6 = g_strdup_printf ("{\"type\":\"move\",\"id\":\"w\","
                                                "\"game\":\"%s\",\"square\":\"d6\"}", game);
    g_autofree char *ask_undo = g_strdup_printf ("{\"type\":\"ask-undo\",\"id\":\"u\","
                                                 "\"game\":\"%s\"}", game);
    g_autofree char *move_f6 = g_strdup_printf ("{\"type\":\"move\",\"id\":\"w2\","
                                                "\"game\":\"%s\",\"square\":\"f6\"}", game);
    g_autofree char *resign = g_strdup_printf ("{\"type\":\"resign\",\"id\":\"r\","
                                               "\"game\":\"%s\"}", game);

    /* The same move twice: played once. */
    send_together (ana, move_f5_1, move_f5_2);
    mm_test_client_expect_reply (ana, "ok", "m1");
    expect_moved (ana, game, 1, "black", "f5");
    mm_test_client_expect_error (ana, "not-your-turn", "m2");
    expect_moved (ben, game, 1, "black", "f5");
    g_assert_true (mm_test_client_is_quiet (ben, 100));

    /* A move and an undo of it asked at once: the undo finds the move
     * played. */
    send_together (ben, move_d6, ask_undo);
    mm_test_client_expect_reply (ben, "ok", "w");
    expect_moved (ben, game, 2, "white", "d6");
    mm_test_client_expect_reply (ben, "ok", "u");
    expect_moved (ana, game, 2, "white", "d6");
    asked = mm_test_client_expect (ana, "undo-asked", 5);
    mm_test_client_send_printf (ana, "{\"type\":\"answer-undo\",\"id\":\"a\",\"game\":\"%s\","
                                     "\"accept\":true}", game);
    mm_test_client_expect_reply (ana, "ok", "a");
    undone = mm_test_client_expect (ana, "undone", 5);
    g_assert_cmpint (json_object_get_int_member (undone, "plies"), ==, 1);
    json_object_unref (mm_test_client_expect (ben, "undone", 5));

    /* A move and a resignation at once: the move, then the end. */
    send_together (ben, move_f6, resign);
    mm_test_client_expect_reply (ben, "ok", "w2");
    expect_moved (ben, game, 2, "white", "f6");
    mm_test_client_expect_reply (ben, "ok", "r");
    ended = expect_ended (ben, game, "black", "resignation");

    /* The store has what was told, each move once. */
    stored = mm_store_find_game (fixture->store, game, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (stored->moves->len, ==, 2);
    g_assert_cmpint (g_array_index (stored->moves, int, 0), ==, mm_square_parse ("f5"));
    g_assert_cmpint (g_array_index (stored->moves, int, 1), ==, mm_square_parse ("f6"));
    g_assert_cmpstr (stored->winner, ==, "black");
  }
}

#define ADD(path, func, data) \
  g_test_add ("/lobby-games/" path, Fixture, data, fixture_set_up, func, fixture_tear_down)

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  ADD ("whole-game", test_whole_game, NULL);
  ADD ("refused-moves", test_refused_moves, NULL);
  ADD ("time-forfeit", test_time_forfeit, NULL);
  ADD ("resign-and-abort", test_resign_and_abort, NULL);
  ADD ("undo", test_undo, NULL);
  ADD ("rematch", test_rematch, NULL);
  ADD ("challenges", test_challenges, NULL);
  ADD ("seeks-topic", test_seeks_topic, NULL);
  ADD ("long-names-snapshot", test_long_names_snapshot, CUSTOM_LIMITS);
  ADD ("spectators", test_spectators, NULL);
  ADD ("reconnection", test_reconnection, CUSTOM_LIMITS);
  ADD ("kept-in-order", test_kept_in_order, CUSTOM_LIMITS);

  return g_test_run ();
}
