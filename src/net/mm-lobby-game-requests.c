/* mm-lobby-game-requests.c
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

/* What the players and spectators of the lobby's games
 * (mm-lobby-games.c) ask about them: resign, abort, undo by agreement,
 * rematch, watch and stop watching, and chat in a game's rooms.  A move
 * is played in mm-lobby-moves.c; the requests that change a game wait
 * there while one of its moves is being kept. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-game.h"
#include "mm-lobby-server-private.h"
#include "mm-match.h"
#include "mm-store.h"

/* The game @id names, and the colour the peer plays in it (-1 for
 * none); NULL with the error sent when there is no such game. */
static MmLobbyGame *
find_game (MmLobbyServer *self,
           MmLobbyPeer   *peer,
           JsonObject    *message,
           const char    *id,
           int           *color)
{
  const char *game_id = json_object_get_string_member (message, "game");
  MmLobbyGame *game = g_hash_table_lookup (self->games, game_id);

  if (game == NULL)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NO_SUCH_GAME,
                            /* Translators: protocol error; %s is a game's id */
                            _("There is no game “%s”."), game_id);
      return NULL;
    }
  *color = game->players[MM_COLOR_BLACK] == peer->session ? MM_COLOR_BLACK
           : game->players[MM_COLOR_WHITE] == peer->session ? MM_COLOR_WHITE : -1;
  return game;
}

/* The game the peer plays, still in progress; NULL with the error sent. */
MmLobbyGame *
mm_lobby_games_find_own (MmLobbyServer *self,
                         MmLobbyPeer   *peer,
                         JsonObject    *message,
                         const char    *id,
                         MmColor       *color)
{
  int seat = -1;
  MmLobbyGame *game = find_game (self, peer, message, id, &seat);

  if (game == NULL)
    return NULL;
  if (seat < 0)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NOT_SEATED,
                            /* Translators: protocol error */
                            _("You do not play in that game."));
      return NULL;
    }
  if (game->over)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_GAME_OVER,
                            /* Translators: protocol error */
                            _("That game is over."));
      return NULL;
    }
  *color = (MmColor) seat;
  return game;
}

static void
handle_resign (MmLobbyServer *self,
               MmLobbyPeer   *peer,
               JsonObject    *message,
               const char    *id)
{
  MmColor color;
  MmLobbyGame *game = mm_lobby_games_find_own (self, peer, message, id, &color);

  if (game == NULL)
    return;
  mm_lobby_peer_reply_ok (peer, id);
  mm_match_resign (game->match, color);
  mm_lobby_game_send_news (game);
}

/* Whether @color has placed a disc in the game. */
static gboolean
has_moved (MmLobbyGame *game,
           MmColor      color)
{
  for (guint i = 0; i < mm_game_get_n_moves (game->game); i++)
    {
      MmColor mover;

      if (mm_game_get_move (game->game, i, &mover) != MM_SQUARE_PASS && mover == color)
        return TRUE;
    }
  return FALSE;
}

static void
handle_abort (MmLobbyServer *self,
              MmLobbyPeer   *peer,
              JsonObject    *message,
              const char    *id)
{
  MmColor color;
  MmLobbyGame *game = mm_lobby_games_find_own (self, peer, message, id, &color);

  if (game == NULL)
    return;
  if (has_moved (game, MM_COLOR_BLACK) && has_moved (game, MM_COLOR_WHITE))
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_TOO_LATE,
                            /* Translators: protocol error */
                            _("Both sides have moved: resign instead."));
      return;
    }
  mm_lobby_peer_reply_ok (peer, id);
  game->reason = "aborted";
  mm_lobby_game_finish (game);
}

static void
handle_ask_undo (MmLobbyServer *self,
                 MmLobbyPeer   *peer,
                 JsonObject    *message,
                 const char    *id)
{
  MmColor color;
  MmLobbyGame *game = mm_lobby_games_find_own (self, peer, message, id, &color);
  g_autoptr(JsonObject) asked = NULL;

  if (game == NULL)
    return;
  if (!has_moved (game, color))
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_TOO_LATE,
                            /* Translators: protocol error */
                            _("You have no move to take back."));
      return;
    }
  game->undo_asker = (int) color;
  mm_lobby_peer_reply_ok (peer, id);
  asked = mm_lobby_game_new_message (game, "undo-asked", NULL);
  if (game->players[mm_color_other (color)] != NULL)
    mm_lobby_session_send (game->players[mm_color_other (color)], asked);
}

/* Takes back the asker's last disc and everything after it, so that it
 * is the asker's turn again. */
static void
take_back (MmLobbyGame *game,
           MmColor      asker)
{
  guint n_moves = mm_game_get_n_moves (game->game);

  while (n_moves > 0)
    {
      MmColor mover;
      int square = mm_game_get_move (game->game, --n_moves, &mover);

      if (square != MM_SQUARE_PASS && mover == asker)
        break;
    }
  mm_match_play_from (game->match, n_moves);
  /* Kept without the server waiting: the game's next move goes on the
   * store's pipeline after it (mm-pg-moves.c). */
  if (game->server->store != NULL)
    mm_store_take_back_async (game->server->store, game->id,
                              mm_lobby_game_count_discs_played (game),
                              mm_lobby_game_clock_ms (game, MM_COLOR_BLACK),
                              mm_lobby_game_clock_ms (game, MM_COLOR_WHITE), NULL,
                              mm_lobby_server_written_cb,
                              mm_lobby_server_written_data (game->server));
}

static void
handle_answer_undo (MmLobbyServer *self,
                    MmLobbyPeer   *peer,
                    JsonObject    *message,
                    const char    *id)
{
  MmColor color;
  MmLobbyGame *game = mm_lobby_games_find_own (self, peer, message, id, &color);
  MmColor asker;

  if (game == NULL)
    return;
  if (game->undo_asker < 0 || (MmColor) game->undo_asker == color)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_TOO_LATE,
                            /* Translators: protocol error */
                            _("Nobody asked to take a move back."));
      return;
    }
  asker = (MmColor) game->undo_asker;
  game->undo_asker = -1;
  mm_lobby_peer_reply_ok (peer, id);
  if (json_object_get_boolean_member (message, "accept"))
    {
      take_back (game, asker);
      mm_lobby_game_send_news (game);
    }
  else if (game->players[asker] != NULL)
    {
      g_autoptr(JsonObject) refused = mm_lobby_game_new_message (game, "undo-refused", NULL);

      mm_lobby_session_send (game->players[asker], refused);
    }
}

static void
handle_rematch (MmLobbyServer *self,
                MmLobbyPeer   *peer,
                JsonObject    *message,
                const char    *id)
{
  int seat = -1;
  MmLobbyGame *game = find_game (self, peer, message, id, &seat);
  MmLobbySession *opponent;

  if (game == NULL)
    return;
  if (seat < 0 || peer->session->game != game)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NOT_SEATED,
                            /* Translators: protocol error */
                            _("You did not play that game last."));
      return;
    }
  if (!game->over)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_BUSY,
                            /* Translators: protocol error */
                            _("That game is still being played."));
      return;
    }
  opponent = game->players[mm_color_other ((MmColor) seat)];
  if (opponent == NULL || opponent->game != game)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NOT_ACCEPTING,
                            /* Translators: protocol error */
                            _("Your opponent has gone on to other things."));
      return;
    }
  mm_lobby_peer_reply_ok (peer, id);
  game->rematch_wanted[seat] = TRUE;
  if (game->rematch_wanted[mm_color_other ((MmColor) seat)])
    {
      MmTimeControl control = game->control;

      /* Colours swap. */
      mm_lobby_game_start (self, game->players[MM_COLOR_WHITE], game->players[MM_COLOR_BLACK],
                           &control);
      return;
    }
  {
    g_autoptr(JsonObject) asked = mm_lobby_game_new_message (game, "rematch-asked", NULL);

    mm_lobby_session_send (opponent, asked);
  }
}

static void
handle_watch (MmLobbyServer *self,
              MmLobbyPeer   *peer,
              JsonObject    *message,
              const char    *id)
{
  int seat = -1;
  MmLobbyGame *game = find_game (self, peer, message, id, &seat);
  g_autoptr(JsonObject) state = NULL;
  gboolean was_watching;

  if (game == NULL)
    return;
  was_watching = g_hash_table_size (peer->watching) > 0;
  /* A player watching its own game gets the state only. */
  if (seat < 0)
    {
      g_hash_table_add (game->spectators, peer);
      g_hash_table_insert (peer->watching, game->id, game);
    }
  state = mm_lobby_game_new_state (game, id);
  mm_lobby_peer_send (peer, state);
  if (!was_watching && seat < 0)
    mm_lobby_presence_announce (self, peer->session, "player-changed");
}

static void
stop_watching (MmLobbyServer *self,
               MmLobbyPeer   *peer,
               MmLobbyGame   *game)
{
  g_hash_table_remove (game->spectators, peer);
  g_hash_table_remove (peer->watching, game->id);
  if (game->over && game->players[0] == NULL && game->players[1] == NULL
      && g_hash_table_size (game->spectators) == 0)
    g_hash_table_remove (self->games, game->id);
}

static void
handle_unwatch (MmLobbyServer *self,
                MmLobbyPeer   *peer,
                JsonObject    *message,
                const char    *id)
{
  int seat = -1;
  MmLobbyGame *game = find_game (self, peer, message, id, &seat);

  if (game == NULL)
    return;
  if (!g_hash_table_contains (game->spectators, peer))
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NOT_SEATED,
                            /* Translators: protocol error */
                            _("You do not watch that game."));
      return;
    }
  stop_watching (self, peer, game);
  mm_lobby_peer_reply_ok (peer, id);
  if (g_hash_table_size (peer->watching) == 0 && peer->session != NULL)
    mm_lobby_presence_announce (self, peer->session, "player-changed");
}

typedef void (*GameHandler) (MmLobbyServer *self,
                             MmLobbyPeer   *peer,
                             JsonObject    *message,
                             const char    *id);

/* The requests that change a game in progress wait while one of its
 * moves is being kept, so that they are done in the order they came,
 * as if the move had been played at once: a second move is then told
 * that it is not the player's turn, not kept twice; a resignation or an
 * abort comes after the move; an undo takes it back, or not, knowing
 * whether it was played, and its statement reaches the store after the
 * move's. */
static const struct
{
  const char  *type;
  GameHandler  handle;
  gboolean     waits;
} game_requests[] = {
  { "move", mm_lobby_moves_handle_move, TRUE },
  { "resign", handle_resign, TRUE },
  { "abort", handle_abort, TRUE },
  { "ask-undo", handle_ask_undo, TRUE },
  { "answer-undo", handle_answer_undo, TRUE },
  { "rematch", handle_rematch, FALSE },
  { "watch", handle_watch, FALSE },
  { "unwatch", handle_unwatch, FALSE },
  { "list-games", mm_lobby_archive_handle_list, FALSE },
  { "fetch-game", mm_lobby_archive_handle_fetch, FALSE },
};

void
mm_lobby_games_handle (MmLobbyServer *self,
                       MmLobbyPeer   *peer,
                       JsonObject    *message,
                       const char    *type,
                       const char    *id)
{
  for (gsize i = 0; i < G_N_ELEMENTS (game_requests); i++)
    if (g_str_equal (game_requests[i].type, type))
      {
        if (game_requests[i].waits
            && mm_lobby_moves_wait_for_keeping (self, peer, message, type, id))
          return;
        game_requests[i].handle (self, peer, message, id);
        return;
      }
  g_return_if_reached ();
}

/* Chat in a game: the players' room, or its spectators'. */
void
mm_lobby_games_say (MmLobbyServer *self,
                    MmLobbyPeer   *peer,
                    JsonObject    *message,
                    const char    *id)
{
  const char *room = json_object_get_string_member (message, "room");
  gboolean players_room = g_str_equal (room, "game");
  int seat = -1;
  MmLobbyGame *game;
  g_autoptr(JsonObject) said = NULL;

  if (!json_object_has_member (message, "game"))
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_MISSING_FIELD,
                            /* Translators: protocol error; do not translate the quoted names */
                            _("Chat in a game’s room names the “game”."));
      return;
    }
  if ((game = find_game (self, peer, message, id, &seat)) == NULL)
    return;
  if (players_room ? seat < 0 : !g_hash_table_contains (game->spectators, peer))
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NOT_SEATED,
                            players_room
                            /* Translators: protocol error */
                            ? _("Only the players speak in a game’s room.")
                            /* Translators: protocol error */
                            : _("Only the spectators speak in their room."));
      return;
    }
  mm_lobby_peer_reply_ok (peer, id);
  said = mm_protocol_new_message ("said", NULL);
  json_object_set_string_member (said, "room", room);
  json_object_set_string_member (said, "game", game->id);
  json_object_set_string_member (said, "from", peer->session->name);
  json_object_set_string_member (said, "text", json_object_get_string_member (message, "text"));
  if (players_room)
    {
      for (int c = 0; c < 2; c++)
        if (game->players[c] != NULL
            && !g_hash_table_contains (game->players[c]->ignored, peer->session->key))
          mm_lobby_session_send (game->players[c], said);
    }
  else
    {
      GHashTableIter iter;
      gpointer key;

      g_hash_table_iter_init (&iter, game->spectators);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        {
          MmLobbyPeer *listener = key;

          if (listener->session == NULL
              || !g_hash_table_contains (listener->session->ignored, peer->session->key))
            mm_lobby_peer_send (listener, said);
        }
    }
}

void
mm_lobby_games_forget_peer (MmLobbyServer *self,
                            MmLobbyPeer   *peer)
{
  g_autoptr(GList) games = g_hash_table_get_values (peer->watching);

  for (GList *l = games; l != NULL; l = l->next)
    stop_watching (self, peer, l->data);
}
