/* mm-window-online.c
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

/* The window's glue of online play: the lobby connection it keeps, the
 * online game played or watched on its board (the game's match is the
 * window's), the side panel's online part, the actions of an online game
 * (win.online-*), and what a game online forbids here: hints, analysis,
 * the computer and taking back moves without the opponent's leave. */

#define G_LOG_DOMAIN "mm-window"

#include "config.h"

#include <glib/gi18n.h>

#include "mm-lobby-dialog.h"
#include "mm-lobby-words.h"
#include "mm-lobby-offer.h"
#include "mm-online-game.h"
#include "mm-window-private.h"

/* ------------------------------------------------------------------ */
/* What the online part shows                                         */
/* ------------------------------------------------------------------ */

/* An online game is on the board and goes on. */
gboolean
_mm_window_in_online_game (MmWindow *self)
{
  return self->online_game != NULL && !mm_online_game_is_over (self->online_game);
}

/* The person plays in it (not only watches). */
static gboolean
mm_window_playing_online (MmWindow *self)
{
  return _mm_window_in_online_game (self) && !mm_online_game_is_spectator (self->online_game);
}

static char *
mm_window_player_label (MmOnlineGame *game,
                        MmColor       color)
{
  int rating = mm_online_game_get_rating (game, color);

  if (rating < 0)
    /* Translators: a guest's name in an online game */
    return g_strdup_printf (_("%s (guest)"), mm_online_game_get_player (game, color));
  /* Translators: a player's name and rating in an online game */
  return g_strdup_printf (_("%s (%d)"), mm_online_game_get_player (game, color), rating);
}

static void
mm_window_show_online_title (MmWindow *self)
{
  MmOnlineGame *game = self->online_game;
  g_autofree char *black = mm_window_player_label (game, MM_COLOR_BLACK);
  g_autofree char *white = mm_window_player_label (game, MM_COLOR_WHITE);
  g_autofree char *time = mm_lobby_format_time_control (mm_online_game_get_base (game),
                                                        mm_online_game_get_increment (game));
  /* Translators: an online game: black (rating) – white (rating) · time control · rated or casual */
  g_autofree char *text = g_strdup_printf (_("%s – %s · %s · %s"), black, white, time,
                                           mm_online_game_is_rated (game) ? _("rated") : _("casual"));

  mm_online_bar_set_game (self->online_bar, text);
}

/* "Your rating: 1500 → 1516 (+16)", or each player's for a spectator. */
static char *
mm_window_rating_change (MmOnlineGame *game)
{
  GString *text = g_string_new (NULL);

  for (MmColor color = MM_COLOR_BLACK; color <= MM_COLOR_WHITE; color++)
    {
      int before = mm_online_game_get_rating (game, color);
      int after = mm_online_game_get_new_rating (game, color);
      MmOnlineRole role = mm_online_game_get_role (game);

      if (after < 0 || before < 0)
        continue;
      if (role != MM_ONLINE_ROLE_SPECTATOR && (int) role != (int) color)
        continue;
      if (text->len > 0)
        g_string_append_c (text, '\n');
      if (role == MM_ONLINE_ROLE_SPECTATOR)
        /* Translators: a player's rating before and after a rated game, and the change */
        g_string_append_printf (text, _("%s: %d → %d (%+d)"), mm_online_game_get_player (game, color),
                                before, after, after - before);
      else
        /* Translators: the person's rating before and after a rated game, and the change */
        g_string_append_printf (text, _("Your rating: %d → %d (%+d)"), before, after, after - before);
    }
  if (text->len == 0)
    {
      g_string_free (text, TRUE);
      return NULL;
    }
  return g_string_free (text, FALSE);
}

static void
mm_window_show_online_result (MmWindow *self)
{
  g_autofree char *end = mm_online_game_describe_end (self->online_game);
  g_autofree char *change = NULL;
  g_autofree char *text = NULL;

  if (end == NULL)
    {
      mm_online_bar_set_result (self->online_bar, NULL);
      return;
    }
  change = mm_window_rating_change (self->online_game);
  text = change != NULL ? g_strdup_printf ("%s\n%s", end, change) : g_strdup (end);
  mm_online_bar_set_result (self->online_bar, text);
}

/* The line's state: the person's, then the opponent's. */
static void
mm_window_show_online_state (MmWindow *self)
{
  g_autofree char *text = NULL;
  guint away;

  if (self->online_game == NULL)
    return;
  away = mm_online_game_get_opponent_away (self->online_game);
  if (self->lobby_client != NULL
      && mm_lobby_client_get_state (self->lobby_client) == MM_LOBBY_CLIENT_RECONNECTING)
    {
      guint seconds = mm_lobby_client_get_reconnect_seconds (self->lobby_client);

      text = seconds > 0
             ? g_strdup_printf (ngettext ("The connection dropped; trying again in %u second…",
                                          "The connection dropped; trying again in %u seconds…",
                                          seconds), seconds)
             : g_strdup (_("The connection dropped; connecting again…"));
    }
  else if (self->lobby_client == NULL
           || mm_lobby_client_get_state (self->lobby_client) == MM_LOBBY_CLIENT_DISCONNECTED)
    text = _mm_window_in_online_game (self) ? g_strdup (_("Not connected to the server.")) : NULL;
  else if (mm_lobby_client_is_degraded (self->lobby_client))
    text = g_strdup (_("The server has lost its database for now: a move may be refused "
                       "until it is back. Nothing played is lost."));
  else if (away > 0 && _mm_window_in_online_game (self))
    {
      MmOnlineRole role = mm_online_game_get_role (self->online_game);
      const char *opponent = role == MM_ONLINE_ROLE_BLACK
                             ? mm_online_game_get_player (self->online_game, MM_COLOR_WHITE)
                             : mm_online_game_get_player (self->online_game, MM_COLOR_BLACK);

      /* Translators: %s is the opponent's name, %u the seconds they have left to come back */
      text = g_strdup_printf (ngettext ("%s’s connection dropped; %u second left to come back.",
                                        "%s’s connection dropped; %u seconds left to come back.",
                                        away),
                              role == MM_ONLINE_ROLE_SPECTATOR ? _("A player") : opponent, away);
    }
  mm_online_bar_set_state (self->online_bar, text);
}

static gboolean
mm_window_online_tick_cb (gpointer data)
{
  MmWindow *self = data;

  mm_window_show_online_state (self);
  if (self->online_game != NULL && mm_online_game_get_opponent_away (self->online_game) > 0)
    return G_SOURCE_CONTINUE;
  self->online_tick = 0;
  return G_SOURCE_REMOVE;
}

static void
mm_window_opponent_away_cb (MmWindow *self)
{
  mm_window_show_online_state (self);
  if (self->online_tick == 0 && mm_online_game_get_opponent_away (self->online_game) > 0)
    self->online_tick = g_timeout_add_seconds (1, mm_window_online_tick_cb, self);
}

void
_mm_window_update_online_actions (MmWindow *self)
{
  gboolean online = _mm_window_in_online_game (self);
  gboolean playing = mm_window_playing_online (self);
  gboolean over = self->online_game != NULL && mm_online_game_is_over (self->online_game);
  static const char *const locked[] = {
    "win.hint", "win.analysis-mode", "win.computer-side", "win.analyse-game", "win.edit-board",
  };

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.online-resign", playing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.online-undo",
                                 playing && mm_game_get_n_moves (self->game) > 0);
  /* The server calls a game off only until both sides have moved. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.online-abort",
                                 playing && mm_game_get_n_moves (self->game) < 2);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.online-answer-undo",
                                 playing && mm_online_game_get_undo_asked (self->online_game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.online-rematch",
                                 over && !mm_online_game_is_spectator (self->online_game)
                                 && self->lobby_client != NULL
                                 && mm_lobby_client_get_state (self->lobby_client)
                                    == MM_LOBBY_CLIENT_CONNECTED);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.online-leave", self->online_game != NULL);
  if (self->online_game != NULL)
    mm_online_bar_set_stage (self->online_bar, !mm_online_game_is_spectator (self->online_game),
                             over);
  /* No help from the computer in a game being played online. */
  for (guint i = 0; i < G_N_ELEMENTS (locked); i++)
    gtk_widget_action_set_enabled (GTK_WIDGET (self), locked[i], !online);
}

static void
mm_window_undo_asked_cb (MmWindow *self)
{
  const char *opponent = NULL;

  if (mm_online_game_get_undo_asked (self->online_game))
    {
      opponent = mm_online_game_get_player (self->online_game,
                                            mm_online_game_get_role (self->online_game)
                                            == MM_ONLINE_ROLE_BLACK ? MM_COLOR_WHITE : MM_COLOR_BLACK);
      {
        /* Translators: %s is the opponent's name */
        g_autofree char *question = g_strdup_printf (_("%s asks to take back their last move."),
                                                     opponent);

        mm_online_bar_set_question (self->online_bar, question);
        mm_announcer_play_sound (self->announcer, "place");
      }
    }
  else
    mm_online_bar_set_question (self->online_bar, NULL);
  _mm_window_update_online_actions (self);
}

static void
mm_window_online_ended_cb (MmWindow *self)
{
  mm_online_bar_set_question (self->online_bar, NULL);
  mm_window_show_online_result (self);
  mm_window_show_online_state (self);
  _mm_window_update_online_actions (self);
  _mm_window_follow_clock (self);
  _mm_window_update_status (self);
  /* A finished online game is a game like any other, to save. */
  _mm_window_set_file (self, NULL, TRUE);
}

static void
mm_window_online_refused_cb (MmWindow     *self,
                             const GError *error)
{
  _mm_window_show_message (self, error->message);
  _mm_window_set_event (self, error->message);
}

static void
mm_window_undo_refused_cb (MmWindow *self)
{
  _mm_window_show_message (self, _("Your opponent did not let you take back the move."));
}

static void
mm_window_rematch_asked_cb (MmWindow *self)
{
  _mm_window_show_message (self, _("Your opponent asks for a rematch: choose Rematch to play again."));
}

static void
mm_window_online_chat_cb (MmWindow   *self,
                          const char *from,
                          const char *text)
{
  mm_chat_panel_add_line (mm_online_bar_get_chat (self->online_bar), from, text);
}

static void
mm_window_online_sent_cb (GObject      *source,
                          GAsyncResult *result,
                          gpointer      user_data)
{
  g_autoptr(MmWindow) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!mm_online_game_send_finish (MM_ONLINE_GAME (source), result, &error))
    mm_window_online_refused_cb (self, error);
}

static void
mm_window_online_say_cb (MmWindow   *self,
                         const char *text)
{
  if (self->online_game != NULL)
    mm_online_game_say_async (self->online_game, text, self->cancellable, mm_window_online_sent_cb,
                              g_object_ref (self));
}

/* ------------------------------------------------------------------ */
/* The game on the board                                              */
/* ------------------------------------------------------------------ */

static void
mm_window_forget_online_game (MmWindow *self)
{
  g_autoptr(MmOnlineGame) game = g_steal_pointer (&self->online_game);

  g_clear_handle_id (&self->online_tick, g_source_remove);
  if (game == NULL)
    return;
  g_signal_handlers_disconnect_by_data (game, self);
  mm_online_game_leave (game);
  gtk_widget_set_visible (GTK_WIDGET (self->online_bar), FALSE);
  _mm_window_follow_clock (self);
  _mm_window_update_online_actions (self);
}

/* The board is needed for something else (a new game, a file): an
 * online game on it is left, resigned first if the person plays it. */
void
_mm_window_leave_online_game (MmWindow *self)
{
  if (self->online_game == NULL)
    return;
  if (mm_window_playing_online (self))
    mm_online_game_send_async (self->online_game, "resign", NULL, NULL, NULL);
  mm_window_forget_online_game (self);
  /* The match's seats are the online game's: people here from now on,
   * until the new game says who plays. */
  _mm_window_set_computer (self, FALSE, FALSE);
}

/**
 * mm_window_show_online_game:
 * @game: a game the person plays or watches
 *
 * The game is played on the window's board from now on.
 */
void
mm_window_show_online_game (MmWindow     *self,
                            MmOnlineGame *game)
{
  MmChatPanel *chat;

  g_return_if_fail (MM_IS_WINDOW (self));
  g_return_if_fail (MM_IS_ONLINE_GAME (game));

  if (game == self->online_game)
    return;
  if (self->online_game != NULL)
    mm_window_forget_online_game (self);
  _mm_window_leave_edit (self);
  _mm_window_stop_hint (self);
  _mm_window_browse_to (self, -1);
  if (self->analysis_mode)
    g_object_set (self, "analysis-mode", FALSE, NULL);
  self->online_game = g_object_ref (game);

  mm_announcer_set_quiet (self->announcer, TRUE);
  mm_online_game_attach (game, self->match);
  mm_announcer_set_quiet (self->announcer, FALSE);
  /* Kept for the next start as a game of two people: the opponent's
   * seat is not the computer's, whatever the last local game had. */
  mm_opponents_forget_session (self->opponents, self->match);
  _mm_window_set_file (self, NULL, TRUE);

  g_signal_connect_object (game, "notify::undo-asked", G_CALLBACK (mm_window_undo_asked_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "notify::opponent-away", G_CALLBACK (mm_window_opponent_away_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "ended", G_CALLBACK (mm_window_online_ended_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "move-refused", G_CALLBACK (mm_window_online_refused_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "undo-refused", G_CALLBACK (mm_window_undo_refused_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "rematch-asked", G_CALLBACK (mm_window_rematch_asked_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "chat", G_CALLBACK (mm_window_online_chat_cb), self,
                           G_CONNECT_SWAPPED);

  chat = mm_online_bar_get_chat (self->online_bar);
  mm_chat_panel_clear (chat);
  if (self->lobby_client != NULL)
    mm_chat_panel_set_max_length (chat, MAX (mm_lobby_client_get_max_chat (self->lobby_client), 1));
  mm_online_bar_set_question (self->online_bar, NULL);
  mm_window_show_online_title (self);
  mm_window_show_online_result (self);
  mm_window_show_online_state (self);
  gtk_widget_set_visible (GTK_WIDGET (self->online_bar), TRUE);

  _mm_window_update_names (self);
  _mm_window_follow_clock (self);
  _mm_window_update_status (self);
  _mm_window_update_online_actions (self);
  mm_announcer_play_sound (self->announcer, "end");
  /* The game is played here: the lobby's window steps aside. */
  if (self->lobby_dialog != NULL)
    gtk_widget_set_visible (GTK_WIDGET (self->lobby_dialog), FALSE);
  gtk_window_present (GTK_WINDOW (self));
  _mm_window_focus_board (self);
}

MmOnlineGame *
mm_window_get_online_game (MmWindow *self)
{
  g_return_val_if_fail (MM_IS_WINDOW (self), NULL);
  return self->online_game;
}

/* The clock shown: an online game's is the server's. */
MmClock *
_mm_window_get_shown_clock (MmWindow *self)
{
  if (self->online_game != NULL)
    return mm_online_game_get_clock (self->online_game);
  return mm_match_get_clock (self->match);
}

/* ------------------------------------------------------------------ */
/* The lobby connection                                               */
/* ------------------------------------------------------------------ */

static void
mm_window_lobby_game_started_cb (MmWindow     *self,
                                 MmOnlineGame *game)
{
  mm_window_show_online_game (self, game);
}

static void
mm_window_lobby_state_cb (MmWindow *self)
{
  mm_window_show_online_state (self);
  _mm_window_update_online_actions (self);
}

static void
mm_window_lobby_disconnected_cb (MmWindow     *self,
                                 const GError *error)
{
  if (self->online_game != NULL)
    _mm_window_show_message (self, error->message);
  mm_window_lobby_state_cb (self);
}

/* Someone challenges the person: a sound, the lobby's window shows the
 * challenge, and the desktop tells a person who is elsewhere. */
static void
mm_window_lobby_challenged_cb (MmWindow     *self,
                               MmLobbyOffer *challenge)
{
  MmLobbyDialog *dialog = mm_window_open_lobby (self);
  GApplication *application = G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self)));

  mm_announcer_play_sound (self->announcer, "end");
  mm_lobby_dialog_show_challenge (dialog, challenge);
  if (application != NULL && !gtk_window_is_active (GTK_WINDOW (self))
      && !gtk_window_is_active (GTK_WINDOW (dialog)))
    {
      g_autoptr(GNotification) notification = NULL;
      /* Translators: the title of a desktop notification; %s is the challenger's name */
      g_autofree char *title = g_strdup_printf (_("%s challenges you"), mm_lobby_offer_get_by (challenge));
      g_autofree char *time = mm_lobby_format_time_control (mm_lobby_offer_get_base (challenge),
                                                            mm_lobby_offer_get_increment (challenge));

      notification = g_notification_new (title);
      g_notification_set_body (notification, time);
      g_notification_set_priority (notification, G_NOTIFICATION_PRIORITY_HIGH);
      g_notification_add_button_with_target (notification, _("Decline"), "app.answer-challenge",
                                             "(sb)", mm_lobby_offer_get_id (challenge), FALSE);
      g_notification_add_button_with_target (notification, _("Accept"), "app.answer-challenge",
                                             "(sb)", mm_lobby_offer_get_id (challenge), TRUE);
      g_notification_set_default_action (notification, "app.activate");
      g_application_send_notification (application, "challenge", notification);
    }
}

MmLobbyClient *
mm_window_get_lobby_client (MmWindow *self)
{
  g_return_val_if_fail (MM_IS_WINDOW (self), NULL);
  return self->lobby_client;
}

/* The window plays on @client's server from now on (NULL: none). */
void
mm_window_set_lobby_client (MmWindow      *self,
                            MmLobbyClient *client)
{
  g_return_if_fail (MM_IS_WINDOW (self));

  if (client == self->lobby_client)
    return;
  if (self->lobby_client != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->lobby_client, self);
      mm_lobby_client_disconnect (self->lobby_client);
    }
  g_set_object (&self->lobby_client, client);
  if (client == NULL)
    return;
  g_signal_connect_object (client, "game-started", G_CALLBACK (mm_window_lobby_game_started_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "notify::state", G_CALLBACK (mm_window_lobby_state_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "notify::reconnect-seconds",
                           G_CALLBACK (mm_window_show_online_state), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "notify::degraded",
                           G_CALLBACK (mm_window_show_online_state), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "disconnected", G_CALLBACK (mm_window_lobby_disconnected_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "challenged", G_CALLBACK (mm_window_lobby_challenged_cb), self,
                           G_CONNECT_SWAPPED);
}

/* Play Online: the window's lobby dialog, opened if it was not. */
MmLobbyDialog *
mm_window_open_lobby (MmWindow *self)
{
  g_return_val_if_fail (MM_IS_WINDOW (self), NULL);

  if (self->lobby_dialog == NULL)
    {
      self->lobby_dialog = mm_lobby_dialog_new (self);
      g_object_add_weak_pointer (G_OBJECT (self->lobby_dialog), (gpointer *) &self->lobby_dialog);
    }
  gtk_window_present (GTK_WINDOW (self->lobby_dialog));
  return self->lobby_dialog;
}

/* Answers a challenge from outside the lobby's window (a notification). */
void
mm_window_answer_challenge (MmWindow   *self,
                            const char *id,
                            gboolean    accept)
{
  g_autoptr(JsonObject) answer = NULL;

  g_return_if_fail (MM_IS_WINDOW (self));

  if (self->lobby_client == NULL)
    return;
  answer = mm_lobby_client_new_request (accept ? "accept-challenge" : "decline-challenge",
                                        "challenge", id);
  mm_lobby_client_request_async (self->lobby_client, answer, NULL, NULL, NULL);
  if (self->lobby_dialog != NULL)
    mm_lobby_dialog_show_challenge (self->lobby_dialog, NULL);
}

void
mm_window_show_message (MmWindow   *self,
                        const char *message)
{
  g_return_if_fail (MM_IS_WINDOW (self));
  _mm_window_show_message (self, message);
}

/* ------------------------------------------------------------------ */
/* Actions                                                            */
/* ------------------------------------------------------------------ */

static void
mm_window_resign_answered_cb (GtkDialog *dialog,
                              int        response,
                              MmWindow  *self)
{
  gtk_window_destroy (GTK_WINDOW (dialog));
  if (response == GTK_RESPONSE_ACCEPT && mm_window_playing_online (self))
    mm_online_game_send_async (self->online_game, "resign", self->cancellable,
                               mm_window_online_sent_cb, g_object_ref (self));
}

static void
mm_window_online_resign_action (GtkWidget  *widget,
                                const char *action_name,
                                GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);
  GtkWidget *dialog;

  if (!mm_window_playing_online (self))
    return;
  dialog = gtk_message_dialog_new (GTK_WINDOW (self), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   _("Resign this game?"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                            _("Your opponent wins, and a rated game counts as lost."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog), _("_Cancel"), GTK_RESPONSE_CANCEL,
                          _("_Resign"), GTK_RESPONSE_ACCEPT, NULL);
  gtk_widget_add_css_class (gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog),
                                                                GTK_RESPONSE_ACCEPT),
                            "destructive-action");
  g_signal_connect_object (dialog, "response", G_CALLBACK (mm_window_resign_answered_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
mm_window_online_request_action (GtkWidget  *widget,
                                 const char *action_name,
                                 GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);
  const char *type = g_str_equal (action_name, "win.online-undo") ? "ask-undo"
                   : g_str_equal (action_name, "win.online-abort") ? "abort" : "rematch";

  if (self->online_game == NULL)
    return;
  mm_online_game_send_async (self->online_game, type, self->cancellable, mm_window_online_sent_cb,
                             g_object_ref (self));
  if (g_str_equal (type, "ask-undo"))
    _mm_window_show_message (self, _("You asked your opponent to let you take back your move."));
  else if (g_str_equal (type, "rematch"))
    _mm_window_show_message (self, _("You asked for a rematch."));
}

static void
mm_window_online_answer_undo_action (GtkWidget  *widget,
                                     const char *action_name,
                                     GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);

  if (self->online_game == NULL)
    return;
  mm_online_game_answer_undo_async (self->online_game, g_variant_get_boolean (parameter),
                                    self->cancellable, mm_window_online_sent_cb, g_object_ref (self));
}

static void
mm_window_online_leave_action (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);

  /* Leaving a game one plays is resigning it: asked first. */
  if (mm_window_playing_online (self))
    {
      mm_window_online_resign_action (widget, "win.online-resign", NULL);
      return;
    }
  mm_window_forget_online_game (self);
}

static void
mm_window_play_online_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  mm_window_open_lobby (MM_WINDOW (widget));
}

void
_mm_window_class_install_online_actions (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.play-online", NULL,
                                   mm_window_play_online_action);
  gtk_widget_class_install_action (widget_class, "win.online-resign", NULL,
                                   mm_window_online_resign_action);
  gtk_widget_class_install_action (widget_class, "win.online-undo", NULL,
                                   mm_window_online_request_action);
  gtk_widget_class_install_action (widget_class, "win.online-abort", NULL,
                                   mm_window_online_request_action);
  gtk_widget_class_install_action (widget_class, "win.online-rematch", NULL,
                                   mm_window_online_request_action);
  gtk_widget_class_install_action (widget_class, "win.online-answer-undo", "b",
                                   mm_window_online_answer_undo_action);
  gtk_widget_class_install_action (widget_class, "win.online-leave", NULL,
                                   mm_window_online_leave_action);
}

/* Once, when the window is made. */
void
_mm_window_init_online (MmWindow *self)
{
  gtk_widget_set_visible (GTK_WIDGET (self->online_bar), FALSE);
  g_signal_connect_object (mm_online_bar_get_chat (self->online_bar), "send",
                           G_CALLBACK (mm_window_online_say_cb), self, G_CONNECT_SWAPPED);
  _mm_window_update_online_actions (self);
}

void
_mm_window_dispose_online (MmWindow *self)
{
  g_clear_handle_id (&self->online_tick, g_source_remove);
  if (self->online_game != NULL)
    g_signal_handlers_disconnect_by_data (self->online_game, self);
  g_clear_object (&self->online_game);
  if (self->lobby_client != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->lobby_client, self);
      mm_lobby_client_disconnect (self->lobby_client);
    }
  g_clear_object (&self->lobby_client);
  if (self->lobby_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->lobby_dialog));
}
