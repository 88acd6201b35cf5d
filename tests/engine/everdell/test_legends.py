"""Mistwood's More Legends module (the `legends` option): options and card data, setup, playing a
Legendary (paid or by discarding its ribbon card), the 10 card effects, Rugwort, and random play.

The card values come from `data/legends_test_cards.yaml`, invented for these tests only."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.core.errors import InvalidSetup
from engine.core.match import Match
from engine.games.everdell import normalize_options
from engine.games.everdell.bots import POLICIES
from engine.games.everdell.data import full_deck
from engine.games.everdell.scoring import breakdown
from tests.engine.everdell.helpers import Scenario, drive, game_of, pos, seats_for
from tests.engine.everdell.test_property import check_replay, check_views

TEXT = (Path(__file__).parent / "data" / "legends_test_cards.yaml").read_text(encoding="utf-8")
ON: dict[str, Any] = {"legends": True, "mistwood_cards": TEXT}


def scenario(*players: dict[str, Any], count: int = 2, **extra: Any) -> Scenario:
    return Scenario(pos(*players, **extra), players=count, **ON)


def pay(s: Scenario, prefix: str) -> None:
    """Answer the payment prompt with the first option of the given method (a single way to pay
    is taken by the rules without asking)."""
    if s.prompt.key != "everdell.prompt.payment":
        return
    s.answer(next(i for i in s.ids() if i.startswith(prefix)))


# -------------------------------------------------------------------------------- options, data
def test_option_is_absent_when_off_and_validated() -> None:
    assert "legends" not in normalize_options({}, 2)
    out = normalize_options(dict(ON), 2)
    assert out["legends"] is True and out["mistwood_cards"] == TEXT
    with pytest.raises(InvalidSetup):
        normalize_options({"legends": "yes"}, 2)


def test_oversized_card_data_is_refused_unread() -> None:
    """Over 100 KB the text is refused before any parsing, as for the other Mistwood packs."""
    huge = TEXT + "#" * 100_000
    for pack in ("legends", "corrin"):
        with pytest.raises(InvalidSetup) as err:
            normalize_options({pack: True, "mistwood_cards": huge}, 2)
        assert err.value.key == "error.bad_option" and err.value.params["option"] == "mistwood_cards"


def test_incomplete_data_is_refused_naming_what_is_missing() -> None:
    with pytest.raises(InvalidSetup) as err:
        normalize_options({"legends": True}, 2)
    assert err.value.key == "error.mistwood.card_data_missing"
    listed = str(err.value.params["missing"])
    assert "jor_auriasa: kind, color, cost, points, unique" in listed
    assert "matriarca_fruturo" in listed and "pairs_with" in listed
    partial = "cards:\n  - {id: jor_auriasa, kind: critter}\n"
    with pytest.raises(InvalidSetup) as err:
        Match("everdell", seats_for(2), {"legends": True, "mistwood_cards": partial}, 1)
    assert err.value.key == "error.mistwood.card_data_missing"
    assert "jor_auriasa: color, cost, points, unique" in str(err.value.params["missing"])


def test_nonsense_values_are_refused() -> None:
    bad = TEXT.replace("kind: critter, color: traveler", "kind: dragon, color: traveler")
    with pytest.raises(InvalidSetup) as err:
        normalize_options({"legends": True, "mistwood_cards": bad}, 2)
    assert err.value.key == "error.mistwood.bad_card_data"
    assert "jor_auriasa: kind" in str(err.value.params["problems"])
    printed = TEXT.replace("{id: jor_auriasa,", "{id: jor_auriasa, ribbon: wife,")
    with pytest.raises(InvalidSetup) as err:
        normalize_options({"legends": True, "mistwood_cards": printed}, 2)
    assert err.value.key == "error.mistwood.bad_card_data"


# ---------------------------------------------------------------------------------------- setup
def test_each_player_gets_a_legendary_construction_and_critter_beside_the_hand() -> None:
    for players in (1, 2, 3, 4):
        match = Match("everdell", seats_for(players), dict(ON), 40 + players)
        g = game_of(match)
        assert g.legends is not None
        dealt: list[str] = []
        for p in g.humans:
            pl = g.players[p]
            kinds = sorted(g.card[c].kind for c in pl.legends)
            assert kinds == ["construction", "critter"]
            assert not set(pl.legends) & set(pl.hand)
            dealt += pl.legends
        assert sorted(dealt + g.legends.pool) == sorted(g.legends.defs)
        assert Counter(c for c in g.all_cards() if c not in g.fixed) == Counter(full_deck())


def test_views_show_the_legendaries_to_their_holder_only() -> None:
    match = Match("everdell", seats_for(3), dict(ON), 5)
    g = game_of(match)
    view = match.view(1)
    assert view["legendary_hand"] == sorted(g.players[1].legends)
    assert [p["legendary_hand_count"] for p in view["players"]] == [2, 2, 2]
    assert "legendary_hand" not in match.view(None)
    for ev in match.opening_events:
        if ev.kind == "legends_got":
            assert ev.to == ev.seat
        if ev.kind == "legends_dealt":
            assert "cards" not in ev.data


def test_base_games_do_not_change() -> None:
    plain = Match("everdell", seats_for(2), {}, 9)
    assert game_of(plain).legends is None
    assert "legend_cards" not in plain.view(0)


# ------------------------------------------------------------------------------ playing a legend
def test_paying_for_a_legendary_and_jor_auriasa_counts_the_hand() -> None:
    s = scenario(
        {"hand": ["farm", "mine", "king", "queen", "wife"], "res": {"berry": 3}, "legends": ["jor_auriasa"]},
        {},
    )
    assert "play:legend:jor_auriasa" in s.ids()
    s.answer("play:legend:jor_auriasa")
    pay(s, "pay:")
    pl = s.player()
    assert s.city() == ["jor_auriasa"] and pl.legends == [] and pl.res["berry"] == 0
    assert pl.tokens == 5  # one per hand card (at most 8)
    assert len(pl.hand) == 5  # never in the hand


def test_a_paid_legendary_also_bans_its_ribbon_card() -> None:
    s = scenario({"hand": ["bard"], "res": {"berry": 6}, "legends": ["jor_auriasa"]}, {"passed": True})
    assert "play:h:bard" in s.ids()
    s.answer("play:legend:jor_auriasa")
    pay(s, "pay:")
    assert s.player().ribbons == ["bard"]
    assert "play:h:bard" not in s.ids()


def test_a_legendary_is_never_free_except_by_its_ribbon() -> None:
    # an unoccupied Theatre would host a Bard; Jor Auriasa counts as a Bard yet is not hosted
    from engine.games.everdell import legends

    s = scenario({"city": ["theatre"], "res": {"berry": 3}, "legends": ["jor_auriasa"]}, {})
    assert list(legends.payments(s.game, 0, "jor_auriasa")) == ["pay:0.0.0.3"]
    # without resources and without the ribbon card it cannot be played at all
    s2 = scenario({"city": ["theatre"], "legends": ["jor_auriasa"]}, {})
    assert "play:legend:jor_auriasa" not in s2.ids()


def test_ribbon_upgrade_moves_workers_and_occupied_token_and_bans_the_ribbon() -> None:
    s = scenario(
        {
            "city": [{"card": "cemetery", "occupied": True}, "undertaker"],
            "hand": ["cemetery"],
            "res": {"resin": 2, "pebble": 2},
            "legends": ["tumulo_chamaperene"],
        },
        {},
    )
    g = s.game
    cem = s.player().city[0]
    g.occupy(0, f"card:{cem.uid}", True)
    s.answer("play:legend:tumulo_chamaperene")
    ribbon = [i for i in s.ids() if i.startswith("ribbon@")]
    assert ribbon == [f"ribbon@{cem.uid}:0.0.0.0"] and "pay:0.2.2.0" in s.ids()
    s.answer(ribbon[0])
    city = s.player().city
    assert [c.card for c in city] == ["tumulo_chamaperene", "undertaker"]
    assert city[0].occupied
    assert s.player().placed[0].loc == f"card:{city[0].uid}" and s.player().placed[0].permanent
    assert g.occ[f"card:{city[0].uid}"] == [0] and f"card:{cem.uid}" not in g.occ
    assert "cemetery" in g.discard
    # no more Cemeteries for this player; the Legendary counts as one (events, Unique...)
    assert "play:h:cemetery" not in s.ids()
    assert s.player().has("cemetery") and s.player().count("cemetery") == 1


def test_legendary_counts_as_its_ribbon_for_events_and_hosting() -> None:
    from engine.games.everdell import specials

    s = scenario(
        {"city": ["tumulo_chamaperene", "shepherd"], "ribbons": ["cemetery"], "hand": ["undertaker"]},
        {},
        specials=["remembering_the_fallen"],
    )
    from engine.games.everdell import play

    assert specials.meets(s.game, 0, "remembering_the_fallen")
    tumulo = s.player().city[0]
    assert f"occupy@{tumulo.uid}:0.0.0.0" in play.payments(s.game, 0, "undertaker")  # free Undertaker
    s.answer("play:h:undertaker")
    assert tumulo.occupied


def test_a_legendary_fits_a_full_city_and_takes_no_space() -> None:
    full = ["farm"] * 8 + ["mine"] * 3 + ["twig_barge"] * 2 + ["resin_refinery"] * 2
    s = scenario({"city": full, "res": {"berry": 3}, "legends": ["jor_auriasa"], "hand": ["farm"]}, {})
    g = s.game
    assert g.used_spaces(s.player()) == 15
    assert "play:h:farm" not in s.ids()
    s.answer("play:legend:jor_auriasa")
    pay(s, "pay:")
    assert "jor_auriasa" in s.city() and g.used_spaces(s.player()) == 15


def test_legendaries_are_never_discarded_nor_copied() -> None:
    s = scenario(
        {"city": ["trocos_e_trecos", "mine", "farm"], "hand": ["ruins"]},
        {},
    )
    s.answer("play:h:ruins")
    assert s.prompt.key == "everdell.prompt.ruins"
    assert sorted(o.card or "" for o in s.prompt.options) == ["farm", "mine"]


def test_chip_sweep_cannot_copy_a_legendary() -> None:
    s = scenario({"city": ["trocos_e_trecos"], "hand": ["chip_sweep"], "res": {"berry": 3}}, {})
    s.answer("play:h:chip_sweep")
    pay(s, "pay:")
    assert s.prompt.key == "everdell.prompt.action"  # nothing it may copy: no prompt
    assert s.player().res["berry"] == 0


# ------------------------------------------------------------------------------------- effects
def test_chiado_gadanha_activates_two_different_production_cards() -> None:
    s = scenario(
        {"city": ["mine", "twig_barge", "farm"], "res": {"berry": 3}, "legends": ["chiado_gadanha"]}, {}
    )
    s.answer("play:legend:chiado_gadanha")
    pay(s, "pay:")
    assert s.prompt.key == "everdell.prompt.legend_chiado"
    city = {c.card: c.uid for c in s.player().city}
    s.answer(f"c{city['mine']}", f"c{city['twig_barge']}")
    res = s.player().res
    assert (res["pebble"], res["twig"], res["berry"]) == (1, 2, 0)


def test_trocos_e_trecos_gives_berries_and_a_resource_per_farm() -> None:
    s = scenario(
        {"city": ["farm", "farm"], "res": {"twig": 2, "resin": 1}, "legends": ["trocos_e_trecos"]}, {}
    )
    s.answer("play:legend:trocos_e_trecos")
    pay(s, "pay:")
    # it counts as a Farm itself (its ribbon card, test data), so 3 Farms
    assert s.prompt.key == "everdell.prompt.gain_any"
    s.answer("0.0.3.0")
    res = s.player().res
    assert res["berry"] == 3 and res["pebble"] == 3


def test_prisao_trevafunda_discards_critters_for_tokens_and_resources() -> None:
    s = scenario(
        {
            "city": ["wanderer", "husband", "mine"],
            "res": {"resin": 2, "pebble": 1},
            "legends": ["prisao_trevafunda"],
        },
        {},
    )
    s.answer("play:legend:prisao_trevafunda")
    pay(s, "pay:")
    assert s.prompt.key == "everdell.prompt.legend_prisao"
    assert {o.card for o in s.prompt.options} == {"wanderer", "husband"}
    s.answer(*[o.id for o in s.prompt.options])
    s.answer("3.0.0.0")
    s.answer("0.0.0.3")
    pl = s.player()
    assert pl.tokens == 6 and pl.res["twig"] == 3 and pl.res["berry"] == 3
    assert s.city() == ["mine", "prisao_trevafunda"]


def test_tumulo_chamaperene_plays_a_card_free_and_keeps_the_worker() -> None:
    s = scenario({"city": ["tumulo_chamaperene"], "hand": ["king"], "workers": 2}, {})
    uid = s.player().city[0].uid
    assert f"place:card:{uid}" in s.ids()
    s.answer(f"place:card:{uid}")
    assert s.prompt.key == "everdell.prompt.legend_tumulo"
    s.answer("h:king")
    assert "king" in s.city() and s.player().placed[0].permanent
    assert s.player().res == {"twig": 0, "resin": 0, "pebble": 0, "berry": 0}


def test_tumulo_second_spot_with_an_undertaker() -> None:
    from engine.games.everdell.places import card_spots

    s = scenario({"city": ["tumulo_chamaperene"]}, {})
    assert card_spots(s.game, 0, "tumulo_chamaperene") == 1
    s2 = scenario({"city": ["tumulo_chamaperene", "undertaker"]}, {})
    assert card_spots(s2.game, 0, "tumulo_chamaperene") == 2


def test_cofre_do_rei_norte_tokens_discount_later_plays_and_score() -> None:
    s = scenario(
        {"res": {"pebble": 3}, "legends": ["cofre_do_rei_norte"], "hand": ["king"]}, {"passed": True}
    )
    g = s.game
    s.answer("play:legend:cofre_do_rei_norte")
    pay(s, "pay:")
    vault = s.player().city[0]
    assert vault.tokens == 4
    assert breakdown(g, 0)["legends"] == 4
    assert "play:h:king" in s.ids()  # 6 berries: 3 of the 4 tokens pay for the King
    from engine.games.everdell import play

    assert list(play.payments(g, 0, "king", origin="hand")) == [f"vault@{vault.uid}:0.0.0.0"]
    s.answer("play:h:king")  # the only way to pay: taken without asking
    assert "king" in s.city() and vault.tokens == 1
    assert breakdown(g, 0)["legends"] == vault.tokens


def test_matriarca_fruturo_shares_a_space_with_the_farmer_and_scores_five() -> None:
    full = ["mine"] * 3 + ["twig_barge"] * 2 + ["resin_refinery"] * 2 + ["farm"] * 7 + ["inn"]
    s = scenario({"city": [*full, "matriarca_fruturo"], "hand": ["husband"], "res": {"berry": 2}}, {})
    g = s.game
    assert g.used_spaces(s.player()) == 15
    assert "play:h:husband" in s.ids()  # the Farmer (test data: the Husband) fits beside her
    s.answer("play:h:husband")
    pay(s, "pay:")
    assert g.used_spaces(s.player()) == 15
    assert breakdown(g, 0)["legends"] == 5
    lone = scenario({"city": ["matriarca_fruturo", "husband"]}, {})
    assert breakdown(lone.game, 0)["legends"] == 0  # no Farm


def test_sandro_pataleve_activates_two_workers_on_basic_or_forest_spots() -> None:
    s = scenario(
        {"city": ["sandro_pataleve"], "workers": 2},
        {"placed": ["basic_2_resin", "forest_3_berries"], "workers": 2},
    )
    uid = s.player().city[0].uid
    s.answer(f"place:card:{uid}")
    assert s.prompt.key == "everdell.prompt.legend_sandro"
    s.answer("w0:basic_2_resin", "w0:forest_3_berries")
    res = s.player().res
    assert res["resin"] == 2 and res["berry"] == 3


def test_castelo_raizpujante_two_points_per_common_construction() -> None:
    s = scenario({"city": ["castelo_raizpujante", "farm", "farm", "mine", "palace"]}, {})
    # farm, farm, mine are Common; the Palace and the Castle itself (test data) are Unique
    assert breakdown(s.game, 0)["legends"] == 6


def test_lebre_alegre_after_critters_and_constructions() -> None:
    s = scenario(
        {"city": ["lebre_alegre"], "hand": ["wanderer", "farm"], "res": {"berry": 4, "twig": 2, "resin": 1}},
        {"passed": True},
    )
    s.answer("play:h:wanderer")
    pay(s, "pay:")
    assert s.prompt.key == "everdell.prompt.gain_any"
    s.answer("0.0.1.0")
    assert s.player().res["pebble"] == 1
    before = len(s.player().hand)
    s.answer("play:h:farm")
    pay(s, "pay:")
    assert len(s.player().hand) == before - 1 + 2


# --------------------------------------------------------------------------------------- rugwort
def test_rugwort_gets_three_tokens_and_two_cards_per_legendary() -> None:
    s = Scenario(pos({"res": {"berry": 3}, "legends": ["jor_auriasa"]}), players=1, **ON)
    g = s.game
    assert g.rug is not None
    before = len(g.players[g.rug].city)
    s.answer("play:legend:jor_auriasa")
    pay(s, "pay:")
    rug = g.players[g.rug]
    assert rug.tokens == 3
    rolls = [e for e in s.events if e.kind == "rugwort_roll"]
    assert len(rolls) == 2
    assert len(rug.city) == before + sum(
        1 for e in rolls if e.data.get("card") and e.data.get("target") == g.rug
    )


# ---------------------------------------------------------------------------------- random play
def finished_ok(match: Match) -> None:
    g = game_of(match)
    result = match.result()
    assert match.finished and result is not None
    assert Counter(c for c in g.all_cards() if c not in g.fixed) == Counter(full_deck())
    assert not g.limbo
    for p in g.humans:
        pl = g.players[p]
        assert pl.passed and len(pl.hand) <= pl.hand_limit and g.used_spaces(pl) <= 15
        held = [c.card for c in pl.city if c.card in g.fixed] + pl.legends
        assert len(held) == len(set(held))
    for seat in range(len(match.seats)):
        parts = breakdown(g, seat)
        assert result.scores[seat] == parts["total"]


def play_random(players: int, seed: int) -> Match:
    match = Match("everdell", seats_for(players), dict(ON), seed)
    drive(match, [POLICIES["random"](i, seed) for i in range(len(match.seats))])
    return match


@pytest.mark.parametrize("chunk", range(4))
def test_random_games_with_legends(chunk: int) -> None:
    """200 random 2-4 player games with legends end properly; every tenth replays identically."""
    for i in range(chunk * 50, chunk * 50 + 50):
        match = play_random(2 + i % 3, 70_000 + i)
        finished_ok(match)
        if i % 10 == 0:
            check_replay(match)
            check_views(match)


def test_random_solo_games_with_legends() -> None:
    for year in (1, 2, 3):
        match = Match("everdell", seats_for(1), {**ON, "rugwort_year": year}, 80 + year)
        drive(match, [POLICIES["random"](i, 80) for i in range(len(match.seats))])
        finished_ok(match)
        check_replay(match)


def test_heuristic_bots_play_legendaries() -> None:
    played = 0
    for players in (1, 2, 4):
        match = Match("everdell", seats_for(players), dict(ON), 90 + players)
        drive(match, [POLICIES["heuristic"](i, 9) for i in range(len(match.seats))])
        finished_ok(match)
        g = game_of(match)
        played += sum(1 for p in g.humans for c in g.players[p].city if c.card in g.fixed)
    assert played > 0
