/* mm-window-seats.c
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

/* The window's glue of the seats: who the computer plays (the
 * computer-side property), an engine that stopped started again, the
 * spinner while the computer thinks, the hint that gives way to it, and
 * the pause while an earlier position is shown. */

#define G_LOG_DOMAIN "mm-window"

#include "config.h"

#include <glib/gi18n.h>

#include "mm-local-player.h"
#include "mm-window-private.h"

/* ------------------------------------------------------------------ */
/* The computer player                                                */
/* ------------------------------------------------------------------ */

/* The built-in player, for hints; without its weights there is none,
 * and the message bar says why. */
MmAiPlayer *
_mm_window_ensure_ai (MmWindow *self)
{
  g_autoptr(GError) error = NULL;
  MmAiPlayer *ai = mm_opponents_get_ai (self->opponents, &error);

  if (ai == NULL)
    {
      g_warning ("%s", error->message);
      _mm_window_show_message (self, error->message);
      _mm_window_set_event (self, error->message);
    }
  return ai;
}

/* The computer plays the sides given, the people here the others. */
void
_mm_window_set_computer (MmWindow *self,
                         gboolean  black,
                         gboolean  white)
{
  MmPlayer *computer = NULL;
  g_autoptr(MmPlayer) black_person = MM_PLAYER (mm_local_player_new (NULL));
  g_autoptr(MmPlayer) white_person = MM_PLAYER (mm_local_player_new (NULL));

  if (black || white)
    {
      g_autoptr(GError) error = NULL;

      computer = mm_opponents_get_seat (self->opponents, &error);
      if (computer == NULL)
        {
          _mm_window_show_message (self, error->message);
          _mm_window_set_event (self, error->message);
        }
    }
  self->engine_stopped = FALSE;
  if (computer == NULL)
    black = white = FALSE;
  mm_match_set_seats (self->match, black ? computer : black_person,
                      white ? computer : white_person);
  /* An engine tells its name once it is running. */
  if (computer != NULL)
    {
      g_signal_handlers_disconnect_by_func (computer, _mm_window_update_names, self);
      g_signal_connect_object (computer, "notify::" MM_PLAYER_PROP_DISPLAY_NAME,
                               G_CALLBACK (_mm_window_update_names), self, G_CONNECT_SWAPPED);
    }
  _mm_window_update_names (self);
  mm_opponents_save_session (self->opponents, self->match);
  g_object_notify (G_OBJECT (self), "computer-side");
}

const char *
_mm_window_get_computer_side (MmWindow *self)
{
  gboolean black = _mm_window_is_computer (self, MM_COLOR_BLACK);
  gboolean white = _mm_window_is_computer (self, MM_COLOR_WHITE);

  return black && white ? "both" : black ? "black" : white ? "white" : "none";
}

/* The computer takes over @side ("none", "black", "white" or "both") of
 * the game on the board, at the level of the New Game settings: a game
 * that was opened, pasted or set up goes on against it. */
void
_mm_window_set_computer_side (MmWindow   *self,
                              const char *side)
{
  g_autofree char *level = g_settings_get_string (self->settings, "computer-level");
  gboolean black = g_strcmp0 (side, "black") == 0 || g_strcmp0 (side, "both") == 0;
  gboolean white = g_strcmp0 (side, "white") == 0 || g_strcmp0 (side, "both") == 0;

  if (g_str_equal (_mm_window_get_computer_side (self), side != NULL ? side : "none"))
    return;
  /* A finished online game, played on against the computer here. */
  _mm_window_leave_online_game (self);
  _mm_window_stop_hint (self);
  /* The level comes from the settings when the computer comes in. */
  if (g_str_equal (_mm_window_get_computer_side (self), "none"))
    mm_opponents_set_level_id (self->opponents, level);
  _mm_window_set_computer (self, black, white);
  _mm_window_update_status (self);
  _mm_window_schedule_analysis (self);
}

/* An engine that stopped (it crashed, or could not start) is started
 * again once the position changes, so that an undo tries again. */
void
_mm_window_replace_stopped_engine (MmWindow *self)
{
  const char *side;

  if (!self->engine_stopped)
    return;
  side = _mm_window_get_computer_side (self);
  _mm_window_set_computer (self, g_str_equal (side, "both") || g_str_equal (side, "black"),
                           g_str_equal (side, "both") || g_str_equal (side, "white"));
}

void
_mm_window_seat_failed_cb (MmWindow     *self,
                           MmColor       color,
                           const GError *error)
{
  _mm_window_show_message (self, error->message);
  _mm_window_set_event (self, error->message);
  if (mm_opponents_is_stopped_engine (self->opponents, mm_match_get_seat (self->match, color)))
    self->engine_stopped = TRUE;
}

/* The spinner and its words while the computer searches. */
void
_mm_window_update_thinking (MmWindow *self)
{
  gboolean moving = mm_match_get_thinking (self->match);
  gboolean busy = moving || self->hint_cancellable != NULL;

  mm_players_bar_set_thinking (self->players_bar,
                               !busy ? NULL
                               : moving
                               /* Translators: shown beside a spinner while the computer chooses its move */
                               ? _("The computer is thinking…")
                               /* Translators: shown beside a spinner while the computer looks for a hint */
                               : _("Looking for a good move…"));
}

/* Once the computer thinks about its move, a hint is not needed any more. */
void
_mm_window_thinking_cb (MmWindow *self)
{
  if (mm_match_get_thinking (self->match))
    _mm_window_stop_hint (self);
  _mm_window_update_thinking (self);
}

/* Stops the hint being looked for, at once; its result will be dropped. */
void
_mm_window_stop_hint (MmWindow *self)
{
  if (self->hint_cancellable != NULL)
    {
      g_cancellable_cancel (self->hint_cancellable);
      g_clear_object (&self->hint_cancellable);
    }
  if (self->board_view != NULL)
    mm_board_view_set_hint (self->board_view, MM_SQUARE_NONE);
  if (self->players_bar != NULL && self->match != NULL)
    _mm_window_update_thinking (self);
}

/* Nobody is asked to move while an earlier position is shown or the
 * board is set up. */
void
_mm_window_update_pause (MmWindow *self)
{
  mm_match_set_paused (self->match, self->editing || self->browse >= 0);
}
