"""/roll and /deck: validated before anything moves, and the channel's RNG survives restarts."""

from __future__ import annotations

import random

import pytest

from bot.companion_tools import TableTools
from bot.errors import UserError
from bot.i18n import t
from bot.render.dice import roll_text
from engine.tools.decks import DeckError
from engine.tools.dice import DiceError
from storage import Store

CHANNEL = 8000
ALICE, BOB = 1001, 1002


async def test_rolls_continue_the_channel_sequence_after_a_restart(store: Store) -> None:
    tools = TableTools(store.db)
    first = await tools.roll(CHANNEL, "2d6+1")
    assert 3 <= first.total <= 13
    state = await tools.repo.rng_state(CHANNEL)
    expected = random.Random()
    expected.setstate((state[0], tuple(state[1]), state[2]))
    again = TableTools(store.db)
    second = await again.roll(CHANNEL, "d8")
    assert second.total == expected.randint(1, 8)
    assert "d8" in roll_text(second, "<@1>", "en")


@pytest.mark.parametrize("notation", ["", "d1", "1000d6", "2d6kh5", "banana", "d100000"])
async def test_bad_notation_is_refused_without_moving_the_dice(store: Store, notation: str) -> None:
    tools = TableTools(store.db)
    await tools.roll(CHANNEL, "d6")
    before = await tools.repo.rng_state(CHANNEL)
    with pytest.raises(DiceError) as err:
        await tools.roll(CHANNEL, notation)
    assert await tools.repo.rng_state(CHANNEL) == before
    for locale in ("en", "pt"):
        assert not t(err.value.key, locale, **err.value.params).startswith("error.")


async def test_decks_draw_peek_reshuffle(store: Store) -> None:
    tools = TableTools(store.db)
    deck = await tools.create(CHANNEL, ALICE, "Plots", "a, b, c, d")
    assert sorted(deck.draw_pile) == ["a", "b", "c", "d"]
    _, top = await tools.peek(CHANNEL, ALICE, "Plots", 2)
    with pytest.raises(UserError, match="deck.owner_only"):
        await tools.peek(CHANNEL, BOB, "Plots", 1)
    deck, drawn = await tools.draw(CHANNEL, "Plots", 2)
    assert drawn == top and len(deck.draw_pile) == 2
    with pytest.raises(DeckError):
        await tools.draw(CHANNEL, "Plots", 3)
    with pytest.raises(UserError, match="deck.reshuffle_owner_only"):
        await tools.reshuffle(CHANNEL, BOB, "Plots")
    assert len((await tools._deck(CHANNEL, "Plots"))[1].draw_pile) == 2  # refused: nothing moved
    deck = await tools.reshuffle(CHANNEL, ALICE, "Plots")
    assert len(deck.draw_pile) == 4 and deck.discard == []
    deck, _ = await tools.draw(CHANNEL, "Plots", 1)
    deck = await tools.reshuffle(CHANNEL, BOB, "Plots", manager=True)  # a server manager may
    assert len(deck.draw_pile) == 4
    with pytest.raises(UserError, match="deck.exists"):
        await tools.create(CHANNEL, BOB, "Plots", "x")
    with pytest.raises(DeckError):
        await tools.create(CHANNEL, BOB, "Huge", ",".join(str(i) for i in range(600)))
    with pytest.raises(UserError, match="deck.unknown"):
        await tools.draw(CHANNEL, "nope", 1)
