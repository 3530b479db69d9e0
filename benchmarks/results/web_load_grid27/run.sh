# Issue 27's grid, the cells not run before (the quiet series in ../web_load_route27/ holds
# SQLite 20 and 200, PostgreSQL 20 and 50 with one and two processes, think 0): on main, in a
# clean clone, on the 2-core machine with nothing else running. The think-2 cells play games
# from 30 (not 100) so that each takes about a minute; a client action costs the same.
set -u
cd /tmp/wl-grid; export PYTHONPATH=/tmp/wl-grid
PY=/work/main/.venv/bin/python
OUT=/tmp/wl-grid-out; mkdir -p $OUT
PG=postgresql+psycopg://rams:rams@127.0.0.1:5432/rams_grid27
REDIS=redis://127.0.0.1:6390/0
# The clone's solver compiled first (a server compiles it in the background at start).
$PY -m rams.fast.warm
fresh() { runuser -u postgres -- dropdb --if-exists rams_grid27; runuser -u postgres -- createdb -O rams rams_grid27; }
run() { local name=$1; shift; echo "start $name $(date +%T) load $(cut -d' ' -f1 /proc/loadavg)"; $PY benchmarks/web_load.py --seed 2026 "$@" --json $OUT/$name.json > $OUT/$name.txt 2>&1; echo "done $name rc $? $(date +%T)"; }
run sqlite-50 --tables 50 --concurrency 50
run sqlite-50-think2 --tables 50 --concurrency 50 --think 2 --start-score 30
run sqlite-200-think2 --tables 200 --concurrency 200 --think 2 --start-score 30
fresh; run pg-200-w1 --tables 200 --concurrency 200 --database-url $PG
fresh; run pg-200-w2 --tables 200 --concurrency 200 --database-url $PG --workers 2 --redis $REDIS
fresh; run pg-50-think2-w1 --tables 50 --concurrency 50 --think 2 --start-score 30 --database-url $PG
fresh; run pg-50-think2-w2 --tables 50 --concurrency 50 --think 2 --start-score 30 --database-url $PG --workers 2 --redis $REDIS
fresh; run pg-200-think2-w1 --tables 200 --concurrency 200 --think 2 --start-score 30 --database-url $PG
fresh; run pg-200-think2-w2 --tables 200 --concurrency 200 --think 2 --start-score 30 --database-url $PG --workers 2 --redis $REDIS
# (the profile: run2.sh, after the rest of the grid)
