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

#include "mm-eval.h"
#include "mm-hash.h"
#include "mm-search.h"
#include "mm-split.h"

struct _MmSearch
{
  MmHashTable         *hash;        /* own_hash, or the main search's in a helper */
  MmHashTable         *near_end;    /* this thread's table for the solver's
                                     * last empties, or NULL (see
                                     * MM_NEAR_END_EMPTIES) */
  MmSolveCache        *solve_cache; /* this thread's cache for the solver's
                                     * last empties with no table, or NULL */
  const MmEvalWeights *weights;     /* NULL: the hand-written evaluation */
  uint64_t             nodes;
  double               deadline;    /* seconds on the monotonic clock, 0: none */
  atomic_int          *stop;        /* own_stop, or the flag helpers share */
  MmSplitTeam         *team;        /* the solver's threads, or NULL */
  MmSplitPoint        *split_context; /* the split point this thread works
                                       * for (see mm-split.c) */
  atomic_int           abort;       /* a split point above was cut */
  int                  n_threads;
  double               probcut;     /* Multi-ProbCut's margin in standard
                                     * deviations; 0: off */
  int                  selectivity; /* 0: the solver is exact; else the
                                     * level of a selective pass (see
                                     * MM_SELECTIVE_LEVELS) */
  int                  selective_min_empties; /* a selective pass cuts
                                               * from this many empties */
  int                  selective_solve_empties; /* solves from this many
                                                 * empties on start with
                                                 * selective passes; 0: none */

  MmHashTable          own_hash;
  MmHashTable          own_near_end;
  size_t               near_end_bytes; /* the size of each near-end table */
  MmHashTable          helper_near_end[MM_SEARCH_MAX_THREADS - 1]; /* made when
                                                                  * first needed */
  MmSolveCache         own_solve_cache;
  MmSolveCache         helper_solve_cache[MM_SEARCH_MAX_THREADS - 1]; /* as
                                                                     * helper_near_end */
  atomic_int           own_stop;
};

/* The selective passes of a solve: the solver cuts with ProbCut at
 * levels 1 .. MM_SELECTIVE_LEVELS - 1, level 1 the boldest; their table
 * entries are stored at depth MM_SELECTIVE_DEPTH + level, below the
 * exact entries (MM_EXACT_DEPTH + empties) and above any midgame depth,
 * so that neither the exact solver nor the midgame search trusts them,
 * while their moves still order the search. */
#define MM_SELECTIVE_LEVELS 4
#define MM_SELECTIVE_DEPTH MM_HASH_SELECTIVE_DEPTH
#define MM_EXACT_DEPTH MM_HASH_EXACT_DEPTH
#define MM_SELECTIVE_MIN_EMPTIES 10

/* A selective pass solves from this many empties on. */
#define MM_SELECTIVE_SOLVE_EMPTIES 18

static inline bool
mm_search_depth_is_selective (int depth)
{
  return depth >= MM_SELECTIVE_DEPTH && depth < MM_EXACT_DEPTH;
}

/* The solver keeps what it learns about positions with at most this
 * many empties in a small table of each thread's own, which stays in the
 * processor's cache: there most probes of the large table missed the
 * cache, while the subtrees are small enough for a few MiB to hold what
 * they reuse.  The large table keeps the deeper entries, which now no
 * longer make way for shallow ones.  FFO #45: 10-15% less time.  Since
 * the solver stores nothing below 8 (now 11) empties, 4 MiB hold enough: FFO
 * #40-#49 0.7% more nodes than with 8 MiB, 6% less time (eight runs side
 * by side, seven faster).  Twelve empties too, in 8 MiB, once the
 * enhanced transposition cut-off no longer probed there: 0.1% more nodes,
 * 4% less time (five rounds of six side by side); 4 or 16 MiB the same. */
#define MM_NEAR_END_EMPTIES 12
#define MM_NEAR_END_TABLE_BYTES ((size_t) 8 << 20)   /* at most */

static inline MmHashTable *
mm_search_table_for (const MmSearch *search,
                     int             n_empties)
{
  return n_empties <= MM_NEAR_END_EMPTIES && search->near_end != NULL ? search->near_end
                                                                     : search->hash;
}

/* How often, in nodes, a search looks at its stop flag and the clock. */
#define MM_SEARCH_POLL_MASK 0xFFF

double mm_search_clock (void);

/* For the tests: selective passes in solves from @solve_empties empties
 * on (0: none), cutting from @min_empties. */
void   mm_search_set_selective_solve (MmSearch *search,
                                      int       solve_empties,
                                      int       min_empties);

/* True once the search is told to stop, or (a solver's thread) what it
 * searches is no longer wanted. */
static inline bool
mm_search_stopped (MmSearch *search)
{
  return (atomic_load_explicit (search->stop, memory_order_relaxed)
          | atomic_load_explicit (&search->abort, memory_order_relaxed))
         != 0;
}

/* mm_search_stopped, or the time is up; looks only every few thousand
 * nodes, which is well under a millisecond. */
static inline bool
mm_search_should_stop (MmSearch *search)
{
  if ((search->nodes & MM_SEARCH_POLL_MASK) != 0)
    return false;
  if (search->deadline > 0 && mm_search_clock () >= search->deadline)
    atomic_store_explicit (search->stop, 1, memory_order_relaxed);
  return mm_search_stopped (search);
}
