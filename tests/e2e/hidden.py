"""Hidden cards in public messages: the check behind the e2e leak test.

The stored log is replayed with the engine; what the rules made public (public events and the
spectator view after every answer) is rendered with the bot's own wording and cut out of every
version of every channel message. Whatever card name is left was shown without the rules making
it public. The players' private side is checked too: no hand line from a DM and no private event
("You draw ...") may ever appear in the channel, and channel components carry no prompt ids.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.i18n import join_names, t
from bot.render.common import event_line, seat_name
from bot.standin import StandIn
from bot.standin.state import Channel, User
from bot.table import Live, engine_options, seat_specs
from engine.core import Event, Match
from engine.games.dominion.cards import cards
from storage import Store
from tests.e2e.driver import text_of

# Answer components (option indices, prompt ids) belong in private views only.
PROMPT_KINDS = re.compile(r"^bg[bs]:(?:o|e|c|x|pg|a|d):")


@dataclass
class Knowledge:
    public: set[str] = field(default_factory=set)  # text the rules made public
    private: set[str] = field(default_factory=set)  # private event lines
    names: dict[str, str] = field(default_factory=dict)  # card name -> card id


# (the public view after an answer, what is known, a card id -> name) -> adds what the board shows
FromView = Callable[[dict[str, Any], "Knowledge", Callable[[str], str], str], None]


async def rebuild_knowledge(
    db: Path, match_id: int, hidden: Callable[[Callable[[str], str]], dict[str, str]], from_view: FromView
) -> tuple[Live, Knowledge]:
    """Replays the stored log of any game: every public event line is public (also as a bot's
    summary line shows it, without the name); `from_view` adds what its board shows after each
    answer; `hidden(name)` maps the names of the game's hidden cards to their ids."""
    store = await Store.open(str(db))
    try:
        record = await store.matches.get(match_id)
        assert record is not None
        entries = await store.log.entries(match_id)
    finally:
        await store.close()
    locale = record.locale
    match = Match(record.game, seat_specs(record.seats), engine_options(record), record.seed)
    live = Live(record, match)
    name = lambda c: live.definition.card_name(c, locale)  # noqa: E731
    know = Knowledge(names=hidden(name))

    def learn(events: list[Event]) -> None:
        for event in events:
            line = event_line(live, event, locale)
            if not event.public:
                know.private.add(line)
                continue
            know.public.add(line)
            prefix = f"**{seat_name(live, event.seat)}** "
            if line.startswith(prefix):
                know.public.add(line[len(prefix) :])  # as a bot's summary line shows it
        from_view(match.view(None), know, name, locale)

    learn(list(match.opening_events))
    for seat, answer in entries:
        learn(match.submit(seat, answer))
    return live, know


def dominion_board(view: dict[str, Any], know: Knowledge, name: Callable[[str], str], locale: str) -> None:
    know.public.add(join_names(name(c) for c in view["trash"]))
    for p in view["players"]:
        if p["in_play"]:
            know.public.add(t("board.in_play", locale, cards=join_names(name(c) for c in p["in_play"])))
        if p.get("discard_top"):
            know.public.add(t("board.discard_top", locale, card=name(p["discard_top"])))
    for card in view["supply"]:
        know.public.add(f"{name(card)} · ${view['costs'][card]} · {view['supply'][card]}")
        know.public.add(f"~~{name(card)}~~ · ${view['costs'][card]} · 0")


async def replay_knowledge(db: Path, match_id: int) -> tuple[Live, Knowledge]:
    """Dominion's: its cards are the hidden names, its board shows the trash, cards in play, the
    discard tops and the Supply."""
    live, know = await rebuild_knowledge(db, match_id, lambda name: {name(c): c for c in cards()}, dominion_board)
    record = live.record
    kingdom = record.options.get("kingdom_name")
    if kingdom:
        know.public.add(str(kingdom))
    name = lambda c: live.definition.card_name(c, record.locale)  # noqa: E731
    know.public.add(", ".join(name(c) for c in record.options.get("kingdom", []) if isinstance(c, str)))
    return live, know


def leaks(standin: StandIn, channel: Channel, humans: list[User], know: Knowledge) -> list[str]:
    """Every problem found; empty when the channel showed nothing hidden."""
    problems: list[str] = []
    private_views = [m for user in humans for m in standin.dm_messages(user)]
    private_views += [m for m in standin.messages(channel) if m.ephemeral]  # "My hand / Act"
    hand_lines = {
        line
        for message in private_views
        for body in message.history
        for line in text_of(body).splitlines()
        if line.startswith(("**Hand:**", "**Mão:**")) and "—" not in line
    }
    assert hand_lines, "the players never saw their hands"
    names = sorted(know.names, key=len, reverse=True)
    pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(n) for n in names) + r")(?!\w)")
    public = sorted(know.public, key=len, reverse=True)
    for message in standin._channel_messages.get(channel.id, []):
        msg = standin.message(message)
        if msg is None or msg.ephemeral:
            continue  # ephemeral replies are private to their user
        for body in msg.history:
            text = text_of(body)
            for line in hand_lines | know.private:
                if line in text:
                    problems.append(f"private text {line!r} in channel message {msg.id}")
            for row in body.get("components") or [] if isinstance(body, dict) else []:
                for c in row.get("components") or []:
                    if PROMPT_KINDS.match(str(c.get("custom_id", ""))):
                        problems.append(f"prompt component {c['custom_id']!r} in channel message {msg.id}")
            rest = text
            for fragment in public:
                if fragment:
                    rest = rest.replace(fragment, " ")
            for found in pattern.finditer(rest):
                start = max(0, found.start() - 60)
                problems.append(f"{found[1]!r} shown in channel message {msg.id}: …{rest[start:found.end() + 60]!r}…")
    return problems
