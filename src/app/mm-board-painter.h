/* mm-board-painter.h
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

#include <cairo.h>
#include <glib.h>

#include "mm-analysis.h"
#include "mm-types.h"

G_BEGIN_DECLS

/* A position as the board shows it: the discs, the moves the side to
 * move may play (none when nobody may), and the last move. */
typedef struct
{
  guint64 black;
  guint64 white;
  guint64 legal;
  MmColor side;
  int     last_move;
} MmBoardPosition;

/* Where the board lies inside the widget. */
typedef struct
{
  double x;
  double y;
  double cell;
  double margin;
} MmBoardGeometry;

typedef struct _MmBoardStyle MmBoardStyle;

/* Everything one frame of the board shows, decided by the view; the
 * painter draws it and decides nothing. */
typedef struct
{
  MmBoardPosition     position;
  const MmBoardStyle *style;

  gboolean            show_coordinates;
  gboolean            show_last_move;
  /* Dots on position.legal */
  gboolean            show_legal_moves;

  /* The move previewed and the discs it would flip (0: no preview) */
  int                 preview_square;
  guint64             preview_flips;

  /* Each a square or MM_SQUARE_NONE */
  int                 hint;
  int                 focus;
  int                 mistake;
  int                 better;

  /* (element-type MmAiMove) (nullable): scores of moves of this position */
  const GArray       *scores;

  /* How far each disc has turned over in the flips of the last move,
   * from 0 to 1 (1: at rest), and how far the disc placed has landed. */
  double              flip_progress[MM_N_SQUARES];
  int                 landing_square;
  double              landing_progress;
} MmBoardScene;

const MmBoardStyle *mm_board_painter_get_style    (const char            *name,
                                                   gboolean               high_contrast);
MmBoardGeometry     mm_board_painter_geometry     (int                    width,
                                                   int                    height,
                                                   gboolean               show_coordinates);
void                mm_board_painter_init_scene   (MmBoardScene          *scene);
void                mm_board_painter_draw         (cairo_t               *cr,
                                                   const MmBoardGeometry *geometry,
                                                   const MmBoardScene    *scene);
MmDisc              mm_board_painter_disc         (const MmBoardPosition *position,
                                                   int                    square);
const MmAiMove     *mm_board_painter_scored_move  (const GArray          *scores,
                                                   const MmBoardPosition *position,
                                                   int                    square);
gboolean            mm_board_painter_is_best      (const GArray          *scores,
                                                   const MmAiMove        *move);

G_END_DECLS
