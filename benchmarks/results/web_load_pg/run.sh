#!/usr/bin/env bash
# The web load on PostgreSQL with one and with two server processes (issue 16).
# Needs scripts/services (PostgreSQL, Redis on 6390). Each run on a fresh database.
set -euo pipefail
cd "$(dirname "$0")/../../.."
for tables in 50 200; do
  for workers in 1 2; do
    runuser -u postgres -- dropdb --if-exists rams_load
    runuser -u postgres -- createdb -O rams rams_load
    .venv/bin/python benchmarks/web_load.py --tables "$tables" --concurrency "$tables" \
      --seed 2026 --database-url postgresql+psycopg://rams:rams@127.0.0.1:5432/rams_load \
      --workers "$workers" --redis redis://127.0.0.1:6390/0 \
      --json "benchmarks/results/web_load_pg/t${tables}-w${workers}.json" > /dev/null
    echo "tables $tables workers $workers: $(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['latency_ms'], d['client_actions_per_s'], 'actions/s', d['server_rss_mib_peak'], 'MiB')" "benchmarks/results/web_load_pg/t${tables}-w${workers}.json")"
  done
done
