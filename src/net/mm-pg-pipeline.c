/* mm-pg-pipeline.c
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

/* A connection to PostgreSQL on the main loop, for statements whose
 * answers come later: libpq's non-blocking pipeline mode, many
 * statements on the wire at once and their results in order, each
 * statement its own transaction (a sync after each, so that one that
 * fails takes no other with it).  Connecting (PQconnectStartParams and
 * PQconnectPoll), sending and reading never wait; notifications
 * (LISTEN) come as a signal.  A lost connection is made again, after a
 * pause that grows while the database stays away; the statements marked
 * kept wait for it and are sent again (a statement on the wire when the
 * line dropped may have been done: kept ones can be done twice, others
 * are dropped, never done silently). */

#include "config.h"

#include <glib-unix.h>

#include "mm-pg-pipeline.h"

#define FIRST_RETRY_MS 250
#define LAST_RETRY_MS 4000
/* Statements on the wire at once */
#define MAX_IN_FLIGHT 256

typedef struct
{
  const char *sql;
  /* Text values; NULL is SQL's NULL */
  GPtrArray  *values;
  gboolean    kept;
  MmPgDone    done;
  MmPgFailed  failed;
  gpointer    data;
  /* done was told (once, with the first result) */
  gboolean    answered;
} Command;

struct _MmPgPipeline
{
  GObject  parent_instance;

  char    *conninfo;
  PGconn  *conn;
  /* Connected, and the statements flowing */
  gboolean connected;
  /* Said in the log since the last connection */
  gboolean told_unreachable;
  /* What was said of the last statement that failed, or of the
   * connection when it was lost */
  char    *error;
  guint    watch;
  guint    retry_source;
  guint    retry_ms;
  /* Command: waiting to be sent, and sent (their results to come, in
   * order) */
  GQueue   waiting;
  GQueue   sent;
};

enum { PROP_0, PROP_CONNECTED, N_PROPS };
static GParamSpec *properties[N_PROPS];

enum { OPENED, NOTIFIED, LOG, N_SIGNALS };
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MmPgPipeline, mm_pg_pipeline, G_TYPE_OBJECT)

static void connect_start (MmPgPipeline *self);
static void send_waiting (MmPgPipeline *self);

/* A statement done with: failed is told if done never was. */
static void
command_free (Command *command)
{
  if (!command->answered && command->failed != NULL)
    command->failed (command->values, command->data);
  g_ptr_array_unref (command->values);
  g_free (command);
}

static void
log_line (MmPgPipeline *self,
          const char   *format,
          ...) G_GNUC_PRINTF (2, 3);

static void
log_line (MmPgPipeline *self,
          const char   *format,
          ...)
{
  g_autofree char *line = NULL;
  va_list args;

  va_start (args, format);
  line = g_strdup_vprintf (format, args);
  va_end (args);
  g_signal_emit (self, signals[LOG], 0, line);
}

/* libpq's messages end with a newline; the log's lines do not. */
static char *
pg_message (PGconn *conn)
{
  return g_strchomp (g_strdup (conn != NULL ? PQerrorMessage (conn) : "no connection"));
}

static void
stop_watching (MmPgPipeline *self)
{
  if (self->watch != 0)
    g_source_remove (self->watch);
  self->watch = 0;
}

static void
set_connected (MmPgPipeline *self,
               gboolean      connected)
{
  if (self->connected == connected)
    return;
  self->connected = connected;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONNECTED]);
}

static gboolean
retry_cb (gpointer data)
{
  MmPgPipeline *self = data;

  self->retry_source = 0;
  connect_start (self);
  return G_SOURCE_REMOVE;
}

/* The connection is gone: the kept statements wait for the next one,
 * the others fail. */
static void
connection_lost (MmPgPipeline *self)
{
  g_autofree char *message = pg_message (self->conn);
  GQueue kept = G_QUEUE_INIT;
  Command *command;

  g_free (self->error);
  self->error = g_strdup (message);
  if (self->connected)
    log_line (self, "lost the database (%s); trying again", message);
  else if (!self->told_unreachable)
    log_line (self, "cannot reach the database (%s); trying again", message);
  self->told_unreachable = TRUE;
  stop_watching (self);
  g_clear_pointer (&self->conn, PQfinish);
  while ((command = g_queue_pop_tail (&self->sent)) != NULL)
    g_queue_push_head (&self->waiting, command);
  while ((command = g_queue_pop_head (&self->waiting)) != NULL)
    {
      if (command->kept)
        g_queue_push_tail (&kept, command);
      else
        command_free (command);
    }
  self->waiting = kept;
  set_connected (self, FALSE);
  if (self->retry_source == 0)
    self->retry_source = g_timeout_add (self->retry_ms, retry_cb, self);
  self->retry_ms = MIN (self->retry_ms * 2, LAST_RETRY_MS);
}

/* One result of the statement sent first and not yet done with. */
static void
take_result (MmPgPipeline *self,
             PGresult     *result)
{
  Command *command = g_queue_peek_head (&self->sent);

  switch (PQresultStatus (result))
    {
    case PGRES_PIPELINE_SYNC:
      /* Each statement is followed by a sync: its end. */
      command_free (g_queue_pop_head (&self->sent));
      break;
    case PGRES_COMMAND_OK:
    case PGRES_TUPLES_OK:
      if (!command->answered && command->done != NULL)
        command->done (result, command->values, command->data);
      command->answered = TRUE;
      break;
    default:
      {
        g_autofree char *message = g_strchomp (g_strdup (PQresultErrorMessage (result)));

        g_free (self->error);
        self->error = g_strdup (message);
        log_line (self, "a statement failed: %s", message);
      }
    }
}

static void watch_socket (MmPgPipeline *self, GIOCondition condition);

/* Reads what the server sent: results of the statements on the wire and
 * notifications; then sends what waits. */
static void
read_input (MmPgPipeline *self)
{
  PGnotify *notification;
  gboolean ended = FALSE;

  if (!PQconsumeInput (self->conn))
    {
      connection_lost (self);
      return;
    }
  /* A statement's results end with one NULL, then comes its sync; two
   * NULLs running mean nothing more has come. */
  while (self->conn != NULL && !g_queue_is_empty (&self->sent) && !PQisBusy (self->conn))
    {
      PGresult *result = PQgetResult (self->conn);

      if (result == NULL)
        {
          if (ended)
            break;
          ended = TRUE;
          continue;
        }
      ended = FALSE;
      take_result (self, result);
      PQclear (result);
    }
  while (self->conn != NULL && (notification = PQnotifies (self->conn)) != NULL)
    {
      g_signal_emit (self, signals[NOTIFIED], 0, notification->extra);
      PQfreemem (notification);
    }
  if (self->conn != NULL && PQstatus (self->conn) == CONNECTION_BAD)
    {
      connection_lost (self);
      return;
    }
  send_waiting (self);
}

static gboolean
socket_cb (int          fd,
           GIOCondition condition,
           gpointer     data)
{
  MmPgPipeline *self = data;

  if (condition & G_IO_OUT)
    {
      int flushed = PQflush (self->conn);

      if (flushed < 0)
        {
          self->watch = 0;
          connection_lost (self);
          return G_SOURCE_REMOVE;
        }
      if (flushed == 0)
        {
          self->watch = 0;
          watch_socket (self, G_IO_IN);
          read_input (self);
          return G_SOURCE_REMOVE;
        }
    }
  if (condition & (G_IO_IN | G_IO_HUP | G_IO_ERR))
    read_input (self);
  return G_SOURCE_CONTINUE;
}

static void
watch_socket (MmPgPipeline *self,
              GIOCondition  condition)
{
  stop_watching (self);
  self->watch = g_unix_fd_add (PQsocket (self->conn), condition, socket_cb, self);
}

/* Sends what waits, without waiting for the results of what went
 * before. */
static void
send_waiting (MmPgPipeline *self)
{
  Command *command;
  int flushed;

  if (!self->connected || g_queue_is_empty (&self->waiting))
    return;
  while (g_queue_get_length (&self->sent) < MAX_IN_FLIGHT
         && (command = g_queue_pop_head (&self->waiting)) != NULL)
    {
      g_queue_push_tail (&self->sent, command);
      if (!PQsendQueryParams (self->conn, command->sql, (int) command->values->len, NULL,
                              (const char *const *) command->values->pdata, NULL, NULL, 0)
          || !PQpipelineSync (self->conn))
        {
          connection_lost (self);
          return;
        }
    }
  flushed = PQflush (self->conn);
  if (flushed < 0)
    connection_lost (self);
  else if (flushed > 0)
    watch_socket (self, G_IO_IN | G_IO_OUT);
}

/* What the database says beside the results (a shutdown, say) goes to
 * the log rather than to standard error. */
static void
notice_cb (void       *data,
           const char *message)
{
  g_autofree char *line = g_strchomp (g_strdup (message));

  log_line (data, "the database says: %s", line);
}

/* Connected: "opened" lets the owner queue what must go first (LISTEN,
 * reading what was missed), then what waited goes, then "connected" is
 * told. */
static void
open_session (MmPgPipeline *self)
{
  GQueue waited = self->waiting;

  g_queue_init (&self->waiting);
  self->retry_ms = FIRST_RETRY_MS;
  self->told_unreachable = FALSE;
  PQsetnonblocking (self->conn, 1);
  if (!PQenterPipelineMode (self->conn))
    log_line (self, "no pipeline mode; statements go one by one");
  watch_socket (self, G_IO_IN);
  self->connected = TRUE;
  g_signal_emit (self, signals[OPENED], 0);
  for (GList *l = waited.head; l != NULL; l = l->next)
    g_queue_push_tail (&self->waiting, l->data);
  g_queue_clear (&waited);
  send_waiting (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CONNECTED]);
}

static gboolean connect_poll_cb (int fd, GIOCondition condition, gpointer data);

static void
connect_poll (MmPgPipeline *self)
{
  switch (PQconnectPoll (self->conn))
    {
    case PGRES_POLLING_OK:
      open_session (self);
      break;
    case PGRES_POLLING_READING:
      self->watch = g_unix_fd_add (PQsocket (self->conn), G_IO_IN, connect_poll_cb, self);
      break;
    case PGRES_POLLING_WRITING:
      self->watch = g_unix_fd_add (PQsocket (self->conn), G_IO_OUT, connect_poll_cb, self);
      break;
    case PGRES_POLLING_FAILED:
    default:
      connection_lost (self);
      break;
    }
}

static gboolean
connect_poll_cb (int          fd,
                 GIOCondition condition,
                 gpointer     data)
{
  MmPgPipeline *self = data;

  self->watch = 0;
  connect_poll (self);
  return G_SOURCE_REMOVE;
}

/* Starts a connection without waiting for it, then PQconnectPoll
 * whenever the socket is ready as it asks. */
static void
connect_start (MmPgPipeline *self)
{
  const char *const keywords[] = { "dbname", "client_encoding", "fallback_application_name", NULL };
  const char *const values[] = { self->conninfo, "UTF8", "monomachia-server", NULL };

  self->conn = PQconnectStartParams (keywords, values, 1);
  if (self->conn == NULL)
    g_error ("libpq: out of memory");
  if (PQstatus (self->conn) == CONNECTION_BAD || PQsocket (self->conn) < 0)
    {
      connection_lost (self);
      return;
    }
  PQsetNoticeProcessor (self->conn, notice_cb, self);
  self->watch = g_unix_fd_add (PQsocket (self->conn), G_IO_OUT, connect_poll_cb, self);
}

/* A pipeline to the database @conninfo names ("postgresql://…" or
 * "host=… dbname=…"), connecting in the background at once. */
MmPgPipeline *
mm_pg_pipeline_new (const char *conninfo)
{
  MmPgPipeline *self;

  g_return_val_if_fail (conninfo != NULL, NULL);

  self = g_object_new (MM_TYPE_PG_PIPELINE, NULL);
  self->conninfo = g_strdup (conninfo);
  connect_start (self);
  return self;
}

gboolean
mm_pg_pipeline_get_connected (MmPgPipeline *self)
{
  g_return_val_if_fail (MM_IS_PG_PIPELINE (self), FALSE);

  return self->connected;
}

/* The statements waiting to be sent (while the database is away, the
 * kept ones). */
guint
mm_pg_pipeline_get_n_waiting (MmPgPipeline *self)
{
  g_return_val_if_fail (MM_IS_PG_PIPELINE (self), 0);

  return g_queue_get_length (&self->waiting);
}

/* What the database or libpq said of the last statement that failed,
 * or of the connection when it was lost: for the failed callback of a
 * statement to say why.  NULL before any failure. */
const char *
mm_pg_pipeline_get_error (MmPgPipeline *self)
{
  g_return_val_if_fail (MM_IS_PG_PIPELINE (self), NULL);

  return self->error;
}

/* Sends @sql with its @n_values values (text; NULL is SQL's NULL) after
 * what was queued before.  @done is given its result; @failed is told
 * instead if it failed or was dropped with a lost connection, unless it
 * is @kept: then it waits for the next connection. */
void
mm_pg_pipeline_queue (MmPgPipeline      *self,
                      const char        *sql,
                      gboolean           kept,
                      MmPgDone           done,
                      MmPgFailed         failed,
                      gpointer           data,
                      guint              n_values,
                      const char *const *values)
{
  Command *command;

  g_return_if_fail (MM_IS_PG_PIPELINE (self));

  command = g_new0 (Command, 1);
  command->sql = sql;
  command->kept = kept;
  command->done = done;
  command->failed = failed;
  command->data = data;
  command->values = g_ptr_array_new_full (n_values, g_free);
  for (guint i = 0; i < n_values; i++)
    g_ptr_array_add (command->values, g_strdup (values[i]));
  g_queue_push_tail (&self->waiting, command);
  send_waiting (self);
}

static void
mm_pg_pipeline_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  MmPgPipeline *self = MM_PG_PIPELINE (object);

  switch (prop_id)
    {
    case PROP_CONNECTED:
      g_value_set_boolean (value, self->connected);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_pg_pipeline_finalize (GObject *object)
{
  MmPgPipeline *self = MM_PG_PIPELINE (object);

  stop_watching (self);
  g_clear_handle_id (&self->retry_source, g_source_remove);
  g_clear_pointer (&self->conn, PQfinish);
  g_queue_clear_full (&self->waiting, (GDestroyNotify) command_free);
  g_queue_clear_full (&self->sent, (GDestroyNotify) command_free);
  g_free (self->conninfo);
  g_free (self->error);
  G_OBJECT_CLASS (mm_pg_pipeline_parent_class)->finalize (object);
}

static void
mm_pg_pipeline_class_init (MmPgPipelineClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = mm_pg_pipeline_get_property;
  object_class->finalize = mm_pg_pipeline_finalize;

  properties[PROP_CONNECTED] =
    g_param_spec_boolean ("connected", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A new connection, before what waited for it is sent: what is queued
   * now goes first. */
  signals[OPENED] =
    g_signal_new ("opened", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  /* A notification (NOTIFY) of a channel listened to: its payload. */
  signals[NOTIFIED] =
    g_signal_new ("notified", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
  /* A line for the log. */
  signals[LOG] =
    g_signal_new ("log", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
mm_pg_pipeline_init (MmPgPipeline *self)
{
  self->retry_ms = FIRST_RETRY_MS;
  g_queue_init (&self->waiting);
  g_queue_init (&self->sent);
}
