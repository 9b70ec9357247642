/* mm-kernels.h
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

#include <stdint.h>

/* Entry points of the code built once per instruction set (see mm-cpu.h).
 * Each kernel file is compiled with -DMM_KERNEL_SUFFIX=<level>. */

#define MM_KERNEL_CONCAT2(name, suffix) name##_##suffix
#define MM_KERNEL_CONCAT(name, suffix) MM_KERNEL_CONCAT2 (name, suffix)
#define MM_KERNEL(name) MM_KERNEL_CONCAT (name, MM_KERNEL_SUFFIX)

uint64_t mm_perft_kernel_generic    (uint64_t player,
                                     uint64_t opponent,
                                     int      depth);
uint64_t mm_perft_kernel_x86_64_v3  (uint64_t player,
                                     uint64_t opponent,
                                     int      depth);

typedef struct _MmSearch MmSearch;

int      mm_endgame_kernel_generic   (MmSearch *search,
                                      uint64_t  player,
                                      uint64_t  opponent,
                                      int       alpha,
                                      int       beta,
                                      int      *best_move);
int      mm_endgame_kernel_x86_64_v3 (MmSearch *search,
                                      uint64_t  player,
                                      uint64_t  opponent,
                                      int       alpha,
                                      int       beta,
                                      int      *best_move);

int      mm_midgame_kernel_generic   (MmSearch *search,
                                      uint64_t  player,
                                      uint64_t  opponent,
                                      int       depth,
                                      int       alpha,
                                      int       beta,
                                      int      *best_move);
int      mm_midgame_kernel_x86_64_v3 (MmSearch *search,
                                      uint64_t  player,
                                      uint64_t  opponent,
                                      int       depth,
                                      int       alpha,
                                      int       beta,
                                      int      *best_move);

typedef struct _MmEvalWeights MmEvalWeights;

int      mm_eval_kernel_generic      (const MmEvalWeights *weights,
                                      uint64_t             player,
                                      uint64_t             opponent);
int      mm_eval_kernel_x86_64_v3    (const MmEvalWeights *weights,
                                      uint64_t             player,
                                      uint64_t             opponent);
