/* mm-window-actions.c
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

/* What the window's actions do: new game, undo and redo, earlier
 * positions, Edit Board, hints, Analyse Game, the records' actions and
 * the messages; mm-window.c keeps the layout, the parts and the wiring. */

#define G_LOG_DOMAIN "mm-window"

#include "config.h"

#include <glib/gi18n.h>

#include "mm-new-game-dialog.h"
#include "mm-new-game-setup.h"
#include "mm-opening.h"
#include "mm-preferences-window.h"
#include "mm-window-private.h"

static void
mm_window_set_names (MmWindow   *self,
                     const char *black_name,
                     const char *white_name)
{
  g_autofree char *black = g_strstrip (g_strdup (black_name != NULL ? black_name : ""));
  g_autofree char *white = g_strstrip (g_strdup (white_name != NULL ? white_name : ""));

  mm_game_set_player_name (self->game, MM_COLOR_BLACK, *black != '\0' ? black : NULL);
  mm_game_set_player_name (self->game, MM_COLOR_WHITE, *white != '\0' ? white : NULL);
}

/* The computer's sides are recorded under its name; the people's keep
 * the names they have, unless @forget_people (a board set up by hand). */
static void
mm_window_name_players (MmWindow *self,
                        gboolean  forget_people)
{
  for (MmColor color = MM_COLOR_BLACK; color <= MM_COLOR_WHITE; color++)
    if (_mm_window_is_computer (self, color))
      {
        g_autofree char *name = mm_opponents_dup_record_name (self->opponents);

        mm_game_set_player_name (self->game, color, name);
      }
    else if (forget_people)
      mm_game_set_player_name (self->game, color, NULL);
}

/* A new game as @data, an #MmNewGameSetup, says: opponents, start
 * position, names and clock. */
static void
mm_window_new_game (gpointer owner,
                    gboolean discarded,
                    gpointer data)
{
  MmWindow *self = owner;
  const MmNewGameSetup *setup = data;
  gboolean both = g_strcmp0 (setup->opponent, "computer-both") == 0;
  gboolean computer = both || g_strcmp0 (setup->opponent, "computer") == 0;
  gboolean human_white = g_strcmp0 (setup->human_color, "white") == 0;
  g_autoptr(MmClock) clock = NULL;

  _mm_window_leave_edit (self);
  _mm_window_leave_online_game (self);
  _mm_window_stop_hint (self);
  mm_opponents_set_level_id (self->opponents, setup->level);
  mm_announcer_set_quiet (self->announcer, TRUE);
  {
    g_autoptr(MmAiWeights) weights = mm_ai_weights_get_default (NULL);
    g_autoptr(GRand) rand = g_rand_new ();

    mm_opening_start_game (self->game, setup->start,
                           weights != NULL ? mm_ai_weights_get_eval (weights) : NULL, rand);
  }
  /* After the new position, which clears the messages: an engine that
   * cannot start says so. */
  _mm_window_set_computer (self, both || (computer && human_white),
                           both || (computer && !human_white));
  mm_window_set_names (self, setup->black_name, setup->white_name);
  mm_window_name_players (self, FALSE);
  mm_announcer_set_quiet (self->announcer, FALSE);

  if (setup->clock_minutes > 0)
    clock = mm_clock_new (setup->clock_minutes * 60 * G_USEC_PER_SEC,
                          setup->clock_increment * G_USEC_PER_SEC);
  _mm_window_use_clock (self, clock);
  _mm_window_set_file (self, NULL, FALSE);
  _mm_window_set_event (self, NULL);
  _mm_window_focus_board (self);
  /* The opponents may have changed even where the position did not. */
  _mm_window_schedule_analysis (self);
}

static void
mm_window_edit_play (gpointer owner,
                     gboolean discarded,
                     gpointer data)
{
  MmWindow *self = owner;
  guint64 black, white;
  MmColor side;
  MmBoard board;

  /* The question may outlive the editing it was asked about. */
  if (!self->editing)
    return;
  mm_board_editor_get_position (self->board_editor, &black, &white, &side);
  mm_board_from_colors (&board, black, white, side);
  _mm_window_leave_edit (self);
  _mm_window_leave_online_game (self);
  /* The position set up is played on by the same opponents: against
   * the computer, it keeps its side. */
  _mm_window_stop_hint (self);
  mm_announcer_set_quiet (self->announcer, TRUE);
  mm_game_restart_from (self->game, &board, side);
  mm_window_name_players (self, TRUE);
  mm_announcer_set_quiet (self->announcer, FALSE);
  _mm_window_use_clock (self, NULL);
  _mm_window_set_file (self, NULL, FALSE);
  _mm_window_focus_board (self);
}

/* The choices come straight from the New Game window, not back through
 * the settings, which may not have kept them (no settings service). */
static void
mm_window_new_game_chosen_cb (MmWindow             *self,
                              const MmNewGameSetup *setup)
{
  /* Someone online is found in the lobby. */
  if (g_strcmp0 (setup->opponent, "online") == 0)
    {
      mm_window_open_lobby (self);
      return;
    }
  mm_record_actions_confirm_discard (self->records, mm_window_new_game, self, mm_new_game_setup_copy (setup),
                             (GDestroyNotify) mm_new_game_setup_free);
}

typedef struct
{
  MmWindow     *self;
  GCancellable *cancellable;
} Search;

/* A search that @cancellable stops. */
static Search *
search_new_with (MmWindow     *self,
                 GCancellable *cancellable)
{
  Search *search = g_new0 (Search, 1);

  search->self = g_object_ref (self);
  search->cancellable = g_object_ref (cancellable);
  return search;
}

static void
search_free (Search *search)
{
  g_object_unref (search->self);
  g_object_unref (search->cancellable);
  g_free (search);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Search, search_free)

/* Whether the hint that came is the one the window waits for; if so
 * the window no longer waits. */
static gboolean
search_is_current_hint (Search *search)
{
  MmWindow *self = search->self;

  if (self->game == NULL || g_cancellable_is_cancelled (search->cancellable)
      || search->cancellable != self->hint_cancellable)
    return FALSE;

  g_clear_object (&self->hint_cancellable);
  _mm_window_update_thinking (self);
  return TRUE;
}

/* Marks the square of @move and says it; a move from the opening book
 * says so, with its value there. */
static void
mm_window_show_hint (MmWindow       *self,
                     const MmAiMove *move)
{
  g_autofree char *message = NULL;
  char name[3];

  mm_board_view_set_hint (self->board_view, move->square);
  mm_square_format (move->square, name);
  if (move->book)
    {
      g_autofree char *score = mm_ai_format_score (move->score, move->exact);

      /* Translators: the move the opening book advises; the first %s is
       * a square, as d3, the second its score in the book, as +1.0 */
      message = g_strdup_printf (_("Hint: %s (book, %s)"), name, score);
    }
  else
    /* Translators: the move the computer advises; %s is a square, as d3 */
    message = g_strdup_printf (_("Hint: %s"), name);
  _mm_window_show_message (self, message);
  _mm_window_set_event (self, message);
}

static void
mm_window_hint_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  g_autoptr(Search) search = user_data;
  g_autoptr(GError) error = NULL;
  MmWindow *self = search->self;
  MmAiMove move;

  if (!mm_ai_player_hint_finish (MM_AI_PLAYER (source), result, &move, &error))
    {
      if (search_is_current_hint (search))
        _mm_window_show_message (self, error->message);
      return;
    }
  if (!search_is_current_hint (search) || move.square < 0 || move.square >= MM_N_SQUARES)
    return;

  mm_window_show_hint (self, &move);
}

static void
mm_window_hint_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);
  g_autoptr(GArray) book_moves = NULL;
  MmAiPlayer *ai;
  MmBoard board;

  if (_mm_window_in_online_game (self))
    {
      /* Translators: shown when Hint is asked for in a game played online */
      _mm_window_show_message (self, _("There are no hints in a game played online."));
      return;
    }
  if (self->editing || self->browse >= 0 || _mm_window_is_finished (self))
    {
      /* Translators: shown when Hint is asked for where no move can be played */
      _mm_window_show_message (self, _("There is no move to give a hint for."));
      return;
    }
  if (_mm_window_is_computer_turn (self))
    {
      _mm_window_show_message (self, _("Wait for the computer’s move."));
      return;
    }
  /* The opponent's player gives hints too: on the person's turn it has
   * nothing else to do. */
  ai = _mm_window_ensure_ai (self);
  if (ai == NULL)
    return;

  _mm_window_stop_hint (self);
  board = mm_game_get_board (self->game);
  /* In the opening the book has the best move: no search. */
  book_moves = mm_ai_player_get_book_moves (ai, &board);
  if (book_moves->len > 0)
    {
      mm_window_show_hint (self, &g_array_index (book_moves, MmAiMove, 0));
      return;
    }

  self->hint_cancellable = g_cancellable_new ();
  mm_ai_player_hint_async (ai, &board, self->hint_level, self->hint_cancellable,
                           mm_window_hint_cb, search_new_with (self, self->hint_cancellable));
  _mm_window_update_thinking (self);
}

static void
mm_window_browse_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);

  if (g_str_equal (action_name, "win.browse-first"))
    _mm_window_browse_to (self, 0);
  else if (g_str_equal (action_name, "win.browse-previous"))
    _mm_window_browse_to (self, MAX (_mm_window_browse_position (self) - 1, 0));
  else if (g_str_equal (action_name, "win.browse-next"))
    _mm_window_browse_to (self, _mm_window_browse_position (self) + 1);
  else
    {
      _mm_window_browse_to (self, -1);
      _mm_window_set_event (self, NULL);
      _mm_window_focus_board (self);
    }
}

/* The game goes on from the position shown: the moves after it are
 * taken back (redo can still bring them), and whoever is to move there
 * moves, the computer too. */
static void
mm_window_play_from_here_action (GtkWidget  *widget,
                                 const char *action_name,
                                 GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);
  guint target;

  if (self->editing || self->browse < 0 || _mm_window_result_stands (self))
    return;

  target = (guint) self->browse;
  _mm_window_stop_hint (self);
  mm_match_play_from (self->match, target);
  _mm_window_browse_to (self, -1);
  _mm_window_set_event (self, NULL);
  _mm_window_focus_board (self);
}

static void
mm_window_open_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  mm_record_actions_open (MM_WINDOW (widget)->records);
}

static void
mm_window_save_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  mm_record_actions_save (MM_WINDOW (widget)->records);
}

static void
mm_window_save_as_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  mm_record_actions_save_as (MM_WINDOW (widget)->records);
}

static void
mm_window_copy_moves_action (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  mm_record_actions_copy (MM_WINDOW (widget)->records, MM_RECORD_FORMAT_TRANSCRIPT);
}

static void
mm_window_copy_game_action (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  mm_record_actions_copy (MM_WINDOW (widget)->records, MM_RECORD_FORMAT_GGF);
}

static void
mm_window_copy_board_action (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  mm_record_actions_copy (MM_WINDOW (widget)->records, MM_RECORD_FORMAT_BOARD);
}

static void
mm_window_paste_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  mm_record_actions_paste (MM_WINDOW (widget)->records);
}

static void
mm_window_analyse_game_action (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);
  g_autoptr(GError) error = NULL;

  if (self->editing)
    {
      /* Translators: shown on Analyse Game while Edit Board is on */
      _mm_window_show_message (self, _("Leave Edit Board to analyse the game."));
      return;
    }
  if (mm_game_get_n_moves (self->game) == 0)
    {
      /* Translators: shown on Analyse Game before the first move */
      _mm_window_show_message (self, _("There are no moves to review yet."));
      return;
    }
  if (!mm_review_panel_start (self->review_panel, self->game, &self->review_limits, &error))
    {
      g_warning ("%s", error->message);
      _mm_window_show_message (self, error->message);
    }
}

static void
mm_window_stop_review_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  mm_review_panel_stop (MM_WINDOW (widget)->review_panel);
}

static void
mm_window_close_review_action (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  mm_review_panel_close (MM_WINDOW (widget)->review_panel);
}

/* Another game as the New Game window last set one up. */
static void
mm_window_new_game_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);

  mm_record_actions_confirm_discard (self->records, mm_window_new_game, self,
                             mm_new_game_setup_new_from_settings (self->settings),
                             (GDestroyNotify) mm_new_game_setup_free);
}

static void
mm_window_new_game_dialog_action (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);
  MmNewGameDialog *dialog = mm_new_game_dialog_new (GTK_WINDOW (self));

  g_signal_connect_object (dialog, "start", G_CALLBACK (mm_window_new_game_chosen_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
mm_window_preferences_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  GtkWindow *preferences = GTK_WINDOW (mm_preferences_window_new (GTK_WINDOW (widget)));

  gtk_window_present (preferences);
}

static void
mm_window_undo_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);

  _mm_window_stop_hint (self);
  mm_match_undo (self->match);
}

static void
mm_window_redo_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);

  _mm_window_stop_hint (self);
  mm_match_redo (self->match);
}

static void
mm_window_dismiss_message_action (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  _mm_window_show_message (MM_WINDOW (widget), NULL);
}

/* Escape leaves Edit Board, goes back from an earlier position, or
 * closes the message, in that order. */
static void
mm_window_escape_action (GtkWidget  *widget,
                         const char *action_name,
                         GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);

  if (self->editing)
    _mm_window_leave_edit (self);
  else if (self->browse >= 0)
    mm_window_browse_action (widget, "win.browse-last", NULL);
  else
    _mm_window_show_message (self, NULL);
}

static void
mm_window_edit_board_action (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);
  guint64 black, white;
  MmColor side;
  int last_move;

  if (self->editing)
    return;

  _mm_window_stop_hint (self);
  /* The setting up starts from the position on the board. */
  mm_game_get_position_at (self->game, (guint) _mm_window_browse_position (self),
                           &black, &white, &side, &last_move);
  _mm_window_browse_to (self, -1);
  self->editing = TRUE;
  mm_board_editor_begin (self->board_editor, black, white, side);
  _mm_window_update_pause (self);
  /* Setting up a board is no one's time. */
  if (mm_match_get_clock (self->match) != NULL)
    mm_clock_stop (mm_match_get_clock (self->match));
  gtk_widget_set_visible (GTK_WIDGET (self->board_editor), TRUE);
  gtk_widget_add_css_class (GTK_WIDGET (self->board_view), "editing");
  _mm_window_update_edit_actions (self);
  _mm_window_update_browse_actions (self);
  _mm_window_update_status (self);
  _mm_window_schedule_analysis (self);
  _mm_window_update_graph_selection (self);
  /* Translators: shown when Edit Board starts */
  _mm_window_show_message (self, _("Click the squares to place or take away discs."));
  /* The status says "Editing the board". */
  _mm_window_set_event (self, NULL);
}

static void
mm_window_edit_clear_action (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  mm_board_editor_clear (MM_WINDOW (widget)->board_editor);
}

static void
mm_window_edit_start_action (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  mm_board_editor_reset_start (MM_WINDOW (widget)->board_editor);
}

static void
mm_window_edit_cancel_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  _mm_window_leave_edit (MM_WINDOW (widget));
}

static void
mm_window_edit_play_action (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);
  guint64 black, white;
  MmColor side;
  MmBoard board;

  mm_board_editor_get_position (self->board_editor, &black, &white, &side);
  if (!mm_board_from_colors (&board, black, white, side) || mm_board_is_game_over (&board))
    {
      /* Translators: Edit Board refuses to start from a finished position */
      _mm_window_show_message (self, _("Neither side could move in this position. "
                                       "Add or take away discs first."));
      return;
    }

  mm_record_actions_confirm_discard (self->records, mm_window_edit_play, self, NULL, NULL);
}





void
_mm_window_class_install_actions (GtkWidgetClass *widget_class)
{
  static const struct {
    const char                 *name;
    GtkWidgetActionActivateFunc activate;
  } actions[] = {
    { "win.new-game", mm_window_new_game_action },
    { "win.new-game-dialog", mm_window_new_game_dialog_action },
    { "win.undo", mm_window_undo_action },
    { "win.redo", mm_window_redo_action },
    { "win.open", mm_window_open_action },
    { "win.save", mm_window_save_action },
    { "win.save-as", mm_window_save_as_action },
    { "win.copy-moves", mm_window_copy_moves_action },
    { "win.copy-game", mm_window_copy_game_action },
    { "win.copy-board", mm_window_copy_board_action },
    { "win.paste", mm_window_paste_action },
    { "win.preferences", mm_window_preferences_action },
    { "win.browse-first", mm_window_browse_action },
    { "win.browse-previous", mm_window_browse_action },
    { "win.browse-next", mm_window_browse_action },
    { "win.browse-last", mm_window_browse_action },
    { "win.play-from-here", mm_window_play_from_here_action },
    { "win.edit-board", mm_window_edit_board_action },
    { "win.edit-clear", mm_window_edit_clear_action },
    { "win.edit-start", mm_window_edit_start_action },
    { "win.edit-cancel", mm_window_edit_cancel_action },
    { "win.edit-play", mm_window_edit_play_action },
    { "win.dismiss-message", mm_window_dismiss_message_action },
    { "win.escape", mm_window_escape_action },
    { "win.hint", mm_window_hint_action },
    { "win.analyse-game", mm_window_analyse_game_action },
    { "win.stop-review", mm_window_stop_review_action },
    { "win.close-review", mm_window_close_review_action },
  };

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    gtk_widget_class_install_action (widget_class, actions[i].name, NULL, actions[i].activate);
  /* A check item in the menu, its state the property's. */
  gtk_widget_class_install_property_action (widget_class, "win.analysis-mode", "analysis-mode");
  gtk_widget_class_install_property_action (widget_class, "win.computer-side", "computer-side");

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.escape", NULL);
}
