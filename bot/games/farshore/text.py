"""Farshore's words at the table: names from the match's own content (our pack or a server's),
resources, and a label for every kind of option the rules offer."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import t
from bot.table import Live
from engine.core import Option
from engine.games.farshore.catalogue import COST_ICONS, describe_steps
from engine.games.farshore.content import RESOURCES, Content, load

ICONS = {**COST_ICONS, "treasure": "💰", "points": "🐚"}
DOTS = ("🔴", "🔵", "🟢", "🟡")


def content_of(live: Live | None) -> Content:
    text = live.record.options.get("farshore_content") if live is not None else None
    return load(text if isinstance(text, str) else None)


def lang(locale: str) -> str:
    return "pt" if locale.startswith("pt") else "en"


def name(content: Content, thing: str, locale: str) -> str:
    """A card, shore, island or Map by id, in the reader's language."""
    card = content.cards.get(thing)
    if card is not None:
        return card.names[lang(locale)]
    for loc in (*content.shores, *content.islands):
        if loc.id == thing:
            return loc.names[lang(locale)]
    for m in content.maps:
        if m.id == thing:
            return m.names[lang(locale)]
    return thing


def res_text(amounts: Mapping[str, int], zeros: bool = False) -> str:
    parts = [f"{ICONS[k]}{n}" for k, n in amounts.items() if n or zeros]
    return " ".join(parts) or "—"


def dot(seat: int | None) -> str:
    return DOTS[seat % len(DOTS)] if seat is not None else "▫️"


def cost_text(cost: tuple[int, ...]) -> str:
    return res_text(dict(zip(RESOURCES, cost, strict=True))) if any(cost) else "0"


def card_facts(content: Content, cid: str, locale: str) -> str:
    card = content.cards.get(cid)
    if card is None:
        return ""
    return f"{cost_text(card.cost)} · {card.points}🐚 · " + t(f"farshore.colour.{card.colour}", locale)


def _village_card(live: Live, uid: str) -> str | None:
    view = live.view(None)
    for p in view["players"]:
        for v in p["village"]:
            if str(v["uid"]) == uid:
                return str(v["card"])
    return None


def option_label(live: Live | None, option: Option, locale: str) -> str | None:
    """Every Farshore option in words (None: the platform's default, a card's name)."""
    content = content_of(live)
    oid = option.id
    if oid.startswith("place:"):
        where = oid[6:]
        if where in ("dock", "lookout", "dunes"):
            return t(f"farshore.loc.{where}", locale)
        if where.startswith("card:"):
            card = _village_card(live, where[5:]) if live is not None else None
            return t("farshore.opt.visit", locale, card=name(content, card or "?", locale))
        steps = content.location(where).steps
        return f"{name(content, where, locale)} — {describe_steps(steps, lang(locale))}"[:100]
    if oid.startswith("play:"):
        _, source, cid = oid.split(":", 2)
        return t(
            f"farshore.opt.play_{source}",
            locale,
            card=name(content, cid, locale),
            cost=cost_text(content.cards[cid].cost) if cid in content.cards else "",
        )
    if oid.startswith("pay:"):
        _, vec, tr = oid.split(":")
        paid = dict(zip(RESOURCES, (int(x) for x in vec.split(".")), strict=True))
        paid["treasure"] = int(tr)
        return t("farshore.opt.pay", locale, what=res_text(paid) if any(paid.values()) else "0")
    if oid.startswith("anchor:"):
        return t("farshore.opt.anchor", locale, card=name(content, option.card or "?", locale))
    if option.label == "farshore.opt.mix":
        return (
            " ".join(ICONS[r] for r in oid.split("+"))
            + " "
            + ", ".join(t(f"farshore.res.{r}", locale) for r in oid.split("+"))
        )
    if option.label == "farshore.opt.trade":
        n, tr = oid.split(":")
        return t("farshore.opt.trade", locale, count=int(n), treasure=int(tr))
    if option.label == "farshore.opt.may":
        optional = owner_steps(content, option.group, "may")
        if optional:
            text = describe_steps(optional[0], lang(locale))
            return (text[:1].upper() + text[1:])[:100]
        return t("farshore.opt.may", locale)
    if option.label == "farshore.opt.option":
        choices = owner_steps(content, option.group, "choose")
        if choices:
            return describe_steps(choices[0][int(oid)], lang(locale))[:100]
        return t("farshore.opt.option", locale, number=int(oid) + 1)
    if oid.startswith("seat:") and live is not None:
        from bot.render.common import seat_name

        return seat_name(live, int(oid[5:]))
    if oid.startswith(("hand:", "bay:")) and option.card:
        return t(f"farshore.opt.card_{oid.split(':')[0]}", locale, card=name(content, option.card, locale))
    if option.label.startswith(("farshore.map.", "farshore.isle.", "farshore.loc.")):
        return name(content, oid, locale)
    if option.card:
        return name(content, option.card, locale)
    return None


def owner_steps(content: Content, card: str | None, name: str) -> list[Any]:
    """The arguments of every `name` step a card holds (its effect and triggers), in order: what
    an option grouped under that card stands for."""
    owner = content.cards.get(card or "")
    if owner is None:
        return []
    every = (*owner.on_enter, *owner.effect, *(x for trig in owner.triggers for x in trig.steps))
    return [step[name] for step in every if name in step]


def params(live: Live | None, data: dict[str, Any], locale: str) -> dict[str, Any]:
    """Event and prompt parameters: names from the match's content, seasons, places."""
    content = content_of(live)
    out: dict[str, Any] = {}
    for key in ("card", "map", "target", "giver"):
        if key in data and isinstance(data[key], str):
            out[key] = name(content, data[key], locale)
    if "cards" in data and isinstance(data["cards"], list):
        out["cards"] = ", ".join(name(content, c, locale) for c in data["cards"]) or "—"
    if "islands" in data and isinstance(data["islands"], list):
        out["islands"] = ", ".join(name(content, c, locale) for c in data["islands"])
    if "compass" in data and isinstance(data["compass"], list):
        out["compass"] = " + ".join(t(f"farshore.rose.{c}", locale) for c in data["compass"])
    if "season" in data:
        out["season"] = t(f"farshore.season.{data['season']}", locale)
    if "loc" in data and isinstance(data["loc"], str):
        loc = data["loc"]
        if loc.startswith("card:"):
            card = _village_card(live, loc[5:]) if live is not None else None
            out["loc"] = name(content, card or "?", locale)
        elif loc in ("dock", "lookout", "dunes"):
            out["loc"] = t(f"farshore.loc.{loc}", locale)
        else:
            out["loc"] = name(content, loc, locale)
    if "pay" in data and isinstance(data["pay"], str):
        out["pay"] = t(f"farshore.res.{data['pay']}", locale)
    gains = {k: data[k] for k in (*RESOURCES, "treasure", "points") if isinstance(data.get(k), int)}
    if gains:
        out["what"] = res_text(gains)
    if "paid" in data and isinstance(data["paid"], str):
        paid = data["paid"]
        if paid.startswith("pay:"):
            _, vec, tr = paid.split(":")
            amounts = dict(zip(RESOURCES, (int(x) for x in vec.split(".")), strict=True))
            amounts["treasure"] = int(tr)
            out["paid"] = res_text(amounts) if any(amounts.values()) else "0"
        elif paid.startswith("anchor:"):
            out["paid"] = "⚓"
        else:
            out["paid"] = t("farshore.opt.free", locale)
    return out
