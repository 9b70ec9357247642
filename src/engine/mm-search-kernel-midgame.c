/* mm-search-kernel-midgame.c
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

/* The midgame search: a principal-variation alpha-beta to a fixed depth
 * on the evaluation, which calls the solver where the depth reaches the
 * end of the game.
 *
 * Not a translation unit of its own: mm-search-kernel.c includes it with
 * the other parts of the searches. */

#include "mm-search-kernel-private.h"

int
MM_KERNEL (mm_eval_kernel) (const MmEvalWeights *weights,
                            uint64_t             player,
                            uint64_t             opponent)
{
  return mm_eval_inline (weights, player, opponent);
}

static inline int
evaluate (MmSearch *search,
          uint64_t  player,
          uint64_t  opponent)
{
  search->nodes++;
  return search->weights != NULL ? mm_eval_inline (search->weights, player, opponent)
                                 : mm_eval_simple (player, opponent);
}

/* The solver on a window in evaluation units: the window in discs is
 * widened outwards, so that a bound in discs is a bound in units too. */
static int
solve_scaled (MmSearch *search,
              uint64_t  player,
              uint64_t  opponent,
              int       alpha,
              int       beta)
{
  int n_empties = mm_popcount (~(player | opponent));
  int disc_alpha = alpha >= 0 ? alpha / MM_EVAL_SCALE : -((-alpha + MM_EVAL_SCALE - 1) / MM_EVAL_SCALE);
  int disc_beta = beta >= 0 ? (beta + MM_EVAL_SCALE - 1) / MM_EVAL_SCALE : -(-beta / MM_EVAL_SCALE);

  if (disc_alpha < -SCORE_INF)
    disc_alpha = -SCORE_INF;
  if (disc_beta > SCORE_INF)
    disc_beta = SCORE_INF;
  if (disc_beta <= disc_alpha)
    disc_beta = disc_alpha + 1;
  return solve_deep (search, player, opponent, disc_alpha, disc_beta, n_empties,
                     mm_moves_of (player, opponent),
                     disc_beta - disc_alpha > 1 ? NODE_PV : NODE_CUT)
         * MM_EVAL_SCALE;
}

/* Move @index of @split, for whichever thread takes it: as search_midgame
 * searches its moves after the first. */
static int
search_split_midgame_move (MmSearch           *search,
                           const MmSplitPoint *split,
                           int                 index,
                           int                 alpha)
{
  uint64_t next_player, next_opponent;
  int score;

  split_child (split, index, &next_player, &next_opponent);
  score = -search_midgame (search, next_player, next_opponent, -alpha - 1, -alpha,
                           split->depth - 1);
  if (score > alpha && score < split->beta && !mm_search_stopped (search))
    score = -search_midgame (search, next_player, next_opponent, -split->beta, -alpha,
                             split->depth - 1);
  return score;
}

/* The remaining moves of a node of the midgame search. */
static int
split_midgame_moves (MmSearch *search,
                     uint64_t  player,
                     uint64_t  opponent,
                     MoveItem *items,
                     int       n_moves,
                     int       depth,
                     int       alpha,
                     int       beta,
                     int      *best,
                     int      *best_move)
{
  return split_moves (search, search_split_midgame_move, depth, NODE_PV, player, opponent,
                      items, n_moves, alpha, beta, best, best_move);
}

static int
search_midgame (MmSearch *search,
                uint64_t  player,
                uint64_t  opponent,
                int       alpha,
                int       beta,
                int       depth)
{
  MmHashData entry;
  MoveItem items[MM_N_SQUARES];
  uint64_t moves;
  int n_empties = mm_popcount (~(player | opponent));
  int hash_move = NO_MOVE, best = -MID_INF - 1, best_move = NO_MOVE;
  int original_alpha, n_moves, known;

  if (depth >= n_empties)
    return solve_scaled (search, player, opponent, alpha, beta);
  if (depth == 0)
    return evaluate (search, player, opponent);

  search->nodes++;
  if (mm_search_should_stop (search))
    return 0;

  if (mm_hash_table_probe (search->hash, player, opponent, &entry))
    {
      hash_move = entry.move;
      if (entry.depth >= depth && !mm_search_depth_is_selective (entry.depth)
          && bounds_decide (entry.lower, entry.upper, &alpha, &beta, &known))
        return known;
    }

  original_alpha = alpha;
  moves = mm_moves_of (player, opponent);
  if (moves == 0)
    {
      if (mm_moves_of (opponent, player) == 0)
        return final_score (player, opponent) * MM_EVAL_SCALE;
      return -search_midgame (search, opponent, player, -beta, -alpha, depth);
    }

  if (search->probcut > 0 && depth >= PROBCUT_MIN_DEPTH)
    {
      int cut = probcut (search, player, opponent, alpha, beta, depth, n_empties);

      if (cut > 0)
        return beta;
      if (cut < 0)
        return alpha;
    }

  n_moves = order_midgame_moves (search, player, opponent, moves, hash_move, depth, items);
  for (int i = 0; i < n_moves; i++)
    {
      uint64_t flips = items[i].flips;
      uint64_t next_player = opponent ^ flips;
      uint64_t next_opponent = mm_mover_after (player, flips, items[i].square);
      int score;

      if (i == 0)
        score = -search_midgame (search, next_player, next_opponent, -beta, -alpha, depth - 1);
      else
        {
          score = -search_midgame (search, next_player, next_opponent, -alpha - 1, -alpha,
                                   depth - 1);
          if (score > alpha && score < beta)
            score = -search_midgame (search, next_player, next_opponent, -beta, -alpha,
                                     depth - 1);
        }

      if (mm_search_stopped (search))
        return 0;

      if (score > best)
        {
          best = score;
          best_move = items[i].square;
          if (score > alpha)
            {
              alpha = score;
              if (alpha >= beta)
                break;
            }
        }

      if (i == 0 && worth_splitting (search, depth, SPLIT_DEPTH, n_moves - 1))
        {
          alpha = split_midgame_moves (search, player, opponent, items, n_moves, depth, alpha,
                                       beta, &best, &best_move);
          if (mm_search_stopped (search))
            return 0;
          break;
        }
    }

  mm_hash_table_store (search->hash, player, opponent, depth,
                       best > original_alpha ? best : -MID_INF,
                       best < beta ? best : MID_INF,
                       best_move);
  return best;
}

/* One iteration at the root: every move searched to @depth within the
 * window, the previous best move first.  Returns the best score found;
 * *best_move stays as it was when the search stops before any move. */
int
MM_KERNEL (mm_midgame_kernel) (MmSearch *search,
                               uint64_t  player,
                               uint64_t  opponent,
                               int       depth,
                               int       alpha,
                               int       beta,
                               int      *best_move)
{
  MoveItem items[MM_N_SQUARES];
  uint64_t moves = mm_moves_of (player, opponent);
  int best = -MID_INF - 1;
  int n_moves;

  if (moves == 0)
    {
      if (mm_moves_of (opponent, player) == 0)
        return final_score (player, opponent) * MM_EVAL_SCALE;
      *best_move = MM_SQUARE_PASS;
      return -search_midgame (search, opponent, player, -beta, -alpha, depth);
    }

  n_moves = order_midgame_moves (search, player, opponent, moves,
                                 *best_move >= 0 && *best_move < 64 ? *best_move : NO_MOVE,
                                 depth, items);
  for (int i = 0; i < n_moves; i++)
    {
      uint64_t flips = items[i].flips;
      uint64_t next_player = opponent ^ flips;
      uint64_t next_opponent = mm_mover_after (player, flips, items[i].square);
      int score;

      if (i == 0)
        score = -search_midgame (search, next_player, next_opponent, -beta, -alpha, depth - 1);
      else
        {
          score = -search_midgame (search, next_player, next_opponent, -alpha - 1, -alpha,
                                   depth - 1);
          if (score > alpha && score < beta)
            score = -search_midgame (search, next_player, next_opponent, -beta, -alpha,
                                     depth - 1);
        }
      if (mm_search_stopped (search))
        break;

      if (score > best)
        {
          best = score;
          *best_move = items[i].square;
          if (score > alpha)
            {
              alpha = score;
              if (alpha >= beta)
                break;
            }
        }

      /* What the split point kept of a stopped search is sound. */
      if (i == 0 && worth_splitting (search, depth, SPLIT_DEPTH, n_moves - 1))
        {
          split_midgame_moves (search, player, opponent, items, n_moves, depth, alpha, beta,
                               &best, best_move);
          break;
        }
    }

  return best;
}
