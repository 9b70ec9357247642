/* mm-game.h
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

#include <glib-object.h>

#include "mm-board.h"
#include "mm-game-record.h"
#include "mm-types.h"

G_BEGIN_DECLS

#define MM_GAME_ERROR (mm_game_error_quark ())

typedef enum
{
  MM_GAME_ERROR_INVALID_SQUARE,
  MM_GAME_ERROR_OCCUPIED,
  MM_GAME_ERROR_NO_FLIPS,
  MM_GAME_ERROR_GAME_OVER,
  MM_GAME_ERROR_ILLEGAL_RECORD,
} MmGameError;

#define MM_TYPE_GAME (mm_game_get_type ())

G_DECLARE_FINAL_TYPE (MmGame, mm_game, MM, GAME, GObject)

GQuark    mm_game_error_quark        (void);

MmGame   *mm_game_new                (void);
void      mm_game_restart            (MmGame   *self);
gboolean  mm_game_play               (MmGame   *self,
                                      int       square,
                                      GError  **error);
gboolean  mm_game_undo               (MmGame   *self);
gboolean  mm_game_redo               (MmGame   *self);

MmBoard   mm_game_get_board          (MmGame   *self);
MmColor   mm_game_get_side_to_move   (MmGame   *self);
MmDisc    mm_game_get_disc           (MmGame   *self,
                                      int       square);
guint64   mm_game_get_legal_moves    (MmGame   *self);
guint64   mm_game_get_flips          (MmGame   *self,
                                      int       square);
guint     mm_game_get_black_count    (MmGame   *self);
guint     mm_game_get_white_count    (MmGame   *self);
gboolean  mm_game_is_over            (MmGame   *self);
MmDisc    mm_game_get_winner         (MmGame   *self);
gboolean  mm_game_can_undo           (MmGame   *self);
gboolean  mm_game_can_redo           (MmGame   *self);
int       mm_game_get_last_move      (MmGame   *self);
guint     mm_game_get_n_moves        (MmGame   *self);
int       mm_game_get_move           (MmGame   *self,
                                      guint     index,
                                      MmColor  *color);

void           mm_game_restart_from        (MmGame        *self,
                                            const MmBoard *start,
                                            MmColor        side_to_move);
void           mm_game_get_start           (MmGame        *self,
                                            MmBoard       *start,
                                            MmColor       *side_to_move);
gboolean       mm_game_load_record         (MmGame        *self,
                                            MmGameRecord  *record,
                                            GError       **error);
MmGameRecord  *mm_game_to_record           (MmGame        *self);
void           mm_game_set_lost_on_time    (MmGame        *self,
                                            MmColor        loser);
gboolean       mm_game_get_lost_on_time    (MmGame        *self,
                                            MmColor       *loser);
void           mm_game_set_resigned        (MmGame        *self,
                                            MmColor        loser);
gboolean       mm_game_get_resigned        (MmGame        *self,
                                            MmColor       *loser);
void           mm_game_get_position_at     (MmGame        *self,
                                            guint          n_moves,
                                            guint64       *black,
                                            guint64       *white,
                                            MmColor       *side,
                                            int           *last_move);
gboolean       mm_game_check_play          (MmGame        *self,
                                            int            square,
                                            GError       **error);
const char    *mm_game_get_player_name     (MmGame        *self,
                                            MmColor        color);
void           mm_game_set_player_name     (MmGame        *self,
                                            MmColor        color,
                                            const char    *name);

G_END_DECLS
