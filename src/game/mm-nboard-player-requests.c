/* mm-nboard-player-requests.c
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

#include <string.h>

#include <glib/gi18n-lib.h>

#include "mm-nboard-player-private.h"
#include "mm-nboard-protocol.h"

/* An engine is spoken to in the NBoard protocol (mm-nboard-protocol.c
 * has the commands and the replies): greeted once, then for every move
 * asked for sent a ping, the whole game and "go", and answered with a
 * pong, progress and the move.
 *
 * A check is the ping and its pong alone.
 *
 * Sending the whole game with every request keeps the engine in step
 * with moves, undo, new games and edited positions without tracking any
 * of them.  The ping numbers tell stale answers from current ones: an
 * answer to a cancelled "go" comes before the pong of the next ping, and
 * is dropped. */

#define MAX_NAME_CHARS     64

typedef enum
{
  REQUEST_WAITING,      /* for the engine */
  REQUEST_DELIVERING,   /* the result is known; the callback is due */
} RequestState;

/* Owned by its GTask; its sources hold references to the task. */
typedef struct
{
  RequestState  state;
  gboolean      check;      /* only the pong is wanted */
  MmBoard       board;
  guint         ping;
  gboolean      synced;     /* the pong of our ping came: answers are ours */
  gint64        started;
  MmAiMove      move;       /* the answer, or the best so far */
  GError       *error;
  GMainContext *context;
  GSource      *timeout_source;
  GSource      *cancel_source;
  GSource      *finish_source;
} Request;

static void player_break (MmNboardPlayer *self,
                          GError         *error);

/* Requests. */

static void
request_clear_source (GSource **source)
{
  if (*source == NULL)
    return;
  g_source_destroy (*source);
  g_clear_pointer (source, g_source_unref);
}

static void
request_free (Request *request)
{
  g_assert (request->timeout_source == NULL);
  g_assert (request->cancel_source == NULL);
  g_assert (request->finish_source == NULL);

  g_clear_error (&request->error);
  g_main_context_unref (request->context);
  g_free (request);
}

static GSource *
request_attach (Request     *request,
                GSource     *source,
                GSourceFunc  func,
                GTask       *task)
{
  g_source_set_priority (source, MM_NBOARD_ANSWER_PRIORITY);
  g_source_set_callback (source, func, g_object_ref (task), g_object_unref);
  g_source_attach (source, request->context);
  return source;
}

/* The player is not busy with @task any more. */
static void
player_release (MmNboardPlayer *self,
                GTask          *task)
{
  if (self->task != task)
    return;
  g_clear_object (&self->task);
  _mm_nboard_player_notify_busy (self);
}

static gboolean
request_finished (gpointer user_data)
{
  g_autoptr(GTask) task = g_object_ref (user_data);
  MmNboardPlayer *self = g_task_get_source_object (task);
  Request *request = g_task_get_task_data (task);

  request_clear_source (&request->timeout_source);
  request_clear_source (&request->cancel_source);
  request_clear_source (&request->finish_source);
  player_release (self, task);

  if (request->error != NULL)
    g_task_return_error (task, g_steal_pointer (&request->error));
  else
    g_task_return_boolean (task, TRUE);
  return G_SOURCE_REMOVE;
}

/* Ends @task with @error (taken) or, when it is %NULL, with the move,
 * @delay milliseconds from now.  The callback always comes from a source
 * of its own, never from inside a call of the caller's. */
static void
request_end (MmNboardPlayer *self,
             GTask          *task,
             GError         *error,
             guint           delay)
{
  /* The player's reference may be the last one. */
  g_autoptr(GTask) hold = g_object_ref (task);
  Request *request = g_task_get_task_data (task);

  request->state = REQUEST_DELIVERING;
  g_clear_error (&request->error);
  request->error = error;
  request_clear_source (&request->timeout_source);
  request_clear_source (&request->finish_source);
  if (error != NULL)
    {
      /* Failed or cancelled: the player may take the next request now. */
      request_clear_source (&request->cancel_source);
      player_release (self, task);
    }
  request->finish_source = request_attach (request,
                                           delay > 0 ? g_timeout_source_new (delay)
                                                     : g_idle_source_new (),
                                           request_finished, task);
}

/* A move found sooner than #MmNboardPlayer:min-delay waits for it. */
static void
request_answer (MmNboardPlayer *self,
                GTask          *task)
{
  Request *request = g_task_get_task_data (task);
  gint64 elapsed = g_get_monotonic_time () - request->started;
  gint64 wait = (gint64) self->min_delay * 1000 - elapsed;

  request->move.seconds = (double) elapsed / G_USEC_PER_SEC;
  request_end (self, task, NULL, wait > 0 ? (guint) (wait / 1000) + 1 : 0);
}

/* Asks the engine to stop thinking: the pong is not waited for, and
 * whatever comes before it belongs to no request. */
static void
player_interrupt (MmNboardPlayer *self)
{
  g_autofree char *ping = NULL;

  if (self->process == NULL)
    return;
  ping = mm_nboard_format_ping (++self->ping);
  mm_nboard_process_send (self->process, ping);
}

static void
request_cancel (MmNboardPlayer *self,
                GTask          *task)
{
  Request *request = g_task_get_task_data (task);

  if (request->state == REQUEST_WAITING && request->ping != 0)
    player_interrupt (self);
  request_end (self, task,
               g_error_new_literal (G_IO_ERROR, G_IO_ERROR_CANCELLED,
                                    _("The engine was asked to stop.")),
               0);
}

static gboolean
request_cancelled (GCancellable *cancellable,
                   gpointer      user_data)
{
  GTask *task = user_data;
  Request *request = g_task_get_task_data (task);

  g_clear_pointer (&request->cancel_source, g_source_unref);
  request_cancel (g_task_get_source_object (task), task);
  return G_SOURCE_REMOVE;
}

static gboolean
request_timed_out (gpointer user_data)
{
  GTask *task = user_data;
  MmNboardPlayer *self = g_task_get_source_object (task);
  Request *request = g_task_get_task_data (task);
  g_autofree char *seconds = NULL;

  g_clear_pointer (&request->timeout_source, g_source_unref);
  player_interrupt (self);
  seconds = g_strdup_printf ("%.1f", self->timeout / 1000.0);
  request_end (self, task,
               g_error_new (MM_NBOARD_ERROR, MM_NBOARD_ERROR_TIMEOUT,
                            /* Translators: %s: a number of seconds, such as 60.0 */
                            _("The engine did not answer within %s seconds."), seconds),
               0);
  return G_SOURCE_REMOVE;
}

/* The current request, if the engine's answers are for it now. */
static Request *
player_get_listening (MmNboardPlayer *self)
{
  Request *request;

  if (self->task == NULL)
    return NULL;
  request = g_task_get_task_data (self->task);
  if (request->state != REQUEST_WAITING || !request->synced)
    return NULL;
  return request;
}

/* The engine's lines. */

static void
player_set_name (MmNboardPlayer *self,
                 const char     *text)
{
  g_autofree char *name = mm_nboard_clean_text (text, MAX_NAME_CHARS);

  if (name == NULL || g_strcmp0 (name, self->name) == 0)
    return;
  g_free (self->name);
  self->name = g_steal_pointer (&name);
  _mm_nboard_player_notify_name (self);
}

static void
player_handle_pong (MmNboardPlayer *self,
                    const char     *argument)
{
  Request *request;
  guint64 number;

  if (self->task == NULL || !mm_nboard_parse_pong (argument, &number))
    return;
  request = g_task_get_task_data (self->task);
  if (request->state != REQUEST_WAITING || number != request->ping)
    return;
  request->synced = TRUE;
  if (request->check)
    request_end (self, self->task, NULL, 0);
}

static void
player_handle_search (MmNboardPlayer *self,
                      const char     *argument)
{
  Request *request = player_get_listening (self);
  MmNboardSearch search;
  MmAiMove best = { 0 };

  if (request == NULL || !mm_nboard_parse_search (argument, &search))
    return;
  best.square = search.square;
  best.score = search.score;
  best.exact = search.exact;
  best.depth = search.exact ? mm_popcount (mm_board_empties (&request->board)) : search.depth;
  best.nodes = request->move.nodes;
  best.seconds = (double) (g_get_monotonic_time () - request->started) / G_USEC_PER_SEC;

  request->move.square = best.square;
  request->move.score = best.score;
  request->move.depth = best.depth;
  request->move.exact = best.exact;
  _mm_nboard_player_emit_progress (self, &best);
}

static void
player_handle_nodestats (MmNboardPlayer *self,
                         const char     *argument)
{
  Request *request = player_get_listening (self);
  guint64 nodes;

  if (request != NULL && mm_nboard_parse_nodestats (argument, &nodes))
    request->move.nodes = nodes;
}

static gboolean
square_is_legal (const MmBoard *board,
                 int            square)
{
  guint64 legal = mm_board_legal_moves (board);

  if (square == MM_SQUARE_PASS)
    return legal == 0;
  return mm_square_is_valid (square) && (legal & (G_GUINT64_CONSTANT (1) << square)) != 0;
}

static GError *
illegal_move_error (int square)
{
  char name[3];

  if (square == MM_SQUARE_PASS)
    return g_error_new_literal (MM_NBOARD_ERROR, MM_NBOARD_ERROR_ILLEGAL_MOVE,
                                _("The engine passed although it has a legal move."));
  mm_square_format (square, name);
  return g_error_new (MM_NBOARD_ERROR, MM_NBOARD_ERROR_ILLEGAL_MOVE,
                      /* Translators: %s: a square, such as f5 */
                      _("The engine chose %s, which is not a legal move."), name);
}

/* "=== F5/1.50/0.3" and the like: the move. */
static void
player_handle_move (MmNboardPlayer *self,
                    const char     *argument)
{
  Request *request = player_get_listening (self);
  g_autofree char *shown = NULL;
  gboolean has_score;
  int square, score;

  if (request == NULL)
    {
      g_debug ("a stale answer dropped: === %s", argument);
      return;
    }

  if (!mm_nboard_parse_move (argument, &square, &has_score, &score))
    {
      shown = g_utf8_make_valid (argument, MIN (strlen (argument), 40));
      request_end (self, self->task,
                   g_error_new (MM_NBOARD_ERROR, MM_NBOARD_ERROR_PROTOCOL,
                                /* Translators: %s: what the engine sent instead of a move */
                                _("The engine answered “%s”, which is not a move."), shown),
                   0);
      return;
    }
  if (!square_is_legal (&request->board, square))
    {
      request_end (self, self->task, illegal_move_error (square), 0);
      return;
    }

  /* The search lines were about the best move so far, which may not be
   * this one. */
  if (request->move.square != square)
    {
      request->move.score = 0;
      request->move.depth = 0;
      request->move.exact = FALSE;
    }
  request->move.square = square;
  if (has_score)
    request->move.score = score;
  request_answer (self, self->task);
}

static void
player_handle_line (MmNboardPlayer *self,
                    char           *line)
{
  const char *argument;

  g_strstrip (line);
  if (line[0] == '\0')
    return;
  if (g_log_get_debug_enabled ())
    {
      g_autofree char *valid = g_utf8_make_valid (line, -1);

      g_debug ("from the engine: %s", valid);
    }

  /* Lines we do not know are ignored, as the protocol asks. */
  switch (mm_nboard_parse_reply (line, &argument))
    {
    case MM_NBOARD_REPLY_MOVE:
      player_handle_move (self, argument);
      break;

    case MM_NBOARD_REPLY_PONG:
      player_handle_pong (self, argument);
      break;

    case MM_NBOARD_REPLY_NAME:
      player_set_name (self, argument);
      break;

    case MM_NBOARD_REPLY_SEARCH:
      player_handle_search (self, argument);
      break;

    case MM_NBOARD_REPLY_NODESTATS:
      player_handle_nodestats (self, argument);
      break;

    case MM_NBOARD_REPLY_OTHER:
    default:
      break;
    }
}

/* The engine no longer plays: @error (taken) is why, for the request in
 * progress and every later one. */
static void
player_break (MmNboardPlayer *self,
              GError         *error)
{
  if (self->failure != NULL)
    {
      g_error_free (error);
      return;
    }

  g_debug ("the engine is out: %s", error->message);
  self->failure = error;
  _mm_nboard_player_drop_process (self);
  if (self->task != NULL)
    {
      Request *request = g_task_get_task_data (self->task);

      if (request->state == REQUEST_WAITING)
        request_end (self, self->task, g_error_copy (error), 0);
    }
  _mm_nboard_player_notify_running (self);
}

static void
player_send (MmNboardPlayer *self,
             const char     *command)
{
  if (self->process != NULL)
    mm_nboard_process_send (self->process, command);
}

static void
player_send_depth (MmNboardPlayer *self)
{
  g_autofree char *command = NULL;

  if (self->sent_depth == self->depth)
    return;
  command = mm_nboard_format_set_depth (self->depth);
  self->sent_depth = self->depth;
  player_send (self, command);
}

/* The engine's process. */

static void
player_line_received (MmNboardProcess *process,
                      const char      *text,
                      gpointer         user_data)
{
  /* A request the line ends may hold the last reference. */
  g_autoptr(MmNboardPlayer) self = g_object_ref (user_data);
  g_autofree char *line = g_strdup (text);

  player_handle_line (self, line);
}

static void
player_process_failed (MmNboardProcess *process,
                       const GError    *error,
                       gpointer         user_data)
{
  g_autoptr(MmNboardPlayer) self = g_object_ref (user_data);

  player_break (self, g_error_copy (error));
}

/* Makes @process the engine's and greets it. */
void
_mm_nboard_player_take_process (MmNboardPlayer  *self,
                                MmNboardProcess *process)
{
  g_assert (self->process == NULL);

  self->process = g_object_ref (process);
  g_signal_connect (process, "line", G_CALLBACK (player_line_received), self);
  g_signal_connect (process, "failed", G_CALLBACK (player_process_failed), self);
  player_send (self, MM_NBOARD_HELLO);
  player_send_depth (self);
}

/* Kills the engine, if it still runs, and forgets it. */
void
_mm_nboard_player_drop_process (MmNboardPlayer *self)
{
  if (self->process == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->process, self);
  mm_nboard_process_close (self->process);
  g_clear_object (&self->process);
}

/* Sends the ping that starts @task, after which its time runs. */
static void
player_ping (MmNboardPlayer *self,
             GTask          *task)
{
  Request *request = g_task_get_task_data (task);
  g_autofree char *ping = NULL;

  if (self->process != NULL && mm_nboard_process_is_stuck (self->process))
    {
      player_break (self, g_error_new_literal (MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED,
                                               _("The engine does not read its input any more.")));
      return;
    }
  if (self->timeout > 0)
    request->timeout_source = request_attach (request, g_timeout_source_new (self->timeout),
                                              request_timed_out, task);
  request->ping = ++self->ping;
  ping = mm_nboard_format_ping (request->ping);
  player_send (self, ping);
}

static void
player_ask (MmNboardPlayer *self,
            MmGameRecord   *record,
            GTask          *task)
{
  g_autofree char *game = mm_nboard_format_set_game (record);

  player_ping (self, task);
  player_send_depth (self);
  player_send (self, game);
  player_send (self, MM_NBOARD_GO);
}

/* Makes the player busy with a new request (the one in progress is
 * cancelled); %NULL when it has ended at once, the engine being out or
 * @cancellable cancelled already. */
static GTask *
player_start_request (MmNboardPlayer      *self,
                      GCancellable        *cancellable,
                      GAsyncReadyCallback  callback,
                      gpointer             user_data,
                      gpointer             source_tag)
{
  g_autoptr(GTask) task = NULL;
  Request *request;

  mm_nboard_player_stop (self);
  if (self->process != NULL)
    mm_nboard_process_reset_chatter (self->process);

  request = g_new0 (Request, 1);
  request->state = REQUEST_WAITING;
  request->started = g_get_monotonic_time ();
  request->context = g_main_context_ref_thread_default ();
  request->move.square = MM_SQUARE_NONE;

  task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (task, source_tag);
  g_task_set_task_data (task, request, (GDestroyNotify) request_free);
  self->task = g_object_ref (task);
  _mm_nboard_player_notify_busy (self);

  if (cancellable != NULL)
    request->cancel_source = request_attach (request, g_cancellable_source_new (cancellable),
                                             G_SOURCE_FUNC (request_cancelled), task);
  if (self->failure != NULL)
    {
      request_end (self, task, g_error_copy (self->failure), 0);
      return NULL;
    }
  /* The cancel source ends it; the engine is spared. */
  if (g_cancellable_is_cancelled (cancellable))
    return NULL;
  return g_steal_pointer (&task);
}


/**
 * mm_nboard_player_stop:
 *
 * Cancels the request in progress, if any, and tells the engine to stop
 * thinking: the request's callback comes with G_IO_ERROR_CANCELLED.  For
 * undo, a new game, a closed window.
 */
void
mm_nboard_player_stop (MmNboardPlayer *self)
{
  g_return_if_fail (MM_IS_NBOARD_PLAYER (self));

  if (self->task != NULL)
    request_cancel (self, self->task);
}

/**
 * mm_nboard_player_choose_move_async:
 * @record: the game so far; the move is for the end of it.  Its GGF is
 *   sent at once, so the caller may change it afterwards.
 * @cancellable: (nullable): cancels the request
 *
 * Asks the engine for a move and calls @callback in the main context no
 * sooner than #MmNboardPlayer:min-delay after this call.  When the game
 * is over the move is MM_SQUARE_NONE, when the side to move must pass
 * MM_SQUARE_PASS, both without asking the engine.  A request in progress
 * is cancelled first.
 */
void
mm_nboard_player_choose_move_async (MmNboardPlayer      *self,
                                    MmGameRecord        *record,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Request *request;
  guint64 black, white;
  MmColor side;

  g_return_if_fail (MM_IS_NBOARD_PLAYER (self));
  g_return_if_fail (record != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = player_start_request (self, cancellable, callback, user_data,
                               mm_nboard_player_choose_move_async);
  if (task == NULL)
    return;

  request = g_task_get_task_data (task);
  mm_game_record_get_position (record, &black, &white, &side);
  mm_board_from_colors (&request->board, black, white, side);
  if (mm_board_is_game_over (&request->board))
    {
      request_end (self, task, NULL, 0);
      return;
    }
  if (!mm_board_can_move (&request->board))
    {
      request->move.square = MM_SQUARE_PASS;
      request_answer (self, task);
      return;
    }
  player_ask (self, record, task);
}

/**
 * mm_nboard_player_choose_move_finish:
 * @move: (out caller-allocates) (optional): the move, with the score and
 *   depth the engine gave (0 when it gave none), its node count and the
 *   seconds it took
 *
 * Returns: %TRUE with the move, or %FALSE with an error in
 *   %MM_NBOARD_ERROR, or G_IO_ERROR_CANCELLED
 */
gboolean
mm_nboard_player_choose_move_finish (MmNboardPlayer  *self,
                                     GAsyncResult    *result,
                                     MmAiMove        *move,
                                     GError         **error)
{
  Request *request;

  g_return_val_if_fail (MM_IS_NBOARD_PLAYER (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result))
                        == mm_nboard_player_choose_move_async, FALSE);

  if (!g_task_propagate_boolean (G_TASK (result), error))
    return FALSE;
  request = g_task_get_task_data (G_TASK (result));
  if (move != NULL)
    *move = request->move;
  return TRUE;
}

/**
 * mm_nboard_player_check_async:
 * @cancellable: (nullable): cancels the check
 *
 * Makes sure that the engine runs and answers (a "ping" answered by a
 * "pong" within #MmNboardPlayer:timeout), for a preferences page that
 * tries a command line; by then #MmNboardPlayer:name is usually the
 * engine's own.  A request in progress is cancelled first.
 */
void
mm_nboard_player_check_async (MmNboardPlayer      *self,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  Request *request;

  g_return_if_fail (MM_IS_NBOARD_PLAYER (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = player_start_request (self, cancellable, callback, user_data,
                               mm_nboard_player_check_async);
  if (task == NULL)
    return;
  request = g_task_get_task_data (task);
  request->check = TRUE;
  player_ping (self, task);
}

/**
 * mm_nboard_player_check_finish:
 *
 * Returns: %TRUE when the engine answered, or %FALSE with an error in
 *   %MM_NBOARD_ERROR, or G_IO_ERROR_CANCELLED
 */
gboolean
mm_nboard_player_check_finish (MmNboardPlayer  *self,
                               GAsyncResult    *result,
                               GError         **error)
{
  g_return_val_if_fail (MM_IS_NBOARD_PLAYER (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_task_get_source_tag (G_TASK (result))
                        == mm_nboard_player_check_async, FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}

