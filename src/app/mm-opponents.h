/* mm-opponents.h
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

#include <gio/gio.h>

#include "mm-ai-player.h"
#include "mm-match.h"
#include "mm-nboard-player.h"

G_BEGIN_DECLS

/* The computer as an opponent: the built-in player at a level, or the
 * external NBoard engine of Preferences (engine-command, run in
 * engine-directory), made when first needed.  The engine is started
 * again when its command or folder changed, or after it stopped. */

#define MM_TYPE_OPPONENTS (mm_opponents_get_type ())

G_DECLARE_FINAL_TYPE (MmOpponents, mm_opponents, MM, OPPONENTS, GObject)

MmOpponents *mm_opponents_new              (GSettings    *settings);
void         mm_opponents_set_level_id     (MmOpponents  *self,
                                            const char   *level_id);
const char  *mm_opponents_get_level_id     (MmOpponents  *self);
void         mm_opponents_set_delay        (MmOpponents  *self,
                                            guint         milliseconds);
MmPlayer    *mm_opponents_get_seat         (MmOpponents  *self,
                                            GError      **error);
MmAiPlayer  *mm_opponents_get_ai           (MmOpponents  *self,
                                            GError      **error);
gboolean     mm_opponents_is_stopped_engine (MmOpponents *self,
                                            MmPlayer     *seat);
char        *mm_opponents_dup_record_name  (MmOpponents  *self);
char        *mm_opponents_display_name     (const char   *recorded);
void         mm_opponents_save_session     (MmOpponents  *self,
                                            MmMatch      *match);
void         mm_opponents_forget_session   (MmOpponents  *self,
                                            MmMatch      *match);
gboolean     mm_opponents_read_session     (MmOpponents  *self,
                                            GHashTable   *session,
                                            gboolean     *black,
                                            gboolean     *white);

G_END_DECLS
