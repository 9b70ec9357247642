/* monomachia-train.c
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

/* The evaluation trainer on the command line:
 *
 *   monomachia-train train      fit the weights and write the file
 *   monomachia-train validate   the error of a weights file on the held-out games
 *   monomachia-train match      trained against hand-written evaluation at fixed depth
 *   monomachia-train selfplay   games of the engine against itself, to train on
 *
 * See docs/TRAINING.md. */

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "mm-train-exact.h"
#include "mm-train-match.h"
#include "mm-train-selfplay.h"
#include "mm-train.h"

#ifndef MM_TRAIN_DEFAULT_GAMES
#define MM_TRAIN_DEFAULT_GAMES "../shared/data/wthor-games.txt.gz"
#endif

typedef struct
{
  MmTrainOptions train;
  char          *games_path;
  char          *extra_games_path;
  char          *openings_name;
  char          *output_path;
  char          *weights_path;
  char          *cache_path;
  char          *against_path;
  char          *label_weights_path;
  char          *label_weights_id;
  MmEvalWeights *label_weights;
  int            max_games;
  gboolean       no_propagate;
  gboolean       quiet;
  MmTrainMatchOptions match;
  MmTrainSelfplayOptions selfplay;
  MmTrainExactOptions exact;
} CommandLine;

static void
add_data_options (GOptionContext *context,
                  CommandLine    *line)
{
  GOptionEntry entries[] = {
    { "games", 'g', 0, G_OPTION_ARG_FILENAME, &line->games_path,
      "The games (gzip, one a line; default " MM_TRAIN_DEFAULT_GAMES ")", "FILE" },
    { "max-games", 'n', 0, G_OPTION_ARG_INT, &line->max_games,
      "Read only the first N games (default: all)", "N" },
    { "extra-games", 0, 0, G_OPTION_ARG_FILENAME, &line->extra_games_path,
      "Also learn from the games in FILE (self-play): read after the others "
      "and never held out, so the held-out games stay the same", "FILE" },
    { "exact-empties", 'e', 0, G_OPTION_ARG_INT, &line->train.label.exact_empties,
      "Solve the positions with at most N empties exactly (default 14)", "N" },
    { "label-depth", 0, 0, G_OPTION_ARG_INT, &line->train.label.search_depth,
      "Label the positions before the exact ones by a search of N plies "
      "instead of the game's result (default 0: the result)", "N" },
    { "label-weights", 0, 0, G_OPTION_ARG_FILENAME, &line->label_weights_path,
      "The weights of that search (default: the built-in ones)", "FILE" },
    { "no-propagate", 0, 0, G_OPTION_ARG_NONE, &line->no_propagate,
      "Label the positions before the solved ones with the recorded result, "
      "not the first solved value", NULL },
    { "validation-every", 0, 0, G_OPTION_ARG_INT, &line->train.fit.validation_every,
      "Hold out every N-th game for validation (default 10)", "N" },
    { "threads", 't', 0, G_OPTION_ARG_INT, &line->train.label.n_threads,
      "Threads (default 2); the result does not depend on it", "N" },
    { "samples-cache", 0, 0, G_OPTION_ARG_FILENAME, &line->cache_path,
      "Keep the labelled positions in FILE and read them from there next time "
      "(for trying settings; a cache of other games or labels is not used)", "FILE" },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &line->quiet,
      "No progress on standard error", NULL },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, NULL);
}

static void
add_fit_options (GOptionContext *context,
                 CommandLine    *line)
{
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &line->output_path,
      "Write the weights to FILE (default eval.mmw)", "FILE" },
    { "lambda", 0, 0, G_OPTION_ARG_DOUBLE, &line->train.fit.lambda,
      "L2 regularisation per weight (default 2)", "X" },
    { "min-count", 0, 0, G_OPTION_ARG_INT, &line->train.fit.min_count,
      "Pattern contents seen fewer times keep weight 0 (default 3)", "N" },
    { "iterations", 0, 0, G_OPTION_ARG_INT, &line->train.fit.max_iterations,
      "At most N conjugate-gradient steps per stage (default 300)", "N" },
    { "outcome-weight", 0, 0, G_OPTION_ARG_DOUBLE, &line->train.fit.outcome_weight,
      "With --label-depth, fit this share of the game's result and the rest "
      "of the search's score (default 0)", "X" },
    { "spread", 0, 0, G_OPTION_ARG_INT, &line->train.fit.spread,
      "Also learn a stage from positions up to N discs outside it (default 2)", "N" },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, NULL);
}

static void
add_match_options (GOptionContext *context,
                   CommandLine    *line)
{
  GOptionEntry entries[] = {
    { "weights", 'w', 0, G_OPTION_ARG_FILENAME, &line->weights_path,
      "The weights file to measure", "FILE" },
    { "against", 'a', 0, G_OPTION_ARG_FILENAME, &line->against_path,
      "Play against this weights file instead of the hand-written evaluation", "FILE" },
    { "depth", 'd', 0, G_OPTION_ARG_INT, &line->match.depth,
      "Search depth of both players (default 4)", "N" },
    { "openings", 0, 0, G_OPTION_ARG_INT, &line->match.n_openings,
      "Openings, each played with both colours (default 100)", "N" },
    { "opening-plies", 0, 0, G_OPTION_ARG_INT, &line->match.opening_plies,
      "Openings are the first 8 to N plies of archive games (default 12)", "N" },
    { "endgame", 0, 0, G_OPTION_ARG_INT, &line->match.endgame,
      "Both players solve exactly from N empties (default 0: never)", "N" },
    { "seed", 's', 0, G_OPTION_ARG_INT, &line->match.seed,
      "Chooses the openings (default 1)", "N" },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, NULL);
}

static void
add_selfplay_options (GOptionContext *context,
                      CommandLine    *line)
{
  MmTrainSelfplayOptions *selfplay = &line->selfplay;
  GOptionEntry entries[] = {
    { "weights", 'w', 0, G_OPTION_ARG_FILENAME, &line->weights_path,
      "The weights both sides play with", "FILE" },
    { "n-games", 'n', 0, G_OPTION_ARG_INT, &selfplay->n_games,
      "Games to play (default 100)", "N" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &line->output_path,
      "Write the games to FILE, one a line as in the archive (default: standard output)",
      "FILE" },
    { "depth", 'd', 0, G_OPTION_ARG_INT, &selfplay->depth,
      "Midgame search depth of each move (default 8)", "N" },
    { "exact-empties", 'e', 0, G_OPTION_ARG_INT, &selfplay->exact_empties,
      "Play perfectly from N empties (default 14)", "N" },
    { "seed", 's', 0, G_OPTION_ARG_INT, &selfplay->seed,
      "0 to 65535: the same seed plays the same games; written as the "
      "year of each game (default 1)", "N" },
    { "openings", 0, 0, G_OPTION_ARG_STRING, &line->openings_name,
      "random: random plies a search finds balanced (default); archive: the "
      "first plies of archive games that are not held out", "random|archive" },
    { "opening-plies", 0, 0, G_OPTION_ARG_INT, &selfplay->opening_plies,
      "Random openings: N plies; archive openings: 8 to N plies (default 8)", "N" },
    { "random-plies", 0, 0, G_OPTION_ARG_INT, &selfplay->random_plies,
      "After the opening, N moves drawn among the near-best (default 2)", "N" },
    { "random-margin", 0, 0, G_OPTION_ARG_INT, &selfplay->random_margin,
      "Near-best: at most N discs below the best move (default 2)", "N" },
    { "games", 'g', 0, G_OPTION_ARG_FILENAME, &line->games_path,
      "The archive of archive openings (default " MM_TRAIN_DEFAULT_GAMES ")", "FILE" },
    { "threads", 't', 0, G_OPTION_ARG_INT, &selfplay->n_threads,
      "Threads (default 1); the games do not depend on it", "N" },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &line->quiet,
      "No progress on standard error", NULL },
    { NULL }
  };

  g_option_context_add_main_entries (context, entries, NULL);
}

static void
add_exact_options (GOptionContext *context,
                   CommandLine    *line)
{
  MmTrainExactOptions *exact = &line->exact;
  GOptionEntry entries[] = {
    { "weights", 'w', 0, G_OPTION_ARG_FILENAME, &line->weights_path,
      "The weights file to measure", "FILE" },
    { "against", 'a', 0, G_OPTION_ARG_FILENAME, &line->against_path,
      "Measure this weights file beside it", "FILE" },
    { "depth", 'd', 0, G_OPTION_ARG_INT, &line->match.depth,
      "Also the error of a search of N plies with each (default 0: none)", "N" },
    { "min-empties", 0, 0, G_OPTION_ARG_INT, &exact->min_empties,
      "Positions from N empties (default 20)", "N" },
    { "max-empties", 0, 0, G_OPTION_ARG_INT, &exact->max_empties,
      "Positions up to N empties (default 24)", "N" },
    { "per-empties", 0, 0, G_OPTION_ARG_INT, &exact->per_empties,
      "Positions of each number of empties (default 50)", "N" },
    { "games", 'g', 0, G_OPTION_ARG_FILENAME, &line->games_path,
      "The games (default " MM_TRAIN_DEFAULT_GAMES "); every tenth is held out", "FILE" },
    { "threads", 't', 0, G_OPTION_ARG_INT, &exact->n_threads,
      "Threads solving (default 2)", "N" },
    { "samples-cache", 0, 0, G_OPTION_ARG_FILENAME, &line->cache_path,
      "Keep the solved positions in FILE and read them from there next time", "FILE" },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &line->quiet,
      "No progress on standard error", NULL },
    { NULL }
  };

  /* The static evaluation alone unless told. */
  line->match.depth = 0;
  g_option_context_add_main_entries (context, entries, NULL);
}

static gboolean
check_selfplay_options (CommandLine  *line,
                        GError      **error)
{
  MmTrainSelfplayOptions *selfplay = &line->selfplay;

  if (line->openings_name == NULL || strcmp (line->openings_name, "random") == 0)
    selfplay->openings = MM_TRAIN_OPENINGS_RANDOM;
  else if (strcmp (line->openings_name, "archive") == 0)
    selfplay->openings = MM_TRAIN_OPENINGS_ARCHIVE;
  else
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "--openings is random or archive, not '%s'", line->openings_name);
      return FALSE;
    }
  if (selfplay->n_games < 0 || selfplay->depth < 1 || selfplay->exact_empties < 0
      || selfplay->seed < 0 || selfplay->seed > G_MAXUINT16
      || selfplay->opening_plies < 0 || selfplay->opening_plies > 20
      || selfplay->random_plies < 0 || selfplay->random_margin < 0
      || selfplay->n_threads < 1)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "the depth and threads must be at least 1, the seed 0 to 65535, "
                   "the opening plies 0 to 20 and the counts not negative");
      return FALSE;
    }
  selfplay->games_path = line->games_path != NULL ? line->games_path : MM_TRAIN_DEFAULT_GAMES;
  selfplay->verbose = !line->quiet;
  return TRUE;
}

/* The labelling search's weights, named in the samples cache's key by
 * their contents' checksum. */
static gboolean
load_label_weights (CommandLine  *line,
                    GError      **error)
{
  g_autofree char *contents = NULL;
  gsize length = 0;
  MmEvalError failure = MM_EVAL_OK;

  if (!g_file_get_contents (line->label_weights_path, &contents, &length, error))
    return FALSE;
  line->label_weights = mm_eval_weights_load (line->label_weights_path, &failure);
  if (line->label_weights == NULL)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s: %s", line->label_weights_path,
                   mm_eval_error_message (failure));
      return FALSE;
    }
  line->label_weights_id = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (guchar *) contents,
                                                        length);
  line->train.label.search_weights = line->label_weights;
  line->train.search_weights_id = line->label_weights_id;
  return TRUE;
}

static void
print_usage (FILE *out)
{
  fprintf (out,
           "Usage: monomachia-train COMMAND [OPTIONS]\n"
           "\n"
           "Commands:\n"
           "  train      fit the evaluation weights to the games and write the file\n"
           "  validate   the error of a weights file on the held-out games\n"
           "  match      a weights file against the hand-written evaluation at fixed depth\n"
           "  selfplay   games of the engine against itself, in the archive's format\n"
           "  exact-error  the error of weights files against positions solved exactly\n"
           "\n"
           "'monomachia-train COMMAND --help' lists the options of a command.\n");
}

static gboolean
parse_command_line (CommandLine  *line,
                    const char   *command,
                    int          *argc,
                    char       ***argv,
                    GError      **error)
{
  g_autofree char *summary = g_strdup_printf ("%s: see docs/TRAINING.md", command);
  GOptionContext *context = g_option_context_new (NULL);
  gboolean ok;

  g_option_context_set_summary (context, summary);
  if (strcmp (command, "selfplay") == 0)
    add_selfplay_options (context, line);
  else if (strcmp (command, "exact-error") == 0)
    add_exact_options (context, line);
  else
    add_data_options (context, line);
  if (strcmp (command, "train") == 0)
    add_fit_options (context, line);
  else if (strcmp (command, "validate") == 0 || strcmp (command, "match") == 0)
    add_match_options (context, line);
  ok = g_option_context_parse (context, argc, argv, error);
  g_option_context_free (context);
  if (!ok)
    return FALSE;
  if (*argc > 1)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "unexpected argument '%s'", (*argv)[1]);
      return FALSE;
    }
  if (strcmp (command, "selfplay") == 0)
    return check_selfplay_options (line, error);
  if (strcmp (command, "exact-error") == 0)
    {
      line->exact.games_path = line->games_path != NULL ? line->games_path
                                                        : MM_TRAIN_DEFAULT_GAMES;
      line->exact.cache_path = line->cache_path;
      line->exact.verbose = !line->quiet;
      if (line->exact.n_threads < 1 || line->match.depth < 0)
        {
          g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                       "the threads must be at least 1 and the depth not negative");
          return FALSE;
        }
      return TRUE;
    }
  if (line->max_games < 0 || line->train.label.exact_empties < 0
      || line->train.label.n_threads < 1 || line->train.fit.min_count < 0
      || line->train.fit.lambda < 0 || line->train.fit.max_iterations < 0
      || line->train.fit.spread < 0 || line->train.label.search_depth < 0
      || line->train.fit.outcome_weight < 0 || line->train.fit.outcome_weight > 1
      || line->train.label.search_depth > 30)
    {
      g_set_error (error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                   "counts, lambda and the number of threads must not be negative, "
                   "the label depth at most 30");
      return FALSE;
    }
  if (line->label_weights_path != NULL && !load_label_weights (line, error))
    return FALSE;

  line->train.games_path = line->games_path != NULL ? line->games_path : MM_TRAIN_DEFAULT_GAMES;
  line->train.extra_games_path = line->extra_games_path;
  line->train.max_games = (guint) line->max_games;
  line->train.samples_cache = line->cache_path;
  line->train.label.propagate = !line->no_propagate;
  line->train.fit.n_threads = line->train.label.n_threads;
  line->train.verbose = !line->quiet;
  return TRUE;
}

static int
command_train (CommandLine *line)
{
  g_autoptr(GError) error = NULL;
  MmTrainReport report;
  MmEvalWeights *weights;

  line->train.output_path = line->output_path != NULL ? line->output_path : "eval.mmw";
  weights = mm_train_run (&line->train, &report, &error);
  if (weights == NULL)
    {
      g_printerr ("monomachia-train: %s\n", error->message);
      return EXIT_FAILURE;
    }
  mm_train_print_report (stdout, &report);
  printf ("\nwrote %s\n", line->train.output_path);
  mm_eval_weights_free (weights);
  return EXIT_SUCCESS;
}

static MmEvalWeights *
load_weights (const char *path)
{
  MmEvalError error = MM_EVAL_OK;
  MmEvalWeights *weights;

  if (path == NULL)
    {
      g_printerr ("monomachia-train: give the weights file with --weights\n");
      return NULL;
    }
  weights = mm_eval_weights_load (path, &error);
  if (weights == NULL)
    g_printerr ("monomachia-train: %s: %s\n", path, mm_eval_error_message (error));
  return weights;
}

static int
command_validate (CommandLine *line)
{
  g_autoptr(GError) error = NULL;
  MmTrainSampleSet set = { 0 };
  MmTrainReport report = { 0 };
  MmEvalWeights *weights = load_weights (line->weights_path);
  MmTrainEvaluator zero = mm_train_evaluator_zero ();
  MmTrainEvaluator simple = mm_train_evaluator_simple ();
  MmTrainEvaluator trained;

  if (weights == NULL)
    return EXIT_FAILURE;
  if (!mm_train_load_samples (&line->train, &set, &report, &error))
    {
      g_printerr ("monomachia-train: %s\n", error->message);
      mm_eval_weights_free (weights);
      return EXIT_FAILURE;
    }
  trained = mm_train_evaluator_weights (line->weights_path, weights);
  mm_train_validation_errors (&set, line->train.fit.validation_every, &zero, &report.zero);
  mm_train_validation_errors (&set, line->train.fit.validation_every, &simple, &report.simple);
  mm_train_validation_errors (&set, line->train.fit.validation_every, &trained, &report.trained);
  mm_train_print_report (stdout, &report);
  mm_train_samples_clear (&set);
  mm_eval_weights_free (weights);
  return EXIT_SUCCESS;
}

static int
command_match (CommandLine *line)
{
  g_autoptr(GError) error = NULL;
  MmEvalWeights *weights = load_weights (line->weights_path);
  MmEvalWeights *other = NULL;
  MmTrainEvaluator first, second;
  MmTrainMatchResult result;
  gboolean ok;

  if (weights == NULL)
    return EXIT_FAILURE;
  first = mm_train_evaluator_weights (line->weights_path, weights);
  second = mm_train_evaluator_simple ();
  if (line->against_path != NULL)
    {
      other = load_weights (line->against_path);
      if (other == NULL)
        {
          mm_eval_weights_free (weights);
          return EXIT_FAILURE;
        }
      second = mm_train_evaluator_weights (line->against_path, other);
    }
  line->match.games_path = line->train.games_path;
  line->match.validation_every = line->train.fit.validation_every;
  line->match.n_threads = line->train.label.n_threads;
  line->match.verbose = line->train.verbose;
  ok = mm_train_match_play (&line->match, &first, &second, &result, &error);
  if (ok)
    mm_train_match_print (stdout, &line->match, &first, &second, &result);
  else
    g_printerr ("monomachia-train: %s\n", error->message);
  mm_eval_weights_free (weights);
  mm_eval_weights_free (other);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

static int
command_exact_error (CommandLine *line)
{
  g_autoptr(GError) error = NULL;
  MmEvalWeights *weights = load_weights (line->weights_path);
  MmEvalWeights *other = NULL;
  MmTrainEvaluator evaluators[3];
  MmTrainExactErrors errors[5];
  const MmTrainExactErrors *columns[5];
  const char *names[5];
  g_autofree char *depth_names[2] = { NULL, NULL };
  MmTrainExactSet exact;
  int n_evaluators = 0, n_columns = 0;

  if (weights == NULL)
    return EXIT_FAILURE;
  if (line->against_path != NULL && (other = load_weights (line->against_path)) == NULL)
    {
      mm_eval_weights_free (weights);
      return EXIT_FAILURE;
    }
  if (!mm_train_exact_collect (&line->exact, &exact, &error))
    {
      g_printerr ("monomachia-train: %s\n", error->message);
      mm_eval_weights_free (weights);
      mm_eval_weights_free (other);
      return EXIT_FAILURE;
    }
  evaluators[n_evaluators++] = mm_train_evaluator_simple ();
  evaluators[n_evaluators++] = mm_train_evaluator_weights (line->weights_path, weights);
  if (other != NULL)
    evaluators[n_evaluators++] = mm_train_evaluator_weights (line->against_path, other);
  for (int i = 0; i < n_evaluators; i++)
    {
      mm_train_exact_errors (&exact, &evaluators[i], 0, &errors[n_columns]);
      names[n_columns] = evaluators[i].name;
      columns[n_columns] = &errors[n_columns];
      n_columns++;
    }
  for (int i = 1; line->match.depth > 0 && i < n_evaluators; i++)
    {
      depth_names[i - 1] = g_strdup_printf ("%s, depth %d", evaluators[i].name,
                                            line->match.depth);
      mm_train_exact_errors (&exact, &evaluators[i], line->match.depth, &errors[n_columns]);
      names[n_columns] = depth_names[i - 1];
      columns[n_columns] = &errors[n_columns];
      n_columns++;
    }
  printf ("%" G_GSIZE_FORMAT " positions of the held-out games, solved exactly in %.1f s "
          "(%" G_GUINT64_FORMAT " nodes); mean absolute error in discs:\n\n",
          exact.set.n_samples, exact.seconds, exact.nodes);
  mm_train_exact_print (stdout, &line->exact, columns, names, n_columns);
  mm_train_exact_clear (&exact);
  mm_eval_weights_free (weights);
  mm_eval_weights_free (other);
  return EXIT_SUCCESS;
}

static int
command_selfplay (CommandLine *line)
{
  g_autoptr(GError) error = NULL;
  MmEvalWeights *weights = load_weights (line->weights_path);
  MmTrainSelfplayStats stats;
  FILE *out = stdout;
  gboolean ok;

  if (weights == NULL)
    return EXIT_FAILURE;
  if (line->output_path != NULL && (out = fopen (line->output_path, "w")) == NULL)
    {
      g_printerr ("monomachia-train: cannot write %s: %s\n", line->output_path,
                  g_strerror (errno));
      mm_eval_weights_free (weights);
      return EXIT_FAILURE;
    }
  line->selfplay.weights = weights;
  ok = mm_train_selfplay_run (&line->selfplay, out, &stats, &error);
  if (out != stdout && fclose (out) != 0 && ok)
    {
      g_set_error (&error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "cannot write %s",
                   line->output_path);
      ok = FALSE;
    }
  if (ok)
    g_printerr ("%d games at depth %d, exact from %d empties, seed %d: black +%d =%d -%d, "
                "average disc difference %+.2f; %" G_GUINT64_FORMAT " nodes in %.1f s\n",
                stats.n_games, line->selfplay.depth, line->selfplay.exact_empties,
                line->selfplay.seed, stats.black_wins, stats.draws, stats.white_wins,
                stats.n_games > 0 ? (double) stats.disc_sum / stats.n_games : 0.0,
                stats.nodes, stats.seconds);
  else
    g_printerr ("monomachia-train: %s\n", error->message);
  mm_eval_weights_free (weights);
  return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  CommandLine line;
  const char *command;
  int status;

  if (argc < 2 || strcmp (argv[1], "--help") == 0 || strcmp (argv[1], "help") == 0)
    {
      print_usage (argc < 2 ? stderr : stdout);
      return argc < 2 ? EXIT_FAILURE : EXIT_SUCCESS;
    }
  command = argv[1];
  if (strcmp (command, "train") != 0 && strcmp (command, "validate") != 0
      && strcmp (command, "match") != 0 && strcmp (command, "selfplay") != 0
      && strcmp (command, "exact-error") != 0)
    {
      g_printerr ("monomachia-train: unknown command '%s'\n\n", command);
      print_usage (stderr);
      return EXIT_FAILURE;
    }

  memset (&line, 0, sizeof line);
  mm_train_options_init (&line.train);
  mm_train_match_options_init (&line.match);
  mm_train_selfplay_options_init (&line.selfplay);
  mm_train_exact_options_init (&line.exact);
  argc--;
  argv++;
  if (!parse_command_line (&line, command, &argc, &argv, &error))
    {
      g_printerr ("monomachia-train %s: %s\n", command, error->message);
      return EXIT_FAILURE;
    }

  if (strcmp (command, "train") == 0)
    status = command_train (&line);
  else if (strcmp (command, "validate") == 0)
    status = command_validate (&line);
  else if (strcmp (command, "match") == 0)
    status = command_match (&line);
  else if (strcmp (command, "exact-error") == 0)
    status = command_exact_error (&line);
  else
    status = command_selfplay (&line);

  g_free (line.games_path);
  g_free (line.extra_games_path);
  g_free (line.openings_name);
  g_free (line.output_path);
  g_free (line.weights_path);
  g_free (line.cache_path);
  g_free (line.against_path);
  g_free (line.label_weights_path);
  g_free (line.label_weights_id);
  mm_eval_weights_free (line.label_weights);
  return status;
}
