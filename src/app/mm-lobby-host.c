/* mm-lobby-host.c
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

#define G_LOG_DOMAIN "mm-lobby-host"

#include "config.h"

#include <glib/gi18n.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "mm-lan-beacon.h"
#include "mm-lan-discovery.h"
#include "mm-lan-server.h"
#include "mm-lobby-host.h"
#include "mm-lobby-server.h"
#include "mm-sqlite-store.h"
#include "mm-tls.h"

struct _MmLobbyHost
{
  GObject        parent_instance;

  MmLobbyServer *server;
  MmSqliteStore *store;
  char          *fingerprint;
  guint16        port;
  /* Tells the local network the lobby is here */
  MmLanBeacon   *beacon;
};

G_DEFINE_FINAL_TYPE (MmLobbyHost, mm_lobby_host, G_TYPE_OBJECT)

static void
mm_lobby_host_dispose (GObject *object)
{
  mm_lobby_host_stop (MM_LOBBY_HOST (object));

  G_OBJECT_CLASS (mm_lobby_host_parent_class)->dispose (object);
}

static void
mm_lobby_host_class_init (MmLobbyHostClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = mm_lobby_host_dispose;
}

static void
mm_lobby_host_init (MmLobbyHost *self)
{
}

/* The one host of the app. */
MmLobbyHost *
mm_lobby_host_get_default (void)
{
  static MmLobbyHost *host;

  if (host == NULL)
    host = g_object_new (MM_TYPE_LOBBY_HOST, NULL);
  return host;
}

/* Where the host listens: every address of the computer, so that
 * friends reach it; MONOMACHIA_HOST_ADDRESS names one instead (tests
 * keep to 127.0.0.1). */
static GInetAddress *
mm_lobby_host_listen_address (GError **error)
{
  const char *text = g_getenv ("MONOMACHIA_HOST_ADDRESS");
  GInetAddress *address;

  if (text == NULL || *text == '\0')
    return NULL;
  address = g_inet_address_new_from_string (text);
  if (address == NULL)
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                 _("MONOMACHIA_HOST_ADDRESS is not an IP address: %s"), text);
  return address;
}

/* Starts the server on @port; the port in use is said as a sentence. */
gboolean
mm_lobby_host_start (MmLobbyHost  *self,
                     guint16       port,
                     GError      **error)
{
  g_autofree char *folder = g_build_filename (g_get_user_data_dir (), "monomachia", "host", NULL);
  g_autofree char *path = g_build_filename (folder, "server.db", NULL);
  g_autoptr(GTlsCertificate) certificate = NULL;
  g_autoptr(GInetAddress) address = NULL;
  g_autoptr(MmLobbyServer) server = NULL;
  g_autoptr(MmSqliteStore) store = NULL;
  g_autoptr(GError) local_error = NULL;
  MmServerLimits limits;
  gboolean created;

  g_return_val_if_fail (MM_IS_LOBBY_HOST (self), FALSE);

  if (self->server != NULL)
    return TRUE;
  address = mm_lobby_host_listen_address (&local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The folder %s cannot be made."), folder);
      return FALSE;
    }
  certificate = mm_tls_certificate_load_or_create (folder, g_get_host_name (), &created, error);
  if (certificate == NULL)
    return FALSE;
  store = mm_sqlite_store_new (path, error);
  if (store == NULL)
    return FALSE;
  mm_server_limits_init (&limits);
  /* Translators: the name of the lobby a person hosts; %s is their computer's name */
  {
    g_autofree char *name = g_strdup_printf (_("%s’s lobby"), g_get_host_name ());

    server = mm_lobby_server_new (name, &limits);
  }
  mm_lobby_server_set_certificate (server, certificate);
  if (!mm_lobby_server_set_store (server, MM_STORE (store), error))
    return FALSE;
  if (!mm_lobby_server_listen (server, address, port, &self->port, &local_error))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_ADDRESS_IN_USE,
                   /* Translators: %u is a port number, %s why it cannot be used */
                   _("Port %u cannot be used (%s). Choose another."), port, local_error->message);
      return FALSE;
    }
  self->server = g_steal_pointer (&server);
  self->store = g_steal_pointer (&store);
  g_free (self->fingerprint);
  self->fingerprint = mm_tls_certificate_get_fingerprint (certificate);
  /* A lobby kept to one address (loopback, for tests) is not announced:
   * nobody else could reach it, and nothing is sent to the network. */
  if (address == NULL)
    {
      g_autofree char *name = g_strdup_printf (_("%s’s lobby"), g_get_host_name ());
      g_autoptr(GError) beacon_error = NULL;

      self->beacon = mm_lan_beacon_new (name, self->port, self->fingerprint);
      if (!mm_lan_beacon_start (self->beacon, 3000, &beacon_error))
        g_message ("The lobby is not announced on the network: %s", beacon_error->message);
    }
  return TRUE;
}

/* Stops the server; the guests are told it stops. */
void
mm_lobby_host_stop (MmLobbyHost *self)
{
  g_return_if_fail (MM_IS_LOBBY_HOST (self));

  if (self->server == NULL)
    return;
  if (self->beacon != NULL)
    mm_lan_beacon_stop (self->beacon);
  g_clear_object (&self->beacon);
  mm_lobby_server_stop (self->server);
  g_clear_object (&self->server);
  g_clear_object (&self->store);
}

gboolean
mm_lobby_host_is_running (MmLobbyHost *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_HOST (self), FALSE);
  return self->server != NULL;
}

guint16
mm_lobby_host_get_port (MmLobbyHost *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_HOST (self), 0);
  return self->port;
}

const char *
mm_lobby_host_get_fingerprint (MmLobbyHost *self)
{
  g_return_val_if_fail (MM_IS_LOBBY_HOST (self), NULL);
  return self->fingerprint;
}

/* The computer's addresses a friend can reach, as host:port. */
static void
mm_lobby_host_add_addresses (MmLobbyHost *self,
                             GString     *text)
{
  struct ifaddrs *interfaces = NULL;
  guint n = 0;

  if (getifaddrs (&interfaces) != 0)
    return;
  for (struct ifaddrs *i = interfaces; i != NULL; i = i->ifa_next)
    {
      g_autoptr(GSocketAddress) socket_address = NULL;
      g_autofree char *address = NULL;
      GInetAddress *inet;
      gsize size;

      if (i->ifa_addr == NULL || (i->ifa_flags & IFF_UP) == 0 || (i->ifa_flags & IFF_LOOPBACK) != 0)
        continue;
      if (i->ifa_addr->sa_family == AF_INET)
        size = sizeof (struct sockaddr_in);
      else if (i->ifa_addr->sa_family == AF_INET6)
        size = sizeof (struct sockaddr_in6);
      else
        continue;
      socket_address = g_socket_address_new_from_native (i->ifa_addr, size);
      inet = g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (socket_address));
      if (g_inet_address_get_is_link_local (inet))
        continue;
      address = g_inet_address_to_string (inet);
      g_string_append_printf (text, g_inet_address_get_family (inet) == G_SOCKET_FAMILY_IPV6
                                    ? "\n    [%s]:%u" : "\n    %s:%u", address, self->port);
      n++;
    }
  freeifaddrs (interfaces);
  if (n == 0)
    g_string_append_printf (text, "\n    %s:%u", g_get_host_name (), self->port);
}

/* What to tell friends: where to connect, and the fingerprint to check. */
char *
mm_lobby_host_describe (MmLobbyHost *self)
{
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (MM_IS_LOBBY_HOST (self), NULL);

  if (self->server == NULL)
    return g_string_free (text, FALSE);
  g_string_append (text, _("Hosting. Friends connect to:"));
  mm_lobby_host_add_addresses (self, text);
  g_string_append_c (text, '\n');
  /* Translators: %s is the certificate's SHA-256 fingerprint, which friends compare */
  g_string_append_printf (text, _("The certificate’s fingerprint, for them to compare: %s"),
                          self->fingerprint);
  return g_string_free (text, FALSE);
}
