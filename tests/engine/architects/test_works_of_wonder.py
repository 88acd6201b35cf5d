"""Works of Wonder: a scenario for every rule of the expansion (our data file's values)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.errors import InvalidSetup
from engine.core.match import Match
from engine.core.prompts import Prompt
from engine.games.architects import market, wonders
from engine.games.architects.options import normalize_options
from engine.games.architects.wow_data import check, ours
from tests.engine.architects.helpers import answer, game_of, ids, key, prompt, wow


# ---------------------------------------------------------------------------------- setup
def test_setup_puts_every_reward_card_in_play_and_reveals_the_first_consequence() -> None:
    m = Match("architects", _seats(3), {"works_of_wonder": True}, 5)
    g = game_of(m)
    assert len(g.rewards) == 11 + 12  # no removal by player count
    assert len(g.consequences) == 1 and len(g.contrib_deck) == 6
    cons = ours().contribution(g.consequences[0])
    assert (g.princess, g.profiteer) == (cons.princess_at, cons.profiteer_at)
    assert all(p.influence == 0 for p in g.players)


def test_the_free_draft_is_from_10_in_reverse_order_and_the_gaps_close_after() -> None:
    picks: list[str] = []
    m = Match("architects", _seats(3), {"works_of_wonder": True, "draft": False}, 3)
    g = game_of(m)
    before = [list(row) for row in g.display]
    assert sum(c is not None for row in before for c in row) == 10
    order = []
    while key(m) == "first_apprentice":
        order.append(prompt(m).seat)
        assert len(ids(m)) == 10 - len(picks)
        picks.append("0.0" if "0.0" in ids(m) else ids(m)[0])
        answer(m, picks[-1])
    assert order == list(reversed(g.order))
    # row 0 lost its first three cards: the other two slid left, three new ones at the right
    assert g.display[0][:2] == before[0][3:] and all(c is not None for row in g.display for c in row)


def test_side_b_deals_the_new_boards_with_their_printed_start() -> None:
    seen = {}
    for seed in range(40):
        m = Match("architects", _seats(5), {"works_of_wonder": True, "architect_side": "B"}, seed)
        g = game_of(m)
        for p in g.players:
            seen[p.architect] = (p.influence, g.prison[p.seat])
        first = g.order[0]
        top = max(p.virtue for p in g.players)
        assert g.players[first].virtue == top
        tied = [p for p in g.players if p.virtue == top]
        assert g.players[first].influence == max(p.influence for p in tied)
    assert seen["charles"] == (3, 0) and seen["louis"] == (2, 13) and seen["isabelle"][1] == 5


# ---------------------------------------------------------------------------------- Influence
def test_influence_from_4_to_6_draws_one_building_and_stops_at_12() -> None:
    m = wow({"players": [{"influence": 4, "goods": {"wood": 1}}]})
    g = game_of(m)
    answer(m, "silversmith")  # the Princess is here
    assert key(m) == "contribute"
    hand = len(g.players[0].hand)
    answer(m, "give:wood")
    assert g.players[0].influence == 6 and len(g.players[0].hand) == hand + 1
    g2 = game_of(wow({"players": [{"influence": 11}]}))
    gen = wonders.change_influence(g2, 0, 5, "test")
    with pytest.raises(StopIteration):
        next(gen)
    assert g2.players[0].influence == 12


def test_a_gain_passing_both_thresholds_draws_two_buildings_and_losses_stop_at_0() -> None:
    g = game_of(wow({"players": [{"influence": 3}]}))
    hand = len(g.players[0].hand)
    _run(wonders.change_influence(g, 0, 7, "test"))
    assert g.players[0].influence == 10 and len(g.players[0].hand) == hand + 2
    _run(wonders.change_influence(g, 0, -15, "test"))
    assert g.players[0].influence == 0


def test_black_market_centre_paid_with_4_influence_instead_of_2_silver_and_1_virtue() -> None:
    m = wow({"players": [{"influence": 4, "silver": 0, "virtue": 6}]})
    answer(m, "market:1")
    assert key(m) == "influence_for_silver" and ids(m) == ["sub:1"] or key(m) == "influence_for_virtue"
    while key(m) in ("influence_for_silver", "influence_for_virtue"):
        answer(m, ids(m)[-1])
    p = game_of(m).players[0]
    assert p.influence == 0 and p.virtue == 6 and p.silver == 0


def test_virtue_loss_may_cost_2_influence_or_be_taken() -> None:
    m = wow({"players": [{"influence": 3, "silver": 2, "virtue": 6}]})
    answer(m, "market:1")
    assert key(m) == "influence_for_silver" and ids(m) == ["sub:0", "sub:1"]
    answer(m, "sub:0")
    assert key(m) == "influence_for_virtue" and ids(m) == ["spare:0", "spare:1"]
    answer(m, "spare:0")
    p = game_of(m).players[0]
    assert p.virtue == 5 and p.influence == 3


def test_contributions_and_tax_are_never_paid_with_influence() -> None:
    # no Wood in the supply: 12 Influence cannot stand in for the Contribution
    m = wow({"players": [{"influence": 12}]})
    answer(m, "silversmith")
    assert key(m) != "contribute"
    # the Stone Wonder's 3 Tax need Silver
    g = game_of(wow({"players": [{"influence": 12, "silver": 0, "goods": {"stone": 14}}], "tax": 0}))
    assert wonders.wonder_ways(g, 0, "wonder_stone") == []
    g.players[0].silver = 3
    assert wonders.wonder_ways(g, 0, "wonder_stone") == [0]


def test_two_influence_cover_two_separate_silver_payments() -> None:
    g = game_of(wow({"players": [{"influence": 2, "silver": 0}]}))
    _run(wonders.pay_silver(g, 0, 1, "first"))
    assert g.players[0].influence == 0 and g.credit[0] == 1
    _run(wonders.pay_silver(g, 0, 1, "second"))
    assert g.credit[0] == 0 and g.players[0].silver == 0


def test_four_influence_pay_a_missing_gold_of_the_cathedral() -> None:
    m = wow({"players": [{"influence": 5, "hand": ["well", "smithy"], "virtue": 7}]})
    events = collect(m, "guildhall")
    while key(m) != "cathedral_discard":
        events += collect(m, "cathedral" if "cathedral" in ids(m) else ids(m)[0])
    events += collect(m, ids(m)[0])
    p = game_of(m).players[0]
    spent = [e.data["delta"] for e in events if e.kind == "influence" and e.data["why"] == "for_goods"]
    assert p.cathedral == 1 and p.res["gold"] == 0 and spent == [-4]


def test_the_merchant_example_two_influence_pay_two_one_silver_trades() -> None:
    m = wow(
        {
            "players": [
                {
                    "influence": 2,
                    "silver": 0,
                    "apprentices": ["merchant_clay"],
                    "workers": {"kings_storehouse": 1},
                }
            ]
        }
    )
    answer(m, "kings_storehouse", "app:merchant_clay")
    g = game_of(m)
    assert g.players[0].influence == 0 and g.credit[0] == 1 and g.players[0].res["clay"] == 3
    answer(m, "app:merchant_clay")  # the second trade is covered by what is left of the 2
    assert g.players[0].res["clay"] == 6 and g.credit[0] == 0 and g.players[0].silver == 0


def test_hiring_silver_may_be_influence_but_tax_and_display_coins_may_not() -> None:

    g = game_of(wow({"players": [{"influence": 12, "silver": 2}]}))
    assert wonders.can_pay(g, 0, 2, 2) and not wonders.can_pay(g, 0, 2, 3)


# ---------------------------------------------------------------------------------- figures
def test_profiteer_gives_1_influence_and_charles_1_silver() -> None:
    m = wow({"players": [{"architect": "charles", "silver": 0}]})
    answer(m, "mines")
    p = game_of(m).players[0]
    assert p.influence == 1 and p.silver == 1 and p.res["clay"] == 2


def test_arnulf_counts_the_princess_as_a_worker_of_his() -> None:
    m = wow({"players": [{"architect": "arnulf", "silver": 0}]})
    answer(m, "silversmith")
    assert game_of(m).players[0].silver == 3  # 2 workers + 1


def test_capturing_at_the_princess_costs_1_virtue_and_at_the_profiteer_gives_1() -> None:
    m = wow(
        {
            "players": [
                {"silver": 5, "virtue": 6, "workers": {"town_centre": 1}},
                {"workers": {"silversmith": 3, "mines": 2}},
            ],
            "tax": 0,
        }
    )
    answer(m, "town_centre", "cap:silversmith:1")
    assert game_of(m).players[0].virtue == 5
    answer(m, "cap:mines:1")
    assert game_of(m).players[0].virtue == 6 and game_of(m).players[0].captives[1] == 5


# ---------------------------------------------------------------------------------- Contributions
def test_one_resource_of_each_kind_per_card_and_the_reward_at_once() -> None:
    m = wow(
        {
            "players": [{"goods": {"marble": 1, "clay": 1}}],
            "works_of_wonder": {"on_card": ["clay", "stone", "gold"]},
        }
    )
    answer(m, "silversmith")
    assert ids(m) == ["give:marble", "no"]  # Clay is already on the card
    rewards = len(game_of(m).rewards)
    answer(m, "give:marble")
    g = game_of(m)
    assert g.on_card == ["clay", "stone", "gold", "marble"]
    assert len(g.rewards) == rewards - 1 and g.players[0].influence >= 2


def test_the_fifth_resource_resets_the_black_market_after_the_action() -> None:
    m = wow(
        {
            "players": [{"goods": {"wood": 1}, "silver": 0}, {"workers": {"mines": 1}}],
            "works_of_wonder": {"on_card": ["clay", "stone", "gold", "marble"]},
            "market": [1, None, None],
        }
    )
    answer(m, "silversmith", "give:wood")
    assert key(m) == "princess_reward"  # contribution_2: a Reward card or 3 Silver, seat 0 alone
    answer(m, "reward:1")
    g = game_of(m)
    assert g.players[0].silver == 2 + 3
    assert g.on_card == [] and g.consequences[-1] == "contribution_1"
    assert (g.profiteer, g.princess) == ("quarry", "forest")
    assert g.prison[1] == 2  # the Black Market worker and the Profiteer's
    assert g.wonder_res == {
        "wonder_marble": 1,
        "wonder_gold": 1,
        "wonder_wood": 1,
        "wonder_stone": 1,
        "wonder_clay": 1,
    }


# ---------------------------------------------------------------------------------- the Reset
def test_the_reset_runs_its_steps_in_order() -> None:
    """Profiteer workers reach Prison (step 4) before the Prison penalties (10, 11); the tied
    Princess majority both take the reward (5); a built Wonder sends its resource back (6)."""
    m = wow(
        {
            "players": [
                {"silver": 5, "virtue": 6, "workers": {"silversmith": 1}},
                {"prison": 1, "workers": {"mines": 2, "silversmith": 1}, "virtue": 5},
            ],
            "market": [1, 1, None],
            "works_of_wonder": {"on_card": ["clay", "wood"]},
        }
    )
    g = game_of(m)
    g.wonder_owner["wonder_clay"] = 1
    events = collect(m, "market:2")
    while key(m) in ("influence_for_virtue", "princess_reward"):
        events += collect(m, ids(m)[0])
    # seat 1: 2 from the Black Market + 2 from the Profiteer + 1 = 5: -1 Virtue and the Debt;
    # the Profiteer's Consequence (contribution_2: -2 Influence) had nothing to take
    assert g.prison[1] == 5 and g.players[1].debts == 1 and g.players[1].virtue == 4
    assert g.wonder_res["wonder_clay"] == 0 and g.wonder_res["wonder_wood"] == 1
    assert g.consequences[-1] == "contribution_1"
    # contribution_2's Princess reward: a Reward card or 3 Silver, to both tied players
    rewards = [e for e in events if e.kind == "reward"]
    assert {e.seat for e in rewards} == {0, 1}


def test_two_resets_in_one_turn_are_resolved_one_after_the_other() -> None:
    m = wow(
        {
            "players": [{"goods": {"wood": 1}, "silver": 3, "virtue": 6}],
            "works_of_wonder": {"on_card": ["clay", "stone", "gold", "marble"]},
            "market": [1, 1, None],
        }
    )
    g = game_of(m)
    g.pending_resets = 1  # as if an earlier effect this turn had filled the card
    events = collect(m, "silversmith", "give:wood")
    while key(m) == "princess_reward":
        events += collect(m, "reward:1")
    flips = [e for e in events if e.kind == "consequence"]
    assert [e.data["card"] for e in flips[-2:]] == ["contribution_1", "contribution_3"]
    assert sum(1 for e in events if e.kind == "reset") == 2


def test_an_empty_contribution_deck_is_reshuffled_with_every_card_at_the_next_reset() -> None:
    m = wow(
        {
            "players": [{"silver": 5, "virtue": 6}],
            "market": [1, 1, None],
            "works_of_wonder": {
                "contributions": [],
                "consequences": [f"contribution_{k}" for k in range(1, 8)],
            },
        }
    )
    g = game_of(m)
    assert wonders.current_contribution(g) is None  # nothing to contribute to until the Reset
    answer(m, "market:2")
    while prompt(m).seat != 1:
        answer(m, ids(m)[0])
    assert len(g.consequences) == 1 and len(g.contrib_deck) == 6


# ---------------------------------------------------------------------------------- Wonders
def test_stone_wonder_costs_5_influence_3_tax_and_14_stone_less_what_was_contributed() -> None:
    m = wow(
        {
            "players": [{"influence": 5, "silver": 3, "goods": {"stone": 11}, "virtue": 6}],
            "works_of_wonder": {"wonder_res": {"wonder_stone": 3}},
            "tax": 0,
        }
    )
    answer(m, "guildhall")  # the Wonder is the only thing to do there: taken without asking
    assert key(m) == "wonder_marker"
    assert sorted(ids(m)) == sorted(f"marker:{x}" for x in ours().marker_locations)  # never the Mines
    answer(m, "marker:quarry")
    g = game_of(m)
    p = g.players[0]
    assert p.influence == 0 and p.silver == 0 and p.res["stone"] == 0 and g.tax == 3
    assert p.virtue == 8 and p.wonders == ["wonder_stone"] and g.markers == {"quarry": "wonder_stone"}
    assert g.wonder_res["wonder_stone"] == 0


def test_one_marker_per_location_and_the_owner_visits_with_a_bonus() -> None:
    m = wow({"players": [{"influence": 0}], "works_of_wonder": {"markers": {"quarry": "wonder_stone"}}})
    g = game_of(m)
    g.wonder_owner["wonder_stone"] = 0
    answer(m, "quarry")
    assert key(m) == "wonder_visit"
    answer(m, "wonder_worker")
    assert g.players[0].res["stone"] == 2
    m2 = wow({"players": [{"influence": 0}], "works_of_wonder": {"markers": {"quarry": "wonder_stone"}}})
    game_of(m2).wonder_owner["wonder_stone"] = 0
    answer(m2, "quarry", "wonder_influence")
    assert game_of(m2).players[0].influence == 1 and game_of(m2).players[0].res["stone"] == 1


def test_a_rival_wonder_gives_nothing_and_wonders_do_not_count_at_the_reset() -> None:
    m = wow({"players": [{}, {}], "works_of_wonder": {"markers": {"quarry": "wonder_stone"}}})
    game_of(m).wonder_owner["wonder_stone"] = 1
    answer(m, "quarry")
    assert game_of(m).players[0].res["stone"] == 1


def test_four_influence_stand_for_one_marble_of_the_marble_wonder() -> None:
    g = game_of(wow({"players": [{"influence": 12, "silver": 5, "goods": {"marble": 5}}]}))
    assert wonders.wonder_ways(g, 0, "wonder_marble") == [1]  # 8 + 4 Influence, 5 Marble


def test_a_wonder_is_a_building_for_every_building_hook() -> None:
    m = wow({"players": [{"architect": "zesiro", "influence": 6, "silver": 4, "goods": {"wood": 12}}]})
    answer(m, "guildhall", "marker:forest")
    p = game_of(m).players[0]
    assert p.influence == 1  # 6 paid, 1 back from Zesiro's erecting
    g = game_of(m)
    assert wonders.wonder_vp(g, 0) == 10


# ---------------------------------------------------------------------------------- boards
def test_clotilde_takes_1_clay_per_virtue_lost() -> None:
    m = wow({"players": [{"architect": "clotilde", "silver": 2, "virtue": 6}]})
    answer(m, "market:1")
    assert game_of(m).players[0].res["clay"] == 1


def test_louis_climbs_at_any_virtue_and_may_buy_off_an_imposed_influence_loss() -> None:
    g = game_of(
        wow(
            {
                "players": [
                    {
                        "architect": "louis",
                        "virtue": 0,
                        "hand": ["well"],
                        "goods": {"gold": 1},
                        "silver": 2,
                        "influence": 4,
                    }
                ]
            }
        )
    )
    from engine.games.architects import guildhall

    assert guildhall.can_climb(g, 0)
    flow = wonders.change_influence(g, 0, -2, "profiteer", imposed=True)
    asked = next(flow)
    assert isinstance(asked, Prompt) and asked.key.endswith("louis_ignore")
    with pytest.raises(StopIteration):
        flow.send({0: ("yes",)})
    assert g.players[0].influence == 4 and g.players[0].silver == 0


def test_zesiro_enters_the_black_market_at_any_virtue() -> None:
    g = game_of(wow({"players": [{"architect": "zesiro", "virtue": 12, "silver": 3}]}))
    assert market.placements(g, 0)
    g.players[0].architect = None
    assert not market.placements(g, 0)


def test_isabelle_takes_1_marble_per_apprentice() -> None:
    m = wow({"players": [{"architect": "isabelle", "silver": 5, "virtue": 6}]})
    answer(m, "market:1")
    answer(m, next(i for i in ids(m) if i.startswith("hire:")))
    g = game_of(m)
    assert len(g.players[0].apprentices) == 1 and g.players[0].res["marble"] == 1


# ---------------------------------------------------------------------------------- the end
@pytest.mark.parametrize(
    ("influence", "gold"),
    [([5, 3, 1], [4, 0, 0]), ([5, 5, 1], [2, 2, 0]), ([4, 4, 4], [1, 1, 1])],
)
def test_the_most_influence_takes_4_gold_shared_evenly(influence: list[int], gold: list[int]) -> None:
    g = game_of(wow({"players": [{"influence": v} for v in influence]}, players=3))
    _run(wonders.most_influence_bonus(g))
    assert [p.res["gold"] for p in g.players] == gold


# ---------------------------------------------------------------------------------- data
def test_our_values_are_marked_and_valid_and_a_server_file_replaces_them() -> None:
    text = (ours_path()).read_text(encoding="utf-8")
    assert check(text) == [] and ours().source == "ours"
    assert ours().wonder("wonder_stone").amount == 14 and ours().wonder("wonder_wood").influence == 6
    for w in ("wonder_clay", "wonder_gold", "wonder_marble"):
        assert ours().wonder(w).influence not in (5, 6)  # the solo example's constraint
    printed = text.replace(
        'vp: 10, source: "rulebook (influence, tax, amount); ours (vp)"', "vp: 21, source: printed"
    )
    opts = normalize_options({"works_of_wonder": True, "wonders_data": printed}, 2)
    g = game_of(Match("architects", _seats(2), opts, 1))
    assert g.wow is not None and g.wow.wonder("wonder_stone").vp == 21
    assert check("wonders: 3") and check(text.replace("princess_at: forest", "princess_at: guildhall"))
    with pytest.raises(InvalidSetup):
        normalize_options({"works_of_wonder": True, "wonders_data": "nonsense: [1"}, 2)


def test_one_switch_offers_the_option_and_its_data_upload_together() -> None:
    from engine.games.architects import GAME
    from engine.games.architects.options import WOW_RELEASED, ArchitectsOptions
    from engine.games.architects.wow_data import DATA_SETS

    extra = ArchitectsOptions.model_fields["works_of_wonder"].json_schema_extra
    assert isinstance(extra, dict) and extra["command"] is WOW_RELEASED
    assert [d.kind for d in GAME.data_sets] == (["wonders", "ai"] if WOW_RELEASED else [])
    assert [d.kind for d in DATA_SETS] == ["wonders"]
    parsed = GAME.parse_options({"works_of_wonder": "true"}, 3)
    assert parsed["works_of_wonder"] is True and "wonders_data" not in parsed


# ---------------------------------------------------------------------------------- helpers
def _seats(n: int) -> list[Any]:
    from tests.engine.architects.helpers import seats

    return seats(n)


def ours_path() -> Any:
    from engine.games.architects.data import DATA

    return DATA / "works_of_wonder.yaml"


def collect(m: Match, *choices: str) -> list[Any]:
    """Answer in turn and return the events the answers produced."""
    out: list[Any] = []
    for choice in choices:
        out += m.submit(prompt(m).seat, (choice,))
    return out


def _run(flow: Any) -> Any:
    """Run a rule function that asks nothing to its end."""
    try:
        next(flow)
    except StopIteration as stop:
        return stop.value
    raise AssertionError("the rule asked a question")


# ---------------------------------------------------------------------------------- simulate
def _simulated(players: int, seed: int) -> str:
    import contextlib
    import io

    from engine.cli import main

    args = ["simulate", "architects", "--players", str(players), "--games", "2"]
    args += [
        "--option",
        "works_of_wonder=true",
        "--option",
        "architect_side=B",
        "--seed",
        str(seed),
        "--json",
    ]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(args) == 0
    return out.getvalue()


def test_simulate_with_the_expansion_is_deterministic_for_2_to_5_players() -> None:
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    for players in (2, 3, 4, 5):
        first = _simulated(players, 7)
        assert first == _simulated(players, 7)
        assert all(len(json.loads(line)["scores"]) == players for line in first.splitlines())
    root = Path(__file__).resolve().parents[3]
    args = ["simulate", "architects", "--players", "4", "--games", "2", "--option", "works_of_wonder=true"]
    args += ["--option", "architect_side=B", "--seed", "7", "--json"]
    other = subprocess.run(
        [sys.executable, "-m", "engine", *args],
        capture_output=True,
        text=True,
        cwd=root,
        env={**os.environ, "PYTHONHASHSEED": "99", "PYTHONPATH": str(root)},
        check=True,
    )
    assert other.stdout == _simulated(4, 7)


# ---------------------------------------------------------------------------------- Apprentices
def test_reset_step_3_pays_aristocrats_and_street_urchins_before_step_4_takes_the_workers() -> None:
    apps = ["aristocrat_1", "aristocrat_2", "street_urchin_1", "street_urchin_2", "street_urchin_3"]
    m = wow(
        {
            "players": [
                {"silver": 5, "virtue": 6, "apprentices": apps, "workers": {"silversmith": 1, "mines": 1}},
                {"apprentices": ["aristocrat_3"], "workers": {"mines": 1}},
            ],
            "market": [1, 1, None],
        }
    )
    events = collect(m, "market:2")
    while key(m) in ("influence_for_virtue", "princess_reward"):
        events += collect(m, "reward:1" if key(m) == "princess_reward" else ids(m)[0])
    g = game_of(m)
    step3 = [
        (e.seat, e.data["goods"]) for e in events if e.kind == "gain" and e.data["why"].startswith("reset_")
    ]
    assert step3 == [
        (0, {"stone": 2}),
        (0, {"wood": 2}),
        (0, {"clay": 3}),
        (0, {"gold": 1}),
        (0, {"silver": 2}),
    ]  # aristocrat_3 needs a worker at the Princess
    first_prison = next(i for i, e in enumerate(events) if e.kind == "imprisoned")
    last_gain = max(
        i for i, e in enumerate(events) if e.kind == "gain" and e.data["why"].startswith("reset_")
    )
    assert last_gain < first_prison
    assert g.prison[0] == 2  # the Black Market worker and the Profiteer's (step 4, after step 3)


@pytest.mark.parametrize(
    ("card", "pay", "gets"),
    [
        ("sponsor_stone", {"stone": 1}, ("influence", 1)),
        ("sponsor_wood", {"wood": 1}, ("influence", 1)),
        ("financier_1", {"clay": 1}, ("stone", 1)),
        ("financier_2", {"wood": 1}, ("gold", 1)),
        ("tinker_1", {"stone": 2}, ("marble", 1)),
        ("tinker_2", {"clay": 2}, ("wood", 1)),
    ],
)
def test_storehouse_trades_of_the_new_apprentices(
    card: str, pay: dict[str, int], gets: tuple[str, int]
) -> None:
    m = wow({"players": [{"apprentices": [card], "goods": dict(pay)}]})
    answer(m, "kings_storehouse", f"app:{card}")
    p = game_of(m).players[0]
    got = p.influence if gets[0] == "influence" else p.res[gets[0]]
    assert got == gets[1] and all(p.res[k] == 0 for k in pay)


@pytest.mark.parametrize(
    ("card", "loc"),
    [
        ("knight_1", "town_centre"),
        ("knight_2", "guardhouse"),
        ("knight_3", "quarry"),
        ("diplomat_1", "kings_storehouse"),
        ("diplomat_2", "workshop"),
        ("diplomat_3", "forest"),
    ],
)
def test_knights_and_diplomats_give_1_influence_at_their_location(card: str, loc: str) -> None:
    g = game_of(wow({"players": [{"apprentices": [card]}]}))
    _drain(wonders.on_place(g, 0, loc))
    assert g.players[0].influence == 1
    _drain(wonders.on_place(g, 0, "silversmith"))
    assert g.players[0].influence == 1


@pytest.mark.parametrize(("card", "gain"), [("officer_1", ("influence", 2)), ("officer_2", ("silver", 2))])
def test_officers_reward_every_building_wonders_included(card: str, gain: tuple[str, int]) -> None:
    m = wow({"players": [{"apprentices": [card], "influence": 4, "silver": 2, "goods": {"clay": 12}}]})
    before = game_of(m).players[0].silver
    answer(m, "guildhall", "marker:forest")
    p = game_of(m).players[0]
    if gain[0] == "influence":
        assert p.influence == 2  # 4 paid, 2 back
    else:
        assert p.silver == before - 2 + 2  # 2 Tax paid, 2 Silver back


@pytest.mark.parametrize("card", ["crook_1", "crook_2"])
def test_a_crook_gives_1_influence_per_debt(card: str) -> None:
    g = game_of(wow({"players": [{"apprentices": [card]}]}))
    _drain(g.take_debt(0, "test"))
    assert g.players[0].debts == 1 and g.players[0].influence == 1


@pytest.mark.parametrize("card", ["charlatan_wood", "charlatan_clay"])
def test_a_charlatan_pays_a_missing_resource_with_1_influence(card: str) -> None:
    from engine.games.architects import guildhall

    res = card.split("_")[1]
    g = game_of(wow({"players": [{"apprentices": [card], "influence": 2}]}))
    ways = guildhall.ways_to_pay(g, 0, {res: 2})
    assert ways and all(
        guildhall.influence_cost(g.players[0].res, v, guildhall.charlatan(g, 0)) == 2 for v in ways
    )
    assert not guildhall.ways_to_pay(g, 0, {res: 3})


def _drain(flow: Any) -> None:
    """Run a rule that asks nothing; fail if it asks."""
    _run(flow)


# ---------------------------------------------------------------------------------- Buildings
def built(card: str, player: dict[str, Any], rival: dict[str, Any] | None = None, **wow_: Any) -> Match:
    """Seat 0 builds `card` (its cost given) at the Guildhall."""
    from engine.games.architects.data import buildings

    b = buildings()[card]
    skills = {"carpentry": "acolyte_card", "tiling": "acolyte_clay", "masonry": "acolyte_silver"}
    spec = {"hand": [card], "goods": dict(b.cost), "apprentices": [skills[s] for s in b.skills], **player}
    pos: dict[str, Any] = {"players": [spec, rival or {}]}
    if wow_:
        pos["works_of_wonder"] = wow_
    m = wow(pos)
    answer(m, "guildhall")
    if m.prompts() and key(m) == "guildhall":  # the Cathedral was possible too
        answer(m, "build:0")
    return m


@pytest.mark.parametrize(("card", "influence"), [("baths", 2), ("court", 3), ("pulpit", 1)])
def test_influence_buildings(card: str, influence: int) -> None:
    g = game_of(built(card, {}))
    assert g.players[0].buildings == [card] and g.players[0].influence == influence


def test_monastery_gives_1_influence_per_cathedral_level() -> None:
    assert game_of(built("monastery", {"cathedral": 3})).players[0].influence == 3


def test_arena_captures_twice_for_free() -> None:
    m = built("arena", {"silver": 0}, {"workers": {"forest": 2, "quarry": 3}})
    answer(m, "cap:forest:1", "cap:quarry:1")
    assert game_of(m).players[0].captives[1] == 5 and game_of(m).players[0].silver == 0


def test_gaol_sends_the_captives_to_prison() -> None:
    g = game_of(built("gaol", {"captives": [0, 3], "silver": 0}))
    assert g.prison[1] == 3 and g.players[0].silver == 3


def test_abbey_frees_2_prisoners_of_every_player_and_studio_draws_everyone_a_card() -> None:
    g = game_of(built("abbey", {"prison": 3}, {"prison": 1}))
    assert g.prison == [1, 0]
    m = built("studio", {})
    g = game_of(m)
    assert len(g.players[0].hand) == 1 and len(g.players[1].hand) == 1


@pytest.mark.parametrize(
    ("card", "loc"),
    [
        ("depot", "kings_storehouse"),
        ("jail", "guardhouse"),
        ("inn", "workshop"),
        ("mill", "forest"),
        ("mint", "silversmith"),
        ("theatre", "town_centre"),
    ],
)
def test_buildings_that_send_a_worker(card: str, loc: str) -> None:
    m = built(card, {})
    while m.prompts() and prompt(m).seat == 0:
        answer(m, ids(m)[-1] if "done" not in ids(m) else "done")
    assert game_of(m).at[loc][0] == 1


@pytest.mark.parametrize(
    ("card", "skill"), [("joinery", "carpentry"), ("pottery", "tiling"), ("potters_guild", "masonry")]
)
def test_skill_halls_give_virtue_per_apprentice_with_the_skill(card: str, skill: str) -> None:
    from engine.games.architects import scoring

    g = game_of(
        wow(
            {
                "players": [
                    {
                        "buildings": [card],
                        "virtue": 5,
                        "apprentices": ["acolyte_card", "acolyte_clay", "acolyte_silver", "labourer"],
                    }
                ]
            }
        )
    )
    from engine.games.architects.data import apprentices

    expected = sum(1 for a in g.players[0].apprentices if skill in apprentices()[a].skills)
    _drain(scoring.end_virtue(g, 0))
    assert expected >= 1 and g.players[0].virtue == 5 + expected


def test_outpost_and_fortification_at_the_end() -> None:
    from engine.games.architects import scoring

    g = game_of(
        wow(
            {
                "players": [
                    {"buildings": ["outpost", "fortification"], "influence": 5, "prison": 4, "virtue": 5},
                    {"influence": 4},
                ]
            }
        )
    )
    _drain(scoring.end_virtue(g, 0))
    assert g.players[0].virtue == 7 and g.prison[0] == 0


@pytest.mark.parametrize(
    ("card", "player", "bonus"),
    [
        ("country_house", {"influence": 7}, 3),
        ("mansion", {"wonders": ["wonder_clay"]}, 3),
        ("strongroom", {"silver": 9}, 2),
        ("wall", {"buildings": ["well", "smithy"], "cathedral": 2}, 2),
    ],
)
def test_end_vp_buildings(card: str, player: dict[str, Any], bonus: int) -> None:
    from engine.games.architects import scoring

    spec = {**player, "buildings": [card, *player.get("buildings", [])]}
    g = game_of(wow({"players": [spec]}))
    assert scoring.building_bonus(g, 0, card) == bonus


def test_school_renews_the_main_board_and_hires_for_free() -> None:
    m = built("school", {"silver": 0})
    g = game_of(m)
    before = [list(row) for row in g.display]
    assert key(m) == "free_hire"
    answer(m, ids(m)[0])
    assert len(g.players[0].apprentices) == 2 and g.players[0].silver == 0
    assert before[0][0] is not None


# ---------------------------------------------------------------------------------- hidden
def test_no_view_shows_the_contribution_deck_beyond_its_face_up_side() -> None:
    """The hidden sides (the top card's Consequence, the cards below it) never reach a view."""
    g = game_of(
        wow({"works_of_wonder": {"contributions": ["contribution_1", "contribution_3", "contribution_4"]}})
    )
    before = [json_of(g.view(s)) for s in (None, 0, 1)]
    g.contrib_deck[0], g.contrib_deck[1] = g.contrib_deck[1], g.contrib_deck[0]  # below the top
    assert [json_of(g.view(s)) for s in (None, 0, 1)] == before
    assert all("contribution_1" not in v for v in before)  # the top card is shown by its face only


def json_of(view: dict[str, Any]) -> str:
    import json

    return json.dumps(view, sort_keys=True, default=list)


def test_no_new_card_shares_an_id_or_english_name_with_a_term_or_location() -> None:
    """Names are looked up by id across every table, and the channel is searched for card names."""
    from engine.games.architects.data import apprentices, board, buildings

    terms = {t.id for t in board().terms} | {loc.id for loc in board().locations}
    words = {t.name for t in board().terms} | {loc.name for loc in board().locations}
    new = [c for table in (buildings(), apprentices()) for c in table.values() if c.set == "wow"]
    assert not {c.id for c in new} & terms and not {c.name for c in new} & words
