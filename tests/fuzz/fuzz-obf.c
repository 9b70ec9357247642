/* fuzz-obf.c
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

/* A libFuzzer target for the reader of .obf lines (the endgame suites'
 * format, which `monomachia-engine solve` reads): any line is a position
 * or a refusal with a reason; a position has no square both black and
 * white, and its answers are squares with scores a game can end with. */

#include "config.h"

#include <stdint.h>
#include <string.h>

#include "fuzz-common.h"
#include "mm-obf.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *line = NULL;
  MmObfPosition position;
  const char *problem = NULL;

  if (memchr (data, '\0', size) != NULL || size > 4096)
    return 0;
  line = g_strndup ((const char *) data, size);
  memset (&position, 0, sizeof position);
  if (!mm_obf_parse_line (line, &position, &problem))
    {
      if (problem == NULL || *problem == '\0')
        mm_fuzz_fail ("a line refused without a reason");
      return 0;
    }
  if ((position.board.player & position.board.opponent) != 0)
    mm_fuzz_fail ("a square of both sides");
  if (position.side_to_move != MM_COLOR_BLACK && position.side_to_move != MM_COLOR_WHITE)
    mm_fuzz_fail ("side to move %d", position.side_to_move);
  if (position.n_answers < 0 || position.n_answers > MM_N_SQUARES)
    mm_fuzz_fail ("%d answers", position.n_answers);
  for (int i = 0; i < position.n_answers; i++)
    if (!(position.answer_moves[i] == MM_SQUARE_PASS
          || (position.answer_moves[i] >= 0 && position.answer_moves[i] < MM_N_SQUARES))
        || position.answer_scores[i] < -64 || position.answer_scores[i] > 64)
      mm_fuzz_fail ("the answer %d:%d", position.answer_moves[i], position.answer_scores[i]);
  return 0;
}
