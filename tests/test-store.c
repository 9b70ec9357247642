/* test-store.c
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

/* The SQLite store: what is written is there after the store is closed
 * and opened again, as after a server killed and restarted; a file that
 * is not a database, or one from a newer server, is refused with a
 * clear error and left as it was. */

#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "mm-board.h"
#include "mm-sqlite-store.h"

typedef struct
{
  char *folder;
  char *path;
} Fixture;

static void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  fixture->folder = g_dir_make_tmp ("monomachia-store-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->path = g_build_filename (fixture->folder, "server.db", NULL);
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GDir) dir = g_dir_open (fixture->folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fixture->folder, name, NULL);

      g_unlink (path);
    }
  g_rmdir (fixture->folder);
  g_free (fixture->path);
  g_free (fixture->folder);
}

static MmStore *
open_store (Fixture *fixture)
{
  g_autoptr(GError) error = NULL;
  MmSqliteStore *store = mm_sqlite_store_new (fixture->path, &error);

  g_assert_no_error (error);
  return MM_STORE (store);
}

static MmStoredGame *
new_game (const char *id, const char *black, const char *white)
{
  MmStoredGame *game = mm_stored_game_new ();

  game->id = g_strdup (id);
  game->black = g_strdup (black);
  game->white = g_strdup (white);
  game->base_s = 300;
  game->increment_s = 2;
  game->started = 1700000000;
  game->black_ms = game->white_ms = 300000;
  return game;
}

static void
test_ids_last (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  guint64 first, second, after;

  {
    g_autoptr(MmStore) store = open_store (fixture);

    first = mm_store_next_id (store, &error);
    g_assert_no_error (error);
    second = mm_store_next_id (store, &error);
    g_assert_cmpuint (second, >, first);
  }
  {
    g_autoptr(MmStore) store = open_store (fixture);

    after = mm_store_next_id (store, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (after, >, second);
  }
}

static void
test_sessions (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStoredSession) nikos = mm_stored_session_new ("aa11", "Νίκος", TRUE);
  g_autoptr(MmStoredSession) zoe = mm_stored_session_new ("bb22", "Zoë", FALSE);

  {
    g_autoptr(MmStore) store = open_store (fixture);

    g_assert_true (mm_store_save_session (store, nikos, &error));
    g_assert_true (mm_store_save_session (store, zoe, &error));
    g_assert_true (mm_store_delete_session (store, "aa11", &error));
    g_assert_no_error (error);
  }
  {
    g_autoptr(MmStore) store = open_store (fixture);
    g_autoptr(GPtrArray) sessions = mm_store_list_sessions (store, &error);
    MmStoredSession *kept;

    g_assert_no_error (error);
    g_assert_cmpuint (sessions->len, ==, 1);
    kept = sessions->pdata[0];
    g_assert_cmpstr (kept->token_hash, ==, "bb22");
    g_assert_cmpstr (kept->name, ==, "Zoë");
    g_assert_false (kept->guest);
  }
}

static void
test_games (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStoredGame) one = new_game ("g1", "Άννα", "ben");
  g_autoptr(MmStoredGame) two = new_game ("g2", "ben", "cleo");
  static const int squares[] = { 37, 43, 18, MM_SQUARE_PASS, 26 };

  {
    g_autoptr(MmStore) store = open_store (fixture);

    g_assert_true (mm_store_create_game (store, one, &error));
    g_assert_true (mm_store_create_game (store, two, &error));
    for (guint i = 0; i < G_N_ELEMENTS (squares); i++)
      g_assert_true (mm_store_add_move (store, "g1", i + 1, squares[i], 290000 - i, 280000 - i,
                                        &error));
    /* The same ply twice is refused, and changes nothing. */
    g_assert_false (mm_store_add_move (store, "g1", 2, 20, 1, 1, &error));
    g_assert_error (error, MM_STORE_ERROR, MM_STORE_ERROR_FAILED);
    g_clear_error (&error);
    /* Undo by agreement: two moves go. */
    g_assert_true (mm_store_take_back (store, "g1", 3, 250000, 260000, &error));
    g_assert_true (mm_store_finish_game (store, "g2", "white", "resignation", "(;GM[Othello];)", &error));
    g_assert_false (mm_store_finish_game (store, "g9", "white", "time", NULL, &error));
    g_assert_error (error, MM_STORE_ERROR, MM_STORE_ERROR_NOT_FOUND);
    g_clear_error (&error);
  }
  {
    g_autoptr(MmStore) store = open_store (fixture);
    g_autoptr(GPtrArray) open = mm_store_list_games (store, TRUE, NULL, 0, &error);
    g_autoptr(GPtrArray) finished = NULL;
    g_autoptr(GPtrArray) of_anna = NULL;
    MmStoredGame *game;

    g_assert_no_error (error);
    g_assert_cmpuint (open->len, ==, 1);
    game = open->pdata[0];
    g_assert_cmpstr (game->id, ==, "g1");
    g_assert_cmpstr (game->black, ==, "Άννα");
    g_assert_cmpuint (game->base_s, ==, 300);
    g_assert_cmpuint (game->moves->len, ==, 3);
    for (guint i = 0; i < 3; i++)
      g_assert_cmpint (g_array_index (game->moves, int, i), ==, squares[i]);
    g_assert_cmpint (game->black_ms, ==, 250000);
    g_assert_cmpint (game->white_ms, ==, 260000);
    g_assert_null (game->winner);

    /* A player's finished games, found by a name of the same key. */
    finished = mm_store_list_games (store, FALSE, "CLEO", 10, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (finished->len, ==, 1);
    game = finished->pdata[0];
    g_assert_cmpstr (game->winner, ==, "white");
    g_assert_cmpstr (game->reason, ==, "resignation");
    g_assert_cmpstr (game->ggf, ==, "(;GM[Othello];)");
    of_anna = mm_store_list_games (store, FALSE, "άννα", 10, &error);
    g_assert_cmpuint (of_anna->len, ==, 0);
    /* One game by its id. */
    {
      g_autoptr(MmStoredGame) found = mm_store_find_game (store, "g1", &error);
      g_autoptr(MmStoredGame) missing = mm_store_find_game (store, "g404", &error);

      g_assert_no_error (error);
      g_assert_cmpstr (found->white, ==, "ben");
      g_assert_cmpuint (found->moves->len, ==, 3);
      g_assert_null (missing);
    }
  }
}

static void
test_accounts (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStoredAccount) eleni = mm_stored_account_new ("Ελένη", "$argon2id$v=19$fake");
  g_autoptr(MmStoredAccount) again = mm_stored_account_new ("ΕΛΕΝΗ", "$argon2id$v=19$other");

  {
    g_autoptr(MmStore) store = open_store (fixture);
    g_autoptr(MmStoredAccount) nobody = mm_store_find_account (store, "nobody", &error);

    g_assert_null (nobody);
    g_assert_no_error (error);
    g_assert_true (mm_store_create_account (store, eleni, &error));
    g_assert_no_error (error);
    /* The same name without accents or case is the same account. */
    g_assert_false (mm_store_create_account (store, again, &error));
    g_assert_error (error, MM_STORE_ERROR, MM_STORE_ERROR_FAILED);
    g_clear_error (&error);
    eleni->rating = 1612.5;
    eleni->deviation = 80.25;
    eleni->volatility = 0.0599;
    g_assert_true (mm_store_save_rating (store, eleni, &error));
  }
  {
    g_autoptr(MmStore) store = open_store (fixture);
    g_autoptr(MmStoredAccount) found = mm_store_find_account (store, "ελενη", &error);

    g_assert_no_error (error);
    g_assert_nonnull (found);
    g_assert_cmpstr (found->name, ==, "Ελένη");
    g_assert_cmpstr (found->password_hash, ==, "$argon2id$v=19$fake");
    g_assert_cmpfloat (found->rating, ==, 1612.5);
    g_assert_cmpfloat (found->deviation, ==, 80.25);
    g_assert_cmpfloat (found->volatility, ==, 0.0599);
  }
}

static void
test_not_a_database (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmSqliteStore) store = NULL;
  g_autofree char *contents = NULL;
  const char *garbage = "This is not a database, and it stays as it is.\n";

  g_file_set_contents (fixture->path, garbage, -1, &error);
  g_assert_no_error (error);
  store = mm_sqlite_store_new (fixture->path, &error);
  g_assert_null (store);
  g_assert_error (error, MM_STORE_ERROR, MM_STORE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, fixture->path));
  g_file_get_contents (fixture->path, &contents, NULL, NULL);
  g_assert_cmpstr (contents, ==, garbage);
}

static void
test_too_new (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmSqliteStore) store = NULL;

  {
    g_autoptr(MmStore) first = open_store (fixture);
    g_autoptr(MmStoredGame) game = new_game ("g1", "ann", "ben");

    g_assert_true (mm_store_create_game (first, game, &error));
  }
  /* A newer server moved the schema on. */
  {
    sqlite3 *db = NULL;

    g_assert_cmpint (sqlite3_open (fixture->path, &db), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (db, "PRAGMA user_version = 99", NULL, NULL, NULL), ==,
                     SQLITE_OK);
    sqlite3_close (db);
  }
  store = mm_sqlite_store_new (fixture->path, &error);
  g_assert_null (store);
  g_assert_error (error, MM_STORE_ERROR, MM_STORE_ERROR_TOO_NEW);
}

#define ADD(path, func) \
  g_test_add ("/store/" path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  ADD ("ids-last", test_ids_last);
  ADD ("sessions", test_sessions);
  ADD ("games", test_games);
  ADD ("accounts", test_accounts);
  ADD ("not-a-database", test_not_a_database);
  ADD ("too-new", test_too_new);

  return g_test_run ();
}
