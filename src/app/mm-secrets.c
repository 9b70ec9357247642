/* mm-secrets.c
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

#define G_LOG_DOMAIN "mm-secrets"

#include "config.h"

#include <glib/gi18n.h>
#include <libsecret/secret.h>

#include "mm-secrets.h"

static const SecretSchema *
mm_secrets_schema (void)
{
  static const SecretSchema schema = {
    .name = APP_ID ".Account",
    .flags = SECRET_SCHEMA_NONE,
    .attributes = {
      { "server", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { "name", SECRET_SCHEMA_ATTRIBUTE_STRING },
      { NULL, 0 },
    },
  };

  return &schema;
}

static char *
mm_secrets_server (const char *host,
                   guint16     port)
{
  g_autofree char *folded = g_ascii_strdown (host, -1);

  return g_strdup_printf ("%s:%u", folded, port);
}

static void
mm_secrets_stored_cb (GObject      *source,
                      GAsyncResult *result,
                      gpointer      user_data)
{
  g_autoptr(GError) error = NULL;

  /* Without a keyring the password is only not remembered: said in the
   * log, nothing is lost. */
  if (!secret_password_store_finish (result, &error))
    g_message ("The password could not be kept in the keyring: %s", error->message);
}

void
mm_secrets_store_password (const char *host,
                           guint16     port,
                           const char *name,
                           const char *password)
{
  g_autofree char *server = mm_secrets_server (host, port);
  /* Translators: the label of a password in the keyring; %s is the player's name, then the server */
  g_autofree char *label = g_strdup_printf (_("Monomachia password of %s on %s"), name, server);

  secret_password_store (mm_secrets_schema (), SECRET_COLLECTION_DEFAULT, label, password, NULL,
                         mm_secrets_stored_cb, NULL, "server", server, "name", name, NULL);
}

static void
mm_secrets_found_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  g_autoptr(GTask) task = user_data;
  GError *error = NULL;
  char *password = secret_password_lookup_finish (result, &error);

  if (error != NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, password, (GDestroyNotify) secret_password_free);
}

void
mm_secrets_lookup_password_async (const char          *host,
                                  guint16              port,
                                  const char          *name,
                                  GCancellable        *cancellable,
                                  GAsyncReadyCallback  callback,
                                  gpointer             user_data)
{
  g_autofree char *server = mm_secrets_server (host, port);
  GTask *task = g_task_new (NULL, cancellable, callback, user_data);

  secret_password_lookup (mm_secrets_schema (), cancellable, mm_secrets_found_cb, task,
                          "server", server, "name", name, NULL);
}

/* The password kept, or NULL (none, or no keyring). */
char *
mm_secrets_lookup_password_finish (GAsyncResult  *result,
                                   GError       **error)
{
  char *password = g_task_propagate_pointer (G_TASK (result), error);
  char *copy = g_strdup (password);

  if (password != NULL)
    secret_password_free (password);
  return copy;
}
