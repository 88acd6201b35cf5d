"""Dominion's per-seat reactions in the lobby: each player may ask to be asked about Moat and
Caravan Guard in hand, whatever the table's setting.

The choice is kept with the lobby's options (stored as JSON, keyed by user id, so it follows a
player who leaves and comes back and survives a restart). The engine wants one mode per seat,
in seat order, so the start writes that list for the seats as they are then. A player's standing
mode from /settings becomes their own choice when they open or join a lobby; picking in the lobby
replaces it for that table."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.errors import UserError
from bot.table import Live, TableService, retrying
from engine.core.errors import InvalidSetup
from storage import MatchRecord

# Reactions held in hand (Moat, Caravan Guard): "always" uses them at once, so no one waits on a
# hidden card; "ask" asks their holder each time.
REACTION_MODES = ("always", "ask")
# Lobby-only keys: the players' own choices, and the table's setting while `reactions` holds the
# per-seat list written for a start. The engine's normalize_options drops both once it starts.
SEAT_KEY = "seat_reactions"
TABLE_KEY = "table_reactions"
START_ATTEMPTS = 3


def table_mode(options: dict[str, Any]) -> str:
    """The setting chosen in /<game> new (the default for every seat)."""
    value = options.get(TABLE_KEY, options.get("reactions", "always"))
    return value if isinstance(value, str) else "always"


def seat_modes(record: MatchRecord) -> list[str]:
    """One mode per seat, in seat order: the list the engine keeps once the game runs; in the
    lobby each player's own choice, else the table's setting (bots always take the latter)."""
    stored = record.options.get("reactions", "always")
    if record.status != "lobby" and isinstance(stored, list):
        return [str(m) for m in stored]
    default = table_mode(record.options)
    own: dict[str, str] = record.options.get(SEAT_KEY) or {}
    return [
        own.get(str(seat.user_id), default) if seat.kind == "human" and seat.user_id is not None else default
        for seat in record.seats
    ]


def seating(record: MatchRecord) -> tuple[tuple[str, int | None], ...]:
    return tuple((seat.kind, seat.user_id) for seat in record.seats)


def standing_options(options: dict[str, Any], game: str, user_id: int, mode: str | None) -> dict[str, Any]:
    """`options` with a player's /settings mode as their own choice, unless the lobby already
    has one from them (a choice made at this table, kept if they left and came back)."""
    own: dict[str, str] = options.get(SEAT_KEY) or {}
    if game != "dominion" or mode not in REACTION_MODES or str(user_id) in own:
        return options
    return {**options, SEAT_KEY: {**own, str(user_id): mode}}


def adopt_standing(user_id: int, mode: str | None) -> Callable[[MatchRecord], None]:
    """For TableService.join: the joining player's standing mode, written with their seat."""

    def adopt(record: MatchRecord) -> None:
        record.options = standing_options(record.options, record.game, user_id, mode)

    return adopt


@retrying
async def choose_reactions(table: TableService, match_id: int, user_id: int, mode: str) -> Live:
    """A seated player's own choice, kept until the game starts."""
    async with table.writing(match_id) as live:
        record = live.record
        if record.status != "lobby":
            raise UserError("error.lobby_closed")
        if record.game != "dominion":
            raise UserError("error.option_other_game", option="reactions", game="Dominion")
        if mode not in REACTION_MODES:
            raise UserError("error.bad_option", option="reactions", value=mode)
        if record.seat_of(user_id) is None:
            raise UserError("error.not_a_player")
        own = {**(record.options.get(SEAT_KEY) or {}), str(user_id): mode}
        record.options = {**record.options, SEAT_KEY: own}
        await table.store.matches.save(record)
        return live


@retrying
async def settle_reactions(table: TableService, match_id: int) -> tuple[tuple[str, int | None], ...] | None:
    """Write `reactions` as the per-seat list for the seats as they are now (the table's setting
    alone when every seat agrees with it); returns that seating, or None if there was nothing to
    write."""
    async with table.writing(match_id) as live:
        record = live.record
        if record.status != "lobby" or record.game != "dominion" or not record.options.get(SEAT_KEY):
            return None
        modes = seat_modes(record)
        default = table_mode(record.options)
        wanted: str | list[str] = default if all(m == default for m in modes) else modes
        if record.options.get("reactions") != wanted:
            record.options = {**record.options, TABLE_KEY: default, "reactions": wanted}
            await table.store.matches.save(record)
        return seating(record)


async def start_with_choices(table: TableService, match_id: int, user_id: int) -> Live:
    """Start the table with every player's own reactions choice. Someone joining or leaving
    between writing the list and the start leaves it the wrong length, which the engine refuses:
    then the list is written again for the new seats and the start tried again."""
    attempt = 1
    while True:
        written = await settle_reactions(table, match_id)
        try:
            return await table.start(match_id, user_id)
        except InvalidSetup:
            live = await table.get(match_id)
            if written is None or seating(live.record) == written or attempt >= START_ATTEMPTS:
                raise
        attempt += 1


def kingdom_suggestions(current: str, locale: str) -> list[tuple[str, str]]:
    """Random, then the recommended kingdoms with the sets they use, found by their English or
    Portuguese name; anything else typed (a list of cards) is sent as typed."""
    from bot.games.dominion.lobby_view import set_names
    from bot.i18n import t
    from engine.games.dominion.cards import cards, kingdoms

    key = current.casefold()
    found = [(t("lobby.random", locale), "random")]
    found = [c for c in found if key in c[0].casefold() or key in "random"]
    table = cards()
    for k in kingdoms().values():
        if key not in k.name.casefold() and key not in k.name_pt.casefold():
            continue
        used = {table[c].set for c in (*k.cards, *k.events) if c in table}
        sets = set_names([s for s in ("base", "adventures") if s in used], locale)
        name = k.name_pt if locale == "pt" else k.name
        found.append((f"{name} · {sets}", k.name))
    return found
