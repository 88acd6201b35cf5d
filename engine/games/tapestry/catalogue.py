"""Every card-like component in the player's words, for looking it up (`/card`)."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core.cards import CardInfo
from engine.games.tapestry import catalogue_pt as pt
from engine.games.tapestry import wording
from engine.games.tapestry.data import (
    TechCard,
    arts,
    civilizations,
    landmarks,
    tapestry_cards,
    tech_cards,
    tracks,
)
from engine.games.tapestry.wording import Wording

WORDS = {
    "coin": "a coin", "worker": "a worker", "food": "a food", "culture": "a culture", "any": "a resource of your choice",
    "market": "a market", "house": "a house", "farm": "a farm", "armory": "an armory",
    "any_building": "an income building of your choice", "tile": "a territory tile", "space_tile": "a space tile",
    "tapestry": "a tapestry card", "civ": "a random civilization", "explore": "explore",
    "explore_anywhere": "explore anywhere", "explore_space": "explore a space tile", "conquer": "conquer",
    "conquer_anywhere": "conquer anywhere", "conquer_both": "conquer, gaining both dice",
    "conquer_tanks": "conquer (both dice against an opponent)", "invent": "invent", "upgrade": "upgrade a tech card",
    "refresh_tech": "you may refresh the face-up tech cards", "circle_middle": "the circle benefit of a middle-row card",
    "square_top": "the square benefit of a top-row card", "research": "research with benefit",
    "research_nb": "research without benefit", "alien_biology": "research four times without benefit",
    "repeat_any": "the benefit of your space on any track", "repeat_any_battery": "the benefit of your space on any track (once a turn)",
    "repeat_any_once": "the benefit of your space on any track (you may pay its bonus)",
    "singularity": "move this token to the start of any track", "overplay": "play a tapestry card over your current one",
    "masterpiece": "create a masterpiece", "inspiration": "an inspiration tile",
    "duct_tape": "upgrade twice ignoring prerequisites (one card twice or two cards)",
}
COUNTS = {
    "tech_cards": "tech card you own", "capital": "complete row and column in your capital",
    "territories": "territory you control", "tiles": "territory tile in your supply", "tapestries": "tapestry card you have",
    "market": "market you have", "house": "house you have", "farm": "farm you have", "armory": "armory you have",
    "buildings": "income building you have",
    "landmarks": "landmark you have",
}


EN = Wording(
    words=WORDS,
    counts=COUNTS,
    either=" or ",
    both=" and ",
    any_order=" (any order)",
    vp="{n} VP",
    vp_per="1 VP per {what}",
    vp_per_space="1 VP per {track} space advanced",
    advance="advance on {track}",
    regress="regress on {track}",
    with_benefit=" with benefit",
    without_benefit=" without benefit",
    build="build the {landmark}",
)


def describe(steps: list[Any]) -> str:
    return wording.describe(steps, EN)


@cache
def catalogue() -> tuple[CardInfo, ...]:
    out: list[CardInfo] = []
    for card in tapestry_cards().values():
        kind = {"played": "WHEN PLAYED", "era": "THIS ERA", "trap": "RESPONSE"}[card.kind]
        out.append(CardInfo(card.id, {"en": card.name, "pt": card.name_pt}, pt.texts(card.id, card.text), kind="tapestry",
                            types=(kind,), set="base", ours=_ours(card.pt_source)))
    for tech in tech_cards().values():
        text = f"Circle: {describe(tech.circle)}. Square: {describe(tech.square)}. Top row: {_prerequisite(tech)}."
        if tech.single_use:
            text += " Single use: flipped once its square benefit is gained; then nothing uses it again."
        if tech.needs:
            text += " Dealt only with the Arts track (arts)."
        out.append(CardInfo(tech.name, {"en": tech.name, "pt": tech.name_pt}, {"en": text, "pt": pt.tech_text(tech)}, kind="tech", set=tech.expansion,
                            ours=_ours(tech.pt_source) + (("values",) if tech.requires_source == "ours" else ())))
    for civ in civilizations().values():
        out.append(CardInfo(civ.id, {"en": civ.name, "pt": civ.name_pt}, pt.texts(civ.id, civ.text), kind="civilization",
                            set=civ.expansion, ours=_ours(civ.pt_source)))
    for track in tracks().values():
        for i, space in enumerate(track.spaces, start=1):
            text = space.text
            out.append(CardInfo(space.name, {"en": space.name, "pt": space.name_pt}, pt.texts(space.name, text), kind="space",
                                types=(track.name, f"tier {(i - 1) // 3 + 1}"), set="base", ours=_ours(space.pt_source)))
    for lm in landmarks().values():
        cells = sum(row.count("X") for row in lm.footprint)
        out.append(CardInfo(lm.name, {"en": lm.name, "pt": lm.name_pt}, {"en": f"A landmark covering {cells} plots.", "pt": pt.landmark_text(cells)},
                            kind="landmark", set="base", ours=_ours(lm.pt_source)))
    out.extend(_arts())
    return tuple(out)


def _arts() -> list[CardInfo]:
    """Arts & Architecture: the Arts track's spaces and landmarks, the 20 masterpieces."""
    art = arts()
    out: list[CardInfo] = []
    for i, space in enumerate(art.track.spaces, start=1):
        out.append(CardInfo(space.name, {"en": space.name, "pt": space.name_pt}, pt.texts(space.name, space.text), kind="space",
                            types=(art.track.name, f"tier {(i - 1) // 3 + 1}"), set="aa", ours=_ours(space.pt_source)))
    for lm in art.landmarks:
        cells = sum(row.count("X") for row in lm.footprint)
        text = f"The Arts track's landmark for the first into its tier, covering {cells} plots (name and shape ours)."
        out.append(CardInfo(lm.name, {"en": lm.name, "pt": lm.name_pt}, {"en": text, "pt": pt.arts_landmark_text(cells)}, kind="landmark", set="aa",
                            ours=("name_pt", "text", "values")))
    for mp in art.masterpieces:
        kind = ("SINGLE USE",) if mp.single_use else ()
        out.append(CardInfo(mp.id, {"en": mp.name, "pt": mp.name_pt}, pt.texts(mp.id, mp.text), kind="masterpiece", types=kind,
                            set="aa", ours=_ours(mp.pt_source)))
    return out


def _prerequisite(tech: TechCard) -> str:
    req = tech.requires
    if req.none:
        return "no prerequisite"
    if req.charm_or_turn5:
        return "a charmed tapestry card you have laid on your income mat (even if covered since), or your income turn 5 or later; neighbours do not count"
    if req.landmark_on_card:
        return "a landmark on this card (whenever you gain a landmark while it holds none, you may put it here and upgrade the card once)"
    need = f"{req.track} space {req.space}+" if req.track else f"the {req.innovation} innovation"
    return f"you or a neighbour at {need}"


def _ours(pt_source: str) -> tuple[str, ...]:
    return ("name_pt", "text") if pt_source == "ours" else ("text",)
