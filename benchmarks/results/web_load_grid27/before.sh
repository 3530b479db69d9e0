# The quiet series' commit (4c65b68, ../web_load_route27/quiet-*) again on this machine right
# after the grid, with its own benchmarks/web_load.py, in a clean clone: what the machine
# gives to the same code today, to set the grid beside the quiet series.
set -u
cd /tmp/wl-before; export PYTHONPATH=/tmp/wl-before
PY=/work/main/.venv/bin/python
OUT=/tmp/wl-grid-out; mkdir -p $OUT
PG=postgresql+psycopg://rams:rams@127.0.0.1:5432/rams_grid27
fresh() { runuser -u postgres -- dropdb --if-exists rams_grid27; runuser -u postgres -- createdb -O rams rams_grid27; }
run() { local name=$1; shift; echo "start $name $(date +%T) load $(cut -d' ' -f1 /proc/loadavg)"; $PY benchmarks/web_load.py --seed 2026 "$@" --json $OUT/$name.json > $OUT/$name.txt 2>&1; echo "done $name rc $? $(date +%T)"; }
$PY -m rams.fast.warm
run before-sqlite-20 --tables 20 --concurrency 20
run before-sqlite-200 --tables 200 --concurrency 200
fresh; run before-pg-50-w1 --tables 50 --concurrency 50 --database-url $PG
