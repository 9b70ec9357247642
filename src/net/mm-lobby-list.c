/* mm-lobby-list.c
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

#include "mm-lobby-game.h"
#include "mm-lobby-list.h"
#include "mm-lobby-offer.h"
#include "mm-lobby-player.h"

struct _MmLobbyList
{
  GObject       parent_instance;

  MmLobbyTopic  topic;
  GListStore   *store;
  /* A snapshot's pages, until its last */
  GPtrArray    *snapshot;
};

G_DEFINE_FINAL_TYPE (MmLobbyList, mm_lobby_list, G_TYPE_OBJECT)

static void
mm_lobby_list_finalize (GObject *object)
{
  MmLobbyList *self = MM_LOBBY_LIST (object);

  g_object_unref (self->store);
  g_clear_pointer (&self->snapshot, g_ptr_array_unref);

  G_OBJECT_CLASS (mm_lobby_list_parent_class)->finalize (object);
}

static void
mm_lobby_list_class_init (MmLobbyListClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = mm_lobby_list_finalize;
}

static void
mm_lobby_list_init (MmLobbyList *self)
{
}

MmLobbyList *
mm_lobby_list_new (MmLobbyTopic topic)
{
  MmLobbyList *self = g_object_new (MM_TYPE_LOBBY_LIST, NULL);
  self->topic = topic;
  switch (topic)
    {
    case MM_LOBBY_TOPIC_PLAYERS:
      self->store = g_list_store_new (MM_TYPE_LOBBY_PLAYER);
      break;
    case MM_LOBBY_TOPIC_SEEKS:
      self->store = g_list_store_new (MM_TYPE_LOBBY_OFFER);
      break;
    case MM_LOBBY_TOPIC_GAMES:
    default:
      self->store = g_list_store_new (MM_TYPE_LOBBY_GAME);
      break;
    }
  return self;
}

/* The topic's name in the protocol: what a client subscribes to, and the
 * member of a snapshot's page that holds the entries. */
const char *
mm_lobby_list_get_topic_name (MmLobbyList *self)
{
  static const char *const names[] = { "players", "seeks", "games" };

  g_return_val_if_fail (MM_IS_LOBBY_LIST (self), NULL);
  return names[self->topic];
}

/* The entries: MmLobbyPlayer, MmLobbyOffer or MmLobbyGame. */
GListModel *
mm_lobby_list_get_model (MmLobbyList *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_LIST (self), NULL);
  return G_LIST_MODEL (self->store);
}

static const char *
mm_lobby_list_key_of (MmLobbyList *self,
                      gpointer     item)
{
  switch (self->topic)
    {
    case MM_LOBBY_TOPIC_PLAYERS:
      return mm_lobby_player_get_name (item);
    case MM_LOBBY_TOPIC_SEEKS:
      return mm_lobby_offer_get_id (item);
    case MM_LOBBY_TOPIC_GAMES:
    default:
      return mm_lobby_game_get_id (item);
    }
}

static gpointer
mm_lobby_list_item_new (MmLobbyList *self,
                        JsonObject  *entry)
{
  switch (self->topic)
    {
    case MM_LOBBY_TOPIC_PLAYERS:
      return mm_lobby_player_new_from_json (entry);
    case MM_LOBBY_TOPIC_SEEKS:
      return mm_lobby_offer_new_from_json (entry, "seek");
    case MM_LOBBY_TOPIC_GAMES:
    default:
      return mm_lobby_game_new_from_json (entry);
    }
}

/* Where the entry of @key is, or FALSE. */
static gboolean
mm_lobby_list_find (MmLobbyList *self,
                    const char  *key,
                    guint       *position)
{
  GListModel *list = G_LIST_MODEL (self->store);
  guint n = g_list_model_get_n_items (list);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GObject) item = g_list_model_get_item (list, i);

      if (g_str_equal (mm_lobby_list_key_of (self, item), key))
        {
          *position = i;
          return TRUE;
        }
    }
  return FALSE;
}

/* A page of a snapshot; the list is replaced at once with the last, so
 * that a fresh snapshot (after a reconnection) never shows a half list. */
void
mm_lobby_list_take_page (MmLobbyList *self,
                         JsonObject  *page)
{
  JsonArray *entries;

  g_return_if_fail (MM_IS_LOBBY_LIST (self));

  entries = json_object_get_array_member (page, mm_lobby_list_get_topic_name (self));
  if (self->snapshot == NULL)
    self->snapshot = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < json_array_get_length (entries); i++)
    g_ptr_array_add (self->snapshot,
                     mm_lobby_list_item_new (self, json_array_get_object_element (entries, i)));
  if (!json_object_get_boolean_member (page, "done"))
    return;

  g_list_store_splice (self->store, 0, g_list_model_get_n_items (G_LIST_MODEL (self->store)),
                       self->snapshot->pdata, self->snapshot->len);
  g_clear_pointer (&self->snapshot, g_ptr_array_unref);
}

/* The pages of a snapshot that its connection cut off: a new one comes
 * whole with the next subscription. */
void
mm_lobby_list_drop_snapshot (MmLobbyList *self)
{
  g_return_if_fail (MM_IS_LOBBY_LIST (self));
  g_clear_pointer (&self->snapshot, g_ptr_array_unref);
}

/* A new entry, or a changed one in the place of the old. */
void
mm_lobby_list_put (MmLobbyList *self,
                   JsonObject  *entry)
{
  g_autoptr(GObject) item = NULL;
  guint position;

  g_return_if_fail (MM_IS_LOBBY_LIST (self));

  item = mm_lobby_list_item_new (self, entry);
  if (mm_lobby_list_find (self, mm_lobby_list_key_of (self, item), &position))
    g_list_store_splice (self->store, position, 1, (gpointer *) &item, 1);
  else
    g_list_store_append (self->store, item);
}

void
mm_lobby_list_remove (MmLobbyList *self,
                      const char  *key)
{
  guint position;

  g_return_if_fail (MM_IS_LOBBY_LIST (self));

  if (mm_lobby_list_find (self, key, &position))
    g_list_store_remove (self->store, position);
}

/* The entry of @key (a player's name, a seek's or a game's id), to
 * unref, or NULL. */
gpointer
mm_lobby_list_lookup (MmLobbyList *self,
                      const char  *key)
{
  guint position;

  g_return_val_if_fail (MM_IS_LOBBY_LIST (self), NULL);

  if (!mm_lobby_list_find (self, key, &position))
    return NULL;
  return g_list_model_get_item (G_LIST_MODEL (self->store), position);
}
