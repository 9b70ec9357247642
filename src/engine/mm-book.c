/* mm-book.c
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

#include "mm-book.h"
#include "mm-eval.h"
#include "mm-symmetry.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The file (little-endian): a header, the entries sorted by their
 * canonical position, and a CRC-32 (mm_crc32 (), the weights' own) of
 * all before it.
 *
 *   0  magic "MMBOOK\r\n"
 *   8  u32 version (MM_BOOK_FILE_VERSION)
 *  12  u32 number of entries
 *  16  u32 max plies, u32 min games, u32 depth, u32 games read (MmBookInfo)
 *  32  the entries, 24 bytes each:
 *        u64 player, u64 opponent, i16 value, i16 leaf value,
 *        u8 leaf move, u8 reserved (0), u16 games
 *  32 + 24 n  u32 CRC-32 */

struct _MmBook
{
  MmBookEntry *entries;
  size_t       n_entries;
  MmBookInfo   info;
};

static const char file_magic[8] = { 'M', 'M', 'B', 'O', 'O', 'K', '\r', '\n' };
#define HEADER_SIZE 32
#define ENTRY_SIZE  24
#define MAX_FILE_SIZE ((size_t) 256 << 20)

int
mm_book_canonical (const MmBoard *board,
                   MmBoard       *canonical)
{
  uint64_t players[MM_N_SYMMETRIES], opponents[MM_N_SYMMETRIES];
  int best = 0;

  mm_symmetry_orientations (board->player, players);
  mm_symmetry_orientations (board->opponent, opponents);
  for (int s = 1; s < MM_N_SYMMETRIES; s++)
    if (players[s] < players[best]
        || (players[s] == players[best] && opponents[s] < opponents[best]))
      best = s;
  canonical->player = players[best];
  canonical->opponent = opponents[best];
  return best;
}

int
mm_book_child (const MmBoard *board,
               int            square,
               MmBoard       *child)
{
  *child = *board;
  mm_board_apply (child, square, mm_board_flips (board, square));
  if (!mm_board_can_move (child) && mm_moves_of (child->opponent, child->player) != 0)
    {
      mm_board_pass (child);
      return 1;
    }
  return -1;
}

int
mm_book_compare_positions (uint64_t player_a,
                           uint64_t opponent_a,
                           uint64_t player_b,
                           uint64_t opponent_b)
{
  if (player_a != player_b)
    return player_a < player_b ? -1 : 1;
  if (opponent_a != opponent_b)
    return opponent_a < opponent_b ? -1 : 1;
  return 0;
}

int
mm_book_compare_entries (const void *a,
                         const void *b)
{
  const MmBookEntry *x = a, *y = b;

  return mm_book_compare_positions (x->player, x->opponent, y->player, y->opponent);
}

/* An entry the file may hold: a canonical position with a move, a leaf
 * move that is legal there, values in range, the position's value the
 * best of all (so at least the leaf's). */
static bool
entry_is_valid (const MmBookEntry *entry)
{
  MmBoard board = { entry->player, entry->opponent }, canonical;
  uint64_t legal;

  if ((board.player & board.opponent) != 0)
    return false;
  mm_book_canonical (&board, &canonical);
  if (canonical.player != board.player || canonical.opponent != board.opponent)
    return false;
  legal = mm_board_legal_moves (&board);
  if (legal == 0)
    return false;
  if (entry->value < -MM_BOOK_MAX_VALUE || entry->value > MM_BOOK_MAX_VALUE)
    return false;
  if (entry->leaf_move == MM_BOOK_NO_MOVE)
    return entry->leaf_value == 0;
  return entry->leaf_move < MM_N_SQUARES
         && (legal & (UINT64_C (1) << entry->leaf_move)) != 0
         && entry->leaf_value >= -MM_BOOK_MAX_VALUE && entry->leaf_value <= entry->value;
}

static MmBook *
book_alloc (size_t             n_entries,
            const MmBookInfo  *info)
{
  MmBook *book = calloc (1, sizeof (MmBook));

  if (book == NULL)
    return NULL;
  /* One entry at least, so that an empty book is not a NULL array. */
  book->entries = calloc (n_entries > 0 ? n_entries : 1, sizeof (MmBookEntry));
  if (book->entries == NULL)
    {
      free (book);
      return NULL;
    }
  book->n_entries = n_entries;
  if (info != NULL)
    book->info = *info;
  return book;
}

void
mm_book_free (MmBook *book)
{
  if (book == NULL)
    return;
  free (book->entries);
  free (book);
}

MmBook *
mm_book_new (const MmBookEntry *entries,
             size_t             n_entries,
             const MmBookInfo  *info,
             MmBookError       *error)
{
  MmBook *book;

  if (n_entries > (MAX_FILE_SIZE - HEADER_SIZE - 4) / ENTRY_SIZE)
    {
      *error = MM_BOOK_ERROR_FORMAT;
      return NULL;
    }
  book = book_alloc (n_entries, info);
  if (book == NULL)
    {
      *error = MM_BOOK_ERROR_MEMORY;
      return NULL;
    }
  if (n_entries > 0)
    memcpy (book->entries, entries, n_entries * sizeof (MmBookEntry));
  qsort (book->entries, n_entries, sizeof (MmBookEntry), mm_book_compare_entries);

  for (size_t i = 0; i < n_entries; i++)
    if (!entry_is_valid (&book->entries[i])
        || (i > 0 && mm_book_compare_entries (&book->entries[i - 1], &book->entries[i]) == 0))
      {
        mm_book_free (book);
        *error = MM_BOOK_ERROR_FORMAT;
        return NULL;
      }

  *error = MM_BOOK_OK;
  return book;
}

size_t
mm_book_get_size (const MmBook *book)
{
  return book->n_entries;
}

const MmBookEntry *
mm_book_get_entries (const MmBook *book)
{
  return book->entries;
}

const MmBookInfo *
mm_book_get_info (const MmBook *book)
{
  return &book->info;
}

/* ---- The file ----------------------------------------------------------- */

static void
put_u16 (uint8_t  *out,
         uint16_t  value)
{
  out[0] = (uint8_t) value;
  out[1] = (uint8_t) (value >> 8);
}

static void
put_u32 (uint8_t  *out,
         uint32_t  value)
{
  put_u16 (out, (uint16_t) value);
  put_u16 (out + 2, (uint16_t) (value >> 16));
}

static void
put_u64 (uint8_t  *out,
         uint64_t  value)
{
  put_u32 (out, (uint32_t) value);
  put_u32 (out + 4, (uint32_t) (value >> 32));
}

static uint16_t
get_u16 (const uint8_t *in)
{
  return (uint16_t) (in[0] | in[1] << 8);
}

static uint32_t
get_u32 (const uint8_t *in)
{
  return (uint32_t) get_u16 (in) | (uint32_t) get_u16 (in + 2) << 16;
}

static uint64_t
get_u64 (const uint8_t *in)
{
  return (uint64_t) get_u32 (in) | (uint64_t) get_u32 (in + 4) << 32;
}

size_t
mm_book_serialize (const MmBook *book,
                   uint8_t      *out,
                   size_t        capacity)
{
  size_t length = HEADER_SIZE + ENTRY_SIZE * book->n_entries + 4;

  if (out == NULL)
    return length;
  if (capacity < length)
    return 0;

  memcpy (out, file_magic, sizeof file_magic);
  put_u32 (out + 8, MM_BOOK_FILE_VERSION);
  put_u32 (out + 12, (uint32_t) book->n_entries);
  put_u32 (out + 16, book->info.max_plies);
  put_u32 (out + 20, book->info.min_games);
  put_u32 (out + 24, book->info.depth);
  put_u32 (out + 28, book->info.n_games);
  for (size_t i = 0; i < book->n_entries; i++)
    {
      const MmBookEntry *entry = &book->entries[i];
      uint8_t *at = out + HEADER_SIZE + ENTRY_SIZE * i;

      put_u64 (at, entry->player);
      put_u64 (at + 8, entry->opponent);
      put_u16 (at + 16, (uint16_t) entry->value);
      put_u16 (at + 18, (uint16_t) entry->leaf_value);
      at[20] = entry->leaf_move;
      at[21] = 0;
      put_u16 (at + 22, entry->n_games);
    }
  put_u32 (out + length - 4, mm_crc32 (out, length - 4));
  return length;
}

MmBook *
mm_book_from_data (const uint8_t *data,
                   size_t         length,
                   MmBookError   *error)
{
  MmBookInfo info;
  MmBook *book;
  size_t n_entries;

  *error = MM_BOOK_ERROR_FORMAT;
  if (length < HEADER_SIZE + 4 || memcmp (data, file_magic, sizeof file_magic) != 0)
    return NULL;
  if (get_u32 (data + 8) != MM_BOOK_FILE_VERSION)
    {
      *error = MM_BOOK_ERROR_VERSION;
      return NULL;
    }
  /* The count says how long the file is: a file cut short (or with
   * something after it) is told apart from one damaged inside. */
  n_entries = get_u32 (data + 12);
  if ((length - HEADER_SIZE - 4) % ENTRY_SIZE != 0
      || (length - HEADER_SIZE - 4) / ENTRY_SIZE != n_entries)
    return NULL;
  /* A fuzzer cannot forge the checksum: its builds skip it, to reach
   * the rest of the reader. */
#ifndef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
  if (mm_crc32 (data, length - 4) != get_u32 (data + length - 4))
    {
      *error = MM_BOOK_ERROR_CHECKSUM;
      return NULL;
    }
#endif

  info.max_plies = get_u32 (data + 16);
  info.min_games = get_u32 (data + 20);
  info.depth = get_u32 (data + 24);
  info.n_games = get_u32 (data + 28);
  book = book_alloc (n_entries, &info);
  if (book == NULL)
    {
      *error = MM_BOOK_ERROR_MEMORY;
      return NULL;
    }

  for (size_t i = 0; i < n_entries; i++)
    {
      const uint8_t *at = data + HEADER_SIZE + ENTRY_SIZE * i;
      MmBookEntry *entry = &book->entries[i];

      entry->player = get_u64 (at);
      entry->opponent = get_u64 (at + 8);
      entry->value = (int16_t) get_u16 (at + 16);
      entry->leaf_value = (int16_t) get_u16 (at + 18);
      entry->leaf_move = at[20];
      entry->n_games = get_u16 (at + 22);
      /* Sorted without repeats, or the binary search would miss. */
      if (at[21] != 0 || !entry_is_valid (entry)
          || (i > 0 && mm_book_compare_entries (&book->entries[i - 1], entry) >= 0))
        {
          mm_book_free (book);
          return NULL;
        }
    }

  *error = MM_BOOK_OK;
  return book;
}

MmBook *
mm_book_load (const char  *path,
              MmBookError *error)
{
  FILE *file = fopen (path, "rb");
  uint8_t *data = NULL;
  long size;
  MmBook *book;

  if (file == NULL)
    {
      *error = MM_BOOK_ERROR_OPEN;
      return NULL;
    }
  if (fseek (file, 0, SEEK_END) != 0 || (size = ftell (file)) < 0 || fseek (file, 0, SEEK_SET) != 0)
    {
      fclose (file);
      *error = MM_BOOK_ERROR_OPEN;
      return NULL;
    }
  if ((unsigned long) size > MAX_FILE_SIZE)
    {
      fclose (file);
      *error = MM_BOOK_ERROR_FORMAT;
      return NULL;
    }
  data = malloc (size > 0 ? (size_t) size : 1);
  if (data == NULL)
    {
      fclose (file);
      *error = MM_BOOK_ERROR_MEMORY;
      return NULL;
    }
  if (fread (data, 1, (size_t) size, file) != (size_t) size)
    {
      free (data);
      fclose (file);
      *error = MM_BOOK_ERROR_OPEN;
      return NULL;
    }
  fclose (file);

  book = mm_book_from_data (data, (size_t) size, error);
  free (data);
  return book;
}

const char *
mm_book_error_message (MmBookError error)
{
  switch (error)
    {
    case MM_BOOK_OK:
      return "no error";
    case MM_BOOK_ERROR_OPEN:
      return "the opening book file cannot be read";
    case MM_BOOK_ERROR_FORMAT:
      return "the opening book file is truncated or not an opening book";
    case MM_BOOK_ERROR_VERSION:
      return "the opening book file has a version this program does not read";
    case MM_BOOK_ERROR_CHECKSUM:
      return "the opening book file is damaged (its checksum does not match)";
    case MM_BOOK_ERROR_MEMORY:
    default:
      return "not enough memory for the opening book";
    }
}

/* ---- Lookups ------------------------------------------------------------ */

/* The entry of @canonical in @entries, sorted by position, or NULL. */
static const MmBookEntry *
find_in_entries (const MmBookEntry *entries,
                 size_t             n_entries,
                 const MmBoard     *canonical)
{
  size_t low = 0, high = n_entries;

  while (low < high)
    {
      size_t middle = low + (high - low) / 2;
      const MmBookEntry *entry = &entries[middle];
      int order = mm_book_compare_positions (entry->player, entry->opponent,
                                canonical->player, canonical->opponent);

      if (order == 0)
        return entry;
      if (order < 0)
        low = middle + 1;
      else
        high = middle;
    }
  return NULL;
}

static const MmBookEntry *
find_canonical (const MmBook  *book,
                const MmBoard *canonical)
{
  return find_in_entries (book->entries, book->n_entries, canonical);
}

const MmBookEntry *
mm_book_find (const MmBook  *book,
              const MmBoard *board)
{
  MmBoard canonical;

  mm_book_canonical (board, &canonical);
  return find_canonical (book, &canonical);
}

int
mm_book_moves (const MmBook  *book,
               const MmBoard *board,
               MmBookMove    *out,
               int            max)
{
  MmBookMove moves[MM_BOOK_MAX_MOVES];
  const MmBookEntry *entry;
  MmBoard canonical;
  uint64_t legal, listed = 0;
  int n = 0;

  mm_book_canonical (board, &canonical);
  entry = find_canonical (book, &canonical);
  if (entry == NULL)
    return 0;

  legal = mm_board_legal_moves (board);
  for (uint64_t m = legal; m != 0; m = mm_without_first (m))
    {
      int square = mm_first_square (m);
      const MmBookEntry *child_entry;
      MmBoard child;
      int sign = mm_book_child (board, square, &child);

      child_entry = mm_book_find (book, &child);
      if (child_entry == NULL)
        continue;
      moves[n++] = (MmBookMove) { square, sign * child_entry->value, true };
      listed |= UINT64_C (1) << square;
    }

  /* The leaf move, in every orientation that turns @board into the
   * canonical one: a symmetric position has as many equal moves. */
  if (entry->leaf_move != MM_BOOK_NO_MOVE)
    {
      uint64_t players[MM_N_SYMMETRIES], opponents[MM_N_SYMMETRIES];

      mm_symmetry_orientations (board->player, players);
      mm_symmetry_orientations (board->opponent, opponents);
      for (int s = 0; s < MM_N_SYMMETRIES; s++)
        {
          int square;

          if (players[s] != canonical.player || opponents[s] != canonical.opponent)
            continue;
          square = mm_symmetry_square (entry->leaf_move, s);
          if ((legal & ~listed & (UINT64_C (1) << square)) == 0)
            continue;
          moves[n++] = (MmBookMove) { square, entry->leaf_value, false };
          listed |= UINT64_C (1) << square;
        }
    }

  /* Best first, equal values by square: a few moves, insertion sort. */
  for (int i = 1; i < n; i++)
    {
      MmBookMove move = moves[i];
      int j = i;

      while (j > 0 && (moves[j - 1].value < move.value
                       || (moves[j - 1].value == move.value && moves[j - 1].square > move.square)))
        {
          moves[j] = moves[j - 1];
          j--;
        }
      moves[j] = move;
    }

  if (n > max)
    n = max > 0 ? max : 0;
  if (n > 0)
    memcpy (out, moves, (size_t) n * sizeof (MmBookMove));
  return n;
}

/* ---- Negamax ------------------------------------------------------------ */

typedef struct
{
  int    n_discs;
  size_t index;
} NegamaxOrder;

static int
compare_negamax_order (const void *a,
                       const void *b)
{
  const NegamaxOrder *x = a, *y = b;

  /* The most discs first; among equals, the order of the entries. */
  if (x->n_discs != y->n_discs)
    return y->n_discs - x->n_discs;
  return x->index < y->index ? -1 : x->index > y->index;
}

MmBookError
mm_book_negamax (MmBookEntry *entries,
                 size_t       n_entries)
{
  NegamaxOrder *order;

  for (size_t i = 1; i < n_entries; i++)
    if (mm_book_compare_entries (&entries[i - 1], &entries[i]) >= 0)
      return MM_BOOK_ERROR_FORMAT;

  order = malloc ((n_entries > 0 ? n_entries : 1) * sizeof (NegamaxOrder));
  if (order == NULL)
    return MM_BOOK_ERROR_MEMORY;
  for (size_t i = 0; i < n_entries; i++)
    order[i] = (NegamaxOrder) { mm_popcount (entries[i].player | entries[i].opponent), i };
  qsort (order, n_entries, sizeof (NegamaxOrder), compare_negamax_order);

  /* A move adds a disc: every entry's children are done before it. */
  for (size_t k = 0; k < n_entries; k++)
    {
      MmBookEntry *entry = &entries[order[k].index];
      MmBoard board = { entry->player, entry->opponent };
      bool found = entry->leaf_move != MM_BOOK_NO_MOVE;
      int best = found ? entry->leaf_value : 0;

      for (uint64_t m = mm_board_legal_moves (&board); m != 0; m = mm_without_first (m))
        {
          MmBoard child, canonical;
          int sign = mm_book_child (&board, mm_first_square (m), &child);
          const MmBookEntry *next;

          mm_book_canonical (&child, &canonical);
          next = find_in_entries (entries, n_entries, &canonical);
          if (next == NULL)
            continue;
          if (!found || sign * next->value > best)
            best = sign * next->value;
          found = true;
        }
      if (!found)
        {
          free (order);
          return MM_BOOK_ERROR_FORMAT;
        }
      entry->value = (int16_t) best;
    }

  free (order);
  return MM_BOOK_OK;
}
