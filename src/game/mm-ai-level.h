/* mm-ai-level.h
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

#include "mm-analysis.h"
#include "mm-book.h"
#include "mm-search.h"

G_BEGIN_DECLS

/* The strengths of the computer player, weakest first, and an unlimited
 * setting for hints and analysis.  Every playing level is bounded in
 * time; the weak ones choose among the good moves by chance, so that they
 * play plausible moves that are not always the best. */
typedef enum
{
  MM_AI_LEVEL_BEGINNER,
  MM_AI_LEVEL_NOVICE,
  MM_AI_LEVEL_INTERMEDIATE,
  MM_AI_LEVEL_ADVANCED,
  MM_AI_LEVEL_EXPERT,
  MM_AI_LEVEL_MASTER,
  MM_AI_LEVEL_ANALYSIS,
} MmAiLevel;

#define MM_AI_N_LEVELS      (MM_AI_LEVEL_ANALYSIS + 1)
#define MM_AI_N_PLAY_LEVELS (MM_AI_LEVEL_MASTER + 1)

typedef struct
{
  /* The search: plies (the move itself included; 0 no limit), seconds
   * (0 no limit; no new depth is begun once 2/5 of them are spent) and
   * the empties from which the end is solved exactly. */
  MmSearchLimits limits;
  /* Chance: moves up to noise_margin worse than the best (in
   * 1/MM_EVAL_SCALE disc) may be played, each with a weight that falls by
   * a factor e for every noise_temperature it loses.  0: the best move. */
  int            noise_margin;
  int            noise_temperature;
  /* The opening book: whether a position in it is played from it, and
   * how much worse than the best book move (in 1/MM_EVAL_SCALE disc) a
   * move chosen at random may be; 0: always the best. */
  gboolean       book;
  int            book_margin;
} MmAiLevelParams;

/* Called in the searching thread after every finished depth. */
typedef void (*MmAiProgressFunc) (const MmAiMove *best,
                                  gpointer        user_data);

#define MM_TYPE_AI_LEVEL (mm_ai_level_get_type ())

GType        mm_ai_level_get_type         (void) G_GNUC_CONST;

void         mm_ai_level_get_params       (MmAiLevel              level,
                                           MmAiLevelParams       *params);
void         mm_ai_level_params_on_clock  (MmAiLevelParams       *params,
                                           double                 remaining_seconds,
                                           double                 increment_seconds,
                                           int                    n_empties);
const char  *mm_ai_level_to_string        (MmAiLevel              level);
gboolean     mm_ai_level_from_string      (const char            *text,
                                           MmAiLevel             *level);
const char  *mm_ai_level_get_name         (MmAiLevel              level);
const char  *mm_ai_level_get_description  (MmAiLevel              level);

guint        mm_ai_level_choose           (const MmAiLevelParams *params,
                                           GArray                *moves,
                                           GRand                 *rand);
gboolean     mm_ai_level_book_move        (const MmAiLevelParams *params,
                                           const MmBook          *book,
                                           const MmBoard         *board,
                                           GRand                 *rand,
                                           MmAiMove              *move);
gboolean     mm_ai_level_think            (const MmAiLevelParams *params,
                                           MmSearch              *search,
                                           const MmEvalWeights   *weights,
                                           const MmBoard         *board,
                                           GRand                 *rand,
                                           GCancellable          *cancellable,
                                           MmAiProgressFunc       progress,
                                           gpointer               user_data,
                                           MmAiMove              *move);

G_END_DECLS
