/* mm-nickname.h
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

G_BEGIN_DECLS

/* What a guest or an account may be called in the lobby. */
#define MM_NICKNAME_MIN_LENGTH 2
#define MM_NICKNAME_MAX_LENGTH 20

#define MM_NICKNAME_ERROR (mm_nickname_error_quark ())

typedef enum
{
  MM_NICKNAME_ERROR_NOT_UTF8,
  MM_NICKNAME_ERROR_TOO_SHORT,
  MM_NICKNAME_ERROR_TOO_LONG,
  MM_NICKNAME_ERROR_CHARACTER,
  MM_NICKNAME_ERROR_MIXED_SCRIPTS,
} MmNicknameError;

GQuark  mm_nickname_error_quark (void);
char   *mm_nickname_check       (const char  *name,
                                 GError     **error);
char   *mm_nickname_key         (const char  *name);

G_END_DECLS
