#!/usr/bin/env bash
# Starts a second PostgreSQL cluster as a streaming replica of the primary at 127.0.0.1:5432
# (pg_basebackup -R into a data directory under /tmp, port 5433, run as the postgres user) and
# prints its URL. Idempotent: a replica already running and streaming is kept.
#   scripts/pg-replica.sh         start (or keep) the replica, print postgres://…:5433/postgres
#   scripts/pg-replica.sh stop    stop it and remove its data directory
# Settings: REPLICA_DIR (/tmp/klimadesk-replica), REPLICA_PORT (5433), PRIMARY_URL
# (postgres://postgres@127.0.0.1:5432/postgres; a password in it is passed on as PGPASSWORD).
set -euo pipefail
DIR="${REPLICA_DIR:-/tmp/klimadesk-replica}"
PORT="${REPLICA_PORT:-5433}"
PRIMARY_URL="${PRIMARY_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
BIN="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)"
[ -x "$BIN/pg_basebackup" ] || BIN="$(dirname "$(command -v pg_basebackup)")"

# Host, port and password of the primary, from its URL.
hostport="${PRIMARY_URL#*://}"
hostport="${hostport#*@}"
hostport="${hostport%%/*}"
PHOST="${hostport%%:*}"
PPORT="${hostport##*:}"
[ "$PPORT" = "$hostport" ] && PPORT=5432
auth="${PRIMARY_URL#*://}"
PASSWORD=""
if [[ "$auth" == *@* ]]; then
  auth="${auth%%@*}"
  [[ "$auth" == *:* ]] && PASSWORD="${auth#*:}"
fi
URL="postgres://postgres${PASSWORD:+:$PASSWORD}@127.0.0.1:$PORT/postgres"

as_pg() { runuser -u postgres -- env PGPASSWORD="$PASSWORD" "$@"; }
primary() { psql "$PRIMARY_URL" -Atqc "$1"; }

if [ "${1:-start}" = stop ]; then
  if [ -f "$DIR/postmaster.pid" ]; then as_pg "$BIN/pg_ctl" -D "$DIR" -m fast -w stop >/dev/null || true; fi
  rm -rf "$DIR"
  exit 0
fi

# Already running as a standby that receives WAL: nothing to do.
if psql "$URL" -Atqc 'select pg_is_in_recovery()' 2>/dev/null | grep -q t; then
  echo "$URL"
  exit 0
fi
if [ -f "$DIR/postmaster.pid" ]; then as_pg "$BIN/pg_ctl" -D "$DIR" -m immediate -w stop >/dev/null 2>&1 || true; fi
rm -rf "$DIR"

# Replication connections match only `replication` lines of pg_hba.conf, never `all`: add one for
# loopback with the method the primary uses for its other loopback connections.
HBA="$(primary 'show hba_file')"
if ! grep -Eq '^\s*host\s+replication\s+(all|postgres)\s+127\.0\.0\.1/32' "$HBA"; then
  method="$(grep -E '^\s*host\s+all\s+all\s+127\.0\.0\.1/32' "$HBA" | awk '{print $5}' | head -1)"
  echo "host replication all 127.0.0.1/32 ${method:-scram-sha-256}" >>"$HBA"
  primary 'select pg_reload_conf()' >/dev/null
fi

mkdir -p "$DIR"
chown postgres:postgres "$DIR"
chmod 700 "$DIR"
as_pg "$BIN/pg_basebackup" -h "$PHOST" -p "$PPORT" -U postgres -D "$DIR" -R -X stream -c fast

# Debian keeps postgresql.conf and pg_hba.conf outside the data directory: the replica gets its
# own. A hot standby needs at least the primary's values of these settings.
{
  echo "port = $PORT"
  echo "listen_addresses = '127.0.0.1'"
  echo "unix_socket_directories = '$DIR'"
  echo "hot_standby = on"
  for s in max_connections max_worker_processes max_wal_senders max_locks_per_transaction max_prepared_transactions; do
    echo "$s = $(primary "show $s")"
  done
  echo "shared_buffers = 128MB"
  echo "logging_collector = off"
} >"$DIR/postgresql.conf"
cp "$HBA" "$DIR/pg_hba.conf"
: >"$DIR/pg_ident.conf"
chown postgres:postgres "$DIR/postgresql.conf" "$DIR/pg_hba.conf" "$DIR/pg_ident.conf"
as_pg "$BIN/pg_ctl" -D "$DIR" -l "$DIR/replica.log" -w -t 60 start >/dev/null

for _ in $(seq 1 60); do
  if [ "$(psql "$URL" -Atqc "select pg_is_in_recovery() and exists (select from pg_stat_wal_receiver where status = 'streaming')" 2>/dev/null)" = t ]; then
    echo "$URL"
    exit 0
  fi
  sleep 1
done
echo "the replica at port $PORT did not start streaming; see $DIR/replica.log" >&2
exit 1
