"""The engine stays pure: no Discord, asyncio, SQL or bot code anywhere in its import graph."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FORBIDDEN_IN_ENGINE = {"discord", "asyncio", "aiosqlite", "sqlite3", "aiohttp", "storage", "bot", "cogs"}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_engine_sources_import_nothing_forbidden() -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(imported_roots(path) & FORBIDDEN_IN_ENGINE)
        for path in (ROOT / "engine").rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_games_never_import_each_other() -> None:
    games = ROOT / "engine" / "games"
    names = {p.name for p in games.iterdir() if p.is_dir() and not p.name.startswith("_")}
    for game in names:
        for path in (games / game).rglob("*.py"):
            source = path.read_text(encoding="utf-8")
            for other in names - {game}:
                assert f"engine.games.{other}" not in source, f"{path} imports {other}"


def test_engine_import_graph_at_runtime_is_clean() -> None:
    """Importing and playing a game loads none of the forbidden modules."""
    code = (
        "import sys\n"
        "from engine.core import Match, SeatSpec\n"
        "m = Match('dominion', [SeatSpec(), SeatSpec()], {'kingdom': 'First Game'}, 1)\n"
        "m.view(0)\n"
        f"bad = sorted(n for n in sys.modules if n.split('.')[0] in {sorted(FORBIDDEN_IN_ENGINE)!r})\n"
        "print(bad)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "[]"


def test_lower_layers_never_import_upper_ones() -> None:
    rules = {"storage": {"bot", "cogs", "discord"}, "bot": {"cogs"}}
    for layer, banned in rules.items():
        for path in (ROOT / layer).rglob("*.py"):
            if layer == "bot" and "standin" in path.parts:
                continue
            assert not (imported_roots(path) & banned), f"{path} imports {imported_roots(path) & banned}"
