/* mm-lobby-words.c
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

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mm-lobby-words.h"

/* "5+3" (minutes on each clock, seconds added a move), or "Untimed". */
char *
mm_lobby_format_time_control (guint base,
                              guint increment)
{
  if (base == 0)
    /* Translators: a game without clocks */
    return g_strdup (_("Untimed"));
  if (base % 60 != 0)
    /* Translators: a time control: minutes and seconds on each clock, and the seconds added after each move */
    return g_strdup_printf (_("%u:%02u+%u"), base / 60, base % 60, increment);
  /* Translators: a time control: minutes on each clock + the seconds added after each move, as in 5+3 */
  return g_strdup_printf (_("%u+%u"), base / 60, increment);
}

/* A rating, or "guest" for -1. */
char *
mm_lobby_format_rating (int rating)
{
  if (rating < 0)
    /* Translators: shown in place of a rating, for a guest */
    return g_strdup (_("guest"));
  return g_strdup_printf ("%d", rating);
}

const char *
mm_lobby_status_text (MmLobbyStatus status)
{
  switch (status)
    {
    case MM_LOBBY_STATUS_PLAYING:
      /* Translators: a player's status in the lobby */
      return _("playing");
    case MM_LOBBY_STATUS_WATCHING:
      /* Translators: a player's status in the lobby */
      return _("watching");
    case MM_LOBBY_STATUS_AWAY:
      /* Translators: a player's status in the lobby: their connection dropped */
      return _("away");
    case MM_LOBBY_STATUS_IDLE:
    default:
      /* Translators: a player's status in the lobby: free to play */
      return _("available");
    }
}

/* "host:port", "[v6]:port" or a host alone (the default port). */
gboolean
mm_lobby_parse_address (const char  *address,
                        char       **host,
                        guint16     *port)
{
  g_autofree char *text = g_strstrip (g_strdup (address != NULL ? address : ""));
  const char *colon;
  guint64 value = MM_LOBBY_DEFAULT_PORT;

  if (*text == '\0')
    return FALSE;
  if (text[0] == '[')
    {
      char *close = strchr (text, ']');

      if (close == NULL || close == text + 1)
        return FALSE;
      *close = '\0';
      *host = g_strdup (text + 1);
      colon = close[1] == ':' ? close + 1 : NULL;
      if (close[1] != '\0' && colon == NULL)
        {
          g_clear_pointer (host, g_free);
          return FALSE;
        }
    }
  else
    {
      colon = strrchr (text, ':');
      /* Two colons and no brackets: an IPv6 address alone. */
      if (colon != NULL && strchr (text, ':') != colon)
        colon = NULL;
      *host = g_strndup (text, colon != NULL ? (gsize) (colon - text) : strlen (text));
    }
  if (colon != NULL && (!g_ascii_string_to_unsigned (colon + 1, 10, 1, 65535, &value, NULL)))
    {
      g_clear_pointer (host, g_free);
      return FALSE;
    }
  if (**host == '\0')
    {
      g_clear_pointer (host, g_free);
      return FALSE;
    }
  *port = (guint16) value;
  return TRUE;
}
