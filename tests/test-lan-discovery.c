/* test-lan-discovery.c
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

/* Servers found on the local network, by their multicast beacons.  The
 * test sends multicast, so it runs only inside a private network
 * namespace with loopback alone (unshare -rn): it starts itself again
 * there, brings lo up with a multicast route on it, and skips (77) where
 * that is not permitted.  No datagram ever leaves the namespace. */

#include "config.h"

#include <string.h>
#include <sys/wait.h>

#include "mm-lan-beacon.h"
#include "mm-lan-discovery.h"
#include "mm-lan-server.h"

#define IN_NAMESPACE "MM_TEST_IN_NETNS"
/* A port of the test's own, beside the real one. */
#define TEST_PORT 17712

static const char fingerprint[] =
  "E8:81:C5:90:1F:39:EF:4C:FF:12:47:CB:63:7B:F3:04:E9:82:FB:18:39:A2:D8:08:B6:7F:46:47:A7:81:11:6F";

static gboolean
set_flag (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
wait_count (GListModel *list,
            guint       n,
            guint       seconds)
{
  gboolean late = FALSE;
  guint timeout = g_timeout_add_seconds (seconds, set_flag, &late);

  while (g_list_model_get_n_items (list) != n && !late)
    g_main_context_iteration (NULL, TRUE);
  if (!late)
    g_source_remove (timeout);
  return g_list_model_get_n_items (list) == n;
}

static void
run_for (guint milliseconds)
{
  gboolean done = FALSE;

  g_timeout_add (milliseconds, set_flag, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

/* A beacon is heard, with where it came from; a server gone is
 * forgotten. */
static void
test_beacon_heard (void)
{
  g_autoptr(MmLanDiscovery) discovery = mm_lan_discovery_new ();
  g_autoptr(MmLanBeacon) beacon = mm_lan_beacon_new ("Νίκος’s lobby", 7711, fingerprint);
  g_autoptr(MmLanServer) server = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *address = NULL;
  GListModel *servers;

  g_assert_true (mm_lan_discovery_start (discovery, TEST_PORT, 1000, &error));
  g_assert_no_error (error);
  servers = mm_lan_discovery_get_servers (discovery);
  mm_lan_beacon_set_target (beacon, TEST_PORT);
  g_assert_true (mm_lan_beacon_start (beacon, 200, &error));
  g_assert_no_error (error);

  g_assert_true (wait_count (servers, 1, 5));
  server = g_list_model_get_item (servers, 0);
  g_assert_cmpstr (mm_lan_server_get_name (server), ==, "Νίκος’s lobby");
  g_assert_cmpstr (mm_lan_server_get_host (server), ==, "127.0.0.1");
  g_assert_cmpuint (mm_lan_server_get_port (server), ==, 7711);
  g_assert_cmpstr (mm_lan_server_get_fingerprint (server), ==, fingerprint);
  address = mm_lan_server_get_address (server);
  g_assert_cmpstr (address, ==, "127.0.0.1:7711");

  /* Heard again and again: still one entry. */
  run_for (700);
  g_assert_cmpuint (g_list_model_get_n_items (servers), ==, 1);

  mm_lan_beacon_stop (beacon);
  g_assert_true (wait_count (servers, 0, 5));
}

/* Whatever else arrives on the port is dropped, and nothing breaks. */
static void
test_garbage_dropped (void)
{
  static const char *const garbage[] = {
    "", "not json", "[1,2,3]", "{}", "{\"program\":\"monomachia\"}",
    "{\"program\":\"other\",\"name\":\"x\",\"port\":1,\"fingerprint\":\"AA\"}",
    "{\"program\":\"monomachia\",\"name\":\"x\",\"port\":0,\"fingerprint\":\"AA\"}",
    "{\"program\":\"monomachia\",\"name\":\"x\",\"port\":\"7711\",\"fingerprint\":\"AA\"}",
    "{\"program\":\"monomachia\",\"name\":\"bad\\u202ename\",\"port\":7711,\"fingerprint\":\"AA\"}",
    "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
  };
  g_autoptr(MmLanDiscovery) discovery = mm_lan_discovery_new ();
  g_autoptr(GSocket) sender = NULL;
  g_autoptr(GInetAddress) group = g_inet_address_new_from_string (MM_LAN_GROUP);
  g_autoptr(GSocketAddress) target = g_inet_socket_address_new (group, TEST_PORT);
  g_autoptr(GError) error = NULL;
  g_autofree char *big = g_strnfill (2000, 'x');
  g_autofree char *wrong_fingerprint = NULL;

  g_assert_true (mm_lan_discovery_start (discovery, TEST_PORT, 1000, &error));
  sender = g_socket_new (G_SOCKET_FAMILY_IPV4, G_SOCKET_TYPE_DATAGRAM, G_SOCKET_PROTOCOL_UDP, &error);
  g_assert_no_error (error);
  g_socket_set_multicast_ttl (sender, 1);
  for (gsize i = 0; i < G_N_ELEMENTS (garbage); i++)
    g_socket_send_to (sender, target, garbage[i], strlen (garbage[i]), NULL, NULL);
  g_socket_send_to (sender, target, big, 2000, NULL, NULL);
  run_for (300);
  g_assert_cmpuint (g_list_model_get_n_items (mm_lan_discovery_get_servers (discovery)), ==, 0);

  /* The parser on its own, for what a datagram cannot show. */
  g_assert_null (_mm_lan_parse_beacon ("{\"a\":1}\0{", 9));
  wrong_fingerprint = g_strdup_printf ("{\"program\":\"monomachia\",\"name\":\"x\",\"port\":7711,"
                                       "\"fingerprint\":\"%.94sZ\"}", fingerprint);
  g_assert_null (_mm_lan_parse_beacon (wrong_fingerprint, strlen (wrong_fingerprint)));
}

/* Starts the test again inside a private network namespace; the exit
 * status of that run, or 77 where no namespace can be made. */
static int
run_in_namespace (char **argv)
{
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *unshare = g_find_program_in_path ("unshare");
  int status = 0;

  if (self == NULL || unshare == NULL)
    {
      g_print ("1..0 # SKIP unshare is not installed: LAN discovery is tested only in a private "
               "network namespace\n");
      return 77;
    }
  g_ptr_array_add (args, (char *) "unshare");
  g_ptr_array_add (args, (char *) "-rn");
  g_ptr_array_add (args, self);
  for (int i = 1; argv[i] != NULL; i++)
    g_ptr_array_add (args, argv[i]);
  g_ptr_array_add (args, NULL);
  g_setenv (IN_NAMESPACE, "1", TRUE);
  if (!g_spawn_sync (NULL, (char **) args->pdata, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_CHILD_INHERITS_STDIN,
                     NULL, NULL, NULL, NULL, &status, &error))
    {
      g_print ("1..0 # SKIP %s\n", error->message);
      return 77;
    }
  if (WIFEXITED (status))
    return WEXITSTATUS (status);
  return 1;
}

/* Inside the namespace: loopback up, and multicast routed on it. */
static gboolean
prepare_namespace (void)
{
  static const char *const commands[] = {
    "ip link set lo up",
    "ip route add 224.0.0.0/4 dev lo src 127.0.0.1",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autoptr(GError) error = NULL;
      int status = 0;

      if (!g_spawn_command_line_sync (commands[i], NULL, NULL, &status, &error)
          || !g_spawn_check_wait_status (status, NULL))
        {
          g_print ("1..0 # SKIP “%s” failed in the private namespace%s%s\n", commands[i],
                   error != NULL ? ": " : "", error != NULL ? error->message : "");
          return FALSE;
        }
    }
  return TRUE;
}

int
main (int argc, char *argv[])
{
  if (g_getenv (IN_NAMESPACE) == NULL)
    {
      int status = run_in_namespace (argv);

      /* unshare says so and ends with 1 when namespaces are not allowed. */
      if (status != 0 && status != 77)
        {
          g_autofree char *out = NULL;
          int probe = 0;

          if (g_spawn_command_line_sync ("unshare -rn true", NULL, &out, &probe, NULL)
              && !g_spawn_check_wait_status (probe, NULL))
            {
              g_print ("1..0 # SKIP no private network namespace may be made here (unshare -rn)\n");
              return 77;
            }
        }
      return status;
    }
  if (!prepare_namespace ())
    return 77;

  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/lan/beacon-heard", test_beacon_heard);
  g_test_add_func ("/lan/garbage-dropped", test_garbage_dropped);
  return g_test_run ();
}
