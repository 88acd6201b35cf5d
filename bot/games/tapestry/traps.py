"""Each player's standing answer to the Trap question: "ask me" (every conquest of your territory,
Trap in hand or not), "always" (trap whenever you hold one) or "never".

Set for every new table with `/settings tapestry_traps`, or at a table in its lobby (a menu);
during the game the Trap question itself offers "always" and "never" from then on. The choices
are kept with the lobby's options by user id (`seat_traps`: they follow a player who leaves and
comes back, and survive a restart); the start writes the engine's `trap_policy`, one answer per
seat in seat order. A standing answer is public: it says nothing about a hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import discord

from bot.errors import UserError
from bot.i18n import t
from bot.plugins import Interaction, Preference
from bot.render import ids
from bot.render.items import GameSelect
from bot.render.limits import PLACEHOLDER, clip
from bot.table import Live, TableService, retrying
from engine.core.errors import InvalidSetup
from engine.games.tapestry.options import TRAP_POLICIES
from storage import MatchRecord

SEAT_KEY = "seat_traps"
LOBBY_TRAPS = "tt"  # select, match: the player's own Trap answer (values: TRAP_POLICIES)
START_ATTEMPTS = 3

PREFERENCE = Preference(
    "traps",
    TRAP_POLICIES,
    "my_traps",
    "Tapestry: when your territory is conquered — ask me about a Trap, always trap, or never",
)


def _standing(standing: Mapping[str, str]) -> str | None:
    return standing.get(PREFERENCE.key)


def standing_options(options: dict[str, Any], user_id: int, policy: str | None) -> dict[str, Any]:
    """`options` with a player's /settings answer as their own, unless the lobby already has one."""
    own: dict[str, str] = options.get(SEAT_KEY) or {}
    if policy not in TRAP_POLICIES or str(user_id) in own:
        return options
    return {**options, SEAT_KEY: {**own, str(user_id): policy}}


def on_open(options: dict[str, Any], user_id: int, standing: Mapping[str, str]) -> dict[str, Any]:
    return standing_options(options, user_id, _standing(standing))


def on_join(user_id: int, standing: Mapping[str, str]) -> Callable[[MatchRecord], None]:
    policy = _standing(standing)

    def adopt(record: MatchRecord) -> None:
        record.options = standing_options(record.options, user_id, policy)

    return adopt


def seat_policies(record: MatchRecord) -> list[str]:
    """One answer per seat, in seat order: bots and players without a choice are asked."""
    stored = record.options.get("trap_policy")
    if record.status != "lobby" and isinstance(stored, list):
        return [str(p) for p in stored]
    own: dict[str, str] = record.options.get(SEAT_KEY) or {}
    return [
        own.get(str(seat.user_id), "ask") if seat.kind == "human" and seat.user_id is not None else "ask"
        for seat in record.seats
    ]


def seating(record: MatchRecord) -> tuple[tuple[str, int | None], ...]:
    return tuple((seat.kind, seat.user_id) for seat in record.seats)


@retrying
async def choose(table: TableService, match_id: int, user_id: int, policy: str) -> Live:
    """A seated player's own answer, kept until the game starts."""
    async with table.writing(match_id) as live:
        record = live.record
        if record.status != "lobby":
            raise UserError("error.lobby_closed")
        if policy not in TRAP_POLICIES:
            raise UserError("error.bad_option", option="traps", value=policy)
        if record.seat_of(user_id) is None:
            raise UserError("error.not_a_player")
        record.options = {
            **record.options,
            SEAT_KEY: {**(record.options.get(SEAT_KEY) or {}), str(user_id): policy},
        }
        await table.store.matches.save(record)
        return live


@retrying
async def settle(table: TableService, match_id: int) -> tuple[tuple[str, int | None], ...] | None:
    """Write `trap_policy` for the seats as they are now; returns that seating (None: nothing to write)."""
    async with table.writing(match_id) as live:
        record = live.record
        if record.status != "lobby" or not record.options.get(SEAT_KEY):
            return None
        policies = seat_policies(record)
        if record.options.get("trap_policy") != policies:
            record.options = {**record.options, "trap_policy": policies}
            await table.store.matches.save(record)
        return seating(record)


async def start(table: TableService, match_id: int, user_id: int) -> Live:
    """Start with every player's own answer. Someone joining or leaving between writing the list
    and the start leaves it the wrong length, which the engine refuses: then it is written again."""
    attempt = 1
    while True:
        written = await settle(table, match_id)
        try:
            return await table.start(match_id, user_id)
        except InvalidSetup:
            live = await table.get(match_id)
            if written is None or seating(live.record) == written or attempt >= START_ATTEMPTS:
                raise
        attempt += 1


async def on_choose(bot: Any, interaction: Interaction, args: list[int], values: list[str]) -> None:
    """The lobby's menu: the clicking player's own answer; the lobby shows everyone's."""
    from bot.lobby import refresh

    await choose(bot.table, args[0], interaction.user.id, values[0] if values else "")
    await refresh(bot, interaction, args[0])


# -- the lobby ---------------------------------------------------------------------------------------------
def lobby_line(record: MatchRecord, locale: str) -> str:
    """'Trap question: Alice — ask me; Bob — never' (every seat's answer, public)."""
    parts = []
    for seat, policy in zip(record.seats, seat_policies(record), strict=True):
        who = seat.name or "?"
        parts.append(
            t("tapestry.traps.player", locale, player=who, policy=t(f"tapestry.traps.{policy}", locale))
        )
    return t("tapestry.traps.line", locale, players="; ".join(parts) or "—")


def lobby_items(live: Live, locale: str) -> Sequence[discord.ui.Item[Any]]:
    options = [
        discord.SelectOption(label=t(f"tapestry.traps.{policy}", locale), value=policy)
        for policy in TRAP_POLICIES
    ]
    placeholder = clip(t("tapestry.traps.pick", locale), PLACEHOLDER)
    return [GameSelect(ids.select(LOBBY_TRAPS, live.id), options=options, placeholder=placeholder, row=1)]
