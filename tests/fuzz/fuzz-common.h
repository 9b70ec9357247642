/* fuzz-common.h
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

#include <glib.h>
#include <stddef.h>
#include <stdint.h>

/* What the fuzz targets share: libFuzzer's entry points, GLib warnings
 * made crashes (abort, which libFuzzer catches and keeps the input of),
 * and a failure that says what went wrong. */
int  LLVMFuzzerInitialize   (int            *argc,
                             char         ***argv);
int  LLVMFuzzerTestOneInput (const uint8_t  *data,
                             size_t          size);
void mm_fuzz_fail           (const char     *format,
                             ...) G_GNUC_PRINTF (1, 2) G_GNUC_NORETURN;
