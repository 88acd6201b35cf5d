"""Bits every renderer shares: seat names, option labels, prompt text, event lines."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from bot import plugins
from bot.i18n import edition, has, join_names, t
from bot.render.prompt import PlainLabel
from bot.table import Live
from bot.wording import no_label, no_params, no_seat
from engine.core import Event, Option, Prompt
from engine.core.registry import get_game

BOT_MARK = "🤖"


def acting_seats(live: Live) -> list[int]:
    """The seats the table is told must act now: every seat with an open prompt (several at once
    where several must, say the victims of an attack), except prompts the game declares hidden
    (they exist only because of a card in hand); while only those are open, the public current
    player stays named, as if nothing had happened."""
    if live.match is None or live.record.status != "active":
        return []
    seats = live.record.seats
    hidden = plugins.ui(live.record.game).hidden_prompts
    prompts = [p for p in live.match.prompts() if 0 <= p.seat < len(seats)]
    public = sorted({p.seat for p in prompts if p.key not in hidden})
    if public:
        return public
    current = live.view(None).get("current")
    if isinstance(current, int) and 0 <= current < len(seats):
        return [current]
    return []


def deciding_seats(live: Live) -> list[int]:
    """Who a board names as deciding now: the seats the status names (a setup decision asked
    of several players, an effect out of turn), else the current player (also one beyond the
    table's seats, an automated opponent)."""
    return acting_seats(live) or [live.view(None)["current"]]


def waiting_line(live: Live, locale: str) -> str:
    """A private view's "Waiting for Alice, Bob.": who must act now, as the status says."""
    names = [seat_name(live, seat) for seat in acting_seats(live)]
    return t("hand.waiting", locale, player=join_names(names) if names else "—")


def seat_name(live: Live, seat: int | None) -> str:
    if seat is not None and not 0 <= seat < len(live.record.seats):
        extra = plugins.ui(live.record.game).wording.seat(live, seat)
        if extra is not None:
            return extra
    if seat is None or not 0 <= seat < len(live.record.seats):
        return "?"
    s = live.record.seats[seat]
    name = s.name or f"#{seat + 1}"
    return f"{BOT_MARK} {name}" if s.kind != "human" else name


def card_name(game: str, card: str, locale: str) -> str:
    return get_game(game).card_name(card, locale)


def namer(game: str, locale: str) -> Callable[[str], str]:
    """`card_name` for one game and locale, the game looked up once (a render names many cards)."""
    names = get_game(game).card_name
    return lambda card: names(card, locale)


def labeler(game: str, locale: str, live: Live | None = None) -> Callable[[Option], str]:
    """`option_label` for one render: the game's wording and the catalogues' edition looked up
    once, not per option."""
    own = plugins.ui(game).wording.label
    if own is not no_label:
        return lambda option: option_label(game, option, locale, live)
    current = edition()
    return PlainLabel((game, locale, current), lambda option: _plain_label(game, option, locale, current))


def option_label(game: str, option: Option, locale: str, live: Live | None = None) -> str:
    """Card options show the card's localized name; other labels are message keys, followed by the
    card they concern when there is one ("Reveal: Moat")."""
    own = plugins.ui(game).wording.label(live, option, locale)
    if own is not None:
        return own
    return _plain_label(game, option, locale, edition())


# Every private view labels its options afresh, and a game offers the same options over and over
# (a buy menu is the supply each turn): a label made from the catalogues is made once per edition.
@lru_cache(maxsize=8192)
def _plain_label(game: str, option: Option, locale: str, edition: int) -> str:
    card = card_name(game, option.card, locale) if option.card is not None else None
    if card is not None and (option.label == option.card or not has(option.label)):
        text = card
        # a group may name its verb ("Play Copper" beside "Copper ($0)" to buy)
        verb = f"{game}.verb.{option.group}"
        if has(verb, locale):
            text = t(verb, locale, card=card)
    else:
        text = t(option.label, locale)
        if card is not None:
            text = f"{text}: {card}"
    if option.cost is not None:
        text = f"{text} (${option.cost})"
    return text


def localize_params(live: Live | None, game: str, data: dict[str, Any], locale: str) -> dict[str, Any]:
    """Turn engine data into words: card ids become names, seats become player names, enumerated
    values ("dest": "hand", "reason": "provinces", "token": "coin") use their own messages."""
    params: dict[str, Any] = {}
    name = get_game(game).card_name  # looked up once: an event may name a dozen cards
    for key, value in data.items():
        if key == "first" and isinstance(value, int) and live is not None:
            params[key] = f"**{seat_name(live, value)}**"
        elif isinstance(value, list) and all(isinstance(v, str) for v in value):
            names = [name(v, locale) for v in value]
            params[key] = (join_names(names) if key == "cards" else ", ".join(names)) or "—"
        elif isinstance(value, str):
            value_key = f"{game}.{key}.{value}"
            params[key] = t(value_key, locale) if has(value_key) else name(value, locale)
        else:
            params[key] = value
    params.update(plugins.ui(game).wording.params(live, data, locale))
    return params


def prompt_text(game: str, prompt: Prompt, locale: str, live: Live | None = None) -> str:
    text = t(prompt.key, locale, **localize_params(live, game, dict(prompt.params), locale))
    if prompt.max > 1 and not prompt.ordered:
        text += " " + t("ui.pick_between", locale, min=prompt.min, max=prompt.max)
    return text


# A board shows its last few events again at every edit: a line is written once per copy of the
# match (`Live.lines`). It depends on its event, the seats' names, the locale and the catalogues,
# unless the game words parameters or seats of its own (from the state, maybe): those are written
# every time.
LINES_KEPT = 200  # more than any board shows


def event_line(live: Live, event: Event, locale: str) -> str:
    return event_lines(live, [event], locale)[0]


def event_lines(live: Live, events: Iterable[Event], locale: str) -> list[str]:
    """The lines of several events (a board's tail): what they depend on is checked once."""
    wording = plugins.ui(live.record.game).wording
    if wording.params is not no_params or wording.seat is not no_seat:
        return [_event_line(live, event, locale) for event in events]
    names = (edition(), *((s.kind, s.name) for s in live.record.seats))
    written = live.lines
    lines = written.lines
    if len(lines) >= LINES_KEPT or written.names != names:
        lines.clear()
        written.names = names
    out = []
    for event in events:
        found = lines.get((id(event), locale))
        if found is not None and found[0] is event:  # (the id of an event gone may be reused)
            out.append(found[1])
            continue
        line = _event_line(live, event, locale)
        lines[(id(event), locale)] = (event, line)
        out.append(line)
    return out


def _event_line(live: Live, event: Event, locale: str) -> str:
    game = live.record.game
    data = event.data
    # The acting seat travels with the data so a game's wording can compare it (a card given away).
    params = localize_params(live, game, {**data, "seat": event.seat}, locale)
    params["player"] = f"**{seat_name(live, event.seat)}**" if event.seat is not None else ""
    base = f"{game}.event.{event.kind}"
    for variant in ("card", "count"):
        if variant in data and has(f"{base}_{variant}"):
            base = f"{base}_{variant}"
            break
    return t(base, locale, **params)
