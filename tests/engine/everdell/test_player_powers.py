"""Mistwood's player powers (the `player_powers` option): setup, Butterflies and Stoats, and random
play to the end with the option on."""

from __future__ import annotations

import pytest

from engine.core.errors import InvalidSetup
from engine.core.match import Match
from engine.games.everdell import normalize_options
from engine.games.everdell.player_powers import BUILT, NOT_BUILT
from tests.engine.everdell.helpers import Scenario, game_of, pos, seats_for
from tests.engine.everdell.test_property import check_replay, check_views, play_out


def powered(players: int, seed: int, prefer: str | None = None) -> Match:
    """A match with powers; with `prefer`, every player keeps that power when dealt it (else the
    first one dealt)."""
    match = Match("everdell", seats_for(players), {"player_powers": True}, seed)
    if prefer is not None:
        for prompt in [p for p in match.prompts() if p.key == "everdell.prompt.power"]:
            ids = [o.id for o in prompt.options]
            keep = f"power:{prefer}" if f"power:{prefer}" in ids else ids[0]
            match.submit(prompt.seat, (keep,), pid=prompt.pid)
    return match


# ------------------------------------------------------------------------------------ options
def test_option_is_off_by_default_and_validated() -> None:
    assert "player_powers" not in normalize_options({}, 2)
    assert normalize_options({"player_powers": True}, 2)["player_powers"] is True
    with pytest.raises(InvalidSetup):
        normalize_options({"player_powers": "yes"}, 2)


def test_base_game_has_no_powers() -> None:
    g = game_of(Match("everdell", seats_for(2), {}, 3))
    assert all(pl.power is None and pl.hand_limit == 8 for pl in g.players)
    assert all("power" not in p for p in g.view(0)["players"])


# -------------------------------------------------------------------------------------- setup
def test_solo_player_keeps_one_of_two_dealt_in_secret() -> None:
    match = powered(1, 4)
    g = game_of(match)
    [prompt] = match.prompts()
    assert prompt.key == "everdell.prompt.power"
    offered = [o.id[6:] for o in prompt.options]
    assert len(offered) == 2 and set(offered) <= set(BUILT)
    dealt = [e for e in match.opening_events if e.kind == "powers_dealt"]
    assert dealt and all(e.to == e.seat for e in dealt)
    assert not g.players[0].hand  # hands wait for the kept power
    kept = next(x for x in offered if x != "spiders")
    match.submit(0, (f"power:{kept}",), pid=prompt.pid)
    assert g.players[0].power == kept
    assert len(g.players[0].hand) == (12 if kept == "butterflies" else 5)


def test_two_players_get_different_powers_and_butterflies_start_with_twelve() -> None:
    tried = 0
    for seed in range(12):
        g = game_of(powered(2, seed, prefer="butterflies"))
        powers = {pl.seat: pl.power for pl in g.players}
        assert powers[0] != powers[1] and {powers[0], powers[1]} <= set(BUILT)
        butterflies = next((s for s, x in powers.items() if x == "butterflies"), None)
        if butterflies is None:
            continue
        tried += 1
        other = 1 - butterflies
        assert g.order == [butterflies, other]
        assert len(g.players[butterflies].hand) == 12 and g.players[butterflies].hand_limit == 12
        assert len(g.players[other].hand) == 6 and g.players[other].hand_limit == 8
        view = g.view(other)
        assert view["players"][butterflies]["power"] == "butterflies"
    assert tried >= 3


def test_powers_not_built_are_never_dealt() -> None:
    seen: set[str] = set()
    for players in (1, 2, 3, 4):
        for seed in range(8):
            match = powered(players, seed)
            seen |= {pl.power for pl in game_of(match).players if pl.power}
            for e in match.opening_events:
                if e.kind == "powers_dealt":
                    seen |= set(e.data["powers"])
    assert seen == set(BUILT) and not seen & set(NOT_BUILT)


def test_no_worker_when_preparing_for_spring_with_a_power() -> None:
    s = Scenario(
        pos(
            {"power": "stoats", "placed": ["basic_3_twigs", "basic_2_resin"]},
            {"placed": ["basic_1_pebble", "basic_1_berry"]},
        ),
        player_powers=True,
    )
    # both can only prepare (answered by the rules); only the player without a power gains one
    assert s.prompt.params["season"] == "spring"
    assert s.player(0).season == 1 and s.player(0).workers == 2
    assert s.player(1).season == 1 and s.player(1).workers == 3


def test_position_in_summer_counts_the_missing_spring_worker() -> None:
    s = Scenario(pos({"power": "stoats", "season": 2}, {"season": 2}), player_powers=True)
    assert s.player(0).workers == 3 and s.player(1).workers == 4


# --------------------------------------------------------------------------------- butterflies
def test_butterflies_hold_up_to_twelve_cards() -> None:
    hand = ["king", "queen", "farm", "mine", "crane", "ruins", "wife", "husband"]
    s = Scenario(
        pos({"power": "butterflies", "hand": list(hand)}, {"hand": ["inn"] * 8}, deck=["lookout"] * 6),
        player_powers=True,
    )
    assert len(s.game.draw(0, 6)) == 4 and len(s.player(0).hand) == 12
    assert s.game.draw(1, 2) == []


def test_butterflies_go_first_in_a_position() -> None:
    s = Scenario(pos({}, {"power": "butterflies"}), player_powers=True)
    assert s.game.order == [1, 0]


# -------------------------------------------------------------------------------------- stoats
def test_stoats_turn_three_cards_into_a_pebble_after_a_play() -> None:
    s = Scenario(
        pos(
            {"power": "stoats", "hand": ["historian", "king", "queen", "mine", "crane"], "res": {"berry": 2}},
            {},
        ),
        player_powers=True,
    )
    s.answer("play:h:historian")
    assert s.prompt.key == "everdell.prompt.stoats"
    assert set(s.ids()) == {"stoats:twig", "stoats:resin", "stoats:berry", "stoats:pebble", "none"}
    assert s.player(0).res["berry"] == 0  # the card is already paid for
    s.answer("stoats:pebble")
    assert s.prompt.key == "everdell.prompt.stoats_discard"
    assert (s.prompt.min, s.prompt.max) == (3, 3)
    s.answer("king", "queen", "mine")
    assert s.player(0).res["pebble"] == 1 and s.player(0).hand == ["crane"]
    assert sorted(s.game.discard) == ["king", "mine", "queen"]
    assert s.city(0) == ["historian"]


def test_stoats_two_cards_for_a_berry_or_decline() -> None:
    s = Scenario(
        pos({"power": "stoats", "hand": ["historian", "king", "queen"], "res": {"berry": 2}}, {}),
        player_powers=True,
    )
    s.answer("play:h:historian")
    assert "stoats:pebble" not in s.ids()  # 2 cards left: not enough for a pebble
    s.answer("stoats:berry")  # both cards go, nothing to choose
    assert s.player(0).res["berry"] == 1 and s.player(0).hand == []

    s = Scenario(
        pos({"power": "stoats", "hand": ["historian", "king", "queen"], "res": {"berry": 2}}, {}),
        player_powers=True,
    )
    s.answer("play:h:historian")
    s.answer("none")
    assert s.player(0).hand == ["king", "queen"] and s.prompt.seat == 1


def test_stoats_not_offered_without_cards_or_without_the_power() -> None:
    s = Scenario(
        pos({"power": "stoats", "hand": ["historian", "king"], "res": {"berry": 2}}, {}),
        player_powers=True,
    )
    s.answer("play:h:historian")
    assert s.prompt.key == "everdell.prompt.action" and s.prompt.seat == 1
    s = Scenario(
        pos({"power": "butterflies", "hand": ["historian", "king", "queen"], "res": {"berry": 2}}, {}),
        player_powers=True,
    )
    s.answer("play:h:historian")
    assert s.prompt.key == "everdell.prompt.action" and s.prompt.seat == 1


# ---------------------------------------------------------------------------------- random play
@pytest.mark.parametrize("chunk", range(4))
def test_random_games_with_powers(chunk: int) -> None:
    """200 random 2-4 player games with powers end properly; every tenth replays identically."""
    for i in range(chunk * 50, chunk * 50 + 50):
        players = 2 + i % 3
        match = play_out(players, 50_000 + i, player_powers=True)
        g = game_of(match)
        result = match.result()
        assert match.finished and result is not None and len(result.scores) == players
        assert all(pl.passed for pl in g.players)
        assert all(len(pl.hand) <= pl.hand_limit for pl in g.players)
        assert all(pl.power in BUILT for pl in g.players if pl.power)
        if i % 10 == 0:
            check_replay(match)
            check_views(match)


def test_heuristic_bots_answer_power_prompts() -> None:
    from engine.games.everdell.bots import POLICIES
    from tests.engine.everdell.helpers import drive

    for players in (1, 2, 4):
        match = Match("everdell", seats_for(players), {"player_powers": True}, 9 + players)
        drive(match, [POLICIES["heuristic"](i, 9) for i in range(len(match.seats))])
        assert match.finished


# ------------------------------------------------------------------------------------- spiders
def spider_pos(**extra: object) -> dict:
    return pos({"power": "spiders"}, {"hand": ["king"]}, spiders_at="basic_3_twigs", **extra)


def test_spiders_play_last_and_gain_when_the_figure_is_visited() -> None:
    s = Scenario(spider_pos(), player_powers=True)
    assert s.game.order == [1, 0] and s.prompt.seat == 1
    s.answer("place:basic_3_twigs")
    assert s.prompt.key == "everdell.prompt.spiders_gain" and s.prompt.seat == 0
    assert set(s.ids()) == {"twig", "resin", "pebble", "berry"}
    s.answer("berry")
    assert s.player(0).res["berry"] == 1 and s.player(0).hand == ["king"]  # the top deck card
    assert s.prompt.key == "everdell.prompt.spiders_move"
    assert "at:basic_3_twigs" not in s.ids() and "at:haven" in s.ids() and "at:journey_2" in s.ids()
    s.answer("at:haven")
    assert s.game.spiders_at == "haven"
    assert s.game.view(1)["players"][0]["spiders_at"] == "haven"
    assert s.player(1).res["twig"] == 3  # the visitor keeps the location's reward


def test_spiders_take_only_a_missing_kind_and_also_on_their_own_visit() -> None:
    s = Scenario(
        pos(
            {"power": "spiders", "res": {"twig": 1, "resin": 1, "pebble": 1}},
            {},
            spiders_at="basic_3_twigs",
        ),
        player_powers=True,
    )
    s.answer("place:basic_2_resin")  # seat 1: not the figure's location, nothing happens
    assert s.prompt.key == "everdell.prompt.action" and s.prompt.seat == 0
    s.answer("place:basic_3_twigs")
    assert s.player(0).res["twig"] == 4
    assert s.player(0).res["berry"] == 1  # the one missing kind, taken without a question
    assert len(s.player(0).hand) == 1 and s.prompt.key == "everdell.prompt.spiders_move"


def test_spiders_figure_is_placed_after_the_hands_at_setup() -> None:
    for seed in range(30):
        match = powered(2, seed, prefer="spiders")
        g = game_of(match)
        spider = next((pl.seat for pl in g.players if pl.power == "spiders"), None)
        if spider is None:
            continue
        [prompt] = match.prompts()
        assert prompt.key == "everdell.prompt.spiders_place" and prompt.seat == spider
        assert all(pl.hand for pl in g.players) and g.order[-1] == spider
        match.submit(spider, ("at:basic_2_resin",), pid=prompt.pid)
        assert g.spiders_at == "basic_2_resin"
        return
    raise AssertionError("no seed dealt the Spiders")


def test_spiders_are_never_dealt_against_nightweave() -> None:
    from engine.games.everdell.game import EverdellGame
    from engine.games.everdell.player_powers import pool

    chosen = normalize_options({"opponent": "nightweave", "player_powers": True}, 1)
    assert chosen["player_powers"] is True  # allowed; the Lair's own tests play them out
    g = EverdellGame(seats_for(2), {"opponent": "nightweave", "player_powers": True}, 1)
    assert "spiders" not in pool(g) and "spiders" in pool(EverdellGame(seats_for(2), {}, 1))


# ---------------------------------------------------------------------------------------- pigs
def answer_setup(match: Match) -> None:
    """Answers every setup prompt but the Pigs' free Farm (the figure goes to the first spot)."""
    while True:
        prompts = [p for p in match.prompts() if p.key == "everdell.prompt.spiders_place"]
        if not prompts:
            return
        match.submit(prompts[0].seat, (prompts[0].options[0].id,), pid=prompts[0].pid)


def test_pigs_take_every_farm_and_may_play_one_free_at_the_start() -> None:
    for seed in range(30):
        match = powered(2, seed, prefer="pigs")
        g = game_of(match)
        owner = next((pl.seat for pl in g.players if pl.power == "pigs"), None)
        if owner is None:
            continue
        answer_setup(match)
        assert g.pig_pile == ["farm"] * 8
        assert "farm" not in g.deck and "farm" not in g.meadow and None not in g.meadow
        [prompt] = match.prompts()
        assert prompt.key == "everdell.prompt.pigs_free" and prompt.seat == owner
        match.submit(owner, ("yes",), pid=prompt.pid)
        assert [c.card for c in g.players[owner].city] == ["farm"]
        assert g.players[owner].res["berry"] == 1 and len(g.pig_pile) == 7  # paid nothing
        assert g.view(1 - owner)["players"][owner]["farm_pile"] == 7
        return
    raise AssertionError("no seed dealt the Pigs")


def test_an_opponent_buys_from_the_pile_and_the_pigs_score() -> None:
    s = Scenario(
        pos({"power": "pigs"}, {"res": {"twig": 2, "resin": 1}}, pig_pile=["farm", "farm"]),
        player_powers=True,
    )
    s.answer("place:basic_1_berry")
    assert "play:pile" in s.ids() and s.prompt.seat == 1
    s.answer("play:pile")
    assert s.city(1) == ["farm"] and s.player(1).res["twig"] == 0 and s.player(1).res["berry"] == 1
    assert s.player(0).tokens == 2 and s.game.pig_pile == ["farm"]
    assert "farm" not in s.player(1).hand


def test_pigs_buying_their_own_farm_score_nothing_and_farms_take_no_space() -> None:
    city = ["mine", "inn", "school", "chapel", "castle", "palace", "theatre", "lookout", "university"]
    city += ["courthouse", "cemetery", "monastery", "ever_tree", "dungeon", "storehouse"]
    s = Scenario(
        pos(
            {"power": "pigs", "res": {"twig": 2, "resin": 1}, "city": [*city, "farm"]},
            {},
            pig_pile=["farm"],
        ),
        player_powers=True,
    )
    assert s.game.used_spaces(s.player(0)) == 15
    assert "play:pile" in s.ids()  # a full city still takes the Pigs' Farm
    s.answer("play:pile")
    assert s.player(0).tokens == 0 and s.city(0).count("farm") == 2 and s.game.pig_pile == []


def test_pigs_offered_a_free_farm_after_each_prepare() -> None:
    s = Scenario(
        pos(
            {"power": "pigs", "placed": ["basic_3_twigs", "basic_2_resin"]},
            {"placed": ["basic_1_pebble", "basic_1_berry"]},
            pig_pile=["farm", "farm"],
        ),
        player_powers=True,
    )
    assert s.prompt.key == "everdell.prompt.pigs_free" and s.player(0).season == 1
    s.answer("no")
    assert s.city(0) == [] and s.game.pig_pile == ["farm", "farm"]
    assert s.player(0).workers == 2  # no spring worker with a power
