"""Corrin Evertail (Mistwood, the `corrin` option): five cards shuffled into the main deck.

Free plays by colour: a Corrin Construction hosts any Critter of its colour (`Card.hosts_color`),
a Corrin Critter sits free on any Construction of a colour (`Card.host_color`); both use the
host's Occupied token like the base pairs (`play.hosts`).

* Field (green): on play and at Production, 1 berry plus 1 per Farm in every opponent's city;
  each human opponent with Farms is asked whether to draw 1 card per Farm.
* Trail: a worker spot that uses, for its owner, a location an opponent's worker stands on.
* King: at game end, 1 point per purple Prosperity card in one opponent's city (`scoring.py`).
* Leader: after each action in which its owner drew cards from the deck, they may give one of
  those cards (still in hand) to an opponent for a point token.
* Warrior: on play, up to 8 gifts (a card or a single resource each) to any opponents, a point
  token per gift. Nightweave turns resources into card draws and cards into points
  (`NightweaveGame.settle_gifts`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.prompts import Option
from engine.games.everdell import places
from engine.games.everdell.asks import NONE, Step
from engine.games.everdell.data import RESOURCES, Card, Color, board
from engine.games.everdell.state import CityCard

if TYPE_CHECKING:
    from engine.games.everdell.game import EverdellGame
    from engine.games.everdell.powers import Power

FIELD, TRAIL, KING, LEADER, WARRIOR = (
    "corrin_field",
    "corrin_trail",
    "corrin_king",
    "corrin_leader",
    "corrin_warrior",
)
IDS: tuple[str, ...] = (FIELD, TRAIL, KING, LEADER, WARRIOR)
# The colour each card hosts (Constructions) or sits on (Critters), from the rulebook.
HOSTS_COLOR: dict[str, Color] = {FIELD: "production", TRAIL: "traveler"}
HOST_COLOR: dict[str, Color] = {KING: "prosperity", LEADER: "governance", WARRIOR: "destination"}
# What the Trail may not copy (Legendary cards and Events are left out by kind).
NOT_COPIED = frozenset({"cemetery", "chapel", "monastery", "pirate_ship", TRAIL})
WARRIOR_GIFTS = 8


def build(entries: list[dict[str, Any]]) -> list[Card]:
    """The five cards from complete entries (content.yaml plus the server's values)."""
    out = []
    for e in entries:
        out.append(
            Card(
                id=e["id"],
                en=e.get("name_en") or e["name_pt"],
                pt=e["name_pt"],
                pt_source="ours",
                kind=e["kind"],
                color=e["color"],
                unique=e["unique"],
                cost=e["cost"],
                points=e["points"],
                count=1,
                hosts_color=HOSTS_COLOR.get(e["id"]),
                host_color=HOST_COLOR.get(e["id"]),
                space=1 if e.get("takes_space", True) else 0,
                spots=1 if e["id"] == TRAIL else 0,
            )
        )
    return out


# ==============================================================================================
# Field
# ==============================================================================================
def farms_of(g: EverdellGame, q: int) -> int:
    return g.players[q].count("farm")


def field(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    others = g.others(p)  # the activating player's opponents, also when a Miner Mole copies it
    g.gain(p, {"berry": 1 + sum(farms_of(g, q) for q in others)}, cc.card)
    for q in others:
        n = farms_of(g, q)
        pl = g.players[q]
        if not n or q not in g.humans or pl.passed or pl.hand_size >= pl.hand_limit:
            continue  # Rugwort and Nightweave make no choices; a full hand draws nothing
        if (yield from g.yes_no(q, "everdell.prompt.corrin_field_draw", {"n": n, "by": p}, card=FIELD)):
            g.draw(q, n)


# ==============================================================================================
# Trail
# ==============================================================================================
def trail_targets(g: EverdellGame, p: int) -> list[str]:
    """Locations an opponent's worker stands on that the Trail may use for p."""
    from engine.games.everdell.powers import DESTINATIONS, usable

    out = []
    basic_forest = {loc.id for loc in board().basic} | set(g.forest)
    for loc, seats in sorted(g.occ.items()):
        if not any(s != p for s in seats):
            continue
        if loc in basic_forest:
            if not loc.startswith("forest_") or places.forest_usable(g, p, loc):
                out.append(loc)
        elif loc == "haven":
            out.append(loc)
        elif loc.startswith("card:"):
            found = g.owner_of(int(loc[5:]))
            if found is None:
                continue
            owner, target = found
            name = target.card
            if name in NOT_COPIED or name not in DESTINATIONS or name in g.fixed:
                continue  # `fixed`: the Legendary cards, which nothing copies
            if name == "storehouse":
                continue  # its spot takes what lies on that card: nothing there is p's
            if usable(g, p, target, owner):
                out.append(loc)
    return out


def trail(g: EverdellGame, p: int, cc: CityCard, owner: int) -> Step:
    from engine.games.everdell.powers import DESTINATIONS

    targets = trail_targets(g, p)
    if not targets:
        return
    opts = []
    for loc in targets:
        found = g.owner_of(int(loc[5:])) if loc.startswith("card:") else None
        card = found[1].card if found else None
        opts.append(Option(loc, card or loc, card=card, group="location"))
    loc = yield from g.choose(p, "everdell.prompt.corrin_trail", opts)
    g.emit("corrin_trail", seat=p, location=loc)
    if loc == "haven":
        yield from places.haven(g, p)
    elif loc.startswith("card:"):
        found = g.owner_of(int(loc[5:]))
        assert found is not None
        yield from DESTINATIONS[found[1].card](g, p, found[1], found[0])
    else:
        yield from places.reward(g, p, loc)


# ==============================================================================================
# King (scored at the end)
# ==============================================================================================
def king_points(g: EverdellGame, p: int) -> int:
    """The King's owner takes the opponent whose city holds the most purple Prosperity cards."""
    counts = [sum(1 for c in g.players[q].city if g.card[c.card].color == "prosperity") for q in g.others(p)]
    return max(counts, default=0)


# ==============================================================================================
# Leader
# ==============================================================================================
def note_draw(g: EverdellGame, p: int, drawn: list[str]) -> None:
    """Cards p drew from the deck; offered after the action when p has the Leader in play."""
    if g.players[p].has(LEADER):
        g.corrin_draws.append((p, list(drawn)))


def after_action(g: EverdellGame) -> Step:
    """Each draw of a Leader's owner since the last action may pass one drawn card on."""
    while g.corrin_draws:
        p, drawn = g.corrin_draws.pop(0)
        pl = g.players[p]
        left = list(pl.hand)
        still = []
        for name in drawn:
            if name in left:
                left.remove(name)
                still.append(name)
        if not still or not pl.has(LEADER) or not g.recipients(p, cards=True):
            continue
        opts = [Option(f"h:{name}", name, card=name, group="hand") for name in sorted(set(still))]
        opts.append(Option(NONE, "everdell.opt.none", group="end"))
        picked = yield from g.choose(
            p, "everdell.prompt.corrin_leader", opts, {"drawn": len(still)}, default=NONE
        )
        if picked == NONE:
            continue
        name = picked[2:]
        pl.hand.remove(name)
        q = yield from g.give_cards(p, [name], "everdell.prompt.corrin_leader_to")
        if q is not None:
            g.points(p, 1, LEADER)


# ==============================================================================================
# Warrior
# ==============================================================================================
def warrior(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    pl = g.players[p]
    for given in range(WARRIOR_GIFTS):
        hands = sorted(set(pl.hand)) if g.recipients(p, cards=True) else []
        opts = [Option(f"h:{name}", name, card=name, group="hand") for name in hands]
        opts += [Option(f"r:{r}", f"everdell.res.{r}", group="resource") for r in RESOURCES if pl.res[r]]
        if not opts or not g.recipients(p):
            return
        opts.append(Option(NONE, "everdell.opt.none", group="end"))
        picked = yield from g.choose(
            p, "everdell.prompt.corrin_warrior", opts, {"given": given, "max": WARRIOR_GIFTS}, default=NONE
        )
        if picked == NONE:
            return
        if picked.startswith("h:"):
            pl.hand.remove(picked[2:])
            q = yield from g.give_cards(p, [picked[2:]], "everdell.prompt.corrin_warrior_to")
        else:
            vec = tuple(1 if r == picked[2:] else 0 for r in RESOURCES)
            q = yield from g.give_resources(
                p, (vec[0], vec[1], vec[2], vec[3]), "everdell.prompt.corrin_warrior_to"
            )
        if q is not None:
            g.points(p, 1, WARRIOR)


def register(on_play: dict[str, Power], produce: dict[str, Power], destinations: dict[str, Power]) -> None:
    """Add the Corrin powers to the base dispatch tables (ids are fixed, so this is global)."""
    on_play[WARRIOR] = warrior
    produce[FIELD] = field
    destinations[TRAIL] = trail
