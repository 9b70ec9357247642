/* mm-nickname.c
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

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "mm-nickname.h"

G_DEFINE_QUARK (mm-nickname-error-quark, mm_nickname_error)

/* Letters of these scripts are written together (Japanese mixes kana
 * and kanji, Korean may mix hangul and hanja), so they count as one. */
static GUnicodeScript
script_group (GUnicodeScript script)
{
  switch (script)
    {
    case G_UNICODE_SCRIPT_HIRAGANA:
    case G_UNICODE_SCRIPT_KATAKANA:
    case G_UNICODE_SCRIPT_HANGUL:
    case G_UNICODE_SCRIPT_BOPOMOFO:
      return G_UNICODE_SCRIPT_HAN;
    default:
      return script;
    }
}

static gboolean
is_mark (gunichar c)
{
  GUnicodeType type = g_unichar_type (c);

  return type == G_UNICODE_NON_SPACING_MARK || type == G_UNICODE_SPACING_MARK;
}

/* Letters, digits, '_' and '-'; a mark only after a letter, as the
 * vowel signs of many scripts.  Controls, format and bidi characters,
 * spaces and symbols are none of these. */
/* Letters that show nothing: the Hangul fillers. */
static gboolean
is_blank_letter (gunichar c)
{
  return c == 0x115f || c == 0x1160 || c == 0x3164 || c == 0xffa0;
}

static gboolean
is_allowed (gunichar c, gunichar previous)
{
  if (c == '_' || c == '-' || g_unichar_isdigit (c))
    return TRUE;
  /* A letter belongs to a script: the letter-like signs of no script
   * (as U+02BC, an apostrophe) would pass the one-script rule. */
  if (g_unichar_isalpha (c))
    {
      GUnicodeScript script = g_unichar_get_script (c);

      return !is_blank_letter (c) && script != G_UNICODE_SCRIPT_COMMON
             && script != G_UNICODE_SCRIPT_INHERITED;
    }
  return is_mark (c) && (g_unichar_isalpha (previous) || is_mark (previous));
}

static void
set_character_error (GError **error, gunichar c)
{
  if (c < 0x20 || (c >= 0x7f && c < 0xa0) || g_unichar_type (c) == G_UNICODE_FORMAT)
    g_set_error (error, MM_NICKNAME_ERROR, MM_NICKNAME_ERROR_CHARACTER,
                 /* Translators: a lobby name holds an invisible character */
                 _("A name cannot hold invisible or control characters."));
  else
    {
      char text[8] = { 0 };

      g_unichar_to_utf8 (c, text);
      g_set_error (error, MM_NICKNAME_ERROR, MM_NICKNAME_ERROR_CHARACTER,
                   /* Translators: %s is the character refused in a lobby name */
                   _("A name cannot hold “%s”: use letters, digits, “_” and “-”."), text);
    }
}

/* The name as the lobby keeps it (NFC), or NULL with @error saying
 * what is wrong: not UTF-8, fewer than 2 or more than 20 characters, a
 * character other than a letter, digit, '_' or '-', or letters of two
 * scripts (a Latin "a" among Cyrillic letters passes for another name). */
char *
mm_nickname_check (const char  *name,
                   GError     **error)
{
  g_autofree char *normal = NULL;
  GUnicodeScript script = G_UNICODE_SCRIPT_COMMON;
  gunichar previous = 0;
  glong length;
  const char *p;

  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_utf8_validate (name, -1, NULL))
    {
      g_set_error_literal (error, MM_NICKNAME_ERROR, MM_NICKNAME_ERROR_NOT_UTF8,
                           /* Translators: a lobby name arrived garbled */
                           _("The name is not valid text."));
      return NULL;
    }
  normal = g_utf8_normalize (name, -1, G_NORMALIZE_NFC);
  length = g_utf8_strlen (normal, -1);
  if (length < MM_NICKNAME_MIN_LENGTH)
    {
      g_set_error (error, MM_NICKNAME_ERROR, MM_NICKNAME_ERROR_TOO_SHORT,
                   /* Translators: lobby names have a shortest length */
                   _("A name needs at least %d characters."), MM_NICKNAME_MIN_LENGTH);
      return NULL;
    }
  if (length > MM_NICKNAME_MAX_LENGTH)
    {
      g_set_error (error, MM_NICKNAME_ERROR, MM_NICKNAME_ERROR_TOO_LONG,
                   /* Translators: lobby names have a greatest length */
                   _("A name can have at most %d characters."), MM_NICKNAME_MAX_LENGTH);
      return NULL;
    }

  for (p = normal; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      GUnicodeScript own;

      if (!is_allowed (c, previous))
        {
          set_character_error (error, c);
          return NULL;
        }
      previous = c;
      own = script_group (g_unichar_get_script (c));
      if (own == G_UNICODE_SCRIPT_COMMON || own == G_UNICODE_SCRIPT_INHERITED)
        continue;
      if (script != G_UNICODE_SCRIPT_COMMON && own != script)
        {
          g_set_error_literal (error, MM_NICKNAME_ERROR, MM_NICKNAME_ERROR_MIXED_SCRIPTS,
                               /* Translators: a lobby name mixes, say, Greek and Latin letters */
                               _("A name cannot mix letters of different alphabets."));
          return NULL;
        }
      script = own;
    }
  return g_steal_pointer (&normal);
}

/* What two names share when the lobby takes them for the same: case,
 * accents and compatibility forms aside, so that "Νίκος" and "ΝΙΚΟΣ",
 * or "ｎａｍｅ" and "name", are one player.  @name passed
 * mm_nickname_check(). */
char *
mm_nickname_key (const char *name)
{
  g_autofree char *compatible = NULL;
  g_autofree char *folded = NULL;
  g_autofree char *decomposed = NULL;
  g_autoptr(GString) bare = NULL;
  const char *p;

  g_return_val_if_fail (name != NULL, NULL);

  /* Decomposed before folding and again after: some letters become
   * capitals only once decomposed (a bold "𝐀", a superscript "ᴬ"). */
  compatible = g_utf8_normalize (name, -1, G_NORMALIZE_NFKD);
  folded = g_utf8_casefold (compatible, -1);
  decomposed = g_utf8_normalize (folded, -1, G_NORMALIZE_NFKD);
  bare = g_string_sized_new (strlen (decomposed));
  for (p = decomposed; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (g_unichar_type (c) != G_UNICODE_NON_SPACING_MARK)
        g_string_append_unichar (bare, c);
    }
  return g_utf8_normalize (bare->str, -1, G_NORMALIZE_NFC);
}
