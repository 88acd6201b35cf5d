"""The bots' income turns: the level's chart, worked column by column (favourite check, advance
pair, civilization, VP, progress cards, tapestry to the mat, a tapestry card, shuffle)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.tapestry.asks import Gen
from engine.games.tapestry.automa import data as adata
from engine.games.tapestry.automa import mapplay, turns
from engine.games.tapestry.automa.data import DecisionCard, cards, civ_sides, levels
from engine.games.tapestry.automa.tracks import pick, valid_tracks

if TYPE_CHECKING:
    from engine.games.tapestry.automa.game import AutomaGame

TRACK_ROWS = (("military", "science"), ("exploration", "technology"))


def pool_card(g: AutomaGame) -> None:
    """A tapestry card face down beside the Automa's mat (its Trap pool)."""
    card = g.draw_tapestry_card()
    if card is None:
        return
    g.players[g.automa].hand.append(card)
    g.emit("draw_tapestry", g.automa, count=1)


def favorite_check(g: AutomaGame, seat: int, tie: DecisionCard) -> None:
    fav = g.favorite[seat]
    mine = g.players[seat].pos(fav)
    ahead = any(g.players[o].pos(fav) > mine for o in range(g.n) if o != seat)
    if mine < 12 and not ahead:
        g.emit("automa_favorite", seat, bot=turns.name(g, seat), favorite=fav, changed=False)
        return
    p = g.players[seat]
    valid = valid_tracks(
        "landmark_or_finish", {t: p.pos(t) for t in p.tracks}, fav, lambda n: n in g.available_landmarks
    )
    new, why = pick(valid, tie, seat == g.shadow, fav) if valid else (None, "none")
    if new is not None and new != fav:
        g.favorite[seat] = new
    g.emit(
        "automa_favorite",
        seat,
        bot=turns.name(g, seat),
        favorite=g.favorite[seat],
        was=fav,
        changed=g.favorite[seat] != fav,
        why="finished" if mine >= 12 else "overtaken",
        tiebreaker_card=tie.id,
        valid=valid,
    )


def score(g: AutomaGame, turn: int) -> None:
    a = g.players[g.automa]
    mat = g.values.mats.hard if levels()[g.level].hard else g.values.mats.normal
    col = min(sum(len(p) for p in a.mat), 3)  # the leftmost column no tapestry card covers
    land = len(g.controlled(g.automa)) + len(a.landmarks)
    ms = sum(a.pos(t) for t in TRACK_ROWS[0])
    et = sum(a.pos(t) for t in TRACK_ROWS[1])
    m1, m2, m3 = (
        mat.territories_and_landmarks[col],
        mat.military_and_science[col],
        mat.exploration_and_technology[col],
    )
    vp = m1 * land + m2 * ms + m3 * et
    g.emit(
        "automa_vp",
        g.automa,
        income_turn=turn,
        column=col,
        territories_landmarks=land,
        military_science=ms,
        exploration_technology=et,
        multipliers=[m1, m2, m3],
        vp=vp,
    )
    g.players[g.automa].vp += vp  # the automa_vp line says it (no second "scores" line)


def civ_bonus(g: AutomaGame, turn: int, tie: DecisionCard) -> Gen:
    a = g.automa
    for civ in g.automa_civs:
        g.emit("automa_civ", a, side=civ, income_turn=turn)
        if civ == "explorers":
            if turn in (2, 4):
                mapplay.explore(g, tie)
            elif turn in (3, 5):
                yield from mapplay.conquer(g, tie)
        elif civ == "scientists":
            if turn >= 3:
                face = turns.roll(g, a, "research")
                yield from turns.bot_advance(g, a, face, benefit=True)
        elif civ == "conquerors":
            if len(g.controlled(a)) < turn:
                yield from mapplay.conquer(g, tie)
            mapplay.conquerors_shadow(g, tie)
            g.gain_vp(a, len(g.controlled(a)), "conquerors")
        elif civ == "engineers":
            g.gain_vp(a, len(g.players[a].landmarks), "engineers")


def era_vp(g: AutomaGame, turn: int) -> None:
    """First of its neighbours into era 2-4 (the Shadow starts its era with it: only the people
    are compared)."""
    if not 2 <= turn <= 4:
        return
    if all(g.players[h].income_turns < turn for h in g.humans):
        mat = g.values.mats.hard if levels()[g.level].hard else g.values.mats.normal
        g.gain_vp(g.automa, mat.first_to_era_vp[turn], "first_to_era")


def shuffle(g: AutomaGame) -> None:
    g.deck = g.shuffled([*g.deck, *g.discard, *g.pair])
    g.discard, g.pair = [], []
    g.emit("automa_shuffle", deck=len(g.deck), progress=len(g.progress))


def begin(g: AutomaGame, bots: list[int], why: str) -> int:
    turn = g.players[bots[0]].income_turns + 1
    for b in bots:
        g.players[b].income_turns = turn
        g.emit("income_turn", b, number=turn, why=why)
    return turn


def solo_income(g: AutomaGame, why: str) -> Gen:
    turn = begin(g, [g.automa, g.shadow], why)
    g.activated = set()
    if turn == 1:
        # the top progress card lends its tiebreaker, then goes back into the progress deck
        card = g.progress.pop()
        g.income_card = card
        g.emit("automa_income_card", decision_card=card)
        for entry in g.values.first_income_advances.levels[g.level].bots:
            for b in (g.automa, g.shadow):
                track = adata.resolve(entry, g.favorite[b])
                g.emit("automa_level_advance", b, track=track, level=g.level)
                yield from turns.bot_advance(g, b, track, benefit=b == g.automa)
        g.progress.append(card)
        g.progress = g.shuffled(g.progress)
        g.emit("reshuffle", deck="automa_progress")
    tie = cards()[g.latest[1]] if g.latest else cards()[g.income_card or 1]
    track_card = cards()[g.latest[0]] if g.latest else tie
    era_vp(g, turn)
    for step in levels()[g.level].steps():
        if turn not in step.income_turns:
            continue
        g.emit("automa_step", step=step.step, income_turn=turn)
        if step.step == "favorite_check":
            favorite_check(g, g.automa, tie)
            favorite_check(g, g.shadow, tie)
        elif step.step == "advance_pair":
            yield from turns.move(g, g.automa, track_card, tie)
            yield from turns.move(g, g.shadow, track_card, tie)
        elif step.step == "civ_bonus":
            yield from civ_bonus(g, turn, tie)
        elif step.step == "vp":
            score(g, turn)
        elif step.step == "add_progress_2":
            added = [g.progress.pop() for _ in range(min(2, len(g.progress)))]
            g.discard.extend(added)
            g.emit("automa_progress", cards=added, progress=len(g.progress))
        elif step.step == "tapestry_to_mat":
            drawn = g.draw_tapestry_card()
            if drawn is not None:
                g.players[g.automa].mat[min(turn - 1, 3)].append([drawn, False])
                g.emit("automa_mat_card", g.automa, income_turn=turn)
        elif step.step == "gain_tapestry":
            pool_card(g)
        elif step.step == "shuffle":
            shuffle(g)
    if turn == 5:
        g.finish_bot(g.automa)
        g.finish_bot(g.shadow)


def shadow_income(g: AutomaGame, why: str) -> Gen:
    """Two people: the Shadow's deck ran out (or its first turn): favourite check, reshuffle."""
    turn = begin(g, [g.shadow], why)
    if turn >= 2 and g.latest:
        favorite_check(g, g.shadow, cards()[g.latest[1]])
        shuffle(g)
    if turn == 5:
        g.finish_bot(g.shadow)
    return
    yield


__all__ = ["civ_sides"]
