/* mm-train-fit.c
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

/* Fitting the weights of each stage: ridge regression.
 *
 * The evaluation of a position is a sum of weights, one per feature (46
 * pattern placements, the two mobilities and a constant), so with the
 * positions as rows of a 0/1 matrix X and their labels y, the weights w of
 * a stage minimise |Xw - y|^2 + lambda |w|^2.  They solve the normal
 * equations (X'X + lambda I) w = X'y, which conjugate gradient does
 * without ever forming X'X: each step is one pass over the positions,
 * gathering weights and scattering residuals.  The diagonal of X'X (how
 * often each weight is used) preconditions it, which matters because the
 * counts run from millions (an empty edge) to one.
 *
 * Symmetry.  The feature set already holds every placement of a pattern
 * that a symmetry of the board produces, so all eight symmetric copies of
 * a position have the same features, except that a pattern which a
 * symmetry maps onto itself (an edge under the mirror, a 3x3 corner under
 * the diagonal flip) is read in the mirrored order.  Training on the eight
 * copies is therefore exactly the same as tying each pattern contents to
 * its mirror image, which is what this does: one weight per pair, written
 * to both places, at an eighth of the work.  The trained evaluation is
 * exactly symmetric.
 *
 * Weights used fewer than min_count times stay zero: a weight fitted to
 * one or two positions learns their noise.
 *
 * Determinism: each stage is fitted by one thread, its sums run in a
 * fixed order in double precision, and nothing else is shared, so the
 * result does not depend on the number of threads. */

#include "mm-train-fit.h"

#include <math.h>
#include <string.h>

#define N_SYMMETRIES 8

void
mm_train_fit_options_init (MmTrainFitOptions *options)
{
  options->lambda = 2.0;
  options->min_count = 3;
  options->max_iterations = 300;
  options->tolerance = 1e-4;
  options->spread = 2;
  options->outcome_weight = 0.0;
  options->validation_every = 10;
  options->n_threads = 2;
  options->verbose = FALSE;
}

/* The eight symmetries of the board as maps of (column, row). */
static int
symmetric_square (int square,
                  int symmetry)
{
  int c = mm_square_column (square), r = mm_square_row (square);
  int column = symmetry & 1 ? 7 - c : c;
  int row = symmetry & 2 ? 7 - r : r;

  return symmetry & 4 ? mm_square_at (row, column) : mm_square_at (column, row);
}

static guint64
feature_mask (const MmEvalFeature *feature)
{
  guint64 mask = 0;

  for (int i = 0; i < feature->n_squares; i++)
    mask |= G_GUINT64_CONSTANT (1) << feature->squares[i];
  return mask;
}

/* The symmetries that map the squares of @feature onto themselves, each
 * as a permutation: square i goes to the place of square maps[m][i]. */
static int
feature_self_maps (const MmEvalFeature *feature,
                   int                  maps[N_SYMMETRIES][MM_EVAL_MAX_SQUARES])
{
  guint64 mask = feature_mask (feature);
  int n_maps = 0;

  for (int symmetry = 0; symmetry < N_SYMMETRIES; symmetry++)
    {
      MmEvalFeature image = *feature;

      for (int i = 0; i < feature->n_squares; i++)
        image.squares[i] = symmetric_square (feature->squares[i], symmetry);
      if (feature_mask (&image) != mask)
        continue;
      for (int i = 0; i < feature->n_squares; i++)
        for (int j = 0; j < feature->n_squares; j++)
          if (feature->squares[j] == image.squares[i])
            maps[n_maps][i] = j;
      n_maps++;
    }
  return n_maps;
}

/* The index of the contents of a pattern after its squares are permuted
 * by @map; the first square is the most significant base-3 digit. */
static guint32
permute_index (guint32    index,
               int        n_squares,
               const int *map)
{
  int digits[MM_EVAL_MAX_SQUARES], permuted[MM_EVAL_MAX_SQUARES];
  guint32 result = 0;

  for (int i = n_squares - 1; i >= 0; i--)
    {
      digits[i] = (int) (index % 3);
      index /= 3;
    }
  for (int i = 0; i < n_squares; i++)
    permuted[map[i]] = digits[i];
  for (int i = 0; i < n_squares; i++)
    result = result * 3 + (guint32) permuted[i];
  return result;
}

guint32 *
mm_train_canonical_map (void)
{
  const MmEvalFeature *features = mm_eval_features ();
  gsize size = mm_eval_stage_size ();
  guint32 *canonical = g_new (guint32, size);

  for (gsize k = 0; k < size; k++)
    canonical[k] = (guint32) k;

  for (int p = 0; p < MM_EVAL_N_PATTERNS; p++)
    {
      int maps[N_SYMMETRIES][MM_EVAL_MAX_SQUARES];
      const MmEvalFeature *feature = features;
      guint32 offset = (guint32) mm_eval_pattern_offset (p);
      int n_maps;

      while (feature->pattern != p)
        feature++;
      n_maps = feature_self_maps (feature, maps);
      for (guint32 index = 0; index < (guint32) mm_eval_patterns[p].size; index++)
        {
          guint32 smallest = index;

          for (int m = 0; m < n_maps; m++)
            smallest = MIN (smallest, permute_index (index, feature->n_squares, maps[m]));
          canonical[offset + index] = offset + smallest;
        }
    }
  return canonical;
}

/* The features of one training position, pattern contents already mapped
 * to their shared weight (an index within the pattern: all fit in 16 bits). */
typedef struct
{
  guint16 index[MM_EVAL_N_FEATURES];
  guint8  mobility[2];
} Row;

typedef struct
{
  const MmTrainSampleSet  *set;
  const MmTrainFitOptions *options;
  const guint32           *canonical;
  guint32                  feature_offset[MM_EVAL_N_FEATURES];
  gsize                    stage_size;
  MmEvalWeights           *weights;
  MmTrainFitStats         *stats;
  gint                     next_stage;     /* atomic */
} FitJob;

/* Everything one stage's fit needs: its positions and the vectors of
 * conjugate gradient, one double per weight. */
typedef struct
{
  const FitJob *job;
  Row          *rows;
  double       *labels;
  gsize         n_rows;
  double       *count;
  gboolean     *active;
  guint32      *active_list;
  gsize         n_active;
  double       *x, *r, *z, *p, *q;
} StageFit;

static int
clamp_mobility (guint64 moves)
{
  return MIN (mm_popcount (moves), MM_EVAL_MOBILITY_SIZE - 1);
}

static void
fill_row (const FitJob        *job,
          const MmTrainSample *sample,
          Row                 *row)
{
  guint32 indices[MM_EVAL_N_FEATURES];

  mm_eval_feature_indices (sample->player, sample->opponent, indices);
  for (int f = 0; f < MM_EVAL_N_FEATURES; f++)
    {
      guint32 offset = job->feature_offset[f];

      row->index[f] = (guint16) (job->canonical[offset + indices[f]] - offset);
    }
  row->mobility[0] = (guint8) clamp_mobility (mm_moves_of (sample->player, sample->opponent));
  row->mobility[1] = (guint8) clamp_mobility (mm_moves_of (sample->opponent, sample->player));
}

/* Whether @sample teaches @stage: its disc count lies in the stage or
 * within the spread around it. */
static gboolean
sample_in_stage_window (const MmTrainSample *sample,
                        int                  stage,
                        int                  spread)
{
  int discs = 64 - sample->empties;
  int low = 4 + MM_EVAL_STAGE_DISCS * stage;
  int high = stage == MM_EVAL_N_STAGES - 1 ? 64 : low + MM_EVAL_STAGE_DISCS - 1;

  return discs >= low - spread && discs <= high + spread;
}

static void
collect_rows (StageFit *fit,
              int       stage)
{
  const FitJob *job = fit->job;
  const MmTrainSampleSet *set = job->set;
  gsize n = 0, capacity = 1024;

  fit->rows = g_new (Row, capacity);
  fit->labels = g_new (double, capacity);
  for (gsize i = 0; i < set->n_samples; i++)
    {
      const MmTrainSample *sample = &set->samples[i];

      if (mm_train_sample_is_validation (sample, job->options->validation_every)
          || !sample_in_stage_window (sample, stage, job->options->spread))
        continue;
      if (n == capacity)
        {
          capacity *= 2;
          fit->rows = g_renew (Row, fit->rows, capacity);
          fit->labels = g_renew (double, fit->labels, capacity);
        }
      fill_row (job, sample, &fit->rows[n]);
      fit->labels[n] = (1.0 - job->options->outcome_weight) * sample->label
                       + job->options->outcome_weight * sample->outcome;
      n++;
    }
  fit->n_rows = n;
}

/* The sum of the weights @v of a row's features. */
static inline double
row_dot (const FitJob *job,
         const Row    *row,
         const double *v)
{
  gsize mobility = mm_eval_mobility_offset ();
  double sum = v[mm_eval_bias_offset ()];

  for (int f = 0; f < MM_EVAL_N_FEATURES; f++)
    sum += v[job->feature_offset[f] + row->index[f]];
  sum += v[mobility + row->mobility[0]];
  sum += v[mobility + MM_EVAL_MOBILITY_SIZE + row->mobility[1]];
  return sum;
}

static inline void
row_add (const FitJob *job,
         const Row    *row,
         double        value,
         double       *out)
{
  gsize mobility = mm_eval_mobility_offset ();

  out[mm_eval_bias_offset ()] += value;
  for (int f = 0; f < MM_EVAL_N_FEATURES; f++)
    out[job->feature_offset[f] + row->index[f]] += value;
  out[mobility + row->mobility[0]] += value;
  out[mobility + MM_EVAL_MOBILITY_SIZE + row->mobility[1]] += value;
}

/* How often each weight is used, and the list of those used often enough
 * to be fitted; the vector operations below run over that list only, as
 * most contents of the large patterns never occur. */
static void
count_uses (StageFit *fit)
{
  const FitJob *job = fit->job;

  fit->count = g_new0 (double, job->stage_size);
  fit->active = g_new0 (gboolean, job->stage_size);
  fit->active_list = g_new (guint32, job->stage_size);
  fit->n_active = 0;
  for (gsize i = 0; i < fit->n_rows; i++)
    row_add (job, &fit->rows[i], 1.0, fit->count);
  for (gsize k = 0; k < job->stage_size; k++)
    {
      fit->active[k] = fit->count[k] > 0 && fit->count[k] >= job->options->min_count;
      if (fit->active[k])
        fit->active_list[fit->n_active++] = (guint32) k;
    }
}

/* out = (X'X + lambda I) v on the active weights; @v must be zero on the
 * others, and out is only meaningful on the active ones. */
static void
apply_normal_matrix (StageFit     *fit,
                     const double *v,
                     double       *out)
{
  const FitJob *job = fit->job;

  memset (out, 0, job->stage_size * sizeof (double));
  for (gsize i = 0; i < fit->n_rows; i++)
    row_add (job, &fit->rows[i], row_dot (job, &fit->rows[i], v), out);
  for (gsize a = 0; a < fit->n_active; a++)
    {
      guint32 k = fit->active_list[a];

      out[k] += job->options->lambda * v[k];
    }
}

static double
active_dot (const StageFit *fit,
            const double   *u,
            const double   *v)
{
  double sum = 0.0;

  for (gsize a = 0; a < fit->n_active; a++)
    {
      guint32 k = fit->active_list[a];

      sum += u[k] * v[k];
    }
  return sum;
}

static void
precondition (const StageFit *fit,
              const double   *r,
              double         *z)
{
  for (gsize a = 0; a < fit->n_active; a++)
    {
      guint32 k = fit->active_list[a];

      z[k] = r[k] / (fit->count[k] + fit->job->options->lambda);
    }
}

/* Preconditioned conjugate gradient from w = 0; returns the iterations.
 * The vectors are zero and stay zero off the active weights. */
static int
solve_normal_equations (StageFit *fit)
{
  const FitJob *job = fit->job;
  double rz, first_norm;
  int iteration;

  for (gsize i = 0; i < fit->n_rows; i++)
    row_add (job, &fit->rows[i], fit->labels[i], fit->q);
  for (gsize a = 0; a < fit->n_active; a++)
    {
      guint32 k = fit->active_list[a];

      fit->r[k] = fit->q[k];
    }
  precondition (fit, fit->r, fit->z);
  for (gsize a = 0; a < fit->n_active; a++)
    {
      guint32 k = fit->active_list[a];

      fit->p[k] = fit->z[k];
    }
  rz = active_dot (fit, fit->r, fit->z);
  first_norm = sqrt (active_dot (fit, fit->r, fit->r));

  for (iteration = 0; iteration < job->options->max_iterations; iteration++)
    {
      double alpha, beta, next_rz;

      if (first_norm == 0.0)
        break;
      apply_normal_matrix (fit, fit->p, fit->q);
      alpha = rz / active_dot (fit, fit->p, fit->q);
      for (gsize a = 0; a < fit->n_active; a++)
        {
          guint32 k = fit->active_list[a];

          fit->x[k] += alpha * fit->p[k];
          fit->r[k] -= alpha * fit->q[k];
        }
      if (sqrt (active_dot (fit, fit->r, fit->r)) < job->options->tolerance * first_norm)
        {
          iteration++;
          break;
        }
      precondition (fit, fit->r, fit->z);
      next_rz = active_dot (fit, fit->r, fit->z);
      beta = next_rz / rz;
      rz = next_rz;
      for (gsize a = 0; a < fit->n_active; a++)
        {
          guint32 k = fit->active_list[a];

          fit->p[k] = fit->z[k] + beta * fit->p[k];
        }
    }
  return iteration;
}

static double
train_error (const StageFit *fit)
{
  double sum = 0.0;

  for (gsize i = 0; i < fit->n_rows; i++)
    sum += fabs (row_dot (fit->job, &fit->rows[i], fit->x) - fit->labels[i]);
  return fit->n_rows > 0 ? sum / (double) fit->n_rows : 0.0;
}

/* Rounds the fitted weights to 1/MM_EVAL_SCALE disc, every pattern
 * contents taking the weight it shares with its mirror image. */
static void
store_weights (const StageFit *fit,
               int             stage)
{
  const FitJob *job = fit->job;
  gint16 *out = mm_eval_weights_stage (job->weights, stage);

  for (gsize k = 0; k < job->stage_size; k++)
    {
      guint32 shared = job->canonical[k];
      double value = fit->active[shared] ? fit->x[shared] * MM_EVAL_SCALE : 0.0;

      out[k] = (gint16) CLAMP (lround (value), -G_MAXINT16, G_MAXINT16);
    }
}

static void
stage_fit_free (StageFit *fit)
{
  g_free (fit->rows);
  g_free (fit->labels);
  g_free (fit->count);
  g_free (fit->active);
  g_free (fit->active_list);
  g_free (fit->x);
  g_free (fit->r);
  g_free (fit->z);
  g_free (fit->p);
  g_free (fit->q);
}

static void
fit_stage (FitJob *job,
           int     stage)
{
  MmTrainStageStats *stats = &job->stats->stages[stage];
  double started = g_get_monotonic_time () / 1e6;
  gsize n = job->stage_size;
  StageFit fit = { job };

  collect_rows (&fit, stage);
  count_uses (&fit);
  fit.x = g_new0 (double, n);
  fit.r = g_new0 (double, n);
  fit.z = g_new0 (double, n);
  fit.p = g_new0 (double, n);
  fit.q = g_new0 (double, n);

  stats->iterations = solve_normal_equations (&fit);
  stats->n_samples = fit.n_rows;
  stats->n_active = fit.n_active;
  stats->train_mae = train_error (&fit);
  store_weights (&fit, stage);
  stats->seconds = g_get_monotonic_time () / 1e6 - started;

  if (job->options->verbose)
    g_printerr ("  stage %2d: %8" G_GSIZE_FORMAT " positions, %6" G_GSIZE_FORMAT
                " weights, %3d iterations, training error %.2f discs, %.1f s\n",
                stage, stats->n_samples, stats->n_active, stats->iterations,
                stats->train_mae, stats->seconds);
  stage_fit_free (&fit);
}

static gpointer
fit_worker_run (gpointer data)
{
  FitJob *job = data;
  gint stage;

  while ((stage = g_atomic_int_add (&job->next_stage, 1)) < MM_EVAL_N_STAGES)
    fit_stage (job, stage);
  return NULL;
}

MmEvalWeights *
mm_train_fit (const MmTrainSampleSet  *set,
              const MmTrainFitOptions *options,
              MmTrainFitStats         *stats)
{
  const MmEvalFeature *features = mm_eval_features ();
  int n_threads = CLAMP (options->n_threads, 1, MM_EVAL_N_STAGES);
  GThread **threads = g_new0 (GThread *, n_threads);
  double started = g_get_monotonic_time () / 1e6;
  FitJob job = { 0 };

  memset (stats, 0, sizeof *stats);
  job.set = set;
  job.options = options;
  job.canonical = mm_train_canonical_map ();
  job.stage_size = mm_eval_stage_size ();
  job.weights = mm_eval_weights_new_zero ();
  job.stats = stats;
  for (int f = 0; f < MM_EVAL_N_FEATURES; f++)
    job.feature_offset[f] = (guint32) mm_eval_pattern_offset (features[f].pattern);

  for (int t = 1; t < n_threads; t++)
    threads[t] = g_thread_new ("mm-train-fit", fit_worker_run, &job);
  fit_worker_run (&job);
  for (int t = 1; t < n_threads; t++)
    g_thread_join (threads[t]);

  stats->seconds = g_get_monotonic_time () / 1e6 - started;
  g_free (threads);
  g_free ((gpointer) job.canonical);
  return job.weights;
}
