/* mm-move-list.c
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

#define G_LOG_DOMAIN "mm-move-list"

#include "config.h"

#include <glib/gi18n.h>

#include "mm-move-list.h"
#include "mm-opening-names.h"

struct _MmMoveList
{
  GtkWidget          parent_instance;

  MmGame            *game;
  /* The number of moves to the position on the board, or -1 for the
   * game as it stands. */
  int                shown;
  guint              scroll_source;

  /* Template widgets */
  GtkWidget         *browse_bar;
  GtkLabel          *browse_label;
  GtkLabel          *opening_label;
  GtkScrolledWindow *scroller;
  GtkWidget         *placeholder;
  GtkFlowBox        *flow_box;
};

enum
{
  SIGNAL_MOVE_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MmMoveList, mm_move_list, GTK_TYPE_WIDGET)

static GtkWidget *
new_move_item (MmGame *game,
               guint   index)
{
  MmColor color;
  int square = mm_game_get_move (game, index, &color);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  GtkWidget *number;
  GtkWidget *move;
  g_autofree char *number_text = g_strdup_printf ("%u", index + 1);
  g_autofree char *description = NULL;
  char name[3] = "";

  if (square == MM_SQUARE_PASS)
    {
      /* Translators: in the move list, a pass (a side without a legal move) */
      move = gtk_label_new (C_("move list", "pass"));
      if (color == MM_COLOR_BLACK)
        /* Translators: %u is the number of the move in the game */
        description = g_strdup_printf (_("Move %u: Black passes"), index + 1);
      else
        /* Translators: %u is the number of the move in the game */
        description = g_strdup_printf (_("Move %u: White passes"), index + 1);
    }
  else
    {
      mm_square_format (square, name);
      move = gtk_label_new (name);
      name[0] = g_ascii_toupper (name[0]);
      if (color == MM_COLOR_BLACK)
        /* Translators: %u is the number of the move, %s the square, as F5 */
        description = g_strdup_printf (_("Move %u: Black, %s"), index + 1, name);
      else
        /* Translators: %u is the number of the move, %s the square, as F5 */
        description = g_strdup_printf (_("Move %u: White, %s"), index + 1, name);
    }

  number = gtk_label_new (number_text);
  gtk_label_set_xalign (GTK_LABEL (number), 1);
  gtk_label_set_width_chars (GTK_LABEL (number), 2);
  gtk_widget_add_css_class (number, "dim-label");
  gtk_widget_add_css_class (number, "move-number");
  gtk_label_set_xalign (GTK_LABEL (move), 0);
  gtk_widget_add_css_class (move, "move-square");
  gtk_box_append (GTK_BOX (box), number);
  gtk_box_append (GTK_BOX (box), move);
  gtk_widget_add_css_class (box, "move");
  gtk_widget_add_css_class (box, color == MM_COLOR_BLACK ? "black" : "white");
  gtk_widget_set_tooltip_text (box, description);
  gtk_accessible_update_property (GTK_ACCESSIBLE (box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, description,
                                  -1);
  return box;
}

/* The index of the move whose position the board shows, or -1 for the
 * start. */
static int
mm_move_list_current (MmMoveList *self)
{
  int n_moves = self->game != NULL ? (int) mm_game_get_n_moves (self->game) : 0;

  return (self->shown < 0 ? n_moves : self->shown) - 1;
}

static void
mm_move_list_mark_current (MmMoveList *self)
{
  int current = mm_move_list_current (self);
  int index = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->flow_box));
       child != NULL;
       child = gtk_widget_get_next_sibling (child), index++)
    {
      if (index == current)
        gtk_widget_add_css_class (child, "current");
      else
        gtk_widget_remove_css_class (child, "current");
    }
}

/* The named opening of the moves up to the position shown, and the
 * moves that made it.  It stays once the game has left the opening's
 * lines: it is the opening the game was played from, as a record names
 * it (the status says the name only while the game is in it). */
static void
mm_move_list_update_opening (MmMoveList *self)
{
  g_autofree char *text = NULL;
  MmOpeningName found;
  guint n_moves = self->shown < 0 ? G_MAXUINT : (guint) self->shown;

  if (self->game != NULL && mm_opening_names_find (self->game, n_moves, &found))
    /* Translators: over the move list: %s is the name of an Othello
     * opening, as “Tiger”, and %u the number of moves that reached its
     * position, as in “Opening: Tiger (moves 1–5)” */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Opening: %s (move %u)",
                                         "Opening: %s (moves 1–%u)", found.n_moves),
                            mm_opening_names_translate (found.name), found.n_moves);

  gtk_label_set_text (self->opening_label, text != NULL ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (self->opening_label), text != NULL);
}

/* Once laid out, the marked move is brought into view: the last one as
 * the game goes on, an earlier one while it is shown. */
static gboolean
mm_move_list_scroll_cb (gpointer data)
{
  MmMoveList *self = data;
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);
  GtkFlowBoxChild *child;
  graphene_point_t top;
  int current = mm_move_list_current (self);
  double height, page, value;

  self->scroll_source = 0;
  child = current >= 0 ? gtk_flow_box_get_child_at_index (self->flow_box, current) : NULL;
  if (child == NULL)
    {
      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_lower (adjustment));
      return G_SOURCE_REMOVE;
    }
  if (self->shown < 0)
    {
      gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
      return G_SOURCE_REMOVE;
    }
  if (!gtk_widget_compute_point (GTK_WIDGET (child), GTK_WIDGET (self->flow_box),
                                 &GRAPHENE_POINT_INIT (0, 0), &top))
    return G_SOURCE_REMOVE;

  height = gtk_widget_get_height (GTK_WIDGET (child));
  page = gtk_adjustment_get_page_size (adjustment);
  value = gtk_adjustment_get_value (adjustment);
  if (top.y < value)
    gtk_adjustment_set_value (adjustment, top.y);
  else if (top.y + height > value + page)
    gtk_adjustment_set_value (adjustment, top.y + height - page);
  return G_SOURCE_REMOVE;
}

/* At low priority: the list has to be laid out first. */
static void
mm_move_list_schedule_scroll (MmMoveList *self)
{
  if (self->scroll_source == 0)
    self->scroll_source = g_idle_add_full (G_PRIORITY_LOW, mm_move_list_scroll_cb, self, NULL);
}

/**
 * mm_move_list_update:
 *
 * Brings the list up to the game: every move, passes too; moves taken
 * back are not in it.
 */
void
mm_move_list_update (MmMoveList *self)
{
  guint n_moves, n_items = 0;
  GtkWidget *child;

  g_return_if_fail (MM_IS_MOVE_LIST (self));

  n_moves = self->game != NULL ? mm_game_get_n_moves (self->game) : 0;
  for (child = gtk_widget_get_first_child (GTK_WIDGET (self->flow_box));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n_items++;

  /* Most changes add or remove a move or two at the end. */
  while (n_items > n_moves)
    {
      GtkFlowBoxChild *last = gtk_flow_box_get_child_at_index (self->flow_box,
                                                               (int) n_items - 1);

      gtk_flow_box_remove (self->flow_box, GTK_WIDGET (last));
      n_items--;
    }
  for (guint i = 0; i < n_items; i++)
    {
      GtkFlowBoxChild *item = gtk_flow_box_get_child_at_index (self->flow_box, (int) i);
      MmColor color;
      int square = mm_game_get_move (self->game, i, &color);
      int key = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (item), "mm-move"));

      if (key != square * 2 + (int) color + 1)
        {
          /* Another game: start again. */
          while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->flow_box))) != NULL)
            gtk_flow_box_remove (self->flow_box, child);
          n_items = 0;
          break;
        }
    }
  for (guint i = n_items; i < n_moves; i++)
    {
      MmColor color;
      int square = mm_game_get_move (self->game, i, &color);

      gtk_flow_box_append (self->flow_box, new_move_item (self->game, i));
      g_object_set_data (G_OBJECT (gtk_flow_box_get_child_at_index (self->flow_box, (int) i)),
                         "mm-move", GINT_TO_POINTER (square * 2 + (int) color + 1));
    }

  gtk_widget_set_visible (self->placeholder, n_moves == 0);
  mm_move_list_mark_current (self);
  mm_move_list_update_opening (self);
  if (n_moves > n_items)
    mm_move_list_schedule_scroll (self);
}

/* The game whose moves are listed. */
void
mm_move_list_set_game (MmMoveList *self,
                       MmGame     *game)
{
  g_return_if_fail (MM_IS_MOVE_LIST (self));

  g_set_object (&self->game, game);
  mm_move_list_update (self);
}

/**
 * mm_move_list_set_shown:
 * @n_moves: the number of moves to the position on the board, or -1 for
 *   the game as it stands
 * @text: (nullable): what the bar says of an earlier position
 */
void
mm_move_list_set_shown (MmMoveList *self,
                        int         n_moves,
                        const char *text)
{
  g_return_if_fail (MM_IS_MOVE_LIST (self));

  self->shown = n_moves;
  gtk_label_set_text (self->browse_label, text != NULL ? text : "");
  gtk_widget_set_visible (self->browse_bar, n_moves >= 0);
  mm_move_list_mark_current (self);
  mm_move_list_update_opening (self);
  mm_move_list_schedule_scroll (self);
}

/* A narrow window gives the list a few rows only. */
void
mm_move_list_set_narrow (MmMoveList *self,
                         gboolean    narrow)
{
  g_return_if_fail (MM_IS_MOVE_LIST (self));

  /* A widget of its own does not take its children's expansion. */
  gtk_widget_set_vexpand (GTK_WIDGET (self), !narrow);
  gtk_widget_set_vexpand (GTK_WIDGET (self->scroller), !narrow);
  gtk_widget_set_size_request (GTK_WIDGET (self->scroller), -1, narrow ? 48 : -1);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                              narrow ? 6 : 12);
}

/* The list as it reads: "f5 d6 pass c3". */
char *
mm_move_list_dup_text (MmMoveList *self)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (MM_IS_MOVE_LIST (self), NULL);

  for (GtkWidget *child = gtk_widget_get_first_child (GTK_WIDGET (self->flow_box));
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *box = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (child));
      GtkWidget *move = gtk_widget_get_last_child (box);

      if (text->len > 0)
        g_string_append_c (text, ' ');
      g_string_append (text, gtk_label_get_text (GTK_LABEL (move)));
    }

  return g_string_free (text, FALSE);
}

/* What the bar says of the earlier position shown, or NULL. */
const char *
mm_move_list_get_browse_text (MmMoveList *self)
{
  g_return_val_if_fail (MM_IS_MOVE_LIST (self), NULL);

  return gtk_widget_get_visible (self->browse_bar) ? gtk_label_get_text (self->browse_label)
                                                   : NULL;
}

GtkFlowBox *
mm_move_list_get_flow_box (MmMoveList *self)
{
  g_return_val_if_fail (MM_IS_MOVE_LIST (self), NULL);

  return self->flow_box;
}

static void
mm_move_list_child_activated_cb (MmMoveList      *self,
                                 GtkFlowBoxChild *child)
{
  g_signal_emit (self, signals[SIGNAL_MOVE_ACTIVATED], 0,
                 gtk_flow_box_child_get_index (child) + 1);
}

static void
mm_move_list_dispose (GObject *object)
{
  MmMoveList *self = MM_MOVE_LIST (object);
  GtkWidget *child;

  g_clear_handle_id (&self->scroll_source, g_source_remove);
  g_clear_object (&self->game);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (mm_move_list_parent_class)->dispose (object);
}

static void
mm_move_list_class_init (MmMoveListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mm_move_list_dispose;

  /* A move was activated: the position after that many moves is wanted
   * on the board. */
  signals[SIGNAL_MOVE_ACTIVATED] =
    g_signal_new ("move-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/monomachia/Monomachia/ui/mm-move-list.ui");
  gtk_widget_class_bind_template_child (widget_class, MmMoveList, browse_bar);
  gtk_widget_class_bind_template_child (widget_class, MmMoveList, browse_label);
  gtk_widget_class_bind_template_child (widget_class, MmMoveList, opening_label);
  gtk_widget_class_bind_template_child (widget_class, MmMoveList, scroller);
  gtk_widget_class_bind_template_child (widget_class, MmMoveList, placeholder);
  gtk_widget_class_bind_template_child (widget_class, MmMoveList, flow_box);
  gtk_widget_class_bind_template_callback (widget_class, mm_move_list_child_activated_cb);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
}

static void
mm_move_list_init (MmMoveList *self)
{
  GtkLayoutManager *layout;

  self->shown = -1;
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  layout = gtk_widget_get_layout_manager (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (layout), GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (layout), 12);
}
