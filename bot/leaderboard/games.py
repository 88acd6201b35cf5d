"""Games a result can be recorded for: every game the engine knows, each with its player count,
plausible score range (the game's) and score calculator (its UI's score sheet, else a plain total)."""

from __future__ import annotations

from dataclasses import dataclass

from bot import plugins
from engine.core.registry import game_ids, get_game


@dataclass(frozen=True)
class TableGame:
    id: str
    names: dict[str, str]
    min_players: int
    max_players: int
    low: int  # lowest believable final score
    high: int  # highest believable final score
    calculator: str  # bot.leaderboard.calculators id

    def name(self, locale: str) -> str:
        return self.names.get(locale) or self.names.get("en") or self.id


def table_games() -> dict[str, TableGame]:
    out: dict[str, TableGame] = {}
    for gid in game_ids():
        d = get_game(gid)
        sheets = {sheet.id for sheet in plugins.ui(gid).score_sheets}
        low, high = d.score_range
        calc = gid if gid in sheets else "plain"
        out[gid] = TableGame(gid, dict(d.names), d.min_players, d.max_players, low, high, calc)
    return out


def table_game(game_id: str) -> TableGame | None:
    return table_games().get(game_id)


def game_name(game_id: str, locale: str) -> str:
    g = table_game(game_id)
    return g.name(locale) if g else game_id
