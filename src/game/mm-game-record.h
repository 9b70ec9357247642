/* mm-game-record.h
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
#include "mm-types.h"

G_BEGIN_DECLS

/* The error domain of every record parser and writer (GGF, transcripts,
 * PGN, board strings) and of the record itself. */
#define MM_RECORD_ERROR (mm_record_error_quark ())

typedef enum
{
  MM_RECORD_ERROR_TOO_LARGE,
  MM_RECORD_ERROR_NOT_TEXT,
  MM_RECORD_ERROR_EMPTY,
  MM_RECORD_ERROR_SYNTAX,
  MM_RECORD_ERROR_ILLEGAL_MOVE,
  MM_RECORD_ERROR_BAD_POSITION,
  MM_RECORD_ERROR_UNSUPPORTED,
  MM_RECORD_ERROR_MISMATCH,
  MM_RECORD_ERROR_TOO_MANY,
} MmRecordError;

/* Limits that keep any input, however large or odd, cheap to refuse. */
#define MM_RECORD_MAX_TAGS       256
#define MM_RECORD_MAX_TAG_NAME   32
#define MM_RECORD_MAX_TAG_VALUE  4096
#define MM_RECORD_MAX_ANNOTATION 32
#define MM_RECORD_MAX_GAMES      100000

/* The tags a record usually has, by their GGF names. */
#define MM_RECORD_TAG_PLACE        "PC"
#define MM_RECORD_TAG_DATE         "DT"
#define MM_RECORD_TAG_BLACK        "PB"
#define MM_RECORD_TAG_WHITE        "PW"
#define MM_RECORD_TAG_BLACK_RATING "RB"
#define MM_RECORD_TAG_WHITE_RATING "RW"
#define MM_RECORD_TAG_RESULT       "RE"
#define MM_RECORD_TAG_TIME         "TI"
#define MM_RECORD_TAG_TYPE         "TY"

#define MM_TYPE_GAME_RECORD (mm_game_record_get_type ())

/* A game as it is written down: the start position, the moves (passes
 * included, each with an optional evaluation and time as GGF writes
 * them) and the tags in their order.  Moves are checked with the engine
 * as they are added, so a record always holds a legal game; passes that
 * the rules force are put in by the record when the text leaves them
 * out.  A record is a reference-counted boxed type. */
typedef struct _MmGameRecord MmGameRecord;

GQuark        mm_record_error_quark             (void);
GType         mm_game_record_get_type           (void) G_GNUC_CONST;

MmGameRecord *mm_game_record_new                (void);
MmGameRecord *mm_game_record_new_from_position  (guint64        black,
                                                 guint64        white,
                                                 MmColor        side_to_move);
MmGameRecord *mm_game_record_ref                (MmGameRecord  *self);
void          mm_game_record_unref              (MmGameRecord  *self);
MmGameRecord *mm_game_record_copy               (MmGameRecord  *self);
gboolean      mm_game_record_equal              (MmGameRecord  *a,
                                                 MmGameRecord  *b);

void          mm_game_record_get_start          (MmGameRecord  *self,
                                                 guint64       *black,
                                                 guint64       *white,
                                                 MmColor       *side_to_move);
gboolean      mm_game_record_has_standard_start (MmGameRecord  *self);

gboolean      mm_game_record_play               (MmGameRecord  *self,
                                                 int            square,
                                                 const char    *eval,
                                                 const char    *time,
                                                 GError       **error);
gboolean      mm_game_record_play_as            (MmGameRecord  *self,
                                                 MmColor        color,
                                                 int            square,
                                                 const char    *eval,
                                                 const char    *time,
                                                 GError       **error);
void          mm_game_record_finish             (MmGameRecord  *self);

guint         mm_game_record_get_n_moves        (MmGameRecord  *self);
guint         mm_game_record_get_n_discs_played (MmGameRecord  *self);
int           mm_game_record_get_move           (MmGameRecord  *self,
                                                 guint          index,
                                                 MmColor       *color,
                                                 const char   **eval,
                                                 const char   **time);
void          mm_game_record_get_position       (MmGameRecord  *self,
                                                 guint64       *black,
                                                 guint64       *white,
                                                 MmColor       *side_to_move);
gboolean      mm_game_record_is_over            (MmGameRecord  *self);
guint         mm_game_record_get_count          (MmGameRecord  *self,
                                                 MmColor        color);
char         *mm_game_record_format_result      (MmGameRecord  *self);

gboolean      mm_game_record_set_tag            (MmGameRecord  *self,
                                                 const char    *name,
                                                 const char    *value,
                                                 GError       **error);
const char   *mm_game_record_get_tag            (MmGameRecord  *self,
                                                 const char    *name);
guint         mm_game_record_get_n_tags         (MmGameRecord  *self);
const char   *mm_game_record_get_nth_tag        (MmGameRecord  *self,
                                                 guint          index,
                                                 const char   **name);
void          mm_game_record_clear_tags         (MmGameRecord  *self);

gboolean      mm_record_tag_name_is_valid       (const char    *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MmGameRecord, mm_game_record_unref)

G_END_DECLS
