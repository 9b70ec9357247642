/* test-game-replay.c
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

/* Real tournament games from the WTHOR archive, replayed through MmGame.
 * The records leave passes out, as MmGame does when it passes by itself,
 * and end with the final disc count, which the replay must reach.  This
 * program needs ../shared/data and is skipped without it. */

#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "mm-game.h"
#include "mm-test-data.h"

#define N_REPLAYED_GAMES 2000

static char *self_path;

typedef struct
{
  int   moves[60];
  guint n_moves;
  guint black;
  guint white;
  guint year;
} Record;

/* Reads "f5d6c3... 34-30 1977". */
static gboolean
parse_record (const char *line,
              Record     *record)
{
  g_auto(GStrv) fields = g_strsplit (line, " ", -1);
  guint64 year;
  int used = 0;
  size_t length;

  if (g_strv_length (fields) != 3)
    return FALSE;

  length = strlen (fields[0]);
  if (length % 2 != 0 || length / 2 > G_N_ELEMENTS (record->moves))
    return FALSE;
  record->n_moves = (guint) (length / 2);
  for (guint i = 0; i < record->n_moves; i++)
    {
      char name[3] = { fields[0][2 * i], fields[0][2 * i + 1], '\0' };

      record->moves[i] = mm_square_parse (name);
      if (record->moves[i] == MM_SQUARE_NONE)
        return FALSE;
    }

  if (sscanf (fields[1], "%u-%u%n", &record->black, &record->white, &used) != 2
      || fields[1][used] != '\0' || record->black + record->white > 64)
    return FALSE;

  if (!g_ascii_string_to_unsigned (fields[2], 10, 1970, 2100, &year, NULL))
    return FALSE;
  record->year = (guint) year;

  return TRUE;
}

static void
test_replay_wthor (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) lines = mm_test_data_read_wthor (N_REPLAYED_GAMES, &error);
  guint n_not_over = 0;
  guint n_with_passes = 0;
  guint n_early_ends = 0;
  guint n_passes = 0;
  guint first_year = G_MAXUINT, last_year = 0;

  g_assert_no_error (error);
  g_assert_nonnull (lines);
  g_assert_cmpuint (lines->len, ==, N_REPLAYED_GAMES);

  for (guint i = 0; i < lines->len; i++)
    {
      const char *line = g_ptr_array_index (lines, i);
      g_autoptr(MmGame) game = mm_game_new ();
      Record record;
      guint n_game_passes = 0;
      guint n_history;

      if (!parse_record (line, &record))
        {
          g_test_message ("line %u cannot be read: \"%s\"", i + 1, line);
          g_assert_not_reached ();
        }
      first_year = MIN (first_year, record.year);
      last_year = MAX (last_year, record.year);

      for (guint m = 0; m < record.n_moves; m++)
        {
          g_autoptr(GError) move_error = NULL;

          if (!mm_game_play (game, record.moves[m], &move_error))
            g_test_message ("game %u (\"%s\"), move %u: %s",
                            i + 1, line, m + 1, move_error->message);
          g_assert_no_error (move_error);
        }

      /* Every move recorded is a disc on the board; the rest of the
       * history is passes, made by the game itself. */
      n_history = mm_game_get_n_moves (game);
      for (guint m = 0; m < n_history; m++)
        n_game_passes += mm_game_get_move (game, m, NULL) == MM_SQUARE_PASS;
      g_assert_cmpuint (n_history - n_game_passes, ==, record.n_moves);
      g_assert_cmpuint (mm_game_get_black_count (game) + mm_game_get_white_count (game),
                        ==, 4 + record.n_moves);

      if (mm_game_get_black_count (game) != record.black
          || mm_game_get_white_count (game) != record.white)
        g_test_message ("game %u (\"%s\") ends %u-%u", i + 1, line,
                        mm_game_get_black_count (game), mm_game_get_white_count (game));
      g_assert_cmpuint (mm_game_get_black_count (game), ==, record.black);
      g_assert_cmpuint (mm_game_get_white_count (game), ==, record.white);

      if (!mm_game_is_over (game))
        {
          g_test_message ("game %u (\"%s\") is not over after its last move", i + 1, line);
          n_not_over++;
        }
      else if (record.n_moves < 60)
        {
          n_early_ends++;
        }
      n_with_passes += n_game_passes > 0;
      n_passes += n_game_passes;
    }

  g_test_message ("%u games from %u to %u: %u with passes (%u passes), "
                  "%u over before the board was full, %u not over",
                  lines->len, first_year, last_year, n_with_passes, n_passes,
                  n_early_ends, n_not_over);
  /* Printed for the test log whatever the verbosity. */
  printf ("# %u WTHOR games replayed, %u not over at their last move, "
          "%u with passes\n", lines->len, n_not_over, n_with_passes);
  g_assert_cmpuint (n_with_passes, >, 0);
}

/* Without the data, the program says what is missing and exits with
 * meson's skip status; run it again with an empty data directory. */
static void
test_missing_data (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *empty_dir = g_dir_make_tmp ("mm-test-data-XXXXXX", &error);
  g_autofree char *missing = NULL;
  g_autofree char *child_out = NULL;
  g_autofree char *child_err = NULL;
  g_auto(GStrv) envp = NULL;
  const char *argv[] = { self_path, "-p", "/game/replay/none", NULL };
  int status = 0;

  g_assert_no_error (error);
  missing = g_build_filename (empty_dir, MM_TEST_WTHOR_GAMES, NULL);
  envp = g_environ_setenv (g_get_environ (), "MM_SHARED_DATA", empty_dir, TRUE);

  g_assert_true (g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_DEFAULT, NULL, NULL,
                               &child_out, &child_err, &status, &error));
  g_assert_no_error (error);
  g_test_message ("stdout: %s", child_out);
  g_test_message ("stderr: %s", child_err);

  g_assert_false (g_spawn_check_wait_status (status, &error));
  g_assert_error (error, G_SPAWN_EXIT_ERROR, MM_TEST_EXIT_SKIP);
  g_assert_nonnull (strstr (child_err, missing));
  g_assert_nonnull (strstr (child_out, missing));
  g_assert_nonnull (strstr (child_err, "MM_SHARED_DATA"));

  g_assert_no_errno (g_rmdir (empty_dir));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *path = NULL;
  int status;

  self_path = g_file_read_link ("/proc/self/exe", NULL);
  if (self_path == NULL)
    self_path = g_strdup (argv[0]);

  g_test_init (&argc, &argv, NULL);

  /* Exits 77 (skipped) when the archive is not there. */
  path = mm_test_data_require (MM_TEST_WTHOR_GAMES);
  g_test_message ("games from %s", path);

  g_test_add_func ("/game/replay/wthor", test_replay_wthor);
  g_test_add_func ("/game/replay/missing-data", test_missing_data);

  status = g_test_run ();
  g_free (self_path);

  return status;
}
