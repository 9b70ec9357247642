/* fuzz-nboard-command.c
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

/* A libFuzzer target for the engine's side of the NBoard protocol: the
 * commands a GUI sends to `monomachia-engine nboard`.  Every line parses
 * to a command with its number in range, is applied to the session's
 * state or refused with an error, and leaves a position that is a
 * position and a time for the move that is a time. */

#include "config.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "fuzz-common.h"
#include "mm-nboard-command.h"

static void
check_command (const MmNboardCommand *command)
{
  if (command->argument == NULL)
    mm_fuzz_fail ("a command without its argument");
  switch (command->kind)
    {
    case MM_NBOARD_COMMAND_SET_DEPTH:
      if (command->number < 1 || command->number > MM_NBOARD_MAX_DEPTH)
        mm_fuzz_fail ("depth %d", command->number);
      break;
    case MM_NBOARD_COMMAND_HINT:
      if (command->number < 1 || command->number > MM_NBOARD_MAX_HINTS)
        mm_fuzz_fail ("%d hints", command->number);
      break;
    default:
      break;
    }
}

static void
check_state (const MmNboardState *state)
{
  MmColor side = (MmColor) -1;
  MmBoard board = mm_nboard_state_get_board (state, &side);
  double seconds = mm_nboard_state_time_for_move (state, &board, side);

  if ((board.player & board.opponent) != 0)
    mm_fuzz_fail ("a square with two discs");
  if (side != MM_COLOR_BLACK && side != MM_COLOR_WHITE)
    mm_fuzz_fail ("nobody to move");
  if (!isfinite (seconds) || seconds < 0)
    mm_fuzz_fail ("%g seconds for the move", seconds);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autofree char *text = NULL;
  g_auto(GStrv) lines = NULL;
  MmNboardState state;

  /* Big enough for a long "set game", small enough to stay fast. */
  if (size > 16384)
    return 0;
  text = g_strndup ((const char *) data, size);
  lines = g_strsplit (text, "\n", -1);
  mm_nboard_state_init (&state, 12);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_autoptr(GError) error = NULL;
      MmNboardCommand command;

      mm_nboard_command_parse (lines[i], &command);
      check_command (&command);
      mm_nboard_command_stops_search (&command);
      if (!mm_nboard_state_apply (&state, &command, &error) && error == NULL)
        mm_fuzz_fail ("a command refused without a reason");
      check_state (&state);
    }
  mm_nboard_state_clear (&state);
  return 0;
}
