/* mm-lan.c
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

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mm-lan.h"

/* A beacon is small; anything longer is not one. */
#define MAX_BEACON 512

/* ------------------------------------------------------------------ */
/* What a beacon says                                                 */
/* ------------------------------------------------------------------ */

static gboolean
mm_lan_is_text (const char *text,
                gsize       max_chars)
{
  if (text == NULL || !g_utf8_validate (text, -1, NULL) || g_utf8_strlen (text, -1) > (glong) max_chars)
    return FALSE;
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      GUnicodeType type = g_unichar_type (g_utf8_get_char (p));

      if (type == G_UNICODE_CONTROL || type == G_UNICODE_FORMAT)
        return FALSE;
    }
  return TRUE;
}

static gboolean
mm_lan_is_fingerprint (const char *text)
{
  /* 32 bytes as hexadecimal pairs joined by colons. */
  if (text == NULL || strlen (text) != 95)
    return FALSE;
  for (int i = 0; i < 95; i++)
    if (i % 3 == 2 ? text[i] != ':' : !g_ascii_isxdigit (text[i]))
      return FALSE;
  return TRUE;
}

/* The beacon in @data, checked member by member: whatever else arrives
 * on the port (another program's, or garbage) is dropped. */
JsonObject *
_mm_lan_parse_beacon (const char *data,
                      gsize       length)
{
  g_autoptr(JsonParser) parser = NULL;
  JsonNode *root;
  JsonObject *beacon;
  JsonNode *port;

  if (length == 0 || length > MAX_BEACON || memchr (data, '\0', length) != NULL)
    return NULL;
  /* json-glib recurses; a beacon has one level, so more is refused
   * before parsing. */
  for (gsize i = 0, depth = 0; i < length; i++)
    if ((data[i] == '{' || data[i] == '[') && ++depth > 2)
      return NULL;
  parser = json_parser_new ();
  if (!json_parser_load_from_data (parser, data, (gssize) length, NULL))
    return NULL;
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return NULL;
  beacon = json_node_get_object (root);
  if (g_strcmp0 (json_object_get_string_member_with_default (beacon, "program", NULL),
                 "monomachia") != 0
      || !mm_lan_is_text (json_object_get_string_member_with_default (beacon, "name", NULL), 64)
      || !mm_lan_is_fingerprint (json_object_get_string_member_with_default (beacon, "fingerprint",
                                                                             NULL)))
    return NULL;
  port = json_object_get_member (beacon, "port");
  if (port == NULL || !JSON_NODE_HOLDS_VALUE (port) || json_node_get_value_type (port) != G_TYPE_INT64
      || json_node_get_int (port) < 1 || json_node_get_int (port) > 65535)
    return NULL;
  return json_object_ref (beacon);
}

/* ------------------------------------------------------------------ */
/* The beacon                                                         */
/* ------------------------------------------------------------------ */

struct _MmLanBeacon
{
  GObject         parent_instance;

  char           *datagram;
  guint16         target_port;
  GSocket        *socket;
  GSocketAddress *group;
  guint           timer;
};

G_DEFINE_FINAL_TYPE (MmLanBeacon, mm_lan_beacon, G_TYPE_OBJECT)

static void
mm_lan_beacon_dispose (GObject *object)
{
  mm_lan_beacon_stop (MM_LAN_BEACON (object));

  G_OBJECT_CLASS (mm_lan_beacon_parent_class)->dispose (object);
}

static void
mm_lan_beacon_finalize (GObject *object)
{
  g_free (MM_LAN_BEACON (object)->datagram);

  G_OBJECT_CLASS (mm_lan_beacon_parent_class)->finalize (object);
}

static void
mm_lan_beacon_class_init (MmLanBeaconClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = mm_lan_beacon_dispose;
  G_OBJECT_CLASS (klass)->finalize = mm_lan_beacon_finalize;
}

static void
mm_lan_beacon_init (MmLanBeacon *self)
{
  self->target_port = MM_LAN_PORT;
}

/* The beacon of a server called @name on @port, whose certificate has
 * @fingerprint. */
MmLanBeacon *
mm_lan_beacon_new (const char *name,
                   guint16     port,
                   const char *fingerprint)
{
  MmLanBeacon *self = g_object_new (MM_TYPE_LAN_BEACON, NULL);
  g_autoptr(JsonBuilder) builder = json_builder_new ();
  g_autoptr(JsonGenerator) generator = json_generator_new ();
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *short_name = g_utf8_substring (name, 0, MIN (g_utf8_strlen (name, -1), 64));

  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "program");
  json_builder_add_string_value (builder, "monomachia");
  json_builder_set_member_name (builder, "name");
  json_builder_add_string_value (builder, short_name);
  json_builder_set_member_name (builder, "port");
  json_builder_add_int_value (builder, port);
  json_builder_set_member_name (builder, "fingerprint");
  json_builder_add_string_value (builder, fingerprint);
  json_builder_end_object (builder);
  root = json_builder_get_root (builder);
  json_generator_set_root (generator, root);
  self->datagram = json_generator_to_data (generator, NULL);
  return self;
}

/* Tests listen on a port of their own. */
void
mm_lan_beacon_set_target (MmLanBeacon *self,
                          guint16      target_port)
{
  g_return_if_fail (MM_IS_LAN_BEACON (self));
  self->target_port = target_port;
}

static gboolean
mm_lan_beacon_send_cb (gpointer data)
{
  MmLanBeacon *self = data;
  g_autoptr(GError) error = NULL;

  if (g_socket_send_to (self->socket, self->group, self->datagram, strlen (self->datagram), NULL,
                        &error) < 0)
    /* A network without multicast: nobody hears, nothing else suffers. */
    g_debug ("The beacon could not be sent: %s", error->message);
  return G_SOURCE_CONTINUE;
}

/* Announces the server every @interval_ms, at once the first time. */
gboolean
mm_lan_beacon_start (MmLanBeacon  *self,
                     guint         interval_ms,
                     GError      **error)
{
  g_autoptr(GInetAddress) group = g_inet_address_new_from_string (MM_LAN_GROUP);

  g_return_val_if_fail (MM_IS_LAN_BEACON (self), FALSE);

  if (self->socket != NULL)
    return TRUE;
  self->socket = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM,
                               G_SOCKET_PROTOCOL_UDP, error);
  if (self->socket == NULL)
    return FALSE;
  /* One hop: the beacon stays on the local network. */
  g_socket_set_multicast_ttl (self->socket, 1);
  g_socket_set_multicast_loopback (self->socket, TRUE);
  self->group = g_inet_socket_address_new (group, self->target_port);
  mm_lan_beacon_send_cb (self);
  self->timer = g_timeout_add (interval_ms, mm_lan_beacon_send_cb, self);
  return TRUE;
}

void
mm_lan_beacon_stop (MmLanBeacon *self)
{
  g_return_if_fail (MM_IS_LAN_BEACON (self));

  g_clear_handle_id (&self->timer, g_source_remove);
  if (self->socket != NULL)
    g_socket_close (self->socket, NULL);
  g_clear_object (&self->socket);
  g_clear_object (&self->group);
}

/* ------------------------------------------------------------------ */
/* A server heard                                                     */
/* ------------------------------------------------------------------ */

struct _MmLanServer
{
  GObject  parent_instance;

  char    *name;
  char    *host;
  guint16  port;
  char    *fingerprint;
  gint64   heard_at;
};

G_DEFINE_FINAL_TYPE (MmLanServer, mm_lan_server, G_TYPE_OBJECT)

static void
mm_lan_server_finalize (GObject *object)
{
  MmLanServer *self = MM_LAN_SERVER (object);

  g_free (self->name);
  g_free (self->host);
  g_free (self->fingerprint);

  G_OBJECT_CLASS (mm_lan_server_parent_class)->finalize (object);
}

static void
mm_lan_server_class_init (MmLanServerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = mm_lan_server_finalize;
}

static void
mm_lan_server_init (MmLanServer *self)
{
}

const char *
mm_lan_server_get_name (MmLanServer *self)
{
  g_return_val_if_fail (MM_IS_LAN_SERVER (self), NULL);
  return self->name;
}

/* The address the beacon came from. */
const char *
mm_lan_server_get_host (MmLanServer *self)
{
  g_return_val_if_fail (MM_IS_LAN_SERVER (self), NULL);
  return self->host;
}

guint16
mm_lan_server_get_port (MmLanServer *self)
{
  g_return_val_if_fail (MM_IS_LAN_SERVER (self), 0);
  return self->port;
}

const char *
mm_lan_server_get_fingerprint (MmLanServer *self)
{
  g_return_val_if_fail (MM_IS_LAN_SERVER (self), NULL);
  return self->fingerprint;
}

/* host:port, with brackets around an IPv6 host. */
char *
mm_lan_server_get_address (MmLanServer *self)
{
  g_return_val_if_fail (MM_IS_LAN_SERVER (self), NULL);

  return strchr (self->host, ':') != NULL ? g_strdup_printf ("[%s]:%u", self->host, self->port)
                                          : g_strdup_printf ("%s:%u", self->host, self->port);
}

/* ------------------------------------------------------------------ */
/* Listening                                                          */
/* ------------------------------------------------------------------ */

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
  guint16 port = (guint16) json_object_get_int_member (beacon, "port");
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->servers));
  g_autoptr(MmLanServer) server = g_object_new (MM_TYPE_LAN_SERVER, NULL);

  server->name = g_strdup (json_object_get_string_member (beacon, "name"));
  server->host = g_strdup (host);
  server->port = port;
  server->fingerprint = g_strdup (json_object_get_string_member (beacon, "fingerprint"));
  server->heard_at = g_get_monotonic_time ();
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(MmLanServer) known = g_list_model_get_item (G_LIST_MODEL (self->servers), i);

      if (known->port != port || !g_str_equal (known->host, host))
        continue;
      /* Heard again: kept, and told only if it changed. */
      if (g_str_equal (known->name, server->name) && g_str_equal (known->fingerprint, server->fingerprint))
        known->heard_at = server->heard_at;
      else
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
      char buffer[MAX_BEACON + 1];
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

      if (now - server->heard_at > self->forget_after_us)
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
