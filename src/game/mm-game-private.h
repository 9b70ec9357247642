/* mm-game-private.h
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

#pragma once

/* What the three files of MmGame share: the object's fields, its
 * signals, and the helpers one file calls in another.  mm-game.c holds
 * the object, playing a move and the position; mm-game-history.c the
 * history, undo and redo; mm-game-records.c the start position, records
 * and results. */

#include "mm-game.h"

G_BEGIN_DECLS

/* One entry of the history: a disc placed, or a pass (MM_SQUARE_PASS),
 * with the evaluation and time a loaded record gave it, if any. */
typedef struct
{
  gint8   square;
  guint8  color;
  char   *eval;
  char   *time;
} MmGameMove;

struct _MmGame
{
  GObject  parent_instance;

  /* The position the history starts from. */
  MmBoard  start;
  MmColor  start_side;

  /* The current position, relative to the side to move. */
  MmBoard  board;
  MmColor  side_to_move;

  /* Moves played, passes included, and the moves taken back by undo
   * that redo plays again: a stack of MmGameMove, each disc on top of
   * the passes that followed it, so that their evaluations and times
   * come back with them. */
  GArray  *history;
  GArray  *redo;

  /* The tags of the game record (players, date, place, result ...), in
   * their order; only the tags of this record are used. */
  MmGameRecord *info;
  /* When the game was started, for the date of a record. */
  gint64   started;
};

/* Made in mm_game_class_init(); the three files emit them. */
enum
{
  MM_GAME_SIGNAL_MOVE_PLAYED,
  MM_GAME_SIGNAL_PASSED,
  MM_GAME_SIGNAL_GAME_OVER,
  MM_GAME_SIGNAL_POSITION_CHANGED,
  MM_GAME_N_SIGNALS
};

extern guint mm_game_signals[MM_GAME_N_SIGNALS];

/* The observable state, compared before and after a change so that each
 * property is notified once, and only when it changed. */
typedef struct
{
  MmColor  side_to_move;
  guint    black_count;
  guint    white_count;
  gboolean is_over;
  gboolean can_undo;
  gboolean can_redo;
  guint    n_moves;
} MmGameState;

/* mm-game.c */
MmGameState    mm_game_capture_state  (MmGame            *self);
void           mm_game_notify_changes (MmGame            *self,
                                       const MmGameState *before);
void           mm_game_move_clear     (gpointer           data);
void           mm_game_append         (MmGame            *self,
                                       int                square);
void           mm_game_forget_result  (MmGame            *self);
MmGameRecord  *mm_game_take_info      (MmGame            *self,
                                       MmGameRecord      *info);
void           mm_game_notify_names   (MmGame            *self,
                                       MmGameRecord      *old);
void           mm_game_place          (MmGame            *self,
                                       int                square,
                                       guint64            flips);

/* mm-game-history.c */
void           mm_game_replay         (MmGame            *self,
                                       guint              n_moves);

G_END_DECLS
