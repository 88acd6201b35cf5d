"""Everdell in words: resources, locations, option labels and event parameters.

The engine names things by id (`basic_3_twigs`, `card:12`, `pay:2.1.0.0`); this module turns those
ids into the players' language. Everything here reads the public view only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from bot.i18n import has, t
from bot.render.common import card_name, seat_name
from bot.table import Live
from engine.core import Option
from engine.games.everdell.data import RESOURCES
from engine.games.everdell.powers import STORE_CHOICES
from engine.games.everdell.state import SEASONS

GAME = "everdell"
RUGWORT = "🤖 Rugwort"
ICONS = {"twig": "🪵", "resin": "🍯", "pebble": "🪨", "berry": "🫐"}

Resources = Mapping[str, int] | Sequence[int]


# -- resources --------------------------------------------------------------------------------------
def as_counts(res: Resources) -> dict[str, int]:
    if isinstance(res, Mapping):
        return {r: int(res.get(r, 0)) for r in RESOURCES}
    return {r: int(n) for r, n in zip(RESOURCES, res, strict=True)}


def amount(resource: str, n: int, locale: str) -> str:
    """'1 twig', '3 twigs'."""
    noun = t(f"everdell.res.{resource}" if n == 1 else f"everdell.res_many.{resource}", locale)
    return f"{n} {noun}"


def resources(res: Resources, locale: str) -> str:
    """'2 twigs + 1 resin'; 'nothing' when empty."""
    parts = [amount(r, n, locale) for r, n in as_counts(res).items() if n]
    return " + ".join(parts) if parts else t("everdell.res.none", locale)


def icons(res: Resources, zeros: bool = False) -> str:
    """Compact form for embeds: '🪵2 🍯1'."""
    counts = as_counts(res)
    return " ".join(f"{ICONS[r]}{n}" for r, n in counts.items() if n or zeros) or "—"


def parse_vec(text: str) -> tuple[int, ...] | None:
    parts = text.split(".")
    if len(parts) != 4 or not all(p.isdigit() for p in parts):
        return None
    return tuple(int(p) for p in parts)


# -- the public view, once per state ----------------------------------------------------------------
def public_view(live: Live | None) -> dict[str, Any] | None:
    """`view(None)`, built once per match state (labels and lines ask for it many times)."""
    if live is None or live.match is None:
        return None
    return live.view(None)


def city_card(view: Mapping[str, Any] | None, uid: int) -> tuple[int, str] | None:
    """(owner seat, card id) of a card in a city."""
    for p in (view or {}).get("players", []):
        for cc in p["city"]:
            if cc["uid"] == uid:
                return p["seat"], cc["card"]
    return None


def name(card: str, locale: str) -> str:
    """Cards, events and board locations, from the game's own data."""
    return card_name(GAME, card, locale)


def seat_label(live: Live | None, seat: int) -> str:
    return seat_name(live, seat) if live is not None else f"#{seat + 1}"


def location(loc: str, locale: str, live: Live | None = None) -> str:
    """Any worker location key in words."""
    if loc.startswith("event:"):
        return name(loc[6:], locale)
    if loc.startswith("card:"):
        found = city_card(public_view(live), int(loc[5:])) if loc[5:].isdigit() else None
        if found is None:
            return t("everdell.loc.card_gone", locale)
        owner, card = found
        return t("everdell.loc.card", locale, card=name(card, locale), owner=seat_label(live, owner))
    if loc.startswith("meadow:"):
        return t("everdell.loc.meadow", locale, slot=int(loc[7:]) + 1)
    if loc.startswith("journey_"):
        return t("everdell.loc.journey", locale, points=loc[8:])
    return name(loc, locale)


# -- option labels ----------------------------------------------------------------------------------
def option_label(live: Live | None, option: Option, locale: str) -> str | None:
    """Labels the shared default cannot produce; None leaves the option to it (card names, keys)."""
    oid, label = option.id, option.label
    if label.startswith("nightweave.opt."):
        from bot.games.everdell.lair import option_label as her_label

        return her_label(option, locale)
    if label.startswith("everdell.pay."):
        return payment_label(option, locale)
    if label.startswith("everdell.res."):
        vec = parse_vec(label[13:])
        return resources(vec, locale) if vec is not None else amount(label[13:], 1, locale)
    if label.startswith("everdell.amount."):
        return amount(label[16:], option.cost or 0, locale)
    if label.startswith("everdell.store."):
        return resources(STORE_CHOICES.get(label[15:], {}), locale)
    if oid.startswith("seat:") and oid[5:].isdigit():
        return seat_label(live, int(oid[5:]))
    if label == "everdell.opt.worker":
        return t("everdell.label.worker", locale, where=location(option.group, locale, live))
    if oid.startswith("place:"):
        return place_label(live, option, locale)
    if oid == "play:pile" and option.card is not None:
        return t("everdell.label.play_pile", locale, card=name(option.card, locale))
    if oid.startswith("play:") and option.card is not None:
        where = (
            "hand" if oid.startswith("play:h:") else "legend" if oid.startswith("play:legend:") else "meadow"
        )
        return t(f"everdell.label.play_{where}", locale, card=name(option.card, locale))
    if option.card is None and label and "." not in label:
        return location(label, locale, live)  # a location offered by id (Lookout, Clock Tower...)
    return None


def place_label(live: Live | None, option: Option, locale: str) -> str:
    loc = option.id[6:]
    if loc.startswith("card:"):
        card = name(option.card or "", locale)
        if option.group.startswith("seat:") and option.group[5:].isdigit():
            return t("everdell.label.visit", locale, card=card, owner=seat_label(live, int(option.group[5:])))
        return t("everdell.label.visit_own", locale, card=card)
    if loc.startswith("event:"):
        return t("everdell.label.event", locale, event=name(loc[6:], locale))
    if loc.startswith("journey_"):
        return t("everdell.label.journey", locale, points=loc[8:])
    return t("everdell.label.place", locale, where=location(loc, locale, live))


def payment_label(option: Option, locale: str) -> str:
    """'Pay 2 twigs + 1 resin', 'Occupy Farm: free', from `<method>:<t>.<r>.<p>.<b>`."""
    method, _, vec_text = option.id.partition(":")
    kind = method.split("@")[0]
    vec = parse_vec(vec_text) or (0, 0, 0, 0)
    card = name(option.card, locale) if option.card else ""
    key = f"everdell.pay.{kind}" if has(f"everdell.pay.{kind}", locale) else "everdell.pay.pay"
    return t(key, locale, card=card, res=resources(vec, locale))


# -- event and prompt parameters --------------------------------------------------------------------
SEAT_KEYS = ("target", "by", "host")


def params(live: Live | None, data: dict[str, Any], locale: str) -> dict[str, Any]:
    """Overrides for the shared parameter wording (see `bot.render.common.localize_params`)."""
    out: dict[str, Any] = {}
    for key in ("res", "pay"):
        if isinstance(data.get(key), dict):
            out[key] = resources(data[key], locale)
    if isinstance(data.get("what"), str):
        from bot.games.everdell.lair import what_text

        out["what"] = what_text(data["what"], locale)
    why = data.get("why")
    if isinstance(why, str):
        # A basic or Forest location is named after its reward: naming it again says nothing.
        quiet = not why or why.startswith(("basic_", "forest_"))
        out["why"] = "" if quiet else f" ({why_text(why, locale)})"
    powers = data.get("powers")
    if isinstance(powers, list):
        out["powers"] = ", ".join(t(f"everdell.power.{x}", locale) for x in powers)
    elif isinstance(powers, dict):
        out["powers"] = "; ".join(
            f"{seat_label(live, int(s))}: {t(f'everdell.power.{x}', locale)}" for s, x in powers.items()
        )
    if isinstance(data.get("abilities"), list):  # a special Farm's two abilities, as scaled
        out["abilities"] = "\n".join(
            f"{i}. {ability_text(a, locale)}"
            for i, a in enumerate(data["abilities"], start=1)
            if isinstance(a, dict)
        )
    card = data.get("card")
    if isinstance(card, str) and has(f"nw.card.{card}", locale):  # Nightweave's Activity card
        out["card"] = t(f"nw.card.{card}", locale)
    if isinstance(data.get("location"), str):
        out["location"] = location(data["location"], locale, live)
    if isinstance(data.get("locations"), list):
        out["locations"] = ", ".join(location(x, locale, live) for x in data["locations"]) or "—"
    for key in SEAT_KEYS:
        if key in data:
            value = data[key]
            out[key] = f"**{seat_label(live, value)}**" if isinstance(value, int) else "—"
    if isinstance(data.get("source"), int):
        out["source"] = f"**{seat_label(live, data['source'])}**"
    if isinstance(data.get("order"), list):
        out["order"] = " → ".join(seat_label(live, s) for s in data["order"])
    if isinstance(data.get("meadow"), list):
        out["meadow"] = ", ".join(name(c, locale) for c in data["meadow"] if c) or "—"
    if isinstance(data.get("scores"), list):
        out["scores"] = " · ".join(f"{seat_label(live, s)} {v}" for s, v in enumerate(data["scores"]))
    if isinstance(data.get("season"), int) and 0 <= data["season"] < len(SEASONS):
        out["season"] = t(f"everdell.season.{SEASONS[data['season']]}", locale)  # Rugwort's moves
    if isinstance(data.get("slot"), int):
        out["slot"] = data["slot"] + 1
    if "discarded" in data:
        out["discarded"] = t("everdell.note.discarded", locale) if data["discarded"] else ""
    else:
        out["discarded"] = ""
    if "roll" in data:
        out["outcome"] = rugwort_outcome(live, data, locale)
    if isinstance(data.get("seat"), int):
        from bot.games.everdell import lair  # Nightweave's own steps

        if lair.is_hers(live, data):
            out.update(lair.params(live, data, locale))
    if "uid" in data and "by" in data:
        by = data["by"]
        out["by"] = (
            t("everdell.note.by", locale, player=f"**{seat_label(live, by)}**")
            if isinstance(by, int) and by != data.get("seat")
            else ""
        )
    return out


def ability_text(ability: Mapping[str, Any], locale: str) -> str:
    """'gain 🫐2 · draw 1 card · 2⭐' from a Farm ability's effects (their order of use)."""
    parts: list[str] = []
    for kind, value in ability.items():
        if kind == "gain" and isinstance(value, dict):
            parts.append(t("everdell.ability.gain", locale, res=resources(value, locale)))
        elif kind in ("gain_any", "draw", "points", "meadow") and isinstance(value, int):
            parts.append(t(f"everdell.ability.{kind}", locale, n=value))
    return " · ".join(parts) or "—"


def why_text(why: str, locale: str) -> str:
    key = f"everdell.why.{why}"
    if has(key, locale):
        return t(key, locale)
    from bot.games.everdell.lair import what_text  # a Nightweave module card or reason

    named = what_text(why, locale)
    return named if named != why else location(why, locale)


def rugwort_outcome(live: Live | None, data: dict[str, Any], locale: str) -> str:
    card = data.get("card")
    if not card:
        return t("everdell.rugwort.empty", locale)
    target = data.get("target")
    if isinstance(target, int) and target != data.get("seat"):
        return t(
            "everdell.rugwort.fool", locale, card=name(card, locale), player=f"**{seat_label(live, target)}**"
        )
    return t("everdell.rugwort.takes", locale, card=name(card, locale))


def seat(live: Live, seat_no: int) -> str | None:
    """The opponent the rules add without a seat (Rugwort in a one-seat game, Nightweave)."""
    view = public_view(live)
    players = (view or {}).get("players", [])
    if 0 <= seat_no < len(players) and players[seat_no].get("rugwort"):
        return RUGWORT
    if 0 <= seat_no < len(players) and players[seat_no].get("nightweave"):
        from bot.games.everdell.lair import her_name

        return her_name(live.record.locale)
    return None
