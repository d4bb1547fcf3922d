#!/usr/bin/env bash
# with-postgres.sh COMMAND...: runs COMMAND with DATABASE_URL pointing at a throwaway PostgreSQL
# cluster: Debian's `postgresql` package (installed when missing), a cluster made with initdb in
# a temporary folder, started with pg_ctl on a free port on 127.0.0.1, and stopped and removed
# afterwards whatever COMMAND did. initdb and pg_ctl refuse to run as root, so as root they run
# as the `postgres` user the package creates. Exits with COMMAND's exit code.
set -uo pipefail

find_bin() {
  local dir
  for dir in /usr/lib/postgresql/*/bin; do
    [[ -x "$dir/initdb" ]] && { echo "$dir"; return 0; }
  done
  return 1
}

PG_BIN=$(find_bin)
if [[ -z "$PG_BIN" ]]; then
  echo "with-postgres: installing Debian's postgresql package"
  if [[ $(id -u) -ne 0 ]]; then
    echo "with-postgres: PostgreSQL is missing and only root can install it" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null && apt-get install -y -qq postgresql >/dev/null || {
    echo "with-postgres: could not install postgresql" >&2
    exit 1
  }
  # The package may start its own cluster; this script never uses it.
  PG_BIN=$(find_bin) || { echo "with-postgres: initdb not found after install" >&2; exit 1; }
fi

as_owner() {
  if [[ $(id -u) -eq 0 ]]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

DIR=$(mktemp -d /tmp/artmint-pg.XXXXXX)
chmod 755 "$DIR"
[[ $(id -u) -eq 0 ]] && chown postgres: "$DIR"
PORT=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

cleanup() {
  as_owner "$PG_BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >/dev/null 2>&1
  rm -rf "$DIR"
}
trap cleanup EXIT

if ! as_owner "$PG_BIN/initdb" -D "$DIR/data" -U postgres -A trust -E UTF8 --no-locale >"$DIR/initdb.log" 2>&1; then
  echo "with-postgres: initdb failed:" >&2
  cat "$DIR/initdb.log" >&2
  exit 1
fi
if ! as_owner "$PG_BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null; then
  echo "with-postgres: the server did not start:" >&2
  cat "$DIR/server.log" >&2
  exit 1
fi
VERSION=$("$PG_BIN/postgres" --version)
echo "with-postgres: $VERSION on 127.0.0.1:$PORT ($DIR)"

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
export PG_BIN PG_DATA="$DIR/data"
"$@"
