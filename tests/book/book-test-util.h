/* book-test-util.h
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

#include "mm-book.h"

G_BEGIN_DECLS

MmBoard book_test_turn                  (const MmBoard *board,
                                         int            symmetry);
void    book_test_assert_start          (const MmBook  *book);
void    book_test_assert_symmetric      (const MmBook  *book);
void    book_test_assert_consistent     (const MmBook  *book);
void    book_test_assert_same_lookups   (const MmBook  *book,
                                         const MmBook  *other);

G_END_DECLS
