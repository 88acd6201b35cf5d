"""The 30 Adventures Kingdom cards: abilities beyond the plain +Cards/+Actions/+Buys/+$ in the data.

Durations register what they do next turn with `g.add_duration`; Reserve cards move themselves to
the Tavern mat with `g.to_mat` and register what they do when called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.flow import PromptSpec
from engine.core.prompts import Option
from engine.games.dominion.adventures.registry import (
    after_action_call,
    card,
    next_turn,
    start_call,
    treasure,
)
from engine.games.dominion.adventures.state import Hex, Pending
from engine.games.dominion.game import Step

if TYPE_CHECKING:
    from engine.games.dominion.adventures.game import AdventuresGame


# ---------------------------------------------------------------------------------------- helpers
def flip_journey(g: AdventuresGame, p: int) -> bool:
    """Turn the Journey token over; True when it now faces up."""
    tok = g.tokens[p]
    tok.journey_up = not tok.journey_up
    g.emit("journey", seat=p, up=tok.journey_up)
    return tok.journey_up


def reserve(name: str) -> None:
    """A Reserve card whose only on-play ability is moving to the Tavern mat."""

    @card(name)
    def play(g: AdventuresGame, p: int) -> Step:
        g.to_mat(p)
        return
        yield  # pragma: no cover


for _name in ("Ratcatcher", "Guide", "Duplicate", "Transmogrify", "Distant Lands", "Royal Carriage", "Wine Merchant"):
    reserve(_name)


def discard_cards(g: AdventuresGame, p: int, count: int, key: str) -> Step:
    hand = g.players[p].hand
    chosen = yield from g.choose_cards(p, list(hand), key, count, count, params={"count": count})
    g.discard_from_hand(p, chosen)


# ---------------------------------------------------------------------------------------- $2
@treasure("Coin of the Realm")
def coin_of_the_realm(g: AdventuresGame, p: int) -> Step:
    in_play = g.players[p].in_play
    if "Coin of the Realm" in in_play:
        in_play.remove("Coin of the Realm")
        g.mats[p].append("Coin of the Realm")
        g.emit("to_mat", seat=p, card="Coin of the Realm")
    return
    yield  # pragma: no cover


@after_action_call("Coin of the Realm")
def coin_of_the_realm_call(g: AdventuresGame, p: int) -> Step:
    if p == g.turn.player:
        g.turn.actions += 2
    return
    yield  # pragma: no cover


@start_call("Ratcatcher")
def ratcatcher_call(g: AdventuresGame, p: int) -> Step:
    hand = g.players[p].hand
    choice = yield from g.choose_one(p, hand, "dominion.prompt.ratcatcher", optional=False)
    if choice is not None:
        g.trash_from_hand(p, [choice])


@card("Raze")
def raze(g: AdventuresGame, p: int) -> Step:
    frame = g.frames[-1]
    player = g.players[p]
    self_ok = frame.box.in_play and frame.name in player.in_play
    opts = [Option(n, n, card=n, cost=g.cost(n)) for n in sorted(set(player.hand))]
    if self_ok:
        opts.insert(0, Option("this", "dominion.opt.raze_this", card=frame.name, cost=g.cost(frame.name)))
    if not opts:
        return
    answer = yield from g.ask(PromptSpec(p, "choose", "dominion.prompt.raze", tuple(opts)))
    if answer[0] == "this":
        trashed = frame.name
        player.in_play.remove(trashed)
        frame.box.in_play = False
        g.trash.append(trashed)
        g.emit("trash", seat=p, card=trashed)
    else:
        trashed = answer[0]
        g.trash_from_hand(p, [trashed])
    looked = [c for c in (g.take_top(p) for _ in range(g.cost(trashed))) if c is not None]
    if not looked:
        return
    player.set_aside.extend(looked)  # held aside (only their owner sees them) while choosing
    g.emit("look", seat=p, count=len(looked))
    g.emit("looked", seat=p, to=p, cards=list(looked))
    keep = yield from g.choose_one(p, looked, "dominion.prompt.raze_keep", optional=False)
    for c in looked:
        player.set_aside.remove(c)
    looked.remove(keep)
    player.hand.append(keep)
    if looked:
        player.discard.extend(looked)
        g.emit("discard", seat=p, cards=sorted(looked))


# ---------------------------------------------------------------------------------------- $3
def amulet_choice(g: AdventuresGame, p: int) -> Step:
    opts = (
        Option("coin", "dominion.opt.amulet_coin"),
        Option("trash", "dominion.opt.amulet_trash"),
        Option("silver", "dominion.opt.amulet_silver", card="Silver"),
    )
    answer = yield from g.ask(PromptSpec(p, "choose", "dominion.prompt.amulet", opts))
    if answer[0] == "coin":
        g.add_coins(p, 1)
    elif answer[0] == "trash":
        choice = yield from g.choose_one(p, g.players[p].hand, "dominion.prompt.amulet_trash", optional=False)
        if choice is not None:
            g.trash_from_hand(p, [choice])
    else:
        yield from g.gain(p, "Silver")


@card("Amulet")
def amulet(g: AdventuresGame, p: int) -> Step:
    yield from amulet_choice(g, p)
    g.add_duration(p, "Amulet")


@next_turn("Amulet")
def amulet_later(g: AdventuresGame, p: int, item: Pending) -> Step:
    yield from amulet_choice(g, p)


@card("Caravan Guard")
def caravan_guard(g: AdventuresGame, p: int) -> Step:
    g.add_duration(p, "Caravan Guard")
    return
    yield  # pragma: no cover


@next_turn("Caravan Guard")
def caravan_guard_later(g: AdventuresGame, p: int, item: Pending) -> Step:
    g.add_coins(p, 1)
    return
    yield  # pragma: no cover


def dungeon_step(g: AdventuresGame, p: int) -> Step:
    g.draw(p, 2)
    yield from discard_cards(g, p, min(2, len(g.players[p].hand)), "dominion.prompt.dungeon_discard")


@card("Dungeon")
def dungeon(g: AdventuresGame, p: int) -> Step:
    yield from dungeon_step(g, p)
    g.add_duration(p, "Dungeon")


@next_turn("Dungeon")
def dungeon_later(g: AdventuresGame, p: int, item: Pending) -> Step:
    yield from dungeon_step(g, p)


@card("Gear")
def gear(g: AdventuresGame, p: int) -> Step:
    player = g.players[p]
    chosen = yield from g.choose_cards(p, list(player.hand), "dominion.prompt.gear", 0, 2)
    if not chosen:
        return  # nothing to return next turn: Gear is discarded this turn
    for c in chosen:
        player.hand.remove(c)
        player.set_aside.append(c)
    g.emit("set_aside", seat=p, count=len(chosen))
    g.emit("set_aside_cards", seat=p, to=p, cards=list(chosen))
    g.add_duration(p, "Gear", chosen)


@next_turn("Gear")
def gear_later(g: AdventuresGame, p: int, item: Pending) -> Step:
    player = g.players[p]
    for c in item.cards:
        player.set_aside.remove(c)
        player.hand.append(c)
    g.emit("from_set_aside", seat=p, count=len(item.cards))
    return
    yield  # pragma: no cover


@start_call("Guide")
def guide_call(g: AdventuresGame, p: int) -> Step:
    player = g.players[p]
    g.discard_from_hand(p, list(player.hand))
    g.draw(p, 5)
    return
    yield  # pragma: no cover


# ---------------------------------------------------------------------------------------- $4
@card("Magpie")
def magpie(g: AdventuresGame, p: int) -> Step:
    top = g.take_top(p)
    if top is None:
        return
    g.emit("reveal", seat=p, cards=[top], reason="Magpie")
    types = g.types_of(p, top)
    if "Treasure" in types:
        g.players[p].hand.append(top)
    else:
        g.players[p].deck.append(top)
    if "Action" in types or "Victory" in types:
        yield from g.gain(p, "Magpie")


@card("Messenger")
def messenger(g: AdventuresGame, p: int) -> Step:
    player = g.players[p]
    if player.deck and (yield from g.yes_no(p, "dominion.prompt.messenger_deck")):
        player.discard.extend(reversed(player.deck))  # not discarding: no card is 'discarded'
        player.deck.clear()
        g.emit("deck_to_discard", seat=p)


def messenger_bonus(g: AdventuresGame, p: int) -> Step:
    """Gain a card costing up to $4; then every other player, in turn order, gains a copy."""
    name = yield from g.gain_up_to(p, 4, "dominion.prompt.messenger_gain")
    if name is None:
        return
    for v in g.others(p):
        yield from g.gain(v, name)


@card("Miser")
def miser(g: AdventuresGame, p: int) -> Step:
    opts = (
        Option("copper", "dominion.opt.miser_copper", card="Copper"),
        Option("coins", "dominion.opt.miser_coins", card="Copper"),
    )
    answer = yield from g.ask(
        PromptSpec(p, "choose", "dominion.prompt.miser", opts, params={"mat": g.mats[p].count("Copper")})
    )
    if answer[0] == "copper":
        hand = g.players[p].hand
        if "Copper" in hand:
            hand.remove("Copper")
            g.mats[p].append("Copper")
            g.emit("to_mat", seat=p, card="Copper")
    else:
        g.add_coins(p, g.mats[p].count("Copper"))  # $0 keeps the -$1 token


@card("Ranger")
def ranger(g: AdventuresGame, p: int) -> Step:
    if flip_journey(g, p):
        g.draw(p, 5)
    return
    yield  # pragma: no cover


@start_call("Transmogrify")
def transmogrify_call(g: AdventuresGame, p: int) -> Step:
    choice = yield from g.choose_one(p, g.players[p].hand, "dominion.prompt.transmogrify_trash", optional=False)
    if choice is None:
        return
    limit = g.cost(choice) + 1
    g.trash_from_hand(p, [choice])
    yield from g.gain_up_to(p, limit, "dominion.prompt.transmogrify_gain", to="hand")


# ---------------------------------------------------------------------------------------- $5
@card("Artificer")
def artificer(g: AdventuresGame, p: int) -> Step:
    hand = g.players[p].hand
    chosen = yield from g.choose_cards(p, list(hand), "dominion.prompt.artificer_discard", 0, len(hand))
    g.discard_from_hand(p, chosen)
    exact = len(chosen)
    names = [n for n, k in g.supply.items() if k > 0 and g.cost(n) == exact]
    pick = yield from g.choose_one(p, names, "dominion.prompt.artificer_gain", optional=True, params={"cost": exact})
    if pick is not None:
        yield from g.gain(p, pick, to="deck")


@card("Bridge Troll")
def bridge_troll(g: AdventuresGame, p: int) -> Step:
    victims = yield from g.attack_targets(p)
    for v in victims:
        if not g.tokens[v].minus_coin:
            g.tokens[v].minus_coin = True
            g.emit("token_taken", seat=v, token="minus_coin")
    if g.errata and p == g.turn.player:
        g.at.troll_cut += 1
    g.add_duration(p, "Bridge Troll")


@next_turn("Bridge Troll")
def bridge_troll_later(g: AdventuresGame, p: int, item: Pending) -> Step:
    g.turn.buys += 1
    return
    yield  # pragma: no cover


@card("Giant")
def giant(g: AdventuresGame, p: int) -> Step:
    victims = yield from g.attack_targets(p)  # reactions happen whichever side comes up
    if not flip_journey(g, p):
        g.add_coins(p, 1)
        return
    g.add_coins(p, 5)
    for v in victims:
        top = g.take_top(v)
        if top is None:
            continue
        g.emit("reveal", seat=v, cards=[top], reason="Giant")
        if 3 <= g.cost(top) <= 6:
            g.trash.append(top)
            g.emit("trash", seat=v, card=top)
        else:
            g.players[v].discard.append(top)
            g.emit("discard", seat=v, cards=[top])
            yield from g.gain(v, "Curse")


def hex_card(name: str) -> None:
    """Haunted Woods and Swamp Hag: an attack lasting until your next turn, and a bonus then."""

    @card(name)
    def play(g: AdventuresGame, p: int) -> Step:
        victims = yield from g.attack_targets(p)
        g.hexes.append(Hex(p, name, list(victims)))
        g.add_duration(p, name)


hex_card("Haunted Woods")
hex_card("Swamp Hag")


@next_turn("Haunted Woods")
def haunted_woods_later(g: AdventuresGame, p: int, item: Pending) -> Step:
    g.draw(p, 3)
    return
    yield  # pragma: no cover


@next_turn("Swamp Hag")
def swamp_hag_later(g: AdventuresGame, p: int, item: Pending) -> Step:
    g.add_coins(p, 3)
    return
    yield  # pragma: no cover


@treasure("Relic")
def relic(g: AdventuresGame, p: int) -> Step:
    victims = yield from g.attack_targets(p)
    for v in victims:
        if not g.tokens[v].minus_card:
            g.tokens[v].minus_card = True
            g.emit("token_taken", seat=v, token="minus_card")


@card("Storyteller")
def storyteller(g: AdventuresGame, p: int) -> Step:
    if not g.errata:
        g.add_coins(p, 1)
    for _ in range(3):
        treasures = [c for c in g.players[p].hand if "Treasure" in g.types_of(p, c)]
        choice = yield from g.choose_one(p, treasures, "dominion.prompt.storyteller_play", optional=True)
        if choice is None:
            break
        yield from g.play_treasure(p, choice)
    if g.errata:
        g.draw(p, 1)
    paid = g.turn.coins if p == g.turn.player else 0
    g.turn.coins -= paid
    g.emit("pay", seat=p, coins=paid)
    g.draw(p, paid)


@treasure("Treasure Trove")
def treasure_trove(g: AdventuresGame, p: int) -> Step:
    yield from g.gain(p, "Gold")
    yield from g.gain(p, "Copper")


def wine_merchants(g: AdventuresGame, p: int) -> Step:
    """End of the Buy phase: with $2+ unspent, Wine Merchants may leave the mat for the discard pile."""
    if g.turn.coins < 2:
        return
    merchants = [m for m in g.mats[p] if g.ability_of(p, m) == "Wine Merchant"]
    chosen = yield from g.choose_cards(p, merchants, "dominion.prompt.wine_merchant", 0, len(merchants))
    for m in chosen:
        g.mats[p].remove(m)
        g.players[p].discard.append(m)
    if chosen:
        g.emit("discard", seat=p, cards=sorted(chosen), reason="Wine Merchant")


# ---------------------------------------------------------------------------------------- $6
@card("Hireling")
def hireling(g: AdventuresGame, p: int) -> Step:
    g.add_duration(p, "Hireling", permanent=True)
    return
    yield  # pragma: no cover


@next_turn("Hireling")
def hireling_later(g: AdventuresGame, p: int, item: Pending) -> Step:
    g.draw(p, 1)
    return
    yield  # pragma: no cover
