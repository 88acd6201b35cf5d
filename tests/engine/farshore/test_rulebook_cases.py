"""Cases from the Farshore rulebook (Portuguese v1.0, pages 2-11) not covered in test_rules.py,
one rule each. Every position is built here; page numbers follow the rulebook's own."""

from __future__ import annotations

from engine.games.farshore.game import FarshoreGame
from engine.games.farshore.scoring import breakdown

from .helpers import answer, arranged, ids, keep_all, prompt, put, set_tiles

# Eight distinct names for an arranged Bay, none of them used by the cases below as hand cards.
BAY = ["scout", "merchant", "windmill", "ferryman", "trading_post", "sea_fort", "captain", "forager"]


def _bay(game: FarshoreGame, names: list[str] = BAY) -> None:
    game.bay = [[c] for c in names]


def _all_placed(game: FarshoreGame, seat: int) -> None:
    game.players[seat].placed = ["dock"] * game.players[seat].workers


def _to_seat_action(game: FarshoreGame, seat: int) -> None:
    """Answer every open prompt with its first option (all of them for an ordering) until `seat`
    is asked for its action."""
    while True:
        p = prompt(game)
        if p.seat == seat and p.key == "farshore.prompt.action":
            return
        if p.ordered:
            game.submit(p.seat, tuple(o.id for o in p.options))
        elif p.key == "farshore.prompt.action":
            game.submit(p.seat, ("place:dock",) if p.offers("place:dock") else (p.options[0].id,))
        else:
            game.submit(p.seat, tuple(o.id for o in p.options[: p.min]))


# -- p2: Treasure and "any resource" -----------------------------------------------------------------
def test_any_resource_is_one_of_the_four_never_treasure() -> None:
    """p2 (Legend): each 'any resource' is Driftwood, Seaweed, Sea Stone or Mushroom, alike or not."""
    game = arranged(2)
    game.players[0].hand = ["grove", "inn"]
    keep_all(game)
    answer(game, "place:dock")
    answer(game, "grove", "inn")
    options = ids(game)
    assert len(options) == 10  # the mixes of two out of four kinds, repeats allowed
    assert "driftwood+driftwood" in options and "seaweed+stone" in options
    assert not any("treasure" in o for o in options)


def test_treasure_pays_a_critters_mushrooms() -> None:
    """p2 (Legend): Treasure stands in for a resource of any type, Mushrooms included."""
    game = arranged(2)
    me = game.players[0]
    me.hand = ["kelp_farmer"]
    me.treasure = 1
    set_tiles(game, "rose_red", "rose_unique")
    keep_all(game)
    assert "play:hand:kelp_farmer" in ids(game)
    answer(game, "play:hand:kelp_farmer")
    assert me.treasure == 0 and me.res["mushroom"] == 0
    assert [v.card for v in me.village] == ["kelp_farmer"]


# -- p5: setup --------------------------------------------------------------------------------------
def test_setup_reveals_one_compass_tile_of_each_pile() -> None:
    """p5 step 4: piles A and B of four tiles each, shuffled apart, the top tile of each face up."""
    from engine.core.seats import SeatSpec

    game = FarshoreGame([SeatSpec("bot", f"B{i}", "random") for i in range(2)], {}, 3)
    events = game.start()
    a = {t for t, _ in game.content.compass_a}
    b = {t for t, _ in game.content.compass_b}
    assert len(a) == len(b) == 4 and set(game.compass_a) == a and set(game.compass_b) == b
    (setup,) = [e for e in events if e.kind == "setup"]
    assert setup.data["compass"] == [game.compass_a[0], game.compass_b[0]]


def test_bay_refill_reshuffles_the_discard_when_the_deck_is_empty() -> None:
    """p8: refilling the Bay from an empty deck shuffles the discard pile into a new deck."""
    game = arranged(2)
    keep_all(game)
    _bay(game, BAY[:7])
    game.deck = []
    game.discard = ["grove", "pirate"]
    game.refill_bay()
    assert len(game.bay) == 8 and game.bay_names()[7] in ("grove", "pirate")
    assert game.discard == [] and len(game.deck) == 1


def test_two_to_four_players_and_no_solo_mode() -> None:
    """p4-5 (Setup): the rulebook covers 2, 3 and 4 players and gives no solo rules."""
    from engine.core.registry import get_game

    definition = get_game("farshore")
    assert (definition.min_players, definition.max_players) == (2, 4)


# -- p6: Place a Worker -----------------------------------------------------------------------------
def test_island_takes_one_worker_at_a_time() -> None:
    """p6 (Island locations): one worker per Island."""
    game = arranged(2)
    keep_all(game)
    isle = game.islands[0]
    answer(game, f"place:{isle}")
    _to_seat_action(game, 1)
    assert game.occupant[isle] == 0 and f"place:{isle}" not in ids(game)
    assert f"place:{game.islands[1]}" in ids(game)


def test_lookout_with_a_full_hand_draws_nothing() -> None:
    """p6 (Lookout) and p8: draws stop at the hand limit of 8."""
    game = arranged(2)
    game.players[0].hand = ["grove"] * 8
    keep_all(game)
    deck = len(game.deck)
    answer(game, "place:lookout")
    answer(game)  # discards nothing
    assert len(game.players[0].hand) == 8 and len(game.deck) == deck
    assert prompt(game).seat == 1  # no drawing question was asked


def test_green_map_needs_four_green_cards() -> None:
    """p6 (Dunes): this Map needs at least 4 Green cards in the village; three are not enough."""
    game = arranged(2)
    put(game, 0, "grove", "stone_cove", "sand_sled")
    keep_all(game)
    assert "place:dunes" not in ids(game)
    put(game, 0, "kelp_farmer")  # a Green Critter counts as well
    assert "map_green" in game.claimable_maps(0)


def test_rainbow_map_needs_one_card_of_every_colour() -> None:
    """p6 (Dunes): this Map needs at least one card of each of the five colours."""
    game = arranged(2)
    put(game, 0, "grove", "landing", "sloop", "inn")  # green, blue, bronze, red
    keep_all(game)
    assert "place:dunes" not in ids(game)
    put(game, 0, "galleon")  # purple
    assert "map_rainbow" in game.claimable_maps(0) and "map_green" not in game.claimable_maps(0)


def test_dunes_give_the_top_tile_and_spend_nothing() -> None:
    """p5 step 2 and p6 (Dunes): 2 players use a 2 and a 1 per type; the claimer takes the top
    tile and keeps the cards that met the requirement."""
    game = arranged(2)
    greens = ("grove", "stone_cove", "sand_sled", "merchant")
    put(game, 0, *greens)
    put(game, 1, *greens)
    keep_all(game)
    answer(game, "place:dunes")
    answer(game, "map_green")
    assert prompt(game).seat == 1 and "place:dunes" in ids(game)
    answer(game, "place:dunes")
    answer(game, "map_green")
    assert game.players[0].maps == {"map_green": 2} and game.players[1].maps == {"map_green": 1}
    assert game.map_stacks["map_green"] == []  # the stack is used up
    assert all(len(p.village) == 4 for p in game.players)


def test_map_points_in_the_final_score() -> None:
    """p7 example 3: Maps of 1, 2 and 0 are each worth their value times three: 9 points."""
    game = arranged(2)
    keep_all(game)
    game.players[0].maps = {"map_green": 1, "map_blue": 2, "map_bronze": 0}
    assert breakdown(game, 0)["maps"] == 9


# -- p7: Anchors ------------------------------------------------------------------------------------
def test_diver_free_with_an_anchor_on_a_storehouse() -> None:
    """p7 (Anchors) example: a Diver can be played free by anchoring a Storehouse."""
    game = arranged(2)
    me = game.players[0]
    (store,) = put(game, 0, "storehouse")
    assert game.card("diver").colour == game.card("storehouse").colour
    me.hand = ["diver"]
    set_tiles(game, "rose_red", "rose_unique")
    keep_all(game)
    events = answer(game, "play:hand:diver")
    assert [e.data["paid"] for e in events if e.kind == "play"] == [f"anchor:{store.uid}"]
    assert store.anchor and me.anchors == 2


def test_an_anchor_needs_a_construction_not_a_critter() -> None:
    """p7 (Anchors): the Anchor goes on a Construction of the Critter's colour."""
    game = arranged(2)
    put(game, 0, "kelp_farmer")  # a Green Critter cannot hold it
    game.players[0].hand = ["diver"]
    keep_all(game)
    assert "play:hand:diver" not in ids(game)


def test_an_anchor_never_pays_for_a_construction() -> None:
    """p7 (Anchors): only Critters are played free with an Anchor."""
    game = arranged(2)
    put(game, 0, "grove")
    game.players[0].hand = ["stone_cove"]  # a Green Construction, unpaid
    keep_all(game)
    assert "play:hand:stone_cove" not in ids(game)


# -- p7: Play a Card in its steps -------------------------------------------------------------------
def test_own_effect_then_other_cards_then_the_boat() -> None:
    """p7 (Sequence) steps 4-6: the new card's effect, then other cards' triggers, then the Boat."""
    game = arranged(2)
    me = game.players[0]
    put(game, 0, "landing")
    me.hand = ["kelp_farmer"]
    me.res["mushroom"] = 1
    set_tiles(game, "rose_green", "rose_critter")
    keep_all(game)
    first = answer(game, "play:hand:kelp_farmer")
    assert [e.data for e in first if e.kind == "gain"] == [{"seaweed": 1}]  # step 4
    assert not any(e.kind == "boat" for e in first)
    assert prompt(game).key == "farshore.prompt.choose"  # step 5: the Landing
    second = answer(game, "0")
    kinds = [e.kind for e in second]
    assert kinds.index("gain") < kinds.index("boat")  # step 6 last
    assert me.res["driftwood"] == 1 and me.boat == 2


def test_the_bay_is_refilled_after_the_boat_moves() -> None:
    """p7 (Sequence) step 7: a card taken from the Bay is replaced last."""
    game = arranged(2)
    _bay(game, ["kelp_farmer", *BAY[:7]])
    me = game.players[0]
    me.res["mushroom"] = 1
    set_tiles(game, "rose_green", "rose_common")
    keep_all(game)
    events = answer(game, "play:bay:kelp_farmer")
    kinds = [e.kind for e in events]
    assert kinds.index("boat") < kinds.index("bay_refill")
    assert me.boat == 2 and len(game.bay) == 8 and game.bay_names()[:7] == BAY[:7]


def test_a_unique_card_in_the_bay_cannot_join_a_village_holding_it() -> None:
    """p8 (Common/Unique): one copy of a Unique card per village, wherever it is played from."""
    game = arranged(2)
    _bay(game, ["pirate", *BAY[:7]])
    put(game, 0, "pirate")
    game.players[0].res["mushroom"] = 9
    keep_all(game)
    assert "play:bay:pirate" not in ids(game) and "play:bay:captain" in ids(game)


def test_red_destination_does_nothing_when_played() -> None:
    """p8 (Destination): a Red card activates only by a worker on it, never when played."""
    game = arranged(2)
    me = game.players[0]
    me.hand = ["tide_pool"]
    me.res["driftwood"] = 2
    set_tiles(game, "rose_blue", "rose_unique")
    keep_all(game)
    answer(game, "play:hand:tide_pool")
    assert me.res == {"driftwood": 0, "seaweed": 0, "stone": 0, "mushroom": 0}
    assert prompt(game).seat == 1


def test_traveler_activates_once_when_played_and_not_in_spring() -> None:
    """p8 (Traveler): a Bronze card acts once when played; Spring activates only Green cards."""
    game = arranged(2)
    me = game.players[0]
    me.hand = ["treasure_hunter"]
    me.res["mushroom"] = 2
    set_tiles(game, "rose_red", "rose_common")
    keep_all(game)
    answer(game, "play:hand:treasure_hunter")
    assert me.treasure == 1
    _all_placed(game, 0)  # before seat 1's turn, so seat 0's next options see it
    answer(game, "place:dock")
    _to_seat_action(game, 0)
    assert "prepare" in ids(game)
    answer(game, "prepare")
    assert me.season == 1 and me.treasure == 1


def test_castaway_draws_only_up_to_the_hand_limit() -> None:
    """p8 (hand limit): draws past 8 cards are not made."""
    game = arranged(2)
    me = game.players[0]
    me.hand = ["castaway"] + ["grove"] * 7
    me.res["mushroom"] = 1
    set_tiles(game, "rose_red", "rose_unique")
    keep_all(game)
    deck = len(game.deck)
    answer(game, "play:hand:castaway")
    assert len(me.hand) == 8 and len(game.deck) == deck - 1


def test_giving_asks_which_opponent_when_several_have_room() -> None:
    """p8 (giving a card): the giver chooses among the players with room in hand."""
    game = arranged(3)
    put(game, 0, "customs_house")
    me = game.players[0]
    me.hand = ["grove", "pirate"]
    me.res.update(driftwood=1, seaweed=1)
    game.players[1].hand = []
    game.players[2].hand = []
    set_tiles(game, "rose_red", "rose_unique")
    keep_all(game)
    answer(game, "play:hand:grove")
    answer(game, "pirate")
    p = prompt(game)
    assert p.key == "farshore.prompt.give_to" and [o.id for o in p.options] == ["seat:1", "seat:2"]
    answer(game, "seat:2")
    assert game.players[2].hand == ["pirate"] and game.players[1].hand == []


def test_may_abilities_can_be_declined() -> None:
    """p8: an ability saying 'may' is optional; declining the Customs House gives nothing."""
    game = arranged(2)
    put(game, 0, "customs_house")
    me = game.players[0]
    me.hand = ["grove", "pirate"]
    me.res.update(driftwood=1, seaweed=1)
    set_tiles(game, "rose_red", "rose_unique")
    keep_all(game)
    answer(game, "play:hand:grove")
    assert "skip" in ids(game)
    answer(game, "skip")
    assert me.hand == ["pirate"] and me.res["mushroom"] == 1  # the Grove's own mushroom only
    assert sum(me.res.values()) == 1 and prompt(game).seat == 1


# -- p9: the Boat -----------------------------------------------------------------------------------
def test_chests_count_when_passed_or_stopped_on() -> None:
    """p9: a Treasure for each chest space the Boat stops on or passes, whatever moved it."""
    game = arranged(2)
    keep_all(game)
    me = game.players[0]
    chests = sorted(game.content.chests)
    list(game.move_boat(0, chests[1], compass=False))  # from the start to the second chest
    assert me.boat == chests[1] and me.treasure == 2
    list(game.move_boat(0, 1, compass=False))
    assert me.treasure == 2  # the next space holds no chest
    assert me.tokens == 0  # moving the Boat earns no point tokens


def test_a_boat_at_sixty_does_not_trigger_compass_abilities() -> None:
    """p9: a Boat on the 60-point space moves no more, so the Navigator has nothing to draw for."""
    game = arranged(2)
    me = game.players[0]
    put(game, 0, "navigator")
    me.hand = ["grove"]
    me.res.update(driftwood=1, seaweed=1)
    me.boat = len(game.content.track_points) - 1
    set_tiles(game, "rose_green", "rose_construction")
    keep_all(game)
    answer(game, "play:hand:grove")
    assert me.hand == [] and me.boat == len(game.content.track_points) - 1
    assert game.content.track_points[me.boat] == 60


def test_guildmaster_example() -> None:
    """p9 example: the Guildmaster with 3 Blue, 2 Red and 3 Bronze cards scores 2 + 8 = 10."""
    game = arranged(2)
    keep_all(game)
    put(game, 0, "guildmaster", "navigator", "landing", "customs_house", "inn", "tide_pool")
    put(game, 0, "sloop", "pirate", "scout")
    parts = breakdown(game, 0)
    assert game.card("guildmaster").points == 2 and parts["prosperity"] == 8


def test_admiral_counts_the_chest_spaces_reached_or_passed() -> None:
    """p7 (card anatomy): the Admiral scores for each chest space the Boat reached or passed."""
    game = arranged(2)
    keep_all(game)
    put(game, 0, "admiral")
    chests = sorted(game.content.chests)
    game.players[0].boat = chests[1]
    assert breakdown(game, 0)["prosperity"] == 2
    game.players[0].boat = chests[1] - 1
    assert breakdown(game, 0)["prosperity"] == 1


def test_unspent_treasure_is_two_points_and_the_galleon_adds_more() -> None:
    """p9: each unspent Treasure is worth 2 at the end; the Galleon adds a bonus for them."""
    game = arranged(2)
    keep_all(game)
    game.players[0].treasure = 3
    assert breakdown(game, 0)["treasure"] == 6 and breakdown(game, 0)["prosperity"] == 0
    put(game, 0, "galleon")
    assert breakdown(game, 0)["treasure"] == 6 and breakdown(game, 0)["prosperity"] == 3


# -- p10: Prepare for Season ------------------------------------------------------------------------
def test_prepare_takes_back_every_worker() -> None:
    """p10: preparing takes back all placed workers, from the board and from Red cards."""
    game = arranged(2)
    me = game.players[0]
    (pool,) = put(game, 0, "tide_pool")
    pool.worker = True
    game.occupant["shore_stone"] = 0
    me.placed = ["shore_stone", f"card:{pool.uid}"]
    keep_all(game)
    answer(game, "prepare")
    assert me.placed == [] and me.available == 3 and not pool.worker
    assert game.occupant["shore_stone"] is None and "place:shore_stone" in ids(game)


def test_seasons_are_per_player() -> None:
    """p10 (Important): only the player who prepares changes season; the others play on."""
    game = arranged(2)
    game.players[0].hand = []
    _all_placed(game, 0)
    keep_all(game)
    answer(game, "prepare")
    other = game.players[1]
    assert game.players[0].season == 1 and other.season == 0 and other.workers == 2
    assert prompt(game).seat == 1 and "prepare" not in ids(game) and "place:dock" in ids(game)


def test_workers_grow_from_two_to_five_and_autumn_is_the_last_season() -> None:
    """p4/p10: 2 workers in Winter, one more at each Prepare; Autumn is the last to prepare for."""
    game = arranged(2)
    for p in game.players:
        p.hand = []
    seen = [game.players[0].workers]
    _all_placed(game, 0)
    keep_all(game)
    for _ in range(3):
        answer(game, "prepare")
        seen.append(game.players[0].workers)
        _all_placed(game, 0)  # arranged before seat 0's next options are built
        _to_seat_action(game, 0)
    assert seen == [2, 3, 4, 5] and game.players[0].season == 3
    assert "prepare" not in ids(game) and "pass" in ids(game)


def test_summer_does_not_activate_green_cards() -> None:
    """p10: Summer's bonus is two cards from the Bay; Green cards produce in Spring and Autumn."""
    game = arranged(2)
    me = game.players[0]
    me.season, me.workers, me.hand = 1, 3, []
    put(game, 0, "grove")
    _all_placed(game, 0)
    keep_all(game)
    _bay(game)
    answer(game, "prepare")
    answer(game, "bay:scout")
    answer(game, "bay:merchant")
    assert sorted(me.hand) == ["merchant", "scout"] and me.res["mushroom"] == 0


def test_summer_refills_the_bay_only_after_both_cards() -> None:
    """p10 (Summer): the empty spaces are refilled after both cards are drawn."""
    game = arranged(2)
    me = game.players[0]
    me.season, me.workers, me.hand = 1, 3, []
    _all_placed(game, 0)
    keep_all(game)
    _bay(game)
    answer(game, "prepare")
    answer(game, "bay:scout")
    assert len(game.bay) == 7 and "deck" not in ids(game)  # Summer draws from the Bay only
    answer(game, "bay:merchant")
    assert len(game.bay) == 8


def test_summer_draws_stop_at_the_hand_limit() -> None:
    """p10 (Summer): two cards from the Bay if possible; with 7 in hand only one comes."""
    game = arranged(2)
    me = game.players[0]
    me.season, me.workers, me.hand = 1, 3, ["grove"] * 7
    _all_placed(game, 0)
    keep_all(game)
    _bay(game)
    answer(game, "prepare")
    answer(game, "bay:scout")
    assert len(me.hand) == 8 and prompt(game).seat == 1


def test_winds_of_change_show_every_tile_once() -> None:
    """p10 (Winds of Change): the top tiles go under their piles; four seasons show four pairs."""
    game = arranged(2)
    keep_all(game)
    shown = [(game.compass_a[0], game.compass_b[0])]
    for _ in range(3):
        game.winds_of_change(0)
        shown.append((game.compass_a[0], game.compass_b[0]))
    assert len({a for a, _ in shown}) == 4 and len({b for _, b in shown}) == 4


def test_high_tide_with_four_players_leaves_two_islands_then_winds() -> None:
    """p10 (High Tide): the last to prepare for Summer turns 2 islands down, then Winds of Change."""
    game = arranged(4)
    for p in game.players:
        p.season, p.workers, p.hand = 1, 3, []
    game.prepared[2] = {1, 2, 3}
    _all_placed(game, 0)
    keep_all(game)
    tops = (game.compass_a[0], game.compass_b[0])
    answer(game, "prepare")
    answer(game, ids(game)[0])
    answer(game, ids(game)[0])
    p = prompt(game)
    assert p.key == "farshore.prompt.high_tide" and len(p.options) == 4 and p.min == p.max == 2
    events = answer(game, game.islands[0], game.islands[3])
    assert [game.island_up[i] for i in game.islands] == [False, True, True, False]
    kinds = [e.kind for e in events]
    assert kinds.index("high_tide") < kinds.index("winds")
    assert (game.compass_a[0], game.compass_b[0]) != tops


# -- p11: end of the game ---------------------------------------------------------------------------
def _autumn(game: FarshoreGame) -> None:
    for p in game.players:
        p.season, p.workers = 3, 5
    game.prepared = [set(), set(range(game.n)), set(range(game.n)), set(range(game.n))]


def test_a_passed_players_workers_keep_blocking() -> None:
    """p11: after passing, a player's workers stay on the board and still block."""
    game = arranged(2)
    _autumn(game)
    me = game.players[0]
    me.placed = ["shore_stone"]
    game.occupant["shore_stone"] = 0
    keep_all(game)
    answer(game, "pass")
    assert me.passed and me.placed == ["shore_stone"]
    assert prompt(game).seat == 1 and "place:shore_stone" not in ids(game)


def test_passed_players_are_skipped_and_the_game_ends_when_all_pass() -> None:
    """p11: the others play on until every player has passed; then the game is scored."""
    game = arranged(2)
    _autumn(game)
    for p in game.players:
        p.hand = []
    keep_all(game)
    answer(game, "pass")
    answer(game, "place:dock")
    assert prompt(game).seat == 1  # seat 0 is skipped
    assert not game.finished
    events = answer(game, "pass")
    assert game.finished and [e.kind for e in events][-1] == "game_end"


def test_players_tied_on_every_count_share_the_victory() -> None:
    """p11 (tie-breaks): still tied after Boat, Maps, Treasure and resources: a shared victory."""
    game = arranged(2)
    keep_all(game)
    for p in game.players:
        p.boat, p.treasure, p.maps = 3, 1, {"map_green": 1}
        p.res["stone"] = 2
        p.passed = True
    game.finished = True
    result = game.result()
    assert result is not None and result.scores[0] == result.scores[1]
    assert result.winners == (0, 1) and list(result.ranks) == [1, 1]


def test_autumn_production_may_come_before_the_draws() -> None:
    """p10 (Autumn): the two draws and the Green activations come in the order the player wants;
    the Bay is refilled after all the draws."""
    game = arranged(2)
    me = game.players[0]
    me.season, me.workers, me.hand = 2, 4, ["grove"] * 6
    game.prepared = [set(), {0, 1}, {0, 1}, set()]
    put(game, 0, "beachcomber")  # Green: a Driftwood and a card
    _all_placed(game, 0)
    _bay(game)
    keep_all(game)
    answer(game, "prepare")
    assert "produce_first" in ids(game)
    answer(game, "produce_first")
    assert me.res["driftwood"] == 1 and len(me.hand) == 7  # the Beachcomber drew first
    assert prompt(game).key == "farshore.prompt.draw"
    answer(game, "bay:scout")
    assert len(me.hand) == 8 and "scout" in me.hand and len(game.bay) == 8
    assert prompt(game).seat == 1


def test_autumn_without_green_cards_asks_only_for_the_draws() -> None:
    """p10 (Autumn): with no Green card the order cannot matter, so it is not asked."""
    game = arranged(2)
    me = game.players[0]
    me.season, me.workers, me.hand = 2, 4, []
    game.prepared = [set(), {0, 1}, {0, 1}, set()]
    _all_placed(game, 0)
    _bay(game)
    keep_all(game)
    answer(game, "prepare")
    assert "produce_first" not in ids(game) and "deck" in ids(game)
    answer(game, "bay:scout")
    answer(game, "deck")
    assert len(me.hand) == 2 and me.season == 3
