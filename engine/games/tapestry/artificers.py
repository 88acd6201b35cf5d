"""The Artificers (Fantasies & Futures): the buildings of their income mat slide.

Everyone else's income mat is a count per row (the buildings left; they go from the left, so the
first spaces show). The Artificers' rows need the spaces themselves: `artificers:rows` holds, per
building type, whether each of the five building spaces (printed positions 2-6) is covered.
Position 1 always shows. Taking a building for the capital takes the leftmost one of its row, as
on any mat. Once a row has been slid it keeps its shape, even if the civilization is lost.
`Player.on_mat` stays the number of buildings on the mat, so everything that counts them is
unchanged; what shows is read through `showing`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.tapestry.asks import Gen, opt
from engine.games.tapestry.data import BUILDINGS

if TYPE_CHECKING:
    from engine.games.tapestry.game import TapestryGame

CIV = "artificers"
ROWS = "artificers:rows"
ASIDE = "artificers:aside"  # buildings set aside, per type (out of the game)
SPACES = 5  # building spaces per row (positions 2-6)
BUILT = ("M", "H", "F", "A")  # the capital grid's letters for the four income buildings


def rows_of(p: Any) -> dict[str, list[bool]] | None:
    rows: dict[str, list[bool]] | None = p.civ.get(ROWS)
    return rows


def showing(p: Any, kind: str) -> list[bool]:
    """For positions 1-6 of a row, whether the space shows (no building on it)."""
    rows = rows_of(p)
    if rows is None:
        gone = SPACES - p.on_mat[kind]
        return [True] + [j < gone for j in range(SPACES)]
    return [True] + [not covered for covered in rows[kind]]


def shows(p: Any, kind: str, position: int) -> bool:
    """Whether printed position `position` (1-6) of the row shows (its innovation is exposed)."""
    return showing(p, kind)[position - 1]


def shape(p: Any) -> tuple[tuple[bool, ...], ...] | None:
    """The mat's shape for the exposed-icons cache (None: a plain mat)."""
    rows = rows_of(p)
    return None if rows is None else tuple(tuple(rows[k]) for k in BUILDINGS)


def take(p: Any, kind: str) -> None:
    """A building leaves the mat from the left (into the capital or set aside)."""
    rows = rows_of(p)
    if rows is not None:
        rows[kind][rows[kind].index(True)] = False


def ensure(p: Any) -> dict[str, list[bool]]:
    """The mat's spaces, built from the counts the first time they are needed."""
    if ROWS not in p.civ:
        gone = {k: SPACES - p.on_mat[k] for k in BUILDINGS}
        p.civ[ROWS] = {k: [j >= gone[k] for j in range(SPACES)] for k in BUILDINGS}
        p.civ[ASIDE] = dict.fromkeys(BUILDINGS, 0)
    rows: dict[str, list[bool]] = p.civ[ROWS]
    return rows


def start(g: TapestryGame, seat: int, starting: bool) -> Gen:
    ensure(g.players[seat])
    return
    yield


def can_slide(row: list[bool]) -> bool:
    """The leftmost building has an empty space just left of it (position 2 is the last)."""
    if True not in row:
        return False
    first = row.index(True)
    return first > 0 and not row[first - 1]


def slide_one(row: list[bool]) -> None:
    first = row.index(True)
    row[first - 1], row[first] = True, False


def slide_all(row: list[bool]) -> None:
    n = sum(row)
    row[:] = [j < n for j in range(SPACES)]


def income(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    rows = ensure(p)
    if p.income_turns == 5:
        yield from final(g, seat, rows)
        return
    opts = []
    for kind in BUILDINGS:
        if True in rows[kind]:
            opts.append(opt(f"aside:{kind}", "tapestry.artificers_aside", group=kind))
        if can_slide(rows[kind]):
            opts.append(opt(f"slide:{kind}", "tapestry.artificers_slide", group=kind))
    if not opts:
        g.emit("artificers_nothing", seat)
        return
    choice = yield from g.pick(seat, "tapestry.prompt.artificers", opts, default=opts[0].id)
    what, kind = choice.split(":")
    if what == "aside":
        take(p, kind)
        p.on_mat[kind] -= 1
        p.civ[ASIDE][kind] += 1
        g.emit("artificers_aside", seat, what=kind)
    else:
        slide_one(rows[kind])
        g.emit("artificers_slide", seat, what=kind, spaces=list(rows[kind]))


def final(g: TapestryGame, seat: int, rows: dict[str, list[bool]]) -> Gen:
    p = g.players[seat]
    vp = in_capital(p)
    opts = [opt("vp", "tapestry.artificers_vp")]
    opts += [
        opt(f"slide_all:{k}", "tapestry.artificers_slide_all", group=k)
        for k in BUILDINGS
        if rows[k] != [j < sum(rows[k]) for j in range(SPACES)]  # sliding would move something
    ]
    choice = yield from g.pick(
        seat, "tapestry.prompt.artificers_final", opts, default="vp", params={"vp": vp}
    )
    if choice == "vp":
        g.gain_vp(seat, vp, "artificers")
        return
    kind = choice.split(":")[1]
    slide_all(rows[kind])
    g.emit("artificers_slide", seat, what=kind, spaces=list(rows[kind]))


def in_capital(p: Any) -> int:
    """Income buildings on the capital's plots (not those beside it or on other mats)."""
    return sum(1 for line in p.grid for cell in line if cell in BUILT)


def aside_count(p: Any, kind: str) -> int:
    aside: dict[str, int] = p.civ.get(ASIDE) or {}
    return aside.get(kind, 0)
