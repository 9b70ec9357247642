/* mm-test-nboard.h
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

#include "mm-game-record.h"
#include "mm-nboard-player.h"
#include "mm-player.h"

G_BEGIN_DECLS

/* What test-nboard-player and test-nboard-player-failures share: a
 * folder for the fake engines (shell scripts) they write, requests made
 * and waited for in the main loop with a limit, so that a test fails
 * rather than hang, and the answers kept for the test to look at. */

/* Every wait in the main loop gives up after this long. */
#define MM_TEST_NBOARD_WAIT_LIMIT_S 60

/* A timeout short enough for the tests, long enough for a loaded machine
 * to start a shell. */
#define MM_TEST_NBOARD_SHORT_TIMEOUT_MS 1500

typedef struct
{
  guint     calls;
  gboolean  found;
  MmAiMove  move;
  GError   *error;
} MmTestNboardAnswer;

void             mm_test_nboard_init                   (int                 *argc,
                                                        char              ***argv);
int              mm_test_nboard_run                    (void);
const char      *mm_test_nboard_scripts_dir            (void);

void             mm_test_nboard_answer_clear           (MmTestNboardAnswer  *answer);
gboolean         mm_test_nboard_time_is_up             (gpointer             user_data);
void             mm_test_nboard_wait_for               (MmTestNboardAnswer  *answer);
void             mm_test_nboard_wait_ms                (guint                milliseconds);

void             mm_test_nboard_ask                    (MmNboardPlayer      *player,
                                                        MmGameRecord        *record,
                                                        GCancellable        *cancellable,
                                                        MmTestNboardAnswer  *answer);
MmAiMove         mm_test_nboard_choose                 (MmNboardPlayer      *player,
                                                        MmGameRecord        *record);
void             mm_test_nboard_checked                (GObject             *source,
                                                        GAsyncResult        *result,
                                                        gpointer             user_data);
GError          *mm_test_nboard_check                  (MmNboardPlayer      *player);
void             mm_test_nboard_seat_ask               (MmPlayer            *seat,
                                                        MmGameRecord        *record,
                                                        GCancellable        *cancellable,
                                                        MmTestNboardAnswer  *answer);

MmGameRecord    *mm_test_nboard_record_from_transcript (const char          *moves);

char            *mm_test_nboard_write_script           (const char          *name,
                                                        const char          *body);
MmNboardPlayer  *mm_test_nboard_script_player          (const char          *name,
                                                        const char          *body);

G_END_DECLS
