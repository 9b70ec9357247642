/* test-opening-names.c
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

/* The names of the openings: known lines, the same lines turned on the
 * board or reached in another order, the deepest name winning, a game
 * leaving the lines, and games that did not start from the standard
 * start.  The table itself is checked as it is made (a move that is not
 * legal, two names on one position): any test here fails on it. */

#include "config.h"

#include "mm-game.h"
#include "mm-opening-names.h"
#include "mm-symmetry.h"

/* A game from the standard start with @moves ("f5 d6 c3") played. */
static MmGame *
game_with_moves (const char *moves)
{
  g_auto(GStrv) squares = g_strsplit (moves, " ", -1);
  MmGame *game = mm_game_new ();

  for (guint i = 0; squares[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;

      if (squares[i][0] == '\0')
        continue;
      g_assert_true (mm_game_play (game, mm_square_parse (squares[i]), &error));
      g_assert_no_error (error);
    }

  return game;
}

/* The name of the opening of the whole game of @moves, or NULL. */
static const char *
name_of (const char *moves)
{
  g_autoptr(MmGame) game = game_with_moves (moves);
  MmOpeningName found;

  mm_opening_names_find (game, G_MAXUINT, &found);
  return found.name;
}

/* @square seen through one of the board's symmetries (mm-symmetry.h). */
static int
turn_square (int   square,
             guint symmetry)
{
  return mm_symmetry_square (square, (int) symmetry);
}

static guint64
turn_discs (guint64 discs,
            guint   symmetry)
{
  guint64 turned = 0;

  for (int square = 0; square < MM_N_SQUARES; square++)
    if (discs & G_GUINT64_CONSTANT (1) << square)
      turned |= G_GUINT64_CONSTANT (1) << turn_square (square, symmetry);
  return turned;
}

static void
test_known_lines (void)
{
  g_assert_cmpstr (name_of ("f5 d6"), ==, "Perpendicular");
  g_assert_cmpstr (name_of ("f5 f6"), ==, "Diagonal");
  g_assert_cmpstr (name_of ("f5 f4"), ==, "Parallel");
  g_assert_cmpstr (name_of ("f5 d6 c3 d3 c4"), ==, "Tiger");
  g_assert_cmpstr (name_of ("f5 d6 c5 f4 e3 c6 d3 f6 e6 d7"), ==, "Rose");
  g_assert_cmpstr (name_of ("f5 f6 e6 f4 c3"), ==, "Buffalo/Kenichi Variation");
  g_assert_cmpstr (name_of ("f5 f6 e6 f4 e3"), ==, "Cow");
  g_assert_cmpstr (name_of ("f5 d6 c4 d3 c5"), ==, "Cat");
  g_assert_cmpstr (name_of ("f5 d6 c3 d3 c4 b3"), ==, "Aubrey/Tanaka");
  /* The longest line of the table. */
  g_assert_cmpstr (name_of ("f5 d6 c3 d3 c4 f4 f6 f3 e6 e7 d7 g6 f8 f7 g5 h6 h4 g4 h3 h5 h7"),
                   ==, "F.A.T. Draw");

  /* The start and a first move are no opening yet. */
  g_assert_null (name_of (""));
  g_assert_null (name_of ("f5"));
}

/* The same line turned on the board is the same opening: Tiger from
 * each of the four first moves, and in all eight turns of the board
 * (four of which start from the mirrored placing of the centre). */
static void
test_symmetries (void)
{
  const char *const tiger[] = { "f5", "d6", "c3", "d3", "c4" };

  g_assert_cmpstr (name_of ("c4 e3 f6 e6 f5"), ==, "Tiger");
  g_assert_cmpstr (name_of ("d3 c5 f6 f5 e6"), ==, "Tiger");
  g_assert_cmpstr (name_of ("e6 f4 c3 c4 d3"), ==, "Tiger");

  for (guint symmetry = 0; symmetry < 8; symmetry++)
    {
      g_autoptr(MmGame) game = mm_game_new ();
      MmOpeningName found;
      MmBoard start;

      mm_board_init_start (&start);
      mm_board_from_colors (&start, turn_discs (start.player, symmetry),
                            turn_discs (start.opponent, symmetry), MM_COLOR_BLACK);
      mm_game_restart_from (game, &start, MM_COLOR_BLACK);
      for (guint i = 0; i < G_N_ELEMENTS (tiger); i++)
        g_assert_true (mm_game_play (game, turn_square (mm_square_parse (tiger[i]), symmetry),
                                     NULL));

      g_assert_true (mm_opening_names_find (game, G_MAXUINT, &found));
      g_assert_cmpstr (found.name, ==, "Tiger");
      g_assert_cmpuint (found.n_moves, ==, 5);
      g_assert_true (found.in_opening);
    }
}

/* Another order of moves reaching a named position gets its name, also
 * when the positions on the way are on no line. */
static void
test_transpositions (void)
{
  g_autoptr(MmGame) game = game_with_moves ("f5 d6 c3 f4 f6 d3 c4");
  MmOpeningName found;

  /* The Stephenson is f5 d6 c3 d3 c4 f4 f6. */
  g_assert_true (mm_opening_names_find (game, G_MAXUINT, &found));
  g_assert_cmpstr (found.name, ==, "Stephenson");
  g_assert_cmpuint (found.n_moves, ==, 7);
  g_assert_true (found.in_opening);
  /* After five moves the game was on no line, and named only by the
   * Perpendicular of its second move. */
  g_assert_true (mm_opening_names_find (game, 5, &found));
  g_assert_cmpstr (found.name, ==, "Perpendicular");
  g_assert_cmpuint (found.n_moves, ==, 2);
  g_assert_false (found.in_opening);

  /* A Parallel that turns into the Cow, a line of the Diagonal. */
  g_assert_cmpstr (name_of ("f5 f4 e3 f6 e6"), ==, "Cow");
  g_assert_cmpstr (name_of ("f5 d6 c3 f4 e6 d3 c4"), ==, "Leader’s Tiger");
}

/* The deepest name wins: the Tiger played on to the Stephenson is the
 * Stephenson, and a move on the way keeps the Tiger. */
static void
test_deepest_wins (void)
{
  g_autoptr(MmGame) game = game_with_moves ("f5 d6 c3 d3 c4 f4 f6");
  MmOpeningName found;

  g_assert_true (mm_opening_names_find (game, G_MAXUINT, &found));
  g_assert_cmpstr (found.name, ==, "Stephenson");
  g_assert_cmpuint (found.n_moves, ==, 7);
  g_assert_true (found.in_opening);

  g_assert_true (mm_opening_names_find (game, 6, &found));
  g_assert_cmpstr (found.name, ==, "Tiger");
  g_assert_cmpuint (found.n_moves, ==, 5);
  g_assert_true (found.in_opening);

  g_assert_true (mm_opening_names_find (game, 2, &found));
  g_assert_cmpstr (found.name, ==, "Perpendicular");

  g_assert_false (mm_opening_names_find (game, 1, &found));
  g_assert_true (found.in_opening);
  g_assert_false (mm_opening_names_find (game, 0, &found));
  g_assert_true (found.in_opening);

  g_assert_cmpstr (name_of ("f5 d6 c3 d3 c4 f4 c5 b3 c2 e6"), ==, "Tamenori");
  g_assert_cmpstr (name_of ("f5 d6 c3 d3 c4 f4 f6 g5 e3 f3 g4 h3 g3 f2"), ==,
                   "No-Kung (Continuation)");
}

/* A game whose moves leave the lines keeps the last name it reached:
 * the opening it was played from. */
static void
test_leaving_the_lines (void)
{
  g_autoptr(MmGame) game = game_with_moves ("f5 d6 c3 d3 c4 f4 f6 f3 e6 e7 d7 g6 f8 f7 g5 h6 h4 "
                                            "g4 h3 h5 h7 c6 c5");
  MmOpeningName found;

  g_assert_true (mm_opening_names_find (game, G_MAXUINT, &found));
  g_assert_cmpstr (found.name, ==, "F.A.T. Draw");
  g_assert_cmpuint (found.n_moves, ==, 21);
  g_assert_false (found.in_opening);
  g_assert_true (mm_opening_names_find (game, 21, &found));
  g_assert_true (found.in_opening);

  g_clear_object (&game);
  /* e3 is on no line after the Rose-Bill. */
  game = game_with_moves ("f5 d6 c3 d3 c4 f4 c5 b3 c2 e3 d2");
  g_assert_true (mm_opening_names_find (game, G_MAXUINT, &found));
  g_assert_cmpstr (found.name, ==, "Rose-Bill");
  g_assert_cmpuint (found.n_moves, ==, 9);
  g_assert_false (found.in_opening);

  /* Undo goes back into the opening. */
  g_assert_true (mm_game_undo (game));
  g_assert_true (mm_game_undo (game));
  g_assert_true (mm_opening_names_find (game, G_MAXUINT, &found));
  g_assert_cmpstr (found.name, ==, "Rose-Bill");
  g_assert_true (found.in_opening);
}

/* Plays the first legal move (in square order) @n_moves times. */
static void
play_first_moves (MmGame *game,
                  guint   n_moves)
{
  for (guint i = 0; i < n_moves; i++)
    g_assert_true (mm_game_play (game, mm_first_square (mm_game_get_legal_moves (game)), NULL));
}

/* Only a game from the standard start (or the same discs mirrored) has a
 * name: a board set up by hand has none, even on a position of a line. */
static void
test_other_starts (void)
{
  g_autoptr(MmGame) tiger = game_with_moves ("f5 d6 c3 d3 c4");
  g_autoptr(MmGame) game = mm_game_new ();
  const guint64 d4 = G_GUINT64_CONSTANT (1) << 27, e4 = G_GUINT64_CONSTANT (1) << 28;
  const guint64 d5 = G_GUINT64_CONSTANT (1) << 35, e5 = G_GUINT64_CONSTANT (1) << 36;
  MmOpeningName found;
  guint64 black, white;
  MmBoard board;
  MmColor side;
  int last_move;

  /* The Tiger's position as the start of a game. */
  mm_game_get_position_at (tiger, 5, &black, &white, &side, &last_move);
  mm_board_from_colors (&board, black, white, side);
  mm_game_restart_from (game, &board, side);
  g_assert_false (mm_opening_names_find (game, G_MAXUINT, &found));
  g_assert_null (found.name);
  g_assert_false (found.in_opening);
  g_assert_true (mm_game_play (game, mm_square_parse ("f4"), NULL));
  g_assert_false (mm_opening_names_find (game, G_MAXUINT, &found));

  /* The parallel placing of the centre: no lines start there. */
  mm_board_from_colors (&board, d4 | d5, e4 | e5, MM_COLOR_BLACK);
  mm_game_restart_from (game, &board, MM_COLOR_BLACK);
  play_first_moves (game, 5);
  g_assert_false (mm_opening_names_find (game, G_MAXUINT, &found));

  /* The standard start with White to move is not the standard start. */
  mm_board_from_colors (&board, e4 | d5, d4 | e5, MM_COLOR_WHITE);
  mm_game_restart_from (game, &board, MM_COLOR_WHITE);
  play_first_moves (game, 5);
  g_assert_false (mm_opening_names_find (game, G_MAXUINT, &found));

  /* The mirrored start is the standard start turned over: its games
   * are the same openings. */
  mm_board_from_colors (&board, d4 | e5, e4 | d5, MM_COLOR_BLACK);
  mm_game_restart_from (game, &board, MM_COLOR_BLACK);
  g_assert_true (mm_game_play (game, mm_square_parse ("c5"), NULL));
  g_assert_true (mm_game_play (game, mm_square_parse ("e6"), NULL));
  g_assert_true (mm_opening_names_find (game, G_MAXUINT, &found));
  g_assert_cmpstr (found.name, ==, "Perpendicular");

  /* Back to the standard start: names again. */
  mm_game_restart (game);
  g_assert_true (mm_game_play (game, mm_square_parse ("f5"), NULL));
  g_assert_true (mm_game_play (game, mm_square_parse ("f4"), NULL));
  g_assert_true (mm_opening_names_find (game, G_MAXUINT, &found));
  g_assert_cmpstr (found.name, ==, "Parallel");
}

/* A name is translated in the context "opening"; without a translation
 * it stays as it is. */
static void
test_translate (void)
{
  g_assert_cmpstr (mm_opening_names_translate ("Tiger"), ==, "Tiger");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/opening-names/known-lines", test_known_lines);
  g_test_add_func ("/game/opening-names/symmetries", test_symmetries);
  g_test_add_func ("/game/opening-names/transpositions", test_transpositions);
  g_test_add_func ("/game/opening-names/deepest-wins", test_deepest_wins);
  g_test_add_func ("/game/opening-names/leaving-the-lines", test_leaving_the_lines);
  g_test_add_func ("/game/opening-names/other-starts", test_other_starts);
  g_test_add_func ("/game/opening-names/translate", test_translate);

  return g_test_run ();
}
