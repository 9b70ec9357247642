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

/* The store, SQLite's and PostgreSQL's through the same tests: what is
 * written is there after the store is closed and opened again, as
 * after a server killed and restarted.  Then what each database has of
 * its own: a SQLite file that is not a database, or one from a newer
 * server, is refused with a clear error and left as it was; on
 * PostgreSQL, servers that start together migrate once, a ply written
 * by two of them is taken once, and a lost connection is made again.
 * A move kept without waiting (mm_store_add_move_async()) is answered
 * on the main loop, never before the call returns, in the order sent.
 * PostgreSQL is a throwaway cluster (mm-test-pg.c), a database a test;
 * without PostgreSQL the whole test is skipped. */

#include <glib/gstdio.h>
#include <libpq-fe.h>
#include <sqlite3.h>
#include <string.h>

#include "mm-board.h"
#include "mm-pg-store.h"
#include "mm-sqlite-store.h"
#include "mm-test-pg.h"

typedef enum
{
  BACKEND_SQLITE,
  BACKEND_POSTGRESQL,
} Backend;

typedef struct
{
  Backend  backend;
  char    *folder;     /* SQLite's file, in a folder of the test's own */
  char    *path;
  char    *conninfo;   /* PostgreSQL's database, new for the test */
} Fixture;

static void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  fixture->backend = GPOINTER_TO_INT (data);
  if (fixture->backend == BACKEND_POSTGRESQL)
    {
      fixture->conninfo = mm_test_pg_new_database (&error);
      g_assert_no_error (error);
      return;
    }
  fixture->folder = g_dir_make_tmp ("monomachia-store-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->path = g_build_filename (fixture->folder, "server.db", NULL);
}

/* A test's PostgreSQL database stays: the cluster goes with the test. */
static void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_free (fixture->conninfo);
  if (fixture->folder == NULL)
    return;
  dir = g_dir_open (fixture->folder, 0, NULL);
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
  MmStore *store;

  if (fixture->backend == BACKEND_POSTGRESQL)
    store = MM_STORE (mm_pg_store_new (fixture->conninfo, &error));
  else
    store = MM_STORE (mm_sqlite_store_new (fixture->path, &error));
  g_assert_no_error (error);
  return store;
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
  guint64 first, second, after, block;

  {
    g_autoptr(MmStore) store = open_store (fixture);

    first = mm_store_next_id (store, &error);
    g_assert_no_error (error);
    second = mm_store_next_id (store, &error);
    g_assert_cmpuint (second, >, first);
    /* A block: the numbers after it are the next ones answered. */
    block = mm_store_reserve_ids (store, 64, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (block, ==, second + 1);
    second = mm_store_next_id (store, &error);
    g_assert_cmpuint (second, ==, block + 64);
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
    /* A session saved again is the new one, not a second. */
    g_free (zoe->name);
    zoe->name = g_strdup ("Ζωή");
    g_assert_true (mm_store_save_session (store, zoe, &error));
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
    g_assert_cmpstr (kept->name, ==, "Ζωή");
    g_assert_false (kept->guest);
  }
  {
    g_autoptr(MmStore) store = open_store (fixture);
    g_autoptr(MmStoredSession) found = mm_store_find_session (store, "bb22", &error);
    g_autoptr(MmStoredSession) gone = mm_store_find_session (store, "aa11", &error);

    /* Found by its token, and none (without an error) for one deleted. */
    g_assert_no_error (error);
    g_assert_nonnull (found);
    g_assert_cmpstr (found->name, ==, "Ζωή");
    g_assert_false (found->guest);
    g_assert_null (gone);
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
    /* A game's id is its own. */
    g_assert_false (mm_store_create_game (store, two, &error));
    g_assert_error (error, MM_STORE_ERROR, MM_STORE_ERROR_FAILED);
    g_clear_error (&error);
    /* A move of a game there is not. */
    g_assert_false (mm_store_add_move (store, "g404", 1, 19, 1, 1, &error));
    g_assert_error (error, MM_STORE_ERROR, MM_STORE_ERROR_FAILED);
    g_clear_error (&error);
    for (guint i = 0; i < G_N_ELEMENTS (squares); i++)
      g_assert_true (mm_store_add_move (store, "g1", i + 1, squares[i], 290000 - i, 280000 - i,
                                        &error));
    /* The same ply twice is refused, and changes nothing. */
    g_assert_false (mm_store_add_move (store, "g1", 2, 20, 1, 1, &error));
    g_assert_error (error, MM_STORE_ERROR, MM_STORE_ERROR_EXISTS);
    g_assert_nonnull (strstr (error->message, "Move 2 of the game “g1”"));
    g_clear_error (&error);
    {
      g_autoptr(MmStoredGame) kept = mm_store_find_game (store, "g1", &error);

      g_assert_no_error (error);
      g_assert_cmpuint (kept->moves->len, ==, G_N_ELEMENTS (squares));
      g_assert_cmpint (g_array_index (kept->moves, int, 1), ==, squares[1]);
      g_assert_cmpint (kept->black_ms, ==, 290000 - 4);
      g_assert_cmpint (kept->white_ms, ==, 280000 - 4);
    }
    /* Undo by agreement: two moves go. */
    g_assert_true (mm_store_take_back (store, "g1", 3, 250000, 260000, &error));
    g_assert_true (mm_store_finish_game (store, "g2", "white", "resignation", "(;GM[Othello];)", &error));
    /* An end is decided once: whoever writes it first (another server
     * deciding a loss on time, say) is the result. */
    g_assert_false (mm_store_finish_game (store, "g2", "black", "time", NULL, &error));
    g_assert_error (error, MM_STORE_ERROR, MM_STORE_ERROR_FINISHED);
    g_clear_error (&error);
    {
      g_autoptr(MmStoredGame) kept = mm_store_find_game (store, "g2", &error);

      g_assert_no_error (error);
      g_assert_cmpstr (kept->winner, ==, "white");
      g_assert_cmpstr (kept->reason, ==, "resignation");
    }
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

/* Finished games, the latest first; games finished in the same second
 * in the order they were made, the latest first too. */
static void
test_archive_order (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  static const char *const ids[] = { "g1", "g2", "g3", "g4" };
  static const gint64 started[] = { 1700000300, 1700000100, 1700000200, 1700000400 };

  {
    g_autoptr(MmStore) store = open_store (fixture);

    for (gsize i = 0; i < G_N_ELEMENTS (ids); i++)
      {
        g_autoptr(MmStoredGame) game = new_game (ids[i], i % 2 == 0 ? "Ann" : "ben", "cleo");

        game->started = started[i];
        g_assert_true (mm_store_create_game (store, game, &error));
      }
    g_assert_true (mm_store_finish_game (store, "g1", "black", "score", NULL, &error));
    g_assert_true (mm_store_finish_game (store, "g2", "draw", "score", NULL, &error));
    g_assert_true (mm_store_finish_game (store, "g3", "white", "time", NULL, &error));
    g_assert_no_error (error);
  }
  {
    g_autoptr(MmStore) store = open_store (fixture);
    g_autoptr(GPtrArray) all = mm_store_list_games (store, FALSE, NULL, 0, &error);
    g_autoptr(GPtrArray) latest = mm_store_list_games (store, FALSE, NULL, 2, &error);
    g_autoptr(GPtrArray) of_ann = mm_store_list_games (store, FALSE, "ann", 0, &error);
    g_autoptr(GPtrArray) open = mm_store_list_games (store, TRUE, NULL, 0, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (all->len, ==, 3);
    g_assert_cmpstr (((MmStoredGame *) all->pdata[0])->id, ==, "g3");
    g_assert_cmpstr (((MmStoredGame *) all->pdata[1])->id, ==, "g2");
    g_assert_cmpstr (((MmStoredGame *) all->pdata[2])->id, ==, "g1");
    g_assert_cmpuint (latest->len, ==, 2);
    g_assert_cmpstr (((MmStoredGame *) latest->pdata[1])->id, ==, "g2");
    g_assert_cmpuint (of_ann->len, ==, 2);
    g_assert_cmpstr (((MmStoredGame *) of_ann->pdata[0])->id, ==, "g3");
    g_assert_cmpstr (((MmStoredGame *) of_ann->pdata[1])->id, ==, "g1");
    g_assert_cmpuint (open->len, ==, 1);
    g_assert_cmpstr (((MmStoredGame *) open->pdata[0])->id, ==, "g4");
    g_assert_cmpint (((MmStoredGame *) open->pdata[0])->started, ==, 1700000400);
  }
}

/* A rating period's games: rated, with a result that rates, finished
 * in the period; without their moves. */
static void
test_rated (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStore) store = open_store (fixture);
  g_autoptr(GPtrArray) period = NULL;
  g_autoptr(GPtrArray) before = NULL;
  static const struct { const char *id; gboolean rated; const char *winner; } games[] = {
    { "r1", TRUE, "black" }, { "r2", FALSE, "white" }, { "r3", TRUE, "aborted" },
    { "r4", TRUE, "draw" }, { "r5", TRUE, NULL },
  };
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  MmStoredGame *game;

  for (gsize i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autoptr(MmStoredGame) made = new_game (games[i].id, "ann", "ben");

      made->rated = games[i].rated;
      g_assert_true (mm_store_create_game (store, made, &error));
      g_assert_true (mm_store_add_move (store, games[i].id, 1, 37, 1000, 2000, &error));
      if (games[i].winner != NULL)
        g_assert_true (mm_store_finish_game (store, games[i].id, games[i].winner, "score", NULL,
                                             &error));
    }
  period = mm_store_list_rated (store, now - 100, now + 100, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (period->len, ==, 2);
  game = period->pdata[0];
  g_assert_cmpstr (game->id, ==, "r1");
  g_assert_true (game->rated);
  g_assert_cmpstr (game->black, ==, "ann");
  g_assert_cmpint (game->black_ms, ==, 1000);
  g_assert_cmpuint (game->moves->len, ==, 0);
  g_assert_cmpstr (((MmStoredGame *) period->pdata[1])->id, ==, "r4");
  before = mm_store_list_rated (store, now - 100, now - 50, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (before->len, ==, 0);
}

static void
test_meta (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  gint64 value = 0;

  {
    g_autoptr(MmStore) store = open_store (fixture);

    g_assert_false (mm_store_get_meta (store, "rated_until", &value, &error));
    g_assert_no_error (error);
    g_assert_true (mm_store_set_meta (store, "rated_until", 1700000000, &error));
    g_assert_true (mm_store_set_meta (store, "rated_until", G_GINT64_CONSTANT (1) << 40, &error));
    g_assert_no_error (error);
  }
  {
    g_autoptr(MmStore) store = open_store (fixture);

    g_assert_true (mm_store_get_meta (store, "rated_until", &value, &error));
    g_assert_no_error (error);
    g_assert_cmpint (value, ==, G_GINT64_CONSTANT (1) << 40);
  }
}

/* A rating period is closed once: its end and the ratings kept
 * together, and a second close of the same period (another server of
 * a cluster, which computed it too) refused whole. */
static void
test_close_period (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStore) store = open_store (fixture);
  g_autoptr(MmStoredAccount) anna = mm_stored_account_new ("Άννα", "$argon2id$v=19$fake");
  g_autoptr(MmStoredAccount) ben = mm_stored_account_new ("Ben", "$argon2id$v=19$fake");
  g_autoptr(MmStoredAccount) kept = NULL;
  MmStoredAccount *accounts[2] = { anna, ben };
  gint64 until = 0;

  g_assert_true (mm_store_create_account (store, anna, &error));
  g_assert_true (mm_store_create_account (store, ben, &error));
  g_assert_true (mm_store_set_meta (store, "rated_until", 1000, &error));
  anna->rating = 1612.5;
  anna->deviation = 201.25;
  anna->volatility = 0.0601;
  ben->rating = 1387.5;
  ben->deviation = 199.5;
  ben->volatility = 0.0599;
  g_assert_true (mm_store_close_period (store, "rated_until", 1000, 2000, accounts, 2, &error));
  g_assert_no_error (error);

  /* Again from the same start, other numbers: nothing changes. */
  anna->rating = 1800;
  ben->rating = 1200;
  g_assert_false (mm_store_close_period (store, "rated_until", 1000, 2000, accounts, 2, &error));
  g_assert_error (error, MM_STORE_ERROR, MM_STORE_ERROR_FINISHED);
  g_clear_error (&error);
  g_assert_true (mm_store_get_meta (store, "rated_until", &until, &error));
  g_assert_cmpint (until, ==, 2000);
  kept = mm_store_find_account (store, "άννα", &error);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (kept->rating, 1612.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (kept->deviation, 201.25, 1e-9);
  g_assert_cmpfloat_with_epsilon (kept->volatility, 0.0601, 1e-12);
  g_clear_pointer (&kept, mm_stored_account_free);
  kept = mm_store_find_account (store, "Ben", &error);
  g_assert_cmpfloat_with_epsilon (kept->rating, 1387.5, 1e-9);

  /* The next period, with no account to rate. */
  g_assert_true (mm_store_close_period (store, "rated_until", 2000, 3000, NULL, 0, &error));
  g_assert_no_error (error);
  g_assert_true (mm_store_get_meta (store, "rated_until", &until, &error));
  g_assert_cmpint (until, ==, 3000);
}

/* Moderators, sanctions in force until they end or are lifted, and the
 * log of what moderators did. */
static void
test_moderation (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStoredAccount) dora = mm_stored_account_new ("Δώρα", "$argon2id$v=19$fake");
  MmStoredSanction ban = { (char *) "ban-account", (char *) "κακος", 0, (char *) "spam",
                           (char *) "Δώρα" };
  MmStoredSanction mute = { (char *) "mute", (char *) "loud", 0, NULL, NULL };
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  {
    g_autoptr(MmStore) store = open_store (fixture);

    g_assert_false (mm_store_set_admin (store, "nobody", TRUE, &error));
    g_assert_error (error, MM_STORE_ERROR, MM_STORE_ERROR_NOT_FOUND);
    g_clear_error (&error);
    g_assert_true (mm_store_create_account (store, dora, &error));
    g_assert_true (mm_store_set_admin (store, "ΔΩΡΑ", TRUE, &error));
    g_assert_true (mm_store_add_sanction (store, &ban, &error));
    g_assert_true (mm_store_add_sanction (store, &mute, &error));
    g_assert_true (mm_store_log_action (store, "Δώρα", "banned", "κακος", "spam", &error));
    g_assert_true (mm_store_log_action (store, "console", "unbanned", "x", NULL, &error));
    g_assert_no_error (error);
  }
  {
    g_autoptr(MmStore) store = open_store (fixture);
    g_autoptr(MmStoredAccount) found = mm_store_find_account (store, "δωρα", &error);
    g_autoptr(MmStoredSanction) banned = mm_store_find_sanction (store, "ban-account", "κακος",
                                                                 now, &error);
    g_autoptr(MmStoredSanction) muted = mm_store_find_sanction (store, "mute", "loud", now,
                                                                &error);
    g_autoptr(MmStoredSanction) other = mm_store_find_sanction (store, "mute", "κακος", now,
                                                                &error);
    g_autoptr(MmStoredSanction) shorter = NULL;
    g_autoptr(MmStoredSanction) after = NULL;
    g_autoptr(MmStoredSanction) lifted = NULL;

    g_assert_no_error (error);
    g_assert_true (found->admin);
    g_assert_cmpstr (banned->reason, ==, "spam");
    g_assert_cmpstr (banned->by, ==, "Δώρα");
    g_assert_cmpint (banned->until, ==, 0);
    g_assert_null (muted->reason);
    g_assert_null (muted->by);
    g_assert_null (other);

    /* A new ban replaces the one before: this one ends in a minute. */
    ban.until = now + 60;
    ban.reason = (char *) "spam, less";
    g_assert_true (mm_store_add_sanction (store, &ban, &error));
    shorter = mm_store_find_sanction (store, "ban-account", "κακος", now, &error);
    g_assert_cmpint (shorter->until, ==, now + 60);
    g_assert_cmpstr (shorter->reason, ==, "spam, less");
    after = mm_store_find_sanction (store, "ban-account", "κακος", now + 61, &error);
    g_assert_null (after);
    g_assert_true (mm_store_lift_sanction (store, "mute", "loud", &error));
    lifted = mm_store_find_sanction (store, "mute", "loud", now, &error);
    g_assert_null (lifted);
    g_assert_true (mm_store_set_admin (store, "Δώρα", FALSE, &error));
    g_clear_pointer (&found, mm_stored_account_free);
    found = mm_store_find_account (store, "Δώρα", &error);
    g_assert_false (found->admin);
    g_assert_no_error (error);
  }
}

/* The first value of the first row of what @sql answers on the SQLite
 * file at @path, a number: through a connection of its own, as the
 * store's API does not read every table. */
static gint64
sqlite_number (const char *path,
               const char *sql)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *statement = NULL;
  gint64 number;

  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &statement, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (statement), ==, SQLITE_ROW);
  number = sqlite3_column_int64 (statement, 0);
  sqlite3_finalize (statement);
  sqlite3_close (db);
  return number;
}

/* A store cleared (what the server's fuzz target does between inputs)
 * is as a new one: nothing of what it held is found, its ids and
 * rowids start again, and what it held can be written again. */
static void
test_clear (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmSqliteStore) sqlite_store = mm_sqlite_store_new (fixture->path, &error);
  MmStore *store = MM_STORE (sqlite_store);
  g_autoptr(MmStoredSession) session = mm_stored_session_new ("aa11", "Νίκος", TRUE);
  g_autoptr(MmStoredGame) one = new_game ("g1", "Άννα", "ben");
  g_autoptr(MmStoredGame) two = new_game ("g2", "ben", "cleo");
  g_autoptr(MmStoredAccount) anna = mm_stored_account_new ("Άννα", "$argon2id$v=19$fake");
  MmStoredSanction mute = { (char *) "mute", (char *) "loud", 0, NULL, NULL };
  gint64 value = 0;
  guint64 first_id;

  g_assert_no_error (error);
  first_id = mm_store_next_id (store, &error);
  g_assert_no_error (error);
  mm_store_next_id (store, &error);
  g_assert_true (mm_store_save_session (store, session, &error));
  g_assert_true (mm_store_create_game (store, one, &error));
  g_assert_true (mm_store_add_move (store, "g1", 1, 37, 1, 1, &error));
  g_assert_true (mm_store_create_game (store, two, &error));
  g_assert_true (mm_store_finish_game (store, "g2", "black", "resign", NULL, &error));
  g_assert_true (mm_store_create_account (store, anna, &error));
  g_assert_true (mm_store_set_meta (store, "rated_until", 1700000000, &error));
  g_assert_true (mm_store_add_sanction (store, &mute, &error));
  g_assert_true (mm_store_log_action (store, "console", "muted", "loud", NULL, &error));
  g_assert_no_error (error);
  /* A table of the cluster's, which the store itself leaves alone. */
  g_assert_cmpint (sqlite_number (fixture->path,
                                  "INSERT INTO lobby_chat (server, from_key, from_name, text, at)"
                                  " VALUES ('s', 'k', 'n', 't', 0), ('s', 'k', 'n', 't', 0)"
                                  " RETURNING id"), ==, 1);

  g_assert_true (mm_sqlite_store_clear (sqlite_store, &error));
  g_assert_no_error (error);

  /* Nothing of it is found... */
  {
    g_autoptr(GPtrArray) sessions = mm_store_list_sessions (store, &error);
    g_autoptr(GPtrArray) unfinished = mm_store_list_games (store, TRUE, NULL, 0, &error);
    g_autoptr(GPtrArray) finished = mm_store_list_games (store, FALSE, NULL, 0, &error);
    g_autoptr(MmStoredSession) found_session = mm_store_find_session (store, "aa11", &error);
    g_autoptr(MmStoredGame) found_game = mm_store_find_game (store, "g1", &error);
    g_autoptr(MmStoredAccount) found_account = mm_store_find_account (store, "Άννα", &error);
    g_autoptr(MmStoredSanction) found_sanction = mm_store_find_sanction (store, "mute", "loud",
                                                                         0, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (sessions->len, ==, 0);
    g_assert_cmpuint (unfinished->len, ==, 0);
    g_assert_cmpuint (finished->len, ==, 0);
    g_assert_null (found_session);
    g_assert_null (found_game);
    g_assert_null (found_account);
    g_assert_null (found_sanction);
    g_assert_false (mm_store_get_meta (store, "rated_until", &value, &error));
    g_assert_no_error (error);
  }
  /* ...nor is anything left in the file but the migrations' own row,
   * and ids and rowids start again. */
  g_assert_cmpint (sqlite_number (fixture->path,
                                  "SELECT (SELECT count (*) FROM moves)"
                                  " + (SELECT count (*) FROM moderation_log)"
                                  " + (SELECT count (*) FROM lobby_chat)"), ==, 0);
  g_assert_cmpint (sqlite_number (fixture->path, "SELECT count (*) FROM meta"), ==, 1);
  g_assert_cmpuint (mm_store_next_id (store, &error), ==, first_id);
  g_assert_no_error (error);
  g_assert_cmpint (sqlite_number (fixture->path,
                                  "INSERT INTO lobby_chat (server, from_key, from_name, text, at)"
                                  " VALUES ('s', 'k', 'n', 't', 0) RETURNING id"), ==, 1);

  /* What it held can be written again, as into a new store. */
  g_assert_true (mm_store_save_session (store, session, &error));
  g_assert_true (mm_store_create_game (store, one, &error));
  g_assert_true (mm_store_add_move (store, "g1", 1, 37, 1, 1, &error));
  g_assert_true (mm_store_create_account (store, anna, &error));
  g_assert_true (mm_store_add_sanction (store, &mute, &error));
  g_assert_no_error (error);
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

/* PostgreSQL's own: a second connection beside the store's, as an
 * administrator or another server would have. */
static PGresult *
sql_on (const char *conninfo,
        const char *sql)
{
  PGconn *conn = PQconnectdb (conninfo);
  PGresult *result;

  g_assert_cmpint (PQstatus (conn), ==, CONNECTION_OK);
  result = PQexec (conn, sql);
  if (PQresultStatus (result) != PGRES_COMMAND_OK && PQresultStatus (result) != PGRES_TUPLES_OK)
    g_error ("%s: %s", sql, PQerrorMessage (conn));
  PQfinish (conn);
  return result;
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PGresult, PQclear)

/* The first value of the first row of what @sql answers, a number. */
static gint64
sql_number (const char *conninfo,
            const char *sql)
{
  g_autoptr(PGresult) result = sql_on (conninfo, sql);

  g_assert_cmpint (PQntuples (result), ==, 1);
  return g_ascii_strtoll (PQgetvalue (result, 0, 0), NULL, 10);
}

static void
test_pg_too_new (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmPgStore) store = NULL;
  g_autoptr(PGresult) moved_on = NULL;

  {
    g_autoptr(MmStore) first = open_store (fixture);
    g_autoptr(MmStoredGame) game = new_game ("g1", "ann", "ben");

    g_assert_true (mm_store_create_game (first, game, &error));
  }
  g_assert_cmpint (sql_number (fixture->conninfo, "SELECT version FROM schema_version"), ==, 4);
  /* A newer server moved the schema on. */
  moved_on = sql_on (fixture->conninfo, "UPDATE schema_version SET version = 99");
  store = mm_pg_store_new (fixture->conninfo, &error);
  g_assert_null (store);
  g_assert_error (error, MM_STORE_ERROR, MM_STORE_ERROR_TOO_NEW);
  g_assert_nonnull (strstr (error->message, "99"));
  /* And it was left as it was. */
  g_assert_cmpint (sql_number (fixture->conninfo, "SELECT version FROM schema_version"), ==, 99);
  g_assert_cmpint (sql_number (fixture->conninfo, "SELECT count(*) FROM games"), ==, 1);
}

/* No database at the address, and a statement the database refuses:
 * errors with what libpq said. */
static void
test_pg_errors (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmPgStore) nowhere = mm_pg_store_new ("host=/nonexistent dbname=monomachia", &error);
  g_autoptr(MmStore) store = NULL;
  g_autoptr(MmStoredGame) game = new_game ("g1", "ann", "ben");

  g_assert_null (nowhere);
  g_assert_error (error, MM_STORE_ERROR, MM_STORE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "/nonexistent"));
  g_clear_error (&error);

  store = open_store (fixture);
  g_assert_true (mm_store_create_game (store, game, &error));
  g_assert_false (mm_store_create_game (store, game, &error));
  g_assert_error (error, MM_STORE_ERROR, MM_STORE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "duplicate key"));
  g_clear_error (&error);
  /* The ply written before is refused in words of ours. */
  g_assert_true (mm_store_add_move (store, "g1", 1, 37, 1, 1, &error));
  g_assert_false (mm_store_add_move (store, "g1", 1, 37, 1, 1, &error));
  g_assert_error (error, MM_STORE_ERROR, MM_STORE_ERROR_EXISTS);
  g_assert_nonnull (strstr (error->message, "Move 1 of the game “g1”"));
}

#define N_SERVERS 4

typedef struct
{
  const char *conninfo;
  gint       *ready;
  MmPgStore  *store;
  GError     *error;
} Opening;

/* Every thread waits for the others, so that all the servers open the
 * database at once. */
static gpointer
open_together (gpointer user_data)
{
  Opening *opening = user_data;

  g_atomic_int_inc (opening->ready);
  while (g_atomic_int_get (opening->ready) < N_SERVERS)
    g_thread_yield ();
  opening->store = mm_pg_store_new (opening->conninfo, &opening->error);
  return NULL;
}

static void
test_pg_migrate_together (Fixture *fixture, gconstpointer data)
{
  Opening openings[N_SERVERS] = { { NULL } };
  GThread *threads[N_SERVERS];
  g_autoptr(GHashTable) ids = g_hash_table_new (g_int64_hash, g_int64_equal);
  gint64 numbers[N_SERVERS];
  gint ready = 0;

  for (int i = 0; i < N_SERVERS; i++)
    {
      openings[i].conninfo = fixture->conninfo;
      openings[i].ready = &ready;
      threads[i] = g_thread_new ("server", open_together, &openings[i]);
    }
  for (int i = 0; i < N_SERVERS; i++)
    g_thread_join (threads[i]);
  for (int i = 0; i < N_SERVERS; i++)
    {
      g_assert_no_error (openings[i].error);
      g_assert_nonnull (openings[i].store);
    }
  /* One schema, made once: one version, one counter, the tables. */
  g_assert_cmpint (sql_number (fixture->conninfo, "SELECT count(*) FROM schema_version"), ==, 1);
  g_assert_cmpint (sql_number (fixture->conninfo, "SELECT version FROM schema_version"), ==, 4);
  g_assert_cmpint (sql_number (fixture->conninfo, "SELECT count(*) FROM meta"), ==, 1);
  g_assert_cmpint (sql_number (fixture->conninfo,
                               "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"), ==, 13);
  /* Each server's next id is its own. */
  for (int i = 0; i < N_SERVERS; i++)
    {
      g_autoptr(GError) error = NULL;

      numbers[i] = (gint64) mm_store_next_id (MM_STORE (openings[i].store), &error);
      g_assert_no_error (error);
      g_assert_false (g_hash_table_contains (ids, &numbers[i]));
      g_hash_table_add (ids, &numbers[i]);
    }
  for (int i = 0; i < N_SERVERS; i++)
    g_object_unref (openings[i].store);
}

#define N_PLIES 40

typedef struct
{
  MmStore  *store;
  int       square;
  gint     *ready;
  gboolean  taken[N_PLIES + 1];
  guint     n_refused;
} Writer;

/* A server writing every ply of the game with its own square, as fast
 * as it can, against another doing the same. */
static gpointer
write_plies (gpointer user_data)
{
  Writer *writer = user_data;

  g_atomic_int_inc (writer->ready);
  while (g_atomic_int_get (writer->ready) < 2)
    g_thread_yield ();
  for (guint ply = 1; ply <= N_PLIES; ply++)
    {
      g_autoptr(GError) error = NULL;

      writer->taken[ply] = mm_store_add_move (writer->store, "g1", ply, writer->square,
                                              writer->square * 1000 + ply, ply, &error);
      if (!writer->taken[ply] && g_error_matches (error, MM_STORE_ERROR, MM_STORE_ERROR_EXISTS))
        writer->n_refused++;
    }
  return NULL;
}

static void
test_pg_same_ply (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStore) one = open_store (fixture);
  g_autoptr(MmStore) two = open_store (fixture);
  g_autoptr(MmStoredGame) game = new_game ("g1", "ann", "ben");
  g_autoptr(MmStoredGame) kept = NULL;
  Writer writers[2] = { { one, 19 }, { two, 26 } };
  GThread *threads[2];
  gint ready = 0;
  guint last = 0;

  g_assert_true (mm_store_create_game (one, game, &error));
  for (int i = 0; i < 2; i++)
    {
      writers[i].ready = &ready;
      threads[i] = g_thread_new ("server", write_plies, &writers[i]);
    }
  for (int i = 0; i < 2; i++)
    g_thread_join (threads[i]);

  /* Every ply was taken from one of them, the other told no. */
  kept = mm_store_find_game (one, "g1", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kept->moves->len, ==, N_PLIES);
  g_assert_cmpuint (writers[0].n_refused + writers[1].n_refused, ==, N_PLIES);
  for (guint ply = 1; ply <= N_PLIES; ply++)
    {
      int winner = writers[0].taken[ply] ? 0 : 1;

      g_assert_true (writers[0].taken[ply] != writers[1].taken[ply]);
      g_assert_cmpint (g_array_index (kept->moves, int, ply - 1), ==, writers[winner].square);
      if (ply == N_PLIES)
        last = (guint) winner;
    }
  /* The clocks are those of the move taken last. */
  g_assert_cmpint (kept->black_ms, ==, writers[last].square * 1000 + N_PLIES);
  g_assert_cmpint (kept->white_ms, ==, N_PLIES);
}

#define STORE_BACKENDS \
  "SELECT pid FROM pg_stat_activity WHERE datname = current_database ()" \
  " AND application_name = 'monomachia-server'"

/* Waits (ten seconds at most) until the database has no connection of
 * a store. */
static void
wait_for_no_store (const char *conninfo)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (sql_number (conninfo, "SELECT count(*) FROM (" STORE_BACKENDS ") AS stores") > 0)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_usleep (10000);
    }
}

typedef struct
{
  gboolean  told;
  gboolean  kept;
  GError   *error;
} Answer;

static void
answered_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      data)
{
  Answer *answer = data;

  g_assert_false (answer->told);
  answer->told = TRUE;
  answer->kept = mm_store_add_move_finish (MM_STORE (source), result, &answer->error);
}

/* Runs the main loop until every one of @answers is told (ten seconds
 * at most). */
static void
wait_for_answers (Answer *answers,
                  guint   n_answers)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  gboolean all;

  do
    {
      all = TRUE;
      for (guint i = 0; i < n_answers; i++)
        all = all && answers[i].told;
      if (!all)
        {
          g_assert_cmpint (g_get_monotonic_time (), <, deadline);
          g_main_context_iteration (NULL, TRUE);
        }
    }
  while (!all);
}

#define N_MANY 40

/* Moves kept without waiting: several at once, answered on the main
 * loop and never before the call returns, each ply kept once (the same
 * ply again is refused, its clocks left alone), a game there is not
 * refused without taking the others with it; the moves of many games
 * at once, each in its own, game ids quoted as they come.  A cancelled call is answered so, and stops only the
 * waiting: the move is kept all the same. */
static void
test_add_move_async (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStore) store = open_store (fixture);
  g_autoptr(MmStoredGame) game = new_game ("g1", "ann", "ben");
  g_autoptr(MmStoredGame) kept = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  Answer answers[5] = { { FALSE } };

  g_assert_true (mm_store_create_game (store, game, &error));
  mm_store_add_move_async (store, "g1", 1, 37, 299000, 300000, NULL, answered_cb, &answers[0]);
  mm_store_add_move_async (store, "g1", 2, 43, 299000, 298000, NULL, answered_cb, &answers[1]);
  mm_store_add_move_async (store, "g1", 1, 19, 1, 1, NULL, answered_cb, &answers[2]);
  mm_store_add_move_async (store, "g404", 1, 19, 1, 1, NULL, answered_cb, &answers[3]);
  for (guint i = 0; i < 4; i++)
    g_assert_false (answers[i].told);
  wait_for_answers (answers, 4);
  g_assert_no_error (answers[0].error);
  g_assert_true (answers[0].kept);
  g_assert_no_error (answers[1].error);
  g_assert_true (answers[1].kept);
  g_assert_false (answers[2].kept);
  g_assert_error (answers[2].error, MM_STORE_ERROR, MM_STORE_ERROR_EXISTS);
  g_assert_nonnull (strstr (answers[2].error->message, "Move 1 of the game “g1”"));
  g_assert_false (answers[3].kept);
  g_assert_error (answers[3].error, MM_STORE_ERROR, MM_STORE_ERROR_FAILED);

  mm_store_add_move_async (store, "g1", 3, 18, 298000, 298000, cancellable, answered_cb,
                           &answers[4]);
  g_cancellable_cancel (cancellable);
  wait_for_answers (&answers[4], 1);
  g_assert_false (answers[4].kept);
  g_assert_error (answers[4].error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  /* The moves of many games at once (PostgreSQL's go in one statement):
   * each in its game, with its clocks. */
  {
    Answer many[N_MANY] = { { FALSE } };

    for (guint i = 0; i < N_MANY; i++)
      {
        g_autofree char *id = g_strdup_printf ("m\"%u\\", i);
        g_autoptr(MmStoredGame) other = new_game (id, "cleo", "dan");

        g_assert_true (mm_store_create_game (store, other, &error));
        mm_store_add_move_async (store, id, 1, 19 + (int) (i % 4), 1000 + i, 2000 + i, NULL,
                                 answered_cb, &many[i]);
      }
    wait_for_answers (many, N_MANY);
    for (guint i = 0; i < N_MANY; i++)
      {
        g_autofree char *id = g_strdup_printf ("m\"%u\\", i);
        g_autoptr(MmStoredGame) other = mm_store_find_game (store, id, &error);

        g_assert_no_error (many[i].error);
        g_assert_true (many[i].kept);
        g_assert_no_error (error);
        g_assert_cmpuint (other->moves->len, ==, 1);
        g_assert_cmpint (g_array_index (other->moves, int, 0), ==, 19 + (int) (i % 4));
        g_assert_cmpint (other->black_ms, ==, 1000 + i);
        g_assert_cmpint (other->white_ms, ==, 2000 + i);
      }
  }

  kept = mm_store_find_game (store, "g1", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kept->moves->len, ==, 3);
  g_assert_cmpint (g_array_index (kept->moves, int, 0), ==, 37);
  g_assert_cmpint (g_array_index (kept->moves, int, 1), ==, 43);
  g_assert_cmpint (g_array_index (kept->moves, int, 2), ==, 18);
  g_assert_cmpint (kept->white_ms, ==, 298000);
  for (guint i = 0; i < G_N_ELEMENTS (answers); i++)
    g_clear_error (&answers[i].error);
}

/* The store's backend is ended by an administrator between two calls:
 * the next call connects again and is done. */
static void
test_pg_lost_connection (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStore) store = open_store (fixture);
  g_autoptr(MmStoredGame) game = new_game ("g1", "ann", "ben");
  g_autoptr(MmStoredGame) kept = NULL;
  g_autoptr(PGresult) ended = NULL;
  gint64 before, after;

  g_assert_true (mm_store_create_game (store, game, &error));
  before = sql_number (fixture->conninfo, STORE_BACKENDS);
  ended = sql_on (fixture->conninfo,
                  "SELECT pg_terminate_backend (pid) FROM (" STORE_BACKENDS ") AS stores");
  g_assert_cmpint (PQntuples (ended), ==, 1);
  g_assert_cmpstr (PQgetvalue (ended, 0, 0), ==, "t");
  wait_for_no_store (fixture->conninfo);

  g_assert_true (mm_store_add_move (store, "g1", 1, 37, 299000, 300000, &error));
  g_assert_no_error (error);
  after = sql_number (fixture->conninfo, STORE_BACKENDS);
  g_assert_cmpint (after, !=, before);
  kept = mm_store_find_game (store, "g1", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kept->moves->len, ==, 1);
  g_assert_cmpint (kept->black_ms, ==, 299000);
}

/* The database crashes and comes back between two calls (the whole
 * cluster, stopped at once and started again): what was written is
 * there, and the store goes on. */
static void
test_pg_database_restarted (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStore) store = open_store (fixture);
  g_autoptr(MmStoredGame) game = new_game ("g1", "ann", "ben");
  g_autoptr(MmStoredGame) kept = NULL;

  g_assert_true (mm_store_create_game (store, game, &error));
  g_assert_true (mm_store_add_move (store, "g1", 1, 37, 299000, 300000, &error));
  g_assert_true (mm_test_pg_restart (&error));
  g_assert_no_error (error);

  g_assert_true (mm_store_add_move (store, "g1", 2, 43, 299000, 298000, &error));
  g_assert_no_error (error);
  kept = mm_store_find_game (store, "g1", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kept->moves->len, ==, 2);
  g_assert_cmpint (g_array_index (kept->moves, int, 0), ==, 37);
  g_assert_cmpint (kept->white_ms, ==, 298000);
}

#define N_AWAY 5

/* The database crashes with moves to keep: each is refused, in a few
 * seconds, not one connection attempt after the other; once it is back
 * they are kept when sent again. */
static void
ended_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      data)
{
  Answer *answer = data;

  g_assert_false (answer->told);
  answer->told = TRUE;
  answer->kept = mm_store_write_finish (result, &answer->error);
}

/* A game's end kept without waiting: answered on the main loop, never
 * before the call returns; written once (a second end is refused as
 * one already there), a game there is not refused as such. */
static void
test_finish_game_async (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStore) store = open_store (fixture);
  g_autoptr(MmStoredGame) game = new_game ("g1", "ann", "ben");
  g_autoptr(MmStoredGame) kept = NULL;
  Answer answers[3] = { { FALSE } };

  g_assert_true (mm_store_create_game (store, game, &error));
  g_assert_true (mm_store_add_move (store, "g1", 1, 37, 1, 1, &error));
  mm_store_finish_game_async (store, "g1", "black", "resignation", "(;GM[Othello])", NULL,
                              ended_cb, &answers[0]);
  mm_store_finish_game_async (store, "g1", "white", "time", NULL, NULL, ended_cb, &answers[1]);
  mm_store_finish_game_async (store, "g404", "white", "time", NULL, NULL, ended_cb,
                              &answers[2]);
  for (guint i = 0; i < G_N_ELEMENTS (answers); i++)
    g_assert_false (answers[i].told);
  wait_for_answers (answers, G_N_ELEMENTS (answers));
  g_assert_no_error (answers[0].error);
  g_assert_true (answers[0].kept);
  g_assert_false (answers[1].kept);
  g_assert_error (answers[1].error, MM_STORE_ERROR, MM_STORE_ERROR_FINISHED);
  g_assert_false (answers[2].kept);
  g_assert_error (answers[2].error, MM_STORE_ERROR, MM_STORE_ERROR_NOT_FOUND);
  kept = mm_store_find_game (store, "g1", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (kept->winner, ==, "black");
  g_assert_cmpstr (kept->reason, ==, "resignation");
  g_assert_cmpstr (kept->ggf, ==, "(;GM[Othello])");
  g_assert_cmpuint (kept->moves->len, ==, 1);
  for (guint i = 0; i < G_N_ELEMENTS (answers); i++)
    g_clear_error (&answers[i].error);
}

/* A game's row, a take-back and a rating kept without waiting, in the
 * order they were asked with the moves around them. */
static void
test_writes_async (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStore) store = open_store (fixture);
  g_autoptr(MmStoredGame) game = new_game ("g1", "ann", "ben");
  g_autoptr(MmStoredAccount) anna = mm_stored_account_new ("Άννα", "$argon2id$v=19$fake");
  g_autoptr(MmStoredGame) kept = NULL;
  g_autoptr(MmStoredAccount) rated = NULL;
  Answer answers[5] = { { FALSE } };
  Answer created = { FALSE };

  /* The row, and a move sent before its answer: after it. */
  mm_store_create_game_async (store, game, NULL, ended_cb, &created);
  g_assert_false (created.told);
  g_assert_true (mm_store_create_account (store, anna, &error));
  mm_store_add_move_async (store, "g1", 1, 37, 299000, 300000, NULL, answered_cb, &answers[0]);
  wait_for_answers (&created, 1);
  g_assert_no_error (created.error);
  g_assert_true (created.kept);
  wait_for_answers (&answers[0], 1);
  mm_store_add_move_async (store, "g1", 2, 43, 299000, 298000, NULL, answered_cb, &answers[1]);
  wait_for_answers (&answers[1], 1);
  /* Back to one move, then another second move. */
  mm_store_take_back_async (store, "g1", 1, 299000, 297000, NULL, ended_cb, &answers[2]);
  g_assert_false (answers[2].told);
  mm_store_add_move_async (store, "g1", 2, 45, 299000, 296000, NULL, answered_cb, &answers[3]);
  anna->rating = 1612.5;
  anna->deviation = 201.25;
  mm_store_save_rating_async (store, anna, NULL, ended_cb, &answers[4]);
  g_assert_false (answers[4].told);
  wait_for_answers (answers, G_N_ELEMENTS (answers));
  for (guint i = 0; i < G_N_ELEMENTS (answers); i++)
    {
      g_assert_no_error (answers[i].error);
      g_assert_true (answers[i].kept);
    }
  kept = mm_store_find_game (store, "g1", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kept->moves->len, ==, 2);
  g_assert_cmpint (g_array_index (kept->moves, int, 1), ==, 45);
  g_assert_cmpint (kept->white_ms, ==, 296000);
  rated = mm_store_find_account (store, "ΑΝΝΑ", &error);
  g_assert_no_error (error);
  g_assert_cmpfloat_with_epsilon (rated->rating, 1612.5, 1e-9);
  g_assert_cmpfloat_with_epsilon (rated->deviation, 201.25, 1e-9);
}

/* A game's end made while the database is down is written when it is
 * back, and answered then: an end is never lost to a crash. */
static void
test_pg_finish_game_async_away (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStore) store = open_store (fixture);
  g_autoptr(MmStoredGame) game = new_game ("g1", "ann", "ben");
  g_autoptr(MmStoredGame) kept = NULL;
  Answer first = { FALSE }, end = { FALSE };

  g_assert_true (mm_store_create_game (store, game, &error));
  /* The pipeline connected. */
  mm_store_add_move_async (store, "g1", 1, 37, 1, 1, NULL, answered_cb, &first);
  wait_for_answers (&first, 1);
  g_assert_no_error (first.error);

  g_assert_true (mm_test_pg_crash (&error));
  g_assert_no_error (error);
  mm_store_finish_game_async (store, "g1", "white", "time", NULL, NULL, ended_cb, &end);
  {
    gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC / 2;

    while (g_get_monotonic_time () < until)
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (10000);
  }
  g_assert_false (end.told);
  g_assert_true (mm_test_pg_start_again (&error));
  g_assert_no_error (error);
  wait_for_answers (&end, 1);
  g_assert_no_error (end.error);
  g_assert_true (end.kept);
  kept = mm_store_find_game (store, "g1", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (kept->winner, ==, "white");
}

static void
test_pg_add_move_async_away (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStore) store = open_store (fixture);
  Answer first = { FALSE };
  Answer answers[N_AWAY] = { { FALSE } };
  gint64 deadline;

  for (guint i = 0; i < N_AWAY; i++)
    {
      g_autofree char *id = g_strdup_printf ("g%u", i);
      g_autoptr(MmStoredGame) game = new_game (id, "ann", "ben");

      g_assert_true (mm_store_create_game (store, game, &error));
    }
  /* The pipeline connected, with a move kept. */
  mm_store_add_move_async (store, "g0", 1, 37, 1, 1, NULL, answered_cb, &first);
  wait_for_answers (&first, 1);
  g_assert_no_error (first.error);

  g_assert_true (mm_test_pg_crash (&error));
  g_assert_no_error (error);
  for (guint i = 0; i < N_AWAY; i++)
    {
      g_autofree char *id = g_strdup_printf ("g%u", i);

      mm_store_add_move_async (store, id, 2, 43, 1, 1, NULL, answered_cb, &answers[i]);
    }
  wait_for_answers (answers, N_AWAY);
  for (guint i = 0; i < N_AWAY; i++)
    {
      g_assert_false (answers[i].kept);
      g_assert_error (answers[i].error, MM_STORE_ERROR, MM_STORE_ERROR_FAILED);
    }

  g_assert_true (mm_test_pg_start_again (&error));
  g_assert_no_error (error);
  deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
  for (guint i = 0; i < N_AWAY; i++)
    while (!answers[i].kept)
      {
        g_autofree char *id = g_strdup_printf ("g%u", i);

        g_assert_cmpint (g_get_monotonic_time (), <, deadline);
        g_clear_error (&answers[i].error);
        answers[i].told = FALSE;
        mm_store_add_move_async (store, id, 2, 43, 1, 1, NULL, answered_cb, &answers[i]);
        wait_for_answers (&answers[i], 1);
        if (!answers[i].kept)
          g_usleep (100000);
      }
  for (guint i = 0; i < N_AWAY; i++)
    {
      g_autofree char *id = g_strdup_printf ("g%u", i);
      g_autoptr(MmStoredGame) kept = mm_store_find_game (store, id, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (kept->moves->len, ==, i == 0 ? 2 : 1);
      g_clear_error (&answers[i].error);
    }
}

/* Both stores through the same tests. */
static void
add_test (Backend      backend,
          const char  *name,
          void       (*func) (Fixture *, gconstpointer))
{
  g_autofree char *path =
    g_strdup_printf ("/store/%s/%s", backend == BACKEND_SQLITE ? "sqlite" : "postgresql", name);

  g_test_add (path, Fixture, GINT_TO_POINTER (backend), fixture_set_up, func, fixture_tear_down);
}

static void
add_for_both (const char  *name,
              void       (*func) (Fixture *, gconstpointer))
{
  add_test (BACKEND_SQLITE, name, func);
  add_test (BACKEND_POSTGRESQL, name, func);
}

int
main (int argc, char *argv[])
{
  g_autoptr(GError) error = NULL;
  g_autofree char *conninfo = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  if ((conninfo = mm_test_pg_start (&error)) == NULL)
    {
      g_printerr ("No PostgreSQL for the tests: %s\n", error->message);
      return 77;
    }

  add_for_both ("ids-last", test_ids_last);
  add_for_both ("sessions", test_sessions);
  add_for_both ("games", test_games);
  add_for_both ("archive-order", test_archive_order);
  add_for_both ("rated", test_rated);
  add_for_both ("accounts", test_accounts);
  add_for_both ("meta", test_meta);
  add_for_both ("close-period", test_close_period);
  add_for_both ("moderation", test_moderation);
  add_for_both ("add-move-async", test_add_move_async);
  add_for_both ("finish-game-async", test_finish_game_async);
  add_for_both ("writes-async", test_writes_async);
  add_test (BACKEND_SQLITE, "not-a-database", test_not_a_database);
  add_test (BACKEND_SQLITE, "too-new", test_too_new);
  add_test (BACKEND_SQLITE, "clear", test_clear);
  add_test (BACKEND_POSTGRESQL, "too-new", test_pg_too_new);
  add_test (BACKEND_POSTGRESQL, "errors", test_pg_errors);
  add_test (BACKEND_POSTGRESQL, "migrate-together", test_pg_migrate_together);
  add_test (BACKEND_POSTGRESQL, "same-ply", test_pg_same_ply);
  add_test (BACKEND_POSTGRESQL, "lost-connection", test_pg_lost_connection);
  add_test (BACKEND_POSTGRESQL, "database-restarted", test_pg_database_restarted);
  add_test (BACKEND_POSTGRESQL, "add-move-async-away", test_pg_add_move_async_away);
  add_test (BACKEND_POSTGRESQL, "finish-game-async-away", test_pg_finish_game_async_away);

  status = g_test_run ();
  mm_test_pg_stop ();
  return status;
}
