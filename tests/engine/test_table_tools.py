from __future__ import annotations

import random

import pytest

from engine.tools.decks import Deck, DeckError
from engine.tools.dice import DiceError, parse, roll


@pytest.mark.parametrize(
    ("notation", "low", "high"),
    [("d8", 1, 8), ("2d6+1", 3, 13), ("d12", 1, 12), ("3d6-2", 1, 16), ("4d6kh3", 3, 18), ("2d20kl1", 1, 20), ("5", 5, 5)],
)
def test_rolls_stay_in_range(notation: str, low: int, high: int) -> None:
    rng = random.Random(3)
    for _ in range(300):
        assert low <= roll(notation, rng).total <= high


def test_same_seed_same_rolls() -> None:
    a = [roll("3d6+d8", random.Random(42)).total for _ in range(3)]
    b = [roll("3d6+d8", random.Random(42)).total for _ in range(3)]
    assert a == b


def test_keep_highest_keeps_the_best() -> None:
    result = roll("4d6kh3", random.Random(1))
    term = result.terms[0]
    assert sorted(term.kept) == sorted(term.rolls)[1:]
    assert result.total == sum(term.kept)


@pytest.mark.parametrize(
    ("notation", "key"),
    [
        ("", "error.dice.empty"),
        ("banana", "error.dice.syntax"),
        ("2d", "error.dice.syntax"),
        ("101d6", "error.dice.too_many_dice"),
        ("60d6+60d6", "error.dice.too_many_dice"),
        ("d1001", "error.dice.faces"),
        ("d1", "error.dice.faces"),
        ("0d6", "error.dice.no_dice"),
        ("3d6kh4", "error.dice.keep"),
        ("1" * 300, "error.dice.too_long"),
        ("9999999", "error.dice.constant_too_big"),
        ("+".join(["1"] * 25), "error.dice.too_many_terms"),
    ],
)
def test_bad_notation_is_refused_with_a_reason(notation: str, key: str) -> None:
    with pytest.raises(DiceError) as err:
        parse(notation)
    assert err.value.key == key


def test_deck_draw_peek_and_reshuffle() -> None:
    rng = random.Random(5)
    deck = Deck.create("events", ["a", "b", "c", "d"], rng)
    top = deck.peek(2)
    assert deck.draw(2) == top
    assert len(deck.draw_pile) == 2
    with pytest.raises(DeckError) as err:
        deck.draw(3)
    assert err.value.key == "error.deck.not_enough"
    deck.reshuffle(rng)
    assert sorted(deck.draw_pile) == ["a", "b", "c", "d"] and deck.discard == []
    assert Deck.from_dict(deck.to_dict()) == deck


def test_deck_limits() -> None:
    rng = random.Random(0)
    with pytest.raises(DeckError) as err:
        Deck.create("huge", [str(i) for i in range(501)], rng)
    assert err.value.key == "error.deck.too_many_cards"
    with pytest.raises(DeckError):
        Deck.create("", ["a"], rng)
    with pytest.raises(DeckError):
        Deck.create("x", [" ", ""], rng)
