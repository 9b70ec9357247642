/* mm-lobby-row.c
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

#include "config.h"

#include <glib/gi18n.h>

#include "mm-lan-server.h"
#include "mm-lobby-game.h"
#include "mm-lobby-player.h"
#include "mm-lobby-row.h"
#include "mm-lobby-words.h"

enum
{
  ROW_MAIN,
  ROW_DETAIL,
  ROW_BUTTON,
};

/* A row: a name, a line of details and a button; what they say comes
 * when an entry is bound to it. */
static void
mm_lobby_row_setup_cb (GtkSignalListItemFactory *factory,
                       GtkListItem              *item,
                       gpointer                  data)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *labels = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *main_label = gtk_label_new (NULL);
  GtkWidget *detail = gtk_label_new (NULL);
  GtkWidget *button = gtk_button_new ();

  gtk_widget_add_css_class (row, "lobby-row");
  gtk_label_set_xalign (GTK_LABEL (main_label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (main_label), PANGO_ELLIPSIZE_END);
  gtk_label_set_xalign (GTK_LABEL (detail), 0);
  gtk_label_set_ellipsize (GTK_LABEL (detail), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (detail, "dim-label");
  gtk_widget_set_hexpand (labels, TRUE);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (labels), main_label);
  gtk_box_append (GTK_BOX (labels), detail);
  gtk_box_append (GTK_BOX (row), labels);
  gtk_box_append (GTK_BOX (row), button);
  gtk_list_item_set_child (item, row);
  gtk_list_item_set_activatable (item, FALSE);
}

static GtkWidget *
mm_lobby_row_part (GtkListItem *item,
                   int          part)
{
  GtkWidget *row = gtk_list_item_get_child (item);
  GtkWidget *labels = gtk_widget_get_first_child (row);

  switch (part)
    {
    case ROW_MAIN:
      return gtk_widget_get_first_child (labels);
    case ROW_DETAIL:
      return gtk_widget_get_last_child (labels);
    case ROW_BUTTON:
    default:
      return gtk_widget_get_last_child (row);
    }
}

/* The row's texts (shown as text, never as markup: they come from the
 * network) and its button's action on @target. */
void
mm_lobby_row_fill (GtkListItem *item,
                   const char  *main_text,
                   const char  *detail,
                   const char  *button_label,
                   const char  *action,
                   const char  *target,
                   gboolean     sensitive)
{
  GtkWidget *button = mm_lobby_row_part (item, ROW_BUTTON);
  g_autofree char *accessible = g_strdup_printf ("%s, %s", main_text, detail);

  gtk_label_set_text (GTK_LABEL (mm_lobby_row_part (item, ROW_MAIN)), main_text);
  gtk_label_set_text (GTK_LABEL (mm_lobby_row_part (item, ROW_DETAIL)), detail);
  gtk_button_set_label (GTK_BUTTON (button), button_label);
  /* The target first: an action of a string without one is refused. */
  gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", target);
  gtk_actionable_set_action_name (GTK_ACTIONABLE (button), action);
  gtk_widget_set_sensitive (button, sensitive);
  gtk_accessible_update_property (GTK_ACCESSIBLE (button), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  accessible, -1);
}

/* A factory of rows, for a list view; its "bind" fills them with
 * mm_lobby_row_fill(). */
GtkListItemFactory *
mm_lobby_row_factory_new (void)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();

  g_signal_connect (factory, "setup", G_CALLBACK (mm_lobby_row_setup_cb), NULL);
  return factory;
}

/* @name with the rating @client knows of (or “guest”). */
char *
mm_lobby_row_player_with_rating (MmLobbyClient *client,
                                 const char    *name)
{
  g_autofree char *rating = mm_lobby_format_rating (mm_lobby_client_lookup_rating (client, name));

  /* Translators: a player's name and rating (or “guest”) */
  return g_strdup_printf (_("%s (%s)"), name, rating);
}

/* An open game: who offers it, and its terms as the person would play
 * them; their own can be withdrawn, another's played. */
void
mm_lobby_row_bind_seek (GtkListItem   *item,
                        MmLobbyClient *client)
{
  MmLobbyOffer *seek = gtk_list_item_get_item (item);
  gboolean own = g_strcmp0 (mm_lobby_offer_get_by (seek), mm_lobby_client_get_name (client)) == 0;
  g_autofree char *who = mm_lobby_row_player_with_rating (client, mm_lobby_offer_get_by (seek));
  g_autofree char *time = mm_lobby_format_time_control (mm_lobby_offer_get_base (seek),
                                                        mm_lobby_offer_get_increment (seek));
  g_autofree char *detail = NULL;
  const char *you_play;

  switch (mm_lobby_offer_get_color (seek))
    {
    case MM_LOBBY_COLOR_BLACK:
      you_play = own ? _("you play black") : _("you play white");
      break;
    case MM_LOBBY_COLOR_WHITE:
      you_play = own ? _("you play white") : _("you play black");
      break;
    case MM_LOBBY_COLOR_RANDOM:
    default:
      /* Translators: the colours of an open game are drawn by lot */
      you_play = _("colours by lot");
      break;
    }
  /* Translators: the details of an open game: time control, rated or casual, colour */
  detail = g_strdup_printf (_("%s · %s · %s"), time,
                            mm_lobby_offer_is_rated (seek) ? _("rated") : _("casual"), you_play);
  mm_lobby_row_fill (item, who, detail,
                     own ? _("Withdraw") : _("Play"),
                     own ? "lobby.cancel-seek" : "lobby.accept-seek",
                     mm_lobby_offer_get_id (seek), TRUE);
}

/* A player, to challenge when idle and not the person themselves. */
void
mm_lobby_row_bind_player (GtkListItem   *item,
                          MmLobbyClient *client)
{
  MmLobbyPlayer *player = gtk_list_item_get_item (item);
  const char *name = mm_lobby_player_get_name (player);
  gboolean self_row = g_strcmp0 (name, mm_lobby_client_get_name (client)) == 0;
  g_autofree char *rating = mm_lobby_format_rating (mm_lobby_player_get_rating (player));
  /* Translators: a player's rating (or “guest”) and status in the lobby */
  g_autofree char *detail = g_strdup_printf (_("%s · %s"), rating,
                                             mm_lobby_status_text (mm_lobby_player_get_status (player)));

  mm_lobby_row_fill (item, name, detail, _("Challenge"), "lobby.challenge", name,
                     !self_row && mm_lobby_player_get_status (player) == MM_LOBBY_STATUS_IDLE);
}

/* A game being played, to watch. */
void
mm_lobby_row_bind_game (GtkListItem *item)
{
  MmLobbyGame *game = gtk_list_item_get_item (item);
  /* Translators: a game being played: black's name against white's */
  g_autofree char *players = g_strdup_printf (_("%s – %s"), mm_lobby_game_get_black (game),
                                              mm_lobby_game_get_white (game));
  g_autofree char *time = mm_lobby_format_time_control (mm_lobby_game_get_base (game),
                                                        mm_lobby_game_get_increment (game));
  g_autofree char *detail = g_strdup_printf (_("%s · %s"), time,
                                             mm_lobby_game_is_rated (game) ? _("rated") : _("casual"));

  mm_lobby_row_fill (item, players, detail, _("Watch"), "lobby.watch", mm_lobby_game_get_id (game),
                     TRUE);
}

/* A server heard on the local network, whose address the button puts
 * in the server's field. */
void
mm_lobby_row_bind_lan (GtkListItem *item)
{
  MmLanServer *server = gtk_list_item_get_item (item);
  g_autofree char *address = mm_lan_server_get_address (server);
  g_autofree char *short_fingerprint = g_strndup (mm_lan_server_get_fingerprint (server), 11);
  /* Translators: a server heard on the network: its address, and the start of its certificate's fingerprint */
  g_autofree char *detail = g_strdup_printf (_("%s · certificate %s…"), address, short_fingerprint);

  /* Translators: a button that puts a server's address in the field */
  mm_lobby_row_fill (item, mm_lan_server_get_name (server), detail, _("Use"), "lobby.use-server",
                     address, TRUE);
}
