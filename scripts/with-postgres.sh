#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster: initdb into a temp dir, start it on 127.0.0.1:$PG_PORT,
# export TEST_DATABASE_URL, run "$@", then always stop and remove the cluster. Exits non-zero if it cannot start.
# Without PG_PORT it takes a port the system reports free (another if that one is taken before PostgreSQL binds it),
# so two runs at once (two checkouts' `npm test`) do not collide.
set -euo pipefail

free_port() {
  node -e "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => {
    console.log(s.address().port);
    s.close();
  });"
}
PG_BIN="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}"
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "with-postgres: PostgreSQL server binaries not found (install postgresql)" >&2
  exit 1
fi

# PostgreSQL refuses to run as root: run the cluster as the postgres user then.
if [ "$(id -u)" = "0" ]; then
  as_pg() { su postgres -s /bin/bash -c "$*"; }
else
  as_pg() { bash -c "$*"; }
fi

DIR="$(mktemp -d /tmp/touchline-pg.XXXXXX)"
[ "$(id -u)" = "0" ] && chown postgres:postgres "$DIR"
chmod 700 "$DIR"

cleanup() {
  as_pg "'$PG_BIN/pg_ctl' -D '$DIR/data' -m fast -w stop" >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT INT TERM

if ! as_pg "'$PG_BIN/initdb' -D '$DIR/data' -A trust -U postgres --no-sync" >"$DIR.initdb.log" 2>&1; then
  cat "$DIR.initdb.log" >&2
  rm -f "$DIR.initdb.log"
  echo "with-postgres: initdb failed" >&2
  exit 1
fi
rm -f "$DIR.initdb.log"

attempts=1
[ -z "${PG_PORT:-}" ] && attempts=5
for attempt in $(seq "$attempts"); do
  port="${PG_PORT:-$(free_port)}"
  if as_pg "'$PG_BIN/pg_ctl' -D '$DIR/data' -l '$DIR/server.log' -w -t 30 \
      -o \"-p $port -k '$DIR' -c listen_addresses=127.0.0.1 -c fsync=off\" start" >/dev/null; then
    break
  fi
  if [ "$attempt" = "$attempts" ]; then
    cat "$DIR/server.log" >&2 || true
    echo "with-postgres: PostgreSQL did not start on 127.0.0.1:$port" >&2
    exit 1
  fi
done

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "with-postgres: PostgreSQL running at $TEST_DATABASE_URL"
"$@"
