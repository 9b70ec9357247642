/* test-lobby-moderation.c
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

/* Moderation through the real server and its store, over 127.0.0.1:
 * only moderators act; a mute silences, a kick sends away, a ban keeps
 * an account or an address out and says why and for how long; every
 * action is logged. */

#include <glib/gstdio.h>
#include <string.h>

#include "mm-sqlite-store.h"
#include "mm-test-client.h"

typedef struct
{
  char          *folder;
  MmSqliteStore *store;
  MmLobbyServer *server;
  guint16        port;
  GPtrArray     *log;
} Fixture;

static void
log_cb (MmLobbyServer *server, const char *line, Fixture *fixture)
{
  if (g_getenv ("MM_TEST_TRACE") != NULL)
    g_printerr ("log: %s\n", line);
  g_ptr_array_add (fixture->log, g_strdup (line));
}

static gboolean
logged (Fixture *fixture, const char *text)
{
  for (guint i = 0; i < fixture->log->len; i++)
    if (strstr (fixture->log->pdata[i], text) != NULL)
      return TRUE;
  return FALSE;
}

static void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  MmServerLimits limits;

  fixture->folder = g_dir_make_tmp ("monomachia-moderation-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (fixture->folder, "server.db", NULL);
  fixture->store = mm_sqlite_store_new (path, &error);
  g_assert_no_error (error);
  fixture->log = g_ptr_array_new_with_free_func (g_free);
  mm_server_limits_init (&limits);
  limits.request_rate = 0;
  limits.chat_rate = 0;
  fixture->server = mm_lobby_server_new ("test server", &limits);
  g_signal_connect (fixture->server, "log", G_CALLBACK (log_cb), fixture);
  mm_lobby_server_set_store (fixture->server, MM_STORE (fixture->store), &error);
  g_assert_no_error (error);
  mm_lobby_server_listen (fixture->server, loopback, 0, &fixture->port, &error);
  g_assert_no_error (error);
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  g_autoptr(GDir) dir = NULL;
  const char *name;

  g_clear_object (&fixture->server);
  mm_test_run_for (50);
  g_clear_object (&fixture->store);
  dir = g_dir_open (fixture->folder, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (fixture->folder, name, NULL);

      g_unlink (path);
    }
  g_rmdir (fixture->folder);
  g_free (fixture->folder);
  g_ptr_array_unref (fixture->log);
}

static MmTestClient *
registered (guint16 port, const char *name)
{
  MmTestClient *client = mm_test_client_hello (port);
  g_autoptr(JsonObject) session = NULL;

  mm_test_client_send_printf (client, "{\"type\":\"register\",\"name\":\"%s\","
                                      "\"password\":\"password of %s\"}", name, name);
  session = mm_test_client_expect (client, "session", 10);
  return client;
}

static MmTestClient *
log_in (guint16 port, const char *name)
{
  MmTestClient *client = mm_test_client_hello (port);

  mm_test_client_send_printf (client, "{\"type\":\"login\",\"name\":\"%s\","
                                      "\"password\":\"password of %s\"}", name, name);
  return client;
}

static void
expect_closed_with (MmTestClient *client,
                    const char   *code,
                    const char   *text)
{
  g_autoptr(JsonObject) error = mm_test_client_expect (client, "error", 10);

  g_assert_cmpstr (json_object_get_string_member (error, "code"), ==, code);
  if (text != NULL)
    g_assert_nonnull (strstr (json_object_get_string_member (error, "message"), text));
  g_assert_true (mm_test_client_wait_closed (client, 5));
}

static void
say (MmTestClient *client, const char *id, const char *text)
{
  mm_test_client_send_printf (client, "{\"type\":\"say\",\"id\":\"%s\",\"room\":\"lobby\","
                                      "\"text\":\"%s\"}", id, text);
}

static void
test_moderation (Fixture *fixture, gconstpointer data)
{
  g_autoptr(MmTestClient) admin = NULL;
  g_autoptr(MmTestClient) troll = registered (fixture->port, "troll");
  g_autoptr(MmTestClient) pest = mm_test_client_login (fixture->port, "pest");
  g_autoptr(MmTestClient) again = NULL;
  g_autoptr(MmTestClient) pest_again = NULL;
  g_autoptr(MmTestClient) late = NULL;
  g_autoptr(JsonObject) session = NULL;
  g_autoptr(GError) error = NULL;

  /* A moderator is made on the server's side. */
  g_clear_pointer (&admin, mm_test_client_free);
  admin = registered (fixture->port, "mod");
  g_clear_pointer (&admin, mm_test_client_free);
  mm_store_set_admin (MM_STORE (fixture->store), "mod", TRUE, &error);
  g_assert_no_error (error);
  admin = log_in (fixture->port, "mod");
  session = mm_test_client_expect (admin, "session", 10);

  /* Players cannot moderate. */
  mm_test_client_send_line (troll, "{\"type\":\"kick\",\"id\":\"k\",\"name\":\"mod\"}");
  mm_test_client_expect_error (troll, "not-admin", "k");

  /* A mute, then lifted. */
  mm_test_client_send_line (admin, "{\"type\":\"mute\",\"id\":\"m\",\"name\":\"troll\","
                                   "\"minutes\":10,\"reason\":\"spam\"}");
  mm_test_client_expect_reply (admin, "ok", "m");
  say (troll, "s1", "buy now");
  {
    g_autoptr(JsonObject) muted = mm_test_client_expect (troll, "error", 5);

    g_assert_cmpstr (json_object_get_string_member (muted, "code"), ==, "muted");
    g_assert_nonnull (strstr (json_object_get_string_member (muted, "message"), "spam"));
  }
  mm_test_client_send_line (admin, "{\"type\":\"unmute\",\"id\":\"u\",\"name\":\"troll\"}");
  mm_test_client_expect_reply (admin, "ok", "u");
  say (troll, "s2", "sorry");
  mm_test_client_expect_reply (troll, "ok", "s2");

  /* A kick sends a guest away, told why; the name is free again. */
  mm_test_client_send_line (admin, "{\"type\":\"kick\",\"id\":\"k\",\"name\":\"pest\","
                                   "\"reason\":\"be nice\"}");
  mm_test_client_expect_reply (admin, "ok", "k");
  expect_closed_with (pest, "kicked", "be nice");
  pest_again = mm_test_client_login (fixture->port, "pest");

  /* A ban keeps the account out, and says so at each try. */
  mm_test_client_send_line (admin, "{\"type\":\"ban\",\"id\":\"b\",\"name\":\"troll\","
                                   "\"minutes\":60,\"reason\":\"again\"}");
  mm_test_client_expect_reply (admin, "ok", "b");
  expect_closed_with (troll, "banned", "until");
  again = log_in (fixture->port, "troll");
  expect_closed_with (again, "banned", "again");
  g_clear_pointer (&again, mm_test_client_free);
  mm_test_client_send_line (admin, "{\"type\":\"unban\",\"id\":\"ub\",\"name\":\"troll\"}");
  mm_test_client_expect_reply (admin, "ok", "ub");
  again = log_in (fixture->port, "troll");
  g_clear_pointer (&session, json_object_unref);
  session = mm_test_client_expect (again, "session", 10);

  /* A ban names a name or an address, a real one. */
  mm_test_client_send_line (admin, "{\"type\":\"ban\",\"id\":\"x\"}");
  mm_test_client_expect_error (admin, "bad-field", "x");
  mm_test_client_send_line (admin, "{\"type\":\"ban\",\"id\":\"x\",\"address\":\"not an address\"}");
  mm_test_client_expect_error (admin, "bad-field", "x");
  mm_test_client_send_line (admin, "{\"type\":\"ban\",\"id\":\"x\",\"name\":\"nobody\"}");
  mm_test_client_expect_error (admin, "no-such-player", "x");

  /* Last, this address: everyone on it goes, moderator too, and a new
   * connection is turned away with the reason. */
  mm_test_client_send_line (admin, "{\"type\":\"ban\",\"id\":\"a\",\"address\":\"127.0.0.1\","
                                   "\"reason\":\"closing time\"}");
  mm_test_client_expect_reply (admin, "ok", "a");
  expect_closed_with (pest_again, "banned", "for good");
  expect_closed_with (admin, "banned", NULL);
  late = mm_test_client_connect (fixture->port);
  expect_closed_with (late, "banned", "closing time");

  g_assert_true (logged (fixture, "moderation: mod muted troll: spam"));
  g_assert_true (logged (fixture, "moderation: mod kicked pest: be nice"));
  g_assert_true (logged (fixture, "moderation: mod banned troll: again"));
  g_assert_true (logged (fixture, "moderation: mod banned address 127.0.0.1: closing time"));
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/lobby-moderation/all", Fixture, NULL, fixture_set_up, test_moderation,
              fixture_tear_down);

  return g_test_run ();
}
