/* mm-ggf.h
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

/* GGF, the Generic Game Format of the GGS server, which NBoard and Edax
 * read and write and which is Monomachia's own file format:
 *
 *   (;GM[Othello]PC[..]DT[..]PB[..]PW[..]RE[..]TI[..]TY[8]
 *     BO[8 ---------------------------O*------*O--------------------------- *]
 *     B[f5]W[d6/-1.24/0.01]B[PA]...;)
 *
 * Several games may follow each other in one text. */

GPtrArray *mm_ggf_parse  (const char    *text,
                          gsize          length,
                          GError       **error);
char      *mm_ggf_write  (MmGameRecord  *record);

G_END_DECLS
