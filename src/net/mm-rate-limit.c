/* mm-rate-limit.c
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

#include "mm-rate-limit.h"

void
mm_rate_limit_init (MmRateLimit *self,
                    double       rate,
                    double       burst,
                    int64_t      now_us)
{
  self->rate = rate;
  self->burst = burst < 1 ? 1 : burst;
  self->tokens = self->burst;
  self->last_us = now_us;
}

static void
refill (MmRateLimit *self,
        int64_t      now_us)
{
  if (now_us > self->last_us)
    {
      self->tokens += (double) (now_us - self->last_us) * self->rate / 1e6;
      if (self->tokens > self->burst)
        self->tokens = self->burst;
    }
  self->last_us = now_us;
}

/* Whether one more request would go now, without counting it. */
bool
mm_rate_limit_allows (MmRateLimit *self,
                      int64_t      now_us)
{
  if (self->rate <= 0)
    return true;
  refill (self, now_us);
  return self->tokens >= 1;
}

/* Whether one more request may go now; it is counted if so. */
bool
mm_rate_limit_take (MmRateLimit *self,
                    int64_t      now_us)
{
  if (!mm_rate_limit_allows (self, now_us))
    return false;
  if (self->rate > 0)
    self->tokens -= 1;
  return true;
}
