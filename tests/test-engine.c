/* test-engine.c
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

/* The rules of the bitboard engine, checked against the published perft
 * counts and against a slow move generator written here the plain way,
 * one square at a time on an 8x8 array. */

#include <glib.h>
#include <limits.h>
#include <string.h>

#include "mm-board.h"
#include "mm-cpu.h"
#include "mm-perft.h"
#include "mm-stability.h"

#define BIT(square) (G_GUINT64_CONSTANT (1) << (square))

/* Leaves below the standard start, depths 0 to 9. */
static const guint64 start_perft[] = {
  1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288,
};

/* The number of positions the random games must bring to the comparison
 * with the reference generator. */
#define N_GAME_POSITIONS 100000
#define N_RANDOM_POSITIONS 20000

/* ------------------------------------------------------------------ */
/* The reference: an 8x8 array, walked square by square                */
/* ------------------------------------------------------------------ */

enum
{
  REF_EMPTY = 0,
  REF_BLACK = 1,
  REF_WHITE = 2,
};

typedef struct
{
  int cell[8][8];  /* [row][column]; row 0 is row "1", column 0 is "a" */
  int to_move;     /* REF_BLACK or REF_WHITE */
} RefBoard;

static const int ref_steps[8][2] = {
  { -1, -1 }, { -1, 0 }, { -1, 1 },
  { 0, -1 }, { 0, 1 },
  { 1, -1 }, { 1, 0 }, { 1, 1 },
};

static int
ref_other (int color)
{
  return color == REF_BLACK ? REF_WHITE : REF_BLACK;
}

static gboolean
ref_on_board (int row,
              int column)
{
  return row >= 0 && row < 8 && column >= 0 && column < 8;
}

static void
ref_init_start (RefBoard *ref)
{
  memset (ref, 0, sizeof *ref);
  /* d4 and e5 white, d5 and e4 black. */
  ref->cell[3][3] = REF_WHITE;
  ref->cell[4][4] = REF_WHITE;
  ref->cell[4][3] = REF_BLACK;
  ref->cell[3][4] = REF_BLACK;
  ref->to_move = REF_BLACK;
}

/* The discs that @color placing a disc on (@row, @column) would turn over,
 * marked in @flipped when it is not NULL; returns how many. */
static int
ref_flips (const RefBoard *ref,
           int             color,
           int             row,
           int             column,
           int             flipped[8][8])
{
  int total = 0;

  if (ref->cell[row][column] != REF_EMPTY)
    return 0;

  for (int d = 0; d < 8; d++)
    {
      int r = row + ref_steps[d][0];
      int c = column + ref_steps[d][1];
      int run = 0;

      while (ref_on_board (r, c) && ref->cell[r][c] == ref_other (color))
        {
          r += ref_steps[d][0];
          c += ref_steps[d][1];
          run++;
        }

      if (run == 0 || !ref_on_board (r, c) || ref->cell[r][c] != color)
        continue;

      total += run;
      if (flipped != NULL)
        for (int k = 1; k <= run; k++)
          flipped[row + k * ref_steps[d][0]][column + k * ref_steps[d][1]] = 1;
    }

  return total;
}

/* The squares where @color may play, in @moves when not NULL; returns how
 * many there are. */
static int
ref_moves (const RefBoard *ref,
           int             color,
           int             moves[64])
{
  int n = 0;

  for (int row = 0; row < 8; row++)
    for (int column = 0; column < 8; column++)
      if (ref_flips (ref, color, row, column, NULL) > 0)
        {
          if (moves != NULL)
            moves[n] = row * 8 + column;
          n++;
        }

  return n;
}

static void
ref_play (RefBoard *ref,
          int       square)
{
  int flipped[8][8] = { { 0 } };
  int row = square / 8;
  int column = square % 8;

  g_assert_cmpint (ref_flips (ref, ref->to_move, row, column, flipped), >, 0);

  for (int r = 0; r < 8; r++)
    for (int c = 0; c < 8; c++)
      if (flipped[r][c])
        ref->cell[r][c] = ref->to_move;
  ref->cell[row][column] = ref->to_move;
  ref->to_move = ref_other (ref->to_move);
}

static void
ref_pass (RefBoard *ref)
{
  ref->to_move = ref_other (ref->to_move);
}

static int
ref_count (const RefBoard *ref,
           int             color)
{
  int n = 0;

  for (int row = 0; row < 8; row++)
    for (int column = 0; column < 8; column++)
      n += ref->cell[row][column] == color;

  return n;
}

static gboolean
ref_is_game_over (const RefBoard *ref)
{
  return ref_moves (ref, REF_BLACK, NULL) == 0 && ref_moves (ref, REF_WHITE, NULL) == 0;
}

/* The same counting convention as mm_perft(): a pass is a ply and a game
 * that ends above the depth is one leaf. */
static guint64
ref_perft (const RefBoard *ref,
           int             depth)
{
  int moves[64];
  int n;
  guint64 leaves = 0;

  if (depth == 0)
    return 1;

  n = ref_moves (ref, ref->to_move, moves);
  if (n == 0)
    {
      RefBoard passed = *ref;

      if (ref_moves (ref, ref_other (ref->to_move), NULL) == 0)
        return 1;
      ref_pass (&passed);
      return ref_perft (&passed, depth - 1);
    }

  for (int i = 0; i < n; i++)
    {
      RefBoard child = *ref;

      ref_play (&child, moves[i]);
      leaves += ref_perft (&child, depth - 1);
    }

  return leaves;
}

/* ------------------------------------------------------------------ */
/* Between the two                                                    */
/* ------------------------------------------------------------------ */

static guint64
ref_bits (const RefBoard *ref,
          int             color)
{
  guint64 bits = 0;

  for (int row = 0; row < 8; row++)
    for (int column = 0; column < 8; column++)
      if (ref->cell[row][column] == color)
        bits |= BIT (row * 8 + column);

  return bits;
}

static guint64
ref_flip_bits (const RefBoard *ref,
               int             square)
{
  int flipped[8][8] = { { 0 } };
  guint64 bits = 0;

  ref_flips (ref, ref->to_move, square / 8, square % 8, flipped);
  for (int row = 0; row < 8; row++)
    for (int column = 0; column < 8; column++)
      if (flipped[row][column])
        bits |= BIT (row * 8 + column);

  return bits;
}

static MmBoard
ref_to_board (const RefBoard *ref)
{
  MmBoard board;

  g_assert_true (mm_board_from_colors (&board, ref_bits (ref, REF_BLACK),
                                       ref_bits (ref, REF_WHITE),
                                       ref->to_move == REF_BLACK ? MM_COLOR_BLACK
                                                                 : MM_COLOR_WHITE));
  return board;
}

static char *
ref_describe (const RefBoard *ref)
{
  GString *text = g_string_new ("  a b c d e f g h\n");

  for (int row = 0; row < 8; row++)
    {
      g_string_append_printf (text, "%d", row + 1);
      for (int column = 0; column < 8; column++)
        g_string_append_printf (text, " %c", ".XO"[ref->cell[row][column]]);
      g_string_append_c (text, '\n');
    }
  g_string_append_printf (text, "%s to move",
                          ref->to_move == REF_BLACK ? "black (X)" : "white (O)");

  return g_string_free (text, FALSE);
}

/* Logs the position before a comparison fails, so that a failure can be
 * reproduced by hand. */
static void
check_bits (const char     *what,
            const RefBoard *ref,
            int             square,
            guint64         engine,
            guint64         reference)
{
  if (engine != reference)
    {
      g_autofree char *text = ref_describe (ref);
      char name[3];

      mm_square_format (square, name);
      g_test_message ("%s differ (square %s): engine %016" G_GINT64_MODIFIER "x, "
                      "reference %016" G_GINT64_MODIFIER "x, in\n%s",
                      what, name, engine, reference, text);
    }
  g_assert_cmphex (engine, ==, reference);
}

static void
check_same_board (const RefBoard *ref,
                  const MmBoard  *board)
{
  check_bits ("discs of the side to move", ref, MM_SQUARE_NONE,
              board->player, ref_bits (ref, ref->to_move));
  check_bits ("discs of the other side", ref, MM_SQUARE_NONE,
              board->opponent, ref_bits (ref, ref_other (ref->to_move)));
}

static void
check_play_refused (const MmBoard *board,
                    int            square)
{
  MmBoard copy = *board;

  g_assert_cmphex (mm_board_play (&copy, square), ==, 0);
  g_assert_cmphex (copy.player, ==, board->player);
  g_assert_cmphex (copy.opponent, ==, board->opponent);
}

/* Everything the engine says about @board against the reference:
 * discs, legal moves, flips and the result of every move on every
 * square, refusals, pass and game over, counts.  Returns the number of
 * legal moves. */
static int
compare_position (const RefBoard *ref,
                  const MmBoard  *board)
{
  static const int invalid_squares[] = { INT_MIN, -64, -2, MM_SQUARE_NONE, MM_SQUARE_PASS, 65, 1000, INT_MAX };
  int moves[64];
  int n_moves = ref_moves (ref, ref->to_move, moves);
  int replies[64];
  int n_replies = ref_moves (ref, ref_other (ref->to_move), replies);
  guint64 move_bits = 0;
  guint64 reply_bits = 0;

  check_same_board (ref, board);

  for (int i = 0; i < n_moves; i++)
    move_bits |= BIT (moves[i]);
  check_bits ("legal moves", ref, MM_SQUARE_NONE, mm_board_legal_moves (board), move_bits);
  for (int i = 0; i < n_replies; i++)
    reply_bits |= BIT (replies[i]);
  check_bits ("legal moves of the other side", ref, MM_SQUARE_NONE,
              mm_moves_of (board->opponent, board->player), reply_bits);

  g_assert_cmpint (mm_board_can_move (board), ==, n_moves > 0);
  g_assert_cmpint (mm_board_is_game_over (board), ==, n_moves == 0 && n_replies == 0);
  g_assert_cmpint (mm_board_is_game_over (board), ==, ref_is_game_over (ref));

  g_assert_cmpint (mm_board_player_count (board), ==, ref_count (ref, ref->to_move));
  g_assert_cmpint (mm_board_opponent_count (board), ==, ref_count (ref, ref_other (ref->to_move)));
  g_assert_cmpint (mm_board_disc_difference (board), ==,
                   ref_count (ref, ref->to_move) - ref_count (ref, ref_other (ref->to_move)));
  check_bits ("empty squares", ref, MM_SQUARE_NONE, mm_board_empties (board),
              ref_bits (ref, REF_EMPTY));

  for (int square = 0; square < 64; square++)
    {
      guint64 flips;
      MmBoard played;

      if (ref->cell[square / 8][square % 8] != REF_EMPTY)
        {
          check_play_refused (board, square);
          continue;
        }

      flips = ref_flip_bits (ref, square);
      check_bits ("flips", ref, square, mm_board_flips (board, square), flips);

      played = *board;
      check_bits ("flips of mm_board_play", ref, square, mm_board_play (&played, square), flips);
      if (flips == 0)
        {
          check_play_refused (board, square);
        }
      else
        {
          RefBoard next = *ref;

          ref_play (&next, square);
          check_same_board (&next, &played);
        }
    }

  for (guint i = 0; i < G_N_ELEMENTS (invalid_squares); i++)
    check_play_refused (board, invalid_squares[i]);

  return n_moves;
}

/* ------------------------------------------------------------------ */
/* Tests                                                              */
/* ------------------------------------------------------------------ */

static int
square_of (const char *name)
{
  int result = mm_square_parse (name);

  g_assert_cmpint (result, !=, MM_SQUARE_NONE);
  return result;
}

static void
test_start (void)
{
  MmBoard board;
  MmBoard from_colors;
  guint64 black = BIT (square_of ("d5")) | BIT (square_of ("e4"));
  guint64 white = BIT (square_of ("d4")) | BIT (square_of ("e5"));
  guint64 moves;

  mm_board_init_start (&board);

  /* Black to move: the side to move owns d5 and e4. */
  g_assert_cmphex (board.player, ==, black);
  g_assert_cmphex (board.opponent, ==, white);
  g_assert_cmpint (mm_board_player_count (&board), ==, 2);
  g_assert_cmpint (mm_board_opponent_count (&board), ==, 2);
  g_assert_cmpint (mm_board_disc_difference (&board), ==, 0);
  g_assert_false (mm_board_is_game_over (&board));

  /* Exactly d3, c4, f5 and e6, each flipping the one disc next to it. */
  moves = mm_board_legal_moves (&board);
  g_assert_cmphex (moves, ==, BIT (19) | BIT (26) | BIT (37) | BIT (44));
  g_assert_cmphex (moves, ==,
                   BIT (square_of ("d3")) | BIT (square_of ("c4")) | BIT (square_of ("f5")) | BIT (square_of ("e6")));
  g_assert_cmphex (mm_board_flips (&board, square_of ("d3")), ==, BIT (square_of ("d4")));
  g_assert_cmphex (mm_board_flips (&board, square_of ("c4")), ==, BIT (square_of ("d4")));
  g_assert_cmphex (mm_board_flips (&board, square_of ("f5")), ==, BIT (square_of ("e5")));
  g_assert_cmphex (mm_board_flips (&board, square_of ("e6")), ==, BIT (square_of ("e5")));

  /* The same position from colours; white to move swaps the two sides. */
  g_assert_true (mm_board_from_colors (&from_colors, black, white, MM_COLOR_BLACK));
  g_assert_cmphex (from_colors.player, ==, board.player);
  g_assert_cmphex (from_colors.opponent, ==, board.opponent);
  g_assert_true (mm_board_from_colors (&from_colors, black, white, MM_COLOR_WHITE));
  g_assert_cmphex (from_colors.player, ==, white);
  g_assert_cmphex (from_colors.opponent, ==, black);
  g_assert_cmphex (mm_board_legal_moves (&from_colors), ==,
                   BIT (square_of ("e3")) | BIT (square_of ("f4")) | BIT (square_of ("c5")) | BIT (square_of ("d6")));

  /* A square cannot hold both colours. */
  g_assert_false (mm_board_from_colors (&from_colors, black | BIT (0), white | BIT (0),
                                        MM_COLOR_BLACK));
}

static void
test_play_refused (void)
{
  MmBoard board;
  MmBoard before;
  guint64 flips;

  mm_board_init_start (&board);

  /* Occupied squares, of either colour. */
  check_play_refused (&board, square_of ("d4"));
  check_play_refused (&board, square_of ("e5"));
  check_play_refused (&board, square_of ("d5"));
  check_play_refused (&board, square_of ("e4"));
  /* Empty squares that flip nothing: next to a disc, and far away. */
  check_play_refused (&board, square_of ("d6"));
  check_play_refused (&board, square_of ("c3"));
  check_play_refused (&board, square_of ("a1"));
  check_play_refused (&board, square_of ("h8"));
  /* Not squares. */
  check_play_refused (&board, MM_SQUARE_NONE);
  check_play_refused (&board, MM_SQUARE_PASS);
  check_play_refused (&board, 100);

  /* A legal move is played, and the other side is then to move. */
  before = board;
  flips = mm_board_play (&board, square_of ("d3"));
  g_assert_cmphex (flips, ==, BIT (square_of ("d4")));
  g_assert_cmphex (board.opponent, ==, before.player | BIT (square_of ("d3")) | BIT (square_of ("d4")));
  g_assert_cmphex (board.player, ==, before.opponent & ~BIT (square_of ("d4")));

  /* d3 is now taken. */
  check_play_refused (&board, square_of ("d3"));

  /* A pass swaps the sides and nothing else. */
  before = board;
  mm_board_pass (&board);
  g_assert_cmphex (board.player, ==, before.opponent);
  g_assert_cmphex (board.opponent, ==, before.player);
}

static void
test_square_names (void)
{
  static const char *const rejected[] = {
    "i1", "a9", "", "a0", "I1", "`1", "a", "1a", "aa", "11", " a1", "j9", "@1",
  };
  char name[3];

  for (int sq = 0; sq < 64; sq++)
    {
      char upper[3];

      g_assert_true (mm_square_is_valid (sq));

      mm_square_format (sq, name);
      g_assert_cmpint (name[0], ==, 'a' + sq % 8);
      g_assert_cmpint (name[1], ==, '1' + sq / 8);
      g_assert_cmpint (name[2], ==, '\0');
      g_assert_cmpint (mm_square_parse (name), ==, sq);

      upper[0] = g_ascii_toupper (name[0]);
      upper[1] = name[1];
      upper[2] = '\0';
      g_assert_cmpint (mm_square_parse (upper), ==, sq);
      g_assert_cmpint (mm_square_column (sq), ==, sq % 8);
      g_assert_cmpint (mm_square_row (sq), ==, sq / 8);
      g_assert_cmpint (mm_square_at (sq % 8, sq / 8), ==, sq);
    }

  g_assert_cmpint (mm_square_parse ("a1"), ==, 0);
  g_assert_cmpint (mm_square_parse ("h1"), ==, 7);
  g_assert_cmpint (mm_square_parse ("a8"), ==, 56);
  g_assert_cmpint (mm_square_parse ("H8"), ==, 63);
  g_assert_cmpint (mm_square_parse ("d3"), ==, 19);
  g_assert_cmpint (mm_square_parse ("E6"), ==, 44);

  for (guint i = 0; i < G_N_ELEMENTS (rejected); i++)
    {
      g_test_message ("rejects \"%s\"", rejected[i]);
      g_assert_cmpint (mm_square_parse (rejected[i]), ==, MM_SQUARE_NONE);
    }
  g_assert_cmpint (mm_square_parse (NULL), ==, MM_SQUARE_NONE);

  g_assert_false (mm_square_is_valid (-1));
  g_assert_false (mm_square_is_valid (64));
  mm_square_format (MM_SQUARE_PASS, name);
  g_assert_cmpstr (name, ==, "pa");
  mm_square_format (MM_SQUARE_NONE, name);
  g_assert_cmpstr (name, ==, "--");
  mm_square_format (65, name);
  g_assert_cmpstr (name, ==, "--");
}

/* MM_CPU=generic forces the portable kernels; mm_cpu_level() reads it
 * on every call. */
static void
use_generic_kernels (gboolean generic)
{
  if (generic)
    {
      g_assert_true (g_setenv ("MM_CPU", "generic", TRUE));
      g_assert_cmpint (mm_cpu_level (), ==, MM_CPU_GENERIC);
    }
  else
    {
      g_unsetenv ("MM_CPU");
    }
}

static void
test_perft (void)
{
  MmBoard board;

  use_generic_kernels (FALSE);
  g_test_message ("kernels: %s", mm_cpu_level_name (mm_cpu_level ()));

  mm_board_init_start (&board);
  for (int depth = 0; depth <= 9; depth++)
    {
      g_test_message ("perft %d", depth);
      g_assert_cmpuint (mm_perft (&board, depth), ==, start_perft[depth]);
    }
}

static void
test_perft_kernels (void)
{
  MmBoard board;
  MmCpuLevel native;

  use_generic_kernels (FALSE);
  native = mm_cpu_level ();
  if (native == MM_CPU_GENERIC)
    g_test_message ("only the generic kernels run on this machine");

  mm_board_init_start (&board);
  for (int depth = 1; depth <= 8; depth++)
    {
      guint64 native_leaves, generic_leaves;

      use_generic_kernels (FALSE);
      g_assert_cmpint (mm_cpu_level (), ==, native);
      native_leaves = mm_perft (&board, depth);

      use_generic_kernels (TRUE);
      generic_leaves = mm_perft (&board, depth);
      use_generic_kernels (FALSE);

      g_test_message ("perft %d: %s %" G_GUINT64_FORMAT ", generic %" G_GUINT64_FORMAT,
                      depth, mm_cpu_level_name (native), native_leaves, generic_leaves);
      g_assert_cmpuint (native_leaves, ==, start_perft[depth]);
      g_assert_cmpuint (generic_leaves, ==, start_perft[depth]);
    }
}

/* The reference generator alone finds the published counts: the two
 * agree on what they count. */
static void
test_perft_reference (void)
{
  RefBoard ref;

  ref_init_start (&ref);
  for (int depth = 0; depth <= 6; depth++)
    g_assert_cmpuint (ref_perft (&ref, depth), ==, start_perft[depth]);
}

/* Plays a random game from the start on both boards, comparing them at
 * every position, passes included.  Returns the number of positions. */
static int
play_random_game (GRand *rand,
                  int   *n_passes,
                  int   *n_early_ends)
{
  RefBoard ref;
  MmBoard board;
  int n_positions = 0;

  ref_init_start (&ref);
  mm_board_init_start (&board);

  for (;;)
    {
      int moves[64];
      int n_moves;
      int move;
      guint64 flips;

      n_moves = compare_position (&ref, &board);
      g_assert_cmpint (n_moves, ==, ref_moves (&ref, ref.to_move, moves));
      n_positions++;

      if (ref_is_game_over (&ref))
        {
          if (ref_count (&ref, REF_EMPTY) > 0)
            (*n_early_ends)++;
          break;
        }

      if (n_moves == 0)
        {
          mm_board_pass (&board);
          ref_pass (&ref);
          (*n_passes)++;
          continue;
        }

      move = moves[g_rand_int_range (rand, 0, n_moves)];
      flips = mm_board_play (&board, move);
      check_bits ("flips of the move played", &ref, move, flips, ref_flip_bits (&ref, move));
      ref_play (&ref, move);
    }

  return n_positions;
}

static void
test_reference_games (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20260101);
  int n_positions = 0;
  int n_games = 0;
  int n_passes = 0;
  int n_early_ends = 0;

  while (n_positions < N_GAME_POSITIONS)
    {
      n_positions += play_random_game (rand, &n_passes, &n_early_ends);
      n_games++;
    }

  g_test_message ("%d positions in %d random games, %d passes, "
                  "%d games over before the board was full",
                  n_positions, n_games, n_passes, n_early_ends);

  /* The games went through the rare cases too. */
  g_assert_cmpint (n_positions, >=, N_GAME_POSITIONS);
  g_assert_cmpint (n_passes, >, 0);
  g_assert_cmpint (n_early_ends, >, 0);
}

/* A random legal move, or a pass; false when the game is over. */
static gboolean
play_random_move (GRand   *rand,
                  MmBoard *board)
{
  uint64_t moves = mm_board_legal_moves (board);
  int n_moves = mm_popcount (moves);

  if (n_moves == 0)
    {
      if (mm_board_is_game_over (board))
        return FALSE;
      mm_board_pass (board);
      return TRUE;
    }
  for (int skip = g_rand_int_range (rand, 0, n_moves); skip > 0; skip--)
    moves = mm_without_first (moves);
  mm_board_play (board, mm_first_square (moves));
  return TRUE;
}

/* The solver's count of the last move's flips (one empty square, every
 * other filled) is the reference walk's, for both colours, on boards
 * filled at random around each of the 64 squares. */
static void
test_last_flip_count (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (64);

  for (int round = 0; round < 2000; round++)
    for (int square = 0; square < 64; square++)
      {
        RefBoard ref;
        guint64 black;

        for (int row = 0; row < 8; row++)
          for (int column = 0; column < 8; column++)
            ref.cell[row][column] = g_rand_boolean (rand) ? REF_BLACK : REF_WHITE;
        ref.cell[square / 8][square % 8] = REF_EMPTY;
        black = ref_bits (&ref, REF_BLACK);
        g_assert_cmpint (mm_last_flip_count (black, square), ==,
                         ref_flips (&ref, REF_BLACK, square / 8, square % 8, NULL));
        g_assert_cmpint (mm_last_flip_count (ref_bits (&ref, REF_WHITE), square), ==,
                         ref_flips (&ref, REF_WHITE, square / 8, square % 8, NULL));
      }
}

/* The stable discs of both sides (the search cuts on them) keep their
 * colour whatever is played after, in random games followed from every
 * position by several random continuations. */
static void
test_stable_discs_never_flip (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (4711);
  int n_checked = 0, n_stable = 0;

  for (int game = 0; game < 300; game++)
    {
      MmBoard board;

      mm_board_init_start (&board);
      do
        {
          uint64_t filled = board.player | board.opponent;
          uint64_t mine = mm_stable_discs (board.player, filled);
          uint64_t theirs = mm_stable_discs (board.opponent, filled);

          n_stable += mm_popcount (mine | theirs);
          g_assert_cmpuint (mine & ~board.player, ==, 0);
          g_assert_cmpuint (theirs & ~board.opponent, ==, 0);

          for (int continuation = 0; continuation < 3; continuation++)
            {
              MmBoard later = board;
              gboolean same_side = TRUE;

              while (play_random_move (rand, &later))
                {
                  same_side = !same_side;
                  /* The board is seen from the side to move. */
                  g_assert_cmpuint (mine & ~(same_side ? later.player : later.opponent), ==, 0);
                  g_assert_cmpuint (theirs & ~(same_side ? later.opponent : later.player), ==, 0);
                  n_checked++;
                }
            }
        }
      while (play_random_move (rand, &board));
    }

  g_test_message ("%d stable discs, %d positions after them checked", n_stable, n_checked);
  g_assert_cmpint (n_stable, >, 10000);
}

/* The discs of @own on an edge (bits of a byte) that some sequence of
 * placements on its empty squares, by either side, flips: every sequence
 * played out, as the definition says. */
static unsigned
ref_edge_flippable (unsigned own,
                    unsigned other)
{
  unsigned empty = ~(own | other) & 0xFF, flippable = 0;

  for (int x = 0; x < 8; x++)
    {
      unsigned flips = 0;

      if (((empty >> x) & 1) == 0)
        continue;
      /* Each side's placement: the run of the other's discs from x to a
       * disc of the placer's flips. */
      for (int side = 0; side < 2; side++)
        {
          unsigned placer = side == 0 ? own : other, victim = side == 0 ? other : own;

          flips = 0;
          for (int dir = -1; dir <= 1; dir += 2)
            {
              unsigned run = 0;
              int y = x + dir;

              while (y >= 0 && y < 8 && ((victim >> y) & 1))
                {
                  run |= 1u << y;
                  y += dir;
                }
              if (y >= 0 && y < 8 && ((placer >> y) & 1))
                flips |= run;
            }
          if (side == 0)
            flippable |= ref_edge_flippable (own | flips | (1u << x), other & ~flips);
          else
            {
              flippable |= flips;
              flippable |= ref_edge_flippable (own & ~flips, other | flips | (1u << x))
                           & ~flips;
            }
        }
    }
  return flippable & own;
}

/* The table of stable edge discs is the definition's answer: exactly the
 * discs that no sequence of placements on the edge flips. */
static void
test_edge_stable_table (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (2718);

  /* A run between the other side's discs cannot be flanked. */
  g_assert_cmpuint (mm_edge_stable[0x3C][0x42], ==, 0x3C);
  /* Nor can anything on a full edge, while a run with empties on both
   * sides can. */
  g_assert_cmpuint (mm_edge_stable[0x0F][0xF0], ==, 0x0F);
  g_assert_cmpuint (mm_edge_stable[0x18][0x00], ==, 0x00);
  g_assert_cmpuint (mm_edge_stable[0x01][0x00], ==, 0x01);

  for (int round = 0; round < 3000; round++)
    {
      unsigned empty = 0, own, other;

      /* At most five empties keeps the plain recursion quick. */
      while (__builtin_popcount (empty) < 1 + round % 5)
        empty |= 1u << g_rand_int_range (rand, 0, 8);
      own = g_rand_int_range (rand, 0, 256) & ~empty;
      other = ~(own | empty) & 0xFF;
      g_assert_cmpuint (mm_edge_stable[own][other], ==, own & ~ref_edge_flippable (own, other));
    }
}

/* The discs of @discs in unbroken runs from the two ends of one edge,
 * square by square: the squares of the edge are @first + i * @step. */
static int
ref_edge_anchored (guint64 discs,
                   int     first,
                   int     step)
{
  int from_start = 0, from_end = 0;

  while (from_start < 8 && (discs >> (first + from_start * step)) & 1)
    from_start++;
  if (from_start == 8)
    return 8;
  while ((discs >> (first + (7 - from_end) * step)) & 1)
    from_end++;
  return from_start + from_end;
}

/* The solver's ordering counts the discs anchored at corners along the
 * edges (a corner once per edge); they are stable discs too. */
static void
test_corner_anchored_count (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (90210);

  for (int round = 0; round < 20000; round++)
    {
      /* Dense edges, so that long runs and full edges come up. */
      guint64 discs = ((guint64) g_rand_int (rand) << 32 | g_rand_int (rand))
                      | ((guint64) g_rand_int (rand) << 32 | g_rand_int (rand));
      guint64 opponent = ~discs & ((guint64) g_rand_int (rand) << 32 | g_rand_int (rand));
      int expected = ref_edge_anchored (discs, 0, 1) + ref_edge_anchored (discs, 56, 1)
                     + ref_edge_anchored (discs, 0, 8) + ref_edge_anchored (discs, 7, 8);
      int stable_corners = mm_popcount (discs & G_GUINT64_CONSTANT (0x8100000000000081));

      g_assert_cmpint (mm_corner_anchored_count (discs), ==, expected);
      /* Without the corners' second count, no more than the stable discs. */
      g_assert_cmpint (expected - stable_corners, <=,
                       mm_popcount (mm_stable_discs (discs, discs | opponent)));
    }
}

/* Positions no game reaches: random discs anywhere, with any density,
 * so that the shifts meet every kind of edge. */
static void
test_reference_random_positions (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  int n_without_moves = 0;
  int n_over = 0;

  for (int i = 0; i < N_RANDOM_POSITIONS; i++)
    {
      RefBoard ref;
      MmBoard board;
      double empty = g_rand_double (rand);
      double black = g_rand_double (rand);

      for (int row = 0; row < 8; row++)
        for (int column = 0; column < 8; column++)
          {
            if (g_rand_double (rand) < empty)
              ref.cell[row][column] = REF_EMPTY;
            else
              ref.cell[row][column] = g_rand_double (rand) < black ? REF_BLACK : REF_WHITE;
          }
      ref.to_move = g_rand_boolean (rand) ? REF_BLACK : REF_WHITE;

      board = ref_to_board (&ref);
      if (compare_position (&ref, &board) == 0)
        n_without_moves++;
      n_over += mm_board_is_game_over (&board);
    }

  g_test_message ("%d random positions, %d without a move, %d over",
                  N_RANDOM_POSITIONS, n_without_moves, n_over);
  g_assert_cmpint (n_without_moves, >, 0);
  g_assert_cmpint (n_over, >, 0);
  g_assert_cmpint (n_without_moves, <, N_RANDOM_POSITIONS);
}

/* Perft below positions of random games, late ones above all where
 * passes and early ends are common, against the reference, with both
 * kernels. */
static void
test_perft_positions (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1977);
  guint64 total = 0;
  int n_checked = 0;
  int n_passes = 0;

  for (int game = 0; game < 40; game++)
    {
      RefBoard ref;
      int ply = 0;

      ref_init_start (&ref);
      while (!ref_is_game_over (&ref))
        {
          int moves[64];
          int n_moves = ref_moves (&ref, ref.to_move, moves);
          int empties = ref_count (&ref, REF_EMPTY);

          /* Every ply at the shallow depths, where a pass is the whole
           * tree or its last ply... */
          {
            MmBoard board = ref_to_board (&ref);

            for (int depth = 1; depth <= 2; depth++)
              {
                guint64 expected = ref_perft (&ref, depth);

                use_generic_kernels (FALSE);
                g_assert_cmpuint (mm_perft (&board, depth), ==, expected);
                use_generic_kernels (TRUE);
                g_assert_cmpuint (mm_perft (&board, depth), ==, expected);
                use_generic_kernels (FALSE);
              }
            n_passes += n_moves == 0;
          }

          /* ...and deeper every eighth ply and every ply near the end. */
          if (ply % 8 == 3 || empties <= 12)
            {
              MmBoard board = ref_to_board (&ref);
              int depth = empties <= 12 ? 5 : 3;
              guint64 expected = ref_perft (&ref, depth);

              use_generic_kernels (FALSE);
              g_assert_cmpuint (mm_perft (&board, depth), ==, expected);
              use_generic_kernels (TRUE);
              g_assert_cmpuint (mm_perft (&board, depth), ==, expected);
              use_generic_kernels (FALSE);
              total += expected;
              n_checked++;
            }

          if (n_moves == 0)
            ref_pass (&ref);
          else
            ref_play (&ref, moves[g_rand_int_range (rand, 0, n_moves)]);
          ply++;
        }

      /* A finished game is one leaf at any depth. */
      {
        MmBoard board = ref_to_board (&ref);

        g_assert_cmpuint (mm_perft (&board, 4), ==, 1);
        g_assert_cmpuint (ref_perft (&ref, 4), ==, 1);
      }
    }

  g_test_message ("%d positions deep, %" G_GUINT64_FORMAT " leaves; %d passes",
                  n_checked, total, n_passes);
  g_assert_cmpint (n_checked, >, 100);
  g_assert_cmpint (n_passes, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/start", test_start);
  g_test_add_func ("/engine/play-refused", test_play_refused);
  g_test_add_func ("/engine/square-names", test_square_names);
  g_test_add_func ("/engine/perft", test_perft);
  g_test_add_func ("/engine/perft/kernels", test_perft_kernels);
  g_test_add_func ("/engine/perft/reference", test_perft_reference);
  g_test_add_func ("/engine/perft/positions", test_perft_positions);
  g_test_add_func ("/engine/reference/games", test_reference_games);
  g_test_add_func ("/engine/reference/random-positions", test_reference_random_positions);
  g_test_add_func ("/engine/stable-discs", test_stable_discs_never_flip);
  g_test_add_func ("/engine/edge-stable-table", test_edge_stable_table);
  g_test_add_func ("/engine/corner-anchored-count", test_corner_anchored_count);
  g_test_add_func ("/engine/last-flip-count", test_last_flip_count);

  return g_test_run ();
}
