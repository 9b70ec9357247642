/* test-tls.c
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

/* The server's certificate and TLS between the real server and a
 * client that pins it, over 127.0.0.1. */

#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>

#include "mm-test-client.h"
#include "mm-tls.h"

static char *
make_temporary_folder (void)
{
  g_autoptr(GError) error = NULL;
  char *folder = g_dir_make_tmp ("monomachia-tls-XXXXXX", &error);

  g_assert_no_error (error);
  return folder;
}

static void
remove_folder (const char *folder)
{
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (folder, name, NULL);

      g_unlink (path);
    }
  g_rmdir (folder);
}

static void
test_self_signed (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *certificate_pem = NULL;
  g_autofree char *key_pem = NULL;
  g_autoptr(GTlsCertificate) certificate =
    mm_tls_certificate_new_self_signed ("example.test", &certificate_pem, &key_pem, &error);
  g_autoptr(GTlsCertificate) other =
    mm_tls_certificate_new_self_signed ("example.test", NULL, NULL, &error);
  g_autofree char *fingerprint = NULL;
  g_autofree char *other_fingerprint = NULL;

  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (certificate_pem, "-----BEGIN CERTIFICATE-----"));
  g_assert_true (g_str_has_prefix (key_pem, "-----BEGIN PRIVATE KEY-----"));
  fingerprint = mm_tls_certificate_get_fingerprint (certificate);
  /* 32 bytes as "AB:CD:..." */
  g_assert_cmpuint (strlen (fingerprint), ==, 32 * 3 - 1);
  for (int i = 0; i < 32; i++)
    {
      g_assert_true (g_ascii_isxdigit (fingerprint[3 * i]) && g_ascii_isxdigit (fingerprint[3 * i + 1]));
      g_assert_false (g_ascii_islower (fingerprint[3 * i]));
      if (i < 31)
        g_assert_cmpint (fingerprint[3 * i + 2], ==, ':');
    }
  /* Every certificate is its own. */
  other_fingerprint = mm_tls_certificate_get_fingerprint (other);
  g_assert_cmpstr (fingerprint, !=, other_fingerprint);
}

static void
test_kept (void)
{
  g_autofree char *folder = make_temporary_folder ();
  g_autofree char *data_dir = g_build_filename (folder, "data", NULL);
  g_autofree char *key_path = g_build_filename (data_dir, "tls-key.pem", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GTlsCertificate) first = NULL;
  g_autoptr(GTlsCertificate) second = NULL;
  g_autofree char *first_fingerprint = NULL;
  g_autofree char *second_fingerprint = NULL;
  gboolean created = FALSE;
  GStatBuf status;

  first = mm_tls_certificate_load_or_create (data_dir, "localhost", &created, &error);
  g_assert_no_error (error);
  g_assert_true (created);
  g_assert_cmpint (g_stat (key_path, &status), ==, 0);
  g_assert_cmpint (status.st_mode & 0777, ==, 0600);

  second = mm_tls_certificate_load_or_create (data_dir, "localhost", &created, &error);
  g_assert_no_error (error);
  g_assert_false (created);
  first_fingerprint = mm_tls_certificate_get_fingerprint (first);
  second_fingerprint = mm_tls_certificate_get_fingerprint (second);
  g_assert_cmpstr (first_fingerprint, ==, second_fingerprint);
  remove_folder (data_dir);
  remove_folder (folder);
}

static void
test_corrupt_files (void)
{
  g_autofree char *folder = make_temporary_folder ();
  g_autofree char *certificate_path = g_build_filename (folder, "tls-certificate.pem", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(GTlsCertificate) certificate = NULL;

  g_file_set_contents (certificate_path, "-----BEGIN CERTIFICATE-----\nnonsense\n", -1, &error);
  g_assert_no_error (error);
  certificate = mm_tls_certificate_load_or_create (folder, "localhost", NULL, &error);
  g_assert_null (certificate);
  g_assert_nonnull (error);
  remove_folder (folder);
}

static void
test_server (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GTlsCertificate) certificate =
    mm_tls_certificate_new_self_signed ("localhost", NULL, NULL, &error);
  g_autoptr(GTlsCertificate) stranger =
    mm_tls_certificate_new_self_signed ("localhost", NULL, NULL, &error);
  g_autoptr(MmLobbyServer) server = NULL;
  g_autoptr(MmTestClient) client = NULL;
  g_autoptr(MmTestClient) wrong_pin = NULL;
  g_autoptr(MmTestClient) plain = NULL;
  g_autoptr(MmTestClient) second = NULL;
  g_autoptr(JsonObject) welcome = NULL;
  g_autoptr(JsonObject) session = NULL;
  guint16 port;

  g_assert_no_error (error);
  if (!g_tls_backend_supports_tls (g_tls_backend_get_default ()))
    g_error ("GIO has no TLS: install glib-networking (build-aux/deps.sh does)");
  server = mm_test_server_new (NULL, &port);
  mm_lobby_server_set_certificate (server, certificate);

  client = mm_test_client_connect_full (port, certificate, &error);
  g_assert_no_error (error);
  mm_test_client_send_line (client, "{\"type\":\"hello\",\"version\":1,\"program\":\"tls test\"}");
  welcome = mm_test_client_expect (client, "welcome", 5);
  mm_test_client_send_line (client, "{\"type\":\"login\",\"name\":\"Σοφία\"}");
  session = mm_test_client_expect (client, "session", 5);

  /* A client that finds another certificate than it pinned stops. */
  wrong_pin = mm_test_client_connect_full (port, stranger, &error);
  g_assert_null (wrong_pin);
  g_assert_error (error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE);
  g_clear_error (&error);

  /* Plain text to a TLS server gets nowhere, and harms no one. */
  plain = mm_test_client_connect (port);
  mm_test_client_send_line (plain, "{\"type\":\"hello\",\"version\":1,\"program\":\"plain\"}");
  g_assert_true (mm_test_client_wait_closed (plain, 5));
  g_assert_true (g_queue_is_empty (&plain->messages));

  second = mm_test_client_connect_full (port, certificate, &error);
  g_assert_no_error (error);
  mm_test_client_send_line (client, "{\"type\":\"ping\",\"id\":\"after\"}");
  mm_test_client_expect_reply (client, "pong", "after");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tls/self-signed", test_self_signed);
  g_test_add_func ("/tls/kept", test_kept);
  g_test_add_func ("/tls/corrupt-files", test_corrupt_files);
  g_test_add_func ("/tls/server", test_server);

  return g_test_run ();
}
