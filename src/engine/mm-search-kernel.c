/* mm-search-kernel.c
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

/* The searches, compiled once per instruction set (see mm-cpu.h).
 *
 * The exact endgame solver is a negamax alpha-beta on the final disc
 * difference.  Near the end (few empties) it is a plain search ordered by
 * parity; higher up it uses the transposition table, fastest-first move
 * ordering (the reply that leaves the opponent fewest moves first),
 * stability cut-offs and null-window searches after the first move.
 *
 * The midgame search is a principal-variation alpha-beta to a fixed depth
 * on the evaluation, sharing the table with the solver; where the depth
 * reaches the end of the game it calls the solver.
 *
 * The table keeps all scores in evaluation units (1/MM_EVAL_SCALE disc),
 * so that each search can use what the other learnt. */

#include <limits.h>

#include "mm-board.h"
#include "mm-eval.h"
#include "mm-eval-private.h"
#include "mm-kernels.h"
#include "mm-search-private.h"
#include "mm-stability.h"

#define SCORE_INF 127
#define MID_INF (SCORE_INF * MM_EVAL_SCALE)
#define NO_MOVE 255
#define CORNERS UINT64_C (0x8100000000000081)

/* An exact endgame entry is stored at this depth plus the empties, above
 * any midgame depth, so that a midgame probe can trust it. */
#define EXACT_DEPTH MM_EXACT_DEPTH

/* At or below this many empties: no table nor cache, and a solver for
 * each count of empties and kind of node (solve_moves_at), the moves in
 * parity order, or fastest first where a cut is expected from
 * SHALLOW_SORTED_EMPTIES.  Seven rather than six, the seventh's cache
 * and ordering by corner-anchored discs given up: FFO #40-#49, 6% more
 * nodes but 2% fewer instructions and 2% less time (three rounds side by
 * side and six alternating runs of #45 and #49). */
#define SHALLOW_EMPTIES 7
#define SHALLOW_SORTED_EMPTIES 6

/* From this many empties on, the solver keeps its results in the table.
 * Nearer the end a subtree costs about what a probe that misses the
 * cache costs, and the probes, their prefetches and the stores compete
 * for memory with the rest (FFO #40-#44: 4% more nodes without the table
 * at seven empties but 10% less time).  There the thread's small cache
 * takes its place (below). */
#define TABLE_EMPTIES 11

/* From SOLVE_CACHE_EMPTIES up to TABLE_EMPTIES the solver keeps its
 * results in the thread's small cache instead (MmSolveCache, 256 KiB),
 * which stays in the processor's cache where the tables' probes missed
 * it.  For seven and eight empties: FFO #40-#49, 10% fewer nodes and
 * 2-8% less time (three rounds side by side); a cache of 64 KiB or 1 MiB
 * no faster.  Nine empties in the cache rather than in the table: 0.8%
 * more nodes, 1.6-3.8% less time (four rounds); ten as well: 0.5% more
 * nodes, 1.2-2.7% less time (three rounds); eleven as well, 1.2% more
 * nodes and 2% more time.  Six too, in the shallow solver: 4.6% fewer
 * nodes, but no clear gain in time; seven went to the shallow solver
 * (SHALLOW_EMPTIES). */
#define SOLVE_CACHE_EMPTIES 8

/* From this many empties on, the fastest-first ordering counts potential
 * mobility too; nearer the end it orders no better than the replies
 * alone (FFO #40: 0.4% fewer nodes and 1.6% fewer instructions without
 * it at six and seven empties). */
#define POTENTIAL_MOBILITY_EMPTIES 8

/* From this many empties on, the children are looked up in the table
 * before any is searched.  Nearer the end the probes cost about what the
 * cut-offs they find save (FFO #40-#49: 4% more nodes without them
 * below 12 empties, 7% less time).  At 12, where the children's entries
 * are in the near-end table: 0.6% more nodes without, 3.8% less time
 * (three rounds side by side, each faster); from 14, 2.2% more nodes and
 * no faster.  None at all: 20% more nodes. */
#define ETC_EMPTIES 13

/* From this many empties on, moves are ordered by a shallow midgame
 * search as well as by mobility (order_moves_by_search), and from the
 * second on by a deeper one.  FFO #40-#49: from 14 and 18 empties, 4%
 * fewer nodes but 5% more time (eight runs side by side); from 13, more
 * nodes. */
#define EVAL_ORDER_EMPTIES 15
#define EVAL_ORDER_DEEPER_EMPTIES 20

/* From this many empties on, a node of the solver whose first move did
 * not cut shares its other moves out to the threads that are free
 * (mm-split.h); in the midgame search, from this depth on. */
#define SPLIT_EMPTIES 12
#define SPLIT_DEPTH 5

typedef struct _MoveItem MoveItem;

/* What a node of the solver is expected to do (Knuth and Moore's node
 * types), from its place in the tree: a null-window node whose parent
 * expects a cut is expected to fail low, and the other way round.  On
 * FFO #40-#44 the guess holds for 96-99% of the expected cuts and 90-98%
 * of the expected fail-lows at 7 to 19 empties.  Each kind of node then
 * skips the work that serves only the other: see solve_deep. */
typedef enum
{
  NODE_PV,   /* inside a window wider than null */
  NODE_CUT,  /* expected to fail high: its first move refutes it */
  NODE_ALL,  /* expected to fail low: every move is searched */
} NodeType;

/* The type of a child searched with a null window: the first move of a
 * node expected to cut is expected to fail low; every other, to cut. */
static inline NodeType
null_window_child_type (NodeType type,
                        bool     first)
{
  return type == NODE_CUT && first ? NODE_ALL : NODE_CUT;
}

/* The type of the node itself after a pass: the opponent's side of it. */
static inline NodeType
passed_type (NodeType type)
{
  return type == NODE_PV ? NODE_PV : type == NODE_CUT ? NODE_ALL : NODE_CUT;
}

static int endgame_probcut (MmSearch *search, uint64_t player, uint64_t opponent,
                            int alpha, int beta, int n_empties);
static int order_moves_by_search (MmSearch *search, uint64_t player, uint64_t opponent,
                                  uint64_t moves, int hash_move, int n_empties,
                                  MoveItem *items);

/* The squares of the quadrants (4x4 corners of the board) with an odd
 * number of empties, for parity: the last move in a region is likely to
 * be where it is odd, so moves there go first. */
static inline uint64_t
odd_quadrants (uint64_t empties)
{
  uint64_t parity = empties;

  /* Fold the rows of each half onto its first row, then each half-row
   * onto its first square: bits 0, 4, 32 and 36 end up holding the
   * parities of the four quadrants, which a multiplication spreads over
   * their squares. */
  parity ^= parity >> 8;
  parity ^= parity >> 16;
  parity ^= parity >> 2;
  parity ^= parity >> 1;
  return (parity & UINT64_C (0x0000001100000011)) * UINT64_C (0x0F0F0F0F);
}

static inline int
final_score (uint64_t player,
             uint64_t opponent)
{
  int p = mm_popcount (player);
  int o = mm_popcount (opponent);
  int empties = 64 - p - o;

  if (p > o)
    return p - o + empties;
  if (p < o)
    return p - o - empties;
  return 0;
}

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

struct _MoveItem
{
  uint64_t flips;
  uint64_t replies;   /* the solver's orderings: the child's legal moves */
  int      square;
  int      key;
};

static inline void
swap_items (MoveItem *items,
            int       i,
            int       j)
{
  MoveItem first = items[i];

  items[i] = items[j];
  items[j] = first;
}

/* Brings the move of lowest key among items[from..n-1] to items[from]
 * (the first of equals).  A selection rather than a sort, one pass per
 * move searched: most nodes are refuted by their first move, and the
 * comparisons compile to conditional moves, where a sort's branches
 * mispredicted (a quarter of all mispredictions on FFO #40). */
static inline void
select_next (MoveItem *items,
             int       from,
             int       n)
{
  int best = from;

  for (int j = from + 1; j < n; j++)
    best = items[j].key < items[best].key ? j : best;
  swap_items (items, from, best);
}

/* Fastest first, the key that every ordering starts from: the
 * opponent's replies after the move (the lower the better), corners
 * counted twice. */
static inline int
replies_key (uint64_t replies)
{
  return 16 * (mm_popcount (replies) + mm_popcount (replies & CORNERS));
}

/* The part of a key that favours a move in a region with an odd number
 * of empties (@odd, from odd_quadrants), where the last move is likely
 * to be the mover's.  Arithmetic, not a choice: compiled as a branch it
 * mispredicted (FFO #40-#44, 14% more mispredictions). */
static inline int
parity_key (uint64_t odd,
            int      square)
{
  return -4 * (int) ((odd >> square) & 1);
}

/* Records a move of the solver's orderings: its flips, the child's legal
 * moves and its key. */
static inline void
set_item (MoveItem *item,
          int       square,
          uint64_t  flips,
          uint64_t  replies,
          int       key)
{
  item->flips = flips;
  item->replies = replies;
  item->square = square;
  item->key = key;
}

/* An upper bound on the player's score: the opponent's stable discs stay
 * theirs.  Only worth computing when the opponent has enough discs for
 * the bound to reach @alpha; SCORE_INF when it cannot. */
static inline int
stability_bound (uint64_t player,
                 uint64_t opponent,
                 int      alpha)
{
  if (64 - 2 * mm_popcount (opponent) > alpha)
    return SCORE_INF;
  return 64 - 2 * mm_popcount (mm_stable_discs (opponent, player | opponent));
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

static inline uint64_t
mm_neighbours (uint64_t discs)
{
  const uint64_t not_a = ~UINT64_C (0x0101010101010101);
  const uint64_t not_h = ~UINT64_C (0x8080808080808080);
  uint64_t sides = ((discs << 1) & not_a) | ((discs >> 1) & not_h);
  uint64_t row = discs | sides;

  return sides | (row << 8) | (row >> 8);
}

/* Fastest first: few replies for the opponent, corners counted twice,
 * many of the mover's discs anchored at corners (each 3/16 of a reply),
 * few empty squares next to the mover's discs (from
 * POTENTIAL_MOBILITY_EMPTIES), and a small bonus for moves in odd
 * regions.  Where the node is expected to fail low (@all_node) every move
 * is searched whatever the order, and the replies and parity alone order
 * the few that do cut: FFO #40-#44 0.8% fewer instructions, #40-#49
 * 0.4% more nodes.  FFO #40-#49: the anchored discs 18% fewer nodes; a reply's
 * penalty for moves to X-squares next to empty corners 1.6% fewer nodes
 * but no less time.  The keys only, and the first move (lowest key, the
 * first of equals) brought forward on the way, as most nodes search no
 * other; the search brings each later move forward when it comes to it
 * (select_next).  FFO #40: 4% fewer mispredictions than a selection for
 * the first move too. */
static int
order_moves (uint64_t            player,
             uint64_t            opponent,
             uint64_t            moves,
             int                 hash_move,
             const MmHashTable  *child_table,
             const MmSolveCache *child_cache,
             bool                all_node,
             MoveItem           *items)
{
  uint64_t empties = ~(player | opponent);
  uint64_t odd = odd_quadrants (empties);
  bool potential = !all_node && mm_popcount (empties) >= POTENTIAL_MOBILITY_EMPTIES;
  int n = 0, best = 0, best_key = INT_MAX;

  for (; moves != 0; moves = mm_without_first (moves))
    {
      int square = mm_first_square (moves);
      uint64_t flips = mm_flips_of (player, opponent, square);
      uint64_t next_player = opponent ^ flips;
      uint64_t next_opponent = mm_mover_after (player, flips, square);
      uint64_t replies = mm_moves_of (next_player, next_opponent);
      int key = replies_key (replies) + parity_key (odd, square);

      if (!all_node)
        key -= 3 * mm_corner_anchored_count (next_opponent);

      /* Potential mobility: empty squares next to the mover's discs,
       * where the opponent's later moves lie. */
      if (potential)
        key += 2 * mm_popcount (mm_neighbours (next_opponent) & ~(next_player | next_opponent));

      /* The child's first step is a probe that misses the cache: start
       * the load now, while the other moves are ordered. */
      if (child_table != NULL)
        __builtin_prefetch (mm_hash_table_bucket (child_table, next_player, next_opponent));
      else if (child_cache != NULL)
        __builtin_prefetch (mm_solve_cache_slot (child_cache, next_player, next_opponent));
      if (square == hash_move)
        key = -1000;

      /* Conditional moves, not branches. */
      best = key < best_key ? n : best;
      best_key = key < best_key ? key : best_key;
      set_item (&items[n++], square, flips, replies, key);
    }

  swap_items (items, 0, best);
  return n;
}

/* Whether a selective pass may cut at this many empties.  Below, its
 * searches are exact, and stored and trusted as such: it trusts only
 * exact entries there, so that nothing selective leaks into them. */
static inline bool
cuts_here (const MmSearch *search,
           int             n_empties)
{
  return search->selectivity > 0 && n_empties >= search->selective_min_empties;
}

/* The depth at which the solver stores what it found: exact, or in a
 * selective pass its level, which the exact solver does not trust. */
static inline int
solved_depth (const MmSearch *search,
              int             n_empties)
{
  return cuts_here (search, n_empties) ? MM_SELECTIVE_DEPTH + search->selectivity
                                       : EXACT_DEPTH + n_empties;
}

/* Whether the solver may use the bounds of a table entry of @depth: the
 * exact solver only exact ones, a selective pass also those of its level
 * or a less selective one. */
static inline bool
solver_trusts (const MmSearch *search,
               int             depth,
               int             n_empties)
{
  return cuts_here (search, n_empties) ? depth >= MM_SELECTIVE_DEPTH + search->selectivity
                                       : depth == EXACT_DEPTH + n_empties;
}

/* The thread's solver cache where the solver uses it at @n_empties (an
 * exact search there, see cuts_here), else NULL. */
static inline const MmSolveCache *
solve_cache_for (const MmSearch *search,
                 int             n_empties)
{
  if (n_empties < SOLVE_CACHE_EMPTIES || n_empties >= TABLE_EMPTIES
      || cuts_here (search, n_empties))
    return NULL;
  return search->solve_cache;
}

/* The table where the solver keeps its results at @n_empties, or NULL
 * below it: from TABLE_EMPTIES, and wherever a selective pass cuts, whose
 * entries the cache does not take. */
static inline MmHashTable *
solver_table_for (const MmSearch *search,
                  int             n_empties)
{
  if (n_empties >= TABLE_EMPTIES
      || (n_empties >= SOLVE_CACHE_EMPTIES && cuts_here (search, n_empties)))
    return mm_search_table_for (search, n_empties);
  return NULL;
}

/* Narrows [*alpha, *beta] to known bounds on a node's score; true when
 * they decide the node, its score then in *score. */
static inline bool
bounds_decide (int  lower,
               int  upper,
               int *alpha,
               int *beta,
               int *score)
{
  if (lower >= *beta || lower == upper)
    {
      *score = lower;
      return true;
    }
  if (upper <= *alpha)
    {
      *score = upper;
      return true;
    }
  if (lower > *alpha)
    *alpha = lower;
  if (upper < *beta)
    *beta = upper;
  return false;
}

/* Bounds of a solve, in discs. */
static inline void
store_exact (MmSearch *search,
             uint64_t  player,
             uint64_t  opponent,
             int       n_empties,
             int       lower,
             int       upper,
             int       move)
{
  mm_hash_table_store (mm_search_table_for (search, n_empties), player, opponent,
                       solved_depth (search, n_empties), lower * MM_EVAL_SCALE,
                       upper * MM_EVAL_SCALE, move);
}

/* Enhanced transposition cut-off: before searching any move, look each
 * child up in the table; one already known to refute the window ends the
 * node at the price of a few probes. */
static int
enhanced_transposition_cutoff (MmSearch       *search,
                               uint64_t        player,
                               uint64_t        opponent,
                               const MoveItem *items,
                               int             n_moves,
                               int             n_empties,
                               int             beta)
{
  const MmHashEntry *buckets[MM_N_SQUARES];

  /* The probes miss the cache: all of them are started before the first
   * is read, so that their latencies overlap. */
  for (int i = 0; i < n_moves; i++)
    {
      uint64_t flips = items[i].flips;

      buckets[i] = mm_hash_table_bucket (mm_search_table_for (search, n_empties - 1),
                                         opponent ^ flips,
                                         mm_mover_after (player, flips, items[i].square));
      __builtin_prefetch (buckets[i]);
    }

  for (int i = 0; i < n_moves; i++)
    {
      uint64_t flips = items[i].flips;
      uint64_t child_player = opponent ^ flips;
      uint64_t child_opponent = mm_mover_after (player, flips, items[i].square);
      MmHashData child;

      if ((mm_hash_slot_read (&buckets[i][0], child_player, child_opponent, &child)
           || mm_hash_slot_read (&buckets[i][1], child_player, child_opponent, &child))
          && solver_trusts (search, child.depth, n_empties - 1)
          && -child.upper / MM_EVAL_SCALE >= beta)
        {
          store_exact (search, player, opponent, n_empties,
                       -child.upper / MM_EVAL_SCALE, SCORE_INF, items[i].square);
          return -child.upper / MM_EVAL_SCALE;
        }
    }

  return -SCORE_INF;
}

static int solve_deep (MmSearch *search, uint64_t player, uint64_t opponent,
                       int alpha, int beta, int n_empties, uint64_t moves, NodeType type);

/* A child of a deep node, its legal @moves known: the test for the
 * shallow solver made where it is the same for every move, so that it
 * predicts well. */
static inline int
solve_child (MmSearch *search,
             uint64_t  player,
             uint64_t  opponent,
             int       alpha,
             int       beta,
             int       n_empties,
             uint64_t  moves,
             NodeType  type)
{
  if (n_empties <= SHALLOW_EMPTIES)
    return solve_moves (search, player, opponent, alpha, beta, n_empties, moves, type);
  return solve_deep (search, player, opponent, alpha, beta, n_empties, moves, type);
}

/* The position after move @index of @split. */
static inline void
split_child (const MmSplitPoint *split,
             int                 index,
             uint64_t           *next_player,
             uint64_t           *next_opponent)
{
  uint64_t flips = split->flips[index];

  *next_player = split->opponent ^ flips;
  *next_opponent = mm_mover_after (split->player, flips, split->squares[index]);
}

/* Move @index of @split, for whichever thread takes it: as solve_deep
 * searches its moves after the first. */
static int
search_split_move (MmSearch           *search,
                   const MmSplitPoint *split,
                   int                 index,
                   int                 alpha)
{
  uint64_t next_player, next_opponent;
  int n_empties = split->n_empties - 1;
  int score;

  split_child (split, index, &next_player, &next_opponent);

  score = -solve_child (search, next_player, next_opponent, -alpha - 1, -alpha, n_empties,
                        split->replies[index], (NodeType) split->child_type);
  if (score > alpha && score < split->beta && !mm_search_stopped (search))
    score = -solve_child (search, next_player, next_opponent, -split->beta, -alpha, n_empties,
                          split->replies[index], NODE_PV);
  return score;
}

/* Whether to share out the moves left at a node: where there are several,
 * a thread is free to take them, and the subtrees (@size, the empties or
 * the depth, at least @min_size) are worth the locking. */
static inline bool
worth_splitting (const MmSearch *search,
                 int             size,
                 int             min_size,
                 int             moves_left)
{
  return search->team != NULL && size >= min_size && moves_left >= 2
         && atomic_load_explicit (&search->team->n_idle, memory_order_relaxed) > 0;
}

/* Searches items[1..n_moves-1] with the free threads, each move with
 * @search_move (which reads the split point's @depth or @child_type);
 * *best and *best_move hold the best so far, and are updated.  Returns
 * the new alpha.  Out of line, so that the split point's room is not
 * taken on every node's stack frame. */
static __attribute__ ((noinline)) int
split_moves (MmSearch          *search,
             MmSplitSearchFunc  search_move,
             int                depth,
             NodeType           child_type,
             uint64_t           player,
             uint64_t           opponent,
             MoveItem          *items,
             int                n_moves,
             int                alpha,
             int                beta,
             int               *best,
             int               *best_move)
{
  MmSplitPoint split;

  split.player = player;
  split.opponent = opponent;
  split.n_moves = 0;
  for (int i = 1; i < n_moves; i++)
    {
      select_next (items, i, n_moves);
      split.flips[split.n_moves] = items[i].flips;
      split.replies[split.n_moves] = items[i].replies;
      split.squares[split.n_moves++] = (uint8_t) items[i].square;
    }
  split.n_empties = mm_popcount (~(player | opponent));
  split.depth = depth;
  split.child_type = child_type;
  split.search_move = search_move;
  split.next = 0;
  split.alpha = alpha;
  split.beta = beta;
  split.best = *best;
  split.best_move = *best_move;
  mm_split_run (search, &split);
  *best = split.best;
  *best_move = split.best_move;
  return split.alpha;
}

/* The remaining moves of a node of the solver, of @type. */
static int
split_solver_moves (MmSearch *search,
                    uint64_t  player,
                    uint64_t  opponent,
                    MoveItem *items,
                    int       n_moves,
                    NodeType  type,
                    int       alpha,
                    int       beta,
                    int      *best,
                    int      *best_move)
{
  return split_moves (search, search_split_move, 0, null_window_child_type (type, false),
                      player, opponent, items, n_moves, alpha, beta, best, best_move);
}

/* @moves: the player's legal moves; @type: what the node is expected to
 * do.  A node expected to cut skips the stability bound, which can only
 * prove it fails low (FFO #40-#44: 0.95% fewer instructions, and of
 * 650,000 bounds computed there a handful cut; #40-#49: 0.005% more
 * nodes); one expected to fail low skips the enhanced transposition
 * cut-off, which looks for a refutation (#40-#44: 0.14% fewer
 * instructions and 0.45% fewer mispredictions; #40-#49: 0.2% more
 * nodes), and orders its moves more cheaply (order_moves).  All three:
 * #40-#44 1.9% fewer instructions; #40-#49 0.6% more nodes and 2% less
 * time (four rounds side by side). */
static int
solve_deep (MmSearch *search,
            uint64_t  player,
            uint64_t  opponent,
            int       alpha,
            int       beta,
            int       n_empties,
            uint64_t  moves,
            NodeType  type)
{
  MmHashData entry;
  MoveItem items[MM_N_SQUARES];
  const MmSolveCache *cache;
  const MmHashTable *table;
  MmSolveCacheEntry *cached = NULL;
  int hash_move = NO_MOVE, best = -SCORE_INF, best_move = NO_MOVE;
  int original_alpha, stable_upper, known;
  int n_moves;

  if (n_empties <= SHALLOW_EMPTIES)
    return solve_shallow (search, player, opponent, alpha, beta, n_empties);

  search->nodes++;
  if (mm_search_should_stop (search))
    return 0;

  stable_upper = type == NODE_CUT ? SCORE_INF : stability_bound (player, opponent, alpha);
  if (stable_upper <= alpha)
    return stable_upper;
  if (stable_upper < beta)
    beta = stable_upper;

  cache = solve_cache_for (search, n_empties);
  if (cache != NULL)
    {
      cached = mm_solve_cache_slot (cache, player, opponent);
      if (cached->player == player && cached->opponent == opponent)
        {
          hash_move = cached->move;
          if (bounds_decide (cached->lower, cached->upper, &alpha, &beta, &known))
            return known;
        }
    }
  else if ((table = solver_table_for (search, n_empties)) != NULL
           && mm_hash_table_probe (table, player, opponent, &entry))
    {
      hash_move = entry.move;
      if (solver_trusts (search, entry.depth, n_empties)
          && bounds_decide (entry.lower / MM_EVAL_SCALE, entry.upper / MM_EVAL_SCALE,
                            &alpha, &beta, &known))
        return known;
    }

  original_alpha = alpha;
  if (moves == 0)
    {
      uint64_t replies = mm_moves_of (opponent, player);

      if (replies == 0)
        return final_score (player, opponent);
      return -solve_deep (search, opponent, player, -beta, -alpha, n_empties, replies,
                          passed_type (type));
    }

  if (cuts_here (search, n_empties))
    {
      int cut = endgame_probcut (search, player, opponent, alpha, beta, n_empties);

      /* A stopped or dropped shallow search decides nothing, and must
       * leave nothing in the table. */
      if (mm_search_stopped (search))
        return 0;

      /* The shallow search's move, for the passes after this one. */
      if (cut != 0 && mm_hash_table_probe (search->hash, player, opponent, &entry)
          && entry.move != NO_MOVE)
        hash_move = entry.move;

      if (cut > 0)
        {
          store_exact (search, player, opponent, n_empties, beta, SCORE_INF, hash_move);
          return beta;
        }
      if (cut < 0)
        {
          store_exact (search, player, opponent, n_empties, -SCORE_INF, alpha, hash_move);
          return alpha;
        }
    }

  if (n_empties >= EVAL_ORDER_EMPTIES)
    n_moves = order_moves_by_search (search, player, opponent, moves, hash_move, n_empties,
                                     items);
  else
    n_moves = order_moves (player, opponent, moves, hash_move,
                           solver_table_for (search, n_empties - 1),
                           solve_cache_for (search, n_empties - 1), type == NODE_ALL, items);
  if (n_empties >= ETC_EMPTIES && type != NODE_ALL)
    {
      int cutoff = enhanced_transposition_cutoff (search, player, opponent, items, n_moves,
                                                  n_empties, beta);

      if (cutoff != -SCORE_INF)
        return cutoff;
    }

  for (int i = 0; i < n_moves; i++)
    {
      uint64_t flips, next_player, next_opponent;
      int score;

      if (i > 0)
        select_next (items, i, n_moves);
      flips = items[i].flips;
      next_player = opponent ^ flips;
      next_opponent = mm_mover_after (player, flips, items[i].square);
      if (i == 0)
        score = -solve_child (search, next_player, next_opponent, -beta, -alpha, n_empties - 1,
                              items[i].replies,
                              type == NODE_PV ? NODE_PV : null_window_child_type (type, true));
      else
        {
          /* Prove the move worse with a null window; search it fully only
           * when that fails. */
          score = -solve_child (search, next_player, next_opponent, -alpha - 1, -alpha,
                                n_empties - 1, items[i].replies,
                                null_window_child_type (type, false));
          if (score > alpha && score < beta)
            score = -solve_child (search, next_player, next_opponent, -beta, -alpha,
                                  n_empties - 1, items[i].replies, NODE_PV);
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

      if (i == 0 && worth_splitting (search, n_empties, SPLIT_EMPTIES, n_moves - 1))
        {
          alpha = split_solver_moves (search, player, opponent, items, n_moves, type, alpha,
                                      beta, &best, &best_move);
          if (mm_search_stopped (search))
            return 0;
          break;
        }
    }

  if (cached != NULL)
    {
      cached->player = player;
      cached->opponent = opponent;
      cached->lower = (int8_t) (best > original_alpha ? best : -SCORE_INF);
      cached->upper = (int8_t) (best < beta ? best : SCORE_INF);
      cached->move = (uint8_t) best_move;
    }
  else if (solver_table_for (search, n_empties) != NULL)
    store_exact (search, player, opponent, n_empties,
                 best > original_alpha ? best : -SCORE_INF,
                 best < beta ? best : SCORE_INF,
                 best_move);
  return best;
}

int
MM_KERNEL (mm_endgame_kernel) (MmSearch *search,
                               uint64_t  player,
                               uint64_t  opponent,
                               int       alpha,
                               int       beta,
                               int      *best_move)
{
  int n_empties = mm_popcount (~(player | opponent));
  uint64_t moves = mm_moves_of (player, opponent);
  MoveItem items[MM_N_SQUARES];
  MmHashData entry;
  int best = -SCORE_INF, original_alpha = alpha;
  int hash_move = NO_MOVE, n_moves;

  *best_move = MM_SQUARE_NONE;
  if (moves == 0)
    {
      if (mm_moves_of (opponent, player) == 0)
        return final_score (player, opponent);
      *best_move = MM_SQUARE_PASS;
      return -solve_deep (search, opponent, player, -beta, -alpha, n_empties,
                          mm_moves_of (opponent, player), NODE_PV);
    }

  if (mm_hash_table_probe (search->hash, player, opponent, &entry))
    hash_move = entry.move;
  if (n_empties >= EVAL_ORDER_EMPTIES)
    n_moves = order_moves_by_search (search, player, opponent, moves, hash_move, n_empties,
                                     items);
  else
    n_moves = order_moves (player, opponent, moves, hash_move, NULL, NULL, false, items);
  for (int i = 0; i < n_moves; i++)
    {
      uint64_t flips, next_player, next_opponent;
      int score;

      if (i > 0)
        select_next (items, i, n_moves);
      flips = items[i].flips;
      next_player = opponent ^ flips;
      next_opponent = mm_mover_after (player, flips, items[i].square);

      if (i == 0)
        score = -solve_deep (search, next_player, next_opponent, -beta, -alpha, n_empties - 1,
                             items[i].replies, NODE_PV);
      else
        {
          score = -solve_deep (search, next_player, next_opponent, -alpha - 1, -alpha,
                               n_empties - 1, items[i].replies, NODE_CUT);
          if (score > alpha && score < beta)
            score = -solve_deep (search, next_player, next_opponent, -beta, -alpha,
                                 n_empties - 1, items[i].replies, NODE_PV);
        }
      if (mm_search_stopped (search))
        return best;

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
      if (i == 0 && worth_splitting (search, n_empties, SPLIT_EMPTIES, n_moves - 1))
        {
          alpha = split_solver_moves (search, player, opponent, items, n_moves, NODE_PV, alpha,
                                      beta, &best, best_move);
          if (mm_search_stopped (search))
            return best;
          break;
        }
    }

  /* The root too: a selective pass leaves its best move to the next. */
  store_exact (search, player, opponent, n_empties,
               best > original_alpha ? best : -SCORE_INF,
               best < beta ? best : SCORE_INF,
               *best_move);
  return best;
}

/* ---- Midgame ---------------------------------------------------------- */

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

static int search_midgame (MmSearch *search, uint64_t player, uint64_t opponent,
                           int alpha, int beta, int depth);

/* ---- Multi-ProbCut -------------------------------------------------------- */

#define PROBCUT_MIN_DEPTH 3
#define PROBCUT_MAX_DEPTH 12

/* The standard deviation of (deep score - shallow score), in discs, is
 * about constant + per_empty * empties for each depth; measured by
 * `monomachia-probcut -n 1200 -d 12` (tools/train) on positions of the
 * held-out archive games with the shipped evaluation, full-width searches
 * at both depths.  Deeper searches use the last row. */
static const struct
{
  float constant;
  float per_empty;
} probcut_error[PROBCUT_MAX_DEPTH + 1] = {
  [3] = { 5.20f, -0.0303f },
  [4] = { 4.25f, -0.0224f },
  [5] = { 4.12f, -0.0288f },
  [6] = { 5.53f, -0.0386f },
  [7] = { 5.59f, -0.0534f },
  [8] = { 5.07f, -0.0520f },
  [9] = { 4.42f, -0.0385f },
  [10] = { 6.14f, -0.0684f },
  [11] = { 5.49f, -0.0593f },
  [12] = { 6.01f, -0.0832f },
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

/* Best moves first: the table's move, then by a shallow look at each
 * child (its evaluation, or fastest first for the shallowest searches). */
static int
order_midgame_moves (MmSearch *search,
                     uint64_t  player,
                     uint64_t  opponent,
                     uint64_t  moves,
                     int       hash_move,
                     int       depth,
                     MoveItem *items)
{
  int n = 0;

  for (; moves != 0; moves = mm_without_first (moves))
    {
      int square = mm_first_square (moves);
      uint64_t flips = mm_flips_of (player, opponent, square);
      uint64_t next_player = opponent ^ flips;
      uint64_t next_opponent = mm_mover_after (player, flips, square);
      int key, i;

      if (square == hash_move)
        key = -4 * MID_INF;
      else if (depth >= 4)
        key = search_midgame (search, next_player, next_opponent, -MID_INF, MID_INF,
                              depth >= 8 ? 2 : 0);
      else
        {
          uint64_t replies = mm_moves_of (next_player, next_opponent);

          key = replies_key (replies);
        }

      i = n++;
      while (i > 0 && items[i - 1].key > key)
        {
          items[i] = items[i - 1];
          i--;
        }
      items[i].flips = flips;
      items[i].square = square;
      items[i].key = key;
    }

  return n;
}

/* In the solver: each move's key is the score a shallow search gives the
 * opponent after it, plus what its replies are worth to the opponent (a
 * disc a move, two a corner), as Edax weighs them, less two discs for
 * each of the mover's corner-anchored discs.  FFO #40-#49: 3% fewer nodes
 * than by the search's score alone.  The hash move first.
 * The keys, and the first move brought forward: the search selects each
 * later move when it comes to it. */
static int
order_moves_by_search (MmSearch *search,
                       uint64_t  player,
                       uint64_t  opponent,
                       uint64_t  moves,
                       int       hash_move,
                       int       n_empties,
                       MoveItem *items)
{
  int depth = n_empties >= EVAL_ORDER_DEEPER_EMPTIES ? 2 : 0;
  int n = 0;

  for (; moves != 0; moves = mm_without_first (moves))
    {
      int square = mm_first_square (moves);
      uint64_t flips = mm_flips_of (player, opponent, square);
      uint64_t next_player = opponent ^ flips;
      uint64_t next_opponent = mm_mover_after (player, flips, square);
      uint64_t replies = mm_moves_of (next_player, next_opponent);
      int key;

      if (square == hash_move)
        key = -4 * MID_INF;
      else
        key = search_midgame (search, next_player, next_opponent, -MID_INF, MID_INF, depth)
              + MM_EVAL_SCALE * (mm_popcount (replies) + 2 * mm_popcount (replies & CORNERS)
                                 - 2 * mm_corner_anchored_count (next_opponent));
      set_item (&items[n++], square, flips, replies, key);
    }

  select_next (items, 0, n);
  return n;
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
