/* mm-nboard-command.h
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
#include "mm-game-record.h"

G_BEGIN_DECLS

/* What the NBoard engine reads: one command a line.  Parsing is apart
 * from the session that searches, so that every line a GUI (or anyone)
 * can send is checked on its own, fuzzed included. */

typedef enum
{
  MM_NBOARD_COMMAND_IGNORED,     /* empty, unknown or malformed: the protocol says ignore */
  MM_NBOARD_COMMAND_QUIT,
  MM_NBOARD_COMMAND_HELLO,       /* "nboard 2" */
  MM_NBOARD_COMMAND_PING,
  MM_NBOARD_COMMAND_GO,
  MM_NBOARD_COMMAND_HINT,
  MM_NBOARD_COMMAND_ANALYZE,
  MM_NBOARD_COMMAND_MOVE,
  MM_NBOARD_COMMAND_LEARN,
  MM_NBOARD_COMMAND_SET_DEPTH,
  MM_NBOARD_COMMAND_SET_CONTEMPT,
  MM_NBOARD_COMMAND_SET_GAME,
} MmNboardCommandKind;

#define MM_NBOARD_MAX_DEPTH 60
#define MM_NBOARD_MAX_HINTS 64

typedef struct
{
  MmNboardCommandKind  kind;
  const char          *argument;   /* points into the parsed line; never NULL */
  int                  number;     /* depth, contempt or hints, within their range */
} MmNboardCommand;

void     mm_nboard_command_parse        (char                  *line,
                                         MmNboardCommand       *command);
gboolean mm_nboard_command_stops_search (const MmNboardCommand *command);

/* The position and settings the commands build up. */
typedef struct
{
  MmGameRecord *game;          /* NULL: the start position */
  int           depth;
  int           contempt;
} MmNboardState;

void     mm_nboard_state_init           (MmNboardState         *state,
                                         int                    depth);
void     mm_nboard_state_clear          (MmNboardState         *state);
gboolean mm_nboard_state_apply          (MmNboardState         *state,
                                         const MmNboardCommand *command,
                                         GError               **error);
MmBoard  mm_nboard_state_get_board      (const MmNboardState   *state,
                                         MmColor               *side);
double   mm_nboard_state_time_for_move  (const MmNboardState   *state,
                                         const MmBoard         *board,
                                         MmColor                side);

G_END_DECLS
