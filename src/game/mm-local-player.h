/* mm-local-player.h
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

/* The person at this computer, as a seat: asked to move, it waits until
 * the person chooses a square (mm_player_choose()), which stands at
 * once.  Two of them make a game between two people on one machine. */

#define MM_TYPE_LOCAL_PLAYER (mm_local_player_get_type ())

G_DECLARE_FINAL_TYPE (MmLocalPlayer, mm_local_player, MM, LOCAL_PLAYER, GObject)

MmLocalPlayer *mm_local_player_new      (const char    *name);
void           mm_local_player_set_name (MmLocalPlayer *self,
                                         const char    *name);

G_END_DECLS
