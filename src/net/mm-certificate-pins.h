/* mm-certificate-pins.h
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

/* The servers whose self-signed certificates the person trusted, by
 * host and port: trust on first use, as SSH does.  A certificate signed
 * by a known authority needs no pin.  The file is a key file, written
 * whole (replaced, never truncated in place). */

#define MM_TYPE_CERTIFICATE_PINS (mm_certificate_pins_get_type ())

G_DECLARE_FINAL_TYPE (MmCertificatePins, mm_certificate_pins, MM, CERTIFICATE_PINS, GObject)

MmCertificatePins *mm_certificate_pins_new          (const char         *path);
MmCertificatePins *mm_certificate_pins_new_default  (void);
const char        *mm_certificate_pins_lookup       (MmCertificatePins  *self,
                                                     const char         *host,
                                                     guint16             port);
gboolean           mm_certificate_pins_pin          (MmCertificatePins  *self,
                                                     const char         *host,
                                                     guint16             port,
                                                     const char         *fingerprint,
                                                     GError            **error);
gboolean           mm_certificate_pins_forget       (MmCertificatePins  *self,
                                                     const char         *host,
                                                     guint16             port,
                                                     GError            **error);

G_END_DECLS
