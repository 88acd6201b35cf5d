"""Everdell Farshore at the table: the public board (an embed plus a picture) and a player's
private view with the hand. The board reads `view(None)` and public events only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.games.farshore.image import render_board
from bot.games.farshore.text import card_facts, content_of, dot, name, res_text
from bot.i18n import has, t
from bot.render.common import deciding_seats, event_lines, prompt_text, seat_name, waiting_line
from bot.render.limits import clip, fit_embed
from bot.table import Live
from engine.core import Option, Result
from engine.games.farshore.catalogue import describe_steps
from engine.games.farshore.content import Content

COLOUR = discord.Colour.from_rgb(46, 110, 142)
LOG_LINES = 8
FIELD = 1000


def bay_text(content: Content, view: Mapping[str, Any], locale: str) -> str:
    return " · ".join(
        f"{name(content, cid, locale)}"
        + (f" ×{n}" if n > 1 else "")
        + f" ({card_facts(content, cid, locale)})"
        for cid, n in view["bay"]
    )


def village_text(content: Content, p: Mapping[str, Any], locale: str) -> str:
    cards = ", ".join(
        name(content, v["card"], locale) + ("⚓" if v["anchor"] else "") + ("👷" if v["worker"] else "")
        for v in p["village"]
    )
    spaces = sum(
        1 for v in p["village"] if v["card"] not in content.cards or not content.cards[v["card"]].no_space
    )
    return t("farshore.board.village", locale, count=spaces, cards=cards or "—")


class FarshoreRenderer:
    game = "farshore"

    def board(self, live: Live, locale: str) -> discord.Embed:
        view = live.view(None)
        content = content_of(live)
        title = t(
            "board.title", locale, game=live.definition.names.get(locale, "Everdell Farshore"), id=live.id
        )
        embed = discord.Embed(title=title, colour=COLOUR)
        lines = [
            t("board.finished", locale)
            if view["finished"]
            else t(
                "farshore.board.status",
                locale,
                # the setup's mulligans are asked of every player at once
                player=", ".join(f"{dot(seat)} **{seat_name(live, seat)}**" for seat in deciding_seats(live)),
            ),
            t(
                "farshore.board.compass",
                locale,
                compass=" + ".join(t(f"farshore.rose.{c}", locale) for c in view["compass"]),
            ),
        ]
        log = event_lines(live, [e for e in live.tail if e.to is None][-LOG_LINES:], locale)
        if log:
            lines.append("")
            lines += [f"• {clip(line, 200)}" for line in log]
        embed.description = "\n".join(lines)
        bay = " · ".join(
            f"{name(content, cid, locale)}"
            + (f" ×{n}" if n > 1 else "")
            + f" ({card_facts(content, cid, locale)})"
            for cid, n in view["bay"]
        )
        embed.add_field(name=t("farshore.board.bay", locale), value=clip(bay or "—", FIELD), inline=False)
        embed.add_field(
            name=t("farshore.board.places", locale),
            value=clip(self._places(live, view, locale), FIELD),
            inline=False,
        )
        maps = " · ".join(
            f"{name(content, m, locale)} [{'/'.join(map(str, stack)) or '—'}]"
            for m, stack in view["maps"].items()
        )
        embed.add_field(name=t("farshore.board.maps", locale), value=clip(maps, FIELD), inline=False)
        for p in view["players"]:
            marker = "▶ " if view["current"] == p["seat"] and not view["finished"] else ""
            head = f"{marker}{dot(p['seat'])} {seat_name(live, p['seat'])} — {p['score']} pts"
            embed.add_field(
                name=clip(head, 250), value=clip(self._player(live, p, locale), FIELD), inline=False
            )
        embed.set_footer(text=t("farshore.board.footer", locale, deck=view["deck"], discard=view["discard"]))
        return fit_embed(embed)

    def board_image(self, live: Live, locale: str) -> bytes | None:
        if live.match is None:
            return None
        view = live.view(None)
        names = {p["seat"]: seat_name(live, p["seat"]) for p in view["players"]}
        return render_board(view, content_of(live), locale, names)

    def private(self, live: Live, seat: int, locale: str, extra: str | None = None) -> discord.Embed:
        assert live.match is not None
        view = live.view(seat)
        content = content_of(live)
        title = t(
            "hand.title", locale, game=live.definition.names.get(locale, "Everdell Farshore"), id=live.id
        )
        embed = discord.Embed(title=title, colour=COLOUR)
        hand: list[str] = list(view.get("hand", []))
        me = view["players"][seat]
        lines = [t("hand.cards", locale, cards=", ".join(name(content, c, locale) for c in hand) or "—")]
        lines += [
            f"› **{name(content, c, locale)}** — {card_facts(content, c, locale)}"
            for c in dict.fromkeys(hand)
        ]
        supply = {**me["res"], "treasure": me["treasure"], "points": me["tokens"]}
        lines.append(t("farshore.hand.resources", locale, res=res_text(supply, zeros=True)))
        prompt = live.match.prompt_for(seat)
        lines.append("")
        if prompt is not None:
            lines.append(f"**{prompt_text(self.game, prompt, locale, live)}**")
        elif view["finished"]:
            lines.append(t("hand.game_over", locale))
        else:
            lines.append(waiting_line(live, locale))  # the seats deciding now, as the status says
        if extra:
            lines.append(extra)
        embed.description = clip("\n".join(lines), 4000)
        return fit_embed(embed)

    def describe(self, live: Live, option: Option, locale: str) -> str | None:
        content = content_of(live)
        cid = option.card
        if cid is None and option.id.startswith("play:"):
            cid = option.id.split(":", 2)[2]
        if cid is not None and cid in content.cards:
            card = content.cards[cid]
            lang = "pt" if locale.startswith("pt") else "en"
            steps = describe_steps((*card.on_enter, *card.effect), lang)
            return clip(f"{card_facts(content, cid, locale)}" + (f" · {steps}" if steps else ""), 100)
        return None

    def result_lines(self, live: Live, result: Result, locale: str) -> list[str]:
        sheets = result.details.get("breakdown")
        if not isinstance(sheets, list):
            return []
        lines = [""]
        for seat, sheet in enumerate(sheets):
            if isinstance(sheet, Mapping):
                parts = " · ".join(
                    f"{t(f'farshore.result.{k}', locale) if has(f'farshore.result.{k}') else k} {v}"
                    for k, v in sheet.items()
                    if v
                )
                lines.append(f"{dot(seat)} {seat_name(live, seat)}: {parts or '—'}")
        return lines

    # -- pieces -----------------------------------------------------------------------------------
    def _places(self, live: Live, view: Mapping[str, Any], locale: str) -> str:
        content = content_of(live)
        lang = "pt" if locale.startswith("pt") else "en"
        lines = []
        for loc in content.shores:
            who = view["shores"][loc.id]
            lines.append(f"{dot(who)} **{loc.names[lang]}**: {describe_steps(loc.steps, lang)}")
        for isle, up, who in view["islands"]:
            loc = content.location(isle)
            state = describe_steps(loc.steps, lang) if up else t("farshore.board.face_down", locale)
            lines.append(f"{dot(who)} 🏝️ **{loc.names[lang]}**: {state}")
        return "\n".join(lines)

    def _player(self, live: Live, p: Mapping[str, Any], locale: str) -> str:
        content = content_of(live)
        track = content.track_points
        line = t(
            "farshore.board.player",
            locale,
            season=t(f"farshore.season.{p['season']}", locale),
            available=p["available"],
            workers=p["workers"],
            hand=p["hand_count"],
            anchors=p["anchors"],
            boat=p["boat"],
            boat_points=track[p["boat"]],
        )
        supply = {**p["res"], "treasure": p["treasure"], "points": p["tokens"]}
        lines = [line, res_text(supply, zeros=True), village_text(content, p, locale)]
        if p["maps"]:
            lines.append(
                t(
                    "farshore.board.maps_owned",
                    locale,
                    maps=", ".join(f"{name(content, m, locale)} {v}" for m, v in p["maps"].items()),
                )
            )
        if p["passed"]:
            lines.append("✋")
        return "\n".join(lines)
