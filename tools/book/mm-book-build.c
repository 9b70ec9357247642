/* mm-book-build.c
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

/* The book in three steps:
 *
 * 1. Positions.  The positions before each of the first max_plies moves
 *    of every game, in canonical form (mm_book_canonical ()), sorted:
 *    equal positions lie side by side, so a run's length is the number of
 *    games that reached the position, whatever the order of the moves or
 *    the turn of the board.  (A game never meets a position twice: each
 *    move adds a disc.)  Those reached by min_games games, and always the
 *    start, are the book.
 * 2. Leaves.  Every legal move of a book position leads to a book
 *    position (an edge) or out of the book (a leaf).  The leaves, each
 *    once in canonical form however many book positions lead to it, are
 *    searched to the given depth with the weights, in several threads;
 *    each search starts from a cleared table, so its score does not
 *    depend on the searches before it, hence not on the number of threads.
 * 3. Negamax.  Each position keeps its best leaf with its move; then, by
 *    disc count from the most down (a move adds a disc, so a position's
 *    children come first), a position is worth the best of minus its book
 *    children's values and its best leaf's value (mm_book_negamax (), in
 *    src/engine/mm-book.c, which the NBoard engine's learning uses too).
 *
 * Everything runs in a fixed order but the searches, whose results land
 * in fixed places: the same games give the same book byte for byte. */

#include "mm-book-build.h"

#include <stdio.h>
#include <string.h>

#include "mm-search.h"

/* Per search thread: enough for a search of depth 8 or so from the
 * opening, and cheap to clear before each leaf. */
#define LEAF_HASH_BYTES ((gsize) 2 << 20)

typedef struct
{
  guint64 player;
  guint64 opponent;
} Key;

typedef struct
{
  Key     key;
  guint   n_games;
  int     leaf_value;
  int     leaf_move;
} Node;

void
mm_book_build_options_init (MmBookBuildOptions *options)
{
  memset (options, 0, sizeof *options);
  options->max_plies = MM_BOOK_BUILD_DEFAULT_PLIES;
  options->min_games = MM_BOOK_BUILD_DEFAULT_MIN_GAMES;
  options->depth = MM_BOOK_BUILD_DEFAULT_DEPTH;
  options->n_threads = 1;
}

static double
now (void)
{
  return (double) g_get_monotonic_time () / G_USEC_PER_SEC;
}

static int
compare_keys (gconstpointer a,
              gconstpointer b)
{
  const Key *x = a, *y = b;

  if (x->player != y->player)
    return x->player < y->player ? -1 : 1;
  if (x->opponent != y->opponent)
    return x->opponent < y->opponent ? -1 : 1;
  return 0;
}

static Key
canonical_key (const MmBoard *board)
{
  MmBoard canonical;

  mm_book_canonical (board, &canonical);
  return (Key) { canonical.player, canonical.opponent };
}

/* The index of @key in the sorted @keys, or -1. */
static gssize
find_key (const Key *keys,
          gsize      n_keys,
          gsize      stride,
          Key        key)
{
  gsize low = 0, high = n_keys;

  while (low < high)
    {
      gsize middle = low + (high - low) / 2;
      int order = compare_keys ((const char *) keys + middle * stride, &key);

      if (order == 0)
        return (gssize) middle;
      if (order < 0)
        low = middle + 1;
      else
        high = middle;
    }
  return -1;
}

static gssize
find_node (GArray *nodes,
           Key     key)
{
  return find_key ((const Key *) nodes->data, nodes->len, sizeof (Node), key);
}

/* Step 1: the book's positions, sorted by key. */
static GArray *
collect_positions (GArray                   *games,
                   const MmBookBuildOptions *options,
                   MmBookBuildStats         *stats)
{
  GArray *keys = g_array_sized_new (FALSE, FALSE, sizeof (Key),
                                    games->len * MIN (options->max_plies, MM_TRAIN_MAX_MOVES));
  GArray *nodes = g_array_new (FALSE, FALSE, sizeof (Node));
  MmBoard start;
  Key start_key;
  gboolean have_start = FALSE;

  for (guint g = 0; g < games->len; g++)
    {
      const MmTrainGame *game = &g_array_index (games, MmTrainGame, g);
      MmTrainPosition positions[MM_TRAIN_MAX_MOVES + 1];
      int n = mm_train_game_replay (game, positions);

      /* positions[i] is the position before move i, so n - 1 moves. */
      for (int i = 0; i < n - 1 && i < (int) options->max_plies; i++)
        {
          Key key = canonical_key (&positions[i].board);

          g_array_append_val (keys, key);
        }
    }
  g_array_sort (keys, compare_keys);

  mm_board_init_start (&start);
  start_key = canonical_key (&start);
  for (guint i = 0; i < keys->len;)
    {
      Key key = g_array_index (keys, Key, i);
      guint run = 1;

      while (i + run < keys->len && compare_keys (&g_array_index (keys, Key, i + run), &key) == 0)
        run++;
      stats->n_positions++;
      if (run >= options->min_games || compare_keys (&key, &start_key) == 0)
        {
          Node node = { key, run, 0, MM_BOOK_NO_MOVE };

          g_array_append_val (nodes, node);
          have_start |= compare_keys (&key, &start_key) == 0;
        }
      i += run;
    }
  if (!have_start)
    {
      Node node = { start_key, 0, 0, MM_BOOK_NO_MOVE };

      g_array_append_val (nodes, node);
      g_array_sort (nodes, compare_keys);
    }

  g_array_unref (keys);
  return nodes;
}

/* Step 2: the searches of the leaves, shared out between threads. */
typedef struct
{
  const Key                *leaves;
  int                      *scores;
  guint                     n_leaves;
  const MmEvalWeights      *weights;
  const MmBookBuildOptions *options;
  gint                      next;     /* atomic */
  gint                      done;     /* atomic */
  guint64                   nodes;    /* under lock */
  GMutex                    lock;
  double                    started;
} LeafJob;

static void
report_leaves (LeafJob *job,
               guint    done)
{
  fprintf (stderr, "\r  searched %u/%u leaves (%.0f s)", done, job->n_leaves,
           now () - job->started);
  fflush (stderr);
}

static gpointer
leaf_worker (gpointer data)
{
  LeafJob *job = data;
  MmSearchLimits limits = { .max_depth = job->options->depth };
  MmSearch *search = mm_search_new (LEAF_HASH_BYTES);
  guint64 nodes = 0;

  if (search == NULL)
    return GINT_TO_POINTER (FALSE);
  mm_search_set_weights (search, job->weights);
  mm_search_set_threads (search, 1);

  for (;;)
    {
      gint i = g_atomic_int_add (&job->next, 1);
      MmBoard board;
      MmSearchResult result;
      gint done;

      if (i >= (gint) job->n_leaves)
        break;
      board = (MmBoard) { job->leaves[i].player, job->leaves[i].opponent };
      mm_search_clear (search);
      mm_search_run (search, &board, &limits, NULL, NULL, &result);
      job->scores[i] = CLAMP (result.score, -MM_BOOK_MAX_VALUE, MM_BOOK_MAX_VALUE);
      nodes += result.nodes;
      done = g_atomic_int_add (&job->done, 1) + 1;
      if (job->options->verbose && done % 1000 == 0)
        {
          g_mutex_lock (&job->lock);
          report_leaves (job, (guint) done);
          g_mutex_unlock (&job->lock);
        }
    }

  g_mutex_lock (&job->lock);
  job->nodes += nodes;
  g_mutex_unlock (&job->lock);
  mm_search_free (search);
  return GINT_TO_POINTER (TRUE);
}

static gboolean
search_leaves (const Key                *leaves,
               int                      *scores,
               guint                     n_leaves,
               const MmEvalWeights      *weights,
               const MmBookBuildOptions *options,
               MmBookBuildStats         *stats,
               GError                  **error)
{
  guint n_threads = CLAMP (options->n_threads, 1, MM_SEARCH_MAX_THREADS);
  g_autofree GThread **threads = g_new0 (GThread *, n_threads);
  LeafJob job = { leaves, scores, n_leaves, weights, options, 0, 0, 0, { 0 }, now () };
  gboolean ok;

  g_mutex_init (&job.lock);
  for (guint t = 1; t < n_threads; t++)
    threads[t] = g_thread_new ("mm-book-leaves", leaf_worker, &job);
  ok = GPOINTER_TO_INT (leaf_worker (&job));
  for (guint t = 1; t < n_threads; t++)
    ok &= GPOINTER_TO_INT (g_thread_join (threads[t]));
  g_mutex_clear (&job.lock);

  if (options->verbose && ok)
    {
      report_leaves (&job, n_leaves);
      fputc ('\n', stderr);
    }
  stats->nodes = job.nodes;
  if (!ok)
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOMEM,
                 "not enough memory for the leaves' searches");
  return ok;
}

MmBook *
mm_book_build (GArray                   *games,
               const MmEvalWeights      *weights,
               const MmBookBuildOptions *options,
               MmBookBuildStats         *stats,
               GError                  **error)
{
  g_autoptr(GArray) nodes = NULL;
  g_autoptr(GArray) leaves = NULL;
  g_autoptr(GArray) entries = NULL;
  g_autofree int *scores = NULL;
  MmBookInfo info;
  MmBookError failure = MM_BOOK_OK;
  MmBook *book;
  double started = now ();

  g_return_val_if_fail (games != NULL && options != NULL, NULL);

  memset (stats, 0, sizeof *stats);
  stats->n_games = games->len;

  /* 1. The positions. */
  nodes = collect_positions (games, options, stats);
  stats->n_book = nodes->len;
  stats->collect_seconds = now () - started;
  if (options->verbose)
    fprintf (stderr, "  %u positions in the first %u plies of %u games, %u of them in the book\n",
             stats->n_positions, options->max_plies, stats->n_games, stats->n_book);

  /* 2. The leaves. */
  started = now ();
  leaves = g_array_new (FALSE, FALSE, sizeof (Key));
  for (guint i = 0; i < nodes->len; i++)
    {
      const Node *node = &g_array_index (nodes, Node, i);
      MmBoard board = { node->key.player, node->key.opponent };

      for (uint64_t m = mm_board_legal_moves (&board); m != 0; m = mm_without_first (m))
        {
          MmBoard child;
          Key key;

          mm_book_child (&board, mm_first_square (m), &child);
          key = canonical_key (&child);
          if (find_node (nodes, key) >= 0)
            stats->n_edges++;
          else
            g_array_append_val (leaves, key);
        }
    }
  g_array_sort (leaves, compare_keys);
  {
    guint kept = 0;

    for (guint i = 0; i < leaves->len; i++)
      if (kept == 0 || compare_keys (&g_array_index (leaves, Key, kept - 1),
                                     &g_array_index (leaves, Key, i)) != 0)
        g_array_index (leaves, Key, kept++) = g_array_index (leaves, Key, i);
    g_array_set_size (leaves, kept);
  }
  stats->n_leaves = leaves->len;
  if (options->verbose)
    fprintf (stderr, "  %u moves within the book, %u positions out of it to search at depth %d\n",
             stats->n_edges, stats->n_leaves, options->depth);
  scores = g_new0 (int, MAX (leaves->len, 1));
  if (!search_leaves ((const Key *) leaves->data, scores, leaves->len, weights, options, stats,
                      error))
    return NULL;
  stats->search_seconds = now () - started;

  /* 3. Each position's best leaf, then negamax over the positions,
   * children before their parents (mm_book_negamax ()). */
  started = now ();
  for (guint i = 0; i < nodes->len; i++)
    {
      Node *node = &g_array_index (nodes, Node, i);
      MmBoard board = { node->key.player, node->key.opponent };
      int best_leaf = G_MININT, leaf_move = MM_BOOK_NO_MOVE;

      for (uint64_t m = mm_board_legal_moves (&board); m != 0; m = mm_without_first (m))
        {
          int square = mm_first_square (m);
          MmBoard child;
          int sign = mm_book_child (&board, square, &child);
          Key key = canonical_key (&child);
          gssize leaf;
          int value;

          if (find_node (nodes, key) >= 0)
            continue;
          leaf = find_key ((const Key *) leaves->data, leaves->len, sizeof (Key), key);
          g_assert (leaf >= 0);
          value = sign * scores[leaf];
          /* Moves come by square: the first of equals stays. */
          if (value > best_leaf)
            {
              best_leaf = value;
              leaf_move = square;
            }
        }
      node->leaf_move = leaf_move;
      node->leaf_value = leaf_move != MM_BOOK_NO_MOVE ? best_leaf : 0;
    }

  entries = g_array_sized_new (FALSE, TRUE, sizeof (MmBookEntry), nodes->len);
  for (guint i = 0; i < nodes->len; i++)
    {
      const Node *node = &g_array_index (nodes, Node, i);
      MmBookEntry entry = {
        .player = node->key.player,
        .opponent = node->key.opponent,
        .value = 0,
        .leaf_value = (gint16) node->leaf_value,
        .leaf_move = (guint8) node->leaf_move,
        .n_games = (guint16) MIN (node->n_games, G_MAXUINT16),
      };

      g_array_append_val (entries, entry);
    }
  failure = mm_book_negamax ((MmBookEntry *) entries->data, entries->len);
  if (failure != MM_BOOK_OK)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "the book's negamax failed: %s",
                   mm_book_error_message (failure));
      return NULL;
    }
  info = (MmBookInfo) {
    .max_plies = options->max_plies,
    .min_games = options->min_games,
    .depth = (guint32) options->depth,
    .n_games = games->len,
  };
  book = mm_book_new ((const MmBookEntry *) entries->data, entries->len, &info, &failure);
  stats->negamax_seconds = now () - started;
  if (book == NULL)
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "the book made is refused: %s",
                 mm_book_error_message (failure));
  return book;
}

/* Writes the file whole or not at all (a temporary file renamed). */
gboolean
mm_book_write (const MmBook  *book,
               const char    *path,
               GError       **error)
{
  gsize length = mm_book_serialize (book, NULL, 0);
  g_autofree guint8 *data = g_malloc (length);

  if (mm_book_serialize (book, data, length) != length)
    {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "the book cannot be written");
      return FALSE;
    }
  return g_file_set_contents (path, (const char *) data, (gssize) length, error);
}
