/* mm-nboard-book.c
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

/* The NBoard engine's book: the shipped one, and what "learn" adds.
 *
 * Learning a game (mm_nboard_book_learn ()) works on the union of the
 * book in use and the game's positions before each of its first plies
 * (the book's max_plies, counted by discs), as the builder of the shipped
 * book (tools/book) would if the game were one of its archive's:
 *
 * 1. the game's positions that the book lacks join it;
 * 2. the leaves of every game position, and of every position whose leaf
 *    move now leads into the book, are searched at the engine's depth:
 *    each keeps its best leaf move, as the builder's entries do;
 * 3. the union is negamaxed (mm_book_negamax (), the builder's own);
 * 4. the entries learned so far and those changed now are written to the
 *    learned file, whole or not at all (a file beside it, renamed over
 *    it), and the union becomes the book in use.
 *
 * At load the learned entries replace or join the shipped ones, and the
 * union is negamaxed again: values follow the shipped book when it is
 * rebuilt.  A shipped leaf move that leads into the union is then dropped
 * (learning searches such positions again, but a rebuilt shipped book may
 * have new ones); the position keeps the value of its moves into the
 * book. */

#define G_LOG_DOMAIN "mm-nboard"

#include "config.h"

#include <string.h>

#include <glib/gstdio.h>

#include "mm-nboard-book.h"

struct _MmNboardBook
{
  /* Owned References */
  MmAiBook   *shipped;        /* NULL: none */
  MmBook     *merged;         /* the shipped book and the learned one; NULL: none learned */
  char       *learned_path;   /* NULL: learning is off */
  GArray     *learned;        /* MmBookEntry: the learned file's, sorted */
  MmBookInfo  learned_info;
  char       *refusal;        /* why learning is off: the learned file cannot be read */
};

/**
 * mm_nboard_book_default_learned_path:
 *
 * Returns: (transfer full): $MONOMACHIA_LEARNED_BOOK, else
 *   learned-book.mmb in the user's data folder (monomachia/)
 */
char *
mm_nboard_book_default_learned_path (void)
{
  const char *variable = g_getenv (MM_NBOARD_LEARNED_BOOK_VARIABLE);

  if (variable != NULL && variable[0] != '\0')
    return g_strdup (variable);
  return g_build_filename (g_get_user_data_dir (), "monomachia", "learned-book.mmb", NULL);
}

/**
 * mm_nboard_book_new:
 * @shipped: (nullable): the shipped book, %NULL for none
 * @learned_path: (nullable): the learned book's file, %NULL not to learn
 *
 * A book that is @shipped until mm_nboard_book_load_learned () or
 * mm_nboard_book_learn () adds to it.
 */
MmNboardBook *
mm_nboard_book_new (MmAiBook   *shipped,
                    const char *learned_path)
{
  MmNboardBook *self = g_new0 (MmNboardBook, 1);

  self->shipped = shipped != NULL ? mm_ai_book_ref (shipped) : NULL;
  self->learned_path = g_strdup (learned_path);
  self->learned = g_array_new (FALSE, FALSE, sizeof (MmBookEntry));
  return self;
}

void
mm_nboard_book_free (MmNboardBook *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->shipped, mm_ai_book_unref);
  g_clear_pointer (&self->merged, mm_book_free);
  g_clear_pointer (&self->learned_path, g_free);
  g_clear_pointer (&self->learned, g_array_unref);
  g_clear_pointer (&self->refusal, g_free);
  g_free (self);
}

static const MmBook *
shipped_book (MmNboardBook *self)
{
  return self->shipped != NULL ? mm_ai_book_get_book (self->shipped) : NULL;
}

/**
 * mm_nboard_book_get_book:
 *
 * Returns: (nullable): the book in use: the shipped one with what was
 *   learned, %NULL when there is neither
 */
const MmBook *
mm_nboard_book_get_book (MmNboardBook *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->merged != NULL ? self->merged : shipped_book (self);
}

/* The entries of the learned file. */
guint
mm_nboard_book_get_n_learned (MmNboardBook *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->learned->len;
}

/* ---- Entries ------------------------------------------------------------ */

/* The index of @canonical in @entries (sorted), or -1. */
static gssize
find_entry (GArray        *entries,
            const MmBoard *canonical)
{
  guint low = 0, high = entries->len;

  while (low < high)
    {
      guint middle = low + (high - low) / 2;
      const MmBookEntry *entry = &g_array_index (entries, MmBookEntry, middle);
      int order = mm_book_compare_positions (entry->player, entry->opponent,
                                     canonical->player, canonical->opponent);

      if (order == 0)
        return middle;
      if (order < 0)
        low = middle + 1;
      else
        high = middle;
    }
  return -1;
}

/* The canonical position after the side to move plays @square on @board
 * (a pass added as the book adds it); returns the sign of mm_book_child (). */
static int
canonical_child (const MmBoard *board,
                 int            square,
                 MmBoard       *canonical)
{
  MmBoard child;
  int sign = mm_book_child (board, square, &child);

  mm_book_canonical (&child, canonical);
  return sign;
}

/* @shipped's entries and @learned's, sorted, each position once: the
 * learned entry where both have one. */
static GArray *
union_entries (const MmBook *shipped,
               GArray       *learned)
{
  const MmBookEntry *entries = shipped != NULL ? mm_book_get_entries (shipped) : NULL;
  gsize n = shipped != NULL ? mm_book_get_size (shipped) : 0;
  GArray *all = g_array_sized_new (FALSE, FALSE, sizeof (MmBookEntry), n + learned->len);
  gsize i = 0;
  guint j = 0;

  while (i < n || j < learned->len)
    {
      const MmBookEntry *mine = j < learned->len ? &g_array_index (learned, MmBookEntry, j) : NULL;
      int order = i == n ? 1 : mine == NULL ? -1 : mm_book_compare_entries (&entries[i], mine);

      if (order < 0)
        g_array_append_val (all, entries[i++]);
      else
        {
          g_array_append_val (all, *mine);
          j++;
          i += order == 0;
        }
    }
  return all;
}

/* A leaf move that leads into the book is no leaf: dropped. */
static void
drop_inner_leaves (GArray *entries)
{
  for (guint i = 0; i < entries->len; i++)
    {
      MmBookEntry *entry = &g_array_index (entries, MmBookEntry, i);
      MmBoard board = { entry->player, entry->opponent }, child;

      if (entry->leaf_move == MM_BOOK_NO_MOVE)
        continue;
      canonical_child (&board, entry->leaf_move, &child);
      if (find_entry (entries, &child) >= 0)
        {
          entry->leaf_move = MM_BOOK_NO_MOVE;
          entry->leaf_value = 0;
        }
    }
}

/* The book of @entries (sorted), negamaxed. */
static MmBook *
negamaxed_book (GArray            *entries,
                const MmBookInfo  *info,
                GError           **error)
{
  MmBookError failure = mm_book_negamax ((MmBookEntry *) entries->data, entries->len);
  MmBook *book = NULL;

  if (failure == MM_BOOK_OK)
    book = mm_book_new ((const MmBookEntry *) entries->data, entries->len, info, &failure);
  if (book == NULL)
    g_set_error (error, MM_AI_ERROR,
                 failure == MM_BOOK_ERROR_MEMORY ? MM_AI_ERROR_NO_MEMORY : MM_AI_ERROR_BAD_BOOK,
                 "the book with the learned games cannot be made: %s",
                 mm_book_error_message (failure));
  return book;
}

static const MmBookInfo *
union_info (MmNboardBook *self)
{
  const MmBook *shipped = shipped_book (self);

  return shipped != NULL ? mm_book_get_info (shipped) : &self->learned_info;
}

/**
 * mm_nboard_book_load_learned:
 *
 * Loads the learned book, when its file exists, over the shipped one.
 * A learned book that cannot be read is left alone, and nothing is
 * learned over it in this run: the book in use stays the shipped one.
 *
 * Returns: %FALSE, with @error set, when the file exists but cannot be
 *   used
 */
gboolean
mm_nboard_book_load_learned (MmNboardBook  *self,
                             GError       **error)
{
  g_autoptr(GArray) all = NULL;
  g_autoptr(GError) local = NULL;
  MmBookError code = MM_BOOK_OK;
  MmBook *learned;
  MmBook *merged;

  g_return_val_if_fail (self != NULL, FALSE);

  if (self->learned_path == NULL || !g_file_test (self->learned_path, G_FILE_TEST_EXISTS))
    return TRUE;
  learned = mm_book_load (self->learned_path, &code);
  if (learned == NULL)
    {
      self->refusal = g_strdup_printf ("%s: %s", self->learned_path, mm_book_error_message (code));
      g_set_error (error, MM_AI_ERROR, MM_AI_ERROR_BAD_BOOK, "%s", self->refusal);
      return FALSE;
    }
  g_array_set_size (self->learned, 0);
  g_array_append_vals (self->learned, mm_book_get_entries (learned),
                       (guint) mm_book_get_size (learned));
  self->learned_info = *mm_book_get_info (learned);
  mm_book_free (learned);

  all = union_entries (shipped_book (self), self->learned);
  drop_inner_leaves (all);
  merged = negamaxed_book (all, union_info (self), &local);
  if (merged == NULL)
    {
      self->refusal = g_strdup_printf ("%s: %s", self->learned_path, local->message);
      g_array_set_size (self->learned, 0);
      g_set_error (error, MM_AI_ERROR, MM_AI_ERROR_BAD_BOOK, "%s", self->refusal);
      return FALSE;
    }
  g_clear_pointer (&self->merged, mm_book_free);
  self->merged = merged;
  return TRUE;
}

/* ---- Lookups ------------------------------------------------------------ */

/**
 * mm_nboard_book_moves:
 * @contempt: what a draw is worth to the side to move, in hundredths of
 *   a disc (NBoard's "set contempt")
 *
 * The book moves of @board, best first for the side to move: a move the
 * book values a draw (exactly 0) ranks as @contempt would, the others by
 * their values; equal ones keep mm_book_moves ()'s order (by value, then
 * by square).  Each keeps the book's own value.
 *
 * Returns: how many were written to @out, at most @max; 0 out of the book
 */
int
mm_nboard_book_moves (MmNboardBook     *self,
                      const MmBoard    *board,
                      int               contempt,
                      MmNboardBookMove *out,
                      int               max)
{
  const MmBook *book;
  MmBookMove moves[MM_BOOK_MAX_MOVES];
  int worth[MM_BOOK_MAX_MOVES];
  int draw, n;

  g_return_val_if_fail (self != NULL && board != NULL, 0);

  book = mm_nboard_book_get_book (self);
  if (book == NULL)
    return 0;
  n = mm_book_moves (book, board, moves, G_N_ELEMENTS (moves));
  /* Hundredths of a disc to 1/MM_EVAL_SCALE, rounded. */
  draw = (contempt * MM_EVAL_SCALE + (contempt >= 0 ? 50 : -50)) / 100;
  for (int i = 0; i < n; i++)
    worth[i] = moves[i].value == 0 ? draw : moves[i].value;

  /* Stable: a few moves, insertion sort. */
  for (int i = 1; i < n; i++)
    {
      MmBookMove move = moves[i];
      int value = worth[i], j = i;

      while (j > 0 && worth[j - 1] < value)
        {
          moves[j] = moves[j - 1];
          worth[j] = worth[j - 1];
          j--;
        }
      moves[j] = move;
      worth[j] = value;
    }

  n = MIN (n, max);
  for (int i = 0; i < n; i++)
    {
      guint n_games = 0;

      if (moves[i].in_book)
        {
          MmBoard child;
          const MmBookEntry *entry;

          mm_book_child (board, moves[i].square, &child);
          entry = mm_book_find (book, &child);
          n_games = entry != NULL ? entry->n_games : 0;
        }
      out[i] = (MmNboardBookMove) { moves[i].square, moves[i].value, n_games, moves[i].in_book };
    }
  return MAX (n, 0);
}

/* ---- Learning ----------------------------------------------------------- */

/* The canonical positions of @game before each of its moves while it has
 * fewer than @max_plies discs more than the start's 4, where the side to
 * move has a move (a pass is no book position). */
static GArray *
game_positions (MmGameRecord *game,
                guint         max_plies)
{
  GArray *positions = g_array_new (FALSE, FALSE, sizeof (MmBoard));
  guint64 black, white;
  MmColor side;
  MmBoard board;

  mm_game_record_get_start (game, &black, &white, &side);
  mm_board_from_colors (&board, black, white, side);
  for (guint i = 0; i < mm_game_record_get_n_moves (game); i++)
    {
      MmColor color;
      int square = mm_game_record_get_move (game, i, &color, NULL, NULL);

      /* A side that moves twice: the other passed. */
      if (color != side)
        {
          mm_board_pass (&board);
          side = color;
        }
      if (square == MM_SQUARE_PASS)
        {
          mm_board_pass (&board);
          side = 1 - side;
          continue;
        }
      if (mm_popcount (board.player | board.opponent) - 4 < (int) max_plies
          && mm_board_can_move (&board))
        {
          MmBoard canonical;

          mm_book_canonical (&board, &canonical);
          g_array_append_val (positions, canonical);
        }
      if (mm_board_play (&board, square) == 0)
        break;
      side = 1 - side;
    }
  return positions;
}

static void
stop_search (GCancellable *cancellable,
             MmSearch     *search)
{
  mm_search_stop (search);
}

/* The best leaf of @entry over @entries: its moves out of them, each
 * searched.  FALSE when cancelled. */
static gboolean
search_leaves (MmBookEntry          *entry,
               GArray               *entries,
               MmSearch             *search,
               const MmSearchLimits *limits,
               GCancellable         *cancellable,
               MmNboardLearnStats   *stats)
{
  MmBoard board = { entry->player, entry->opponent };
  int best = G_MININT, best_move = MM_BOOK_NO_MOVE;

  for (guint64 m = mm_board_legal_moves (&board); m != 0; m = mm_without_first (m))
    {
      int square = mm_first_square (m);
      MmBoard child;
      MmSearchResult result;
      int sign = canonical_child (&board, square, &child);
      int value;

      if (find_entry (entries, &child) >= 0)
        continue;
      if (g_cancellable_is_cancelled (cancellable))
        return FALSE;
      mm_search_run (search, &child, limits, NULL, NULL, &result);
      stats->n_searched++;
      stats->nodes += result.nodes;
      if (result.stopped && g_cancellable_is_cancelled (cancellable))
        return FALSE;
      value = sign * CLAMP (result.score, -MM_BOOK_MAX_VALUE, MM_BOOK_MAX_VALUE);
      /* Moves come by square: the first of equals stays. */
      if (value > best)
        {
          best = value;
          best_move = square;
        }
    }
  entry->leaf_move = (guint8) best_move;
  entry->leaf_value = (gint16) (best_move != MM_BOOK_NO_MOVE ? best : 0);
  return TRUE;
}

/* Writes @book to @path whole or not at all: GIO writes a file beside it
 * and renames it over @path when the stream closes (as the app saves its
 * games, src/game/mm-record-io.c). */
static gboolean
write_book (const MmBook  *book,
            const char    *path,
            GError       **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) folder = g_file_get_parent (file);
  g_autoptr(GFileOutputStream) stream = NULL;
  g_autoptr(GError) local = NULL;
  gsize length = mm_book_serialize (book, NULL, 0);
  g_autofree guint8 *data = g_malloc (length);
  GOutputStream *out;

  if (mm_book_serialize (book, data, length) != length)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "the learned book cannot be written");
      return FALSE;
    }
  if (folder != NULL && !g_file_make_directory_with_parents (folder, NULL, &local)
      && !g_error_matches (local, G_IO_ERROR, G_IO_ERROR_EXISTS))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return FALSE;
    }
  stream = g_file_replace (file, NULL, FALSE, G_FILE_CREATE_NONE, NULL, error);
  if (stream == NULL)
    return FALSE;
  out = G_OUTPUT_STREAM (stream);
  if (!g_output_stream_write_all (out, data, length, NULL, NULL, error))
    {
      /* Closing with a cancelled cancellable abandons the replace: the
       * old file stays, the new one is removed. */
      g_autoptr(GCancellable) abandon = g_cancellable_new ();

      g_cancellable_cancel (abandon);
      g_output_stream_close (out, abandon, NULL);
      return FALSE;
    }
  return g_output_stream_close (out, NULL, error);
}

/**
 * mm_nboard_book_learn:
 * @game: the game to learn
 * @search: the search of the leaves; its table is not cleared
 * @limits: the leaves' searches (the engine's depth)
 * @cancellable: (nullable): stops the learning: nothing is written
 * @stats: (out caller-allocates): what it took
 *
 * Adds @game to the book and writes the learned book (see the top of
 * this file).  Runs in the calling thread until done.
 *
 * Returns: %FALSE with @error set when learning is off, the game has no
 *   position to learn, @cancellable stopped it, or the file cannot be
 *   written; the book in use is then as it was
 */
gboolean
mm_nboard_book_learn (MmNboardBook          *self,
                      MmGameRecord          *game,
                      MmSearch              *search,
                      const MmSearchLimits  *limits,
                      GCancellable          *cancellable,
                      MmNboardLearnStats    *stats,
                      GError               **error)
{
  g_autoptr(GArray) positions = NULL;
  g_autoptr(GArray) all = NULL;
  g_autoptr(GArray) added = NULL;
  g_autoptr(GArray) learned = NULL;
  g_autofree gboolean *again = NULL;
  const MmBook *book;
  MmBook *learned_book = NULL, *merged = NULL;
  MmBookInfo learned_info;
  MmBookError failure = MM_BOOK_OK;
  guint max_plies;
  gulong handler = 0;
  gint64 started = g_get_monotonic_time ();
  gboolean searched = TRUE;

  g_return_val_if_fail (self != NULL && game != NULL && search != NULL, FALSE);
  g_return_val_if_fail (limits != NULL && stats != NULL, FALSE);

  memset (stats, 0, sizeof *stats);
  if (self->learned_path == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "the engine learns nothing");
      return FALSE;
    }
  if (self->refusal != NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   "the learned book is not overwritten: %s", self->refusal);
      return FALSE;
    }

  book = mm_nboard_book_get_book (self);
  max_plies = book != NULL && mm_book_get_info (book)->max_plies > 0
              ? mm_book_get_info (book)->max_plies : MM_NBOARD_BOOK_DEFAULT_PLIES;
  positions = game_positions (game, max_plies);
  stats->n_positions = positions->len;
  if (positions->len == 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "the game has no move within the book's first %u plies", max_plies);
      return FALSE;
    }

  /* 1. The game's positions join the book (which holds the learned
   * entries already). */
  all = g_array_new (FALSE, FALSE, sizeof (MmBookEntry));
  if (book != NULL)
    g_array_append_vals (all, mm_book_get_entries (book), (guint) mm_book_get_size (book));
  added = g_array_new (FALSE, FALSE, sizeof (MmBoard));
  for (guint i = 0; i < positions->len; i++)
    {
      const MmBoard *position = &g_array_index (positions, MmBoard, i);

      if (find_entry (all, position) < 0)
        {
          MmBookEntry entry = { position->player, position->opponent, 0, 0, MM_BOOK_NO_MOVE, 0 };

          g_array_append_val (all, entry);
          g_array_append_val (added, *position);
          g_array_sort (all, mm_book_compare_entries);
        }
    }
  stats->n_new = added->len;

  /* 2. Whose leaves to search: the game's positions, and those whose leaf
   * move leads to one just added. */
  again = g_new0 (gboolean, all->len);
  for (guint i = 0; i < positions->len; i++)
    again[find_entry (all, &g_array_index (positions, MmBoard, i))] = TRUE;
  for (guint i = 0; i < all->len && added->len > 0; i++)
    {
      const MmBookEntry *entry = &g_array_index (all, MmBookEntry, i);
      MmBoard board = { entry->player, entry->opponent }, child;

      if (entry->leaf_move == MM_BOOK_NO_MOVE)
        continue;
      canonical_child (&board, entry->leaf_move, &child);
      for (guint k = 0; k < added->len && !again[i]; k++)
        {
          const MmBoard *position = &g_array_index (added, MmBoard, k);

          again[i] = position->player == child.player && position->opponent == child.opponent;
        }
    }

  if (cancellable != NULL)
    handler = g_cancellable_connect (cancellable, G_CALLBACK (stop_search), search, NULL);
  for (guint i = 0; i < all->len && searched; i++)
    if (again[i])
      searched = search_leaves (&g_array_index (all, MmBookEntry, i), all, search, limits,
                                cancellable, stats);
  if (handler != 0)
    g_cancellable_disconnect (cancellable, handler);
  if (!searched)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, "stopped before the end");
      return FALSE;
    }
  for (guint i = 0; i < positions->len; i++)
    {
      gssize index = find_entry (all, &g_array_index (positions, MmBoard, i));
      MmBookEntry *entry = &g_array_index (all, MmBookEntry, index);

      entry->n_games = (guint16) MIN (entry->n_games + 1, G_MAXUINT16);
    }

  /* 3. Negamax over the union, which says what the shipped book says of
   * itself, or else what the learned one does. */
  learned_info = (MmBookInfo) {
    .max_plies = max_plies,
    .min_games = 0,
    .depth = (guint32) MAX (limits->max_depth, 0),
    .n_games = self->learned_info.n_games + 1,
  };
  merged = negamaxed_book (all, shipped_book (self) != NULL
                                ? mm_book_get_info (shipped_book (self)) : &learned_info,
                           error);
  if (merged == NULL)
    return FALSE;

  /* 4. The learned file: what was learned before, and what changed now. */
  learned = g_array_new (FALSE, FALSE, sizeof (MmBookEntry));
  for (guint i = 0; i < all->len; i++)
    {
      const MmBookEntry *entry = &g_array_index (all, MmBookEntry, i);
      MmBoard position = { entry->player, entry->opponent };

      if (again[i] || find_entry (self->learned, &position) >= 0)
        g_array_append_val (learned, *entry);
    }
  /* Their values are the union's: the next load negamaxes them again
   * with the shipped book. */
  learned_book = mm_book_new ((const MmBookEntry *) learned->data, learned->len, &learned_info,
                              &failure);
  if (learned_book == NULL)
    g_set_error (error, MM_AI_ERROR, MM_AI_ERROR_BAD_BOOK, "the learned book cannot be made: %s",
                 mm_book_error_message (failure));
  if (learned_book == NULL || !write_book (learned_book, self->learned_path, error))
    {
      mm_book_free (learned_book);
      mm_book_free (merged);
      return FALSE;
    }

  g_array_set_size (self->learned, 0);
  g_array_append_vals (self->learned, mm_book_get_entries (learned_book),
                       (guint) mm_book_get_size (learned_book));
  self->learned_info = learned_info;
  mm_book_free (learned_book);
  g_clear_pointer (&self->merged, mm_book_free);
  self->merged = merged;

  stats->n_written = self->learned->len;
  stats->seconds = (double) (g_get_monotonic_time () - started) / G_USEC_PER_SEC;
  return TRUE;
}
