/* mm-opening.h
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

#include "mm-board.h"
#include "mm-eval.h"
#include "mm-game.h"

G_BEGIN_DECLS

/* Random balanced openings, as in XOT (eXtended Othello Tournament):
 * the first moves are played at random, and only a position that a
 * search scores close to even is kept, so that a game starts somewhere
 * new but fair for both sides. */

#define MM_OPENING_PLIES      8
#define MM_OPENING_MAX_SCORE  (2 * MM_EVAL_SCALE)

guint mm_opening_random_balanced (const MmEvalWeights *weights,
                                  GRand               *rand,
                                  guint                n_plies,
                                  int                  max_score,
                                  int                 *moves,
                                  int                 *score);

void  mm_opening_start_game      (MmGame              *game,
                                  const char          *start,
                                  const MmEvalWeights *weights,
                                  GRand               *rand);

G_END_DECLS
