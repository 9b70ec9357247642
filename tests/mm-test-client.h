/* mm-test-client.h
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

#include "mm-connection.h"
#include "mm-lobby-server.h"
#include "mm-protocol.h"

G_BEGIN_DECLS

/* A scripted client of the real server, on 127.0.0.1: it writes lines
 * as they are given (garbage included) and reads with the protocol's
 * own connection.  It answers the server's pings unless told not to. */
typedef struct
{
  GSocketConnection *socket;
  /* The socket, or TLS over it */
  GIOStream         *stream;
  MmConnection      *connection;
  GQueue             messages;
  gboolean           closed;
  gboolean           answers_pings;
  char              *token;
} MmTestClient;

MmLobbyServer *mm_test_server_new         (const MmServerLimits *limits,
                                           guint16              *port);
MmTestClient  *mm_test_client_connect     (guint16               port);
MmTestClient  *mm_test_client_connect_full (guint16              port,
                                            GTlsCertificate     *pinned,
                                            GError             **error);
MmTestClient  *mm_test_client_hello       (guint16               port);
MmTestClient  *mm_test_client_login       (guint16               port,
                                           const char           *name);
void           mm_test_client_free        (MmTestClient         *client);
void           mm_test_client_send_line   (MmTestClient         *client,
                                           const char           *line);
void           mm_test_client_send_printf (MmTestClient         *client,
                                           const char           *format,
                                           ...) G_GNUC_PRINTF (2, 3);
JsonObject    *mm_test_client_next        (MmTestClient         *client,
                                           guint                 seconds);
JsonObject    *mm_test_client_expect      (MmTestClient         *client,
                                           const char           *type,
                                           guint                 seconds);
void           mm_test_client_expect_error (MmTestClient        *client,
                                            const char          *code,
                                            const char          *id);
void           mm_test_client_expect_reply (MmTestClient        *client,
                                            const char          *type,
                                            const char          *id);
gboolean       mm_test_client_wait_closed (MmTestClient         *client,
                                           guint                 seconds);
gboolean       mm_test_client_is_quiet    (MmTestClient         *client,
                                           guint                 milliseconds);
void           mm_test_run_for            (guint                 milliseconds);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MmTestClient, mm_test_client_free)

G_END_DECLS
