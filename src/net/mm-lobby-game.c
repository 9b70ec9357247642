/* mm-lobby-game.c
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

#define G_LOG_DOMAIN "mm-lobby-game"

#include "config.h"

#include "mm-lobby-game.h"

struct _MmLobbyGame
{
  GObject   parent_instance;

  char     *id;
  char     *black;
  char     *white;
  guint     base;
  guint     increment;
  gboolean  rated;
};

G_DEFINE_FINAL_TYPE (MmLobbyGame, mm_lobby_game, G_TYPE_OBJECT)

static void
mm_lobby_game_finalize (GObject *object)
{
  MmLobbyGame *self = MM_LOBBY_GAME (object);

  g_free (self->id);
  g_free (self->black);
  g_free (self->white);

  G_OBJECT_CLASS (mm_lobby_game_parent_class)->finalize (object);
}

static void
mm_lobby_game_class_init (MmLobbyGameClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = mm_lobby_game_finalize;
}

static void
mm_lobby_game_init (MmLobbyGame *self)
{
}

/* A "game-added" or an entry of "games", already checked against the
 * protocol's table. */
MmLobbyGame *
mm_lobby_game_new_from_json (JsonObject *game)
{
  MmLobbyGame *self = g_object_new (MM_TYPE_LOBBY_GAME, NULL);

  self->id = g_strdup (json_object_get_string_member (game, "game"));
  self->black = g_strdup (json_object_get_string_member (game, "black"));
  self->white = g_strdup (json_object_get_string_member (game, "white"));
  self->base = (guint) json_object_get_int_member (game, "base");
  self->increment = (guint) json_object_get_int_member (game, "increment");
  self->rated = json_object_get_boolean_member (game, "rated");
  return self;
}

const char *
mm_lobby_game_get_id (MmLobbyGame *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_GAME (self), NULL);
  return self->id;
}

const char *
mm_lobby_game_get_black (MmLobbyGame *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_GAME (self), NULL);
  return self->black;
}

const char *
mm_lobby_game_get_white (MmLobbyGame *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_GAME (self), NULL);
  return self->white;
}

guint
mm_lobby_game_get_base (MmLobbyGame *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_GAME (self), 0);
  return self->base;
}

guint
mm_lobby_game_get_increment (MmLobbyGame *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_GAME (self), 0);
  return self->increment;
}

gboolean
mm_lobby_game_is_rated (MmLobbyGame *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_GAME (self), FALSE);
  return self->rated;
}
