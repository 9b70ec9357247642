/* mm-nboard.c
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

/* The NBoard protocol, version 2, as NBoard's "Protocol.htm" describes
 * it: one command a line on the standard input, answers on the standard
 * output, flushed line by line.
 *
 *   nboard 2                   begin; we answer "set myname Monomachia"
 *   set depth N                the midgame depth (the endgame is solved
 *                              exactly from N + 6 empties, at most 30)
 *   set game (;GM[Othello]...;)  the position is the end of this game
 *   set contempt N             what a draw in the book is worth to the
 *                              engine, in hundredths of a disc (default 0)
 *   move F5[/EVAL[/TIME]]      a move played (PA: a pass)
 *   hint N                     in the book, "book MOVE EVAL GAMES DEPTH"
 *                              for its N best moves; when it has fewer,
 *                              then, or out of the book, "search MOVE EVAL
 *                              0 DEPTH" for the N best of the other moves
 *                              after every depth ("100%" when exact); then
 *                              "status"
 *   go                         "=== MOVE/EVAL/TIME" (not played: a "move"
 *                              command follows): in the book its best move
 *                              (after a "book" line), else a search within
 *                              the depth and the time the game's clock (TI
 *                              and the move times) leaves
 *   ping N                     stop thinking, then "pong N"
 *   learn                      add the game to the learned book, then
 *                              "learned" and "status" (with the reason when
 *                              it was not learned)
 *   quit, or the end of input  leave
 *
 * Evaluations are in discs for the side to move.  The book
 * (mm-nboard-book.c, docs/BOOK.md) is the shipped one with the games
 * learned over it; its moves are best first, a draw (a value of exactly
 * 0) ranked as the contempt says, and the first is always the one played:
 * the engine is deterministic, for players who analyse with it.  A book
 * line gives the book's own value, the games that reached the position
 * after the move (0 for the best move that leaves the book) and the depth
 * of the book's searches.  Without a book (--no-book, or none found) the
 * engine searches from the first move.
 *
 * Searches run in a thread of their own while a second one reads the
 * input, so that "ping" stops them at once; other commands wait for the
 * search to end, and those that change the position stop it first.
 * Learning runs there too, searching each position's moves that leave
 * the book at the engine's depth; every command waits for it but "quit"
 * (or the end of the input), which stops it with nothing learned.  Lines
 * we do not know are ignored, as the protocol asks. */

#define G_LOG_DOMAIN "mm-nboard"

#include "config.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "mm-ai-level.h"
#include "mm-analysis.h"
#include "mm-game-record.h"
#include "mm-nboard-book.h"
#include "mm-nboard-command.h"
#include "mm-nboard.h"

#define HASH_MEGABYTES  256
#define DEFAULT_DEPTH   12
#define MAX_EXACT       30
#define EXACT_MARGIN    6
#define ENGINE_NAME     "Monomachia"

typedef enum
{
  JOB_GO,
  JOB_HINT,
  JOB_LEARN,
} JobKind;

typedef struct
{
  MmAiWeights   *weights;
  MmNboardBook  *book;         /* NULL: no book (--no-book) */
  MmSearch      *search;
  FILE          *in;
  FILE          *out;
  GMutex         out_lock;
  GAsyncQueue   *lines;

  MmNboardState  state;

  /* The search in progress. */
  GThread       *worker;
  GCancellable  *cancellable;
  JobKind        kind;
  MmBoard        board;
  int            contempt;
  int            n_hints;
  guint64        book_squares; /* hint: the moves given from the book */
  MmGameRecord  *game;         /* learn: the game; NULL: none was set */
  MmSearchLimits limits;
  gint64         started;
} NBoard;

static void G_GNUC_PRINTF (2, 3)
reply (NBoard     *nb,
       const char *format,
       ...)
{
  va_list args;

  g_mutex_lock (&nb->out_lock);
  va_start (args, format);
  vfprintf (nb->out, format, args);
  va_end (args);
  fputc ('\n', nb->out);
  fflush (nb->out);
  g_mutex_unlock (&nb->out_lock);
}

/* "F5", "PA" for a pass. */
static void
format_move (int  square,
             char name[3])
{
  if (square == MM_SQUARE_PASS)
    {
      strcpy (name, "PA");
      return;
    }
  mm_square_format (square, name);
  name[0] = g_ascii_toupper (name[0]);
}

/* In discs, with a point whatever the locale. */
static void
format_eval (int   score,
             char  out[G_ASCII_DTOSTR_BUF_SIZE])
{
  g_ascii_formatd (out, G_ASCII_DTOSTR_BUF_SIZE, "%.2f", (double) score / MM_EVAL_SCALE);
}

static void
format_depth (const MmAiMove *move,
              char            out[16])
{
  if (move->exact)
    strcpy (out, "100%");
  else
    g_snprintf (out, 16, "%d", move->depth);
}

static void
send_search (NBoard         *nb,
             const MmAiMove *move)
{
  char name[3], eval[G_ASCII_DTOSTR_BUF_SIZE], depth[16];

  format_move (move->square, name);
  format_eval (move->score, eval);
  format_depth (move, depth);
  reply (nb, "search %s %s 0 %s", name, eval, depth);
}

/* "book PV EVAL GAMES DEPTH": the games that reached the position after
 * the move (0 for the move that leaves the book), and the depth of the
 * book's searches. */
static void
send_book (NBoard                 *nb,
           const MmNboardBookMove *move)
{
  const MmBook *book = mm_nboard_book_get_book (nb->book);
  char name[3], eval[G_ASCII_DTOSTR_BUF_SIZE];

  format_move (move->square, name);
  format_eval (move->value, eval);
  reply (nb, "book %s %s %u %u", name, eval, move->n_games, mm_book_get_info (book)->depth);
}

/* The book moves of the position, best first for the engine (a draw
 * worth the contempt); 0 out of the book or without one. */
static int
book_moves (NBoard           *nb,
            MmNboardBookMove *moves,
            int               max)
{
  if (nb->book == NULL)
    return 0;
  return mm_nboard_book_moves (nb->book, &nb->board, nb->contempt, moves, max);
}

static char *
elapsed_seconds (NBoard *nb)
{
  char seconds[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_formatd (seconds, sizeof seconds, "%.2f",
                   (double) (g_get_monotonic_time () - nb->started) / G_USEC_PER_SEC);
  return g_strdup (seconds);
}

static void
send_nodestats (NBoard  *nb,
                guint64  nodes)
{
  g_autofree char *seconds = elapsed_seconds (nb);

  reply (nb, "nodestats %" G_GUINT64_FORMAT " %s", nodes, seconds);
}

static void
go_progress (const MmAiMove *best,
             gpointer        user_data)
{
  send_search (user_data, best);
}

/* The n_hints best moves of those the book did not give. */
static void
hint_progress (GArray   *moves,
               int       depth,
               gpointer  user_data)
{
  NBoard *nb = user_data;
  int n_sent = 0;

  for (guint i = 0; i < moves->len && n_sent < nb->n_hints; i++)
    {
      const MmAiMove *move = &g_array_index (moves, MmAiMove, i);

      if (mm_square_is_valid (move->square)
          && (nb->book_squares & (G_GUINT64_CONSTANT (1) << move->square)) != 0)
        continue;
      send_search (nb, move);
      n_sent++;
    }
}

/* In the book, its best move for the engine, with the book's value;
 * otherwise a search. */
static void
go_job (NBoard                *nb,
        const MmEvalWeights   *eval,
        const MmAiLevelParams *params)
{
  g_autofree char *seconds = NULL;
  MmNboardBookMove book[1];
  MmAiMove move;
  char name[3], eval_text[G_ASCII_DTOSTR_BUF_SIZE];

  if (book_moves (nb, book, G_N_ELEMENTS (book)) > 0)
    {
      send_book (nb, &book[0]);
      format_move (book[0].square, name);
      format_eval (book[0].value, eval_text);
      seconds = elapsed_seconds (nb);
      reply (nb, "=== %s/%s/%s", name, eval_text, seconds);
      return;
    }

  mm_ai_level_think (params, nb->search, eval, &nb->board, NULL, nb->cancellable,
                     go_progress, nb, &move);
  send_nodestats (nb, move.nodes);
  format_move (move.square, name);
  seconds = elapsed_seconds (nb);
  if (move.square == MM_SQUARE_NONE)
    reply (nb, "status The game is over");
  else if (move.depth == 0)
    reply (nb, "=== %s", name);    /* forced: no evaluation */
  else
    {
      format_eval (move.score, eval_text);
      reply (nb, "=== %s/%s/%s", name, eval_text, seconds);
    }
}

/* The book's moves first (the best n_hints of them), then, when they
 * are fewer than n_hints, searches for the best of the other moves. */
static void
hint_job (NBoard                *nb,
          const MmEvalWeights   *eval,
          const MmAiLevelParams *params)
{
  g_autoptr(GArray) moves = NULL;
  MmNboardBookMove book[MM_BOOK_MAX_MOVES];
  guint64 nodes = 0;
  int n_book = book_moves (nb, book, G_N_ELEMENTS (book));

  nb->book_squares = 0;
  for (int i = 0; i < n_book && i < nb->n_hints; i++)
    {
      send_book (nb, &book[i]);
      nb->book_squares |= G_GUINT64_CONSTANT (1) << book[i].square;
    }

  if (n_book > 0)
    {
      /* Once every book move is given, the others, searched. */
      if (n_book < nb->n_hints && n_book < mm_popcount (mm_board_legal_moves (&nb->board)))
        {
          nb->n_hints -= n_book;
          moves = mm_analysis_run (nb->search, eval, &nb->board, &params->limits,
                                   nb->cancellable, hint_progress, nb);
        }
    }
  else if (nb->n_hints <= 1)
    {
      MmAiMove move;

      mm_ai_level_think (params, nb->search, eval, &nb->board, NULL, nb->cancellable,
                         go_progress, nb, &move);
      /* A move that needed no search still gets its line. */
      if (move.depth == 0 && move.square != MM_SQUARE_NONE)
        {
          nb->n_hints = 1;
          moves = mm_analysis_run (nb->search, eval, &nb->board, &params->limits,
                                   nb->cancellable, hint_progress, nb);
        }
      nodes = move.nodes;
    }
  else
    moves = mm_analysis_run (nb->search, eval, &nb->board, &params->limits, nb->cancellable,
                             hint_progress, nb);

  for (guint i = 0; moves != NULL && i < moves->len; i++)
    nodes += g_array_index (moves, MmAiMove, i).nodes;
  if (n_book == 0 || moves != NULL)
    send_nodestats (nb, nodes);
  reply (nb, "status");
}

/* "learned" whatever happens, as the protocol asks, then a status line
 * that says when the game was not learned; nothing when stopped (the
 * session is ending). */
static void
learn_job (NBoard *nb)
{
  g_autoptr(GError) error = NULL;
  MmNboardLearnStats stats;

  if (nb->book == NULL)
    g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED,
                         "the engine runs without a book (--no-book)");
  else if (nb->game == NULL)
    g_set_error_literal (&error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "no game was set");
  else if (mm_nboard_book_learn (nb->book, nb->game, nb->search, &nb->limits, nb->cancellable,
                                 &stats, &error))
    {
      fprintf (stderr, "monomachia-engine: learned %u positions (%u new to the book), %u "
               "searched at depth %d in %.1f s; the learned book has %u\n",
               stats.n_positions, stats.n_new, stats.n_searched, nb->limits.max_depth,
               stats.seconds, stats.n_written);
      reply (nb, "learned");
      reply (nb, "status");
      return;
    }

  fprintf (stderr, "monomachia-engine: the game is not learned: %s\n", error->message);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  reply (nb, "learned");
  reply (nb, "status The game is not learned: %s", error->message);
}

static gpointer
search_thread (gpointer data)
{
  NBoard *nb = data;
  const MmEvalWeights *eval = nb->weights != NULL ? mm_ai_weights_get_eval (nb->weights) : NULL;
  MmAiLevelParams params = { nb->limits, 0, 0, FALSE, 0 };

  switch (nb->kind)
    {
    case JOB_GO:
      go_job (nb, eval, &params);
      break;
    case JOB_HINT:
      hint_job (nb, eval, &params);
      break;
    case JOB_LEARN:
    default:
      learn_job (nb);
      break;
    }

  return NULL;
}

static void
start_search (NBoard  *nb,
              JobKind  kind,
              int      n_hints)
{
  MmColor side;

  g_assert (nb->worker == NULL);

  nb->kind = kind;
  nb->n_hints = n_hints;
  nb->board = mm_nboard_state_get_board (&nb->state, &side);
  nb->contempt = nb->state.contempt;
  g_clear_pointer (&nb->game, mm_game_record_unref);
  if (kind == JOB_LEARN && nb->state.game != NULL)
    nb->game = mm_game_record_copy (nb->state.game);
  nb->limits.max_depth = nb->state.depth;
  nb->limits.exact_empties = MIN (nb->state.depth + EXACT_MARGIN, MAX_EXACT);
  nb->limits.max_seconds = kind == JOB_GO
                           ? mm_nboard_state_time_for_move (&nb->state, &nb->board, side) : 0;
  nb->started = g_get_monotonic_time ();
  nb->cancellable = g_cancellable_new ();

  reply (nb, "status %s is %s", ENGINE_NAME,
         kind == JOB_GO ? "thinking" : kind == JOB_HINT ? "analysing" : "learning");
  nb->worker = g_thread_new ("nboard-search", search_thread, nb);
}

/* Waits for the search in progress, stopping it first if @stop. */
static void
end_search (NBoard   *nb,
            gboolean  stop)
{
  if (nb->worker == NULL)
    return;
  if (stop)
    g_cancellable_cancel (nb->cancellable);
  g_thread_join (nb->worker);
  nb->worker = NULL;
  g_clear_object (&nb->cancellable);
}

/* What the input thread owns: its own reference to the queue, so that the
 * queue lives as long as either side needs it. */
typedef struct
{
  GAsyncQueue *lines;
  FILE        *in;
} LineReader;

static gpointer
read_lines (gpointer data)
{
  LineReader *reader = data;
  char *line = NULL;
  size_t capacity = 0;

  while (getline (&line, &capacity, reader->in) >= 0)
    g_async_queue_push (reader->lines, g_strdup (g_strchomp (line)));
  free (line);

  g_async_queue_push (reader->lines, g_strdup ("quit"));
  g_async_queue_unref (reader->lines);
  g_free (reader);
  return NULL;
}

/**
 * mm_nboard_run:
 * @weights: (nullable): the evaluation, %NULL for the hand-written one
 * @book: (nullable): the opening book, %NULL to play without one
 * @n_threads: threads of each search
 *
 * Speaks the NBoard protocol on @in and @out until "quit" or the end of
 * @in.  "learn" adds to @book.
 *
 * Returns: %FALSE when the search cannot be made (no memory)
 */
gboolean
mm_nboard_run (MmAiWeights  *weights,
               MmNboardBook *book,
               int           n_threads,
               FILE         *in,
               FILE         *out)
{
  NBoard nb = { 0 };
  LineReader *line_reader;
  GThread *reader;

  nb.search = mm_search_new ((size_t) HASH_MEGABYTES << 20);
  if (nb.search == NULL)
    {
      fprintf (stderr, "monomachia-engine: not enough memory for the hash table (%d MB)\n",
               HASH_MEGABYTES);
      return FALSE;
    }
  nb.weights = weights;
  nb.book = book;
  mm_search_set_weights (nb.search, weights != NULL ? mm_ai_weights_get_eval (weights) : NULL);
  mm_search_set_threads (nb.search, n_threads);
  nb.in = in;
  nb.out = out;
  mm_nboard_state_init (&nb.state, DEFAULT_DEPTH);
  g_mutex_init (&nb.out_lock);
  nb.lines = g_async_queue_new_full (g_free);

  line_reader = g_new0 (LineReader, 1);
  line_reader->lines = g_async_queue_ref (nb.lines);
  line_reader->in = in;
  reader = g_thread_new ("nboard-input", read_lines, line_reader);
  /* The reader may still wait for a line when we leave: it keeps its own
   * reference to the queue. */
  g_thread_unref (reader);

  for (gboolean quitting = FALSE; !quitting;)
    {
      g_autofree char *line = g_async_queue_pop (nb.lines);
      g_autoptr(GError) error = NULL;
      MmNboardCommand command;

      /* A blank line does not wait for the search. */
      if (g_strstrip (line)[0] == '\0')
        continue;
      mm_nboard_command_parse (line, &command);
      /* Learning is stopped by the end of the session only: the GUI
       * waits for "learned". */
      if (nb.worker != NULL && nb.kind == JOB_LEARN)
        end_search (&nb, command.kind == MM_NBOARD_COMMAND_QUIT);
      else
        end_search (&nb, mm_nboard_command_stops_search (&command));
      if (!mm_nboard_state_apply (&nb.state, &command, &error))
        fprintf (stderr, "monomachia-engine: %s %s: %s\n", line, command.argument,
                 error->message);

      switch (command.kind)
        {
        case MM_NBOARD_COMMAND_QUIT:
          quitting = TRUE;
          break;
        case MM_NBOARD_COMMAND_HELLO:
          reply (&nb, "set myname %s", ENGINE_NAME);
          break;
        case MM_NBOARD_COMMAND_PING:
          reply (&nb, "pong %s", command.argument);
          break;
        case MM_NBOARD_COMMAND_GO:
          start_search (&nb, JOB_GO, 1);
          break;
        case MM_NBOARD_COMMAND_HINT:
          start_search (&nb, JOB_HINT, command.number);
          break;
        case MM_NBOARD_COMMAND_LEARN:
          start_search (&nb, JOB_LEARN, 0);
          break;
        default:
          /* Settings, the game and moves are in the state; anything else
           * is ignored, as the protocol asks. */
          break;
        }
    }
  end_search (&nb, TRUE);
  g_clear_pointer (&nb.game, mm_game_record_unref);
  mm_nboard_state_clear (&nb.state);
  mm_search_free (nb.search);
  g_async_queue_unref (nb.lines);
  return TRUE;
}
