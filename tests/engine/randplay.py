"""Random legal play for property, replay and hidden-information tests."""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import random
from collections import Counter
from collections.abc import Callable, Iterable
from concurrent.futures import ProcessPoolExecutor
from typing import Any, cast

from engine.core.events import Event
from engine.core.match import Match
from engine.core.prompts import Answer, Prompt
from engine.core.seats import SeatSpec
from engine.games.dominion.bots import RandomBot, fallback
from engine.games.dominion.cards import cards
from engine.games.dominion.game import PLAY_ALL, DominionGame
from engine.games.dominion.scenario import ADAPTER

PATIENCE = 3_000  # answers of pure random play before steering towards the end
STALL = 2_000  # then this many answers without a gain or trash means a dead position
MAX_ANSWERS = 30_000  # reaching this is a failure

StepHook = Callable[[Match, int, list[Event]], None]  # (match, seat that answered, events)


BASE_KINGDOM = sorted(c.id for c in cards().values() if c.kind == "kingdom" and c.set == "base")


def game_setup(seed: int) -> tuple[int, list[str]]:
    """Player count and kingdom for a seed, spread over 2-6 players and all 26 cards."""
    rng = random.Random(seed * 2_654_435_761 % 2**32)
    return rng.randint(2, 6), rng.sample(BASE_KINGDOM, 10)


def new_match(seed: int, players: int, kingdom: list[str], reactions: str = "always") -> Match:
    seats = [SeatSpec("bot", f"B{i}", "random") for i in range(players)]
    return Match("dominion", seats, {"kingdom": kingdom, "reactions": reactions}, seed)


def finisher(match: Match, prompt: Prompt) -> Answer:
    """Still legal, but steers towards the end: buy from the smallest affordable pile, trash nothing."""
    ids = [o.id for o in prompt.options]
    if prompt.key == "dominion.prompt.buy":
        if PLAY_ALL in ids:
            return (PLAY_ALL,)
        supply = game(match).supply
        buys = [i for i in ids if i.startswith("buy:")]
        if buys:
            return (min(buys, key=lambda i: (supply[i[4:]], i)),)
    if prompt.key == "dominion.prompt.action":
        return (ids[0],)  # play an Action (END is last)
    return fallback(prompt)


GAINERS = {"Workshop", "Artisan", "Bandit", "Bureaucrat", "Witch", "Remodel", "Mine"}


def dead(match: Match) -> bool:
    """Nobody can ever gain again: no coins, no gaining cards, and no $0 card left."""
    g = game(match)
    if any(count and g.cost(name) == 0 for name, count in g.supply.items()):
        return False
    for p in g.players:
        for name in p.owned():
            card = g.card[name]
            if card.is_treasure or card.coins or name in GAINERS:
                return False
    return True


class Stalled(Exception):
    """Random play reached a dead position: nobody can ever gain a card again (e.g. every
    player trashed all their Treasures and no $0 card is left), so the game cannot end."""


def play(match: Match, seed: int, hook: StepHook | None = None) -> Match:
    """Random legal answers; after PATIENCE answers a steering policy makes sure the game ends
    (random play can stall, e.g. after Chapel trashed every card that buys anything)."""
    bots = [RandomBot(i, seed) for i in range(len(match.seats))]
    g = game(match)
    last_change, marker = 0, (-1, -1)
    while not match.finished:
        answers = len(match.log)
        now = (sum(g.supply.values()), len(g.trash))
        if now != marker:
            last_change, marker = answers, now
        if answers >= PATIENCE and answers - last_change >= STALL:
            raise Stalled(f"seed {seed}: nothing gained or trashed in {STALL} answers")
        if answers >= MAX_ANSWERS:
            raise AssertionError(f"seed {seed}: no end after {MAX_ANSWERS} answers")
        prompts = match.prompts()
        assert prompts, "an unfinished match must have an open prompt"
        # simultaneous prompts are answered in a seed-dependent order
        prompt = prompts[(answers * 31 + seed) % len(prompts)]
        if answers < PATIENCE:
            # RandomBot decides from the prompt alone, so the (costly) view is not built
            answer = bots[prompt.seat].choose({}, prompt)
        else:
            answer = finisher(match, prompt)
        events = match.submit(prompt.seat, answer, pid=prompt.pid)
        if hook is not None:
            hook(match, prompt.seat, events)
    return match


def game(match: Match) -> DominionGame:
    return cast(DominionGame, match.game)


def card_totals(match: Match) -> Counter[str]:
    """Every card in the game, wherever it is: Supply, trash and all player zones."""
    g = game(match)
    totals: Counter[str] = Counter({k: v for k, v in g.supply.items() if v})
    totals.update(g.trash)
    for p in g.players:
        totals.update(p.owned())
    return totals


def card_count(match: Match) -> int:
    """How many cards there are in all: cheap enough to check after every answer."""
    g = game(match)
    total = sum(g.supply.values()) + len(g.trash)
    for p in g.players:
        total += len(p.hand) + len(p.deck) + len(p.discard) + len(p.in_play) + len(p.set_aside)
    return total


def run_pool(fn: Callable[[int], list[str]], seeds: Iterable[int]) -> list[str]:
    """Map `fn` over the seeds in a small process pool (one worker per core, at most two);
    every game is independent and fully determined by its seed."""
    seeds = list(seeds)
    workers = max(1, min(2, os.cpu_count() or 1))
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        results = pool.map(fn, seeds, chunksize=max(1, len(seeds) // (workers * 8)))
        return [failure for failures in results for failure in failures]


def digest(match: Match) -> str:
    """A hash of the full state, independent of process and hash seed."""
    data: dict[str, Any] = {
        "state": ADAPTER.state(match),
        "views": [match.view(s) for s in [None, *range(len(match.seats))]],
        "prompts": [p.to_dict() for p in match.prompts()],
        "result": r.to_dict() if (r := match.result()) else None,
        "log": [[s, list(a)] for s, a in match.log],
    }
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), default=list)
    return hashlib.sha256(text.encode()).hexdigest()
