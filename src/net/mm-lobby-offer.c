/* mm-lobby-offer.c
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

#define G_LOG_DOMAIN "mm-lobby-offer"

#include "config.h"

#include "mm-lobby-offer.h"

struct _MmLobbyOffer
{
  GObject       parent_instance;

  char         *id;
  char         *by;
  MmLobbyColor  color;
  guint         base;
  guint         increment;
  gboolean      rated;
};

G_DEFINE_FINAL_TYPE (MmLobbyOffer, mm_lobby_offer, G_TYPE_OBJECT)

static void
mm_lobby_offer_finalize (GObject *object)
{
  MmLobbyOffer *self = MM_LOBBY_OFFER (object);

  g_free (self->id);
  g_free (self->by);

  G_OBJECT_CLASS (mm_lobby_offer_parent_class)->finalize (object);
}

static void
mm_lobby_offer_class_init (MmLobbyOfferClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = mm_lobby_offer_finalize;
}

static void
mm_lobby_offer_init (MmLobbyOffer *self)
{
}

/* The protocol's name of @color. */
const char *
mm_lobby_color_to_string (MmLobbyColor color)
{
  switch (color)
    {
    case MM_LOBBY_COLOR_BLACK:
      return "black";
    case MM_LOBBY_COLOR_WHITE:
      return "white";
    case MM_LOBBY_COLOR_RANDOM:
    default:
      return "random";
    }
}

static MmLobbyColor
mm_lobby_color_parse (const char *color)
{
  if (g_strcmp0 (color, "black") == 0)
    return MM_LOBBY_COLOR_BLACK;
  if (g_strcmp0 (color, "white") == 0)
    return MM_LOBBY_COLOR_WHITE;
  return MM_LOBBY_COLOR_RANDOM;
}

/* A seek ("seek" naming it) or a challenge ("challenge"), as the
 * protocol has it, already checked against its table. */
MmLobbyOffer *
mm_lobby_offer_new_from_json (JsonObject *offer,
                              const char *id_member)
{
  MmLobbyOffer *self = g_object_new (MM_TYPE_LOBBY_OFFER, NULL);

  self->id = g_strdup (json_object_get_string_member (offer, id_member));
  self->by = g_strdup (json_object_get_string_member (offer, "by"));
  self->color = mm_lobby_color_parse (json_object_get_string_member (offer, "color"));
  self->base = (guint) json_object_get_int_member (offer, "base");
  self->increment = (guint) json_object_get_int_member (offer, "increment");
  self->rated = json_object_get_boolean_member (offer, "rated");
  return self;
}

const char *
mm_lobby_offer_get_id (MmLobbyOffer *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_OFFER (self), NULL);
  return self->id;
}

const char *
mm_lobby_offer_get_by (MmLobbyOffer *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_OFFER (self), NULL);
  return self->by;
}

MmLobbyColor
mm_lobby_offer_get_color (MmLobbyOffer *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_OFFER (self), MM_LOBBY_COLOR_RANDOM);
  return self->color;
}

/* Seconds on each clock at the start. */
guint
mm_lobby_offer_get_base (MmLobbyOffer *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_OFFER (self), 0);
  return self->base;
}

/* Seconds added after each move. */
guint
mm_lobby_offer_get_increment (MmLobbyOffer *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_OFFER (self), 0);
  return self->increment;
}

gboolean
mm_lobby_offer_is_rated (MmLobbyOffer *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_OFFER (self), FALSE);
  return self->rated;
}
