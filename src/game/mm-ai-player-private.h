/* mm-ai-player-private.h
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

#include "mm-ai-player.h"

G_BEGIN_DECLS

/* What the two halves of MmAiPlayer share: the object (mm-ai-player.c)
 * and its jobs (mm-ai-player-jobs.c). */

typedef struct
{
  gatomicrefcount  ref_count;
  GMutex           lock;        /* held by the worker whose search runs */
  MmSearch        *search;
  MmAiWeights     *weights;
  MmAiBook        *book;        /* or NULL: none */
} Core;

typedef enum
{
  JOB_PLAY,
  JOB_HINT,
  JOB_ANALYSE,
  JOB_REVIEW,
} JobKind;

typedef struct
{
  gatomicrefcount  ref_count;
  JobKind          kind;
  Core            *core;
  MmBoard          board;
  MmGameRecord    *record;          /* a copy, for the worker alone */
  MmAiLevelParams  params;
  guint32          seed;
  GCancellable    *cancellable;     /* the job's own */
  GMainContext    *context;         /* where progress and the result go */
  GWeakRef         player;

  /* Main thread only. */
  GCancellable    *caller_cancellable;
  gulong           caller_handler;
  gint64           started;
  guint            min_delay;
  GSource         *delay_source;
  GSource         *cancel_source;
} Job;

typedef struct
{
  MmAiMove  move;
  GArray   *moves;
} JobResult;

struct _MmAiPlayer
{
  GObject       parent_instance;

  MmAiWeights  *weights;
  guint         hash_megabytes;
  guint         threads;
  Core         *core;
  MmAiLevel     level;
  guint         min_delay;
  guint         seed;
  GRand        *rand;
  Job          *job;            /* the job in progress, or NULL */
  MmClock      *clock;          /* of the game it plays in, or NULL */
  char         *display_name;   /* made when first asked for */
};

/* mm-ai-player.c */
void     _mm_ai_player_notify_busy            (MmAiPlayer            *self);
void     _mm_ai_player_emit_progress          (MmAiPlayer            *self,
                                               const MmAiMove        *best);
void     _mm_ai_player_emit_analysis_progress (MmAiPlayer            *self,
                                               GArray                *moves,
                                               int                    depth);
void     _mm_ai_player_emit_review_progress   (MmAiPlayer            *self,
                                               GArray                *entries,
                                               guint                  index);

/* mm-ai-player-jobs.c */
void     _mm_ai_player_core_unref             (Core                  *core);
void     _mm_ai_player_job_result_free        (JobResult             *result);
void     _mm_ai_player_start_job              (MmAiPlayer            *self,
                                               JobKind                kind,
                                               const MmBoard         *board,
                                               MmGameRecord          *record,
                                               const MmAiLevelParams *params,
                                               GCancellable          *cancellable,
                                               GAsyncReadyCallback    callback,
                                               gpointer               user_data,
                                               gpointer               source_tag);
gboolean _mm_ai_player_finish_move            (MmAiPlayer            *self,
                                               GAsyncResult          *result,
                                               gpointer               source_tag,
                                               MmAiMove              *move,
                                               GError               **error);

G_END_DECLS
