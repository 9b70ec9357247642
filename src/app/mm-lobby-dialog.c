/* mm-lobby-dialog.c
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

#define G_LOG_DOMAIN "mm-lobby-dialog"

#include "config.h"

#include <glib/gi18n.h>

#include "mm-chat-panel.h"
#include "mm-lan-beacon.h"
#include "mm-lan-discovery.h"
#include "mm-lobby-client.h"
#include "mm-lobby-dialog.h"
#include "mm-lobby-game.h"
#include "mm-lobby-host.h"
#include "mm-lobby-player.h"
#include "mm-lobby-row.h"
#include "mm-lobby-words.h"
#include "mm-online-game.h"
#include "mm-protocol.h"
#include "mm-secrets.h"

#define MAX_RECENT_SERVERS 8

/* The time controls offered, as the settings name them. */
static const struct
{
  const char *id;
  guint       base;
  guint       increment;
} time_controls[] = {
  { "1+0", 60, 0 },
  { "3+2", 180, 2 },
  { "5+3", 300, 3 },
  { "10+5", 600, 5 },
  { "15+10", 900, 10 },
  { "untimed", 0, 0 },
};

static const char *const colors[] = { "random", "black", "white" };

struct _MmLobbyDialog
{
  GtkWindow       parent_instance;

  MmWindow       *window;
  GSettings      *settings;
  MmLobbyClient  *client;
  GCancellable   *cancellable;
  /* The challenge shown, to accept or decline */
  MmLobbyOffer   *challenge;
  /* The password of the log-in in progress, kept if it works */
  char           *password;
  /* The servers heard on the local network */
  MmLanDiscovery *discovery;

  /* Template widgets */
  GtkStack       *pages;
  GtkWidget      *disconnect_button;
  GtkEntry       *server_entry;
  GtkMenuButton  *recent_button;
  GtkEntry       *name_entry;
  GtkWidget      *password_entry;
  GtkCheckButton *register_check;
  GtkCheckButton *remember_check;
  GtkCheckButton *tls_check;
  GtkWidget      *lan_box;
  GtkListView    *lan_view;
  GtkRevealer    *trust_revealer;
  GtkLabel       *trust_label;
  GtkWidget      *connect_button;
  GtkSpinner     *connect_spinner;
  GtkLabel       *status_label;
  GtkSpinButton  *port_spin;
  GtkWidget      *host_button;
  GtkLabel       *host_label;
  GtkLabel       *session_label;
  GtkRevealer    *challenge_revealer;
  GtkLabel       *challenge_label;
  GtkNotebook    *notebook;
  GtkDropDown    *time_dropdown;
  GtkDropDown    *color_dropdown;
  GtkCheckButton *rated_check;
  GtkListView    *seeks_view;
  GtkListView    *players_view;
  GtkListView    *games_view;
  MmChatPanel    *chat_panel;
};

G_DEFINE_FINAL_TYPE (MmLobbyDialog, mm_lobby_dialog, GTK_TYPE_WINDOW)

static void mm_lobby_dialog_use_client (MmLobbyDialog *self,
                                        MmLobbyClient *client);

/* ------------------------------------------------------------------ */
/* The rows of the lists                                              */
/* ------------------------------------------------------------------ */

static void
mm_lobby_seek_bind_cb (GtkSignalListItemFactory *factory,
                       GtkListItem              *item,
                       MmLobbyDialog            *self)
{
  mm_lobby_row_bind_seek (item, self->client);
}

static void
mm_lobby_player_bind_cb (GtkSignalListItemFactory *factory,
                         GtkListItem              *item,
                         MmLobbyDialog            *self)
{
  mm_lobby_row_bind_player (item, self->client);
}

static void
mm_lobby_game_bind_cb (GtkSignalListItemFactory *factory,
                       GtkListItem              *item,
                       MmLobbyDialog            *self)
{
  mm_lobby_row_bind_game (item);
}

static void
mm_lobby_dialog_set_factory (MmLobbyDialog *self,
                             GtkListView   *view,
                             GCallback      bind)
{
  g_autoptr(GtkListItemFactory) factory = mm_lobby_row_factory_new ();

  g_signal_connect_object (factory, "bind", bind, self, 0);
  gtk_list_view_set_factory (view, factory);
}

static void
mm_lobby_dialog_set_model (GtkListView *view,
                           GListModel  *model)
{
  g_autoptr(GtkNoSelection) selection = gtk_no_selection_new (model != NULL ? g_object_ref (model)
                                                                            : NULL);

  gtk_list_view_set_model (view, GTK_SELECTION_MODEL (selection));
}

static void
mm_lobby_lan_bind_cb (GtkSignalListItemFactory *factory,
                      GtkListItem              *item,
                      MmLobbyDialog            *self)
{
  mm_lobby_row_bind_lan (item);
}

static void
mm_lobby_dialog_lan_changed_cb (MmLobbyDialog *self)
{
  gtk_widget_set_visible (self->lan_box,
                          g_list_model_get_n_items (mm_lan_discovery_get_servers (self->discovery)) > 0);
}

/* Listens for servers on the local network; where it cannot (no
 * network, the port taken), the list stays hidden. */
static void
mm_lobby_dialog_listen_lan (MmLobbyDialog *self)
{
  g_autoptr(GError) error = NULL;

  self->discovery = mm_lan_discovery_new ();
  mm_lobby_dialog_set_model (self->lan_view, mm_lan_discovery_get_servers (self->discovery));
  g_signal_connect_object (mm_lan_discovery_get_servers (self->discovery), "items-changed",
                           G_CALLBACK (mm_lobby_dialog_lan_changed_cb), self, G_CONNECT_SWAPPED);
  if (!mm_lan_discovery_start (self->discovery, MM_LAN_PORT, 10000, &error))
    g_debug ("Not listening for servers on the network: %s", error->message);
}

/* ------------------------------------------------------------------ */
/* Connecting                                                         */
/* ------------------------------------------------------------------ */

static void
mm_lobby_dialog_set_status (MmLobbyDialog *self,
                            const char    *text,
                            gboolean       busy)
{
  gtk_label_set_text (self->status_label, text != NULL ? text : "");
  gtk_spinner_set_spinning (self->connect_spinner, busy);
  gtk_widget_set_sensitive (self->connect_button, !busy);
}

static void
mm_lobby_dialog_remember_server (MmLobbyDialog *self,
                                 const char    *address)
{
  g_auto(GStrv) recent = g_settings_get_strv (self->settings, "online-servers");
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();
  g_auto(GStrv) kept = NULL;
  guint n = 1;

  g_strv_builder_add (builder, address);
  for (guint i = 0; recent[i] != NULL && n < MAX_RECENT_SERVERS; i++)
    if (g_ascii_strcasecmp (recent[i], address) != 0)
      {
        g_strv_builder_add (builder, recent[i]);
        n++;
      }
  kept = g_strv_builder_end (builder);
  g_settings_set_strv (self->settings, "online-servers", (const char *const *) kept);
}

static void
mm_lobby_dialog_update_recent (MmLobbyDialog *self)
{
  g_auto(GStrv) recent = g_settings_get_strv (self->settings, "online-servers");
  g_autoptr(GMenu) menu = g_menu_new ();

  for (guint i = 0; recent[i] != NULL; i++)
    {
      g_autoptr(GMenuItem) entry = g_menu_item_new (NULL, NULL);

      /* The address as a label; a menu item's label is text. */
      g_menu_item_set_label (entry, recent[i]);
      g_menu_item_set_action_and_target (entry, "lobby.use-server", "s", recent[i]);
      g_menu_append_item (menu, entry);
    }
  gtk_menu_button_set_menu_model (self->recent_button, G_MENU_MODEL (menu));
  gtk_widget_set_sensitive (GTK_WIDGET (self->recent_button), recent[0] != NULL);
}

static void
mm_lobby_dialog_show_lobby (MmLobbyDialog *self)
{
  gboolean connected = self->client != NULL
                       && mm_lobby_client_get_state (self->client) != MM_LOBBY_CLIENT_DISCONNECTED
                       && mm_lobby_client_get_name (self->client) != NULL;

  gtk_stack_set_visible_child_name (self->pages, connected ? "lobby" : "connect");
  gtk_widget_set_visible (self->disconnect_button, connected);
}

static void
mm_lobby_dialog_log_in_cb (GObject      *source,
                           GAsyncResult *result,
                           gpointer      user_data)
{
  g_autoptr(MmLobbyDialog) self = user_data;
  MmLobbyClient *client = MM_LOBBY_CLIENT (source);
  g_autoptr(GError) error = NULL;
  g_autofree char *address = NULL;
  g_autofree char *password = g_steal_pointer (&self->password);

  if (!mm_lobby_client_log_in_finish (client, result, &error))
    {
      if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || client != self->client)
        return;
      mm_lobby_dialog_set_status (self, error->message, FALSE);
      if (g_error_matches (error, MM_LOBBY_CLIENT_ERROR, MM_LOBBY_CLIENT_ERROR_UNTRUSTED))
        {
          gtk_label_set_text (self->trust_label, error->message);
          gtk_revealer_set_reveal_child (self->trust_revealer, TRUE);
          mm_lobby_dialog_set_status (self, NULL, FALSE);
        }
      return;
    }

  address = g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->server_entry)));
  mm_lobby_dialog_remember_server (self, g_strstrip (address));
  g_settings_set_string (self->settings, "online-name", mm_lobby_client_get_name (client));
  if (password != NULL && gtk_check_button_get_active (self->remember_check))
    mm_secrets_store_password (mm_lobby_client_get_host (client), mm_lobby_client_get_port (client),
                               mm_lobby_client_get_name (client), password);
  mm_lobby_dialog_set_status (self, NULL, FALSE);
  gtk_editable_set_text (GTK_EDITABLE (self->password_entry), "");
  mm_lobby_dialog_show_lobby (self);
}

/* Connects with what the fields say. */
static void
mm_lobby_dialog_connect (MmLobbyDialog *self)
{
  const char *address = gtk_editable_get_text (GTK_EDITABLE (self->server_entry));
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->name_entry))));
  const char *password = gtk_editable_get_text (GTK_EDITABLE (self->password_entry));
  gboolean register_account = gtk_check_button_get_active (self->register_check);
  g_autoptr(MmCertificatePins) pins = NULL;
  g_autoptr(MmLobbyClient) client = NULL;
  g_autofree char *host = NULL;
  guint16 port;

  gtk_revealer_set_reveal_child (self->trust_revealer, FALSE);
  if (!mm_lobby_parse_address (address, &host, &port))
    {
      mm_lobby_dialog_set_status (self, _("Write the server’s address as host or host:port."), FALSE);
      gtk_widget_grab_focus (GTK_WIDGET (self->server_entry));
      return;
    }
  if (*name == '\0')
    {
      mm_lobby_dialog_set_status (self, _("Choose the name others will see."), FALSE);
      gtk_widget_grab_focus (GTK_WIDGET (self->name_entry));
      return;
    }
  if (register_account && *password == '\0')
    {
      mm_lobby_dialog_set_status (self, _("An account needs a password."), FALSE);
      gtk_widget_grab_focus (self->password_entry);
      return;
    }

  g_settings_set_boolean (self->settings, "online-tls", gtk_check_button_get_active (self->tls_check));
  if (self->client != NULL)
    mm_lobby_client_disconnect (self->client);
  pins = mm_certificate_pins_new_default ();
  client = mm_lobby_client_new (host, port, gtk_check_button_get_active (self->tls_check), pins);
  mm_lobby_dialog_use_client (self, client);
  mm_window_set_lobby_client (self->window, client);
  g_free (self->password);
  self->password = *password != '\0' ? g_strdup (password) : NULL;
  /* Translators: while connecting; %s is the server's address */
  {
    g_autofree char *status = g_strdup_printf (_("Connecting to %s…"), host);

    mm_lobby_dialog_set_status (self, status, TRUE);
  }
  mm_lobby_client_log_in_async (client, name, self->password, register_account, self->cancellable,
                                mm_lobby_dialog_log_in_cb, g_object_ref (self));
}

static void
mm_lobby_dialog_connect_action (GtkWidget  *widget,
                                const char *action_name,
                                GVariant   *parameter)
{
  mm_lobby_dialog_connect (MM_LOBBY_DIALOG (widget));
}

/* The person trusts the certificate shown: it is pinned for the host
 * and port, and the connection tried again. */
static void
mm_lobby_dialog_trust_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  MmLobbyDialog *self = MM_LOBBY_DIALOG (widget);
  g_autoptr(MmCertificatePins) pins = mm_certificate_pins_new_default ();
  g_autoptr(GError) error = NULL;

  if (self->client == NULL || mm_lobby_client_get_fingerprint (self->client) == NULL)
    return;
  if (!mm_certificate_pins_pin (pins, mm_lobby_client_get_host (self->client),
                                mm_lobby_client_get_port (self->client),
                                mm_lobby_client_get_fingerprint (self->client), &error))
    {
      mm_lobby_dialog_set_status (self, error->message, FALSE);
      return;
    }
  mm_lobby_dialog_connect (self);
}

static void
mm_lobby_dialog_disconnect_action (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  MmLobbyDialog *self = MM_LOBBY_DIALOG (widget);

  if (self->client != NULL)
    mm_lobby_client_disconnect (self->client);
  mm_lobby_dialog_show_lobby (self);
}

static void
mm_lobby_dialog_use_server_action (GtkWidget  *widget,
                                   const char *action_name,
                                   GVariant   *parameter)
{
  mm_lobby_dialog_set_server (MM_LOBBY_DIALOG (widget), g_variant_get_string (parameter, NULL));
}

/* Password fields fill from the keyring for a known server and name. */
static void
mm_lobby_dialog_password_found_cb (GObject      *source,
                                   GAsyncResult *result,
                                   gpointer      user_data)
{
  g_autoptr(MmLobbyDialog) self = user_data;
  g_autofree char *password = mm_secrets_lookup_password_finish (result, NULL);

  if (password != NULL && *gtk_editable_get_text (GTK_EDITABLE (self->password_entry)) == '\0')
    {
      gtk_editable_set_text (GTK_EDITABLE (self->password_entry), password);
      gtk_check_button_set_active (self->remember_check, TRUE);
    }
}

static void
mm_lobby_dialog_look_up_password (MmLobbyDialog *self)
{
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name_entry));
  g_autofree char *host = NULL;
  guint16 port;

  if (*name == '\0'
      || !mm_lobby_parse_address (gtk_editable_get_text (GTK_EDITABLE (self->server_entry)),
                                  &host, &port))
    return;
  mm_secrets_lookup_password_async (host, port, name, self->cancellable,
                                    mm_lobby_dialog_password_found_cb, g_object_ref (self));
}

/* ------------------------------------------------------------------ */
/* Hosting                                                            */
/* ------------------------------------------------------------------ */

static void
mm_lobby_dialog_show_host (MmLobbyDialog *self)
{
  MmLobbyHost *host = mm_lobby_host_get_default ();
  g_autofree char *text = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->host_label), mm_lobby_host_is_running (host));
  gtk_button_set_label (GTK_BUTTON (self->host_button),
                        mm_lobby_host_is_running (host) ? _("_Stop Hosting") : _("_Host"));
  gtk_widget_set_sensitive (GTK_WIDGET (self->port_spin), !mm_lobby_host_is_running (host));
  if (!mm_lobby_host_is_running (host))
    return;
  text = mm_lobby_host_describe (host);
  gtk_label_set_text (self->host_label, text);
}

static void
mm_lobby_dialog_host_action (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  MmLobbyDialog *self = MM_LOBBY_DIALOG (widget);
  MmLobbyHost *host = mm_lobby_host_get_default ();
  g_autoptr(GError) error = NULL;
  g_autofree char *address = NULL;
  guint16 port = (guint16) gtk_spin_button_get_value_as_int (self->port_spin);

  if (mm_lobby_host_is_running (host))
    {
      mm_lobby_host_stop (host);
      mm_lobby_dialog_show_host (self);
      return;
    }
  if (!mm_lobby_host_start (host, port, &error))
    {
      mm_lobby_dialog_set_status (self, error->message, FALSE);
      return;
    }
  g_settings_set_int (self->settings, "host-port", port);
  mm_lobby_dialog_show_host (self);
  /* The host plays in its own lobby, trusting its own certificate. */
  {
    g_autoptr(MmCertificatePins) pins = mm_certificate_pins_new_default ();

    mm_certificate_pins_pin (pins, "localhost", port, mm_lobby_host_get_fingerprint (host), NULL);
  }
  address = g_strdup_printf ("localhost:%u", port);
  gtk_editable_set_text (GTK_EDITABLE (self->server_entry), address);
  gtk_check_button_set_active (self->tls_check, TRUE);
  mm_lobby_dialog_connect (self);
}

/* ------------------------------------------------------------------ */
/* The lobby                                                          */
/* ------------------------------------------------------------------ */

static void
mm_lobby_dialog_update_session (MmLobbyDialog *self)
{
  g_autofree char *text = NULL;
  const char *server;
  const char *name;

  if (self->client == NULL)
    return;
  server = mm_lobby_client_get_server_name (self->client);
  name = mm_lobby_client_get_name (self->client);
  if (server == NULL || name == NULL)
    return;
  if (mm_lobby_client_get_state (self->client) == MM_LOBBY_CLIENT_RECONNECTING)
    text = g_strdup_printf (ngettext ("The connection dropped; trying again in %u second…",
                                      "The connection dropped; trying again in %u seconds…",
                                      mm_lobby_client_get_reconnect_seconds (self->client)),
                            mm_lobby_client_get_reconnect_seconds (self->client));
  else if (mm_lobby_client_is_guest (self->client))
    /* Translators: the first %s is the server's name, the second the person's */
    text = g_strdup_printf (_("On %s as %s, a guest"), server, name);
  else
    /* Translators: the first %s is the server's name, the second the person's, %d their rating */
    text = g_strdup_printf (_("On %s as %s, rated %d"), server, name,
                            mm_lobby_client_get_rating (self->client));
  gtk_label_set_text (self->session_label, text);
  mm_lobby_dialog_show_lobby (self);
}

static void
mm_lobby_dialog_disconnected_cb (MmLobbyDialog *self,
                                 const GError  *error)
{
  mm_lobby_dialog_show_lobby (self);
  mm_lobby_dialog_set_status (self, error->message, FALSE);
}

static void
mm_lobby_dialog_chat_cb (MmLobbyDialog *self,
                         const char    *from,
                         const char    *text)
{
  mm_chat_panel_add_line (self->chat_panel, from, text);
}

static void
mm_lobby_dialog_notice (MmLobbyDialog *self,
                        const char    *text)
{
  mm_chat_panel_add_notice (self->chat_panel, text);
  mm_window_show_message (self->window, text);
  gtk_label_set_text (self->session_label, text);
}

static void
mm_lobby_dialog_request_cb (GObject      *source,
                            GAsyncResult *result,
                            gpointer      user_data)
{
  g_autoptr(MmLobbyDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonObject) reply = mm_lobby_client_request_finish (MM_LOBBY_CLIENT (source), result,
                                                                &error);

  if (reply == NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    mm_lobby_dialog_notice (self, error->message);
}

/* Sends @request (taken); a refusal is said in the dialog. */
static void
mm_lobby_dialog_send (MmLobbyDialog *self,
                      JsonObject    *request)
{
  g_autoptr(JsonObject) owned = request;

  if (self->client == NULL)
    return;
  mm_lobby_client_request_async (self->client, owned, self->cancellable,
                                 mm_lobby_dialog_request_cb, g_object_ref (self));
}

static void
mm_lobby_dialog_say_cb (MmLobbyDialog *self,
                        const char    *text)
{
  JsonObject *say = mm_protocol_new_message ("say", NULL);

  json_object_set_string_member (say, "room", "lobby");
  json_object_set_string_member (say, "text", text);
  mm_lobby_dialog_send (self, say);
}

/* The terms the person chose for a game they offer. */
static void
mm_lobby_dialog_get_terms (MmLobbyDialog *self,
                           MmLobbyColor  *color,
                           guint         *base,
                           guint         *increment,
                           gboolean      *rated)
{
  guint time = MIN (gtk_drop_down_get_selected (self->time_dropdown), G_N_ELEMENTS (time_controls) - 1);
  guint chosen = MIN (gtk_drop_down_get_selected (self->color_dropdown), G_N_ELEMENTS (colors) - 1);

  *base = time_controls[time].base;
  *increment = time_controls[time].increment;
  *color = chosen == 1 ? MM_LOBBY_COLOR_BLACK : chosen == 2 ? MM_LOBBY_COLOR_WHITE
                                                            : MM_LOBBY_COLOR_RANDOM;
  *rated = gtk_check_button_get_active (self->rated_check);
  g_settings_set_string (self->settings, "online-time-control", time_controls[time].id);
  g_settings_set_string (self->settings, "online-color", colors[chosen]);
  g_settings_set_boolean (self->settings, "online-rated", *rated);
}

static void
mm_lobby_dialog_seek_action (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  MmLobbyDialog *self = MM_LOBBY_DIALOG (widget);
  MmLobbyColor color;
  guint base, increment;
  gboolean rated;

  mm_lobby_dialog_get_terms (self, &color, &base, &increment, &rated);
  mm_lobby_dialog_send (self, mm_lobby_client_new_seek (color, base, increment, rated));
}

static void
mm_lobby_dialog_challenge_action (GtkWidget  *widget,
                                  const char *action_name,
                                  GVariant   *parameter)
{
  MmLobbyDialog *self = MM_LOBBY_DIALOG (widget);
  const char *name = g_variant_get_string (parameter, NULL);
  MmLobbyColor color;
  guint base, increment;
  gboolean rated;
  g_autofree char *notice = NULL;

  mm_lobby_dialog_get_terms (self, &color, &base, &increment, &rated);
  mm_lobby_dialog_send (self, mm_lobby_client_new_challenge (name, color, base, increment, rated));
  /* Translators: %s is the name of the player challenged */
  notice = g_strdup_printf (_("You challenged %s; waiting for the answer."), name);
  mm_chat_panel_add_notice (self->chat_panel, notice);
  gtk_label_set_text (self->session_label, notice);
}

static void
mm_lobby_dialog_id_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  MmLobbyDialog *self = MM_LOBBY_DIALOG (widget);
  const char *id = g_variant_get_string (parameter, NULL);

  if (g_str_equal (action_name, "lobby.accept-seek"))
    mm_lobby_dialog_send (self, mm_lobby_client_new_request ("accept-seek", "seek", id));
  else if (g_str_equal (action_name, "lobby.cancel-seek"))
    mm_lobby_dialog_send (self, mm_lobby_client_new_request ("cancel-seek", "seek", id));
}

static void
mm_lobby_dialog_watched_cb (GObject      *source,
                            GAsyncResult *result,
                            gpointer      user_data)
{
  g_autoptr(MmLobbyDialog) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(MmOnlineGame) game = mm_lobby_client_watch_finish (MM_LOBBY_CLIENT (source), result,
                                                               &error);

  if (game == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        mm_lobby_dialog_notice (self, error->message);
      return;
    }
  mm_window_show_online_game (self->window, game);
}

static void
mm_lobby_dialog_watch_action (GtkWidget  *widget,
                              const char *action_name,
                              GVariant   *parameter)
{
  MmLobbyDialog *self = MM_LOBBY_DIALOG (widget);

  if (self->client == NULL)
    return;
  mm_lobby_client_watch_async (self->client, g_variant_get_string (parameter, NULL),
                               self->cancellable, mm_lobby_dialog_watched_cb, g_object_ref (self));
}

/* Shows @challenge to accept or decline (NULL: none any more). */
void
mm_lobby_dialog_show_challenge (MmLobbyDialog *self,
                                MmLobbyOffer  *challenge)
{
  g_autofree char *who = NULL;
  g_autofree char *time = NULL;
  g_autofree char *text = NULL;
  const char *color;

  g_return_if_fail (MM_IS_LOBBY_DIALOG (self));

  g_set_object (&self->challenge, challenge);
  gtk_revealer_set_reveal_child (self->challenge_revealer, challenge != NULL);
  if (challenge == NULL)
    return;
  who = mm_lobby_row_player_with_rating (self->client, mm_lobby_offer_get_by (challenge));
  time = mm_lobby_format_time_control (mm_lobby_offer_get_base (challenge),
                                       mm_lobby_offer_get_increment (challenge));
  color = mm_lobby_offer_get_color (challenge) == MM_LOBBY_COLOR_BLACK ? _("you play white")
        : mm_lobby_offer_get_color (challenge) == MM_LOBBY_COLOR_WHITE ? _("you play black")
        : _("colours by lot");
  /* Translators: an incoming challenge: who (with rating), time control, rated or casual, colour */
  text = g_strdup_printf (_("%s challenges you: %s, %s, %s."), who, time,
                          mm_lobby_offer_is_rated (challenge) ? _("rated") : _("casual"), color);
  gtk_label_set_text (self->challenge_label, text);
  gtk_stack_set_visible_child_name (self->pages, "lobby");
}

static void
mm_lobby_dialog_challenge_ended_cb (MmLobbyDialog *self,
                                    const char    *id,
                                    gboolean       declined)
{
  if (declined)
    mm_lobby_dialog_notice (self, _("Your challenge was declined."));
  if (self->challenge != NULL && g_strcmp0 (id, mm_lobby_offer_get_id (self->challenge)) == 0)
    {
      g_clear_object (&self->challenge);
      gtk_revealer_set_reveal_child (self->challenge_revealer, FALSE);
      if (!declined)
        mm_lobby_dialog_notice (self, _("The challenge was withdrawn."));
    }
}

static void
mm_lobby_dialog_answer_action (GtkWidget  *widget,
                               const char *action_name,
                               GVariant   *parameter)
{
  MmLobbyDialog *self = MM_LOBBY_DIALOG (widget);
  gboolean accept = g_str_equal (action_name, "lobby.accept-challenge");

  if (self->challenge == NULL)
    return;
  mm_lobby_dialog_send (self, mm_lobby_client_new_request (accept ? "accept-challenge"
                                                                  : "decline-challenge",
                                                           "challenge",
                                                           mm_lobby_offer_get_id (self->challenge)));
  g_clear_object (&self->challenge);
  gtk_revealer_set_reveal_child (self->challenge_revealer, FALSE);
}

static void
mm_lobby_dialog_use_client (MmLobbyDialog *self,
                            MmLobbyClient *client)
{
  if (self->client != NULL)
    g_signal_handlers_disconnect_by_data (self->client, self);
  g_set_object (&self->client, client);
  mm_lobby_dialog_set_model (self->seeks_view, client != NULL ? mm_lobby_client_get_seeks (client) : NULL);
  mm_lobby_dialog_set_model (self->players_view,
                             client != NULL ? mm_lobby_client_get_players (client) : NULL);
  mm_lobby_dialog_set_model (self->games_view, client != NULL ? mm_lobby_client_get_games (client) : NULL);
  if (client == NULL)
    return;
  g_signal_connect_object (client, "notify::state", G_CALLBACK (mm_lobby_dialog_update_session),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "notify::reconnect-seconds",
                           G_CALLBACK (mm_lobby_dialog_update_session), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "notify::rating", G_CALLBACK (mm_lobby_dialog_update_session),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "disconnected", G_CALLBACK (mm_lobby_dialog_disconnected_cb),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "chat", G_CALLBACK (mm_lobby_dialog_chat_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (client, "challenge-ended",
                           G_CALLBACK (mm_lobby_dialog_challenge_ended_cb), self, G_CONNECT_SWAPPED);
  mm_chat_panel_set_max_length (self->chat_panel, MAX (mm_lobby_client_get_max_chat (client), 1));
  mm_lobby_dialog_update_session (self);
}

/* ------------------------------------------------------------------ */
/* The object                                                         */
/* ------------------------------------------------------------------ */

static void
mm_lobby_dialog_dispose (GObject *object)
{
  MmLobbyDialog *self = MM_LOBBY_DIALOG (object);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->client != NULL)
    g_signal_handlers_disconnect_by_data (self->client, self);
  g_clear_object (&self->client);
  g_clear_object (&self->challenge);
  g_clear_object (&self->discovery);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->password, g_free);
  /* No gtk_widget_dispose_template(): GTK 4.8 unparents the pages of the
   * template's GtkNotebook twice with it (a critical, measured); the
   * window's own dispose takes its children down. */

  G_OBJECT_CLASS (mm_lobby_dialog_parent_class)->dispose (object);
}

static void
mm_lobby_dialog_class_init (MmLobbyDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mm_lobby_dialog_dispose;

  g_type_ensure (MM_TYPE_CHAT_PANEL);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/ui/mm-lobby-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, pages);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, disconnect_button);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, server_entry);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, recent_button);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, name_entry);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, password_entry);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, register_check);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, remember_check);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, tls_check);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, lan_box);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, lan_view);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, trust_revealer);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, trust_label);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, connect_button);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, connect_spinner);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, status_label);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, port_spin);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, host_button);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, host_label);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, session_label);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, challenge_revealer);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, challenge_label);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, notebook);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, time_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, color_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, rated_check);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, seeks_view);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, players_view);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, games_view);
  gtk_widget_class_bind_template_child (widget_class, MmLobbyDialog, chat_panel);

  gtk_widget_class_install_action (widget_class, "lobby.connect", NULL,
                                   mm_lobby_dialog_connect_action);
  gtk_widget_class_install_action (widget_class, "lobby.trust", NULL,
                                   mm_lobby_dialog_trust_action);
  gtk_widget_class_install_action (widget_class, "lobby.disconnect", NULL,
                                   mm_lobby_dialog_disconnect_action);
  gtk_widget_class_install_action (widget_class, "lobby.use-server", "s",
                                   mm_lobby_dialog_use_server_action);
  gtk_widget_class_install_action (widget_class, "lobby.host", NULL,
                                   mm_lobby_dialog_host_action);
  gtk_widget_class_install_action (widget_class, "lobby.seek", NULL,
                                   mm_lobby_dialog_seek_action);
  gtk_widget_class_install_action (widget_class, "lobby.challenge", "s",
                                   mm_lobby_dialog_challenge_action);
  gtk_widget_class_install_action (widget_class, "lobby.accept-seek", "s",
                                   mm_lobby_dialog_id_action);
  gtk_widget_class_install_action (widget_class, "lobby.cancel-seek", "s",
                                   mm_lobby_dialog_id_action);
  gtk_widget_class_install_action (widget_class, "lobby.watch", "s",
                                   mm_lobby_dialog_watch_action);
  gtk_widget_class_install_action (widget_class, "lobby.accept-challenge", NULL,
                                   mm_lobby_dialog_answer_action);
  gtk_widget_class_install_action (widget_class, "lobby.decline-challenge", NULL,
                                   mm_lobby_dialog_answer_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
mm_lobby_dialog_fill_choices (MmLobbyDialog *self)
{
  g_autoptr(GtkStringList) times = gtk_string_list_new (NULL);
  g_autoptr(GtkStringList) color_names = gtk_string_list_new (NULL);
  g_autofree char *time = g_settings_get_string (self->settings, "online-time-control");
  g_autofree char *color = g_settings_get_string (self->settings, "online-color");

  for (guint i = 0; i < G_N_ELEMENTS (time_controls); i++)
    {
      g_autofree char *label = mm_lobby_format_time_control (time_controls[i].base,
                                                             time_controls[i].increment);

      gtk_string_list_append (times, label);
    }
  gtk_drop_down_set_model (self->time_dropdown, G_LIST_MODEL (times));
  for (guint i = 0; i < G_N_ELEMENTS (time_controls); i++)
    if (g_str_equal (time, time_controls[i].id))
      gtk_drop_down_set_selected (self->time_dropdown, i);

  /* Translators: the colour asked for in an open game: drawn by lot */
  gtk_string_list_append (color_names, _("Either colour"));
  /* Translators: the colour asked for in an open game */
  gtk_string_list_append (color_names, _("Black"));
  /* Translators: the colour asked for in an open game */
  gtk_string_list_append (color_names, _("White"));
  gtk_drop_down_set_model (self->color_dropdown, G_LIST_MODEL (color_names));
  for (guint i = 0; i < G_N_ELEMENTS (colors); i++)
    if (g_str_equal (color, colors[i]))
      gtk_drop_down_set_selected (self->color_dropdown, i);
  gtk_check_button_set_active (self->rated_check,
                               g_settings_get_boolean (self->settings, "online-rated"));
}

static void
mm_lobby_dialog_init (MmLobbyDialog *self)
{
  g_auto(GStrv) recent = NULL;
  g_autofree char *name = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->settings = g_settings_new ("io.github.monomachia.Monomachia");
  self->cancellable = g_cancellable_new ();

  mm_lobby_dialog_fill_choices (self);
  mm_lobby_dialog_set_factory (self, self->seeks_view, G_CALLBACK (mm_lobby_seek_bind_cb));
  mm_lobby_dialog_set_factory (self, self->players_view, G_CALLBACK (mm_lobby_player_bind_cb));
  mm_lobby_dialog_set_factory (self, self->games_view, G_CALLBACK (mm_lobby_game_bind_cb));
  mm_lobby_dialog_set_factory (self, self->lan_view, G_CALLBACK (mm_lobby_lan_bind_cb));
  mm_lobby_dialog_listen_lan (self);
  g_signal_connect_object (self->chat_panel, "send", G_CALLBACK (mm_lobby_dialog_say_cb), self,
                           G_CONNECT_SWAPPED);

  recent = g_settings_get_strv (self->settings, "online-servers");
  if (recent[0] != NULL)
    gtk_editable_set_text (GTK_EDITABLE (self->server_entry), recent[0]);
  name = g_settings_get_string (self->settings, "online-name");
  if (*name == '\0')
    {
      g_free (name);
      name = g_strdup (g_get_user_name ());
    }
  gtk_editable_set_text (GTK_EDITABLE (self->name_entry), name);
  gtk_check_button_set_active (self->tls_check, g_settings_get_boolean (self->settings, "online-tls"));
  gtk_check_button_set_active (self->remember_check,
                               g_settings_get_boolean (self->settings, "online-remember-password"));
  g_settings_bind (self->settings, "online-remember-password", self->remember_check, "active",
                   G_SETTINGS_BIND_DEFAULT);
  gtk_spin_button_set_value (self->port_spin, g_settings_get_int (self->settings, "host-port"));
  mm_lobby_dialog_update_recent (self);
  g_signal_connect_object (self->settings, "changed::online-servers",
                           G_CALLBACK (mm_lobby_dialog_update_recent), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->name_entry, "changed",
                           G_CALLBACK (mm_lobby_dialog_look_up_password), self, G_CONNECT_SWAPPED);
  mm_lobby_dialog_show_host (self);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->connect_button);
}

/* The Play Online window of @window, showing the lobby if the window
 * is connected to one. */
MmLobbyDialog *
mm_lobby_dialog_new (MmWindow *window)
{
  MmLobbyDialog *self = g_object_new (MM_TYPE_LOBBY_DIALOG, "transient-for", window, NULL);

  self->window = window;
  mm_lobby_dialog_use_client (self, mm_window_get_lobby_client (window));
  mm_lobby_dialog_show_lobby (self);
  mm_lobby_dialog_look_up_password (self);
  return self;
}

/* Fills the server's field with @address ("host:port"). */
void
mm_lobby_dialog_set_server (MmLobbyDialog *self,
                            const char    *address)
{
  g_return_if_fail (MM_IS_LOBBY_DIALOG (self));

  gtk_editable_set_text (GTK_EDITABLE (self->server_entry), address);
  mm_lobby_dialog_look_up_password (self);
}
