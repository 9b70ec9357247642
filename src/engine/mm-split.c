/* mm-split.c
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

#include "mm-split.h"

#include "mm-search-private.h"

/* Every thread works for at most one split point at a time, its
 * context (MmSearch.split_context), which changes only under the team's
 * lock, as do the split points' shared fields.  A thread's abort flag
 * says that a split point in its context's chain has been cut: it is
 * set by the thread that cut it, and recomputed by the thread itself
 * whenever its context changes. */

bool
mm_split_team_init (MmSplitTeam *team)
{
  team->n_open = 0;
  team->n_threads = 0;
  team->quit = false;
  atomic_init (&team->n_idle, 0);
  if (pthread_mutex_init (&team->lock, NULL) != 0)
    return false;
  if (pthread_cond_init (&team->wake, NULL) != 0)
    {
      pthread_mutex_destroy (&team->lock);
      return false;
    }
  return true;
}

void
mm_split_team_clear (MmSplitTeam *team)
{
  pthread_cond_destroy (&team->wake);
  pthread_mutex_destroy (&team->lock);
}

/* Before any thread of the team searches. */
void
mm_split_team_join (MmSplitTeam *team,
                    MmSearch    *search)
{
  search->team = team;
  search->split_context = NULL;
  atomic_init (&search->abort, 0);
  team->threads[team->n_threads++] = search;
}

/* Sends the helpers home once the owner's search is over. */
void
mm_split_team_quit (MmSplitTeam *team)
{
  pthread_mutex_lock (&team->lock);
  team->quit = true;
  pthread_cond_broadcast (&team->wake);
  pthread_mutex_unlock (&team->lock);
}

static bool
chain_contains (const MmSplitPoint *split,
                const MmSplitPoint *ancestor)
{
  for (; split != NULL; split = split->parent)
    if (split == ancestor)
      return true;
  return false;
}

/* Whether the work for @split is no longer wanted: it or a split point
 * above it was cut. */
static bool
chain_cut (const MmSplitPoint *split)
{
  for (; split != NULL; split = split->parent)
    if (split->cut)
      return true;
  return false;
}

static void
enter_context (MmSearch     *search,
               MmSplitPoint *split)
{
  search->split_context = split;
  atomic_store_explicit (&search->abort, chain_cut (split), memory_order_relaxed);
}

/* A move of @split reached beta: the threads working for it or below it
 * drop their searches. */
static void
cut (MmSplitTeam  *team,
     MmSplitPoint *split)
{
  split->cut = true;
  for (int i = 0; i < team->n_threads; i++)
    if (chain_contains (team->threads[i]->split_context, split))
      atomic_store_explicit (&team->threads[i]->abort, 1, memory_order_relaxed);
  pthread_cond_broadcast (&team->wake);
}

static void
merge (MmSplitTeam  *team,
       MmSplitPoint *split,
       int           index,
       int           score)
{
  if (score <= split->best)
    return;
  split->best = score;
  split->best_move = split->squares[index];
  if (score > split->alpha)
    {
      split->alpha = score;
      if (score >= split->beta)
        cut (team, split);
    }
}

static bool
has_moves_left (const MmSplitPoint *split)
{
  return split->next < split->n_moves && !chain_cut (split);
}

/* Searches moves of @split until none is left or they are no longer
 * wanted.  Called and returns with the team's lock held. */
static void
work_at (MmSearch     *search,
         MmSplitPoint *split)
{
  MmSplitTeam *team = search->team;
  MmSplitPoint *outer = search->split_context;

  enter_context (search, split);
  while (has_moves_left (split) && atomic_load (search->stop) == 0)
    {
      int index = split->next++;
      int alpha = split->alpha;
      int score;

      split->n_working++;
      pthread_mutex_unlock (&team->lock);
      score = split->search_move (search, split, index, alpha);
      pthread_mutex_lock (&team->lock);
      split->n_working--;

      /* An aborted or stopped search returns nothing worth keeping. */
      if (!mm_search_stopped (search))
        merge (team, split, index, score);
      if (split->n_working == 0)
        pthread_cond_broadcast (&team->wake);
      enter_context (search, split);
    }
  enter_context (search, outer);
}

/* A split point with moves to share, below @ancestor if it is not NULL;
 * NULL if there is none, or once the search is stopped (where work_at
 * would take none of them). */
static MmSplitPoint *
find_work (MmSearch           *search,
           const MmSplitPoint *ancestor)
{
  MmSplitTeam *team = search->team;

  if (atomic_load (search->stop) != 0)
    return NULL;
  for (int i = 0; i < team->n_open; i++)
    if (has_moves_left (team->open[i])
        && (ancestor == NULL || chain_contains (team->open[i], ancestor)))
      return team->open[i];
  return NULL;
}

/* For an idle thread (counted in n_idle): searches moves of a split point
 * below @ancestor (any if NULL) if one has some, else waits for news.
 * Called and returns with the team's lock held. */
static void
help_or_wait (MmSearch           *search,
              const MmSplitPoint *ancestor)
{
  MmSplitTeam *team = search->team;
  MmSplitPoint *split = find_work (search, ancestor);

  if (split == NULL)
    {
      pthread_cond_wait (&team->wake, &team->lock);
      return;
    }
  atomic_fetch_sub (&team->n_idle, 1);
  work_at (search, split);
  atomic_fetch_add (&team->n_idle, 1);
}

static void
close_split (MmSplitTeam  *team,
             MmSplitPoint *split)
{
  for (int i = 0; i < team->n_open; i++)
    if (team->open[i] == split)
      {
        team->open[i] = team->open[--team->n_open];
        return;
      }
}

/* Searches the moves of @split (next, alpha, best and best_move set by the
 * caller) with whichever threads are free, and returns once all have come
 * back: split->best then holds the best score, as a serial search would
 * have found it (a bound past the window), unless @owner was stopped or
 * aborted.  While waiting for the others, the owner helps with the split
 * points opened below its own (a thread that helped anywhere else could
 * be deep in a search when its own split point is done). */
void
mm_split_run (MmSearch     *owner,
              MmSplitPoint *split)
{
  MmSplitTeam *team = owner->team;
  MmSplitPoint *outer = owner->split_context;

  split->n_working = 0;
  split->cut = false;
  pthread_mutex_lock (&team->lock);
  split->parent = outer;
  if (team->n_open < MM_SPLIT_MAX_OPEN)
    {
      team->open[team->n_open++] = split;
      pthread_cond_broadcast (&team->wake);
    }
  work_at (owner, split);

  enter_context (owner, split);
  atomic_fetch_add (&team->n_idle, 1);
  while (split->n_working > 0)
    help_or_wait (owner, split);
  atomic_fetch_sub (&team->n_idle, 1);
  close_split (team, split);
  enter_context (owner, outer);
  pthread_mutex_unlock (&team->lock);
}

/* A helper thread's life: search moves of any open split point until the
 * team quits. */
void
mm_split_serve (MmSearch *helper)
{
  MmSplitTeam *team = helper->team;

  pthread_mutex_lock (&team->lock);
  atomic_fetch_add (&team->n_idle, 1);
  while (!team->quit)
    help_or_wait (helper, NULL);
  atomic_fetch_sub (&team->n_idle, 1);
  pthread_mutex_unlock (&team->lock);
}
