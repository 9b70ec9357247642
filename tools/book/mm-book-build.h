/* mm-book-build.h
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
#include "mm-eval.h"
#include "mm-train-games.h"

G_BEGIN_DECLS

/* Building the opening book (docs/BOOK.md) from the archive's games. */

#define MM_BOOK_BUILD_DEFAULT_PLIES     20
#define MM_BOOK_BUILD_DEFAULT_MIN_GAMES 8
#define MM_BOOK_BUILD_DEFAULT_DEPTH     8

typedef struct
{
  guint max_plies;   /* positions before the first this many moves of a game */
  guint min_games;   /* that at least this many games reached */
  int   depth;       /* plies of the search that scores each leaf */
  guint n_threads;   /* the result does not depend on it */
  gboolean verbose;  /* progress on standard error */
} MmBookBuildOptions;

typedef struct
{
  guint   n_games;          /* the games the positions came from */
  guint   n_positions;      /* seen in the first plies, up to symmetry */
  guint   n_book;           /* of them in the book */
  guint   n_edges;          /* moves from a book position to another */
  guint   n_leaves;         /* positions out of the book searched, each once */
  guint64 nodes;            /* of those searches */
  double  collect_seconds;
  double  search_seconds;
  double  negamax_seconds;
} MmBookBuildStats;

void    mm_book_build_options_init (MmBookBuildOptions       *options);
MmBook *mm_book_build              (GArray                   *games,
                                    const MmEvalWeights      *weights,
                                    const MmBookBuildOptions *options,
                                    MmBookBuildStats         *stats,
                                    GError                  **error);
gboolean mm_book_write             (const MmBook             *book,
                                    const char               *path,
                                    GError                  **error);

G_END_DECLS
