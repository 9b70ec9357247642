/* mm-analysis-bar.c
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

#define G_LOG_DOMAIN "mm-analysis-bar"

#include "config.h"

#include <glib/gi18n.h>

#include "mm-ai-player.h"
#include "mm-analysis-bar.h"
#include "mm-busy-indicator.h"

/* The analyst runs beside the opponent: a smaller table than its. */
#define ANALYSIS_HASH_MEGABYTES 32

struct _MmAnalysisBar
{
  GtkWidget       parent_instance;

  MmBoardView    *view;
  MmAiPlayer     *analyst;
  MmSearchLimits  limits;
  GCancellable   *cancellable;

  /* The position scored (once a search has started on it) and how far
   * the search got. */
  gboolean        analysed;
  guint64         black;
  guint64         white;
  MmColor         side;
  int             depth;
  gboolean        exact;
  gboolean        book;       /* the scores are the opening book's: no search */

  /* Template widgets */
  MmBusyIndicator *spinner;
  GtkLabel       *label;
};

enum
{
  SIGNAL_FAILED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MmAnalysisBar, mm_analysis_bar, GTK_TYPE_WIDGET)

/* Stops the search in progress; its results will be dropped. */
static void
mm_analysis_bar_stop_search (MmAnalysisBar *self)
{
  if (self->cancellable != NULL)
    {
      g_cancellable_cancel (self->cancellable);
      g_clear_object (&self->cancellable);
    }
  self->analysed = FALSE;
  self->book = FALSE;
}

static void
mm_analysis_bar_clear_scores (MmAnalysisBar *self)
{
  if (self->view != NULL)
    mm_board_view_set_analysis (self->view, 0, 0, MM_COLOR_BLACK, NULL);
}

static void
mm_analysis_bar_set_text (MmAnalysisBar *self,
                          const char    *text,
                          gboolean       busy)
{
  gtk_widget_set_visible (GTK_WIDGET (self), text != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), busy);
  mm_busy_indicator_set_active (self->spinner, busy);
  gtk_label_set_text (self->label, text != NULL ? text : "");
}

/* How far the analysis of the position has come. */
static void
mm_analysis_bar_update (MmAnalysisBar *self)
{
  gboolean busy = self->cancellable != NULL;
  g_autofree char *text = NULL;

  if (self->book)
    /* Translators: analysis mode's status on a position of the opening
     * book: the scores on the board are the book's, nothing is searched */
    text = g_strdup (_("Scores from the opening book"));
  else if (busy && self->depth == 0)
    /* Translators: beside a spinner while analysis mode starts on a position */
    text = g_strdup (_("Analysing the moves…"));
  else if (busy)
    /* Translators: beside a spinner while analysis mode deepens; %d is
     * how many moves ahead the scores look */
    text = g_strdup_printf (_("Analysing the moves: depth %d…"), self->depth);
  else if (self->exact)
    /* Translators: analysis mode has solved the position to the end */
    text = g_strdup (_("Analysis done: exact scores"));
  else
    /* Translators: analysis mode stopped deepening; %d is how many moves
     * ahead the scores look */
    text = g_strdup_printf (_("Analysis done: depth %d"), self->depth);
  mm_analysis_bar_set_text (self, text, busy);
}

static void
mm_analysis_bar_progress_cb (MmAnalysisBar *self,
                             GArray        *moves,
                             int            depth,
                             MmAiPlayer    *player)
{
  if (self->cancellable == NULL || moves->len == 0)
    return;

  self->depth = depth;
  self->exact = g_array_index (moves, MmAiMove, 0).exact;
  if (self->view != NULL)
    mm_board_view_set_analysis (self->view, self->black, self->white, self->side, moves);
  mm_analysis_bar_update (self);
}

typedef struct
{
  MmAnalysisBar *self;
  GCancellable  *cancellable;
} Analysis;

static void
analysis_free (Analysis *analysis)
{
  g_object_unref (analysis->self);
  g_object_unref (analysis->cancellable);
  g_free (analysis);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Analysis, analysis_free)

static void
mm_analysis_bar_analysed_cb (GObject      *source,
                             GAsyncResult *result,
                             gpointer      user_data)
{
  g_autoptr(Analysis) analysis = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) moves = NULL;
  MmAnalysisBar *self = analysis->self;

  moves = mm_ai_player_analyse_finish (MM_AI_PLAYER (source), result, &error);
  if (g_cancellable_is_cancelled (analysis->cancellable)
      || analysis->cancellable != self->cancellable)
    return;

  g_clear_object (&self->cancellable);
  if (moves == NULL)
    {
      mm_analysis_bar_set_text (self, error->message, FALSE);
      g_signal_emit (self, signals[SIGNAL_FAILED], 0, error);
      return;
    }
  mm_analysis_bar_update (self);
}

/* The board view the scores go on. */
void
mm_analysis_bar_set_view (MmAnalysisBar *self,
                          MmBoardView   *view)
{
  g_return_if_fail (MM_IS_ANALYSIS_BAR (self));

  g_set_object (&self->view, view);
}

/* How deep and how long one position is searched. */
void
mm_analysis_bar_set_limits (MmAnalysisBar        *self,
                            const MmSearchLimits *limits)
{
  g_return_if_fail (MM_IS_ANALYSIS_BAR (self));
  g_return_if_fail (limits != NULL);

  self->limits = *limits;
}

/**
 * mm_analysis_bar_analyse:
 *
 * Scores the moves of the position; the search already on it goes on.
 * A position of the opening book gets the book's moves and scores at
 * once, marked as the book's, and no search.
 *
 * Returns: %FALSE when there is no computer player to score with (its
 *   weights are missing), with @error set
 */
gboolean
mm_analysis_bar_analyse (MmAnalysisBar  *self,
                         guint64         black,
                         guint64         white,
                         MmColor         side,
                         GError        **error)
{
  g_autoptr(GArray) book_moves = NULL;
  Analysis *analysis;
  MmBoard board;

  g_return_val_if_fail (MM_IS_ANALYSIS_BAR (self), FALSE);

  if (self->analysed && black == self->black && white == self->white && side == self->side)
    return TRUE;

  if (self->analyst == NULL)
    {
      self->analyst = g_initable_new (MM_TYPE_AI_PLAYER, NULL, error,
                                      "hash-megabytes", ANALYSIS_HASH_MEGABYTES,
                                      NULL);
      if (self->analyst == NULL)
        return FALSE;
      g_signal_connect_object (self->analyst, "analysis-progress",
                               G_CALLBACK (mm_analysis_bar_progress_cb), self,
                               G_CONNECT_SWAPPED);
    }

  mm_analysis_bar_stop_search (self);
  mm_analysis_bar_clear_scores (self);
  mm_board_from_colors (&board, black, white, side);
  self->analysed = TRUE;
  self->black = black;
  self->white = white;
  self->side = side;
  self->depth = 0;
  self->exact = FALSE;

  /* In the opening the book's scores come at once, and are better than
   * a search would find in a while. */
  book_moves = mm_ai_player_get_book_moves (self->analyst, &board);
  self->book = book_moves->len > 0;
  if (self->book)
    {
      if (self->view != NULL)
        mm_board_view_set_analysis (self->view, black, white, side, book_moves);
      mm_analysis_bar_update (self);
      return TRUE;
    }

  self->cancellable = g_cancellable_new ();
  analysis = g_new0 (Analysis, 1);
  analysis->self = g_object_ref (self);
  analysis->cancellable = g_object_ref (self->cancellable);
  mm_ai_player_analyse_async (self->analyst, &board, &self->limits, self->cancellable,
                              mm_analysis_bar_analysed_cb, analysis);
  mm_analysis_bar_update (self);
  return TRUE;
}

/* Nothing to score for now, for @reason, which the bar says. */
void
mm_analysis_bar_wait (MmAnalysisBar *self,
                      const char    *reason)
{
  g_return_if_fail (MM_IS_ANALYSIS_BAR (self));

  mm_analysis_bar_stop_search (self);
  mm_analysis_bar_clear_scores (self);
  mm_analysis_bar_set_text (self, reason, FALSE);
}

/* Analysis mode is off: no search, no scores, no bar. */
void
mm_analysis_bar_stop (MmAnalysisBar *self)
{
  g_return_if_fail (MM_IS_ANALYSIS_BAR (self));

  mm_analysis_bar_wait (self, NULL);
}

gboolean
mm_analysis_bar_get_searching (MmAnalysisBar *self)
{
  g_return_val_if_fail (MM_IS_ANALYSIS_BAR (self), FALSE);

  return self->cancellable != NULL;
}

/* The depth of the scores on the board; 0 before the first. */
int
mm_analysis_bar_get_depth (MmAnalysisBar *self)
{
  g_return_val_if_fail (MM_IS_ANALYSIS_BAR (self), 0);

  return self->depth;
}

/* What the bar says, or NULL when it is hidden. */
const char *
mm_analysis_bar_get_status (MmAnalysisBar *self)
{
  g_return_val_if_fail (MM_IS_ANALYSIS_BAR (self), NULL);

  return gtk_widget_get_visible (GTK_WIDGET (self)) ? gtk_label_get_text (self->label) : NULL;
}

static void
mm_analysis_bar_dispose (GObject *object)
{
  MmAnalysisBar *self = MM_ANALYSIS_BAR (object);
  GtkWidget *child;

  mm_analysis_bar_stop_search (self);
  /* A player's job keeps it alive: it is stopped before it goes. */
  if (self->analyst != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->analyst, self);
      mm_ai_player_stop (self->analyst);
    }
  g_clear_object (&self->analyst);
  g_clear_object (&self->view);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (mm_analysis_bar_parent_class)->dispose (object);
}

static void
mm_analysis_bar_class_init (MmAnalysisBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mm_analysis_bar_dispose;

  /* A search failed; the error says why. */
  signals[SIGNAL_FAILED] =
    g_signal_new ("failed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ERROR);

  g_type_ensure (MM_TYPE_BUSY_INDICATOR);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/io/github/monomachia/Monomachia/ui/mm-analysis-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, MmAnalysisBar, spinner);
  gtk_widget_class_bind_template_child (widget_class, MmAnalysisBar, label);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BOX_LAYOUT);
}

static void
mm_analysis_bar_init (MmAnalysisBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_box_layout_set_spacing (GTK_BOX_LAYOUT (gtk_widget_get_layout_manager (GTK_WIDGET (self))),
                              8);
}
