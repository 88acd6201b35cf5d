"""The layers of DESIGN.md, enforced by import-linter's contracts in pyproject.toml."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import warnings
from fnmatch import fnmatch
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]

# import-linter has no `python -m` entry point; its console script is this function.
LINT = "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())"

# Contracts that do not hold yet, with the reason; each is checked again once removed from here.
PENDING: dict[str, str] = {}


def contracts() -> list[dict[str, Any]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = config["tool"]["importlinter"]["contracts"]
    return found


def lint(*contract_ids: str) -> subprocess.CompletedProcess[str]:
    args = [arg for cid in contract_ids for arg in ("--contract", cid)]
    return subprocess.run(
        [sys.executable, "-c", LINT, "--no-cache", "--no-logo", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


def test_every_contract_has_an_id() -> None:
    ids = [c.get("id") for c in contracts()]
    assert all(ids) and len(set(ids)) == len(ids), ids
    assert set(PENDING) <= set(ids), "a pending contract that does not exist"


def test_contracts_hold() -> None:
    ids = [c["id"] for c in contracts() if c["id"] not in PENDING]
    out = lint(*ids)
    assert out.returncode == 0, out.stdout + out.stderr


@pytest.mark.parametrize("contract_id", sorted(PENDING))
def test_pending_contract(contract_id: str) -> None:
    out = lint(contract_id)
    if out.returncode != 0:
        pytest.skip(f"{contract_id}: {PENDING[contract_id]}\n{out.stdout[-3000:]}")
    warnings.warn(f"{contract_id} holds now: remove it from PENDING so it stays enforced", stacklevel=1)


def test_every_game_package_is_independent() -> None:
    """A new game under engine/games is covered by the independence contract."""
    (independence,) = [c for c in contracts() if c["type"] == "independence"]
    patterns: list[str] = independence["modules"]
    games = ROOT / "engine" / "games"
    packages = sorted(p.name for p in games.iterdir() if (p / "__init__.py").is_file())
    assert packages, "no game package found"
    missing = [g for g in packages if not any(fnmatch(f"engine.games.{g}", pat) for pat in patterns)]
    assert not missing, f"game packages missing from the independence contract: {missing}"
