/* mm-game.c
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

#define G_LOG_DOMAIN "mm-game"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-game.h"

/* One entry of the history: a disc placed, or a pass (MM_SQUARE_PASS). */
typedef struct
{
  gint8   square;
  guint8  color;
} MmGameMove;

struct _MmGame
{
  GObject  parent_instance;

  /* The position the history starts from. */
  MmBoard  start;
  MmColor  start_side;

  /* The current position, relative to the side to move. */
  MmBoard  board;
  MmColor  side_to_move;

  /* Moves played, passes included, and the moves taken back by undo
   * (most recent last) that redo plays again. */
  GArray  *history;
  GArray  *redo;
};

G_DEFINE_FINAL_TYPE (MmGame, mm_game, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SIDE_TO_MOVE,
  PROP_BLACK_COUNT,
  PROP_WHITE_COUNT,
  PROP_IS_OVER,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_N_MOVES,
  N_PROPS
};

enum {
  MOVE_PLAYED,
  PASSED,
  GAME_OVER,
  POSITION_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_QUARK (mm-game-error-quark, mm_game_error)

/* The observable state, compared before and after a change so that each
 * property is notified once, and only when it changed. */
typedef struct
{
  MmColor  side_to_move;
  guint    black_count;
  guint    white_count;
  gboolean is_over;
  gboolean can_undo;
  gboolean can_redo;
  guint    n_moves;
} MmGameState;

static MmGameState
mm_game_capture_state (MmGame *self)
{
  MmGameState state = {
    .side_to_move = self->side_to_move,
    .black_count = mm_game_get_black_count (self),
    .white_count = mm_game_get_white_count (self),
    .is_over = mm_game_is_over (self),
    .can_undo = mm_game_can_undo (self),
    .can_redo = mm_game_can_redo (self),
    .n_moves = self->history->len,
  };

  return state;
}

static void
mm_game_notify_changes (MmGame            *self,
                        const MmGameState *before)
{
  MmGameState after = mm_game_capture_state (self);

  if (before->side_to_move != after.side_to_move)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIDE_TO_MOVE]);
  if (before->black_count != after.black_count)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BLACK_COUNT]);
  if (before->white_count != after.white_count)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WHITE_COUNT]);
  if (before->is_over != after.is_over)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_IS_OVER]);
  if (before->can_undo != after.can_undo)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_UNDO]);
  if (before->can_redo != after.can_redo)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  if (before->n_moves != after.n_moves)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_MOVES]);
}

static void
mm_game_append (MmGame *self,
                int     square)
{
  MmGameMove move = { .square = (gint8) square, .color = (guint8) self->side_to_move };

  g_array_append_val (self->history, move);
}

/* Places a disc for the side to move (the move is known to be legal),
 * records it, and passes for the next side when it has no move. */
static void
mm_game_place (MmGame  *self,
               int      square,
               guint64  flips)
{
  MmColor mover = self->side_to_move;

  mm_board_apply (&self->board, square, flips);
  mm_game_append (self, square);
  self->side_to_move = mm_color_other (mover);

  g_signal_emit (self, signals[MOVE_PLAYED], 0, mover, square, flips);

  if (mm_board_is_game_over (&self->board))
    {
      g_signal_emit (self, signals[GAME_OVER], 0,
                     mm_game_get_black_count (self), mm_game_get_white_count (self));
      return;
    }

  if (!mm_board_can_move (&self->board))
    {
      MmColor passer = self->side_to_move;

      mm_board_pass (&self->board);
      mm_game_append (self, MM_SQUARE_PASS);
      self->side_to_move = mm_color_other (passer);
      g_signal_emit (self, signals[PASSED], 0, passer);
    }
}

/* Sets the position from the start and the first @n_moves of the history. */
static void
mm_game_replay (MmGame *self,
                guint   n_moves)
{
  self->board = self->start;
  self->side_to_move = self->start_side;

  for (guint i = 0; i < n_moves; i++)
    {
      const MmGameMove *move = &g_array_index (self->history, MmGameMove, i);

      if (move->square == MM_SQUARE_PASS)
        mm_board_pass (&self->board);
      else
        mm_board_play (&self->board, move->square);
      self->side_to_move = mm_color_other (self->side_to_move);
    }

  g_array_set_size (self->history, n_moves);
}

static gboolean
mm_game_check_move (MmGame  *self,
                    int      square,
                    guint64 *flips,
                    GError **error)
{
  char name[3];

  if (!mm_square_is_valid (square))
    {
      g_set_error (error, MM_GAME_ERROR, MM_GAME_ERROR_INVALID_SQUARE,
                   _("There is no square number %d on the board"), square);
      return FALSE;
    }

  mm_square_format (square, name);
  name[0] = g_ascii_toupper (name[0]);

  if (mm_board_is_game_over (&self->board))
    {
      g_set_error (error, MM_GAME_ERROR, MM_GAME_ERROR_GAME_OVER,
                   _("The game is over; no more moves can be played"));
      return FALSE;
    }
  if (!(mm_board_empties (&self->board) & (G_GUINT64_CONSTANT (1) << square)))
    {
      /* Translators: %s is a square name such as D3 */
      g_set_error (error, MM_GAME_ERROR, MM_GAME_ERROR_OCCUPIED,
                   _("%s is not empty"), name);
      return FALSE;
    }

  *flips = mm_board_flips (&self->board, square);
  if (*flips == 0)
    {
      /* Translators: %s is a square name such as D3 */
      g_set_error (error, MM_GAME_ERROR, MM_GAME_ERROR_NO_FLIPS,
                   _("%s does not flip any disc"), name);
      return FALSE;
    }

  return TRUE;
}

static void
mm_game_finalize (GObject *object)
{
  MmGame *self = (MmGame *)object;

  g_clear_pointer (&self->history, g_array_unref);
  g_clear_pointer (&self->redo, g_array_unref);

  G_OBJECT_CLASS (mm_game_parent_class)->finalize (object);
}

static void
mm_game_get_property (GObject    *object,
                      guint       prop_id,
                      GValue     *value,
                      GParamSpec *pspec)
{
  MmGame *self = MM_GAME (object);

  switch (prop_id)
    {
    case PROP_SIDE_TO_MOVE:
      g_value_set_enum (value, self->side_to_move);
      break;

    case PROP_BLACK_COUNT:
      g_value_set_uint (value, mm_game_get_black_count (self));
      break;

    case PROP_WHITE_COUNT:
      g_value_set_uint (value, mm_game_get_white_count (self));
      break;

    case PROP_IS_OVER:
      g_value_set_boolean (value, mm_game_is_over (self));
      break;

    case PROP_CAN_UNDO:
      g_value_set_boolean (value, mm_game_can_undo (self));
      break;

    case PROP_CAN_REDO:
      g_value_set_boolean (value, mm_game_can_redo (self));
      break;

    case PROP_N_MOVES:
      g_value_set_uint (value, self->history->len);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_game_class_init (MmGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->finalize = mm_game_finalize;
  object_class->get_property = mm_game_get_property;

  properties[PROP_SIDE_TO_MOVE] =
    g_param_spec_enum ("side-to-move", NULL, NULL, MM_TYPE_COLOR, MM_COLOR_BLACK, flags);
  properties[PROP_BLACK_COUNT] =
    g_param_spec_uint ("black-count", NULL, NULL, 0, 64, 2, flags);
  properties[PROP_WHITE_COUNT] =
    g_param_spec_uint ("white-count", NULL, NULL, 0, 64, 2, flags);
  properties[PROP_IS_OVER] =
    g_param_spec_boolean ("is-over", NULL, NULL, FALSE, flags);
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, flags);
  properties[PROP_CAN_REDO] =
    g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, flags);
  properties[PROP_N_MOVES] =
    g_param_spec_uint ("n-moves", NULL, NULL, 0, G_MAXUINT, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MmGame::move-played:
   * @color: who moved
   * @square: where the disc was placed (0 = a1 .. 63 = h8)
   * @flips: the discs turned over, as a bitboard
   */
  signals[MOVE_PLAYED] =
    g_signal_new ("move-played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, MM_TYPE_COLOR, G_TYPE_INT, G_TYPE_UINT64);

  /**
   * MmGame::passed:
   * @color: the side that had no move and passed
   */
  signals[PASSED] =
    g_signal_new ("passed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, MM_TYPE_COLOR);

  /**
   * MmGame::game-over:
   * @black_count: black discs on the board
   * @white_count: white discs on the board
   */
  signals[GAME_OVER] =
    g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  /**
   * MmGame::position-changed:
   *
   * The position changed other than by one move: a new game or an undo.
   * Views redraw it whole, without animation.
   */
  signals[POSITION_CHANGED] =
    g_signal_new ("position-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
mm_game_init (MmGame *self)
{
  self->history = g_array_new (FALSE, FALSE, sizeof (MmGameMove));
  self->redo = g_array_new (FALSE, FALSE, sizeof (int));
  mm_board_init_start (&self->start);
  self->start_side = MM_COLOR_BLACK;
  self->board = self->start;
  self->side_to_move = self->start_side;
}

MmGame *
mm_game_new (void)
{
  return g_object_new (MM_TYPE_GAME, NULL);
}

/* Back to the standard start position with an empty history. */
void
mm_game_restart (MmGame *self)
{
  MmGameState before;

  g_return_if_fail (MM_IS_GAME (self));

  before = mm_game_capture_state (self);
  mm_board_init_start (&self->start);
  self->start_side = MM_COLOR_BLACK;
  g_array_set_size (self->redo, 0);
  mm_game_replay (self, 0);

  g_signal_emit (self, signals[POSITION_CHANGED], 0);
  mm_game_notify_changes (self, &before);
}

/**
 * mm_game_play:
 * @square: 0 (a1) to 63 (h8)
 *
 * Plays @square for the side to move.  When the next side then has no move
 * it passes by itself (emitting #MmGame::passed), and when neither side can
 * move the game ends (#MmGame::game-over).  A new move clears the moves
 * that redo would have played.
 *
 * Returns: %FALSE with @error set, and the game unchanged, when the move is
 *   illegal
 */
gboolean
mm_game_play (MmGame  *self,
              int      square,
              GError **error)
{
  MmGameState before;
  guint64 flips = 0;

  g_return_val_if_fail (MM_IS_GAME (self), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!mm_game_check_move (self, square, &flips, error))
    return FALSE;

  before = mm_game_capture_state (self);
  g_array_set_size (self->redo, 0);
  mm_game_place (self, square, flips);
  mm_game_notify_changes (self, &before);

  return TRUE;
}

/**
 * mm_game_undo:
 *
 * Takes back the last disc placed, with the passes that followed it, so that
 * the side that placed it is to move again.
 *
 * Returns: %FALSE when there is nothing to undo
 */
gboolean
mm_game_undo (MmGame *self)
{
  MmGameState before;
  guint n_moves;
  const MmGameMove *move;

  g_return_val_if_fail (MM_IS_GAME (self), FALSE);

  if (!mm_game_can_undo (self))
    return FALSE;

  before = mm_game_capture_state (self);
  n_moves = self->history->len;
  while (g_array_index (self->history, MmGameMove, n_moves - 1).square == MM_SQUARE_PASS)
    n_moves--;
  move = &g_array_index (self->history, MmGameMove, n_moves - 1);
  g_array_append_vals (self->redo, &(int) { move->square }, 1);
  mm_game_replay (self, n_moves - 1);

  g_signal_emit (self, signals[POSITION_CHANGED], 0);
  mm_game_notify_changes (self, &before);

  return TRUE;
}

/**
 * mm_game_redo:
 *
 * Plays again the last move taken back, as #MmGame::move-played.
 *
 * Returns: %FALSE when there is nothing to redo
 */
gboolean
mm_game_redo (MmGame *self)
{
  MmGameState before;
  int square;
  guint64 flips;

  g_return_val_if_fail (MM_IS_GAME (self), FALSE);

  if (!mm_game_can_redo (self))
    return FALSE;

  before = mm_game_capture_state (self);
  square = g_array_index (self->redo, int, self->redo->len - 1);
  g_array_set_size (self->redo, self->redo->len - 1);
  flips = mm_board_flips (&self->board, square);
  g_assert (flips != 0);
  mm_game_place (self, square, flips);
  mm_game_notify_changes (self, &before);

  return TRUE;
}

/* The current position, relative to the side to move. */
MmBoard
mm_game_get_board (MmGame *self)
{
  g_return_val_if_fail (MM_IS_GAME (self), (MmBoard) { 0 });

  return self->board;
}

MmColor
mm_game_get_side_to_move (MmGame *self)
{
  g_return_val_if_fail (MM_IS_GAME (self), MM_COLOR_BLACK);

  return self->side_to_move;
}

static guint64
mm_game_discs_of (MmGame  *self,
                  MmColor  color)
{
  return color == self->side_to_move ? self->board.player : self->board.opponent;
}

MmDisc
mm_game_get_disc (MmGame *self,
                  int     square)
{
  guint64 bit;

  g_return_val_if_fail (MM_IS_GAME (self), MM_DISC_NONE);
  g_return_val_if_fail (mm_square_is_valid (square), MM_DISC_NONE);

  bit = G_GUINT64_CONSTANT (1) << square;
  if (mm_game_discs_of (self, MM_COLOR_BLACK) & bit)
    return MM_DISC_BLACK;
  if (mm_game_discs_of (self, MM_COLOR_WHITE) & bit)
    return MM_DISC_WHITE;
  return MM_DISC_NONE;
}

guint64
mm_game_get_legal_moves (MmGame *self)
{
  g_return_val_if_fail (MM_IS_GAME (self), 0);

  return mm_board_legal_moves (&self->board);
}

/* The discs a move on @square would flip now; 0 when it is not legal. */
guint64
mm_game_get_flips (MmGame *self,
                   int     square)
{
  g_return_val_if_fail (MM_IS_GAME (self), 0);
  g_return_val_if_fail (mm_square_is_valid (square), 0);

  if (!(mm_game_get_legal_moves (self) & (G_GUINT64_CONSTANT (1) << square)))
    return 0;
  return mm_board_flips (&self->board, square);
}

guint
mm_game_get_black_count (MmGame *self)
{
  g_return_val_if_fail (MM_IS_GAME (self), 0);

  return (guint) mm_popcount (mm_game_discs_of (self, MM_COLOR_BLACK));
}

guint
mm_game_get_white_count (MmGame *self)
{
  g_return_val_if_fail (MM_IS_GAME (self), 0);

  return (guint) mm_popcount (mm_game_discs_of (self, MM_COLOR_WHITE));
}

gboolean
mm_game_is_over (MmGame *self)
{
  g_return_val_if_fail (MM_IS_GAME (self), FALSE);

  return mm_board_is_game_over (&self->board);
}

/* The side with more discs, MM_DISC_NONE for a draw or a game not over. */
MmDisc
mm_game_get_winner (MmGame *self)
{
  guint black, white;

  g_return_val_if_fail (MM_IS_GAME (self), MM_DISC_NONE);

  if (!mm_game_is_over (self))
    return MM_DISC_NONE;

  black = mm_game_get_black_count (self);
  white = mm_game_get_white_count (self);
  if (black == white)
    return MM_DISC_NONE;
  return black > white ? MM_DISC_BLACK : MM_DISC_WHITE;
}

gboolean
mm_game_can_undo (MmGame *self)
{
  g_return_val_if_fail (MM_IS_GAME (self), FALSE);

  /* Passes alone are not undone: they were forced. */
  return mm_game_get_last_move (self) != MM_SQUARE_NONE;
}

gboolean
mm_game_can_redo (MmGame *self)
{
  g_return_val_if_fail (MM_IS_GAME (self), FALSE);

  return self->redo->len > 0;
}

/* The square of the last disc placed, or MM_SQUARE_NONE. */
int
mm_game_get_last_move (MmGame *self)
{
  g_return_val_if_fail (MM_IS_GAME (self), MM_SQUARE_NONE);

  for (guint i = self->history->len; i > 0; i--)
    {
      int square = g_array_index (self->history, MmGameMove, i - 1).square;

      if (square != MM_SQUARE_PASS)
        return square;
    }

  return MM_SQUARE_NONE;
}

/* The number of history entries, passes included. */
guint
mm_game_get_n_moves (MmGame *self)
{
  g_return_val_if_fail (MM_IS_GAME (self), 0);

  return self->history->len;
}

/**
 * mm_game_get_move:
 * @index: from 0 to mm_game_get_n_moves() - 1
 * @color: (out) (optional): who played it
 *
 * Returns: the square played, or MM_SQUARE_PASS
 */
int
mm_game_get_move (MmGame  *self,
                  guint    index,
                  MmColor *color)
{
  const MmGameMove *move;

  g_return_val_if_fail (MM_IS_GAME (self), MM_SQUARE_NONE);
  g_return_val_if_fail (index < self->history->len, MM_SQUARE_NONE);

  move = &g_array_index (self->history, MmGameMove, index);
  if (color != NULL)
    *color = (MmColor) move->color;
  return move->square;
}
