"""`/architects new opponent:<ai>`: a solo table, one seat, against the engine-run AI."""

from __future__ import annotations

from bot.errors import UserError
from bot.plugins import LobbyPlan, LobbyRequest


async def prepare(request: LobbyRequest) -> LobbyPlan:
    """An AI opponent means one person (and Works of Wonder, which the rules add); without one,
    the table is as asked."""
    options = dict(request.options)
    if options.get("opponent") in (None, "", "none"):
        options.pop("opponent", None)
        return LobbyPlan(options, request.players)
    if request.players not in (None, 1):
        raise UserError("error.architects.solo_seats", count=request.players)
    return LobbyPlan(options, 1)
