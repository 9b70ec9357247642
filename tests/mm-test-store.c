/* mm-test-store.c
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

/* The store tests' fixture and what both of their programs use: see
 * mm-test-store.h. */

#include <glib/gstdio.h>

#include "mm-pg-store.h"
#include "mm-sqlite-store.h"
#include "mm-test-pg.h"
#include "mm-test-store.h"

static void
set_up (MmTestStoreFixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;

  fixture->backend = GPOINTER_TO_INT (data);
  if (fixture->backend == MM_TEST_STORE_POSTGRESQL)
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
tear_down (MmTestStoreFixture *fixture, gconstpointer data)
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

MmStore *
mm_test_store_open (MmTestStoreFixture *fixture)
{
  g_autoptr(GError) error = NULL;
  MmStore *store;

  if (fixture->backend == MM_TEST_STORE_POSTGRESQL)
    store = MM_STORE (mm_pg_store_new (fixture->conninfo, &error));
  else
    store = MM_STORE (mm_sqlite_store_new (fixture->path, &error));
  g_assert_no_error (error);
  return store;
}

MmStoredGame *
mm_test_store_new_game (const char *id, const char *black, const char *white)
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

PGresult *
mm_test_store_sql_on (const char *conninfo,
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

gint64
mm_test_store_sql_number (const char *conninfo,
                          const char *sql)
{
  g_autoptr(PGresult) result = mm_test_store_sql_on (conninfo, sql);

  g_assert_cmpint (PQntuples (result), ==, 1);
  return g_ascii_strtoll (PQgetvalue (result, 0, 0), NULL, 10);
}

void
mm_test_store_answered_cb (GObject      *source,
                           GAsyncResult *result,
                           gpointer      data)
{
  MmTestStoreAnswer *answer = data;

  g_assert_false (answer->told);
  answer->told = TRUE;
  answer->kept = mm_store_add_move_finish (MM_STORE (source), result, &answer->error);
}

void
mm_test_store_wait_for_answers (MmTestStoreAnswer *answers,
                                guint              n_answers)
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

void
mm_test_store_ended_cb (GObject      *source,
                        GAsyncResult *result,
                        gpointer      data)
{
  MmTestStoreAnswer *answer = data;

  g_assert_false (answer->told);
  answer->told = TRUE;
  answer->kept = mm_store_write_finish (result, &answer->error);
}

void
mm_test_store_add_test (MmTestStoreBackend   backend,
                        const char          *name,
                        void               (*func) (MmTestStoreFixture *, gconstpointer))
{
  g_autofree char *path =
    g_strdup_printf ("/store/%s/%s", backend == MM_TEST_STORE_SQLITE ? "sqlite" : "postgresql",
                     name);

  g_test_add (path, MmTestStoreFixture, GINT_TO_POINTER (backend), set_up, func, tear_down);
}

void
mm_test_store_add_for_both (const char  *name,
                            void       (*func) (MmTestStoreFixture *, gconstpointer))
{
  mm_test_store_add_test (MM_TEST_STORE_SQLITE, name, func);
  mm_test_store_add_test (MM_TEST_STORE_POSTGRESQL, name, func);
}
