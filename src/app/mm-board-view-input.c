/* mm-board-view-input.c
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

/* The board's input: the 64 MmSquare widgets laid over the cells (where
 * they lie, what they say to a screen reader, their keyboard focus), the
 * pointer's hover and square names typed.  Both the pointer and the
 * focus move the square whose flips the preview shows. */

#define G_LOG_DOMAIN "mm-board-view"

#include "config.h"

#include <math.h>

#include "mm-board-view-private.h"
#include "mm-square.h"

/* Brings the squares' names, states and pointers in line with what the
 * board shows. */
void
_mm_board_view_update_squares (MmBoardView *self)
{
  const GArray *scores = mm_board_marks_get_scores (&self->marks, &self->position);

  for (int square = 0; square < MM_N_SQUARES; square++)
    {
      const MmAiMove *score = mm_board_painter_scored_move (scores, &self->position, square);
      MmSquareState state = {
        .disc = mm_board_painter_disc (&self->position, square),
        .legal = (self->position.legal & _mm_board_view_square_bit (square)) != 0,
        .n_flips = -1,
        .last_move = square == self->position.last_move,
        .score = score,
        .best = score != NULL && mm_board_painter_is_best (scores, score),
        .review_mark = mm_board_marks_get_review_mark (&self->marks, &self->position, square),
      };

      if (state.legal && self->game != NULL && !self->frozen)
        state.n_flips = mm_popcount (mm_game_get_flips (self->game, square));
      mm_square_set_state (MM_SQUARE (self->squares[square]), &state);
    }
}

void
_mm_board_view_place_squares (MmBoardView           *self,
                              const MmBoardGeometry *geometry)
{
  for (int square = 0; square < MM_N_SQUARES; square++)
    {
      GtkAllocation cell = {
        .x = (int) (geometry->x + mm_square_column (square) * geometry->cell),
        .y = (int) (geometry->y + mm_square_row (square) * geometry->cell),
        .width = (int) geometry->cell,
        .height = (int) geometry->cell,
      };

      gtk_widget_size_allocate (self->squares[square], &cell, -1);
    }
}

void
_mm_board_view_snapshot_squares (MmBoardView *self,
                                 GtkSnapshot *snapshot)
{
  for (int square = 0; square < MM_N_SQUARES; square++)
    gtk_widget_snapshot_child (GTK_WIDGET (self), self->squares[square], snapshot);
}

/* Whether the keyboard focus is on a square and is to be seen: only
 * while the keyboard is in use, as GTK shows focus rings; a person who
 * plays with the pointer sees no mark of a focus they did not move. */
gboolean
_mm_board_view_focus_is_visible (MmBoardView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  return self->focus_square != MM_SQUARE_NONE && GTK_IS_WINDOW (root)
         && gtk_window_get_focus_visible (GTK_WINDOW (root));
}

void
_mm_board_view_move_hover (MmBoardView *self,
                           int          square,
                           gboolean     from_focus)
{
  if (self->hover == square && self->hover_is_focus == !!from_focus)
    return;

  self->hover = square;
  self->hover_is_focus = !!from_focus;
  if (self->show_flip_preview)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
mm_board_view_square_activate_cb (MmBoardView *self,
                                  MmSquare    *square)
{
  g_assert (MM_IS_BOARD_VIEW (self));

  _mm_board_view_square_activated (self, mm_square_get_index (square));
}

/* The keyboard focus shows the preview of its square, as the pointer
 * does, when the focus is to be seen; its ring is drawn with the board. */
static void
mm_board_view_square_focus_cb (MmBoardView *self,
                               GParamSpec  *pspec,
                               GtkWidget   *square)
{
  int index = mm_square_get_index (MM_SQUARE (square));

  if (gtk_widget_has_focus (square))
    {
      self->focus_square = index;
      _mm_board_view_move_hover (self, index, TRUE);
    }
  else if (self->focus_square == index)
    {
      self->focus_square = MM_SQUARE_NONE;
      if (self->hover_is_focus)
        _mm_board_view_move_hover (self, MM_SQUARE_NONE, TRUE);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The window shows focus rings once the keyboard is used to move about. */
static void
mm_board_view_focus_visible_cb (MmBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
_mm_board_view_watch_focus_visible (MmBoardView *self)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));

  if (GTK_IS_WINDOW (root))
    g_signal_connect_object (root, "notify::focus-visible",
                             G_CALLBACK (mm_board_view_focus_visible_cb), self,
                             G_CONNECT_SWAPPED);
}

void
_mm_board_view_unwatch_focus_visible (MmBoardView *self)
{
  g_signal_handlers_disconnect_by_func (gtk_widget_get_root (GTK_WIDGET (self)),
                                        mm_board_view_focus_visible_cb, self);
}

static int
mm_board_view_square_at (MmBoardView *self,
                         double       x,
                         double       y)
{
  MmBoardGeometry g = mm_board_painter_geometry (gtk_widget_get_width (GTK_WIDGET (self)),
                                                 gtk_widget_get_height (GTK_WIDGET (self)),
                                                 self->show_coordinates);
  int column = (int) floor ((x - g.x) / g.cell);
  int row = (int) floor ((y - g.y) / g.cell);

  if (column < 0 || column > 7 || row < 0 || row > 7)
    return MM_SQUARE_NONE;
  return mm_square_at (column, row);
}

static void
mm_board_view_motion_cb (MmBoardView              *self,
                         double                    x,
                         double                    y,
                         GtkEventControllerMotion *motion)
{
  _mm_board_view_move_hover (self, mm_board_view_square_at (self, x, y), FALSE);
}

/* Back to the keyboard focus' preview, if the focus is to be seen. */
static void
mm_board_view_leave_cb (MmBoardView              *self,
                        GtkEventControllerMotion *motion)
{
  _mm_board_view_move_hover (self, self->focus_square, TRUE);
}

/* Typing a square's name ("d3") plays it. */
static gboolean
mm_board_view_key_pressed_cb (MmBoardView           *self,
                              guint                  keyval,
                              guint                  keycode,
                              GdkModifierType        state,
                              GtkEventControllerKey *controller)
{
  int square;

  if (!mm_square_typing_key (&self->typing, gtk_widget_get_display (GTK_WIDGET (self)),
                             keyval, keycode, state, &square))
    return FALSE;

  if (square != MM_SQUARE_NONE)
    {
      gtk_widget_grab_focus (self->squares[square]);
      gtk_widget_activate (self->squares[square]);
    }
  return TRUE;
}

static void
mm_board_view_add_squares (MmBoardView *self)
{
  for (int square = 0; square < MM_N_SQUARES; square++)
    {
      self->squares[square] = mm_square_new (square);
      gtk_widget_set_parent (self->squares[square], GTK_WIDGET (self));
      g_signal_connect_object (self->squares[square], "activate",
                               G_CALLBACK (mm_board_view_square_activate_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (self->squares[square], "notify::has-focus",
                               G_CALLBACK (mm_board_view_square_focus_cb), self,
                               G_CONNECT_SWAPPED);
    }
}

/* The squares, and the controllers of the pointer and of typed names. */
void
_mm_board_view_init_input (MmBoardView *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();

  mm_square_typing_reset (&self->typing);
  self->hover = MM_SQUARE_NONE;
  self->focus_square = MM_SQUARE_NONE;
  mm_board_view_add_squares (self);

  g_signal_connect_object (keys, "key-pressed",
                           G_CALLBACK (mm_board_view_key_pressed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  g_signal_connect_object (motion, "motion", G_CALLBACK (mm_board_view_motion_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (motion, "leave", G_CALLBACK (mm_board_view_leave_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);
}

void
_mm_board_view_clear_squares (MmBoardView *self)
{
  for (int square = 0; square < MM_N_SQUARES; square++)
    g_clear_pointer (&self->squares[square], gtk_widget_unparent);
}
