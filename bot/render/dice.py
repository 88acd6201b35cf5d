"""A /roll result in words: each die shown, dropped ones struck through, and the total; a game's
named dice with what each face gives."""

from __future__ import annotations

import discord

from bot.i18n import t
from bot.render.limits import CONTENT, clip
from engine.core.registry import get_game
from engine.tools.dice import NamedRoll, RollResult, dice_notation_ok, fold, keys, ordered

MAX_SUGGESTIONS = 25  # Discord's limit on autocomplete choices
MAX_CHOICE = 100  # characters in a choice's name and value


def game_name(game: str, locale: str) -> str:
    names = get_game(game).names
    return names.get(locale) or names.get("en") or game


def roll_text(result: RollResult, user: str, locale: str) -> str:
    parts = []
    for term in result.terms:
        if term.term.count == 0:
            parts.append(f"{'-' if term.term.sign < 0 else '+'}{term.term.constant}")
            continue
        shown = ", ".join(f"**{r}**" if r in term.kept else f"~~{r}~~" for r in term.rolls)
        sign = "-" if term.term.sign < 0 else "+"
        parts.append(f"{sign}{term.term.count}d{term.term.faces} [{shown}]")
    detail = " ".join(parts).lstrip("+")
    return clip(
        t("dice.result", locale, user=user, notation=result.notation, detail=detail, total=result.total),
        CONTENT,
    )


def named_roll_text(result: NamedRoll, user: str, locale: str) -> str:
    """'🎲 @a rolled the conquest dice (<game>): red die **5 VP** · black die **1 coin**', and the
    set's note (what the faces are based on) in small print."""
    if len(result.faces) == 1:  # the die is the set's name: the face alone
        faces = f"**{result.faces[0].say(locale)}**"
    else:
        faces = " · ".join(
            t("dice.named.face", locale, die=die.name(locale), face=face.say(locale))
            for die, face in zip(result.dice.dice, result.faces, strict=True)
        )
    text = t(
        "dice.named.result",
        locale,
        user=user,
        dice=result.dice.name(locale),
        game=game_name(result.game, locale),
        faces=faces,
    )
    note = result.dice.says(locale)
    return clip(f"{text}\n-# {note}" if note else text, CONTENT)


def roll_reply(result: RollResult | NamedRoll, user: str, locale: str) -> str:
    return (
        named_roll_text(result, user, locale)
        if isinstance(result, NamedRoll)
        else roll_text(result, user, locale)
    )


def suggest(current: str, locale: str, prefer: str | None = None) -> list[discord.app_commands.Choice[str]]:
    """What /roll's notation may be: what was typed when it is dice notation, then every named set
    whose names, or whose game's name, contain it (all of them while nothing is typed), the
    channel's game first."""
    choices: list[discord.app_commands.Choice[str]] = []
    typed = current.strip()
    if typed and len(typed) <= MAX_CHOICE and dice_notation_ok(typed):
        choices.append(discord.app_commands.Choice(name=typed, value=typed))
    key = fold(typed)
    for game, named in ordered(prefer):
        game_words = {fold(game), *(fold(n) for n in get_game(game).names.values())}
        if key and not any(key in k for k in keys(game, named) | game_words):
            continue
        if len(named.dice) == 1:  # its faces, each once
            faces = ", ".join(dict.fromkeys(face.say(locale) for face in named.dice[0].faces))
        else:
            faces = " + ".join(die.name(locale) for die in named.dice)
        name = t(
            "dice.named.choice", locale, game=game_name(game, locale), dice=named.name(locale), faces=faces
        )
        choices.append(
            discord.app_commands.Choice(name=clip(name, MAX_CHOICE), value=f"{game}:{named.id}"[:MAX_CHOICE])
        )
    return choices[:MAX_SUGGESTIONS]
