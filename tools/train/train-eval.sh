#!/bin/sh
# The shipped weights, in two fits (docs/TRAINING.md, "Labels from
# search"): first from the games' results, then from the scores a
# depth-6 search with those first weights gives the same positions.
#
#   train-eval.sh TRAINER GAMES OUTPUT WORKDIR
set -eu
trainer=$1 games=$2 output=$3 work=$4

mkdir -p "$work"
"$trainer" train --games "$games" --output "$work/eval-results.mmw"
"$trainer" train --games "$games" --label-depth 6 --label-weights "$work/eval-results.mmw" \
    --output "$output"
