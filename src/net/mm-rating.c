/* mm-rating.c
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

#include "mm-rating.h"

#include <math.h>

/* Glicko-2 works on its own scale: 173.7178 is 400 / ln 10. */
#define SCALE 173.7178
#define PI 3.14159265358979323846
#define CONVERGENCE 0.000001
/* A deviation never goes below this, so that a settled rating still
 * moves, nor above the newcomer's. */
#define MIN_DEVIATION 30.0
/* The volatility search stops after this many steps whatever happens;
 * the Illinois method needs a few dozen at most. */
#define MAX_STEPS 200

typedef struct
{
  double delta_squared;
  double phi_squared;
  double v;
  double a;
  double tau;
} VolatilityProblem;

void
mm_rating_init (MmRating *rating)
{
  rating->rating = MM_RATING_START;
  rating->deviation = MM_RATING_START_DEVIATION;
  rating->volatility = MM_RATING_START_VOLATILITY;
}

/* How much a result against an opponent of deviation @phi says. */
static double
weight_of_deviation (double phi)
{
  return 1.0 / sqrt (1.0 + 3.0 * phi * phi / (PI * PI));
}

static double
expected_score (double mu, double opponent_mu, double g)
{
  return 1.0 / (1.0 + exp (-g * (mu - opponent_mu)));
}

static double
volatility_equation (const VolatilityProblem *p, double x)
{
  double ex = exp (x);
  double denominator = p->phi_squared + p->v + ex;

  return ex * (p->delta_squared - p->phi_squared - p->v - ex) / (2.0 * denominator * denominator)
         - (x - p->a) / (p->tau * p->tau);
}

/* Step 5 of Glickman's paper: the new volatility is the root of
 * volatility_equation(), bracketed and then found by the Illinois
 * variant of regula falsi. */
static double
new_volatility (double sigma, double phi, double v, double delta, double tau)
{
  VolatilityProblem p = {
    .delta_squared = delta * delta,
    .phi_squared = phi * phi,
    .v = v,
    .a = log (sigma * sigma),
    .tau = tau,
  };
  double a = p.a, b, fa, fb;
  int steps;

  if (p.delta_squared > p.phi_squared + p.v)
    b = log (p.delta_squared - p.phi_squared - p.v);
  else
    {
      int k = 1;

      while (k < MAX_STEPS && volatility_equation (&p, p.a - k * tau) < 0)
        k++;
      b = p.a - k * tau;
    }

  fa = volatility_equation (&p, a);
  fb = volatility_equation (&p, b);
  for (steps = 0; steps < MAX_STEPS && fabs (b - a) > CONVERGENCE; steps++)
    {
      double c, fc;

      /* Flat between the ends: no better point to find. */
      if (fb == fa)
        break;
      c = a + (a - b) * fa / (fb - fa);
      fc = volatility_equation (&p, c);

      if (fc * fb <= 0)
        {
          a = b;
          fa = fb;
        }
      else
        fa /= 2.0;
      b = c;
      fb = fc;
    }
  return exp (a / 2.0);
}

static double
clamp_deviation (double deviation)
{
  return fmin (fmax (deviation, MIN_DEVIATION), MM_RATING_START_DEVIATION);
}

static int
is_valid_rating (const MmRating *rating)
{
  return isfinite (rating->rating) && isfinite (rating->deviation) && rating->deviation > 0
         && isfinite (rating->volatility) && rating->volatility > 0;
}

/* The player's rating after @games, each against an opponent as rated
 * before the period.  With no games only the deviation grows, as time
 * away makes a rating less certain.  Returns 0, leaving @updated alone,
 * when an input is out of range (a score outside 0 to 1, a deviation
 * not above 0, a number that is not finite). */
int
mm_rating_update (const MmRating     *player,
                  const MmRatingGame *games,
                  size_t              n_games,
                  double              tau,
                  MmRating           *updated)
{
  double mu, phi, v_inverse = 0.0, improvement = 0.0;
  double v, delta, sigma, phi_star, new_phi, new_mu;
  size_t i;

  if (!is_valid_rating (player) || !(tau > 0) || !isfinite (tau) || (n_games > 0 && games == NULL))
    return 0;

  mu = (player->rating - MM_RATING_START) / SCALE;
  phi = player->deviation / SCALE;

  if (n_games == 0)
    {
      updated->rating = player->rating;
      updated->deviation = clamp_deviation (SCALE * sqrt (phi * phi
                                                          + player->volatility
                                                            * player->volatility));
      updated->volatility = player->volatility;
      return 1;
    }

  for (i = 0; i < n_games; i++)
    {
      const MmRatingGame *game = &games[i];
      double g, e;

      if (!isfinite (game->opponent_rating) || !isfinite (game->opponent_deviation)
          || !(game->opponent_deviation > 0) || !(game->score >= 0 && game->score <= 1))
        return 0;
      g = weight_of_deviation (game->opponent_deviation / SCALE);
      e = expected_score (mu, (game->opponent_rating - MM_RATING_START) / SCALE, g);
      v_inverse += g * g * e * (1.0 - e);
      improvement += g * (game->score - e);
    }

  /* An opponent so far above or below that the result was certain
   * teaches nothing. */
  if (!(v_inverse > 0))
    {
      *updated = *player;
      return 1;
    }
  v = 1.0 / v_inverse;
  delta = v * improvement;
  sigma = new_volatility (player->volatility, phi, v, delta, tau);
  phi_star = sqrt (phi * phi + sigma * sigma);
  new_phi = 1.0 / sqrt (1.0 / (phi_star * phi_star) + 1.0 / v);
  new_mu = mu + new_phi * new_phi * improvement;

  updated->rating = SCALE * new_mu + MM_RATING_START;
  updated->deviation = clamp_deviation (SCALE * new_phi);
  updated->volatility = sigma;
  return 1;
}

/* Both players after one game between them, each measured against the
 * other as they stood before it. */
int
mm_rating_update_pair (MmRating *black,
                       MmRating *white,
                       double    black_score,
                       double    tau)
{
  MmRatingGame black_game = { white->rating, white->deviation, black_score };
  MmRatingGame white_game = { black->rating, black->deviation, 1.0 - black_score };
  MmRating new_black, new_white;

  if (!mm_rating_update (black, &black_game, 1, tau, &new_black)
      || !mm_rating_update (white, &white_game, 1, tau, &new_white))
    return 0;
  *black = new_black;
  *white = new_white;
  return 1;
}
