/* mm-online-bar.c
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

#define G_LOG_DOMAIN "mm-online-bar"

#include "config.h"

#include "mm-online-bar.h"

struct _MmOnlineBar
{
  GtkWidget    parent_instance;

  GtkWidget   *box;
  GtkLabel    *game_label;
  GtkLabel    *state_label;
  GtkLabel    *result_label;
  GtkWidget   *question_box;
  GtkLabel    *question_label;
  GtkWidget   *actions_box;
  GtkWidget   *resign_button;
  GtkWidget   *undo_button;
  GtkWidget   *abort_button;
  GtkWidget   *rematch_button;
  MmChatPanel *chat_panel;
};

G_DEFINE_FINAL_TYPE (MmOnlineBar, mm_online_bar, GTK_TYPE_WIDGET)

static void
mm_online_bar_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), MM_TYPE_ONLINE_BAR);

  G_OBJECT_CLASS (mm_online_bar_parent_class)->dispose (object);
}

static void
mm_online_bar_class_init (MmOnlineBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mm_online_bar_dispose;

  g_type_ensure (MM_TYPE_CHAT_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/ui/mm-online-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, MmOnlineBar, box);
  gtk_widget_class_bind_template_child (widget_class, MmOnlineBar, game_label);
  gtk_widget_class_bind_template_child (widget_class, MmOnlineBar, state_label);
  gtk_widget_class_bind_template_child (widget_class, MmOnlineBar, result_label);
  gtk_widget_class_bind_template_child (widget_class, MmOnlineBar, question_box);
  gtk_widget_class_bind_template_child (widget_class, MmOnlineBar, question_label);
  gtk_widget_class_bind_template_child (widget_class, MmOnlineBar, actions_box);
  gtk_widget_class_bind_template_child (widget_class, MmOnlineBar, resign_button);
  gtk_widget_class_bind_template_child (widget_class, MmOnlineBar, undo_button);
  gtk_widget_class_bind_template_child (widget_class, MmOnlineBar, abort_button);
  gtk_widget_class_bind_template_child (widget_class, MmOnlineBar, rematch_button);
  gtk_widget_class_bind_template_child (widget_class, MmOnlineBar, chat_panel);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
mm_online_bar_init (MmOnlineBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

static void
mm_online_bar_set_label (GtkLabel   *label,
                         const char *text)
{
  /* Names in these come from the network: text, never markup. */
  gtk_label_set_text (label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (label), text != NULL);
}

/* Which game: the players, their ratings and the time control. */
void
mm_online_bar_set_game (MmOnlineBar *self,
                        const char  *text)
{
  g_return_if_fail (MM_IS_ONLINE_BAR (self));
  mm_online_bar_set_label (self->game_label, text);
}

/* A dropped line (the person's or the opponent's), or NULL. */
void
mm_online_bar_set_state (MmOnlineBar *self,
                         const char  *text)
{
  g_return_if_fail (MM_IS_ONLINE_BAR (self));
  mm_online_bar_set_label (self->state_label, text);
}

/* How the game ended and the rating change, or NULL. */
void
mm_online_bar_set_result (MmOnlineBar *self,
                          const char  *text)
{
  g_return_if_fail (MM_IS_ONLINE_BAR (self));
  mm_online_bar_set_label (self->result_label, text);
}

/* The opponent's request to take back a move, or NULL. */
void
mm_online_bar_set_question (MmOnlineBar *self,
                            const char  *text)
{
  g_return_if_fail (MM_IS_ONLINE_BAR (self));
  gtk_label_set_text (self->question_label, text != NULL ? text : "");
  gtk_widget_set_visible (self->question_box, text != NULL);
}

/* A player sees the actions of a game going on, then Rematch once it is
 * over; a spectator only Leave. */
void
mm_online_bar_set_stage (MmOnlineBar *self,
                         gboolean     playing,
                         gboolean     over)
{
  GtkWidget *during[] = { self->resign_button, self->undo_button, self->abort_button };

  g_return_if_fail (MM_IS_ONLINE_BAR (self));

  /* A flow box's child holds each button: it is the child that goes. */
  for (guint i = 0; i < G_N_ELEMENTS (during); i++)
    gtk_widget_set_visible (gtk_widget_get_parent (during[i]), playing && !over);
  gtk_widget_set_visible (gtk_widget_get_parent (self->rematch_button), playing && over);
}

MmChatPanel *
mm_online_bar_get_chat (MmOnlineBar *self)
{
  g_return_val_if_fail (MM_IS_ONLINE_BAR (self), NULL);
  return self->chat_panel;
}
