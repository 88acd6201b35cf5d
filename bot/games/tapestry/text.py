"""Tapestry in words: resources, benefits, hexes, capital plots, option labels and event parameters.

The engine names things by id and token (`pay:coin+food`, `plot:3.4`, `hex:-1.2`, `adv:science`);
this module turns them into the players' language. Everything here reads public views only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from bot.games.tapestry import automa_ui
from bot.i18n import has, t
from bot.render.common import card_name, seat_name
from bot.table import Live
from engine.core import Option
from engine.games.tapestry import capital as cap
from engine.games.tapestry.arts import TOKENS as ARTS_TOKENS
from engine.games.tapestry.data import RESOURCES, TRACKS, all_tracks, board, landmarks
from engine.games.tapestry.game import tier_cost

GAME = "tapestry"
RES_ICON = {"coin": "🪙", "worker": "👷", "food": "🌾", "culture": "🎭"}
TRACK_ICON = {"exploration": "🧭", "science": "🔬", "military": "⚔️", "technology": "⚙️", "arts": "🎨"}
BUILDING_ICON = {"market": "🏪", "house": "🏠", "farm": "🚜", "armory": "🛡️"}
ROWS = "ABCDEFGHI"
SEAT_KEYS = ("victim", "attacker", "partner", "ally", "owner", "to_seat", "by", "defender")
FIXED_TOKENS = frozenset(
    {
        "any", "market", "house", "farm", "armory", "any_building", "tile", "space_tile", "tapestry", "civ",
        "explore", "explore_anywhere", "explore_space", "conquer", "conquer_anywhere", "conquer_both",
        "conquer_tanks", "invent", "upgrade", "refresh_tech", "circle_middle", "square_top", "research",
        "research_nb", "alien_biology", "repeat_any", "repeat_any_battery", "singularity", "overplay", "territory",
        *ARTS_TOKENS,
    }
)
ALL_TRACKS = (*TRACKS, "arts")  # with Arts & Architecture


def name(thing: str, locale: str) -> str:
    """Cards, civilizations, tracks, track spaces and landmarks, from the game's own data."""
    return card_name(GAME, thing, locale)


def public_view(live: Live | None) -> dict[str, Any] | None:
    if live is None or live.match is None:
        return None
    return live.view(None)


def seat_label(live: Live | None, seat: int) -> str:
    return seat_name(live, seat) if live is not None else f"#{seat + 1}"


# -- resources ----------------------------------------------------------------------------------------
def amount(res: str, n: int, locale: str) -> str:
    """'1 coin', '3 workers'."""
    noun = t(f"tapestry.res.{res}" if n == 1 else f"tapestry.res_many.{res}", locale).lower()
    return f"{n} {noun}"


def resource_list(items: Sequence[str], locale: str) -> str:
    """['coin', 'coin', 'food'] -> '2 coins + 1 food' (an 'any' is a resource of your choice)."""
    parts = []
    for r in (*RESOURCES, "any"):
        n = sum(1 for x in items if x == r)
        if n:
            parts.append(amount(r, n, locale) if r != "any" else t("tapestry.cost.any", locale, n=n))
    for x in items:  # Arts: N different resources
        if x.startswith("distinct:"):
            parts.append(t("tapestry.cost.distinct", locale, n=x.partition(":")[2]))
    return " + ".join(parts) or t("tapestry.res.none", locale)


def icons(res: Mapping[str, int]) -> str:
    return " ".join(f"{RES_ICON[r]}{res.get(r, 0)}" for r in RESOURCES)


# -- places ---------------------------------------------------------------------------------------------
def plot(r: int, c: int) -> str:
    """Capital plots as chess-like coordinates: rows A-I, columns 1-9 ('B4')."""
    return f"{ROWS[r]}{c + 1}" if 0 <= r < 9 and 0 <= c < 9 else f"{r + 1}·{c + 1}"


def landmark_cells(landmark: str, r0: int, c0: int, o: int) -> list[tuple[int, int]]:
    lm = landmarks().get(landmark)
    if lm is None:
        return [(r0, c0)] if 0 <= r0 < 9 and 0 <= c0 < 9 else []
    shapes = cap.shapes_of(tuple(lm.footprint), lm.rotations)
    return sorted(cap.place_cells((r0, c0, o), shapes)) if o < len(shapes) else []


def cells_text(cells: Sequence[tuple[int, int]]) -> str:
    return " ".join(plot(r, c) for r, c in cells) or "—"


@cache
def hex_numbers(small: bool) -> dict[tuple[int, int], int]:
    """Every hex of a map side numbered in reading order of the picture (top to bottom, then left
    to right), the numbers the board image prints."""
    side = board().maps.small if small else board().maps.large
    hexes = [(h[0], h[1]) for h in side.hexes]
    ordered = sorted(hexes, key=lambda h: (h[0] + h[1], h[1] - h[0]))
    return {h: i + 1 for i, h in enumerate(ordered)}


def hex_text(h: Sequence[int], live: Live | None, locale: str) -> str:
    view = public_view(live)
    small = bool(view and view.get("map") == "small")
    number = hex_numbers(small).get((int(h[0]), int(h[1])))
    if number is None:
        number = hex_numbers(not small).get((int(h[0]), int(h[1])), 0)
    return t("tapestry.hex_n", locale, n=number)


def parse_hex(text: str) -> tuple[int, int] | None:
    try:
        x, y = text.split(".")
        return int(x), int(y)
    except ValueError:
        return None


def hex_of(option_id: str) -> tuple[int, int] | None:
    """The hex an option names ('hex:-1.2', 'claim:0.3', ...)."""
    _, _, rest = option_id.partition(":")
    return parse_hex(rest)


def capital_name(number: int, locale: str) -> str:
    return t("tapestry.capital_n", locale, n=number, name=t(f"tapestry.capital_name.{number}", locale))


# -- benefits ----------------------------------------------------------------------------------------------
def token_text(tok: str, locale: str) -> str:
    """One benefit token in words ('advance on Science', '3 VP', 'a farm')."""
    head, _, arg = tok.partition(":")
    if tok in RESOURCES:
        return amount(tok, 1, locale)
    if tok in FIXED_TOKENS:
        return t(f"tapestry.tok.{tok}", locale)
    if head == "vp":
        return t("tapestry.tok.vp", locale, n=arg)
    if head == "vpx":
        if arg.startswith("sp:"):
            return t("tapestry.tok.vpx_sp", locale, track=name(arg[3:], locale))
        return t("tapestry.tok.vpx", locale, what=t(f"tapestry.count.{arg}", locale))
    if head in ("adv", "adv_nb", "reg", "reg_nb"):
        return t(f"tapestry.tok.{head}", locale, track=name(arg, locale))
    if head == "landmark":
        return t("tapestry.tok.landmark", locale, landmark=name(arg, locale))
    return tok


def steps_text(steps: Any, locale: str) -> str:
    """A benefit (a list of steps, each a token or {one: [...]} / {order: [...]}) in words."""
    if isinstance(steps, dict):
        if "one" in steps:
            return t("tapestry.join.or", locale).join(steps_text(s, locale) for s in steps["one"])
        return t("tapestry.join.order", locale, steps=" + ".join(steps_text(s, locale) for s in steps["order"]))
    if isinstance(steps, list):
        return ", ".join(steps_text(s, locale) for s in steps) or "—"
    return label_text(str(steps), locale)


def label_text(label: str, locale: str) -> str:
    """The engine's flattened step label: a token, 'one(a, b)' or 'order(a, b)'."""
    for kind in ("one", "order"):
        if label.startswith(f"{kind}(") and label.endswith(")"):
            parts = split_top(label[len(kind) + 1 : -1])
            return steps_text({kind: parts}, locale)
    return token_text(label, locale)


def split_top(text: str) -> list[str]:
    parts, depth, current = [], 0, ""
    for ch in text:
        if ch == "," and depth == 0:
            parts.append(current.strip())
            current = ""
            continue
        depth += (ch == "(") - (ch == ")")
        current += ch
    if current.strip():
        parts.append(current.strip())
    return parts


def space_text(track: str, space: int, locale: str) -> str:
    """'Rafts (Exploration 2)'; space 0 is the track's start."""
    if not 1 <= space <= 12:
        return t("tapestry.track_start", locale, track=name(track, locale))
    sp = all_tracks()[track].spaces[space - 1]
    return t("tapestry.label.space", locale, space=name(sp.name, locale), track=name(track, locale), n=space)


def space_benefit(track: str, space: int, locale: str) -> str:
    """'Rafts: explore or a farm' for a track space (1-12)."""
    sp = all_tracks()[track].spaces[space - 1]
    text = steps_text(sp.benefit, locale)
    if sp.bonus is not None:
        text += " · " + t("tapestry.bonus", locale, gain=steps_text(sp.bonus.gain, locale))
    return text


# -- option labels ---------------------------------------------------------------------------------------
def option_label(live: Live | None, option: Option, locale: str) -> str | None:
    """Labels the shared default cannot produce; None leaves the option to it (plain keys)."""
    oid, label = option.id, option.label
    if label.startswith("tapestry.benefit."):
        return cap_first(label_text(label[17:], locale))
    if label.startswith("tapestry.die."):
        return cap_first(token_text(label[13:], locale))
    if label == "tapestry.pay":
        return t("tapestry.label.pay", locale, res=resource_list(oid[4:].split("+"), locale))
    if label == "tapestry.plot":
        r, c = (int(x) for x in oid[5:].split("."))
        if not has(f"tapestry.building.{option.group}", locale):  # a marker rather than a building
            return plot(r, c)
        return t("tapestry.label.plot", locale, building=t(f"tapestry.building.{option.group}", locale), plot=plot(r, c))
    if label == "tapestry.landmark_spot":
        r, c, o = (int(x) for x in oid[3:].split("."))
        return t("tapestry.label.landmark_spot", locale, cells=cells_text(landmark_cells(option.card or "", r, c, o)))
    if label == "tapestry.hex":
        kind, _, rest = oid.partition(":")
        h = parse_hex(rest)
        where = hex_text(h, live, locale) if h is not None else rest
        key = f"tapestry.label.hex_{kind}"
        return cap_first(t(key, locale, hex=where) if has(key, locale) else where)
    if label == "tapestry.isle":  # the Islanders' own island
        return isle_label(int(oid[5:]), locale)
    if label in ("tapestry.artificers_aside", "tapestry.artificers_slide", "tapestry.artificers_slide_all"):
        return t(label, locale, building=t(f"tapestry.building.{option.group}", locale))
    if label == "tapestry.rotation":
        k = int(oid[4:])
        return t("tapestry.label.rotation", locale, deg=60 * k, vp=rotation_vp(live, k))
    if label == "tapestry.space":
        parts = oid.split(":")
        track, pos = parts[-2], int(parts[-1])
        text = t("tapestry.label.space", locale, space=name(option.card or "", locale), track=name(track, locale), n=pos)
        if len(parts) == 4:
            text += f" — {seat_label(live, int(parts[1]))}"
        return text
    if label == "tapestry.number":
        return oid[2:]
    if label == "tapestry.swap":
        a, b = oid[5:].split(":")
        ra, ca = (int(x) for x in a.split("."))
        rb, cb = (int(x) for x in b.split("."))
        return t("tapestry.label.swap", locale, a=plot(ra, ca), b=plot(rb, cb))
    if label == "tapestry.give_tile":
        _, seat, tile = oid.split(":")
        return t("tapestry.label.give_tile", locale, tile=tile, player=seat_label(live, int(seat)))
    if label in ("tapestry.guilds.buy", "tapestry.guilds.sell"):
        n = int(oid.split(":")[1])
        return t(label, locale, n=n, vp=5 * n)
    if label == "tapestry.civ_slot":
        return t("tapestry.label.civ_slot", locale, n=oid[5:])
    if label in ("tapestry.civ_row", "tapestry.civ_column"):
        return t(label, locale, n=int(oid.split(":")[1]) + 1)
    if label == "tapestry.seat":
        return seat_label(live, int(oid.rsplit(":", 1)[1]))  # seat:N, or capital:N (another player's capital)
    if label == "tapestry.token":
        return t("tapestry.label.token", locale, n=oid[6:])
    if label == "tapestry.setup.civ_advanced":  # an advanced capital of the server's set
        parts = oid.split(":")
        return t(label, locale, civ=name(parts[1], locale), capital=name(parts[3], locale))
    if label == "tapestry.setup.civ_capital":
        parts = oid.split(":")
        return t(label, locale, civ=name(parts[1], locale), capital=capital_name(int(parts[3]), locale))
    if label == "tapestry.turn.advance":
        track = option.group
        space = _space_of(option.card or "", track)
        cost = resource_list(tier_cost(track, space), locale) if space else ""
        return t(label, locale, track=name(track, locale), space=name(option.card or "", locale), cost=cost)
    if label.startswith("tapestry.tinker."):
        return f"{t(label, locale)} — {name(option.group, locale)}"
    if label == "tapestry.upgrade":  # a Recyclers' top-row card goes back to the bottom row
        row = {"row0": "middle", "row2": "bottom"}.get(option.group, "top")
        return t("tapestry.label.upgrade", locale, card=name(option.card or "", locale), row=t(f"tapestry.row.{row}", locale))
    if label == "tapestry.territory_tile":
        return t("tapestry.label.tile", locale, tile=(option.card or oid).split(":")[1])
    if label == "tapestry.space_tile":
        return t("tapestry.label.space_tile", locale, tile=(option.card or oid).split(":")[1])
    labels = ("tapestry.card", "tapestry.tech", "tapestry.civ", "tapestry.landmark", "tapestry.discard", "tapestry.masterpiece")
    if (label in labels or label == "tapestry.landmark_on_card") and option.card:
        text = t(label, locale, card=name(option.card, locale))
        if option.group.startswith("seat") and option.group[4:].isdigit():
            text += f" — {seat_label(live, int(option.group[4:]))}"
        return text
    return None


def isle_label(i: int, locale: str) -> str:
    """Hex i (0-5) of the Islanders' island: numbered 1-6 clockwise from the top."""
    return t("tapestry.label.isle", locale, n=i + 1, side=t(f"tapestry.isle_side.{i}", locale))


def row_shape(covered: Sequence[Any]) -> str:
    """An Artificers' income row: the first space always shows, then each building space
    covered (■) or showing (□)."""
    return "○ " + " ".join("■" if c else "□" for c in covered)


def _space_of(space_name: str, track: str) -> int:
    spaces = all_tracks()[track].spaces if track in ALL_TRACKS else []
    return next((i + 1 for i, s in enumerate(spaces) if s.name == space_name), 0)


def rotation_vp(live: Live | None, k: int) -> int:
    """The VP of rotation k, from the open exploration prompt's own parameters."""
    if live is None or live.match is None:
        return 0
    for prompt in live.match.prompts():
        vp = prompt.params.get("vp")
        if prompt.key == "tapestry.prompt.explore_rotation" and isinstance(vp, list) and k < len(vp):
            return int(vp[k])
    return 0


def queue_item(item: str, locale: str) -> str:
    """One entry of the engine's benefit queue in words: a track space's benefit or bonus, an
    income-turn step, a landmark or any effect token."""
    head, _, rest = item.partition(":")
    if head in ("space", "bonus") and rest.count(":") == 1:
        track, _, n = rest.partition(":")
        if track in ALL_TRACKS and n.isdigit():
            return t(f"tapestry.queue.{head}", locale, space=space_text(track, int(n), locale))
    if head == "card" and rest:
        return t("tapestry.queue.card", locale, card=name(rest, locale))
    if head == "masterpiece" and rest:  # Arts & Architecture
        return t("tapestry.queue.masterpiece", locale, card=name(rest, locale))
    if head == "income" and has(f"tapestry.queue.income.{rest}", locale):
        return t(f"tapestry.queue.income.{rest}", locale)
    return label_text(item, locale)


def queue_text(queue: Any, locale: str) -> str | None:
    """'Resolving: Science 4 benefit › advance on Technology — then still to resolve: bonus of
    Science 4' from a prompt's `params["queue"]`."""
    if not isinstance(queue, dict) or not queue.get("now"):
        return None
    now = " › ".join(queue_item(str(x), locale) for x in queue["now"])
    then = [queue_item(str(x), locale) for x in queue.get("then") or []]
    if then:
        return t("tapestry.queue.with_then", locale, now=now, then="; ".join(then))
    return t("tapestry.queue.alone", locale, now=now)


def cap_first(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- event and prompt parameters --------------------------------------------------------------------------
def what_text(value: str, locale: str) -> str:
    for key in (f"tapestry.building.{value}", f"tapestry.what.{value}"):
        if has(key, locale):
            return t(key, locale)
    if value in RESOURCES:
        return t(f"tapestry.res.{value}", locale).lower()
    return name(value, locale)


def why_text(why: str, locale: str) -> str:
    if not why or why in ("vp", "benefit"):
        return ""
    head, _, arg = why.partition(":")
    if head == "achievement":
        return f" ({t(f'tapestry.what.{arg}', locale)})"
    if head == "sp":
        return f" ({t('tapestry.tok.vpx_sp', locale, track=name(arg, locale))})"
    key = f"tapestry.why.{why}"
    if has(key, locale):
        return f" ({t(key, locale)})"
    if has(f"tapestry.count.{why}", locale):
        return f" ({t('tapestry.tok.vpx', locale, what=t(f'tapestry.count.{why}', locale))})"
    return f" ({name(why, locale)})"


def params(live: Live | None, data: dict[str, Any], locale: str) -> dict[str, Any]:
    """Overrides for the shared parameter wording (see `bot.render.common.localize_params`)."""
    out: dict[str, Any] = {}
    for key in SEAT_KEYS:
        if isinstance(data.get(key), int):
            out[key] = f"**{seat_label(live, data[key])}**"
    if isinstance(data.get("source"), int):
        out["source"] = f"**{seat_label(live, data['source'])}**"
    if isinstance(data.get("district"), int) and data["district"] >= 100:  # an advanced capital's own
        out["district"] = data["district"] - 100
    if isinstance(data.get("overlay"), str):  # an uploaded income-mat overlay, by its set's name
        out["overlay"] = name(data["overlay"], locale)
    for key in ("gain", "charm"):  # the expansion modules' benefits (token labels)
        if isinstance(data.get(key), list) and all(isinstance(x, str) for x in data[key]):
            out[key] = ", ".join(label_text(x, locale) for x in data[key]) or "—"
    for key in ("hex", "start"):
        if isinstance(data.get(key), list) and len(data[key]) == 2:
            out[key] = hex_text(data[key], live, locale)
    if isinstance(data.get("plot"), list) and len(data["plot"]) == 2:
        out["plot"] = plot(*data["plot"])
    what = data.get("what")
    if isinstance(data.get("spot"), list) and len(data["spot"]) == 3 and isinstance(what, str):
        out["plot"] = cells_text(landmark_cells(what, *data["spot"]))
    for key in ("a", "b"):
        if isinstance(data.get(key), list) and len(data[key]) == 2:
            out[key] = plot(*data[key])
    if isinstance(what, str):
        out["what"] = what_text(what, locale)
        if what in RESOURCES and isinstance(data.get("count"), int):
            out["what"] = amount(what, data["count"], locale)
    elif isinstance(what, list):  # a payment, or what a bonus discarded
        if all(w in RESOURCES for w in what):
            out["what"] = resource_list(what, locale)
        else:
            out["what"] = ", ".join(t("tapestry.label.tile", locale, tile=str(w).split(":")[-1]) for w in what) or "—"
    if "why" in data:
        out["why"] = why_text(str(data.get("why") or ""), locale)
    if isinstance(data.get("gain"), list):
        out["gain"] = steps_text(data["gain"], locale)
    if isinstance(data.get("choices"), list):  # the printed alternatives, as the buttons read
        out["choices"] = t("tapestry.join.or", locale).join(label_text(str(c), locale) for c in data["choices"])
    track, space = data.get("track"), data.get("space")
    if track in ALL_TRACKS and isinstance(space, int):
        out["space"] = space_text(str(track), space, locale)
    count = data.get("count")
    if "era" in data and isinstance(count, int):  # the era bonus
        out["count"] = t("tapestry.n_resources.one" if count == 1 else "tapestry.n_resources.other", locale, n=count)
    for key in ("source", "kind"):
        if isinstance(data.get(key), str):
            form = "tapestry.kind_one" if count == 1 else "tapestry.kind"
            out[key] = t(f"{form}.{data[key]}", locale)
    if isinstance(data.get("capitals"), list):
        out["capitals"] = ", ".join(capital_name(int(c), locale) for c in data["capitals"])
    if isinstance(data.get("capital"), int):
        out["capital"] = capital_name(data["capital"], locale)
    if isinstance(data.get("district"), int):
        out["district"] = data["district"] + 1
    if isinstance(data.get("row"), int):
        out["row"] = t("tapestry.row." + ("middle" if data["row"] == 1 else "top"), locale)
    if isinstance(data.get("row"), str) and has(f"tapestry.income_row.{data['row']}", locale):  # inspiration
        out["row"] = t(f"tapestry.income_row.{data['row']}", locale)
    if isinstance(data.get("row"), list):  # the refreshed tech row
        out["row"] = ", ".join(name(c, locale) for c in data["row"])
    for key in ("red", "black", "face"):
        if isinstance(data.get(key), str):
            out[key] = token_text(data[key], locale) if data[key] not in ALL_TRACKS else name(data[key], locale)
    if data.get("die") in ("conquer", "science", "red", "black"):
        out["die"] = t(f"tapestry.die_name.{data['die']}", locale)
        if data["die"] == "conquer":
            out["face"] = t("tapestry.dice_pair", locale, red=out.get("red", "?"), black=out.get("black", "?"))
    if isinstance(data.get("scores"), list):
        out["scores"] = " · ".join(f"{seat_label(live, s)} {v}" for s, v in enumerate(data["scores"]))
    if isinstance(data.get("vp"), list):  # exploration rotations
        out["vp"] = ", ".join(str(v) for v in data["vp"])
    if isinstance(data.get("gains"), dict):
        out["gains"] = "; ".join(f"{k}: {steps_text(v, locale)}" for k, v in data["gains"].items())
    if isinstance(data.get("next"), list):
        out["next"] = "; ".join(steps_text(v, locale) for v in data["next"] if v) or "—"
    if isinstance(data.get("policy"), str):
        out["policy"] = t(f"tapestry.policy.{data['policy']}", locale)
    if isinstance(data.get("deck"), str):
        out["deck"] = t(f"tapestry.deck.{data['deck']}", locale)
    if isinstance(data.get("column"), int):
        out["column"] = data["column"] + 1
    if isinstance(data.get("tile"), int):
        out["tile"] = data["tile"]
    if isinstance(data.get("isle"), int):  # a hex of the Islanders' island
        out["isle"] = data["isle"] + 1
    if isinstance(data.get("spaces"), list):  # an Artificers' income row
        out["spaces"] = row_shape(data["spaces"])
    out.update(automa_ui.params(live, data, locale))  # the solo bots' decisions
    return out
