/* mm-new-game-dialog.c
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
/* The New Game window: who plays (another person here, or the computer
 * at one of its levels, or someone online, found in the lobby),
 * their names, the start
 * position and the clocks.  Its choices are kept in GSettings, where
 * the next New Game window and Play Again find them; Start says so with
 * ::start, and the main window starts the game. */

#define G_LOG_DOMAIN "mm-new-game-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "mm-ai-level.h"
#include "mm-ai-weights.h"
#include "mm-new-game-dialog.h"

struct _MmNewGameDialog
{
  GtkWindow       parent_instance;

  GSettings      *settings;

  /* Template widgets */
  GtkCheckButton *person_button;
  GtkCheckButton *computer_button;
  GtkCheckButton *online_button;
  GtkWidget      *computer_box;
  GtkDropDown    *level_dropdown;
  GtkDropDown    *color_dropdown;
  GtkLabel       *computer_note;
  GtkEntry       *black_entry;
  GtkEntry       *white_entry;
  GtkDropDown    *start_dropdown;
  GtkSwitch      *timed_switch;
  GtkSpinButton  *minutes_spin;
  GtkSpinButton  *increment_spin;
  GtkWidget      *clock_box;
  GtkWidget      *increment_box;
  GtkWidget      *start_button;
};

G_DEFINE_FINAL_TYPE (MmNewGameDialog, mm_new_game_dialog, GTK_TYPE_WINDOW)

enum {
  START,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The start positions in the order of the drop-down. */
static const char * const start_positions[] = {
  "standard", "mirrored", "parallel-columns", "parallel-rows", "random-opening",
};

/* The choices of the colour drop-down, in its order. */
enum
{
  COLOR_BLACK,
  COLOR_WHITE,
  COLOR_BOTH,
};

/* The level drop-down's last entry, when Preferences name an engine. */
#define LEVEL_EXTERNAL MM_AI_N_PLAY_LEVELS

/* The computer's options count only when it is chosen; the note under
 * them says what the level means, or why the computer cannot play. */
static void
mm_new_game_dialog_opponent_cb (MmNewGameDialog *self)
{
  gboolean available = gtk_widget_get_sensitive (GTK_WIDGET (self->computer_button));
  guint level = gtk_drop_down_get_selected (self->level_dropdown);

  gtk_widget_set_sensitive (self->computer_box,
                            available && gtk_check_button_get_active (self->computer_button));
  if (available && level < MM_AI_N_PLAY_LEVELS)
    gtk_label_set_text (self->computer_note, mm_ai_level_get_description (level));
  else if (available && level == LEVEL_EXTERNAL)
    {
      g_autofree char *command = g_settings_get_string (self->settings, "engine-command");
      /* Translators: the note under the External engine choice; %s is its
       * command line, as set in Preferences */
      g_autofree char *note = g_strdup_printf (_("The program “%s” plays, over the NBoard "
                                                 "protocol."), command);

      gtk_label_set_text (self->computer_note, note);
    }
}

static void
mm_new_game_dialog_timed_cb (MmNewGameDialog *self)
{
  gboolean timed = gtk_switch_get_active (self->timed_switch);

  gtk_widget_set_sensitive (self->clock_box, timed);
  gtk_widget_set_sensitive (self->increment_box, timed);
}

static void
mm_new_game_dialog_start_action (GtkWidget  *widget,
                                 const char *action_name,
                                 GVariant   *parameter)
{
  mm_new_game_dialog_start (MM_NEW_GAME_DIALOG (widget));
}

static void
mm_new_game_dialog_dispose (GObject *object)
{
  MmNewGameDialog *self = (MmNewGameDialog *)object;

  g_clear_object (&self->settings);
  gtk_widget_dispose_template (GTK_WIDGET (self), MM_TYPE_NEW_GAME_DIALOG);

  G_OBJECT_CLASS (mm_new_game_dialog_parent_class)->dispose (object);
}

static void
mm_new_game_dialog_class_init (MmNewGameDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mm_new_game_dialog_dispose;

  /**
   * MmNewGameDialog::start:
   * @setup: (type gpointer): the #MmNewGameSetup chosen, valid during
   *   the emission
   *
   * The user chose Start.  The choices are kept in GSettings too, for
   * next time.
   */
  signals[START] =
    g_signal_new ("start", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/ui/mm-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MmNewGameDialog, person_button);
  gtk_widget_class_bind_template_child (widget_class, MmNewGameDialog, computer_button);
  gtk_widget_class_bind_template_child (widget_class, MmNewGameDialog, online_button);
  gtk_widget_class_bind_template_child (widget_class, MmNewGameDialog, computer_box);
  gtk_widget_class_bind_template_child (widget_class, MmNewGameDialog, level_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MmNewGameDialog, color_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MmNewGameDialog, computer_note);
  gtk_widget_class_bind_template_child (widget_class, MmNewGameDialog, black_entry);
  gtk_widget_class_bind_template_child (widget_class, MmNewGameDialog, white_entry);
  gtk_widget_class_bind_template_child (widget_class, MmNewGameDialog, start_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MmNewGameDialog, timed_switch);
  gtk_widget_class_bind_template_child (widget_class, MmNewGameDialog, minutes_spin);
  gtk_widget_class_bind_template_child (widget_class, MmNewGameDialog, increment_spin);
  gtk_widget_class_bind_template_child (widget_class, MmNewGameDialog, clock_box);
  gtk_widget_class_bind_template_child (widget_class, MmNewGameDialog, increment_box);
  gtk_widget_class_bind_template_child (widget_class, MmNewGameDialog, start_button);

  gtk_widget_class_install_action (widget_class, "dialog.start", NULL,
                                   mm_new_game_dialog_start_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
mm_new_game_dialog_init (MmNewGameDialog *self)
{
  g_autoptr(MmNewGameSetup) last = NULL;
  g_autoptr(GtkStringList) levels = gtk_string_list_new (NULL);
  g_autofree char *engine = NULL;
  g_autoptr(MmAiWeights) weights = NULL;
  g_autoptr(GError) error = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = g_settings_new ("io.github.monomachia.Monomachia");

  for (int i = 0; i < MM_AI_N_PLAY_LEVELS; i++)
    gtk_string_list_append (levels, mm_ai_level_get_name (i));
  /* The engine named in Preferences comes after Monomachia's own levels. */
  engine = g_settings_get_string (self->settings, "engine-command");
  if (engine[0] != '\0')
    /* Translators: a choice of the computer's level: the external engine
     * of Preferences plays instead of Monomachia's own */
    gtk_string_list_append (levels, _("External engine"));
  gtk_drop_down_set_model (self->level_dropdown, G_LIST_MODEL (levels));

  /* Without its weights the computer cannot play: the note says why. */
  weights = mm_ai_weights_get_default (&error);
  if (weights == NULL)
    {
      gtk_widget_set_sensitive (GTK_WIDGET (self->computer_button), FALSE);
      gtk_label_set_text (self->computer_note, error->message);
    }

  /* The last choices come back. */
  last = mm_new_game_setup_new_from_settings (self->settings);
  mm_new_game_dialog_set_computer (self, last->level, last->human_color);
  mm_new_game_dialog_set_opponent (self, last->opponent);
  mm_new_game_dialog_set_names (self, last->black_name, last->white_name);
  mm_new_game_dialog_set_start_position (self, last->start);
  mm_new_game_dialog_set_clock (self, last->clock_minutes, last->clock_increment);

  g_signal_connect_object (self->timed_switch, "notify::active",
                           G_CALLBACK (mm_new_game_dialog_timed_cb), self, G_CONNECT_SWAPPED);
  mm_new_game_dialog_timed_cb (self);
  g_signal_connect_object (self->computer_button, "notify::active",
                           G_CALLBACK (mm_new_game_dialog_opponent_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->level_dropdown, "notify::selected",
                           G_CALLBACK (mm_new_game_dialog_opponent_cb), self, G_CONNECT_SWAPPED);
  mm_new_game_dialog_opponent_cb (self);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->start_button);
}

MmNewGameDialog *
mm_new_game_dialog_new (GtkWindow *parent)
{
  return g_object_new (MM_TYPE_NEW_GAME_DIALOG, "transient-for", parent, NULL);
}

void
mm_new_game_dialog_set_names (MmNewGameDialog *self,
                              const char      *black,
                              const char      *white)
{
  g_return_if_fail (MM_IS_NEW_GAME_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->black_entry), black != NULL ? black : "");
  gtk_editable_set_text (GTK_EDITABLE (self->white_entry), white != NULL ? white : "");
}

/* @start: a choice of the new-game-start key */
void
mm_new_game_dialog_set_start_position (MmNewGameDialog *self,
                                       const char      *start)
{
  g_return_if_fail (MM_IS_NEW_GAME_DIALOG (self));

  for (guint i = 0; i < G_N_ELEMENTS (start_positions); i++)
    if (g_strcmp0 (start, start_positions[i]) == 0)
      gtk_drop_down_set_selected (self->start_dropdown, i);
}

/* @minutes: 0 for an untimed game */
void
mm_new_game_dialog_set_clock (MmNewGameDialog *self,
                              int              minutes,
                              int              increment)
{
  g_return_if_fail (MM_IS_NEW_GAME_DIALOG (self));

  gtk_switch_set_active (self->timed_switch, minutes > 0);
  if (minutes > 0)
    gtk_spin_button_set_value (self->minutes_spin, minutes);
  gtk_spin_button_set_value (self->increment_spin, increment);
}

/* @opponent: a choice of the new-game-opponent key ("person",
 * "computer" or "computer-both"); one that cannot be chosen now leaves
 * the person. */
void
mm_new_game_dialog_set_opponent (MmNewGameDialog *self,
                                 const char      *opponent)
{
  gboolean computer;

  g_return_if_fail (MM_IS_NEW_GAME_DIALOG (self));

  computer = g_strcmp0 (opponent, "computer") == 0 || g_strcmp0 (opponent, "computer-both") == 0;
  if (computer && gtk_widget_get_sensitive (GTK_WIDGET (self->computer_button)))
    {
      gtk_check_button_set_active (self->computer_button, TRUE);
      if (g_strcmp0 (opponent, "computer-both") == 0)
        gtk_drop_down_set_selected (self->color_dropdown, COLOR_BOTH);
      else if (gtk_drop_down_get_selected (self->color_dropdown) == COLOR_BOTH)
        gtk_drop_down_set_selected (self->color_dropdown, COLOR_BLACK);
    }
  else if (g_strcmp0 (opponent, "online") == 0)
    gtk_check_button_set_active (self->online_button, TRUE);
  else
    gtk_check_button_set_active (self->person_button, TRUE);
}

/* @level: a choice of the computer-level key; @human_color: "black" or
 * "white", the colour the person plays against the computer. */
void
mm_new_game_dialog_set_computer (MmNewGameDialog *self,
                                 const char      *level,
                                 const char      *human_color)
{
  MmAiLevel value;

  g_return_if_fail (MM_IS_NEW_GAME_DIALOG (self));

  if (level != NULL && mm_ai_level_from_string (level, &value) && value < MM_AI_N_PLAY_LEVELS)
    gtk_drop_down_set_selected (self->level_dropdown, value);
  else if (g_strcmp0 (level, "external") == 0
           && g_list_model_get_n_items (gtk_drop_down_get_model (self->level_dropdown))
              > LEVEL_EXTERNAL)
    gtk_drop_down_set_selected (self->level_dropdown, LEVEL_EXTERNAL);
  if (human_color != NULL)
    gtk_drop_down_set_selected (self->color_dropdown,
                                g_strcmp0 (human_color, "white") == 0 ? COLOR_WHITE
                                                                      : COLOR_BLACK);
}

/* Whether @opponent ("person", "computer" or "online") can be chosen. */
gboolean
mm_new_game_dialog_is_available (MmNewGameDialog *self,
                                 const char      *opponent)
{
  GtkWidget *button = NULL;

  g_return_val_if_fail (MM_IS_NEW_GAME_DIALOG (self), FALSE);

  if (g_strcmp0 (opponent, "person") == 0)
    button = GTK_WIDGET (self->person_button);
  else if (g_strcmp0 (opponent, "computer") == 0)
    button = GTK_WIDGET (self->computer_button);
  else if (g_strcmp0 (opponent, "online") == 0)
    button = GTK_WIDGET (self->online_button);

  return button != NULL && gtk_widget_is_sensitive (button);
}

static void
replace_string (char       **field,
                const char  *value)
{
  g_free (*field);
  *field = g_strdup (value);
}

/* The choices made in the window; what it does not offer (the person's
 * side when the computer plays both, for one) stays as last chosen. */
static MmNewGameSetup *
mm_new_game_dialog_get_setup (MmNewGameDialog *self)
{
  MmNewGameSetup *setup = mm_new_game_setup_new_from_settings (self->settings);
  guint start = gtk_drop_down_get_selected (self->start_dropdown);
  guint level = gtk_drop_down_get_selected (self->level_dropdown);
  guint color = gtk_drop_down_get_selected (self->color_dropdown);
  const char *opponent = "person";

  if (gtk_check_button_get_active (self->computer_button)
      && gtk_widget_get_sensitive (GTK_WIDGET (self->computer_button)))
    opponent = color == COLOR_BOTH ? "computer-both" : "computer";
  else if (gtk_check_button_get_active (self->online_button))
    opponent = "online";
  replace_string (&setup->opponent, opponent);
  if (level < MM_AI_N_PLAY_LEVELS)
    replace_string (&setup->level, mm_ai_level_to_string (level));
  else if (level == LEVEL_EXTERNAL)
    replace_string (&setup->level, "external");
  if (color != COLOR_BOTH)
    replace_string (&setup->human_color, color == COLOR_WHITE ? "white" : "black");
  replace_string (&setup->black_name, gtk_editable_get_text (GTK_EDITABLE (self->black_entry)));
  replace_string (&setup->white_name, gtk_editable_get_text (GTK_EDITABLE (self->white_entry)));
  replace_string (&setup->start, start_positions[MIN (start, G_N_ELEMENTS (start_positions) - 1)]);
  setup->clock_minutes = gtk_switch_get_active (self->timed_switch)
                         ? gtk_spin_button_get_value_as_int (self->minutes_spin) : 0;
  setup->clock_increment = gtk_spin_button_get_value_as_int (self->increment_spin);
  return setup;
}

/* What Start does: keeps the choices for next time, hands them over with
 * ::start and goes. */
void
mm_new_game_dialog_start (MmNewGameDialog *self)
{
  g_autoptr(MmNewGameSetup) setup = NULL;

  g_return_if_fail (MM_IS_NEW_GAME_DIALOG (self));

  setup = mm_new_game_dialog_get_setup (self);
  /* Play Again replays a game here; an online one is found anew. */
  if (g_strcmp0 (setup->opponent, "online") != 0)
    mm_new_game_setup_save (setup, self->settings);

  g_object_ref (self);
  gtk_window_destroy (GTK_WINDOW (self));
  g_signal_emit (self, signals[START], 0, setup);
  g_object_unref (self);
}
