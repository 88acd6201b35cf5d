"""Card and place texts agree with their numbers, in English and Portuguese."""

from __future__ import annotations

from engine.games.farshore.catalogue import describe_steps


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
