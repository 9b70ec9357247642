/* mm-match-player.h
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

#include "mm-ai-level.h"
#include "mm-ai-weights.h"
#include "mm-board.h"

G_BEGIN_DECLS

/* A contestant of the match tool: a Monomachia level, a fixed-depth
 * search, an engine that speaks GTP (the Go Text Protocol, which GRhino's
 * gtp-rhino speaks for Othello), an engine that speaks NBoard (another
 * build of ours), or Zebra, run once a move. */
typedef struct _MmMatchPlayer MmMatchPlayer;

typedef struct
{
  MmAiWeights *weights;          /* the evaluation of our own searches */
  guint32      seed;             /* the chance of the weak levels */
  int          n_threads;        /* threads of our own searches */
  const char  *zebra_dir;        /* nullable: $MONOMACHIA_ZEBRA, else ../shared/engines/zebra */
  double       engine_timeout;   /* seconds a Zebra process may run before it is killed */
} MmMatchPlayerOptions;

MmMatchPlayer *mm_match_player_new        (const char                  *spec,
                                           const MmMatchPlayerOptions  *options,
                                           GError                     **error);
void           mm_match_player_free       (MmMatchPlayer  *self);
const char    *mm_match_player_get_name   (MmMatchPlayer  *self);
double         mm_match_player_get_startup_seconds (MmMatchPlayer *self);

gboolean       mm_match_player_new_game   (MmMatchPlayer  *self,
                                           GError        **error);
gboolean       mm_match_player_played     (MmMatchPlayer  *self,
                                           MmColor         color,
                                           int             square,
                                           GError        **error);
gboolean       mm_match_player_genmove    (MmMatchPlayer  *self,
                                           const MmBoard  *board,
                                           MmColor         color,
                                           int            *square,
                                           double         *seconds,
                                           GError        **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (MmMatchPlayer, mm_match_player_free)

G_END_DECLS
