"""A bot turn: draw a decision pair, move the Automa then the Shadow Empire one space each (or take
an income turn), and the Automa's benefits. Every decision is one public `automa_*` event."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.tapestry import tapestries
from engine.games.tapestry.asks import Gen
from engine.games.tapestry.automa import data as adata
from engine.games.tapestry.automa import income, mapplay
from engine.games.tapestry.automa.data import DecisionCard, cards
from engine.games.tapestry.automa.tracks import LANDMARK_SPACES, pick, valid_tracks
from engine.games.tapestry.data import board, tracks

if TYPE_CHECKING:
    from engine.games.tapestry.automa.game import AutomaGame


def name(g: AutomaGame, seat: int) -> str:
    return "automa" if seat == g.automa else "shadow"


def roll(g: AutomaGame, seat: int, why: str) -> str:
    face = g.rng.choice(board().dice.science)
    g.emit("roll", seat, die="science", face=face, why=why)
    return face


# ---------------------------------------------------------------------------------- the turn
def draw_pair(g: AutomaGame) -> bool:
    """Discard the last pair and lay the next one (left: track card, right: tiebreaker card).
    The deck is shuffled, so its order is the random left/right order. False: the deck is empty."""
    if not g.deck:
        return False
    g.discard.extend(g.pair)
    g.pair = [g.deck.pop() for _ in range(min(2, len(g.deck)))]
    if len(g.pair) == 1:  # never with the official decks (always pairs); keep the rules total
        g.pair.append(g.pair[0])
    g.latest = list(g.pair)
    g.emit(
        "automa_draw",
        track_card=g.pair[0],
        tiebreaker_card=g.pair[1],
        deck=len(g.deck),
        discard=len(g.discard),
    )
    return True


def bot_turn(g: AutomaGame) -> Gen:
    a = g.players[g.automa]
    if a.income_turns == 0:
        yield from income.solo_income(g, "first")
        return
    if not draw_pair(g):
        yield from income.solo_income(g, "empty_deck")
        return
    track_card, tie = cards()[g.pair[0]], cards()[g.pair[1]]
    if not g.deck and track_card.track_section.income_icon:
        yield from income.solo_income(g, "income_icon")
        return
    yield from move(g, g.automa, track_card, tie)
    yield from move(g, g.shadow, track_card, tie)


def shadow_turn(g: AutomaGame) -> Gen:
    """Two people and the Shadow Empire: it moves alone, in its seat's turn."""
    s = g.players[g.shadow]
    if s.income_turns == 0:
        yield from income.shadow_income(g, "first")
        return
    if not draw_pair(g):
        yield from income.shadow_income(g, "empty_deck")
        return
    track_card, tie = cards()[g.pair[0]], cards()[g.pair[1]]
    if not g.deck and track_card.track_section.income_icon:
        yield from income.shadow_income(g, "income_icon")
        return
    yield from move(g, g.shadow, track_card, tie)


def choose_track(
    g: AutomaGame, seat: int, indicator: str, tie: DecisionCard
) -> tuple[str | None, list[str], str]:
    p = g.players[seat]
    # a track a person's Dictatorship closes counts as one the bot cannot take
    positions = {t: 12 if g.blocked(seat, t) else p.pos(t) for t in p.tracks}
    fav = g.favorite[seat]
    valid = valid_tracks(indicator, positions, fav, lambda n: n in g.available_landmarks)
    if not valid:
        if positions[fav] >= 12:
            return None, [], "all_finished"
        return fav, [], "fallback_favorite"
    track, why = pick(valid, tie, seat == g.shadow, fav)
    return track, valid, why


def move(g: AutomaGame, seat: int, track_card: DecisionCard, tie: DecisionCard) -> Gen:
    ts = track_card.track_section
    indicator = ts.shadow_track if seat == g.shadow else ts.automa_track
    track, valid, why = choose_track(g, seat, indicator, tie)
    g.emit(
        "automa_track",
        seat,
        bot=name(g, seat),
        track_card=track_card.id,
        tiebreaker_card=tie.id,
        indicator=indicator,
        valid=valid,
        track=track,
        why=why,
        favorite=g.favorite[seat],
    )
    if track is not None:
        yield from bot_advance(g, seat, track, benefit=seat == g.automa)


# ------------------------------------------------------------------------------- moving
def take_landmark(g: AutomaGame, seat: int, landmark: str) -> None:
    """Landmarks either bot wins go to the Automa's landmark box (solo); the Shadow alone keeps
    them out of play (two people)."""
    if landmark not in g.available_landmarks:
        return
    g.available_landmarks.remove(landmark)
    box = g.automa if g.automa >= 0 else seat
    g.players[box].landmarks.append(landmark)
    g.emit("landmark", seat, what=landmark, box=box)


def bot_advance(g: AutomaGame, seat: int, track: str, benefit: bool) -> Gen:
    p = g.players[seat]
    if p.tracks[track][0] >= 12 or g.blocked(seat, track):
        return False
    p.tracks[track][0] += 1
    space = p.tracks[track][0]
    g.emit("advance", seat, track=track, space=space)
    if space in LANDMARK_SPACES:
        lm = tracks()[track].spaces[space - 1].landmark
        if lm is not None:
            take_landmark(g, seat, lm)
    tapestries.on_advance(g, seat, track)  # the people's era cards that watch every advance
    if space == 12:
        g.achieve(seat, "track")
    if benefit:
        yield from space_benefit(g, track, space)
    return True


def bot_regress(g: AutomaGame, seat: int, track: str, benefit: bool) -> Gen:
    p = g.players[seat]
    if p.tracks[track][0] <= 0:
        return False
    p.tracks[track][0] -= 1
    space = p.tracks[track][0]
    g.emit("regress", seat, track=track, space=space)
    if benefit and space > 0:
        yield from space_benefit(g, track, space)
    return True


# ------------------------------------------------------------------------------- benefits
def plan(steps: list[Any]) -> list[tuple[Any, ...]]:
    """The icons of a space the Automa carries out, each once, in printed order."""
    out: list[tuple[Any, ...]] = []

    def add(item: tuple[Any, ...]) -> None:
        if item not in out:
            out.append(item)

    for step in steps:
        if isinstance(step, dict):
            options = list(step.get("one") or step.get("order") or [])
            advs = [
                o.split(":")[1] for o in options if isinstance(o, str) and o.startswith(("adv:", "adv_nb:"))
            ]
            regs = [
                o.split(":")[1] for o in options if isinstance(o, str) and o.startswith(("reg:", "reg_nb:"))
            ]
            if "one" in step and advs:
                add(("one_of", "adv", tuple(advs), options[0].startswith("adv:")))
                continue
            if "one" in step and regs:
                add(("one_of", "reg", tuple(regs), options[0].startswith("reg:")))
                continue
            for o in options:
                item = token_plan(o)
                if item is not None:
                    add(item)
        else:
            item = token_plan(step)
            if item is not None:
                add(item)
    return out


def token_plan(tok: Any) -> tuple[Any, ...] | None:
    if not isinstance(tok, str):
        return None
    head, _, arg = tok.partition(":")
    if tok in ("research", "research_nb", "alien_biology"):
        return ("research", tok == "research")
    if head in ("adv", "adv_nb"):
        return ("adv", arg, head == "adv")
    if head in ("reg", "reg_nb"):
        return ("reg", arg, head == "reg")
    if tok == "refresh_tech":
        return ("refresh",)
    if tok in ("conquer", "conquer_both", "conquer_tanks", "conquer_anywhere"):
        return ("conquer", tok == "conquer_anywhere")
    if tok in ("explore", "explore_anywhere"):
        return ("explore", tok == "explore_anywhere")
    if tok == "tapestry":
        return ("tapestry",)
    return None  # resources, buildings, VP, tiles, tech cards, civilizations: ignored


def tiebreaker(g: AutomaGame) -> DecisionCard:
    """The card whose hex tiebreaker applies now: the latest pair's, or (income turn 1) the
    progress card drawn for it."""
    if g.latest:
        return cards()[g.latest[1]]
    return cards()[g.income_card] if g.income_card else cards()[1]


def space_benefit(g: AutomaGame, track: str, space: int) -> Gen:
    a = g.automa
    key = (a, track, space)
    if key in g.activated:
        g.emit("already_activated", a, track=track, space=space)
        return
    g.activated.add(key)
    for item in plan(tracks()[track].spaces[space - 1].benefit):
        yield from do_item(g, item)


def do_item(g: AutomaGame, item: tuple[Any, ...]) -> Gen:
    a = g.automa
    kind = item[0]
    if kind == "research":
        face = roll(g, a, "research")
        yield from bot_advance(g, a, face, benefit=item[1])
    elif kind == "adv":
        yield from bot_advance(g, a, item[1], benefit=item[2])
    elif kind == "reg":
        yield from bot_regress(g, a, item[1], benefit=item[2])
    elif kind == "one_of":
        allowed = item[2]
        face = roll(g, a, "one_of")
        while face not in allowed:
            face = roll(g, a, "one_of")
        if item[1] == "adv":
            yield from bot_advance(g, a, face, benefit=item[3])
        else:
            yield from bot_regress(g, a, face, benefit=item[3])
    elif kind == "refresh":
        g.tech_discard.extend(g.tech_row)
        g.tech_row = []
        g.refill_tech()
        g.emit("refresh_tech", a, row=list(g.tech_row))
    elif kind == "conquer":
        yield from mapplay.conquer(g, tiebreaker(g), anywhere=item[1])
    elif kind == "explore":
        mapplay.explore(g, tiebreaker(g), anywhere=item[1])
    elif kind == "tapestry":
        income.pool_card(g)


def public_state(g: AutomaGame) -> dict[str, Any]:
    """What the physical game shows: decks by count, the discard pile and the pair face up."""
    out: dict[str, Any] = {
        "mode": g.mode,
        "level": g.level,
        "seats": {"automa": g.automa if g.automa >= 0 else None, "shadow": g.shadow},
        "favorites": {name(g, s): f for s, f in sorted(g.favorite.items())},
        "civs": list(g.automa_civs),
        "deck": len(g.deck),
        "discard": list(g.discard),
        "pair": list(g.pair),
        "progress": len(g.progress),
        "income_card": g.income_card,
        "unofficial": g.values.unofficial(),
    }
    if g.automa >= 0:
        a = g.players[g.automa]
        out["pool"] = len(a.hand)
        out["mat_cards"] = sum(len(p) for p in a.mat)
    return out


__all__ = ["adata"]
