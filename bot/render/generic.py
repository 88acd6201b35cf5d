"""A plain renderer for games without their own: status, event log and the prompt."""

from __future__ import annotations

import discord

from bot.i18n import join_names, t
from bot.render.common import event_lines, prompt_text, seat_name
from bot.render.limits import fit_embed
from bot.table import Live
from engine.core import Option


class GenericRenderer:
    game = "*"

    def board(self, live: Live, locale: str) -> discord.Embed:
        name = live.definition.names.get(locale) or live.definition.names.get("en") or live.record.game
        embed = discord.Embed(title=t("board.title", locale, game=name, id=live.id))
        lines = event_lines(live, list(live.tail)[-10:], locale)
        embed.description = "\n".join(f"• {line}" for line in lines) or "—"
        if live.match is not None:
            waiting = sorted({seat_name(live, p.seat) for p in live.match.prompts()})
            if waiting:
                embed.add_field(name=t("board.waiting_for", locale), value=", ".join(waiting))
        return fit_embed(embed)

    def private(self, live: Live, seat: int, locale: str, extra: str | None = None) -> discord.Embed:
        name = live.definition.names.get(locale) or live.definition.names.get("en") or live.record.game
        embed = discord.Embed(title=t("hand.title", locale, game=name, id=live.id))
        prompt = live.prompt_for(seat)
        text = prompt_text(live.record.game, prompt, locale) if prompt else t("hand.no_prompt", locale)
        lines = [text, extra] if extra else [text]
        hand = live.view(seat).get("hand") if live.match is not None else None
        if isinstance(hand, list) and all(isinstance(c, str) for c in hand):  # a game's private cards
            names = join_names(live.definition.card_name(c, locale) for c in hand)
            lines.append(t("hand.cards", locale, cards=names or "—"))
        embed.description = "\n".join(lines)
        return fit_embed(embed)

    def describe(self, live: Live, option: Option, locale: str) -> str | None:
        return None
