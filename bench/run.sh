#!/usr/bin/env bash
# Benchmarks: engine vs peers, the bot under load (SQLite, and PostgreSQL on a throwaway cluster
# when its binaries are installed), memory, bot decisions. Creates bench/.venv
# (peers + this project with its runtime deps) on first use, and refreshes it when the
# requirements or pyproject.toml change.
# Usage: bash bench/run.sh [--quick] [--ours-only] [--games N] [--no-load]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
venv="$here/.venv"
stamp="$venv/.installed"
want="$(cat "$here/requirements.txt" "$root/pyproject.toml" | sha256sum | cut -d' ' -f1)"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt" -e "$root"
  echo "$want" > "$stamp"
fi
exec "$venv/bin/python" "$here/main.py" "$@"
