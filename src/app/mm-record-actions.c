/* mm-record-actions.c
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

#define G_LOG_DOMAIN "mm-record-actions"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "mm-game-chooser.h"
#include "mm-record-io.h"
#include "mm-record-actions.h"

enum
{
  RESPONSE_DISCARD = 1,
  RESPONSE_SAVE,
};

struct _MmRecordActions
{
  GObject       parent_instance;

  /* The window the dialogs belong to, not owned: it owns this. */
  GtkWindow    *parent;
  MmGame       *game;
  GSettings    *settings;
  GCancellable *cancellable;

  /* The GGF file of the game, if any, and whether the game has changes
   * that file (or no file) does not have.  changes counts every change,
   * so that a save knows whether the game moved on while it was written. */
  GFile        *file;
  gboolean      unsaved;
  guint         changes;

  /* What to do after the save that the question asked for. */
  MmAgreedFunc  after_save;
  gpointer      after_save_owner;
  gpointer      after_save_data;
  GDestroyNotify after_save_destroy;
};

enum
{
  PROP_0,
  PROP_FILE,
  PROP_UNSAVED,
  N_PROPS
};

enum
{
  SIGNAL_LOAD,
  SIGNAL_MESSAGE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (MmRecordActions, mm_record_actions, G_TYPE_OBJECT)

static void
mm_record_actions_say (MmRecordActions *self,
                       const char      *message)
{
  g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, message);
}

static char *
display_name (GFile *file)
{
  g_autofree char *base = g_file_get_basename (file);

  return base != NULL ? g_filename_display_name (base) : g_file_get_uri (file);
}

/* "• game.ggf — Monomachia": the file's name, and a bullet when the game
 * has changes it does not have. */
char *
mm_record_actions_dup_title (MmRecordActions *self)
{
  g_autofree char *name = NULL;

  g_return_val_if_fail (MM_IS_RECORD_ACTIONS (self), NULL);

  if (self->file != NULL)
    name = display_name (self->file);
  else if (self->unsaved)
    /* Translators: in the window title, for a game not saved in a file */
    name = g_strdup (_("Unsaved game"));

  if (name == NULL)
    return g_strdup (_("Monomachia"));
  if (self->unsaved)
    /* Translators: the window title of a game with changes that are not
     * saved (the bullet marks them); %s is a file name or “Unsaved game” */
    return g_strdup_printf (_("• %s — Monomachia"), name);
  /* Translators: the window title of a saved game; %s is its file name */
  return g_strdup_printf (_("%s — Monomachia"), name);
}

/* @file: (nullable): the file the game now belongs to */
void
mm_record_actions_set_file (MmRecordActions *self,
                            GFile           *file,
                            gboolean         unsaved)
{
  g_return_if_fail (MM_IS_RECORD_ACTIONS (self));

  if (g_set_object (&self->file, file))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FILE]);
  if (self->unsaved != !!unsaved)
    {
      self->unsaved = !!unsaved;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_UNSAVED]);
    }
}

GFile *
mm_record_actions_get_file (MmRecordActions *self)
{
  g_return_val_if_fail (MM_IS_RECORD_ACTIONS (self), NULL);

  return self->file;
}

gboolean
mm_record_actions_get_unsaved (MmRecordActions *self)
{
  g_return_val_if_fail (MM_IS_RECORD_ACTIONS (self), FALSE);

  return self->unsaved;
}

/* Any change of the game is a change its file lacks. */
static void
mm_record_actions_game_changed_cb (MmRecordActions *self)
{
  self->changes++;
  mm_record_actions_set_file (self, self->file, TRUE);
}

/* ------------------------------------------------------------------ */
/* Letting a game go                                                  */
/* ------------------------------------------------------------------ */

typedef struct
{
  MmRecordActions *self;
  MmAgreedFunc     next;
  gpointer         owner;
  gpointer         data;
  GDestroyNotify   destroy;
  int              response;
} Pending;

static void
pending_free (Pending *pending)
{
  if (pending->destroy != NULL)
    pending->destroy (pending->data);
  g_clear_object (&pending->owner);
  g_clear_object (&pending->self);
  g_free (pending);
}

static void
mm_record_actions_run_after_save (MmRecordActions *self,
                                  gboolean         saved)
{
  MmAgreedFunc next = g_steal_pointer (&self->after_save);
  gpointer owner = g_steal_pointer (&self->after_save_owner);
  gpointer data = g_steal_pointer (&self->after_save_data);
  GDestroyNotify destroy = g_steal_pointer (&self->after_save_destroy);

  if (saved && next != NULL)
    next (owner, FALSE, data);
  if (destroy != NULL)
    destroy (data);
  g_clear_object (&owner);
}

/* The answer is acted on once the question is gone, outside its signal:
 * what follows may close the window the question belongs to. */
static gboolean
mm_record_actions_answer_cb (gpointer data)
{
  Pending *pending = data;
  MmRecordActions *self = pending->self;

  if (self->game == NULL)
    ;
  else if (pending->response == RESPONSE_DISCARD)
    pending->next (pending->owner, TRUE, pending->data);
  else if (pending->response == RESPONSE_SAVE)
    {
      /* Whatever waited goes on once the save is done. */
      mm_record_actions_run_after_save (self, FALSE);
      self->after_save = pending->next;
      self->after_save_owner = g_steal_pointer (&pending->owner);
      self->after_save_data = g_steal_pointer (&pending->data);
      self->after_save_destroy = g_steal_pointer (&pending->destroy);
      mm_record_actions_save (self);
    }

  pending_free (pending);
  return G_SOURCE_REMOVE;
}

static void
mm_record_actions_response_cb (GtkDialog *dialog,
                               int        response,
                               gpointer   user_data)
{
  Pending *pending = g_object_steal_data (G_OBJECT (dialog), "mm-pending");

  pending->response = response;
  gtk_window_destroy (GTK_WINDOW (dialog));
  /* Not at idle priority: while the computer thinks and the "thinking"
   * spinner turns, the main loop is seldom idle, and the new game the
   * user chose waited for the computer to stop playing. */
  g_idle_add_full (G_PRIORITY_DEFAULT, mm_record_actions_answer_cb, pending, NULL);
}

/**
 * mm_record_actions_confirm_discard:
 * @owner: (type GObject): kept alive until @next has run, and given to it
 *
 * Runs @next at once when the game has no unsaved changes (or the user
 * asked not to be asked); otherwise asks first: Discard runs it, Save
 * saves and then runs it, Cancel drops it.
 */
void
mm_record_actions_confirm_discard (MmRecordActions *self,
                                   MmAgreedFunc     next,
                                   gpointer         owner,
                                   gpointer         data,
                                   GDestroyNotify   destroy)
{
  GtkWidget *dialog;
  Pending *pending;

  g_return_if_fail (MM_IS_RECORD_ACTIONS (self));
  g_return_if_fail (G_IS_OBJECT (owner));

  if (!self->unsaved || !g_settings_get_boolean (self->settings, "confirm-discard")
      || self->parent == NULL)
    {
      next (owner, FALSE, data);
      if (destroy != NULL)
        destroy (data);
      return;
    }

  dialog = gtk_message_dialog_new (self->parent,
                                   GTK_DIALOG_MODAL | GTK_DIALOG_DESTROY_WITH_PARENT,
                                   GTK_MESSAGE_QUESTION, GTK_BUTTONS_NONE,
                                   /* Translators: the question asked before a game with unsaved
                                    * changes is replaced by another */
                                   "%s", _("Discard unsaved game?"));
  if (self->file != NULL)
    {
      g_autofree char *name = display_name (self->file);

      gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog),
                                                /* Translators: %s is a file name; the
                                                 * buttons are Cancel, Discard and Save */
                                                _("The last changes to “%s” are not saved. "
                                                  "Save writes them to the file first; "
                                                  "Discard lets them go."),
                                                name);
    }
  else
    gtk_message_dialog_format_secondary_text (GTK_MESSAGE_DIALOG (dialog), "%s",
                                              /* Translators: the explanation under “Discard
                                               * unsaved game?”; the buttons are Cancel,
                                               * Discard and Save */
                                              _("This game is not saved in a file. "
                                                "Save chooses a file for it first; "
                                                "Discard lets it go for good."));
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
  pending->self = g_object_ref (self);
  pending->next = next;
  pending->owner = g_object_ref (owner);
  pending->data = data;
  pending->destroy = destroy;
  g_object_set_data_full (G_OBJECT (dialog), "mm-pending", pending,
                          (GDestroyNotify) pending_free);
  g_signal_connect (dialog, "response", G_CALLBACK (mm_record_actions_response_cb), NULL);
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ------------------------------------------------------------------ */
/* Loading                                                            */
/* ------------------------------------------------------------------ */

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

static void
mm_record_actions_load (gpointer owner,
                        gboolean discarded,
                        gpointer data)
{
  LoadData *load = data;

  g_signal_emit (owner, signals[SIGNAL_LOAD], 0, load->record, load->file, load->message);
}

static void
mm_record_actions_load_when_agreed (MmRecordActions *self,
                                    MmGameRecord    *record,
                                    GFile           *file,
                                    const char      *message)
{
  LoadData *load = g_new0 (LoadData, 1);

  load->record = mm_game_record_ref (record);
  load->file = file != NULL ? g_object_ref (file) : NULL;
  load->message = g_strdup (message);
  mm_record_actions_confirm_discard (self, mm_record_actions_load, self, load, load_data_free);
}

static void
mm_record_actions_game_chosen_cb (MmRecordActions *self,
                                  MmGameRecord    *record,
                                  MmGameChooser   *chooser)
{
  const char *message = g_object_get_data (G_OBJECT (chooser), "mm-message");

  mm_record_actions_load_when_agreed (self, record, NULL, message);
}

/* One game is loaded (once the user agrees); several are listed to
 * choose from. */
static void
mm_record_actions_present_games (MmRecordActions *self,
                                 GPtrArray       *games,
                                 const char      *source,
                                 GFile           *file,
                                 const char      *message)
{
  MmGameChooser *chooser;

  if (games->len == 1 || self->parent == NULL)
    {
      mm_record_actions_load_when_agreed (self, g_ptr_array_index (games, 0), file, message);
      return;
    }

  chooser = mm_game_chooser_new (self->parent, games, source);
  g_object_set_data_full (G_OBJECT (chooser), "mm-message", g_strdup (message), g_free);
  g_signal_connect_object (chooser, "game-chosen",
                           G_CALLBACK (mm_record_actions_game_chosen_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_window_present (GTK_WINDOW (chooser));
}

/* The files given to open are read one after the other, in a worker
 * thread each; their games are put together. */
typedef struct
{
  MmRecordActions *self;
  GPtrArray       *files;
  guint            next;
  GPtrArray       *games;
  MmRecordFormat   format;
  char            *error_message;
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

static void mm_record_actions_open_next (OpenData *open);

static void
mm_record_actions_read_cb (GObject      *source,
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
      g_autofree char *name = display_name (file);

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
  mm_record_actions_open_next (open);
}

static void
mm_record_actions_open_next (OpenData *open)
{
  MmRecordActions *self = open->self;
  GFile *own_file = NULL;
  g_autofree char *source = NULL;

  if (open->next < open->files->len)
    {
      mm_record_read_file_async (g_ptr_array_index (open->files, open->next),
                                 self->cancellable, mm_record_actions_read_cb, open);
      return;
    }

  if (open->games->len == 0)
    {
      mm_record_actions_say (self, open->error_message);
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
      g_autofree char *name = display_name (g_ptr_array_index (open->files, 0));

      /* Translators: %s is a file name; this starts a sentence */
      source = g_strdup_printf (_("“%s”"), name);
    }
  else
    /* Translators: this starts a sentence, as “The files hold 12 games” */
    source = g_strdup (_("The files"));

  if (open->error_message != NULL)
    mm_record_actions_say (self, open->error_message);
  mm_record_actions_present_games (self, open->games, source, own_file, open->error_message);
  open_data_free (open);
}

/**
 * mm_record_actions_open_files:
 * @files: (array length=n_files): the files to read
 *
 * Reads the games in @files (GGF, transcripts, PGN or boards) and hands
 * the game over, or lets the user choose among several, after asking
 * whether unsaved changes may go.  Errors go to ::message.
 */
void
mm_record_actions_open_files (MmRecordActions  *self,
                              GFile           **files,
                              guint             n_files)
{
  OpenData *open;

  g_return_if_fail (MM_IS_RECORD_ACTIONS (self));
  g_return_if_fail (files != NULL || n_files == 0);

  if (n_files == 0)
    return;

  open = g_new0 (OpenData, 1);
  open->self = g_object_ref (self);
  open->files = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (open->files, g_object_ref (files[i]));
  open->games = g_ptr_array_new_with_free_func ((GDestroyNotify) mm_game_record_unref);
  mm_record_actions_open_next (open);
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
mm_record_actions_open_response_cb (MmRecordActions      *self,
                                    int                   response,
                                    GtkFileChooserNative *native)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      mm_record_actions_open_files (self, &file, 1);
    }

  g_object_unref (native);
}

/* Open: a file chooser, then the game of the file chosen. */
void
mm_record_actions_open (MmRecordActions *self)
{
  GtkFileChooserNative *native;

  g_return_if_fail (MM_IS_RECORD_ACTIONS (self));

  /* Translators: the title of the file chooser that opens a saved game */
  native = gtk_file_chooser_native_new (_("Open a Game"), self->parent,
                                        GTK_FILE_CHOOSER_ACTION_OPEN,
                                        /* Translators: a button in the file chooser */
                                        _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  add_game_filters (GTK_FILE_CHOOSER (native));
  g_signal_connect_object (native, "response",
                           G_CALLBACK (mm_record_actions_open_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* ------------------------------------------------------------------ */
/* Saving                                                             */
/* ------------------------------------------------------------------ */

typedef struct
{
  MmRecordActions *self;
  GFile           *file;
  guint            changes;
} SaveData;

static void
save_data_free (SaveData *save)
{
  g_clear_object (&save->self);
  g_clear_object (&save->file);
  g_free (save);
}

static void
mm_record_actions_saved_cb (GObject      *source,
                            GAsyncResult *result,
                            gpointer      user_data)
{
  SaveData *save = user_data;
  MmRecordActions *self = save->self;
  g_autoptr(GError) error = NULL;
  g_autofree char *name = display_name (save->file);
  g_autofree char *message = NULL;

  if (!mm_record_write_file_finish (G_FILE (source), result, &error))
    {
      if (self->game != NULL)
        {
          /* Translators: %s is a file name, then the reason it cannot be written */
          message = g_strdup_printf (_("Cannot save “%s”: %s"), name, error->message);
          mm_record_actions_say (self, message);
        }
      mm_record_actions_run_after_save (self, FALSE);
      save_data_free (save);
      return;
    }

  if (self->game == NULL)
    {
      save_data_free (save);
      return;
    }

  /* Moves played while the file was written are not in it. */
  mm_record_actions_set_file (self, save->file, self->changes != save->changes);
  /* Translators: %s is a file name */
  message = g_strdup_printf (_("The game is saved in “%s”."), name);
  mm_record_actions_say (self, message);
  mm_record_actions_run_after_save (self, TRUE);
  save_data_free (save);
}

/* Writes the game to @file in GGF, replacing it whole (never a half
 * written file); then the game belongs to @file. */
void
mm_record_actions_save_to_file (MmRecordActions *self,
                                GFile           *file)
{
  g_autoptr(MmGameRecord) record = NULL;
  SaveData *save;

  g_return_if_fail (MM_IS_RECORD_ACTIONS (self));
  g_return_if_fail (G_IS_FILE (file));

  record = mm_game_to_record (self->game);
  save = g_new0 (SaveData, 1);
  save->self = g_object_ref (self);
  save->file = g_object_ref (file);
  save->changes = self->changes;
  mm_record_write_file_async (file, record, NULL, mm_record_actions_saved_cb, save);
}

static void
mm_record_actions_save_response_cb (MmRecordActions      *self,
                                    int                   response,
                                    GtkFileChooserNative *native)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));

      mm_record_actions_save_to_file (self, file);
    }
  else
    mm_record_actions_run_after_save (self, FALSE);

  g_object_unref (native);
}

void
mm_record_actions_save_as (MmRecordActions *self)
{
  GtkFileChooserNative *native;

  g_return_if_fail (MM_IS_RECORD_ACTIONS (self));

  /* Translators: the title of the file chooser that saves the game */
  native = gtk_file_chooser_native_new (_("Save the Game"), self->parent,
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
                           G_CALLBACK (mm_record_actions_save_response_cb), self,
                           G_CONNECT_SWAPPED);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

/* Save: to the game's file, or to one chosen for it. */
void
mm_record_actions_save (MmRecordActions *self)
{
  g_return_if_fail (MM_IS_RECORD_ACTIONS (self));

  if (self->file != NULL)
    mm_record_actions_save_to_file (self, self->file);
  else
    mm_record_actions_save_as (self);
}

/* ------------------------------------------------------------------ */
/* The clipboard                                                      */
/* ------------------------------------------------------------------ */

/* Copy Moves, Copy Game (GGF) or Copy Board, as @format says. */
void
mm_record_actions_copy (MmRecordActions *self,
                        MmRecordFormat   format)
{
  g_autoptr(MmGameRecord) record = NULL;
  g_autofree char *text = NULL;

  g_return_if_fail (MM_IS_RECORD_ACTIONS (self));

  record = mm_game_to_record (self->game);
  if (format == MM_RECORD_FORMAT_TRANSCRIPT && mm_game_record_get_n_discs_played (record) == 0)
    {
      /* Translators: shown after Copy Moves in a game without moves */
      mm_record_actions_say (self, _("There are no moves to copy yet."));
      return;
    }
  if (self->parent == NULL)
    return;

  text = mm_record_write (record, format);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self->parent)), text);

  switch (format)
    {
    case MM_RECORD_FORMAT_TRANSCRIPT:
      /* Translators: shown after Copy Moves */
      mm_record_actions_say (self, _("The moves are copied."));
      break;
    case MM_RECORD_FORMAT_BOARD:
      /* Translators: shown after Copy Board */
      mm_record_actions_say (self, _("The board is copied."));
      break;
    case MM_RECORD_FORMAT_GGF:
    case MM_RECORD_FORMAT_PGN:
    case MM_RECORD_FORMAT_UNKNOWN:
    default:
      /* Translators: shown after Copy Game; GGF is the name of a file format */
      mm_record_actions_say (self, _("The game is copied in GGF."));
      break;
    }
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

/* Reads @text as Paste does, with the same parsers as files. */
void
mm_record_actions_paste_text (MmRecordActions *self,
                              const char      *text)
{
  g_autoptr(GPtrArray) games = NULL;
  g_autoptr(GError) error = NULL;
  MmRecordFormat format = MM_RECORD_FORMAT_UNKNOWN;

  g_return_if_fail (MM_IS_RECORD_ACTIONS (self));
  g_return_if_fail (text != NULL);

  games = mm_record_parse (text, strlen (text), MM_RECORD_FORMAT_UNKNOWN, &format, &error);
  if (games == NULL)
    {
      /* Translators: %s says what is wrong with the text */
      g_autofree char *message = g_strdup_printf (_("The clipboard holds no game: %s"),
                                                  error->message);

      mm_record_actions_say (self, message);
      return;
    }

  /* Translators: this starts a sentence, as “The clipboard holds 3 games” */
  mm_record_actions_present_games (self, games, _("The clipboard"), NULL,
                                   pasted_message (format));
}

static void
mm_record_actions_paste_cb (GObject      *source,
                            GAsyncResult *result,
                            gpointer      user_data)
{
  g_autoptr(MmRecordActions) self = user_data;
  g_autoptr(GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->game == NULL)
    return;

  if (text == NULL)
    {
      /* Translators: shown after Paste when the clipboard holds a picture or nothing */
      mm_record_actions_say (self, _("The clipboard holds no text to paste."));
      return;
    }

  mm_record_actions_paste_text (self, text);
}

/* Paste: the game, moves or board in the clipboard, after the question. */
void
mm_record_actions_paste (MmRecordActions *self)
{
  g_return_if_fail (MM_IS_RECORD_ACTIONS (self));

  if (self->parent == NULL)
    return;
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (self->parent)),
                                 self->cancellable, mm_record_actions_paste_cb,
                                 g_object_ref (self));
}

/* Stops what is being read; a save waiting for a question is dropped. */
void
mm_record_actions_cancel (MmRecordActions *self)
{
  g_return_if_fail (MM_IS_RECORD_ACTIONS (self));

  g_cancellable_cancel (self->cancellable);
  mm_record_actions_run_after_save (self, FALSE);
}

/* ------------------------------------------------------------------ */
/* The object                                                         */
/* ------------------------------------------------------------------ */

static void
mm_record_actions_dispose (GObject *object)
{
  MmRecordActions *self = MM_RECORD_ACTIONS (object);

  g_cancellable_cancel (self->cancellable);
  mm_record_actions_run_after_save (self, FALSE);
  if (self->parent != NULL)
    g_object_remove_weak_pointer (G_OBJECT (self->parent), (gpointer *) &self->parent);
  self->parent = NULL;
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (mm_record_actions_parent_class)->dispose (object);
}

static void
mm_record_actions_finalize (GObject *object)
{
  MmRecordActions *self = MM_RECORD_ACTIONS (object);

  g_clear_object (&self->cancellable);
  g_clear_object (&self->file);

  G_OBJECT_CLASS (mm_record_actions_parent_class)->finalize (object);
}

static void
mm_record_actions_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  MmRecordActions *self = MM_RECORD_ACTIONS (object);

  switch (prop_id)
    {
    case PROP_FILE:
      g_value_set_object (value, self->file);
      break;
    case PROP_UNSAVED:
      g_value_set_boolean (value, self->unsaved);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
mm_record_actions_class_init (MmRecordActionsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = mm_record_actions_dispose;
  object_class->finalize = mm_record_actions_finalize;
  object_class->get_property = mm_record_actions_get_property;

  properties[PROP_FILE] =
    g_param_spec_object ("file", NULL, NULL, G_TYPE_FILE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_UNSAVED] =
    g_param_spec_boolean ("unsaved", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * MmRecordActions::load:
   * @record: the game read
   * @file: (nullable): the GGF file it is the game of, or %NULL for a
   *   game read from elsewhere (it is then not saved yet)
   * @message: (nullable): what to say about where it came from
   *
   * The user agreed to let the current game go for @record.
   */
  signals[SIGNAL_LOAD] =
    g_signal_new ("load", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 3,
                  MM_TYPE_GAME_RECORD, G_TYPE_FILE, G_TYPE_STRING);
  /* A sentence for the user: what was done, or why it could not be. */
  signals[SIGNAL_MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
mm_record_actions_init (MmRecordActions *self)
{
  self->cancellable = g_cancellable_new ();
}

/* The actions of @game's records, with @parent's dialogs and clipboard;
 * @settings says whether to ask before an unsaved game goes. */
MmRecordActions *
mm_record_actions_new (GtkWindow *parent,
                       MmGame    *game,
                       GSettings *settings)
{
  MmRecordActions *self;

  g_return_val_if_fail (GTK_IS_WINDOW (parent), NULL);
  g_return_val_if_fail (MM_IS_GAME (game), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (MM_TYPE_RECORD_ACTIONS, NULL);
  self->parent = parent;
  g_object_add_weak_pointer (G_OBJECT (parent), (gpointer *) &self->parent);
  self->game = g_object_ref (game);
  self->settings = g_object_ref (settings);
  /* What changes the game, for the title's mark. */
  g_signal_connect_object (game, "position-changed",
                           G_CALLBACK (mm_record_actions_game_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "notify::n-moves",
                           G_CALLBACK (mm_record_actions_game_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "notify::black-player",
                           G_CALLBACK (mm_record_actions_game_changed_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "notify::white-player",
                           G_CALLBACK (mm_record_actions_game_changed_cb), self,
                           G_CONNECT_SWAPPED);
  return self;
}
