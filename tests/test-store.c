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

/* The store's records, SQLite's and PostgreSQL's through the same
 * tests: ids, sessions, games and their archive, accounts, ratings and
 * their periods, meta values and moderation; what is written is there
 * after the store is closed and opened again, as after a server killed
 * and restarted.  Then what each database has of its own: a SQLite file
 * that is not a database, or one from a newer server, is refused with a
 * clear error and left as it was, and a store cleared is as a new one;
 * on PostgreSQL, a schema from a newer server is refused too, and
 * errors say what libpq said.  The moves (written at once, without
 * waiting, by two servers, with the database lost) are
 * test-store-moves.c's; the fixture is mm-test-store.c's.  PostgreSQL is
 * a throwaway cluster (mm-test-pg.c), a database a test; without
 * PostgreSQL the whole test is skipped. */

#include <sqlite3.h>
#include <string.h>

#include "mm-board.h"
#include "mm-pg-store.h"
#include "mm-sqlite-store.h"
#include "mm-test-pg.h"
#include "mm-test-store.h"

static void
test_ids_last (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  guint64 first, second, after, block;

  {
    g_autoptr(MmStore) store = mm_test_store_open (fixture);

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
    g_autoptr(MmStore) store = mm_test_store_open (fixture);

    after = mm_store_next_id (store, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (after, >, second);
  }
}

static void
test_sessions (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStoredSession) nikos = mm_stored_session_new ("aa11", "Νίκος", TRUE);
  g_autoptr(MmStoredSession) zoe = mm_stored_session_new ("bb22", "Zoë", FALSE);

  {
    g_autoptr(MmStore) store = mm_test_store_open (fixture);

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
    g_autoptr(MmStore) store = mm_test_store_open (fixture);
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
    g_autoptr(MmStore) store = mm_test_store_open (fixture);
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
test_games (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStoredGame) one = mm_test_store_new_game ("g1", "Άννα", "ben");
  g_autoptr(MmStoredGame) two = mm_test_store_new_game ("g2", "ben", "cleo");
  static const int squares[] = { 37, 43, 18, MM_SQUARE_PASS, 26 };

  {
    g_autoptr(MmStore) store = mm_test_store_open (fixture);

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
    g_autoptr(MmStore) store = mm_test_store_open (fixture);
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
test_accounts (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStoredAccount) eleni = mm_stored_account_new ("Ελένη", "$argon2id$v=19$fake");
  g_autoptr(MmStoredAccount) again = mm_stored_account_new ("ΕΛΕΝΗ", "$argon2id$v=19$other");

  {
    g_autoptr(MmStore) store = mm_test_store_open (fixture);
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
    g_autoptr(MmStore) store = mm_test_store_open (fixture);
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
test_archive_order (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  static const char *const ids[] = { "g1", "g2", "g3", "g4" };
  static const gint64 started[] = { 1700000300, 1700000100, 1700000200, 1700000400 };

  {
    g_autoptr(MmStore) store = mm_test_store_open (fixture);

    for (gsize i = 0; i < G_N_ELEMENTS (ids); i++)
      {
        g_autoptr(MmStoredGame) game = mm_test_store_new_game (ids[i], i % 2 == 0 ? "Ann" : "ben",
                                                               "cleo");

        game->started = started[i];
        g_assert_true (mm_store_create_game (store, game, &error));
      }
    g_assert_true (mm_store_finish_game (store, "g1", "black", "score", NULL, &error));
    g_assert_true (mm_store_finish_game (store, "g2", "draw", "score", NULL, &error));
    g_assert_true (mm_store_finish_game (store, "g3", "white", "time", NULL, &error));
    g_assert_no_error (error);
  }
  {
    g_autoptr(MmStore) store = mm_test_store_open (fixture);
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
test_rated (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStore) store = mm_test_store_open (fixture);
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
      g_autoptr(MmStoredGame) made = mm_test_store_new_game (games[i].id, "ann", "ben");

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
test_meta (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  gint64 value = 0;

  {
    g_autoptr(MmStore) store = mm_test_store_open (fixture);

    g_assert_false (mm_store_get_meta (store, "rated_until", &value, &error));
    g_assert_no_error (error);
    g_assert_true (mm_store_set_meta (store, "rated_until", 1700000000, &error));
    g_assert_true (mm_store_set_meta (store, "rated_until", G_GINT64_CONSTANT (1) << 40, &error));
    g_assert_no_error (error);
  }
  {
    g_autoptr(MmStore) store = mm_test_store_open (fixture);

    g_assert_true (mm_store_get_meta (store, "rated_until", &value, &error));
    g_assert_no_error (error);
    g_assert_cmpint (value, ==, G_GINT64_CONSTANT (1) << 40);
  }
}

/* A rating period is closed once: its end and the ratings kept
 * together, and a second close of the same period (another server of
 * a cluster, which computed it too) refused whole. */
static void
test_close_period (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStore) store = mm_test_store_open (fixture);
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
test_moderation (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStoredAccount) dora = mm_stored_account_new ("Δώρα", "$argon2id$v=19$fake");
  MmStoredSanction ban = { (char *) "ban-account", (char *) "κακος", 0, (char *) "spam",
                           (char *) "Δώρα" };
  MmStoredSanction mute = { (char *) "mute", (char *) "loud", 0, NULL, NULL };
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  {
    g_autoptr(MmStore) store = mm_test_store_open (fixture);

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
    g_autoptr(MmStore) store = mm_test_store_open (fixture);
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
test_clear (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmSqliteStore) sqlite_store = mm_sqlite_store_new (fixture->path, &error);
  MmStore *store = MM_STORE (sqlite_store);
  g_autoptr(MmStoredSession) session = mm_stored_session_new ("aa11", "Νίκος", TRUE);
  g_autoptr(MmStoredGame) one = mm_test_store_new_game ("g1", "Άννα", "ben");
  g_autoptr(MmStoredGame) two = mm_test_store_new_game ("g2", "ben", "cleo");
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

/* mm_store_call_async(): a call of the store's made without waiting. */
typedef struct
{
  guint            index;
  const char      *token_hash;
  GThread         *ran_on;
  guint           *next_run;
  guint            ran_as;
  MmStoredSession *found;
} Call;

typedef struct
{
  Call     *call;
  guint    *next_answer;
  guint     answered_as;
  gboolean  told;
  GError   *error;
} CallAnswer;

/* Writes a session's row and reads back that of the call before (or
 * fails, for the call that asks for no row). */
static gboolean
save_and_find (MmStore  *store,
               gpointer  data,
               GError  **error)
{
  Call *call = data;
  g_autofree char *hash = g_strdup_printf ("hash-%u", call->index);
  g_autofree char *before = g_strdup_printf ("hash-%u", call->index - 1);
  g_autoptr(MmStoredSession) session = mm_stored_session_new (hash, "Φοίβη", TRUE);

  call->ran_on = g_thread_self ();
  call->ran_as = (*call->next_run)++;
  if (call->token_hash != NULL)
    {
      g_set_error (error, MM_STORE_ERROR, MM_STORE_ERROR_NOT_FOUND, "asked to fail");
      return FALSE;
    }
  if (!mm_store_save_session (store, session, error))
    return FALSE;
  call->found = call->index > 0 ? mm_store_find_session (store, before, error) : NULL;
  return call->index == 0 || call->found != NULL;
}

static void
call_answered_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      data)
{
  CallAnswer *answer = data;

  /* The test's own thread: its main context */
  g_assert_true (g_main_context_is_owner (g_main_context_default ()));
  answer->answered_as = (*answer->next_answer)++;
  answer->told = mm_store_call_finish (result, &answer->error) || answer->error != NULL;
}

/* Makes @n_calls calls of save_and_find() in one order, the last asked
 * to fail. */
static void
start_calls (MmStore    *store,
             Call       *calls,
             CallAnswer *answers,
             guint       n_calls,
             guint      *next_run,
             guint      *next_answer)
{
  for (guint i = 0; i < n_calls; i++)
    {
      calls[i].index = i;
      calls[i].next_run = next_run;
      calls[i].token_hash = i == n_calls - 1 ? "fail" : NULL;
      answers[i].call = &calls[i];
      answers[i].next_answer = next_answer;
      mm_store_call_async (store, "one order", save_and_find, &calls[i], call_answered_cb,
                           &answers[i]);
    }
}

/* Runs the main loop until every call is answered (10 s at most). */
static void
wait_until_told (CallAnswer *answers,
                 guint       n_answers)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;
  guint told = 0;

  while (told < n_answers)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
      told = 0;
      for (guint i = 0; i < n_answers; i++)
        told += answers[i].told;
    }
}

/* The calls run in the order they were made (each finds the row of the
 * one before), PostgreSQL's off the main thread; their answers come on
 * the main thread in the same order, a failure with its error. */
static void
test_calls (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(MmStore) store = mm_test_store_open (fixture);
  Call calls[12] = { 0 };
  CallAnswer answers[G_N_ELEMENTS (calls)] = { 0 };
  guint next_run = 0, next_answer = 0;

  start_calls (store, calls, answers, G_N_ELEMENTS (calls), &next_run, &next_answer);
  wait_until_told (answers, G_N_ELEMENTS (calls));
  for (guint i = 0; i < G_N_ELEMENTS (calls); i++)
    {
      g_assert_cmpuint (calls[i].ran_as, ==, i);
      g_assert_cmpuint (answers[i].answered_as, ==, i);
      if (fixture->backend == MM_TEST_STORE_POSTGRESQL)
        g_assert_true (calls[i].ran_on != g_thread_self ());
      if (i + 1 < G_N_ELEMENTS (calls))
        g_assert_no_error (answers[i].error);
      if (i > 0 && i + 1 < G_N_ELEMENTS (calls))
        {
          g_autofree char *before = g_strdup_printf ("hash-%u", i - 1);

          g_assert_cmpstr (calls[i].found->token_hash, ==, before);
        }
      g_clear_pointer (&calls[i].found, mm_stored_session_free);
    }
  g_assert_error (answers[G_N_ELEMENTS (calls) - 1].error, MM_STORE_ERROR,
                  MM_STORE_ERROR_NOT_FOUND);
  g_clear_error (&answers[G_N_ELEMENTS (calls) - 1].error);
}

/* A call that waits until the test lets it go (10 s at most). */
static gboolean
wait_at_gate (MmStore  *store,
              gpointer  data,
              GError  **error)
{
  gint *gate = data;
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!g_atomic_int_get (gate) && g_get_monotonic_time () < deadline)
    g_usleep (1000);
  return TRUE;
}

static gboolean
do_nothing (MmStore  *store,
            gpointer  data,
            GError  **error)
{
  return TRUE;
}

static void
count_answer_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      data)
{
  guint *answered = data;

  g_assert_true (mm_store_call_finish (result, NULL));
  (*answered)++;
}

/* A call that takes long holds up only the calls of its own order
 * behind it: others, on other lanes, are answered meanwhile. */
static void
test_calls_lanes (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(MmStore) store = mm_test_store_open (fixture);
  gint gate = FALSE;
  guint gate_answered = 0, behind = 0, others = 0;
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  mm_store_call_async (store, "slow", wait_at_gate, &gate, count_answer_cb, &gate_answered);
  mm_store_call_async (store, "slow", do_nothing, NULL, count_answer_cb, &behind);
  for (guint i = 0; i < 8; i++)
    {
      g_autofree char *order = g_strdup_printf ("other-%u", i);

      mm_store_call_async (store, order, do_nothing, NULL, count_answer_cb, &others);
    }
  while (others == 0)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
  g_assert_cmpuint (gate_answered, ==, 0);
  g_assert_cmpuint (behind, ==, 0);
  g_atomic_int_set (&gate, TRUE);
  while (gate_answered + behind + others < 10)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
}

/* A store that goes with calls still to run answers each of them: done
 * or failed, none left untold. */
static void
test_calls_store_gone (MmTestStoreFixture *fixture, gconstpointer data)
{
  MmStore *store = mm_test_store_open (fixture);
  Call calls[40] = { 0 };
  CallAnswer answers[G_N_ELEMENTS (calls)] = { 0 };
  guint next_run = 0, next_answer = 0;

  start_calls (store, calls, answers, G_N_ELEMENTS (calls), &next_run, &next_answer);
  g_object_unref (store);
  wait_until_told (answers, G_N_ELEMENTS (calls));
  for (guint i = 0; i < G_N_ELEMENTS (calls); i++)
    {
      g_assert_cmpuint (answers[i].answered_as, ==, i);
      g_clear_error (&answers[i].error);
      g_clear_pointer (&calls[i].found, mm_stored_session_free);
    }
}

static void
test_not_a_database (MmTestStoreFixture *fixture, gconstpointer data)
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
test_too_new (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmSqliteStore) store = NULL;

  {
    g_autoptr(MmStore) first = mm_test_store_open (fixture);
    g_autoptr(MmStoredGame) game = mm_test_store_new_game ("g1", "ann", "ben");

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

static void
test_pg_too_new (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmPgStore) store = NULL;
  g_autoptr(PGresult) moved_on = NULL;

  {
    g_autoptr(MmStore) first = mm_test_store_open (fixture);
    g_autoptr(MmStoredGame) game = mm_test_store_new_game ("g1", "ann", "ben");

    g_assert_true (mm_store_create_game (first, game, &error));
  }
  g_assert_cmpint (mm_test_store_sql_number (fixture->conninfo,
                                             "SELECT version FROM schema_version"), ==, 4);
  /* A newer server moved the schema on. */
  moved_on = mm_test_store_sql_on (fixture->conninfo, "UPDATE schema_version SET version = 99");
  store = mm_pg_store_new (fixture->conninfo, &error);
  g_assert_null (store);
  g_assert_error (error, MM_STORE_ERROR, MM_STORE_ERROR_TOO_NEW);
  g_assert_nonnull (strstr (error->message, "99"));
  /* And it was left as it was. */
  g_assert_cmpint (mm_test_store_sql_number (fixture->conninfo,
                                             "SELECT version FROM schema_version"), ==, 99);
  g_assert_cmpint (mm_test_store_sql_number (fixture->conninfo,
                                             "SELECT count(*) FROM games"), ==, 1);
}

/* No database at the address, and a statement the database refuses:
 * errors with what libpq said. */
static void
test_pg_errors (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmPgStore) nowhere = mm_pg_store_new ("host=/nonexistent dbname=monomachia", &error);
  g_autoptr(MmStore) store = NULL;
  g_autoptr(MmStoredGame) game = mm_test_store_new_game ("g1", "ann", "ben");

  g_assert_null (nowhere);
  g_assert_error (error, MM_STORE_ERROR, MM_STORE_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "/nonexistent"));
  g_clear_error (&error);

  store = mm_test_store_open (fixture);
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

  mm_test_store_add_for_both ("ids-last", test_ids_last);
  mm_test_store_add_for_both ("sessions", test_sessions);
  mm_test_store_add_for_both ("games", test_games);
  mm_test_store_add_for_both ("archive-order", test_archive_order);
  mm_test_store_add_for_both ("rated", test_rated);
  mm_test_store_add_for_both ("accounts", test_accounts);
  mm_test_store_add_for_both ("meta", test_meta);
  mm_test_store_add_for_both ("close-period", test_close_period);
  mm_test_store_add_for_both ("moderation", test_moderation);
  mm_test_store_add_for_both ("calls", test_calls);
  mm_test_store_add_for_both ("calls-store-gone", test_calls_store_gone);
  mm_test_store_add_test (MM_TEST_STORE_SQLITE, "not-a-database", test_not_a_database);
  mm_test_store_add_test (MM_TEST_STORE_SQLITE, "too-new", test_too_new);
  mm_test_store_add_test (MM_TEST_STORE_SQLITE, "clear", test_clear);
  mm_test_store_add_test (MM_TEST_STORE_POSTGRESQL, "too-new", test_pg_too_new);
  mm_test_store_add_test (MM_TEST_STORE_POSTGRESQL, "errors", test_pg_errors);
  mm_test_store_add_test (MM_TEST_STORE_POSTGRESQL, "calls-lanes", test_calls_lanes);

  status = g_test_run ();
  mm_test_pg_stop ();
  return status;
}
