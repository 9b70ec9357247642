/* mm-chat-panel.c
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

#define G_LOG_DOMAIN "mm-chat-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "mm-chat-panel.h"

/* What a line shows at most, whatever a server sends. */
#define MAX_SHOWN_CHARS 1000
/* Lines kept; older ones go. */
#define MAX_LINES 500

struct _MmChatPanel
{
  GtkWidget          parent_instance;

  GtkWidget         *box;
  GtkScrolledWindow *scroller;
  GtkTextView       *text_view;
  GtkEntry          *entry;
  GtkWidget         *send_button;
};

enum
{
  SIGNAL_SEND,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MmChatPanel, mm_chat_panel, GTK_TYPE_WIDGET)

static void
mm_chat_panel_send (MmChatPanel *self)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  g_autofree char *line = g_strstrip (g_strdup (text));

  if (*line == '\0')
    return;
  g_signal_emit (self, signals[SIGNAL_SEND], 0, line);
  gtk_editable_set_text (GTK_EDITABLE (self->entry), "");
}

static void
mm_chat_panel_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), MM_TYPE_CHAT_PANEL);

  G_OBJECT_CLASS (mm_chat_panel_parent_class)->dispose (object);
}

static void
mm_chat_panel_class_init (MmChatPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = mm_chat_panel_dispose;

  /* The person typed @text (stripped, not empty) and sends it. */
  signals[SIGNAL_SEND] =
    g_signal_new ("send", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/ui/mm-chat-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, MmChatPanel, box);
  gtk_widget_class_bind_template_child (widget_class, MmChatPanel, scroller);
  gtk_widget_class_bind_template_child (widget_class, MmChatPanel, text_view);
  gtk_widget_class_bind_template_child (widget_class, MmChatPanel, entry);
  gtk_widget_class_bind_template_child (widget_class, MmChatPanel, send_button);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
}

static void
mm_chat_panel_init (MmChatPanel *self)
{
  GtkTextBuffer *buffer;

  gtk_widget_init_template (GTK_WIDGET (self));
  buffer = gtk_text_view_get_buffer (self->text_view);
  gtk_text_buffer_create_tag (buffer, "from", "weight", PANGO_WEIGHT_BOLD, NULL);
  gtk_text_buffer_create_tag (buffer, "notice", "style", PANGO_STYLE_ITALIC, NULL);
  g_signal_connect_object (self->entry, "activate", G_CALLBACK (mm_chat_panel_send), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->send_button, "clicked", G_CALLBACK (mm_chat_panel_send), self,
                           G_CONNECT_SWAPPED);
}

/* @text as it may be shown: valid UTF-8 (a server is trusted in nothing),
 * one line, at most MAX_SHOWN_CHARS. */
static char *
mm_chat_panel_clean (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  GString *clean = g_string_new (NULL);
  guint n = 0;

  for (const char *p = valid; *p != '\0' && n < MAX_SHOWN_CHARS; p = g_utf8_next_char (p), n++)
    {
      gunichar c = g_utf8_get_char (p);
      GUnicodeType type = g_unichar_type (c);

      /* Controls and format characters (bidi overrides among them)
       * could disguise whose line is whose. */
      if (type == G_UNICODE_CONTROL || type == G_UNICODE_FORMAT)
        c = ' ';
      g_string_append_unichar (clean, c);
    }
  if (*g_utf8_offset_to_pointer (valid, n) != '\0')
    g_string_append (clean, "…");
  return g_string_free (clean, FALSE);
}

static void
mm_chat_panel_append (MmChatPanel *self,
                      const char  *from,
                      const char  *text,
                      const char  *tag)
{
  GtkTextBuffer *buffer = gtk_text_view_get_buffer (self->text_view);
  g_autofree char *clean_text = mm_chat_panel_clean (text);
  GtkTextIter end;
  GtkAdjustment *adjustment;

  if (gtk_text_buffer_get_line_count (buffer) > MAX_LINES)
    {
      GtkTextIter start, second;

      gtk_text_buffer_get_start_iter (buffer, &start);
      gtk_text_buffer_get_iter_at_line (buffer, &second, 1);
      gtk_text_buffer_delete (buffer, &start, &second);
    }
  gtk_text_buffer_get_end_iter (buffer, &end);
  if (gtk_text_buffer_get_char_count (buffer) > 0)
    gtk_text_buffer_insert (buffer, &end, "\n", -1);
  if (from != NULL)
    {
      g_autofree char *clean_from = mm_chat_panel_clean (from);
      /* Translators: before a chat line: the speaker's name and a colon */
      g_autofree char *speaker = g_strdup_printf (_("%s: "), clean_from);

      gtk_text_buffer_insert_with_tags_by_name (buffer, &end, speaker, -1, "from", NULL);
    }
  gtk_text_buffer_insert_with_tags_by_name (buffer, &end, clean_text, -1, tag, NULL);
  adjustment = gtk_scrolled_window_get_vadjustment (self->scroller);
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment));
}

/* A line of @from's. */
void
mm_chat_panel_add_line (MmChatPanel *self,
                        const char  *from,
                        const char  *text)
{
  g_return_if_fail (MM_IS_CHAT_PANEL (self));

  mm_chat_panel_append (self, from, text, NULL);
}

/* What happened (someone came, the line dropped), set apart. */
void
mm_chat_panel_add_notice (MmChatPanel *self,
                          const char  *text)
{
  g_return_if_fail (MM_IS_CHAT_PANEL (self));

  mm_chat_panel_append (self, NULL, text, "notice");
}

/* The longest line the server takes, in characters. */
void
mm_chat_panel_set_max_length (MmChatPanel *self,
                              guint        max_length)
{
  g_return_if_fail (MM_IS_CHAT_PANEL (self));

  gtk_entry_set_max_length (self->entry, (int) MIN (max_length, G_MAXINT));
}

void
mm_chat_panel_clear (MmChatPanel *self)
{
  g_return_if_fail (MM_IS_CHAT_PANEL (self));

  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->text_view), "", 0);
}

/* Everything shown, as text (for tests and for copying). */
char *
mm_chat_panel_get_text (MmChatPanel *self)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  g_return_val_if_fail (MM_IS_CHAT_PANEL (self), NULL);

  buffer = gtk_text_view_get_buffer (self->text_view);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}
