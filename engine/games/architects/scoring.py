"""The end: Virtue changes of Buildings before scoring, then the score sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.flow import Flow
from engine.games.architects.data import board
from engine.games.architects.wonders import wonder_vp

if TYPE_CHECKING:
    from engine.games.architects.game import ArchitectsGame

MARKETS = {"stone_market": "stone", "wood_market": "wood", "clay_market": "clay", "silver_market": "silver"}
HUTS = {"tilers_hut": "tiling", "carpenters_hut": "carpentry", "masons_hut": "masonry"}
BONUSES = frozenset(
    {*MARKETS, *HUTS, "steeple", "aqueduct", "university", "moneylender", "lighthouse", "keep"}
    | {"country_house", "mansion", "strongroom", "wall"}  # Works of Wonder
)
# Works of Wonder: end-of-game Virtue (after the base ones), skills counted by three of them
WOW_END_VIRTUE = ("joinery", "pottery", "potters_guild", "outpost", "fortification")
SKILL_OF = {"joinery": "carpentry", "pottery": "tiling", "potters_guild": "masonry"}
# end-of-game Virtue changes, in the order they apply
END_VIRTUE = ("trading_post", "castle", "chapel", "dungeon", "observatory", "reservoir", "museum")


def highest(g: ArchitectsGame, seat: int, value: list[int]) -> bool:
    return all(value[seat] > value[s] for s in range(g.n) if s != seat)


def end_virtue(g: ArchitectsGame, seat: int) -> Flow:
    p = g.players[seat]
    twin = g.ability(seat) == "gold_is_marble"  # Therese: Gold and Marble count for each other
    for b in END_VIRTUE:
        if b not in p.buildings:
            continue
        if b == "trading_post":
            delta = (p.res["clay"] + p.res["wood"] + p.res["stone"]) // 4
        elif b == "castle":
            delta = (p.res["gold"] + (p.res["marble"] if twin else 0)) // 2
        elif b == "chapel":
            delta = 2 if highest(g, seat, [q.cathedral for q in g.players]) else 0
        elif b == "dungeon":
            delta = -2
        elif b == "observatory":
            delta = (p.res["marble"] + (p.res["gold"] if twin else 0)) // 2
        elif b == "reservoir":
            delta = p.paid // 2
        else:
            delta = (len(p.buildings) + len(p.wonders)) // 2
        yield from g.change_virtue(seat, delta, b)
    if g.wow is None:
        return
    for b in WOW_END_VIRTUE:
        if b not in p.buildings:
            continue
        each = g.building(b).amount or 0
        if b in SKILL_OF:
            apps = g.apprentice_table
            yield from g.change_virtue(
                seat, each * sum(1 for a in p.apprentices if SKILL_OF[b] in apps[a].skills), b
            )
        elif b == "outpost":
            if highest(g, seat, [q.influence for q in g.players]):
                yield from g.change_virtue(seat, each, b)
        else:  # fortification: the Prison lets every worker of yours go before scoring
            n = g.prison[seat]
            g.prison[seat] = 0
            p.supply += n
            g.emit("release", seat, count=n)


def amount(g: ArchitectsGame, seat: int, good: str) -> int:
    return g.market_count(seat, good)


def building_bonus(g: ArchitectsGame, seat: int, b: str) -> int:
    """The end-of-game VP a Building adds to its printed value."""
    p = g.players[seat]
    if b in MARKETS:
        good = MARKETS[b]
        return 2 if highest(g, seat, [amount(g, s, good) for s in range(g.n)]) else 0
    if b in HUTS:
        apps = g.apprentice_table
        return sum(1 for a in p.apprentices if HUTS[b] in apps[a].skills)
    if b == "steeple":
        return 2 if highest(g, seat, [q.cathedral for q in g.players]) else 0
    if b == "aqueduct":
        return len(p.buildings) + len(p.wonders)
    if b == "university":
        return 2 if p.debts == 0 else 0
    if b == "moneylender":
        return p.paid
    if b == "lighthouse":
        return p.virtue // 4
    if b == "keep":
        return sum(p.captives) // 3
    each = g.building(b).amount or 1  # Works of Wonder: the number the card names
    if b == "country_house":
        return p.influence // each
    if b == "mansion":
        return each * len(p.wonders)
    if b == "strongroom":
        return p.silver // each
    if b == "wall":
        return (len(p.buildings) + len(p.wonders) + p.cathedral) // each
    return 0


def breakdown(g: ArchitectsGame, seat: int) -> dict[str, int]:
    p = g.players[seat]
    table = g.building_table
    printed = bonus = 0
    for b in p.buildings:
        printed += table[b].vp
        if b in BONUSES:
            bonus += building_bonus(g, seat, b)
    built = p.buildings
    per_debt = 2 - ("fountain" in built) + ("gamblers_den" in built)
    data = board()
    sheet = {
        "buildings": printed,
        "building_bonus": bonus,
        "cathedral": data.cathedral[p.cathedral - 1].vp if p.cathedral else 0,
        "virtue": data.virtue[p.virtue].vp,
        "gold_marble": p.res["gold"] + p.res["marble"],
        "silver": p.silver // 10,
        "debts": -per_debt * p.debts,
        "prison": -(g.prison[seat] // 2),
    }
    if g.wow is not None:
        sheet["wonders"] = wonder_vp(g, seat)
    sheet["total"] = sum(sheet.values())
    return sheet


def total(g: ArchitectsGame, seat: int) -> int:
    """`breakdown(g, seat)["total"]` without the sheet: every view shows every player's score."""
    p = g.players[seat]
    table = g.building_table
    points = 0
    for b in p.buildings:
        points += table[b].vp
        if b in BONUSES:
            points += building_bonus(g, seat, b)
    built = p.buildings
    per_debt = 2 - ("fountain" in built) + ("gamblers_den" in built)
    data = board()
    if p.cathedral:
        points += data.cathedral[p.cathedral - 1].vp
    res = p.res
    return (
        points
        + wonder_vp(g, seat)
        + data.virtue[p.virtue].vp
        + res["gold"]
        + res["marble"]
        + p.silver // 10
        - per_debt * p.debts
        - g.prison[seat] // 2
    )
