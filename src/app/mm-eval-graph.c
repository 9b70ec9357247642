/* mm-eval-graph.c
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

/* The evaluation of a reviewed game, position after position, as Black
 * sees it: a curve over a grey plate, the area above the middle line
 * black (Black ahead) and below it white (White ahead), so that it reads
 * the same in a light and a dark theme.  Each mistake is a dot of the
 * colour of the side that made it, ringed in red, where the curve lands
 * after it.  A click or the arrow keys choose a position, which the
 * window then shows on the board.  The review fills the graph from the
 * right, as it goes from the end of the game back to its start. */

#define G_LOG_DOMAIN "mm-eval-graph"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "mm-eval-graph.h"

/* Room around the plate, and between its sides and the first and last
 * points (so that the mark of the position shown is never cut), in
 * pixels */
#define PADDING 6.0
#define INSET   4.0

struct _MmEvalGraph
{
  GtkDrawingArea  parent_instance;

  /* MmReviewEntry, one per position; those not reviewed yet have depth -1 */
  GArray         *entries;
  /* The position shown on the board, or -1 */
  int             selected;
  /* The position under the pointer, which the tooltip tells, or -1 */
  int             hover;
};

G_DEFINE_FINAL_TYPE (MmEvalGraph, mm_eval_graph, GTK_TYPE_DRAWING_AREA)

enum {
  POSITION_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* What the move played from @entry's position lost against the best
 * one, in 1/MM_EVAL_SCALE disc (0 for the last position or one not
 * reviewed). */
int
mm_review_entry_get_loss (const MmReviewEntry *entry)
{
  g_return_val_if_fail (entry != NULL, 0);

  if (entry->depth < 0 || entry->move == MM_SQUARE_NONE)
    return 0;
  return MAX (entry->score - entry->move_score, 0);
}

gboolean
mm_review_entry_is_mistake (const MmReviewEntry *entry)
{
  return mm_review_entry_get_loss (entry) >= MM_EVAL_GRAPH_MISTAKE_LOSS;
}

static guint
mm_eval_graph_n_positions (MmEvalGraph *self)
{
  return self->entries != NULL ? self->entries->len : 0;
}

static const MmReviewEntry *
mm_eval_graph_entry (MmEvalGraph *self,
                     guint        position)
{
  return &g_array_index (self->entries, MmReviewEntry, position);
}

/* The score of a position for Black, in discs. */
static double
black_score (const MmReviewEntry *entry)
{
  double discs = (double) entry->score / MM_EVAL_SCALE;

  return entry->color == MM_COLOR_BLACK ? discs : -discs;
}

/* The scale: the largest score rounded up to 8 discs, at least 8. */
static double
mm_eval_graph_range (MmEvalGraph *self)
{
  double largest = 0;

  for (guint i = 0; i < mm_eval_graph_n_positions (self); i++)
    {
      const MmReviewEntry *entry = mm_eval_graph_entry (self, i);

      if (entry->depth >= 0)
        largest = MAX (largest, fabs (black_score (entry)));
    }
  return CLAMP (ceil (largest / 8.0) * 8.0, 8.0, 64.0);
}

static graphene_rect_t
mm_eval_graph_plate (MmEvalGraph *self)
{
  int width = gtk_widget_get_width (GTK_WIDGET (self));
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  return GRAPHENE_RECT_INIT (PADDING, PADDING, MAX (width - 2 * PADDING, 1),
                             MAX (height - 2 * PADDING, 1));
}

/**
 * mm_eval_graph_x_of:
 *
 * Returns: where the point of @position lies across the widget
 */
double
mm_eval_graph_x_of (MmEvalGraph *self,
                    int          position)
{
  graphene_rect_t plate = mm_eval_graph_plate (self);
  guint n = mm_eval_graph_n_positions (self);

  g_return_val_if_fail (MM_IS_EVAL_GRAPH (self), 0);

  if (n < 2)
    return plate.origin.x + plate.size.width / 2;
  return plate.origin.x + INSET + (plate.size.width - 2 * INSET) * position / (double) (n - 1);
}

static double
mm_eval_graph_y_of (MmEvalGraph *self,
                    double       discs,
                    double       range)
{
  graphene_rect_t plate = mm_eval_graph_plate (self);

  return plate.origin.y + plate.size.height * (0.5 - discs / (2 * range));
}

/**
 * mm_eval_graph_position_at:
 * @x: across the widget
 *
 * Returns: the position whose point is nearest to @x, or -1 when the
 *   graph has none
 */
int
mm_eval_graph_position_at (MmEvalGraph *self,
                           double       x)
{
  graphene_rect_t plate = mm_eval_graph_plate (self);
  guint n = mm_eval_graph_n_positions (self);
  double step;

  g_return_val_if_fail (MM_IS_EVAL_GRAPH (self), -1);

  if (n == 0)
    return -1;
  if (n == 1)
    return 0;
  step = (plate.size.width - 2 * INSET) / (n - 1);
  return CLAMP ((int) lround ((x - plate.origin.x - INSET) / step), 0, (int) n - 1);
}

/* The curve through the reviewed positions, closed along the middle line. */
static gboolean
mm_eval_graph_trace_area (MmEvalGraph *self,
                          cairo_t     *cr,
                          double       range)
{
  double zero = mm_eval_graph_y_of (self, 0, range);
  double first_x = 0, last_x = 0;
  gboolean started = FALSE;

  cairo_new_path (cr);
  for (guint i = 0; i < mm_eval_graph_n_positions (self); i++)
    {
      const MmReviewEntry *entry = mm_eval_graph_entry (self, i);
      double x = mm_eval_graph_x_of (self, (int) i);
      double y = mm_eval_graph_y_of (self, black_score (entry), range);

      if (entry->depth < 0)
        continue;
      if (!started)
        {
          cairo_move_to (cr, x, zero);
          first_x = x;
          started = TRUE;
        }
      cairo_line_to (cr, x, y);
      last_x = x;
    }
  if (!started)
    return FALSE;

  cairo_line_to (cr, last_x, zero);
  cairo_line_to (cr, first_x, zero);
  cairo_close_path (cr);
  return TRUE;
}

static void
draw_scale (MmEvalGraph           *self,
            cairo_t               *cr,
            const graphene_rect_t *plate,
            double                 range)
{
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_from_string ("Sans 7");
  g_autofree char *top = g_strdup_printf ("+%d", (int) range);
  g_autofree char *bottom = g_strdup_printf ("−%d", (int) range);
  int text_width, text_height;

  pango_layout_set_font_description (layout, font);

  /* The top label on the black area, the bottom one on the white. */
  pango_layout_set_text (layout, top, -1);
  cairo_set_source_rgba (cr, 1, 1, 1, 0.8);
  cairo_move_to (cr, plate->origin.x + 3, plate->origin.y + 1);
  pango_cairo_show_layout (cr, layout);

  pango_layout_set_text (layout, bottom, -1);
  pango_layout_get_pixel_size (layout, &text_width, &text_height);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.8);
  cairo_move_to (cr, plate->origin.x + 3,
                 plate->origin.y + plate->size.height - text_height - 1);
  pango_cairo_show_layout (cr, layout);

  pango_font_description_free (font);
  g_object_unref (layout);
}

static void
draw_mistakes (MmEvalGraph *self,
               cairo_t     *cr,
               double       range)
{
  for (guint i = 0; i + 1 < mm_eval_graph_n_positions (self); i++)
    {
      const MmReviewEntry *entry = mm_eval_graph_entry (self, i);
      const MmReviewEntry *after = mm_eval_graph_entry (self, i + 1);
      double shade = entry->color == MM_COLOR_BLACK ? 0.05 : 1.0;
      double x, y;

      if (!mm_review_entry_is_mistake (entry) || after->depth < 0)
        continue;

      x = mm_eval_graph_x_of (self, (int) i + 1);
      y = mm_eval_graph_y_of (self, black_score (after), range);
      cairo_new_path (cr);
      cairo_arc (cr, x, y, 4.5, 0, 2 * G_PI);
      cairo_set_source_rgb (cr, shade, shade, shade);
      cairo_fill_preserve (cr);
      cairo_set_source_rgb (cr, 0.88, 0.11, 0.14);
      cairo_set_line_width (cr, 2);
      cairo_stroke (cr);
    }
}

static void
mm_eval_graph_draw (GtkDrawingArea *area,
                    cairo_t        *cr,
                    int             width,
                    int             height,
                    gpointer        user_data)
{
  MmEvalGraph *self = MM_EVAL_GRAPH (area);
  graphene_rect_t plate = mm_eval_graph_plate (self);
  double range = mm_eval_graph_range (self);
  double zero = mm_eval_graph_y_of (self, 0, range);
  double radius = 6;
  double x = plate.origin.x, y = plate.origin.y;
  double w = plate.size.width, h = plate.size.height;

  /* The plate, with rounded corners that clip everything on it. */
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + w - radius, y + h - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + h - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
  cairo_clip_preserve (cr);
  cairo_set_source_rgb (cr, 0.55, 0.56, 0.58);
  cairo_fill (cr);

  if (mm_eval_graph_trace_area (self, cr, range))
    {
      cairo_save (cr);
      cairo_rectangle (cr, x, y, w, zero - y);
      cairo_clip (cr);
      mm_eval_graph_trace_area (self, cr, range);
      cairo_set_source_rgb (cr, 0.09, 0.09, 0.10);
      cairo_fill (cr);
      cairo_restore (cr);

      cairo_save (cr);
      cairo_rectangle (cr, x, zero, w, y + h - zero);
      cairo_clip (cr);
      mm_eval_graph_trace_area (self, cr, range);
      cairo_set_source_rgb (cr, 0.97, 0.97, 0.96);
      cairo_fill (cr);
      cairo_restore (cr);
    }
  cairo_new_path (cr);

  /* The middle line: equal chances. */
  cairo_set_source_rgba (cr, 0.35, 0.36, 0.38, 1);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, x, floor (zero) + 0.5);
  cairo_line_to (cr, x + w, floor (zero) + 0.5);
  cairo_stroke (cr);

  draw_scale (self, cr, &plate, range);

  /* The position under the pointer, faintly. */
  if (self->hover >= 0 && self->hover != self->selected
      && (guint) self->hover < mm_eval_graph_n_positions (self))
    {
      double hx = floor (mm_eval_graph_x_of (self, self->hover)) + 0.5;

      cairo_set_source_rgba (cr, 1, 1, 1, 0.6);
      cairo_set_line_width (cr, 1);
      cairo_move_to (cr, hx, y);
      cairo_line_to (cr, hx, y + h);
      cairo_stroke (cr);
    }

  /* The position on the board. */
  if (self->selected >= 0 && (guint) self->selected < mm_eval_graph_n_positions (self))
    {
      double sx = floor (mm_eval_graph_x_of (self, self->selected)) + 0.5;

      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 0.95);
      cairo_set_line_width (cr, 2);
      cairo_move_to (cr, sx, y);
      cairo_line_to (cr, sx, y + h);
      cairo_stroke (cr);
    }

  draw_mistakes (self, cr, range);

  /* The keyboard focus, on the plate's edge. */
  if (gtk_widget_has_visible_focus (GTK_WIDGET (self)))
    {
      cairo_reset_clip (cr);
      cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 1);
      cairo_set_line_width (cr, 2);
      cairo_rectangle (cr, x - 2, y - 2, w + 4, h + 4);
      cairo_stroke (cr);
    }
}

/* What the graph says about @position: in its tooltip and to a screen
 * reader. */
static char *
mm_eval_graph_describe (MmEvalGraph *self,
                        int          position)
{
  const MmReviewEntry *entry = mm_eval_graph_entry (self, (guint) position);
  g_autofree char *score = NULL;
  g_autofree char *discs = NULL;
  int black = entry->color == MM_COLOR_BLACK ? entry->score : -entry->score;
  char name[3] = "";

  if (entry->depth < 0)
    /* Translators: in the game review's graph, a position the review has
     * not come to yet */
    score = g_strdup (_("not reviewed yet"));
  else
    {
      discs = mm_ai_format_score (black, entry->exact);
      /* Translators: the evaluation of a position in the game review's
       * graph; %s is a disc difference, as +4.5 (Black ahead) or -2 */
      score = g_strdup_printf (_("%s for Black"), discs);
    }

  if (position == 0)
    /* Translators: in the game review's graph; %s is an evaluation, as
     * “+4.5 for Black” */
    return g_strdup_printf (_("Start position: %s"), score);

  {
    const MmReviewEntry *before = mm_eval_graph_entry (self, (guint) position - 1);

    if (before->move == MM_SQUARE_PASS)
      /* Translators: in the game review's graph: a move that was a pass */
      g_strlcpy (name, C_("move list", "pass"), sizeof name);
    else if (before->move >= 0 && before->move < MM_N_SQUARES)
      {
        mm_square_format (before->move, name);
      }
  }
  /* Translators: in the game review's graph; %u is the number of a move,
   * the first %s its square (as d3), the second an evaluation, as
   * “+4.5 for Black” */
  return g_strdup_printf (_("After move %u, %s: %s"), (guint) position, name, score);
}

static void
mm_eval_graph_update_accessible (MmEvalGraph *self)
{
  guint n = mm_eval_graph_n_positions (self);
  g_autofree char *text = NULL;

  if (self->selected >= 0 && (guint) self->selected < n)
    text = mm_eval_graph_describe (self, self->selected);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, 0.0,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, (double) MAX (n, 1) - 1,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_NOW,
                                  (double) MAX (self->selected, 0),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text != NULL ? text : "",
                                  -1);
}

/* The user chose @position: it is selected and the window shows it. */
static void
mm_eval_graph_activate_position (MmEvalGraph *self,
                                 int          position)
{
  if (position < 0)
    return;

  mm_eval_graph_set_selected (self, position);
  g_signal_emit (self, signals[POSITION_ACTIVATED], 0, position);
}

static void
mm_eval_graph_released_cb (MmEvalGraph     *self,
                           int              n_press,
                           double           x,
                           double           y,
                           GtkGestureClick *gesture)
{
  gtk_widget_grab_focus (GTK_WIDGET (self));
  mm_eval_graph_activate_position (self, mm_eval_graph_position_at (self, x));
}

static void
mm_eval_graph_set_hover (MmEvalGraph *self,
                         int          position)
{
  if (self->hover == position)
    return;
  self->hover = position;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
mm_eval_graph_motion_cb (MmEvalGraph              *self,
                         double                    x,
                         double                    y,
                         GtkEventControllerMotion *motion)
{
  mm_eval_graph_set_hover (self, mm_eval_graph_position_at (self, x));
}

static void
mm_eval_graph_leave_cb (MmEvalGraph              *self,
                        GtkEventControllerMotion *motion)
{
  mm_eval_graph_set_hover (self, -1);
}

static gboolean
mm_eval_graph_key_pressed_cb (MmEvalGraph           *self,
                              guint                  keyval,
                              guint                  keycode,
                              GdkModifierType        state,
                              GtkEventControllerKey *controller)
{
  int n = (int) mm_eval_graph_n_positions (self);
  int position = self->selected;

  if (n == 0 || (state & (GDK_CONTROL_MASK | GDK_ALT_MASK)))
    return FALSE;

  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      position = position < 0 ? n - 1 : MAX (position - 1, 0);
      break;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      position = position < 0 ? n - 1 : MIN (position + 1, n - 1);
      break;
    case GDK_KEY_Home:
    case GDK_KEY_KP_Home:
      position = 0;
      break;
    case GDK_KEY_End:
    case GDK_KEY_KP_End:
      position = n - 1;
      break;
    default:
      return FALSE;
    }

  mm_eval_graph_activate_position (self, position);
  return TRUE;
}

static gboolean
mm_eval_graph_query_tooltip (GtkWidget  *widget,
                             int         x,
                             int         y,
                             gboolean    keyboard,
                             GtkTooltip *tooltip)
{
  MmEvalGraph *self = MM_EVAL_GRAPH (widget);
  int position = keyboard ? self->selected : mm_eval_graph_position_at (self, x);
  g_autofree char *text = NULL;

  if (position < 0 || (guint) position >= mm_eval_graph_n_positions (self))
    return FALSE;

  text = mm_eval_graph_describe (self, position);
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
mm_eval_graph_focus_changed_cb (MmEvalGraph *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
mm_eval_graph_finalize (GObject *object)
{
  MmEvalGraph *self = (MmEvalGraph *)object;

  g_clear_pointer (&self->entries, g_array_unref);

  G_OBJECT_CLASS (mm_eval_graph_parent_class)->finalize (object);
}

static void
mm_eval_graph_class_init (MmEvalGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->finalize = mm_eval_graph_finalize;
  widget_class->query_tooltip = mm_eval_graph_query_tooltip;

  /**
   * MmEvalGraph::position-activated:
   * @position: the number of moves played to reach it
   *
   * The user chose the point of a position: a click, or an arrow key.
   */
  signals[POSITION_ACTIVATED] =
    g_signal_new ("position-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_set_css_name (widget_class, "evalgraph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_SLIDER);
}

static void
mm_eval_graph_init (MmEvalGraph *self)
{
  GtkGesture *click = gtk_gesture_click_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkEventController *motion = gtk_event_controller_motion_new ();

  self->selected = -1;
  self->hover = -1;
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self), mm_eval_graph_draw, NULL, NULL);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "pointer");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  /* Translators: the accessible name of the game
                                   * review's graph */
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Evaluation over the game"),
                                  -1);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect_object (click, "released", G_CALLBACK (mm_eval_graph_released_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));

  g_signal_connect_object (keys, "key-pressed", G_CALLBACK (mm_eval_graph_key_pressed_cb),
                           self, G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  g_signal_connect_object (motion, "motion", G_CALLBACK (mm_eval_graph_motion_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (motion, "leave", G_CALLBACK (mm_eval_graph_leave_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  g_signal_connect (self, "notify::has-focus", G_CALLBACK (mm_eval_graph_focus_changed_cb),
                    NULL);
  mm_eval_graph_update_accessible (self);
}

GtkWidget *
mm_eval_graph_new (void)
{
  return g_object_new (MM_TYPE_EVAL_GRAPH, NULL);
}

/**
 * mm_eval_graph_set_entries:
 * @entries: (nullable) (element-type MmReviewEntry): one per position,
 *   the start first; those not reviewed yet with depth -1
 *
 * Shows the review @entries (copied); %NULL empties the graph.
 */
void
mm_eval_graph_set_entries (MmEvalGraph *self,
                           GArray      *entries)
{
  g_return_if_fail (MM_IS_EVAL_GRAPH (self));

  g_clear_pointer (&self->entries, g_array_unref);
  if (entries != NULL)
    self->entries = g_array_copy (entries);
  if (self->selected >= (int) mm_eval_graph_n_positions (self))
    self->selected = -1;
  if (self->hover >= (int) mm_eval_graph_n_positions (self))
    self->hover = -1;
  mm_eval_graph_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The positions reviewed so far. */
guint
mm_eval_graph_get_n_reviewed (MmEvalGraph *self)
{
  guint n = 0;

  g_return_val_if_fail (MM_IS_EVAL_GRAPH (self), 0);

  for (guint i = 0; i < mm_eval_graph_n_positions (self); i++)
    if (mm_eval_graph_entry (self, i)->depth >= 0)
      n++;
  return n;
}

int
mm_eval_graph_get_selected (MmEvalGraph *self)
{
  g_return_val_if_fail (MM_IS_EVAL_GRAPH (self), -1);

  return self->selected;
}

/* Marks @position (the one on the board), or none for -1. */
void
mm_eval_graph_set_selected (MmEvalGraph *self,
                            int          position)
{
  g_return_if_fail (MM_IS_EVAL_GRAPH (self));

  if (position >= (int) mm_eval_graph_n_positions (self))
    position = -1;
  if (self->selected == position)
    return;

  self->selected = position;
  mm_eval_graph_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
