/* mm-match.h
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

#include <gio/gio.h>

#include "mm-autosave.h"
#include "mm-clock.h"
#include "mm-game.h"
#include "mm-player.h"

G_BEGIN_DECLS

/* A match: one game between two seats (MmPlayer), with the clocks, the
 * result and the autosaved session.  When it is a seat's turn the match
 * asks that seat, and takes a move from that seat only; a person here
 * moves through mm_match_play().  A game between two people, against the
 * computer, between two programs, and online, are all matches with other
 * seats.
 *
 * Undo, redo and play on from an earlier position go through the match
 * (mm_match_undo() ...: a loss on time or a resignation stands, and a
 * program's reply goes with the person's move).  A new position and a
 * loaded game go through the match's game (mm_match_get_game()), the
 * match following every change: a request for a position that is gone
 * is cancelled, and the seat to move in the new one is asked.  The match
 * holds its seats; a seat's job holds the match only weakly. */

#define MM_MATCH_ERROR (mm_match_error_quark ())

typedef enum
{
  MM_MATCH_ERROR_FINISHED,       /* the game is over, on the board, on time or by resignation */
  MM_MATCH_ERROR_NOT_YOUR_TURN,  /* the seat to move is not a person here */
  MM_MATCH_ERROR_PAUSED,         /* the match waits (an earlier position is shown) */
  MM_MATCH_ERROR_PENDING,        /* the person's last move waits for its confirmation */
} MmMatchError;

typedef enum
{
  MM_MATCH_RESULT_NONE,          /* still being played */
  MM_MATCH_RESULT_BOARD,         /* neither side can move: the discs decide */
  MM_MATCH_RESULT_TIME,          /* the loser's time ran out */
  MM_MATCH_RESULT_RESIGNATION,   /* the loser resigned */
} MmMatchResult;

#define MM_TYPE_MATCH_RESULT (mm_match_result_get_type ())
#define MM_TYPE_MATCH (mm_match_get_type ())

G_DECLARE_FINAL_TYPE (MmMatch, mm_match, MM, MATCH, GObject)

GQuark         mm_match_error_quark        (void);
GType          mm_match_result_get_type    (void) G_GNUC_CONST;

MmMatch       *mm_match_new                (MmGame        *game);
MmGame        *mm_match_get_game           (MmMatch       *self);

void           mm_match_set_seats          (MmMatch       *self,
                                            MmPlayer      *black,
                                            MmPlayer      *white);
MmPlayer      *mm_match_get_seat           (MmMatch       *self,
                                            MmColor        color);
gboolean       mm_match_is_local_turn      (MmMatch       *self);
gboolean       mm_match_has_local_seat     (MmMatch       *self);
gboolean       mm_match_get_thinking       (MmMatch       *self);

void           mm_match_set_clock          (MmMatch       *self,
                                            MmClock       *clock);
MmClock       *mm_match_get_clock          (MmMatch       *self);

void           mm_match_set_paused         (MmMatch       *self,
                                            gboolean       paused);
gboolean       mm_match_get_paused         (MmMatch       *self);

gboolean       mm_match_play               (MmMatch       *self,
                                            int            square,
                                            GError       **error);
gboolean       mm_match_can_undo           (MmMatch       *self);
gboolean       mm_match_can_redo           (MmMatch       *self);
gboolean       mm_match_undo               (MmMatch       *self);
gboolean       mm_match_redo               (MmMatch       *self);
gboolean       mm_match_play_from          (MmMatch       *self,
                                            guint          n_moves);
void           mm_match_resign             (MmMatch       *self,
                                            MmColor        loser);

MmMatchResult  mm_match_get_result         (MmMatch       *self,
                                            MmColor       *loser);
gboolean       mm_match_is_finished        (MmMatch       *self);
const GError  *mm_match_get_failure        (MmMatch       *self,
                                            MmColor       *color);

void           mm_match_set_autosave       (MmMatch       *self,
                                            MmAutosave    *autosave);
void           mm_match_set_document       (MmMatch       *self,
                                            const char    *uri,
                                            gboolean       unsaved);
void           mm_match_set_session_value  (MmMatch       *self,
                                            const char    *key,
                                            const char    *value);
gboolean       mm_match_save_session       (MmMatch       *self,
                                            GError       **error);
gboolean       mm_match_restore_session    (MmMatch       *self,
                                            char         **uri,
                                            gboolean      *unsaved,
                                            GHashTable   **session,
                                            GError       **error);
gboolean       mm_match_clear_session      (MmMatch       *self,
                                            GError       **error);

G_END_DECLS
