# The quiet series (issue 27): the same runs as main-run.sh, on main at 4c65b68 (the routing merged), in a clean worktree, on the 2-core machine with nothing else running (load average under 1 before it).
set -u
cd /tmp/wl-main; export PYTHONPATH=/tmp/wl-main
PY=/work/main/.venv/bin/python
PG=postgresql+psycopg://rams:rams@127.0.0.1:5432/rams_load27q
REDIS=redis://127.0.0.1:6390/0
fresh() { runuser -u postgres -- dropdb --if-exists rams_load27q; runuser -u postgres -- createdb -O rams rams_load27q; }
run() { local name=$1; shift; echo "start $name $(date +%T)"; $PY benchmarks/web_load.py --seed 2026 "$@" --json /tmp/wl-out2/$name.json > /tmp/wl-out2/$name.txt 2>&1; echo "done $name rc $? $(date +%T)"; }
run sqlite-20 --tables 20 --concurrency 20
run sqlite-200 --tables 200 --concurrency 200
fresh; run pg-20-w1 --tables 20 --concurrency 20 --database-url $PG
fresh; run pg-20-w2 --tables 20 --concurrency 20 --database-url $PG --workers 2 --redis $REDIS
fresh; run pg-50-w1 --tables 50 --concurrency 50 --database-url $PG
fresh; run pg-50-w2 --tables 50 --concurrency 50 --database-url $PG --workers 2 --redis $REDIS
