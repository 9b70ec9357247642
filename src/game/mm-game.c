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

#include <string.h>

#include "mm-game.h"

/* One entry of the history: a disc placed, or a pass (MM_SQUARE_PASS),
 * with the evaluation and time a loaded record gave it, if any. */
typedef struct
{
  gint8   square;
  guint8  color;
  char   *eval;
  char   *time;
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
   * that redo plays again: a stack of MmGameMove, each disc on top of
   * the passes that followed it, so that their evaluations and times
   * come back with them. */
  GArray  *history;
  GArray  *redo;

  /* The tags of the game record (players, date, place, result ...), in
   * their order; only the tags of this record are used. */
  MmGameRecord *info;
  /* When the game was started, for the date of a record. */
  gint64   started;
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
  PROP_BLACK_PLAYER,
  PROP_WHITE_PLAYER,
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
mm_game_move_clear (gpointer data)
{
  MmGameMove *move = data;

  g_clear_pointer (&move->eval, g_free);
  g_clear_pointer (&move->time, g_free);
}

static void
mm_game_append (MmGame *self,
                int     square)
{
  MmGameMove move = { .square = (gint8) square, .color = (guint8) self->side_to_move };

  g_array_append_val (self->history, move);
}

/* A result read from a file stops being true once the game changes. */
static void
mm_game_forget_result (MmGame *self)
{
  mm_game_record_set_tag (self->info, MM_RECORD_TAG_RESULT, NULL, NULL);
}

/* Replaces the tags before the position's signals, so that those who
 * follow them read the new game's result; the old tags are returned for
 * mm_game_notify_names(). */
static MmGameRecord *
mm_game_take_info (MmGame       *self,
                   MmGameRecord *info)
{
  MmGameRecord *old = g_steal_pointer (&self->info);

  self->info = info;
  return old;
}

/* Notifies the player names that changed from @old (taken). */
static void
mm_game_notify_names (MmGame       *self,
                      MmGameRecord *old)
{
  g_autoptr(MmGameRecord) before = old;

  if (g_strcmp0 (mm_game_record_get_tag (before, MM_RECORD_TAG_BLACK),
                 mm_game_record_get_tag (self->info, MM_RECORD_TAG_BLACK)) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BLACK_PLAYER]);
  if (g_strcmp0 (mm_game_record_get_tag (before, MM_RECORD_TAG_WHITE),
                 mm_game_record_get_tag (self->info, MM_RECORD_TAG_WHITE)) != 0)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_WHITE_PLAYER]);
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

  if (mm_board_is_game_over (&self->board))
    {
      g_set_error (error, MM_GAME_ERROR, MM_GAME_ERROR_GAME_OVER,
                   _("The game is over; no more moves can be played"));
      return FALSE;
    }
  if (!(mm_board_empties (&self->board) & (G_GUINT64_CONSTANT (1) << square)))
    {
      /* Translators: %s is a square name such as d3 */
      g_set_error (error, MM_GAME_ERROR, MM_GAME_ERROR_OCCUPIED,
                   _("%s is not empty"), name);
      return FALSE;
    }

  *flips = mm_board_flips (&self->board, square);
  if (*flips == 0)
    {
      /* Translators: %s is a square name such as d3 */
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
  g_clear_pointer (&self->info, mm_game_record_unref);

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

    case PROP_BLACK_PLAYER:
      g_value_set_string (value, mm_game_get_player_name (self, MM_COLOR_BLACK));
      break;

    case PROP_WHITE_PLAYER:
      g_value_set_string (value, mm_game_get_player_name (self, MM_COLOR_WHITE));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_game_set_property (GObject      *object,
                      guint         prop_id,
                      const GValue *value,
                      GParamSpec   *pspec)
{
  MmGame *self = MM_GAME (object);

  switch (prop_id)
    {
    case PROP_BLACK_PLAYER:
      mm_game_set_player_name (self, MM_COLOR_BLACK, g_value_get_string (value));
      break;

    case PROP_WHITE_PLAYER:
      mm_game_set_player_name (self, MM_COLOR_WHITE, g_value_get_string (value));
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
  object_class->set_property = mm_game_set_property;

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
  /* The players' names, as records keep them; %NULL when unknown. */
  properties[PROP_BLACK_PLAYER] =
    g_param_spec_string ("black-player", NULL, NULL, NULL,
                         flags | G_PARAM_WRITABLE);
  properties[PROP_WHITE_PLAYER] =
    g_param_spec_string ("white-player", NULL, NULL, NULL,
                         flags | G_PARAM_WRITABLE);
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
   * The position changed other than by one move: a new game, an undo or
   * a loaded record.  Views redraw it whole, without animation.
   */
  signals[POSITION_CHANGED] =
    g_signal_new ("position-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
mm_game_init (MmGame *self)
{
  self->history = g_array_new (FALSE, TRUE, sizeof (MmGameMove));
  g_array_set_clear_func (self->history, mm_game_move_clear);
  self->redo = g_array_new (FALSE, TRUE, sizeof (MmGameMove));
  g_array_set_clear_func (self->redo, mm_game_move_clear);
  self->info = mm_game_record_new ();
  self->started = g_get_real_time ();
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
  MmGameRecord *old_info;
  MmGameState before;

  g_return_if_fail (MM_IS_GAME (self));

  before = mm_game_capture_state (self);
  mm_board_init_start (&self->start);
  self->start_side = MM_COLOR_BLACK;
  g_array_set_size (self->redo, 0);
  mm_game_replay (self, 0);
  self->started = g_get_real_time ();

  old_info = mm_game_take_info (self, mm_game_record_new ());
  g_signal_emit (self, signals[POSITION_CHANGED], 0);
  mm_game_notify_changes (self, &before);
  mm_game_notify_names (self, old_info);
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
  mm_game_forget_result (self);
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

  g_return_val_if_fail (MM_IS_GAME (self), FALSE);

  if (!mm_game_can_undo (self))
    return FALSE;

  before = mm_game_capture_state (self);
  n_moves = self->history->len;
  while (g_array_index (self->history, MmGameMove, n_moves - 1).square == MM_SQUARE_PASS)
    n_moves--;
  /* The passes first, the disc on top; the strings move to the stack. */
  for (guint i = self->history->len; i-- > n_moves - 1;)
    {
      MmGameMove *move = &g_array_index (self->history, MmGameMove, i);

      g_array_append_val (self->redo, *move);
      move->eval = move->time = NULL;
    }
  mm_game_forget_result (self);
  mm_game_replay (self, n_moves - 1);

  g_signal_emit (self, signals[POSITION_CHANGED], 0);
  mm_game_notify_changes (self, &before);

  return TRUE;
}

/* Gives the moves placed from @first on (a disc and the passes that
 * followed it) the evaluations and times they had before undo, taking
 * them off the redo stack. */
static void
mm_game_restore_notes (MmGame *self,
                       guint   first)
{
  for (guint i = first; i < self->history->len && self->redo->len > 0; i++)
    {
      MmGameMove *move = &g_array_index (self->history, MmGameMove, i);
      MmGameMove *saved = &g_array_index (self->redo, MmGameMove, self->redo->len - 1);

      if (saved->square != move->square)
        break;
      move->eval = g_steal_pointer (&saved->eval);
      move->time = g_steal_pointer (&saved->time);
      g_array_set_size (self->redo, self->redo->len - 1);
    }
  /* Passes that did not come again (they always do) must not be redone
   * as a disc. */
  while (self->redo->len > 0
         && g_array_index (self->redo, MmGameMove, self->redo->len - 1).square == MM_SQUARE_PASS)
    g_array_set_size (self->redo, self->redo->len - 1);
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
  guint first;

  g_return_val_if_fail (MM_IS_GAME (self), FALSE);

  if (!mm_game_can_redo (self))
    return FALSE;

  before = mm_game_capture_state (self);
  square = g_array_index (self->redo, MmGameMove, self->redo->len - 1).square;
  flips = mm_board_flips (&self->board, square);
  g_assert (flips != 0);
  mm_game_forget_result (self);
  first = self->history->len;
  mm_game_place (self, square, flips);
  mm_game_restore_notes (self, first);
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

/* Sets the position that starts the game, passing at once for a side
 * to move that has no move. */
static void
mm_game_set_start (MmGame        *self,
                   const MmBoard *start,
                   MmColor        side_to_move)
{
  self->start = *start;
  self->start_side = side_to_move;
  g_array_set_size (self->redo, 0);
  mm_game_replay (self, 0);
  self->started = g_get_real_time ();
}

/**
 * mm_game_restart_from:
 * @start: the position, relative to @side_to_move (the discs of the side
 *   to move in @start->player)
 *
 * Starts a new game, with no history and no tags, from any position: a
 * board pasted or loaded, or a puzzle.  When the side to move has no
 * move it passes at once (#MmGame::passed after
 * #MmGame::position-changed); a position where neither side can move is
 * a game that is over.
 */
void
mm_game_restart_from (MmGame        *self,
                      const MmBoard *start,
                      MmColor        side_to_move)
{
  MmGameRecord *old_info;
  MmGameState before;

  g_return_if_fail (MM_IS_GAME (self));
  g_return_if_fail (start != NULL);
  g_return_if_fail ((start->player & start->opponent) == 0);
  g_return_if_fail (side_to_move == MM_COLOR_BLACK || side_to_move == MM_COLOR_WHITE);

  before = mm_game_capture_state (self);
  mm_game_set_start (self, start, side_to_move);

  old_info = mm_game_take_info (self, mm_game_record_new ());
  g_signal_emit (self, signals[POSITION_CHANGED], 0);
  if (!mm_board_can_move (&self->board) && !mm_board_is_game_over (&self->board))
    {
      MmColor passer = self->side_to_move;

      mm_board_pass (&self->board);
      mm_game_append (self, MM_SQUARE_PASS);
      self->side_to_move = mm_color_other (passer);
      g_signal_emit (self, signals[PASSED], 0, passer);
    }
  mm_game_notify_changes (self, &before);
  mm_game_notify_names (self, old_info);
}

/**
 * mm_game_get_start:
 * @start: (out) (optional): the position the game started from, relative
 *   to @side_to_move
 * @side_to_move: (out) (optional): who was to move there
 */
void
mm_game_get_start (MmGame  *self,
                   MmBoard *start,
                   MmColor *side_to_move)
{
  g_return_if_fail (MM_IS_GAME (self));

  if (start != NULL)
    *start = self->start;
  if (side_to_move != NULL)
    *side_to_move = self->start_side;
}

/**
 * mm_game_load_record:
 *
 * Replaces the game with the one in @record: its start, its moves (which
 * undo can take back one by one, so that the game can go on from any of
 * them), its evaluations and times, and its tags (the players among
 * them).  The moves are played again with the engine's rules; the
 * passes they force are added where the record leaves them out.  Emits
 * #MmGame::position-changed once.
 *
 * Returns: %FALSE with @error set, and the game untouched, when a move of
 *   the record is not legal (the error names the move)
 */
gboolean
mm_game_load_record (MmGame        *self,
                     MmGameRecord  *record,
                     GError       **error)
{
  g_autoptr(GArray) history = NULL;
  MmGameRecord *info, *old_info;
  MmGameState before;
  MmBoard board;
  MmColor start_side, side;
  guint64 black, white;
  guint number = 0;

  g_return_val_if_fail (MM_IS_GAME (self), FALSE);
  g_return_val_if_fail (record != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  mm_game_record_get_start (record, &black, &white, &start_side);
  side = start_side;
  mm_board_from_colors (&board, black, white, side);
  history = g_array_new (FALSE, TRUE, sizeof (MmGameMove));
  g_array_set_clear_func (history, mm_game_move_clear);

  for (guint i = 0; i <= mm_game_record_get_n_moves (record); i++)
    {
      MmColor color = side;
      const char *eval = NULL, *time = NULL;
      int square = MM_SQUARE_PASS;
      gboolean forced_pass = !mm_board_can_move (&board) && !mm_board_is_game_over (&board);
      MmGameMove move;

      if (i < mm_game_record_get_n_moves (record))
        square = mm_game_record_get_move (record, i, &color, &eval, &time);
      else if (!forced_pass)
        break;

      /* A pass the record leaves out, as the game would make it. */
      if (forced_pass && square != MM_SQUARE_PASS)
        {
          MmGameMove pass = { .square = MM_SQUARE_PASS, .color = (guint8) side };

          g_array_append_val (history, pass);
          mm_board_pass (&board);
          side = mm_color_other (side);
          forced_pass = FALSE;
        }

      if (square == MM_SQUARE_PASS ? (!forced_pass || color != side)
          : (color != side || !mm_square_is_valid (square)
             || !(mm_board_empties (&board) & (G_GUINT64_CONSTANT (1) << square))
             || mm_board_flips (&board, square) == 0))
        {
          g_set_error (error, MM_GAME_ERROR, MM_GAME_ERROR_ILLEGAL_RECORD,
                       /* Translators: %u is the number of a move in a game record */
                       _("Move %u of the game record is not legal"), number + 1);
          return FALSE;
        }

      if (square == MM_SQUARE_PASS)
        mm_board_pass (&board);
      else
        {
          mm_board_play (&board, square);
          number++;
        }
      move.square = (gint8) square;
      move.color = (guint8) side;
      move.eval = g_strdup (eval);
      move.time = g_strdup (time);
      g_array_append_val (history, move);
      side = mm_color_other (side);
    }

  before = mm_game_capture_state (self);
  mm_board_from_colors (&self->start, black, white, start_side);
  self->start_side = start_side;
  g_array_set_size (self->redo, 0);
  g_clear_pointer (&self->history, g_array_unref);
  self->history = g_steal_pointer (&history);
  self->board = board;
  self->side_to_move = side;
  self->started = g_get_real_time ();

  info = mm_game_record_new ();
  for (guint i = 0; i < mm_game_record_get_n_tags (record); i++)
    {
      const char *name;
      const char *value = mm_game_record_get_nth_tag (record, i, &name);

      mm_game_record_set_tag (info, name, value, NULL);
    }
  old_info = mm_game_take_info (self, info);

  g_signal_emit (self, signals[POSITION_CHANGED], 0);
  mm_game_notify_changes (self, &before);
  mm_game_notify_names (self, old_info);

  return TRUE;
}

/**
 * mm_game_to_record:
 *
 * The game as a record, to save or copy: its start, its moves with
 * their passes (and the evaluations and times of loaded moves) and its
 * tags, plus the place (PC) and date (DT) when it has none, the type
 * (TY[8]) and, for a game that is over, the result (RE).
 *
 * Returns: (transfer full): a new record
 */
MmGameRecord *
mm_game_to_record (MmGame *self)
{
  MmGameRecord *record;
  guint64 black, white;
  g_autofree char *result = NULL;

  g_return_val_if_fail (MM_IS_GAME (self), NULL);

  black = self->start_side == MM_COLOR_BLACK ? self->start.player : self->start.opponent;
  white = self->start_side == MM_COLOR_BLACK ? self->start.opponent : self->start.player;
  record = mm_game_record_new_from_position (black, white, self->start_side);

  for (guint i = 0; i < mm_game_record_get_n_tags (self->info); i++)
    {
      const char *name;
      const char *value = mm_game_record_get_nth_tag (self->info, i, &name);

      mm_game_record_set_tag (record, name, value, NULL);
    }
  if (mm_game_record_get_tag (record, MM_RECORD_TAG_PLACE) == NULL)
    mm_game_record_set_tag (record, MM_RECORD_TAG_PLACE, "Monomachia", NULL);
  if (mm_game_record_get_tag (record, MM_RECORD_TAG_DATE) == NULL)
    {
      g_autoptr(GDateTime) date = g_date_time_new_from_unix_utc (self->started / G_USEC_PER_SEC);
      g_autofree char *text = g_date_time_format (date, "%Y.%m.%d_%H:%M:%S.UTC");

      mm_game_record_set_tag (record, MM_RECORD_TAG_DATE, text, NULL);
    }
  if (mm_game_record_get_tag (record, MM_RECORD_TAG_TYPE) == NULL)
    mm_game_record_set_tag (record, MM_RECORD_TAG_TYPE, "8", NULL);

  for (guint i = 0; i < self->history->len; i++)
    {
      const MmGameMove *move = &g_array_index (self->history, MmGameMove, i);
      g_autoptr(GError) error = NULL;

      if (!mm_game_record_play_as (record, (MmColor) move->color, move->square,
                                   move->eval, move->time, &error))
        g_critical ("The history of a game does not make a record: %s", error->message);
    }

  result = mm_game_record_format_result (record);
  if (result != NULL)
    mm_game_record_set_tag (record, MM_RECORD_TAG_RESULT, result, NULL);

  return record;
}

/* GGF's result of a game lost on time or by resignation: the loser's
 * colour gets every disc, and the flag ("t" or "r") says why. */
#define LOSS_BLACK "-64.00:"
#define LOSS_WHITE "+64.00:"

static void
mm_game_set_loss (MmGame     *self,
                  MmColor     loser,
                  const char *flag)
{
  g_autofree char *result = g_strconcat (loser == MM_COLOR_BLACK ? LOSS_BLACK : LOSS_WHITE,
                                         flag, NULL);

  mm_game_record_set_tag (self->info, MM_RECORD_TAG_RESULT, result, NULL);
}

/* Whether the recorded result is a loss with @flag, on a board where
 * play could go on (a finished board's discs decide). */
static gboolean
mm_game_get_loss (MmGame     *self,
                  const char *flag,
                  MmColor    *loser)
{
  const char *result = mm_game_record_get_tag (self->info, MM_RECORD_TAG_RESULT);

  if (result == NULL || mm_game_is_over (self) || strlen (result) <= strlen (flag)
      || !g_str_has_suffix (result, flag) || result[strlen (result) - strlen (flag) - 1] != ':')
    return FALSE;
  if (loser != NULL)
    *loser = result[0] == '-' ? MM_COLOR_BLACK : MM_COLOR_WHITE;
  return TRUE;
}

/**
 * mm_game_set_lost_on_time:
 * @loser: the side whose time ran out
 *
 * Records that @loser ran out of time, so that the game's record says so
 * (RE[-64.00:t] when Black lost, as GGS writes it).  Any later change of
 * the position forgets it, as it forgets a loaded result.
 */
void
mm_game_set_lost_on_time (MmGame  *self,
                          MmColor  loser)
{
  g_return_if_fail (MM_IS_GAME (self));

  mm_game_set_loss (self, loser, "t");
}

/**
 * mm_game_get_lost_on_time:
 * @loser: (out) (optional): the side whose time ran out
 *
 * Whether the game was lost on time, as set by mm_game_set_lost_on_time()
 * or read from a record (a result with the flag "t").
 */
gboolean
mm_game_get_lost_on_time (MmGame  *self,
                          MmColor *loser)
{
  g_return_val_if_fail (MM_IS_GAME (self), FALSE);

  return mm_game_get_loss (self, "t", loser);
}

/**
 * mm_game_set_resigned:
 * @loser: the side that resigned
 *
 * Records that @loser resigned (RE[-64.00:r] when Black did, as GGS
 * writes it); like a loss on time, a later change of the position
 * forgets it.
 */
void
mm_game_set_resigned (MmGame  *self,
                      MmColor  loser)
{
  g_return_if_fail (MM_IS_GAME (self));

  mm_game_set_loss (self, loser, "r");
}

/**
 * mm_game_get_resigned:
 * @loser: (out) (optional): the side that resigned
 *
 * Whether a side resigned, as set by mm_game_set_resigned() or read from
 * a record (a result with the flag "r").
 */
gboolean
mm_game_get_resigned (MmGame  *self,
                      MmColor *loser)
{
  g_return_val_if_fail (MM_IS_GAME (self), FALSE);

  return mm_game_get_loss (self, "r", loser);
}

/**
 * mm_game_get_position_at:
 * @n_moves: how many moves of the game, from its start
 * @last_move: (out): the last disc placed to reach it, or MM_SQUARE_NONE
 *
 * The position after the first @n_moves moves (all of them when there are
 * fewer): an earlier position of the game, to show or to analyse.
 */
void
mm_game_get_position_at (MmGame  *self,
                         guint    n_moves,
                         guint64 *black,
                         guint64 *white,
                         MmColor *side,
                         int     *last_move)
{
  MmBoard board;
  MmColor color;

  g_return_if_fail (MM_IS_GAME (self));

  board = self->start;
  color = self->start_side;
  *last_move = MM_SQUARE_NONE;
  for (guint i = 0; i < n_moves && i < self->history->len; i++)
    {
      int square = g_array_index (self->history, MmGameMove, i).square;

      if (square == MM_SQUARE_PASS)
        mm_board_pass (&board);
      else
        {
          mm_board_play (&board, square);
          *last_move = square;
        }
      color = mm_color_other (color);
    }

  *side = color;
  *black = color == MM_COLOR_BLACK ? board.player : board.opponent;
  *white = color == MM_COLOR_BLACK ? board.opponent : board.player;
}

/**
 * mm_game_check_play:
 * @square: 0 (a1) to 63 (h8)
 *
 * Whether mm_game_play() would take @square, without playing it: %FALSE
 * with the same error otherwise.
 */
gboolean
mm_game_check_play (MmGame  *self,
                    int      square,
                    GError **error)
{
  guint64 flips;

  g_return_val_if_fail (MM_IS_GAME (self), FALSE);

  return mm_game_check_move (self, square, &flips, error);
}

/* The name of the player of @color, or %NULL when it is not known. */
const char *
mm_game_get_player_name (MmGame  *self,
                         MmColor  color)
{
  g_return_val_if_fail (MM_IS_GAME (self), NULL);

  return mm_game_record_get_tag (self->info, color == MM_COLOR_BLACK ? MM_RECORD_TAG_BLACK
                                                                     : MM_RECORD_TAG_WHITE);
}

/**
 * mm_game_set_player_name:
 * @name: (nullable): the name; %NULL or "" when it is not known
 */
void
mm_game_set_player_name (MmGame     *self,
                         MmColor     color,
                         const char *name)
{
  const char *tag = color == MM_COLOR_BLACK ? MM_RECORD_TAG_BLACK : MM_RECORD_TAG_WHITE;
  g_autoptr(GError) error = NULL;

  g_return_if_fail (MM_IS_GAME (self));

  if (name != NULL && *name == '\0')
    name = NULL;
  if (g_strcmp0 (name, mm_game_record_get_tag (self->info, tag)) == 0)
    return;

  if (!mm_game_record_set_tag (self->info, tag, name, &error))
    {
      g_warning ("Cannot keep the name of a player: %s", error->message);
      return;
    }
  g_object_notify_by_pspec (G_OBJECT (self),
                            properties[color == MM_COLOR_BLACK ? PROP_BLACK_PLAYER
                                                               : PROP_WHITE_PLAYER]);
}
