/* mm-certificate-pins.c
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

#define G_LOG_DOMAIN "mm-certificate-pins"

#include "config.h"

#include <glib/gi18n-lib.h>
#include <errno.h>
#include <glib/gstdio.h>

#include "mm-certificate-pins.h"

struct _MmCertificatePins
{
  GObject   parent_instance;

  char     *path;
  GKeyFile *file;
};

G_DEFINE_FINAL_TYPE (MmCertificatePins, mm_certificate_pins, G_TYPE_OBJECT)

static void
mm_certificate_pins_finalize (GObject *object)
{
  MmCertificatePins *self = MM_CERTIFICATE_PINS (object);

  g_free (self->path);
  g_key_file_unref (self->file);

  G_OBJECT_CLASS (mm_certificate_pins_parent_class)->finalize (object);
}

static void
mm_certificate_pins_class_init (MmCertificatePinsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = mm_certificate_pins_finalize;
}

static void
mm_certificate_pins_init (MmCertificatePins *self)
{
  self->file = g_key_file_new ();
}

/* The pins kept in @path.  A missing file is no pins yet; a damaged one
 * is no pins either (every server is asked about again), said once in
 * the log, and rewritten at the next pin. */
MmCertificatePins *
mm_certificate_pins_new (const char *path)
{
  MmCertificatePins *self = g_object_new (MM_TYPE_CERTIFICATE_PINS, NULL);
  g_autoptr(GError) error = NULL;

  self->path = g_strdup (path);
  if (!g_key_file_load_from_file (self->file, path, G_KEY_FILE_NONE, &error)
      && !g_error_matches (error, G_FILE_ERROR, G_FILE_ERROR_NOENT))
    g_warning ("The trusted servers in %s cannot be read (%s); they will be asked about again",
               path, error->message);
  return self;
}

/* The person's pins, in the user's configuration folder. */
MmCertificatePins *
mm_certificate_pins_new_default (void)
{
  g_autofree char *path = g_build_filename (g_get_user_config_dir (), "monomachia",
                                            "trusted-servers", NULL);

  return mm_certificate_pins_new (path);
}

/* A host and port as one group name; hosts are compared without case. */
static char *
mm_certificate_pins_group (const char *host,
                           guint16     port)
{
  g_autofree char *folded = g_ascii_strdown (host, -1);

  return g_strdup_printf ("%s:%u", folded, port);
}

/* The SHA-256 fingerprint trusted for @host and @port, or NULL. */
const char *
mm_certificate_pins_lookup (MmCertificatePins *self,
                            const char        *host,
                            guint16            port)
{
  g_autofree char *group = NULL;
  g_autofree char *fingerprint = NULL;

  g_return_val_if_fail (MM_IS_CERTIFICATE_PINS (self), NULL);

  group = mm_certificate_pins_group (host, port);
  fingerprint = g_key_file_get_string (self->file, group, "fingerprint", NULL);
  if (fingerprint == NULL)
    return NULL;
  /* The key file owns what it returns only until the next change: an
   * interned copy lives as long as the program, as pins do. */
  return g_intern_string (fingerprint);
}

static gboolean
mm_certificate_pins_save (MmCertificatePins  *self,
                          GError            **error)
{
  g_autofree char *folder = g_path_get_dirname (self->path);
  g_autofree char *data = NULL;
  gsize length;

  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   _("The folder %s cannot be made: %s"), folder, g_strerror (saved));
      return FALSE;
    }
  data = g_key_file_to_data (self->file, &length, NULL);
  return g_file_set_contents_full (self->path, data, (gssize) length,
                                   G_FILE_SET_CONTENTS_CONSISTENT, 0600, error);
}

/* Trusts @fingerprint for @host and @port from now on, in place of any
 * trusted before. */
gboolean
mm_certificate_pins_pin (MmCertificatePins  *self,
                         const char         *host,
                         guint16             port,
                         const char         *fingerprint,
                         GError            **error)
{
  g_autofree char *group = NULL;

  g_return_val_if_fail (MM_IS_CERTIFICATE_PINS (self), FALSE);

  group = mm_certificate_pins_group (host, port);
  g_key_file_set_string (self->file, group, "fingerprint", fingerprint);
  return mm_certificate_pins_save (self, error);
}

gboolean
mm_certificate_pins_forget (MmCertificatePins  *self,
                            const char         *host,
                            guint16             port,
                            GError            **error)
{
  g_autofree char *group = NULL;

  g_return_val_if_fail (MM_IS_CERTIFICATE_PINS (self), FALSE);

  group = mm_certificate_pins_group (host, port);
  if (!g_key_file_remove_group (self->file, group, NULL))
    return TRUE;
  return mm_certificate_pins_save (self, error);
}
