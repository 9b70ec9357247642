/* mm-window-test-hooks.c
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

/* What the tests of the window set up and read where no action or
 * widget does it for them. */

#include "config.h"

#include "mm-window-private.h"

MmBoardView *
_mm_window_get_board_view (MmWindow *self)
{
  return self->board_view;
}

const char *
_mm_window_get_count_text (MmWindow *self,
                            MmColor   color)
{
  return mm_players_bar_get_count (self->players_bar, color);
}

const char *
_mm_window_get_turn_text (MmWindow *self)
{
  return mm_players_bar_get_status (self->players_bar);
}

const char *
_mm_window_get_message_text (MmWindow *self)
{
  return gtk_label_get_text (self->message_label);
}

const char *
_mm_window_get_name_text (MmWindow *self,
                           MmColor   color)
{
  return mm_players_bar_get_name (self->players_bar, color);
}

GFile *
_mm_window_get_file (MmWindow *self)
{
  return mm_record_actions_get_file (self->records);
}

gboolean
_mm_window_is_unsaved (MmWindow *self)
{
  return mm_record_actions_get_unsaved (self->records);
}

/* Reads @text as Paste does, with the same parsers as files. */
void
_mm_window_paste_text (MmWindow   *self,
                        const char *text)
{
  mm_record_actions_paste_text (self->records, text);
}

/* Save As without the file chooser. */
void
_mm_window_save_as_file (MmWindow *self,
                          GFile    *file)
{
  mm_record_actions_save_to_file (self->records, file);
}

/* The status widget, whose accessible name is what a screen reader is
 * told after each event. */
GtkWidget *
_mm_window_get_status_widget (MmWindow *self)
{
  return mm_players_bar_get_status_label (self->players_bar);
}

const char *
_mm_window_get_announcement (MmWindow *self)
{
  return mm_players_bar_get_announcement (self->players_bar);
}

/* The move list as it reads: "f5 d6 pass c3". */
char *
_mm_window_get_move_list_text (MmWindow *self)
{
  return mm_move_list_dup_text (self->move_list);
}

GtkFlowBox *
_mm_window_get_move_list (MmWindow *self)
{
  return mm_move_list_get_flow_box (self->move_list);
}

/* The number of moves to the position shown, or -1 for the game. */
int
_mm_window_get_browse (MmWindow *self)
{
  return self->browse;
}

const char *
_mm_window_get_browse_text (MmWindow *self)
{
  return mm_move_list_get_browse_text (self->move_list);
}

/* A timed game with clocks of @initial microseconds, from now. */
void
_mm_window_set_clock (MmWindow *self,
                       gint64    initial,
                       gint64    increment)
{
  g_autoptr(MmClock) clock = initial > 0 ? mm_clock_new (initial, increment) : NULL;

  _mm_window_use_clock (self, clock);
}

const char *
_mm_window_get_clock_text (MmWindow *self,
                            MmColor   color)
{
  return mm_players_bar_get_clock (self->players_bar, color);
}

gboolean
_mm_window_is_lost_on_time (MmWindow *self,
                             MmColor  *loser)
{
  return mm_match_get_result (self->match, loser) == MM_MATCH_RESULT_TIME;
}

gboolean
_mm_window_is_editing (MmWindow *self)
{
  return self->editing;
}

/* What Edit Board's clicks place, and who moves first. */
void
_mm_window_set_edit_tools (MmWindow *self,
                            MmDisc    paint,
                            MmColor   side)
{
  mm_board_editor_set_tools (self->board_editor, paint, side);
}

guint
_mm_window_get_n_sounds (MmWindow *self)
{
  return mm_announcer_get_n_sounds (self->announcer);
}

gboolean
_mm_window_is_narrow (MmWindow *self)
{
  return self->narrow;
}

/* The pause before each computer move, in milliseconds. */
void
_mm_window_set_computer_delay (MmWindow *self,
                                guint     milliseconds)
{
  mm_opponents_set_delay (self->opponents, milliseconds);
}

void
_mm_window_set_hint_level (MmWindow  *self,
                            MmAiLevel  level)
{
  self->hint_level = level;
}

/* Whether the computer is searching (for its move, or a hint). */
gboolean
_mm_window_is_thinking (MmWindow *self)
{
  return mm_match_get_thinking (self->match) || self->hint_cancellable != NULL;
}

const char *
_mm_window_get_thinking_text (MmWindow *self)
{
  return mm_players_bar_get_thinking (self->players_bar);
}

/* Analysis mode and Analyse Game */

void
_mm_window_set_analysis_limits (MmWindow             *self,
                                 const MmSearchLimits *limits)
{
  mm_analysis_bar_set_limits (self->analysis_bar, limits != NULL ? limits : &_mm_window_default_analysis_limits);
}

void
_mm_window_set_review_limits (MmWindow             *self,
                               const MmSearchLimits *limits)
{
  self->review_limits = limits != NULL ? *limits : _mm_window_default_review_limits;
}

/* Whether analysis mode is searching. */
gboolean
_mm_window_is_analysing (MmWindow *self)
{
  return mm_analysis_bar_get_searching (self->analysis_bar);
}

/* The depth of the scores on the board; 0 before the first. */
int
_mm_window_get_analysis_depth (MmWindow *self)
{
  return mm_analysis_bar_get_depth (self->analysis_bar);
}

const char *
_mm_window_get_analysis_text (MmWindow *self)
{
  return mm_analysis_bar_get_status (self->analysis_bar);
}

gboolean
_mm_window_is_reviewing (MmWindow *self)
{
  return mm_review_panel_get_running (self->review_panel);
}

/* The review shown (MmReviewEntry, the start first), or NULL. */
GArray *
_mm_window_get_review (MmWindow *self)
{
  return mm_review_panel_get_entries (self->review_panel);
}

const char *
_mm_window_get_review_text (MmWindow *self)
{
  return mm_review_panel_get_status (self->review_panel);
}

MmEvalGraph *
_mm_window_get_eval_graph (MmWindow *self)
{
  return mm_review_panel_get_graph (self->review_panel);
}

GtkListBox *
_mm_window_get_mistakes_list (MmWindow *self)
{
  return mm_review_panel_get_mistakes (self->review_panel);
}
