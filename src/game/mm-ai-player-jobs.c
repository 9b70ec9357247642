/* mm-ai-player-jobs.c
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

#define G_LOG_DOMAIN "mm-ai"

#include "config.h"

#include "mm-ai-player-private.h"

/* The computer player.  Each job (a move to play, a hint, an analysis)
 * runs in a GTask worker on a copy of the position, with the player's own
 * search and its table.  Only the main thread touches the player: the
 * worker sees a plain "core" (the search, the weights and the opening
 * book, reference counted, locked while a search runs) and the job, and
 * sends its progress to the main context, where the player emits it as a
 * signal if the job is still the current one.
 *
 * One job at a time: a new one cancels the one in progress.  A cancelled
 * job completes at once (return-on-cancel) with G_IO_ERROR_CANCELLED; its
 * worker stops the search within a few milliseconds and gives the core
 * back, and the next worker waits for it. */

typedef struct
{
  Job      *job;
  MmAiMove  best;
  GArray   *moves;
  int       depth;
  guint     index;
} Progress;

static Core *
core_ref (Core *core)
{
  g_atomic_ref_count_inc (&core->ref_count);
  return core;
}

void
_mm_ai_player_core_unref (Core *core)
{
  if (!g_atomic_ref_count_dec (&core->ref_count))
    return;
  mm_search_free (core->search);
  mm_ai_weights_unref (core->weights);
  g_clear_pointer (&core->book, mm_ai_book_unref);
  g_mutex_clear (&core->lock);
  g_free (core);
}

static Job *
job_ref (Job *job)
{
  g_atomic_ref_count_inc (&job->ref_count);
  return job;
}

/* May run in the worker. */
static void
job_unref (Job *job)
{
  if (!g_atomic_ref_count_dec (&job->ref_count))
    return;
  g_assert (job->delay_source == NULL && job->cancel_source == NULL);
  g_assert (job->caller_handler == 0);
  _mm_ai_player_core_unref (job->core);
  g_clear_pointer (&job->record, mm_game_record_unref);
  g_clear_object (&job->cancellable);
  g_main_context_unref (job->context);
  g_weak_ref_clear (&job->player);
  g_free (job);
}

void
_mm_ai_player_job_result_free (JobResult *result)
{
  g_clear_pointer (&result->moves, g_array_unref);
  g_free (result);
}

static void
progress_free (Progress *progress)
{
  g_clear_pointer (&progress->moves, g_array_unref);
  job_unref (progress->job);
  g_free (progress);
}

/* In the main thread: the progress of a job that is still current. */
static gboolean
deliver_progress (gpointer user_data)
{
  Progress *progress = user_data;
  g_autoptr(MmAiPlayer) self = g_weak_ref_get (&progress->job->player);

  if (self == NULL || self->job != progress->job
      || g_cancellable_is_cancelled (progress->job->cancellable))
    return G_SOURCE_REMOVE;

  if (progress->job->kind == JOB_REVIEW)
    _mm_ai_player_emit_review_progress (self, progress->moves, progress->index);
  else if (progress->moves != NULL)
    _mm_ai_player_emit_analysis_progress (self, progress->moves, progress->depth);
  else
    _mm_ai_player_emit_progress (self, &progress->best);
  return G_SOURCE_REMOVE;
}

/* In the worker. */
static void
send_move_progress (const MmAiMove *best,
                    gpointer        user_data)
{
  Job *job = user_data;
  Progress *progress = g_new0 (Progress, 1);

  progress->job = job_ref (job);
  progress->best = *best;
  progress->depth = best->depth;
  g_main_context_invoke_full (job->context, G_PRIORITY_DEFAULT, deliver_progress,
                              progress, (GDestroyNotify) progress_free);
}

static void
send_analysis_progress (GArray   *moves,
                        int       depth,
                        gpointer  user_data)
{
  Job *job = user_data;
  Progress *progress = g_new0 (Progress, 1);

  progress->job = job_ref (job);
  progress->moves = g_array_copy (moves);
  progress->depth = depth;
  if (moves->len > 0)
    progress->best = g_array_index (moves, MmAiMove, 0);
  g_main_context_invoke_full (job->context, G_PRIORITY_DEFAULT, deliver_progress,
                              progress, (GDestroyNotify) progress_free);
}

static void
send_review_progress (GArray   *entries,
                      guint     index,
                      gpointer  user_data)
{
  Job *job = user_data;
  Progress *progress = g_new0 (Progress, 1);

  progress->job = job_ref (job);
  progress->moves = g_array_copy (entries);
  progress->index = index;
  g_main_context_invoke_full (job->context, G_PRIORITY_DEFAULT, deliver_progress,
                              progress, (GDestroyNotify) progress_free);
}

/* The worker's side of a cancelled job.  The task returns on cancel, so
 * GTask may have given the caller its error already, from the main
 * thread: only if taking the task back from that succeeds may the worker
 * return it (GTask's own flags are not safe to read from here before). */
static void
return_cancelled (GTask *task)
{
  if (g_task_set_return_on_cancel (task, FALSE))
    g_task_return_error_if_cancelled (task);
}

static void
think_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  Job *job = task_data;
  Core *core = job->core;
  const MmEvalWeights *eval = mm_ai_weights_get_eval (core->weights);
  JobResult *result;
  g_autoptr(GRand) rand = NULL;

  /* A cancelled job before may still be giving the search back. */
  g_mutex_lock (&core->lock);
  if (g_cancellable_is_cancelled (cancellable))
    {
      g_mutex_unlock (&core->lock);
      return_cancelled (task);
      return;
    }

  result = g_new0 (JobResult, 1);
  rand = g_rand_new_with_seed (job->seed);
  switch (job->kind)
    {
    case JOB_PLAY:
    case JOB_HINT:
      /* In the opening, the book's move if the level plays from it. */
      if (core->book == NULL
          || !mm_ai_level_book_move (&job->params, mm_ai_book_get_book (core->book), &job->board,
                                     rand, &result->move))
        mm_ai_level_think (&job->params, core->search, eval, &job->board, rand, cancellable,
                           send_move_progress, job, &result->move);
      break;

    case JOB_REVIEW:
      result->moves = mm_analysis_review (core->search, eval, job->record, &job->params.limits,
                                          cancellable, send_review_progress, job);
      break;

    case JOB_ANALYSE:
    default:
      result->moves = mm_analysis_run (core->search, eval, &job->board, &job->params.limits,
                                       cancellable, send_analysis_progress, job);
      if (result->moves->len > 0)
        result->move = g_array_index (result->moves, MmAiMove, 0);
      else
        result->move.square = MM_SQUARE_NONE;
      break;
    }
  g_mutex_unlock (&core->lock);

  if (g_cancellable_is_cancelled (cancellable))
    {
      _mm_ai_player_job_result_free (result);
      return_cancelled (task);
      return;
    }
  /* Cancelled just now: the caller had its answer already. */
  if (!g_task_set_return_on_cancel (task, FALSE))
    {
      _mm_ai_player_job_result_free (result);
      return;
    }
  g_task_return_pointer (task, result, (GDestroyNotify) _mm_ai_player_job_result_free);
}

/* Main thread, from here on. */

static void
set_busy (MmAiPlayer *self,
          Job        *job)
{
  gboolean was_busy = self->job != NULL;

  if (self->job != NULL)
    job_unref (self->job);
  self->job = job != NULL ? job_ref (job) : NULL;
  if (was_busy != (job != NULL))
    _mm_ai_player_notify_busy (self);
}

/* Completes @task with @result or @error (one of them), taking them. */
static void
finish_job (GTask     *task,
            JobResult *result,
            GError    *error)
{
  MmAiPlayer *self = g_task_get_source_object (task);
  Job *job = g_task_get_task_data (task);

  if (job->delay_source != NULL)
    {
      g_source_destroy (job->delay_source);
      g_clear_pointer (&job->delay_source, g_source_unref);
    }
  if (job->cancel_source != NULL)
    {
      g_source_destroy (job->cancel_source);
      g_clear_pointer (&job->cancel_source, g_source_unref);
    }
  if (job->caller_handler != 0)
    {
      g_cancellable_disconnect (job->caller_cancellable, job->caller_handler);
      job->caller_handler = 0;
    }
  g_clear_object (&job->caller_cancellable);

  if (self->job == job)
    set_busy (self, NULL);

  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, result, (GDestroyNotify) _mm_ai_player_job_result_free);
}

static gboolean
delay_done (gpointer user_data)
{
  GTask *task = user_data;
  Job *job = g_task_get_task_data (task);
  JobResult *result = g_object_steal_data (G_OBJECT (task), "mm-result");

  g_clear_pointer (&job->delay_source, g_source_unref);
  finish_job (task, result, NULL);
  return G_SOURCE_REMOVE;
}

static gboolean
delay_cancelled (GCancellable *cancellable,
                 gpointer      user_data)
{
  GTask *task = user_data;
  Job *job = g_task_get_task_data (task);
  JobResult *result = g_object_steal_data (G_OBJECT (task), "mm-result");
  GError *error = NULL;

  _mm_ai_player_job_result_free (result);
  g_clear_pointer (&job->cancel_source, g_source_unref);
  g_cancellable_set_error_if_cancelled (cancellable, &error);
  finish_job (task, NULL, error);
  return G_SOURCE_REMOVE;
}

static void
worker_done (GObject      *source_object,
             GAsyncResult *async_result,
             gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  Job *job = g_task_get_task_data (task);
  GError *error = NULL;
  JobResult *result;
  gint64 wait;

  result = g_task_propagate_pointer (G_TASK (async_result), &error);
  if (result == NULL)
    {
      finish_job (task, NULL, error);
      return;
    }

  /* A computer move that came at once waits a moment, so that people see
   * what happens; a cancel ends the wait. */
  wait = job->started + (gint64) job->min_delay * 1000 - g_get_monotonic_time ();
  if (job->kind != JOB_PLAY || wait <= 0)
    {
      finish_job (task, result, NULL);
      return;
    }

  g_object_set_data_full (G_OBJECT (task), "mm-result", result,
                          (GDestroyNotify) _mm_ai_player_job_result_free);
  job->delay_source = g_timeout_source_new ((guint) (wait / 1000) + 1);
  g_source_set_callback (job->delay_source, delay_done, g_object_ref (task), g_object_unref);
  g_source_attach (job->delay_source, job->context);
  job->cancel_source = g_cancellable_source_new (job->cancellable);
  g_source_set_callback (job->cancel_source, G_SOURCE_FUNC (delay_cancelled),
                         g_object_ref (task), g_object_unref);
  g_source_attach (job->cancel_source, job->context);
}

static void
forward_cancel (GCancellable *caller,
                GCancellable *own)
{
  g_cancellable_cancel (own);
}

void
_mm_ai_player_start_job (MmAiPlayer            *self,
                         JobKind                kind,
                         const MmBoard         *board,
                         MmGameRecord          *record,
                         const MmAiLevelParams *params,
                         GCancellable          *cancellable,
                         GAsyncReadyCallback    callback,
                         gpointer               user_data,
                         gpointer               source_tag)
{
  g_autoptr(GTask) task = NULL;
  g_autoptr(GTask) worker = NULL;
  Job *job;

  mm_ai_player_stop (self);

  job = g_new0 (Job, 1);
  g_atomic_ref_count_init (&job->ref_count);
  job->kind = kind;
  job->core = core_ref (self->core);
  if (board != NULL)
    job->board = *board;
  if (record != NULL)
    job->record = mm_game_record_copy (record);
  job->params = *params;
  job->seed = g_rand_int (self->rand);
  job->cancellable = g_cancellable_new ();
  job->context = g_main_context_ref_thread_default ();
  g_weak_ref_init (&job->player, self);
  job->started = g_get_monotonic_time ();
  job->min_delay = self->min_delay;

  task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (task, source_tag);
  g_task_set_task_data (task, job, (GDestroyNotify) job_unref);

  set_busy (self, job);
  if (cancellable != NULL)
    {
      job->caller_cancellable = g_object_ref (cancellable);
      /* Runs at once when the caller has cancelled already. */
      job->caller_handler = g_cancellable_connect (cancellable, G_CALLBACK (forward_cancel),
                                                   g_object_ref (job->cancellable),
                                                   g_object_unref);
    }

  worker = g_task_new (NULL, job->cancellable, worker_done, g_object_ref (task));
  g_task_set_source_tag (worker, think_thread);
  g_task_set_task_data (worker, job_ref (job), (GDestroyNotify) job_unref);
  g_task_set_return_on_cancel (worker, TRUE);
  g_task_run_in_thread (worker, think_thread);
}

gboolean
_mm_ai_player_finish_move (MmAiPlayer    *self,
                           GAsyncResult  *result,
                           gpointer       source_tag,
                           MmAiMove      *move,
                           GError       **error)
{
  JobResult *value;

  g_return_val_if_fail (MM_IS_AI_PLAYER (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == source_tag, FALSE);

  value = g_task_propagate_pointer (G_TASK (result), error);
  if (value == NULL)
    return FALSE;
  if (move != NULL)
    *move = value->move;
  _mm_ai_player_job_result_free (value);
  return TRUE;
}
