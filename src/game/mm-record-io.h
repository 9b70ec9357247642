/* mm-record-io.h
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

#include "mm-game-record.h"

G_BEGIN_DECLS

/* The one way in for game records, from a file or from the clipboard:
 * the text is checked (size, zero bytes, encoding, control characters),
 * its format is recognised unless the caller names it, and the parser of
 * that format reads every game in it. */

typedef enum
{
  MM_RECORD_FORMAT_UNKNOWN,
  MM_RECORD_FORMAT_GGF,
  MM_RECORD_FORMAT_TRANSCRIPT,
  MM_RECORD_FORMAT_PGN,
  MM_RECORD_FORMAT_BOARD,
} MmRecordFormat;

/* No game record comes near this; a larger input is refused unread. */
#define MM_RECORD_MAX_SIZE (8 * 1024 * 1024)

MmRecordFormat  mm_record_detect            (const char           *text,
                                             gsize                 length);
GPtrArray      *mm_record_parse             (const char           *data,
                                             gsize                 length,
                                             MmRecordFormat        format,
                                             MmRecordFormat       *found,
                                             GError              **error);
char           *mm_record_write             (MmGameRecord         *record,
                                             MmRecordFormat        format);

GPtrArray      *mm_record_read_file         (GFile                *file,
                                             MmRecordFormat       *found,
                                             GCancellable         *cancellable,
                                             GError              **error);
void            mm_record_read_file_async   (GFile                *file,
                                             GCancellable         *cancellable,
                                             GAsyncReadyCallback   callback,
                                             gpointer              user_data);
GPtrArray      *mm_record_read_file_finish  (GAsyncResult         *result,
                                             MmRecordFormat       *found,
                                             GError              **error);

gboolean        mm_record_write_file        (GFile                *file,
                                             MmGameRecord         *record,
                                             GCancellable         *cancellable,
                                             GError              **error);
void            mm_record_write_file_async  (GFile                *file,
                                             MmGameRecord         *record,
                                             GCancellable         *cancellable,
                                             GAsyncReadyCallback   callback,
                                             gpointer              user_data);
gboolean        mm_record_write_file_finish (GFile                *file,
                                             GAsyncResult         *result,
                                             GError              **error);

G_END_DECLS
