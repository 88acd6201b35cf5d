"""Read-only views of a game: the paginated public log, the spectator board, and the step-by-step
viewer for imported replays. All of them are built from public events and `view(None)` only.
"""

from __future__ import annotations

import math
from collections import deque

import discord

from bot.herald import Button, make_view
from bot.i18n import t
from bot.render import ids as custom_ids
from bot.render import renderer
from bot.render.common import event_line
from bot.render.limits import EMBED_DESCRIPTION, clip, fit_embed
from bot.replays import Replayed, ReplayFile, rebuild
from bot.table import TAIL, Live, engine_options, seat_specs
from engine.core import Event
from storage import MatchRecord, SeatRecord

PAGE_LINES = 20
LOG_PAGE = "lg"  # button kind; args: match, page, slot
REPLAY_STEP = "rv"  # button kind; args: replay id, step, slot
HEADINGS = frozenset({"turn_start"})  # shown bold, as section breaks


def replay_live(live: Live, entries: list[tuple[int, tuple[str, ...]]]) -> Replayed:
    """The match rebuilt from its stored log, with every answer's events."""
    record = live.record
    return rebuild(record.game, seat_specs(record.seats), engine_options(record), record.seed, entries)


def log_lines(live: Live, events: list[Event], locale: str) -> list[str]:
    lines = []
    for event in events:
        if not event.public:
            continue
        text = event_line(live, event, locale)
        # A heading is bold as a whole; bold inside it (the player's name) would close the markers early.
        lines.append(f"**{text.replace('**', '')}**" if event.kind in HEADINGS else f"• {text}")
    return lines


def page_count(lines: list[str]) -> int:
    return max(1, math.ceil(len(lines) / PAGE_LINES))


def log_payload(live: Live, lines: list[str], page: int | None, locale: str) -> tuple[discord.Embed, discord.ui.View | None]:
    """One page of the log (1-based; None: the last page) with previous/next buttons."""
    pages = page_count(lines)
    page = pages if page is None else min(max(page, 1), pages)
    chunk = lines[(page - 1) * PAGE_LINES : page * PAGE_LINES]
    embed = discord.Embed(title=t("log.title", locale, id=live.id, page=page, pages=pages))
    embed.description = clip("\n".join(chunk) or t("log.empty", locale), EMBED_DESCRIPTION)
    buttons = []
    if page > 1:
        buttons.append(Button(custom_ids.button(LOG_PAGE, live.id, page - 1, 0), t("log.previous", locale)))
    if page < pages:
        buttons.append(Button(custom_ids.button(LOG_PAGE, live.id, page + 1, 1), t("log.next", locale)))
    return fit_embed(embed), make_view(tuple(buttons))


def spectate_embed(live: Live, locale: str) -> discord.Embed:
    """The public board only: what anyone in the channel may see, nothing from a seat's view."""
    embed = renderer(live.record.game).board(live, locale)
    embed.set_footer(text=t("spectate.footer", locale))
    return fit_embed(embed)


# -- imported replays ------------------------------------------------------------------------------------
def replay_record(replay_id: int, file: ReplayFile, finished: bool) -> MatchRecord:
    """A stand-in match record so the usual renderers can draw an imported game."""
    return MatchRecord(
        id=replay_id,
        guild_id=None,
        channel_id=0,
        game=file.game,
        engine_version=file.engine_version,
        options=dict(file.options),
        seats=[SeatRecord(s.kind, s.name, s.policy, None) for s in file.seats],
        seed=file.seed,
        status="finished" if finished else "active",
        host_id=0,
    )


def replay_live_view(replay_id: int, file: ReplayFile, replayed: Replayed) -> Live:
    live = Live(replay_record(replay_id, file, replayed.match.finished), replayed.match)
    live.tail = deque(replayed.public_events()[-TAIL:], maxlen=TAIL)
    return live


def replay_payload(
    replay_id: int, file: ReplayFile, replayed: Replayed, step: int, locale: str, notes: list[str]
) -> tuple[discord.Embed, discord.ui.View | None]:
    live = replay_live_view(replay_id, file, replayed)
    embed = renderer(file.game).board(live, locale)
    embed.title = clip(t("replay.title", locale, game=file.game, step=step, steps=len(file.log)), 256)
    footer = [t("replay.footer", locale, version=file.engine_version)]
    footer.extend(notes)
    embed.set_footer(text=clip(" · ".join(footer), 2048))
    last = len(file.log)
    targets = ((0, "⏮"), (max(step - 1, 0), "◀"), (min(step + 1, last), "▶"), (last, "⏭"))
    buttons = tuple(
        Button(custom_ids.button(REPLAY_STEP, replay_id, target, slot), label)
        for slot, (target, label) in enumerate(targets)
        if target != step
    )
    return fit_embed(embed), make_view(buttons)
