/* test-book-slice.c
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

/* The book builder (tools/book) on a slice of the archive: the start is
 * in the book, each position counts the games that reached it in any
 * order of moves and any turn of the board, every symmetric copy finds
 * the same moves, the values are a negamax over the book with the best
 * leaf of each position searched, the file round-trips, and the same
 * games give the same book whatever the number of threads.  Needs
 * ../shared/data and is skipped without it. */

#include <glib/gstdio.h>
#include <string.h>

#include "book-test-util.h"
#include "mm-book-build.h"
#include "mm-search.h"
#include "mm-test-data.h"

#define SLICE_GAMES 300
#define SLICE_DEPTH 2

static MmTrainGameSet games;
static MmEvalWeights *weights;
static MmBook *book;
static MmBookBuildStats stats;

static MmBook *
build (guint             n_threads,
       int               depth,
       MmBookBuildStats *build_stats)
{
  g_autoptr(GError) error = NULL;
  MmBookBuildOptions options;
  MmBook *built;

  mm_book_build_options_init (&options);
  options.depth = depth;
  options.n_threads = n_threads;
  built = mm_book_build (games.games, weights, &options, build_stats, &error);
  g_assert_no_error (error);
  g_assert_nonnull (built);
  return built;
}

static void
test_slice_build (void)
{
  const MmBookInfo *info = mm_book_get_info (book);

  g_test_message ("%u positions, %u in the book, %u edges, %u leaves", stats.n_positions,
                  stats.n_book, stats.n_edges, stats.n_leaves);
  g_assert_cmpuint (stats.n_games, ==, SLICE_GAMES);
  g_assert_cmpuint (stats.n_book, ==, mm_book_get_size (book));
  g_assert_cmpuint (stats.n_book, >, 10);
  g_assert_cmpuint (stats.n_book, <, stats.n_positions);
  g_assert_cmpuint (stats.n_leaves, >, stats.n_book);
  g_assert_cmpuint (info->n_games, ==, SLICE_GAMES);
  g_assert_cmpuint (info->max_plies, ==, MM_BOOK_BUILD_DEFAULT_PLIES);
  g_assert_cmpuint (info->min_games, ==, MM_BOOK_BUILD_DEFAULT_MIN_GAMES);
  g_assert_cmpuint (info->depth, ==, SLICE_DEPTH);
  book_test_assert_start (book);
}

static int
compare_boards (gconstpointer a,
                gconstpointer b)
{
  const MmBoard *x = a, *y = b;

  if (x->player != y->player)
    return x->player < y->player ? -1 : 1;
  if (x->opponent != y->opponent)
    return x->opponent < y->opponent ? -1 : 1;
  return 0;
}

/* Each position's count is the number of games that reached it, each
 * game once, whatever its order of moves or the turn of its board; and
 * every position of those plies reached that often is in the book. */
static void
test_slice_counts (void)
{
  g_autoptr(GHashTable) counts = g_hash_table_new (NULL, NULL);
  g_autoptr(GArray) outside = g_array_new (FALSE, FALSE, sizeof (MmBoard));
  const MmBookEntry *entries = mm_book_get_entries (book);
  guint n_turned = 0;

  for (guint g = 0; g < games.games->len; g++)
    {
      MmTrainPosition positions[MM_TRAIN_MAX_MOVES + 1];
      int n = mm_train_game_replay (&g_array_index (games.games, MmTrainGame, g), positions);

      for (int i = 0; i < n - 1 && i < MM_BOOK_BUILD_DEFAULT_PLIES; i++)
        {
          const MmBookEntry *entry = mm_book_find (book, &positions[i].board);
          guint count;

          if (entry == NULL)
            {
              MmBoard canonical;

              mm_book_canonical (&positions[i].board, &canonical);
              g_array_append_val (outside, canonical);
              continue;
            }
          count = GPOINTER_TO_UINT (g_hash_table_lookup (counts, entry));
          g_hash_table_insert (counts, (gpointer) entry, GUINT_TO_POINTER (count + 1));
          n_turned += positions[i].board.player != entry->player
                      || positions[i].board.opponent != entry->opponent;
        }
    }
  /* The games met the book positions in other turns too. */
  g_assert_cmpuint (n_turned, >, 0);

  for (gsize i = 0; i < mm_book_get_size (book); i++)
    {
      guint count = GPOINTER_TO_UINT (g_hash_table_lookup (counts, &entries[i]));

      g_assert_cmpuint (entries[i].n_games, ==, count);
      g_assert_cmpuint (count, >=, MM_BOOK_BUILD_DEFAULT_MIN_GAMES);
    }

  /* The positions left out were reached by fewer games. */
  g_array_sort (outside, compare_boards);
  for (guint i = 0; i < outside->len;)
    {
      guint run = 1;

      while (i + run < outside->len
             && compare_boards (&g_array_index (outside, MmBoard, i),
                                &g_array_index (outside, MmBoard, i + run)) == 0)
        run++;
      g_assert_cmpuint (run, <, MM_BOOK_BUILD_DEFAULT_MIN_GAMES);
      i += run;
    }
}

static void
test_slice_symmetric (void)
{
  book_test_assert_symmetric (book);
}

static void
test_slice_consistent (void)
{
  book_test_assert_consistent (book);
}

/* The leaves again, searched here one by one: each position keeps the
 * best of its moves out of the book, first by square among equals. */
static void
test_slice_leaves (void)
{
  const MmBookEntry *entries = mm_book_get_entries (book);
  MmSearch *search = mm_search_new ((gsize) 2 << 20);
  MmSearchLimits limits = { .max_depth = SLICE_DEPTH };
  guint n_leaf_moves = 0;

  mm_search_set_weights (search, weights);
  mm_search_set_threads (search, 1);
  for (gsize i = 0; i < mm_book_get_size (book); i++)
    {
      MmBoard board = { entries[i].player, entries[i].opponent };
      int best = G_MININT, best_move = MM_BOOK_NO_MOVE;

      for (uint64_t m = mm_board_legal_moves (&board); m != 0; m = mm_without_first (m))
        {
          MmBoard child, canonical;
          MmSearchResult result;
          int sign = mm_book_child (&board, mm_first_square (m), &child);

          if (mm_book_find (book, &child) != NULL)
            continue;
          mm_book_canonical (&child, &canonical);
          mm_search_clear (search);
          mm_search_run (search, &canonical, &limits, NULL, NULL, &result);
          if (sign * result.score > best)
            {
              best = sign * result.score;
              best_move = mm_first_square (m);
            }
        }
      g_assert_cmpint (entries[i].leaf_move, ==, best_move);
      if (best_move != MM_BOOK_NO_MOVE)
        {
          g_assert_cmpint (entries[i].leaf_value, ==, best);
          g_assert_cmpint (entries[i].value, >=, best);
          n_leaf_moves++;
        }
    }
  g_assert_cmpuint (n_leaf_moves, >, 0);
  mm_search_free (search);
}

/* Written, read back: the same bytes, the same answers. */
static void
test_slice_file (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("mm-book-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autofree char *contents = NULL;
  g_autofree guint8 *expected = NULL;
  MmBookError code = MM_BOOK_OK;
  MmBook *loaded;
  gsize length;

  g_assert_no_error (error);
  path = g_build_filename (dir, "book.mmb", NULL);
  g_assert_true (mm_book_write (book, path, &error));
  g_assert_no_error (error);

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  expected = g_malloc (length);
  g_assert_cmpuint (mm_book_serialize (book, expected, length), ==, length);
  g_assert_cmpmem (contents, length, expected, length);

  loaded = mm_book_load (path, &code);
  g_assert_cmpint (code, ==, MM_BOOK_OK);
  book_test_assert_same_lookups (book, loaded);
  book_test_assert_same_lookups (loaded, book);
  mm_book_free (loaded);

  g_unlink (path);
  g_rmdir (dir);
}

/* One thread or two, the same book, byte for byte. */
static void
test_slice_threads (void)
{
  MmBookBuildStats one_stats, two_stats;
  MmBook *one = build (1, 3, &one_stats);
  MmBook *two = build (2, 3, &two_stats);
  gsize length = mm_book_serialize (one, NULL, 0);
  g_autofree guint8 *one_data = g_malloc (length);
  g_autofree guint8 *two_data = g_malloc (length);

  g_assert_cmpuint (mm_book_serialize (two, NULL, 0), ==, length);
  mm_book_serialize (one, one_data, length);
  mm_book_serialize (two, two_data, length);
  g_assert_cmpmem (one_data, length, two_data, length);
  g_assert_cmpuint (one_stats.nodes, ==, two_stats.nodes);
  mm_book_free (one);
  mm_book_free (two);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *games_path = NULL;
  g_autofree char *weights_path = NULL;
  MmEvalError code = MM_EVAL_OK;
  int status;

  g_test_init (&argc, &argv, NULL);
  games_path = mm_test_data_require (MM_TEST_WTHOR_GAMES);

  weights_path = g_build_filename (MM_TEST_SOURCE_ROOT, "data", "eval", "eval.mmw", NULL);
  weights = mm_eval_weights_load (weights_path, &code);
  if (weights == NULL)
    g_error ("%s: %s", weights_path, mm_eval_error_message (code));
  if (!mm_train_games_read (games_path, SLICE_GAMES, &games, &error))
    g_error ("%s", error->message);
  book = build (1, SLICE_DEPTH, &stats);

  g_test_add_func ("/book/slice/build", test_slice_build);
  g_test_add_func ("/book/slice/counts", test_slice_counts);
  g_test_add_func ("/book/slice/symmetric", test_slice_symmetric);
  g_test_add_func ("/book/slice/consistent", test_slice_consistent);
  g_test_add_func ("/book/slice/leaves", test_slice_leaves);
  g_test_add_func ("/book/slice/file", test_slice_file);
  g_test_add_func ("/book/slice/threads", test_slice_threads);
  status = g_test_run ();

  mm_book_free (book);
  mm_train_games_clear (&games);
  mm_eval_weights_free (weights);
  return status;
}
