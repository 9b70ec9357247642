/* test-rate-limit.c
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

/* The token bucket behind the server's request and chat limits. */

#include <glib.h>

#include "mm-rate-limit.h"

#define SECOND 1000000

static int
count_taken (MmRateLimit *limit, int64_t now_us, int tries)
{
  int taken = 0;

  for (int i = 0; i < tries; i++)
    taken += mm_rate_limit_take (limit, now_us);
  return taken;
}

static void
test_burst_then_rate (void)
{
  MmRateLimit limit;

  mm_rate_limit_init (&limit, 2, 5, 0);
  g_assert_cmpint (count_taken (&limit, 0, 10), ==, 5);
  /* Half a second brings back one. */
  g_assert_cmpint (count_taken (&limit, SECOND / 2, 10), ==, 1);
  /* A long quiet fills the bucket, never past its burst. */
  g_assert_cmpint (count_taken (&limit, 100 * SECOND, 10), ==, 5);
  /* A steady pace at the rate is always taken. */
  for (int i = 1; i <= 20; i++)
    g_assert_true (mm_rate_limit_take (&limit, 100 * SECOND + i * SECOND / 2));
}

static void
test_clock_backwards (void)
{
  MmRateLimit limit;

  mm_rate_limit_init (&limit, 1, 1, 10 * SECOND);
  g_assert_true (mm_rate_limit_take (&limit, 10 * SECOND));
  /* A clock that goes back gives nothing. */
  g_assert_false (mm_rate_limit_take (&limit, 5 * SECOND));
  g_assert_true (mm_rate_limit_take (&limit, 6 * SECOND));
}

static void
test_allows (void)
{
  MmRateLimit limit;

  mm_rate_limit_init (&limit, 1, 2, 0);
  /* Asking takes nothing. */
  for (int i = 0; i < 10; i++)
    g_assert_true (mm_rate_limit_allows (&limit, 0));
  g_assert_true (mm_rate_limit_take (&limit, 0));
  g_assert_true (mm_rate_limit_take (&limit, 0));
  g_assert_false (mm_rate_limit_allows (&limit, 0));
  g_assert_true (mm_rate_limit_allows (&limit, SECOND));
}

static void
test_unlimited (void)
{
  MmRateLimit limit;

  mm_rate_limit_init (&limit, 0, 0, 0);
  g_assert_cmpint (count_taken (&limit, 0, 1000), ==, 1000);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/rate-limit/burst-then-rate", test_burst_then_rate);
  g_test_add_func ("/rate-limit/clock-backwards", test_clock_backwards);
  g_test_add_func ("/rate-limit/allows", test_allows);
  g_test_add_func ("/rate-limit/unlimited", test_unlimited);

  return g_test_run ();
}
