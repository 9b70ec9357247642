/* mm-review-panel.h
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
#include "mm-eval-graph.h"
#include "mm-game.h"

G_BEGIN_DECLS

/* Analyse Game's panel: it reviews a whole game in the background with
 * a computer player of its own, and shows how far it got, the
 * evaluation graph and the list of mistakes.  A point of the graph or a
 * mistake activated asks for that position (::position-activated). */

#define MM_TYPE_REVIEW_PANEL (mm_review_panel_get_type ())

G_DECLARE_FINAL_TYPE (MmReviewPanel, mm_review_panel, MM, REVIEW_PANEL, GtkWidget)

gboolean             mm_review_panel_start          (MmReviewPanel        *self,
                                                     MmGame               *game,
                                                     const MmSearchLimits *limits,
                                                     GError              **error);
void                 mm_review_panel_stop           (MmReviewPanel        *self);
void                 mm_review_panel_close          (MmReviewPanel        *self);
gboolean             mm_review_panel_get_running    (MmReviewPanel        *self);
gboolean             mm_review_panel_get_shown      (MmReviewPanel        *self);
gboolean             mm_review_panel_is_about       (MmReviewPanel        *self,
                                                     MmGame               *game);
void                 mm_review_panel_set_selected   (MmReviewPanel        *self,
                                                     int                   position);
const MmReviewEntry *mm_review_panel_get_entry      (MmReviewPanel        *self,
                                                     guint                 position);
GArray              *mm_review_panel_get_entries    (MmReviewPanel        *self);
const char          *mm_review_panel_get_status     (MmReviewPanel        *self);
MmEvalGraph         *mm_review_panel_get_graph      (MmReviewPanel        *self);
GtkListBox          *mm_review_panel_get_mistakes   (MmReviewPanel        *self);

G_END_DECLS
