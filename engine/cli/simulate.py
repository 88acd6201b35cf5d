"""`python -m engine simulate GAME`: play complete bot games through the match contract.

Every decision goes through `Match.prompts()`, `Match.view(seat)` and `Match.submit()`, exactly
as the Discord bot drives a bot seat, so the numbers describe the real path. Output depends only
on the arguments: each game's seed is derived from --seed and the game index by hashing text,
never by Python's salted `hash()`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from engine.core.errors import EngineError
from engine.core.match import Match
from engine.core.registry import GameDefinition, Policy, get_game
from engine.core.seats import SeatSpec

HELP = "Play complete bot games and print results (one JSON line per game with --json)."

# A bot that keeps answering without ever finishing the game is a bug; stop it loudly.
MAX_DECISIONS = 20_000


class Stalled(RuntimeError):
    """A game did not finish within the decision budget."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    index: int
    seed: int
    bots: tuple[str, ...]
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    turns: tuple[int, ...]
    winners: tuple[int, ...]
    decisions: int
    details: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "game": self.index,
            "seed": self.seed,
            "bots": list(self.bots),
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "turns": list(self.turns),
            "winners": list(self.winners),
            "decisions": self.decisions,
        }
        for key in ("kingdom", "ended_by", "automa"):  # automa: the solo opponent's score and level
            if key in self.details:
                out[key] = self.details[key]
        return out


def game_seed(seed: int, index: int) -> int:
    """A well-spread 63-bit seed for game `index` of a run started with `seed`."""
    digest = hashlib.sha256(f"simulate:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def make_policies(definition: GameDefinition, bots: Sequence[str], seed: int) -> list[Policy]:
    return [definition.policies[name](seat, seed) for seat, name in enumerate(bots)]


def play(match: Match, policies: Sequence[Policy], max_decisions: int = MAX_DECISIONS) -> int:
    """Drive a match to its end with one policy per seat; returns the number of decisions.
    The seats are answered in a loop inside the match (`Match.play_seats`): checked and logged as
    `Match.submit` does, the events not built since nobody reads them here."""
    decisions = match.play_seats(dict(enumerate(policies)), limit=max_decisions + 1)
    if not match.finished:
        if decisions > max_decisions:
            raise Stalled(f"no result after {decisions} decisions (seed {match.seed})")
        raise Stalled("match is not finished but has no open prompt")
    return decisions


def play_one(
    game_id: str, bots: Sequence[str], options: dict[str, Any], seed: int, index: int = 0
) -> tuple[Match, GameRecord]:
    definition = get_game(game_id)
    seats = [SeatSpec(kind="bot", name=name, policy=name) for name in bots]
    match = Match(game_id, seats, options, seed)
    decisions = play(match, make_policies(definition, bots, seed))
    result = match.result()
    assert result is not None
    record = GameRecord(
        index=index,
        seed=seed,
        bots=tuple(bots),
        scores=result.scores,
        ranks=result.ranks,
        turns=result.turns,
        winners=result.winners,
        decisions=decisions,
        details=result.details,
    )
    return match, record


def simulate(
    game_id: str, bots: Sequence[str], games: int, seed: int, options: dict[str, Any]
) -> Iterator[GameRecord]:
    for index in range(games):
        yield play_one(game_id, bots, options, game_seed(seed, index), index)[1]


# -- summary ---------------------------------------------------------------------------------------
@dataclass(slots=True)
class BotTally:
    seats: int = 0
    wins: int = 0  # sole first place
    shared: int = 0  # tied for first place
    score: int = 0


def summarize(records: Sequence[GameRecord]) -> dict[str, BotTally]:
    tally: dict[str, BotTally] = {}
    for rec in records:
        for seat, name in enumerate(rec.bots):
            t = tally.setdefault(name, BotTally())
            t.seats += 1
            t.score += rec.scores[seat]
            if seat in rec.winners:
                if len(rec.winners) == 1:
                    t.wins += 1
                else:
                    t.shared += 1
    return tally


def write_summary(records: Sequence[GameRecord], out: TextIO) -> None:
    if not records:
        out.write("no games played\n")
        return
    tally = summarize(records)
    turns = sum(max(r.turns) for r in records) / len(records)
    endings: dict[str, int] = {}
    for r in records:
        key = str(r.details.get("ended_by", "-"))
        endings[key] = endings.get(key, 0) + 1
    out.write(
        f"{len(records)} games, {len(records[0].bots)} players, {turns:.1f} turns per game on average\n"
    )
    out.write("ended by: " + ", ".join(f"{k} {v}" for k, v in sorted(endings.items())) + "\n\n")
    out.write(f"{'bot':<14}{'seats':>7}{'wins':>8}{'win %':>8}{'ties':>7}{'avg score':>11}\n")
    for name, t in sorted(tally.items(), key=lambda kv: -kv[1].wins / kv[1].seats):
        out.write(
            f"{name:<14}{t.seats:>7}{t.wins:>8}{100 * t.wins / t.seats:>7.1f}%{t.shared:>7}"
            f"{t.score / t.seats:>11.2f}\n"
        )


# -- command ---------------------------------------------------------------------------------------
def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="game id, e.g. dominion")
    parser.add_argument("--players", type=int, default=2, help="number of seats (default 2)")
    parser.add_argument(
        "--bots",
        default="",
        help="comma-separated policy per seat, or one policy for every seat (default: the game's)",
    )
    parser.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    parser.add_argument("--kingdom", help="Dominion: preset name, 'random' or ten comma-separated cards")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="any game option (see: python -m engine options GAME)",
    )
    parser.add_argument("--json", action="store_true", help="one JSON object per game per line")


def parse_bots(definition: GameDefinition, text: str, players: int) -> list[str]:
    names = [b.strip() for b in text.split(",") if b.strip()] or [definition.default_policy]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise ValueError(f"{len(names)} bots given for {players} players")
    unknown = [n for n in names if n not in definition.policies]
    if unknown:
        known = ", ".join(sorted(definition.policies))
        raise ValueError(f"unknown bot(s) {', '.join(unknown)}; known: {known}")
    return names


def run(args: argparse.Namespace) -> int:
    try:
        definition = get_game(args.game)
        bots = parse_bots(definition, args.bots, args.players)
    except (EngineError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    options: dict[str, Any] = {}
    for item in args.option:
        key, _, value = item.partition("=")
        options[key.strip()] = value.strip()
    if args.kingdom is not None:
        options["kingdom"] = args.kingdom
    records: list[GameRecord] = []
    try:
        options = definition.parse_options(options, args.players)  # text coerced by the game's model
        for record in simulate(args.game, bots, args.games, args.seed, options):
            if args.json:
                sys.stdout.write(json.dumps(record.to_dict()) + "\n")
            else:
                records.append(record)
    except EngineError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if not args.json:
        write_summary(records, sys.stdout)
    return 0
