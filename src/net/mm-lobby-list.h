/* mm-lobby-list.h
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

#include <gio/gio.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

/* One of the lobby's lists as a client follows it: the snapshot that the
 * server sends in pages after a subscription, then each change as it
 * comes, kept as a GListModel for GTK's lists to show. */

typedef enum
{
  MM_LOBBY_TOPIC_PLAYERS,
  MM_LOBBY_TOPIC_SEEKS,
  MM_LOBBY_TOPIC_GAMES,
} MmLobbyTopic;

#define MM_TYPE_LOBBY_LIST (mm_lobby_list_get_type ())

G_DECLARE_FINAL_TYPE (MmLobbyList, mm_lobby_list, MM, LOBBY_LIST, GObject)

MmLobbyList *mm_lobby_list_new            (MmLobbyTopic  topic);
const char  *mm_lobby_list_get_topic_name (MmLobbyList  *self);
GListModel  *mm_lobby_list_get_model      (MmLobbyList  *self);
void         mm_lobby_list_take_page      (MmLobbyList  *self,
                                           JsonObject   *page);
void         mm_lobby_list_drop_snapshot  (MmLobbyList  *self);
void         mm_lobby_list_put            (MmLobbyList  *self,
                                           JsonObject   *entry);
void         mm_lobby_list_remove         (MmLobbyList  *self,
                                           const char   *key);
gpointer     mm_lobby_list_lookup         (MmLobbyList  *self,
                                           const char   *key);

G_END_DECLS
