"""What the general Dominion bot knows about Adventures: card values, Events, and an answer for
every Adventures prompt. Importing this module teaches HeuristicBot (and ExpertBot, which reuses
its prompt answers); base games never meet these cards, keys or options.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.prompts import Answer, Option, Prompt
from engine.games.dominion import heuristic as h
from engine.games.dominion.game import END, NO, NONE, YES
from engine.games.dominion.heuristic import (
    JUNK,
    HeuristicBot,
    Situation,
    card,
    fit,
    option_card,
    pick_buy,
    worst_first,
    worth,
)

# Buy values on the general bot's scale (Silver 28, Gold 55, Laboratory 50).
BUY = {
    "Coin of the Realm": 15, "Page": 22, "Peasant": 22, "Ratcatcher": 28, "Raze": 18, "Amulet": 34,
    "Caravan Guard": 30, "Dungeon": 30, "Gear": 30, "Guide": 20, "Duplicate": 20, "Magpie": 26,
    "Messenger": 30, "Miser": 25, "Port": 26, "Ranger": 38, "Transmogrify": 18, "Artificer": 35,
    "Bridge Troll": 46, "Giant": 44, "Haunted Woods": 44, "Lost City": 48, "Relic": 30,
    "Royal Carriage": 24, "Storyteller": 20, "Swamp Hag": 60, "Treasure Trove": 33, "Wine Merchant": 30,
    "Hireling": 40,
}
MAX_COPIES = {
    "Ratcatcher": 1, "Raze": 1, "Amulet": 2, "Guide": 1, "Duplicate": 2, "Miser": 1, "Transmogrify": 1,
    "Bridge Troll": 2, "Giant": 2, "Haunted Woods": 2, "Royal Carriage": 2, "Storyteller": 1,
    "Swamp Hag": 2, "Hireling": 2, "Coin of the Realm": 2, "Page": 2, "Peasant": 2,
}
# Play priority (the base bot's villages are 91-92, Laboratory 88, Smithy 67).
PLAY = {
    "Champion": 93, "Port": 91, "Lost City": 90, "Caravan Guard": 84, "Magpie": 83, "Ratcatcher": 82,
    "Fugitive": 82, "Dungeon": 81, "Guide": 81, "Page": 80, "Transmogrify": 80, "Raze": 79,
    "Treasure Hunter": 79, "Teacher": 79, "Artificer": 78, "Royal Carriage": 78, "Swamp Hag": 70,
    "Hireling": 69, "Haunted Woods": 68, "Bridge Troll": 66, "Warrior": 66, "Gear": 64, "Giant": 64,
    "Ranger": 63, "Wine Merchant": 63, "Storyteller": 62, "Soldier": 62, "Distant Lands": 61, "Hero": 61,
    "Peasant": 60, "Messenger": 60, "Miser": 57, "Amulet": 55, "Duplicate": 45,
}
# Good cards for Estates to become, best first (Inheritance offers Actions costing up to $4).
INHERIT = ("Caravan Guard", "Port", "Magpie", "Ratcatcher", "Village", "Dungeon", "Militia", "Smithy", "Amulet")


def distant_lands_value(s: Situation) -> float:
    return 58.0 if s.greening else 12.0


def disciple_play(s: Situation) -> float | None:
    targets = [c for c in s.hand if card(c).is_action and c != "Disciple"]
    return 95.0 if targets else None


def junk_in(names: list[str], s: Situation) -> list[str]:
    """Cards worth losing now: Curses, Estates before the end game, Coppers while money remains."""
    money = s.money
    out = []
    for name in sorted(names, key=lambda n: (worth(n), n)):
        if name == "Curse" or (name == "Estate" and not s.greening):
            out.append(name)
        elif name == "Copper" and money - 1 >= 6 and not s.greening:
            money -= 1
            out.append(name)
    return out


def in_play(s: Situation) -> list[str]:
    players = s.view.get("players") or []
    return list(players[s.seat].get("in_play", [])) if len(players) > s.seat else []


# -- Events -----------------------------------------------------------------------------------
def event_value(bot: HeuristicBot, name: str, s: Situation) -> float:
    """What an Event is worth on the buy scale right now (<= 0: never)."""
    coins = s.coins
    early = not s.greening
    if name == "Pathfinding":
        return 58.0 if early and best_pile(s, "card") else -1.0
    if name == "Training":
        return 50.0 if early and best_pile(s, "coin") else -1.0
    if name == "Lost Arts":
        return 36.0 if early and s.terminals >= 2 and best_pile(s, "action") else -1.0
    if name in ("Seaway", "Alms", "Ball"):
        if name == "Alms" and any(card(c).is_treasure for c in in_play(s)):
            return -1.0
        s.coins = 4
        gain = pick_buy([n for n, k in s.supply.items() if k > 0 and card(n).cost <= 4
                         and (name != "Seaway" or card(n).is_action)], s, bot.buy_value)
        s.coins = coins
        if gain is None:
            return -1.0
        value = bot.buy_value(gain, s)
        return value + 4.0 if name == "Seaway" else 2 * value - 10.0 if name == "Ball" else value
    if name == "Raid":
        return 18.0 * in_play(s).count("Silver") if early else -1.0
    if name == "Trade":
        return 16.0 * min(2, len(junk_in(s.hand, s)))
    if name == "Bonfire":
        return 12.0 * min(2, len(junk_in([c for c in in_play(s) if c == "Copper"], s)))
    if name == "Expedition":
        return 22.0 if early else -1.0
    if name == "Plan":
        return 24.0 if s.my_turns < 8 and s.count("Estate") + s.count("Curse") >= 2 else -1.0
    if name == "Ferry":
        return 20.0 if s.my_turns < 10 and best_pile(s, "cost") else -1.0
    if name == "Inheritance":
        return 45.0 if s.my_turns < 12 and s.count("Estate") >= 3 else -1.0
    if name == "Borrow":
        # one more $ that reaches Province or Gold is worth a card short next turn
        return 30.0 if coins in (5, 7) else -1.0
    return -1.0  # Quest, Save, Scouting Party, Travelling Fair, Pilgrimage, Mission: not played


def pick_event(bot: HeuristicBot, events: list[Option], s: Situation, card_value: float) -> str | None:
    best: tuple[float, str] | None = None
    for opt in events:
        value = event_value(bot, opt.card or opt.id[6:], s)
        if value > max(card_value, 0.0) and (best is None or (value, opt.id) > best):
            best = (value, opt.id)
    return best[1] if best else None


def best_pile(s: Situation, token: str, offered: list[str] | None = None) -> str | None:
    """The Action pile to put a token on: the kingdom Action the player owns most (or values most)."""
    piles = offered if offered is not None else [n for n in s.kingdom if card(n).is_action]
    mine = s.view.get("players", [{}] * (s.seat + 1))[s.seat].get("tokens", {}).get("piles", {})
    piles = [n for n in piles if mine.get(token) != n]
    if not piles:
        return None
    if token in ("cost", "trash"):  # a pile the player will buy from
        return max(piles, key=lambda n: (h._BUY.get(n, BUY.get(n, 10)), n))
    owned = [n for n in piles if s.count(n)]
    if not owned:
        return None if offered is None else max(piles, key=lambda n: (BUY.get(n, h._BUY.get(n, 10)), n))
    return max(owned, key=lambda n: (s.count(n), n))


# -- prompt answers ---------------------------------------------------------------------------
def start_of_turn(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    ids = [o.id for o in prompt.options]
    durations = [i for i in ids if i.startswith("dur:")]
    if durations:
        return (durations[0],)
    calls = [o for o in prompt.options if o.id.startswith("call:")]
    for opt in calls:
        name = opt.id[5:]
        if name == "Ratcatcher" and junk_in(s.hand, s):
            return (opt.id,)
        if name == "Transmogrify" and any(c in JUNK for c in s.hand):
            return (opt.id,)
        if name == "Guide" and money_in_hand(s) < 4 and not any(card(c).is_action for c in s.hand):
            return (opt.id,)
        if name == "Teacher":
            return (opt.id,)
    return (END,) if END in ids else (ids[0],)


def money_in_hand(s: Situation) -> int:
    return sum(card(c).coins for c in s.hand if card(c).is_treasure)


def after_action(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    played = str(prompt.params.get("card", ""))
    ids = [o.id for o in prompt.options]
    if "call:Royal Carriage" in ids and played in card_names():
        score = bot.play_score(played, s)
        if score is not None and score >= 60:
            return ("call:Royal Carriage",)
    if "call:Coin of the Realm" in ids and s.actions == 0 and any(card(c).is_action for c in s.hand):
        return ("call:Coin of the Realm",)
    return (END,)


def exchange(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    swaps = [o.id for o in prompt.options if o.id.startswith("ex:")]
    return (swaps[0],) if swaps and not s.greening else (END,)


def duplicate(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    name = str(prompt.params.get("card", ""))
    return (YES,) if name in card_names() and bot.buy_value(name, s) > 0 else (NO,)


def card_names() -> set[str]:
    return set(h.cards())


def fair_topdeck(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    name = str(prompt.params.get("card", ""))
    return (YES,) if name in card_names() and worth(name) >= 3 and not card(name).is_victory else (NO,)


def trash_one_or_none(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    names = [o.id for o in prompt.options if o.id != NONE]
    junk = junk_in(names, s)
    if junk:
        return (junk[0],)
    if any(o.id == NONE for o in prompt.options):
        return (NONE,)
    return (min(names, key=lambda n: (worth(n), n)),)


def order_best_first(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    return bot.order_best_first(s, prompt)


def amulet(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    if junk_in(s.hand, s) and any(c in ("Curse", "Estate") for c in s.hand):
        return ("trash",)
    return ("silver",) if not s.greening and s.my_turns < 10 else ("coin",)


def raze(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    names = [o.id for o in prompt.options if o.id != "this"]
    junk = junk_in(names, s)
    if junk:
        return (junk[0],)
    return ("this",) if any(o.id == "this" for o in prompt.options) else (min(names, key=lambda n: (worth(n), n)),)


def keep_best(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    names = [o.id for o in prompt.options if o.id != NONE]
    return (max(names, key=lambda n: (worth(n), n)),)


def discard_worst(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    return fit(prompt, [], worst_first(prompt, playable=s.actions))


def gear(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    """Keep for next turn the Actions this turn cannot play any more."""
    if s.actions > 0:
        return ()
    chosen = [o.id for o in prompt.options if card(option_card(o)).is_action]
    return fit(prompt, chosen[: prompt.max], [])


def no(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    return (NO,)


def yes(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    return (YES,)


def gain_best(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    """Choose a card to gain among the offered ones; decline (when allowed) anything harmful."""
    names = [o.id for o in prompt.options if o.id != NONE]
    limit = prompt.params.get("max", prompt.params.get("cost"))
    coins = s.coins
    s.coins = int(limit) if limit is not None else max((card(n).cost for n in names), default=0)
    choice = pick_buy(names, s, bot.buy_value)
    s.coins = coins
    if choice is None:
        if any(o.id == NONE for o in prompt.options):
            return (NONE,)
        choice = max(names, key=lambda n: (worth(n) if n != "Curse" else -99, n))
    return (choice,)


def miser(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    on_mat = int(prompt.params.get("mat", 0))
    return ("copper",) if "Copper" in s.hand and on_mat < 4 else ("coins",)


def artificer_discard(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    chosen = [o.id for o in prompt.options if card(option_card(o)).is_victory or option_card(o) == "Curse"]
    return fit(prompt, chosen, [])


def storyteller_play(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    for pick in ("Copper", "Silver"):
        if any(o.id == pick for o in prompt.options):
            return (pick,)
    return (NONE,)


def take_all(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    return tuple(o.id for o in prompt.options)[: prompt.max]


def teacher_token(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    mine = s.view.get("players", [{}] * (s.seat + 1))[s.seat].get("tokens", {}).get("piles", {})
    for token in ("card", "action", "coin", "buy"):
        if token not in mine and any(o.id == token for o in prompt.options):
            return (token,)
    return (prompt.options[0].id,)


def token_pile(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    names = [o.id for o in prompt.options if o.id != NONE]
    pile = best_pile(s, str(prompt.params.get("token", "")), names)
    return (pile or names[0],)


def trash_cards(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    """Bonfire, Trade: trash junk only."""
    junk = junk_in([option_card(o) for o in prompt.options], s)
    chosen: list[str] = []
    for o in prompt.options:
        name = option_card(o)
        if name in junk:
            junk.remove(name)
            chosen.append(o.id)
    return fit(prompt, chosen, worst_first(prompt))


def decline(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    return (NONE,) if any(o.id == NONE for o in prompt.options) else h.safe_answer(prompt)


def pilgrimage(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    ranked = sorted(prompt.options, key=lambda o: (-bot.buy_value(option_card(o), s), o.id))
    return fit(prompt, [o.id for o in ranked if bot.buy_value(option_card(o), s) > 0][: prompt.max], [])


def inheritance(bot: HeuristicBot, s: Situation, prompt: Prompt) -> Answer:
    names = [o.id for o in prompt.options if o.id != NONE]
    for pick in INHERIT:
        if pick in names:
            return (pick,)
    return (max(names, key=lambda n: (h._PLAY.get(n, PLAY.get(n, 30)), n)),)


Handler = Callable[[HeuristicBot, Situation, Prompt], Answer | None]

HANDLERS: dict[str, Handler] = {
    "dominion.prompt.start_of_turn": start_of_turn,
    "dominion.prompt.after_action": after_action,
    "dominion.prompt.exchange": exchange,
    "dominion.prompt.caravan_guard": yes,
    "dominion.prompt.duplicate": duplicate,
    "dominion.prompt.fair_topdeck": fair_topdeck,
    "dominion.prompt.plan_trash": trash_one_or_none,
    "dominion.prompt.haunted_woods_order": order_best_first,
    "dominion.prompt.amulet": amulet,
    "dominion.prompt.amulet_trash": trash_one_or_none,
    "dominion.prompt.ratcatcher": trash_one_or_none,
    "dominion.prompt.raze": raze,
    "dominion.prompt.raze_keep": keep_best,
    "dominion.prompt.dungeon_discard": discard_worst,
    "dominion.prompt.gear": gear,
    "dominion.prompt.messenger_deck": no,
    "dominion.prompt.messenger_gain": gain_best,
    "dominion.prompt.miser": miser,
    "dominion.prompt.transmogrify_trash": trash_one_or_none,
    "dominion.prompt.transmogrify_gain": gain_best,
    "dominion.prompt.artificer_discard": artificer_discard,
    "dominion.prompt.artificer_gain": gain_best,
    "dominion.prompt.storyteller_play": storyteller_play,
    "dominion.prompt.wine_merchant": take_all,
    "dominion.prompt.hero": gain_best,
    "dominion.prompt.soldier_discard": discard_worst,
    "dominion.prompt.fugitive_discard": trash_one_or_none,
    "dominion.prompt.disciple": HeuristicBot.throne_target,
    "dominion.prompt.teacher_token": teacher_token,
    "dominion.prompt.token_pile": token_pile,
    "dominion.prompt.alms": gain_best,
    "dominion.prompt.ball": gain_best,
    "dominion.prompt.seaway": gain_best,
    "dominion.prompt.bonfire": trash_cards,
    "dominion.prompt.trade": trash_cards,
    "dominion.prompt.quest": decline,
    "dominion.prompt.quest_attack": keep_best,
    "dominion.prompt.quest_six": discard_worst,
    "dominion.prompt.save": keep_best,
    "dominion.prompt.scouting_party": discard_worst,
    "dominion.prompt.scouting_party_order": order_best_first,
    "dominion.prompt.pilgrimage": pilgrimage,
    "dominion.prompt.inheritance": inheritance,
}


def teach() -> None:
    """Add the Adventures knowledge to the general bot's tables (idempotent)."""
    h._BUY.update(BUY)
    h._MAX_COPIES.update(MAX_COPIES)
    h._PLAY.update(PLAY)
    h.VALUE_RULES["Distant Lands"] = distant_lands_value
    h.PLAY_RULES["Disciple"] = disciple_play
    h._HANDLERS.update(HANDLERS)


teach()
