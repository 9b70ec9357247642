/* mm-nboard-protocol.c
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

/* The GUI side of the NBoard protocol, as NBoard's "Protocol.htm"
 * describes it and src/cli/mm-nboard.c implements the engine side:
 *
 *   > nboard 2                  once, at the start
 *   > set depth N               at the start and when the depth changes
 *   < set myname NAME           whenever the engine likes
 *
 * and for every move asked for:
 *
 *   > ping N                    stop whatever you are doing
 *   > set game (;GM[Othello]...;)   the whole game, start position and moves
 *   > go
 *   < pong N                    what comes from here on is for this request
 *   < search PV EVAL 0 DEPTH    (optional) progress
 *   < nodestats NODES SECONDS   (optional)
 *   < === F5/EVAL/TIME          the move, which the engine does not play
 *
 * Engines differ in the details: Edax answers "=== d3 1.00 0.0" with
 * blanks and in lower case, passes with "PS", and gives its search
 * depth as "21@98%". */

#define G_LOG_DOMAIN "mm-nboard-protocol"

#include "config.h"

#include <math.h>
#include <string.h>

#include "mm-eval.h"
#include "mm-ggf.h"
#include "mm-nboard-protocol.h"

char *
mm_nboard_format_ping (guint number)
{
  return g_strdup_printf ("ping %u", number);
}

char *
mm_nboard_format_set_depth (guint depth)
{
  return g_strdup_printf ("set depth %u", depth);
}

/* The game on one line, whatever its tags hold. */
char *
mm_nboard_format_set_game (MmGameRecord *record)
{
  g_autofree char *ggf = mm_ggf_write (record);

  g_strstrip (ggf);
  for (char *c = ggf; *c != '\0'; c++)
    if (*c == '\n' || *c == '\r')
      *c = ' ';
  return g_strconcat ("set game ", ggf, NULL);
}

/* "M:SS", whole seconds; never "0:00", which an engine reads as a
 * game without a clock. */
static char *
format_clock (gint64 microseconds)
{
  gint64 seconds = MAX (microseconds / G_USEC_PER_SEC, 1);

  return g_strdup_printf ("%" G_GINT64_FORMAT ":%02d", seconds / 60, (int) (seconds % 60));
}

/**
 * mm_nboard_record_on_clock:
 * @record: the game so far
 * @remaining: the side to move's time left, in microseconds
 * @increment: the time added after each move, in microseconds
 *
 * @record as an engine on a clock is told it.  An NBoard engine works
 * out its time from the game: the time control TI less the times of its
 * own moves.  The match's clock knows what is left, not what each move
 * took, so the copy says it that way: TI is the time the side to move
 * has left (with "/INCREMENT" when there is one) and no move has a time.
 * The moves keep their evaluations, the other tags stay.
 *
 * Returns: (transfer full): the copy
 */
MmGameRecord *
mm_nboard_record_on_clock (MmGameRecord *record,
                           gint64        remaining,
                           gint64        increment)
{
  g_autoptr(MmGameRecord) copy = NULL;
  g_autofree char *left = format_clock (remaining);
  g_autofree char *control = NULL;
  guint64 black, white;
  MmColor side;

  mm_game_record_get_start (record, &black, &white, &side);
  copy = mm_game_record_new_from_position (black, white, side);
  for (guint i = 0; i < mm_game_record_get_n_tags (record); i++)
    {
      const char *name = NULL;
      const char *value = mm_game_record_get_nth_tag (record, i, &name);

      mm_game_record_set_tag (copy, name, value, NULL);
    }
  for (guint i = 0; i < mm_game_record_get_n_moves (record); i++)
    {
      const char *eval = NULL;
      MmColor color;
      int square = mm_game_record_get_move (record, i, &color, &eval, NULL);

      if (!mm_game_record_play_as (copy, color, square, eval, NULL, NULL))
        g_return_val_if_reached (g_steal_pointer (&copy));
    }

  if (increment > 0)
    {
      g_autofree char *added = format_clock (increment);

      control = g_strdup_printf ("%s/%s", left, added);
    }
  else
    control = g_steal_pointer (&left);
  mm_game_record_set_tag (copy, MM_RECORD_TAG_TIME, control, NULL);
  return g_steal_pointer (&copy);
}

/* Is @line the command @word, and then what follows it? */
static gboolean
is_command (const char  *line,
            const char  *word,
            const char **rest)
{
  gsize length = strlen (word);

  if (strncmp (line, word, length) != 0)
    return FALSE;
  /* "===F5" is a move too. */
  if (line[length] != '\0' && line[length] != ' ' && line[length] != '\t'
      && strcmp (word, "===") != 0)
    return FALSE;
  *rest = line + length;
  while (**rest == ' ' || **rest == '\t')
    (*rest)++;
  return TRUE;
}

/**
 * mm_nboard_parse_reply:
 * @line: a line from the engine, without its blanks around
 * @argument: (out): what follows the command in @line
 *
 * Returns: which line it is; @argument is set unless it is
 *   %MM_NBOARD_REPLY_OTHER
 */
MmNboardReply
mm_nboard_parse_reply (const char  *line,
                       const char **argument)
{
  const char *rest;

  if (is_command (line, "===", argument))
    return MM_NBOARD_REPLY_MOVE;
  if (is_command (line, "pong", argument))
    return MM_NBOARD_REPLY_PONG;
  if (is_command (line, "set", &rest) && is_command (rest, "myname", argument))
    return MM_NBOARD_REPLY_NAME;
  if (is_command (line, "search", argument))
    return MM_NBOARD_REPLY_SEARCH;
  if (is_command (line, "nodestats", argument))
    return MM_NBOARD_REPLY_NODESTATS;
  return MM_NBOARD_REPLY_OTHER;
}

gboolean
mm_nboard_parse_pong (const char *argument,
                      guint64    *number)
{
  char *end = NULL;

  *number = g_ascii_strtoull (argument, &end, 10);
  return end != argument && *end == '\0';
}

/* "F5", "f5", "PA", "pass", or Edax's "PS": a square or MM_SQUARE_PASS;
 * MM_SQUARE_NONE for anything else. */
static int
parse_square (const char *text)
{
  if (g_ascii_strcasecmp (text, "pa") == 0 || g_ascii_strcasecmp (text, "ps") == 0
      || g_ascii_strcasecmp (text, "pass") == 0)
    return MM_SQUARE_PASS;
  if (strlen (text) != 2)
    return MM_SQUARE_NONE;
  return mm_square_parse (text);
}

/* An evaluation in discs for the side to move, as a score. */
static gboolean
parse_eval (const char *text,
            int        *score)
{
  char *end = NULL;
  double discs;

  if (text == NULL || text[0] == '\0')
    return FALSE;
  discs = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (discs))
    return FALSE;
  *score = (int) lround (CLAMP (discs, -64.0, 64.0) * MM_EVAL_SCALE);
  return TRUE;
}

/* The words of @text, split at blanks. */
static GStrv
split_words (const char *text)
{
  g_auto(GStrv) parts = g_strsplit_set (text, " \t", -1);
  g_autoptr(GStrvBuilder) words = g_strv_builder_new ();

  for (guint i = 0; parts[i] != NULL; i++)
    if (parts[i][0] != '\0')
      g_strv_builder_add (words, parts[i]);
  return g_strv_builder_end (words);
}

/* The words of "F5/1.50/0.3", "F5//0.3", "F5" or "d6 -1.00 0.0": the
 * move, then the evaluation ("" when left out). */
static GStrv
split_move (const char *text)
{
  GStrv fields;

  if (strchr (text, '/') == NULL)
    return split_words (text);
  fields = g_strsplit (text, "/", 3);
  for (guint i = 0; fields[i] != NULL; i++)
    g_strstrip (fields[i]);
  return fields;
}

/**
 * mm_nboard_parse_move:
 * @argument: what follows "===", such as "F5/1.50/0.3"
 * @square: (out): a square or MM_SQUARE_PASS
 * @has_score: (out): whether the engine gave an evaluation
 * @score: (out): the evaluation, when it did
 *
 * Returns: %FALSE when @argument does not begin with a move
 */
gboolean
mm_nboard_parse_move (const char *argument,
                      int        *square,
                      gboolean   *has_score,
                      int        *score)
{
  g_auto(GStrv) words = split_move (argument);

  *square = words[0] != NULL ? parse_square (words[0]) : MM_SQUARE_NONE;
  *has_score = *square != MM_SQUARE_NONE && words[1] != NULL && parse_eval (words[1], score);
  return *square != MM_SQUARE_NONE;
}

/* "F5d6 1.50 0 12": the first move of the line, its evaluation and the
 * depth ("12", Edax's "21@98%", or "100%" when solved). */
gboolean
mm_nboard_parse_search (const char     *argument,
                        MmNboardSearch *search)
{
  g_auto(GStrv) words = split_words (argument);
  g_autofree char *move = NULL;

  memset (search, 0, sizeof *search);
  if (g_strv_length (words) < 4 || strlen (words[0]) < 2)
    return FALSE;
  move = g_strndup (words[0], 2);
  search->square = parse_square (move);
  if (search->square == MM_SQUARE_NONE || !parse_eval (words[1], &search->score))
    return FALSE;
  if (strcmp (words[3], "100%") == 0)
    search->exact = TRUE;
  else
    search->depth = (int) CLAMP (g_ascii_strtoll (words[3], NULL, 10), 0, MM_N_SQUARES);
  return TRUE;
}

gboolean
mm_nboard_parse_nodestats (const char *argument,
                           guint64    *nodes)
{
  char *end = NULL;
  double count = g_ascii_strtod (argument, &end);

  if (end == argument || !isfinite (count) || count < 0 || count >= 1e18)
    return FALSE;
  *nodes = (guint64) count;
  return TRUE;
}

/**
 * mm_nboard_clean_text:
 * @text: what an engine wrote: a name, a message
 * @max_chars: the most characters to keep
 *
 * Makes @text fit to be shown: valid UTF-8, control characters as
 * blanks, no blanks around, at most @max_chars long.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL when nothing
 *   is left of it
 */
char *
mm_nboard_clean_text (const char *text,
                      guint       max_chars)
{
  g_autofree char *made_valid = g_utf8_make_valid (text, -1);
  g_autoptr(GString) blanked = g_string_sized_new (strlen (made_valid));
  g_autofree char *valid = NULL;
  glong length;

  /* Every control character, not only ASCII's (C1 ones such as U+0085
   * break lines too), and the invisible format ones that reorder text. */
  for (const char *c = made_valid; *c != '\0'; c = g_utf8_next_char (c))
    {
      gunichar ch = g_utf8_get_char (c);

      if (g_unichar_iscntrl (ch) || g_unichar_type (ch) == G_UNICODE_FORMAT)
        g_string_append_c (blanked, ' ');
      else
        g_string_append_unichar (blanked, ch);
    }
  valid = g_string_free (g_steal_pointer (&blanked), FALSE);
  g_strstrip (valid);
  length = g_utf8_strlen (valid, -1);
  if (length == 0)
    return NULL;
  return g_utf8_substring (valid, 0, MIN (length, (glong) max_chars));
}
