"""Hidden information (Building cards in hand, deck orders, the face-down Reward cards) never
leaves through public events or another seat's view. The bot games of `test_property.py` check
every event and, now and then, every other seat's view; these pin the single cases."""

from __future__ import annotations

from engine.games.architects.data import buildings
from tests.engine.architects.helpers import answer, at, game_of
from tests.engine.architects.randplay import leaks

CARDS = set(buildings())


def test_a_workshop_draw_is_a_count_in_public_and_the_cards_in_private() -> None:
    m = at({"players": [{}, {}], "deck": ["smithy", "well", "tavern"]})
    p = m.prompts()[0]
    events = m.submit(p.seat, ("workshop",))
    events += m.submit(0, ("draw",)) if m.prompts() and m.prompts()[0].key.endswith("workshop") else []
    assert leaks(m, events) == []
    drew = [e for e in events if e.kind == "drew"]
    assert drew and drew[0].to == 0 and drew[0].data["cards"] == ["smithy"]
    assert [e.data["count"] for e in events if e.kind == "draw"] == [1]
    assert "hand" not in m.view(None) and m.view(1).get("hand") == []
    assert m.view(0)["hand"] == ["smithy"]


def test_the_black_market_look_shows_the_cards_to_the_looker_only() -> None:
    deck = ["smithy", "well", "tavern", "crane", "keep", "fountain"]
    m = at({"players": [{"silver": 5, "virtue": 5}], "deck": deck})
    events = m.submit(0, ("market:1",))
    events += m.submit(0, ("look",))
    events += m.submit(0, ("card:0",))
    assert leaks(m, events) == []
    looked = [e for e in events if e.kind == "looked"]
    assert looked[0].to == 0 and len(looked[0].data["cards"]) == 5
    assert {e.kind for e in events if e.public} >= {"look", "draw"}
    g = game_of(m)
    assert g.players[0].hand == ["crane"] and g.deck[-1] == "fountain"  # the unseen card stays on top


def test_leftover_cards_go_under_the_deck_face_down() -> None:
    m = at({"players": [{"hand": ["smithy", "well"], "virtue": 7, "goods": {"gold": 1}}]})
    answer(m, "guildhall")
    events = m.submit(0, ("card:1",)) if m.prompts()[0].key.endswith("cathedral_discard") else []
    assert leaks(m, events) == []
    public = [e for e in events if e.public and e.kind == "discard"]
    assert all(set(e.data) <= {"why", "count"} for e in public)
