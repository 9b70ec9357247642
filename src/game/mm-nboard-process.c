/* mm-nboard-process.c
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

#define G_LOG_DOMAIN "mm-nboard-process"

#include "config.h"

#include <signal.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include <glib/gi18n-lib.h>

#include "mm-nboard-player.h"
#include "mm-nboard-process.h"
#include "mm-nboard-protocol.h"

/* The pipes are plain asynchronous GIO streams in the main context.
 * Every read and write in flight holds a reference to the process, so
 * that dropping it never leaves an operation with freed memory; closing
 * it cancels them all, and nothing is said after that.  The engine gets
 * a process group of its own, so that killing it also kills what a
 * wrapper script started. */

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
 * any search prints, far less than a program that only floods, which
 * is cut off before it can starve the window at
 * MM_NBOARD_ANSWER_PRIORITY. */
#define MAX_CHATTER        (4 * 1024 * 1024)
/* What is kept of the engine's stderr for the message if it stops: its
 * last lines, each cut short. */
#define MAX_STDERR_LINES   4
#define MAX_STDERR_CHARS   200

struct _MmNboardProcess
{
  GObject        parent_instance;

  char          *program;
  char          *working_directory;
  GSubprocess   *process;
  GCancellable  *cancellable;   /* cancelled when closed: ends reads and writes */
  GOutputStream *input;
  GString       *outgoing;      /* lines not handed to a write yet */
  GBytes        *writing;       /* the write in flight, or NULL */
  GByteArray    *out_line;      /* the start of a line not ended yet */
  GByteArray    *err_line;
  guint8         out_buffer[CHUNK_SIZE];
  guint8         err_buffer[CHUNK_SIZE];
  gsize          chatter;       /* bytes read since the last reset */
  gboolean       output_ended;
  gboolean       errors_ended;
  GSource       *grace_source;
  GQueue         error_lines;   /* the last lines of stderr, the oldest first */
  gboolean       closed;
};

G_DEFINE_FINAL_TYPE (MmNboardProcess, mm_nboard_process, G_TYPE_OBJECT)

enum
{
  SIGNAL_LINE,
  SIGNAL_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void process_read         (MmNboardProcess *self,
                                  gboolean         from_stderr);
static void process_output_ended (MmNboardProcess *self,
                                  gboolean         from_stderr);

/* Kills the engine and everything it started (GSubprocess reaps it),
 * then says why, once: @error (taken) is the reason. */
static void
process_fail (MmNboardProcess *self,
              GError          *error)
{
  /* The handler may drop the last reference but ours. */
  g_autoptr(MmNboardProcess) hold = g_object_ref (self);

  if (self->closed)
    {
      g_error_free (error);
      return;
    }
  mm_nboard_process_close (self);
  g_signal_emit (self, signals[SIGNAL_FAILED], 0, error);
  g_error_free (error);
}

/* Writing. */

static void process_flush (MmNboardProcess *self);

static void
process_write_done (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(MmNboardProcess) self = user_data;
  g_autoptr(GError) error = NULL;
  gboolean written;

  written = g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, &error);
  g_clear_pointer (&self->writing, g_bytes_unref);
  if (self->closed)
    return;
  if (written)
    process_flush (self);
  else
    {
      /* Its input closed: it has exited, or is about to. */
      g_debug ("writing to the engine: %s", error->message);
      process_output_ended (self, FALSE);
    }
}

static void
process_flush (MmNboardProcess *self)
{
  gsize length;

  if (self->closed || self->writing != NULL || self->outgoing->len == 0)
    return;

  length = MIN (self->outgoing->len, CHUNK_SIZE);
  self->writing = g_bytes_new (self->outgoing->str, length);
  g_string_erase (self->outgoing, 0, (gssize) length);
  g_output_stream_write_all_async (self->input,
                                   g_bytes_get_data (self->writing, NULL), length,
                                   MM_NBOARD_ANSWER_PRIORITY, self->cancellable,
                                   process_write_done, g_object_ref (self));
}

/* Standard error. */

/* What the engine says on stderr is logged, and its last lines kept
 * for the message if it stops. */
static void
process_handle_error_line (MmNboardProcess *self,
                           const char      *line)
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
process_end_error_line (MmNboardProcess *self)
{
  GByteArray *line = self->err_line;

  if (line->len == 0)
    return;
  g_byte_array_append (line, (const guint8 *) "", 1);
  process_handle_error_line (self, (const char *) line->data);
  g_byte_array_set_size (line, 0);
}

static char *
process_join_error_lines (MmNboardProcess *self)
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

/* Noticing that it stopped. */

static void
process_stopped (MmNboardProcess *self)
{
  g_autofree char *last_words = NULL;

  process_end_error_line (self);
  last_words = process_join_error_lines (self);
  if (last_words != NULL)
    process_fail (self, g_error_new (MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED,
                                     /* Translators: %s: the last lines the engine wrote
                                      * on its standard error, one a line */
                                     _("The engine stopped: %s"), last_words));
  else
    process_fail (self, g_error_new_literal (MM_NBOARD_ERROR, MM_NBOARD_ERROR_STOPPED,
                                             _("The engine stopped.")));
}

static gboolean
process_grace_over (gpointer user_data)
{
  MmNboardProcess *self = user_data;

  self->grace_source = NULL;
  process_stopped (self);
  return G_SOURCE_REMOVE;
}

/* The engine's output (or its input) has ended: it has stopped, and what
 * it said on stderr last may still be on its way. */
static void
process_output_ended (MmNboardProcess *self,
                      gboolean         from_stderr)
{
  if (from_stderr)
    {
      self->errors_ended = TRUE;
      process_end_error_line (self);
    }
  else
    self->output_ended = TRUE;
  if (!self->output_ended)
    return;

  if (self->errors_ended)
    process_stopped (self);
  else if (self->grace_source == NULL)
    {
      self->grace_source = g_timeout_source_new (STDERR_GRACE);
      g_source_set_priority (self->grace_source, MM_NBOARD_ANSWER_PRIORITY);
      g_source_set_callback (self->grace_source, process_grace_over, self, NULL);
      g_source_attach (self->grace_source, g_main_context_get_thread_default ());
      g_source_unref (self->grace_source);
    }
}

/* Reading. */

/* Splits what was read into lines and hands them out; FALSE when a line
 * of the output is too long. */
static gboolean
process_take_lines (MmNboardProcess *self,
                    gboolean         from_stderr,
                    const guint8    *data,
                    gsize            length)
{
  GByteArray *line = from_stderr ? self->err_line : self->out_line;
  const guint8 *end = data + length;

  while (data < end && !self->closed)
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
        process_handle_error_line (self, (const char *) line->data);
      else
        g_signal_emit (self, signals[SIGNAL_LINE], 0, (const char *) line->data);
      g_byte_array_set_size (line, 0);
    }
  return TRUE;
}

static void
process_read_done (MmNboardProcess *self,
                   GObject         *source,
                   GAsyncResult    *result,
                   gboolean         from_stderr)
{
  g_autoptr(GError) error = NULL;
  gssize length;

  length = g_input_stream_read_finish (G_INPUT_STREAM (source), result, &error);
  if (self->closed)
    return;

  if (length <= 0)
    {
      if (error != NULL)
        g_debug ("reading from the engine: %s", error->message);
      process_output_ended (self, from_stderr);
      return;
    }

  self->chatter += (gsize) length;
  if (self->chatter > MAX_CHATTER)
    {
      process_fail (self, g_error_new_literal (MM_NBOARD_ERROR, MM_NBOARD_ERROR_PROTOCOL,
                                               _("The engine sends far more than the "
                                                 "protocol asks for.")));
      return;
    }
  if (!process_take_lines (self, from_stderr,
                           from_stderr ? self->err_buffer : self->out_buffer,
                           (gsize) length))
    {
      process_fail (self, g_error_new (MM_NBOARD_ERROR, MM_NBOARD_ERROR_PROTOCOL,
                                       /* Translators: %u: a number of kilobytes */
                                       _("The engine sent a line longer than %u KB."),
                                       MAX_LINE / 1024));
      return;
    }
  process_read (self, from_stderr);
}

static void
process_output_read (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(MmNboardProcess) self = user_data;

  process_read_done (self, source, result, FALSE);
}

static void
process_errors_read (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(MmNboardProcess) self = user_data;

  process_read_done (self, source, result, TRUE);
}

static void
process_read (MmNboardProcess *self,
              gboolean         from_stderr)
{
  if (self->closed)
    return;

  if (from_stderr)
    g_input_stream_read_async (g_subprocess_get_stderr_pipe (self->process),
                               self->err_buffer, sizeof self->err_buffer,
                               MM_NBOARD_ANSWER_PRIORITY, self->cancellable,
                               process_errors_read, g_object_ref (self));
  else
    g_input_stream_read_async (g_subprocess_get_stdout_pipe (self->process),
                               self->out_buffer, sizeof self->out_buffer,
                               MM_NBOARD_ANSWER_PRIORITY, self->cancellable,
                               process_output_read, g_object_ref (self));
}

/* Starting. */

/* Where an engine runs unless told: next to its program when the
 * command line names it with a path, since engines look for their data
 * in their working directory (Edax for data/eval.dat, and its releases
 * keep the programs in bin/ beside data/); else the home folder, the
 * same however Monomachia was started.  The program's path is made
 * absolute first, as it would otherwise be looked for from the new
 * folder. */
static void
process_choose_directory (MmNboardProcess *self,
                          GStrv            argv)
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

/* In the child, before exec. */
static void
process_child_setup (gpointer user_data)
{
  setpgid (0, 0);
}

static gboolean
process_spawn (MmNboardProcess     *self,
               const char * const  *argv,
               GError             **error)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE
                                        | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  if (self->working_directory != NULL)
    g_subprocess_launcher_set_cwd (launcher, self->working_directory);
  g_subprocess_launcher_set_child_setup (launcher, process_child_setup, NULL, NULL);
  self->process = g_subprocess_launcher_spawnv (launcher, argv, error);
  if (self->process == NULL)
    return FALSE;

  self->program = g_strdup (argv[0]);
  self->input = g_subprocess_get_stdin_pipe (self->process);
  process_read (self, FALSE);
  process_read (self, TRUE);
  return TRUE;
}

static gboolean
process_start (MmNboardProcess  *self,
               const char       *command_line,
               GError          **error)
{
  g_autoptr(GError) local_error = NULL;
  g_auto(GStrv) argv = NULL;

  if (command_line == NULL || command_line[strspn (command_line, " \t")] == '\0')
    {
      g_set_error_literal (error, MM_NBOARD_ERROR, MM_NBOARD_ERROR_START,
                           _("No command line is set for the engine."));
      return FALSE;
    }
  if (g_shell_parse_argv (command_line, NULL, &argv, &local_error))
    {
      process_choose_directory (self, argv);
      if (process_spawn (self, (const char * const *) argv, &local_error))
        return TRUE;
    }
  g_set_error (error, MM_NBOARD_ERROR, MM_NBOARD_ERROR_START,
               /* Translators: %s: why, from the system */
               _("The engine could not be started: %s"), local_error->message);
  return FALSE;
}

/* The object. */

static void
mm_nboard_process_dispose (GObject *object)
{
  MmNboardProcess *self = (MmNboardProcess *)object;

  mm_nboard_process_close (self);

  G_OBJECT_CLASS (mm_nboard_process_parent_class)->dispose (object);
}

static void
mm_nboard_process_finalize (GObject *object)
{
  MmNboardProcess *self = (MmNboardProcess *)object;

  g_clear_pointer (&self->program, g_free);
  g_clear_pointer (&self->working_directory, g_free);
  g_clear_object (&self->process);
  g_clear_object (&self->cancellable);
  g_string_free (self->outgoing, TRUE);
  g_clear_pointer (&self->writing, g_bytes_unref);
  g_byte_array_unref (self->out_line);
  g_byte_array_unref (self->err_line);
  g_queue_clear_full (&self->error_lines, g_free);

  G_OBJECT_CLASS (mm_nboard_process_parent_class)->finalize (object);
}

static void
mm_nboard_process_class_init (MmNboardProcessClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  struct sigaction action;

  object_class->dispose = mm_nboard_process_dispose;
  object_class->finalize = mm_nboard_process_finalize;

  /* Writing to an engine that has just exited must fail with EPIPE, not
   * end the whole program: SIGPIPE is ignored, as GSocket does, unless
   * the program has its own use for it. */
  if (sigaction (SIGPIPE, NULL, &action) == 0 && action.sa_handler == SIG_DFL)
    signal (SIGPIPE, SIG_IGN);

  /**
   * MmNboardProcess::line:
   * @line: a line of the engine's output, without its newline
   *
   * Emitted for each line the engine writes on its standard output,
   * from the main loop, until the process is closed.
   */
  signals[SIGNAL_LINE] =
    g_signal_new ("line",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1,
                  G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * MmNboardProcess::failed:
   * @error: why, in %MM_NBOARD_ERROR
   *
   * Emitted once, after the engine was killed, when it has stopped,
   * closed its pipes or sent more than the protocol allows.  Not
   * emitted for mm_nboard_process_close().
   */
  signals[SIGNAL_FAILED] =
    g_signal_new ("failed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1,
                  G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
mm_nboard_process_init (MmNboardProcess *self)
{
  self->cancellable = g_cancellable_new ();
  self->outgoing = g_string_new (NULL);
  self->out_line = g_byte_array_new ();
  self->err_line = g_byte_array_new ();
}

/**
 * mm_nboard_process_new:
 * @command_line: the engine's program and arguments, as a shell would
 *   split them; no shell runs them
 * @working_directory: (nullable): where it runs; %NULL or empty for the
 *   folder of its program when the command line names it with a path
 *   (the folder above, when that is a "bin" folder), or else the home
 *   folder
 *
 * Starts the engine.  Its lines come from the main loop, so that
 * handlers connected as soon as this returns miss none.
 *
 * Returns: (transfer full) (nullable): the process, or %NULL with
 *   %MM_NBOARD_ERROR_START when the command line is empty or malformed
 *   or its program cannot be run
 */
MmNboardProcess *
mm_nboard_process_new (const char  *command_line,
                       const char  *working_directory,
                       GError     **error)
{
  g_autoptr(MmNboardProcess) self = g_object_new (MM_TYPE_NBOARD_PROCESS, NULL);

  self->working_directory = g_strdup (working_directory);
  if (!process_start (self, command_line, error))
    return NULL;
  return g_steal_pointer (&self);
}

/* The program as it was run: its path made absolute when the working
 * directory was chosen from it. */
const char *
mm_nboard_process_get_program (MmNboardProcess *self)
{
  g_return_val_if_fail (MM_IS_NBOARD_PROCESS (self), NULL);

  return self->program;
}

const char *
mm_nboard_process_get_working_directory (MmNboardProcess *self)
{
  g_return_val_if_fail (MM_IS_NBOARD_PROCESS (self), NULL);

  return self->working_directory;
}

/* Sends @line and its newline: as much as the engine takes now, the rest
 * as it reads. */
void
mm_nboard_process_send (MmNboardProcess *self,
                        const char      *line)
{
  g_return_if_fail (MM_IS_NBOARD_PROCESS (self));

  if (self->closed)
    return;

  g_debug ("to the engine: %.200s%s", line, strlen (line) > 200 ? "..." : "");
  g_string_append (self->outgoing, line);
  g_string_append_c (self->outgoing, '\n');
  process_flush (self);
}

/* Whether the engine has left much of what it was sent before unread.
 * Asked when a request begins, not in its middle: a game with huge tags
 * may be long to write, and a healthy engine reads it all while it
 * thinks. */
gboolean
mm_nboard_process_is_stuck (MmNboardProcess *self)
{
  g_return_val_if_fail (MM_IS_NBOARD_PROCESS (self), FALSE);

  return self->outgoing->len > MAX_BACKLOG;
}

/* What the engine may send is counted from here on: a request begins. */
void
mm_nboard_process_reset_chatter (MmNboardProcess *self)
{
  g_return_if_fail (MM_IS_NBOARD_PROCESS (self));

  self->chatter = 0;
}

/**
 * mm_nboard_process_close:
 *
 * Kills the engine and everything it started; GSubprocess reaps it.  No
 * signal is emitted after this.
 */
void
mm_nboard_process_close (MmNboardProcess *self)
{
  const char *identifier;

  g_return_if_fail (MM_IS_NBOARD_PROCESS (self));

  if (self->closed)
    return;
  self->closed = TRUE;
  g_cancellable_cancel (self->cancellable);
  g_clear_pointer (&self->grace_source, g_source_destroy);
  if (self->process == NULL)
    return;

  /* Only while the child is not reaped is its process group surely
   * still its own. */
  identifier = g_subprocess_get_identifier (self->process);
  if (identifier != NULL)
    {
      pid_t pid = (pid_t) g_ascii_strtoll (identifier, NULL, 10);

      if (pid > 1)
        kill (-pid, SIGKILL);
      g_subprocess_force_exit (self->process);
    }
}
