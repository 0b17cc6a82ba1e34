#!/usr/bin/env bash
# A Baten cluster on one machine: PostgreSQL, NATS and two "baten serve"
# processes, all on loopback, in a temporary directory. Ctrl-C stops
# everything. Needs Debian's postgresql and nats-server packages
# (apt-get install postgresql nats-server) and a built baten on PATH
# (go install ./cmd/baten, or BATEN=path/to/baten).
#
#   docs/examples/cluster-local.sh            # ports 8081, 8082
#   BASE_PORT=9000 docs/examples/cluster-local.sh
#   PROFILE_DIR=/tmp docs/examples/cluster-local.sh   # CPU profiles baten1.prof, baten2.prof on exit
set -euo pipefail

BATEN=${BATEN:-baten}
BASE_PORT=${BASE_PORT:-8081}
PG_PORT=${PG_PORT:-55432}
NATS_PORT=${NATS_PORT:-54222}
LEASE=${LEASE:-10s}

pgbin=$(dirname "$(command -v pg_ctl || ls /usr/lib/postgresql/*/bin/pg_ctl | sort -V | tail -1)")
work=$(mktemp -d /tmp/baten-cluster.XXXXXX)
chmod 755 "$work"
# PostgreSQL refuses to run as root: as root, it runs as nobody.
as_pg=()
if [ "$(id -u)" = 0 ]; then
	as_pg=(runuser -u nobody --)
	chown nobody "$work"
fi

pids=()
cleanup() {
	echo "stopping"
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	wait 2>/dev/null || true
	"${as_pg[@]}" "$pgbin/pg_ctl" -D "$work/pg" -m fast stop >/dev/null 2>&1 || true
	rm -rf "$work"
}
trap cleanup EXIT INT TERM

echo "PostgreSQL on 127.0.0.1:$PG_PORT"
"${as_pg[@]}" "$pgbin/initdb" -D "$work/pg" -U postgres --auth=trust >/dev/null
"${as_pg[@]}" "$pgbin/pg_ctl" -D "$work/pg" -l "$work/pg.log" -w \
	-o "-p $PG_PORT -k $work -c listen_addresses=127.0.0.1 -c max_connections=200" start >/dev/null
"${as_pg[@]}" "$(command -v createdb || echo "$pgbin/createdb")" -h 127.0.0.1 -p "$PG_PORT" -U postgres baten
db="postgres://postgres@127.0.0.1:$PG_PORT/baten?sslmode=disable"

echo "NATS on 127.0.0.1:$NATS_PORT"
nats-server -a 127.0.0.1 -p "$NATS_PORT" >"$work/nats.log" 2>&1 &
pids+=($!)
sleep 0.5

for i in 1 2; do
	port=$((BASE_PORT + i - 1))
	prof=()
	if [ -n "${PROFILE_DIR:-}" ]; then prof=(--cpuprofile "$PROFILE_DIR/baten$i.prof"); fi
	"$BATEN" serve "${prof[@]}" --addr "127.0.0.1:$port" --db "$db" --nats "nats://127.0.0.1:$NATS_PORT" \
		--node "baten$i" --lease "$LEASE" --rate 100000 --max-games-per-addr 100000 --max-conns-per-addr 0 \
		>"$work/baten$i.out" 2>"$work/baten$i.log" &
	pids+=($!)
done
for i in 1 2; do
	port=$((BASE_PORT + i - 1))
	until curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; do sleep 0.1; done
	echo "baten serve $i on http://127.0.0.1:$port (log $work/baten$i.log)"
done
echo "ready: try  baten loadtest --url http://127.0.0.1:$BASE_PORT,http://127.0.0.1:$((BASE_PORT + 1))"
wait
