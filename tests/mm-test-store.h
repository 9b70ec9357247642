/* mm-test-store.h
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

#pragma once

#include <gio/gio.h>
#include <libpq-fe.h>

#include "mm-store.h"

G_BEGIN_DECLS

/* The store tests' fixture, shared by test-store.c (the records) and
 * test-store-moves.c (moves, at once and without waiting, and the
 * database lost): each test runs on SQLite, in a file in a folder of its
 * own, and on a new database of the throwaway PostgreSQL cluster
 * (mm-test-pg.h), which the program starts in main() before adding its
 * tests with mm_test_store_add_for_both() or mm_test_store_add_test(). */

typedef enum
{
  MM_TEST_STORE_SQLITE,
  MM_TEST_STORE_POSTGRESQL,
} MmTestStoreBackend;

typedef struct
{
  MmTestStoreBackend  backend;
  char               *folder;     /* SQLite's file, in a folder of the test's own */
  char               *path;
  char               *conninfo;   /* PostgreSQL's database, new for the test */
} MmTestStoreFixture;

/* The fixture's store, opened (again) on its backend. */
MmStore      *mm_test_store_open     (MmTestStoreFixture *fixture);
/* A game of @black against @white, five minutes and two seconds. */
MmStoredGame *mm_test_store_new_game (const char         *id,
                                      const char         *black,
                                      const char         *white);

/* PostgreSQL's own: a second connection beside the store's, as an
 * administrator or another server would have. */
PGresult     *mm_test_store_sql_on     (const char *conninfo,
                                        const char *sql);
/* The first value of the first row of what @sql answers, a number. */
gint64        mm_test_store_sql_number (const char *conninfo,
                                        const char *sql);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (PGresult, PQclear)

/* What a write kept without waiting answered: @told once it has. */
typedef struct
{
  gboolean  told;
  gboolean  kept;
  GError   *error;
} MmTestStoreAnswer;

/* The callbacks of mm_store_add_move_async() and of the other writes
 * (mm_store_write_finish()), @data an MmTestStoreAnswer. */
void mm_test_store_answered_cb      (GObject           *source,
                                     GAsyncResult      *result,
                                     gpointer           data);
void mm_test_store_ended_cb         (GObject           *source,
                                     GAsyncResult      *result,
                                     gpointer           data);
/* Runs the main loop until every one of @answers is told (ten seconds
 * at most). */
void mm_test_store_wait_for_answers (MmTestStoreAnswer *answers,
                                     guint              n_answers);

/* Adds @func as /store/sqlite/@name or /store/postgresql/@name, with
 * the fixture on that backend; or as both, the same tests for the two
 * stores. */
void mm_test_store_add_test     (MmTestStoreBackend   backend,
                                 const char          *name,
                                 void               (*func) (MmTestStoreFixture *, gconstpointer));
void mm_test_store_add_for_both (const char          *name,
                                 void               (*func) (MmTestStoreFixture *, gconstpointer));

G_END_DECLS
