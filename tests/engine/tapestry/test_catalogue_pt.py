"""Every Tapestry catalogue entry (/card) reads in Portuguese too, not in English as a fallback."""

from __future__ import annotations

import re

from engine.core.cards import CardInfo
from engine.games.tapestry.catalogue import catalogue
from engine.games.tapestry.catalogue_pt import data_texts

DATA_HELD = ("tapestry", "civilization", "space", "masterpiece")  # kinds whose text lives in the data


def entry(kind: str, entry_id: str) -> CardInfo:
    # Ids alone are not unique: a landmark tech card shares its landmark's name
    return next(c for c in catalogue() if c.kind == kind and c.id == entry_id)


def test_every_entry_has_its_own_portuguese_text() -> None:
    listed = catalogue()
    assert len(listed) == 242
    for card in listed:
        pt = card.text.get("pt", "").strip()
        assert pt, (card.kind, card.id)
        if re.search(r"[A-Za-z]", card.text["en"]):  # a text with words is translated, not copied
            assert pt != card.text["en"].strip(), (card.kind, card.id)
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", pt), (card.kind, card.id, pt)  # no raw effect token
        assert not re.search(r"\b[a-z]+_[a-z_]+\b", card.text["en"]), (card.kind, card.id, card.text["en"])


def test_the_portuguese_file_covers_exactly_the_data_held_entries() -> None:
    held = {c.id for c in catalogue() if c.kind in DATA_HELD}
    assert set(data_texts()) == held  # nothing missing, no stale key


def test_spot_checks() -> None:
    assert entry("tapestry", "guilds").text["pt"] == (
        "Uma vez: troque 5/10/15 PV por 1/2/3 recursos, ou 1/2/3 recursos por 5/10/15 PV."
    )
    assert entry("tech", "Clocks").text["pt"] == (
        "Círculo: avançar em Tecnologia sem benefício. Quadrado: 1 PV por espaço avançado em Tecnologia. "
        "Fileira superior: você ou um vizinho no espaço 4+ de Tecnologia."
    )
    assert entry("tech", "Bakery").text["pt"].endswith(
        "Quadrado: construir o monumento Padaria. Fileira superior: você ou um vizinho que tenha chegado à "
        "inovação Agricultura."
    )
    assert entry("civilization", "futurists").text["pt"] == (
        "Ao ganhá-la: avance 4 espaços em cada trilha sem benefícios, bônus nem monumentos, e ganhe um recurso "
        "de cada tipo."
    )
    assert entry("landmark", "Bakery").text["pt"] == "Um monumento que ocupa 4 lotes."
    assert entry("space", "Cars").describe("pt").startswith("Pegue uma fazenda")
