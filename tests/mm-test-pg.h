/* mm-test-pg.h
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

#include <glib.h>

G_BEGIN_DECLS

/* A throwaway PostgreSQL 15 cluster for the tests, one per test
 * process: in a temporary folder, reachable only through a Unix socket
 * in that folder, without fsync.  Run as the user "postgres" when the
 * tests run as root (PostgreSQL refuses root), as the tests' user
 * otherwise.  If the test process dies without stopping it, a watchdog
 * stops it and removes the folder. */

/* Starts the cluster and makes a database in it; that database's
 * connection string.  NULL with the reason when PostgreSQL is missing
 * or will not start: the test then says why and is skipped (77). */
char     *mm_test_pg_start        (GError **error);
/* A new, empty database on the cluster ("t_1", "t_2" …): its
 * connection string. */
char     *mm_test_pg_new_database (GError **error);
/* A crash and a start again: stopped at once (-m immediate, as a
 * killed machine would), then started on the same data. */
gboolean  mm_test_pg_restart      (GError **error);
/* The two halves of a restart, for what happens in between. */
gboolean  mm_test_pg_crash        (GError **error);
gboolean  mm_test_pg_start_again  (GError **error);
/* Stopped at once, and the folder removed with everything in it. */
void      mm_test_pg_stop         (void);

G_END_DECLS
