/* test-ai-player.c
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

/* The computer player: the weights file and its errors, the levels (legal
 * moves in every phase of whole games, passes included; the chance of the
 * weak levels), the analysis of every move, and MmAiPlayer's worker:
 * progress, the minimum delay, and a cancel that returns at once. */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "mm-ai-level.h"
#include "mm-ai-player.h"
#include "mm-opening.h"
#include "mm-ai-weights.h"
#include "mm-analysis.h"
#include "mm-game.h"
#include "mm-test-ai.h"

/* A 1977 WTHOR game, 34-30, in which White passes twice. */
#define GAME_A \
  "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5" \
  "e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1"

/* A 1977 WTHOR game, 52-12. */
#define GAME_B \
  "f5f6e6f4f3d6c6d3g6e7g5d7c7h5c3h6e3b6c5d8c8b8a6b5g4d2e1c1f2h4a5e2f8b3f7g1h3h2g3a4" \
  "c4b4c2b1a3a7a8e8b7b2a1a2d1g8h8g2g7h7f1h1"

/* Every wait in the main loop gives up after this long. */

static MmAiWeights *weights;

/* ------------------------------------------------------------------ */
/* Helpers                                                            */
/* ------------------------------------------------------------------ */

/* The position after the first @n_plies moves of @transcript, passes
 * made where the side to move has no move. */
static MmBoard
position_of (const char *transcript,
             int         n_plies,
             MmColor    *side)
{
  MmBoard board;
  MmColor color = MM_COLOR_BLACK;

  mm_board_init_start (&board);
  for (int i = 0; i < n_plies; i++)
    {
      char name[3] = { transcript[2 * i], transcript[2 * i + 1], '\0' };
      int square = mm_square_parse (name);

      if (!mm_board_can_move (&board))
        {
          mm_board_pass (&board);
          color = mm_color_other (color);
        }
      g_assert_cmpuint (mm_board_flips (&board, square), !=, 0);
      mm_board_play (&board, square);
      color = mm_color_other (color);
    }
  if (side != NULL)
    *side = color;
  return board;
}

static void
assert_legal (const MmBoard  *board,
              const MmAiMove *move)
{
  if (mm_board_is_game_over (board))
    g_assert_cmpint (move->square, ==, MM_SQUARE_NONE);
  else if (!mm_board_can_move (board))
    g_assert_cmpint (move->square, ==, MM_SQUARE_PASS);
  else
    {
      g_assert_true (mm_square_is_valid (move->square));
      g_assert_cmpuint (mm_board_flips (board, move->square), !=, 0);
    }
}

static MmSearch *
new_search (void)
{
  MmSearch *search = mm_search_new ((size_t) 8 << 20);

  g_assert_nonnull (search);
  mm_search_set_weights (search, mm_ai_weights_get_eval (weights));
  return search;
}

static MmAiPlayer *
new_player (MmAiLevel level)
{
  return mm_test_ai_player_new (weights, level, 12345);
}
/* What an asynchronous call gave back. */
typedef struct
{
  gboolean  done;
  gboolean  ok;
  MmAiMove  move;
  GArray   *moves;
  GError   *error;
  gint64    when;
  guint     n_progress;
  int       last_depth;
} Outcome;

static void
outcome_clear (Outcome *outcome)
{
  g_clear_pointer (&outcome->moves, g_array_unref);
  g_clear_error (&outcome->error);
  memset (outcome, 0, sizeof *outcome);
}

static void
on_move (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  Outcome *outcome = user_data;

  outcome->ok = mm_ai_player_choose_move_finish (MM_AI_PLAYER (source), result,
                                                 &outcome->move, &outcome->error);
  outcome->when = g_get_monotonic_time ();
  outcome->done = TRUE;
}

static void
on_hint (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  Outcome *outcome = user_data;

  outcome->ok = mm_ai_player_hint_finish (MM_AI_PLAYER (source), result,
                                          &outcome->move, &outcome->error);
  outcome->when = g_get_monotonic_time ();
  outcome->done = TRUE;
}

static void
on_analysis (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  Outcome *outcome = user_data;

  outcome->moves = mm_ai_player_analyse_finish (MM_AI_PLAYER (source), result, &outcome->error);
  outcome->ok = outcome->moves != NULL;
  outcome->when = g_get_monotonic_time ();
  outcome->done = TRUE;
}

static void
on_review (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Outcome *outcome = user_data;

  outcome->moves = mm_ai_player_review_finish (MM_AI_PLAYER (source), result, &outcome->error);
  outcome->ok = outcome->moves != NULL;
  outcome->when = g_get_monotonic_time ();
  outcome->done = TRUE;
}

static void
on_review_progress (MmAiPlayer *player,
                    GArray     *entries,
                    guint       index,
                    Outcome    *outcome)
{
  /* From the end of the game back to its start, one position at a time. */
  g_assert_cmpuint (index, ==, entries->len - 1 - outcome->n_progress);
  g_assert_cmpint (g_array_index (entries, MmReviewEntry, index).depth, >=, 0);
  outcome->n_progress++;
}

static void
on_progress (MmAiPlayer     *player,
             const MmAiMove *best,
             Outcome        *outcome)
{
  g_assert_cmpint (best->depth, >, outcome->last_depth);
  outcome->last_depth = best->depth;
  outcome->n_progress++;
}

static void
on_analysis_progress (MmAiPlayer *player,
                      GArray     *moves,
                      int         depth,
                      Outcome    *outcome)
{
  g_assert_cmpuint (moves->len, >, 0);
  g_assert_cmpint (depth, >, outcome->last_depth);
  for (guint i = 1; i < moves->len; i++)
    g_assert_cmpint (g_array_index (moves, MmAiMove, i - 1).score, >=,
                     g_array_index (moves, MmAiMove, i).score);
  outcome->last_depth = depth;
  outcome->n_progress++;
}

/* ------------------------------------------------------------------ */
/* Weights                                                            */
/* ------------------------------------------------------------------ */

static void
test_weights_missing (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmAiWeights) missing = NULL;

  missing = mm_ai_weights_load ("/nonexistent/monomachia/eval.mmw", &error);
  g_assert_null (missing);
  g_assert_error (error, MM_AI_ERROR, MM_AI_ERROR_NO_WEIGHTS);
  g_assert_nonnull (strstr (error->message, "/nonexistent/monomachia/eval.mmw"));
}

/* A weights file with one byte changed, one cut short and one that is
 * not a weights file at all. */
static void
test_weights_damaged (void)
{
  g_autofree char *dir = g_dir_make_tmp ("monomachia-weights-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "eval.mmw", NULL);
  g_autofree char *data = NULL;
  gsize length = 0;

  g_assert_true (g_file_get_contents (mm_ai_weights_get_path (weights), &data, &length, NULL));
  g_assert_cmpuint (length, >, 1000);

  for (int variant = 0; variant < 3; variant++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MmAiWeights) damaged = NULL;
      g_autofree char *copy = g_memdup2 (data, length);
      gsize copy_length = length;

      if (variant == 0)
        copy[length / 2] ^= 0x10;
      else if (variant == 1)
        copy_length = length - 100;
      else
        {
          memcpy (copy, "This is not a weights file.\n", 28);
          copy_length = 28;
        }
      g_assert_true (g_file_set_contents (path, copy, (gssize) copy_length, NULL));

      damaged = mm_ai_weights_load (path, &error);
      g_assert_null (damaged);
      g_assert_error (error, MM_AI_ERROR, MM_AI_ERROR_BAD_WEIGHTS);
      g_assert_nonnull (strstr (error->message, path));
    }

  g_remove (path);
  g_rmdir (dir);
}

/* $MONOMACHIA_EVAL comes first, and a player without weights is an
 * error, not a player. */
static void
test_weights_environment (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(MmAiPlayer) player = NULL;

      g_setenv ("MONOMACHIA_EVAL", "/nonexistent/monomachia/eval.mmw", TRUE);
      player = mm_ai_player_new (NULL, &error);
      g_assert_null (player);
      g_assert_error (error, MM_AI_ERROR, MM_AI_ERROR_NO_WEIGHTS);
      g_clear_error (&error);

      g_setenv ("MONOMACHIA_EVAL", mm_ai_weights_get_path (weights), TRUE);
      player = mm_ai_player_new (NULL, &error);
      g_assert_no_error (error);
      g_assert_nonnull (player);
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

/* ------------------------------------------------------------------ */
/* Levels                                                             */
/* ------------------------------------------------------------------ */

static void
test_level_table (void)
{
  for (int level = 0; level < MM_AI_N_LEVELS; level++)
    {
      MmAiLevelParams params;
      MmAiLevel parsed;

      mm_ai_level_get_params (level, &params);
      g_assert_true (mm_ai_level_from_string (mm_ai_level_to_string (level), &parsed));
      g_assert_cmpint (parsed, ==, level);
      g_assert_nonnull (mm_ai_level_get_name (level));
      g_assert_nonnull (mm_ai_level_get_description (level));

      if (level == MM_AI_LEVEL_ANALYSIS)
        {
          g_assert_cmpint (params.limits.max_depth, ==, 0);
          g_assert_cmpfloat (params.limits.max_seconds, ==, 0);
          continue;
        }
      /* Every playing level is bounded in time: a few seconds at most. */
      g_assert_cmpfloat (params.limits.max_seconds, >, 0);
      g_assert_cmpfloat (params.limits.max_seconds, <=, 5);
      if (level > 0)
        {
          MmAiLevelParams below;

          mm_ai_level_get_params (level - 1, &below);
          g_assert_cmpint (params.noise_margin, <=, below.noise_margin);
          g_assert_true (params.limits.max_depth == 0
                         || params.limits.max_depth > below.limits.max_depth);
        }
    }
  g_assert_false (mm_ai_level_from_string ("grandmaster", NULL));
}

/* The weak levels choose among the good moves only, the best most often. */
static void
test_level_choose (void)
{
  g_autoptr(GArray) moves = g_array_new (FALSE, TRUE, sizeof (MmAiMove));
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  const int scores[] = { 10, 8, 5, -20, -40 };
  guint counts[G_N_ELEMENTS (scores)] = { 0 };
  MmAiLevelParams params;

  for (guint i = 0; i < G_N_ELEMENTS (scores); i++)
    {
      MmAiMove move = { .square = (int) i, .score = scores[i] * MM_EVAL_SCALE };

      g_array_append_val (moves, move);
    }

  mm_ai_level_get_params (MM_AI_LEVEL_BEGINNER, &params);
  params.noise_margin = 12 * MM_EVAL_SCALE;
  params.noise_temperature = 4 * MM_EVAL_SCALE;
  for (int i = 0; i < 4000; i++)
    counts[mm_ai_level_choose (&params, moves, rand)]++;
  g_assert_cmpuint (counts[0], >, counts[1]);
  g_assert_cmpuint (counts[1], >, counts[2]);
  g_assert_cmpuint (counts[2], >, 0);
  g_assert_cmpuint (counts[3], ==, 0);
  g_assert_cmpuint (counts[4], ==, 0);

  mm_ai_level_get_params (MM_AI_LEVEL_ADVANCED, &params);
  for (int i = 0; i < 100; i++)
    g_assert_cmpuint (mm_ai_level_choose (&params, moves, rand), ==, 0);
}

/* One whole game between two levels, every move checked, passes too. */
static void
play_levels (MmAiLevel   black,
             MmAiLevel   white,
             const char *opening,
             double      max_seconds)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  MmSearch *searches[2] = { new_search (), new_search () };
  MmAiLevelParams params[2];
  MmColor color;
  MmBoard board = position_of (opening, (int) strlen (opening) / 2, &color);
  int n_moves = 0;

  mm_ai_level_get_params (black, &params[MM_COLOR_BLACK]);
  mm_ai_level_get_params (white, &params[MM_COLOR_WHITE]);
  for (int i = 0; i < 2; i++)
    if (max_seconds > 0)
      params[i].limits.max_seconds = max_seconds;

  for (;;)
    {
      MmAiMove move;

      g_assert_true (mm_ai_level_think (&params[color], searches[color],
                                        mm_ai_weights_get_eval (weights), &board, rand,
                                        NULL, NULL, NULL, &move));
      assert_legal (&board, &move);
      if (move.square == MM_SQUARE_NONE)
        break;
      if (move.square == MM_SQUARE_PASS)
        mm_board_pass (&board);
      else
        mm_board_play (&board, move.square);
      color = mm_color_other (color);
      g_assert_cmpint (++n_moves, <=, 70);
    }
  g_assert_true (mm_board_is_game_over (&board));

  mm_search_free (searches[0]);
  mm_search_free (searches[1]);
}

static void
test_level_games (void)
{
  play_levels (MM_AI_LEVEL_BEGINNER, MM_AI_LEVEL_NOVICE, "", 0);
  play_levels (MM_AI_LEVEL_NOVICE, MM_AI_LEVEL_BEGINNER, "f5d6c3d3c4f4", 0);
  play_levels (MM_AI_LEVEL_INTERMEDIATE, MM_AI_LEVEL_NOVICE, "f5f6e6f4", 0);
  play_levels (MM_AI_LEVEL_NOVICE, MM_AI_LEVEL_INTERMEDIATE, "f5d6c5f4e3c6", 0);
  play_levels (MM_AI_LEVEL_ADVANCED, MM_AI_LEVEL_INTERMEDIATE, "f5f4e3f6d3", 0);
  /* The strong levels with a short time, so that the test stays quick. */
  play_levels (MM_AI_LEVEL_MASTER, MM_AI_LEVEL_EXPERT, "f5d6c3d3c4f4f6f3e6e7", 0.05);
}

/* Every level passes when it must and finds nothing when the game is
 * over; every level finds a legal move in the opening, the midgame and
 * the endgame of two real games. */
static void
test_level_phases (void)
{
  const char *games[] = { GAME_A, GAME_B };
  int n_passes = 0;

  for (int level = 0; level < MM_AI_N_PLAY_LEVELS; level++)
    {
      MmSearch *search = new_search ();
      g_autoptr(GRand) rand = g_rand_new_with_seed ((guint32) level);
      MmAiLevelParams params;

      mm_ai_level_get_params (level, &params);
      params.limits.max_seconds = MIN (params.limits.max_seconds, 0.05);

      for (guint g = 0; g < G_N_ELEMENTS (games); g++)
        {
          int n_plies = (int) strlen (games[g]) / 2;

          for (int ply = 0; ply <= n_plies; ply++)
            {
              MmBoard board = position_of (games[g], ply, NULL);
              gboolean must_pass = !mm_board_can_move (&board) && !mm_board_is_game_over (&board);
              MmAiMove move;

              /* Every pass, the end, and a few positions of each phase. */
              if (!must_pass && ply != n_plies && ply % 9 != 0 && ply < n_plies - 4)
                continue;
              g_assert_true (mm_ai_level_think (&params, search, mm_ai_weights_get_eval (weights),
                                                &board, rand, NULL, NULL, NULL, &move));
              assert_legal (&board, &move);
              n_passes += must_pass;
            }
        }
      mm_search_free (search);
    }
  /* Both games have passes (White passes twice in GAME_A), seen by
   * every level. */
  g_assert_cmpint (n_passes, >=, 2 * MM_AI_N_PLAY_LEVELS);
  g_assert_cmpint (n_passes % MM_AI_N_PLAY_LEVELS, ==, 0);
}

/* ------------------------------------------------------------------ */
/* Analysis                                                           */
/* ------------------------------------------------------------------ */

static void
count_depths (GArray   *moves,
              int       depth,
              gpointer  user_data)
{
  int *last = user_data;

  g_assert_cmpint (depth, ==, *last + 1);
  *last = depth;
}

/* Every legal move gets a score; near the end the scores are exact and
 * the best is the solver's. */
static void
test_analysis_scores (void)
{
  MmSearch *search = new_search ();
  MmSearchLimits limits = { 4, 0, 0 };
  MmBoard board = position_of (GAME_B, 20, NULL);
  g_autoptr(GArray) moves = NULL;
  g_autoptr(GArray) end_moves = NULL;
  MmSolveResult solved;
  int last = 0;

  moves = mm_analysis_run (search, mm_ai_weights_get_eval (weights), &board, &limits, NULL,
                           count_depths, &last);
  g_assert_cmpint (last, ==, 4);
  g_assert_cmpuint (moves->len, ==, mm_popcount (mm_board_legal_moves (&board)));
  for (guint i = 0; i < moves->len; i++)
    {
      MmAiMove *move = &g_array_index (moves, MmAiMove, i);

      g_assert_cmpuint (mm_board_flips (&board, move->square), !=, 0);
      g_assert_cmpint (move->depth, ==, 4);
      if (i > 0)
        g_assert_cmpint (g_array_index (moves, MmAiMove, i - 1).score, >=, move->score);
    }

  board = position_of (GAME_B, 50, NULL);
  limits.max_depth = 0;
  limits.exact_empties = 14;
  end_moves = mm_analysis_run (search, mm_ai_weights_get_eval (weights), &board, &limits, NULL,
                               NULL, NULL);
  mm_endgame_solve (search, &board, &solved);
  g_assert_cmpuint (end_moves->len, >, 1);
  for (guint i = 0; i < end_moves->len; i++)
    g_assert_true (g_array_index (end_moves, MmAiMove, i).exact);
  g_assert_cmpint (g_array_index (end_moves, MmAiMove, 0).score, ==, solved.score * MM_EVAL_SCALE);

  mm_search_free (search);
}

/* The four first moves of a game are alike (the board's symmetries map
 * one onto another), so the analysis gives them one score, even where
 * play searches with Multi-ProbCut, whose cuts depend on the moves
 * searched before; the search's own setting comes back after. */
static void
test_analysis_symmetric_moves (void)
{
  MmSearch *search = new_search ();
  MmSearchLimits limits = { 9, 0, 0 };
  MmBoard board;
  g_autoptr(GArray) moves = NULL;

  mm_board_init_start (&board);
  g_assert_cmpfloat (mm_search_get_probcut (search), >, 0);
  moves = mm_analysis_run (search, mm_ai_weights_get_eval (weights), &board, &limits, NULL,
                           NULL, NULL);
  g_assert_cmpuint (moves->len, ==, 4);
  for (guint i = 1; i < moves->len; i++)
    g_assert_cmpint (g_array_index (moves, MmAiMove, i).score, ==,
                     g_array_index (moves, MmAiMove, 0).score);
  g_assert_cmpfloat (mm_search_get_probcut (search), ==, MM_SEARCH_DEFAULT_PROBCUT);
  mm_search_free (search);
}

/* Random balanced openings: legal, of the length asked, close to even
 * by a deeper search too, and not always the same. */
static void
test_random_openings (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  MmSearch *search = new_search ();

  for (int i = 0; i < 10; i++)
    {
      int moves[MM_OPENING_PLIES];
      int score = G_MAXINT;
      g_autoptr(GString) text = g_string_new (NULL);
      MmSearchLimits limits = { 10, 0, 0 };
      MmSearchResult result;
      MmBoard board;

      g_assert_cmpuint (mm_opening_random_balanced (mm_ai_weights_get_eval (weights), rand,
                                                    MM_OPENING_PLIES, MM_OPENING_MAX_SCORE,
                                                    moves, &score),
                        ==, MM_OPENING_PLIES);
      g_assert_cmpint (ABS (score), <=, MM_OPENING_MAX_SCORE);
      mm_board_init_start (&board);
      for (int k = 0; k < MM_OPENING_PLIES; k++)
        {
          char name[3];

          g_assert_cmpuint (mm_board_flips (&board, moves[k]), !=, 0);
          mm_board_play (&board, moves[k]);
          mm_square_format (moves[k], name);
          g_string_append (text, name);
        }
      g_hash_table_add (seen, g_string_free (g_steal_pointer (&text), FALSE));
      /* Fair by a deeper look too, within a few discs. */
      mm_search_clear (search);
      mm_search_run (search, &board, &limits, NULL, NULL, &result);
      g_assert_cmpint (ABS (result.score), <=, 6 * MM_EVAL_SCALE);
    }
  g_assert_cmpuint (g_hash_table_size (seen), >=, 9);
  mm_search_free (search);
}

static void
test_format_score (void)
{
  const struct { int score; gboolean exact; const char *text; } cases[] = {
    { 4 * MM_EVAL_SCALE, TRUE, "+4" },
    { -10 * MM_EVAL_SCALE, TRUE, "-10" },
    { 0, TRUE, "0" },
    { 0, FALSE, "0.0" },
    { 3 * MM_EVAL_SCALE + MM_EVAL_SCALE / 2, FALSE, "+3.5" },
    { -MM_EVAL_SCALE / 2, FALSE, "-0.5" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = mm_ai_format_score (cases[i].score, cases[i].exact);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* ------------------------------------------------------------------ */
/* MmAiPlayer                                                         */
/* ------------------------------------------------------------------ */

static void
test_player_move (void)
{
  g_autoptr(MmAiPlayer) player = new_player (MM_AI_LEVEL_ADVANCED);
  MmBoard board = position_of (GAME_A, 12, NULL);
  Outcome outcome = { 0 };

  g_signal_connect (player, "progress", G_CALLBACK (on_progress), &outcome);
  g_assert_false (mm_ai_player_get_busy (player));
  mm_ai_player_choose_move_async (player, &board, NULL, on_move, &outcome);
  g_assert_true (mm_ai_player_get_busy (player));
  mm_test_ai_wait_until (&outcome.done);

  g_assert_no_error (outcome.error);
  g_assert_true (outcome.ok);
  assert_legal (&board, &outcome.move);
  g_assert_false (mm_ai_player_get_busy (player));
  /* Advanced searches six plies deep: a report after every depth. */
  g_assert_cmpuint (outcome.n_progress, >=, 2);
  g_assert_cmpint (outcome.move.depth, ==, outcome.last_depth);
  outcome_clear (&outcome);
}

/* The positions where a side must pass, and a finished game. */
static void
test_player_pass (void)
{
  g_autoptr(MmAiPlayer) player = new_player (MM_AI_LEVEL_MASTER);
  int n_plies = (int) strlen (GAME_A) / 2;
  int n_passes = 0;

  for (int ply = 0; ply <= n_plies; ply++)
    {
      MmBoard board = position_of (GAME_A, ply, NULL);
      Outcome outcome = { 0 };

      if (mm_board_can_move (&board) && ply != n_plies)
        continue;
      mm_ai_player_choose_move_async (player, &board, NULL, on_move, &outcome);
      mm_test_ai_wait_until (&outcome.done);
      g_assert_true (outcome.ok);
      assert_legal (&board, &outcome.move);
      n_passes += outcome.move.square == MM_SQUARE_PASS;
      outcome_clear (&outcome);
    }
  g_assert_cmpint (n_passes, >=, 2);
}

/* A search without limits, cancelled: the callback comes at once and
 * says so, and the player is ready for the next move straight away. */
static void
test_player_cancel (void)
{
  g_autoptr(MmAiPlayer) player = new_player (MM_AI_LEVEL_BEGINNER);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  MmBoard board = position_of (GAME_B, 16, NULL);
  Outcome outcome = { 0 };
  gint64 cancelled_at, give_up;

  for (int round = 0; round < 2; round++)
    {
      mm_ai_player_hint_async (player, &board, MM_AI_LEVEL_ANALYSIS,
                               round == 0 ? NULL : cancellable, on_hint, &outcome);
      give_up = g_get_monotonic_time () + G_USEC_PER_SEC / 5;
      while (g_get_monotonic_time () < give_up)
        g_main_context_iteration (NULL, FALSE);
      g_assert_false (outcome.done);

      cancelled_at = g_get_monotonic_time ();
      if (round == 0)
        mm_ai_player_stop (player);
      else
        g_cancellable_cancel (cancellable);
      mm_test_ai_wait_until (&outcome.done);
      g_assert_false (outcome.ok);
      g_assert_error (outcome.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      g_assert_cmpint (outcome.when - cancelled_at, <, G_USEC_PER_SEC / 10);
      g_assert_false (mm_ai_player_get_busy (player));
      outcome_clear (&outcome);

      /* The next job gets the search as soon as the old one lets go. */
      mm_ai_player_choose_move_async (player, &board, NULL, on_move, &outcome);
      mm_test_ai_wait_until (&outcome.done);
      g_assert_true (outcome.ok);
      assert_legal (&board, &outcome.move);
      g_assert_cmpint (outcome.when - cancelled_at, <, G_USEC_PER_SEC);
      outcome_clear (&outcome);
    }
}

/* A new job cancels the one in progress. */
static void
test_player_replace (void)
{
  g_autoptr(MmAiPlayer) player = new_player (MM_AI_LEVEL_NOVICE);
  MmBoard board = position_of (GAME_B, 24, NULL);
  Outcome first = { 0 }, second = { 0 };

  mm_ai_player_analyse_async (player, &board, NULL, NULL, on_analysis, &first);
  mm_ai_player_choose_move_async (player, &board, NULL, on_move, &second);
  mm_test_ai_wait_until (&first.done);
  mm_test_ai_wait_until (&second.done);
  g_assert_error (first.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_true (second.ok);
  assert_legal (&board, &second.move);
  outcome_clear (&first);
  outcome_clear (&second);
}

/* A quick move waits for the minimum delay; a cancel ends the wait. */
static void
test_player_delay (void)
{
  g_autoptr(MmAiPlayer) player = new_player (MM_AI_LEVEL_BEGINNER);
  MmBoard board = position_of (GAME_A, 10, NULL);
  Outcome outcome = { 0 };
  gint64 started, cancelled_at, give_up;

  mm_ai_player_set_min_delay (player, 300);
  started = g_get_monotonic_time ();
  mm_ai_player_choose_move_async (player, &board, NULL, on_move, &outcome);
  mm_test_ai_wait_until (&outcome.done);
  g_assert_true (outcome.ok);
  g_assert_cmpint (outcome.when - started, >=, 300 * 1000);
  outcome_clear (&outcome);

  mm_ai_player_set_min_delay (player, 5000);
  mm_ai_player_choose_move_async (player, &board, NULL, on_move, &outcome);
  give_up = g_get_monotonic_time () + G_USEC_PER_SEC / 5;
  while (g_get_monotonic_time () < give_up)
    g_main_context_iteration (NULL, FALSE);
  g_assert_false (outcome.done);
  cancelled_at = g_get_monotonic_time ();
  mm_ai_player_stop (player);
  mm_test_ai_wait_until (&outcome.done);
  g_assert_error (outcome.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpint (outcome.when - cancelled_at, <, G_USEC_PER_SEC / 10);
  outcome_clear (&outcome);
}

static void
test_player_analyse (void)
{
  g_autoptr(MmAiPlayer) player = new_player (MM_AI_LEVEL_MASTER);
  MmSearchLimits limits = { 3, 0, 0 };
  MmBoard board = position_of (GAME_A, 20, NULL);
  Outcome outcome = { 0 };

  g_signal_connect (player, "analysis-progress", G_CALLBACK (on_analysis_progress), &outcome);
  mm_ai_player_analyse_async (player, &board, &limits, NULL, on_analysis, &outcome);
  mm_test_ai_wait_until (&outcome.done);
  g_assert_no_error (outcome.error);
  g_assert_cmpuint (outcome.moves->len, ==, mm_popcount (mm_board_legal_moves (&board)));
  g_assert_cmpuint (outcome.n_progress, ==, 3);
  g_assert_cmpint (outcome.last_depth, ==, 3);
  outcome_clear (&outcome);
}

/* "Analyse Game": every position of GAME_A (passes included) gets its
 * best move and score and what the move played lost. */
static void
test_player_review (void)
{
  g_autoptr(MmAiPlayer) player = new_player (MM_AI_LEVEL_MASTER);
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  MmSearchLimits limits = { 3, 0, 10 };
  int n_plies = (int) strlen (GAME_A) / 2;
  Outcome outcome = { 0 };
  guint n_positions, n_passes = 0, n_exact = 0;

  for (int i = 0; i < n_plies; i++)
    {
      char name[3] = { GAME_A[2 * i], GAME_A[2 * i + 1], '\0' };

      g_assert_true (mm_game_record_play (record, mm_square_parse (name), NULL, NULL, NULL));
    }
  n_positions = mm_game_record_get_n_moves (record) + 1;

  g_signal_connect (player, "review-progress", G_CALLBACK (on_review_progress), &outcome);
  mm_ai_player_review_async (player, record, &limits, NULL, on_review, &outcome);
  mm_test_ai_wait_until (&outcome.done);
  g_assert_no_error (outcome.error);
  g_assert_cmpuint (outcome.moves->len, ==, n_positions);
  g_assert_cmpuint (outcome.n_progress, ==, n_positions);

  for (guint i = 0; i < n_positions; i++)
    {
      MmReviewEntry *entry = &g_array_index (outcome.moves, MmReviewEntry, i);

      g_assert_cmpint (entry->depth, >=, 0);
      /* No game ends beyond 64 discs, so neither does a score. */
      g_assert_cmpint (ABS (entry->score), <=, MM_SCORE_MAX * MM_EVAL_SCALE);
      g_assert_cmpint (ABS (entry->move_score), <=, MM_SCORE_MAX * MM_EVAL_SCALE);
      g_assert_cmpint (entry->color, ==, i == 0 ? MM_COLOR_BLACK
                       : mm_color_other (g_array_index (outcome.moves, MmReviewEntry, i - 1).color));
      if (entry->move == entry->best_move)
        g_assert_cmpint (entry->move_score, ==, entry->score);
      if (entry->exact)
        {
          /* Perfect play loses nothing; no move does better. */
          g_assert_cmpint (entry->move_score, <=, entry->score);
          n_exact++;
        }
      n_passes += entry->move == MM_SQUARE_PASS;
    }
  g_assert_cmpint (g_array_index (outcome.moves, MmReviewEntry, n_positions - 1).move, ==,
                   MM_SQUARE_NONE);
  g_assert_true (g_array_index (outcome.moves, MmReviewEntry, n_positions - 1).exact);
  g_assert_cmpuint (n_passes, ==, 2);
  g_assert_cmpuint (n_exact, >=, 10);
  outcome_clear (&outcome);
}

/* Two players play a whole game through MmGame, as the window will. */
static void
test_player_game (void)
{
  g_autoptr(MmGame) game = mm_game_new ();
  g_autoptr(MmAiPlayer) black = new_player (MM_AI_LEVEL_NOVICE);
  g_autoptr(MmAiPlayer) white = new_player (MM_AI_LEVEL_INTERMEDIATE);

  while (!mm_game_is_over (game))
    {
      MmAiPlayer *player = mm_game_get_side_to_move (game) == MM_COLOR_BLACK ? black : white;
      MmBoard board = mm_game_get_board (game);
      Outcome outcome = { 0 };
      g_autoptr(GError) error = NULL;

      mm_ai_player_choose_move_async (player, &board, NULL, on_move, &outcome);
      mm_test_ai_wait_until (&outcome.done);
      g_assert_true (outcome.ok);
      /* MmGame passes by itself: the player never sees a pass here. */
      g_assert_true (mm_square_is_valid (outcome.move.square));
      g_assert_true (mm_game_play (game, outcome.move.square, &error));
      g_assert_no_error (error);
      outcome_clear (&outcome);
    }
  g_assert_cmpuint (mm_game_get_black_count (game) + mm_game_get_white_count (game), <=, 64);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  weights = mm_ai_weights_load (MM_EVAL_SOURCE_PATH, &error);
  g_assert_no_error (error);

  g_test_add_func ("/ai/weights/missing", test_weights_missing);
  g_test_add_func ("/ai/weights/damaged", test_weights_damaged);
  g_test_add_func ("/ai/weights/environment", test_weights_environment);
  g_test_add_func ("/ai/level/table", test_level_table);
  g_test_add_func ("/ai/level/choose", test_level_choose);
  g_test_add_func ("/ai/level/games", test_level_games);
  g_test_add_func ("/ai/level/phases", test_level_phases);
  g_test_add_func ("/ai/analysis/scores", test_analysis_scores);
  g_test_add_func ("/ai/analysis/format", test_format_score);
  g_test_add_func ("/ai/analysis/symmetric-moves", test_analysis_symmetric_moves);
  g_test_add_func ("/ai/opening/random-balanced", test_random_openings);
  g_test_add_func ("/ai/player/move", test_player_move);
  g_test_add_func ("/ai/player/pass", test_player_pass);
  g_test_add_func ("/ai/player/cancel", test_player_cancel);
  g_test_add_func ("/ai/player/replace", test_player_replace);
  g_test_add_func ("/ai/player/delay", test_player_delay);
  g_test_add_func ("/ai/player/analyse", test_player_analyse);
  g_test_add_func ("/ai/player/review", test_player_review);
  g_test_add_func ("/ai/player/game", test_player_game);

  status = g_test_run ();
  mm_ai_weights_unref (weights);
  return status;
}
