/* mm-lobby-refusal.c
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

#include <glib/gi18n-lib.h>

#include "mm-lobby-refusal.h"
#include "mm-protocol.h"

/* A sentence for the person, in their language, for what the server
 * refused; the server's own words (in its language) where they say
 * more than a code can (why a name is refused, until when a ban). */
static const char *
mm_lobby_refusal_text (MmProtocolError code)
{
  switch (code)
    {
    case MM_PROTOCOL_ERROR_NAME_TAKEN:
      return _("Someone is using that name already. Choose another.");
    case MM_PROTOCOL_ERROR_NAME_REGISTERED:
      return _("That name belongs to a registered player. Give its password, or choose another name.");
    case MM_PROTOCOL_ERROR_BAD_PASSWORD:
      return _("The name or the password is wrong.");
    case MM_PROTOCOL_ERROR_NO_ACCOUNTS:
      return _("This server keeps no accounts: play as a guest.");
    case MM_PROTOCOL_ERROR_RATE_LIMITED:
      return _("Too many at once: wait a moment and try again.");
    case MM_PROTOCOL_ERROR_NEEDS_ACCOUNT:
      return _("Rated games are for registered players.");
    case MM_PROTOCOL_ERROR_BUSY:
      return _("That player is in a game now.");
    case MM_PROTOCOL_ERROR_NOT_ACCEPTING:
      return _("That player takes no challenges now.");
    case MM_PROTOCOL_ERROR_NO_SUCH_PLAYER:
      return _("That player is no longer in the lobby.");
    case MM_PROTOCOL_ERROR_NO_SUCH_SEEK:
      return _("That game was taken or withdrawn.");
    case MM_PROTOCOL_ERROR_NO_SUCH_CHALLENGE:
      return _("That challenge was answered or withdrawn.");
    case MM_PROTOCOL_ERROR_NO_SUCH_GAME:
      return _("That game is over or gone.");
    case MM_PROTOCOL_ERROR_TOO_MANY:
      return _("You have as many open games as the server takes.");
    case MM_PROTOCOL_ERROR_OUT_OF_RANGE:
      return _("That game is for players of other ratings.");
    case MM_PROTOCOL_ERROR_ILLEGAL_MOVE:
      return _("That move is not allowed.");
    case MM_PROTOCOL_ERROR_NOT_YOUR_TURN:
      return _("It is not your turn.");
    case MM_PROTOCOL_ERROR_GAME_OVER:
      return _("The game is over.");
    case MM_PROTOCOL_ERROR_TOO_LATE:
      return _("It is too late for that now.");
    case MM_PROTOCOL_ERROR_BAD_TOKEN:
      return _("Your session on the server has ended; connect again.");
    case MM_PROTOCOL_ERROR_VERSION:
      return _("The server speaks another version of the protocol: one of the two programs needs an update.");
    case MM_PROTOCOL_ERROR_FULL:
      return _("The server is full; try again later.");
    case MM_PROTOCOL_ERROR_SHUTDOWN:
      return _("The server is shutting down.");
    case MM_PROTOCOL_ERROR_REPLACED:
      return _("You connected to this server from somewhere else.");
    case MM_PROTOCOL_ERROR_IDLE:
    case MM_PROTOCOL_ERROR_TIMEOUT:
      return _("The server closed a connection it heard nothing from.");
    default:
      return NULL;
    }
}

/* The server's "error" @message as a GError of MM_PROTOCOL_ERROR whose
 * message is for the person. */
GError *
mm_lobby_refusal_to_error (JsonObject *message)
{
  const char *name = json_object_get_string_member (message, "code");
  const char *said = json_object_get_string_member (message, "message");
  MmProtocolError code = mm_protocol_error_from_name (name);
  const char *text = mm_lobby_refusal_text (code);

  if (text == NULL && *said == '\0')
    return g_error_new (MM_PROTOCOL_ERROR, code, _("The server refused (%s)."), name);
  return g_error_new_literal (MM_PROTOCOL_ERROR, code, text != NULL ? text : said);
}
