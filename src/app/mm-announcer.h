/* mm-announcer.h
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

#include "mm-game.h"
#include "mm-match.h"
#include "mm-players-bar.h"
#include "mm-toast.h"

G_BEGIN_DECLS

/* What the game says as it goes: a move and its flips, a pass, the end
 * and its result, to a screen reader (the status's accessible name, the
 * last event before whose turn it is), in the window's messages and
 * with the short sounds.  While quiet (a game being put in place, the
 * moves of a random opening) nothing is said. */

#define MM_TYPE_ANNOUNCER (mm_announcer_get_type ())

G_DECLARE_FINAL_TYPE (MmAnnouncer, mm_announcer, MM, ANNOUNCER, GObject)

MmAnnouncer *mm_announcer_new            (MmGame       *game,
                                          MmToast      *toast,
                                          MmPlayersBar *players_bar,
                                          GSettings    *settings);
void         mm_announcer_set_quiet      (MmAnnouncer  *self,
                                          gboolean      quiet);
void         mm_announcer_set_event      (MmAnnouncer  *self,
                                          const char   *event);
void         mm_announcer_add_event      (MmAnnouncer  *self,
                                          const char   *event);
void         mm_announcer_announce       (MmAnnouncer  *self);
void         mm_announcer_play_sound     (MmAnnouncer  *self,
                                          const char   *name);
guint        mm_announcer_get_n_sounds   (MmAnnouncer  *self);

char        *mm_announcer_result_message (guint         black,
                                          guint         white);
char        *mm_announcer_time_loss_message (MmColor    loser);
char        *mm_announcer_resignation_message (MmColor  loser);

G_END_DECLS
