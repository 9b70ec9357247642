/* test-online.c
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

/* Online play as a person plays it: the real application and a real
 * lobby server on 127.0.0.1 in the same process; the person opens Play
 * Online, connects (trusting the server's certificate once), registers,
 * opens a rated game; a scripted second player on the raw protocol takes
 * it; the person moves with a click and with the keyboard, chats, and
 * resigns; the window shows the result and the rating change. */

#include "config.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>
#include <locale.h>
#include <sodium.h>
#include <string.h>

#include <glib/gstdio.h>

#include "mm-application.h"
#include "mm-board-view.h"
#include "mm-chat-panel.h"
#include "mm-lobby-client-private.h"
#include "mm-lobby-dialog.h"
#include "mm-lobby-host.h"
#include "mm-lobby-server-private.h"
#include "mm-sqlite-store.h"
#include "mm-test-client.h"
#include "mm-test-ui.h"
#include "mm-tls.h"
#include "mm-window-private.h"

typedef struct
{
  char            *folder;
  MmSqliteStore   *store;
  MmLobbyServer   *server;
  GTlsCertificate *certificate;
  guint16          port;
} Lobby;

static Lobby lobby;

static void
lobby_start (void)
{
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  MmServerLimits limits;

  lobby.folder = g_dir_make_tmp ("monomachia-online-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (lobby.folder, "server.db", NULL);
  lobby.store = mm_sqlite_store_new (path, &error);
  g_assert_no_error (error);
  lobby.certificate = mm_tls_certificate_new_self_signed ("localhost", NULL, NULL, &error);
  g_assert_no_error (error);
  mm_server_limits_init (&limits);
  limits.request_rate = 0;
  lobby.server = mm_lobby_server_new ("test server", &limits);
  mm_lobby_server_set_certificate (lobby.server, lobby.certificate);
  mm_lobby_server_set_store (lobby.server, MM_STORE (lobby.store), &error);
  g_assert_no_error (error);
  mm_lobby_server_listen (lobby.server, loopback, 0, &lobby.port, &error);
  g_assert_no_error (error);
}

static void
lobby_stop (void)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  mm_lobby_server_stop (lobby.server);
  g_clear_object (&lobby.server);
  g_clear_object (&lobby.store);
  g_clear_object (&lobby.certificate);
  dir = g_dir_open (lobby.folder, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (lobby.folder, name, NULL);

      g_unlink (path);
    }
  g_rmdir (lobby.folder);
  g_clear_pointer (&lobby.folder, g_free);
}

/* ------------------------------------------------------------------ */

static const char *
text_of (GtkWidget  *root,
         const char *name)
{
  return mm_test_ui_get_text (root, name);
}

typedef struct
{
  GtkWidget  *root;
  const char *name;
  const char *part;
} Shows;

static gboolean
shows_cb (gpointer data)
{
  Shows *shows = data;
  const char *text = text_of (shows->root, shows->name);

  return text != NULL && strstr (text, shows->part) != NULL;
}

/* Waits until the label named @name under @root shows @part. */
static void
wait_shows (GtkWidget  *root,
            const char *name,
            const char *part)
{
  Shows shows = { root, name, part };

  mm_test_ui_wait_until (shows_cb, &shows, 10);
}

static gboolean
window_shown_cb (gpointer data)
{
  return mm_test_ui_find_window ((GType) GPOINTER_TO_SIZE (data)) != NULL;
}

static GtkWindow *
wait_for_window (GType type)
{
  mm_test_ui_wait_until (window_shown_cb, GSIZE_TO_POINTER (type), 10);
  return mm_test_ui_find_window (type);
}

static gboolean
window_gone_cb (gpointer data)
{
  return mm_test_ui_find_window ((GType) GPOINTER_TO_SIZE (data)) == NULL;
}

static void
set_entry (GtkWidget  *root,
           GType       type,
           int         index,
           const char *text)
{
  GtkWidget *found = NULL;
  int seen = 0;

  /* The n-th editable of @type, in the order a person tabs through. */
  for (GtkWidget *w = root; w != NULL;)
    {
      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type) && seen++ == index)
        {
          found = w;
          break;
        }
      if (gtk_widget_get_first_child (w) != NULL)
        w = gtk_widget_get_first_child (w);
      else
        {
          while (w != NULL && w != root && gtk_widget_get_next_sibling (w) == NULL)
            w = gtk_widget_get_parent (w);
          w = w == NULL || w == root ? NULL : gtk_widget_get_next_sibling (w);
        }
    }
  g_assert_nonnull (found);
  gtk_editable_set_text (GTK_EDITABLE (found), text);
}

typedef struct
{
  MmWindow *window;
  guint     n_moves;
} MovesWait;

static gboolean
has_moves_cb (gpointer data)
{
  MovesWait *wait = data;

  return mm_game_get_n_moves (mm_window_get_game (wait->window)) >= wait->n_moves;
}

static void
wait_moves (MmWindow *window,
            guint     n_moves)
{
  MovesWait wait = { window, n_moves };

  mm_test_ui_wait_until (has_moves_cb, &wait, 10);
}

static GtkWidget *
square_of (MmWindow   *window,
           const char *name)
{
  MmBoardView *view = MM_BOARD_VIEW (mm_test_ui_find_by_type (GTK_WIDGET (window),
                                                              MM_TYPE_BOARD_VIEW));

  return mm_board_view_get_square (view, mm_square_parse (name));
}

/* The scripted opponent's next message of @type, skipping the lobby's
 * news it does not care about. */
static JsonObject *
opponent_expect (MmTestClient *client,
                 const char   *type)
{
  for (int i = 0; i < 50; i++)
    {
      JsonObject *message = mm_test_client_next (client, 10);

      g_assert_nonnull (message);
      if (g_str_equal (mm_protocol_get_type (message), type))
        return message;
      json_object_unref (message);
    }
  g_error ("no “%s” came", type);
}

static gboolean
dialog_connected_cb (gpointer data)
{
  const char *text = text_of (data, "session-label");

  return text != NULL && g_str_has_prefix (text, "On test server as nikos");
}

static gboolean
online_bar_shown_cb (gpointer data)
{
  return mm_window_get_online_game (data) != NULL;
}

static gboolean
chat_shows_cb (gpointer data)
{
  g_autofree char *text = mm_chat_panel_get_text (data);

  return strstr (text, "Καλή") != NULL;
}

/* ------------------------------------------------------------------ */

static void
play_online (MmWindow *window)
{
  g_autoptr(MmTestClient) maria = NULL;
  g_autoptr(JsonObject) session = NULL;
  g_autoptr(JsonObject) seek = NULL;
  g_autoptr(JsonObject) started = NULL;
  g_autoptr(JsonObject) moved = NULL;
  g_autoptr(JsonObject) said = NULL;
  g_autoptr(JsonObject) ended = NULL;
  g_autofree char *address = g_strdup_printf ("127.0.0.1:%u", lobby.port);
  g_autofree char *chat = NULL;
  GtkWidget *dialog;
  GtkWidget *board;
  GtkWindow *question;
  const char *game;

  /* The last local game had the computer on White. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.computer-side", "s", "white");

  /* Play Online, a server, a name and a password for a new account. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.play-online", NULL);
  dialog = GTK_WIDGET (wait_for_window (MM_TYPE_LOBBY_DIALOG));
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (dialog)), ==, "Play Online");
  set_entry (dialog, GTK_TYPE_ENTRY, 0, address);
  set_entry (dialog, GTK_TYPE_ENTRY, 1, "nikos");
  set_entry (dialog, GTK_TYPE_PASSWORD_ENTRY, 0, "a long password");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (mm_test_ui_find_by_name (dialog, "register-check")),
                               TRUE);
  mm_test_ui_click (dialog, "Connect");

  /* The certificate is self-signed: its fingerprint is shown, once. */
  {
    g_autofree char *fingerprint = mm_tls_certificate_get_fingerprint (lobby.certificate);

    wait_shows (dialog, "trust-label", fingerprint);
  }
  mm_test_ui_click (dialog, "Trust and Connect");
  mm_test_ui_wait_until (dialog_connected_cb, dialog, 20);
  g_assert_cmpstr (text_of (dialog, "session-label"), ==, "On test server as nikos, rated 1500");

  /* The other player, on the protocol itself. */
  {
    g_autoptr(GError) error = NULL;

    maria = mm_test_client_connect_full (lobby.port, lobby.certificate, &error);
    g_assert_no_error (error);
  }
  mm_test_client_send_line (maria, "{\"type\":\"hello\",\"version\":1,\"program\":\"test\"}");
  g_clear_pointer (&session, json_object_unref);
  json_object_unref (opponent_expect (maria, "welcome"));
  mm_test_client_send_line (maria, "{\"type\":\"register\",\"name\":\"maria\",\"password\":\"another long one\"}");
  session = opponent_expect (maria, "session");
  mm_test_client_send_line (maria, "{\"type\":\"subscribe\",\"topic\":\"seeks\"}");
  json_object_unref (opponent_expect (maria, "seeks"));

  /* A rated 5+3 game, black for the person, open to anyone. */
  mm_test_ui_choose (GTK_DROP_DOWN (mm_test_ui_find_by_name (dialog, "time-dropdown")), "5+3");
  mm_test_ui_choose (GTK_DROP_DOWN (mm_test_ui_find_by_name (dialog, "color-dropdown")), "Black");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (mm_test_ui_find_by_name (dialog, "rated-check")),
                               TRUE);
  mm_test_ui_click (dialog, "Open a Game");
  seek = opponent_expect (maria, "seek-added");
  g_assert_cmpstr (json_object_get_string_member (seek, "by"), ==, "nikos");
  g_assert_true (json_object_get_boolean_member (seek, "rated"));
  g_assert_cmpint (json_object_get_int_member (seek, "base"), ==, 300);
  mm_test_client_send_printf (maria, "{\"type\":\"accept-seek\",\"seek\":\"%s\"}",
                              json_object_get_string_member (seek, "seek"));
  started = opponent_expect (maria, "game-started");
  game = json_object_get_string_member (started, "game");

  /* The game is played in the window, the lobby's window gone. */
  mm_test_ui_wait_until (online_bar_shown_cb, window, 10);
  mm_test_ui_wait_until (window_gone_cb, GSIZE_TO_POINTER (MM_TYPE_LOBBY_DIALOG), 10);
  g_assert_cmpstr (text_of (GTK_WIDGET (window), "online-game"), ==,
                   "nikos (1500) – maria (1500) · 5+3 · rated");
  g_assert_cmpstr (text_of (GTK_WIDGET (window), "black-name"), ==, "nikos");
  g_assert_cmpstr (text_of (GTK_WIDGET (window), "white-name"), ==, "maria");
  g_assert_cmpstr (text_of (GTK_WIDGET (window), "white-clock"), ==, "5:00");
  /* No help from the computer in a game online, and no undo without
   * the opponent's leave. */
  g_assert_false (gtk_widget_is_sensitive (mm_test_ui_find_button (GTK_WIDGET (window),
                                                                   "edit-undo-symbolic")));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  g_assert_cmpint (mm_board_view_get_hint (MM_BOARD_VIEW (mm_test_ui_find_by_type (
                     GTK_WIDGET (window), MM_TYPE_BOARD_VIEW))), ==, MM_SQUARE_NONE);

  /* A click on d3: it stands once the server says so. */
  gtk_widget_activate (square_of (window, "d3"));
  moved = opponent_expect (maria, "moved");
  g_assert_cmpstr (json_object_get_string_member (moved, "square"), ==, "d3");
  wait_moves (window, 1);
  mm_test_client_send_printf (maria, "{\"type\":\"move\",\"game\":\"%s\",\"square\":\"c3\"}", game);
  g_clear_pointer (&moved, json_object_unref);
  moved = opponent_expect (maria, "moved");
  g_assert_cmpstr (json_object_get_string_member (moved, "square"), ==, "c3");
  wait_moves (window, 2);
  g_assert_cmpint (mm_game_get_disc (mm_window_get_game (window), mm_square_parse ("c3")), ==,
                   MM_DISC_WHITE);

  /* The keyboard: c4 typed on the board. */
  board = mm_test_ui_find_by_type (GTK_WIDGET (window), MM_TYPE_BOARD_VIEW);
  g_assert_true (mm_test_ui_press_key (board, GDK_KEY_c, 0));
  g_assert_true (mm_test_ui_press_key (board, GDK_KEY_4, 0));
  g_clear_pointer (&moved, json_object_unref);
  moved = opponent_expect (maria, "moved");
  g_assert_cmpstr (json_object_get_string_member (moved, "square"), ==, "c4");
  wait_moves (window, 3);
  /* Both have moved: the game can no longer be called off. */
  g_assert_false (gtk_widget_is_sensitive (mm_test_ui_find_button (GTK_WIDGET (window), "Abort")));

  /* Chat both ways; what comes from the network is shown as text. */
  mm_test_client_send_printf (maria, "{\"type\":\"say\",\"room\":\"game\",\"game\":\"%s\","
                              "\"text\":\"Καλή <b>τύχη</b>\"}", game);
  {
    MmChatPanel *panel = MM_CHAT_PANEL (mm_test_ui_find_by_type (GTK_WIDGET (window),
                                                                 MM_TYPE_CHAT_PANEL));
    GtkWidget *entry = mm_test_ui_find_by_name (GTK_WIDGET (panel), "chat-entry");

    mm_test_ui_wait_until (chat_shows_cb, panel, 10);
    chat = mm_chat_panel_get_text (panel);
    g_assert_cmpstr (chat, ==, "maria: Καλή <b>τύχη</b>");
    gtk_editable_set_text (GTK_EDITABLE (entry), "Ευχαριστώ");
    g_signal_emit_by_name (entry, "activate");
    /* Her own line comes back to her first. */
    said = opponent_expect (maria, "said");
    g_assert_cmpstr (json_object_get_string_member (said, "from"), ==, "maria");
    g_clear_pointer (&said, json_object_unref);
    said = opponent_expect (maria, "said");
    g_assert_cmpstr (json_object_get_string_member (said, "from"), ==, "nikos");
    g_assert_cmpstr (json_object_get_string_member (said, "text"), ==, "Ευχαριστώ");
  }

  /* Resign, confirmed; the result and the rating change appear. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.online-resign", NULL);
  question = wait_for_window (GTK_TYPE_MESSAGE_DIALOG);
  gtk_dialog_response (GTK_DIALOG (question), GTK_RESPONSE_ACCEPT);
  ended = opponent_expect (maria, "game-ended");
  g_assert_cmpstr (json_object_get_string_member (ended, "winner"), ==, "white");
  g_assert_cmpstr (json_object_get_string_member (ended, "reason"), ==, "resignation");
  wait_shows (GTK_WIDGET (window), "online-result", "maria wins: the opponent resigned.");
  {
    g_autofree char *change = g_strdup_printf ("Your rating: 1500 → %d (%+d)",
                                               (int) json_object_get_int_member (ended, "black_rating"),
                                               (int) json_object_get_int_member (ended, "black_rating") - 1500);

    wait_shows (GTK_WIDGET (window), "online-result", change);
  }
  g_assert_true (json_object_get_int_member (ended, "black_rating") < 1500);
  /* Over, the game offers a rematch instead of its actions. */
  g_assert_false (mm_test_ui_is_shown (mm_test_ui_find_button (GTK_WIDGET (window), "Resign…")));
  g_assert_true (mm_test_ui_is_shown (mm_test_ui_find_button (GTK_WIDGET (window), "Rematch")));
  /* A game over online is the window's like any other: undo is back. */
  g_assert_true (mm_match_is_finished (window->match));
}

/* ------------------------------------------------------------------ */
/* Screenshots of online play for the metainfo and for people to look
 * at: a lobby with players, open games and a game to watch; an online
 * game with chat; the trust prompt; the opponent's line dropped.  They
 * are driven through the actions, not the labels, so that they can be
 * taken in any language (LANGUAGE=el MONOMACHIA_LOCALEDIR=build/po). */

/* A scripted player on the raw protocol, logged in (with a password, as
 * a new account) and listening to nothing but its own business. */
static MmTestClient *
scripted_player (const char *name,
                 const char *password)
{
  g_autoptr(GError) error = NULL;
  MmTestClient *client = mm_test_client_connect_full (lobby.port, lobby.certificate, &error);

  g_assert_no_error (error);
  mm_test_client_send_line (client, "{\"type\":\"hello\",\"version\":1,\"program\":\"test\"}");
  json_object_unref (opponent_expect (client, "welcome"));
  if (password != NULL)
    mm_test_client_send_printf (client, "{\"type\":\"register\",\"name\":\"%s\",\"password\":\"%s\"}",
                                name, password);
  else
    mm_test_client_send_printf (client, "{\"type\":\"login\",\"name\":\"%s\"}", name);
  json_object_unref (opponent_expect (client, "session"));
  return client;
}

/* Opens a seek for @client and returns its id. */
static char *
scripted_seek (MmTestClient *client,
               const char   *color,
               int           base,
               int           increment,
               gboolean      rated)
{
  g_autoptr(JsonObject) opened = NULL;

  mm_test_client_send_printf (client, "{\"type\":\"seek\",\"color\":\"%s\",\"base\":%d,"
                              "\"increment\":%d,\"rated\":%s}", color, base, increment,
                              rated ? "true" : "false");
  opened = opponent_expect (client, "seek-opened");
  return g_strdup (json_object_get_string_member (opened, "seek"));
}

static void
scripted_move (MmTestClient *client,
               const char   *game,
               const char   *square)
{
  mm_test_client_send_printf (client, "{\"type\":\"move\",\"game\":\"%s\",\"square\":\"%s\"}",
                              game, square);
  /* The opponent's earlier move may come first. */
  for (int i = 0; i < 3; i++)
    {
      g_autoptr(JsonObject) moved = opponent_expect (client, "moved");

      if (g_str_equal (json_object_get_string_member (moved, "square"), square))
        return;
    }
  g_error ("the move %s was not confirmed", square);
}

static gboolean
lobby_page_shown_cb (gpointer data)
{
  GtkStack *pages = GTK_STACK (mm_test_ui_find_by_type (data, GTK_TYPE_STACK));

  return g_strcmp0 (gtk_stack_get_visible_child_name (pages), "lobby") == 0
         && !gtk_stack_get_transition_running (pages);
}

static gboolean
trust_revealed_cb (gpointer data)
{
  GtkWidget *revealer = gtk_widget_get_ancestor (mm_test_ui_find_by_name (data, "trust-label"),
                                                 GTK_TYPE_REVEALER);

  return gtk_revealer_get_child_revealed (GTK_REVEALER (revealer));
}

static gboolean
three_seeks_listed_cb (gpointer data)
{
  GtkListView *seeks = GTK_LIST_VIEW (mm_test_ui_find_by_name (data, "seeks-view"));

  return g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (seeks))) == 3;
}

static gboolean
game_listed_cb (gpointer data)
{
  GtkListView *games = GTK_LIST_VIEW (mm_test_ui_find_by_name (data, "games-view"));

  return g_list_model_get_n_items (G_LIST_MODEL (gtk_list_view_get_model (games))) == 1;
}

static gboolean
state_shown_cb (gpointer data)
{
  const char *text = text_of (data, "online-state");

  return text != NULL && *text != '\0';
}

static gboolean
state_empty_cb (gpointer data)
{
  const char *text = text_of (data, "online-state");

  return text == NULL || *text == '\0';
}

/* The state line says the server lost its database, in the language of
 * the test (C): "…lost its database…". */
static gboolean
state_says_degraded_cb (gpointer data)
{
  const char *text = text_of (data, "online-state");

  return text != NULL && strstr (text, _("The server has lost its database for now: a move may be "
                                         "refused until it is back. Nothing played is lost.")) != NULL;
}

static gboolean
waiting_to_reconnect_cb (gpointer data)
{
  return mm_lobby_client_get_state (data) == MM_LOBBY_CLIENT_RECONNECTING
         && mm_lobby_client_get_reconnect_seconds (data) > 0;
}

static gboolean
connected_cb (gpointer data)
{
  return mm_lobby_client_get_state (data) == MM_LOBBY_CLIENT_CONNECTED;
}

static void
show_at_size (GtkWindow *window,
              int        width,
              int        height)
{
  gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
  gtk_window_set_default_size (window, width, height);
  gtk_window_present (window);
  mm_test_ui_wait_for_frames (window, 4);
}

static void
save_screenshot (GtkWindow  *window,
                 const char *name)
{
  const char *folder = g_getenv ("MM_SCREENSHOT_DIR");

  mm_test_ui_wait_for_frames (window, 3);
  g_assert_cmpuint (mm_test_ui_save_screenshot (window, folder != NULL ? folder : ".", name),
                    >, 50);
}

static void
take_screenshots (MmWindow *window)
{
  /* The person plays black: f5, c3 …; maria answers d6, d3 … */
  static const char *const moves[] = { "f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6",
                                       "e7", "d7", "c5" };
  g_autoptr(MmTestClient) maria = scripted_player ("maria", "another long one");
  g_autoptr(MmTestClient) eleni = scripted_player ("Ελένη", "a third long one");
  g_autoptr(MmTestClient) kostas = scripted_player ("kostas", NULL);
  g_autoptr(MmTestClient) giorgos = scripted_player ("Γιώργος", NULL);
  g_autoptr(JsonObject) started = NULL;
  g_autofree char *address = g_strdup_printf ("127.0.0.1:%u", lobby.port);
  g_autofree char *maria_seek = NULL;
  g_autofree char *eleni_seek = NULL;
  g_autofree char *game = NULL;
  GtkWidget *dialog;

  /* A game to watch, between Ελένη and kostas. */
  eleni_seek = scripted_seek (eleni, "black", 600, 5, FALSE);
  mm_test_client_send_printf (kostas, "{\"type\":\"accept-seek\",\"seek\":\"%s\"}", eleni_seek);
  g_clear_pointer (&started, json_object_unref);
  started = opponent_expect (kostas, "game-started");
  game = g_strdup (json_object_get_string_member (started, "game"));
  scripted_move (eleni, game, "f5");
  scripted_move (kostas, game, "f6");
  g_clear_pointer (&game, g_free);

  /* Two open games, and a third for Γιώργος. */
  maria_seek = scripted_seek (maria, "white", 180, 2, TRUE);
  g_free (scripted_seek (giorgos, "random", 0, 0, FALSE));
  g_free (scripted_seek (giorgos, "black", 900, 10, FALSE));

  gtk_widget_activate_action (GTK_WIDGET (window), "win.play-online", NULL);
  dialog = GTK_WIDGET (wait_for_window (MM_TYPE_LOBBY_DIALOG));
  set_entry (dialog, GTK_TYPE_ENTRY, 0, address);
  set_entry (dialog, GTK_TYPE_ENTRY, 1, "nikos");
  set_entry (dialog, GTK_TYPE_PASSWORD_ENTRY, 0, "a long password");
  gtk_check_button_set_active (GTK_CHECK_BUTTON (mm_test_ui_find_by_name (dialog, "register-check")),
                               TRUE);
  gtk_widget_activate_action (dialog, "lobby.connect", NULL);
  {
    g_autofree char *fingerprint = mm_tls_certificate_get_fingerprint (lobby.certificate);

    wait_shows (dialog, "trust-label", fingerprint);
  }
  mm_test_ui_wait_until (trust_revealed_cb, dialog, 10);
  save_screenshot (GTK_WINDOW (dialog), "trust");
  gtk_widget_activate_action (dialog, "lobby.trust", NULL);
  mm_test_ui_wait_until (lobby_page_shown_cb, dialog, 20);
  mm_test_ui_wait_until (three_seeks_listed_cb, dialog, 10);
  mm_test_ui_wait_until (game_listed_cb, dialog, 10);
  mm_test_client_send_line (maria, "{\"type\":\"say\",\"room\":\"lobby\","
                            "\"text\":\"Καλησπέρα! Who is up for a quick game?\"}");
  json_object_unref (opponent_expect (maria, "ok"));
  save_screenshot (GTK_WINDOW (dialog), "lobby");

  /* maria's 3+2: the person takes it and plays black. */
  gtk_widget_activate_action (dialog, "lobby.accept-seek", "s", maria_seek);
  g_clear_pointer (&started, json_object_unref);
  started = opponent_expect (maria, "game-started");
  game = g_strdup (json_object_get_string_member (started, "game"));
  mm_test_ui_wait_until (online_bar_shown_cb, window, 10);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      if (i % 2 == 0)
        {
          g_autoptr(JsonObject) moved = NULL;

          gtk_widget_activate (square_of (window, moves[i]));
          moved = opponent_expect (maria, "moved");
          g_assert_cmpstr (json_object_get_string_member (moved, "square"), ==, moves[i]);
        }
      else
        scripted_move (maria, game, moves[i]);
      wait_moves (window, i + 1);
    }
  mm_test_client_send_printf (maria, "{\"type\":\"say\",\"room\":\"game\",\"game\":\"%s\","
                              "\"text\":\"Καλή τύχη!\"}", game);
  {
    MmChatPanel *panel = MM_CHAT_PANEL (mm_test_ui_find_by_type (GTK_WIDGET (window),
                                                                 MM_TYPE_CHAT_PANEL));
    GtkWidget *entry = mm_test_ui_find_by_name (GTK_WIDGET (panel), "chat-entry");

    mm_test_ui_wait_until (chat_shows_cb, panel, 10);
    gtk_editable_set_text (GTK_EDITABLE (entry), "Ευχαριστώ, επίσης!");
    g_signal_emit_by_name (entry, "activate");
    json_object_unref (opponent_expect (maria, "said"));
    json_object_unref (opponent_expect (maria, "said"));
  }
  show_at_size (GTK_WINDOW (window), 1120, 780);
  save_screenshot (GTK_WINDOW (window), "online-game");

  /* The person's own line drops: the window counts down to the next
   * try (slowed down so that the picture has a countdown in it). */
  mm_lobby_client_set_reconnect_delays (window->lobby_client, 5, 5);
  g_socket_shutdown (g_socket_connection_get_socket (_mm_lobby_client_get_socket (window->lobby_client)),
                     TRUE, TRUE, NULL);
  mm_test_ui_wait_until (waiting_to_reconnect_cb, window->lobby_client, 10);
  save_screenshot (GTK_WINDOW (window), "online-reconnecting");
  mm_test_ui_wait_until (connected_cb, window->lobby_client, 20);

  /* The server loses its database (a server of a cluster would say so:
   * said here as it would say it): the window tells the person that a
   * move may be refused, and stops saying it when the server is back. */
  lobby.server->degraded = TRUE;
  mm_lobby_presence_tell_degraded (lobby.server, NULL);
  mm_test_ui_wait_until (state_says_degraded_cb, window, 10);
  save_screenshot (GTK_WINDOW (window), "online-degraded");
  lobby.server->degraded = FALSE;
  mm_lobby_presence_tell_degraded (lobby.server, NULL);
  mm_test_ui_wait_until (state_empty_cb, window, 10);

  /* maria's line drops: the window counts down her grace period. */
  g_clear_pointer (&maria, mm_test_client_free);
  mm_test_ui_wait_until (state_shown_cb, window, 10);
  save_screenshot (GTK_WINDOW (window), "online-opponent-away");
}

static guint16
free_port (void)
{
  g_autoptr(GSocketListener) listener = g_socket_listener_new ();
  g_autoptr(GError) error = NULL;
  guint16 port = g_socket_listener_add_any_inet_port (listener, NULL, &error);

  g_assert_no_error (error);
  g_socket_listener_close (listener);
  return port;
}

static gboolean
hosted_session_cb (gpointer data)
{
  const char *text = text_of (data, "session-label");

  return text != NULL && strstr (text, "’s lobby as nikos, a guest") != NULL;
}

/* Host on This Computer: the server runs in the app, the person joins
 * it, the window says where friends connect and what fingerprint they
 * compare; stopping it ends the lobby. */
static void
host_here (MmWindow *window)
{
  guint16 port = free_port ();
  g_autofree char *where = g_strdup_printf (":%u", port);
  GtkWidget *dialog;
  MmLobbyHost *host = mm_lobby_host_get_default ();

  gtk_widget_activate_action (GTK_WIDGET (window), "win.play-online", NULL);
  dialog = GTK_WIDGET (wait_for_window (MM_TYPE_LOBBY_DIALOG));
  set_entry (dialog, GTK_TYPE_ENTRY, 1, "nikos");
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (mm_test_ui_find_by_type (dialog, GTK_TYPE_SPIN_BUTTON)),
                             port);
  mm_test_ui_click (dialog, "Host");
  g_assert_true (mm_lobby_host_is_running (host));
  g_assert_cmpuint (mm_lobby_host_get_port (host), ==, port);
  wait_shows (dialog, "host-label", "Hosting. Friends connect to:");
  wait_shows (dialog, "host-label", where);
  wait_shows (dialog, "host-label", mm_lobby_host_get_fingerprint (host));
  /* Its own certificate is trusted without a question. */
  mm_test_ui_wait_until (hosted_session_cb, dialog, 20);

  mm_test_ui_click (dialog, "Stop Hosting");
  g_assert_false (mm_lobby_host_is_running (host));
  mm_test_ui_click (dialog, "Disconnect");
}

/* The next start after play_online(): the game online comes back as a
 * game of two people, with the computer on neither seat. */
static void
comes_back (MmWindow *window)
{
  g_autofree char *side = NULL;

  g_object_get (window, "computer-side", &side, NULL);
  g_assert_cmpstr (side, ==, "none");
  g_assert_cmpuint (mm_game_get_n_moves (mm_window_get_game (window)), ==, 3);
  g_assert_cmpstr (text_of (GTK_WIDGET (window), "black-name"), ==, "nikos");
  g_assert_cmpstr (text_of (GTK_WIDGET (window), "white-name"), ==, "maria");
}

typedef void (*WindowTest) (MmWindow *window);

static void
activated_cb (GtkApplication *app,
              gpointer        user_data)
{
  GtkWindow *window = gtk_application_get_active_window (app);
  g_autoptr(GSettings) settings = g_settings_new ("io.github.monomachia.Monomachia");

  g_assert_true (MM_IS_WINDOW (window));
  ((WindowTest) user_data) (MM_WINDOW (window));
  g_settings_set_boolean (settings, "confirm-discard", FALSE);
  gtk_window_close (window);
}

static void
test_in_application (gconstpointer data)
{
  g_autoptr(MmApplication) app = NULL;
  char *argv[] = { (char *) "test-online", NULL };

  lobby_start ();
  app = mm_application_new ("io.github.monomachia.Monomachia.Test", G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "activate", G_CALLBACK (activated_cb), (gpointer) data);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 1, argv), ==, 0);
  lobby_stop ();
}

static void
run_application (WindowTest test)
{
  g_autoptr(MmApplication) app = NULL;
  char *argv[] = { (char *) "test-online", NULL };

  app = mm_application_new ("io.github.monomachia.Monomachia.Test", G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "activate", G_CALLBACK (activated_cb), (gpointer) test);
  g_assert_cmpint (g_application_run (G_APPLICATION (app), 1, argv), ==, 0);
}

/* A game online, the program closed, and started again. */
static void
test_next_start (void)
{
  lobby_start ();
  run_application (play_online);
  run_application (comes_back);
  lobby_stop ();
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("MONOMACHIA_LOCALEDIR");

  /* As the program does: the screenshots can be taken in any language. */
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir != NULL ? localedir : LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  g_log_set_writer_func (mm_test_ui_log_writer, NULL, NULL);
  g_test_init (&argc, &argv, G_TEST_OPTION_ISOLATE_DIRS, NULL);
  g_setenv ("MONOMACHIA_HOST_ADDRESS", "127.0.0.1", TRUE);

  if (!gtk_init_check ())
    {
      g_printerr ("No display: the online window tests need one (run them under xvfb-run).\n");
      return 77;
    }
  g_assert_cmpint (sodium_init (), >=, 0);

  g_test_add_data_func ("/app/online/play-online", play_online, test_in_application);
  g_test_add_data_func ("/app/online/host-here", host_here, test_in_application);
  g_test_add_func ("/app/online/next-start", test_next_start);
  g_test_add_data_func ("/app/online/screenshots", take_screenshots, test_in_application);

  return g_test_run ();
}
