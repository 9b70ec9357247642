/* mm-window-analysis.c
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

/* The window's glue of analysis mode (which position its bar scores, or
 * why none) and of Analyse Game (the review panel's marks on the board,
 * and its going when the game is no longer the one it is about). */

#define G_LOG_DOMAIN "mm-window"

#include "config.h"

#include <glib/gi18n.h>

#include "mm-window-private.h"

/* ------------------------------------------------------------------ */
/* Analysis mode                                                      */
/* ------------------------------------------------------------------ */

/* Stops the search in progress; its results will be dropped. */
void
_mm_window_stop_analysis (MmWindow *self)
{
  g_clear_handle_id (&self->analysis_source, g_source_remove);
  if (self->analysis_bar != NULL)
    mm_analysis_bar_stop (self->analysis_bar);
}

/* The position analysis mode scores: the one on the board.  Returns why
 * there is none to score, or NULL. */
static const char *
mm_window_analysis_target (MmWindow *self,
                           MmBoard  *board,
                           guint64  *black,
                           guint64  *white,
                           MmColor  *side)
{
  int last_move;

  if (self->editing)
    /* Translators: analysis mode's status while Edit Board is on */
    return _("Analysis waits until the board is set up.");
  /* The review has the processors to itself: it is done sooner. */
  if (mm_review_panel_get_running (self->review_panel))
    /* Translators: analysis mode's status while Analyse Game runs */
    return _("Analysis waits for the game review.");

  if (self->browse >= 0)
    mm_game_get_position_at (self->game, (guint) self->browse, black, white, side, &last_move);
  else if (_mm_window_result_stands (self))
    /* Translators: analysis mode's status at the end of a game */
    return _("The game is over: no moves to score.");
  else if (_mm_window_is_computer_turn (self))
    /* Translators: analysis mode's status while the computer is to move;
     * it would slow the computer down */
    return _("Analysis waits for the computer’s move.");
  else
    {
      MmBoard game_board = mm_game_get_board (self->game);

      *side = mm_game_get_side_to_move (self->game);
      *black = *side == MM_COLOR_BLACK ? game_board.player : game_board.opponent;
      *white = *side == MM_COLOR_BLACK ? game_board.opponent : game_board.player;
    }

  if (!mm_board_from_colors (board, *black, *white, *side) || mm_board_is_game_over (board))
    return _("The game is over: no moves to score.");
  if (!mm_board_can_move (board))
    /* Translators: analysis mode's status on an earlier position where
     * the side to move had to pass */
    return _("No moves to score: the side to move passes.");
  return NULL;
}

void
_mm_window_analysis_failed_cb (MmWindow     *self,
                               const GError *error)
{
  _mm_window_show_message (self, error->message);
}

static gboolean
mm_window_analyse_cb (gpointer data)
{
  MmWindow *self = data;
  g_autoptr(GError) error = NULL;
  MmBoard board;
  guint64 black = 0, white = 0;
  MmColor side = MM_COLOR_BLACK;
  const char *waiting;

  self->analysis_source = 0;
  if (!self->analysis_mode)
    return G_SOURCE_REMOVE;

  waiting = mm_window_analysis_target (self, &board, &black, &white, &side);
  if (waiting != NULL)
    mm_analysis_bar_wait (self->analysis_bar, waiting);
  else if (!mm_analysis_bar_analyse (self->analysis_bar, black, white, side, &error))
    {
      /* The mode cannot work, so it goes off rather than fail again at
       * every move. */
      g_warning ("%s", error->message);
      _mm_window_show_message (self, error->message);
      _mm_window_set_analysis_mode (self, FALSE);
    }
  return G_SOURCE_REMOVE;
}

/* Analysis mode looks at the position once the change that led to it is
 * complete (a move and a pass make several notifications), after the
 * computer has decided whether to think. */
void
_mm_window_schedule_analysis (MmWindow *self)
{
  if (self->analysis_mode && self->analysis_source == 0)
    self->analysis_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE + 10, mm_window_analyse_cb,
                                             self, NULL);
}


/* ------------------------------------------------------------------ */
/* Analyse Game                                                       */
/* ------------------------------------------------------------------ */

/* The number of moves to the position on the board. */
static int
mm_window_shown_position (MmWindow *self)
{
  return self->browse < 0 ? (int) mm_game_get_n_moves (self->game) : self->browse;
}

/* The graph marks the position on the board; the board marks the
 * mistake made there, if the review found one, and the better move. */
void
_mm_window_update_graph_selection (MmWindow *self)
{
  const MmReviewEntry *entry = NULL;
  guint64 black = 0, white = 0;
  MmColor side = MM_COLOR_BLACK;
  int last_move, shown;

  if (self->review_panel == NULL || self->board_view == NULL)
    return;

  shown = mm_window_shown_position (self);
  mm_review_panel_set_selected (self->review_panel, shown);
  if (!self->editing)
    entry = mm_review_panel_get_entry (self->review_panel, (guint) shown);
  if (entry == NULL || !mm_review_entry_is_mistake (entry))
    {
      mm_board_view_set_review_marks (self->board_view, 0, 0, MM_COLOR_BLACK,
                                      MM_SQUARE_NONE, MM_SQUARE_NONE);
      return;
    }

  mm_game_get_position_at (self->game, (guint) shown, &black, &white, &side, &last_move);
  mm_board_view_set_review_marks (self->board_view, black, white, side, entry->move,
                                  entry->best_move);
}

/* A review that started, stopped or went: analysis mode, which waits
 * for it, and the actions follow. */
void
_mm_window_review_changed_cb (MmWindow *self)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.stop-review",
                                 mm_review_panel_get_running (self->review_panel));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.close-review",
                                 mm_review_panel_get_shown (self->review_panel));
  _mm_window_update_graph_selection (self);
  _mm_window_schedule_analysis (self);
}

/* A screen reader hears the result, as it hears a move. */
void
_mm_window_review_finished_cb (MmWindow     *self,
                               const GError *error)
{
  if (error != NULL)
    _mm_window_show_message (self, error->message);
  _mm_window_set_event (self, mm_review_panel_get_status (self->review_panel));
}

/* A point of the graph or a mistake: that position goes on the board,
 * with its choices (and their scores in analysis mode). */
void
_mm_window_review_position_cb (MmWindow *self,
                               int       position)
{
  _mm_window_browse_to (self, position);
}

/* The review goes once the game is no longer the one it is about. */
void
_mm_window_check_review (MmWindow *self)
{
  if (mm_review_panel_get_shown (self->review_panel)
      && !mm_review_panel_is_about (self->review_panel, self->game))
    mm_review_panel_close (self->review_panel);
}
