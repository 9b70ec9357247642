/* mm-game-record.c
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

#define G_LOG_DOMAIN "mm-record"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <stdarg.h>
#include <string.h>

#include "mm-game-record.h"
#include "mm-record-private.h"

#define BIT(square) (G_GUINT64_CONSTANT (1) << (square))

typedef struct
{
  gint8   square;
  guint8  color;
  char   *eval;
  char   *time;
} MmRecordMove;

typedef struct
{
  char *name;
  char *value;
} MmRecordTag;

struct _MmGameRecord
{
  gatomicrefcount  ref_count;

  /* Where the game starts. */
  guint64          start_black;
  guint64          start_white;
  MmColor          start_side;

  /* Where it stands after the moves, kept so that each new move is
   * checked against it. */
  MmBoard          board;
  MmColor          side_to_move;
  guint            n_discs_played;

  GArray          *moves;
  GArray          *tags;
};

G_DEFINE_QUARK (mm-record-error-quark, mm_record_error)
G_DEFINE_BOXED_TYPE (MmGameRecord, mm_game_record, mm_game_record_ref, mm_game_record_unref)

static void
mm_record_move_clear (gpointer data)
{
  MmRecordMove *move = data;

  g_clear_pointer (&move->eval, g_free);
  g_clear_pointer (&move->time, g_free);
}

static void
mm_record_tag_clear (gpointer data)
{
  MmRecordTag *tag = data;

  g_clear_pointer (&tag->name, g_free);
  g_clear_pointer (&tag->value, g_free);
}

/**
 * mm_game_record_new_from_position:
 * @black: the black discs
 * @white: the white discs, none on a square of @black
 * @side_to_move: who moves first
 *
 * Returns: (transfer full): a record of a game that starts from the
 *   given position, with no moves and no tags
 */
MmGameRecord *
mm_game_record_new_from_position (guint64 black,
                                  guint64 white,
                                  MmColor side_to_move)
{
  MmGameRecord *self;

  g_return_val_if_fail ((black & white) == 0, NULL);
  g_return_val_if_fail (side_to_move == MM_COLOR_BLACK || side_to_move == MM_COLOR_WHITE, NULL);

  self = g_new0 (MmGameRecord, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->start_black = black;
  self->start_white = white;
  self->start_side = side_to_move;
  mm_board_from_colors (&self->board, black, white, side_to_move);
  self->side_to_move = side_to_move;
  self->moves = g_array_new (FALSE, TRUE, sizeof (MmRecordMove));
  g_array_set_clear_func (self->moves, mm_record_move_clear);
  self->tags = g_array_new (FALSE, TRUE, sizeof (MmRecordTag));
  g_array_set_clear_func (self->tags, mm_record_tag_clear);

  return self;
}

/**
 * mm_game_record_new:
 *
 * Returns: (transfer full): a record of a game from the standard start,
 *   black to move, with no moves and no tags
 */
MmGameRecord *
mm_game_record_new (void)
{
  MmBoard start;

  mm_board_init_start (&start);
  return mm_game_record_new_from_position (start.player, start.opponent, MM_COLOR_BLACK);
}

MmGameRecord *
mm_game_record_ref (MmGameRecord *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
mm_game_record_unref (MmGameRecord *self)
{
  g_return_if_fail (self != NULL);

  if (g_atomic_ref_count_dec (&self->ref_count))
    {
      g_array_unref (self->moves);
      g_array_unref (self->tags);
      g_free (self);
    }
}

/* A deep copy, which the caller may change without touching @self. */
MmGameRecord *
mm_game_record_copy (MmGameRecord *self)
{
  MmGameRecord *copy;

  g_return_val_if_fail (self != NULL, NULL);

  copy = mm_game_record_new_from_position (self->start_black, self->start_white,
                                           self->start_side);
  copy->board = self->board;
  copy->side_to_move = self->side_to_move;
  copy->n_discs_played = self->n_discs_played;
  for (guint i = 0; i < self->moves->len; i++)
    {
      const MmRecordMove *move = &g_array_index (self->moves, MmRecordMove, i);
      MmRecordMove dup = {
        .square = move->square,
        .color = move->color,
        .eval = g_strdup (move->eval),
        .time = g_strdup (move->time),
      };

      g_array_append_val (copy->moves, dup);
    }
  for (guint i = 0; i < self->tags->len; i++)
    {
      const MmRecordTag *tag = &g_array_index (self->tags, MmRecordTag, i);
      MmRecordTag dup = { .name = g_strdup (tag->name), .value = g_strdup (tag->value) };

      g_array_append_val (copy->tags, dup);
    }

  return copy;
}

/* The same start, the same moves with the same annotations, and the same
 * tags in the same order. */
gboolean
mm_game_record_equal (MmGameRecord *a,
                      MmGameRecord *b)
{
  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);

  if (a->start_black != b->start_black || a->start_white != b->start_white
      || a->start_side != b->start_side
      || a->moves->len != b->moves->len || a->tags->len != b->tags->len)
    return FALSE;

  for (guint i = 0; i < a->moves->len; i++)
    {
      const MmRecordMove *x = &g_array_index (a->moves, MmRecordMove, i);
      const MmRecordMove *y = &g_array_index (b->moves, MmRecordMove, i);

      if (x->square != y->square || x->color != y->color
          || g_strcmp0 (x->eval, y->eval) != 0 || g_strcmp0 (x->time, y->time) != 0)
        return FALSE;
    }

  for (guint i = 0; i < a->tags->len; i++)
    {
      const MmRecordTag *x = &g_array_index (a->tags, MmRecordTag, i);
      const MmRecordTag *y = &g_array_index (b->tags, MmRecordTag, i);

      if (strcmp (x->name, y->name) != 0 || strcmp (x->value, y->value) != 0)
        return FALSE;
    }

  return TRUE;
}

void
mm_game_record_get_start (MmGameRecord *self,
                          guint64      *black,
                          guint64      *white,
                          MmColor      *side_to_move)
{
  g_return_if_fail (self != NULL);

  if (black != NULL)
    *black = self->start_black;
  if (white != NULL)
    *white = self->start_white;
  if (side_to_move != NULL)
    *side_to_move = self->start_side;
}

gboolean
mm_game_record_has_standard_start (MmGameRecord *self)
{
  MmBoard start;

  g_return_val_if_fail (self != NULL, FALSE);

  mm_board_init_start (&start);
  return self->start_side == MM_COLOR_BLACK
         && self->start_black == start.player
         && self->start_white == start.opponent;
}

gboolean
_mm_record_eval_is_valid (const char *eval)
{
  const char *p = eval;
  gboolean digits = FALSE;

  if (eval == NULL)
    return TRUE;
  if (strlen (eval) > MM_RECORD_MAX_ANNOTATION)
    return FALSE;

  /* [+-]digits[.digits], or .digits */
  if (*p == '+' || *p == '-')
    p++;
  while (g_ascii_isdigit (*p))
    {
      p++;
      digits = TRUE;
    }
  if (*p == '.')
    {
      p++;
      while (g_ascii_isdigit (*p))
        {
          p++;
          digits = TRUE;
        }
    }

  return digits && *p == '\0';
}

gboolean
_mm_record_time_is_valid (const char *time)
{
  gsize length;

  if (time == NULL)
    return TRUE;

  /* Seconds, or minutes:seconds, with a fraction: 0.01, 1:05, 00:01:05.5 */
  length = strlen (time);
  if (length == 0 || length > MM_RECORD_MAX_ANNOTATION)
    return FALSE;
  for (gsize i = 0; i < length; i++)
    if (!g_ascii_isdigit (time[i]) && time[i] != ':' && time[i] != '.')
      return FALSE;

  return g_ascii_isdigit (time[0]) || time[0] == '.';
}

static void
mm_game_record_append (MmGameRecord *self,
                       int           square,
                       const char   *eval,
                       const char   *time)
{
  MmRecordMove move = {
    .square = (gint8) square,
    .color = (guint8) self->side_to_move,
    .eval = eval != NULL && *eval != '\0' ? g_strdup (eval) : NULL,
    .time = time != NULL && *time != '\0' ? g_strdup (time) : NULL,
  };

  g_array_append_val (self->moves, move);
  self->side_to_move = mm_color_other (self->side_to_move);
}

static gboolean
mm_game_record_add (MmGameRecord  *self,
                    gboolean       any_color,
                    MmColor        color,
                    int            square,
                    const char    *eval,
                    const char    *time,
                    GError       **error)
{
  /* Moves are numbered as people count them: discs placed, passes left
   * out. */
  guint number = self->n_discs_played + 1;
  char name[3];
  guint64 flips;

  if (eval != NULL && *eval == '\0')
    eval = NULL;
  if (time != NULL && *time == '\0')
    time = NULL;
  if (!_mm_record_eval_is_valid (eval))
    {
      g_autofree char *quoted = _mm_record_quote (eval, strlen (eval));

      g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_SYNTAX,
                   /* Translators: %u: a move number; %s: the text found where a number such as
                    * -1.5 should be */
                   _("Move %u: the evaluation %s is not a number"), number, quoted);
      return FALSE;
    }
  if (!_mm_record_time_is_valid (time))
    {
      g_autofree char *quoted = _mm_record_quote (time, strlen (time));

      g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_SYNTAX,
                   /* Translators: %u: a move number; %s: the text found where a time such as 1:05
                    * should be */
                   _("Move %u: the time %s is not a time"), number, quoted);
      return FALSE;
    }

  if (mm_board_is_game_over (&self->board))
    {
      g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_ILLEGAL_MOVE,
                   /* Translators: %u: a move number */
                   _("Move %u: the game is already over"), number);
      return FALSE;
    }

  if (square != MM_SQUARE_PASS && !mm_square_is_valid (square))
    {
      g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_ILLEGAL_MOVE,
                   /* Translators: %u: a move number */
                   _("Move %u: there is no such square on the board"), number);
      return FALSE;
    }

  /* A side with no move passes, whether the text says so or not. */
  if (!mm_board_can_move (&self->board)
      && (any_color ? square != MM_SQUARE_PASS : color != self->side_to_move))
    {
      mm_board_pass (&self->board);
      mm_game_record_append (self, MM_SQUARE_PASS, NULL, NULL);
    }

  if (!any_color && color != self->side_to_move)
    {
      if (self->side_to_move == MM_COLOR_BLACK)
        g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_ILLEGAL_MOVE,
                     /* Translators: %u: a move number; the record gives a move to White when Black
                      * must play */
                     _("Move %u: it is Black’s turn, not White’s"), number);
      else
        g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_ILLEGAL_MOVE,
                     /* Translators: %u: a move number; the record gives a move to Black when White
                      * must play */
                     _("Move %u: it is White’s turn, not Black’s"), number);
      return FALSE;
    }

  if (square == MM_SQUARE_PASS)
    {
      if (mm_board_can_move (&self->board))
        {
          mm_square_format (mm_first_square (mm_board_legal_moves (&self->board)), name);
          if (self->side_to_move == MM_COLOR_BLACK)
            g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_ILLEGAL_MOVE,
                         /* Translators: %u: a move number; %s: a square where Black could play,
                          * such as d3 */
                         _("Move %u: Black passes but has a move (%s)"), number, name);
          else
            g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_ILLEGAL_MOVE,
                         /* Translators: %u: a move number; %s: a square where White could play,
                          * such as d3 */
                         _("Move %u: White passes but has a move (%s)"), number, name);
          return FALSE;
        }

      mm_board_pass (&self->board);
      mm_game_record_append (self, MM_SQUARE_PASS, eval, time);
      return TRUE;
    }

  mm_square_format (square, name);
  if (!(mm_board_empties (&self->board) & BIT (square)))
    {
      g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_ILLEGAL_MOVE,
                   /* Translators: %u: a move number; %s: a square such as d3 */
                   _("Move %u: %s is not empty"), number, name);
      return FALSE;
    }
  flips = mm_board_flips (&self->board, square);
  if (flips == 0)
    {
      g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_ILLEGAL_MOVE,
                   /* Translators: %u: a move number; %s: a square such as d3 */
                   _("Move %u: %s does not flip any disc"), number, name);
      return FALSE;
    }

  mm_board_apply (&self->board, square, flips);
  mm_game_record_append (self, square, eval, time);
  self->n_discs_played++;

  return TRUE;
}

/**
 * mm_game_record_play:
 * @square: 0 (a1) to 63 (h8), or MM_SQUARE_PASS
 * @eval: (nullable): an evaluation such as "-1.5"
 * @time: (nullable): the time the move took, such as "0.01" or "1:05"
 *
 * Adds a move for the side to move.  When that side has no move, it
 * passes first; a pass given as @square must be forced.
 *
 * Returns: %FALSE with @error set, and the record unchanged, when the
 *   move is not legal
 */
gboolean
mm_game_record_play (MmGameRecord  *self,
                     int            square,
                     const char    *eval,
                     const char    *time,
                     GError       **error)
{
  guint n_moves;
  MmBoard board;
  MmColor side;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  n_moves = self->moves->len;
  board = self->board;
  side = self->side_to_move;
  if (!mm_game_record_add (self, TRUE, MM_COLOR_BLACK, square, eval, time, error))
    {
      g_array_set_size (self->moves, n_moves);
      self->board = board;
      self->side_to_move = side;
      return FALSE;
    }

  return TRUE;
}

/**
 * mm_game_record_play_as:
 * @color: who plays the move, as the record says
 *
 * Like mm_game_record_play(), for a record that names the colour of each
 * move (GGF).  When @color is not the side to move, the side to move must
 * have no move: it passes first.
 */
gboolean
mm_game_record_play_as (MmGameRecord  *self,
                        MmColor        color,
                        int            square,
                        const char    *eval,
                        const char    *time,
                        GError       **error)
{
  guint n_moves;
  MmBoard board;
  MmColor side;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (color == MM_COLOR_BLACK || color == MM_COLOR_WHITE, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  n_moves = self->moves->len;
  board = self->board;
  side = self->side_to_move;
  if (!mm_game_record_add (self, FALSE, color, square, eval, time, error))
    {
      g_array_set_size (self->moves, n_moves);
      self->board = board;
      self->side_to_move = side;
      return FALSE;
    }

  return TRUE;
}

/* Adds the pass that the rules force after the last move, if there is
 * one, so that the side to move of an unfinished game can move. */
void
mm_game_record_finish (MmGameRecord *self)
{
  g_return_if_fail (self != NULL);

  if (!mm_board_can_move (&self->board) && !mm_board_is_game_over (&self->board))
    {
      mm_board_pass (&self->board);
      mm_game_record_append (self, MM_SQUARE_PASS, NULL, NULL);
    }
}

/* The moves, passes included. */
guint
mm_game_record_get_n_moves (MmGameRecord *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->moves->len;
}

/* The discs placed: the moves without the passes. */
guint
mm_game_record_get_n_discs_played (MmGameRecord *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_discs_played;
}

/**
 * mm_game_record_get_move:
 * @color: (out) (optional): who played it
 * @eval: (out) (optional) (nullable): its evaluation
 * @time: (out) (optional) (nullable): the time it took
 *
 * Returns: the square, or MM_SQUARE_PASS
 */
int
mm_game_record_get_move (MmGameRecord  *self,
                         guint          index,
                         MmColor       *color,
                         const char   **eval,
                         const char   **time)
{
  const MmRecordMove *move;

  g_return_val_if_fail (self != NULL, MM_SQUARE_NONE);
  g_return_val_if_fail (index < self->moves->len, MM_SQUARE_NONE);

  move = &g_array_index (self->moves, MmRecordMove, index);
  if (color != NULL)
    *color = (MmColor) move->color;
  if (eval != NULL)
    *eval = move->eval;
  if (time != NULL)
    *time = move->time;

  return move->square;
}

/* The position after the last move. */
void
mm_game_record_get_position (MmGameRecord *self,
                             guint64      *black,
                             guint64      *white,
                             MmColor      *side_to_move)
{
  g_return_if_fail (self != NULL);

  if (black != NULL)
    *black = self->side_to_move == MM_COLOR_BLACK ? self->board.player : self->board.opponent;
  if (white != NULL)
    *white = self->side_to_move == MM_COLOR_BLACK ? self->board.opponent : self->board.player;
  if (side_to_move != NULL)
    *side_to_move = self->side_to_move;
}

gboolean
mm_game_record_is_over (MmGameRecord *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return mm_board_is_game_over (&self->board);
}

/* The discs of @color after the last move. */
guint
mm_game_record_get_count (MmGameRecord *self,
                          MmColor       color)
{
  guint64 black, white;

  g_return_val_if_fail (self != NULL, 0);

  mm_game_record_get_position (self, &black, &white, NULL);
  return (guint) mm_popcount (color == MM_COLOR_BLACK ? black : white);
}

/**
 * mm_game_record_format_result:
 *
 * The result of a finished game as GGF writes it: Black's discs minus
 * White's, the empty squares going to the winner ("+4.00", "-64.00",
 * "+0.00").
 *
 * Returns: (transfer full) (nullable): the result, or %NULL when the game
 *   is not over
 */
char *
mm_game_record_format_result (MmGameRecord *self)
{
  int black, white, empties;

  g_return_val_if_fail (self != NULL, NULL);

  if (!mm_game_record_is_over (self))
    return NULL;

  black = (int) mm_game_record_get_count (self, MM_COLOR_BLACK);
  white = (int) mm_game_record_get_count (self, MM_COLOR_WHITE);
  empties = 64 - black - white;
  if (black > white)
    black += empties;
  else if (white > black)
    white += empties;

  return g_strdup_printf ("%+d.00", black - white);
}

/* Tag names are what GGF and PGN allow: a letter, then letters, digits or
 * underscores; but not the names of GGF's game type, board and moves,
 * which are not tags. */
gboolean
mm_record_tag_name_is_valid (const char *name)
{
  gsize length;

  if (name == NULL || !g_ascii_isalpha (name[0]))
    return FALSE;
  if (strcmp (name, "GM") == 0 || strcmp (name, "BO") == 0
      || strcmp (name, "B") == 0 || strcmp (name, "W") == 0)
    return FALSE;

  length = strlen (name);
  if (length > MM_RECORD_MAX_TAG_NAME)
    return FALSE;
  for (gsize i = 1; i < length; i++)
    if (!g_ascii_isalnum (name[i]) && name[i] != '_')
      return FALSE;

  return TRUE;
}

/* Text that every format can write and read back: UTF-8 without control
 * characters other than tabs and line ends. */
static gboolean
mm_record_tag_value_is_valid (const char *value)
{
  if (!g_utf8_validate (value, -1, NULL))
    return FALSE;
  for (const char *p = value; *p != '\0'; p++)
    if (((guchar) *p < 0x20 && *p != '\t' && *p != '\n' && *p != '\r') || *p == 0x7F)
      return FALSE;

  return TRUE;
}

static gint
mm_game_record_find_tag (MmGameRecord *self,
                         const char   *name)
{
  for (guint i = 0; i < self->tags->len; i++)
    if (strcmp (g_array_index (self->tags, MmRecordTag, i).name, name) == 0)
      return (gint) i;

  return -1;
}

/**
 * mm_game_record_set_tag:
 * @name: a tag name such as "PB"
 * @value: (nullable): its value; %NULL removes the tag
 *
 * A tag that is there already keeps its place; a new one goes last.
 *
 * Returns: %FALSE with @error set when the name or the value cannot be
 *   stored
 */
gboolean
mm_game_record_set_tag (MmGameRecord  *self,
                        const char    *name,
                        const char    *value,
                        GError       **error)
{
  gint index;
  MmRecordTag tag;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!mm_record_tag_name_is_valid (name))
    {
      g_autofree char *quoted = _mm_record_quote (name, strlen (name));

      g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_SYNTAX,
                   /* Translators: %s: the name of a tag of a game record, such as “PB”, in quotes */
                   _("%s cannot be the name of a tag"), quoted);
      return FALSE;
    }

  index = mm_game_record_find_tag (self, name);
  if (value == NULL)
    {
      if (index >= 0)
        g_array_remove_index (self->tags, (guint) index);
      return TRUE;
    }

  if (strlen (value) > MM_RECORD_MAX_TAG_VALUE || !mm_record_tag_value_is_valid (value))
    {
      g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_TOO_LARGE,
                   /* Translators: %s: a tag name such as PB; %u: the largest number of bytes it
                    * may hold */
                   _("The tag %s is longer than %u bytes or holds something other than text"),
                   name, MM_RECORD_MAX_TAG_VALUE);
      return FALSE;
    }

  if (index >= 0)
    {
      MmRecordTag *old = &g_array_index (self->tags, MmRecordTag, index);

      g_free (old->value);
      old->value = g_strdup (value);
      return TRUE;
    }

  if (self->tags->len >= MM_RECORD_MAX_TAGS)
    {
      g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_TOO_MANY,
                   /* Translators: %u: the largest number of tags (names, date, place...) a game
                    * may have */
                   _("The game has more than %u tags"), MM_RECORD_MAX_TAGS);
      return FALSE;
    }

  tag.name = g_strdup (name);
  tag.value = g_strdup (value);
  g_array_append_val (self->tags, tag);

  return TRUE;
}

const char *
mm_game_record_get_tag (MmGameRecord *self,
                        const char   *name)
{
  gint index;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  index = mm_game_record_find_tag (self, name);
  return index >= 0 ? g_array_index (self->tags, MmRecordTag, index).value : NULL;
}

guint
mm_game_record_get_n_tags (MmGameRecord *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->tags->len;
}

/**
 * mm_game_record_get_nth_tag:
 * @name: (out) (optional): the tag's name
 *
 * Returns: the value of the tag at @index, in the record's order
 */
const char *
mm_game_record_get_nth_tag (MmGameRecord  *self,
                            guint          index,
                            const char   **name)
{
  const MmRecordTag *tag;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (index < self->tags->len, NULL);

  tag = &g_array_index (self->tags, MmRecordTag, index);
  if (name != NULL)
    *name = tag->name;
  return tag->value;
}

void
mm_game_record_clear_tags (MmGameRecord *self)
{
  g_return_if_fail (self != NULL);

  g_array_set_size (self->tags, 0);
}

/* ------------------------------------------------------------------ */
/* Helpers for the parsers                                            */
/* ------------------------------------------------------------------ */

gboolean
_mm_record_is_space (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* "pa", "ps", "pass" or "--", in any case. */
gboolean
_mm_record_is_pass (const char *text,
                    gsize       length)
{
  return (length == 2 && g_ascii_strncasecmp (text, "pa", 2) == 0)
         || (length == 2 && g_ascii_strncasecmp (text, "ps", 2) == 0)
         || (length == 2 && strncmp (text, "--", 2) == 0)
         || (length == 4 && g_ascii_strncasecmp (text, "pass", 4) == 0);
}

/* A final score written in a record ("34-30") must be the one the moves
 * lead to, counted as the board stands or with the empty squares given
 * to the winner.  A game that is not over (a resignation, a loss on time)
 * may have any score. */
gboolean
_mm_record_check_score (MmGameRecord  *record,
                        guint          black,
                        guint          white,
                        GError       **error)
{
  guint black_count, white_count, empties;

  if (!mm_game_record_is_over (record))
    return TRUE;

  black_count = mm_game_record_get_count (record, MM_COLOR_BLACK);
  white_count = mm_game_record_get_count (record, MM_COLOR_WHITE);
  empties = 64 - black_count - white_count;
  if (black == black_count && white == white_count)
    return TRUE;
  if (black_count > white_count && black == black_count + empties && white == white_count)
    return TRUE;
  if (white_count > black_count && white == white_count + empties && black == black_count)
    return TRUE;

  g_set_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_MISMATCH,
               /* Translators: the first two numbers are the score written in the
                * record, the last two the discs on the board after its moves */
               _("the score %u-%u does not match the final position, which is %u-%u"),
               black, white, black_count, white_count);
  return FALSE;
}

/* The line and column of byte @offset, both from 1, the column counted
 * in characters. */
static void
mm_record_locate (const char *text,
                  gsize       offset,
                  guint      *line,
                  guint      *column)
{
  *line = 1;
  *column = 1;
  for (gsize i = 0; i < offset && text[i] != '\0'; i++)
    {
      guchar c = (guchar) text[i];

      if (c == '\n')
        {
          (*line)++;
          *column = 1;
        }
      else if ((c & 0xC0) != 0x80)
        {
          (*column)++;
        }
    }
}

static char *
mm_record_format_location (const char *text,
                           gsize       offset)
{
  guint line, column;

  mm_record_locate (text, offset, &line, &column);
  /* Translators: where something is in a text; it comes before a colon
   * and a sentence that says what is wrong there */
  return g_strdup_printf (_("Line %u, column %u"), line, column);
}

void
_mm_record_set_error_at (GError        **error,
                         const char     *text,
                         gsize           offset,
                         MmRecordError   code,
                         const char     *format,
                         ...)
{
  g_autofree char *where = NULL;
  g_autofree char *what = NULL;
  va_list args;

  if (error == NULL)
    return;

  va_start (args, format);
  what = g_strdup_vprintf (format, args);
  va_end (args);
  where = mm_record_format_location (text, offset);
  g_set_error (error, MM_RECORD_ERROR, code, "%s: %s", where, what);
}

void
_mm_record_prefix_error_at (GError     **error,
                            const char  *text,
                            gsize        offset)
{
  g_autofree char *where = NULL;

  if (error == NULL || *error == NULL)
    return;

  where = mm_record_format_location (text, offset);
  g_prefix_error (error, "%s: ", where);
}

/* Up to 24 characters of @text in quotes, with control characters and
 * invalid bytes shown as codes, for error messages. */
char *
_mm_record_quote (const char *text,
                  gsize       length)
{
  GString *out = g_string_new ("“");
  const char *p = text;
  const char *end = text + length;
  guint n_chars = 0;

  while (p < end && n_chars < 24)
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02X", (guchar) *p);
          p++;
        }
      else
        {
          if (g_unichar_iscntrl (c) || c == 0)
            g_string_append_printf (out, "U+%04X", c);
          else
            g_string_append_unichar (out, c);
          p = g_utf8_next_char (p);
        }
      n_chars++;
    }
  if (p < end)
    g_string_append (out, "…");
  g_string_append (out, "”");

  return g_string_free (out, FALSE);
}
