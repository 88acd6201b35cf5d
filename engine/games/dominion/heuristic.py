"""A general-purpose Dominion bot: sensible play on any base-set kingdom.

It decides from the seat's view (hand, own card counts, supply, scores) and the open prompt only.
Buying is a scored choice among the offered cards; every card prompt has an answer that a
reasonable player would give. `ExpertBot` (expert.py) reuses the prompt answers and replaces the
buying strategy.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.prompts import Answer, Option, Prompt
from engine.games.dominion.cards import Card, cards
from engine.games.dominion.game import END, NO, NONE, PLAY_ALL, PLAY_BUY, YES

# -- static card knowledge -----------------------------------------------------------------------
VILLAGES = frozenset({"Village", "Festival"})
CANTRIPS = frozenset({"Laboratory", "Market", "Merchant", "Sentry", "Poacher", "Cellar", "Harbinger"})
DRAWERS = frozenset({"Smithy", "Council Room", "Library", "Moat", "Witch"})
TRASHERS = frozenset({"Chapel", "Remodel", "Mine", "Moneylender", "Sentry"})
JUNK = frozenset({"Curse", "Estate"})

# Worth of a card in the abstract, used to rank cards to discard, trash, topdeck or keep.
_WORTH = {"Curse": -4.0, "Estate": -2.0, "Duchy": -2.5, "Province": -3.0, "Gardens": -2.5, "Copper": 1.0,
          "Silver": 3.0, "Gold": 6.0}

# How much a bot wants to play an action card now (higher first); terminals are the ones
# using up the last action, so their scores only matter among themselves.
_PLAY = {
    "Throne Room": 96, "Village": 92, "Festival": 91, "Laboratory": 88, "Market": 87, "Sentry": 86,
    "Merchant": 85, "Poacher": 84, "Harbinger": 83, "Cellar": 80,
    "Witch": 72, "Chapel": 40, "Library": 66, "Smithy": 67, "Council Room": 65, "Militia": 62,
    "Artisan": 60, "Bandit": 59, "Moneylender": 58, "Mine": 55, "Bureaucrat": 54, "Vassal": 52,
    "Moat": 50, "Remodel": 45, "Workshop": 44,
}

# Base buy value of kingdom cards for the general bot (Silver is 20, Gold 55).
_BUY = {
    "Witch": 75, "Laboratory": 50, "Market": 46, "Library": 52, "Council Room": 49, "Smithy": 47,
    "Militia": 45, "Festival": 40, "Sentry": 42, "Artisan": 44, "Bandit": 36, "Moneylender": 34,
    "Mine": 28, "Bureaucrat": 27, "Poacher": 24, "Merchant": 18, "Village": 24, "Remodel": 22,
    "Vassal": 21, "Throne Room": 20, "Harbinger": 17, "Chapel": 30, "Cellar": 10, "Moat": 12,
    "Workshop": 12, "Gardens": 0,
}
# Copies worth owning at most (others are limited by terminal density only).
_MAX_COPIES = {"Witch": 2, "Chapel": 1, "Moneylender": 1, "Mine": 1, "Remodel": 1, "Bureaucrat": 1,
               "Cellar": 1, "Moat": 1, "Harbinger": 1, "Workshop": 1, "Bandit": 2, "Militia": 2,
               "Artisan": 2, "Library": 2, "Council Room": 2, "Vassal": 1, "Sentry": 2, "Poacher": 1,
               "Throne Room": 1, "Merchant": 2}


# Cards whose worth needs more than a number (expansions fill these: adventures/advice.py).
VALUE_RULES: dict[str, Callable[[Situation], float]] = {}
PLAY_RULES: dict[str, Callable[[Situation], float | None]] = {}


def card(name: str) -> Card:
    return cards()[name]


def is_terminal(name: str) -> bool:
    c = card(name)
    return c.is_action and c.actions == 0 and name != "Throne Room"


def worth(name: str) -> float:
    if name in _WORTH:
        return _WORTH[name]
    c = card(name)
    return c.cost + 0.5 if c.is_action else float(c.cost)


def option_card(opt: Option) -> str:
    return opt.card or opt.id.split("#", 1)[0]


# -- what a seat knows -----------------------------------------------------------------------------
@dataclass(slots=True)
class Situation:
    """Facts derived from one view, computed once per decision."""

    seat: int
    hand: list[str]
    owned: dict[str, int]
    supply: dict[str, int]
    kingdom: list[str]
    actions: int
    coins: int
    my_vp: int
    best_other_vp: int
    my_turns: int
    other_turns: int
    players: int
    empty_piles: int
    view: Mapping[str, Any]  # the rest of the view, for expansion-specific decisions

    @classmethod
    def of(cls, view: Mapping[str, Any]) -> Situation:
        seat = view["seat"]
        players = view["players"]
        me = players[seat]
        others = [p for p in players if p["seat"] != seat]
        owned = view.get("owned") or {}
        return cls(
            seat=seat,
            hand=list(view.get("hand", [])),
            owned=dict(owned),
            supply=view["supply"],
            kingdom=view["kingdom"],
            actions=view["actions"],
            coins=view["coins"],
            my_vp=me["vp"],
            best_other_vp=max((p["vp"] for p in others), default=0),
            my_turns=me["turns"],
            other_turns=max((p["turns"] for p in others), default=0),
            players=len(players),
            empty_piles=view["empty_piles"],
            view=view,
        )

    # deck shape ---------------------------------------------------------------------------------
    def count(self, name: str) -> int:
        return self.owned.get(name, 0)

    @property
    def deck_size(self) -> int:
        return sum(self.owned.values())

    @property
    def money(self) -> int:
        """Total coins from Treasures owned."""
        return sum(card(n).coins * k for n, k in self.owned.items() if card(n).is_treasure)

    @property
    def terminals(self) -> int:
        return sum(k for n, k in self.owned.items() if is_terminal(n))

    @property
    def villages(self) -> int:
        return sum(k for n, k in self.owned.items() if n in VILLAGES)

    @property
    def provinces_left(self) -> int:
        return self.supply.get("Province", 0)

    @property
    def pile_threshold(self) -> int:
        return 4 if self.players >= 5 else 3

    @property
    def greening(self) -> bool:
        """Late enough that new actions will hardly be played again."""
        return self.provinces_left <= (3 if self.players == 2 else 4)

    def gain_ends_game(self, name: str) -> bool:
        if name == "Province" and self.provinces_left <= 1:
            return True
        return self.supply.get(name, 0) == 1 and self.empty_piles >= self.pile_threshold - 1

    def wins_after(self, vp_gain: int) -> bool:
        """Would ending the game now, with `vp_gain` more points, be an outright win?"""
        return self.my_vp + vp_gain > self.best_other_vp


def vp_of(name: str, s: Situation) -> int:
    if name == "Gardens":
        return (s.deck_size + 1) // 10
    return card(name).vp


# -- buying ----------------------------------------------------------------------------------------
def endgame_guard(name: str, s: Situation) -> bool:
    """False when gaining `name` would end the game in a loss (or a shared result)."""
    if s.gain_ends_game(name):
        return s.wins_after(vp_of(name, s))
    return True


def penultimate_ok(s: Situation) -> bool:
    """Penultimate Province rule: don't leave one Province for a rival who would then win."""
    if s.provinces_left != 2 or s.supply.get("Duchy", 0) == 0:
        return True  # without a Duchy to take instead, holding back only delays the loss
    # after our buy a rival taking the last Province ends the game with their +6 against ours
    return s.my_vp >= s.best_other_vp


def green_value(name: str, s: Situation) -> float:
    """Buy score of a Victory card, rising as the Provinces run out."""
    left = s.provinces_left
    duchy_at = 4 if s.players == 2 else 5
    if name == "Province":
        if s.deck_size and s.money < 12 and s.count("Gold") == 0 and left > 4:
            return 50.0  # a Gold first builds a deck that can keep buying Provinces
        return 100.0
    if name == "Duchy":
        return 60.0 if left <= duchy_at else 30.0 if left <= duchy_at + 2 else 0.0
    if name == "Estate":
        return 45.0 if left <= 2 else 10.0 if left <= 3 else -1.0
    if name == "Gardens":
        per = (s.deck_size + 1) // 10
        return 20.0 * per if s.greening else 8.0 * per
    return -1.0


def kingdom_value(name: str, s: Situation) -> float:
    rule = VALUE_RULES.get(name)
    if rule is not None:
        return rule(s)
    base = float(_BUY.get(name, 10))
    have = s.count(name)
    if have >= _MAX_COPIES.get(name, 99):
        return -1.0
    if name == "Chapel":
        return base if s.my_turns < 3 and not any(s.count(t) for t in TRASHERS) else -1.0
    if name == "Moat" and any(card(k).is_attack for k in s.kingdom):
        base += 6
    if is_terminal(name):
        # a money deck collides terminals quickly; villages only partly make up for it
        allowed = 1 + s.deck_size // 12 + s.villages // 2
        if s.terminals >= allowed:
            base *= 0.3
    elif name in VILLAGES and name != "Festival":
        if s.terminals <= s.villages + 1:
            base *= 0.4
    elif name == "Throne Room":
        actions = sum(k for n, k in s.owned.items() if card(n).is_action)
        if actions < 3:
            base *= 0.3
    if s.greening:
        base *= 0.3
    return base


def buy_value(name: str, s: Situation) -> float:
    c = card(name)
    if name == "Curse" or name == "Copper":
        return -1.0
    if name == "Silver":
        return 28.0 if not s.greening else 8.0
    if name == "Gold":
        return 55.0
    if c.is_victory and not c.is_action:
        return green_value(name, s)
    return kingdom_value(name, s)


def pick_buy(
    offered: Iterable[str], s: Situation, value: Callable[[str, Situation], float]
) -> str | None:
    best: tuple[float, int, str] | None = None
    for name in offered:
        if not endgame_guard(name, s):
            continue
        if name == "Province" and not penultimate_ok(s):
            continue
        v = value(name, s)
        if v <= 0:
            continue
        key = (v, card(name).cost, name)
        if best is None or key > best:
            best = key
    return best[2] if best else None


# -- the bot ---------------------------------------------------------------------------------------
class HeuristicBot:
    """Plays kingdom cards sensibly on any kingdom and answers every card prompt."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat

    # strategy hooks (overridden by ExpertBot) ----------------------------------------------------
    def buy_value(self, name: str, s: Situation) -> float:
        return buy_value(name, s)

    def play_score(self, name: str, s: Situation) -> float | None:
        """Priority for playing `name` from hand now; None means better not to."""
        rule = PLAY_RULES.get(name)
        if rule is not None:
            return rule(s)
        hand = s.hand
        base = float(_PLAY.get(name, 30))
        if name in VILLAGES:
            others = [c for c in hand if card(c).is_action and c not in VILLAGES]
            return base if others or name == "Festival" else 35.0
        if name == "Throne Room":
            targets = [c for c in hand if card(c).is_action and c != "Throne Room"]
            return base if targets else None
        if name == "Chapel":
            junk = sum(1 for c in hand if c in JUNK or c == "Copper")
            return 75.0 if junk >= 2 and not s.greening else None
        if name == "Moneylender":
            return base if "Copper" in hand else None
        if name == "Mine":
            return base if any(c in ("Copper", "Silver") for c in hand) else None
        if name == "Remodel":
            return base if self.remodel_plan(s) is not None else None
        if name == "Poacher":
            return base if s.empty_piles == 0 else 35.0
        if name == "Library":
            return base + 3 * (5 - len(hand))
        return base

    # prompt dispatch -------------------------------------------------------------------------------
    def choose(self, view: Mapping[str, Any], prompt: Prompt) -> Answer:
        s = Situation.of(view)
        handler = _HANDLERS.get(prompt.key)
        answer = handler(self, s, prompt) if handler is not None else None
        return answer if answer is not None else safe_answer(prompt)

    # phases ------------------------------------------------------------------------------------------
    def action(self, s: Situation, prompt: Prompt) -> Answer:
        best: tuple[float, str] | None = None
        for opt in prompt.options:
            if opt.id == END:
                continue
            score = self.play_score(opt.id, s)
            if score is not None and (best is None or (score, opt.id) > best):
                best = (score, opt.id)
        return (best[1],) if best else (END,)

    def buy(self, s: Situation, prompt: Prompt) -> Answer:
        ids = {o.id for o in prompt.options}
        if PLAY_ALL in ids:
            return self.play_then_buy(s, prompt) or (PLAY_ALL,)
        offered = [o.id[4:] for o in prompt.options if o.id.startswith("buy:")]
        s.coins = prompt.params.get("coins", s.coins)
        choice = pick_buy(offered, s, self.buy_value)
        events = [o for o in prompt.options if o.id.startswith("event:")]
        if events:  # Adventures: an Event may beat the best card
            card_value = self.buy_value(choice, s) if choice else 0.0
            event = self.pick_event(events, s, card_value)
            if event is not None:
                return (event,)
        return (f"buy:{choice}",) if choice else (END,)

    def play_then_buy(self, s: Situation, prompt: Prompt) -> Answer | None:
        """The card buy() would pick once every Treasure is played, answered in one go through
        "play all Treasures, then buy" when the prompt offers it. Not with Events in the game:
        what they are worth depends on the cards in play, so that choice waits for the next prompt."""
        after = prompt.params.get("coins_after")
        if after is None or s.view.get("events"):
            return None
        offered = [o.id[len(PLAY_BUY) :] for o in prompt.options if o.id.startswith(PLAY_BUY)]
        s.coins = after
        s.hand = [c for c in s.hand if not card(c).is_treasure]
        choice = pick_buy(offered, s, self.buy_value)
        return (PLAY_BUY + choice,) if choice else None

    def pick_event(self, events: list[Option], s: Situation, card_value: float) -> str | None:
        """An Event option worth more than the best card (Adventures)."""
        from engine.games.dominion.adventures.advice import pick_event  # only games with Events

        return pick_event(self, events, s, card_value)

    # card prompts ------------------------------------------------------------------------------------
    def gain(self, s: Situation, prompt: Prompt) -> Answer:
        """Workshop, Artisan, Remodel, Mine: gain the best offered card."""
        names = [o.id for o in prompt.options if o.id != NONE]
        s.coins = int(prompt.params.get("max", 0))
        choice = pick_buy(names, s, self.buy_value)
        if choice is None:  # forced to take something: the least harmful
            choice = max(names, key=lambda n: (worth(n) if n != "Curse" else -99, n))
        return (choice,)

    def remodel_plan(self, s: Situation) -> tuple[str, str] | None:
        """Best (trash, gain) pair for Remodel from the current hand, if worth doing."""
        best: tuple[float, str, str] | None = None
        for name in sorted(set(s.hand)):
            if name == "Remodel" and s.hand.count("Remodel") < 2:
                continue
            budget = card(name).cost + 2
            gains = [n for n, k in s.supply.items() if k > 0 and card(n).cost <= budget]
            gain = pick_buy(gains, s, self.buy_value)
            if gain is None:
                continue
            gain_score = self.buy_value(gain, s)
            lose = 0.0 if name in JUNK else 15.0 * max(worth(name), 0.0) if name != "Gold" else 55.0
            if name == "Gold" and gain == "Province":
                lose = 0.0 if s.provinces_left <= 4 else 60.0
            gain_score -= lose
            if gain_score > 0 and (best is None or gain_score > best[0]):
                best = (gain_score, name, gain)
        return (best[1], best[2]) if best else None

    def remodel_trash(self, s: Situation, prompt: Prompt) -> Answer:
        plan = self.remodel_plan(s)
        offered = [o.id for o in prompt.options]
        if plan is not None and plan[0] in offered:
            return (plan[0],)
        return (min(offered, key=lambda n: (worth(n), n)),)

    def trash_cards(self, s: Situation, prompt: Prompt) -> Answer:
        """Chapel (and similar): trash Curses and Estates, and Coppers while money remains."""
        money_left = s.money
        chosen: list[str] = []
        for opt in sorted(prompt.options, key=lambda o: (worth(option_card(o)), o.id)):
            name = option_card(opt)
            if len(chosen) >= prompt.max:
                break
            if name == "Curse" or (name == "Estate" and not s.greening):
                chosen.append(opt.id)
            elif name == "Copper" and money_left - 1 >= 6 and not s.greening:
                money_left -= 1
                chosen.append(opt.id)
        return fit(prompt, chosen, worst_first(prompt))

    def discard_worst(self, s: Situation, prompt: Prompt) -> Answer:
        """Militia, Poacher: discard exactly the required number, worst first."""
        return fit(prompt, [], worst_first(prompt, playable=s.actions))

    def cellar(self, s: Situation, prompt: Prompt) -> Answer:
        chosen = [o.id for o in prompt.options if card(option_card(o)).is_victory or option_card(o) == "Curse"]
        # terminals we cannot play this turn are dead cards too
        spare = s.actions
        for o in prompt.options:
            name = option_card(o)
            if card(name).is_action and is_terminal(name):
                if spare > 0:
                    spare -= 1
                else:
                    chosen.append(o.id)
        return fit(prompt, chosen, [])

    def sentry_trash(self, s: Situation, prompt: Prompt) -> Answer:
        chosen = []
        money = s.money
        for o in prompt.options:
            name = option_card(o)
            if name == "Curse" or (name == "Estate" and not s.greening):
                chosen.append(o.id)
            elif name == "Copper" and money - 1 >= 7 and not s.greening:
                money -= 1
                chosen.append(o.id)
        return fit(prompt, chosen, [])

    def sentry_discard(self, s: Situation, prompt: Prompt) -> Answer:
        chosen = [o.id for o in prompt.options if worth(option_card(o)) < 0 or option_card(o) == "Copper"]
        return fit(prompt, chosen, [])

    def order_best_first(self, s: Situation, prompt: Prompt) -> Answer:
        ranked = sorted(prompt.options, key=lambda o: (-worth(option_card(o)), o.id))
        return tuple(o.id for o in ranked)

    def harbinger(self, s: Situation, prompt: Prompt) -> Answer:
        names = [o.id for o in prompt.options if o.id != NONE]
        best = max(names, key=lambda n: (worth(n), n), default=None)
        if best is None or worth(best) < 3:
            return (NONE,) if any(o.id == NONE for o in prompt.options) else (names[0],)
        return (best,)

    def artisan_topdeck(self, s: Situation, prompt: Prompt) -> Answer:
        names = [o.id for o in prompt.options]
        if s.actions == 0:
            actions = [n for n in names if card(n).is_action]
            if actions:
                return (max(actions, key=lambda n: (_PLAY.get(n, 0), n)),)
        for pick in ("Copper", "Silver"):
            if pick in names:
                return (pick,)
        return (min(names, key=lambda n: (abs(worth(n)), n)),)

    def throne_target(self, s: Situation, prompt: Prompt) -> Answer:
        best: tuple[float, str] | None = None
        for o in prompt.options:
            if o.id == NONE:
                continue
            score = self.play_score(o.id, s)
            score = score if score is not None else 10.0
            if o.id == "Throne Room":
                score = 5.0
            if best is None or (score, o.id) > best:
                best = (score, o.id)
        return (best[1],) if best else (NONE,)

    def mine_trash(self, s: Situation, prompt: Prompt) -> Answer:
        names = {o.id for o in prompt.options}
        if "Silver" in names and s.supply.get("Gold", 0) > 0:
            return ("Silver",)
        if "Copper" in names and s.supply.get("Silver", 0) > 0:
            return ("Copper",)
        return (NONE,) if NONE in names else (prompt.options[0].id,)

    def treasure_gain(self, s: Situation, prompt: Prompt) -> Answer:
        names = [o.id for o in prompt.options if o.id != NONE]
        return (max(names, key=lambda n: (card(n).cost, n)),)

    def yes(self, s: Situation, prompt: Prompt) -> Answer:
        return (YES,)

    def library(self, s: Situation, prompt: Prompt) -> Answer:
        return (YES,) if s.actions == 0 else (NO,)

    def victim_keep_best(self, s: Situation, prompt: Prompt) -> Answer:
        """Bandit/Bureaucrat victim: give up the cheapest of the offered cards."""
        return (min(prompt.options, key=lambda o: (worth(option_card(o)), o.id)).id,)


def worst_first(prompt: Prompt, playable: int = 0) -> list[str]:
    """Option ids ordered from the card we most want to lose to the one we most want to keep."""

    def keep(o: Option) -> tuple[float, str]:
        name = option_card(o)
        return (worth(name), o.id)

    return [o.id for o in sorted(prompt.options, key=keep) if not o.shortcut]


def fit(prompt: Prompt, chosen: list[str], fillers: list[str]) -> Answer:
    """Trim or pad `chosen` to the prompt's bounds, padding from `fillers` in order."""
    out = list(dict.fromkeys(chosen))[: prompt.max]
    for f in fillers:
        if len(out) >= prompt.min:
            break
        if f not in out:
            out.append(f)
    return tuple(out)


def safe_answer(prompt: Prompt) -> Answer:
    """A legal answer to any prompt: decline what is optional, else the first choices in order."""
    ids = [o.id for o in prompt.options if not o.shortcut]
    for decline in (END, NONE, NO):
        if decline in ids and prompt.min <= 1:
            return (decline,)
    if prompt.ordered:
        return tuple(ids)
    return tuple(ids[: max(prompt.min, 0)]) if prompt.min > 0 else ()


Handler = Callable[[HeuristicBot, Situation, Prompt], Answer | None]

_HANDLERS: dict[str, Handler] = {
    "dominion.prompt.action": HeuristicBot.action,
    "dominion.prompt.buy": HeuristicBot.buy,
    "dominion.prompt.workshop": HeuristicBot.gain,
    "dominion.prompt.artisan_gain": HeuristicBot.gain,
    "dominion.prompt.remodel_gain": HeuristicBot.gain,
    "dominion.prompt.artisan_topdeck": HeuristicBot.artisan_topdeck,
    "dominion.prompt.remodel_trash": HeuristicBot.remodel_trash,
    "dominion.prompt.chapel": HeuristicBot.trash_cards,
    "dominion.prompt.discard_down": HeuristicBot.discard_worst,
    "dominion.prompt.poacher": HeuristicBot.discard_worst,
    "dominion.prompt.cellar": HeuristicBot.cellar,
    "dominion.prompt.sentry_trash": HeuristicBot.sentry_trash,
    "dominion.prompt.sentry_discard": HeuristicBot.sentry_discard,
    "dominion.prompt.sentry_order": HeuristicBot.order_best_first,
    "dominion.prompt.harbinger": HeuristicBot.harbinger,
    "dominion.prompt.throne_room": HeuristicBot.throne_target,
    "dominion.prompt.mine_trash": HeuristicBot.mine_trash,
    "dominion.prompt.mine_gain": HeuristicBot.treasure_gain,
    "dominion.prompt.moneylender": HeuristicBot.yes,
    "dominion.prompt.vassal_play": HeuristicBot.yes,
    "dominion.prompt.reveal_moat": HeuristicBot.yes,
    "dominion.prompt.library_set_aside": HeuristicBot.library,
    "dominion.prompt.bandit_trash": HeuristicBot.victim_keep_best,
    "dominion.prompt.bureaucrat": HeuristicBot.victim_keep_best,
}
