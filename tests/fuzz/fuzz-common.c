/* fuzz-common.c
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

#define _GNU_SOURCE 1

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-common.h"

/* clang's AddressSanitizer, as the fuzz targets are built with (GCC's
 * has no hooks' header). */
#if defined(__has_feature) && defined(__has_include)
# if __has_feature(address_sanitizer) && __has_include(<sanitizer/allocator_interface.h>)
#  define MM_FUZZ_HAVE_ASAN 1
# endif
#endif

#ifdef MM_FUZZ_HAVE_ASAN
#include <dlfcn.h>
#include <execinfo.h>
#include <fcntl.h>
#include <unistd.h>
#include <sanitizer/allocator_interface.h>

/* A leak report whose stack ends inside a library built without frame
 * pointers (GLib's) names no caller, and unwinding every allocation
 * the slow way runs the fuzzer ten times slower.  With
 * MM_FUZZ_TRACE_SIZE=N and MM_FUZZ_TRACE_FILE=PATH, each block of N
 * bytes that g_malloc0() allocates has its whole stack written to PATH
 * (unwound from the tables, as backtrace() does), at the cost of a hook
 * on every allocation; LSAN_OPTIONS=report_objects=1 then prints the
 * leaked blocks' addresses to look up in it.  A diagnostic, off unless
 * asked for. */
static size_t trace_size;
static int trace_fd = -1;

static gboolean
called_from_g_malloc0 (void *const *frames,
                       int          n_frames)
{
  /* The hook, the allocator's frames, the interceptor, then its caller. */
  for (int i = 0; i < n_frames && i < 12; i++)
    {
      Dl_info info;

      if (dladdr (frames[i], &info) != 0 && info.dli_sname != NULL
          && strcmp (info.dli_sname, "g_malloc0") == 0)
        return TRUE;
    }
  return FALSE;
}

static void
trace_malloc (const volatile void *block,
              size_t               size)
{
  void *frames[48];
  char head[64];
  int n_frames, length;

  if (size != trace_size)
    return;
  n_frames = backtrace (frames, G_N_ELEMENTS (frames));
  if (!called_from_g_malloc0 (frames, n_frames))
    return;
  length = snprintf (head, sizeof head, "block %p\n", (void *) block);
  if (write (trace_fd, head, length) == length)
    backtrace_symbols_fd (frames, n_frames, trace_fd);
}

static void
trace_free (const volatile void *block)
{
}

static void
start_tracing (void)
{
  const char *size = g_getenv ("MM_FUZZ_TRACE_SIZE");
  const char *path = g_getenv ("MM_FUZZ_TRACE_FILE");
  void *frames[4];

  if (size == NULL || path == NULL)
    return;
  trace_size = strtoul (size, NULL, 10);
  trace_fd = open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (trace_size == 0 || trace_fd < 0)
    mm_fuzz_fail ("MM_FUZZ_TRACE_SIZE=%s MM_FUZZ_TRACE_FILE=%s: no tracing", size, path);
  /* The unwinder loads its library now, not inside the hook. */
  backtrace (frames, G_N_ELEMENTS (frames));
  if (__sanitizer_install_malloc_and_free_hooks (trace_malloc, trace_free) == 0)
    mm_fuzz_fail ("the allocator took no more hooks");
}
#else
static void
start_tracing (void)
{
}
#endif

/* A GLib warning or critical is a bug: abort (which libFuzzer catches
 * and keeps the input of) rather than trap (which it does not). */
static GLogWriterOutput
abort_on_warnings (GLogLevelFlags   log_level,
                   const GLogField *fields,
                   gsize            n_fields,
                   gpointer         user_data)
{
  g_log_writer_standard_streams (log_level, fields, n_fields, user_data);
  if (log_level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING))
    abort ();
  return G_LOG_WRITER_HANDLED;
}

int
LLVMFuzzerInitialize (int    *argc,
                      char ***argv)
{
  g_log_set_writer_func (abort_on_warnings, NULL, NULL);
  start_tracing ();
  return 0;
}

/* Says what went wrong and aborts, so that libFuzzer keeps the input. */
void
mm_fuzz_fail (const char *format,
              ...)
{
  va_list args;

  va_start (args, format);
  vfprintf (stderr, format, args);
  va_end (args);
  fputc ('\n', stderr);
  abort ();
}
