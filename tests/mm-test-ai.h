/* mm-test-ai.h
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

#include "mm-ai-player.h"

G_BEGIN_DECLS

/* The computer player as the tests make it: the given weights, a small
 * table, no delay, a seed for its chance; and a wait for its answer that
 * fails the test past a minute rather than hang it. */
MmAiPlayer *mm_test_ai_player_new (MmAiWeights *weights,
                                   MmAiLevel    level,
                                   guint        seed);
void        mm_test_ai_wait_until (gboolean    *done);

G_END_DECLS
