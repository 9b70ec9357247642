/* test-record-wthor.c
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

/* Every game of the WTHOR archive read as a move transcript, loaded into
 * MmGame, and its final count matched against the one the archive
 * records; one game in eight is also written as GGF and read back.  This
 * program needs ../shared/data and is skipped without it. */

#include "config.h"

#include <stdio.h>
#include <string.h>

#include "mm-game.h"
#include "mm-ggf.h"
#include "mm-record-io.h"
#include "mm-test-data.h"

#define N_WTHOR_GAMES 135642

static void
test_wthor_transcripts (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = mm_test_data_read_wthor (0, &error);
  g_autoptr(MmGame) game = mm_game_new ();
  guint n_passes = 0, n_not_over = 0, n_round_trips = 0;

  g_assert_no_error (error);
  g_assert_cmpuint (lines->len, ==, N_WTHOR_GAMES);

  for (guint i = 0; i < lines->len; i++)
    {
      const char *line = g_ptr_array_index (lines, i);
      g_autoptr(GPtrArray) games = NULL;
      g_autoptr(GPtrArray) again = NULL;
      g_autofree char *ggf = NULL;
      MmGameRecord *record;
      const char *score = strchr (line, ' ');
      guint black, white;
      MmRecordFormat found;

      /* The whole line, score and year included, is a transcript: the
       * parser checks the score against the moves itself. */
      games = mm_record_parse (line, strlen (line), MM_RECORD_FORMAT_UNKNOWN, &found, &error);
      if (error != NULL)
        g_test_message ("game %u, \"%s\": %s", i + 1, line, error->message);
      g_assert_no_error (error);
      g_assert_cmpint (found, ==, MM_RECORD_FORMAT_TRANSCRIPT);
      g_assert_cmpuint (games->len, ==, 1);
      record = g_ptr_array_index (games, 0);

      g_assert_nonnull (score);
      g_assert_cmpint (sscanf (score, " %u-%u", &black, &white), ==, 2);
      g_assert_cmpuint (mm_game_record_get_n_discs_played (record), ==, (gsize) (score - line) / 2);

      g_assert_true (mm_game_load_record (game, record, &error));
      g_assert_no_error (error);
      if (mm_game_get_black_count (game) != black || mm_game_get_white_count (game) != white)
        g_test_message ("game %u, \"%s\": ends %u-%u", i + 1, line,
                        mm_game_get_black_count (game), mm_game_get_white_count (game));
      g_assert_cmpuint (mm_game_get_black_count (game), ==, black);
      g_assert_cmpuint (mm_game_get_white_count (game), ==, white);
      n_not_over += !mm_game_is_over (game);
      n_passes += mm_game_get_n_moves (game) - mm_game_record_get_n_discs_played (record);

      /* One game in eight through GGF and back keeps the test well under
       * a minute under the sanitizers. */
      if (i % 8 == 0)
        {
          ggf = mm_ggf_write (record);
          again = mm_record_parse (ggf, strlen (ggf), MM_RECORD_FORMAT_GGF, NULL, &error);
          g_assert_no_error (error);
          g_assert_true (mm_game_record_equal (record, g_ptr_array_index (again, 0)));
          n_round_trips++;
        }
    }

  printf ("# %u WTHOR games read as transcripts and loaded, every final count matched, "
          "%u written as GGF and read back; %u passes, %u games not over at their last move\n",
          lines->len, n_round_trips, n_passes, n_not_over);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *path = NULL;

  g_test_init (&argc, &argv, NULL);

  /* Exits 77 (skipped) when the archive is not there. */
  path = mm_test_data_require (MM_TEST_WTHOR_GAMES);
  g_test_message ("games from %s", path);

  g_test_add_func ("/record/wthor/transcripts", test_wthor_transcripts);

  return g_test_run ();
}
