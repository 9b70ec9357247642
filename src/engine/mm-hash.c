/* mm-hash.c
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

#include "mm-hash.h"

#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
# include <sys/mman.h>
#endif

/* Large tables are aligned to this and asked for in huge pages where the
 * system has them: the probes miss the cache anyway, and with 4 KiB
 * pages nearly every one misses the TLB too. */
#define HUGE_PAGE_BYTES ((size_t) 2 << 20)

/* The table has a power-of-two number of two-slot buckets, as many as fit
 * in @bytes (at least one). */
bool
mm_hash_table_init (MmHashTable *table,
                    size_t       bytes)
{
  size_t buckets = 1, size;

  while (buckets * 2 * sizeof (MmHashBucket) <= bytes)
    buckets *= 2;

  size = buckets * sizeof (MmHashBucket);

  if (size >= HUGE_PAGE_BYTES)
    {
      /* aligned_alloc wants a multiple of the alignment. */
      table->buckets = aligned_alloc (HUGE_PAGE_BYTES,
                                      (size + HUGE_PAGE_BYTES - 1) / HUGE_PAGE_BYTES
                                      * HUGE_PAGE_BYTES);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
      if (table->buckets != NULL)
        madvise (table->buckets, size, MADV_HUGEPAGE);
#endif
    }
  else
    table->buckets = aligned_alloc (sizeof (MmHashBucket), size);
  if (table->buckets == NULL)
    return false;
  table->mask = (uint64_t) buckets - 1;
  table->generation = 0;
  mm_hash_table_clear (table);
  return true;
}

void
mm_hash_table_clear (MmHashTable *table)
{
  /* Zero words match only the empty board, which no search stores. */
  memset (table->buckets, 0, (table->mask + 1) * sizeof (MmHashBucket));
}

void
mm_hash_table_free (MmHashTable *table)
{
  free (table->buckets);
  table->buckets = NULL;
  table->mask = 0;
}

void
mm_hash_table_new_search (MmHashTable *table)
{
  table->generation++;
}

bool
mm_solve_cache_init (MmSolveCache *cache)
{
  cache->entries = aligned_alloc (64, sizeof (MmSolveCacheEntry) << MM_SOLVE_CACHE_BITS);
  if (cache->entries == NULL)
    return false;
  mm_solve_cache_clear (cache);
  return true;
}

void
mm_solve_cache_clear (MmSolveCache *cache)
{
  memset (cache->entries, 0, sizeof (MmSolveCacheEntry) << MM_SOLVE_CACHE_BITS);
}

void
mm_solve_cache_free (MmSolveCache *cache)
{
  free (cache->entries);
  cache->entries = NULL;
}
