"""Tapestry cards: each position lays one card in an income turn and checks what it did."""

from __future__ import annotations

from typing import Any

from engine.core.match import Match
from tests.engine.tapestry.helpers import answer, at, game, ids, prompt, until

RICH = {"coin": 3, "worker": 3, "food": 3, "culture": 3}


class FixedRolls:
    """Dice that roll the given faces in order."""

    def __init__(self, faces: list[str]) -> None:
        self.faces = list(faces)

    def choice(self, seq: Any) -> Any:
        return self.faces.pop(0)


def lay(card: str, me: dict[str, Any] | None = None, other: dict[str, Any] | None = None, **pos: Any) -> Match:
    """Seat 0 takes its second income turn holding only `card` (seat 1 is already in era 2, so
    no era bonus); returns the match at the first decision the card asks for."""
    spec = {"income_turns": 1, "hand": [card], "resources": dict(RICH), **(me or {})}
    rival = {"income_turns": 2, "resources": dict(RICH), **(other or {})}
    m = at({"players": [spec, rival], **pos})
    answer(m, "income")
    if prompt(m).key == "tapestry.prompt.any_resource":  # the era bonus, when first into the era
        answer(m, "res:coin")
    answer(m, f"card:{card}")  # the one card in hand (asked all the same)
    return m


def test_renaissance_advances_each_track_and_offers_the_bonuses_free() -> None:
    m = lay("renaissance", {"tracks": {"exploration": 1, "science": 0, "military": 5, "technology": 0}})
    p = prompt(m)
    assert p.key == "tapestry.prompt.free_bonus"  # Rafts' bonus, no resource asked
    answer(m, "yes")
    g = game(m)
    assert len(g.players[0].hand) == 1  # the tapestry card of the free bonus
    assert g.players[0].res == RICH  # nothing paid
    until(m, "tapestry.prompt.upgrade")
    assert g.players[0].tracks == {"exploration": [2], "science": [1], "military": [6], "technology": [1]}


def test_dark_ages_regresses_three_tracks_and_advances_the_fourth_three_times() -> None:
    m = lay("dark_ages", {"tracks": {"exploration": 2, "science": 0, "military": 5, "technology": 3}})
    assert prompt(m).key == "tapestry.prompt.dark_ages"
    answer(m, "track:technology")
    assert prompt(m).key == "tapestry.prompt.place_landmark"  # the Forge, at technology 4
    answer(m, ids(m)[0])
    g = game(m)
    assert g.players[0].tracks == {"exploration": [1], "science": [0], "military": [4], "technology": [6]}
    assert g.players[0].landmarks == ["Forge"]


def test_dictatorship_blocks_the_track_for_opponents_until_after_your_next_turn() -> None:
    m = lay("dictatorship")
    answer(m, "track:science")
    until(m, "tapestry.prompt.turn")
    assert prompt(m).seat == 1
    assert "advance:science" not in ids(m) and "advance:exploration" in ids(m)
    g = game(m)
    assert g.players[0].tracks["science"] == [1]


def test_peacemaker_forbids_military_and_pays_for_opponents_military() -> None:
    m = lay("peacemaker")
    until(m, "tapestry.prompt.turn")
    assert prompt(m).seat == 1
    answer(m, "advance:military")
    until(m, "tapestry.prompt.turn")
    g = game(m)
    assert g.players[0].vp == 3
    assert "advance:military" not in ids(m) and prompt(m).seat == 0


def test_theocracy_forbids_science_and_scores_each_new_tier() -> None:
    m = lay("theocracy", {"tracks": {"military": 3}})
    until(m, "tapestry.prompt.turn")
    answer(m, "income")  # seat 1
    until(m, "tapestry.prompt.turn")
    assert prompt(m).seat == 0 and "advance:science" not in ids(m)
    answer(m, "advance:military")  # into tier II
    events = answer(m, "pay:coin+culture")
    assert [e.data["count"] for e in events if e.kind == "vp" and e.data["why"] == "theocracy"] == [4]


def test_technocracy_first_into_the_era_invents_and_upgrades() -> None:
    m = lay("technocracy", other={"income_turns": 1}, tech_row=["Radio", "Paper", "Compass"])
    until(m, "tapestry.prompt.invent")
    answer(m, "tech:Paper")
    g = game(m)
    assert g.players[0].tech == {"Paper": 1} and g.players[0].placed["house"] == 1


def test_technocracy_later_scores_per_opponent() -> None:
    m = lay("technocracy")  # seat 1 is already in era 2
    assert prompt(m).seat == 1 and game(m).players[0].vp == 3 and game(m).players[0].tech == {}


def test_a_trap_laid_as_a_tapestry_scores_ten() -> None:
    m = lay("trap")
    assert game(m).players[0].vp == 10


def test_espionage_copies_a_face_up_when_played_card() -> None:
    m = at(
        {
            "players": [
                {"income_turns": 1, "hand": ["espionage"], "resources": dict(RICH)},
                {"income_turns": 2, "resources": dict(RICH)},
            ]
        }
    )
    game(m).players[1].mat[1].append(["trap", True])
    answer(m, "income")
    answer(m, "card:espionage")
    assert game(m).players[0].vp == 10  # the copied Trap: 10 VP


def test_arranged_marriage_copies_the_partners_track_benefits() -> None:
    m = lay("arranged_marriage", tapestry_deck=["trap", "trap"])
    answer(m, "track:science")
    until(m, "tapestry.prompt.turn")
    assert prompt(m).seat == 1
    g = game(m)
    g.players[1].tracks["science"] = [1]
    before = (len(g.players[0].hand), len(g.players[1].hand))
    answer(m, "advance:science")  # Mathematics: a tapestry card, for seat 1 and seat 0
    answer(m, "pay:coin")
    answer(m, "skip")  # Mathematics' bonus is seat 1's alone
    assert (len(g.players[0].hand), len(g.players[1].hand)) == (before[0] + 1, before[1] + 1)


def test_golden_age_ignores_requirements_and_scores_upgrades() -> None:
    m = lay("golden_age", {"tech": {"Radio": 1}})
    p = until(m, "tapestry.prompt.upgrade")
    assert "tech:Radio" in [o.id for o in p.options]  # needs science 10 otherwise


def test_age_of_wonders_rewards_the_most_landmarks() -> None:
    m = lay("age_of_wonders")
    assert prompt(m).key == "tapestry.prompt.any_resource"  # tied at no landmarks: 1 resource, 6 VP
    answer(m, "res:coin")
    assert game(m).players[0].vp == 6


def test_boast_of_superiority_scores_each_track_led() -> None:
    m = lay("boast_of_superiority", {"tracks": {"exploration": 3, "science": 1}}, {"tracks": {"science": 2}})
    assert game(m).players[0].vp == 4 * 3  # exploration, military (tied), technology (tied)


def test_plea_for_aid_pays_where_everyone_is_ahead() -> None:
    m = lay("plea_for_aid", {"tracks": {"exploration": 0}}, {"tracks": {"exploration": 2}})
    assert game(m).players[0].vp == 2
    assert prompt(m).key == "tapestry.prompt.any_resource"


def test_socialism_moves_to_the_nearest_opponent_without_benefits() -> None:
    m = lay("socialism", {"tracks": {"military": 1}}, {"tracks": {"military": 3}})
    events = answer(m, "track:military")
    g = game(m)
    assert g.players[0].tracks["military"] == [3]
    # no Bladed Weapons card: the only card drawn is the income's
    assert [e.kind for e in events].count("draw_tapestry") == 1


def test_olympic_host_without_opponents_joining_gives_a_coin() -> None:
    m = lay("olympic_host", {"resources": {"worker": 1, "coin": 0}}, {"resources": {"worker": 1}})
    answer(m, "yes")  # seat 0 joins
    answer(m, "no")  # seat 1 does not
    g = game(m)
    assert g.players[0].vp == 10 and g.players[0].res["coin"] == 1 + 1  # and a coin of income


def test_capitalism_scores_coins_of_income() -> None:
    m = lay("capitalism")
    until(m, "tapestry.prompt.upgrade")
    answer(m, "skip")
    g = game(m)
    assert g.players[0].vp >= 2  # one coin exposed (Barter): 2 VP


def test_guilds_trades_resources_for_vp() -> None:
    m = lay("guilds")
    assert "buy:1" not in ids(m) and "sell:3" in ids(m)  # no VP to spend yet
    answer(m, "sell:1")
    answer(m, "res:coin")
    assert game(m).players[0].vp == 5


def test_the_played_card_covers_the_era_space_and_is_public() -> None:
    m = lay("renaissance")
    assert m.view(1)["players"][0]["tapestry_mat"][1] == ["renaissance"]


# ---------------------------------------------------------------------------------- THIS ERA hooks
def era(card: str, me: dict[str, Any] | None = None, other: dict[str, Any] | None = None, **pos: Any) -> Match:
    """Seat 0 on an advance turn with `card` active this era (seat 1 has choices too)."""
    spec = {"income_turns": 2, "resources": dict(RICH), **(me or {})}
    rival = {"income_turns": 2, "resources": dict(RICH), **(other or {})}
    m = at({"players": [spec, rival], **pos})
    game(m).players[0].era_card = card
    return m


def test_academia_scores_three_per_tapestry_card_taken() -> None:
    m = era("academia", {"tracks": {"science": 1}})
    answer(m, "advance:science")  # Mathematics: a tapestry card
    answer(m, "pay:coin")
    assert game(m).players[0].vp == 3


def test_industrialism_gives_the_circle_benefit_of_an_invented_card() -> None:
    m = era("industrialism", tech_row=["Calendar", "Paper", "Radio"])
    answer(m, "advance:technology")
    answer(m, "pay:coin")
    answer(m, "tech:Calendar")
    g = game(m)
    assert g.players[0].tech == {"Calendar": 0} and g.players[0].res["culture"] == RICH["culture"] + 1 - 0


def test_monarchy_scores_three_per_income_building() -> None:
    m = era("monarchy", {"tracks": {"technology": 2}})
    answer(m, "advance:technology")  # Stone Tools: invent or a market
    answer(m, "pay:coin")
    answer(m, "b1")
    answer(m, ids(m)[0])  # the plot
    assert game(m).players[0].vp == 3


def test_terraforming_builds_on_impassable_plots_for_five() -> None:
    m = era("terraforming", {"tracks": {"technology": 2}, "grid": ["#########"] * 9})
    answer(m, "advance:technology")
    answer(m, "pay:coin")
    answer(m, "b1")
    assert prompt(m).key == "tapestry.prompt.place_building"
    answer(m, "plot:0.0")
    assert game(m).players[0].vp == 5


def test_wartime_economy_makes_one_resource_bonuses_free() -> None:
    m = era("wartime_economy", {"tracks": {"technology": 1}})
    answer(m, "advance:technology")
    answer(m, "pay:coin")
    assert prompt(m).key == "tapestry.prompt.free_bonus"
    answer(m, "yes")
    g = game(m)
    assert g.players[0].placed["market"] == 1 and sum(g.players[0].res.values()) == 12 - 1


def test_pillage_and_plunder_forbids_traps_and_gives_both_dice() -> None:
    sites = [{"hex": [-1, -2], "pieces": [[1, True, "outpost"]]}]
    m = era("pillage_and_plunder", other={"hand": ["trap"]}, sites=sites)
    answer(m, "advance:military")
    answer(m, "pay:coin")
    answer(m, "hex:-1.-2")  # no trap question, and both dice resolve without a choice
    g = game(m)
    assert prompt(m).seat == 1 and prompt(m).key == "tapestry.prompt.turn"
    assert g.sites[(-1, -2)].controller() == 0 and g.players[1].hand == ["trap"]


def test_alliance_partners_cannot_conquer_each_other() -> None:
    sites = [{"hex": [-1, -2], "pieces": [[1, True, "outpost"]]}]
    m = era("alliance", sites=sites)
    game(m).players[0].marker = {"ally": 1}
    answer(m, "advance:military")
    answer(m, "pay:coin")
    assert "hex:-1.-2" not in ids(m)


def test_empiricism_scores_science_advances() -> None:
    m = era("empiricism", {"tracks": {"science": 1}})
    answer(m, "advance:science")
    answer(m, "pay:coin")
    assert game(m).players[0].vp == 2


def test_tyranny_lays_a_gained_card_over_it_for_five() -> None:
    m = era("tyranny", {"tracks": {"science": 1}}, tapestry_deck=["trap"])
    game(m).players[0].mat[1].append(["tyranny", True])
    answer(m, "advance:science")
    answer(m, "pay:coin")
    assert prompt(m).key == "tapestry.prompt.tyranny"
    answer(m, "yes")
    g = game(m)
    assert g.players[0].mat[1] == [["tyranny", True], ["trap", True]]
    assert g.players[0].vp == 5 + 10 and g.players[0].era_card is None


def test_exploitation_may_double_the_tile_benefit_instead_of_vp() -> None:
    m = era("exploitation", {"tracks": {"exploration": 1}, "tiles": [1]})  # tile 1: a coin
    answer(m, "advance:exploration")
    answer(m, "pay:coin")
    answer(m, ids(m)[0])  # hex
    answer(m, "rot:0")
    assert prompt(m).key == "tapestry.prompt.exploitation"
    answer(m, "yes")
    g = game(m)
    assert g.players[0].res["coin"] == 3 - 1 + 2 and g.players[0].vp == 0


def test_militarism_adds_an_outpost_to_an_explored_hex() -> None:
    m = era("militarism", {"tracks": {"exploration": 1}, "tiles": [5]})
    answer(m, "advance:exploration")
    answer(m, "pay:coin")
    hex_option = ids(m)[0]
    answer(m, hex_option)
    answer(m, "rot:0")
    answer(m, "yes")
    x, y = (int(v) for v in hex_option[4:].split("."))
    assert game(m).sites[(x, y)].controller() == 0


def test_pirate_rule_adds_the_tile_benefit_to_a_conquest() -> None:
    sites = [{"hex": [-1, -1], "tile": 1}]  # tile 1 prints a coin
    m = era("pirate_rule", sites=sites)
    answer(m, "advance:military")
    answer(m, "pay:coin")
    answer(m, "hex:-1.-1")
    die = next(i for i in ids(m) if i.startswith("red:"))
    events = answer(m, die)
    assert {"what": "coin", "count": 1} in [e.data for e in events if e.kind == "gain"]


def test_revisionism_gives_a_resource_with_a_landmark() -> None:
    m = era("revisionism", {"tracks": {"exploration": 3}})
    answer(m, "advance:exploration")
    answer(m, "pay:coin+food")
    assert prompt(m).key == "tapestry.prompt.any_resource"


# ---------------------------------------------------------------------------------- WHEN PLAYED
def test_democracy_draws_three_and_sells_cards_for_two_each() -> None:
    m = lay("democracy", tapestry_deck=["trap", "dark_ages", "renaissance"])
    assert prompt(m).key == "tapestry.prompt.democracy" and prompt(m).min == 0
    answer(m, "dark_ages", "renaissance")
    g = game(m)
    assert g.players[0].vp == 4 and g.players[0].hand.count("trap") >= 1


def test_dystopia_builds_any_free_landmark() -> None:
    m = lay("dystopia", landmarks_available=["Barn", "Forge"])
    assert sorted(ids(m)) == ["landmark:Barn", "landmark:Forge"]
    answer(m, "landmark:Barn")
    assert game(m).players[0].landmarks == ["Barn"]


def test_feudalism_scores_three_per_landmark() -> None:
    m = lay("feudalism")
    game(m).players[0].landmarks.extend(["Forge", "Barn"])
    answer(m, "vp")
    assert game(m).players[0].vp == 6


def test_meritocracy_invents_then_scores_two_per_tech_card() -> None:
    m = lay("meritocracy", {"tech": {"Radio": 0}}, tech_row=["Paper", "Calendar", "Compass"])
    answer(m, "tech:Paper")
    assert game(m).players[0].vp == 4


def test_trade_economy_gives_the_opponent_the_bonus_free() -> None:
    m = lay("trade_economy", other={"tracks": {"technology": 2}})  # the one space: Carpentry
    assert prompt(m).seat == 1 and prompt(m).key == "tapestry.prompt.free_bonus"
    assert len(game(m).players[0].hand) == 1  # Carpentry's tapestry card is mine


def test_colonialism_gives_a_resource_per_land_terrain() -> None:
    sites = [{"hex": [-1, -1], "tile": 8, "pieces": [[0, True, "outpost"]]}]  # mountain and desert
    m = lay("colonialism", sites=sites)
    g = game(m)  # +1 worker, +1 coin; then the income step adds one of each
    assert (g.players[0].res["worker"], g.players[0].res["coin"], g.players[0].res["food"]) == (5, 5, 4)


def test_steam_tycoon_invents_and_upgrades_then_the_neighbour_invents() -> None:
    m = lay("steam_tycoon", tech_row=["Calendar", "Paper", "Radio"])
    answer(m, "tech:Calendar")
    g = game(m)
    assert g.players[0].tech == {"Calendar": 1} and len(g.players[1].tech) == 1


def test_diplomacy_gives_everyone_a_resource() -> None:
    m = lay("diplomacy")
    answer(m, "res:coin")
    assert prompt(m).seat == 1 and prompt(m).key == "tapestry.prompt.any_resource"


def test_revolution_stands_toppled_outposts_back_up() -> None:
    sites = [{"hex": [-1, -2], "pieces": [[0, False, "outpost"], [1, True, "outpost"]]}]
    m = lay("revolution", sites=sites)
    answer(m, "stand")  # the one toppled outpost needs no pick
    assert game(m).sites[(-1, -2)].controller() == 0


def test_age_of_discovery_moves_everyone_but_only_you_gain() -> None:
    m = at({"players": [{"income_turns": 1, "hand": ["age_of_discovery"], "resources": dict(RICH)}, {"income_turns": 2, "resources": dict(RICH)}]})
    game(m).rng = FixedRolls(["technology"])  # type: ignore[assignment]
    answer(m, "income")
    answer(m, "card:age_of_discovery")
    assert prompt(m).key == "tapestry.prompt.invent"  # Pottery's benefit: mine
    answer(m, ids(m)[0])
    g = game(m)
    assert g.players[0].tracks["technology"] == [1] and g.players[1].tracks["technology"] == [1]
    assert len(g.players[0].tech) == 1 and g.players[1].tech == {}


def test_coal_baron_explores_and_gives_the_neighbour_a_tile() -> None:
    m = lay("coal_baron", tile_bag=[5, 7])
    assert prompt(m).key == "tapestry.prompt.explore_hex"
    answer(m, ids(m)[0])
    answer(m, "rot:0")
    g = game(m)
    assert 7 in g.players[1].tiles


def test_mercantilism_converts_food_at_income_for_two_vp_each() -> None:
    m = at({"players": [{"income_turns": 2, "hand": ["trap"], "resources": {"food": 2, "coin": 1}}, {"income_turns": 3, "resources": dict(RICH)}]})
    game(m).players[0].era_card = "mercantilism"
    answer(m, "income")  # era 3 starts: Mercantilism's era is over before its income
    assert prompt(m).key != "tapestry.prompt.mercantilism"


def test_socialism_lets_the_player_pick_between_two_equally_near_opponents() -> None:
    rival = {"income_turns": 2, "resources": dict(RICH)}
    me = {"income_turns": 1, "hand": ["socialism"], "resources": dict(RICH), "tracks": {"military": 5}}
    m = at({"players": [me, {**rival, "tracks": {"military": 3}}, {**rival, "tracks": {"military": 7}}]}, players=3)
    answer(m, "income")
    answer(m, "card:socialism")
    answer(m, "track:military")
    assert prompt(m).key == "tapestry.prompt.socialism_space" and ids(m) == ["n:3", "n:7"]
    answer(m, "n:7")
    assert game(m).players[0].tracks["military"] == [7]
