/* mm-board-editor.c
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

#define G_LOG_DOMAIN "mm-board-editor"

#include "config.h"

#include "mm-board-editor.h"

struct _MmBoardEditor
{
  GtkWidget        parent_instance;

  guint64          black;
  guint64          white;

  /* Template widgets */
  GtkToggleButton *black_button;
  GtkToggleButton *white_button;
  GtkToggleButton *empty_button;
  GtkDropDown     *side_dropdown;
  GtkWidget       *spacer;
};

enum
{
  SIGNAL_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MmBoardEditor, mm_board_editor, GTK_TYPE_WIDGET)

static void
mm_board_editor_changed (MmBoardEditor *self)
{
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static MmColor
mm_board_editor_get_side (MmBoardEditor *self)
{
  return gtk_drop_down_get_selected (self->side_dropdown) == 1 ? MM_COLOR_WHITE
                                                                : MM_COLOR_BLACK;
}

/* The setting up starts from this position. */
void
mm_board_editor_begin (MmBoardEditor *self,
                       guint64        black,
                       guint64        white,
                       MmColor        side)
{
  g_return_if_fail (MM_IS_BOARD_EDITOR (self));

  self->black = black;
  self->white = white;
  gtk_drop_down_set_selected (self->side_dropdown, side == MM_COLOR_WHITE ? 1 : 0);
  mm_board_editor_changed (self);
}

/* A click puts a disc of the chosen colour, or takes it away when the
 * square already has one. */
void
mm_board_editor_paint (MmBoardEditor *self,
                       int            square)
{
  guint64 bit;
  MmDisc paint = MM_DISC_NONE;

  g_return_if_fail (MM_IS_BOARD_EDITOR (self));
  g_return_if_fail (square >= 0 && square < MM_N_SQUARES);

  bit = G_GUINT64_CONSTANT (1) << square;
  if (gtk_toggle_button_get_active (self->black_button))
    paint = MM_DISC_BLACK;
  else if (gtk_toggle_button_get_active (self->white_button))
    paint = MM_DISC_WHITE;

  if ((paint == MM_DISC_BLACK && (self->black & bit))
      || (paint == MM_DISC_WHITE && (self->white & bit)))
    paint = MM_DISC_NONE;

  self->black &= ~bit;
  self->white &= ~bit;
  if (paint == MM_DISC_BLACK)
    self->black |= bit;
  else if (paint == MM_DISC_WHITE)
    self->white |= bit;
  mm_board_editor_changed (self);
}

/* Every square empty. */
void
mm_board_editor_clear (MmBoardEditor *self)
{
  g_return_if_fail (MM_IS_BOARD_EDITOR (self));

  self->black = 0;
  self->white = 0;
  mm_board_editor_changed (self);
}

/* The four discs of the usual start, Black to move. */
void
mm_board_editor_reset_start (MmBoardEditor *self)
{
  MmBoard board;

  g_return_if_fail (MM_IS_BOARD_EDITOR (self));

  mm_board_init_start (&board);
  self->black = board.player;
  self->white = board.opponent;
  gtk_drop_down_set_selected (self->side_dropdown, 0);
  mm_board_editor_changed (self);
}

void
mm_board_editor_get_position (MmBoardEditor *self,
                              guint64       *black,
                              guint64       *white,
                              MmColor       *side)
{
  g_return_if_fail (MM_IS_BOARD_EDITOR (self));

  *black = self->black;
  *white = self->white;
  *side = mm_board_editor_get_side (self);
}

/* What clicks place, and who moves first. */
void
mm_board_editor_set_tools (MmBoardEditor *self,
                           MmDisc         paint,
                           MmColor        side)
{
  g_return_if_fail (MM_IS_BOARD_EDITOR (self));

  if (paint == MM_DISC_BLACK)
    gtk_toggle_button_set_active (self->black_button, TRUE);
  else if (paint == MM_DISC_WHITE)
    gtk_toggle_button_set_active (self->white_button, TRUE);
  else
    gtk_toggle_button_set_active (self->empty_button, TRUE);
  gtk_drop_down_set_selected (self->side_dropdown, side == MM_COLOR_WHITE ? 1 : 0);
}

/* A narrow window has the bar's groups one above the other. */
void
mm_board_editor_set_narrow (MmBoardEditor *self,
                            gboolean       narrow)
{
  g_return_if_fail (MM_IS_BOARD_EDITOR (self));

  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  narrow ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL);
  gtk_widget_set_visible (self->spacer, !narrow);
}

static void
mm_board_editor_side_changed_cb (MmBoardEditor *self)
{
  mm_board_editor_changed (self);
}

static void
mm_board_editor_dispose (GObject *object)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (object))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (mm_board_editor_parent_class)->dispose (object);
}

static void
mm_board_editor_class_init (MmBoardEditorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mm_board_editor_dispose;

  /* The position set up, or who moves first, changed. */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/monomachia/Monomachia/ui/mm-board-editor.ui");
  gtk_widget_class_bind_template_child (widget_class, MmBoardEditor, black_button);
  gtk_widget_class_bind_template_child (widget_class, MmBoardEditor, white_button);
  gtk_widget_class_bind_template_child (widget_class, MmBoardEditor, empty_button);
  gtk_widget_class_bind_template_child (widget_class, MmBoardEditor, side_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MmBoardEditor, spacer);
  gtk_widget_class_bind_template_callback (widget_class, mm_board_editor_side_changed_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
}

static void
mm_board_editor_init (MmBoardEditor *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                              6);
}
