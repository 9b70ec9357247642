/* mm-online-seat.h
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

#include "mm-player.h"

G_BEGIN_DECLS

/* A seat of an online game, whose moves the server confirms: the server
 * is the referee.  The opponent's seat (and, for a spectator, both) is
 * answered by the server's "moved"; the seat of the person here is
 * chosen on the board (mm_player_choose() emits ::chosen, for the game
 * to send the move) and answered, too, when the server confirms it. */

#define MM_TYPE_ONLINE_SEAT (mm_online_seat_get_type ())

G_DECLARE_FINAL_TYPE (MmOnlineSeat, mm_online_seat, MM, ONLINE_SEAT, GObject)

MmOnlineSeat *mm_online_seat_new           (const char   *name,
                                            gboolean      local_person);
void          mm_online_seat_set_name      (MmOnlineSeat *self,
                                            const char   *name);
gboolean      mm_online_seat_is_asked      (MmOnlineSeat *self);
gboolean      mm_online_seat_confirm       (MmOnlineSeat *self,
                                            int           square);
void          mm_online_seat_refuse        (MmOnlineSeat *self);
void          mm_online_seat_fail          (MmOnlineSeat *self,
                                            const GError *error);

G_END_DECLS
