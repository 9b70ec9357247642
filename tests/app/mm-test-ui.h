/* mm-test-ui.h
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

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* For the app tests: the widgets a person sees, found as a person (or a
 * screen reader) finds them, under a root such as a window, and what
 * they show.  The finders return the first match in depth-first order,
 * or NULL. */
GtkWidget  *mm_test_ui_find_by_type          (GtkWidget         *root,
                                              GType              type);
GtkWidget  *mm_test_ui_find_by_name          (GtkWidget         *root,
                                              const char        *name);
GtkWidget  *mm_test_ui_find_by_role          (GtkWidget         *root,
                                              GtkAccessibleRole  role,
                                              const char        *label);
GtkWidget  *mm_test_ui_find_button           (GtkWidget         *root,
                                              const char        *label_or_icon);

gboolean    mm_test_ui_is_shown              (GtkWidget         *widget);
const char *mm_test_ui_get_text              (GtkWidget         *root,
                                              const char        *name);
char       *mm_test_ui_dup_accessible_label  (GtkWidget         *widget);

void        mm_test_ui_click                 (GtkWidget         *root,
                                              const char        *label_or_icon);
void        mm_test_ui_choose                (GtkDropDown       *drop_down,
                                              const char        *item);

void        mm_test_ui_wait_until            (gboolean         (*done) (gpointer data),
                                              gpointer           data,
                                              guint              seconds);
GtkWindow  *mm_test_ui_find_window           (GType              type);
GtkWindow  *mm_test_ui_wait_for_window       (GType              type,
                                              guint              seconds);
void        mm_test_ui_run_pending           (void);
void        mm_test_ui_run_for               (guint              milliseconds);
gboolean    mm_test_ui_press_key             (GtkWidget         *widget,
                                              guint              keyval,
                                              guint              keycode);

void        mm_test_ui_wait_for_frames       (GtkWindow         *window,
                                              guint              frames);
guint       mm_test_ui_save_screenshot       (GtkWindow         *window,
                                              const char        *folder,
                                              const char        *name);

GLogWriterOutput mm_test_ui_log_writer      (GLogLevelFlags     log_level,
                                              const GLogField   *fields,
                                              gsize              n_fields,
                                              gpointer           user_data);

G_END_DECLS
