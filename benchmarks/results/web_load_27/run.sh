#!/usr/bin/env bash
# Issue 27's before/after: benchmarks/web_load.py (this branch's, which measures the server's
# CPU per client action) against the server of a tree given as $TREE (main's, "before", in
# a worktree with this web_load.py copied in; or this branch, "after"), in turn on one
# machine. $TAG names the outputs (before/after). Needs scripts/services (PostgreSQL, Redis).
#   TREE=/tmp/wt-before TAG=before bash benchmarks/results/web_load_27/run.sh
#   TREE=$PWD TAG=after bash benchmarks/results/web_load_27/run.sh
set -euo pipefail
OUT="$(cd "$(dirname "$0")" && pwd)"
PY="${PYTHON:-$(cd "$OUT/../../.." && pwd)/.venv/bin/python}"
cd "$TREE"
export PYTHONPATH="$TREE"
PG=postgresql+psycopg://rams:rams@127.0.0.1:5432/rams_load27
REDIS=redis://127.0.0.1:6390/0
run() {  # name, then web_load.py's flags
  local name=$1; shift
  "$PY" benchmarks/web_load.py --seed 2026 "$@" --json "$OUT/$TAG-$name.json" > "$OUT/$TAG-$name.txt"
}
fresh() { runuser -u postgres -- dropdb --if-exists rams_load27; runuser -u postgres -- createdb -O rams rams_load27; }
for run_name in ${RUNS:-sqlite-20 sqlite-50 sqlite-20-think2 pg-20-w1 pg-20-w2}; do
  case $run_name in
    sqlite-20) run sqlite-20 --tables 20 --concurrency 20 ;;
    sqlite-50) run sqlite-50 --tables 50 --concurrency 50 ;;
    sqlite-200) run sqlite-200 --tables 200 --concurrency 200 ;;
    sqlite-20-think2) run sqlite-20-think2 --tables 20 --concurrency 20 --think 2 --start-score 50 ;;
    pg-20-w1) fresh; run pg-20-w1 --tables 20 --concurrency 20 --database-url "$PG" ;;
    pg-20-w2) fresh; run pg-20-w2 --tables 20 --concurrency 20 --database-url "$PG" --workers 2 --redis "$REDIS" ;;
    pg-50-w1) fresh; run pg-50-w1 --tables 50 --concurrency 50 --database-url "$PG" ;;
    pg-50-w2) fresh; run pg-50-w2 --tables 50 --concurrency 50 --database-url "$PG" --workers 2 --redis "$REDIS" ;;
  esac
  echo "$TAG $run_name: $(python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(d['server_cpu_ms_per_action'], 'ms CPU/action', d['latency_ms'], d['client_actions_per_s'], 'actions/s, load generator', d['loadgen_cpu_ms_per_action'], 'ms/action')" "$OUT/$TAG-$run_name.json")"
done
