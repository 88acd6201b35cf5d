"""Works of Wonder rulebook cases, one scenario per rule (sections of the rulebook digest).

Each test builds its own position; the numbers checked are the rulebook's, or follow from our
data file's values where the rulebook prints none (noted where used)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.flow import Flow
from engine.core.match import Match
from engine.core.prompts import Prompt
from engine.games.architects import guildhall, market, scoring, wonders
from engine.games.architects.data import buildings
from engine.games.architects.wow_data import ours
from tests.engine.architects.helpers import answer, game_of, ids, key, prompt, seats, wow


def run(flow: Flow, *answers: str) -> list[str]:
    """Drive a rule function, answering its prompts in turn; returns the prompt keys seen."""
    asked: list[str] = []
    reply: Any = None
    replies = list(answers)
    while True:
        try:
            p = flow.send(reply)
        except StopIteration:
            return asked
        assert isinstance(p, Prompt)
        asked.append(p.key.rsplit(".", 1)[-1])
        assert replies, f"unexpected prompt {p.key}"
        reply = {p.seat: (replies.pop(0),)}


def hiring(m: Match) -> bool:
    """Is the opening's free hire still being asked (the draft asks every seat at once)?"""
    return any(p.key.endswith("first_apprentice") for p in m.prompts())


def prompted(m: Match, wanted: str, choice: str) -> list[int]:
    """Answer every open `wanted` prompt with `choice`; the seats asked, in order."""
    asked = []
    while m.prompts() and key(m) == wanted:
        asked.append(prompt(m).seat)
        answer(m, choice)
    return asked


# ---------------------------------------------------------------------------------- setup (§3)
@pytest.mark.parametrize("players", [2, 5])
def test_setup_shows_10_apprentices_and_every_reward_card_at_any_player_count(players: int) -> None:
    """§3.2: 8 Apprentices on the main board plus 2 on the Influence board; no Reward card
    removed by player count (base 11 + the expansion's 12)."""
    g = game_of(Match("architects", seats(players), {"works_of_wonder": True}, 2))
    assert sum(c is not None for row in g.display for c in row) == 10
    assert len(g.rewards) == 23


def test_setup_hires_come_before_any_building_card_is_dealt() -> None:
    """§3.4: the free Apprentice draft is done before players choose Buildings."""
    m = Match("architects", seats(3), {"works_of_wonder": True}, 4)
    g = game_of(m)
    hires = 0
    while hiring(m):
        assert all(p.hand == [] for p in g.players)
        answer(m, ids(m)[0])
        hires += 1
    assert hires == 3 and all(len(p.apprentices) == 1 for p in g.players)
    assert {p.key.rsplit(".", 1)[-1] for p in m.prompts()} == {"draft"}


@pytest.mark.parametrize(
    ("board", "start"),
    [
        ("arnulf", (3, 4, 6, 0, 0, {"clay": 3}, 0)),
        ("charles", (0, 3, 8, 3, 0, {"wood": 2}, 0)),
        ("clotilde", (0, 0, 13, 1, 1, {}, 0)),
        ("louis", (13, 11, 2, 2, 0, {"gold": 1}, 0)),
        ("isabelle", (5, 7, 4, 2, 0, {}, 3)),
        ("zesiro", (0, 2, 10, 1, 0, {"stone": 2}, 0)),
    ],
)
def test_each_new_board_starts_as_printed(board: str, start: tuple[Any, ...]) -> None:
    """§4.8: prisoners, Silver, Virtue, Influence, Debts, goods and extra Buildings per board."""
    b = ours().board(board)
    assert b is not None
    got = (b.prisoners, b.silver, b.virtue, b.influence, b.debts, dict(b.resources), b.extra_cards)
    assert got == start


def test_isabelle_takes_1_marble_for_her_free_opening_apprentice() -> None:
    """§4.8: Isabelle's Marble per Apprentice counts the initial draft too."""
    for seed in range(60):
        m = Match("architects", seats(5), {"works_of_wonder": True, "architect_side": "B"}, seed)
        g = game_of(m)
        if any(p.architect == "isabelle" for p in g.players):
            break
    else:
        pytest.fail("no seed dealt Isabelle")
    isabelle = next(p for p in g.players if p.architect == "isabelle")
    assert isabelle.res["marble"] == 0
    while hiring(m):
        answer(m, ids(m)[0])
    assert len(isabelle.apprentices) == 1 and isabelle.res["marble"] == 1


# ---------------------------------------------------------------------------------- Influence (§4.1)
def test_the_track_card_is_drawn_again_each_time_the_marker_climbs_back_to_5() -> None:
    """§4.1: the 4->5 and 8->9 spaces give a Building every time the marker moves up onto them;
    moving down past them gives nothing."""
    g = game_of(wow({"players": [{"influence": 4}]}))
    hand = len(g.players[0].hand)
    run(wonders.change_influence(g, 0, 1, "test"))
    run(wonders.change_influence(g, 0, -1, "test"))
    run(wonders.change_influence(g, 0, 1, "test"))
    assert g.players[0].influence == 5 and len(g.players[0].hand) == hand + 2


def test_gains_between_5_and_8_draw_nothing_and_8_to_9_draws_one() -> None:
    """§4.1: only the moves 4->5 and 8->9 give a Building."""
    g = game_of(wow({"players": [{"influence": 5}]}))
    hand = len(g.players[0].hand)
    run(wonders.change_influence(g, 0, 3, "test"))
    assert g.players[0].influence == 8 and len(g.players[0].hand) == hand
    run(wonders.change_influence(g, 0, 1, "test"))
    assert g.players[0].influence == 9 and len(g.players[0].hand) == hand + 1


def test_one_influence_covers_no_silver() -> None:
    """§4.1: Silver is covered 2 Influence at a time; a single point covers nothing."""
    g = game_of(wow({"players": [{"influence": 1, "silver": 0, "virtue": 6}]}))
    assert not wonders.can_pay(g, 0, 1)
    assert not market.placements(g, 0)  # even the 1-Silver Black Market space is out of reach
    g.players[0].influence = 2
    assert wonders.can_pay(g, 0, 2) and not wonders.can_pay(g, 0, 3)


def test_two_influence_cover_up_to_2_silver_of_a_larger_price() -> None:
    """§4.1: 2 Influence stand for up to 2 Silver; the rest of a 3-Silver space is coins."""
    m = wow({"players": [{"influence": 2, "silver": 1, "virtue": 6}]})
    assert "market:2" in ids(m)
    answer(m, "market:2")
    p = game_of(m).players[0]
    assert (p.influence, p.silver, p.virtue) == (0, 0, 5)


def test_the_first_captures_tax_needs_silver_the_second_capture_may_be_influence() -> None:
    """§4.1: Influence never pays Tax (the first capture's) but pays plain Silver (the next)."""
    rival = {"workers": {"forest": 2, "quarry": 3}}
    m = wow(
        {
            "players": [{"silver": 0, "influence": 4, "virtue": 6, "workers": {"town_centre": 1}}, rival],
            "tax": 0,
        }
    )
    answer(m, "town_centre")
    g = game_of(m)
    assert prompt(m).seat == 1 and sum(g.players[0].captives) == 0 and g.players[0].influence == 4
    m = wow(
        {
            "players": [{"silver": 1, "influence": 2, "virtue": 6, "workers": {"town_centre": 1}}, rival],
            "tax": 0,
        }
    )
    answer(m, "town_centre", "cap:forest:1", "cap:quarry:1")
    g = game_of(m)
    p = g.players[0]
    assert (g.tax, p.silver, p.influence, p.captives[1]) == (1, 0, 0, 5)


def test_one_influence_spares_no_virtue() -> None:
    """§4.1: a Virtue point is spared with 2 Influence; with 1 the loss is simply taken."""
    m = wow({"players": [{"influence": 1, "silver": 1, "virtue": 6}]})
    answer(m, "market:0")
    p = game_of(m).players[0]
    assert prompt(m).seat == 1 and (p.virtue, p.influence) == (5, 1)


def test_the_tax_stands_2_virtue_may_both_be_spared_with_4_influence() -> None:
    """§4.1: the 2-for-1 Virtue substitution repeats within one loss."""
    m = wow({"players": [{"influence": 4, "virtue": 6, "silver": 0}], "tax": 5})
    answer(m, "tax_stand")
    assert key(m) == "influence_for_virtue" and ids(m) == ["spare:0", "spare:1", "spare:2"]
    answer(m, "spare:2")
    p = game_of(m).players[0]
    assert (p.virtue, p.influence, p.silver) == (6, 0, 5)


def test_influence_stands_only_for_gold_and_marble_4_a_piece() -> None:
    """§4.1: 4 Influence for 1 Gold or 1 Marble; never for Clay, Wood or Stone; 3 is too few."""
    g = game_of(wow({"players": [{"influence": 12}]}))
    assert guildhall.ways_to_pay(g, 0, {"gold": 1}) and guildhall.ways_to_pay(g, 0, {"marble": 3})
    assert not guildhall.ways_to_pay(g, 0, {"marble": 4})
    for res in ("clay", "wood", "stone"):
        assert not guildhall.ways_to_pay(g, 0, {res: 1})
    g.players[0].influence = 3
    assert not guildhall.ways_to_pay(g, 0, {"gold": 1})


# ---------------------------------------------------------------------------------- figures (§4.2)
def test_profiteer_influence_is_for_placing_there_only() -> None:
    """§4.2: the Influence comes with a worker placed at the Profiteer, not for workers already
    standing there."""
    m = wow({"players": [{"workers": {"mines": 2}}]})
    answer(m, "quarry")
    assert game_of(m).players[0].influence == 0


def test_taking_back_your_own_workers_at_the_princess_changes_no_virtue() -> None:
    """§4.2: the Virtue loss is for capturing opponents' workers from the Princess."""
    m = wow({"players": [{"silver": 1, "virtue": 6, "workers": {"silversmith": 2}}, {}], "tax": 0})
    answer(m, "town_centre", "cap:silversmith:0")
    p = game_of(m).players[0]
    assert p.virtue == 6 and p.supply == 20 - 1 and game_of(m).at["silversmith"][0] == 0
    assert p.silver == 0 and game_of(m).tax == 1


def test_capturing_opponents_at_a_plain_location_changes_no_virtue() -> None:
    """§4.2: only the Princess and Profiteer locations change the capturer's Virtue."""
    m = wow({"players": [{"silver": 1, "virtue": 6}, {"workers": {"forest": 4}}], "tax": 0})
    answer(m, "town_centre", "cap:forest:1")
    p = game_of(m).players[0]
    assert p.virtue == 6 and p.captives[1] == 4


def test_arnulfs_princess_counts_only_at_the_princess_location() -> None:
    """§4.8: Arnulf's extra worker is the Princess, so elsewhere he gathers as usual."""
    m = wow({"players": [{"architect": "arnulf"}]})
    answer(m, "quarry")
    assert game_of(m).players[0].res["stone"] == 1


def test_charles_takes_no_silver_away_from_the_profiteer() -> None:
    """§4.8: Charles's Silver comes with the Profiteer's location only."""
    m = wow({"players": [{"architect": "charles", "silver": 0}]})
    answer(m, "quarry")
    p = game_of(m).players[0]
    assert (p.silver, p.influence) == (0, 0)


# ---------------------------------------------------------------------------------- Contributions (§4.3)
def test_a_worker_sent_by_a_building_to_the_princess_may_contribute() -> None:
    """§4.3: a Contribution comes with any worker placed at the Princess (here by the Mint)."""
    b = buildings()["mint"]
    goods = {**b.cost, "wood": 1}
    m = wow({"players": [{"hand": ["mint"], "goods": goods, "apprentices": ["acolyte_silver"], "silver": 0}]})
    answer(m, "guildhall")
    if key(m) == "guildhall":
        answer(m, "build:0")
    assert key(m) == "contribute" and "give:wood" in ids(m)
    answer(m, "give:wood")  # contribution_1: Wood gives 2 Influence
    g = game_of(m)
    assert g.on_card == ["wood"] and g.players[0].influence == 2 and g.at["silversmith"][0] == 1


def test_placing_elsewhere_offers_no_contribution() -> None:
    """§4.3: only a worker placed at the Princess's location may contribute."""
    m = wow({"players": [{"goods": {"wood": 1}, "workers": {"silversmith": 1}}]})
    answer(m, "forest")
    assert prompt(m).seat == 1 and game_of(m).on_card == []


# ---------------------------------------------------------------------------------- the Reset (§4.4)
def test_the_profiteer_consequence_hits_each_player_there_once_and_all_go_to_prison() -> None:
    """§4.4 step 4: everyone with 1+ workers there follows the Consequence once (contribution_2:
    lose 2 Influence), and every worker there goes to Prison; steps 10-11 then count them."""
    m = wow(
        {
            "players": [
                {"silver": 3, "virtue": 6, "influence": 1, "workers": {"mines": 1}},
                {"influence": 3, "virtue": 6, "workers": {"mines": 3}},
            ],
            "market": [1, 1, None],
        }
    )
    answer(m, "market:2")
    g = game_of(m)
    assert [p.influence for p in g.players] == [0, 1]
    assert g.at["mines"] == [0, 0] and g.prison == [1 + 1, 2 + 3]
    assert [p.virtue for p in g.players] == [5, 5] and [p.debts for p in g.players] == [0, 1]


def test_the_princess_reward_goes_to_the_single_majority_only() -> None:
    """§4.4 step 5: the player with the most workers at the Princess alone takes the reward."""
    m = wow(
        {
            "players": [
                {"silver": 3, "virtue": 6, "workers": {"silversmith": 2}},
                {"silver": 0, "workers": {"silversmith": 1}},
            ],
            "market": [1, 1, None],
        }
    )
    answer(m, "market:2")
    assert prompted(m, "princess_reward", "reward:1") == [0]
    assert [p.silver for p in game_of(m).players] == [3, 0]


def test_nobody_at_the_princess_nobody_is_rewarded() -> None:
    """§4.4 step 5: with no worker at the Princess no one takes the reward."""
    m = wow({"players": [{"silver": 3, "virtue": 6}, {}], "market": [1, 1, None]})
    events = m.submit(0, ("market:2",))
    assert prompt(m).seat == 1 and key(m) == "place"
    assert not [e for e in events if e.kind in ("reward", "gain") and e.data.get("why") == "princess"]
    assert game_of(m).consequences[-1] == "contribution_1"


def test_tied_princess_rewards_run_clockwise_from_the_player_who_triggered_the_reset() -> None:
    """§4.4 step 5: tied players each take the reward, from the Reset's trigger clockwise."""
    m = wow(
        {
            "first": 1,
            "players": [
                {"workers": {"silversmith": 1}},
                {"silver": 3, "virtue": 6, "workers": {"silversmith": 1}},
                {"workers": {"silversmith": 1}},
            ],
            "market": [0, 2, None],
        },
        players=3,
    )
    answer(m, "market:2")
    assert prompted(m, "princess_reward", "reward:1") == [1, 2, 0]


def test_a_wonder_marker_does_not_count_at_the_princess_and_her_workers_stay() -> None:
    """§4.6 and §4.4 step 5: an owner's Wonder is no extra worker for the majority; the Princess
    sends nobody to Prison."""
    m = wow(
        {
            "players": [
                {"silver": 3, "virtue": 6, "wonders": ["wonder_clay"], "workers": {"silversmith": 1}},
                {"silver": 0, "workers": {"silversmith": 1}},
            ],
            "market": [1, 1, None],
            "works_of_wonder": {"markers": {"silversmith": "wonder_clay"}},
        }
    )
    answer(m, "market:2")
    assert prompted(m, "princess_reward", "reward:1") == [0, 1]
    g = game_of(m)
    assert [p.silver for p in g.players] == [3, 3] and g.at["silversmith"] == [1, 1]


def test_a_wonder_marker_at_the_profiteer_is_no_worker_there() -> None:
    """§4.6: a Wonder without a worker beside it does not make its owner suffer the Consequence."""
    m = wow(
        {
            "players": [
                {"silver": 3, "virtue": 6, "influence": 1, "wonders": ["wonder_stone"]},
                {"influence": 2, "workers": {"quarry": 1}},
            ],
            "market": [1, 1, None],
            "works_of_wonder": {"profiteer": "quarry", "markers": {"quarry": "wonder_stone"}},
        }
    )
    answer(m, "market:2")
    g = game_of(m)
    assert [p.influence for p in g.players] == [1, 0] and g.prison == [1, 3]


def test_a_reset_with_nobody_in_prison_gives_no_debt() -> None:
    """§4.4 step 11: the most workers in Prison take a Debt, but only if someone has any."""
    m = wow(
        {
            "players": [{"goods": {"wood": 1}, "silver": 0}, {}],
            "works_of_wonder": {"on_card": ["clay", "stone", "gold", "marble"]},
        }
    )
    answer(m, "silversmith", "give:wood", "reward:1")
    g = game_of(m)
    assert g.prison == [0, 0] and [p.debts for p in g.players] == [0, 0]
    assert g.on_card == [] and g.consequences[-1] == "contribution_1"


def test_exactly_3_in_prison_loses_1_virtue_and_2_do_not() -> None:
    """§4.4 step 10: 3 or more workers in Prison cost 1 Virtue at a Reset."""
    m = wow(
        {
            "players": [{"silver": 3, "virtue": 6, "prison": 1}, {"virtue": 6, "prison": 1}],
            "market": [0, 1, None],
        }
    )
    answer(m, "market:2")
    g = game_of(m)
    # seat 0: 1 + 2 from the Black Market = 3; seat 1: 1 + 1 = 2
    assert g.prison == [3, 2] and [p.virtue for p in g.players] == [6 - 1 - 1, 6]
    assert [p.debts for p in g.players] == [1, 0]


# ---------------------------------------------------------------------------------- Wonders (§4.5)
def test_a_wonder_needs_its_whole_influence_and_the_influence_is_spent() -> None:
    """§4.5: the Stone Wonder costs 5 Influence: with 4 it cannot be built."""
    g = game_of(wow({"players": [{"influence": 4, "silver": 3, "goods": {"stone": 14}}], "tax": 0}))
    assert wonders.wonder_ways(g, 0, "wonder_stone") == []
    g.players[0].influence = 5
    assert wonders.wonder_ways(g, 0, "wonder_stone") == [0]


def test_a_wonder_needs_every_resource_not_yet_contributed() -> None:
    """§4.5: 14 Stone less 1 per Stone on the Wonder: 13 Stone fall short until one lies there."""
    g = game_of(wow({"players": [{"influence": 5, "silver": 3, "goods": {"stone": 13}}], "tax": 0}))
    assert wonders.wonder_ways(g, 0, "wonder_stone") == []
    g.wonder_res["wonder_stone"] = 1
    assert wonders.wonder_ways(g, 0, "wonder_stone") == [0]


def test_a_built_wonder_cannot_be_built_again() -> None:
    """§4.5: each Wonder exists once; a rival's is gone from the choice."""
    m = wow(
        {
            "players": [{"influence": 5, "silver": 3, "goods": {"stone": 14}}, {"wonders": ["wonder_stone"]}],
            "tax": 0,
        }
    )
    g = game_of(m)
    assert wonders.wonder_options(g, 0) == [] and "guildhall" not in ids(m)


def test_markers_stand_on_the_7_allowed_locations_one_per_location() -> None:
    """§4.5: Storehouse, Town Centre, Workshop, Silversmith, Quarry, Forest, Guardhouse; never the
    Mines, Guildhall, Black Market or Tax Stand; a location with a marker is not offered."""
    allowed = {"kings_storehouse", "town_centre", "workshop", "silversmith", "quarry", "forest", "guardhouse"}
    assert set(ours().marker_locations) == allowed
    m = wow(
        {
            "players": [{"influence": 5, "silver": 3, "goods": {"stone": 14}}, {"wonders": ["wonder_clay"]}],
            "tax": 0,
            "works_of_wonder": {"markers": {"quarry": "wonder_clay"}},
        }
    )
    answer(m, "guildhall")
    assert key(m) == "wonder_marker"
    assert {i.split(":")[1] for i in ids(m)} == allowed - {"quarry"}


def test_an_own_wonder_is_one_more_worker_at_the_town_centre() -> None:
    """§4.6: at an own Wonder's location the owner acts as if with 1 more worker (2 captures)."""
    m = wow(
        {
            "players": [
                {"silver": 2, "virtue": 6, "wonders": ["wonder_clay"]},
                {"workers": {"forest": 2, "quarry": 3}},
            ],
            "tax": 0,
            "works_of_wonder": {"markers": {"town_centre": "wonder_clay"}},
        }
    )
    answer(m, "town_centre", "wonder_worker", "cap:forest:1", "cap:quarry:1")
    g = game_of(m)
    assert g.players[0].captives[1] == 5 and g.tax == 1 and g.players[0].silver == 0


# ---------------------------------------------------------------------------------- the end (§4.7)
@pytest.mark.parametrize(("spare", "gold", "virtue"), [("spare:2", [0, 4], 5), ("spare:0", [4, 0], 3)])
def test_end_virtue_losses_paid_with_influence_come_before_the_most_influence_gold(
    spare: str, gold: list[int], virtue: int
) -> None:
    """§4.7: end-of-game Virtue losses (optionally with Influence) first, then the 4 Gold."""
    m = wow(
        {
            "players": [{"buildings": ["dungeon"], "virtue": 5, "influence": 6}, {"influence": 3}],
            "guildhall": [1] * 12,
            "final_left": 1,
        }
    )
    answer(m, "forest")
    assert key(m) == "influence_for_virtue"
    answer(m, spare)
    g = game_of(m)
    assert m.finished and [p.res["gold"] for p in g.players] == gold and g.players[0].virtue == virtue
    r = m.result()
    assert r is not None and [b["gold_marble"] for b in r.details["breakdown"]] == gold


def test_wonders_score_with_the_buildings() -> None:
    """§4.7: a built Wonder's VP count in the final score."""
    g = game_of(wow({"players": [{"wonders": ["wonder_stone", "wonder_clay"], "buildings": ["well"]}]}))
    sheet = scoring.breakdown(g, 0)
    expected = ours().wonder("wonder_stone").vp + ours().wonder("wonder_clay").vp
    assert sheet["wonders"] == expected and sheet["total"] == scoring.total(g, 0)


# ---------------------------------------------------------------------------------- boards (§4.8)
def test_clotilde_takes_2_clay_for_the_tax_stands_2_virtue() -> None:
    """§4.8: 1 Clay for each Virtue point Clotilde loses."""
    m = wow({"players": [{"architect": "clotilde", "virtue": 8, "silver": 0}], "tax": 3})
    answer(m, "tax_stand")
    p = game_of(m).players[0]
    assert (p.virtue, p.res["clay"], p.silver) == (6, 2, 3)


def test_clotilde_sparing_the_virtue_with_influence_takes_no_clay() -> None:
    """§4.8 with §4.1: a Virtue loss avoided with Influence is no loss, so no Clay."""
    m = wow({"players": [{"architect": "clotilde", "virtue": 8, "influence": 2, "silver": 1}]})
    answer(m, "market:0", "sub:0", "spare:1")
    p = game_of(m).players[0]
    assert (p.virtue, p.res["clay"], p.influence) == (8, 0, 0)


def test_zesiro_gains_1_influence_for_working_on_the_cathedral() -> None:
    """§4.8: Zesiro gains 1 Influence when he works on the Cathedral."""
    m = wow(
        {
            "players": [
                {"architect": "zesiro", "virtue": 7, "hand": ["well", "smithy"], "goods": {"gold": 1}}
            ],
            "rewards": [],
        }
    )
    answer(m, "guildhall")
    if key(m) == "guildhall":
        answer(m, "cathedral")
    answer(m, ids(m)[0])  # the Building card given up
    p = game_of(m).players[0]
    assert (p.cathedral, p.influence, p.virtue) == (1, 1, 8)


def test_louis_without_2_silver_takes_the_imposed_influence_loss() -> None:
    """§4.8: Louis ignores an Influence loss by spending 2 Silver; with 1 he cannot."""
    g = game_of(wow({"players": [{"architect": "louis", "silver": 1, "influence": 4}]}))
    assert run(wonders.change_influence(g, 0, -2, "profiteer", imposed=True)) == []
    assert (g.players[0].influence, g.players[0].silver) == (2, 1)


# ---------------------------------------------------------------------------------- solo (§5)
def test_the_ais_workers_at_the_profiteer_suffer_the_consequence_and_go_to_prison() -> None:
    """§5.9: at a Reset the AI follows the Consequence (contribution_1: 1 Debt) and its workers
    there go to Prison; steps 10-11 apply to it like a player."""
    from engine.games.architects.ai.game import AI
    from tests.engine.architects.solo_helpers import run as run_silent
    from tests.engine.architects.solo_helpers import solo

    g = solo("executor")
    g.consequences.append("contribution_1")  # Profiteer at the Quarry: 1 Debt
    g.profiteer, g.princess = "quarry", "forest"
    g.at["quarry"][AI] = 3
    debts, virtue = g.players[AI].debts, g.players[AI].virtue
    run_silent(market.reset(g))
    assert g.at["quarry"][AI] == 0 and g.prison[AI] == 3
    # the Consequence's Debt, the most-in-Prison Debt, and 1 Virtue for 3 in Prison
    assert g.players[AI].debts == debts + 2 and g.players[AI].virtue == virtue - 1


# ---------------------------------------------------------------------------------- Apprentices (§6.2)
def test_a_charlatan_covers_its_resource_in_storehouse_trades_too() -> None:
    """§6.2: a Charlatan's 1 Influence skips 1 of its resource for any purpose, trades included
    (a Trader's 2 Wood, a Virtue trade's Wood); other resources still need the goods."""
    spec = {
        "apprentices": ["charlatan_wood", "trader_wood"],
        "influence": 3,
        "goods": {"clay": 1},
        "virtue": 6,
    }
    m = wow({"players": [dict(spec)]})
    answer(m, "kings_storehouse")
    assert {"virtue:1.1.0", "virtue:0.2.0", "app:trader_wood"} <= set(ids(m))
    assert "virtue:0.0.2" not in ids(m) and "virtue:2.0.0" not in ids(m)
    answer(m, "app:trader_wood")
    p = game_of(m).players[0]
    assert (p.res["marble"], p.influence, p.res["wood"]) == (1, 1, 0)
    m = wow({"players": [dict(spec)]})
    answer(m, "kings_storehouse", "virtue:1.1.0")
    p = game_of(m).players[0]
    assert (p.virtue, p.res["clay"], p.influence) == (7, 0, 2)


def test_two_influence_may_stand_for_hugos_2_silver_instead_of_a_debt() -> None:
    """§4.1: 2 Influence may replace up to 2 Silver of any payment, Hugo's refusal of a Debt too."""
    g = game_of(wow({"players": [{"architect": "hugo", "silver": 0, "influence": 2}]}))
    assert run(g.take_debt(0, "test"), "yes") == ["hugo_refuse_debt"]
    p = g.players[0]
    assert (p.debts, p.influence, p.silver) == (0, 0, 0)
    g.players[0].influence = 1  # too little to cover Silver: the Debt is taken without asking
    assert run(g.take_debt(0, "test")) == []
    assert p.debts == 1


def test_the_influence_credit_ends_with_the_turn() -> None:
    """§4.1: what is left of a 2-Influence substitution covers later Silver of the same turn
    only; on a rival's turn (Hugo refusing a Debt at a Reset) it is gone."""
    m = wow({"players": [{"architect": "hugo", "silver": 1, "influence": 2, "virtue": 6}, {}]})
    answer(m, "market:0", "sub:1")
    g = game_of(m)
    assert prompt(m).seat == 1 and g.players[0].silver == 1 and g.players[0].influence == 0
    assert g.credit[0] == 0
    assert run(g.take_debt(0, "test")) == [] and g.players[0].debts == 1


def test_the_ai_sent_to_the_princess_only_contributes() -> None:
    """§5.3: told to place at the Princess, the AI makes exactly one Contribution and takes no
    other action of that location (here the Silversmith's Silver, which would move its marker)."""
    from engine.games.architects.ai.game import AI
    from tests.engine.architects.solo_helpers import solo, turn

    g = solo("benefactor")
    g.contrib_deck[-1] = "contribution_1"
    g.princess = "silversmith"
    g.track = 1  # Wood: 2 Influence on contribution_1
    influence, marble = g.players[AI].influence, g.players[AI].res["marble"]
    turn(g, "plot_gift")
    assert g.on_card == ["wood"] and g.at["silversmith"][AI] == 1
    assert g.track == 1 and g.players[AI].res["marble"] == marble
    assert g.players[AI].influence == influence + 2


def test_the_ai_placing_at_the_princess_uninstructed_does_not_contribute() -> None:
    """§5.3: the AI contributes at the Princess only when a card tells it to."""
    from engine.games.architects.ai.game import AI
    from tests.engine.architects.solo_helpers import solo, turn

    g = solo("benefactor")
    g.princess = "forest"
    g.track = 0
    turn(g, "plot_timber")  # the Forest: gain 2 Silver
    assert g.at["forest"][AI] == 1 and g.on_card == [] and g.track == 2
