"""The Traveller upgrades (not in the Supply) and the exchange made when a Traveller leaves play."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.flow import PromptSpec
from engine.core.prompts import Option
from engine.games.dominion.adventures.registry import card, start_call
from engine.games.dominion.adventures.state import BONUS_TOKENS
from engine.games.dominion.game import END, Step, card_of, instance_ids

if TYPE_CHECKING:
    from engine.games.dominion.adventures.game import AdventuresGame


TOKEN_LABELS = {
    "card": "dominion.opt.token_card",
    "action": "dominion.opt.token_action",
    "buy": "dominion.opt.token_buy",
    "coin": "dominion.opt.token_coin",
}


def exchanges(g: AdventuresGame, p: int, leaving: list[str]) -> Step:
    """Travellers discarded from play may be swapped, one at a time in the order p picks: an
    exchange can free a card for the next one (Soldier back to its pile, then Peasant takes it).
    Swapping is neither gaining nor trashing."""
    candidates = [n for n in leaving if exchange_target(g, p, n)]
    player = g.players[p]
    while candidates:
        ready = sorted({n for n in candidates if g.nonsupply.get(exchange_target(g, p, n) or "", 0) > 0})
        if not ready:
            return
        opts = [Option(f"ex:{n}", n, card=n) for n in ready]
        opts.append(Option(END, "dominion.opt.done", group="end"))
        answer = yield from g.ask(PromptSpec(p, "choose", "dominion.prompt.exchange", tuple(opts)))
        if answer[0] == END:
            return
        old = answer[0][3:]
        new = exchange_target(g, p, old)
        assert new is not None
        candidates.remove(old)
        player.discard.remove(old)
        if old in g.nonsupply:
            g.nonsupply[old] += 1
        else:
            g.supply[old] += 1
        g.nonsupply[new] -= 1
        player.discard.append(new)
        g.emit("exchange", seat=p, card=old, new=new)


def exchange_target(g: AdventuresGame, p: int, name: str) -> str | None:
    return g.card[g.traits_of(p, name)].exchange


@card("Treasure Hunter")
def treasure_hunter(g: AdventuresGame, p: int) -> Step:
    right = (p - 1) % g.n
    for _ in range(g.last_gains[right]):
        yield from g.gain(p, "Silver")


@card("Warrior")
def warrior(g: AdventuresGame, p: int) -> Step:
    count = sum(1 for c in g.players[p].in_play if "Traveller" in g.types_of(p, c))
    victims = yield from g.attack_targets(p)
    for v in victims:
        for _ in range(count):
            top = g.take_top(v)
            if top is None:
                break
            if g.cost(top) in (3, 4):
                g.trash.append(top)
                g.emit("trash", seat=v, card=top)
            else:
                g.players[v].discard.append(top)
                g.emit("discard", seat=v, cards=[top])


@card("Hero")
def hero(g: AdventuresGame, p: int) -> Step:
    names = [n for n, k in g.supply.items() if k > 0 and "Treasure" in g.card[n].types]
    choice = yield from g.choose_one(p, names, "dominion.prompt.hero", optional=False)
    if choice is not None:
        yield from g.gain(p, choice)


@card("Champion")
def champion(g: AdventuresGame, p: int) -> Step:
    g.add_duration(p, None, permanent=True)
    g.champions[p] += 1  # from now on: protection and +1 Action per Action played
    return
    yield  # pragma: no cover


@card("Soldier")
def soldier(g: AdventuresGame, p: int) -> Step:
    frame = g.frames[-1]
    in_play = g.players[p].in_play
    attacks = sum(1 for c in in_play if "Attack" in g.types_of(p, c))
    if frame.box.in_play and frame.name in in_play and "Attack" in g.types_of(p, frame.name):
        attacks -= 1  # only *other* Attacks count
    g.add_coins(p, attacks)
    victims = yield from g.attack_targets(p)
    specs = []
    for v in victims:
        hand = g.players[v].hand
        if len(hand) >= 4:
            opts = tuple(Option(oid, n, card=n) for oid, n in instance_ids(hand))
            specs.append(PromptSpec(v, "choose", "dominion.prompt.soldier_discard", opts))
    answers = yield from g.ask_all(specs)
    for v in victims:
        if v in answers:
            g.discard_from_hand(v, [card_of(answers[v][0])])


@card("Fugitive")
def fugitive(g: AdventuresGame, p: int) -> Step:
    choice = yield from g.choose_one(p, g.players[p].hand, "dominion.prompt.fugitive_discard", optional=False)
    if choice is not None:
        g.discard_from_hand(p, [choice])


@card("Disciple")
def disciple(g: AdventuresGame, p: int) -> Step:
    actions = [c for c in g.players[p].hand if g.is_action_for(p, c)]
    choice = yield from g.choose_one(p, actions, "dominion.prompt.disciple", optional=True)
    if choice is None:
        return
    yield from g.play_from_hand(p, choice)
    yield from g.resolve(p, choice)
    yield from g.gain(p, choice)  # only Supply cards can be gained


@card("Teacher")
def teacher(g: AdventuresGame, p: int) -> Step:
    g.to_mat(p)
    return
    yield  # pragma: no cover


@start_call("Teacher")
def teacher_call(g: AdventuresGame, p: int) -> Step:
    piles = g.tokens[p].piles
    free = [n for n in g.action_piles() if n not in piles.values()]
    if not free:
        return
    opts = tuple(Option(t, TOKEN_LABELS[t]) for t in BONUS_TOKENS)
    answer = yield from g.ask(PromptSpec(p, "choose", "dominion.prompt.teacher_token", opts))
    token = answer[0]
    pile = yield from g.choose_one(p, free, "dominion.prompt.token_pile", optional=False, params={"token": token})
    if pile is not None:
        piles[token] = pile
        g.emit("token_moved", seat=p, token=token, pile=pile)
