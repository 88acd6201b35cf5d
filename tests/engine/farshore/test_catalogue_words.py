"""Card and place texts agree with their numbers, in English and Portuguese."""

from __future__ import annotations

from engine.games.farshore.catalogue import card_text, describe_steps
from engine.games.farshore.content import load


def test_one_reads_singular_and_more_plural() -> None:
    steps = [{"gain": {"seaweed": 1}}, {"draw": 1}, {"boat": 1}]
    assert describe_steps(steps, "en") == "receive 1 seaweed; draw 1 card; move your Boat 1 space"
    assert describe_steps(steps, "pt") == "receba 1 alga; compre 1 carta; mova seu Barco 1 espaço"
    steps = [{"gain": {"stone": 2, "mushroom": 1}}, {"draw": 2}, {"boat": 3}, {"gain_any": 1}]
    assert describe_steps(steps, "en") == (
        "receive 2 sea stones, 1 mushroom; draw 2 cards; move your Boat 3 spaces; "
        "receive 1 resource of your choice"
    )
    assert describe_steps(steps, "pt") == (
        "receba 2 pedras do mar, 1 cogumelo; compre 2 cartas; mova seu Barco 3 espaços; "
        "receba 1 recurso à sua escolha"
    )


def test_card_texts_name_kinds_and_colours_in_the_reader_s_language() -> None:
    """A trigger names the card type in words (not the data's ids); sentences start capitalised."""
    cards = load().cards
    assert card_text(cards["harbourmaster"], "en").startswith(
        "Blue Governance, Unique. After you play a Bronze Traveler: draw 1 card. (our design: the whole card)"
    )
    assert card_text(cards["harbourmaster"], "pt").startswith(
        "Regulamentação Azul, Singular. Depois que você jogar um Viajante Bronze: compre 1 carta. "
        "(criação nossa: a carta inteira)"
    )
    assert "After you play a Construction: receive 1 point token" in card_text(
        cards["lighthouse_keeper"], "en"
    )
    assert "Depois que você jogar uma Construção: receba 1 ficha de ponto" in card_text(
        cards["lighthouse_keeper"], "pt"
    )
