/* mm-search-kernel.c
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

/* The searches, compiled once per instruction set (see mm-cpu.h).
 *
 * The exact endgame solver is a negamax alpha-beta on the final disc
 * difference.  Near the end (few empties) it is a plain search ordered by
 * parity; higher up it uses the transposition table, fastest-first move
 * ordering (the reply that leaves the opponent fewest moves first),
 * stability cut-offs and null-window searches after the first move.
 *
 * The midgame search is a principal-variation alpha-beta to a fixed depth
 * on the evaluation, sharing the table with the solver; where the depth
 * reaches the end of the game it calls the solver.
 *
 * The table keeps all scores in evaluation units (1/MM_EVAL_SCALE disc),
 * so that each search can use what the other learnt.
 *
 * The parts below make one translation unit, compiled once per
 * instruction set, so that their functions stay static: the calls from
 * one part into another (the deep solver's into the shallow solvers,
 * the orderings' into the midgame search) are inlined and their
 * registers allocated as within one file. */

#include "mm-search-kernel-private.h"

#include "mm-search-kernel-shallow.c"
#include "mm-search-kernel-order.c"
#include "mm-search-kernel-split.c"
#include "mm-search-kernel-endgame.c"
#include "mm-search-kernel-probcut.c"
#include "mm-search-kernel-midgame.c"
