/* mm-lobby-player.c
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

#define G_LOG_DOMAIN "mm-lobby-player"

#include "config.h"

#include "mm-lobby-player.h"

struct _MmLobbyPlayer
{
  GObject        parent_instance;

  char          *name;
  gboolean       guest;
  MmLobbyStatus  status;
  /* -1 for a guest, who has no rating */
  int            rating;
  int            deviation;
};

enum
{
  PROP_0,
  PROP_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (MmLobbyPlayer, mm_lobby_player, G_TYPE_OBJECT)

static void
mm_lobby_player_finalize (GObject *object)
{
  MmLobbyPlayer *self = MM_LOBBY_PLAYER (object);

  g_free (self->name);

  G_OBJECT_CLASS (mm_lobby_player_parent_class)->finalize (object);
}

static void
mm_lobby_player_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  MmLobbyPlayer *self = MM_LOBBY_PLAYER (object);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, self->name);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_lobby_player_class_init (MmLobbyPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mm_lobby_player_finalize;
  object_class->get_property = mm_lobby_player_get_property;

  /* For sorters and filters of the list. */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL, G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
mm_lobby_player_init (MmLobbyPlayer *self)
{
}

static MmLobbyStatus
mm_lobby_status_parse (const char *status)
{
  if (g_strcmp0 (status, "playing") == 0)
    return MM_LOBBY_STATUS_PLAYING;
  if (g_strcmp0 (status, "watching") == 0)
    return MM_LOBBY_STATUS_WATCHING;
  if (g_strcmp0 (status, "away") == 0)
    return MM_LOBBY_STATUS_AWAY;
  return MM_LOBBY_STATUS_IDLE;
}

/* @player as the protocol has it, already checked against its table. */
MmLobbyPlayer *
mm_lobby_player_new_from_json (JsonObject *player)
{
  MmLobbyPlayer *self = g_object_new (MM_TYPE_LOBBY_PLAYER, NULL);

  self->name = g_strdup (json_object_get_string_member (player, "name"));
  self->guest = json_object_get_boolean_member (player, "guest");
  self->status = mm_lobby_status_parse (json_object_get_string_member (player, "status"));
  self->rating = json_object_get_int_member_with_default (player, "rating", -1);
  self->deviation = json_object_get_int_member_with_default (player, "deviation", -1);
  return self;
}

const char *
mm_lobby_player_get_name (MmLobbyPlayer *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_PLAYER (self), NULL);
  return self->name;
}

gboolean
mm_lobby_player_is_guest (MmLobbyPlayer *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_PLAYER (self), TRUE);
  return self->guest;
}

MmLobbyStatus
mm_lobby_player_get_status (MmLobbyPlayer *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_PLAYER (self), MM_LOBBY_STATUS_IDLE);
  return self->status;
}

/* The rating, or -1 for a guest. */
int
mm_lobby_player_get_rating (MmLobbyPlayer *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_PLAYER (self), -1);
  return self->rating;
}

int
mm_lobby_player_get_deviation (MmLobbyPlayer *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_PLAYER (self), -1);
  return self->deviation;
}
