/* mm-line-reader.h
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

G_BEGIN_DECLS

/* The protocol's framing: one line of UTF-8 text per message, at most
 * 16 KiB without its line end. */
#define MM_LINE_READER_MAX_LENGTH 16384

#define MM_LINE_ERROR (mm_line_error_quark ())

typedef enum
{
  MM_LINE_ERROR_TOO_LONG,
  MM_LINE_ERROR_NOT_UTF8,
  MM_LINE_ERROR_TRUNCATED,
} MmLineError;

#define MM_TYPE_LINE_READER (mm_line_reader_get_type ())

G_DECLARE_FINAL_TYPE (MmLineReader, mm_line_reader, MM, LINE_READER, GObject)

GQuark        mm_line_error_quark            (void);
MmLineReader *mm_line_reader_new             (GInputStream         *stream,
                                              gsize                 max_length);
void          mm_line_reader_read_line_async (MmLineReader         *self,
                                              GCancellable         *cancellable,
                                              GAsyncReadyCallback   callback,
                                              gpointer              user_data);
char         *mm_line_reader_read_line_finish (MmLineReader        *self,
                                               GAsyncResult        *result,
                                               GError             **error);
MmLineReader *mm_line_reader_new_pushed      (gsize                 max_length);
void          mm_line_reader_push            (MmLineReader         *self,
                                              const void           *data,
                                              gsize                 length);
gboolean      mm_line_reader_next            (MmLineReader         *self,
                                              char                **line,
                                              GError              **error);

G_END_DECLS
