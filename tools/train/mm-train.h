/* mm-train.h
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
#include "mm-train-eval.h"
#include "mm-train-fit.h"
#include "mm-train-games.h"
#include "mm-train-samples.h"

G_BEGIN_DECLS

/* The whole training: read the games, label their positions, fit the
 * weights, measure them on the held-out games and write the file. */
typedef struct
{
  const char          *games_path;
  const char          *extra_games_path;  /* after the archive, never held out; NULL: none */
  const char          *output_path;    /* NULL: do not write a file */
  guint                max_games;      /* 0: all */
  const char          *samples_cache;  /* keep the labelled positions here; NULL: no */
  MmTrainLabelOptions  label;
  /* What names label.search_weights in the samples cache's key */
  const char          *search_weights_id;
  MmTrainFitOptions    fit;
  gboolean             verbose;
} MmTrainOptions;

typedef struct
{
  guint             n_games;
  guint             n_extra_games;  /* of n_games, from extra_games_path */
  guint             n_rejected;
  gsize             n_samples;
  gsize             n_validation_samples;
  double            read_seconds;
  MmTrainLabelStats label;
  MmTrainFitStats   fit;
  MmTrainErrors     zero;
  MmTrainErrors     simple;
  MmTrainErrors     trained;
  gsize             file_size;
  double            seconds;
} MmTrainReport;

void           mm_train_options_init    (MmTrainOptions       *options);
MmEvalWeights *mm_train_run             (const MmTrainOptions *options,
                                         MmTrainReport        *report,
                                         GError              **error);
gboolean       mm_train_load_samples    (const MmTrainOptions *options,
                                         MmTrainSampleSet     *set,
                                         MmTrainReport        *report,
                                         GError              **error);
gboolean       mm_train_write_weights   (const MmEvalWeights  *weights,
                                         const char           *path,
                                         gsize                *size,
                                         GError              **error);
void           mm_train_print_errors    (FILE                 *out,
                                         const MmTrainErrors  *columns[],
                                         const char           *names[],
                                         int                   n_columns);
void           mm_train_print_report    (FILE                 *out,
                                         const MmTrainReport  *report);

G_END_DECLS
