/* mm-application.c
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

#define G_LOG_DOMAIN "mm-application"

#include "config.h"

#include <glib/gi18n.h>

#include "mm-application.h"
#include "mm-window.h"

struct _MmApplication
{
  GtkApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (MmApplication, mm_application, GTK_TYPE_APPLICATION)

static void
mm_application_about_action (GSimpleAction *action,
                             GVariant      *parameter,
                             gpointer       user_data)
{
  MmApplication *self = MM_APPLICATION (user_data);
  static const char *authors[] = { "The Monomachia authors", NULL };

  gtk_show_about_dialog (gtk_application_get_active_window (GTK_APPLICATION (self)),
                         "program-name", _("Monomachia"),
                         "comments", _("Reversi for the GNOME desktop"),
                         "logo-icon-name", APP_ID,
                         "version", PACKAGE_VERSION,
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "authors", authors,
                         /* Translators: put your names here, one per line */
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static void
mm_application_quit_action (GSimpleAction *action,
                            GVariant      *parameter,
                            gpointer       user_data)
{
  MmApplication *self = MM_APPLICATION (user_data);
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (self));

  /* Close the windows rather than quit outright, so that each one saves
   * what it keeps (its size now, the game later). */
  while (windows != NULL)
    {
      GList *next = windows->next;

      gtk_window_close (GTK_WINDOW (windows->data));
      windows = next;
    }
}

static void
mm_application_startup (GApplication *application)
{
  static const GActionEntry actions[] = {
    { .name = "about", .activate = mm_application_about_action },
    { .name = "quit", .activate = mm_application_quit_action },
  };
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.quit", { "<Primary>q", NULL } },
    { "win.new-game", { "<Primary>n", NULL } },
    { "win.undo", { "<Primary>z", NULL } },
    { "win.redo", { "<Primary><Shift>z", NULL } },
    { "win.open", { "<Primary>o", NULL } },
    { "win.save", { "<Primary>s", NULL } },
    { "win.save-as", { "<Primary><Shift>s", NULL } },
    { "win.copy-game", { "<Primary>c", NULL } },
    { "win.paste", { "<Primary>v", NULL } },
  };
  g_autoptr(GtkCssProvider) css = NULL;

  G_APPLICATION_CLASS (mm_application_parent_class)->startup (application);

  g_action_map_add_action_entries (G_ACTION_MAP (application), actions,
                                   G_N_ELEMENTS (actions), application);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (application),
                                           accels[i].action, accels[i].accels);

  /* Without libadwaita the application's style sheet is not loaded by
   * itself. */
  css = gtk_css_provider_new ();
  gtk_css_provider_load_from_resource (css, RESOURCE_BASE_PATH "/style.css");
  gtk_style_context_add_provider_for_display (gdk_display_get_default (),
                                              GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);

  gtk_window_set_default_icon_name (APP_ID);
}

static void
mm_application_activate (GApplication *application)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));

  if (window == NULL)
    window = GTK_WINDOW (mm_window_new (GTK_APPLICATION (application)));

  gtk_window_present (window);
}

/* monomachia FILE...: the games in the files, in the window. */
static void
mm_application_open (GApplication  *application,
                     GFile        **files,
                     int            n_files,
                     const char    *hint)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (application));

  if (window == NULL)
    window = GTK_WINDOW (mm_window_new (GTK_APPLICATION (application)));

  gtk_window_present (window);
  mm_window_open_files (MM_WINDOW (window), files, (guint) n_files);
}

static void
mm_application_class_init (MmApplicationClass *klass)
{
  GApplicationClass *application_class = G_APPLICATION_CLASS (klass);

  application_class->startup = mm_application_startup;
  application_class->activate = mm_application_activate;
  application_class->open = mm_application_open;
}

static void
mm_application_init (MmApplication *self)
{
}

MmApplication *
mm_application_new (const char        *application_id,
                    GApplicationFlags  flags)
{
  /* The same resources serve every application id: the normal one, the
   * .Devel one and the tests'. */
  return g_object_new (MM_TYPE_APPLICATION,
                       "application-id", application_id,
                       "flags", flags | G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", RESOURCE_BASE_PATH,
                       NULL);
}
