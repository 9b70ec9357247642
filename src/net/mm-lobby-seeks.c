/* mm-lobby-seeks.c
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

/* Open games (seeks) that anyone may accept, and challenges from one
 * player to another.  Either, accepted, starts a game. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-lobby-server-private.h"

/* Open seeks one player may have at once */
#define MAX_SEEKS 3
/* Challenges one player may have waiting at once */
#define MAX_CHALLENGES 5

struct _MmLobbySeek
{
  char           *id;
  MmLobbySession *by;
  char           *color;
  MmTimeControl   control;
  int             min_rating;
  int             max_rating;
};

typedef struct
{
  char           *id;
  MmLobbySession *from;
  MmLobbySession *to;
  char           *color;
  MmTimeControl   control;
} MmLobbyChallenge;

void
mm_lobby_seek_free (gpointer data)
{
  MmLobbySeek *seek = data;

  g_free (seek->id);
  g_free (seek->color);
  g_free (seek);
}

void
mm_lobby_challenge_free (gpointer data)
{
  MmLobbyChallenge *challenge = data;

  g_free (challenge->id);
  g_free (challenge->color);
  g_free (challenge);
}

/* The time control of a seek or challenge, or FALSE with the error
 * sent: an increment needs a base, and a rated game accounts. */
gboolean
mm_lobby_seeks_parse_time_control (MmLobbyPeer   *peer,
                                   JsonObject    *message,
                                   const char    *id,
                                   MmTimeControl *control)
{
  control->base_s = (guint) json_object_get_int_member (message, "base");
  control->increment_s = (guint) json_object_get_int_member (message, "increment");
  control->rated = json_object_get_boolean_member (message, "rated");
  if (control->base_s == 0 && control->increment_s > 0)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_BAD_FIELD,
                            /* Translators: protocol error */
                            _("A game with an increment needs a base time."));
      return FALSE;
    }
  if (control->rated && peer->session->guest)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NEEDS_ACCOUNT,
                            /* Translators: protocol error */
                            _("Rated games are for registered players."));
      return FALSE;
    }
  return TRUE;
}

static gboolean
refuse_if_playing (MmLobbyPeer *peer,
                   const char  *id)
{
  if (!mm_lobby_session_is_playing (peer->session))
    return FALSE;
  mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_BUSY,
                        /* Translators: protocol error */
                        _("Finish your game first."));
  return TRUE;
}

static void
set_seek_members (JsonObject  *message,
                  MmLobbySeek *seek)
{
  json_object_set_string_member (message, "seek", seek->id);
  json_object_set_string_member (message, "by", seek->by->name);
  json_object_set_string_member (message, "color", seek->color);
  json_object_set_int_member (message, "base", seek->control.base_s);
  json_object_set_int_member (message, "increment", seek->control.increment_s);
  json_object_set_boolean_member (message, "rated", seek->control.rated);
  if (seek->min_rating >= 0)
    json_object_set_int_member (message, "min_rating", seek->min_rating);
  if (seek->max_rating >= 0)
    json_object_set_int_member (message, "max_rating", seek->max_rating);
}

static void
send_seeks_page (MmLobbyPeer *peer,
                 JsonArray   *seeks,
                 gboolean     done)
{
  g_autoptr(JsonObject) page = mm_protocol_new_message ("seeks", NULL);

  json_object_set_array_member (page, "seeks", json_array_ref (seeks));
  json_object_set_boolean_member (page, "done", done);
  mm_lobby_peer_send (peer, page);
}

/* The seek as the lists show it. */
JsonObject *
mm_lobby_seek_entry (MmLobbySeek *seek)
{
  JsonObject *entry = json_object_new ();

  set_seek_members (entry, seek);
  return entry;
}

static void
add_to_page (MmLobbyPeer  *peer,
             JsonArray   **seeks,
             JsonObject   *entry)
{
  json_array_add_object_element (*seeks, entry);
  /* 50 entries of the longest names stay well inside a line. */
  if (json_array_get_length (*seeks) == 50)
    {
      send_seeks_page (peer, *seeks, FALSE);
      g_clear_pointer (seeks, json_array_unref);
      *seeks = json_array_new ();
    }
}

void
mm_lobby_seeks_send_snapshot (MmLobbyServer *self,
                              MmLobbyPeer   *peer)
{
  g_autoptr(JsonArray) seeks = json_array_new ();
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, self->seeks);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    add_to_page (peer, &seeks, mm_lobby_seek_entry (value));
  mm_lobby_relay_add_entries (self, "seek", add_to_page, peer, &seeks);
  send_seeks_page (peer, seeks, TRUE);
}

static void
remove_seek (MmLobbyServer *self,
             MmLobbySeek   *seek)
{
  g_autoptr(JsonObject) removed = mm_protocol_new_message ("seek-removed", NULL);

  json_object_set_string_member (removed, "seek", seek->id);
  seek->by->n_seeks--;
  mm_lobby_presence_broadcast (self->seek_watchers, removed);
  mm_lobby_relay_list (self, "seek", seek->id, NULL);
  g_hash_table_remove (self->seeks, seek->id);
}

void
mm_lobby_seeks_handle_seek (MmLobbyServer *self,
                            MmLobbyPeer   *peer,
                            JsonObject    *message,
                            const char    *id)
{
  MmLobbySession *session = peer->session;
  MmTimeControl control;
  MmLobbySeek *seek;
  g_autoptr(JsonObject) opened = NULL;
  g_autoptr(JsonObject) added = NULL;
  int min_rating = (int) json_object_get_int_member_with_default (message, "min_rating", -1);
  int max_rating = (int) json_object_get_int_member_with_default (message, "max_rating", -1);

  if (refuse_if_playing (peer, id) || !mm_lobby_seeks_parse_time_control (peer, message, id, &control))
    return;
  if (min_rating >= 0 && max_rating >= 0 && min_rating > max_rating)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_BAD_FIELD,
                            /* Translators: protocol error */
                            _("The lowest rating is above the highest."));
      return;
    }
  if (session->n_seeks >= MAX_SEEKS)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_TOO_MANY,
                            /* Translators: protocol error; %d is a small number */
                            _("You have %d open games already."), MAX_SEEKS);
      return;
    }
  seek = g_new0 (MmLobbySeek, 1);
  seek->id = mm_lobby_server_new_id (self, 's');
  seek->by = session;
  seek->color = g_strdup (json_object_get_string_member (message, "color"));
  seek->control = control;
  seek->min_rating = min_rating;
  seek->max_rating = max_rating;
  session->n_seeks++;
  g_hash_table_insert (self->seeks, seek->id, seek);

  opened = mm_protocol_new_message ("seek-opened", id);
  json_object_set_string_member (opened, "seek", seek->id);
  mm_lobby_peer_send (peer, opened);
  added = mm_protocol_new_message ("seek-added", NULL);
  set_seek_members (added, seek);
  mm_lobby_presence_broadcast (self->seek_watchers, added);
  {
    g_autoptr(JsonObject) entry = mm_lobby_seek_entry (seek);

    mm_lobby_relay_list (self, "seek", seek->id, entry);
  }
}

static MmLobbySeek *
find_seek (MmLobbyServer *self,
           MmLobbyPeer   *peer,
           JsonObject    *message,
           const char    *id)
{
  const char *seek_id = json_object_get_string_member (message, "seek");
  MmLobbySeek *seek = g_hash_table_lookup (self->seeks, seek_id);

  if (seek == NULL)
    mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NO_SUCH_SEEK,
                          /* Translators: protocol error; %s is a seek's id */
                          _("There is no open game “%s”; it may have been taken."), seek_id);
  return seek;
}

void
mm_lobby_seeks_handle_cancel (MmLobbyServer *self,
                              MmLobbyPeer   *peer,
                              JsonObject    *message,
                              const char    *id)
{
  MmLobbySeek *seek = find_seek (self, peer, message, id);

  if (seek == NULL)
    return;
  if (seek->by != peer->session)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NO_SUCH_SEEK,
                            /* Translators: protocol error */
                            _("That open game is someone else’s."));
      return;
    }
  remove_seek (self, seek);
  mm_lobby_peer_reply_ok (peer, id);
}

/* Colour for the one who offered: "random" is decided now. */
static gboolean
offerer_plays_black (const char *color)
{
  if (g_str_equal (color, "random"))
    return g_random_boolean ();
  return g_str_equal (color, "black");
}

void
mm_lobby_seeks_handle_accept (MmLobbyServer *self,
                              MmLobbyPeer   *peer,
                              JsonObject    *message,
                              const char    *id)
{
  MmLobbySeek *seek = find_seek (self, peer, message, id);
  MmLobbySession *offerer;
  MmTimeControl control;

  if (seek == NULL || refuse_if_playing (peer, id))
    return;
  if (seek->by == peer->session)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NOT_ACCEPTING,
                            /* Translators: protocol error */
                            _("That open game is your own."));
      return;
    }
  if (seek->control.rated && peer->session->guest)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NEEDS_ACCOUNT,
                            /* Translators: protocol error */
                            _("Rated games are for registered players."));
      return;
    }
  if (seek->control.rated && peer->session->account != NULL
      && ((seek->min_rating >= 0 && peer->session->account->rating < seek->min_rating)
          || (seek->max_rating >= 0 && peer->session->account->rating > seek->max_rating)))
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_OUT_OF_RANGE,
                            /* Translators: protocol error */
                            _("That open game is for players of other ratings."));
      return;
    }
  offerer = seek->by;
  control = seek->control;
  mm_lobby_peer_reply_ok (peer, id);
  if (offerer_plays_black (seek->color))
    mm_lobby_game_start (self, offerer, peer->session, &control);
  else
    mm_lobby_game_start (self, peer->session, offerer, &control);
}

/* The player called @name here, or on another server of the cluster,
 * challenged from here through a proxy. */
static MmLobbySession *
challenge_target (MmLobbyServer *self,
                  const char    *name)
{
  MmLobbySession *here = mm_lobby_server_find_session (self, name);

  return here != NULL ? here : mm_lobby_relay_session_elsewhere (self, name);
}

void
mm_lobby_seeks_handle_challenge (MmLobbyServer *self,
                                 MmLobbyPeer   *peer,
                                 JsonObject    *message,
                                 const char    *id)
{
  const char *name = json_object_get_string_member (message, "name");
  MmLobbySession *target = challenge_target (self, name);
  MmLobbyChallenge *challenge;
  MmTimeControl control;
  g_autoptr(JsonObject) sent = NULL;
  g_autoptr(JsonObject) challenged = NULL;

  if (refuse_if_playing (peer, id) || !mm_lobby_seeks_parse_time_control (peer, message, id, &control))
    return;
  if (target == NULL || target == peer->session)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NO_SUCH_PLAYER,
                            /* Translators: protocol error; %s is a name */
                            _("Nobody called “%s” is here to challenge."), name);
      return;
    }
  if (g_hash_table_contains (target->ignored, peer->session->key) || target->peer == NULL)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NOT_ACCEPTING,
                            /* Translators: protocol error; %s is a name */
                            _("%s does not take challenges now."), target->name);
      return;
    }
  if (mm_lobby_session_is_playing (target))
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_BUSY,
                            /* Translators: protocol error; %s is a name */
                            _("%s is playing."), target->name);
      return;
    }
  if (control.rated && target->guest)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NEEDS_ACCOUNT,
                            /* Translators: protocol error */
                            _("Rated games are for registered players."));
      return;
    }
  if (peer->session->n_challenges >= MAX_CHALLENGES)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_TOO_MANY,
                            /* Translators: protocol error; %d is a small number */
                            _("You have %d challenges waiting already."), MAX_CHALLENGES);
      return;
    }
  peer->session->n_challenges++;
  challenge = g_new0 (MmLobbyChallenge, 1);
  challenge->id = mm_lobby_server_new_id (self, 'c');
  challenge->from = peer->session;
  challenge->to = target;
  challenge->color = g_strdup (json_object_get_string_member (message, "color"));
  challenge->control = control;
  g_hash_table_insert (self->challenges, challenge->id, challenge);

  sent = mm_protocol_new_message ("challenge-sent", id);
  json_object_set_string_member (sent, "challenge", challenge->id);
  mm_lobby_peer_send (peer, sent);
  challenged = mm_protocol_new_message ("challenged", NULL);
  json_object_set_string_member (challenged, "challenge", challenge->id);
  json_object_set_string_member (challenged, "by", peer->session->name);
  json_object_set_string_member (challenged, "color", challenge->color);
  json_object_set_int_member (challenged, "base", control.base_s);
  json_object_set_int_member (challenged, "increment", control.increment_s);
  json_object_set_boolean_member (challenged, "rated", control.rated);
  mm_lobby_session_send (target, challenged);
}

static void
drop_challenge (MmLobbyServer    *self,
                MmLobbyChallenge *challenge,
                MmLobbySession   *tell,
                const char       *type)
{
  g_autoptr(JsonObject) news = mm_protocol_new_message (type, NULL);

  json_object_set_string_member (news, "challenge", challenge->id);
  if (tell != NULL)
    mm_lobby_session_send (tell, news);
  challenge->from->n_challenges--;
  g_hash_table_remove (self->challenges, challenge->id);
}

/* accept-challenge, decline-challenge and cancel-challenge: @answer is
 * "accept", "decline" or "cancel". */
void
mm_lobby_seeks_handle_challenge_answer (MmLobbyServer *self,
                                        MmLobbyPeer   *peer,
                                        JsonObject    *message,
                                        const char    *id,
                                        const char    *answer)
{
  const char *challenge_id = json_object_get_string_member (message, "challenge");
  MmLobbyChallenge *challenge = g_hash_table_lookup (self->challenges, challenge_id);
  gboolean cancelling = g_str_equal (answer, "cancel");

  if (challenge == NULL
      || (cancelling ? challenge->from : challenge->to) != peer->session)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NO_SUCH_CHALLENGE,
                            /* Translators: protocol error; %s is a challenge's id */
                            _("There is no challenge “%s” for you."), challenge_id);
      return;
    }
  if (g_str_equal (answer, "accept"))
    {
      MmLobbySession *from = challenge->from;
      MmLobbySession *to = challenge->to;
      MmTimeControl control = challenge->control;
      gboolean from_black;

      if (refuse_if_playing (peer, id))
        return;
      if (mm_lobby_session_is_playing (from))
        {
          mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_BUSY,
                                /* Translators: protocol error; %s is a name */
                                _("%s is playing."), from->name);
          return;
        }
      from_black = offerer_plays_black (challenge->color);
      from->n_challenges--;
      g_hash_table_remove (self->challenges, challenge->id);
      mm_lobby_peer_reply_ok (peer, id);
      if (from_black)
        mm_lobby_game_start (self, from, to, &control);
      else
        mm_lobby_game_start (self, to, from, &control);
      return;
    }
  mm_lobby_peer_reply_ok (peer, id);
  if (cancelling)
    drop_challenge (self, challenge, challenge->to, "challenge-cancelled");
  else
    drop_challenge (self, challenge, challenge->from, "challenge-declined");
}

/* The session starts a game or leaves: its seeks close, and its
 * challenges, both ways, are called off. */
void
mm_lobby_seeks_forget_session (MmLobbyServer  *self,
                               MmLobbySession *session)
{
  g_autoptr(GList) seeks = g_hash_table_get_values (self->seeks);
  g_autoptr(GList) challenges = g_hash_table_get_values (self->challenges);

  for (GList *l = seeks; l != NULL; l = l->next)
    if (((MmLobbySeek *) l->data)->by == session)
      remove_seek (self, l->data);
  for (GList *l = challenges; l != NULL; l = l->next)
    {
      MmLobbyChallenge *challenge = l->data;

      if (challenge->from == session)
        drop_challenge (self, challenge, challenge->to, "challenge-cancelled");
      else if (challenge->to == session)
        drop_challenge (self, challenge, challenge->from, "challenge-declined");
    }
}
