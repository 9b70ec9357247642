/* mm-lan-discovery.c
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

#define G_LOG_DOMAIN "mm-lan"

#include "config.h"

#include "mm-lan-beacon.h"
#include "mm-lan-discovery.h"
#include "mm-lan-server.h"

struct _MmLanDiscovery
{
  GObject     parent_instance;

  GSocket    *socket;
  GSource    *source;
  GListStore *servers;
  guint       sweep;
  gint64      forget_after_us;
};

G_DEFINE_FINAL_TYPE (MmLanDiscovery, mm_lan_discovery, G_TYPE_OBJECT)

static void
mm_lan_discovery_dispose (GObject *object)
{
  mm_lan_discovery_stop (MM_LAN_DISCOVERY (object));

  G_OBJECT_CLASS (mm_lan_discovery_parent_class)->dispose (object);
}

static void
mm_lan_discovery_finalize (GObject *object)
{
  g_object_unref (MM_LAN_DISCOVERY (object)->servers);

  G_OBJECT_CLASS (mm_lan_discovery_parent_class)->finalize (object);
}

static void
mm_lan_discovery_class_init (MmLanDiscoveryClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = mm_lan_discovery_dispose;
  G_OBJECT_CLASS (klass)->finalize = mm_lan_discovery_finalize;
}

static void
mm_lan_discovery_init (MmLanDiscovery *self)
{
  self->servers = g_list_store_new (MM_TYPE_LAN_SERVER);
}

MmLanDiscovery *
mm_lan_discovery_new (void)
{
  return g_object_new (MM_TYPE_LAN_DISCOVERY, NULL);
}

/* The servers heard lately (MmLanServer). */
GListModel *
mm_lan_discovery_get_servers (MmLanDiscovery *self)
{
  g_return_val_if_fail (MM_IS_LAN_DISCOVERY (self), NULL);
  return G_LIST_MODEL (self->servers);
}

static void
mm_lan_discovery_heard (MmLanDiscovery *self,
                        JsonObject     *beacon,
                        const char     *host)
{
  g_autoptr(MmLanServer) server = _mm_lan_server_new (beacon, host);
  guint16 port = mm_lan_server_get_port (server);
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->servers));

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(MmLanServer) known = g_list_model_get_item (G_LIST_MODEL (self->servers), i);

      if (mm_lan_server_get_port (known) != port || !g_str_equal (mm_lan_server_get_host (known), host))
        continue;
      /* Heard again: kept, and told only if it changed. */
      if (!_mm_lan_server_heard_again (known, server))
        g_list_store_splice (self->servers, i, 1, (gpointer *) &server, 1);
      return;
    }
  g_list_store_append (self->servers, server);
}

static gboolean
mm_lan_discovery_readable_cb (GSocket      *socket,
                              GIOCondition  condition,
                              gpointer      data)
{
  MmLanDiscovery *self = data;

  /* A few datagrams a turn, so that a flood cannot hold the loop. */
  for (int i = 0; i < 16; i++)
    {
      g_autoptr(GSocketAddress) from = NULL;
      g_autoptr(JsonObject) beacon = NULL;
      g_autofree char *host = NULL;
      char buffer[MM_LAN_MAX_BEACON + 1];
      gssize length;

      length = g_socket_receive_from (socket, &from, buffer, sizeof buffer, NULL, NULL);
      if (length < 0)
        break;
      /* A sender without an address is nobody to connect to. */
      if (!G_IS_INET_SOCKET_ADDRESS (from)
          || g_inet_address_get_is_any (g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (from))))
        continue;
      beacon = _mm_lan_parse_beacon (buffer, (gsize) length);
      if (beacon == NULL)
        continue;
      host = g_inet_address_to_string (g_inet_socket_address_get_address (G_INET_SOCKET_ADDRESS (from)));
      mm_lan_discovery_heard (self, beacon, host);
    }
  return G_SOURCE_CONTINUE;
}

static gboolean
mm_lan_discovery_sweep_cb (gpointer data)
{
  MmLanDiscovery *self = data;
  gint64 now = g_get_monotonic_time ();

  for (guint i = g_list_model_get_n_items (G_LIST_MODEL (self->servers)); i-- > 0;)
    {
      g_autoptr(MmLanServer) server = g_list_model_get_item (G_LIST_MODEL (self->servers), i);

      if (now - _mm_lan_server_get_heard_at (server) > self->forget_after_us)
        g_list_store_remove (self->servers, i);
    }
  return G_SOURCE_CONTINUE;
}

/* Listens for beacons on @port (MM_LAN_PORT for the real ones); a server
 * not heard for @forget_after_ms leaves the list. */
gboolean
mm_lan_discovery_start (MmLanDiscovery  *self,
                        guint16          port,
                        guint            forget_after_ms,
                        GError         **error)
{
  g_autoptr(GInetAddress) any = g_inet_address_new_any (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GInetAddress) group = g_inet_address_new_from_string (MM_LAN_GROUP);
  g_autoptr(GSocketAddress) address = g_inet_socket_address_new (any, port);
  g_autoptr(GSocket) socket = NULL;

  g_return_val_if_fail (MM_IS_LAN_DISCOVERY (self), FALSE);

  if (self->socket != NULL)
    return TRUE;
  socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM, G_SOCKET_PROTOCOL_UDP, error);
  if (socket == NULL)
    return FALSE;
  g_socket_set_blocking (socket, FALSE);
  /* Several lobby windows, or programs, may listen at once. */
  if (!g_socket_bind (socket, address, TRUE, error)
      || !g_socket_join_multicast_group (socket, group, FALSE, NULL, error))
    return FALSE;
  self->socket = g_steal_pointer (&socket);
  self->forget_after_us = (gint64) forget_after_ms * G_TIME_SPAN_MILLISECOND;
  self->source = g_socket_create_source (self->socket, G_IO_IN, NULL);
  g_source_set_callback (self->source, G_SOURCE_FUNC (mm_lan_discovery_readable_cb), self, NULL);
  g_source_attach (self->source, NULL);
  self->sweep = g_timeout_add (MAX (forget_after_ms / 4, 100), mm_lan_discovery_sweep_cb, self);
  return TRUE;
}

void
mm_lan_discovery_stop (MmLanDiscovery *self)
{
  g_return_if_fail (MM_IS_LAN_DISCOVERY (self));

  g_clear_handle_id (&self->sweep, g_source_remove);
  if (self->source != NULL)
    {
      g_source_destroy (self->source);
      g_clear_pointer (&self->source, g_source_unref);
    }
  if (self->socket != NULL)
    g_socket_close (self->socket, NULL);
  g_clear_object (&self->socket);
}
