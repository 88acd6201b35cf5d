#!/usr/bin/env bash
# Dominion engine benchmark. Creates bench/.venv (peers + our runtime deps) on first use.
# Usage: bash bench/run.sh [--quick] [--ours-only] [--games N]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/.venv"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
fi
exec "$venv/bin/python" "$here/main.py" "$@"
