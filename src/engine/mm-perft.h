/* mm-perft.h
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

#include <stdint.h>

#include "mm-board.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Counts the leaves of the game tree @depth plies below @board.  A pass
 * counts as one ply and a game that ends above @depth counts as one leaf,
 * the convention of the published Othello perft values. */
uint64_t    mm_perft            (const MmBoard *board,
                                 int            depth);

#ifdef __cplusplus
}
#endif
