/* test-zebra-output.c
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

#include "config.h"

#include "mm-zebra-output.h"

/* What Zebra printed for a middle-game move at depth 6. */
static const char *midgame =
  "-->   6  +0.33           3627  f4 c5 b3 f3 b4     0.0 s  1480408 nps\n"
  "PV: f4 c5 b3 f3 b4\n";

/* An endgame: a shallow search, then the solve; its PV has passes in it. */
static const char *endgame =
  "-->   2  +28.97            26  g5        0.0 s   17663 nps\n"
  "PV: g5\n"
  "-->  12  Win              112  h2 h3 h7 h6     0.0 s  187605 nps  \n"
  "PV: h2 h3 -- h7 h6\n";

static int
parse (const char  *output,
       GError     **error)
{
  int square = MM_SQUARE_NONE;

  if (!mm_zebra_output_parse_move (output, &square, error))
    return MM_SQUARE_NONE;
  return square;
}

static void
test_first_move_of_pv (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (parse (midgame, &error), ==, mm_square_parse ("f4"));
  g_assert_no_error (error);
}

static void
test_last_pv_wins (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (parse (endgame, &error), ==, mm_square_parse ("h2"));
  g_assert_no_error (error);
}

static void
test_pass (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (parse ("PV: -- a1 b2\n", &error), ==, MM_SQUARE_PASS);
  g_assert_no_error (error);
}

static void
test_no_newline_at_end (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (parse ("PV: h8", &error), ==, mm_square_parse ("h8"));
  g_assert_no_error (error);
}

static void
test_no_pv (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (parse ("-->   6  +0.33   3627  f4 c5   0.0 s\n", &error), ==, MM_SQUARE_NONE);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
}

static void
test_not_a_move (void)
{
  const char *outputs[] = { "PV: z9\n", "PV:\n", "PV: f45\n", "PV: Win\n" };

  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    {
      g_autoptr(GError) error = NULL;

      g_assert_cmpint (parse (outputs[i], &error), ==, MM_SQUARE_NONE);
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA);
    }
}

/* A "PV:" in the middle of a line is not Zebra's answer. */
static void
test_pv_only_at_line_start (void)
{
  g_autoptr(GError) error = NULL;

  g_assert_cmpint (parse ("PV: c4\nnote PV: d3\n", &error), ==, mm_square_parse ("c4"));
  g_assert_no_error (error);
}

static void
test_format_position (void)
{
  g_autofree char *start = NULL;
  g_autofree char *after_f5 = NULL;
  MmBoard board;

  mm_board_init_start (&board);
  start = mm_zebra_output_format_position (&board, MM_COLOR_BLACK);
  g_assert_cmpstr (start, ==,
                   "---------------------------OX------XO---------------------------\nB\n");

  mm_board_play (&board, mm_square_parse ("f5"));
  after_f5 = mm_zebra_output_format_position (&board, MM_COLOR_WHITE);
  g_assert_cmpstr (after_f5, ==,
                   "---------------------------OX------XXX--------------------------\nW\n");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/zebra-output/first-move-of-pv", test_first_move_of_pv);
  g_test_add_func ("/zebra-output/last-pv-wins", test_last_pv_wins);
  g_test_add_func ("/zebra-output/pass", test_pass);
  g_test_add_func ("/zebra-output/no-newline-at-end", test_no_newline_at_end);
  g_test_add_func ("/zebra-output/no-pv", test_no_pv);
  g_test_add_func ("/zebra-output/not-a-move", test_not_a_move);
  g_test_add_func ("/zebra-output/pv-only-at-line-start", test_pv_only_at_line_start);
  g_test_add_func ("/zebra-output/format-position", test_format_position);
  return g_test_run ();
}
