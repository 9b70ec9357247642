/* mm-sqlite-store.h
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

#include "mm-store.h"

G_BEGIN_DECLS

#define MM_TYPE_SQLITE_STORE (mm_sqlite_store_get_type ())

G_DECLARE_FINAL_TYPE (MmSqliteStore, mm_sqlite_store, MM, SQLITE_STORE, GObject)

MmSqliteStore *mm_sqlite_store_new (const char  *path,
                                    GError     **error);
gboolean       mm_sqlite_store_clear (MmSqliteStore  *self,
                                      GError        **error);

G_END_DECLS
