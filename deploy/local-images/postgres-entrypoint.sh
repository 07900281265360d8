#!/bin/sh
# Makes the database on an empty data directory (user, password, database from the environment), then runs the
# command as the postgres user.
set -eu
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
if [ "${1:-}" = postgres ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  if [ ! -s "$PGDATA/PG_VERSION" ]; then
    : "${POSTGRES_USER:?set POSTGRES_USER}" "${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD}"
    db="${POSTGRES_DB:-$POSTGRES_USER}"
    pwfile=$(mktemp)
    printf '%s\n' "$POSTGRES_PASSWORD" > "$pwfile"
    chown postgres "$pwfile"
    as_postgres initdb -D "$PGDATA" -U "$POSTGRES_USER" --pwfile="$pwfile" -E UTF8 --locale=C.UTF-8 \
      --auth-local=trust --auth-host=scram-sha-256
    rm -f "$pwfile"
    echo 'host all all all scram-sha-256' >> "$PGDATA/pg_hba.conf"
    if [ "$db" != postgres ]; then
      echo "CREATE DATABASE \"$db\" OWNER \"$POSTGRES_USER\"" | as_postgres postgres --single -D "$PGDATA" -j postgres >/dev/null
    fi
  fi
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$@"
fi
exec "$@"
