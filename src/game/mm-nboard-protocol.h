/* mm-nboard-protocol.h
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

#include "mm-game-record.h"

G_BEGIN_DECLS

/* The GUI side of the NBoard protocol, version 2, as plain functions:
 * the commands sent to an engine and the lines it answers with.  No
 * state and no I/O: MmNboardPlayer runs the engine and keeps track of
 * which answer belongs to which request. */

/* The first command an engine is sent. */
#define MM_NBOARD_HELLO "nboard 2"
/* Starts the search for a move in the game last set. */
#define MM_NBOARD_GO    "go"

/* What a line from the engine is. */
typedef enum
{
  MM_NBOARD_REPLY_OTHER,      /* a line to ignore, as the protocol asks */
  MM_NBOARD_REPLY_MOVE,       /* "=== F5/1.50/0.3": the move */
  MM_NBOARD_REPLY_PONG,       /* "pong N" */
  MM_NBOARD_REPLY_NAME,       /* "set myname NAME" */
  MM_NBOARD_REPLY_SEARCH,     /* "search PV EVAL 0 DEPTH": progress */
  MM_NBOARD_REPLY_NODESTATS,  /* "nodestats NODES SECONDS" */
} MmNboardReply;

/* A "search" line: the best move so far. */
typedef struct
{
  int      square;   /* a square or MM_SQUARE_PASS */
  int      score;    /* for the side to move, in MM_EVAL_SCALE units */
  int      depth;    /* 0 when exact: the caller knows how many empties */
  gboolean exact;    /* solved to the end ("100%") */
} MmNboardSearch;

char          *mm_nboard_format_ping      (guint                number);
char          *mm_nboard_format_set_depth (guint                depth);
char          *mm_nboard_format_set_game  (MmGameRecord        *record);
MmGameRecord  *mm_nboard_record_on_clock  (MmGameRecord        *record,
                                           gint64               remaining,
                                           gint64               increment);

MmNboardReply  mm_nboard_parse_reply      (const char          *line,
                                           const char         **argument);
gboolean       mm_nboard_parse_pong       (const char          *argument,
                                           guint64             *number);
gboolean       mm_nboard_parse_move       (const char          *argument,
                                           int                 *square,
                                           gboolean            *has_score,
                                           int                 *score);
gboolean       mm_nboard_parse_search     (const char          *argument,
                                           MmNboardSearch      *search);
gboolean       mm_nboard_parse_nodestats  (const char          *argument,
                                           guint64             *nodes);
char          *mm_nboard_clean_text       (const char          *text,
                                           guint                max_chars);

G_END_DECLS
