/* mm-flip-animation.h
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

/* The discs of a move turning over one after the other, as a wave
 * running out from the disc placed; times are frame times in µs. */
typedef struct
{
  /* The discs turning; 0 when nothing turns */
  guint64 flips;
  /* The disc placed, or MM_SQUARE_NONE */
  int     square;
  /* 0 until the first frame */
  gint64  start;
  gint64  now;
  /* Of the turn of one disc */
  gint64  duration;
  /* How long each disc waits for its turn */
  gint64  delay[MM_N_SQUARES];
} MmFlipAnimation;

void     mm_flip_animation_clear      (MmFlipAnimation       *self);
gboolean mm_flip_animation_begin      (MmFlipAnimation       *self,
                                       int                    square,
                                       guint64                flips,
                                       const char            *speed);
gboolean mm_flip_animation_advance    (MmFlipAnimation       *self,
                                       gint64                 frame_time);
void     mm_flip_animation_fill_scene (const MmFlipAnimation *self,
                                       MmBoardScene          *scene);

G_END_DECLS
