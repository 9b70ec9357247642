/* mm-train-samples.h
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

#pragma once

#include <glib.h>

#include "mm-eval.h"
#include "mm-train-games.h"

G_BEGIN_DECLS

/* Marks the samples of the games appended after the archive (self-play),
 * which are never held out. */
#define MM_TRAIN_GAME_EXTRA (1u << 31)

/* A position to learn from and what it is worth: the final disc
 * difference for the side to move, empty squares to the winner. */
typedef struct
{
  guint64 player;
  guint64 opponent;
  guint32 game;                /* index of its game: the hold-out goes by game;
                                * with MM_TRAIN_GAME_EXTRA for an appended game */
  gint8   label;
  gint8   outcome;             /* the game's (solved, propagated) result, whatever
                                * the label came from */
  guint8  exact;               /* the endgame solver gave the label */
  guint8  empties;
  guint8  color;               /* MmColor of the side to move */
} MmTrainSample;

typedef struct
{
  MmTrainSample *samples;
  gsize          n_samples;
  gsize         *game_start;   /* the samples of game g: [game_start[g], game_start[g + 1]) */
  guint          n_games;
} MmTrainSampleSet;

typedef struct
{
  int      exact_empties;      /* solve every position with at most this many empties */
  gboolean propagate;          /* label the earlier positions with the first solved value */
  int      n_threads;
  gboolean verbose;            /* progress on stderr */
  /* Above exact_empties, label by a search of this depth instead of the
   * game's result (0: the result); with these weights (NULL: built in) */
  int                  search_depth;
  const MmEvalWeights *search_weights;
} MmTrainLabelOptions;

typedef struct
{
  guint64 n_solved;
  guint64 n_searched;
  guint64 nodes;
  guint   n_corrected_games;   /* games whose solved result differs from the recorded one */
  double  seconds;
} MmTrainLabelStats;

void     mm_train_samples_extract (const MmTrainGameSet      *games,
                                   MmTrainSampleSet          *set);
gboolean mm_train_samples_solve   (MmTrainSampleSet          *set,
                                   const MmTrainLabelOptions *options,
                                   MmTrainLabelStats         *stats,
                                   GError                   **error);
void     mm_train_samples_clear   (MmTrainSampleSet          *set);

/* A cache of labelled samples for trying fit settings without solving the
 * endgames again; @key names what the samples came from, and a cache with
 * another key is not read. */
gboolean mm_train_samples_save    (const MmTrainSampleSet    *set,
                                   const MmTrainLabelStats   *stats,
                                   const char                *key,
                                   const char                *path,
                                   GError                   **error);
gboolean mm_train_samples_load    (MmTrainSampleSet          *set,
                                   MmTrainLabelStats         *stats,
                                   const char                *key,
                                   const char                *path);

static inline gboolean
mm_train_sample_is_validation (const MmTrainSample *sample,
                               guint                validation_every)
{
  return validation_every > 0 && (sample->game & MM_TRAIN_GAME_EXTRA) == 0
         && sample->game % validation_every == 0;
}

G_END_DECLS
