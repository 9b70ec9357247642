/* mm-window-test-hooks.c
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

/* What the tests of the window set up and read where no action or
 * widget does it for them. */

#include "config.h"

#include "mm-window-private.h"

/* Save As without the file chooser. */
void
_mm_window_save_as_file (MmWindow *self,
                          GFile    *file)
{
  mm_record_actions_save_to_file (self->records, file);
}

/* A timed game with clocks of @initial microseconds, from now. */
void
_mm_window_set_clock (MmWindow *self,
                       gint64    initial,
                       gint64    increment)
{
  g_autoptr(MmClock) clock = initial > 0 ? mm_clock_new (initial, increment) : NULL;

  _mm_window_use_clock (self, clock);
}

guint
_mm_window_get_n_sounds (MmWindow *self)
{
  return mm_announcer_get_n_sounds (self->announcer);
}

/* The pause before each computer move, in milliseconds. */
void
_mm_window_set_computer_delay (MmWindow *self,
                                guint     milliseconds)
{
  mm_opponents_set_delay (self->opponents, milliseconds);
}

void
_mm_window_set_hint_level (MmWindow  *self,
                            MmAiLevel  level)
{
  self->hint_level = level;
}

/* Analysis mode and Analyse Game */

void
_mm_window_set_analysis_limits (MmWindow             *self,
                                 const MmSearchLimits *limits)
{
  mm_analysis_bar_set_limits (self->analysis_bar, limits != NULL ? limits : &_mm_window_default_analysis_limits);
}

void
_mm_window_set_review_limits (MmWindow             *self,
                               const MmSearchLimits *limits)
{
  self->review_limits = limits != NULL ? *limits : _mm_window_default_review_limits;
}

