"""'Since your last turn': what every other seat did since this player's last decision, from the
public events the board's log keeps, worded as the log words them and kept compact."""

from __future__ import annotations

from bot.i18n import t
from bot.render.common import event_line, seat_name
from bot.table import Live

# Private to their owner (the engine addresses them) or noise in a catch-up.
SKIP = frozenset({"civ_offer", "drew_tapestry", "already_activated"})
MAX_CHARS = 900


TURN_STARTS = frozenset({"advance_turn", "income_turn"})


def since_last_turn(live: Live, seat: int, locale: str) -> str | None:
    """One line per other seat that acted since `seat`'s last turn began (a reaction during that
    turn included), in play order; None when nobody did."""
    events = list(live.tail)
    start = next(
        (
            i + 1
            for i in range(len(events) - 1, -1, -1)
            if events[i].seat == seat and events[i].kind in TURN_STARTS
        ),
        None,
    )
    # without the start of that turn in the log kept, earlier moves may be missing (a full log)
    complete = start is not None or live.tail.maxlen is None or len(events) < live.tail.maxlen
    recent = events[start or 0 :]
    lines: list[tuple[int, list[str]]] = []
    for event in recent:
        if event.seat is None or event.seat == seat or event.kind in SKIP or not event.public:
            continue
        text = event_line(live, event, locale)
        prefix = f"**{seat_name(live, event.seat)}** "
        text = text[len(prefix) :] if text.startswith(prefix) else text
        if lines and lines[-1][0] == event.seat:
            lines[-1][1].append(text)
        else:
            lines.append((event.seat, [text]))
    if not lines:
        return None
    out = [t("tapestry.since.title", locale)]
    for who, texts in lines:
        out.append(f"• **{seat_name(live, who)}**: " + "; ".join(texts))
    if not complete:
        out.append(t("tapestry.since.earlier", locale))
    text = "\n".join(out)
    if len(text) > MAX_CHARS:  # the most recent part matters most
        cut = text[-(MAX_CHARS - 2) :]
        text = out[0] + "\n…" + cut[cut.find("\n") :] if "\n" in cut else out[0] + "\n…" + cut
    return text
