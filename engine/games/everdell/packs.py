"""Mistwood's Corrin Evertail cards and Through Every Season Farms as match options.

`corrin: true` shuffles the 5 Corrin cards into the deck; `farms: true` swaps the 8 base Farms
for the 8 special ones. Both need every value the rulebook leaves out, supplied by the server's
completion file in the `mistwood_cards` option (`mistwood/card_data.py`); without it the options
are refused. The options are absent when off, so older match records replay unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.errors import InvalidSetup
from engine.games.everdell.data import Card
from engine.games.everdell.mistwood import card_data

if TYPE_CHECKING:
    from engine.games.everdell.game import EverdellGame

PACKS: tuple[str, ...] = ("corrin", "farms")
NAMES: dict[str, tuple[str, str]] = {}  # card id -> (en, pt) of every pack card installed so far


def normalize(options: dict[str, Any]) -> dict[str, Any]:
    """The canonical pack options (empty when both are off); refuses incomplete card data."""
    out: dict[str, Any] = {}
    for pack in PACKS:
        value = options.get(pack, False)
        if not isinstance(value, bool):
            raise InvalidSetup("error.bad_option", option=pack, value=str(value)[:100])
        if value:
            out[pack] = True
    if not out:
        return out
    text = options.get(card_data.OPTION)
    if text is not None:
        if not isinstance(text, str) or len(text) > card_data.MAX_TEXT:
            raise InvalidSetup("error.bad_option", option=card_data.OPTION, value="…")
        out[card_data.OPTION] = text
    for pack in PACKS:
        if pack in out:
            card_data.complete_entries(pack, out)  # raises naming what is still unknown
    return out


def install(g: EverdellGame) -> None:
    """Add the match's pack cards to its card data (once; the base data is never changed)."""
    from engine.games.everdell import corrin, farms

    if g.farm_abilities or "corrin_field" in g.card:  # already installed
        return
    added: list[Card] = []
    if g.options.get("corrin"):
        added += corrin.build(card_data.complete_entries("corrin", g.options))
    if g.options.get("farms"):
        entries = card_data.complete_entries("farms", g.options)
        added += farms.build(entries)
        g.farm_abilities = {e["id"]: list(e["abilities"]) for e in entries}
    if not added:
        return
    g.card = {**g.card, **{c.id: c for c in added}}
    g.cost = {**g.cost, **{c.id: c.cost_t for c in added}}
    for c in added:
        NAMES[c.id] = (c.en, c.pt)


def deck(g: EverdellGame, cards: list[str]) -> list[str]:
    """The main deck's cards with the packs applied (before the match RNG shuffles them)."""
    install(g)
    if g.options.get("farms"):
        cards = [c for c in cards if c != "farm"] + sorted(g.farm_abilities)
    if g.options.get("corrin"):
        from engine.games.everdell.corrin import IDS

        cards = cards + list(IDS)
    return cards


def public_cards(g: EverdellGame) -> list[dict[str, Any]]:
    """The pack cards' data for the views (public: every player's copies are alike)."""
    if not g.options.get("corrin") and not g.options.get("farms"):
        return []
    out: list[dict[str, Any]] = []
    for c in g.card.values():
        if c.id.startswith(("corrin_", "farm_")):
            entry = c.model_dump()
            if c.id in g.farm_abilities:
                entry["abilities"] = g.farm_abilities[c.id]
            out.append(entry)
    return out


def name(card_id: str, locale: str) -> str | None:
    """A pack card's name, when this process has seen the card (Corrin's always)."""
    found = NAMES.get(card_id)
    if found is None and card_id.startswith("corrin_"):
        for entry in card_data.known_entries("corrin"):
            if entry["id"] == card_id:
                found = (entry.get("name_en") or entry["name_pt"], entry["name_pt"])
    if found is None:
        return None
    return found[1] if locale.lower().startswith("pt") else found[0]
