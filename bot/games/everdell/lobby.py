"""Everdell's `/everdell new`: the opponent (none, Rugwort solo, Nightweave for 1 or 2
people) turned into match options and a table size, and the server's Mistwood files copied in as
text, so a later upload never changes a table already opened."""

from __future__ import annotations

from typing import Any

from bot.errors import UserError
from bot.games.everdell import mistwood_data
from bot.plugins import LobbyPlan, LobbyRequest

NONE, RUGWORT, NIGHTWEAVE = "none", "rugwort", "nightweave"
SOLO_ONLY = ("plans", "plots")
DEFAULT_LEVEL = 1


def everdell_setup(options: dict[str, Any], players: int | None) -> tuple[dict[str, Any], int | None]:
    """(options, table size) for the lobby from the model's options (`opponent` already resolved
    to Nightweave where her level or modules were given)."""
    out = dict(options)
    opponent = out.get("opponent")
    if opponent is None and "rugwort_year" in out:
        opponent = RUGWORT
    if opponent is None:
        return out, players
    if opponent == NONE:
        if players == 1:
            raise UserError("error.everdell.solo_needs_opponent")
        return out, players
    if opponent == RUGWORT:
        if players not in (None, 1):
            raise UserError("error.everdell.rugwort_seats", count=players)
        return out, 1
    if players not in (None, 1, 2):
        raise UserError("error.nightweave.humans", count=players)
    size = players or 1
    modules = out.get("modules") or []
    if size == 2 and any(m in SOLO_ONLY for m in modules):
        raise UserError("error.nightweave.solo_only_modules")
    out.setdefault("nightweave_level", DEFAULT_LEVEL)
    out.setdefault("modules", [])
    return out, size


async def prepare(request: LobbyRequest) -> LobbyPlan:
    options, size = everdell_setup(request.options, request.players)
    packs = [p for p in mistwood_data.PACK_OPTIONS if options.pop(p, False)]
    files = dict(request.server_data)
    options.update(mistwood_data.lobby_options("everdell", request.locale, packs, options, files))
    return LobbyPlan(options, size)
