/* fuzz-weights.c
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

/* A libFuzzer target for the loader of evaluation weights (a file a
 * person may swap, or find damaged): any bytes load or give an error
 * with a message; weights loaded write out as a file that loads again
 * and writes the same. */

#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz-common.h"
#include "mm-eval.h"

static uint8_t *
serialize (const MmEvalWeights *weights,
           size_t              *length)
{
  uint8_t *out;

  *length = mm_eval_weights_serialize (weights, NULL, 0);
  if (*length == 0)
    mm_fuzz_fail ("weights that cannot be written");
  out = g_malloc (*length);
  if (mm_eval_weights_serialize (weights, out, *length) != *length)
    mm_fuzz_fail ("weights written at another size");
  return out;
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  MmEvalError error = MM_EVAL_OK;
  MmEvalWeights *weights = mm_eval_weights_from_data (data, size, &error);
  MmEvalWeights *again;
  g_autofree uint8_t *first = NULL;
  g_autofree uint8_t *second = NULL;
  size_t first_length, second_length;

  if (weights == NULL)
    {
      const char *message = mm_eval_error_message (error);

      if (error == MM_EVAL_OK || message == NULL || *message == '\0')
        mm_fuzz_fail ("no weights, and no error that says why (%d)", error);
      return 0;
    }

  first = serialize (weights, &first_length);
  again = mm_eval_weights_from_data (first, first_length, &error);
  if (again == NULL)
    mm_fuzz_fail ("weights written that do not load: %s", mm_eval_error_message (error));
  second = serialize (again, &second_length);
  if (first_length != second_length || memcmp (first, second, first_length) != 0)
    mm_fuzz_fail ("weights that load as other weights");
  mm_eval_weights_free (again);
  mm_eval_weights_free (weights);
  return 0;
}
