#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at a throwaway PostgreSQL server started here (Debian's
# postgresql package), and stops the server afterwards: `scripts/with-postgres.sh npx vitest run src/server`.
set -euo pipefail

PG_BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/postgres" ]; then
  echo "PostgreSQL is not installed: apt-get install postgresql" >&2
  exit 1
fi
PG_DIR=$(mktemp -d /tmp/modmarket-pg.XXXXXX)
PG_PORT=${PG_PORT:-$((56000 + RANDOM % 1000))}
chown postgres:postgres "$PG_DIR" 2>/dev/null || true
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
stop_pg() { as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$PG_DIR"; }
trap stop_pg EXIT
as_pg "$PG_BIN/initdb" -D "$PG_DIR/data" -U postgres --auth=trust -E UTF8 >/dev/null
as_pg "$PG_BIN/pg_ctl" -D "$PG_DIR/data" -l "$PG_DIR/server.log" -w \
  -o "-p $PG_PORT -k $PG_DIR -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200" start >/dev/null
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
"$@"
