/* mm-players-bar.c
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

#define G_LOG_DOMAIN "mm-players-bar"

#include "config.h"

#include <glib/gi18n.h>

#include "mm-busy-indicator.h"
#include "mm-players-bar.h"

struct _MmPlayersBar
{
  GtkWidget   parent_instance;

  /* The clocks shown, and the tick that counts them down while one runs */
  MmClock    *clock;
  guint       clock_source;
  char       *announcement;

  /* Template widgets, [MM_COLOR_BLACK] and [MM_COLOR_WHITE] */
  GtkWidget  *players_box;
  GtkWidget  *rows[2];
  GtkLabel   *name_labels[2];
  GtkLabel   *clock_labels[2];
  GtkLabel   *count_labels[2];
  GtkLabel   *status_label;
  GtkLabel   *opening_label;
  GtkWidget  *thinking_box;
  MmBusyIndicator *thinking_spinner;
  GtkLabel   *thinking_label;
};

G_DEFINE_FINAL_TYPE (MmPlayersBar, mm_players_bar, GTK_TYPE_WIDGET)

/* @name: (nullable): hidden when %NULL */
void
mm_players_bar_set_name (MmPlayersBar *self,
                         MmColor       color,
                         const char   *name)
{
  g_return_if_fail (MM_IS_PLAYERS_BAR (self));

  gtk_label_set_text (self->name_labels[color], name);
  gtk_widget_set_visible (GTK_WIDGET (self->name_labels[color]), name != NULL);
}

void
mm_players_bar_set_counts (MmPlayersBar *self,
                           guint         black,
                           guint         white)
{
  char text[16];

  g_return_if_fail (MM_IS_PLAYERS_BAR (self));

  g_snprintf (text, sizeof text, "%u", black);
  gtk_label_set_text (self->count_labels[MM_COLOR_BLACK], text);
  g_snprintf (text, sizeof text, "%u", white);
  gtk_label_set_text (self->count_labels[MM_COLOR_WHITE], text);
}

/* @color: the side to move, highlighted, or -1 for neither */
void
mm_players_bar_set_current (MmPlayersBar *self,
                            int           color)
{
  g_return_if_fail (MM_IS_PLAYERS_BAR (self));

  for (MmColor side = MM_COLOR_BLACK; side <= MM_COLOR_WHITE; side++)
    if ((int) side == color)
      gtk_widget_add_css_class (self->rows[side], "current");
    else
      gtk_widget_remove_css_class (self->rows[side], "current");
}

/* The status line; say it with mm_players_bar_announce() too, since
 * setting the text resets the accessible name. */
void
mm_players_bar_set_status (MmPlayersBar *self,
                           const char   *status)
{
  g_return_if_fail (MM_IS_PLAYERS_BAR (self));

  gtk_label_set_text (self->status_label, status);
  g_clear_pointer (&self->announcement, g_free);
}

/* @opening: (nullable): the named opening the position is in, as
 * “Opening: Tiger”, under the status line; hidden when %NULL.  It is
 * not announced: it changes with the moves, and the status says enough
 * after each of them; a screen reader finds it beside the status. */
void
mm_players_bar_set_opening (MmPlayersBar *self,
                            const char   *opening)
{
  g_return_if_fail (MM_IS_PLAYERS_BAR (self));

  gtk_label_set_text (self->opening_label, opening != NULL ? opening : "");
  gtk_widget_set_visible (GTK_WIDGET (self->opening_label), opening != NULL);
}

/* GTK 4.8 has no way to make a screen reader speak, so the status label
 * (role "status") carries what happened and whose turn it is as its
 * accessible name, and changes it after every event.  Screen readers
 * read a status when it changes; its text on screen stays short.
 * @event: (nullable): what happened last, said before the status */
void
mm_players_bar_announce (MmPlayersBar *self,
                         const char   *event)
{
  const char *status = gtk_label_get_text (self->status_label);
  char *announcement;

  g_return_if_fail (MM_IS_PLAYERS_BAR (self));

  if (event != NULL && *event != '\0')
    /* Translators: what a screen reader says after each event: the
     * event, then whose turn it is, as “Black plays F5 and flips 1 disc.
     * White to move.” */
    announcement = g_strdup_printf (_("%s. %s."), event, status);
  else
    announcement = g_strdup (status);

  if (g_strcmp0 (announcement, self->announcement) == 0)
    {
      g_free (announcement);
      return;
    }

  g_free (self->announcement);
  self->announcement = announcement;
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->status_label),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, announcement,
                                  -1);
}

/* @text: (nullable): what the computer is doing, beside a spinner;
 *   %NULL when it is not searching */
void
mm_players_bar_set_thinking (MmPlayersBar *self,
                             const char   *text)
{
  g_return_if_fail (MM_IS_PLAYERS_BAR (self));

  gtk_widget_set_visible (self->thinking_box, text != NULL);
  mm_busy_indicator_set_active (self->thinking_spinner, text != NULL);
  if (text != NULL)
    gtk_label_set_text (self->thinking_label, text);
}

static void
mm_players_bar_update_clocks (MmPlayersBar *self)
{
  for (MmColor color = MM_COLOR_BLACK; color <= MM_COLOR_WHITE; color++)
    {
      GtkWidget *label = GTK_WIDGET (self->clock_labels[color]);
      gint64 remaining;
      g_autofree char *text = NULL;
      gboolean running;

      gtk_widget_set_visible (label, self->clock != NULL);
      if (self->clock == NULL)
        continue;

      remaining = mm_clock_get_remaining (self->clock, color);
      text = mm_clock_format (remaining);
      running = mm_clock_is_running (self->clock) && mm_clock_get_side (self->clock) == color;
      gtk_label_set_text (GTK_LABEL (label), text);
      if (running)
        gtk_widget_add_css_class (label, "running");
      else
        gtk_widget_remove_css_class (label, "running");
      if (remaining < 10 * G_USEC_PER_SEC)
        gtk_widget_add_css_class (label, "low");
      else
        gtk_widget_remove_css_class (label, "low");
    }
}

static gboolean
mm_players_bar_tick_cb (gpointer data)
{
  MmPlayersBar *self = data;

  mm_players_bar_update_clocks (self);
  if (self->clock != NULL && mm_clock_is_running (self->clock))
    return G_SOURCE_CONTINUE;

  self->clock_source = 0;
  return G_SOURCE_REMOVE;
}

/* @clock: (nullable): the clocks to show, or %NULL for an untimed game.
 * Called after every change: the labels count down while one runs. */
void
mm_players_bar_follow_clock (MmPlayersBar *self,
                             MmClock      *clock)
{
  g_return_if_fail (MM_IS_PLAYERS_BAR (self));

  if (g_set_object (&self->clock, clock))
    g_clear_handle_id (&self->clock_source, g_source_remove);
  mm_players_bar_update_clocks (self);
  if (clock != NULL && mm_clock_is_running (clock) && self->clock_source == 0)
    self->clock_source = g_timeout_add (100, mm_players_bar_tick_cb, self);
}

/* A narrow window has the players side by side. */
void
mm_players_bar_set_narrow (MmPlayersBar *self,
                           gboolean      narrow)
{
  g_return_if_fail (MM_IS_PLAYERS_BAR (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->players_box),
                                  narrow ? GTK_ORIENTATION_HORIZONTAL
                                         : GTK_ORIENTATION_VERTICAL);
}

/* The name shown for @color, or NULL when none is. */
const char *
mm_players_bar_get_name (MmPlayersBar *self,
                         MmColor       color)
{
  g_return_val_if_fail (MM_IS_PLAYERS_BAR (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->name_labels[color]))
         ? gtk_label_get_text (self->name_labels[color]) : NULL;
}

const char *
mm_players_bar_get_count (MmPlayersBar *self,
                          MmColor       color)
{
  g_return_val_if_fail (MM_IS_PLAYERS_BAR (self), NULL);

  return gtk_label_get_text (self->count_labels[color]);
}

/* The clock shown for @color, or NULL in an untimed game. */
const char *
mm_players_bar_get_clock (MmPlayersBar *self,
                          MmColor       color)
{
  g_return_val_if_fail (MM_IS_PLAYERS_BAR (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self->clock_labels[color]))
         ? gtk_label_get_text (self->clock_labels[color]) : NULL;
}

const char *
mm_players_bar_get_status (MmPlayersBar *self)
{
  g_return_val_if_fail (MM_IS_PLAYERS_BAR (self), NULL);

  return gtk_label_get_text (self->status_label);
}

/* What a screen reader heard last. */
const char *
mm_players_bar_get_announcement (MmPlayersBar *self)
{
  g_return_val_if_fail (MM_IS_PLAYERS_BAR (self), NULL);

  return self->announcement != NULL ? self->announcement : gtk_label_get_text (self->status_label);
}

/* What the spinner says, or NULL while the computer does not search. */
const char *
mm_players_bar_get_thinking (MmPlayersBar *self)
{
  g_return_val_if_fail (MM_IS_PLAYERS_BAR (self), NULL);

  return gtk_widget_get_visible (self->thinking_box) ? gtk_label_get_text (self->thinking_label)
                                                     : NULL;
}

GtkWidget *
mm_players_bar_get_status_label (MmPlayersBar *self)
{
  g_return_val_if_fail (MM_IS_PLAYERS_BAR (self), NULL);

  return GTK_WIDGET (self->status_label);
}

static void
mm_players_bar_dispose (GObject *object)
{
  MmPlayersBar *self = MM_PLAYERS_BAR (object);
  GtkWidget *child;

  g_clear_handle_id (&self->clock_source, g_source_remove);
  g_clear_object (&self->clock);
  g_clear_pointer (&self->announcement, g_free);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (mm_players_bar_parent_class)->dispose (object);
}

static void
mm_players_bar_class_init (MmPlayersBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mm_players_bar_dispose;

  g_type_ensure (MM_TYPE_BUSY_INDICATOR);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/monomachia/Monomachia/ui/mm-players-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, MmPlayersBar, players_box);
  gtk_widget_class_bind_template_child_full (widget_class, "black_row", FALSE,
                                             G_STRUCT_OFFSET (MmPlayersBar, rows[MM_COLOR_BLACK]));
  gtk_widget_class_bind_template_child_full (widget_class, "white_row", FALSE,
                                             G_STRUCT_OFFSET (MmPlayersBar, rows[MM_COLOR_WHITE]));
  gtk_widget_class_bind_template_child_full (widget_class, "black_name_label", FALSE,
                                             G_STRUCT_OFFSET (MmPlayersBar, name_labels[MM_COLOR_BLACK]));
  gtk_widget_class_bind_template_child_full (widget_class, "white_name_label", FALSE,
                                             G_STRUCT_OFFSET (MmPlayersBar, name_labels[MM_COLOR_WHITE]));
  gtk_widget_class_bind_template_child_full (widget_class, "black_clock_label", FALSE,
                                             G_STRUCT_OFFSET (MmPlayersBar, clock_labels[MM_COLOR_BLACK]));
  gtk_widget_class_bind_template_child_full (widget_class, "white_clock_label", FALSE,
                                             G_STRUCT_OFFSET (MmPlayersBar, clock_labels[MM_COLOR_WHITE]));
  gtk_widget_class_bind_template_child_full (widget_class, "black_count_label", FALSE,
                                             G_STRUCT_OFFSET (MmPlayersBar, count_labels[MM_COLOR_BLACK]));
  gtk_widget_class_bind_template_child_full (widget_class, "white_count_label", FALSE,
                                             G_STRUCT_OFFSET (MmPlayersBar, count_labels[MM_COLOR_WHITE]));
  gtk_widget_class_bind_template_child (widget_class, MmPlayersBar, status_label);
  gtk_widget_class_bind_template_child (widget_class, MmPlayersBar, opening_label);
  gtk_widget_class_bind_template_child (widget_class, MmPlayersBar, thinking_box);
  gtk_widget_class_bind_template_child (widget_class, MmPlayersBar, thinking_spinner);
  gtk_widget_class_bind_template_child (widget_class, MmPlayersBar, thinking_label);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
}

static void
mm_players_bar_init (MmPlayersBar *self)
{
  GtkLayoutManager *layout;

  gtk_widget_init_template (GTK_WIDGET (self));
  layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 12);
}
