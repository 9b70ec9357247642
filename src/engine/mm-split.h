/* mm-split.h
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
#include <stdbool.h>
#include <stdint.h>
#include <pthread.h>

#include "mm-board.h"
#include "mm-search.h"

/* Young Brothers Wait for the searches' threads: once the first move of
 * a node has been searched without a cut, its other moves may be shared
 * out to the threads that have nothing to do (a split point).  The
 * thread that opened it (its owner) searches them too, and when none is
 * left it helps with the split points opened below it until the last
 * move comes back.  A move that reaches beta ends the split point, and
 * every thread working below it drops what it was doing. */

typedef struct _MmSplitPoint MmSplitPoint;

/* Searches move @index of @split with the window's lower end at @alpha
 * (null window, then the full one if it fails high), as the search that
 * opened it does. */
typedef int (*MmSplitSearchFunc) (MmSearch           *search,
                                  const MmSplitPoint *split,
                                  int                 index,
                                  int                 alpha);

struct _MmSplitPoint
{
  MmSplitPoint *parent;    /* the split point its owner was working for */
  uint64_t      player;
  uint64_t      opponent;
  uint64_t      flips[MM_N_SQUARES];   /* the moves to share, in order */
  uint64_t      replies[MM_N_SQUARES]; /* the opponent's moves after each */
  uint8_t       squares[MM_N_SQUARES];
  int           n_moves;
  int           n_empties;
  int           depth;      /* the midgame search's, or 0 */
  int           child_type; /* the solver's kind of node for the null-window
                             * searches of the moves */
  int           beta;
  MmSplitSearchFunc search_move;

  /* Under the team's lock: */
  int           next;       /* the next move to hand out */
  int           n_working;  /* moves out being searched */
  int           alpha;      /* raised as the moves come back */
  int           best;
  int           best_move;
  bool          cut;        /* a move reached beta */
};

#define MM_SPLIT_MAX_OPEN 256

/* The threads of one search. */
typedef struct
{
  pthread_mutex_t lock;
  pthread_cond_t  wake;       /* a split point opened, or a move came back */
  MmSplitPoint *open[MM_SPLIT_MAX_OPEN];
  int           n_open;
  MmSearch     *threads[MM_SEARCH_MAX_THREADS];
  int           n_threads;
  atomic_int    n_idle;     /* threads waiting for moves to search */
  bool          quit;
} MmSplitTeam;

bool mm_split_team_init  (MmSplitTeam *team);
void mm_split_team_clear (MmSplitTeam *team);
void mm_split_team_join  (MmSplitTeam *team,
                          MmSearch    *search);
void mm_split_team_quit  (MmSplitTeam *team);

void mm_split_run        (MmSearch     *owner,
                          MmSplitPoint *split);
void mm_split_serve      (MmSearch     *helper);
