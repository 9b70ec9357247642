/* test-board-view.c
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

/* The board view in a window of its own, with a game: what it paints is
 * rendered the way GTK renders it on screen and read back pixel by
 * pixel, so the tests see what a person would. */

#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "mm-board-view.h"
#include "mm-game.h"
#include "mm-test-ui.h"

typedef struct
{
  GtkWindow   *window;
  MmBoardView *view;
  /* Somewhere off the board for the keyboard focus to go */
  GtkWidget   *button;
  MmGame      *game;
} Fixture;

/* A rendering of the view, 0xAARRGGBB premultiplied. */
typedef struct
{
  int      width;
  int      height;
  guint32 *pixels;
} Picture;

static void
picture_free (Picture *picture)
{
  g_free (picture->pixels);
  g_free (picture);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Picture, picture_free)

static gboolean
timed_out_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static void
after_paint_cb (GdkFrameClock *clock,
                guint         *n_frames)
{
  (*n_frames)++;
}

/* Lets the window lay out and paint what changed. */
static void
wait_for_frames (GtkWindow *window)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add_seconds (10, timed_out_cb, &timed_out);
  guint n_frames = 0;
  GdkFrameClock *clock;
  gulong handler;

  while (!gtk_widget_get_mapped (GTK_WIDGET (window)) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);

  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint_cb), &n_frames);
  while (n_frames < 2 && !timed_out)
    {
      gtk_widget_queue_draw (GTK_WIDGET (window));
      g_main_context_iteration (NULL, TRUE);
    }
  g_signal_handler_disconnect (clock, handler);
  g_assert_false (timed_out);
  g_source_remove (timeout);
}

static Picture *
render_view (Fixture *fixture)
{
  GtkWidget *view = GTK_WIDGET (fixture->view);
  g_autoptr(GdkPaintable) paintable = NULL;
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (fixture->window));
  Picture *picture = g_new0 (Picture, 1);

  wait_for_frames (fixture->window);
  picture->width = gtk_widget_get_width (view);
  picture->height = gtk_widget_get_height (view);
  g_assert_cmpint (picture->width, >=, 220);
  g_assert_cmpint (picture->height, >=, 220);

  paintable = gtk_widget_paintable_new (view);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), picture->width, picture->height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0, picture->width,
                                                              picture->height));
  picture->pixels = g_new (guint32, (gsize) picture->width * picture->height);
  gdk_texture_download (texture, (guchar *) picture->pixels, (gsize) picture->width * 4);
  return picture;
}

/* The colour at (@across, @down) inside the cell of @name, in cells:
 * the cell is where the square's widget lies. */
static guint32
cell_pixel (Fixture       *fixture,
            const Picture *picture,
            const char    *name,
            double         across,
            double         down)
{
  GtkWidget *square = mm_board_view_get_square (fixture->view, mm_square_parse (name));
  graphene_rect_t cell;
  int x, y;

  g_assert_true (gtk_widget_compute_bounds (square, GTK_WIDGET (fixture->view), &cell));
  x = (int) (cell.origin.x + across * cell.size.width);
  y = (int) (cell.origin.y + down * cell.size.height);
  g_assert_cmpint (x, <, picture->width);
  g_assert_cmpint (y, <, picture->height);
  return picture->pixels[(gsize) y * picture->width + x];
}

/* The middle of the cell, where a preview's disc lies. */
static guint32
cell_middle (Fixture       *fixture,
             const Picture *picture,
             const char    *name)
{
  return cell_pixel (fixture, picture, name, 0.5, 0.5);
}

/* On the edge of the cell, half-way down its left side: where the focus
 * ring runs, and no disc or mark reaches. */
static guint32
cell_edge (Fixture       *fixture,
           const Picture *picture,
           const char    *name)
{
  return cell_pixel (fixture, picture, name, 0.05, 0.5);
}

static gboolean
same_pictures (const Picture *a,
               const Picture *b)
{
  return a->width == b->width && a->height == b->height
         && memcmp (a->pixels, b->pixels, (gsize) a->width * a->height * 4) == 0;
}

static void
focus_square (Fixture    *fixture,
              const char *name)
{
  GtkWidget *square = mm_board_view_get_square (fixture->view, mm_square_parse (name));

  g_assert_true (gtk_widget_grab_focus (square));
  wait_for_frames (fixture->window);
  g_assert_true (gtk_widget_has_focus (square));
}

static void
focus_elsewhere (Fixture *fixture)
{
  g_assert_true (gtk_widget_grab_focus (fixture->button));
  wait_for_frames (fixture->window);
}

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  fixture->window = GTK_WINDOW (gtk_window_new ());
  gtk_window_set_default_size (fixture->window, 480, 520);
  fixture->view = MM_BOARD_VIEW (mm_board_view_new ());
  gtk_widget_set_vexpand (GTK_WIDGET (fixture->view), TRUE);
  /* The flips of a move would otherwise be caught half-way. */
  g_object_set (fixture->view, "animation-speed", "off", NULL);
  fixture->button = gtk_button_new_with_label ("Elsewhere");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (fixture->view));
  gtk_box_append (GTK_BOX (box), fixture->button);
  gtk_window_set_child (fixture->window, box);

  fixture->game = mm_game_new ();
  mm_board_view_set_game (fixture->view, fixture->game);

  gtk_window_present (fixture->window);
  wait_for_frames (fixture->window);
  /* As a window shows it before any key is pressed. */
  gtk_window_set_focus_visible (fixture->window, FALSE);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gtk_window_destroy (fixture->window);
  g_clear_object (&fixture->game);
}

/* Issue 27, item 9: before the keyboard is used, the square that has the
 * focus shows no preview (there is no focus ring to tell why it would);
 * the pointer's preview is unchanged. */
static void
focus_preview_hidden_before_keyboard (Fixture       *fixture,
                                      gconstpointer  data)
{
  g_autoptr(Picture) focused = NULL;
  g_autoptr(Picture) unfocused = NULL;
  g_autoptr(Picture) pointed = NULL;

  focus_elsewhere (fixture);
  unfocused = render_view (fixture);
  /* d3 is a legal move of Black's at the start. */
  focus_square (fixture, "d3");
  g_assert_false (gtk_window_get_focus_visible (fixture->window));
  focused = render_view (fixture);
  g_assert_true (same_pictures (focused, unfocused));

  focus_elsewhere (fixture);
  mm_board_view_set_hover (fixture->view, mm_square_parse ("d3"));
  pointed = render_view (fixture);
  g_assert_cmphex (cell_middle (fixture, pointed, "d3"), !=,
                   cell_middle (fixture, unfocused, "d3"));
  /* The disc d3 would flip shows a small disc of Black's on it. */
  g_assert_cmphex (cell_middle (fixture, pointed, "d4"), !=,
                   cell_middle (fixture, unfocused, "d4"));
}

/* Once the keyboard is in use the focus shows, always with a ring: with
 * the preview on a legal square, alone on any other, on each style. */
static void
focus_ring_with_keyboard (Fixture       *fixture,
                          gconstpointer  data)
{
  const char *styles[] = { "classic", "slate", "high-contrast" };

  for (guint i = 0; i < G_N_ELEMENTS (styles); i++)
    {
      g_autoptr(Picture) legal = NULL;
      g_autoptr(Picture) other = NULL;
      g_autoptr(Picture) unfocused = NULL;

      g_test_message ("board style %s", styles[i]);
      g_object_set (fixture->view, "board-style", styles[i], NULL);
      gtk_window_set_focus_visible (fixture->window, TRUE);

      focus_square (fixture, "d3");
      legal = render_view (fixture);
      focus_square (fixture, "a1");
      other = render_view (fixture);
      focus_elsewhere (fixture);
      unfocused = render_view (fixture);

      g_assert_cmphex (cell_middle (fixture, legal, "d3"), !=,
                       cell_middle (fixture, unfocused, "d3"));
      g_assert_cmphex (cell_edge (fixture, legal, "d3"), !=,
                       cell_edge (fixture, unfocused, "d3"));
      g_assert_cmphex (cell_edge (fixture, other, "a1"), !=,
                       cell_edge (fixture, unfocused, "a1"));
      g_assert_cmphex (cell_middle (fixture, other, "a1"), ==,
                       cell_middle (fixture, unfocused, "a1"));
    }
}

/* Issue 27, item 4: a game that is over before its moves run out (lost
 * on time) shows no legal moves and no preview, and its squares offer no
 * move to a screen reader; the same game going on shows them again. */
static void
finished_game_shows_no_moves (Fixture       *fixture,
                              gconstpointer  data)
{
  GtkWidget *d3 = mm_board_view_get_square (fixture->view, mm_square_parse ("d3"));
  g_autoptr(Picture) playing = NULL;
  g_autoptr(Picture) finished = NULL;
  g_autoptr(Picture) bare = NULL;
  gboolean value = FALSE;

  mm_board_view_set_hover (fixture->view, mm_square_parse ("d3"));
  playing = render_view (fixture);
  g_assert_true (gtk_widget_has_css_class (d3, "legal"));

  g_object_set (fixture->view, "finished", TRUE, NULL);
  g_object_get (fixture->view, "finished", &value, NULL);
  g_assert_true (value);
  finished = render_view (fixture);
  g_assert_false (gtk_widget_has_css_class (d3, "legal"));

  /* The board as it looks with neither marks nor a preview. */
  g_object_set (fixture->view, "finished", FALSE, "show-legal-moves", FALSE, NULL);
  mm_board_view_set_hover (fixture->view, MM_SQUARE_NONE);
  bare = render_view (fixture);
  g_assert_true (gtk_widget_has_css_class (d3, "legal"));

  g_assert_false (same_pictures (playing, bare));
  g_assert_cmphex (cell_middle (fixture, playing, "c4"), !=, cell_middle (fixture, bare, "c4"));
  g_assert_true (same_pictures (finished, bare));
}


int
main (int   argc,
      char *argv[])
{
  g_log_set_writer_func (mm_test_ui_log_writer, NULL, NULL);
  g_test_init (&argc, &argv, NULL);

  if (!gtk_init_check ())
    {
      g_printerr ("No display: the board view tests need one (run them under xvfb-run).\n");
      return 77;
    }

  g_test_add ("/app/board-view/focus-preview-hidden-before-keyboard", Fixture, NULL,
              fixture_set_up, focus_preview_hidden_before_keyboard, fixture_tear_down);
  g_test_add ("/app/board-view/focus-ring-with-keyboard", Fixture, NULL,
              fixture_set_up, focus_ring_with_keyboard, fixture_tear_down);
  g_test_add ("/app/board-view/finished-game-shows-no-moves", Fixture, NULL,
              fixture_set_up, finished_game_shows_no_moves, fixture_tear_down);

  return g_test_run ();
}
