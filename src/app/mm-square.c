/* mm-square.c
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

/* One square of the board as a widget of its own: it draws nothing (the
 * board view paints the board under it, the focus ring too) but takes
 * the keyboard focus, the clicks and the screen reader's attention, which
 * GTK 4.8 gives only to widgets, and says what it holds. */

#define G_LOG_DOMAIN "mm-square"

#include "config.h"

#include <glib/gi18n.h>

#include "mm-square.h"

struct _MmSquare
{
  GtkWidget  parent_instance;

  int        index;
};

G_DEFINE_FINAL_TYPE (MmSquare, mm_square, GTK_TYPE_WIDGET)

enum {
  ACTIVATE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* Its name (D3) and what lies on it. */
static char *
mm_square_describe_contents (MmSquare            *self,
                             const MmSquareState *state)
{
  char name[3];

  mm_square_format (self->index, name);
  name[0] = g_ascii_toupper (name[0]);

  switch (state->disc)
    {
    case MM_DISC_BLACK:
      /* Translators: a square of the board as a screen reader says it; %s is its name, as D3 */
      return g_strdup_printf (_("%s, black"), name);
    case MM_DISC_WHITE:
      /* Translators: a square of the board as a screen reader says it; %s is its name, as D3 */
      return g_strdup_printf (_("%s, white"), name);
    case MM_DISC_NONE:
    default:
      if (state->legal)
        /* Translators: a square of the board as a screen reader says it; %s is its name, as D3 */
        return g_strdup_printf (_("%s, empty, legal move"), name);
      /* Translators: a square of the board as a screen reader says it; %s is its name, as D3 */
      return g_strdup_printf (_("%s, empty"), name);
    }
}

/* Adds @said after what *@description says already, if anything. */
static void
append_sentence (char       **description,
                 const char  *said)
{
  char *joined;

  if (*description == NULL)
    {
      *description = g_strdup (said);
      return;
    }
  /* Translators: two things a screen reader says about a square, as
   * “Flips 2 discs. Score +3.5” */
  joined = g_strdup_printf (_("%s. %s"), *description, said);
  g_free (*description);
  *description = joined;
}

static char *
describe_score (const MmSquareState *state)
{
  g_autofree char *score = mm_ai_format_score (state->score->score, state->score->exact);
  g_autofree char *said = NULL;

  if (state->score->book)
    /* Translators: said by a screen reader on a square in analysis mode;
     * %s is the estimated disc difference that the opening book gives
     * the move, as +1.0 */
    said = g_strdup_printf (_("Book score %s"), score);
  else if (state->score->exact)
    /* Translators: said by a screen reader on a square in analysis mode;
     * %s is the final disc difference under perfect play, as +4 */
    said = g_strdup_printf (_("Exact score %s"), score);
  else
    /* Translators: said by a screen reader on a square in analysis mode;
     * %s is the estimated disc difference, as +3.5 */
    said = g_strdup_printf (_("Score %s"), score);
  if (!state->best)
    return g_steal_pointer (&said);

  /* Translators: said by a screen reader on the best square in
   * analysis mode, after its score: “Score +3.5, best move” */
  return g_strdup_printf (_("%s, best move"), said);
}

static const char *
describe_review_mark (const MmSquareState *state)
{
  if (state->review_mark == 1)
    /* Translators: said by a screen reader on the square of a mistake
     * that Analyse Game found, in the position where it was made */
    return _("The mistake played here");
  /* Translators: said by a screen reader on the square of the better
   * move that Analyse Game found, in the position of a mistake */
  return _("The better move");
}

/* What a screen reader says after the square's name: the flips of the
 * move or the last move, the score, the review's mark. */
static char *
mm_square_describe_more (const MmSquareState *state)
{
  char *description = NULL;

  if (state->n_flips >= 0)
    /* Translators: said by a screen reader after the name of a legal square */
    description = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Flips %u disc",
                                                "Flips %u discs", (gulong) state->n_flips),
                                   (guint) state->n_flips);
  else if (state->last_move)
    /* Translators: said by a screen reader after the name of a square */
    description = g_strdup (_("Last move"));

  if (state->score != NULL)
    {
      g_autofree char *score = describe_score (state);

      append_sentence (&description, score);
    }
  if (state->review_mark != 0)
    append_sentence (&description, describe_review_mark (state));
  return description;
}

static void
mm_square_click_released_cb (MmSquare        *self,
                             int              n_press,
                             double           x,
                             double           y,
                             GtkGestureClick *gesture)
{
  g_assert (MM_IS_SQUARE (self));

  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  gtk_widget_activate (GTK_WIDGET (self));
}

static void
mm_square_class_init (MmSquareClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  const guint activate_keys[] = { GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter,
                                  GDK_KEY_space, GDK_KEY_KP_Space };

  /**
   * MmSquare::activate:
   *
   * A click, Enter or Space, or the screen reader's "press" on the square.
   */
  signals[ACTIVATE] =
    g_signal_new ("activate", G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST | G_SIGNAL_ACTION,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  gtk_widget_class_set_activate_signal (widget_class, signals[ACTIVATE]);

  for (guint i = 0; i < G_N_ELEMENTS (activate_keys); i++)
    gtk_widget_class_add_binding_signal (widget_class, activate_keys[i], 0, "activate", NULL);

  gtk_widget_class_set_css_name (widget_class, "square");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_BUTTON);
}

static void
mm_square_init (MmSquare *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);

  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (click), GDK_BUTTON_PRIMARY);
  g_signal_connect_object (click, "released",
                           G_CALLBACK (mm_square_click_released_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

GtkWidget *
mm_square_new (int square)
{
  MmSquare *self = g_object_new (MM_TYPE_SQUARE, NULL);

  self->index = square;
  return GTK_WIDGET (self);
}

int
mm_square_get_index (MmSquare *self)
{
  g_return_val_if_fail (MM_IS_SQUARE (self), -1);

  return self->index;
}

/* Brings the accessible name and description, the pointer and the style
 * class "legal" in line with what the square holds. */
void
mm_square_set_state (MmSquare            *self,
                     const MmSquareState *state)
{
  g_autofree char *label = NULL;
  g_autofree char *description = NULL;

  g_return_if_fail (MM_IS_SQUARE (self));
  g_return_if_fail (state != NULL);

  label = mm_square_describe_contents (self, state);
  description = mm_square_describe_more (state);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  description != NULL ? description : "",
                                  -1);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), state->legal ? "pointer" : NULL);
  if (state->legal)
    gtk_widget_add_css_class (GTK_WIDGET (self), "legal");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "legal");
}
