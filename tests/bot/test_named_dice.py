"""/roll with a game's named dice: Tapestry's conquest dice and science die, found by any of
their names, rolled from the channel's seeded RNG, told in the reader's language; a name two
games share goes to the channel's game or must be said in full (`tapestry:conquest`)."""

from __future__ import annotations

import random
import re
import sys
import types
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import bot.companion_tools
from bot.companion_tools import TableTools
from bot.i18n import t
from bot.render.dice import named_roll_text, roll_reply, suggest
from engine.core.dice import Die, DieFace, NamedDice
from engine.core.registry import GameDefinition, game_ids, get_game, register_module, unregister_module
from engine.games.tapestry.data import board, tracks
from engine.tools.dice import DiceError, NamedRoll, RollResult, dice_notation_ok, find_named, roll_named
from storage import Store

CHANNEL = 8100
OTHER = "dicetwin"  # a second game declaring dice called "conquest"


def restored(state: Any) -> random.Random:
    rng = random.Random()
    rng.setstate((state[0], tuple(state[1]), state[2]))
    return rng


@pytest.fixture
def twin(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A released game (outside engine.games) whose own dice are also called "conquest"."""
    face = DieFace("skull", {"en": "a skull", "pt": "uma caveira"})
    die = Die("bone", {"en": "bone die", "pt": "dado de osso"}, (face,) * 6)
    module = types.ModuleType("tests_bot_dicetwin")
    module.GAME = GameDefinition(  # type: ignore[attr-defined]
        id=OTHER,
        names={"en": "Dice Twin", "pt": "Dado Gêmeo"},
        min_players=1,
        max_players=2,
        engine_version="1",
        create=lambda seats, options, seed: None,  # type: ignore[arg-type,return-value]
        normalize_options=lambda options, players: options,
        dice=(NamedDice("conquest", {"en": "conquest dice", "pt": "dados de conquista"}, (die,)),),
    )
    monkeypatch.setitem(sys.modules, module.__name__, module)
    register_module(OTHER, module.__name__)
    yield OTHER
    unregister_module(OTHER)


def test_tapestry_declares_the_dice_its_rules_roll() -> None:
    dice = {named.id: named for named in get_game("tapestry").dice}
    assert set(dice) == {"conquest", "science", "science20"}  # the D20 of Arts & Architecture
    red, black = dice["conquest"].dice
    assert [f.id for f in red.faces] == board().dice.red
    assert [f.id for f in black.faces] == board().dice.black
    (science,) = dice["science"].dice
    assert [f.id for f in science.faces] == board().dice.science == list(tracks())
    for named in dice.values():
        for die in named.dice:
            for face in die.faces:
                assert face.words["en"] and face.words["pt"] and face.words["en"] != face.id
    assert "our reading" in dice["science"].says("en") and "leitura nossa" in dice["science"].says("pt")
    (d20,) = dice["science20"].dice
    assert len(d20.faces) == 20 and {f.id for f in d20.faces} == {*tracks(), "arts"}
    assert "our reading" in dice["science20"].says("en") and "leitura nossa" in dice["science20"].says("pt")


@pytest.mark.parametrize(
    ("typed", "wanted"),
    [
        ("conquest", "conquest"),
        ("Conquest", "conquest"),
        ("tapestry:conquest", "conquest"),
        ("dados de conquista", "conquest"),
        ("conquista", "conquest"),
        ("science", "science"),
        ("Ciência", "science"),
        ("dado de ciência", "science"),
        ("TAPESTRY:science", "science"),
    ],
)
def test_named_dice_are_found_by_any_of_their_names(typed: str, wanted: str) -> None:
    found = find_named(typed)
    assert found is not None and found[0] == "tapestry" and found[1].id == wanted


@pytest.mark.parametrize("typed", ["d8", "2d6+1", "4d6kh3", "banana"])
def test_notation_is_not_a_name(typed: str) -> None:
    assert find_named(typed) is None


async def test_conquest_rolls_both_dice_from_the_channel_sequence(store: Store) -> None:
    tools = TableTools(store.db)
    await tools.roll(CHANNEL, "d6")  # the channel's sequence exists: the next rolls are known
    expected = restored(await tools.repo.rng_state(CHANNEL))
    rolled = await tools.roll(CHANNEL, "conquest")
    assert isinstance(rolled, NamedRoll) and rolled.value == "tapestry:conquest"
    red, black = rolled.dice.dice
    assert rolled.faces == (red.faces[expected.randrange(6)], black.faces[expected.randrange(6)])
    # The sequence goes on from there, for named dice and notation alike, across a restart.
    again = TableTools(store.db)
    science = await again.roll(CHANNEL, "tapestry:science")
    assert isinstance(science, NamedRoll)
    assert science.faces == (science.dice.dice[0].faces[expected.randrange(4)],)
    plain = await again.roll(CHANNEL, "d20")
    assert isinstance(plain, RollResult) and plain.total == expected.randint(1, 20)


async def test_the_same_channel_state_gives_the_same_faces(store: Store) -> None:
    tools = TableTools(store.db)
    await tools.roll(CHANNEL, "d6")
    state = await tools.repo.rng_state(CHANNEL)
    first = [await tools.roll(CHANNEL, "conquest") for _ in range(5)]
    await tools.repo.save_rng(CHANNEL, restored(state).getstate())
    second = [await tools.roll(CHANNEL, "conquest") for _ in range(5)]
    assert [r.faces for r in first] == [r.faces for r in second]  # type: ignore[union-attr]


def test_every_face_is_equally_likely() -> None:
    conquest = find_named("conquest")
    science = find_named("science")
    assert conquest is not None and science is not None
    rng = random.Random(17)
    reds: Counter[str] = Counter()
    tracks_rolled: Counter[str] = Counter()
    for _ in range(6000):
        reds[roll_named(*conquest, rng).faces[0].id] += 1
        tracks_rolled[roll_named(*science, rng).faces[0].id] += 1
    assert 1700 < reds["vpx:territories"] < 2300  # printed on two of the six sides
    assert all(800 < reds[f"vp:{n}"] < 1200 for n in (4, 5, 6, 7))
    assert set(tracks_rolled) == set(tracks()) and all(1300 < n < 1700 for n in tracks_rolled.values())


def test_a_roll_says_what_each_face_gives_in_both_languages() -> None:
    found = find_named("conquest")
    assert found is not None
    rolled = NamedRoll(found[0], found[1], (found[1].dice[0].faces[2], found[1].dice[1].faces[1]))
    en = named_roll_text(rolled, "<@1>", "en")
    assert en.startswith("🎲 <@1> rolled the conquest dice (Tapestry): ")
    assert (
        "red die **1 VP per territory you control** · black die **the benefit of the territory you conquered**"
        in en
    )
    assert "\n-# Conquering, you keep one of the two results" in en
    pt = roll_reply(rolled, "<@1>", "pt")
    assert "dados de conquista (Tapestry)" in pt
    assert (
        "dado vermelho **1 PV por território que você controla** · dado preto **o benefício do território conquistado**"
        in pt
    )
    science = find_named("ciência")
    assert science is not None
    rolled = roll_named(*science, random.Random(2))
    track = tracks()[rolled.faces[0].id]
    assert f"(Tapestry): **{track.name}**\n-# " in named_roll_text(rolled, "<@2>", "en")
    assert f"(Tapestry): **{track.name_pt}**\n-# " in named_roll_text(rolled, "<@2>", "pt")
    for text in (en, pt):
        assert "dice.named" not in text and len(text) <= 2000


async def test_a_shared_name_goes_to_the_channel_game_or_is_said_in_full(
    store: Store, twin: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    tools = TableTools(store.db)
    await tools.roll(CHANNEL, "d6")
    before = await tools.repo.rng_state(CHANNEL)
    with pytest.raises(DiceError) as err:
        await tools.roll(CHANNEL, "conquest")
    assert err.value.key == "error.dice.ambiguous"
    assert (
        "`tapestry:conquest`" in err.value.params["choices"]
        and f"`{twin}:conquest`" in err.value.params["choices"]
    )
    for locale in ("en", "pt"):
        said = t(err.value.key, locale, **err.value.params)
        assert not said.startswith("error.") and "tapestry:conquest" in said
    assert await tools.repo.rng_state(CHANNEL) == before  # refused: the dice did not move

    rolled = await tools.roll(CHANNEL, "conquest", prefer=twin)
    assert isinstance(rolled, NamedRoll) and rolled.game == twin
    rolled = await tools.roll(CHANNEL, "conquest", prefer="tapestry")
    assert isinstance(rolled, NamedRoll) and rolled.game == "tapestry"
    rolled = await tools.roll(CHANNEL, f"{twin}:conquest", prefer="tapestry")
    assert (
        isinstance(rolled, NamedRoll)
        and rolled.game == twin
        and "Dice Twin" in named_roll_text(rolled, "<@1>", "en")
    )
    rolled = await tools.roll(CHANNEL, "science")  # a name only one game has needs no game
    assert isinstance(rolled, NamedRoll) and rolled.game == "tapestry"

    # At a physical table the companion session running in the channel names the game.
    monkeypatch.setattr(bot.companion_tools, "offered", lambda: [(twin, types.SimpleNamespace(id="moth"))])
    await tools.repo.create(None, CHANNEL, "moth", {}, 1)
    rolled = await tools.roll(CHANNEL, "conquest")
    assert isinstance(rolled, NamedRoll) and rolled.game == twin


@pytest.mark.parametrize("typed", ["tapestry:nope", "chess:conquest", "dicetwin:science"])
async def test_an_unknown_named_die_is_refused_without_moving_the_dice(store: Store, typed: str) -> None:
    tools = TableTools(store.db)
    await tools.roll(CHANNEL, "d6")
    before = await tools.repo.rng_state(CHANNEL)
    with pytest.raises(DiceError) as err:
        await tools.roll(CHANNEL, typed)
    assert err.value.key == "error.dice.unknown_named"
    assert await tools.repo.rng_state(CHANNEL) == before
    for locale in ("en", "pt"):
        assert typed in t(err.value.key, locale, **err.value.params)


def test_autocomplete_offers_the_notation_typed_then_the_named_dice(twin: str) -> None:
    everything = suggest("", "en")
    values = [c.value for c in everything]
    assert {"tapestry:conquest", "tapestry:science", f"{twin}:conquest"} <= set(values)
    assert len(everything) <= 25 and all(len(c.name) <= 100 and len(c.value) <= 100 for c in everything)
    assert [c.value for c in suggest("conq", "en", prefer=twin)][:2] == [
        f"{twin}:conquest",
        "tapestry:conquest",
    ]
    assert [c.value for c in suggest("conq", "en", prefer="tapestry")][:2] == [
        "tapestry:conquest",
        f"{twin}:conquest",
    ]
    assert [c.value for c in suggest("2d6+1", "en")] == ["2d6+1"]
    named = {c.value: c.name for c in suggest("ciên", "pt")}
    assert named["tapestry:science"] == "Tapestry: dado de ciência (Exploração, Ciências, Militar, Tecnologia)"
    assert set(named) == {"tapestry:science", "tapestry:science20"}  # and the D20 of Arts & Architecture
    assert [c.value for c in suggest("tapest", "en")] == [
        "tapestry:conquest",
        "tapestry:science",
        "tapestry:science20",
    ]  # by game
    assert {c.value: c.name for c in suggest("red", "en")} == {}
    assert (
        suggest("conquest", "en", prefer="tapestry")[0].name
        == "Tapestry: conquest dice (red die + black die)"
    )


def test_every_game_declares_dice_a_player_can_name() -> None:
    """Each declared set has a unique name within its game that is not dice notation, and every
    die and face says itself in English and Portuguese."""
    for game in game_ids(released_only=True):
        declared = get_game(game).dice
        assert len({named.id for named in declared}) == len(declared), game
        for named in declared:
            assert re.fullmatch(r"[a-z0-9_-]+", named.id) and not dice_notation_ok(named.id), named.id
            assert all(not dice_notation_ok(alias) for alias in named.aliases), named.aliases
            assert named.dice and {"en", "pt"} <= set(named.names)
            for die in named.dice:
                assert {"en", "pt"} <= set(die.names) and len(die.faces) >= 2, die.id
                assert all({"en", "pt"} <= set(face.words) for face in die.faces), die.id
