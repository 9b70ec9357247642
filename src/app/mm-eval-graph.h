/* mm-eval-graph.h
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

#include <gtk/gtk.h>

#include "mm-analysis.h"

G_BEGIN_DECLS

/* A move that loses this much (1/MM_EVAL_SCALE disc) against the best
 * one is a mistake: less would often be the noise of a search that is
 * not exact. */
#define MM_EVAL_GRAPH_MISTAKE_LOSS (3 * MM_EVAL_SCALE)

#define MM_TYPE_EVAL_GRAPH (mm_eval_graph_get_type ())

G_DECLARE_FINAL_TYPE (MmEvalGraph, mm_eval_graph, MM, EVAL_GRAPH, GtkDrawingArea)

GtkWidget *mm_eval_graph_new           (void);
void       mm_eval_graph_set_entries   (MmEvalGraph         *self,
                                        GArray              *entries);
guint      mm_eval_graph_get_n_reviewed (MmEvalGraph        *self);
int        mm_eval_graph_get_selected  (MmEvalGraph         *self);
void       mm_eval_graph_set_selected  (MmEvalGraph         *self,
                                        int                  position);
int        mm_eval_graph_position_at   (MmEvalGraph         *self,
                                        double               x);
double     mm_eval_graph_x_of          (MmEvalGraph         *self,
                                        int                  position);

gboolean   mm_review_entry_is_mistake  (const MmReviewEntry *entry);
int        mm_review_entry_get_loss    (const MmReviewEntry *entry);

G_END_DECLS
