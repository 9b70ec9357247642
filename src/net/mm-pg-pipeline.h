/* mm-pg-pipeline.h
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
#include <libpq-fe.h>

G_BEGIN_DECLS

/* A statement's answer: its result, and the values it was sent with. */
typedef void (*MmPgDone)   (PGresult  *result,
                            GPtrArray *values,
                            gpointer   data);
/* A statement that failed, or was dropped with a lost connection. */
typedef void (*MmPgFailed) (GPtrArray *values,
                            gpointer   data);

#define MM_TYPE_PG_PIPELINE (mm_pg_pipeline_get_type ())

G_DECLARE_FINAL_TYPE (MmPgPipeline, mm_pg_pipeline, MM, PG_PIPELINE, GObject)

MmPgPipeline *mm_pg_pipeline_new           (const char        *conninfo);
gboolean      mm_pg_pipeline_get_connected (MmPgPipeline      *self);
guint         mm_pg_pipeline_get_n_waiting (MmPgPipeline      *self);
const char   *mm_pg_pipeline_get_error     (MmPgPipeline      *self);
void          mm_pg_pipeline_queue         (MmPgPipeline      *self,
                                            const char        *sql,
                                            gboolean           kept,
                                            MmPgDone           done,
                                            MmPgFailed         failed,
                                            gpointer           data,
                                            guint              n_values,
                                            const char *const *values);

G_END_DECLS
