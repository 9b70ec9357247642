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
#include "mm-nickname.h"
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
  /* With rating periods the ratings move at the period's end. */
  if (self->limits.rating_period_s > 0)
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
      accounts[c]->rating = ratings[c].rating;
      accounts[c]->deviation = ratings[c].deviation;
      accounts[c]->volatility = ratings[c].volatility;
      if (self->store != NULL)
        mm_store_save_rating_async (self->store, accounts[c], NULL, mm_lobby_server_written_cb,
                                    mm_lobby_server_written_data (self));
      if (game->players[c]->proxy && game->players[c]->peer != NULL)
        mm_lobby_relay_tell_rating (game->players[c]->peer, accounts[c]);
    }
  json_object_set_int_member (ended, "black_rating",
                              (gint64) (ratings[MM_COLOR_BLACK].rating + 0.5));
  json_object_set_int_member (ended, "white_rating",
                              (gint64) (ratings[MM_COLOR_WHITE].rating + 0.5));
}

#define RATED_UNTIL "rated_until"

/* The rating periods that are over, closed on the store's thread
 * (mm_store_call_async()): what the call reads and answers. */
typedef struct
{
  gint64     period;
  gint64     now;
  /* Where the period under way started, 0 for not known yet; moved on
   * past each period closed (here or by another server) */
  gint64     start;
  /* The ratings closed periods moved (MmStoredAccount), to tell the
   * players here */
  GPtrArray *rated;
  /* What to log */
  GPtrArray *said;
} PeriodsClose;

static void
periods_close_free (PeriodsClose *close)
{
  g_ptr_array_unref (close->rated);
  g_ptr_array_unref (close->said);
  g_free (close);
}

typedef struct
{
  MmStoredAccount *account;
  GArray          *games;   /* MmRatingGame */
} PeriodPlayer;

static void
period_player_free (PeriodPlayer *player)
{
  mm_stored_account_free (player->account);
  g_array_unref (player->games);
  g_free (player);
}

static PeriodPlayer *
period_player (MmStore    *store,
               GHashTable *players,
               const char *name)
{
  g_autofree char *key = mm_nickname_key (name);
  PeriodPlayer *player = g_hash_table_lookup (players, key);
  MmStoredAccount *account;

  if (player != NULL)
    return player;
  if ((account = mm_store_find_account (store, name, NULL)) == NULL)
    return NULL;
  player = g_new0 (PeriodPlayer, 1);
  player->account = account;
  player->games = g_array_new (FALSE, FALSE, sizeof (MmRatingGame));
  g_hash_table_insert (players, g_steal_pointer (&key), player);
  return player;
}

/* The new rating of @account, kept by whichever server closed the
 * period, to the session of its player here. */
static void
tell_new_rating (MmLobbyServer         *self,
                 const MmStoredAccount *account)
{
  MmLobbySession *session = mm_lobby_server_find_session (self, account->name);

  if (session == NULL || session->account == NULL)
    return;
  session->account->rating = account->rating;
  session->account->deviation = account->deviation;
  session->account->volatility = account->volatility;
  mm_lobby_presence_announce (self, session, "player-changed");
}

static MmStoredAccount *
copy_rating (const MmStoredAccount *account)
{
  MmStoredAccount *copy = mm_stored_account_new (account->name, account->password_hash);

  copy->rating = account->rating;
  copy->deviation = account->deviation;
  copy->volatility = account->volatility;
  copy->admin = account->admin;
  return copy;
}

/* One rating period, Glicko-2 as the paper has it: every player's games
 * of the period against the opponents as they stood at its start, then
 * all the new ratings at once, kept with the period's end in one go:
 * of the servers of a cluster, one closes it.  Fails with
 * MM_STORE_ERROR_FINISHED when another server did; the ratings it kept
 * are then read back. */
static gboolean
rate_period (MmStore       *store,
             PeriodsClose  *close,
             gint64         since,
             gint64         until,
             GError       **error)
{
  g_autoptr(GPtrArray) games = mm_store_list_rated (store, since, until, error);
  g_autoptr(GHashTable) players = NULL;
  g_autoptr(GPtrArray) accounts = NULL;
  g_autoptr(GError) failure = NULL;
  GHashTableIter iter;
  gpointer value;
  gboolean closed;

  if (games == NULL)
    return FALSE;
  players = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                   (GDestroyNotify) period_player_free);
  for (guint i = 0; i < games->len; i++)
    {
      MmStoredGame *game = games->pdata[i];
      PeriodPlayer *black = period_player (store, players, game->black);
      PeriodPlayer *white = period_player (store, players, game->white);
      double score = g_str_equal (game->winner, "black") ? 1
                     : g_str_equal (game->winner, "white") ? 0 : 0.5;
      MmRatingGame for_black, for_white;

      if (black == NULL || white == NULL)
        continue;
      for_black = (MmRatingGame) { white->account->rating, white->account->deviation, score };
      for_white = (MmRatingGame) { black->account->rating, black->account->deviation, 1 - score };
      g_array_append_val (black->games, for_black);
      g_array_append_val (white->games, for_white);
    }
  /* Computed from the ratings at the start for everyone, then kept. */
  accounts = g_ptr_array_new ();
  g_hash_table_iter_init (&iter, players);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      PeriodPlayer *player = value;
      MmRating before = { player->account->rating, player->account->deviation,
                          player->account->volatility };
      MmRating after;

      mm_rating_update (&before, (MmRatingGame *) player->games->data, player->games->len,
                        MM_RATING_DEFAULT_TAU, &after);
      player->account->rating = after.rating;
      player->account->deviation = after.deviation;
      player->account->volatility = after.volatility;
      g_ptr_array_add (accounts, player->account);
    }
  closed = mm_store_close_period (store, RATED_UNTIL, since, until,
                                  (MmStoredAccount *const *) accounts->pdata, accounts->len,
                                  &failure);
  if (!closed && !g_error_matches (failure, MM_STORE_ERROR, MM_STORE_ERROR_FINISHED))
    {
      g_propagate_error (error, g_steal_pointer (&failure));
      return FALSE;
    }
  for (guint i = 0; i < accounts->len; i++)
    {
      MmStoredAccount *account = accounts->pdata[i];
      MmStoredAccount *kept = closed ? copy_rating (account)
                                     : mm_store_find_account (store, account->name, NULL);

      if (kept != NULL)
        g_ptr_array_add (close->rated, kept);
    }
  if (!closed)
    {
      g_ptr_array_add (close->said, g_strdup ("rating period closed by another server"));
      g_propagate_error (error, g_steal_pointer (&failure));
      return FALSE;
    }
  g_ptr_array_add (close->said, g_strdup_printf ("rating period over: %u games, %u players",
                                                 games->len, g_hash_table_size (players)));
  return TRUE;
}

/* A store call: closes the periods that are over, from where the store
 * says the last one ended. */
static gboolean
close_periods (MmStore  *store,
               gpointer  data,
               GError  **error)
{
  PeriodsClose *close = data;
  GError *failed = NULL;

  if (close->start == 0 && !mm_store_get_meta (store, RATED_UNTIL, &close->start, &failed))
    {
      if (failed != NULL)
        {
          g_propagate_error (error, failed);
          return FALSE;
        }
      close->start = close->now;
      return mm_store_set_meta (store, RATED_UNTIL, close->now, error);
    }
  while (close->now >= close->start + close->period)
    {
      gint64 start = close->start;

      if (rate_period (store, close, start, start + close->period, &failed))
        {
          close->start += close->period;
          continue;
        }
      if (!g_error_matches (failed, MM_STORE_ERROR, MM_STORE_ERROR_FINISHED))
        {
          g_propagate_error (error, failed);
          return FALSE;
        }
      g_clear_error (&failed);
      /* Another server closed it: on from where it got to. */
      if (!mm_store_get_meta (store, RATED_UNTIL, &close->start, &failed)
          || close->start == start)
        {
          /* The row is gone, or the store failed: tried again at the
           * next check. */
          close->start = start;
          if (failed != NULL)
            {
              g_propagate_error (error, failed);
              return FALSE;
            }
          return TRUE;
        }
    }
  return TRUE;
}

static void
periods_closed (MmLobbyServer *self,
                MmLobbyPeer   *peer,
                gpointer       data,
                const GError  *error)
{
  PeriodsClose *close = data;

  self->closing_periods = FALSE;
  for (guint i = 0; i < close->said->len; i++)
    mm_lobby_server_log (self, "%s", (const char *) close->said->pdata[i]);
  if (close->start != 0)
    self->rating_period_start = close->start;
  for (guint i = 0; i < close->rated->len; i++)
    tell_new_rating (self, close->rated->pdata[i]);
}

/* Closes the rating periods that are over, from where the store says
 * the last one ended: a period that ended while the server was down is
 * closed at its start.  In a cluster each period is closed once, by
 * the first server to get there; the others go on from its end.  The
 * store does it on its own thread, one closing at a time. */
void
mm_lobby_ratings_close_periods (MmLobbyServer *self)
{
  gint64 period = self->limits.rating_period_s;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  PeriodsClose *close;

  if (period == 0 || self->store == NULL || self->closing_periods)
    return;
  if (self->rating_period_start != 0 && now < self->rating_period_start + period)
    return;
  close = g_new0 (PeriodsClose, 1);
  close->period = period;
  close->now = now;
  close->start = self->rating_period_start;
  close->rated = g_ptr_array_new_with_free_func ((GDestroyNotify) mm_stored_account_free);
  close->said = g_ptr_array_new_with_free_func (g_free);
  self->closing_periods = TRUE;
  mm_lobby_server_call_store (self, NULL, NULL, close_periods, periods_closed, close,
                              (GDestroyNotify) periods_close_free);
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

/* A request for the archive, answered from the store's thread. */
typedef struct
{
  char         *id;
  char         *player;
  guint         limit;
  GPtrArray    *games;
  char         *game_id;
  MmStoredGame *game;
} ArchiveRead;

static void
archive_read_free (ArchiveRead *read)
{
  g_free (read->id);
  g_free (read->player);
  g_clear_pointer (&read->games, g_ptr_array_unref);
  g_free (read->game_id);
  g_clear_pointer (&read->game, mm_stored_game_free);
  g_free (read);
}

static ArchiveRead *
archive_read_new (const char *id)
{
  ArchiveRead *read = g_new0 (ArchiveRead, 1);

  read->id = g_strdup (id);
  return read;
}

static void
refuse_unreachable (MmLobbyPeer *peer,
                    const char  *id)
{
  mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_INTERNAL,
                        /* Translators: protocol error */
                        _("The server cannot reach its games now; try again later."));
}

static gboolean
list_games (MmStore  *store,
            gpointer  data,
            GError  **error)
{
  ArchiveRead *read = data;

  read->games = mm_store_list_games (store, FALSE, read->player, read->limit, error);
  return read->games != NULL;
}

static void
send_game_list (MmLobbyPeer *peer,
                GPtrArray   *games,
                const char  *id)
{
  g_autoptr(JsonObject) reply = mm_protocol_new_message ("game-list", id);
  g_autoptr(JsonArray) list = json_array_new ();

  for (guint i = 0; games != NULL && i < games->len; i++)
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
  json_object_set_array_member (reply, "games", g_steal_pointer (&list));
  mm_lobby_peer_send (peer, reply);
}

static void
games_listed (MmLobbyServer *self,
              MmLobbyPeer   *peer,
              gpointer       data,
              const GError  *error)
{
  ArchiveRead *read = data;

  if (peer == NULL)
    return;
  if (error != NULL)
    refuse_unreachable (peer, read->id);
  else
    send_game_list (peer, read->games, read->id);
}

void
mm_lobby_archive_handle_list (MmLobbyServer *self,
                              MmLobbyPeer   *peer,
                              JsonObject    *message,
                              const char    *id)
{
  ArchiveRead *read;

  if (self->store == NULL)
    {
      send_game_list (peer, NULL, id);
      return;
    }
  read = archive_read_new (id);
  read->player = g_strdup (json_object_get_string_member (message, "name"));
  read->limit = (guint) json_object_get_int_member_with_default (message, "limit", 10);
  mm_lobby_server_call_store (self, peer, NULL, list_games, games_listed, read,
                              (GDestroyNotify) archive_read_free);
}

static gboolean
find_game (MmStore  *store,
           gpointer  data,
           GError  **error)
{
  ArchiveRead *read = data;
  GError *failed = NULL;

  read->game = mm_store_find_game (store, read->game_id, &failed);
  /* No such game is an answer, not a failure */
  if (failed == NULL || g_error_matches (failed, MM_STORE_ERROR, MM_STORE_ERROR_NOT_FOUND))
    {
      g_clear_error (&failed);
      return TRUE;
    }
  g_propagate_error (error, failed);
  return FALSE;
}

static void
refuse_no_game (MmLobbyPeer *peer,
                const char  *game_id,
                const char  *id)
{
  mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NO_SUCH_GAME,
                        /* Translators: protocol error; %s is a game's id */
                        _("No finished game “%s” is kept here."), game_id);
}

static void
game_found (MmLobbyServer *self,
            MmLobbyPeer   *peer,
            gpointer       data,
            const GError  *error)
{
  ArchiveRead *read = data;
  g_autoptr(JsonObject) reply = NULL;

  if (peer == NULL)
    return;
  if (error != NULL)
    refuse_unreachable (peer, read->id);
  else if (read->game == NULL || read->game->ggf == NULL)
    refuse_no_game (peer, read->game_id, read->id);
  else
    {
      reply = mm_protocol_new_message ("game-record", read->id);
      json_object_set_string_member (reply, "game", read->game->id);
      json_object_set_string_member (reply, "ggf", g_strchomp (read->game->ggf));
      mm_lobby_peer_send (peer, reply);
    }
}

void
mm_lobby_archive_handle_fetch (MmLobbyServer *self,
                               MmLobbyPeer   *peer,
                               JsonObject    *message,
                               const char    *id)
{
  const char *game_id = json_object_get_string_member (message, "game");
  ArchiveRead *read;

  if (self->store == NULL)
    {
      refuse_no_game (peer, game_id, id);
      return;
    }
  read = archive_read_new (id);
  read->game_id = g_strdup (game_id);
  mm_lobby_server_call_store (self, peer, NULL, find_game, game_found, read,
                              (GDestroyNotify) archive_read_free);
}
