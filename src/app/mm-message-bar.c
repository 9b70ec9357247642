/* mm-message-bar.c
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

#define G_LOG_DOMAIN "mm-message-bar"

#include "config.h"

#include "mm-message-bar.h"

/* Every message stays at least this long, longer ones a little longer
 * for each character, up to the longest; in milliseconds. */
#define MESSAGE_MIN_MS          5000
#define MESSAGE_MS_PER_CHAR     80
#define MESSAGE_MAX_MS          15000

struct _MmMessageBar
{
  GtkWidget    parent_instance;

  guint        timeout_source;

  /* Template widgets */
  GtkWidget   *box;
  GtkLabel    *label;
};

G_DEFINE_FINAL_TYPE (MmMessageBar, mm_message_bar, GTK_TYPE_WIDGET)

/* How long @message stays, in milliseconds. */
guint
mm_message_bar_timeout_for (const char *message)
{
  glong n_chars = message != NULL ? g_utf8_strlen (message, -1) : 0;

  return (guint) CLAMP (MESSAGE_MIN_MS + n_chars * MESSAGE_MS_PER_CHAR, MESSAGE_MIN_MS,
                        MESSAGE_MAX_MS);
}

static gboolean
mm_message_bar_timeout_cb (gpointer data)
{
  MmMessageBar *self = data;

  self->timeout_source = 0;
  mm_message_bar_show (self, NULL);
  return G_SOURCE_REMOVE;
}

/* @message: (nullable): %NULL or "" takes the message away */
void
mm_message_bar_show (MmMessageBar *self,
                     const char   *message)
{
  gboolean shown;

  g_return_if_fail (MM_IS_MESSAGE_BAR (self));

  shown = message != NULL && *message != '\0';
  g_clear_handle_id (&self->timeout_source, g_source_remove);
  gtk_label_set_text (self->label, shown ? message : "");
  gtk_widget_set_visible (self->box, shown);
  if (shown)
    self->timeout_source = g_timeout_add (mm_message_bar_timeout_for (message),
                                          mm_message_bar_timeout_cb, self);
}

/* The message shown, or "". */
const char *
mm_message_bar_get_message (MmMessageBar *self)
{
  g_return_val_if_fail (MM_IS_MESSAGE_BAR (self), NULL);

  return gtk_label_get_text (self->label);
}

static void
mm_message_bar_dismiss_action (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  mm_message_bar_show (MM_MESSAGE_BAR (widget), NULL);
}

static void
mm_message_bar_dispose (GObject *object)
{
  MmMessageBar *self = MM_MESSAGE_BAR (object);
  GtkWidget *child;

  g_clear_handle_id (&self->timeout_source, g_source_remove);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (mm_message_bar_parent_class)->dispose (object);
}

static void
mm_message_bar_class_init (MmMessageBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mm_message_bar_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/monomachia/Monomachia/ui/mm-message-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, MmMessageBar, box);
  gtk_widget_class_bind_template_child (widget_class, MmMessageBar, label);
  gtk_widget_class_install_action (widget_class, "message.dismiss", NULL,
                                   mm_message_bar_dismiss_action);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
mm_message_bar_init (MmMessageBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_visible (self->box, FALSE);
}
