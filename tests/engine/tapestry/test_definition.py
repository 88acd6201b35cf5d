"""The game's definition: discovery, options, names, data and the seat policies."""

from __future__ import annotations

import pytest

from engine.core.errors import InvalidSetup
from engine.core.match import Match
from engine.core.registry import get_game
from engine.core.seats import SeatSpec
from engine.games.tapestry.data import civilizations, tapestry_cards, tech_cards, tracks
from tests.engine.tapestry.helpers import seats


def test_the_game_is_discovered() -> None:
    d = get_game("tapestry")
    assert d.names == {"en": "Tapestry", "pt": "Tapestry"}
    assert (d.min_players, d.max_players) == (1, 5)  # 1 only against the Automa
    assert d.engine_version == "tapestry-3" and d.default_policy == "heuristic"
    assert set(d.policies) == {"random", "heuristic"}


def test_unknown_options_are_refused() -> None:
    with pytest.raises(InvalidSetup):
        Match("tapestry", seats(2), {"expansion": "arts"}, 1)


@pytest.mark.parametrize("count", [1, 6])
def test_player_counts_outside_two_to_five_are_refused(count: int) -> None:
    with pytest.raises(InvalidSetup):
        Match("tapestry", seats(count), {}, 1)


def test_names_in_both_languages() -> None:
    name = get_game("tapestry").card_name
    assert name("dark_ages", "pt-BR") == "Idade das Trevas"
    assert name("dark_ages", "en") == "Dark Ages"
    assert name("Printing Press", "pt") == "Impressão"
    assert name("historians", "pt") == "Historiadores"
    assert name("Academic Research", "pt") == "Pesquisa Acadêmica"


def test_the_base_game_components_are_all_there() -> None:
    cards = tapestry_cards()
    assert len(cards) == 44 and sum(c.copies for c in cards.values()) == 50
    assert sum(c.expansion == "base" for c in tech_cards().values()) == 33
    assert sum(c.expansion == "aa" for c in tech_cards().values()) == 11
    assert sum(c.expansion == "base" for c in civilizations().values()) == 16
    assert all(len(t.spaces) == 12 for t in tracks().values())
    for group in (cards.values(), tech_cards().values(), civilizations().values()):
        for item in group:
            assert item.name and item.name_pt and item.pt_source in ("rulebook", "ours")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_heuristic_bots_play_a_full_game(players: int) -> None:
    d = get_game("tapestry")
    match = Match("tapestry", [SeatSpec("bot", f"H{i}", "heuristic") for i in range(players)], {}, 40 + players)
    bots = [d.policies["heuristic"](i, 9) for i in range(players)]
    while not match.finished:
        prompt = match.prompts()[0]
        match.submit(prompt.seat, bots[prompt.seat].choose(match.policy_view(prompt.seat), prompt), pid=prompt.pid)
    result = match.result()
    assert result is not None and len(result.scores) == players
    assert max(result.scores) > 40


def test_the_heuristic_beats_random_play() -> None:
    d = get_game("tapestry")
    wins = 0
    for seed in range(12):
        policies = ["heuristic", "random"] if seed % 2 else ["random", "heuristic"]
        match = Match("tapestry", [SeatSpec("bot", p, p) for p in policies], {}, seed)
        bots = [d.policies[p](i, seed) for i, p in enumerate(policies)]
        while not match.finished:
            prompt = match.prompts()[0]
            match.submit(prompt.seat, bots[prompt.seat].choose(match.policy_view(prompt.seat), prompt), pid=prompt.pid)
        result = match.result()
        assert result is not None
        wins += policies.index("heuristic") in result.winners
    assert wins >= 9


def test_the_optional_variants_are_accepted_and_plain_games_store_no_options() -> None:
    d = get_game("tapestry")
    assert d.normalize_options({}, 3) == {}
    assert d.normalize_options({"nanotech_two_cards": False}, 3) == {}
    opts = d.normalize_options({"civ_draw_two": True, "remove_tapestry": ["renaissance", "alliance"]}, 3)
    assert opts == {"civ_draw_two": True, "remove_tapestry": ["alliance", "renaissance"]}
    for bad in ({"civ_draw_two": "yes"}, {"remove_tech": ["Warp Drive"]}, {"remove_tapestry": ["trap"]}):
        with pytest.raises(InvalidSetup):
            d.normalize_options(bad, 3)


def test_removed_cards_are_not_in_the_decks() -> None:
    match = Match("tapestry", seats(2), {"remove_tapestry": ["renaissance"], "remove_tech": ["Radio"]}, 3)
    g = match.game
    assert "renaissance" not in g.tapestry_deck  # type: ignore[attr-defined]
    assert "Radio" not in g.tech_deck + g.tech_row  # type: ignore[attr-defined]


def test_first_income_turn_may_draw_two_and_keep_one() -> None:
    from tests.engine.tapestry.helpers import prompt

    match = Match.from_position(
        "tapestry", seats(2), {"first_income_draw_two": True}, 1,
        {"skip_setup": True, "players": [{"income_turns": 0}, {"income_turns": 0}], "tapestry_deck": ["trap", "dark_ages"]},
    )
    p = prompt(match)
    assert p.key == "tapestry.prompt.keep_one" and [o.card for o in p.options] == ["trap", "dark_ages"]
    match.submit(0, ("keep:1",))
    assert match.game.players[0].hand == ["dark_ages"]  # type: ignore[attr-defined]


def test_every_tapestry_card_and_civilization_has_rules() -> None:
    from pathlib import Path

    from engine.games.tapestry import tapestries

    source = "".join(p.read_text() for p in Path(tapestries.__file__).parent.glob("*.py"))
    for card in tapestry_cards().values():
        if card.kind in ("played", "trap"):
            assert card.id in tapestries.PLAYED, card.id
        else:  # a THIS ERA card acts through a hook naming it
            assert f'"{card.id}"' in source, card.id
    for civ in civilizations():
        assert f"\"{civ}" in source, civ


def test_the_catalogue_describes_every_component() -> None:
    cards = get_game("tapestry").cards()
    kinds = {c.kind for c in cards}
    assert kinds == {"tapestry", "tech", "civilization", "space", "landmark", "masterpiece"}
    # the Arts & Architecture box: 12 Arts spaces, 3 arts landmarks, 20 masterpieces
    assert len(cards) == 44 + len(tech_cards()) + len(civilizations()) + 48 + 18 + 12 + 3 + 20
    assert {c.set for c in cards if c.kind == "civilization"} <= {"base", "pp", "aa", "ff"}
    zeppelins = next(c for c in cards if c.id == "Zeppelins")
    assert "exploration" in zeppelins.describe("en") and zeppelins.name("pt") == "Dirigível"
    assert all(c.describe("en") for c in cards)


def test_chance_and_hidden_information_block_undo() -> None:
    from engine.core.events import Event

    d = get_game("tapestry")
    for kind in ("roll", "draw_tapestry", "gain_tile", "refill_tech", "draw_tech", "reshuffle", "gain_civ", "play_face_down"):
        assert d.reveals(Event(kind, 0))
    for kind in ("advance", "pay", "vp", "build", "upgrade"):
        assert not d.reveals(Event(kind, 0))


def test_options_typed_in_the_lobby_are_parsed() -> None:
    d = get_game("tapestry")
    assert d.parse_options({"civ_draw_two": "true", "remove_tech": "Radio,Paper"}, 2) == {
        "civ_draw_two": True,
        "remove_tech": ["Paper", "Radio"],
    }
    with pytest.raises(InvalidSetup):
        d.parse_options({"expansion": "arts"}, 2)
