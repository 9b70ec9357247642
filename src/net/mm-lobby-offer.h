/* mm-lobby-offer.h
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

#pragma once

#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* A game someone offers: an open seek in the lobby's list, or a
 * challenge to the person here.  The colour is the offerer's (random
 * when they let the server toss); a base and increment of 0 are an
 * untimed game. */

typedef enum
{
  MM_LOBBY_COLOR_BLACK,
  MM_LOBBY_COLOR_WHITE,
  MM_LOBBY_COLOR_RANDOM,
} MmLobbyColor;

#define MM_TYPE_LOBBY_OFFER (mm_lobby_offer_get_type ())

G_DECLARE_FINAL_TYPE (MmLobbyOffer, mm_lobby_offer, MM, LOBBY_OFFER, GObject)

MmLobbyOffer *mm_lobby_offer_new_from_json  (JsonObject   *offer,
                                             const char   *id_member);
const char   *mm_lobby_offer_get_id         (MmLobbyOffer *self);
const char   *mm_lobby_offer_get_by         (MmLobbyOffer *self);
MmLobbyColor  mm_lobby_offer_get_color      (MmLobbyOffer *self);
guint         mm_lobby_offer_get_base       (MmLobbyOffer *self);
guint         mm_lobby_offer_get_increment  (MmLobbyOffer *self);
gboolean      mm_lobby_offer_is_rated       (MmLobbyOffer *self);

const char   *mm_lobby_color_to_string      (MmLobbyColor  color);

G_END_DECLS
