/* mm-eval.c
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

#include "mm-eval.h"
#include "mm-eval-private.h"
#include "mm-cpu.h"
#include "mm-kernels.h"
#include "mm-symmetry.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>

#define SQ(name) mm_square_at ((name)[0] - 'a', (name)[1] - '1')

/* Every pattern in one orientation; the others come from the symmetries
 * of the board. */
typedef struct
{
  const char *squares[MM_EVAL_MAX_SQUARES];
} PatternShape;

const MmEvalPattern mm_eval_patterns[MM_EVAL_N_PATTERNS] = {
  { "corner-3x3", 9, 4, 19683 },
  { "corner-2x5", 10, 8, 59049 },
  { "edge-2x", 10, 4, 59049 },
  { "line-2", 8, 4, 6561 },
  { "line-3", 8, 4, 6561 },
  { "line-4", 8, 4, 6561 },
  { "diagonal-8", 8, 2, 6561 },
  { "diagonal-7", 7, 4, 2187 },
  { "diagonal-6", 6, 4, 729 },
  { "diagonal-5", 5, 4, 243 },
  { "diagonal-4", 4, 4, 81 },
};

static const PatternShape shapes[MM_EVAL_N_PATTERNS] = {
  { { "a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3" } },
  { { "a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2" } },
  { { "b2", "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "g2" } },
  { { "a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2" } },
  { { "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3" } },
  { { "a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4" } },
  { { "a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8" } },
  { { "b1", "c2", "d3", "e4", "f5", "g6", "h7" } },
  { { "c1", "d2", "e3", "f4", "g5", "h6" } },
  { { "d1", "e2", "f3", "g4", "h5" } },
  { { "e1", "f2", "g3", "h4" } },
};

/* The placements are derived from the shapes once, on first use (under
 * pthread_once, so any thread may be first), and only read after that. */
typedef struct
{
  MmEvalFeature features[MM_EVAL_N_FEATURES];
} FeatureTable;

static FeatureTable
build_features (void)
{
  FeatureTable table;
  int n = 0;

  memset (&table, 0, sizeof table);
  for (int p = 0; p < MM_EVAL_N_PATTERNS; p++)
    {
      uint64_t seen[8];
      int n_seen = 0;

      for (int symmetry = 0; symmetry < 8; symmetry++)
        {
          MmEvalFeature feature = {
            .pattern = p, .symmetry = symmetry, .n_squares = mm_eval_patterns[p].n_squares,
          };
          uint64_t mask = 0;
          bool duplicate = false;

          for (int i = 0; i < feature.n_squares; i++)
            {
              feature.squares[i] = mm_symmetry_square (SQ (shapes[p].squares[i]), symmetry);
              mask |= UINT64_C (1) << feature.squares[i];
            }
          for (int i = 0; i < n_seen; i++)
            duplicate |= seen[i] == mask;
          if (duplicate)
            continue;
          seen[n_seen++] = mask;
          table.features[n++] = feature;
        }
    }

  return table;
}

/* The index of each value of a bit extract of pattern @p's mask: bit j
 * of @bits is the pattern's j-th square in the order of square numbers,
 * and each square counts at its place in the pattern's own order. */
static uint16_t
extract_index (int      p,
               uint64_t mask,
               unsigned bits)
{
  int n = mm_eval_patterns[p].n_squares;
  unsigned index = 0;
  int j = 0;

  for (uint64_t m = mask; m != 0; m = mm_without_first (m), j++)
    {
      int square = mm_first_square (m);
      unsigned power = 1;

      if (((bits >> j) & 1) == 0)
        continue;
      for (int i = n - 1; i >= 0 && SQ (shapes[p].squares[i]) != square; i--)
        power *= 3;
      index += power;
    }
  return (uint16_t) index;
}

static void
build_extract_table (MmEvalExtractTable *table)
{
  memset (table, 0, sizeof *table);
  for (int p = 0; p < MM_EVAL_N_PATTERNS; p++)
    {
      int n = mm_eval_patterns[p].n_squares;

      for (int i = 0; i < n; i++)
        table->masks[p] |= UINT64_C (1) << SQ (shapes[p].squares[i]);
      for (unsigned bits = 0; bits < 1u << n; bits++)
        table->indices[p][bits] = extract_index (p, table->masks[p], bits);
    }
}

static FeatureTable feature_table;
static MmEvalExtractTable extract_table;
static pthread_once_t feature_table_once = PTHREAD_ONCE_INIT;

static void
init_feature_table (void)
{
  feature_table = build_features ();
  build_extract_table (&extract_table);
}

const MmEvalExtractTable *
mm_eval_extract_table (void)
{
  pthread_once (&feature_table_once, init_feature_table);
  return &extract_table;
}

const MmEvalFeature *
mm_eval_features (void)
{
  pthread_once (&feature_table_once, init_feature_table);
  return feature_table.features;
}

size_t
mm_eval_pattern_offset (int pattern)
{
  size_t offset = 0;

  for (int p = 0; p < pattern; p++)
    offset += (size_t) mm_eval_patterns[p].size;
  return offset;
}

size_t
mm_eval_mobility_offset (void)
{
  return mm_eval_pattern_offset (MM_EVAL_N_PATTERNS);
}

size_t
mm_eval_bias_offset (void)
{
  return mm_eval_mobility_offset () + 2 * MM_EVAL_MOBILITY_SIZE;
}

size_t
mm_eval_stage_size (void)
{
  return mm_eval_bias_offset () + 1;
}

void
mm_eval_feature_indices (uint64_t player,
                         uint64_t opponent,
                         uint32_t indices[MM_EVAL_N_FEATURES])
{
  const MmEvalFeature *features = mm_eval_features ();
  uint8_t digits[MM_N_SQUARES];

  mm_eval_digits (player, opponent, digits);
  for (int f = 0; f < MM_EVAL_N_FEATURES; f++)
    indices[f] = mm_eval_feature_index (&features[f], digits);
}

static MmEvalWeights *
weights_alloc (void)
{
  MmEvalWeights *weights = calloc (1, sizeof (MmEvalWeights));

  if (weights == NULL)
    return NULL;
  weights->stage_size = mm_eval_stage_size ();
  weights->stages = calloc (weights->stage_size * MM_EVAL_N_STAGES, sizeof (int16_t));
  if (weights->stages == NULL)
    {
      free (weights);
      return NULL;
    }
  for (int p = 0; p < MM_EVAL_N_PATTERNS; p++)
    weights->pattern_offsets[p] = mm_eval_pattern_offset (p);
  weights->mobility_offset = mm_eval_mobility_offset ();
  weights->bias_offset = mm_eval_bias_offset ();
  weights->features = mm_eval_features ();
  weights->extract = mm_eval_extract_table ();
  weights->bit_extract = mm_cpu_has_fast_bit_extract ();
  return weights;
}

MmEvalWeights *
mm_eval_weights_new_zero (void)
{
  return weights_alloc ();
}

void
mm_eval_weights_free (MmEvalWeights *weights)
{
  if (weights == NULL)
    return;
  free (weights->stages);
  free (weights);
}

int16_t *
mm_eval_weights_stage (MmEvalWeights *weights,
                       int            stage)
{
  return weights->stages + (size_t) stage * weights->stage_size;
}

/* In the kernel of the processor's instruction set, as the searches. */
int
mm_eval (const MmEvalWeights *weights,
         uint64_t             player,
         uint64_t             opponent)
{
#if defined(MM_HAVE_X86_64_V3_KERNELS)
  if (mm_cpu_level () == MM_CPU_X86_64_V3)
    return mm_eval_kernel_x86_64_v3 (weights, player, opponent);
#endif
  return mm_eval_kernel_generic (weights, player, opponent);
}

int
mm_eval_simple (uint64_t player,
                uint64_t opponent)
{
  const uint64_t corners = UINT64_C (0x8100000000000081);
  const uint64_t x_squares = UINT64_C (0x4200000000000042);
  uint64_t empties = ~(player | opponent);
  int mobility = mm_popcount (mm_moves_of (player, opponent))
                 - mm_popcount (mm_moves_of (opponent, player));
  int corner = mm_popcount (player & corners) - mm_popcount (opponent & corners);
  /* An X-square next to an empty corner gives the corner away. */
  uint64_t open_x = x_squares & (((empties & corners) << 9) | ((empties & corners) >> 9)
                                 | ((empties & corners) << 7) | ((empties & corners) >> 7));
  int x = mm_popcount (player & open_x) - mm_popcount (opponent & open_x);

  return MM_EVAL_SCALE * (2 * mobility + 8 * corner - 4 * x) / 2;
}

/* The file: a header, the weights run-length coded (zeros are common:
 * many pattern contents never occur), and a CRC-32 of all before it. */
static const char file_magic[8] = { 'M', 'M', 'E', 'V', 'A', 'L', '\r', '\n' };
#define ZERO_RUN (-32768)
#define HEADER_WORDS (4 + MM_EVAL_N_PATTERNS + 2)

static void
put_u32 (uint8_t  *out,
         uint32_t  value)
{
  out[0] = (uint8_t) value;
  out[1] = (uint8_t) (value >> 8);
  out[2] = (uint8_t) (value >> 16);
  out[3] = (uint8_t) (value >> 24);
}

static uint32_t
get_u32 (const uint8_t *in)
{
  return (uint32_t) in[0] | (uint32_t) in[1] << 8 | (uint32_t) in[2] << 16
         | (uint32_t) in[3] << 24;
}

/* CRC-32 (IEEE), half a byte at a time from a 16-entry table: four times
 * fewer steps than bit by bit, with a table small enough to write out. */
static const uint32_t crc32_nibbles[16] = {
  0x00000000u, 0x1DB71064u, 0x3B6E20C8u, 0x26D930ACu, 0x76DC4190u, 0x6B6B51F4u,
  0x4DB26158u, 0x5005713Cu, 0xEDB88320u, 0xF00F9344u, 0xD6D6A3E8u, 0xCB61B38Cu,
  0x9B64C2B0u, 0x86D3D2D4u, 0xA00AE278u, 0xBDBDF21Cu,
};

uint32_t
mm_crc32 (const uint8_t *data,
          size_t         length)
{
  uint32_t crc = 0xFFFFFFFFu;

  for (size_t i = 0; i < length; i++)
    {
      crc ^= data[i];
      crc = (crc >> 4) ^ crc32_nibbles[crc & 15];
      crc = (crc >> 4) ^ crc32_nibbles[crc & 15];
    }
  return ~crc;
}

/* Appends one 16-bit value when there is room; counts the size anyway. */
static void
put_i16 (uint8_t *out,
         size_t   capacity,
         size_t  *length,
         int      value)
{
  if (out != NULL && *length + 2 <= capacity)
    {
      out[*length] = (uint8_t) (value & 0xFF);
      out[*length + 1] = (uint8_t) ((value >> 8) & 0xFF);
    }
  *length += 2;
}

size_t
mm_eval_weights_serialize (const MmEvalWeights *weights,
                           uint8_t             *out,
                           size_t               capacity)
{
  size_t total = weights->stage_size * MM_EVAL_N_STAGES;
  size_t length = sizeof file_magic + 4 * HEADER_WORDS;
  size_t payload_start = length;
  uint8_t header[sizeof file_magic + 4 * HEADER_WORDS];

  for (size_t i = 0; i < total;)
    {
      if (weights->stages[i] == 0)
        {
          size_t run = 0;

          while (i < total && weights->stages[i] == 0 && run < 65535)
            {
              run++;
              i++;
            }
          put_i16 (out, capacity, &length, ZERO_RUN);
          put_i16 (out, capacity, &length, (int) run);
        }
      else
        {
          put_i16 (out, capacity, &length, weights->stages[i] == ZERO_RUN ? ZERO_RUN + 1
                                                                           : weights->stages[i]);
          i++;
        }
    }
  length += 4;

  if (out == NULL)
    return length;
  if (length > capacity)
    return 0;

  memcpy (header, file_magic, sizeof file_magic);
  put_u32 (header + 8, MM_EVAL_FILE_VERSION);
  put_u32 (header + 12, MM_EVAL_N_STAGES);
  put_u32 (header + 16, (uint32_t) weights->stage_size);
  put_u32 (header + 20, MM_EVAL_N_PATTERNS);
  for (int p = 0; p < MM_EVAL_N_PATTERNS; p++)
    put_u32 (header + 24 + 4 * p, (uint32_t) mm_eval_patterns[p].n_squares);
  put_u32 (header + 24 + 4 * MM_EVAL_N_PATTERNS, MM_EVAL_MOBILITY_SIZE);
  put_u32 (header + 28 + 4 * MM_EVAL_N_PATTERNS, (uint32_t) (length - 4 - payload_start));
  memcpy (out, header, sizeof header);
  put_u32 (out + length - 4, mm_crc32 (out, length - 4));
  return length;
}

MmEvalWeights *
mm_eval_weights_from_data (const uint8_t *data,
                           size_t         length,
                           MmEvalError   *error)
{
  size_t header_length = sizeof file_magic + 4 * HEADER_WORDS;
  size_t payload_length, position, filled = 0, total;
  MmEvalWeights *weights;

  *error = MM_EVAL_ERROR_FORMAT;
  if (length < header_length + 4 || memcmp (data, file_magic, sizeof file_magic) != 0)
    return NULL;
  if (get_u32 (data + 8) != MM_EVAL_FILE_VERSION)
    {
      *error = MM_EVAL_ERROR_VERSION;
      return NULL;
    }
  /* A fuzzer cannot forge the checksum: its builds skip it, to reach
   * the rest of the reader. */
#ifndef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
  if (mm_crc32 (data, length - 4) != get_u32 (data + length - 4))
    {
      *error = MM_EVAL_ERROR_CHECKSUM;
      return NULL;
    }
#endif
  /* A file of this version must describe exactly our layout. */
  if (get_u32 (data + 12) != MM_EVAL_N_STAGES || get_u32 (data + 16) != mm_eval_stage_size ()
      || get_u32 (data + 20) != MM_EVAL_N_PATTERNS
      || get_u32 (data + 24 + 4 * MM_EVAL_N_PATTERNS) != MM_EVAL_MOBILITY_SIZE)
    return NULL;
  for (int p = 0; p < MM_EVAL_N_PATTERNS; p++)
    if (get_u32 (data + 24 + 4 * p) != (uint32_t) mm_eval_patterns[p].n_squares)
      return NULL;
  payload_length = get_u32 (data + 28 + 4 * MM_EVAL_N_PATTERNS);
  if (payload_length != length - 4 - header_length || payload_length % 2 != 0)
    return NULL;

  weights = weights_alloc ();
  if (weights == NULL)
    {
      *error = MM_EVAL_ERROR_MEMORY;
      return NULL;
    }

  total = weights->stage_size * MM_EVAL_N_STAGES;
  for (position = header_length; position < header_length + payload_length; position += 2)
    {
      int value = (int16_t) (data[position] | data[position + 1] << 8);

      if (value == ZERO_RUN)
        {
          size_t run;

          position += 2;
          if (position >= header_length + payload_length)
            break;
          run = (size_t) (data[position] | data[position + 1] << 8);
          if (run > total - filled)
            break;
          filled += run;          /* already zero */
        }
      else
        {
          if (filled >= total)
            break;
          weights->stages[filled++] = (int16_t) value;
        }
    }

  if (filled != total || position != header_length + payload_length)
    {
      mm_eval_weights_free (weights);
      return NULL;
    }

  *error = MM_EVAL_OK;
  return weights;
}

#define MAX_FILE_SIZE ((size_t) 64 << 20)

MmEvalWeights *
mm_eval_weights_load (const char  *path,
                      MmEvalError *error)
{
  FILE *file = fopen (path, "rb");
  uint8_t *data;
  size_t length = 0, capacity = (size_t) 1 << 20;
  MmEvalWeights *weights;

  if (file == NULL)
    {
      *error = MM_EVAL_ERROR_OPEN;
      return NULL;
    }

  data = malloc (capacity);
  while (data != NULL)
    {
      size_t got = fread (data + length, 1, capacity - length, file);

      length += got;
      if (length < capacity)
        break;
      if (capacity >= MAX_FILE_SIZE)
        {
          free (data);
          fclose (file);
          *error = MM_EVAL_ERROR_FORMAT;
          return NULL;
        }
      capacity *= 2;
      {
        uint8_t *bigger = realloc (data, capacity);

        if (bigger == NULL)
          free (data);
        data = bigger;
      }
    }
  if (data == NULL || ferror (file))
    {
      *error = data == NULL ? MM_EVAL_ERROR_MEMORY : MM_EVAL_ERROR_OPEN;
      free (data);
      fclose (file);
      return NULL;
    }
  fclose (file);

  weights = mm_eval_weights_from_data (data, length, error);
  free (data);
  return weights;
}

const char *
mm_eval_error_message (MmEvalError error)
{
  switch (error)
    {
    case MM_EVAL_OK:
      return "no error";
    case MM_EVAL_ERROR_OPEN:
      return "the evaluation weights file cannot be read";
    case MM_EVAL_ERROR_FORMAT:
      return "the evaluation weights file is truncated or not a weights file";
    case MM_EVAL_ERROR_VERSION:
      return "the evaluation weights file has a version this program does not read";
    case MM_EVAL_ERROR_CHECKSUM:
      return "the evaluation weights file is damaged (its checksum does not match)";
    case MM_EVAL_ERROR_MEMORY:
    default:
      return "not enough memory for the evaluation weights";
    }
}
