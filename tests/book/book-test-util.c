/* book-test-util.c
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

/* What every book must satisfy, whatever it was built from: checked on
 * the shipped book (test-book) and on books built from a slice of the
 * archive (test-book-slice). */

#include "book-test-util.h"

#include "mm-symmetry.h"

/* @board seen through @symmetry (mm-symmetry.h). */
MmBoard
book_test_turn (const MmBoard *board,
                int            symmetry)
{
  return (MmBoard) {
    mm_symmetry_apply (board->player, symmetry),
    mm_symmetry_apply (board->opponent, symmetry),
  };
}

/* The start is in the book, and its four moves (f5, d6, c3, e4: the same
 * move turned) have the same value, the start's. */
void
book_test_assert_start (const MmBook *book)
{
  MmBookMove moves[MM_BOOK_MAX_MOVES];
  const MmBookEntry *entry;
  MmBoard start;
  int n;

  mm_board_init_start (&start);
  entry = mm_book_find (book, &start);
  g_assert_nonnull (entry);
  n = mm_book_moves (book, &start, moves, G_N_ELEMENTS (moves));
  g_assert_cmpint (n, ==, 4);
  for (int i = 0; i < n; i++)
    {
      g_assert_cmpint (moves[i].value, ==, entry->value);
      g_assert_true (moves[i].in_book);
    }
  g_assert_cmpint (moves[0].square, ==, mm_square_parse ("d3"));
  g_assert_cmpint (moves[1].square, ==, mm_square_parse ("c4"));
  g_assert_cmpint (moves[2].square, ==, mm_square_parse ("f5"));
  g_assert_cmpint (moves[3].square, ==, mm_square_parse ("e6"));
}

static gboolean
has_move (const MmBookMove *moves,
          int               n,
          MmBookMove        wanted)
{
  for (int i = 0; i < n; i++)
    if (moves[i].square == wanted.square && moves[i].value == wanted.value
        && moves[i].in_book == wanted.in_book)
      return TRUE;
  return FALSE;
}

/* Each of the eight copies of every book position finds the moves of the
 * canonical one, turned, with the same values. */
void
book_test_assert_symmetric (const MmBook *book)
{
  const MmBookEntry *entries = mm_book_get_entries (book);

  for (gsize i = 0; i < mm_book_get_size (book); i++)
    {
      MmBoard canonical = { entries[i].player, entries[i].opponent };
      MmBookMove expected[MM_BOOK_MAX_MOVES];
      int n_expected = mm_book_moves (book, &canonical, expected, G_N_ELEMENTS (expected));

      g_assert_cmpint (n_expected, >, 0);
      for (int s = 1; s < MM_N_SYMMETRIES; s++)
        {
          MmBoard turned = book_test_turn (&canonical, s);
          MmBookMove moves[MM_BOOK_MAX_MOVES];
          int n = mm_book_moves (book, &turned, moves, G_N_ELEMENTS (moves));

          g_assert_true (mm_book_find (book, &turned) == &entries[i]);
          g_assert_cmpint (n, ==, n_expected);
          for (int k = 0; k < n_expected; k++)
            {
              MmBookMove move = expected[k];

              /* Square q of @turned is square mm_symmetry_square (q, s)
               * of the canonical board. */
              move.square = mm_symmetry_square (move.square, mm_symmetry_inverse (s));
              g_assert_true (has_move (moves, n, move));
            }
        }
    }
}

/* Every position's value is the best of its moves' values; the moves are
 * every legal move into the book and the leaf move, best first. */
void
book_test_assert_consistent (const MmBook *book)
{
  const MmBookEntry *entries = mm_book_get_entries (book);

  for (gsize i = 0; i < mm_book_get_size (book); i++)
    {
      MmBoard board = { entries[i].player, entries[i].opponent };
      MmBookMove moves[MM_BOOK_MAX_MOVES];
      int n = mm_book_moves (book, &board, moves, G_N_ELEMENTS (moves));
      uint64_t legal = mm_board_legal_moves (&board);
      int n_in_book = 0, n_leaves = 0;

      if (i > 0)
        g_assert_true (entries[i - 1].player < entries[i].player
                       || (entries[i - 1].player == entries[i].player
                           && entries[i - 1].opponent < entries[i].opponent));
      g_assert_cmpint (n, >, 0);
      g_assert_cmpint (moves[0].value, ==, entries[i].value);
      for (int k = 0; k < n; k++)
        {
          MmBoard child;
          int sign;

          g_assert_true (legal & (G_GUINT64_CONSTANT (1) << moves[k].square));
          if (k > 0)
            g_assert_cmpint (moves[k - 1].value, >=, moves[k].value);
          sign = mm_book_child (&board, moves[k].square, &child);
          if (moves[k].in_book)
            {
              const MmBookEntry *next = mm_book_find (book, &child);

              g_assert_nonnull (next);
              g_assert_cmpint (moves[k].value, ==, sign * next->value);
              n_in_book++;
            }
          else
            {
              g_assert_null (mm_book_find (book, &child));
              g_assert_cmpint (moves[k].value, ==, entries[i].leaf_value);
              n_leaves++;
            }
        }

      /* Every legal move into the book is there. */
      for (uint64_t m = legal; m != 0; m = mm_without_first (m))
        {
          MmBoard child;

          mm_book_child (&board, mm_first_square (m), &child);
          if (mm_book_find (book, &child) != NULL)
            n_in_book--;
        }
      g_assert_cmpint (n_in_book, ==, 0);
      /* The canonical board finds its own leaf move, with its copies if
       * the position is symmetric. */
      if (entries[i].leaf_move == MM_BOOK_NO_MOVE)
        g_assert_cmpint (n_leaves, ==, 0);
      else
        g_assert_cmpint (n_leaves, >=, 1);
    }
}

/* Two books with the same entries answer every lookup the same. */
void
book_test_assert_same_lookups (const MmBook *book,
                               const MmBook *other)
{
  const MmBookEntry *entries = mm_book_get_entries (book);

  g_assert_cmpuint (mm_book_get_size (book), ==, mm_book_get_size (other));
  g_assert_cmpmem (mm_book_get_info (book), sizeof (MmBookInfo),
                   mm_book_get_info (other), sizeof (MmBookInfo));
  for (gsize i = 0; i < mm_book_get_size (book); i++)
    {
      MmBoard board = { entries[i].player, entries[i].opponent };
      MmBookMove moves[MM_BOOK_MAX_MOVES], other_moves[MM_BOOK_MAX_MOVES];
      int n = mm_book_moves (book, &board, moves, G_N_ELEMENTS (moves));
      int n_other = mm_book_moves (other, &board, other_moves, G_N_ELEMENTS (other_moves));
      const MmBookEntry *found = mm_book_find (other, &board);

      g_assert_nonnull (found);
      g_assert_cmpuint (found->player, ==, entries[i].player);
      g_assert_cmpuint (found->opponent, ==, entries[i].opponent);
      g_assert_cmpint (found->value, ==, entries[i].value);
      g_assert_cmpint (found->leaf_value, ==, entries[i].leaf_value);
      g_assert_cmpint (found->leaf_move, ==, entries[i].leaf_move);
      g_assert_cmpint (found->n_games, ==, entries[i].n_games);
      g_assert_cmpint (n, ==, n_other);
      for (int k = 0; k < n; k++)
        {
          g_assert_cmpint (moves[k].square, ==, other_moves[k].square);
          g_assert_cmpint (moves[k].value, ==, other_moves[k].value);
          g_assert_cmpint (moves[k].in_book, ==, other_moves[k].in_book);
        }
    }
}
