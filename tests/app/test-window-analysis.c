/* test-window-analysis.c
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

/* Help with a game in the window: Hint, analysis mode's scores, the
 * opening book's answers for both, Analyse Game (the review, its graph
 * and its list of mistakes), and the window keeping its size with all of
 * them shown. */

#include "config.h"

#include <gtk/gtk.h>
#include <string.h>

#include "mm-analysis-bar.h"
#include "mm-board-view.h"
#include "mm-busy-indicator.h"
#include "mm-eval-graph.h"
#include "mm-review-panel.h"
#include "mm-test-ui.h"
#include "mm-test-window.h"
#include "mm-window-private.h"

/* An opening too rare for the shipped opening book (docs/BOOK.md): out
 * of it from its fourth move on, and after d3 too; hints and analysis
 * search there. */
#define LINE_OUT_OF_BOOK "f5f4c3f6e3"

static gboolean
announcement_starts_with (MmWindow   *window,
                          const char *prefix)
{
  g_autofree char *announcement = mm_test_window_dup_announcement (window);

  return g_str_has_prefix (announcement, prefix);
}

/* Analysis mode: what its bar says, or NULL while it is hidden. */
static const char *
analysis_text (MmWindow *window)
{
  return mm_test_window_shown_text (window, "analysis-status");
}

/* The spinner of analysis mode turns while it searches. */
static gboolean
is_analysing (MmWindow *window)
{
  GtkWidget *bar = mm_test_window_find_part (window, MM_TYPE_ANALYSIS_BAR);
  GtkWidget *busy = mm_test_ui_find_by_type (bar, MM_TYPE_BUSY_INDICATOR);

  g_assert_nonnull (busy);
  return mm_test_ui_is_shown (busy) && mm_busy_indicator_get_active (MM_BUSY_INDICATOR (busy));
}

/* The bar says the search is over, at @depth, or solved to the end. */
static gboolean
analysis_is_done (MmWindow *window,
                  int       depth)
{
  g_autofree char *done = g_strdup_printf ("Analysis done: depth %d", depth);
  const char *text = analysis_text (window);

  return !is_analysing (window)
         && (g_strcmp0 (text, done) == 0 || g_strcmp0 (text, "Analysis done: exact scores") == 0);
}

static MmReviewPanel *
review_panel_of (MmWindow *window)
{
  return MM_REVIEW_PANEL (mm_test_window_find_part (window, MM_TYPE_REVIEW_PANEL));
}

/* What the game review says, or NULL while it is not shown. */
static const char *
review_text (MmWindow *window)
{
  return mm_test_window_shown_text (window, "review-status");
}

/* The review offers to stop while it runs. */
static gboolean
is_reviewing (MmWindow *window)
{
  GtkWidget *stop = mm_test_ui_find_button (GTK_WIDGET (review_panel_of (window)),
                                            "media-playback-stop-symbolic");

  g_assert_nonnull (stop);
  return mm_test_ui_is_shown (stop);
}

/* The review shown (MmReviewEntry, the start first), or NULL. */
static GArray *
review_entries (MmWindow *window)
{
  return mm_review_panel_get_entries (review_panel_of (window));
}

static MmEvalGraph *
eval_graph_of (MmWindow *window)
{
  return MM_EVAL_GRAPH (mm_test_window_find_part (window, MM_TYPE_EVAL_GRAPH));
}

/* The list of mistakes, by the name a screen reader says. */
static GtkListBox *
mistakes_list_of (MmWindow *window)
{
  GtkWidget *list = mm_test_ui_find_by_role (GTK_WIDGET (window), GTK_ACCESSIBLE_ROLE_LIST,
                                             "Mistakes");

  g_assert_true (GTK_IS_LIST_BOX (list));
  return GTK_LIST_BOX (list);
}

static gboolean
has_hint (gpointer data)
{
  return mm_board_view_get_hint (mm_test_window_board_view_of (data)) != MM_SQUARE_NONE;
}

/* Out of the opening book, Hint searches, then marks a legal square
 * and says it. */
static void
hint_marks_legal_square (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  MmBoardView *view = mm_test_window_board_view_of (window);
  g_autofree char *message = NULL;
  char name[3];
  int square;

  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  mm_test_window_play_moves (window, LINE_OUT_OF_BOOK);
  _mm_window_set_hint_level (window, MM_AI_LEVEL_NOVICE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  g_assert_true (mm_test_window_shows_thinking (window));
  mm_test_ui_wait_until (has_hint, window, 10);
  square = mm_board_view_get_hint (view);
  g_assert_true (mm_game_get_legal_moves (game) & (G_GUINT64_CONSTANT (1) << square));
  mm_square_format (square, name);
  message = g_strdup_printf ("Hint: %s", name);
  g_assert_cmpstr (mm_test_window_message_text (window), ==, message);
  g_assert_true (mm_test_window_announcement_contains (window, message));
  g_assert_false (mm_test_window_shows_thinking (window));

  /* The mark goes with the next move. */
  mm_test_window_activate_square (window, name);
  g_assert_cmpint (mm_board_view_get_hint (view), ==, MM_SQUARE_NONE);
}

static void
set_analysis_mode (MmWindow *window,
                   gboolean  on)
{
  gboolean mode = FALSE;

  g_object_get (window, "analysis-mode", &mode, NULL);
  if (mode != on)
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.analysis-mode", NULL));
  g_object_get (window, "analysis-mode", &mode, NULL);
  g_assert_true (mode == on);
}

typedef struct
{
  MmWindow *window;
  int       depth;
} AnalysisWait;

static gboolean
analysis_done (gpointer data)
{
  AnalysisWait *wait = data;

  return analysis_is_done (wait->window, wait->depth);
}

static void
wait_for_analysis (MmWindow *window,
                   int       depth)
{
  AnalysisWait wait = { window, depth };

  /* The analysis of a new position starts once the change is complete. */
  mm_test_ui_run_pending ();
  mm_test_ui_wait_until (analysis_done, &wait, 10);
}

/* The squares of the four first moves, one move turned. */
static guint64
first_moves (void)
{
  return (G_GUINT64_CONSTANT (1) << mm_square_parse ("d3"))
         | (G_GUINT64_CONSTANT (1) << mm_square_parse ("c4"))
         | (G_GUINT64_CONSTANT (1) << mm_square_parse ("f5"))
         | (G_GUINT64_CONSTANT (1) << mm_square_parse ("e6"));
}

/* The squares with a score: @legal and no other, one of them (at least)
 * the best; each says its score to a screen reader after @flips ("Flips
 * 1 disc. ") when the board shows the game, as the opening book's when
 * @book. */
static void
assert_scores_on (MmWindow *window,
                  guint64   legal,
                  gboolean  live,
                  gboolean  book)
{
  MmBoardView *view = mm_test_window_board_view_of (window);
  MmGame *game = mm_window_get_game (window);
  guint n_best = 0;

  g_assert_cmpuint (legal, !=, 0);
  for (int square = 0; square < MM_N_SQUARES; square++)
    {
      g_autofree char *score = mm_board_view_get_score_text (view, square);
      gboolean best = mm_board_view_is_best_score (view, square);

      if (!(legal & (G_GUINT64_CONSTANT (1) << square)))
        {
          g_assert_null (score);
          g_assert_false (best);
          continue;
        }

      g_assert_nonnull (score);
      g_assert_true (score[0] == '+' || score[0] == '-' || score[0] == '0');
      n_best += best;
      {
        guint n_flips = mm_popcount (mm_game_get_flips (game, square));
        g_autofree char *flips = g_strdup_printf (n_flips == 1 ? "Flips %u disc. "
                                                               : "Flips %u discs. ", n_flips);
        g_autofree char *expected = g_strdup_printf ("%s%s %s%s", live ? flips : "",
                                                     book ? "Book score" : "Score", score,
                                                     best ? ", best move" : "");
        g_autofree char *mismatch =
          gtk_test_accessible_check_property (GTK_ACCESSIBLE (mm_board_view_get_square (view,
                                                                                     square)),
                                              GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, expected);

        g_assert_null (mismatch);
      }
    }
  g_assert_cmpuint (n_best, >=, 1);
}

static void
assert_no_scores (MmWindow *window)
{
  MmBoardView *view = mm_test_window_board_view_of (window);

  for (int square = 0; square < MM_N_SQUARES; square++)
    {
      g_autofree char *score = mm_board_view_get_score_text (view, square);

      g_assert_null (score);
    }
}

/* Analysis mode scores every legal square, deepening, and starts again
 * on every change of the position; it stops when turned off and at the
 * end of the game. */
static void
analysis_mode (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  g_autoptr(GSettings) settings = g_settings_new ("io.github.monomachia.Monomachia");
  MmSearchLimits limits = { .max_depth = 3 };
  guint n_scored;
  guint pass;

  _mm_window_set_analysis_limits (window, &limits);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  mm_test_window_play_moves (window, LINE_OUT_OF_BOOK);
  g_assert_null (analysis_text (window));

  set_analysis_mode (window, TRUE);
  g_assert_true (g_settings_get_boolean (settings, "analysis-mode"));
  mm_test_ui_run_pending ();
  /* At first there is nothing to show yet; then every depth. */
  wait_for_analysis (window, 3);
  g_assert_cmpstr (analysis_text (window), ==, "Analysis done: depth 3");
  assert_scores_on (window, mm_game_get_legal_moves (game), TRUE, FALSE);

  /* A move: the old scores go at once, new ones come for the other side. */
  mm_test_window_activate_square (window, "d3");
  assert_no_scores (window);
  mm_test_ui_run_pending ();
  g_assert_true (is_analysing (window)
                 || g_str_has_prefix (analysis_text (window), "Analysis done: "));
  wait_for_analysis (window, 3);
  g_assert_cmpint (mm_game_get_side_to_move (game), ==, MM_COLOR_BLACK);
  assert_scores_on (window, mm_game_get_legal_moves (game), TRUE, FALSE);

  /* Undo: White's squares again. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  assert_no_scores (window);
  wait_for_analysis (window, 3);
  g_assert_cmpint (mm_game_get_side_to_move (game), ==, MM_COLOR_WHITE);
  assert_scores_on (window, mm_game_get_legal_moves (game), TRUE, FALSE);

  /* An earlier position is analysed too: the start has four moves,
   * which the opening book scores at once. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.browse-first", NULL);
  assert_no_scores (window);
  mm_test_ui_run_pending ();
  g_assert_false (is_analysing (window));
  g_assert_cmpstr (analysis_text (window), ==, "Scores from the opening book");
  assert_scores_on (window, first_moves (), FALSE, TRUE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.browse-last", NULL);
  wait_for_analysis (window, 3);
  assert_scores_on (window, mm_game_get_legal_moves (game), TRUE, FALSE);

  /* Off: the search stops and the scores go; nothing comes back later. */
  limits.max_depth = 0;
  limits.max_seconds = 20;
  _mm_window_set_analysis_limits (window, &limits);
  mm_test_window_activate_square (window, "d3");
  mm_test_ui_run_pending ();
  g_assert_true (is_analysing (window));
  set_analysis_mode (window, FALSE);
  g_assert_false (g_settings_get_boolean (settings, "analysis-mode"));
  g_assert_false (is_analysing (window));
  assert_no_scores (window);
  g_assert_null (analysis_text (window));
  mm_test_ui_run_for (100);
  assert_no_scores (window);
  g_assert_false (is_analysing (window));

  /* The end of the game: nothing to score, nothing searched. */
  limits.max_depth = 3;
  limits.max_seconds = 0;
  _mm_window_set_analysis_limits (window, &limits);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  mm_test_window_play_moves (window, MM_TEST_WINDOW_GAME_A);
  g_assert_true (mm_game_is_over (game));
  set_analysis_mode (window, TRUE);
  mm_test_ui_run_pending ();
  g_assert_false (is_analysing (window));
  assert_no_scores (window);
  g_assert_cmpstr (analysis_text (window), ==,
                   "The game is over: no moves to score.");

  /* Three moves before the end, the scores are exact: whole discs. */
  g_signal_emit_by_name (gtk_flow_box_get_child_at_index (mm_test_window_move_flow_box (window),
                                                          (int) mm_game_get_n_moves (game) - 4),
                         "activate");
  wait_for_analysis (window, 3);
  g_assert_cmpstr (analysis_text (window), ==, "Analysis done: exact scores");
  n_scored = 0;
  for (int square = 0; square < MM_N_SQUARES; square++)
    {
      MmBoardView *view = mm_test_window_board_view_of (window);
      g_autofree char *score = mm_board_view_get_score_text (view, square);
      g_autofree char *expected = NULL;
      g_autofree char *mismatch = NULL;

      if (score == NULL)
        continue;
      n_scored++;
      g_assert_null (strchr (score, '.'));
      expected = g_strdup_printf ("Exact score %s%s", score,
                                  mm_board_view_is_best_score (view, square) ? ", best move" : "");
      mismatch = gtk_test_accessible_check_property (
                   GTK_ACCESSIBLE (mm_board_view_get_square (view, square)),
                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, expected);
      g_assert_null (mismatch);
    }
  g_assert_cmpuint (n_scored, >, 0);

  /* An earlier position where the side to move had to pass. */
  for (pass = 0; mm_game_get_move (game, pass, NULL) != MM_SQUARE_PASS; pass++)
    g_assert_cmpuint (pass, <, mm_game_get_n_moves (game));
  g_signal_emit_by_name (gtk_flow_box_get_child_at_index (mm_test_window_move_flow_box (window),
                                                          (int) pass - 1), "activate");
  g_assert_cmpint (mm_test_window_shown_position (window), ==, (int) pass);
  mm_test_ui_run_pending ();
  g_assert_false (is_analysing (window));
  assert_no_scores (window);
  g_assert_cmpstr (analysis_text (window), ==,
                   "No moves to score: the side to move passes.");
  set_analysis_mode (window, FALSE);
}

/* The score the opening book gives the best move of the start, as the
 * board and the messages write it. */
static char *
dup_start_book_score (void)
{
  g_autoptr(MmAiBook) book = mm_ai_book_get_default ();
  const MmBookEntry *entry;
  MmBoard start;

  g_assert_nonnull (book);
  mm_board_init_start (&start);
  entry = mm_book_find (mm_ai_book_get_book (book), &start);
  g_assert_nonnull (entry);
  return mm_ai_format_score (entry->value, FALSE);
}

/* The squares of the moves the opening book knows in the game's
 * position. */
static guint64
book_squares (MmWindow *window)
{
  g_autoptr(MmAiBook) book = mm_ai_book_get_default ();
  MmBoard board = mm_game_get_board (mm_window_get_game (window));
  MmBookMove moves[MM_BOOK_MAX_MOVES];
  guint64 squares = 0;
  int n;

  g_assert_nonnull (book);
  n = mm_book_moves (mm_ai_book_get_book (book), &board, moves, G_N_ELEMENTS (moves));
  for (int i = 0; i < n; i++)
    squares |= G_GUINT64_CONSTANT (1) << moves[i].square;
  return squares;
}

/* In the opening the book answers at once, without a search: Hint
 * marks its best move and says it is the book's, with its score, and
 * analysis mode writes the book's scores, marked as the book's; out of
 * the book both search as before, and back in it the book answers
 * again. */
static void
book_hint_and_analysis (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  MmBoardView *view = mm_test_window_board_view_of (window);
  MmSearchLimits limits = { .max_depth = 3 };
  g_autofree char *score = dup_start_book_score ();
  g_autofree char *message = g_strdup_printf ("Hint: d3 (book, %s)", score);

  _mm_window_set_analysis_limits (window, &limits);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  /* A quick search for the hint out of the book; in it the level does
   * not matter. */
  _mm_window_set_hint_level (window, MM_AI_LEVEL_NOVICE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  /* At once, with no search: the four first moves are worth the same,
   * and the first in the order of the squares is advised. */
  g_assert_false (mm_test_window_shows_thinking (window));
  g_assert_cmpint (mm_board_view_get_hint (view), ==, mm_square_parse ("d3"));
  g_assert_cmpstr (mm_test_window_message_text (window), ==, message);
  g_assert_true (mm_test_window_announcement_contains (window, message));
  mm_test_ui_run_for (100);
  g_assert_false (mm_test_window_shows_thinking (window));
  g_assert_cmpint (mm_board_view_get_hint (view), ==, mm_square_parse ("d3"));

  /* Analysis mode: the book's scores on the four first moves, and no
   * search. */
  set_analysis_mode (window, TRUE);
  mm_test_ui_run_pending ();
  g_assert_false (is_analysing (window));
  g_assert_cmpstr (analysis_text (window), ==, "Scores from the opening book");
  assert_scores_on (window, first_moves (), TRUE, TRUE);
  for (int square = 0; square < MM_N_SQUARES; square++)
    if (first_moves () & (G_GUINT64_CONSTANT (1) << square))
      {
        g_autofree char *shown = mm_board_view_get_score_text (view, square);

        g_assert_cmpstr (shown, ==, score);
        g_assert_true (mm_board_view_is_best_score (view, square));
      }
  /* The hint's mark stays beside the scores. */
  g_assert_cmpint (mm_board_view_get_hint (view), ==, mm_square_parse ("d3"));

  /* Out of the book: the search, as before. */
  mm_test_window_play_moves (window, "f5f4c3f6");
  wait_for_analysis (window, 3);
  assert_scores_on (window, mm_game_get_legal_moves (game), TRUE, FALSE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  g_assert_true (mm_test_window_shows_thinking (window));
  mm_test_ui_wait_until (has_hint, window, 10);
  g_assert_null (strstr (mm_test_window_message_text (window), "book"));
  g_assert_true (g_str_has_prefix (mm_test_window_message_text (window), "Hint: "));

  /* Back in the book: its scores come again at once, and its hint.  The
   * moves it does not know, worse than its best, have none. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  mm_test_ui_run_pending ();
  g_assert_false (is_analysing (window));
  g_assert_cmpstr (analysis_text (window), ==, "Scores from the opening book");
  g_assert_cmphex (book_squares (window) & ~mm_game_get_legal_moves (game), ==, 0);
  g_assert_cmphex (book_squares (window), !=, mm_game_get_legal_moves (game));
  assert_scores_on (window, book_squares (window), TRUE, TRUE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.hint", NULL);
  g_assert_false (mm_test_window_shows_thinking (window));
  g_assert_true (mm_board_view_is_best_score (view, mm_board_view_get_hint (view)));
  g_assert_true (g_str_has_prefix (mm_test_window_message_text (window), "Hint: "));
  g_assert_nonnull (strstr (mm_test_window_message_text (window), " (book, "));
  set_analysis_mode (window, FALSE);
}

static gboolean
review_done (gpointer data)
{
  return !is_reviewing (data);
}

static gboolean
analysis_waits_for_review (gpointer data)
{
  return g_strcmp0 (analysis_text (data), "Analysis waits for the game review.")
         == 0;
}

static gboolean
has_reviewed_some (gpointer data)
{
  return mm_eval_graph_get_n_reviewed (data) > 0;
}

/* A short game that White loses by a wipeout: its 8th move, E3, lets
 * Black take every disc with F4.  White's other moves there, B2, C5 and
 * C7, leave Black no such reply (the engine prefers C7). */
#define WIPEOUT_GAME "d3c3b3d2e1d6d7e3f4"

static GtkWidget *
find_mistake_row (MmWindow   *window,
                  const char *prefix,
                  const char *suffix)
{
  GtkListBox *list = mistakes_list_of (window);

  for (int i = 0; gtk_list_box_get_row_at_index (list, i) != NULL; i++)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (list, i);
      GtkWidget *box = gtk_list_box_row_get_child (row);
      const char *text = gtk_label_get_text (GTK_LABEL (gtk_widget_get_last_child (box)));

      if (g_str_has_prefix (text, prefix) && g_str_has_suffix (text, suffix))
        return GTK_WIDGET (row);
    }
  return NULL;
}

static void
click_graph_at (MmEvalGraph *graph,
                int          position)
{
  GListModel *controllers = gtk_widget_observe_controllers (GTK_WIDGET (graph));
  GtkEventController *click = NULL;

  for (guint i = 0; i < g_list_model_get_n_items (controllers) && click == NULL; i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_GESTURE_CLICK (controller))
        click = controller;
    }
  g_object_unref (controllers);
  g_assert_nonnull (click);
  g_signal_emit_by_name (click, "released", 1, mm_eval_graph_x_of (graph, position), 20.0);
}

static void
press_graph_key (MmEvalGraph *graph,
                 guint        keyval)
{
  g_assert_true (mm_test_ui_press_key (GTK_WIDGET (graph), keyval, 0));
}

/* Analyse Game reviews every position, marks the bad move with the
 * better one, and its graph and list show positions on the board. */
static void
analyse_game (MmWindow *window)
{
  MmGame *game = mm_window_get_game (window);
  MmEvalGraph *graph = eval_graph_of (window);
  MmBoardView *view = mm_test_window_board_view_of (window);
  MmSearchLimits limits = { .max_depth = 4 };
  GArray *review;
  const MmReviewEntry *blunder;
  GtkWidget *row;
  char name[3];
  g_autofree char *best_suffix = NULL;
  g_autofree char *stopped = NULL;
  guint n_reviewed;

  _mm_window_set_review_limits (window, &limits);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse-game", NULL);
  g_assert_cmpstr (mm_test_window_message_text (window), ==, "There are no moves to review yet.");
  g_assert_null (review_entries (window));

  mm_test_window_play_moves (window, WIPEOUT_GAME);
  g_assert_true (mm_game_is_over (game));
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse-game", NULL);
  g_assert_true (is_reviewing (window));
  g_assert_true (g_str_has_prefix (review_text (window), "Reviewing the game: "));
  mm_test_ui_wait_until (review_done, window, 10);

  review = review_entries (window);
  g_assert_nonnull (review);
  g_assert_cmpuint (review->len, ==, mm_game_get_n_moves (game) + 1);
  g_assert_cmpuint (mm_eval_graph_get_n_reviewed (graph), ==, review->len);
  for (guint i = 0; i < review->len; i++)
    g_assert_cmpint (g_array_index (review, MmReviewEntry, i).depth, >=, 0);
  /* The end: Black has every disc. */
  g_assert_cmpint (g_array_index (review, MmReviewEntry, review->len - 1).score, ==,
                   -64 * MM_EVAL_SCALE);

  blunder = &g_array_index (review, MmReviewEntry, 7);
  g_assert_cmpint (blunder->color, ==, MM_COLOR_WHITE);
  g_assert_cmpint (blunder->move, ==, mm_square_parse ("e3"));
  g_assert_true (mm_review_entry_is_mistake (blunder));
  g_assert_true (blunder->best_move == mm_square_parse ("b2")
                 || blunder->best_move == mm_square_parse ("c5")
                 || blunder->best_move == mm_square_parse ("c7"));
  /* Squares are written as on the board and in the move list. */
  mm_square_format (blunder->best_move, name);
  best_suffix = g_strdup_printf (" discs; %s was best", name);
  /* Black's wipeout is no mistake. */
  g_assert_false (mm_review_entry_is_mistake (&g_array_index (review, MmReviewEntry, 8)));
  g_assert_true (g_str_has_prefix (review_text (window), "Review done. "));
  /* A screen reader hears the result. */
  g_assert_true (announcement_starts_with (window, "Review done. "));

  /* The mistake in the list shows the position it was made in. */
  row = find_mistake_row (window, "8. e3 (White) loses ", best_suffix);
  g_assert_nonnull (row);
  g_signal_emit_by_name (row, "activate");
  g_assert_cmpint (mm_test_window_shown_position (window), ==, 7);
  g_assert_cmpint (mm_eval_graph_get_selected (graph), ==, 7);
  mm_test_window_assert_square_label (window, "e3", "E3, empty");
  mm_test_window_assert_square_label (window, "d7", "D7, black");
  /* The board marks the mistake and the better move, for the eyes and
   * for a screen reader. */
  g_assert_cmpint (mm_board_view_get_review_mark (view, mm_square_parse ("e3")), ==, 1);
  g_assert_cmpint (mm_board_view_get_review_mark (view, blunder->best_move), ==, 2);
  {
    g_autofree char *mismatch =
      gtk_test_accessible_check_property (GTK_ACCESSIBLE (mm_board_view_get_square (view,
                                                            mm_square_parse ("e3"))),
                                          GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                          "The mistake played here");
    g_autofree char *better =
      gtk_test_accessible_check_property (GTK_ACCESSIBLE (mm_board_view_get_square (view,
                                                            blunder->best_move)),
                                          GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                          "The better move");

    g_assert_null (mismatch);
    g_assert_null (better);
  }

  /* A point of the graph shows its position; the last is the game. */
  click_graph_at (graph, 3);
  g_assert_cmpint (mm_test_window_shown_position (window), ==, 3);
  g_assert_cmpstr (mm_test_window_browse_text (window), ==, "After move 3 of 9");
  /* The arrow keys go through the positions, as for a slider. */
  press_graph_key (graph, GDK_KEY_Left);
  g_assert_cmpint (mm_test_window_shown_position (window), ==, 2);
  press_graph_key (graph, GDK_KEY_Home);
  g_assert_cmpint (mm_test_window_shown_position (window), ==, 0);
  g_assert_cmpstr (mm_test_window_browse_text (window), ==, "Start position");
  click_graph_at (graph, (int) review->len - 1);
  g_assert_cmpint (mm_test_window_shown_position (window), ==, -1);
  g_assert_cmpint (mm_eval_graph_get_selected (graph), ==, (int) review->len - 1);
  g_assert_cmpint (mm_board_view_get_review_mark (view, mm_square_parse ("e3")), ==, 0);

  /* A longer game fills the graph from its end, and can be stopped;
   * analysis mode waits for the review. */
  limits.max_depth = 10;
  _mm_window_set_review_limits (window, &limits);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  g_assert_null (review_entries (window));
  mm_test_window_play_moves (window, "f5d6c3d3c4f4c5b3c2e6c6b4b5d2e3a6c1b1");
  set_analysis_mode (window, TRUE);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse-game", NULL);
  g_assert_true (is_reviewing (window));
  mm_test_ui_wait_until (analysis_waits_for_review, window, 10);
  g_assert_false (is_analysing (window));
  mm_test_ui_wait_until (has_reviewed_some, graph, 10);
  g_assert_true (is_reviewing (window));
  review = review_entries (window);
  g_assert_cmpuint (review->len, ==, 19);
  /* The last position is reviewed first. */
  g_assert_cmpint (g_array_index (review, MmReviewEntry, 18).depth, >=, 0);
  g_assert_cmpint (g_array_index (review, MmReviewEntry, 0).depth, ==, -1);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.stop-review", NULL);
  g_assert_false (is_reviewing (window));
  n_reviewed = mm_eval_graph_get_n_reviewed (graph);
  g_assert_cmpuint (n_reviewed, <, 19);
  stopped = g_strdup_printf ("Review stopped after %u of 19 positions.", n_reviewed);
  g_assert_true (g_str_has_prefix (review_text (window), stopped));
  mm_test_ui_run_for (200);
  g_assert_cmpuint (mm_eval_graph_get_n_reviewed (graph), ==, n_reviewed);
  mm_test_ui_run_pending ();
  g_assert_true (is_analysing (window));
  set_analysis_mode (window, FALSE);

  /* A move played on leaves the review of the moves before; the
   * graph has no point for the new position. */
  mm_square_format (mm_first_square (mm_game_get_legal_moves (game)), name);
  mm_test_window_activate_square (window, name);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, 19);
  g_assert_nonnull (review_entries (window));
  g_assert_cmpint (mm_eval_graph_get_selected (graph), ==, -1);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_nonnull (review_entries (window));
  g_assert_cmpint (mm_eval_graph_get_selected (graph), ==, 18);
  /* A move taken back from the game reviewed takes the review away. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.undo", NULL);
  g_assert_null (review_entries (window));
  g_assert_null (review_text (window));
}

/* The review, analysis mode and an earlier position all at once, at the
 * usual size: the window keeps its size (the panel scrolls). */
static void
window_keeps_its_size (MmWindow *window)
{
  MmSearchLimits limits = { .max_depth = 2 };
  GtkListBoxRow *mistake;
  int width, height;

  mm_test_window_show_at_size (window, 900, 560);
  width = gtk_widget_get_width (GTK_WIDGET (window));
  height = gtk_widget_get_height (GTK_WIDGET (window));
  _mm_window_set_review_limits (window, &limits);
  _mm_window_set_analysis_limits (window, &limits);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.new-game", NULL);
  mm_test_window_play_moves (window, MM_TEST_WINDOW_GAME_A);
  gtk_widget_activate_action (GTK_WIDGET (window), "win.analyse-game", NULL);
  mm_test_ui_wait_until (review_done, window, 10);
  mistake = gtk_list_box_get_row_at_index (mistakes_list_of (window), 0);
  g_assert_nonnull (mistake);
  g_signal_emit_by_name (mistakes_list_of (window), "row-activated", mistake);
  set_analysis_mode (window, TRUE);
  mm_test_ui_run_for (500);
  g_test_message ("%d×%d, then %d×%d", width, height, gtk_widget_get_width (GTK_WIDGET (window)),
                  gtk_widget_get_height (GTK_WIDGET (window)));
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), ==, width);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (window)), ==, height);
  set_analysis_mode (window, FALSE);
}

int
main (int   argc,
      char *argv[])
{
  if (!mm_test_window_init (&argc, &argv))
    return 77;

  g_test_add_data_func ("/app/window/keeps-its-size", window_keeps_its_size, mm_test_window_run);
  g_test_add_data_func ("/app/window/hint", hint_marks_legal_square, mm_test_window_run);
  g_test_add_data_func ("/app/window/analysis-mode", analysis_mode, mm_test_window_run);
  g_test_add_data_func ("/app/window/book-hint-and-analysis", book_hint_and_analysis,
                        mm_test_window_run);
  g_test_add_data_func ("/app/window/analyse-game", analyse_game, mm_test_window_run);

  return g_test_run ();
}
