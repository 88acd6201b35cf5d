"""Mistwood's player powers against Nightweave (§3.4 and "Player Powers" in §4.15): the deal
without Spiders and without a power for her, Butterflies before her in the turn order, the Pigs'
pile beside her Meadow and deck, Stoats, and the spring worker with its balancing option; then
200 solo and 100 two-human games with heuristic bots at levels 0-4, checked at the end and
replayed from their record."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from engine.core.errors import InvalidSetup
from engine.core.events import Event
from engine.core.match import Match
from engine.games.everdell import normalize_options
from engine.games.everdell.bots import POLICIES
from engine.games.everdell.data import full_deck
from engine.games.everdell.player_powers import BUTTERFLY_HAND, PIG_POINTS
from tests.engine.mistwood.lair_helpers import MEADOW, from_position, game, her, ids, new_match, position
from tests.engine.mistwood.test_lair_property import digest

POWERS = {"player_powers": True}
FARMS = Counter(full_deck())["farm"]
NO_FARM_MEADOW = ["twig_barge", *MEADOW[1:6], "wife", MEADOW[7]]  # no Farm, no Fool


def keep(match: Match, prefer: str) -> None:
    """Answer the power prompts: each human keeps `prefer` when dealt it, else the first dealt."""
    for prompt in [p for p in match.prompts() if p.key == "everdell.prompt.power"]:
        offered = [o.id for o in prompt.options]
        match.submit(
            prompt.seat, (f"power:{prefer}" if f"power:{prefer}" in offered else offered[0],), pid=prompt.pid
        )


def powered(humans: int, seed: int, prefer: str, **extra: Any) -> Match:
    """A match where the powers are kept and the Pigs' owner, if any, declines the free Farm."""
    match = new_match(humans=humans, seed=seed, **POWERS, **extra)
    keep(match, prefer)
    for prompt in [p for p in match.prompts() if p.key == "everdell.prompt.pigs_free"]:
        match.submit(prompt.seat, ("no",), pid=prompt.pid)
    return match


def seed_where(humans: int, power: str, seat: int = 0, start: int = 0) -> Match:
    """The first match (from seed `start`) where `seat` ends up with `power`."""
    for seed in range(start, start + 200):
        match = powered(humans, seed, power)
        if game(match).players[seat].power == power:
            return match
    raise AssertionError(f"no seed deals {power} to seat {seat}")


def action(match: Match, seat: int = 0) -> None:
    prompt = match.prompt_for(seat)
    assert prompt is not None and prompt.key == "everdell.prompt.action", prompt


# -- options -----------------------------------------------------------------------------------------
def test_powers_and_the_balancing_rule_are_match_options_against_her() -> None:
    base = {"opponent": "nightweave", "nightweave_level": 1}
    plain = normalize_options(base, 1)
    assert "player_powers" not in plain and "powers_spring_worker" not in plain
    assert normalize_options({**base, **POWERS}, 1)["player_powers"] is True
    both = normalize_options({**base, **POWERS, "powers_spring_worker": True}, 2)
    assert both["player_powers"] is True and both["powers_spring_worker"] is True
    assert "powers_spring_worker" not in normalize_options(
        {**base, **POWERS, "powers_spring_worker": False}, 1
    )
    for bad in (
        {**base, "player_powers": "yes"},
        {**base, **POWERS, "powers_spring_worker": "yes"},
        {**base, "powers_spring_worker": True},  # a worker back only where a power took it
    ):
        with pytest.raises(InvalidSetup):
            normalize_options(bad, 1)
    with pytest.raises(InvalidSetup):  # the rulebook offers the balancing rule against her only
        normalize_options({**POWERS, "powers_spring_worker": True}, 2)


# -- the deal ----------------------------------------------------------------------------------------
def test_solo_deal_is_two_powers_never_spiders_and_none_for_her() -> None:
    for seed in range(40):
        match = new_match(seed=seed, **POWERS)
        g = game(match)
        [prompt] = match.prompts()
        assert prompt.seat == 0 and prompt.key == "everdell.prompt.power"
        offered = [o.id[6:] for o in prompt.options]
        assert len(offered) == 2 and "spiders" not in offered and len(set(offered)) == 2
        dealt = [e for e in match.opening_events if e.kind == "powers_dealt"]
        assert [(e.seat, e.to) for e in dealt] == [(0, 0)]  # none to her seat, and private
        assert not g.players[0].hand and not her(match.opening_events)  # nothing before the choice
        match.submit(0, (prompt.options[1].id,), pid=prompt.pid)
        assert g.players[0].power == offered[1] and g.players[g.nw].power is None


def test_two_humans_get_one_power_each_out_of_the_three() -> None:
    seen: set[str] = set()
    for seed in range(30):
        match = new_match(humans=2, seed=seed, **POWERS)
        g = game(match)
        assert not any(p.key == "everdell.prompt.power" for p in match.prompts())  # 3 < 2 x 2
        kept = [g.players[p].power for p in (0, 1)]
        assert None not in kept and len(set(kept)) == 2 and "spiders" not in kept
        assert g.players[g.nw].power is None
        powers = next(e for e in match.opening_events if e.kind == "powers")
        assert set(powers.data["powers"]) == {"0", "1"}
        seen.update(k for k in kept if k)
    assert seen == {"butterflies", "pigs", "stoats"}


# -- Butterflies and the turn order --------------------------------------------------------------
def test_without_butterflies_she_still_starts() -> None:
    match = seed_where(1, "stoats")
    g = game(match)
    assert g.order == [g.nw, 0]
    assert g.lair.current is not None  # her first turn has run
    assert len(g.players[0].hand) == 5 and g.players[0].hand_limit == 8
    action(match)


def test_solo_butterflies_take_the_first_turn_with_twelve_cards() -> None:
    match = seed_where(1, "butterflies")
    g = game(match)
    assert g.order == [0, g.nw]
    assert g.players[0].hand_limit == BUTTERFLY_HAND and len(g.players[0].hand) == BUTTERFLY_HAND
    assert len(g.lair.hand) == 1  # her own hand is the Lair's, whatever the powers
    assert g.lair.current is None  # she has not flipped an Activity card yet
    action(match)
    prompt = match.prompt_for(0)
    assert prompt is not None
    place = next(o.id for o in prompt.options if o.id.startswith("place:basic"))
    events = match.submit(0, (place,), pid=prompt.pid)
    assert any(e.kind == "nw_flip" for e in events)  # then she takes her turn


@pytest.mark.parametrize(("seat", "order"), [(0, [0, 1, 2]), (1, [1, 2, 0])])
def test_two_humans_butterflies_start_and_the_seating_stays(seat: int, order: list[int]) -> None:
    match = seed_where(2, "butterflies", seat)
    g = game(match)
    assert g.order == order  # the round turns to start at the owner; she keeps her place in it
    assert g.humans == [0, 1]  # her left and right (the decider) do not change
    assert len(g.players[seat].hand) == BUTTERFLY_HAND and len(g.players[1 - seat].hand) == 5
    assert len(g.lair.hand) == 2
    assert g.lair.current is None  # the owner's turn comes before her first one
    action(match, seat)
    assert match.prompt_for(1 - seat) is None


# -- Pigs ----------------------------------------------------------------------------------------------
def test_pigs_pile_leaves_her_deck_and_meadow_without_farms() -> None:
    match = seed_where(1, "pigs")
    g = game(match)
    assert g.pig_pile and set(g.pig_pile) == {"farm"}
    assert "farm" not in g.deck and "farm" not in g.meadow
    in_hands = g.players[0].hand.count("farm") + g.lair.hand.count("farm")
    assert len(g.pig_pile) + in_hands + sum(cc.card == "farm" for cc in g.players[0].city) == FARMS
    assert Counter(g.all_cards()) == Counter(full_deck())


def test_pigs_free_farm_at_the_start_takes_no_space() -> None:
    for seed in range(200):
        match = new_match(seed=seed, **POWERS)
        keep(match, "pigs")
        prompt = match.prompt_for(0)
        if game(match).players[0].power == "pigs":
            break
    g = game(match)
    assert prompt is not None and prompt.key == "everdell.prompt.pigs_free"
    pile = len(g.pig_pile)
    match.submit(0, ("yes",), pid=prompt.pid)
    assert [cc.card for cc in g.players[0].city] == ["farm"] and len(g.pig_pile) == pile - 1
    assert g.used_spaces(g.players[0]) == 0
    action(match)


def pig_position(**human: Any) -> dict[str, Any]:
    pos = position(["nw07"], meadow=NO_FARM_MEADOW)  # winter: she plays a Meadow card
    pos["pig_pile"] = ["farm"] * 4
    pos["players"][0].update(power="pigs", res={"twig": 2, "resin": 1}, **human)
    return pos


def test_her_turns_never_take_from_the_pile_and_give_no_pig_points() -> None:
    match = from_position(pig_position(), **POWERS)
    g = game(match)
    played = [d for k, d in her(match.opening_events) if k == "play"]
    assert played and all(d["source"].startswith("meadow:") for d in played)
    assert g.pig_pile == ["farm"] * 4 and g.players[0].tokens == 0
    assert "play:pile" in ids(match)  # the owner may still buy it


def test_an_opponents_farm_from_the_pile_pays_the_pigs_owner() -> None:
    pos = pig_position()
    pos["players"].append({"hand": ["mine"], "res": {"twig": 2, "resin": 1}})
    match = from_position(pos, humans=2, **POWERS)
    g = game(match)
    action(match, 0)
    match.submit(0, ("place:basic_3_twigs",))
    action(match, 1)
    assert "play:pile" in ids(match, 1)
    match.submit(1, ("play:pile",))
    while (prompt := match.prompt_for(1)) is not None and prompt.key != "everdell.prompt.action":
        match.submit(1, (prompt.options[0].id,), pid=prompt.pid)
        if g.players[1].city:
            break
    assert [cc.card for cc in g.players[1].city] == ["farm"] and len(g.pig_pile) == 3
    assert g.players[0].tokens == PIG_POINTS


def test_pigs_free_farm_after_prepare_pays_her_plot_toll_and_is_skipped_without_means() -> None:
    def prepared(**human: Any) -> Match:
        pos = position(["nw04"], workers=0, meadow_slot=0, plots=["spiders_on_ground"], meadow=NO_FARM_MEADOW)
        pos["pig_pile"] = ["farm"] * 3
        pos["players"][0].update(power="pigs", placed=["basic_3_twigs", "basic_2_resin"], **human)
        m = from_position(pos, modules=["plots"], **POWERS)
        assert game(m).hooks.plot == "spiders_on_ground"
        assert game(m).players[0].season == 1  # with nothing else to do, the rules prepared
        return m

    broke = prepared(hand=[])  # spring production gives nothing; no cards, no resources
    assert game(broke).players[0].city == [] and len(game(broke).pig_pile) == 3
    action(broke)
    rich = prepared(hand=["mine", "wanderer"])
    prompt = rich.prompt_for(0)
    assert prompt is not None and prompt.key == "everdell.prompt.pigs_free"
    rich.submit(0, ("yes",))
    while (prompt := rich.prompt_for(0)) is not None and prompt.key != "everdell.prompt.action":
        rich.submit(0, (prompt.options[0].id,), pid=prompt.pid)
    g = game(rich)
    assert [cc.card for cc in g.players[0].city] == ["farm"] and g.players[0].hand == []
    assert {"mine", "wanderer"} <= set(g.discard)  # the Plot's two cards, though the Farm was free


# -- Stoats ---------------------------------------------------------------------------------------------
def test_stoats_trade_cards_after_a_play_against_her() -> None:
    pos = position(["nw07"], hand=["farm", "mine", "wanderer", "husband"])
    pos["players"][0].update(power="stoats", res={"twig": 2, "resin": 1})
    match = from_position(pos, **POWERS)
    g = game(match)
    match.submit(0, ("play:h:farm",))
    prompt = match.prompt_for(0)
    assert prompt is not None and prompt.key == "everdell.prompt.stoats"
    match.submit(0, ("stoats:pebble",))  # the three cards left are the price: nothing to pick
    assert g.players[0].res["pebble"] == 1 and g.players[0].hand == []
    assert g.lair.tokens == 0  # discarding is not giving: nothing reaches her


def test_stoats_never_trade_cards_her_plot_turned_face_down() -> None:
    pos = position(["nw04"], workers=0, meadow_slot=0, plots=["caught_in_web"])  # she prepares, reveals it
    pos["players"][0].update(power="stoats", hand=["farm"] * 4 + ["mine"] * 2, res={"twig": 2, "resin": 1})
    match = from_position(pos, modules=["plots"], **POWERS)
    g = game(match)
    assert len(g.players[0].hand_down) == 3 and len(g.players[0].hand) == 3
    match.submit(0, ("play:h:farm",))
    prompt = match.prompt_for(0)
    assert prompt is not None and prompt.key == "everdell.prompt.stoats"
    offered = {o.id for o in prompt.options}
    assert "stoats:pebble" not in offered and "stoats:berry" in offered  # 2 face-up cards, not 5
    match.submit(0, ("stoats:berry",))
    assert g.players[0].hand == [] and len(g.players[0].hand_down) == 3


# -- the spring worker ------------------------------------------------------------------------------------
def spring(power: str | None, **extra: Any) -> Match:
    pos = position(["nw04"], workers=0, meadow_slot=0)  # she prepares for spring at once
    # a Farm to play, so preparing is a choice the human makes
    pos["players"][0].update(placed=["basic_3_twigs", "basic_2_resin"], res={"twig": 2, "resin": 1})
    if power is not None:
        pos["players"][0]["power"] = power
    m = from_position(pos, **extra)
    m.submit(0, ("prepare",))
    return m


def test_a_power_takes_the_spring_worker_and_the_option_gives_it_back() -> None:
    plain = game(spring(None))
    lost = game(spring("stoats", **POWERS))
    back = game(spring("stoats", **POWERS, powers_spring_worker=True))
    assert (plain.players[0].workers, lost.players[0].workers, back.players[0].workers) == (3, 2, 3)
    assert plain.players[0].season == lost.players[0].season == back.players[0].season == 1
    # her Prepare for Season is her own: the same spiders with or without powers
    assert plain.lair.workers == lost.lair.workers == back.lair.workers


def test_the_option_only_affects_the_spring_prepare() -> None:
    pos = position(["nw07"])
    pos["players"][0].update(
        power="stoats", season=1, placed=["basic_3_twigs", "basic_2_resin"], res={"twig": 2, "resin": 1}
    )
    without = game(from_position(pos, **POWERS))
    with_back = game(from_position(pos, **POWERS, powers_spring_worker=True))
    assert (without.players[0].workers, with_back.players[0].workers) == (2, 3)
    pos["players"][0]["placed"].append("basic_1_pebble")  # all three of them out
    summer = from_position(pos, **POWERS, powers_spring_worker=True)
    summer.submit(0, ("prepare",))
    while (prompt := summer.prompt_for(0)) is not None and prompt.key != "everdell.prompt.action":
        summer.submit(0, (), pid=prompt.pid)
    assert game(summer).players[0].season == 2 and game(summer).players[0].workers == 4


# -- random play to the end ---------------------------------------------------------------------------
SOLO_GAMES = 200
PAIR_GAMES = 100
REPLAY_EVERY = 5
DECK = Counter(full_deck())


def bot_game(humans: int, seed: int) -> tuple[Match, list[Event]]:
    """Heuristic bots for the humans, levels 0-4 in turn, the balancing rule on odd seeds and the
    kept power cycled by the seed (the bot's own pick would favour some powers)."""
    match = new_match(
        humans=humans,
        seed=seed,
        level=seed % 5,
        **POWERS,
        **({"powers_spring_worker": True} if seed % 2 else {}),
    )
    bots = [POLICIES["heuristic"](i, seed) for i in range(humans)]
    events = list(match.opening_events)
    steps = 0
    while not match.finished:
        for prompt in match.prompts():
            if prompt.key == "everdell.prompt.power":
                answer: tuple[str, ...] = (prompt.options[seed // 5 % len(prompt.options)].id,)
            else:
                answer = bots[prompt.seat].choose(match.policy_view(prompt.seat), prompt)
            events += match.submit(prompt.seat, answer, pid=prompt.pid)
            steps += 1
        assert steps < 20_000, "the match does not end"
    return match, events


def check_game(match: Match, events: list[Event], seed: int) -> None:
    g = game(match)
    humans = g.humans
    assert g.lair.finished and all(g.players[p].passed for p in humans)
    assert Counter(g.all_cards()) == DECK
    powers = [g.players[p].power for p in humans]
    assert None not in powers and "spiders" not in powers and g.players[g.nw].power is None
    assert len(set(powers)) == len(powers)
    first = next((p for p in humans if g.players[p].power == "butterflies"), g.nw)
    assert g.order[0] == first
    back = bool(seed % 2)
    assert all(g.players[p].workers == 6 - (not back) for p in humans), (
        seed,
        [g.players[p].workers for p in humans],
    )
    pigs = next((p for p in humans if g.players[p].power == "pigs"), None)
    bought = [e for e in events if e.kind == "play" and e.data["source"] == "pile"]
    assert all(e.seat in humans for e in bought)  # her turns never take the top Farm
    paid = sum(e.data["count"] for e in events if e.kind == "points" and e.data["why"] == "pigs")
    assert paid == PIG_POINTS * sum(1 for e in bought if e.seat != pigs)
    assert all(e.seat != g.nw for e in events if e.kind == "points" and e.data["why"] == "pigs")
    if pigs is None:
        assert not g.pig_pile and not bought
    result = match.result()
    assert result is not None and result.scores[-1] == g.her_score()["total"]
    for ev in events:
        if ev.kind in ("powers_dealt", "drew", "discarded"):
            assert ev.to is not None


@pytest.mark.parametrize(("humans", "games"), [(1, SOLO_GAMES), (2, PAIR_GAMES)])
def test_games_with_powers_end_and_replay(humans: int, games: int) -> None:
    kept: Counter[str] = Counter()
    for seed in range(games):
        match, events = bot_game(humans, seed)
        check_game(match, events, seed)
        g = game(match)
        kept.update(g.players[p].power or "" for p in g.humans)
        if seed % REPLAY_EVERY == 0:
            again = Match.from_record(json.loads(json.dumps(match.record())))
            assert digest(again) == digest(match), (humans, seed)
    assert set(kept) == {"butterflies", "pigs", "stoats"}
