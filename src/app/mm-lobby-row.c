/* mm-lobby-row.c
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

#include "mm-lobby-row.h"

enum
{
  ROW_MAIN,
  ROW_DETAIL,
  ROW_BUTTON,
};

/* A row: a name, a line of details and a button; what they say comes
 * when an entry is bound to it. */
static void
mm_lobby_row_setup_cb (GtkSignalListItemFactory *factory,
                       GtkListItem              *item,
                       gpointer                  data)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *labels = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *main_label = gtk_label_new (NULL);
  GtkWidget *detail = gtk_label_new (NULL);
  GtkWidget *button = gtk_button_new ();

  gtk_widget_add_css_class (row, "lobby-row");
  gtk_label_set_xalign (GTK_LABEL (main_label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (main_label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (detail), 0);
  gtk_label_set_ellipsize (GTK_LABEL (detail), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (detail, "dim-label");
  gtk_widget_set_hexpand (labels, TRUE);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (labels), main_label);
  gtk_box_append (GTK_BOX (labels), detail);
  gtk_box_append (GTK_BOX (row), labels);
  gtk_box_append (GTK_BOX (row), button);
  gtk_list_item_set_child (item, row);
  gtk_list_item_set_activatable (item, FALSE);
}

static GtkWidget *
mm_lobby_row_part (GtkListItem *item,
                   int          part)
{
  GtkWidget *row = gtk_list_item_get_child (item);
  GtkWidget *labels = gtk_widget_get_first_child (row);

  switch (part)
    {
    case ROW_MAIN:
      return gtk_widget_get_first_child (labels);
    case ROW_DETAIL:
      return gtk_widget_get_last_child (labels);
    case ROW_BUTTON:
    default:
      return gtk_widget_get_last_child (row);
    }
}

/* The row's texts (shown as text, never as markup: they come from the
 * network) and its button's action on @target. */
void
mm_lobby_row_fill (GtkListItem *item,
                   const char  *main_text,
                   const char  *detail,
                   const char  *button_label,
                   const char  *action,
                   const char  *target,
                   gboolean     sensitive)
{
  GtkWidget *button = mm_lobby_row_part (item, ROW_BUTTON);
  g_autofree char *accessible = g_strdup_printf ("%s, %s", main_text, detail);

  gtk_label_set_text (GTK_LABEL (mm_lobby_row_part (item, ROW_MAIN)), main_text);
  gtk_label_set_text (GTK_LABEL (mm_lobby_row_part (item, ROW_DETAIL)), detail);
  gtk_button_set_label (GTK_BUTTON (button), button_label);
  /* The target first: an action of a string without one is refused. */
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", target);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_sensitive (button, sensitive);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  accessible, -1);
}

/* A factory of rows, for a list view; its "bind" fills them with
 * mm_lobby_row_fill(). */
GtkListItemFactory *
mm_lobby_row_factory_new (void)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (mm_lobby_row_setup_cb), NULL);
  return factory;
}
