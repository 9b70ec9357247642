/* mm-ai-player.c
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

#include <glib/gi18n-lib.h>

#include "mm-ai-player.h"

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

#define DEFAULT_HASH_MEGABYTES 64

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

typedef struct
{
  Job      *job;
  MmAiMove  best;
  GArray   *moves;
  int       depth;
  guint     index;
} Progress;

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

static void mm_ai_player_initable_iface_init (GInitableIface *iface);
static void mm_ai_player_player_iface_init (MmPlayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MmAiPlayer, mm_ai_player, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_INITABLE,
                                                      mm_ai_player_initable_iface_init)
                               G_IMPLEMENT_INTERFACE (MM_TYPE_PLAYER,
                                                      mm_ai_player_player_iface_init))

enum
{
  PROP_0,
  PROP_WEIGHTS,
  PROP_HASH_MEGABYTES,
  PROP_THREADS,
  PROP_LEVEL,
  PROP_MIN_DELAY,
  PROP_SEED,
  PROP_BUSY,
  N_PROPS,
  /* The seat's, overridden from MmPlayer */
  PROP_DISPLAY_NAME = N_PROPS,
  PROP_THINKING,
};

enum
{
  SIGNAL_PROGRESS,
  SIGNAL_ANALYSIS_PROGRESS,
  SIGNAL_REVIEW_PROGRESS,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static Core *
core_ref (Core *core)
{
  g_atomic_ref_count_inc (&core->ref_count);
  return core;
}

static void
core_unref (Core *core)
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
  core_unref (job->core);
  g_clear_pointer (&job->record, mm_game_record_unref);
  g_clear_object (&job->cancellable);
  g_main_context_unref (job->context);
  g_weak_ref_clear (&job->player);
  g_free (job);
}

static void
job_result_free (JobResult *result)
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
    g_signal_emit (self, signals[SIGNAL_REVIEW_PROGRESS], 0, progress->moves, progress->index);
  else if (progress->moves != NULL)
    g_signal_emit (self, signals[SIGNAL_ANALYSIS_PROGRESS], 0, progress->moves, progress->depth);
  else
    g_signal_emit (self, signals[SIGNAL_PROGRESS], 0, &progress->best);
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
      job_result_free (result);
      return_cancelled (task);
      return;
    }
  /* Cancelled just now: the caller had its answer already. */
  if (!g_task_set_return_on_cancel (task, FALSE))
    {
      job_result_free (result);
      return;
    }
  g_task_return_pointer (task, result, (GDestroyNotify) job_result_free);
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
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
      g_object_notify (G_OBJECT (self), MM_PLAYER_PROP_THINKING);
    }
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
    g_task_return_pointer (task, result, (GDestroyNotify) job_result_free);
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

  job_result_free (result);
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

  g_object_set_data_full (G_OBJECT (task), "mm-result", result, (GDestroyNotify) job_result_free);
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

static void
start_job (MmAiPlayer            *self,
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

static gboolean
finish_move (MmAiPlayer    *self,
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
  job_result_free (value);
  return TRUE;
}

static gboolean
mm_ai_player_initable_init (GInitable     *initable,
                            GCancellable  *cancellable,
                            GError       **error)
{
  MmAiPlayer *self = MM_AI_PLAYER (initable);
  MmSearch *search;

  if (self->core != NULL)
    return TRUE;

  if (self->weights == NULL)
    {
      self->weights = mm_ai_weights_get_default (error);
      if (self->weights == NULL)
        return FALSE;
    }

  search = mm_search_new ((size_t) self->hash_megabytes << 20);
  if (search == NULL)
    {
      g_set_error (error, MM_AI_ERROR, MM_AI_ERROR_NO_MEMORY,
                   /* Translators: %u: a number of megabytes */
                   _("There is not enough memory for the computer player (%u MB)."),
                   self->hash_megabytes);
      return FALSE;
    }
  mm_search_set_weights (search, mm_ai_weights_get_eval (self->weights));
  mm_search_set_threads (search, self->threads > 0 ? (int) self->threads
                                                   : (int) g_get_num_processors ());

  self->core = g_new0 (Core, 1);
  g_atomic_ref_count_init (&self->core->ref_count);
  g_mutex_init (&self->core->lock);
  self->core->search = search;
  self->core->weights = mm_ai_weights_ref (self->weights);
  self->core->book = mm_ai_book_get_default ();
  return TRUE;
}

static void
mm_ai_player_initable_iface_init (GInitableIface *iface)
{
  iface->init = mm_ai_player_initable_init;
}

static void
mm_ai_player_dispose (GObject *object)
{
  MmAiPlayer *self = (MmAiPlayer *)object;

  mm_ai_player_stop (self);
  g_clear_object (&self->clock);

  G_OBJECT_CLASS (mm_ai_player_parent_class)->dispose (object);
}

static void
mm_ai_player_finalize (GObject *object)
{
  MmAiPlayer *self = (MmAiPlayer *)object;

  g_clear_pointer (&self->core, core_unref);
  g_clear_pointer (&self->weights, mm_ai_weights_unref);
  g_clear_pointer (&self->rand, g_rand_free);
  g_free (self->display_name);

  G_OBJECT_CLASS (mm_ai_player_parent_class)->finalize (object);
}

static void
mm_ai_player_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  MmAiPlayer *self = MM_AI_PLAYER (object);

  switch (prop_id)
    {
    case PROP_WEIGHTS:
      g_value_set_boxed (value, self->weights);
      break;

    case PROP_HASH_MEGABYTES:
      g_value_set_uint (value, self->hash_megabytes);
      break;

    case PROP_THREADS:
      g_value_set_uint (value, self->threads);
      break;

    case PROP_LEVEL:
      g_value_set_enum (value, self->level);
      break;

    case PROP_MIN_DELAY:
      g_value_set_uint (value, self->min_delay);
      break;

    case PROP_SEED:
      g_value_set_uint (value, self->seed);
      break;

    case PROP_BUSY:
    case PROP_THINKING:
      g_value_set_boolean (value, self->job != NULL);
      break;

    case PROP_DISPLAY_NAME:
      g_value_set_string (value, mm_player_get_display_name (MM_PLAYER (self)));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_ai_player_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  MmAiPlayer *self = MM_AI_PLAYER (object);

  switch (prop_id)
    {
    case PROP_WEIGHTS:
      self->weights = g_value_dup_boxed (value);
      break;

    case PROP_HASH_MEGABYTES:
      self->hash_megabytes = g_value_get_uint (value);
      break;

    case PROP_THREADS:
      self->threads = g_value_get_uint (value);
      break;

    case PROP_LEVEL:
      mm_ai_player_set_level (self, g_value_get_enum (value));
      break;

    case PROP_MIN_DELAY:
      mm_ai_player_set_min_delay (self, g_value_get_uint (value));
      break;

    case PROP_SEED:
      self->seed = g_value_get_uint (value);
      g_clear_pointer (&self->rand, g_rand_free);
      self->rand = self->seed != 0 ? g_rand_new_with_seed (self->seed) : g_rand_new ();
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_ai_player_class_init (MmAiPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mm_ai_player_dispose;
  object_class->finalize = mm_ai_player_finalize;
  object_class->get_property = mm_ai_player_get_property;
  object_class->set_property = mm_ai_player_set_property;

  /**
   * MmAiPlayer:weights:
   *
   * The evaluation weights; %NULL at construction for the default ones.
   */
  properties[PROP_WEIGHTS] =
    g_param_spec_boxed ("weights", NULL, NULL,
                        MM_TYPE_AI_WEIGHTS,
                        G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  properties[PROP_HASH_MEGABYTES] =
    g_param_spec_uint ("hash-megabytes", NULL, NULL,
                       1, 4096, DEFAULT_HASH_MEGABYTES,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * MmAiPlayer:threads:
   *
   * Threads of each search; 0 for one per processor.
   */
  properties[PROP_THREADS] =
    g_param_spec_uint ("threads", NULL, NULL,
                       0, MM_SEARCH_MAX_THREADS, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * MmAiPlayer:level:
   *
   * The strength of the moves mm_ai_player_choose_move_async() chooses.
   * A change counts from the next move.
   */
  properties[PROP_LEVEL] =
    g_param_spec_enum ("level", NULL, NULL,
                       MM_TYPE_AI_LEVEL, MM_AI_LEVEL_INTERMEDIATE,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * MmAiPlayer:min-delay:
   *
   * A computer move found sooner is given this many milliseconds after
   * it was asked for, so that people can follow the game.
   */
  properties[PROP_MIN_DELAY] =
    g_param_spec_uint ("min-delay", NULL, NULL,
                       0, 10000, MM_AI_PLAYER_DEFAULT_MIN_DELAY,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * MmAiPlayer:seed:
   *
   * Seeds the chance of the weak levels, so that games can be repeated;
   * 0 for a different game every time.
   */
  properties[PROP_SEED] =
    g_param_spec_uint ("seed", NULL, NULL,
                       0, G_MAXUINT32, 0,
                       G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * MmAiPlayer:busy:
   *
   * Whether a job (a move, a hint or an analysis) is in progress: what a
   * "thinking" indicator shows.
   */
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL,
                          FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
  g_object_class_override_property (object_class, PROP_DISPLAY_NAME, MM_PLAYER_PROP_DISPLAY_NAME);
  g_object_class_override_property (object_class, PROP_THINKING, MM_PLAYER_PROP_THINKING);

  /**
   * MmAiPlayer::progress:
   * @best: the best move so far, its score and the depth searched
   *
   * Emitted while a move or a hint is searched, after every finished
   * depth.
   */
  signals[SIGNAL_PROGRESS] =
    g_signal_new ("progress",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1,
                  MM_TYPE_AI_MOVE | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * MmAiPlayer::analysis-progress:
   * @moves: (element-type MmAiMove): every legal move with its score, best first
   * @depth: the depth all of them have been searched to
   *
   * Emitted while an analysis runs, after every finished depth.
   */
  signals[SIGNAL_ANALYSIS_PROGRESS] =
    g_signal_new ("analysis-progress",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2,
                  G_TYPE_ARRAY | G_SIGNAL_TYPE_STATIC_SCOPE,
                  G_TYPE_INT);

  /**
   * MmAiPlayer::review-progress:
   * @entries: (element-type MmReviewEntry): every position of the game,
   *   those not reviewed yet with depth -1
   * @index: the position just reviewed (the review goes from the end)
   *
   * Emitted while a game is reviewed, after each position.
   */
  signals[SIGNAL_REVIEW_PROGRESS] =
    g_signal_new ("review-progress",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2,
                  G_TYPE_ARRAY | G_SIGNAL_TYPE_STATIC_SCOPE,
                  G_TYPE_UINT);
}

static void
mm_ai_player_init (MmAiPlayer *self)
{
  self->hash_megabytes = DEFAULT_HASH_MEGABYTES;
  self->level = MM_AI_LEVEL_INTERMEDIATE;
  self->min_delay = MM_AI_PLAYER_DEFAULT_MIN_DELAY;
}

/**
 * mm_ai_player_new:
 * @weights: (nullable): the evaluation weights, %NULL for the default
 *   ones (see mm_ai_weights_get_default())
 *
 * Returns: (transfer full) (nullable): a player, or %NULL with an error
 *   in the %MM_AI_ERROR domain when the weights are missing or damaged
 *   or there is not enough memory
 */
MmAiPlayer *
mm_ai_player_new (MmAiWeights  *weights,
                  GError      **error)
{
  return g_initable_new (MM_TYPE_AI_PLAYER, NULL, error,
                         "weights", weights,
                         NULL);
}

MmAiLevel
mm_ai_player_get_level (MmAiPlayer *self)
{
  g_return_val_if_fail (MM_IS_AI_PLAYER (self), MM_AI_LEVEL_INTERMEDIATE);

  return self->level;
}

void
mm_ai_player_set_level (MmAiPlayer *self,
                        MmAiLevel   level)
{
  g_return_if_fail (MM_IS_AI_PLAYER (self));
  g_return_if_fail (level >= 0 && level < MM_AI_N_LEVELS);

  if (self->level == level)
    return;
  self->level = level;
  g_clear_pointer (&self->display_name, g_free);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LEVEL]);
  g_object_notify (G_OBJECT (self), MM_PLAYER_PROP_DISPLAY_NAME);
}

guint
mm_ai_player_get_min_delay (MmAiPlayer *self)
{
  g_return_val_if_fail (MM_IS_AI_PLAYER (self), 0);

  return self->min_delay;
}

void
mm_ai_player_set_min_delay (MmAiPlayer *self,
                            guint       milliseconds)
{
  g_return_if_fail (MM_IS_AI_PLAYER (self));

  if (self->min_delay == milliseconds)
    return;
  self->min_delay = milliseconds;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MIN_DELAY]);
}

gboolean
mm_ai_player_get_busy (MmAiPlayer *self)
{
  g_return_val_if_fail (MM_IS_AI_PLAYER (self), FALSE);

  return self->job != NULL;
}

/**
 * mm_ai_player_stop:
 *
 * Cancels the job in progress, if any: its callback comes at once with
 * G_IO_ERROR_CANCELLED.  For undo, a new game, a closed window.
 */
void
mm_ai_player_stop (MmAiPlayer *self)
{
  g_return_if_fail (MM_IS_AI_PLAYER (self));

  if (self->job != NULL)
    g_cancellable_cancel (self->job->cancellable);
}

/**
 * mm_ai_player_get_book_moves:
 * @board: the position
 *
 * The moves of @board in the player's opening book, with their values,
 * best first, at once and without a search (see mm_analysis_book_moves()):
 * for a hint or an analysis in the opening.
 *
 * Returns: (transfer full) (element-type MmAiMove): the book moves; none
 *   when @board is not in the book or there is no book
 */
GArray *
mm_ai_player_get_book_moves (MmAiPlayer    *self,
                             const MmBoard *board)
{
  const MmBook *book = NULL;

  g_return_val_if_fail (MM_IS_AI_PLAYER (self), NULL);
  g_return_val_if_fail (board != NULL, NULL);

  /* The book is read-only: no need for the lock the searches take. */
  if (self->core != NULL && self->core->book != NULL)
    book = mm_ai_book_get_book (self->core->book);
  return mm_analysis_book_moves (book, board);
}

/**
 * mm_ai_player_choose_move_async:
 * @board: the position, copied
 * @cancellable: (nullable): cancels the search
 *
 * Chooses a move to play in @board at the player's level, in a worker
 * thread, and calls @callback in the main context no sooner than
 * #MmAiPlayer:min-delay after this call.  #MmAiPlayer::progress reports
 * the search as it goes.  A job in progress is cancelled first.
 */
void
mm_ai_player_choose_move_async (MmAiPlayer          *self,
                                const MmBoard       *board,
                                GCancellable        *cancellable,
                                GAsyncReadyCallback  callback,
                                gpointer             user_data)
{
  MmAiLevelParams params;

  g_return_if_fail (MM_IS_AI_PLAYER (self));
  g_return_if_fail (board != NULL);

  mm_ai_level_get_params (self->level, &params);
  start_job (self, JOB_PLAY, board, NULL, &params, cancellable, callback, user_data,
             mm_ai_player_choose_move_async);
}

/**
 * mm_ai_player_choose_move_finish:
 * @move: (out caller-allocates) (optional): the move, always legal: a pass
 *   when there is no other, MM_SQUARE_NONE when the game is over
 *
 * Returns: %FALSE with G_IO_ERROR_CANCELLED when the job was cancelled
 */
gboolean
mm_ai_player_choose_move_finish (MmAiPlayer    *self,
                                 GAsyncResult  *result,
                                 MmAiMove      *move,
                                 GError       **error)
{
  return finish_move (self, result, mm_ai_player_choose_move_async, move, error);
}

/**
 * mm_ai_player_hint_async:
 * @board: the position, copied
 * @level: how hard to search: the limits of that level, without its
 *   chance (MM_AI_LEVEL_ANALYSIS searches until it is stopped, or until
 *   the end is solved)
 *
 * Finds the best move of @board.  #MmAiPlayer::progress reports the best
 * move after every depth, so that a hint can be shown at once and
 * improved.  No minimum delay.  A job in progress is cancelled first.
 */
void
mm_ai_player_hint_async (MmAiPlayer          *self,
                         const MmBoard       *board,
                         MmAiLevel            level,
                         GCancellable        *cancellable,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  MmAiLevelParams params;

  g_return_if_fail (MM_IS_AI_PLAYER (self));
  g_return_if_fail (board != NULL);
  g_return_if_fail (level >= 0 && level < MM_AI_N_LEVELS);

  mm_ai_level_get_params (level, &params);
  params.noise_margin = 0;
  params.noise_temperature = 0;
  /* A hint is searched, so that it reports its progress. */
  params.book = FALSE;
  start_job (self, JOB_HINT, board, NULL, &params, cancellable, callback, user_data,
             mm_ai_player_hint_async);
}

gboolean
mm_ai_player_hint_finish (MmAiPlayer    *self,
                          GAsyncResult  *result,
                          MmAiMove      *move,
                          GError       **error)
{
  return finish_move (self, result, mm_ai_player_hint_async, move, error);
}

/**
 * mm_ai_player_analyse_async:
 * @board: the position, copied
 * @limits: (nullable): depth (the move included), seconds for the whole
 *   analysis, and the empties from which moves are solved exactly; %NULL
 *   for those of MM_AI_LEVEL_ANALYSIS, which go on until the end is solved
 *   or the job is stopped
 *
 * Scores every legal move of @board, depth after depth.
 * #MmAiPlayer::analysis-progress gives all the scores after every depth,
 * to show on the board at once and refine.  A job in progress is
 * cancelled first.
 */
void
mm_ai_player_analyse_async (MmAiPlayer           *self,
                            const MmBoard        *board,
                            const MmSearchLimits *limits,
                            GCancellable         *cancellable,
                            GAsyncReadyCallback   callback,
                            gpointer              user_data)
{
  MmAiLevelParams params;

  g_return_if_fail (MM_IS_AI_PLAYER (self));
  g_return_if_fail (board != NULL);

  mm_ai_level_get_params (MM_AI_LEVEL_ANALYSIS, &params);
  if (limits != NULL)
    params.limits = *limits;
  start_job (self, JOB_ANALYSE, board, NULL, &params, cancellable, callback, user_data,
             mm_ai_player_analyse_async);
}

/**
 * mm_ai_player_analyse_finish:
 *
 * Returns: (transfer full) (element-type MmAiMove) (nullable): every legal
 *   move with its score, best first (a pass alone when there is none,
 *   nothing when the game is over), or %NULL with an error
 */
GArray *
mm_ai_player_analyse_finish (MmAiPlayer    *self,
                             GAsyncResult  *result,
                             GError       **error)
{
  JobResult *value;
  GArray *moves;

  g_return_val_if_fail (MM_IS_AI_PLAYER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == mm_ai_player_analyse_async,
                        NULL);

  value = g_task_propagate_pointer (G_TASK (result), error);
  if (value == NULL)
    return NULL;
  moves = g_steal_pointer (&value->moves);
  job_result_free (value);
  return moves;
}

/**
 * mm_ai_player_review_async:
 * @record: the game, copied
 * @limits: (nullable): for each position; %NULL for those of
 *   MM_AI_LEVEL_EXPERT (a few seconds a position at most)
 *
 * Reviews a game for "Analyse Game": the score of every position, the
 * best move there and what the move played lost (see
 * mm_analysis_review()).  #MmAiPlayer::review-progress reports each
 * position as it is done, from the end of the game back to the start.  A
 * job in progress is cancelled first.
 */
void
mm_ai_player_review_async (MmAiPlayer           *self,
                           MmGameRecord         *record,
                           const MmSearchLimits *limits,
                           GCancellable         *cancellable,
                           GAsyncReadyCallback   callback,
                           gpointer              user_data)
{
  MmAiLevelParams params;

  g_return_if_fail (MM_IS_AI_PLAYER (self));
  g_return_if_fail (record != NULL);

  mm_ai_level_get_params (MM_AI_LEVEL_EXPERT, &params);
  params.noise_margin = 0;
  params.noise_temperature = 0;
  if (limits != NULL)
    params.limits = *limits;
  start_job (self, JOB_REVIEW, NULL, record, &params, cancellable, callback, user_data,
             mm_ai_player_review_async);
}

/**
 * mm_ai_player_review_finish:
 *
 * Returns: (transfer full) (element-type MmReviewEntry) (nullable): one
 *   entry per position, the start first, or %NULL with an error
 */
GArray *
mm_ai_player_review_finish (MmAiPlayer    *self,
                            GAsyncResult  *result,
                            GError       **error)
{
  JobResult *value;
  GArray *entries;

  g_return_val_if_fail (MM_IS_AI_PLAYER (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result)) == mm_ai_player_review_async,
                        NULL);

  value = g_task_propagate_pointer (G_TASK (result), error);
  if (value == NULL)
    return NULL;
  entries = g_steal_pointer (&value->moves);
  job_result_free (value);
  return entries;
}

/* As a seat: the computer, at its level, chooses the moves of one side. */

static const char *
mm_ai_player_get_display_name (MmPlayer *player)
{
  MmAiPlayer *self = MM_AI_PLAYER (player);

  if (self->display_name == NULL)
    /* Translators: the name of the computer as a player, with its level,
     * as “Computer (Beginner)” */
    self->display_name = g_strdup_printf (_("Computer (%s)"), mm_ai_level_get_name (self->level));
  return self->display_name;
}

static gboolean
mm_ai_player_get_thinking (MmPlayer *player)
{
  return MM_AI_PLAYER (player)->job != NULL;
}

static void
mm_ai_player_request_move_async (MmPlayer            *player,
                                 MmGameRecord        *record,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  MmAiPlayer *self = MM_AI_PLAYER (player);
  MmAiLevelParams params;
  guint64 black, white;
  MmColor side;
  MmBoard board;

  mm_game_record_get_position (record, &black, &white, &side);
  mm_board_from_colors (&board, black, white, side);
  mm_ai_level_get_params (self->level, &params);
  if (self->clock != NULL)
    mm_ai_level_params_on_clock (&params,
                                 (double) mm_clock_get_remaining (self->clock, side)
                                 / G_USEC_PER_SEC,
                                 (double) mm_clock_get_increment (self->clock) / G_USEC_PER_SEC,
                                 mm_popcount (mm_board_empties (&board)));
  start_job (self, JOB_PLAY, &board, NULL, &params, cancellable, callback, user_data,
             mm_ai_player_choose_move_async);
}

static void
mm_ai_player_set_clock (MmPlayer *player,
                        MmClock  *clock)
{
  g_set_object (&MM_AI_PLAYER (player)->clock, clock);
}

static int
mm_ai_player_request_move_finish (MmPlayer      *player,
                                  GAsyncResult  *result,
                                  GError       **error)
{
  MmAiMove move;

  if (!mm_ai_player_choose_move_finish (MM_AI_PLAYER (player), result, &move, error))
    return MM_SQUARE_NONE;
  return mm_player_answer_square (move.square, error);
}

static void
mm_ai_player_player_iface_init (MmPlayerInterface *iface)
{
  iface->get_display_name = mm_ai_player_get_display_name;
  iface->get_thinking = mm_ai_player_get_thinking;
  iface->request_move_async = mm_ai_player_request_move_async;
  iface->request_move_finish = mm_ai_player_request_move_finish;
  iface->set_clock = mm_ai_player_set_clock;
}
