"""Dominion rules: setup, the turn (Action, Buy, Clean-up), the primitives cards are made of,
game end and scoring. Card-specific effects live in `effects.py`, keyed by card id.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Generator, Iterable
from functools import cache
from typing import Any

from engine.core.errors import IllegalAnswer, InvalidSetup
from engine.core.flow import Ask, FlowGame, PromptSpec
from engine.core.prompts import Answer, Option, card_choice, card_of, instance_ids
from engine.core.result import Result, rank_by
from engine.games.dominion.cards import Card, cards
from engine.games.dominion.setup import basic_supply, kingdom_pile_size
from engine.games.dominion.state import Player, Turn

Step = Generator[Ask, dict[int, Answer], Any]

NO = "no"
YES = "yes"
NONE = "none"
END = "end"
PLAY_ALL = "play_all"


# Options are immutable: the ones every turn offers are built once and shared.
PLAY_ALL_OPTION = Option(PLAY_ALL, "dominion.opt.play_all", group="treasure")
END_TURN = Option(END, "dominion.opt.end_turn", group="end")
END_ACTIONS = Option(END, "dominion.opt.end_actions", group="end")


@cache
def play_option(name: str) -> Option:
    return Option(f"play:{name}", name, card=name, group="treasure")


@cache
def action_option(name: str) -> Option:
    return Option(name, name, card=name, group="play")


@cache
def treasure_names() -> frozenset[str]:
    return frozenset(name for name, card in cards().items() if card.is_treasure)


class DominionGame(FlowGame):
    def __init__(
        self, players: int, options: dict[str, Any], seed: int, position: dict[str, Any] | None = None
    ) -> None:
        super().__init__()
        from engine.games.dominion.effects import EFFECTS  # late: effects import this module

        self.effects = EFFECTS
        self.card: dict[str, Card] = cards()
        self.treasure_names = treasure_names()
        self.n = players
        self.options = options
        self.rng = random.Random(seed)
        self.players = [Player() for _ in range(players)]
        self.supply: dict[str, int] = {}
        self.trash: list[str] = []
        self.kingdom: list[str] = []
        self.turn = Turn()
        self.position = position
        self.reaction_modes: str | list[str] = options.get("reactions", "always")
        self.ended_by: str | None = None
        self._buy_options: dict[tuple[str, int], Option] = {}
        self._buy_table: list[tuple[str, int, Option]] | None = None

    # ==========================================================================================
    # Setup
    # ==========================================================================================
    def setup(self) -> None:
        kingdom = self.options["kingdom"]
        if kingdom == "random":
            kingdom = self.random_kingdom()
        self.kingdom = sorted(kingdom, key=lambda c: (self.card[c].cost, c))
        self.supply = basic_supply(self.n)
        for name in self.kingdom:
            self.supply[name] = kingdom_pile_size(self.card[name], self.n)
        first = self.rng.randrange(self.n)
        for p in self.players:
            p.deck = ["Copper"] * 7 + ["Estate"] * 3
            self.rng.shuffle(p.deck)
            p.hand = [p.deck.pop() for _ in range(5)]
        self.turn = Turn(player=first)
        self.emit("setup", kingdom=list(self.kingdom), first=first)

    def random_kingdom(self) -> list[str]:
        """Ten Kingdom cards drawn from the base set (expansions widen the pool in subclasses)."""
        pool = sorted(c.id for c in self.card.values() if c.kind == "kingdom" and c.set == "base")
        return self.rng.sample(pool, 10)

    def load_position(self, pos: dict[str, Any]) -> None:
        """Start from a described position (scenario tests). Decks are given top card first."""
        names = list(pos.get("kingdom") or [])
        for name in names:
            if name not in self.card or self.card[name].kind != "kingdom":
                raise InvalidSetup("error.unknown_card", card=name)
        self.kingdom = sorted(names, key=lambda c: (self.card[c].cost, c))
        self.supply = basic_supply(self.n)
        for name in self.kingdom:
            self.supply[name] = kingdom_pile_size(self.card[name], self.n)
        for name, count in (pos.get("supply") or {}).items():
            if name not in self.supply:
                raise InvalidSetup("error.unknown_pile", card=name)
            self.supply[name] = int(count)
        self.trash = list(pos.get("trash") or [])
        seats = pos.get("players") or []
        if len(seats) > self.n:
            raise InvalidSetup("error.player_count", min=self.n, max=self.n, count=len(seats))
        for i, data in enumerate(seats):
            p = self.players[i]
            p.hand = list(data.get("hand") or [])
            p.deck = list(reversed(data.get("deck") or []))
            p.discard = list(data.get("discard") or [])
            p.in_play = list(data.get("in_play") or [])
            p.turns = int(data.get("turns", 0))
            for zone in (p.hand, p.deck, p.discard, p.in_play):
                for name in zone:
                    if name not in self.card:
                        raise InvalidSetup("error.unknown_card", card=name)
        for name in self.trash:
            if name not in self.card:
                raise InvalidSetup("error.unknown_card", card=name)
        if pos.get("phase", "action") not in ("action", "buy") or not 0 <= int(pos.get("current", 0)) < self.n:
            raise InvalidSetup("error.bad_position")
        self.turn = Turn(
            player=int(pos.get("current", 0)),
            phase=pos.get("phase", "action"),
            actions=int(pos.get("actions", 1)),
            buys=int(pos.get("buys", 1)),
            coins=int(pos.get("coins", 0)),
        )
        # a Silver already in play means later Merchants give nothing this turn
        self.turn.silver_played = "Silver" in self.players[self.turn.player].in_play

    # ==========================================================================================
    # The game loop
    # ==========================================================================================
    def run(self) -> Step:
        if self.position is not None:
            self.load_position(self.position)
            start_phase = self.turn.phase
        else:
            self.setup()
            start_phase = "action"
        first_turn = True
        while True:
            p = self.turn.player
            if not first_turn:
                self.turn = Turn(player=p, number=self.turn.number)
            self.turn.number += 1
            self.emit("turn_start", seat=p, number=self.turn.number)
            yield from self.start_of_turn(p)
            if not (first_turn and start_phase == "buy"):
                self.turn.phase = "action"
                yield from self.action_phase(p)
            self.turn.phase = "buy"
            yield from self.buy_phase(p)
            self.turn.phase = "cleanup"
            yield from self.cleanup_phase(p)
            if not self.turn.extra:  # extra turns do not count for the tie-break
                self.players[p].turns += 1
            first_turn = False
            if self.game_over():
                self.emit("game_end", reason=self.ended_by)
                return
            self.turn.player = self.next_player(p)

    # Turn hooks: the base game does nothing here; expansions (Adventures) override them.
    def start_of_turn(self, p: int) -> Step:
        """Durations and 'at the start of your turn' abilities, before the Action phase."""
        return
        yield  # pragma: no cover

    def cleanup_phase(self, p: int) -> Step:
        self.cleanup(p)
        return
        yield  # pragma: no cover

    def next_player(self, p: int) -> int:
        return (p + 1) % self.n

    def is_action_for(self, p: int, name: str) -> bool:
        """Whether `name` is an Action card for player p (expansions can change a card's types)."""
        return self.card[name].is_action

    def playable_actions(self, p: int) -> list[str]:
        return sorted({c for c in self.players[p].hand if self.card[c].is_action})

    def extra_buy_options(self, p: int) -> list[Option]:
        """More things to buy than Supply cards (Events)."""
        return []

    def buy_event(self, p: int, name: str) -> Step:
        raise IllegalAnswer("error.unknown_option", option=name)
        yield  # pragma: no cover

    def game_over(self) -> bool:
        if self.supply.get("Province", 1) == 0:
            self.ended_by = "provinces"
            return True
        empty = sum(1 for count in self.supply.values() if count == 0)
        if empty >= (4 if self.n >= 5 else 3):
            self.ended_by = "piles"
            return True
        return False

    def empty_piles(self) -> int:
        return sum(1 for count in self.supply.values() if count == 0)

    # ------------------------------------------------------------------------------------------
    def action_phase(self, p: int) -> Step:
        t = self.turn
        while t.actions > 0:
            playable = self.playable_actions(p)
            if not playable:
                return
            opts = [action_option(c) for c in playable]
            opts.append(END_ACTIONS)
            answer = yield from self.ask(
                PromptSpec(p, "choose", "dominion.prompt.action", tuple(opts), params={"actions": t.actions})
            )
            choice = answer[0]
            if choice == END:
                return
            t.actions -= 1
            yield from self.play_from_hand(p, choice)

    def buy_phase(self, p: int) -> Step:
        player = self.players[p]
        t = self.turn
        while True:
            treasures = [] if t.bought else sorted({c for c in player.hand if c in self.treasure_names})
            buyable_opts = self.buy_choices() if t.buys > 0 else []
            if not treasures and t.buys == 0:
                return
            opts: list[Option] = []
            if treasures:
                opts.append(PLAY_ALL_OPTION)
                opts.extend(play_option(c) for c in treasures)
            opts.extend(buyable_opts)
            if t.buys > 0:
                opts.extend(self.extra_buy_options(p))
            opts.append(END_TURN)
            answer = yield from self.ask(
                PromptSpec(
                    p,
                    "choose",
                    "dominion.prompt.buy",
                    tuple(opts),
                    params={"coins": t.coins, "buys": t.buys},
                    default=(PLAY_ALL,) if treasures else (END,),
                )
            )
            choice = answer[0]
            if choice == END:
                return
            if choice == PLAY_ALL:
                for c in sorted((c for c in player.hand if c in self.treasure_names), key=self.treasure_order):
                    yield from self.play_treasure(p, c)
            elif choice.startswith("play:"):
                yield from self.play_treasure(p, choice[5:])
            elif choice.startswith("event:"):
                yield from self.buy_event(p, choice[6:])
            else:
                yield from self.buy(p, choice[4:])

    def buy_choices(self) -> list[Option]:
        """Options to buy every affordable non-empty pile, in Supply order."""
        if type(self).cost is DominionGame.cost and type(self).can_buy is DominionGame.can_buy:
            return self.printed_cost_choices()
        return [self.buy_option(name, self.cost(name)) for name in self.supply if self.can_buy(name)]

    def printed_cost_choices(self) -> list[Option]:
        """buy_choices while every card costs its printed price: one pass over a prebuilt
        (name, cost, option) list; this is the hot path of every Buy phase."""
        table = self._buy_table
        if table is None or len(table) != len(self.supply):
            card = self.card
            table = self._buy_table = [
                (name, card[name].cost, self.buy_option(name, card[name].cost)) for name in self.supply
            ]
        coins = self.turn.coins
        supply = self.supply
        return [opt for name, cost, opt in table if cost <= coins and supply[name] > 0]

    def buy_option(self, name: str, cost: int) -> Option:
        """Options are immutable, so one object per (card, cost) serves every buy prompt."""
        key = (name, cost)
        opt = self._buy_options.get(key)
        if opt is None:
            opt = self._buy_options[key] = Option(f"buy:{name}", name, card=name, group="buy", cost=cost)
        return opt

    def treasure_order(self, name: str) -> tuple[int, str]:
        return (self.card[name].coins, name)

    def can_buy(self, name: str) -> bool:
        return self.supply[name] > 0 and self.cost(name) <= self.turn.coins

    def buy(self, p: int, name: str) -> Step:
        t = self.turn
        t.coins -= self.cost(name)
        t.buys -= 1
        t.bought = True
        self.emit("buy", seat=p, card=name)
        yield from self.gain(p, name)

    def cleanup(self, p: int) -> None:
        player = self.players[p]
        player.discard.extend(player.in_play)
        player.in_play.clear()
        player.discard.extend(player.hand)
        player.hand.clear()
        self.draw(p, 5)

    # ==========================================================================================
    # Primitives
    # ==========================================================================================
    def cost(self, name: str) -> int:
        return self.card[name].cost

    def others(self, p: int) -> list[int]:
        """Every other player, in turn order starting at p's left."""
        return [(p + i) % self.n for i in range(1, self.n)]

    def reshuffle(self, p: int) -> bool:
        player = self.players[p]
        if not player.discard:
            return False
        player.deck = player.discard + player.deck  # deck is empty here; keep it general
        player.discard = []
        self.rng.shuffle(player.deck)
        self.emit("shuffle", seat=p)
        return True

    def take_top(self, p: int) -> str | None:
        """Remove the top card of p's deck, shuffling the discard pile in only when needed."""
        player = self.players[p]
        if not player.deck and not self.reshuffle(p):
            return None
        return player.deck.pop()

    def draw(self, p: int, count: int) -> list[str]:
        player = self.players[p]
        drawn: list[str] = []
        for _ in range(count):
            card = self.take_top(p)
            if card is None:
                break
            drawn.append(card)
        player.hand.extend(drawn)
        if drawn:
            self.emit("draw", seat=p, count=len(drawn))
            self.emit("drew", seat=p, to=p, cards=drawn)
        return drawn

    def gain(self, p: int, name: str, to: str = "discard") -> Step:
        """Gain a card from the Supply. Returns True if a card was gained."""
        if self.supply.get(name, 0) <= 0:
            return False
        self.supply[name] -= 1
        self.put(p, name, to)
        self.turn.gained.append(name)
        self.emit("gain", seat=p, card=name, dest=to)
        return True
        yield  # pragma: no cover - keeps this a generator for gain reactions

    def put(self, p: int, name: str, to: str) -> None:
        player = self.players[p]
        if to == "hand":
            player.hand.append(name)
        elif to == "deck":
            player.deck.append(name)
        else:
            player.discard.append(name)

    def trash_from_hand(self, p: int, names: Iterable[str]) -> None:
        player = self.players[p]
        for name in names:
            player.hand.remove(name)
            self.trash.append(name)
            self.emit("trash", seat=p, card=name)

    def discard_from_hand(self, p: int, names: Iterable[str]) -> None:
        player = self.players[p]
        names = list(names)
        for name in names:
            player.hand.remove(name)
            player.discard.append(name)
        if names:
            self.emit("discard", seat=p, cards=sorted(names))

    def topdeck_from_hand(self, p: int, name: str) -> None:
        player = self.players[p]
        player.hand.remove(name)
        player.deck.append(name)
        self.emit("topdeck", seat=p)
        self.emit("topdecked", seat=p, to=p, card=name)

    def play_from_hand(self, p: int, name: str) -> Step:
        player = self.players[p]
        player.hand.remove(name)
        player.in_play.append(name)
        yield from self.resolve(p, name)

    def resolve(self, p: int, name: str) -> Step:
        """Follow a played Action card's instructions once."""
        card = self.card[name]
        self.emit("play", seat=p, card=name)
        t = self.turn
        if card.draw:
            self.draw(p, card.draw)
        t.actions += card.actions
        t.buys += card.buys
        t.coins += card.coins
        effect = self.effects.get(name)
        if effect is not None:
            yield from effect(self, p)

    def play_treasure(self, p: int, name: str) -> Step:
        player = self.players[p]
        player.hand.remove(name)
        player.in_play.append(name)
        t = self.turn
        t.coins += self.card[name].coins
        self.emit("play", seat=p, card=name)
        if name == "Silver" and not t.silver_played:
            t.silver_played = True
            t.coins += t.merchant_bonus
        return
        yield  # pragma: no cover - treasures with abilities may ask

    # ==========================================================================================
    # Attacks and reactions
    # ==========================================================================================
    def attack_targets(self, p: int) -> Step:
        """Reveal reactions for an Attack; returns the players it affects, in turn order."""
        victims = self.others(p)
        moats = {v: moat for v in victims if (moat := self.moat_in_hand(v)) is not None}
        asked = [v for v in moats if self.asks_reactions(v)]
        blocked = {v for v in moats if v not in asked}
        if asked:
            specs = [
                PromptSpec(
                    v,
                    "confirm",
                    "dominion.prompt.reveal_moat",
                    (Option(YES, "dominion.opt.reveal", card=moats[v]), Option(NO, "dominion.opt.dont_reveal")),
                )
                for v in asked
            ]
            answers = yield from self.ask_all(specs)
            blocked.update(v for v in asked if answers[v][0] == YES)
        for v in victims:
            if v in blocked:
                self.emit("reveal", seat=v, cards=[moats[v]], reason="Moat")
        return [v for v in victims if v not in blocked]

    def moat_in_hand(self, seat: int) -> str | None:
        """The card in `seat`'s hand that reacts to Attacks as Moat does, if any."""
        return "Moat" if "Moat" in self.players[seat].hand else None

    def asks_reactions(self, seat: int) -> bool:
        """Whether `seat` is asked before a reaction in hand is used. The standing answer
        ('always') never waits, so nobody learns from a pause what a hand holds."""
        modes = self.reaction_modes
        mode = modes if isinstance(modes, str) else modes[seat]
        return mode == "ask"

    # ==========================================================================================
    # Prompt helpers (forced answers are taken without asking)
    # ==========================================================================================
    def choose_cards(
        self,
        p: int,
        names: list[str],
        key: str,
        low: int,
        high: int,
        params: dict[str, Any] | None = None,
        check: Callable[[Answer], None] | None = None,
    ) -> Step:
        """Pick between `low` and `high` cards out of a multiset; returns card names."""
        forced, opts, low, high = card_choice(names, low, high)
        if forced is not None:
            return forced
        answer = yield from self.ask(
            PromptSpec(p, "choose", key, opts, min=low, max=high, params=params or {}, check=check)
        )
        return [card_of(a) for a in answer]

    def choose_one(
        self, p: int, names: Iterable[str], key: str, optional: bool, params: dict[str, Any] | None = None
    ) -> Step:
        """Pick one card name out of distinct names; None when declined or nothing to pick."""
        distinct = sorted(set(names))
        if not distinct:
            return None
        if len(distinct) == 1 and not optional:
            return distinct[0]
        opts = [Option(n, n, card=n, cost=self.cost(n)) for n in distinct]
        if optional:
            opts.append(Option(NONE, "dominion.opt.none", group="end"))
        answer = yield from self.ask(PromptSpec(p, "choose", key, tuple(opts), params=params or {}))
        return None if answer[0] == NONE else answer[0]

    def yes_no(self, p: int, key: str, params: dict[str, Any] | None = None, card: str | None = None) -> Step:
        answer = yield from self.ask(
            PromptSpec(
                p,
                "confirm",
                key,
                (Option(YES, "dominion.opt.yes", card=card), Option(NO, "dominion.opt.no")),
                params=params or {},
            )
        )
        return answer[0] == YES

    def gain_up_to(
        self, p: int, max_cost: int, key: str, to: str = "discard", kind: str | None = None
    ) -> Step:
        """Choose and gain a Supply card costing at most `max_cost` (optionally of a type)."""
        names = [
            n
            for n, count in self.supply.items()
            if count > 0 and self.cost(n) <= max_cost and (kind is None or kind in self.card[n].types)
        ]
        choice = yield from self.choose_one(p, names, key, optional=False, params={"max": max_cost})
        if choice is not None:
            yield from self.gain(p, choice, to)
        return choice

    def order_cards(self, p: int, names: list[str], key: str) -> Step:
        """Ask for an order (first = top of deck). Identical cards need no ordering."""
        if len(set(names)) <= 1:
            return list(names)
        ids = instance_ids(names)
        opts = tuple(Option(oid, name, card=name) for oid, name in ids)
        answer = yield from self.ask(
            PromptSpec(p, "order", key, opts, min=len(opts), max=len(opts), ordered=True)
        )
        return [card_of(a) for a in answer]

    # ==========================================================================================
    # Views and results
    # ==========================================================================================
    def owned_counts(self, p: int) -> Counter[str]:
        # one C-level count over the concatenated zones; Counter.update per zone is much slower
        return Counter(self.players[p].owned())

    def victory_points(self, p: int, counts: Counter[str] | None = None) -> int:
        counts = self.owned_counts(p) if counts is None else counts
        card = self.card
        total = sum(card[name].vp * k for name, k in counts.items())
        gardens = counts.get("Gardens", 0)
        if gardens:
            total += gardens * (counts.total() // 10)
        return total

    def view(self, seat: int | None) -> dict[str, Any]:
        t = self.turn
        players = []
        own: Counter[str] | None = None
        for i, pl in enumerate(self.players):
            counts = self.owned_counts(i)
            if i == seat:
                own = counts
            players.append(
                {
                    "seat": i,
                    "hand_count": len(pl.hand),
                    "deck_count": len(pl.deck),
                    "discard_count": len(pl.discard),
                    "discard_top": pl.discard[-1] if pl.discard else None,
                    "in_play": list(pl.in_play),
                    "set_aside_count": len(pl.set_aside),
                    "turns": pl.turns,
                    "vp": self.victory_points(i, counts),
                }
            )
        view: dict[str, Any] = {
            "game": "dominion",
            "seat": seat,
            "kingdom": list(self.kingdom),
            "supply": dict(self.supply),
            "costs": {name: self.cost(name) for name in self.supply},
            "trash": sorted(self.trash),
            "players": players,
            "current": t.player,
            "turn": t.number,
            "phase": t.phase,
            "actions": t.actions,
            "buys": t.buys,
            "coins": t.coins,
            "empty_piles": self.empty_piles(),
            "finished": self.finished,
        }
        if seat is not None:
            view["hand"] = sorted(self.players[seat].hand)
            # every gain and trash is public, so a player's own card counts are known to them
            view["owned"] = dict(sorted(own.items())) if own is not None else {}
        return view

    def result(self) -> Result | None:
        if not self.finished:
            return None
        scores = [self.victory_points(i) for i in range(self.n)]
        turns = [pl.turns for pl in self.players]
        ranks = rank_by([(scores[i], -turns[i]) for i in range(self.n)])
        winners = tuple(i for i in range(self.n) if ranks[i] == 1)
        return Result(
            scores=tuple(scores),
            ranks=ranks,
            turns=tuple(turns),
            winners=winners,
            details={"ended_by": self.ended_by, "kingdom": list(self.kingdom)},
        )


def require(condition: bool, key: str, **params: Any) -> None:
    if not condition:
        raise IllegalAnswer(key, **params)
