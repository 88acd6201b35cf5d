"""Dominion: the public board and a player's private hand, from engine views only.

The board reads `view(None)` and public events, so it cannot show a hidden card even by
mistake; the hand reads `view(seat)` and goes only to that seat's owner.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import discord

from bot.i18n import edition, join_names, t
from bot.render.common import card_name, event_lines, namer, prompt_text, seat_name, waiting_line
from bot.render.limits import fit_embed
from bot.table import Live
from engine.core import Option

BUYING = ("buy", "playbuy")  # option groups that gain a card from the Supply
BASICS = ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse")
COLOUR = discord.Colour.from_rgb(196, 150, 60)
LOG_LINES = 10
# What a player's view holds when the game plays with Adventures (see `adventures_lines`).
ADVENTURES_KEYS = frozenset(("tavern", "tokens", "durations", "inheritance"))


class DominionRenderer:
    game = "dominion"

    def board(self, live: Live, locale: str) -> discord.Embed:
        assert live.match is not None
        view = live.view(None)
        name = namer(self.game, locale)
        title = t("board.title", locale, game="Dominion", id=live.id)
        kingdom_name = live.record.options.get("kingdom_name")
        if kingdom_name:
            title += f" — {kingdom_name}"
        embed = discord.Embed(title=title, colour=COLOUR)
        lines = [self._status(live, view, locale)]
        tail = event_lines(live, list(live.tail)[-LOG_LINES:], locale)
        if tail:
            lines.append("")
            lines.extend(f"• {line}" for line in tail)
        embed.description = "\n".join(lines)
        supply: dict[str, int] = view["supply"]
        costs: dict[str, int] = view["costs"]
        current = edition()

        def pile(card: str) -> str:
            return _pile_line(card, supply.get(card, 0), costs.get(card, 0), locale, current)

        embed.add_field(
            name=t("board.kingdom", locale),
            value="\n".join(pile(c) for c in view["kingdom"]) or "—",
            inline=True,
        )
        embed.add_field(
            name=t("board.basics", locale),
            value="\n".join(pile(c) for c in BASICS if c in supply) or "—",
            inline=True,
        )
        events = view.get("events") or []
        if events:  # Adventures
            embed.add_field(
                name=t("dominion.board.events", locale),
                value="\n".join(f"{name(e['card'])} · ${e['cost']}" for e in events),
                inline=True,
            )
        trash: list[str] = view["trash"]
        embed.add_field(
            name=t("board.trash", locale, count=len(trash)),
            value=join_names(name(c) for c in trash) if trash else "—",
            inline=False,
        )
        for p in view["players"]:
            embed.add_field(
                name=self._player_title(live, view, p["seat"]),
                value=self._public_player(p, locale, name),
                inline=True,
            )
        embed.set_footer(text=t("board.footer", locale))
        return fit_embed(embed)

    def private(self, live: Live, seat: int, locale: str, extra: str | None = None) -> discord.Embed:
        assert live.match is not None
        view = live.view(seat)
        name = namer(self.game, locale)
        embed = discord.Embed(title=t("hand.title", locale, game="Dominion", id=live.id), colour=COLOUR)
        hand: list[str] = view.get("hand", [])
        lines = [t("hand.cards", locale, cards=join_names(name(c) for c in hand) if hand else "—")]
        me = view["players"][seat]
        lines.append(t("hand.piles", locale, deck=me["deck_count"], discard=me["discard_count"], vp=me["vp"]))
        if me["in_play"]:
            lines.append(t("hand.in_play", locale, cards=join_names(name(c) for c in me["in_play"])))
        if view.get("set_aside"):  # Gear, Save: only their owner sees them
            lines.append(
                t("dominion.hand.set_aside", locale, cards=join_names(name(c) for c in view["set_aside"]))
            )
        lines.extend(adventures_lines(me, locale, name))
        if view["current"] == seat and not view["finished"]:
            lines.append(
                t("board.turn_state", locale, actions=view["actions"], buys=view["buys"], coins=view["coins"])
            )
        prompt = live.match.prompt_for(seat)
        lines.append("")
        if prompt is not None:
            lines.append(f"**{prompt_text(self.game, prompt, locale)}**")
            if "coins_after" in prompt.params:  # what the "play Treasures, buy" options are priced on
                lines.append(t("dominion.hand.coins_after", locale, coins=prompt.params["coins_after"]))
        elif view["finished"]:
            lines.append(t("hand.game_over", locale))
        else:
            lines.append(waiting_line(live, locale))
        if extra:
            lines.append(extra)
        embed.description = "\n".join(lines)
        return fit_embed(embed)

    def describe(self, live: Live, option: Option, locale: str) -> str | None:
        return self.describer(live, locale)(option)

    def describer(self, live: Live, locale: str) -> Callable[[Option], str | None]:
        """Buy options show the pile size (the Supply read once for a whole menu)."""
        if live.match is None:
            return lambda option: None
        supply = live.view(None)["supply"]
        current = edition()

        def describe(option: Option) -> str | None:
            if option.group in BUYING and option.card in supply:
                return _pile_left(supply[option.card], locale, current)
            return None

        return describe

    # -- pieces -------------------------------------------------------------------------------
    def _status(self, live: Live, view: dict[str, Any], locale: str) -> str:
        if view["finished"]:
            return t("board.finished", locale)
        phase = t(f"dominion.phase.{view['phase']}", locale)
        who = seat_name(live, view["current"])
        line = t("board.status", locale, turn=view["turn"], player=who, phase=phase)
        if view.get("extra_turn"):
            line += " · " + t("dominion.board.extra_turn", locale)
        return (
            line
            + "\n"
            + t("board.turn_state", locale, actions=view["actions"], buys=view["buys"], coins=view["coins"])
        )

    def _player_title(self, live: Live, view: dict[str, Any], seat: int) -> str:
        marker = "▶ " if view["current"] == seat and not view["finished"] else ""
        return f"{marker}{seat_name(live, seat)}"

    def _public_player(self, p: dict[str, Any], locale: str, name: Callable[[str], str]) -> str:
        lines = [
            t(
                "board.player_counts",
                locale,
                hand=p["hand_count"],
                deck=p["deck_count"],
                discard=p["discard_count"],
            ),
            t("board.player_vp", locale, vp=p["vp"], turns=p["turns"], count=p["turns"]),
        ]
        if p.get("discard_top"):
            lines.append(t("board.discard_top", locale, card=name(p["discard_top"])))
        if p["in_play"]:
            lines.append(t("board.in_play", locale, cards=join_names(name(c) for c in p["in_play"])))
        lines.extend(adventures_lines(p, locale, name))
        return "\n".join(lines)


# A board lists every pile again at each edit, and a pile's line changes only when it is bought
# from: a line is made once per card, size, cost, language and edition of the catalogues.
@lru_cache(maxsize=4096)
def _pile_line(card: str, count: int, cost: int, locale: str, edition: int) -> str:
    name = card_name("dominion", card, locale)
    shown = f"~~{name}~~" if count == 0 else name
    return f"{shown} · ${cost} · {count}"


@lru_cache(maxsize=1024)  # every buy menu tells each pile's size: a few dozen texts in all
def _pile_left(count: int, locale: str, edition: int) -> str:
    return t("board.pile_left", locale, count=count)


def adventures_lines(p: dict[str, Any], locale: str, name: Callable[[str], str] | None = None) -> list[str]:
    """A player's public Adventures state: Tavern mat, tokens, Durations, Inheritance (`name`:
    the card namer of the render at hand, if it has one)."""
    if not ADVENTURES_KEYS.intersection(p):  # a game without Adventures
        return []
    name = name or namer("dominion", locale)
    lines: list[str] = []
    if p.get("tavern"):
        lines.append(t("dominion.board.tavern", locale, cards=join_names(name(c) for c in p["tavern"])))
    tokens = p.get("tokens") or {}
    shown = [
        t("dominion.board.token_on", locale, token=t(f"dominion.token.{token}", locale), pile=name(pile))
        for token, pile in (tokens.get("piles") or {}).items()
    ]
    shown += [t(f"dominion.token.{k}", locale) for k in ("minus_card", "minus_coin") if tokens.get(k)]
    if tokens.get("journey") == "down":
        shown.append(t("dominion.board.journey_down", locale))
    if shown:
        lines.append(t("dominion.board.tokens", locale, tokens=", ".join(shown)))
    if p.get("durations"):
        lines.append(t("dominion.board.durations", locale, cards=join_names(name(c) for c in p["durations"])))
    if p.get("inheritance"):
        lines.append(t("dominion.board.inheritance", locale, card=name(p["inheritance"])))
    return lines
