/* test-rating.c
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

/* Glicko-2 ratings, checked against the worked example of Glickman's
 * paper and against what any rating must do. */

#include <glib.h>
#include <math.h>

#include "mm-rating.h"

static MmRating
rating_of (double rating, double deviation, double volatility)
{
  MmRating r = { rating, deviation, volatility };

  return r;
}

/* "Example of the Glicko-2 system", section 3: a 1500 player of
 * deviation 200 beats a 1400 (30), loses to a 1550 (100) and to a
 * 1700 (300), with tau 0.5. */
static void
test_glickman_example (void)
{
  MmRating player = rating_of (1500, 200, 0.06);
  MmRatingGame games[] = {
    { 1400, 30, 1 },
    { 1550, 100, 0 },
    { 1700, 300, 0 },
  };
  MmRating updated;

  g_assert_true (mm_rating_update (&player, games, G_N_ELEMENTS (games), 0.5, &updated));
  g_assert_cmpfloat_with_epsilon (updated.rating, 1464.06, 0.01);
  g_assert_cmpfloat_with_epsilon (updated.deviation, 151.52, 0.01);
  g_assert_cmpfloat_with_epsilon (updated.volatility, 0.05999, 0.00001);
}

/* Time away makes a rating less certain, never more than a newcomer's. */
static void
test_no_games (void)
{
  MmRating player = rating_of (1500, 200, 0.06);
  MmRating updated;
  int i;

  g_assert_true (mm_rating_update (&player, NULL, 0, 0.5, &updated));
  g_assert_cmpfloat (updated.rating, ==, 1500);
  g_assert_cmpfloat_with_epsilon (updated.deviation, 200.27, 0.01);
  g_assert_cmpfloat (updated.volatility, ==, 0.06);

  for (i = 0; i < 10000; i++)
    {
      player = updated;
      g_assert_true (mm_rating_update (&player, NULL, 0, 0.5, &updated));
    }
  g_assert_cmpfloat (updated.deviation, ==, MM_RATING_START_DEVIATION);
}

/* Two newcomers: the winner gains what the loser loses; a draw between
 * equals changes neither rating, and both grow more certain. */
static void
test_pair (void)
{
  MmRating black, white;

  mm_rating_init (&black);
  mm_rating_init (&white);
  g_assert_true (mm_rating_update_pair (&black, &white, 1.0, MM_RATING_DEFAULT_TAU));
  g_assert_cmpfloat (black.rating, >, 1500 + 100);
  g_assert_cmpfloat_with_epsilon (black.rating - 1500, 1500 - white.rating, 1e-9);
  g_assert_cmpfloat_with_epsilon (black.deviation, white.deviation, 1e-9);
  g_assert_cmpfloat (black.deviation, <, MM_RATING_START_DEVIATION);

  mm_rating_init (&black);
  mm_rating_init (&white);
  g_assert_true (mm_rating_update_pair (&black, &white, 0.5, MM_RATING_DEFAULT_TAU));
  g_assert_cmpfloat_with_epsilon (black.rating, 1500, 1e-9);
  g_assert_cmpfloat_with_epsilon (white.rating, 1500, 1e-9);
  g_assert_cmpfloat (black.deviation, <, MM_RATING_START_DEVIATION);
}

/* Beating a stronger player is worth more than beating a weaker one,
 * and a certain rating moves less than an uncertain one. */
static void
test_upsets_count_more (void)
{
  MmRating player = rating_of (1600, 100, 0.06);
  MmRatingGame stronger = { 1900, 80, 1 };
  MmRatingGame weaker = { 1300, 80, 1 };
  MmRating after_stronger, after_weaker, settled_after;
  MmRating settled = rating_of (1600, 40, 0.06);

  g_assert_true (mm_rating_update (&player, &stronger, 1, 0.5, &after_stronger));
  g_assert_true (mm_rating_update (&player, &weaker, 1, 0.5, &after_weaker));
  g_assert_cmpfloat (after_weaker.rating, >, player.rating);
  g_assert_cmpfloat (after_stronger.rating - player.rating, >,
                     3 * (after_weaker.rating - player.rating));

  g_assert_true (mm_rating_update (&settled, &stronger, 1, 0.5, &settled_after));
  g_assert_cmpfloat (settled_after.rating - settled.rating, <,
                     after_stronger.rating - player.rating);
}

/* Nonsense in, nothing out: the caller's values stay as they were. */
static void
test_refuses_bad_input (void)
{
  MmRating player = rating_of (1500, 200, 0.06);
  MmRating black = rating_of (1500, 200, 0.06), white = rating_of (NAN, 200, 0.06);
  MmRatingGame bad_score = { 1500, 200, 2 };
  MmRatingGame bad_deviation = { 1500, 0, 1 };
  MmRatingGame infinite = { INFINITY, 200, 1 };
  MmRating updated = rating_of (1, 2, 3);

  g_assert_false (mm_rating_update (&player, &bad_score, 1, 0.5, &updated));
  g_assert_false (mm_rating_update (&player, &bad_deviation, 1, 0.5, &updated));
  g_assert_false (mm_rating_update (&player, &infinite, 1, 0.5, &updated));
  g_assert_false (mm_rating_update (&player, &bad_score, 1, 0, &updated));
  g_assert_false (mm_rating_update (&player, NULL, 1, 0.5, &updated));
  g_assert_cmpfloat (updated.rating, ==, 1);
  g_assert_cmpfloat (updated.deviation, ==, 2);

  g_assert_false (mm_rating_update_pair (&black, &white, 1, 0.5));
  g_assert_cmpfloat (black.rating, ==, 1500);
}

/* Far-apart players, long streaks: every value stays finite and the
 * deviation within its bounds. */
static void
test_extremes_stay_finite (void)
{
  MmRating strong = rating_of (3000, 30, 0.06);
  MmRating weak = rating_of (0, 30, 0.06);
  int i;

  for (i = 0; i < 2000; i++)
    {
      /* The weak player wins every game: the most surprising results. */
      g_assert_true (mm_rating_update_pair (&strong, &weak, 0, MM_RATING_DEFAULT_TAU));
      g_assert_true (isfinite (strong.rating) && isfinite (weak.rating));
      g_assert_true (isfinite (strong.volatility) && strong.volatility > 0);
      g_assert_cmpfloat (strong.deviation, >=, 30);
      g_assert_cmpfloat (strong.deviation, <=, MM_RATING_START_DEVIATION);
    }
  /* By now the results have turned the ratings round. */
  g_assert_cmpfloat (weak.rating, >, strong.rating);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rating/glickman-example", test_glickman_example);
  g_test_add_func ("/rating/no-games", test_no_games);
  g_test_add_func ("/rating/pair", test_pair);
  g_test_add_func ("/rating/upsets-count-more", test_upsets_count_more);
  g_test_add_func ("/rating/refuses-bad-input", test_refuses_bad_input);
  g_test_add_func ("/rating/extremes-stay-finite", test_extremes_stay_finite);

  return g_test_run ();
}
