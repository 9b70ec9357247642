/* mm-opponents.c
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

#define G_LOG_DOMAIN "mm-opponents"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mm-opponents.h"

/* The name the game records for the computer: the same in every
 * language, so that a saved game or session reads the same whatever the
 * language it is opened in (see mm_opponents_display_name()). */
#define COMPUTER_RECORD_PREFIX "Monomachia ("
#define EXTERNAL_LEVEL_ID      "external"

/* Session facts kept with the autosaved game, besides the clocks that
 * the match keeps: who the computer plays ("black", "white" or "both")
 * and at which level. */
#define SESSION_COMPUTER "COMPUTER"
#define SESSION_LEVEL    "LEVEL"

struct _MmOpponents
{
  GObject         parent_instance;

  GSettings      *settings;
  MmAiLevel       level;
  gboolean        external;
  guint           delay;

  MmAiPlayer     *ai;
  MmNboardPlayer *engine;
  /* The folder the engine was started in, to notice a change. */
  char           *engine_directory;
};

G_DEFINE_FINAL_TYPE (MmOpponents, mm_opponents, G_TYPE_OBJECT)

/**
 * mm_opponents_set_level_id:
 * @level_id: a level as settings and records name it ("beginner" ...),
 *   or "external" for the engine of Preferences
 *
 * Anything else is the intermediate level.
 */
void
mm_opponents_set_level_id (MmOpponents *self,
                           const char  *level_id)
{
  g_return_if_fail (MM_IS_OPPONENTS (self));

  self->external = g_strcmp0 (level_id, EXTERNAL_LEVEL_ID) == 0;
  if (self->external)
    return;
  if (!mm_ai_level_from_string (level_id, &self->level) || self->level >= MM_AI_N_PLAY_LEVELS)
    self->level = MM_AI_LEVEL_INTERMEDIATE;
}

/* The computer's level, or "external" for the program that plays for
 * it, as settings and records name them. */
const char *
mm_opponents_get_level_id (MmOpponents *self)
{
  g_return_val_if_fail (MM_IS_OPPONENTS (self), NULL);

  return self->external ? EXTERNAL_LEVEL_ID : mm_ai_level_to_string (self->level);
}

/* The pause before each computer move is shown, in milliseconds. */
void
mm_opponents_set_delay (MmOpponents *self,
                        guint        milliseconds)
{
  g_return_if_fail (MM_IS_OPPONENTS (self));

  self->delay = milliseconds;
  if (self->ai != NULL)
    mm_ai_player_set_min_delay (self->ai, milliseconds);
  if (self->engine != NULL)
    mm_nboard_player_set_min_delay (self->engine, milliseconds);
}

/* The built-in player, made the first time it is needed; without its
 * weights there is none, and @error says why. */
MmAiPlayer *
mm_opponents_get_ai (MmOpponents  *self,
                     GError      **error)
{
  g_return_val_if_fail (MM_IS_OPPONENTS (self), NULL);

  if (self->ai == NULL)
    {
      self->ai = mm_ai_player_new (NULL, error);
      if (self->ai != NULL)
        mm_ai_player_set_min_delay (self->ai, self->delay);
    }
  return self->ai;
}

/* The engine of Preferences, started (again) when its command or folder
 * changed or it stopped; NULL, with @error, when it cannot start. */
static MmNboardPlayer *
mm_opponents_get_engine (MmOpponents  *self,
                         GError      **error)
{
  g_autofree char *command = g_settings_get_string (self->settings, "engine-command");
  g_autofree char *directory = g_settings_get_string (self->settings, "engine-directory");

  if (self->engine != NULL
      && (g_strcmp0 (mm_nboard_player_get_command_line (self->engine), command) != 0
          || g_strcmp0 (self->engine_directory, directory) != 0
          || !mm_nboard_player_get_running (self->engine)))
    {
      g_object_run_dispose (G_OBJECT (self->engine));
      g_clear_object (&self->engine);
    }
  if (self->engine == NULL)
    {
      self->engine = mm_nboard_player_new_in_directory (command, directory, error);
      g_free (self->engine_directory);
      self->engine_directory = g_strdup (directory);
      if (self->engine == NULL)
        return NULL;
    }
  mm_nboard_player_set_min_delay (self->engine, self->delay);
  return self->engine;
}

/* The seat the computer takes at its level; NULL, with @error, when
 * there is none. */
MmPlayer *
mm_opponents_get_seat (MmOpponents  *self,
                       GError      **error)
{
  g_return_val_if_fail (MM_IS_OPPONENTS (self), NULL);

  if (self->external)
    return MM_PLAYER (mm_opponents_get_engine (self, error));
  if (mm_opponents_get_ai (self, error) == NULL)
    return NULL;
  mm_ai_player_set_level (self->ai, self->level);
  return MM_PLAYER (self->ai);
}

/* Whether @seat is the engine, and it stopped: the next seat asked for
 * is a new one. */
gboolean
mm_opponents_is_stopped_engine (MmOpponents *self,
                                MmPlayer    *seat)
{
  g_return_val_if_fail (MM_IS_OPPONENTS (self), FALSE);

  return self->engine != NULL && seat == MM_PLAYER (self->engine)
         && !mm_nboard_player_get_running (self->engine);
}

/* The name the game records for the computer at its level. */
char *
mm_opponents_dup_record_name (MmOpponents *self)
{
  g_return_val_if_fail (MM_IS_OPPONENTS (self), NULL);

  return g_strconcat (COMPUTER_RECORD_PREFIX, mm_opponents_get_level_id (self), ")", NULL);
}

/* A player's name as the side panel shows it: the computer's recorded
 * name in the reader's language, any other name as it is. */
char *
mm_opponents_display_name (const char *recorded)
{
  g_autofree char *level_id = NULL;
  const char *level_name;
  MmAiLevel level;

  if (recorded == NULL)
    return NULL;
  if (!g_str_has_prefix (recorded, COMPUTER_RECORD_PREFIX) || !g_str_has_suffix (recorded, ")"))
    return g_strdup (recorded);

  level_id = g_strndup (recorded + strlen (COMPUTER_RECORD_PREFIX),
                        strlen (recorded) - strlen (COMPUTER_RECORD_PREFIX) - 1);
  if (g_str_equal (level_id, EXTERNAL_LEVEL_ID))
    /* Translators: the external engine of Preferences as the computer's
     * level, in “Computer (External engine)” */
    level_name = _("External engine");
  else if (mm_ai_level_from_string (level_id, &level) && level < MM_AI_N_PLAY_LEVELS)
    level_name = mm_ai_level_get_name (level);
  else
    return g_strdup (recorded);

  /* Translators: the name of the computer as a player, with its level,
   * as “Computer (Beginner)” */
  return g_strdup_printf (_("Computer (%s)"), level_name);
}

/* The match's autosave keeps who the computer plays in it, and how. */
void
mm_opponents_save_session (MmOpponents *self,
                           MmMatch     *match)
{
  gboolean black, white;
  const char *side;

  g_return_if_fail (MM_IS_OPPONENTS (self));
  g_return_if_fail (MM_IS_MATCH (match));

  black = !mm_player_is_local_person (mm_match_get_seat (match, MM_COLOR_BLACK));
  white = !mm_player_is_local_person (mm_match_get_seat (match, MM_COLOR_WHITE));
  side = black && white ? "both" : black ? "black" : white ? "white" : NULL;
  mm_match_set_session_value (match, SESSION_COMPUTER, side);
  mm_match_set_session_value (match, SESSION_LEVEL,
                              side != NULL ? mm_opponents_get_level_id (self) : NULL);
}

/* A match without the computer in it (an online game): it comes back
 * as a game between people, not with the computer on a seat. */
void
mm_opponents_forget_session (MmOpponents *self,
                             MmMatch     *match)
{
  g_return_if_fail (MM_IS_OPPONENTS (self));
  g_return_if_fail (MM_IS_MATCH (match));

  mm_match_set_session_value (match, SESSION_COMPUTER, NULL);
  mm_match_set_session_value (match, SESSION_LEVEL, NULL);
}

/**
 * mm_opponents_read_session:
 * @session: the values an autosaved match came back with
 * @black: (out): whether the computer played Black
 * @white: (out): whether it played White
 *
 * Who the computer played, and at which level (taken for the next seat).
 *
 * Returns: %FALSE when the session has no computer, or one this program
 *   does not know (the people then play on)
 */
gboolean
mm_opponents_read_session (MmOpponents *self,
                           GHashTable  *session,
                           gboolean    *black,
                           gboolean    *white)
{
  const char *computer = g_hash_table_lookup (session, SESSION_COMPUTER);
  const char *level = g_hash_table_lookup (session, SESSION_LEVEL);
  MmAiLevel known;

  g_return_val_if_fail (MM_IS_OPPONENTS (self), FALSE);

  *black = *white = FALSE;
  if (computer == NULL || level == NULL
      || !(g_str_equal (level, EXTERNAL_LEVEL_ID)
           || (mm_ai_level_from_string (level, &known) && known < MM_AI_N_PLAY_LEVELS)))
    return FALSE;

  mm_opponents_set_level_id (self, level);
  *black = g_str_equal (computer, "both") || g_str_equal (computer, "black");
  *white = g_str_equal (computer, "both") || g_str_equal (computer, "white");
  return *black || *white;
}

static void
mm_opponents_dispose (GObject *object)
{
  MmOpponents *self = MM_OPPONENTS (object);

  /* A player's job keeps it alive: each is stopped before it goes, and
   * the engine's process with it. */
  if (self->ai != NULL)
    mm_ai_player_stop (self->ai);
  g_clear_object (&self->ai);
  if (self->engine != NULL)
    g_object_run_dispose (G_OBJECT (self->engine));
  g_clear_object (&self->engine);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (mm_opponents_parent_class)->dispose (object);
}

static void
mm_opponents_finalize (GObject *object)
{
  MmOpponents *self = MM_OPPONENTS (object);

  g_free (self->engine_directory);

  G_OBJECT_CLASS (mm_opponents_parent_class)->finalize (object);
}

static void
mm_opponents_class_init (MmOpponentsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mm_opponents_dispose;
  object_class->finalize = mm_opponents_finalize;
}

static void
mm_opponents_init (MmOpponents *self)
{
  self->level = MM_AI_LEVEL_INTERMEDIATE;
  self->delay = MM_AI_PLAYER_DEFAULT_MIN_DELAY;
}

/* The opponents of @settings' engine command and folder. */
MmOpponents *
mm_opponents_new (GSettings *settings)
{
  MmOpponents *self;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (MM_TYPE_OPPONENTS, NULL);
  self->settings = g_object_ref (settings);
  return self;
}
