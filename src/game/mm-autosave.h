/* mm-autosave.h
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

#include <glib-object.h>

#include "mm-game.h"

G_BEGIN_DECLS

#define MM_AUTOSAVE_ERROR (mm_autosave_error_quark ())

typedef enum
{
  MM_AUTOSAVE_ERROR_DAMAGED,
} MmAutosaveError;

#define MM_TYPE_AUTOSAVE (mm_autosave_get_type ())

G_DECLARE_FINAL_TYPE (MmAutosave, mm_autosave, MM, AUTOSAVE, GObject)

GQuark        mm_autosave_error_quark  (void);

MmAutosave   *mm_autosave_new          (const char   *path);
const char   *mm_autosave_get_path     (MmAutosave   *self);
gboolean      mm_autosave_save         (MmAutosave   *self,
                                        MmGame       *game,
                                        const char   *document_uri,
                                        gboolean      unsaved,
                                        GError      **error);
MmGameRecord *mm_autosave_load         (MmAutosave   *self,
                                        char        **document_uri,
                                        gboolean     *unsaved,
                                        GError      **error);
gboolean      mm_autosave_save_full    (MmAutosave   *self,
                                        MmGame       *game,
                                        const char   *document_uri,
                                        gboolean      unsaved,
                                        GHashTable   *session,
                                        GError      **error);
MmGameRecord *mm_autosave_load_full    (MmAutosave   *self,
                                        char        **document_uri,
                                        gboolean     *unsaved,
                                        GHashTable  **session,
                                        GError      **error);
gboolean      mm_autosave_clear        (MmAutosave   *self,
                                        GError      **error);

char         *mm_autosave_format       (MmGame       *game,
                                        const char   *document_uri,
                                        gboolean      unsaved,
                                        GHashTable   *session,
                                        GError      **error);
MmGameRecord *mm_autosave_parse        (const char   *data,
                                        gsize         size,
                                        char        **document_uri,
                                        gboolean     *unsaved,
                                        GHashTable  **session,
                                        GError      **error);

G_END_DECLS
