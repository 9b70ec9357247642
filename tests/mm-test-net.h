/* mm-test-net.h
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

/* What the net tests share: a connected pair on 127.0.0.1, and waiting
 * on the main loop with a bound. */
void mm_test_net_connect_pair (GSocketListener   **listener,
                               GSocketConnection **client,
                               GSocketConnection **server);
void mm_test_net_wait_for     (const gboolean     *flag,
                               guint               seconds);

G_END_DECLS
