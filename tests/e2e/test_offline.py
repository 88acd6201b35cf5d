"""`python -m bot --offline`, as a newcomer runs it from the README: no environment, a script piped
into the terminal client, and nothing left behind in the current directory."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
from pathlib import Path

SCRIPT = """\
/game new dominion "kingdom:First Game"
click 3
click 9
dms
click 1
"""


async def run_offline(cwd: Path, script: str, env: dict[str, str]) -> tuple[int, str, str]:
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        "--offline",
        cwd=cwd,
        env=env,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out, err = await asyncio.wait_for(proc.communicate(script.encode()), 90)
    assert proc.returncode is not None
    return proc.returncode, out.decode(), err.decode()


async def test_offline_mode_from_a_bare_shell(tmp_path: Path) -> None:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}  # nothing else: no token, no database
    code, out, err = await run_offline(tmp_path, SCRIPT, env)
    assert code == 0, out + err

    # The greeting says where you are and what to type.
    greeting = out.splitlines()[0]
    assert "offline" in greeting and "#games" in greeting and "alice" in greeting
    assert '/game new dominion "kingdom:First Game"' in out and "quit" in out
    # The lobby, the bot seat, the board and alice's private prompt all show in the terminal.
    assert "== Dominion — table #1 ==" in out and "🤖 Bot 1" in out
    assert "== Dominion — game #1 — First Game ==" in out and "My hand / Act" in out
    assert "== Your hand — Dominion #1 ==" in out and "**Hand:**" in out
    assert "] Play all Treasures" in out or "] End turn" in out
    assert "! " not in out.replace("! the bot", "")  # no command was refused
    # Quiet: no tracebacks, no library chatter, no stand-in violations.
    assert "Traceback" not in err and "violation" not in err and "PyNaCl" not in err, err
    # Games were kept in memory: the directory is as clean as it was.
    assert list(tmp_path.iterdir()) == []


async def test_offline_mode_keeps_games_where_asked(tmp_path: Path) -> None:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "DATABASE_URL": str(tmp_path / "games.sqlite3")}
    code, out, err = await run_offline(tmp_path, '/game new dominion "kingdom:First Game"\n', env)
    assert code == 0, out + err
    assert "games.sqlite3" in out and (tmp_path / "games.sqlite3").exists()


async def test_a_clone_of_the_repository_alone_starts_the_offline_mode(tmp_path: Path) -> None:
    """What `git clone` brings, with nothing beside it (no ../shared): the offline mode starts
    and `help` works. The files are copied as git lists them, then run from that copy."""
    root = Path(__file__).resolve().parents[2]
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True, check=True).stdout
    clone = tmp_path / "clone" / "boardgamesbot"  # its parent holds nothing else
    for name in filter(None, listed.decode().split("\0")):
        source = root / name
        if source.is_file():
            target = clone / name
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(clone)}
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        # the clone's own packages, never the ones installed from this checkout
        "import sys; sys.path.insert(0, sys.argv[1]); import runpy; sys.argv = ['bot', '--offline']; "
        "runpy.run_module('bot', run_name='__main__', alter_sys=True)",
        str(clone),
        cwd=clone,
        env=env,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    out_bytes, err_bytes = await asyncio.wait_for(proc.communicate(b"help\nquit\n"), 90)
    out, err = out_bytes.decode(), err_bytes.decode()
    assert proc.returncode == 0, out + err
    assert "offline" in out.splitlines()[0] and "quit" in out
    assert "Traceback" not in err, err
    assert not (tmp_path / "clone" / "shared").exists()
