/* mm-hash.h
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

#ifdef __cplusplus
extern "C" {
#endif

/* The transposition table: what a search learnt about a position (bounds
 * on its score at some depth, and the best move found), kept so that the
 * same position reached by another move order is not searched again.
 * Each search owns its table. */
typedef struct
{
  uint64_t player;
  uint64_t opponent;
  int16_t  lower;
  int16_t  upper;
  uint8_t  depth;
  uint8_t  move;
  uint8_t  generation;
  uint8_t  reserved;
} MmHashEntry;

typedef struct
{
  MmHashEntry *entries;
  uint64_t     mask;
  uint8_t      generation;
} MmHashTable;

bool  mm_hash_table_init       (MmHashTable *table,
                                size_t       bytes);
void  mm_hash_table_clear      (MmHashTable *table);
void  mm_hash_table_free       (MmHashTable *table);
void  mm_hash_table_new_search (MmHashTable *table);

static inline uint64_t
mm_hash_key (uint64_t player,
             uint64_t opponent)
{
  uint64_t h = player * UINT64_C (0x9E3779B97F4A7C15);

  h ^= opponent + UINT64_C (0x632BE59BD9B4E019) + (h << 6) + (h >> 2);
  h *= UINT64_C (0xD6E8FEB86659FD93);
  return h ^ (h >> 32);
}

/* Two slots per key: the first keeps the deepest result, the second the
 * most recent one. */
static inline MmHashEntry *
mm_hash_table_bucket (const MmHashTable *table,
                      uint64_t           player,
                      uint64_t           opponent)
{
  return &table->entries[mm_hash_key (player, opponent) & table->mask];
}

static inline const MmHashEntry *
mm_hash_table_probe (const MmHashTable *table,
                     uint64_t           player,
                     uint64_t           opponent)
{
  const MmHashEntry *bucket = mm_hash_table_bucket (table, player, opponent);

  if (bucket[0].player == player && bucket[0].opponent == opponent)
    return &bucket[0];
  if (bucket[1].player == player && bucket[1].opponent == opponent)
    return &bucket[1];
  return NULL;
}

/* Records that the score lies in [lower, upper] at @depth. */
static inline void
mm_hash_table_store (MmHashTable *table,
                     uint64_t     player,
                     uint64_t     opponent,
                     int          depth,
                     int          lower,
                     int          upper,
                     int          move)
{
  MmHashEntry *bucket = mm_hash_table_bucket (table, player, opponent);
  MmHashEntry *slot;

  if (bucket[0].player == player && bucket[0].opponent == opponent)
    slot = &bucket[0];
  else if (bucket[1].player == player && bucket[1].opponent == opponent)
    slot = &bucket[1];
  else if (bucket[0].generation != table->generation || depth >= bucket[0].depth)
    {
      bucket[1] = bucket[0];
      slot = &bucket[0];
    }
  else
    slot = &bucket[1];

  if (slot->player == player && slot->opponent == opponent && slot->depth == depth)
    {
      /* The same search depth: the bounds only get narrower. */
      if (lower > slot->lower)
        slot->lower = (int16_t) lower;
      if (upper < slot->upper)
        slot->upper = (int16_t) upper;
    }
  else if (slot->player == player && slot->opponent == opponent && depth < slot->depth)
    {
      return;
    }
  else
    {
      slot->player = player;
      slot->opponent = opponent;
      slot->lower = (int16_t) lower;
      slot->upper = (int16_t) upper;
      slot->depth = (uint8_t) depth;
    }
  if (move >= 0 && move < 64)
    slot->move = (uint8_t) move;
  slot->generation = table->generation;
}

#ifdef __cplusplus
}
#endif
