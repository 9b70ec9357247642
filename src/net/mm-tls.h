/* mm-tls.h
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

/* The server's certificate: given as PEM files, or made once and kept
 * in the data directory; and the fingerprint a host tells players. */
GTlsCertificate *mm_tls_certificate_new_self_signed (const char       *common_name,
                                                     char            **certificate_pem,
                                                     char            **key_pem,
                                                     GError          **error);
GTlsCertificate *mm_tls_certificate_load_or_create  (const char       *directory,
                                                     const char       *common_name,
                                                     gboolean         *created,
                                                     GError          **error);
char            *mm_tls_certificate_get_fingerprint (GTlsCertificate  *certificate);

G_END_DECLS
