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

/* The depths of the solver's entries: exact ones at MM_HASH_EXACT_DEPTH
 * plus the empties, those of its selective passes from
 * MM_HASH_SELECTIVE_DEPTH up to below the exact ones; midgame depths
 * stay below both. */
#define MM_HASH_SELECTIVE_DEPTH 60
#define MM_HASH_EXACT_DEPTH 64

/* The transposition table: what a search learnt about a position (bounds
 * on its score at some depth, and the best move found), kept so that the
 * same position reached by another move order is not searched again.
 * Each search owns its table. */
/* What the table tells about a position. */
typedef struct
{
  int16_t lower;
  int16_t upper;
  uint8_t depth;
  uint8_t move;
  uint8_t generation;
  uint8_t reserved;
} MmHashData;

/* Threads share the table without locks: the position is stored XORed
 * with the data, so that a slot torn by two threads writing at once no
 * longer matches any position and is simply not found. */
typedef struct
{
  uint64_t player_check;
  uint64_t opponent_check;
  uint64_t data;
} MmHashEntry;

/* A key's two slots, alone in one cache line, so that a probe misses
 * the cache once at most (two slots unpadded would straddle two lines in
 * every other bucket). */
typedef struct
{
  MmHashEntry slots[2];
  uint64_t    padding[2];
} __attribute__ ((aligned (64))) MmHashBucket;

typedef struct
{
  MmHashBucket *buckets;
  uint64_t      mask;
  uint8_t       generation;
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

/* The solver's cache of a few empties from the end: what it proved about
 * positions there (bounds on the exact score, in discs, and the best
 * move), in a small direct-mapped array of the thread's own that stays
 * in the processor's cache.  One slot a key, always overwritten: the
 * positions reused there are the recent ones.  Zeroed slots match no
 * position (no search reaches the empty board). */
#define MM_SOLVE_CACHE_BITS 13

typedef struct
{
  uint64_t player;
  uint64_t opponent;
  int8_t   lower;
  int8_t   upper;
  uint8_t  move;
} __attribute__ ((aligned (32))) MmSolveCacheEntry;

typedef struct
{
  MmSolveCacheEntry *entries;  /* 1 << MM_SOLVE_CACHE_BITS of them */
} MmSolveCache;

bool  mm_solve_cache_init      (MmSolveCache *cache);
void  mm_solve_cache_clear     (MmSolveCache *cache);
void  mm_solve_cache_free      (MmSolveCache *cache);

static inline MmSolveCacheEntry *
mm_solve_cache_slot (const MmSolveCache *cache,
                     uint64_t            player,
                     uint64_t            opponent)
{
  return &cache->entries[mm_hash_key (player, opponent) >> (64 - MM_SOLVE_CACHE_BITS)];
}

static inline uint64_t
mm_hash_pack (MmHashData data)
{
  return (uint64_t) (uint16_t) data.lower | (uint64_t) (uint16_t) data.upper << 16
         | (uint64_t) data.depth << 32 | (uint64_t) data.move << 40
         | (uint64_t) data.generation << 48;
}

static inline MmHashData
mm_hash_unpack (uint64_t word)
{
  MmHashData data = {
    .lower = (int16_t) (uint16_t) word,
    .upper = (int16_t) (uint16_t) (word >> 16),
    .depth = (uint8_t) (word >> 32),
    .move = (uint8_t) (word >> 40),
    .generation = (uint8_t) (word >> 48),
  };

  return data;
}

/* Reads a slot once (each word once: another thread may be writing). */
static inline bool
mm_hash_slot_read (const MmHashEntry *slot,
                   uint64_t           player,
                   uint64_t           opponent,
                   MmHashData        *data)
{
  uint64_t word = __atomic_load_n (&slot->data, __ATOMIC_RELAXED);

  if ((__atomic_load_n (&slot->player_check, __ATOMIC_RELAXED) ^ word) != player
      || (__atomic_load_n (&slot->opponent_check, __ATOMIC_RELAXED) ^ word) != opponent)
    return false;
  *data = mm_hash_unpack (word);
  return true;
}

static inline void
mm_hash_slot_write (MmHashEntry *slot,
                    uint64_t     player,
                    uint64_t     opponent,
                    MmHashData   data)
{
  uint64_t word = mm_hash_pack (data);

  __atomic_store_n (&slot->player_check, player ^ word, __ATOMIC_RELAXED);
  __atomic_store_n (&slot->opponent_check, opponent ^ word, __ATOMIC_RELAXED);
  __atomic_store_n (&slot->data, word, __ATOMIC_RELAXED);
}

/* Copies a slot word by word, each word once, as the readers and the
 * writers do: other threads may be reading or writing either slot, and
 * a plain struct copy there would be a data race.  A copy torn by a
 * writer fails the check words' test and reads as empty. */
static inline void
mm_hash_slot_move (MmHashEntry       *to,
                   const MmHashEntry *from)
{
  __atomic_store_n (&to->player_check,
                    __atomic_load_n (&from->player_check, __ATOMIC_RELAXED), __ATOMIC_RELAXED);
  __atomic_store_n (&to->opponent_check,
                    __atomic_load_n (&from->opponent_check, __ATOMIC_RELAXED), __ATOMIC_RELAXED);
  __atomic_store_n (&to->data,
                    __atomic_load_n (&from->data, __ATOMIC_RELAXED), __ATOMIC_RELAXED);
}

/* Two slots per key: the first keeps the deepest result, the second the
 * most recent one. */
static inline MmHashEntry *
mm_hash_table_bucket (const MmHashTable *table,
                      uint64_t           player,
                      uint64_t           opponent)
{
  return table->buckets[mm_hash_key (player, opponent) & table->mask].slots;
}

static inline bool
mm_hash_table_probe (const MmHashTable *table,
                     uint64_t           player,
                     uint64_t           opponent,
                     MmHashData        *data)
{
  const MmHashEntry *bucket = mm_hash_table_bucket (table, player, opponent);

  return mm_hash_slot_read (&bucket[0], player, opponent, data)
         || mm_hash_slot_read (&bucket[1], player, opponent, data);
}

/* How much an entry is worth keeping, for replacement: its depth, but
 * an entry of the solver's selective passes (stored below the exact
 * depths, see mm-search-private.h) ranks as an exact one of as many
 * empties, since it cost about as much.  Without this the selective
 * passes' entries near the root made way for exact ones a few empties
 * from the end, and the exact pass lost their moves.  @discs: both
 * sides' discs. */
static inline int
mm_hash_rank (int      depth,
              uint64_t discs)
{
  if (depth >= MM_HASH_SELECTIVE_DEPTH && depth < MM_HASH_EXACT_DEPTH)
    return MM_HASH_EXACT_DEPTH + 64 - __builtin_popcountll (discs);
  return depth;
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
  MmHashData old, first, data = {
    .lower = (int16_t) lower, .upper = (int16_t) upper, .depth = (uint8_t) depth,
    .move = (uint8_t) (move >= 0 && move < 64 ? move : 255),
    .generation = table->generation,
  };
  int slot;

  if (mm_hash_slot_read (&bucket[0], player, opponent, &old))
    slot = 0;
  else if (mm_hash_slot_read (&bucket[1], player, opponent, &old))
    slot = 1;
  else
    {
      /* A new position: it takes the first slot if that one is stale or
       * ranks lower (moving its content to the second), else the second.
       * The two check words XORed give the first slot's discs. */
      first = mm_hash_unpack (__atomic_load_n (&bucket[0].data, __ATOMIC_RELAXED));
      if (first.generation != table->generation
          || mm_hash_rank (depth, player | opponent)
             >= mm_hash_rank (first.depth,
                              (__atomic_load_n (&bucket[0].player_check, __ATOMIC_RELAXED)
                               ^ __atomic_load_n (&bucket[0].opponent_check, __ATOMIC_RELAXED))))
        {
          mm_hash_slot_move (&bucket[1], &bucket[0]);
          mm_hash_slot_write (&bucket[0], player, opponent, data);
        }
      else
        mm_hash_slot_write (&bucket[1], player, opponent, data);
      return;
    }

  if (depth < old.depth)
    return;
  if (depth == old.depth)
    {
      /* The same depth: the bounds only get narrower. */
      if (old.lower > data.lower)
        data.lower = old.lower;
      if (old.upper < data.upper)
        data.upper = old.upper;
      if (data.move == 255)
        data.move = old.move;
    }
  mm_hash_slot_write (&bucket[slot], player, opponent, data);
}

#ifdef __cplusplus
}
#endif
