"""Engine views -> Discord messages. One renderer per game (its UI plug-in), a generic one otherwise."""

from __future__ import annotations

import io
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import discord

from bot import plugins
from bot.cards import card_index
from bot.i18n import t
from bot.plugins import Renderer
from bot.render import ids
from bot.render.common import labeler, seat_name
from bot.render.generic import GenericRenderer
from bot.render.items import Components, GameButton, PlainComponents, button_dict
from bot.render.limits import fit_embed
from bot.render.prompt import PromptUI
from bot.table import Live, views_kept

BOARD_IMAGE = "board.png"


GENERIC = GenericRenderer()


def renderer(game: str) -> Renderer:
    """The game's own renderer (its UI plug-in), else the generic one."""
    return plugins.ui(game).renderer or GENERIC


@dataclass
class Payload:
    embed: discord.Embed
    view: discord.ui.View | None = None
    image: bytes | None = None  # a PNG shown as the embed's image

    def file(self) -> discord.File | None:
        """A fresh upload each time: a discord.File can be sent only once."""
        if self.image is None:
            return None
        return discord.File(io.BytesIO(self.image), filename=BOARD_IMAGE)

    def files(self) -> dict[str, Any]:
        """For send() where the embed comes on its own (no file means none)."""
        file = self.file()
        return {"file": file} if file is not None else {}

    def kwargs(self) -> dict[str, Any]:
        """For send(): no view means no components."""
        return {"embed": self.embed, "view": self.view or discord.utils.MISSING, **self.files()}

    def edit_kwargs(self, replace: bool = False) -> dict[str, Any]:
        """For edit(): no view means remove the components; a new image replaces the old one
        (with `replace`, no image removes an earlier one: a private view's preview)."""
        kwargs: dict[str, Any] = {"embed": self.embed, "view": self.view}
        file = self.file()
        if file is not None:
            kwargs["attachments"] = [file]
        elif replace:
            kwargs["attachments"] = []
        return kwargs


# Renders kept per match state: (the state's views, record, what of the record a render shows) ->
# {(seat, locale, page): payload}. A re-send, a reconciliation or the "My hand" button after a DM
# costs no render. The state's views (`Live.views`) are a new dict for every state (a match
# object at a number of answers) and whenever they are forgotten, so renders go with them. The
# last matches rendered are kept, as many as the process keeps views of (`bot.table.keep_views_for`,
# RENDER_CACHE at least); a payload is read-only once made (a discord.File is made afresh per
# send, and components are dicts or dynamic items, so one View can go out on several messages).
RENDER_CACHE = 128
_RENDERS: OrderedDict[int, tuple[object, object, tuple[Any, ...], dict[tuple[Any, ...], Payload]]] = (
    OrderedDict()
)


def _renders(live: Live) -> dict[tuple[Any, ...], Payload] | None:
    """This match state's rendered payloads (None before the match starts)."""
    if live.match is None:
        return None
    views = live.views()
    record = live.record
    shown = (record.revision, record.status, tuple((s.kind, s.name, s.user_id) for s in record.seats))
    hit = _RENDERS.get(record.id)
    if hit is None or hit[0] is not views or hit[1] is not record or hit[2] != shown:
        _RENDERS.pop(record.id, None)
        hit = _RENDERS[record.id] = (views, record, shown, {})
        limit = max(RENDER_CACHE, views_kept())
        while len(_RENDERS) > limit:
            del _RENDERS[next(iter(_RENDERS))]
    else:
        _RENDERS.move_to_end(record.id)
    return hit[3]


def board_payload(live: Live, locale: str) -> Payload:
    cache = _renders(live)
    key = (None, locale, 0)
    found = cache.get(key) if cache is not None else None
    if found is None:
        found = _board_payload(live, locale)
        if cache is not None:
            cache[key] = found
    return found


def _board_payload(live: Live, locale: str) -> Payload:
    r = renderer(live.record.game)
    embed = r.board(live, locale)
    draw = getattr(r, "board_image", None)  # games with a picture of the board
    image = draw(live, locale) if draw is not None and live.match is not None else None
    if image is not None:
        embed.set_image(url=f"attachment://{BOARD_IMAGE}")
    view: discord.ui.View | None = None
    if live.record.status == "active":
        hand = (ids.button(ids.HAND, live.id), t("ui.my_hand", locale), discord.ButtonStyle.primary)
        items = plugins.ui(live.record.game).board_items(live, locale)
        if not items:  # most games: the one button, sent as it is
            view = PlainComponents([[button_dict(*hand)]])
        else:
            view = Components()
            view.add_item(GameButton(*hand))
            for item in items:
                view.add_item(item)
    return Payload(embed=embed, view=view, image=image)


def prompt_ui(
    live: Live, seat: int, locale: str, page: int = 0, draft: list[int] | None = None
) -> PromptUI | None:
    prompt = live.prompt_for(seat)
    if prompt is None:
        return None
    game = live.record.game
    r = renderer(game)
    describer = getattr(r, "describer", None)  # (optional: see plugins.Renderer)
    arranged = (
        plugins.ui(game).arrange(live, prompt, locale) if prompt.max == 1 and not prompt.ordered else None
    )
    return PromptUI(
        match_id=live.id,
        prompt=prompt,
        locale=locale,
        label=labeler(game, locale, live),
        describe=describer(live, locale) if describer is not None else lambda o: r.describe(live, o, locale),
        page=page,
        draft=list(draft or []),
        info=any(o.card is not None and o.card in card_index(game) for o in prompt.options),
        arranged=arranged,
    )


def private_payload(
    live: Live, seat: int, locale: str, page: int = 0, draft: list[int] | None = None
) -> Payload:
    """`seat`'s private view: made once per match state, seat, locale and page (a draft's
    redraw is made each time)."""
    cache = _renders(live) if not draft else None
    key = (seat, locale, page)
    found = cache.get(key) if cache is not None else None
    if found is None:
        found = _private_payload(live, seat, locale, page, draft)
        if cache is not None:
            cache[key] = found
    return found


def _private_payload(live: Live, seat: int, locale: str, page: int, draft: list[int] | None) -> Payload:
    ui = prompt_ui(live, seat, locale, page, draft)
    extra = ui.draft_text() if ui else None
    r = renderer(live.record.game)
    embed = r.private(live, seat, locale, extra)
    # a game's picture of the choice on show (the options of the page or group shown)
    draw = getattr(r, "prompt_image", None)
    image = draw(live, seat, locale, ui.visible()) if ui is not None and draw is not None else None
    if image is not None:
        embed.set_image(url=f"attachment://{BOARD_IMAGE}")
    return Payload(embed=embed, view=ui.view() if ui else None, image=image)


def result_payload(live: Live, locale: str) -> Payload:
    """Final standings, best first."""
    assert live.match is not None
    result = live.match.result()
    embed = discord.Embed(title=t("result.title", locale, id=live.id), colour=discord.Colour.gold())
    if result is None:
        embed.description = t("result.none", locale)
        return Payload(embed=embed)
    order = sorted(range(len(result.scores)), key=lambda s: (result.ranks[s], s))
    medals = {1: "🥇", 2: "🥈", 3: "🥉"}
    lines = []
    for s in order:
        rank = result.ranks[s]
        lines.append(
            t(
                "result.line",
                locale,
                medal=medals.get(rank, f"#{rank}"),
                player=seat_name(live, s),
                score=result.scores[s],
                turns=result.turns[s],
                count=result.turns[s],
            )
        )
    more = getattr(renderer(live.record.game), "result_lines", None)  # e.g. an opponent without a seat
    if more is not None:
        lines.extend(more(live, result, locale))
    ended = result.details.get("ended_by")
    if ended:
        lines.append("")
        lines.append(t(f"{live.record.game}.end.{ended}", locale))
    embed.description = "\n".join(lines)
    return Payload(embed=fit_embed(embed))
