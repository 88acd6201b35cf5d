"""Scenario tests for card powers, events and the Rugwort solo opponent."""

from __future__ import annotations

from engine.games.everdell.scoring import breakdown
from tests.engine.everdell.helpers import Scenario, pos, uid


# ------------------------------------------------------------------------------- tan travelers
def test_fool_goes_to_an_opponents_city() -> None:
    s = Scenario(pos({"hand": ["fool"], "res": {"berry": 3}}, {}, {}), players=3)
    s.answer("play:h:fool")
    assert s.prompt.key == "everdell.prompt.fool_target"
    s.answer("seat:2")
    assert s.city(2) == ["fool"] and s.city(0) == []
    assert breakdown(s.game, 2)["cards"] == -2


def test_fool_cannot_enter_a_city_that_has_one() -> None:
    s = Scenario(pos({"hand": ["fool"], "res": {"berry": 3}}, {"city": ["fool"]}))
    assert "play:h:fool" not in s.ids()


def test_ruins_replace_a_construction() -> None:
    s = Scenario(pos({"hand": ["ruins"], "city": ["mine", "farm"]}, {}))
    s.answer("play:h:ruins")
    assert s.prompt.key == "everdell.prompt.ruins"
    s.answer(f"c{uid(s, 'mine')}")
    pl = s.player(0)
    assert s.city() == ["farm", "ruins"] and pl.res == {"twig": 1, "resin": 1, "pebble": 1, "berry": 0}
    assert sorted(pl.hand) == ["king", "queen"] and "mine" in s.game.discard


def test_undertaker_discards_three_and_takes_one() -> None:
    s = Scenario(pos({"hand": ["undertaker"], "res": {"berry": 2}}, {}))
    s.answer("play:h:undertaker")
    s.answer("m0", "m1", "m2")
    assert {"farm", "mine", "twig_barge"} <= set(s.game.discard)
    assert s.game.meadow[:3] == ["king", "queen", "farm"]
    s.answer("m1")
    assert s.player(0).hand == ["queen"] and s.game.meadow[1] == "mine"


def test_postal_pigeon_plays_a_cheap_revealed_card_free() -> None:
    s = Scenario(pos({"hand": ["postal_pigeon"], "res": {"berry": 2}}, {}, deck=["king", "wife", "farm"]))
    s.answer("play:h:postal_pigeon")
    assert s.prompt.key == "everdell.prompt.pigeon"
    assert [o.card for o in s.prompt.options if o.card] == ["wife"]  # the King is worth 4
    s.answer("r1")
    assert s.city() == ["postal_pigeon", "wife"] and "king" in s.game.discard


def test_bard_discards_for_points() -> None:
    s = Scenario(pos({"hand": ["bard", "farm", "mine", "inn"], "res": {"berry": 3}}, {}))
    s.answer("play:h:bard")
    s.answer("farm", "mine")
    assert s.player(0).tokens == 2 and s.player(0).hand == ["inn"]


def test_wanderer_draws_three_and_takes_no_space() -> None:
    s = Scenario(pos({"hand": ["wanderer"], "res": {"berry": 2}}, {}))
    s.answer("play:h:wanderer")
    assert len(s.player(0).hand) == 3 and s.game.used_spaces(s.player(0)) == 0


def test_shepherd_pays_an_opponent() -> None:
    s = Scenario(
        pos({"hand": ["shepherd"], "res": {"berry": 3}, "city": [{"card": "chapel", "tokens": 2}]}, {})
    )
    s.answer("play:h:shepherd")
    s.answer("pay:0.0.0.3")  # rather than the Chapel's free spot
    assert s.player(1).res["berry"] == 3
    assert s.player(0).res["berry"] == 3 and s.player(0).tokens == 2


def test_ranger_moves_a_worker_and_takes_the_new_reward() -> None:
    s = Scenario(pos({"hand": ["ranger"], "res": {"berry": 2}, "placed": ["basic_1_berry"]}, {}))
    s.answer("play:h:ranger")
    s.answer("w0")
    s.answer("place:basic_3_twigs")
    pl = s.player(0)
    assert [w.loc for w in pl.placed] == ["basic_3_twigs"] and pl.res["twig"] == 3
    assert s.game.occ["basic_1_berry"] == []


# ---------------------------------------------------------------------------- green production
def test_production_on_play() -> None:
    s = Scenario(pos({"hand": ["general_store"], "city": ["farm"], "res": {"resin": 1, "pebble": 1}}, {}))
    s.answer("play:h:general_store")
    assert s.player(0).res["berry"] == 2


def test_chip_sweep_copies_own_production() -> None:
    s = Scenario(pos({"hand": ["chip_sweep"], "city": ["mine", "farm"], "res": {"berry": 3}}, {}))
    s.answer("play:h:chip_sweep")
    assert s.prompt.key == "everdell.prompt.chip_sweep"
    assert all(o.card != "chip_sweep" for o in s.prompt.options)
    s.answer(f"c{uid(s, 'mine')}")
    assert s.player(0).res["pebble"] == 1


def test_miner_mole_copies_an_opponents_card_with_their_conditions() -> None:
    s = Scenario(pos({"hand": ["miner_mole"], "res": {"berry": 3}}, {"city": ["general_store", "farm"]}))
    s.answer("play:h:miner_mole")
    s.answer(f"c{uid(s, 'general_store', 1)}")
    assert s.player(0).res["berry"] == 2  # the opponent has a Farm


def test_teacher_keeps_one_and_gives_one() -> None:
    s = Scenario(pos({"hand": ["teacher"], "res": {"berry": 2}}, {}, deck=["king", "queen"]))
    s.answer("play:h:teacher")
    s.answer("r1")
    assert s.player(0).hand == ["queen"] and s.player(1).hand == ["king"]


def test_doctor_woodcarver_peddler_monk() -> None:
    s = Scenario(pos({"hand": ["doctor"], "res": {"berry": 6}}, {}))
    s.answer("play:h:doctor")
    s.answer("2")
    assert s.player(0).tokens == 2 and s.player(0).res["berry"] == 0

    s = Scenario(pos({"hand": ["woodcarver"], "res": {"berry": 2, "twig": 5}}, {}))
    s.answer("play:h:woodcarver")
    s.answer("3")
    assert s.player(0).tokens == 3 and s.player(0).res["twig"] == 2

    s = Scenario(pos({"hand": ["peddler"], "res": {"berry": 2, "twig": 2}}, {}))
    s.answer("play:h:peddler")
    s.answer("2.0.0.0")
    s.answer("0.0.2.0")
    assert s.player(0).res == {"twig": 0, "resin": 0, "pebble": 2, "berry": 0}

    s = Scenario(pos({"hand": ["monk"], "res": {"berry": 3}}, {}))
    s.answer("play:h:monk")
    s.answer("2")
    assert s.player(0).tokens == 4 and s.player(1).res["berry"] == 2


def test_husband_needs_wife_and_farm() -> None:
    s = Scenario(pos({"hand": ["husband"], "city": ["farm", "wife"], "res": {"berry": 3}}, {}))
    s.answer("play:h:husband")
    s.answer("pay:0.0.0.3")
    s.answer("0.1.0.0")
    assert s.player(0).res["resin"] == 1
    assert s.game.used_spaces(s.player(0)) == 2


def test_storehouse_stores_then_pays_out() -> None:
    s = Scenario(pos({"hand": ["storehouse"], "res": {"twig": 1, "resin": 1, "pebble": 1}}, {}))
    s.answer("play:h:storehouse")
    s.answer("twig")
    house = s.player(0).city[0]
    assert house.stored["twig"] == 3
    s.answer("place:basic_1_berry")  # seat 1
    s.answer(f"place:card:{house.uid}")
    assert s.player(0).res["twig"] == 3 and house.stored["twig"] == 0


# ------------------------------------------------------------------------------ blue governance
def test_historian_shopkeeper_courthouse_react_to_later_plays() -> None:
    s = Scenario(
        pos(
            {
                "hand": ["wife", "farm"],
                "city": ["historian", "shopkeeper", "courthouse"],
                "res": {"berry": 2, "twig": 4, "resin": 2},
            },
            {},
        )
    )
    s.answer("play:h:wife")
    pl = s.player(0)
    assert pl.res["berry"] == 1 and len(pl.hand) == 2  # Shopkeeper berry, Historian card
    s.answer("place:basic_1_berry")
    s.answer("play:h:farm")
    assert s.prompt.key == "everdell.prompt.courthouse"
    s.answer("pebble")
    assert pl.res["pebble"] == 1


# ---------------------------------------------------------------------------- red destinations
def test_queen_plays_a_cheap_card_free() -> None:
    s = Scenario(pos({"city": ["queen"], "hand": ["king", "wife"]}, {}))
    s.answer(f"place:card:{uid(s, 'queen')}")
    assert "h:king" not in s.ids() and "h:wife" in s.ids()
    s.answer("h:wife")
    assert s.city() == ["queen", "wife"]


def test_inn_in_an_opponents_city_pays_its_owner() -> None:
    s = Scenario(pos({"res": {"twig": 1}}, {"city": ["inn"]}))
    inn = uid(s, "inn", 1)
    assert f"place:card:{inn}" in s.ids()
    s.answer(f"place:card:{inn}")
    s.answer("m0")  # the Farm costs 3, so it is free
    assert s.city() == ["farm"] and s.player(1).tokens == 1 and s.player(0).res["twig"] == 1


def test_post_office_gives_discards_and_refills() -> None:
    s = Scenario(pos({"city": ["post_office"], "hand": ["king", "queen", "farm"]}, {}))
    s.answer(f"place:card:{uid(s, 'post_office')}")
    s.answer("king", "queen")
    assert sorted(s.player(1).hand) == ["king", "queen"]
    s.answer("farm")
    assert len(s.player(0).hand) == 8


def test_chapel_collects_tokens_and_draws() -> None:
    s = Scenario(pos({"city": [{"card": "chapel", "tokens": 1}]}, {}))
    s.answer(f"place:card:{uid(s, 'chapel')}")
    assert s.player(0).city[0].tokens == 2 and len(s.player(0).hand) == 4
    assert breakdown(s.game, 0)["tokens"] == 2


def test_monastery_worker_is_permanent() -> None:
    s = Scenario(pos({"city": ["monastery"], "res": {"twig": 2}}, {}))
    s.answer(f"place:card:{uid(s, 'monastery')}")
    assert s.player(0).tokens == 4 and s.player(1).res["twig"] == 2
    assert s.player(0).placed[0].permanent
    s.game.recall(0)
    assert len(s.player(0).placed) == 1


def test_cemetery_plays_from_the_discard_pile() -> None:
    s = Scenario(pos({"city": ["cemetery"]}, {}, discard=["farm", "king"]))
    s.answer(f"place:card:{uid(s, 'cemetery')}")
    s.answer("discard")
    assert s.prompt.key == "everdell.prompt.cemetery_play"
    s.answer(next(o.id for o in s.prompt.options if o.card == "king"))
    assert s.city() == ["cemetery", "king"] and s.game.discard == ["farm"]


def test_university_recycles_a_card() -> None:
    s = Scenario(pos({"city": ["university", "mine"]}, {}))
    s.answer(f"place:card:{uid(s, 'university')}")
    s.answer("1.0.0.0")  # the Mine is the only other card; then the bonus resource
    pl = s.player(0)
    assert s.city() == ["university"] and pl.res == {"twig": 2, "resin": 1, "pebble": 1, "berry": 0}
    assert pl.tokens == 1


def test_lookout_copies_an_occupied_location() -> None:
    s = Scenario(pos({"city": ["lookout"]}, {"placed": ["basic_3_twigs"]}))
    s.answer(f"place:card:{uid(s, 'lookout')}")
    s.answer("basic_3_twigs")
    assert s.player(0).res["twig"] == 3


# ------------------------------------------------------------------------------------- events
def test_basic_event_claim() -> None:
    s = Scenario(pos({"city": ["farm", "mine", "twig_barge", "resin_refinery"]}, {}))
    assert "place:event:basic_production" in s.ids()
    s.answer("place:event:basic_production")
    assert s.game.claims["basic_production"].owner == 0
    assert "place:event:basic_production" not in s.ids()
    assert breakdown(s.game, 0)["events"] == 3


def test_special_event_with_an_effect() -> None:
    s = Scenario(
        pos(
            {"city": ["peddler", "general_store"], "res": {"resin": 2, "twig": 1}},
            {},
            specials=["under_new_management"],
        )
    )
    s.answer("place:event:under_new_management")
    s.answer("1.2.0.0")
    assert breakdown(s.game, 0)["events"] == 5


def test_tax_relief_triggers_production() -> None:
    s = Scenario(pos({"city": ["judge", "queen", "farm", "mine"]}, {}, specials=["tax_relief"]))
    s.answer("place:event:tax_relief")
    assert s.player(0).res["berry"] == 1 and s.player(0).res["pebble"] == 1
    assert breakdown(s.game, 0)["events"] == 3


def test_everdell_games_needs_two_of_each_colour() -> None:
    city = ["wanderer", "ruins", "farm", "mine", "inn", "lookout", "crane", "historian", "wife", "castle"]
    s = Scenario(pos({"city": city}, {}, specials=["the_everdell_games"]))
    s.answer("place:event:the_everdell_games")
    assert breakdown(s.game, 0)["events"] == 9


# ------------------------------------------------------------------------------------ Rugwort
def test_rugwort_takes_a_meadow_card_after_each_play() -> None:
    s = Scenario(pos({"hand": ["farm", "mine"], "res": {"twig": 2, "resin": 1}}), players=1)
    s.answer("play:h:farm")
    rug = s.player(1)
    assert len(rug.city) == 1 and all(c is not None for c in s.game.meadow)
    assert any(e.kind == "rugwort_roll" for e in s.events)


def test_rugwort_prepares_after_the_player() -> None:
    s = Scenario(pos({"placed": ["haven", "haven"], "hand": ["farm"]}), players=1)
    # the only action left is to prepare; Rugwort follows at once
    g = s.game
    rug = s.player(1)
    assert g.blocked == {0} and sorted(w.loc for w in rug.placed) == sorted(
        ["basic_2_resin", g.forest[1], "meadow:0"]
    )
    assert "play:m0" not in s.ids()


def test_rugwort_year_three_autumn() -> None:
    s = Scenario(pos({"season": 2, "placed": ["haven"] * 4}), players=1, rugwort_year=3)
    g = s.game
    rug = s.player(1)
    assert g.blocked == {2, 3} and rug.journey == 5
    assert s.player(0).workers == 5
    assert not any(w.loc.startswith("basic_") for w in rug.placed)


def test_rugwort_scoring() -> None:
    s = Scenario(
        pos(
            {"season": 3, "placed": ["haven"] * 6},
            specials=["tax_relief", "croak_wart_cure"],
            rugwort={"city": ["farm", "castle", "wife"]},
        ),
        players=1,
        rugwort_year=2,
    )
    g = s.game
    assert g.finished
    b = breakdown(g, 1)
    assert b["cards"] == 2 + 3 + 3 and b["events"] == 2 * 6
    r = g.result()
    assert r is not None and r.ranks == (2, 1) and r.winners == (1,)


def test_fool_against_rugwort_removes_one_of_his_cards() -> None:
    s = Scenario(
        pos({"hand": ["fool"], "res": {"berry": 3}}, rugwort={"city": ["castle", "farm"]}), players=1
    )
    s.answer("play:h:fool")
    assert s.prompt.key == "everdell.prompt.rugwort_fool"
    s.answer(f"c{uid(s, 'castle', 1)}")
    assert "fool" in s.game.discard and "castle" in s.game.discard and s.city() == []
