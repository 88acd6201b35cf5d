"""Replays: rebuilding a match step by step, a digest of its state, and the export file format.

A replay file is everything needed to reproduce a game anywhere: game, engine version, options,
seats, seed and the ordered answers, plus the digest of the final state so an importer can tell
whether this engine still reaches the same position. It deliberately carries no Discord ids.

Nothing here touches Discord or storage, so the engine's regression tests use it too.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from bot.errors import UserError
from engine.core import Event, Match, SeatSpec
from engine.core.errors import EngineError, InvalidSetup
from engine.core.registry import game_ids, get_game

FORMAT = "boardgamesbot-replay"
FORMAT_VERSION = 1
MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_STEPS = 20_000
# Limits on what a file may hold, so a hostile one is refused rather than exhausting the process:
# nesting (an export nests 4 deep, options a few more), digits of a number (a seed is 64 bits),
# the length of a name and of an answer's option id.
MAX_DEPTH = 16
MAX_DIGITS = 20
MAX_TEXT = 200


def canonical(value: Any) -> Any:
    """JSON-ready and order-stable: tuples become lists, sets sorted lists, keys strings."""
    if isinstance(value, dict):
        return {str(k): canonical(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [canonical(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted((canonical(v) for v in value), key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    if hasattr(value, "to_dict"):
        return canonical(value.to_dict())
    return repr(value)


def state_digest(match: Match) -> str:
    """sha256 over what the game did: every event (private ones too) answer by answer, the
    prompts left open and the result. Views are left out on purpose: how a state is presented
    may change without the game changing."""
    replayed = rebuild(match.game_id, list(match.seats), match.options, match.seed, list(match.log))
    state = {
        "opening": [e.to_dict() for e in replayed.opening],
        "steps": [[e.to_dict() for e in events] for events in replayed.steps],
        "prompts": [p.to_dict() for p in match.prompts()],
        "finished": match.finished,
        "result": match.result() if match.finished else None,
    }
    text = json.dumps(canonical(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass
class Replayed:
    """A match rebuilt from its log, with the events each answer produced (`steps[i]` for answer i)
    and, from `marks_from` on, the public turn marker before each answer and after the last."""

    match: Match
    opening: list[Event]
    steps: list[list[Event]] = field(default_factory=list)
    marks: dict[int, tuple[Any, ...]] = field(default_factory=dict)

    def public_events(self) -> list[Event]:
        out = [e for e in self.opening if e.public]
        for events in self.steps:
            out.extend(e for e in events if e.public)
        return out


def turn_marker(match: Match) -> tuple[Any, ...]:
    """Whose turn it is, as the public view tells it; changes whenever a turn passes."""
    view = match.view(None)
    return (view.get("current"), view.get("turn"), view.get("season"), match.finished)


class Diverged(EngineError):
    """An answer of a log the rules refuse now: `step` is its 1-based place in the log."""

    def __init__(self, step: int, error: EngineError) -> None:
        super().__init__(error.key, **error.params)
        self.step = step


def rebuild(
    game: str,
    seats: list[SeatSpec],
    options: dict[str, Any],
    seed: int,
    log: list[tuple[int, tuple[str, ...]]],
    marks_from: int | None = None,
    upto: int | None = None,
) -> Replayed:
    """Replay `log` (or its first `upto` answers), keeping each step's events: the one replay of
    the bot's undo, game log, replay viewer and import (live tables rebuild through the engine's
    quiet `Match.replay`). A refused answer raises `Diverged`, naming its step."""
    match = Match(game, seats, options, seed)
    out = Replayed(match, list(match.opening_events))
    entries = log if upto is None else log[:upto]
    for i, (seat, answer) in enumerate(entries):
        if marks_from is not None and i >= marks_from:
            out.marks[i] = turn_marker(match)
        try:
            out.steps.append(match.submit(seat, answer))
        except EngineError as exc:
            raise Diverged(i + 1, exc) from exc
    if marks_from is not None:
        out.marks[len(entries)] = turn_marker(match)
    return out


# -- the file format ---------------------------------------------------------------------------------
def export_data(
    match: Match, *, match_id: int | None = None, status: str | None = None, recorded_version: str | None = None
) -> dict[str, Any]:
    """The replay file for `match` (a dict ready for json.dumps)."""
    record = match.record()
    data: dict[str, Any] = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game": record["game"],
        "engine_version": recorded_version or record["engine_version"],
        "options": canonical(record["options"]),
        "seats": record["seats"],
        "seed": record["seed"],
        "log": record["log"],
        "steps": match.version,
        "finished": match.finished,
        "digest": state_digest(match),
    }
    if match_id is not None:
        data["match_id"] = match_id
    if status is not None:
        data["status"] = status
    result = match.result() if match.finished else None
    if result is not None:
        data["result"] = {"scores": list(result.scores), "ranks": list(result.ranks)}
    return data


@dataclass(frozen=True)
class ReplayFile:
    game: str
    engine_version: str
    options: dict[str, Any]
    seats: list[SeatSpec]
    seed: int
    log: list[tuple[int, tuple[str, ...]]]
    digest: str | None
    raw: dict[str, Any]


def _bad(problem: str, **params: Any) -> UserError:
    return UserError(f"replay.error.{problem}", **params)


def _number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError("a number with too many digits")
    return int(text)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in `value` (without recursion)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                return deepest
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return deepest


def _load(blob: bytes) -> Any:
    try:
        data = json.loads(blob.decode("utf-8"), parse_int=_number, parse_constant=_no_constant)
    except RecursionError as exc:
        raise _bad("too_deep", limit=MAX_DEPTH) from exc
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise _bad("not_json", detail=str(exc)[:120]) from exc
    except ValueError as exc:  # a huge number, NaN or Infinity
        raise _bad("not_json", detail=str(exc)[:120]) from exc
    if _depth(data) > MAX_DEPTH:
        raise _bad("too_deep", limit=MAX_DEPTH)
    return data


def _seats(game: str, raw: list[Any]) -> list[SeatSpec]:
    """The seats, checked against the game: how many, their kinds, and only policies it has."""
    definition = get_game(game)
    if not definition.min_players <= len(raw) <= definition.max_players:
        raise _bad("field", field="seats")
    seats = []
    for entry in raw:
        if not isinstance(entry, dict) or any(not isinstance(v, str | None) for v in entry.values()):
            raise _bad("field", field="seats")
        try:
            seat = SeatSpec.from_dict(entry)
        except (ValueError, AttributeError, TypeError) as exc:
            raise _bad("field", field="seats") from exc
        if len(seat.name) > MAX_TEXT:
            raise _bad("field", field="seats")
        if seat.policy is not None and seat.policy not in definition.policies:
            raise _bad("policy", policy=seat.policy[:40], known=", ".join(definition.policies) or "—")
        seats.append(seat)
    return seats


def parse_file(blob: bytes) -> ReplayFile:
    """Validate an uploaded replay file's shape; raises UserError with a precise reason. Parsing
    is bounded (size, nesting, digits); call it off the event loop, a 4 MB file takes a moment."""
    if len(blob) > MAX_FILE_BYTES:
        raise _bad("too_big", limit=MAX_FILE_BYTES // 1024)
    data = _load(blob)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise _bad("not_replay")
    if data.get("format_version") != FORMAT_VERSION:
        raise _bad("format_version", version=str(data.get("format_version"))[:20], supported=FORMAT_VERSION)
    game = data.get("game")
    if not isinstance(game, str) or game not in game_ids():
        raise _bad("unknown_game", game=str(game)[:40])
    for key, kind in (("engine_version", str), ("options", dict), ("seats", list), ("log", list)):
        if not isinstance(data.get(key), kind):
            raise _bad("field", field=key)
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**64:
        raise _bad("field", field="seed")
    seats = _seats(game, data["seats"])
    if len(data["log"]) > MAX_STEPS:
        raise _bad("too_long", steps=len(data["log"]), limit=MAX_STEPS)
    log: list[tuple[int, tuple[str, ...]]] = []
    for i, entry in enumerate(data["log"]):
        ok = (
            isinstance(entry, list)
            and len(entry) == 2
            and isinstance(entry[0], int)
            and not isinstance(entry[0], bool)
            and 0 <= entry[0] < len(seats)
            and isinstance(entry[1], list)
            and all(isinstance(a, str) and len(a) <= MAX_TEXT for a in entry[1])
        )
        if not ok:
            raise _bad("entry", step=i + 1)
        log.append((int(entry[0]), tuple(entry[1])))
    digest = data.get("digest")
    return ReplayFile(
        game=str(game),
        engine_version=data["engine_version"],
        options=data["options"],
        seats=seats,
        seed=seed,
        log=log,
        digest=digest if isinstance(digest, str) else None,
        raw=data,
    )


@dataclass(frozen=True)
class Reproduction:
    replayed: Replayed
    same_engine: bool
    digest_matches: bool | None  # None: the file had no digest


def reproduce(file: ReplayFile, upto: int | None = None) -> Reproduction:
    """Rebuild a parsed file; an answer the engine refuses names its step."""
    definition = get_game(file.game)
    current = definition.engine_version
    # The options a person may set are checked by the game's model, as in /<game> new; the rest
    # (a server's data text, names the lobby kept) by the game's own normalize.
    typed = {k: v for k, v in file.options.items() if k in definition.options_model.model_fields}
    rest = {k: v for k, v in file.options.items() if k not in typed}
    # What the model does not type (a server's data text, the lobby's capacity, a name the
    # lobby derived) is a plain value in every export: a list or an object there is forged.
    for key, value in rest.items():
        if not isinstance(value, str | int | float | bool | None):
            raise _bad("setup", reason=f"{key[:40]}: {type(value).__name__}")
    try:
        options = definition.parse_options(typed, len(file.seats), hidden=rest)
        replayed = rebuild(file.game, file.seats, options, file.seed, file.log, upto=upto)
    except Diverged as exc:
        raise _bad("diverges", step=exc.step, reason=exc.key) from exc
    except InvalidSetup as exc:
        raise _bad("setup", reason=exc.key) from exc
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
        # Options only a lobby writes (a server's data text...) reach the game unchecked by its
        # model; a file that carries them wrongly typed is refused, not a crash.
        raise _bad("setup", reason=type(exc).__name__) from exc
    match = replayed.match
    matches = None
    if upto is None and file.digest is not None:
        matches = state_digest(match) == file.digest
    return Reproduction(replayed, file.engine_version == current, matches)
