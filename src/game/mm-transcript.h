/* mm-transcript.h
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

/* Move transcripts: "f5d6c3d3c4...", in any case, with or without
 * spaces, commas or move numbers ("1. f5 d6 2. c3"), passes left out or
 * written "pa", "ps", "pass" or "--".  A final score such as "34-30"
 * (the WTHOR style) ends a game, so that a list of such lines reads as a
 * list of games. */

GPtrArray *mm_transcript_parse  (const char    *text,
                                 gsize          length,
                                 GError       **error);
char      *mm_transcript_write  (MmGameRecord  *record);

G_END_DECLS
