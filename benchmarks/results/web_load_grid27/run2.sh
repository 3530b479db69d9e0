# The rest of issue 27's grid at the same commit as run.sh, right after it (the quiet series'
# cells of ../web_load_route27/quiet-run.sh again), so that the whole grid is one series.
set -u
cd /tmp/wl-grid; export PYTHONPATH=/tmp/wl-grid
PY=/work/main/.venv/bin/python
OUT=/tmp/wl-grid-out; mkdir -p $OUT
PG=postgresql+psycopg://rams:rams@127.0.0.1:5432/rams_grid27
REDIS=redis://127.0.0.1:6390/0
fresh() { runuser -u postgres -- dropdb --if-exists rams_grid27; runuser -u postgres -- createdb -O rams rams_grid27; }
run() { local name=$1; shift; echo "start $name $(date +%T) load $(cut -d' ' -f1 /proc/loadavg)"; $PY benchmarks/web_load.py --seed 2026 "$@" --json $OUT/$name.json > $OUT/$name.txt 2>&1; echo "done $name rc $? $(date +%T)"; }
run sqlite-20 --tables 20 --concurrency 20
run sqlite-200 --tables 200 --concurrency 200
fresh; run pg-20-w1 --tables 20 --concurrency 20 --database-url $PG
fresh; run pg-20-w2 --tables 20 --concurrency 20 --database-url $PG --workers 2 --redis $REDIS
fresh; run pg-50-w1 --tables 50 --concurrency 50 --database-url $PG
fresh; run pg-50-w2 --tables 50 --concurrency 50 --database-url $PG --workers 2 --redis $REDIS
# The server's profile: 200 tables played 20 at a time (a load long enough to sample 20 s).
$PY benchmarks/web_profile.py --seconds 20 --warmup 5 --raw $OUT/profile-sqlite-20.raw -- --tables 200 --concurrency 20 --seed 2026 > $OUT/profile-sqlite-20.txt 2>&1; echo "done profile rc $? $(date +%T)"
