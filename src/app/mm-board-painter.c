/* mm-board-painter.c
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

/* The looks of the board, painted with cairo from an MmBoardScene: the
 * felt and its frame, coordinates, discs with a little depth, the marks
 * of legal moves, of the last move, of a hint, of a review and of the
 * keyboard focus, the preview of a move's flips, the scores of an
 * analysis, and the discs of a move turning over.  What to show is the
 * view's business; this file only knows how it looks. */

#define G_LOG_DOMAIN "mm-board-painter"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "mm-board-painter.h"

struct _MmBoardStyle
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
  /* The keyboard focus: a ring with a halo that sets it off the board */
  double focus[3];
  double focus_halo[4];
};

static const MmBoardStyle classic_style = {
  .frame = { 0.24, 0.17, 0.11 },
  .board_light = { 0.16, 0.52, 0.30 },
  .board_dark = { 0.11, 0.42, 0.24 },
  .grid = { 0, 0, 0, 0.55 },
  .text = { 0.93, 0.87, 0.75 },
  .mark_alpha = 0.35,
  .outline = 0,
  .focus = { 1, 1, 1 },
  .focus_halo = { 0, 0, 0, 0.6 },
};

static const MmBoardStyle slate_style = {
  .frame = { 0.13, 0.15, 0.19 },
  .board_light = { 0.30, 0.40, 0.50 },
  .board_dark = { 0.22, 0.31, 0.40 },
  .grid = { 0.05, 0.07, 0.10, 0.6 },
  .text = { 0.82, 0.86, 0.91 },
  .mark_alpha = 0.4,
  .outline = 0,
  .focus = { 1, 1, 1 },
  .focus_halo = { 0, 0, 0, 0.6 },
};

/* Black on yellow with outlined discs: every part stands out from what
 * lies next to it, whatever the eyes. */
static const MmBoardStyle high_contrast_style = {
  .frame = { 0, 0, 0 },
  .board_light = { 0.98, 0.86, 0.13 },
  .board_dark = { 0.98, 0.86, 0.13 },
  .grid = { 0, 0, 0, 1 },
  .text = { 1, 1, 1 },
  .mark_alpha = 1,
  .outline = 0.07,
  .focus = { 0, 0, 0 },
  .focus_halo = { 1, 1, 1, 1 },
};

static void
draw_background (cairo_t               *cr,
                 const MmBoardGeometry *g,
                 const MmBoardStyle    *style)
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
draw_coordinates (cairo_t               *cr,
                  const MmBoardGeometry *g,
                  const MmBoardStyle    *style)
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
draw_disc (cairo_t            *cr,
           double              cx,
           double              cy,
           double              radius,
           MmDisc              disc,
           double              squash,
           double              alpha,
           const MmBoardStyle *style)
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
 * board, with a white rim), so it stands out at a glance.  A score from
 * the opening book has a second, smaller line that says so. */
static void
draw_scores (cairo_t               *cr,
             const MmBoardGeometry *g,
             const MmBoardScene    *scene)
{
  const MmBoardStyle *style = scene->style;
  PangoLayout *layout;
  PangoFontDescription *font;

  if (scene->scores == NULL)
    return;

  cairo_save (cr);
  layout = pango_cairo_create_layout (cr);
  font = pango_font_description_from_string ("Sans Bold");
  /* A small board gets relatively larger figures, so that they stay
   * readable; the plates then fill more of the square. */
  pango_font_description_set_absolute_size (font, MAX (g->cell * 0.24, MIN (g->cell * 0.3, 9.5))
                                                  * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);

  for (int square = 0; square < MM_N_SQUARES; square++)
    {
      const MmAiMove *move = mm_board_painter_scored_move (scene->scores, &scene->position,
                                                           square);
      g_autofree char *text = NULL;
      double cx, cy, width, height;
      int text_width, text_height;
      gboolean best;

      if (move == NULL)
        continue;

      best = mm_board_painter_is_best (scene->scores, move);
      text = mm_ai_format_score (move->score, move->exact);
      if (move->book)
        {
          g_autofree char *markup =
            g_markup_printf_escaped ("%s\n<span size=\"smaller\" weight=\"normal\">%s</span>",
                                     text,
                                     /* Translators: under a score on the board in
                                      * analysis mode: the score is the opening
                                      * book's; keep it short */
                                     C_("score on the board", "book"));

          pango_layout_set_markup (layout, markup, -1);
        }
      else
        {
          pango_layout_set_attributes (layout, NULL);
          pango_layout_set_text (layout, text, -1);
        }
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

/* A frame around the square of the mistake (red, with a cross in its
 * corner) and of the better move (gold, as a hint's): told apart by
 * their shapes as well as their colours. */
static void
draw_review_marks (cairo_t               *cr,
                   const MmBoardGeometry *g,
                   const MmBoardScene    *scene)
{
  const int marked[] = { scene->mistake, scene->better };

  for (guint i = 0; i < G_N_ELEMENTS (marked); i++)
    {
      int square = marked[i];
      gboolean mistake = i == 0;
      double x = g->x + mm_square_column (square) * g->cell;
      double y = g->y + mm_square_row (square) * g->cell;
      double inset = g->cell * 0.06, arm = g->cell * 0.16;

      if (!mm_square_is_valid (square))
        continue;

      cairo_set_line_width (cr, g->cell * 0.07);
      if (mistake)
        cairo_set_source_rgb (cr, 0.88, 0.11, 0.14);
      else if (scene->style->outline > 0)
        cairo_set_source_rgb (cr, 0.0, 0.0, 1.0);
      else
        cairo_set_source_rgb (cr, 0.99, 0.80, 0.18);
      cairo_rectangle (cr, x + inset, y + inset, g->cell - 2 * inset, g->cell - 2 * inset);
      cairo_stroke (cr);

      if (mistake)
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
draw_legal_mark (cairo_t               *cr,
                 const MmBoardGeometry *g,
                 const MmBoardScene    *scene,
                 double                 cx,
                 double                 cy)
{
  double shade = scene->position.side == MM_COLOR_BLACK ? 0.0 : 1.0;

  if (scene->style->outline > 0)
    {
      cairo_set_source_rgb (cr, 0, 0, 0);
      cairo_set_line_width (cr, g->cell * 0.05);
      cairo_new_path (cr);
      cairo_arc (cr, cx, cy, g->cell * 0.14, 0, 2 * G_PI);
      cairo_stroke (cr);
    }
  else
    {
      cairo_set_source_rgba (cr, shade, shade, shade, scene->style->mark_alpha);
      cairo_arc (cr, cx, cy, g->cell * 0.12, 0, 2 * G_PI);
      cairo_fill (cr);
    }
}

static void
draw_last_move_mark (cairo_t               *cr,
                     const MmBoardGeometry *g,
                     const MmBoardScene    *scene,
                     MmDisc                 disc,
                     double                 cx,
                     double                 cy)
{
  if (scene->style->outline > 0)
    cairo_set_source_rgb (cr, disc == MM_DISC_BLACK ? 1 : 0, 0, disc == MM_DISC_BLACK ? 0 : 1);
  else
    cairo_set_source_rgb (cr, 0.90, 0.22, 0.21);
  cairo_arc (cr, cx, cy, g->cell * 0.085, 0, 2 * G_PI);
  cairo_fill (cr);
}

/* A disc on the board, in the middle of its flip if it is turning over,
 * or growing smaller as it lands if it is the one just placed. */
static void
draw_placed_disc (cairo_t               *cr,
                  const MmBoardGeometry *g,
                  const MmBoardScene    *scene,
                  int                    square,
                  MmDisc                 disc,
                  double                 cx,
                  double                 cy)
{
  double t = scene->flip_progress[square];
  double radius = g->cell * 0.41;
  double squash = 1.0;
  MmDisc shown = disc;

  if (t < 1.0)
    {
      /* The disc turns about its vertical axis and shows its other face
       * from half-way. */
      squash = fabs (cos (G_PI * t));
      if (t < 0.5)
        shown = disc == MM_DISC_BLACK ? MM_DISC_WHITE : MM_DISC_BLACK;
    }
  else if (square == scene->landing_square)
    {
      radius *= 1.0 + 0.12 * (1.0 - CLAMP (scene->landing_progress, 0.0, 1.0));
    }

  draw_disc (cr, cx, cy, radius, shown, squash, 1.0, scene->style);
}

static void
draw_square (cairo_t               *cr,
             const MmBoardGeometry *g,
             const MmBoardScene    *scene,
             int                    square)
{
  const MmBoardPosition *position = &scene->position;
  double cx = g->x + (mm_square_column (square) + 0.5) * g->cell;
  double cy = g->y + (mm_square_row (square) + 0.5) * g->cell;
  MmDisc disc = mm_board_painter_disc (position, square);
  MmDisc mover = mm_disc_of_color (position->side);
  guint64 bit = G_GUINT64_CONSTANT (1) << square;

  if (disc != MM_DISC_NONE)
    {
      draw_placed_disc (cr, g, scene, square, disc, cx, cy);
      /* A small disc of the mover's colour on each disc the preview's
       * move would turn. */
      if (scene->preview_flips & bit)
        draw_disc (cr, cx, cy, g->cell * 0.2, mover, 1.0, 0.85, scene->style);
      if (scene->show_last_move && square == position->last_move)
        draw_last_move_mark (cr, g, scene, disc, cx, cy);
    }
  else if (square == scene->preview_square && scene->preview_flips != 0)
    {
      draw_disc (cr, cx, cy, g->cell * 0.41, mover, 1.0, 0.5, scene->style);
    }
  else if (scene->show_legal_moves && (position->legal & bit)
           && mm_board_painter_scored_move (scene->scores, position, square) == NULL)
    {
      draw_legal_mark (cr, g, scene, cx, cy);
    }
}

/* The hint: a ring of the mover's colour in a bright frame. */
static void
draw_hint (cairo_t               *cr,
           const MmBoardGeometry *g,
           const MmBoardScene    *scene)
{
  double x = g->x + mm_square_column (scene->hint) * g->cell;
  double y = g->y + mm_square_row (scene->hint) * g->cell;
  double shade = scene->position.side == MM_COLOR_BLACK ? 0.0 : 1.0;

  cairo_set_line_width (cr, g->cell * 0.08);
  if (scene->style->outline > 0)
    cairo_set_source_rgb (cr, 0.0, 0.0, 1.0);
  else
    cairo_set_source_rgb (cr, 0.99, 0.80, 0.18);
  cairo_rectangle (cr, x + g->cell * 0.06, y + g->cell * 0.06, g->cell * 0.88, g->cell * 0.88);
  cairo_stroke (cr);
  cairo_set_source_rgb (cr, shade, shade, shade);
  cairo_set_line_width (cr, g->cell * 0.05);
  cairo_new_path (cr);
  cairo_arc (cr, x + g->cell * 0.5, y + g->cell * 0.5, g->cell * 0.3, 0, 2 * G_PI);
  cairo_stroke (cr);
}

/* The keyboard focus: a rounded ring along the edge of the square, on a
 * halo of the opposite lightness so that it shows on the felt, on discs
 * and over the hint's frame, in every style. */
static void
draw_focus (cairo_t               *cr,
            const MmBoardGeometry *g,
            const MmBoardScene    *scene)
{
  const MmBoardStyle *style = scene->style;
  double inset = g->cell * 0.05;
  double x = g->x + mm_square_column (scene->focus) * g->cell + inset;
  double y = g->y + mm_square_row (scene->focus) * g->cell + inset;
  double side = g->cell - 2 * inset;

  cairo_save (cr);
  rounded_rectangle (cr, x, y, side, side, g->cell * 0.1);
  cairo_set_source_rgba (cr, style->focus_halo[0], style->focus_halo[1], style->focus_halo[2],
                         style->focus_halo[3]);
  cairo_set_line_width (cr, MAX (3.0, g->cell * 0.1));
  cairo_stroke_preserve (cr);
  cairo_set_source_rgb (cr, style->focus[0], style->focus[1], style->focus[2]);
  cairo_set_line_width (cr, MAX (1.5, g->cell * 0.05));
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* The style named "classic", "slate" or "high-contrast"; the
 * high-contrast one whatever the name when @high_contrast. */
const MmBoardStyle *
mm_board_painter_get_style (const char *name,
                            gboolean    high_contrast)
{
  if (high_contrast || g_strcmp0 (name, "high-contrast") == 0)
    return &high_contrast_style;
  if (g_strcmp0 (name, "slate") == 0)
    return &slate_style;
  return &classic_style;
}

/* The board as large as it fits, square cells on whole pixels, with a
 * margin wide enough for the coordinates when they are shown. */
MmBoardGeometry
mm_board_painter_geometry (int      width,
                           int      height,
                           gboolean show_coordinates)
{
  MmBoardGeometry geometry;
  double side = MIN (width, height);
  double margin = show_coordinates ? side * 0.06 : side * 0.025;

  geometry.cell = floor ((side - 2 * margin) / 8.0);
  geometry.margin = margin;
  geometry.x = floor ((width - 8 * geometry.cell) / 2.0);
  geometry.y = floor ((height - 8 * geometry.cell) / 2.0);
  return geometry;
}

/* An empty board in the classic style with no marks and nothing moving. */
void
mm_board_painter_init_scene (MmBoardScene *scene)
{
  g_return_if_fail (scene != NULL);

  *scene = (MmBoardScene) {
    .position = { .side = MM_COLOR_BLACK, .last_move = MM_SQUARE_NONE },
    .style = &classic_style,
    .preview_square = MM_SQUARE_NONE,
    .hint = MM_SQUARE_NONE,
    .focus = MM_SQUARE_NONE,
    .mistake = MM_SQUARE_NONE,
    .better = MM_SQUARE_NONE,
    .landing_square = MM_SQUARE_NONE,
  };
  for (int square = 0; square < MM_N_SQUARES; square++)
    scene->flip_progress[square] = 1.0;
}

void
mm_board_painter_draw (cairo_t               *cr,
                       const MmBoardGeometry *geometry,
                       const MmBoardScene    *scene)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (geometry != NULL);
  g_return_if_fail (scene != NULL && scene->style != NULL);

  draw_background (cr, geometry, scene->style);
  if (scene->show_coordinates)
    draw_coordinates (cr, geometry, scene->style);

  for (int square = 0; square < MM_N_SQUARES; square++)
    draw_square (cr, geometry, scene, square);

  if (mm_square_is_valid (scene->hint))
    draw_hint (cr, geometry, scene);
  draw_review_marks (cr, geometry, scene);
  if (mm_square_is_valid (scene->focus))
    draw_focus (cr, geometry, scene);
  /* Over everything, so that no mark hides a figure. */
  draw_scores (cr, geometry, scene);
}

MmDisc
mm_board_painter_disc (const MmBoardPosition *position,
                       int                    square)
{
  guint64 bit = G_GUINT64_CONSTANT (1) << square;

  if (position->black & bit)
    return MM_DISC_BLACK;
  if (position->white & bit)
    return MM_DISC_WHITE;
  return MM_DISC_NONE;
}

/* The move of @scores on @square, if it has been searched or comes from
 * the opening book and the square is empty in @position (scores never
 * outlive the position they are of: the caller passes them only for
 * that position). */
const MmAiMove *
mm_board_painter_scored_move (const GArray          *scores,
                              const MmBoardPosition *position,
                              int                    square)
{
  if (scores == NULL || mm_board_painter_disc (position, square) != MM_DISC_NONE)
    return NULL;

  for (guint i = 0; i < scores->len; i++)
    {
      const MmAiMove *move = &g_array_index (scores, MmAiMove, i);

      if (move->square == square && (move->depth > 0 || move->book))
        return move;
    }
  return NULL;
}

/* Whether @move is as good as the first of @scores, the best (ties are
 * all best). */
gboolean
mm_board_painter_is_best (const GArray   *scores,
                          const MmAiMove *move)
{
  return move->score >= g_array_index (scores, MmAiMove, 0).score;
}
