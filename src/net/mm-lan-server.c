/* mm-lan-server.c
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

#include "mm-lan-server.h"

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

/* A server heard just now, as @beacon (checked) from @host describes it. */
MmLanServer *
_mm_lan_server_new (JsonObject *beacon,
                    const char *host)
{
  MmLanServer *self = g_object_new (MM_TYPE_LAN_SERVER, NULL);

  self->name = g_strdup (json_object_get_string_member (beacon, "name"));
  self->host = g_strdup (host);
  self->port = (guint16) json_object_get_int_member (beacon, "port");
  self->fingerprint = g_strdup (json_object_get_string_member (beacon, "fingerprint"));
  self->heard_at = g_get_monotonic_time ();
  return self;
}

/* When it was last heard, on the monotonic clock. */
gint64
_mm_lan_server_get_heard_at (MmLanServer *self)
{
  g_return_val_if_fail (MM_IS_LAN_SERVER (self), 0);
  return self->heard_at;
}

/* Whether @other is the same server (host and port) saying the same:
 * if so, @self takes its time, and nothing changed for a list. */
gboolean
_mm_lan_server_heard_again (MmLanServer *self,
                            MmLanServer *other)
{
  g_return_val_if_fail (MM_IS_LAN_SERVER (self), FALSE);
  g_return_val_if_fail (MM_IS_LAN_SERVER (other), FALSE);

  if (!g_str_equal (self->name, other->name) || !g_str_equal (self->fingerprint, other->fingerprint))
    return FALSE;
  self->heard_at = other->heard_at;
  return TRUE;
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
