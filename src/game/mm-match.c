/* mm-match.c
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

#define G_LOG_DOMAIN "mm-match"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-local-player.h"
#include "mm-match-private.h"


enum
{
  PROP_0,
  PROP_GAME,
  PROP_CLOCK,
  PROP_RESULT,
  PROP_THINKING,
  PROP_PAUSED,
  N_PROPS
};

enum
{
  SIGNAL_SEATS_CHANGED,
  SIGNAL_SEAT_FAILED,
  SIGNAL_AUTOSAVE_FAILED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MmMatch, mm_match, G_TYPE_OBJECT)

G_DEFINE_QUARK (mm-match-error-quark, mm_match_error)

GType
mm_match_result_get_type (void)
{
  static gsize type = 0;
  static const GEnumValue values[] = {
    { MM_MATCH_RESULT_NONE, "MM_MATCH_RESULT_NONE", "none" },
    { MM_MATCH_RESULT_BOARD, "MM_MATCH_RESULT_BOARD", "board" },
    { MM_MATCH_RESULT_TIME, "MM_MATCH_RESULT_TIME", "time" },
    { MM_MATCH_RESULT_RESIGNATION, "MM_MATCH_RESULT_RESIGNATION", "resignation" },
    { 0, NULL, NULL },
  };

  if (g_once_init_enter (&type))
    g_once_init_leave (&type, g_enum_register_static ("MmMatchResult", values));
  return type;
}

static void mm_match_schedule_ask (MmMatch *self);

/* ------------------------------------------------------------------ */
/* The result                                                         */
/* ------------------------------------------------------------------ */

/* The game's own record says how it ended: a loss on time or a
 * resignation is its result tag, which any change of position forgets. */
static MmMatchResult
mm_match_compute_result (MmMatch *self,
                         MmColor *loser)
{
  if (mm_game_get_lost_on_time (self->game, loser))
    return MM_MATCH_RESULT_TIME;
  if (mm_game_get_resigned (self->game, loser))
    return MM_MATCH_RESULT_RESIGNATION;
  if (mm_game_is_over (self->game))
    return MM_MATCH_RESULT_BOARD;
  return MM_MATCH_RESULT_NONE;
}

void
_mm_match_update_result (MmMatch *self)
{
  MmMatchResult result = mm_match_compute_result (self, NULL);

  if (result == self->result)
    return;
  self->result = result;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESULT]);
}

/* ------------------------------------------------------------------ */
/* Asking the seats                                                   */
/* ------------------------------------------------------------------ */

/* A question to a seat.  The seat's job holds it until the answer, so
 * it holds the match weakly: a match let go of while a seat thinks goes,
 * and the answer with it. */
typedef struct
{
  GWeakRef      match;
  GCancellable *cancellable;
  MmColor       color;
} Request;

static void
request_free (Request *request)
{
  g_weak_ref_clear (&request->match);
  g_object_unref (request->cancellable);
  g_free (request);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Request, request_free)

static void
mm_match_notify_thinking (MmMatch *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
}

/* Ends the request in progress, if any: its answer will be dropped. */
void
_mm_match_stop_request (MmMatch *self)
{
  g_clear_handle_id (&self->ask_source, g_source_remove);
  if (self->request == NULL)
    return;

  g_cancellable_cancel (self->request);
  g_clear_object (&self->request);
  self->confirming = FALSE;
  mm_match_notify_thinking (self);
}

static void
mm_match_set_failure (MmMatch *self,
                      MmColor  color,
                      GError  *error)
{
  g_clear_error (&self->failure);
  self->failure = error;
  self->failed_color = color;
  g_signal_emit (self, signals[SIGNAL_SEAT_FAILED], 0, color, error);
}

static void
mm_match_clear_failure (MmMatch *self)
{
  g_clear_error (&self->failure);
}

/* The answer of the seat asked, played like any move.  A seat's wrong
 * answer stops the match with the reason, as a seat that failed. */
static void
mm_match_take_answer (MmMatch *self,
                      MmColor  color,
                      int      square,
                      GError  *error)
{
  g_autoptr(GError) play_error = NULL;

  if (square == MM_SQUARE_NONE)
    {
      mm_match_set_failure (self, color, error);
      return;
    }
  g_clear_error (&error);

  if (square == MM_SQUARE_PASS)
    /* MmGame passes by itself for a side without a move: a seat is only
     * asked when it has one. */
    play_error = g_error_new (MM_GAME_ERROR, MM_GAME_ERROR_INVALID_SQUARE,
                              color == MM_COLOR_BLACK
                              /* Translators: a program or a server answered “pass” for a player that can move */
                              ? _("Black passed although it has a move")
                              : _("White passed although it has a move"));
  else
    mm_game_play (self->game, square, &play_error);

  if (play_error != NULL)
    mm_match_set_failure (self, color, g_steal_pointer (&play_error));
}

static void
mm_match_moved_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(Request) request = user_data;
  g_autoptr(MmMatch) self = g_weak_ref_get (&request->match);
  GError *error = NULL;
  int square;

  square = mm_player_request_move_finish (MM_PLAYER (source), result, &error);
  if (self == NULL || request->cancellable != self->request
      || g_cancellable_is_cancelled (request->cancellable) || self->game == NULL)
    {
      g_clear_error (&error);
      return;
    }

  g_clear_object (&self->request);
  self->confirming = FALSE;
  mm_match_notify_thinking (self);
  /* Someone else ended the seat's job (a new one of its own, a stop):
   * no failure of the seat's; it is asked again. */
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      g_clear_error (&error);
      mm_match_schedule_ask (self);
      return;
    }
  mm_match_take_answer (self, request->color, square, error);
}

/* Whether the seat to move is to be asked now. */
static gboolean
mm_match_wants_answer (MmMatch *self)
{
  return !self->paused && self->failure == NULL && self->request == NULL
         && !mm_match_is_finished (self) && self->seats[MM_COLOR_BLACK] != NULL;
}

static void
mm_match_ask (MmMatch *self)
{
  g_autoptr(MmGameRecord) record = NULL;
  Request *request;
  MmColor color;

  g_clear_handle_id (&self->ask_source, g_source_remove);
  if (!mm_match_wants_answer (self))
    return;

  color = mm_game_get_side_to_move (self->game);
  self->request = g_cancellable_new ();
  self->request_color = color;
  request = g_new0 (Request, 1);
  g_weak_ref_init (&request->match, self);
  request->cancellable = g_object_ref (self->request);
  request->color = color;
  record = mm_game_to_record (self->game);
  mm_player_request_move_async (self->seats[color], record, self->request,
                                mm_match_moved_cb, request);
  mm_match_notify_thinking (self);
}

static gboolean
mm_match_ask_cb (gpointer data)
{
  MmMatch *self = data;

  self->ask_source = 0;
  mm_match_ask (self);
  return G_SOURCE_REMOVE;
}

/* The seat to move is asked once the change that led to the position is
 * complete (a move and a pass make several notifications), before the
 * next frame: an animation must not hold a search back. */
static void
mm_match_schedule_ask (MmMatch *self)
{
  if (self->ask_source == 0 && mm_match_wants_answer (self))
    self->ask_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE, mm_match_ask_cb, self, NULL);
}

/* ------------------------------------------------------------------ */
/* Clocks                                                             */
/* ------------------------------------------------------------------ */

/* The clocks follow the side to move; they stop at the end, and while
 * the match waits. */
static void
mm_match_update_clock (MmMatch *self)
{
  if (self->clock == NULL || self->result == MM_MATCH_RESULT_TIME)
    {
      self->clock_mover = -1;
      return;
    }

  if (self->result != MM_MATCH_RESULT_NONE)
    mm_clock_stop (self->clock);
  else if (self->clock_mover >= 0)
    mm_clock_moved (self->clock, (MmColor) self->clock_mover,
                    mm_game_get_side_to_move (self->game));
  else if (!mm_clock_is_running (self->clock)
           || mm_clock_get_side (self->clock) != mm_game_get_side_to_move (self->game))
    /* Not a move (undo, a new position): the side to move's time runs,
     * and nobody earns an increment. */
    mm_clock_start (self->clock, mm_game_get_side_to_move (self->game));
  self->clock_mover = -1;
}


static void
mm_match_clock_expired_cb (MmMatch *self,
                           MmColor  loser)
{
  _mm_match_stop_request (self);
  /* The record says so too, and the autosave keeps it. */
  mm_game_set_lost_on_time (self->game, loser);
  _mm_match_update_result (self);
  _mm_match_schedule_autosave (self);
}

/* ------------------------------------------------------------------ */
/* Following the game                                                 */
/* ------------------------------------------------------------------ */

static void
mm_match_move_played_cb (MmMatch *self,
                         MmColor  color)
{
  /* The move is counted once the game says who is to move next, after
   * a pass if there is one; a move brought back by redo earned its
   * increment when it was first played. */
  if (!self->redoing)
    self->clock_mover = color;
}

/* A new position: whoever was asked about the old one is not any more,
 * and whoever is to move in this one will be. */
static void
mm_match_position_cb (MmMatch *self)
{
  _mm_match_stop_request (self);
  mm_match_clear_failure (self);
  mm_match_schedule_ask (self);
  _mm_match_schedule_autosave (self);
}

/* Every change of the game ends in a notification; the result and the
 * clocks follow it. */
static void
mm_match_game_notify_cb (MmMatch *self)
{
  _mm_match_update_result (self);
  /* While paused the clocks wait for the match to go on. */
  if (!self->paused)
    mm_match_update_clock (self);
  mm_match_schedule_ask (self);
}

gboolean
_mm_match_autosave_cb (gpointer data)
{
  MmMatch *self = data;
  g_autoptr(GError) error = NULL;

  self->autosave_source = 0;
  if (!mm_match_save_session (self, &error))
    g_signal_emit (self, signals[SIGNAL_AUTOSAVE_FAILED], 0, error);
  return G_SOURCE_REMOVE;
}

/* ------------------------------------------------------------------ */
/* The object                                                         */
/* ------------------------------------------------------------------ */

static void
mm_match_dispose (GObject *object)
{
  MmMatch *self = MM_MATCH (object);

  if (self->autosave_source != 0)
    _mm_match_autosave_cb (self);
  _mm_match_stop_request (self);
  if (self->clock != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->clock, self);
      mm_clock_stop (self->clock);
    }
  g_clear_object (&self->clock);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  for (MmColor color = MM_COLOR_BLACK; color <= MM_COLOR_WHITE; color++)
    if (self->seats[color] != NULL)
      {
        mm_player_set_clock (self->seats[color], NULL);
        g_clear_object (&self->seats[color]);
      }
  g_clear_object (&self->autosave);

  G_OBJECT_CLASS (mm_match_parent_class)->dispose (object);
}

static void
mm_match_finalize (GObject *object)
{
  MmMatch *self = MM_MATCH (object);

  g_clear_error (&self->failure);
  g_free (self->document_uri);
  g_hash_table_unref (self->session);

  G_OBJECT_CLASS (mm_match_parent_class)->finalize (object);
}

static void
mm_match_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  MmMatch *self = MM_MATCH (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_CLOCK:
      g_value_set_object (value, self->clock);
      break;
    case PROP_RESULT:
      g_value_set_enum (value, self->result);
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, mm_match_get_thinking (self));
      break;
    case PROP_PAUSED:
      g_value_set_boolean (value, self->paused);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_match_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  MmMatch *self = MM_MATCH (object);

  switch (prop_id)
    {
    case PROP_GAME:
      self->game = g_value_dup_object (value);
      break;
    case PROP_CLOCK:
      mm_match_set_clock (self, g_value_get_object (value));
      break;
    case PROP_PAUSED:
      mm_match_set_paused (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_match_constructed (GObject *object)
{
  MmMatch *self = MM_MATCH (object);

  G_OBJECT_CLASS (mm_match_parent_class)->constructed (object);

  if (self->game == NULL)
    self->game = mm_game_new ();
  g_signal_connect_object (self->game, "move-played",
                           G_CALLBACK (mm_match_move_played_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "position-changed",
                           G_CALLBACK (mm_match_position_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::n-moves",
                           G_CALLBACK (mm_match_position_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::black-player",
                           G_CALLBACK (_mm_match_schedule_autosave), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::white-player",
                           G_CALLBACK (_mm_match_schedule_autosave), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify",
                           G_CALLBACK (mm_match_game_notify_cb), self, G_CONNECT_SWAPPED);
  self->result = mm_match_compute_result (self, NULL);
  mm_match_set_seats (self, NULL, NULL);
}

static void
mm_match_class_init (MmMatchClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = mm_match_constructed;
  object_class->dispose = mm_match_dispose;
  object_class->finalize = mm_match_finalize;
  object_class->get_property = mm_match_get_property;
  object_class->set_property = mm_match_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, MM_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CLOCK] =
    g_param_spec_object ("clock", NULL, NULL, MM_TYPE_CLOCK,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* How the game ended, or MM_MATCH_RESULT_NONE while it goes on. */
  properties[PROP_RESULT] =
    g_param_spec_enum ("result", NULL, NULL, MM_TYPE_MATCH_RESULT, MM_MATCH_RESULT_NONE,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Whether a seat that is not a person here works out a move. */
  properties[PROP_THINKING] =
    g_param_spec_boolean ("thinking", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* While paused nobody is asked to move: an earlier position is shown,
   * or the board is being set up. */
  properties[PROP_PAUSED] =
    g_param_spec_boolean ("paused", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The seats changed (who plays is shown anew). */
  signals[SIGNAL_SEATS_CHANGED] =
    g_signal_new ("seats-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * MmMatch::seat-failed:
   * @color: the seat that could not move
   * @error: why, a sentence for the user
   *
   * A seat failed to move (an engine crashed or broke the rules): the
   * match asks nobody until the position or the seats change.
   */
  signals[SIGNAL_SEAT_FAILED] =
    g_signal_new ("seat-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, MM_TYPE_COLOR, G_TYPE_ERROR);
  /* The game in progress could not be written for the next start. */
  signals[SIGNAL_AUTOSAVE_FAILED] =
    g_signal_new ("autosave-failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);
}

static void
mm_match_init (MmMatch *self)
{
  self->clock_mover = -1;
  self->session = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

/**
 * mm_match_new:
 * @game: (nullable): the game to play on; %NULL for a new one
 *
 * A match between two people here, until mm_match_set_seats().
 */
MmMatch *
mm_match_new (MmGame *game)
{
  return g_object_new (MM_TYPE_MATCH, "game", game, NULL);
}

MmGame *
mm_match_get_game (MmMatch *self)
{
  g_return_val_if_fail (MM_IS_MATCH (self), NULL);

  return self->game;
}

/**
 * mm_match_set_seats:
 * @black: (nullable): who plays Black; %NULL for a person here
 * @white: (nullable): who plays White; %NULL for a person here
 *
 * The seats of the game from now on: a request in progress ends, and
 * the seat to move is asked.
 */
void
mm_match_set_seats (MmMatch  *self,
                    MmPlayer *black,
                    MmPlayer *white)
{
  MmPlayer *seats[2] = { black, white };

  g_return_if_fail (MM_IS_MATCH (self));
  g_return_if_fail (black == NULL || MM_IS_PLAYER (black));
  g_return_if_fail (white == NULL || MM_IS_PLAYER (white));

  _mm_match_stop_request (self);
  for (MmColor color = MM_COLOR_BLACK; color <= MM_COLOR_WHITE; color++)
    {
      /* The new seat may be the old one: it is taken before that goes. */
      MmPlayer *seat = seats[color] != NULL ? g_object_ref (seats[color])
                                            : MM_PLAYER (mm_local_player_new (NULL));

      /* A seat that leaves may play elsewhere, on another clock or none. */
      if (self->seats[color] != NULL)
        mm_player_set_clock (self->seats[color], NULL);
      g_clear_object (&self->seats[color]);
      self->seats[color] = seat;
      mm_player_set_clock (seat, self->clock);
    }
  mm_match_clear_failure (self);
  g_signal_emit (self, signals[SIGNAL_SEATS_CHANGED], 0);
  mm_match_schedule_ask (self);
}

MmPlayer *
mm_match_get_seat (MmMatch *self,
                   MmColor  color)
{
  g_return_val_if_fail (MM_IS_MATCH (self), NULL);

  return self->seats[color];
}

/* Whether the game goes on and a person here is to move. */
gboolean
mm_match_is_local_turn (MmMatch *self)
{
  g_return_val_if_fail (MM_IS_MATCH (self), FALSE);

  return !mm_match_is_finished (self)
         && mm_player_is_local_person (self->seats[mm_game_get_side_to_move (self->game)]);
}

/* Whether a person here plays at least one side. */
gboolean
mm_match_has_local_seat (MmMatch *self)
{
  g_return_val_if_fail (MM_IS_MATCH (self), FALSE);

  return mm_player_is_local_person (self->seats[MM_COLOR_BLACK])
         || mm_player_is_local_person (self->seats[MM_COLOR_WHITE]);
}

/* Whether the match waits for a seat that is not a person here. */
gboolean
mm_match_get_thinking (MmMatch *self)
{
  g_return_val_if_fail (MM_IS_MATCH (self), FALSE);

  return self->request != NULL && !mm_player_is_local_person (self->seats[self->request_color]);
}

/**
 * mm_match_set_clock:
 * @clock: (nullable): the clocks, with the time each side has left;
 *   %NULL for an untimed game
 */
void
mm_match_set_clock (MmMatch *self,
                    MmClock *clock)
{
  g_return_if_fail (MM_IS_MATCH (self));
  g_return_if_fail (clock == NULL || MM_IS_CLOCK (clock));

  if (self->clock == clock)
    return;
  if (self->clock != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->clock, self);
      mm_clock_stop (self->clock);
    }
  g_set_object (&self->clock, clock);
  self->clock_mover = -1;
  for (MmColor color = MM_COLOR_BLACK; color <= MM_COLOR_WHITE; color++)
    if (self->seats[color] != NULL)
      mm_player_set_clock (self->seats[color], clock);
  if (clock != NULL)
    g_signal_connect_object (clock, "expired", G_CALLBACK (mm_match_clock_expired_cb), self,
                             G_CONNECT_SWAPPED);
  if (!self->paused)
    mm_match_update_clock (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOCK]);
}

MmClock *
mm_match_get_clock (MmMatch *self)
{
  g_return_val_if_fail (MM_IS_MATCH (self), NULL);

  return self->clock;
}

/**
 * mm_match_set_paused:
 *
 * While paused nobody is asked to move (a request in progress ends) and
 * no move is taken.  A person here to move may think on, and the
 * person's time goes on; a program's, which may not think, stops.
 * Unpaused, the clocks run for the side to move again and that side is
 * asked.
 */
void
mm_match_set_paused (MmMatch  *self,
                     gboolean  paused)
{
  g_return_if_fail (MM_IS_MATCH (self));

  paused = !!paused;
  if (self->paused == paused)
    return;
  self->paused = paused;
  if (paused)
    {
      _mm_match_stop_request (self);
      /* A program that may not think does not lose its time meanwhile;
       * a person here may think on, and the person's time goes on. */
      if (self->clock != NULL && !mm_match_is_finished (self)
          && !mm_match_is_local_turn (self))
        mm_clock_stop (self->clock);
    }
  else
    {
      mm_match_update_clock (self);
      mm_match_schedule_ask (self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
}

gboolean
mm_match_get_paused (MmMatch *self)
{
  g_return_val_if_fail (MM_IS_MATCH (self), FALSE);

  return self->paused;
}

/**
 * mm_match_play:
 * @square: 0 (a1) to 63 (h8)
 *
 * The person here whose turn it is plays @square.  It stands at once, or
 * once the seat's confirmation comes (online).
 *
 * Returns: %FALSE with @error in %MM_MATCH_ERROR when it is not a person
 *   here's move, or in %MM_GAME_ERROR when the move is not legal
 */
gboolean
mm_match_play (MmMatch  *self,
               int       square,
               GError  **error)
{
  g_autoptr(GCancellable) request = NULL;
  MmColor color;

  g_return_val_if_fail (MM_IS_MATCH (self), FALSE);

  if (mm_match_is_finished (self))
    {
      g_set_error_literal (error, MM_MATCH_ERROR, MM_MATCH_ERROR_FINISHED,
                           _("The game is over; no more moves can be played"));
      return FALSE;
    }
  if (self->paused)
    {
      g_set_error_literal (error, MM_MATCH_ERROR, MM_MATCH_ERROR_PAUSED,
                           _("The game is paused."));
      return FALSE;
    }
  color = mm_game_get_side_to_move (self->game);
  if (!mm_player_is_local_person (self->seats[color]))
    {
      g_set_error (error, MM_MATCH_ERROR, MM_MATCH_ERROR_NOT_YOUR_TURN,
                   /* Translators: shown on a click on the board while the other player is to move; %s is its name */
                   _("Wait for the move of %s."), mm_player_get_display_name (self->seats[color]));
      return FALSE;
    }
  if (self->confirming)
    {
      g_set_error_literal (error, MM_MATCH_ERROR, MM_MATCH_ERROR_PENDING,
                           _("Your move waits for its confirmation."));
      return FALSE;
    }
  if (!mm_game_check_play (self->game, square, error))
    return FALSE;

  /* The person's seat is asked before the first frame: a click may come
   * first. */
  if (self->request == NULL)
    {
      mm_match_clear_failure (self);
      mm_match_ask (self);
    }
  /* The match lets go of the request before the seat answers it: the
   * answer may come at once (from inside a main loop source, GTask calls
   * back straight away), and a choice that stands is played here. */
  request = g_steal_pointer (&self->request);
  if (!mm_player_choose (self->seats[color], square))
    {
      /* It waits for a confirmation, which answers the request. */
      self->request = g_steal_pointer (&request);
      self->confirming = self->request != NULL;
      return TRUE;
    }

  return mm_game_play (self->game, square, error);
}

/* Undo and redo are for a game going on or over on the board; a loss on
 * time or a resignation stands. */
gboolean
mm_match_can_undo (MmMatch *self)
{
  g_return_val_if_fail (MM_IS_MATCH (self), FALSE);

  return (self->result == MM_MATCH_RESULT_NONE || self->result == MM_MATCH_RESULT_BOARD)
         && mm_game_can_undo (self->game);
}

gboolean
mm_match_can_redo (MmMatch *self)
{
  g_return_val_if_fail (MM_IS_MATCH (self), FALSE);

  return self->result == MM_MATCH_RESULT_NONE && mm_game_can_redo (self->game);
}

/* Against a program, a person's move and its reply go together. */
static gboolean
mm_match_program_to_move (MmMatch *self)
{
  return mm_match_has_local_seat (self) && !mm_game_is_over (self->game)
         && !mm_player_is_local_person (self->seats[mm_game_get_side_to_move (self->game)]);
}

/**
 * mm_match_undo:
 *
 * Takes back the last move; against a program its reply goes too, so
 * that the person moves again.
 */
gboolean
mm_match_undo (MmMatch *self)
{
  g_return_val_if_fail (MM_IS_MATCH (self), FALSE);

  if (!mm_match_can_undo (self))
    return FALSE;
  _mm_match_stop_request (self);
  if (!mm_game_undo (self->game))
    return FALSE;
  while (mm_match_program_to_move (self) && mm_game_can_undo (self->game))
    mm_game_undo (self->game);
  return TRUE;
}

gboolean
mm_match_redo (MmMatch *self)
{
  gboolean redone;

  g_return_val_if_fail (MM_IS_MATCH (self), FALSE);

  if (!mm_match_can_redo (self))
    return FALSE;
  _mm_match_stop_request (self);
  self->redoing = TRUE;
  redone = mm_game_redo (self->game);
  while (redone && mm_match_program_to_move (self) && mm_game_can_redo (self->game))
    mm_game_redo (self->game);
  self->redoing = FALSE;
  return redone;
}

/**
 * mm_match_play_from:
 * @n_moves: how many moves of the game stay
 *
 * The game goes on from the position after @n_moves moves: the moves
 * after it are taken back (redo can still bring them) and whoever is to
 * move there is asked, a program too.
 */
gboolean
mm_match_play_from (MmMatch *self,
                    guint    n_moves)
{
  g_return_val_if_fail (MM_IS_MATCH (self), FALSE);

  if (self->result == MM_MATCH_RESULT_TIME || self->result == MM_MATCH_RESULT_RESIGNATION)
    return FALSE;
  _mm_match_stop_request (self);
  while (mm_game_get_n_moves (self->game) > n_moves && mm_game_undo (self->game))
    ;
  /* Undo takes a disc back with the passes after it: a position right
   * after a pass comes back with the disc before it. */
  if (mm_game_get_n_moves (self->game) < n_moves)
    mm_game_redo (self->game);
  /* Where nothing changed, the seat to move is asked again all the same. */
  mm_match_schedule_ask (self);
  return TRUE;
}

/* @loser gives the game up; the record says so (RE[±64.00:r]). */
void
mm_match_resign (MmMatch *self,
                 MmColor  loser)
{
  g_return_if_fail (MM_IS_MATCH (self));

  if (mm_match_is_finished (self))
    return;
  _mm_match_stop_request (self);
  mm_game_set_resigned (self->game, loser);
  _mm_match_update_result (self);
  if (self->clock != NULL)
    mm_clock_stop (self->clock);
  _mm_match_schedule_autosave (self);
}

/**
 * mm_match_get_result:
 * @loser: (out) (optional): for a loss on time or a resignation, the side
 *   that lost
 */
MmMatchResult
mm_match_get_result (MmMatch *self,
                     MmColor *loser)
{
  g_return_val_if_fail (MM_IS_MATCH (self), MM_MATCH_RESULT_NONE);

  return mm_match_compute_result (self, loser);
}

gboolean
mm_match_is_finished (MmMatch *self)
{
  g_return_val_if_fail (MM_IS_MATCH (self), TRUE);

  return mm_match_compute_result (self, NULL) != MM_MATCH_RESULT_NONE;
}

/**
 * mm_match_get_failure:
 * @color: (out) (optional): the seat that failed
 *
 * Why the seat to move could not move, while the match waits for a
 * change; %NULL otherwise.
 */
const GError *
mm_match_get_failure (MmMatch *self,
                      MmColor *color)
{
  g_return_val_if_fail (MM_IS_MATCH (self), NULL);

  if (self->failure != NULL && color != NULL)
    *color = self->failed_color;
  return self->failure;
}





