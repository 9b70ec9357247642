/* mm-autosave.c
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

#define G_LOG_DOMAIN "mm-autosave"

#include "config.h"

#include <errno.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "mm-autosave.h"
#include "mm-ggf.h"
#include "mm-record-io.h"

/* The game in progress, kept in the user's data folder so that it comes
 * back after a crash, a kill or a restart: a GGF game with tags of
 * Monomachia's own, the file the game belongs to, whether it has
 * changes not saved there, and what the window needs to go on as before
 * (its "session": name-value pairs it chooses).  Every write goes to a temporary file that
 * is flushed to the disk and then renamed over the old one, so that the
 * file is always either the old game or the new one, whole. */

#define TAG_DOCUMENT "MM_DOCUMENT"
#define TAG_UNSAVED  "MM_UNSAVED"
/* The window's facts about the game (who the computer plays, the
 * clocks), each a tag of this prefix and the fact's name. */
#define TAG_SESSION  "MM_S_"

struct _MmAutosave
{
  GObject  parent_instance;

  char    *path;
};

G_DEFINE_FINAL_TYPE (MmAutosave, mm_autosave, G_TYPE_OBJECT)
G_DEFINE_QUARK (mm-autosave-error-quark, mm_autosave_error)

static void
mm_autosave_finalize (GObject *object)
{
  MmAutosave *self = (MmAutosave *)object;

  g_clear_pointer (&self->path, g_free);

  G_OBJECT_CLASS (mm_autosave_parent_class)->finalize (object);
}

static void
mm_autosave_class_init (MmAutosaveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = mm_autosave_finalize;
}

static void
mm_autosave_init (MmAutosave *self)
{
}

/**
 * mm_autosave_new:
 * @path: (nullable): the file to keep the game in; %NULL for
 *   monomachia/autosave.ggf in the user data folder
 */
MmAutosave *
mm_autosave_new (const char *path)
{
  MmAutosave *self = g_object_new (MM_TYPE_AUTOSAVE, NULL);

  if (path != NULL)
    self->path = g_strdup (path);
  else
    self->path = g_build_filename (g_get_user_data_dir (), "monomachia", "autosave.ggf", NULL);

  return self;
}

const char *
mm_autosave_get_path (MmAutosave *self)
{
  g_return_val_if_fail (MM_IS_AUTOSAVE (self), NULL);

  return self->path;
}

/**
 * mm_autosave_save:
 * @document_uri: (nullable): the file the game was opened from or saved to
 * @unsaved: whether the game has changes that file does not have
 *
 * Writes @game atomically and durably.
 */
gboolean
mm_autosave_save (MmAutosave  *self,
                  MmGame      *game,
                  const char  *document_uri,
                  gboolean     unsaved,
                  GError     **error)
{
  return mm_autosave_save_full (self, game, document_uri, unsaved, NULL, error);
}

/* Each fact of @session as a tag; a name must be letters, digits and
 * underscores, a value any text a tag can hold. */
static gboolean
mm_autosave_add_session (MmGameRecord  *record,
                         GHashTable    *session,
                         GError       **error)
{
  g_autoptr(GList) names = g_list_sort (g_hash_table_get_keys (session),
                                        (GCompareFunc) strcmp);

  /* In order of name, so that the same session writes the same file. */
  for (GList *l = names; l != NULL; l = l->next)
    {
      const char *name = l->data;
      g_autofree char *tag = g_strconcat (TAG_SESSION, name, NULL);

      g_return_val_if_fail (mm_record_tag_name_is_valid (tag), FALSE);
      if (!mm_game_record_set_tag (record, tag, g_hash_table_lookup (session, name), error))
        return FALSE;
    }
  return TRUE;
}

/**
 * mm_autosave_save_full:
 * @session: (nullable) (element-type utf8 utf8): what the window needs to
 *   go on with the game as before, given back by mm_autosave_load_full()
 *
 * Like mm_autosave_save(), with the window's session.
 */
gboolean
mm_autosave_save_full (MmAutosave  *self,
                       MmGame      *game,
                       const char  *document_uri,
                       gboolean     unsaved,
                       GHashTable  *session,
                       GError     **error)
{
  g_autofree char *dir = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (MM_IS_AUTOSAVE (self), FALSE);
  g_return_val_if_fail (MM_IS_GAME (game), FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  text = mm_autosave_format (game, document_uri, unsaved, session, error);
  if (text == NULL)
    return FALSE;

  dir = g_path_get_dirname (self->path);
  if (g_mkdir_with_parents (dir, 0700) != 0)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   /* Translators: %s: a folder; %s: why it cannot be made */
                   _("Cannot make the folder %s: %s"), dir, g_strerror (saved_errno));
      return FALSE;
    }

  return g_file_set_contents_full (self->path, text, -1,
                                   G_FILE_SET_CONTENTS_CONSISTENT | G_FILE_SET_CONTENTS_DURABLE,
                                   0600, error);
}

/**
 * mm_autosave_format:
 *
 * The text mm_autosave_save_full() writes, for the same arguments:
 * apart from the file, so that it can be checked on its own.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL with @error
 *   set when the document's address or a session fact cannot be a tag
 */
char *
mm_autosave_format (MmGame      *game,
                    const char  *document_uri,
                    gboolean     unsaved,
                    GHashTable  *session,
                    GError     **error)
{
  g_autoptr(MmGameRecord) record = NULL;

  g_return_val_if_fail (MM_IS_GAME (game), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  record = mm_game_to_record (game);
  if (document_uri != NULL
      && !mm_game_record_set_tag (record, TAG_DOCUMENT, document_uri, error))
    return NULL;
  if (unsaved)
    mm_game_record_set_tag (record, TAG_UNSAVED, "1", NULL);
  if (session != NULL && !mm_autosave_add_session (record, session, error))
    return NULL;
  return mm_ggf_write (record);
}

/* Removes the temporary files of writes that a crash or a kill cut
 * short: the file's name, a dot and six characters. */
static void
mm_autosave_remove_leftovers (MmAutosave *self)
{
  g_autofree char *dir_name = g_path_get_dirname (self->path);
  g_autofree char *base = g_path_get_basename (self->path);
  g_autoptr(GDir) dir = g_dir_open (dir_name, 0, NULL);
  gsize base_length = strlen (base);
  const char *name;

  if (dir == NULL)
    return;

  while ((name = g_dir_read_name (dir)) != NULL)
    {
      if (strlen (name) == base_length + 7 && strncmp (name, base, base_length) == 0
          && name[base_length] == '.')
        {
          g_autofree char *path = g_build_filename (dir_name, name, NULL);

          if (g_remove (path) != 0)
            g_debug ("Cannot remove %s: %s", path, g_strerror (errno));
        }
    }
}

/**
 * mm_autosave_load:
 * @document_uri: (out) (optional) (nullable): the file the game belongs to
 * @unsaved: (out) (optional): whether it had unsaved changes
 *
 * Reads the game in progress back.  The tags of Monomachia's own are
 * taken off the record.  Leftovers of interrupted writes are removed.
 *
 * Returns: (transfer full) (nullable): the game, or %NULL when there is
 *   none (without an error) or when it cannot be read (with one)
 */
MmGameRecord *
mm_autosave_load (MmAutosave  *self,
                  char       **document_uri,
                  gboolean    *unsaved,
                  GError     **error)
{
  return mm_autosave_load_full (self, document_uri, unsaved, NULL, error);
}

/* Moves the session's tags from @record to a table (or drops them). */
static GHashTable *
mm_autosave_take_session (MmGameRecord *record)
{
  GHashTable *session = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  gsize prefix = strlen (TAG_SESSION);

  for (guint i = mm_game_record_get_n_tags (record); i-- > 0;)
    {
      const char *name = NULL;
      const char *value = mm_game_record_get_nth_tag (record, i, &name);

      if (g_str_has_prefix (name, TAG_SESSION) && name[prefix] != '\0')
        {
          g_autofree char *tag = g_strdup (name);

          g_hash_table_insert (session, g_strdup (tag + prefix), g_strdup (value));
          mm_game_record_set_tag (record, tag, NULL, NULL);
        }
    }
  return session;
}

static void
clear_outputs (char        **document_uri,
               gboolean     *unsaved,
               GHashTable  **session)
{
  if (document_uri != NULL)
    *document_uri = NULL;
  if (unsaved != NULL)
    *unsaved = FALSE;
  if (session != NULL)
    *session = NULL;
}

/* The game of a file read (@games, or @read_error), without the
 * autosave's own tags: those go to the outputs. */
static MmGameRecord *
take_record (GPtrArray    *games,
             GError       *read_error,
             char        **document_uri,
             gboolean     *unsaved,
             GHashTable  **session,
             GError      **error)
{
  g_autoptr(GHashTable) facts = NULL;
  MmGameRecord *record;

  if (games == NULL)
    {
      if (g_error_matches (read_error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND))
        return NULL;
      g_set_error (error, MM_AUTOSAVE_ERROR, MM_AUTOSAVE_ERROR_DAMAGED,
                   /* Translators: shown at start; %s says what is wrong with the saved game */
                   _("The game in progress could not be restored: %s"), read_error->message);
      return NULL;
    }

  record = mm_game_record_ref (g_ptr_array_index (games, 0));
  if (document_uri != NULL)
    *document_uri = g_strdup (mm_game_record_get_tag (record, TAG_DOCUMENT));
  if (unsaved != NULL)
    *unsaved = g_strcmp0 (mm_game_record_get_tag (record, TAG_UNSAVED), "1") == 0;
  mm_game_record_set_tag (record, TAG_DOCUMENT, NULL, NULL);
  mm_game_record_set_tag (record, TAG_UNSAVED, NULL, NULL);
  facts = mm_autosave_take_session (record);
  if (session != NULL)
    *session = g_steal_pointer (&facts);

  return record;
}

/**
 * mm_autosave_load_full:
 * @session: (out) (optional) (transfer full) (element-type utf8 utf8): the
 *   session saved with the game, empty when there was none
 *
 * Like mm_autosave_load(), with the window's session.  The game that
 * comes back holds none of the autosave's own tags.
 */
MmGameRecord *
mm_autosave_load_full (MmAutosave   *self,
                       char        **document_uri,
                       gboolean     *unsaved,
                       GHashTable  **session,
                       GError      **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (MM_IS_AUTOSAVE (self), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  clear_outputs (document_uri, unsaved, session);
  mm_autosave_remove_leftovers (self);

  file = g_file_new_for_path (self->path);
  games = mm_record_read_file (file, NULL, NULL, &local_error);
  return take_record (games, local_error, document_uri, unsaved, session, error);
}

/**
 * mm_autosave_parse:
 * @data: (array length=size): an autosave file's bytes
 *
 * What mm_autosave_load_full() gives back for a file of @data: apart
 * from the file, so that it can be checked on its own.
 */
MmGameRecord *
mm_autosave_parse (const char  *data,
                   gsize        size,
                   char       **document_uri,
                   gboolean    *unsaved,
                   GHashTable **session,
                   GError     **error)
{
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GPtrArray) games = NULL;

  g_return_val_if_fail (data != NULL || size == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  clear_outputs (document_uri, unsaved, session);
  games = mm_record_parse (data, size, MM_RECORD_FORMAT_UNKNOWN, NULL, &local_error);
  return take_record (games, local_error, document_uri, unsaved, session, error);
}

/* Forgets the game in progress. */
gboolean
mm_autosave_clear (MmAutosave  *self,
                   GError     **error)
{
  g_return_val_if_fail (MM_IS_AUTOSAVE (self), FALSE);

  if (g_remove (self->path) != 0 && errno != ENOENT)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   /* Translators: %s: a file; %s: why it cannot be removed */
                   _("Cannot remove %s: %s"), self->path, g_strerror (saved_errno));
      return FALSE;
    }

  return TRUE;
}
