"""Start a game from a described position (scenario files and rules tests).

The normal setup runs first (seeded), then the position overrides what it names. Cards named in
hands, cities or the display leave the decks, so every card is still somewhere exactly once.
A player's supply defaults to the workers not placed anywhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.errors import InvalidSetup
from engine.games.architects.data import GOODS, apprentices, architects, buildings
from engine.games.architects.state import DISPLAY_ROWS, ORDINARY, WORKERS

if TYPE_CHECKING:
    from engine.games.architects.game import ArchitectsGame

PLAYER_KEYS = {
    "silver",
    "goods",
    "virtue",
    "debts",
    "paid",
    "hand",
    "apprentices",
    "buildings",
    "supply",
    "captives",
    "cathedral",
    "architect",
    "prison",
    "workers",
    "influence",
    "wonders",
}
WOW_KEYS = {"princess", "profiteer", "on_card", "contributions", "consequences", "wonder_res", "markers"}


def apply(g: ArchitectsGame, pos: dict[str, Any]) -> None:
    g.setup()
    for p in g.players:  # a position starts from plain side-A boards unless it says otherwise
        p.architect = None
        p.virtue = 7
        p.debts = 0
        p.res = dict.fromkeys(GOODS, 0)
    g.prison = [0] * g.n
    players = pos.get("players", [])
    if len(players) > g.n:
        raise InvalidSetup("error.architects.position", reason="more players than seats")
    used_b: list[str] = []
    used_a: list[str] = []
    for i, spec in enumerate(players):
        bad = set(spec) - PLAYER_KEYS
        if bad:
            raise InvalidSetup("error.architects.position", reason=f"unknown key {sorted(bad)[0]}")
        p = g.players[i]
        p.silver = int(spec.get("silver", p.silver))
        for k, v in spec.get("goods", {}).items():
            if k not in GOODS:
                raise InvalidSetup("error.architects.position", reason=f"unknown good {k}")
            p.res[k] = int(v)
        p.virtue = int(spec.get("virtue", p.virtue))
        p.debts = int(spec.get("debts", 0))
        p.paid = int(spec.get("paid", 0))
        p.hand = sorted(spec.get("hand", []))
        p.apprentices = list(spec.get("apprentices", []))
        p.buildings = list(spec.get("buildings", []))
        p.cathedral = int(spec.get("cathedral", 0))
        arch = spec.get("architect")
        if arch is not None and arch not in architects() and (g.wow is None or g.wow.board(arch) is None):
            raise InvalidSetup("error.architects.position", reason=f"unknown architect {arch}")
        p.architect = arch
        caps = list(spec.get("captives", [0] * g.n))
        p.captives = caps + [0] * (g.n - len(caps))
        g.prison[i] = int(spec.get("prison", 0))
        p.influence = int(spec.get("influence", 0))
        p.wonders = list(spec.get("wonders", []))
        for w in p.wonders:
            if g.wow is None or w not in g.wonder_owner:
                raise InvalidSetup("error.architects.position", reason=f"unknown wonder {w}")
            g.wonder_owner[w] = i
        for loc, n in spec.get("workers", {}).items():
            if loc not in ORDINARY:
                raise InvalidSetup("error.architects.position", reason=f"unknown location {loc}")
            g.at[loc][i] = int(n)
        used_b += p.hand + p.buildings
        used_a += p.apprentices
    for name in used_b:
        if name not in buildings():
            raise InvalidSetup("error.architects.position", reason=f"unknown building {name}")
    for name in used_a:
        if name not in apprentices():
            raise InvalidSetup("error.architects.position", reason=f"unknown apprentice {name}")
    g.tax = int(pos.get("tax", g.tax))
    g.market = list(pos.get("market", g.market))
    g.guildhall = list(pos.get("guildhall", []))
    if "display" in pos:
        rows = pos["display"]
        g.display = [list(rows[r]) + [None] * (g.cols - len(rows[r])) for r in range(DISPLAY_ROWS)]
    if "coins" in pos:
        g.coins = [list(r) for r in pos["coins"]]
    shown = [c for row in g.display for c in row if c is not None]
    if "display" in pos:
        used_a += shown
        for c in shown:
            if c not in apprentices():
                raise InvalidSetup("error.architects.position", reason=f"unknown apprentice {c}")
    if "apprentice_deck" in pos:
        g.app_deck = list(reversed(pos["apprentice_deck"]))
    else:
        g.app_deck = [c for c in g.app_deck if c not in used_a]
    if "deck" in pos:
        g.deck = list(reversed(pos["deck"]))
    else:
        g.deck = [c for c in g.deck if c not in used_b]
    if "rewards" in pos:
        g.rewards = [f"{r}#{k}" for k, r in enumerate(reversed(pos["rewards"]))]
    if "small" in pos:
        g.small = list(reversed(pos["small"]))
    if "large" in pos:
        g.large = list(reversed(pos["large"]))
    if "works_of_wonder" in pos:
        apply_wow(g, pos["works_of_wonder"])
    first = int(pos.get("first", 0))
    g.order = [(first + k) % g.n for k in range(g.n)]
    g.current = first
    if pos.get("final_left") is not None:
        g.final_left = int(pos["final_left"])
    for i, p in enumerate(g.players):
        spec = players[i] if i < len(players) else {}
        placed = (
            sum(g.at[loc][i] for loc in ORDINARY)
            + g.prison[i]
            + g.held_by_others(i)
            + sum(1 for s in g.guildhall if s == i)
            + sum(1 for s in g.market if s == i)
        )
        p.supply = int(spec.get("supply", WORKERS - placed))


def apply_wow(g: ArchitectsGame, spec: dict[str, Any]) -> None:
    """Works of Wonder: the figures, the Contribution card and its piles, Wonders and markers.
    `contributions` and `consequences` list top card first (the active Consequence first)."""
    if g.wow is None:
        raise InvalidSetup("error.architects.position", reason="works_of_wonder is off")
    bad = set(spec) - WOW_KEYS
    if bad:
        raise InvalidSetup("error.architects.position", reason=f"unknown key {sorted(bad)[0]}")
    known = {c.id for c in g.wow.contributions}
    if "consequences" in spec:
        g.consequences = list(reversed(spec["consequences"]))
        cons = g.wow.contribution(g.consequences[-1])
        g.profiteer, g.princess = cons.profiteer_at, cons.princess_at
    if "contributions" in spec:
        g.contrib_deck = list(reversed(spec["contributions"]))
    elif "consequences" in spec:
        g.contrib_deck = sorted(known - set(g.consequences))
    for c in g.contrib_deck + g.consequences:
        if c not in known:
            raise InvalidSetup("error.architects.position", reason=f"unknown contribution {c}")
    g.princess = str(spec.get("princess", g.princess))
    g.profiteer = str(spec.get("profiteer", g.profiteer))
    g.on_card = list(spec.get("on_card", []))
    for w, n in spec.get("wonder_res", {}).items():
        g.wonder_res[w] = int(n)
    g.markers = dict(spec.get("markers", {}))
