#!/usr/bin/env bash
# The full chaos run: the real bot on SQLite against the stand-in, at least 10 SIGKILLs (random
# moments and between commit and announcement), restarts and REST faults; reports acknowledged
# answers, kills, lost, stalled, duplicates and crashes (see tests/e2e/chaos.py).
#   bash bench/chaos.sh [--json] [--kills N] [--tables N] [--seed N] [--keep DIR]
# With --postgres first: two sharded processes and a standby on PostgreSQL, any of them killed;
# also wrong refusals and the seconds until a dead process's shards are served again
# (tests/e2e/chaos_cluster.py; TEST_DATABASE_URL or the installed PostgreSQL binaries).
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-.venv/bin/python}"
[ -x "$PY" ] || PY=python3
if [ "${1:-}" = "--postgres" ]; then
    shift
    exec "$PY" -m tests.e2e.chaos_cluster --kills 6 --tables 4 "$@"
fi
exec "$PY" -m tests.e2e.chaos --kills 10 --tables 4 "$@"
