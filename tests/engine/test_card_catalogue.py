"""The card catalogues behind /card: complete in both languages, and honest about what is ours."""

from __future__ import annotations

import pytest

from engine.core.cards import CardInfo
from engine.core.registry import get_game
from engine.games.dominion.cards import cards as dominion_cards
from engine.games.everdell.data import cards as everdell_cards
from engine.games.everdell.data import events as everdell_events
from engine.games.everdell.mistwood import loader

GAMES = ("dominion", "everdell")
OURS = {"name_en", "name_pt", "text", "values"}


def catalogue(game: str) -> dict[str, CardInfo]:
    return {c.id: c for c in get_game(game).cards()}


@pytest.mark.parametrize("game", GAMES)
def test_every_card_has_both_names_and_texts(game: str) -> None:
    listed = get_game(game).cards()
    assert listed
    for card in listed:
        for locale in ("en", "pt"):
            assert card.names.get(locale, "").strip(), (card.id, locale, "name")
            assert card.text.get(locale, "").strip(), (card.id, locale, "text")
        assert set(card.ours) <= OURS, card.id
        assert len(set(card.ours)) == len(card.ours), card.id


@pytest.mark.parametrize("game", GAMES)
def test_ids_are_unique_and_cached(game: str) -> None:
    listed = get_game(game).cards()
    ids = [c.id for c in listed]
    assert len(ids) == len(set(ids))
    assert get_game(game).cards() is listed


def test_dominion_covers_every_card_and_follows_the_data() -> None:
    listed = catalogue("dominion")
    data = dominion_cards()
    assert set(listed) == set(data)
    for card in data.values():
        info = listed[card.id]
        assert ("name_pt" in info.ours) == (card.pt_source == "ours"), card.id
        assert ("text" in info.ours) == (not card.text_en or not card.text_pt), card.id
        if card.text_en:
            assert info.text["en"] == card.text_en
        assert info.names == {"en": card.id, "pt": card.name_pt}
        assert info.cost == f"${card.cost}"
        assert info.kind == ("event" if card.kind == "event" else "card")
    kinds = {(c.kind, c.set) for c in data.values()}
    assert {("basic", "base"), ("kingdom", "base"), ("kingdom", "adventures"), ("upgrade", "adventures"),
            ("event", "adventures")} <= kinds
    assert listed["Copper"].text["en"] == "Worth $1." and "text" in listed["Copper"].ours


def test_everdell_covers_cards_events_locations_and_mistwood() -> None:
    listed = catalogue("everdell")
    for card in everdell_cards().values():
        info = listed[card.id]
        assert ("name_pt" in info.ours) == (card.pt_source == "ours"), card.id
        assert card.text_en in info.text["en"] and card.text_pt in info.text["pt"]
        assert "text" not in info.ours  # both texts come from the data
    assert len(everdell_cards()) == 48
    evs = everdell_events()
    for event_id, pt_source in [(e.id, e.pt_source) for e in evs.basic] + [(e.id, e.pt_source) for e in evs.special]:
        info = listed[event_id]
        assert info.kind == "event"
        assert ("name_pt" in info.ours) == (pt_source == "ours"), event_id
        assert "text" in info.ours  # Portuguese (and basic Events' rules) written for the catalogue
    for ev in evs.special:
        assert ev.text_en in listed[ev.id].text["en"]
    assert sum(1 for c in listed.values() if c.kind == "location") == 8 + 11 + 1
    content = loader.content()
    for extra in content.cards:
        info = listed[extra.id]
        assert info.names["pt"] == extra.name_pt and "name_en" in info.ours
        assert info.text["en"] == extra.effect
    for kind, deck in (("personality", loader.personalities()), ("plan", loader.plans()), ("plot", loader.plots())):
        for module in deck.cards:
            info = listed[f"{kind}_{module.id}"]
            assert info.kind == kind and info.set == "mistwood"
            assert info.text["en"].startswith(module.effect)
            assert ("Thwart:" in info.text["en"]) == bool(module.thwart)
            assert ("Frustrar:" in info.text["pt"]) == bool(module.thwart)
