/* mm-test-data.h
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

G_BEGIN_DECLS

/* The exit status that tells meson a test was skipped. */
#define MM_TEST_EXIT_SKIP 77

#define MM_TEST_WTHOR_GAMES "wthor-games.txt.gz"

char      *mm_test_data_dir             (void);
char      *mm_test_data_path            (const char  *name);
char      *mm_test_data_require         (const char  *name);
GPtrArray *mm_test_data_read_gz_lines   (const char  *path,
                                         guint        max_lines,
                                         GError     **error);
GPtrArray *mm_test_data_read_wthor      (guint        max_games,
                                         GError     **error);

G_END_DECLS
