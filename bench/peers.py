"""Big Money mirror games in the peer engines, with bots equivalent to our `big_money`.

Neither package ships a Big Money bot in its PyPI release, so each gets one written against
its public extension point: Province at $8+, Gold at $6-7, Silver at $3-5, nothing else, all
Treasures played, no Action cards bought.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any


def pyminion_runner() -> Callable[[int], int]:
    """Returns play(seed) -> turns played, for pyminion 0.4.0."""
    from pyminion.bots.bot import Bot, BotDecider
    from pyminion.expansions.base import base_set, gold, province, silver
    from pyminion.game import Game

    class BigMoneyDecider(BotDecider):
        def action_priority(self, player: Any, game: Any) -> Any:
            return iter(())

        def buy_priority(self, player: Any, game: Any) -> Any:
            money = player.state.money
            if money >= 8:
                yield province
            if money >= 6:
                yield gold
            if money >= 3:
                yield silver

    def play(seed: int) -> int:
        random.seed(seed)
        bots = [Bot(decider=BigMoneyDecider(), player_id=f"bm{i}") for i in range(2)]
        game = Game(players=bots, expansions=[base_set], log_stdout=False)
        result = game.play()
        return int(result.turns)

    return play


def pydominion_runner() -> Callable[[int], int]:
    """Returns play(seed) -> turns played, for pydominion 0.1.0."""
    from dominion import Game, Gold, Player, Province, Silver
    from dominion.cards.expansions.second_edition import (
        Cellar,
        Market,
        Merchant,
        Militia,
        Mine,
        Moat,
        Remodel,
        Smithy,
        Village,
        Workshop,
    )

    first_game = [Cellar, Market, Merchant, Militia, Mine, Moat, Remodel, Smithy, Village, Workshop]

    class BigMoney(Player):  # type: ignore[misc]
        turns = 0  # counted across both seats of one game

        def action_phase(self) -> None:
            return None

        def buy_phase(self) -> None:
            deck = self.deck
            for card, need in ((Province, 8), (Gold, 6), (Silver, 3)):
                if deck.coins >= need and deck.game.base_cards[card] > 0:
                    card.buy(deck)
                    return

        def cleanup_phase(self) -> None:
            BigMoney.turns += 1
            super().cleanup_phase()

        def choice(self, card: Any, prompt: str, choices: list[Any]) -> Any:
            return None

    def play(seed: int) -> int:
        random.seed(seed)
        BigMoney.turns = 0
        game = Game([BigMoney, BigMoney], first_game, log_events=False)
        game.base_cards[Province] = 8  # its setup uses 12 at any player count; 2 players use 8
        game.play()
        return BigMoney.turns // 2

    return play


RUNNERS: dict[str, Callable[[], Callable[[int], int]]] = {
    "pyminion 0.4.0": pyminion_runner,
    "pydominion 0.1.0": pydominion_runner,
}
