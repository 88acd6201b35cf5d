"""Whole games against the bots: AUTOMA_GAMES solo games at each level (default 300) and as many
two-people-plus-Shadow games, with random and heuristic people mixed. Each ends within the
decision cap with every bot's five income turns; components are conserved (tapestry cards less
those solo removes, decision cards, outposts, landmarks); the Shadow never stands an outpost
up nor scores; no public event shows a private card; every twentieth game replays identically in
fresh processes under other hash seeds. Run in a pool of at most two processes."""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.events import Event
from engine.core.match import Match
from engine.core.registry import Policy, get_game
from engine.core.seats import SeatSpec
from engine.games.tapestry.automa.game import SOLO_REMOVED_CARDS, SOLO_REMOVED_TRAPS
from engine.games.tapestry.data import landmarks, tapestry_cards
from tests.engine.tapestry.automa.helpers import game
from tests.engine.tapestry.helpers import digest, digests_elsewhere
from tests.engine.tapestry.randplay import prompt_faults, run_pool

ROOT = Path(__file__).resolve().parents[4]
GAMES = int(os.environ.get("AUTOMA_GAMES", "300"))
CAP = 2_500
MODES = [*(f"solo{lv}" for lv in range(1, 7)), "shadow"]
REPLAY_EVERY = 20
CARDS = frozenset(tapestry_cards())
# public events that may name a tapestry card: it is face up for everyone at that moment
SHOWN = frozenset({"play_tapestry", "copy_card", "reveal", "trap", "era_ends", "vp", "automa_discard"})


@dataclass
class Outcome:
    key: tuple[str, int]
    failures: list[str] = field(default_factory=list)
    decisions: int = 0
    won: bool | None = None
    record: dict[str, Any] | None = None
    digest: str | None = None


def setup(mode: str, i: int) -> tuple[Match, list[str]]:
    names = ["heuristic" if (i + s) % 2 == 0 else "random" for s in range(1 if mode != "shadow" else 2)]
    seats = [SeatSpec("bot", n, n) for n in names]
    if mode == "shadow":
        return Match("tapestry", seats, {"opponent": "shadow"}, 70_000 + i), names
    level = int(mode[4:])
    opts: dict[str, Any] = {"opponent": "automa", "automa_level": level}
    if level == 6:
        opts["automa_second_civ"] = ("explorers", "scientists", "conquerors", "engineers")[i % 4]
    return Match("tapestry", seats, opts, 60_000 + 1_000 * level + i), names


def leaks(events: list[Event]) -> list[str]:
    bad = []
    for e in events:
        if e.kind in ("drew_tapestry", "civ_offer"):
            if e.to != e.seat:
                bad.append(f"private event made public: {e.kind}")
        elif e.to is not None:
            bad.append(f"unexpected private event {e.kind}")
        elif e.kind not in SHOWN and any(type(v) is str and v in CARDS for v in e.data.values()):
            bad.append(f"public event names a tapestry card: {e.kind} {e.data}")
    return bad


def invariants(match: Match) -> list[str]:
    g = game(match)
    bad = []
    solo = g.mode == "automa"
    expected = Counter(
        {c.id: c.copies for c in tapestry_cards().values() if not (solo and c.id in SOLO_REMOVED_CARDS)}
    )
    if solo:
        expected["trap"] -= SOLO_REMOVED_TRAPS
    cards: Counter[str] = Counter(g.tapestry_deck + g.tapestry_discard)
    for p in g.players:
        cards.update(p.hand)
        cards.update([p.civ["collectors:card"]] if p.civ.get("collectors:card") else [])
        cards.update(c for pile in p.mat for c, _ in pile)
        on_map = sum(1 for h in g.hexes for q in g.sites[h].pieces if q[0] == p.seat and q[2] == "outpost")
        marker = 1 if p.seat in g.bots else 0
        militants = sum(p.civ.get("militants:rows", [0, 0]))
        militants += "outpost" in (p.civ.get("collectors:mat") or {})  # an outpost on the Collectors' mat
        if p.outposts + on_map + marker + militants != 10:
            bad.append(f"seat {p.seat}: outposts not conserved")
    if cards != expected:
        bad.append(f"tapestry cards not conserved: {(cards - expected) + (expected - cards)}")
    decision = sorted(g.deck + g.discard + g.pair + g.progress)
    if decision != list(range(1, 23 if solo else 13)):
        bad.append(f"decision cards not conserved: {decision}")
    owned = [lm for p in g.players for lm in p.landmarks]
    if sorted(owned + g.available_landmarks) != sorted(landmarks()):
        bad.append("landmarks not conserved")
    if any(q[0] == g.shadow and q[1] for h in g.hexes for q in g.sites[h].pieces):
        bad.append("a Shadow outpost stands upright")
    if g.players[g.shadow].vp != 0 or (solo and g.players[g.shadow].landmarks):
        bad.append("the Shadow Empire scored or kept a landmark")
    if g.automa >= 0 and any(v for v in g.players[g.automa].res.values()):
        bad.append("the Automa holds resources")
    return bad


def one_game(key: tuple[str, int]) -> Outcome:
    mode, i = key
    out = Outcome(key)
    try:
        match, names = setup(mode, i)
        policies: list[Policy] = [get_game("tapestry").policies[n](s, i) for s, n in enumerate(names)]
        bad = leaks(match.opening_events)
        while not match.finished and not bad:
            if len(match.log) >= CAP:
                bad = [f"no end after {CAP} decisions"]
                break
            bad = prompt_faults(match)
            prompts = match.prompts()
            if bad or not prompts:
                bad = bad or ["no prompt in an unfinished game"]
                break
            p = prompts[0]
            bad = leaks(
                match.submit(p.seat, policies[p.seat].choose(match.policy_view(p.seat), p), pid=p.pid)
            )
        g = game(match)
        bad = bad or invariants(match)
        # the people and the Automa take five income turns; with two people the Shadow stops with them
        whole = [g.players[s] for s in [*g.humans, *([g.automa, g.shadow] if g.automa >= 0 else [])]]
        if not bad and not (
            all(p.finished and p.income_turns == 5 for p in whole) and g.players[g.shadow].finished
        ):
            bad = ["a player or bot ended without five income turns"]
        result = match.result()
        if not bad and (result is None or list(result.scores) != [g.players[s].vp for s in g.humans]):
            bad = ["no result, or scores that differ from the VP track"]
        if result is not None and mode != "shadow":
            out.won = bool(result.details["solo"]["won"])
        out.decisions = len(match.log)
        if i % REPLAY_EVERY == 3 and not bad:
            out.record, out.digest = match.record(), digest(match)
        out.failures = [f"{mode} game {i}: {b}" for b in bad]
    except Exception as exc:  # any crash fails that game
        out.failures = [f"{mode} game {i}: {type(exc).__name__}: {exc}"]
    return out


@cache
def outcomes() -> list[Outcome]:
    return run_pool(one_game, [(m, i) for m in MODES for i in range(GAMES)])


def test_every_game_ends_within_the_cap_and_conserves_everything() -> None:
    results = outcomes()
    failures = [f for o in results for f in o.failures]
    assert failures == [], "\n".join(failures[:20])
    assert max(o.decisions for o in results) < CAP
    rates = {m: sum(1 for o in results if o.key[0] == m and o.won) / GAMES for m in MODES[:-1]}
    print(f"\nthe people's win rate by level: {rates}")


def test_replay_in_other_processes_under_other_hash_seeds_is_identical() -> None:
    kept = [o for o in outcomes() if o.record is not None]
    assert kept, "no game was kept for replay"
    for hash_seed in ("0", "4242"):
        assert digests_elsewhere([o.record for o in kept], hash_seed) == [o.digest for o in kept]
