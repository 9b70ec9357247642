/* mm-lobby-moderation.c
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

/* Moderation: admin accounts kick, mute and ban (an account, or an
 * address, for a while or for good), and lift them; a banned or kicked
 * client is told why; every action goes to the log and the store.  The
 * sanctions live in the store, so that one set from the server's own
 * machine (monomachia-server --ban) holds at the next connection. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-lobby-server-private.h"
#include "mm-nickname.h"

static gint64
now_s (void)
{
  return g_get_real_time () / G_USEC_PER_SEC;
}

/* "until 2026-12-03 18:00 UTC" or "for good", for a person. */
static char *
describe_until (gint64 until)
{
  g_autoptr(GDateTime) when = NULL;
  g_autofree char *text = NULL;

  if (until == 0)
    /* Translators: how long a ban or a mute lasts */
    return g_strdup (_("for good"));
  when = g_date_time_new_from_unix_utc (until);
  text = g_date_time_format (when, "%Y-%m-%d %H:%M UTC");
  /* Translators: how long a ban or a mute lasts; %s is a date and time */
  return g_strdup_printf (_("until %s"), text);
}

static char *
describe_sanction (const MmStoredSanction *sanction)
{
  g_autofree char *until = describe_until (sanction->until);

  if (sanction->reason != NULL && *sanction->reason != '\0')
    /* Translators: %s are how long (for good, until ...) and the moderator's reason */
    return g_strdup_printf (_("%s: %s"), until, sanction->reason);
  return g_steal_pointer (&until);
}

/* The sanction of @kind on @target in force now, if any. */
static MmStoredSanction *
find (MmLobbyServer *self,
      const char    *kind,
      const char    *target)
{
  g_autoptr(GError) error = NULL;
  MmStoredSanction *sanction;

  if (self->store == NULL)
    return NULL;
  sanction = mm_store_find_sanction (self->store, kind, target, now_s (), &error);
  if (error != NULL)
    mm_lobby_server_log (self, "store: %s", error->message);
  return sanction;
}

/* Closes a new connection from a banned address, telling it why.
 * Answers whether it did. */
gboolean
mm_lobby_moderation_refuse_address (MmLobbyServer *self,
                                    MmLobbyPeer   *peer)
{
  g_autoptr(MmStoredSanction) ban = find (self, "ban-address", peer->address);
  g_autofree char *why = NULL;
  g_autofree char *text = NULL;

  if (ban == NULL)
    return FALSE;
  why = describe_sanction (ban);
  /* Translators: why the server closed a connection; %s says how long and why */
  text = g_strdup_printf (_("This address is banned %s."), why);
  mm_lobby_peer_close (peer, NULL, MM_PROTOCOL_ERROR_BANNED, text);
  return TRUE;
}

/* Refuses, and closes, a login to a banned account.  Answers whether
 * it did. */
gboolean
mm_lobby_moderation_refuse_account (MmLobbyServer *self,
                                    MmLobbyPeer   *peer,
                                    const char    *name,
                                    const char    *id)
{
  g_autofree char *key = mm_nickname_key (name);
  g_autoptr(MmStoredSanction) ban = find (self, "ban-account", key);
  g_autofree char *why = NULL;
  g_autofree char *text = NULL;

  if (ban == NULL)
    return FALSE;
  why = describe_sanction (ban);
  /* Translators: why the server refused a login; %s says how long and why */
  text = g_strdup_printf (_("This account is banned %s."), why);
  mm_lobby_peer_close (peer, id, MM_PROTOCOL_ERROR_BANNED, text);
  return TRUE;
}

/* Refuses a muted player's chat.  Answers whether it did. */
gboolean
mm_lobby_moderation_refuse_chat (MmLobbyServer *self,
                                 MmLobbyPeer   *peer,
                                 const char    *id)
{
  g_autoptr(MmStoredSanction) mute = find (self, "mute", peer->session->key);
  g_autofree char *why = NULL;

  if (mute == NULL)
    return FALSE;
  why = describe_sanction (mute);
  mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_MUTED,
                        /* Translators: protocol error; %s says how long and why */
                        _("You are muted %s."), why);
  return TRUE;
}

static void
log_action (MmLobbyServer *self,
            const char    *by,
            const char    *action,
            const char    *target,
            const char    *detail)
{
  GError *error = NULL;

  mm_lobby_server_log (self, "moderation: %s %s %s%s%s", by, action, target,
                       detail != NULL ? ": " : "", detail != NULL ? detail : "");
  if (self->store != NULL)
    mm_lobby_server_stored (self, mm_store_log_action (self->store, by, action, target, detail,
                                                       &error), error);
}

/* Ends @session at once, its connection told why with @code. */
static void
expel (MmLobbyServer   *self,
       MmLobbySession  *session,
       MmProtocolError  code,
       const char      *text)
{
  MmLobbyPeer *peer = session->peer;

  if (peer != NULL)
    {
      session->peer = NULL;
      peer->session = NULL;
      mm_lobby_peer_close (peer, NULL, code, text);
    }
  /* No grace period: a game in progress is lost. */
  mm_lobby_session_end (self, session);
}

static gboolean
refuse_unless_admin (MmLobbyPeer *peer,
                     const char  *id)
{
  if (peer->session->account != NULL && peer->session->account->admin)
    return FALSE;
  mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NOT_ADMIN,
                        /* Translators: protocol error */
                        _("Only the server’s moderators may do that."));
  return TRUE;
}

static MmLobbySession *
find_target (MmLobbyServer *self,
             MmLobbyPeer   *peer,
             JsonObject    *message,
             const char    *id)
{
  const char *name = json_object_get_string_member (message, "name");
  MmLobbySession *target = mm_lobby_server_find_session (self, name);

  if (target == NULL)
    mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NO_SUCH_PLAYER,
                          /* Translators: protocol error; %s is a name */
                          _("Nobody called “%s” is here."), name);
  return target;
}

static gint64
until_from (JsonObject *message)
{
  gint64 minutes = json_object_get_int_member_with_default (message, "minutes", 0);

  return minutes > 0 ? now_s () + minutes * 60 : 0;
}

static void
handle_kick (MmLobbyServer *self,
             MmLobbyPeer   *peer,
             JsonObject    *message,
             const char    *id)
{
  const char *reason = json_object_get_string_member_with_default (message, "reason", NULL);
  MmLobbySession *target = find_target (self, peer, message, id);
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  if (target == NULL)
    return;
  name = g_strdup (target->name);
  text = reason != NULL && *reason != '\0'
         /* Translators: why the server closed a connection; %s is the moderator's reason */
         ? g_strdup_printf (_("A moderator sent you away: %s"), reason)
         /* Translators: why the server closed a connection */
         : g_strdup (_("A moderator sent you away."));
  mm_lobby_peer_reply_ok (peer, id);
  log_action (self, peer->session->name, "kicked", name, reason);
  expel (self, target, MM_PROTOCOL_ERROR_KICKED, text);
}

static gboolean
add_sanction (MmLobbyServer *self,
              MmLobbyPeer   *peer,
              const char    *id,
              const char    *kind,
              const char    *target,
              JsonObject    *message)
{
  MmStoredSanction sanction = {
    (char *) kind, (char *) target, until_from (message),
    (char *) json_object_get_string_member_with_default (message, "reason", NULL),
    peer->session->name,
  };
  GError *error = NULL;

  if (self->store != NULL
      && mm_lobby_server_stored (self, mm_store_add_sanction (self->store, &sanction, &error),
                                 error))
    return TRUE;
  mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_INTERNAL,
                        /* Translators: protocol error */
                        _("The server could not keep that; nothing was done."));
  return FALSE;
}

static void
handle_mute (MmLobbyServer *self,
             MmLobbyPeer   *peer,
             JsonObject    *message,
             const char    *id)
{
  MmLobbySession *target = find_target (self, peer, message, id);

  if (target == NULL || !add_sanction (self, peer, id, "mute", target->key, message))
    return;
  mm_lobby_peer_reply_ok (peer, id);
  log_action (self, peer->session->name, "muted", target->name,
              json_object_get_string_member_with_default (message, "reason", NULL));
}

static void
handle_unmute (MmLobbyServer *self,
               MmLobbyPeer   *peer,
               JsonObject    *message,
               const char    *id)
{
  const char *name = json_object_get_string_member (message, "name");
  g_autofree char *key = mm_nickname_key (name);
  GError *error = NULL;

  if (self->store != NULL)
    mm_lobby_server_stored (self, mm_store_lift_sanction (self->store, "mute", key, &error), error);
  mm_lobby_peer_reply_ok (peer, id);
  log_action (self, peer->session->name, "unmuted", name, NULL);
}

/* Everyone connected from @address goes. */
static void
expel_address (MmLobbyServer *self,
               const char    *address,
               const char    *text)
{
  g_autoptr(GList) peers = g_hash_table_get_keys (self->peers);

  for (GList *l = peers; l != NULL; l = l->next)
    {
      MmLobbyPeer *other = l->data;

      if (other->closing || !g_str_equal (other->address, address))
        continue;
      if (other->session != NULL)
        expel (self, other->session, MM_PROTOCOL_ERROR_BANNED, text);
      else
        mm_lobby_peer_close (other, NULL, MM_PROTOCOL_ERROR_BANNED, text);
    }
}

/* ban with an account's name bans the account; with a guest's, the
 * guest's address; with an address, that address. */
static void
handle_ban (MmLobbyServer *self,
            MmLobbyPeer   *peer,
            JsonObject    *message,
            const char    *id)
{
  gboolean by_name = json_object_has_member (message, "name");
  const char *reason = json_object_get_string_member_with_default (message, "reason", NULL);
  g_autoptr(MmStoredAccount) account = NULL;
  g_autofree char *until = describe_until (until_from (message));
  g_autofree char *text = NULL;
  g_autofree char *address = NULL;
  g_autofree char *key = NULL;
  MmLobbySession *target = NULL;

  if (by_name == json_object_has_member (message, "address"))
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_BAD_FIELD,
                            /* Translators: protocol error; do not translate the quoted names */
                            _("A ban names a “name” or an “address”, one of them."));
      return;
    }
  /* Translators: why the server closed a connection; %s says how long */
  text = g_strdup_printf (_("You are banned %s."), until);
  if (!by_name)
    {
      g_autoptr(GInetAddress) inet =
        g_inet_address_new_from_string (json_object_get_string_member (message, "address"));

      if (inet == NULL)
        {
          mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_BAD_FIELD,
                                /* Translators: protocol error */
                                _("That is not an IP address."));
          return;
        }
      address = g_inet_address_to_string (inet);
    }
  else
    {
      const char *name = json_object_get_string_member (message, "name");

      key = mm_nickname_key (name);
      target = mm_lobby_server_find_session (self, name);
      if (self->store != NULL)
        account = mm_store_find_account (self->store, name, NULL);
      if (account == NULL)
        {
          /* A guest: its address. */
          if (target == NULL || target->peer == NULL)
            {
              mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NO_SUCH_PLAYER,
                                    /* Translators: protocol error; %s is a name */
                                    _("“%s” has no account, and no connection to ban."), name);
              return;
            }
          address = g_strdup (target->peer->address);
        }
    }
  if (address != NULL)
    {
      if (!add_sanction (self, peer, id, "ban-address", address, message))
        return;
      mm_lobby_peer_reply_ok (peer, id);
      log_action (self, peer->session->name, "banned address", address, reason);
      expel_address (self, address, text);
      return;
    }
  if (!add_sanction (self, peer, id, "ban-account", key, message))
    return;
  mm_lobby_peer_reply_ok (peer, id);
  log_action (self, peer->session->name, "banned", account->name, reason);
  if (target != NULL)
    expel (self, target, MM_PROTOCOL_ERROR_BANNED, text);
}

static void
handle_unban (MmLobbyServer *self,
              MmLobbyPeer   *peer,
              JsonObject    *message,
              const char    *id)
{
  gboolean by_name = json_object_has_member (message, "name");
  g_autofree char *target = NULL;
  GError *error = NULL;

  if (by_name == json_object_has_member (message, "address"))
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_BAD_FIELD,
                            /* Translators: protocol error; do not translate the quoted names */
                            _("A ban names a “name” or an “address”, one of them."));
      return;
    }
  target = by_name ? mm_nickname_key (json_object_get_string_member (message, "name"))
                   : g_strdup (json_object_get_string_member (message, "address"));
  if (self->store != NULL)
    mm_lobby_server_stored (self, mm_store_lift_sanction (self->store,
                                                         by_name ? "ban-account" : "ban-address",
                                                         target, &error), error);
  mm_lobby_peer_reply_ok (peer, id);
  log_action (self, peer->session->name, "unbanned", target, NULL);
}

void
mm_lobby_moderation_handle (MmLobbyServer *self,
                            MmLobbyPeer   *peer,
                            JsonObject    *message,
                            const char    *type,
                            const char    *id)
{
  if (refuse_unless_admin (peer, id))
    return;
  if (g_str_equal (type, "kick"))
    handle_kick (self, peer, message, id);
  else if (g_str_equal (type, "mute"))
    handle_mute (self, peer, message, id);
  else if (g_str_equal (type, "unmute"))
    handle_unmute (self, peer, message, id);
  else if (g_str_equal (type, "ban"))
    handle_ban (self, peer, message, id);
  else
    handle_unban (self, peer, message, id);
}
