#!/usr/bin/env bash
# The README's first table of the web load: 200 bot-only tables, 5, 50 and 200 at once on
# SQLite, and 50 at once on PostgreSQL (a fresh database), one server process, seed 2026.
# Needs scripts/services (PostgreSQL on 5432, its `rams` role). PYTHON: default .venv's.
set -euo pipefail
cd "$(dirname "$0")/../../.."
python=${PYTHON:-.venv/bin/python}
out=benchmarks/results/web_load_table
pg=postgresql+psycopg://rams:rams@127.0.0.1:5432/rams_load_table
run() {  # NAME ARGS…
  local name=$1
  shift
  "$python" benchmarks/web_load.py --tables 200 --seed 2026 "$@" --json "$out/$name.json" \
    > "$out/$name.txt"
  echo "$name: $(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['client_actions_per_s'], 'actions/s', d['latency_ms'], d['server_rss_mib_peak'], 'MiB')" "$out/$name.json")"
}
run sqlite-5 --concurrency 5
run sqlite-50 --concurrency 50
run sqlite-200 --concurrency 200
runuser -u postgres -- dropdb --if-exists rams_load_table
runuser -u postgres -- createdb -O rams rams_load_table
run postgresql-50 --concurrency 50 --database-url "$pg"
runuser -u postgres -- dropdb --if-exists rams_load_table
