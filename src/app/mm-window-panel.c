/* mm-window-panel.c
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

/* What the window's title and its panel say of the match: the file and
 * its unsaved mark, the players' names, the discs of the position shown,
 * whose turn it is or how the game ended, and the named opening the
 * position shown is in. */

#define G_LOG_DOMAIN "mm-window"

#include "config.h"

#include <glib/gi18n.h>

#include "mm-opening-names.h"
#include "mm-window-private.h"

/* ------------------------------------------------------------------ */
/* The panel                                                          */
/* ------------------------------------------------------------------ */

/* The title names the game's file, with a bullet for unsaved changes;
 * the autosave remembers both. */
void
_mm_window_update_title (MmWindow *self)
{
  g_autofree char *title = mm_record_actions_dup_title (self->records);
  GFile *file = mm_record_actions_get_file (self->records);
  g_autofree char *uri = file != NULL ? g_file_get_uri (file) : NULL;

  gtk_window_set_title (GTK_WINDOW (self), title);
  mm_match_set_document (self->match, uri, mm_record_actions_get_unsaved (self->records));
}

void
_mm_window_set_file (MmWindow *self,
                     GFile    *file,
                     gboolean  unsaved)
{
  mm_record_actions_set_file (self->records, file, unsaved);
}

/* The names on the cards: the recorded ones, in the reader's language
 * for the computer's, and an external engine's own ("Edax"). */
void
_mm_window_update_names (MmWindow *self)
{
  for (MmColor color = MM_COLOR_BLACK; color <= MM_COLOR_WHITE; color++)
    {
      MmPlayer *seat = mm_match_get_seat (self->match, color);
      g_autofree char *name = NULL;

      if (MM_IS_NBOARD_PLAYER (seat) && mm_player_get_display_name (seat) != NULL)
        name = g_strdup (mm_player_get_display_name (seat));
      else
        name = mm_opponents_display_name (mm_game_get_player_name (self->game, color));
      mm_players_bar_set_name (self->players_bar, color, name);
    }
}

/* How the game ended, for the status: who won, and why when it was not
 * the discs. */
static char *
mm_window_result_text (MmWindow *self)
{
  g_autofree char *result = NULL;
  MmColor loser;

  switch (mm_match_get_result (self->match, &loser))
    {
    case MM_MATCH_RESULT_TIME:
      result = g_strdup (loser == MM_COLOR_WHITE
                         /* Translators: the end of a timed game, after “Game over: ” */
                         ? _("Black wins on time")
                         : _("White wins on time"));
      break;
    case MM_MATCH_RESULT_RESIGNATION:
      result = g_strdup (loser == MM_COLOR_WHITE
                         /* Translators: the end of a game, after “Game over: ” */
                         ? _("Black wins by resignation")
                         : _("White wins by resignation"));
      break;
    case MM_MATCH_RESULT_BOARD:
      result = mm_announcer_result_message (mm_game_get_black_count (self->game),
                               mm_game_get_white_count (self->game));
      break;
    case MM_MATCH_RESULT_NONE:
    default:
      return NULL;
    }
  /* Translators: the status at the end of a game; %s says who won, as
   * “Black wins 34-30” or “White wins on time” */
  return g_strdup_printf (_("Game over: %s"), result);
}

gboolean
_mm_window_is_finished (MmWindow *self)
{
  return mm_match_is_finished (self->match);
}

/* A loss on time or a resignation stands: the moves cannot be taken back. */
gboolean
_mm_window_result_stands (MmWindow *self)
{
  MmMatchResult result = mm_match_get_result (self->match, NULL);

  return result == MM_MATCH_RESULT_TIME || result == MM_MATCH_RESULT_RESIGNATION;
}

gboolean
_mm_window_is_computer (MmWindow *self,
                        MmColor   color)
{
  return !mm_player_is_local_person (mm_match_get_seat (self->match, color));
}

gboolean
_mm_window_is_computer_turn (MmWindow *self)
{
  return !mm_match_is_finished (self->match) && !mm_match_is_local_turn (self->match);
}

/* The match runs the clocks; the players' cards show them. */
void
_mm_window_follow_clock (MmWindow *self)
{
  mm_players_bar_follow_clock (self->players_bar, _mm_window_get_shown_clock (self));
}

/* Under the status, the named opening of the position shown, while
 * that position is still on the opening's lines: once the game has
 * left them the name has nothing more to say about the play (the move
 * list keeps it as the game's opening).  Edit Board shows none. */
static void
mm_window_update_opening (MmWindow *self)
{
  g_autofree char *text = NULL;
  MmOpeningName found;
  guint n_moves = self->browse >= 0 ? (guint) self->browse : G_MAXUINT;

  if (!self->editing && mm_opening_names_find (self->game, n_moves, &found) && found.in_opening)
    /* Translators: %s is the name of an Othello opening, as “Tiger” */
    text = g_strdup_printf (_("Opening: %s"), mm_opening_names_translate (found.name));
  mm_players_bar_set_opening (self->players_bar, text);
}

void
_mm_window_update_status (MmWindow *self)
{
  g_autofree char *status = NULL;
  guint black, white;
  gboolean over = _mm_window_is_finished (self);
  MmColor side = mm_game_get_side_to_move (self->game);
  gboolean live = self->browse < 0 && !self->editing;

  mm_board_view_set_input_idle (self->board_view,
                                live && !over && _mm_window_is_computer (self, side));
  /* A game lost on time or resigned shows no moves to play either. */
  mm_board_view_set_finished (self->board_view, live && over);

  /* Edit Board counts the discs of the position being set up, and an
   * earlier position shown those of that position. */
  if (self->editing)
    {
      guint64 black_discs, white_discs;

      mm_board_editor_get_position (self->board_editor, &black_discs, &white_discs, &side);
      black = (guint) mm_popcount (black_discs);
      white = (guint) mm_popcount (white_discs);
      over = FALSE;
    }
  else if (self->browse >= 0)
    {
      guint64 black_discs, white_discs;
      int last_move;

      mm_game_get_position_at (self->game, (guint) self->browse, &black_discs, &white_discs,
                               &side, &last_move);
      black = (guint) mm_popcount (black_discs);
      white = (guint) mm_popcount (white_discs);
      over = FALSE;
    }
  else
    {
      black = mm_game_get_black_count (self->game);
      white = mm_game_get_white_count (self->game);
    }
  mm_players_bar_set_counts (self->players_bar, black, white);

  if (self->editing)
    /* Translators: the status while Edit Board is on */
    status = g_strdup (_("Editing the board"));
  else if (over)
    status = mm_window_result_text (self);
  else if (side == MM_COLOR_BLACK)
    status = g_strdup (_("Black to move"));
  else
    status = g_strdup (_("White to move"));
  mm_players_bar_set_status (self->players_bar, status);
  mm_window_update_opening (self);
  mm_announcer_announce (self->announcer);
  /* The card of the side to move is highlighted. */
  mm_players_bar_set_current (self->players_bar, over ? -1 : (int) side);

  /* Online, a move is taken back only with the opponent's leave. */
  live = live && !_mm_window_in_online_game (self);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 live && mm_match_can_undo (self->match));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo",
                                 live && mm_match_can_redo (self->match));
  _mm_window_update_online_actions (self);
}
