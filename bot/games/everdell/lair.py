"""Nightweave at an Everdell table: her name, the words for her `nw_*` events, one channel line
per turn, and her lair on the board embed. Reads the public view only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.games.everdell.text import icons, location, public_view, seat_label
from bot.i18n import has, join_names, t
from bot.render.common import event_line, seat_name
from bot.table import Live
from engine.core import Event, Option
from engine.games.everdell import card_name
from engine.games.everdell.mistwood import loader
from engine.games.everdell.mistwood.nightweave import board

MARK = "🕸️"
# Steps the channel line and the board log leave out: the card she flipped and the row it chose
# are visible in what she then does.
QUIET = frozenset({"nw_flip", "nw_action", "nw_modules"})
SEASON_ICON = {"winter": "❄️", "spring": "🌱", "summer": "☀️", "autumn": "🍂"}


def lair_of(view: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    lair = (view or {}).get("nightweave")
    return lair if isinstance(lair, Mapping) else None


def her_seat(view: Mapping[str, Any] | None) -> int | None:
    lair = lair_of(view)
    return int(lair["seat"]) if lair is not None else None


def her_name(locale: str) -> str:
    return f"{MARK} {t('nw.name', locale)}"


def module_name(kind: str, card: str, locale: str) -> str:
    deck = {"personality": loader.personalities, "plan": loader.plans, "plot": loader.plots}[kind]()
    found = deck.by_id().get(card)
    if found is None:
        return card
    return found.name_pt if locale == "pt" else found.name_en


def named_module(card: str, locale: str) -> str | None:
    """The name of the Plot, Plan or Personality `card` is, or None when it is none of them."""
    for kind in ("plot", "plan", "personality"):
        named = module_name(kind, card, locale)
        if named != card:
            return named
    return None


def module_labels(data: Mapping[str, Any], locale: str) -> list[str]:
    """Her Personality and Plan as labels, leaving out the ones she plays without."""
    out = []
    if data.get("personality"):
        out.append(t("nw.personality_label", locale, name=module_name("personality", data["personality"], locale)))
    if data.get("plan"):
        out.append(t("nw.plan_label", locale, name=module_name("plan", data["plan"], locale)))
    return out


def level_name(level: int, locale: str) -> str:
    row = loader.default_scoring().level(level)
    return row.name_pt if locale == "pt" else row.name_en


# -- words for her actions and spots -----------------------------------------------------------------
def action_text(text: str, locale: str) -> str:
    """An action string from her card (`forest:top_left+difficulty`) in words."""
    base, _, points = text.partition("+")
    kind, _, target = base.partition(":")
    if kind == "forest":
        words = t("nw.act.forest", locale, where=t(f"nw.forest.{target}", locale))
    elif kind == "basic":
        words = t("nw.act.basic", locale, where=card_name(target, locale))
    elif kind == "journey":
        words = t("nw.act.journey", locale, n=target)
    else:
        words = t(f"nw.act.{kind}", locale)
    if points:
        amount = t("nw.difficulty", locale) if points == "difficulty" else points
        words += " " + t("nw.plus_points", locale, n=amount)
    return words


def target_text(target: str, locale: str) -> str:
    """The spot an Activity card aimed at (a Forest position, a Journey value or a location id)."""
    if target in board.FOREST_POSITIONS:
        return t(f"nw.forest.{target}", locale)
    if target.isdigit():
        return t("nw.journey", locale, n=target)
    return card_name(target, locale)


def city_card(view: Mapping[str, Any] | None, uid: int) -> tuple[int, str] | None:
    for p in (view or {}).get("players", []):
        for cc in p["city"]:
            if cc["uid"] == uid:
                return int(p["seat"]), str(cc["card"])
    return None


def spot_text(live: Live | None, view: Mapping[str, Any] | None, loc: str, locale: str) -> str:
    """Where one of her spiders stands: a board location, her lair, a card in a village."""
    if loc == "lair":
        return t("nw.lair", locale)
    if loc.startswith(("own:", "card:")):
        uid = loc.rsplit(":", 1)[1]
        found = city_card(view, int(uid)) if uid.isdigit() else None
        if found is None:
            return t("everdell.loc.card_gone", locale)
        owner, card = found
        return t("nw.loc.card_in", locale, card=card_name(card, locale), owner=seat_label(live, owner))
    return location(loc, locale, live)


def source_text(live: Live | None, source: str, locale: str) -> str:
    if source.startswith("meadow:"):
        return t("nw.src.meadow_slot", locale, slot=source[7:])
    if source.startswith("city:") and source[5:].isdigit():
        return t("nw.src.city", locale, player=seat_label(live, int(source[5:])))
    key = f"nw.src.{source}"
    return t(key, locale) if has(key) else source


def why_text(data: Mapping[str, Any], locale: str) -> str:
    why = data.get("why")
    if data.get("final"):
        why = "final"
    elif data.get("free"):
        why = "free"
    if not isinstance(why, str) or not why:
        return ""
    if has(f"nw.why.{why}"):
        return f" ({t(f'nw.why.{why}', locale)})"
    named = named_module(why, locale)
    return f" ({why if named is None else named})"


# -- her prompts: thwarts, amounts, "your choice" -----------------------------------------------------
def option_label(option: Option, locale: str) -> str | None:
    """Thwart and amount options carry their price in `cost` (never Dominion coins)."""
    if option.label == "nightweave.opt.thwart":
        return t(option.label, locale, cost=option.cost or 0)
    if option.label == "nightweave.opt.amount":
        return str(option.cost or 0)
    if option.label.startswith("nightweave.opt."):
        return t(option.label, locale)
    return None


def extra_line(extra: object, locale: str) -> str | None:
    """What her module cards add to the card being paid for (a payment prompt's `extra`)."""
    if not isinstance(extra, Mapping):
        return None
    items = []
    surcharge = extra.get("surcharge")
    if isinstance(surcharge, Mapping) and surcharge:
        what = what_text(str(extra.get("why", "")), locale)
        items.append(t("everdell.hand.surcharge", locale, res=icons(surcharge), what=what))
    for toll in extra.get("tolls") or []:
        kinds = "_".join(toll.get("kinds") or ())
        what = what_text(str(toll.get("what", "")), locale)
        items.append(t(f"everdell.hand.toll.{kinds}", locale, n=toll.get("n", 0), what=what))
    return t("everdell.hand.extra", locale, items="; ".join(items)) if items else None


def what_text(what: str, locale: str) -> str:
    """What a thwart or a payment protects against: a module card, or one of her reasons."""
    named = named_module(what, locale)
    if named is not None:
        return named
    return t(f"nw.why.{what}", locale) if has(f"nw.why.{what}") else what


# -- event parameters ---------------------------------------------------------------------------------
def is_hers(live: Live | None, data: Mapping[str, Any]) -> bool:
    seat = her_seat(public_view(live))
    return seat is not None and data.get("seat") == seat


def params(live: Live | None, data: Mapping[str, Any], locale: str) -> dict[str, Any]:
    """Her events' parameters in words (applied after the game's shared wording)."""
    view = public_view(live)
    out: dict[str, Any] = {"why": why_text(data, locale)}
    if isinstance(data.get("source"), str):
        out["source"] = source_text(live, data["source"], locale)
    if isinstance(data.get("loc"), str):
        out["loc"] = spot_text(live, view, data["loc"], locale)
    if isinstance(data.get("moved_to"), str):
        out["moved_to"] = spot_text(live, view, data["moved_to"], locale)
    if isinstance(data.get("target"), str):
        out["target"] = target_text(data["target"], locale)
    if isinstance(data.get("action"), str):
        out["action"] = action_text(data["action"], locale)
    if isinstance(data.get("slot"), str):
        out["slot"] = t(f"nw.slot.{data['slot']}", locale)
    elif isinstance(data.get("slot"), int):
        out["slot"] = data["slot"]  # her log counts Meadow slots from 1 already
    if isinstance(data.get("to"), int):
        out["to"] = f"**{seat_label(live, data['to'])}**"
    for kind in ("plot", "personality"):
        if isinstance(data.get(kind), str):
            out[kind] = module_name(kind, data[kind], locale)
    if "plan" in data:  # the modules she plays with (her first log entry)
        out["modules"] = ", ".join(module_labels(data, locale)) or t("nw.modules_none", locale)
    return out


# -- one channel line per turn ------------------------------------------------------------------------
def summary(live: Live, events: list[Event], locale: str) -> list[str] | None:
    """Her steps as short phrases; a roll joins the step it decided ("rolled 5: plays Farm...")."""
    if not events or not is_hers(live, {"seat": events[0].seat}):
        return None
    me = f"**{seat_name(live, events[0].seat)}** "
    lines: list[str] = []
    rolls: list[str] = []
    for event in events:
        if event.kind in QUIET:
            continue
        if event.kind == "nw_roll":
            rolls.append(str(event.data.get("value", "?")))
            continue
        text = event_line(live, event, locale)
        text = (text[len(me) :] if text.startswith(me) else text).rstrip(".")
        if rolls:
            text = t("nw.rolled", locale, value=", ".join(rolls), rest=text)
            rolls = []
        lines.append(text)
    if rolls:
        lines.append(t("everdell.event.nw_roll", locale, player="", value=", ".join(rolls)).strip().rstrip("."))
    return lines


# -- the lair on the board ----------------------------------------------------------------------------
def lair_field(live: Live, view: Mapping[str, Any], p: Mapping[str, Any], locale: str) -> str:
    """Her part of the board: spiders, hand, points, Meadow slot, Achievements, modules."""
    lair = lair_of(view) or {}
    lines = [
        t(
            "nw.board.line",
            locale,
            season=SEASON_ICON.get(str(lair.get("season")), ""),
            free=lair.get("available", 0),
            workers=lair.get("workers", 0),
            hand=lair.get("hand_count", 0),
            tokens=lair.get("tokens", 0),
        ),
        t(
            "nw.board.city",
            locale,
            count=len(p["city"]),
            cards=join_names(card_name(c["card"], locale) for c in p["city"]) or "—",
        ),
    ]
    if lair.get("meadow_slot") is not None:
        lines.append(t("nw.board.meadow", locale, slot=int(lair["meadow_slot"]) + 1))
    placed = [spot_text(live, view, str(loc), locale) for loc in lair.get("placed", [])]
    if placed:
        lines.append(t("nw.board.placed", locale, where=join_names(placed)))
    events = [*lair.get("achievements", []), *lair.get("pending_events", [])]
    if events:
        lines.append(t("nw.board.achievements", locale, events=", ".join(card_name(e, locale) for e in events)))
    if lair.get("lair_count"):
        lines.append(t("nw.board.lair", locale, count=lair["lair_count"]))
    if lair.get("journey"):
        lines.append(t("everdell.board.journey", locale, points=lair["journey"]))
    modules = module_labels(lair, locale)
    if lair.get("plot"):
        modules.append(t("nw.board.plot", locale, plot=module_name("plot", lair["plot"], locale)))
    if modules:
        lines.append(" · ".join(modules))
    if lair.get("finished"):
        lines.append(t("nw.board.done", locale))
    return "\n".join(lines)


def result_lines(details: Mapping[str, Any], locale: str) -> list[str]:
    """Her score when she has no seat of her own (the standings list seats only)."""
    nw = details.get("nightweave")
    if not isinstance(nw, Mapping):
        return []
    key = "nw.result.won" if nw.get("won") else "nw.result.beaten"
    return [t("nw.result.line", locale, level=nw.get("level", 0), score=nw.get("score", 0), count=nw.get("score", 0)), t(key, locale)]
