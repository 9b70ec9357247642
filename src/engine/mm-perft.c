/* mm-perft.c
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

#include "mm-perft.h"

#include "mm-cpu.h"
#include "mm-kernels.h"

uint64_t
mm_perft (const MmBoard *board,
          int            depth)
{
  if (depth <= 0)
    return 1;

#ifdef MM_HAVE_X86_64_V3_KERNELS
  if (mm_cpu_level () == MM_CPU_X86_64_V3)
    return mm_perft_kernel_x86_64_v3 (board->player, board->opponent, depth);
#endif
  return mm_perft_kernel_generic (board->player, board->opponent, depth);
}
