"""Companion turns, status and table-tool results as embeds and components.

Each of her log entries becomes one instruction line, in the order the table carries them out.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.games.everdell.companion import Report
from bot.games.everdell.lair import action_text
from bot.i18n import has, t
from bot.render import ids
from bot.render.items import Components, GameButton, GameSelect
from bot.render.limits import EMBED_DESCRIPTION, OPTION_DESCRIPTION, OPTION_LABEL, SELECT_OPTIONS, clip
from engine.games.everdell import card_name
from engine.games.everdell.mistwood import loader
from engine.games.everdell.mistwood.activity import ActivityCard
from engine.games.everdell.mistwood.nightweave import board
from engine.games.everdell.mistwood.nightweave.scoring import tally

BUTTON = "cmp"  # companion id, step, code (1 first impossible, 2 second impossible, 3 blocked, 4 undo)
SELECT = "cmc"  # companion id, steps so far: the card the table flipped
RECORD = ids.COMPANION_RECORD  # companion id, level, her total: record the table game as a result
COLOR = 0x4B2E83


def place_name(loc: str, locale: str) -> str:
    if loc.startswith("forest_"):
        index = int(loc.split("_")[1]) - 1
        return t(f"nw.forest.{board.FOREST_POSITIONS[index]}", locale)
    if loc.startswith("journey_"):
        return t("nw.journey", locale, n=loc.split("_")[1])
    if loc == "lair":
        return t("nw.lair", locale)
    if loc.startswith(("card:", "own:")):
        return t("nw.loc.own" if loc.startswith("own:") else "nw.loc.yours", locale)
    if loc.startswith("event:"):
        return event_name(loc[6:], locale)
    return card_name(loc, locale)


def activity_name(card: str, locale: str) -> str:
    """An Activity card by what it does (our deck's cards have no printed names); a card of a
    server's own deck that has no name with us keeps its id."""
    key = f"nw.card.{card}"
    return t(key, locale) if has(key, locale) else card


def event_name(event: str, locale: str) -> str:
    if event.startswith("special_"):
        return t("nw.special_event", locale)
    return card_name(event, locale)


def line(entry: dict[str, Any], locale: str, level: int) -> str | None:
    kind = entry["kind"]
    data = {k: v for k, v in entry.items() if k != "kind"}
    if kind == "flip":
        data["card"] = activity_name(str(data["card"]), locale)
        data["season"] = t(f"nw.season.{data['season']}", locale)
        data["decider"] = t(f"nw.decider.{data['decider']}", locale)
    elif kind == "action":
        data["slot"] = t(f"nw.slot.{data['slot']}", locale)
        data["action"] = action_text(str(data["action"]), locale)
    elif kind in ("place",):
        data["loc"] = place_name(str(data["loc"]), locale)
    elif kind == "blocked":
        data["moved_to"] = place_name(str(data["moved_to"]), locale)
    elif kind == "play":
        source = str(data["source"])
        if source.startswith("meadow:"):
            return t("nw.log.play_meadow", locale, slot=source[7:])
        return t(f"nw.log.play_{source}", locale)
    elif kind == "event":
        data["event"] = event_name(str(data["event"]), locale)
        if data.get("final"):
            return t("nw.log.final_event", locale)
        if data.get("free"):
            return t("nw.log.free_event", locale, event=data["event"])
    elif kind == "prepare":
        data["season"] = t(f"nw.season.{data['season']}", locale)
    elif kind in ("meadow_discard",):
        data["count"] = len(entry.get("cards") or [])
    elif kind == "game_end":
        data["level"] = level
    key = f"nw.log.{kind}"
    if kind == "action" and entry.get("slot") == "default":
        key = "nw.log.action_default"
    return t(key, locale, **data)


def turn_embed(report: Report, locale: str) -> discord.Embed:
    st = report.state
    lines = [text for entry in report.entries if (text := line(entry, locale, report.level))]
    if report.facts.get("ruled_out") or report.facts.get("blocked"):
        lines.append(t("nw.corrected", locale))
    if any(e["kind"] == "prepare" for e in report.entries) and "plots" in report.modules:
        lines.append(t("nw.remind_plot", locale))
    embed = discord.Embed(
        title=t("nw.turn_title", locale, n=report.seq, season=t(f"nw.season.{st.season_name}", locale)),
        description=clip("\n".join(f"• {x}" for x in lines) or "—", EMBED_DESCRIPTION),
        color=COLOR,
    )
    embed.add_field(name=t("nw.points_so_far", locale), value=str(st.tokens))
    embed.add_field(name=t("nw.workers", locale), value=t("nw.workers_value", locale, free=max(0, st.available), total=st.workers))
    embed.add_field(name=t("nw.hand", locale), value=str(len(st.hand)))
    if st.meadow_slot is not None:
        embed.add_field(name=t("nw.meadow", locale), value=str(st.meadow_slot + 1))
    return embed


def turn_view(report: Report, locale: str) -> discord.ui.View:
    view = Components()
    if report.seq == 0 or report.state.finished and not report.entries:
        return view
    acted = [e for e in report.entries if e["kind"] == "action"]
    slot = acted[-1]["slot"] if acted else None
    codes: list[tuple[int, str, discord.ButtonStyle]] = []
    if slot == "first":
        codes.append((1, "nw.btn.first_impossible", discord.ButtonStyle.secondary))
    if slot in ("first", "second"):
        codes.append((2, "nw.btn.second_impossible", discord.ButtonStyle.secondary))
    if report.placed_spot is not None:
        codes.append((3, "nw.btn.blocked", discord.ButtonStyle.secondary))
    codes.append((4, "nw.btn.undo", discord.ButtonStyle.danger))
    for code, key, style in codes:
        if code == 2 and slot == "first":
            continue  # rule out the first action first; the second then shows its own button
        view.add_item(GameButton(ids.button(BUTTON, report.companion_id, report.seq, code), t(key, locale), style))
    return view


def card_menu(companion_id: int, steps: int, cards: list[ActivityCard], locale: str) -> discord.ui.View:
    options = []
    for card in cards[:SELECT_OPTIONS]:
        desc = " · ".join(f"{s}: {r.text()}" for s, r in card.rows.items())
        label = f"{activity_name(card.id, locale)} — {t(f'nw.season.{card.season}', locale)}"
        options.append(
            discord.SelectOption(
                label=clip(label, OPTION_LABEL), value=card.id, description=clip(desc, OPTION_DESCRIPTION) or None
            )
        )
    view = Components()
    view.add_item(GameSelect(ids.select(SELECT, companion_id, steps), options, placeholder=t("nw.pick_card", locale)))
    return view


def status_embed(report: Report, locale: str) -> discord.Embed:
    st = report.state
    row = loader.default_scoring().level(report.level)
    embed = discord.Embed(title=t("nw.status_title", locale, level=report.level, name=row.name_pt if locale == "pt" else row.name_en), color=COLOR)
    fields = [
        ("nw.season", t(f"nw.season.{st.season_name}", locale)),
        ("nw.workers", t("nw.workers_value", locale, free=max(0, st.available), total=st.workers)),
        ("nw.hand", str(len(st.hand))),
        ("nw.city", str(len(st.city))),
        ("nw.achievements", str(len(st.events) + len(st.pending_events))),
        ("nw.points_so_far", str(st.tokens)),
        ("nw.journey_points", str(st.journey)),
        ("nw.activity_left", str(len(st.deck))),
    ]
    if st.meadow_slot is not None:
        fields.append(("nw.meadow", str(st.meadow_slot + 1)))
    for key, value in fields:
        embed.add_field(name=t(key, locale), value=value)
    if st.finished:
        embed.description = t("nw.finished", locale)
    return embed


def score_parts(report: Report, counts: dict[str, int]) -> dict[str, int]:
    row = loader.default_scoring().level(report.level)
    return tally(row, tokens=report.state.tokens, **counts)


def record_view(report: Report, total: int, locale: str) -> discord.ui.View:
    """One button: open the /result record sheet with her level and score filled in."""
    view = Components()
    custom_id = ids.button(RECORD, report.companion_id, report.level, total)
    view.add_item(GameButton(custom_id, t("automa.record", locale), discord.ButtonStyle.primary))
    return view


def score_embed(report: Report, locale: str, counts: dict[str, int]) -> discord.Embed:
    parts = score_parts(report, counts)
    lines = [f"{t(f'nw.score.{k}', locale)}: **{v}**" for k, v in parts.items() if k != "total"]
    embed = discord.Embed(title=t("nw.score_title", locale, total=parts["total"]), description="\n".join(lines), color=COLOR)
    embed.set_footer(text=t("nw.score_footer", locale) + " · " + t("automa.record_hint", locale))
    return embed
