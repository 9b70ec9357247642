/* mm-square.c
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

/* One square of the board as a widget of its own: it draws nothing (the
 * board view paints the board under it) but takes the keyboard focus, the
 * clicks and the screen reader's attention, which GTK 4.8 gives only to
 * widgets. */

#define G_LOG_DOMAIN "mm-square"

#include "config.h"

#include "mm-square.h"

struct _MmSquare
{
  GtkWidget  parent_instance;

  int        index;
};

G_DEFINE_FINAL_TYPE (MmSquare, mm_square, GTK_TYPE_WIDGET)

enum {
  ACTIVATE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
mm_square_click_released_cb (MmSquare        *self,
                             int              n_press,
                             double           x,
                             double           y,
                             GtkGestureClick *gesture)
{
  g_assert (MM_IS_SQUARE (self));

  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_widget_activate (GTK_WIDGET (self));
}

static void
mm_square_class_init (MmSquareClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const guint activate_keys[] = { GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter,
                                  GDK_KEY_space, GDK_KEY_KP_Space };

  /**
   * MmSquare::activate:
   *
   * A click, Enter or Space, or the screen reader's "press" on the square.
   */
  signals[ACTIVATE] =
    g_signal_new ("activate", G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_ACTION,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  gtk_widget_class_set_activate_signal (widget_class, signals[ACTIVATE]);

  for (guint i = 0; i < G_N_ELEMENTS (activate_keys); i++)
    gtk_widget_class_add_binding_signal (widget_class, activate_keys[i], 0, "activate", NULL);

  gtk_widget_class_set_css_name (widget_class, "square");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_BUTTON);
}

static void
mm_square_init (MmSquare *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect_object (click, "released",
                           G_CALLBACK (mm_square_click_released_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

GtkWidget *
mm_square_new (int square)
{
  MmSquare *self = g_object_new (MM_TYPE_SQUARE, NULL);

  self->index = square;
  return GTK_WIDGET (self);
}

int
mm_square_get_index (MmSquare *self)
{
  g_return_val_if_fail (MM_IS_SQUARE (self), -1);

  return self->index;
}
