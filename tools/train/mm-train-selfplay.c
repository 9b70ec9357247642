/* mm-train-selfplay.c
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

/* Self-play games for training.  Each game starts from a varied opening
 * (random moves that a shallow search finds balanced, or the first plies
 * of an archive game), draws its next few moves among the near-best ones
 * so that games from similar openings part ways, then plays the engine's
 * best move at a fixed depth and solves the endgame exactly.
 *
 * Game i depends only on the seed and i: it has its own generator, and
 * its search starts from an empty table.  So a file is the same whatever
 * the number of threads, and its first games are those of a longer run. */

#include "mm-train-selfplay.h"

#include <string.h>

#include "mm-search.h"
#include "mm-train-match.h"

#define SEARCH_HASH_BYTES ((gsize) 16 << 20)
#define MIN_OPENING_PLIES 8
/* A random opening is kept when a search this deep scores it within this
 * many discs of even; the closest of the tries otherwise. */
#define BALANCE_DEPTH 6
#define BALANCE_MAX_DISCS 4
#define BALANCE_TRIES 100

void
mm_train_selfplay_options_init (MmTrainSelfplayOptions *options)
{
  memset (options, 0, sizeof *options);
  options->n_games = 100;
  options->depth = 8;
  options->exact_empties = 14;
  options->seed = 1;
  options->openings = MM_TRAIN_OPENINGS_RANDOM;
  options->opening_plies = 8;
  options->random_plies = 2;
  options->random_margin = 2;
  options->validation_every = 10;
  options->n_threads = 1;
}

/* A game being played: its record so far and the position it reached. */
typedef struct
{
  MmTrainGame game;
  MmBoard     board;
  MmColor     color;
} Playing;

typedef struct
{
  const MmTrainSelfplayOptions *options;
  GArray                       *archive;     /* MmTrainGame, archive openings only */
  MmTrainGame                  *games;       /* per game index */
  gboolean                     *done;        /* per game index, under lock */
  FILE                         *out;
  int                           next_write;  /* under lock */
  gint                          next_game;   /* atomic */
  guint64                       nodes;       /* under lock */
  GMutex                        lock;
} SelfplayJob;

typedef struct
{
  SelfplayJob *job;
  MmSearch    *search;
  guint64      random;      /* the current game's generator */
  guint64      nodes;
} SelfplayWorker;

static void
playing_start (Playing *playing)
{
  memset (&playing->game, 0, sizeof playing->game);
  mm_board_init_start (&playing->board);
  playing->color = MM_COLOR_BLACK;
}

static void
playing_move (Playing *playing,
              int      square)
{
  playing->game.moves[playing->game.n_moves++] = (guint8) square;
  mm_board_play (&playing->board, square);
  playing->color = !playing->color;
}

/* A side without a move passes; the records leave passes out. */
static void
playing_pass_if_stuck (Playing *playing)
{
  if (!mm_board_can_move (&playing->board) && !mm_board_is_game_over (&playing->board))
    {
      mm_board_pass (&playing->board);
      playing->color = !playing->color;
    }
}

static int
random_below (SelfplayWorker *worker,
              int             n)
{
  return (int) (mm_train_random (&worker->random) % (guint64) n);
}

/* The score of the side to move at @depth plies (at least one), in
 * 1/MM_EVAL_SCALE disc; its best move in @move unless NULL. */
static int
search_score (SelfplayWorker *worker,
              const MmBoard  *board,
              int             depth,
              int            *move)
{
  MmSearchLimits limits = { .max_depth = MAX (depth, 1) };
  MmSearchResult result;

  mm_search_run (worker->search, board, &limits, NULL, NULL, &result);
  worker->nodes += result.nodes;
  if (move != NULL)
    *move = result.best_move;
  return result.score;
}

static gboolean
play_random_plies (SelfplayWorker *worker,
                   int             n_plies,
                   Playing        *playing)
{
  playing_start (playing);
  for (int i = 0; i < n_plies; i++)
    {
      guint64 legal = mm_board_legal_moves (&playing->board);

      if (legal == 0)
        return FALSE;
      for (int pick = random_below (worker, mm_popcount (legal)); pick > 0; pick--)
        legal = mm_without_first (legal);
      playing_move (playing, mm_first_square (legal));
    }
  return mm_board_can_move (&playing->board);
}

/* Random plies, as the app's random openings (XOT style): a random
 * sequence is kept only when neither side is clearly ahead after it, or
 * a game would teach little more than "the side ahead wins". */
static void
random_balanced_opening (SelfplayWorker *worker,
                         Playing        *playing)
{
  int n_plies = worker->job->options->opening_plies;
  int best_score = G_MAXINT;
  Playing trial;

  playing_start (playing);
  for (int tries = 0; tries < BALANCE_TRIES
                      && ABS (best_score) > BALANCE_MAX_DISCS * MM_EVAL_SCALE; tries++)
    {
      int score;

      if (!play_random_plies (worker, n_plies, &trial))
        continue;
      mm_search_clear (worker->search);
      score = search_score (worker, &trial.board, BALANCE_DEPTH, NULL);
      if (ABS (score) < ABS (best_score))
        {
          best_score = score;
          *playing = trial;
        }
    }
}

/* The first 8 to opening_plies plies of a random archive game that is not
 * held out: real openings, and none of the validation games. */
static void
archive_opening (SelfplayWorker *worker,
                 Playing        *playing)
{
  const SelfplayJob *job = worker->job;
  int max_plies = MAX (job->options->opening_plies, MIN_OPENING_PLIES);
  const MmTrainGame *game = &g_array_index (job->archive, MmTrainGame,
                                            random_below (worker, (int) job->archive->len));
  int n_plies = MIN_OPENING_PLIES + random_below (worker, max_plies - MIN_OPENING_PLIES + 1);

  playing_start (playing);
  for (int i = 0; i < n_plies && i < game->n_moves - 1; i++)
    {
      playing_pass_if_stuck (playing);
      playing_move (playing, game->moves[i]);
    }
}

/* A move drawn among those the search scores at most random_margin discs
 * below the best: variety without a blunder. */
static int
near_best_move (SelfplayWorker *worker,
                const MmBoard  *board)
{
  const MmTrainSelfplayOptions *options = worker->job->options;
  int squares[MM_N_SQUARES], scores[MM_N_SQUARES];
  int n = 0, n_near = 0, best = -G_MAXINT;

  for (guint64 legal = mm_board_legal_moves (board); legal != 0; legal = mm_without_first (legal))
    {
      MmBoard child = *board;
      int sign = -1;

      squares[n] = mm_first_square (legal);
      mm_board_play (&child, squares[n]);
      if (!mm_board_can_move (&child) && !mm_board_is_game_over (&child))
        {
          mm_board_pass (&child);
          sign = 1;
        }
      scores[n] = sign * search_score (worker, &child, options->depth - 1, NULL);
      best = MAX (best, scores[n]);
      n++;
    }
  for (int i = 0; i < n; i++)
    if (scores[i] >= best - options->random_margin * MM_EVAL_SCALE)
      squares[n_near++] = squares[i];
  return squares[random_below (worker, n_near)];
}

static int
chosen_move (SelfplayWorker *worker,
             const MmBoard  *board,
             gboolean        random)
{
  const MmTrainSelfplayOptions *options = worker->job->options;
  int move;

  if (mm_popcount (mm_board_empties (board)) <= options->exact_empties)
    {
      MmSolveResult solved;

      mm_endgame_solve (worker->search, board, &solved);
      worker->nodes += solved.nodes;
      return solved.best_move;
    }
  if (random)
    return near_best_move (worker, board);
  search_score (worker, board, options->depth, &move);
  return move;
}

static void
record_result (Playing *playing,
               int      year)
{
  const MmBoard *board = &playing->board;
  guint64 black = playing->color == MM_COLOR_BLACK ? board->player : board->opponent;
  guint64 white = playing->color == MM_COLOR_BLACK ? board->opponent : board->player;

  playing->game.black = (guint8) mm_popcount (black);
  playing->game.white = (guint8) mm_popcount (white);
  playing->game.year = (guint16) year;
}

static void
play_game (SelfplayWorker *worker,
           guint           index,
           MmTrainGame    *game)
{
  const MmTrainSelfplayOptions *options = worker->job->options;
  Playing playing;
  int moves_after_opening = 0;

  worker->random = ((guint64) options->seed << 32) | index;
  if (options->openings == MM_TRAIN_OPENINGS_ARCHIVE)
    archive_opening (worker, &playing);
  else
    random_balanced_opening (worker, &playing);

  mm_search_clear (worker->search);
  for (playing_pass_if_stuck (&playing); !mm_board_is_game_over (&playing.board);
       playing_pass_if_stuck (&playing))
    {
      gboolean random = moves_after_opening++ < options->random_plies;

      playing_move (&playing, chosen_move (worker, &playing.board, random));
    }
  record_result (&playing, options->seed);
  *game = playing.game;
}

/* Writes the finished games that come next in index order: the file
 * keeps the order of the indices, and a run stopped early leaves whole
 * games behind. */
static void
write_finished (SelfplayJob *job)
{
  GString *line = g_string_new (NULL);

  while (job->next_write < job->options->n_games && job->done[job->next_write])
    {
      g_string_truncate (line, 0);
      mm_train_game_format (&job->games[job->next_write], line);
      fprintf (job->out, "%s\n", line->str);
      job->next_write++;
    }
  fflush (job->out);
  if (job->options->verbose)
    g_printerr ("\r  %d/%d games", job->next_write, job->options->n_games);
  g_string_free (line, TRUE);
}

static gpointer
selfplay_worker_run (gpointer data)
{
  SelfplayJob *job = data;
  SelfplayWorker worker = { job, mm_search_new (SEARCH_HASH_BYTES), 0, 0 };
  gint index;

  mm_search_set_weights (worker.search, job->options->weights);
  while ((index = g_atomic_int_add (&job->next_game, 1)) < job->options->n_games)
    {
      MmTrainGame game;

      play_game (&worker, (guint) index, &game);
      g_mutex_lock (&job->lock);
      job->games[index] = game;
      job->done[index] = TRUE;
      write_finished (job);
      g_mutex_unlock (&job->lock);
    }
  g_mutex_lock (&job->lock);
  job->nodes += worker.nodes;
  g_mutex_unlock (&job->lock);
  mm_search_free (worker.search);
  return NULL;
}

/* The archive games that are not held out, for archive openings. */
static GArray *
training_games (const MmTrainSelfplayOptions *options,
                GError                      **error)
{
  MmTrainGameSet set = { 0 };
  GArray *games;

  if (!mm_train_games_read (options->games_path, 0, &set, error))
    {
      mm_train_games_clear (&set);
      return NULL;
    }
  games = g_array_new (FALSE, FALSE, sizeof (MmTrainGame));
  for (guint g = 0; g < set.games->len; g++)
    if (options->validation_every == 0 || g % options->validation_every != 0)
      g_array_append_val (games, g_array_index (set.games, MmTrainGame, g));
  mm_train_games_clear (&set);
  return games;
}

static void
count_results (const SelfplayJob    *job,
               MmTrainSelfplayStats *stats)
{
  stats->n_games = job->options->n_games;
  for (int g = 0; g < stats->n_games; g++)
    {
      int difference = (int) job->games[g].black - (int) job->games[g].white;

      stats->black_wins += difference > 0;
      stats->draws += difference == 0;
      stats->white_wins += difference < 0;
      stats->disc_sum += difference;
    }
  stats->nodes = job->nodes;
}

/* Plays options->n_games games and writes them to @out, one a line, in
 * the archive's format. */
gboolean
mm_train_selfplay_run (const MmTrainSelfplayOptions *options,
                       FILE                         *out,
                       MmTrainSelfplayStats         *stats,
                       GError                      **error)
{
  int n_threads = MAX (options->n_threads, 1);
  GThread **threads = g_new0 (GThread *, n_threads);
  double started = (double) g_get_monotonic_time () / 1e6;
  SelfplayJob job = { options };

  memset (stats, 0, sizeof *stats);
  if (options->openings == MM_TRAIN_OPENINGS_ARCHIVE)
    {
      GArray *archive = training_games (options, error);

      if (archive == NULL)
        {
          g_free (threads);
          return FALSE;
        }
      if (archive->len == 0)
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                       "%s: no games to take openings from", options->games_path);
          g_array_unref (archive);
          g_free (threads);
          return FALSE;
        }
      job.archive = archive;
    }
  job.games = g_new0 (MmTrainGame, MAX (options->n_games, 1));
  job.done = g_new0 (gboolean, MAX (options->n_games, 1));
  job.out = out;
  g_mutex_init (&job.lock);

  for (int t = 1; t < n_threads; t++)
    threads[t] = g_thread_new ("mm-train-selfplay", selfplay_worker_run, &job);
  selfplay_worker_run (&job);
  for (int t = 1; t < n_threads; t++)
    g_thread_join (threads[t]);
  if (options->verbose)
    g_printerr ("\n");

  count_results (&job, stats);
  stats->seconds = (double) g_get_monotonic_time () / 1e6 - started;

  g_mutex_clear (&job.lock);
  g_free (job.games);
  g_free (job.done);
  if (job.archive != NULL)
    g_array_unref (job.archive);
  g_free (threads);
  return TRUE;
}
