"""`python -m bot --offline`, as a newcomer runs it from the README: no environment, a script piped
into the terminal client, and nothing left behind in the current directory; and with
DATABASE_URL, a server that is still there after quitting, or after `kill -9`."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

SCRIPT = """\
/dominion new "kingdom:First Game"
click 1.3
click 1.4
dms
click Play all Treasures
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
    assert '/dominion new "kingdom:First Game"' in out and "quit" in out
    # The lobby, the bot seat, the board and alice's private prompt all show in the terminal.
    assert "== Dominion — table #1 ==" in out and "🤖 Bot 1" in out
    assert "== Dominion — game #1 — First Game ==" in out and "My hand / Act" in out
    assert "== Your hand — Dominion #1 ==" in out and "**Hand:**" in out
    assert "[1.3] Add bot" in out and "[1.4] Start" in out
    assert "] Play all Treasures" in out or "] End turn" in out
    assert "! " not in out.replace("! the bot", "")  # no command was refused
    # Quiet: no tracebacks, no library chatter, no stand-in violations.
    assert "Traceback" not in err and "violation" not in err and "PyNaCl" not in err, err
    # Games were kept in memory: the directory is as clean as it was.
    assert list(tmp_path.iterdir()) == []


async def test_offline_mode_keeps_games_where_asked(tmp_path: Path) -> None:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "DATABASE_URL": str(tmp_path / "games.sqlite3")}
    code, out, err = await run_offline(tmp_path, '/dominion new "kingdom:First Game"\n', env)
    assert code == 0, out + err
    assert "games.sqlite3" in out and (tmp_path / "games.sqlite3").exists()
    assert "games.sqlite3.standin.json" in out.splitlines()[0] and (tmp_path / "games.sqlite3.standin.json").exists()


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


class Session:
    """One offline run driven line by line: send a command, wait for what it should print."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.out = ""
        self.pos = 0  # output before this has been matched already

    @classmethod
    async def start(cls, cwd: Path, env: dict[str, str]) -> Session:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", "--offline", cwd=cwd, env=env,
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )  # fmt: skip
        session = cls(proc)
        await session.expect("You are alice")
        return session

    async def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line.encode() + b"\n")
        await self.proc.stdin.drain()

    async def expect(self, pattern: str, timeout: float = 60) -> re.Match[str]:
        assert self.proc.stdout is not None
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while (found := re.compile(pattern).search(self.out, self.pos)) is None:
            try:
                chunk = await asyncio.wait_for(self.proc.stdout.read(65536), max(0.1, deadline - loop.time()))
            except TimeoutError:
                raise AssertionError(f"no {pattern!r} within {timeout} s in:\n{self.out[self.pos:]}") from None
            if not chunk:
                raise AssertionError(f"offline mode ended before {pattern!r}:\n{self.out[self.pos:]}")
            self.out += chunk.decode()
        self.pos = found.end()
        return found

    async def run(self, line: str, pattern: str) -> re.Match[str]:
        await self.send(line)
        return await self.expect(pattern)

    async def settled(self) -> str:
        """Everything printed once the commands sent so far are done (a command that prints
        its answer at once runs only after the previous one settled)."""
        start = self.pos
        await self.run("locale", r"Discord language: \S+\n")
        return self.out[start : self.pos]

    async def quit(self) -> str:
        await self.send("quit")
        out, err = await asyncio.wait_for(self.proc.communicate(), 60)
        self.out += out.decode()
        assert self.proc.returncode == 0, self.out + err.decode()
        return err.decode()


def latest(text: str, number: str) -> str:
    """The last rendering of message `number` in `text`, without its header."""
    blocks = re.findall(rf"^#{number} BoardGamesBot[^\n]*:\n((?:  [^\n]*\n)+)", text, re.M)
    assert blocks, f"message #{number} was never shown"
    return str(blocks[-1])


async def test_the_offline_server_is_still_there_after_a_restart_and_a_kill(tmp_path: Path) -> None:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "DATABASE_URL": str(tmp_path / "games.sqlite3"),
        "BOT_PAUSE_SECONDS": "0.2",
    }
    first = await Session.start(tmp_path, env)
    # A result from a physical table, left waiting for bob's confirmation...
    draft = (await first.run("/result record game:dominion", r"\[(\d+)\.1\] <Pick who played"))[1]
    await first.run(f"select {draft}.1 alice, bob", "Score: Bob")
    await first.run(f"click {draft}.2", r"\[modal\]")
    await first.run("modal provinces:5", r"Provinces 30")
    await first.run(f"click {draft}.3", r"\[modal\]")
    await first.run("modal provinces:2", r"Provinces 12\)")
    ask = (await first.run(f"click {draft}.4", r"#(\d+) BoardGamesBot: @bob please confirm"))[1]
    await first.expect(rf"\[{ask}\.1\] Confirm")
    # ...and a game of Dominion against a bot.
    await first.send("/dominion new kingdom:First Game")
    lobby = (await first.expect(r"#(\d+) BoardGamesBot:\n  \| == Dominion — table #1 =="))[1]
    await first.run(f"click {lobby}.3", "Bot 1")
    await first.send(f"click {lobby}.4")
    board = (await first.expect(r"#(\d+) BoardGamesBot:\n  \| == Dominion — game #1 — First Game =="))[1]
    await first.expect("Waiting for @alice")  # the bot may go first: then after its turn
    await first.settled()
    err = await first.quit()
    assert "Traceback" not in err and "violation" not in err, err

    second = await Session.start(tmp_path, env)
    assert "back in #games as you left it" in second.out
    # bob confirms with the button posted before the restart: the leaderboard counts it.
    await second.run("as bob", "now acting as bob")
    await second.run(f"click {ask}.1", rf"#{ask} BoardGamesBot \(edited\)")
    await second.run("/leaderboard show game:dominion", "Dominion leaderboard")
    shown = await second.settled()
    assert "@alice" in shown and "@bob" in shown
    # alice opens her hand from the old board's button and ends her turn; the bot plays.
    await second.run("as alice", "now acting as alice")
    hand = (await second.run(f"click {board}.1", r"#(\d+) BoardGamesBot \(only you\):"))[1]
    end = (await second.expect(rf"\[({hand}\.\d+)\] End turn"))[1]
    await second.send(f"click {end}")
    await second.expect("Waiting for @alice")  # the bot has played its turn
    await second.settled()
    last_board = latest(second.out, board)
    second.proc.kill()  # kill -9: no chance to save anything on the way out
    await second.proc.wait()

    third = await Session.start(tmp_path, env)
    await third.send(f"show {board}")
    await third.send("/leaderboard show game:dominion")
    after = await third.settled()
    assert latest(after, board) == last_board  # the board as it was last seen, buttons included
    assert "Dominion leaderboard" in after and "@alice" in after and "@bob" in after
    err = await third.quit()
    assert "Traceback" not in err and "violation" not in err, err
    assert "! " not in first.out + second.out + third.out  # no command was refused


async def test_the_terminal_client_as_a_person_uses_it(tmp_path: Path) -> None:
    """The bot's suggestions, a clear error for a bad number, and a user's own language: alice
    switches to Portuguese and her hand comes in Portuguese while the channel's board stays in
    the server's English; by label, a menu choice with spaces."""
    script = "\n".join(
        [
            "complete /dominion new kingdom:gen",
            "/everdell new players:abc",
            "locale pt-BR",
            '/dominion new "kingdom:First Game"',
            "select 1.6 Big Money",
            "click 1.4",
            "dms",
            "click 99.1",
            "quit",
        ]
    )
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    code, out, err = await run_offline(tmp_path, script + "\n", env)
    assert code == 0, out + err
    assert "(kingdom:Gentle Intro)" in out  # the bot's suggestion and what to type for it
    assert "! option players takes a whole number, not 'abc'" in out and "ValueError" not in out + err
    assert "alice's Discord language is now pt-BR" in out
    assert "🤖 Bot 1" in out  # the Big Money bot, picked by its label
    assert "== Dominion — game #1 — First Game ==" in out  # the public board: the server's English
    assert "== Sua mão — Dominion nº 1 ==" in out and "**Mão:**" in out  # alice's own: Portuguese
    assert "! there is no message #99" in out
    assert "Traceback" not in err, err
