#!/bin/sh
# Fails when a translation in po/LINGUAS is not complete: the template is
# made again from the sources (as `ninja monomachia-pot` makes it), each
# .po is merged with it, and any message left untranslated or fuzzy, or
# kept for a string the sources no longer have, is an error.
#   po/check-translations.sh SOURCE_ROOT
set -eu
root=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cd "$root"
xgettext --package-name=monomachia --from-code=UTF-8 --add-comments \
  --keyword=_ --keyword=N_ --keyword=C_:1c,2 --keyword=NC_:1c,2 \
  --keyword=g_dcgettext:2 --keyword=g_dngettext:2,3 --keyword=g_dpgettext2:2c,3 \
  --flag=N_:1:pass-c-format --flag=C_:2:pass-c-format --flag=NC_:2:pass-c-format \
  --flag=g_dngettext:2:pass-c-format --flag=g_strdup_printf:1:c-format \
  --flag=g_string_printf:2:c-format --flag=g_string_append_printf:2:c-format \
  --flag=g_set_error:4:c-format --flag=g_error_new:3:c-format \
  --files-from=po/POTFILES.in --output="$tmp/monomachia.pot"

status=0
for lang in $(sed 's/#.*//' po/LINGUAS); do
  po="po/$lang.po"
  own=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$po" 2>&1) || {
    echo "$po: $own" >&2
    status=1
    continue
  }
  msgmerge --quiet --no-fuzzy-matching "$po" "$tmp/monomachia.pot" -o "$tmp/$lang.po"
  merged=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$tmp/$lang.po" 2>&1)
  obsolete=$(msgattrib --only-obsolete "$tmp/$lang.po" | grep -c '^#~ msgid' || true)
  echo "$po: $merged"
  case "$own $merged" in
    *fuzzy*|*untranslated*)
      echo "$po is not complete; the messages to translate:" >&2
      msgattrib --untranslated --no-obsolete "$tmp/$lang.po" | grep -A1 '^msgid' >&2 || true
      msgattrib --only-fuzzy --no-obsolete "$tmp/$lang.po" | grep -A1 '^msgid' >&2 || true
      status=1
      ;;
  esac
  if [ "$obsolete" -ne 0 ]; then
    echo "$po has $obsolete messages the sources no longer have (run msgmerge)" >&2
    status=1
  fi
done
exit $status
