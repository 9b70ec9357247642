/* mm-toast.c
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

#define G_LOG_DOMAIN "mm-toast"

#include "config.h"

#include "mm-toast.h"

/* Every message stays at least this long, longer ones a little longer
 * for each character, up to the longest; in milliseconds. */
#define MESSAGE_MIN_MS          5000
#define MESSAGE_MS_PER_CHAR     80
#define MESSAGE_MAX_MS          15000

struct _MmToast
{
  GObject      parent_instance;

  GtkRevealer *revealer;
  GtkLabel    *label;
  guint        timeout_source;
};

G_DEFINE_FINAL_TYPE (MmToast, mm_toast, G_TYPE_OBJECT)

/* How long @message stays, in milliseconds. */
guint
mm_toast_timeout_for (const char *message)
{
  glong n_chars = message != NULL ? g_utf8_strlen (message, -1) : 0;

  return (guint) CLAMP (MESSAGE_MIN_MS + n_chars * MESSAGE_MS_PER_CHAR, MESSAGE_MIN_MS,
                        MESSAGE_MAX_MS);
}

static gboolean
mm_toast_timeout_cb (gpointer data)
{
  MmToast *self = data;

  self->timeout_source = 0;
  mm_toast_show (self, NULL);
  return G_SOURCE_REMOVE;
}

/* @message: (nullable): %NULL or "" takes the message away */
void
mm_toast_show (MmToast    *self,
               const char *message)
{
  gboolean shown;

  g_return_if_fail (MM_IS_TOAST (self));

  shown = message != NULL && *message != '\0';
  g_clear_handle_id (&self->timeout_source, g_source_remove);
  gtk_label_set_text (self->label, shown ? message : "");
  gtk_revealer_set_reveal_child (self->revealer, shown);
  if (shown)
    self->timeout_source = g_timeout_add (mm_toast_timeout_for (message), mm_toast_timeout_cb,
                                          self);
}

/* The message shown, or "". */
const char *
mm_toast_get_message (MmToast *self)
{
  g_return_val_if_fail (MM_IS_TOAST (self), NULL);

  return gtk_label_get_text (self->label);
}

static void
mm_toast_dispose (GObject *object)
{
  MmToast *self = MM_TOAST (object);

  g_clear_handle_id (&self->timeout_source, g_source_remove);
  g_clear_object (&self->revealer);
  g_clear_object (&self->label);

  G_OBJECT_CLASS (mm_toast_parent_class)->dispose (object);
}

static void
mm_toast_class_init (MmToastClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = mm_toast_dispose;
}

static void
mm_toast_init (MmToast *self)
{
}

/* The messages shown by @label in @revealer. */
MmToast *
mm_toast_new (GtkRevealer *revealer,
              GtkLabel    *label)
{
  MmToast *self;

  g_return_val_if_fail (GTK_IS_REVEALER (revealer), NULL);
  g_return_val_if_fail (GTK_IS_LABEL (label), NULL);

  self = g_object_new (MM_TYPE_TOAST, NULL);
  self->revealer = g_object_ref (revealer);
  self->label = g_object_ref (label);
  return self;
}
