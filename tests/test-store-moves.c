/* test-store-moves.c
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

/* The store's moves, SQLite's and PostgreSQL's through the same tests:
 * a move kept without waiting (mm_store_add_move_async()) is answered
 * on the main loop, never before the call returns, in the order sent,
 * and so are a game's start and end, a take-back and a rating.  Then
 * PostgreSQL's own, with more than one server on a database: servers
 * that start together migrate once, a ply written by two of them is
 * taken once, a lost connection is made again, and the database
 * crashing and coming back loses nothing that was answered as kept.
 * The records are test-store.c's; the fixture is mm-test-store.c's.
 * PostgreSQL is a throwaway cluster (mm-test-pg.c), a database a test;
 * without PostgreSQL the whole test is skipped. */

#include <string.h>

#include "mm-pg-store.h"
#include "mm-test-pg.h"
#include "mm-test-store.h"

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
test_pg_migrate_together (MmTestStoreFixture *fixture, gconstpointer data)
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
  g_assert_cmpint (mm_test_store_sql_number (fixture->conninfo,
                                             "SELECT count(*) FROM schema_version"), ==, 1);
  g_assert_cmpint (mm_test_store_sql_number (fixture->conninfo,
                                             "SELECT version FROM schema_version"), ==, 4);
  g_assert_cmpint (mm_test_store_sql_number (fixture->conninfo,
                                             "SELECT count(*) FROM meta"), ==, 1);
  g_assert_cmpint (mm_test_store_sql_number (fixture->conninfo,
                                             "SELECT count(*) FROM pg_tables"
                                             " WHERE schemaname = 'public'"), ==, 13);
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
test_pg_same_ply (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStore) one = mm_test_store_open (fixture);
  g_autoptr(MmStore) two = mm_test_store_open (fixture);
  g_autoptr(MmStoredGame) game = mm_test_store_new_game ("g1", "ann", "ben");
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

  while (mm_test_store_sql_number (conninfo,
                                   "SELECT count(*) FROM (" STORE_BACKENDS ") AS stores") > 0)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_usleep (10000);
    }
}

#define N_MANY 40

/* Moves kept without waiting: several at once, answered on the main
 * loop and never before the call returns, each ply kept once (the same
 * ply again is refused, its clocks left alone), a game there is not
 * refused without taking the others with it; the moves of many games
 * at once, each in its own, game ids quoted as they come.  A cancelled call is answered so, and stops only the
 * waiting: the move is kept all the same. */
static void
test_add_move_async (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStore) store = mm_test_store_open (fixture);
  g_autoptr(MmStoredGame) game = mm_test_store_new_game ("g1", "ann", "ben");
  g_autoptr(MmStoredGame) kept = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  MmTestStoreAnswer answers[5] = { { FALSE } };

  g_assert_true (mm_store_create_game (store, game, &error));
  mm_store_add_move_async (store, "g1", 1, 37, 299000, 300000, NULL,
                           mm_test_store_answered_cb, &answers[0]);
  mm_store_add_move_async (store, "g1", 2, 43, 299000, 298000, NULL,
                           mm_test_store_answered_cb, &answers[1]);
  mm_store_add_move_async (store, "g1", 1, 19, 1, 1, NULL, mm_test_store_answered_cb, &answers[2]);
  mm_store_add_move_async (store, "g404", 1, 19, 1, 1, NULL,
                           mm_test_store_answered_cb, &answers[3]);
  for (guint i = 0; i < 4; i++)
    g_assert_false (answers[i].told);
  mm_test_store_wait_for_answers (answers, 4);
  g_assert_no_error (answers[0].error);
  g_assert_true (answers[0].kept);
  g_assert_no_error (answers[1].error);
  g_assert_true (answers[1].kept);
  g_assert_false (answers[2].kept);
  g_assert_error (answers[2].error, MM_STORE_ERROR, MM_STORE_ERROR_EXISTS);
  g_assert_nonnull (strstr (answers[2].error->message, "Move 1 of the game “g1”"));
  g_assert_false (answers[3].kept);
  g_assert_error (answers[3].error, MM_STORE_ERROR, MM_STORE_ERROR_FAILED);

  mm_store_add_move_async (store, "g1", 3, 18, 298000, 298000, cancellable,
                           mm_test_store_answered_cb, &answers[4]);
  g_cancellable_cancel (cancellable);
  mm_test_store_wait_for_answers (&answers[4], 1);
  g_assert_false (answers[4].kept);
  g_assert_error (answers[4].error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  /* The moves of many games at once (PostgreSQL's go in one statement):
   * each in its game, with its clocks. */
  {
    MmTestStoreAnswer many[N_MANY] = { { FALSE } };

    for (guint i = 0; i < N_MANY; i++)
      {
        g_autofree char *id = g_strdup_printf ("m\"%u\\", i);
        g_autoptr(MmStoredGame) other = mm_test_store_new_game (id, "cleo", "dan");

        g_assert_true (mm_store_create_game (store, other, &error));
        mm_store_add_move_async (store, id, 1, 19 + (int) (i % 4), 1000 + i, 2000 + i, NULL,
                                 mm_test_store_answered_cb, &many[i]);
      }
    mm_test_store_wait_for_answers (many, N_MANY);
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
test_pg_lost_connection (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStore) store = mm_test_store_open (fixture);
  g_autoptr(MmStoredGame) game = mm_test_store_new_game ("g1", "ann", "ben");
  g_autoptr(MmStoredGame) kept = NULL;
  g_autoptr(PGresult) ended = NULL;
  gint64 before, after;

  g_assert_true (mm_store_create_game (store, game, &error));
  before = mm_test_store_sql_number (fixture->conninfo, STORE_BACKENDS);
  ended = mm_test_store_sql_on (fixture->conninfo,
                                "SELECT pg_terminate_backend (pid)"
                                " FROM (" STORE_BACKENDS ") AS stores");
  g_assert_cmpint (PQntuples (ended), ==, 1);
  g_assert_cmpstr (PQgetvalue (ended, 0, 0), ==, "t");
  wait_for_no_store (fixture->conninfo);

  g_assert_true (mm_store_add_move (store, "g1", 1, 37, 299000, 300000, &error));
  g_assert_no_error (error);
  after = mm_test_store_sql_number (fixture->conninfo, STORE_BACKENDS);
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
test_pg_database_restarted (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStore) store = mm_test_store_open (fixture);
  g_autoptr(MmStoredGame) game = mm_test_store_new_game ("g1", "ann", "ben");
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

/* A game's end kept without waiting: answered on the main loop, never
 * before the call returns; written once (a second end is refused as
 * one already there), a game there is not refused as such. */
static void
test_finish_game_async (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStore) store = mm_test_store_open (fixture);
  g_autoptr(MmStoredGame) game = mm_test_store_new_game ("g1", "ann", "ben");
  g_autoptr(MmStoredGame) kept = NULL;
  MmTestStoreAnswer answers[3] = { { FALSE } };

  g_assert_true (mm_store_create_game (store, game, &error));
  g_assert_true (mm_store_add_move (store, "g1", 1, 37, 1, 1, &error));
  mm_store_finish_game_async (store, "g1", "black", "resignation", "(;GM[Othello])", NULL,
                              mm_test_store_ended_cb, &answers[0]);
  mm_store_finish_game_async (store, "g1", "white", "time", NULL, NULL,
                              mm_test_store_ended_cb, &answers[1]);
  mm_store_finish_game_async (store, "g404", "white", "time", NULL, NULL, mm_test_store_ended_cb,
                              &answers[2]);
  for (guint i = 0; i < G_N_ELEMENTS (answers); i++)
    g_assert_false (answers[i].told);
  mm_test_store_wait_for_answers (answers, G_N_ELEMENTS (answers));
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
test_writes_async (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStore) store = mm_test_store_open (fixture);
  g_autoptr(MmStoredGame) game = mm_test_store_new_game ("g1", "ann", "ben");
  g_autoptr(MmStoredAccount) anna = mm_stored_account_new ("Άννα", "$argon2id$v=19$fake");
  g_autoptr(MmStoredGame) kept = NULL;
  g_autoptr(MmStoredAccount) rated = NULL;
  MmTestStoreAnswer answers[5] = { { FALSE } };
  MmTestStoreAnswer created = { FALSE };

  /* The row, and a move sent before its answer: after it. */
  mm_store_create_game_async (store, game, NULL, mm_test_store_ended_cb, &created);
  g_assert_false (created.told);
  g_assert_true (mm_store_create_account (store, anna, &error));
  mm_store_add_move_async (store, "g1", 1, 37, 299000, 300000, NULL,
                           mm_test_store_answered_cb, &answers[0]);
  mm_test_store_wait_for_answers (&created, 1);
  g_assert_no_error (created.error);
  g_assert_true (created.kept);
  mm_test_store_wait_for_answers (&answers[0], 1);
  mm_store_add_move_async (store, "g1", 2, 43, 299000, 298000, NULL,
                           mm_test_store_answered_cb, &answers[1]);
  mm_test_store_wait_for_answers (&answers[1], 1);
  /* Back to one move, then another second move. */
  mm_store_take_back_async (store, "g1", 1, 299000, 297000, NULL,
                            mm_test_store_ended_cb, &answers[2]);
  g_assert_false (answers[2].told);
  mm_store_add_move_async (store, "g1", 2, 45, 299000, 296000, NULL,
                           mm_test_store_answered_cb, &answers[3]);
  anna->rating = 1612.5;
  anna->deviation = 201.25;
  mm_store_save_rating_async (store, anna, NULL, mm_test_store_ended_cb, &answers[4]);
  g_assert_false (answers[4].told);
  mm_test_store_wait_for_answers (answers, G_N_ELEMENTS (answers));
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
test_pg_finish_game_async_away (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStore) store = mm_test_store_open (fixture);
  g_autoptr(MmStoredGame) game = mm_test_store_new_game ("g1", "ann", "ben");
  g_autoptr(MmStoredGame) kept = NULL;
  MmTestStoreAnswer first = { FALSE }, end = { FALSE };

  g_assert_true (mm_store_create_game (store, game, &error));
  /* The pipeline connected. */
  mm_store_add_move_async (store, "g1", 1, 37, 1, 1, NULL, mm_test_store_answered_cb, &first);
  mm_test_store_wait_for_answers (&first, 1);
  g_assert_no_error (first.error);

  g_assert_true (mm_test_pg_crash (&error));
  g_assert_no_error (error);
  mm_store_finish_game_async (store, "g1", "white", "time", NULL, NULL,
                              mm_test_store_ended_cb, &end);
  {
    gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC / 2;

    while (g_get_monotonic_time () < until)
      if (!g_main_context_iteration (NULL, FALSE))
        g_usleep (10000);
  }
  g_assert_false (end.told);
  g_assert_true (mm_test_pg_start_again (&error));
  g_assert_no_error (error);
  mm_test_store_wait_for_answers (&end, 1);
  g_assert_no_error (end.error);
  g_assert_true (end.kept);
  kept = mm_store_find_game (store, "g1", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (kept->winner, ==, "white");
}

#define N_AWAY 5

/* The database crashes with moves to keep: each is refused, in a few
 * seconds, not one connection attempt after the other; once it is back
 * they are kept when sent again. */
static void
test_pg_add_move_async_away (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmStore) store = mm_test_store_open (fixture);
  MmTestStoreAnswer first = { FALSE };
  MmTestStoreAnswer answers[N_AWAY] = { { FALSE } };
  gint64 deadline;

  for (guint i = 0; i < N_AWAY; i++)
    {
      g_autofree char *id = g_strdup_printf ("g%u", i);
      g_autoptr(MmStoredGame) game = mm_test_store_new_game (id, "ann", "ben");

      g_assert_true (mm_store_create_game (store, game, &error));
    }
  /* The pipeline connected, with a move kept. */
  mm_store_add_move_async (store, "g0", 1, 37, 1, 1, NULL, mm_test_store_answered_cb, &first);
  mm_test_store_wait_for_answers (&first, 1);
  g_assert_no_error (first.error);

  g_assert_true (mm_test_pg_crash (&error));
  g_assert_no_error (error);
  for (guint i = 0; i < N_AWAY; i++)
    {
      g_autofree char *id = g_strdup_printf ("g%u", i);

      mm_store_add_move_async (store, id, 2, 43, 1, 1, NULL,
                               mm_test_store_answered_cb, &answers[i]);
    }
  mm_test_store_wait_for_answers (answers, N_AWAY);
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
        mm_store_add_move_async (store, id, 2, 43, 1, 1, NULL,
                                 mm_test_store_answered_cb, &answers[i]);
        mm_test_store_wait_for_answers (&answers[i], 1);
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

  mm_test_store_add_for_both ("add-move-async", test_add_move_async);
  mm_test_store_add_for_both ("finish-game-async", test_finish_game_async);
  mm_test_store_add_for_both ("writes-async", test_writes_async);
  mm_test_store_add_test (MM_TEST_STORE_POSTGRESQL, "migrate-together", test_pg_migrate_together);
  mm_test_store_add_test (MM_TEST_STORE_POSTGRESQL, "same-ply", test_pg_same_ply);
  mm_test_store_add_test (MM_TEST_STORE_POSTGRESQL, "lost-connection", test_pg_lost_connection);
  mm_test_store_add_test (MM_TEST_STORE_POSTGRESQL, "database-restarted",
                          test_pg_database_restarted);
  mm_test_store_add_test (MM_TEST_STORE_POSTGRESQL, "add-move-async-away",
                          test_pg_add_move_async_away);
  mm_test_store_add_test (MM_TEST_STORE_POSTGRESQL, "finish-game-async-away",
                          test_pg_finish_game_async_away);

  status = g_test_run ();
  mm_test_pg_stop ();
  return status;
}
