/* mm-secrets.h
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

G_BEGIN_DECLS

/* Online accounts' passwords in the person's keyring (libsecret), by
 * server and name: kept only when the person asks to remember one. */

void  mm_secrets_store_password         (const char          *host,
                                         guint16              port,
                                         const char          *name,
                                         const char          *password);
void  mm_secrets_lookup_password_async  (const char          *host,
                                         guint16              port,
                                         const char          *name,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data);
char *mm_secrets_lookup_password_finish (GAsyncResult        *result,
                                         GError             **error);

G_END_DECLS
