/* fuzz-autosave.c
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

/* A libFuzzer target for the loader of the autosaved game (the file the
 * program reads at every start, which a crash, a full disk or another
 * program may have damaged): any file gives the game back or an error
 * with a message, never both or neither; a game given back is one the
 * program can put on the board and save again. */

#include "config.h"

#include <glib/gstdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-common.h"
#include "mm-autosave.h"

static char *path;

static void
remove_folder (void)
{
  g_autofree char *folder = g_path_get_dirname (path);

  g_unlink (path);
  g_rmdir (folder);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(MmAutosave) autosave = NULL;
  g_autoptr(MmGameRecord) record = NULL;
  g_autoptr(GHashTable) session = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = NULL;
  gboolean unsaved = FALSE;

  if (path == NULL)
    {
      g_autofree char *folder = g_dir_make_tmp ("mm-fuzz-autosave-XXXXXX", NULL);

      if (folder == NULL)
        mm_fuzz_fail ("no temporary folder");
      path = g_build_filename (folder, "game.ggf", NULL);
      atexit (remove_folder);
    }
  if (!g_file_set_contents (path, (const char *) data, (gssize) size, NULL))
    mm_fuzz_fail ("the input cannot be written to %s", path);

  autosave = mm_autosave_new (path);
  record = mm_autosave_load_full (autosave, &uri, &unsaved, &session, &error);
  if ((record == NULL) == (error == NULL))
    mm_fuzz_fail ("a game and an error, or neither");
  if (record == NULL)
    {
      if (error->message[0] == '\0' || !g_utf8_validate (error->message, -1, NULL))
        mm_fuzz_fail ("an error without a proper message");
      return 0;
    }
  if (uri != NULL && !g_utf8_validate (uri, -1, NULL))
    mm_fuzz_fail ("a document address that is not text");

  /* What comes back goes on the board and is kept again at the next
   * change. */
  {
    g_autoptr(MmGame) game = mm_game_new ();

    if (mm_game_load_record (game, record, NULL)
        && !mm_autosave_save_full (autosave, game, uri, unsaved, session, &error))
      mm_fuzz_fail ("a game read back cannot be kept again: %s", error->message);
  }
  return 0;
}
