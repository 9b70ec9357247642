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
#include <string.h>

#include "mm-ai-player.h"
#include "mm-analysis-bar.h"
#include "mm-announcer.h"
#include "mm-autosave.h"
#include "mm-local-player.h"
#include "mm-match.h"
#include "mm-nboard-player.h"
#include "mm-opening.h"
#include "mm-board-editor.h"
#include "mm-board-view.h"
#include "mm-clock.h"
#include "mm-eval-graph.h"
#include "mm-game-chooser.h"
#include "mm-ggf.h"
#include "mm-move-list.h"
#include "mm-new-game-dialog.h"
#include "mm-opponents.h"
#include "mm-players-bar.h"
#include "mm-preferences-window.h"
#include "mm-record-actions.h"
#include "mm-record-io.h"
#include "mm-review-panel.h"
#include "mm-toast.h"
#include "mm-window.h"
#include "mm-window-private.h"



/* Analysis mode deepens for half a minute at most on one position: by
 * then the scores change little, and a position nobody looks at any
 * more must not keep the processors busy.  From 20 empties the moves are
 * solved exactly, which takes about a second on two cores. */
const MmSearchLimits _mm_window_default_analysis_limits = {
  .max_depth = 0,
  .max_seconds = 30.0,
  .exact_empties = 20,
};

/* Analyse Game searches each position 10 plies deep (2 s at most) and
 * solves the last 18 moves exactly: a whole game of 60 moves takes 10
 * to 15 seconds on two cores, and its mistakes are real ones. */
const MmSearchLimits _mm_window_default_review_limits = {
  .max_depth = 10,
  .max_seconds = 2.0,
  .exact_empties = 18,
};


enum
{
  PROP_0,
  PROP_ANALYSIS_MODE,
  PROP_COMPUTER_SIDE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];


G_DEFINE_FINAL_TYPE (MmWindow, mm_window, GTK_TYPE_APPLICATION_WINDOW)


/* ------------------------------------------------------------------ */
/* Messages and announcements                                         */
/* ------------------------------------------------------------------ */

/* A message over the board; it goes by itself after a while. */
void
_mm_window_show_message (MmWindow   *self,
                         const char *message)
{
  if (self->toast != NULL)
    mm_toast_show (self->toast, message);
}

void
_mm_window_set_event (MmWindow   *self,
                      const char *event)
{
  mm_announcer_set_event (self->announcer, event);
}

/* ------------------------------------------------------------------ */
/* What the game says                                                 */
/* ------------------------------------------------------------------ */

/* Every change of the game brings the panel and the list up to date; a
 * change seen while an earlier position is shown goes back to the game. */
static void
mm_window_game_notify_cb (MmWindow *self)
{
  if (self->browse >= 0)
    {
      self->browse = -1;
      mm_board_view_show_game (self->board_view);
      mm_move_list_set_shown (self->move_list, -1, NULL);
      _mm_window_update_pause (self);
    }
  /* A hint belongs to the position it was asked for. */
  _mm_window_stop_hint (self);
  _mm_window_update_status (self);
  _mm_window_update_moves (self);
  _mm_window_follow_clock (self);
  _mm_window_replace_stopped_engine (self);
  _mm_window_check_review (self);
  _mm_window_update_graph_selection (self);
  _mm_window_schedule_analysis (self);
}

/* A loss on time ends the game where it stands; so does a resignation. */
static void
mm_window_result_cb (MmWindow *self)
{
  g_autofree char *message = NULL;
  MmColor loser;

  switch (mm_match_get_result (self->match, &loser))
    {
    case MM_MATCH_RESULT_TIME:
      message = mm_announcer_time_loss_message (loser);
      break;
    case MM_MATCH_RESULT_RESIGNATION:
      message = mm_announcer_resignation_message (loser);
      break;
    case MM_MATCH_RESULT_NONE:
    case MM_MATCH_RESULT_BOARD:
    default:
      /* The board's own end comes with the last move. */
      return;
    }

  _mm_window_stop_hint (self);
  _mm_window_update_browse_actions (self);
  _mm_window_schedule_analysis (self);
  _mm_window_follow_clock (self);
  _mm_window_update_status (self);
  _mm_window_show_message (self, message);
  _mm_window_set_event (self, NULL);
  mm_announcer_play_sound (self->announcer, "end");
}

void
_mm_window_use_clock (MmWindow *self,
                      MmClock  *clock)
{
  mm_match_set_clock (self->match, clock);
  _mm_window_follow_clock (self);
  _mm_window_update_status (self);
}

/* ------------------------------------------------------------------ */
/* Autosave                                                           */
/* ------------------------------------------------------------------ */


static void
mm_window_autosave_failed_cb (MmWindow     *self,
                              const GError *error)
{
  g_autofree char *message =
    /* Translators: %s says why the game in progress could not be written */
    g_strdup_printf (_("The game in progress cannot be kept for the next start: %s"),
                     error->message);

  /* Not a warning: a full disk is the world, not a bug. */
  g_message ("%s", message);
  _mm_window_show_message (self, message);
}

static void
mm_window_autosave_now (MmWindow *self)
{
  g_autoptr(GError) error = NULL;

  if (self->match != NULL && !mm_match_save_session (self->match, &error))
    mm_window_autosave_failed_cb (self, error);
}

/* The game the window had when the program last stopped, whatever
 * stopped it. */
static void
mm_window_restore (MmWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *uri = NULL;
  g_autoptr(GHashTable) session = NULL;
  gboolean unsaved = FALSE;
  gboolean restored, black, white;

  mm_announcer_set_quiet (self->announcer, TRUE);
  restored = mm_match_restore_session (self->match, &uri, &unsaved, &session, &error);
  mm_announcer_set_quiet (self->announcer, FALSE);
  if (!restored)
    {
      if (error != NULL)
        _mm_window_show_message (self, error->message);
      return;
    }

  if (uri != NULL)
    file = g_file_new_for_uri (uri);
  _mm_window_set_file (self, file, unsaved);
  if (mm_opponents_read_session (self->opponents, session, &black, &white))
    _mm_window_set_computer (self, black, white);
  _mm_window_follow_clock (self);
  _mm_window_update_status (self);
}

/* ------------------------------------------------------------------ */
/* Games read in                                                      */
/* ------------------------------------------------------------------ */

/* The keyboard starts on the board, on the first legal move, so that arrow
 * keys, Enter and typed square names work at once. */
void
_mm_window_focus_board (MmWindow *self)
{
  guint64 legal = mm_game_get_legal_moves (self->game);
  int square = legal != 0 ? mm_first_square (legal) : 0;

  gtk_window_set_focus (GTK_WINDOW (self),
                        mm_board_view_get_square (self->board_view, square));
}

/* Puts the game of @data in place.  A game of its own GGF file belongs to
 * that file; any other (pasted, chosen among several, read from another
 * format) is a new game not saved yet. */
static void
mm_window_load_cb (MmWindow        *self,
                   MmGameRecord    *record,
                   GFile           *file,
                   const char      *text,
                   MmRecordActions *records)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) message = g_string_new (text);
  gboolean black_computer = _mm_window_is_computer (self, MM_COLOR_BLACK);
  gboolean white_computer = _mm_window_is_computer (self, MM_COLOR_WHITE);
  gboolean loaded;

  _mm_window_leave_edit (self);
  _mm_window_leave_online_game (self);
  /* Games read from elsewhere are played on by people; the computer
   * leaves first, so that it never starts thinking on the new game. */
  _mm_window_stop_hint (self);
  _mm_window_set_computer (self, FALSE, FALSE);
  mm_announcer_set_quiet (self->announcer, TRUE);
  loaded = mm_game_load_record (self->game, record, &error);
  mm_announcer_set_quiet (self->announcer, FALSE);
  if (!loaded)
    {
      /* Nothing changed, so the game goes on as it was, computer and all. */
      _mm_window_set_computer (self, black_computer, white_computer);
      _mm_window_update_status (self);
      _mm_window_show_message (self, error->message);
      return;
    }

  /* Games read from elsewhere are played on untimed. */
  _mm_window_use_clock (self, NULL);
  _mm_window_set_file (self, file, file == NULL);

  if (mm_game_is_over (self->game))
    {
      g_autofree char *result = mm_announcer_result_message (mm_game_get_black_count (self->game),
                                                mm_game_get_white_count (self->game));

      if (message->len > 0)
        g_string_append_c (message, ' ');
      g_string_append (message, result);
      _mm_window_show_message (self, message->str);
      _mm_window_focus_board (self);
      return;
    }
  else if (mm_game_get_n_moves (self->game) > 0
           && mm_game_get_move (self->game, mm_game_get_n_moves (self->game) - 1, NULL)
              == MM_SQUARE_PASS)
    {
      /* The game goes on after a pass: say who passed, as during play. */
      if (message->len > 0)
        g_string_append_c (message, ' ');
      g_string_append (message, mm_game_get_side_to_move (self->game) == MM_COLOR_BLACK
                                ? _("White has no move and passes")
                                : _("Black has no move and passes"));
    }
  _mm_window_show_message (self, message->str);
  _mm_window_focus_board (self);
}

/* The record actions' sentences go over the board. */
static void
mm_window_records_message_cb (MmWindow        *self,
                              const char      *message,
                              MmRecordActions *records)
{
  _mm_window_show_message (self, message);
}

/**
 * mm_window_open_files:
 * @files: (array length=n_files): the files to read
 *
 * Reads the games in @files (GGF, transcripts, PGN or boards) and loads
 * the game, or lets the user choose among several, after asking whether
 * unsaved changes may go.  Errors are shown in the window.
 */
void
mm_window_open_files (MmWindow  *self,
                      GFile    **files,
                      guint      n_files)
{
  g_return_if_fail (MM_IS_WINDOW (self));

  mm_record_actions_open_files (self->records, files, n_files);
}








/* ------------------------------------------------------------------ */
/* Moves and games                                                    */
/* ------------------------------------------------------------------ */


static void
mm_window_square_activated_cb (MmWindow *self,
                               int       square)
{
  g_autoptr(GError) error = NULL;
  MmColor loser;

  g_assert (MM_IS_WINDOW (self));

  if (self->editing)
    {
      mm_board_editor_paint (self->board_editor, square);
      return;
    }

  if (self->browse >= 0)
    {
      /* Translators: shown on a click on the board while an earlier position is shown */
      _mm_window_show_message (self, _("This is an earlier position. Go back to the game to play."));
      return;
    }

  if (mm_match_play (self->match, square, &error))
    return;

  if (g_error_matches (error, MM_MATCH_ERROR, MM_MATCH_ERROR_FINISHED)
      && mm_match_get_result (self->match, &loser) == MM_MATCH_RESULT_TIME)
    {
      g_autofree char *message = mm_announcer_time_loss_message (loser);

      _mm_window_show_message (self, message);
    }
  else if (g_error_matches (error, MM_MATCH_ERROR, MM_MATCH_ERROR_NOT_YOUR_TURN))
    /* Translators: shown on a click on the board while the computer is to move */
    _mm_window_show_message (self, _("Wait for the computer’s move."));
  else
    _mm_window_show_message (self, error->message);
}












/* ------------------------------------------------------------------ */
/* The window                                                         */
/* ------------------------------------------------------------------ */

/* A wide window has the panel beside the board; a narrow or tall one
 * has it under the board, with the players side by side. */
static gboolean
mm_window_apply_layout_cb (gpointer data)
{
  MmWindow *self = data;
  gboolean narrow = self->narrow;

  self->layout_source = 0;
  gtk_orientable_set_orientation (GTK_ORIENTABLE (self->content_box),
                                  narrow ? GTK_ORIENTATION_VERTICAL
                                         : GTK_ORIENTATION_HORIZONTAL);
  mm_players_bar_set_narrow (self->players_bar, narrow);
  gtk_widget_set_size_request (self->side_panel, narrow ? -1 : 250, -1);
  mm_move_list_set_narrow (self->move_list, narrow);
  /* Under the board the panel is kept short: the board takes the rest. */
  gtk_box_set_spacing (GTK_BOX (self->content_box), narrow ? 8 : 18);
  gtk_box_set_spacing (GTK_BOX (self->side_panel), narrow ? 6 : 12);
  gtk_widget_set_margin_start (self->content_box, narrow ? 12 : 18);
  gtk_widget_set_margin_end (self->content_box, narrow ? 12 : 18);
  gtk_widget_set_margin_top (self->content_box, narrow ? 12 : 18);
  gtk_widget_set_margin_bottom (self->content_box, narrow ? 12 : 18);
  mm_board_editor_set_narrow (self->board_editor, narrow);
  /* A phone-sized window has room for neither the title nor the words
   * of the New Game button. */
  gtk_widget_set_visible (self->new_game_button, !narrow);
  gtk_widget_set_visible (self->new_game_icon_button, narrow);
  gtk_header_bar_set_title_widget (self->header_bar,
                                   narrow ? gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0) : NULL);
  if (narrow)
    gtk_widget_add_css_class (GTK_WIDGET (self), "narrow");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "narrow");

  return G_SOURCE_REMOVE;
}

static void
mm_window_size_allocate (GtkWidget *widget,
                         int        width,
                         int        height,
                         int        baseline)
{
  MmWindow *self = MM_WINDOW (widget);
  /* The board's side with the panel beside it, and under it. */
  int beside = MIN (width - 310, height - 90);
  int under = MIN (width - 24, height - 230);
  gboolean narrow = under > beside;

  GTK_WIDGET_CLASS (mm_window_parent_class)->size_allocate (widget, width, height, baseline);

  /* The change waits for the end of this allocation. */
  if (narrow != self->narrow)
    {
      self->narrow = narrow;
      if (self->layout_source == 0)
        self->layout_source = g_idle_add_full (G_PRIORITY_HIGH_IDLE,
                                               mm_window_apply_layout_cb, self, NULL);
    }
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

  /* Closing asks nothing: the game as it is now, saved or not, comes
   * back at the next start, as in GNOME Chess. */
  _mm_window_stop_hint (self);
  /* The review feeds the analysis: it stops first, so that no idle of
   * its own outlives the analysis it would report to. */
  mm_review_panel_stop (self->review_panel);
  _mm_window_stop_analysis (self);
  if (self->records != NULL)
    mm_record_actions_cancel (self->records);
  mm_window_autosave_now (self);

  return GTK_WINDOW_CLASS (mm_window_parent_class)->close_request (window);
}

static void
mm_window_dispose (GObject *object)
{
  MmWindow *self = (MmWindow *)object;

  if (self->match != NULL)
    mm_window_autosave_now (self);
  g_cancellable_cancel (self->cancellable);
  _mm_window_dispose_online (self);
  _mm_window_stop_hint (self);
  mm_review_panel_stop (self->review_panel);
  _mm_window_stop_analysis (self);
  if (self->records != NULL)
    mm_record_actions_cancel (self->records);

  g_clear_handle_id (&self->layout_source, g_source_remove);
  /* The match's request ends with it, before the seats go. */
  if (self->match != NULL)
    g_signal_handlers_disconnect_by_data (self->match, self);
  if (self->match != NULL)
    g_object_run_dispose (G_OBJECT (self->match));
  g_clear_object (&self->match);
  if (self->opponents != NULL)
    g_object_run_dispose (G_OBJECT (self->opponents));
  g_clear_object (&self->opponents);
  g_clear_object (&self->toast);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->settings);
  g_clear_object (&self->autosave);
  g_clear_object (&self->cancellable);
  if (self->records != NULL)
    g_signal_handlers_disconnect_by_data (self->records, self);
  g_clear_object (&self->records);
  g_clear_object (&self->announcer);

  G_OBJECT_CLASS (mm_window_parent_class)->dispose (object);
}

void
_mm_window_set_analysis_mode (MmWindow *self,
                              gboolean  analysis_mode)
{
  analysis_mode = !!analysis_mode;
  if (self->analysis_mode == analysis_mode)
    return;

  self->analysis_mode = analysis_mode;
  if (analysis_mode)
    _mm_window_schedule_analysis (self);
  else
    _mm_window_stop_analysis (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSIS_MODE]);
}

static void
mm_window_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  MmWindow *self = MM_WINDOW (object);

  switch (prop_id)
    {
    case PROP_ANALYSIS_MODE:
      g_value_set_boolean (value, self->analysis_mode);
      break;

    case PROP_COMPUTER_SIDE:
      g_value_set_string (value, _mm_window_get_computer_side (self));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_window_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  MmWindow *self = MM_WINDOW (object);

  switch (prop_id)
    {
    case PROP_ANALYSIS_MODE:
      _mm_window_set_analysis_mode (self, g_value_get_boolean (value));
      break;

    case PROP_COMPUTER_SIDE:
      _mm_window_set_computer_side (self, g_value_get_string (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_window_class_init (MmWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = mm_window_dispose;
  object_class->get_property = mm_window_get_property;
  object_class->set_property = mm_window_set_property;
  widget_class->size_allocate = mm_window_size_allocate;
  window_class->close_request = mm_window_close_request;

  /**
   * MmWindow:analysis-mode:
   *
   * Whether the score of every legal move is shown on its square: the
   * state of the action win.analysis-mode.
   */
  properties[PROP_ANALYSIS_MODE] =
    g_param_spec_boolean ("analysis-mode", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * MmWindow:computer-side:
   *
   * Which sides the computer plays in the game on the board: "none",
   * "black", "white" or "both"; the state of the action win.computer-side,
   * so that a loaded or set-up game can go on against the computer.
   */
  properties[PROP_COMPUTER_SIDE] =
    g_param_spec_string ("computer-side", NULL, NULL, "none",
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (MM_TYPE_BOARD_VIEW);
  g_type_ensure (MM_TYPE_ANALYSIS_BAR);
  g_type_ensure (MM_TYPE_BOARD_EDITOR);
  g_type_ensure (MM_TYPE_MOVE_LIST);
  g_type_ensure (MM_TYPE_PLAYERS_BAR);
  g_type_ensure (MM_TYPE_ONLINE_BAR);
  g_type_ensure (MM_TYPE_REVIEW_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/ui/mm-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MmWindow, header_bar);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, new_game_button);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, new_game_icon_button);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, content_box);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, side_panel);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, players_bar);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, analysis_bar);
  gtk_widget_class_bind_template_callback (widget_class, _mm_window_analysis_failed_cb);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, review_panel);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, message_label);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, toast_revealer);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, move_list);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, board_editor);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, online_bar);
  gtk_widget_class_bind_template_callback (widget_class, _mm_window_edit_changed_cb);
  gtk_widget_class_bind_template_callback (widget_class, mm_window_square_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, _mm_window_move_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, _mm_window_review_position_cb);
  gtk_widget_class_bind_template_callback (widget_class, _mm_window_review_finished_cb);
  gtk_widget_class_bind_template_callback (widget_class, _mm_window_review_changed_cb);

  _mm_window_class_install_actions (widget_class);
  _mm_window_class_install_online_actions (widget_class);
}

static void
mm_window_init (MmWindow *self)
{
  static const char * const board_keys[] = {
    "show-legal-moves", "show-last-move", "show-coordinates", "show-flip-preview",
    "animation-speed", "board-style",
  };

  /* The template's menus read the computer-side property: the match is
   * there first. */
  self->match = mm_match_new (NULL);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->toast = mm_toast_new (self->toast_revealer, self->message_label);

  self->browse = -1;
  self->hint_level = MM_AI_LEVEL_MASTER;
  mm_analysis_bar_set_limits (self->analysis_bar, &_mm_window_default_analysis_limits);
  mm_analysis_bar_set_view (self->analysis_bar, self->board_view);
  self->review_limits = _mm_window_default_review_limits;
  self->cancellable = g_cancellable_new ();
  self->settings = g_settings_new ("io.github.monomachia.Monomachia");
  self->opponents = mm_opponents_new (self->settings);
  for (guint i = 0; i < G_N_ELEMENTS (board_keys); i++)
    g_settings_bind (self->settings, board_keys[i],
                     self->board_view, board_keys[i], G_SETTINGS_BIND_GET);
  mm_window_restore_size (self);

  self->game = g_object_ref (mm_match_get_game (self->match));
  g_signal_connect_object (self->match, "notify::result",
                           G_CALLBACK (mm_window_result_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "notify::thinking",
                           G_CALLBACK (_mm_window_thinking_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "seat-failed",
                           G_CALLBACK (_mm_window_seat_failed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->match, "autosave-failed",
                           G_CALLBACK (mm_window_autosave_failed_cb), self, G_CONNECT_SWAPPED);
  self->announcer = mm_announcer_new (self->game, self->toast, self->players_bar,
                                      self->settings);
  /* Every change of the position ends in a notification of n-moves or of
   * the counts; one handler keeps the panel in step. */
  g_signal_connect_object (self->game, "notify",
                           G_CALLBACK (mm_window_game_notify_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::black-player",
                           G_CALLBACK (_mm_window_update_names), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::white-player",
                           G_CALLBACK (_mm_window_update_names), self, G_CONNECT_SWAPPED);
  /* After the match: its autosave learns about the file from here. */
  self->records = mm_record_actions_new (GTK_WINDOW (self), self->game, self->settings);
  g_signal_connect_object (self->records, "load",
                           G_CALLBACK (mm_window_load_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->records, "message",
                           G_CALLBACK (mm_window_records_message_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->records, "notify::file",
                           G_CALLBACK (_mm_window_update_title), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->records, "notify::unsaved",
                           G_CALLBACK (_mm_window_update_title), self, G_CONNECT_SWAPPED);
  mm_board_view_set_game (self->board_view, self->game);
  mm_move_list_set_game (self->move_list, self->game);

  _mm_window_show_message (self, NULL);
  self->autosave = mm_autosave_new (NULL);
  mm_match_set_autosave (self->match, self->autosave);
  mm_window_restore (self);
  _mm_window_update_title (self);
  _mm_window_update_status (self);
  _mm_window_update_names (self);
  _mm_window_update_moves (self);
  _mm_window_follow_clock (self);
  _mm_window_update_edit_actions (self);
  _mm_window_review_changed_cb (self);
  _mm_window_init_online (self);
  /* Last: the game it looks at is in place. */
  g_settings_bind (self->settings, "analysis-mode", self, "analysis-mode",
                   G_SETTINGS_BIND_DEFAULT);
  _mm_window_focus_board (self);
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
