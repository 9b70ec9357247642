/* mm-search.h
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
#include <stddef.h>
#include <stdint.h>

#include "mm-board.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A search context: its transposition table, its node count and the flag
 * that stops it.  Each search owns one, so searches in several threads do
 * not touch each other; mm_search_stop() may be called from any thread. */
typedef struct _MmSearch MmSearch;

/* Multi-ProbCut's default margin, in standard deviations of the error of
 * its shallow searches (see mm_search_set_probcut()). */
#define MM_SEARCH_DEFAULT_PROBCUT 1.5

#define MM_SEARCH_MAX_THREADS 64

/* The largest final disc difference. */
#define MM_SCORE_MAX 64

typedef struct
{
  int      score;       /* final disc difference for the side to move,
                         * empty squares to the winner */
  int      best_move;   /* 0..63, MM_SQUARE_PASS, or MM_SQUARE_NONE when over */
  uint64_t nodes;
  bool     stopped;     /* told to stop: score and move are not exact */
} MmSolveResult;

/* What a search may spend.  A zero field means no limit of that kind. */
typedef struct
{
  int    max_depth;      /* plies of midgame search */
  double max_seconds;    /* wall-clock time */
  int    exact_empties;  /* from this many empties down, solve exactly */
} MmSearchLimits;

typedef struct
{
  int      best_move;    /* 0..63, MM_SQUARE_PASS, or MM_SQUARE_NONE when over */
  int      score;        /* in 1/MM_EVAL_SCALE disc for the side to move */
  int      depth;        /* of the last finished iteration */
  bool     exact;        /* the score is the final result under perfect play */
  uint64_t nodes;
  double   seconds;
  bool     stopped;      /* stopped early by mm_search_stop() or the clock */
} MmSearchResult;

/* Called after each finished iteration, in the searching thread. */
typedef void (*MmSearchProgressFunc) (const MmSearchResult *result,
                                      void                 *user_data);

typedef struct _MmEvalWeights MmEvalWeights;

MmSearch *mm_search_new         (size_t                hash_bytes);
void      mm_search_free        (MmSearch             *search);
void      mm_search_set_weights (MmSearch             *search,
                                 const MmEvalWeights  *weights);
void      mm_search_set_threads (MmSearch             *search,
                                 int                   n_threads);
void      mm_search_set_probcut (MmSearch             *search,
                                 double                sigmas);
double    mm_search_get_probcut (const MmSearch       *search);
void      mm_search_stop        (MmSearch             *search);
void      mm_search_clear       (MmSearch             *search);

bool      mm_search_run         (MmSearch             *search,
                                 const MmBoard        *board,
                                 const MmSearchLimits *limits,
                                 MmSearchProgressFunc  progress,
                                 void                 *user_data,
                                 MmSearchResult       *result);

bool      mm_endgame_solve      (MmSearch             *search,
                                 const MmBoard        *board,
                                 MmSolveResult        *result);
bool      mm_endgame_solve_wld  (MmSearch             *search,
                                 const MmBoard        *board,
                                 MmSolveResult        *result);

/* The time to give one move from a game clock: the remaining time shared
 * over the moves the side still has to make (about half the empties), with
 * a little more in the middle of the game where it pays most, the
 * increment added, and a reserve kept so the clock never runs out. */
double    mm_search_time_for_move (double remaining_seconds,
                                   double increment_seconds,
                                   int    n_empties);

/* The final score of a finished game, for the side to move. */
int       mm_board_final_score (const MmBoard  *board);

#ifdef __cplusplus
}
#endif
