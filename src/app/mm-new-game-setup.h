/* mm-new-game-setup.h
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

#include <gio/gio.h>

G_BEGIN_DECLS

/* What a new game is to be: the choices of the New Game window, which
 * it hands to the game window as they are.  The settings only remember
 * them for next time, so a settings backend that fails to store them
 * cannot change the game. */
typedef struct
{
  char    *start;          /* "standard", "random-opening" or a start position's id */
  char    *opponent;       /* "person", "computer" or "computer-both" */
  char    *level;          /* a level's id, or "external" for the engine of Preferences */
  char    *human_color;    /* "black" or "white": the person's side against the computer */
  char    *black_name;
  char    *white_name;
  int      clock_minutes;  /* 0: no clock */
  int      clock_increment; /* seconds added after each move */
} MmNewGameSetup;

MmNewGameSetup *mm_new_game_setup_new_from_settings (GSettings            *settings);
MmNewGameSetup *mm_new_game_setup_copy              (const MmNewGameSetup *setup);
void            mm_new_game_setup_save              (const MmNewGameSetup *setup,
                                                     GSettings            *settings);
void            mm_new_game_setup_free              (MmNewGameSetup       *setup);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MmNewGameSetup, mm_new_game_setup_free)

G_END_DECLS
