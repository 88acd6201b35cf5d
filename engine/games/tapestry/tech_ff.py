"""Fantasies & Futures tech cards: single-use cards, the charm-or-turn-5 prerequisite, and
choices that name the Arts track.

A single-use card is flipped once its square benefit is gained, whichever way (an upgrade to the
top row, Assembly Line, the Inventors' marker). A flipped card stays where it is and scores as a
tech card, but nothing uses it again: it is not upgraded (nor moved back by the Recyclers), not
marked by the Inventors, not copied by the Spies or Assembly Line. Nor may anyone else take a
player's single-use card to the top row (the Inventors' marker upgrade). The flip belongs to the card
while someone holds it: a card that leaves a player's tableau and is gained again from the deck,
the face-up row or the discard pile comes face up (`TapestryGame.flipped`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.tapestry.data import tech_cards

if TYPE_CHECKING:
    from engine.games.tapestry.game import TapestryGame

TURN_FIVE = 5


def charms(p: Any) -> int:
    """Charms showing on the player's income mat. They come with the Fantasies & Futures
    tapestry cards (a server data set): the player state's `charms` (a count or a collection of
    the visible charms) when that module sets it, else none."""
    shown = getattr(p, "charms", None)
    if shown is None:
        return 0
    return shown if isinstance(shown, int) else len(shown)


def charm_or_turn5(p: Any) -> bool:
    """The printed prerequisite, read on the player alone (neighbours do not count): a charmed
    tapestry card ever laid on the income mat, even if covered since, or income turn 5 or later."""
    return bool(getattr(p, "charmed", False)) or charms(p) > 0 or p.income_turns >= TURN_FIVE


def single_use(card: str) -> bool:
    return tech_cards()[card].single_use


def flip(g: TapestryGame, seat: int, card: str) -> None:
    """After a single-use card's square benefit: the card is used up."""
    if single_use(card) and card not in g.flipped:
        g.flipped.add(card)
        g.emit("flip_tech", seat, card=card)


def usable(g: TapestryGame, card: str) -> bool:
    """Whether another effect may upgrade, move, mark or copy the card."""
    return card not in g.flipped


def unflip(g: TapestryGame, card: str | None) -> None:
    """A card gained from the deck, the face-up row or the discard pile comes face up."""
    if card is not None:
        g.flipped.discard(card)


def choices(g: TapestryGame, steps: list[Any]) -> list[Any]:
    """The steps of a choice that can be taken in this game: one that advances or regresses on a
    track not in play (the Arts track without `arts`) is left out."""
    out = []
    for step in steps:
        head, _, arg = str(step).partition(":") if not isinstance(step, dict) else ("", "", "")
        if head in ("adv", "adv_nb", "reg", "reg_nb") and arg not in g.track_ids:
            continue
        out.append(step)
    return out
