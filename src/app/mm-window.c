/* mm-window.c
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

#define G_LOG_DOMAIN "mm-window"

#include "config.h"

#include <glib/gi18n.h>

#include "mm-board-view.h"
#include "mm-window.h"
#include "mm-window-private.h"

struct _MmWindow
{
  GtkApplicationWindow  parent_instance;

  /* Owned references */
  MmGame               *game;
  GSettings            *settings;

  /* Template widgets */
  MmBoardView          *board_view;
  GtkWidget            *black_row;
  GtkWidget            *white_row;
  GtkLabel             *black_count_label;
  GtkLabel             *white_count_label;
  GtkLabel             *turn_label;
  GtkLabel             *message_label;
};

G_DEFINE_FINAL_TYPE (MmWindow, mm_window, GTK_TYPE_APPLICATION_WINDOW)

static void
mm_window_show_message (MmWindow   *self,
                        const char *message)
{
  gtk_label_set_text (self->message_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), message != NULL && *message);
}

static void
mm_window_update_status (MmWindow *self)
{
  g_autofree char *black = g_strdup_printf ("%u", mm_game_get_black_count (self->game));
  g_autofree char *white = g_strdup_printf ("%u", mm_game_get_white_count (self->game));
  gboolean over = mm_game_is_over (self->game);
  MmColor side = mm_game_get_side_to_move (self->game);

  gtk_label_set_text (self->black_count_label, black);
  gtk_label_set_text (self->white_count_label, white);

  if (over)
    gtk_label_set_text (self->turn_label, _("Game over"));
  else if (side == MM_COLOR_BLACK)
    gtk_label_set_text (self->turn_label, _("Black to move"));
  else
    gtk_label_set_text (self->turn_label, _("White to move"));

  /* The row of the side to move is highlighted. */
  if (!over && side == MM_COLOR_BLACK)
    gtk_widget_add_css_class (self->black_row, "current");
  else
    gtk_widget_remove_css_class (self->black_row, "current");
  if (!over && side == MM_COLOR_WHITE)
    gtk_widget_add_css_class (self->white_row, "current");
  else
    gtk_widget_remove_css_class (self->white_row, "current");

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", mm_game_can_undo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", mm_game_can_redo (self->game));
}

static char *
result_message (guint black,
                guint white)
{
  if (black > white)
    /* Translators: the end of a game; the numbers are the black and white disc counts */
    return g_strdup_printf (_("Black wins %u-%u"), black, white);
  if (white > black)
    /* Translators: the end of a game; the numbers are the white and black disc counts */
    return g_strdup_printf (_("White wins %u-%u"), white, black);
  /* Translators: the end of a game with equal counts, as "Draw 32-32" */
  return g_strdup_printf (_("Draw %u-%u"), black, white);
}

static void
mm_window_move_played_cb (MmWindow *self)
{
  mm_window_show_message (self, NULL);
}

static void
mm_window_passed_cb (MmWindow *self,
                     MmColor   color)
{
  if (color == MM_COLOR_BLACK)
    mm_window_show_message (self, _("Black has no move and passes"));
  else
    mm_window_show_message (self, _("White has no move and passes"));
}

static void
mm_window_game_over_cb (MmWindow *self,
                        guint     black,
                        guint     white)
{
  g_autofree char *message = result_message (black, white);

  mm_window_show_message (self, message);
}

static void
mm_window_position_changed_cb (MmWindow *self)
{
  g_autofree char *message = NULL;

  /* After an undo into a finished game, or a new game, say what holds now. */
  if (mm_game_is_over (self->game))
    message = result_message (mm_game_get_black_count (self->game),
                              mm_game_get_white_count (self->game));
  mm_window_show_message (self, message);
}

static void
mm_window_square_activated_cb (MmWindow *self,
                               int       square)
{
  g_autoptr(GError) error = NULL;

  g_assert (MM_IS_WINDOW (self));

  if (!mm_game_play (self->game, square, &error))
    mm_window_show_message (self, error->message);
}

static void
mm_window_new_game_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);

  mm_game_restart (self->game);
}

static void
mm_window_undo_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);

  mm_game_undo (self->game);
}

static void
mm_window_redo_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);

  mm_game_redo (self->game);
}

/* The keyboard starts on the board, on the first legal move, so that arrow
 * keys, Enter and typed square names work at once. */
static void
mm_window_focus_board (MmWindow *self)
{
  guint64 legal = mm_game_get_legal_moves (self->game);
  int square = legal != 0 ? mm_first_square (legal) : 0;

  gtk_window_set_focus (GTK_WINDOW (self),
                        mm_board_view_get_square (self->board_view, square));
}

static void
mm_window_restore_size (MmWindow *self)
{
  int width = g_settings_get_int (self->settings, "window-width");
  int height = g_settings_get_int (self->settings, "window-height");

  if (width > 0 && height > 0)
    gtk_window_set_default_size (GTK_WINDOW (self), width, height);
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

static gboolean
mm_window_close_request (GtkWindow *window)
{
  MmWindow *self = MM_WINDOW (window);
  int width, height;

  /* The size without maximising, so that unmaximising gives it back. */
  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));

  return GTK_WINDOW_CLASS (mm_window_parent_class)->close_request (window);
}

static void
mm_window_dispose (GObject *object)
{
  MmWindow *self = (MmWindow *)object;

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (mm_window_parent_class)->dispose (object);
}

static void
mm_window_class_init (MmWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = mm_window_dispose;
  window_class->close_request = mm_window_close_request;

  g_type_ensure (MM_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/ui/mm-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MmWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, black_row);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, white_row);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, black_count_label);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, white_count_label);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, turn_label);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, message_label);
  gtk_widget_class_bind_template_callback (widget_class, mm_window_square_activated_cb);

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, mm_window_new_game_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, mm_window_undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, mm_window_redo_action);
}

static void
mm_window_init (MmWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->settings = g_settings_new ("io.github.monomachia.Monomachia");
  g_settings_bind (self->settings, "show-legal-moves",
                   self->board_view, "show-legal-moves", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-last-move",
                   self->board_view, "show-last-move", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-coordinates",
                   self->board_view, "show-coordinates", G_SETTINGS_BIND_GET);
  mm_window_restore_size (self);

  self->game = mm_game_new ();
  g_signal_connect_object (self->game, "move-played",
                           G_CALLBACK (mm_window_move_played_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "passed",
                           G_CALLBACK (mm_window_passed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "game-over",
                           G_CALLBACK (mm_window_game_over_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "position-changed",
                           G_CALLBACK (mm_window_position_changed_cb), self, G_CONNECT_SWAPPED);
  /* Every change of the position ends in a notification of n-moves or of
   * the counts; one handler keeps the panel in step. */
  g_signal_connect_object (self->game, "notify",
                           G_CALLBACK (mm_window_update_status), self, G_CONNECT_SWAPPED);
  mm_board_view_set_game (self->board_view, self->game);

  mm_window_show_message (self, NULL);
  mm_window_update_status (self);
  mm_window_focus_board (self);
}

MmWindow *
mm_window_new (GtkApplication *application)
{
  return g_object_new (MM_TYPE_WINDOW, "application", application, NULL);
}

MmGame *
mm_window_get_game (MmWindow *self)
{
  g_return_val_if_fail (MM_IS_WINDOW (self), NULL);

  return self->game;
}

MmBoardView *
_mm_window_get_board_view (MmWindow *self)
{
  return self->board_view;
}

const char *
_mm_window_get_count_text (MmWindow *self,
                           MmColor   color)
{
  return gtk_label_get_text (color == MM_COLOR_BLACK ? self->black_count_label
                                                     : self->white_count_label);
}

const char *
_mm_window_get_turn_text (MmWindow *self)
{
  return gtk_label_get_text (self->turn_label);
}

const char *
_mm_window_get_message_text (MmWindow *self)
{
  return gtk_label_get_text (self->message_label);
}
