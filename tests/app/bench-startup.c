/* bench-startup.c
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
/* How long the game takes from the start of the program to the first
 * frame of its window on screen (the application, the window with its
 * board and the game put back from the autosave).  `meson test
 * --benchmark --suite app` runs it under Xvfb; it fails above half a
 * second. */

#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "mm-application.h"
#include "mm-test-ui.h"

#define LIMIT_MS 500.0

static gint64 start_time;
static double elapsed_ms = -1;

static void
after_paint_cb (GdkFrameClock  *clock,
                GtkApplication *app)
{
  if (elapsed_ms >= 0)
    return;

  elapsed_ms = (g_get_monotonic_time () - start_time) / 1000.0;
  g_signal_handlers_disconnect_by_func (clock, after_paint_cb, app);
  g_application_quit (G_APPLICATION (app));
}

static void
window_mapped_cb (GtkWidget      *window,
                  GtkApplication *app)
{
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint",
                    G_CALLBACK (after_paint_cb), app);
}

static void
activated_cb (GtkApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (app);

  g_signal_connect (window, "map", G_CALLBACK (window_mapped_cb), app);
  if (gtk_widget_get_mapped (GTK_WIDGET (window)))
    window_mapped_cb (GTK_WIDGET (window), app);
}


int
main (int   argc,
      char *argv[])
{
  g_autoptr(MmApplication) app = NULL;
  char *app_argv[] = { argv[0], NULL };

  start_time = g_get_monotonic_time ();
  g_log_set_writer_func (mm_test_ui_log_writer, NULL, NULL);

  if (!gtk_init_check ())
    {
      g_printerr ("No display: the benchmark needs one (run it under xvfb-run).\n");
      return 77;
    }

  app = mm_application_new ("io.github.monomachia.Monomachia.Bench", G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "activate", G_CALLBACK (activated_cb), NULL);
  g_application_run (G_APPLICATION (app), 1, app_argv);

  if (elapsed_ms < 0)
    {
      g_printerr ("The window never showed a frame.\n");
      return 1;
    }

  g_print ("start-up to the first frame: %.1f ms (limit %.0f ms)\n", elapsed_ms, LIMIT_MS);
  return elapsed_ms <= LIMIT_MS ? 0 : 1;
}
