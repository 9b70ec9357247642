/* mm-analysis-bar.h
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

#include "mm-board-view.h"
#include "mm-search.h"

G_BEGIN_DECLS

/* Analysis mode: a computer player of its own scores every legal move
 * of the position it is given, deeper and deeper, and the scores go on
 * the board view's squares; the bar says how far it got, or why there
 * is nothing to score.  In the opening the scores are the book's. */

#define MM_TYPE_ANALYSIS_BAR (mm_analysis_bar_get_type ())

G_DECLARE_FINAL_TYPE (MmAnalysisBar, mm_analysis_bar, MM, ANALYSIS_BAR, GtkWidget)

void        mm_analysis_bar_set_view      (MmAnalysisBar        *self,
                                           MmBoardView          *view);
void        mm_analysis_bar_set_limits    (MmAnalysisBar        *self,
                                           const MmSearchLimits *limits);
gboolean    mm_analysis_bar_analyse       (MmAnalysisBar        *self,
                                           guint64               black,
                                           guint64               white,
                                           MmColor               side,
                                           GError              **error);
void        mm_analysis_bar_wait          (MmAnalysisBar        *self,
                                           const char           *reason);
void        mm_analysis_bar_stop          (MmAnalysisBar        *self);
gboolean    mm_analysis_bar_get_searching (MmAnalysisBar        *self);
int         mm_analysis_bar_get_depth     (MmAnalysisBar        *self);
const char *mm_analysis_bar_get_status    (MmAnalysisBar        *self);

G_END_DECLS
