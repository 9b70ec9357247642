/* mm-lobby-archive.c
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

/* What stays of a finished game: the ratings it moves, its record in
 * GGF as GGS writes it, and the archive clients list and fetch. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-ggf.h"
#include "mm-lobby-server-private.h"
#include "mm-rating.h"

/* A rated game between two accounts moves both ratings (Glicko-2, one
 * game a rating period), kept at once; the new ones go with the end. */
void
mm_lobby_game_rate (MmLobbyGame *game,
                    const char  *winner,
                    JsonObject  *ended)
{
  MmLobbyServer *self = game->server;
  MmStoredAccount *accounts[2];
  MmRating ratings[2];

  if (!game->control.rated || (game->reason != NULL && g_str_equal (game->reason, "aborted")))
    return;
  for (int c = 0; c < 2; c++)
    {
      if (game->players[c] == NULL || (accounts[c] = game->players[c]->account) == NULL)
        return;
      ratings[c] = (MmRating) { accounts[c]->rating, accounts[c]->deviation,
                                accounts[c]->volatility };
    }
  mm_rating_update_pair (&ratings[MM_COLOR_BLACK], &ratings[MM_COLOR_WHITE],
                         g_str_equal (winner, "black") ? 1 : g_str_equal (winner, "white") ? 0 : 0.5,
                         MM_RATING_DEFAULT_TAU);
  for (int c = 0; c < 2; c++)
    {
      GError *error = NULL;

      accounts[c]->rating = ratings[c].rating;
      accounts[c]->deviation = ratings[c].deviation;
      accounts[c]->volatility = ratings[c].volatility;
      if (self->store != NULL)
        mm_lobby_server_stored (self, mm_store_save_rating (self->store, accounts[c], &error),
                                error);
    }
  json_object_set_int_member (ended, "black_rating",
                              (gint64) (ratings[MM_COLOR_BLACK].rating + 0.5));
  json_object_set_int_member (ended, "white_rating",
                              (gint64) (ratings[MM_COLOR_WHITE].rating + 0.5));
}

/* The game in GGF, as GGS writes it: the players, their ratings, the
 * time control, and the result with :r or :t. */
char *
mm_lobby_game_write_record (MmLobbyGame *game)
{
  g_autoptr(MmGameRecord) record = mm_game_to_record (game->game);
  static const char *const rating_tags[] = {
    MM_RECORD_TAG_BLACK_RATING, MM_RECORD_TAG_WHITE_RATING
  };

  for (int c = 0; c < 2; c++)
    if (game->start_ratings[c] >= 0)
      {
        g_autofree char *value = g_strdup_printf ("%.2f", game->start_ratings[c]);

        mm_game_record_set_tag (record, rating_tags[c], value, NULL);
      }
  if (game->control.base_s > 0)
    {
      g_autofree char *value =
        g_strdup_printf ("%02u:%02u//%02u:%02u", game->control.base_s / 60,
                         game->control.base_s % 60, game->control.increment_s / 60,
                         game->control.increment_s % 60);

      mm_game_record_set_tag (record, MM_RECORD_TAG_TIME, value, NULL);
    }
  return mm_ggf_write (record);
}

void
mm_lobby_archive_handle_list (MmLobbyServer *self,
                              MmLobbyPeer   *peer,
                              JsonObject    *message,
                              const char    *id)
{
  g_autoptr(JsonObject) reply = mm_protocol_new_message ("game-list", id);
  g_autoptr(JsonArray) list = json_array_new ();
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GError) error = NULL;
  guint limit = (guint) json_object_get_int_member_with_default (message, "limit", 10);

  if (self->store != NULL)
    {
      games = mm_store_list_games (self->store, FALSE, json_object_get_string_member (message, "name"),
                                   limit, &error);
      if (games == NULL)
        {
          mm_lobby_server_log (self, "store: %s", error->message);
          mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_INTERNAL,
                                /* Translators: protocol error */
                                _("The server cannot reach its games now; try again later."));
          return;
        }
      for (guint i = 0; i < games->len; i++)
        {
          MmStoredGame *stored = games->pdata[i];
          JsonObject *entry = json_object_new ();

          json_object_set_string_member (entry, "game", stored->id);
          json_object_set_string_member (entry, "black", stored->black);
          json_object_set_string_member (entry, "white", stored->white);
          json_object_set_int_member (entry, "base", stored->base_s);
          json_object_set_int_member (entry, "increment", stored->increment_s);
          json_object_set_boolean_member (entry, "rated", stored->rated);
          json_object_set_string_member (entry, "winner", stored->winner);
          json_object_set_string_member (entry, "reason", stored->reason);
          json_array_add_object_element (list, entry);
        }
    }
  json_object_set_array_member (reply, "games", g_steal_pointer (&list));
  mm_lobby_peer_send (peer, reply);
}

void
mm_lobby_archive_handle_fetch (MmLobbyServer *self,
                               MmLobbyPeer   *peer,
                               JsonObject    *message,
                               const char    *id)
{
  const char *game_id = json_object_get_string_member (message, "game");
  g_autoptr(MmStoredGame) stored = NULL;
  g_autoptr(JsonObject) reply = NULL;
  g_autoptr(GError) error = NULL;

  if (self->store != NULL)
    stored = mm_store_find_game (self->store, game_id, &error);
  if (stored == NULL || stored->ggf == NULL)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NO_SUCH_GAME,
                            /* Translators: protocol error; %s is a game's id */
                            _("No finished game “%s” is kept here."), game_id);
      return;
    }
  reply = mm_protocol_new_message ("game-record", id);
  json_object_set_string_member (reply, "game", stored->id);
  json_object_set_string_member (reply, "ggf", g_strchomp (stored->ggf));
  mm_lobby_peer_send (peer, reply);
}

