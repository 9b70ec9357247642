/* test-game.c
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

/* MmGame: moves and refusals, automatic passes, undo and redo, and the
 * signals and property notifications the views rely on. */

#include "config.h"

#include <string.h>

#include "mm-clock.h"
#include "mm-game.h"
#include "mm-opening.h"
#include "mm-ggf.h"
#include "mm-record-io.h"

#define BIT(square) (G_GUINT64_CONSTANT (1) << (square))
#define MAX_HISTORY 128

/* The shortest game there is: black wipes white out in nine moves, 13-0. */
static const char *const wipeout_game[] = {
  "d3", "c3", "b3", "d2", "e1", "d6", "d7", "e3", "f4",
};

static const char *const property_names[] = {
  "side-to-move", "black-count", "white-count", "is-over",
  "can-undo", "can-redo", "n-moves",
};

/* ------------------------------------------------------------------ */
/* Recording what a game emits                                        */
/* ------------------------------------------------------------------ */

/* Each emission as a line of text, in order: "move-played black d3 flips
 * 0000000008000000", "passed white", "game-over 13 0", "position-changed",
 * "notify n-moves=1" (with the value read in the handler). */
typedef struct
{
  MmGame    *game;
  GPtrArray *events;
} Recorder;

static const char *
color_name (MmColor color)
{
  return color == MM_COLOR_BLACK ? "black" : "white";
}

static int
square_of (const char *name)
{
  int result = mm_square_parse (name);

  g_assert_cmpint (result, !=, MM_SQUARE_NONE);
  return result;
}

static void
on_move_played (MmGame   *game,
                MmColor   color,
                int       sq,
                guint64   flips,
                Recorder *recorder)
{
  char name[3];

  g_assert_true (game == recorder->game);
  mm_square_format (sq, name);
  g_ptr_array_add (recorder->events,
                   g_strdup_printf ("move-played %s %s flips %016" G_GINT64_MODIFIER "x",
                                    color_name (color), name, flips));

  /* Handlers see the position after the move. */
  g_assert_cmpint (mm_game_get_disc (game, sq), ==, mm_disc_of_color (color));
  for (int i = 0; i < 64; i++)
    if (flips & BIT (i))
      g_assert_cmpint (mm_game_get_disc (game, i), ==, mm_disc_of_color (color));
}

static void
on_passed (MmGame   *game,
           MmColor   color,
           Recorder *recorder)
{
  g_assert_true (game == recorder->game);
  g_ptr_array_add (recorder->events, g_strdup_printf ("passed %s", color_name (color)));
}

static void
on_game_over (MmGame   *game,
              guint     black,
              guint     white,
              Recorder *recorder)
{
  g_assert_true (game == recorder->game);
  g_ptr_array_add (recorder->events, g_strdup_printf ("game-over %u %u", black, white));

  g_assert_true (mm_game_is_over (game));
  g_assert_cmpuint (black, ==, mm_game_get_black_count (game));
  g_assert_cmpuint (white, ==, mm_game_get_white_count (game));
}

static void
on_position_changed (MmGame   *game,
                     Recorder *recorder)
{
  g_assert_true (game == recorder->game);
  g_ptr_array_add (recorder->events, g_strdup ("position-changed"));
}

static void
on_notify (GObject    *object,
           GParamSpec *pspec,
           Recorder   *recorder)
{
  GValue value = G_VALUE_INIT;
  g_autofree char *text = NULL;

  g_assert_true (object == G_OBJECT (recorder->game));

  g_value_init (&value, pspec->value_type);
  g_object_get_property (object, pspec->name, &value);
  if (G_VALUE_HOLDS_ENUM (&value))
    text = g_strdup (color_name ((MmColor) g_value_get_enum (&value)));
  else if (G_VALUE_HOLDS_STRING (&value))
    text = g_strdup (g_value_get_string (&value) != NULL ? g_value_get_string (&value) : "(null)");
  else if (G_VALUE_HOLDS_BOOLEAN (&value))
    text = g_strdup (g_value_get_boolean (&value) ? "TRUE" : "FALSE");
  else
    text = g_strdup_printf ("%u", g_value_get_uint (&value));
  g_value_unset (&value);

  g_ptr_array_add (recorder->events, g_strdup_printf ("notify %s=%s", pspec->name, text));
}

static Recorder *
recorder_new (MmGame *game)
{
  Recorder *recorder = g_new0 (Recorder, 1);

  recorder->game = game;
  recorder->events = g_ptr_array_new_with_free_func (g_free);
  g_signal_connect (game, "move-played", G_CALLBACK (on_move_played), recorder);
  g_signal_connect (game, "passed", G_CALLBACK (on_passed), recorder);
  g_signal_connect (game, "game-over", G_CALLBACK (on_game_over), recorder);
  g_signal_connect (game, "position-changed", G_CALLBACK (on_position_changed), recorder);
  g_signal_connect (game, "notify", G_CALLBACK (on_notify), recorder);

  return recorder;
}

static void
recorder_free (Recorder *recorder)
{
  g_signal_handlers_disconnect_by_data (recorder->game, recorder);
  g_ptr_array_unref (recorder->events);
  g_free (recorder);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Recorder, recorder_free)

static void
recorder_clear (Recorder *recorder)
{
  g_ptr_array_set_size (recorder->events, 0);
}

static void
recorder_log (Recorder *recorder)
{
  for (guint i = 0; i < recorder->events->len; i++)
    g_test_message ("  event: %s", (const char *) g_ptr_array_index (recorder->events, i));
}

/* How many events begin with @prefix. */
static guint
recorder_count (Recorder   *recorder,
                const char *prefix)
{
  guint n = 0;

  for (guint i = 0; i < recorder->events->len; i++)
    n += g_str_has_prefix (g_ptr_array_index (recorder->events, i), prefix);

  return n;
}

/* Checks that @event was emitted exactly once. */
static void
assert_event_once (Recorder   *recorder,
                   const char *event)
{
  guint n = 0;

  for (guint i = 0; i < recorder->events->len; i++)
    n += strcmp (g_ptr_array_index (recorder->events, i), event) == 0;

  if (n != 1)
    {
      g_test_message ("expected \"%s\" once, got it %u times", event, n);
      recorder_log (recorder);
    }
  g_assert_cmpuint (n, ==, 1);
}

static void
assert_no_events (Recorder *recorder)
{
  if (recorder->events->len != 0)
    recorder_log (recorder);
  g_assert_cmpuint (recorder->events->len, ==, 0);
}

/* ------------------------------------------------------------------ */
/* Snapshots of a game                                                */
/* ------------------------------------------------------------------ */

typedef struct
{
  guint64  black;
  guint64  white;
  MmColor  side;
  guint    n_moves;
  int      moves[MAX_HISTORY];
  MmColor  colors[MAX_HISTORY];
  int      last_move;
  guint    black_count;
  guint    white_count;
  gboolean is_over;
  gboolean can_undo;
  gboolean can_redo;
  MmDisc   winner;
} Snapshot;

/* The state through the getters, checked against the properties and
 * against the board itself. */
static Snapshot
snapshot_take (MmGame *game)
{
  Snapshot snap = { 0 };
  MmBoard board = mm_game_get_board (game);
  MmColor side;
  guint black_count, white_count, n_moves;
  gboolean is_over, can_undo, can_redo;

  snap.side = mm_game_get_side_to_move (game);
  snap.black = snap.side == MM_COLOR_BLACK ? board.player : board.opponent;
  snap.white = snap.side == MM_COLOR_BLACK ? board.opponent : board.player;
  g_assert_cmphex (snap.black & snap.white, ==, 0);

  snap.n_moves = mm_game_get_n_moves (game);
  g_assert_cmpuint (snap.n_moves, <=, MAX_HISTORY);
  snap.last_move = MM_SQUARE_NONE;
  for (guint i = 0; i < snap.n_moves; i++)
    {
      snap.moves[i] = mm_game_get_move (game, i, &snap.colors[i]);
      if (snap.moves[i] != MM_SQUARE_PASS)
        {
          g_assert_true (mm_square_is_valid (snap.moves[i]));
          snap.last_move = snap.moves[i];
        }
    }
  g_assert_cmpint (mm_game_get_last_move (game), ==, snap.last_move);

  snap.black_count = mm_game_get_black_count (game);
  snap.white_count = mm_game_get_white_count (game);
  snap.is_over = mm_game_is_over (game);
  snap.can_undo = mm_game_can_undo (game);
  snap.can_redo = mm_game_can_redo (game);
  snap.winner = mm_game_get_winner (game);

  g_assert_cmpuint (snap.black_count, ==, (guint) __builtin_popcountll (snap.black));
  g_assert_cmpuint (snap.white_count, ==, (guint) __builtin_popcountll (snap.white));
  g_assert_cmpint (snap.is_over, ==, mm_board_is_game_over (&board));
  g_assert_cmphex (mm_game_get_legal_moves (game), ==, mm_board_legal_moves (&board));
  g_assert_cmpint (snap.can_undo, ==, snap.last_move != MM_SQUARE_NONE);
  for (int i = 0; i < 64; i++)
    {
      MmDisc disc = (snap.black & BIT (i)) ? MM_DISC_BLACK
                    : (snap.white & BIT (i)) ? MM_DISC_WHITE : MM_DISC_NONE;

      g_assert_cmpint (mm_game_get_disc (game, i), ==, disc);
    }

  /* The flips a move would make, for every square: none off the legal
   * moves. */
  for (int i = 0; i < 64; i++)
    {
      guint64 flips = mm_game_get_flips (game, i);

      if (mm_board_legal_moves (&board) & BIT (i))
        g_assert_cmphex (flips, ==, mm_board_flips (&board, i));
      else
        g_assert_cmphex (flips, ==, 0);
    }

  /* A game that is not over always has a move for the side to move:
   * passes are made by the game itself. */
  if (!snap.is_over)
    g_assert_cmphex (mm_game_get_legal_moves (game), !=, 0);

  if (!snap.is_over || snap.black_count == snap.white_count)
    g_assert_cmpint (snap.winner, ==, MM_DISC_NONE);
  else
    g_assert_cmpint (snap.winner, ==,
                     snap.black_count > snap.white_count ? MM_DISC_BLACK : MM_DISC_WHITE);

  g_object_get (game,
                "side-to-move", &side,
                "black-count", &black_count,
                "white-count", &white_count,
                "is-over", &is_over,
                "can-undo", &can_undo,
                "can-redo", &can_redo,
                "n-moves", &n_moves,
                NULL);
  g_assert_cmpint (side, ==, snap.side);
  g_assert_cmpuint (black_count, ==, snap.black_count);
  g_assert_cmpuint (white_count, ==, snap.white_count);
  g_assert_cmpint (is_over, ==, snap.is_over);
  g_assert_cmpint (can_undo, ==, snap.can_undo);
  g_assert_cmpint (can_redo, ==, snap.can_redo);
  g_assert_cmpuint (n_moves, ==, snap.n_moves);

  return snap;
}

/* The same position and history; can-redo is left to the caller. */
static void
assert_same_game (const Snapshot *a,
                  const Snapshot *b)
{
  g_assert_cmphex (a->black, ==, b->black);
  g_assert_cmphex (a->white, ==, b->white);
  g_assert_cmpint (a->side, ==, b->side);
  g_assert_cmpuint (a->n_moves, ==, b->n_moves);
  for (guint i = 0; i < a->n_moves; i++)
    {
      g_assert_cmpint (a->moves[i], ==, b->moves[i]);
      g_assert_cmpint (a->colors[i], ==, b->colors[i]);
    }
  g_assert_cmpint (a->last_move, ==, b->last_move);
  g_assert_cmpuint (a->black_count, ==, b->black_count);
  g_assert_cmpuint (a->white_count, ==, b->white_count);
  g_assert_cmpint (a->is_over, ==, b->is_over);
  g_assert_cmpint (a->can_undo, ==, b->can_undo);
  g_assert_cmpint (a->winner, ==, b->winner);
}

static void
assert_same_snapshot (const Snapshot *a,
                      const Snapshot *b)
{
  assert_same_game (a, b);
  g_assert_cmpint (a->can_redo, ==, b->can_redo);
}

static gboolean
property_changed (const Snapshot *before,
                  const Snapshot *after,
                  const char     *property,
                  char          **value)
{
  if (g_str_equal (property, "side-to-move"))
    {
      *value = g_strdup (color_name (after->side));
      return before->side != after->side;
    }
  if (g_str_equal (property, "black-count"))
    {
      *value = g_strdup_printf ("%u", after->black_count);
      return before->black_count != after->black_count;
    }
  if (g_str_equal (property, "white-count"))
    {
      *value = g_strdup_printf ("%u", after->white_count);
      return before->white_count != after->white_count;
    }
  if (g_str_equal (property, "is-over"))
    {
      *value = g_strdup (after->is_over ? "TRUE" : "FALSE");
      return before->is_over != after->is_over;
    }
  if (g_str_equal (property, "can-undo"))
    {
      *value = g_strdup (after->can_undo ? "TRUE" : "FALSE");
      return before->can_undo != after->can_undo;
    }
  if (g_str_equal (property, "can-redo"))
    {
      *value = g_strdup (after->can_redo ? "TRUE" : "FALSE");
      return before->can_redo != after->can_redo;
    }
  if (g_str_equal (property, "n-moves"))
    {
      *value = g_strdup_printf ("%u", after->n_moves);
      return before->n_moves != after->n_moves;
    }

  g_assert_not_reached ();
}

/* Each property that changed between the snapshots was notified once,
 * with its new value; the others not at all.  Returns how many were. */
static guint
assert_notifications (Recorder       *recorder,
                      const Snapshot *before,
                      const Snapshot *after)
{
  guint n_changed = 0;

  for (guint i = 0; i < G_N_ELEMENTS (property_names); i++)
    {
      g_autofree char *prefix = g_strdup_printf ("notify %s=", property_names[i]);
      g_autofree char *value = NULL;
      gboolean changed = property_changed (before, after, property_names[i], &value);

      if (changed)
        {
          g_autofree char *event = g_strconcat (prefix, value, NULL);

          assert_event_once (recorder, event);
          n_changed++;
        }
      else if (recorder_count (recorder, prefix) != 0)
        {
          g_test_message ("%s was notified without a change", property_names[i]);
          recorder_log (recorder);
          g_assert_cmpuint (recorder_count (recorder, prefix), ==, 0);
        }
    }
  g_assert_cmpuint (recorder_count (recorder, "notify "), ==, n_changed);

  return n_changed;
}

static char *
move_played_event (MmColor color,
                   int     sq,
                   guint64 flips)
{
  char name[3];

  mm_square_format (sq, name);
  return g_strdup_printf ("move-played %s %s flips %016" G_GINT64_MODIFIER "x",
                          color_name (color), name, flips);
}

static guint64
discs_of (const Snapshot *snap,
          MmColor         color)
{
  return color == MM_COLOR_BLACK ? snap->black : snap->white;
}

/* Everything one move by mm_game_play() or mm_game_redo() must do, seen
 * from outside: the disc and its flips, the pass that may follow, the end
 * of the game, and the events, each once. */
static void
assert_move_effects (Recorder       *recorder,
                     const Snapshot *before,
                     const Snapshot *after,
                     int             sq,
                     guint64         flips)
{
  MmColor mover = before->side;
  MmColor other = mm_color_other (mover);
  gboolean passed = after->n_moves == before->n_moves + 2;
  guint n_events = 1;

  g_assert_false (before->is_over);
  g_assert_cmphex (flips, !=, 0);
  g_assert_cmphex (flips & discs_of (before, other), ==, flips);

  /* The disc, its flips, and nothing else. */
  g_assert_cmphex (discs_of (after, mover), ==, discs_of (before, mover) | flips | BIT (sq));
  g_assert_cmphex (discs_of (after, other), ==, discs_of (before, other) & ~flips);

  /* The history: the move, then maybe a pass by the other side. */
  g_assert_true (after->n_moves == before->n_moves + 1 || passed);
  for (guint i = 0; i < before->n_moves; i++)
    g_assert_cmpint (after->moves[i], ==, before->moves[i]);
  g_assert_cmpint (after->moves[before->n_moves], ==, sq);
  g_assert_cmpint (after->colors[before->n_moves], ==, mover);
  g_assert_cmpint (after->last_move, ==, sq);
  g_assert_true (after->can_undo);

  {
    g_autofree char *event = move_played_event (mover, sq, flips);

    assert_event_once (recorder, event);
    g_assert_cmpuint (recorder_count (recorder, "move-played "), ==, 1);
  }

  if (passed)
    {
      /* The other side had no move and passed by itself. */
      g_autofree char *event = g_strdup_printf ("passed %s", color_name (other));

      g_assert_cmpint (after->moves[before->n_moves + 1], ==, MM_SQUARE_PASS);
      g_assert_cmpint (after->colors[before->n_moves + 1], ==, other);
      g_assert_cmpint (after->side, ==, mover);
      g_assert_false (after->is_over);
      assert_event_once (recorder, event);
      n_events++;
    }
  else
    {
      g_assert_cmpint (after->side, ==, other);
    }
  g_assert_cmpuint (recorder_count (recorder, "passed "), ==, passed ? 1 : 0);

  if (after->is_over)
    {
      g_autofree char *event = g_strdup_printf ("game-over %u %u",
                                                after->black_count, after->white_count);

      assert_event_once (recorder, event);
      n_events++;
    }
  g_assert_cmpuint (recorder_count (recorder, "game-over "), ==, after->is_over ? 1 : 0);

  g_assert_cmpuint (recorder_count (recorder, "position-changed"), ==, 0);

  n_events += assert_notifications (recorder, before, after);
  if (recorder->events->len != n_events)
    recorder_log (recorder);
  g_assert_cmpuint (recorder->events->len, ==, n_events);
}

/* Plays @sq, which must be legal, and checks all it does. */
static void
play_and_check (MmGame   *game,
                Recorder *recorder,
                int       sq)
{
  g_autoptr(GError) error = NULL;
  Snapshot before = snapshot_take (game);
  Snapshot after;
  guint64 flips = mm_game_get_flips (game, sq);

  g_assert_cmphex (mm_game_get_legal_moves (game) & BIT (sq), !=, 0);

  recorder_clear (recorder);
  g_assert_true (mm_game_play (game, sq, &error));
  g_assert_no_error (error);
  after = snapshot_take (game);

  /* A move played clears redo. */
  g_assert_false (after.can_redo);
  assert_move_effects (recorder, &before, &after, sq, flips);
}

static int
random_legal_move (MmGame *game,
                   GRand  *rand)
{
  guint64 moves = mm_game_get_legal_moves (game);
  int n = __builtin_popcountll (moves);
  int pick;

  g_assert_cmpint (n, >, 0);
  pick = g_rand_int_range (rand, 0, n);
  while (pick-- > 0)
    moves &= moves - 1;

  return __builtin_ctzll (moves);
}

/* The squares of a random game that has a pass before its last move, so
 * that moves come after the pass; found with a fixed seed. */
static GArray *
find_game_with_pass (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (4242);

  for (int attempt = 0; attempt < 10000; attempt++)
    {
      g_autoptr(MmGame) game = mm_game_new ();
      g_autoptr(GArray) squares = g_array_new (FALSE, FALSE, sizeof (int));
      gboolean pass_inside = FALSE;

      while (!mm_game_is_over (game))
        {
          int sq = random_legal_move (game, rand);
          guint n_before = mm_game_get_n_moves (game);

          if (n_before > 0
              && mm_game_get_move (game, n_before - 1, NULL) == MM_SQUARE_PASS)
            pass_inside = TRUE;
          g_assert_true (mm_game_play (game, sq, NULL));
          g_array_append_val (squares, sq);
        }

      if (pass_inside)
        {
          g_test_message ("a game with a pass inside, found after %d tries", attempt + 1);
          return g_steal_pointer (&squares);
        }
    }

  g_assert_not_reached ();
}

/* ------------------------------------------------------------------ */
/* Tests                                                              */
/* ------------------------------------------------------------------ */

static void
test_new (void)
{
  g_autoptr(MmGame) game = mm_game_new ();
  g_autoptr(Recorder) recorder = recorder_new (game);
  Snapshot snap = snapshot_take (game);
  Snapshot after;

  g_assert_cmpint (snap.side, ==, MM_COLOR_BLACK);
  g_assert_cmphex (snap.black, ==, BIT (square_of ("d5")) | BIT (square_of ("e4")));
  g_assert_cmphex (snap.white, ==, BIT (square_of ("d4")) | BIT (square_of ("e5")));
  g_assert_cmpuint (snap.black_count, ==, 2);
  g_assert_cmpuint (snap.white_count, ==, 2);
  g_assert_cmpuint (snap.n_moves, ==, 0);
  g_assert_cmpint (snap.last_move, ==, MM_SQUARE_NONE);
  g_assert_false (snap.is_over);
  g_assert_false (snap.can_undo);
  g_assert_false (snap.can_redo);
  g_assert_cmpint (snap.winner, ==, MM_DISC_NONE);

  g_assert_cmphex (mm_game_get_legal_moves (game), ==,
                   BIT (square_of ("d3")) | BIT (square_of ("c4")) | BIT (square_of ("f5")) | BIT (square_of ("e6")));
  g_assert_cmphex (mm_game_get_flips (game, square_of ("d3")), ==, BIT (square_of ("d4")));
  g_assert_cmphex (mm_game_get_flips (game, square_of ("e6")), ==, BIT (square_of ("e5")));
  g_assert_cmphex (mm_game_get_flips (game, square_of ("a1")), ==, 0);
  g_assert_cmphex (mm_game_get_flips (game, square_of ("d4")), ==, 0);

  /* Nothing to take back or to play again. */
  g_assert_false (mm_game_undo (game));
  g_assert_false (mm_game_redo (game));
  assert_no_events (recorder);
  after = snapshot_take (game);
  assert_same_snapshot (&snap, &after);
}

static void
test_play (void)
{
  g_autoptr(MmGame) game = mm_game_new ();
  g_autoptr(Recorder) recorder = recorder_new (game);
  g_autoptr(GError) error = NULL;
  MmColor color = MM_COLOR_WHITE;
  Snapshot snap;

  /* The first move, with every event spelled out. */
  g_assert_true (mm_game_play (game, square_of ("d3"), &error));
  g_assert_no_error (error);
  assert_event_once (recorder, "move-played black d3 flips 0000000008000000");
  assert_event_once (recorder, "notify side-to-move=white");
  assert_event_once (recorder, "notify black-count=4");
  assert_event_once (recorder, "notify white-count=1");
  assert_event_once (recorder, "notify can-undo=TRUE");
  assert_event_once (recorder, "notify n-moves=1");
  g_assert_cmpuint (recorder->events->len, ==, 6);

  snap = snapshot_take (game);
  g_assert_cmpint (snap.side, ==, MM_COLOR_WHITE);
  g_assert_cmphex (snap.black, ==,
                   BIT (square_of ("d3")) | BIT (square_of ("d4")) | BIT (square_of ("d5")) | BIT (square_of ("e4")));
  g_assert_cmphex (snap.white, ==, BIT (square_of ("e5")));
  g_assert_cmpint (mm_game_get_move (game, 0, &color), ==, square_of ("d3"));
  g_assert_cmpint (color, ==, MM_COLOR_BLACK);
  g_assert_cmpint (mm_game_get_last_move (game), ==, square_of ("d3"));
  g_assert_cmphex (mm_game_get_legal_moves (game), ==,
                   BIT (square_of ("c3")) | BIT (square_of ("e3")) | BIT (square_of ("c5")));

  /* White's reply: the counts change again, can-undo does not. */
  recorder_clear (recorder);
  g_assert_true (mm_game_play (game, square_of ("c3"), &error));
  g_assert_no_error (error);
  assert_event_once (recorder, "move-played white c3 flips 0000000008000000");
  assert_event_once (recorder, "notify side-to-move=black");
  assert_event_once (recorder, "notify black-count=3");
  assert_event_once (recorder, "notify white-count=3");
  assert_event_once (recorder, "notify n-moves=2");
  g_assert_cmpuint (recorder->events->len, ==, 5);
  g_assert_cmpint (mm_game_get_move (game, 1, &color), ==, square_of ("c3"));
  g_assert_cmpint (color, ==, MM_COLOR_WHITE);

  /* And a third move through the generic checks. */
  play_and_check (game, recorder, square_of ("c4"));
}

static void
assert_refused (MmGame      *game,
                Recorder    *recorder,
                int          sq,
                MmGameError  code,
                const char  *mention)
{
  g_autoptr(GError) error = NULL;
  Snapshot before = snapshot_take (game);
  Snapshot after;

  recorder_clear (recorder);
  g_assert_false (mm_game_play (game, sq, &error));
  g_assert_error (error, MM_GAME_ERROR, (int) code);
  g_assert_cmpstr (error->message, !=, "");
  if (mention != NULL && strstr (error->message, mention) == NULL)
    {
      g_test_message ("square %d refused with \"%s\", which should mention \"%s\"",
                      sq, error->message, mention);
      g_assert_nonnull (strstr (error->message, mention));
    }

  after = snapshot_take (game);
  assert_same_snapshot (&before, &after);
  assert_no_events (recorder);

  /* The same without asking for the error. */
  g_assert_false (mm_game_play (game, sq, NULL));
  after = snapshot_take (game);
  assert_same_snapshot (&before, &after);
  assert_no_events (recorder);
}

static void
test_illegal (void)
{
  g_autoptr(MmGame) game = mm_game_new ();
  g_autoptr(Recorder) recorder = recorder_new (game);
  Snapshot snap;

  assert_refused (game, recorder, square_of ("d4"), MM_GAME_ERROR_OCCUPIED, "d4");
  assert_refused (game, recorder, square_of ("e4"), MM_GAME_ERROR_OCCUPIED, "e4");
  assert_refused (game, recorder, square_of ("a1"), MM_GAME_ERROR_NO_FLIPS, "a1");
  assert_refused (game, recorder, square_of ("d6"), MM_GAME_ERROR_NO_FLIPS, "d6");
  assert_refused (game, recorder, square_of ("c3"), MM_GAME_ERROR_NO_FLIPS, "c3");
  assert_refused (game, recorder, square_of ("h8"), MM_GAME_ERROR_NO_FLIPS, "h8");
  assert_refused (game, recorder, -1, MM_GAME_ERROR_INVALID_SQUARE, "-1");
  assert_refused (game, recorder, 64, MM_GAME_ERROR_INVALID_SQUARE, "64");
  assert_refused (game, recorder, MM_SQUARE_PASS, MM_GAME_ERROR_INVALID_SQUARE, NULL);
  assert_refused (game, recorder, 1000, MM_GAME_ERROR_INVALID_SQUARE, "1000");
  assert_refused (game, recorder, G_MININT, MM_GAME_ERROR_INVALID_SQUARE, NULL);

  /* d3 was black's; it is now taken, and white cannot play f5. */
  play_and_check (game, recorder, square_of ("d3"));
  assert_refused (game, recorder, square_of ("d3"), MM_GAME_ERROR_OCCUPIED, "d3");
  assert_refused (game, recorder, square_of ("f5"), MM_GAME_ERROR_NO_FLIPS, "f5");
  assert_refused (game, recorder, square_of ("e4"), MM_GAME_ERROR_OCCUPIED, "e4");

  /* A refused move keeps the moves that redo would play. */
  play_and_check (game, recorder, square_of ("c5"));
  g_assert_true (mm_game_undo (game));
  snap = snapshot_take (game);
  g_assert_true (snap.can_redo);
  assert_refused (game, recorder, square_of ("d4"), MM_GAME_ERROR_OCCUPIED, "d4");
  assert_refused (game, recorder, square_of ("b2"), MM_GAME_ERROR_NO_FLIPS, "b2");
  assert_refused (game, recorder, 99, MM_GAME_ERROR_INVALID_SQUARE, "99");
  g_assert_true (mm_game_can_redo (game));
}

static void
play_wipeout (MmGame   *game,
              Recorder *recorder)
{
  for (guint i = 0; i < G_N_ELEMENTS (wipeout_game); i++)
    play_and_check (game, recorder, square_of (wipeout_game[i]));
}

static void
test_game_over (void)
{
  g_autoptr(MmGame) game = mm_game_new ();
  g_autoptr(Recorder) recorder = recorder_new (game);
  Snapshot over, snap;
  guint64 empties;

  play_wipeout (game, recorder);

  /* The last move ended it: one game-over, with the counts. */
  assert_event_once (recorder, "game-over 13 0");
  assert_event_once (recorder, "notify is-over=TRUE");
  assert_event_once (recorder, "notify white-count=0");
  assert_event_once (recorder, "move-played black f4 flips 0000001010100000");
  over = snapshot_take (game);
  g_assert_true (over.is_over);
  g_assert_cmpuint (over.black_count, ==, 13);
  g_assert_cmpuint (over.white_count, ==, 0);
  g_assert_cmpuint (over.n_moves, ==, G_N_ELEMENTS (wipeout_game));
  g_assert_cmpint (over.winner, ==, MM_DISC_BLACK);
  g_assert_cmphex (mm_game_get_legal_moves (game), ==, 0);
  g_assert_true (over.can_undo);

  /* No more moves, on any square; the error says why. */
  empties = ~(over.black | over.white);
  g_assert_cmpint (__builtin_popcountll (empties), ==, 51);
  for (int i = 0; i < 64; i++)
    {
      if (empties & BIT (i))
        {
          assert_refused (game, recorder, i, MM_GAME_ERROR_GAME_OVER, NULL);
        }
      else
        {
          g_autoptr(GError) error = NULL;

          recorder_clear (recorder);
          g_assert_false (mm_game_play (game, i, &error));
          g_assert_true (g_error_matches (error, MM_GAME_ERROR, MM_GAME_ERROR_GAME_OVER)
                         || g_error_matches (error, MM_GAME_ERROR, MM_GAME_ERROR_OCCUPIED));
          assert_no_events (recorder);
        }
    }
  assert_refused (game, recorder, 64, MM_GAME_ERROR_INVALID_SQUARE, NULL);
  snap = snapshot_take (game);
  assert_same_snapshot (&over, &snap);

  /* Taking the last move back reopens the game... */
  recorder_clear (recorder);
  g_assert_true (mm_game_undo (game));
  assert_event_once (recorder, "position-changed");
  assert_event_once (recorder, "notify is-over=FALSE");
  assert_event_once (recorder, "notify can-redo=TRUE");
  g_assert_cmpuint (recorder_count (recorder, "game-over"), ==, 0);
  snap = snapshot_take (game);
  g_assert_false (snap.is_over);
  g_assert_cmpint (snap.winner, ==, MM_DISC_NONE);
  g_assert_cmpint (snap.side, ==, MM_COLOR_BLACK);

  /* ...and playing it again ends it again, once. */
  recorder_clear (recorder);
  g_assert_true (mm_game_redo (game));
  assert_event_once (recorder, "game-over 13 0");
  assert_event_once (recorder, "notify is-over=TRUE");
  assert_event_once (recorder, "notify can-redo=FALSE");
  snap = snapshot_take (game);
  assert_same_snapshot (&over, &snap);
}

/* Whole random games: every move, pass and end checked as it happens. */
static void
test_random_games (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (99);
  guint n_passes = 0;
  guint n_early_ends = 0;
  guint n_wins[3] = { 0 };

  for (int i = 0; i < 60; i++)
    {
      g_autoptr(MmGame) game = mm_game_new ();
      g_autoptr(Recorder) recorder = recorder_new (game);
      Snapshot end;

      while (!mm_game_is_over (game))
        play_and_check (game, recorder, random_legal_move (game, rand));

      end = snapshot_take (game);
      for (guint j = 0; j < end.n_moves; j++)
        n_passes += end.moves[j] == MM_SQUARE_PASS;
      n_early_ends += end.black_count + end.white_count < 64;
      n_wins[end.winner]++;
      g_assert_cmphex (mm_game_get_legal_moves (game), ==, 0);
    }

  g_test_message ("%u passes, %u games over before the board was full, "
                  "%u draws, %u black wins, %u white wins",
                  n_passes, n_early_ends, n_wins[MM_DISC_NONE],
                  n_wins[MM_DISC_BLACK], n_wins[MM_DISC_WHITE]);
  g_assert_cmpuint (n_passes, >, 0);
  g_assert_cmpuint (n_wins[MM_DISC_BLACK], >, 0);
  g_assert_cmpuint (n_wins[MM_DISC_WHITE], >, 0);
}

static void
test_undo_redo (void)
{
  g_autoptr(GArray) squares = find_game_with_pass ();
  g_autoptr(MmGame) game = mm_game_new ();
  g_autoptr(Recorder) recorder = recorder_new (game);
  g_autofree Snapshot *snaps = g_new0 (Snapshot, squares->len + 1);
  guint n = squares->len;
  guint n_pass_undos = 0;
  Snapshot snap;

  snaps[0] = snapshot_take (game);
  for (guint i = 0; i < n; i++)
    {
      play_and_check (game, recorder, g_array_index (squares, int, i));
      snaps[i + 1] = snapshot_take (game);
    }
  g_assert_true (snaps[n].is_over);

  /* Back to the start, one disc at a time. */
  for (guint i = n; i > 0; i--)
    {
      Snapshot before = snapshot_take (game);
      Snapshot after;
      guint undone = before.n_moves - 1;
      guint n_events;

      /* The last disc placed, behind the passes that followed it. */
      while (before.moves[undone] == MM_SQUARE_PASS)
        undone--;
      g_assert_cmpint (before.moves[undone], ==, g_array_index (squares, int, i - 1));

      recorder_clear (recorder);
      g_assert_true (mm_game_undo (game));
      after = snapshot_take (game);

      assert_same_game (&after, &snaps[i - 1]);
      g_assert_true (after.can_redo);
      /* The side that placed it is to move again, in the position it
       * played from, and the passes went with the disc. */
      g_assert_cmpint (after.side, ==, before.colors[undone]);
      g_assert_cmpuint (after.n_moves, ==, undone);
      if (before.n_moves - after.n_moves == 2)
        {
          /* A move and the other side's pass: the same side is to move
           * before and after, so side-to-move must not be notified. */
          g_assert_cmpint (before.side, ==, after.side);
          g_assert_cmpuint (recorder_count (recorder, "notify side-to-move="), ==, 0);
          n_pass_undos++;
        }
      else
        {
          g_assert_cmpuint (before.n_moves - after.n_moves, ==, 1);
          assert_event_once (recorder, after.side == MM_COLOR_BLACK ? "notify side-to-move=black"
                                                                    : "notify side-to-move=white");
        }

      assert_event_once (recorder, "position-changed");
      g_assert_cmpuint (recorder_count (recorder, "move-played"), ==, 0);
      g_assert_cmpuint (recorder_count (recorder, "passed"), ==, 0);
      g_assert_cmpuint (recorder_count (recorder, "game-over"), ==, 0);
      if (i == n)
        assert_event_once (recorder, "notify can-redo=TRUE");
      if (i == 1)
        assert_event_once (recorder, "notify can-undo=FALSE");
      n_events = 1 + assert_notifications (recorder, &before, &after);
      g_assert_cmpuint (recorder->events->len, ==, n_events);
    }
  g_test_message ("%u undos took a pass back with the move", n_pass_undos);
  g_assert_cmpuint (n_pass_undos, >, 0);

  /* At the start there is nothing more to undo. */
  snap = snapshot_take (game);
  g_assert_false (snap.can_undo);
  recorder_clear (recorder);
  g_assert_false (mm_game_undo (game));
  assert_no_events (recorder);

  /* Forward again to the end: the same positions and history. */
  for (guint i = 0; i < n; i++)
    {
      int sq = g_array_index (squares, int, i);
      guint64 flips = mm_game_get_flips (game, sq);
      Snapshot before = snapshot_take (game);
      Snapshot after;

      recorder_clear (recorder);
      g_assert_true (mm_game_redo (game));
      after = snapshot_take (game);

      assert_same_game (&after, &snaps[i + 1]);
      g_assert_cmpint (after.can_redo, ==, i + 1 < n);
      assert_move_effects (recorder, &before, &after, sq, flips);
    }
  snap = snapshot_take (game);
  assert_same_snapshot (&snap, &snaps[n]);
  recorder_clear (recorder);
  g_assert_false (mm_game_redo (game));
  assert_no_events (recorder);

  /* Undo and redo in any order walk the same line. */
  {
    g_autoptr(GRand) rand = g_rand_new_with_seed (5);
    guint at = n;

    for (int step = 0; step < 400; step++)
      {
        gboolean undo = g_rand_boolean (rand);

        if (undo)
          {
            g_assert_cmpint (mm_game_undo (game), ==, at > 0);
            if (at > 0)
              at--;
          }
        else
          {
            g_assert_cmpint (mm_game_redo (game), ==, at < n);
            if (at < n)
              at++;
          }
        snap = snapshot_take (game);
        assert_same_game (&snap, &snaps[at]);
        g_assert_cmpint (snap.can_redo, ==, at < n);
      }
    while (mm_game_redo (game))
      ;
    snap = snapshot_take (game);
    assert_same_snapshot (&snap, &snaps[n]);
  }

  /* A new move clears redo: a different move three discs back... */
  for (int i = 0; i < 3; i++)
    g_assert_true (mm_game_undo (game));
  snap = snapshot_take (game);
  assert_same_game (&snap, &snaps[n - 3]);
  {
    int redo_square = g_array_index (squares, int, n - 3);
    guint64 others = mm_game_get_legal_moves (game) & ~BIT (redo_square);
    int sq = others != 0 ? __builtin_ctzll (others) : redo_square;

    g_test_message ("new move %d instead of %d", sq, redo_square);
    play_and_check (game, recorder, sq);
    assert_event_once (recorder, "notify can-redo=FALSE");
    recorder_clear (recorder);
    g_assert_false (mm_game_redo (game));
    assert_no_events (recorder);
  }

  /* ...and the very move redo would have played, too. */
  mm_game_restart (game);
  for (guint i = 0; i < n; i++)
    g_assert_true (mm_game_play (game, g_array_index (squares, int, i), NULL));
  g_assert_true (mm_game_undo (game));
  g_assert_true (mm_game_undo (game));
  snap = snapshot_take (game);
  assert_same_game (&snap, &snaps[n - 2]);
  g_assert_true (snap.can_redo);
  play_and_check (game, recorder, g_array_index (squares, int, n - 2));
  assert_event_once (recorder, "notify can-redo=FALSE");
  snap = snapshot_take (game);
  assert_same_game (&snap, &snaps[n - 1]);
  g_assert_false (snap.can_redo);
  g_assert_false (mm_game_redo (game));
}

static void
test_restart (void)
{
  g_autoptr(MmGame) game = mm_game_new ();
  g_autoptr(Recorder) recorder = recorder_new (game);
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  Snapshot start = snapshot_take (game);
  Snapshot before, after;

  for (int i = 0; i < 7; i++)
    play_and_check (game, recorder, random_legal_move (game, rand));
  g_assert_true (mm_game_undo (game));

  /* Mid-game, with a move to redo. */
  before = snapshot_take (game);
  g_assert_true (before.can_redo);
  recorder_clear (recorder);
  mm_game_restart (game);
  after = snapshot_take (game);
  assert_same_snapshot (&after, &start);
  assert_event_once (recorder, "position-changed");
  assert_event_once (recorder, "notify can-undo=FALSE");
  assert_event_once (recorder, "notify can-redo=FALSE");
  assert_event_once (recorder, "notify n-moves=0");
  g_assert_cmpuint (recorder_count (recorder, "move-played"), ==, 0);
  g_assert_cmpuint (recorder->events->len, ==, 1 + assert_notifications (recorder, &before, &after));
  g_assert_false (mm_game_redo (game));

  /* At the start already: a redraw and nothing else changes. */
  recorder_clear (recorder);
  mm_game_restart (game);
  assert_event_once (recorder, "position-changed");
  g_assert_cmpuint (recorder->events->len, ==, 1);
  after = snapshot_take (game);
  assert_same_snapshot (&after, &start);

  /* After the end of a game. */
  play_wipeout (game, recorder);
  before = snapshot_take (game);
  recorder_clear (recorder);
  mm_game_restart (game);
  after = snapshot_take (game);
  assert_same_snapshot (&after, &start);
  assert_event_once (recorder, "position-changed");
  assert_event_once (recorder, "notify is-over=FALSE");
  assert_event_once (recorder, "notify white-count=2");
  assert_event_once (recorder, "notify black-count=2");
  g_assert_cmpuint (recorder->events->len, ==, 1 + assert_notifications (recorder, &before, &after));

  /* The new game plays as the first one did. */
  play_and_check (game, recorder, square_of ("f5"));
}

/* ------------------------------------------------------------------ */
/* Other starts, records and players                                  */
/* ------------------------------------------------------------------ */

/* A 1977 WTHOR game, 34-30, in which White passes twice. */
#define GAME_A \
  "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5" \
  "e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1"

static MmGameRecord *
parse_record (const char *text)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) games = mm_record_parse (text, strlen (text), MM_RECORD_FORMAT_UNKNOWN,
                                                NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 1);
  return mm_game_record_ref (g_ptr_array_index (games, 0));
}

static void
test_restart_from (void)
{
  g_autoptr(MmGame) game = mm_game_new ();
  g_autoptr(Recorder) recorder = recorder_new (game);
  MmBoard board, start;
  MmColor side;
  Snapshot snap;

  /* White on a1, black on b1, black to move: black has no move and
   * passes at once; white takes c1 and the game is over, 0-3. */
  mm_board_from_colors (&board, BIT (square_of ("b1")), BIT (square_of ("a1")), MM_COLOR_BLACK);
  mm_game_restart_from (game, &board, MM_COLOR_BLACK);
  snap = snapshot_take (game);
  g_assert_cmpuint (snap.n_moves, ==, 1);
  g_assert_cmpint (snap.moves[0], ==, MM_SQUARE_PASS);
  g_assert_cmpint (snap.colors[0], ==, MM_COLOR_BLACK);
  g_assert_cmpint (snap.side, ==, MM_COLOR_WHITE);
  g_assert_false (snap.can_undo);
  g_assert_false (snap.is_over);
  assert_event_once (recorder, "position-changed");
  assert_event_once (recorder, "passed black");
  assert_event_once (recorder, "notify side-to-move=white");
  assert_event_once (recorder, "notify n-moves=1");
  g_assert_cmpstr (g_ptr_array_index (recorder->events, 0), ==, "position-changed");

  mm_game_get_start (game, &start, &side);
  g_assert_cmphex (start.player, ==, board.player);
  g_assert_cmphex (start.opponent, ==, board.opponent);
  g_assert_cmpint (side, ==, MM_COLOR_BLACK);

  play_and_check (game, recorder, square_of ("c1"));
  snap = snapshot_take (game);
  g_assert_true (snap.is_over);
  g_assert_cmpuint (snap.white_count, ==, 3);
  g_assert_cmpint (snap.winner, ==, MM_DISC_WHITE);

  /* Undo goes back to the start, pass included. */
  g_assert_true (mm_game_undo (game));
  snap = snapshot_take (game);
  g_assert_cmpuint (snap.n_moves, ==, 1);
  g_assert_cmpint (snap.side, ==, MM_COLOR_WHITE);

  /* A position where nobody can move is a game that is over. */
  recorder_clear (recorder);
  mm_board_from_colors (&board, BIT (0), 0, MM_COLOR_WHITE);
  mm_game_restart_from (game, &board, MM_COLOR_WHITE);
  snap = snapshot_take (game);
  g_assert_true (snap.is_over);
  g_assert_cmpuint (snap.n_moves, ==, 0);
  g_assert_cmpint (snap.winner, ==, MM_DISC_BLACK);
  g_assert_cmpuint (recorder_count (recorder, "passed"), ==, 0);

  /* And a new game is the standard one again. */
  mm_game_restart (game);
  mm_game_get_start (game, &start, &side);
  mm_board_init_start (&board);
  g_assert_cmphex (start.player, ==, board.player);
  g_assert_cmpint (side, ==, MM_COLOR_BLACK);
}

static void
test_load_record (void)
{
  g_autoptr(MmGame) game = mm_game_new ();
  g_autoptr(Recorder) recorder = recorder_new (game);
  g_autoptr(MmGameRecord) record = parse_record (GAME_A);
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  g_autoptr(GError) error = NULL;
  Snapshot loaded, snap, start;

  g_assert_true (mm_game_record_set_tag (record, "PB", "Tastet", &error));
  g_assert_true (mm_game_record_set_tag (record, "PW", "Lazard", &error));
  start = snapshot_take (game);

  /* Over a game in progress, with a move to redo. */
  for (int i = 0; i < 5; i++)
    play_and_check (game, recorder, random_legal_move (game, rand));
  g_assert_true (mm_game_undo (game));
  recorder_clear (recorder);
  g_assert_true (mm_game_load_record (game, record, &error));
  g_assert_no_error (error);
  loaded = snapshot_take (game);
  assert_event_once (recorder, "position-changed");
  assert_event_once (recorder, "notify black-player=Tastet");
  assert_event_once (recorder, "notify white-player=Lazard");
  assert_event_once (recorder, "notify n-moves=62");
  assert_event_once (recorder, "notify can-redo=FALSE");
  g_assert_cmpuint (recorder_count (recorder, "move-played"), ==, 0);
  g_assert_cmpuint (recorder_count (recorder, "passed"), ==, 0);

  g_assert_cmpuint (loaded.n_moves, ==, 62);
  g_assert_cmpint (loaded.moves[53], ==, MM_SQUARE_PASS);
  g_assert_cmpint (loaded.colors[53], ==, MM_COLOR_WHITE);
  g_assert_cmpint (loaded.moves[57], ==, MM_SQUARE_PASS);
  g_assert_cmpuint (loaded.black_count, ==, 34);
  g_assert_cmpuint (loaded.white_count, ==, 30);
  g_assert_true (loaded.is_over);
  g_assert_cmpint (loaded.winner, ==, MM_DISC_BLACK);
  g_assert_cmpstr (mm_game_get_player_name (game, MM_COLOR_BLACK), ==, "Tastet");

  /* Undo takes the loaded moves back, one by one, to the start. */
  for (int i = 0; i < 60; i++)
    g_assert_true (mm_game_undo (game));
  g_assert_false (mm_game_undo (game));
  snap = snapshot_take (game);
  assert_same_game (&snap, &start);
  for (int i = 0; i < 60; i++)
    g_assert_true (mm_game_redo (game));
  snap = snapshot_take (game);
  assert_same_game (&snap, &loaded);

  /* The game can go on from an earlier move. */
  for (int i = 0; i < 12; i++)
    g_assert_true (mm_game_undo (game));
  play_and_check (game, recorder, random_legal_move (game, rand));
  g_assert_false (mm_game_can_redo (game));

  /* A record that ends before a forced pass: the game passes. */
  {
    g_autoptr(MmGameRecord) cut = parse_record ("f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6"
                                                "c8b8c7e8f8g8h4h6e2d1c1a3a6a5e1f2g7c2a4h8a2b7f1b3b1b2h7");

    g_assert_cmpuint (mm_game_record_get_n_moves (cut), ==, 53);
    g_assert_true (mm_game_load_record (game, cut, &error));
    snap = snapshot_take (game);
    g_assert_cmpuint (snap.n_moves, ==, 54);
    g_assert_cmpint (snap.moves[53], ==, MM_SQUARE_PASS);
    g_assert_cmpint (snap.side, ==, MM_COLOR_BLACK);
    g_assert_null (mm_game_get_player_name (game, MM_COLOR_BLACK));
  }

  /* A record from another position, where Black passes first. */
  {
    g_autoptr(MmGameRecord) edax =
      parse_record ("(;GM[Othello]BO[8 O*-------------------------------------------------------------- *]"
                    "W[c1];)");
    MmBoard board;
    MmColor side;

    g_assert_true (mm_game_load_record (game, edax, &error));
    snap = snapshot_take (game);
    g_assert_cmpuint (snap.n_moves, ==, 2);
    g_assert_cmpint (snap.moves[0], ==, MM_SQUARE_PASS);
    g_assert_true (snap.is_over);
    mm_game_get_start (game, &board, &side);
    g_assert_cmpint (side, ==, MM_COLOR_BLACK);
    g_assert_cmphex (board.player, ==, BIT (1));
    g_assert_cmphex (board.opponent, ==, BIT (0));
    g_assert_true (mm_game_undo (game));
    g_assert_false (mm_game_undo (game));
  }
}

/* The evaluations and times of a loaded game (passes' too) survive
 * undo and redo, and a different move after undo drops them. */
static void
test_notes_survive_undo (void)
{
  g_autoptr(MmGame) game = mm_game_new ();
  g_autoptr(MmGameRecord) record = NULL;
  g_autoptr(MmGameRecord) again = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) ggf = g_string_new ("(;GM[Othello]");
  static const char *const moves[] = { "f5", "d6", "c3", "d3", "c4" };
  const char *eval = NULL, *time = NULL;
  MmColor color;

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_string_append_printf (ggf, "%c[%s/%d.50/%u]", i % 2 == 0 ? 'B' : 'W', moves[i],
                            (int) i - 2, i + 1);
  g_string_append (ggf, ";)");
  record = parse_record (ggf->str);
  g_assert_true (mm_game_load_record (game, record, &error));
  g_assert_no_error (error);

  for (int i = 0; i < 3; i++)
    g_assert_true (mm_game_undo (game));
  for (int i = 0; i < 3; i++)
    g_assert_true (mm_game_redo (game));
  again = mm_game_to_record (game);
  g_assert_cmpuint (mm_game_record_get_n_moves (again), ==, G_N_ELEMENTS (moves));
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_autofree char *expected_eval = g_strdup_printf ("%d.50", (int) i - 2);
      g_autofree char *expected_time = g_strdup_printf ("%u", i + 1);

      mm_game_record_get_move (again, i, &color, &eval, &time);
      g_assert_cmpstr (eval, ==, expected_eval);
      g_assert_cmpstr (time, ==, expected_time);
    }

  /* Another move in place of the one undone: no note, and no redo. */
  g_assert_true (mm_game_undo (game));
  g_assert_true (mm_game_play (game, mm_first_square (mm_game_get_legal_moves (game)
                                                      & ~(G_GUINT64_CONSTANT (1)
                                                          << mm_square_parse ("c4"))),
                               &error));
  g_assert_false (mm_game_can_redo (game));
  g_clear_pointer (&again, mm_game_record_unref);
  again = mm_game_to_record (game);
  mm_game_record_get_move (again, G_N_ELEMENTS (moves) - 1, &color, &eval, &time);
  g_assert_null (eval);
  g_assert_null (time);
}

static void
set_true (gboolean *flag)
{
  *flag = TRUE;
}

/* A clock keeps each side's time while stopped, takes a saved time back,
 * and expires for the side whose time runs out. */
static void
test_clock (void)
{
  g_autoptr(MmClock) clock = mm_clock_new (60 * G_USEC_PER_SEC, 2 * G_USEC_PER_SEC);
  gboolean expired = FALSE;
  MmColor loser = MM_COLOR_BLACK;

  g_assert_cmpint (mm_clock_get_initial (clock), ==, 60 * G_USEC_PER_SEC);
  g_assert_cmpint (mm_clock_get_increment (clock), ==, 2 * G_USEC_PER_SEC);
  g_assert_cmpint (mm_clock_get_remaining (clock, MM_COLOR_WHITE), ==, 60 * G_USEC_PER_SEC);

  mm_clock_set_remaining (clock, MM_COLOR_BLACK, 12 * G_USEC_PER_SEC);
  mm_clock_set_remaining (clock, MM_COLOR_WHITE, 30 * G_TIME_SPAN_MILLISECOND);
  g_assert_cmpint (mm_clock_get_remaining (clock, MM_COLOR_BLACK), ==, 12 * G_USEC_PER_SEC);
  mm_clock_set_remaining (clock, MM_COLOR_BLACK, -5);
  g_assert_cmpint (mm_clock_get_remaining (clock, MM_COLOR_BLACK), ==, 0);
  mm_clock_set_remaining (clock, MM_COLOR_BLACK, 12 * G_USEC_PER_SEC);

  g_signal_connect_swapped (clock, "expired", G_CALLBACK (set_true), &expired);
  mm_clock_start (clock, MM_COLOR_WHITE);
  g_assert_true (mm_clock_is_running (clock));
  while (!expired)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (mm_clock_is_expired (clock, &loser));
  g_assert_cmpint (loser, ==, MM_COLOR_WHITE);
  g_assert_cmpint (mm_clock_get_remaining (clock, MM_COLOR_WHITE), ==, 0);
  g_assert_cmpint (mm_clock_get_remaining (clock, MM_COLOR_BLACK), ==, 12 * G_USEC_PER_SEC);
}

/* A loss on time goes into the record as GGS writes it, comes back with
 * the record, and is forgotten when the position changes. */
static void
test_lost_on_time (void)
{
  g_autoptr(MmGame) game = mm_game_new ();
  g_autoptr(MmGame) loaded = mm_game_new ();
  g_autoptr(MmGameRecord) record = NULL;
  g_autoptr(MmGameRecord) after = NULL;
  g_autoptr(GError) error = NULL;
  MmColor loser = MM_COLOR_WHITE;

  g_assert_false (mm_game_get_lost_on_time (game, &loser));
  g_assert_true (mm_game_play (game, mm_square_parse ("f5"), &error));
  mm_game_set_lost_on_time (game, MM_COLOR_WHITE);
  g_assert_true (mm_game_get_lost_on_time (game, &loser));
  g_assert_cmpint (loser, ==, MM_COLOR_WHITE);
  record = mm_game_to_record (game);
  g_assert_cmpstr (mm_game_record_get_tag (record, "RE"), ==, "+64.00:t");

  g_assert_true (mm_game_load_record (loaded, record, &error));
  g_assert_no_error (error);
  loser = MM_COLOR_BLACK;
  g_assert_true (mm_game_get_lost_on_time (loaded, &loser));
  g_assert_cmpint (loser, ==, MM_COLOR_WHITE);

  mm_game_set_lost_on_time (loaded, MM_COLOR_BLACK);
  g_assert_true (mm_game_get_lost_on_time (loaded, &loser));
  g_assert_cmpint (loser, ==, MM_COLOR_BLACK);
  g_assert_true (mm_game_undo (loaded));
  g_assert_false (mm_game_get_lost_on_time (loaded, NULL));
  after = mm_game_to_record (loaded);
  g_assert_null (mm_game_record_get_tag (after, "RE"));
}

static void
test_to_record (void)
{
  g_autoptr(MmGame) game = mm_game_new ();
  g_autoptr(MmGameRecord) fresh = mm_game_to_record (game);
  g_autoptr(GArray) squares = find_game_with_pass ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GRegex) date = g_regex_new ("^20[0-9][0-9]\\.[01][0-9]\\.[0-3][0-9]_[0-9:]{8}\\.UTC$",
                                        0, 0, NULL);

  /* What a new game says of itself. */
  g_assert_cmpuint (mm_game_record_get_n_moves (fresh), ==, 0);
  g_assert_cmpstr (mm_game_record_get_tag (fresh, "PC"), ==, "Monomachia");
  g_assert_cmpstr (mm_game_record_get_tag (fresh, "TY"), ==, "8");
  g_assert_true (g_regex_match (date, mm_game_record_get_tag (fresh, "DT"), 0, NULL));
  g_assert_null (mm_game_record_get_tag (fresh, "RE"));
  g_assert_true (mm_game_record_has_standard_start (fresh));

  /* A whole game with a pass inside goes out and comes back. */
  mm_game_set_player_name (game, MM_COLOR_BLACK, "Ζήνων ]\\");
  for (guint i = 0; i < squares->len; i++)
    g_assert_true (mm_game_play (game, g_array_index (squares, int, i), &error));
  {
    g_autoptr(MmGameRecord) record = mm_game_to_record (game);
    g_autofree char *ggf = mm_ggf_write (record);
    g_autoptr(MmGameRecord) again = parse_record (ggf);
    g_autoptr(MmGame) copy = mm_game_new ();
    g_autoptr(MmGameRecord) record2 = NULL;
    Snapshot a = snapshot_take (game);
    Snapshot b;

    g_assert_nonnull (strstr (ggf, "[PA]"));
    g_assert_nonnull (mm_game_record_get_tag (record, "RE"));
    g_assert_true (mm_game_load_record (copy, again, &error));
    b = snapshot_take (copy);
    assert_same_game (&a, &b);
    g_assert_cmpstr (mm_game_get_player_name (copy, MM_COLOR_BLACK), ==, "Ζήνων ]\\");
    record2 = mm_game_to_record (copy);
    g_assert_true (mm_game_record_equal (record, record2));

    /* The result goes with a change. */
    g_assert_true (mm_game_undo (copy));
    g_clear_pointer (&record2, mm_game_record_unref);
    record2 = mm_game_to_record (copy);
    g_assert_null (mm_game_record_get_tag (record2, "RE"));
    g_assert_cmpstr (mm_game_record_get_tag (record2, "DT"), ==,
                     mm_game_record_get_tag (record, "DT"));
  }

  /* A GGS game keeps its tags in order and its times; the result of a
   * finished game is written the way Monomachia writes it. */
  {
    g_autoptr(MmGameRecord) ggs =
      parse_record ("(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[a]PW[b]TI[15:00//02:00]"
                    "XY[unknown]RE[+2.000:r]BO[8 ---------------------------O*------*O--------------------------- *]"
                    "B[f5//0.71]W[d6/-1.5/1.63];)");
    g_autoptr(MmGameRecord) out = NULL;
    g_autofree char *text = NULL;

    g_assert_true (mm_game_load_record (game, ggs, &error));
    out = mm_game_to_record (game);
    text = mm_ggf_write (out);
    g_assert_cmpstr (text, ==,
                     "(;GM[Othello]PC[GGS/os]DT[2003.12.15_13:24:03.MST]PB[a]PW[b]TI[15:00//02:00]"
                     "XY[unknown]RE[+2.000:r]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]"
                     "B[f5//0.71]W[d6/-1.5/1.63];)\n");
  }
}

static void
test_player_names (void)
{
  g_autoptr(MmGame) game = mm_game_new ();
  g_autoptr(Recorder) recorder = recorder_new (game);
  g_autofree char *name = NULL;

  g_assert_null (mm_game_get_player_name (game, MM_COLOR_BLACK));
  mm_game_set_player_name (game, MM_COLOR_BLACK, "Ζήνων");
  assert_event_once (recorder, "notify black-player=Ζήνων");
  g_assert_cmpuint (recorder->events->len, ==, 1);
  mm_game_set_player_name (game, MM_COLOR_BLACK, "Ζήνων");
  g_assert_cmpuint (recorder->events->len, ==, 1);

  g_object_set (game, "white-player", "Παρμενίδης", NULL);
  g_object_get (game, "white-player", &name, NULL);
  g_assert_cmpstr (name, ==, "Παρμενίδης");
  assert_event_once (recorder, "notify white-player=Παρμενίδης");

  recorder_clear (recorder);
  mm_game_set_player_name (game, MM_COLOR_WHITE, "");
  g_assert_null (mm_game_get_player_name (game, MM_COLOR_WHITE));
  assert_event_once (recorder, "notify white-player=(null)");

  /* A new game forgets them. */
  recorder_clear (recorder);
  mm_game_restart (game);
  assert_event_once (recorder, "notify black-player=(null)");
  g_assert_null (mm_game_get_player_name (game, MM_COLOR_BLACK));
}

/* Every earlier position of a game is the one the game had then. */
static void
test_position_at (void)
{
  g_autoptr(MmGame) game = mm_game_new ();
  g_autoptr(MmGame) replay = mm_game_new ();
  guint64 black, white;
  MmColor side;
  int last;

  for (guint i = 0; i < 30 && !mm_game_is_over (game); i++)
    g_assert_true (mm_game_play (game, mm_first_square (mm_game_get_legal_moves (game)), NULL));

  for (guint n = 0; n <= mm_game_get_n_moves (game); n++)
    {
      MmBoard board = mm_game_get_board (replay);
      MmColor replay_side = mm_game_get_side_to_move (replay);

      mm_game_get_position_at (game, n, &black, &white, &side, &last);
      g_assert_cmpint (side, ==, replay_side);
      g_assert_cmpuint (black, ==, replay_side == MM_COLOR_BLACK ? board.player : board.opponent);
      g_assert_cmpuint (white, ==, replay_side == MM_COLOR_BLACK ? board.opponent : board.player);
      g_assert_cmpint (last, ==, n == 0 ? MM_SQUARE_NONE : mm_game_get_last_move (replay));
      if (n < mm_game_get_n_moves (game))
        {
          int square = mm_game_get_move (game, n, NULL);

          if (square != MM_SQUARE_PASS)
            g_assert_true (mm_game_play (replay, square, NULL));
          /* MmGame plays a pass by itself. */
          if (mm_game_get_n_moves (replay) > n + 1)
            n++;
        }
    }
  /* Past the end: the game as it stands. */
  mm_game_get_position_at (game, 1000, &black, &white, &side, &last);
  g_assert_cmpint (side, ==, mm_game_get_side_to_move (game));
}

/* The starts a new game may have, by the names of the settings. */
static void
test_start_positions (void)
{
  static const struct
  {
    const char *name;
    const char *black;
    const char *white;
  } starts[] = {
    { "standard", "e4 d5", "d4 e5" },
    { "mirrored", "d4 e5", "e4 d5" },
    { "parallel-columns", "d4 d5", "e4 e5" },
    { "parallel-rows", "d4 e4", "d5 e5" },
    { "no such start", "e4 d5", "d4 e5" },
  };
  g_autoptr(MmGame) game = mm_game_new ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (guint i = 0; i < G_N_ELEMENTS (starts); i++)
    {
      g_auto(GStrv) black = g_strsplit (starts[i].black, " ", 0);
      g_auto(GStrv) white = g_strsplit (starts[i].white, " ", 0);

      g_assert_true (mm_game_play (game, mm_first_square (mm_game_get_legal_moves (game)), NULL));
      mm_opening_start_game (game, starts[i].name, NULL, rand);
      g_assert_cmpuint (mm_game_get_n_moves (game), ==, 0);
      g_assert_cmpint (mm_game_get_side_to_move (game), ==, MM_COLOR_BLACK);
      g_assert_cmpuint (mm_game_get_black_count (game) + mm_game_get_white_count (game), ==, 4);
      for (guint j = 0; j < 2; j++)
        {
          g_assert_cmpint (mm_game_get_disc (game, mm_square_parse (black[j])), ==, MM_DISC_BLACK);
          g_assert_cmpint (mm_game_get_disc (game, mm_square_parse (white[j])), ==, MM_DISC_WHITE);
        }
    }

  /* A random opening is the first moves of the game. */
  mm_opening_start_game (game, "random-opening", NULL, rand);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, MM_OPENING_PLIES);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game/new", test_new);
  g_test_add_func ("/game/play", test_play);
  g_test_add_func ("/game/illegal", test_illegal);
  g_test_add_func ("/game/game-over", test_game_over);
  g_test_add_func ("/game/random-games", test_random_games);
  g_test_add_func ("/game/undo", test_undo_redo);
  g_test_add_func ("/game/restart", test_restart);
  g_test_add_func ("/game/restart-from", test_restart_from);
  g_test_add_func ("/game/load-record", test_load_record);
  g_test_add_func ("/game/to-record", test_to_record);
  g_test_add_func ("/game/notes-survive-undo", test_notes_survive_undo);
  g_test_add_func ("/game/lost-on-time", test_lost_on_time);
  g_test_add_func ("/game/clock", test_clock);
  g_test_add_func ("/game/player-names", test_player_names);
  g_test_add_func ("/game/start-positions", test_start_positions);
  g_test_add_func ("/game/position-at", test_position_at);

  return g_test_run ();
}
