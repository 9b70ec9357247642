/* mm-game-history.c
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

/* The history of a game: the moves played, undo and redo, and the
 * positions reached on the way, to show or to analyse. */

#define G_LOG_DOMAIN "mm-game"

#include "config.h"

#include "mm-game-private.h"

/* Sets the position from the start and the first @n_moves of the history. */
void
mm_game_replay (MmGame *self,
                guint   n_moves)
{
  self->board = self->start;
  self->side_to_move = self->start_side;

  for (guint i = 0; i < n_moves; i++)
    {
      const MmGameMove *move = &g_array_index (self->history, MmGameMove, i);

      if (move->square == MM_SQUARE_PASS)
        mm_board_pass (&self->board);
      else
        mm_board_play (&self->board, move->square);
      self->side_to_move = mm_color_other (self->side_to_move);
    }

  g_array_set_size (self->history, n_moves);
}

/**
 * mm_game_undo:
 *
 * Takes back the last disc placed, with the passes that followed it, so that
 * the side that placed it is to move again.
 *
 * Returns: %FALSE when there is nothing to undo
 */
gboolean
mm_game_undo (MmGame *self)
{
  MmGameState before;
  guint n_moves;

  g_return_val_if_fail (MM_IS_GAME (self), FALSE);

  if (!mm_game_can_undo (self))
    return FALSE;

  before = mm_game_capture_state (self);
  n_moves = self->history->len;
  while (g_array_index (self->history, MmGameMove, n_moves - 1).square == MM_SQUARE_PASS)
    n_moves--;
  /* The passes first, the disc on top; the strings move to the stack. */
  for (guint i = self->history->len; i-- > n_moves - 1;)
    {
      MmGameMove *move = &g_array_index (self->history, MmGameMove, i);

      g_array_append_val (self->redo, *move);
      move->eval = move->time = NULL;
    }
  mm_game_forget_result (self);
  mm_game_replay (self, n_moves - 1);

  g_signal_emit (self, mm_game_signals[MM_GAME_SIGNAL_POSITION_CHANGED], 0);
  mm_game_notify_changes (self, &before);

  return TRUE;
}

/* Gives the moves placed from @first on (a disc and the passes that
 * followed it) the evaluations and times they had before undo, taking
 * them off the redo stack. */
static void
mm_game_restore_notes (MmGame *self,
                       guint   first)
{
  for (guint i = first; i < self->history->len && self->redo->len > 0; i++)
    {
      MmGameMove *move = &g_array_index (self->history, MmGameMove, i);
      MmGameMove *saved = &g_array_index (self->redo, MmGameMove, self->redo->len - 1);

      if (saved->square != move->square)
        break;
      move->eval = g_steal_pointer (&saved->eval);
      move->time = g_steal_pointer (&saved->time);
      g_array_set_size (self->redo, self->redo->len - 1);
    }
  /* Passes that did not come again (they always do) must not be redone
   * as a disc. */
  while (self->redo->len > 0
         && g_array_index (self->redo, MmGameMove, self->redo->len - 1).square == MM_SQUARE_PASS)
    g_array_set_size (self->redo, self->redo->len - 1);
}

/**
 * mm_game_redo:
 *
 * Plays again the last move taken back, as #MmGame::move-played.
 *
 * Returns: %FALSE when there is nothing to redo
 */
gboolean
mm_game_redo (MmGame *self)
{
  MmGameState before;
  int square;
  guint64 flips;
  guint first;

  g_return_val_if_fail (MM_IS_GAME (self), FALSE);

  if (!mm_game_can_redo (self))
    return FALSE;

  before = mm_game_capture_state (self);
  square = g_array_index (self->redo, MmGameMove, self->redo->len - 1).square;
  flips = mm_board_flips (&self->board, square);
  g_assert (flips != 0);
  mm_game_forget_result (self);
  first = self->history->len;
  mm_game_place (self, square, flips);
  mm_game_restore_notes (self, first);
  mm_game_notify_changes (self, &before);

  return TRUE;
}

gboolean
mm_game_can_undo (MmGame *self)
{
  g_return_val_if_fail (MM_IS_GAME (self), FALSE);

  /* Passes alone are not undone: they were forced. */
  return mm_game_get_last_move (self) != MM_SQUARE_NONE;
}

gboolean
mm_game_can_redo (MmGame *self)
{
  g_return_val_if_fail (MM_IS_GAME (self), FALSE);

  return self->redo->len > 0;
}

/* The square of the last disc placed, or MM_SQUARE_NONE. */
int
mm_game_get_last_move (MmGame *self)
{
  g_return_val_if_fail (MM_IS_GAME (self), MM_SQUARE_NONE);

  for (guint i = self->history->len; i > 0; i--)
    {
      int square = g_array_index (self->history, MmGameMove, i - 1).square;

      if (square != MM_SQUARE_PASS)
        return square;
    }

  return MM_SQUARE_NONE;
}

/* The number of history entries, passes included. */
guint
mm_game_get_n_moves (MmGame *self)
{
  g_return_val_if_fail (MM_IS_GAME (self), 0);

  return self->history->len;
}

/**
 * mm_game_get_move:
 * @index: from 0 to mm_game_get_n_moves() - 1
 * @color: (out) (optional): who played it
 *
 * Returns: the square played, or MM_SQUARE_PASS
 */
int
mm_game_get_move (MmGame  *self,
                  guint    index,
                  MmColor *color)
{
  const MmGameMove *move;

  g_return_val_if_fail (MM_IS_GAME (self), MM_SQUARE_NONE);
  g_return_val_if_fail (index < self->history->len, MM_SQUARE_NONE);

  move = &g_array_index (self->history, MmGameMove, index);
  if (color != NULL)
    *color = (MmColor) move->color;
  return move->square;
}

/**
 * mm_game_get_position_at:
 * @n_moves: how many moves of the game, from its start
 * @last_move: (out): the last disc placed to reach it, or MM_SQUARE_NONE
 *
 * The position after the first @n_moves moves (all of them when there are
 * fewer): an earlier position of the game, to show or to analyse.
 */
void
mm_game_get_position_at (MmGame  *self,
                         guint    n_moves,
                         guint64 *black,
                         guint64 *white,
                         MmColor *side,
                         int     *last_move)
{
  MmBoard board;
  MmColor color;

  g_return_if_fail (MM_IS_GAME (self));

  board = self->start;
  color = self->start_side;
  *last_move = MM_SQUARE_NONE;
  for (guint i = 0; i < n_moves && i < self->history->len; i++)
    {
      int square = g_array_index (self->history, MmGameMove, i).square;

      if (square == MM_SQUARE_PASS)
        mm_board_pass (&board);
      else
        {
          mm_board_play (&board, square);
          *last_move = square;
        }
      color = mm_color_other (color);
    }

  *side = color;
  *black = color == MM_COLOR_BLACK ? board.player : board.opponent;
  *white = color == MM_COLOR_BLACK ? board.opponent : board.player;
}
