/* mm-game-records.c
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

/* A game's start and its record: a new game from any position, a game
 * loaded from a record (MmGameRecord, mm-game-record.c) and made into
 * one, and the results a record keeps that the board does not show: a
 * loss on time and a resignation. */

#define G_LOG_DOMAIN "mm-game"

#include "config.h"

#include <glib/gi18n-lib.h>

#include <string.h>

#include "mm-game-private.h"

/* Sets the position that starts the game, passing at once for a side
 * to move that has no move. */
static void
mm_game_set_start (MmGame        *self,
                   const MmBoard *start,
                   MmColor        side_to_move)
{
  self->start = *start;
  self->start_side = side_to_move;
  g_array_set_size (self->redo, 0);
  mm_game_replay (self, 0);
  self->started = g_get_real_time ();
}

/**
 * mm_game_restart_from:
 * @start: the position, relative to @side_to_move (the discs of the side
 *   to move in @start->player)
 *
 * Starts a new game, with no history and no tags, from any position: a
 * board pasted or loaded, or a puzzle.  When the side to move has no
 * move it passes at once (#MmGame::passed after
 * #MmGame::position-changed); a position where neither side can move is
 * a game that is over.
 */
void
mm_game_restart_from (MmGame        *self,
                      const MmBoard *start,
                      MmColor        side_to_move)
{
  MmGameRecord *old_info;
  MmGameState before;

  g_return_if_fail (MM_IS_GAME (self));
  g_return_if_fail (start != NULL);
  g_return_if_fail ((start->player & start->opponent) == 0);
  g_return_if_fail (side_to_move == MM_COLOR_BLACK || side_to_move == MM_COLOR_WHITE);

  before = mm_game_capture_state (self);
  mm_game_set_start (self, start, side_to_move);

  old_info = mm_game_take_info (self, mm_game_record_new ());
  g_signal_emit (self, mm_game_signals[MM_GAME_SIGNAL_POSITION_CHANGED], 0);
  if (!mm_board_can_move (&self->board) && !mm_board_is_game_over (&self->board))
    {
      MmColor passer = self->side_to_move;

      mm_board_pass (&self->board);
      mm_game_append (self, MM_SQUARE_PASS);
      self->side_to_move = mm_color_other (passer);
      g_signal_emit (self, mm_game_signals[MM_GAME_SIGNAL_PASSED], 0, passer);
    }
  mm_game_notify_changes (self, &before);
  mm_game_notify_names (self, old_info);
}

/**
 * mm_game_get_start:
 * @start: (out) (optional): the position the game started from, relative
 *   to @side_to_move
 * @side_to_move: (out) (optional): who was to move there
 */
void
mm_game_get_start (MmGame  *self,
                   MmBoard *start,
                   MmColor *side_to_move)
{
  g_return_if_fail (MM_IS_GAME (self));

  if (start != NULL)
    *start = self->start;
  if (side_to_move != NULL)
    *side_to_move = self->start_side;
}

/**
 * mm_game_load_record:
 *
 * Replaces the game with the one in @record: its start, its moves (which
 * undo can take back one by one, so that the game can go on from any of
 * them), its evaluations and times, and its tags (the players among
 * them).  The moves are played again with the engine's rules; the
 * passes they force are added where the record leaves them out.  Emits
 * #MmGame::position-changed once.
 *
 * Returns: %FALSE with @error set, and the game untouched, when a move of
 *   the record is not legal (the error names the move)
 */
gboolean
mm_game_load_record (MmGame        *self,
                     MmGameRecord  *record,
                     GError       **error)
{
  g_autoptr(GArray) history = NULL;
  MmGameRecord *info, *old_info;
  MmGameState before;
  MmBoard board;
  MmColor start_side, side;
  guint64 black, white;
  guint number = 0;

  g_return_val_if_fail (MM_IS_GAME (self), FALSE);
  g_return_val_if_fail (record != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  mm_game_record_get_start (record, &black, &white, &start_side);
  side = start_side;
  mm_board_from_colors (&board, black, white, side);
  history = g_array_new (FALSE, TRUE, sizeof (MmGameMove));
  g_array_set_clear_func (history, mm_game_move_clear);

  for (guint i = 0; i <= mm_game_record_get_n_moves (record); i++)
    {
      MmColor color = side;
      const char *eval = NULL, *time = NULL;
      int square = MM_SQUARE_PASS;
      gboolean forced_pass = !mm_board_can_move (&board) && !mm_board_is_game_over (&board);
      MmGameMove move;

      if (i < mm_game_record_get_n_moves (record))
        square = mm_game_record_get_move (record, i, &color, &eval, &time);
      else if (!forced_pass)
        break;

      /* A pass the record leaves out, as the game would make it. */
      if (forced_pass && square != MM_SQUARE_PASS)
        {
          MmGameMove pass = { .square = MM_SQUARE_PASS, .color = (guint8) side };

          g_array_append_val (history, pass);
          mm_board_pass (&board);
          side = mm_color_other (side);
          forced_pass = FALSE;
        }

      if (square == MM_SQUARE_PASS ? (!forced_pass || color != side)
          : (color != side || !mm_square_is_valid (square)
             || !(mm_board_empties (&board) & (G_GUINT64_CONSTANT (1) << square))
             || mm_board_flips (&board, square) == 0))
        {
          g_set_error (error, MM_GAME_ERROR, MM_GAME_ERROR_ILLEGAL_RECORD,
                       /* Translators: %u is the number of a move in a game record */
                       _("Move %u of the game record is not legal"), number + 1);
          return FALSE;
        }

      if (square == MM_SQUARE_PASS)
        mm_board_pass (&board);
      else
        {
          mm_board_play (&board, square);
          number++;
        }
      move.square = (gint8) square;
      move.color = (guint8) side;
      move.eval = g_strdup (eval);
      move.time = g_strdup (time);
      g_array_append_val (history, move);
      side = mm_color_other (side);
    }

  before = mm_game_capture_state (self);
  mm_board_from_colors (&self->start, black, white, start_side);
  self->start_side = start_side;
  g_array_set_size (self->redo, 0);
  g_clear_pointer (&self->history, g_array_unref);
  self->history = g_steal_pointer (&history);
  self->board = board;
  self->side_to_move = side;
  self->started = g_get_real_time ();

  info = mm_game_record_new ();
  for (guint i = 0; i < mm_game_record_get_n_tags (record); i++)
    {
      const char *name;
      const char *value = mm_game_record_get_nth_tag (record, i, &name);

      mm_game_record_set_tag (info, name, value, NULL);
    }
  old_info = mm_game_take_info (self, info);

  g_signal_emit (self, mm_game_signals[MM_GAME_SIGNAL_POSITION_CHANGED], 0);
  mm_game_notify_changes (self, &before);
  mm_game_notify_names (self, old_info);

  return TRUE;
}

/**
 * mm_game_to_record:
 *
 * The game as a record, to save or copy: its start, its moves with
 * their passes (and the evaluations and times of loaded moves) and its
 * tags, plus the place (PC) and date (DT) when it has none, the type
 * (TY[8]) and, for a game that is over, the result (RE).
 *
 * Returns: (transfer full): a new record
 */
MmGameRecord *
mm_game_to_record (MmGame *self)
{
  MmGameRecord *record;
  guint64 black, white;
  g_autofree char *result = NULL;

  g_return_val_if_fail (MM_IS_GAME (self), NULL);

  black = self->start_side == MM_COLOR_BLACK ? self->start.player : self->start.opponent;
  white = self->start_side == MM_COLOR_BLACK ? self->start.opponent : self->start.player;
  record = mm_game_record_new_from_position (black, white, self->start_side);

  for (guint i = 0; i < mm_game_record_get_n_tags (self->info); i++)
    {
      const char *name;
      const char *value = mm_game_record_get_nth_tag (self->info, i, &name);

      mm_game_record_set_tag (record, name, value, NULL);
    }
  if (mm_game_record_get_tag (record, MM_RECORD_TAG_PLACE) == NULL)
    mm_game_record_set_tag (record, MM_RECORD_TAG_PLACE, "Monomachia", NULL);
  if (mm_game_record_get_tag (record, MM_RECORD_TAG_DATE) == NULL)
    {
      g_autoptr(GDateTime) date = g_date_time_new_from_unix_utc (self->started / G_USEC_PER_SEC);
      g_autofree char *text = g_date_time_format (date, "%Y.%m.%d_%H:%M:%S.UTC");

      mm_game_record_set_tag (record, MM_RECORD_TAG_DATE, text, NULL);
    }
  if (mm_game_record_get_tag (record, MM_RECORD_TAG_TYPE) == NULL)
    mm_game_record_set_tag (record, MM_RECORD_TAG_TYPE, "8", NULL);

  for (guint i = 0; i < self->history->len; i++)
    {
      const MmGameMove *move = &g_array_index (self->history, MmGameMove, i);
      g_autoptr(GError) error = NULL;

      if (!mm_game_record_play_as (record, (MmColor) move->color, move->square,
                                   move->eval, move->time, &error))
        g_critical ("The history of a game does not make a record: %s", error->message);
    }

  result = mm_game_record_format_result (record);
  if (result != NULL)
    mm_game_record_set_tag (record, MM_RECORD_TAG_RESULT, result, NULL);

  return record;
}

/* GGF's result of a game lost on time or by resignation: the loser's
 * colour gets every disc, and the flag ("t" or "r") says why. */
#define LOSS_BLACK "-64.00:"
#define LOSS_WHITE "+64.00:"

static void
mm_game_set_loss (MmGame     *self,
                  MmColor     loser,
                  const char *flag)
{
  g_autofree char *result = g_strconcat (loser == MM_COLOR_BLACK ? LOSS_BLACK : LOSS_WHITE,
                                         flag, NULL);

  mm_game_record_set_tag (self->info, MM_RECORD_TAG_RESULT, result, NULL);
}

/* Whether the recorded result is a loss with @flag, on a board where
 * play could go on (a finished board's discs decide). */
static gboolean
mm_game_get_loss (MmGame     *self,
                  const char *flag,
                  MmColor    *loser)
{
  const char *result = mm_game_record_get_tag (self->info, MM_RECORD_TAG_RESULT);

  if (result == NULL || mm_game_is_over (self) || strlen (result) <= strlen (flag)
      || !g_str_has_suffix (result, flag) || result[strlen (result) - strlen (flag) - 1] != ':')
    return FALSE;
  if (loser != NULL)
    *loser = result[0] == '-' ? MM_COLOR_BLACK : MM_COLOR_WHITE;
  return TRUE;
}

/**
 * mm_game_set_lost_on_time:
 * @loser: the side whose time ran out
 *
 * Records that @loser ran out of time, so that the game's record says so
 * (RE[-64.00:t] when Black lost, as GGS writes it).  Any later change of
 * the position forgets it, as it forgets a loaded result.
 */
void
mm_game_set_lost_on_time (MmGame  *self,
                          MmColor  loser)
{
  g_return_if_fail (MM_IS_GAME (self));

  mm_game_set_loss (self, loser, "t");
}

/**
 * mm_game_get_lost_on_time:
 * @loser: (out) (optional): the side whose time ran out
 *
 * Whether the game was lost on time, as set by mm_game_set_lost_on_time()
 * or read from a record (a result with the flag "t").
 */
gboolean
mm_game_get_lost_on_time (MmGame  *self,
                          MmColor *loser)
{
  g_return_val_if_fail (MM_IS_GAME (self), FALSE);

  return mm_game_get_loss (self, "t", loser);
}

/**
 * mm_game_set_resigned:
 * @loser: the side that resigned
 *
 * Records that @loser resigned (RE[-64.00:r] when Black did, as GGS
 * writes it); like a loss on time, a later change of the position
 * forgets it.
 */
void
mm_game_set_resigned (MmGame  *self,
                      MmColor  loser)
{
  g_return_if_fail (MM_IS_GAME (self));

  mm_game_set_loss (self, loser, "r");
}

/**
 * mm_game_get_resigned:
 * @loser: (out) (optional): the side that resigned
 *
 * Whether a side resigned, as set by mm_game_set_resigned() or read from
 * a record (a result with the flag "r").
 */
gboolean
mm_game_get_resigned (MmGame  *self,
                      MmColor *loser)
{
  g_return_val_if_fail (MM_IS_GAME (self), FALSE);

  return mm_game_get_loss (self, "r", loser);
}
