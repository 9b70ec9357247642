/* test-record.c
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

/* Game records: the GGF, transcript, PGN and board-string parsers and
 * writers, format detection, files, and every kind of bad input. */

#include "config.h"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "mm-board-string.h"
#include "mm-game.h"
#include "mm-game-record.h"
#include "mm-ggf.h"
#include "mm-record-io.h"
#include "mm-transcript.h"

#define BIT(square) (G_GUINT64_CONSTANT (1) << (square))

/* A 1977 WTHOR game, 34-30, in which White passes twice (after h7 and
 * after a1). */
#define GAME_A \
  "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5" \
  "e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1"

/* Another, 17-47, in which Black passes three times. */
#define GAME_B \
  "f5f6e6f4f3c5g6e3d3g5b6c4c3d6h6g4h3d2e2h5h4c2e1d1c1b3e7c6g3d7c8f1f2b1b4a5c7b5a6" \
  "f8a4a3a2d8e8b8b2g1g2a1b7a7a8f7g8h1g7h2h7h8"

#define STANDARD_BO "BO[8 ---------------------------O*------*O--------------------------- *]"

/* As the GGS server writes its games: one line, times after "//",
 * ratings, the clock in TI, the result from Black's side with three
 * decimals, passes as PA. */
static const char ggs_sample[] =
  "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[saio1200]PW[Saio3000]"
  "RB[2197.72]RW[2472.64]TI[15:00//02:00]TY[8]RE[+4.000]" STANDARD_BO
  "B[f5//0.71]W[d6//1.63]B[c3//1.11]W[f3//1.81]B[f4//1.88]W[d3//0.20]B[c4//0.04]"
  "W[g6//2.51]B[f6//0.78]W[e6//0.70]B[c5//2.99]W[c6//1.41]B[d7//2.51]W[d8//1.43]"
  "B[e7//1.92]W[g5//0.45]B[e3//1.90]W[d2//2.60]B[g4//1.57]W[h3//2.22]B[f7//2.01]"
  "W[b5//0.19]B[h5//2.27]W[g3//1.77]B[b4//0.90]W[b6//0.09]B[c8//2.60]W[b8//1.42]"
  "B[c7//2.16]W[e8//2.64]B[f8//2.14]W[g8//2.76]B[h4//1.18]W[h6//2.40]B[e2//1.33]"
  "W[d1//2.81]B[c1//2.64]W[a3//0.29]B[a6//0.41]W[a5//0.65]B[e1//2.90]W[f2//1.31]"
  "B[g7//1.88]W[c2//0.90]B[a4//1.52]W[h8//1.16]B[a2//1.05]W[b7//1.76]B[f1//1.75]"
  "W[b3//2.71]B[b1//2.05]W[b2//2.79]B[h7//2.57]W[PA]B[a7//2.97]W[a8//2.01]"
  "B[a1//0.49]W[PA]B[g1//2.58]W[g2//2.89]B[h2//2.71]W[h1//1.71];)\n";

/* As NBoard saves a game: squares in capitals, evaluations from its
 * engine on some moves, a date with dashes, a result not known (RE[?]),
 * and the game stopped before its end. */
static const char nboard_sample[] =
  "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[Novello]PW[chris]RE[?]TI[0]TY[8]"
  STANDARD_BO
  "B[F5/0.00/2.1]W[F6]B[E6/-1.50/3.02]W[F4]B[F3/-2.00]W[C5]B[G6/1.0]W[E3]B[D3]W[G5]"
  "B[B6]W[C4]B[C3]W[D6];)\n";

/* As Edax writes a game from a position of its own: spread over lines,
 * spaces between the properties, a board with spaces between its rows.
 * Black has no move at the start and passes. */
static const char edax_sample[] =
  "(;GM[Othello]PC[Edax]DT[2020.01.01_12:00:00.UTC]\n"
  "  PB[Edax 4.4] PW[Human] RE[-64.00] TI[0:00//0:00] TY[8]\n"
  "  BO[8 O*------ -------- -------- -------- -------- -------- -------- -------- *]\n"
  "  B[PA] W[C1/+64]\n"
  ";)\n";

/* A GGS archive: one game a line, the second a synchro game with komi
 * properties Monomachia does not know (kept as they are). */
static const char archive_sample[] =
  "(;GM[Othello]PC[GGS/os]PB[a]PW[b]TY[8]" STANDARD_BO "B[f5]W[d6]B[c3];)\n"
  "(;GM[Othello]PC[GGS/os]PB[c]PW[d]TY[s8k]KM[+2.5]KB[f5/+2.5]XX[é]" STANDARD_BO
  "B[f5]W[f6];)\n"
  "(;GM[Othello]PC[GGS/os]PB[e]PW[f]TY[8]" STANDARD_BO "B[e6]W[f4]B[e3]W[f6];)\n";

/* The WTHOR PGN export. */
static const char pgn_sample[] =
  "[Event \"Championnat de France\"]\n"
  "[Site \"Paris\"]\n"
  "[Date \"1977.??.??\"]\n"
  "[Round \"-\"]\n"
  "[Black \"Tastet Marc\"]\n"
  "[White \"Lazard \\\"Manu\\\" Emmanuel\"]\n"
  "[Result \"34-30\"]\n"
  "\n"
  "1. f5 d6 2. c3 f3 3. f4 d3 4. c4 g6 5. f6 e6 6. c5 c6 7. d7 d8 8. e7 g5 9. e3 d2\n"
  "10. g4 h3 11. f7 b5 12. h5 g3 13. b4 b6 14. c8 b8 15. c7 e8 16. f8 g8 17. h4 h6\n"
  "18. e2 d1 19. c1 a3 20. a6 a5 21. e1 f2 22. g7 c2 23. a4 h8 24. a2 b7 25. f1 b3\n"
  "26. b1 b2 27. h7 {White passes} 28. a7 a8 29. a1 pass 30. g1 g2 31. h2 h1 34-30\n"
  "\n"
  "[Event \"Tournoi\"]\n"
  "[Black \"X\"]\n"
  "[White \"Y\"]\n"
  "[Result \"*\"]\n"
  "\n"
  "1. F5 F6!? 2. E6 (2. D3 C5) F4 $1 3. E3 ; a line comment\n"
  "*\n";

/* ------------------------------------------------------------------ */
/* Helpers                                                            */
/* ------------------------------------------------------------------ */

static GPtrArray *
parse_ok (const char     *text,
          MmRecordFormat  format,
          MmRecordFormat  expected_format)
{
  g_autoptr(GError) error = NULL;
  MmRecordFormat found = MM_RECORD_FORMAT_UNKNOWN;
  GPtrArray *games = mm_record_parse (text, strlen (text), format, &found, &error);

  if (error != NULL)
    g_test_message ("parsing \"%s\": %s", text, error->message);
  g_assert_no_error (error);
  g_assert_nonnull (games);
  g_assert_cmpuint (games->len, >, 0);
  g_assert_cmpint (found, ==, expected_format);

  return games;
}

static MmGameRecord *
parse_one (const char     *text,
           MmRecordFormat  expected_format)
{
  g_autoptr(GPtrArray) games = parse_ok (text, MM_RECORD_FORMAT_UNKNOWN, expected_format);

  g_assert_cmpuint (games->len, ==, 1);
  return mm_game_record_ref (g_ptr_array_index (games, 0));
}

static char *
moves_of (MmGameRecord *record)
{
  return mm_transcript_write (record);
}

/* Write then read: the same record, through GGF always, and through a
 * transcript or a board where the format can hold it. */
static void
assert_round_trip (MmGameRecord *record)
{
  g_autofree char *ggf = mm_ggf_write (record);
  g_autoptr(MmGameRecord) again = NULL;
  g_autofree char *ggf_again = NULL;
  g_autofree char *board = NULL;
  g_autoptr(MmGameRecord) position = NULL;
  guint64 black, white, black2, white2;
  MmColor side, side2;

  again = parse_one (ggf, MM_RECORD_FORMAT_GGF);
  if (!mm_game_record_equal (record, again))
    {
      g_autofree char *text = mm_ggf_write (again);

      g_test_message ("wrote %s read %s", ggf, text);
    }
  g_assert_true (mm_game_record_equal (record, again));
  ggf_again = mm_ggf_write (again);
  g_assert_cmpstr (ggf, ==, ggf_again);

  if (mm_game_record_has_standard_start (record) && mm_game_record_get_n_discs_played (record) > 0)
    {
      g_autofree char *moves = mm_transcript_write (record);
      g_autoptr(MmGameRecord) from_moves = parse_one (moves, MM_RECORD_FORMAT_TRANSCRIPT);
      g_autofree char *moves_again = mm_transcript_write (from_moves);

      g_assert_cmpstr (moves, ==, moves_again);
      g_assert_cmpuint (mm_game_record_get_n_discs_played (from_moves), ==,
                        mm_game_record_get_n_discs_played (record));
      /* The same passes, where the rules force them. */
      for (guint i = 0; i < mm_game_record_get_n_moves (record)
                        && i < mm_game_record_get_n_moves (from_moves); i++)
        g_assert_cmpint (mm_game_record_get_move (record, i, NULL, NULL, NULL), ==,
                         mm_game_record_get_move (from_moves, i, NULL, NULL, NULL));
    }

  board = mm_record_write (record, MM_RECORD_FORMAT_BOARD);
  position = parse_one (board, MM_RECORD_FORMAT_BOARD);
  mm_game_record_get_position (record, &black, &white, &side);
  mm_game_record_get_start (position, &black2, &white2, &side2);
  g_assert_cmphex (black, ==, black2);
  g_assert_cmphex (white, ==, white2);
  g_assert_cmpint (side, ==, side2);
}

static GError *
parse_error (const char     *text,
             gsize           length,
             MmRecordFormat  format)
{
  GError *error = NULL;
  g_autoptr(GPtrArray) games = mm_record_parse (text, length, format, NULL, &error);

  g_assert_null (games);
  g_assert_nonnull (error);
  g_assert_true (error->domain == MM_RECORD_ERROR);
  g_assert_cmpstr (error->message, !=, "");

  return error;
}

static void
assert_passes (MmGameRecord *record,
               const char   *expected)
{
  g_autoptr(GString) passes = g_string_new (NULL);

  for (guint i = 0; i < mm_game_record_get_n_moves (record); i++)
    {
      MmColor color;

      if (mm_game_record_get_move (record, i, &color, NULL, NULL) == MM_SQUARE_PASS)
        g_string_append_printf (passes, "%s%u%c", passes->len > 0 ? " " : "",
                                i, color == MM_COLOR_BLACK ? 'B' : 'W');
    }
  g_assert_cmpstr (passes->str, ==, expected);
}

/* ------------------------------------------------------------------ */
/* The record                                                         */
/* ------------------------------------------------------------------ */

static void
test_record_new (void)
{
  g_autoptr(MmGameRecord) record = mm_game_record_new ();
  g_autoptr(MmGameRecord) copy = NULL;
  g_autoptr(GError) error = NULL;
  guint64 black, white;
  MmColor side;

  g_assert_true (mm_game_record_has_standard_start (record));
  g_assert_cmpuint (mm_game_record_get_n_moves (record), ==, 0);
  g_assert_cmpuint (mm_game_record_get_n_tags (record), ==, 0);
  g_assert_false (mm_game_record_is_over (record));
  g_assert_null (mm_game_record_format_result (record));
  mm_game_record_get_start (record, &black, &white, &side);
  g_assert_cmphex (black, ==, BIT (28) | BIT (35));
  g_assert_cmphex (white, ==, BIT (27) | BIT (36));
  g_assert_cmpint (side, ==, MM_COLOR_BLACK);

  g_assert_true (mm_game_record_play (record, mm_square_parse ("f5"), "+1.5", "0:03", &error));
  g_assert_no_error (error);
  g_assert_true (mm_game_record_set_tag (record, "PB", "Ζήνων", &error));
  g_assert_true (mm_game_record_set_tag (record, "ZZ", "1", &error));
  g_assert_true (mm_game_record_set_tag (record, "PB", "Zeno", &error));
  g_assert_no_error (error);

  /* A tag keeps its place when it changes. */
  g_assert_cmpuint (mm_game_record_get_n_tags (record), ==, 2);
  {
    const char *name;

    g_assert_cmpstr (mm_game_record_get_nth_tag (record, 0, &name), ==, "Zeno");
    g_assert_cmpstr (name, ==, "PB");
  }

  copy = mm_game_record_copy (record);
  g_assert_true (mm_game_record_equal (record, copy));
  g_assert_true (mm_game_record_set_tag (copy, "ZZ", NULL, &error));
  g_assert_false (mm_game_record_equal (record, copy));
  g_assert_cmpuint (mm_game_record_get_n_tags (copy), ==, 1);

  /* Names that no format can write are refused, and so are GGF's own. */
  g_assert_false (mm_game_record_set_tag (record, "P B", "x", &error));
  g_assert_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_SYNTAX);
  g_clear_error (&error);
  for (guint i = 0; i < 4; i++)
    {
      g_assert_false (mm_game_record_set_tag (record, (const char *[]) { "B", "W", "BO", "GM" }[i],
                                              "x", &error));
      g_assert_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_SYNTAX);
      g_clear_error (&error);
    }
  g_assert_false (mm_game_record_set_tag (record, "PB", "bell\a", &error));
  g_assert_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_TOO_LARGE);
  g_clear_error (&error);
  g_assert_cmpuint (mm_game_record_get_n_tags (record), ==, 2);
}

/* Illegal moves are refused with a sentence naming the move, and the
 * record stays as it was. */
static void
test_record_illegal (void)
{
  static const struct
  {
    const char *moves;
    int         color;   /* -1: the side to move */
    const char *move;
    const char *message;
  } cases[] = {
    { "", -1, "a1", "Move 1: a1 does not flip any disc" },
    { "f5", -1, "f5", "Move 2: f5 is not empty" },
    { "f5", -1, "pa", "Move 2: White passes but has a move (f4)" },
    { "", MM_COLOR_WHITE, "f5", "Move 1: it is Black’s turn, not White’s" },
    { "f5", MM_COLOR_BLACK, "d6", "Move 2: it is White’s turn, not Black’s" },
    { "", MM_COLOR_BLACK, "pa", "Move 1: Black passes but has a move (d3)" },
    { GAME_A, -1, "a1", "Move 61: the game is already over" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(MmGameRecord) record = NULL;
      g_autoptr(MmGameRecord) before = NULL;
      g_autoptr(GError) error = NULL;
      int square = g_str_equal (cases[i].move, "pa") ? MM_SQUARE_PASS
                                                      : mm_square_parse (cases[i].move);
      gboolean played;

      if (*cases[i].moves != '\0')
        record = parse_one (cases[i].moves, MM_RECORD_FORMAT_TRANSCRIPT);
      else
        record = mm_game_record_new ();
      before = mm_game_record_copy (record);

      if (cases[i].color < 0)
        played = mm_game_record_play (record, square, NULL, NULL, &error);
      else
        played = mm_game_record_play_as (record, (MmColor) cases[i].color, square,
                                         NULL, NULL, &error);
      g_assert_false (played);
      g_assert_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_ILLEGAL_MOVE);
      g_assert_cmpstr (error->message, ==, cases[i].message);
      g_assert_true (mm_game_record_equal (record, before));
    }
}

/* Passes: left out, or written, where the rules force them; the record
 * holds them all. */
static void
test_record_passes (void)
{
  g_autoptr(MmGameRecord) a = parse_one (GAME_A " 34-30", MM_RECORD_FORMAT_TRANSCRIPT);
  g_autoptr(MmGameRecord) b = parse_one (GAME_B, MM_RECORD_FORMAT_TRANSCRIPT);
  g_autoptr(MmGameRecord) ggs = parse_one (ggs_sample, MM_RECORD_FORMAT_GGF);
  g_autofree char *ggf = mm_ggf_write (a);

  assert_passes (a, "53W 57W");
  assert_passes (b, "52B 54B 60B");
  g_assert_true (mm_game_record_is_over (a));
  g_assert_cmpuint (mm_game_record_get_count (a, MM_COLOR_BLACK), ==, 34);
  g_assert_cmpuint (mm_game_record_get_count (a, MM_COLOR_WHITE), ==, 30);
  g_assert_cmpuint (mm_game_record_get_count (b, MM_COLOR_BLACK), ==, 17);
  g_assert_cmpuint (mm_game_record_get_count (b, MM_COLOR_WHITE), ==, 47);
  g_assert_nonnull (strstr (ggf, "B[h7]W[PA]B[a7]"));
  g_assert_nonnull (strstr (ggf, "B[a1]W[PA]B[g1]"));

  /* Written passes in a transcript, in any of their spellings. */
  {
    g_autofree char *with_passes = g_strdup (GAME_A);
    g_autoptr(GString) text = g_string_new (NULL);
    g_autoptr(MmGameRecord) again = NULL;

    for (guint i = 0; with_passes[i] != '\0'; i += 2)
      {
        g_string_append_len (text, with_passes + i, 2);
        if (strncmp (with_passes + i, "h7", 2) == 0)
          g_string_append (text, " PASS ");
        if (strncmp (with_passes + i, "a1", 2) == 0)
          g_string_append (text, "--");
      }
    again = parse_one (text->str, MM_RECORD_FORMAT_TRANSCRIPT);
    g_assert_true (mm_game_record_equal (a, again));
  }

  /* GGF with the passes left out. */
  {
    g_autofree char *without = NULL;
    g_auto(GStrv) parts = g_strsplit (ggf, "W[PA]", -1);
    g_autoptr(MmGameRecord) again = NULL;

    without = g_strjoinv ("", parts);
    again = parse_one (without, MM_RECORD_FORMAT_GGF);
    g_assert_true (mm_game_record_equal (a, again));
  }

  /* The GGS game is game A with times. */
  {
    g_autofree char *moves = moves_of (ggs);
    const char *eval, *time;
    MmColor color;

    g_assert_cmpstr (moves, ==, GAME_A);
    assert_passes (ggs, "53W 57W");
    g_assert_cmpint (mm_game_record_get_move (ggs, 1, &color, &eval, &time), ==,
                     mm_square_parse ("d6"));
    g_assert_cmpint (color, ==, MM_COLOR_WHITE);
    g_assert_null (eval);
    g_assert_cmpstr (time, ==, "1.63");
  }

  /* A pass that ends a record is added by finish. */
  {
    g_autoptr(MmGameRecord) cut = mm_game_record_new ();
    g_autoptr(GError) error = NULL;

    for (guint i = 0; i < 53 * 2; i += 2)
      {
        char name[3] = { GAME_A[i], GAME_A[i + 1], '\0' };

        g_assert_true (mm_game_record_play (cut, mm_square_parse (name), NULL, NULL, &error));
      }
    g_assert_cmpuint (mm_game_record_get_n_moves (cut), ==, 53);
    mm_game_record_finish (cut);
    assert_passes (cut, "53W");
    mm_game_record_finish (cut);
    assert_passes (cut, "53W");
  }
}

static void
test_record_result (void)
{
  g_autoptr(MmGameRecord) a = parse_one (GAME_A, MM_RECORD_FORMAT_TRANSCRIPT);
  g_autoptr(MmGameRecord) b = parse_one (GAME_B, MM_RECORD_FORMAT_TRANSCRIPT);
  g_autoptr(MmGameRecord) wipeout = parse_one ("d3c3b3d2e1d6d7e3f4", MM_RECORD_FORMAT_TRANSCRIPT);
  g_autofree char *ra = mm_game_record_format_result (a);
  g_autofree char *rb = mm_game_record_format_result (b);
  g_autofree char *rw = mm_game_record_format_result (wipeout);

  g_assert_cmpstr (ra, ==, "+4.00");
  g_assert_cmpstr (rb, ==, "-30.00");
  /* 13-0 with 51 empty squares, which go to the winner. */
  g_assert_cmpstr (rw, ==, "+64.00");

  /* A score in a transcript may count the empty squares either way. */
  g_ptr_array_unref (parse_ok ("d3c3b3d2e1d6d7e3f4 13-0", MM_RECORD_FORMAT_UNKNOWN,
                               MM_RECORD_FORMAT_TRANSCRIPT));
  g_ptr_array_unref (parse_ok ("d3c3b3d2e1d6d7e3f4 64-0", MM_RECORD_FORMAT_UNKNOWN,
                               MM_RECORD_FORMAT_TRANSCRIPT));
}

/* ------------------------------------------------------------------ */
/* GGF                                                                */
/* ------------------------------------------------------------------ */

static void
test_ggf_samples (void)
{
  g_autoptr(MmGameRecord) ggs = parse_one (ggs_sample, MM_RECORD_FORMAT_GGF);
  g_autoptr(MmGameRecord) nboard = parse_one (nboard_sample, MM_RECORD_FORMAT_GGF);
  g_autoptr(MmGameRecord) edax = parse_one (edax_sample, MM_RECORD_FORMAT_GGF);
  g_autoptr(GPtrArray) archive = parse_ok (archive_sample, MM_RECORD_FORMAT_UNKNOWN,
                                           MM_RECORD_FORMAT_GGF);
  const char *eval, *time;
  const char *name;
  guint64 black, white;
  MmColor side;

  /* GGS: tags in order, the game over at 34-30. */
  g_assert_cmpuint (mm_game_record_get_n_tags (ggs), ==, 9);
  g_assert_cmpstr (mm_game_record_get_nth_tag (ggs, 0, &name), ==, "GGS/os");
  g_assert_cmpstr (name, ==, "PC");
  g_assert_cmpstr (mm_game_record_get_tag (ggs, "DT"), ==, "2003.12.15_13:24:03.MST");
  g_assert_cmpstr (mm_game_record_get_tag (ggs, "PB"), ==, "saio1200");
  g_assert_cmpstr (mm_game_record_get_tag (ggs, "PW"), ==, "Saio3000");
  g_assert_cmpstr (mm_game_record_get_tag (ggs, "RB"), ==, "2197.72");
  g_assert_cmpstr (mm_game_record_get_tag (ggs, "TI"), ==, "15:00//02:00");
  g_assert_cmpstr (mm_game_record_get_tag (ggs, "RE"), ==, "+4.000");
  g_assert_cmpstr (mm_game_record_get_nth_tag (ggs, 8, &name), ==, "+4.000");
  g_assert_true (mm_game_record_has_standard_start (ggs));
  g_assert_true (mm_game_record_is_over (ggs));
  g_assert_cmpuint (mm_game_record_get_n_moves (ggs), ==, 62);
  g_assert_cmpuint (mm_game_record_get_count (ggs, MM_COLOR_BLACK), ==, 34);
  assert_round_trip (ggs);

  /* NBoard: capitals, evaluations, an unfinished game. */
  g_assert_cmpstr (mm_game_record_get_tag (nboard, "RE"), ==, "?");
  g_assert_cmpuint (mm_game_record_get_n_moves (nboard), ==, 14);
  g_assert_false (mm_game_record_is_over (nboard));
  g_assert_cmpint (mm_game_record_get_move (nboard, 0, NULL, &eval, &time), ==,
                   mm_square_parse ("f5"));
  g_assert_cmpstr (eval, ==, "0.00");
  g_assert_cmpstr (time, ==, "2.1");
  mm_game_record_get_move (nboard, 4, NULL, &eval, &time);
  g_assert_cmpstr (eval, ==, "-2.00");
  g_assert_null (time);
  mm_game_record_get_move (nboard, 1, NULL, &eval, &time);
  g_assert_null (eval);
  g_assert_null (time);
  assert_round_trip (nboard);

  /* Edax: a position of its own, where Black must pass first. */
  mm_game_record_get_start (edax, &black, &white, &side);
  g_assert_cmphex (black, ==, BIT (1));
  g_assert_cmphex (white, ==, BIT (0));
  g_assert_cmpint (side, ==, MM_COLOR_BLACK);
  g_assert_false (mm_game_record_has_standard_start (edax));
  assert_passes (edax, "0B");
  g_assert_true (mm_game_record_is_over (edax));
  g_assert_cmpuint (mm_game_record_get_count (edax, MM_COLOR_WHITE), ==, 3);
  g_assert_cmpstr (mm_game_record_get_tag (edax, "PB"), ==, "Edax 4.4");
  g_assert_cmpstr (mm_game_record_get_tag (edax, "RE"), ==, "-64.00");
  mm_game_record_get_move (edax, 1, NULL, &eval, NULL);
  g_assert_cmpstr (eval, ==, "+64");
  assert_round_trip (edax);

  /* The same game without the written pass reads the same. */
  {
    g_autoptr(MmGameRecord) without = NULL;
    g_autofree char *text = g_strdup (edax_sample);

    memcpy (strstr (text, "B[PA]"), "     ", 5);
    without = parse_one (text, MM_RECORD_FORMAT_GGF);
    g_assert_true (mm_game_record_equal (edax, without));
  }

  /* An archive of three games; the tags of the synchro game are kept. */
  g_assert_cmpuint (archive->len, ==, 3);
  {
    MmGameRecord *synchro = g_ptr_array_index (archive, 1);
    g_autofree char *written = mm_ggf_write (synchro);

    g_assert_cmpstr (mm_game_record_get_tag (synchro, "KM"), ==, "+2.5");
    g_assert_cmpstr (mm_game_record_get_tag (synchro, "KB"), ==, "f5/+2.5");
    g_assert_cmpstr (mm_game_record_get_tag (synchro, "XX"), ==, "é");
    g_assert_cmpstr (written, ==,
                     "(;GM[Othello]PC[GGS/os]PB[c]PW[d]TY[s8k]KM[+2.5]KB[f5/+2.5]XX[é]"
                     STANDARD_BO "B[f5]W[f6];)\n");
  }
  for (guint i = 0; i < archive->len; i++)
    assert_round_trip (g_ptr_array_index (archive, i));
}

/* Round trips of odd tags, unknown tags, annotations, and games from
 * other positions. */
static void
test_ggf_round_trip (void)
{
  g_autoptr(MmGameRecord) record = parse_one (GAME_B, MM_RECORD_FORMAT_TRANSCRIPT);
  g_autoptr(MmGameRecord) start = NULL;
  g_autoptr(GError) error = NULL;
  static const char *const odd_names[] = {
    "Ζήνων ο Ελεάτης", "name with ] bracket", "back\\slash", "both \\] and ]\\",
    "\"quoted\"", "two\nlines", "tab\there", "🎲 dice", "[;)] (;GM[x];)", "   ", "",
  };

  for (guint i = 0; i < G_N_ELEMENTS (odd_names); i++)
    {
      g_autoptr(MmGameRecord) named = mm_game_record_copy (record);

      g_assert_true (mm_game_record_set_tag (named, "PB", odd_names[i], &error));
      g_assert_true (mm_game_record_set_tag (named, "PW", odd_names[G_N_ELEMENTS (odd_names) - 1 - i],
                                             &error));
      g_assert_true (mm_game_record_set_tag (named, "Zz_9", odd_names[i], &error));
      g_assert_no_error (error);
      assert_round_trip (named);
    }

  /* A game from a middle-game position, white to move, with passes: the
   * position after 21 moves of game B. */
  {
    g_autoptr(MmGameRecord) opening = parse_one ("f5f6e6f4f3c5g6e3d3g5b6c4c3d6h6g4h3d2e2h5h4",
                                                 MM_RECORD_FORMAT_TRANSCRIPT);
    guint64 black, white;
    MmColor side;

    mm_game_record_get_position (opening, &black, &white, &side);
    g_assert_cmpint (side, ==, MM_COLOR_WHITE);
    start = mm_game_record_new_from_position (black, white, side);
  }
  for (guint i = 0; i < 200 && !mm_game_record_is_over (start); i++)
    {
      guint64 black, white;
      MmColor side;
      MmBoard board;
      guint64 moves;
      g_autofree char *eval = g_strdup_printf ("%+d.%02d", (int) i - 30, i % 100);

      mm_game_record_get_position (start, &black, &white, &side);
      mm_board_from_colors (&board, black, white, side);
      moves = mm_board_legal_moves (&board);
      if (moves == 0)
        {
          g_assert_true (mm_game_record_play (start, MM_SQUARE_PASS, NULL, "0.5", &error));
          continue;
        }
      /* The last legal move, for a game unlike the usual ones. */
      g_assert_true (mm_game_record_play (start, 63 - __builtin_clzll (moves), eval,
                                          i % 3 ? NULL : "1:02.5", &error));
      g_assert_no_error (error);
    }
  g_assert_true (mm_game_record_is_over (start));
  g_assert_true (mm_game_record_set_tag (start, "TY", "8", &error));
  assert_round_trip (start);
}

/* Random games with random annotations and tags. */
static void
test_ggf_random_round_trip (void)
{
  GRand *rand = g_rand_new_with_seed (20261201);

  for (guint n = 0; n < 300; n++)
    {
      g_autoptr(MmGameRecord) record = NULL;
      g_autoptr(GError) error = NULL;
      guint64 black = 0, white = 0;
      MmColor side;
      MmBoard board;

      if (n % 3 == 0)
        {
          /* Any position at all, even one where nobody can move. */
          for (int square = 0; square < 64; square++)
            {
              guint32 r = g_rand_int_range (rand, 0, 4);

              if (r == 1)
                black |= BIT (square);
              else if (r == 2)
                white |= BIT (square);
            }
          record = mm_game_record_new_from_position (black, white,
                                                     g_rand_boolean (rand) ? MM_COLOR_BLACK
                                                                           : MM_COLOR_WHITE);
        }
      else
        record = mm_game_record_new ();

      for (guint t = g_rand_int_range (rand, 0, 6); t > 0; t--)
        {
          g_autofree char *name = g_strdup_printf ("T%u", g_rand_int_range (rand, 0, 10));
          g_autofree char *value = g_strdup_printf ("v]%u\\", g_rand_int (rand));

          g_assert_true (mm_game_record_set_tag (record, name, value, &error));
        }

      for (;;)
        {
          guint64 moves;
          int pick;

          mm_game_record_get_position (record, &black, &white, &side);
          mm_board_from_colors (&board, black, white, side);
          if (mm_board_is_game_over (&board) || g_rand_int_range (rand, 0, 80) == 0)
            break;
          moves = mm_board_legal_moves (&board);
          if (moves == 0)
            {
              g_assert_true (mm_game_record_play (record, MM_SQUARE_PASS, NULL, NULL, &error));
              continue;
            }
          pick = g_rand_int_range (rand, 0, __builtin_popcountll (moves));
          while (pick-- > 0)
            moves &= moves - 1;
          g_assert_true (mm_game_record_play (record, __builtin_ctzll (moves),
                                              g_rand_boolean (rand) ? "-3.25" : NULL,
                                              g_rand_boolean (rand) ? "12.5" : NULL, &error));
          g_assert_no_error (error);
        }

      assert_round_trip (record);
    }

  g_rand_free (rand);
}

/* ------------------------------------------------------------------ */
/* Transcripts, PGN, boards                                           */
/* ------------------------------------------------------------------ */

static void
test_transcript (void)
{
  static const char *const spellings[] = {
    "f5d6c3d3c4",
    "F5D6C3D3C4",
    "f5 d6 c3 d3 c4",
    "f5, d6, c3, d3, c4",
    "1. f5 d6 2. c3 d3 3. c4",
    "1.f5 2.d6 3.c3 4.d3 5.c4",
    "1 f5 2 d6 3 c3 4 d3 5 c4",
    "1) F5\n2) d6\n3) C3\r\n4) d3\n5) c4\n",
    "  f5;d6;c3;d3;c4  ",
  };
  g_autoptr(GPtrArray) lines = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (spellings); i++)
    {
      g_autoptr(MmGameRecord) record = parse_one (spellings[i], MM_RECORD_FORMAT_TRANSCRIPT);
      g_autofree char *moves = moves_of (record);

      g_assert_cmpstr (moves, ==, "f5d6c3d3c4");
    }

  /* WTHOR lines, score and year: one game each. */
  lines = parse_ok (GAME_A " 34-30 1977\n" GAME_B " 17-47 1977\n",
                    MM_RECORD_FORMAT_UNKNOWN, MM_RECORD_FORMAT_TRANSCRIPT);
  g_assert_cmpuint (lines->len, ==, 2);
  g_assert_cmpuint (mm_game_record_get_count (g_ptr_array_index (lines, 1), MM_COLOR_WHITE),
                    ==, 47);
}

static void
test_pgn (void)
{
  g_autoptr(GPtrArray) games = parse_ok (pgn_sample, MM_RECORD_FORMAT_UNKNOWN,
                                         MM_RECORD_FORMAT_PGN);
  MmGameRecord *first, *second;
  g_autofree char *moves = NULL;
  g_autofree char *moves2 = NULL;

  g_assert_cmpuint (games->len, ==, 2);
  first = g_ptr_array_index (games, 0);
  second = g_ptr_array_index (games, 1);

  moves = moves_of (first);
  g_assert_cmpstr (moves, ==, GAME_A);
  assert_passes (first, "53W 57W");
  g_assert_cmpstr (mm_game_record_get_tag (first, "PB"), ==, "Tastet Marc");
  g_assert_cmpstr (mm_game_record_get_tag (first, "PW"), ==, "Lazard \"Manu\" Emmanuel");
  g_assert_cmpstr (mm_game_record_get_tag (first, "PC"), ==, "Paris");
  g_assert_cmpstr (mm_game_record_get_tag (first, "DT"), ==, "1977.??.??");
  g_assert_cmpstr (mm_game_record_get_tag (first, "Event"), ==, "Championnat de France");
  g_assert_cmpstr (mm_game_record_get_tag (first, "Round"), ==, "-");
  g_assert_cmpstr (mm_game_record_get_tag (first, "RE"), ==, "+4.00");
  g_assert_null (mm_game_record_get_tag (first, "Result"));
  assert_round_trip (first);

  /* Tags that are GGF's own names are left out (found by the fuzzer: a
   * tag B was kept but could not be written). */
  {
    g_autoptr(MmGameRecord) odd = parse_one ("[B \"x\"]\n[GM \"y\"]\n[Zz \"z\"]\n1. f5 *\n",
                                             MM_RECORD_FORMAT_PGN);

    g_assert_cmpuint (mm_game_record_get_n_tags (odd), ==, 1);
    g_assert_cmpstr (mm_game_record_get_tag (odd, "Zz"), ==, "z");
    assert_round_trip (odd);
  }

  /* Variations, comments and marks are skipped. */
  moves2 = moves_of (second);
  g_assert_cmpstr (moves2, ==, "f5f6e6f4e3");
  g_assert_cmpstr (mm_game_record_get_tag (second, "Result"), ==, "*");
  assert_round_trip (second);
}

static void
test_board_string (void)
{
  /* A position of game B, as an .obf file would have it (with made-up
   * solutions), and as an 8×8 diagram. */
  static const char obf[] =
    "-OOOOO--X-OOXX--XXOXXXXXXOXXXXXXXXOOXXXXXXXOXXXX--XXX-----XXXO-- O; G8:+2; H2:-4;\n";
  static const char diagram[] =
    "- O O O O O - -\n"
    "X - O O X X - -\n"
    "X X O X X X X X\n"
    "X O X X X X X X\n"
    "X X O O X X X X\n"
    "X X X O X X X X\n"
    "- - X X X - - -\n"
    "- - X X X O - -\n"
    "O\n";
  g_autoptr(MmGameRecord) a = parse_one (obf, MM_RECORD_FORMAT_BOARD);
  g_autoptr(MmGameRecord) b = parse_one (diagram, MM_RECORD_FORMAT_BOARD);
  g_autoptr(GPtrArray) several = NULL;
  g_autofree char *written = NULL;
  guint64 black, white;
  MmColor side;

  g_assert_true (mm_game_record_equal (a, b));
  /* As copied from Edax's console: the command, then the board. */
  {
    g_autofree char *edax = g_strconcat ("setboard ", obf, NULL);
    g_autofree char *upper = g_strconcat ("  SETBOARD\t", obf, NULL);
    g_autoptr(MmGameRecord) c = parse_one (edax, MM_RECORD_FORMAT_BOARD);
    g_autoptr(MmGameRecord) d = parse_one (upper, MM_RECORD_FORMAT_BOARD);
    g_autoptr(GError) alone = parse_error ("setboard", strlen ("setboard"), 0);
    g_autoptr(GError) cut = parse_error ("setboard ---", strlen ("setboard ---"), 0);

    g_assert_true (mm_game_record_equal (a, c));
    g_assert_true (mm_game_record_equal (a, d));
    g_assert_nonnull (alone);
    g_assert_error (cut, MM_RECORD_ERROR, MM_RECORD_ERROR_BAD_POSITION);
    g_assert_cmpstr (cut->message, ==, "Line 1, column 10: the board has 3 squares instead of 64");
  }
  mm_game_record_get_start (a, &black, &white, &side);
  g_assert_cmphex (black & BIT (8), !=, 0);
  g_assert_cmphex (white & BIT (1), !=, 0);
  g_assert_cmphex (black | white, ==, G_GUINT64_CONSTANT (0x3C1CFFFFFFFF3D3E));
  g_assert_cmpint (side, ==, MM_COLOR_WHITE);
  g_assert_cmpuint (mm_game_record_get_n_moves (a), ==, 0);
  written = mm_record_write (a, MM_RECORD_FORMAT_BOARD);
  g_assert_cmpstr (written, ==,
                   "-OOOOO--X-OOXX--XXOXXXXXXOXXXXXXXXOOXXXXXXXOXXXX--XXX-----XXXO-- O");
  assert_round_trip (a);

  /* * for black and . for empty, as in other programs. */
  several = parse_ok ("..........................." "O*......*O" "..........................."
                      " *\n"
                      "---------------------------O*------*O--------------------------- O\n",
                      MM_RECORD_FORMAT_UNKNOWN, MM_RECORD_FORMAT_BOARD);
  g_assert_cmpuint (several->len, ==, 2);
  mm_game_record_get_start (g_ptr_array_index (several, 1), NULL, NULL, &side);
  g_assert_cmpint (side, ==, MM_COLOR_WHITE);
}

/* Paste takes any format and says which it found. */
static void
test_detect (void)
{
  static const struct
  {
    const char     *text;
    MmRecordFormat  format;
  } cases[] = {
    { "(;GM[Othello]" STANDARD_BO "B[f5];)", MM_RECORD_FORMAT_GGF },
    { "\n  (;GM[Othello];)", MM_RECORD_FORMAT_GGF },
    { "f5d6", MM_RECORD_FORMAT_TRANSCRIPT },
    { "1. f5 d6", MM_RECORD_FORMAT_TRANSCRIPT },
    { "[Black \"x\"]\n1. f5 *", MM_RECORD_FORMAT_PGN },
    { "---------------------------OX------XO--------------------------- X",
      MM_RECORD_FORMAT_BOARD },
    { "\xEF\xBB\xBF" "f5d6", MM_RECORD_FORMAT_TRANSCRIPT },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    g_ptr_array_unref (parse_ok (cases[i].text, MM_RECORD_FORMAT_UNKNOWN, cases[i].format));
}

/* ------------------------------------------------------------------ */
/* Bad input                                                          */
/* ------------------------------------------------------------------ */

static void
test_malformed (void)
{
  static const struct
  {
    const char     *text;
    MmRecordFormat  format;
    MmRecordError   code;
    const char     *message;
  } cases[] = {
    /* Empty */
    { "", 0, MM_RECORD_ERROR_EMPTY, "The text is empty" },
    { " \n\t\r\n", 0, MM_RECORD_ERROR_EMPTY, "The text is empty" },
    { "1977", 0, MM_RECORD_ERROR_EMPTY, "There are no moves in this text" },
    /* GGF: cut short */
    { "(;GM[Othello]B[f5]", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 1, column 1: the game that starts here does not end with “;)”: "
      "the text is cut short" },
    { "(;GM[Othello]\nPB[abc", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 2, column 3: the value of PB is not closed with “]”: the text is cut short" },
    { "(", 0, MM_RECORD_ERROR_SYNTAX, "Line 1, column 1: a GGF game starts with “(;”" },
    { "(x;)", 0, MM_RECORD_ERROR_SYNTAX, "Line 1, column 1: a GGF game starts with “(;”" },
    /* GGF: not Othello, not 8×8 */
    { "(;GM[Amazons];)", 0, MM_RECORD_ERROR_UNSUPPORTED,
      "Line 1, column 6: this is a game of “Amazons”, not of Othello" },
    { "(;GM[Othello]BO[10 ---];)", 0, MM_RECORD_ERROR_UNSUPPORTED,
      "Line 1, column 17: only 8×8 boards can be played, and this one is 10×10" },
    /* GGF: bad boards */
    { "(;GM[Othello]BO[];)", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 1, column 17: the board (BO) must start with its size, 8" },
    { "(;GM[Othello]BO[8 --------];)", 0, MM_RECORD_ERROR_BAD_POSITION,
      "Line 1, column 17: the board (BO) has 8 squares instead of 64" },
    { "(;GM[Othello]BO[8 ---Z];)", 0, MM_RECORD_ERROR_BAD_POSITION,
      "Line 1, column 22: “Z” is not a square of the board (*, O or -)" },
    { "(;GM[Othello]BO[8 " "----------------------------------------------------------------"
      "];)", 0, MM_RECORD_ERROR_BAD_POSITION,
      "Line 1, column 83: the board (BO) does not say whose turn it is" },
    { "(;GM[Othello]BO[8 " "----------------------------------------------------------------"
      " * x];)", 0, MM_RECORD_ERROR_BAD_POSITION,
      "Line 1, column 86: there is more than a board in BO" },
    { "(;GM[Othello]B[f5]" STANDARD_BO ";)", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 1, column 19: the board (BO) comes after the first move" },
    /* GGF: bad moves */
    { "(;GM[Othello]B[a1];)", 0, MM_RECORD_ERROR_ILLEGAL_MOVE,
      "Line 1, column 16: Move 1: a1 does not flip any disc" },
    { "(;GM[Othello]B[f5]\nW[f5];)", 0, MM_RECORD_ERROR_ILLEGAL_MOVE,
      "Line 2, column 3: Move 2: f5 is not empty" },
    { "(;GM[Othello]W[f5];)", 0, MM_RECORD_ERROR_ILLEGAL_MOVE,
      "Line 1, column 16: Move 1: it is Black’s turn, not White’s" },
    { "(;GM[Othello]B[PA];)", 0, MM_RECORD_ERROR_ILLEGAL_MOVE,
      "Line 1, column 16: Move 1: Black passes but has a move (d3)" },
    { "(;GM[Othello]B[z9];)", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 1, column 16: “z9” is not a move: moves are squares from a1 to h8, or PA for a pass" },
    { "(;GM[Othello]B[f55];)", 0, MM_RECORD_ERROR_SYNTAX, "“f55” is not a move" },
    { "(;GM[Othello]B[];)", 0, MM_RECORD_ERROR_SYNTAX, "“” is not a move" },
    { "(;GM[Othello]B[f5/x];)", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 1, column 16: Move 1: the evaluation “x” is not a number" },
    { "(;GM[Othello]B[f5/1/x];)", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 1, column 16: Move 1: the time “x” is not a time" },
    { "(;GM[Othello]B[f5/1/2/3];)", 0, MM_RECORD_ERROR_SYNTAX,
      "“f5/1/2/3” is not a move: a move is a square, an evaluation and a time" },
    /* GGF: bad properties */
    { "(;GM[Othello]P B[x];)", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 1, column 14: the property P has no value in “[ ]”" },
    { "(;GM[Othello]@;)", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 1, column 14: “@” is out of place: a property such as PB[name] or the end of "
      "the game “;)” should come here" },
    { "(;GM[Othello]\xCE\xB1[x];)", 0, MM_RECORD_ERROR_SYNTAX, "“α” is out of place" },
    { "(;GM[Othello]ABCDEFGHIJKLMNOPQRSTUVWXYZABCDEFGHIJ[x];)", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 1, column 14: the property name is longer than 32 characters" },
    { "(;GM[Othello];) x", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 1, column 17: “x” is outside a game: a GGF game starts with “(;”" },
    /* Not a game at all: prose is not taken for a list of bad moves */
    { "this is not a game at all", 0, MM_RECORD_ERROR_UNSUPPORTED,
      "This is not a game record: it is not a GGF game, a list of moves such as “f5 d6 c3”, "
      "a PGN game or a board diagram" },
    { "\n  Dear Anna,\nhere is the game we played on Sunday; I hope you like it.\n", 0,
      MM_RECORD_ERROR_UNSUPPORTED, "This is not a game record" },
    { "Paris, 12 May", 0, MM_RECORD_ERROR_UNSUPPORTED, "This is not a game record" },
    { "é", 0, MM_RECORD_ERROR_UNSUPPORTED, "This is not a game record" },
    /* GGF after a line of something else, in a damaged GGF game, or in prose */
    { "My game\n(;GM[Othello]" STANDARD_BO "B[f5];)", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 1, column 1: “M” is outside a game: a GGF game starts with “(;”" },
    { "(;GM[Othello]this is not a game at all;)", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 1, column 14: the property this has no value in “[ ]”" },
    { "(this is not a game)", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 1, column 1: a GGF game starts with “(;”" },
    /* Transcripts */
    { "f5d6 x9", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 1, column 6: “x9” is not a move: moves are written a1 to h8" },
    { "1. f5 d6 2. this", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 1, column 13: “this” is not a move" },
    { "F5 is the best first move", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 1, column 4: “is” is not a move" },
    { "f5 zz", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 1, column 4: “zz” is not a move: moves are written a1 to h8" },
    { "f5d6\nc3 i9 d3", 0, MM_RECORD_ERROR_SYNTAX, "Line 2, column 4: “i9” is not a move" },
    { "f5f5", 0, MM_RECORD_ERROR_ILLEGAL_MOVE, "Line 1, column 3: Move 2: f5 is not empty" },
    { "f5 pa", 0, MM_RECORD_ERROR_ILLEGAL_MOVE,
      "Line 1, column 4: Move 2: White passes but has a move (f4)" },
    { "34-30", 0, MM_RECORD_ERROR_SYNTAX, "Line 1, column 1: a score comes before any move" },
    { GAME_A " 33-31", 0, MM_RECORD_ERROR_MISMATCH,
      "Line 1, column 122: the score 33-31 does not match the final position, which is 34-30" },
    { GAME_A "a1", 0, MM_RECORD_ERROR_ILLEGAL_MOVE,
      "Line 1, column 121: Move 61: the game is already over" },
    /* PGN */
    { "[Black \"x]\n", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 1, column 1: the value of this tag does not end with a quote on its line" },
    { "[Black \"x\"\n1. f5", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 1, column 1: this tag does not end with “]”" },
    { "[Black x]", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 1, column 1: a tag should look like [Black \"name\"]" },
    { "[Black \"x\"]\n1. f5 {a comment", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 2, column 7: this comment does not end with “}”" },
    { "[Black \"x\"]\n1. f5 (1. d3", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 2, column 7: this variation does not end with “)”" },
    { "[Black \"x\"]\n1. f5 d6 2. Nf3", 0, MM_RECORD_ERROR_SYNTAX,
      "Line 2, column 13: “Nf3” is not a move" },
    { "[Black \"x\"]\n1. f5 f5", 0, MM_RECORD_ERROR_ILLEGAL_MOVE,
      "Line 2, column 7: Move 2: f5 is not empty" },
    { "[Result \"30-34\"]\n" GAME_A, 0, MM_RECORD_ERROR_MISMATCH,
      "Result: the score 30-34 does not match the final position, which is 34-30" },
    /* Boards */
    { "--------\n---Z----\n", 0, MM_RECORD_ERROR_BAD_POSITION,
      "Line 2, column 4: “Z” is not a square of the board (X, O or -)" },
    { "- - - - - - - -\n- - - - - - - -", 0, MM_RECORD_ERROR_BAD_POSITION,
      "the board has 16 squares instead of 64" },
    { "XO-", MM_RECORD_FORMAT_BOARD, MM_RECORD_ERROR_BAD_POSITION,
      "Line 1, column 1: the board has 3 squares instead of 64" },
    { "XO-Z", MM_RECORD_FORMAT_BOARD, MM_RECORD_ERROR_BAD_POSITION,
      "Line 1, column 4: “Z” is not a square of the board (X, O or -)" },
    { "----------------------------------------------------------------",
      MM_RECORD_FORMAT_BOARD, MM_RECORD_ERROR_BAD_POSITION,
      "Line 1, column 65: the side to move is missing: X or O should follow the 64 squares" },
    { "---------------------------------------------------------------- X f5",
      MM_RECORD_FORMAT_BOARD, MM_RECORD_ERROR_SYNTAX,
      "Line 1, column 68: the line goes on after the side to move" },
    /* Not text */
    { "f5\x01", 0, MM_RECORD_ERROR_NOT_TEXT,
      "Line 1, column 3: this is not text: it holds the control character U+0001" },
    { "(;GM[Othello]PB[\x1b[31m];)", 0, MM_RECORD_ERROR_NOT_TEXT, "U+001B" },
    { "\x89PNG\r\n\x1a\n", 0, MM_RECORD_ERROR_NOT_TEXT,
      "Line 1, column 1: this is not text: it holds the control character U+0089" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = parse_error (cases[i].text, strlen (cases[i].text),
                                             cases[i].format);

      if (strstr (error->message, cases[i].message) == NULL || error->code != (int) cases[i].code)
        g_test_message ("case %u: \"%s\" gave %d \"%s\"", i, cases[i].text, error->code,
                        error->message);
      g_assert_error (error, MM_RECORD_ERROR, (int) cases[i].code);
      g_assert_nonnull (strstr (error->message, cases[i].message));
      if (g_str_has_prefix (cases[i].message, "Line"))
        g_assert_true (g_str_has_prefix (error->message, cases[i].message));
    }
}

static void
test_malformed_sizes (void)
{
  g_autoptr(GString) text = g_string_new ("(;GM[Othello]PB[");
  g_autoptr(GError) error = NULL;
  gsize huge_length = 100 * 1024 * 1024;
  char *huge;

  /* A tag too long for a record. */
  for (guint i = 0; i < 5000; i++)
    g_string_append_c (text, 'a');
  g_string_append (text, "];)");
  error = parse_error (text->str, text->len, 0);
  g_assert_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_TOO_LARGE);
  g_assert_cmpstr (error->message, ==, "Line 1, column 17: the value of PB is longer than 4096 bytes");
  g_clear_error (&error);

  /* Too many tags. */
  g_string_assign (text, "(;GM[Othello]");
  for (guint i = 0; i < 300; i++)
    g_string_append_printf (text, "T%u[x]", i);
  g_string_append (text, ";)");
  error = parse_error (text->str, text->len, 0);
  g_assert_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_TOO_MANY);
  g_assert_nonnull (strstr (error->message, "The game has more than 256 tags"));
  g_clear_error (&error);

  /* 100 MB is refused at once. */
  huge = g_malloc (huge_length);
  memset (huge, 'f', huge_length);
  error = parse_error (huge, huge_length, 0);
  g_assert_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "The text is too large to be a game record"));
  g_clear_error (&error);
  g_free (huge);

  /* A zero byte: binary data, or UTF-16. */
  error = parse_error ("f\0" "5", 3, 0);
  g_assert_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_NOT_TEXT);
  g_assert_cmpstr (error->message, ==, "Line 1, column 2: this is not text: it holds a zero byte");
  g_clear_error (&error);
}

/* Text in Latin-1, as old records are, reads as such. */
static void
test_latin1 (void)
{
  g_autoptr(MmGameRecord) record = parse_one ("[Black \"M\xe9lanie\"]\n1. f5 *", MM_RECORD_FORMAT_PGN);

  g_assert_cmpstr (mm_game_record_get_tag (record, "PB"), ==, "Mélanie");
}

/* Every prefix of every sample is refused with a message or read, and
 * random changes to them never crash a parser; what still reads writes
 * back to the same game. */
static void
test_truncated_and_mutated (void)
{
  const char *samples[] = {
    ggs_sample, nboard_sample, edax_sample, archive_sample, pgn_sample,
    GAME_A " 34-30 1977\n",
    "-OOOOO--X-OOXX--XXOXXXXXXOXXXXXXXXOOXXXXXXXOXXXX--XXX-----XXXO-- O; G8:+2;\n",
  };
  GRand *rand = g_rand_new_with_seed (77);
  guint n_read = 0, n_refused = 0;

  for (guint s = 0; s < G_N_ELEMENTS (samples); s++)
    {
      gsize length = strlen (samples[s]);

      for (gsize cut = 0; cut < length; cut++)
        {
          g_autoptr(GError) error = NULL;
          g_autoptr(GPtrArray) games = mm_record_parse (samples[s], cut, 0, NULL, &error);

          g_assert_true ((games == NULL) != (error == NULL));
          if (games == NULL)
            n_refused++;
          else
            n_read++;
        }

      for (guint m = 0; m < 3000; m++)
        {
          g_autofree char *text = g_malloc (length + 8);
          gsize text_length = length;
          g_autoptr(GError) error = NULL;
          g_autoptr(GPtrArray) games = NULL;

          memcpy (text, samples[s], length);
          for (guint k = g_rand_int_range (rand, 1, 4); k > 0; k--)
            {
              gsize at = (gsize) g_rand_int_range (rand, 0, (gint32) text_length);

              switch (g_rand_int_range (rand, 0, 4))
                {
                case 0:
                  text[at] = (char) g_rand_int_range (rand, 0, 256);
                  break;
                case 1:
                  text[at] = "[]();/\\ \n*-OX9a"[g_rand_int_range (rand, 0, 15)];
                  break;
                case 2:
                  memmove (text + at, text + at + 1, text_length - at - 1);
                  text_length--;
                  break;
                default:
                  memmove (text + at + 1, text + at, text_length - at);
                  text[at] = "[];pa"[g_rand_int_range (rand, 0, 5)];
                  text_length++;
                  break;
                }
              if (text_length < 2)
                break;
            }

          games = mm_record_parse (text, text_length, 0, NULL, &error);
          g_assert_true ((games == NULL) != (error == NULL));
          if (games == NULL)
            {
              g_assert_true (error->domain == MM_RECORD_ERROR);
              g_assert_true (g_utf8_validate (error->message, -1, NULL));
              n_refused++;
              continue;
            }
          n_read++;
          for (guint i = 0; i < games->len; i++)
            {
              g_autofree char *ggf = mm_ggf_write (g_ptr_array_index (games, i));
              g_autoptr(GPtrArray) again = mm_record_parse (ggf, strlen (ggf), 0, NULL, &error);

              g_assert_no_error (error);
              g_assert_cmpuint (again->len, ==, 1);
              g_assert_true (mm_game_record_equal (g_ptr_array_index (games, i),
                                                   g_ptr_array_index (again, 0)));
            }
        }
    }

  g_test_message ("%u texts read, %u refused", n_read, n_refused);
  g_rand_free (rand);
}

/* ------------------------------------------------------------------ */
/* Files                                                              */
/* ------------------------------------------------------------------ */

static void
read_async_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  GAsyncResult **out = user_data;

  *out = g_object_ref (result);
}

static void
test_files (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("mm-test-record-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "game.ggf", NULL);
  g_autofree char *big_path = g_build_filename (dir, "big.ggf", NULL);
  g_autofree char *missing_path = g_build_filename (dir, "missing.ggf", NULL);
  g_autofree char *notes_path = g_build_filename (dir, "notes.ggf", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GFile) big = g_file_new_for_path (big_path);
  g_autoptr(GFile) missing = g_file_new_for_path (missing_path);
  g_autoptr(GFile) notes = g_file_new_for_path (notes_path);
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GAsyncResult) result = NULL;
  MmRecordFormat found;
  int fd;

  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, archive_sample, -1, &error));
  games = mm_record_read_file (file, &found, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 3);
  g_assert_cmpint (found, ==, MM_RECORD_FORMAT_GGF);
  g_clear_pointer (&games, g_ptr_array_unref);

  mm_record_read_file_async (file, NULL, read_async_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  games = mm_record_read_file_finish (result, &found, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 3);
  g_clear_pointer (&games, g_ptr_array_unref);
  g_clear_object (&result);

  /* A 100 MB file is refused after reading 8 MB of it. */
  fd = g_open (big_path, O_CREAT | O_WRONLY, 0600);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, 100 * 1024 * 1024), ==, 0);
  close (fd);
  games = mm_record_read_file (big, NULL, NULL, &error);
  g_assert_null (games);
  g_assert_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_TOO_LARGE);
  g_assert_nonnull (strstr (error->message, "The file is larger than"));
  g_clear_error (&error);

  /* Prose saved under a game's name is said to be no game, not a list
   * of bad moves: the name does not make it GGF. */
  g_assert_true (g_file_set_contents (notes_path, "this is not a game at all\n", -1, &error));
  mm_record_read_file_async (notes, NULL, read_async_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  games = mm_record_read_file_finish (result, &found, &error);
  g_assert_null (games);
  g_assert_error (error, MM_RECORD_ERROR, MM_RECORD_ERROR_UNSUPPORTED);
  g_assert_true (g_str_has_prefix (error->message, "This is not a game record: "));
  g_assert_cmpint (found, ==, MM_RECORD_FORMAT_UNKNOWN);
  g_clear_error (&error);
  g_clear_object (&result);

  mm_record_read_file_async (missing, NULL, read_async_cb, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  games = mm_record_read_file_finish (result, NULL, &error);
  g_assert_null (games);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_clear_error (&error);

  g_assert_no_errno (g_remove (path));
  g_assert_no_errno (g_remove (big_path));
  g_assert_no_errno (g_remove (notes_path));
  g_assert_no_errno (g_rmdir (dir));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/record/new", test_record_new);
  g_test_add_func ("/record/illegal", test_record_illegal);
  g_test_add_func ("/record/passes", test_record_passes);
  g_test_add_func ("/record/result", test_record_result);
  g_test_add_func ("/record/ggf/samples", test_ggf_samples);
  g_test_add_func ("/record/ggf/round-trip", test_ggf_round_trip);
  g_test_add_func ("/record/ggf/random-round-trip", test_ggf_random_round_trip);
  g_test_add_func ("/record/transcript", test_transcript);
  g_test_add_func ("/record/pgn", test_pgn);
  g_test_add_func ("/record/board-string", test_board_string);
  g_test_add_func ("/record/detect", test_detect);
  g_test_add_func ("/record/malformed", test_malformed);
  g_test_add_func ("/record/malformed-sizes", test_malformed_sizes);
  g_test_add_func ("/record/latin1", test_latin1);
  g_test_add_func ("/record/truncated-and-mutated", test_truncated_and_mutated);
  g_test_add_func ("/record/files", test_files);

  return g_test_run ();
}
