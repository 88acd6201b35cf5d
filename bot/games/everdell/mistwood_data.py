"""Everdell's word on the server's Mistwood data files (checked and stored by bot/data_sets.py):
what the server's card data still lacks per pack, the packs a new lobby may turn on, and the lobby
lines naming what a table uses."""

from __future__ import annotations

from typing import Any

from bot.data_sets import clip
from bot.errors import UserError
from bot.i18n import t
from engine.games.everdell.mistwood import card_data

# Keeps a refusal or a pack listing inside one Discord message (2000) or embed field (1024).
MAX_LISTING = 900
MAX_REFUSAL = 1300
# The match option that carries each kind of file.
KIND_OPTIONS = {"deck": "nightweave_deck", "scoring": "nightweave_scoring", "cards": card_data.OPTION}
# Lobby option -> the card pack it brings in (as card_data names it).
PACK_OPTIONS = {"legends": "more_legends", "corrin": "corrin", "farms": "farms"}
NIGHTWEAVE_ONLY = ("deck", "scoring")


def gaps(cards_text: str | None) -> dict[str, dict[str, list[str]]]:
    """pack -> card -> the fields still unknown, for every pack the card data leaves incomplete."""
    out = {}
    for pack in card_data.PACKS:
        missing = card_data.missing(pack, cards_text)
        if missing:
            out[pack] = missing
    return out


def gap_list(missing: dict[str, list[str]]) -> str:
    return clip("; ".join(f"{card}: {', '.join(fields)}" for card, fields in sorted(missing.items())), MAX_LISTING)


def pack_name(pack: str, locale: str) -> str:
    return t(f"mwdata.pack.{pack}", locale)


def upload_hint(locale: str) -> str:
    """'/admin data upload' as the reader's client names it."""
    names = ("cmd.admin.name", "cmd.admin.data.name", "cmd.admin.data.upload.name")
    return "/" + " ".join(t(key, locale) for key in names)


def lobby_options(
    game: str, locale: str, packs: list[str], options: dict[str, Any], files: dict[str, str]
) -> dict[str, Any]:
    """What a new lobby adds to `options` (the opponent already chosen): the packs turned on,
    refused, naming what is missing, while the server's card data is incomplete. (The server's
    other files are copied by bot/data_sets.py for every game alike.)"""
    out: dict[str, Any] = {}
    if packs:
        incomplete = {
            option: missing
            for option in packs
            if (missing := card_data.missing(PACK_OPTIONS[option], files.get("cards")))
        }
        if incomplete:
            listing = "\n".join(
                f"**{pack_name(PACK_OPTIONS[o], locale)}**: {gap_list(m)}" for o, m in incomplete.items()
            )
            raise UserError(
                "mwdata.cards_missing",
                packs=", ".join(pack_name(PACK_OPTIONS[o], locale) for o in incomplete),
                missing=clip(listing, MAX_REFUSAL),
                command=upload_hint(locale),
            )
        out.update({option: True for option in packs})
        out[card_data.OPTION] = files["cards"]
    return out


def lobby_lines(options: dict[str, Any], locale: str) -> list[str]:
    """The Mistwood packs and server files a table uses, one line each (empty: none)."""
    lines = []
    packs = [pack_name(pack, locale) for option, pack in PACK_OPTIONS.items() if options.get(option)]
    if packs:
        lines.append(t("mwdata.lobby.packs", locale, packs=", ".join(packs)))
    return lines  # the deck and scoring table are named by the platform's data line


def pack_status(cards_text: str | None, locale: str) -> str:
    """One line per pack: complete, or what is still missing."""
    missing = gaps(cards_text)
    lines = []
    for pack in card_data.PACKS:
        name = pack_name(pack, locale)
        if pack in missing:
            lines.append(t("mwdata.pack.incomplete", locale, pack=name, missing=clip(gap_list(missing[pack]), 250)))
        else:
            lines.append(t("mwdata.pack.complete", locale, pack=name))
    return "\n".join(lines)
