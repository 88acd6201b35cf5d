"""Scenarios for the rules of the Farshore rulebook, one behaviour each."""

from __future__ import annotations

import pytest

from engine.games.farshore.scoring import map_points

from .helpers import answer, arranged, ids, keep_all, prompt, put, set_tiles


def test_map_scoring_examples_from_the_rulebook() -> None:
    assert map_points([2]) == 2
    assert map_points([2, 1]) == 6
    assert map_points([1, 2, 0]) == 9
    assert map_points([2, 2, 1, 1, 1, 0]) == 42
    assert map_points([2, 2, 1, 1, 1]) == 35  # so a 0 tile is still worth taking
    assert map_points([2] * 6) == 72


def test_turn_offers_the_three_actions_and_placement_spaces() -> None:
    game = arranged(2)
    keep_all(game)
    options = ids(game)
    assert {"place:dock", "place:lookout"} <= set(options)
    assert all(f"place:{s.id}" in options for s in game.content.shores)
    assert all(f"place:{i}" in options for i in game.islands)
    assert "prepare" not in options and "pass" not in options  # workers left, not autumn
    assert "place:dunes" not in options  # nothing to claim yet


def test_shore_is_exclusive_dock_is_not() -> None:
    game = arranged(2)
    keep_all(game)
    answer(game, "place:shore_driftwood")
    assert game.players[0].res["driftwood"] == 2
    assert "place:shore_driftwood" not in ids(game)  # seat 1 is blocked
    answer(game, "place:dock")
    game.submit(1, ())  # discards nothing: the Dock gives nothing
    assert "place:dock" in ids(game)  # unlimited: seat 0 joins seat 1's worker there
    answer(game, "place:dock")
    game.submit(0, ())
    assert "place:dock" in ids(game)  # and a player's second worker too


def test_dock_discards_up_to_three_for_any_resources() -> None:
    game = arranged(2)
    game.players[0].hand = ["grove", "pirate", "inn", "sloop"]
    keep_all(game)
    answer(game, "place:dock")
    p = prompt(game)
    assert p.max == 3 and p.min == 0
    answer(game, "grove", "inn", "pirate")
    answer(game, "driftwood+mushroom+mushroom")
    me = game.players[0]
    assert me.hand == ["sloop"] and me.res["mushroom"] == 2 and me.res["driftwood"] == 1 and me.treasure == 0
    assert {"grove", "inn", "pirate"} <= set(game.discard)


def test_lookout_discards_then_draws_from_deck_and_bay_to_the_hand_limit() -> None:
    game = arranged(2)
    game.players[0].hand = ["grove", "pirate", "inn"]
    keep_all(game)
    answer(game, "place:lookout")
    answer(game, "pirate")
    bay_card = game.bay_names()[0]
    answer(game, f"bay:{bay_card}")
    assert len(game.bay) in (7, 8)
    answer(game, "deck_all")
    assert len(game.players[0].hand) == 8
    assert len(game.bay) == 8  # refilled after the drawing


def test_hand_limit_stops_draws() -> None:
    game = arranged(2)
    game.players[0].hand = ["grove"] * 7
    keep_all(game)
    assert game.draw(0, 3) == 1 and len(game.players[0].hand) == 8
    assert game.draw(0, 2) == 0


def test_empty_deck_reshuffles_the_discard_mid_draw() -> None:
    game = arranged(2)
    keep_all(game)
    game.players[0].hand = []
    game.deck = ["sloop"]
    game.discard = ["grove", "inn", "pirate"]
    assert game.draw(0, 3) == 3
    assert game.players[0].hand[0] == "sloop" and len(game.deck) == 1 and game.discard == []


def test_treasure_pays_for_any_resource() -> None:
    game = arranged(2)
    me = game.players[0]
    me.hand = ["sloop"]  # 2 driftwood, 1 seaweed
    me.res["driftwood"] = 1
    me.treasure = 2
    set_tiles(game, "rose_red", "rose_unique")
    keep_all(game)
    events = answer(game, "play:hand:sloop")  # the only way to pay: asked no question
    assert [e.data["paid"] for e in events if e.kind == "play"] == ["pay:1.0.0.0:2"]
    assert me.res["driftwood"] == 0 and me.treasure == 1  # the Sloop sailed past a chest
    assert [v.card for v in me.village] == ["sloop"]


def test_anchor_plays_a_critter_free_on_a_same_colour_construction() -> None:
    game = arranged(2)
    me = game.players[0]
    (grove,) = put(game, 0, "grove")  # green Construction
    put(game, 0, "sloop")  # bronze: no help to a green Critter
    me.hand = ["diver", "diver"]
    keep_all(game)
    events = answer(game, "play:hand:diver")  # no mushrooms: the Anchor is the only way
    assert [e.data["paid"] for e in events if e.kind == "play"] == [f"anchor:{grove.uid}"]
    assert grove.anchor and me.anchors == 2
    while prompt(game).seat == 0:  # the Diver's own effect
        answer(game, ids(game)[0])
    answer(game, "place:dock")
    game.submit(1, ())
    assert "play:hand:diver" not in ids(game)  # the Grove holds one Anchor only


def test_three_anchors_for_the_whole_game() -> None:
    game = arranged(2)
    game.players[0].anchors = 0
    put(game, 0, "grove")
    game.players[0].hand = ["kelp_farmer"]
    keep_all(game)
    assert "play:hand:kelp_farmer" not in ids(game)


def test_unique_only_once_and_village_limit_except_spaceless_cards() -> None:
    game = arranged(2)
    me = game.players[0]
    put(game, 0, "pirate")
    me.hand = ["pirate", "grove", "castaway"]
    me.res.update(driftwood=9, seaweed=9, stone=9, mushroom=9)
    put(game, 0, *["stone_cove"] * 14)  # 15 spaces used
    keep_all(game)
    options = ids(game)
    assert "play:hand:pirate" not in options and "play:hand:grove" not in options
    assert "play:hand:castaway" in options  # takes no village space


def test_green_activates_when_played_blue_does_not_trigger_itself() -> None:
    game = arranged(2)
    me = game.players[0]
    me.hand = ["grove", "lighthouse_keeper"]
    me.res.update(driftwood=3, seaweed=3, mushroom=3)
    set_tiles(game, "rose_red", "rose_unique")
    keep_all(game)
    answer(game, "play:hand:lighthouse_keeper")
    answer(game, ids(game)[0]) if prompt(game).seat == 0 else None
    assert me.tokens == 0  # a Blue card never triggers on its own play
    answer(game, "place:dock")
    game.submit(1, ())
    answer(game, "play:hand:grove")
    if prompt(game).seat == 0:
        answer(game, ids(game)[0])
    assert me.tokens == 1  # Lighthouse Keeper: a Construction was played
    assert me.res["mushroom"] >= 1  # the Grove produced once on being played


def test_red_destination_only_in_own_village_one_worker() -> None:
    game = arranged(2)
    (inn,) = put(game, 1, "inn")
    (mine,) = put(game, 0, "tide_pool")
    keep_all(game)
    options = ids(game)
    assert f"place:card:{inn.uid}" not in options and f"place:card:{mine.uid}" in options
    answer(game, f"place:card:{mine.uid}")
    assert game.players[0].res["seaweed"] == 1 and game.players[0].res["stone"] == 1
    answer(game, "place:dock")
    game.submit(1, ())
    assert f"place:card:{mine.uid}" not in ids(game)


def test_inn_plays_a_bay_card_for_three_fewer() -> None:
    game = arranged(2)
    (inn,) = put(game, 0, "inn")
    game.bay[0] = ["galleon"]  # 3 driftwood 2 stone
    me = game.players[0]
    me.res.update(stone=2, driftwood=1)
    keep_all(game)
    answer(game, f"place:card:{inn.uid}")
    answer(game, "bay:galleon")
    assert {o.id for o in prompt(game).options} == {"pay:0.0.2.0:0", "pay:1.0.1.0:0"}
    answer(game, "pay:0.0.2.0:0")
    assert any(v.card == "galleon" for v in me.village) and me.res["stone"] == 0 and me.res["driftwood"] == 1
    assert len(game.bay) == 8


def test_compass_moves_the_boat_one_or_two_and_chests_give_treasure() -> None:
    game = arranged(2)
    me = game.players[0]
    me.hand = ["grove", "stone_cove"]
    me.res.update(driftwood=2, seaweed=2)
    set_tiles(game, "rose_green", "rose_construction")
    keep_all(game)
    answer(game, "play:hand:grove")  # green + construction: 2 spaces, passes the chest at 2
    assert me.boat == 2 and me.treasure == 1


def test_boat_stops_at_the_sixty_point_space() -> None:
    game = arranged(2)
    keep_all(game)
    last = len(game.content.track_points) - 1
    game.players[0].boat = last - 1
    list(game.move_boat(0, 5, compass=False))
    assert game.players[0].boat == last and game.content.track_points[last] == 60


def test_navigator_draws_on_compass_moves_only() -> None:
    game = arranged(2)
    me = game.players[0]
    put(game, 0, "navigator")
    me.hand = ["sloop", "grove"]
    me.res.update(driftwood=9, seaweed=9, stone=9)
    set_tiles(game, "rose_blue", "rose_critter")  # neither card matches: Sloop moves by itself
    keep_all(game)
    answer(game, "play:hand:sloop")
    assert me.boat == 2 and len(me.hand) == 1  # no draw: not Compass Rose movement
    answer(game, "place:dock")
    game.submit(1, ())
    set_tiles(game, "rose_green", "rose_critter")
    answer(game, "play:hand:grove")
    answer(game, "pay:1.1.0.0:0")  # the chest's Treasure could pay too
    assert me.boat == 3 and len(me.hand) == 0
    prompt = game.prompt_for(0)
    assert prompt is not None and prompt.key == "farshore.prompt.may" and prompt.params["card"] == "navigator"
    answer(game, "use")
    assert len(me.hand) == 1  # Navigator drew one card


def test_the_navigator_draw_may_be_declined() -> None:
    """p9: the Navigator's player *may* draw 1 after a Compass Rose move: asked, and refusable."""
    game = arranged(2)
    me = game.players[0]
    put(game, 0, "navigator")
    me.hand = ["grove"]
    me.res.update(driftwood=9, seaweed=9, stone=9)
    set_tiles(game, "rose_green", "rose_critter")
    keep_all(game)
    deck = len(game.deck)
    answer(game, "play:hand:grove")  # (one way to pay: taken without a question)
    prompt = game.prompt_for(0)
    assert prompt is not None and [o.id for o in prompt.options] == ["use", "skip"]
    answer(game, "skip")
    assert me.hand == [] and len(game.deck) == deck


def test_dunes_claims_the_top_map_once_per_type() -> None:
    game = arranged(2)
    put(game, 0, "grove", "stone_cove", "sand_sled", "merchant")  # four Green
    keep_all(game)
    answer(game, "place:dunes")
    assert [o.id for o in prompt(game).options] == ["map_green"]
    answer(game, "map_green")
    assert game.players[0].maps == {"map_green": 2} and game.map_stacks["map_green"] == [1]
    answer(game, "place:dock")
    game.submit(1, ())
    assert "place:dunes" not in ids(game)  # one Map of each type


def test_prepare_only_with_all_workers_placed_and_gives_a_worker() -> None:
    game = arranged(2)
    game.players[0].hand = []
    keep_all(game)
    for _ in range(2):
        assert "prepare" not in ids(game)
        answer(game, "place:dock")
        while prompt(game).seat == 1 or prompt(game).key != "farshore.prompt.action":
            p = prompt(game)
            game.submit(
                p.seat,
                ("place:lookout",)
                if p.key == "farshore.prompt.action"
                else (p.options[0].id,)
                if p.min
                else (),
            )
    assert "prepare" in ids(game)
    answer(game, "prepare")
    me = game.players[0]
    assert me.season == 1 and me.workers == 3 and me.placed == []


def _finish_season(game, seat: int) -> None:  # type: ignore[no-untyped-def]
    game.players[seat].placed = ["dock"] * game.players[seat].workers


def test_spring_activates_greens_in_the_chosen_order() -> None:
    game = arranged(2)
    put(game, 0, "grove", "sand_sled")
    _finish_season(game, 0)
    keep_all(game)
    answer(game, "prepare")
    p = prompt(game)
    assert p.kind == "order" and p.key == "farshore.prompt.production"
    answer(game, *[o.id for o in reversed(p.options)])
    me = game.players[0]
    assert me.res["mushroom"] == 1 and me.res["driftwood"] == 2


def test_last_to_prepare_brings_winds_of_change() -> None:
    game = arranged(2)
    tops = (game.compass_a[0], game.compass_b[0])
    _finish_season(game, 0)
    _finish_season(game, 1)
    keep_all(game)
    answer(game, "prepare")
    assert (game.compass_a[0], game.compass_b[0]) == tops  # seat 1 has not prepared yet
    events = answer(game, "prepare")
    assert any(e.kind == "winds" for e in events)
    assert game.compass_a[-1] == tops[0] and game.compass_b[-1] == tops[1]


def test_summer_draws_two_from_the_bay_and_high_tide_flips_two_islands() -> None:
    game = arranged(3)
    for pl in game.players:
        pl.season, pl.workers = 1, 3
        pl.hand = []
    game.prepared[1] = {0, 1, 2}
    game.occupant[game.islands[0]] = 2
    game.players[2].placed = [game.islands[0]]
    _finish_season(game, 0)
    _finish_season(game, 1)
    game.players[2].placed += ["dock"] * 2
    keep_all(game)
    answer(game, "prepare")
    first = game.bay_names()[0]
    answer(game, f"bay:{first}")
    answer(game, ids(game)[0])
    assert len(game.players[0].hand) == 2 and len(game.bay) == 8
    answer(game, "prepare")
    answer(game, ids(game)[0])
    answer(game, ids(game)[0])
    answer(game, "prepare")  # seat 2 is the last for Summer
    for _ in range(2):
        answer(game, ids(game)[0])
    p = prompt(game)
    assert p.key == "farshore.prompt.high_tide" and p.min == p.max == 2
    answer(game, game.islands[1], game.islands[2])
    assert [game.island_up[i] for i in game.islands] == [True, False, False]


def test_high_tide_keeps_workers_on_flipped_islands_until_they_prepare() -> None:
    game = arranged(2)
    keep_all(game)
    isle = game.islands[0]
    answer(game, f"place:{isle}")
    while prompt(game).seat == 0:
        answer(game, ids(game)[0])
    game.island_up[isle] = False
    assert game.occupant[isle] == 0 and isle in game.players[0].placed
    assert f"place:{isle}" not in ids(game)


def test_autumn_pass_and_passed_players_receive_nothing() -> None:
    game = arranged(2)
    for pl in game.players:
        pl.season = 3
        pl.workers = 5
    game.prepared = [set(), {0, 1}, {0, 1}, {0, 1}]
    game.players[0].hand = []
    put(game, 1, "customs_house")
    game.players[1].hand = ["grove", "stone_cove"]
    game.players[1].res.update(driftwood=5, seaweed=5)
    keep_all(game)
    assert "pass" in ids(game) and "prepare" not in ids(game)
    answer(game, "pass")
    assert game.players[0].passed
    answer(game, "play:hand:grove")
    while prompt(game).key != "farshore.prompt.give":
        answer(game, ids(game)[0])
    answer(game, "stone_cove")  # nobody can take it: discarded, the benefit still comes
    assert game.players[0].hand == [] and "stone_cove" in game.discard
    answer(game, "driftwood")
    assert game.players[1].res["driftwood"] >= 1


def test_final_score_and_tie_break_by_boat() -> None:
    game = arranged(2)
    keep_all(game)
    a, b = game.players
    put(game, 0, "galleon")  # 3 points, +1 per Treasure
    a.treasure, a.tokens, a.maps, a.boat = 2, 1, {"map_green": 2, "map_blue": 1}, 2
    assert game.score(0) == 3 + 2 + 1 + 4 + 6 + game.content.track_points[2]
    b.tokens = game.score(0) - game.content.track_points[5]
    b.boat = 5
    a.passed = b.passed = True
    game.finished = True
    result = game.result()
    assert result is not None and result.scores[0] == result.scores[1]
    assert result.winners == (1,)


@pytest.mark.parametrize("key,index", [("maps", 2), ("treasure", 3), ("res", 4)])
def test_tie_break_order(key: str, index: int) -> None:
    from engine.games.farshore.scoring import tiebreak

    game = arranged(2)
    keep_all(game)
    base = tiebreak(game, 0, 10)
    assert base == tiebreak(game, 1, 10)
    if key == "maps":
        game.players[0].maps = {"map_green": 0}
    elif key == "treasure":
        game.players[0].treasure = 1
    else:
        game.players[0].res["stone"] = 1
    assert tiebreak(game, 0, 10)[index] > tiebreak(game, 1, 10)[index]
    assert tiebreak(game, 0, 10)[:index] == tiebreak(game, 1, 10)[:index]


def test_carrier_pigeon_plays_one_drawn_card_free_except_purple() -> None:
    game = arranged(2)
    me = game.players[0]
    me.hand = ["carrier_pigeon"]
    me.res["mushroom"] = 1
    game.deck += ["galleon", "pirate"]
    set_tiles(game, "rose_red", "rose_unique")
    keep_all(game)
    answer(game, "play:hand:carrier_pigeon")
    p = prompt(game)
    assert p.key == "farshore.prompt.play_free"
    assert {o.id for o in p.options} == {"hand:pirate", "skip"}  # the Galleon is Purple
    answer(game, "hand:pirate")
    assert any(v.card == "pirate" for v in me.village) and me.res["mushroom"] == 0


def test_autumn_draws_two_then_activates_greens() -> None:
    game = arranged(2)
    me = game.players[0]
    me.season, me.workers = 2, 4
    game.prepared = [set(), {0, 1}, {0, 1}, set()]
    put(game, 0, "grove")
    me.hand = []
    _finish_season(game, 0)
    keep_all(game)
    answer(game, "prepare")
    bay_card = game.bay_names()[0]
    answer(game, f"bay:{bay_card}")
    answer(game, "deck")
    assert len(me.hand) == 2 and bay_card in me.hand
    assert me.res["mushroom"] == 1 and me.season == 3 and me.workers == 5
    assert len(game.bay) == 8


def test_two_player_high_tide_turns_both_islands_down() -> None:
    game = arranged(2)
    for pl in game.players:
        pl.season, pl.workers, pl.hand = 1, 3, []
    game.prepared = [set(), {0, 1}, {1}, set()]
    _finish_season(game, 0)
    keep_all(game)
    answer(game, "prepare")
    for _ in range(2):
        answer(game, ids(game)[0])
    assert not any(game.island_up.values())
    assert all(not opt.startswith("place:isle") for opt in ids(game))


def test_storehouse_keeps_resources_and_gives_two_each_activation() -> None:
    game = arranged(2)
    me = game.players[0]
    me.hand = ["storehouse"]
    me.res.update(driftwood=1, seaweed=1, stone=1)
    set_tiles(game, "rose_red", "rose_common")
    keep_all(game)
    answer(game, "play:hand:storehouse")
    answer(game, "mushroom+mushroom")
    (store,) = me.village
    assert me.res["mushroom"] == 2 and store.stock == {
        "driftwood": 2,
        "seaweed": 2,
        "stone": 2,
        "mushroom": 0,
    }


def test_post_office_discards_then_plays_that_many_cheaper() -> None:
    game = arranged(2)
    (post,) = put(game, 0, "post_office")
    me = game.players[0]
    me.hand = ["grove", "pirate", "sloop"]
    me.res.update(driftwood=1)
    set_tiles(game, "rose_red", "rose_unique")
    keep_all(game)
    answer(game, f"place:card:{post.uid}")
    answer(game, "grove", "pirate")
    p = prompt(game)
    assert "hand:sloop" in {o.id for o in p.options}  # 3 resources, 2 fewer: 1 driftwood left
    answer(game, "hand:sloop")
    assert any(v.card == "sloop" for v in me.village) and me.res["driftwood"] == 0


def test_sailor_squirrel_activates_one_green() -> None:
    game = arranged(2)
    put(game, 0, "sand_sled")
    me = game.players[0]
    me.hand = ["sailor_squirrel"]
    me.res["mushroom"] = 2
    set_tiles(game, "rose_red", "rose_unique")
    keep_all(game)
    answer(game, "play:hand:sailor_squirrel")
    assert me.res["driftwood"] == 2  # the only Green card, activated without a question


def test_giving_a_card_reaches_an_opponent_with_room_privately() -> None:
    game = arranged(3)
    put(game, 0, "customs_house")
    me = game.players[0]
    me.hand = ["grove", "pirate"]
    me.res.update(driftwood=1, seaweed=1)
    game.players[1].hand = ["inn"] * 8  # no room
    set_tiles(game, "rose_red", "rose_unique")
    keep_all(game)
    answer(game, "play:hand:grove")
    events = answer(game, "pirate")  # only seat 2 has room: no question who
    assert "pirate" in game.players[2].hand
    assert [(e.kind, e.to) for e in events if e.kind in ("give", "given", "received")] == [
        ("give", None),
        ("given", 0),
        ("received", 2),
    ]
    assert "card" not in next(e for e in events if e.kind == "give").data


def test_diver_trades_and_treasure_may_pay() -> None:
    game = arranged(2)
    put(game, 0, "diver")
    me = game.players[0]
    me.res["seaweed"], me.treasure = 1, 1
    _finish_season(game, 0)
    keep_all(game)
    answer(game, "prepare")  # Spring: the Diver produces
    p = prompt(game)
    assert p.key == "farshore.prompt.trade"
    assert {o.id for o in p.options} == {"0:0", "1:0", "1:1", "2:1"}
    answer(game, "2:1")
    assert me.res["seaweed"] == 0 and me.treasure == 0 and me.res["stone"] == 2


def test_playing_from_a_bay_stack_leaves_the_other_copies() -> None:
    game = arranged(2)
    game.bay[0] = ["kelp_farmer", "kelp_farmer"]
    me = game.players[0]
    me.res["mushroom"] = 1
    set_tiles(game, "rose_red", "rose_unique")
    keep_all(game)
    answer(game, "play:bay:kelp_farmer")
    assert game.bay[0] == ["kelp_farmer"] and len(game.bay) == 8
