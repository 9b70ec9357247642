/* mm-search-private.h
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

#include <stdatomic.h>

#include "mm-hash.h"
#include "mm-search.h"

struct _MmSearch
{
  MmHashTable  hash;
  uint64_t     nodes;
  atomic_int   stop;
};

/* How often, in nodes, a search looks at its stop flag. */
#define MM_SEARCH_POLL_MASK 0xFFF

static inline bool
mm_search_should_stop (MmSearch *search)
{
  return (search->nodes & MM_SEARCH_POLL_MASK) == 0
         && atomic_load_explicit (&search->stop, memory_order_relaxed) != 0;
}
