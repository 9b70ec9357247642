/* mm-window.c
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

#define G_LOG_DOMAIN "mm-window"

#include "config.h"

#include <glib/gi18n.h>

#include "mm-autosave.h"
#include "mm-board-view.h"
#include "mm-game-chooser.h"
#include "mm-ggf.h"
#include "mm-record-io.h"
#include "mm-window.h"
#include "mm-window-private.h"

/* What to do once the user agreed to let the current game go, after
 * saving it (@discarded FALSE) or not. */
typedef void (*MmWindowContinuation) (MmWindow *self,
                                      gboolean  discarded,
                                      gpointer  data);

enum
{
  RESPONSE_DISCARD = 1,
  RESPONSE_SAVE,
};

struct _MmWindow
{
  GtkApplicationWindow  parent_instance;

  /* Owned references */
  MmGame               *game;
  GSettings            *settings;
  MmAutosave           *autosave;
  GCancellable         *cancellable;

  /* The GGF file the game was opened from or saved to, if any, and
   * whether the game has changes that file (or no file) does not have.
   * changes counts every change, so that a save knows whether the game
   * moved on while it was written. */
  GFile                *file;
  gboolean              unsaved;
  guint                 changes;

  /* Set while a game is put in place, so that this is not taken for a
   * change made by the user. */
  gboolean              loading;
  guint                 autosave_source;
  /* The user agreed to close with unsaved changes. */
  gboolean              close_confirmed;

  /* What to do after the save that a question asked for. */
  MmWindowContinuation  after_save;
  gpointer              after_save_data;
  GDestroyNotify        after_save_destroy;

  /* Template widgets */
  MmBoardView          *board_view;
  GtkWidget            *black_row;
  GtkWidget            *white_row;
  GtkLabel             *black_count_label;
  GtkLabel             *white_count_label;
  GtkLabel             *black_name_label;
  GtkLabel             *white_name_label;
  GtkLabel             *turn_label;
  GtkLabel             *message_label;
};

G_DEFINE_FINAL_TYPE (MmWindow, mm_window, GTK_TYPE_APPLICATION_WINDOW)

static void mm_window_save         (MmWindow *self);

static void
mm_window_show_message (MmWindow   *self,
                        const char *message)
{
  gtk_label_set_text (self->message_label, message);
  gtk_widget_set_visible (GTK_WIDGET (self->message_label), message != NULL && *message);
}

static char *
mm_window_get_display_name (GFile *file)
{
  g_autofree char *base = g_file_get_basename (file);

  return base != NULL ? g_filename_display_name (base) : g_file_get_uri (file);
}

/* "• game.ggf — Monomachia": the file's name, and a bullet when the game
 * has changes it does not have. */
static void
mm_window_update_title (MmWindow *self)
{
  g_autofree char *name = NULL;
  g_autofree char *title = NULL;

  if (self->file != NULL)
    name = mm_window_get_display_name (self->file);
  else if (self->unsaved)
    /* Translators: in the window title, for a game not saved in a file */
    name = g_strdup (_("Unsaved game"));

  if (name == NULL)
    title = g_strdup (_("Monomachia"));
  else if (self->unsaved)
    /* Translators: the window title of a game with changes that are not
     * saved (the bullet marks them); %s is a file name or “Unsaved game” */
    title = g_strdup_printf (_("• %s — Monomachia"), name);
  else
    /* Translators: the window title of a saved game; %s is its file name */
    title = g_strdup_printf (_("%s — Monomachia"), name);

  gtk_window_set_title (GTK_WINDOW (self), title);
}

static void
mm_window_set_file (MmWindow *self,
                    GFile    *file,
                    gboolean  unsaved)
{
  g_set_object (&self->file, file);
  self->unsaved = unsaved;
  mm_window_update_title (self);
}

static void
mm_window_update_names (MmWindow *self)
{
  const char *black = mm_game_get_player_name (self->game, MM_COLOR_BLACK);
  const char *white = mm_game_get_player_name (self->game, MM_COLOR_WHITE);

  gtk_label_set_text (self->black_name_label, black);
  gtk_widget_set_visible (GTK_WIDGET (self->black_name_label), black != NULL);
  gtk_label_set_text (self->white_name_label, white);
  gtk_widget_set_visible (GTK_WIDGET (self->white_name_label), white != NULL);
}

static void
mm_window_update_status (MmWindow *self)
{
  g_autofree char *black = g_strdup_printf ("%u", mm_game_get_black_count (self->game));
  g_autofree char *white = g_strdup_printf ("%u", mm_game_get_white_count (self->game));
  gboolean over = mm_game_is_over (self->game);
  MmColor side = mm_game_get_side_to_move (self->game);

  gtk_label_set_text (self->black_count_label, black);
  gtk_label_set_text (self->white_count_label, white);

  if (over)
    gtk_label_set_text (self->turn_label, _("Game over"));
  else if (side == MM_COLOR_BLACK)
    gtk_label_set_text (self->turn_label, _("Black to move"));
  else
    gtk_label_set_text (self->turn_label, _("White to move"));

  /* The row of the side to move is highlighted. */
  if (!over && side == MM_COLOR_BLACK)
    gtk_widget_add_css_class (self->black_row, "current");
  else
    gtk_widget_remove_css_class (self->black_row, "current");
  if (!over && side == MM_COLOR_WHITE)
    gtk_widget_add_css_class (self->white_row, "current");
  else
    gtk_widget_remove_css_class (self->white_row, "current");

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo", mm_game_can_undo (self->game));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.redo", mm_game_can_redo (self->game));
}

static char *
result_message (guint black,
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

static void
mm_window_move_played_cb (MmWindow *self)
{
  mm_window_show_message (self, NULL);
}

static void
mm_window_passed_cb (MmWindow *self,
                     MmColor   color)
{
  if (color == MM_COLOR_BLACK)
    mm_window_show_message (self, _("Black has no move and passes"));
  else
    mm_window_show_message (self, _("White has no move and passes"));
}

static void
mm_window_game_over_cb (MmWindow *self,
                        guint     black,
                        guint     white)
{
  g_autofree char *message = result_message (black, white);

  mm_window_show_message (self, message);
}

static void
mm_window_position_changed_cb (MmWindow *self)
{
  g_autofree char *message = NULL;

  /* After an undo into a finished game, or a new game, say what holds now. */
  if (mm_game_is_over (self->game))
    message = result_message (mm_game_get_black_count (self->game),
                              mm_game_get_white_count (self->game));
  mm_window_show_message (self, message);
}

/* ------------------------------------------------------------------ */
/* Autosave                                                           */
/* ------------------------------------------------------------------ */

static void
mm_window_autosave_now (MmWindow *self)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *uri = NULL;

  g_clear_handle_id (&self->autosave_source, g_source_remove);
  if (self->autosave == NULL || self->game == NULL)
    return;

  if (self->file != NULL)
    uri = g_file_get_uri (self->file);
  if (!mm_autosave_save (self->autosave, self->game, uri, self->unsaved, &error))
    {
      g_autofree char *message =
        /* Translators: %s says why the game in progress could not be written */
        g_strdup_printf (_("The game in progress cannot be kept for the next start: %s"),
                         error->message);

      g_warning ("%s", message);
      mm_window_show_message (self, message);
    }
}

static gboolean
mm_window_autosave_cb (gpointer data)
{
  MmWindow *self = data;

  self->autosave_source = 0;
  mm_window_autosave_now (self);

  return G_SOURCE_REMOVE;
}

/* Several changes in a row (a move and the pass after it) make one write. */
static void
mm_window_schedule_autosave (MmWindow *self)
{
  if (self->autosave != NULL && self->autosave_source == 0)
    self->autosave_source = g_idle_add (mm_window_autosave_cb, self);
}

/* The game the window had when the program last stopped, whatever
 * stopped it. */
static void
mm_window_restore (MmWindow *self)
{
  g_autoptr(MmGameRecord) record = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  g_autofree char *uri = NULL;
  gboolean unsaved = FALSE;
  gboolean loaded;

  record = mm_autosave_load (self->autosave, &uri, &unsaved, &error);
  if (record == NULL)
    {
      if (error != NULL)
        mm_window_show_message (self, error->message);
      return;
    }

  self->loading = TRUE;
  loaded = mm_game_load_record (self->game, record, &error);
  self->loading = FALSE;
  if (!loaded)
    {
      mm_window_show_message (self, error->message);
      return;
    }

  if (uri != NULL)
    file = g_file_new_for_uri (uri);
  mm_window_set_file (self, file, unsaved);
}

static void
mm_window_game_changed_cb (MmWindow *self)
{
  self->changes++;
  if (!self->loading && !self->unsaved)
    {
      self->unsaved = TRUE;
      mm_window_update_title (self);
    }
  mm_window_schedule_autosave (self);
}

/* ------------------------------------------------------------------ */
/* Letting a game go                                                  */
/* ------------------------------------------------------------------ */

typedef struct
{
  MmWindowContinuation  next;
  gpointer              data;
  GDestroyNotify        destroy;
} Pending;

static void
pending_free (gpointer data)
{
  Pending *pending = data;

  if (pending->destroy != NULL)
    pending->destroy (pending->data);
  g_free (pending);
}

static gboolean
mm_window_must_ask (MmWindow *self)
{
  return self->unsaved && g_settings_get_boolean (self->settings, "confirm-discard");
}

static void
mm_window_run_after_save (MmWindow *self,
                          gboolean  saved)
{
  MmWindowContinuation next = g_steal_pointer (&self->after_save);
  gpointer data = g_steal_pointer (&self->after_save_data);
  GDestroyNotify destroy = g_steal_pointer (&self->after_save_destroy);

  if (saved && next != NULL)
    next (self, FALSE, data);
  if (destroy != NULL)
    destroy (data);
}

typedef struct
{
  MmWindow *self;
  Pending  *pending;
  int       response;
} Answer;

/* The answer is acted on once the question is gone, outside its signal:
 * what follows may close the window the question belongs to. */
static gboolean
mm_window_answer_cb (gpointer data)
{
  Answer *answer = data;
  MmWindow *self = answer->self;
  Pending *pending = answer->pending;

  if (self->game == NULL)
    ;
  else if (answer->response == RESPONSE_DISCARD)
    {
      pending->next (self, TRUE, pending->data);
    }
  else if (answer->response == RESPONSE_SAVE)
    {
      /* Whatever waited goes on once the save is done. */
      mm_window_run_after_save (self, FALSE);
      self->after_save = pending->next;
      self->after_save_data = g_steal_pointer (&pending->data);
      self->after_save_destroy = g_steal_pointer (&pending->destroy);
      mm_window_save (self);
    }

  pending_free (pending);
  g_object_unref (self);
  g_free (answer);

  return G_SOURCE_REMOVE;
}

static void
mm_window_confirm_response_cb (GtkDialog *dialog,
                               int        response,
                               MmWindow  *self)
{
  Answer *answer = g_new0 (Answer, 1);

  answer->self = g_object_ref (self);
  answer->pending = g_object_steal_data (G_OBJECT (dialog), "mm-pending");
  answer->response = response;
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_idle_add (mm_window_answer_cb, answer);
}

/* Runs @next at once when the game has no unsaved changes (or the user
 * asked not to be asked); otherwise asks first: Discard runs it, Save
 * saves and then runs it, Cancel drops it. */
static void
mm_window_confirm_discard (MmWindow             *self,
                           MmWindowContinuation  next,
                           gpointer              data,
                           GDestroyNotify        destroy)
{
  GtkWidget *dialog;
  Pending *pending;
  g_autofree char *name = NULL;

  if (!mm_window_must_ask (self))
    {
      next (self, FALSE, data);
      if (destroy != NULL)
        destroy (data);
      return;
    }

  dialog = gtk_message_dialog_new (GTK_WINDOW (self),
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   /* Translators: the question asked before a game with unsaved
                                    * changes is replaced or closed */
                                   "%s", _("Discard unsaved game?"));
  if (self->file != NULL)
    {
      name = mm_window_get_display_name (self->file);
      gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                                /* Translators: %s is a file name */
                                                _("The last changes to “%s” are not saved."),
                                                name);
    }
  else
    gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                              /* Translators: the explanation under “Discard
                                               * unsaved game?” */
                                              _("This game is not saved in a file."));
  gtk_dialog_add_buttons (GTK_DIALOG (dialog),
                          /* Translators: a button */
                          _("_Cancel"), GTK_RESPONSE_CANCEL,
                          /* Translators: a button: let the unsaved game go */
                          _("_Discard"), RESPONSE_DISCARD,
                          /* Translators: a button: save the game */
                          _("_Save"), RESPONSE_SAVE,
                          NULL);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), RESPONSE_SAVE);
  gtk_widget_add_css_class (gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog),
                                                                RESPONSE_DISCARD),
                            "destructive-action");

  pending = g_new0 (Pending, 1);
  pending->next = next;
  pending->data = data;
  pending->destroy = destroy;
  g_object_set_data_full (G_OBJECT (dialog), "mm-pending", pending, pending_free);
  g_signal_connect_object (dialog, "response",
                           G_CALLBACK (mm_window_confirm_response_cb), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ------------------------------------------------------------------ */
/* Loading                                                            */
/* ------------------------------------------------------------------ */

/* The keyboard starts on the board, on the first legal move, so that arrow
 * keys, Enter and typed square names work at once. */
static void
mm_window_focus_board (MmWindow *self)
{
  guint64 legal = mm_game_get_legal_moves (self->game);
  int square = legal != 0 ? mm_first_square (legal) : 0;

  gtk_window_set_focus (GTK_WINDOW (self),
                        mm_board_view_get_square (self->board_view, square));
}

typedef struct
{
  MmGameRecord *record;
  GFile        *file;
  char         *message;
} LoadData;

static void
load_data_free (gpointer data)
{
  LoadData *load = data;

  g_clear_pointer (&load->record, mm_game_record_unref);
  g_clear_object (&load->file);
  g_clear_pointer (&load->message, g_free);
  g_free (load);
}

/* Puts the game of @data in place.  A game of its own GGF file belongs to
 * that file; any other (pasted, chosen among several, read from another
 * format) is a new game not saved yet. */
static void
mm_window_load (MmWindow *self,
                gboolean  discarded,
                gpointer  data)
{
  LoadData *load = data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) message = g_string_new (load->message);
  gboolean loaded;

  self->loading = TRUE;
  loaded = mm_game_load_record (self->game, load->record, &error);
  self->loading = FALSE;
  if (!loaded)
    {
      mm_window_show_message (self, error->message);
      return;
    }

  mm_window_set_file (self, load->file, load->file == NULL);
  mm_window_schedule_autosave (self);

  if (mm_game_is_over (self->game))
    {
      g_autofree char *result = result_message (mm_game_get_black_count (self->game),
                                                mm_game_get_white_count (self->game));

      if (message->len > 0)
        g_string_append_c (message, ' ');
      g_string_append (message, result);
    }
  else if (mm_game_get_n_moves (self->game) > 0
           && mm_game_get_move (self->game, mm_game_get_n_moves (self->game) - 1, NULL)
              == MM_SQUARE_PASS)
    {
      /* The game goes on after a pass: say who passed, as during play. */
      if (message->len > 0)
        g_string_append_c (message, ' ');
      g_string_append (message, mm_game_get_side_to_move (self->game) == MM_COLOR_BLACK
                                ? _("White has no move and passes")
                                : _("Black has no move and passes"));
    }
  mm_window_show_message (self, message->str);
  mm_window_focus_board (self);
}

static void
mm_window_load_when_agreed (MmWindow     *self,
                            MmGameRecord *record,
                            GFile        *file,
                            const char   *message)
{
  LoadData *load = g_new0 (LoadData, 1);

  load->record = mm_game_record_ref (record);
  load->file = file != NULL ? g_object_ref (file) : NULL;
  load->message = g_strdup (message);
  mm_window_confirm_discard (self, mm_window_load, load, load_data_free);
}

static void
mm_window_game_chosen_cb (MmWindow      *self,
                          MmGameRecord  *record,
                          MmGameChooser *chooser)
{
  const char *message = g_object_get_data (G_OBJECT (chooser), "mm-message");

  mm_window_load_when_agreed (self, record, NULL, message);
}

/* One game is loaded (once the user agrees); several are listed to
 * choose from. */
static void
mm_window_present_games (MmWindow   *self,
                         GPtrArray  *games,
                         const char *source,
                         GFile      *file,
                         const char *message)
{
  MmGameChooser *chooser;

  if (games->len == 1)
    {
      mm_window_load_when_agreed (self, g_ptr_array_index (games, 0), file, message);
      return;
    }

  chooser = mm_game_chooser_new (GTK_WINDOW (self), games, source);
  g_object_set_data_full (G_OBJECT (chooser), "mm-message", g_strdup (message), g_free);
  g_signal_connect_object (chooser, "game-chosen",
                           G_CALLBACK (mm_window_game_chosen_cb), self, G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (chooser));
}

/* The files given to open are read one after the other, in a worker
 * thread each; their games are put together. */
typedef struct
{
  MmWindow       *self;
  GPtrArray      *files;
  guint           next;
  GPtrArray      *games;
  MmRecordFormat  format;
  char           *error_message;
} OpenData;

static void
open_data_free (OpenData *open)
{
  g_clear_object (&open->self);
  g_clear_pointer (&open->files, g_ptr_array_unref);
  g_clear_pointer (&open->games, g_ptr_array_unref);
  g_clear_pointer (&open->error_message, g_free);
  g_free (open);
}

static void mm_window_open_next (OpenData *open);

static void
mm_window_open_read_cb (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  OpenData *open = user_data;
  GFile *file = g_ptr_array_index (open->files, open->next);
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GError) error = NULL;
  MmRecordFormat format;

  games = mm_record_read_file_finish (result, &format, &error);
  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || open->self->game == NULL)
    {
      open_data_free (open);
      return;
    }

  if (games == NULL)
    {
      g_autofree char *name = mm_window_get_display_name (file);

      if (open->error_message == NULL)
        /* Translators: %s is a file name, then what is wrong with it */
        open->error_message = g_strdup_printf (_("Cannot open “%s”: %s"), name, error->message);
    }
  else
    {
      open->format = format;
      g_ptr_array_extend_and_steal (open->games, g_steal_pointer (&games));
    }

  open->next++;
  mm_window_open_next (open);
}

static void
mm_window_open_next (OpenData *open)
{
  MmWindow *self = open->self;
  GFile *own_file = NULL;
  g_autofree char *source = NULL;

  if (open->next < open->files->len)
    {
      mm_record_read_file_async (g_ptr_array_index (open->files, open->next),
                                 self->cancellable, mm_window_open_read_cb, open);
      return;
    }

  if (open->games->len == 0)
    {
      mm_window_show_message (self, open->error_message);
      open_data_free (open);
      return;
    }

  /* Only a file that holds one GGF game is that game's file: saving
   * writes GGF, and must not overwrite other games or other formats. */
  if (open->files->len == 1 && open->games->len == 1 && open->error_message == NULL
      && open->format == MM_RECORD_FORMAT_GGF)
    own_file = g_ptr_array_index (open->files, 0);

  if (open->files->len == 1)
    {
      g_autofree char *name = mm_window_get_display_name (g_ptr_array_index (open->files, 0));

      /* Translators: %s is a file name; this starts a sentence */
      source = g_strdup_printf (_("“%s”"), name);
    }
  else
    /* Translators: this starts a sentence, as “The files hold 12 games” */
    source = g_strdup (_("The files"));

  if (open->error_message != NULL)
    mm_window_show_message (self, open->error_message);
  mm_window_present_games (self, open->games, source, own_file, open->error_message);
  open_data_free (open);
}

/**
 * mm_window_open_files:
 * @files: (array length=n_files): the files to read
 *
 * Reads the games in @files (GGF, transcripts, PGN or boards) and loads
 * the game, or lets the user choose among several, after asking whether
 * unsaved changes may go.  Errors are shown in the window.
 */
void
mm_window_open_files (MmWindow  *self,
                      GFile    **files,
                      guint      n_files)
{
  OpenData *open;

  g_return_if_fail (MM_IS_WINDOW (self));
  g_return_if_fail (files != NULL || n_files == 0);

  if (n_files == 0)
    return;

  open = g_new0 (OpenData, 1);
  open->self = g_object_ref (self);
  open->files = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (open->files, g_object_ref (files[i]));
  open->games = g_ptr_array_new_with_free_func ((GDestroyNotify) mm_game_record_unref);
  mm_window_open_next (open);
}

static void
add_game_filters (GtkFileChooser *chooser)
{
  g_autoptr(GtkFileFilter) games = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  /* Translators: a filter in the file chooser */
  gtk_file_filter_set_name (games, _("Othello games"));
  gtk_file_filter_add_mime_type (games, "application/x-ggf");
  gtk_file_filter_add_suffix (games, "ggf");
  gtk_file_filter_add_suffix (games, "pgn");
  gtk_file_filter_add_suffix (games, "txt");
  gtk_file_filter_add_suffix (games, "obf");
  gtk_file_chooser_add_filter (chooser, games);

  /* Translators: a filter in the file chooser */
  gtk_file_filter_set_name (all, _("All files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (chooser, all);
}

static void
mm_window_open_response_cb (MmWindow             *self,
                            int                   response,
                            GtkFileChooserNative *native)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      mm_window_open_files (self, &file, 1);
    }

  g_object_unref (native);
}

static void
mm_window_open_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);
  GtkFileChooserNative *native;

  /* Translators: the title of the file chooser that opens a saved game */
  native = gtk_file_chooser_native_new (_("Open a Game"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_OPEN,
                                        /* Translators: a button in the file chooser */
                                        _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  add_game_filters (GTK_FILE_CHOOSER (native));
  g_signal_connect_object (native, "response",
                           G_CALLBACK (mm_window_open_response_cb), self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* ------------------------------------------------------------------ */
/* Saving                                                             */
/* ------------------------------------------------------------------ */

typedef struct
{
  MmWindow *self;
  GFile    *file;
  guint     changes;
} SaveData;

static void
save_data_free (SaveData *save)
{
  g_clear_object (&save->self);
  g_clear_object (&save->file);
  g_free (save);
}

static void
mm_window_save_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  SaveData *save = user_data;
  MmWindow *self = save->self;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = mm_window_get_display_name (save->file);
  g_autofree char *message = NULL;

  if (!g_file_replace_contents_finish (G_FILE (source), result, NULL, &error)
      && self->game == NULL)
    {
      /* The window is gone. */
      save_data_free (save);
      return;
    }
  if (error != NULL)
    {
      /* Translators: %s is a file name, then the reason it cannot be written */
      message = g_strdup_printf (_("Cannot save “%s”: %s"), name, error->message);
      mm_window_show_message (self, message);
      mm_window_run_after_save (self, FALSE);
      save_data_free (save);
      return;
    }

  if (self->game == NULL)
    {
      save_data_free (save);
      return;
    }

  /* Moves played while the file was written are not in it. */
  mm_window_set_file (self, save->file, self->changes != save->changes);
  mm_window_schedule_autosave (self);
  /* Translators: %s is a file name */
  message = g_strdup_printf (_("The game is saved in “%s”."), name);
  mm_window_show_message (self, message);
  mm_window_run_after_save (self, TRUE);
  save_data_free (save);
}

static void
mm_window_save_to_file (MmWindow *self,
                        GFile    *file)
{
  g_autoptr(MmGameRecord) record = mm_game_to_record (self->game);
  g_autoptr(GBytes) bytes = NULL;
  SaveData *save = g_new0 (SaveData, 1);
  char *text = mm_ggf_write (record);

  bytes = g_bytes_new_take (text, strlen (text));
  save->self = g_object_ref (self);
  save->file = g_object_ref (file);
  save->changes = self->changes;
  g_file_replace_contents_bytes_async (file, bytes, NULL, FALSE, G_FILE_CREATE_NONE,
                                       NULL, mm_window_save_cb, save);
}

static void
mm_window_save_response_cb (MmWindow             *self,
                            int                   response,
                            GtkFileChooserNative *native)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      mm_window_save_to_file (self, file);
    }
  else
    mm_window_run_after_save (self, FALSE);

  g_object_unref (native);
}

static void
mm_window_save_as (MmWindow *self)
{
  GtkFileChooserNative *native;

  /* Translators: the title of the file chooser that saves the game */
  native = gtk_file_chooser_native_new (_("Save the Game"), GTK_WINDOW (self),
                                        GTK_FILE_CHOOSER_ACTION_SAVE,
                                        /* Translators: a button: save the game */
                                        _("_Save"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  add_game_filters (GTK_FILE_CHOOSER (native));
  if (self->file != NULL)
    gtk_file_chooser_set_file (GTK_FILE_CHOOSER (native), self->file, NULL);
  else
    /* Translators: the file name offered for a new saved game; keep “.ggf” */
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), _("game.ggf"));
  g_signal_connect_object (native, "response",
                           G_CALLBACK (mm_window_save_response_cb), self, G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
mm_window_save (MmWindow *self)
{
  if (self->file != NULL)
    mm_window_save_to_file (self, self->file);
  else
    mm_window_save_as (self);
}

static void
mm_window_save_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  mm_window_save (MM_WINDOW (widget));
}

static void
mm_window_save_as_action (GtkWidget  *widget,
                          const char *action_name,
                          GVariant   *parameter)
{
  mm_window_save_as (MM_WINDOW (widget));
}

/* ------------------------------------------------------------------ */
/* The clipboard                                                      */
/* ------------------------------------------------------------------ */

static void
mm_window_copy (MmWindow       *self,
                MmRecordFormat  format)
{
  g_autoptr(MmGameRecord) record = mm_game_to_record (self->game);
  g_autofree char *text = NULL;

  if (format == MM_RECORD_FORMAT_TRANSCRIPT && mm_game_record_get_n_discs_played (record) == 0)
    {
      /* Translators: shown after Copy Moves in a game without moves */
      mm_window_show_message (self, _("There are no moves to copy yet."));
      return;
    }

  text = mm_record_write (record, format);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), text);

  switch (format)
    {
    case MM_RECORD_FORMAT_TRANSCRIPT:
      /* Translators: shown after Copy Moves */
      mm_window_show_message (self, _("The moves are copied."));
      break;
    case MM_RECORD_FORMAT_BOARD:
      /* Translators: shown after Copy Board */
      mm_window_show_message (self, _("The board is copied."));
      break;
    case MM_RECORD_FORMAT_GGF:
    case MM_RECORD_FORMAT_PGN:
    case MM_RECORD_FORMAT_UNKNOWN:
    default:
      /* Translators: shown after Copy Game; GGF is the name of a file format */
      mm_window_show_message (self, _("The game is copied in GGF."));
      break;
    }
}

static void
mm_window_copy_moves_action (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  mm_window_copy (MM_WINDOW (widget), MM_RECORD_FORMAT_TRANSCRIPT);
}

static void
mm_window_copy_game_action (GtkWidget  *widget,
                            const char *action_name,
                            GVariant   *parameter)
{
  mm_window_copy (MM_WINDOW (widget), MM_RECORD_FORMAT_GGF);
}

static void
mm_window_copy_board_action (GtkWidget  *widget,
                             const char *action_name,
                             GVariant   *parameter)
{
  mm_window_copy (MM_WINDOW (widget), MM_RECORD_FORMAT_BOARD);
}

/* What Paste says it found. */
static const char *
pasted_message (MmRecordFormat format)
{
  switch (format)
    {
    case MM_RECORD_FORMAT_GGF:
      /* Translators: shown after Paste; GGF is the name of a file format */
      return _("Pasted a game in GGF.");
    case MM_RECORD_FORMAT_TRANSCRIPT:
      /* Translators: shown after Paste of moves such as f5d6c3 */
      return _("Pasted a list of moves.");
    case MM_RECORD_FORMAT_PGN:
      /* Translators: shown after Paste; PGN is the name of a file format */
      return _("Pasted a game in PGN.");
    case MM_RECORD_FORMAT_BOARD:
      /* Translators: shown after Paste of a position of 64 squares */
      return _("Pasted a board position.");
    case MM_RECORD_FORMAT_UNKNOWN:
    default:
      return NULL;
    }
}

/**
 * _mm_window_paste_text:
 *
 * Reads @text as Paste does, with the same parsers as files.
 */
void
_mm_window_paste_text (MmWindow   *self,
                       const char *text)
{
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GError) error = NULL;
  MmRecordFormat format = MM_RECORD_FORMAT_UNKNOWN;

  games = mm_record_parse (text, strlen (text), MM_RECORD_FORMAT_UNKNOWN, &format, &error);
  if (games == NULL)
    {
      /* Translators: %s says what is wrong with the text */
      g_autofree char *message = g_strdup_printf (_("The clipboard holds no game: %s"),
                                                  error->message);

      mm_window_show_message (self, message);
      return;
    }

  /* Translators: this starts a sentence, as “The clipboard holds 3 games” */
  mm_window_present_games (self, games, _("The clipboard"), NULL, pasted_message (format));
}

static void
mm_window_paste_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  g_autoptr(MmWindow) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->game == NULL)
    return;

  if (text == NULL)
    {
      /* Translators: shown after Paste when the clipboard holds a picture or nothing */
      mm_window_show_message (self, _("The clipboard holds no text to paste."));
      return;
    }

  _mm_window_paste_text (self, text);
}

static void
mm_window_paste_action (GtkWidget  *widget,
                        const char *action_name,
                        GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);

  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (widget), self->cancellable,
                                 mm_window_paste_cb, g_object_ref (self));
}

/* ------------------------------------------------------------------ */
/* Moves and games                                                    */
/* ------------------------------------------------------------------ */

static void
mm_window_square_activated_cb (MmWindow *self,
                               int       square)
{
  g_autoptr(GError) error = NULL;

  g_assert (MM_IS_WINDOW (self));

  if (!mm_game_play (self->game, square, &error))
    mm_window_show_message (self, error->message);
}

static void
mm_window_new_game (MmWindow *self,
                    gboolean  discarded,
                    gpointer  data)
{
  self->loading = TRUE;
  mm_game_restart (self->game);
  self->loading = FALSE;
  mm_window_set_file (self, NULL, FALSE);
  mm_window_schedule_autosave (self);
}

static void
mm_window_new_game_action (GtkWidget  *widget,
                           const char *action_name,
                           GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);

  mm_window_confirm_discard (self, mm_window_new_game, NULL, NULL);
}

static void
mm_window_undo_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);

  mm_game_undo (self->game);
}

static void
mm_window_redo_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  MmWindow *self = MM_WINDOW (widget);

  mm_game_redo (self->game);
}

static void
mm_window_restore_size (MmWindow *self)
{
  int width = g_settings_get_int (self->settings, "window-width");
  int height = g_settings_get_int (self->settings, "window-height");

  if (width > 0 && height > 0)
    gtk_window_set_default_size (GTK_WINDOW (self), width, height);
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));
}

/* Closing after the question: a discarded game does not come back at the
 * next start; a saved one does, with its file. */
static void
mm_window_close_agreed (MmWindow *self,
                        gboolean  discarded,
                        gpointer  data)
{
  if (discarded && self->autosave != NULL)
    {
      g_autoptr(GError) error = NULL;

      g_clear_handle_id (&self->autosave_source, g_source_remove);
      if (!mm_autosave_clear (self->autosave, &error))
        g_warning ("%s", error->message);
      g_clear_object (&self->autosave);
    }

  self->close_confirmed = TRUE;
  gtk_window_close (GTK_WINDOW (self));
}

static gboolean
mm_window_close_request (GtkWindow *window)
{
  MmWindow *self = MM_WINDOW (window);
  int width, height;

  /* The size without maximising, so that unmaximising gives it back. */
  gtk_window_get_default_size (window, &width, &height);
  g_settings_set_int (self->settings, "window-width", width);
  g_settings_set_int (self->settings, "window-height", height);
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));

  if (!self->close_confirmed && mm_window_must_ask (self))
    {
      mm_window_confirm_discard (self, mm_window_close_agreed, NULL, NULL);
      return TRUE;
    }

  /* The game as it is now comes back at the next start. */
  mm_window_autosave_now (self);

  return GTK_WINDOW_CLASS (mm_window_parent_class)->close_request (window);
}

static void
mm_window_dispose (GObject *object)
{
  MmWindow *self = (MmWindow *)object;

  if (self->autosave_source != 0)
    mm_window_autosave_now (self);
  g_cancellable_cancel (self->cancellable);
  mm_window_run_after_save (self, FALSE);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->settings);
  g_clear_object (&self->autosave);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->file);

  G_OBJECT_CLASS (mm_window_parent_class)->dispose (object);
}

static void
mm_window_class_init (MmWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = mm_window_dispose;
  window_class->close_request = mm_window_close_request;

  g_type_ensure (MM_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE_PATH "/ui/mm-window.ui");
  gtk_widget_class_bind_template_child (widget_class, MmWindow, board_view);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, black_row);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, white_row);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, black_count_label);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, white_count_label);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, black_name_label);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, white_name_label);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, turn_label);
  gtk_widget_class_bind_template_child (widget_class, MmWindow, message_label);
  gtk_widget_class_bind_template_callback (widget_class, mm_window_square_activated_cb);

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, mm_window_new_game_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, mm_window_undo_action);
  gtk_widget_class_install_action (widget_class, "win.redo", NULL, mm_window_redo_action);
  gtk_widget_class_install_action (widget_class, "win.open", NULL, mm_window_open_action);
  gtk_widget_class_install_action (widget_class, "win.save", NULL, mm_window_save_action);
  gtk_widget_class_install_action (widget_class, "win.save-as", NULL, mm_window_save_as_action);
  gtk_widget_class_install_action (widget_class, "win.copy-moves", NULL,
                                   mm_window_copy_moves_action);
  gtk_widget_class_install_action (widget_class, "win.copy-game", NULL,
                                   mm_window_copy_game_action);
  gtk_widget_class_install_action (widget_class, "win.copy-board", NULL,
                                   mm_window_copy_board_action);
  gtk_widget_class_install_action (widget_class, "win.paste", NULL, mm_window_paste_action);
}

static void
mm_window_init (MmWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->cancellable = g_cancellable_new ();
  self->settings = g_settings_new ("io.github.monomachia.Monomachia");
  g_settings_bind (self->settings, "show-legal-moves",
                   self->board_view, "show-legal-moves", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-last-move",
                   self->board_view, "show-last-move", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-coordinates",
                   self->board_view, "show-coordinates", G_SETTINGS_BIND_GET);
  mm_window_restore_size (self);

  self->game = mm_game_new ();
  g_signal_connect_object (self->game, "move-played",
                           G_CALLBACK (mm_window_move_played_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "passed",
                           G_CALLBACK (mm_window_passed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "game-over",
                           G_CALLBACK (mm_window_game_over_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "position-changed",
                           G_CALLBACK (mm_window_position_changed_cb), self, G_CONNECT_SWAPPED);
  /* Every change of the position ends in a notification of n-moves or of
   * the counts; one handler keeps the panel in step. */
  g_signal_connect_object (self->game, "notify",
                           G_CALLBACK (mm_window_update_status), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::black-player",
                           G_CALLBACK (mm_window_update_names), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::white-player",
                           G_CALLBACK (mm_window_update_names), self, G_CONNECT_SWAPPED);
  /* What changes the game, for the title's mark and the autosave. */
  g_signal_connect_object (self->game, "position-changed",
                           G_CALLBACK (mm_window_game_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::n-moves",
                           G_CALLBACK (mm_window_game_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::black-player",
                           G_CALLBACK (mm_window_game_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::white-player",
                           G_CALLBACK (mm_window_game_changed_cb), self, G_CONNECT_SWAPPED);
  mm_board_view_set_game (self->board_view, self->game);

  mm_window_show_message (self, NULL);
  self->autosave = mm_autosave_new (NULL);
  mm_window_restore (self);
  mm_window_update_title (self);
  mm_window_update_status (self);
  mm_window_update_names (self);
  mm_window_focus_board (self);
}

MmWindow *
mm_window_new (GtkApplication *application)
{
  return g_object_new (MM_TYPE_WINDOW, "application", application, NULL);
}

MmGame *
mm_window_get_game (MmWindow *self)
{
  g_return_val_if_fail (MM_IS_WINDOW (self), NULL);

  return self->game;
}

MmBoardView *
_mm_window_get_board_view (MmWindow *self)
{
  return self->board_view;
}

const char *
_mm_window_get_count_text (MmWindow *self,
                           MmColor   color)
{
  return gtk_label_get_text (color == MM_COLOR_BLACK ? self->black_count_label
                                                     : self->white_count_label);
}

const char *
_mm_window_get_turn_text (MmWindow *self)
{
  return gtk_label_get_text (self->turn_label);
}

const char *
_mm_window_get_message_text (MmWindow *self)
{
  return gtk_label_get_text (self->message_label);
}

const char *
_mm_window_get_name_text (MmWindow *self,
                          MmColor   color)
{
  GtkLabel *label = color == MM_COLOR_BLACK ? self->black_name_label : self->white_name_label;

  return gtk_widget_get_visible (GTK_WIDGET (label)) ? gtk_label_get_text (label) : NULL;
}

GFile *
_mm_window_get_file (MmWindow *self)
{
  return self->file;
}

gboolean
_mm_window_is_unsaved (MmWindow *self)
{
  return self->unsaved;
}

/* Save As without the file chooser. */
void
_mm_window_save_as_file (MmWindow *self,
                         GFile    *file)
{
  mm_window_save_to_file (self, file);
}
