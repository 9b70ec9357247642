/* mm-cpu.h
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

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The hot loops of the engine are compiled once for any x86-64 and once
 * for x86-64-v3 (AVX2, BMI, LZCNT, POPCNT); the best one the processor
 * runs is picked at run time, so a release build still runs anywhere. */
typedef enum
{
  MM_CPU_GENERIC = 0,
  MM_CPU_X86_64_V3 = 1,
} MmCpuLevel;

MmCpuLevel  mm_cpu_level                  (void);
const char *mm_cpu_level_name             (MmCpuLevel level);
bool        mm_cpu_has_fast_bit_extract   (void);

#ifdef __cplusplus
}
#endif
