/* mm-search-kernel-shallow.c
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

/* The solver's last few empties (up to SHALLOW_EMPTIES): no table nor
 * cache, a solver for each count of empties and kind of node, and the
 * last two empties without move lists.
 *
 * Not a translation unit of its own: mm-search-kernel.c includes it with
 * the other parts of the searches. */

#include "mm-search-kernel-private.h"

/* The last empty square: whoever can play it does, and the game ends.
 * Inlined into each caller, as solve_two is into the three-empties
 * solver: FFO #40, 3.4% fewer instructions and 3% fewer mispredictions
 * than the compiler's own choice (calls). */
static inline __attribute__ ((always_inline)) int
solve_last (uint64_t player,
            int      square)
{
  int p = mm_popcount (player);
  int flips = mm_last_flip_count (player, square);

  /* 63 discs stand: a move for the player gives p + flips + 1 against
   * 63 - p - flips. */
  if (flips != 0)
    return 2 * (p + flips) - 62;

  /* Every other square is the opponent's. */
  flips = mm_last_flip_count (~player ^ (UINT64_C (1) << square), square);
  if (flips != 0)
    return 2 * (p - flips) - 64;

  return p > 63 - p ? 2 * p - 62 : 2 * p - 64;
}

/* Two empties: each side's moves tried in turn, without move lists. */
static inline __attribute__ ((always_inline)) int
solve_two (MmSearch *search,
           uint64_t  player,
           uint64_t  opponent,
           int       alpha,
           int       beta,
           int       x1,
           int       x2)
{
  uint64_t flips;
  int best = -SCORE_INF, worst = SCORE_INF, score;

  search->nodes++;
  if ((flips = mm_flips_of (player, opponent, x1)) != 0)
    {
      best = -solve_last (opponent ^ flips, x2);
      if (best >= beta)
        return best;
    }
  if ((flips = mm_flips_of (player, opponent, x2)) != 0)
    {
      score = -solve_last (opponent ^ flips, x1);
      if (score > best)
        best = score;
    }
  if (best != -SCORE_INF)
    return best;

  /* The player passes: the opponent picks the worst for the player. */
  if ((flips = mm_flips_of (opponent, player, x1)) != 0)
    {
      worst = solve_last (player ^ flips, x2);
      if (worst <= alpha)
        return worst;
    }
  if ((flips = mm_flips_of (opponent, player, x2)) != 0)
    {
      score = solve_last (player ^ flips, x1);
      if (score < worst)
        worst = score;
    }
  return worst != SCORE_INF ? worst : final_score (player, opponent);
}

/* The shallow solver skips the stability bound where the opponent's discs
 * anchored at corners (a part of the stable ones, found with a few table
 * lookups) fall this many short of a cut.  FFO #40-#44: half of the
 * bounds skipped, which had made a tenth of the cuts; 0.9% more nodes,
 * 3.9% fewer instructions and 2% fewer mispredictions (#40-#49: the
 * time within the noise).  Deeper nodes compute every bound: skipping
 * there too changed nothing. */
#define STABLE_SHORTFALL_SKIPPED 13

/* stability_bound, or SCORE_INF where a cut is unlikely. */
static inline int
likely_stability_bound (uint64_t player,
                        uint64_t opponent,
                        int      alpha)
{
  int stable_discs_for_cut = (65 - alpha) / 2;

  /* The cheap test of stability_bound first: the table lookups only
   * where it lets the bound through. */
  if (mm_popcount (opponent) >= stable_discs_for_cut
      && stable_discs_for_cut - mm_corner_anchored_count (opponent) >= STABLE_SHORTFALL_SKIPPED)
    return SCORE_INF;
  return stability_bound (player, opponent, alpha);
}

/* The legal moves of a node, when its parent has not counted them. */
#define MOVES_UNKNOWN UINT64_MAX

/* A solver of the last few empties for one count of them: the player's
 * legal @moves known, or MOVES_UNKNOWN. */
typedef int (*ShallowSolver) (MmSearch *search,
                              uint64_t  player,
                              uint64_t  opponent,
                              int       alpha,
                              int       beta,
                              uint64_t  moves);

/* Searches the moves of @items, selected by their keys as it goes (the
 * lowest first), the first with @first_solver and the others with
 * @later_solver, each child given its legal moves. */
static inline __attribute__ ((always_inline)) int
solve_items (MmSearch      *search,
             uint64_t       player,
             uint64_t       opponent,
             int            alpha,
             int            beta,
             MoveItem      *items,
             int            n_moves,
             ShallowSolver  first_solver,
             ShallowSolver  later_solver)
{
  int best = -SCORE_INF;

  for (int i = 0; i < n_moves; i++)
    {
      uint64_t flips;
      int score;

      select_next (items, i, n_moves);
      flips = items[i].flips;
      score = -(i == 0 ? first_solver : later_solver) (search, opponent ^ flips,
                                                       player ^ flips
                                                       ^ (UINT64_C (1) << items[i].square),
                                                       -beta, -alpha, items[i].replies);
      if (score > best)
        {
          best = score;
          if (score > alpha)
            {
              alpha = score;
              if (alpha >= beta)
                break;
            }
        }
    }
  return best;
}

/* The shallow solver's fastest-first keys: the replies and the parity
 * only (order_moves adds more terms higher up). */
static inline int
order_shallow_moves (uint64_t  player,
                     uint64_t  opponent,
                     uint64_t  moves,
                     uint64_t  odd,
                     MoveItem *items)
{
  int n = 0;

  for (; moves != 0; moves = mm_without_first (moves))
    {
      int square = mm_first_square (moves);
      uint64_t flips = mm_flips_of (player, opponent, square);
      uint64_t replies = mm_moves_of (opponent ^ flips, mm_mover_after (player, flips, square));
      set_item (&items[n++], square, flips, replies,
                replies_key (replies) + parity_key (odd, square));
    }
  return n;
}

/* Three to seven empties, with a solver for each count of empties and kind
 * of node (see NodeType; a node inside a wider window is taken for one
 * expected to cut, as the solver seldom meets one this near the end).
 * The legal moves are tried in parity order (odd regions first), except
 * from six empties where a cut is expected: there they go fastest first,
 * which finds the cutting move sooner.  Generating the moves (after the
 * stability test, which often ends the node) or receiving them from the
 * parent's ordering, rather than trying every empty square, spares the
 * branches that found a square illegal: FFO #40, 12% fewer branch
 * mispredictions for 1% more instructions.
 *
 * A node expected to cut skips the stability bound, which can only prove
 * a fail-low.  With the fastest-first order at six: FFO #40-#44, 6% fewer
 * nodes, 3% fewer instructions and 6% fewer mispredictions (fastest first
 * at five as well: 13% fewer nodes, but 3.6% more instructions than at six
 * alone, and no faster).  Each count and kind keeps branches of its own,
 * which predict better than one set shared by all (FFO #40: 9% fewer
 * mispredictions, 1% fewer instructions). */
static inline __attribute__ ((always_inline)) int
solve_moves_at (MmSearch      *search,
                uint64_t       player,
                uint64_t       opponent,
                int            alpha,
                int            beta,
                int            n_empties,
                uint64_t       moves,
                bool           cut_expected,
                ShallowSolver  after_pass,
                ShallowSolver  below_cut,
                ShallowSolver  below_all)
{
  uint64_t empties, odd, ordered[2];
  int best = -SCORE_INF, upper;
  bool first = true;

  search->nodes++;
  if (!cut_expected)
    {
      upper = likely_stability_bound (player, opponent, alpha);
      if (upper <= alpha)
        return upper;
      if (upper < beta)
        beta = upper;
    }

  if (moves == MOVES_UNKNOWN)
    moves = mm_moves_of (player, opponent);
  if (moves == 0)
    {
      /* No move: pass, or the game is over. */
      uint64_t replies = mm_moves_of (opponent, player);

      if (replies == 0)
        return final_score (player, opponent);
      return -after_pass (search, opponent, player, -beta, -alpha, replies);
    }

  empties = ~(player | opponent);
  odd = odd_quadrants (empties);
  if (cut_expected && n_empties >= SHALLOW_SORTED_EMPTIES)
    {
      MoveItem items[MM_N_SQUARES];
      int n_moves = order_shallow_moves (player, opponent, moves, odd, items);

      return solve_items (search, player, opponent, alpha, beta, items, n_moves, below_all,
                          below_cut);
    }

  ordered[0] = moves & odd;
  ordered[1] = moves & ~odd;
  for (int i = 0; i < 2; i++)
    for (uint64_t m = ordered[i]; m != 0; m = mm_without_first (m))
      {
        int square = mm_first_square (m);
        uint64_t flips = mm_flips_of (player, opponent, square);
        uint64_t next_player = opponent ^ flips;
        uint64_t next_opponent = mm_mover_after (player, flips, square);
        uint64_t rest = empties ^ (UINT64_C (1) << square);
        int score;

        if (n_empties == 3)
          score = -solve_two (search, next_player, next_opponent, -beta, -alpha,
                              mm_first_square (rest), mm_first_square (mm_without_first (rest)));
        else
          score = -(cut_expected && first ? below_all : below_cut) (search, next_player,
                                                                    next_opponent, -beta,
                                                                    -alpha, MOVES_UNKNOWN);
        first = false;

        if (score > best)
          {
            best = score;
            if (score > alpha)
              {
                alpha = score;
                if (alpha >= beta)
                  return best;
              }
          }
      }

  return best;
}

/* The two solvers of @n empties, for nodes expected to cut and to fail
 * low: the children of the first are expected to fail low for its first
 * move and to cut for the others (as in solve_deep), those of the second
 * to cut. */
#define SHALLOW_SOLVERS(n, below)                                                            \
  static int solve_all_##n (MmSearch *search, uint64_t player, uint64_t opponent,            \
                            int alpha, int beta, uint64_t moves);                            \
                                                                                             \
  static __attribute__ ((noinline)) int                                                      \
  solve_cut_##n (MmSearch *search, uint64_t player, uint64_t opponent, int alpha, int beta,  \
                 uint64_t moves)                                                             \
  {                                                                                          \
    return solve_moves_at (search, player, opponent, alpha, beta, n, moves, true,            \
                           solve_all_##n, below (cut), below (all));                         \
  }                                                                                          \
                                                                                             \
  static __attribute__ ((noinline)) int                                                      \
  solve_all_##n (MmSearch *search, uint64_t player, uint64_t opponent, int alpha, int beta,  \
                 uint64_t moves)                                                             \
  {                                                                                          \
    return solve_moves_at (search, player, opponent, alpha, beta, n, moves, false,           \
                           solve_cut_##n, below (cut), below (all));                         \
  }

/* The solvers of one empty fewer; three empties call solve_two. */
#define NO_SOLVER(kind) NULL
#define SOLVER_3(kind) solve_##kind##_3
#define SOLVER_4(kind) solve_##kind##_4
#define SOLVER_5(kind) solve_##kind##_5
#define SOLVER_6(kind) solve_##kind##_6

SHALLOW_SOLVERS (3, NO_SOLVER)
SHALLOW_SOLVERS (4, SOLVER_3)
SHALLOW_SOLVERS (5, SOLVER_4)
SHALLOW_SOLVERS (6, SOLVER_5)
SHALLOW_SOLVERS (7, SOLVER_6)

/* Three to SHALLOW_EMPTIES empties. */
_Static_assert (SHALLOW_EMPTIES == 7, "a solver for each count of empties up to seven");

static int
solve_moves (MmSearch *search,
             uint64_t  player,
             uint64_t  opponent,
             int       alpha,
             int       beta,
             int       n_empties,
             uint64_t  moves,
             NodeType  type)
{
  bool all = type == NODE_ALL;

  switch (n_empties)
    {
    case 3:
      return (all ? solve_all_3 : solve_cut_3) (search, player, opponent, alpha, beta, moves);
    case 4:
      return (all ? solve_all_4 : solve_cut_4) (search, player, opponent, alpha, beta, moves);
    case 5:
      return (all ? solve_all_5 : solve_cut_5) (search, player, opponent, alpha, beta, moves);
    case 6:
      return (all ? solve_all_6 : solve_cut_6) (search, player, opponent, alpha, beta, moves);
    default:
      return (all ? solve_all_7 : solve_cut_7) (search, player, opponent, alpha, beta, moves);
    }
}

/* The last few empties, without the table. */
static int
solve_shallow (MmSearch *search,
               uint64_t  player,
               uint64_t  opponent,
               int       alpha,
               int       beta,
               int       n_empties)
{
  uint64_t empties = ~(player | opponent);

  if (n_empties == 2)
    return solve_two (search, player, opponent, alpha, beta, mm_first_square (empties),
                      mm_first_square (mm_without_first (empties)));
  if (n_empties == 1)
    {
      search->nodes++;
      return solve_last (player, mm_first_square (empties));
    }
  if (n_empties == 0)
    {
      search->nodes++;
      return final_score (player, opponent);
    }
  return solve_moves (search, player, opponent, alpha, beta, n_empties, MOVES_UNKNOWN, NODE_PV);
}
