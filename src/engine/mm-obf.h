/* mm-obf.h
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

#include <stdbool.h>

#include "mm-board.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A line of an .obf file, the format of the FFO endgame suite: 64 squares
 * a1..h8 (X black, O white, - empty), the side to move, then
 * "; MOVE:SCORE" answers, best first (several may share the best score). */
typedef struct
{
  MmBoard board;
  MmColor side_to_move;
  int     n_answers;
  int     answer_moves[MM_N_SQUARES];
  int     answer_scores[MM_N_SQUARES];
} MmObfPosition;

bool mm_board_parse     (const char     *text,
                         MmBoard        *board,
                         MmColor        *side_to_move,
                         const char    **end);
bool mm_obf_parse_line  (const char     *line,
                         MmObfPosition  *position,
                         const char    **problem);
int  mm_obf_score_of    (const MmObfPosition *position,
                         int                  move,
                         bool                *listed);

#ifdef __cplusplus
}
#endif
