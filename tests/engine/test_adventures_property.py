"""Random legal play over Adventures + base kingdoms with Events, 2-6 players.

Invariants: every game ends by a real end condition, no card appears or vanishes (Tavern mats,
set-aside cards, the Inheritance card and the non-Supply Traveller piles included), and replaying
the answer log rebuilds the identical game. ADVENTURES_GAMES sets the number of games (default
5000, run in the same small process pool as the base games).

Checks are sized to the run: after every answer only the total number of cards is compared (a
card in limbo shows there); the full multiset is compared at the end, and the first fifth of the
seeds is replayed from seed + log and compared by a digest of the final state and every view.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from typing import cast

from engine.core.match import Match
from engine.core.seats import SeatSpec
from engine.games.dominion.adventures.game import AdventuresGame
from engine.games.dominion.bots import RandomBot
from tests.engine.randplay import digest, run_pool

GAMES = int(os.environ.get("ADVENTURES_GAMES", "5000"))
REPLAYED = max(1, GAMES // 5)
# Random play can trash every deck down to nothing with the $0 piles empty: such a game never
# ends. It is stopped here and still checked for conservation and replay.
MAX_DECISIONS = 15_000
UNFINISHED = "unfinished"


def all_cards(g: AdventuresGame) -> Counter[str]:
    total: Counter[str] = Counter(g.supply)
    total.update(g.nonsupply)
    total.update(g.trash)
    for i, pl in enumerate(g.players):
        for zone in (pl.hand, pl.deck, pl.discard, pl.in_play, pl.set_aside, g.mats[i]):
            total.update(zone)
        if g.inherited[i] is not None:
            total[g.inherited[i] or ""] += 1
    return +total


def card_total(g: AdventuresGame) -> int:
    """The number of cards in all zones: cheap enough for every answer."""
    total = sum(g.supply.values()) + sum(g.nonsupply.values()) + len(g.trash)
    for i, pl in enumerate(g.players):
        total += len(pl.hand) + len(pl.deck) + len(pl.discard) + len(pl.in_play) + len(pl.set_aside)
        total += len(g.mats[i]) + (g.inherited[i] is not None)
    return total


def options_for(seed: int) -> dict[str, object]:
    options: dict[str, object] = {"sets": ["base", "adventures"] if seed % 3 else ["adventures"]}
    if seed % 4 == 0:
        options["max_events"] = 4
    if seed % 5 == 0:
        options["errata"] = True
    if seed % 7 == 0:
        options["reactions"] = "ask"
    return options


def new_match(seed: int) -> Match:
    players = 2 + seed % 5
    return Match("dominion", [SeatSpec(kind="bot", policy="random")] * players, options_for(seed), seed)


def play(seed: int) -> tuple[Match, Counter[str]]:
    match = new_match(seed)
    game = cast(AdventuresGame, match.game)
    start = all_cards(game)
    count = card_total(game)
    bots = [RandomBot(i, seed) for i in range(game.n)]
    while not match.finished and match.version < MAX_DECISIONS:
        prompts = match.prompts()
        assert prompts, "open game without a prompt"
        # simultaneous prompts are answered in a seed-dependent order; RandomBot needs no view
        prompt = prompts[(match.version * 31 + seed) % len(prompts)]
        match.submit(prompt.seat, bots[prompt.seat].choose({}, prompt), pid=prompt.pid)
        if card_total(game) != count:
            raise AssertionError(f"card count changed after answer {match.version}")
        if match.version % 50 == 0 and match.turn_marker() != match.view(None)["turn"]:
            raise AssertionError(f"turn marker differs from the view's after answer {match.version}")
        if match.version % 50 == 25:
            public = match.view(None)
            for seat in range(len(bots)):
                if match.seat_view(public, seat) != match.view(seat):
                    raise AssertionError(f"seat {seat}'s view from the public one differs after answer {match.version}")
    return match, start


def check(seed: int, replay: bool = False) -> list[str]:
    """Play one game; what went wrong (empty when all is well), or `unfinished <seed>`."""
    failures: list[str] = []
    try:
        match, start = play(seed)
        game = cast(AdventuresGame, match.game)
        if all_cards(game) != start:
            failures.append("cards not conserved")
        if match.finished:
            empty = sum(1 for k in game.supply.values() if k == 0)
            if not (game.supply["Province"] == 0 or empty >= (4 if game.n >= 5 else 3)):
                failures.append("ended without an end condition")
            if match.result() is None or match.prompts():
                failures.append("finished without a result, or with prompts open")
        if replay:
            again = Match.from_record(json.loads(json.dumps(match.record())))
            if digest(again) != digest(match):
                failures.append("replay from seed + log rebuilt a different state")
    except Exception as exc:  # any crash is a failure of that seed
        failures.append(f"{type(exc).__name__}: {exc}")
        return [f"seed {seed} {options_for(seed)}: {f}" for f in failures]
    out = [f"seed {seed} {options_for(seed)}: {f}" for f in failures]
    return out if match.finished else [*out, f"{UNFINISHED} {seed}"]


def _replayed(seed: int) -> list[str]:
    return check(seed, replay=True)


def _checked(seed: int) -> list[str]:
    return check(seed)


def verdict(results: list[str], games: int) -> None:
    unfinished = [r for r in results if r.startswith(UNFINISHED)]
    failures = [r for r in results if not r.startswith(UNFINISHED)]
    assert failures == [], "\n".join(failures[:20])
    assert len(unfinished) <= max(1, games // 100), unfinished


def test_random_adventures_games_replay_to_the_identical_state() -> None:
    seeds = range(REPLAYED)
    verdict(run_pool(_replayed, seeds), len(seeds))


def test_random_adventures_games_end_and_conserve_cards() -> None:
    seeds = range(REPLAYED, GAMES)
    verdict(run_pool(_checked, seeds), len(seeds))


def test_random_kingdoms_use_adventures_and_events() -> None:
    seen_adventures = seen_events = 0
    for seed in range(40):
        m = Match("dominion", [SeatSpec(), SeatSpec()], {"sets": ["base", "adventures"]}, seed)
        g = cast(AdventuresGame, m.game)
        assert len(g.kingdom) == 10 and len(g.events) <= 2
        seen_adventures += any(g.card[c].set == "adventures" for c in g.kingdom)
        seen_events += bool(g.events)
    assert seen_adventures > 30 and seen_events > 5


def test_base_only_random_kingdoms_are_unchanged() -> None:
    m = Match("dominion", [SeatSpec(), SeatSpec()], {}, 7)
    assert type(m.game).__name__ == "DominionGame"
    assert all(m.game.card[c].set == "base" for c in m.view(None)["kingdom"])  # type: ignore[attr-defined]
