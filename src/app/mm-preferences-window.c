/* mm-preferences-window.c
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
/* Preferences: every control is bound to its GSettings key, so changes
 * apply at once (the window and the board listen to the same keys) and
 * there is nothing to confirm. */

#define G_LOG_DOMAIN "mm-preferences-window"

#include "config.h"

#include <glib/gi18n.h>

#include "mm-nboard-player.h"
#include "mm-preferences-window.h"

struct _MmPreferencesWindow
{
  GtkWindow  parent_instance;

  GSettings *settings;

  /* Template widgets */
  GtkWidget *show_legal_moves;
  GtkWidget *show_last_move;
  GtkWidget *show_flip_preview;
  GtkWidget *show_coordinates;
  GtkWidget *board_style;
  GtkWidget *animation_speed;
  GtkWidget *color_scheme;
  GtkWidget *sounds;
  GtkWidget *new_game_start;
  GtkWidget *clock_minutes;
  GtkWidget *clock_increment;
  GtkWidget *new_game_black_name;
  GtkWidget *new_game_white_name;
  GtkWidget *confirm_discard;
  GtkWidget *engine_command;
  GtkLabel  *engine_status;
  GtkWidget *engine_directory_button;
  GtkLabel  *engine_directory_label;
  GtkWidget *engine_directory_reset;

  /* The engine being tried, and what stops the try when the window goes. */
  MmNboardPlayer *engine;
  GCancellable   *engine_cancellable;
};

G_DEFINE_FINAL_TYPE (MmPreferencesWindow, mm_preferences_window, GTK_TYPE_WINDOW)

/* The choices of each string key, in the order of its drop-down. */
static const char * const board_styles[] = { "classic", "slate", "high-contrast", NULL };
static const char * const animation_speeds[] = { "off", "slow", "normal", "fast", NULL };
static const char * const color_schemes[] = { "default", "light", "dark", NULL };
static const char * const start_positions[] = {
  "standard", "mirrored", "parallel-columns", "parallel-rows", "random-opening", NULL,
};

static gboolean
choice_to_selected (GValue   *value,
                    GVariant *variant,
                    gpointer  user_data)
{
  const char * const *choices = user_data;
  const char *choice = g_variant_get_string (variant, NULL);

  for (guint i = 0; choices[i] != NULL; i++)
    if (g_str_equal (choices[i], choice))
      {
        g_value_set_uint (value, i);
        return TRUE;
      }

  return FALSE;
}

static GVariant *
selected_to_choice (const GValue       *value,
                    const GVariantType *expected_type,
                    gpointer            user_data)
{
  const char * const *choices = user_data;
  guint selected = g_value_get_uint (value);

  if (selected >= g_strv_length ((char **) choices))
    return NULL;
  return g_variant_new_string (choices[selected]);
}

static void
bind_choice (GSettings          *settings,
             const char         *key,
             GtkWidget          *dropdown,
             const char * const *choices)
{
  g_settings_bind_with_mapping (settings, key, dropdown, "selected", G_SETTINGS_BIND_DEFAULT,
                                choice_to_selected, selected_to_choice,
                                (gpointer) choices, NULL);
}

static void
mm_preferences_window_show_engine_status (MmPreferencesWindow *self,
                                          const char          *text)
{
  gtk_label_set_text (self->engine_status, text);
  gtk_widget_set_visible (GTK_WIDGET (self->engine_status), text != NULL);
}

static void
mm_preferences_window_engine_checked_cb (GObject      *source,
                                         GAsyncResult *result,
                                         gpointer      user_data)
{
  g_autoptr(MmPreferencesWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  if (!mm_nboard_player_check_finish (MM_NBOARD_PLAYER (source), result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        return;
      mm_preferences_window_show_engine_status (self, error->message);
    }
  else
    {
      /* Translators: %s is the name the engine gives itself */
      text = g_strdup_printf (_("The engine answers: %s."),
                              mm_nboard_player_get_name (MM_NBOARD_PLAYER (source)));
      mm_preferences_window_show_engine_status (self, text);
    }
  if (self->engine == MM_NBOARD_PLAYER (source))
    {
      g_object_run_dispose (G_OBJECT (self->engine));
      g_clear_object (&self->engine);
    }
}

/* Starts the engine of the command line, in its working folder, and
 * sees whether it answers. */
static void
mm_preferences_window_try_engine_cb (MmPreferencesWindow *self)
{
  const char *command = gtk_editable_get_text (GTK_EDITABLE (self->engine_command));
  g_autofree char *directory = g_settings_get_string (self->settings, "engine-directory");
  g_autoptr(GError) error = NULL;

  if (self->engine != NULL)
    {
      g_object_run_dispose (G_OBJECT (self->engine));
      g_clear_object (&self->engine);
    }
  self->engine = mm_nboard_player_new_in_directory (command, directory, &error);
  if (self->engine == NULL)
    {
      mm_preferences_window_show_engine_status (self, error->message);
      return;
    }
  /* Translators: shown while Preferences start the external engine to try it */
  mm_preferences_window_show_engine_status (self, _("Starting the engine…"));
  mm_nboard_player_check_async (self->engine, self->engine_cancellable,
                                mm_preferences_window_engine_checked_cb, g_object_ref (self));
}

/* The button shows the folder set, or that there is none. */
static void
mm_preferences_window_show_directory (MmPreferencesWindow *self)
{
  g_autofree char *directory = g_settings_get_string (self->settings, "engine-directory");
  g_autofree char *shown = NULL;

  if (directory[0] == '\0')
    {
      /* Translators: the working folder of the external engine when none is chosen */
      gtk_label_set_text (self->engine_directory_label, _("The engine’s own folder"));
      gtk_widget_set_tooltip_text (self->engine_directory_button, NULL);
    }
  else
    {
      shown = g_filename_display_name (directory);
      gtk_label_set_text (self->engine_directory_label, shown);
      gtk_widget_set_tooltip_text (self->engine_directory_button, shown);
    }
  gtk_widget_set_sensitive (self->engine_directory_reset, directory[0] != '\0');
}

static void
mm_preferences_window_directory_chosen_cb (MmPreferencesWindow  *self,
                                           int                   response,
                                           GtkFileChooserNative *native)
{
  g_autoptr(GFile) folder = NULL;
  g_autofree char *path = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    folder = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  /* A folder with no local path cannot be an engine's. */
  if (folder != NULL)
    path = g_file_get_path (folder);
  if (path != NULL)
    g_settings_set_string (self->settings, "engine-directory", path);
  g_object_unref (native);
}

static void
mm_preferences_window_choose_directory_cb (MmPreferencesWindow *self)
{
  g_autofree char *directory = g_settings_get_string (self->settings, "engine-directory");
  GtkFileChooserNative *native;

  /* Translators: the title of the folder chooser for the external engine's working folder */
  native = gtk_file_chooser_native_new (_("Working Folder of the Engine"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                        /* Translators: a button in the folder chooser */
                                        _("_Select"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  if (directory[0] != '\0')
    {
      g_autoptr(GFile) folder = g_file_new_for_path (directory);

      gtk_file_chooser_set_file (GTK_FILE_CHOOSER (native), folder, NULL);
    }
  g_signal_connect_object (native, "response",
                           G_CALLBACK (mm_preferences_window_directory_chosen_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
mm_preferences_window_reset_directory_cb (MmPreferencesWindow *self)
{
  g_settings_reset (self->settings, "engine-directory");
}

static void
mm_preferences_window_dispose (GObject *object)
{
  MmPreferencesWindow *self = (MmPreferencesWindow *)object;

  g_cancellable_cancel (self->engine_cancellable);
  g_clear_object (&self->engine_cancellable);
  if (self->engine != NULL)
    g_object_run_dispose (G_OBJECT (self->engine));
  g_clear_object (&self->engine);
  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), MM_TYPE_PREFERENCES_WINDOW);

  G_OBJECT_CLASS (mm_preferences_window_parent_class)->dispose (object);
}

static void
mm_preferences_window_class_init (MmPreferencesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mm_preferences_window_dispose;

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/ui/mm-preferences-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MmPreferencesWindow, show_legal_moves);
  gtk_widget_class_bind_template_child (widget_class, MmPreferencesWindow, show_last_move);
  gtk_widget_class_bind_template_child (widget_class, MmPreferencesWindow, show_flip_preview);
  gtk_widget_class_bind_template_child (widget_class, MmPreferencesWindow, show_coordinates);
  gtk_widget_class_bind_template_child (widget_class, MmPreferencesWindow, board_style);
  gtk_widget_class_bind_template_child (widget_class, MmPreferencesWindow, animation_speed);
  gtk_widget_class_bind_template_child (widget_class, MmPreferencesWindow, color_scheme);
  gtk_widget_class_bind_template_child (widget_class, MmPreferencesWindow, sounds);
  gtk_widget_class_bind_template_child (widget_class, MmPreferencesWindow, new_game_start);
  gtk_widget_class_bind_template_child (widget_class, MmPreferencesWindow, clock_minutes);
  gtk_widget_class_bind_template_child (widget_class, MmPreferencesWindow, clock_increment);
  gtk_widget_class_bind_template_child (widget_class, MmPreferencesWindow, new_game_black_name);
  gtk_widget_class_bind_template_child (widget_class, MmPreferencesWindow, new_game_white_name);
  gtk_widget_class_bind_template_child (widget_class, MmPreferencesWindow, confirm_discard);
  gtk_widget_class_bind_template_child (widget_class, MmPreferencesWindow, engine_command);
  gtk_widget_class_bind_template_child (widget_class, MmPreferencesWindow, engine_status);
  gtk_widget_class_bind_template_child (widget_class, MmPreferencesWindow,
                                        engine_directory_button);
  gtk_widget_class_bind_template_child (widget_class, MmPreferencesWindow,
                                        engine_directory_label);
  gtk_widget_class_bind_template_child (widget_class, MmPreferencesWindow,
                                        engine_directory_reset);
  gtk_widget_class_bind_template_callback (widget_class, mm_preferences_window_try_engine_cb);
  gtk_widget_class_bind_template_callback (widget_class,
                                           mm_preferences_window_choose_directory_cb);
  gtk_widget_class_bind_template_callback (widget_class,
                                           mm_preferences_window_reset_directory_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK,
                                       "window.close", NULL);
}

static void
mm_preferences_window_init (MmPreferencesWindow *self)
{
  static const struct {
    const char *key;
    gsize       offset;
    const char *property;
  } simple[] = {
    { "show-legal-moves", G_STRUCT_OFFSET (MmPreferencesWindow, show_legal_moves), "active" },
    { "show-last-move", G_STRUCT_OFFSET (MmPreferencesWindow, show_last_move), "active" },
    { "show-flip-preview", G_STRUCT_OFFSET (MmPreferencesWindow, show_flip_preview), "active" },
    { "show-coordinates", G_STRUCT_OFFSET (MmPreferencesWindow, show_coordinates), "active" },
    { "sounds", G_STRUCT_OFFSET (MmPreferencesWindow, sounds), "active" },
    { "confirm-discard", G_STRUCT_OFFSET (MmPreferencesWindow, confirm_discard), "active" },
    { "clock-minutes", G_STRUCT_OFFSET (MmPreferencesWindow, clock_minutes), "value" },
    { "clock-increment", G_STRUCT_OFFSET (MmPreferencesWindow, clock_increment), "value" },
    { "new-game-black-name", G_STRUCT_OFFSET (MmPreferencesWindow, new_game_black_name), "text" },
    { "new-game-white-name", G_STRUCT_OFFSET (MmPreferencesWindow, new_game_white_name), "text" },
    { "engine-command", G_STRUCT_OFFSET (MmPreferencesWindow, engine_command), "text" },
  };

  gtk_widget_init_template (GTK_WIDGET (self));

  self->engine_cancellable = g_cancellable_new ();
  self->settings = g_settings_new ("io.github.monomachia.Monomachia");
  for (guint i = 0; i < G_N_ELEMENTS (simple); i++)
    g_settings_bind (self->settings, simple[i].key,
                     G_STRUCT_MEMBER (GObject *, self, simple[i].offset), simple[i].property,
                     G_SETTINGS_BIND_DEFAULT);
  bind_choice (self->settings, "board-style", self->board_style, board_styles);
  bind_choice (self->settings, "animation-speed", self->animation_speed, animation_speeds);
  bind_choice (self->settings, "color-scheme", self->color_scheme, color_schemes);
  bind_choice (self->settings, "new-game-start", self->new_game_start, start_positions);
  g_signal_connect_object (self->settings, "changed::engine-directory",
                           G_CALLBACK (mm_preferences_window_show_directory), self,
                           G_CONNECT_SWAPPED);
  mm_preferences_window_show_directory (self);
}

MmPreferencesWindow *
mm_preferences_window_new (GtkWindow *parent)
{
  return g_object_new (MM_TYPE_PREFERENCES_WINDOW, "transient-for", parent, NULL);
}
