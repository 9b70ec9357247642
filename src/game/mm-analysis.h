/* mm-analysis.h
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

#include "mm-board.h"
#include "mm-book.h"
#include "mm-eval.h"
#include "mm-game-record.h"
#include "mm-search.h"

G_BEGIN_DECLS

/* A move with what a search found out about it. */
typedef struct
{
  int      square;    /* 0..63, MM_SQUARE_PASS, or MM_SQUARE_NONE when the game is over */
  int      score;     /* in 1/MM_EVAL_SCALE disc, for the side to move before the move */
  int      depth;     /* plies searched, the move itself included; 0: not searched */
  gboolean exact;     /* the score is the final disc difference under perfect play */
  guint64  nodes;
  double   seconds;
  gboolean book;      /* the score is the opening book's value (depth 0): no search */
} MmAiMove;

#define MM_TYPE_AI_MOVE (mm_ai_move_get_type ())

GType     mm_ai_move_get_type  (void) G_GNUC_CONST;
MmAiMove *mm_ai_move_copy      (const MmAiMove *move);
void      mm_ai_move_free      (MmAiMove       *move);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MmAiMove, mm_ai_move_free)

/* Called in the searching thread after every finished depth, with every
 * legal move (an MmAiMove each), best first. */
typedef void (*MmAnalysisFunc) (GArray   *moves,
                                int       depth,
                                gpointer  user_data);

GArray   *mm_analysis_run      (MmSearch             *search,
                                const MmEvalWeights  *weights,
                                const MmBoard        *board,
                                const MmSearchLimits *limits,
                                GCancellable         *cancellable,
                                MmAnalysisFunc        progress,
                                gpointer              user_data);
void      mm_analysis_sort     (GArray               *moves);
GArray   *mm_analysis_book_moves (const MmBook         *book,
                                  const MmBoard        *board);

char     *mm_ai_format_score   (int                   score,
                                gboolean              exact);

/* One position of a reviewed game: the best move there, and what the
 * move played cost. */
typedef struct
{
  MmColor  color;        /* the side to move */
  int      move;         /* played from here: 0..63, MM_SQUARE_PASS, or
                          * MM_SQUARE_NONE for the last position */
  int      best_move;    /* 0..63, MM_SQUARE_PASS, or MM_SQUARE_NONE when the game is over */
  int      score;        /* of the position, best play, for the side to move
                          * (1/MM_EVAL_SCALE disc) */
  int      move_score;   /* of the move played, same view; the loss is
                          * score - move_score */
  int      depth;        /* -1: not reviewed (the review was stopped) */
  gboolean exact;
} MmReviewEntry;

/* Called in the searching thread after each position, with all of them
 * (@index is the one just reviewed; the review goes from the end of the
 * game to its start). */
typedef void (*MmReviewFunc) (GArray   *entries,
                              guint     index,
                              gpointer  user_data);

GArray   *mm_analysis_review   (MmSearch             *search,
                                const MmEvalWeights  *weights,
                                MmGameRecord         *record,
                                const MmSearchLimits *limits,
                                GCancellable         *cancellable,
                                MmReviewFunc          progress,
                                gpointer              user_data);

G_END_DECLS
