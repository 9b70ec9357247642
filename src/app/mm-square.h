/* mm-square.h
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

#include <gtk/gtk.h>

#include "mm-analysis.h"
#include "mm-types.h"

G_BEGIN_DECLS

/* What a square holds and means, as its accessible name and description
 * tell it to a screen reader. */
typedef struct
{
  MmDisc          disc;
  /* A move the side to move may play */
  gboolean        legal;
  /* The discs that move flips, said when it is the person's to play;
   * -1 when not said */
  int             n_flips;
  gboolean        last_move;
  /* (nullable): the analysis' score of a move here */
  const MmAiMove *score;
  gboolean        best;
  /* Analyse Game: 1 the mistake was played here, 2 the better move, 0
   * neither */
  int             review_mark;
} MmSquareState;

#define MM_TYPE_SQUARE (mm_square_get_type ())

G_DECLARE_FINAL_TYPE (MmSquare, mm_square, MM, SQUARE, GtkWidget)

GtkWidget *mm_square_new          (int                  square);
int        mm_square_get_index    (MmSquare            *self);
void       mm_square_set_state    (MmSquare            *self,
                                   const MmSquareState *state);

G_END_DECLS
