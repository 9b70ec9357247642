/* mm-ai-weights.h
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

#include <glib-object.h>

#include "mm-book.h"
#include "mm-eval.h"

G_BEGIN_DECLS

/* The error domain of the computer player: its weights, its opening
 * book, its memory and its searches. */
#define MM_AI_ERROR (mm_ai_error_quark ())

typedef enum
{
  MM_AI_ERROR_NO_WEIGHTS,      /* no weights file where one should be */
  MM_AI_ERROR_BAD_WEIGHTS,     /* a weights file that is damaged, cut short or of another version */
  MM_AI_ERROR_NO_MEMORY,       /* the weights or the hash table do not fit in memory */
  MM_AI_ERROR_NO_BOOK,         /* no opening book file where one was named */
  MM_AI_ERROR_BAD_BOOK,        /* an opening book that is damaged, cut short or of another version */
} MmAiError;

/* The evaluation weights, loaded once and shared read-only by every
 * search (a reference-counted boxed type; any thread may hold one). */
typedef struct _MmAiWeights MmAiWeights;

#define MM_TYPE_AI_WEIGHTS (mm_ai_weights_get_type ())

GQuark               mm_ai_error_quark           (void);
GType                mm_ai_weights_get_type      (void) G_GNUC_CONST;

MmAiWeights         *mm_ai_weights_load          (const char   *path,
                                                  GError      **error);
MmAiWeights         *mm_ai_weights_get_default   (GError      **error);
MmAiWeights         *mm_ai_weights_ref           (MmAiWeights  *self);
void                 mm_ai_weights_unref         (MmAiWeights  *self);
const MmEvalWeights *mm_ai_weights_get_eval      (MmAiWeights  *self);
const char          *mm_ai_weights_get_path      (MmAiWeights  *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MmAiWeights, mm_ai_weights_unref)

/* The opening book (docs/BOOK.md), beside the weights: loaded once and
 * shared read-only by every player (reference counted, any thread may
 * hold one).  Unlike the weights it is optional: without it the
 * computer searches from the first move. */
typedef struct _MmAiBook MmAiBook;

#define MM_TYPE_AI_BOOK (mm_ai_book_get_type ())

GType                mm_ai_book_get_type         (void) G_GNUC_CONST;

MmAiBook            *mm_ai_book_load             (const char   *path,
                                                  GError      **error);
MmAiBook            *mm_ai_book_get_default      (void);
MmAiBook            *mm_ai_book_ref              (MmAiBook     *self);
void                 mm_ai_book_unref            (MmAiBook     *self);
const MmBook        *mm_ai_book_get_book         (MmAiBook     *self);
const char          *mm_ai_book_get_path         (MmAiBook     *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MmAiBook, mm_ai_book_unref)

G_END_DECLS
