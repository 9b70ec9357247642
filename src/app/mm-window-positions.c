/* mm-window-positions.c
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

/* The window's glue of the positions it shows besides the game as it
 * stands: an earlier one (the move list, stepping through the game), and
 * the one being set up in Edit Board. */

#define G_LOG_DOMAIN "mm-window"

#include "config.h"

#include <glib/gi18n.h>

#include "mm-window-private.h"

/* ------------------------------------------------------------------ */
/* The move list and earlier positions                                */
/* ------------------------------------------------------------------ */

void
_mm_window_update_browse_actions (MmWindow *self)
{
  guint n_moves = mm_game_get_n_moves (self->game);
  guint shown = self->browse < 0 ? n_moves : (guint) self->browse;
  gboolean can = !self->editing;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.browse-first", can && shown > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.browse-previous", can && shown > 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.browse-next",
                                 can && self->browse >= 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.browse-last",
                                 can && self->browse >= 0);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.play-from-here",
                                 can && self->browse >= 0 && !_mm_window_result_stands (self)
                                 && !_mm_window_in_online_game (self));
}

/* The list follows every change of the game. */
void
_mm_window_update_moves (MmWindow *self)
{
  mm_move_list_update (self->move_list);
  _mm_window_update_browse_actions (self);
}

/* Shows the position after @n_moves moves, or the game as it stands
 * for -1 (or the number of moves played). */
void
_mm_window_browse_to (MmWindow *self,
                      int       n_moves)
{
  guint total = mm_game_get_n_moves (self->game);

  if (self->editing)
    return;

  if (n_moves >= (int) total)
    n_moves = -1;
  self->browse = n_moves;
  /* The computer thinks about the game, not about an earlier position. */
  if (n_moves >= 0)
    _mm_window_stop_hint (self);
  _mm_window_update_pause (self);

  if (n_moves < 0)
    {
      mm_board_view_show_game (self->board_view);
      mm_move_list_set_shown (self->move_list, -1, NULL);
    }
  else
    {
      guint64 black, white;
      MmColor side;
      int last_move;
      g_autofree char *text = NULL;

      mm_game_get_position_at (self->game, (guint) n_moves, &black, &white, &side, &last_move);
      mm_board_view_show_position (self->board_view, black, white, side, last_move);
      if (n_moves == 0)
        /* Translators: shown while the start position of the game is on the board */
        text = g_strdup (_("Start position"));
      else
        /* Translators: shown while an earlier position is on the board */
        text = g_strdup_printf (_("After move %d of %u"), n_moves, total);
      mm_move_list_set_shown (self->move_list, n_moves, text);
      _mm_window_set_event (self, text);
    }

  _mm_window_update_browse_actions (self);
  _mm_window_update_status (self);
  _mm_window_update_graph_selection (self);
  _mm_window_schedule_analysis (self);
}

void
_mm_window_move_activated_cb (MmWindow *self,
                              int       n_moves)
{
  _mm_window_browse_to (self, n_moves);
}

int
_mm_window_browse_position (MmWindow *self)
{
  return self->browse < 0 ? (int) mm_game_get_n_moves (self->game) : self->browse;
}



/* ------------------------------------------------------------------ */
/* Edit Board                                                         */
/* ------------------------------------------------------------------ */

/* The position being set up is on the board. */
void
_mm_window_edit_changed_cb (MmWindow *self)
{
  guint64 black, white;
  MmColor side;

  if (!self->editing)
    return;
  mm_board_editor_get_position (self->board_editor, &black, &white, &side);
  mm_board_view_show_position (self->board_view, black, white, side, MM_SQUARE_NONE);
  _mm_window_update_status (self);
}

void
_mm_window_update_edit_actions (MmWindow *self)
{
  gboolean editing = self->editing;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.edit-clear", editing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.edit-start", editing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.edit-cancel", editing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.edit-play", editing);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.edit-board",
                                 !editing && !_mm_window_in_online_game (self));
}


void
_mm_window_leave_edit (MmWindow *self)
{
  if (!self->editing)
    return;

  self->editing = FALSE;
  gtk_widget_set_visible (GTK_WIDGET (self->board_editor), FALSE);
  gtk_widget_remove_css_class (GTK_WIDGET (self->board_view), "editing");
  mm_board_view_show_game (self->board_view);
  _mm_window_update_edit_actions (self);
  _mm_window_update_browse_actions (self);
  _mm_window_update_pause (self);
  _mm_window_follow_clock (self);
  _mm_window_update_status (self);
  _mm_window_set_event (self, NULL);
  _mm_window_schedule_analysis (self);
}
