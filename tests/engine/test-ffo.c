/* test-ffo.c
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

/* The FFO endgame suite: #1-#19 and the classic speed test #40-#44 solved
 * exactly, with the trained evaluation ordering the moves as in play.
 * Needs ../shared/data/ffo (exit status 77 without it). */

#include "config.h"

#include <glib.h>
#include <stdio.h>

#include "mm-eval.h"
#include "mm-obf.h"
#include "mm-search.h"

#define SKIP 77

static char *ffo_dir;
static MmEvalWeights *weights;

static void
solve_file (const char *name,
            int         first_line,
            int         last_line)
{
  g_autofree char *path = g_build_filename (ffo_dir, name, NULL);
  g_autofree char *contents = NULL;
  g_auto(GStrv) lines = NULL;
  g_autoptr(GError) error = NULL;
  MmSearch *search = mm_search_new ((gsize) 64 << 20);

  g_assert_true (g_file_get_contents (path, &contents, NULL, &error));
  g_assert_no_error (error);
  lines = g_strsplit (contents, "\n", -1);
  mm_search_set_weights (search, weights);

  for (int i = first_line; i <= last_line; i++)
    {
      MmObfPosition position;
      MmSolveResult result;
      const char *problem = NULL;
      gboolean listed = FALSE;
      bool in_file;
      int score;

      g_assert_nonnull (lines[i - 1]);
      g_assert_true (mm_obf_parse_line (lines[i - 1], &position, &problem));
      g_assert_cmpint (position.n_answers, >, 0);

      g_assert_true (mm_endgame_solve (search, &position.board, &result));
      score = mm_obf_score_of (&position, result.best_move, &in_file);
      listed = in_file;
      g_test_message ("%s line %d: %d (expected %d), %" G_GUINT64_FORMAT " nodes",
                      name, i, result.score, position.answer_scores[0], result.nodes);
      g_assert_cmpint (result.score, ==, position.answer_scores[0]);
      /* Any move the file gives the best score is right. */
      g_assert_true (listed);
      g_assert_cmpint (score, ==, result.score);
    }

  mm_search_free (search);
}

static void
test_ffo_1_19 (void)
{
  solve_file ("fforum-1-19.obf", 1, 19);
}

static void
test_ffo_40_44 (void)
{
  solve_file ("fforum-40-59.obf", 1, 5);
}

int
main (int   argc,
      char *argv[])
{
  const char *shared = g_getenv ("MM_SHARED_DATA");
  MmEvalError eval_error;
  int status;

  g_test_init (&argc, &argv, NULL);

  ffo_dir = g_build_filename (shared != NULL ? shared : "../shared/data", "ffo", NULL);
  if (!g_file_test (ffo_dir, G_FILE_TEST_IS_DIR))
    {
      g_print ("SKIP: the FFO positions are not there (%s is missing)\n", ffo_dir);
      return SKIP;
    }

  weights = mm_eval_weights_load (MM_EVAL_SOURCE_PATH, &eval_error);
  if (weights == NULL)
    g_error ("%s: %s", MM_EVAL_SOURCE_PATH, mm_eval_error_message (eval_error));

  g_test_add_func ("/engine/ffo/1-19", test_ffo_1_19);
  g_test_add_func ("/engine/ffo/40-44", test_ffo_40_44);
  status = g_test_run ();

  mm_eval_weights_free (weights);
  g_free (ffo_dir);
  return status;
}
