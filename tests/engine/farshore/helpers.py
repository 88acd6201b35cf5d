"""Farshore test helpers: a game stopped at the mulligan, arranged, then driven answer by answer."""

from __future__ import annotations

from engine.core.events import Event
from engine.core.prompts import Prompt
from engine.core.seats import SeatSpec
from engine.games.farshore.game import FarshoreGame
from engine.games.farshore.state import VillageCard


def new_game(players: int = 2, seed: int = 1, options: dict[str, object] | None = None) -> FarshoreGame:
    game = FarshoreGame([SeatSpec("bot", f"B{i}", "random") for i in range(players)], options or {}, seed)
    game.start()
    return game


def keep_all(game: FarshoreGame) -> None:
    for seat in range(game.n):
        game.submit(seat, ("keep",))


def ready(players: int = 2, seed: int = 1) -> FarshoreGame:
    """Started, hands kept, seat 0 to act."""
    game = new_game(players, seed)
    keep_all(game)
    return game


def prompt(game: FarshoreGame, seat: int | None = None) -> Prompt:
    open_ = game.prompts()
    assert open_, "no open prompt"
    if seat is None:
        return open_[0]
    found = game.prompt_for(seat)
    assert found is not None, f"seat {seat} has no prompt"
    return found


def ids(game: FarshoreGame, seat: int | None = None) -> list[str]:
    return [o.id for o in prompt(game, seat).options]


def answer(game: FarshoreGame, *choice: str) -> list[Event]:
    p = prompt(game)
    return list(game.submit(p.seat, tuple(choice)))


def put(game: FarshoreGame, seat: int, *cards: str) -> list[VillageCard]:
    """Cards straight into a village (arranging a position)."""
    out = []
    for cid in cards:
        vc = VillageCard(game.next_uid, cid)
        game.next_uid += 1
        game.players[seat].village.append(vc)
        out.append(vc)
    return out


def set_tiles(game: FarshoreGame, a: str, b: str) -> None:
    """Put the named Compass Rose tiles face up."""
    game.compass_a.remove(a)
    game.compass_a.insert(0, a)
    game.compass_b.remove(b)
    game.compass_b.insert(0, b)


def arranged(players: int = 2, seed: int = 1) -> FarshoreGame:
    """Started and at the mulligan: arrange the state, then call keep_all (the first action
    prompt is built from the arranged state)."""
    return new_game(players, seed)
