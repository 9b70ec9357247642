/* test-train.c
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

/* The trainer's parts that need no data (the record replay, the symmetry
 * tying, the match tool's search), the committed weights file, and the
 * loader's refusal of damaged weights files. */

#include <glib/gstdio.h>
#include <string.h>

#include "mm-train-fit.h"
#include "mm-train-games.h"
#include "mm-train-match.h"
#include "train-test-util.h"

/* The first game of the archive. */
static const char first_game[] =
  "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1"
  "a3a6a5e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1 34-30 1977";

static void
test_replay (void)
{
  MmTrainGame game;
  MmTrainPosition positions[MM_TRAIN_MAX_MOVES + 1];
  g_autofree char *wrong_count = g_strdup (first_game);
  g_autofree char *illegal = g_strdup (first_game);
  int n;

  g_assert_true (mm_train_game_parse (first_game, &game));
  g_assert_cmpint (game.n_moves, ==, 60);
  g_assert_cmpint (game.black, ==, 34);
  g_assert_cmpint (game.white, ==, 30);
  g_assert_cmpint (game.year, ==, 1977);
  g_assert_cmpint (mm_train_game_result (&game), ==, 4);

  n = mm_train_game_replay (&game, positions);
  g_assert_cmpint (n, ==, 61);
  g_assert_cmpint (positions[0].color, ==, MM_COLOR_BLACK);
  g_assert_cmpint (positions[1].color, ==, MM_COLOR_WHITE);
  g_assert_true (mm_board_is_game_over (&positions[60].board));

  /* A record whose count the replay does not reach is refused, and so is
   * one with an illegal move (d5 is taken at the start). */
  memcpy (strstr (wrong_count, "34-30"), "35-29", 5);
  g_assert_false (mm_train_game_parse (wrong_count, &game));
  memcpy (illegal, "d5", 2);
  g_assert_false (mm_train_game_parse (illegal, &game));
  g_assert_false (mm_train_game_parse ("f5d6 garbage", &game));
}

/* Empty squares go to the winner, as in the solver's scores. */
static void
test_result_convention (void)
{
  MmTrainGame game = { .black = 40, .white = 20 };

  g_assert_cmpint (mm_train_game_result (&game), ==, 24);
  game.black = 13;
  game.white = 0;
  g_assert_cmpint (mm_train_game_result (&game), ==, 64);
  game.black = 30;
  game.white = 30;
  g_assert_cmpint (mm_train_game_result (&game), ==, 0);
}

/* The canonical map only ever points down, to a weight that points to
 * itself; and for an edge, reading it from the other end is the same. */
static void
test_canonical_map (void)
{
  g_autofree guint32 *canonical = mm_train_canonical_map ();
  gsize size = mm_eval_stage_size ();
  gsize edge = mm_eval_pattern_offset (2);
  gsize n_shared = 0;

  for (gsize k = 0; k < size; k++)
    {
      g_assert_cmpuint (canonical[k], <=, k);
      g_assert_cmpuint (canonical[canonical[k]], ==, canonical[k]);
      n_shared += canonical[k] != k;
    }
  g_assert_cmpuint (n_shared, >, 0);

  /* edge-2x reads b2, a1..h1, g2; its mirror reads g2, h1..a1, b2.  A
   * player's disc on b2 (digit 1 first, index 3^9) is the same as one on
   * g2 (the last digit, index 1). */
  g_assert_cmpuint (canonical[edge + 19683], ==, canonical[edge + 1]);
}

static void
test_search (void)
{
  MmTrainEvaluator simple = mm_train_evaluator_simple ();
  MmBoard board;
  guint64 nodes = 0;
  int score, move;

  mm_board_init_start (&board);
  for (int ply = 0; ply < 70; ply++)
    {
      move = mm_train_search_best_move (&simple, &board, 3, &score, &nodes);
      if (move == MM_SQUARE_NONE)
        break;
      if (move == MM_SQUARE_PASS)
        {
          g_assert_false (mm_board_can_move (&board));
          mm_board_pass (&board);
          continue;
        }
      g_assert_true (mm_board_legal_moves (&board) & (G_GUINT64_CONSTANT (1) << move));
      mm_board_play (&board, move);
    }
  g_assert_true (mm_board_is_game_over (&board));
  g_assert_cmpuint (nodes, >, 0);

  /* Black a1, white b1, c1 empty, the rest black: c1 wins 63-1 with
   * empties to the winner; the search sees it as 64 discs. */
  board.player = ~G_GUINT64_CONSTANT (0x6);
  board.opponent = G_GUINT64_CONSTANT (0x2);
  move = mm_train_search_best_move (&simple, &board, 1, &score, &nodes);
  g_assert_cmpint (move, ==, 2);
  g_assert_cmpint (score, ==, 64 * MM_EVAL_SCALE);
}

/* The weights file committed in data/eval loads, is symmetric and thinks
 * the start position is about even. */
static void
test_committed_weights (void)
{
  g_autofree char *path = g_build_filename (MM_TEST_SOURCE_ROOT, "data", "eval", "eval.mmw",
                                            NULL);
  MmEvalError error = MM_EVAL_OK;
  MmEvalWeights *weights;
  MmBoard start;
  int score;

  weights = mm_eval_weights_load (path, &error);
  g_assert_cmpstr (mm_eval_error_message (error), ==, mm_eval_error_message (MM_EVAL_OK));
  g_assert_nonnull (weights);

  mm_board_init_start (&start);
  score = mm_eval (weights, start.player, start.opponent);
  g_assert_cmpint (ABS (score), <, 4 * MM_EVAL_SCALE);
  train_test_assert_symmetric (weights);
  mm_eval_weights_free (weights);
}

/* A small but not trivial weights file, in memory. */
static GBytes *
sample_file (void)
{
  MmEvalWeights *weights = mm_eval_weights_new_zero ();
  gsize length;
  guint8 *data;

  for (int stage = 0; stage < MM_EVAL_N_STAGES; stage++)
    {
      gint16 *w = mm_eval_weights_stage (weights, stage);

      for (gsize k = 0; k < mm_eval_stage_size (); k += 97)
        w[k] = (gint16) ((int) (k % 200) - 100 + stage);
    }
  length = mm_eval_weights_serialize (weights, NULL, 0);
  data = g_malloc (length);
  g_assert_cmpuint (mm_eval_weights_serialize (weights, data, length), ==, length);
  mm_eval_weights_free (weights);
  return g_bytes_new_take (data, length);
}

static MmEvalError
load_bytes (const guint8 *data,
            gsize         length)
{
  MmEvalError error = MM_EVAL_OK;
  MmEvalWeights *weights = mm_eval_weights_from_data (data, length, &error);

  g_assert_true ((weights != NULL) == (error == MM_EVAL_OK));
  mm_eval_weights_free (weights);
  return error;
}

/* Through a real file, as the program reads it: the error code and a
 * message that says what is wrong. */
static MmEvalError
load_through_file (const guint8 *data,
                   gsize         length,
                   const char   *expected_words)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  MmEvalError code = MM_EVAL_OK;
  MmEvalWeights *weights;
  int fd = g_file_open_tmp ("mm-eval-XXXXXX.mmw", &path, &error);

  g_assert_no_error (error);
  g_close (fd, NULL);
  g_file_set_contents (path, (const char *) data, (gssize) length, &error);
  g_assert_no_error (error);
  weights = mm_eval_weights_load (path, &code);
  g_unlink (path);
  g_assert_null (weights);
  g_assert_nonnull (strstr (mm_eval_error_message (code), expected_words));
  return code;
}

static void
test_load_rejects_damage (void)
{
  g_autoptr(GBytes) file = sample_file ();
  gsize length = g_bytes_get_size (file);
  g_autofree guint8 *data = g_memdup2 (g_bytes_get_data (file, NULL), length);
  MmEvalError code = MM_EVAL_OK;

  g_assert_cmpint (load_bytes (data, length), ==, MM_EVAL_OK);

  /* Truncated: cut anywhere.  Inside the header the loader sees it is
   * short; inside the weights the checksum (over what is left) fails
   * first, which also says the file is damaged. */
  g_assert_cmpint (load_through_file (data, 20, "truncated"), ==, MM_EVAL_ERROR_FORMAT);
  code = load_through_file (data, length - 10, "");
  g_assert_true (code == MM_EVAL_ERROR_FORMAT || code == MM_EVAL_ERROR_CHECKSUM);
  g_assert_true (strstr (mm_eval_error_message (code), "truncated") != NULL
                 || strstr (mm_eval_error_message (code), "damaged") != NULL);
  for (gsize cut = 0; cut < length; cut += 1 + cut / 3)
    g_assert_cmpint (load_bytes (data, cut), !=, MM_EVAL_OK);

  /* A version this program does not read (bytes 8-11, little-endian). */
  data[8] = MM_EVAL_FILE_VERSION + 1;
  g_assert_cmpint (load_through_file (data, length, "version"), ==, MM_EVAL_ERROR_VERSION);
  data[8] = MM_EVAL_FILE_VERSION;

  /* One flipped bit in the weights: the checksum catches it. */
  data[length / 2] ^= 0x10;
  g_assert_cmpint (load_through_file (data, length, "checksum"), ==, MM_EVAL_ERROR_CHECKSUM);
  data[length / 2] ^= 0x10;
  /* And in the checksum itself. */
  data[length - 1] ^= 0x01;
  g_assert_cmpint (load_bytes (data, length), ==, MM_EVAL_ERROR_CHECKSUM);
  data[length - 1] ^= 0x01;

  /* Not a weights file at all, and no file. */
  g_assert_cmpint (load_through_file ((const guint8 *) "hello, world\n", 13, "not a weights file"),
                   ==, MM_EVAL_ERROR_FORMAT);
  g_assert_null (mm_eval_weights_load ("/nonexistent/monomachia/eval.mmw", &code));
  g_assert_cmpint (code, ==, MM_EVAL_ERROR_OPEN);
  g_assert_nonnull (strstr (mm_eval_error_message (code), "cannot be read"));

  g_assert_cmpint (load_bytes (data, length), ==, MM_EVAL_OK);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/train/replay", test_replay);
  g_test_add_func ("/train/result-convention", test_result_convention);
  g_test_add_func ("/train/canonical-map", test_canonical_map);
  g_test_add_func ("/train/search", test_search);
  g_test_add_func ("/train/committed-weights", test_committed_weights);
  g_test_add_func ("/train/load-rejects-damage", test_load_rejects_damage);
  return g_test_run ();
}
