/* test-lobby-client.c
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

/* MmLobbyClient, the client the app plays with, against the real
 * MmLobbyServer on 127.0.0.1: log-ins, the lobby's lists, seeks and
 * challenges, whole games through the online seats, chat, watching,
 * coming back after a cut line and after a restart of the server, and
 * trusting a self-signed certificate once. */

#include "config.h"

#include <glib/gstdio.h>
#include <sodium.h>

#include "mm-lobby-client-private.h"
#include "mm-lobby-game.h"
#include "mm-lobby-player.h"
#include "mm-online-game.h"
#include "mm-protocol.h"
#include "mm-sqlite-store.h"
#include "mm-test-client.h"
#include "mm-tls.h"

typedef struct
{
  char              *folder;
  MmSqliteStore     *store;
  MmLobbyServer     *server;
  GTlsCertificate   *certificate;
  guint16            port;
  MmCertificatePins *pins;
} Fixture;

static void
start_server (Fixture *fixture)
{
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = g_build_filename (fixture->folder, "server.db", NULL);
  MmServerLimits limits;

  mm_server_limits_init (&limits);
  limits.request_rate = 0;
  limits.chat_rate = 0;
  fixture->store = mm_sqlite_store_new (path, &error);
  g_assert_no_error (error);
  fixture->server = mm_lobby_server_new ("test server", &limits);
  if (fixture->certificate != NULL)
    mm_lobby_server_set_certificate (fixture->server, fixture->certificate);
  mm_lobby_server_set_store (fixture->server, MM_STORE (fixture->store), &error);
  g_assert_no_error (error);
  /* The same port again after a restart: the clients come back there. */
  mm_lobby_server_listen (fixture->server, loopback, fixture->port, &fixture->port, &error);
  g_assert_no_error (error);
}

static void
stop_server (Fixture *fixture)
{
  mm_lobby_server_stop (fixture->server);
  g_clear_object (&fixture->server);
  mm_test_run_for (50);
  g_clear_object (&fixture->store);
}

static void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *pins = NULL;

  g_assert_cmpint (sodium_init (), >=, 0);
  fixture->folder = g_dir_make_tmp ("monomachia-client-XXXXXX", &error);
  g_assert_no_error (error);
  pins = g_build_filename (fixture->folder, "trusted-servers", NULL);
  fixture->pins = mm_certificate_pins_new (pins);
  if (data != NULL)
    {
      fixture->certificate = mm_tls_certificate_new_self_signed ("localhost", NULL, NULL, &error);
      g_assert_no_error (error);
    }
  start_server (fixture);
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  if (fixture->server != NULL)
    stop_server (fixture);
  g_clear_object (&fixture->pins);
  g_clear_object (&fixture->certificate);
  dir = g_dir_open (fixture->folder, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fixture->folder, name, NULL);

      g_unlink (path);
    }
  g_rmdir (fixture->folder);
  g_free (fixture->folder);
}

/* ------------------------------------------------------------------ */

typedef gboolean (*Condition) (gpointer data);

static gboolean
set_flag (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @condition holds, for at most @seconds. */
static gboolean
wait_for (Condition condition,
          gpointer  data,
          guint     seconds)
{
  gboolean late = FALSE;
  guint timeout = g_timeout_add_seconds (seconds, set_flag, &late);

  while (!condition (data) && !late)
    g_main_context_iteration (NULL, TRUE);
  if (!late)
    g_source_remove (timeout);
  return condition (data);
}

typedef struct
{
  gboolean  done;
  GObject  *source;
  GAsyncResult *result;
} Wait;

static void
wait_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      data)
{
  Wait *wait = data;

  wait->result = g_object_ref (result);
  wait->done = TRUE;
}

static gboolean
wait_done (gpointer data)
{
  return ((Wait *) data)->done;
}

/* The result of an async call once it comes. */
static GAsyncResult *
wait_result (Wait *wait)
{
  g_assert_true (wait_for (wait_done, wait, 10));
  return wait->result;
}

static MmLobbyClient *
client_new (Fixture *fixture)
{
  MmLobbyClient *client = mm_lobby_client_new ("127.0.0.1", fixture->port,
                                               fixture->certificate != NULL, fixture->pins);

  mm_lobby_client_set_reconnect_delays (client, 1, 2);
  return client;
}

static gboolean
log_in_full (MmLobbyClient  *client,
             const char     *name,
             const char     *password,
             gboolean        register_account,
             GError        **error)
{
  Wait wait = { FALSE };
  gboolean done;

  mm_lobby_client_log_in_async (client, name, password, register_account, NULL, wait_cb, &wait);
  done = mm_lobby_client_log_in_finish (client, wait_result (&wait), error);
  g_object_unref (wait.result);
  return done;
}

static MmLobbyClient *
log_in (Fixture    *fixture,
        const char *name)
{
  g_autoptr(GError) error = NULL;
  MmLobbyClient *client = client_new (fixture);

  log_in_full (client, name, NULL, FALSE, &error);
  g_assert_no_error (error);
  return client;
}

/* Sends @request (taken) and returns the reply, or NULL with @error. */
static JsonObject *
request (MmLobbyClient  *client,
         JsonObject     *message,
         GError        **error)
{
  g_autoptr(JsonObject) owned = message;
  Wait wait = { FALSE };
  JsonObject *reply;

  mm_lobby_client_request_async (client, owned, NULL, wait_cb, &wait);
  reply = mm_lobby_client_request_finish (client, wait_result (&wait), error);
  g_object_unref (wait.result);
  return reply;
}

typedef struct
{
  GListModel *list;
  guint       n;
} Count;

static gboolean
count_reached (gpointer data)
{
  Count *count = data;

  return g_list_model_get_n_items (count->list) == count->n;
}

static gboolean
wait_count (GListModel *list,
            guint       n)
{
  Count count = { list, n };

  return wait_for (count_reached, &count, 10);
}

static void
game_started_cb (MmLobbyClient *client,
                 MmOnlineGame  *game,
                 MmOnlineGame **slot)
{
  g_set_object (slot, game);
}

static gboolean
object_set (gpointer data)
{
  return *(gpointer *) data != NULL;
}

/* ------------------------------------------------------------------ */
/* Log-ins and the lobby                                              */
/* ------------------------------------------------------------------ */

static void
test_guest (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmLobbyClient) ana = log_in (fixture, "ana");
  g_autoptr(MmLobbyClient) other = client_new (fixture);
  g_autoptr(MmLobbyClient) bob = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MmLobbyPlayer) first = NULL;

  g_assert_cmpint (mm_lobby_client_get_state (ana), ==, MM_LOBBY_CLIENT_CONNECTED);
  g_assert_cmpstr (mm_lobby_client_get_name (ana), ==, "ana");
  g_assert_true (mm_lobby_client_is_guest (ana));
  g_assert_cmpint (mm_lobby_client_get_rating (ana), ==, -1);
  g_assert_cmpstr (mm_lobby_client_get_server_name (ana), ==, "test server");
  g_assert_true (wait_count (mm_lobby_client_get_players (ana), 1));
  first = g_list_model_get_item (mm_lobby_client_get_players (ana), 0);
  g_assert_cmpstr (mm_lobby_player_get_name (first), ==, "ana");
  g_assert_cmpint (mm_lobby_player_get_status (first), ==, MM_LOBBY_STATUS_IDLE);

  /* A name in use, in other letters: refused, in a sentence. */
  g_assert_false (log_in_full (other, "ANA", NULL, FALSE, &error));
  g_assert_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_NAME_TAKEN);
  g_assert_cmpstr (error->message, ==, "Someone is using that name already. Choose another.");
  g_assert_cmpint (mm_lobby_client_get_state (other), ==, MM_LOBBY_CLIENT_DISCONNECTED);

  /* Who comes and goes shows in the list of the others. */
  bob = log_in (fixture, "bob");
  g_assert_true (wait_count (mm_lobby_client_get_players (ana), 2));
  g_assert_true (wait_count (mm_lobby_client_get_players (bob), 2));
  mm_lobby_client_disconnect (bob);
  g_assert_cmpint (mm_lobby_client_get_state (bob), ==, MM_LOBBY_CLIENT_DISCONNECTED);
  g_assert_true (wait_count (mm_lobby_client_get_players (ana), 1));
}

static void
count_notify (GObject    *object,
              GParamSpec *pspec,
              guint      *count)
{
  (*count)++;
}

/* The time allowed to connect is not a limit on silence afterwards (a
 * GSocketClient's timeout stays on its sockets unless taken off). */
static void
test_quiet_lobby (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmLobbyClient) ana = client_new (fixture);
  g_autoptr(GError) error = NULL;
  guint changes = 0;

  _mm_lobby_client_set_connect_timeout (ana, 1);
  g_assert_true (log_in_full (ana, "ana", NULL, FALSE, &error));
  g_assert_no_error (error);
  g_signal_connect (ana, "notify::state", G_CALLBACK (count_notify), &changes);
  mm_test_run_for (2500);
  g_assert_cmpuint (changes, ==, 0);
  g_assert_cmpint (mm_lobby_client_get_state (ana), ==, MM_LOBBY_CLIENT_CONNECTED);
}

static void
test_registered (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmLobbyClient) nikos = client_new (fixture);
  g_autoptr(MmLobbyClient) again = client_new (fixture);
  g_autoptr(MmLobbyClient) wrong = client_new (fixture);
  g_autoptr(GError) error = NULL;

  g_assert_true (log_in_full (nikos, "nikos", "a long password", TRUE, &error));
  g_assert_no_error (error);
  g_assert_false (mm_lobby_client_is_guest (nikos));
  g_assert_cmpint (mm_lobby_client_get_rating (nikos), ==, 1500);
  mm_lobby_client_disconnect (nikos);
  mm_test_run_for (100);

  g_assert_false (log_in_full (wrong, "nikos", "not the password", FALSE, &error));
  g_assert_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_BAD_PASSWORD);
  g_clear_error (&error);
  g_assert_false (log_in_full (wrong, "nikos", NULL, FALSE, &error));
  g_assert_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_NAME_REGISTERED);
  g_clear_error (&error);

  g_assert_true (log_in_full (again, "nikos", "a long password", FALSE, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (mm_lobby_client_get_name (again), ==, "nikos");
  g_assert_false (mm_lobby_client_is_guest (again));
  g_assert_true (wait_count (mm_lobby_client_get_players (again), 1));
  g_assert_cmpint (mm_lobby_client_lookup_rating (again, "nikos"), ==, 1500);
}

static void
test_seek_and_accept (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmLobbyClient) ana = log_in (fixture, "ana");
  g_autoptr(MmLobbyClient) bob = log_in (fixture, "bob");
  g_autoptr(JsonObject) opened = NULL;
  g_autoptr(JsonObject) taken = NULL;
  g_autoptr(MmLobbyOffer) seek = NULL;
  g_autoptr(MmOnlineGame) ana_game = NULL;
  g_autoptr(MmOnlineGame) bob_game = NULL;
  g_autoptr(GError) error = NULL;

  g_signal_connect (ana, "game-started", G_CALLBACK (game_started_cb), &ana_game);
  g_signal_connect (bob, "game-started", G_CALLBACK (game_started_cb), &bob_game);

  /* A rated seek is for registered players. */
  g_assert_null (request (ana, mm_lobby_client_new_seek (MM_LOBBY_COLOR_BLACK, 180, 2, TRUE), &error));
  g_assert_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_NEEDS_ACCOUNT);
  g_clear_error (&error);

  opened = request (ana, mm_lobby_client_new_seek (MM_LOBBY_COLOR_BLACK, 180, 2, FALSE), &error);
  g_assert_no_error (error);
  g_assert_cmpstr (mm_protocol_get_type (opened), ==, "seek-opened");
  g_assert_true (wait_count (mm_lobby_client_get_seeks (bob), 1));
  seek = g_list_model_get_item (mm_lobby_client_get_seeks (bob), 0);
  g_assert_cmpstr (mm_lobby_offer_get_by (seek), ==, "ana");
  g_assert_cmpint (mm_lobby_offer_get_color (seek), ==, MM_LOBBY_COLOR_BLACK);
  g_assert_cmpuint (mm_lobby_offer_get_base (seek), ==, 180);
  g_assert_cmpuint (mm_lobby_offer_get_increment (seek), ==, 2);
  g_assert_false (mm_lobby_offer_is_rated (seek));

  taken = request (bob, mm_lobby_client_new_request ("accept-seek", "seek", mm_lobby_offer_get_id (seek)),
                   &error);
  g_assert_no_error (error);
  g_assert_true (wait_for (object_set, &ana_game, 5));
  g_assert_true (wait_for (object_set, &bob_game, 5));
  g_assert_true (wait_count (mm_lobby_client_get_seeks (bob), 0));
  g_assert_true (wait_count (mm_lobby_client_get_games (bob), 1));

  g_assert_cmpint (mm_online_game_get_role (ana_game), ==, MM_ONLINE_ROLE_BLACK);
  g_assert_cmpint (mm_online_game_get_role (bob_game), ==, MM_ONLINE_ROLE_WHITE);
  g_assert_cmpstr (mm_online_game_get_player (bob_game, MM_COLOR_BLACK), ==, "ana");
  g_assert_nonnull (mm_online_game_get_clock (ana_game));
  g_assert_cmpint (mm_clock_get_remaining (mm_online_game_get_clock (ana_game), MM_COLOR_WHITE),
                   ==, 180 * G_USEC_PER_SEC);
  g_assert_true (mm_match_is_local_turn (mm_online_game_get_match (ana_game)));
  g_assert_false (mm_match_is_local_turn (mm_online_game_get_match (bob_game)));
}

typedef struct
{
  MmLobbyOffer *challenge;
  char         *ended;
  gboolean      declined;
} Challenges;

static void
challenged_cb (MmLobbyClient *client,
               MmLobbyOffer  *challenge,
               Challenges    *challenges)
{
  g_set_object (&challenges->challenge, challenge);
}

static void
challenge_ended_cb (MmLobbyClient *client,
                    const char    *id,
                    gboolean       declined,
                    Challenges    *challenges)
{
  g_free (challenges->ended);
  challenges->ended = g_strdup (id);
  challenges->declined = declined;
}

static gboolean
challenge_came (gpointer data)
{
  return ((Challenges *) data)->challenge != NULL;
}

static gboolean
challenge_ended (gpointer data)
{
  return ((Challenges *) data)->ended != NULL;
}

static void
test_challenge_and_decline (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmLobbyClient) ana = log_in (fixture, "ana");
  g_autoptr(MmLobbyClient) bob = log_in (fixture, "bob");
  g_autoptr(JsonObject) sent = NULL;
  g_autoptr(JsonObject) declined = NULL;
  g_autoptr(GError) error = NULL;
  Challenges to_bob = { NULL }, to_ana = { NULL };

  g_signal_connect (bob, "challenged", G_CALLBACK (challenged_cb), &to_bob);
  g_signal_connect (ana, "challenge-ended", G_CALLBACK (challenge_ended_cb), &to_ana);

  g_assert_null (request (ana, mm_lobby_client_new_challenge ("nobody", MM_LOBBY_COLOR_RANDOM, 300, 0,
                                                              FALSE), &error));
  g_assert_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_NO_SUCH_PLAYER);
  g_clear_error (&error);

  sent = request (ana, mm_lobby_client_new_challenge ("bob", MM_LOBBY_COLOR_WHITE, 300, 0, FALSE),
                  &error);
  g_assert_no_error (error);
  g_assert_true (wait_for (challenge_came, &to_bob, 5));
  g_assert_cmpstr (mm_lobby_offer_get_by (to_bob.challenge), ==, "ana");
  g_assert_cmpint (mm_lobby_offer_get_color (to_bob.challenge), ==, MM_LOBBY_COLOR_WHITE);
  g_assert_cmpstr (mm_lobby_offer_get_id (to_bob.challenge), ==,
                   json_object_get_string_member (sent, "challenge"));

  declined = request (bob, mm_lobby_client_new_request ("decline-challenge", "challenge",
                                                        mm_lobby_offer_get_id (to_bob.challenge)),
                      &error);
  g_assert_no_error (error);
  g_assert_true (wait_for (challenge_ended, &to_ana, 5));
  g_assert_cmpstr (to_ana.ended, ==, json_object_get_string_member (sent, "challenge"));
  g_assert_true (to_ana.declined);

  g_clear_object (&to_bob.challenge);
  g_free (to_ana.ended);
}

typedef struct
{
  char *from;
  char *text;
} Chat;

static void
chat_cb (GObject    *source,
         const char *from,
         const char *text,
         Chat       *chat)
{
  g_free (chat->from);
  g_free (chat->text);
  chat->from = g_strdup (from);
  chat->text = g_strdup (text);
}

static gboolean
chat_came (gpointer data)
{
  return ((Chat *) data)->text != NULL;
}

static void
chat_clear (Chat *chat)
{
  g_clear_pointer (&chat->from, g_free);
  g_clear_pointer (&chat->text, g_free);
}

static void
test_lobby_chat (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmLobbyClient) ana = log_in (fixture, "ana");
  g_autoptr(MmLobbyClient) bob = log_in (fixture, "bob");
  g_autoptr(JsonObject) said = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) say = mm_protocol_new_message ("say", NULL);
  Chat chat = { NULL };

  g_signal_connect (bob, "chat", G_CALLBACK (chat_cb), &chat);
  g_assert_true (wait_count (mm_lobby_client_get_players (bob), 2));
  json_object_set_string_member (say, "room", "lobby");
  json_object_set_string_member (say, "text", "Καλησπέρα <b>όλοι</b>");
  said = request (ana, json_object_ref (say), &error);
  g_assert_no_error (error);
  g_assert_true (wait_for (chat_came, &chat, 5));
  g_assert_cmpstr (chat.from, ==, "ana");
  /* Text as it was typed: whoever shows it shows it as text. */
  g_assert_cmpstr (chat.text, ==, "Καλησπέρα <b>όλοι</b>");
  chat_clear (&chat);
}

/* ------------------------------------------------------------------ */
/* Games                                                              */
/* ------------------------------------------------------------------ */

typedef struct
{
  MmOnlineGame *games[2];
} Table;

/* Both players' boards show @n moves. */
typedef struct
{
  MmOnlineGame **games;
  guint          n_games;
  guint          n_moves;
} Progress;

static gboolean
all_at (gpointer data)
{
  Progress *progress = data;

  for (guint i = 0; i < progress->n_games; i++)
    if (mm_game_get_n_moves (mm_match_get_game (mm_online_game_get_match (progress->games[i])))
        != progress->n_moves)
      return FALSE;
  return TRUE;
}

static gboolean
wait_moves (MmOnlineGame **games,
            guint          n_games,
            guint          n_moves)
{
  Progress progress = { games, n_games, n_moves };

  return wait_for (all_at, &progress, 10);
}

/* Every board has more than @n_moves moves (a pass may follow one). */
static gboolean
all_past (gpointer data)
{
  Progress *progress = data;

  for (guint i = 0; i < progress->n_games; i++)
    if (mm_game_get_n_moves (mm_match_get_game (mm_online_game_get_match (progress->games[i])))
        <= progress->n_moves)
      return FALSE;
  return TRUE;
}

/* The game whose player is to move here. */
static MmOnlineGame *
mover_of (MmOnlineGame **games)
{
  for (int i = 0; i < 2; i++)
    if (mm_match_is_local_turn (mm_online_game_get_match (games[i])))
      return games[i];
  return NULL;
}

/* The player to move plays their first legal move, on their own match
 * as a click does, and everyone's board follows once the server says. */
static void
play_one (MmOnlineGame **games,
          guint          n_games)
{
  MmOnlineGame *mover = mover_of (games);
  MmMatch *match = mm_online_game_get_match (mover);
  MmGame *game = mm_match_get_game (match);
  guint64 legal = mm_game_get_legal_moves (game);
  guint before = mm_game_get_n_moves (game);
  g_autoptr(GError) error = NULL;

  g_assert_cmpuint (legal, !=, 0);
  g_assert_true (mm_match_play (match, __builtin_ctzll (legal), &error));
  g_assert_no_error (error);
  /* Nothing stands before the server's word. */
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, before);
  g_assert_true (wait_for (all_past, &(Progress) { games, n_games, before }, 10));
}

static gboolean
boards_agree (MmOnlineGame **games,
              guint          n_games)
{
  MmBoard first = mm_game_get_board (mm_match_get_game (mm_online_game_get_match (games[0])));

  for (guint i = 1; i < n_games; i++)
    {
      MmBoard board = mm_game_get_board (mm_match_get_game (mm_online_game_get_match (games[i])));

      if (board.player != first.player || board.opponent != first.opponent)
        return FALSE;
    }
  return TRUE;
}

static gboolean
ended (gpointer data)
{
  return mm_online_game_is_over (data);
}

/* ana (black) and bob (white) start a game by a challenge. */
static void
start_game (MmLobbyClient  *ana,
            MmLobbyClient  *bob,
            guint           base,
            MmOnlineGame  **ana_game,
            MmOnlineGame  **bob_game)
{
  g_autoptr(JsonObject) sent = NULL;
  g_autoptr(JsonObject) accepted = NULL;
  g_autoptr(GError) error = NULL;
  Challenges to_bob = { NULL };
  gulong ids[3];

  ids[0] = g_signal_connect (bob, "challenged", G_CALLBACK (challenged_cb), &to_bob);
  ids[1] = g_signal_connect (ana, "game-started", G_CALLBACK (game_started_cb), ana_game);
  ids[2] = g_signal_connect (bob, "game-started", G_CALLBACK (game_started_cb), bob_game);
  sent = request (ana, mm_lobby_client_new_challenge ("bob", MM_LOBBY_COLOR_BLACK, base, 0, FALSE),
                  &error);
  g_assert_no_error (error);
  g_assert_true (wait_for (challenge_came, &to_bob, 5));
  accepted = request (bob, mm_lobby_client_new_request ("accept-challenge", "challenge",
                                                        mm_lobby_offer_get_id (to_bob.challenge)),
                      &error);
  g_assert_no_error (error);
  g_assert_true (wait_for (object_set, ana_game, 5));
  g_assert_true (wait_for (object_set, bob_game, 5));
  g_signal_handler_disconnect (bob, ids[0]);
  g_signal_handler_disconnect (ana, ids[1]);
  g_signal_handler_disconnect (bob, ids[2]);
  g_clear_object (&to_bob.challenge);
}

static void
test_whole_game (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmLobbyClient) ana = log_in (fixture, "ana");
  g_autoptr(MmLobbyClient) bob = log_in (fixture, "bob");
  g_autoptr(MmLobbyClient) carol = log_in (fixture, "carol");
  g_autoptr(MmOnlineGame) watched = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MmLobbyGame) listed = NULL;
  MmOnlineGame *games[3] = { NULL };
  Wait wait = { FALSE };
  Wait said = { FALSE };
  Chat chat = { NULL };
  MmGame *board;
  MmDisc winner;
  guint black, white;

  start_game (ana, bob, 0, &games[0], &games[1]);
  g_assert_null (mm_online_game_get_clock (games[0]));

  /* A few moves, then carol comes to watch and sees them all. */
  for (int i = 0; i < 6; i++)
    play_one (games, 2);
  g_assert_true (wait_moves (games, 2, 6));
  g_assert_true (wait_count (mm_lobby_client_get_games (carol), 1));
  listed = g_list_model_get_item (mm_lobby_client_get_games (carol), 0);
  mm_lobby_client_watch_async (carol, mm_lobby_game_get_id (listed), NULL, wait_cb, &wait);
  watched = mm_lobby_client_watch_finish (carol, wait_result (&wait), &error);
  g_object_unref (wait.result);
  g_assert_no_error (error);
  g_assert_true (mm_online_game_is_spectator (watched));
  games[2] = watched;
  g_assert_true (wait_moves (games, 3, 6));
  g_assert_false (mm_match_has_local_seat (mm_online_game_get_match (watched)));

  /* The players' room: only they hear it. */
  g_signal_connect (games[1], "chat", G_CALLBACK (chat_cb), &chat);
  mm_online_game_say_async (games[0], "good luck", NULL, wait_cb, &said);
  mm_online_game_send_finish (games[0], wait_result (&said), &error);
  g_assert_no_error (error);
  g_clear_object (&said.result);
  g_assert_true (wait_for (chat_came, &chat, 5));
  g_assert_cmpstr (chat.from, ==, "ana");
  g_assert_cmpstr (chat.text, ==, "good luck");
  chat_clear (&chat);

  /* The rest of the game, the spectator following. */
  board = mm_match_get_game (mm_online_game_get_match (games[0]));
  while (!mm_game_is_over (board))
    play_one (games, 2);
  g_assert_true (wait_for (ended, games[0], 5));
  g_assert_true (wait_for (ended, games[1], 5));
  g_assert_true (wait_for (ended, watched, 5));
  g_assert_true (wait_moves (games, 3, mm_game_get_n_moves (board)));
  g_assert_true (boards_agree (games, 3));

  g_assert_cmpint (mm_online_game_get_end (watched, &winner), ==, MM_ONLINE_END_BOARD);
  black = mm_game_get_black_count (board);
  white = mm_game_get_white_count (board);
  g_assert_cmpint (winner, ==, black > white ? MM_DISC_BLACK : white > black ? MM_DISC_WHITE
                                                                            : MM_DISC_NONE);
  g_assert_true (mm_match_is_finished (mm_online_game_get_match (games[1])));
  g_assert_true (wait_count (mm_lobby_client_get_games (carol), 0));

  g_clear_object (&games[0]);
  g_clear_object (&games[1]);
}

static void
test_refusal_and_resign (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmLobbyClient) ana = log_in (fixture, "ana");
  g_autoptr(MmLobbyClient) bob = log_in (fixture, "bob");
  g_autoptr(GError) error = NULL;
  MmOnlineGame *games[2] = { NULL };
  Wait wait = { FALSE };
  MmDisc winner;
  g_autofree char *end = NULL;

  start_game (ana, bob, 60, &games[0], &games[1]);
  play_one (games, 2);
  g_assert_true (wait_moves (games, 2, 1));
  /* Black's clock took the server's time, and white's runs. */
  g_assert_true (mm_clock_is_running (mm_online_game_get_clock (games[0])));
  g_assert_cmpint (mm_clock_get_side (mm_online_game_get_clock (games[0])), ==, MM_COLOR_WHITE);
  g_assert_cmpint (mm_clock_get_remaining (mm_online_game_get_clock (games[0]), MM_COLOR_BLACK),
                   <=, 60 * G_USEC_PER_SEC);
  g_assert_cmpint (mm_clock_get_remaining (mm_online_game_get_clock (games[0]), MM_COLOR_BLACK),
                   >, 50 * G_USEC_PER_SEC);

  /* A move the rules refuse is refused by the server, in a sentence. */
  {
    g_autoptr(JsonObject) move = mm_lobby_client_new_request ("move", "game",
                                                              mm_online_game_get_id (games[1]));

    json_object_set_string_member (move, "square", "a1");
    g_assert_null (request (bob, g_steal_pointer (&move), &error));
    g_assert_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_ILLEGAL_MOVE);
    g_assert_cmpstr (error->message, ==, "That move is not allowed.");
    g_clear_error (&error);
  }

  /* Black resigns; both see it, the record too. */
  mm_online_game_send_async (games[0], "resign", NULL, wait_cb, &wait);
  g_assert_true (mm_online_game_send_finish (games[0], wait_result (&wait), &error));
  g_object_unref (wait.result);
  g_assert_true (wait_for (ended, games[1], 5));
  g_assert_true (wait_for (ended, games[0], 5));
  g_assert_cmpint (mm_online_game_get_end (games[1], &winner), ==, MM_ONLINE_END_RESIGNATION);
  g_assert_cmpint (winner, ==, MM_DISC_WHITE);
  g_assert_cmpint (mm_match_get_result (mm_online_game_get_match (games[1]), NULL), ==,
                   MM_MATCH_RESULT_RESIGNATION);
  end = mm_online_game_describe_end (games[0]);
  g_assert_cmpstr (end, ==, "bob wins: the opponent resigned.");
  g_assert_false (mm_clock_is_running (mm_online_game_get_clock (games[0])));

  /* After the end a move is refused, in a sentence. */
  wait = (Wait) { FALSE };
  mm_online_game_send_async (games[0], "ask-undo", NULL, wait_cb, &wait);
  g_assert_false (mm_online_game_send_finish (games[0], wait_result (&wait), &error));
  g_object_unref (wait.result);
  g_assert_nonnull (error);
  g_assert_cmpuint (strlen (error->message), >, 0);

  g_clear_object (&games[0]);
  g_clear_object (&games[1]);
}

static gboolean
undo_asked (gpointer data)
{
  return mm_online_game_get_undo_asked (data);
}

static void
test_undo (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmLobbyClient) ana = log_in (fixture, "ana");
  g_autoptr(MmLobbyClient) bob = log_in (fixture, "bob");
  g_autoptr(GError) error = NULL;
  MmOnlineGame *games[2] = { NULL };
  Wait wait = { FALSE };

  start_game (ana, bob, 0, &games[0], &games[1]);
  for (int i = 0; i < 2; i++)
    play_one (games, 2);
  g_assert_true (wait_moves (games, 2, 2));

  /* Ana's game moves into a match of its own (a window's), and goes on
   * there. */
  {
    g_autoptr(MmMatch) window_match = mm_match_new (NULL);

    mm_online_game_attach (games[0], window_match);
    g_assert_true (mm_online_game_get_match (games[0]) == window_match);
    g_assert_cmpuint (mm_game_get_n_moves (mm_match_get_game (window_match)), ==, 2);
    g_assert_cmpstr (mm_game_get_player_name (mm_match_get_game (window_match), MM_COLOR_WHITE),
                     ==, "bob");
  }
  g_assert_true (boards_agree (games, 2));
  play_one (games, 2);
  g_assert_true (wait_moves (games, 2, 3));

  /* Black takes back its second move, and white's after it. */
  mm_online_game_send_async (games[0], "ask-undo", NULL, wait_cb, &wait);
  g_assert_true (mm_online_game_send_finish (games[0], wait_result (&wait), &error));
  g_object_unref (wait.result);
  g_assert_true (wait_for (undo_asked, games[1], 5));
  wait = (Wait) { FALSE };
  mm_online_game_answer_undo_async (games[1], TRUE, NULL, wait_cb, &wait);
  g_assert_true (mm_online_game_send_finish (games[1], wait_result (&wait), &error));
  g_object_unref (wait.result);
  g_assert_true (wait_moves (games, 2, 2));
  g_assert_true (boards_agree (games, 2));
  g_assert_true (mm_match_is_local_turn (mm_online_game_get_match (games[0])));

  /* The game goes on from there. */
  play_one (games, 2);
  g_assert_true (wait_moves (games, 2, 3));
  g_assert_true (boards_agree (games, 2));

  g_clear_object (&games[0]);
  g_clear_object (&games[1]);
}

/* ------------------------------------------------------------------ */
/* Coming back                                                        */
/* ------------------------------------------------------------------ */

static gboolean
is_connected (gpointer data)
{
  return mm_lobby_client_get_state (data) == MM_LOBBY_CLIENT_CONNECTED;
}

static gboolean
is_reconnecting (gpointer data)
{
  return mm_lobby_client_get_state (data) == MM_LOBBY_CLIENT_RECONNECTING;
}

static gboolean
opponent_away (gpointer data)
{
  return mm_online_game_get_opponent_away (data) > 0;
}

static gboolean
opponent_here (gpointer data)
{
  return mm_online_game_get_opponent_away (data) == 0;
}

static void
test_reconnect_after_cut (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmLobbyClient) ana = log_in (fixture, "ana");
  g_autoptr(MmLobbyClient) bob = log_in (fixture, "bob");
  MmOnlineGame *games[2] = { NULL };
  GSocketConnection *socket;

  start_game (ana, bob, 0, &games[0], &games[1]);
  play_one (games, 2);
  play_one (games, 2);
  g_assert_true (wait_moves (games, 2, 2));

  /* The line drops under ana, without a goodbye. */
  socket = _mm_lobby_client_get_socket (ana);
  g_socket_shutdown (g_socket_connection_get_socket (socket), TRUE, TRUE, NULL);
  g_assert_true (wait_for (is_reconnecting, ana, 5));
  g_assert_true (wait_for (opponent_away, games[1], 5));
  g_assert_cmpuint (mm_online_game_get_opponent_away (games[1]), <=, 60);

  /* Back in a second or so, with the same session and game. */
  g_assert_true (wait_for (is_connected, ana, 10));
  g_assert_cmpstr (mm_lobby_client_get_name (ana), ==, "ana");
  g_assert_true (wait_for (opponent_here, games[1], 5));
  g_assert_true (mm_lobby_client_get_game (ana, mm_online_game_get_id (games[0])) == games[0]);
  play_one (games, 2);
  g_assert_true (wait_moves (games, 2, 3));
  g_assert_true (boards_agree (games, 2));

  g_clear_object (&games[0]);
  g_clear_object (&games[1]);
}

static void
test_reconnect_after_restart (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmLobbyClient) ana = log_in (fixture, "ana");
  g_autoptr(MmLobbyClient) bob = log_in (fixture, "bob");
  MmOnlineGame *games[2] = { NULL };

  start_game (ana, bob, 0, &games[0], &games[1]);
  for (int i = 0; i < 3; i++)
    play_one (games, 2);
  g_assert_true (wait_moves (games, 2, 3));

  /* The server goes, and comes back on the same folder and port. */
  stop_server (fixture);
  g_assert_true (wait_for (is_reconnecting, ana, 5));
  g_assert_true (wait_for (is_reconnecting, bob, 5));
  start_server (fixture);
  g_assert_true (wait_for (is_connected, ana, 15));
  g_assert_true (wait_for (is_connected, bob, 15));

  g_assert_true (wait_moves (games, 2, 3));
  play_one (games, 2);
  g_assert_true (wait_moves (games, 2, 4));
  g_assert_true (boards_agree (games, 2));

  g_clear_object (&games[0]);
  g_clear_object (&games[1]);
}

/* ------------------------------------------------------------------ */
/* Trust                                                              */
/* ------------------------------------------------------------------ */

static void
test_trust_once (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmLobbyClient) first = client_new (fixture);
  g_autoptr(MmLobbyClient) second = client_new (fixture);
  g_autoptr(MmLobbyClient) impostor = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *fingerprint = mm_tls_certificate_get_fingerprint (fixture->certificate);

  /* Self-signed, never seen: refused, with the fingerprint to show. */
  g_assert_false (log_in_full (first, "ana", NULL, FALSE, &error));
  g_assert_error (error, MM_LOBBY_CLIENT_ERROR, MM_LOBBY_CLIENT_ERROR_UNTRUSTED);
  g_assert_nonnull (strstr (error->message, fingerprint));
  g_assert_cmpstr (mm_lobby_client_get_fingerprint (first), ==, fingerprint);
  g_clear_error (&error);

  /* The person trusts it: from then on it is taken without a word. */
  mm_certificate_pins_pin (fixture->pins, "127.0.0.1", fixture->port, fingerprint, &error);
  g_assert_no_error (error);
  g_assert_true (log_in_full (first, "ana", NULL, FALSE, &error));
  g_assert_no_error (error);
  {
    g_autofree char *path = g_build_filename (fixture->folder, "trusted-servers", NULL);
    g_autoptr(MmCertificatePins) reread = mm_certificate_pins_new (path);

    g_assert_cmpstr (mm_certificate_pins_lookup (reread, "127.0.0.1", fixture->port), ==,
                     fingerprint);
  }

  /* Another certificate on the same host and port is refused. */
  stop_server (fixture);
  g_clear_object (&fixture->certificate);
  fixture->certificate = mm_tls_certificate_new_self_signed ("localhost", NULL, NULL, &error);
  g_assert_no_error (error);
  start_server (fixture);
  g_assert_false (log_in_full (second, "bob", NULL, FALSE, &error));
  g_assert_error (error, MM_LOBBY_CLIENT_ERROR, MM_LOBBY_CLIENT_ERROR_CERTIFICATE_CHANGED);
  g_clear_error (&error);

  /* Without TLS at all, a TLS server is no server. */
  impostor = mm_lobby_client_new ("127.0.0.1", fixture->port, FALSE, fixture->pins);
  mm_lobby_client_set_reconnect_delays (impostor, 1, 1);
  g_assert_false (log_in_full (impostor, "carol", NULL, FALSE, &error));
  g_assert_nonnull (error);
}

int
main (int argc, char *argv[])
{
  g_setenv ("GIO_USE_VFS", "local", TRUE);
  g_test_init (&argc, &argv, NULL);

#define ADD(path, function, tls) \
  g_test_add (path, Fixture, tls, fixture_set_up, function, fixture_tear_down)
  ADD ("/lobby-client/guest", test_guest, NULL);
  ADD ("/lobby-client/registered", test_registered, NULL);
  ADD ("/lobby-client/quiet-lobby", test_quiet_lobby, NULL);
  ADD ("/lobby-client/seek-and-accept", test_seek_and_accept, NULL);
  ADD ("/lobby-client/challenge-and-decline", test_challenge_and_decline, NULL);
  ADD ("/lobby-client/lobby-chat", test_lobby_chat, NULL);
  ADD ("/lobby-client/whole-game", test_whole_game, NULL);
  ADD ("/lobby-client/refusal-and-resign", test_refusal_and_resign, NULL);
  ADD ("/lobby-client/undo", test_undo, NULL);
  ADD ("/lobby-client/reconnect-after-cut", test_reconnect_after_cut, NULL);
  ADD ("/lobby-client/reconnect-after-restart", test_reconnect_after_restart, NULL);
  ADD ("/lobby-client/trust-once", test_trust_once, "tls");
#undef ADD

  return g_test_run ();
}
