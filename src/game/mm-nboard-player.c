/* mm-nboard-player.c
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

#define G_LOG_DOMAIN "mm-nboard-player"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-ai-player.h"
#include "mm-nboard-player-private.h"
#include "mm-nboard-protocol.h"

/* The object: its construction, properties and seat.  The requests and
 * the engine's answers to them are in mm-nboard-player-requests.c, the
 * engine's process and pipes in mm-nboard-process.c. */

static void mm_nboard_player_initable_iface_init (GInitableIface    *iface);
static void mm_nboard_player_player_iface_init   (MmPlayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MmNboardPlayer, mm_nboard_player, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_INITABLE,
                                                      mm_nboard_player_initable_iface_init)
                               G_IMPLEMENT_INTERFACE (MM_TYPE_PLAYER,
                                                      mm_nboard_player_player_iface_init))

G_DEFINE_QUARK (mm-nboard-error-quark, mm_nboard_error)

enum
{
  PROP_0,
  PROP_COMMAND_LINE,
  PROP_WORKING_DIRECTORY,
  PROP_NAME,
  PROP_DEPTH,
  PROP_TIMEOUT,
  PROP_MIN_DELAY,
  PROP_BUSY,
  PROP_RUNNING,
  N_PROPS,
  /* The seat's, overridden from MmPlayer */
  PROP_DISPLAY_NAME = N_PROPS,
  PROP_THINKING,
};

enum
{
  SIGNAL_PROGRESS,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static gboolean
mm_nboard_player_initable_init (GInitable     *initable,
                                GCancellable  *cancellable,
                                GError       **error)
{
  MmNboardPlayer *self = MM_NBOARD_PLAYER (initable);
  g_autoptr(MmNboardProcess) process = NULL;

  if (self->process != NULL || self->failure != NULL)
    return TRUE;

  process = mm_nboard_process_new (self->command_line, self->working_directory, error);
  if (process == NULL)
    return FALSE;

  g_free (self->working_directory);
  self->working_directory = g_strdup (mm_nboard_process_get_working_directory (process));
  g_free (self->name);
  self->name = g_path_get_basename (mm_nboard_process_get_program (process));
  _mm_nboard_player_take_process (self, process);
  return TRUE;
}

static void
mm_nboard_player_initable_iface_init (GInitableIface *iface)
{
  iface->init = mm_nboard_player_initable_init;
}

static void
mm_nboard_player_dispose (GObject *object)
{
  MmNboardPlayer *self = (MmNboardPlayer *)object;

  /* g_object_run_dispose() kills the engine at once, also while a
   * request (which holds a reference) is still to be cancelled, as when
   * the application quits; a request after that fails. */
  mm_nboard_player_stop (self);
  _mm_nboard_player_drop_process (self);
  if (self->failure == NULL)
    self->failure = g_error_new_literal (MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED,
                                         _("The engine stopped."));

  g_clear_object (&self->clock);

  G_OBJECT_CLASS (mm_nboard_player_parent_class)->dispose (object);
}

static void
mm_nboard_player_finalize (GObject *object)
{
  MmNboardPlayer *self = (MmNboardPlayer *)object;

  g_clear_pointer (&self->command_line, g_free);
  g_clear_pointer (&self->working_directory, g_free);
  g_clear_pointer (&self->name, g_free);
  g_clear_error (&self->failure);

  G_OBJECT_CLASS (mm_nboard_player_parent_class)->finalize (object);
}

static void
mm_nboard_player_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  MmNboardPlayer *self = MM_NBOARD_PLAYER (object);

  switch (prop_id)
    {
    case PROP_COMMAND_LINE:
      g_value_set_string (value, self->command_line);
      break;

    case PROP_WORKING_DIRECTORY:
      g_value_set_string (value, self->working_directory);
      break;

    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_DEPTH:
      g_value_set_uint (value, self->depth);
      break;

    case PROP_TIMEOUT:
      g_value_set_uint (value, self->timeout);
      break;

    case PROP_MIN_DELAY:
      g_value_set_uint (value, self->min_delay);
      break;

    case PROP_BUSY:
      g_value_set_boolean (value, self->task != NULL);
      break;

    case PROP_RUNNING:
      g_value_set_boolean (value, mm_nboard_player_get_running (self));
      break;

    case PROP_DISPLAY_NAME:
      g_value_set_string (value, self->name);
      break;

    case PROP_THINKING:
      g_value_set_boolean (value, self->task != NULL);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_nboard_player_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  MmNboardPlayer *self = MM_NBOARD_PLAYER (object);

  switch (prop_id)
    {
    case PROP_COMMAND_LINE:
      self->command_line = g_value_dup_string (value);
      break;

    case PROP_WORKING_DIRECTORY:
      self->working_directory = g_value_dup_string (value);
      break;

    case PROP_DEPTH:
      mm_nboard_player_set_depth (self, g_value_get_uint (value));
      break;

    case PROP_TIMEOUT:
      mm_nboard_player_set_timeout (self, g_value_get_uint (value));
      break;

    case PROP_MIN_DELAY:
      mm_nboard_player_set_min_delay (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_nboard_player_class_init (MmNboardPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mm_nboard_player_dispose;
  object_class->finalize = mm_nboard_player_finalize;
  object_class->get_property = mm_nboard_player_get_property;
  object_class->set_property = mm_nboard_player_set_property;

  /**
   * MmNboardPlayer:command-line:
   *
   * The engine's program and arguments, as a shell would split them
   * ("edax -n 2", "/opt/ntest/ntest x"); no shell runs them.
   */
  properties[PROP_COMMAND_LINE] =
    g_param_spec_string ("command-line", NULL, NULL,
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * MmNboardPlayer:working-directory:
   *
   * Where the engine runs (some find their data files there).  %NULL or
   * empty for the folder of the engine's program when the command line
   * names it with a path (the folder above, when that is a "bin"
   * folder), or else the home folder; once started, where it runs.
   */
  properties[PROP_WORKING_DIRECTORY] =
    g_param_spec_string ("working-directory", NULL, NULL,
                         NULL,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);

  /**
   * MmNboardPlayer:name:
   *
   * The engine's name: what it said with "set myname", or the name of
   * its program until it does.
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL,
                         NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * MmNboardPlayer:depth:
   *
   * The midgame depth asked of the engine; how deep it solves endgames
   * is its own choice.  A change counts from the next move.
   */
  properties[PROP_DEPTH] =
    g_param_spec_uint ("depth", NULL, NULL,
                       1, MM_NBOARD_PLAYER_MAX_DEPTH, MM_NBOARD_PLAYER_DEFAULT_DEPTH,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * MmNboardPlayer:timeout:
   *
   * How long the engine may take for a move, in milliseconds, before the
   * request fails; 0 for no limit.
   */
  properties[PROP_TIMEOUT] =
    g_param_spec_uint ("timeout", NULL, NULL,
                       0, G_MAXUINT, MM_NBOARD_PLAYER_DEFAULT_TIMEOUT,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * MmNboardPlayer:min-delay:
   *
   * A move found sooner is given this many milliseconds after it was
   * asked for, as with #MmAiPlayer:min-delay.
   */
  properties[PROP_MIN_DELAY] =
    g_param_spec_uint ("min-delay", NULL, NULL,
                       0, 10000, MM_AI_PLAYER_DEFAULT_MIN_DELAY,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * MmNboardPlayer:busy:
   *
   * Whether a move is being asked for.
   */
  properties[PROP_BUSY] =
    g_param_spec_boolean ("busy", NULL, NULL,
                          FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  /**
   * MmNboardPlayer:running:
   *
   * Whether the engine still plays: %FALSE once it has stopped or broken
   * the protocol, after which every request fails.
   */
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL,
                          FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
  /* The seat's name is the engine's, as #MmNboardPlayer:name; it is
   * thinking while #MmNboardPlayer:busy. */
  g_object_class_override_property (object_class, PROP_DISPLAY_NAME, MM_PLAYER_PROP_DISPLAY_NAME);
  g_object_class_override_property (object_class, PROP_THINKING, MM_PLAYER_PROP_THINKING);

  /**
   * MmNboardPlayer::progress:
   * @best: the engine's best move so far, its score and depth
   *
   * Emitted for each "search" line the engine sends about the current
   * request.
   */
  signals[SIGNAL_PROGRESS] =
    g_signal_new ("progress",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1,
                  MM_TYPE_AI_MOVE | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
mm_nboard_player_init (MmNboardPlayer *self)
{
  self->depth = MM_NBOARD_PLAYER_DEFAULT_DEPTH;
  self->timeout = MM_NBOARD_PLAYER_DEFAULT_TIMEOUT;
  self->min_delay = MM_AI_PLAYER_DEFAULT_MIN_DELAY;
}

/* Busy, as a seat, is thinking. */
void
_mm_nboard_player_notify_busy (MmNboardPlayer *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
  g_object_notify (G_OBJECT (self), MM_PLAYER_PROP_THINKING);
}

/* The name is the seat's too. */
void
_mm_nboard_player_notify_name (MmNboardPlayer *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
  g_object_notify (G_OBJECT (self), MM_PLAYER_PROP_DISPLAY_NAME);
}

void
_mm_nboard_player_notify_running (MmNboardPlayer *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

void
_mm_nboard_player_emit_progress (MmNboardPlayer *self,
                                 const MmAiMove *best)
{
  g_signal_emit (self, signals[SIGNAL_PROGRESS], 0, best);
}

/**
 * mm_nboard_player_new:
 * @command_line: the engine's program and arguments
 *
 * Starts the engine and greets it ("nboard 2", "set depth").  Whether it
 * speaks NBoard shows with the first request.  It runs in the folder
 * #MmNboardPlayer:working-directory describes for %NULL.
 *
 * Returns: (transfer full) (nullable): a player, or %NULL with
 *   %MM_NBOARD_ERROR_START when the command line is empty or malformed
 *   or its program cannot be run
 */
MmNboardPlayer *
mm_nboard_player_new (const char  *command_line,
                      GError     **error)
{
  return mm_nboard_player_new_in_directory (command_line, NULL, error);
}

/**
 * mm_nboard_player_new_in_directory:
 * @command_line: the engine's program and arguments
 * @working_directory: (nullable): where it runs; %NULL or empty for the
 *   engine's own folder, or the home folder
 *
 * As mm_nboard_player_new(), in @working_directory (the
 * "engine-directory" setting).  A folder that does not exist fails with
 * %MM_NBOARD_ERROR_START.
 */
MmNboardPlayer *
mm_nboard_player_new_in_directory (const char  *command_line,
                                   const char  *working_directory,
                                   GError     **error)
{
  return g_initable_new (MM_TYPE_NBOARD_PLAYER, NULL, error,
                         "command-line", command_line,
                         "working-directory", working_directory,
                         NULL);
}

const char *
mm_nboard_player_get_working_directory (MmNboardPlayer *self)
{
  g_return_val_if_fail (MM_IS_NBOARD_PLAYER (self), NULL);

  return self->working_directory;
}

const char *
mm_nboard_player_get_command_line (MmNboardPlayer *self)
{
  g_return_val_if_fail (MM_IS_NBOARD_PLAYER (self), NULL);

  return self->command_line;
}

const char *
mm_nboard_player_get_name (MmNboardPlayer *self)
{
  g_return_val_if_fail (MM_IS_NBOARD_PLAYER (self), NULL);

  return self->name;
}

guint
mm_nboard_player_get_depth (MmNboardPlayer *self)
{
  g_return_val_if_fail (MM_IS_NBOARD_PLAYER (self), MM_NBOARD_PLAYER_DEFAULT_DEPTH);

  return self->depth;
}

void
mm_nboard_player_set_depth (MmNboardPlayer *self,
                            guint           depth)
{
  g_return_if_fail (MM_IS_NBOARD_PLAYER (self));
  g_return_if_fail (depth >= 1 && depth <= MM_NBOARD_PLAYER_MAX_DEPTH);

  if (self->depth == depth)
    return;
  self->depth = depth;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DEPTH]);
}

guint
mm_nboard_player_get_timeout (MmNboardPlayer *self)
{
  g_return_val_if_fail (MM_IS_NBOARD_PLAYER (self), 0);

  return self->timeout;
}

/**
 * mm_nboard_player_set_timeout:
 * @milliseconds: the limit, 0 for none
 *
 * Counts from the next request.
 */
void
mm_nboard_player_set_timeout (MmNboardPlayer *self,
                              guint           milliseconds)
{
  g_return_if_fail (MM_IS_NBOARD_PLAYER (self));

  if (self->timeout == milliseconds)
    return;
  self->timeout = milliseconds;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TIMEOUT]);
}

guint
mm_nboard_player_get_min_delay (MmNboardPlayer *self)
{
  g_return_val_if_fail (MM_IS_NBOARD_PLAYER (self), 0);

  return self->min_delay;
}

void
mm_nboard_player_set_min_delay (MmNboardPlayer *self,
                                guint           milliseconds)
{
  g_return_if_fail (MM_IS_NBOARD_PLAYER (self));

  if (self->min_delay == milliseconds)
    return;
  self->min_delay = milliseconds;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MIN_DELAY]);
}

gboolean
mm_nboard_player_get_busy (MmNboardPlayer *self)
{
  g_return_val_if_fail (MM_IS_NBOARD_PLAYER (self), FALSE);

  return self->task != NULL;
}

gboolean
mm_nboard_player_get_running (MmNboardPlayer *self)
{
  g_return_val_if_fail (MM_IS_NBOARD_PLAYER (self), FALSE);

  return self->process != NULL && self->failure == NULL;
}

/* As a seat: the engine chooses the moves of one side, and is named as
 * it names itself ("Edax"), not after what it is ("Computer (External
 * engine)"), which left no room for the name. */

static const char *
mm_nboard_player_get_display_name (MmPlayer *player)
{
  return MM_NBOARD_PLAYER (player)->name;
}

static gboolean
mm_nboard_player_get_thinking (MmPlayer *player)
{
  return MM_NBOARD_PLAYER (player)->task != NULL;
}

static void
mm_nboard_player_request_move_async (MmPlayer            *player,
                                     MmGameRecord        *record,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  MmNboardPlayer *self = MM_NBOARD_PLAYER (player);
  g_autoptr(MmGameRecord) timed = NULL;

  /* On a clock the engine is told the time it has left, as the
   * protocol tells it: in the game it is sent. */
  if (self->clock != NULL)
    {
      guint64 black, white;
      MmColor side;

      mm_game_record_get_position (record, &black, &white, &side);
      timed = mm_nboard_record_on_clock (record, mm_clock_get_remaining (self->clock, side),
                                         mm_clock_get_increment (self->clock));
    }
  mm_nboard_player_choose_move_async (self, timed != NULL ? timed : record, cancellable,
                                      callback, user_data);
}

static int
mm_nboard_player_request_move_finish (MmPlayer      *player,
                                      GAsyncResult  *result,
                                      GError       **error)
{
  MmAiMove move;

  if (!mm_nboard_player_choose_move_finish (MM_NBOARD_PLAYER (player), result, &move, error))
    return MM_SQUARE_NONE;
  return mm_player_answer_square (move.square, error);
}

static void
mm_nboard_player_set_clock (MmPlayer *player,
                            MmClock  *clock)
{
  g_set_object (&MM_NBOARD_PLAYER (player)->clock, clock);
}

static void
mm_nboard_player_player_iface_init (MmPlayerInterface *iface)
{
  iface->get_display_name = mm_nboard_player_get_display_name;
  iface->get_thinking = mm_nboard_player_get_thinking;
  iface->request_move_async = mm_nboard_player_request_move_async;
  iface->request_move_finish = mm_nboard_player_request_move_finish;
  iface->set_clock = mm_nboard_player_set_clock;
}
