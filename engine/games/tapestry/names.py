"""English and Brazilian-Portuguese names of everything a prompt or event may name."""

from __future__ import annotations

from functools import cache

from engine.games.tapestry.data import arts, civilizations, landmarks, tapestry_cards, tech_cards, tracks


@cache
def _names() -> dict[str, tuple[str, str]]:
    names: dict[str, tuple[str, str]] = {}
    for t in tracks().values():
        names[t.id] = (t.name, t.name_pt)
        for s in t.spaces:
            names[s.name] = (s.name, s.name_pt)
    for c in tech_cards().values():
        names[c.name] = (c.name, c.name_pt)
    for k, card in tapestry_cards().items():
        names[k] = (card.name, card.name_pt)
    for k, civ in civilizations().items():
        names[k] = (civ.name, civ.name_pt)
    for lm in landmarks().values():
        names.setdefault(lm.name, (lm.name, lm.name_pt))
    names["maker_of_fire"] = ("Maker of Fire", "Criação do Fogo")
    art = arts()  # Arts & Architecture: the fifth track, its landmarks, the masterpieces
    names[art.track.id] = (art.track.name, art.track.name_pt)
    for s in art.track.spaces:
        names[s.name] = (s.name, s.name_pt)
    for lm in art.landmarks:
        names[lm.name] = (lm.name, lm.name_pt)
    for mp in art.masterpieces:
        names[mp.id] = (mp.name, mp.name_pt)
    return names


def card_name(card_id: str, locale: str) -> str:
    from engine.games.tapestry.modules import UPLOADED_NAMES

    en, pt = _names().get(card_id) or UPLOADED_NAMES.get(card_id, (card_id, card_id))
    return pt if locale.lower().startswith("pt") else en
