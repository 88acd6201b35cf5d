"""Looking a card up by name (`/card`): every released game's catalogue, in English or Portuguese.

Names match whatever the case and accents ("pombo correio" finds Pombo-Correio); an autocomplete
choice's value is `<game>:<card id>`, so a picked suggestion is never ambiguous. Card names repeat
across games (Dominion and Everdell both have a Chapel), so the channel's game is searched first.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import discord

from bot.errors import UserError
from bot.i18n import has, t
from bot.table import Live
from engine.core.cards import CardInfo
from engine.core.registry import game_ids, get_game

MAX_SUGGESTIONS = 25  # Discord's limit on autocomplete choices
MAX_FIELDS = 25  # Discord's limit on embed fields
LOCALES = ("en", "pt")
OURS_ORDER = ("name_en", "name_pt", "values", "text")  # the footer lists them in this order


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def fold(text: str) -> str:
    """Lower case, no accents, punctuation as spaces: the form names are compared in."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join("".join(ch if ch.isalnum() else " " for ch in plain).split())


@dataclass(frozen=True)
class Found:
    game: str
    card: CardInfo

    @property
    def value(self) -> str:
        return f"{self.game}:{self.card.id}"


@dataclass(frozen=True)
class _Entry:
    found: Found
    keys: dict[str, str]  # locale -> folded name


@cache
def card_index(game: str) -> dict[str, CardInfo]:
    """card id -> what it does, for one game."""
    return {card.id: card for card in get_game(game).cards()}


def prompt_cards_embed(game: str, card_ids: Sequence[str], locale: str) -> discord.Embed:
    """What the cards a prompt offers do, one field each (first come first, at most 25)."""
    index = card_index(game)
    embed = discord.Embed(title=t("card.prompt.title", locale), colour=discord.Colour.dark_teal())
    shown: list[str] = []
    for card_id in card_ids:
        if card_id in index and card_id not in shown and len(shown) < MAX_FIELDS:
            shown.append(card_id)
            card = index[card_id]
            embed.add_field(name=clip(card.name(locale), 256), value=clip(card.describe(locale) or "—", 1024), inline=False)
    embed.set_footer(text=t("card.prompt.footer", locale))
    return embed


def prompt_cards_for(live: Live, user_id: int, pid: int, locale: str) -> discord.Embed:
    """The texts of the cards user `user_id`'s open prompt `pid` offers; refused for anyone else
    (a prompt's options may be a hidden hand) or once the prompt has moved on."""
    seat = live.record.seat_of(user_id)
    if seat is None:
        raise UserError("error.not_a_player")
    prompt = live.prompt_for(seat) if live.match is not None else None
    if prompt is None or prompt.pid != pid:
        raise UserError("error.stale_prompt")
    return prompt_cards_embed(live.record.game, [o.card for o in prompt.options if o.card is not None], locale)


@cache
def _entries(game: str) -> tuple[_Entry, ...]:
    return tuple(
        _Entry(Found(game, card), {loc: fold(card.name(loc)) for loc in LOCALES}) for card in get_game(game).cards()
    )


def released_games() -> list[str]:
    return game_ids(released_only=True)


def _ordered(prefer: str | None, games: Sequence[str] | None = None) -> list[str]:
    ids = list(games) if games is not None else released_games()
    return [prefer, *(g for g in ids if g != prefer)] if prefer in ids else ids


def lookup(text: str, prefer: str | None = None, games: Sequence[str] | None = None) -> Found:
    """The card named `text` (or an autocomplete value); the channel's game `prefer` wins ties.

    An exact name first, then a name that starts with what was typed when only one does."""
    order = _ordered(prefer, games)
    game, sep, card_id = text.partition(":")
    if sep and game in order:
        for entry in _entries(game):
            if entry.found.card.id == card_id:
                return entry.found
    key = fold(text)
    if key:
        entries = [e for g in order for e in _entries(g)]
        for entry in entries:
            if key in entry.keys.values():
                return entry.found
        starts = [e for e in entries if any(k.startswith(key) for k in e.keys.values())]
        if len({e.found.value for e in starts}) == 1:
            return starts[0].found
    raise UserError("card.unknown", name=clip(text.strip(), 100))


def suggest(current: str, locale: str, prefer: str | None = None) -> list[discord.app_commands.Choice[str]]:
    """Up to 25 choices: names that start with the text, then names that contain it, the channel's
    game first. A name matched in the other language shows both."""
    key = fold(current)
    ranked: list[tuple[int, int, _Entry, str]] = []
    for g_rank, game in enumerate(_ordered(prefer)):
        for entry in _entries(game):
            matched = [loc for loc, name in entry.keys.items() if key in name]
            if not matched:
                continue
            prefix = any(entry.keys[loc].startswith(key) for loc in matched)
            ranked.append((0 if prefix else 1, g_rank, entry, matched[0]))
    ranked.sort(key=lambda r: (r[0], r[1]))
    choices: list[discord.app_commands.Choice[str]] = []
    for _, _, entry, via in ranked[:MAX_SUGGESTIONS]:
        card = entry.found.card
        shown = card.name(locale)
        if key and via != locale and key not in entry.keys.get(locale, ""):
            shown = f"{shown} ({card.name(via)})"
        label = f"{shown} · {get_game(entry.found.game).names.get(locale, entry.found.game)}"
        choices.append(discord.app_commands.Choice(name=clip(label, 100), value=entry.found.value))
    return choices


def _word(prefix: str, value: str, locale: str) -> str:
    """A catalogue word (a type, a set) in the user's language when we have it, else as printed."""
    key = f"{prefix}.{fold(value).replace(' ', '_')}"
    return t(key, locale) if has(key) else value


def footer(card: CardInfo, locale: str) -> str:
    """Which parts are ours rather than printed (CardInfo.ours), in the user's words."""
    if not card.ours:
        return t("card.footer.printed", locale)
    ordered = sorted(card.ours, key=lambda p: OURS_ORDER.index(p) if p in OURS_ORDER else len(OURS_ORDER))
    parts = ", ".join(_word("card.ours", part, locale) for part in ordered)
    # numbers of our own design stand out like the lobby's unofficial values
    mark = "⚠️ " if "values" in card.ours else ""
    return mark + t("card.footer.ours", locale, parts=parts)


def card_embed(found: Found, locale: str) -> discord.Embed:
    card = found.card
    game = get_game(found.game)
    embed = discord.Embed(title=clip(card.name(locale), 256), description=clip(card.describe(locale), 4096))
    kind = _word("card.kind", card.kind, locale)
    embed.add_field(name=t("card.field.game", locale), value=f"{game.names.get(locale, found.game)} · {kind}")
    if card.types:
        types = ", ".join(_word("card.type", ty, locale) for ty in card.types)
        embed.add_field(name=t("card.field.types", locale), value=clip(types, 1024))
    if card.cost:
        embed.add_field(name=t("card.field.cost", locale), value=clip(card.cost, 1024))
    if card.set:
        embed.add_field(name=t("card.field.set", locale), value=_word("card.set", card.set, locale))
    other = "pt" if locale == "en" else "en"
    if card.name(other) != card.name(locale):
        embed.add_field(name=t(f"card.field.name_{other}", locale), value=clip(card.name(other), 1024))
    embed.set_footer(text=clip(footer(card, locale), 2048))
    return embed
