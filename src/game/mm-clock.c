/* mm-clock.c
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
/* The clocks of a timed game: each side has a time of its own that runs
 * while it is to move, and gets an increment back after each of its
 * moves.  The clock itself says when a side's time is up (::expired);
 * what that means for the game is the caller's business. */

#define G_LOG_DOMAIN "mm-clock"

#include "config.h"

#include "mm-clock.h"

struct _MmClock
{
  GObject  parent_instance;

  gint64   initial;
  gint64   increment;
  /* The time left to each side when its clock last stopped */
  gint64   remaining[2];
  /* When the running side's clock started, or 0 */
  gint64   started;
  MmColor  side;
  guint    expiry_source;
  gboolean expired;
};

G_DEFINE_FINAL_TYPE (MmClock, mm_clock, G_TYPE_OBJECT)

enum {
  EXPIRED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static gboolean
mm_clock_expiry_cb (gpointer data)
{
  MmClock *self = data;

  self->expiry_source = 0;
  if (mm_clock_get_remaining (self, self->side) > 0)
    {
      /* Woken a little early: wait for the rest. */
      self->expiry_source =
        g_timeout_add_full (G_PRIORITY_HIGH,
                            (guint) (mm_clock_get_remaining (self, self->side) / 1000) + 1,
                            mm_clock_expiry_cb, self, NULL);
      return G_SOURCE_REMOVE;
    }

  self->remaining[self->side] = 0;
  self->started = 0;
  self->expired = TRUE;
  g_signal_emit (self, signals[EXPIRED], 0, self->side);

  return G_SOURCE_REMOVE;
}

static void
mm_clock_dispose (GObject *object)
{
  MmClock *self = (MmClock *)object;

  g_clear_handle_id (&self->expiry_source, g_source_remove);

  G_OBJECT_CLASS (mm_clock_parent_class)->dispose (object);
}

static void
mm_clock_class_init (MmClockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mm_clock_dispose;

  /**
   * MmClock::expired:
   * @color: the side whose time is up
   */
  signals[EXPIRED] =
    g_signal_new ("expired", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, MM_TYPE_COLOR);
}

static void
mm_clock_init (MmClock *self)
{
}

/**
 * mm_clock_new:
 * @initial: each side's time, in microseconds
 * @increment: the time given back after each move, in microseconds
 *
 * Returns: (transfer full): a stopped clock
 */
MmClock *
mm_clock_new (gint64 initial,
              gint64 increment)
{
  MmClock *self;

  g_return_val_if_fail (initial > 0, NULL);
  g_return_val_if_fail (increment >= 0, NULL);

  self = g_object_new (MM_TYPE_CLOCK, NULL);
  self->initial = initial;
  self->increment = increment;
  self->remaining[MM_COLOR_BLACK] = initial;
  self->remaining[MM_COLOR_WHITE] = initial;

  return self;
}

gint64
mm_clock_get_initial (MmClock *self)
{
  g_return_val_if_fail (MM_IS_CLOCK (self), 0);

  return self->initial;
}

gint64
mm_clock_get_increment (MmClock *self)
{
  g_return_val_if_fail (MM_IS_CLOCK (self), 0);

  return self->increment;
}

/* Starts the time of @side (stopping the other's without increment). */
void
mm_clock_start (MmClock *self,
                MmColor  side)
{
  g_return_if_fail (MM_IS_CLOCK (self));

  if (self->expired)
    return;

  mm_clock_stop (self);
  self->side = side;
  self->started = g_get_monotonic_time ();
  self->expiry_source =
    g_timeout_add_full (G_PRIORITY_HIGH, (guint) (self->remaining[side] / 1000) + 1,
                        mm_clock_expiry_cb, self, NULL);
}

/**
 * mm_clock_switch:
 * @next: the side to move now
 *
 * After a move: the side that moved gets its increment, and @next's
 * time runs.  After a pass @next is the side that moved, which keeps
 * running without an increment.
 */
void
mm_clock_switch (MmClock *self,
                 MmColor  next)
{
  g_return_if_fail (MM_IS_CLOCK (self));

  if (self->expired)
    return;

  if (self->started != 0 && self->side != next)
    {
      MmColor mover = self->side;

      mm_clock_stop (self);
      self->remaining[mover] += self->increment;
    }
  if (self->started == 0)
    mm_clock_start (self, next);
}

/**
 * mm_clock_moved:
 * @mover: the side that just moved
 * @next: the side to move now: the other one, or @mover again when the
 *   other had to pass
 *
 * After a move: @mover's time stops and gets the increment, and @next's
 * time runs.
 */
void
mm_clock_moved (MmClock *self,
                MmColor  mover,
                MmColor  next)
{
  g_return_if_fail (MM_IS_CLOCK (self));

  if (self->expired)
    return;

  mm_clock_stop (self);
  self->remaining[mover] += self->increment;
  mm_clock_start (self, next);
}

/* Stops the running time, if any, keeping what is left. */
void
mm_clock_stop (MmClock *self)
{
  g_return_if_fail (MM_IS_CLOCK (self));

  g_clear_handle_id (&self->expiry_source, g_source_remove);
  if (self->started == 0)
    return;

  self->remaining[self->side] = mm_clock_get_remaining (self, self->side);
  self->started = 0;
}

/**
 * mm_clock_set_remaining:
 * @remaining: microseconds, 0 or more
 *
 * Sets the time left to @color, on a stopped clock: a game saved with
 * its clocks comes back with the time each side had, and an online
 * game's clocks take the server's times (which may give time back to a
 * clock that ran out here before the server's did).
 */
void
mm_clock_set_remaining (MmClock *self,
                        MmColor  color,
                        gint64   remaining)
{
  g_return_if_fail (MM_IS_CLOCK (self));
  g_return_if_fail (!mm_clock_is_running (self));
  g_return_if_fail (color == MM_COLOR_BLACK || color == MM_COLOR_WHITE);

  self->remaining[color] = MAX (remaining, 0);
  if (self->expired && color == self->side && remaining > 0)
    self->expired = FALSE;
}

gboolean
mm_clock_is_running (MmClock *self)
{
  g_return_val_if_fail (MM_IS_CLOCK (self), FALSE);

  return self->started != 0;
}

/* The side whose time runs, or ran last. */
MmColor
mm_clock_get_side (MmClock *self)
{
  g_return_val_if_fail (MM_IS_CLOCK (self), MM_COLOR_BLACK);

  return self->side;
}

/* The time left to @color now, in microseconds, never below 0. */
gint64
mm_clock_get_remaining (MmClock *self,
                        MmColor  color)
{
  gint64 remaining;

  g_return_val_if_fail (MM_IS_CLOCK (self), 0);

  remaining = self->remaining[color];
  if (self->started != 0 && self->side == color)
    remaining -= g_get_monotonic_time () - self->started;

  return MAX (remaining, 0);
}

/* Whether a side ran out of time, and which. */
gboolean
mm_clock_is_expired (MmClock *self,
                     MmColor *color)
{
  g_return_val_if_fail (MM_IS_CLOCK (self), FALSE);

  if (self->expired && color != NULL)
    *color = self->side;
  return self->expired;
}

/**
 * mm_clock_format:
 * @remaining: a time in microseconds
 *
 * Returns: the time as a clock shows it: "1:05:00", "4:59", and tenths
 *   under ten seconds, "9.4"
 */
char *
mm_clock_format (gint64 remaining)
{
  gint64 tenths = MAX (remaining, 0) / (G_USEC_PER_SEC / 10);
  gint64 seconds = (MAX (remaining, 0) + G_USEC_PER_SEC - 1) / G_USEC_PER_SEC;

  if (remaining < 10 * G_USEC_PER_SEC)
    return g_strdup_printf ("%d.%d", (int) (tenths / 10), (int) (tenths % 10));
  if (seconds >= 3600)
    return g_strdup_printf ("%d:%02d:%02d", (int) (seconds / 3600), (int) (seconds / 60 % 60),
                            (int) (seconds % 60));
  return g_strdup_printf ("%d:%02d", (int) (seconds / 60), (int) (seconds % 60));
}
