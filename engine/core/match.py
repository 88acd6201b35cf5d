"""A match: a game plus the ordered log of accepted answers, the only source of truth.

Persisting (game id, seats, options, seed, log) is enough to rebuild the identical state in
any process: `Match.replay` feeds the log back in order. A match may also start from a described
position instead of the game's setup (scenario tests); the position is then part of the record.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from engine.core.errors import IllegalAnswer, InvalidSetup
from engine.core.events import Event
from engine.core.prompts import Answer, Prompt
from engine.core.registry import Game, GameDefinition, Policy, get_game
from engine.core.result import Result
from engine.core.seats import SeatSpec
from engine.core.views import LazyView

LogEntry = tuple[int, Answer]


class Match:
    def __init__(
        self,
        game_id: str,
        seats: list[SeatSpec],
        options: dict[str, Any] | None,
        seed: int,
        position: dict[str, Any] | None = None,
    ) -> None:
        self.definition: GameDefinition = get_game(game_id)
        if not self.definition.min_players <= len(seats) <= self.definition.max_players:
            raise InvalidSetup(
                "error.player_count",
                min=self.definition.min_players,
                max=self.definition.max_players,
                count=len(seats),
            )
        self.game_id = game_id
        self.seats = list(seats)
        self.options = self.definition.normalize_options(dict(options or {}), len(seats))
        self.seed = seed
        # kept as given: it is part of the record
        self.position = None if position is None else copy.deepcopy(position)
        self.log: list[LogEntry] = []
        if position is None:
            self.game: Game = self.definition.create(self.seats, self.options, seed)
        elif self.definition.create_from_position is None:
            raise InvalidSetup("error.positions_unsupported", game=game_id)
        else:
            self.game = self.definition.create_from_position(self.seats, self.options, seed, position)
        self.opening_events: list[Event] = self.game.start()

    @classmethod
    def from_position(
        cls,
        game_id: str,
        seats: list[SeatSpec],
        options: dict[str, Any] | None,
        seed: int,
        position: dict[str, Any],
    ) -> Match:
        """Start from a described position rather than the game's own setup."""
        return cls(game_id, seats, options, seed, position=position)

    # -- contract -------------------------------------------------------------------------------
    @property
    def finished(self) -> bool:
        return self.game.finished

    @property
    def version(self) -> int:
        """Number of accepted answers."""
        return len(self.log)

    def prompts(self) -> list[Prompt]:
        return self.game.prompts()

    def prompt_for(self, seat: int) -> Prompt | None:
        return self.game.prompt_for(seat)

    def submit(self, seat: int, answer: Answer | list[str], pid: int | None = None) -> list[Event]:
        """Apply one answer. `pid`, when given, must name the seat's open prompt (stale clicks)."""
        game = self.game
        if game.finished:
            raise IllegalAnswer("error.game_over")
        if not 0 <= seat < len(self.seats):
            raise IllegalAnswer("error.not_a_seat")
        if pid is not None:
            prompt = game.prompt_for(seat)
            if prompt is None:
                raise IllegalAnswer("error.not_your_prompt")
            if prompt.pid != pid:
                raise IllegalAnswer("error.stale_prompt")
        if type(answer) is not tuple:
            answer = tuple(answer)
        events = game.submit(seat, answer)  # refuses a seat without an open prompt
        self.log.append((seat, answer))
        return events

    def play_seats(
        self, policies: Mapping[int, Policy], events: list[Event] | None = None, limit: int | None = None
    ) -> int:
        """Answer the open prompts of the seats in `policies` (bot seats) with their policies, in
        a loop inside the match, until another seat must answer, the game ends or `limit` answers
        were given; returns how many. Every answer is checked as `submit` checks it and logged, so
        the log replays to the same state; the events go to `events` (see FlowGame.play_seats:
        not built at all when nobody reads them). A game without its own loop is answered
        through `submit`, one prompt at a time."""
        if self.game.finished:
            return 0
        own = getattr(self.game, "play_seats", None)
        if own is not None:
            return int(own(policies, self.log, events, limit))
        answered = 0
        while not self.game.finished and (limit is None or answered < limit):
            waiting = [p for p in self.game.prompts() if p.seat in policies]
            if not waiting:
                break
            prompt = waiting[0]
            answer = policies[prompt.seat].choose(self.policy_view(prompt.seat), prompt)
            submitted = self.submit(prompt.seat, answer)
            if events is not None:
                events += submitted
            answered += 1
        return answered

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(seat)

    @property
    def shares_public_view(self) -> bool:
        """Whether `seat_view` builds a seat's view from the public one (else it is built anew)."""
        return hasattr(self.game, "seat_view")

    def seat_view(self, public: dict[str, Any], seat: int) -> dict[str, Any]:
        """`view(seat)`, given `public`, the current state's `view(None)` (read only). A game whose
        seats' views add only their own part to the public one says so with its own `seat_view`,
        and shares the rest; for any other game this is `view(seat)`."""
        own = getattr(self.game, "seat_view", None)
        return own(public, seat) if own is not None else self.game.view(seat)

    def turn_marker(self, public: Callable[[], Mapping[str, Any]] | None = None) -> Any:
        """What the public view shows as its "turn" (None where it shows none): a new value is a
        new turn. A game that keeps it at hand says it through its own `turn_marker`, with no view
        built; otherwise it is read from `public` (the caller's kept public view) or a new view."""
        own = getattr(self.game, "turn_marker", None)
        if own is not None:
            return own()
        return (public() if public is not None else self.game.view(None)).get("turn")

    def policy_view(self, seat: int) -> LazyView:
        """The seat's view for a bot policy, built on first access (see LazyView)."""
        return LazyView(self.game.view, seat)

    def result(self) -> Result | None:
        return self.game.result()

    # -- persistence ----------------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        record: dict[str, Any] = {
            "game": self.game_id,
            "engine_version": self.definition.engine_version,
            "seats": [s.to_dict() for s in self.seats],
            "options": self.options,
            "seed": self.seed,
            "log": [[seat, list(answer)] for seat, answer in self.log],
        }
        if self.position is not None:
            record["position"] = self.position
        return record

    @classmethod
    def replay(
        cls,
        game_id: str,
        seats: list[SeatSpec],
        options: dict[str, Any] | None,
        seed: int,
        log: list[LogEntry] | list[Any],
        position: dict[str, Any] | None = None,
    ) -> Match:
        match = cls(game_id, seats, options, seed, position=position)
        quiet = getattr(match.game, "set_quiet", None)  # the events of a replay are never read
        if quiet is not None:
            quiet(True)
        # a game may look one answer ahead (the answer to the prompt the next submit opens)
        ahead = getattr(match.game, "replay_ahead", None)
        try:
            last = len(log) - 1
            for i, (seat, answer) in enumerate(log):
                if ahead is not None:
                    ahead(log[i + 1] if i < last else None)
                match.submit(int(seat), tuple(answer))
        finally:
            if ahead is not None:
                ahead(None)
            if quiet is not None:
                quiet(False)
        return match

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> Match:
        seats = [SeatSpec.from_dict(s) for s in record["seats"]]
        return cls.replay(
            record["game"],
            seats,
            record["options"],
            int(record["seed"]),
            record["log"],
            position=record.get("position"),
        )
