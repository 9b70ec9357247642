/* mm-test-ui.c
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

#include <glib/gstdio.h>
#include <string.h>

#include "mm-test-ui.h"

typedef gboolean (*WidgetMatch) (GtkWidget     *widget,
                                 gconstpointer  data);

static GtkWidget *
find_widget (GtkWidget     *root,
             WidgetMatch    match,
             gconstpointer  data)
{
  g_return_val_if_fail (GTK_IS_WIDGET (root), NULL);

  if (match (root, data))
    return root;

  for (GtkWidget *child = gtk_widget_get_first_child (root);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, match, data);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static gboolean
has_type (GtkWidget     *widget,
          gconstpointer  data)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, (GType) GPOINTER_TO_SIZE (data));
}

GtkWidget *
mm_test_ui_find_by_type (GtkWidget *root,
                         GType      type)
{
  return find_widget (root, has_type, GSIZE_TO_POINTER (type));
}

static gboolean
has_name (GtkWidget     *widget,
          gconstpointer  data)
{
  return g_strcmp0 (gtk_widget_get_name (widget), data) == 0;
}

/* @name: the widget's name (gtk_widget_get_name()), as the .ui files
 * give it to the widgets the tests read */
GtkWidget *
mm_test_ui_find_by_name (GtkWidget  *root,
                         const char *name)
{
  return find_widget (root, has_name, name);
}

typedef struct
{
  GtkAccessibleRole  role;
  const char        *label;
} RoleMatch;

static gboolean
has_role (GtkWidget     *widget,
          gconstpointer  data)
{
  const RoleMatch *match = data;
  g_autofree char *mismatch = NULL;

  if (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)) != match->role)
    return FALSE;
  if (match->label == NULL)
    return TRUE;

  mismatch = gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget),
                                                 GTK_ACCESSIBLE_PROPERTY_LABEL, match->label);
  return mismatch == NULL;
}

/* What a screen reader finds: a widget of @role, and with the accessible
 * name @label unless that is %NULL. */
GtkWidget *
mm_test_ui_find_by_role (GtkWidget         *root,
                         GtkAccessibleRole  role,
                         const char        *label)
{
  RoleMatch match = { role, label };

  return find_widget (root, has_role, &match);
}

/* A button's label as it reads, without the underline of its mnemonic. */
static gboolean
label_reads (const char *label,
             const char *text)
{
  g_autoptr(GString) plain = NULL;

  if (label == NULL)
    return FALSE;

  plain = g_string_new (NULL);
  for (const char *c = label; *c != '\0'; c++)
    {
      if (*c == '_' && c[1] != '_')
        continue;
      if (*c == '_')
        c++;
      g_string_append_c (plain, *c);
    }
  return g_str_equal (plain->str, text);
}

static gboolean
is_button_for (GtkWidget     *widget,
               gconstpointer  data)
{
  if (!GTK_IS_BUTTON (widget))
    return FALSE;

  return label_reads (gtk_button_get_label (GTK_BUTTON (widget)), data)
         || g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), data) == 0;
}

/* @label_or_icon: the button's label ("Play from Here" for
 * "_Play from Here") or the name of its icon */
GtkWidget *
mm_test_ui_find_button (GtkWidget  *root,
                        const char *label_or_icon)
{
  return find_widget (root, is_button_for, label_or_icon);
}

/* Whether @widget and every widget it is in are visible: what a person
 * could see once the window is on the screen. */
gboolean
mm_test_ui_is_shown (GtkWidget *widget)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);

  return gtk_widget_is_visible (widget);
}

/* The text of the label named @name under @root, or %NULL while it is
 * not shown. */
const char *
mm_test_ui_get_text (GtkWidget  *root,
                     const char *name)
{
  GtkWidget *label = mm_test_ui_find_by_name (root, name);

  g_assert_true (GTK_IS_LABEL (label));
  return mm_test_ui_is_shown (label) ? gtk_label_get_text (GTK_LABEL (label)) : NULL;
}

/* GTK 4.8 has no call that reads an accessible property; the check of
 * the test AT context answers with the value when it differs from the
 * one asked, and no accessible name is a lone U+FFFF. */
char *
mm_test_ui_dup_accessible_label (GtkWidget *widget)
{
  char *label;

  g_return_val_if_fail (GTK_IS_WIDGET (widget), NULL);

  label = gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget),
                                              GTK_ACCESSIBLE_PROPERTY_LABEL, "\xef\xbf\xbf");
  g_assert_nonnull (label);
  return label;
}

/* Clicks the button that a person can see and click. */
void
mm_test_ui_click (GtkWidget  *root,
                  const char *label_or_icon)
{
  GtkWidget *button = mm_test_ui_find_button (root, label_or_icon);

  g_assert_nonnull (button);
  g_assert_true (mm_test_ui_is_shown (button));
  g_assert_true (gtk_widget_is_sensitive (button));
  /* "activate" would press it and let go only after a timeout. */
  g_signal_emit_by_name (button, "clicked");
}

/* Chooses the item that reads @item in @drop_down's list of strings. */
void
mm_test_ui_choose (GtkDropDown *drop_down,
                   const char  *item)
{
  GListModel *model;

  g_return_if_fail (GTK_IS_DROP_DOWN (drop_down));

  g_assert_true (mm_test_ui_is_shown (GTK_WIDGET (drop_down)));
  model = gtk_drop_down_get_model (drop_down);
  g_assert_true (GTK_IS_STRING_LIST (model));
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    if (g_str_equal (gtk_string_list_get_string (GTK_STRING_LIST (model), i), item))
      {
        gtk_drop_down_set_selected (drop_down, i);
        return;
      }

  g_assert_not_reached ();
}

/* Under a bare Xvfb there is no session bus; GTK warns and goes on, and
 * so do the tests.  Every other warning still fails them.  For
 * g_log_set_writer_func(). */
GLogWriterOutput
mm_test_ui_log_writer (GLogLevelFlags   log_level,
                       const GLogField *fields,
                       gsize            n_fields,
                       gpointer         user_data)
{
  for (gsize i = 0; i < n_fields; i++)
    {
      if (g_strcmp0 (fields[i].key, "MESSAGE") == 0 && fields[i].length < 0
          && strstr (fields[i].value, "Unable to acquire session bus") != NULL)
        return G_LOG_WRITER_HANDLED;
    }

  return g_log_writer_default (log_level, fields, n_fields, user_data);
}

static gboolean
mm_test_ui_timed_out_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @done holds; fails the test after @seconds. */
void
mm_test_ui_wait_until (gboolean (*done) (gpointer data),
                       gpointer   data,
                       guint      seconds)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add_seconds (seconds, mm_test_ui_timed_out_cb, &timed_out);

  while (!done (data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);
  g_source_remove (timeout);
}

/* The last shown toplevel of @type, or NULL. */
GtkWindow *
mm_test_ui_find_window (GType type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  GtkWindow *found = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (window, type) && gtk_widget_get_visible (GTK_WIDGET (window)))
        found = window;
    }
  return found;
}

static gboolean
mm_test_ui_window_shown_cb (gpointer data)
{
  return mm_test_ui_find_window ((GType) GPOINTER_TO_SIZE (data)) != NULL;
}

/* The toplevel of @type once it is shown; fails the test after
 * @seconds. */
GtkWindow *
mm_test_ui_wait_for_window (GType type,
                            guint seconds)
{
  mm_test_ui_wait_until (mm_test_ui_window_shown_cb, GSIZE_TO_POINTER (type), seconds);
  return mm_test_ui_find_window (type);
}

/* Lets pending work (an idle autosave, an answer given) run. */
void
mm_test_ui_run_pending (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

/* Runs the main loop for @milliseconds. */
void
mm_test_ui_run_for (guint milliseconds)
{
  gboolean done = FALSE;

  g_timeout_add (milliseconds, mm_test_ui_timed_out_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

/* A key pressed on @widget's key controller, as a keyboard would;
 * whether it was handled. */
gboolean
mm_test_ui_press_key (GtkWidget *widget,
                      guint      keyval,
                      guint      keycode)
{
  GListModel *controllers = gtk_widget_observe_controllers (widget);
  GtkEventController *keys = NULL;
  gboolean handled = FALSE;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && keys == NULL; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller))
        keys = controller;
    }
  g_object_unref (controllers);
  g_assert_nonnull (keys);
  g_signal_emit_by_name (keys, "key-pressed", keyval, keycode, 0, &handled);
  return handled;
}

static void
mm_test_ui_after_paint_cb (GdkFrameClock *clock,
                           guint         *n_frames)
{
  (*n_frames)++;
}

/* Waits until @window has been painted a few times, so that its layout
 * has settled and the flips have turned. */
void
mm_test_ui_wait_for_frames (GtkWindow *window,
                            guint      frames)
{
  gboolean timed_out = FALSE;
  guint timeout = g_timeout_add_seconds (10, mm_test_ui_timed_out_cb, &timed_out);
  guint n_frames = 0;
  GdkFrameClock *clock;
  gulong handler;

  while (!gtk_widget_get_mapped (GTK_WIDGET (window)) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (timed_out);

  clock = gtk_widget_get_frame_clock (GTK_WIDGET (window));
  handler = g_signal_connect (clock, "after-paint", G_CALLBACK (mm_test_ui_after_paint_cb),
                              &n_frames);
  while (n_frames < frames && !timed_out)
    {
      gtk_widget_queue_draw (GTK_WIDGET (window));
      g_main_context_iteration (NULL, TRUE);
    }
  g_signal_handler_disconnect (clock, handler);
  g_assert_false (timed_out);
  g_source_remove (timeout);
}

/* Renders @window as GTK draws it and writes it to FOLDER/NAME.png;
 * returns the number of different colours in it, so that a caller can
 * tell a picture from a blank. */
guint
mm_test_ui_save_screenshot (GtkWindow  *window,
                            const char *folder,
                            const char *name)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (GTK_WIDGET (window));
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autoptr(GHashTable) colours = g_hash_table_new (NULL, NULL);
  g_autofree char *path = NULL;
  g_autofree char *file_name = g_strdup_printf ("%s.png", name);
  g_autofree guint32 *pixels = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (window));
  int w = gtk_widget_get_width (GTK_WIDGET (window));
  int h = gtk_widget_get_height (GTK_WIDGET (window));

  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), w, h);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, w, h));

  g_assert_cmpint (g_mkdir_with_parents (folder, 0755), ==, 0);
  path = g_build_filename (folder, file_name, NULL);
  g_assert_true (gdk_texture_save_to_png (texture, path));
  g_test_message ("%s: %d×%d", path, w, h);

  pixels = g_new (guint32, (gsize) w * h);
  gdk_texture_download (texture, (guchar *) pixels, (gsize) w * 4);
  for (gsize i = 0; i < (gsize) w * h; i += 7)
    g_hash_table_add (colours, GUINT_TO_POINTER (pixels[i]));

  return g_hash_table_size (colours);
}
