"""A server's own Mistwood data files: an uploaded file checked with the engine's own validators,
what the server's card data still lacks per pack, and the options a new Everdell lobby copies from
the stored files (as text, so a replay never depends on a later upload)."""

from __future__ import annotations

import logging
from typing import Any

from bot.errors import UserError
from bot.i18n import t
from engine.games.everdell.mistwood import card_data, loader
from engine.games.everdell.mistwood.lair.options import MAX_DATA_TEXT
from storage.mistwood_data import KINDS, GuildDataFile

log = logging.getLogger(__name__)

# The engine refuses a longer option text; a byte count bounds the character count from above.
MAX_BYTES = MAX_DATA_TEXT
SHOWN_PROBLEMS = 10
# Keeps a refusal or a pack listing inside one Discord message (2000) or embed field (1024).
MAX_LISTING = 900
MAX_REFUSAL = 1300
# The match option that carries each kind of file.
KIND_OPTIONS = {"deck": "nightweave_deck", "scoring": "nightweave_scoring", "cards": card_data.OPTION}
# Lobby option -> the card pack it brings in (as card_data names it).
PACK_OPTIONS = {"legends": "more_legends", "corrin": "corrin", "farms": "farms"}
NIGHTWEAVE_ONLY = ("deck", "scoring")

__all__ = ["KINDS", "MAX_BYTES", "GuildDataFile"]


def decode(data: bytes) -> str:
    """The uploaded bytes as text (UTF-8, a byte-order mark allowed); refused when not text."""
    if len(data) > MAX_BYTES:
        raise UserError("mwdata.too_large", size=kilobytes(len(data)), max=kilobytes(MAX_BYTES))
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UserError("mwdata.not_text") from None
    if "\x00" in text:
        raise UserError("mwdata.not_text")
    return text


def problems(kind: str, text: str) -> list[str]:
    """Every problem the engine finds in a file of `kind` (empty: usable)."""
    # With a line break the loader never takes the text for a path to a file on this machine.
    source = text if "\n" in text else text + "\n"
    try:
        if kind == "deck":
            loader.parse_activity(loader.read_source(source, "Activity deck"))
        elif kind == "scoring":
            loader.parse_scoring(loader.read_source(source, "Scoring table"))
        elif kind == "cards":
            return card_data.check_file(source)
        else:
            raise ValueError(f"unknown Mistwood data kind {kind!r}")
    except loader.MistwoodDataError as exc:
        return list(exc.problems) or ["the file is invalid"]
    except (TypeError, AttributeError, RecursionError) as exc:
        # A shape the validators did not foresee: still the file's fault, never the bot's.
        log.info("Mistwood %s file refused: %r", kind, exc)
        return [f"the file could not be read: {type(exc).__name__}"]
    return []


def problem_list(found: list[str]) -> str:
    """The first SHOWN_PROBLEMS problems as a list, and how many more there are."""
    lines = [f"• {p}" for p in found[:SHOWN_PROBLEMS]]
    if len(found) > SHOWN_PROBLEMS:
        lines.append(f"… (+{len(found) - SHOWN_PROBLEMS})")
    return clip("\n".join(lines), MAX_LISTING)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def kilobytes(size: int) -> str:
    return f"{size / 1000:.1f} KB"


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
    """'/admin mistwood upload' as the reader's client names it."""
    names = ("cmd.admin.name", "cmd.admin.mistwood.name", "cmd.admin.mistwood.upload.name")
    return "/" + " ".join(t(key, locale) for key in names)


def lobby_options(
    game: str, locale: str, packs: list[str], options: dict[str, Any], files: dict[str, str]
) -> dict[str, Any]:
    """What a new lobby adds to `options` (the opponent already chosen): the packs turned on
    (refused, naming what is missing, while the server's card data is incomplete) and the
    server's files that matter to this table."""
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
    if game == "everdell" and options.get("opponent") == "nightweave":
        out.update({KIND_OPTIONS[kind]: files[kind] for kind in NIGHTWEAVE_ONLY if kind in files})
    return out


def lobby_lines(options: dict[str, Any], locale: str) -> list[str]:
    """The Mistwood packs and server files a table uses, one line each (empty: none)."""
    lines = []
    packs = [pack_name(pack, locale) for option, pack in PACK_OPTIONS.items() if options.get(option)]
    if packs:
        lines.append(t("mwdata.lobby.packs", locale, packs=", ".join(packs)))
    for kind in NIGHTWEAVE_ONLY:
        if options.get(KIND_OPTIONS[kind]) is not None:
            lines.append(t(f"mwdata.lobby.server_{kind}", locale))
    return lines


def file_line(stored: GuildDataFile, locale: str) -> str:
    """'`deck.yaml` · 3.2 KB · @member · 5 minutes ago' for the listing."""
    who = f"<@{stored.uploaded_by}>" if stored.uploaded_by is not None else t("mwdata.show.someone", locale)
    return t(
        "mwdata.show.file",
        locale,
        name=clip(stored.filename, 80),
        size=kilobytes(stored.size),
        who=who,
        when=f"<t:{int(stored.uploaded_at)}:f>",
    )


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
