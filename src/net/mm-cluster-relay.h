/* mm-cluster-relay.h
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

#include <json-glib/json-glib.h>

#include "mm-pg-pipeline.h"

G_BEGIN_DECLS

#define MM_TYPE_CLUSTER_RELAY (mm_cluster_relay_get_type ())

G_DECLARE_FINAL_TYPE (MmClusterRelay, mm_cluster_relay, MM, CLUSTER_RELAY, GObject)

MmClusterRelay *mm_cluster_relay_new     (MmPgPipeline   *pipeline,
                                          const char     *server_id);
void            mm_cluster_relay_send    (MmClusterRelay *self,
                                          const char     *to_server,
                                          const char     *key,
                                          JsonObject     *body);
void            mm_cluster_relay_flush   (MmClusterRelay *self);
void            mm_cluster_relay_fetch   (MmClusterRelay *self);
void            mm_cluster_relay_restart (MmClusterRelay *self);
void            mm_cluster_relay_detach  (MmClusterRelay *self);

G_END_DECLS
