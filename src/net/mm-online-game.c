/* mm-online-game.c
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

#define G_LOG_DOMAIN "mm-online-game"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mm-lobby-client-private.h"
#include "mm-online-game.h"
#include "mm-online-seat.h"
#include "mm-protocol.h"

struct _MmOnlineGame
{
  GObject        parent_instance;

  MmLobbyClient *client;
  char          *id;
  char          *players[2];
  int            ratings[2];
  int            new_ratings[2];
  guint          base;
  guint          increment;
  gboolean       rated;
  MmOnlineRole   role;

  MmGame        *game;
  MmMatch       *match;
  MmOnlineSeat  *seats[2];
  MmClock       *clock;

  /* The server's moves not on the board here yet, in order (passes
   * left out: the game makes them).  The first may have been handed to
   * its seat (awaiting), whose answer the match plays. */
  GArray        *pending;
  gboolean       awaiting;
  guint          awaited_n_moves;
  gboolean       feeding;
  guint          feed_source;
  /* The plies the server told, passes counted */
  guint          told;

  MmOnlineEnd    end;
  MmDisc         winner;
  gboolean       undo_asked;
  gint64         opponent_back_by;
};

enum
{
  PROP_0,
  PROP_OVER,
  PROP_UNDO_ASKED,
  PROP_OPPONENT_AWAY,
  N_PROPS
};

enum
{
  SIGNAL_MOVE_REFUSED,
  SIGNAL_UNDO_REFUSED,
  SIGNAL_REMATCH_ASKED,
  SIGNAL_CHAT,
  SIGNAL_ENDED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MmOnlineGame, mm_online_game, G_TYPE_OBJECT)

static void mm_online_game_feed (MmOnlineGame *self);

static MmColor
mm_online_color_parse (const char *color)
{
  return g_strcmp0 (color, "white") == 0 ? MM_COLOR_WHITE : MM_COLOR_BLACK;
}

/* ------------------------------------------------------------------ */
/* The server's moves on the board                                    */
/* ------------------------------------------------------------------ */

static void
mm_online_game_desync (MmOnlineGame *self,
                       const GError *error)
{
  /* Both sides run the same engine's rules: this is a bug, said so in
   * the log, and the game stops here rather than show a wrong board. */
  g_autoptr(GError) stopped = g_error_new (MM_LOBBY_CLIENT_ERROR, MM_LOBBY_CLIENT_ERROR_UNEXPECTED,
                                           _("The board here no longer matches the server’s (%s)."),
                                           error->message);

  g_warning ("Game %s: %s", self->id, stopped->message);
  g_array_set_size (self->pending, 0);
  self->awaiting = FALSE;
  for (int i = 0; i < 2; i++)
    mm_online_seat_fail (self->seats[i], stopped);
}

static gboolean
mm_online_game_play_directly (MmOnlineGame *self,
                              int           square)
{
  g_autoptr(GError) error = NULL;

  if (mm_game_play (self->game, square, &error))
    return TRUE;
  mm_online_game_desync (self, error);
  return FALSE;
}

/* Every move the server told goes on the board now, without waiting
 * for the seats: before an undo, an end or a new state. */
static void
mm_online_game_flush (MmOnlineGame *self)
{
  g_clear_handle_id (&self->feed_source, g_source_remove);
  self->feeding = TRUE;
  if (self->awaiting && mm_game_get_n_moves (self->game) > self->awaited_n_moves)
    g_array_remove_index (self->pending, 0);
  self->awaiting = FALSE;
  while (self->pending->len > 0)
    {
      int square = g_array_index (self->pending, int, 0);

      g_array_remove_index (self->pending, 0);
      if (!mm_online_game_play_directly (self, square))
        break;
    }
  self->feeding = FALSE;
}

/* The next move the server told goes to the seat the match asks, or on
 * the board at once when the match asks nobody yet. */
static void
mm_online_game_feed (MmOnlineGame *self)
{
  if (self->feeding)
    return;
  self->feeding = TRUE;
  while (self->pending->len > 0 && !self->awaiting)
    {
      int square = g_array_index (self->pending, int, 0);
      MmOnlineSeat *seat = self->seats[mm_game_get_side_to_move (self->game)];

      if (mm_online_seat_is_asked (seat))
        {
          self->awaiting = TRUE;
          self->awaited_n_moves = mm_game_get_n_moves (self->game);
          /* The match may play it at once (in here), or from the main
           * loop: ::move-played ends the wait either way. */
          mm_online_seat_confirm (seat, square);
          continue;
        }
      g_array_remove_index (self->pending, 0);
      if (!mm_online_game_play_directly (self, square))
        break;
    }
  self->feeding = FALSE;
}

static gboolean
mm_online_game_feed_cb (gpointer data)
{
  MmOnlineGame *self = data;

  self->feed_source = 0;
  mm_online_game_feed (self);
  return G_SOURCE_REMOVE;
}

static void
mm_online_game_move_played_cb (MmOnlineGame *self)
{
  if (self->awaiting && mm_game_get_n_moves (self->game) > self->awaited_n_moves)
    {
      g_array_remove_index (self->pending, 0);
      self->awaiting = FALSE;
    }
  if (!self->feeding && self->pending->len > 0 && self->feed_source == 0)
    self->feed_source = g_idle_add (mm_online_game_feed_cb, self);
}

/* ------------------------------------------------------------------ */
/* Clocks                                                             */
/* ------------------------------------------------------------------ */

/* The server's times, the clock of @running (or none, -1) counting
 * down from them until the next message. */
static void
mm_online_game_set_clocks (MmOnlineGame *self,
                           JsonObject   *message,
                           int           running)
{
  if (self->clock == NULL)
    return;
  mm_clock_stop (self->clock);
  if (json_object_has_member (message, "black_ms"))
    mm_clock_set_remaining (self->clock, MM_COLOR_BLACK,
                            json_object_get_int_member (message, "black_ms") * G_TIME_SPAN_MILLISECOND);
  if (json_object_has_member (message, "white_ms"))
    mm_clock_set_remaining (self->clock, MM_COLOR_WHITE,
                            json_object_get_int_member (message, "white_ms") * G_TIME_SPAN_MILLISECOND);
  if (running >= 0 && self->end == MM_ONLINE_END_NONE)
    mm_clock_start (self->clock, (MmColor) running);
}

/* ------------------------------------------------------------------ */
/* What the server says of the game                                   */
/* ------------------------------------------------------------------ */

static void
mm_online_game_moved (MmOnlineGame *self,
                      JsonObject   *moved)
{
  guint ply = (guint) json_object_get_int_member (moved, "ply");
  MmColor mover = mm_online_color_parse (json_object_get_string_member (moved, "color"));
  int square = mm_square_parse (json_object_get_string_member (moved, "square"));

  /* Told twice (a state after a reconnection crossed it): once counts. */
  if (ply <= self->told)
    return;
  self->told = ply;
  if (self->undo_asked)
    {
      /* A move forgets the question. */
      self->undo_asked = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNDO_ASKED]);
    }
  mm_online_game_set_clocks (self, moved, mm_color_other (mover));
  g_array_append_val (self->pending, square);
  mm_online_game_feed (self);
}

static void
mm_online_game_passed (MmOnlineGame *self,
                       JsonObject   *passed)
{
  guint ply = (guint) json_object_get_int_member (passed, "ply");
  MmColor passer = mm_online_color_parse (json_object_get_string_member (passed, "color"));

  if (ply <= self->told)
    return;
  self->told = ply;
  mm_online_game_set_clocks (self, passed, mm_color_other (passer));
}

static void
mm_online_game_undone (MmOnlineGame *self,
                       JsonObject   *undone)
{
  guint plies = (guint) json_object_get_int_member (undone, "plies");

  mm_online_game_flush (self);
  self->told = plies;
  if (plies < mm_game_get_n_moves (self->game))
    mm_match_play_from (self->match, plies);
  mm_online_game_set_clocks (self, undone, mm_game_get_side_to_move (self->game));
  if (self->undo_asked)
    {
      self->undo_asked = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNDO_ASKED]);
    }
}

/* The squares of a state's "moves", or FALSE for text that is not. */
static gboolean
mm_online_game_parse_moves (const char *moves,
                            GArray     *squares)
{
  gsize length = strlen (moves);

  if (length % 2 != 0)
    return FALSE;
  for (gsize i = 0; i < length; i += 2)
    {
      char text[3] = { moves[i], moves[i + 1], '\0' };
      int square = mm_square_parse (text);

      if (!mm_square_is_valid (square))
        return FALSE;
      g_array_append_val (squares, square);
    }
  return TRUE;
}

/* The whole game as the server has it: what the board here has of it
 * stays, a move taken back there is taken back here, the rest is
 * played. */
static void
mm_online_game_take_state (MmOnlineGame *self,
                           JsonObject   *state)
{
  g_autoptr(GArray) squares = g_array_new (FALSE, FALSE, sizeof (int));
  guint n_moves, kept = 0, index = 0;

  mm_online_game_flush (self);
  if (!mm_online_game_parse_moves (json_object_get_string_member (state, "moves"), squares))
    {
      g_autoptr(GError) error = g_error_new_literal (MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_BAD_FIELD,
                                                     "moves");

      mm_online_game_desync (self, error);
      return;
    }

  /* How much of the board here the server's game shares. */
  n_moves = mm_game_get_n_moves (self->game);
  for (index = 0; index < n_moves; index++)
    {
      int square = mm_game_get_move (self->game, index, NULL);

      if (square == MM_SQUARE_PASS)
        continue;
      if (kept == squares->len || g_array_index (squares, int, kept) != square)
        break;
      kept++;
    }
  if (index < n_moves)
    mm_match_play_from (self->match, index);
  g_array_append_vals (self->pending, (int *) squares->data + kept, squares->len - kept);
  mm_online_game_flush (self);
  self->told = mm_game_get_n_moves (self->game);
  mm_online_game_set_clocks (self, state,
                             json_object_has_member (state, "to_move")
                             ? (int) mm_online_color_parse (json_object_get_string_member (state, "to_move"))
                             : -1);
}

static MmOnlineEnd
mm_online_end_parse (const char *reason)
{
  static const char *const reasons[] = {
    [MM_ONLINE_END_BOARD] = "board",
    [MM_ONLINE_END_RESIGNATION] = "resignation",
    [MM_ONLINE_END_TIME] = "time",
    [MM_ONLINE_END_ABANDONMENT] = "abandonment",
    [MM_ONLINE_END_ABORTED] = "aborted",
  };

  for (gsize i = MM_ONLINE_END_BOARD; i < G_N_ELEMENTS (reasons); i++)
    if (g_strcmp0 (reasons[i], reason) == 0)
      return (MmOnlineEnd) i;
  return MM_ONLINE_END_BOARD;
}

static void
mm_online_game_ended (MmOnlineGame *self,
                      JsonObject   *ended)
{
  const char *winner = json_object_get_string_member (ended, "winner");

  mm_online_game_flush (self);
  self->end = mm_online_end_parse (json_object_get_string_member (ended, "reason"));
  self->winner = g_str_equal (winner, "black") ? MM_DISC_BLACK
               : g_str_equal (winner, "white") ? MM_DISC_WHITE : MM_DISC_NONE;
  self->new_ratings[MM_COLOR_BLACK] = (int) json_object_get_int_member_with_default (ended, "black_rating", -1);
  self->new_ratings[MM_COLOR_WHITE] = (int) json_object_get_int_member_with_default (ended, "white_rating", -1);
  self->opponent_back_by = 0;
  if (self->clock != NULL)
    mm_clock_stop (self->clock);

  /* The match ends as the server says, so that the record says so too. */
  if (self->winner != MM_DISC_NONE
      && (self->end == MM_ONLINE_END_RESIGNATION || self->end == MM_ONLINE_END_ABANDONMENT))
    mm_match_resign (self->match, self->winner == MM_DISC_BLACK ? MM_COLOR_WHITE : MM_COLOR_BLACK);
  else if (self->winner != MM_DISC_NONE && self->end == MM_ONLINE_END_TIME)
    mm_game_set_lost_on_time (self->game, self->winner == MM_DISC_BLACK ? MM_COLOR_WHITE
                                                                        : MM_COLOR_BLACK);
  else if (self->end == MM_ONLINE_END_ABORTED)
    {
      g_autoptr(GError) aborted = g_error_new_literal (MM_LOBBY_CLIENT_ERROR,
                                                       MM_LOBBY_CLIENT_ERROR_UNEXPECTED,
                                                       _("The game was called off."));

      for (int i = 0; i < 2; i++)
        mm_online_seat_fail (self->seats[i], aborted);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OVER]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OPPONENT_AWAY]);
  g_signal_emit (self, signals[SIGNAL_ENDED], 0);
}

static void
mm_online_game_opponent_away (MmOnlineGame *self,
                              JsonObject   *away,
                              gboolean      back)
{
  self->opponent_back_by = back ? 0
                         : g_get_monotonic_time ()
                           + json_object_get_int_member_with_default (away, "seconds", 0) * G_USEC_PER_SEC;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OPPONENT_AWAY]);
}

void
_mm_online_game_handle (MmOnlineGame *self,
                        const char   *type,
                        JsonObject   *message)
{
  g_autoptr(MmOnlineGame) hold = g_object_ref (self);

  if (self->game == NULL)
    return;
  if (g_str_equal (type, "moved"))
    mm_online_game_moved (self, message);
  else if (g_str_equal (type, "passed"))
    mm_online_game_passed (self, message);
  else if (g_str_equal (type, "undone"))
    mm_online_game_undone (self, message);
  else if (g_str_equal (type, "game-state"))
    mm_online_game_take_state (self, message);
  else if (g_str_equal (type, "game-ended"))
    mm_online_game_ended (self, message);
  else if (g_str_equal (type, "undo-asked"))
    {
      self->undo_asked = TRUE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNDO_ASKED]);
    }
  else if (g_str_equal (type, "undo-refused"))
    g_signal_emit (self, signals[SIGNAL_UNDO_REFUSED], 0);
  else if (g_str_equal (type, "rematch-asked"))
    g_signal_emit (self, signals[SIGNAL_REMATCH_ASKED], 0);
  else if (g_str_equal (type, "opponent-away") || g_str_equal (type, "opponent-back"))
    mm_online_game_opponent_away (self, message, g_str_equal (type, "opponent-back"));
  else if (g_str_equal (type, "said"))
    g_signal_emit (self, signals[SIGNAL_CHAT], 0, json_object_get_string_member (message, "from"),
                   json_object_get_string_member (message, "text"));
}

/* ------------------------------------------------------------------ */
/* Requests                                                           */
/* ------------------------------------------------------------------ */

static void
mm_online_game_sent_cb (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  g_autoptr(JsonObject) reply = NULL;
  GError *error = NULL;

  reply = mm_lobby_client_request_finish (MM_LOBBY_CLIENT (source), result, &error);
  if (reply == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_boolean (task, TRUE);
}

static void
mm_online_game_send_request (MmOnlineGame        *self,
                             JsonObject          *request,
                             GCancellable        *cancellable,
                             GAsyncReadyCallback  callback,
                             gpointer             user_data)
{
  GTask *task = g_task_new (self, cancellable, callback, user_data);

  if (self->client == NULL)
    {
      g_task_return_new_error (task, MM_LOBBY_CLIENT_ERROR, MM_LOBBY_CLIENT_ERROR_NOT_CONNECTED,
                               _("Not connected to a server."));
      g_object_unref (task);
      return;
    }
  json_object_set_string_member (request, "game", self->id);
  mm_lobby_client_request_async (self->client, request, cancellable, mm_online_game_sent_cb, task);
}

/**
 * mm_online_game_send_async:
 * @type: "resign", "abort", "ask-undo" or "rematch"
 *
 * Asks the server for @type in this game; a refusal comes as a GError
 * with a sentence for the person.
 */
void
mm_online_game_send_async (MmOnlineGame        *self,
                           const char          *type,
                           GCancellable        *cancellable,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(JsonObject) request = NULL;

  g_return_if_fail (MM_IS_ONLINE_GAME (self));

  request = mm_protocol_new_message (type, NULL);
  mm_online_game_send_request (self, request, cancellable, callback, user_data);
}

void
mm_online_game_answer_undo_async (MmOnlineGame        *self,
                                  gboolean             accept,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autoptr(JsonObject) request = NULL;

  g_return_if_fail (MM_IS_ONLINE_GAME (self));

  request = mm_protocol_new_message ("answer-undo", NULL);
  json_object_set_boolean_member (request, "accept", accept);
  if (self->undo_asked)
    {
      self->undo_asked = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNDO_ASKED]);
    }
  mm_online_game_send_request (self, request, cancellable, callback, user_data);
}

/* Says @text in the game's room: the players', or the spectators'. */
void
mm_online_game_say_async (MmOnlineGame        *self,
                          const char          *text,
                          GCancellable        *cancellable,
                          GAsyncReadyCallback  callback,
                          gpointer             user_data)
{
  g_autoptr(JsonObject) request = NULL;

  g_return_if_fail (MM_IS_ONLINE_GAME (self));

  request = mm_protocol_new_message ("say", NULL);
  json_object_set_string_member (request, "room",
                                 self->role == MM_ONLINE_ROLE_SPECTATOR ? "spectators" : "game");
  json_object_set_string_member (request, "text", text);
  mm_online_game_send_request (self, request, cancellable, callback, user_data);
}

gboolean
mm_online_game_send_finish (MmOnlineGame  *self,
                            GAsyncResult  *result,
                            GError       **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
mm_online_game_move_sent_cb (GObject      *source,
                             GAsyncResult *result,
                             gpointer      user_data)
{
  g_autoptr(MmOnlineGame) self = user_data;
  g_autoptr(GError) error = NULL;

  if (mm_online_game_send_finish (self, result, &error))
    return;
  /* The person chooses again (the server's word may be a move of the
   * opponent's after an undo, or a lost line). */
  for (int i = 0; i < 2; i++)
    if (mm_player_is_local_person (MM_PLAYER (self->seats[i])))
      mm_online_seat_refuse (self->seats[i]);
  g_signal_emit (self, signals[SIGNAL_MOVE_REFUSED], 0, error);
}

static void
mm_online_game_chosen_cb (MmOnlineSeat *seat,
                          int           square,
                          MmOnlineGame *self)
{
  g_autoptr(JsonObject) move = mm_protocol_new_message ("move", NULL);
  char text[3];

  mm_square_format (square, text);
  json_object_set_string_member (move, "square", text);
  mm_online_game_send_request (self, move, NULL, mm_online_game_move_sent_cb, g_object_ref (self));
}

static void
mm_online_game_follow (MmOnlineGame *self,
                       MmMatch      *match)
{
  self->match = g_object_ref (match);
  self->game = g_object_ref (mm_match_get_game (match));
  g_signal_connect_object (self->game, "move-played", G_CALLBACK (mm_online_game_move_played_cb),
                           self, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
}

static void
mm_online_game_unfollow (MmOnlineGame *self)
{
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->match);
  g_clear_object (&self->game);
}

/**
 * mm_online_game_attach:
 * @match: the match to play in, a window's
 *
 * The game goes on in @match from now on: its board takes the game as
 * it stands, and its seats become this game's.  The match the game had
 * is let go.
 */
void
mm_online_game_attach (MmOnlineGame *self,
                       MmMatch      *match)
{
  g_autoptr(MmGameRecord) record = NULL;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (MM_IS_ONLINE_GAME (self));
  g_return_if_fail (MM_IS_MATCH (match));

  if (match == self->match)
    return;
  mm_online_game_flush (self);
  record = mm_game_to_record (self->game);
  mm_online_game_unfollow (self);
  mm_online_game_follow (self, match);
  mm_match_set_clock (match, NULL);
  mm_match_set_seats (match, MM_PLAYER (self->seats[MM_COLOR_BLACK]),
                      MM_PLAYER (self->seats[MM_COLOR_WHITE]));
  if (!mm_game_load_record (self->game, record, &error))
    mm_online_game_desync (self, error);
}

/* The person closes the game: a spectator stops watching; a game that
 * is over is forgotten.  (A game being played goes on on the server:
 * resign first.) */
void
mm_online_game_leave (MmOnlineGame *self)
{
  g_autoptr(MmOnlineGame) hold = NULL;

  g_return_if_fail (MM_IS_ONLINE_GAME (self));

  hold = g_object_ref (self);
  /* The match is the window's now: nothing more of this game goes in. */
  g_clear_handle_id (&self->feed_source, g_source_remove);
  mm_online_game_unfollow (self);
  if (self->client == NULL)
    return;
  if (self->role == MM_ONLINE_ROLE_SPECTATOR && self->end == MM_ONLINE_END_NONE
      && mm_lobby_client_get_state (self->client) == MM_LOBBY_CLIENT_CONNECTED)
    {
      g_autoptr(JsonObject) unwatch = mm_lobby_client_new_request ("unwatch", "game", self->id);

      mm_lobby_client_request_async (self->client, unwatch, NULL, NULL, NULL);
    }
  _mm_lobby_client_forget_game (self->client, self);
}

/* ------------------------------------------------------------------ */
/* The object                                                         */
/* ------------------------------------------------------------------ */

static void
mm_online_game_dispose (GObject *object)
{
  MmOnlineGame *self = MM_ONLINE_GAME (object);

  g_clear_handle_id (&self->feed_source, g_source_remove);
  if (self->client != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->client), (gpointer *) &self->client);
  self->client = NULL;
  if (self->clock != NULL)
    mm_clock_stop (self->clock);
  mm_online_game_unfollow (self);
  for (int i = 0; i < 2; i++)
    g_clear_object (&self->seats[i]);
  g_clear_object (&self->clock);

  G_OBJECT_CLASS (mm_online_game_parent_class)->dispose (object);
}

static void
mm_online_game_finalize (GObject *object)
{
  MmOnlineGame *self = MM_ONLINE_GAME (object);

  g_free (self->id);
  g_free (self->players[0]);
  g_free (self->players[1]);
  g_array_unref (self->pending);

  G_OBJECT_CLASS (mm_online_game_parent_class)->finalize (object);
}

static void
mm_online_game_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  MmOnlineGame *self = MM_ONLINE_GAME (object);

  switch (prop_id)
    {
    case PROP_OVER:
      g_value_set_boolean (value, mm_online_game_is_over (self));
      break;
    case PROP_UNDO_ASKED:
      g_value_set_boolean (value, self->undo_asked);
      break;
    case PROP_OPPONENT_AWAY:
      g_value_set_uint (value, mm_online_game_get_opponent_away (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_online_game_class_init (MmOnlineGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mm_online_game_dispose;
  object_class->finalize = mm_online_game_finalize;
  object_class->get_property = mm_online_game_get_property;

  properties[PROP_OVER] =
    g_param_spec_boolean ("over", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* The opponent asks to take back their last move. */
  properties[PROP_UNDO_ASKED] =
    g_param_spec_boolean ("undo-asked", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Notified when the opponent's line drops and when they are back; the
   * value is the seconds they have left to come back (read it again
   * each second for a countdown). */
  properties[PROP_OPPONENT_AWAY] =
    g_param_spec_uint ("opponent-away", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The server refused the person's move (a GError with a sentence). */
  signals[SIGNAL_MOVE_REFUSED] =
    g_signal_new ("move-refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
  signals[SIGNAL_UNDO_REFUSED] =
    g_signal_new ("undo-refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_REMATCH_ASKED] =
    g_signal_new ("rematch-asked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
  /* Chat in the game's room: who, what. */
  signals[SIGNAL_CHAT] =
    g_signal_new ("chat", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_STRING);
  signals[SIGNAL_ENDED] =
    g_signal_new ("ended", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
}

static void
mm_online_game_init (MmOnlineGame *self)
{
  self->pending = g_array_new (FALSE, FALSE, sizeof (int));
  self->ratings[0] = self->ratings[1] = -1;
  self->new_ratings[0] = self->new_ratings[1] = -1;
}

/* A game as "game-started" (or a "game-state") describes it; the person
 * here, @own_name, plays one of its colours or watches. */
MmOnlineGame *
_mm_online_game_new (MmLobbyClient *client,
                     JsonObject    *started,
                     const char    *own_name)
{
  MmOnlineGame *self = g_object_new (MM_TYPE_ONLINE_GAME, NULL);

  self->client = client;
  g_object_add_weak_pointer (G_OBJECT (client), (gpointer *) &self->client);
  self->id = g_strdup (json_object_get_string_member (started, "game"));
  self->players[MM_COLOR_BLACK] = g_strdup (json_object_get_string_member (started, "black"));
  self->players[MM_COLOR_WHITE] = g_strdup (json_object_get_string_member (started, "white"));
  self->base = (guint) json_object_get_int_member (started, "base");
  self->increment = (guint) json_object_get_int_member (started, "increment");
  self->rated = json_object_get_boolean_member (started, "rated");
  self->role = g_strcmp0 (own_name, self->players[MM_COLOR_BLACK]) == 0 ? MM_ONLINE_ROLE_BLACK
             : g_strcmp0 (own_name, self->players[MM_COLOR_WHITE]) == 0 ? MM_ONLINE_ROLE_WHITE
             : MM_ONLINE_ROLE_SPECTATOR;

  {
    g_autoptr(MmMatch) match = mm_match_new (NULL);

    mm_online_game_follow (self, match);
  }
  for (int color = 0; color < 2; color++)
    {
      self->ratings[color] = mm_lobby_client_lookup_rating (client, self->players[color]);
      mm_game_set_player_name (self->game, (MmColor) color, self->players[color]);
      self->seats[color] = mm_online_seat_new (self->players[color], (int) self->role == color);
      if ((int) self->role == color)
        g_signal_connect_object (self->seats[color], "chosen",
                                 G_CALLBACK (mm_online_game_chosen_cb), self, 0);
    }
  mm_match_set_seats (self->match, MM_PLAYER (self->seats[MM_COLOR_BLACK]),
                      MM_PLAYER (self->seats[MM_COLOR_WHITE]));
  if (self->base > 0)
    {
      self->clock = mm_clock_new ((gint64) self->base * G_USEC_PER_SEC,
                                  (gint64) self->increment * G_USEC_PER_SEC);
      mm_clock_start (self->clock, MM_COLOR_BLACK);
    }
  return self;
}

const char *
mm_online_game_get_id (MmOnlineGame *self)
{
  g_return_val_if_fail (MM_IS_ONLINE_GAME (self), NULL);
  return self->id;
}

const char *
mm_online_game_get_player (MmOnlineGame *self,
                           MmColor       color)
{
  g_return_val_if_fail (MM_IS_ONLINE_GAME (self), NULL);
  return self->players[color];
}

/* The player's rating when the game began, or -1 (a guest). */
int
mm_online_game_get_rating (MmOnlineGame *self,
                           MmColor       color)
{
  g_return_val_if_fail (MM_IS_ONLINE_GAME (self), -1);
  return self->ratings[color];
}

/* After a rated game: the player's rating now, or -1. */
int
mm_online_game_get_new_rating (MmOnlineGame *self,
                               MmColor       color)
{
  g_return_val_if_fail (MM_IS_ONLINE_GAME (self), -1);
  return self->new_ratings[color];
}

guint
mm_online_game_get_base (MmOnlineGame *self)
{
  g_return_val_if_fail (MM_IS_ONLINE_GAME (self), 0);
  return self->base;
}

guint
mm_online_game_get_increment (MmOnlineGame *self)
{
  g_return_val_if_fail (MM_IS_ONLINE_GAME (self), 0);
  return self->increment;
}

gboolean
mm_online_game_is_rated (MmOnlineGame *self)
{
  g_return_val_if_fail (MM_IS_ONLINE_GAME (self), FALSE);
  return self->rated;
}

MmOnlineRole
mm_online_game_get_role (MmOnlineGame *self)
{
  g_return_val_if_fail (MM_IS_ONLINE_GAME (self), MM_ONLINE_ROLE_SPECTATOR);
  return self->role;
}

gboolean
mm_online_game_is_spectator (MmOnlineGame *self)
{
  g_return_val_if_fail (MM_IS_ONLINE_GAME (self), TRUE);
  return self->role == MM_ONLINE_ROLE_SPECTATOR;
}

MmMatch *
mm_online_game_get_match (MmOnlineGame *self)
{
  g_return_val_if_fail (MM_IS_ONLINE_GAME (self), NULL);
  return self->match;
}

/* The server's clocks as they count down here; NULL in an untimed game. */
MmClock *
mm_online_game_get_clock (MmOnlineGame *self)
{
  g_return_val_if_fail (MM_IS_ONLINE_GAME (self), NULL);
  return self->clock;
}

/* The client the game came from, or NULL once it is gone. */
MmLobbyClient *
mm_online_game_get_client (MmOnlineGame *self)
{
  g_return_val_if_fail (MM_IS_ONLINE_GAME (self), NULL);
  return self->client;
}

gboolean
mm_online_game_is_over (MmOnlineGame *self)
{
  g_return_val_if_fail (MM_IS_ONLINE_GAME (self), FALSE);
  return self->end != MM_ONLINE_END_NONE;
}

/* How the game ended (NONE while it goes on), and who won. */
MmOnlineEnd
mm_online_game_get_end (MmOnlineGame *self,
                        MmDisc       *winner)
{
  g_return_val_if_fail (MM_IS_ONLINE_GAME (self), MM_ONLINE_END_NONE);

  if (winner != NULL)
    *winner = self->winner;
  return self->end;
}

/* The end as a sentence, or NULL while the game goes on. */
char *
mm_online_game_describe_end (MmOnlineGame *self)
{
  const char *winner;

  g_return_val_if_fail (MM_IS_ONLINE_GAME (self), NULL);

  if (self->end == MM_ONLINE_END_NONE)
    return NULL;
  if (self->end == MM_ONLINE_END_ABORTED)
    return g_strdup (_("The game was called off."));
  if (self->winner == MM_DISC_NONE)
    return g_strdup (_("The game is a draw."));
  winner = self->players[self->winner == MM_DISC_BLACK ? MM_COLOR_BLACK : MM_COLOR_WHITE];
  switch (self->end)
    {
    case MM_ONLINE_END_RESIGNATION:
      /* Translators: %s is the winner's name */
      return g_strdup_printf (_("%s wins: the opponent resigned."), winner);
    case MM_ONLINE_END_TIME:
      return g_strdup_printf (_("%s wins on time."), winner);
    case MM_ONLINE_END_ABANDONMENT:
      return g_strdup_printf (_("%s wins: the opponent did not come back."), winner);
    case MM_ONLINE_END_BOARD:
    default:
      return g_strdup_printf (_("%s wins on the board."), winner);
    }
}

/* The seconds the opponent has left to come back, or 0 while they are
 * here. */
guint
mm_online_game_get_opponent_away (MmOnlineGame *self)
{
  gint64 left;

  g_return_val_if_fail (MM_IS_ONLINE_GAME (self), 0);

  if (self->opponent_back_by == 0)
    return 0;
  left = self->opponent_back_by - g_get_monotonic_time ();
  return left > 0 ? (guint) ((left + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC) : 0;
}

gboolean
mm_online_game_get_undo_asked (MmOnlineGame *self)
{
  g_return_val_if_fail (MM_IS_ONLINE_GAME (self), FALSE);
  return self->undo_asked;
}
