/* mm-announcer.c
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

#define G_LOG_DOMAIN "mm-announcer"

#include "config.h"

#include <glib/gi18n.h>

#include "mm-announcer.h"

#define SOUNDS_PATH RESOURCE_BASE_PATH "/sounds/"

struct _MmAnnouncer
{
  GObject       parent_instance;

  MmGame       *game;
  MmToast      *toast;
  MmPlayersBar *players_bar;
  GSettings    *settings;
  gboolean      quiet;

  /* What the status tells a screen reader before whose turn it is. */
  char         *last_event;

  GHashTable   *sounds;
  guint         n_sounds;
};

G_DEFINE_FINAL_TYPE (MmAnnouncer, mm_announcer, G_TYPE_OBJECT)

/* "Black wins 34-30" */
char *
mm_announcer_result_message (guint black,
                             guint white)
{
  if (black > white)
    /* Translators: the end of a game; the numbers are the black and white disc counts */
    return g_strdup_printf (_("Black wins %u-%u"), black, white);
  if (white > black)
    /* Translators: the end of a game; the numbers are the white and black disc counts */
    return g_strdup_printf (_("White wins %u-%u"), white, black);
  /* Translators: the end of a game with equal counts, as "Draw 32-32" */
  return g_strdup_printf (_("Draw %u-%u"), black, white);
}

char *
mm_announcer_time_loss_message (MmColor loser)
{
  if (loser == MM_COLOR_BLACK)
    /* Translators: the end of a timed game */
    return g_strdup (_("Black ran out of time: White wins"));
  /* Translators: the end of a timed game */
  return g_strdup (_("White ran out of time: Black wins"));
}

char *
mm_announcer_resignation_message (MmColor loser)
{
  if (loser == MM_COLOR_BLACK)
    /* Translators: the end of a game when a player gives up */
    return g_strdup (_("Black resigned: White wins"));
  /* Translators: the end of a game when a player gives up */
  return g_strdup (_("White resigned: Black wins"));
}

/* The status is said again, after the last event. */
void
mm_announcer_announce (MmAnnouncer *self)
{
  g_return_if_fail (MM_IS_ANNOUNCER (self));

  mm_players_bar_announce (self->players_bar, self->last_event);
}

/* @event: (nullable): what happened last, or %NULL when the status says
 * all */
void
mm_announcer_set_event (MmAnnouncer *self,
                        const char  *event)
{
  g_return_if_fail (MM_IS_ANNOUNCER (self));

  g_free (self->last_event);
  self->last_event = g_strdup (event);
  mm_announcer_announce (self);
}

/* @event happened after the last one: both are said. */
void
mm_announcer_add_event (MmAnnouncer *self,
                        const char  *event)
{
  g_autofree char *joined = NULL;

  g_return_if_fail (MM_IS_ANNOUNCER (self));

  if (self->last_event == NULL || *self->last_event == '\0')
    {
      mm_announcer_set_event (self, event);
      return;
    }

  /* Translators: two events joined, as “White plays C3 and flips 1 disc.
   * Black has no move and passes” */
  joined = g_strdup_printf (_("%s. %s"), self->last_event, event);
  mm_announcer_set_event (self, joined);
}

/* The short sounds made for the game ("place", "end"); without a media
 * back end in GTK they are silent, and nothing else changes. */
void
mm_announcer_play_sound (MmAnnouncer *self,
                         const char  *name)
{
  GtkMediaStream *stream;

  g_return_if_fail (MM_IS_ANNOUNCER (self));

  if (!g_settings_get_boolean (self->settings, "sounds"))
    return;

  self->n_sounds++;
  stream = g_hash_table_lookup (self->sounds, name);
  if (stream == NULL)
    {
      g_autofree char *path = g_strconcat (SOUNDS_PATH, name, ".ogg", NULL);

      stream = gtk_media_file_new_for_resource (path);
      g_hash_table_insert (self->sounds, g_strdup (name), stream);
    }
  if (gtk_media_stream_get_error (stream) != NULL)
    return;

  if (gtk_media_stream_get_playing (stream))
    gtk_media_stream_pause (stream);
  if (gtk_media_stream_is_seekable (stream))
    gtk_media_stream_seek (stream, 0);
  gtk_media_stream_play (stream);
}

/* How many sounds were asked for (the tests count them). */
guint
mm_announcer_get_n_sounds (MmAnnouncer *self)
{
  g_return_val_if_fail (MM_IS_ANNOUNCER (self), 0);

  return self->n_sounds;
}

/* While quiet, the moves played go by without a word or a sound; the
 * other news (a pass, the end of a game) is still told. */
void
mm_announcer_set_quiet (MmAnnouncer *self,
                        gboolean     quiet)
{
  g_return_if_fail (MM_IS_ANNOUNCER (self));

  self->quiet = !!quiet;
}

static void
mm_announcer_move_played_cb (MmAnnouncer *self,
                             MmColor      color,
                             int          square,
                             guint64      flips)
{
  char name[3];
  guint n_flips = mm_popcount (flips);
  g_autofree char *event = NULL;

  if (self->quiet)
    return;

  mm_toast_show (self->toast, NULL);
  mm_square_format (square, name);
  name[0] = g_ascii_toupper (name[0]);
  if (color == MM_COLOR_BLACK)
    /* Translators: said by a screen reader after a move; %s is the square, as F5 */
    event = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Black plays %s and flips %u disc",
                                          "Black plays %s and flips %u discs", n_flips),
                             name, n_flips);
  else
    /* Translators: said by a screen reader after a move; %s is the square, as F5 */
    event = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "White plays %s and flips %u disc",
                                          "White plays %s and flips %u discs", n_flips),
                             name, n_flips);
  mm_announcer_set_event (self, event);
  mm_announcer_play_sound (self, "place");
}

static void
mm_announcer_passed_cb (MmAnnouncer *self,
                        MmColor      color)
{
  const char *message = color == MM_COLOR_BLACK ? _("Black has no move and passes")
                                                : _("White has no move and passes");

  mm_toast_show (self->toast, message);
  mm_announcer_add_event (self, message);
}

static void
mm_announcer_game_over_cb (MmAnnouncer *self,
                           guint        black,
                           guint        white)
{
  g_autofree char *message = mm_announcer_result_message (black, white);

  /* The status says who won: the screen reader hears it there. */
  mm_toast_show (self->toast, message);
  mm_announcer_play_sound (self, "end");
}

static void
mm_announcer_position_changed_cb (MmAnnouncer *self)
{
  g_autofree char *message = NULL;

  /* After an undo into a finished game, or a new game, say what holds now. */
  if (mm_game_is_over (self->game))
    message = mm_announcer_result_message (mm_game_get_black_count (self->game),
                                           mm_game_get_white_count (self->game));
  mm_toast_show (self->toast, message);
  mm_announcer_set_event (self, NULL);
}

static void
mm_announcer_dispose (GObject *object)
{
  MmAnnouncer *self = MM_ANNOUNCER (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->toast);
  g_clear_object (&self->players_bar);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->sounds, g_hash_table_unref);

  G_OBJECT_CLASS (mm_announcer_parent_class)->dispose (object);
}

static void
mm_announcer_finalize (GObject *object)
{
  g_free (MM_ANNOUNCER (object)->last_event);

  G_OBJECT_CLASS (mm_announcer_parent_class)->finalize (object);
}

static void
mm_announcer_class_init (MmAnnouncerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mm_announcer_dispose;
  object_class->finalize = mm_announcer_finalize;
}

static void
mm_announcer_init (MmAnnouncer *self)
{
  self->sounds = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
}

/* What @game says, through @toast, @players_bar's status and the sounds
 * that @settings allow. */
MmAnnouncer *
mm_announcer_new (MmGame       *game,
                  MmToast      *toast,
                  MmPlayersBar *players_bar,
                  GSettings    *settings)
{
  MmAnnouncer *self;

  g_return_val_if_fail (MM_IS_GAME (game), NULL);
  g_return_val_if_fail (MM_IS_TOAST (toast), NULL);
  g_return_val_if_fail (MM_IS_PLAYERS_BAR (players_bar), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (MM_TYPE_ANNOUNCER, NULL);
  self->game = g_object_ref (game);
  self->toast = g_object_ref (toast);
  self->players_bar = g_object_ref (players_bar);
  self->settings = g_object_ref (settings);
  g_signal_connect_object (game, "move-played",
                           G_CALLBACK (mm_announcer_move_played_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "passed",
                           G_CALLBACK (mm_announcer_passed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "game-over",
                           G_CALLBACK (mm_announcer_game_over_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "position-changed",
                           G_CALLBACK (mm_announcer_position_changed_cb), self,
                           G_CONNECT_SWAPPED);
  return self;
}
