/* monomachia-match.c
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

/* Matches between Monomachia's levels, and against other engines: those
 * that speak GTP (GRhino's gtp-rhino) and Zebra, which is run once a
 * move.  The openings are the most played first plies of the WTHOR
 * tournament games, or random ones, each played twice, once with each
 * player black.
 * docs/MATCHES.md tells how to repeat the published results. */

#define G_LOG_DOMAIN "mm-match"

#include "config.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mm-ai-level.h"
#include "mm-ai-weights.h"
#include "mm-game-record.h"
#include "mm-ggf.h"
#include "mm-match-player.h"

#define MAX_OPENING_PLIES 20

typedef struct
{
  char *moves;                      /* "f5d6c3d3..." */
  int   squares[MAX_OPENING_PLIES];
  int   n_plies;
  guint count;                      /* games that began so */
} Opening;

typedef struct
{
  guint   moves;
  double  seconds;
  double  max_seconds;
} Clock;

typedef struct
{
  int     games;
  int     wins;                     /* of the first player */
  int     draws;
  int     losses;
  int     discs_first;
  int     discs_second;
  int     wins_as_black;
  Clock   clocks[2];
} Tally;

static int option_games = 100;
static int option_plies = 8;
static int option_first = 0;
static int option_seed = 1;
static int option_threads = 1;
static char *option_openings;
static char *option_eval;
static char *option_ggf;
static char *option_zebra;
static double option_engine_timeout = 60;
static gboolean option_random;
static gboolean option_ladder;
static gboolean option_verbose;

static GOptionEntry entries[] = {
  { "games", 'n', 0, G_OPTION_ARG_INT, &option_games,
    "Games per pair, an even number: each opening twice (100)", "N" },
  { "plies", 'p', 0, G_OPTION_ARG_INT, &option_plies,
    "Length of the openings in plies (8)", "P" },
  { "first", 0, 0, G_OPTION_ARG_INT, &option_first,
    "Begin at this game, to split a long match over several runs (0)", "K" },
  { "openings", 'o', 0, G_OPTION_ARG_FILENAME, &option_openings,
    "Games to take the openings from, one transcript a line, gzip or not "
    "(../shared/data/wthor-games.txt.gz)", "FILE" },
  { "random-openings", 'r', 0, G_OPTION_ARG_NONE, &option_random,
    "Openings of random legal moves (from --seed) instead of the most played", NULL },
  { "eval", 'e', 0, G_OPTION_ARG_FILENAME, &option_eval,
    "Evaluation weights (as the game finds them)", "FILE" },
  { "seed", 's', 0, G_OPTION_ARG_INT, &option_seed,
    "Seed of the weak levels' chance and of the random openings (1)", "S" },
  { "threads", 't', 0, G_OPTION_ARG_INT, &option_threads,
    "Threads of each of our searches (1)", "N" },
  { "zebra", 'z', 0, G_OPTION_ARG_FILENAME, &option_zebra,
    "Zebra's folder, with zebra and coeffs2.bin ($MONOMACHIA_ZEBRA, else "
    "../shared/engines/zebra)", "DIR" },
  { "engine-timeout", 0, 0, G_OPTION_ARG_DOUBLE, &option_engine_timeout,
    "Seconds a Zebra process may think on one move before it is killed (60)", "S" },
  { "ggf", 'g', 0, G_OPTION_ARG_FILENAME, &option_ggf,
    "Append every game to this GGF file", "FILE" },
  { "ladder", 'l', 0, G_OPTION_ARG_NONE, &option_ladder,
    "Play every level against the one below it", NULL },
  { "verbose", 'v', 0, G_OPTION_ARG_NONE, &option_verbose,
    "One line per game", NULL },
  { NULL }
};

static void
opening_free (Opening *opening)
{
  g_free (opening->moves);
  g_free (opening);
}

static int
compare_openings (gconstpointer a,
                  gconstpointer b)
{
  const Opening *first = *(Opening **) a, *second = *(Opening **) b;

  if (first->count != second->count)
    return first->count > second->count ? -1 : 1;
  return strcmp (first->moves, second->moves);
}

/* Plays the opening on a board, checking it; passes may be left out. */
static gboolean
opening_parse (Opening *opening)
{
  MmBoard board;

  mm_board_init_start (&board);
  for (int i = 0; i < opening->n_plies; i++)
    {
      char name[3] = { opening->moves[2 * i], opening->moves[2 * i + 1], '\0' };
      int square = mm_square_parse (name);

      if (!mm_board_can_move (&board))
        return FALSE;
      if (!mm_square_is_valid (square) || mm_board_flips (&board, square) == 0)
        return FALSE;
      mm_board_play (&board, square);
      opening->squares[i] = square;
    }
  return !mm_board_is_game_over (&board) && mm_board_can_move (&board);
}

/* The @count most played openings of @plies plies, most played first. */
static GPtrArray *
read_openings (const char  *path,
               int          plies,
               guint        count,
               GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GInputStream) raw = NULL;
  g_autoptr(GInputStream) stream = NULL;
  g_autoptr(GDataInputStream) lines = NULL;
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func ((GDestroyNotify) opening_free);
  GPtrArray *chosen;
  char *line;

  raw = G_INPUT_STREAM (g_file_read (file, NULL, error));
  if (raw == NULL)
    return NULL;
  if (g_str_has_suffix (path, ".gz"))
    {
      g_autoptr(GZlibDecompressor) gunzip = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);

      stream = g_converter_input_stream_new (raw, G_CONVERTER (gunzip));
    }
  else
    stream = g_object_ref (raw);
  lines = g_data_input_stream_new (stream);

  while ((line = g_data_input_stream_read_line (lines, NULL, NULL, error)) != NULL)
    {
      g_autofree char *text = line;
      g_autofree char *prefix = NULL;
      Opening *opening;

      if (strlen (text) < (gsize) (2 * plies) || text[0] == '#')
        continue;
      prefix = g_ascii_strdown (text, 2 * plies);
      opening = g_hash_table_lookup (seen, prefix);
      if (opening == NULL)
        {
          opening = g_new0 (Opening, 1);
          opening->moves = g_steal_pointer (&prefix);
          opening->n_plies = plies;
          g_ptr_array_add (all, opening);
          g_hash_table_insert (seen, opening->moves, opening);
        }
      opening->count++;
    }
  if (error != NULL && *error != NULL)
    return NULL;

  g_ptr_array_sort (all, compare_openings);
  chosen = g_ptr_array_new_with_free_func ((GDestroyNotify) opening_free);
  for (guint i = 0; i < all->len && chosen->len < count; i++)
    {
      Opening *opening = g_ptr_array_index (all, i);

      if (!opening_parse (opening))
        continue;
      g_ptr_array_add (chosen, g_ptr_array_steal_index (all, i));
      i--;
    }
  if (chosen->len < count)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "%s has only %u different openings of %d plies", path, chosen->len, plies);
      g_ptr_array_unref (chosen);
      return NULL;
    }
  return chosen;
}

/* @count different openings of @plies random legal moves, none of which
 * ends the game or leaves the side to move without a move. */
static GPtrArray *
random_openings (int      plies,
                 guint    count,
                 guint32  seed,
                 GError **error)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GPtrArray) chosen = g_ptr_array_new_with_free_func ((GDestroyNotify) opening_free);

  /* Short openings are few: give up rather than draw for ever. */
  for (guint tries = 0; chosen->len < count && tries < 1000 * count; tries++)
    {
      g_autoptr(GString) moves = g_string_new (NULL);
      Opening *opening;
      MmBoard board;

      mm_board_init_start (&board);
      for (int i = 0; i < plies && mm_board_can_move (&board); i++)
        {
          uint64_t legal = mm_board_legal_moves (&board);
          int pick = g_rand_int_range (rand, 0, mm_popcount (legal));
          int square;
          char name[3];

          while (pick-- > 0)
            legal &= legal - 1;
          square = mm_first_square (legal);
          mm_board_play (&board, square);
          mm_square_format (square, name);
          g_string_append_len (moves, name, 2);
        }
      if ((int) moves->len != 2 * plies || g_hash_table_contains (seen, moves->str))
        continue;

      opening = g_new0 (Opening, 1);
      opening->moves = g_string_free (g_steal_pointer (&moves), FALSE);
      opening->n_plies = plies;
      if (!opening_parse (opening))
        {
          opening_free (opening);
          continue;
        }
      g_ptr_array_add (chosen, opening);
      g_hash_table_add (seen, opening->moves);
    }
  if (chosen->len < count)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   "there are not %u different openings of %d plies", count, plies);
      return NULL;
    }
  return g_steal_pointer (&chosen);
}

static void
tell_both (MmMatchPlayer **players,
           MmColor         color,
           int             square,
           MmMatchPlayer  *except,
           GError        **error)
{
  for (int i = 0; i < 2 && (error == NULL || *error == NULL); i++)
    if (players[i] != except)
      mm_match_player_played (players[i], color, square, error);
}

/* One game: @black and @white are indices into @players.  Returns the
 * final disc counts. */
static gboolean
play_game (MmMatchPlayer  **players,
           Tally           *tally,
           int              black,
           const Opening   *opening,
           int             *black_discs,
           int             *white_discs,
           MmGameRecord   **record_out,
           GError         **error)
{
  MmMatchPlayer *by_color[2] = { players[black], players[1 - black] };
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  MmBoard board;
  MmColor color = MM_COLOR_BLACK;

  mm_game_record_set_tag (record, MM_RECORD_TAG_BLACK, mm_match_player_get_name (by_color[0]), NULL);
  mm_game_record_set_tag (record, MM_RECORD_TAG_WHITE, mm_match_player_get_name (by_color[1]), NULL);
  mm_game_record_set_tag (record, MM_RECORD_TAG_PLACE, "monomachia-match", NULL);

  for (int i = 0; i < 2; i++)
    if (!mm_match_player_new_game (players[i], error))
      return FALSE;

  mm_board_init_start (&board);
  for (int i = 0; i < opening->n_plies; i++)
    {
      mm_board_play (&board, opening->squares[i]);
      mm_game_record_play (record, opening->squares[i], NULL, NULL, NULL);
      tell_both (by_color, color, opening->squares[i], NULL, error);
      if (error != NULL && *error != NULL)
        return FALSE;
      color = mm_color_other (color);
    }

  while (!mm_board_is_game_over (&board))
    {
      MmMatchPlayer *mover = by_color[color];
      Clock *clock = &tally->clocks[mover == players[0] ? 0 : 1];
      double seconds;
      int square;
      char name[3];
      char time_text[32];

      if (!mm_board_can_move (&board))
        {
          mm_board_pass (&board);
          mm_game_record_play (record, MM_SQUARE_PASS, NULL, NULL, NULL);
          color = mm_color_other (color);
          continue;
        }

      if (!mm_match_player_genmove (mover, &board, color, &square, &seconds, error))
        return FALSE;
      clock->moves++;
      clock->seconds += seconds;
      clock->max_seconds = MAX (clock->max_seconds, seconds);

      mm_square_format (square, name);
      if (!mm_square_is_valid (square) || mm_board_flips (&board, square) == 0)
        {
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                       "%s played %s, which is not legal", mm_match_player_get_name (mover), name);
          return FALSE;
        }
      mm_board_play (&board, square);
      g_ascii_formatd (time_text, sizeof time_text, "%.2f", seconds);
      mm_game_record_play (record, square, NULL, time_text, NULL);
      tell_both (by_color, color, square, mover, error);
      if (error != NULL && *error != NULL)
        return FALSE;
      color = mm_color_other (color);
    }

  mm_game_record_finish (record);
  *black_discs = (int) mm_game_record_get_count (record, MM_COLOR_BLACK);
  *white_discs = (int) mm_game_record_get_count (record, MM_COLOR_WHITE);
  *record_out = g_steal_pointer (&record);
  return TRUE;
}

/* The Elo difference that a share of the points means, bounded so that
 * a clean sweep prints a large number rather than an infinite one. */
static double
elo_of_share (double share)
{
  share = CLAMP (share, 0.001, 0.999);
  /* + 0.0 so that an even match prints +0, not -0. */
  return -400 * log10 (1 / share - 1) + 0.0;
}

static void
print_tally (const char *first,
             const char *second,
             Tally      *tally)
{
  double points = tally->wins + 0.5 * tally->draws;
  double share = tally->games > 0 ? points / tally->games : 0;
  double margin = tally->games > 0 ? 1.96 * sqrt (share * (1 - share) / tally->games) : 0;

  printf ("%s vs %s: %d games, %d wins, %d draws, %d losses: %.1f%% (+/- %.1f), "
          "discs %d-%d (%+.1f a game)\n",
          first, second, tally->games, tally->wins, tally->draws, tally->losses,
          100 * share, 100 * margin, tally->discs_first, tally->discs_second,
          tally->games > 0 ? (double) (tally->discs_first - tally->discs_second) / tally->games : 0);
  printf ("  Elo %+.0f (95%%: %+.0f to %+.0f)\n", elo_of_share (share),
          elo_of_share (share - margin), elo_of_share (share + margin));
  for (int i = 0; i < 2; i++)
    {
      Clock *clock = &tally->clocks[i];

      printf ("  %s: %u moves, %.3f s a move on average, %.2f s at most, %.2f s a game\n",
              i == 0 ? first : second, clock->moves,
              clock->moves > 0 ? clock->seconds / clock->moves : 0, clock->max_seconds,
              tally->games > 0 ? clock->seconds / tally->games : 0);
    }
  fflush (stdout);
}

static gboolean
play_match (const char   *first,
            const char   *second,
            GPtrArray    *openings,
            MmAiWeights  *weights,
            Tally        *tally,
            GError      **error)
{
  g_autoptr(MmMatchPlayer) player_a = NULL;
  g_autoptr(MmMatchPlayer) player_b = NULL;
  MmMatchPlayer *players[2];
  FILE *ggf = NULL;

  MmMatchPlayerOptions options = {
    .weights = weights,
    .seed = (guint32) option_seed,
    .n_threads = option_threads,
    .zebra_dir = option_zebra,
    .engine_timeout = option_engine_timeout,
  };

  memset (tally, 0, sizeof *tally);
  player_a = mm_match_player_new (first, &options, error);
  if (player_a == NULL)
    return FALSE;
  options.seed += 7919;
  player_b = mm_match_player_new (second, &options, error);
  if (player_b == NULL)
    return FALSE;
  players[0] = player_a;
  players[1] = player_b;
  for (int i = 0; i < 2; i++)
    if (mm_match_player_get_startup_seconds (players[i]) > 0)
      printf ("%s starts in %.3f s, taken off each of its moves\n",
              mm_match_player_get_name (players[i]),
              mm_match_player_get_startup_seconds (players[i]));

  if (option_ggf != NULL)
    {
      ggf = fopen (option_ggf, "a");
      if (ggf == NULL)
        {
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "cannot write %s", option_ggf);
          return FALSE;
        }
    }

  for (int game = option_first; game < option_games; game++)
    {
      const Opening *opening = g_ptr_array_index (openings, game / 2);
      g_autoptr(MmGameRecord) record = NULL;
      int black = game % 2, black_discs, white_discs, first_discs, second_discs;

      if (!play_game (players, tally, black, opening, &black_discs, &white_discs, &record, error))
        {
          if (ggf != NULL)
            fclose (ggf);
          return FALSE;
        }

      first_discs = black == 0 ? black_discs : white_discs;
      second_discs = black == 0 ? white_discs : black_discs;
      tally->games++;
      tally->discs_first += first_discs;
      tally->discs_second += second_discs;
      if (first_discs > second_discs)
        {
          tally->wins++;
          tally->wins_as_black += black == 0;
        }
      else if (first_discs == second_discs)
        tally->draws++;
      else
        tally->losses++;

      if (option_verbose)
        {
          printf ("game %3d  %-*s  black %-14s %2d-%-2d white %-14s  %s %+d  (%d-%d-%d)\n",
                  game, 2 * opening->n_plies, opening->moves,
                  mm_match_player_get_name (players[black]), black_discs, white_discs,
                  mm_match_player_get_name (players[1 - black]), first, first_discs - second_discs,
                  tally->wins, tally->draws, tally->losses);
          fflush (stdout);
        }
      if (ggf != NULL)
        {
          g_autofree char *text = mm_ggf_write (record);

          fprintf (ggf, "%s\n", text);
          fflush (ggf);
        }
    }

  if (ggf != NULL)
    fclose (ggf);
  print_tally (first, second, tally);
  return TRUE;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GOptionContext) context = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) openings = NULL;
  g_autoptr(MmAiWeights) weights = NULL;
  g_autofree char *default_openings = NULL;
  Tally tally;

  /* An engine that goes mid-game is an error of that game's player, not
   * the end of the tool: a write to it fails instead of killing us. */
  signal (SIGPIPE, SIG_IGN);

  context = g_option_context_new ("PLAYER PLAYER | --ladder");
  g_option_context_set_summary (context,
    "Plays a match between two players from varied openings, each opening twice\n"
    "with the colours swapped, and prints wins, draws, losses and disc totals\n"
    "for the first player.  A player is a level (beginner, novice, intermediate,\n"
    "advanced, expert, master), a level with its seconds a move (master:1), a\n"
    "fixed depth (depth:8, or depth:8:12 to solve exactly from 12 empties), an\n"
    "engine speaking GTP (\"gtp:/usr/games/gtp-rhino -l 5\"), an engine speaking\n"
    "NBoard at a depth (\"nboard:8:old/monomachia-engine nboard --no-book\"), or\n"
    "Zebra run once a move (zebra:6, or zebra:6:10:12 to solve exactly from 10\n"
    "empties and for win/loss/draw from 12).\n"
    "Our own players search without Multi-ProbCut with \",full-width\" added\n"
    "(master:1,full-width).");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "monomachia-match: %s\n", error->message);
      return EXIT_FAILURE;
    }
  if ((option_ladder && argc != 1) || (!option_ladder && argc != 3))
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);

      fprintf (stderr, "%s", help);
      return EXIT_FAILURE;
    }
  if (option_games < 2 || option_games % 2 != 0 || option_first < 0 || option_first >= option_games
      || option_plies < 1 || option_plies > MAX_OPENING_PLIES
      || option_threads < 1 || option_threads > MM_SEARCH_MAX_THREADS
      || option_engine_timeout <= 0)
    {
      fprintf (stderr, "monomachia-match: give an even number of games, a first game below it "
               "and 1 to %d plies, and a timeout above 0\n", MAX_OPENING_PLIES);
      return EXIT_FAILURE;
    }

  weights = mm_ai_weights_load (option_eval, &error);
  if (weights == NULL)
    {
      fprintf (stderr, "monomachia-match: %s\n", error->message);
      return EXIT_FAILURE;
    }

  if (option_openings == NULL)
    default_openings = g_build_filename (MM_MATCH_SHARED_DATA_DIR, "wthor-games.txt.gz", NULL);
  if (option_random)
    openings = random_openings (option_plies, (guint) option_games / 2, (guint32) option_seed,
                                &error);
  else
    openings = read_openings (option_openings != NULL ? option_openings : default_openings,
                              option_plies, (guint) option_games / 2, &error);
  if (openings == NULL)
    {
      fprintf (stderr, "monomachia-match: %s\n", error->message);
      return EXIT_FAILURE;
    }

  printf ("%d games a pair from the %d %s %d-ply openings, colours swapped, seed %d, "
          "%d thread%s a search\n",
          option_games - option_first, option_games / 2, option_random ? "random" : "most played",
          option_plies, option_seed,
          option_threads, option_threads == 1 ? "" : "s");
  fflush (stdout);

  if (option_ladder)
    {
      for (int level = MM_AI_LEVEL_NOVICE; level < MM_AI_N_PLAY_LEVELS; level++)
        {
          if (!play_match (mm_ai_level_to_string (level), mm_ai_level_to_string (level - 1),
                           openings, weights, &tally, &error))
            {
              fprintf (stderr, "monomachia-match: %s\n", error->message);
              return EXIT_FAILURE;
            }
        }
      return EXIT_SUCCESS;
    }

  if (!play_match (argv[1], argv[2], openings, weights, &tally, &error))
    {
      fprintf (stderr, "monomachia-match: %s\n", error->message);
      return EXIT_FAILURE;
    }
  return EXIT_SUCCESS;
}
