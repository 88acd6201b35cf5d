"""Counting VP sources, the income mat's VP and income steps, and the final result."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from engine.core.result import Result, rank_by
from engine.games.tapestry import artificers, civs, effects, tapestries
from engine.games.tapestry import capital as cap
from engine.games.tapestry.asks import Gen
from engine.games.tapestry.data import BUILDINGS, RESOURCES, board

if TYPE_CHECKING:
    from engine.games.tapestry.game import TapestryGame


def count(g: TapestryGame, seat: int, what: str) -> int:
    """The number a 'VP per ...' benefit multiplies by."""
    p = g.players[seat]
    if what == "tech_cards":
        return len(p.tech)
    if what == "capital":
        rows, cols = cap.complete_lines(p.grid)
        return len(rows) + len(cols) + civs.capital_extra(g, seat)
    if what in ("rows", "columns"):  # masterpieces: not "scoring your capital" (no civilization extras)
        rows, cols = cap.complete_lines(p.grid)
        return len(rows) if what == "rows" else len(cols)
    if what == "territories":
        return len(g.controlled(seat))
    if what == "tiles":
        return len(p.tiles)
    if what == "landmarks":  # every landmark you have (Golem Minions)
        return len(p.landmarks)
    if what in BUILDINGS:
        return p.placed[what]
    if what == "buildings":  # every income building you have (Faefolk)
        return p.buildings()
    if what == "tapestries":
        return p.tapestry_count()
    if what == "charms":  # F&F charms visible on the income mat
        return p.charms
    if what.startswith("sp:"):
        return p.pos(what[3:])
    raise ValueError(f"unknown count {what!r}")


def exposed(g: TapestryGame, seat: int) -> list[str]:
    """Every icon showing on the income mat (a row exposes one space per building gone)."""
    p = g.players[seat]
    shape = artificers.shape(p)
    overlay = _overlay(g, seat)
    if p.art.get("inspiration") or overlay:
        # Arts & Architecture: tiles over some rows (the server's data set), on top of a F&F overlay
        # over some spaces (the `overlays` module)
        from engine.games.tapestry.arts_data import tiles

        laid = (tiles(g.options) or {}) if p.art.get("inspiration") else {}
        icons: list[str] = []
        for row in board().income_mat.rows:
            positions = [
                overlay.get((row.building, number), list(q.icons))
                for number, q in enumerate(row.positions, start=1)
            ]
            if row.building in (p.art.get("inspiration") or ()):
                positions = laid[row.building]
            for pos, shows in zip(positions, artificers.showing(p, row.building)):
                if shows:
                    icons.extend(pos)
        return icons
    if shape is not None:  # the Artificers' mat: the spaces themselves
        return list(_exposed_shape(shape))
    return list(_exposed(tuple(p.on_mat[row.building] for row in board().income_mat.rows)))


def _overlay(g: TapestryGame, seat: int) -> dict[tuple[str, int], list[str]]:
    if g.players[seat].overlay is None:
        return {}
    from engine.games.tapestry.modules.play import overlay_icons

    return overlay_icons(g, seat)


@lru_cache(maxsize=2048)
def _exposed(left: tuple[int, ...]) -> tuple[str, ...]:
    # asked by every view and income step; depends only on the buildings left in each row
    icons: list[str] = []
    for row, n in zip(board().income_mat.rows, left, strict=True):
        for pos in row.positions[: 6 - n]:
            icons.extend(pos.icons)
    return tuple(icons)


@lru_cache(maxsize=512)
def _exposed_shape(shape: tuple[tuple[bool, ...], ...]) -> tuple[str, ...]:
    # position 1 always shows; the five building spaces show when uncovered
    icons: list[str] = []
    for row in board().income_mat.rows:
        covered = shape[BUILDINGS.index(row.building)]
        for pos, hidden in zip(row.positions, (False, *covered), strict=True):
            if not hidden:
                icons.extend(pos.icons)
    return tuple(icons)


def income_vp(g: TapestryGame, seat: int) -> Gen:
    for icon in exposed(g, seat):
        if icon.startswith("vp"):
            yield from effects.token(g, seat, icon)


def income(g: TapestryGame, seat: int) -> Gen:
    coins = 0
    for icon in exposed(g, seat):
        if icon.startswith("vp"):
            continue
        if icon == "coin":
            coins += 1
        if (
            icon == "tapestry"
            and g.players[seat].income_turns == 1
            and g.options.get("first_income_draw_two")
        ):
            yield from tapestries.draw_two_keep_one(g, seat)
            continue
        yield from effects.token(g, seat, icon)
    if coins and tapestries.era_active(g, seat, "capitalism"):
        g.gain_vp(seat, 2 * coins, "capitalism")
    if tapestries.era_active(g, seat, "mercantilism"):
        yield from tapestries.mercantilism(g, seat)


def result(g: TapestryGame) -> Result:
    scores = tuple(p.vp for p in g.players)
    # tie-break: most resources left (the landmark heights of our rulebook's rule are unknown)
    left = tuple(sum(p.res[r] for r in RESOURCES) for p in g.players)
    ranks = rank_by([(scores[i], left[i]) for i in range(g.n)])
    winners = tuple(i for i in range(g.n) if ranks[i] == 1)
    return Result(
        scores=scores,
        ranks=ranks,
        turns=tuple(p.turns for p in g.players),
        winners=winners,
        details={
            "resources_left": list(left),
            "tie_break": "resources",
            "civilizations": [list(p.civs) for p in g.players],
            "achievements": [list(p.achievements) for p in g.players],
        },
    )
