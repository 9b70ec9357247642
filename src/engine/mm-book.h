/* mm-book.h
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

#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "mm-board.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The opening book: positions of the first moves of tournament games,
 * each with its negamax value over the book, built by tools/book
 * (docs/BOOK.md).  A position is stored once for its eight symmetric
 * copies, in its canonical form (mm_book_canonical ()), relative to the
 * side to move.  Its value is the best of its moves' values: a move to
 * another book position is worth minus that position's value, and the
 * best move that leaves the book is stored with the value a search gave
 * it.  Values are in 1/MM_EVAL_SCALE disc, as the search scores, for the
 * side to move.
 *
 * A book is read-only once made: any number of threads may look up in
 * it at once. */

#define MM_BOOK_FILE_VERSION 1

/* The most moves a position has is 33; mm_book_moves () never gives more
 * than this. */
#define MM_BOOK_MAX_MOVES    64

/* An entry's leaf_move when every legal move stays in the book. */
#define MM_BOOK_NO_MOVE      255

/* The largest value an entry may hold: the whole board, in 1/64 disc. */
#define MM_BOOK_MAX_VALUE    (64 * 64)

typedef struct
{
  uint64_t player;       /* canonical form, the side to move's discs */
  uint64_t opponent;
  int16_t  value;        /* negamax value for the side to move */
  int16_t  leaf_value;   /* the value of leaf_move */
  uint8_t  leaf_move;    /* the best move leaving the book, on the
                          * canonical board, or MM_BOOK_NO_MOVE */
  uint16_t n_games;      /* archive games that reached it (at most 65535) */
} MmBookEntry;

/* How the book was made, kept in its file. */
typedef struct
{
  uint32_t max_plies;    /* positions of the first this many plies */
  uint32_t min_games;    /* reached by at least this many games */
  uint32_t depth;        /* the depth of the leaves' searches */
  uint32_t n_games;      /* the games read */
} MmBookInfo;

/* A move of a book position: one that leads to another book position, or
 * the best move that leaves the book. */
typedef struct
{
  int  square;           /* on the board as given */
  int  value;            /* for the side to move, 1/MM_EVAL_SCALE disc */
  bool in_book;          /* false: the best move leaving the book */
} MmBookMove;

typedef struct _MmBook MmBook;

typedef enum
{
  MM_BOOK_OK = 0,
  MM_BOOK_ERROR_OPEN,        /* the file cannot be read */
  MM_BOOK_ERROR_FORMAT,      /* not a book file, truncated, or entries that make no sense */
  MM_BOOK_ERROR_VERSION,     /* a version this program does not read */
  MM_BOOK_ERROR_CHECKSUM,    /* damaged */
  MM_BOOK_ERROR_MEMORY,
} MmBookError;

/* The order of a book's entries: by player, then opponent (as in the
 * file); mm_book_compare_entries () compares two MmBookEntry, for
 * qsort () and g_array_sort (). */
int            mm_book_compare_positions (uint64_t           player_a,
                                          uint64_t           opponent_a,
                                          uint64_t           player_b,
                                          uint64_t           opponent_b);
int            mm_book_compare_entries (const void         *a,
                                        const void         *b);

/* The canonical form of @board: of its eight symmetric copies
 * (mm-symmetry.h) the one whose (player, opponent) sorts first.  Returns
 * the first symmetry that gives it: square q of @canonical is square
 * mm_symmetry_square (q, symmetry) of @board. */
int            mm_book_canonical       (const MmBoard      *board,
                                        MmBoard            *canonical);

/* The position after the side to move plays @square (legal), as the book
 * keeps it: when the other side then has no move but the game goes on,
 * it passes.  Returns the sign that turns @child's values into the
 * mover's: -1, or +1 after a pass. */
int            mm_book_child           (const MmBoard      *board,
                                        int                 square,
                                        MmBoard            *child);

/* A book of @n_entries entries, copied and sorted.  Refuses (NULL, with
 * MM_BOOK_ERROR_FORMAT) entries the file could not hold: not canonical,
 * repeated, without a legal move, with a leaf move that is not legal or
 * values out of range. */
MmBook        *mm_book_new             (const MmBookEntry  *entries,
                                        size_t              n_entries,
                                        const MmBookInfo   *info,
                                        MmBookError        *error);
MmBook        *mm_book_load            (const char         *path,
                                        MmBookError        *error);
MmBook        *mm_book_from_data       (const uint8_t      *data,
                                        size_t              length,
                                        MmBookError        *error);
void           mm_book_free            (MmBook             *book);
const char    *mm_book_error_message   (MmBookError         error);

/* Writes @book in the file format.  Returns the number of bytes, or 0
 * when @out is too small; with @out NULL it returns the size needed. */
size_t         mm_book_serialize       (const MmBook       *book,
                                        uint8_t            *out,
                                        size_t              capacity);

size_t         mm_book_get_size        (const MmBook       *book);
/* The entries in the order of the file: by player, then opponent. */
const MmBookEntry *mm_book_get_entries (const MmBook       *book);
const MmBookInfo  *mm_book_get_info    (const MmBook       *book);

/* The entry of @board in any of its orientations, or NULL. */
const MmBookEntry *mm_book_find        (const MmBook       *book,
                                        const MmBoard      *board);

/* The moves of @board that the book knows: every legal move that leads
 * to a book position, and the best move that leaves the book (with its
 * symmetric copies when @board is symmetric), each with its value for
 * the side to move, best first (equal values by square).  Returns how
 * many were written to @out, at most @max; 0 when @board is not in the
 * book. */
int            mm_book_moves           (const MmBook       *book,
                                        const MmBoard      *board,
                                        MmBookMove         *out,
                                        int                 max);

/* Gives each of @n_entries entries, sorted by position as a book keeps
 * them, its negamax value over them: the best of its leaf move's value
 * and, for every legal move that leads to another of the entries, that
 * entry's value for the mover (minus it, or plus it after a pass; see
 * mm_book_child ()).  Entries with the most discs are done first, so a
 * position's children are done before it.  Leaf moves are taken as they
 * are: the caller keeps out a leaf move that leads to one of the entries.
 * The book builder (tools/book) and the NBoard engine's learning
 * (src/cli/mm-nboard-book.c) both use it.
 *
 * Returns: MM_BOOK_ERROR_FORMAT when the entries are not sorted without
 * repeats, or an entry has neither a leaf move nor a move to another
 * entry (the values are then partly done); MM_BOOK_ERROR_MEMORY. */
MmBookError    mm_book_negamax         (MmBookEntry        *entries,
                                        size_t              n_entries);

#ifdef __cplusplus
}
#endif
