"""Decision time of bot seats: `policy.choose(view, prompt)` over whole games, per policy.

A decision runs on the bot's event loop (bot/runner.py), so every millisecond it takes delays
every other interaction the process is serving; hence the target on p99. View building is
excluded (the policy gets a lazy view; what it reads is built on first access and counted).
Times are the thread's CPU time, so other processes on a busy machine do not inflate them.

    python bench/decisions.py [--games 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from ours import Timed  # noqa: E402

from engine.cli.simulate import MAX_DECISIONS, Stalled, game_seed, make_policies, play  # noqa: E402
from engine.core.match import Match  # noqa: E402
from engine.core.registry import get_game  # noqa: E402
from engine.core.seats import SeatSpec  # noqa: E402

TARGET_P99_MS = 10.0

# (label, game, seats' policies, options)
CASES: list[tuple[str, str, list[str], dict[str, Any]]] = [
    ("Dominion heuristic, 2p random kingdoms", "dominion", ["heuristic", "heuristic"], {"kingdom": "random"}),
    ("Dominion expert, 2p random kingdoms", "dominion", ["expert", "expert"], {"kingdom": "random"}),
    ("Dominion expert, 4p random kingdoms", "dominion", ["expert"] * 4, {"kingdom": "random"}),
    ("Everdell heuristic, 2p", "everdell", ["heuristic", "heuristic"], {}),
    ("Tapestry random, 5p", "tapestry", ["random"] * 5, {}),
    ("Tapestry heuristic, 5p", "tapestry", ["heuristic"] * 5, {}),
]

# Nightweave (Everdell: Mistwood) at level 2 against one heuristic human: (label, modules). She
# has no policy: her turn runs inside the engine when the human's answer is submitted, so the
# sample is that whole `Match.submit` (the rest of the human's turn, her turn, up to the human's
# next prompt). A Personality and a Plan or Plot are drawn from the match RNG.
NIGHTWEAVE_CASES: list[tuple[str, list[str]]] = [
    ("Nightweave turn, level 2 solo, no modules (submit running it)", []),
    ("Nightweave turn, level 2 solo, personalities + plans (submit running it)", ["personalities", "plans"]),
    ("Nightweave turn, level 2 solo, personalities + plots (submit running it)", ["personalities", "plots"]),
]

# Tapestry's solo Automa and Shadow Empire against one heuristic person: (label, options). Like
# Nightweave they have no policy; a sample is a `Match.submit` during which a bot turn began (a
# decision pair drawn or a bot income turn), i.e. the rest of the person's turn and both bots'.
AUTOMA_CASES: list[tuple[str, dict[str, Any]]] = [
    ("Tapestry Automa turn, level 2 solo (submit running it)", {"opponent": "automa", "automa_level": 2}),
    (
        "Tapestry Automa turn, level 6 solo (submit running it)",
        {"opponent": "automa", "automa_level": 6, "automa_second_civ": "conquerors"},
    ),
]


@dataclass
class DecisionResult:
    label: str
    games: int
    samples: list[float]
    error: str | None = None

    def ms(self, q: float) -> float:
        ordered = sorted(self.samples)
        return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    @property
    def met(self) -> bool:
        return bool(self.samples) and self.ms(0.99) < TARGET_P99_MS


def decision_times(game: str, bots: list[str], options: dict[str, Any], games: int, seed: int) -> list[float]:
    definition = get_game(game)
    samples: list[float] = []
    for i in range(games):
        s = game_seed(seed, i)
        match = Match(game, [SeatSpec(kind="bot", name=b, policy=b) for b in bots], dict(options), s)
        play(match, [Timed(p, samples, time.thread_time) for p in make_policies(definition, bots, s)])
    return samples


def nightweave_turn_times(modules: list[str], games: int, seed: int, level: int = 2) -> list[float]:
    """CPU time of every submit during which one of Nightweave's turns began (an `nw_flip` event).
    After the human passes, the submit of the pass runs all her remaining turns: one sample."""
    definition = get_game("everdell")
    samples: list[float] = []
    options = {"opponent": "nightweave", "nightweave_level": level, "modules": modules}
    for i in range(games):
        s = game_seed(seed, i)
        match = Match(
            "everdell", [SeatSpec(kind="bot", name="heuristic", policy="heuristic")], dict(options), s
        )
        policy = make_policies(definition, ["heuristic"], s)[0]
        decisions = 0
        while not match.finished:
            prompts = match.prompts()
            if not prompts:
                raise Stalled("match is not finished but has no open prompt")
            for prompt in prompts:
                answer = policy.choose(match.policy_view(prompt.seat), prompt)
                start = time.thread_time()
                events = match.submit(prompt.seat, answer)
                elapsed = time.thread_time() - start
                if any(e.kind == "nw_flip" for e in events):
                    samples.append(elapsed)
                decisions += 1
            if decisions > MAX_DECISIONS:
                raise Stalled(f"no result after {decisions} decisions (seed {s})")
    return samples


def automa_turn_times(options: dict[str, Any], games: int, seed: int) -> list[float]:
    """CPU time of every submit during which a Tapestry bot turn began."""
    definition = get_game("tapestry")
    samples: list[float] = []
    for i in range(games):
        s = game_seed(seed, i)
        match = Match(
            "tapestry", [SeatSpec(kind="bot", name="heuristic", policy="heuristic")], dict(options), s
        )
        policy = make_policies(definition, ["heuristic"], s)[0]
        decisions = 0
        while not match.finished:
            for prompt in match.prompts():
                answer = policy.choose(match.policy_view(prompt.seat), prompt)
                start = time.thread_time()
                events = match.submit(prompt.seat, answer)
                elapsed = time.thread_time() - start
                if any(e.kind == "automa_draw" or (e.kind == "income_turn" and e.seat != 0) for e in events):
                    samples.append(elapsed)
                decisions += 1
            if decisions > MAX_DECISIONS:
                raise Stalled(f"no result after {decisions} decisions (seed {s})")
    return samples


def run(games: int, seed: int = 4000) -> list[DecisionResult]:
    out = []
    for label, game, bots, options in CASES:
        try:
            samples = decision_times(game, bots, options, games, seed)
            out.append(DecisionResult(label, games, samples))
        except Exception as exc:  # noqa: BLE001 - a game that cannot be played is reported, not fatal
            out.append(DecisionResult(label, games, [], f"{type(exc).__name__}: {exc}"))
    for label, modules in NIGHTWEAVE_CASES:
        try:
            out.append(DecisionResult(label, games, nightweave_turn_times(modules, games, seed)))
        except Exception as exc:  # noqa: BLE001 - reported like a policy that cannot play
            out.append(DecisionResult(label, games, [], f"{type(exc).__name__}: {exc}"))
    for label, options in AUTOMA_CASES:
        try:
            out.append(DecisionResult(label, games, automa_turn_times(options, games, seed)))
        except Exception as exc:  # noqa: BLE001 - reported like a policy that cannot play
            out.append(DecisionResult(label, games, [], f"{type(exc).__name__}: {exc}"))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args(argv)
    for r in run(args.games):
        if r.error:
            print(f"{r.label}: failed ({r.error})")
            continue
        print(
            f"{r.label}: {len(r.samples)} decisions, p50 {r.ms(0.5):.3f} ms, p99 {r.ms(0.99):.2f} ms, "
            f"max {1000 * max(r.samples):.1f} ms, mean {1000 * statistics.fmean(r.samples):.3f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
