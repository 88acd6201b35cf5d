"""The 20 Adventures Events. Buying one costs a Buy and its fixed $; the generic part (paying,
once-per-turn/game limits, +Buys) is in AdventuresGame.buy_event, the rest here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.flow import PromptSpec
from engine.core.prompts import Option
from engine.games.dominion.adventures.kingdom import flip_journey
from engine.games.dominion.adventures.registry import event
from engine.games.dominion.game import NONE, Step

if TYPE_CHECKING:
    from engine.games.dominion.adventures.game import AdventuresGame


def move_token(g: AdventuresGame, p: int, token: str, piles: list[str] | None = None) -> Step:
    """Put one of p's pile tokens on an Action Supply pile (leaving wherever it was)."""
    choices = g.action_piles() if piles is None else piles
    pile = yield from g.choose_one(p, choices, "dominion.prompt.token_pile", optional=False, params={"token": token})
    if pile is not None:
        g.tokens[p].piles[token] = pile
        g.emit("token_moved", seat=p, token=token, pile=pile)


@event("Alms")
def alms(g: AdventuresGame, p: int) -> Step:
    if any("Treasure" in g.types_of(p, c) for c in g.players[p].in_play):
        return
    yield from g.gain_up_to(p, 4, "dominion.prompt.alms")


@event("Borrow")
def borrow(g: AdventuresGame, p: int) -> Step:
    tok = g.tokens[p]
    if not tok.minus_card:
        tok.minus_card = True
        g.emit("token_taken", seat=p, token="minus_card")
        g.add_coins(p, 1)
    return
    yield  # pragma: no cover


@event("Quest")
def quest(g: AdventuresGame, p: int) -> Step:
    opts = (
        Option("attack", "dominion.opt.quest_attack"),
        Option("curses", "dominion.opt.quest_curses", card="Curse"),
        Option("six", "dominion.opt.quest_six"),
        Option(NONE, "dominion.opt.none", group="end"),
    )
    answer = yield from g.ask(PromptSpec(p, "choose", "dominion.prompt.quest", opts))
    hand = g.players[p].hand
    choice = answer[0]
    if choice == "attack":
        attacks = [c for c in hand if "Attack" in g.types_of(p, c)]
        pick = yield from g.choose_one(p, attacks, "dominion.prompt.quest_attack", optional=False)
        done = pick is not None
        discarded = [pick] if pick is not None else []
    elif choice == "curses":
        discarded = [c for c in hand if c == "Curse"][:2]
        done = len(discarded) == 2
    elif choice == "six":
        discarded = yield from g.choose_cards(p, list(hand), "dominion.prompt.quest_six", 6, 6)
        done = len(discarded) == 6
    else:
        return
    g.discard_from_hand(p, discarded)
    if done:
        yield from g.gain(p, "Gold")


@event("Save")
def save(g: AdventuresGame, p: int) -> Step:
    player = g.players[p]
    choice = yield from g.choose_one(p, player.hand, "dominion.prompt.save", optional=False)
    if choice is None:
        return
    player.hand.remove(choice)
    player.set_aside.append(choice)
    g.at.saved.append(choice)
    g.emit("set_aside", seat=p, count=1)
    g.emit("set_aside_cards", seat=p, to=p, cards=[choice])


@event("Scouting Party")
def scouting_party(g: AdventuresGame, p: int) -> Step:
    looked = [c for c in (g.take_top(p) for _ in range(5)) if c is not None]  # looking is not drawing
    if not looked:
        return
    player = g.players[p]
    player.set_aside.extend(looked)  # held aside (only their owner sees them) while choosing
    g.emit("look", seat=p, count=len(looked))
    g.emit("looked", seat=p, to=p, cards=list(looked))
    count = min(3, len(looked))
    discarded = yield from g.choose_cards(p, looked, "dominion.prompt.scouting_party", count, count)
    for c in discarded:
        looked.remove(c)
        player.set_aside.remove(c)
    player.discard.extend(discarded)
    g.emit("discard", seat=p, cards=sorted(discarded))
    if looked:
        order = yield from g.order_cards(p, looked, "dominion.prompt.scouting_party_order")
        for c in order:
            player.set_aside.remove(c)
        player.deck.extend(reversed(order))
        g.emit("topdeck", seat=p, count=len(order))


@event("Travelling Fair")
def travelling_fair(g: AdventuresGame, p: int) -> Step:
    g.at.fair = True
    return
    yield  # pragma: no cover


@event("Bonfire")
def bonfire(g: AdventuresGame, p: int) -> Step:
    only = "Copper" if g.errata else None
    chosen = yield from g.choose_in_play(p, "dominion.prompt.bonfire", 2, only)
    for c, box in chosen:  # the $ they made this turn stays; a trashed Duration still acts later
        g.take_from_play(p, c, box)
        g.trash.append(c)
        g.emit("trash", seat=p, card=c)


@event("Expedition")
def expedition(g: AdventuresGame, p: int) -> Step:
    g.at.expeditions += 1
    return
    yield  # pragma: no cover


@event("Ferry")
def ferry(g: AdventuresGame, p: int) -> Step:
    yield from move_token(g, p, "cost")


@event("Plan")
def plan(g: AdventuresGame, p: int) -> Step:
    yield from move_token(g, p, "trash")


@event("Lost Arts")
def lost_arts(g: AdventuresGame, p: int) -> Step:
    yield from move_token(g, p, "action")


@event("Training")
def training(g: AdventuresGame, p: int) -> Step:
    yield from move_token(g, p, "coin")


@event("Pathfinding")
def pathfinding(g: AdventuresGame, p: int) -> Step:
    yield from move_token(g, p, "card")


@event("Mission")
def mission(g: AdventuresGame, p: int) -> Step:
    # first printing: only if the previous turn was not yours; the errata's "not a 3rd turn in a
    # row" gives the same answer, since a Mission turn is always preceded by one of yours
    if g.previous_player != p:
        g.at.mission = True
    return
    yield  # pragma: no cover


@event("Pilgrimage")
def pilgrimage(g: AdventuresGame, p: int) -> Step:
    if not flip_journey(g, p):
        return
    names = sorted({c for c in g.players[p].in_play if g.supply.get(c, 0) > 0})
    chosen = yield from g.choose_cards(p, names, "dominion.prompt.pilgrimage", 0, 3)
    for c in chosen:
        yield from g.gain(p, c)


@event("Ball")
def ball(g: AdventuresGame, p: int) -> Step:
    tok = g.tokens[p]
    if not tok.minus_coin:
        tok.minus_coin = True
        g.emit("token_taken", seat=p, token="minus_coin")
    for _ in range(2):
        yield from g.gain_up_to(p, 4, "dominion.prompt.ball")


@event("Raid")
def raid(g: AdventuresGame, p: int) -> Step:
    for _ in range(g.players[p].in_play.count("Silver")):
        yield from g.gain(p, "Silver")
    for v in g.others(p):  # not an Attack: no reactions, no Champion
        if not g.tokens[v].minus_card:
            g.tokens[v].minus_card = True
            g.emit("token_taken", seat=v, token="minus_card")


@event("Seaway")
def seaway(g: AdventuresGame, p: int) -> Step:
    name = yield from g.gain_up_to(p, 4, "dominion.prompt.seaway", kind="Action")
    if name is not None:
        g.tokens[p].piles["buy"] = name
        g.emit("token_moved", seat=p, token="buy", pile=name)


@event("Trade")
def trade(g: AdventuresGame, p: int) -> Step:
    hand = g.players[p].hand
    chosen = yield from g.choose_cards(p, list(hand), "dominion.prompt.trade", 0, 2)
    g.trash_from_hand(p, chosen)
    for _ in chosen:
        yield from g.gain(p, "Silver")


@event("Inheritance")
def inheritance(g: AdventuresGame, p: int) -> Step:
    def allowed(name: str) -> bool:
        types = g.card[name].types
        if "Action" not in types or g.cost(name) > 4 or g.supply.get(name, 0) <= 0:
            return False
        return "Duration" not in types if g.errata else "Victory" not in types

    names = [n for n in g.kingdom if allowed(n)]
    choice = yield from g.choose_one(p, names, "dominion.prompt.inheritance", optional=False)
    if choice is None:
        return
    g.supply[choice] -= 1  # set aside, not gained
    g.inherited[p] = choice
    g.emit("inherit", seat=p, card=choice)
