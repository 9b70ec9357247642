/* mm-train-selfplay.h
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

#include <stdio.h>

#include <glib.h>

#include "mm-eval.h"
#include "mm-train-games.h"

G_BEGIN_DECLS

/* Games played by the engine against itself with one weights file, for
 * training on more than the archive (docs/TRAINING.md, "Self-play
 * refinement"). */

typedef enum
{
  MM_TRAIN_OPENINGS_RANDOM,    /* random moves, kept when a search finds them balanced */
  MM_TRAIN_OPENINGS_ARCHIVE,   /* the first plies of archive games that are not held out */
} MmTrainOpenings;

typedef struct
{
  const MmEvalWeights *weights;
  const char          *games_path;      /* the archive, for MM_TRAIN_OPENINGS_ARCHIVE */
  int                  n_games;
  int                  depth;           /* midgame search of each move */
  int                  exact_empties;   /* solved exactly from this many empties */
  int                  seed;            /* 0..65535, written as the "year" of each game */
  MmTrainOpenings      openings;
  int                  opening_plies;   /* random: this many plies; archive: 8 to this many */
  int                  random_plies;    /* then this many moves drawn among the near-best */
  int                  random_margin;   /* near-best: at most this many discs below the best */
  guint                validation_every;  /* archive openings avoid the held-out games */
  int                  n_threads;
  gboolean             verbose;
} MmTrainSelfplayOptions;

typedef struct
{
  int     n_games;
  int     black_wins;
  int     draws;
  int     white_wins;
  int     disc_sum;                     /* of black's final disc differences */
  guint64 nodes;
  double  seconds;
} MmTrainSelfplayStats;

void     mm_train_selfplay_options_init (MmTrainSelfplayOptions       *options);
gboolean mm_train_selfplay_run          (const MmTrainSelfplayOptions *options,
                                         FILE                         *out,
                                         MmTrainSelfplayStats         *stats,
                                         GError                      **error);

G_END_DECLS
