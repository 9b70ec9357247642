/* mm-opening-names.c
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

#define G_LOG_DOMAIN "mm-opening-names"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-opening-names.h"
#include "mm-symmetry.h"

/* A named opening: its name and the moves that define it, from the
 * standard start.  The names and lines are those of the list most
 * Othello programs share (Robert Gatliff's), written here from f5;
 * since positions are compared in every turn of the board, a game that
 * starts d3, c4 or e6 finds them as well.  Where players use two names
 * for a line, both are given, as they say them. */
typedef struct
{
  const char *name;
  const char *moves;
} OpeningLine;

static const OpeningLine opening_lines[] = {
  /* Translators: the names of Othello openings, shown as “Opening: %s”.
   * Names of people (Stephenson, Aubrey, Tanida, Inoue ...) are written
   * as your language writes those names; the others (Tiger, Rose, Cow,
   * Diagonal ...) as players of your language say them. */
  { NC_("opening", "Diagonal"),
    "f5 f6" },
  { NC_("opening", "X-square"),
    "f5 f6 e6 f4 g7" },
  { NC_("opening", "Snake/Peasant"),
    "f5 f6 e6 f4 g6" },
  { NC_("opening", "Lysons"),
    "f5 f6 e6 f4 g6 c6" },
  { NC_("opening", "Pyramid/Checkerboarding Peasant"),
    "f5 f6 e6 f4 g6 c5 g4 g5 f3 e3 c4" },
  { NC_("opening", "Heath/Tobidashi"),
    "f5 f6 e6 f4 g5" },
  { NC_("opening", "Mimura Variation II"),
    "f5 f6 e6 f4 g5 e7 f7 c5 e3 f3 c4 d3 c2" },
  { NC_("opening", "Heath-Bat"),
    "f5 f6 e6 f4 g5 e7 e3" },
  { NC_("opening", "Iwasaki Variation"),
    "f5 f6 e6 f4 g5 e7 d7" },
  { NC_("opening", "Heath-Chimney"),
    "f5 f6 e6 f4 g5 d6" },
  { NC_("opening", "Raccoon Dog"),
    "f5 f6 e6 f4 g4" },
  { NC_("opening", "Rocket"),
    "f5 f6 e6 f4 g3" },
  { NC_("opening", "Hamilton"),
    "f5 f6 e6 f4 g3 f3 g4" },
  { NC_("opening", "Lollipop"),
    "f5 f6 e6 f4 g3 d6" },
  { NC_("opening", "Cow"),
    "f5 f6 e6 f4 e3" },
  { NC_("opening", "Chimney"),
    "f5 f6 e6 f4 e3 d6" },
  { NC_("opening", "Cow Bat/Bat/Cambridge"),
    "f5 f6 e6 f4 e3 c5 g5" },
  { NC_("opening", "Bat (Piau Continuation 2)"),
    "f5 f6 e6 f4 e3 c5 g5 g3 g4 f3 g6" },
  { NC_("opening", "Melnikov/Bat (Piau Continuation 1)"),
    "f5 f6 e6 f4 e3 c5 g5 g3 g4 f3 c4" },
  { NC_("opening", "Bat (Kling Continuation)"),
    "f5 f6 e6 f4 e3 c5 g5 f3 g4 g6 g3 d6 f7 h5 h4 h3 e7" },
  { NC_("opening", "Bat (Kling Alternative)"),
    "f5 f6 e6 f4 e3 c5 g5 d6 g6" },
  { NC_("opening", "Rose-v-Toth"),
    "f5 f6 e6 f4 e3 c5 c4" },
  { NC_("opening", "Tanida"),
    "f5 f6 e6 f4 e3 c5 c4 e7" },
  { NC_("opening", "Aircraft/Feldborg"),
    "f5 f6 e6 f4 e3 c5 c4 e7 g4" },
  { NC_("opening", "Sailboat"),
    "f5 f6 e6 f4 e3 c5 c4 e7 b5 e2" },
  { NC_("opening", "Maruoka"),
    "f5 f6 e6 f4 e3 c5 c4 d3 f3 e2" },
  { NC_("opening", "Landau"),
    "f5 f6 e6 f4 e3 c5 c4 d3 c3" },
  { NC_("opening", "Buffalo/Kenichi Variation"),
    "f5 f6 e6 f4 c3" },
  { NC_("opening", "Maruoka Buffalo"),
    "f5 f6 e6 f4 c3 d7 f3" },
  { NC_("opening", "Tanida Buffalo"),
    "f5 f6 e6 f4 c3 d6 f3 c4 c5 b4" },
  { NC_("opening", "Hokuriku Buffalo"),
    "f5 f6 e6 f4 c3 c4" },
  { NC_("opening", "Wing Variation"),
    "f5 f6 d3 f4" },
  { NC_("opening", "Semi-Wing Variation"),
    "f5 f6 c4 f4" },
  { NC_("opening", "Parallel"),
    "f5 f4" },
  { NC_("opening", "Perpendicular"),
    "f5 d6" },
  { NC_("opening", "Mimura"),
    "f5 d6 c5 f4 e3 d3" },
  { NC_("opening", "Shaman/Danish"),
    "f5 d6 c5 f4 e3 c6 f3" },
  { NC_("opening", "Inoue"),
    "f5 d6 c5 f4 e3 c6 e6" },
  { NC_("opening", "Iago"),
    "f5 d6 c5 f4 e3 c6 e6 f6" },
  { NC_("opening", "Bhagat"),
    "f5 d6 c5 f4 e3 c6 d7" },
  { NC_("opening", "Rose"),
    "f5 d6 c5 f4 e3 c6 d3 f6 e6 d7" },
  { NC_("opening", "Flat"),
    "f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 g4" },
  { NC_("opening", "Rotating Flat"),
    "f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 g4 c4" },
  { NC_("opening", "Murakami Variation"),
    "f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 g4 c4 g6" },
  { NC_("opening", "Rotating Flat (Kling Continuation)"),
    "f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 g4 c4 g5 c3 f7 d2 e7 f2" },
  { NC_("opening", "Rose-Birth"),
    "f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 g3 c4" },
  { NC_("opening", "Brightstein"),
    "f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 g3 c4 g5 c3 b4 e2" },
  { NC_("opening", "Rose-Birdie/Rose-Tamenori"),
    "f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 g3 c4 b4" },
  { NC_("opening", "Rose-Tamenori-Kling"),
    "f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 g3 c4 b4 c3" },
  { NC_("opening", "Greenberg/Dawg"),
    "f5 d6 c5 f4 e3 c6 d3 f6 e6 d7 e7" },
  { NC_("opening", "Ralle"),
    "f5 d6 c5 f4 e3 c6 d3 f3" },
  { NC_("opening", "Horse"),
    "f5 d6 c5 f4 d3" },
  { NC_("opening", "Ganglion/No-Cat"),
    "f5 d6 c4 g5" },
  { NC_("opening", "Swallow"),
    "f5 d6 c4 g5 c6" },
  { NC_("opening", "No-Cat (Continuation)"),
    "f5 d6 c4 g5 c6 c5 d7 d3 b4 c3 e3 f3" },
  { NC_("opening", "Italian"),
    "f5 d6 c4 d3 e6" },
  { NC_("opening", "Cat"),
    "f5 d6 c4 d3 c5" },
  { NC_("opening", "Sakaguchi"),
    "f5 d6 c4 d3 c5 f4 e3 f3 c2 c6" },
  { NC_("opening", "Berner"),
    "f5 d6 c4 d3 c5 f4 e3 f3 c2 b4 b3" },
  { NC_("opening", "Bent Ganglion"),
    "f5 d6 c3 g5" },
  { NC_("opening", "Tiger"),
    "f5 d6 c3 d3 c4" },
  { NC_("opening", "Stephenson"),
    "f5 d6 c3 d3 c4 f4 f6" },
  { NC_("opening", "No-Kung"),
    "f5 d6 c3 d3 c4 f4 f6 g5" },
  { NC_("opening", "No-Kung (Continuation)"),
    "f5 d6 c3 d3 c4 f4 f6 g5 e3 f3 g4 h3 g3 f2" },
  { NC_("opening", "Comp’Oth"),
    "f5 d6 c3 d3 c4 f4 f6 f3" },
  { NC_("opening", "F.A.T. Draw"),
    "f5 d6 c3 d3 c4 f4 f6 f3 e6 e7 d7 g6 f8 f7 g5 h6 h4 g4 h3 h5 h7" },
  { NC_("opening", "Lightning Bolt"),
    "f5 d6 c3 d3 c4 f4 f6 f3 e3" },
  { NC_("opening", "Kung"),
    "f5 d6 c3 d3 c4 f4 f6 b4" },
  { NC_("opening", "Leader’s Tiger"),
    "f5 d6 c3 d3 c4 f4 e6" },
  { NC_("opening", "Brightwell"),
    "f5 d6 c3 d3 c4 f4 e3" },
  { NC_("opening", "Ishii"),
    "f5 d6 c3 d3 c4 f4 c5 b4 b5 c6 f3 e6 e3" },
  { NC_("opening", "Mainline Tiger"),
    "f5 d6 c3 d3 c4 f4 c5 b4 b5 c6 f3 e6 e3 g6 f6 g5 d7 g3" },
  { NC_("opening", "Rose-Bill"),
    "f5 d6 c3 d3 c4 f4 c5 b3 c2" },
  { NC_("opening", "Tamenori"),
    "f5 d6 c3 d3 c4 f4 c5 b3 c2 e6" },
  { NC_("opening", "Central Rose-Bill/Dead Draw"),
    "f5 d6 c3 d3 c4 f4 c5 b3 c2 b4" },
  { NC_("opening", "Aubrey/Tanaka"),
    "f5 d6 c3 d3 c4 b3" },
  { NC_("opening", "Aubrey (Feldborg Continuation)"),
    "f5 d6 c3 d3 c4 b3 d2 f4" },
};

/* The longest line, in moves: no game reaches a position of the table
 * after more moves than that. */
#define MAX_LINE_MOVES 21

/* A position of a line, in its canonical turn (see canonical_position()):
 * the key of the table, and what the table knows of it. */
typedef struct
{
  guint64     black;
  guint64     white;
  /* The name of the opening whose line ends here, or NULL for a position
   * on the way to one. */
  const char *name;
} LinePosition;

/* ------------------------------------------------------------------ */
/* Positions up to the symmetries of the board                        */
/* ------------------------------------------------------------------ */

/* The same position in whichever of its eight turns (mm-symmetry.h)
 * sorts first, so that all eight compare equal. */
static LinePosition
canonical_position (guint64 black,
                    guint64 white)
{
  guint64 blacks[MM_N_SYMMETRIES], whites[MM_N_SYMMETRIES];
  int best = 0;

  mm_symmetry_orientations (black, blacks);
  mm_symmetry_orientations (white, whites);
  for (int s = 1; s < MM_N_SYMMETRIES; s++)
    if (blacks[s] < blacks[best] || (blacks[s] == blacks[best] && whites[s] < whites[best]))
      best = s;
  return (LinePosition) { blacks[best], whites[best], NULL };
}

/* The colours of @board, whose side to move is @side. */
static LinePosition
canonical_board (const MmBoard *board,
                 MmColor        side)
{
  return side == MM_COLOR_BLACK ? canonical_position (board->player, board->opponent)
                                : canonical_position (board->opponent, board->player);
}

static guint
line_position_hash (gconstpointer key)
{
  const LinePosition *position = key;
  guint64 mixed = position->black * G_GUINT64_CONSTANT (0x9E3779B97F4A7C15) ^ position->white;

  return (guint) (mixed ^ (mixed >> 32));
}

static gboolean
line_position_equal (gconstpointer a,
                     gconstpointer b)
{
  const LinePosition *first = a, *second = b;

  return first->black == second->black && first->white == second->white;
}

/* ------------------------------------------------------------------ */
/* The table of positions, made once from the lines                   */
/* ------------------------------------------------------------------ */

/* Records the position after a move of @line; @name is the line's name
 * at its last move, NULL before.  Two lines ending on one position
 * would make the name depend on the order of the list. */
static void
add_position (GHashTable        *table,
              const LinePosition *position,
              const char         *name)
{
  LinePosition *known = g_hash_table_lookup (table, position);

  if (known == NULL)
    {
      known = g_new (LinePosition, 1);
      *known = *position;
      known->name = name;
      g_hash_table_add (table, known);
    }
  else if (name != NULL && known->name == NULL)
    known->name = name;
  else if (name != NULL && g_strcmp0 (known->name, name) != 0)
    g_critical ("The openings “%s” and “%s” reach the same position", known->name, name);
}

/* Plays @line from the standard start and records each position on the
 * way; a move that is not legal is a mistake in the table. */
static void
add_line (GHashTable        *table,
          const OpeningLine *line)
{
  g_auto(GStrv) moves = g_strsplit (line->moves, " ", -1);
  guint n_moves = g_strv_length (moves);
  MmColor side = MM_COLOR_BLACK;
  MmBoard board;

  g_return_if_fail (n_moves <= MAX_LINE_MOVES);

  mm_board_init_start (&board);
  for (guint i = 0; i < n_moves; i++)
    {
      LinePosition position;

      if (mm_board_play (&board, mm_square_parse (moves[i])) == 0)
        {
          g_critical ("The line of the opening “%s” has a move that is not legal: %s",
                      line->name, moves[i]);
          return;
        }
      side = mm_color_other (side);
      position = canonical_board (&board, side);
      add_position (table, &position, i + 1 == n_moves ? line->name : NULL);
    }
}

/* The positions of all the lines, made at the first look-up and kept
 * for the life of the program. */
static GHashTable *
get_line_positions (void)
{
  static GHashTable *table;

  if (g_once_init_enter (&table))
    {
      GHashTable *positions = g_hash_table_new_full (line_position_hash, line_position_equal,
                                                     g_free, NULL);

      for (guint i = 0; i < G_N_ELEMENTS (opening_lines); i++)
        add_line (positions, &opening_lines[i]);
      g_once_init_leave (&table, positions);
    }

  return table;
}

/* Whether @game starts where the lines start: the standard start, or
 * the same four discs mirrored, with Black to move.  A board set up by
 * hand has no named opening, even if it is a position of one. */
static gboolean
starts_as_standard (MmGame *game)
{
  MmBoard start, standard;
  MmColor side;
  LinePosition game_start, standard_start;

  mm_game_get_start (game, &start, &side);
  mm_board_init_start (&standard);
  game_start = canonical_board (&start, side);
  standard_start = canonical_board (&standard, MM_COLOR_BLACK);
  return side == MM_COLOR_BLACK && line_position_equal (&game_start, &standard_start);
}

/* ------------------------------------------------------------------ */
/* Public                                                             */
/* ------------------------------------------------------------------ */

/**
 * mm_opening_names_find:
 * @n_moves: how many of the game's moves to look at, as the position
 *   after them is shown; more than the game has means all of them
 * @found: (out caller-allocates): the name of the deepest named position
 *   the first @n_moves moves reached, the move that reached it, and
 *   whether the position after them is still on a named line
 *
 * Finds the named opening a game is in.  A game whose moves leave the
 * named lines keeps the last name it reached: that is the opening it
 * was played from.  A game that does not start from the standard start
 * (or its mirror), and a game that reached no named position, has none.
 * The positions after a pass are not looked at, as no line has one.
 *
 * Returns: whether the game reached a named position
 */
gboolean
mm_opening_names_find (MmGame        *game,
                       guint          n_moves,
                       MmOpeningName *found)
{
  GHashTable *table;
  MmBoard board;
  MmColor side;

  g_return_val_if_fail (MM_IS_GAME (game), FALSE);
  g_return_val_if_fail (found != NULL, FALSE);

  *found = (MmOpeningName) { NULL, 0, FALSE };
  if (!starts_as_standard (game))
    return FALSE;

  table = get_line_positions ();
  n_moves = MIN (n_moves, mm_game_get_n_moves (game));
  mm_game_get_start (game, &board, &side);
  /* The start is where every line begins. */
  found->in_opening = TRUE;

  for (guint i = 0; i < n_moves; i++)
    {
      int square = mm_game_get_move (game, i, NULL);
      LinePosition position;
      const LinePosition *known;

      if (square == MM_SQUARE_PASS || i >= MAX_LINE_MOVES)
        {
          found->in_opening = FALSE;
          break;
        }
      mm_board_play (&board, square);
      side = mm_color_other (side);
      position = canonical_board (&board, side);
      /* A position off the lines may still lead back onto one by
       * another order of moves, so the look-up goes on. */
      known = g_hash_table_lookup (table, &position);
      found->in_opening = known != NULL;
      if (known != NULL && known->name != NULL)
        {
          found->name = known->name;
          found->n_moves = i + 1;
        }
    }

  return found->name != NULL;
}

/**
 * mm_opening_names_translate:
 * @name: a name from mm_opening_names_find()
 *
 * Returns: (transfer none): @name in the user's language
 */
const char *
mm_opening_names_translate (const char *name)
{
  g_return_val_if_fail (name != NULL, NULL);

  return g_dpgettext2 (GETTEXT_PACKAGE, "opening", name);
}
