/* fuzz-record.c
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

/* A libFuzzer target for one record parser, chosen when it is built:
 * -DMM_FUZZ_FORMAT=MM_RECORD_FORMAT_GGF, _TRANSCRIPT, _PGN, _BOARD, or
 * _UNKNOWN for the format detection that Paste uses.  Any bytes must
 * give games or a GError, never both and never neither, never a crash
 * or a GLib warning; every game read must write as GGF and read back
 * the same. */

#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-common.h"
#include "mm-ggf.h"
#include "mm-record-io.h"

#ifndef MM_FUZZ_FORMAT
#error "MM_FUZZ_FORMAT names the format to fuzz"
#endif

static void
check_round_trip (MmGameRecord *record)
{
  g_autofree char *ggf = mm_ggf_write (record);
  g_autofree char *board = mm_record_write (record, MM_RECORD_FORMAT_BOARD);
  g_autofree char *moves = mm_record_write (record, MM_RECORD_FORMAT_TRANSCRIPT);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) again = mm_record_parse (ggf, strlen (ggf), MM_RECORD_FORMAT_GGF,
                                                NULL, &error);

  if (again == NULL)
    mm_fuzz_fail ("a record wrote GGF it cannot read: %s\n%s", error->message, ggf);
  if (again->len != 1 || !mm_game_record_equal (record, g_ptr_array_index (again, 0)))
    mm_fuzz_fail ("a record wrote GGF that reads as another game:\n%s", ggf);
  if (strlen (board) != 66)
    mm_fuzz_fail ("a board string of %zu characters", strlen (board));
  if (strlen (moves) != 2 * mm_game_record_get_n_discs_played (record))
    mm_fuzz_fail ("a transcript of %zu characters for %u moves", strlen (moves),
             mm_game_record_get_n_discs_played (record));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = NULL;
  MmRecordFormat found = MM_RECORD_FORMAT_UNKNOWN;

  games = mm_record_parse ((const char *) data, size, MM_FUZZ_FORMAT, &found, &error);
  if ((games == NULL) == (error == NULL))
    mm_fuzz_fail ("games and an error, or neither");

  if (games == NULL)
    {
      if (error->domain != MM_RECORD_ERROR || error->message[0] == '\0'
          || !g_utf8_validate (error->message, -1, NULL))
        mm_fuzz_fail ("an error without a proper message");
      return 0;
    }

  if (games->len == 0 || games->len > MM_RECORD_MAX_GAMES)
    mm_fuzz_fail ("%u games", games->len);
  if (MM_FUZZ_FORMAT != MM_RECORD_FORMAT_UNKNOWN && found != MM_FUZZ_FORMAT)
    mm_fuzz_fail ("read as format %d instead of %d", found, MM_FUZZ_FORMAT);

  for (guint i = 0; i < games->len; i++)
    check_round_trip (g_ptr_array_index (games, i));

  return 0;
}
