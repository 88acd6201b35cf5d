"""Through Every Season (Mistwood, the `farms` option): 8 special Farms replace the base ones.

Each is a green Production Construction and a Farm for every rule that counts Farms (Husband and
Wife, Barge Toad, General Store, Corrin's Field, the Pigs' pile). Its two abilities come from the
server's completion file (`mistwood/pack_schema.py` describes the effect kinds); every
activation, on play and at Production, asks the owner which one to use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.prompts import Option
from engine.games.everdell.asks import Step
from engine.games.everdell.data import Card
from engine.games.everdell.state import SPECIAL_FARM, CityCard

if TYPE_CHECKING:
    from engine.games.everdell.game import EverdellGame
    from engine.games.everdell.powers import Power

HOSTED = ("husband", "wife")  # what any Farm hosts for free
ABILITY_LABELS = ("everdell.opt.farm_ability_1", "everdell.opt.farm_ability_2")


def is_farm(name: str) -> bool:
    return name == "farm" or name.startswith(SPECIAL_FARM)


def build(entries: list[dict[str, Any]]) -> list[Card]:
    return [
        Card(
            id=e["id"],
            en=e["name_en"],
            pt=e["name_pt"],
            pt_source="ours",
            kind="construction",
            color="production",
            unique=False,
            cost=e["cost"],
            points=e["points"],
            count=1,
            hosts=HOSTED,
        )
        for e in entries
    ]


def power(name: str) -> Power | None:
    """The production power of a special Farm (base cards have theirs in `powers.PRODUCE`)."""
    return activate if name.startswith(SPECIAL_FARM) else None


def scaled(ability: dict[str, Any], farms: int) -> dict[str, Any]:
    """The ability's numbers, repeated per Farm when it says `per_farm`."""
    times = farms if ability.get("per_farm") else 1
    out: dict[str, Any] = {}
    for kind, value in ability.items():
        if kind == "gain":
            out[kind] = {r: v * times for r, v in value.items()}
        elif kind != "per_farm":
            out[kind] = value * times
    return out


def activate(g: EverdellGame, p: int, cc: CityCard, host: int) -> Step:
    abilities = g.farm_abilities[cc.card]
    farms = g.players[host].count("farm")
    shown = [scaled(a, farms) for a in abilities]
    opts = [Option(f"a{i}", label, card=cc.card, group="ability") for i, label in enumerate(ABILITY_LABELS)]
    picked = yield from g.choose(
        p, "everdell.prompt.farm_ability", opts, {"card": cc.card, "abilities": shown}, default="a0"
    )
    effect = shown[int(picked[1:])]
    g.emit("farm_ability", seat=p, card=cc.card, ability=int(picked[1:]) + 1)
    yield from apply(g, p, effect, cc.card)


def apply(g: EverdellGame, p: int, effect: dict[str, Any], why: str) -> Step:
    if "gain" in effect:
        g.gain(p, dict(effect["gain"]), why)
    if effect.get("gain_any"):
        vec = yield from g.choose_gain(p, effect["gain_any"])
        g.gain(p, vec, why)
    if effect.get("draw"):
        g.draw(p, effect["draw"])
    if effect.get("points"):
        g.points(p, effect["points"], why)
    if effect.get("meadow"):
        pl = g.players[p]
        room = pl.hand_limit - pl.hand_size
        slots = g.meadow_slots()
        opts = [Option(f"m{s}", g.meadow[s] or "", card=g.meadow[s], group="meadow") for s in slots]
        most = min(effect["meadow"], room)
        picked = yield from g.choose_many(p, "everdell.prompt.farm_meadow", opts, 0, most, {"max": most})
        if picked:
            yield from g.meadow_to_hand(p, [int(x[1:]) for x in picked])


def pile_top(g: EverdellGame) -> str:
    """The Pigs' pile top card (base Farms, or the shuffled special ones)."""
    return g.pig_pile[-1]
