/* mm-test-ai.c
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

#include "mm-test-ai.h"

#define WAIT_LIMIT_US (60 * G_USEC_PER_SEC)

MmAiPlayer *
mm_test_ai_player_new (MmAiWeights *weights,
                       MmAiLevel    level,
                       guint        seed)
{
  g_autoptr(GError) error = NULL;
  MmAiPlayer *player;

  player = g_initable_new (MM_TYPE_AI_PLAYER, NULL, &error,
                           "weights", weights,
                           "hash-megabytes", 8,
                           "seed", seed,
                           "level", level,
                           "min-delay", 0,
                           NULL);
  g_assert_no_error (error);
  g_assert_nonnull (player);
  return player;
}

void
mm_test_ai_wait_until (gboolean *done)
{
  gint64 give_up = g_get_monotonic_time () + WAIT_LIMIT_US;

  while (!*done)
    {
      g_main_context_iteration (NULL, TRUE);
      g_assert_cmpint (g_get_monotonic_time (), <, give_up);
    }
}
