/* mm-nboard-book.h
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

#include "mm-ai-weights.h"
#include "mm-book.h"
#include "mm-game-record.h"
#include "mm-search.h"

G_BEGIN_DECLS

/* The NBoard engine's opening book (docs/BOOK.md, "The NBoard engine"):
 * the shipped book with the games the engine learned ("learn") over it.
 * The learned file holds the positions learning added or changed; at
 * load they replace or join the shipped ones and the union is negamaxed
 * again, so that the shipped book may be rebuilt without losing what was
 * learned. */

/* The environment variable naming the learned book file. */
#define MM_NBOARD_LEARNED_BOOK_VARIABLE "MONOMACHIA_LEARNED_BOOK"

/* The plies learned when there is no shipped book to say. */
#define MM_NBOARD_BOOK_DEFAULT_PLIES 20

typedef struct
{
  int      square;
  int      value;      /* the book's, for the side to move, 1/MM_EVAL_SCALE disc */
  guint    n_games;    /* games that reached the position after it (0: the leaf move) */
  gboolean in_book;    /* FALSE: the best move leaving the book */
} MmNboardBookMove;

typedef struct
{
  guint   n_positions;   /* of the game, within the book's plies */
  guint   n_new;         /* of them, new to the book */
  guint   n_searched;    /* positions out of the book searched */
  guint   n_written;     /* entries in the learned file */
  guint64 nodes;
  double  seconds;
} MmNboardLearnStats;

typedef struct _MmNboardBook MmNboardBook;

char          *mm_nboard_book_default_learned_path (void);

MmNboardBook  *mm_nboard_book_new          (MmAiBook            *shipped,
                                            const char          *learned_path);
gboolean       mm_nboard_book_load_learned (MmNboardBook        *self,
                                            GError             **error);
void           mm_nboard_book_free         (MmNboardBook        *self);
const MmBook  *mm_nboard_book_get_book     (MmNboardBook        *self);
guint          mm_nboard_book_get_n_learned (MmNboardBook       *self);
int            mm_nboard_book_moves        (MmNboardBook        *self,
                                            const MmBoard       *board,
                                            int                  contempt,
                                            MmNboardBookMove    *out,
                                            int                  max);
gboolean       mm_nboard_book_learn        (MmNboardBook        *self,
                                            MmGameRecord        *game,
                                            MmSearch            *search,
                                            const MmSearchLimits *limits,
                                            GCancellable        *cancellable,
                                            MmNboardLearnStats  *stats,
                                            GError             **error);

G_END_DECLS
