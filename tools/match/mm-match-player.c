/* mm-match-player.c
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

#define G_LOG_DOMAIN "mm-match"

#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "mm-match-player.h"

/* Player specifications:
 *
 *   beginner ... master      a level of the game, as the window plays it
 *   master:1.5               a level with its time per move set (seconds)
 *   depth:8                  a plain search to 8 plies, exact from 8 + 6 empties
 *   SPEC,full-width          either of the above without Multi-ProbCut
 *   gtp:COMMAND [ARGS]       an engine speaking GTP on its standard input
 *                            and output, e.g. "gtp:/usr/games/gtp-rhino -l 5"
 *
 * A GTP engine is told every move with "play COLOR VERTEX" (passes are
 * left out: GRhino passes by itself when it has no move), and asked for
 * one with "genmove COLOR", which plays it on its board too. */

#define HASH_BYTES ((size_t) 64 << 20)

typedef enum
{
  KIND_LEVEL,
  KIND_GTP,
} PlayerKind;

struct _MmMatchPlayer
{
  PlayerKind        kind;
  char             *name;

  /* A search of our own. */
  MmAiLevelParams   params;
  MmSearch         *search;
  MmAiWeights      *weights;
  GRand            *rand;

  /* A GTP engine. */
  GSubprocess      *process;
  GOutputStream    *input;
  GDataInputStream *output;
};

static gboolean
parse_double (const char *text,
              double     *value)
{
  char *end = NULL;

  *value = g_ascii_strtod (text, &end);
  return end != text && *end == '\0' && *value > 0 && *value < 3600;
}

static gboolean
start_gtp (MmMatchPlayer  *self,
           const char     *command,
           GError        **error)
{
  g_auto(GStrv) argv = NULL;

  if (!g_shell_parse_argv (command, NULL, &argv, error))
    return FALSE;
  self->process = g_subprocess_newv ((const char * const *) argv,
                                     G_SUBPROCESS_FLAGS_STDIN_PIPE
                                     | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                     | G_SUBPROCESS_FLAGS_STDERR_SILENCE,
                                     error);
  if (self->process == NULL)
    return FALSE;
  self->input = g_object_ref (g_subprocess_get_stdin_pipe (self->process));
  self->output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (self->process));
  return TRUE;
}

/**
 * mm_match_player_new:
 * @spec: what plays (see above)
 * @weights: the evaluation of our own searches
 * @seed: the chance of the weak levels
 * @n_threads: threads of our own searches
 */
MmMatchPlayer *
mm_match_player_new (const char   *spec,
                     MmAiWeights  *weights,
                     guint32       seed,
                     int           n_threads,
                     GError      **error)
{
  g_autoptr(MmMatchPlayer) self = g_new0 (MmMatchPlayer, 1);
  g_auto(GStrv) parts = NULL;
  g_autofree char *search_spec = NULL;
  gboolean full_width;
  MmAiLevel level;

  self->name = g_strdup (spec);
  if (g_str_has_prefix (spec, "gtp:"))
    {
      self->kind = KIND_GTP;
      if (!start_gtp (self, spec + strlen ("gtp:"), error))
        return NULL;
      return g_steal_pointer (&self);
    }

  self->kind = KIND_LEVEL;
  full_width = g_str_has_suffix (spec, ",full-width");
  search_spec = g_strndup (spec, strlen (spec) - (full_width ? strlen (",full-width") : 0));
  parts = g_strsplit (search_spec, ":", 2);
  if (g_strcmp0 (parts[0], "depth") == 0 && parts[1] != NULL)
    {
      int depth = atoi (parts[1]);

      if (depth < 1 || depth > 60)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       "'%s': the depth must be from 1 to 60", spec);
          return NULL;
        }
      self->params.limits.max_depth = depth;
      self->params.limits.exact_empties = depth + 6;
    }
  else if (mm_ai_level_from_string (parts[0], &level))
    {
      mm_ai_level_get_params (level, &self->params);
      if (parts[1] != NULL && !parse_double (parts[1], &self->params.limits.max_seconds))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       "'%s': give the seconds a move after the colon, as in master:1", spec);
          return NULL;
        }
      if (self->params.limits.max_seconds <= 0 && self->params.limits.max_depth <= 0)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       "'%s' has no limit: give it a time, as in %s:2", spec, parts[0]);
          return NULL;
        }
    }
  else
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "'%s' is not a player: give a level (beginner, novice, intermediate, "
                   "advanced, expert, master), LEVEL:SECONDS, depth:N or gtp:COMMAND, "
                   "the first three with ,full-width to search without Multi-ProbCut", spec);
      return NULL;
    }

  self->search = mm_search_new (HASH_BYTES);
  if (self->search == NULL)
    {
      g_set_error (error, MM_AI_ERROR, MM_AI_ERROR_NO_MEMORY, "no memory for the hash table");
      return NULL;
    }
  self->weights = mm_ai_weights_ref (weights);
  mm_search_set_weights (self->search, mm_ai_weights_get_eval (weights));
  mm_search_set_threads (self->search, n_threads);
  if (full_width)
    mm_search_set_probcut (self->search, 0);
  self->rand = g_rand_new_with_seed (seed);
  return g_steal_pointer (&self);
}

void
mm_match_player_free (MmMatchPlayer *self)
{
  if (self == NULL)
    return;

  if (self->process != NULL)
    {
      /* Ask it to leave, then make sure it has. */
      g_output_stream_write_all (self->input, "quit\n", 5, NULL, NULL, NULL);
      g_output_stream_close (self->input, NULL, NULL);
      g_subprocess_force_exit (self->process);
      g_subprocess_wait (self->process, NULL, NULL);
    }
  g_clear_object (&self->input);
  g_clear_object (&self->output);
  g_clear_object (&self->process);
  g_clear_pointer (&self->search, mm_search_free);
  g_clear_pointer (&self->weights, mm_ai_weights_unref);
  g_clear_pointer (&self->rand, g_rand_free);
  g_free (self->name);
  g_free (self);
}

const char *
mm_match_player_get_name (MmMatchPlayer *self)
{
  return self->name;
}

/* Sends one GTP command and reads its answer: "= TEXT" then an empty
 * line; "? TEXT" is an error. */
static char *
gtp_command (MmMatchPlayer  *self,
             const char     *command,
             GError        **error)
{
  g_autofree char *line = g_strconcat (command, "\n", NULL);
  g_autoptr(GString) answer = g_string_new (NULL);
  gboolean failed = FALSE, started = FALSE;

  if (!g_output_stream_write_all (self->input, line, strlen (line), NULL, NULL, error)
      || !g_output_stream_flush (self->input, NULL, error))
    return NULL;

  for (;;)
    {
      g_autofree char *reply = NULL;
      gsize length = 0;

      reply = g_data_input_stream_read_line_utf8 (self->output, &length, NULL, error);
      if (reply == NULL)
        {
          if (error != NULL && *error == NULL)
            g_set_error (error, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE,
                         "%s stopped answering after '%s'", self->name, command);
          return NULL;
        }
      g_strstrip (reply);
      if (!started)
        {
          if (reply[0] == '\0')
            continue;
          started = TRUE;
          failed = reply[0] == '?';
          if (reply[0] != '=' && reply[0] != '?')
            {
              g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                           "%s answered '%s' to '%s'", self->name, reply, command);
              return NULL;
            }
          g_string_append (answer, g_strstrip (reply + 1));
          continue;
        }
      if (reply[0] == '\0')
        break;
      g_string_append_c (answer, '\n');
      g_string_append (answer, reply);
    }

  if (failed)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   "%s refused '%s': %s", self->name, command, answer->str);
      return NULL;
    }
  return g_string_free (g_steal_pointer (&answer), FALSE);
}

gboolean
mm_match_player_new_game (MmMatchPlayer  *self,
                          GError        **error)
{
  g_autofree char *size = NULL;
  g_autofree char *clear = NULL;

  if (self->kind == KIND_LEVEL)
    {
      /* Every game starts from the same state, so that a match can be
       * repeated. */
      mm_search_clear (self->search);
      return TRUE;
    }

  size = gtp_command (self, "boardsize 8", error);
  if (size == NULL)
    return FALSE;
  clear = gtp_command (self, "clear_board", error);
  return clear != NULL;
}

static const char *
color_name (MmColor color)
{
  return color == MM_COLOR_BLACK ? "black" : "white";
}

/* Tells the player about a move of its opponent (or of the opening). */
gboolean
mm_match_player_played (MmMatchPlayer  *self,
                        MmColor         color,
                        int             square,
                        GError        **error)
{
  g_autofree char *command = NULL;
  g_autofree char *answer = NULL;
  char name[3];

  if (self->kind == KIND_LEVEL || square == MM_SQUARE_PASS)
    return TRUE;

  mm_square_format (square, name);
  command = g_strdup_printf ("play %s %c%c", color_name (color),
                             g_ascii_toupper (name[0]), name[1]);
  answer = gtp_command (self, command, error);
  return answer != NULL;
}

/* The player's move for @color in @board. */
gboolean
mm_match_player_genmove (MmMatchPlayer  *self,
                         const MmBoard  *board,
                         MmColor         color,
                         int            *square,
                         GError        **error)
{
  g_autofree char *command = NULL;
  g_autofree char *answer = NULL;
  MmAiMove move;

  if (self->kind == KIND_LEVEL)
    {
      mm_ai_level_think (&self->params, self->search, mm_ai_weights_get_eval (self->weights),
                         board, self->rand, NULL, NULL, NULL, &move);
      *square = move.square;
      return TRUE;
    }

  command = g_strdup_printf ("genmove %s", color_name (color));
  answer = gtp_command (self, command, error);
  if (answer == NULL)
    return FALSE;
  if (g_ascii_strcasecmp (answer, "pass") == 0)
    {
      *square = MM_SQUARE_PASS;
      return TRUE;
    }
  *square = strlen (answer) == 2 ? mm_square_parse (answer) : MM_SQUARE_NONE;
  if (!mm_square_is_valid (*square))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "%s answered '%s' to '%s'", self->name, answer, command);
      return FALSE;
    }
  return TRUE;
}
