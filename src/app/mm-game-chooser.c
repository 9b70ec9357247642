/* mm-game-chooser.c
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

#define G_LOG_DOMAIN "mm-game-chooser"

#include "config.h"

#include <glib/gi18n.h>

#include "mm-game-chooser.h"

/* A file or the clipboard may hold many games (a GGS archive holds
 * thousands): this window lists them, one line each, and hands the one
 * chosen to whoever asked, through the game-chosen signal.  A list view
 * keeps a long list cheap. */

struct _MmGameChooser
{
  GtkWindow       parent_instance;

  GPtrArray      *games;
  GtkSingleSelection *selection;

  /* Template widgets */
  GtkLabel       *summary_label;
  GtkListView    *list_view;
};

G_DEFINE_FINAL_TYPE (MmGameChooser, mm_game_chooser, GTK_TYPE_WINDOW)

enum {
  GAME_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* "12. Tastet – Lazard · 1977.??.?? · +4.00 · 60 moves" */
static char *
describe_game (MmGameRecord *record,
               guint         index)
{
  const char *black = mm_game_record_get_tag (record, MM_RECORD_TAG_BLACK);
  const char *white = mm_game_record_get_tag (record, MM_RECORD_TAG_WHITE);
  const char *date = mm_game_record_get_tag (record, MM_RECORD_TAG_DATE);
  const char *result = mm_game_record_get_tag (record, MM_RECORD_TAG_RESULT);
  guint n_moves = mm_game_record_get_n_discs_played (record);
  GString *text = g_string_new (NULL);

  g_string_append_printf (text, "%u. ", index + 1);
  if (black != NULL || white != NULL)
    /* Translators: the two players of a game, Black first, in a list of games */
    g_string_append_printf (text, _("%s – %s"),
                            black != NULL ? black : "?", white != NULL ? white : "?");
  else if (n_moves == 0)
    {
      MmColor side;

      mm_game_record_get_start (record, NULL, NULL, &side);
      /* Translators: in the list of games of a file: a position without moves */
      g_string_append (text, side == MM_COLOR_BLACK ? _("A position, Black to move")
                                                    /* Translators: in the list of games of a file:
                                                     * a position without moves */
                                                    : _("A position, White to move"));
    }
  else
    /* Translators: in the list of games of a file: a game without players' names */
    g_string_append (text, _("A game"));

  if (date != NULL && *date != '\0')
    g_string_append_printf (text, " · %s", date);
  if (result != NULL && *result != '\0')
    g_string_append_printf (text, " · %s", result);
  if (n_moves > 0)
    {
      g_string_append (text, " · ");
      /* Translators: the length of a game in a list of games */
      g_string_append_printf (text, g_dngettext (GETTEXT_PACKAGE, "%u move", "%u moves", n_moves),
                              n_moves);
    }

  /* One line, whatever the tags hold. */
  g_strdelimit (text->str, "\n\r\t", ' ');

  return g_string_free (text, FALSE);
}

static void
setup_row_cb (GtkSignalListItemFactory *factory,
              GtkListItem              *item,
              gpointer                  user_data)
{
  GtkWidget *label = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_widget_set_margin_start (label, 6);
  gtk_widget_set_margin_end (label, 6);
  gtk_list_item_set_child (item, label);
}

static void
bind_row_cb (GtkSignalListItemFactory *factory,
             GtkListItem              *item,
             gpointer                  user_data)
{
  GtkStringObject *string = gtk_list_item_get_item (item);

  gtk_label_set_text (GTK_LABEL (gtk_list_item_get_child (item)),
                      gtk_string_object_get_string (string));
}

/**
 * mm_game_chooser_choose:
 *
 * Emits #MmGameChooser::game-chosen for the game at @index and closes the
 * window: what a double click, Enter or the Open button do.
 */
void
mm_game_chooser_choose (MmGameChooser *self,
                        guint          index)
{
  g_autoptr(MmGameRecord) record = NULL;

  g_return_if_fail (MM_IS_GAME_CHOOSER (self));
  g_return_if_fail (index < self->games->len);

  record = mm_game_record_ref (g_ptr_array_index (self->games, index));
  g_object_ref (self);
  gtk_window_destroy (GTK_WINDOW (self));
  g_signal_emit (self, signals[GAME_CHOSEN], 0, record);
  g_object_unref (self);
}

static void
mm_game_chooser_activate_cb (MmGameChooser *self,
                             guint          position)
{
  mm_game_chooser_choose (self, position);
}

static void
mm_game_chooser_open_action (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  MmGameChooser *self = MM_GAME_CHOOSER (widget);
  guint position = gtk_single_selection_get_selected (self->selection);

  if (position != GTK_INVALID_LIST_POSITION)
    mm_game_chooser_choose (self, position);
}

static void
mm_game_chooser_dispose (GObject *object)
{
  MmGameChooser *self = (MmGameChooser *)object;

  gtk_widget_dispose_template (GTK_WIDGET (self), MM_TYPE_GAME_CHOOSER);
  g_clear_object (&self->selection);

  G_OBJECT_CLASS (mm_game_chooser_parent_class)->dispose (object);
}

static void
mm_game_chooser_finalize (GObject *object)
{
  MmGameChooser *self = (MmGameChooser *)object;

  g_clear_pointer (&self->games, g_ptr_array_unref);

  G_OBJECT_CLASS (mm_game_chooser_parent_class)->finalize (object);
}

static void
mm_game_chooser_class_init (MmGameChooserClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mm_game_chooser_dispose;
  object_class->finalize = mm_game_chooser_finalize;

  /**
   * MmGameChooser::game-chosen:
   * @record: the game chosen
   */
  signals[GAME_CHOSEN] =
    g_signal_new ("game-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, MM_TYPE_GAME_RECORD);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/ui/mm-game-chooser.ui");
  gtk_widget_class_bind_template_child (widget_class, MmGameChooser, summary_label);
  gtk_widget_class_bind_template_child (widget_class, MmGameChooser, list_view);
  gtk_widget_class_bind_template_callback (widget_class, mm_game_chooser_activate_cb);

  gtk_widget_class_install_action (widget_class, "chooser.open", NULL,
                                   mm_game_chooser_open_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
mm_game_chooser_init (MmGameChooser *self)
{
  g_autoptr(GtkListItemFactory) factory = gtk_signal_list_item_factory_new ();

  gtk_widget_init_template (GTK_WIDGET (self));

  g_signal_connect (factory, "setup", G_CALLBACK (setup_row_cb), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row_cb), NULL);
  gtk_list_view_set_factory (self->list_view, factory);
}

/**
 * mm_game_chooser_new:
 * @games: (element-type MmGameRecord): the games to choose from
 * @source: where they come from, such as a file name, for the window's text
 */
MmGameChooser *
mm_game_chooser_new (GtkWindow  *parent,
                     GPtrArray  *games,
                     const char *source)
{
  MmGameChooser *self;
  g_autoptr(GtkStringList) strings = gtk_string_list_new (NULL);
  g_autofree char *summary = NULL;

  g_return_val_if_fail (games != NULL && games->len > 0, NULL);

  self = g_object_new (MM_TYPE_GAME_CHOOSER, "transient-for", parent, NULL);
  self->games = g_ptr_array_ref (games);

  for (guint i = 0; i < games->len; i++)
    {
      g_autofree char *line = describe_game (g_ptr_array_index (games, i), i);

      gtk_string_list_append (strings, line);
    }
  self->selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (strings)));
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));

  summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                          /* Translators: %s is a file name or
                                           * “The clipboard”; %u a number of games */
                                          "%s holds %u game. Choose the one to play.",
                                          "%s holds %u games. Choose the one to play.",
                                          games->len),
                             source, games->len);
  gtk_label_set_text (self->summary_label, summary);

  return self;
}

guint
mm_game_chooser_get_n_games (MmGameChooser *self)
{
  g_return_val_if_fail (MM_IS_GAME_CHOOSER (self), 0);

  return self->games->len;
}
