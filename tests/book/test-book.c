/* test-book.c
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

/* The opening book of the engine (src/engine/mm-book.c) and the shipped
 * book, data/book/book.mmb: it loads, its start has four moves of equal
 * value, every symmetric copy of each position finds the same moves, each
 * value is the best of its moves' values; the file writes back byte for
 * byte; damaged files are refused with the error that says why.  Needs
 * nothing outside the source tree. */

#include <glib/gstdio.h>
#include <string.h>

#include "book-test-util.h"
#include "mm-eval.h"
#include "mm-symmetry.h"

#define HEADER_SIZE 32
#define ENTRY_SIZE  24

static char *book_path;
static GBytes *book_file;
static MmBook *book;

static void
put_u32 (guint8  *out,
         guint32  value)
{
  for (int i = 0; i < 4; i++)
    out[i] = (guint8) (value >> (8 * i));
}

/* The checksum again after a change, so that the reader gets past it. */
static void
fix_checksum (guint8 *data,
              gsize   length)
{
  put_u32 (data + length - 4, mm_crc32 (data, length - 4));
}

static MmBookError
load_bytes (const guint8 *data,
            gsize         length)
{
  MmBookError error = MM_BOOK_OK;
  MmBook *loaded = mm_book_from_data (data, length, &error);

  g_assert_true ((loaded != NULL) == (error == MM_BOOK_OK));
  mm_book_free (loaded);
  return error;
}

static guint8 *
copy_file (gsize *length)
{
  *length = g_bytes_get_size (book_file);
  return g_memdup2 (g_bytes_get_data (book_file, NULL), *length);
}

static void
test_symmetries (void)
{
  MmBoard board = { 0 };
  GRand *rand = g_rand_new_with_seed (7);

  /* The board turned and the square map agree, and each symmetry has
   * its inverse. */
  for (int square = 0; square < MM_N_SQUARES; square++)
    for (int s = 0; s < MM_N_SYMMETRIES; s++)
      {
        guint64 bits = G_GUINT64_CONSTANT (1) << mm_symmetry_square (square, s);

        g_assert_cmpuint (mm_symmetry_apply (bits, s), ==, G_GUINT64_CONSTANT (1) << square);
        g_assert_cmpint (mm_symmetry_square (mm_symmetry_square (square, s),
                                             mm_symmetry_inverse (s)), ==, square);
      }

  /* The eight copies of a position have one canonical form, and the
   * symmetry returned turns the position into it. */
  for (int round = 0; round < 1000; round++)
    {
      MmBoard canonical, again;
      int symmetry;

      board.player = ((guint64) g_rand_int (rand) << 32 | g_rand_int (rand))
                     & ((guint64) g_rand_int (rand) << 32 | g_rand_int (rand));
      board.opponent = ((guint64) g_rand_int (rand) << 32 | g_rand_int (rand)) & ~board.player;
      symmetry = mm_book_canonical (&board, &canonical);
      g_assert_cmpuint (mm_symmetry_apply (board.player, symmetry), ==, canonical.player);
      g_assert_cmpuint (mm_symmetry_apply (board.opponent, symmetry), ==, canonical.opponent);
      for (int s = 0; s < MM_N_SYMMETRIES; s++)
        {
          MmBoard turned = book_test_turn (&board, s);

          mm_book_canonical (&turned, &again);
          g_assert_cmpuint (again.player, ==, canonical.player);
          g_assert_cmpuint (again.opponent, ==, canonical.opponent);
        }
    }
  g_rand_free (rand);
}

static void
test_shipped_start (void)
{
  const MmBookInfo *info = mm_book_get_info (book);

  g_test_message ("%s: %zu positions, first %u plies of %u games, at least %u games, "
                  "depth %u", book_path, mm_book_get_size (book), info->max_plies,
                  info->n_games, info->min_games, info->depth);
  g_assert_cmpuint (mm_book_get_size (book), >, 1000);
  g_assert_cmpuint (info->n_games, >, 100000);
  book_test_assert_start (book);
}

static void
test_shipped_symmetric (void)
{
  book_test_assert_symmetric (book);
}

static void
test_shipped_consistent (void)
{
  book_test_assert_consistent (book);
}

/* A line of the book, move by move: each position after a book move is
 * in the book, and a move leaving it lands outside. */
static void
test_shipped_line (void)
{
  MmBoard board;
  int n_plies = 0;

  mm_board_init_start (&board);
  for (;;)
    {
      MmBookMove moves[MM_BOOK_MAX_MOVES];
      int n = mm_book_moves (book, &board, moves, G_N_ELEMENTS (moves));
      MmBoard child;

      if (n == 0)
        break;
      /* The best move; a leaf ends the line. */
      mm_book_child (&board, moves[0].square, &child);
      g_assert_true ((mm_book_find (book, &child) != NULL) == moves[0].in_book);
      board = child;
      n_plies++;
    }
  g_test_message ("the best line stays %d plies in the book", n_plies);
  g_assert_cmpint (n_plies, >=, 2);
}

/* Written again, the book is the file it came from; loaded again, it
 * answers the same; made from its entries, it writes the same file. */
static void
test_round_trip (void)
{
  gsize length = mm_book_serialize (book, NULL, 0);
  g_autofree guint8 *data = g_malloc (length);
  MmBookError error = MM_BOOK_OK;
  MmBook *again, *made;
  g_autofree guint8 *made_data = NULL;

  g_assert_cmpuint (length, ==, g_bytes_get_size (book_file));
  g_assert_cmpuint (mm_book_serialize (book, data, length - 1), ==, 0);
  g_assert_cmpuint (mm_book_serialize (book, data, length), ==, length);
  g_assert_cmpmem (data, length, g_bytes_get_data (book_file, NULL), length);

  again = mm_book_from_data (data, length, &error);
  g_assert_cmpint (error, ==, MM_BOOK_OK);
  book_test_assert_same_lookups (book, again);

  /* The entries in another order make the same book. */
  {
    gsize n = mm_book_get_size (book);
    g_autofree MmBookEntry *reversed = g_new (MmBookEntry, n);

    for (gsize i = 0; i < n; i++)
      reversed[i] = mm_book_get_entries (book)[n - 1 - i];
    made = mm_book_new (reversed, n, mm_book_get_info (book), &error);
  }
  g_assert_cmpint (error, ==, MM_BOOK_OK);
  made_data = g_malloc (length);
  g_assert_cmpuint (mm_book_serialize (made, made_data, length), ==, length);
  g_assert_cmpmem (made_data, length, data, length);

  mm_book_free (made);
  mm_book_free (again);
}

static void
test_damaged_truncated (void)
{
  gsize length;
  g_autofree guint8 *data = copy_file (&length);
  const gsize cuts[] = { 0, 1, 8, 12, HEADER_SIZE, HEADER_SIZE + 3, HEADER_SIZE + 4,
                         HEADER_SIZE + ENTRY_SIZE, length / 2, length - ENTRY_SIZE,
                         length - 4, length - 1 };

  for (gsize i = 0; i < G_N_ELEMENTS (cuts); i++)
    g_assert_cmpint (load_bytes (data, cuts[i]), ==, MM_BOOK_ERROR_FORMAT);

  /* Something after the end is no better. */
  {
    g_autofree guint8 *longer = g_malloc0 (length + ENTRY_SIZE);

    memcpy (longer, data, length);
    g_assert_cmpint (load_bytes (longer, length + ENTRY_SIZE), ==, MM_BOOK_ERROR_FORMAT);
  }
}

/* A bit flipped anywhere: the checksum catches it, or the header's
 * checks before it. */
static void
test_damaged_bit (void)
{
  gsize length;
  g_autofree guint8 *data = copy_file (&length);
  GRand *rand = g_rand_new_with_seed (26);

  for (int round = 0; round < 2000; round++)
    {
      /* The header first, each byte twice, then anywhere. */
      gsize at = round < 64 ? (gsize) round / 2
                            : (gsize) g_rand_int_range (rand, 0, (gint32) length);
      guint8 bit = (guint8) (1u << g_rand_int_range (rand, 0, 8));
      MmBookError error;

      data[at] ^= bit;
      error = load_bytes (data, length);
      data[at] ^= bit;

      if (at < 8)
        g_assert_cmpint (error, ==, MM_BOOK_ERROR_FORMAT);
      else if (at < 12)
        g_assert_cmpint (error, ==, MM_BOOK_ERROR_VERSION);
      else if (at < 16)
        g_assert_cmpint (error, ==, MM_BOOK_ERROR_FORMAT);
      else
        g_assert_cmpint (error, ==, MM_BOOK_ERROR_CHECKSUM);
    }
  g_assert_cmpint (load_bytes (data, length), ==, MM_BOOK_OK);
  g_rand_free (rand);
}

static void
test_damaged_version (void)
{
  gsize length;
  g_autofree guint8 *data = copy_file (&length);

  put_u32 (data + 8, MM_BOOK_FILE_VERSION + 1);
  g_assert_cmpint (load_bytes (data, length), ==, MM_BOOK_ERROR_VERSION);
  fix_checksum (data, length);
  g_assert_cmpint (load_bytes (data, length), ==, MM_BOOK_ERROR_VERSION);
  put_u32 (data + 8, 0);
  fix_checksum (data, length);
  g_assert_cmpint (load_bytes (data, length), ==, MM_BOOK_ERROR_VERSION);
}

/* Other files: the weights, text, nothing. */
static void
test_not_a_book (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *weights_path = g_build_filename (MM_TEST_SOURCE_ROOT, "data", "eval",
                                                    "eval.mmw", NULL);
  g_autofree char *weights = NULL;
  const char *text = "f5d6c3d3c4f4f6f3e6e7 34-30 1977\n";
  gsize length;

  g_file_get_contents (weights_path, &weights, &length, &error);
  g_assert_no_error (error);
  g_assert_cmpint (load_bytes ((const guint8 *) weights, length), ==, MM_BOOK_ERROR_FORMAT);
  g_assert_cmpint (load_bytes ((const guint8 *) text, strlen (text)), ==, MM_BOOK_ERROR_FORMAT);
  g_assert_cmpint (load_bytes ((const guint8 *) "", 0), ==, MM_BOOK_ERROR_FORMAT);
}

/* Entries that no builder writes, under a good checksum: refused all the
 * same, since a lookup would trust them. */
static void
test_bad_entries (void)
{
  gsize length;
  g_autofree guint8 *data = copy_file (&length);
  g_autofree guint8 *entry = g_malloc (ENTRY_SIZE);
  const MmBookEntry *entries = mm_book_get_entries (book);
  guint8 *first = data + HEADER_SIZE, *second = data + HEADER_SIZE + ENTRY_SIZE;
  gsize n = mm_book_get_size (book);
  gsize asymmetric = 0;

  /* Two entries out of order. */
  memcpy (entry, first, ENTRY_SIZE);
  memcpy (first, second, ENTRY_SIZE);
  memcpy (second, entry, ENTRY_SIZE);
  fix_checksum (data, length);
  g_assert_cmpint (load_bytes (data, length), ==, MM_BOOK_ERROR_FORMAT);
  g_free (data);
  data = copy_file (&length);
  first = data + HEADER_SIZE;
  second = first + ENTRY_SIZE;

  /* The same entry twice. */
  memcpy (second, first, ENTRY_SIZE);
  fix_checksum (data, length);
  g_assert_cmpint (load_bytes (data, length), ==, MM_BOOK_ERROR_FORMAT);
  g_free (data);
  data = copy_file (&length);

  /* A position not in its canonical form: an entry that no symmetry
   * but the identity keeps, turned. */
  while (asymmetric < n)
    {
      MmBoard board = { entries[asymmetric].player, entries[asymmetric].opponent };
      MmBoard turned = book_test_turn (&board, 1);

      if (turned.player != board.player || turned.opponent != board.opponent)
        break;
      asymmetric++;
    }
  g_assert_cmpuint (asymmetric, <, n);
  {
    guint8 *at = data + HEADER_SIZE + ENTRY_SIZE * asymmetric;
    MmBoard board = { entries[asymmetric].player, entries[asymmetric].opponent };
    MmBoard turned = book_test_turn (&board, 1);

    for (int i = 0; i < 8; i++)
      {
        at[i] = (guint8) (turned.player >> (8 * i));
        at[8 + i] = (guint8) (turned.opponent >> (8 * i));
      }
  }
  fix_checksum (data, length);
  g_assert_cmpint (load_bytes (data, length), ==, MM_BOOK_ERROR_FORMAT);
  g_free (data);
  data = copy_file (&length);

  /* A leaf move on a taken square, a value out of range, the reserved
   * byte set, a square of both sides. */
  {
    const gsize offsets[] = { 20, 17, 21, 0 };
    const guint8 values[] = { 0, 0x7F, 1, 0 };

    for (gsize k = 0; k < G_N_ELEMENTS (offsets); k++)
      {
        guint8 *at = data + HEADER_SIZE;
        MmBoard board = { entries[0].player, entries[0].opponent };

        if (k == 0)
          at[20] = (guint8) mm_first_square (board.player);
        else if (k == 3)
          for (int i = 0; i < 8; i++)
            at[i] = (guint8) (board.opponent >> (8 * i));
        else
          at[offsets[k]] = values[k];
        fix_checksum (data, length);
        g_assert_cmpint (load_bytes (data, length), ==, MM_BOOK_ERROR_FORMAT);
        g_free (data);
        data = copy_file (&length);
      }
  }
  g_assert_cmpint (load_bytes (data, length), ==, MM_BOOK_OK);

  /* mm_book_new () refuses the same. */
  {
    MmBookEntry twice[2] = { entries[0], entries[0] };
    MmBookError error = MM_BOOK_OK;

    g_assert_null (mm_book_new (twice, 2, NULL, &error));
    g_assert_cmpint (error, ==, MM_BOOK_ERROR_FORMAT);
  }
}

static void
test_load_errors (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("mm-book-XXXXXX", &error);
  g_autofree char *missing = NULL;
  g_autofree char *damaged = NULL;
  g_autofree guint8 *data = NULL;
  MmBookError code = MM_BOOK_OK;
  gsize length;

  g_assert_no_error (error);
  missing = g_build_filename (dir, "missing.mmb", NULL);
  g_assert_null (mm_book_load (missing, &code));
  g_assert_cmpint (code, ==, MM_BOOK_ERROR_OPEN);
  g_assert_null (mm_book_load (dir, &code));
  g_assert_cmpint (code, !=, MM_BOOK_OK);

  damaged = g_build_filename (dir, "damaged.mmb", NULL);
  data = copy_file (&length);
  data[length / 2] ^= 0x10;
  g_file_set_contents (damaged, (const char *) data, (gssize) length, &error);
  g_assert_no_error (error);
  g_assert_null (mm_book_load (damaged, &code));
  g_assert_cmpint (code, ==, MM_BOOK_ERROR_CHECKSUM);
  g_unlink (damaged);
  g_rmdir (dir);

  for (MmBookError e = MM_BOOK_OK; e <= MM_BOOK_ERROR_MEMORY; e++)
    {
      const char *message = mm_book_error_message (e);

      g_assert_nonnull (message);
      g_assert_cmpuint (strlen (message), >, 0);
    }
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  MmBookError code = MM_BOOK_OK;
  gsize length;
  int status;

  g_test_init (&argc, &argv, NULL);

  book_path = g_build_filename (MM_TEST_SOURCE_ROOT, "data", "book", "book.mmb", NULL);
  g_file_get_contents (book_path, &contents, &length, &error);
  g_assert_no_error (error);
  book_file = g_bytes_new_take (g_steal_pointer (&contents), length);
  book = mm_book_load (book_path, &code);
  if (book == NULL)
    g_error ("%s: %s", book_path, mm_book_error_message (code));

  g_test_add_func ("/book/symmetries", test_symmetries);
  g_test_add_func ("/book/shipped/start", test_shipped_start);
  g_test_add_func ("/book/shipped/symmetric", test_shipped_symmetric);
  g_test_add_func ("/book/shipped/consistent", test_shipped_consistent);
  g_test_add_func ("/book/shipped/line", test_shipped_line);
  g_test_add_func ("/book/file/round-trip", test_round_trip);
  g_test_add_func ("/book/file/truncated", test_damaged_truncated);
  g_test_add_func ("/book/file/flipped-bit", test_damaged_bit);
  g_test_add_func ("/book/file/version", test_damaged_version);
  g_test_add_func ("/book/file/not-a-book", test_not_a_book);
  g_test_add_func ("/book/file/bad-entries", test_bad_entries);
  g_test_add_func ("/book/file/load-errors", test_load_errors);
  status = g_test_run ();

  mm_book_free (book);
  g_bytes_unref (book_file);
  g_free (book_path);
  return status;
}
