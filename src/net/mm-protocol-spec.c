/* mm-protocol-spec.c
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

/* The protocol's specification, as tables, and the check of a decoded
 * message against them: the message types, who may send each and its
 * fields with their bounds, and the error codes' names on the wire.
 * mm-protocol.c reads a line as JSON and hands its object here. */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-protocol.h"
#include "mm-protocol-private.h"

/* The messages are checked against the tables below, which say the
 * same as docs/PROTOCOL.md: a message the tables do not know, a field
 * they do not list, a value of the wrong kind or out of its bounds is
 * refused with an error that names it. */

typedef enum
{
  FIELD_STRING,   /* bounds: length in characters; no control characters */
  FIELD_INT,      /* bounds: the value */
  FIELD_BOOL,
  FIELD_ENUM,     /* a string, one of values */
  FIELD_OBJECTS,  /* an array of objects, each with the fields items; bounds: the count */
} FieldKind;

typedef struct FieldSpec FieldSpec;

struct FieldSpec
{
  const char        *name;
  FieldKind          kind;
  gboolean           required;
  gint64             min;
  gint64             max;
  const char *const *values;
  const FieldSpec   *items;
};

/* Who may send a message: the server refuses what only it sends. */
typedef enum
{
  BY_CLIENT,
  BY_SERVER,
  BY_EITHER,
} Sender;

typedef struct
{
  const char      *type;
  Sender           sender;
  const FieldSpec *fields;
} MessageSpec;

/* The longest "id" a request may carry, for its reply to echo. */
#define MAX_ID_LENGTH 64

static const FieldSpec hello_fields[] = {
  { "version", FIELD_INT, TRUE, 1, 65535 },
  { "program", FIELD_STRING, TRUE, 1, 64 },
  { NULL },
};

static const FieldSpec server_address_fields[] = {
  { "address", FIELD_STRING, TRUE, 1, 300 },
  { NULL },
};

static const FieldSpec welcome_fields[] = {
  { "server", FIELD_STRING, TRUE, 1, 64 },
  { "version", FIELD_INT, TRUE, 1, 65535 },
  { "max_line", FIELD_INT, TRUE, 1024, 1048576 },
  { "max_chat", FIELD_INT, FALSE, 0, 1000 },
  { "grace", FIELD_INT, FALSE, 0, 86400 },
  { "idle_timeout", FIELD_INT, FALSE, 0, 86400 },
  { "requests_per_second", FIELD_INT, FALSE, 0, 1000000 },
  { "chats_per_second", FIELD_INT, FALSE, 0, 1000000 },
  { "servers", FIELD_OBJECTS, FALSE, 0, 16, NULL, server_address_fields },
  { NULL },
};

static const FieldSpec error_fields[] = {
  { "code", FIELD_STRING, TRUE, 1, 32 },
  { "message", FIELD_STRING, TRUE, 0, 512 },
  { "min_version", FIELD_INT, FALSE, 1, 65535 },
  { "max_version", FIELD_INT, FALSE, 1, 65535 },
  { NULL },
};

static const FieldSpec no_fields[] = {
  { NULL },
};

/* Identities. */
#define NAME_BOUNDS 1, 20
#define TOKEN_LENGTH 64

static const FieldSpec login_fields[] = {
  { "name", FIELD_STRING, TRUE, NAME_BOUNDS },
  { "password", FIELD_STRING, FALSE, 1, 128 },
  { NULL },
};

static const FieldSpec register_fields[] = {
  { "name", FIELD_STRING, TRUE, NAME_BOUNDS },
  { "password", FIELD_STRING, TRUE, 1, 128 },
  { NULL },
};

static const FieldSpec resume_fields[] = {
  { "token", FIELD_STRING, TRUE, TOKEN_LENGTH, TOKEN_LENGTH },
  { NULL },
};

static const FieldSpec session_fields[] = {
  { "name", FIELD_STRING, TRUE, NAME_BOUNDS },
  { "token", FIELD_STRING, TRUE, TOKEN_LENGTH, TOKEN_LENGTH },
  { "guest", FIELD_BOOL, TRUE },
  { "resumed", FIELD_BOOL, TRUE },
  { "rating", FIELD_INT, FALSE, 0, 5000 },
  { "deviation", FIELD_INT, FALSE, 0, 350 },
  { NULL },
};

/* The lobby. */
static const char *const topic_values[] = { "players", "chat", "seeks", "games", NULL };
static const char *const status_values[] = { "idle", "playing", "watching", "away", NULL };
static const char *const room_values[] = { "lobby", "game", "spectators", NULL };

static const FieldSpec topic_fields[] = {
  { "topic", FIELD_ENUM, TRUE, 0, 0, topic_values },
  { NULL },
};

#define PLAYER_FIELDS \
  { "name", FIELD_STRING, TRUE, NAME_BOUNDS }, \
  { "guest", FIELD_BOOL, TRUE }, \
  { "status", FIELD_ENUM, TRUE, 0, 0, status_values }, \
  { "rating", FIELD_INT, FALSE, 0, 5000 }, \
  { "deviation", FIELD_INT, FALSE, 0, 350 }

static const FieldSpec player_fields[] = {
  PLAYER_FIELDS,
  { NULL },
};

static const FieldSpec players_fields[] = {
  { "players", FIELD_OBJECTS, TRUE, 0, 100, NULL, player_fields },
  { "done", FIELD_BOOL, TRUE },
  { NULL },
};

static const FieldSpec name_fields[] = {
  { "name", FIELD_STRING, TRUE, NAME_BOUNDS },
  { NULL },
};

#define ID_BOUNDS 1, 16

static const FieldSpec say_fields[] = {
  { "room", FIELD_ENUM, TRUE, 0, 0, room_values },
  { "game", FIELD_STRING, FALSE, ID_BOUNDS },
  { "text", FIELD_STRING, TRUE, 1, 1000 },
  { NULL },
};

static const FieldSpec said_fields[] = {
  { "room", FIELD_ENUM, TRUE, 0, 0, room_values },
  { "game", FIELD_STRING, FALSE, ID_BOUNDS },
  { "from", FIELD_STRING, TRUE, NAME_BOUNDS },
  { "text", FIELD_STRING, TRUE, 1, 1000 },
  { NULL },
};

/* Seeks and challenges. */
static const char *const color_values[] = { "black", "white", "random", NULL };
static const char *const side_values[] = { "black", "white", NULL };
static const char *const winner_values[] = { "black", "white", "draw", "none", NULL };
static const char *const reason_values[] = {
  "board", "resignation", "time", "abandonment", "aborted", NULL
};

#define TIME_CONTROL_FIELDS \
  { "base", FIELD_INT, TRUE, 0, 10800 }, \
  { "increment", FIELD_INT, TRUE, 0, 180 }, \
  { "rated", FIELD_BOOL, TRUE }

#define RATING_RANGE_FIELDS \
  { "min_rating", FIELD_INT, FALSE, 0, 5000 }, \
  { "max_rating", FIELD_INT, FALSE, 0, 5000 }

static const FieldSpec seek_fields[] = {
  { "color", FIELD_ENUM, TRUE, 0, 0, color_values },
  TIME_CONTROL_FIELDS,
  RATING_RANGE_FIELDS,
  { NULL },
};

static const FieldSpec seek_id_fields[] = {
  { "seek", FIELD_STRING, TRUE, ID_BOUNDS },
  { NULL },
};

#define SEEK_ENTRY_FIELDS \
  { "seek", FIELD_STRING, TRUE, ID_BOUNDS }, \
  { "by", FIELD_STRING, TRUE, NAME_BOUNDS }, \
  { "color", FIELD_ENUM, TRUE, 0, 0, color_values }, \
  TIME_CONTROL_FIELDS, \
  RATING_RANGE_FIELDS

static const FieldSpec seek_entry_fields[] = {
  SEEK_ENTRY_FIELDS,
  { NULL },
};

static const FieldSpec seeks_fields[] = {
  { "seeks", FIELD_OBJECTS, TRUE, 0, 100, NULL, seek_entry_fields },
  { "done", FIELD_BOOL, TRUE },
  { NULL },
};

static const FieldSpec challenge_fields[] = {
  { "name", FIELD_STRING, TRUE, NAME_BOUNDS },
  { "color", FIELD_ENUM, TRUE, 0, 0, color_values },
  TIME_CONTROL_FIELDS,
  { NULL },
};

static const FieldSpec challenge_id_fields[] = {
  { "challenge", FIELD_STRING, TRUE, ID_BOUNDS },
  { NULL },
};

static const FieldSpec challenged_fields[] = {
  { "challenge", FIELD_STRING, TRUE, ID_BOUNDS },
  { "by", FIELD_STRING, TRUE, NAME_BOUNDS },
  { "color", FIELD_ENUM, TRUE, 0, 0, color_values },
  TIME_CONTROL_FIELDS,
  { NULL },
};

/* Games. */
#define CLOCK_FIELDS \
  { "black_ms", FIELD_INT, FALSE, 0, G_GINT64_CONSTANT (1) << 40 }, \
  { "white_ms", FIELD_INT, FALSE, 0, G_GINT64_CONSTANT (1) << 40 }

#define GAME_ENTRY_FIELDS \
  { "game", FIELD_STRING, TRUE, ID_BOUNDS }, \
  { "black", FIELD_STRING, TRUE, NAME_BOUNDS }, \
  { "white", FIELD_STRING, TRUE, NAME_BOUNDS }, \
  TIME_CONTROL_FIELDS

static const FieldSpec game_entry_fields[] = {
  GAME_ENTRY_FIELDS,
  { NULL },
};

static const FieldSpec games_fields[] = {
  { "games", FIELD_OBJECTS, TRUE, 0, 100, NULL, game_entry_fields },
  { "done", FIELD_BOOL, TRUE },
  { NULL },
};

static const FieldSpec game_id_fields[] = {
  { "game", FIELD_STRING, TRUE, ID_BOUNDS },
  { NULL },
};

static const FieldSpec game_state_fields[] = {
  GAME_ENTRY_FIELDS,
  { "moves", FIELD_STRING, TRUE, 0, 200 },
  { "to_move", FIELD_ENUM, FALSE, 0, 0, side_values },
  CLOCK_FIELDS,
  { NULL },
};

static const FieldSpec move_fields[] = {
  { "game", FIELD_STRING, TRUE, ID_BOUNDS },
  { "square", FIELD_STRING, TRUE, 2, 2 },
  { NULL },
};

static const FieldSpec moved_fields[] = {
  { "game", FIELD_STRING, TRUE, ID_BOUNDS },
  { "ply", FIELD_INT, TRUE, 1, 200 },
  { "color", FIELD_ENUM, TRUE, 0, 0, side_values },
  { "square", FIELD_STRING, TRUE, 2, 2 },
  CLOCK_FIELDS,
  { NULL },
};

static const FieldSpec passed_fields[] = {
  { "game", FIELD_STRING, TRUE, ID_BOUNDS },
  { "ply", FIELD_INT, TRUE, 1, 200 },
  { "color", FIELD_ENUM, TRUE, 0, 0, side_values },
  { NULL },
};

static const FieldSpec undone_fields[] = {
  { "game", FIELD_STRING, TRUE, ID_BOUNDS },
  { "plies", FIELD_INT, TRUE, 0, 200 },
  CLOCK_FIELDS,
  { NULL },
};

static const FieldSpec answer_fields[] = {
  { "game", FIELD_STRING, TRUE, ID_BOUNDS },
  { "accept", FIELD_BOOL, TRUE },
  { NULL },
};

static const FieldSpec game_player_fields[] = {
  { "game", FIELD_STRING, TRUE, ID_BOUNDS },
  { "name", FIELD_STRING, TRUE, NAME_BOUNDS },
  { "seconds", FIELD_INT, FALSE, 0, 86400 },
  { NULL },
};

static const FieldSpec game_ended_fields[] = {
  { "game", FIELD_STRING, TRUE, ID_BOUNDS },
  { "winner", FIELD_ENUM, TRUE, 0, 0, winner_values },
  { "reason", FIELD_ENUM, TRUE, 0, 0, reason_values },
  { "black_discs", FIELD_INT, TRUE, 0, 64 },
  { "white_discs", FIELD_INT, TRUE, 0, 64 },
  { "black_rating", FIELD_INT, FALSE, 0, 5000 },
  { "white_rating", FIELD_INT, FALSE, 0, 5000 },
  { NULL },
};

/* Moderation. */
static const FieldSpec kick_fields[] = {
  { "name", FIELD_STRING, TRUE, NAME_BOUNDS },
  { "reason", FIELD_STRING, FALSE, 0, 200 },
  { NULL },
};

static const FieldSpec mute_fields[] = {
  { "name", FIELD_STRING, TRUE, NAME_BOUNDS },
  { "minutes", FIELD_INT, FALSE, 1, 525600 },
  { "reason", FIELD_STRING, FALSE, 0, 200 },
  { NULL },
};

static const FieldSpec ban_fields[] = {
  { "name", FIELD_STRING, FALSE, NAME_BOUNDS },
  { "address", FIELD_STRING, FALSE, 1, 64 },
  { "minutes", FIELD_INT, FALSE, 1, 525600 },
  { "reason", FIELD_STRING, FALSE, 0, 200 },
  { NULL },
};

static const FieldSpec unban_fields[] = {
  { "name", FIELD_STRING, FALSE, NAME_BOUNDS },
  { "address", FIELD_STRING, FALSE, 1, 64 },
  { NULL },
};

/* The archive. */
static const FieldSpec list_games_fields[] = {
  { "name", FIELD_STRING, TRUE, NAME_BOUNDS },
  { "limit", FIELD_INT, FALSE, 1, 50 },
  { NULL },
};

static const FieldSpec archived_game_fields[] = {
  GAME_ENTRY_FIELDS,
  { "winner", FIELD_ENUM, TRUE, 0, 0, winner_values },
  { "reason", FIELD_ENUM, TRUE, 0, 0, reason_values },
  { NULL },
};

static const FieldSpec game_list_fields[] = {
  { "games", FIELD_OBJECTS, TRUE, 0, 50, NULL, archived_game_fields },
  { NULL },
};

static const FieldSpec game_record_fields[] = {
  { "game", FIELD_STRING, TRUE, ID_BOUNDS },
  { "ggf", FIELD_STRING, TRUE, 1, 12000 },
  { NULL },
};

static const FieldSpec degraded_fields[] = {
  { "degraded", FIELD_BOOL, TRUE },
  { NULL },
};

static const MessageSpec messages[] = {
  { "hello", BY_CLIENT, hello_fields },
  { "welcome", BY_SERVER, welcome_fields },
  { "error", BY_SERVER, error_fields },
  { "ok", BY_SERVER, no_fields },
  { "ping", BY_EITHER, no_fields },
  { "pong", BY_EITHER, no_fields },
  { "server-degraded", BY_SERVER, degraded_fields },
  { "login", BY_CLIENT, login_fields },
  { "register", BY_CLIENT, register_fields },
  { "resume", BY_CLIENT, resume_fields },
  { "logout", BY_CLIENT, no_fields },
  { "session", BY_SERVER, session_fields },
  { "subscribe", BY_CLIENT, topic_fields },
  { "unsubscribe", BY_CLIENT, topic_fields },
  { "players", BY_SERVER, players_fields },
  { "player-added", BY_SERVER, player_fields },
  { "player-changed", BY_SERVER, player_fields },
  { "player-removed", BY_SERVER, name_fields },
  { "say", BY_CLIENT, say_fields },
  { "said", BY_SERVER, said_fields },
  { "ignore", BY_CLIENT, name_fields },
  { "unignore", BY_CLIENT, name_fields },
  { "seek", BY_CLIENT, seek_fields },
  { "seek-opened", BY_SERVER, seek_id_fields },
  { "cancel-seek", BY_CLIENT, seek_id_fields },
  { "accept-seek", BY_CLIENT, seek_id_fields },
  { "seeks", BY_SERVER, seeks_fields },
  { "seek-added", BY_SERVER, seek_entry_fields },
  { "seek-removed", BY_SERVER, seek_id_fields },
  { "challenge", BY_CLIENT, challenge_fields },
  { "challenge-sent", BY_SERVER, challenge_id_fields },
  { "challenged", BY_SERVER, challenged_fields },
  { "accept-challenge", BY_CLIENT, challenge_id_fields },
  { "decline-challenge", BY_CLIENT, challenge_id_fields },
  { "cancel-challenge", BY_CLIENT, challenge_id_fields },
  { "challenge-declined", BY_SERVER, challenge_id_fields },
  { "challenge-cancelled", BY_SERVER, challenge_id_fields },
  { "games", BY_SERVER, games_fields },
  { "game-added", BY_SERVER, game_entry_fields },
  { "game-removed", BY_SERVER, game_id_fields },
  { "game-started", BY_SERVER, game_entry_fields },
  { "game-state", BY_SERVER, game_state_fields },
  { "move", BY_CLIENT, move_fields },
  { "moved", BY_SERVER, moved_fields },
  { "passed", BY_SERVER, passed_fields },
  { "resign", BY_CLIENT, game_id_fields },
  { "abort", BY_CLIENT, game_id_fields },
  { "ask-undo", BY_CLIENT, game_id_fields },
  { "undo-asked", BY_SERVER, game_id_fields },
  { "answer-undo", BY_CLIENT, answer_fields },
  { "undo-refused", BY_SERVER, game_id_fields },
  { "undone", BY_SERVER, undone_fields },
  { "rematch", BY_CLIENT, game_id_fields },
  { "rematch-asked", BY_SERVER, game_id_fields },
  { "watch", BY_CLIENT, game_id_fields },
  { "unwatch", BY_CLIENT, game_id_fields },
  { "opponent-away", BY_SERVER, game_player_fields },
  { "opponent-back", BY_SERVER, game_player_fields },
  { "game-ended", BY_SERVER, game_ended_fields },
  { "list-games", BY_CLIENT, list_games_fields },
  { "game-list", BY_SERVER, game_list_fields },
  { "fetch-game", BY_CLIENT, game_id_fields },
  { "game-record", BY_SERVER, game_record_fields },
  { "kick", BY_CLIENT, kick_fields },
  { "mute", BY_CLIENT, mute_fields },
  { "unmute", BY_CLIENT, name_fields },
  { "ban", BY_CLIENT, ban_fields },
  { "unban", BY_CLIENT, unban_fields },
};

static const char *const error_names[] = {
  [MM_PROTOCOL_ERROR_SYNTAX] = "syntax",
  [MM_PROTOCOL_ERROR_NOT_OBJECT] = "not-object",
  [MM_PROTOCOL_ERROR_TOO_DEEP] = "too-deep",
  [MM_PROTOCOL_ERROR_UNKNOWN_TYPE] = "unknown-type",
  [MM_PROTOCOL_ERROR_MISSING_FIELD] = "missing-field",
  [MM_PROTOCOL_ERROR_BAD_FIELD] = "bad-field",
  [MM_PROTOCOL_ERROR_UNKNOWN_FIELD] = "unknown-field",
  [MM_PROTOCOL_ERROR_VERSION] = "version",
  [MM_PROTOCOL_ERROR_HELLO_FIRST] = "hello-first",
  [MM_PROTOCOL_ERROR_TOO_LONG] = "too-long",
  [MM_PROTOCOL_ERROR_NOT_TEXT] = "not-text",
  [MM_PROTOCOL_ERROR_INTERNAL] = "internal",
  [MM_PROTOCOL_ERROR_NOT_A_REQUEST] = "not-a-request",
  [MM_PROTOCOL_ERROR_BAD_NAME] = "bad-name",
  [MM_PROTOCOL_ERROR_NAME_TAKEN] = "name-taken",
  [MM_PROTOCOL_ERROR_BAD_TOKEN] = "bad-token",
  [MM_PROTOCOL_ERROR_NOT_LOGGED_IN] = "not-logged-in",
  [MM_PROTOCOL_ERROR_LOGGED_IN] = "logged-in",
  [MM_PROTOCOL_ERROR_NO_SUCH_PLAYER] = "no-such-player",
  [MM_PROTOCOL_ERROR_RATE_LIMITED] = "rate-limited",
  [MM_PROTOCOL_ERROR_NO_SUCH_SEEK] = "no-such-seek",
  [MM_PROTOCOL_ERROR_NO_SUCH_CHALLENGE] = "no-such-challenge",
  [MM_PROTOCOL_ERROR_NO_SUCH_GAME] = "no-such-game",
  [MM_PROTOCOL_ERROR_BUSY] = "busy",
  [MM_PROTOCOL_ERROR_NEEDS_ACCOUNT] = "needs-account",
  [MM_PROTOCOL_ERROR_OUT_OF_RANGE] = "out-of-range",
  [MM_PROTOCOL_ERROR_NOT_ACCEPTING] = "not-accepting",
  [MM_PROTOCOL_ERROR_TOO_MANY] = "too-many",
  [MM_PROTOCOL_ERROR_NOT_SEATED] = "not-seated",
  [MM_PROTOCOL_ERROR_NOT_YOUR_TURN] = "not-your-turn",
  [MM_PROTOCOL_ERROR_ILLEGAL_MOVE] = "illegal-move",
  [MM_PROTOCOL_ERROR_GAME_OVER] = "game-over",
  [MM_PROTOCOL_ERROR_TOO_LATE] = "too-late",
  [MM_PROTOCOL_ERROR_NAME_REGISTERED] = "name-registered",
  [MM_PROTOCOL_ERROR_BAD_PASSWORD] = "bad-password",
  [MM_PROTOCOL_ERROR_NO_ACCOUNTS] = "no-accounts",
  [MM_PROTOCOL_ERROR_NOT_ADMIN] = "not-admin",
  [MM_PROTOCOL_ERROR_MUTED] = "muted",
  [MM_PROTOCOL_ERROR_BANNED] = "banned",
  [MM_PROTOCOL_ERROR_KICKED] = "kicked",
  [MM_PROTOCOL_ERROR_FLOOD] = "flood",
  [MM_PROTOCOL_ERROR_TIMEOUT] = "timeout",
  [MM_PROTOCOL_ERROR_IDLE] = "idle",
  [MM_PROTOCOL_ERROR_FULL] = "full",
  [MM_PROTOCOL_ERROR_REPLACED] = "replaced",
  [MM_PROTOCOL_ERROR_SHUTDOWN] = "shutdown",
};

G_DEFINE_QUARK (mm-protocol-error-quark, mm_protocol_error)

/* The code's name on the wire, as in the "code" of an error message. */
const char *
mm_protocol_error_name (MmProtocolError code)
{
  if ((guint) code >= G_N_ELEMENTS (error_names) || error_names[code] == NULL)
    return "internal";
  return error_names[code];
}

/* The code an error message's "code" names; INTERNAL for a name this
 * side does not know (a newer server's). */
MmProtocolError
mm_protocol_error_from_name (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (error_names); i++)
    if (g_strcmp0 (error_names[i], name) == 0)
      return (MmProtocolError) i;
  return MM_PROTOCOL_ERROR_INTERNAL;
}

static const MessageSpec *
find_message (const char *type)
{
  for (gsize i = 0; i < G_N_ELEMENTS (messages); i++)
    if (g_str_equal (messages[i].type, type))
      return &messages[i];
  return NULL;
}

static const FieldSpec *
find_field (const FieldSpec *fields, const char *name)
{
  for (const FieldSpec *field = fields; field->name != NULL; field++)
    if (g_str_equal (field->name, name))
      return field;
  return NULL;
}

static gboolean
has_control_characters (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_iscntrl (c) || g_unichar_type (c) == G_UNICODE_FORMAT)
        return TRUE;
    }
  return FALSE;
}

static gboolean
check_string (JsonNode   *node,
              gint64      min_length,
              gint64      max_length,
              const char *type,
              const char *name,
              GError    **error)
{
  const char *text;
  glong length;

  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      g_set_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_BAD_FIELD,
                   /* Translators: protocol error; %s are a field and a message type */
                   _("The field “%s” of “%s” must be a string."), name, type);
      return FALSE;
    }
  text = json_node_get_string (node);
  length = g_utf8_strlen (text, -1);
  if (length < min_length || length > max_length)
    {
      g_set_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_BAD_FIELD,
                   /* Translators: protocol error; %s are a field and a message type */
                   _("The field “%s” of “%s” must hold %d to %d characters."), name, type,
                   (int) min_length, (int) max_length);
      return FALSE;
    }
  if (has_control_characters (text))
    {
      g_set_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_BAD_FIELD,
                   /* Translators: protocol error; %s are a field and a message type */
                   _("The field “%s” of “%s” holds control characters."), name, type);
      return FALSE;
    }
  return TRUE;
}

static gboolean check_members (JsonObject      *object,
                               const FieldSpec *fields,
                               const char      *type,
                               gboolean         envelope,
                               GError         **error);

static gboolean
check_enum (const FieldSpec *field,
            JsonNode        *node,
            const char      *type,
            GError         **error)
{
  if (JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == G_TYPE_STRING
      && g_strv_contains (field->values, json_node_get_string (node)))
    return TRUE;
  g_set_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_BAD_FIELD,
               /* Translators: protocol error; %s are a field and a message type */
               _("The field “%s” of “%s” has a value the protocol does not know."),
               field->name, type);
  return FALSE;
}

static gboolean
check_objects (const FieldSpec *field,
               JsonNode        *node,
               const char      *type,
               GError         **error)
{
  JsonArray *array;
  guint length;

  if (!JSON_NODE_HOLDS_ARRAY (node)
      || (length = json_array_get_length (array = json_node_get_array (node))) < field->min
      || length > field->max)
    {
      g_set_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_BAD_FIELD,
                   /* Translators: protocol error; %s are a field and a message type */
                   _("The field “%s” of “%s” must be a list of %d to %d entries."),
                   field->name, type, (int) field->min, (int) field->max);
      return FALSE;
    }
  for (guint i = 0; i < length; i++)
    {
      JsonNode *item = json_array_get_element (array, i);

      if (!JSON_NODE_HOLDS_OBJECT (item))
        {
          g_set_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_BAD_FIELD,
                       /* Translators: protocol error; %s are a field and a message type */
                       _("The entries of “%s” in “%s” must be objects."), field->name, type);
          return FALSE;
        }
      if (!check_members (json_node_get_object (item), field->items, field->name, FALSE, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
check_field (const FieldSpec *field,
             JsonNode        *node,
             const char      *type,
             GError         **error)
{
  switch (field->kind)
    {
    case FIELD_STRING:
      return check_string (node, field->min, field->max, type, field->name, error);

    case FIELD_INT:
      /* An integer: 3, not 3.0 or "3". */
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64
          || json_node_get_int (node) < field->min || json_node_get_int (node) > field->max)
        {
          g_set_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_BAD_FIELD,
                       /* Translators: protocol error; %s are a field and a message type */
                       _("The field “%s” of “%s” must be a whole number from %d to %d."),
                       field->name, type, (int) field->min, (int) field->max);
          return FALSE;
        }
      return TRUE;

    case FIELD_ENUM:
      return check_enum (field, node, type, error);

    case FIELD_OBJECTS:
      return check_objects (field, node, type, error);

    case FIELD_BOOL:
    default:
      if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
        {
          g_set_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_BAD_FIELD,
                       /* Translators: protocol error; %s are a field and a message type */
                       _("The field “%s” of “%s” must be true or false."), field->name, type);
          return FALSE;
        }
      return TRUE;
    }
}

/* Every member of @object is one of @fields, within its bounds, and
 * every required one is there.  In a message's @envelope, "type" and
 * "id" are the caller's to check. */
static gboolean
check_members (JsonObject      *object,
               const FieldSpec *fields,
               const char      *type,
               gboolean         envelope,
               GError         **error)
{
  g_autoptr(GList) members = json_object_get_members (object);

  for (GList *l = members; l != NULL; l = l->next)
    {
      const char *name = l->data;
      const FieldSpec *field;

      if (envelope && (g_str_equal (name, "type") || g_str_equal (name, "id")))
        continue;
      field = find_field (fields, name);
      if (field == NULL)
        {
          g_set_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_UNKNOWN_FIELD,
                       /* Translators: protocol error; %s are a field and a message type */
                       _("“%s” has no field “%s”."), type, name);
          return FALSE;
        }
      if (!check_field (field, json_object_get_member (object, name), type, error))
        return FALSE;
    }

  for (const FieldSpec *field = fields; field->name != NULL; field++)
    if (field->required && !json_object_has_member (object, field->name))
      {
        g_set_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_MISSING_FIELD,
                     /* Translators: protocol error; %s are a message type and a field */
                     _("“%s” needs the field “%s”."), type, field->name);
        return FALSE;
      }
  return TRUE;
}

/* The request's "id", when it has a usable one, so that even a refusal
 * can be tagged with it. */
char *
mm_protocol_take_id (JsonObject *object)
{
  JsonNode *node = json_object_get_member (object, "id");

  if (node == NULL || !check_string (node, 1, MAX_ID_LENGTH, "", "id", NULL))
    return NULL;
  return g_strdup (json_node_get_string (node));
}

/* An error's code is one of the specification's, and only a version
 * error names versions. */
static gboolean
check_error_code (JsonObject *object,
                  GError    **error)
{
  const char *code = json_object_get_string_member_with_default (object, "code", "");
  gboolean known = FALSE;

  for (gsize i = 0; i < G_N_ELEMENTS (error_names); i++)
    known = known || g_strcmp0 (error_names[i], code) == 0;
  if (!known)
    {
      g_set_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_BAD_FIELD,
                   /* Translators: protocol error; %s is an error code */
                   _("There is no error code “%s”."), code);
      return FALSE;
    }
  if (!g_str_equal (code, "version")
      && (json_object_has_member (object, "min_version")
          || json_object_has_member (object, "max_version")))
    {
      g_set_error_literal (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_UNKNOWN_FIELD,
                           /* Translators: protocol error; do not translate the quoted names */
                           _("Only a “version” error has “min_version” and “max_version”."));
      return FALSE;
    }
  return TRUE;
}

gboolean
mm_protocol_check_message (JsonObject *object,
                           GError    **error)
{
  JsonNode *type_node = json_object_get_member (object, "type");
  JsonNode *id_node = json_object_get_member (object, "id");
  const MessageSpec *spec;
  const char *type;

  if (type_node == NULL)
    {
      g_set_error_literal (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_MISSING_FIELD,
                           /* Translators: protocol error */
                           _("The message has no “type”."));
      return FALSE;
    }
  if (!check_string (type_node, 1, 32, "message", "type", error))
    return FALSE;
  type = json_node_get_string (type_node);
  spec = find_message (type);
  if (spec == NULL)
    {
      g_set_error (error, MM_PROTOCOL_ERROR, MM_PROTOCOL_ERROR_UNKNOWN_TYPE,
                   /* Translators: protocol error; %s is the type of a message */
                   _("There is no message “%s”."), type);
      return FALSE;
    }
  if (id_node != NULL && !check_string (id_node, 1, MAX_ID_LENGTH, type, "id", error))
    return FALSE;
  if (!check_members (object, spec->fields, type, TRUE, error))
    return FALSE;
  return spec->fields != error_fields || check_error_code (object, error);
}

/* Whether a client may send messages of @type: the server refuses the
 * others with MM_PROTOCOL_ERROR_NOT_A_REQUEST. */
gboolean
mm_protocol_is_request (const char *type)
{
  const MessageSpec *spec = find_message (type);

  return spec != NULL && spec->sender != BY_SERVER;
}
