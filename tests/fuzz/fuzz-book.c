/* fuzz-book.c
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

/* A libFuzzer target for the loader of the opening book (a file a person
 * may swap, or find damaged): any bytes load or give an error with a
 * message; a book loaded writes out as the same bytes, and every lookup
 * in it gives legal moves with values in range. */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-common.h"
#include "mm-book.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  MmBookError error = MM_BOOK_OK;
  MmBook *book = mm_book_from_data (data, size, &error);
  g_autofree uint8_t *written = NULL;
  const MmBookEntry *entries;
  size_t length;

  if (book == NULL)
    {
      const char *message = mm_book_error_message (error);

      if (error == MM_BOOK_OK || message == NULL || *message == '\0')
        mm_fuzz_fail ("no book, and no error that says why (%d)", error);
      return 0;
    }

  /* The file has one form: what loads writes back as it was (but for
   * the checksum, which a fuzzing build does not check). */
  length = mm_book_serialize (book, NULL, 0);
  written = g_malloc (length);
  if (length != size || mm_book_serialize (book, written, length) != length
      || memcmp (written, data, length - 4) != 0)
    mm_fuzz_fail ("a book that writes back as other bytes");

  entries = mm_book_get_entries (book);
  for (size_t i = 0; i < mm_book_get_size (book); i++)
    {
      MmBoard board = { entries[i].player, entries[i].opponent };
      MmBookMove moves[MM_BOOK_MAX_MOVES];
      int n = mm_book_moves (book, &board, moves, MM_BOOK_MAX_MOVES);

      if (n < 0 || n > MM_BOOK_MAX_MOVES)
        mm_fuzz_fail ("%d book moves", n);
      for (int k = 0; k < n; k++)
        if (!mm_square_is_valid (moves[k].square)
            || mm_board_flips (&board, moves[k].square) == 0
            || moves[k].value < -MM_BOOK_MAX_VALUE || moves[k].value > MM_BOOK_MAX_VALUE)
          mm_fuzz_fail ("the book move %d:%d", moves[k].square, moves[k].value);
    }
  mm_book_free (book);
  return 0;
}
