"""PostgreSQL for the load benchmark: a throwaway cluster started by the benchmark itself, or a
fresh database on a server named by TEST_DATABASE_URL (the smoke run in CI).

The cluster lives in a temporary directory on loopback and is removed afterwards. Durability is
switched off (fsync, synchronous_commit, full_page_writes): a benchmark's data is worthless after
the run, and the table notes say so. The server refuses to run as root, so root runs it as the
distribution's `postgres` user, as `.ci/run` does.
"""

from __future__ import annotations

import contextlib
import glob
import os
import secrets
import shutil
import socket
import subprocess
import tempfile
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

NO_DURABILITY = ("-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off")


def bin_dir() -> Path | None:
    """Where initdb and pg_ctl are (PATH first, then the newest Debian-style install), or None."""
    on_path = shutil.which("initdb")
    if on_path:
        return Path(on_path).parent

    def version(path: str) -> int:
        name = Path(path).parent.name
        return int(name) if name.isdigit() else 0

    for candidate in sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=version, reverse=True):
        if (Path(candidate) / "initdb").exists() and (Path(candidate) / "pg_ctl").exists():
            return Path(candidate)
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _as_owner(cmd: list[str]) -> list[str]:
    """Root may not run the server: run it as `postgres` (the packages create that user)."""
    if os.geteuid() != 0:
        return cmd
    return ["su", "postgres", "-s", "/bin/sh", "-c", " ".join(_quote(part) for part in cmd)]


def _quote(part: str) -> str:
    return "'" + part.replace("'", "'\\''") + "'"


@contextlib.contextmanager
def cluster() -> Iterator[str | None]:
    """A running throwaway cluster: yields the URL of its `postgres` database, or None when the
    PostgreSQL binaries are not installed. Stopped and deleted on exit. The URL reaches the server
    through its Unix socket, as a bot on the same machine would connect."""
    pgbin = bin_dir()
    if pgbin is None:
        yield None
        return
    tmp = Path(tempfile.mkdtemp(prefix="bgb-bench-pg-"))
    if os.geteuid() == 0:
        shutil.chown(tmp, user="postgres")
    data, port = tmp / "data", _free_port()
    started = False
    try:
        subprocess.run(
            _as_owner([str(pgbin / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"]),
            check=True,
            capture_output=True,
        )
        options = f"-h 127.0.0.1 -p {port} -k {tmp} -c max_connections=100 " + " ".join(NO_DURABILITY)
        subprocess.run(
            _as_owner(
                [
                    str(pgbin / "pg_ctl"),
                    "-D",
                    str(data),
                    "-l",
                    str(tmp / "server.log"),
                    "-w",
                    "start",
                    "-o",
                    options,
                ]
            ),
            check=True,
            capture_output=True,
        )
        started = True
        yield f"postgresql://postgres@/postgres?host={tmp}&port={port}"
    finally:
        if started:
            subprocess.run(
                _as_owner([str(pgbin / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
                capture_output=True,
            )
        shutil.rmtree(tmp, ignore_errors=True)


def _with_database(url: str, name: str) -> str:
    base, _, query = url.partition("?")
    root = base.rsplit("/", 1)[0] if base.count("/") > 2 else base
    return f"{root}/{name}" + (f"?{query}" if query else "")


@contextlib.asynccontextmanager
async def fresh_database(server_url: str) -> AsyncIterator[str]:
    """An empty database of its own on `server_url` (nothing else running there is touched),
    dropped afterwards; the bot under test migrates it."""
    import asyncpg

    name = f"bgb_bench_{secrets.token_hex(6)}"
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}" TEMPLATE template0')
    finally:
        await admin.close()
    try:
        yield _with_database(server_url, name)
    finally:
        admin = await asyncpg.connect(server_url)
        try:
            await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        finally:
            await admin.close()
