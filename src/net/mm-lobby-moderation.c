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

typedef struct
{
  char             *kind;
  char             *target;
  MmStoredSanction *sanction;
  /* A chat line's, until its speaker is found not muted */
  JsonObject       *message;
  char             *id;
} SanctionCheck;

static SanctionCheck *
sanction_check_new (const char *kind,
                    const char *target)
{
  SanctionCheck *check = g_new0 (SanctionCheck, 1);

  check->kind = g_strdup (kind);
  check->target = g_strdup (target);
  return check;
}

static void
sanction_check_free (SanctionCheck *check)
{
  g_free (check->kind);
  g_free (check->target);
  g_clear_pointer (&check->sanction, mm_stored_sanction_free);
  g_clear_pointer (&check->message, json_object_unref);
  g_free (check->id);
  g_free (check);
}

/* A store call: the check's sanction in force now, if any. */
static gboolean
find_sanction (MmStore  *store,
               gpointer  data,
               GError  **error)
{
  SanctionCheck *check = data;
  GError *failed = NULL;

  check->sanction = mm_store_find_sanction (store, check->kind, check->target, now_s (),
                                            &failed);
  if (failed == NULL)
    return TRUE;
  g_propagate_error (error, failed);
  return FALSE;
}

static void
address_checked (MmLobbyServer *self,
                 MmLobbyPeer   *peer,
                 gpointer       data,
                 const GError  *error)
{
  SanctionCheck *check = data;
  g_autofree char *why = NULL;
  g_autofree char *text = NULL;

  if (peer == NULL)
    return;
  /* A ban the store cannot tell (an error) is not one: the lobby stays
   * open while the database is away. */
  mm_connection_start (peer->connection);
  if (check->sanction == NULL)
    return;
  why = describe_sanction (check->sanction);
  /* Translators: why the server closed a connection; %s says how long and why */
  text = g_strdup_printf (_("This address is banned %s."), why);
  mm_lobby_peer_close (peer, NULL, MM_PROTOCOL_ERROR_BANNED, text);
}

/* Starts reading a new connection once its address is known not to be
 * banned; one from a banned address is told why, and closed. */
void
mm_lobby_moderation_admit (MmLobbyServer *self,
                           MmLobbyPeer   *peer)
{
  if (self->store == NULL)
    {
      mm_connection_start (peer->connection);
      return;
    }
  mm_lobby_server_call_store (self, peer, peer->address, find_sanction, address_checked,
                              sanction_check_new ("ban-address", peer->address),
                              (GDestroyNotify) sanction_check_free);
}

/* The ban in force on the account @name, for a log-in: a store call
 * (mm_store_call_async()), which touches nothing of the server's. */
gboolean
mm_lobby_moderation_find_ban (MmStore           *store,
                              const char        *name,
                              MmStoredSanction **ban,
                              GError           **error)
{
  g_autofree char *key = mm_nickname_key (name);
  GError *failed = NULL;

  *ban = mm_store_find_sanction (store, "ban-account", key, now_s (), &failed);
  if (failed == NULL)
    return TRUE;
  g_propagate_error (error, failed);
  return FALSE;
}

/* Refuses, and closes, a login to an account under @ban (NULL: none).
 * Answers whether it did. */
gboolean
mm_lobby_moderation_refuse_banned (MmLobbyPeer            *peer,
                                   const MmStoredSanction *ban,
                                   const char             *id)
{
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

static void
chat_checked (MmLobbyServer *self,
              MmLobbyPeer   *peer,
              gpointer       data,
              const GError  *error)
{
  SanctionCheck *check = data;
  g_autofree char *why = NULL;

  /* The speaker may have gone, or logged out, meanwhile. */
  if (peer == NULL || peer->session == NULL || !g_str_equal (peer->session->key, check->target))
    return;
  if (check->sanction == NULL)
    {
      mm_lobby_presence_say_unmuted (self, peer, check->message, check->id);
      return;
    }
  why = describe_sanction (check->sanction);
  mm_lobby_peer_refuse (peer, check->id, MM_PROTOCOL_ERROR_MUTED,
                        /* Translators: protocol error; %s says how long and why */
                        _("You are muted %s."), why);
}

/* Says a chat line unless its speaker is muted, which it is told. */
void
mm_lobby_moderation_check_chat (MmLobbyServer *self,
                                MmLobbyPeer   *peer,
                                JsonObject    *message,
                                const char    *id)
{
  SanctionCheck *check;

  if (self->store == NULL)
    {
      mm_lobby_presence_say_unmuted (self, peer, message, id);
      return;
    }
  check = sanction_check_new ("mute", peer->session->key);
  check->message = json_object_ref (message);
  check->id = g_strdup (id);
  mm_lobby_server_call_store (self, peer, check->target, find_sanction, chat_checked, check,
                              (GDestroyNotify) sanction_check_free);
}

/* A moderator's action as the store keeps it, done with a store call
 * (mm_store_call_async()) and answered on the main loop: a sanction
 * added or lifted, and the action logged. */
typedef struct
{
  char             *id;
  char             *by;
  char             *action;
  /* The target as logged: a name or an address */
  char             *target;
  char             *reason;
  /* To add (kind NULL: none) */
  MmStoredSanction  add;
  /* To lift (kind NULL: none) */
  char             *lift_kind;
  char             *lift_target;
  /* A ban by name: the account's name, and the address of the guest
   * of that name, banned when there is no such account */
  char             *ban_name;
  char             *guest_address;
  gboolean          no_account;
  /* Why its targets are closed */
  char             *text;
} Moderation;

static void
moderation_free (Moderation *moderation)
{
  g_free (moderation->id);
  g_free (moderation->by);
  g_free (moderation->action);
  g_free (moderation->target);
  g_free (moderation->reason);
  g_free (moderation->add.kind);
  g_free (moderation->add.target);
  g_free (moderation->add.reason);
  g_free (moderation->add.by);
  g_free (moderation->lift_kind);
  g_free (moderation->lift_target);
  g_free (moderation->ban_name);
  g_free (moderation->guest_address);
  g_free (moderation->text);
  g_free (moderation);
}

static Moderation *
moderation_new (MmLobbyPeer *peer,
                const char  *id,
                const char  *action,
                const char  *target,
                const char  *reason)
{
  Moderation *moderation = g_new0 (Moderation, 1);

  moderation->id = g_strdup (id);
  moderation->by = g_strdup (peer->session->name);
  moderation->action = g_strdup (action);
  moderation->target = g_strdup (target);
  moderation->reason = g_strdup (reason);
  return moderation;
}

static gint64
until_from (JsonObject *message)
{
  gint64 minutes = json_object_get_int_member_with_default (message, "minutes", 0);

  return minutes > 0 ? now_s () + minutes * 60 : 0;
}

static void
set_sanction (Moderation *moderation,
              const char *kind,
              const char *target,
              gint64      until)
{
  moderation->add.kind = g_strdup (kind);
  moderation->add.target = g_strdup (target);
  moderation->add.until = until;
  moderation->add.reason = g_strdup (moderation->reason);
  moderation->add.by = g_strdup (moderation->by);
}

/* A store call: the ban by name finds its target, the sanction is added
 * or lifted, and the action logged. */
static gboolean
moderate (MmStore  *store,
          gpointer  data,
          GError  **error)
{
  Moderation *moderation = data;

  if (moderation->ban_name != NULL)
    {
      g_autoptr(MmStoredAccount) account = mm_store_find_account (store, moderation->ban_name,
                                                                  NULL);
      g_autofree char *key = mm_nickname_key (moderation->ban_name);
      gint64 until = moderation->add.until;

      if (account != NULL)
        set_sanction (moderation, "ban-account", key, until);
      else if (moderation->guest_address != NULL)
        {
          set_sanction (moderation, "ban-address", moderation->guest_address, until);
          g_free (moderation->action);
          moderation->action = g_strdup ("banned address");
          g_free (moderation->target);
          moderation->target = g_strdup (moderation->guest_address);
        }
      else
        {
          moderation->no_account = TRUE;
          return TRUE;
        }
    }
  if (moderation->add.kind != NULL && !mm_store_add_sanction (store, &moderation->add, error))
    return FALSE;
  if (moderation->lift_kind != NULL
      && !mm_store_lift_sanction (store, moderation->lift_kind, moderation->lift_target, error))
    return FALSE;
  return mm_store_log_action (store, moderation->by, moderation->action, moderation->target,
                              moderation->reason, error);
}

static void
log_moderation (MmLobbyServer *self,
                Moderation    *moderation)
{
  mm_lobby_server_log (self, "moderation: %s %s %s%s%s", moderation->by, moderation->action,
                       moderation->target, moderation->reason != NULL ? ": " : "",
                       moderation->reason != NULL ? moderation->reason : "");
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

/* The action is kept: the moderator told so, its targets sent away. */
static void
moderated (MmLobbyServer *self,
           MmLobbyPeer   *peer,
           gpointer       data,
           const GError  *error)
{
  Moderation *moderation = data;
  MmLobbySession *target;

  /* A sanction not kept is not in force: nothing was done.  A lifted
   * one or a log line not kept is only logged. */
  if (error != NULL && (moderation->add.kind != NULL || moderation->ban_name != NULL))
    {
      if (peer != NULL)
        mm_lobby_peer_refuse (peer, moderation->id, MM_PROTOCOL_ERROR_INTERNAL,
                              /* Translators: protocol error */
                              _("The server could not keep that; nothing was done."));
      return;
    }
  if (moderation->no_account)
    {
      if (peer != NULL)
        mm_lobby_peer_refuse (peer, moderation->id, MM_PROTOCOL_ERROR_NO_SUCH_PLAYER,
                              /* Translators: protocol error; %s is a name */
                              _("“%s” has no account, and no connection to ban."),
                              moderation->ban_name);
      return;
    }
  if (peer != NULL)
    mm_lobby_peer_reply_ok (peer, moderation->id);
  log_moderation (self, moderation);
  if (moderation->text == NULL)
    return;
  if (g_strcmp0 (moderation->add.kind, "ban-address") == 0)
    expel_address (self, moderation->add.target, moderation->text);
  else if ((target = mm_lobby_server_find_session (self, moderation->target)) != NULL)
    expel (self, target, MM_PROTOCOL_ERROR_BANNED, moderation->text);
}

static void
store_moderation (MmLobbyServer *self,
                  MmLobbyPeer   *peer,
                  Moderation    *moderation)
{
  if (self->store == NULL)
    {
      GError *error = g_error_new_literal (MM_STORE_ERROR, MM_STORE_ERROR_FAILED,
                                           "no store");

      /* Nothing to keep a sanction in */
      moderated (self, peer, moderation,
                 moderation->add.kind != NULL || moderation->ban_name != NULL ? error : NULL);
      g_error_free (error);
      moderation_free (moderation);
      return;
    }
  mm_lobby_server_call_store (self, peer, NULL, moderate, moderated, moderation,
                              (GDestroyNotify) moderation_free);
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

static const char *
reason_of (JsonObject *message)
{
  return json_object_get_string_member_with_default (message, "reason", NULL);
}

static void
handle_kick (MmLobbyServer *self,
             MmLobbyPeer   *peer,
             JsonObject    *message,
             const char    *id)
{
  const char *reason = reason_of (message);
  MmLobbySession *target = find_target (self, peer, message, id);
  g_autofree char *text = NULL;
  Moderation *moderation;

  if (target == NULL)
    return;
  text = reason != NULL && *reason != '\0'
         /* Translators: why the server closed a connection; %s is the moderator's reason */
         ? g_strdup_printf (_("A moderator sent you away: %s"), reason)
         /* Translators: why the server closed a connection */
         : g_strdup (_("A moderator sent you away."));
  /* At once: the log line is kept after */
  moderation = moderation_new (peer, id, "kicked", target->name, reason);
  mm_lobby_peer_reply_ok (peer, id);
  log_moderation (self, moderation);
  expel (self, target, MM_PROTOCOL_ERROR_KICKED, text);
  if (self->store != NULL)
    mm_lobby_server_call_store (self, NULL, NULL, moderate, NULL, moderation,
                                (GDestroyNotify) moderation_free);
  else
    moderation_free (moderation);
}

static void
handle_mute (MmLobbyServer *self,
             MmLobbyPeer   *peer,
             JsonObject    *message,
             const char    *id)
{
  MmLobbySession *target = find_target (self, peer, message, id);
  Moderation *moderation;

  if (target == NULL)
    return;
  moderation = moderation_new (peer, id, "muted", target->name, reason_of (message));
  set_sanction (moderation, "mute", target->key, until_from (message));
  store_moderation (self, peer, moderation);
}

static void
handle_unmute (MmLobbyServer *self,
               MmLobbyPeer   *peer,
               JsonObject    *message,
               const char    *id)
{
  const char *name = json_object_get_string_member (message, "name");
  Moderation *moderation = moderation_new (peer, id, "unmuted", name, NULL);

  moderation->lift_kind = g_strdup ("mute");
  moderation->lift_target = mm_nickname_key (name);
  store_moderation (self, peer, moderation);
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
  g_autofree char *until = describe_until (until_from (message));
  Moderation *moderation;

  if (by_name == json_object_has_member (message, "address"))
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_BAD_FIELD,
                            /* Translators: protocol error; do not translate the quoted names */
                            _("A ban names a “name” or an “address”, one of them."));
      return;
    }
  if (by_name)
    {
      const char *name = json_object_get_string_member (message, "name");
      MmLobbySession *target = mm_lobby_server_find_session (self, name);

      moderation = moderation_new (peer, id, "banned", target != NULL ? target->name : name,
                                   reason_of (message));
      moderation->ban_name = g_strdup (name);
      if (target != NULL && target->peer != NULL)
        moderation->guest_address = g_strdup (target->peer->address);
      /* The sanction's kind and target are the store's to tell. */
      moderation->add.until = until_from (message);
    }
  else
    {
      g_autoptr(GInetAddress) inet =
        g_inet_address_new_from_string (json_object_get_string_member (message, "address"));
      g_autofree char *address = NULL;

      if (inet == NULL)
        {
          mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_BAD_FIELD,
                                /* Translators: protocol error */
                                _("That is not an IP address."));
          return;
        }
      address = g_inet_address_to_string (inet);
      moderation = moderation_new (peer, id, "banned address", address, reason_of (message));
      set_sanction (moderation, "ban-address", address, until_from (message));
    }
  /* Translators: why the server closed a connection; %s says how long */
  moderation->text = g_strdup_printf (_("You are banned %s."), until);
  store_moderation (self, peer, moderation);
}

static void
handle_unban (MmLobbyServer *self,
              MmLobbyPeer   *peer,
              JsonObject    *message,
              const char    *id)
{
  gboolean by_name = json_object_has_member (message, "name");
  Moderation *moderation;
  char *target;

  if (by_name == json_object_has_member (message, "address"))
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_BAD_FIELD,
                            /* Translators: protocol error; do not translate the quoted names */
                            _("A ban names a “name” or an “address”, one of them."));
      return;
    }
  target = by_name ? mm_nickname_key (json_object_get_string_member (message, "name"))
                   : g_strdup (json_object_get_string_member (message, "address"));
  moderation = moderation_new (peer, id, "unbanned", target, NULL);
  moderation->lift_kind = g_strdup (by_name ? "ban-account" : "ban-address");
  moderation->lift_target = target;
  store_moderation (self, peer, moderation);
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
