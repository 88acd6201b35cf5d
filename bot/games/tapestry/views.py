"""Views on demand from the board's menu, shown only to whoever asks: one player's capital (a
picture), civilizations with their texts, tech cards by row, every tapestry card on their mat,
income mat and tiles; the face-up tech cards with the deck sizes; the landmarks still available;
the achievements taken. All of it is public (the board's own view), so anyone may look.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

import discord

from bot.games.tapestry import modules_ui
from bot.games.tapestry.text import (
    BUILDING_ICON,
    TRACK_ICON,
    capital_name,
    icons,
    name,
    public_view,
    row_shape,
    steps_text,
)
from bot.i18n import join_names, t
from bot.render import ids
from bot.render.common import seat_name
from bot.render.items import GameSelect
from bot.render.limits import OPTION_LABEL, PLACEHOLDER, clip, fit_embed
from bot.table import Live
from engine.core.cards import CardInfo
from engine.games.tapestry import artificers, islanders
from engine.games.tapestry.catalogue import catalogue
from engine.games.tapestry.data import BUILDINGS, landmarks, tech_cards, tracks

VIEWS = "tv"  # select kind; args: match. Values: "p<seat>", "tech", "landmarks", "achievements"
PICTURE = "capital.png"
COLOUR = discord.Colour.from_rgb(176, 120, 48)
ERAS = ("I", "II", "III", "IV")
SHARED = ("tech", "landmarks", "achievements")


def board_items(live: Live, locale: str) -> Sequence[discord.ui.Item[Any]]:
    """The board's menu of views (a running game only)."""
    view = public_view(live)
    if view is None:
        return ()
    options = [
        discord.SelectOption(
            label=clip(t("tapestry.views.player", locale, player=seat_name(live, p["seat"])), OPTION_LABEL),
            value=f"p{p['seat']}",
        )
        for p in view["players"]
    ]
    options += [
        discord.SelectOption(label=clip(t(f"tapestry.views.{kind}", locale), OPTION_LABEL), value=kind)
        for kind in SHARED
    ]
    if modules_ui.content(live.record.options) is not None:  # the server's sets this table plays with
        options.append(discord.SelectOption(label=clip(t("tapestry.views.modules", locale), OPTION_LABEL), value="modules"))
    placeholder = clip(t("tapestry.views.menu", locale), PLACEHOLDER)
    return (GameSelect(ids.select(VIEWS, live.id), options=options, placeholder=placeholder),)


def view_embed(live: Live, choice: str, locale: str) -> tuple[discord.Embed, bytes | None]:
    """The embed (and picture) for one choice of the menu; a bad choice raises ValueError."""
    view = public_view(live)
    if view is None:
        raise ValueError(choice)
    if choice.startswith("p") and choice[1:].isdigit() and int(choice[1:]) < len(view["players"]):
        return player_embed(live, view, view["players"][int(choice[1:])], locale)
    if choice == "tech":
        return tech_embed(view, locale), None
    if choice == "landmarks":
        return landmarks_embed(live, view, locale), None
    if choice == "achievements":
        return achievements_embed(live, view, locale), None
    content = modules_ui.content(live.record.options)
    if choice == "modules" and content is not None:
        embed = discord.Embed(title=t("tapestry.views.modules", locale), colour=discord.Colour.dark_gold())
        for title, lines in modules_ui.sets_lines(content, locale)[:25]:
            embed.add_field(name=clip(title, 256), value=clip(lines, 1024), inline=False)
        return fit_embed(embed), None
    raise ValueError(choice)


# -- one player ----------------------------------------------------------------------------------------
@cache
def _civilizations() -> dict[str, CardInfo]:
    return {card.id: card for card in catalogue() if card.kind == "civilization"}


def civ_text(civ_id: str, locale: str) -> str:
    """A civilization's text as /card shows it, in the reader's language."""
    card = _civilizations().get(civ_id)
    return card.describe(locale) if card is not None else ""


def player_embed(
    live: Live, view: Mapping[str, Any], p: Mapping[str, Any], locale: str
) -> tuple[discord.Embed, bytes | None]:
    who = seat_name(live, p["seat"])
    embed = discord.Embed(title=t("tapestry.views.player", locale, player=who), colour=COLOUR)
    lines = [
        t("tapestry.views.summary", locale, vp=p["vp"], res=icons(p["resources"]), income=p["income_turns"]),
    ]
    if p.get("capital"):
        lines.append(t("tapestry.hand.capital", locale, capital=capital_name(p["capital"], locale)))
    if p["landmarks"]:
        lines.append(
            t("tapestry.board.landmarks", locale, names=join_names(name(x, locale) for x in p["landmarks"]))
        )
    if p["beside_capital"]:
        lines.append(
            t("tapestry.views.beside", locale, what=join_names(name(x, locale) for x in p["beside_capital"]))
        )
    lines.append(
        t("tapestry.views.trap_policy", locale, policy=t(f"tapestry.policy.{p['trap_policy']}", locale))
    )
    embed.description = "\n".join(lines)
    civs = []
    for c in p["civilizations"]:
        text = civ_text(c, locale)
        civs.append(f"**{name(c, locale)}**" + (f": {text}" if text else ""))
    embed.add_field(
        name=t("tapestry.views.civs", locale), value=clip("\n".join(civs) or "—", 1024), inline=False
    )
    embed.add_field(
        name=t("tapestry.views.tech", locale),
        value=clip(tech_rows(p["tech"], locale, p.get("tech_flipped") or ()), 1024),
        inline=False,
    )
    embed.add_field(
        name=t("tapestry.views.tapestry", locale), value=clip(tapestry_piles(p, locale), 1024), inline=False
    )
    embed.add_field(
        name=t("tapestry.views.income_mat", locale), value=clip(income_mat(p, locale), 1024), inline=False
    )
    isle = island(p, locale)
    if isle is not None:
        embed.add_field(name=t("tapestry.views.island", locale), value=clip(isle, 1024), inline=False)
    tiles = t(
        "tapestry.board.tiles",
        locale,
        tiles=", ".join(str(x) for x in p["territory_tiles"]) or "—",
        space=", ".join(str(x) for x in p["space_tiles"]) or "—",
    )
    explored = ", ".join(str(x) for x in p["explored_space"]) or "—"
    embed.add_field(
        name=t("tapestry.views.tiles", locale),
        value=tiles + "\n" + t("tapestry.views.explored_space", locale, tiles=explored),
        inline=False,
    )
    image = capital_picture(p["grid"]) if p.get("grid") else None
    if image is not None:
        embed.set_image(url=f"attachment://{PICTURE}")
    return fit_embed(embed), image


def island(p: Mapping[str, Any], locale: str) -> str | None:
    """The Islanders' island: each hex's tile and turn, and the tiles with sea all round outside."""
    spots = (p.get("civ_state") or {}).get(islanders.KEY)
    if not isinstance(spots, list):
        return None
    lines = []
    dry = 0
    for i, here in enumerate(spots):
        if here is None:
            lines.append(t("tapestry.views.island_empty", locale, n=i + 1))
            continue
        sea = islanders.all_sea_outside(here[0], here[1], i)
        dry += sea
        mark = t("tapestry.views.island_dry", locale) if sea else ""
        lines.append(t("tapestry.views.island_hex", locale, n=i + 1, tile=here[0], deg=60 * here[1], dry=mark))
    lines.append(t("tapestry.views.island_score", locale, count=dry))
    return "\n".join(lines)


def tech_rows(tech: Mapping[str, int], locale: str, used: Sequence[str] = ()) -> str:
    rows = ("tapestry.row.bottom", "tapestry.row.middle", "tapestry.row.top")
    lines = []
    for level in (2, 1, 0):
        cards = [c for c, r in tech.items() if r == level]
        for c in cards:
            tc = tech_cards().get(c)
            what = ""
            if tc is not None:
                what = " — " + t(
                    "tapestry.describe.tech",
                    locale,
                    circle=steps_text(tc.circle, locale),
                    square=steps_text(tc.square, locale),
                )
            flipped = f" {t('tapestry.views.tech_used', locale)}" if c in used else ""
            lines.append(f"{t(rows[level], locale)}: **{name(c, locale)}**{flipped}{what}")
    return "\n".join(lines) or "—"


def tapestry_piles(p: Mapping[str, Any], locale: str) -> str:
    """Every card on the mat, era by era, bottom to top; the active one marked."""
    piles = p["tapestry_mat"]
    last = max((i for i, pile in enumerate(piles) if pile), default=-1)
    lines = []
    for i, pile in enumerate(piles):
        if not pile:
            continue
        cards = [name(c, locale) if c else t("tapestry.board.face_down", locale) for c in pile]
        lines.append(f"{ERAS[i]}: {' → '.join(cards)}{' ▶' if i == last else ''}")
    return "\n".join(lines) or "—"


def income_mat(p: Mapping[str, Any], locale: str) -> str:
    state = p.get("civ_state") or {}
    slid = state.get(artificers.ROWS)
    if isinstance(slid, dict):  # the Artificers' mat: which spaces their buildings cover
        lines = [
            t(
                "tapestry.views.mat_row_slid",
                locale,
                icon=BUILDING_ICON[b],
                building=t(f"tapestry.building.{b}", locale),
                row=row_shape(slid[b]),
            )
            for b in BUILDINGS
        ]
        aside = state.get(artificers.ASIDE) or {}
        if any(aside.values()):
            what = ", ".join(f"{BUILDING_ICON[b]}{aside[b]}" for b in BUILDINGS if aside.get(b))
            lines.append(t("tapestry.views.mat_aside", locale, what=what))
    else:
        lines = [
            t(
                "tapestry.views.mat_row",
                locale,
                icon=BUILDING_ICON[b],
                building=t(f"tapestry.building.{b}", locale),
                left=p["income_mat"][b],
            )
            for b in BUILDINGS
        ]
    exposed = p.get("exposed")
    if isinstance(exposed, list) and exposed:
        lines.append(t("tapestry.views.exposed", locale, what=steps_text(exposed, locale)))
    return "\n".join(lines)


def capital_picture(grid: Sequence[str]) -> bytes:
    from bot.games.tapestry.preview import building_preview

    return building_preview(grid, ())


# -- shared parts ------------------------------------------------------------------------------------------
def tech_embed(view: Mapping[str, Any], locale: str) -> discord.Embed:
    embed = discord.Embed(title=t("tapestry.views.tech_title", locale), colour=COLOUR)
    lines = []
    for c in view["tech_row"]:
        tc = tech_cards().get(c)
        what = ""
        if tc is not None:
            what = " — " + t(
                "tapestry.describe.tech",
                locale,
                circle=steps_text(tc.circle, locale),
                square=steps_text(tc.square, locale),
            )
        lines.append(f"• **{name(c, locale)}**{what}")
    lines.append("")
    lines.append(
        t(
            "tapestry.board.footer",
            locale,
            deck=view["tapestry_deck"],
            tech=view["tech_deck"],
            tiles=view["tile_bag"],
            space=view["space_stack"],
        )
    )
    embed.description = "\n".join(lines)
    return fit_embed(embed)


def landmark_source(landmark: str) -> tuple[str, int] | None:
    for tr, data in tracks().items():
        for i, sp in enumerate(data.spaces):
            if sp.landmark == landmark:
                return tr, i + 1
    return None


def landmarks_embed(live: Live, view: Mapping[str, Any], locale: str) -> discord.Embed:
    embed = discord.Embed(title=t("tapestry.views.landmarks_title", locale), colour=COLOUR)
    available = list(view["landmarks_available"])
    owners = {lm: p["seat"] for p in view["players"] for lm in p["landmarks"]}
    lines = []
    for lm in landmarks():
        source = landmark_source(lm)
        where = (
            f"{TRACK_ICON[source[0]]} {name(source[0], locale)} {source[1]}"
            if source
            else t("tapestry.views.tech_landmark", locale)
        )
        if lm in available:
            lines.append(f"🏛️ **{name(lm, locale)}** — {where}")
        elif lm in owners:
            lines.append(f"✖️ {name(lm, locale)} — {seat_name(live, owners[lm])}")
    embed.description = "\n".join(lines) or "—"
    return fit_embed(embed)


def achievements_embed(live: Live, view: Mapping[str, Any], locale: str) -> discord.Embed:
    embed = discord.Embed(title=t("tapestry.views.achievements_title", locale), colour=COLOUR)
    lines = []
    for kind, seats in view["achievements"].items():
        got = ", ".join(seat_name(live, s) for s in seats) or "—"
        left = "/".join(str(v) for v in view["achievement_vp"][kind]) or "—"
        lines.append(
            t(
                "tapestry.board.achievement",
                locale,
                what=t(f"tapestry.what.{kind}", locale),
                got=got,
                left=left,
            )
        )
    embed.description = "\n".join(lines) or "—"
    return fit_embed(embed)


async def on_view(
    bot: Any, interaction: discord.Interaction[Any], args: list[int], values: list[str]
) -> None:
    """The board's menu: the chosen view, only for the one who asked."""
    from bot.errors import UserError
    from bot.interact import send

    locale = await bot.locale_of(interaction)
    live = await bot.table.get(args[0])
    try:
        embed, image = view_embed(live, values[0] if values else "", locale)
    except ValueError:
        raise UserError("tapestry.views.unknown") from None
    kwargs: dict[str, Any] = {"embed": embed}
    if image is not None:
        kwargs["file"] = discord.File(io.BytesIO(image), filename=PICTURE)
    await send(interaction, **kwargs)
