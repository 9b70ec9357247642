/* mm-board-view-private.h
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

#pragma once

#include "mm-board-marks.h"
#include "mm-board-painter.h"
#include "mm-board-view.h"
#include "mm-flip-animation.h"
#include "mm-square-typing.h"

G_BEGIN_DECLS

/* The board's state, shared by its files: mm-board-view.c (what the
 * board shows: the game or a position of its own, the marks, the flips;
 * its properties and API) and mm-board-view-input.c (the square widgets
 * over the cells, the pointer and the keyboard). */
struct _MmBoardView
{
  GtkDrawingArea  parent_instance;

  /* Owned references */
  MmGame         *game;

  /* Children, indexed by square */
  GtkWidget      *squares[MM_N_SQUARES];

  MmBoardPosition position;
  /* TRUE while a position other than the game's is shown */
  gboolean        frozen;

  MmSquareTyping  typing;
  /* The square whose move the preview shows: the pointer's, or the
   * keyboard focus' (hover_is_focus) */
  int             hover;
  /* The square with the keyboard focus, or MM_SQUARE_NONE */
  int             focus_square;
  /* The move a hint advises, or MM_SQUARE_NONE */
  int             hint;

  /* Of an analysis and of a review */
  MmBoardMarks    marks;

  /* The flips of the last move, turning over, while tick_id is set */
  guint           tick_id;
  MmFlipAnimation animation;

  char           *animation_speed;
  char           *board_style;

  guint           show_legal_moves : 1;
  /* The side to move is not the person at the board (the computer). */
  guint           input_idle : 1;
  guint           show_last_move : 1;
  guint           show_coordinates : 1;
  guint           show_flip_preview : 1;
  guint           hover_is_focus : 1;
  /* Nobody may move: the game was lost on time or resigned. */
  guint           finished : 1;
};

static inline guint64
_mm_board_view_square_bit (int square)
{
  return G_GUINT64_CONSTANT (1) << square;
}

/* In mm-board-view.c */
void     _mm_board_view_square_activated      (MmBoardView           *self,
                                               int                    square);

/* In mm-board-view-input.c */
void     _mm_board_view_init_input            (MmBoardView           *self);
void     _mm_board_view_clear_squares         (MmBoardView           *self);
void     _mm_board_view_place_squares         (MmBoardView           *self,
                                               const MmBoardGeometry *geometry);
void     _mm_board_view_snapshot_squares      (MmBoardView           *self,
                                               GtkSnapshot           *snapshot);
void     _mm_board_view_update_squares        (MmBoardView           *self);
void     _mm_board_view_watch_focus_visible   (MmBoardView           *self);
void     _mm_board_view_unwatch_focus_visible (MmBoardView           *self);
gboolean _mm_board_view_focus_is_visible      (MmBoardView           *self);
void     _mm_board_view_move_hover            (MmBoardView           *self,
                                               int                    square,
                                               gboolean               from_focus);

G_END_DECLS
