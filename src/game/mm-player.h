/* mm-player.h
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

#include "mm-clock.h"
#include "mm-game-record.h"

G_BEGIN_DECLS

/* A seat at the board: whoever answers for one colour of a match.  The
 * person at this computer (MmLocalPlayer), the built-in computer
 * (MmAiPlayer), an external NBoard engine (MmNboardPlayer) and, online,
 * a remote player are all seats; MmMatch asks the seat whose turn it is
 * and accepts a move from that seat only.
 *
 * mm_player_request_move_async() asks for a move in the position at the
 * end of a record (the record carries the whole game, which an engine
 * may want).  The answer is a square, or MM_SQUARE_PASS from a seat that
 * passes; a seat that cannot answer (an engine that crashed, a server
 * that went away) fails the request with a GError whose message is a
 * sentence for the user.  One request at a time: a new one, or the
 * cancellable, ends the one in progress, whose callback then comes with
 * G_IO_ERROR_CANCELLED.
 *
 * A seat that is a person at this computer answers when the person
 * chooses: mm_player_choose() hands the seat the person's square, which
 * either stands at once (TRUE: the request was answered with it) or
 * waits for a confirmation (FALSE: online, the server's), the request
 * being answered when it comes.  Seats of programs refuse choose(). */

#define MM_TYPE_PLAYER (mm_player_get_type ())

G_DECLARE_INTERFACE (MmPlayer, mm_player, MM, PLAYER, GObject)

struct _MmPlayerInterface
{
  GTypeInterface parent_iface;

  const char *(*get_display_name)    (MmPlayer            *self);
  gboolean    (*is_local_person)     (MmPlayer            *self);
  gboolean    (*get_thinking)        (MmPlayer            *self);
  void        (*request_move_async)  (MmPlayer            *self,
                                      MmGameRecord        *record,
                                      GCancellable        *cancellable,
                                      GAsyncReadyCallback  callback,
                                      gpointer             user_data);
  int         (*request_move_finish) (MmPlayer            *self,
                                      GAsyncResult        *result,
                                      GError             **error);
  gboolean    (*choose)              (MmPlayer            *self,
                                      int                  square);
  /* Optional: the game's clock, for a program to share its time by */
  void        (*set_clock)           (MmPlayer            *self,
                                      MmClock             *clock);
};

const char *mm_player_get_display_name    (MmPlayer            *self);
gboolean    mm_player_is_local_person     (MmPlayer            *self);
gboolean    mm_player_get_thinking        (MmPlayer            *self);
void        mm_player_request_move_async  (MmPlayer            *self,
                                           MmGameRecord        *record,
                                           GCancellable        *cancellable,
                                           GAsyncReadyCallback  callback,
                                           gpointer             user_data);
int         mm_player_request_move_finish (MmPlayer            *self,
                                           GAsyncResult        *result,
                                           GError             **error);
gboolean    mm_player_choose              (MmPlayer            *self,
                                           int                  square);
void        mm_player_set_clock           (MmPlayer            *self,
                                           MmClock             *clock);

/* For implementations: a program's answer as the request's, a square
 * or MM_SQUARE_NONE with @error when it found no move (a finished game,
 * which a match never asks about). */
int         mm_player_answer_square       (int                  square,
                                           GError             **error);

/* For implementations: the interface's properties, "display-name"
 * (string) and "thinking" (boolean), both read-only, to override with
 * g_object_class_override_property(). */
#define MM_PLAYER_PROP_DISPLAY_NAME "display-name"
#define MM_PLAYER_PROP_THINKING     "thinking"

G_END_DECLS
