/* mm-sqlite-store-private.h
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

/* What the SQLite store's files share: the object, its cached
 * statements and the steps every statement takes. */

#pragma once

#include <sqlite3.h>

#include "mm-sqlite-store.h"

G_BEGIN_DECLS

struct _MmSqliteStore
{
  GObject  parent_instance;

  sqlite3    *db;
  char       *path;
  /* SQL text → its statement, prepared once: parsing a statement costs
   * more than running most of them. */
  GHashTable *statements;
};

/* A statement from the store's cache: whoever holds it resets it when
 * done (g_autoptr releases it), and the store finalizes it. */
typedef sqlite3_stmt MmCachedStatement;

void mm_sqlite_store_release_statement (MmCachedStatement *statement);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MmCachedStatement, mm_sqlite_store_release_statement)

gboolean           mm_sqlite_store_failed  (MmSqliteStore  *self,
                                            int             status,
                                            GError        **error);
gboolean           mm_sqlite_store_exec    (MmSqliteStore  *self,
                                            const char     *sql,
                                            GError        **error);
MmCachedStatement *mm_sqlite_store_prepare (MmSqliteStore  *self,
                                            const char     *sql,
                                            GError        **error);
gboolean           mm_sqlite_store_run     (MmSqliteStore  *self,
                                            sqlite3_stmt   *statement,
                                            GError        **error);
gboolean           mm_sqlite_store_begin   (MmSqliteStore  *self,
                                            GError        **error);
gboolean           mm_sqlite_store_end     (MmSqliteStore  *self,
                                            gboolean        done,
                                            GError        **error);

/* mm-sqlite-schema.c */
gboolean           mm_sqlite_store_migrate (MmSqliteStore  *self,
                                            GError        **error);

G_END_DECLS
