/* mm-reactor.c
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

#include "config.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib-unix.h>
#include <glib/gi18n-lib.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "mm-reactor.h"

#define MAX_EVENTS 256

typedef struct
{
  int           fd;
  MmReactorFunc func;
  gpointer      data;
  /* Unwatched during a dispatch: freed once it is over */
  gboolean      gone;
} Watch;

struct _MmReactor
{
  GObject     parent_instance;

  int         epoll_fd;
  GSource    *source;
  /* fd → Watch */
  GHashTable *watches;
  GPtrArray  *gone;
  gboolean    dispatching;
  /* Work to do once the main loop has nothing more urgent: each object
   * (held) once, with its function */
  GPtrArray  *deferred;
  GPtrArray  *deferred_funcs;
  GSource    *idle;
};

G_DEFINE_FINAL_TYPE (MmReactor, mm_reactor, G_TYPE_OBJECT)

static guint32
to_epoll (guint events)
{
  return ((events & MM_REACTOR_READABLE) ? EPOLLIN | EPOLLRDHUP : 0)
         | ((events & MM_REACTOR_WRITABLE) ? EPOLLOUT : 0);
}

static guint
from_epoll (guint32 events)
{
  return ((events & (EPOLLIN | EPOLLPRI)) ? MM_REACTOR_READABLE : 0)
         | ((events & EPOLLOUT) ? MM_REACTOR_WRITABLE : 0)
         | ((events & (EPOLLHUP | EPOLLRDHUP | EPOLLERR)) ? MM_REACTOR_HANGUP : 0);
}

/* The epoll set's own fd is readable while any socket is ready: one
 * turn of the main loop takes up to MAX_EVENTS of them, the rest the
 * next turn. */
static gboolean
dispatch_cb (gint         fd,
             GIOCondition condition,
             gpointer     user_data)
{
  MmReactor *self = user_data;
  struct epoll_event events[MAX_EVENTS];
  int count = epoll_wait (self->epoll_fd, events, MAX_EVENTS, 0);

  g_object_ref (self);
  self->dispatching = TRUE;
  for (int i = 0; i < count; i++)
    {
      Watch *watch = events[i].data.ptr;

      if (!watch->gone)
        watch->func (watch->data, from_epoll (events[i].events));
    }
  self->dispatching = FALSE;
  g_ptr_array_set_size (self->gone, 0);
  g_object_unref (self);
  return G_SOURCE_CONTINUE;
}

static void
mm_reactor_dispose (GObject *object)
{
  MmReactor *self = MM_REACTOR (object);

  if (self->source != NULL)
    {
      g_source_destroy (self->source);
      g_clear_pointer (&self->source, g_source_unref);
    }
  if (self->idle != NULL)
    {
      g_source_destroy (self->idle);
      g_clear_pointer (&self->idle, g_source_unref);
    }
  g_ptr_array_set_size (self->deferred, 0);
  g_ptr_array_set_size (self->deferred_funcs, 0);
  G_OBJECT_CLASS (mm_reactor_parent_class)->dispose (object);
}

static void
mm_reactor_finalize (GObject *object)
{
  MmReactor *self = MM_REACTOR (object);

  g_hash_table_unref (self->watches);
  g_ptr_array_unref (self->gone);
  g_ptr_array_unref (self->deferred);
  g_ptr_array_unref (self->deferred_funcs);
  if (self->epoll_fd >= 0)
    close (self->epoll_fd);
  G_OBJECT_CLASS (mm_reactor_parent_class)->finalize (object);
}

static void
mm_reactor_class_init (MmReactorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mm_reactor_dispose;
  object_class->finalize = mm_reactor_finalize;
}

static void
mm_reactor_init (MmReactor *self)
{
  self->epoll_fd = -1;
  self->watches = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  self->gone = g_ptr_array_new_with_free_func (g_free);
  self->deferred = g_ptr_array_new_with_free_func (g_object_unref);
  self->deferred_funcs = g_ptr_array_new ();
}

static gboolean
set_errno_error (GError     **error,
                 const char  *what)
{
  int saved = errno;

  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
               /* Translators: %s are a system call and the system's reason */
               _("%s failed: %s"), what, g_strerror (saved));
  return FALSE;
}

/* A reactor on @context (the thread's default when NULL). */
MmReactor *
mm_reactor_new (GMainContext  *context,
                GError       **error)
{
  g_autoptr(MmReactor) self = g_object_new (MM_TYPE_REACTOR, NULL);

  self->epoll_fd = epoll_create1 (EPOLL_CLOEXEC);
  if (self->epoll_fd < 0)
    {
      set_errno_error (error, "epoll_create1");
      return NULL;
    }
  self->source = g_unix_fd_source_new (self->epoll_fd, G_IO_IN);
  g_source_set_callback (self->source, (GSourceFunc) (void (*) (void)) dispatch_cb, self, NULL);
  g_source_attach (self->source, context != NULL ? context : g_main_context_get_thread_default ());
  return g_steal_pointer (&self);
}

/* Calls @func with @data when @fd is ready for @events (readable,
 * writable; a hang-up is always told). */
gboolean
mm_reactor_watch (MmReactor      *self,
                  int             fd,
                  guint           events,
                  MmReactorFunc   func,
                  gpointer        data,
                  GError        **error)
{
  Watch *watch = g_new0 (Watch, 1);
  struct epoll_event event = { 0 };

  g_return_val_if_fail (MM_IS_REACTOR (self), FALSE);
  g_return_val_if_fail (!g_hash_table_contains (self->watches, GINT_TO_POINTER (fd)), FALSE);

  watch->fd = fd;
  watch->func = func;
  watch->data = data;
  event.events = to_epoll (events);
  event.data.ptr = watch;
  if (epoll_ctl (self->epoll_fd, EPOLL_CTL_ADD, fd, &event) < 0)
    {
      g_free (watch);
      return set_errno_error (error, "epoll_ctl");
    }
  g_hash_table_insert (self->watches, GINT_TO_POINTER (fd), watch);
  return TRUE;
}

void
mm_reactor_modify (MmReactor *self,
                   int        fd,
                   guint      events)
{
  Watch *watch = g_hash_table_lookup (self->watches, GINT_TO_POINTER (fd));
  struct epoll_event event = { 0 };

  g_return_if_fail (watch != NULL);

  event.events = to_epoll (events);
  event.data.ptr = watch;
  epoll_ctl (self->epoll_fd, EPOLL_CTL_MOD, fd, &event);
}

/* Before @fd is closed. */
void
mm_reactor_unwatch (MmReactor *self,
                    int        fd)
{
  Watch *watch;

  g_return_if_fail (MM_IS_REACTOR (self));

  if (!g_hash_table_steal_extended (self->watches, GINT_TO_POINTER (fd), NULL, (gpointer *) &watch))
    return;
  epoll_ctl (self->epoll_fd, EPOLL_CTL_DEL, fd, NULL);
  /* Its events of this turn may still be in the batch. */
  watch->gone = TRUE;
  if (self->dispatching)
    g_ptr_array_add (self->gone, watch);
  else
    g_free (watch);
}

static gboolean
run_deferred_cb (gpointer user_data)
{
  MmReactor *self = user_data;
  g_autoptr(GPtrArray) objects = self->deferred;
  g_autoptr(GPtrArray) funcs = self->deferred_funcs;

  g_clear_pointer (&self->idle, g_source_unref);
  self->deferred = g_ptr_array_new_with_free_func (g_object_unref);
  self->deferred_funcs = g_ptr_array_new ();
  for (guint i = 0; i < objects->len; i++)
    ((MmReactorFunc) funcs->pdata[i]) (objects->pdata[i], 0);
  return G_SOURCE_REMOVE;
}

/* Calls @func on @object once the main loop has dispatched what is
 * ready now, so that what a turn of the loop sends to one peer goes out
 * in one write.  One idle source for all: the caller defers each object
 * once until it runs. */
void
mm_reactor_defer (MmReactor     *self,
                  GObject       *object,
                  MmReactorFunc  func)
{
  g_return_if_fail (MM_IS_REACTOR (self));

  g_ptr_array_add (self->deferred, g_object_ref (object));
  g_ptr_array_add (self->deferred_funcs, func);
  if (self->idle == NULL)
    {
      self->idle = g_idle_source_new ();
      g_source_set_priority (self->idle, G_PRIORITY_DEFAULT);
      g_source_set_callback (self->idle, run_deferred_cb, self, NULL);
      g_source_attach (self->idle, g_source_get_context (self->source));
    }
}
