/* mm-board-marks.h
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

#include <glib.h>

#include "mm-board-painter.h"

G_BEGIN_DECLS

/* The marks an analysis or a review puts on the board, each about one
 * position (its discs and side to move) and shown only while that
 * position is on the board, so that marks never outlive it. */
typedef struct
{
  /* Analysis mode: the scored moves (MmAiMove, best first), or NULL */
  GArray  *analysis;
  guint64  analysis_black;
  guint64  analysis_white;
  MmColor  analysis_side;

  /* Analyse Game: the mistake played and the better move, or
   * MM_SQUARE_NONE */
  int      mistake;
  int      better;
  guint64  review_black;
  guint64  review_white;
  MmColor  review_side;
} MmBoardMarks;

void          mm_board_marks_init            (MmBoardMarks          *self);
void          mm_board_marks_clear           (MmBoardMarks          *self);
gboolean      mm_board_marks_set_analysis    (MmBoardMarks          *self,
                                              guint64                black,
                                              guint64                white,
                                              MmColor                side,
                                              GArray                *moves);
gboolean      mm_board_marks_set_review      (MmBoardMarks          *self,
                                              guint64                black,
                                              guint64                white,
                                              MmColor                side,
                                              int                    mistake,
                                              int                    better);
const GArray *mm_board_marks_get_scores      (const MmBoardMarks    *self,
                                              const MmBoardPosition *position);
int           mm_board_marks_get_review_mark (const MmBoardMarks    *self,
                                              const MmBoardPosition *position,
                                              int                    square);
void          mm_board_marks_fill_scene      (const MmBoardMarks    *self,
                                              MmBoardScene          *scene);

G_END_DECLS
