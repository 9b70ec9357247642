/* mm-pgn.h
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

/* PGN-style records as the WTHOR archive is exported:
 *
 *   [Event "..."]
 *   [Black "Tastet Marc"]
 *   [White "Lazard Emmanuel"]
 *   [Result "34-30"]
 *
 *   1. f5 d6 2. c3 d3 ... 34-30
 *
 * Import only.  Black, White, Date, Site, BlackElo and WhiteElo become
 * the GGF tags PB, PW, DT, PC, RB and RW; the other tags keep their PGN
 * names.  Comments, variations and move marks such as "!?" are skipped. */

GPtrArray *mm_pgn_parse  (const char  *text,
                          gsize        length,
                          GError     **error);

G_END_DECLS
