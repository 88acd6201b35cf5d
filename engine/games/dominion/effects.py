"""Base-set Kingdom card effects beyond their plain +Cards/+Actions/+Buys/+$ numbers.

Each effect is a generator taking (game, player); it yields decisions through the game's
prompt helpers and mutates state only through the game's primitives.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core.flow import PromptSpec
from engine.core.prompts import Option
from engine.games.dominion.game import DominionGame, Step

Effect = Callable[[DominionGame, int], Step]
EFFECTS: dict[str, Effect] = {}


def effect(name: str) -> Callable[[Effect], Effect]:
    def register(fn: Effect) -> Effect:
        EFFECTS[name] = fn
        return fn

    return register


@effect("Artisan")
def artisan(g: DominionGame, p: int) -> Step:
    yield from g.gain_up_to(p, 5, "dominion.prompt.artisan_gain", to="hand")
    hand = g.players[p].hand
    if hand:
        back = yield from g.choose_one(p, hand, "dominion.prompt.artisan_topdeck", optional=False)
        g.topdeck_from_hand(p, back)


@effect("Bandit")
def bandit(g: DominionGame, p: int) -> Step:
    yield from g.gain(p, "Gold")
    victims = yield from g.attack_targets(p)
    revealed: dict[int, list[str]] = {}
    specs = []
    for v in victims:
        cards = [c for c in (g.take_top(v), g.take_top(v)) if c is not None]
        revealed[v] = cards
        g.players[v].set_aside.extend(cards)  # revealed cards wait beside the deck
        g.emit("reveal", seat=v, cards=list(cards), reason="Bandit")
        targets = sorted({c for c in cards if g.card[c].is_treasure and c != "Copper"})
        if len(targets) > 1:
            opts = tuple(Option(c, c, card=c) for c in targets)
            specs.append(PromptSpec(v, "choose", "dominion.prompt.bandit_trash", opts))
    answers = yield from g.ask_all(specs)
    for v in victims:
        cards = revealed[v]
        for c in cards:
            g.players[v].set_aside.remove(c)
        targets = sorted({c for c in cards if g.card[c].is_treasure and c != "Copper"})
        if targets:
            victim_choice = answers[v][0] if v in answers else targets[0]
            cards.remove(victim_choice)
            g.trash.append(victim_choice)
            g.emit("trash", seat=v, card=victim_choice)
        if cards:
            g.players[v].discard.extend(cards)
            g.emit("discard", seat=v, cards=sorted(cards))


@effect("Bureaucrat")
def bureaucrat(g: DominionGame, p: int) -> Step:
    yield from g.gain(p, "Silver", to="deck")
    victims = yield from g.attack_targets(p)
    specs = []
    for v in victims:
        hand = g.players[v].hand
        victory = sorted({c for c in hand if g.card[c].is_victory})
        if len(victory) > 1:
            opts = tuple(Option(c, c, card=c) for c in victory)
            specs.append(PromptSpec(v, "choose", "dominion.prompt.bureaucrat", opts))
    answers = yield from g.ask_all(specs)
    for v in victims:
        hand = g.players[v].hand
        victory = sorted({c for c in hand if g.card[c].is_victory})
        if not victory:
            g.emit("reveal", seat=v, cards=sorted(hand), reason="Bureaucrat")
            continue
        chosen = answers[v][0] if v in answers else victory[0]
        g.emit("reveal", seat=v, cards=[chosen], reason="Bureaucrat")
        hand.remove(chosen)
        g.players[v].deck.append(chosen)
        g.emit("topdeck", seat=v, card=chosen)


@effect("Cellar")
def cellar(g: DominionGame, p: int) -> Step:
    hand = g.players[p].hand
    chosen = yield from g.choose_cards(p, list(hand), "dominion.prompt.cellar", 0, len(hand))
    g.discard_from_hand(p, chosen)
    g.draw(p, len(chosen))


@effect("Chapel")
def chapel(g: DominionGame, p: int) -> Step:
    hand = g.players[p].hand
    chosen = yield from g.choose_cards(p, list(hand), "dominion.prompt.chapel", 0, 4)
    g.trash_from_hand(p, chosen)


@effect("Council Room")
def council_room(g: DominionGame, p: int) -> Step:
    for v in g.others(p):
        g.draw(v, 1)
    return
    yield  # pragma: no cover


@effect("Harbinger")
def harbinger(g: DominionGame, p: int) -> Step:
    player = g.players[p]
    choice = yield from g.choose_one(p, player.discard, "dominion.prompt.harbinger", optional=True)
    if choice is not None:
        player.discard.remove(choice)
        player.deck.append(choice)
        g.emit("topdeck", seat=p)
        g.emit("topdecked", seat=p, to=p, card=choice)


@effect("Library")
def library(g: DominionGame, p: int) -> Step:
    player = g.players[p]
    aside: list[str] = []
    while len(player.hand) < 7:
        # a draw like any other, tried even with nothing left to draw: a -1 Card token
        # (Adventures) is used up by the attempt and makes it draw nothing
        drawn = g.draw(p, 1)
        if not drawn:
            if not player.deck and not player.discard:
                break
            continue
        # the card is drawn first; an Action may then be skipped (set aside, face up)
        card = drawn[0]
        if g.is_action_for(p, card) and (
            yield from g.yes_no(p, "dominion.prompt.library_set_aside", card=card)
        ):
            player.hand.remove(card)
            aside.append(card)
            player.set_aside.append(card)
            g.emit("set_aside", seat=p, card=card)
    for card in aside:
        player.set_aside.remove(card)
    if aside:
        player.discard.extend(aside)
        g.emit("discard", seat=p, cards=sorted(aside))


@effect("Merchant")
def merchant(g: DominionGame, p: int) -> Step:
    if not g.turn.silver_played:
        g.turn.merchant_bonus += 1
    return
    yield  # pragma: no cover


@effect("Militia")
def militia(g: DominionGame, p: int) -> Step:
    victims = yield from g.attack_targets(p)
    yield from discard_down_to(g, victims, 3)


def discard_down_to(g: DominionGame, victims: list[int], size: int) -> Step:
    """Each victim discards down to `size` cards; all decide at the same time."""
    specs = []
    forced: dict[int, list[str]] = {}
    from engine.games.dominion.game import instance_ids

    for v in victims:
        hand = g.players[v].hand
        excess = len(hand) - size
        if excess <= 0:
            continue
        if len(set(hand)) == 1:
            forced[v] = [hand[0]] * excess
            continue
        opts = tuple(Option(oid, name, card=name) for oid, name in instance_ids(hand))
        specs.append(
            PromptSpec(v, "choose", "dominion.prompt.discard_down", opts, min=excess, max=excess, params={"size": size})
        )
    answers = yield from g.ask_all(specs)
    from engine.games.dominion.game import card_of

    for v in victims:
        if v in forced:
            g.discard_from_hand(v, forced[v])
        elif v in answers:
            g.discard_from_hand(v, [card_of(a) for a in answers[v]])


@effect("Mine")
def mine(g: DominionGame, p: int) -> Step:
    hand = g.players[p].hand
    treasures = [c for c in hand if g.card[c].is_treasure]
    choice = yield from g.choose_one(p, treasures, "dominion.prompt.mine_trash", optional=True)
    if choice is None:
        return
    g.trash_from_hand(p, [choice])
    yield from g.gain_up_to(p, g.cost(choice) + 3, "dominion.prompt.mine_gain", to="hand", kind="Treasure")


@effect("Moneylender")
def moneylender(g: DominionGame, p: int) -> Step:
    if "Copper" not in g.players[p].hand:
        return
    if (yield from g.yes_no(p, "dominion.prompt.moneylender", card="Copper")):
        g.trash_from_hand(p, ["Copper"])
        g.turn.coins += 3


@effect("Poacher")
def poacher(g: DominionGame, p: int) -> Step:
    empty = g.empty_piles()
    if empty == 0:
        return
    hand = g.players[p].hand
    count = min(empty, len(hand))
    chosen = yield from g.choose_cards(
        p, list(hand), "dominion.prompt.poacher", count, count, params={"count": count}
    )
    g.discard_from_hand(p, chosen)


@effect("Remodel")
def remodel(g: DominionGame, p: int) -> Step:
    hand = g.players[p].hand
    choice = yield from g.choose_one(p, hand, "dominion.prompt.remodel_trash", optional=False)
    if choice is None:
        return
    g.trash_from_hand(p, [choice])
    yield from g.gain_up_to(p, g.cost(choice) + 2, "dominion.prompt.remodel_gain")


@effect("Sentry")
def sentry(g: DominionGame, p: int) -> Step:
    player = g.players[p]
    looked = [c for c in (g.take_top(p), g.take_top(p)) if c is not None]
    if not looked:
        return
    player.set_aside.extend(looked)  # held aside while deciding; only their owner has seen them
    g.emit("look", seat=p, count=len(looked))
    g.emit("looked", seat=p, to=p, cards=list(looked))
    trashed = yield from g.choose_cards(p, looked, "dominion.prompt.sentry_trash", 0, len(looked))
    for c in trashed:
        looked.remove(c)
        player.set_aside.remove(c)
        g.trash.append(c)
        g.emit("trash", seat=p, card=c)
    discarded = yield from g.choose_cards(p, looked, "dominion.prompt.sentry_discard", 0, len(looked))
    for c in discarded:
        looked.remove(c)
        player.set_aside.remove(c)
    if discarded:
        player.discard.extend(discarded)
        g.emit("discard", seat=p, cards=sorted(discarded))
    if looked:
        order = yield from g.order_cards(p, looked, "dominion.prompt.sentry_order")
        for c in reversed(order):  # first in the answer ends on top
            player.set_aside.remove(c)
            player.deck.append(c)
        g.emit("topdeck", seat=p, count=len(order))


@effect("Throne Room")
def throne_room(g: DominionGame, p: int) -> Step:
    actions = [c for c in g.players[p].hand if g.is_action_for(p, c)]
    choice = yield from g.choose_one(p, actions, "dominion.prompt.throne_room", optional=True)
    if choice is None:
        return
    yield from g.play_from_hand(p, choice)
    yield from g.resolve(p, choice)


@effect("Vassal")
def vassal(g: DominionGame, p: int) -> Step:
    card = g.take_top(p)
    if card is None:
        return
    player = g.players[p]
    player.discard.append(card)
    g.emit("discard", seat=p, cards=[card])
    if not g.is_action_for(p, card):
        return
    if (yield from g.yes_no(p, "dominion.prompt.vassal_play", card=card)):
        player.discard.pop()
        player.in_play.append(card)
        yield from g.resolve(p, card)


@effect("Witch")
def witch(g: DominionGame, p: int) -> Step:
    victims = yield from g.attack_targets(p)
    for v in victims:
        yield from g.gain(v, "Curse")


@effect("Workshop")
def workshop(g: DominionGame, p: int) -> Step:
    yield from g.gain_up_to(p, 4, "dominion.prompt.workshop")
