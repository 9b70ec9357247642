/* mm-ai-player.h
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

#include "mm-ai-level.h"
#include "mm-ai-weights.h"
#include "mm-analysis.h"
#include "mm-player.h"

G_BEGIN_DECLS

/* The computer player: chooses moves at a level, gives hints, scores
 * every move of a position and reviews whole games, each in a worker
 * thread with a search and a hash table of its own, reporting progress
 * through signals in the main context.  One job at a time: a new one
 * cancels the one in progress, and so does mm_ai_player_stop(); a
 * cancelled job's callback comes at once with G_IO_ERROR_CANCELLED.  A
 * job keeps the player alive: stop it before dropping the player (an
 * unlimited analysis would otherwise run on). */

/* The default pause before a computer move is shown, in milliseconds. */
#define MM_AI_PLAYER_DEFAULT_MIN_DELAY 600

#define MM_TYPE_AI_PLAYER (mm_ai_player_get_type ())

G_DECLARE_FINAL_TYPE (MmAiPlayer, mm_ai_player, MM, AI_PLAYER, GObject)

MmAiPlayer *mm_ai_player_new                (MmAiWeights          *weights,
                                             GError              **error);

MmAiLevel   mm_ai_player_get_level          (MmAiPlayer           *self);
void        mm_ai_player_set_level          (MmAiPlayer           *self,
                                             MmAiLevel             level);
guint       mm_ai_player_get_min_delay      (MmAiPlayer           *self);
void        mm_ai_player_set_min_delay      (MmAiPlayer           *self,
                                             guint                 milliseconds);
gboolean    mm_ai_player_get_busy           (MmAiPlayer           *self);
void        mm_ai_player_stop               (MmAiPlayer           *self);

GArray     *mm_ai_player_get_book_moves     (MmAiPlayer           *self,
                                             const MmBoard        *board);

void        mm_ai_player_choose_move_async  (MmAiPlayer           *self,
                                             const MmBoard        *board,
                                             GCancellable         *cancellable,
                                             GAsyncReadyCallback   callback,
                                             gpointer              user_data);
gboolean    mm_ai_player_choose_move_finish (MmAiPlayer           *self,
                                             GAsyncResult         *result,
                                             MmAiMove             *move,
                                             GError              **error);

void        mm_ai_player_hint_async         (MmAiPlayer           *self,
                                             const MmBoard        *board,
                                             MmAiLevel             level,
                                             GCancellable         *cancellable,
                                             GAsyncReadyCallback   callback,
                                             gpointer              user_data);
gboolean    mm_ai_player_hint_finish        (MmAiPlayer           *self,
                                             GAsyncResult         *result,
                                             MmAiMove             *move,
                                             GError              **error);

void        mm_ai_player_analyse_async      (MmAiPlayer           *self,
                                             const MmBoard        *board,
                                             const MmSearchLimits *limits,
                                             GCancellable         *cancellable,
                                             GAsyncReadyCallback   callback,
                                             gpointer              user_data);
GArray     *mm_ai_player_analyse_finish     (MmAiPlayer           *self,
                                             GAsyncResult         *result,
                                             GError              **error);

void        mm_ai_player_review_async       (MmAiPlayer           *self,
                                             MmGameRecord         *record,
                                             const MmSearchLimits *limits,
                                             GCancellable         *cancellable,
                                             GAsyncReadyCallback   callback,
                                             gpointer              user_data);
GArray     *mm_ai_player_review_finish      (MmAiPlayer           *self,
                                             GAsyncResult         *result,
                                             GError              **error);

G_END_DECLS
