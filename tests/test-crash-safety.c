/* test-crash-safety.c
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

/* Files that survive what happens to them: a writer of the autosave, and
 * one of a saved game (what Save does), killed with SIGKILL at random
 * moments over a thousand runs each, always leave the old game or the
 * new one, whole; a full disk (a file-size limit) refuses the new game
 * with an error that says why and leaves the old one as it was. */

#include "config.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "mm-autosave.h"
#include "mm-game.h"
#include "mm-record-io.h"

/* A 1977 WTHOR game, 34-30, in which White passes twice. */
#define GAME_A \
  "f5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5" \
  "e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1"

#define N_KILLS 1000
/* After the writer says it is writing, the kill comes within a write's
 * time (with its fsync), and within at least this many microseconds. */
#define MIN_KILL_DELAY_RANGE_US 10000

typedef enum
{
  WRITER_AUTOSAVE,
  WRITER_SAVE,
} WriterKind;

/* The game for step @n: the first n % 61 moves of game A, black's name
 * telling which step it is. */
static void
set_up_step (MmGame *game,
             guint   n)
{
  g_autofree char *name = g_strdup_printf ("writer %u", n);
  guint n_moves = n % 61;

  mm_game_restart (game);
  for (guint i = 0; i < n_moves; i++)
    {
      char square[3] = { GAME_A[2 * i], GAME_A[2 * i + 1], '\0' };

      g_assert_true (mm_game_play (game, mm_square_parse (square), NULL));
    }
  mm_game_set_player_name (game, MM_COLOR_BLACK, name);
  mm_game_set_player_name (game, MM_COLOR_WHITE, "Λευκός ]");
}

static gboolean
write_step (WriterKind   kind,
            const char  *path,
            guint        n,
            GError     **error)
{
  g_autoptr(MmGame) game = mm_game_new ();

  set_up_step (game, n);
  if (kind == WRITER_AUTOSAVE)
    {
      g_autoptr(MmAutosave) autosave = mm_autosave_new (path);

      return mm_autosave_save (autosave, game, "file:///tmp/game.ggf", n % 2, error);
    }
  else
    {
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(MmGameRecord) record = mm_game_to_record (game);

      return mm_record_write_file (file, record, NULL, error);
    }
}

/* The child: says it has started, then writes step after step until it
 * is killed. */
static void G_GNUC_NORETURN
run_writer (WriterKind  kind,
            const char *path,
            int         started)
{
  if (write (started, "w", 1) != 1)
    _exit (1);
  close (started);
  for (guint n = 1;; n++)
    {
      g_autoptr(GError) error = NULL;

      if (!write_step (kind, path, n, &error))
        {
          g_printerr ("%s\n", error->message);
          _exit (1);
        }
    }
}

/* The step whose game @path holds, checked whole: its moves, names and
 * the autosave's flags all belong to that step. */
static guint
read_step (WriterKind  kind,
           const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(MmGameRecord) record = NULL;
  g_autoptr(MmGame) game = mm_game_new ();
  g_autoptr(MmGame) expected = mm_game_new ();
  g_autofree char *uri = NULL;
  gboolean unsaved = FALSE;
  guint step;

  if (kind == WRITER_AUTOSAVE)
    {
      g_autoptr(MmAutosave) autosave = mm_autosave_new (path);

      record = mm_autosave_load (autosave, &uri, &unsaved, &error);
    }
  else
    {
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GPtrArray) games = mm_record_read_file (file, NULL, NULL, &error);

      g_assert_no_error (error);
      g_assert_cmpuint (games->len, ==, 1);
      record = mm_game_record_ref (g_ptr_array_index (games, 0));
    }
  g_assert_no_error (error);
  g_assert_nonnull (record);

  g_assert_true (mm_game_load_record (game, record, &error));
  g_assert_no_error (error);
  g_assert_true (sscanf (mm_game_get_player_name (game, MM_COLOR_BLACK), "writer %u", &step) == 1);
  set_up_step (expected, step);
  g_assert_cmpuint (mm_game_get_n_moves (game), ==, mm_game_get_n_moves (expected));
  for (guint i = 0; i < mm_game_get_n_moves (game); i++)
    {
      MmColor color, expected_color;

      g_assert_cmpint (mm_game_get_move (game, i, &color), ==,
                       mm_game_get_move (expected, i, &expected_color));
      g_assert_cmpint (color, ==, expected_color);
    }
  g_assert_cmpstr (mm_game_get_player_name (game, MM_COLOR_WHITE), ==, "Λευκός ]");
  if (kind == WRITER_AUTOSAVE && step > 0)
    {
      g_assert_cmpstr (uri, ==, "file:///tmp/game.ggf");
      g_assert_cmpint (unsaved, ==, step % 2);
    }
  return step;
}

static char *
make_temp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("mm-test-crash-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static guint
count_others (const char *dir,
              const char *keep)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    n += !g_str_equal (name, keep);
  return n;
}

/* Removes the files in @dir but @keep, and says how many there were. */
static guint
remove_others (const char *dir,
               const char *keep)
{
  g_autoptr(GDir) handle = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;

  while (handle != NULL && (name = g_dir_read_name (handle)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (keep != NULL && g_str_equal (name, keep))
        continue;
      g_assert_no_errno (g_remove (path));
      n++;
    }
  return n;
}

/* A fork, not a new program: a thousand of them take seconds, not
 * minutes.  Returns once the writer runs. */
static pid_t
start_writer (WriterKind  kind,
              const char *path)
{
  int pipe_fds[2];
  char started;
  pid_t pid;

  g_assert_no_errno (pipe (pipe_fds));
  pid = fork ();
  g_assert_cmpint (pid, >=, 0);
  if (pid == 0)
    {
      close (pipe_fds[0]);
      run_writer (kind, path, pipe_fds[1]);
    }
  close (pipe_fds[1]);
  /* Bounded: the writer writes its byte, or dies and the pipe closes. */
  g_assert_cmpint (read (pipe_fds[0], &started, 1), ==, 1);
  close (pipe_fds[0]);
  return pid;
}

static void
kill_writer (pid_t pid)
{
  int status;

  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, SIGKILL);
}

/* How long after its start a writer may be killed: about two of a forked
 * writer's writes, timed by letting one run, so that the kills land in
 * its first writes however slowly this machine, or Valgrind, runs them.
 * (Later on, more of them would land between a rename and the next
 * write.)  Leaves the first game in @path. */
static gint32
kill_delay_range_us (WriterKind  kind,
                     const char *dir,
                     const char *path)
{
  gint64 window_us = 100 * 1000;
  gint64 per_write_us = G_USEC_PER_SEC;
  guint n_steps = 0;

  while (window_us <= 10 * G_USEC_PER_SEC)
    {
      pid_t pid;

      g_assert_true (write_step (kind, path, 0, NULL));
      pid = start_writer (kind, path);
      g_usleep ((gulong) window_us);
      kill_writer (pid);
      n_steps = read_step (kind, path);
      remove_others (dir, "game.ggf");
      if (n_steps >= 4)
        {
          per_write_us = window_us / n_steps;
          break;
        }
      window_us *= 4;
    }
  g_assert_true (write_step (kind, path, 0, NULL));
  g_test_message ("a writer wrote %u games in %" G_GINT64_FORMAT " ms",
                  n_steps, window_us / 1000);
  return (gint32) CLAMP (2 * per_write_us, MIN_KILL_DELAY_RANGE_US, G_USEC_PER_SEC);
}

static void
kill_writers (gconstpointer data)
{
  WriterKind kind = GPOINTER_TO_INT (data);
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "game.ggf", NULL);
  g_autoptr(GRand) rand = g_rand_new ();
  g_autoptr(GHashTable) steps_seen = g_hash_table_new (NULL, NULL);
  guint n_mid_write = 0;
  /* What the first writer finds, written while timing the writes. */
  gint32 delay_range_us = kill_delay_range_us (kind, dir, path);

  for (guint round = 0; round < N_KILLS; round++)
    {
      pid_t pid = start_writer (kind, path);

      g_usleep ((gulong) g_rand_int_range (rand, 0, delay_range_us));
      kill_writer (pid);

      /* A file left beside it means the kill came in a write. */
      n_mid_write += count_others (dir, "game.ggf");
      g_hash_table_add (steps_seen, GUINT_TO_POINTER (read_step (kind, path)));
      /* The autosave's reader cleans up what a killed writer left; a
       * save's half-written file is GIO's, and the test's to remove. */
      remove_others (dir, "game.ggf");

      /* The machine got slower than when the writes were timed (other
       * jobs beside the tests): the kills no longer reach past the
       * first write, so they may come later. */
      if (round % 100 == 99 && g_hash_table_size (steps_seen) <= 2)
        delay_range_us = MIN (2 * delay_range_us, (gint32) G_USEC_PER_SEC);
    }

  g_test_message ("%u kills, %u in the middle of a write, %u different games found",
                  N_KILLS, n_mid_write, g_hash_table_size (steps_seen));
  printf ("# %s: %u SIGKILLs, %u in the middle of a write; the file was whole every time\n",
          kind == WRITER_AUTOSAVE ? "autosave" : "save", N_KILLS, n_mid_write);
  /* Kills that all came before the first write, or between writes,
   * would prove nothing. */
  g_assert_cmpuint (g_hash_table_size (steps_seen), >, 2);
  g_assert_cmpuint (n_mid_write, >, N_KILLS / 20);

  remove_others (dir, NULL);
  g_assert_no_errno (g_rmdir (dir));
}

static goffset
file_size (const char *path)
{
  GStatBuf buf;

  g_assert_no_errno (g_stat (path, &buf));
  return buf.st_size;
}

/* As a full disk does: no file grows past @size bytes. */
static void
limit_file_size (goffset        size,
                 struct rlimit *saved)
{
  struct rlimit limit;

  g_assert_no_errno (getrlimit (RLIMIT_FSIZE, saved));
  limit = *saved;
  limit.rlim_cur = size;
  g_assert_no_errno (setrlimit (RLIMIT_FSIZE, &limit));
}

static void
test_full_disk (gconstpointer data)
{
  WriterKind kind = GPOINTER_TO_INT (data);
  g_autofree char *dir = make_temp_dir ();
  g_autofree char *path = g_build_filename (dir, "game.ggf", NULL);
  g_autoptr(GError) error = NULL;
  struct rlimit saved;
  goffset short_size, long_size;

  /* Past the limit a write fails with EFBIG instead of killing us. */
  signal (SIGXFSZ, SIG_IGN);

  /* Room for a short game but not for a long one. */
  g_assert_true (write_step (kind, path, 60, NULL));
  long_size = file_size (path);
  g_assert_true (write_step (kind, path, 3, NULL));
  short_size = file_size (path);
  g_assert_cmpint (short_size, <, long_size);
  limit_file_size ((short_size + long_size) / 2, &saved);
  g_assert_true (write_step (kind, path, 3, NULL));
  g_assert_false (write_step (kind, path, 60, &error));
  g_assert_no_errno (setrlimit (RLIMIT_FSIZE, &saved));

  g_assert_nonnull (error);
  g_test_message ("refused: %s", error->message);
  g_assert_cmpuint (strlen (error->message), >, 10);
  g_assert_nonnull (strstr (error->message, g_strerror (EFBIG)));

  /* The old game, whole, and nothing left beside it. */
  g_assert_cmpuint (read_step (kind, path), ==, 3);
  g_assert_cmpuint (remove_others (dir, "game.ggf"), ==, 0);

  /* With room again, everything works as before. */
  g_assert_true (write_step (kind, path, 60, NULL));
  g_assert_cmpuint (read_step (kind, path), ==, 60);

  remove_others (dir, NULL);
  g_assert_no_errno (g_rmdir (dir));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_data_func ("/crash-safety/sigkill/autosave", GINT_TO_POINTER (WRITER_AUTOSAVE),
                        kill_writers);
  g_test_add_data_func ("/crash-safety/sigkill/save", GINT_TO_POINTER (WRITER_SAVE),
                        kill_writers);
  g_test_add_data_func ("/crash-safety/full-disk/autosave", GINT_TO_POINTER (WRITER_AUTOSAVE),
                        test_full_disk);
  g_test_add_data_func ("/crash-safety/full-disk/save", GINT_TO_POINTER (WRITER_SAVE),
                        test_full_disk);

  return g_test_run ();
}
