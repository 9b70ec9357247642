/* mm-lobby-accounts.c
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

/* Registered players: an account is a name and a password, kept only
 * as its Argon2id hash (libsodium's crypto_pwhash_str()).  Hashing takes
 * a tenth of a second and 64 MiB by design, so it runs on GTask's
 * threads, two at a time, and the accounts are read and made with the
 * store's calls (mm_lobby_server_call_store()): the main loop serves
 * everyone meanwhile.  Failed logins are limited per address and per
 * account. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <sodium.h>
#include <string.h>

#include "mm-lobby-server-private.h"
#include "mm-nickname.h"

/* A fuzzer registers thousands of players a second: its builds hash
 * cheaply, so that it reaches what comes after. */
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
#define HASH_OPSLIMIT crypto_pwhash_OPSLIMIT_MIN
#define HASH_MEMLIMIT crypto_pwhash_MEMLIMIT_MIN
#else
#define HASH_OPSLIMIT crypto_pwhash_OPSLIMIT_INTERACTIVE
#define HASH_MEMLIMIT crypto_pwhash_MEMLIMIT_INTERACTIVE
#endif

#define MAX_HASHING 2
/* Waiting to be hashed, beyond which logins are asked to wait */
#define MAX_QUEUED 64
#define MIN_PASSWORD 8
/* Failed logins: five at once, then one a minute. */
#define FAILURE_BURST 5
#define FAILURE_RATE (1.0 / 60)

typedef struct
{
  MmLobbyServer   *server;
  MmLobbyPeer     *peer;
  guint64          serial;
  char            *id;
  char            *name;
  char            *password;
  gboolean         registering;
  /* Login: the account to check against; register: made once hashed */
  MmStoredAccount *account;
  /* The account's ban in force, if any */
  MmStoredSanction *ban;
  /* Register: someone made the account first */
  gboolean         taken;
  char             hash[crypto_pwhash_STRBYTES];
  gboolean         ok;
} HashJob;

static void
hash_job_free (HashJob *job)
{
  if (job->password != NULL)
    sodium_memzero (job->password, strlen (job->password));
  g_free (job->password);
  g_free (job->id);
  g_free (job->name);
  mm_stored_account_free (job->account);
  g_clear_pointer (&job->ban, mm_stored_sanction_free);
  sodium_memzero (job->hash, sizeof job->hash);
  g_free (job);
}

static void
hash_in_thread (GTask        *task,
                gpointer      source,
                gpointer      data,
                GCancellable *cancellable)
{
  HashJob *job = data;
  gsize length = strlen (job->password);

  if (job->registering)
    job->ok = crypto_pwhash_str (job->hash, job->password, length,
                                 HASH_OPSLIMIT, HASH_MEMLIMIT) == 0;
  else
    job->ok = crypto_pwhash_str_verify (job->account->password_hash, job->password, length) == 0;
  sodium_memzero (job->password, length);
  g_task_return_boolean (task, TRUE);
}

static void start_next_job (MmLobbyServer *self);

/* A store call: the account of the job's name, and its ban if it has
 * one. */
static gboolean
look_up_account (MmStore  *store,
                 gpointer  data,
                 GError  **error)
{
  HashJob *job = data;
  GError *failed = NULL;

  job->account = mm_store_find_account (store, job->name, &failed);
  if (failed != NULL)
    {
      g_propagate_error (error, failed);
      return FALSE;
    }
  return job->account == NULL || mm_lobby_moderation_find_ban (store, job->name, &job->ban, error);
}

/* A store call: the account of a registering player made with the
 * password's hash, unless someone made it first. */
static gboolean
create_account (MmStore  *store,
                gpointer  data,
                GError  **error)
{
  HashJob *job = data;
  g_autoptr(MmStoredAccount) existing = NULL;
  GError *failed = NULL;

  existing = mm_store_find_account (store, job->name, &failed);
  if (failed != NULL)
    {
      g_propagate_error (error, failed);
      return FALSE;
    }
  if (existing != NULL)
    {
      job->taken = TRUE;
      return TRUE;
    }
  job->account = mm_stored_account_new (job->name, job->hash);
  return mm_store_create_account (store, job->account, error)
         && mm_lobby_moderation_find_ban (store, job->name, &job->ban, error);
}

/* The log-in of the job's connection is over, one way or the other. */
static void
end_login (HashJob *job)
{
  job->peer->logging_in = FALSE;
}

/* The store failed (and said why in the log). */
static void
refuse_unreachable (HashJob *job)
{
  mm_lobby_peer_refuse (job->peer, job->id, MM_PROTOCOL_ERROR_INTERNAL,
                        /* Translators: protocol error */
                        _("The server cannot reach its accounts now; try again later."));
}

static void
refuse_taken (HashJob *job)
{
  mm_lobby_peer_refuse (job->peer, job->id, MM_PROTOCOL_ERROR_NAME_TAKEN,
                        /* Translators: protocol error; %s is a player's name */
                        _("Someone is already called “%s”."), job->name);
}

static MmRateLimit *
failures (MmLobbyServer *self,
          GHashTable    *table,
          const char    *key)
{
  MmRateLimit *limit = g_hash_table_lookup (table, key);

  if (limit == NULL)
    {
      limit = g_new (MmRateLimit, 1);
      mm_rate_limit_init (limit, FAILURE_RATE, FAILURE_BURST, g_get_monotonic_time ());
      g_hash_table_insert (table, g_strdup (key), limit);
    }
  return limit;
}

/* Each try counts as a failure until it is known to be none: a burst of
 * tries is limited before their hashes are done. */
static void
count_failure (MmLobbyServer *self,
               const char    *address,
               const char    *name)
{
  g_autofree char *key = mm_nickname_key (name);
  gint64 now = g_get_monotonic_time ();

  mm_rate_limit_take (failures (self, self->failed_by_address, address), now);
  mm_rate_limit_take (failures (self, self->failed_by_account, key), now);
}

static void
refund_failure (MmLobbyServer *self,
                const char    *address,
                const char    *name)
{
  g_autofree char *key = mm_nickname_key (name);
  MmRateLimit *limits[] = { failures (self, self->failed_by_address, address),
                            failures (self, self->failed_by_account, key) };

  for (gsize i = 0; i < G_N_ELEMENTS (limits); i++)
    limits[i]->tokens = MIN (limits[i]->tokens + 1, limits[i]->burst);
}

static gboolean
too_many_failures (MmLobbyServer *self,
                   const char    *address,
                   const char    *name)
{
  g_autofree char *key = mm_nickname_key (name);
  gint64 now = g_get_monotonic_time ();

  return !mm_rate_limit_allows (failures (self, self->failed_by_address, address), now)
         || !mm_rate_limit_allows (failures (self, self->failed_by_account, key), now);
}

static void
account_created (MmLobbyServer *self,
                 MmLobbyPeer   *peer,
                 gpointer       data,
                 const GError  *error)
{
  HashJob *job = data;

  if (peer == NULL)
    return;
  end_login (job);
  if (error != NULL)
    refuse_unreachable (job);
  else if (job->taken)
    refuse_taken (job);
  else
    {
      mm_lobby_server_log (self, "%s registered from %s", job->name, peer->address);
      mm_lobby_server_open_session (self, peer, job->name, g_steal_pointer (&job->account),
                                    job->ban, job->id);
    }
}

/* Answers whether it handed @job on. */
static gboolean
finish_register (HashJob *job)
{
  MmLobbyServer *self = job->server;
  g_autofree char *key = mm_nickname_key (job->name);

  if (!job->ok)
    {
      end_login (job);
      mm_lobby_peer_refuse (job->peer, job->id, MM_PROTOCOL_ERROR_INTERNAL,
                            /* Translators: protocol error */
                            _("The server could not keep the password; try again."));
      return FALSE;
    }
  /* Someone may have come in with the name while it was hashed. */
  if (g_hash_table_contains (self->sessions, key))
    {
      end_login (job);
      refuse_taken (job);
      return FALSE;
    }
  mm_lobby_server_call_store (self, job->peer, key, create_account, account_created,
                              job, (GDestroyNotify) hash_job_free);
  return TRUE;
}

static void
finish_login (HashJob *job)
{
  MmLobbyServer *self = job->server;
  MmStoredAccount *account;

  end_login (job);
  if (!job->ok)
    {
      mm_lobby_server_log (self, "failed login as %s from %s", job->name, job->peer->address);
      mm_lobby_peer_refuse (job->peer, job->id, MM_PROTOCOL_ERROR_BAD_PASSWORD,
                            /* Translators: protocol error */
                            _("Wrong name or password."));
      return;
    }
  refund_failure (self, job->peer->address, job->name);
  account = g_steal_pointer (&job->account);
  mm_lobby_server_open_session (self, job->peer, account->name, account, job->ban, job->id);
}

static void
hash_done_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  HashJob *job = g_task_get_task_data (G_TASK (result));
  MmLobbyServer *self = job->server;
  gboolean handed_on = FALSE;

  self->hashing--;
  /* The peer may have gone, or logged in another way, meanwhile. */
  if (mm_lobby_peer_is_alive (self, job->peer, job->serial))
    {
      if (job->peer->session != NULL)
        {
          end_login (job);
          mm_lobby_peer_refuse (job->peer, job->id, MM_PROTOCOL_ERROR_LOGGED_IN,
                                /* Translators: protocol error; %s is the player's name */
                                _("You are already in, as “%s”."), job->peer->session->name);
        }
      else if (job->registering)
        handed_on = finish_register (job);
      else
        finish_login (job);
    }
  if (!handed_on)
    hash_job_free (job);
  start_next_job (self);
  g_object_unref (self);
}

static void
start_next_job (MmLobbyServer *self)
{
  while (self->hashing < MAX_HASHING && !g_queue_is_empty (&self->hash_jobs))
    {
      HashJob *job = g_queue_pop_head (&self->hash_jobs);
      g_autoptr(GTask) task = g_task_new (NULL, NULL, hash_done_cb, g_object_ref (self));

      self->hashing++;
      /* hash_done_cb() frees it, or hands it on */
      g_task_set_task_data (task, job, NULL);
      g_task_run_in_thread (task, hash_in_thread);
    }
}

static void
queue_job (MmLobbyServer *self,
           HashJob       *job)
{
  g_queue_push_tail (&self->hash_jobs, job);
  start_next_job (self);
}

/* One password at a time per connection, and not past the queue's
 * bound. */
static gboolean
refuse_if_busy (MmLobbyServer *self,
                MmLobbyPeer   *peer,
                const char    *id)
{
  if (!peer->logging_in && g_queue_get_length (&self->hash_jobs) < MAX_QUEUED)
    return FALSE;
  mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_RATE_LIMITED,
                        /* Translators: protocol error */
                        _("Your last log-in is still under way: wait a moment."));
  return TRUE;
}

static HashJob *
new_job (MmLobbyServer *self,
         MmLobbyPeer   *peer,
         const char    *name,
         JsonObject    *message,
         const char    *id)
{
  HashJob *job = g_new0 (HashJob, 1);

  job->server = self;
  job->peer = peer;
  job->serial = peer->serial;
  job->id = g_strdup (id);
  job->name = g_strdup (name);
  /* None for a guest */
  if (message != NULL)
    job->password = g_strdup (json_object_get_string_member (message, "password"));
  return job;
}

static gboolean
refuse_without_store (MmLobbyServer *self,
                      MmLobbyPeer   *peer,
                      const char    *id)
{
  if (self->store != NULL)
    return FALSE;
  mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_NO_ACCOUNTS,
                        /* Translators: protocol error */
                        _("This server keeps no accounts: come in as a guest."));
  return TRUE;
}

/* The name is free unless an account or someone present has it. */
static void
register_looked_up (MmLobbyServer *self,
                    MmLobbyPeer   *peer,
                    gpointer       data,
                    const GError  *error)
{
  HashJob *job = data;
  g_autofree char *key = NULL;

  if (peer == NULL)
    {
      hash_job_free (job);
      return;
    }
  key = mm_nickname_key (job->name);
  if (job->account != NULL || g_hash_table_contains (self->sessions, key))
    refuse_taken (job);
  else if (error != NULL)
    refuse_unreachable (job);
  else
    {
      queue_job (self, job);
      return;
    }
  end_login (job);
  hash_job_free (job);
}

void
mm_lobby_accounts_register (MmLobbyServer *self,
                            MmLobbyPeer   *peer,
                            JsonObject    *message,
                            const char    *id)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *name = NULL;
  g_autofree char *key = NULL;
  HashJob *job;

  if (refuse_without_store (self, peer, id) || refuse_if_busy (self, peer, id))
    return;
  name = mm_nickname_check (json_object_get_string_member (message, "name"), &error);
  if (name == NULL)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_BAD_NAME, "%s", error->message);
      return;
    }
  if (g_utf8_strlen (json_object_get_string_member (message, "password"), -1) < MIN_PASSWORD)
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_BAD_PASSWORD,
                            /* Translators: protocol error; %d is a small number */
                            _("A password has at least %d characters."), MIN_PASSWORD);
      return;
    }
  key = mm_nickname_key (name);
  job = new_job (self, peer, name, message, id);
  job->registering = TRUE;
  if (g_hash_table_contains (self->sessions, key))
    {
      refuse_taken (job);
      hash_job_free (job);
      return;
    }
  peer->logging_in = TRUE;
  mm_lobby_server_call_store (self, peer, key, look_up_account, register_looked_up, job, NULL);
}

static void
login_looked_up (MmLobbyServer *self,
                 MmLobbyPeer   *peer,
                 gpointer       data,
                 const GError  *error)
{
  HashJob *job = data;

  if (peer == NULL)
    {
      hash_job_free (job);
      return;
    }
  if (error != NULL)
    {
      /* Not the player's failure */
      refund_failure (self, peer->address, job->name);
      refuse_unreachable (job);
    }
  else if (job->account == NULL)
    mm_lobby_peer_refuse (peer, job->id, MM_PROTOCOL_ERROR_BAD_PASSWORD,
                          /* Translators: protocol error */
                          _("Wrong name or password."));
  else
    {
      queue_job (self, job);
      return;
    }
  end_login (job);
  hash_job_free (job);
}

void
mm_lobby_accounts_login (MmLobbyServer *self,
                         MmLobbyPeer   *peer,
                         JsonObject    *message,
                         const char    *id)
{
  const char *name = json_object_get_string_member (message, "name");
  g_autofree char *key = mm_nickname_key (name);

  if (refuse_without_store (self, peer, id) || refuse_if_busy (self, peer, id))
    return;
  if (too_many_failures (self, peer->address, name))
    {
      mm_lobby_peer_refuse (peer, id, MM_PROTOCOL_ERROR_RATE_LIMITED,
                            /* Translators: protocol error */
                            _("Too many failed logins: wait a few minutes."));
      return;
    }
  /* A failure until the password is found right, a missing account's
   * included: a burst is limited before the store has answered. */
  count_failure (self, peer->address, name);
  peer->logging_in = TRUE;
  mm_lobby_server_call_store (self, peer, key, look_up_account, login_looked_up,
                              new_job (self, peer, name, message, id), NULL);
}

static void
guest_looked_up (MmLobbyServer *self,
                 MmLobbyPeer   *peer,
                 gpointer       data,
                 const GError  *error)
{
  HashJob *job = data;

  if (peer == NULL)
    return;
  end_login (job);
  /* A guest cannot take a registered name; while the database is away
   * (an error) the lobby stays open to guests. */
  if (job->account != NULL)
    mm_lobby_peer_refuse (peer, job->id, MM_PROTOCOL_ERROR_NAME_REGISTERED,
                          /* Translators: protocol error; %s is a player's name */
                          _("“%s” is a registered name: log in with its password."), job->name);
  else
    mm_lobby_server_open_session (self, peer, job->name, NULL, NULL, job->id);
}

/* A guest's log-in as @name, a checked nickname: on a server that keeps
 * accounts, once the store has said the name is nobody's account. */
void
mm_lobby_accounts_guest (MmLobbyServer *self,
                         MmLobbyPeer   *peer,
                         const char    *name,
                         const char    *id)
{
  g_autofree char *key = mm_nickname_key (name);

  if (self->store == NULL)
    {
      mm_lobby_server_open_session (self, peer, name, NULL, NULL, id);
      return;
    }
  if (refuse_if_busy (self, peer, id))
    return;
  peer->logging_in = TRUE;
  mm_lobby_server_call_store (self, peer, key, look_up_account, guest_looked_up,
                              new_job (self, peer, name, NULL, id),
                              (GDestroyNotify) hash_job_free);
}

void
mm_lobby_accounts_clear (MmLobbyServer *self)
{
  g_queue_clear_full (&self->hash_jobs, (GDestroyNotify) hash_job_free);
}

static gboolean
is_rested (gpointer key,
           gpointer value,
           gpointer user_data)
{
  MmRateLimit *limit = value;

  mm_rate_limit_allows (limit, *(gint64 *) user_data);
  return limit->tokens >= limit->burst;
}

/* Failures long past are forgotten, so that the tables do not grow with
 * every name ever tried. */
void
mm_lobby_accounts_prune (MmLobbyServer *self)
{
  gint64 now = g_get_monotonic_time ();

  g_hash_table_foreach_remove (self->failed_by_address, is_rested, &now);
  g_hash_table_foreach_remove (self->failed_by_account, is_rested, &now);
}
