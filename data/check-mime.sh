#!/bin/sh
# Checks the shared-mime-info package of saved games: update-mime-database
# accepts it, and the database it builds knows *.ggf and the GGF header.
set -eu
package=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/mime/packages"
cp "$package" "$tmp/mime/packages/"
XDG_DATA_DIRS="$tmp" update-mime-database "$tmp/mime" 2> "$tmp/errors"
if [ -s "$tmp/errors" ]; then
  cat "$tmp/errors" >&2
  exit 1
fi
grep -q '^[0-9]*:application/x-ggf:\*\.ggf$' "$tmp/mime/globs2"
grep -q 'application/x-ggf' "$tmp/mime/magic"
grep -q '<comment>Othello game</comment>' "$tmp/mime/application/x-ggf.xml"
echo "application/x-ggf: glob and magic are in the database"
