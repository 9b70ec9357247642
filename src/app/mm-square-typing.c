/* mm-square-typing.c
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

/* Typing a square's name plays it, on any keyboard layout. */

#define G_LOG_DOMAIN "mm-square-typing"

#include "config.h"

#include "mm-board.h"
#include "mm-square-typing.h"

/* The square-name character (a-h, 1-8) a key gives: its own, or, on a
 * layout without Latin letters (Greek: the D key gives δ), the one it
 * gives in the keyboard's Latin layout, as GTK's shortcuts do. */
static guint32
square_character (GdkDisplay *display,
                  guint       keyval,
                  guint       keycode)
{
  guint32 character = gdk_keyval_to_unicode (gdk_keyval_to_lower (keyval));
  g_autofree GdkKeymapKey *keys = NULL;
  g_autofree guint *keyvals = NULL;
  int n_entries = 0;

  if ((character >= 'a' && character <= 'h') || (character >= '1' && character <= '8'))
    return character;

  if (!gdk_display_map_keycode (display, keycode, &keys, &keyvals, &n_entries))
    return character;
  for (int i = 0; i < n_entries; i++)
    {
      guint32 latin = gdk_keyval_to_unicode (gdk_keyval_to_lower (keyvals[i]));

      if (keys[i].level == 0 && latin >= 'a' && latin <= 'h')
        return latin;
    }
  return character;
}

void
mm_square_typing_reset (MmSquareTyping *self)
{
  g_return_if_fail (self != NULL);

  self->column = -1;
}

/**
 * mm_square_typing_key:
 * @square: (out): the square named, once its row is typed, or
 *   %MM_SQUARE_NONE
 *
 * Takes a key pressed on the board.
 *
 * Returns: whether the key was part of a square's name
 */
gboolean
mm_square_typing_key (MmSquareTyping  *self,
                      GdkDisplay      *display,
                      guint            keyval,
                      guint            keycode,
                      GdkModifierType  state,
                      int             *square)
{
  guint32 character;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (square != NULL, FALSE);

  *square = MM_SQUARE_NONE;
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK))
    return FALSE;

  character = square_character (display, keyval, keycode);
  if (character >= 'a' && character <= 'h')
    {
      self->column = (int) (character - 'a');
      return TRUE;
    }

  if (character >= '1' && character <= '8' && self->column >= 0)
    {
      *square = mm_square_at (self->column, (int) (character - '1'));
      self->column = -1;
      return TRUE;
    }

  self->column = -1;
  return FALSE;
}
