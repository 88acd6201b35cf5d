"""Dominion with Adventures: the base rules plus Durations, the Tavern mat, Travellers, Events and
tokens. Everything is an override of a DominionGame hook, so base-only games never pay for it.

Card abilities live in kingdom.py (Kingdom cards), travellers.py (upgrades) and events.py, keyed by
card id in the registries of registry.py.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from engine.core.errors import InvalidSetup
from engine.core.flow import PromptSpec
from engine.core.prompts import Option
from engine.games.dominion.adventures import events as _events  # noqa: F401  (registers Events)
from engine.games.dominion.adventures import kingdom as _kingdom  # noqa: F401  (registers cards)
from engine.games.dominion.adventures import travellers as _travellers  # noqa: F401
from engine.games.dominion.adventures.options import MAX_EVENTS
from engine.games.dominion.adventures.registry import (
    AFTER_ACTION_CALLS,
    CARDS,
    EVENTS,
    NEXT_TURN,
    REPLAYERS,
    START_CALLS,
    TREASURES,
)
from engine.games.dominion.adventures.state import (
    BONUS_TOKENS,
    PILE_TOKENS,
    AdvTurn,
    Box,
    Frame,
    Hex,
    Lasting,
    Pending,
    Tokens,
)
from engine.games.dominion.game import END, NO, YES, DominionGame, Step

# Treasures whose ability never asks anyone anything (Coin of the Realm only moves to the mat).
QUIET_TREASURES = frozenset({"Coin of the Realm"})


@cache
def event_option(name: str, cost: int) -> Option:
    """Options are immutable: one per Event serves every Buy phase of every match."""
    return Option(f"event:{name}", name, card=name, group="event", cost=cost)


# Option prefixes (and labels) for copies in play that outlast this Clean-up.
STAYING_LABELS = (("next", "dominion.opt.stays_next_turn"), ("game", "dominion.opt.stays_for_good"))


def copy_id(stay: str, name: str, k: int) -> str:
    """'Amulet', 'Amulet#2', 'next:Amulet', 'game:Hireling#2': the k-th copy of a kind."""
    return (f"{stay}:" if stay else "") + (name if k == 0 else f"{name}#{k + 1}")


UPGRADES = {
    "Page": ("Treasure Hunter", "Warrior", "Hero", "Champion"),
    "Peasant": ("Soldier", "Fugitive", "Disciple", "Teacher"),
}


class AdventuresGame(DominionGame):
    def __init__(
        self, players: int, options: dict[str, Any], seed: int, position: dict[str, Any] | None = None
    ) -> None:
        super().__init__(players, options, seed, position)
        n = players
        self.errata = bool(options.get("errata", False))
        self.events: list[str] = []
        self.nonsupply: dict[str, int] = {}  # Traveller upgrades: not Supply piles
        self.mats: list[list[str]] = [[] for _ in range(n)]  # Tavern mats (public)
        self.tokens = [Tokens() for _ in range(n)]
        self.lastings: list[list[Lasting]] = [[] for _ in range(n)]
        self.hexes: list[Hex] = []
        self.champions = [0] * n
        self.inherited: list[str | None] = [None] * n  # the card under each Estate token
        self.bought_once: list[set[str]] = [set() for _ in range(n)]  # once-per-game Events
        self.last_gains = [0] * n  # cards each player gained in their latest turn
        self.frames: list[Frame] = []
        self.pending_box: Box | None = None
        self.offturn_called: list[tuple[int, Box]] = []  # Reserves called on another's turn
        self.at = AdvTurn()
        self.previous_player: int | None = None  # whose turn came before this one
        self.current_player: int | None = None
        self.mission_next = False
        self.skip_start = False
        self.cost_mods = False  # see note_cost_mods

    # ==========================================================================================
    # Setup
    # ==========================================================================================
    def random_kingdom(self) -> list[str]:
        sets = self.options.get("sets", ["base"])
        if sets == ["base"]:
            return super().random_kingdom()
        pool = sorted(c.id for c in self.card.values() if c.kind == "kingdom" and c.set in sets)
        if self.options.get("events") == "random":
            pool += sorted(c.id for c in self.card.values() if c.kind == "event" and c.set in sets)
        self.rng.shuffle(pool)
        limit = self.options.get("max_events", MAX_EVENTS)
        kingdom: list[str] = []
        for name in pool:  # turn randomizers over until ten Kingdom cards are out
            if self.card[name].kind == "event":
                if len(self.events) < limit:
                    self.events.append(name)
            else:
                kingdom.append(name)
                if len(kingdom) == 10:
                    break
        return kingdom

    def setup(self) -> None:
        super().setup()
        chosen = self.options.get("events")
        if isinstance(chosen, list):
            self.events = list(chosen)
        self.finish_setup()

    def finish_setup(self) -> None:
        self.events.sort(key=lambda e: (self.card[e].cost, e))
        for base, upgrades in UPGRADES.items():
            if base in self.kingdom:
                for name in upgrades:
                    self.nonsupply.setdefault(name, self.card[name].pile_size or 5)
        self.note_cost_mods()
        self.emit("setup_adventures", events=list(self.events), nonsupply=dict(self.nonsupply))

    def load_position(self, pos: dict[str, Any]) -> None:
        """Positions may also give Events, Tavern mats, tokens and Durations in play (SCENARIOS)."""
        base = dict(pos)
        self.skip_start = pos.get("phase", "action") != "start"
        if not self.skip_start:
            base["phase"] = "action"
        super().load_position(base)
        self.events = list(pos.get("events") or [])
        for name in self.events:
            if name not in self.card or self.card[name].kind != "event":
                raise InvalidSetup("error.unknown_card", card=name)
        self.finish_setup()
        for name, count in (pos.get("nonsupply") or {}).items():
            if name not in self.nonsupply:
                raise InvalidSetup("error.unknown_pile", card=name)
            self.nonsupply[name] = int(count)
        self.previous_player = pos.get("previous_turn")
        self.current_player = self.turn.player
        if pos.get("extra_turn"):
            self.turn.extra = True
            self.at.no_buy_cards = True
        for i, data in enumerate(pos.get("players") or []):
            self.load_player(i, data)
        self.note_cost_mods()

    def load_player(self, i: int, data: dict[str, Any]) -> None:
        self.mats[i] = list(data.get("tavern") or [])
        tok = data.get("tokens") or {}
        t = self.tokens[i]
        for key, pile in (tok.get("piles") or {}).items():
            if key not in PILE_TOKENS:
                raise InvalidSetup("error.bad_position")
            t.piles[key] = pile
        t.journey_up = tok.get("journey", "up") == "up"
        t.minus_card = bool(tok.get("minus_card", False))
        t.minus_coin = bool(tok.get("minus_coin", False))
        self.inherited[i] = data.get("inheritance")
        if self.inherited[i] is not None:  # the Estate token is placed only by the once-per-game Event
            self.bought_once[i].add("Inheritance")
        self.players[i].set_aside.extend(data.get("set_aside") or [])
        for entry in data.get("durations") or []:
            self.load_duration(i, entry)
        for name in self.mats[i]:
            if name not in self.card:
                raise InvalidSetup("error.unknown_card", card=name)

    def load_duration(self, i: int, entry: dict[str, Any]) -> None:
        """A Duration played on the previous turn: {card, times?, holders?, set_aside?, victims?}."""
        name = entry["card"]
        kind = self.ability_of(i, name)
        times = int(entry.get("times", 1))
        lasting = Lasting(card=Box(name), holders=[Box(h) for h in entry.get("holders") or []])
        lasting.permanent = kind in ("Hireling", "Champion")
        for _ in range(times):
            if kind in NEXT_TURN:
                lasting.effects.append(Pending(kind, name, list(entry.get("set_aside") or [])))
            if kind == "Champion":
                self.champions[i] += 1
        self.players[i].set_aside.extend(entry.get("set_aside") or [])
        self.lastings[i].append(lasting)
        if kind in ("Haunted Woods", "Swamp Hag"):
            victims = entry.get("victims", self.others(i))
            for _ in range(times):
                self.hexes.append(Hex(i, kind, list(victims)))

    # ==========================================================================================
    # Cards, abilities and costs
    # ==========================================================================================
    def ability_of(self, p: int, name: str) -> str:
        """The card whose abilities `name` has for player p (Estates under Inheritance)."""
        if name == "Estate":
            return self.inherited[p] or name
        return name

    def traits_of(self, p: int, name: str) -> str:
        """Like ability_of, for types and 'when...' abilities: the errata Estate copies neither."""
        return name if self.errata else self.ability_of(p, name)

    def types_of(self, p: int, name: str) -> tuple[str, ...]:
        if name == "Estate" and self.inherited[p] is not None:
            if self.errata:
                return ("Action", "Victory") if p == self.turn.player else ("Victory",)
            extra = self.card[self.inherited[p] or name].types
            return tuple(dict.fromkeys(("Victory", *extra)))
        return self.card[name].types

    def is_action_for(self, p: int, name: str) -> bool:
        return "Action" in self.types_of(p, name)

    def playable_actions(self, p: int) -> list[str]:
        return sorted({c for c in self.players[p].hand if self.is_action_for(p, c)})

    def cost(self, name: str) -> int:
        base = self.card[name].cost
        if not self.cost_mods:
            return base
        p = self.turn.player
        cut = self.cost_cut()
        if self.tokens[p].piles.get("cost") == name:
            cut += 2
        return base - cut if base > cut else 0

    def cost_cut(self) -> int:
        """What Bridge Troll takes off every cost right now (on its owner's turns only)."""
        return self.at.troll_cut if self.errata else self.players[self.turn.player].in_play.count("Bridge Troll")

    def note_cost_mods(self) -> None:
        """Costs can only change with Bridge Troll or a -$2 token around; without them every cost
        is the printed one and the fast paths apply."""
        if self.cost_mods:
            return
        self.cost_mods = (
            "Bridge Troll" in self.kingdom
            or "Ferry" in self.events
            or any("cost" in t.piles for t in self.tokens)
            or any("Bridge Troll" in zone for i, pl in enumerate(self.players) for zone in (pl.owned(), self.mats[i]))
        )

    def buy_choices(self, coins: int | None = None) -> list[Option]:
        if self.at.no_buy_cards:
            return []
        if not self.cost_mods:
            return self.printed_cost_choices(coins)
        cut = self.cost_cut()
        cheap = self.tokens[self.turn.player].piles.get("cost")
        coins = self.turn.coins if coins is None else coins
        card = self.card
        out: list[Option] = []
        for name, count in self.supply.items():
            if count <= 0:
                continue
            price = card[name].cost - cut - (2 if name == cheap else 0)
            price = price if price > 0 else 0
            if price <= coins:
                out.append(self.buy_option(name, price))
        return out

    def action_piles(self) -> list[str]:
        """Action Supply piles (empty ones included): where pile tokens may go."""
        return [n for n in self.kingdom if self.card[n].is_action]

    # ==========================================================================================
    # Money, drawing, gaining
    # ==========================================================================================
    def add_coins(self, p: int, amount: int) -> None:
        """+$ for player p: the -$1 token eats the first $1; off-turn $ is lost."""
        if amount <= 0:
            return
        tok = self.tokens[p]
        if tok.minus_coin:
            tok.minus_coin = False
            amount -= 1
            self.emit("token_used", seat=p, token="minus_coin")
        if p == self.turn.player:
            self.turn.coins += amount

    def draw(self, p: int, count: int) -> list[str]:
        tok = self.tokens[p]
        if count > 0 and tok.minus_card:
            tok.minus_card = False
            count -= 1
            self.emit("token_used", seat=p, token="minus_card")
        return super().draw(p, count)

    def can_buy(self, name: str, coins: int | None = None) -> bool:
        return not self.at.no_buy_cards and super().can_buy(name, coins)

    def shortcut_coins(self, p: int, treasures: list[str]) -> int | None:
        """No shortcut while a Treasure in hand may ask something when played (Relic attacks,
        Treasure Trove gains); the -$1 token takes $1 off the first Treasure that gives $."""
        if any(c in TREASURES and c not in QUIET_TREASURES for c in treasures):
            return None
        total = super().shortcut_coins(p, treasures)
        if total is not None and self.tokens[p].minus_coin and total > self.turn.coins:
            total -= 1
        return total

    def gain(self, p: int, name: str, to: str = "discard") -> Step:
        bought, self.at.buying = self.at.buying == name, None
        ok = yield from super().gain(p, name, to)
        if not ok:
            return False
        if p == self.turn.player:
            self.at.gains += 1
            if self.turn.phase == "buy":
                self.at.buy_phase_gains += 1
        yield from self.after_gain(p, name, to, bought)
        return True

    def after_gain(self, p: int, name: str, to: str, bought: bool) -> Step:
        if (
            self.at.fair
            and p == self.turn.player
            and (yield from self.yes_no(p, "dominion.prompt.fair_topdeck", {"card": name}, card=name))
        ):
            self.move_gained_to_deck(p, name, to)
        ability = self.traits_of(p, name)
        if ability == "Lost City":
            for v in self.others(p):
                self.draw(v, 1)
        if self.errata:
            if ability == "Port" and not self.at.port_bonus:
                self.at.port_bonus = True
                yield from self.gain(p, "Port")
                self.at.port_bonus = False
            first_in_buy = p == self.turn.player and self.turn.phase == "buy" and self.at.buy_phase_gains == 1
            if ability == "Messenger" and first_in_buy:
                yield from _kingdom.messenger_bonus(self, p)
            if self.tokens[p].piles.get("trash") == name:
                yield from self.trashing_token(p)
            if bought:
                yield from self.hexes_strike(p)
        yield from self.offer_duplicates(p, name)

    def move_gained_to_deck(self, p: int, name: str, to: str) -> None:
        player = self.players[p]
        if to == "deck":
            return
        zone = player.hand if to == "hand" else player.discard
        for i in range(len(zone) - 1, -1, -1):
            if zone[i] == name:
                del zone[i]
                break
        player.deck.append(name)
        self.emit("topdeck", seat=p, card=name)

    def offer_duplicates(self, p: int, name: str) -> Step:
        while self.supply.get(name, 0) > 0 and self.cost(name) <= 6:
            dups = [m for m in self.mats[p] if self.ability_of(p, m) == "Duplicate"]
            if not dups:
                return
            if not (yield from self.yes_no(p, "dominion.prompt.duplicate", {"card": name}, card=name)):
                return
            self.call_from_mat(p, dups[0])
            yield from self.gain(p, name)

    def trashing_token(self, p: int) -> Step:
        hand = self.players[p].hand
        choice = yield from self.choose_one(p, hand, "dominion.prompt.plan_trash", optional=True)
        if choice is not None:
            self.trash_from_hand(p, [choice])

    # ==========================================================================================
    # Buying: cards and Events
    # ==========================================================================================
    def buy(self, p: int, name: str) -> Step:
        t = self.turn
        first = not self.at.bought_any
        self.at.bought_any = True
        t.coins -= self.cost(name)
        t.buys -= 1
        t.bought = True
        self.emit("buy", seat=p, card=name)
        if not self.errata:  # first printing: these trigger on buying, before the gain
            if self.tokens[p].piles.get("trash") == name:
                yield from self.trashing_token(p)
            ability = self.traits_of(p, name)
            if ability == "Port":
                yield from self.gain(p, "Port")
            elif ability == "Messenger" and first:
                yield from _kingdom.messenger_bonus(self, p)
            yield from self.hexes_strike(p)
        self.at.buying = name
        yield from self.gain(p, name)
        self.at.buying = None

    def hexes_strike(self, p: int) -> Step:
        """Haunted Woods and Swamp Hag of other players hit a player who buys a card."""
        for hex_ in list(self.hexes):
            if p not in hex_.victims or hex_.owner == p:
                continue
            if hex_.card == "Swamp Hag":
                yield from self.gain(p, "Curse")
            elif hex_.card == "Haunted Woods":
                hand = self.players[p].hand
                if not hand:
                    continue
                order = yield from self.order_cards(p, list(hand), "dominion.prompt.haunted_woods_order")
                hand.clear()
                self.players[p].deck.extend(reversed(order))  # first in the answer ends on top
                self.emit("topdeck", seat=p, count=len(order), reason="Haunted Woods")

    def event_allowed(self, p: int, name: str) -> bool:
        card = self.card[name]
        t = self.turn
        if t.buys <= 0 or t.coins < card.cost:
            return False
        limit = None if (self.errata and name == "Mission") else card.limit
        if limit == "turn":
            return name not in self.at.events
        if limit == "game":
            return name not in self.bought_once[p]
        return True

    def extra_buy_options(self, p: int) -> list[Option]:
        return [event_option(e, self.card[e].cost) for e in self.events if self.event_allowed(p, e)]

    def buy_event(self, p: int, name: str) -> Step:
        if name not in self.events or not self.event_allowed(p, name):
            return (yield from super().buy_event(p, name))
        card = self.card[name]
        t = self.turn
        t.coins -= card.cost  # Event costs are fixed: no Bridge Troll, no token
        t.buys -= 1
        t.bought = True  # no more Treasures after buying an Event
        self.at.bought_any = True
        self.at.events.append(name)
        self.bought_once[p].add(name)
        self.emit("buy_event", seat=p, card=name)
        t.buys += card.buys
        yield from EVENTS[name](self, p)

    def buy_phase(self, p: int) -> Step:
        yield from super().buy_phase(p)
        yield from _kingdom.wine_merchants(self, p)

    def next_player(self, p: int) -> int:
        if self.at.mission:
            self.mission_next = True
            return p
        return super().next_player(p)

    # ==========================================================================================
    # Playing cards
    # ==========================================================================================
    def play_from_hand(self, p: int, name: str) -> Step:
        self.pending_box = Box(name)
        yield from super().play_from_hand(p, name)

    def resolve(self, p: int, name: str, box: Box | None = None) -> Step:
        t = self.turn
        on_turn = p == t.player
        ability = self.ability_of(p, name)
        card = self.card[ability]
        top = self.frames[-1] if self.frames and self.frames[-1].player == p else None
        if box is None:
            if top is not None and top.replayer and top.child is not None and top.child.name == name:
                box = top.child
            else:
                box = self.pending_box or Box(name)
            self.pending_box = None
            if top is not None and top.replayer:
                top.child = box
        frame = Frame(p, name, box, top, ability in REPLAYERS)
        self.frames.append(frame)
        self.emit("play", seat=p, card=name)
        if name == ability:  # pile tokens: only for a card from that pile, and first
            self.pile_bonus(p, name)
        if on_turn and self.champions[p] and self.is_action_for(p, name):
            t.actions += self.champions[p]
        if card.draw:
            self.draw(p, card.draw)
        if on_turn:
            t.actions += card.actions
            t.buys += card.buys
        self.add_coins(p, card.coins)
        effect = CARDS.get(ability)
        if effect is not None:
            yield from effect(self, p)
        else:
            base = self.effects.get(ability)
            if base is not None:
                before = t.coins
                yield from base(self, p)
                if self.tokens[p].minus_coin and t.coins > before:  # base cards add $ directly
                    t.coins -= 1
                    self.tokens[p].minus_coin = False
                    self.emit("token_used", seat=p, token="minus_coin")
        self.frames.pop()
        # the call window follows any Action its owner plays, on any turn: a Caravan Guard
        # played against an attack may be replayed by Royal Carriage (nothing limits the call)
        if self.mats[p] and self.is_action_for(p, name):
            yield from self.after_action(p, name, box)

    def pile_bonus(self, p: int, name: str) -> None:
        piles = self.tokens[p].piles
        if name not in piles.values():
            return
        on_turn = p == self.turn.player
        for token in BONUS_TOKENS:
            if piles.get(token) != name:
                continue
            self.emit("token_bonus", seat=p, token=token, card=name)
            if token == "card":
                self.draw(p, 1)
            elif token == "coin":
                self.add_coins(p, 1)
            elif on_turn and token == "action":
                self.turn.actions += 1
            elif on_turn and token == "buy":
                self.turn.buys += 1

    def after_action(self, p: int, name: str, box: Box) -> Step:
        """'Directly after resolving an Action': Coin of the Realm and Royal Carriage calls."""
        while True:
            calls = sorted({m for m in self.mats[p] if self.callable_after(p, m, box)})
            if not calls:
                return
            opts = [Option(f"call:{c}", c, card=c, group="call") for c in calls]
            opts.append(Option(END, "dominion.opt.done", group="end"))
            answer = yield from self.ask(
                PromptSpec(p, "choose", "dominion.prompt.after_action", tuple(opts), params={"card": name})
            )
            if answer[0] == END:
                return
            called = answer[0][5:]
            called_box = self.call_from_mat(p, called)
            if self.ability_of(p, called) == "Royal Carriage":
                self.frames.append(Frame(p, called, called_box, None, True, child=box))
                yield from self.resolve(p, name, box)
                self.frames.pop()
                return  # the replay had its own window
            yield from AFTER_ACTION_CALLS[self.ability_of(p, called)](self, p)

    def callable_after(self, p: int, name: str, box: Box) -> bool:
        ability = self.ability_of(p, name)
        if ability == "Royal Carriage":
            return box.in_play  # it replays the Action only while that card is still in play
        return ability in AFTER_ACTION_CALLS

    def play_all_treasures(self, p: int) -> Step:
        """Without the -$1 token and Treasures with abilities, playing them all is the base set's."""
        hand = self.players[p].hand
        if not self.tokens[p].minus_coin and not any(c in TREASURES for c in hand):
            self.put_all_treasures_in_play(p)
            return
        yield from super().play_all_treasures(p)

    def play_treasure(self, p: int, name: str) -> Step:
        t = self.turn
        before = t.coins
        yield from super().play_treasure(p, name)
        tok = self.tokens[p]
        if tok.minus_coin and t.coins > before:
            t.coins -= 1
            tok.minus_coin = False
            self.emit("token_used", seat=p, token="minus_coin")
        effect = TREASURES.get(name)
        if effect is not None:
            yield from effect(self, p)

    # ==========================================================================================
    # The Tavern mat and Durations
    # ==========================================================================================
    def to_mat(self, p: int) -> None:
        """'Put this on your Tavern mat', for the card being resolved (if it is still in play)."""
        frame = self.frames[-1]
        in_play = self.players[p].in_play
        if frame.box.in_play and frame.name in in_play:
            in_play.remove(frame.name)
            frame.box.in_play = False
            self.mats[p].append(frame.name)
            self.emit("to_mat", seat=p, card=frame.name)

    def call_from_mat(self, p: int, name: str) -> Box:
        """Calling a Reserve: it moves into play (no Action used)."""
        self.mats[p].remove(name)
        self.players[p].in_play.append(name)
        self.emit("call", seat=p, card=name)
        box = Box(name)
        if p != self.turn.player:
            self.offturn_called.append((p, box))
        return box

    def add_duration(self, p: int, kind: str | None, cards: list[str] | None = None, permanent: bool = False) -> None:
        """The card being resolved does something on a later turn: keep it (and its players) in play."""
        frame = self.frames[-1]
        box = frame.box
        lasting = box.lasting
        if lasting is None or lasting.fired:
            lasting = Lasting(card=box)
            box.lasting = lasting
            self.lastings[p].append(lasting)
        if kind is not None:
            lasting.effects.append(Pending(kind, frame.name, list(cards or [])))
        lasting.permanent = lasting.permanent or permanent
        f = frame
        while f.parent is not None and f.parent.replayer:
            if f.parent.box not in lasting.holders:
                lasting.holders.append(f.parent.box)
            f = f.parent

    def outlasting(self, p: int) -> list[tuple[Box, bool]]:
        """Each physical card in p's play area that stays past this Clean-up (a Duration with an
        effect still to come, or a card that played one), once, with whether it stays for the rest
        of the game (Hireling, Champion and what played them)."""
        out: list[tuple[Box, bool]] = []
        for lasting in self.lastings[p]:
            if lasting.fired and not lasting.permanent:
                continue
            for box in (lasting.card, *lasting.holders):
                if not box.in_play:
                    continue
                i = next((k for k, (b, _) in enumerate(out) if b is box), None)
                if i is None:
                    out.append((box, lasting.permanent))
                elif lasting.permanent:
                    out[i] = (box, True)
        return out

    def choose_in_play(self, p: int, key: str, high: int, only: str | None = None) -> Step:
        """Pick up to `high` cards p has in play; returns (name, box) pairs, box None for a copy that
        leaves in this Clean-up anyway. Copies that stay longer are offered apart ('next:<card>',
        'game:<card>'), since which copy goes decides what stays in play."""
        names = [c for c in self.players[p].in_play if only is None or c == only]
        pools: dict[tuple[str, str], list[Box]] = {}
        for box, permanent in self.outlasting(p):
            if box.name in names:
                pools.setdefault(("game" if permanent else "next", box.name), []).append(box)
        if not pools:
            chosen = yield from self.choose_cards(p, names, key, 0, high)
            return [(c, None) for c in chosen]
        leaving = Counter(names)
        for (_, name), boxes in pools.items():
            leaving[name] -= len(boxes)
        opts: list[Option] = []
        for name in sorted(set(names)):
            opts.extend(Option(copy_id("", name, k), name, card=name) for k in range(leaving[name]))
            for stay, label in STAYING_LABELS:
                count = len(pools.get((stay, name), ()))
                opts.extend(
                    Option(copy_id(stay, name, k), label, card=name, group="staying") for k in range(count)
                )
        spec = PromptSpec(p, "choose", key, tuple(opts), min=0, max=min(high, len(opts)))
        answer = yield from self.ask(spec)
        picks: list[tuple[str, Box | None]] = []
        for oid in answer:
            stay, _, rest = oid.rpartition(":")
            name = rest.split("#", 1)[0]
            picks.append((name, pools[(stay, name)].pop() if stay else None))
        return picks

    def take_from_play(self, p: int, name: str, box: Box | None) -> None:
        """Remove one copy of `name` from p's play area; `box` is the physical card when it matters
        (a copy that would have stayed in play), so Clean-up keeps the right ones."""
        in_play = self.players[p].in_play
        in_play.remove(name)
        if box is None:  # a copy leaving anyway: if it was a Duration done for good, it is that one
            boxes = [b for b in self.duration_boxes(p) if b.name == name]
            if len(boxes) > in_play.count(name):
                staying = [b for b, _ in self.outlasting(p)]
                box = next(b for b in boxes if not any(b is s for s in staying))
        if box is not None:
            box.in_play = False

    def start_of_turn(self, p: int) -> Step:
        if self.skip_start:  # a position that starts mid-turn
            self.skip_start = False
            return
        self.at = AdvTurn()
        self.previous_player, self.current_player = self.current_player, p
        if self.mission_next:
            self.mission_next = False
            self.turn.extra = True
            self.at.no_buy_cards = True
        self.hexes = [h for h in self.hexes if h.owner != p]  # 'until your next turn' ends
        items: list[Pending] = []
        for lasting in self.lastings[p]:
            items.extend(lasting.effects)
            if not lasting.permanent:
                lasting.fired = True
            if self.errata:
                self.at.troll_cut += sum(1 for e in lasting.effects if e.kind == "Bridge Troll")
        yield from self.start_window(p, items)

    def start_calls(self, p: int) -> list[str]:
        return sorted({m for m in self.mats[p] if self.ability_of(p, m) in START_CALLS})

    def start_window(self, p: int, items: list[Pending]) -> Step:
        """Duration effects (mandatory) and Reserve calls (optional), in the order p chooses."""
        items = list(items)
        while True:
            calls = self.start_calls(p)
            if not items and not calls:
                return
            if not calls and len({i.kind for i in items}) == 1:  # same ability: order is moot
                for item in items:
                    yield from NEXT_TURN[item.kind](self, p, item)
                return
            opts: list[Option] = []
            seen: set[tuple[str, str]] = set()
            for i, item in enumerate(items):
                if (item.kind, item.card) not in seen:
                    seen.add((item.kind, item.card))
                    opts.append(Option(f"dur:{i}", item.card, card=item.card, group="duration"))
            opts.extend(Option(f"call:{c}", c, card=c, group="call") for c in calls)
            if not items:
                opts.append(Option(END, "dominion.opt.done", group="end"))
            answer = yield from self.ask(PromptSpec(p, "choose", "dominion.prompt.start_of_turn", tuple(opts)))
            choice = answer[0]
            if choice == END:
                return
            if choice.startswith("dur:"):
                item = items.pop(int(choice[4:]))
                yield from NEXT_TURN[item.kind](self, p, item)
            else:
                name = choice[5:]
                self.call_from_mat(p, name)
                yield from START_CALLS[self.ability_of(p, name)](self, p)

    # ==========================================================================================
    # Attacks
    # ==========================================================================================
    def attack_targets(self, p: int) -> Step:
        yield from self.reactions(p)
        victims = yield from super().attack_targets(p)
        return [v for v in victims if not self.champions[v]]

    def moat_in_hand(self, seat: int) -> str | None:
        moat = super().moat_in_hand(seat)
        if moat is None and self.traits_of(seat, "Estate") == "Moat" and "Estate" in self.players[seat].hand:
            return "Estate"  # an Estate with Moat's abilities (Inheritance, first printing)
        return moat

    def reactions(self, p: int) -> Step:
        """Caravan Guard: each other player may play it from hand, again and again (it may draw more).
        With the standing answer ('always') every Caravan Guard is played without a prompt."""
        for v in self.others(p):
            while True:
                guards = [c for c in self.players[v].hand if self.traits_of(v, c) == "Caravan Guard"]
                if not guards:
                    break
                if not self.asks_reactions(v):
                    yield from self.play_from_hand(v, guards[0])
                    continue
                answer = yield from self.ask(
                    PromptSpec(
                        v,
                        "confirm",
                        "dominion.prompt.caravan_guard",
                        (Option(YES, "dominion.opt.play", card=guards[0]), Option(NO, "dominion.opt.no")),
                    )
                )
                if answer[0] != YES:
                    break
                yield from self.play_from_hand(v, guards[0])

    # ==========================================================================================
    # Clean-up
    # ==========================================================================================
    def cleanup_phase(self, p: int) -> Step:
        player = self.players[p]
        # in_play holds names; the boxes say how many copies of each name outlast this Clean-up
        keep = Counter(box.name for box, _ in self.outlasting(p))
        staying: list[str] = []
        leaving: list[str] = []
        for name in player.in_play:
            if keep[name] > 0:
                keep[name] -= 1
                staying.append(name)
            else:
                leaving.append(name)
        player.in_play = staying
        player.discard.extend(leaving)
        player.discard.extend(player.hand)
        player.hand.clear()
        yield from _travellers.exchanges(self, p, leaving)
        for q, box in self.offturn_called:
            if any(b is box for b, _ in self.outlasting(q)):
                continue  # it replayed a Duration: it stays in play as long as that card does
            if box.name in self.players[q].in_play:
                self.players[q].in_play.remove(box.name)
                self.players[q].discard.append(box.name)
        self.offturn_called.clear()
        self.lastings[p] = [x for x in self.lastings[p] if x.permanent or not x.fired]
        self.draw(p, 5 + 2 * self.at.expeditions)
        for name in self.at.saved:  # Save: after drawing the new hand
            player.set_aside.remove(name)
            player.hand.append(name)
        self.last_gains[p] = self.at.gains

    # ==========================================================================================
    # Scoring and views
    # ==========================================================================================
    def owned_counts(self, p: int) -> Counter[str]:
        counts = super().owned_counts(p)
        counts.update(self.mats[p])
        inherited = self.inherited[p]
        if inherited is not None:
            counts[inherited] += 1
        return counts

    def victory_points(self, p: int, counts: Counter[str] | None = None) -> int:
        return super().victory_points(p, counts) + 4 * self.mats[p].count("Distant Lands")

    def duration_boxes(self, p: int) -> list[Box]:
        """The Duration cards in p's play area and the cards that played them, each physical card
        once (a Throne Room may hold two Durations), trashed ones left out."""
        boxes: list[Box] = []
        for lasting in self.lastings[p]:
            for box in (lasting.card, *lasting.holders):
                if box.in_play and not any(b is box for b in boxes):
                    boxes.append(box)
        return boxes

    def staying_in_play(self, p: int) -> list[str]:
        return [b.name for b in self.duration_boxes(p)]

    def view(self, seat: int | None) -> dict[str, Any]:
        view = super().view(seat)
        view["events"] = [{"card": e, "cost": self.card[e].cost} for e in self.events]
        view["nonsupply"] = dict(self.nonsupply)
        for i, pv in enumerate(view["players"]):
            pv["tavern"] = list(self.mats[i])
            pv["tokens"] = self.tokens[i].to_dict()
            pv["durations"] = self.staying_in_play(i)
            pv["inheritance"] = self.inherited[i]
        view["hexes"] = [{"owner": h.owner, "card": h.card, "victims": list(h.victims)} for h in self.hexes]
        view["extra_turn"] = self.turn.extra
        view["errata"] = self.errata
        if seat is not None:
            view["set_aside"] = sorted(self.players[seat].set_aside)  # Gear / Save: owner only
        return view

    def seat_view(self, public: dict[str, Any], seat: int) -> dict[str, Any]:
        view = super().seat_view(public, seat)
        view["set_aside"] = sorted(self.players[seat].set_aside)
        return view

    def scenario_state(self) -> dict[str, Any]:
        """Extra state for scenario expectations (everything, hidden or not)."""
        return {
            "event_cards": list(self.events),
            "nonsupply": dict(self.nonsupply),
            "tavern": [list(m) for m in self.mats],
            "tokens": [t.to_dict() for t in self.tokens],
            "durations": [self.staying_in_play(i) for i in range(self.n)],
            "inheritance": list(self.inherited),
            "hexes": [{"owner": h.owner, "card": h.card, "victims": list(h.victims)} for h in self.hexes],
            "extra_turn": self.turn.extra,
            "mission": self.at.mission,
        }
