/* mm-obf.c
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

#include "mm-obf.h"

#include <stdlib.h>
#include <string.h>

/* Reads a board string: 64 squares a1..h8, X (or x, *, B) for black, O
 * (or o, W) for white, - (or .) for empty, then spaces and the side to
 * move (X/B or O/W).  Returns false, with *end at the offending
 * character, on anything else. */
bool
mm_board_parse (const char  *text,
                MmBoard     *board,
                MmColor     *side_to_move,
                const char **end)
{
  uint64_t black = 0, white = 0;
  const char *p = text;

  for (int square = 0; square < MM_N_SQUARES; square++, p++)
    {
      switch (*p)
        {
        case 'X': case 'x': case '*': case 'B': case 'b':
          black |= UINT64_C (1) << square;
          break;
        case 'O': case 'o': case 'W': case 'w':
          white |= UINT64_C (1) << square;
          break;
        case '-': case '.':
          break;
        default:
          *end = p;
          return false;
        }
    }

  while (*p == ' ' || *p == '\t')
    p++;
  switch (*p)
    {
    case 'X': case 'x': case '*': case 'B': case 'b':
      *side_to_move = MM_COLOR_BLACK;
      break;
    case 'O': case 'o': case 'W': case 'w':
      *side_to_move = MM_COLOR_WHITE;
      break;
    default:
      *end = p;
      return false;
    }

  mm_board_from_colors (board, black, white, *side_to_move);
  *end = p + 1;
  return true;
}

bool
mm_obf_parse_line (const char     *line,
                   MmObfPosition  *position,
                   const char    **problem)
{
  const char *p;

  if (!mm_board_parse (line, &position->board, &position->side_to_move, &p))
    {
      *problem = "expected 64 squares of X, O or -, then the side to move";
      return false;
    }

  position->n_answers = 0;
  while ((p = strchr (p, ';')) != NULL && position->n_answers < MM_N_SQUARES)
    {
      char *after = NULL;
      int square;
      long score;

      p++;
      while (*p == ' ')
        p++;
      square = mm_square_parse (p);
      if (square == MM_SQUARE_NONE || p[1] == '\0' || p[2] != ':')
        break;
      score = strtol (p + 3, &after, 10);
      if (after == p + 3 || score < -64 || score > 64)
        break;
      position->answer_moves[position->n_answers] = square;
      position->answer_scores[position->n_answers] = (int) score;
      position->n_answers++;
      p = after;
    }

  return true;
}

/* The score the file gives for @move; *listed says whether it gives one. */
int
mm_obf_score_of (const MmObfPosition *position,
                 int                  move,
                 bool                *listed)
{
  for (int i = 0; i < position->n_answers; i++)
    if (position->answer_moves[i] == move)
      {
        *listed = true;
        return position->answer_scores[i];
      }
  *listed = false;
  return 0;
}
