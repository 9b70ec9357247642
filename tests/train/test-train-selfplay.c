/* test-train-selfplay.c
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

/* The self-play generator (monomachia-train selfplay): a few games at low
 * depth with the committed weights, read back by the trainer's reader
 * (legal moves, game over, the written counts right), the same for a seed
 * whatever the threads, and learnt from as extra games without changing
 * which games are held out. */

#include <glib/gstdio.h>
#include <string.h>

#include "mm-train-selfplay.h"
#include "mm-train.h"

#define N_GAMES 4
#define SEED 7

static MmEvalWeights *weights;

typedef struct
{
  char *dir;
  char *path;
} TempFile;

static void
temp_file_init (TempFile *temp)
{
  g_autoptr(GError) error = NULL;

  temp->dir = g_dir_make_tmp ("mm-selfplay-XXXXXX", &error);
  g_assert_no_error (error);
  temp->path = g_build_filename (temp->dir, "games.txt", NULL);
}

static void
temp_file_clear (TempFile *temp)
{
  g_unlink (temp->path);
  g_rmdir (temp->dir);
  g_free (temp->path);
  g_free (temp->dir);
}

static void
selfplay_options (MmTrainSelfplayOptions *options,
                  int                     seed,
                  int                     n_threads)
{
  mm_train_selfplay_options_init (options);
  options->weights = weights;
  options->n_games = N_GAMES;
  options->depth = 2;
  options->exact_empties = 8;
  options->seed = seed;
  options->n_threads = n_threads;
}

/* Plays the games into @path and returns the file's contents. */
static char *
play_to_file (const MmTrainSelfplayOptions *options,
              const char                   *path)
{
  g_autoptr(GError) error = NULL;
  MmTrainSelfplayStats stats;
  FILE *out = fopen (path, "w");
  char *contents = NULL;

  g_assert_nonnull (out);
  g_assert_true (mm_train_selfplay_run (options, out, &stats, &error));
  g_assert_no_error (error);
  g_assert_cmpint (fclose (out), ==, 0);
  g_assert_cmpint (stats.n_games, ==, options->n_games);
  g_assert_cmpint (stats.black_wins + stats.draws + stats.white_wins, ==, options->n_games);

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return contents;
}

static void
assert_complete_games (const char *path)
{
  g_autoptr(GError) error = NULL;
  MmTrainGameSet set = { 0 };

  /* The reader replays every game and refuses an illegal move, a game not
   * over at its end and counts that are not those of the final position. */
  g_assert_true (mm_train_games_read (path, 0, &set, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (set.n_rejected, ==, 0);
  g_assert_cmpuint (set.games->len, ==, N_GAMES);
  for (guint g = 0; g < set.games->len; g++)
    {
      const MmTrainGame *game = &g_array_index (set.games, MmTrainGame, g);

      g_assert_cmpint (game->year, ==, SEED);
      g_assert_cmpint (game->black + game->white, <=, 64);
      g_assert_cmpint (game->n_moves, >=, 8);
    }
  mm_train_games_clear (&set);
}

static void
test_selfplay_games (void)
{
  MmTrainSelfplayOptions options;
  TempFile temp;
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;

  temp_file_init (&temp);
  selfplay_options (&options, SEED, 1);
  contents = play_to_file (&options, temp.path);
  lines = g_strsplit (contents, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, N_GAMES + 1);
  g_assert_cmpstr (lines[N_GAMES], ==, "");
  /* Varied openings: no two games alike. */
  for (int i = 0; i < N_GAMES; i++)
    for (int j = i + 1; j < N_GAMES; j++)
      g_assert_cmpstr (lines[i], !=, lines[j]);
  assert_complete_games (temp.path);
  temp_file_clear (&temp);
}

static void
test_selfplay_deterministic (void)
{
  MmTrainSelfplayOptions options;
  TempFile temp;
  g_autofree char *first = NULL;
  g_autofree char *threaded = NULL;
  g_autofree char *other_seed = NULL;

  temp_file_init (&temp);
  selfplay_options (&options, SEED, 1);
  first = play_to_file (&options, temp.path);
  selfplay_options (&options, SEED, 2);
  threaded = play_to_file (&options, temp.path);
  g_assert_cmpstr (first, ==, threaded);
  selfplay_options (&options, SEED + 1, 1);
  other_seed = play_to_file (&options, temp.path);
  g_assert_cmpstr (first, !=, other_seed);
  temp_file_clear (&temp);
}

/* Archive openings, from the self-play file itself: the games that are not
 * held out (all but the first) give the openings. */
static void
test_selfplay_archive_openings (void)
{
  MmTrainSelfplayOptions options;
  TempFile archive, temp;
  g_autofree char *games = NULL;
  g_autofree char *played = NULL;

  temp_file_init (&archive);
  temp_file_init (&temp);
  selfplay_options (&options, SEED, 1);
  games = play_to_file (&options, archive.path);
  options.openings = MM_TRAIN_OPENINGS_ARCHIVE;
  options.games_path = archive.path;
  played = play_to_file (&options, temp.path);
  g_assert_cmpstr (played, !=, games);
  assert_complete_games (temp.path);
  temp_file_clear (&temp);
  temp_file_clear (&archive);
}

static MmTrainSampleSet
load_samples_cached (const char    *games_path,
                     const char    *extra_games_path,
                     const char    *cache_path,
                     MmTrainReport *report)
{
  g_autoptr(GError) error = NULL;
  MmTrainOptions options;
  MmTrainSampleSet set = { 0 };

  mm_train_options_init (&options);
  options.games_path = games_path;
  options.extra_games_path = extra_games_path;
  options.label.exact_empties = 8;
  options.label.n_threads = 1;
  options.samples_cache = cache_path;
  memset (report, 0, sizeof *report);
  g_assert_true (mm_train_load_samples (&options, &set, report, &error));
  g_assert_no_error (error);
  return set;
}

static MmTrainSampleSet
load_samples (const char    *games_path,
              const char    *extra_games_path,
              MmTrainReport *report)
{
  return load_samples_cached (games_path, extra_games_path, NULL, report);
}

static void
assert_same_samples (const MmTrainSampleSet *a,
                     const MmTrainSampleSet *b)
{
  g_assert_cmpuint (a->n_games, ==, b->n_games);
  g_assert_cmpuint (a->n_samples, ==, b->n_samples);
  for (guint g = 0; g <= a->n_games; g++)
    g_assert_cmpuint (a->game_start[g], ==, b->game_start[g]);
  for (gsize i = 0; i < a->n_samples; i++)
    {
      g_assert_cmpuint (a->samples[i].player, ==, b->samples[i].player);
      g_assert_cmpuint (a->samples[i].opponent, ==, b->samples[i].opponent);
      g_assert_cmpuint (a->samples[i].game, ==, b->samples[i].game);
      g_assert_cmpint (a->samples[i].label, ==, b->samples[i].label);
      g_assert_cmpint (a->samples[i].exact, ==, b->samples[i].exact);
    }
}

/* The trainer learns from self-play games as extra games: they are read
 * after the others and never held out, so the held-out positions are the
 * same with them or without. */
static void
test_selfplay_extra_games (void)
{
  MmTrainSelfplayOptions options;
  TempFile temp;
  g_autofree char *contents = NULL;
  MmTrainReport alone, with_extra;
  MmTrainSampleSet set_alone, set_extra;

  temp_file_init (&temp);
  selfplay_options (&options, SEED, 1);
  contents = play_to_file (&options, temp.path);
  set_alone = load_samples (temp.path, NULL, &alone);
  set_extra = load_samples (temp.path, temp.path, &with_extra);

  g_assert_cmpuint (alone.n_games, ==, N_GAMES);
  g_assert_cmpuint (alone.n_extra_games, ==, 0);
  g_assert_cmpuint (with_extra.n_games, ==, 2 * N_GAMES);
  g_assert_cmpuint (with_extra.n_extra_games, ==, N_GAMES);
  g_assert_cmpuint (with_extra.n_rejected, ==, 0);
  g_assert_cmpuint (with_extra.n_samples, ==, 2 * alone.n_samples);
  g_assert_cmpuint (alone.n_validation_samples, >, 0);
  g_assert_cmpuint (with_extra.n_validation_samples, ==, alone.n_validation_samples);
  /* The extra games are the same games: the same labels, none held out. */
  for (gsize i = 0; i < set_alone.n_samples; i++)
    {
      const MmTrainSample *extra = &set_extra.samples[set_alone.n_samples + i];

      g_assert_cmpint (extra->label, ==, set_alone.samples[i].label);
      g_assert_false (mm_train_sample_is_validation (extra, 10));
    }

  mm_train_samples_clear (&set_alone);
  mm_train_samples_clear (&set_extra);
  temp_file_clear (&temp);
}

/* With a cache, the archive's labelled positions are kept in it and the
 * extra games' beside it: the same samples as without a cache, read
 * back without the games, and other extra games labelled without the
 * archive being labelled again. */
static void
test_selfplay_extra_games_cached (void)
{
  MmTrainSelfplayOptions options;
  TempFile archive, extra;
  g_autofree char *archive_games = NULL, *extra_games = NULL, *cache = NULL;
  g_autofree char *extra_cache = NULL, *other_path = NULL;
  MmTrainReport uncached, first, again, other;
  MmTrainSampleSet set_uncached, set_first, set_again, set_other;
  gsize n_archive;

  temp_file_init (&archive);
  temp_file_init (&extra);
  selfplay_options (&options, SEED, 1);
  archive_games = play_to_file (&options, archive.path);
  selfplay_options (&options, SEED + 1, 1);
  extra_games = play_to_file (&options, extra.path);
  cache = g_build_filename (archive.dir, "samples.cache", NULL);
  extra_cache = g_strconcat (cache, "-extra", NULL);

  set_uncached = load_samples (archive.path, extra.path, &uncached);
  set_first = load_samples_cached (archive.path, extra.path, cache, &first);
  assert_same_samples (&set_uncached, &set_first);
  g_assert_cmpuint (first.n_extra_games, ==, N_GAMES);
  g_assert_cmpuint (first.n_validation_samples, ==, uncached.n_validation_samples);
  g_assert_true (g_file_test (cache, G_FILE_TEST_IS_REGULAR));
  g_assert_true (g_file_test (extra_cache, G_FILE_TEST_IS_REGULAR));

  /* Read back from the caches alone: the games files are not needed. */
  other_path = g_build_filename (extra.dir, "other.txt", NULL);
  g_assert_cmpint (g_rename (extra.path, other_path), ==, 0);
  g_assert_cmpint (g_rename (archive.path, extra.path), ==, 0);
  set_again = load_samples_cached (archive.path, extra.path, cache, &again);
  assert_same_samples (&set_first, &set_again);
  g_assert_cmpuint (again.n_extra_games, ==, N_GAMES);

  /* Other extra games (the archive's, now under the extra's name) with
   * the extra cache gone: they are labelled, the archive read from its
   * cache (its file is gone). */
  g_assert_cmpint (g_unlink (extra_cache), ==, 0);
  set_other = load_samples_cached (archive.path, extra.path, cache, &other);
  n_archive = set_uncached.game_start[N_GAMES];
  g_assert_cmpuint (set_other.n_samples, ==, 2 * n_archive);
  for (gsize i = 0; i < n_archive; i++)
    {
      g_assert_cmpuint (set_other.samples[n_archive + i].player, ==,
                        set_uncached.samples[i].player);
      g_assert_cmpint (set_other.samples[n_archive + i].label, ==, set_uncached.samples[i].label);
    }

  mm_train_samples_clear (&set_uncached);
  mm_train_samples_clear (&set_first);
  mm_train_samples_clear (&set_again);
  mm_train_samples_clear (&set_other);
  g_unlink (cache);
  g_unlink (extra_cache);
  g_unlink (other_path);
  temp_file_clear (&archive);
  temp_file_clear (&extra);
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *path = g_build_filename (MM_TEST_SOURCE_ROOT, "data", "eval", "eval.mmw",
                                            NULL);
  MmEvalError error = MM_EVAL_OK;
  int status;

  g_test_init (&argc, &argv, NULL);
  weights = mm_eval_weights_load (path, &error);
  g_assert_nonnull (weights);

  g_test_add_func ("/train/selfplay/games", test_selfplay_games);
  g_test_add_func ("/train/selfplay/deterministic", test_selfplay_deterministic);
  g_test_add_func ("/train/selfplay/archive-openings", test_selfplay_archive_openings);
  g_test_add_func ("/train/selfplay/extra-games", test_selfplay_extra_games);
  g_test_add_func ("/train/selfplay/extra-games-cached", test_selfplay_extra_games_cached);
  status = g_test_run ();
  mm_eval_weights_free (weights);
  return status;
}
