/* mm-reactor.h
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

#include <glib-object.h>

G_BEGIN_DECLS

/* Many sockets on one main context for the price of one source: an
 * epoll set, watched by a single GSource, calls each socket's function
 * when the kernel says it is ready.  GLib's own sources cost every
 * iteration of the main loop a walk over all of them, which a server
 * of thousands of connections cannot afford (docs/PERFORMANCE.md). */

#define MM_REACTOR_READABLE (1u << 0)
#define MM_REACTOR_WRITABLE (1u << 1)
#define MM_REACTOR_HANGUP   (1u << 2)

typedef void (*MmReactorFunc) (gpointer data,
                               guint    events);

#define MM_TYPE_REACTOR (mm_reactor_get_type ())

G_DECLARE_FINAL_TYPE (MmReactor, mm_reactor, MM, REACTOR, GObject)

MmReactor *mm_reactor_new     (GMainContext  *context,
                               GError       **error);
gboolean   mm_reactor_watch   (MmReactor     *self,
                               int            fd,
                               guint          events,
                               MmReactorFunc  func,
                               gpointer       data,
                               GError       **error);
void       mm_reactor_modify  (MmReactor     *self,
                               int            fd,
                               guint          events);
void       mm_reactor_unwatch (MmReactor     *self,
                               int            fd);
void       mm_reactor_defer   (MmReactor     *self,
                               GObject       *object,
                               MmReactorFunc  func);

G_END_DECLS
