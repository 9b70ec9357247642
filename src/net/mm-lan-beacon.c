/* mm-lan-beacon.c
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

#include <string.h>

#include "mm-lan-beacon.h"

/* What a beacon says */

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

  if (length == 0 || length > MM_LAN_MAX_BEACON || memchr (data, '\0', length) != NULL)
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

/* The beacon */

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
