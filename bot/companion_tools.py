"""Dice and decks for physical tables, with one RNG per channel kept in the database.

Results continue the channel's sequence across restarts; a request is fully validated before
the RNG moves, so a refused command changes nothing.
"""

from __future__ import annotations

import asyncio
import random
import secrets
from collections import defaultdict
from typing import Any

from bot.companions import offered
from bot.errors import UserError
from engine.tools import dice
from engine.tools.decks import Deck
from storage.companion import CompanionRepo
from storage.db import Database


def _restore(state: Any) -> random.Random:
    rng = random.Random()
    version, internal, gauss = state
    rng.setstate((version, tuple(internal), gauss))
    return rng


class TableTools:
    def __init__(self, db: Database) -> None:
        self.repo = CompanionRepo(db)
        self.locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    async def _rng(self, channel_id: int) -> random.Random:
        state = await self.repo.rng_state(channel_id)
        return random.Random(secrets.randbits(64)) if state is None else _restore(state)

    async def roll(
        self, channel_id: int, notation: str, prefer: str | None = None
    ) -> dice.RollResult | dice.NamedRoll:
        """Dice notation, or dice a game declares by name (`conquest`, `<game>:conquest`); a
        name several games declare goes to the channel's game: `prefer`, else the game of the
        channel's companion session."""
        named = dice.find_named(notation, prefer or await self.channel_game(channel_id))
        if named is None:
            dice.parse(notation)  # refuse bad notation before the channel's dice move
        async with self.locks[channel_id]:
            rng = await self._rng(channel_id)
            result = dice.roll(notation, rng) if named is None else dice.roll_named(*named, rng)
            await self.repo.save_rng(channel_id, rng.getstate())
            return result

    async def channel_game(self, channel_id: int) -> str | None:
        """The game of the physical-table session running in the channel, if any."""
        kind = await self.repo.active_kind(channel_id)
        return next((game for game, spec in offered() if spec.id == kind), None) if kind else None

    async def _deck(self, channel_id: int, name: str) -> tuple[int, Deck]:
        found = await self.repo.deck(channel_id, name.strip())
        if found is None:
            raise UserError("deck.unknown", name=name[:100])
        owner, data = found
        return owner, Deck.from_dict(data)

    async def create(self, channel_id: int, owner_id: int, name: str, cards: str) -> Deck:
        names = [c for c in cards.replace("\n", ",").split(",")]
        async with self.locks[channel_id]:
            rng = await self._rng(channel_id)
            deck = Deck.create(name, names, rng)
            if await self.repo.deck(channel_id, deck.name) is not None:
                raise UserError("deck.exists", name=deck.name)
            await self.repo.save_deck(channel_id, deck.name, owner_id, deck.to_dict(), rng.getstate())
            return deck

    async def draw(self, channel_id: int, name: str, count: int) -> tuple[Deck, list[str]]:
        async with self.locks[channel_id]:
            owner, deck = await self._deck(channel_id, name)
            drawn = deck.draw(count)
            rng = await self._rng(channel_id)
            await self.repo.save_deck(channel_id, deck.name, owner, deck.to_dict(), rng.getstate())
            return deck, drawn

    async def peek(self, channel_id: int, user_id: int, name: str, count: int) -> tuple[Deck, list[str]]:
        owner, deck = await self._deck(channel_id, name)
        if owner != user_id:
            raise UserError("deck.owner_only", name=deck.name)
        return deck, deck.peek(count)

    async def reshuffle(self, channel_id: int, user_id: int, name: str, manager: bool = False) -> Deck:
        """Only the deck's owner, or a server manager, may undo everyone's draws."""
        async with self.locks[channel_id]:
            owner, deck = await self._deck(channel_id, name)
            if owner != user_id and not manager:
                raise UserError("deck.reshuffle_owner_only", name=deck.name)
            rng = await self._rng(channel_id)
            deck.reshuffle(rng)
            await self.repo.save_deck(channel_id, deck.name, owner, deck.to_dict(), rng.getstate())
            return deck
