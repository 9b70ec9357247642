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

#include <signal.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>

#include "mm-ai-player.h"
#include "mm-nboard-player.h"
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
 * is dropped.
 *
 * The pipes are plain asynchronous GIO streams in the main context.  The
 * engine's process and streams live in an "Engine" record that every
 * read and write in flight holds a reference to, so that dropping the
 * player never leaves an operation with freed memory; the operations
 * find the player through a weak reference and stop when it is gone.
 * The engine gets a process group of its own, so that killing it also
 * kills what a wrapper script started. */

/* Lines longer than this are not NBoard: the engine is broken. */
#define MAX_LINE           (64 * 1024)
/* Bytes read at a time, and written: a pipe that poll() says is
 * writable takes a page without blocking. */
#define CHUNK_SIZE         4096
/* Bytes the engine has not read when a new request begins: beyond this
 * it is not reading. */
#define MAX_BACKLOG        (256 * 1024)
/* How long to wait for the last words on stderr of an engine whose
 * output has ended, in milliseconds. */
#define STDERR_GRACE       250
/* What an engine may send between two requests, in bytes: far more than
 * any search prints, far less than a program that only floods. */
#define MAX_CHATTER        (4 * 1024 * 1024)
/* Everything on the way of an answer (reading it, the time limit, the
 * minimum delay, the callback) runs at the priority of the window's
 * input, above its drawing: a window that redraws without end (a
 * spinner under software GL) never lets the main loop go idle, and
 * would starve anything below.  An engine that floods is cut off by
 * MAX_CHATTER long before the window's input suffers. */
#define ANSWER_PRIORITY    G_PRIORITY_DEFAULT
#define MAX_NAME_CHARS     64
/* What is kept of the engine's stderr for the message if it stops: its
 * last lines, each cut short. */
#define MAX_STDERR_LINES   4
#define MAX_STDERR_CHARS   200

typedef struct
{
  guint          ref_count;
  GWeakRef       player;
  GSubprocess   *process;
  GCancellable  *cancellable;   /* cancelled when closed: ends reads and writes */
  GOutputStream *input;
  GString       *outgoing;      /* lines not handed to a write yet */
  GBytes        *writing;       /* the write in flight, or NULL */
  GByteArray    *out_line;      /* the start of a line not ended yet */
  GByteArray    *err_line;
  guint8         out_buffer[CHUNK_SIZE];
  guint8         err_buffer[CHUNK_SIZE];
  gboolean       closed;
} Engine;

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

struct _MmNboardPlayer
{
  GObject       parent_instance;

  char         *command_line;
  char         *working_directory;
  char         *name;
  guint         depth;
  guint         timeout;
  guint         min_delay;

  Engine       *engine;
  GError       *failure;        /* why the engine no longer plays, or NULL */
  guint         sent_depth;     /* 0: none sent yet */
  guint         ping;           /* the last ping sent */
  gsize         chatter;        /* bytes read since the last request began */
  gboolean      output_ended;
  gboolean      errors_ended;
  GSource      *grace_source;
  GQueue        error_lines;    /* the last lines of stderr, the oldest first */
  GTask        *task;           /* the request in progress, or NULL */
};

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

static void engine_read                 (Engine         *engine,
                                         gboolean        from_stderr);
static void player_handle_line          (MmNboardPlayer *self,
                                         char           *line);
static void player_handle_error_line    (MmNboardPlayer *self,
                                         char           *line);
static void player_output_ended         (MmNboardPlayer *self,
                                         gboolean        from_stderr);
static void player_break                (MmNboardPlayer *self,
                                         GError         *error);

/* The engine's process and pipes. */

static Engine *
engine_ref (Engine *engine)
{
  engine->ref_count++;
  return engine;
}

static void
engine_unref (Engine *engine)
{
  if (--engine->ref_count > 0)
    return;
  g_weak_ref_clear (&engine->player);
  g_clear_object (&engine->process);
  g_clear_object (&engine->cancellable);
  g_string_free (engine->outgoing, TRUE);
  g_clear_pointer (&engine->writing, g_bytes_unref);
  g_byte_array_unref (engine->out_line);
  g_byte_array_unref (engine->err_line);
  g_free (engine);
}

/* In the child, before exec. */
static void
engine_child_setup (gpointer user_data)
{
  setpgid (0, 0);
}

static Engine *
engine_start (MmNboardPlayer      *self,
              const char * const  *argv,
              GError             **error)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  GSubprocess *process;
  Engine *engine;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE
                                        | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  if (self->working_directory != NULL)
    g_subprocess_launcher_set_cwd (launcher, self->working_directory);
  g_subprocess_launcher_set_child_setup (launcher, engine_child_setup, NULL, NULL);
  process = g_subprocess_launcher_spawnv (launcher, argv, error);
  if (process == NULL)
    return NULL;

  engine = g_new0 (Engine, 1);
  engine->ref_count = 1;
  g_weak_ref_init (&engine->player, self);
  engine->process = process;
  engine->cancellable = g_cancellable_new ();
  engine->input = g_subprocess_get_stdin_pipe (process);
  engine->outgoing = g_string_new (NULL);
  engine->out_line = g_byte_array_new ();
  engine->err_line = g_byte_array_new ();

  engine_read (engine, FALSE);
  engine_read (engine, TRUE);
  return engine;
}

/* Kills the engine and everything it started; GSubprocess reaps it. */
static void
engine_close (Engine *engine)
{
  const char *identifier;

  if (engine->closed)
    return;
  engine->closed = TRUE;
  g_weak_ref_set (&engine->player, NULL);
  g_cancellable_cancel (engine->cancellable);

  /* Only while the child is not reaped is its process group surely
   * still its own. */
  identifier = g_subprocess_get_identifier (engine->process);
  if (identifier != NULL)
    {
      pid_t pid = (pid_t) g_ascii_strtoll (identifier, NULL, 10);

      if (pid > 1)
        kill (-pid, SIGKILL);
      g_subprocess_force_exit (engine->process);
    }
}

static void engine_flush (Engine *engine);

static void
engine_write_done (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  Engine *engine = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(MmNboardPlayer) self = NULL;
  gboolean written;

  written = g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, &error);
  g_clear_pointer (&engine->writing, g_bytes_unref);
  self = g_weak_ref_get (&engine->player);
  if (self != NULL && !engine->closed)
    {
      if (written)
        engine_flush (engine);
      else
        {
          /* Its input closed: it has exited, or is about to. */
          g_debug ("writing to the engine: %s", error->message);
          player_output_ended (self, FALSE);
        }
    }
  engine_unref (engine);
}

static void
engine_flush (Engine *engine)
{
  gsize length;

  if (engine->closed || engine->writing != NULL || engine->outgoing->len == 0)
    return;

  length = MIN (engine->outgoing->len, CHUNK_SIZE);
  engine->writing = g_bytes_new (engine->outgoing->str, length);
  g_string_erase (engine->outgoing, 0, (gssize) length);
  g_output_stream_write_all_async (engine->input,
                                   g_bytes_get_data (engine->writing, NULL), length,
                                   ANSWER_PRIORITY, engine->cancellable,
                                   engine_write_done, engine_ref (engine));
}

static void
engine_send (Engine     *engine,
             const char *line)
{
  if (engine->closed)
    return;

  g_debug ("to the engine: %.200s%s", line, strlen (line) > 200 ? "..." : "");
  g_string_append (engine->outgoing, line);
  g_string_append_c (engine->outgoing, '\n');
  engine_flush (engine);
}

/* Whether the engine has left much of what it was sent before unread.
 * Asked when a request begins, not in its middle: a game with huge tags
 * may be long to write, and a healthy engine reads it all while it
 * thinks. */
static gboolean
engine_is_stuck (Engine *engine)
{
  return engine->outgoing->len > MAX_BACKLOG;
}

/* Splits what was read into lines and hands them to the player; FALSE
 * when a line of the output is too long. */
static gboolean
engine_take_lines (Engine         *engine,
                   MmNboardPlayer *self,
                   gboolean        from_stderr,
                   const guint8   *data,
                   gsize           length)
{
  GByteArray *line = from_stderr ? engine->err_line : engine->out_line;
  const guint8 *end = data + length;

  while (data < end && !engine->closed)
    {
      const guint8 *newline = memchr (data, '\n', (gsize) (end - data));
      gsize part = (gsize) ((newline != NULL ? newline : end) - data);

      if (line->len + part > MAX_LINE)
        {
          if (!from_stderr)
            return FALSE;
          /* A long message is only kept in part. */
          g_byte_array_set_size (line, 0);
        }
      g_byte_array_append (line, data, (guint) part);
      data += part;
      if (newline == NULL)
        break;
      data++;

      g_byte_array_append (line, (const guint8 *) "", 1);
      if (from_stderr)
        player_handle_error_line (self, (char *) line->data);
      else
        player_handle_line (self, (char *) line->data);
      g_byte_array_set_size (line, 0);
    }
  return TRUE;
}

static void
engine_read_done (Engine       *engine,
                  GObject      *source,
                  GAsyncResult *result,
                  gboolean      from_stderr)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmNboardPlayer) self = NULL;
  gssize length;

  length = g_input_stream_read_finish (G_INPUT_STREAM (source), result, &error);
  self = g_weak_ref_get (&engine->player);
  if (self == NULL || engine->closed)
    return;

  if (length <= 0)
    {
      if (error != NULL)
        g_debug ("reading from the engine: %s", error->message);
      player_output_ended (self, from_stderr);
      return;
    }

  self->chatter += (gsize) length;
  if (self->chatter > MAX_CHATTER)
    {
      player_break (self, g_error_new_literal (MM_NBOARD_ERROR, MM_NBOARD_ERROR_PROTOCOL,
                                               _("The engine sends far more than the "
                                                 "protocol asks for.")));
      return;
    }
  if (!engine_take_lines (engine, self, from_stderr,
                          from_stderr ? engine->err_buffer : engine->out_buffer,
                          (gsize) length))
    {
      player_break (self, g_error_new (MM_NBOARD_ERROR, MM_NBOARD_ERROR_PROTOCOL,
                                       /* Translators: %u: a number of kilobytes */
                                       _("The engine sent a line longer than %u KB."),
                                       MAX_LINE / 1024));
      return;
    }
  engine_read (engine, from_stderr);
}

static void
engine_output_read (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  engine_read_done (user_data, source, result, FALSE);
  engine_unref (user_data);
}

static void
engine_errors_read (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  engine_read_done (user_data, source, result, TRUE);
  engine_unref (user_data);
}

static void
engine_read (Engine   *engine,
             gboolean  from_stderr)
{
  if (engine->closed)
    return;

  if (from_stderr)
    g_input_stream_read_async (g_subprocess_get_stderr_pipe (engine->process),
                               engine->err_buffer, sizeof engine->err_buffer,
                               ANSWER_PRIORITY, engine->cancellable,
                               engine_errors_read, engine_ref (engine));
  else
    g_input_stream_read_async (g_subprocess_get_stdout_pipe (engine->process),
                               engine->out_buffer, sizeof engine->out_buffer,
                               ANSWER_PRIORITY, engine->cancellable,
                               engine_output_read, engine_ref (engine));
}

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
  g_source_set_priority (source, ANSWER_PRIORITY);
  g_source_set_callback (source, func, g_object_ref (task), g_object_unref);
  g_source_attach (source, request->context);
  return source;
}

/* Busy, as a seat, is thinking. */
static void
player_notify_busy (MmNboardPlayer *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BUSY]);
  g_object_notify (G_OBJECT (self), MM_PLAYER_PROP_THINKING);
}

/* The player is not busy with @task any more. */
static void
player_release (MmNboardPlayer *self,
                GTask          *task)
{
  if (self->task != task)
    return;
  g_clear_object (&self->task);
  player_notify_busy (self);
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

  if (self->engine == NULL)
    return;
  ping = mm_nboard_format_ping (++self->ping);
  engine_send (self->engine, ping);
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
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
  g_object_notify (G_OBJECT (self), MM_PLAYER_PROP_DISPLAY_NAME);
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
  g_signal_emit (self, signals[SIGNAL_PROGRESS], 0, &best);
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

/* What the engine says on stderr is logged, and its last lines kept
 * for the message if it stops. */
static void
player_handle_error_line (MmNboardPlayer *self,
                          char           *line)
{
  char *clean = mm_nboard_clean_text (line, MAX_STDERR_CHARS);

  if (clean == NULL)
    return;
  g_debug ("engine stderr: %s", clean);
  g_queue_push_tail (&self->error_lines, clean);
  while (self->error_lines.length > MAX_STDERR_LINES)
    g_free (g_queue_pop_head (&self->error_lines));
}

/* The engine's stderr has ended, or the engine has: its last words need
 * no newline to count ("Cannot open data/eval.dat" and exit). */
static void
player_end_error_line (MmNboardPlayer *self)
{
  GByteArray *line;

  if (self->engine == NULL || self->engine->err_line->len == 0)
    return;
  line = self->engine->err_line;
  g_byte_array_append (line, (const guint8 *) "", 1);
  player_handle_error_line (self, (char *) line->data);
  g_byte_array_set_size (line, 0);
}

static char *
player_join_error_lines (MmNboardPlayer *self)
{
  g_autoptr(GString) text = g_string_new (NULL);

  for (GList *l = self->error_lines.head; l != NULL; l = l->next)
    {
      if (text->len > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, l->data);
    }
  if (text->len == 0)
    return NULL;
  return g_string_free (g_steal_pointer (&text), FALSE);
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
  g_clear_pointer (&self->grace_source, g_source_destroy);
  if (self->engine != NULL)
    {
      engine_close (self->engine);
      g_clear_pointer (&self->engine, engine_unref);
    }
  if (self->task != NULL)
    {
      Request *request = g_task_get_task_data (self->task);

      if (request->state == REQUEST_WAITING)
        request_end (self, self->task, g_error_copy (error), 0);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static void
player_engine_stopped (MmNboardPlayer *self)
{
  g_autofree char *last_words = NULL;

  player_end_error_line (self);
  last_words = player_join_error_lines (self);
  if (last_words != NULL)
    player_break (self, g_error_new (MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED,
                                     /* Translators: %s: the last lines the engine wrote
                                      * on its standard error, one a line */
                                     _("The engine stopped: %s"), last_words));
  else
    player_break (self, g_error_new_literal (MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED,
                                             _("The engine stopped.")));
}

static gboolean
player_grace_over (gpointer user_data)
{
  MmNboardPlayer *self = user_data;

  self->grace_source = NULL;
  player_engine_stopped (self);
  return G_SOURCE_REMOVE;
}

/* The engine's output (or its input) has ended: it has stopped, and what
 * it said on stderr last may still be on its way. */
static void
player_output_ended (MmNboardPlayer *self,
                     gboolean        from_stderr)
{
  if (from_stderr)
    {
      self->errors_ended = TRUE;
      player_end_error_line (self);
    }
  else
    self->output_ended = TRUE;
  if (!self->output_ended)
    return;

  if (self->errors_ended)
    player_engine_stopped (self);
  else if (self->grace_source == NULL)
    {
      self->grace_source = g_timeout_source_new (STDERR_GRACE);
      g_source_set_priority (self->grace_source, ANSWER_PRIORITY);
      g_source_set_callback (self->grace_source, player_grace_over, self, NULL);
      g_source_attach (self->grace_source, g_main_context_get_thread_default ());
      g_source_unref (self->grace_source);
    }
}

static void
player_send (MmNboardPlayer *self,
             const char     *command)
{
  if (self->engine != NULL)
    engine_send (self->engine, command);
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

/* Sends the ping that starts @task, after which its time runs. */
static void
player_ping (MmNboardPlayer *self,
             GTask          *task)
{
  Request *request = g_task_get_task_data (task);
  g_autofree char *ping = NULL;

  if (self->engine != NULL && engine_is_stuck (self->engine))
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
  self->chatter = 0;

  request = g_new0 (Request, 1);
  request->state = REQUEST_WAITING;
  request->started = g_get_monotonic_time ();
  request->context = g_main_context_ref_thread_default ();
  request->move.square = MM_SQUARE_NONE;

  task = g_task_new (self, NULL, callback, user_data);
  g_task_set_source_tag (task, source_tag);
  g_task_set_task_data (task, request, (GDestroyNotify) request_free);
  self->task = g_object_ref (task);
  player_notify_busy (self);

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

/* The object. */

/* Where an engine runs unless told: next to its program when the
 * command line names it with a path, since engines look for their data
 * in their working directory (Edax for data/eval.dat, and its releases
 * keep the programs in bin/ beside data/); else the home folder, the
 * same however Monomachia was started.  The program's path is made
 * absolute first, as it would otherwise be looked for from the new
 * folder. */
static void
player_choose_directory (MmNboardPlayer *self,
                         GStrv           argv)
{
  g_autofree char *program = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *folder_name = NULL;

  if (self->working_directory != NULL && self->working_directory[0] != '\0')
    return;
  g_clear_pointer (&self->working_directory, g_free);
  if (strchr (argv[0], G_DIR_SEPARATOR) != NULL)
    {
      program = g_canonicalize_filename (argv[0], NULL);
      folder = g_path_get_dirname (program);
    }
  /* A program that is not there is said so, not its folder. */
  if (folder == NULL || !g_file_test (folder, G_FILE_TEST_IS_DIR))
    {
      self->working_directory = g_strdup (g_get_home_dir ());
      return;
    }

  folder_name = g_path_get_basename (folder);
  if (g_str_equal (folder_name, "bin"))
    self->working_directory = g_path_get_dirname (folder);
  else
    self->working_directory = g_steal_pointer (&folder);
  g_free (argv[0]);
  argv[0] = g_steal_pointer (&program);
}

static gboolean
mm_nboard_player_initable_init (GInitable     *initable,
                                GCancellable  *cancellable,
                                GError       **error)
{
  MmNboardPlayer *self = MM_NBOARD_PLAYER (initable);
  g_autoptr(GError) local_error = NULL;
  g_auto(GStrv) argv = NULL;

  if (self->engine != NULL || self->failure != NULL)
    return TRUE;

  if (self->command_line == NULL || self->command_line[strspn (self->command_line, " \t")] == '\0')
    {
      g_set_error_literal (error, MM_NBOARD_ERROR, MM_NBOARD_ERROR_START,
                           _("No command line is set for the engine."));
      return FALSE;
    }
  if (g_shell_parse_argv (self->command_line, NULL, &argv, &local_error))
    {
      player_choose_directory (self, argv);
      self->engine = engine_start (self, (const char * const *) argv, &local_error);
    }
  if (self->engine == NULL)
    {
      g_set_error (error, MM_NBOARD_ERROR, MM_NBOARD_ERROR_START,
                   /* Translators: %s: why, from the system */
                   _("The engine could not be started: %s"), local_error->message);
      return FALSE;
    }

  g_free (self->name);
  self->name = g_path_get_basename (argv[0]);
  player_send (self, MM_NBOARD_HELLO);
  player_send_depth (self);
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
  g_clear_pointer (&self->grace_source, g_source_destroy);
  if (self->engine != NULL)
    {
      engine_close (self->engine);
      g_clear_pointer (&self->engine, engine_unref);
    }
  if (self->failure == NULL)
    self->failure = g_error_new_literal (MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED,
                                         _("The engine stopped."));

  G_OBJECT_CLASS (mm_nboard_player_parent_class)->dispose (object);
}

static void
mm_nboard_player_finalize (GObject *object)
{
  MmNboardPlayer *self = (MmNboardPlayer *)object;

  g_clear_pointer (&self->command_line, g_free);
  g_clear_pointer (&self->working_directory, g_free);
  g_clear_pointer (&self->name, g_free);
  g_queue_clear_full (&self->error_lines, g_free);
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
  struct sigaction action;

  object_class->dispose = mm_nboard_player_dispose;
  object_class->finalize = mm_nboard_player_finalize;
  object_class->get_property = mm_nboard_player_get_property;
  object_class->set_property = mm_nboard_player_set_property;

  /* Writing to an engine that has just exited must fail with EPIPE, not
   * end the whole program: SIGPIPE is ignored, as GSocket does, unless
   * the program has its own use for it. */
  if (sigaction (SIGPIPE, NULL, &action) == 0 && action.sa_handler == SIG_DFL)
    signal (SIGPIPE, SIG_IGN);

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

  return self->engine != NULL && self->failure == NULL;
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
  mm_nboard_player_choose_move_async (MM_NBOARD_PLAYER (player), record, cancellable,
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
mm_nboard_player_player_iface_init (MmPlayerInterface *iface)
{
  iface->get_display_name = mm_nboard_player_get_display_name;
  iface->get_thinking = mm_nboard_player_get_thinking;
  iface->request_move_async = mm_nboard_player_request_move_async;
  iface->request_move_finish = mm_nboard_player_request_move_finish;
}
