/* test-autosave.c
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

/* Autosave: the game in progress written and read back exactly, its
 * session with it, and a damaged file refused.  (test-crash-safety.c
 * kills its writer and fills its disk.) */

#include "config.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

#include "mm-autosave.h"
#include "mm-game.h"
#include "mm-record-io.h"

/* A 1977 WTHOR game, 34-30, in which White passes twice. */
#define GAME_A \
  "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5" \
  "e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1"

/* The game the writer writes for step @n: the first n % 61 moves of game
 * A, black's name telling which step it is. */
static void
set_up_step (MmGame *game,
             guint   n)
{
  g_autofree char *name = g_strdup_printf ("writer %u", n);
  guint n_moves = n % 61;

  mm_game_restart (game);
  for (guint i = 0; i < n_moves; i++)
    {
      char square[3] = { GAME_A[2 * i], GAME_A[2 * i + 1], '\0' };

      g_assert_true (mm_game_play (game, mm_square_parse (square), NULL));
    }
  mm_game_set_player_name (game, MM_COLOR_BLACK, name);
  mm_game_set_player_name (game, MM_COLOR_WHITE, "Λευκός ]");
}

static char *
make_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("mm-test-autosave-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static void
remove_dir (const char *dir)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_no_errno (g_remove (path));
    }
  g_assert_no_errno (g_rmdir (dir));
}

typedef struct
{
  guint64  black, white;
  MmColor  side;
  guint    n_moves;
  int      moves[128];
  MmColor  colors[128];
} Position;

static Position
position_of (MmGame *game)
{
  Position p = { 0 };
  MmBoard board = mm_game_get_board (game);

  p.side = mm_game_get_side_to_move (game);
  p.black = p.side == MM_COLOR_BLACK ? board.player : board.opponent;
  p.white = p.side == MM_COLOR_BLACK ? board.opponent : board.player;
  p.n_moves = mm_game_get_n_moves (game);
  for (guint i = 0; i < p.n_moves; i++)
    p.moves[i] = mm_game_get_move (game, i, &p.colors[i]);

  return p;
}

/* The window's session comes back as it was saved, and none of it stays
 * in the game; a file without one gives an empty session. */
static void
test_session (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "autosave.ggf", NULL);
  g_autoptr(MmAutosave) autosave = mm_autosave_new (path);
  g_autoptr(MmGame) game = mm_game_new ();
  g_autoptr(GHashTable) session = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) restored = NULL;
  g_autoptr(MmGameRecord) record = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  set_up_step (game, 20);
  g_hash_table_insert (session, "COMPUTER_WHITE", "master");
  g_hash_table_insert (session, "CLOCK_BLACK", "183.5");
  g_hash_table_insert (session, "note", "a ] and a \\ and Ζ");
  g_assert_true (mm_autosave_save_full (autosave, game, NULL, FALSE, session, &error));
  g_assert_no_error (error);

  /* In name order, so that the same session writes the same file. */
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_assert_nonnull (strstr (text, "MM_S_CLOCK_BLACK[183.5]MM_S_COMPUTER_WHITE[master]MM_S_note["));

  record = mm_autosave_load_full (autosave, NULL, NULL, &restored, &error);
  g_assert_no_error (error);
  g_assert_nonnull (record);
  g_assert_cmpuint (g_hash_table_size (restored), ==, 3);
  g_assert_cmpstr (g_hash_table_lookup (restored, "COMPUTER_WHITE"), ==, "master");
  g_assert_cmpstr (g_hash_table_lookup (restored, "CLOCK_BLACK"), ==, "183.5");
  g_assert_cmpstr (g_hash_table_lookup (restored, "note"), ==, "a ] and a \\ and Ζ");
  for (guint i = 0; i < mm_game_record_get_n_tags (record); i++)
    {
      const char *name = NULL;

      mm_game_record_get_nth_tag (record, i, &name);
      g_assert_false (g_str_has_prefix (name, "MM_"));
    }

  /* Saved without one. */
  g_clear_pointer (&restored, g_hash_table_unref);
  g_clear_pointer (&record, mm_game_record_unref);
  g_assert_true (mm_autosave_save (autosave, game, NULL, FALSE, &error));
  record = mm_autosave_load_full (autosave, NULL, NULL, &restored, &error);
  g_assert_no_error (error);
  g_assert_nonnull (restored);
  g_assert_cmpuint (g_hash_table_size (restored), ==, 0);
}

static void
test_round_trip (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "deep", "er", "autosave.ggf", NULL);
  g_autoptr(MmAutosave) autosave = mm_autosave_new (path);
  g_autoptr(MmGame) game = mm_game_new ();
  g_autoptr(MmGame) restored = mm_game_new ();
  g_autoptr(MmGameRecord) record = NULL;
  g_autoptr(MmGameRecord) exported = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = NULL;
  gboolean unsaved = FALSE;
  Position a, b;
  MmBoard start;
  MmColor side;

  /* Nothing saved yet: nothing comes back, and that is no error. */
  g_assert_null (mm_autosave_load (autosave, &uri, &unsaved, &error));
  g_assert_no_error (error);
  g_assert_null (uri);

  /* Mid-game, after White's first pass, with names. */
  set_up_step (game, 55);
  g_assert_true (mm_autosave_save (autosave, game, "file:///home/me/Ζήνων.ggf", TRUE, &error));
  g_assert_no_error (error);
  record = mm_autosave_load (autosave, &uri, &unsaved, &error);
  g_assert_no_error (error);
  g_assert_nonnull (record);
  g_assert_cmpstr (uri, ==, "file:///home/me/Ζήνων.ggf");
  g_assert_true (unsaved);
  g_assert_null (mm_game_record_get_tag (record, "MM_DOCUMENT"));
  g_assert_null (mm_game_record_get_tag (record, "MM_UNSAVED"));

  g_assert_true (mm_game_load_record (restored, record, &error));
  a = position_of (game);
  b = position_of (restored);
  g_assert_cmpmem (&a, sizeof a, &b, sizeof b);
  g_assert_cmpstr (mm_game_get_player_name (restored, MM_COLOR_BLACK), ==, "writer 55");
  g_assert_cmpstr (mm_game_get_player_name (restored, MM_COLOR_WHITE), ==, "Λευκός ]");
  g_assert_true (mm_game_can_undo (restored));

  /* The restored game saves as the first did. */
  exported = mm_game_to_record (restored);
  g_clear_pointer (&record, mm_game_record_unref);
  record = mm_game_to_record (game);
  g_assert_true (mm_game_record_equal (record, exported));

  /* From another position, white to move with a pass first, no file. */
  {
    MmBoard board;

    mm_board_from_colors (&board, 0x2, 0x1, MM_COLOR_BLACK);
    mm_game_restart_from (game, &board, MM_COLOR_BLACK);
  }
  g_clear_pointer (&uri, g_free);
  g_assert_true (mm_autosave_save (autosave, game, NULL, FALSE, &error));
  g_clear_pointer (&record, mm_game_record_unref);
  record = mm_autosave_load (autosave, &uri, &unsaved, &error);
  g_assert_no_error (error);
  g_assert_null (uri);
  g_assert_false (unsaved);
  g_assert_true (mm_game_load_record (restored, record, &error));
  a = position_of (game);
  b = position_of (restored);
  g_assert_cmpmem (&a, sizeof a, &b, sizeof b);
  mm_game_get_start (restored, &start, &side);
  g_assert_cmpint (side, ==, MM_COLOR_BLACK);
  g_assert_cmphex (start.player, ==, 0x2);

  /* Cleared: gone. */
  g_assert_true (mm_autosave_clear (autosave, &error));
  g_assert_true (mm_autosave_clear (autosave, &error));
  g_assert_no_error (error);
  g_assert_null (mm_autosave_load (autosave, NULL, NULL, &error));
  g_assert_no_error (error);

  {
    g_autofree char *deeper = g_path_get_dirname (path);
    g_autofree char *deep = g_path_get_dirname (deeper);

    g_assert_no_errno (g_rmdir (deeper));
    g_assert_no_errno (g_rmdir (deep));
  }
  remove_dir (dir);
}

static void
test_damaged (void)
{
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "autosave.ggf", NULL);
  g_autofree char *leftover = g_build_filename (dir, "autosave.ggf.A1b2C3", NULL);
  g_autofree char *other = g_build_filename (dir, "autosave.ggf.keep-me", NULL);
  g_autoptr(MmAutosave) autosave = mm_autosave_new (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(MmGameRecord) record = NULL;

  g_assert_true (g_file_set_contents (path, "(;GM[Othello]B[f5]", -1, NULL));
  g_assert_true (g_file_set_contents (leftover, "(;GM[Oth", -1, NULL));
  g_assert_true (g_file_set_contents (other, "x", -1, NULL));

  record = mm_autosave_load (autosave, NULL, NULL, &error);
  g_assert_null (record);
  g_assert_error (error, MM_AUTOSAVE_ERROR, MM_AUTOSAVE_ERROR_DAMAGED);
  g_assert_cmpstr (error->message, ==,
                   "The game in progress could not be restored: Line 1, column 1: the game "
                   "that starts here does not end with “;)”: the text is cut short");

  /* The leftover of a write cut short is gone; other files stay. */
  g_assert_false (g_file_test (leftover, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (other, G_FILE_TEST_EXISTS));

  remove_dir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/autosave/round-trip", test_round_trip);
  g_test_add_func ("/autosave/session", test_session);
  g_test_add_func ("/autosave/damaged", test_damaged);

  return g_test_run ();
}
