/* test-ai-book.c
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

/* The computer playing from the opening book (src/game): Master chooses
 * among the book moves within its margin and two Masters do not play the
 * same opening, Expert plays the best book move, the lower levels and
 * mm_ai_player_hint_async () search, the book's moves come as hints and
 * analysis show them, and without a book (none, or a damaged one) the
 * computer plays as before.  Uses the shipped data/book/book.mmb. */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "mm-ai-level.h"
#include "mm-ai-player.h"
#include "mm-ai-weights.h"
#include "mm-test-ai.h"

#define ONE_DISC MM_EVAL_SCALE

static MmAiWeights *weights;

typedef struct
{
  gboolean  done;
  gboolean  ok;
  MmAiMove  move;
  GError   *error;
} Outcome;

static MmAiPlayer *
new_player (MmAiLevel level,
            guint     seed)
{
  return mm_test_ai_player_new (weights, level, seed);
}
static void
on_move (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  Outcome *outcome = user_data;

  outcome->ok = mm_ai_player_choose_move_finish (MM_AI_PLAYER (source), result,
                                                 &outcome->move, &outcome->error);
  outcome->done = TRUE;
}

static void
on_hint (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  Outcome *outcome = user_data;

  outcome->ok = mm_ai_player_hint_finish (MM_AI_PLAYER (source), result,
                                          &outcome->move, &outcome->error);
  outcome->done = TRUE;
}

static MmAiMove
choose (MmAiPlayer    *player,
        const MmBoard *board)
{
  Outcome outcome = { 0 };

  mm_ai_player_choose_move_async (player, board, NULL, on_move, &outcome);
  mm_test_ai_wait_until (&outcome.done);
  g_assert_no_error (outcome.error);
  g_assert_true (outcome.ok);
  g_assert_true (mm_square_is_valid (outcome.move.square));
  g_assert_cmpuint (mm_board_flips (board, outcome.move.square), !=, 0);
  return outcome.move;
}

static void
play (MmBoard *board,
      int      square)
{
  g_assert_cmpuint (mm_board_play (board, square), !=, 0);
  if (!mm_board_can_move (board) && !mm_board_is_game_over (board))
    mm_board_pass (board);
}

static const MmBook *
shipped_book (void)
{
  static MmAiBook *book;

  if (book == NULL)
    book = mm_ai_book_get_default ();
  g_assert_nonnull (book);
  g_assert_cmpstr (mm_ai_book_get_path (book), ==, MM_BOOK_SOURCE_PATH);
  return mm_ai_book_get_book (book);
}

/* The book move @square of @board, or fails. */
static MmBookMove
book_move (const MmBoard *board,
           int            square,
           int           *best)
{
  MmBookMove moves[MM_BOOK_MAX_MOVES];
  int n = mm_book_moves (shipped_book (), board, moves, G_N_ELEMENTS (moves));

  g_assert_cmpint (n, >, 0);
  *best = moves[0].value;
  for (int i = 0; i < n; i++)
    if (moves[i].square == square)
      return moves[i];
  g_assert_not_reached ();
}

/* Master, along lines it plays itself, chooses only book moves within a
 * disc of the best, and not always the same one. */
static void
test_master_margin (void)
{
  g_autoptr(MmAiPlayer) player = new_player (MM_AI_LEVEL_MASTER, 11);
  g_autoptr(GHashTable) first_moves = g_hash_table_new (NULL, NULL);
  MmAiLevelParams params;
  guint n_moves = 0;

  mm_ai_level_get_params (MM_AI_LEVEL_MASTER, &params);
  g_assert_true (params.book);
  g_assert_cmpint (params.book_margin, ==, ONE_DISC);

  for (int line = 0; line < 6; line++)
    {
      MmBoard board;

      mm_board_init_start (&board);
      while (mm_book_find (shipped_book (), &board) != NULL)
        {
          MmAiMove move = choose (player, &board);
          int best;
          MmBookMove known = book_move (&board, move.square, &best);

          g_assert_cmpint (move.depth, ==, 0);
          g_assert_cmpint (move.score, ==, known.value);
          g_assert_cmpint (known.value, >=, best - ONE_DISC);
          if (mm_popcount (board.player | board.opponent) == 4)
            g_hash_table_add (first_moves, GINT_TO_POINTER (move.square + 1));
          play (&board, move.square);
          n_moves++;
        }
    }
  g_test_message ("%u book moves, %u different first moves", n_moves,
                  g_hash_table_size (first_moves));
  g_assert_cmpuint (n_moves, >=, 12);
  g_assert_cmpuint (g_hash_table_size (first_moves), >, 1);
}

/* The line two Masters play while in the book, as moves and as the
 * positions up to symmetry. */
static char *
master_line (guint     seed,
             GString  *positions)
{
  g_autoptr(MmAiPlayer) player = new_player (MM_AI_LEVEL_MASTER, seed);
  GString *line = g_string_new (NULL);
  MmBoard board;

  mm_board_init_start (&board);
  while (mm_book_find (shipped_book (), &board) != NULL)
    {
      MmAiMove move = choose (player, &board);
      const MmBookEntry *entry;
      char name[3];

      mm_square_format (move.square, name);
      g_string_append (line, name);
      play (&board, move.square);
      entry = mm_book_find (shipped_book (), &board);
      if (entry != NULL)
        g_string_append_printf (positions, "%016" G_GINT64_MODIFIER "x%016" G_GINT64_MODIFIER "x ",
                                entry->player, entry->opponent);
    }
  g_string_append_c (positions, '\n');
  return g_string_free (line, FALSE);
}

/* Masters with other seeds play other openings: not only the same moves
 * turned, but other positions. */
static void
test_master_variety (void)
{
  g_autoptr(GHashTable) lines = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GHashTable) openings = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint seed = 1; seed <= 6; seed++)
    {
      GString *positions = g_string_new (NULL);
      char *line = master_line (seed, positions);

      g_test_message ("seed %u: %s", seed, line);
      g_hash_table_add (lines, line);
      g_hash_table_add (openings, g_string_free (positions, FALSE));
    }
  g_assert_cmpuint (g_hash_table_size (lines), >, 1);
  g_assert_cmpuint (g_hash_table_size (openings), >, 1);
}

/* Expert plays the best book move, every time. */
static void
test_expert_best (void)
{
  g_autoptr(MmAiPlayer) player = new_player (MM_AI_LEVEL_EXPERT, 5);
  MmBoard board;
  int n_plies = 0;

  mm_board_init_start (&board);
  while (mm_book_find (shipped_book (), &board) != NULL)
    {
      MmAiMove move = choose (player, &board);
      int best;
      MmBookMove known = book_move (&board, move.square, &best);

      g_assert_cmpint (move.depth, ==, 0);
      g_assert_true (move.book);
      g_assert_cmpint (known.value, ==, best);
      play (&board, move.square);
      n_plies++;
    }
  g_test_message ("Expert stays %d plies in the book", n_plies);
  g_assert_cmpint (n_plies, >=, 2);
}

/* The levels below Expert search from the first move, and so does
 * mm_ai_player_hint_async (), at any level (the window asks the book
 * first: mm_ai_player_get_book_moves ()). */
static void
test_lower_levels (void)
{
  MmBoard board;

  mm_board_init_start (&board);
  for (MmAiLevel level = MM_AI_LEVEL_BEGINNER; level < MM_AI_LEVEL_EXPERT; level++)
    {
      g_autoptr(MmAiPlayer) player = new_player (level, 3);
      MmAiLevelParams params;
      MmAiMove move;

      mm_ai_level_get_params (level, &params);
      g_assert_false (params.book);
      move = choose (player, &board);
      g_assert_cmpint (move.depth, >, 0);
      g_assert_false (move.book);
    }

  {
    g_autoptr(MmAiPlayer) player = new_player (MM_AI_LEVEL_MASTER, 3);
    Outcome outcome = { 0 };

    mm_ai_player_hint_async (player, &board, MM_AI_LEVEL_EXPERT, NULL, on_hint, &outcome);
    mm_test_ai_wait_until (&outcome.done);
    g_assert_no_error (outcome.error);
    g_assert_cmpint (outcome.move.depth, >, 0);
  }
}

/* mm_ai_level_book_move () on its own: only when the level wants the
 * book, the book is there and the position is in it. */
static void
test_book_move (void)
{
  MmAiLevelParams params;
  MmBoard board, outside;
  MmAiMove move;
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);

  mm_board_init_start (&board);
  mm_ai_level_get_params (MM_AI_LEVEL_EXPERT, &params);
  g_assert_true (mm_ai_level_book_move (&params, shipped_book (), &board, rand, &move));
  g_assert_false (mm_ai_level_book_move (&params, NULL, &board, rand, &move));
  params.book = FALSE;
  g_assert_false (mm_ai_level_book_move (&params, shipped_book (), &board, rand, &move));

  /* A position no game reaches: corners taken at once. */
  outside = board;
  outside.player |= G_GUINT64_CONSTANT (1) << mm_square_parse ("a1");
  outside.opponent |= G_GUINT64_CONSTANT (1) << mm_square_parse ("h8");
  g_assert_null (mm_book_find (shipped_book (), &outside));
  params.book = TRUE;
  g_assert_false (mm_ai_level_book_move (&params, shipped_book (), &outside, rand, &move));
}

/* The book's moves as hints and analysis show them
 * (mm_analysis_book_moves ()): the start has the four first moves, one
 * move turned, each with the start's value, marked as the book's and
 * not searched; elsewhere in the book the best comes first with the
 * position's value; a position out of the book, or no book, gives none;
 * a player answers from its book whatever its level. */
static void
test_analysis_book_moves (void)
{
  g_autoptr(GArray) moves = NULL;
  g_autoptr(GArray) later = NULL;
  g_autoptr(GArray) none = NULL;
  g_autoptr(GArray) no_book = NULL;
  g_autoptr(GArray) from_player = NULL;
  g_autoptr(MmAiPlayer) player = new_player (MM_AI_LEVEL_BEGINNER, 1);
  static const char *const first_moves[] = { "d3", "c4", "f5", "e6" };
  const MmBookEntry *entry;
  MmBoard board, outside;

  mm_board_init_start (&board);
  entry = mm_book_find (shipped_book (), &board);
  g_assert_nonnull (entry);
  moves = mm_analysis_book_moves (shipped_book (), &board);
  g_assert_cmpuint (moves->len, ==, G_N_ELEMENTS (first_moves));
  for (guint i = 0; i < moves->len; i++)
    {
      const MmAiMove *move = &g_array_index (moves, MmAiMove, i);

      /* Equal values, so in square order. */
      g_assert_cmpint (move->square, ==, mm_square_parse (first_moves[i]));
      g_assert_cmpint (move->score, ==, entry->value);
      g_assert_true (move->book);
      g_assert_cmpint (move->depth, ==, 0);
      g_assert_false (move->exact);
    }

  /* After f5d6c3: White's book moves, best first, the best worth what
   * the position is. */
  play (&board, mm_square_parse ("f5"));
  play (&board, mm_square_parse ("d6"));
  play (&board, mm_square_parse ("c3"));
  entry = mm_book_find (shipped_book (), &board);
  g_assert_nonnull (entry);
  later = mm_analysis_book_moves (shipped_book (), &board);
  g_assert_cmpuint (later->len, >=, 2);
  g_assert_cmpint (g_array_index (later, MmAiMove, 0).score, ==, entry->value);
  for (guint i = 0; i < later->len; i++)
    {
      const MmAiMove *move = &g_array_index (later, MmAiMove, i);

      g_assert_true (move->book);
      g_assert_cmpuint (mm_board_flips (&board, move->square), !=, 0);
      if (i > 0)
        g_assert_cmpint (move->score, <=, g_array_index (later, MmAiMove, i - 1).score);
    }

  /* A position no game reaches: corners taken at once. */
  mm_board_init_start (&outside);
  outside.player |= G_GUINT64_CONSTANT (1) << mm_square_parse ("a1");
  outside.opponent |= G_GUINT64_CONSTANT (1) << mm_square_parse ("h8");
  g_assert_null (mm_book_find (shipped_book (), &outside));
  none = mm_analysis_book_moves (shipped_book (), &outside);
  g_assert_cmpuint (none->len, ==, 0);
  mm_board_init_start (&board);
  no_book = mm_analysis_book_moves (NULL, &board);
  g_assert_cmpuint (no_book->len, ==, 0);

  /* Beginner does not play from the book, but knows it. */
  from_player = mm_ai_player_get_book_moves (player, &board);
  g_assert_cmpuint (from_player->len, ==, moves->len);
  g_assert_cmpmem (from_player->data, from_player->len * sizeof (MmAiMove),
                   moves->data, moves->len * sizeof (MmAiMove));
  g_clear_pointer (&from_player, g_array_unref);
  from_player = mm_ai_player_get_book_moves (player, &outside);
  g_assert_cmpuint (from_player->len, ==, 0);
}

static void
test_load_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("mm-ai-book-XXXXXX", &error);
  g_autofree char *missing = NULL;
  g_autofree char *damaged = NULL;
  g_autofree char *contents = NULL;
  gsize length;

  g_assert_no_error (error);
  missing = g_build_filename (dir, "missing.mmb", NULL);
  g_assert_null (mm_ai_book_load (missing, &error));
  g_assert_error (error, MM_AI_ERROR, MM_AI_ERROR_NO_BOOK);
  g_clear_error (&error);

  damaged = g_build_filename (dir, "damaged.mmb", NULL);
  g_file_get_contents (MM_BOOK_SOURCE_PATH, &contents, &length, &error);
  g_assert_no_error (error);
  g_file_set_contents (damaged, contents, (gssize) length / 2, &error);
  g_assert_no_error (error);
  g_assert_null (mm_ai_book_load (damaged, &error));
  g_assert_error (error, MM_AI_ERROR, MM_AI_ERROR_BAD_BOOK);
  g_unlink (damaged);
  g_rmdir (dir);
}

/* With no book the computer searches from the first move. */
static void
test_no_book (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(MmAiPlayer) player = NULL;
      MmBoard board;
      MmAiMove move;

      g_setenv ("MONOMACHIA_BOOK", "/nonexistent/monomachia/book.mmb", TRUE);
      g_assert_null (mm_ai_book_get_default ());
      player = new_player (MM_AI_LEVEL_EXPERT, 1);
      mm_board_init_start (&board);
      move = choose (player, &board);
      g_assert_cmpint (move.depth, >, 0);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

/* A damaged book is said in the log, and the computer plays without it. */
static void
test_damaged_book (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MmAiPlayer) player = NULL;
      g_autofree char *dir = g_dir_make_tmp ("mm-ai-book-XXXXXX", &error);
      g_autofree char *path = NULL;
      g_autofree char *contents = NULL;
      MmBoard board;
      MmAiMove move;
      gsize length;

      g_assert_no_error (error);
      path = g_build_filename (dir, "book.mmb", NULL);
      g_file_get_contents (MM_BOOK_SOURCE_PATH, &contents, &length, &error);
      g_assert_no_error (error);
      contents[length / 3] ^= 0x40;
      g_file_set_contents (path, contents, (gssize) length, &error);
      g_assert_no_error (error);

      /* The warning is the point here, not a failure. */
      g_log_set_always_fatal (G_LOG_FATAL_MASK);
      g_setenv ("MONOMACHIA_BOOK", path, TRUE);
      player = new_player (MM_AI_LEVEL_EXPERT, 1);
      mm_board_init_start (&board);
      move = choose (player, &board);
      g_assert_cmpint (move.depth, >, 0);
      g_unlink (path);
      g_rmdir (dir);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("*opening book is not used*damaged*");
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);
  /* The source tree's book and weights, even where others are installed. */
  g_setenv ("MONOMACHIA_BOOK", MM_BOOK_SOURCE_PATH, TRUE);
  weights = mm_ai_weights_load (MM_EVAL_SOURCE_PATH, &error);
  g_assert_no_error (error);

  g_test_add_func ("/ai-book/master/margin", test_master_margin);
  g_test_add_func ("/ai-book/master/variety", test_master_variety);
  g_test_add_func ("/ai-book/expert", test_expert_best);
  g_test_add_func ("/ai-book/lower-levels", test_lower_levels);
  g_test_add_func ("/ai-book/book-move", test_book_move);
  g_test_add_func ("/ai-book/analysis-book-moves", test_analysis_book_moves);
  g_test_add_func ("/ai-book/load-errors", test_load_errors);
  g_test_add_func ("/ai-book/no-book", test_no_book);
  g_test_add_func ("/ai-book/damaged-book", test_damaged_book);
  status = g_test_run ();

  mm_ai_weights_unref (weights);
  return status;
}
