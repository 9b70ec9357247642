/* mm-online-game.h
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

#include "mm-lobby-client.h"
#include "mm-match.h"

G_BEGIN_DECLS

/* A game on a server, played or watched here: an MmMatch whose two
 * seats are MmOnlineSeats (the person's, if they play, and the
 * opponent's), following what the server says: the moves it confirms,
 * the undos it grants, the clocks it keeps (MmOnlineGame's clock shows
 * the server's times, counting down between messages; the server alone
 * says when time is up) and the end.  After a reconnection the game
 * takes the server's state and goes on. */

typedef enum
{
  MM_ONLINE_ROLE_BLACK,
  MM_ONLINE_ROLE_WHITE,
  MM_ONLINE_ROLE_SPECTATOR,
} MmOnlineRole;

typedef enum
{
  MM_ONLINE_END_NONE,
  MM_ONLINE_END_BOARD,
  MM_ONLINE_END_RESIGNATION,
  MM_ONLINE_END_TIME,
  MM_ONLINE_END_ABANDONMENT,
  MM_ONLINE_END_ABORTED,
} MmOnlineEnd;

#define MM_TYPE_ONLINE_GAME (mm_online_game_get_type ())

G_DECLARE_FINAL_TYPE (MmOnlineGame, mm_online_game, MM, ONLINE_GAME, GObject)

const char   *mm_online_game_get_id             (MmOnlineGame  *self);
const char   *mm_online_game_get_player         (MmOnlineGame  *self,
                                                 MmColor        color);
int           mm_online_game_get_rating         (MmOnlineGame  *self,
                                                 MmColor        color);
int           mm_online_game_get_new_rating     (MmOnlineGame  *self,
                                                 MmColor        color);
guint         mm_online_game_get_base           (MmOnlineGame  *self);
guint         mm_online_game_get_increment      (MmOnlineGame  *self);
gboolean      mm_online_game_is_rated           (MmOnlineGame  *self);
MmOnlineRole  mm_online_game_get_role           (MmOnlineGame  *self);
gboolean      mm_online_game_is_spectator       (MmOnlineGame  *self);
MmMatch      *mm_online_game_get_match          (MmOnlineGame  *self);
MmClock      *mm_online_game_get_clock          (MmOnlineGame  *self);
MmLobbyClient *mm_online_game_get_client        (MmOnlineGame  *self);
gboolean      mm_online_game_is_over            (MmOnlineGame  *self);
MmOnlineEnd   mm_online_game_get_end            (MmOnlineGame  *self,
                                                 MmDisc        *winner);
char         *mm_online_game_describe_end       (MmOnlineGame  *self);
guint         mm_online_game_get_opponent_away  (MmOnlineGame  *self);
gboolean      mm_online_game_get_undo_asked     (MmOnlineGame  *self);

void          mm_online_game_send_async         (MmOnlineGame        *self,
                                                 const char          *type,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
void          mm_online_game_answer_undo_async  (MmOnlineGame        *self,
                                                 gboolean             accept,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
void          mm_online_game_say_async          (MmOnlineGame        *self,
                                                 const char          *text,
                                                 GCancellable        *cancellable,
                                                 GAsyncReadyCallback  callback,
                                                 gpointer             user_data);
gboolean      mm_online_game_send_finish        (MmOnlineGame        *self,
                                                 GAsyncResult        *result,
                                                 GError             **error);
void          mm_online_game_attach             (MmOnlineGame        *self,
                                                 MmMatch             *match);
void          mm_online_game_leave              (MmOnlineGame        *self);

G_END_DECLS
