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
#include "mm-lobby-host.h"
#include "mm-window.h"

#define MM_WEBSITE "https://github.com/monomachia/monomachia"

struct _MmApplication
{
  GtkApplication  parent_instance;

  GSettings      *settings;
  /* The desktop's colour scheme, through the settings portal */
  GDBusProxy     *portal;
  gboolean        desktop_prefers_dark;
};

G_DEFINE_FINAL_TYPE (MmApplication, mm_application, GTK_TYPE_APPLICATION)

static void
mm_application_about_action (GSimpleAction *action,
                             GVariant      *parameter,
                             gpointer       user_data)
{
  MmApplication *self = MM_APPLICATION (user_data);
  static const char *authors[] = { "The Monomachia authors", NULL };
  static const char *artists[] = { "The Monomachia authors (icon, board and sounds)", NULL };

  gtk_show_about_dialog (gtk_application_get_active_window (GTK_APPLICATION (self)),
                         "program-name", _("Monomachia"),
                         /* Translators: the line under the program's name in About */
                         "comments", _("Reversi (Othello) for the GNOME desktop"),
                         "logo-icon-name", APP_ID,
                         "version", PACKAGE_VERSION,
                         "copyright", "© 2026 The Monomachia authors",
                         "license-type", GTK_LICENSE_GPL_3_0,
                         "website", MM_WEBSITE,
                         /* Translators: the link to the project's page in About */
                         "website-label", _("Project page"),
                         "authors", authors,
                         "artists", artists,
                         /* Translators: put your names here, one per line */
                         "translator-credits", _("translator-credits"),
                         NULL);
}

static void
mm_application_help_shown_cb (GObject      *source,
                              GAsyncResult *result,
                              gpointer      user_data)
{
  g_autoptr(GError) error = NULL;
  GtkWidget *dialog;

  if (gtk_show_uri_full_finish (GTK_WINDOW (source), result, &error))
    return;

  /* Without a help browser (Yelp) nothing would happen at all. */
  dialog = gtk_message_dialog_new (GTK_WINDOW (source), GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_ERROR, GTK_BUTTONS_CLOSE,
                                   /* Translators: shown when F1 finds no help browser */
                                   _("The help cannot be shown"));
  gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s", error->message);
  g_signal_connect (dialog, "response", G_CALLBACK (gtk_window_destroy), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* The user help (help/C), shown by the desktop's help browser. */
static void
mm_application_help_action (GSimpleAction *action,
                            GVariant      *parameter,
                            gpointer       user_data)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (user_data));

  gtk_show_uri_full (window, "help:monomachia", GDK_CURRENT_TIME, NULL,
                     mm_application_help_shown_cb, NULL);
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

/* Light or dark: the user's choice, or the desktop's ("default"). */
static void
mm_application_update_style (MmApplication *self)
{
  g_autofree char *scheme = g_settings_get_string (self->settings, "color-scheme");
  gboolean dark = self->desktop_prefers_dark;

  if (g_str_equal (scheme, "light"))
    dark = FALSE;
  else if (g_str_equal (scheme, "dark"))
    dark = TRUE;

  g_object_set (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", dark, NULL);
}

/* The portal's color-scheme: 1 is "prefer dark". */
static void
mm_application_read_scheme (MmApplication *self,
                            GVariant      *value)
{
  g_autoptr(GVariant) inner = NULL;

  while (value != NULL && g_variant_is_of_type (value, G_VARIANT_TYPE_VARIANT))
    {
      GVariant *next = g_variant_get_variant (value);

      g_clear_pointer (&inner, g_variant_unref);
      inner = next;
      value = next;
    }
  if (value == NULL || !g_variant_is_of_type (value, G_VARIANT_TYPE_UINT32))
    return;

  self->desktop_prefers_dark = g_variant_get_uint32 (value) == 1;
  mm_application_update_style (self);
}

static void
mm_application_portal_signal_cb (GDBusProxy    *proxy,
                                 const char    *sender_name,
                                 const char    *signal_name,
                                 GVariant      *parameters,
                                 MmApplication *self)
{
  const char *namespace, *key;
  g_autoptr(GVariant) value = NULL;

  if (g_strcmp0 (signal_name, "SettingChanged") != 0
      || !g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(ssv)")))
    return;

  g_variant_get (parameters, "(&s&sv)", &namespace, &key, &value);
  if (g_str_equal (namespace, "org.freedesktop.appearance") && g_str_equal (key, "color-scheme"))
    mm_application_read_scheme (self, value);
}

static void
mm_application_portal_read_cb (GObject      *source,
                               GAsyncResult *result,
                               gpointer      user_data)
{
  g_autoptr(MmApplication) self = user_data;
  g_autoptr(GVariant) reply = g_dbus_proxy_call_finish (G_DBUS_PROXY (source), result, NULL);
  g_autoptr(GVariant) value = NULL;

  /* No portal, or one without the key: the light style stays. */
  if (reply == NULL || !g_variant_is_of_type (reply, G_VARIANT_TYPE ("(v)")))
    return;

  g_variant_get (reply, "(v)", &value);
  mm_application_read_scheme (self, value);
}

/* Follows the desktop's light or dark style through the settings portal,
 * which GNOME, KDE and Flatpak provide; without it the style is light. */
static void
mm_application_watch_desktop_style (MmApplication *self)
{
  GDBusConnection *bus = g_application_get_dbus_connection (G_APPLICATION (self));

  if (bus == NULL)
    return;

  self->portal = g_dbus_proxy_new_sync (bus,
                                        G_DBUS_PROXY_FLAGS_DO_NOT_LOAD_PROPERTIES
                                        | G_DBUS_PROXY_FLAGS_DO_NOT_AUTO_START_AT_CONSTRUCTION,
                                        NULL,
                                        "org.freedesktop.portal.Desktop",
                                        "/org/freedesktop/portal/desktop",
                                        "org.freedesktop.portal.Settings",
                                        NULL, NULL);
  if (self->portal == NULL)
    return;

  g_signal_connect_object (self->portal, "g-signal",
                           G_CALLBACK (mm_application_portal_signal_cb), self, 0);
  g_dbus_proxy_call (self->portal, "Read",
                     g_variant_new ("(ss)", "org.freedesktop.appearance", "color-scheme"),
                     G_DBUS_CALL_FLAGS_NONE, 2000, NULL,
                     mm_application_portal_read_cb, g_object_ref (self));
}

/* A challenge answered in a desktop notification: the window that has
 * the lobby's connection answers it. */
static void
mm_application_answer_challenge_action (GSimpleAction *action,
                                        GVariant      *parameter,
                                        gpointer       user_data)
{
  GtkApplication *application = GTK_APPLICATION (user_data);
  const char *id;
  gboolean accept;

  g_variant_get (parameter, "(&sb)", &id, &accept);
  for (GList *l = gtk_application_get_windows (application); l != NULL; l = l->next)
    if (MM_IS_WINDOW (l->data) && mm_window_get_lobby_client (l->data) != NULL)
      {
        mm_window_answer_challenge (l->data, id, accept);
        if (accept)
          gtk_window_present (l->data);
        return;
      }
}

static void
mm_application_startup (GApplication *application)
{
  static const GActionEntry actions[] = {
    { .name = "about", .activate = mm_application_about_action },
    { .name = "help", .activate = mm_application_help_action },
    { .name = "quit", .activate = mm_application_quit_action },
    { .name = "answer-challenge", .activate = mm_application_answer_challenge_action,
      .parameter_type = "(sb)" },
  };
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.quit", { "<Primary>q", NULL } },
    { "app.help", { "F1", NULL } },
    { "win.new-game-dialog", { "<Primary>n", NULL } },
    { "win.new-game", { "<Primary>r", NULL } },
    { "win.play-online", { "<Primary>l", NULL } },
    { "win.edit-board", { "<Primary>e", NULL } },
    { "win.hint", { "<Primary>h", NULL } },
    { "win.analysis-mode", { "<Primary>m", NULL } },
    { "win.analyse-game", { "<Primary>g", NULL } },
    { "win.preferences", { "<Primary>comma", NULL } },
    { "win.browse-first", { "<Alt>Home", NULL } },
    { "win.browse-previous", { "<Alt>Left", NULL } },
    { "win.browse-next", { "<Alt>Right", NULL } },
    { "win.browse-last", { "<Alt>End", NULL } },
    { "win.undo", { "<Primary>z", NULL } },
    { "win.redo", { "<Primary><Shift>z", NULL } },
    { "win.open", { "<Primary>o", NULL } },
    { "win.save", { "<Primary>s", NULL } },
    { "win.save-as", { "<Primary><Shift>s", NULL } },
    { "win.copy-game", { "<Primary>c", NULL } },
    { "win.copy-moves", { "<Primary><Shift>c", NULL } },
    { "win.paste", { "<Primary>v", NULL } },
  };
  MmApplication *self = MM_APPLICATION (application);
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

  self->settings = g_settings_new ("io.github.monomachia.Monomachia");
  g_signal_connect_object (self->settings, "changed::color-scheme",
                           G_CALLBACK (mm_application_update_style), self, G_CONNECT_SWAPPED);
  mm_application_watch_desktop_style (self);
  mm_application_update_style (self);
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
mm_application_dispose (GObject *object)
{
  MmApplication *self = (MmApplication *)object;

  g_clear_object (&self->portal);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (mm_application_parent_class)->dispose (object);
}

/* A lobby hosted here tells its guests that it stops, and the words get
 * out before the process ends. */
static void
mm_application_shutdown (GApplication *application)
{
  MmLobbyHost *host = mm_lobby_host_get_default ();

  if (mm_lobby_host_is_running (host))
    {
      gint64 until = g_get_monotonic_time () + G_USEC_PER_SEC / 2;

      mm_lobby_host_stop (host);
      while (g_get_monotonic_time () < until)
        g_main_context_iteration (NULL, FALSE);
    }
  G_APPLICATION_CLASS (mm_application_parent_class)->shutdown (application);
}

static void
mm_application_class_init (MmApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *application_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = mm_application_dispose;
  application_class->startup = mm_application_startup;
  application_class->activate = mm_application_activate;
  application_class->shutdown = mm_application_shutdown;
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
