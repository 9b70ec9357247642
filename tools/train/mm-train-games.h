/* mm-train-games.h
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

#include <glib.h>

#include "mm-board.h"

G_BEGIN_DECLS

#define MM_TRAIN_MAX_MOVES 60

/* One game of the archive: "f5d6c3... 34-30 1977", passes left out. */
typedef struct
{
  guint8  moves[MM_TRAIN_MAX_MOVES];
  guint8  n_moves;
  guint8  black;               /* the recorded final disc counts */
  guint8  white;
  guint16 year;
} MmTrainGame;

typedef struct
{
  GArray *games;               /* of MmTrainGame, in file order */
  guint   n_rejected;          /* lines that were not a legal, complete game */
  guint   first_extra;         /* games from this index on were appended by
                                * mm_train_games_append(): never held out */
} MmTrainGameSet;

/* One position of a game, as the engine sees it: relative to the side to
 * move, whose colour is kept beside it. */
typedef struct
{
  MmBoard board;
  MmColor color;
} MmTrainPosition;

gboolean mm_train_games_read     (const char        *path,
                                  guint              max_games,
                                  MmTrainGameSet    *set,
                                  GError           **error);
gboolean mm_train_games_append   (const char        *path,
                                  MmTrainGameSet    *set,
                                  GError           **error);
void     mm_train_games_clear    (MmTrainGameSet    *set);
void     mm_train_game_format    (const MmTrainGame *game,
                                  GString           *line);

gboolean mm_train_game_parse     (const char        *line,
                                  MmTrainGame       *game);
int      mm_train_game_replay    (const MmTrainGame *game,
                                  MmTrainPosition    positions[MM_TRAIN_MAX_MOVES + 1]);
int      mm_train_game_result    (const MmTrainGame *game);

G_END_DECLS
