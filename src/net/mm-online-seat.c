/* mm-online-seat.c
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

#define G_LOG_DOMAIN "mm-online-seat"

#include "config.h"

#include "mm-online-seat.h"

struct _MmOnlineSeat
{
  GObject   parent_instance;

  char     *name;
  gboolean  local_person;
  /* The match's request, answered by the server's word. */
  GTask    *request;
  gulong    cancelled_id;
};

enum
{
  PROP_0,
  PROP_DISPLAY_NAME,
  PROP_THINKING,
  N_PROPS
};

enum
{
  SIGNAL_CHOSEN,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void mm_online_seat_player_init (MmPlayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MmOnlineSeat, mm_online_seat, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (MM_TYPE_PLAYER,
                                                      mm_online_seat_player_init))

/* The request in progress, no longer waited on: the caller of the next
 * g_task_return_*() owns it. */
static GTask *
mm_online_seat_take_request (MmOnlineSeat *self)
{
  GTask *request = g_steal_pointer (&self->request);

  if (request != NULL && self->cancelled_id != 0)
    g_cancellable_disconnect (g_task_get_cancellable (request), self->cancelled_id);
  self->cancelled_id = 0;
  if (request != NULL && !self->local_person)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
  return request;
}

static void
mm_online_seat_return_cancelled (GTask *request)
{
  g_task_return_new_error (request, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                           "The move is no longer asked for");
  g_object_unref (request);
}

static gboolean
mm_online_seat_cancelled_idle_cb (gpointer data)
{
  g_autoptr(MmOnlineSeat) self = data;
  GTask *request;

  if (self->request == NULL
      || !g_cancellable_is_cancelled (g_task_get_cancellable (self->request)))
    return G_SOURCE_REMOVE;

  request = mm_online_seat_take_request (self);
  g_task_return_error_if_cancelled (request);
  g_object_unref (request);
  return G_SOURCE_REMOVE;
}

/* GCancellable::cancelled may run in any thread and with the
 * cancellable's lock held: the request ends from the main loop. */
static void
mm_online_seat_cancelled_cb (GCancellable *cancellable,
                             gpointer      data)
{
  g_idle_add_full (G_PRIORITY_DEFAULT, mm_online_seat_cancelled_idle_cb, g_object_ref (data),
                   NULL);
}

static const char *
mm_online_seat_get_display_name (MmPlayer *player)
{
  return MM_ONLINE_SEAT (player)->name;
}

static gboolean
mm_online_seat_is_local_person (MmPlayer *player)
{
  return MM_ONLINE_SEAT (player)->local_person;
}

/* The opponent "thinks" while the match waits for their move. */
static gboolean
mm_online_seat_get_thinking (MmPlayer *player)
{
  MmOnlineSeat *self = MM_ONLINE_SEAT (player);

  return !self->local_person && self->request != NULL;
}

static void
mm_online_seat_request_move_async (MmPlayer            *player,
                                   MmGameRecord        *record,
                                   GCancellable        *cancellable,
                                   GAsyncReadyCallback  callback,
                                   gpointer             user_data)
{
  MmOnlineSeat *self = MM_ONLINE_SEAT (player);
  GTask *previous = mm_online_seat_take_request (self);
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, mm_online_seat_request_move_async);
  if (previous != NULL)
    mm_online_seat_return_cancelled (previous);
  if (g_task_return_error_if_cancelled (task))
    return;

  self->request = g_steal_pointer (&task);
  if (cancellable != NULL)
    self->cancelled_id = g_cancellable_connect (cancellable,
                                                G_CALLBACK (mm_online_seat_cancelled_cb),
                                                self, NULL);
  if (!self->local_person)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_THINKING]);
}

static int
mm_online_seat_request_move_finish (MmPlayer      *player,
                                    GAsyncResult  *result,
                                    GError       **error)
{
  gssize square;

  g_return_val_if_fail (g_task_is_valid (result, player), MM_SQUARE_NONE);

  square = g_task_propagate_int (G_TASK (result), error);
  return square < 0 ? MM_SQUARE_NONE : (int) square;
}

/* The person's choice goes to the server; it stands when the server
 * says it was played (mm_online_seat_confirm()). */
static gboolean
mm_online_seat_choose (MmPlayer *player,
                       int       square)
{
  MmOnlineSeat *self = MM_ONLINE_SEAT (player);

  if (self->local_person && self->request != NULL)
    g_signal_emit (self, signals[SIGNAL_CHOSEN], 0, square);
  return FALSE;
}

static void
mm_online_seat_player_init (MmPlayerInterface *iface)
{
  iface->get_display_name = mm_online_seat_get_display_name;
  iface->is_local_person = mm_online_seat_is_local_person;
  iface->get_thinking = mm_online_seat_get_thinking;
  iface->request_move_async = mm_online_seat_request_move_async;
  iface->request_move_finish = mm_online_seat_request_move_finish;
  iface->choose = mm_online_seat_choose;
}

static void
mm_online_seat_dispose (GObject *object)
{
  MmOnlineSeat *self = MM_ONLINE_SEAT (object);
  GTask *request = mm_online_seat_take_request (self);

  if (request != NULL)
    mm_online_seat_return_cancelled (request);

  G_OBJECT_CLASS (mm_online_seat_parent_class)->dispose (object);
}

static void
mm_online_seat_finalize (GObject *object)
{
  MmOnlineSeat *self = MM_ONLINE_SEAT (object);

  g_free (self->name);

  G_OBJECT_CLASS (mm_online_seat_parent_class)->finalize (object);
}

static void
mm_online_seat_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  MmOnlineSeat *self = MM_ONLINE_SEAT (object);

  switch (prop_id)
    {
    case PROP_DISPLAY_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, mm_online_seat_get_thinking (MM_PLAYER (self)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_online_seat_class_init (MmOnlineSeatClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mm_online_seat_dispose;
  object_class->finalize = mm_online_seat_finalize;
  object_class->get_property = mm_online_seat_get_property;

  g_object_class_override_property (object_class, PROP_DISPLAY_NAME, MM_PLAYER_PROP_DISPLAY_NAME);
  g_object_class_override_property (object_class, PROP_THINKING, MM_PLAYER_PROP_THINKING);
  properties[PROP_DISPLAY_NAME] = g_object_class_find_property (object_class,
                                                                MM_PLAYER_PROP_DISPLAY_NAME);
  properties[PROP_THINKING] = g_object_class_find_property (object_class,
                                                            MM_PLAYER_PROP_THINKING);

  /* The person here chose @square, for the server to play. */
  signals[SIGNAL_CHOSEN] =
    g_signal_new ("chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
}

static void
mm_online_seat_init (MmOnlineSeat *self)
{
}

/* The seat of the player @name: the person here when @local_person. */
MmOnlineSeat *
mm_online_seat_new (const char *name,
                    gboolean    local_person)
{
  MmOnlineSeat *self = g_object_new (MM_TYPE_ONLINE_SEAT, NULL);

  self->name = g_strdup (name);
  self->local_person = local_person;
  return self;
}

void
mm_online_seat_set_name (MmOnlineSeat *self,
                         const char   *name)
{
  g_return_if_fail (MM_IS_ONLINE_SEAT (self));

  if (g_strcmp0 (self->name, name) == 0)
    return;
  g_free (self->name);
  self->name = g_strdup (name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DISPLAY_NAME]);
}

/* Whether the match waits for this seat's move. */
gboolean
mm_online_seat_is_asked (MmOnlineSeat *self)
{
  g_return_val_if_fail (MM_IS_ONLINE_SEAT (self), FALSE);

  return self->request != NULL;
}

/* The server played @square for this seat: the match's request is
 * answered with it.  FALSE when the match was not asking (the caller
 * plays the move on the game itself). */
gboolean
mm_online_seat_confirm (MmOnlineSeat *self,
                        int           square)
{
  GTask *request;

  g_return_val_if_fail (MM_IS_ONLINE_SEAT (self), FALSE);

  request = mm_online_seat_take_request (self);
  if (request == NULL)
    return FALSE;
  g_task_return_int (request, square);
  g_object_unref (request);
  return TRUE;
}

/* The server refused the person's move: the match asks again, and the
 * person chooses another. */
void
mm_online_seat_refuse (MmOnlineSeat *self)
{
  GTask *request;

  g_return_if_fail (MM_IS_ONLINE_SEAT (self));

  request = mm_online_seat_take_request (self);
  if (request != NULL)
    mm_online_seat_return_cancelled (request);
}

/* The game cannot go on (called off): the match stops with @error. */
void
mm_online_seat_fail (MmOnlineSeat *self,
                     const GError *error)
{
  GTask *request;

  g_return_if_fail (MM_IS_ONLINE_SEAT (self));

  request = mm_online_seat_take_request (self);
  if (request == NULL)
    return;
  g_task_return_error (request, g_error_copy (error));
  g_object_unref (request);
}
