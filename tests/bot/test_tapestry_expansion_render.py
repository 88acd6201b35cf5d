"""Tapestry on Discord with the Islanders, the Artificers and the Fantasies & Futures tech cards:
every prompt, option and log line in words in both languages, the island and the sliding mat in
the player's view, used single-use cards marked, and the island's hexes in the exploration menu."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.games.tapestry import placement, preview, views
from bot.render import board_payload, private_payload
from bot.render.common import event_line, option_label
from engine.core import Match, Prompt, SeatSpec
from engine.games.tapestry.bots import make_heuristic
from tests.bot.conftest import live_of
from tests.bot.test_render import check_components, check_embed
from tests.bot.test_tapestry_render import KEYS, PNG, RAW, texts

FF_TECH = {"Teleportation": 1, "Levitation": 0, "Weather Control": 1}


def start(locale: str, seed: int = 3) -> Any:
    seats = [SeatSpec(kind="human", name=n) for n in ("Alice", "Bob", "Carol")]
    position = {
        "skip_setup": True,
        "players": [
            {
                "civs": ["islanders", "artificers"],
                "tiles": [1, 2, 3, 4, 6],
                "tech": FF_TECH,
                "on_mat": {"farm": 4},
                "charmed": True,  # the top row open to the single-use cards from the start
            },
            {"civs": ["inventors"]},
            {"civs": ["spies"]},
        ],
    }
    options = {"civilizations": "all", "tech_cards": "all"}
    match = Match.from_position("tapestry", seats, options, seed, position)
    return live_of(match, seed, locale)


@pytest.mark.parametrize("locale", ["en", "pt"])
def test_a_whole_game_with_the_new_civilizations_and_cards_reads_as_words(locale: str) -> None:
    live = start(locale)
    match = live.match
    bots = [make_heuristic(s, 3) for s in range(3)]
    keys: set[str] = set()
    kinds: set[str] = set()
    isle_menus = 0
    step = 0
    while not match.finished:
        prompt: Prompt = match.prompts()[0]
        keys.add(prompt.key)
        for option in prompt.options:
            label = option_label("tapestry", option, locale, live)
            assert label and not RAW.search(label), (prompt.key, option, label)
        if prompt.key == "tapestry.prompt.explore_hex" and any(
            o.id.startswith("isle:") for o in prompt.options
        ):
            arranged = placement.arrange(live, prompt, locale)
            assert arranged is not None
            flat = sorted(i for g in arranged.groups for i in g.indices)
            assert flat == list(range(len(prompt.options)))  # every hex reachable, the island's too
            isle_menus += 1
        events = match.submit(prompt.seat, bots[prompt.seat].choose(match.view(prompt.seat), prompt))
        live.tail.extend(e for e in events if e.public)
        for event in events:
            kinds.add(event.kind)
            line = event_line(live, event, locale)
            assert not RAW.search(line), (event, line)
        step += 1
        if step % 40 == 0:
            board = board_payload(live, locale)
            check_embed(board.embed)
            assert not KEYS.search(texts(board))
            private = private_payload(live, 0, locale)
            check_embed(private.embed)
            assert not KEYS.search(texts(private))
            if private.view is not None:
                check_components(private.view)
    assert {"tapestry.prompt.islanders_explore", "tapestry.prompt.artificers"} <= keys
    assert {"explore_isle", "flip_tech"} <= kinds
    assert isle_menus or "tapestry.prompt.islanders_explore" in keys
    embed, _ = views.view_embed(live, "p0", locale)
    text = json.dumps(embed.to_dict(), ensure_ascii=False)
    assert "tapestry." not in text and len(embed) <= 6000
    assert "○" in text and "■" in text  # the Artificers' rows, space by space
    assert views.name("Teleportation", locale) in text
    assert ("(used)" if locale == "en" else "(usada)") in text
    assert "× 4" in text  # the island's final count line
    board = texts(board_payload(live, locale))
    assert ("Island: " if locale == "en" else "Ilha: ") in board and "/6" in board


def test_the_island_menu_names_each_hex_and_its_best_vp() -> None:
    live = start("en")
    match = live.match
    bots = [make_heuristic(s, 3) for s in range(3)]
    while not match.finished:
        prompt = match.prompts()[0]
        if prompt.key == "tapestry.prompt.explore_hex" and prompt.options[0].id.startswith("isle:"):
            arranged = placement.arrange(live, prompt, "en")
            assert arranged is not None
            assert arranged.groups[-1].label == "Your island"
            assert all("VP" in arranged.notes[i] for i in arranged.groups[-1].indices)
            labels = [option_label("tapestry", o, "en", live) for o in prompt.options]
            assert all(label.startswith("Your island, hex ") for label in labels)
            assert placement.spot_caption(prompt, 0, live, "en").startswith("Your island")
            picture = preview.prompt_image(live, prompt.seat, "en", list(range(len(prompt.options))))
            assert picture is not None and picture.startswith(PNG) and len(picture) < 300_000
            match.submit(prompt.seat, (prompt.options[0].id,))
            turn = match.prompts()[0]
            assert turn.key == "tapestry.prompt.explore_rotation" and turn.params["isle"] == 0
            picture = preview.prompt_image(live, turn.seat, "en", [])
            assert picture is not None and picture.startswith(PNG)
            return
        match.submit(prompt.seat, bots[prompt.seat].choose(match.view(prompt.seat), prompt))
    raise AssertionError("the Islanders never explored their island")
