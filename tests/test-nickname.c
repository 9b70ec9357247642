/* test-nickname.c
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

/* The lobby's names: who may be called what, and which names the lobby
 * takes for the same player. */

#include <glib.h>
#include <string.h>

#include "mm-nickname.h"

static void
assert_accepted (const char *name, const char *kept)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *normal = mm_nickname_check (name, &error);

  g_assert_no_error (error);
  g_assert_cmpstr (normal, ==, kept != NULL ? kept : name);
}

static void
assert_refused (const char *name, int code)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *normal = mm_nickname_check (name, &error);

  g_assert_null (normal);
  g_assert_error (error, MM_NICKNAME_ERROR, code);
  /* Every refusal is a sentence a person can act on. */
  g_assert_cmpuint (strlen (error->message), >, 10);
}

static void
test_accepted (void)
{
  assert_accepted ("Al", NULL);
  assert_accepted ("Νίκος_1983", NULL);
  assert_accepted ("Ζωή-Ελένη", NULL);
  assert_accepted ("Борис", NULL);
  assert_accepted ("田中さくら", NULL);
  assert_accepted ("हिन्दी", NULL);
  assert_accepted ("a2345678901234567890", NULL);
  /* Kept composed: the same letters typed either way are one name. */
  assert_accepted ("\xce\x9d\xce\xb9\xcc\x81\xce\xba\xce\xbf\xcf\x82", "Νίκος");
}

static void
test_refused (void)
{
  assert_refused ("", MM_NICKNAME_ERROR_TOO_SHORT);
  assert_refused ("A", MM_NICKNAME_ERROR_TOO_SHORT);
  assert_refused ("a23456789012345678901", MM_NICKNAME_ERROR_TOO_LONG);
  assert_refused ("two words", MM_NICKNAME_ERROR_CHARACTER);
  assert_refused ("bob@home", MM_NICKNAME_ERROR_CHARACTER);
  assert_refused ("bob\n", MM_NICKNAME_ERROR_CHARACTER);
  assert_refused ("bob\x7f", MM_NICKNAME_ERROR_CHARACTER);
  /* Right-to-left override, zero-width joiner, soft hyphen. */
  assert_refused ("bob\xe2\x80\xaelive", MM_NICKNAME_ERROR_CHARACTER);
  assert_refused ("bo\xe2\x80\x8d" "b", MM_NICKNAME_ERROR_CHARACTER);
  assert_refused ("bo\xc2\xad" "b", MM_NICKNAME_ERROR_CHARACTER);
  /* A mark with no letter to sit on. */
  assert_refused ("\xcc\x81" "ab", MM_NICKNAME_ERROR_CHARACTER);
  assert_refused ("bob\xff", MM_NICKNAME_ERROR_NOT_UTF8);
  /* Letters that show nothing, or belong to no script. */
  assert_refused ("\xe3\x85\xa4\xe3\x85\xa4", MM_NICKNAME_ERROR_CHARACTER);
  assert_refused ("\xe1\x85\xa0\xe1\x85\xa0", MM_NICKNAME_ERROR_CHARACTER);
  assert_refused ("bob\xca\xbcs", MM_NICKNAME_ERROR_CHARACTER);
  /* Cyrillic "а" among Latin letters. */
  assert_refused ("B\xd0\xb0" "rbara", MM_NICKNAME_ERROR_MIXED_SCRIPTS);
  assert_refused ("Nikosς", MM_NICKNAME_ERROR_MIXED_SCRIPTS);
}

/* Twenty characters, however many bytes they take. */
static void
test_length_in_characters (void)
{
  assert_accepted ("ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥ", NULL);
  assert_refused ("ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦ", MM_NICKNAME_ERROR_TOO_LONG);
  /* A decomposed accent counts once it is composed. */
  assert_accepted ("ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤ\xce\xb1\xcc\x81", "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤά");
}

static void
assert_same_player (const char *a, const char *b)
{
  g_autofree char *key_a = mm_nickname_key (a);
  g_autofree char *key_b = mm_nickname_key (b);

  g_assert_cmpstr (key_a, ==, key_b);
}

static void
assert_other_players (const char *a, const char *b)
{
  g_autofree char *key_a = mm_nickname_key (a);
  g_autofree char *key_b = mm_nickname_key (b);

  g_assert_cmpstr (key_a, !=, key_b);
}

static void
test_same_player (void)
{
  assert_same_player ("Bob", "bOB");
  assert_same_player ("Νίκος", "ΝΙΚΟΣ");
  assert_same_player ("Νίκος", "νικοσ");
  assert_same_player ("Straße", "STRASSE");
  assert_same_player ("ｎａｍｅ", "name");
  assert_same_player ("\xf0\x9d\x90\x80\xf0\x9d\x90\x83\xf0\x9d\x90\x8c\xf0\x9d\x90\x88"
                      "\xf0\x9d\x90\x8d", "admin");
  assert_same_player ("\xe1\xb4\xac\xe1\xb4\xb0\xe1\xb4\xb9\xe1\xb4\xb5\xe1\xb4\xba", "admin");
  assert_same_player ("Ζωή", "Ζω\xce\xb7\xcc\x81");
  assert_other_players ("Bob", "Rob");
  assert_other_players ("bob_1", "bob-1");
  assert_other_players ("Νίκος", "Νίκο");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/nickname/accepted", test_accepted);
  g_test_add_func ("/nickname/refused", test_refused);
  g_test_add_func ("/nickname/length-in-characters", test_length_in_characters);
  g_test_add_func ("/nickname/same-player", test_same_player);

  return g_test_run ();
}
