/* mm-players-bar.h
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

#include "mm-clock.h"

G_BEGIN_DECLS

/* The players and the status: a card for each side (its name, its
 * clock and its discs, the side to move highlighted), the status line
 * ("Black to move", the result), the named opening under it while
 * the game is in one, and the spinner while the computer thinks.  The
 * status line is what a screen reader hears after each event
 * (mm_players_bar_announce()). */

#define MM_TYPE_PLAYERS_BAR (mm_players_bar_get_type ())

G_DECLARE_FINAL_TYPE (MmPlayersBar, mm_players_bar, MM, PLAYERS_BAR, GtkWidget)

void        mm_players_bar_set_name         (MmPlayersBar *self,
                                             MmColor       color,
                                             const char   *name);
void        mm_players_bar_set_counts       (MmPlayersBar *self,
                                             guint         black,
                                             guint         white);
void        mm_players_bar_set_current      (MmPlayersBar *self,
                                             int           color);
void        mm_players_bar_set_status       (MmPlayersBar *self,
                                             const char   *status);
void        mm_players_bar_set_opening      (MmPlayersBar *self,
                                             const char   *opening);
void        mm_players_bar_announce         (MmPlayersBar *self,
                                             const char   *event);
void        mm_players_bar_set_thinking     (MmPlayersBar *self,
                                             const char   *text);
void        mm_players_bar_follow_clock     (MmPlayersBar *self,
                                             MmClock      *clock);
void        mm_players_bar_set_narrow       (MmPlayersBar *self,
                                             gboolean      narrow);

const char *mm_players_bar_get_name         (MmPlayersBar *self,
                                             MmColor       color);
const char *mm_players_bar_get_count        (MmPlayersBar *self,
                                             MmColor       color);
const char *mm_players_bar_get_clock        (MmPlayersBar *self,
                                             MmColor       color);
const char *mm_players_bar_get_status       (MmPlayersBar *self);
const char *mm_players_bar_get_announcement (MmPlayersBar *self);
const char *mm_players_bar_get_thinking     (MmPlayersBar *self);
GtkWidget  *mm_players_bar_get_status_label (MmPlayersBar *self);

G_END_DECLS
