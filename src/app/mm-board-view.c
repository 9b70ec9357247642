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
 * the looks: discs with a little depth, coordinates, legal-move and
 * last-move marks, a preview of the discs a move would flip, and the
 * flips of each move turning over one after the other. */

#define G_LOG_DOMAIN "mm-board-view"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "mm-analysis.h"
#include "mm-board-view.h"
#include "mm-square.h"

/* What the board shows: the game as it stands, or a position of its own
 * (an earlier one of the game, or one being set up). */
typedef struct
{
  guint64 black;
  guint64 white;
  guint64 legal;
  MmColor side;
  int     last_move;
} Position;

typedef struct
{
  /* The board and the frame around it */
  double frame[3];
  double board_light[3];
  double board_dark[3];
  double grid[4];
  double text[3];
  /* The legal-move marks, and the outline of white discs */
  double mark_alpha;
  double outline;
} BoardStyle;

struct _MmBoardView
{
  GtkDrawingArea  parent_instance;

  /* Owned references */
  MmGame         *game;

  /* Children, indexed by square */
  GtkWidget      *squares[MM_N_SQUARES];

  Position        position;
  /* TRUE while a position other than the game's is shown */
  gboolean        frozen;

  /* A column letter typed on the keyboard, waiting for its row digit */
  int             typed_column;
  /* The square under the pointer or with the keyboard focus */
  int             hover;
  /* The move a hint advises, or MM_SQUARE_NONE */
  int             hint;

  /* Analysis mode: the scores of the moves (MmAiMove, best first) of the
   * position whose discs and side are given; shown only while that
   * position is on the board, so that scores never outlive it. */
  GArray         *analysis;
  guint64         analysis_black;
  guint64         analysis_white;
  MmColor         analysis_side;

  /* Analyse Game: a mistake made in the position given, and the better
   * move there, marked while that position is shown. */
  int             mistake;
  int             better;
  guint64         review_black;
  guint64         review_white;
  MmColor         review_side;

  /* The flips of the last move, turning over */
  guint           tick_id;
  gint64          animation_start;
  gint64          animation_now;
  gint64          flip_duration;
  guint64         animation_flips;
  int             animation_square;
  gint64          flip_delay[MM_N_SQUARES];

  char           *animation_speed;
  char           *board_style;

  guint           show_legal_moves : 1;
  /* The side to move is not the person at the board (the computer). */
  guint           input_idle : 1;
  guint           show_last_move : 1;
  guint           show_coordinates : 1;
  guint           show_flip_preview : 1;
};

G_DEFINE_FINAL_TYPE (MmBoardView, mm_board_view, GTK_TYPE_DRAWING_AREA)

enum {
  PROP_0,
  PROP_GAME,
  PROP_SHOW_LEGAL_MOVES,
  PROP_SHOW_LAST_MOVE,
  PROP_SHOW_COORDINATES,
  PROP_SHOW_FLIP_PREVIEW,
  PROP_ANIMATION_SPEED,
  PROP_BOARD_STYLE,
  N_PROPS
};

enum {
  SQUARE_ACTIVATED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static const BoardStyle classic_style = {
  .frame = { 0.24, 0.17, 0.11 },
  .board_light = { 0.16, 0.52, 0.30 },
  .board_dark = { 0.11, 0.42, 0.24 },
  .grid = { 0, 0, 0, 0.55 },
  .text = { 0.93, 0.87, 0.75 },
  .mark_alpha = 0.35,
  .outline = 0,
};

static const BoardStyle slate_style = {
  .frame = { 0.13, 0.15, 0.19 },
  .board_light = { 0.30, 0.40, 0.50 },
  .board_dark = { 0.22, 0.31, 0.40 },
  .grid = { 0.05, 0.07, 0.10, 0.6 },
  .text = { 0.82, 0.86, 0.91 },
  .mark_alpha = 0.4,
  .outline = 0,
};

/* Black on yellow with outlined discs: every part stands out from what
 * lies next to it, whatever the eyes. */
static const BoardStyle high_contrast_style = {
  .frame = { 0, 0, 0 },
  .board_light = { 0.98, 0.86, 0.13 },
  .board_dark = { 0.98, 0.86, 0.13 },
  .grid = { 0, 0, 0, 1 },
  .text = { 1, 1, 1 },
  .mark_alpha = 1,
  .outline = 0.07,
};

/* Where the board lies inside the widget. */
typedef struct
{
  double x;
  double y;
  double cell;
  double margin;
} BoardGeometry;

static inline guint64
square_bit (int square)
{
  return G_GUINT64_CONSTANT (1) << square;
}

static BoardGeometry
mm_board_view_geometry (MmBoardView *self,
                        int          width,
                        int          height)
{
  BoardGeometry geometry;
  double side = MIN (width, height);
  double margin = self->show_coordinates ? side * 0.06 : side * 0.025;

  geometry.cell = floor ((side - 2 * margin) / 8.0);
  geometry.margin = margin;
  geometry.x = floor ((width - 8 * geometry.cell) / 2.0);
  geometry.y = floor ((height - 8 * geometry.cell) / 2.0);
  return geometry;
}

/* The high-contrast theme of the desktop wins over the chosen style. */
static gboolean
mm_board_view_desktop_is_high_contrast (MmBoardView *self)
{
  g_autofree char *theme = NULL;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-theme-name", &theme, NULL);
  return theme != NULL && strstr (theme, "HighContrast") != NULL;
}

static const BoardStyle *
mm_board_view_get_style (MmBoardView *self)
{
  if (g_strcmp0 (self->board_style, "high-contrast") == 0
      || mm_board_view_desktop_is_high_contrast (self))
    return &high_contrast_style;
  if (g_strcmp0 (self->board_style, "slate") == 0)
    return &slate_style;
  return &classic_style;
}

static void
draw_background (cairo_t             *cr,
                 const BoardGeometry *g,
                 const BoardStyle    *style)
{
  double size = 8 * g->cell;
  double frame = g->margin;
  double radius = frame * 0.5;
  double x = g->x - frame, y = g->y - frame, w = size + 2 * frame;
  cairo_pattern_t *felt;

  /* A frame with rounded corners around the playing area. */
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + w - radius, y + w - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + w - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
  cairo_set_source_rgb (cr, style->frame[0], style->frame[1], style->frame[2]);
  cairo_fill (cr);

  felt = cairo_pattern_create_linear (g->x, g->y, g->x + size, g->y + size);
  cairo_pattern_add_color_stop_rgb (felt, 0, style->board_light[0], style->board_light[1],
                                    style->board_light[2]);
  cairo_pattern_add_color_stop_rgb (felt, 1, style->board_dark[0], style->board_dark[1],
                                    style->board_dark[2]);
  cairo_set_source (cr, felt);
  cairo_rectangle (cr, g->x, g->y, size, size);
  cairo_fill (cr);
  cairo_pattern_destroy (felt);

  cairo_set_source_rgba (cr, style->grid[0], style->grid[1], style->grid[2], style->grid[3]);
  cairo_set_line_width (cr, MAX (1.0, g->cell / (style->outline > 0 ? 24.0 : 40.0)));
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
                  const BoardGeometry *g,
                  const BoardStyle    *style)
{
  PangoLayout *layout;
  PangoFontDescription *font;
  int text_width, text_height;

  cairo_save (cr);
  layout = pango_cairo_create_layout (cr);
  font = pango_font_description_from_string ("Sans Bold");
  pango_font_description_set_absolute_size (font, g->margin * 0.5 * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  cairo_set_source_rgb (cr, style->text[0], style->text[1], style->text[2]);

  for (int i = 0; i < 8; i++)
    {
      char column[2] = { (char) ('a' + i), '\0' };
      char row[2] = { (char) ('1' + i), '\0' };

      pango_layout_set_text (layout, column, -1);
      pango_layout_get_pixel_size (layout, &text_width, &text_height);
      cairo_move_to (cr, g->x + (i + 0.5) * g->cell - text_width / 2.0,
                     g->y - g->margin / 2.0 - text_height / 2.0);
      pango_cairo_show_layout (cr, layout);
      cairo_move_to (cr, g->x + (i + 0.5) * g->cell - text_width / 2.0,
                     g->y + 8 * g->cell + g->margin / 2.0 - text_height / 2.0);
      pango_cairo_show_layout (cr, layout);

      pango_layout_set_text (layout, row, -1);
      pango_layout_get_pixel_size (layout, &text_width, &text_height);
      cairo_move_to (cr, g->x - g->margin / 2.0 - text_width / 2.0,
                     g->y + (i + 0.5) * g->cell - text_height / 2.0);
      pango_cairo_show_layout (cr, layout);
      cairo_move_to (cr, g->x + 8 * g->cell + g->margin / 2.0 - text_width / 2.0,
                     g->y + (i + 0.5) * g->cell - text_height / 2.0);
      pango_cairo_show_layout (cr, layout);
    }

  pango_font_description_free (font);
  g_object_unref (layout);
  cairo_restore (cr);
}

/* A disc with a soft shadow, a rim and a highlight, so that it reads as a
 * thing lying on the board rather than a flat circle.  @squash narrows
 * it for the turn of a flip; @alpha fades it for previews. */
static void
draw_disc (cairo_t          *cr,
           double            cx,
           double            cy,
           double            radius,
           MmDisc            disc,
           double            squash,
           double            alpha,
           const BoardStyle *style)
{
  cairo_pattern_t *shade;
  gboolean black = disc == MM_DISC_BLACK;

  cairo_save (cr);
  cairo_new_path (cr);
  cairo_translate (cr, cx, cy);
  cairo_scale (cr, MAX (squash, 0.02), 1.0);

  if (style->outline > 0)
    {
      /* Flat, with a strong outline, for high contrast. */
      cairo_new_path (cr);
      cairo_arc (cr, 0, 0, radius, 0, 2 * G_PI);
      if (black)
        cairo_set_source_rgba (cr, 0, 0, 0, alpha);
      else
        cairo_set_source_rgba (cr, 1, 1, 1, alpha);
      cairo_fill_preserve (cr);
      cairo_set_source_rgba (cr, 0, 0, 0, alpha);
      cairo_set_line_width (cr, radius * style->outline * 2);
      cairo_stroke (cr);
      cairo_restore (cr);
      return;
    }

  /* The shadow grows as the disc lifts during a flip. */
  cairo_set_source_rgba (cr, 0, 0, 0, 0.35 * alpha);
  cairo_arc (cr, radius * 0.07, radius * (0.10 + 0.1 * (1 - squash)), radius * 1.01, 0,
             2 * G_PI);
  cairo_fill (cr);

  /* The rim: the edge of a disc seen a little from above. */
  cairo_arc (cr, 0, radius * 0.05, radius, 0, 2 * G_PI);
  if (black)
    cairo_set_source_rgba (cr, 0.02, 0.02, 0.03, alpha);
  else
    cairo_set_source_rgba (cr, 0.62, 0.62, 0.60, alpha);
  cairo_fill (cr);

  shade = cairo_pattern_create_radial (-radius * 0.35, -radius * 0.40, radius * 0.05,
                                       0, 0, radius);
  if (black)
    {
      cairo_pattern_add_color_stop_rgba (shade, 0, 0.42, 0.42, 0.45, alpha);
      cairo_pattern_add_color_stop_rgba (shade, 0.6, 0.14, 0.14, 0.16, alpha);
      cairo_pattern_add_color_stop_rgba (shade, 1, 0.07, 0.07, 0.08, alpha);
    }
  else
    {
      cairo_pattern_add_color_stop_rgba (shade, 0, 1.0, 1.0, 1.0, alpha);
      cairo_pattern_add_color_stop_rgba (shade, 0.7, 0.93, 0.93, 0.91, alpha);
      cairo_pattern_add_color_stop_rgba (shade, 1, 0.82, 0.82, 0.80, alpha);
    }
  cairo_set_source (cr, shade);
  cairo_arc (cr, 0, -radius * 0.03, radius * 0.96, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_pattern_destroy (shade);
  cairo_restore (cr);
}

static MmDisc
position_disc (const Position *position,
               int             square)
{
  if (position->black & square_bit (square))
    return MM_DISC_BLACK;
  if (position->white & square_bit (square))
    return MM_DISC_WHITE;
  return MM_DISC_NONE;
}

/* How far the flip of @square has gone, from 0 (not started) to 1. */
static double
mm_board_view_flip_progress (MmBoardView *self,
                             int          square)
{
  double t;

  if (self->tick_id == 0 || !(self->animation_flips & square_bit (square)))
    return 1.0;

  t = (double) (self->animation_now - self->animation_start - self->flip_delay[square])
      / (double) self->flip_duration;
  return CLAMP (t, 0.0, 1.0);
}

/* The discs the move on @square would flip, when a preview is due. */
static guint64
mm_board_view_preview_flips (MmBoardView *self)
{
  if (!self->show_flip_preview || self->input_idle || self->frozen || self->game == NULL
      || self->tick_id != 0
      || self->hover < 0 || !(self->position.legal & square_bit (self->hover))
      || !gtk_widget_is_sensitive (GTK_WIDGET (self)))
    return 0;

  return mm_game_get_flips (self->game, self->hover);
}

/* The analysed move on @square, if the analysis is about the position
 * shown and has scored that square. */
static const MmAiMove *
mm_board_view_scored_move (MmBoardView *self,
                           int          square)
{
  const Position *position = &self->position;

  if (self->analysis == NULL || self->analysis_black != position->black
      || self->analysis_white != position->white || self->analysis_side != position->side
      || position_disc (position, square) != MM_DISC_NONE)
    return NULL;

  for (guint i = 0; i < self->analysis->len; i++)
    {
      const MmAiMove *move = &g_array_index (self->analysis, MmAiMove, i);

      if (move->square == square && move->depth > 0)
        return move;
    }
  return NULL;
}

/* Whether @move is as good as the best one (ties are all best). */
static gboolean
mm_board_view_is_best (MmBoardView    *self,
                       const MmAiMove *move)
{
  return move->score >= g_array_index (self->analysis, MmAiMove, 0).score;
}

/* A rounded rectangle, the shape of the score labels. */
static void
rounded_rectangle (cairo_t *cr,
                   double   x,
                   double   y,
                   double   width,
                   double   height,
                   double   radius)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + width - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + width - radius, y + height - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + height - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* The score of each analysed move on its square, as a label: light
 * figures on a dark plate, which read on every board colour and over a
 * flip preview; the best move's plate is gold (blue on the high-contrast
 * board, with a white rim), so it stands out at a glance. */
static void
draw_scores (MmBoardView         *self,
             cairo_t             *cr,
             const BoardGeometry *g,
             const BoardStyle    *style)
{
  PangoLayout *layout;
  PangoFontDescription *font;

  cairo_save (cr);
  layout = pango_cairo_create_layout (cr);
  font = pango_font_description_from_string ("Sans Bold");
  /* A small board gets relatively larger figures, so that they stay
   * readable; the plates then fill more of the square. */
  pango_font_description_set_absolute_size (font, MAX (g->cell * 0.24, MIN (g->cell * 0.3, 9.5))
                                                  * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);

  for (int square = 0; square < MM_N_SQUARES; square++)
    {
      const MmAiMove *move = mm_board_view_scored_move (self, square);
      g_autofree char *text = NULL;
      double cx, cy, width, height;
      int text_width, text_height;
      gboolean best;

      if (move == NULL)
        continue;

      best = mm_board_view_is_best (self, move);
      text = mm_ai_format_score (move->score, move->exact);
      pango_layout_set_text (layout, text, -1);
      pango_layout_get_pixel_size (layout, &text_width, &text_height);
      cx = g->x + (mm_square_column (square) + 0.5) * g->cell;
      cy = g->y + (mm_square_row (square) + 0.5) * g->cell;
      width = MIN (text_width + g->cell * 0.16, g->cell * 0.96);
      height = text_height + g->cell * 0.06;

      rounded_rectangle (cr, cx - width / 2, cy - height / 2, width, height, height * 0.3);
      if (best && style->outline > 0)
        cairo_set_source_rgb (cr, 0.0, 0.0, 0.85);
      else if (best)
        cairo_set_source_rgb (cr, 0.99, 0.80, 0.18);
      else
        cairo_set_source_rgba (cr, 0.0, 0.0, 0.0, style->outline > 0 ? 1.0 : 0.62);
      cairo_fill_preserve (cr);
      if (style->outline > 0)
        {
          cairo_set_source_rgb (cr, 1, 1, 1);
          cairo_set_line_width (cr, best ? g->cell * 0.04 : g->cell * 0.015);
          cairo_stroke (cr);
        }
      else
        cairo_new_path (cr);

      if (best && style->outline == 0)
        cairo_set_source_rgb (cr, 0.1, 0.08, 0.0);
      else
        cairo_set_source_rgb (cr, 1, 1, 1);
      cairo_move_to (cr, cx - text_width / 2.0, cy - text_height / 2.0);
      pango_cairo_show_layout (cr, layout);
    }

  pango_font_description_free (font);
  g_object_unref (layout);
  cairo_restore (cr);
}

/* The square of the review's marks @square holds: 1 the mistake, 2 the
 * better move, 0 none (or another position on the board). */
static int
mm_board_view_review_mark (MmBoardView *self,
                           int          square)
{
  const Position *position = &self->position;

  if (self->review_black != position->black || self->review_white != position->white
      || self->review_side != position->side)
    return 0;
  if (square == self->mistake)
    return 1;
  if (square == self->better)
    return 2;
  return 0;
}

/* A frame around the square of the mistake (red, with a cross in its
 * corner) and of the better move (gold, as a hint's): told apart by
 * their shapes as well as their colours. */
static void
draw_review_marks (MmBoardView         *self,
                   cairo_t             *cr,
                   const BoardGeometry *g,
                   const BoardStyle    *style)
{
  for (int square = 0; square < MM_N_SQUARES; square++)
    {
      int mark = mm_board_view_review_mark (self, square);
      double x = g->x + mm_square_column (square) * g->cell;
      double y = g->y + mm_square_row (square) * g->cell;
      double inset = g->cell * 0.06, arm = g->cell * 0.16;

      if (mark == 0)
        continue;

      cairo_set_line_width (cr, g->cell * 0.07);
      if (mark == 1)
        cairo_set_source_rgb (cr, 0.88, 0.11, 0.14);
      else if (style->outline > 0)
        cairo_set_source_rgb (cr, 0.0, 0.0, 1.0);
      else
        cairo_set_source_rgb (cr, 0.99, 0.80, 0.18);
      cairo_rectangle (cr, x + inset, y + inset, g->cell - 2 * inset, g->cell - 2 * inset);
      cairo_stroke (cr);

      if (mark == 1)
        {
          cairo_set_line_width (cr, g->cell * 0.05);
          cairo_move_to (cr, x + 2 * inset, y + 2 * inset);
          cairo_line_to (cr, x + 2 * inset + arm, y + 2 * inset + arm);
          cairo_move_to (cr, x + 2 * inset + arm, y + 2 * inset);
          cairo_line_to (cr, x + 2 * inset, y + 2 * inset + arm);
          cairo_stroke (cr);
        }
    }
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
  const BoardStyle *style = mm_board_view_get_style (self);
  const Position *position = &self->position;
  guint64 preview = mm_board_view_preview_flips (self);
  MmDisc mover = mm_disc_of_color (position->side);
  double radius = g.cell * 0.41;

  draw_background (cr, &g, style);
  if (self->show_coordinates)
    draw_coordinates (cr, &g, style);

  for (int square = 0; square < MM_N_SQUARES; square++)
    {
      double cx = g.x + (mm_square_column (square) + 0.5) * g.cell;
      double cy = g.y + (mm_square_row (square) + 0.5) * g.cell;
      MmDisc disc = position_disc (position, square);

      if (disc != MM_DISC_NONE)
        {
          double t = mm_board_view_flip_progress (self, square);
          MmDisc shown = disc;
          double squash = 1.0;

          if (t < 1.0)
            {
              /* The disc turns about its vertical axis and shows its
               * other face from half-way. */
              squash = fabs (cos (G_PI * t));
              if (t < 0.5)
                shown = disc == MM_DISC_BLACK ? MM_DISC_WHITE : MM_DISC_BLACK;
            }
          else if (square == self->animation_square && self->tick_id != 0)
            {
              double drop = (double) (self->animation_now - self->animation_start)
                            / (double) self->flip_duration;

              /* The placed disc lands. */
              squash = 1.0;
              radius = g.cell * 0.41 * (1.0 + 0.12 * (1.0 - CLAMP (drop, 0.0, 1.0)));
            }

          draw_disc (cr, cx, cy, radius, shown, squash, 1.0, style);
          radius = g.cell * 0.41;

          if (preview & square_bit (square))
            draw_disc (cr, cx, cy, g.cell * 0.2, mover, 1.0, 0.85, style);

          if (self->show_last_move && square == position->last_move)
            {
              if (style->outline > 0)
                cairo_set_source_rgb (cr, disc == MM_DISC_BLACK ? 1 : 0, 0,
                                      disc == MM_DISC_BLACK ? 0 : 1);
              else
                cairo_set_source_rgb (cr, 0.90, 0.22, 0.21);
              cairo_arc (cr, cx, cy, g.cell * 0.085, 0, 2 * G_PI);
              cairo_fill (cr);
            }
        }
      else if (square == self->hover && preview != 0)
        {
          draw_disc (cr, cx, cy, radius, mover, 1.0, 0.5, style);
        }
      else if (self->show_legal_moves && !self->input_idle && (position->legal & square_bit (square))
               && mm_board_view_scored_move (self, square) == NULL)
        {
          double shade = position->side == MM_COLOR_BLACK ? 0.0 : 1.0;

          if (style->outline > 0)
            {
              cairo_set_source_rgb (cr, 0, 0, 0);
              cairo_set_line_width (cr, g.cell * 0.05);
              cairo_new_path (cr);
              cairo_arc (cr, cx, cy, g.cell * 0.14, 0, 2 * G_PI);
              cairo_stroke (cr);
            }
          else
            {
              cairo_set_source_rgba (cr, shade, shade, shade, style->mark_alpha);
              cairo_arc (cr, cx, cy, g.cell * 0.12, 0, 2 * G_PI);
              cairo_fill (cr);
            }
        }
    }

  /* The hint: a ring of the mover's colour in a bright frame. */
  if (self->hint >= 0 && self->hint < MM_N_SQUARES && !self->frozen)
    {
      double x = g.x + mm_square_column (self->hint) * g.cell;
      double y = g.y + mm_square_row (self->hint) * g.cell;
      double shade = position->side == MM_COLOR_BLACK ? 0.0 : 1.0;

      cairo_set_line_width (cr, g.cell * 0.08);
      if (style->outline > 0)
        cairo_set_source_rgb (cr, 0.0, 0.0, 1.0);
      else
        cairo_set_source_rgb (cr, 0.99, 0.80, 0.18);
      cairo_rectangle (cr, x + g.cell * 0.06, y + g.cell * 0.06, g.cell * 0.88, g.cell * 0.88);
      cairo_stroke (cr);
      cairo_set_source_rgb (cr, shade, shade, shade);
      cairo_set_line_width (cr, g.cell * 0.05);
      cairo_new_path (cr);
      cairo_arc (cr, x + g.cell * 0.5, y + g.cell * 0.5, g.cell * 0.3, 0, 2 * G_PI);
      cairo_stroke (cr);
    }

  draw_review_marks (self, cr, &g, style);
  /* Over everything, so that no mark hides a figure. */
  draw_scores (self, cr, &g, style);
}

static char *
square_description (const Position *position,
                    int             square)
{
  char name[3];

  mm_square_format (square, name);
  name[0] = g_ascii_toupper (name[0]);

  switch (position_disc (position, square))
    {
    case MM_DISC_BLACK:
      /* Translators: a square of the board as a screen reader says it; %s is its name, as D3 */
      return g_strdup_printf (_("%s, black"), name);
    case MM_DISC_WHITE:
      /* Translators: a square of the board as a screen reader says it; %s is its name, as D3 */
      return g_strdup_printf (_("%s, white"), name);
    case MM_DISC_NONE:
    default:
      if (position->legal & square_bit (square))
        /* Translators: a square of the board as a screen reader says it; %s is its name, as D3 */
        return g_strdup_printf (_("%s, empty, legal move"), name);
      /* Translators: a square of the board as a screen reader says it; %s is its name, as D3 */
      return g_strdup_printf (_("%s, empty"), name);
    }
}

/* Adds the analysis' score of @square, if it has one, to what a screen
 * reader says after the square's name. */
static void
mm_board_view_describe_score (MmBoardView  *self,
                              int           square,
                              char        **description)
{
  const MmAiMove *move = mm_board_view_scored_move (self, square);
  g_autofree char *score = NULL;
  g_autofree char *said = NULL;
  char *joined;

  if (move == NULL)
    return;

  score = mm_ai_format_score (move->score, move->exact);
  if (move->exact)
    /* Translators: said by a screen reader on a square in analysis mode;
     * %s is the final disc difference under perfect play, as +4 */
    said = g_strdup_printf (_("Exact score %s"), score);
  else
    /* Translators: said by a screen reader on a square in analysis mode;
     * %s is the estimated disc difference, as +3.5 */
    said = g_strdup_printf (_("Score %s"), score);
  if (mm_board_view_is_best (self, move))
    {
      /* Translators: said by a screen reader on the best square in
       * analysis mode, after its score: “Score +3.5, best move” */
      joined = g_strdup_printf (_("%s, best move"), said);
      g_free (said);
      said = joined;
    }

  if (*description == NULL)
    {
      *description = g_steal_pointer (&said);
      return;
    }
  /* Translators: two things a screen reader says about a square, as
   * “Flips 2 discs. Score +3.5” */
  joined = g_strdup_printf (_("%s. %s"), *description, said);
  g_free (*description);
  *description = joined;
}

/* Adds what the review says of @square, if anything, to what a screen
 * reader says after the square's name. */
static void
mm_board_view_describe_review_mark (MmBoardView  *self,
                                    int           square,
                                    char        **description)
{
  int mark = mm_board_view_review_mark (self, square);
  const char *said;
  char *joined;

  if (mark == 0)
    return;

  said = mark == 1
         /* Translators: said by a screen reader on the square of a mistake
          * that Analyse Game found, in the position where it was made */
         ? _("The mistake played here")
         /* Translators: said by a screen reader on the square of the better
          * move that Analyse Game found, in the position of a mistake */
         : _("The better move");
  if (*description == NULL)
    {
      *description = g_strdup (said);
      return;
    }
  joined = g_strdup_printf (_("%s. %s"), *description, said);
  g_free (*description);
  *description = joined;
}

/* Brings the squares' names, states and pointers in line with what the
 * board shows. */
static void
mm_board_view_update_squares (MmBoardView *self)
{
  for (int square = 0; square < MM_N_SQUARES; square++)
    {
      g_autofree char *label = NULL;
      g_autofree char *description = NULL;
      gboolean is_legal = (self->position.legal & square_bit (square)) != 0;

      label = square_description (&self->position, square);
      if (is_legal && self->game != NULL && !self->frozen)
        {
          guint n_flips = mm_popcount (mm_game_get_flips (self->game, square));

          /* Translators: said by a screen reader after the name of a legal square */
          description = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Flips %u disc",
                                                      "Flips %u discs", n_flips),
                                         n_flips);
        }
      else if (square == self->position.last_move)
        /* Translators: said by a screen reader after the name of a square */
        description = g_strdup (_("Last move"));
      mm_board_view_describe_score (self, square, &description);
      mm_board_view_describe_review_mark (self, square, &description);

      gtk_accessible_update_property (GTK_ACCESSIBLE (self->squares[square]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                      description != NULL ? description : "",
                                      -1);
      gtk_widget_set_cursor_from_name (self->squares[square], is_legal ? "pointer" : NULL);
      if (is_legal)
        gtk_widget_add_css_class (self->squares[square], "legal");
      else
        gtk_widget_remove_css_class (self->squares[square], "legal");
    }
}

static void
mm_board_view_read_game (MmBoardView *self)
{
  MmBoard board;
  Position *position = &self->position;

  if (self->frozen)
    return;

  if (self->game == NULL)
    {
      *position = (Position) { .side = MM_COLOR_BLACK, .last_move = MM_SQUARE_NONE };
      return;
    }

  board = mm_game_get_board (self->game);
  position->side = mm_game_get_side_to_move (self->game);
  position->black = position->side == MM_COLOR_BLACK ? board.player : board.opponent;
  position->white = position->side == MM_COLOR_BLACK ? board.opponent : board.player;
  position->legal = mm_game_is_over (self->game) ? 0 : mm_game_get_legal_moves (self->game);
  position->last_move = mm_game_get_last_move (self->game);
}

static void
mm_board_view_stop_animation (MmBoardView *self)
{
  if (self->tick_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  self->animation_flips = 0;
  self->animation_square = MM_SQUARE_NONE;
}

static void
mm_board_view_refresh (MmBoardView *self)
{
  mm_board_view_read_game (self);
  mm_board_view_update_squares (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
mm_board_view_game_changed_cb (MmBoardView *self)
{
  g_assert (MM_IS_BOARD_VIEW (self));

  /* A jump (undo, a new game) shows the new position at once. */
  mm_board_view_stop_animation (self);
  mm_board_view_refresh (self);
}

static gboolean
mm_board_view_tick_cb (GtkWidget     *widget,
                       GdkFrameClock *frame_clock,
                       gpointer       user_data)
{
  MmBoardView *self = MM_BOARD_VIEW (widget);
  gint64 last_delay = 0;

  self->animation_now = gdk_frame_clock_get_frame_time (frame_clock);
  if (self->animation_start == 0)
    self->animation_start = self->animation_now;

  for (int square = 0; square < MM_N_SQUARES; square++)
    if (self->animation_flips & square_bit (square))
      last_delay = MAX (last_delay, self->flip_delay[square]);

  gtk_widget_queue_draw (widget);
  if (self->animation_now - self->animation_start < last_delay + self->flip_duration)
    return G_SOURCE_CONTINUE;

  self->tick_id = 0;
  self->animation_flips = 0;
  self->animation_square = MM_SQUARE_NONE;
  return G_SOURCE_REMOVE;
}

/* How long one disc takes to turn over, and how long the next one in
 * line waits, for the chosen speed; 0 when animations are off. */
static gint64
mm_board_view_flip_time (MmBoardView *self,
                         gint64      *stagger)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)),
                "gtk-enable-animations", &enabled, NULL);
  if (!enabled || g_strcmp0 (self->animation_speed, "off") == 0
      || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return 0;

  if (g_strcmp0 (self->animation_speed, "slow") == 0)
    {
      *stagger = 110 * G_TIME_SPAN_MILLISECOND;
      return 480 * G_TIME_SPAN_MILLISECOND;
    }
  if (g_strcmp0 (self->animation_speed, "fast") == 0)
    {
      *stagger = 35 * G_TIME_SPAN_MILLISECOND;
      return 160 * G_TIME_SPAN_MILLISECOND;
    }
  *stagger = 65 * G_TIME_SPAN_MILLISECOND;
  return 300 * G_TIME_SPAN_MILLISECOND;
}

static void
mm_board_view_move_played_cb (MmBoardView *self,
                              MmColor      color,
                              int          square,
                              guint64      flips)
{
  gint64 stagger = 0;
  gint64 duration;

  g_assert (MM_IS_BOARD_VIEW (self));

  mm_board_view_stop_animation (self);
  mm_board_view_refresh (self);
  if (self->frozen)
    return;

  duration = mm_board_view_flip_time (self, &stagger);
  if (duration == 0 || flips == 0)
    return;

  /* The discs turn in the order of their distance from the new disc,
   * as a wave running along each line. */
  for (guint64 rest = flips; rest != 0; rest = mm_without_first (rest))
    {
      int flipped = mm_first_square (rest);
      int distance = MAX (ABS (mm_square_column (flipped) - mm_square_column (square)),
                          ABS (mm_square_row (flipped) - mm_square_row (square)));

      self->flip_delay[flipped] = (distance - 1) * stagger;
    }
  self->animation_flips = flips;
  self->animation_square = square;
  self->flip_duration = duration;
  self->animation_start = 0;
  self->animation_now = 0;
  self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), mm_board_view_tick_cb,
                                                NULL, NULL);
}

static void
mm_board_view_square_activate_cb (MmBoardView *self,
                                  MmSquare    *square)
{
  g_assert (MM_IS_BOARD_VIEW (self));

  g_signal_emit (self, signals[SQUARE_ACTIVATED], 0, mm_square_get_index (square));
}

/* The keyboard focus shows the preview of its square, as the pointer does. */
static void
mm_board_view_square_focus_cb (MmBoardView *self,
                               GParamSpec  *pspec,
                               GtkWidget   *square)
{
  if (gtk_widget_has_focus (square))
    mm_board_view_set_hover (self, mm_square_get_index (MM_SQUARE (square)));
}

static int
mm_board_view_square_at (MmBoardView *self,
                         double       x,
                         double       y)
{
  BoardGeometry g = mm_board_view_geometry (self,
                                            gtk_widget_get_width (GTK_WIDGET (self)),
                                            gtk_widget_get_height (GTK_WIDGET (self)));
  int column = (int) floor ((x - g.x) / g.cell);
  int row = (int) floor ((y - g.y) / g.cell);

  if (column < 0 || column > 7 || row < 0 || row > 7)
    return MM_SQUARE_NONE;
  return mm_square_at (column, row);
}

static void
mm_board_view_motion_cb (MmBoardView              *self,
                         double                    x,
                         double                    y,
                         GtkEventControllerMotion *motion)
{
  mm_board_view_set_hover (self, mm_board_view_square_at (self, x, y));
}

static void
mm_board_view_leave_cb (MmBoardView              *self,
                        GtkEventControllerMotion *motion)
{
  mm_board_view_set_hover (self, MM_SQUARE_NONE);
}

/* Typing a square's name ("d3") plays it: a column letter, then a row. */
/* The square-name character (a-h, 1-8) a key gives: its own, or, on a
 * layout without Latin letters (Greek: the D key gives δ), the one it
 * gives in the keyboard's Latin layout, as GTK's shortcuts do. */
static guint32
mm_board_view_square_character (MmBoardView *self,
                                guint        keyval,
                                guint        keycode)
{
  guint32 character = gdk_keyval_to_unicode (gdk_keyval_to_lower (keyval));
  g_autofree GdkKeymapKey *keys = NULL;
  g_autofree guint *keyvals = NULL;
  int n_entries = 0;

  if ((character >= 'a' && character <= 'h') || (character >= '1' && character <= '8'))
    return character;

  if (!gdk_display_map_keycode (gtk_widget_get_display (GTK_WIDGET (self)), keycode,
                                &keys, &keyvals, &n_entries))
    return character;
  for (int i = 0; i < n_entries; i++)
    {
      guint32 latin = gdk_keyval_to_unicode (gdk_keyval_to_lower (keyvals[i]));

      if (keys[i].level == 0 && latin >= 'a' && latin <= 'h')
        return latin;
    }
  return character;
}

static gboolean
mm_board_view_key_pressed_cb (MmBoardView           *self,
                              guint                  keyval,
                              guint                  keycode,
                              GdkModifierType        state,
                              GtkEventControllerKey *controller)
{
  guint32 character = mm_board_view_square_character (self, keyval, keycode);
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
mm_board_view_settings_changed_cb (MmBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
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
  *minimum = 220;
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
        .x = (int) (g.x + mm_square_column (square) * g.cell),
        .y = (int) (g.y + mm_square_row (square) * g.cell),
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
mm_board_view_root (GtkWidget *widget)
{
  GtkSettings *settings;

  GTK_WIDGET_CLASS (mm_board_view_parent_class)->root (widget);

  settings = gtk_widget_get_settings (widget);
  g_signal_connect_object (settings, "notify::gtk-theme-name",
                           G_CALLBACK (mm_board_view_settings_changed_cb), widget,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (settings, "notify::gtk-application-prefer-dark-theme",
                           G_CALLBACK (mm_board_view_settings_changed_cb), widget,
                           G_CONNECT_SWAPPED);
}

static void
mm_board_view_unmap (GtkWidget *widget)
{
  mm_board_view_stop_animation (MM_BOARD_VIEW (widget));

  GTK_WIDGET_CLASS (mm_board_view_parent_class)->unmap (widget);
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
    case PROP_SHOW_FLIP_PREVIEW:
      changed = self->show_flip_preview != !!value;
      self->show_flip_preview = !!value;
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
mm_board_view_set_string (MmBoardView  *self,
                          char        **field,
                          guint         prop_id,
                          const char   *value)
{
  if (g_strcmp0 (*field, value) != 0)
    {
      g_free (*field);
      *field = g_strdup (value);
      g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
mm_board_view_dispose (GObject *object)
{
  MmBoardView *self = (MmBoardView *)object;

  mm_board_view_stop_animation (self);
  for (int square = 0; square < MM_N_SQUARES; square++)
    g_clear_pointer (&self->squares[square], gtk_widget_unparent);
  g_clear_object (&self->game);
  g_clear_pointer (&self->analysis, g_array_unref);

  G_OBJECT_CLASS (mm_board_view_parent_class)->dispose (object);
}

static void
mm_board_view_finalize (GObject *object)
{
  MmBoardView *self = (MmBoardView *)object;

  g_clear_pointer (&self->animation_speed, g_free);
  g_clear_pointer (&self->board_style, g_free);

  G_OBJECT_CLASS (mm_board_view_parent_class)->finalize (object);
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

    case PROP_SHOW_FLIP_PREVIEW:
      g_value_set_boolean (value, self->show_flip_preview);
      break;

    case PROP_ANIMATION_SPEED:
      g_value_set_string (value, self->animation_speed);
      break;

    case PROP_BOARD_STYLE:
      g_value_set_string (value, self->board_style);
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
    case PROP_SHOW_FLIP_PREVIEW:
      mm_board_view_set_flag (self, prop_id, g_value_get_boolean (value));
      break;

    case PROP_ANIMATION_SPEED:
      mm_board_view_set_string (self, &self->animation_speed, prop_id,
                                g_value_get_string (value));
      break;

    case PROP_BOARD_STYLE:
      mm_board_view_set_string (self, &self->board_style, prop_id, g_value_get_string (value));
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
  object_class->finalize = mm_board_view_finalize;
  object_class->get_property = mm_board_view_get_property;
  object_class->set_property = mm_board_view_set_property;

  widget_class->measure = mm_board_view_measure;
  widget_class->size_allocate = mm_board_view_size_allocate;
  widget_class->snapshot = mm_board_view_snapshot;
  widget_class->root = mm_board_view_root;
  widget_class->unmap = mm_board_view_unmap;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, MM_TYPE_GAME, flags);
  properties[PROP_SHOW_LEGAL_MOVES] =
    g_param_spec_boolean ("show-legal-moves", NULL, NULL, TRUE, flags);
  properties[PROP_SHOW_LAST_MOVE] =
    g_param_spec_boolean ("show-last-move", NULL, NULL, TRUE, flags);
  properties[PROP_SHOW_COORDINATES] =
    g_param_spec_boolean ("show-coordinates", NULL, NULL, TRUE, flags);
  properties[PROP_SHOW_FLIP_PREVIEW] =
    g_param_spec_boolean ("show-flip-preview", NULL, NULL, TRUE, flags);
  /* "off", "slow", "normal" or "fast" */
  properties[PROP_ANIMATION_SPEED] =
    g_param_spec_string ("animation-speed", NULL, NULL, "normal", flags);
  /* "classic", "slate" or "high-contrast" */
  properties[PROP_BOARD_STYLE] =
    g_param_spec_string ("board-style", NULL, NULL, "classic", flags);
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
  GtkEventController *motion = gtk_event_controller_motion_new ();

  self->typed_column = -1;
  self->hover = MM_SQUARE_NONE;
  self->hint = MM_SQUARE_NONE;
  self->mistake = MM_SQUARE_NONE;
  self->better = MM_SQUARE_NONE;
  self->animation_square = MM_SQUARE_NONE;
  self->show_legal_moves = TRUE;
  self->show_last_move = TRUE;
  self->show_coordinates = TRUE;
  self->show_flip_preview = TRUE;
  self->animation_speed = g_strdup ("normal");
  self->board_style = g_strdup ("classic");
  self->position.last_move = MM_SQUARE_NONE;

  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (self), mm_board_view_draw, NULL, NULL);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  /* Translators: the accessible name of the board */
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"),
                                  -1);

  for (int square = 0; square < MM_N_SQUARES; square++)
    {
      self->squares[square] = mm_square_new (square);
      gtk_widget_set_parent (self->squares[square], GTK_WIDGET (self));
      g_signal_connect_object (self->squares[square], "activate",
                               G_CALLBACK (mm_board_view_square_activate_cb), self,
                               G_CONNECT_SWAPPED);
      g_signal_connect_object (self->squares[square], "notify::has-focus",
                               G_CALLBACK (mm_board_view_square_focus_cb), self,
                               G_CONNECT_SWAPPED);
    }

  g_signal_connect_object (keys, "key-pressed",
                           G_CALLBACK (mm_board_view_key_pressed_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  g_signal_connect_object (motion, "motion", G_CALLBACK (mm_board_view_motion_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (motion, "leave", G_CALLBACK (mm_board_view_leave_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  mm_board_view_update_squares (self);
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
  g_return_if_fail (MM_IS_BOARD_VIEW (self));
  g_return_if_fail (game == NULL || MM_IS_GAME (game));

  if (self->game == game)
    return;

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_set_object (&self->game, game);
  if (game != NULL)
    {
      g_signal_connect_object (game, "move-played",
                               G_CALLBACK (mm_board_view_move_played_cb), self,
                               G_CONNECT_SWAPPED);
      /* After a pass or the end only the marks change: the flips of the
       * move before go on turning. */
      g_signal_connect_object (game, "passed",
                               G_CALLBACK (mm_board_view_refresh), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "game-over",
                               G_CALLBACK (mm_board_view_refresh), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (game, "position-changed",
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

/**
 * mm_board_view_show_position:
 * @last_move: the square to mark, or %MM_SQUARE_NONE
 *
 * Shows a position other than the game's (an earlier one, or one being
 * set up), without legal moves, until mm_board_view_show_game().
 */
void
mm_board_view_show_position (MmBoardView *self,
                             guint64      black,
                             guint64      white,
                             MmColor      side_to_move,
                             int          last_move)
{
  g_return_if_fail (MM_IS_BOARD_VIEW (self));
  g_return_if_fail ((black & white) == 0);

  mm_board_view_stop_animation (self);
  self->frozen = TRUE;
  self->position = (Position) {
    .black = black,
    .white = white,
    .legal = 0,
    .side = side_to_move,
    .last_move = last_move,
  };
  mm_board_view_refresh (self);
}

/* Back to the game as it stands. */
void
mm_board_view_show_game (MmBoardView *self)
{
  g_return_if_fail (MM_IS_BOARD_VIEW (self));

  if (!self->frozen)
    return;

  self->frozen = FALSE;
  mm_board_view_refresh (self);
}

gboolean
mm_board_view_is_frozen (MmBoardView *self)
{
  g_return_val_if_fail (MM_IS_BOARD_VIEW (self), FALSE);

  return self->frozen;
}

gboolean
mm_board_view_is_animating (MmBoardView *self)
{
  g_return_val_if_fail (MM_IS_BOARD_VIEW (self), FALSE);

  return self->tick_id != 0;
}

/* The square a hint advises, or %MM_SQUARE_NONE. */
int
mm_board_view_get_hint (MmBoardView *self)
{
  g_return_val_if_fail (MM_IS_BOARD_VIEW (self), MM_SQUARE_NONE);

  return self->hint;
}

/* While the computer is to move, the moves it could play are not the
 * person's: no legal-move marks and no flip preview.  The squares still
 * say which moves are legal to a screen reader. */
void
mm_board_view_set_input_idle (MmBoardView *self,
                              gboolean     idle)
{
  g_return_if_fail (MM_IS_BOARD_VIEW (self));

  if (self->input_idle == !!idle)
    return;
  self->input_idle = !!idle;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
mm_board_view_get_input_idle (MmBoardView *self)
{
  g_return_val_if_fail (MM_IS_BOARD_VIEW (self), FALSE);

  return self->input_idle;
}

/* Marks @square as the move a hint advises (%MM_SQUARE_NONE for none);
 * the square's widget gets the style class "hint". */
void
mm_board_view_set_hint (MmBoardView *self,
                        int          square)
{
  g_return_if_fail (MM_IS_BOARD_VIEW (self));

  if (self->hint == square)
    return;

  if (self->hint >= 0 && self->hint < MM_N_SQUARES)
    gtk_widget_remove_css_class (self->squares[self->hint], "hint");
  self->hint = square;
  if (square >= 0 && square < MM_N_SQUARES)
    gtk_widget_add_css_class (self->squares[square], "hint");
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
mm_board_view_get_hover (MmBoardView *self)
{
  g_return_val_if_fail (MM_IS_BOARD_VIEW (self), MM_SQUARE_NONE);

  return self->hover;
}

/* The square whose flips the preview shows (the pointer's or the focus'),
 * or %MM_SQUARE_NONE. */
void
mm_board_view_set_hover (MmBoardView *self,
                         int          square)
{
  g_return_if_fail (MM_IS_BOARD_VIEW (self));

  if (self->hover == square)
    return;

  self->hover = square;
  if (self->show_flip_preview)
    gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * mm_board_view_set_analysis:
 * @black: the black discs of the position analysed
 * @white: its white discs
 * @side: its side to move
 * @moves: (nullable) (element-type MmAiMove): the scored moves, best
 *   first; %NULL for none
 *
 * Shows the score of each move of @moves on its square (analysis mode)
 * while the position on the board is the one analysed; the best move is
 * highlighted, and the squares' accessible descriptions say the scores.
 */
void
mm_board_view_set_analysis (MmBoardView *self,
                            guint64      black,
                            guint64      white,
                            MmColor      side,
                            GArray      *moves)
{
  g_return_if_fail (MM_IS_BOARD_VIEW (self));

  if (moves == NULL && self->analysis == NULL)
    return;

  g_clear_pointer (&self->analysis, g_array_unref);
  if (moves != NULL && moves->len > 0)
    self->analysis = g_array_copy (moves);
  self->analysis_black = black;
  self->analysis_white = white;
  self->analysis_side = side;
  mm_board_view_update_squares (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/**
 * mm_board_view_get_score_text:
 *
 * Returns: (transfer full) (nullable): the score shown on @square in
 *   analysis mode, or %NULL when it shows none
 */
char *
mm_board_view_get_score_text (MmBoardView *self,
                              int          square)
{
  const MmAiMove *move;

  g_return_val_if_fail (MM_IS_BOARD_VIEW (self), NULL);
  g_return_val_if_fail (mm_square_is_valid (square), NULL);

  move = mm_board_view_scored_move (self, square);
  return move != NULL ? mm_ai_format_score (move->score, move->exact) : NULL;
}

/* Whether @square shows the best score of the analysis. */
gboolean
mm_board_view_is_best_score (MmBoardView *self,
                             int          square)
{
  const MmAiMove *move;

  g_return_val_if_fail (MM_IS_BOARD_VIEW (self), FALSE);
  g_return_val_if_fail (mm_square_is_valid (square), FALSE);

  move = mm_board_view_scored_move (self, square);
  return move != NULL && mm_board_view_is_best (self, move);
}

/**
 * mm_board_view_set_review_marks:
 * @black: the black discs of the position where the mistake was made
 * @white: its white discs
 * @side: its side to move
 * @mistake: the square played, or %MM_SQUARE_NONE for no marks
 * @better: the better square, or %MM_SQUARE_NONE
 *
 * Marks a mistake found by Analyse Game and the better move, while the
 * position where it was made is shown.
 */
void
mm_board_view_set_review_marks (MmBoardView *self,
                                guint64      black,
                                guint64      white,
                                MmColor      side,
                                int          mistake,
                                int          better)
{
  g_return_if_fail (MM_IS_BOARD_VIEW (self));

  if (self->mistake == mistake && self->better == better && self->review_black == black
      && self->review_white == white && self->review_side == side)
    return;

  self->mistake = mistake;
  self->better = better;
  self->review_black = black;
  self->review_white = white;
  self->review_side = side;
  mm_board_view_update_squares (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The square marked as a mistake (1), as the better move (2), or
 * neither (0), in the position shown. */
int
mm_board_view_get_review_mark (MmBoardView *self,
                               int          square)
{
  g_return_val_if_fail (MM_IS_BOARD_VIEW (self), 0);
  g_return_val_if_fail (mm_square_is_valid (square), 0);

  return mm_board_view_review_mark (self, square);
}
