/* mm-player.c
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

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-player.h"

G_DEFINE_INTERFACE (MmPlayer, mm_player, G_TYPE_OBJECT)

static gboolean
mm_player_real_is_local_person (MmPlayer *self)
{
  return FALSE;
}

static gboolean
mm_player_real_choose (MmPlayer *self,
                       int       square)
{
  return FALSE;
}

static void
mm_player_default_init (MmPlayerInterface *iface)
{
  iface->is_local_person = mm_player_real_is_local_person;
  iface->choose = mm_player_real_choose;

  g_object_interface_install_property (iface,
    g_param_spec_string (MM_PLAYER_PROP_DISPLAY_NAME, NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
  g_object_interface_install_property (iface,
    g_param_spec_boolean (MM_PLAYER_PROP_THINKING, NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_STATIC_STRINGS));
}

/* The name to show for the seat: a person's, or the program's and its
 * level. */
const char *
mm_player_get_display_name (MmPlayer *self)
{
  g_return_val_if_fail (MM_IS_PLAYER (self), NULL);

  return MM_PLAYER_GET_IFACE (self)->get_display_name (self);
}

gboolean
mm_player_is_local_person (MmPlayer *self)
{
  g_return_val_if_fail (MM_IS_PLAYER (self), FALSE);

  return MM_PLAYER_GET_IFACE (self)->is_local_person (self);
}

/* Whether the seat is working out a move now (for a spinner). */
gboolean
mm_player_get_thinking (MmPlayer *self)
{
  g_return_val_if_fail (MM_IS_PLAYER (self), FALSE);

  return MM_PLAYER_GET_IFACE (self)->get_thinking (self);
}

/**
 * mm_player_set_clock:
 * @clock: (nullable): the clock of the game the seat is in, or %NULL
 *
 * Tells a seat the game's clock, which a program uses to share out its
 * time; the match does this.  Seats that do not care ignore it.
 */
void
mm_player_set_clock (MmPlayer *self,
                     MmClock  *clock)
{
  MmPlayerInterface *iface;

  g_return_if_fail (MM_IS_PLAYER (self));
  g_return_if_fail (clock == NULL || MM_IS_CLOCK (clock));

  iface = MM_PLAYER_GET_IFACE (self);
  if (iface->set_clock != NULL)
    iface->set_clock (self, clock);
}

void
mm_player_request_move_async (MmPlayer            *self,
                              MmGameRecord        *record,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_return_if_fail (MM_IS_PLAYER (self));
  g_return_if_fail (record != NULL);
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  MM_PLAYER_GET_IFACE (self)->request_move_async (self, record, cancellable, callback,
                                                  user_data);
}

/* The square chosen (MM_SQUARE_PASS for a pass), or MM_SQUARE_NONE with
 * @error set. */
int
mm_player_request_move_finish (MmPlayer      *self,
                               GAsyncResult  *result,
                               GError       **error)
{
  g_return_val_if_fail (MM_IS_PLAYER (self), MM_SQUARE_NONE);
  g_return_val_if_fail (G_IS_ASYNC_RESULT (result), MM_SQUARE_NONE);

  return MM_PLAYER_GET_IFACE (self)->request_move_finish (self, result, error);
}

/* The person at this seat chose @square (already checked to be legal):
 * TRUE when it stands now, the request in progress answered with it;
 * FALSE when it waits for a confirmation, or the seat takes no choices
 * (it is not a person here, or it was not asked). */
gboolean
mm_player_choose (MmPlayer *self,
                  int       square)
{
  g_return_val_if_fail (MM_IS_PLAYER (self), FALSE);

  return MM_PLAYER_GET_IFACE (self)->choose (self, square);
}

int
mm_player_answer_square (int      square,
                         GError **error)
{
  if (square != MM_SQUARE_NONE)
    return square;
  g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                       _("The game is over: there is no move to choose."));
  return MM_SQUARE_NONE;
}
