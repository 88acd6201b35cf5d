"""What the platform reads from the game definition: discovery, options model, the /card
catalogue and the event kinds an undo may not cross."""

from __future__ import annotations

import pytest

from engine.core.errors import InvalidSetup
from engine.core.events import Event, sounds_revealing
from engine.core.match import Match
from engine.core.registry import game_ids, get_game
from engine.games.architects.bots import RandomBot
from tests.engine.architects.helpers import seats

GAME_ID = "architects"


def test_discovered_and_offered_in_lobbies_as_released_says() -> None:
    assert GAME_ID in game_ids()
    assert (GAME_ID in game_ids(released_only=True)) is get_game(GAME_ID).released
    assert get_game(GAME_ID).names == {
        "en": "Architects of the West Kingdom",
        "pt": "Arquitetos do Reino Ocidental",
    }


def test_options_typed_by_a_person_are_coerced_then_normalized() -> None:
    game = get_game(GAME_ID)
    out = game.parse_options({"architect_side": "B", "promo_architects": "true", "hand_limit": "0"}, 3)
    assert out["architect_side"] == "B" and out["promo_architects"] is True and out["hand_limit"] == 0
    assert out["draft"] is True  # defaults filled in
    for bad in (
        {"architect_side": "C"},
        {"hand_limit": "-1"},
        {"promo_architects": "true"},
        {"colour": "red"},
    ):
        with pytest.raises(InvalidSetup):
            game.parse_options(bad, 2)


def test_catalogue_names_and_texts_in_both_languages() -> None:
    listed = get_game(GAME_ID).cards()
    assert listed is get_game(GAME_ID).cards()
    ids = [c.id for c in listed]
    # + Works of Wonder: 24 Apprentices, 24 Buildings, 5 Wonders, 7 Contribution cards, 7 kinds
    # of Reward card, 6 player boards; its solo AI: 22 Plot cards, 6 AI boards
    assert len(ids) == len(set(ids)) == 43 + 24 + 43 + 24 + 10 + 14 + 5 + 7 + 7 + 6 + 22 + 6
    ours_cards = [c for c in listed if c.kind in ("contribution", "reward")]
    assert len(ours_cards) == 14 and all("values" in c.ours for c in ours_cards)
    wow = [c for c in listed if c.set == "wow" and c.kind in ("apprentice", "building")]
    assert len(wow) == 48 and all("values" in c.ours and "name_en" in c.ours for c in wow)
    wonders = {c.id: c for c in listed if c.kind == "wonder"}
    assert len(wonders) == 5 and all("values" in c.ours for c in wonders.values())  # the VP are ours
    for card in listed:
        for locale in ("en", "pt"):
            assert card.names[locale].strip() and card.text[locale].strip(), card.id
        assert "text" in card.ours
    by_id = {c.id: c for c in listed}
    assert "name_pt" not in by_id["guildhall"].ours and "name_pt" in by_id["smithy"].ours
    assert by_id["merchant_gold"].names["pt"] == "Mercador" and "name_pt" not in by_id["merchant_gold"].ours


def test_every_revealing_sounding_public_kind_is_listed() -> None:
    definition = get_game(GAME_ID)
    assert definition.revealing_events is not None
    kinds: set[str] = set()
    for seed, n in ((0, 2), (1, 3), (2, 5)):
        match = Match(GAME_ID, seats(n), {"architect_side": "B", "promo_cards": True}, seed)
        bots = [RandomBot(i, seed) for i in range(n)]
        events = list(match.opening_events)
        while not match.finished:
            p = match.prompts()[0]
            events += match.submit(p.seat, bots[p.seat].choose({}, p))
        kinds |= {e.kind for e in events if e.public}
    assert {"draw", "hire", "reset", "build", "capture"} <= kinds
    unlisted = sorted(k for k in kinds if sounds_revealing(k) and k not in definition.revealing_events)
    assert unlisted == []
    assert definition.reveals(Event("hire", 0, {"card": "thief"}))  # the display is refilled
    assert not definition.reveals(Event("capture", 0, {}))
