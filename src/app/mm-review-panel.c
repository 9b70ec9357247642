/* mm-review-panel.c
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

#define G_LOG_DOMAIN "mm-review-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "mm-ai-player.h"
#include "mm-review-panel.h"

/* The reviewer runs beside the opponent and analysis mode: a smaller
 * table than the opponent's. */
#define REVIEW_HASH_MEGABYTES 32

struct _MmReviewPanel
{
  GtkWidget       parent_instance;

  /* The review: the game it is about, what it found so far, and whether
   * it was stopped before the end. */
  MmAiPlayer     *reviewer;
  GCancellable   *cancellable;
  MmGameRecord   *record;
  GArray         *entries;
  gboolean        stopped;
  guint           n_mistakes_listed;

  /* Template widgets */
  GtkWidget      *stop_button;
  GtkProgressBar *progress;
  GtkLabel       *status_label;
  MmEvalGraph    *eval_graph;
  GtkListBox     *mistakes_list;
  GtkLabel       *mistakes_placeholder;
};

enum
{
  PROP_0,
  PROP_RUNNING,
  PROP_SHOWN,
  N_PROPS
};

enum
{
  SIGNAL_POSITION_ACTIVATED,
  SIGNAL_FINISHED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MmReviewPanel, mm_review_panel, GTK_TYPE_WIDGET)

/* "18. d3 (Black) loses 6 discs; c4 was best" */
static char *
mistake_text (const MmReviewEntry *entry,
              guint                index)
{
  int discs = (mm_review_entry_get_loss (entry) + MM_EVAL_SCALE / 2) / MM_EVAL_SCALE;
  char played[3] = "", best[3] = "";

  if (entry->move >= 0 && entry->move < MM_N_SQUARES)
    mm_square_format (entry->move, played);
  if (entry->best_move >= 0 && entry->best_move < MM_N_SQUARES)
    mm_square_format (entry->best_move, best);

  if (entry->color == MM_COLOR_BLACK)
    /* Translators: a mistake found by Analyse Game: the number of the
     * move, its square, the discs it loses and the better square, as
     * “18. d3 (Black) loses 6 discs; c4 was best” */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u. %s (Black) loses %d disc; %s was best",
                                         "%u. %s (Black) loses %d discs; %s was best", discs),
                            index + 1, played, discs, best);
  /* Translators: a mistake found by Analyse Game: the number of the
   * move, its square, the discs it loses and the better square, as
   * “19. c5 (White) loses 4 discs; e6 was best” */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u. %s (White) loses %d disc; %s was best",
                                       "%u. %s (White) loses %d discs; %s was best", discs),
                          index + 1, played, discs, best);
}

static GtkWidget *
new_mistake_row (const MmReviewEntry *entry,
                 guint                index)
{
  g_autofree char *text = mistake_text (entry, index);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *disc = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  GtkWidget *label = gtk_label_new (text);

  gtk_widget_add_css_class (disc, "disc");
  gtk_widget_add_css_class (disc, "small");
  gtk_widget_add_css_class (disc, entry->color == MM_COLOR_BLACK ? "black" : "white");
  /* Beside the first line when the text takes two. */
  gtk_widget_set_valign (disc, GTK_ALIGN_START);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  /* A long line wraps within the panel rather than widening it. */
  gtk_label_set_max_width_chars (GTK_LABEL (label), 30);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), disc);
  gtk_box_append (GTK_BOX (box), label);
  gtk_widget_add_css_class (box, "mistake");
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_widget_set_tooltip_text (row, text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, text,
                                  -1);
  g_object_set_data (G_OBJECT (row), "mm-position", GUINT_TO_POINTER (index));
  return row;
}

/* The mistakes in the order of the game.  A position once reviewed does
 * not change, so the list is made again only when it has more. */
static void
mm_review_panel_update_mistakes (MmReviewPanel *self)
{
  guint n_mistakes = 0;
  GtkWidget *child;

  for (guint i = 0; self->entries != NULL && i < self->entries->len; i++)
    if (mm_review_entry_is_mistake (&g_array_index (self->entries, MmReviewEntry, i)))
      n_mistakes++;
  if (n_mistakes == self->n_mistakes_listed)
    return;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->mistakes_list))) != NULL)
    gtk_list_box_remove (self->mistakes_list, child);
  for (guint i = 0; self->entries != NULL && i < self->entries->len; i++)
    {
      const MmReviewEntry *entry = &g_array_index (self->entries, MmReviewEntry, i);

      if (mm_review_entry_is_mistake (entry))
        gtk_list_box_append (self->mistakes_list, new_mistake_row (entry, i));
    }
  self->n_mistakes_listed = n_mistakes;
}

static guint
mm_review_panel_count_mistakes (MmReviewPanel *self,
                                MmColor        color)
{
  guint n = 0;

  for (guint i = 0; self->entries != NULL && i < self->entries->len; i++)
    {
      const MmReviewEntry *entry = &g_array_index (self->entries, MmReviewEntry, i);

      if (entry->color == color && mm_review_entry_is_mistake (entry))
        n++;
    }
  return n;
}

static void
mm_review_panel_update_status (MmReviewPanel *self)
{
  gboolean running = self->cancellable != NULL;
  guint n_positions = self->record != NULL ? mm_game_record_get_n_moves (self->record) + 1 : 0;
  guint n_reviewed = mm_eval_graph_get_n_reviewed (self->eval_graph);
  g_autofree char *text = NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.stop", running);
  gtk_widget_set_visible (self->stop_button, running);
  gtk_widget_set_visible (GTK_WIDGET (self->progress), running);
  gtk_progress_bar_set_fraction (self->progress,
                                 n_positions > 0 ? (double) n_reviewed / n_positions : 0);

  if (running)
    {
      /* Translators: while Analyse Game runs; the numbers are positions */
      text = g_strdup_printf (_("Reviewing the game: %u of %u positions…"),
                              n_reviewed, n_positions);
      /* Translators: in the mistake list while Analyse Game runs */
      gtk_label_set_text (self->mistakes_placeholder, _("No mistakes found so far."));
    }
  else
    {
      guint black = mm_review_panel_count_mistakes (self, MM_COLOR_BLACK);
      guint white = mm_review_panel_count_mistakes (self, MM_COLOR_WHITE);
      g_autofree char *black_text = NULL;
      g_autofree char *white_text = NULL;

      /* Translators: part of the result of Analyse Game, as “Black: 2 mistakes” */
      black_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Black: %u mistake",
                                                 "Black: %u mistakes", black), black);
      /* Translators: part of the result of Analyse Game, as “White: 1 mistake” */
      white_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "White: %u mistake",
                                                 "White: %u mistakes", white), white);
      if (self->stopped)
        /* Translators: the review was stopped; %u are positions, then the
         * mistakes of each side found so far, as “Black: 2 mistakes” */
        text = g_strdup_printf (_("Review stopped after %u of %u positions. %s, %s"),
                                n_reviewed, n_positions, black_text, white_text);
      else
        /* Translators: the end of Analyse Game; the mistakes of each side,
         * as “Black: 2 mistakes” */
        text = g_strdup_printf (_("Review done. %s, %s"), black_text, white_text);
      gtk_label_set_text (self->mistakes_placeholder,
                          /* Translators: in the mistake list after Analyse
                           * Game; a mistake loses 3 discs or more */
                          _("No mistakes: no move lost 3 discs or more."));
    }
  gtk_label_set_text (self->status_label, text);
}

static void
mm_review_panel_show_entries (MmReviewPanel *self,
                              GArray        *entries)
{
  if (self->entries != entries)
    {
      g_clear_pointer (&self->entries, g_array_unref);
      self->entries = g_array_copy (entries);
    }
  mm_eval_graph_set_entries (self->eval_graph, entries);
  mm_review_panel_update_mistakes (self);
  mm_review_panel_update_status (self);
}

static void
mm_review_panel_progress_cb (MmReviewPanel *self,
                             GArray        *entries,
                             guint          index,
                             MmAiPlayer    *player)
{
  if (self->cancellable != NULL)
    mm_review_panel_show_entries (self, entries);
}

typedef struct
{
  MmReviewPanel *self;
  GCancellable  *cancellable;
} Review;

static void
review_free (Review *review)
{
  g_object_unref (review->self);
  g_object_unref (review->cancellable);
  g_free (review);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Review, review_free)

static void
mm_review_panel_reviewed_cb (GObject      *source,
                             GAsyncResult *result,
                             gpointer      user_data)
{
  g_autoptr(Review) review = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) entries = NULL;
  MmReviewPanel *self = review->self;

  entries = mm_ai_player_review_finish (MM_AI_PLAYER (source), result, &error);
  if (g_cancellable_is_cancelled (review->cancellable) || review->cancellable != self->cancellable)
    return;

  g_clear_object (&self->cancellable);
  if (entries == NULL)
    {
      self->stopped = TRUE;
      mm_review_panel_update_status (self);
    }
  else
    mm_review_panel_show_entries (self, entries);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0, error);
}

/**
 * mm_review_panel_start:
 * @limits: how deep each position is searched
 *
 * Shows the panel and reviews @game as it stands now; a review in
 * progress is dropped.
 *
 * Returns: %FALSE when there is no computer player to review with (its
 *   weights are missing), with @error set
 */
gboolean
mm_review_panel_start (MmReviewPanel         *self,
                       MmGame                *game,
                       const MmSearchLimits  *limits,
                       GError               **error)
{
  Review *review;

  g_return_val_if_fail (MM_IS_REVIEW_PANEL (self), FALSE);
  g_return_val_if_fail (MM_IS_GAME (game), FALSE);

  if (self->reviewer == NULL)
    {
      self->reviewer = g_initable_new (MM_TYPE_AI_PLAYER, NULL, error,
                                       "hash-megabytes", REVIEW_HASH_MEGABYTES,
                                       NULL);
      if (self->reviewer == NULL)
        return FALSE;
      g_signal_connect_object (self->reviewer, "review-progress",
                               G_CALLBACK (mm_review_panel_progress_cb), self,
                               G_CONNECT_SWAPPED);
    }

  mm_review_panel_close (self);
  self->record = mm_game_to_record (game);
  self->stopped = FALSE;
  self->cancellable = g_cancellable_new ();
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.close", TRUE);
  mm_review_panel_update_status (self);

  review = g_new0 (Review, 1);
  review->self = g_object_ref (self);
  review->cancellable = g_object_ref (self->cancellable);
  mm_ai_player_review_async (self->reviewer, self->record, limits, self->cancellable,
                             mm_review_panel_reviewed_cb, review);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOWN]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
  return TRUE;
}

/* Stops the review where it is: what it found so far stays. */
void
mm_review_panel_stop (MmReviewPanel *self)
{
  g_return_if_fail (MM_IS_REVIEW_PANEL (self));

  if (self->cancellable == NULL)
    return;

  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->stopped = TRUE;
  mm_review_panel_update_status (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

/* Takes the review away: the game it was about changed, or the user
 * closed it. */
void
mm_review_panel_close (MmReviewPanel *self)
{
  gboolean shown;

  g_return_if_fail (MM_IS_REVIEW_PANEL (self));

  shown = gtk_widget_get_visible (GTK_WIDGET (self));
  mm_review_panel_stop (self);
  g_clear_pointer (&self->record, mm_game_record_unref);
  g_clear_pointer (&self->entries, g_array_unref);
  mm_eval_graph_set_entries (self->eval_graph, NULL);
  mm_review_panel_update_mistakes (self);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.stop", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.close", FALSE);
  if (shown)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOWN]);
}

/* Whether a review is searching now. */
gboolean
mm_review_panel_get_running (MmReviewPanel *self)
{
  g_return_val_if_fail (MM_IS_REVIEW_PANEL (self), FALSE);

  return self->cancellable != NULL;
}

/* Whether a review (running or done) is shown. */
gboolean
mm_review_panel_get_shown (MmReviewPanel *self)
{
  g_return_val_if_fail (MM_IS_REVIEW_PANEL (self), FALSE);

  return gtk_widget_get_visible (GTK_WIDGET (self));
}

/* Whether @game still has the start and the moves the review is about.
 * Moves played since (the computer's reply to the last one, or the game
 * played on) leave the review as true as it was. */
gboolean
mm_review_panel_is_about (MmReviewPanel *self,
                          MmGame        *game)
{
  g_autoptr(MmGameRecord) record = NULL;
  guint64 black, white, review_black, review_white;
  MmColor side, review_side;
  guint n_moves;

  g_return_val_if_fail (MM_IS_REVIEW_PANEL (self), FALSE);

  if (self->record == NULL)
    return FALSE;

  n_moves = mm_game_record_get_n_moves (self->record);
  if (mm_game_get_n_moves (game) < n_moves)
    return FALSE;
  for (guint i = 0; i < n_moves; i++)
    if (mm_game_get_move (game, i, NULL) != mm_game_record_get_move (self->record, i, NULL, NULL,
                                                                     NULL))
      return FALSE;

  record = mm_game_to_record (game);
  mm_game_record_get_start (record, &black, &white, &side);
  mm_game_record_get_start (self->record, &review_black, &review_white, &review_side);
  return black == review_black && white == review_white && side == review_side;
}

/* The graph marks the position after @position moves. */
void
mm_review_panel_set_selected (MmReviewPanel *self,
                              int            position)
{
  g_return_if_fail (MM_IS_REVIEW_PANEL (self));

  if (gtk_widget_get_visible (GTK_WIDGET (self)))
    mm_eval_graph_set_selected (self->eval_graph, position);
}

/* What the review found about the move played after @position moves,
 * or NULL when it is not reviewed (yet). */
const MmReviewEntry *
mm_review_panel_get_entry (MmReviewPanel *self,
                           guint          position)
{
  g_return_val_if_fail (MM_IS_REVIEW_PANEL (self), NULL);

  if (!gtk_widget_get_visible (GTK_WIDGET (self)) || self->entries == NULL
      || position >= self->entries->len)
    return NULL;
  return &g_array_index (self->entries, MmReviewEntry, position);
}

/* The review shown (MmReviewEntry, the start first), or NULL. */
GArray *
mm_review_panel_get_entries (MmReviewPanel *self)
{
  g_return_val_if_fail (MM_IS_REVIEW_PANEL (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self)) ? self->entries : NULL;
}

/* What the panel says of the review, or NULL when none is shown. */
const char *
mm_review_panel_get_status (MmReviewPanel *self)
{
  g_return_val_if_fail (MM_IS_REVIEW_PANEL (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self)) ? gtk_label_get_text (self->status_label)
                                                    : NULL;
}

MmEvalGraph *
mm_review_panel_get_graph (MmReviewPanel *self)
{
  g_return_val_if_fail (MM_IS_REVIEW_PANEL (self), NULL);

  return self->eval_graph;
}

GtkListBox *
mm_review_panel_get_mistakes (MmReviewPanel *self)
{
  g_return_val_if_fail (MM_IS_REVIEW_PANEL (self), NULL);

  return self->mistakes_list;
}

/* A point of the graph: that position goes on the board. */
static void
mm_review_panel_graph_activated_cb (MmReviewPanel *self,
                                    int            position,
                                    MmEvalGraph   *graph)
{
  g_signal_emit (self, signals[SIGNAL_POSITION_ACTIVATED], 0, position);
}

/* A mistake: the position where it was made goes on the board. */
static void
mm_review_panel_mistake_activated_cb (MmReviewPanel *self,
                                      GtkListBoxRow *row)
{
  g_signal_emit (self, signals[SIGNAL_POSITION_ACTIVATED], 0,
                 GPOINTER_TO_INT (g_object_get_data (G_OBJECT (row), "mm-position")));
}

static void
mm_review_panel_stop_action (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  mm_review_panel_stop (MM_REVIEW_PANEL (widget));
}

static void
mm_review_panel_close_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  mm_review_panel_close (MM_REVIEW_PANEL (widget));
}

static void
mm_review_panel_dispose (GObject *object)
{
  MmReviewPanel *self = MM_REVIEW_PANEL (object);
  GtkWidget *child;

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  /* A player's job keeps it alive: it is stopped before it goes. */
  if (self->reviewer != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->reviewer, self);
      mm_ai_player_stop (self->reviewer);
    }
  g_clear_object (&self->reviewer);
  g_clear_pointer (&self->record, mm_game_record_unref);
  g_clear_pointer (&self->entries, g_array_unref);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (mm_review_panel_parent_class)->dispose (object);
}

static void
mm_review_panel_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  MmReviewPanel *self = MM_REVIEW_PANEL (object);

  switch (prop_id)
    {
    case PROP_RUNNING:
      g_value_set_boolean (value, mm_review_panel_get_running (self));
      break;
    case PROP_SHOWN:
      g_value_set_boolean (value, mm_review_panel_get_shown (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_review_panel_class_init (MmReviewPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mm_review_panel_dispose;
  object_class->get_property = mm_review_panel_get_property;

  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOWN] =
    g_param_spec_boolean ("shown", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A point of the graph or a mistake was activated: the position after
   * that many moves is wanted on the board. */
  signals[SIGNAL_POSITION_ACTIVATED] =
    g_signal_new ("position-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  /* The review came to its end, or failed (with the error). */
  signals[SIGNAL_FINISHED] =
    g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);

  g_type_ensure (MM_TYPE_EVAL_GRAPH);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/monomachia/Monomachia/ui/mm-review-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, MmReviewPanel, stop_button);
  gtk_widget_class_bind_template_child (widget_class, MmReviewPanel, progress);
  gtk_widget_class_bind_template_child (widget_class, MmReviewPanel, status_label);
  gtk_widget_class_bind_template_child (widget_class, MmReviewPanel, eval_graph);
  gtk_widget_class_bind_template_child (widget_class, MmReviewPanel, mistakes_list);
  gtk_widget_class_bind_template_child (widget_class, MmReviewPanel, mistakes_placeholder);
  gtk_widget_class_bind_template_callback (widget_class, mm_review_panel_graph_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, mm_review_panel_mistake_activated_cb);
  gtk_widget_class_install_action (widget_class, "review.stop", NULL,
                                   mm_review_panel_stop_action);
  gtk_widget_class_install_action (widget_class, "review.close", NULL,
                                   mm_review_panel_close_action);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
}

static void
mm_review_panel_init (MmReviewPanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_orientable_set_orientation (GTK_ORIENTABLE (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                                  GTK_ORIENTATION_VERTICAL);
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                              6);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.stop", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "review.close", FALSE);
}
