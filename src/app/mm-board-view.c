/* mm-board-view.c
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

/* The board: a GtkDrawingArea that paints the board and its discs with
 * cairo, with 64 focusable MmSquare widgets laid over the cells.  The
 * squares carry the input and the accessible names; the drawing carries
 * the looks. */

#define G_LOG_DOMAIN "mm-board-view"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "mm-board-view.h"
#include "mm-square.h"

struct _MmBoardView
{
  GtkDrawingArea  parent_instance;

  /* Owned references */
  MmGame         *game;

  /* Children, indexed by square */
  GtkWidget      *squares[MM_N_SQUARES];

  /* A column letter typed on the keyboard, waiting for its row digit */
  int             typed_column;

  guint           show_legal_moves : 1;
  guint           show_last_move : 1;
  guint           show_coordinates : 1;
};

G_DEFINE_FINAL_TYPE (MmBoardView, mm_board_view, GTK_TYPE_DRAWING_AREA)

enum {
  PROP_0,
  PROP_GAME,
  PROP_SHOW_LEGAL_MOVES,
  PROP_SHOW_LAST_MOVE,
  PROP_SHOW_COORDINATES,
  N_PROPS
};

enum {
  SQUARE_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Where the board lies inside the widget. */
typedef struct
{
  double x;
  double y;
  double cell;
  double margin;
} BoardGeometry;

static BoardGeometry
mm_board_view_geometry (MmBoardView *self,
                        int          width,
                        int          height)
{
  BoardGeometry geometry;
  double side = MIN (width, height);
  double margin = self->show_coordinates ? side * 0.06 : side * 0.02;

  geometry.cell = (side - 2 * margin) / 8.0;
  geometry.margin = margin;
  geometry.x = (width - 8 * geometry.cell) / 2.0;
  geometry.y = (height - 8 * geometry.cell) / 2.0;
  return geometry;
}

static void
draw_background (cairo_t             *cr,
                 const BoardGeometry *g)
{
  double size = 8 * g->cell;
  double frame = g->margin;
  cairo_pattern_t *felt;

  /* A wooden frame around a felt board. */
  cairo_set_source_rgb (cr, 0.24, 0.17, 0.11);
  cairo_rectangle (cr, g->x - frame, g->y - frame, size + 2 * frame, size + 2 * frame);
  cairo_fill (cr);

  felt = cairo_pattern_create_linear (g->x, g->y, g->x + size, g->y + size);
  cairo_pattern_add_color_stop_rgb (felt, 0, 0.16, 0.52, 0.30);
  cairo_pattern_add_color_stop_rgb (felt, 1, 0.11, 0.42, 0.24);
  cairo_set_source (cr, felt);
  cairo_rectangle (cr, g->x, g->y, size, size);
  cairo_fill (cr);
  cairo_pattern_destroy (felt);

  cairo_set_source_rgba (cr, 0, 0, 0, 0.55);
  cairo_set_line_width (cr, MAX (1.0, g->cell / 40.0));
  for (int i = 0; i <= 8; i++)
    {
      cairo_move_to (cr, g->x + i * g->cell, g->y);
      cairo_line_to (cr, g->x + i * g->cell, g->y + size);
      cairo_move_to (cr, g->x, g->y + i * g->cell);
      cairo_line_to (cr, g->x + size, g->y + i * g->cell);
    }
  cairo_stroke (cr);

  /* The four dots that mark the centre area, as on a real board. */
  for (int i = 0; i < 4; i++)
    {
      double cx = g->x + g->cell * ((i & 1) ? 6 : 2);
      double cy = g->y + g->cell * ((i & 2) ? 6 : 2);

      cairo_arc (cr, cx, cy, g->cell / 14.0, 0, 2 * G_PI);
      cairo_fill (cr);
    }
}

static void
draw_coordinates (cairo_t             *cr,
                  const BoardGeometry *g)
{
  PangoLayout *layout;
  PangoFontDescription *font;
  int text_width, text_height;

  cairo_save (cr);
  layout = pango_cairo_create_layout (cr);
  font = pango_font_description_from_string ("Sans Bold");
  pango_font_description_set_absolute_size (font, g->margin * 0.55 * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  cairo_set_source_rgb (cr, 0.93, 0.87, 0.75);

  for (int i = 0; i < 8; i++)
    {
      char column[2] = { (char) ('a' + i), '\0' };
      char row[2] = { (char) ('1' + i), '\0' };

      pango_layout_set_text (layout, column, -1);
      pango_layout_get_pixel_size (layout, &text_width, &text_height);
      cairo_move_to (cr, g->x + (i + 0.5) * g->cell - text_width / 2.0,
                     g->y - g->margin / 2.0 - text_height / 2.0);
      pango_cairo_show_layout (cr, layout);

      pango_layout_set_text (layout, row, -1);
      pango_layout_get_pixel_size (layout, &text_width, &text_height);
      cairo_move_to (cr, g->x - g->margin / 2.0 - text_width / 2.0,
                     g->y + (i + 0.5) * g->cell - text_height / 2.0);
      pango_cairo_show_layout (cr, layout);
    }

  pango_font_description_free (font);
  g_object_unref (layout);
  cairo_restore (cr);
}

/* A disc with a soft shadow and a highlight, so that it reads as a thing
 * lying on the board rather than a flat circle. */
static void
draw_disc (cairo_t *cr,
           double   cx,
           double   cy,
           double   radius,
           MmDisc   disc)
{
  cairo_pattern_t *shade;
  gboolean black = disc == MM_DISC_BLACK;

  cairo_set_source_rgba (cr, 0, 0, 0, 0.35);
  cairo_arc (cr, cx + radius * 0.06, cy + radius * 0.10, radius, 0, 2 * G_PI);
  cairo_fill (cr);

  shade = cairo_pattern_create_radial (cx - radius * 0.35, cy - radius * 0.35, radius * 0.1,
                                       cx, cy, radius);
  if (black)
    {
      cairo_pattern_add_color_stop_rgb (shade, 0, 0.36, 0.36, 0.38);
      cairo_pattern_add_color_stop_rgb (shade, 1, 0.06, 0.06, 0.07);
    }
  else
    {
      cairo_pattern_add_color_stop_rgb (shade, 0, 1.0, 1.0, 1.0);
      cairo_pattern_add_color_stop_rgb (shade, 1, 0.80, 0.80, 0.78);
    }
  cairo_set_source (cr, shade);
  cairo_arc (cr, cx, cy, radius, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_pattern_destroy (shade);
}

static void
mm_board_view_draw (GtkDrawingArea *area,
                    cairo_t        *cr,
                    int             width,
                    int             height,
                    gpointer        user_data)
{
  MmBoardView *self = MM_BOARD_VIEW (area);
  BoardGeometry g = mm_board_view_geometry (self, width, height);
  guint64 legal = 0;
  int last_move = MM_SQUARE_NONE;
  MmColor side = MM_COLOR_BLACK;

  draw_background (cr, &g);
  if (self->show_coordinates)
    draw_coordinates (cr, &g);

  if (self->game == NULL)
    return;

  if (self->show_legal_moves)
    legal = mm_game_get_legal_moves (self->game);
  if (self->show_last_move)
    last_move = mm_game_get_last_move (self->game);
  side = mm_game_get_side_to_move (self->game);

  for (int square = 0; square < MM_N_SQUARES; square++)
    {
      double cx = g.x + (mm_square_column (square) + 0.5) * g.cell;
      double cy = g.y + (mm_square_row (square) + 0.5) * g.cell;
      MmDisc disc = mm_game_get_disc (self->game, square);

      if (disc != MM_DISC_NONE)
        {
          draw_disc (cr, cx, cy, g.cell * 0.42, disc);
          if (square == last_move)
            {
              cairo_set_source_rgb (cr, 0.90, 0.22, 0.21);
              cairo_arc (cr, cx, cy, g.cell * 0.08, 0, 2 * G_PI);
              cairo_fill (cr);
            }
        }
      else if (legal & (G_GUINT64_CONSTANT (1) << square))
        {
          double shade = side == MM_COLOR_BLACK ? 0.0 : 1.0;

          cairo_set_source_rgba (cr, shade, shade, shade, 0.35);
          cairo_arc (cr, cx, cy, g.cell * 0.12, 0, 2 * G_PI);
          cairo_fill (cr);
        }
    }
}

static char *
square_description (MmBoardView *self,
                    int          square,
                    guint64      legal)
{
  char name[3];

  mm_square_format (square, name);
  name[0] = g_ascii_toupper (name[0]);

  switch (mm_game_get_disc (self->game, square))
    {
    case MM_DISC_BLACK:
      /* Translators: a square of the board as a screen reader says it; %s is its name, as D3 */
      return g_strdup_printf (_("%s, black"), name);
    case MM_DISC_WHITE:
      /* Translators: a square of the board as a screen reader says it; %s is its name, as D3 */
      return g_strdup_printf (_("%s, white"), name);
    case MM_DISC_NONE:
    default:
      if (legal & (G_GUINT64_CONSTANT (1) << square))
        /* Translators: a square of the board as a screen reader says it; %s is its name, as D3 */
        return g_strdup_printf (_("%s, empty, legal move"), name);
      /* Translators: a square of the board as a screen reader says it; %s is its name, as D3 */
      return g_strdup_printf (_("%s, empty"), name);
    }
}

/* Brings the squares' names, states and pointers in line with the game. */
static void
mm_board_view_update_squares (MmBoardView *self)
{
  guint64 legal = self->game != NULL ? mm_game_get_legal_moves (self->game) : 0;

  for (int square = 0; square < MM_N_SQUARES; square++)
    {
      g_autofree char *label = NULL;
      gboolean is_legal = (legal & (G_GUINT64_CONSTANT (1) << square)) != 0;

      if (self->game != NULL)
        label = square_description (self, square, legal);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->squares[square]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, label ? label : "",
                                      -1);
      gtk_widget_set_cursor_from_name (self->squares[square], is_legal ? "pointer" : NULL);
      if (is_legal)
        gtk_widget_add_css_class (self->squares[square], "legal");
      else
        gtk_widget_remove_css_class (self->squares[square], "legal");
    }
}

static void
mm_board_view_game_changed_cb (MmBoardView *self)
{
  g_assert (MM_IS_BOARD_VIEW (self));

  mm_board_view_update_squares (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
mm_board_view_square_activate_cb (MmBoardView *self,
                                  MmSquare    *square)
{
  g_assert (MM_IS_BOARD_VIEW (self));

  g_signal_emit (self, signals[SQUARE_ACTIVATED], 0, mm_square_get_index (square));
}

/* Typing a square's name ("d3") plays it: a column letter, then a row. */
static gboolean
mm_board_view_key_pressed_cb (MmBoardView           *self,
                              guint                  keyval,
                              guint                  keycode,
                              GdkModifierType        state,
                              GtkEventControllerKey *controller)
{
  guint32 character = gdk_keyval_to_unicode (gdk_keyval_to_lower (keyval));
  int square;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK))
    return FALSE;

  if (character >= 'a' && character <= 'h')
    {
      self->typed_column = (int) (character - 'a');
      return TRUE;
    }

  if (character >= '1' && character <= '8' && self->typed_column >= 0)
    {
      square = mm_square_at (self->typed_column, (int) (character - '1'));
      self->typed_column = -1;
      gtk_widget_grab_focus (self->squares[square]);
      gtk_widget_activate (self->squares[square]);
      return TRUE;
    }

  self->typed_column = -1;
  return FALSE;
}

static void
mm_board_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  *minimum = 240;
  *natural = 560;
}

static void
mm_board_view_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  MmBoardView *self = MM_BOARD_VIEW (widget);
  BoardGeometry g = mm_board_view_geometry (self, width, height);

  GTK_WIDGET_CLASS (mm_board_view_parent_class)->size_allocate (widget, width, height, baseline);

  for (int square = 0; square < MM_N_SQUARES; square++)
    {
      GtkAllocation cell = {
        .x = (int) round (g.x + mm_square_column (square) * g.cell),
        .y = (int) round (g.y + mm_square_row (square) * g.cell),
        .width = (int) g.cell,
        .height = (int) g.cell,
      };

      gtk_widget_size_allocate (self->squares[square], &cell, -1);
    }
}

/* GtkDrawingArea paints only its cairo surface; the squares on top of it
 * draw their focus rings. */
static void
mm_board_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  MmBoardView *self = MM_BOARD_VIEW (widget);

  GTK_WIDGET_CLASS (mm_board_view_parent_class)->snapshot (widget, snapshot);

  for (int square = 0; square < MM_N_SQUARES; square++)
    gtk_widget_snapshot_child (widget, self->squares[square], snapshot);
}

static void
mm_board_view_set_flag (MmBoardView *self,
                        guint        prop_id,
                        gboolean     value)
{
  gboolean changed = FALSE;

  switch (prop_id)
    {
    case PROP_SHOW_LEGAL_MOVES:
      changed = self->show_legal_moves != !!value;
      self->show_legal_moves = !!value;
      break;
    case PROP_SHOW_LAST_MOVE:
      changed = self->show_last_move != !!value;
      self->show_last_move = !!value;
      break;
    case PROP_SHOW_COORDINATES:
      changed = self->show_coordinates != !!value;
      self->show_coordinates = !!value;
      gtk_widget_queue_allocate (GTK_WIDGET (self));
      break;
    default:
      g_assert_not_reached ();
    }

  if (changed)
    {
      g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
mm_board_view_dispose (GObject *object)
{
  MmBoardView *self = (MmBoardView *)object;

  for (int square = 0; square < MM_N_SQUARES; square++)
    g_clear_pointer (&self->squares[square], gtk_widget_unparent);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (mm_board_view_parent_class)->dispose (object);
}

static void
mm_board_view_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  MmBoardView *self = MM_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;

    case PROP_SHOW_LEGAL_MOVES:
      g_value_set_boolean (value, self->show_legal_moves);
      break;

    case PROP_SHOW_LAST_MOVE:
      g_value_set_boolean (value, self->show_last_move);
      break;

    case PROP_SHOW_COORDINATES:
      g_value_set_boolean (value, self->show_coordinates);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_board_view_set_property (GObject      *object,
                            guint         prop_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  MmBoardView *self = MM_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      mm_board_view_set_game (self, g_value_get_object (value));
      break;

    case PROP_SHOW_LEGAL_MOVES:
    case PROP_SHOW_LAST_MOVE:
    case PROP_SHOW_COORDINATES:
      mm_board_view_set_flag (self, prop_id, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_board_view_class_init (MmBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = mm_board_view_dispose;
  object_class->get_property = mm_board_view_get_property;
  object_class->set_property = mm_board_view_set_property;

  widget_class->measure = mm_board_view_measure;
  widget_class->size_allocate = mm_board_view_size_allocate;
  widget_class->snapshot = mm_board_view_snapshot;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, MM_TYPE_GAME, flags);
  properties[PROP_SHOW_LEGAL_MOVES] =
    g_param_spec_boolean ("show-legal-moves", NULL, NULL, TRUE, flags);
  properties[PROP_SHOW_LAST_MOVE] =
    g_param_spec_boolean ("show-last-move", NULL, NULL, TRUE, flags);
  properties[PROP_SHOW_COORDINATES] =
    g_param_spec_boolean ("show-coordinates", NULL, NULL, TRUE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MmBoardView::square-activated:
   * @square: 0 (a1) to 63 (h8)
   *
   * The user chose a square: a click, Enter or Space on it, its name typed,
   * or a screen reader's press.
   */
  signals[SQUARE_ACTIVATED] =
    g_signal_new ("square-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_set_css_name (widget_class, "board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
mm_board_view_init (MmBoardView *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  self->typed_column = -1;
  self->show_legal_moves = TRUE;
  self->show_last_move = TRUE;
  self->show_coordinates = TRUE;

  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self), mm_board_view_draw, NULL, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"),
                                  -1);

  for (int square = 0; square < MM_N_SQUARES; square++)
    {
      self->squares[square] = mm_square_new (square);
      gtk_widget_set_parent (self->squares[square], GTK_WIDGET (self));
      g_signal_connect_object (self->squares[square], "activate",
                               G_CALLBACK (mm_board_view_square_activate_cb), self,
                               G_CONNECT_SWAPPED);
    }

  g_signal_connect_object (keys, "key-pressed",
                           G_CALLBACK (mm_board_view_key_pressed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

GtkWidget *
mm_board_view_new (void)
{
  return g_object_new (MM_TYPE_BOARD_VIEW, NULL);
}

MmGame *
mm_board_view_get_game (MmBoardView *self)
{
  g_return_val_if_fail (MM_IS_BOARD_VIEW (self), NULL);

  return self->game;
}

void
mm_board_view_set_game (MmBoardView *self,
                        MmGame      *game)
{
  static const char * const game_signals[] = { "move-played", "passed", "position-changed" };

  g_return_if_fail (MM_IS_BOARD_VIEW (self));
  g_return_if_fail (game == NULL || MM_IS_GAME (game));

  if (self->game == game)
    return;

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      for (guint i = 0; i < G_N_ELEMENTS (game_signals); i++)
        g_signal_connect_object (game, game_signals[i],
                                 G_CALLBACK (mm_board_view_game_changed_cb), self,
                                 G_CONNECT_SWAPPED);
    }

  mm_board_view_game_changed_cb (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

/* The widget of one square, for focus and for tests that drive the board
 * the way a click does. */
GtkWidget *
mm_board_view_get_square (MmBoardView *self,
                          int          square)
{
  g_return_val_if_fail (MM_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (mm_square_is_valid (square), NULL);

  return self->squares[square];
}
