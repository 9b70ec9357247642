/* mm-new-game-setup.c
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

#include "mm-new-game-setup.h"

/* The choices the New Game window made last. */
MmNewGameSetup *
mm_new_game_setup_new_from_settings (GSettings *settings)
{
  MmNewGameSetup *setup = g_new0 (MmNewGameSetup, 1);

  g_return_val_if_fail (G_IS_SETTINGS (settings), setup);

  setup->start = g_settings_get_string (settings, "new-game-start");
  setup->opponent = g_settings_get_string (settings, "new-game-opponent");
  setup->level = g_settings_get_string (settings, "computer-level");
  setup->human_color = g_settings_get_string (settings, "human-color");
  setup->black_name = g_settings_get_string (settings, "new-game-black-name");
  setup->white_name = g_settings_get_string (settings, "new-game-white-name");
  setup->clock_minutes = g_settings_get_int (settings, "clock-minutes");
  setup->clock_increment = g_settings_get_int (settings, "clock-increment");
  return setup;
}

MmNewGameSetup *
mm_new_game_setup_copy (const MmNewGameSetup *setup)
{
  MmNewGameSetup *copy = g_new0 (MmNewGameSetup, 1);

  copy->start = g_strdup (setup->start);
  copy->opponent = g_strdup (setup->opponent);
  copy->level = g_strdup (setup->level);
  copy->human_color = g_strdup (setup->human_color);
  copy->black_name = g_strdup (setup->black_name);
  copy->white_name = g_strdup (setup->white_name);
  copy->clock_minutes = setup->clock_minutes;
  copy->clock_increment = setup->clock_increment;
  return copy;
}

/* Keeps @setup as the choices to offer next time, all at once. */
void
mm_new_game_setup_save (const MmNewGameSetup *setup,
                        GSettings            *settings)
{
  g_return_if_fail (G_IS_SETTINGS (settings));

  g_settings_delay (settings);
  g_settings_set_string (settings, "new-game-start", setup->start);
  g_settings_set_string (settings, "new-game-opponent", setup->opponent);
  g_settings_set_string (settings, "computer-level", setup->level);
  g_settings_set_string (settings, "human-color", setup->human_color);
  g_settings_set_string (settings, "new-game-black-name", setup->black_name);
  g_settings_set_string (settings, "new-game-white-name", setup->white_name);
  g_settings_set_int (settings, "clock-minutes", setup->clock_minutes);
  g_settings_set_int (settings, "clock-increment", setup->clock_increment);
  g_settings_apply (settings);
}

void
mm_new_game_setup_free (MmNewGameSetup *setup)
{
  if (setup == NULL)
    return;
  g_free (setup->start);
  g_free (setup->opponent);
  g_free (setup->level);
  g_free (setup->human_color);
  g_free (setup->black_name);
  g_free (setup->white_name);
  g_free (setup);
}
