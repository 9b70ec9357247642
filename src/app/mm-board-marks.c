/* mm-board-marks.c
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

#define G_LOG_DOMAIN "mm-board-marks"

#include "config.h"

#include "mm-board-marks.h"

void
mm_board_marks_init (MmBoardMarks *self)
{
  g_return_if_fail (self != NULL);

  *self = (MmBoardMarks) { .mistake = MM_SQUARE_NONE, .better = MM_SQUARE_NONE };
}

/* Frees the analysis; the marks are then as after init. */
void
mm_board_marks_clear (MmBoardMarks *self)
{
  g_return_if_fail (self != NULL);

  g_clear_pointer (&self->analysis, g_array_unref);
  mm_board_marks_init (self);
}

/* Copies @moves (nullable), the scores of the position given; returns
 * whether anything changed. */
gboolean
mm_board_marks_set_analysis (MmBoardMarks *self,
                             guint64       black,
                             guint64       white,
                             MmColor       side,
                             GArray       *moves)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (moves == NULL && self->analysis == NULL)
    return FALSE;

  g_clear_pointer (&self->analysis, g_array_unref);
  if (moves != NULL && moves->len > 0)
    self->analysis = g_array_copy (moves);
  self->analysis_black = black;
  self->analysis_white = white;
  self->analysis_side = side;
  return TRUE;
}

/* Returns whether anything changed. */
gboolean
mm_board_marks_set_review (MmBoardMarks *self,
                           guint64       black,
                           guint64       white,
                           MmColor       side,
                           int           mistake,
                           int           better)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (self->mistake == mistake && self->better == better && self->review_black == black
      && self->review_white == white && self->review_side == side)
    return FALSE;

  self->mistake = mistake;
  self->better = better;
  self->review_black = black;
  self->review_white = white;
  self->review_side = side;
  return TRUE;
}

/* The analysis, if it is of @position, or %NULL. */
const GArray *
mm_board_marks_get_scores (const MmBoardMarks    *self,
                           const MmBoardPosition *position)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (self->analysis == NULL || self->analysis_black != position->black
      || self->analysis_white != position->white || self->analysis_side != position->side)
    return NULL;
  return self->analysis;
}

static gboolean
review_applies (const MmBoardMarks    *self,
                const MmBoardPosition *position)
{
  return self->review_black == position->black && self->review_white == position->white
         && self->review_side == position->side;
}

/* The review's mark on @square in @position: 1 the mistake, 2 the better
 * move, 0 none (or the review is of another position). */
int
mm_board_marks_get_review_mark (const MmBoardMarks    *self,
                                const MmBoardPosition *position,
                                int                    square)
{
  g_return_val_if_fail (self != NULL, 0);

  if (!review_applies (self, position))
    return 0;
  if (square == self->mistake)
    return 1;
  if (square == self->better)
    return 2;
  return 0;
}

/* The marks about the position of @scene. */
void
mm_board_marks_fill_scene (const MmBoardMarks *self,
                           MmBoardScene       *scene)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (scene != NULL);

  scene->scores = mm_board_marks_get_scores (self, &scene->position);
  if (review_applies (self, &scene->position))
    {
      scene->mistake = self->mistake;
      scene->better = self->better;
    }
}
