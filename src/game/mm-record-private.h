/* mm-record-private.h
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

#include "mm-game-record.h"

G_BEGIN_DECLS

/* Helpers that the record parsers share.  Their input is text that
 * mm_record_parse() has checked: UTF-8, no zero bytes and no control
 * characters other than tabs and line ends. */

void      _mm_record_set_error_at     (GError       **error,
                                       const char    *text,
                                       gsize          offset,
                                       MmRecordError  code,
                                       const char    *format,
                                       ...) G_GNUC_PRINTF (5, 6);
void      _mm_record_prefix_error_at  (GError       **error,
                                       const char    *text,
                                       gsize          offset);
char     *_mm_record_quote            (const char    *text,
                                       gsize          length);
gboolean  _mm_record_eval_is_valid    (const char    *eval);
gboolean  _mm_record_time_is_valid    (const char    *time);
gboolean  _mm_record_is_space         (char           c);
gboolean  _mm_record_check_score      (MmGameRecord  *record,
                                       guint          black,
                                       guint          white,
                                       GError       **error);
gboolean  _mm_record_is_pass          (const char    *text,
                                       gsize          length);
gboolean  _mm_transcript_looks_like   (const char    *text,
                                       gsize          length);

G_END_DECLS
