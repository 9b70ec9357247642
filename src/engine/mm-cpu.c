/* mm-cpu.c
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

#include "mm-cpu.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
# include <cpuid.h>
#endif

static MmCpuLevel
detect_level (void)
{
#if defined(__x86_64__) && defined(MM_HAVE_X86_64_V3_KERNELS)
  __builtin_cpu_init ();
  if (__builtin_cpu_supports ("avx2") && __builtin_cpu_supports ("bmi")
      && __builtin_cpu_supports ("bmi2") && __builtin_cpu_supports ("popcnt")
      && __builtin_cpu_supports ("fma"))
    return MM_CPU_X86_64_V3;
#endif
  return MM_CPU_GENERIC;
}

/* MM_CPU=generic forces the portable kernels, to compare and to test them
 * on a machine that has AVX2. */
MmCpuLevel
mm_cpu_level (void)
{
  const char *forced = getenv ("MM_CPU");

  if (forced != NULL && strcmp (forced, "generic") == 0)
    return MM_CPU_GENERIC;

  return detect_level ();
}

const char *
mm_cpu_level_name (MmCpuLevel level)
{
  switch (level)
    {
    case MM_CPU_X86_64_V3:
      return "x86-64-v3 (AVX2)";
    case MM_CPU_GENERIC:
    default:
      return "x86-64 (generic)";
    }
}

/* Whether PEXT is a fast instruction here.  AMD's processors before Zen 3
 * (family 19h) run it in microcode, dozens of times slower than the
 * shifts it replaces, though they have the rest of x86-64-v3. */
bool
mm_cpu_has_fast_bit_extract (void)
{
#if defined(__x86_64__)
  unsigned int eax, ebx, ecx, edx, family;

  if (mm_cpu_level () != MM_CPU_X86_64_V3 || !__get_cpuid (0, &eax, &ebx, &ecx, &edx))
    return false;
  /* "AuthenticAMD" in EBX, EDX, ECX. */
  if (ebx != 0x68747541 || edx != 0x69746e65 || ecx != 0x444d4163)
    return true;
  if (!__get_cpuid (1, &eax, &ebx, &ecx, &edx))
    return false;
  family = (eax >> 8) & 0xF;
  if (family == 0xF)
    family += (eax >> 20) & 0xFF;
  return family >= 0x19;
#else
  return false;
#endif
}
