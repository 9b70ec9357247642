/* mm-nboard-command.c
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

#define G_LOG_DOMAIN "mm-nboard"

#include "config.h"

#include <string.h>

#include <gio/gio.h>

#include "mm-ggf.h"
#include "mm-nboard-command.h"
#include "mm-search.h"

/* A contempt beyond a whole board of discs (in hundredths) means nothing. */
#define MAX_CONTEMPT 6400

/* A whole decimal number, and nothing after it but spaces. */
static gboolean
parse_number (const char *text,
              gint64      min,
              gint64      max,
              int        *number)
{
  char *end = NULL;
  gint64 value;

  value = g_ascii_strtoll (text, &end, 10);
  if (end == text)
    return FALSE;
  while (g_ascii_isspace (*end))
    end++;
  if (*end != '\0')
    return FALSE;
  *number = (int) CLAMP (value, min, max);
  return TRUE;
}

static void
parse_set (const char      *rest,
           MmNboardCommand *command)
{
  if (g_str_has_prefix (rest, "depth ")
      && parse_number (rest + strlen ("depth "), 1, MM_NBOARD_MAX_DEPTH, &command->number))
    command->kind = MM_NBOARD_COMMAND_SET_DEPTH;
  else if (g_str_has_prefix (rest, "contempt ")
           && parse_number (rest + strlen ("contempt "), -MAX_CONTEMPT, MAX_CONTEMPT,
                            &command->number))
    command->kind = MM_NBOARD_COMMAND_SET_CONTEMPT;
  else if (g_str_has_prefix (rest, "game "))
    {
      command->kind = MM_NBOARD_COMMAND_SET_GAME;
      command->argument = rest + strlen ("game ");
    }
}

/**
 * mm_nboard_command_parse:
 * @line: one line of input, without its end; changed in place
 *
 * Reads the command on @line.  Lines the protocol does not know, and
 * settings whose value is not a number, are %MM_NBOARD_COMMAND_IGNORED.
 */
void
mm_nboard_command_parse (char            *line,
                         MmNboardCommand *command)
{
  static const struct
  {
    const char          *word;
    MmNboardCommandKind  kind;
  } simple[] = {
    { "quit", MM_NBOARD_COMMAND_QUIT },
    { "nboard", MM_NBOARD_COMMAND_HELLO },
    { "ping", MM_NBOARD_COMMAND_PING },
    { "go", MM_NBOARD_COMMAND_GO },
    { "analyze", MM_NBOARD_COMMAND_ANALYZE },
    { "move", MM_NBOARD_COMMAND_MOVE },
    { "learn", MM_NBOARD_COMMAND_LEARN },
  };
  char *rest;

  command->kind = MM_NBOARD_COMMAND_IGNORED;
  command->argument = "";
  command->number = 0;

  g_strstrip (line);
  rest = line + strcspn (line, " \t");
  if (*rest != '\0')
    *rest++ = '\0';
  rest = g_strchug (rest);
  command->argument = rest;

  if (strcmp (line, "set") == 0)
    {
      parse_set (rest, command);
      return;
    }
  if (strcmp (line, "hint") == 0)
    {
      command->kind = MM_NBOARD_COMMAND_HINT;
      if (!parse_number (rest, 1, MM_NBOARD_MAX_HINTS, &command->number))
        command->number = 1;
      return;
    }
  for (gsize i = 0; i < G_N_ELEMENTS (simple); i++)
    if (strcmp (line, simple[i].word) == 0)
      {
        command->kind = simple[i].kind;
        return;
      }
}

/**
 * mm_nboard_command_stops_search:
 *
 * Returns: whether after @command the position or the session is not the
 *   one being searched, so that a search in progress is stopped, not
 *   waited for
 */
gboolean
mm_nboard_command_stops_search (const MmNboardCommand *command)
{
  switch (command->kind)
    {
    case MM_NBOARD_COMMAND_QUIT:
    case MM_NBOARD_COMMAND_HELLO:
    case MM_NBOARD_COMMAND_PING:
    case MM_NBOARD_COMMAND_GO:
    case MM_NBOARD_COMMAND_HINT:
    case MM_NBOARD_COMMAND_ANALYZE:
    case MM_NBOARD_COMMAND_MOVE:
    case MM_NBOARD_COMMAND_SET_GAME:
      return TRUE;
    case MM_NBOARD_COMMAND_IGNORED:
    case MM_NBOARD_COMMAND_LEARN:
    case MM_NBOARD_COMMAND_SET_DEPTH:
    case MM_NBOARD_COMMAND_SET_CONTEMPT:
    default:
      return FALSE;
    }
}

void
mm_nboard_state_init (MmNboardState *state,
                      int            depth)
{
  state->game = NULL;
  state->depth = depth;
  state->contempt = 0;
}

void
mm_nboard_state_clear (MmNboardState *state)
{
  g_clear_pointer (&state->game, mm_game_record_unref);
}

static gboolean
set_game (MmNboardState  *state,
          const char     *text,
          GError        **error)
{
  g_autoptr(GPtrArray) games = NULL;

  games = mm_ggf_parse (text, strlen (text), error);
  if (games == NULL)
    return FALSE;
  if (games->len == 0)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "no game");
      return FALSE;
    }
  g_clear_pointer (&state->game, mm_game_record_unref);
  state->game = mm_game_record_ref (g_ptr_array_index (games, 0));
  return TRUE;
}

/* "F5", "f5/1.5/0.3", "PA", "F5//2.0". */
static gboolean
play_move (MmNboardState  *state,
           const char     *text,
           GError        **error)
{
  g_auto(GStrv) fields = g_strsplit (text, "/", 3);
  const char *eval = fields[0] != NULL ? fields[1] : NULL;
  const char *time = eval != NULL ? fields[2] : NULL;
  int square;

  if (fields[0] == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "no move");
      return FALSE;
    }
  if (g_ascii_strcasecmp (fields[0], "pa") == 0 || g_ascii_strcasecmp (fields[0], "pass") == 0)
    square = MM_SQUARE_PASS;
  else if (strlen (fields[0]) == 2)
    square = mm_square_parse (fields[0]);
  else
    square = MM_SQUARE_NONE;

  if (state->game == NULL)
    state->game = mm_game_record_new ();
  /* An evaluation or a time the record cannot keep is dropped, the move
   * is not. */
  if (mm_game_record_play (state->game, square, eval, time, NULL))
    return TRUE;
  return mm_game_record_play (state->game, square, NULL, NULL, error);
}

/**
 * mm_nboard_state_apply:
 *
 * Takes what @command changes in the session (a setting, the game, a
 * move); other commands change nothing here.
 *
 * Returns: %FALSE, with @error set and @state as it was, for a game that
 *   cannot be read or a move that cannot be played
 */
gboolean
mm_nboard_state_apply (MmNboardState          *state,
                       const MmNboardCommand  *command,
                       GError                **error)
{
  switch (command->kind)
    {
    case MM_NBOARD_COMMAND_SET_DEPTH:
      state->depth = command->number;
      return TRUE;
    case MM_NBOARD_COMMAND_SET_CONTEMPT:
      state->contempt = command->number;
      return TRUE;
    case MM_NBOARD_COMMAND_SET_GAME:
      return set_game (state, command->argument, error);
    case MM_NBOARD_COMMAND_MOVE:
      return play_move (state, command->argument, error);
    default:
      return TRUE;
    }
}

/* The current position: the end of the game, or the start. */
MmBoard
mm_nboard_state_get_board (const MmNboardState *state,
                           MmColor             *side)
{
  MmBoard board;
  guint64 black, white;
  MmColor color;

  if (state->game == NULL)
    {
      mm_board_init_start (&board);
      color = MM_COLOR_BLACK;
    }
  else
    {
      mm_game_record_get_position (state->game, &black, &white, &color);
      mm_board_from_colors (&board, black, white, color);
    }
  if (side != NULL)
    *side = color;
  return board;
}

/* "15:00", "1:00:00", "90", "1.5": seconds, or -1. */
static double
parse_clock (const char *text)
{
  g_auto(GStrv) parts = NULL;
  double seconds = 0;
  guint n;

  if (text == NULL || text[0] == '\0')
    return -1;
  parts = g_strsplit (text, ":", 0);
  n = g_strv_length (parts);
  if (n > 3)
    return -1;
  for (guint i = 0; i < n; i++)
    {
      char *end = NULL;
      double value = g_ascii_strtod (parts[i], &end);

      /* NaN and infinities are no clock either. */
      if (end == parts[i] || *end != '\0' || !(value >= 0 && value < 1e9))
        return -1;
      seconds = seconds * 60 + value;
    }
  return seconds;
}

/**
 * mm_nboard_state_time_for_move:
 *
 * The time for the next move from the game's clock: TI gives the time of
 * each player ("15:00", or GGS's "15:00/INCREMENT/..."), the moves the
 * time each took.
 *
 * Returns: seconds, 0 when the game has no clock
 */
double
mm_nboard_state_time_for_move (const MmNboardState *state,
                               const MmBoard       *board,
                               MmColor              side)
{
  g_auto(GStrv) fields = NULL;
  const char *control;
  double total, increment = 0, used = 0;

  if (state->game == NULL)
    return 0;
  control = mm_game_record_get_tag (state->game, MM_RECORD_TAG_TIME);
  if (control == NULL)
    return 0;
  fields = g_strsplit (control, "/", 0);
  total = parse_clock (fields[0]);
  if (total <= 0)
    return 0;
  if (fields[1] != NULL && parse_clock (fields[1]) > 0)
    increment = parse_clock (fields[1]);

  for (guint i = 0; i < mm_game_record_get_n_moves (state->game); i++)
    {
      const char *time = NULL;
      MmColor color;
      double seconds;

      mm_game_record_get_move (state->game, i, &color, NULL, &time);
      seconds = parse_clock (time);
      if (color == side && seconds > 0)
        used += seconds - increment;
    }

  return mm_search_time_for_move (MAX (total - used, 0), increment,
                                  mm_popcount (mm_board_empties (board)));
}
