/* mm-test-data.c
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

/* The data shared by the tests, benchmarks and training lives outside the
 * repository, in ../shared/data; meson passes its place in MM_SHARED_DATA.
 * The tests that need it skip (exit status 77) when it is not there. */

#include "mm-test-data.h"

#include <stdio.h>
#include <stdlib.h>

/* The directory named by $MM_SHARED_DATA, else the one meson knew of when
 * the tests were built, so that a test run by hand finds it too. */
char *
mm_test_data_dir (void)
{
  const char *dir = g_getenv ("MM_SHARED_DATA");

  if (dir != NULL && dir[0] != '\0')
    return g_strdup (dir);

#ifdef MM_TEST_SHARED_DATA_DIR
  return g_strdup (MM_TEST_SHARED_DATA_DIR);
#else
  return g_strdup (".");
#endif
}

char *
mm_test_data_path (const char *name)
{
  g_autofree char *dir = mm_test_data_dir ();

  g_return_val_if_fail (name != NULL, NULL);

  return g_build_filename (dir, name, NULL);
}

/* Returns the path of the data file @name; when there is no such file,
 * says which file is missing and ends the test program with the status
 * that meson counts as a skip. */
char *
mm_test_data_require (const char *name)
{
  g_autofree char *path = mm_test_data_path (name);

  if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
    {
      /* On stdout for the test log and on stderr for a person running
       * the program by hand. */
      g_autofree char *message =
        g_strdup_printf ("SKIP: the test data file %s is missing: %s does not exist "
                         "(set MM_SHARED_DATA to the directory that holds %s)",
                         name, path, name);

      printf ("%s\n", message);
      fflush (stdout);
      fprintf (stderr, "%s\n", message);
      exit (MM_TEST_EXIT_SKIP);
    }

  return g_steal_pointer (&path);
}

/* Reads the lines of the gzip-compressed text file at @path, without
 * their line ends; at most @max_lines of them unless it is 0. */
GPtrArray *
mm_test_data_read_gz_lines (const char  *path,
                            guint        max_lines,
                            GError     **error)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GFileInputStream) file_stream = NULL;
  g_autoptr(GZlibDecompressor) decompressor = NULL;
  g_autoptr(GInputStream) text_stream = NULL;
  g_autoptr(GDataInputStream) data_stream = NULL;
  g_autoptr(GPtrArray) lines = NULL;
  GError *local_error = NULL;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  file = g_file_new_for_path (path);
  file_stream = g_file_read (file, NULL, error);
  if (file_stream == NULL)
    return NULL;

  decompressor = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
  text_stream = g_converter_input_stream_new (G_INPUT_STREAM (file_stream),
                                              G_CONVERTER (decompressor));
  data_stream = g_data_input_stream_new (text_stream);
  g_data_input_stream_set_newline_type (data_stream, G_DATA_STREAM_NEWLINE_TYPE_ANY);

  lines = g_ptr_array_new_with_free_func (g_free);
  while (max_lines == 0 || lines->len < max_lines)
    {
      char *line = g_data_input_stream_read_line_utf8 (data_stream, NULL, NULL,
                                                       &local_error);

      if (local_error != NULL)
        {
          g_propagate_prefixed_error (error, local_error, "%s: ", path);
          return NULL;
        }
      if (line == NULL)
        break;

      g_ptr_array_add (lines, line);
    }

  return g_steal_pointer (&lines);
}

/* The first @max_games games of the WTHOR archive (all of them for 0), one
 * line each: "f5d6c3... 34-30 1977".  The file must exist: call
 * mm_test_data_require() first. */
GPtrArray *
mm_test_data_read_wthor (guint    max_games,
                         GError **error)
{
  g_autofree char *path = mm_test_data_path (MM_TEST_WTHOR_GAMES);

  return mm_test_data_read_gz_lines (path, max_games, error);
}
