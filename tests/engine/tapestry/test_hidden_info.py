"""Hidden information (tapestry hands, civilization offers, face-down cards, deck order) never
leaves through public events, the spectator view or another seat's view."""

from __future__ import annotations

import random

from engine.core.events import Event
from engine.core.match import Match
from engine.games.tapestry.data import tapestry_cards
from tests.engine.tapestry.helpers import (
    answer,
    at,
    game,
    ids,
    new_match,
    play,
    players_for,
    prompt,
    run_pool,
)

PRIVATE = {"drew_tapestry", "civ_offer"}
CARD_IDS = set(tapestry_cards())
# public events that may name a tapestry card: it is then face up for everyone
SHOWN = {"play_tapestry", "copy_card", "reveal", "trap", "era_ends", "vp"}  # vp: why = a face-up card
GAMES = range(3_000, 3_060)


def check_events(events: list[Event]) -> list[str]:
    bad = []
    for e in events:
        if e.kind in PRIVATE:
            if e.to is None or e.to != e.seat:
                bad.append(f"private event made public: {e}")
            continue
        if e.to is not None:
            bad.append(f"unexpected private event {e}")
        if e.kind not in SHOWN and any(isinstance(v, str) and v in CARD_IDS for v in e.data.values()):
            bad.append(f"public event names a tapestry card: {e}")
    return bad


def check_views(match: Match, rng: random.Random) -> list[str]:
    """Swapping a player's hand for other cards changes no other seat's view."""
    g = game(match)
    owner = rng.randrange(g.n)
    p = g.players[owner]
    others = [s for s in [None, *range(g.n)] if s != owner]
    before = {s: match.view(s) for s in others}
    hand, deck = list(p.hand), list(g.tapestry_deck)
    pool = hand + deck
    rng.shuffle(pool)
    p.hand, g.tapestry_deck = pool[: len(hand)], pool[len(hand) :]
    after = {s: match.view(s) for s in others}
    p.hand, g.tapestry_deck = hand, deck
    return [] if before == after else [f"seat {owner}'s hand shows in another view"]


def check_game(seed: int) -> list[str]:
    rng = random.Random(seed)
    failures: list[str] = []

    def hook(match: Match, seat: int, events: list[Event]) -> None:
        failures.extend(check_events(events))
        if rng.random() < 0.05:
            failures.extend(check_views(match, rng))

    match = new_match(seed, players_for(seed))
    failures.extend(check_events(match.opening_events))
    play(match, seed, hook)
    return [f"seed {seed}: {f}" for f in failures[:5]]


def test_no_hidden_information_in_public_events_or_other_views() -> None:
    failures = run_pool(check_game, GAMES)
    assert failures == [], "\n".join(failures[:20])


def test_the_trap_question_is_asked_whether_or_not_a_trap_is_held() -> None:
    sites = [{"hex": [-1, -2], "pieces": [[1, True, "outpost"]]}]
    for hand in ([], ["trap"]):
        m = at({"players": [{"income_turns": 1, "resources": {"coin": 1}}, {"income_turns": 1, "hand": hand}], "sites": sites})
        answer(m, "advance:military")
        answer(m, "hex:-1.-2")
        assert prompt(m).seat == 1 and prompt(m).key == "tapestry.prompt.trap"
        assert prompt(m).default == ("no",)
        assert ("trap" in ids(m)) == bool(hand)


def test_civilization_offers_are_private_until_chosen() -> None:
    m = new_match(5, 3)
    offers = [e for e in m.opening_events if e.kind == "civ_offer"]
    assert len(offers) == 3 and all(e.to == e.seat for e in offers)
    for seat in range(3):
        assert "civ_offer" in m.view(seat)["players"][seat]
        assert all("civ_offer" not in m.view(seat)["players"][o] for o in range(3) if o != seat)
        assert "civ_offer" not in m.view(None)["players"][seat]


def test_face_down_cards_and_hands_stay_hidden_in_the_spectator_view() -> None:
    m = play(new_match(7, 2), 7)
    spectator = m.view(None)
    for pv in spectator["players"]:
        assert "hand" not in pv
    g = game(m)
    for p, pv in zip(g.players, spectator["players"], strict=True):
        for pile, shown in zip(p.mat, pv["tapestry_mat"], strict=True):
            assert [c if up else None for c, up in pile] == shown


def test_standing_trap_answers_spare_the_question_and_reveal_nothing() -> None:
    sites = [{"hex": [-1, -2], "pieces": [[1, True, "outpost"]]}, {"hex": [-2, -1], "pieces": [[1, True, "outpost"]]}]
    for hand, standing in (([], "always"), (["trap"], "always"), (["trap"], "never")):
        spec = {"income_turns": 1, "resources": {"coin": 2}}
        m = at({"players": [spec, {"income_turns": 1, "hand": hand, "resources": {"coin": 1}}], "sites": sites})
        game(m).players[1].trap_policy = standing
        answer(m, "advance:military")
        answer(m, "hex:-1.-2")
        # never asked: the attacker's die choice comes next (or the defender's trap resource)
        assert prompt(m).key != "tapestry.prompt.trap"
        trapped = standing == "always" and bool(hand)
        assert (game(m).sites[(-1, -2)].controller() == 1) == trapped
        assert m.view(0)["players"][1]["trap_policy"] == standing


def test_choosing_a_standing_answer_applies_it_at_once() -> None:
    sites = [{"hex": [-1, -2], "pieces": [[1, True, "outpost"]]}]
    m = at({"players": [{"income_turns": 1, "resources": {"coin": 1}}, {"income_turns": 1, "hand": ["trap"]}], "sites": sites})
    answer(m, "advance:military")
    answer(m, "hex:-1.-2")
    answer(m, "always")
    g = game(m)
    assert g.players[1].trap_policy == "always" and g.players[1].hand == []
    assert g.sites[(-1, -2)].controller() == 1


def test_laying_a_card_is_asked_even_with_one_kind_of_card_in_hand() -> None:
    m = at({"players": [{"income_turns": 1, "hand": ["trap", "trap"], "resources": {"coin": 1}}, {"income_turns": 2, "resources": {"coin": 1}}]})
    answer(m, "income")
    assert prompt(m).key == "tapestry.prompt.play_tapestry" and ids(m) == ["card:trap"]


def test_heralds_are_asked_even_when_only_renaissance_is_held() -> None:
    from engine.games.tapestry import civs

    m = at({"players": [{"civs": ["heralds"], "income_turns": 1, "resources": {"coin": 1}}, {"income_turns": 1}]})
    g = game(m)
    g.players[0].hand = ["renaissance"]
    asked = next(civs.end_of_first_income(g, 0))
    spec = asked.specs[0]
    assert spec.key == "tapestry.prompt.heralds_fire" and [o.id for o in spec.options] == ["skip"]
