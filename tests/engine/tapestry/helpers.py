"""Shared helpers for Tapestry tests: seats, positions, random play and invariants."""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, cast

from engine.core.events import Event
from engine.core.match import Match
from engine.core.prompts import Answer, Prompt
from engine.core.seats import SeatSpec
from engine.games.tapestry.data import (
    BUILDINGS,
    RESOURCES,
    arts,
    landmarks,
    masterpieces,
    tapestry_cards,
)
from engine.games.tapestry.game import TapestryGame
from engine.games.tapestry.modules import play as module_play
from engine.games.tapestry.options import tech_deck
from engine.games.tapestry.scenario import state

MAX_ANSWERS = 5_000
StepHook = Callable[[Match, int, list[Event]], None]


def seats(n: int, policy: str = "random") -> list[SeatSpec]:
    return [SeatSpec("bot", f"B{i}", policy) for i in range(n)]


VARIANTS = {
    "first_income_draw_two": True,
    "civ_draw_two": True,
    "nanotech_two_cards": True,
    "no_civ_adjustments": True,
    "remove_tapestry": ["renaissance"],
    "remove_tech": ["Radio"],
}


def options_for(seed: int) -> dict[str, Any]:
    """Every fifth game plays with all the optional variants."""
    return dict(VARIANTS) if seed % 5 == 4 else {}


def new_match(seed: int, players: int) -> Match:
    return Match("tapestry", seats(players), options_for(seed), seed)


def at(position: dict[str, Any], players: int = 2, seed: int = 0) -> Match:
    """A match from a described position (setup prompts skipped)."""
    return Match.from_position("tapestry", seats(players), {}, seed, {"skip_setup": True, **position})


def game(match: Match) -> TapestryGame:
    return cast(TapestryGame, match.game)


class Driver:
    """Random legal answers, leaning towards advancing so games reach the late tracks."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed * 31 + 7)

    def choose(self, prompt: Prompt) -> Answer:
        ids = [o.id for o in prompt.options]
        if prompt.key == "tapestry.prompt.turn" and len(ids) > 1 and self.rng.random() < 0.85:
            return (self.rng.choice(ids[1:]),)
        if prompt.max == 1 and prompt.min == 1:
            return (self.rng.choice(ids),)
        k = self.rng.randint(prompt.min, min(prompt.max, len(ids)))
        return tuple(self.rng.sample(ids, k))


def play(match: Match, seed: int, hook: StepHook | None = None) -> Match:
    driver = Driver(seed)
    while not match.finished:
        if len(match.log) >= MAX_ANSWERS:
            raise AssertionError(f"seed {seed}: no end after {MAX_ANSWERS} answers")
        prompts = match.prompts()
        assert prompts, "an unfinished match must have an open prompt"
        prompt = prompts[(len(match.log) * 31 + seed) % len(prompts)]
        events = match.submit(prompt.seat, driver.choose(prompt), pid=prompt.pid)
        if hook is not None:
            hook(match, prompt.seat, events)
    return match


def digest(match: Match) -> str:
    data = {
        "state": state(game(match)),
        "views": [match.view(s) for s in [None, *range(len(match.seats))]],
        "prompts": [p.to_dict() for p in match.prompts()],
        "result": r.to_dict() if (r := match.result()) else None,
    }
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=list)
    return hashlib.sha256(text.encode()).hexdigest()


ROOT = Path(__file__).resolve().parents[3]
_REPLAY = (
    "import json, sys\n"
    "from engine.core.match import Match\n"
    "from tests.engine.tapestry.helpers import digest\n"
    "for record in json.load(sys.stdin):\n"
    "    print(digest(Match.from_record(record)))\n"
)


def digests_elsewhere(records: list[dict[str, Any]], hash_seed: str) -> list[str]:
    """The digests of these records rebuilt in a fresh process under another PYTHONHASHSEED:
    what a game is must not depend on the process that played it."""
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", _REPLAY],
        input=json.dumps(records),
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        check=True,
    )
    return out.stdout.split()


def invariants(match: Match) -> list[str]:
    """Conservation of every component, resource bounds, map sanity."""
    g = game(match)
    bad: list[str] = []
    cards: Counter[str] = Counter(g.tapestry_deck + g.tapestry_discard)
    techs: Counter[str] = Counter(g.tech_deck + g.tech_row + g.tech_discard)
    tiles_seen: Counter[int] = Counter(g.tile_bag)
    for p in g.players:
        cards.update(p.hand)
        cards.update(p.civ.get("merfolk:under") or [])  # the Merfolk's submerged cards
        cards.update([p.civ["collectors:card"]] if p.civ.get("collectors:card") else [])
        techs.update([t for k, t in (p.civ.get("collectors:mat") or {}).items() if k == "tech"])
        cards.update(c for pile in p.mat for c, _ in pile)
        techs.update(list(p.tech))
        tiles_seen.update(p.tiles)
        tiles_seen.update(here[0] for here in p.civ.get("islanders:isle") or () if here is not None)
        for r in RESOURCES:
            if not 0 <= p.res[r] <= 8:
                bad.append(f"seat {p.seat} holds {p.res[r]} {r}")
        for b in BUILDINGS:  # a reserved building (F&F) is off the mat and counted as placed
            aside = (p.civ.get("artificers:aside") or {}).get(b, 0)  # set aside by the Artificers
            if p.on_mat[b] + p.placed[b] + aside != 5 or p.on_mat[b] < 0:
                bad.append(f"seat {p.seat} {b}: {p.on_mat[b]} on mat, {p.placed[b]} placed, {aside} aside")
            rows = p.civ.get("artificers:rows")
            if rows is not None and sum(rows[b]) != p.on_mat[b]:
                bad.append(f"seat {p.seat} {b}: the mat shows {rows[b]} for {p.on_mat[b]} buildings")
        outposts = p.outposts + sum(p.civ.get("militants:rows", [0, 0]))
        outposts += "outpost" in (p.civ.get("collectors:mat") or {})
        outposts += sum(1 for h in g.hexes for q in g.sites[h].pieces if q[0] == p.seat and q[2] == "outpost")
        if outposts != 10:
            bad.append(f"seat {p.seat} has {outposts} outposts in all")
        if any(not 0 <= t <= 12 for v in p.tracks.values() for t in v):
            bad.append(f"seat {p.seat} token off a track: {p.tracks}")
        if p.vp < 0:
            bad.append(f"seat {p.seat} negative VP")
    for h in g.hexes:
        s = g.sites[h]
        if s.tile is not None and not s.printed:
            tiles_seen[s.tile] += 1
        if s.items > 2 and not (s.tokens and s.items <= 3):
            bad.append(f"hex {h} holds {s.items} items")
    gone = set(g.options.get("remove_tapestry", []))
    expected = Counter({c.id: c.copies for c in tapestry_cards().values() if c.id not in gone})
    expected.update(module_play.extra_tapestry(g))  # the expansion modules' uploaded cards
    if cards != expected:
        bad.append(f"tapestry cards not conserved: {(cards - expected) + (expected - cards)}")
    if techs != Counter(tech_deck(g.options)):
        bad.append(f"tech cards not conserved: {techs}")
    if any(v > 1 for v in tiles_seen.values()):
        bad.append("a territory tile is in two places")
    owned = [lm for p in g.players for lm in p.landmarks]
    every = [*landmarks(), *([lm.name for lm in arts().landmarks] if g.arts_on else []), *g.content.landmarks]
    if sorted(owned + g.available_landmarks + g.module_landmarks) != sorted(every):
        bad.append("landmarks not conserved")
    if g.arts_on:
        held = [m for p in g.players for m, _ in p.art.get("masterpieces", [])]
        if sorted(held + g.mp_deck + g.mp_row + g.mp_discard) != sorted(masterpieces()):
            bad.append("masterpieces not conserved")
        for p in g.players:
            on_cards = p.art.get("on_card", {})
            if not set(on_cards) <= set(p.tech) or not set(on_cards.values()) <= set(p.landmarks):
                bad.append(f"seat {p.seat} landmarks on cards {on_cards} not its own")
    return bad


def run_pool(fn: Callable[[int], list[str]], seeds: Iterable[int]) -> list[str]:
    seeds = list(seeds)
    workers = max(1, min(2, os.cpu_count() or 1))
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        results = pool.map(fn, seeds, chunksize=max(1, len(seeds) // (workers * 8)))
        return [failure for failures in results for failure in failures]


def players_for(seed: int) -> int:
    return 2 + seed % 4


def answer(match: Match, *choice: str) -> list[Event]:
    """Answer the one open prompt (the seat is whoever it belongs to)."""
    prompts = match.prompts()
    assert len(prompts) == 1, [p.key for p in prompts]
    return match.submit(prompts[0].seat, tuple(choice))


def prompt(match: Match) -> Prompt:
    prompts = match.prompts()
    assert len(prompts) == 1, [p.key for p in prompts]
    return prompts[0]


def ids(match: Match) -> list[str]:
    return [o.id for o in prompt(match).options]


def until(
    match: Match, key: str, policy: Callable[[Prompt], Answer] | None = None, limit: int = 200
) -> Prompt:
    """Answer prompts with their defaults (or `policy`) until one with `key` is open."""
    for _ in range(limit):
        p = prompt(match)
        if p.key == key:
            return p
        ans = policy(p) if policy is not None else (p.default or (p.options[0].id,))
        match.submit(p.seat, ans)
    raise AssertionError(f"no prompt {key}")


def finish_turn(m: Match, seat: int = 0) -> None:
    """Answer defaults until another seat's turn prompt opens."""
    for _ in range(80):
        p = m.prompts()[0]
        if p.key == "tapestry.prompt.turn" and p.seat != seat:
            return
        m.submit(p.seat, p.default or (p.options[0].id,))
    raise AssertionError("the turn did not end")


def drive(flow: Any, answers: list[str]) -> list[str]:
    """Run a rules flow, answering its prompts with the next of `answers` when offered (else the
    prompt's default or first option); returns the prompt keys asked."""
    keys: list[str] = []
    try:
        asked = next(flow)
        while True:
            spec = asked.specs[0]
            keys.append(spec.key)
            offered = [o.id for o in spec.options]
            choice = answers.pop(0) if answers and answers[0] in offered else (spec.default or offered)[0]
            asked = flow.send({spec.seat: (choice,)})
    except StopIteration:
        return keys
