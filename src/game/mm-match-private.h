/* mm-match-private.h
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

#include "mm-match.h"

G_BEGIN_DECLS

/* The match's state, shared by its files: mm-match.c (the seats, the
 * turns, the clocks, the result) and mm-match-session.c (the autosaved
 * session). */
struct _MmMatch
{
  GObject        parent_instance;

  MmGame        *game;
  MmPlayer      *seats[2];
  MmClock       *clock;

  /* The request in progress: its cancellable identifies it, and the
   * colour it asks for.  A person's move waiting for its confirmation
   * keeps the request, with confirming set. */
  GCancellable  *request;
  MmColor        request_color;
  gboolean       confirming;
  guint          ask_source;
  gboolean       paused;

  /* A seat that could not move: nobody is asked again until the
   * position or the seats change. */
  GError        *failure;
  MmColor        failed_color;

  /* The side whose move the clocks have yet to count, or -1; redo's
   * moves are not counted again. */
  int            clock_mover;
  gboolean       redoing;
  MmMatchResult  result;

  MmAutosave    *autosave;
  guint          autosave_source;
  char          *document_uri;
  gboolean       unsaved;
  GHashTable    *session;
};

/* The session key of the clocks kept with the autosaved game:
 * "INITIAL,INCREMENT,BLACK,WHITE" in microseconds. */
#define SESSION_CLOCK "CLOCK"

void     _mm_match_stop_request       (MmMatch *self);
void     _mm_match_update_result      (MmMatch *self);
void     _mm_match_schedule_autosave  (MmMatch *self);
gboolean _mm_match_autosave_cb        (gpointer data);

G_END_DECLS
