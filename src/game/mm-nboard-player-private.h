/* mm-nboard-player-private.h
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

#include "mm-nboard-player.h"
#include "mm-nboard-process.h"

G_BEGIN_DECLS

/* What the two halves of MmNboardPlayer share: the object
 * (mm-nboard-player.c) and its requests (mm-nboard-player-requests.c). */

struct _MmNboardPlayer
{
  GObject          parent_instance;

  char            *command_line;
  char            *working_directory;
  char            *name;
  guint            depth;
  guint            timeout;
  guint            min_delay;

  MmNboardProcess *process;        /* NULL once the engine is out */
  GError          *failure;        /* why the engine no longer plays, or NULL */
  guint            sent_depth;     /* 0: none sent yet */
  guint            ping;           /* the last ping sent */
  GTask           *task;           /* the request in progress, or NULL */
  MmClock         *clock;          /* of the game it plays in as a seat, or NULL */
};

/* mm-nboard-player.c */
void _mm_nboard_player_notify_busy     (MmNboardPlayer  *self);
void _mm_nboard_player_notify_name     (MmNboardPlayer  *self);
void _mm_nboard_player_notify_running  (MmNboardPlayer  *self);
void _mm_nboard_player_emit_progress   (MmNboardPlayer  *self,
                                        const MmAiMove  *best);

/* mm-nboard-player-requests.c */
void _mm_nboard_player_take_process    (MmNboardPlayer  *self,
                                        MmNboardProcess *process);
void _mm_nboard_player_drop_process    (MmNboardPlayer  *self);

G_END_DECLS
