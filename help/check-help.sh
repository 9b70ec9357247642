#!/bin/sh
# Checks the user help:
#  - every file in help/C is listed in help/meson.build, and the other way
#    round;
#  - the pages are valid Mallard (yelp-check validate; without yelp-tools,
#    xmllint well-formedness) and every link leads to a page, or a section
#    of a page, that exists (yelp-check links; without it, a grep);
#  - each translation in help/LINGUAS is complete: no untranslated or
#    fuzzy message, and, with itstool, none missing or left over against
#    the pages as they are now;
#  - the translated pages that the build made are valid too.
#   help/check-help.sh HELP_SOURCE_DIR HELP_BUILD_DIR FILE...
set -u
src=$1
build=$2
shift 2
status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail ()
{
  echo "FAIL: $*" >&2
  status=1
}

# The files of help/C and those that meson installs are the same.
for file in "$src"/C/*.page "$src"/C/*.xml; do
  name=${file##*/}
  case " $* " in
    *" $name "*) ;;
    *) fail "help/C/$name is not listed in help/meson.build" ;;
  esac
done
pages=""
for name in "$@"; do
  [ -f "$src/C/$name" ] || fail "help/meson.build lists $name, which help/C does not have"
  case $name in
    *.page) pages="$pages $name" ;;
  esac
done

# Mallard pages: valid, with ids that match their names and links that
# lead somewhere.
validate ()
{
  dir=$1
  (
    cd "$dir" || exit 1
    if command -v yelp-check >/dev/null 2>&1; then
      yelp-check validate $pages || exit 1
      out=$(yelp-check ids $pages) || exit 1
      [ -z "$out" ] || { echo "$out"; exit 1; }
      out=$(yelp-check links .) || { echo "$out"; exit 1; }
      [ -z "$out" ] || { echo "broken links: $out"; exit 1; }
    else
      xmllint --noout --xinclude $pages || exit 1
      # Every xref="PAGE" or xref="PAGE#SECTION" names a page here, and
      # the section is in that page.
      for ref in $(grep -oh 'xref="[^"]*"' $pages | sed 's/^xref="//; s/"$//' | sort -u); do
        page=${ref%%#*}
        [ -f "$page.page" ] || { echo "broken link: $ref"; exit 1; }
        case $ref in
          *#*)
            grep -q "id=\"${ref#*#}\"" "$page.page" || { echo "broken link: $ref"; exit 1; }
            ;;
        esac
      done
    fi
  )
}

validate "$src/C" || fail "the pages in help/C are not valid"

for lang in $(sed 's/#.*//' "$src/LINGUAS"); do
  po="$src/$lang/$lang.po"
  if [ ! -f "$po" ]; then
    fail "help/LINGUAS has $lang but help/$lang/$lang.po is missing"
    continue
  fi

  own=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$po" 2>&1) || {
    fail "help/$lang/$lang.po: $own"
    continue
  }
  echo "help/$lang/$lang.po: $own"
  merged=$own
  obsolete=0
  if command -v itstool >/dev/null 2>&1 && command -v msgmerge >/dev/null 2>&1; then
    (cd "$src/C" && itstool -o "$tmp/help.pot" "$@") || fail "itstool cannot read the pages"
    msgmerge --quiet --no-fuzzy-matching "$po" "$tmp/help.pot" -o "$tmp/$lang.po"
    merged=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$tmp/$lang.po" 2>&1)
    obsolete=$(msgattrib --only-obsolete "$tmp/$lang.po" | grep -c '^#~ msgid' || true)
    echo "help/$lang/$lang.po against the pages: $merged"
  fi
  case "$own $merged" in
    *fuzzy*|*untranslated*)
      fail "help/$lang/$lang.po is not complete (ninja help-monomachia-update-po, then translate)"
      if [ -f "$tmp/$lang.po" ]; then
        msgattrib --untranslated --no-obsolete "$tmp/$lang.po" | grep -A1 '^msgid' >&2 || true
        msgattrib --only-fuzzy --no-obsolete "$tmp/$lang.po" | grep -A1 '^msgid' >&2 || true
      fi
      ;;
  esac
  [ "$obsolete" -eq 0 ] ||
    fail "help/$lang/$lang.po has $obsolete messages the pages no longer have (ninja help-monomachia-update-po)"

  # The pages the build translated.
  if [ -f "$build/$lang/index.page" ]; then
    validate "$build/$lang" || fail "the translated pages in $build/$lang are not valid"
  else
    fail "$build/$lang/index.page is missing: build first"
  fi
done

[ $status -eq 0 ] && echo "The help is valid and its translations are complete."
exit $status
