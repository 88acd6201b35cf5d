#!/usr/bin/env bash
# The full chaos run: the real bot on SQLite against the stand-in, at least 10 SIGKILLs (random
# moments and between commit and announcement), restarts and REST faults; reports acknowledged
# answers, kills, lost, stalled, duplicates and crashes (see tests/e2e/chaos.py).
#   bash bench/chaos.sh [--json] [--kills N] [--tables N] [--seed N]
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-.venv/bin/python}"
[ -x "$PY" ] || PY=python3
exec "$PY" -m tests.e2e.chaos --kills 10 --tables 4 "$@"
