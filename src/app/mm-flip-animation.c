/* mm-flip-animation.c
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

/* The timing of the flips of a move: how long each disc takes to turn
 * over at each speed, when each one starts, and how far each has gone at
 * a given frame.  The board view drives it from its frame clock and
 * hands the result to the painter. */

#define G_LOG_DOMAIN "mm-flip-animation"

#include "config.h"

#include "mm-flip-animation.h"

/* How long one disc takes to turn over, and how long the next one in
 * line waits, for @speed ("slow", "normal" or "fast"); 0 for "off". */
static gint64
flip_time (const char *speed,
           gint64     *stagger)
{
  if (g_strcmp0 (speed, "off") == 0)
    return 0;

  if (g_strcmp0 (speed, "slow") == 0)
    {
      *stagger = 110 * G_TIME_SPAN_MILLISECOND;
      return 480 * G_TIME_SPAN_MILLISECOND;
    }
  if (g_strcmp0 (speed, "fast") == 0)
    {
      *stagger = 35 * G_TIME_SPAN_MILLISECOND;
      return 160 * G_TIME_SPAN_MILLISECOND;
    }
  *stagger = 65 * G_TIME_SPAN_MILLISECOND;
  return 300 * G_TIME_SPAN_MILLISECOND;
}

static gint64
last_delay (const MmFlipAnimation *self)
{
  gint64 last = 0;

  for (guint64 rest = self->flips; rest != 0; rest = mm_without_first (rest))
    last = MAX (last, self->delay[mm_first_square (rest)]);
  return last;
}

/* At rest: nothing turns. */
void
mm_flip_animation_clear (MmFlipAnimation *self)
{
  g_return_if_fail (self != NULL);

  *self = (MmFlipAnimation) { .square = MM_SQUARE_NONE };
}

/**
 * mm_flip_animation_begin:
 * @square: the disc placed
 * @flips: the discs it turned over
 * @speed: "off", "slow", "normal" or "fast"
 *
 * Returns: whether anything is to turn (not with no flips, nor at "off")
 */
gboolean
mm_flip_animation_begin (MmFlipAnimation *self,
                         int              square,
                         guint64          flips,
                         const char      *speed)
{
  gint64 stagger = 0;
  gint64 duration;

  g_return_val_if_fail (self != NULL, FALSE);

  mm_flip_animation_clear (self);
  duration = flip_time (speed, &stagger);
  if (duration == 0 || flips == 0)
    return FALSE;

  /* The discs turn in the order of their distance from the new disc,
   * as a wave running along each line. */
  for (guint64 rest = flips; rest != 0; rest = mm_without_first (rest))
    {
      int flipped = mm_first_square (rest);
      int distance = MAX (ABS (mm_square_column (flipped) - mm_square_column (square)),
                          ABS (mm_square_row (flipped) - mm_square_row (square)));

      self->delay[flipped] = (distance - 1) * stagger;
    }
  self->flips = flips;
  self->square = square;
  self->duration = duration;
  return TRUE;
}

/* Moves on to the frame at @frame_time; returns whether any disc is
 * still turning (if not, the animation is at rest). */
gboolean
mm_flip_animation_advance (MmFlipAnimation *self,
                           gint64           frame_time)
{
  g_return_val_if_fail (self != NULL, FALSE);

  self->now = frame_time;
  if (self->start == 0)
    self->start = frame_time;
  if (self->flips != 0 && self->now - self->start < last_delay (self) + self->duration)
    return TRUE;

  mm_flip_animation_clear (self);
  return FALSE;
}

/* How far each disc has turned, and how far the disc placed has landed. */
void
mm_flip_animation_fill_scene (const MmFlipAnimation *self,
                              MmBoardScene          *scene)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (scene != NULL);

  if (self->flips == 0)
    return;

  for (guint64 rest = self->flips; rest != 0; rest = mm_without_first (rest))
    {
      int square = mm_first_square (rest);
      double t = (double) (self->now - self->start - self->delay[square])
                 / (double) self->duration;

      scene->flip_progress[square] = CLAMP (t, 0.0, 1.0);
    }
  scene->landing_square = self->square;
  scene->landing_progress = (double) (self->now - self->start) / (double) self->duration;
}
