"""Bug classes Board Game Arena's implementation has shown, designed out here: the Crane's extra
build is granted, and never offered with nothing to pay for; a Black Market Reset applies each
player's own Reset ability to that player whoever triggered it; and an undo can never cross an
event that showed a hidden or random card (a display refill, a Building draw, a Reset)."""

from __future__ import annotations

from typing import Any

from engine.core.events import sounds_revealing
from engine.core.match import Match
from engine.core.registry import get_game
from tests.engine.architects.helpers import answer, at, game_of, key, prompt, seats

CRANE_ONLY = {"wood": 3, "stone": 1}  # exactly the Crane's cost
GAME = get_game("architects")


# ---------------------------------------------------------------------------------- the Crane
def crane_game(goods: dict[str, int], hand: list[str], **player: Any) -> Match:
    me = {"hand": ["crane", *hand], "goods": goods, **player}
    return at({"players": [me, {}]}, promo_cards=True)


def test_the_crane_grants_the_extra_build_and_its_worker_builds() -> None:
    m = crane_game({"wood": 5, "stone": 3}, ["well"])
    answer(m, "guildhall", "build:0")
    assert key(m) == "crane" and prompt(m).seat == 0
    answer(m, "yes")
    g = game_of(m)
    assert g.players[0].buildings == ["crane", "well"] and g.guildhall == [0, 0]
    assert g.players[0].res == {"clay": 4, "wood": 0, "stone": 0, "gold": 0, "marble": 0}  # the Well's 4
    assert prompt(m).seat == 1  # the turn is over


def test_the_crane_grants_a_cathedral_climb_as_the_extra_action() -> None:
    m = crane_game({**CRANE_ONLY, "gold": 1}, ["smithy"], virtue=7)
    answer(m, "guildhall", "build:0", "yes")  # the climb is the only action left: taken at once
    g = game_of(m)
    assert g.players[0].cathedral == 1 and g.players[0].hand == [] and g.guildhall == [0, 0]
    assert g.players[0].res["gold"] == 0 and prompt(m).seat == 1


def test_the_crane_is_not_offered_with_nothing_left_to_pay_for() -> None:
    m = crane_game(dict(CRANE_ONLY), ["well"])  # the Crane takes every good: the Well is out of reach
    events = m.submit(0, ("guildhall",))  # the Crane is the only buildable card: built at once
    g = game_of(m)
    assert g.players[0].buildings == ["crane"] and g.guildhall == [0]
    placed = [e for e in events if e.kind == "place" and e.seat == 0]
    assert prompt(m).seat == 1 and len(placed) == 1 and not any(e.kind == "no_action" for e in events)


def test_the_crane_is_not_offered_without_the_skills_or_the_virtue() -> None:
    m = crane_game({"wood": 6, "stone": 3, "gold": 1}, ["tavern"], virtue=4)  # the Tavern is paid for
    answer(m, "guildhall")  # Tavern needs Carpentry, the Cathedral Virtue 5: only the Crane is built
    assert game_of(m).guildhall == [0] and prompt(m).seat == 1


def test_the_crane_is_not_offered_without_a_worker_in_supply() -> None:
    m = at(
        {"players": [{"hand": ["crane", "well"], "goods": {"wood": 5, "stone": 3}, "supply": 1}, {}]},
        promo_cards=True,
    )
    answer(m, "guildhall", "build:0")
    assert game_of(m).guildhall == [0] and game_of(m).players[0].supply == 0 and prompt(m).seat == 1


def test_the_cranes_worker_fires_its_space_and_may_end_the_game() -> None:
    # two players: 12 spaces; the Crane's worker takes the last one
    m = at(
        {
            "players": [{"hand": ["crane", "well"], "goods": {"wood": 5, "stone": 3}}, {}],
            "guildhall": [1] * 10,
        },
        promo_cards=True,
    )
    answer(m, "guildhall", "build:0", "yes")
    g = game_of(m)
    assert len(g.guildhall) == 12 and g.ender == 0 and g.players[0].buildings == ["crane", "well"]


def test_the_crane_is_not_offered_beyond_a_full_guildhall_when_that_rule_is_off() -> None:
    pos = {
        "players": [{"hand": ["crane", "well"], "goods": {"wood": 5, "stone": 3}}, {}],
        "guildhall": [1] * 11,
    }
    m = at(pos, promo_cards=True, guildhall_after_end=False)
    answer(m, "guildhall", "build:0")  # the last space: the end is triggered
    assert game_of(m).guildhall == [1] * 11 + [0] and prompt(m).seat == 1
    m = at(pos, promo_cards=True)  # the BGA rule: the full Guildhall still takes workers
    answer(m, "guildhall", "build:0", "yes")
    assert len(game_of(m).guildhall) == 13 and game_of(m).players[0].buildings == ["crane", "well"]


# ---------------------------------------------------------------------------------- Reset abilities
def test_a_reset_applies_each_players_own_abilities_to_that_player() -> None:
    """Seat 0 (no Reset ability) triggers; Gatekeeper frees seat 1's prisoners, Peddler pays seat
    2, Squire pays seat 3 (nobody of its in Prison), Fara asks seat 1 only: nothing reaches seat 0."""
    m = at(
        {
            "players": [
                {"silver": 3, "virtue": 5, "prison": 4},
                {"prison": 4, "apprentices": ["gatekeeper"], "architect": "fara", "virtue": 7},
                {"apprentices": ["peddler"], "silver": 0, "prison": 1},
                {"apprentices": ["squire_gold"]},
            ],
            "market": [1, 2, None],
        },
        players=4,
        promo_cards=True,
    )
    answer(m, "market:2")
    assert key(m) == "fara_release" and prompt(m).seat == 1
    answer(m, "yes")
    g = game_of(m)
    # seat 0's worker went to Prison with the others: 4 + 1; seat 1: 4 + 1 - 2 (Gatekeeper) - 1 (Fara)
    assert g.prison == [5, 2, 2, 0]
    assert g.players[0].silver == 0 and g.players[0].res["gold"] == 0
    assert g.players[2].silver == 2  # Peddler
    assert g.players[3].res["gold"] == 1  # Squire
    assert [p.debts for p in g.players] == [1, 0, 0, 0]  # the most in Prison is seat 0
    assert [p.virtue for p in g.players] == [3, 7, 7, 7]  # market Virtue, then 3+ in Prison


def test_the_triggering_players_own_ability_applies_to_them_only() -> None:
    m = at(
        {
            "players": [
                {"silver": 3, "virtue": 5, "apprentices": ["peddler", "gatekeeper"], "prison": 2},
                {"prison": 2, "silver": 0},
            ],
            "market": [1, 1, None],
        },
        promo_cards=True,
    )
    answer(m, "market:2")
    g = game_of(m)
    assert g.prison == [1, 4]  # seat 0: 2 + 1 - 2 freed; seat 1 keeps all its own
    assert g.players[1].silver == 0 and g.players[0].silver == 2
    assert [p.debts for p in g.players] == [0, 1]


def test_a_guildhall_reset_by_a_rival_applies_each_owners_abilities() -> None:
    """The first space of row 3 resets; the builder (seat 1) has no ability, seat 0's Squire pays."""
    m = at(
        {
            "first": 1,
            "players": [
                {"apprentices": ["squire_gold"]},
                {"hand": ["well"], "goods": {"wood": 2, "stone": 2}, "apprentices": ["peddler"]},
            ],
            "guildhall": [0] * 6,
        },
        promo_cards=True,
    )
    silver = [p.silver for p in game_of(m).players]
    answer(m, "guildhall")
    g = game_of(m)
    assert g.players[0].res["gold"] == 1 and g.players[1].res["gold"] == 0  # Squire: seat 0's
    assert [p.silver for p in g.players] == [silver[0], silver[1] + 2]  # Peddler: seat 1's


# ---------------------------------------------------------------------------------- undo and chance
def revealing_steps(seed: int, players: int, policy: str) -> tuple[set[str], list[str]]:
    """Play random moves; after each answer that changed what the public sees of chance or hidden
    cards (display, Black Market faces, Reward cards, hand sizes grown by draws), some event of
    that answer must be one an undo may not cross."""
    match = Match("architects", seats(players), {"architect_side": "B", "promo_cards": True}, seed)
    bots = [GAME.policies[policy](i, seed) for i in range(players)]  # heuristic seats build more
    kinds: set[str] = {e.kind for e in match.opening_events if e.public}
    bad: list[str] = []

    def chance(view: dict[str, Any]) -> tuple[Any, ...]:
        return (
            view["display"],
            view["market_small"],
            view["market_large"],
            view["rewards_left"],
            [q["hand_count"] for q in view["players"]],
        )

    while not match.finished:
        p = match.prompts()[0]
        before = chance(match.view(None))
        events = match.submit(p.seat, bots[p.seat].choose(match.policy_view(p.seat), p))
        kinds |= {e.kind for e in events if e.public}
        after = chance(match.view(None))
        grew = any(b < a for b, a in zip(before[4], after[4], strict=True))
        if (before[:4] != after[:4] or grew) and not any(GAME.reveals(e) for e in events if e.public):
            bad.append(f"seed {seed} answer {len(match.log)}: {[e.kind for e in events]}")
    return kinds, bad


def test_every_public_change_of_chance_or_hidden_cards_blocks_undo() -> None:
    assert GAME.revealing_events is not None
    kinds: set[str] = set()
    bad: list[str] = []
    for seed, n, policy in ((3, 2, "random"), (4, 4, "random"), (5, 3, "heuristic")):
        more, wrong = revealing_steps(seed, n, policy)
        kinds |= more
        bad += wrong
    assert bad == []
    assert {"hire", "display_refresh", "draw", "reset", "reward"} <= kinds
    assert {"hire", "display_refresh", "draw", "look", "reset", "reward"} <= GAME.revealing_events
    assert sorted(k for k in kinds if sounds_revealing(k) and k not in GAME.revealing_events) == []
