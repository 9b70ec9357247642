/* mm-rate-limit.h
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

#include <stdbool.h>
#include <stdint.h>

/* A token bucket: @burst requests at once, then @rate a second.  Times
 * are the caller's clock in microseconds (g_get_monotonic_time()), so
 * that tests can move time themselves.  A rate of 0 never limits. */
typedef struct
{
  double  rate;
  double  burst;
  double  tokens;
  int64_t last_us;
} MmRateLimit;

void mm_rate_limit_init (MmRateLimit *self,
                         double       rate,
                         double       burst,
                         int64_t      now_us);
bool mm_rate_limit_take (MmRateLimit *self,
                         int64_t      now_us);
bool mm_rate_limit_allows (MmRateLimit *self,
                           int64_t      now_us);
