/* mm-rating.h
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

/* Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system",
 * 2013), for the server's rated games.  Plain C: the server updates both
 * players after each rated game, a rating period of one game, as the
 * busy online servers do. */

#include <stddef.h>

#define MM_RATING_START          1500.0
#define MM_RATING_START_DEVIATION 350.0
#define MM_RATING_START_VOLATILITY  0.06
/* How fast volatility may change: Glickman suggests 0.3 to 1.2. */
#define MM_RATING_DEFAULT_TAU       0.5

typedef struct
{
  double rating;      /* on the familiar scale, 1500 for a newcomer */
  double deviation;   /* the uncertainty of @rating, 30 to 350 */
  double volatility;  /* how erratic the player's results are */
} MmRating;

/* One game of the rating period, as the opponent stood before it. */
typedef struct
{
  double opponent_rating;
  double opponent_deviation;
  double score;       /* 1 for a win, 0.5 for a draw, 0 for a loss */
} MmRatingGame;

void mm_rating_init   (MmRating           *rating);
int  mm_rating_update (const MmRating     *player,
                       const MmRatingGame *games,
                       size_t              n_games,
                       double              tau,
                       MmRating           *updated);
int  mm_rating_update_pair (MmRating *black,
                            MmRating *white,
                            double    black_score,
                            double    tau);
