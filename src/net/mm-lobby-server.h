/* mm-lobby-server.h
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

#include "mm-lobby-cluster.h"
#include "mm-store.h"

G_BEGIN_DECLS

/* What a server takes from its clients (docs/PROTOCOL.md, "Limits").
 * A count or rate of 0 means no limit. */
typedef struct
{
  guint  max_connections;
  guint  max_per_address;
  guint  handshake_timeout_s;
  guint  idle_timeout_s;
  guint  grace_s;
  /* Glicko-2's rating period, in seconds; 0 rates after every game */
  guint  rating_period_s;
  double request_rate;
  guint  request_burst;
  double chat_rate;
  guint  chat_burst;
  guint  chat_length;
} MmServerLimits;

void mm_server_limits_init (MmServerLimits *limits);

#define MM_TYPE_LOBBY_SERVER (mm_lobby_server_get_type ())

G_DECLARE_FINAL_TYPE (MmLobbyServer, mm_lobby_server, MM, LOBBY_SERVER, GObject)

MmLobbyServer *mm_lobby_server_new               (const char            *name,
                                                  const MmServerLimits  *limits);
void           mm_lobby_server_set_certificate   (MmLobbyServer         *self,
                                                  GTlsCertificate       *certificate);
gboolean       mm_lobby_server_set_store         (MmLobbyServer         *self,
                                                  MmStore               *store,
                                                  GError               **error);
gboolean       mm_lobby_server_listen            (MmLobbyServer         *self,
                                                  GInetAddress          *address,
                                                  guint16                port,
                                                  guint16               *bound_port,
                                                  GError               **error);
void           mm_lobby_server_join_cluster      (MmLobbyServer         *self,
                                                  MmLobbyCluster        *cluster);
void           mm_lobby_server_stop              (MmLobbyServer         *self);
guint          mm_lobby_server_get_n_connections (MmLobbyServer         *self);

G_END_DECLS
