"""The benefit interpreter: every track space, tech card, tile and die face is a list of tokens.

Tokens: resources (coin worker food culture any), buildings (market house farm armory
any_building), tile, space_tile, tapestry, civ, explore[_anywhere], explore_space, conquer[_anywhere,
_both, _tanks], invent, upgrade, refresh_tech, circle_middle, square_top, research[_nb],
alien_biology, adv:<track>, adv_nb:<track>, reg:<track>, reg_nb:<track>, repeat_any,
repeat_any_battery, repeat_any_once, singularity, overplay, vp:N, vpx:<what>, landmark:<name>; the Arts &
Architecture tokens of `arts.TOKENS` (masterpiece, broadcast, streaming, inspiration...).
A step may also be {"one": [...]} (choose one) or {"order": [...]} (all, in an order you pick).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.tapestry import actions, civs, scoring, tapestries, tech_ff
from engine.games.tapestry.asks import Gen, opt
from engine.games.tapestry.data import (
    BUILDINGS,
    RESOURCES,
    all_tracks,
    tech_cards,
)
from engine.games.tapestry.modules import play as module_play

if TYPE_CHECKING:
    from engine.games.tapestry.game import TapestryGame


def label(step: Any) -> str:
    if isinstance(step, dict):
        kind = "one" if "one" in step else "order"
        return f"{kind}({', '.join(label(s) for s in step[kind])})"
    return str(step)


def do(g: TapestryGame, seat: int, steps: list[Any]) -> Gen:
    if len(steps) <= 1:  # a lone step is what the enclosing frame already names
        for step in steps:
            yield from one_step(g, seat, step)
        return
    with g.resolving(seat, [label(s) for s in steps]) as frame:
        for i, step in enumerate(steps):
            frame.at = i
            yield from one_step(g, seat, step)


def one_step(g: TapestryGame, seat: int, step: Any) -> Gen:
    if isinstance(step, dict):
        if "one" in step:
            choices = tech_ff.choices(g, step["one"])
            if not choices:
                return
            opts = [opt(f"b{i}", f"tapestry.benefit.{label(c)}") for i, c in enumerate(choices)]
            choice = yield from g.pick(seat, "tapestry.prompt.choose_benefit", opts, params={"choices": [label(c) for c in choices]})
            yield from one_step(g, seat, choices[int(choice[1:])])
            return
        left = list(step["order"])
        with g.resolving(seat, [label(step)]) as frame:
            while left:
                frame.items, frame.at = [label({"order": left})], 0
                if len(left) == 1 or len({label(s) for s in left}) == 1:
                    nxt = 0
                else:
                    opts = [opt(f"b{i}", f"tapestry.benefit.{label(c)}") for i, c in enumerate(left)]
                    choice = yield from g.pick(seat, "tapestry.prompt.benefit_order", opts, params={"choices": [label(c) for c in left]})
                    nxt = int(choice[1:])
                current = left.pop(nxt)
                frame.items, frame.at = [label(current), *(label(s) for s in left)], 0
                yield from one_step(g, seat, current)
        return
    yield from token(g, seat, str(step))


def token(g: TapestryGame, seat: int, tok: str) -> Gen:
    from engine.games.tapestry import arts

    p = g.players[seat]
    head, _, arg = tok.partition(":")
    if tok in RESOURCES:
        g.gain_res(seat, tok)
    elif tok == "any":
        yield from g.gain_any(seat)
    elif tok in BUILDINGS:
        yield from g.gain_building(seat, tok)
    elif tok == "any_building":
        kinds = [k for k in BUILDINGS if p.on_mat[k] > 0]
        if kinds:
            opts = [opt(f"building:{k}", f"tapestry.building.{k}") for k in kinds]
            choice = yield from g.pick(seat, "tapestry.prompt.any_building", opts)
            yield from g.gain_building(seat, choice[9:])
    elif tok == "tile":
        yield from actions.take_tile_collecting(g, seat)
    elif tok == "space_tile":
        yield from actions.take_space_tile(g, seat)
    elif tok == "tapestry":
        yield from g.gain_tapestry(seat)
    elif tok == "civ":
        yield from civs.gain_random(g, seat)
    elif tok in ("explore", "explore_anywhere"):
        yield from actions.explore(g, seat, anywhere=tok == "explore_anywhere")
    elif tok == "explore_space":
        yield from explore_space(g, seat)
    elif tok in ("conquer", "conquer_anywhere", "conquer_both", "conquer_tanks"):
        yield from actions.conquer(g, seat, anywhere=tok == "conquer_anywhere", both=tok == "conquer_both", tanks=tok == "conquer_tanks")
    elif tok == "invent":
        yield from g.invent(seat)
    elif tok == "upgrade":
        yield from g.upgrade(seat)
    elif tok == "refresh_tech":
        if g.tech_row:
            ok = yield from g.confirm(seat, "tapestry.prompt.refresh_tech", default=False)
            if ok:
                g.tech_discard.extend(g.tech_row)
                g.tech_row = []
                g.refill_tech()
                g.emit("refresh_tech", seat, row=list(g.tech_row))
    elif tok in ("circle_middle", "square_top"):
        row = 1 if tok == "circle_middle" else 2
        cards = sorted(c for c, r in p.tech.items() if r == row and tech_ff.usable(g, c))
        if cards:
            opts = [opt(f"tech:{c}", "tapestry.tech", card=c) for c in cards]
            choice = yield from g.pick(seat, "tapestry.prompt.tech_benefit", opts, params={"row": row})
            card = tech_cards()[choice[5:]]
            yield from do(g, seat, card.circle if row == 1 else card.square)
            if row == 2:
                tech_ff.flip(g, seat, card.name)
    elif tok in ("research", "research_nb"):
        yield from research(g, seat, benefit=tok == "research")
    elif tok == "roll_die":  # uploaded expansion cards only (National Parks)
        yield from actions.roll_chosen_die(g, seat)
    elif tok == "alien_biology":
        for _ in range(4):
            yield from research(g, seat, benefit=False, overflow_vp=5)
    elif head in ("adv", "adv_nb"):
        moved = yield from g.advance(seat, arg, "benefit" if head == "adv" else "none")
        del moved
    elif head in ("reg", "reg_nb"):
        moved = yield from g.regress(seat, arg, "benefit" if head == "reg" else "none")
        del moved
    elif tok in ("repeat_any", "repeat_any_battery", "repeat_any_once"):
        yield from repeat_current(g, seat, battery=tok == "repeat_any_battery", once=tok != "repeat_any_once")
    elif tok == "singularity":
        yield from singularity(g, seat)
    elif tok == "overplay":
        yield from tapestries.overplay(g, seat)
    elif head == "vp":
        g.gain_vp(seat, int(arg), "benefit")
    elif head == "vpx":
        g.gain_vp(seat, scoring.count(g, seat, arg), arg)
    elif head == "landmark":
        yield from g.gain_landmark(seat, arg)
    elif tok in arts.TOKENS:
        yield from arts.token(g, seat, tok)
    else:
        raise ValueError(f"unknown benefit token {tok!r}")


def research(g: TapestryGame, seat: int, benefit: bool, overflow_vp: int = 0) -> Gen:
    track = yield from actions.science_roll(g, seat)
    if tapestries.era_active(g, seat, "empiricism"):
        other = yield from actions.science_roll(g, seat)
        if other != track:
            opts = [opt(f"track:{t}", f"tapestry.track.{t}") for t in (track, other)]
            choice = yield from g.pick(seat, "tapestry.prompt.pick_roll", opts)
            track = choice[6:]
    p = g.players[seat]
    if not p.tracks[track] or g.blocked(seat, track):
        return
    if max(p.tracks[track]) >= 12 and len(p.tracks[track]) == 1:
        if overflow_vp:
            g.gain_vp(seat, overflow_vp, "past_the_end")
        return
    ok = yield from g.confirm(seat, "tapestry.prompt.research_advance", {"track": track})
    if ok:
        yield from g.advance(seat, track, "benefit" if benefit else "none")


def explore_space(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    if not p.space:
        return
    opts = [opt(f"space:{t}", "tapestry.space_tile", card=f"space:{t}") for t in sorted(p.space)]
    choice = yield from g.pick(seat, "tapestry.prompt.explore_space", opts)
    tile = int(choice[6:])
    p.space.remove(tile)
    p.explored_space.append(tile)
    g.emit("explore_space", seat, tile=tile)
    yield from do(g, seat, module_play.space_benefit(g, tile))


def repeat_current(g: TapestryGame, seat: int, battery: bool, once: bool = True) -> Gen:
    """The benefit (and the optional paid bonus) of your space on a track. Academic Research and
    the Battery count once a turn each; `once=False`: a single-use card (Weather Control)."""
    p = g.players[seat]
    marker = (seat, "battery" if battery else "academic")
    if once:
        if marker in g.used_once:
            return
        g.used_once.add(marker)
    opts = []
    for t in g.track_ids:
        for pos in sorted(set(p.tracks[t])):
            if pos > 0 and (seat, t, pos) not in g.activated:
                name = all_tracks()[t].spaces[pos - 1].name
                opts.append(opt(f"space:{t}:{pos}", "tapestry.space", card=name, group=t))
    if not opts:
        return
    choice = yield from g.pick(seat, "tapestry.prompt.repeat_space", opts)
    _, t, at = choice.split(":")
    yield from g.gain_space(seat, t, int(at), bonus=True)


def singularity(g: TapestryGame, seat: int) -> Gen:
    p = g.players[seat]
    toks = p.tracks["technology"]
    if 12 in toks:
        toks.remove(12)
        if "technology" not in p.maxed:
            p.maxed.append("technology")
    opts = [opt(f"track:{t}", f"tapestry.track.{t}") for t in g.track_ids]
    choice = yield from g.pick(seat, "tapestry.prompt.singularity", opts)
    p.tracks[choice[6:]].append(0)
    g.emit("singularity", seat, track=choice[6:])
