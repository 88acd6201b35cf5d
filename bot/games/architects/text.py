"""Architects of the West Kingdom in words: goods, seats by colour, option labels and event
parameters.

The engine names things by id (`cap:forest:1`, `1.0.2.0.0`, `hire:0.3`); this module turns them
into the players' language. Everything here reads the public view, except a private prompt's own
options (their `card` field names a card of the owner's hand only in the owner's prompt).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.i18n import has, t
from bot.render.common import seat_name
from bot.table import Live
from engine.core import Option
from engine.games.architects.catalogue import COST_ICONS
from engine.games.architects.data import GOODS, apprentices, board, buildings, name_of
from engine.games.architects.state import ORDINARY
from engine.games.architects.wow_data import ours

GAME = "architects"
# Seat colours (ours): the emoji the embeds use and the RGB the picture uses, in seat order.
COLOUR_KEYS = ("blue", "yellow", "green", "red", "purple")
DOTS = ("🔵", "🟡", "🟢", "🔴", "🟣")
# Goods in the order the player's board shows them; Silver first, as the money.
MONEY = ("silver", *GOODS)
HIRE_SILVER, HIRE_TAX, COLUMNS = 2, 2, 4  # the printed price of a hire, and the display's width
ICONS = COST_ICONS  # (the catalogue's costs use the same icons)


# -- names ---------------------------------------------------------------------------------------
def name(item: str, locale: str) -> str:
    """Buildings, Apprentices, architects, locations, goods and skills from the game's data."""
    found = name_of(item, locale)
    return found if found is not None else item


def good(kind: str, n: int, locale: str) -> str:
    """'3 Wood', '1 Virtue', '2 Building cards'."""
    if kind in ("virtue", "card", "debt", "tax", "influence", "reward", *MONEY):
        return t(f"architects.amount.{kind}", locale, count=n)
    return f"{n} {name(kind, locale)}"


def goods(res: Mapping[str, int], locale: str) -> str:
    """'2 Wood + 1 Stone' in the board's order; 'nothing' when empty."""
    order = [*MONEY, "virtue", "card", "influence", "reward"]
    parts = [good(k, int(res[k]), locale) for k in order if int(res.get(k, 0))]
    return " + ".join(parts) if parts else t("architects.res.none", locale)


def icons(res: Mapping[str, int], zeros: bool = False, order: tuple[str, ...] = MONEY) -> str:
    """Compact form for embeds: '🪙5 🧱2 🪵1'."""
    return " ".join(f"{ICONS[k]}{int(res.get(k, 0))}" for k in order if zeros or res.get(k)) or "—"


def dot(seat: int) -> str:
    return DOTS[seat % len(DOTS)]


def colour(seat: int, locale: str) -> str:
    return t(f"architects.colour.{COLOUR_KEYS[seat % len(COLOUR_KEYS)]}", locale)


def seat_label(live: Live | None, seat: int) -> str:
    """'🔵 Alice': the colour is how the board and the picture tell workers apart."""
    who = seat_name(live, seat) if live is not None else f"#{seat + 1}"
    return f"{dot(seat)} {who}"


def parse_vec(text: str) -> dict[str, int] | None:
    """A payment id `<clay>.<wood>.<stone>.<gold>.<marble>` as goods."""
    parts = text.split(".")
    if len(parts) != len(GOODS) or not all(p.isdigit() for p in parts):
        return None
    return {g: int(p) for g, p in zip(GOODS, parts, strict=True)}


def building_facts(card: str, locale: str) -> str:
    """'🧱2 🪵1 · Masonry · 5 VP' (a Building's cost, skills needed and printed points)."""
    b = buildings().get(card)
    if b is None:
        return ""
    parts = [icons(b.cost)]
    if b.skills:
        parts.append(", ".join(name(s, locale) for s in b.skills))
    parts.append(t("architects.board.vp", locale, vp=b.vp))
    if b.virtue:
        parts.append(t("architects.board.virtue_delta", locale, delta=f"{b.virtue:+d}"))
    return " · ".join(parts)


def apprentice_facts(card: str, locale: str) -> str:
    """'Carpentry, Tiling · +1 Virtue' (an Apprentice's skills and hiring Virtue)."""
    a = apprentices().get(card)
    if a is None:
        return ""
    parts = [", ".join(name(s, locale) for s in a.skills) or "—"]
    if a.virtue:
        parts.append(t("architects.board.virtue_delta", locale, delta=f"{a.virtue:+d}"))
    return " · ".join(parts)


def reward_text(reward: str, locale: str) -> str:
    """A Reward card (`virtue_silver#1`) as what it gives."""
    rid = reward.split("#")[0]
    gains = {r.id: r.gain for r in board().rewards} | {
        r.id: r.gain for r in ours().rewards
    }  # + Works of Wonder
    found = gains.get(rid)
    return goods(found, locale) if found is not None else rid


def location(loc: str, locale: str, live: Live | None = None) -> str:
    """A place a worker stands or comes back from (`forest`, `market:1`, `held:2`, `prison`)."""
    if loc.startswith("market:") and loc[7:].isdigit():
        return t("architects.loc.market_space", locale, space=t(f"architects.market.{loc[7:]}", locale))
    if loc.startswith("held:") and loc[5:].isdigit():
        return t("architects.loc.held", locale, player=seat_label(live, int(loc[5:])))
    return name(loc, locale)


def hire_costs(view: Mapping[str, Any], seat: int, locale: str) -> list[str]:
    """What each display column costs `seat` with one more worker at the Workshop: 2 Silver and
    2 Tax, one more Silver per column beyond their workers there (before any Virtue discount)."""
    at = view["locations"]["workshop"][seat] + 1
    columns = len(view["display"][0]) if view["display"] else COLUMNS  # Works of Wonder: 5
    out = []
    for col in range(columns):
        extra = max(0, col + 1 - min(at, columns))
        out.append(
            t("architects.board.column_cost", locale, col=col + 1, silver=HIRE_SILVER + extra, tax=HIRE_TAX)
        )
    return out


# -- option labels ---------------------------------------------------------------------------------
def _view(live: Live | None) -> dict[str, Any] | None:
    return live.view(None) if live is not None and live.match is not None else None


def option_label(live: Live | None, option: Option, locale: str) -> str | None:
    """Every option of the engine in words; None leaves an unknown one to the shared default."""
    oid, label, card = option.id, option.label, option.card
    cost = option.cost or 0
    if not label.startswith(("architects.", GAME)):
        return None
    kind = label[len("architects.") :]
    if kind.startswith("loc."):  # a placement or a worker taken back
        return location(card or kind[4:], locale, live)
    if kind.startswith("opt.market_") and kind[11:].isdigit():
        return market_label(live, int(kind[11:]), cost, locale)
    if kind == "opt.pay":
        vec = parse_vec(oid)
        return t("architects.label.pay", locale, goods=goods(vec or {}, locale))
    if kind == "opt.capture":
        _, loc, owner = oid.split(":")
        return capture_label(live, loc, int(owner), cost, locale)
    if kind == "opt.hire":
        return hire_label(oid, card, cost, locale)
    if kind in ("opt.card", "opt.build", "opt.dismiss", "opt.trade_apprentice") and card is not None:
        if kind == "opt.trade_apprentice":
            a = apprentices()[card]
            return t("architects.label.trade", locale, pay=goods(a.pay, locale), gain=goods(a.gain, locale))
        return t(f"architects.label.{kind[4:]}", locale, card=name(card, locale))
    if kind.startswith("opt.take_"):
        return t("architects.label.take", locale, goods=good(kind[9:], cost, locale))
    if kind == "opt.trade_virtue":
        counts = [int(x) for x in oid.split(":")[1].split(".")]
        pay = dict(zip(("clay", "wood", "stone"), counts, strict=True))
        return t("architects.label.trade", locale, pay=goods(pay, locale), gain=good("virtue", 1, locale))
    if kind == "opt.trade_marble":
        counts = [int(x) for x in oid.split(":")[1].split(".")]
        pay = dict(zip(("wood", "stone"), counts, strict=True))
        return t("architects.label.trade", locale, pay=goods(pay, locale), gain=good("marble", 1, locale))
    if kind == "opt.held_by" and option.group.isdigit():
        return location(f"held:{option.group}", locale, live)
    if kind == "opt.market_space":
        return location(oid, locale, live)
    if kind == "opt.cathedral":
        view = _view(live)  # the Guildhall is always the current player's turn
        if view is not None:
            level = view["players"][view["current"]]["cathedral"] + 1
            return t("architects.label.cathedral", locale, level=level)
    if has(label, locale):
        return t(label, locale, count=cost, silver=cost)
    return None


def market_label(live: Live | None, space: int, cost: int, locale: str) -> str:
    """'Black Market, left: 1 Marble (1 Silver, −1 Virtue)'."""
    view = _view(live)
    if space == 1:
        what = t("architects.market.centre_gain", locale)
    elif view is not None:
        what = goods(view["market_small" if space == 0 else "market_large"], locale)
    else:
        what = "?"
    return t(
        "architects.label.market",
        locale,
        space=t(f"architects.market.{space}", locale),
        what=what,
        silver=cost,
    )


def capture_label(live: Live | None, loc: str, owner: int, count: int, locale: str) -> str:
    """'Forest · 🔵 Alice (blue) · 3 workers': the colour in words as well, for those who cannot
    tell the dots apart."""
    return t(
        "architects.label.capture",
        locale,
        location=name(loc, locale),
        player=f"{seat_label(live, owner)} ({colour(owner, locale)})",
        count=count,
    )


def hire_label(oid: str, card: str | None, cost: int, locale: str) -> str:
    """'Labourer — row 1, column 2 · 4 Silver' (free hires show no price)."""
    place = oid.split(":")[-1]
    row, col = (int(x) + 1 for x in place.split("."))
    who = name(card or "?", locale)
    if oid.startswith("hire:") and cost:
        return t("architects.label.hire_paid", locale, card=who, row=row, col=col, silver=cost)
    return t("architects.label.hire", locale, card=who, row=row, col=col)


# -- event and prompt parameters ---------------------------------------------------------------------
GOOD_KEYS = ("goods", "small", "large")
PLAIN = frozenset(ORDINARY)


def params(live: Live | None, data: dict[str, Any], locale: str) -> dict[str, Any]:
    """Overrides for the shared parameter wording (see `bot.render.common.localize_params`)."""
    from bot.games.architects.solo_text import params as solo_params  # the solo AI's lines

    out: dict[str, Any] = solo_params(data, locale)
    for key in GOOD_KEYS:
        if isinstance(data.get(key), dict):
            out[key] = goods(data[key], locale)
    why = data.get("why")
    if isinstance(why, str):
        # A location's own gain needs no reason: the line before placed the worker there.
        quiet = why in PLAIN or why in ("", "trade", "setup")
        out["why"] = (
            ""
            if quiet or not has(f"architects.why.{why}", locale)
            else (" " + t(f"architects.why.{why}", locale))
        )
    if "delta" in data and isinstance(data["delta"], int):
        delta = data["delta"]
        out["change"] = t(
            "architects.word.virtue_up" if delta > 0 else "architects.word.virtue_down",
            locale,
            count=abs(delta),
        )
    if isinstance(data.get("owner"), int):
        out["owner"] = f"**{seat_label(live, data['owner'])}**"
    if isinstance(data.get("source"), str):
        out["source"] = location(data["source"], locale, live)
    if data.get("location") == "black_market" and isinstance(data.get("space"), int):
        out["where"] = t(
            "architects.loc.market_space", locale, space=t(f"architects.market.{data['space']}", locale)
        )
    elif data.get("location") == "guildhall" and isinstance(data.get("space"), int):
        out["where"] = t("architects.loc.guildhall_space", locale, space=data["space"])
    elif isinstance(data.get("location"), str):
        out["where"] = name(data["location"], locale)
    for key in ("princess_at", "profiteer_at", "resource"):  # Works of Wonder
        if isinstance(data.get(key), str):
            out[key] = name(data[key], locale)
    if isinstance(data.get("card"), str) and "#" in data["card"]:
        out["card"] = reward_text(data["card"], locale)
    if isinstance(data.get("row"), int):
        out["row"] = data["row"] + 1
    if isinstance(data.get("col"), int):
        out["col"] = data["col"] + 1
    if "coins" in data:
        coins = data.get("coins") or 0
        out["coins"] = t("architects.note.coins", locale, count=coins) if coins else ""
    if isinstance(data.get("order"), list):
        out["order"] = " → ".join(seat_label(live, s) for s in data["order"])
    if isinstance(data.get("architects"), list):
        chosen = [a for a in data["architects"] if isinstance(a, str)]
        out["architects"] = (
            "; ".join(
                f"{seat_label(live, s)}: {name(a, locale)}" for s, a in enumerate(data["architects"]) if a
            )
            if chosen
            else t("architects.board.side_a", locale)
        )
    if isinstance(data.get("discarded"), list):
        out["discarded"] = ", ".join(name(c, locale) for c in data["discarded"]) or "—"
    if isinstance(data.get("scores"), list):
        out["scores"] = " · ".join(f"{seat_label(live, s)} {v}" for s, v in enumerate(data["scores"]))
    if "silver" in data and "tax" in data and isinstance(data.get("tax"), int):
        out["cost"] = _price(int(data.get("silver") or 0), int(data["tax"]), data.get("goods"), locale)
    return out


def _price(silver: int, tax: int, paid: Any, locale: str) -> str:
    """What a payment cost: goods, Silver to the supply and Tax to the Tax Stand."""
    parts = []
    if isinstance(paid, dict) and any(paid.values()):
        parts.append(goods(paid, locale))
    if silver:
        parts.append(good("silver", silver, locale))
    if tax:
        parts.append(good("tax", tax, locale))
    return " + ".join(parts) or t("architects.res.none", locale)
