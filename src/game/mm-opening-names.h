/* mm-opening-names.h
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

#include "mm-game.h"

G_BEGIN_DECLS

/* The names Othello players give the usual openings (Tiger, Rose,
 * Buffalo ...), found by position: a game is in a named opening when it
 * reaches the position of its line, in any of the eight ways the board
 * can be turned or mirrored, and by any order of moves. */

/**
 * MmOpeningName:
 * @name: the name, untranslated (context "opening": show it through
 *   mm_opening_names_translate()), or %NULL when the game reached none
 * @n_moves: the number of moves that reached the named position
 * @in_opening: the position after the moves looked at is still on the
 *   line of a named opening
 */
typedef struct
{
  const char *name;
  guint       n_moves;
  gboolean    in_opening;
} MmOpeningName;

gboolean    mm_opening_names_find       (MmGame        *game,
                                         guint          n_moves,
                                         MmOpeningName *found);
const char *mm_opening_names_translate  (const char    *name);

G_END_DECLS
