/* mm-busy-indicator.c
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

#define G_LOG_DOMAIN "mm-busy-indicator"

#include "config.h"

#include <math.h>

#include "mm-busy-indicator.h"

#define N_STEPS   8
#define STEP_MS   125
#define SIZE      16

struct _MmBusyIndicator
{
  GtkWidget parent_instance;

  guint     step;
  guint     timeout_source;
};

enum
{
  PROP_0,
  PROP_ACTIVE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (MmBusyIndicator, mm_busy_indicator, GTK_TYPE_WIDGET)

static gboolean
mm_busy_indicator_step_cb (gpointer data)
{
  MmBusyIndicator *self = data;

  self->step = (self->step + 1) % N_STEPS;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return G_SOURCE_CONTINUE;
}

/* Eight dots in a ring, the brightest one going round. */
static void
mm_busy_indicator_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  MmBusyIndicator *self = MM_BUSY_INDICATOR (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  double radius = MIN (width, height) / 2.0;
  GdkRGBA color;
  cairo_t *cr;

  if (self->timeout_source == 0 || radius <= 0)
    return;

  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &color);
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
  for (guint i = 0; i < N_STEPS; i++)
    {
      double angle = 2 * G_PI * i / N_STEPS - G_PI / 2;
      guint age = (self->step + N_STEPS - i) % N_STEPS;

      cairo_set_source_rgba (cr, color.red, color.green, color.blue,
                             color.alpha * (1.0 - 0.8 * age / (N_STEPS - 1)));
      cairo_arc (cr, width / 2.0 + cos (angle) * radius * 0.7,
                 height / 2.0 + sin (angle) * radius * 0.7, radius * 0.18, 0, 2 * G_PI);
      cairo_fill (cr);
    }
  cairo_destroy (cr);
}

static void
mm_busy_indicator_measure (GtkWidget      *widget,
                           GtkOrientation  orientation,
                           int             for_size,
                           int            *minimum,
                           int            *natural,
                           int            *minimum_baseline,
                           int            *natural_baseline)
{
  *minimum = *natural = SIZE;
}

/* Active, it turns; otherwise it draws nothing. */
void
mm_busy_indicator_set_active (MmBusyIndicator *self,
                              gboolean         active)
{
  g_return_if_fail (MM_IS_BUSY_INDICATOR (self));

  if (active == (self->timeout_source != 0))
    return;
  if (active)
    self->timeout_source = g_timeout_add (STEP_MS, mm_busy_indicator_step_cb, self);
  else
    g_clear_handle_id (&self->timeout_source, g_source_remove);
  gtk_accessible_update_state (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_STATE_BUSY, active, -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ACTIVE]);
}

gboolean
mm_busy_indicator_get_active (MmBusyIndicator *self)
{
  g_return_val_if_fail (MM_IS_BUSY_INDICATOR (self), FALSE);

  return self->timeout_source != 0;
}

static void
mm_busy_indicator_dispose (GObject *object)
{
  g_clear_handle_id (&MM_BUSY_INDICATOR (object)->timeout_source, g_source_remove);

  G_OBJECT_CLASS (mm_busy_indicator_parent_class)->dispose (object);
}

static void
mm_busy_indicator_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_ACTIVE:
      g_value_set_boolean (value, mm_busy_indicator_get_active (MM_BUSY_INDICATOR (object)));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_busy_indicator_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  switch (prop_id)
    {
    case PROP_ACTIVE:
      mm_busy_indicator_set_active (MM_BUSY_INDICATOR (object), g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_busy_indicator_class_init (MmBusyIndicatorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mm_busy_indicator_dispose;
  object_class->get_property = mm_busy_indicator_get_property;
  object_class->set_property = mm_busy_indicator_set_property;
  widget_class->snapshot = mm_busy_indicator_snapshot;
  widget_class->measure = mm_busy_indicator_measure;

  properties[PROP_ACTIVE] =
    g_param_spec_boolean ("active", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_PROGRESS_BAR);
  gtk_widget_class_set_css_name (widget_class, "busy-indicator");
}

static void
mm_busy_indicator_init (MmBusyIndicator *self)
{
}
