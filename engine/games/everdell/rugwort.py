"""Rugwort, the base game's solo opponent, run by the rules themselves.

He has no hand and ignores card text and costs: each time the player plays a card, a d8 (the
match RNG) picks a Meadow slot and that card goes into his city. His workers only block: one on
a Forest card, one on an exclusive basic location, and new ones on Meadow slots 1-4 as the
seasons pass. Readings of unclear rules are listed in this package's README.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.everdell.asks import Step
from engine.games.everdell.data import basic_events
from engine.games.everdell.state import EventClaim

if TYPE_CHECKING:
    from engine.games.everdell.game import EverdellGame

BASIC_TRACK = ("basic_3_twigs", "basic_2_resin", "basic_1_pebble", "basic_1_berry_1_card")
JOURNEY_BY_YEAR = {1: "journey_3", 2: "journey_4", 3: "journey_5"}
MEADOW_WORKERS = {1: (0,), 2: (1,), 3: (2, 3)}  # season -> Meadow slots his new workers block
NAMES = {1: "Rugwort the Rascal", 2: "Rugwort the Rotten", 3: "Rugwort the Rapscallion"}


def seat(g: EverdellGame) -> int:
    assert g.rug is not None
    return g.rug


def setup(g: EverdellGame) -> None:
    r = seat(g)
    g.players[r].workers = 2
    g.occupy(r, g.forest[0])
    g.occupy(r, BASIC_TRACK[0])
    g.emit("rugwort_setup", seat=r, year=g.year, locations=[g.forest[0], BASIC_TRACK[0]])


def react(g: EverdellGame) -> None:
    """The player just played a card: Rugwort takes the Meadow card the d8 points at."""
    r = seat(g)
    roll = g.rng.randrange(8) + 1
    slot = roll - 1
    name = g.meadow[slot]
    if name is None:
        g.emit("rugwort_roll", seat=r, roll=roll, card=None)
        return
    g.meadow[slot] = None
    human = g.players[g.humans[0]]
    target = r
    if name == "fool" and not human.has("fool") and g.fits(human, "fool"):
        target = human.seat
    from engine.games.everdell.state import CityCard

    g.players[target].city.append(CityCard(g.new_uid(), name))
    g.emit("rugwort_roll", seat=r, roll=roll, card=name, target=target)
    g.refill()


def fool_played(g: EverdellGame, p: int) -> Step:
    """A Fool played against Rugwort is discarded and removes one card of his choosing city."""
    r = seat(g)
    g.discard.append("fool")
    target = yield from g.pick_city_card(p, "everdell.prompt.rugwort_fool", list(g.players[r].city))
    if target is not None:
        g.remove_from_city(r, target)


def prepare(g: EverdellGame, season: int) -> None:
    """After each of the player's Prepare for Season actions."""
    r = seat(g)
    pl = g.players[r]
    for ev in g.basic_events:
        spec = basic_events()[ev]
        if ev not in g.claims and g.color_count(pl, spec.color) >= spec.need:
            g.claims[ev] = EventClaim(owner=r)
            pl.events.append(ev)
            g.emit("claim", seat=r, event=ev)
    for slot in MEADOW_WORKERS[season]:
        g.occupy(r, f"meadow:{slot}")
        g.blocked.add(slot)
        pl.workers += 1
    forest = next(w for w in pl.placed if w.loc in g.forest or w.loc.startswith("journey"))
    g.take_back(r, forest)
    if season < 3:
        g.occupy(r, g.forest[min(season, len(g.forest) - 1)])
    else:
        loc = JOURNEY_BY_YEAR[g.year]
        g.occupy(r, loc)
        pl.journey = int(loc.split("_")[1])
    basic = next(w for w in pl.placed if w.loc in BASIC_TRACK)
    g.take_back(r, basic)
    if season == 3 and g.year == 3:
        # Year 3: his basic worker and one of the player's workers leave the game
        g.players[g.humans[0]].workers -= 1
    else:
        g.occupy(r, BASIC_TRACK[season])
    g.emit("rugwort_prepare", seat=r, season=season, locations=[w.loc for w in pl.placed])
