"""The physical-table companion's steps as the table reads them: one instruction line per thing the
bots do, in order, with the buttons and the menu that correct what the companion cannot see."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.tapestry.companion import (
    AHEAD_AUTOMA,
    AHEAD_SHADOW,
    FAILED,
    PERSON_FIRST,
    TRAP_HELD,
    UNDO,
    Report,
)
from bot.games.tapestry.text import hex_text
from bot.i18n import t
from bot.render import ids
from bot.render.items import Components, GameButton, GameSelect
from bot.render.limits import EMBED_DESCRIPTION, clip
from engine.games.tapestry.data import TRACKS, landmarks

BUTTON = "tcb"  # companion id, step, code: amend the last step (codes in companion.py)
SELECT = "tcl"  # companion id, step: the landmarks the people hold
RECORD = ids.COMPANION_RECORD
COLOR = 0x7A4E2D


def _track(value: Any, locale: str) -> str:
    return t(f"tapestry.track.{value}", locale) if value in TRACKS else "—"


def _bot(value: Any, locale: str) -> str:
    return t(f"tapestry.automa.bot.{value}", locale)


def line(entry: dict[str, Any], locale: str) -> str:
    kind = entry["kind"]
    data = {k: v for k, v in entry.items() if k != "kind"}
    if "bot" in data:
        data["bot"] = _bot(data["bot"], locale)
    for key in ("track", "favorite", "was", "face", "automa", "shadow"):
        if key in data:
            data[key] = _track(data[key], locale)
    if kind == "setup":
        data["civs"] = ", ".join(t(f"tapestry.automa.civ.{c}", locale) for c in data["civs"])
    elif kind == "move":
        data["indicator"] = t(f"tapestry.automa.indicator.{data['indicator']}", locale)
        data["valid"] = ", ".join(_track(v, locale) for v in data["valid"]) or "—"
        data["why"] = t(f"tapestry.why.{data['why']}", locale)
    elif kind == "advance":
        extra = []
        if data.get("landmark"):
            extra.append(t("tapestry.companion.landmark", locale, landmark=data["landmark"]))
        if data.get("achievement"):
            extra.append(t("tapestry.companion.track_slot", locale))
        data["extra"] = "".join(f" — {x}" for x in extra)
    elif kind in ("conquer", "explore"):
        data["start"] = hex_text(data["start"], None, locale)
        data["direction"] = t(f"tapestry.companion.dir.{data['direction']}", locale)
        rules = []
        if kind == "conquer":
            rules.append(t("tapestry.companion.conquer_rules", locale))
            if data.get("topple"):
                rules.append(t("tapestry.companion.topple", locale))
            if data.get("failed"):
                rules.append(t("tapestry.companion.failed", locale))
        elif data.get("far"):
            rules.append(t("tapestry.companion.far", locale))
        if data.get("anywhere"):
            rules.append(t("tapestry.companion.anywhere", locale))
        data["rules"] = " ".join(rules)
    elif kind == "income":
        data["why"] = t(f"tapestry.why.{data['why']}", locale)
    elif kind == "your_advances":
        data["tracks"] = ", ".join(_track(x, locale) for x in data["tracks"])
    elif kind == "step":
        data["step"] = t(f"tapestry.automa.step.{data['step']}", locale)
    elif kind == "civ":
        data["side"] = t(f"tapestry.automa.civ.{data['side']}", locale)
    elif kind == "vp":
        data["m1"], data["m2"], data["m3"] = data.pop("multipliers")
    elif kind == "progress":
        data["cards"] = ", ".join(f"#{c}" for c in data["cards"]) or "—"
    elif kind == "favorite":
        key = (
            "tapestry.companion.log.favorite_changed"
            if data.get("changed")
            else "tapestry.companion.log.favorite"
        )
        return t(key, locale, **data)
    elif kind == "trap":
        return t(
            "tapestry.companion.log.trap_held" if data["held"] else "tapestry.companion.log.trap_failed",
            locale,
            **data,
        )
    return t(f"tapestry.companion.log.{kind}", locale, **data)


def state_fields(embed: discord.Embed, report: Report, locale: str) -> None:
    st = report.state
    tracks = "\n".join(
        f"{_bot(b, locale)}: "
        + " · ".join(f"{_track(tr, locale)} {st.pos[b][tr]}" for tr in TRACKS)
        + f" (♥ {_track(st.favorite[b], locale)})"
        for b in ("automa", "shadow")
    )
    embed.add_field(name=t("tapestry.companion.tracks", locale), value=tracks, inline=False)
    embed.add_field(name=t("tapestry.companion.vp", locale), value=str(st.vp))
    embed.add_field(name=t("tapestry.companion.income_turns", locale), value=f"{st.income_turns}/5")
    embed.add_field(name=t("tapestry.companion.territories", locale), value=str(st.territories))
    embed.add_field(
        name=t("tapestry.companion.decks", locale),
        value=t(
            "tapestry.automa.board.decks",
            locale,
            deck=len(st.deck),
            progress=len(st.progress),
            discard=", ".join(f"#{c}" for c in st.discard) or "—",
        ),
        inline=False,
    )
    embed.add_field(
        name=t("tapestry.companion.landmarks", locale), value=", ".join(st.landmarks) or "—", inline=False
    )
    embed.add_field(
        name=t("tapestry.companion.pool", locale),
        value=t("tapestry.automa.board.pool", locale, pool=st.pool, mat=st.mat),
        inline=False,
    )


def turn_embed(report: Report, locale: str) -> discord.Embed:
    lines = [line(e, locale) for e in report.entries]
    title = "tapestry.companion.trap_title" if report.step_kind == "trap" else "tapestry.companion.turn_title"
    embed = discord.Embed(
        title=t(title, locale, n=report.seq, level=report.level),
        description=clip("\n".join(f"• {x}" for x in lines) or "—", EMBED_DESCRIPTION),
        color=COLOR,
    )
    state_fields(embed, report, locale)
    if report.state.finished:
        embed.set_footer(
            text=t("tapestry.companion.finished", locale, vp=report.state.vp)
            + " · "
            + t("automa.record_hint", locale)
        )
    return embed


def status_embed(report: Report, locale: str) -> discord.Embed:
    embed = discord.Embed(
        title=t(
            "tapestry.companion.status_title",
            locale,
            level=report.level,
            name=t(f"tapestry.automa.level.{report.level}", locale),
        ),
        description=", ".join(t(f"tapestry.automa.civ.{c}", locale) for c in report.state.civs),
        color=COLOR,
    )
    state_fields(embed, report, locale)
    return embed


def turn_view(report: Report, locale: str) -> discord.ui.View:
    view = Components()
    if report.seq == 0:
        return view
    kinds = {e["kind"] for e in report.entries}
    codes: list[tuple[int, str]] = []
    if report.step_kind == "trap":
        codes.append((TRAP_HELD, "tapestry.companion.btn.trap_held"))
    if "conquer" in kinds:
        codes.append((FAILED, "tapestry.companion.btn.failed"))
    if "favorite" in kinds:
        codes += [
            (AHEAD_AUTOMA, "tapestry.companion.btn.ahead_automa"),
            (AHEAD_SHADOW, "tapestry.companion.btn.ahead_shadow"),
        ]
    if "era_vp" in kinds or report.facts.person_first:
        codes.append((PERSON_FIRST, "tapestry.companion.btn.person_first"))
    codes.append((UNDO, "tapestry.companion.btn.undo"))
    for code, key in codes:
        style = discord.ButtonStyle.danger if code == UNDO else discord.ButtonStyle.secondary
        view.add_item(
            GameButton(
                ids.button(BUTTON, report.companion_id, report.seq, code),
                t(key, locale),
                style,
                row=0 if code <= 3 else 1,
            )
        )
    if report.step_kind == "turn" and kinds & {"move", "favorite", "advance"}:
        free = [name for name in landmarks() if name not in report.state.landmarks]
        options = [
            discord.SelectOption(label=name, value=name, default=name in report.state.taken)
            for name in free[:25]
        ]
        if options:
            view.add_item(
                GameSelect(
                    ids.select(SELECT, report.companion_id, report.seq),
                    options,
                    placeholder=t("tapestry.companion.taken", locale),
                    min_values=0,
                    max_values=len(options),
                    row=2,
                )
            )
    if report.state.finished:
        view.add_item(
            GameButton(
                ids.button(RECORD, report.companion_id, report.level, report.state.vp),
                t("automa.record", locale),
                discord.ButtonStyle.primary,
                row=3,
            )
        )
    return view
