/* mm-search.c
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

#include "mm-search.h"

#include <stdlib.h>

#include "mm-cpu.h"
#include "mm-kernels.h"
#include "mm-search-private.h"

MmSearch *
mm_search_new (size_t hash_bytes)
{
  MmSearch *search = calloc (1, sizeof (MmSearch));

  if (search == NULL)
    return NULL;
  if (!mm_hash_table_init (&search->hash, hash_bytes))
    {
      free (search);
      return NULL;
    }
  atomic_init (&search->stop, 0);
  return search;
}

void
mm_search_free (MmSearch *search)
{
  if (search == NULL)
    return;
  mm_hash_table_free (&search->hash);
  free (search);
}

void
mm_search_stop (MmSearch *search)
{
  atomic_store (&search->stop, 1);
}

void
mm_search_clear (MmSearch *search)
{
  mm_hash_table_clear (&search->hash);
}

int
mm_board_final_score (const MmBoard *board)
{
  int p = mm_board_player_count (board);
  int o = mm_board_opponent_count (board);
  int empties = 64 - p - o;

  if (p == o)
    return 0;
  return p > o ? p - o + empties : p - o - empties;
}

/* Solves @board exactly.  Returns false when the search was stopped before
 * it finished. */
bool
mm_endgame_solve (MmSearch      *search,
                  const MmBoard *board,
                  MmSolveResult *result)
{
  int best_move = MM_SQUARE_NONE;
  int score;

  atomic_store (&search->stop, 0);
  search->nodes = 0;
  mm_hash_table_new_search (&search->hash);

#ifdef MM_HAVE_X86_64_V3_KERNELS
  if (mm_cpu_level () == MM_CPU_X86_64_V3)
    score = mm_endgame_kernel_x86_64_v3 (search, board->player, board->opponent, &best_move);
  else
#endif
    score = mm_endgame_kernel_generic (search, board->player, board->opponent, &best_move);

  result->score = score;
  result->best_move = best_move;
  result->nodes = search->nodes;
  result->stopped = atomic_load (&search->stop) != 0;
  return !result->stopped;
}
