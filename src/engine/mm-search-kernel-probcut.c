/* mm-search-kernel-probcut.c
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

/* Multi-ProbCut: a shallow midgame search predicts a deep one, in the
 * midgame search, and the exact score in the solver's selective passes.
 *
 * Not a translation unit of its own: mm-search-kernel.c includes it with
 * the other parts of the searches. */

#include "mm-search-kernel-private.h"

#define PROBCUT_MIN_DEPTH 3
#define PROBCUT_MAX_DEPTH 12

/* The standard deviation of (deep score - shallow score), in discs, is
 * about constant + per_empty * empties for each depth; measured by
 * `monomachia-probcut -n 1200 -d 12` (tools/train) on positions of the
 * held-out archive games with the shipped evaluation (measured again when
 * the weights fitted to search scores came, docs/TRAINING.md), full-width
 * searches at both depths.  Deeper searches use the last row. */
static const struct
{
  float constant;
  float per_empty;
} probcut_error[PROBCUT_MAX_DEPTH + 1] = {
  [3] = { 5.18f, -0.0589f },
  [4] = { 4.82f, -0.0592f },
  [5] = { 4.24f, -0.0498f },
  [6] = { 6.19f, -0.0767f },
  [7] = { 5.49f, -0.0671f },
  [8] = { 5.12f, -0.0642f },
  [9] = { 4.49f, -0.0542f },
  [10] = { 6.19f, -0.0811f },
  [11] = { 5.66f, -0.0762f },
  [12] = { 6.01f, -0.0904f },
};

/* The lines were fitted from 14 to 54 empties: outside, no less than
 * this (in discs). */
#define PROBCUT_MIN_ERROR 2.0

/* The shallow search that predicts a search of @depth: about half as
 * deep, and of the same parity, since odd and even depths differ. */
static inline int
probcut_depth (int depth)
{
  return 2 * (depth / 4) + (depth & 1);
}

/* Whether a shallow search says, with the search's confidence, that
 * this node fails high (+1) or low (-1) at @depth; 0 when it cannot say. */
static int
probcut (MmSearch *search,
         uint64_t  player,
         uint64_t  opponent,
         int       alpha,
         int       beta,
         int       depth,
         int       n_empties)
{
  int row = depth < PROBCUT_MAX_DEPTH ? depth : PROBCUT_MAX_DEPTH;
  int shallow = probcut_depth (depth);
  double sigma = probcut_error[row].constant + probcut_error[row].per_empty * n_empties;
  int margin, bound;

  if (sigma < PROBCUT_MIN_ERROR)
    sigma = PROBCUT_MIN_ERROR;
  margin = (int) (search->probcut * sigma * MM_EVAL_SCALE);

  bound = beta + margin;
  if (bound < MID_INF
      && search_midgame (search, player, opponent, bound - 1, bound, shallow) >= bound)
    return 1;
  bound = alpha - margin;
  if (bound > -MID_INF
      && search_midgame (search, player, opponent, bound, bound + 1, shallow) <= bound)
    return -1;
  return 0;
}

/* ProbCut in the solver's selective passes: a shallow midgame search
 * predicts the exact score, with an error of about this many discs
 * (standard deviation, by empties).  Not measured for exact scores yet:
 * the deepest midgame row stands in for it. */
static inline double
endcut_error (int n_empties)
{
  double sigma = probcut_error[PROBCUT_MAX_DEPTH].constant
                 + probcut_error[PROBCUT_MAX_DEPTH].per_empty * n_empties;

  return sigma < PROBCUT_MIN_ERROR ? PROBCUT_MIN_ERROR : sigma;
}

/* The shallow search of the solver's ProbCut: two plies less than the
 * midgame's rule would give (the parity kept), since the passes only
 * prepare the exact one's move ordering.  FFO #40-#49: 2% fewer nodes
 * and 14% less time than with the midgame's depths; four plies less
 * orders worse (13% more nodes), an odd difference worse still.  At 13
 * empties the rule's 5 plies cost three times the searches at 12 and 14
 * (which take 4) and order no better than 3: FFO #40-#49, 0.1% more
 * nodes and 3.6% less time with 3 (faster in five rounds of six side by
 * side, the sixth even); 3 at 15 and 5 at 17 as well, 3.5% more nodes. */
#define ENDCUT_EMPTIES_CHEAPER 13

static inline int
endcut_depth (int n_empties)
{
  int depth = probcut_depth (n_empties) - 2;

  if (n_empties == ENDCUT_EMPTIES_CHEAPER)
    depth -= 2;
  return depth < 1 ? 1 : depth;
}

/* How bold each selective level is: the margin in standard deviations. */
static const double selective_margin[MM_SELECTIVE_LEVELS] = {
  [1] = 1.1, [2] = 1.5, [3] = 2.0,
};

/* Whether the shallow search says, at the pass's margin, that the exact
 * score reaches @beta (+1) or stays at or below @alpha (-1); 0 when it
 * cannot say.  Windows in discs. */
static int
endgame_probcut (MmSearch *search,
                 uint64_t  player,
                 uint64_t  opponent,
                 int       alpha,
                 int       beta,
                 int       n_empties)
{
  int shallow = endcut_depth (n_empties);
  int margin = (int) (selective_margin[search->selectivity] * endcut_error (n_empties)
                      * MM_EVAL_SCALE);
  int bound;

  if (beta < 64)
    {
      bound = beta * MM_EVAL_SCALE + margin;
      if (search_midgame (search, player, opponent, bound - 1, bound, shallow) >= bound)
        return 1;
    }
  if (alpha > -64)
    {
      bound = alpha * MM_EVAL_SCALE - margin;
      if (search_midgame (search, player, opponent, bound, bound + 1, shallow) <= bound)
        return -1;
    }
  return 0;
}
