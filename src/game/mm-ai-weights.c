/* mm-ai-weights.c
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

#define G_LOG_DOMAIN "mm-ai"

#include "config.h"

#include <glib/gi18n-lib.h>

#include "mm-ai-weights.h"

/* The weights file is looked for in $MONOMACHIA_EVAL, then where it is
 * installed, then in the source tree (an uninstalled build).  A file
 * named by the variable must load; so must the first of the other two
 * that exists: a damaged file is an error, never a reason to play on with
 * something else, and no file at all is an error too, because a player
 * without its weights would play garbage. */

#define WEIGHTS_VARIABLE "MONOMACHIA_EVAL"

struct _MmAiWeights
{
  gatomicrefcount  ref_count;
  MmEvalWeights   *eval;
  char            *path;
};

G_DEFINE_QUARK (mm-ai-error-quark, mm_ai_error)
G_DEFINE_BOXED_TYPE (MmAiWeights, mm_ai_weights, mm_ai_weights_ref, mm_ai_weights_unref)

static GMutex default_lock;
static MmAiWeights *default_weights;

static void
set_load_error (GError      **error,
                const char   *path,
                MmEvalError   code)
{
  switch (code)
    {
    case MM_EVAL_ERROR_MEMORY:
      g_set_error (error, MM_AI_ERROR, MM_AI_ERROR_NO_MEMORY,
                   /* Translators: %s: a file */
                   _("There is not enough memory to load the evaluation weights %s."), path);
      break;

    case MM_EVAL_ERROR_OPEN:
      if (!g_file_test (path, G_FILE_TEST_EXISTS))
        g_set_error (error, MM_AI_ERROR, MM_AI_ERROR_NO_WEIGHTS,
                     /* Translators: %s: a file */
                     _("The evaluation weights %s are missing."), path);
      else
        g_set_error (error, MM_AI_ERROR, MM_AI_ERROR_BAD_WEIGHTS,
                     /* Translators: %s: a file */
                     _("The evaluation weights %s cannot be read."), path);
      break;

    case MM_EVAL_ERROR_VERSION:
      g_set_error (error, MM_AI_ERROR, MM_AI_ERROR_BAD_WEIGHTS,
                   /* Translators: %s: a file */
                   _("The evaluation weights %s are of a version this program cannot read."),
                   path);
      break;

    case MM_EVAL_ERROR_FORMAT:
    case MM_EVAL_ERROR_CHECKSUM:
    case MM_EVAL_OK:
    default:
      g_set_error (error, MM_AI_ERROR, MM_AI_ERROR_BAD_WEIGHTS,
                   /* Translators: %s: a file */
                   _("The evaluation weights %s are damaged."), path);
      break;
    }
}

static MmAiWeights *
load_file (const char  *path,
           GError     **error)
{
  MmEvalError code = MM_EVAL_OK;
  MmEvalWeights *eval;
  MmAiWeights *self;

  eval = mm_eval_weights_load (path, &code);
  if (eval == NULL)
    {
      set_load_error (error, path, code);
      return NULL;
    }

  self = g_new0 (MmAiWeights, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->eval = eval;
  self->path = g_strdup (path);
  return self;
}

/**
 * mm_ai_weights_load:
 * @path: (nullable): a weights file, or %NULL for the usual places
 *   ($MONOMACHIA_EVAL, the installed file, the source tree's)
 *
 * Returns: (transfer full) (nullable): the weights, or %NULL with an
 *   error in the %MM_AI_ERROR domain that says what is wrong
 */
MmAiWeights *
mm_ai_weights_load (const char  *path,
                    GError     **error)
{
  const char *variable;

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (path != NULL)
    return load_file (path, error);

  variable = g_getenv (WEIGHTS_VARIABLE);
  if (variable != NULL && variable[0] != '\0')
    return load_file (variable, error);
  if (g_file_test (MM_EVAL_INSTALLED_PATH, G_FILE_TEST_EXISTS))
    return load_file (MM_EVAL_INSTALLED_PATH, error);
  if (g_file_test (MM_EVAL_SOURCE_PATH, G_FILE_TEST_EXISTS))
    return load_file (MM_EVAL_SOURCE_PATH, error);

  g_set_error (error, MM_AI_ERROR, MM_AI_ERROR_NO_WEIGHTS,
               /* Translators: %s: a file */
               _("The evaluation weights %s are missing: the computer player cannot play "
                 "without them. Reinstall Monomachia, or name a weights file in the "
                 "environment variable MONOMACHIA_EVAL."),
               MM_EVAL_INSTALLED_PATH);
  return NULL;
}

/**
 * mm_ai_weights_get_default:
 *
 * The weights from the usual places, loaded by the first call that
 * succeeds and shared by every later one.
 *
 * Returns: (transfer full) (nullable): the weights, or %NULL with an error
 */
MmAiWeights *
mm_ai_weights_get_default (GError **error)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&default_lock);

  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (default_weights == NULL)
    default_weights = mm_ai_weights_load (NULL, error);
  if (default_weights == NULL)
    return NULL;
  return mm_ai_weights_ref (default_weights);
}

MmAiWeights *
mm_ai_weights_ref (MmAiWeights *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
mm_ai_weights_unref (MmAiWeights *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  mm_eval_weights_free (self->eval);
  g_free (self->path);
  g_free (self);
}

const MmEvalWeights *
mm_ai_weights_get_eval (MmAiWeights *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->eval;
}

const char *
mm_ai_weights_get_path (MmAiWeights *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->path;
}

/* ---- The opening book --------------------------------------------------- */

/* The book is looked for as the weights are: in $MONOMACHIA_BOOK, then
 * where it is installed, then in the source tree.  The first of them
 * that is named or exists is the book, and nothing else is tried: a
 * damaged book is logged and the computer plays without one, as it does
 * when there is no book at all.  Its messages are for the log, not for
 * people playing, hence not translated. */

#define BOOK_VARIABLE "MONOMACHIA_BOOK"

struct _MmAiBook
{
  gatomicrefcount  ref_count;
  MmBook          *book;
  char            *path;
};

G_DEFINE_BOXED_TYPE (MmAiBook, mm_ai_book, mm_ai_book_ref, mm_ai_book_unref)

static GMutex default_book_lock;
static MmAiBook *default_book;
static gboolean default_book_tried;

/**
 * mm_ai_book_load:
 * @path: an opening book file
 *
 * Returns: (transfer full) (nullable): the book, or %NULL with
 *   %MM_AI_ERROR_NO_BOOK when there is no such file, %MM_AI_ERROR_BAD_BOOK
 *   when it is damaged or of another version, %MM_AI_ERROR_NO_MEMORY
 */
MmAiBook *
mm_ai_book_load (const char  *path,
                 GError     **error)
{
  MmBookError code = MM_BOOK_OK;
  MmAiBook *self;
  MmBook *book;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  book = mm_book_load (path, &code);
  if (book == NULL)
    {
      MmAiError kind = code == MM_BOOK_ERROR_MEMORY ? MM_AI_ERROR_NO_MEMORY
                       : code == MM_BOOK_ERROR_OPEN && !g_file_test (path, G_FILE_TEST_EXISTS)
                       ? MM_AI_ERROR_NO_BOOK : MM_AI_ERROR_BAD_BOOK;

      g_set_error (error, MM_AI_ERROR, kind, "%s: %s", path, mm_book_error_message (code));
      return NULL;
    }

  self = g_new0 (MmAiBook, 1);
  g_atomic_ref_count_init (&self->ref_count);
  self->book = book;
  self->path = g_strdup (path);
  return self;
}

static MmAiBook *
load_default_book (void)
{
  g_autoptr(GError) error = NULL;
  const char *variable = g_getenv (BOOK_VARIABLE);
  const char *path = NULL;
  MmAiBook *book;

  if (variable != NULL && variable[0] != '\0')
    path = variable;
  else if (g_file_test (MM_BOOK_INSTALLED_PATH, G_FILE_TEST_EXISTS))
    path = MM_BOOK_INSTALLED_PATH;
  else if (g_file_test (MM_BOOK_SOURCE_PATH, G_FILE_TEST_EXISTS))
    path = MM_BOOK_SOURCE_PATH;
  if (path == NULL)
    {
      g_debug ("No opening book (%s): the computer searches from the first move",
               MM_BOOK_INSTALLED_PATH);
      return NULL;
    }

  book = mm_ai_book_load (path, &error);
  if (book == NULL && g_error_matches (error, MM_AI_ERROR, MM_AI_ERROR_NO_BOOK))
    g_debug ("No opening book: %s", error->message);
  else if (book == NULL)
    g_warning ("The opening book is not used: %s", error->message);
  return book;
}

/**
 * mm_ai_book_get_default:
 *
 * The book from the usual places ($MONOMACHIA_BOOK, the installed file,
 * the source tree's), loaded by the first call and shared by every later
 * one.
 *
 * Returns: (transfer full) (nullable): the book, or %NULL when there is
 *   none that loads
 */
MmAiBook *
mm_ai_book_get_default (void)
{
  g_autoptr(GMutexLocker) locker = g_mutex_locker_new (&default_book_lock);

  if (!default_book_tried)
    {
      default_book = load_default_book ();
      default_book_tried = TRUE;
    }
  return default_book != NULL ? mm_ai_book_ref (default_book) : NULL;
}

MmAiBook *
mm_ai_book_ref (MmAiBook *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
mm_ai_book_unref (MmAiBook *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  mm_book_free (self->book);
  g_free (self->path);
  g_free (self);
}

const MmBook *
mm_ai_book_get_book (MmAiBook *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->book;
}

const char *
mm_ai_book_get_path (MmAiBook *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->path;
}
