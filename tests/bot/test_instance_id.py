"""The default INSTANCE_ID: host name + shard range + a slot, stable across restarts (so a restarted
process takes its own leases back at once) and never shared by two live processes on one machine.
Each process here is a real one, with its own temp dir so runs do not meet."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PRINT_ID = "from bot.settings import Settings; print(Settings().instance_id, flush=True)"
PRINT_ID_AND_WAIT = PRINT_ID + "; import time; time.sleep(600)"


def env(tmp: Path, **more: str) -> dict[str, str]:
    out = {k: v for k, v in os.environ.items() if k not in ("INSTANCE_ID", "SHARD_IDS", "SHARD_COUNT")}
    out.update(TMPDIR=str(tmp), PYTHONPATH=str(ROOT), **more)
    return out


def instance_id(tmp: Path, **more: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", PRINT_ID],
        cwd=tmp,
        env=env(tmp, **more),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_a_restart_gets_its_id_back_and_a_twin_gets_another(tmp_path: Path) -> None:
    shards = {"SHARD_IDS": "3", "SHARD_COUNT": "8"}
    first = subprocess.Popen(
        [sys.executable, "-c", PRINT_ID_AND_WAIT],
        cwd=tmp_path,
        env=env(tmp_path, **shards),
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert first.stdout is not None
        alive = first.stdout.readline().strip()
        assert alive.endswith(":3of8#0") and alive.split(":")[0]
        # A second process with the same shards on this machine, while the first lives: another id.
        twin = instance_id(tmp_path, **shards)
        assert twin != alive and twin.endswith(":3of8#1")
        # Other shards: a name of their own.
        assert instance_id(tmp_path, SHARD_IDS="4", SHARD_COUNT="8").endswith(":4of8#0")
        assert instance_id(tmp_path).endswith(":all#0")
    finally:
        first.send_signal(signal.SIGKILL)  # no clean shutdown: nothing gets released
        first.wait()
    # Restarted after kill -9: the same id again.
    assert instance_id(tmp_path, **shards) == alive


def test_an_explicit_id_wins(tmp_path: Path) -> None:
    assert instance_id(tmp_path, INSTANCE_ID="worker-7") == "worker-7"
