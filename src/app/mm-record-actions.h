/* mm-record-actions.h
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

#include "mm-game.h"
#include "mm-record-io.h"

G_BEGIN_DECLS

/* The game as a document: the GGF file it was opened from or saved to,
 * whether it has changes that file (or no file) lacks, and what moves
 * records in and out of the window: Open, Save, Save As, Copy, Paste
 * and the question before an unsaved game goes.  A game read (from
 * files or the clipboard) is handed over once the user agreed to let
 * the current one go: ::load.  What it has to say goes to ::message. */

#define MM_TYPE_RECORD_ACTIONS (mm_record_actions_get_type ())

G_DECLARE_FINAL_TYPE (MmRecordActions, mm_record_actions, MM, RECORD_ACTIONS, GObject)

/* What to do once the user agreed to let the current game go, after
 * saving it (@discarded FALSE) or not. */
typedef void (*MmAgreedFunc) (gpointer owner,
                              gboolean discarded,
                              gpointer data);

MmRecordActions *mm_record_actions_new             (GtkWindow        *parent,
                                                    MmGame           *game,
                                                    GSettings        *settings);
GFile           *mm_record_actions_get_file        (MmRecordActions  *self);
gboolean         mm_record_actions_get_unsaved     (MmRecordActions  *self);
void             mm_record_actions_set_file        (MmRecordActions  *self,
                                                    GFile            *file,
                                                    gboolean          unsaved);
char            *mm_record_actions_dup_title       (MmRecordActions  *self);

void             mm_record_actions_confirm_discard (MmRecordActions  *self,
                                                    MmAgreedFunc      next,
                                                    gpointer          owner,
                                                    gpointer          data,
                                                    GDestroyNotify    destroy);
void             mm_record_actions_open            (MmRecordActions  *self);
void             mm_record_actions_open_files      (MmRecordActions  *self,
                                                    GFile           **files,
                                                    guint             n_files);
void             mm_record_actions_save            (MmRecordActions  *self);
void             mm_record_actions_save_as         (MmRecordActions  *self);
void             mm_record_actions_save_to_file    (MmRecordActions  *self,
                                                    GFile            *file);
void             mm_record_actions_copy            (MmRecordActions  *self,
                                                    MmRecordFormat    format);
void             mm_record_actions_paste           (MmRecordActions  *self);
void             mm_record_actions_paste_text      (MmRecordActions  *self,
                                                    const char       *text);
void             mm_record_actions_cancel          (MmRecordActions  *self);

G_END_DECLS
