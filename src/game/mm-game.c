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

/* The object: its properties and signals, playing a move (and the pass
 * it may force), the position and the players' names.  The history,
 * undo and redo are in mm-game-history.c; the start position, records
 * and results in mm-game-records.c. */

#define G_LOG_DOMAIN "mm-game"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-game-private.h"

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

static GParamSpec *properties[N_PROPS];
guint mm_game_signals[MM_GAME_N_SIGNALS];

G_DEFINE_QUARK (mm-game-error-quark, mm_game_error)

MmGameState
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

void
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

void
mm_game_move_clear (gpointer data)
{
  MmGameMove *move = data;

  g_clear_pointer (&move->eval, g_free);
  g_clear_pointer (&move->time, g_free);
}

void
mm_game_append (MmGame *self,
                int     square)
{
  MmGameMove move = { .square = (gint8) square, .color = (guint8) self->side_to_move };

  g_array_append_val (self->history, move);
}

/* A result read from a file stops being true once the game changes. */
void
mm_game_forget_result (MmGame *self)
{
  mm_game_record_set_tag (self->info, MM_RECORD_TAG_RESULT, NULL, NULL);
}

/* Replaces the tags before the position's signals, so that those who
 * follow them read the new game's result; the old tags are returned for
 * mm_game_notify_names(). */
MmGameRecord *
mm_game_take_info (MmGame       *self,
                   MmGameRecord *info)
{
  MmGameRecord *old = g_steal_pointer (&self->info);

  self->info = info;
  return old;
}

/* Notifies the player names that changed from @old (taken). */
void
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
void
mm_game_place (MmGame  *self,
               int      square,
               guint64  flips)
{
  MmColor mover = self->side_to_move;

  mm_board_apply (&self->board, square, flips);
  mm_game_append (self, square);
  self->side_to_move = mm_color_other (mover);

  g_signal_emit (self, mm_game_signals[MM_GAME_SIGNAL_MOVE_PLAYED], 0, mover, square, flips);

  if (mm_board_is_game_over (&self->board))
    {
      g_signal_emit (self, mm_game_signals[MM_GAME_SIGNAL_GAME_OVER], 0,
                     mm_game_get_black_count (self), mm_game_get_white_count (self));
      return;
    }

  if (!mm_board_can_move (&self->board))
    {
      MmColor passer = self->side_to_move;

      mm_board_pass (&self->board);
      mm_game_append (self, MM_SQUARE_PASS);
      self->side_to_move = mm_color_other (passer);
      g_signal_emit (self, mm_game_signals[MM_GAME_SIGNAL_PASSED], 0, passer);
    }
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
  mm_game_signals[MM_GAME_SIGNAL_MOVE_PLAYED] =
    g_signal_new ("move-played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, MM_TYPE_COLOR, G_TYPE_INT, G_TYPE_UINT64);

  /**
   * MmGame::passed:
   * @color: the side that had no move and passed
   */
  mm_game_signals[MM_GAME_SIGNAL_PASSED] =
    g_signal_new ("passed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, MM_TYPE_COLOR);

  /**
   * MmGame::game-over:
   * @black_count: black discs on the board
   * @white_count: white discs on the board
   */
  mm_game_signals[MM_GAME_SIGNAL_GAME_OVER] =
    g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);

  /**
   * MmGame::position-changed:
   *
   * The position changed other than by one move: a new game, an undo or
   * a loaded record.  Views redraw it whole, without animation.
   */
  mm_game_signals[MM_GAME_SIGNAL_POSITION_CHANGED] =
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
  g_signal_emit (self, mm_game_signals[MM_GAME_SIGNAL_POSITION_CHANGED], 0);
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
