/* mm-nboard-process.h
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

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Everything on the way of an engine's answer (reading it, the time
 * limit, the minimum delay, the callback) runs at the priority of the
 * window's input, above its drawing: a window that redraws without end
 * (a spinner under software GL) never lets the main loop go idle, and
 * would starve anything below.  An engine that floods is cut off long
 * before the window's input suffers (see mm-nboard-process.c). */
#define MM_NBOARD_ANSWER_PRIORITY G_PRIORITY_DEFAULT

/* An NBoard engine's process, for MmNboardPlayer: started from a
 * command line in its working directory with pipes for its standard
 * input, output and error, all spoken to asynchronously in the main
 * context.  It is sent lines and hands out the lines of its output one
 * at a time (#MmNboardProcess::line); what it says on stderr is logged
 * and its last lines kept for the message when it stops.  Once it has
 * exited, closed its pipes or sent more than any NBoard engine does,
 * it is killed and #MmNboardProcess::failed says why, once.
 *
 * What it means is not its business: that is mm-nboard-protocol.c's and
 * MmNboardPlayer's.  Its errors are in %MM_NBOARD_ERROR. */

#define MM_TYPE_NBOARD_PROCESS (mm_nboard_process_get_type ())

G_DECLARE_FINAL_TYPE (MmNboardProcess, mm_nboard_process, MM, NBOARD_PROCESS, GObject)

MmNboardProcess *mm_nboard_process_new                   (const char      *command_line,
                                                          const char      *working_directory,
                                                          GError         **error);

const char      *mm_nboard_process_get_program           (MmNboardProcess *self);
const char      *mm_nboard_process_get_working_directory (MmNboardProcess *self);

void             mm_nboard_process_send                  (MmNboardProcess *self,
                                                          const char      *line);
gboolean         mm_nboard_process_is_stuck              (MmNboardProcess *self);
void             mm_nboard_process_reset_chatter         (MmNboardProcess *self);
void             mm_nboard_process_close                 (MmNboardProcess *self);

G_END_DECLS
