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

#include <glib/gstdio.h>

#include "mm-match-player.h"
#include "mm-types.h"
#include "mm-zebra-output.h"

/* Player specifications:
 *
 *   beginner ... master      a level of the game, as the window plays it
 *   master:1.5               a level with its time per move set (seconds)
 *   depth:8                  a plain search to 8 plies, exact from 8 + 6 empties
 *   depth:8:12               the same, exact from 12 empties
 *   SPEC,full-width          any of the above without Multi-ProbCut
 *   gtp:COMMAND [ARGS]       an engine speaking GTP on its standard input
 *                            and output, e.g. "gtp:/usr/games/gtp-rhino -l 5"
 *   zebra:D[:E[:W]]          Zebra searching D plies, exact from E empties
 *                            (D + 4) and win/loss/draw from W (D + 6)
 *   nboard:D[@S]:COMMAND [ARGS]
 *                            an engine speaking NBoard on its standard input
 *                            and output, searching D plies ("set depth"),
 *                            e.g. another build of ours: "nboard:10:old/
 *                            monomachia-engine nboard --eval old.mmw"; with
 *                            @S, at most D plies on a clock of S seconds
 *                            for the game, which the engine shares out
 *
 * An NBoard engine is given the start with "set game", then told every
 * move with "move" (a pass as "move PA": the match leaves passes out, so
 * they are found from two moves of one colour), its own included, and
 * asked for one with "go", which it answers "=== MOVE/EVAL/TIME"
 * without playing it; its own moves come back with the time the match
 * measured, which its clock (TI) counts.  "ping" and "pong" keep the
 * two in step.
 *
 * A GTP engine is told every move with "play COLOR VERTEX" (passes are
 * left out: GRhino passes by itself when it has no move), and asked for
 * one with "genmove COLOR", which plays it on its board too.
 *
 * Zebra has no protocol: it is run once a move, with the game so far,
 * in a scratch directory of its own (it writes its log and game files
 * beside the evaluation it loads), and its choice is read from what it
 * prints.  Loading the evaluation takes it a few hundredths of a second,
 * measured once and taken off every move's time. */

#define HASH_BYTES ((size_t) 64 << 20)

#define ZEBRA_DEFAULT_TIMEOUT 60.0
#define ZEBRA_STARTUP_PROBES 3
#define ZEBRA_POSITION_FILE "position.txt"

typedef enum
{
  KIND_LEVEL,
  KIND_GTP,
  KIND_ZEBRA,
  KIND_NBOARD,
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

  /* A GTP or NBoard engine. */
  GSubprocess      *process;
  GOutputStream    *input;
  GDataInputStream *output;

  /* Zebra. */
  char             *zebra_program;
  char             *scratch_dir;
  int               zebra_levels[3];   /* depth, exact, win/loss/draw */
  double            timeout;
  double            startup_seconds;
  GString          *moves;             /* since the start, for -seq */
  MmBoard           board;             /* where those moves lead */
  MmColor           color;             /* to move, for Zebra and NBoard */

  /* An NBoard engine. */
  int               nboard_depth;
  int               nboard_clock;      /* seconds a game, 0 for none */
  guint             nboard_pings;
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
start_engine (MmMatchPlayer  *self,
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

static gboolean
parse_int (const char *text,
           int         min,
           int         max,
           int        *value)
{
  gint64 number;

  if (!g_ascii_string_to_signed (text, 10, min, max, &number, NULL))
    return FALSE;
  *value = (int) number;
  return TRUE;
}

/* --zebra, then $MONOMACHIA_ZEBRA, then the shared folder beside the
 * project's source. */
static char *
find_zebra_dir (const char *option_dir)
{
  const char *from_env = g_getenv ("MONOMACHIA_ZEBRA");

  if (option_dir != NULL)
    return g_strdup (option_dir);
  if (from_env != NULL && from_env[0] != '\0')
    return g_strdup (from_env);
  return g_strdup (MM_MATCH_ZEBRA_DIR);
}

static gboolean
parse_zebra_levels (MmMatchPlayer  *self,
                    const char     *spec,
                    GError        **error)
{
  g_auto(GStrv) parts = g_strsplit (spec, ":", -1);
  guint n_parts = g_strv_length (parts);
  int *levels = self->zebra_levels;

  levels[0] = 6;
  if (n_parts > 4 || (n_parts > 1 && !parse_int (parts[1], 1, 60, &levels[0])))
    goto bad;
  levels[1] = MIN (levels[0] + 4, 60);
  levels[2] = MIN (levels[0] + 6, 60);
  if (n_parts > 2 && !parse_int (parts[2], 0, 60, &levels[1]))
    goto bad;
  if (n_parts > 3 && !parse_int (parts[3], 0, 60, &levels[2]))
    goto bad;
  return TRUE;

bad:
  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               "'%s': give Zebra as zebra:DEPTH[:EXACT[:WLD]], a depth from 1 to 60 and "
               "the empties (0 to 60) from which it solves exactly and for win/loss/draw, "
               "as in zebra:6:10:12", spec);
  return FALSE;
}

/* A directory of its own, where Zebra finds its evaluation. */
static gboolean
make_scratch_dir (MmMatchPlayer  *self,
                  const char     *coeffs,
                  GError        **error)
{
  g_autofree char *target = g_canonicalize_filename (coeffs, NULL);
  g_autofree char *link_path = NULL;
  g_autoptr(GFile) link = NULL;

  self->scratch_dir = g_dir_make_tmp ("monomachia-zebra-XXXXXX", error);
  if (self->scratch_dir == NULL)
    return FALSE;
  link_path = g_build_filename (self->scratch_dir, "coeffs2.bin", NULL);
  link = g_file_new_for_path (link_path);
  return g_file_make_symbolic_link (link, target, NULL, error);
}

static void
remove_scratch_dir (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *file = g_build_filename (path, name, NULL);

      g_remove (file);
    }
  g_rmdir (path);
}

typedef struct
{
  GSubprocess *process;
  char        *output;
  GError      *error;
  gboolean     done;
  gboolean     timed_out;
} ZebraRun;

static void
zebra_communicated (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  ZebraRun *run = user_data;

  g_subprocess_communicate_utf8_finish (G_SUBPROCESS (source), result, &run->output, NULL,
                                        &run->error);
  run->done = TRUE;
}

static gboolean
zebra_timed_out (gpointer user_data)
{
  ZebraRun *run = user_data;

  run->timed_out = TRUE;
  g_subprocess_force_exit (run->process);
  return G_SOURCE_REMOVE;
}

/* Runs Zebra once, in a main context of our own so that the timeout can
 * kill it, and returns all it printed. */
static gboolean
spawn_zebra (MmMatchPlayer  *self,
             GPtrArray      *argv,
             char          **output,
             double         *seconds,
             GError        **error)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GMainContext) context = g_main_context_new ();
  g_autoptr(GSource) timeout = NULL;
  ZebraRun run = { 0 };
  gint64 started;

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE
                                        | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_MERGE);
  g_subprocess_launcher_set_cwd (launcher, self->scratch_dir);

  started = g_get_monotonic_time ();
  run.process = g_subprocess_launcher_spawnv (launcher, (const char * const *) argv->pdata, error);
  if (run.process == NULL)
    return FALSE;

  g_main_context_push_thread_default (context);
  g_subprocess_communicate_utf8_async (run.process, NULL, NULL, zebra_communicated, &run);
  timeout = g_timeout_source_new ((guint) (self->timeout * 1000));
  g_source_set_callback (timeout, zebra_timed_out, &run, NULL);
  g_source_attach (timeout, context);
  while (!run.done)
    g_main_context_iteration (context, TRUE);
  g_source_destroy (timeout);
  g_main_context_pop_thread_default (context);
  *seconds = (double) (g_get_monotonic_time () - started) / G_USEC_PER_SEC;

  if (run.timed_out)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT,
                   "%s took more than %g s on a move and was stopped (--engine-timeout)",
                   self->name, self->timeout);
    }
  else if (run.error != NULL)
    g_propagate_error (error, g_steal_pointer (&run.error));
  else if (!g_subprocess_get_if_exited (run.process)
           || g_subprocess_get_exit_status (run.process) != 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s failed: %s", self->name,
                   run.output != NULL ? g_strstrip (run.output) : "");
    }
  g_clear_error (&run.error);
  g_object_unref (run.process);
  if (error != NULL && *error != NULL)
    {
      g_free (run.output);
      return FALSE;
    }
  *output = run.output;
  return TRUE;
}

/* The arguments of Zebra's README, without book or chance; the position
 * comes as the moves from the start when it is that, as a file otherwise. */
static GPtrArray *
zebra_argv (MmMatchPlayer *self,
            const int     *levels,
            const char    *moves)
{
  GPtrArray *argv = g_ptr_array_new_with_free_func (g_free);
  const char *fixed[] = { "-quiet", "-b", "0", "-r", "0", "-slack", "0", "-h", "20", "-l" };

  g_ptr_array_add (argv, g_strdup (self->zebra_program));
  for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
    g_ptr_array_add (argv, g_strdup (fixed[i]));
  for (int color = 0; color < 2; color++)
    for (int i = 0; i < 3; i++)
      g_ptr_array_add (argv, g_strdup_printf ("%d", levels[i]));
  g_ptr_array_add (argv, g_strdup ("-evalone"));
  g_ptr_array_add (argv, g_strdup (moves != NULL ? "-seq" : "-g"));
  g_ptr_array_add (argv, g_strdup (moves != NULL ? moves : ZEBRA_POSITION_FILE));
  g_ptr_array_add (argv, NULL);
  return argv;
}

/* The least of a few runs at depth 1 from the start is what loading the
 * evaluation and clearing the table costs, with no thinking in it. */
static gboolean
measure_zebra_startup (MmMatchPlayer  *self,
                       GError        **error)
{
  const int levels[3] = { 1, 0, 0 };

  self->startup_seconds = G_MAXDOUBLE;
  for (int i = 0; i < ZEBRA_STARTUP_PROBES; i++)
    {
      g_autoptr(GPtrArray) argv = zebra_argv (self, levels, "");
      g_autofree char *output = NULL;
      double seconds;
      int square;

      if (!spawn_zebra (self, argv, &output, &seconds, error)
          || !mm_zebra_output_parse_move (output, &square, error))
        return FALSE;
      self->startup_seconds = MIN (self->startup_seconds, seconds);
    }
  return TRUE;
}

static gboolean
start_zebra (MmMatchPlayer               *self,
             const char                  *spec,
             const MmMatchPlayerOptions  *options,
             GError                     **error)
{
  g_autofree char *dir = find_zebra_dir (options->zebra_dir);
  g_autofree char *coeffs = g_build_filename (dir, "coeffs2.bin", NULL);

  if (!parse_zebra_levels (self, spec, error))
    return FALSE;
  self->zebra_program = g_build_filename (dir, "zebra", NULL);
  if (!g_file_test (self->zebra_program, G_FILE_TEST_IS_EXECUTABLE)
      || !g_file_test (coeffs, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                   "'%s': no Zebra in %s (it needs the programme 'zebra' and its "
                   "'coeffs2.bin'): give its folder with --zebra DIR or MONOMACHIA_ZEBRA=DIR",
                   spec, dir);
      return FALSE;
    }
  self->timeout = options->engine_timeout > 0 ? options->engine_timeout : ZEBRA_DEFAULT_TIMEOUT;
  /* A day is as good as for ever, and keeps the milliseconds in a guint. */
  self->timeout = MIN (self->timeout, 86400);
  self->moves = g_string_new (NULL);
  return make_scratch_dir (self, coeffs, error) && measure_zebra_startup (self, error);
}

/* One line of a GTP or NBoard engine's answer, stripped; NULL with the
 * error when it has gone (@after: what it was last sent). */
static char *
read_engine_line (MmMatchPlayer  *self,
                  const char     *after,
                  GError        **error)
{
  gsize length = 0;
  char *reply = g_data_input_stream_read_line_utf8 (self->output, &length, NULL, error);

  if (reply == NULL)
    {
      if (error != NULL && *error == NULL)
        g_set_error (error, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE,
                     "%s stopped answering after '%s'", self->name, after);
      return NULL;
    }
  return g_strstrip (reply);
}

/* Sends one GTP or NBoard command. */
static gboolean
send_engine_line (MmMatchPlayer  *self,
                  const char     *command,
                  GError        **error)
{
  g_autofree char *line = g_strconcat (command, "\n", NULL);

  if (g_output_stream_write_all (self->input, line, strlen (line), NULL, NULL, error)
      && g_output_stream_flush (self->input, NULL, error))
    return TRUE;
  g_prefix_error (error, "%s did not take '%s': ", self->name, command);
  return FALSE;
}

/* Reads the engine's lines until one starting with @prefix, and returns
 * the rest of it; the others (status, search, nodestats ...) say nothing
 * the match needs. */
static char *
nboard_read_until (MmMatchPlayer  *self,
                   const char     *prefix,
                   const char     *after,
                   GError        **error)
{
  for (;;)
    {
      g_autofree char *reply = read_engine_line (self, after, error);

      if (reply == NULL)
        return NULL;
      if (g_str_has_prefix (reply, prefix))
        return g_strdup (reply + strlen (prefix));
    }
}

/* Waits until the engine has taken every command sent so far. */
static gboolean
nboard_sync (MmMatchPlayer  *self,
             GError        **error)
{
  g_autofree char *ping = g_strdup_printf ("ping %u", ++self->nboard_pings);
  g_autofree char *pong = g_strdup_printf ("pong %u", self->nboard_pings);
  g_autofree char *rest = NULL;

  if (!send_engine_line (self, ping, error))
    return FALSE;
  rest = nboard_read_until (self, pong, ping, error);
  return rest != NULL;
}

static gboolean
start_nboard (MmMatchPlayer  *self,
              const char     *spec,
              GError        **error)
{
  g_auto(GStrv) parts = g_strsplit (spec, ":", 3);
  g_auto(GStrv) limits = NULL;
  g_autofree char *depth = NULL;

  if (parts[1] != NULL)
    limits = g_strsplit (parts[1], "@", 2);
  if (parts[1] == NULL || parts[2] == NULL || !parse_int (limits[0], 1, 60, &self->nboard_depth)
      || (limits[1] != NULL && !parse_int (limits[1], 1, 86400, &self->nboard_clock)))
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "'%s': give an NBoard engine as nboard:DEPTH[@SECONDS]:COMMAND, a depth "
                   "from 1 to 60 and the seconds of its clock for a game, as in "
                   "\"nboard:8:monomachia-engine nboard --no-book\"", spec);
      return FALSE;
    }
  depth = g_strdup_printf ("set depth %d", self->nboard_depth);
  return start_engine (self, parts[2], error) && send_engine_line (self, "nboard 2", error)
         && send_engine_line (self, depth, error) && nboard_sync (self, error);
}

/* Tells the engine about a pass it has not seen: the match leaves them
 * out, so a move of the side not to move means the other passed. */
static gboolean
nboard_catch_up (MmMatchPlayer  *self,
                 MmColor         color,
                 GError        **error)
{
  if (color == self->color)
    return TRUE;
  self->color = color;
  return send_engine_line (self, "move PA", error);
}

/* @timing: "/EVAL/TIME" for the engine's own moves, else "". */
static gboolean
nboard_play (MmMatchPlayer  *self,
             MmColor         color,
             int             square,
             const char     *timing,
             GError        **error)
{
  g_autofree char *command = NULL;
  char name[3];

  if (!nboard_catch_up (self, color, error))
    return FALSE;
  mm_square_format (square, name);
  command = g_strdup_printf ("move %s%s", name, timing);
  self->color = mm_color_other (color);
  return send_engine_line (self, command, error);
}

/* The start position, black to move, and the clock if there is one
 * (else the depth alone limits the search). */
static gboolean
nboard_new_game (MmMatchPlayer  *self,
                 GError        **error)
{
  g_autofree char *clock = NULL;
  g_autofree char *command = NULL;

  self->color = MM_COLOR_BLACK;
  if (self->nboard_clock > 0)
    clock = g_strdup_printf ("TI[%d:%02d]", self->nboard_clock / 60, self->nboard_clock % 60);
  command = g_strdup_printf ("set game (;GM[Othello]PC[monomachia-match]PB[black]PW[white]%s"
                             "TY[8]BO[8 ---------------------------O*------*O-------------"
                             "-------------- *];)", clock != NULL ? clock : "");
  return send_engine_line (self, command, error) && nboard_sync (self, error);
}

static gboolean
nboard_genmove (MmMatchPlayer  *self,
                MmColor         color,
                int            *square,
                GError        **error)
{
  g_autofree char *answer = NULL;
  g_autofree char *name = NULL;
  g_autofree char *timing = NULL;
  g_auto(GStrv) fields = NULL;
  char seconds[G_ASCII_DTOSTR_BUF_SIZE];
  gint64 started;

  if (!nboard_catch_up (self, color, error) || !send_engine_line (self, "go", error))
    return FALSE;
  started = g_get_monotonic_time ();
  answer = nboard_read_until (self, "=== ", "go", error);
  if (answer == NULL)
    return FALSE;
  g_ascii_formatd (seconds, sizeof seconds, "%.3f",
                   (double) (g_get_monotonic_time () - started) / G_USEC_PER_SEC);
  fields = g_strsplit (answer, "/", 3);
  timing = g_strdup_printf ("/%s/%s", fields[1] != NULL ? fields[1] : "0", seconds);
  name = g_ascii_strdown (answer, strcspn (answer, "/"));
  *square = strlen (name) == 2 ? mm_square_parse (name) : MM_SQUARE_NONE;
  if (!mm_square_is_valid (*square))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "%s answered '=== %s' to 'go'", self->name, answer);
      return FALSE;
    }
  /* It does not play its own move until told. */
  return nboard_play (self, color, *square, timing, error);
}

static gboolean
parse_search (MmMatchPlayer  *self,
              const char     *spec,
              const char     *search_spec,
              GError        **error)
{
  g_auto(GStrv) parts = g_strsplit (search_spec, ":", 3);
  MmAiLevel level;

  if (g_strcmp0 (parts[0], "depth") == 0 && parts[1] != NULL)
    {
      int depth, exact;

      if (!parse_int (parts[1], 1, 60, &depth))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       "'%s': the depth must be from 1 to 60", spec);
          return FALSE;
        }
      exact = depth + 6;
      if (parts[2] != NULL && !parse_int (parts[2], 0, 60, &exact))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       "'%s': the empties to solve exactly from must be from 0 to 60, "
                       "as in depth:6:10", spec);
          return FALSE;
        }
      self->params.limits.max_depth = depth;
      self->params.limits.exact_empties = exact;
      return TRUE;
    }

  if (mm_ai_level_from_string (parts[0], &level) && (parts[1] == NULL || parts[2] == NULL))
    {
      mm_ai_level_get_params (level, &self->params);
      if (parts[1] != NULL && !parse_double (parts[1], &self->params.limits.max_seconds))
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       "'%s': give the seconds a move after the colon, as in master:1", spec);
          return FALSE;
        }
      if (self->params.limits.max_seconds <= 0 && self->params.limits.max_depth <= 0)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       "'%s' has no limit: give it a time, as in %s:2", spec, parts[0]);
          return FALSE;
        }
      return TRUE;
    }

  g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
               "'%s' is not a player: give a level (beginner, novice, intermediate, "
               "advanced, expert, master), LEVEL:SECONDS, depth:N[:EXACT], gtp:COMMAND, "
               "nboard:DEPTH[@SECONDS]:COMMAND or zebra:DEPTH[:EXACT[:WLD]], the first "
               "three with ,full-width to search without Multi-ProbCut", spec);
  return FALSE;
}

/**
 * mm_match_player_new:
 * @spec: what plays (see above)
 * @options: what our own searches and Zebra need
 */
MmMatchPlayer *
mm_match_player_new (const char                  *spec,
                     const MmMatchPlayerOptions  *options,
                     GError                     **error)
{
  g_autoptr(MmMatchPlayer) self = g_new0 (MmMatchPlayer, 1);
  g_autofree char *search_spec = NULL;
  gboolean full_width;

  self->name = g_strdup (spec);
  if (g_str_has_prefix (spec, "gtp:"))
    {
      self->kind = KIND_GTP;
      if (!start_engine (self, spec + strlen ("gtp:"), error))
        return NULL;
      return g_steal_pointer (&self);
    }
  if (g_str_has_prefix (spec, "nboard:"))
    {
      self->kind = KIND_NBOARD;
      if (!start_nboard (self, spec, error))
        return NULL;
      return g_steal_pointer (&self);
    }
  if (g_strcmp0 (spec, "zebra") == 0 || g_str_has_prefix (spec, "zebra:"))
    {
      self->kind = KIND_ZEBRA;
      if (!start_zebra (self, spec, options, error))
        return NULL;
      return g_steal_pointer (&self);
    }

  self->kind = KIND_LEVEL;
  full_width = g_str_has_suffix (spec, ",full-width");
  search_spec = g_strndup (spec, strlen (spec) - (full_width ? strlen (",full-width") : 0));
  if (!parse_search (self, spec, search_spec, error))
    return NULL;

  self->search = mm_search_new (HASH_BYTES);
  if (self->search == NULL)
    {
      g_set_error (error, MM_AI_ERROR, MM_AI_ERROR_NO_MEMORY, "no memory for the hash table");
      return NULL;
    }
  self->weights = mm_ai_weights_ref (options->weights);
  mm_search_set_weights (self->search, mm_ai_weights_get_eval (options->weights));
  mm_search_set_threads (self->search, options->n_threads);
  if (full_width)
    mm_search_set_probcut (self->search, 0);
  self->rand = g_rand_new_with_seed (options->seed);
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
  if (self->scratch_dir != NULL)
    remove_scratch_dir (self->scratch_dir);
  g_free (self->scratch_dir);
  g_free (self->zebra_program);
  if (self->moves != NULL)
    g_string_free (self->moves, TRUE);
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
  g_autoptr(GString) answer = g_string_new (NULL);
  gboolean failed = FALSE, started = FALSE;

  if (!send_engine_line (self, command, error))
    return NULL;

  for (;;)
    {
      g_autofree char *reply = read_engine_line (self, command, error);

      if (reply == NULL)
        return NULL;
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
  if (self->kind == KIND_NBOARD)
    return nboard_new_game (self, error);
  if (self->kind == KIND_ZEBRA)
    {
      g_string_truncate (self->moves, 0);
      mm_board_init_start (&self->board);
      self->color = MM_COLOR_BLACK;
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

/* What each run of the player costs before it thinks (Zebra loading its
 * evaluation), already taken off its times; 0 for the others. */
double
mm_match_player_get_startup_seconds (MmMatchPlayer *self)
{
  return self->kind == KIND_ZEBRA ? self->startup_seconds : 0;
}

/* -seq leaves passes out, as the match does: a move of the side that was
 * not to move means the other passed. */
static void
zebra_catch_up (MmMatchPlayer *self,
                MmColor        color)
{
  if (color != self->color)
    {
      mm_board_pass (&self->board);
      self->color = color;
    }
}

/* Follows the game for -seq. */
static void
zebra_follow (MmMatchPlayer *self,
              MmColor        color,
              int            square)
{
  char name[3];

  if (square == MM_SQUARE_PASS)
    return;
  zebra_catch_up (self, color);
  if (mm_board_play (&self->board, square) == 0)
    return;
  mm_square_format (square, name);
  g_string_append_len (self->moves, name, 2);
  self->color = mm_color_other (color);
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

  if (self->kind == KIND_ZEBRA)
    zebra_follow (self, color, square);
  if (self->kind == KIND_NBOARD)
    return square == MM_SQUARE_PASS || nboard_play (self, color, square, "", error);
  if (self->kind != KIND_GTP || square == MM_SQUARE_PASS)
    return TRUE;

  mm_square_format (square, name);
  command = g_strdup_printf ("play %s %c%c", color_name (color),
                             g_ascii_toupper (name[0]), name[1]);
  answer = gtp_command (self, command, error);
  return answer != NULL;
}

static gboolean
gtp_genmove (MmMatchPlayer  *self,
             MmColor         color,
             int            *square,
             GError        **error)
{
  g_autofree char *command = g_strdup_printf ("genmove %s", color_name (color));
  g_autofree char *answer = gtp_command (self, command, error);

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

/* The moves from the start when they lead to @board, else the position
 * in the file that -g reads. */
static gboolean
zebra_position (MmMatchPlayer  *self,
                const MmBoard  *board,
                MmColor         color,
                const char    **moves,
                GError        **error)
{
  g_autofree char *text = NULL;
  g_autofree char *path = NULL;

  zebra_catch_up (self, color);
  if (board->player == self->board.player
      && board->opponent == self->board.opponent)
    {
      *moves = self->moves->str;
      return TRUE;
    }
  *moves = NULL;
  g_debug ("%s: the game left the moves from the start, so Zebra reads the position", self->name);
  text = mm_zebra_output_format_position (board, color);
  path = g_build_filename (self->scratch_dir, ZEBRA_POSITION_FILE, NULL);
  return g_file_set_contents (path, text, -1, error);
}

static gboolean
zebra_genmove (MmMatchPlayer  *self,
               const MmBoard  *board,
               MmColor         color,
               int            *square,
               double         *seconds,
               GError        **error)
{
  g_autoptr(GPtrArray) argv = NULL;
  g_autofree char *output = NULL;
  g_autoptr(GError) parse_error = NULL;
  const char *moves;

  if (!zebra_position (self, board, color, &moves, error))
    return FALSE;
  argv = zebra_argv (self, self->zebra_levels, moves);
  if (!spawn_zebra (self, argv, &output, seconds, error))
    return FALSE;
  *seconds = MAX (0, *seconds - self->startup_seconds);
  if (!mm_zebra_output_parse_move (output, square, &parse_error))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: %s", self->name,
                   parse_error->message);
      return FALSE;
    }
  /* The match tells every player but the mover. */
  zebra_follow (self, color, *square);
  return TRUE;
}

/* The player's move for @color in @board, and the time it thought. */
gboolean
mm_match_player_genmove (MmMatchPlayer  *self,
                         const MmBoard  *board,
                         MmColor         color,
                         int            *square,
                         double         *seconds,
                         GError        **error)
{
  gint64 started = g_get_monotonic_time ();
  MmAiMove move;

  if (self->kind == KIND_ZEBRA)
    return zebra_genmove (self, board, color, square, seconds, error);

  if (self->kind == KIND_LEVEL)
    {
      mm_ai_level_think (&self->params, self->search, mm_ai_weights_get_eval (self->weights),
                         board, self->rand, NULL, NULL, NULL, &move);
      *square = move.square;
    }
  else if (self->kind == KIND_NBOARD)
    {
      if (!nboard_genmove (self, color, square, error))
        return FALSE;
    }
  else if (!gtp_genmove (self, color, square, error))
    return FALSE;
  *seconds = (double) (g_get_monotonic_time () - started) / G_USEC_PER_SEC;
  return TRUE;
}
