/* mm-match-session.c
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

/* The autosaved session of a match: the game, the clocks and the values
 * its owner gives (who the seats are), written after every change and
 * put back at the next start. */

#define G_LOG_DOMAIN "mm-match"

#include "config.h"

#include "mm-match-private.h"

/* ------------------------------------------------------------------ */
/* Autosave                                                           */
/* ------------------------------------------------------------------ */

static GHashTable *
mm_match_session_table (MmMatch *self)
{
  GHashTable *session = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, self->session);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_hash_table_insert (session, g_strdup (key), g_strdup (value));
  if (self->clock != NULL)
    g_hash_table_insert (session, g_strdup (SESSION_CLOCK),
                         g_strdup_printf ("%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT
                                          ",%" G_GINT64_FORMAT ",%" G_GINT64_FORMAT,
                                          mm_clock_get_initial (self->clock),
                                          mm_clock_get_increment (self->clock),
                                          mm_clock_get_remaining (self->clock, MM_COLOR_BLACK),
                                          mm_clock_get_remaining (self->clock, MM_COLOR_WHITE)));
  return session;
}

/* The clocks as saved, or NULL when there were none or the text is not
 * what mm_match_session_table() writes. */
static MmClock *
mm_match_clock_from_session (const char *text)
{
  g_auto(GStrv) fields = text != NULL ? g_strsplit (text, ",", 0) : NULL;
  gint64 values[4];
  MmClock *clock;

  if (fields == NULL || g_strv_length (fields) != G_N_ELEMENTS (values))
    return NULL;
  for (guint i = 0; i < G_N_ELEMENTS (values); i++)
    {
      guint64 value;

      if (!g_ascii_string_to_unsigned (fields[i], 10, 0, G_MAXINT64 / 2, &value, NULL))
        return NULL;
      values[i] = (gint64) value;
    }
  if (values[0] <= 0)
    return NULL;

  clock = mm_clock_new (values[0], values[1]);
  mm_clock_set_remaining (clock, MM_COLOR_BLACK, values[2]);
  mm_clock_set_remaining (clock, MM_COLOR_WHITE, values[3]);
  return clock;
}

/**
 * mm_match_save_session:
 *
 * Writes the game, the clocks and the session values now (a scheduled
 * write is done at once), so that they come back at the next start.
 * Without an autosave file there is nothing to do.
 */
gboolean
mm_match_save_session (MmMatch  *self,
                       GError  **error)
{
  g_autoptr(GHashTable) session = NULL;

  g_return_val_if_fail (MM_IS_MATCH (self), FALSE);

  g_clear_handle_id (&self->autosave_source, g_source_remove);
  if (self->autosave == NULL)
    return TRUE;

  session = mm_match_session_table (self);
  return mm_autosave_save_full (self->autosave, self->game, self->document_uri, self->unsaved,
                                session, error);
}


/* Several changes in a row (a move and the pass after it) make one
 * write; at default priority, as the main loop is seldom idle while the
 * computer thinks and the window redraws its spinner. */
void
_mm_match_schedule_autosave (MmMatch *self)
{
  if (self->autosave != NULL && self->autosave_source == 0)
    self->autosave_source = g_idle_add_full (G_PRIORITY_DEFAULT, _mm_match_autosave_cb, self,
                                             NULL);
}

/**
 * mm_match_set_autosave:
 * @autosave: (nullable): where the game in progress is kept for the
 *   next start; %NULL for nowhere
 */
void
mm_match_set_autosave (MmMatch    *self,
                       MmAutosave *autosave)
{
  g_return_if_fail (MM_IS_MATCH (self));

  g_clear_handle_id (&self->autosave_source, g_source_remove);
  g_set_object (&self->autosave, autosave);
}

/**
 * mm_match_set_document:
 * @uri: (nullable): the file the game was opened from or saved to
 * @unsaved: whether the game has changes that file (or no file) lacks
 *
 * What the autosave keeps about the game's file.
 */
void
mm_match_set_document (MmMatch    *self,
                       const char *uri,
                       gboolean    unsaved)
{
  g_return_if_fail (MM_IS_MATCH (self));

  if (g_strcmp0 (uri, self->document_uri) == 0 && self->unsaved == unsaved)
    return;
  g_free (self->document_uri);
  self->document_uri = g_strdup (uri);
  self->unsaved = unsaved;
  _mm_match_schedule_autosave (self);
}

/**
 * mm_match_set_session_value:
 * @value: (nullable): %NULL to forget @key
 *
 * A fact kept with the autosaved game (such as who the seats are), given
 * back by mm_match_restore_session().
 */
void
mm_match_set_session_value (MmMatch    *self,
                            const char *key,
                            const char *value)
{
  g_return_if_fail (MM_IS_MATCH (self));
  g_return_if_fail (mm_record_tag_name_is_valid (key));
  g_return_if_fail (g_strcmp0 (key, SESSION_CLOCK) != 0);

  if (g_strcmp0 (g_hash_table_lookup (self->session, key), value) == 0)
    return;
  if (value == NULL)
    g_hash_table_remove (self->session, key);
  else
    g_hash_table_insert (self->session, g_strdup (key), g_strdup (value));
  _mm_match_schedule_autosave (self);
}

/**
 * mm_match_restore_session:
 * @uri: (out) (optional): the game's file, or %NULL
 * @unsaved: (out) (optional): whether the game had unsaved changes
 * @session: (out) (optional): the session values, the clocks' left out
 *
 * Puts the autosaved game and its clocks in place, as they were when the
 * program last stopped, whatever stopped it; the seats are the caller's
 * to set again from @session.
 *
 * Returns: %FALSE when there was no session (@error unset) or it could
 *   not be read (@error set); the match is left as it was
 */
gboolean
mm_match_restore_session (MmMatch     *self,
                          char       **uri,
                          gboolean    *unsaved,
                          GHashTable **session,
                          GError     **error)
{
  g_autoptr(MmGameRecord) record = NULL;
  g_autoptr(GHashTable) values = NULL;
  g_autoptr(MmClock) clock = NULL;
  g_autofree char *document = NULL;
  gboolean was_unsaved = FALSE;
  MmColor loser;

  g_return_val_if_fail (MM_IS_MATCH (self), FALSE);

  if (self->autosave == NULL)
    return FALSE;
  record = mm_autosave_load_full (self->autosave, &document, &was_unsaved, &values, error);
  if (record == NULL)
    return FALSE;

  /* The game's change ends the request about the old position. */
  if (!mm_game_load_record (self->game, record, error))
    return FALSE;

  clock = mm_match_clock_from_session (g_hash_table_lookup (values, SESSION_CLOCK));
  g_hash_table_remove (values, SESSION_CLOCK);
  mm_match_set_clock (self, clock);
  if (clock != NULL && mm_game_get_lost_on_time (self->game, &loser))
    mm_clock_stop (clock);
  _mm_match_update_result (self);

  g_free (self->document_uri);
  self->document_uri = g_strdup (document);
  self->unsaved = was_unsaved;
  if (uri != NULL)
    *uri = g_steal_pointer (&document);
  if (unsaved != NULL)
    *unsaved = was_unsaved;
  if (session != NULL)
    *session = g_steal_pointer (&values);
  /* Putting it in place wrote nothing new. */
  g_clear_handle_id (&self->autosave_source, g_source_remove);
  return TRUE;
}

/* Forgets the autosaved game: the next start begins a new one. */
gboolean
mm_match_clear_session (MmMatch  *self,
                        GError  **error)
{
  g_return_val_if_fail (MM_IS_MATCH (self), FALSE);

  g_clear_handle_id (&self->autosave_source, g_source_remove);
  if (self->autosave == NULL)
    return TRUE;
  return mm_autosave_clear (self->autosave, error);
}
