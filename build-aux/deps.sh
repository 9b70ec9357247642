# Sourced by build-aux/run and build-aux/test: installs what the build
# needs on Debian and Ubuntu, and says what to install elsewhere.

# Debian package → a file or command that shows it is there.
MM_BUILD_DEPS="
meson:/usr/bin/meson
ninja-build:/usr/bin/ninja
gcc:/usr/bin/gcc
pkg-config:/usr/bin/pkg-config
libglib2.0-dev:/usr/include/glib-2.0/glib.h
libgtk-4-dev:/usr/include/gtk-4.0/gtk/gtk.h
libsecret-1-dev:/usr/include/libsecret-1/libsecret/secret.h
libjson-glib-dev:/usr/include/json-glib-1.0/json-glib/json-glib.h
libsodium-dev:/usr/include/sodium.h
libgnutls28-dev:/usr/include/gnutls/x509.h
libsqlite3-dev:/usr/include/sqlite3.h
libpq-dev:/usr/include/postgresql/libpq-fe.h
glib-networking:/usr/share/doc/glib-networking/copyright
libglib2.0-bin:/usr/bin/glib-compile-schemas
gettext:/usr/bin/msgfmt
libxml2-utils:/usr/bin/xmllint
desktop-file-utils:/usr/bin/desktop-file-validate
itstool:/usr/bin/itstool
dbus-daemon:/usr/bin/dbus-run-session
"
MM_TEST_DEPS="
xvfb:/usr/bin/Xvfb
xauth:/usr/bin/xauth
iproute2:/usr/sbin/ip
postgresql:/usr/lib/postgresql/15/bin/initdb
"

mm_missing_packages ()
{
  local entry package path
  for entry in "$@"; do
    package=${entry%%:*}
    path=${entry#*:}
    [ -e "$path" ] || printf '%s\n' "$package"
  done
}

mm_install_packages ()
{
  local missing
  missing=$(mm_missing_packages $*)
  [ -z "$missing" ] && return 0

  if ! command -v apt-get >/dev/null 2>&1; then
    echo "Monomachia needs these packages (Debian names; install your system's equivalents):" >&2
    echo "$missing" | sed 's/^/  /' >&2
    echo "That is: meson, ninja, a C compiler, pkg-config, GLib 2.74, GTK 4.8, libsecret, json-glib 1.6, libsodium, GnuTLS, SQLite and libpq (PostgreSQL) development files, glib-networking," >&2
    echo "gettext, xmllint, desktop-file-utils, itstool, and Xvfb with xauth and PostgreSQL 15 for the tests." >&2
    exit 1
  fi

  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo="sudo"
    else
      echo "Installing packages needs root: $missing" >&2
      exit 1
    fi
  fi

  echo "Installing: $(echo $missing)"
  $sudo apt-get update -q || echo "apt-get update failed; trying to install anyway" >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends $missing
}
