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
 * program can put on the board and keep again, and what it keeps reads
 * back as the same game with the same document, flag and session.  In
 * memory (mm_autosave_parse and _format, which the file functions
 * wrap), so that a run is not a disk's speed. */

#include "config.h"

#include <stdint.h>
#include <string.h>

#include "fuzz-common.h"
#include "mm-autosave.h"

static gboolean
same_session (GHashTable *a,
              GHashTable *b)
{
  GHashTableIter iter;
  gpointer name, value;

  if (g_hash_table_size (a) != g_hash_table_size (b))
    return FALSE;
  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &name, &value))
    if (g_strcmp0 (value, g_hash_table_lookup (b, name)) != 0)
      return FALSE;
  return TRUE;
}

static gboolean
same_game (MmGame *a,
           MmGame *b)
{
  MmBoard board_a = mm_game_get_board (a), board_b = mm_game_get_board (b);

  if (mm_game_get_n_moves (a) != mm_game_get_n_moves (b)
      || board_a.player != board_b.player || board_a.opponent != board_b.opponent
      || mm_game_get_side_to_move (a) != mm_game_get_side_to_move (b))
    return FALSE;
  for (guint i = 0; i < mm_game_get_n_moves (a); i++)
    if (mm_game_get_move (a, i, NULL) != mm_game_get_move (b, i, NULL))
      return FALSE;
  return TRUE;
}

/* What is kept of @game reads back as it. */
static void
check_kept_again (MmGame     *game,
                  const char *uri,
                  gboolean    unsaved,
                  GHashTable *session)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = mm_autosave_format (game, uri, unsaved, session, &error);
  g_autoptr(MmGameRecord) again = NULL;
  g_autoptr(GHashTable) session_again = NULL;
  g_autoptr(MmGame) game_again = mm_game_new ();
  g_autofree char *uri_again = NULL;
  gboolean unsaved_again = FALSE;

  if (text == NULL)
    mm_fuzz_fail ("a game read back cannot be kept again: %s", error->message);
  again = mm_autosave_parse (text, strlen (text), &uri_again, &unsaved_again, &session_again,
                             &error);
  if (again == NULL)
    mm_fuzz_fail ("what was kept does not read back: %s", error != NULL ? error->message : "");
  if (g_strcmp0 (uri, uri_again) != 0 || unsaved != unsaved_again
      || !same_session (session, session_again))
    mm_fuzz_fail ("the document, the flag or the session changed on the way");
  if (!mm_game_load_record (game_again, again, &error))
    mm_fuzz_fail ("what was kept is not a game: %s", error->message);
  if (!same_game (game, game_again))
    mm_fuzz_fail ("the game kept is not the game read");
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr(MmGameRecord) record = NULL;
  g_autoptr(GHashTable) session = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(MmGame) game = NULL;
  g_autofree char *uri = NULL;
  gboolean unsaved = FALSE;

  record = mm_autosave_parse ((const char *) data, size, &uri, &unsaved, &session, &error);
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
  game = mm_game_new ();
  if (mm_game_load_record (game, record, NULL))
    check_kept_again (game, uri, unsaved, session);
  return 0;
}
