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

#include "mm-ai-player-private.h"

/* The computer player: its construction, properties, public API and
 * seat.  The jobs (the searches in GTask workers, their progress and the
 * minimum delay of a move) are in mm-ai-player-jobs.c. */

#define DEFAULT_HASH_MEGABYTES 64

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

  g_clear_pointer (&self->core, _mm_ai_player_core_unref);
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

/* Busy, as a seat, is thinking. */
void
_mm_ai_player_notify_busy (MmAiPlayer *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
  g_object_notify (G_OBJECT (self), MM_PLAYER_PROP_THINKING);
}

void
_mm_ai_player_emit_progress (MmAiPlayer     *self,
                             const MmAiMove *best)
{
  g_signal_emit (self, signals[SIGNAL_PROGRESS], 0, best);
}

void
_mm_ai_player_emit_analysis_progress (MmAiPlayer *self,
                                      GArray     *moves,
                                      int         depth)
{
  g_signal_emit (self, signals[SIGNAL_ANALYSIS_PROGRESS], 0, moves, depth);
}

void
_mm_ai_player_emit_review_progress (MmAiPlayer *self,
                                    GArray     *entries,
                                    guint       index)
{
  g_signal_emit (self, signals[SIGNAL_REVIEW_PROGRESS], 0, entries, index);
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
  _mm_ai_player_start_job (self, JOB_PLAY, board, NULL, &params, cancellable, callback,
                           user_data, mm_ai_player_choose_move_async);
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
  return _mm_ai_player_finish_move (self, result, mm_ai_player_choose_move_async, move, error);
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
  _mm_ai_player_start_job (self, JOB_HINT, board, NULL, &params, cancellable, callback,
                           user_data, mm_ai_player_hint_async);
}

gboolean
mm_ai_player_hint_finish (MmAiPlayer    *self,
                          GAsyncResult  *result,
                          MmAiMove      *move,
                          GError       **error)
{
  return _mm_ai_player_finish_move (self, result, mm_ai_player_hint_async, move, error);
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
  _mm_ai_player_start_job (self, JOB_ANALYSE, board, NULL, &params, cancellable, callback,
                           user_data, mm_ai_player_analyse_async);
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
  _mm_ai_player_job_result_free (value);
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
  _mm_ai_player_start_job (self, JOB_REVIEW, NULL, record, &params, cancellable, callback,
                           user_data, mm_ai_player_review_async);
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
  _mm_ai_player_job_result_free (value);
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
  _mm_ai_player_start_job (self, JOB_PLAY, &board, NULL, &params, cancellable, callback,
                           user_data, mm_ai_player_choose_move_async);
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
