/* mm-train-games.c
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

/* Reading the game archive (one game a line, gzip-compressed) and
 * replaying each game with the engine's rules.  A game is kept only when
 * every move is legal, the game is over after the last one and the final
 * position has the recorded disc counts: a label from a game that does
 * not add up would teach the wrong thing. */

#include "mm-train-games.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <zlib.h>

#define MAX_LINE 1024

static gboolean
play_recorded_move (MmTrainPosition *position,
                    int              square)
{
  if (mm_board_play (&position->board, square) == 0)
    return FALSE;
  position->color = !position->color;
  return TRUE;
}

/* Fills @positions with the position before each move (after any pass)
 * and the final one; returns how many, or -1 when a move is illegal or
 * the game is not over after the last move. */
int
mm_train_game_replay (const MmTrainGame *game,
                      MmTrainPosition    positions[MM_TRAIN_MAX_MOVES + 1])
{
  MmTrainPosition current;

  mm_board_init_start (&current.board);
  current.color = MM_COLOR_BLACK;
  for (int i = 0; i < game->n_moves; i++)
    {
      /* The records leave passes out: a side without a move passes. */
      if (!mm_board_can_move (&current.board))
        {
          mm_board_pass (&current.board);
          current.color = !current.color;
        }
      positions[i] = current;
      if (!play_recorded_move (&current, game->moves[i]))
        return -1;
    }
  if (!mm_board_is_game_over (&current.board))
    return -1;
  positions[game->n_moves] = current;
  return game->n_moves + 1;
}

/* The recorded result as black's final disc difference, the empty squares
 * going to the winner (the convention of the endgame solver). */
int
mm_train_game_result (const MmTrainGame *game)
{
  int difference = (int) game->black - (int) game->white;
  int empties = 64 - game->black - game->white;

  if (difference > 0)
    return difference + empties;
  if (difference < 0)
    return difference - empties;
  return 0;
}

static gboolean
parse_moves (const char  *text,
             size_t       length,
             MmTrainGame *game)
{
  if (length % 2 != 0 || length / 2 > MM_TRAIN_MAX_MOVES)
    return FALSE;
  game->n_moves = (guint8) (length / 2);
  for (size_t i = 0; i < game->n_moves; i++)
    {
      int square = mm_square_parse (text + 2 * i);

      if (square == MM_SQUARE_NONE)
        return FALSE;
      game->moves[i] = (guint8) square;
    }
  return TRUE;
}

/* The final counts of the replayed game must be the recorded ones. */
static gboolean
check_replay (const MmTrainGame *game)
{
  MmTrainPosition positions[MM_TRAIN_MAX_MOVES + 1];
  const MmTrainPosition *last;
  int n = mm_train_game_replay (game, positions);
  int black, white;

  if (n < 0)
    return FALSE;
  last = &positions[n - 1];
  black = mm_popcount (last->color == MM_COLOR_BLACK ? last->board.player
                                                      : last->board.opponent);
  white = mm_popcount (last->color == MM_COLOR_BLACK ? last->board.opponent
                                                      : last->board.player);
  return black == game->black && white == game->white;
}

/* Reads "f5d6c3... 34-30 1977" and replays it. */
gboolean
mm_train_game_parse (const char  *line,
                     MmTrainGame *game)
{
  const char *space = strchr (line, ' ');
  unsigned black, white, year;
  int used = 0;

  memset (game, 0, sizeof *game);
  if (space == NULL || !parse_moves (line, (size_t) (space - line), game))
    return FALSE;
  if (sscanf (space, " %u-%u %u%n", &black, &white, &year, &used) != 3
      || black + white > 64 || year > G_MAXUINT16)
    return FALSE;
  while (space[used] == ' ' || space[used] == '\r' || space[used] == '\n')
    used++;
  if (space[used] != '\0')
    return FALSE;
  game->black = (guint8) black;
  game->white = (guint8) white;
  game->year = (guint16) year;
  return check_replay (game);
}

/* Appends the games of the gzip-compressed file at @path to @set (plain
 * text is read too: zlib passes it through), at most @max_games in the
 * set unless 0. */
static gboolean
read_games (const char      *path,
            guint            max_games,
            MmTrainGameSet  *set,
            GError         **error)
{
  gzFile file = gzopen (path, "rb");
  char line[MAX_LINE];
  int zerror = Z_OK;

  if (file == NULL)
    {
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (errno),
                   "cannot open the games file %s: %s", path, g_strerror (errno));
      return FALSE;
    }
  gzbuffer (file, 1 << 18);

  while ((max_games == 0 || set->games->len < max_games)
         && gzgets (file, line, sizeof line) != NULL)
    {
      MmTrainGame game;

      if (line[0] == '\n' || line[0] == '\0' || line[0] == '#')
        continue;
      if (mm_train_game_parse (line, &game))
        g_array_append_val (set->games, game);
      else
        set->n_rejected++;
    }

  gzerror (file, &zerror);
  if (zerror != Z_OK && zerror != Z_STREAM_END)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED,
                   "%s: the gzip data is damaged (%s)", path, gzerror (file, &zerror));
      gzclose (file);
      return FALSE;
    }
  gzclose (file);
  return TRUE;
}

/* Reads the games of the file at @path, at most @max_games unless 0. */
gboolean
mm_train_games_read (const char      *path,
                     guint            max_games,
                     MmTrainGameSet  *set,
                     GError         **error)
{
  set->games = g_array_new (FALSE, FALSE, sizeof (MmTrainGame));
  set->n_rejected = 0;
  set->first_extra = G_MAXUINT;
  return read_games (path, max_games, set, error);
}

/* Adds the games of @path after those of @set (self-play games after the
 * archive).  They come after every archive game so that the archive games
 * keep their indices, hence the same held-out games, and they are never
 * held out themselves: the validation error stays measured on the same
 * archive positions whatever is added. */
gboolean
mm_train_games_append (const char      *path,
                       MmTrainGameSet  *set,
                       GError         **error)
{
  if (set->first_extra == G_MAXUINT)
    set->first_extra = set->games->len;
  return read_games (path, 0, set, error);
}

/* The line of the archive's format for @game: "f5d6c3... 34-30 1977". */
void
mm_train_game_format (const MmTrainGame *game,
                      GString           *line)
{
  for (int i = 0; i < game->n_moves; i++)
    {
      char name[3];

      mm_square_format (game->moves[i], name);
      g_string_append_len (line, name, 2);
    }
  g_string_append_printf (line, " %u-%u %u", game->black, game->white, game->year);
}

void
mm_train_games_clear (MmTrainGameSet *set)
{
  if (set->games != NULL)
    g_array_unref (set->games);
  set->games = NULL;
  set->n_rejected = 0;
  set->first_extra = G_MAXUINT;
}
