/* mm-tls.c
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

/* GIO speaks TLS (through glib-networking) but cannot make a
 * certificate; GnuTLS can.  A server without a certificate of its own
 * makes a self-signed one at first start and keeps it, so that its
 * fingerprint stays the same from one start to the next. */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <errno.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <sodium.h>
#include <string.h>
#include <time.h>

#include "mm-tls.h"

#define CERTIFICATE_FILE "tls-certificate.pem"
#define KEY_FILE "tls-key.pem"
#define SERIAL_BYTES 16
#define VALID_DAYS (10 * 365)

static gboolean
gnutls_failed (int       status,
               GError  **error)
{
  if (status >= 0)
    return FALSE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
               /* Translators: %s says what the TLS library found */
               _("Could not make a certificate: %s"), gnutls_strerror (status));
  return TRUE;
}

static gboolean
make_certificate (gnutls_x509_crt_t      crt,
                  gnutls_x509_privkey_t  key,
                  const char            *common_name,
                  GError               **error)
{
  guchar serial[SERIAL_BYTES];
  time_t now = time (NULL);

  randombytes_buf (serial, sizeof serial);
  /* A positive serial number, as RFC 5280 has it. */
  serial[0] &= 0x7f;
  return !(gnutls_failed (gnutls_x509_privkey_generate (key, GNUTLS_PK_ECDSA,
                                                        GNUTLS_CURVE_TO_BITS (GNUTLS_ECC_CURVE_SECP256R1),
                                                        0), error)
           || gnutls_failed (gnutls_x509_crt_set_version (crt, 3), error)
           || gnutls_failed (gnutls_x509_crt_set_serial (crt, serial, sizeof serial), error)
           || gnutls_failed (gnutls_x509_crt_set_activation_time (crt, now - 24 * 3600), error)
           || gnutls_failed (gnutls_x509_crt_set_expiration_time (crt, now + (time_t) VALID_DAYS * 24 * 3600),
                             error)
           || gnutls_failed (gnutls_x509_crt_set_dn_by_oid (crt, GNUTLS_OID_X520_COMMON_NAME, 0,
                                                            common_name, strlen (common_name)), error)
           || gnutls_failed (gnutls_x509_crt_set_subject_alt_name (crt, GNUTLS_SAN_DNSNAME,
                                                                   common_name, strlen (common_name),
                                                                   GNUTLS_FSAN_SET), error)
           || gnutls_failed (gnutls_x509_crt_set_basic_constraints (crt, 0, -1), error)
           || gnutls_failed (gnutls_x509_crt_set_key_usage (crt, GNUTLS_KEY_DIGITAL_SIGNATURE), error)
           || gnutls_failed (gnutls_x509_crt_set_key_purpose_oid (crt, GNUTLS_KP_TLS_WWW_SERVER, 0),
                             error)
           || gnutls_failed (gnutls_x509_crt_set_key (crt, key), error)
           || gnutls_failed (gnutls_x509_crt_sign2 (crt, crt, key, GNUTLS_DIG_SHA256, 0), error));
}

static char *
take_datum (gnutls_datum_t *datum)
{
  char *text = g_strndup ((const char *) datum->data, datum->size);

  gnutls_memset (datum->data, 0, datum->size);
  gnutls_free (datum->data);
  return text;
}

/* A new self-signed certificate for @common_name, with an ECDSA P-256
 * key, valid for ten years; its PEM text and its key's in
 * @certificate_pem and @key_pem when not NULL. */
GTlsCertificate *
mm_tls_certificate_new_self_signed (const char  *common_name,
                                    char       **certificate_pem,
                                    char       **key_pem,
                                    GError     **error)
{
  gnutls_x509_crt_t crt = NULL;
  gnutls_x509_privkey_t key = NULL;
  gnutls_datum_t crt_datum = { NULL, 0 }, key_datum = { NULL, 0 };
  g_autofree char *crt_text = NULL;
  g_autofree char *key_text = NULL;
  g_autofree char *both = NULL;
  GTlsCertificate *certificate = NULL;
  gboolean made;

  g_return_val_if_fail (common_name != NULL && *common_name != '\0', NULL);

  if (sodium_init () < 0)
    g_error ("libsodium cannot start: there is no source of random numbers");
  made = !gnutls_failed (gnutls_x509_crt_init (&crt), error)
         && !gnutls_failed (gnutls_x509_privkey_init (&key), error)
         && make_certificate (crt, key, common_name, error)
         && !gnutls_failed (gnutls_x509_crt_export2 (crt, GNUTLS_X509_FMT_PEM, &crt_datum), error)
         && !gnutls_failed (gnutls_x509_privkey_export2_pkcs8 (key, GNUTLS_X509_FMT_PEM, NULL,
                                                               GNUTLS_PKCS_PLAIN, &key_datum),
                            error);
  if (crt != NULL)
    gnutls_x509_crt_deinit (crt);
  if (key != NULL)
    gnutls_x509_privkey_deinit (key);
  if (!made)
    return NULL;
  crt_text = take_datum (&crt_datum);
  key_text = take_datum (&key_datum);
  both = g_strconcat (crt_text, key_text, NULL);
  certificate = g_tls_certificate_new_from_pem (both, -1, error);
  sodium_memzero (both, strlen (both));
  if (certificate == NULL)
    return NULL;
  if (certificate_pem != NULL)
    *certificate_pem = g_steal_pointer (&crt_text);
  if (key_pem != NULL)
    *key_pem = g_steal_pointer (&key_text);
  if (key_text != NULL)
    sodium_memzero (key_text, strlen (key_text));
  return certificate;
}

/* The certificate kept in @directory, made there (the key readable by
 * its owner only) the first time; @created says which. */
GTlsCertificate *
mm_tls_certificate_load_or_create (const char  *directory,
                                   const char  *common_name,
                                   gboolean    *created,
                                   GError     **error)
{
  g_autofree char *certificate_path = g_build_filename (directory, CERTIFICATE_FILE, NULL);
  g_autofree char *key_path = g_build_filename (directory, KEY_FILE, NULL);
  g_autofree char *certificate_pem = NULL;
  g_autofree char *key_pem = NULL;
  g_autoptr(GTlsCertificate) certificate = NULL;

  if (created != NULL)
    *created = FALSE;
  if (g_file_test (certificate_path, G_FILE_TEST_EXISTS))
    return g_tls_certificate_new_from_files (certificate_path, key_path, error);

  if (g_mkdir_with_parents (directory, 0700) != 0)
    {
      int saved = errno;

      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved),
                   /* Translators: %s are a folder and the system's reason */
                   _("Could not make the folder %s: %s"), directory, g_strerror (saved));
      return NULL;
    }
  certificate = mm_tls_certificate_new_self_signed (common_name, &certificate_pem, &key_pem, error);
  if (certificate == NULL)
    return NULL;
  /* The key first: a certificate without its key would be taken for
   * a finished pair at the next start. */
  if (!g_file_set_contents_full (key_path, key_pem, -1, G_FILE_SET_CONTENTS_CONSISTENT, 0600,
                                 error)
      || !g_file_set_contents_full (certificate_path, certificate_pem, -1,
                                    G_FILE_SET_CONTENTS_CONSISTENT, 0644, error))
    {
      sodium_memzero (key_pem, strlen (key_pem));
      return NULL;
    }
  sodium_memzero (key_pem, strlen (key_pem));
  if (created != NULL)
    *created = TRUE;
  return g_steal_pointer (&certificate);
}

/* The SHA-256 of the certificate's DER form, as "AB:CD:...": what a
 * host tells players, and what a client pins. */
char *
mm_tls_certificate_get_fingerprint (GTlsCertificate *certificate)
{
  g_autoptr(GByteArray) der = NULL;
  g_autoptr(GChecksum) checksum = g_checksum_new (G_CHECKSUM_SHA256);
  guint8 digest[32];
  gsize length = sizeof digest;
  GString *text = g_string_new (NULL);

  g_return_val_if_fail (G_IS_TLS_CERTIFICATE (certificate), NULL);

  g_object_get (certificate, "certificate", &der, NULL);
  g_checksum_update (checksum, der->data, der->len);
  g_checksum_get_digest (checksum, digest, &length);
  for (gsize i = 0; i < length; i++)
    g_string_append_printf (text, "%s%02X", i > 0 ? ":" : "", digest[i]);
  return g_string_free (text, FALSE);
}
