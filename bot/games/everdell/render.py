"""Everdell: the public board (a compact embed plus a picture) and a player's private view.

The board reads `view(None)` and public events only; the private view reads `view(seat)` and goes
to that seat's owner alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

from bot.games.everdell import lair
from bot.games.everdell.image import render_board
from bot.games.everdell.text import icons, location, name, public_view, resources
from bot.i18n import join_names, t
from bot.render.common import event_lines, prompt_text, seat_name, waiting_line
from bot.render.limits import fit_embed
from bot.table import Live
from engine.core import Option, Result
from engine.games.everdell.data import basic_events, special_events
from engine.games.everdell.view import card_in_view

COLOUR = discord.Colour.from_rgb(92, 140, 60)
LOG_LINES = 8
# The Meadow is on the board itself (refills would crowd the log); so is the Activity card
# Nightweave flipped, whose outcome the next lines tell.
QUIET = frozenset({"meadow"}) | lair.QUIET
SEASON_ICON = {"winter": "❄️", "spring": "🌱", "summer": "☀️", "autumn": "🍂"}
CITY_LIMIT = 15


def city_names(city: list[Mapping[str, Any]], locale: str) -> str:
    """A city's card names; a face-down card says so (it only takes its space)."""
    return join_names(
        t("everdell.board.face_down", locale, card=name(c["card"], locale))
        if c.get("face_down")
        else name(c["card"], locale)
        for c in city
    )


class EverdellRenderer:
    game = "everdell"

    # -- the public board -------------------------------------------------------------------
    def board(self, live: Live, locale: str) -> discord.Embed:
        view = public_view(live)
        assert view is not None
        embed = discord.Embed(title=t("board.title", locale, game="Everdell", id=live.id), colour=COLOUR)
        lines = [self._status(live, view, locale)]
        tail = event_lines(live, [e for e in live.tail if e.kind not in QUIET][-LOG_LINES:], locale)
        if tail:
            lines.append("")
            lines.extend(f"• {line}" for line in tail)
        embed.description = "\n".join(lines)
        for p in view["players"]:
            if p.get("nightweave"):
                title = f"{self._player_title(live, view, p)} · " + t(
                    "nw.board.title", locale, level=view["nightweave"]["level"]
                )
                embed.add_field(name=title, value=lair.lair_field(live, view, p, locale))
                continue
            embed.add_field(name=self._player_title(live, view, p), value=self._player(live, p, locale))
        embed.add_field(
            name=t("everdell.board.meadow", locale), value=self._meadow(view, locale), inline=False
        )
        embed.add_field(
            name=t("everdell.board.locations", locale),
            value=self._locations(live, view, locale),
            inline=False,
        )
        embed.add_field(
            name=t("everdell.board.events", locale), value=self._events(live, view, locale), inline=False
        )
        footer = t("everdell.board.footer", locale, deck=view["deck_count"], discard=view["discard_count"])
        if not view["finished"]:
            footer += " · " + t("board.footer", locale)
        embed.set_footer(text=footer)
        return fit_embed(embed)

    def board_image(self, live: Live, locale: str) -> bytes | None:
        view = public_view(live)
        if view is None:
            return None
        names = {p["seat"]: seat_name(live, p["seat"]) for p in view["players"]}
        return render_board(view, locale, names)

    # -- the private view ---------------------------------------------------------------------
    def private(self, live: Live, seat: int, locale: str, extra: str | None = None) -> discord.Embed:
        assert live.match is not None
        view = live.view(seat)
        embed = discord.Embed(title=t("hand.title", locale, game="Everdell", id=live.id), colour=COLOUR)
        hand: list[str] = view.get("hand", [])
        me = view["players"][seat]
        lines = [
            t("hand.cards", locale, cards=join_names(name(c, locale) for c in hand) if hand else "—"),
            t(
                "everdell.hand.status",
                locale,
                res=icons(me["resources"], zeros=True),
                score=me["score"],
                season=t(f"everdell.season.{me['season']}", locale),
                free=me["available"],
                workers=me["workers"],
            ),
            t(
                "everdell.hand.city",
                locale,
                used=me["spaces"],
                limit=CITY_LIMIT,
                cards=city_names(me["city"], locale) or "—",
            ),
        ]
        if view.get("hand_down"):  # only its owner's view names them
            lines.insert(
                1,
                t(
                    "everdell.hand.face_down",
                    locale,
                    cards=join_names(name(c, locale) for c in view["hand_down"]),
                ),
            )
        if view.get("legendary_hand"):  # beside the hand, seen by their holder only
            lines.insert(
                1,
                t(
                    "everdell.hand.legendary",
                    locale,
                    cards=join_names(name(c, locale) for c in view["legendary_hand"]),
                ),
            )
        prompt = live.match.prompt_for(seat)
        lines.append("")
        if prompt is not None:
            lines.append(f"**{prompt_text(self.game, prompt, locale, live)}**")
            if prompt.key == "everdell.prompt.payment":
                card = prompt.params.get("card")
                facts = card_in_view(view, card) if isinstance(card, str) else None
                if facts is not None:
                    lines.append(t("everdell.hand.cost", locale, cost=resources(facts.cost_t, locale)))
                extra = lair.extra_line(prompt.params.get("extra"), locale)
                if extra:
                    lines.append(extra)
        elif view["finished"]:
            lines.append(t("hand.game_over", locale))
        else:
            lines.append(waiting_line(live, locale))
        if extra:
            lines.append(extra)
        embed.description = "\n".join(lines)
        return fit_embed(embed)

    def describe(self, live: Live, option: Option, locale: str) -> str | None:
        """Select-menu descriptions: what a card costs and scores, what an event needs."""
        paying = option.label.startswith("everdell.pay.")  # there the card is the discount's source
        if option.card is not None and not paying:
            summary = card_summary(option.card, locale, view=public_view(live))
            if summary:
                return summary
        target = option.id[6:] if option.id.startswith("place:") else option.id
        if target.startswith("event:"):
            return event_needs(target[6:], locale)
        return None

    def result_lines(self, live: Live, result: Result, locale: str) -> list[str]:
        """Rugwort has no seat in a one-player game, nor Nightweave in any; their scores still
        belong in the standings."""
        if "nightweave" in result.details:
            seated = any(s.kind == "automa" for s in live.record.seats)
            return [] if seated else lair.result_lines(result.details, locale)
        rug = result.details.get("rugwort")
        if not isinstance(rug, Mapping):
            return []
        key = "everdell.result.player_won" if rug.get("won") else "everdell.result.rugwort_won"
        return [
            t(
                "everdell.result.rugwort", locale, score=rug.get("score", 0), year=rug.get("year", 1), count=rug.get("score", 0)
            ),
            t(key, locale),
        ]

    # -- pieces -------------------------------------------------------------------------------
    def _status(self, live: Live, view: Mapping[str, Any], locale: str) -> str:
        if view["finished"]:
            return t("board.finished", locale)
        current = view["players"][view["current"]]
        season = t(f"everdell.season.{current['season']}", locale)
        return t(
            "everdell.board.status",
            locale,
            turn=view.get("turn", "?"),
            player=seat_name(live, view["current"]),
            season=f"{SEASON_ICON.get(current['season'], '')} {season}",
        )

    def _player_title(self, live: Live, view: Mapping[str, Any], p: Mapping[str, Any]) -> str:
        marker = "▶ " if view["current"] == p["seat"] and not view["finished"] else ""
        return f"{marker}{seat_name(live, p['seat'])} — {p['score']} ⭐"

    def _player(self, live: Live, p: Mapping[str, Any], locale: str) -> str:
        city = city_names(p["city"], locale) or "—"
        if p["rugwort"]:
            lines = [t("everdell.board.rugwort_city", locale, count=len(p["city"]), cards=city)]
        else:
            lines = [
                t(
                    "everdell.board.player",
                    locale,
                    season=SEASON_ICON.get(p["season"], ""),
                    free=p["available"],
                    workers=p["workers"],
                    hand=p["hand_count"],
                    res=icons(p["resources"], zeros=True),
                ),
                t("everdell.board.city", locale, used=p["spaces"], limit=CITY_LIMIT, cards=city),
            ]
            if p.get("hand_down_count"):
                lines.append(t("everdell.board.hand_down", locale, count=p["hand_down_count"]))
            if p.get("held"):
                lines.append(t("everdell.board.held", locale, count=len(p["held"])))
            if p.get("power"):
                power = t(f"everdell.power.{p['power']}", locale)
                if "farm_pile" in p:
                    count = p["farm_pile"]
                    lines.append(t("everdell.board.power_pile", locale, power=power, count=count))
                elif p.get("spiders_at"):
                    at = location(p["spiders_at"], locale, live)
                    lines.append(t("everdell.board.power_at", locale, power=power, location=at))
                else:
                    lines.append(t("everdell.board.power", locale, power=power))
            if p["passed"]:
                lines.append(t("everdell.board.passed", locale))
        if p["events"]:
            lines.append("🏆 " + ", ".join(name(e, locale) for e in p["events"]))
        if p["journey"]:
            lines.append(t("everdell.board.journey", locale, points=p["journey"]))
        return "\n".join(lines)

    def _meadow(self, view: Mapping[str, Any], locale: str) -> str:
        blocked = set(view["meadow_blocked"])
        lines = []
        for slot, card in enumerate(view["meadow"]):
            if card is None:
                lines.append(f"`{slot + 1}` —")
                continue
            text = f"`{slot + 1}` **{name(card, locale)}** · {card_summary(card, locale, short=True, view=view)}"
            lines.append(f"~~{text}~~ 🚫" if slot in blocked else text)
        return "\n".join(lines) or "—"

    def _locations(self, live: Live, view: Mapping[str, Any], locale: str) -> str:
        occupancy: Mapping[str, list[int]] = view["occupancy"]

        def who(loc: str) -> str:
            seats = occupancy.get(loc, [])
            return (
                join_names(seat_name(live, s) for s in seats) if seats else t("everdell.board.free", locale)
            )

        lines = [f"🌲 {location(loc, locale, live)}: {who(loc)}" for loc in view["forest"]]
        for loc in occupancy:
            if loc in view["forest"] or loc.startswith(("meadow:", "event:")):
                continue
            lines.append(f"• {location(loc, locale, live)}: {who(loc)}")
        for p in view["players"]:
            for cc in p["city"]:
                if cc["workers"]:
                    where = t(
                        "everdell.loc.card",
                        locale,
                        card=name(cc["card"], locale),
                        owner=seat_name(live, p["seat"]),
                    )
                    lines.append(f"🏠 {where}: {join_names(seat_name(live, s) for s in cc['workers'])}")
        return "\n".join(lines)

    def _events(self, live: Live, view: Mapping[str, Any], locale: str) -> str:
        claims: Mapping[str, Mapping[str, Any]] = view["claims"]
        lines = []
        for ev in [*view["basic_events"], *view["special_events"]]:
            claim = claims.get(ev)
            status = f"✅ {seat_name(live, claim['owner'])}" if claim else event_needs(ev, locale)
            lines.append(f"**{name(ev, locale)}** — {status}")
        return "\n".join(lines) or "—"


def card_summary(
    card_id: str, locale: str, short: bool = False, view: Mapping[str, Any] | None = None
) -> str:
    """'🪵2 🪨1 · 3⭐ · Production' (a card's cost, base points and colour); empty for an id
    that names no card (the match's own Mistwood cards come from `view`)."""
    card = card_in_view(view, card_id)
    if card is None:
        return ""
    parts = [icons(card.cost_t), f"{card.points}⭐"]
    if not short:
        parts.append(t(f"everdell.color.{card.color}", locale))
        if card.unique:
            parts.append(t("everdell.board.unique", locale))
    return " · ".join(parts)


def event_needs(event_id: str, locale: str) -> str | None:
    basic = basic_events().get(event_id)
    if basic is not None:
        colour = t(f"everdell.color.{basic.color}", locale)
        return t("everdell.board.needs_colour", locale, count=basic.need, colour=colour, points=basic.points)
    special = special_events().get(event_id)
    if special is None:
        return None
    needs = " + ".join(name(c, locale) for c in special.requires)
    if special.each_color:
        needs = t("everdell.board.each_colour", locale, count=special.each_color)
    return t("everdell.board.needs", locale, cards=needs)
