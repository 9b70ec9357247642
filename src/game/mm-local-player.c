/* mm-local-player.c
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

#define G_LOG_DOMAIN "mm-local-player"

#include "config.h"

#include "mm-local-player.h"

struct _MmLocalPlayer
{
  GObject  parent_instance;

  char    *name;
  /* The request waiting for the person's choice, if any. */
  GTask   *request;
  gulong   cancelled_id;
};

enum
{
  PROP_0,
  PROP_NAME,
  PROP_DISPLAY_NAME,
  PROP_THINKING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void mm_local_player_player_init (MmPlayerInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (MmLocalPlayer, mm_local_player, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (MM_TYPE_PLAYER,
                                                      mm_local_player_player_init))

/* The request in progress, no longer waited on: the caller of the next
 * g_task_return_*() owns it. */
static GTask *
mm_local_player_take_request (MmLocalPlayer *self)
{
  GTask *request = g_steal_pointer (&self->request);

  if (request != NULL && self->cancelled_id != 0)
    g_cancellable_disconnect (g_task_get_cancellable (request), self->cancelled_id);
  self->cancelled_id = 0;
  return request;
}

static void
mm_local_player_return_cancelled (GTask *request)
{
  g_task_return_new_error (request, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                           "The move is no longer asked for");
  g_object_unref (request);
}

static gboolean
mm_local_player_cancelled_idle_cb (gpointer data)
{
  g_autoptr(MmLocalPlayer) self = data;
  GTask *request;

  /* Only when the request that was cancelled is still the one waiting. */
  if (self->request == NULL
      || !g_cancellable_is_cancelled (g_task_get_cancellable (self->request)))
    return G_SOURCE_REMOVE;

  request = mm_local_player_take_request (self);
  g_task_return_error_if_cancelled (request);
  g_object_unref (request);
  return G_SOURCE_REMOVE;
}

/* GCancellable::cancelled may run in any thread and with the
 * cancellable's lock held: the request ends from the main loop. */
static void
mm_local_player_cancelled_cb (GCancellable *cancellable,
                              gpointer      data)
{
  g_idle_add_full (G_PRIORITY_DEFAULT, mm_local_player_cancelled_idle_cb, g_object_ref (data),
                   NULL);
}

static const char *
mm_local_player_get_display_name (MmPlayer *player)
{
  return MM_LOCAL_PLAYER (player)->name;
}

static gboolean
mm_local_player_is_local_person (MmPlayer *player)
{
  return TRUE;
}

static gboolean
mm_local_player_get_thinking (MmPlayer *player)
{
  return FALSE;
}

static void
mm_local_player_request_move_async (MmPlayer            *player,
                                    MmGameRecord        *record,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  MmLocalPlayer *self = MM_LOCAL_PLAYER (player);
  GTask *previous = mm_local_player_take_request (self);
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  g_task_set_source_tag (task, mm_local_player_request_move_async);
  if (previous != NULL)
    mm_local_player_return_cancelled (previous);
  if (g_task_return_error_if_cancelled (task))
    return;

  self->request = g_steal_pointer (&task);
  if (cancellable != NULL)
    self->cancelled_id = g_cancellable_connect (cancellable,
                                                G_CALLBACK (mm_local_player_cancelled_cb),
                                                self, NULL);
}

static int
mm_local_player_request_move_finish (MmPlayer      *player,
                                     GAsyncResult  *result,
                                     GError       **error)
{
  gssize square;

  g_return_val_if_fail (g_task_is_valid (result, player), MM_SQUARE_NONE);

  square = g_task_propagate_int (G_TASK (result), error);
  return square < 0 ? MM_SQUARE_NONE : (int) square;
}

/* A person's choice stands at once: nobody else confirms it. */
static gboolean
mm_local_player_choose (MmPlayer *player,
                        int       square)
{
  MmLocalPlayer *self = MM_LOCAL_PLAYER (player);
  GTask *request = mm_local_player_take_request (self);

  if (request == NULL)
    return FALSE;
  g_task_return_int (request, square);
  g_object_unref (request);
  return TRUE;
}

static void
mm_local_player_player_init (MmPlayerInterface *iface)
{
  iface->get_display_name = mm_local_player_get_display_name;
  iface->is_local_person = mm_local_player_is_local_person;
  iface->get_thinking = mm_local_player_get_thinking;
  iface->request_move_async = mm_local_player_request_move_async;
  iface->request_move_finish = mm_local_player_request_move_finish;
  iface->choose = mm_local_player_choose;
}

static void
mm_local_player_dispose (GObject *object)
{
  MmLocalPlayer *self = MM_LOCAL_PLAYER (object);
  GTask *request = mm_local_player_take_request (self);

  if (request != NULL)
    mm_local_player_return_cancelled (request);

  G_OBJECT_CLASS (mm_local_player_parent_class)->dispose (object);
}

static void
mm_local_player_finalize (GObject *object)
{
  MmLocalPlayer *self = MM_LOCAL_PLAYER (object);

  g_free (self->name);

  G_OBJECT_CLASS (mm_local_player_parent_class)->finalize (object);
}

static void
mm_local_player_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  MmLocalPlayer *self = MM_LOCAL_PLAYER (object);

  switch (prop_id)
    {
    case PROP_NAME:
    case PROP_DISPLAY_NAME:
      g_value_set_string (value, self->name);
      break;
    case PROP_THINKING:
      g_value_set_boolean (value, FALSE);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_local_player_set_property (GObject      *object,
                              guint         prop_id,
                              const GValue *value,
                              GParamSpec   *pspec)
{
  MmLocalPlayer *self = MM_LOCAL_PLAYER (object);

  switch (prop_id)
    {
    case PROP_NAME:
      mm_local_player_set_name (self, g_value_get_string (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_local_player_class_init (MmLocalPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mm_local_player_dispose;
  object_class->finalize = mm_local_player_finalize;
  object_class->get_property = mm_local_player_get_property;
  object_class->set_property = mm_local_player_set_property;

  /* The person's name, when one was given. */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_property (object_class, PROP_NAME, properties[PROP_NAME]);
  g_object_class_override_property (object_class, PROP_DISPLAY_NAME, MM_PLAYER_PROP_DISPLAY_NAME);
  g_object_class_override_property (object_class, PROP_THINKING, MM_PLAYER_PROP_THINKING);
  properties[PROP_DISPLAY_NAME] = g_object_class_find_property (object_class,
                                                                MM_PLAYER_PROP_DISPLAY_NAME);
}

static void
mm_local_player_init (MmLocalPlayer *self)
{
}

/* A seat for a person here; @name may be NULL when none was given. */
MmLocalPlayer *
mm_local_player_new (const char *name)
{
  return g_object_new (MM_TYPE_LOCAL_PLAYER, "name", name, NULL);
}

void
mm_local_player_set_name (MmLocalPlayer *self,
                          const char    *name)
{
  g_return_if_fail (MM_IS_LOCAL_PLAYER (self));

  if (name != NULL && *name == '\0')
    name = NULL;
  if (g_strcmp0 (self->name, name) == 0)
    return;
  g_free (self->name);
  self->name = g_strdup (name);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAME]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DISPLAY_NAME]);
}
