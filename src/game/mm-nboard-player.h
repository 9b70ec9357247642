/* mm-nboard-player.h
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

#include "mm-analysis.h"
#include "mm-game-record.h"
#include "mm-player.h"

G_BEGIN_DECLS

/* A computer opponent that is another program: an NBoard engine (Edax,
 * Ntest, `monomachia-engine nboard` ...) started from a command line and
 * spoken to with the NBoard protocol, version 2, over its standard input
 * and output.  Everything happens in the main context without blocking
 * it.
 *
 * A request is a move (mm_nboard_player_choose_move_async()) or a check
 * that the engine answers at all (mm_nboard_player_check_async(), for a
 * preferences page).  One request at a time, as with MmAiPlayer: a new
 * one cancels the one in progress, and so does mm_nboard_player_stop();
 * a cancelled request's callback comes with G_IO_ERROR_CANCELLED, from
 * the main loop, never from inside the call that cancelled it.  A
 * request keeps the player alive until its callback (at most
 * #MmNboardPlayer:timeout); dropping the last reference otherwise kills
 * the engine and what it started.  An engine that stops, breaks the protocol or gives an
 * illegal move fails the request with an error in %MM_NBOARD_ERROR; once
 * it has stopped, every later request fails the same way (make a new
 * player to start it again).
 *
 * As an MmPlayer seat its display name is the engine's own
 * (#MmNboardPlayer:name), it is thinking while busy, and a request for a
 * move is mm_nboard_player_choose_move_async() answered with the square
 * alone. */

#define MM_NBOARD_ERROR (mm_nboard_error_quark ())

typedef enum
{
  MM_NBOARD_ERROR_START,         /* the command line is empty, malformed or cannot be run */
  MM_NBOARD_ERROR_STOPPED,       /* the engine has exited or closed its pipes */
  MM_NBOARD_ERROR_PROTOCOL,      /* an answer that is not NBoard, or a line far too long */
  MM_NBOARD_ERROR_ILLEGAL_MOVE,  /* a move that is not legal in the position */
  MM_NBOARD_ERROR_TIMEOUT,       /* no answer within MmNboardPlayer:timeout */
} MmNboardError;

/* The midgame depth asked of the engine when nothing else is set. */
#define MM_NBOARD_PLAYER_DEFAULT_DEPTH    12
#define MM_NBOARD_PLAYER_MAX_DEPTH        60
/* How long an engine may take for a move, in milliseconds. */
#define MM_NBOARD_PLAYER_DEFAULT_TIMEOUT  60000

#define MM_TYPE_NBOARD_PLAYER (mm_nboard_player_get_type ())

G_DECLARE_FINAL_TYPE (MmNboardPlayer, mm_nboard_player, MM, NBOARD_PLAYER, GObject)

GQuark          mm_nboard_error_quark               (void);

MmNboardPlayer *mm_nboard_player_new                (const char       *command_line,
                                                     GError          **error);
MmNboardPlayer *mm_nboard_player_new_in_directory   (const char       *command_line,
                                                     const char       *working_directory,
                                                     GError          **error);

const char     *mm_nboard_player_get_command_line   (MmNboardPlayer   *self);
const char     *mm_nboard_player_get_working_directory (MmNboardPlayer *self);
const char     *mm_nboard_player_get_name           (MmNboardPlayer   *self);
guint           mm_nboard_player_get_depth          (MmNboardPlayer   *self);
void            mm_nboard_player_set_depth          (MmNboardPlayer   *self,
                                                     guint             depth);
guint           mm_nboard_player_get_timeout        (MmNboardPlayer   *self);
void            mm_nboard_player_set_timeout        (MmNboardPlayer   *self,
                                                     guint             milliseconds);
guint           mm_nboard_player_get_min_delay      (MmNboardPlayer   *self);
void            mm_nboard_player_set_min_delay      (MmNboardPlayer   *self,
                                                     guint             milliseconds);
gboolean        mm_nboard_player_get_busy           (MmNboardPlayer   *self);
gboolean        mm_nboard_player_get_running        (MmNboardPlayer   *self);
void            mm_nboard_player_stop               (MmNboardPlayer   *self);

void            mm_nboard_player_choose_move_async  (MmNboardPlayer   *self,
                                                     MmGameRecord     *record,
                                                     GCancellable     *cancellable,
                                                     GAsyncReadyCallback callback,
                                                     gpointer          user_data);
gboolean        mm_nboard_player_choose_move_finish (MmNboardPlayer   *self,
                                                     GAsyncResult     *result,
                                                     MmAiMove         *move,
                                                     GError          **error);

void            mm_nboard_player_check_async        (MmNboardPlayer   *self,
                                                     GCancellable     *cancellable,
                                                     GAsyncReadyCallback callback,
                                                     gpointer          user_data);
gboolean        mm_nboard_player_check_finish       (MmNboardPlayer   *self,
                                                     GAsyncResult     *result,
                                                     GError          **error);

G_END_DECLS
